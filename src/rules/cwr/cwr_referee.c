/* The referee's rulings over Colonial Wargames Rules' own state (rules/rules.h,
 * rules_referee_ops; docs/rules/cwr.md, "Referee rulings"): end the activated unit's
 * activation, end the turn (every unit still to act stands; the next turn's initiative is
 * thrown as usual), reveal a concealed unit. A casualty is the engine's "take off" (cwr's
 * casualties are figures). Each is a REFEREE command; its events read "Referee: ...". */
#include "rules/cwr/cwr_state.h"

#include <stdio.h>
#include <string.h>

#define REVEAL "reveal"

static bool concealed(const rules_state *rs, const table *t, unit_id u)
{
    const cwr_unit_state *us = cwr_ustate_const(rs, u);
    return us && (us->flags & CWR_U_CONCEALED) && cwr_unit_alive(t, u);
}

static int cwr_rulings(const rules_state *rs, const table *t, figure_id fig, rules_ruling *out,
                       int max)
{
    int n = 0;
    char label[80];
    if (rs->alloc_n > 0 || rs->time_up)
        return 0; /* casualties to pick first */
    if (fig.id) {
        const figure *f = table_figure_const(t, fig);
        if (f && concealed(rs, t, f->unit)) {
            snprintf(label, sizeof label, "Reveal %.50s", table_unit_label(t, f->unit, "his unit"));
            n = rules_ruling_add(out, n, max, (rules_command){.figure = fig, .unit = f->unit},
                                 REVEAL, label);
        }
        return n;
    }
    if (rs->unit.id) {
        snprintf(label, sizeof label, "End %.50s's activation",
                 table_unit_label(t, rs->unit, "the unit"));
        n = rules_ruling_add(out, n, max, (rules_command){.figure = fig}, RULES_RULING_END_PHASE,
                             label);
    }
    return rules_ruling_add(out, n, max, (rules_command){.figure = fig}, RULES_RULING_END_TURN,
                            "End the turn: the units still to act stand");
}

static bool cwr_referee_validate(const rules_state *rs, const table *t, const rules_command *cmd,
                                 char *reason, size_t size)
{
    const char *w = cmd->option;
    bool end_phase = strcmp(w, RULES_RULING_END_PHASE) == 0;
    if (!end_phase && strcmp(w, RULES_RULING_END_TURN) != 0 && strcmp(w, REVEAL) != 0) {
        snprintf(reason, size, "Colonial Wargames Rules has no referee ruling \"%s\"", w);
        return false;
    }
    if (rs->alloc_n > 0)
        return rules_refuse(reason, size, "first pick the casualties the rules ask for");
    if (rs->time_up)
        return rules_refuse(reason, size, "the battle is over");
    if (strcmp(w, REVEAL) == 0)
        return concealed(rs, t, cmd->unit) ||
               rules_refuse(reason, size, "that unit is not concealed");
    return !end_phase || rs->unit.id || rules_refuse(reason, size, "no unit is activated");
}

/* The next unit still to act, the side to act first. */
static unit_id still_to_act(const rules_state *rs, const table *t)
{
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < t->unit_count; i++)
            if ((pass == 1 || t->units[i].side.id == rs->active.id) &&
                cwr_unit_can_activate(rs, t, t->units[i].id))
                return t->units[i].id;
    return (unit_id){0};
}

static void cwr_referee_resolve(rules_state *rs, rules_ctx *ctx, const rules_command *cmd)
{
    const table *t = ctx->table;
    const char *w = cmd->option;
    if (strcmp(w, REVEAL) == 0) {
        const unit *u = table_unit_const(t, cmd->unit);
        rules_emitf(ctx,
                    (rules_event){
                        .kind = RULES_EV_RULESET, .side = u->side, .unit = u->id, .tag = "reveal"},
                    "", "Referee: %s is seen", u->name);
        return;
    }
    if (strcmp(w, RULES_RULING_END_PHASE) == 0) {
        rules_emitf(ctx, (rules_event){.kind = RULES_EV_NOTE, .unit = rs->unit, .tag = "referee"},
                    "", "Referee: %s's activation ends", table_unit_label(t, rs->unit, "the unit"));
        cwr_end_activation(rs, ctx);
        return;
    }
    rules_emitf(ctx, (rules_event){.kind = RULES_EV_NOTE, .tag = "referee"}, "",
                "Referee: turn %d ends", rs->turn);
    int turn = rs->turn;
    if (rs->unit.id)
        cwr_end_activation(rs, ctx);
    for (int k = 0; k <= t->unit_count && rs->turn == turn && !rs->time_up; k++) {
        unit_id u = still_to_act(rs, t);
        if (!u.id)
            break;
        const unit *un = table_unit_const(t, u);
        rules_emitf(ctx, (rules_event){.kind = RULES_EV_ACTIVATE, .side = un->side, .unit = u}, "",
                    "Referee: %s stands this turn", un->name);
        cwr_end_activation(rs, ctx);
    }
}

const rules_referee_ops cwr_referee_ops = {
    .rulings = cwr_rulings,
    .validate = cwr_referee_validate,
    .resolve = cwr_referee_resolve,
};
