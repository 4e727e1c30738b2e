/* The referee's rulings over Tiny Soldiers' own state (tiny_referee.h): when the players agree
 * a commander had a pip more or less, a unit a hit more or less, or the phase or turn is over.
 * Each is a REFEREE command with one of the words below; its events read "Referee: ...". The
 * phase ends as END_PHASE ends it (the charges are fought), whatever the decision. */
#include "rules/tiny/tiny_referee.h"

#include "rules/tiny/tiny_morale.h"
#include "rules/tiny/tiny_sequence.h"
#include "rules/tiny/tiny_state.h"

#include <stdio.h>
#include <string.h>

#define PIP_MORE  "pip_more"
#define PIP_LESS  "pip_less"
#define HIT_MORE  "hit_more"
#define HIT_LESS  "hit_less"
#define TURNS_MAX 8 /* player turns an "end the turn" may run through (two make a turn) */

static const figure *commander(const rules_state *rs, const table *t, figure_id fig)
{
    const figure *f = table_figure_const(t, fig);
    return f && (int)fig.id <= rs->fig_count && tiny_is_commander(f) && table_figure_active(f)
               ? f
               : NULL;
}

static const tiny_unit_state *troops(const rules_state *rs, const table *t, unit_id u)
{
    return u.id && (int)u.id <= rs->unit_count && tiny_is_troop_unit(t, u) ? &rs->units[u.id - 1]
                                                                           : NULL;
}

static int tiny_rulings(const rules_state *rs, const table *t, figure_id fig, rules_ruling *out,
                        int max)
{
    int n = 0;
    char label[80];
    if (!fig.id) {
        rules_decision d;
        tiny_decision(rs, t, &d);
        if (d.kind == RULES_DECIDE_ROLL_ORDERS || d.kind == RULES_DECIDE_SPEND_PIPS) {
            n = rules_ruling_add(
                out, n, max, (rules_command){.figure = fig}, RULES_RULING_END_PHASE,
                d.kind == RULES_DECIDE_ROLL_ORDERS ? "End the orders phase (no dice rolled)"
                                                   : "End the phase: resolve charges");
            n = rules_ruling_add(out, n, max, (rules_command){.figure = fig}, RULES_RULING_END_TURN,
                                 "End the turn");
        }
        return n;
    }
    const figure *c = commander(rs, t, fig);
    if (c) {
        snprintf(label, sizeof label, "Give %.40s a pip more", c->name);
        n = rules_ruling_add(out, n, max, (rules_command){.figure = fig}, PIP_MORE, label);
        if (rs->figs[fig.id - 1].pips > 0) {
            snprintf(label, sizeof label, "Take a pip from %.40s", c->name);
            n = rules_ruling_add(out, n, max, (rules_command){.figure = fig}, PIP_LESS, label);
        }
    }
    const figure *f = table_figure_const(t, fig);
    const tiny_unit_state *us = f ? troops(rs, t, f->unit) : NULL;
    if (us) {
        const char *name = table_unit_label(t, f->unit, "his unit");
        snprintf(label, sizeof label, "A hit more on %.50s", name);
        n = rules_ruling_add(out, n, max, (rules_command){.figure = fig, .unit = f->unit}, HIT_MORE,
                             label);
        if (us->hits > 0) {
            snprintf(label, sizeof label, "A hit fewer on %.50s", name);
            n = rules_ruling_add(out, n, max, (rules_command){.figure = fig, .unit = f->unit},
                                 HIT_LESS, label);
        }
    }
    return n;
}

static bool tiny_referee_validate(const rules_state *rs, const table *t, const rules_command *cmd,
                                  char *reason, size_t size)
{
    const char *w = cmd->option;
    if (strcmp(w, RULES_RULING_END_PHASE) == 0 || strcmp(w, RULES_RULING_END_TURN) == 0) {
        rules_decision d;
        tiny_decision(rs, t, &d);
        return d.kind == RULES_DECIDE_ROLL_ORDERS || d.kind == RULES_DECIDE_SPEND_PIPS ||
               rules_refuse(reason, size, "a charged unit must first evade or stand");
    }
    if (strcmp(w, PIP_MORE) == 0 || strcmp(w, PIP_LESS) == 0) {
        if (!commander(rs, t, cmd->figure))
            return rules_refuse(reason, size, "only a commander on the table has pips");
        return strcmp(w, PIP_MORE) == 0 || rs->figs[cmd->figure.id - 1].pips > 0 ||
               rules_refuse(reason, size, "he has no pips left");
    }
    if (strcmp(w, HIT_MORE) == 0 || strcmp(w, HIT_LESS) == 0) {
        const tiny_unit_state *us = troops(rs, t, cmd->unit);
        if (!us)
            return rules_refuse(reason, size, "the referee must name a unit of troops");
        return strcmp(w, HIT_MORE) == 0 || us->hits > 0 ||
               rules_refuse(reason, size, "the unit has no hits");
    }
    tiny_text(reason, size, "Tiny Soldiers has no referee ruling \"%s\"", w);
    return false;
}

