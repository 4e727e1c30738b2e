/* The bot's hints for Colonial Wargames Rules (rules_view_ops.bot_value): the worth of each
 * Permitted Action pair for the activated unit, step by step (fire by the odds of its best
 * target, charges by the front ranks on both sides, formation and limber changes by the
 * distance to the enemy), units behind fortifications staying there, and which unit to
 * activate first (the one with the best shot). */
#include "rules/cwr/cwr_state.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* Expected casualties of u's best shot now (0: no target). */
static float best_fire(const rules_state *rs, const table *t, unit_id u)
{
    rules_target tg[32];
    rules_command f = {.kind = RULES_CMD_FIRE, .side = table_unit_const(t, u)->side, .unit = u};
    int n = cwr_unit_has_weapon(rs, t, u) ? cwr_targets(rs, t, &f, tg, 32) : 0;
    float best = 0;
    for (int i = 0; i < n; i++)
        best = fmaxf(best,
                     tg[i].expected_kills > 0 ? tg[i].expected_kills : 0.5f * tg[i].expected_hits);
    return best;
}

/* Edge distance to the nearest enemy unit u's side can see, cm (a concealed unit is not
 * reacted to). */
static float enemy_gap(const rules_state *rs, const table *t, unit_id u)
{
    const unit *un = table_unit_const(t, u);
    float best = INFINITY;
    for (int k = 0; un && k < t->unit_count; k++)
        if (t->units[k].side.id != un->side.id && cwr_unit_alive(t, t->units[k].id) &&
            !cwr_unit_hidden(rs, t, t->units[k].id, un->side))
            best = fminf(best, cwr_unit_distance(t, u, t->units[k].id, NULL, NULL));
    return best;
}

/* Figures dealt minus figures taken (x 0.8) in a charge on the best target in reach. */
static float best_charge(const rules_state *rs, const table *t, unit_id u)
{
    unit_id tg[32];
    int n = cwr_unit_is_artillery(rs, t, u) ? 0 : cwr_charge_targets(rs, t, u, tg, 32);
    figure_id fr[CWR_UNIT_FIGS];
    float mine = (float)cwr_front_rank(t, u, fr, CWR_UNIT_FIGS), best = -INFINITY;
    for (int i = 0; i < n; i++) {
        float theirs = (float)cwr_front_rank(t, tg[i], fr, CWR_UNIT_FIGS);
        best = fmaxf(best, (mine - 0.8f * theirs) / 6.0f);
    }
    return best;
}

typedef struct pair_eval {
    float value;
    bool fort_left; /* a step takes the unit out of its fortifications */
} pair_eval;

static pair_eval pair_value(const rules_state *rs, const table *t, unit_id u, const cwr_pair *p)
{
    pair_eval e = {0};
    bool fort = cwr_unit_fortified(rs, t, u), limbered = cwr_unit_limbered(t, u);
    bool art = cwr_unit_is_artillery(rs, t, u);
    float fire = best_fire(rs, t, u), gap = enemy_gap(rs, t, u), charge = best_charge(rs, t, u);
    bool moved = false;
    for (int s = 0; s < p->step_count; s++) {
        switch (p->steps[s]) {
        case CWR_STEP_FIRE:
            if (art && limbered)
                break;
            /* after a move the shot is a guess: half what it is from here, or a little */
            e.value += 10.0f * (moved ? fmaxf(0.5f * fire, fire > 0 ? 0 : 0.1f) : fire);
            break;
        case CWR_STEP_MOVE:
        case CWR_STEP_MOVE_DOUBLE:
            moved = true;
            if (fort) {
                e.value -= 8.0f;
                e.fort_left = true;
            } else if (art && !limbered) {
                e.value -= 1.0f;
            } else {
                /* closing in pays while there is nothing to shoot at */
                e.value += fire > 0 ? 0.5f : (p->steps[s] == CWR_STEP_MOVE_DOUBLE ? 3.0f : 2.0f);
            }
            break;
        case CWR_STEP_MOVE_AWAY:
        case CWR_STEP_MOVE_DOUBLE_AWAY:
            moved = true;
            e.value -= fort ? 8.0f : (gap < cwr_cm(rs, 6) ? 0.5f : 2.5f);
            e.fort_left |= fort;
            break;
        case CWR_STEP_FORMATION:
            e.value += strcmp(cwr_formation_of(rs, t, u), "line") == 0
                           ? (gap > cwr_cm(rs, 24) ? 0.5f : -1.0f)
                           : (gap < cwr_cm(rs, 18) ? 1.5f : -0.5f);
            break;
        case CWR_STEP_LIMBER:
            limbered = true;
            e.value += fire > 0 ? -2.0f : 0.3f;
            break;
        case CWR_STEP_UNLIMBER:
            limbered = false;
            e.value += gap < cwr_cm(rs, 36) ? 2.0f : 0.2f;
            break;
        case CWR_STEP_CHARGE:
            e.value += isfinite(charge) ? 10.0f * charge + 1.0f : -1.0f;
            break;
        case CWR_STEP_COMBAT:
            e.value += cwr_contact_enemy(rs, t, u).id ? 3.0f : 0;
            break;
        default:
            break;
        }
    }
    return e;
}

