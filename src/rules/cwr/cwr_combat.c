/* Charges and Close Combat: a charge moves the unit straight at an enemy unit with its
 * movement dice (obstacles cost as in a move); if it reaches base contact the close combat
 * follows. Only front-rank figures in base contact with an enemy figure fight: one D6 each, on
 * both sides at once, a casualty for every 6. */
#include "rules/cwr/cwr_state.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static geom_placed_base placed(const figure *f)
{
    return (geom_placed_base){.base = f->base, .pos = f->pos, .facing = f->facing};
}

int cwr_combat_figures(const rules_state *rs, const table *t, unit_id u, unit_id e)
{
    float contact = cwr_cm(rs, rs->data->contact_in);
    /* no figure of u within contact of e's: none of its front rank is (asked as 'within', which
     * stops at the first pair that near and skips far pairs at once; the nearest pair's distance
     * answers when a cache scope already has it) */
    if (!cwr_units_within(t, u, e, contact))
        return 0;
    figure_id fr[CWR_UNIT_FIGS], buf[CWR_UNIT_FIGS];
    int n = cwr_front_rank(t, u, fr, CWR_UNIT_FIGS), k = 0, ne;
    const figure_id *m = cwr_unit_members(t, e, buf, CWR_UNIT_FIGS, &ne);
    for (int i = 0; i < n; i++) {
        geom_placed_base a = placed(table_figure_const(t, fr[i]));
        for (int j = 0; j < (m ? ne : t->figure_count); j++) {
            const figure *o = m ? table_figure_const(t, m[j]) : &t->figures[j];
            if (o->unit.id != e.id || !table_figure_active(o))
                continue;
            geom_placed_base b = placed(o);
            if (geom_base_edge_distance(&a, &b) <= contact) {
                k++;
                break;
            }
        }
    }
    return k;
}

/* The most a charge could cover: every movement die a six, open ground. */
static float charge_reach_cm(const rules_state *rs, const table *t, unit_id u)
{
    int dice = cwr_move_dice(rs, t, u, false) + rs->data->open_extra_dice;
    return cwr_cm(rs, 6.0f * (float)dice);
}

int cwr_charge_targets(const rules_state *rs, const table *t, unit_id u, unit_id *out, int max)
{
    const unit *un = table_unit_const(t, u);
    float reach = charge_reach_cm(rs, t, u);
    int n = 0;
    for (int k = 0; un && k < t->unit_count && n < max; k++) {
        const unit *e = &t->units[k];
        if (e->side.id == un->side.id || !cwr_unit_alive(t, e->id) ||
            cwr_unit_hidden(rs, t, e->id, un->side))
            continue;
        if (!cwr_units_within(t, u, e->id, reach) || !cwr_sees(rs, t, u, e->id))
            continue;
        out[n++] = e->id;
    }
    return n;
}

static unit_id target_of(const table *t, const rules_command *cmd)
{
    if (cmd->target_unit.id)
        return cmd->target_unit;
    const figure *f = cmd->target.id ? table_figure_const(t, cmd->target) : NULL;
    return f ? f->unit : (unit_id){0};
}

bool cwr_charge_validate(const rules_state *rs, const table *t, const rules_command *cmd, char *why,
                         size_t size)
{
    unit_id u = cmd->unit.id ? cmd->unit : rs->unit;
    if (u.id != rs->unit.id) {
        snprintf(why, size, "only the activated unit charges");
        return false;
    }
    unit_id tg = target_of(t, cmd), list[64];
    int n = cwr_charge_targets(rs, t, u, list, 64);
    for (int i = 0; i < n; i++)
        if (list[i].id == tg.id)
            return true;
    const unit *e = table_unit_const(t, tg);
    snprintf(why, size, "%s is not an enemy unit in sight within its charge reach (%.0f\")",
             e ? e->name : "the target", (double)cwr_in(rs, charge_reach_cm(rs, t, u)));
    return false;
}

