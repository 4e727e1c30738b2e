/* Little Colonial Rules (seed 000) on the engine: the rules_ops registered as "lcr" and its
 * view table. Dispatch only: by decision (validate, legal), by command kind (resolve) and by
 * query to the topic files; the optional rules are listed here, in hook order. */
#include "rules/lcr/lcr_rules.h"

#include "rules/lcr/lcr_artillery.h"
#include "rules/lcr/lcr_charge.h"
#include "rules/lcr/lcr_fire.h"
#include "rules/lcr/lcr_hint.h"
#include "rules/lcr/lcr_morale.h"
#include "rules/lcr/lcr_move.h"
#include "rules/lcr/lcr_referee.h"
#include "rules/lcr/lcr_sequence.h"
#include "rules/lcr/lcr_sight.h"
#include "rules/lcr/lcr_state.h"
#include "rules/lcr/lcr_wounds.h"

#include <stdio.h>

/* The optional rules, in the order their hooks run (after a command: wounds, then sight). */
static const lcr_option *const lcr_options[] = {&lcr_wounds_option, &lcr_sight_option};

static rules_state *lcr_create(const rules_create_desc *desc, char *err, size_t err_size)
{
    rules_state *rs = lcr_state_create(
        desc, lcr_options, (int)(sizeof lcr_options / sizeof lcr_options[0]), err, err_size);
    if (rs) {
        lcr_sequence_setup(rs, desc->table);
        lcr_morale_setup(rs, desc->table);
    }
    return rs;
}

/* An act of the activated figures, by command kind. */
static bool lcr_validate_act(const rules_state *rs, const table *t, const rules_command *cmd,
                             char *why, size_t size)
{
    if (!lcr_hook_check_act(rs, t, cmd, why, size))
        return false;
    switch (cmd->kind) {
    case RULES_CMD_MOVE:
        return lcr_move_validate(rs, t, cmd, 0, why, size);
    case RULES_CMD_FIRE:
        if (lcr_artillery_is_gun_fire(rs, t, cmd)) /* seed 000, Types Of Artillery */
            return lcr_artillery_validate(rs, t, cmd, why, size);
        return lcr_fire_validate(rs, t, cmd, why, size);
    case RULES_CMD_RALLY:
        return lcr_morale_validate_rally(rs, t, cmd, why, size);
    case RULES_CMD_REFORM:
        return lcr_move_validate_reform(rs, t, cmd, why, size);
    case RULES_CMD_END_ACTIVATION:
        return true;
    case RULES_CMD_CHARGE:
        return lcr_charge_validate(rs, t, cmd, why, size);
    default:
        return lcr_hook_validate_command(rs, t, cmd, why, size);
    }
}

/* The kind and side of the decision (no prompt to word), once per scratch. */
static const rules_decision *decision_bare(const rules_state *rs, const table *t,
                                           rules_decision *local)
{
    lcr_scratch *s = lcr_scratch_of(rs, t);
    if (!s) {
        lcr_sequence_decision_bare(rs, t, local);
        return local;
    }
    if (!s->have_decision) {
        lcr_sequence_decision_bare(rs, t, &s->decision);
        s->have_decision = true;
    }
    return &s->decision;
}

static bool lcr_validate(const rules_state *rs, const table *t, const rules_command *cmd, char *why,
                         size_t size)
{
    rules_decision local;
    const rules_decision *d = decision_bare(rs, t, &local);
    if (d->kind == RULES_DECIDE_NONE)
        return lcr_refuse(why, size, "the game is over");
    if (cmd->side.id != d->side.id) {
        lcr_why(why, size, "it is %s's decision", table_side(t, d->side)->name);
        return false;
    }
    switch (d->kind) {
    case RULES_DECIDE_SETUP:
    case RULES_DECIDE_REACT:
        return lcr_hook_validate_decision(rs, t, d, cmd, why, size);
    case RULES_DECIDE_ALLOCATE_HITS:
        return lcr_fire_validate_allocation(rs, cmd, why, size);
    case RULES_DECIDE_ACT:
        return lcr_validate_act(rs, t, cmd, why, size);
    default:
        return lcr_sequence_validate(rs, t, d, cmd, why, size);
    }
}

#define LCR_CANDIDATES_MAX 32

static void push_all(lcr_candidates *lo, const rules_state *rs, const table *t,
                     const rules_command *cmds, int n)
{
    for (int i = 0; i < n; i++)
        lcr_legal_push(lo, rs, t, &cmds[i]);
}