static bool choose_value(const rules_state *rs, const table *t, const rules_command *cmd, float *v,
                         char *why, size_t size)
{
    int k = cwr_data_pair(rs->data, cmd->option);
    if (k < 0 || !rs->unit.id)
        return false;
    const cwr_pair *p = &rs->data->pairs[k];
    pair_eval e = pair_value(rs, t, rs->unit, p);
    *v = e.value;
    if (why && size) {
        const char *name = table_unit_const(t, rs->unit)->name;
        if (cwr_unit_fortified(rs, t, rs->unit) && !e.fort_left)
            snprintf(why, size, "%s holds its fortifications: %s", name, p->label);
        else
            snprintf(why, size, "%s chooses %s", name, p->label);
    }
    return true;
}

/* During a move step: a fortified unit keeps its place unless the move ends inside too. */
static bool move_value(const rules_state *rs, const table *t, const rules_command *cmd, float *v,
                       char *why, size_t size)
{
    unit_id u = rs->unit;
    if (!u.id || !cwr_unit_fortified(rs, t, u))
        return false;
    *v = -6.0f;
    if (why && size)
        snprintf(why, size, "%s would leave its fortifications", table_unit_const(t, u)->name);
    (void)cmd;
    return true;
}

static bool pass_value(const rules_state *rs, const table *t, float *v, char *why, size_t size)
{
    unit_id u = rs->unit;
    if (!u.id || !cwr_unit_fortified(rs, t, u) || rs->phase != CWR_PHASE_ACT)
        return false;
    *v = 0.2f;
    if (why && size)
        snprintf(why, size, "%s stays behind its fortifications", table_unit_const(t, u)->name);
    return true;
}

static bool activate_value(const rules_state *rs, const table *t, const rules_command *cmd,
                           float *v, char *why, size_t size)
{
    if (!cmd->unit.id)
        return false;
    float fire = best_fire(rs, t, cmd->unit);
    *v = 0.5f + 0.3f * fire;
    if (why && size)
        snprintf(why, size, "%s",
                 fire > 0 ? "it has a target in range" : "it has no target in range yet");
    return true;
}

bool cwr_bot_value(const rules_state *rs, const table *t, const rules_command *cmd, float *v,
                   char *why, size_t size)
{
    switch (cmd->kind) {
    case RULES_CMD_CHOOSE:
        return rs->phase == CWR_PHASE_CHOOSE && choose_value(rs, t, cmd, v, why, size);
    case RULES_CMD_MOVE:
        return rs->phase == CWR_PHASE_ACT && move_value(rs, t, cmd, v, why, size);
    case RULES_CMD_PASS:
        return pass_value(rs, t, v, why, size);
    case RULES_CMD_ACTIVATE:
        return rs->phase == CWR_PHASE_ACTIVATE && activate_value(rs, t, cmd, v, why, size);
    default:
        return false;
    }
}
