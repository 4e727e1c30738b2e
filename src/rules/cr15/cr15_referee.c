/* The referee's rulings over Colonial Rules for 15mm's own state (rules/rules.h,
 * rules_referee_ops; docs/rules/cr15.md, "Referee rulings"): a figure's serious wound given or
 * healed (the rule set's count of them, not the table's mark alone), a unit shaken or steadied,
 * the phase ended as END_PHASE ends it (both sides' firing, its casualties falling together),
 * the move ended (the phases run on to the next move). Each is a REFEREE command; its events
 * read "Referee: ...". */
#include "rules/cr15/cr15_state.h"

#include <stdio.h>
#include <string.h>

#define WOUND  "wound_serious"
#define HEAL   "wound_heal"
#define SHAKE  "shake"
#define STEADY "steady"

static bool playing(const rules_state *rs)
{
    return rs->turn <= rs->max_turns;
}

static const cr15_fig *fig_of(const rules_state *rs, const table *t, figure_id fig)
{
    const figure *f = table_figure_const(t, fig);
    return f && (int)fig.id <= rs->fig_count && table_figure_active(f) ? &rs->figs[fig.id - 1]
                                                                       : NULL;
}

static const cr15_unit *unit_of(const rules_state *rs, unit_id u)
{
    return u.id && (int)u.id <= rs->unit_count ? &rs->units[u.id - 1] : NULL;
}

static int cr15_rulings(const rules_state *rs, const table *t, figure_id fig, rules_ruling *out,
                        int max)
{
    int n = 0;
    char label[80];
    if (!playing(rs))
        return 0;
    if (!fig.id) {
        n = rules_ruling_add(out, n, max, (rules_command){.figure = fig}, RULES_RULING_END_PHASE,
                             "End the phase");
        return rules_ruling_add(out, n, max, (rules_command){.figure = fig}, RULES_RULING_END_TURN,
                                "End this move");
    }
    const cr15_fig *s = fig_of(rs, t, fig);
    if (!s)
        return 0;
    const figure *f = table_figure_const(t, fig);
    snprintf(label, sizeof label,
             s->serious ? "Heal %.40s's serious wound" : "Seriously wound %.40s", f->name);
    n = rules_ruling_add(out, n, max, (rules_command){.figure = fig, .unit = f->unit},
                         s->serious ? HEAL : WOUND, label);
    const cr15_unit *u = unit_of(rs, f->unit);
    if (u) {
        snprintf(label, sizeof label,
                 u->shaken ? "Steady %.50s" : "Shake %.50s (no closing next move)",
                 table_unit_label(t, f->unit, "his unit"));
        n = rules_ruling_add(out, n, max, (rules_command){.figure = fig, .unit = f->unit},
                             u->shaken ? STEADY : SHAKE, label);
    }
    return n;
}

static bool cr15_referee_validate(const rules_state *rs, const table *t, const rules_command *cmd,
                                  char *reason, size_t size)
{
    const char *w = cmd->option;
    if (!playing(rs))
        return rules_refuse(reason, size, "the battle is over");
    if (strcmp(w, RULES_RULING_END_PHASE) == 0 || strcmp(w, RULES_RULING_END_TURN) == 0)
        return true;
    if (strcmp(w, WOUND) == 0 || strcmp(w, HEAL) == 0) {
        const cr15_fig *s = fig_of(rs, t, cmd->figure);
        if (!s)
            return rules_refuse(reason, size, "the referee must name a figure on the table");
        return (strcmp(w, WOUND) == 0) == (s->serious == 0) ||
               rules_refuse(reason, size,
                            s->serious ? "he is already seriously wounded"
                                       : "he has no serious wound");
    }
    if (strcmp(w, SHAKE) == 0 || strcmp(w, STEADY) == 0) {
        const cr15_unit *u = unit_of(rs, cmd->unit);
        if (!u)
            return rules_refuse(reason, size, "the referee must name a unit");
        return (strcmp(w, SHAKE) == 0) == !u->shaken ||
               rules_refuse(reason, size,
                            u->shaken ? "the unit is already shaken" : "the unit is steady");
    }
    snprintf(reason, size, "Colonial Rules for 15mm has no referee ruling \"%s\"", w);
    return false;
}

/* The phase over as END_PHASE ends it; in the firing, for each side still firing. */
static void end_phase(rules_state *rs, rules_ctx *ctx)
{
    const table *t = ctx->table;
    if (rs->phase == CR15_PHASE_FIRING) {
        for (int k = 0; k < 2 && rs->phase == CR15_PHASE_FIRING; k++)
            if (!rs->done[k]) {
                rules_command c = {.kind = RULES_CMD_END_PHASE, .side = t->sides[k].id};
                cr15_end_step(rs, ctx, &c);
            }
        return;
    }
    rules_command c = {.kind = RULES_CMD_END_PHASE, .side = cr15_step_side(rs, t)};
    cr15_end_step(rs, ctx, &c);
}

static void cr15_referee_resolve(rules_state *rs, rules_ctx *ctx, const rules_command *cmd)
{
    const table *t = ctx->table;
    const char *w = cmd->option;
    rules_event note = {
        .kind = RULES_EV_NOTE, .figure = cmd->figure, .unit = cmd->unit, .tag = "referee"};
    if (strcmp(w, RULES_RULING_END_PHASE) == 0) {
        rules_emitf(ctx, note, "", "Referee: the phase ends");
        end_phase(rs, ctx);
    } else if (strcmp(w, RULES_RULING_END_TURN) == 0) {
        rules_emitf(ctx, note, "", "Referee: move %d ends", rs->turn);
        int turn = rs->turn;
        for (int k = 0; k < 4 * CR15_PHASE_COUNT && rs->turn == turn; k++)
            end_phase(rs, ctx);
    } else if (strcmp(w, WOUND) == 0 || strcmp(w, HEAL) == 0) {
        const figure *f = table_figure_const(t, cmd->figure);
        bool wound = strcmp(w, WOUND) == 0;
        cr15_emit_state(ctx, "serious", f->id, f->unit, wound ? 1 : 0);
        cr15_emit_state(ctx, "out_turn", f->id, f->unit, wound ? rs->turn : 0);
        rules_emitf(
            ctx,
            (rules_event){.kind = RULES_EV_STATUS,
                          .side = f->side,
                          .unit = f->unit,
                          .figure = f->id,
                          .status_set = wound ? FIGURE_STATUS_SERIOUS | CR15_STATUS_OUT : 0,
                          .status_clear = wound ? 0 : FIGURE_STATUS_SERIOUS | CR15_STATUS_OUT,
                          .tag = "referee"},
            "",
            wound ? "Referee: %s is seriously wounded: out for a move, then crawls"
                  : "Referee: %s's serious wound is healed",
            f->name);
    } else {
        bool shake = strcmp(w, SHAKE) == 0;
        cr15_emit_state(ctx, "shaken", cmd->figure, cmd->unit, shake);
        rules_emitf(ctx, note, "",
                    shake ? "Referee: %s is shaken: it may not close on the enemy next move"
                          : "Referee: %s is steady again",
                    table_unit_label(t, cmd->unit, "the unit"));
    }
}

const rules_referee_ops cr15_referee_ops = {
    .rulings = cr15_rulings,
    .validate = cr15_referee_validate,
    .resolve = cr15_referee_resolve,
};