static void say(rules_ctx *ctx, const char *text)
{
    rules_emitf(ctx, (rules_event){.kind = RULES_EV_NOTE, .tag = "referee"}, "", "Referee: %s",
                text);
}

/* The phase over by the referee's word: the orders phase without dice, the actions phase as
 * END_PHASE ends it. */
static void end_phase(rules_state *rs, rules_ctx *ctx)
{
    if (rs->phase == TINY_PHASE_ORDERS) {
        rules_emitf(ctx,
                    (rules_event){.kind = RULES_EV_PHASE, .side = rs->active, .tag = "actions"}, "",
                    "Referee: %s's orders phase ends, no dice rolled",
                    table_side_label(ctx->table, rs->active, "the side"));
        return;
    }
    say(ctx, "the phase ends");
    tiny_resolve_end_phase(rs, ctx);
}

static void tiny_referee_resolve(rules_state *rs, rules_ctx *ctx, const rules_command *cmd)
{
    const table *t = ctx->table;
    const char *w = cmd->option;
    char text[RULES_EVENT_TEXT_MAX];
    if (strcmp(w, RULES_RULING_END_PHASE) == 0) {
        end_phase(rs, ctx);
    } else if (strcmp(w, RULES_RULING_END_TURN) == 0) {
        say(ctx, "the turn ends");
        int turn = rs->turn;
        rules_outcome oc;
        for (int k = 0; k < 2 * TURNS_MAX && rs->turn == turn; k++) {
            tiny_outcome(rs, t, &oc);
            if (oc.over || rs->react_unit.id)
                break;
            end_phase(rs, ctx);
        }
    } else if (strcmp(w, PIP_MORE) == 0 || strcmp(w, PIP_LESS) == 0) {
        const figure *f = table_figure_const(t, cmd->figure);
        const tiny_fig_state *fs = &rs->figs[cmd->figure.id - 1];
        int pips = fs->pips + (strcmp(w, PIP_MORE) == 0 ? 1 : -1);
        int rolled = fs->rolled > pips ? fs->rolled : pips;
        snprintf(text, sizeof text, "Referee: %.40s now has %d pip%s", f->name, pips,
                 pips == 1 ? "" : "s");
        rules_emitf(ctx,
                    (rules_event){.kind = RULES_EV_PIPS,
                                  .side = f->side,
                                  .figure = f->id,
                                  .value = rolled,
                                  .need = rolled - pips,
                                  .tag = "referee"},
                    "", "%s", text);
    } else if (strcmp(w, HIT_MORE) == 0) {
        /* a hit as the rules take one: shaken at three, a stand lost beyond */
        snprintf(text, sizeof text, "a hit more on %.50s",
                 table_unit_label(t, cmd->unit, "the unit"));
        say(ctx, text);
        tiny_take_hits(rs, ctx, cmd->unit, 1, (figure_id){0}, "", "the referee's ruling");
    } else if (strcmp(w, HIT_LESS) == 0) {
        const unit *u = table_unit_const(t, cmd->unit);
        int hits = rs->units[cmd->unit.id - 1].hits - 1;
        rules_emitf(ctx,
                    (rules_event){.kind = RULES_EV_RULESET,
                                  .side = u->side,
                                  .unit = u->id,
                                  .figure = cmd->figure,
                                  .value = hits,
                                  .tag = "hits"},
                    "", "Referee: %.50s now has %d hit%s", table_unit_label(t, u->id, "the unit"),
                    hits, hits == 1 ? "" : "s");
        if (hits < rs->data->shaken_hits && tiny_unit_shaken(t, u->id))
            tiny_unit_status(ctx, u->id, 0, FIGURE_STATUS_SHAKEN, "", "no longer shaken");
    }
}

const rules_referee_ops tiny_referee_ops = {
    .rulings = tiny_rulings,
    .validate = tiny_referee_validate,
    .resolve = tiny_referee_resolve,
};
