/* The sequence of play (assumed: the seed has none; docs/rules/cwr.md): each turn both sides
 * throw a D6 for the initiative; then the sides activate one unit at a time, the winner first,
 * alternately (or, with "sequence": "side" in the data, the whole of one side and then the
 * other) until every unit has acted. An activated unit takes its morale check, chooses a pair
 * of permitted actions and plays its steps. Victory: the scenario's conditions, else a side
 * that has lost half its figures has lost, and after the last turn the smaller loss wins. */
#include "rules/cwr/cwr_state.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

bool cwr_unit_can_activate(const rules_state *rs, const table *t, unit_id u)
{
    const cwr_unit_state *us = cwr_ustate_const(rs, u);
    return us && !(us->flags & CWR_U_ACTED) && cwr_unit_alive(t, u) &&
           cwr_troop_of(rs, t, u) != NULL;
}

/* Which units (ids up to 256) have an active figure, in one pass over the figures: the
 * counts below ask it of every unit, as often as every command. */
enum { ALIVE_UNITS = 256 };

static void units_alive(const table *t, bool alive[ALIVE_UNITS + 1])
{
    memset(alive, 0, (ALIVE_UNITS + 1) * sizeof *alive);
    for (int i = 0; i < t->figure_count; i++) {
        uint32_t u = t->figures[i].unit.id;
        if (u <= ALIVE_UNITS && table_figure_active(&t->figures[i]))
            alive[u] = true;
    }
}

/* cwr_unit_can_activate with the unit's life looked up in `alive`. */
static bool can_activate(const rules_state *rs, const table *t, unit_id u, const bool *alive)
{
    if (u.id > ALIVE_UNITS)
        return cwr_unit_can_activate(rs, t, u);
    const cwr_unit_state *us = cwr_ustate_const(rs, u);
    return us && !(us->flags & CWR_U_ACTED) && alive[u.id] && cwr_troop_of(rs, t, u) != NULL;
}

static int units_to_act(const rules_state *rs, const table *t, side_id s)
{
    bool alive[ALIVE_UNITS + 1];
    units_alive(t, alive);
    int n = 0;
    for (int i = 0; i < t->unit_count; i++)
        n += t->units[i].side.id == s.id && can_activate(rs, t, t->units[i].id, alive);
    return n;
}

/* The units of s still to act that `viewer` may see (cwr_unit_hidden; viewer 0 sees all). */
static int units_to_act_seen(const rules_state *rs, const table *t, side_id s, side_id viewer)
{
    bool alive[ALIVE_UNITS + 1];
    units_alive(t, alive);
    int n = 0;
    for (int i = 0; i < t->unit_count; i++) {
        unit_id u = t->units[i].id;
        n += t->units[i].side.id == s.id && can_activate(rs, t, u, alive) &&
             !cwr_unit_hidden(rs, t, u, viewer);
    }
    return n;
}

static void roll_initiative(rules_state *rs, rules_ctx *ctx)
{
    const table *t = ctx->table;
    side_id win = rs->sides[0];
    int a = 0, b = 0;
    for (int tries = 0; tries < 6; tries++) {
        int g = rules_roll_group(ctx);
        a = rules_roll(ctx, 6, 0, "initiative", (figure_id){0}, g, CWR_REF_TURN);
        b = rules_roll(ctx, 6, 0, "initiative", (figure_id){0}, g, CWR_REF_TURN);
        if (a != b) {
            win = a > b ? rs->sides[0] : rs->sides[1];
            break;
        }
    }
    if (!units_to_act(rs, t, win))
        win = cwr_other_side(rs, win);
    rules_emitf(ctx, (rules_event){.kind = RULES_EV_RULESET, .side = win, .tag = "initiative"},
                CWR_REF_TURN, "Initiative: %s %d, %s %d; %s activates first",
                table_side(t, rs->sides[0])->name, a, table_side(t, rs->sides[1])->name, b,
                table_side(t, win)->name);
}

void cwr_begin(rules_state *rs, rules_ctx *ctx)
{
    /* units the scenario gives no formation start in line, guns unlimbered (assumed) */
    const table *t = ctx->table;
    for (int i = 0; i < t->unit_count; i++) {
        const unit *un = &t->units[i];
        if (un->formation[0] || !cwr_unit_alive(t, un->id))
            continue;
        rules_event ev = {.kind = RULES_EV_FORMATION, .side = un->side, .unit = un->id};
        cwr_join(ev.tag, sizeof ev.tag, cwr_formation_of(rs, t, un->id), NULL);
        rules_emitf(ctx, ev, CWR_REF_PAIRS, "%s stands in %s", un->name, ev.tag);
    }
    rules_emitf(ctx, (rules_event){.kind = RULES_EV_TURN, .value = 1}, CWR_REF_TURN,
                "Turn 1 begins");
    if (rs->first.id)
        rules_emitf(ctx,
                    (rules_event){.kind = RULES_EV_RULESET, .side = rs->first, .tag = "initiative"},
                    CWR_REF_TURN, "%s has the initiative in the first turn (the scenario's choice)",
                    table_side(ctx->table, rs->first)->name);
    else
        roll_initiative(rs, ctx);
}