static int legal_of(const rules_state *rs, const table *t, rules_command *out, int max)
{
    lcr_candidates lo = {out, 0, max, lcr_validate};
    rules_command extra[LCR_CANDIDATES_MAX];
    rules_decision local;
    const rules_decision *d = decision_bare(rs, t, &local);
    switch (d->kind) {
    case RULES_DECIDE_NONE:
        return 0;
    case RULES_DECIDE_SETUP:
    case RULES_DECIDE_REACT:
        push_all(&lo, rs, t, extra, lcr_hook_legal_decision(rs, t, d, extra, 16));
        break;
    case RULES_DECIDE_ACT:
        /* seed 000, Types Of Artillery: each gun's shots first, then the firearms */
        push_all(&lo, rs, t, extra, lcr_artillery_candidates(rs, t, d->side, extra, 32));
        lcr_fire_legal(&lo, rs, t, d->side);
        push_all(&lo, rs, t, extra, lcr_charge_legal(rs, t, d->side, extra, 16));
        lcr_hook_legal_act(&lo, rs, t, d->side);
        lcr_morale_legal(&lo, rs, t, d->side);
        lcr_move_legal(&lo, rs, t, d->side);
        lcr_move_legal_reforms(&lo, rs, t, d->side);
        lcr_sequence_legal_end(&lo, rs, t, d->side);
        break;
    case RULES_DECIDE_ALLOCATE_HITS:
        lcr_fire_legal_allocation(&lo, rs, t, d->side);
        break;
    default:
        lcr_sequence_legal(&lo, rs, t, d);
        break;
    }
    return lo.n;
}

/* Inside the scratch: the candidates' checks ask what the candidates' making asked. */
static int lcr_legal(const rules_state *rs, const table *t, rules_command *out, int max)
{
    bool opened = lcr_scratch_begin(rs, t);
    int n = legal_of(rs, t, out, max);
    if (opened)
        lcr_scratch_end(rs);
    return n;
}

static void lcr_resolve(rules_state *rs, rules_ctx *ctx, const rules_command *cmd)
{
    if (lcr_hook_resolve(rs, ctx, cmd)) { /* an optional rule's own command */
        lcr_sequence_check_victory(rs, ctx);
        return;
    }
    switch (cmd->kind) {
    case RULES_CMD_MOVE:
        lcr_move_resolve(rs, ctx, cmd, false);
        break;
    case RULES_CMD_REFORM:
        lcr_move_resolve(rs, ctx, cmd, true);
        break;
    case RULES_CMD_FIRE:
        if (lcr_artillery_is_gun_fire(rs, ctx->table, cmd))
            lcr_artillery_resolve(rs, ctx, cmd);
        else
            lcr_fire_resolve(rs, ctx, cmd);
        break;
    case RULES_CMD_CHARGE:
        lcr_charge_resolve(rs, ctx, cmd);
        break;
    case RULES_CMD_ALLOCATE:
        lcr_fire_resolve_allocation(rs, ctx, cmd);
        break;
    case RULES_CMD_RALLY:
        lcr_morale_resolve_rally(rs, ctx);
        lcr_sequence_end_activation(rs, ctx); /* rallying is the leader's whole activation */
        break;
    default:
        lcr_sequence_resolve(rs, ctx, cmd);
        break;
    }
    lcr_hook_after_command(rs, ctx);
    lcr_sequence_check_victory(rs, ctx);
}

static int targets_of(const rules_state *rs, const table *t, const rules_command *fire,
                      rules_target *out, int max)
{
    if (fire->figure_count < 1 || max <= 0)
        return 0;
    if (lcr_artillery_is_gun_fire(rs, t, fire))
        return lcr_artillery_targets(rs, t, fire, out, max);
    if (fire->kind == RULES_CMD_CHARGE)
        return lcr_charge_targets(rs, t, fire, out, max); /* reach odds, not fire */
    return lcr_fire_targets(rs, t, fire, out, max);
}

/* Inside the scratch: each target's check asks again for the group's (or gun's) nearest enemy. */
static int lcr_targets(const rules_state *rs, const table *t, const rules_command *fire,
                       rules_target *out, int max)
{
    bool opened = lcr_scratch_begin(rs, t);
    int n = targets_of(rs, t, fire, out, max);
    if (opened)
        lcr_scratch_end(rs);
    return n;
}

