/* B. Sequence and H. Victory: whose decision it is, the end of a player turn, the outcome. */
#include "rules/tiny/tiny_sequence.h"

#include "rules/tiny/tiny_combat.h"
#include "rules/tiny/tiny_state.h"
#include "rules/text_format.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

void tiny_resolve_end_phase(rules_state *rs, rules_ctx *ctx)
{
    const table *t = ctx->table;
    rules_emitf(ctx, (rules_event){.kind = RULES_EV_PHASE, .side = rs->active, .tag = "charges"},
                TINY_REF_B, "all movement and shooting done: charges are resolved");
    tiny_resolve_contacts(rs, ctx);
    tiny_resolve_pursuits(rs, ctx);
    tiny_end_player_turn(rs, ctx);
    rules_outcome oc;
    tiny_outcome(rs, t, &oc);
    side_id next = t->sides[0].id.id == rs->active.id ? t->sides[1].id : t->sides[0].id;
    if (!oc.over && next.id == rs->first.id) {
        rules_emitf(ctx, (rules_event){.kind = RULES_EV_TURN, .value = rs->turn + 1}, TINY_REF_B,
                    "Turn %d begins", rs->turn + 1);
        tiny_outcome(rs, t, &oc);
    }
    if (oc.over) {
        rules_emitf(ctx, (rules_event){.kind = RULES_EV_GAME_OVER, .side = oc.winner}, TINY_REF_H,
                    "%s", oc.reason);
        return;
    }
    rules_emitf(ctx, (rules_event){.kind = RULES_EV_PHASE, .side = next, .tag = "orders"},
                TINY_REF_B, "the roles reverse: %s rolls its order dice",
                table_side(t, next)->name);
}

static int pips_left(const rules_state *rs, const table *t, side_id s)
{
    int n = 0;
    for (int i = 0; i < rs->fig_count; i++)
        if (t->figures[i].side.id == s.id && tiny_is_commander(&t->figures[i]) &&
            table_figure_active(&t->figures[i]))
            n += rs->figs[i].pips;
    return n;
}

rules_decision_kind tiny_decision_bare(const rules_state *rs, const table *t, side_id *who)
{
    if (rs->react_unit.id) {
        *who = table_unit_const(t, rs->react_unit)->side;
        return RULES_DECIDE_REACT;
    }
    *who = rs->active;
    return rs->phase == TINY_PHASE_ORDERS ? RULES_DECIDE_ROLL_ORDERS : RULES_DECIDE_SPEND_PIPS;
}

void tiny_decision(const rules_state *rs, const table *t, rules_decision *out)
{
    memset(out, 0, sizeof *out);
    const side *s = table_side(t, rs->active);
    out->side = rs->active;
    if (rs->react_unit.id) {
        const unit *u = table_unit_const(t, rs->react_unit);
        out->kind = RULES_DECIDE_REACT;
        out->side = u->side;
        out->unit = rs->react_unit;
        snprintf(out->phase, sizeof out->phase, "actions");
        rules_text_format_print(out->prompt, sizeof out->prompt,
                                "%s is charged: evade a full move, or stand", u->name);
    } else if (rs->phase == TINY_PHASE_ORDERS) {
        out->kind = RULES_DECIDE_ROLL_ORDERS;
        snprintf(out->phase, sizeof out->phase, "orders");
        rules_text_format_print(out->prompt, sizeof out->prompt, "%s: roll the order dice",
                                s ? s->name : "?");
    } else {
        out->kind = RULES_DECIDE_SPEND_PIPS;
        out->count = pips_left(rs, t, rs->active);
        snprintf(out->phase, sizeof out->phase, "actions");
        rules_text_format_print(out->prompt, sizeof out->prompt,
                                "%.40s: %d pips left; order units, then end the phase",
                                s ? s->name : "?", out->count);
    }
}