static void decision_now(const rules_state *rs, const table *t, rules_decision *out)
{
    if (rs->alloc_n > 0) {
        cwr_alloc_decision(rs, t, out);
        return;
    }
    memset(out, 0, sizeof *out);
    out->side = rs->active;
    const side *s = table_side(t, rs->active);
    const unit *un = table_unit_const(t, rs->unit);
    if (un) {
        out->unit = un->id;
        out->figure = cwr_unit_first(t, un->id); /* stays 0 when it has none */
    }
    /* the prompts piece by piece: the bytes snprintf wrote for "%.40s" and "%d", cut alike */
    cwr_text x = cwr_text_begin(out->prompt, sizeof out->prompt);
    switch (rs->phase) {
    case CWR_PHASE_ACTIVATE:
        out->kind = RULES_DECIDE_ACTIVATE;
        out->count = units_to_act(rs, t, rs->active);
        cwr_join(out->phase, sizeof out->phase, "activation", NULL);
        /* "%.40s: activate a unit (%d still to act)" */
        cwr_text_str(&x, s ? s->name : "?", 40);
        cwr_text_str(&x, ": activate a unit (", SIZE_MAX);
        cwr_text_int(&x, out->count);
        cwr_text_str(&x, " still to act)", SIZE_MAX);
        break;
    case CWR_PHASE_CHOOSE: {
        const cwr_unit_state *us = cwr_ustate_const(rs, rs->unit);
        out->kind = RULES_DECIDE_CHOOSE_ACTIONS;
        cwr_join(out->phase, sizeof out->phase, "actions", NULL);
        /* "%.40s %s: choose its actions" */
        cwr_text_str(&x, un ? un->name : "?", 40);
        cwr_text_str(&x, " ", SIZE_MAX);
        cwr_text_str(&x, us && (us->flags & CWR_U_FAILED) ? "failed its morale check" : "is ready",
                     SIZE_MAX);
        cwr_text_str(&x, ": choose its actions", SIZE_MAX);
        break;
    }
    case CWR_PHASE_ACT: {
        const cwr_pair *p = &rs->data->pairs[rs->pair];
        cwr_step st = cwr_current_step(rs);
        out->kind = RULES_DECIDE_ACT;
        out->count = p->step_count - rs->step;
        cwr_join(out->phase, sizeof out->phase, cwr_step_name(st), NULL);
        /* "%.40s: %s (step %d of %d)" */
        cwr_text_str(&x, un ? un->name : "?", 40);
        cwr_text_str(&x, ": ", SIZE_MAX);
        cwr_text_str(&x, cwr_step_label(st), SIZE_MAX);
        cwr_text_str(&x, " (step ", SIZE_MAX);
        cwr_text_int(&x, rs->step + 1);
        cwr_text_str(&x, " of ", SIZE_MAX);
        cwr_text_int(&x, p->step_count);
        cwr_text_str(&x, ")", SIZE_MAX);
        break;
    }
    }
}

/* Asked several times a command (the game, the bot, the prompt): kept while the state stays. */
void cwr_decision(const rules_state *rs, const table *t, rules_decision *out)
{
    if (cwr_memo_decision_get(rs, t, out))
        return;
    decision_now(rs, t, out);
    cwr_memo_decision_put(rs, t, out);
}

bool cwr_decision_prompt(const rules_state *rs, const table *t, side_id viewer,
                         const rules_decision *dec, char *out, size_t size)
{
    /* The side's own player, and any viewer of a scenario without concealment, are told all. */
    if (!rs->concealment || viewer.id == dec->side.id || rs->alloc_n > 0)
        return false;
    const side *s = table_side(t, dec->side);
    const char *name = s ? s->name : "?";
    if (dec->kind == RULES_DECIDE_ACTIVATE) {
        /* "in sight" whether or not any is hidden: only then does the wording tell nothing */
        snprintf(out, size, "%.40s: activate a unit (%d in sight still to act)", name,
                 units_to_act_seen(rs, t, dec->side, viewer));
        return true;
    }
    if (!dec->unit.id || !cwr_unit_hidden(rs, t, dec->unit, viewer))
        return false;
    snprintf(out, size, "%.40s: a unit out of sight acts", name);
    return true;
}