static bool lcr_arc(const rules_state *rs, const table *t, figure_id fig, float *half_angle,
                    float *range_cm)
{
    if (lcr_artillery_view_arc(rs, t, fig, half_angle, range_cm))
        return true;
    return lcr_fire_arc(rs, t, fig, half_angle, range_cm);
}

/* Close order ("line") and the data file's loose orders; a unit the file gives none is loose. */
static int lcr_formations(const rules_state *rs, const table *t, unit_id u,
                          char (*out)[RULES_WORD_MAX], int max)
{
    (void)t;
    (void)u;
    int n = 0;
    for (int i = 0; i < 4 && n < max; i++)
        if (rs->data->loose[i][0])
            snprintf(out[n++], RULES_WORD_MAX, "%.*s", RULES_WORD_MAX - 1, rs->data->loose[i]);
    if (n < max)
        snprintf(out[n++], RULES_WORD_MAX, "line");
    return n;
}

static const rules_view_ops lcr_view_ops = {
    .actions = lcr_sequence_actions,
    .reach = lcr_move_reach,
    .targets = lcr_targets,
    .arc = lcr_arc,
    .command_radius = lcr_sequence_command_radius,
    .driver = lcr_sequence_driver,
    .describe = lcr_sequence_describe,
    .bot_value = lcr_bot_value, /* lcr_hint.c */
    .bot_commands = lcr_bot_commands,
    .formations = lcr_formations,
};

/* What a scenario may ask of lcr (lcr_data.c checks the same keys and kinds; max_turns is left
 * to the editor's turn limit, the "turns" condition). */
static const rules_option_desc lcr_option_descs[] = {
    {"soldier_cards", "Soldier cards", RULES_OPTION_INT, 0, 50},
    {"blocking_terrain", "Blocking terrain", RULES_OPTION_BOOL, 0, 0},
    {"figure_heights", "Figure heights", RULES_OPTION_BOOL, 0, 0},
    {"reinforcement_sight", "Reinforcements seen", RULES_OPTION_BOOL, 0, 0},
    {"wounds", "Wounds", RULES_OPTION_BOOL, 0, 0},
    {"civilised", "Civilised sides", RULES_OPTION_SIDES, 0, 0},
};
static const rules_victory_desc lcr_victory_descs[] = {
    {.kind = "hold", .label = "hold an area", .side = true, .area = true},
    {.kind = "destroy",
     .label = "cut down a share",
     .side = true,
     .value = true,
     .value_min = 1,
     .value_max = 100,
     .value_label = "% of the enemy fallen"},
    {.kind = "turns", .label = "a turn limit", .turns = true},
};
static const rules_scenario_terms lcr_terms = {lcr_option_descs, 6, lcr_victory_descs, 3};

const rules_ops lcr_rules_ops = {
    .id = "lcr",
    .name = "Little Colonial Rules",
    .seed = "000",
    .create = lcr_create,
    .destroy = lcr_state_destroy,
    .clone = lcr_state_clone,
    .clone_into = lcr_state_clone_into,
    .begin = lcr_sequence_begin,
    .decision = lcr_sequence_decision,
    .legal = lcr_legal,
    .validate = lcr_validate,
    .resolve = lcr_resolve,
    .apply = lcr_state_apply,
    .hash = lcr_state_hash,
    .outcome = lcr_sequence_outcome,
    .turn = lcr_sequence_turn,

    .view = &lcr_view_ops,
    .referee = &lcr_referee_ops,
    .terms = &lcr_terms,
};

/* ---- read-only views for tests and tools ------------------------------------------------------
 */

const lcr_deck *lcr_rules_deck(const rules_state *rs)
{
    return &rs->deck;
}

const lcr_morale *lcr_rules_morale(const rules_state *rs, side_id sd)
{
    return sd.id >= 1 && sd.id <= (uint32_t)rs->side_count ? &rs->morale[sd.id - 1] : NULL;
}

int lcr_rules_drawn(const rules_state *rs)
{
    return rs->drawn;
}

int lcr_rules_active(const rules_state *rs)
{
    return rs->active;
}

bool lcr_rules_activated(const rules_state *rs, figure_id id)
{
    return id.id >= 1 && id.id <= (uint32_t)rs->fig_count &&
           (rs->flags[id.id - 1] & LCR_FF_ACTIVATED);
}