void tiny_army_count(const rules_state *rs, const table *t, side_id s, int *total, int *bad)
{
    *total = *bad = 0;
    for (int i = 0; i < t->unit_count; i++) {
        const unit *un = &t->units[i];
        if (un->side.id != s.id || !tiny_is_troop_unit(t, un->id))
            continue;
        const tiny_troop *tr = tiny_troop_of(rs, t, un->id);
        if (tr && !tr->counts_for_victory)
            continue;
        (*total)++;
        *bad += tiny_unit_lost(rs, t, un->id) || tiny_unit_shaken(t, un->id);
    }
}

/* tiny_army_count of both sides (t->sides[0] and [1]) in one pass over the units. */
static void armies_count(const rules_state *rs, const table *t, int total[2], int bad[2])
{
    total[0] = total[1] = bad[0] = bad[1] = 0;
    for (int i = 0; i < t->unit_count; i++) {
        const unit *un = &t->units[i];
        int k = un->side.id == t->sides[0].id.id ? 0 : un->side.id == t->sides[1].id.id ? 1 : -1;
        if (k < 0 || !tiny_is_troop_unit(t, un->id))
            continue;
        const tiny_troop *tr = tiny_troop_of(rs, t, un->id);
        if (tr && !tr->counts_for_victory)
            continue;
        total[k]++;
        bad[k] += tiny_unit_lost(rs, t, un->id) || tiny_unit_shaken(t, un->id);
    }
}

void tiny_outcome(const rules_state *rs, const table *t, rules_outcome *out)
{
    memset(out, 0, sizeof *out);
    bool broken[2];
    float frac[2];
    int total[2], bad[2];
    /* The units' stand counts and status in one pass (the memo) rather than a scan per unit. */
    tiny_geom_memo_begin(t, tiny_frames(rs));
    armies_count(rs, t, total, bad);
    tiny_geom_memo_end(t);
    for (int k = 0; k < 2; k++) {
        broken[k] = tiny_army_retreats(rs->retreat_fraction, total[k], bad[k]);
        frac[k] = total[k] ? (float)bad[k] / (float)total[k] : 1;
    }
    if (broken[0] || broken[1]) {
        out->over = true;
        out->winner = broken[0] && broken[1] ? (side_id){0} : t->sides[broken[0] ? 1 : 0].id;
        snprintf(out->reason, sizeof out->reason,
                 "%.24s must retreat: over %.0f%% of its units are shaken, destroyed or gone "
                 "(Tiny Soldiers \u2014 H: Victory)",
                 broken[0] && broken[1] ? "each army" : t->sides[broken[0] ? 0 : 1].name,
                 (double)(rs->retreat_fraction * 100));
    } else if (rs->turn > rs->max_turns) {
        out->over = true;
        out->winner = frac[0] < frac[1]   ? t->sides[0].id
                      : frac[1] < frac[0] ? t->sides[1].id
                                          : (side_id){0};
        snprintf(out->reason, sizeof out->reason,
                 "%d turns played; the army with the smaller share of shaken or lost units "
                 "holds the field",
                 rs->max_turns);
    }
}

int tiny_turn(const rules_state *rs)
{
    return rs->turn;
}

int tiny_driver(const rules_state *rs, const table *t, side_id viewer, rules_driver_item *out,
                int max)
{
    static const char *const phases[] = {"orders", "actions", "charges"};
    int n = 0;
    for (int p = 0; p < 3 && n < max; p++) {
        out[n] = (rules_driver_item){.kind = RULES_DRIVER_PHASE,
                                     .side = rs->active,
                                     .value = p,
                                     .current = (int)rs->phase == p};
        snprintf(out[n].label, sizeof out[n].label, "%s", phases[p]);
        n++;
    }
    for (int i = 0; i < t->figure_count && n < max; i++) {
        const figure *f = &t->figures[i];
        if (!tiny_is_commander(f))
            continue;
        out[n] = (rules_driver_item){.kind = RULES_DRIVER_PIPS,
                                     .side = f->side,
                                     .figure = f->id,
                                     .value = rs->figs[i].pips,
                                     .extra = rs->figs[i].rolled,
                                     .current = f->side.id == rs->active.id};
        snprintf(out[n].label, sizeof out[n].label, "%s%s", f->name,
                 table_figure_active(f) ? "" : " (wounded)");
        n++;
    }
    return n;
}