bool cwr_activate_validate(const rules_state *rs, const table *t, const rules_command *cmd,
                           char *why, size_t size)
{
    unit_id u = cmd->unit;
    if (!u.id && cmd->figure_count) {
        const figure *f = table_figure_const(t, cmd->figures[0]);
        u = f ? f->unit : u;
    }
    const unit *un = table_unit_const(t, u);
    if (!un) {
        cwr_join(why, size, "activate which unit?", NULL);
        return false;
    }
    if (un->side.id != rs->active.id) {
        snprintf(why, size, "%s is not of the side activating", un->name);
        return false;
    }
    if (!cwr_unit_can_activate(rs, t, u)) {
        snprintf(why, size, "%s has already acted this turn", un->name);
        return false;
    }
    return true;
}

void cwr_activate_resolve(rules_state *rs, rules_ctx *ctx, const rules_command *cmd)
{
    const table *t = ctx->table;
    unit_id u = cmd->unit;
    if (!u.id && cmd->figure_count)
        u = table_figure_const(t, cmd->figures[0])->unit;
    const unit *un = table_unit_const(t, u);
    rules_emitf(ctx, (rules_event){.kind = RULES_EV_ACTIVATE, .side = un->side, .unit = u},
                CWR_REF_MORALE, "%s is activated", un->name);
    cwr_morale_check(rs, ctx, u);
}

/* Concealed units an enemy figure has come within the spotting distance of are seen. */
static void spot(rules_state *rs, rules_ctx *ctx)
{
    const table *t = ctx->table;
    /* the reveals change no figure: the distances found stay good in a cache scope */
    bool began = cwr_cache_begin(rs, t);
    float d = cwr_cm(rs, rs->data->spot_in);
    for (int i = 0; i < t->unit_count; i++) {
        const unit *un = &t->units[i];
        if (!(rs->units[i].flags & CWR_U_CONCEALED) || !cwr_unit_alive(t, un->id))
            continue;
        for (int k = 0; k < t->unit_count; k++) {
            const unit *e = &t->units[k];
            if (e->side.id == un->side.id || !cwr_unit_alive(t, e->id) ||
                !cwr_units_within(t, un->id, e->id, d))
                continue;
            rules_emitf(
                ctx,
                (rules_event){
                    .kind = RULES_EV_RULESET, .side = un->side, .unit = un->id, .tag = "reveal"},
                CWR_REF_FIRE, "%s is spotted by %s (within %g\")", un->name, e->name,
                (double)rs->data->spot_in);
            break;
        }
    }
    cwr_cache_end(began);
}

void cwr_end_activation(rules_state *rs, rules_ctx *ctx)
{
    const table *t = ctx->table;
    spot(rs, ctx);
    side_id other = cwr_other_side(rs, rs->active);
    side_id first = rs->data->sequence_by_side ? rs->active : other;
    side_id second = rs->data->sequence_by_side ? other : rs->active;
    side_id next = units_to_act(rs, t, first)    ? first
                   : units_to_act(rs, t, second) ? second
                                                 : (side_id){0};
    rules_emitf(ctx,
                (rules_event){.kind = RULES_EV_RULESET,
                              .side = next.id ? next : rs->active,
                              .unit = rs->unit,
                              .tag = "end_activation"},
                CWR_REF_TURN, "%s has acted", table_unit_const(t, rs->unit)->name);
    if (next.id)
        return;
    if (rs->turn >= rs->max_turns) {
        rules_emitf(ctx, (rules_event){.kind = RULES_EV_RULESET, .tag = "time_up"}, CWR_REF_TURN,
                    "Turn %d is over: the battle ends", rs->turn);
        return;
    }
    rules_emitf(ctx, (rules_event){.kind = RULES_EV_TURN, .value = rs->turn + 1}, CWR_REF_TURN,
                "Turn %d begins", rs->turn + 1);
    roll_initiative(rs, ctx);
}

void cwr_step_done(rules_state *rs, rules_ctx *ctx)
{
    const cwr_pair *p = &rs->data->pairs[rs->pair];
    if (rs->step + 1 < p->step_count && cwr_unit_alive(ctx->table, rs->unit)) {
        rules_emitf(ctx,
                    (rules_event){.kind = RULES_EV_RULESET,
                                  .side = rs->active,
                                  .unit = rs->unit,
                                  .value = rs->step + 1,
                                  .tag = "step"},
                    CWR_REF_PAIRS, "Next: %s", cwr_step_label(p->steps[rs->step + 1]));
        return;
    }
    cwr_end_activation(rs, ctx);
}

void cwr_side_losses(const rules_state *rs, const table *t, side_id s, int *lost, int *start)
{
    /* the start less the side's active figures, counted in one pass (not a pass per unit) */
    *lost = *start = 0;
    for (int i = 0; i < t->unit_count; i++)
        if (t->units[i].side.id == s.id)
            *start += rs->units[i].start;
    int alive = 0;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        uint32_t u = f->unit.id;
        alive += u && u <= (uint32_t)t->unit_count && t->units[u - 1].side.id == s.id &&
                 table_figure_active(f);
    }
    *lost = *start - alive;
}