void cwr_charge_resolve(rules_state *rs, rules_ctx *ctx, const rules_command *cmd)
{
    const table *t = ctx->table;
    unit_id u = rs->unit, tg = target_of(t, cmd);
    const unit *un = table_unit_const(t, u), *eu = table_unit_const(t, tg);
    figure_id fa, fb;
    /* the plans read the table between events that move no figure: each in a cache scope */
    bool began = cwr_cache_begin(rs, t);
    cwr_unit_distance(t, u, tg, &fa, &fb);
    rules_command mv = {.kind = RULES_CMD_MOVE, .side = un->side, .unit = u, .path_count = 1};
    rules_command_add_figure(&mv, fa);
    mv.path[0] = table_figure_const(t, fb)->pos;
    char why[160];
    cwr_move_plan full;
    cwr_plan_move_cost(rs, t, &mv, &full, why, sizeof why); /* for its open terrain */
    int dice = cwr_move_dice(rs, t, u, false) + (full.open ? rs->data->open_extra_dice : 0);
    cwr_cache_end(began);
    int group = rules_roll_group(ctx), total = 0;
    for (int i = 0; i < dice; i++)
        total += rules_roll(ctx, 6, 0, "move", (figure_id){0}, group, CWR_REF_MOVE);
    cwr_move_plan p;
    began = cwr_cache_begin(rs, t);
    if (!cwr_plan_move(rs, t, &mv, cwr_cm(rs, (float)total), false, &p, why, sizeof why))
        p.count = 0; /* boxed in: it stays where it is */
    cwr_cache_end(began);
    for (int i = 0; i < p.count; i++) {
        const figure *f = table_figure_const(t, p.fig[i]);
        rules_event ev = {.kind = RULES_EV_MOVE,
                          .side = un->side,
                          .unit = u,
                          .figure = p.fig[i],
                          .other = fb,
                          .from = f->pos,
                          .pos = p.pos[i],
                          .facing = p.facing,
                          .value = (int)lroundf(p.cost_cm * 100)};
        cwr_join(ev.ref, sizeof ev.ref, CWR_REF_MOVE, NULL);
        cwr_join(ev.text, sizeof ev.text, f->name[0] ? f->name : un->name, " charges");
        rules_emit(ctx, &ev);
    }
    cwr_move_bump(rs, ctx, u, &p);
    bool reached = cwr_combat_figures(rs, ctx->table, u, tg) > 0;
    rules_emitf(ctx,
                (rules_event){.kind = RULES_EV_RULESET,
                              .side = un->side,
                              .unit = u,
                              .other = fb,
                              .value = reached ? (int)tg.id : 0,
                              .success = reached,
                              .group = group,
                              .tag = "charge"},
                CWR_REF_MOVE, "%s charges %s: %d on %dD6 = %d\"; %s", un->name, eu->name, total,
                dice, total,
                reached ? "it reaches base contact" : "it falls short, no close combat");
    const cwr_unit_state *us = cwr_ustate_const(rs, u);
    if (us->flags & CWR_U_CONCEALED)
        rules_emitf(
            ctx,
            (rules_event){.kind = RULES_EV_RULESET, .side = un->side, .unit = u, .tag = "reveal"},
            CWR_REF_FIRE, "%s is no longer concealed: it charges", un->name);
}

bool cwr_combat_validate(const rules_state *rs, const table *t, const rules_command *cmd, char *why,
                         size_t size)
{
    (void)cmd;
    if (!cwr_contact_enemy(rs, t, rs->unit).id) {
        snprintf(why, size, "no enemy in base contact with its front rank");
        return false;
    }
    return true;
}

static int throw_dice(rules_ctx *ctx, int n, const char *tag)
{
    int g = rules_roll_group(ctx), sixes = 0;
    for (int i = 0; i < n; i++)
        sixes += rules_roll(ctx, 6, 6, tag, (figure_id){0}, g, CWR_REF_COMBAT) == 6;
    return sixes;
}

void cwr_combat_resolve(rules_state *rs, rules_ctx *ctx, const rules_command *cmd)
{
    const table *t = ctx->table;
    unit_id u = rs->unit;
    unit_id e = target_of(t, cmd);
    if (!e.id || cwr_combat_figures(rs, t, u, e) == 0)
        e = cwr_contact_enemy(rs, t, u);
    const unit *un = table_unit_const(t, u), *eu = table_unit_const(t, e);
    int att = cwr_combat_figures(rs, t, u, e), def = cwr_combat_figures(rs, t, e, u);
    int hits_def = throw_dice(ctx, att, "close_combat");
    int hits_att = throw_dice(ctx, def, "close_combat_defence");
    rules_emitf(ctx,
                (rules_event){.kind = RULES_EV_HIT,
                              .side = eu->side,
                              .unit = e,
                              .value = hits_def,
                              .tag = "close_combat"},
                CWR_REF_COMBAT,
                "Close combat: %s fights with %d figure%s (%d six%s), %s with %d (%d six%s)",
                un->name, att, att == 1 ? "" : "s", hits_def, hits_def == 1 ? "" : "es", eu->name,
                def, hits_att, hits_att == 1 ? "" : "es");
    vec2s cu = cwr_front_centre(t, u), ce = cwr_front_centre(t, e);
    side_id us = un->side, them = eu->side; /* each commander removes the other's */
    cwr_take_casualties(rs, ctx, e, hits_def, cu, us, CWR_REF_COMBAT);
    cwr_take_casualties(rs, ctx, u, hits_att, ce, them, CWR_REF_COMBAT);
}