/* cwr_side_losses of both sides in one pass over the figures (the game asks for the outcome
 * several times per command). */
static void both_losses(const rules_state *rs, const table *t, int lost[2], int start[2])
{
    /* each unit's side as 1 or 2 (0: neither), looked up per figure from a small array */
    unsigned char side_of[257] = {0};
    int alive[3] = {0, 0, 0};
    start[0] = start[1] = 0;
    for (int i = 0; i < t->unit_count; i++)
        for (int k = 0; k < 2; k++)
            if (t->units[i].side.id == rs->sides[k].id) {
                start[k] += rs->units[i].start;
                if (i < 256 && !side_of[i + 1])
                    side_of[i + 1] = (unsigned char)(k + 1);
            }
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        uint32_t u = f->unit.id;
        if (!u || u > (uint32_t)t->unit_count || !table_figure_active(f))
            continue;
        if (u <= 256) {
            alive[side_of[u]]++;
            continue;
        }
        uint32_t s = t->units[u - 1].side.id;
        alive[1] += s == rs->sides[0].id;
        alive[2] += s == rs->sides[1].id;
    }
    for (int k = 0; k < 2; k++)
        lost[k] = start[k] - alive[k + 1];
}

static int figures_in(const table *t, const geom_polygon *area, side_id s)
{
    int n = 0;
    for (int i = 0; i < t->figure_count; i++)
        n += t->figures[i].side.id == s.id && table_figure_active(&t->figures[i]) &&
             geom_point_in_polygon(t->figures[i].pos, area);
    return n;
}

static void outcome_now(const rules_state *rs, const table *t, rules_outcome *out)
{
    memset(out, 0, sizeof *out);
    (void)figures_in;
    int lost[2], start[2];
    bool broken[2];
    both_losses(rs, t, lost, start);
    for (int k = 0; k < 2; k++)
        broken[k] = start[k] > 0 && 100 * lost[k] >= rs->break_percent * start[k];
    if (broken[0] || broken[1]) {
        out->over = true;
        out->winner = broken[0] && broken[1] ? (side_id){0} : rs->sides[broken[0] ? 1 : 0];
        snprintf(out->reason, sizeof out->reason, "%s has lost %d%% of its figures or more",
                 broken[0] && broken[1] ? "Each side"
                                        : table_side(t, rs->sides[broken[0] ? 0 : 1])->name,
                 rs->break_percent);
        return;
    }
    if (!rs->time_up)
        return;
    out->over = true;
    /* after the last turn */
    (void)t;
    float f0 = start[0] ? (float)lost[0] / (float)start[0] : 1;
    float f1 = start[1] ? (float)lost[1] / (float)start[1] : 1;
    out->winner = f0 < f1 ? rs->sides[0] : f1 < f0 ? rs->sides[1] : (side_id){0};
    snprintf(out->reason, sizeof out->reason,
             "%d turns played: the side with the smaller share of figures lost holds the field",
             rs->max_turns);
}

/* Asked about ten times a command (game_over, legal, validate, the decision): kept while the
 * state stays as it is. */
void cwr_outcome(const rules_state *rs, const table *t, rules_outcome *out)
{
    if (cwr_memo_outcome_get(rs, t, out))
        return;
    outcome_now(rs, t, out);
    cwr_memo_outcome_put(rs, t, out);
}

int cwr_driver(const rules_state *rs, const table *t, side_id viewer, rules_driver_item *out,
               int max)
{
    int n = 0;
    static const char *const phases[] = {"activate", "morale and choice", "act"};
    for (int p = 0; p < 3 && n < max; p++) {
        out[n] = (rules_driver_item){.kind = RULES_DRIVER_PHASE,
                                     .side = rs->active,
                                     .value = p,
                                     .current = (int)rs->phase == p};
        cwr_join(out[n].label, sizeof out[n].label, phases[p], NULL);
        n++;
    }
    /* every unit still in play: acted or to act, and the one acting */
    for (int i = 0; i < t->unit_count && n < max; i++) {
        const unit *un = &t->units[i];
        figure_id f = cwr_unit_first(t, un->id);
        if (!f.id || cwr_unit_hidden(rs, t, un->id, viewer))
            continue; /* a concealed unit is not listed to the other side */
        out[n] = (rules_driver_item){.kind = RULES_DRIVER_UNIT,
                                     .side = un->side,
                                     .figure = f,
                                     .value = (rs->units[i].flags & CWR_U_ACTED) != 0,
                                     .current = un->id.id == rs->unit.id};
        cwr_join(out[n].label, sizeof out[n].label, un->name, NULL);
        n++;
    }
    return n;
}
