/* C. Orders: pips, who may order a unit and at what cost, formed brigades, the order dice. */
#include "rules/tiny/tiny_orders.h"

#include "rules/tiny/tiny_state.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static float nearest_stand_in(const rules_state *rs, const table *t, unit_id u, vec2s p)
{
    float best = INFINITY;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        if (f->unit.id != u.id || !table_figure_active(f) || tiny_is_commander(f))
            continue;
        geom_placed_base b = tiny_stand_base(f);
        best = fminf(best, (float)geom_base_point_distance(&b, p));
    }
    return tiny_in(rs, best);
}

static bool brigade_penalty(const rules_state *rs, const table *t, unit_id brigade)
{
    if (!brigade.id)
        return false;
    int total = 0, lost = 0;
    for (int i = 0; i < t->unit_count; i++) {
        const unit *un = &t->units[i];
        if (un->parent.id != brigade.id || !tiny_is_troop_unit(t, un->id))
            continue;
        total++;
        lost += tiny_unit_lost(rs, t, un->id);
    }
    return tiny_brigade_half_lost(rs->data, lost, total);
}

static bool may_order(const table *t, const figure *c, unit_id brigade)
{
    if (c->role == FIGURE_ROLE_GENERAL)
        return true;
    return c->role == FIGURE_ROLE_BRIGADIER && brigade.id && c->unit.id == brigade.id;
}

/* What commander c would pay to order u (or the brigade group whose brigade is `brigade`). */
static tiny_order order_by(const rules_state *rs, const table *t, const figure *c, unit_id u,
                           unit_id brigade, bool group)
{
    tiny_order o = {.commander = c->id};
    if (group) {
        o.distance_in = INFINITY;
        for (int i = 0; i < t->unit_count; i++)
            if (t->units[i].parent.id == brigade.id && tiny_is_troop_unit(t, t->units[i].id))
                o.distance_in =
                    fminf(o.distance_in, nearest_stand_in(rs, t, t->units[i].id, c->pos));
    } else {
        o.distance_in = nearest_stand_in(rs, t, u, c->pos);
    }
    o.penalty_loss = brigade_penalty(rs, t, brigade);
    o.cost = tiny_order_cost(rs->data, o.distance_in, o.penalty_loss);
    return o;
}

static bool order_check(const rules_state *rs, const table *t, const rules_command *cmd, unit_id u,
                        tiny_order *out, char *reason, size_t size);

/* Of the command the check reads only its commander (cmd->figure): asked without a reason on
 * legal()'s state, it is kept by unit and commander (a unit's moves, shots and charges all ask
 * it, with the same answer). */
bool tiny_order_check(const rules_state *rs, const table *t, const rules_command *cmd, unit_id u,
                      tiny_order *out, char *reason, size_t size)
{
    bool quiet = !reason || size == 0, ok;
    if (quiet && tiny_decision_order(rs, u, cmd->figure, out, &ok))
        return ok;
    ok = order_check(rs, t, cmd, u, out, reason, size);
    if (quiet)
        tiny_decision_order_put(rs, u, cmd->figure, out, ok);
    return ok;
}

static bool order_check(const rules_state *rs, const table *t, const rules_command *cmd, unit_id u,
                        tiny_order *out, char *reason, size_t size)
{
    bool group = !tiny_is_troop_unit(t, u);
    unit_id brigade = group ? u : tiny_brigade_of(t, u);
    const figure *cands[2] = {NULL, NULL};
    if (cmd->figure.id) {
        const figure *c = table_figure_const(t, cmd->figure);
        if (!c || !tiny_is_commander(c) || !table_figure_active(c) || c->side.id != rs->active.id) {
            tiny_text(reason, size, "figure %u is not one of your commanders in play",
                      cmd->figure.id);
            return false;
        }
        if (!may_order(t, c, brigade)) {
            tiny_text(reason, size, "%s may order only the units of his own brigade", c->name);
            return false;
        }
        cands[0] = c;
    } else {
        cands[0] = brigade.id ? tiny_brigadier_of(t, brigade) : NULL;
        cands[1] = tiny_general_of(t, rs->active);
    }
    char why[160] = "no commander in play can order it";
    for (int k = 0; k < 2; k++) {
        const figure *c = cands[k];
        if (!c || !table_figure_active(c))
            continue;
        tiny_order o = order_by(rs, t, c, u, brigade, group);
        int left = rs->figs[c->id.id - 1].pips;
        if (o.cost <= left) {
            *out = o;
            return true;
        }
        tiny_text(why, size ? sizeof why : 0, "%.40s has %d pip%s left; the order costs %d%s",
                  c->name, left, left == 1 ? "" : "s", o.cost,
                  o.penalty_loss                           ? " (brigade has lost half its units)"
                  : o.distance_in > rs->data->order_far_in ? " (more than 24\" away)"
                                                           : "");
    }
    tiny_text(reason, size, "%s", why);
    return false;
}

/* The formed brigade: the largest group of its movable units chained side by side or one
 * behind the other (within adjacent_gap_in, facing the same way). */
int tiny_formed_group(const rules_state *rs, const table *t, unit_id brigade, bool rally,
                      unit_id *out)
{
    unit_id cand[64];
    tiny_unit_geom gs[64];
    int n = 0;
    for (int i = 0; i < t->unit_count && n < 64; i++) {
        const unit *un = &t->units[i];
        if (un->parent.id != brigade.id || !tiny_is_troop_unit(t, un->id))
            continue;
        /* A rally may be ordered to units that must rally or are in contact; the other orders
         * go to units free to move. */
        bool free = rally ? !tiny_unit_lost(rs, t, un->id) &&
                                !(rs->units[un->id.id - 1].flags & TINY_U_ORDERED)
                          : tiny_unit_can_move(rs, t, un->id, NULL, 0);
        if (free && tiny_unit_geom_of(t, un->id, &gs[n]))
            cand[n++] = un->id;
    }
    int comp[64], best = -1, best_size = 0;
    for (int i = 0; i < n; i++)
        comp[i] = -1;
    for (int s = 0; s < n; s++) {
        if (comp[s] >= 0)
            continue;
        int stack[64], top = 0, size = 0;
        stack[top++] = s;
        comp[s] = s;
        while (top) {
            int a = stack[--top];
            size++;
            for (int b = 0; b < n; b++) {
                if (comp[b] >= 0)
                    continue;
                float gap = tiny_unit_gap_cm(rs, t, &gs[a], &gs[b]);
                float turn = fabsf(geom_angle_diff(gs[a].facing, gs[b].facing));
                if (gap <= tiny_cm(rs, rs->data->adjacent_gap_in) && turn < 0.2f) {
                    comp[b] = s;
                    stack[top++] = b;
                }
            }
        }
        if (size > best_size) {
            best_size = size;
            best = s;
        }
    }
    int m = 0;
    for (int i = 0; i < n && best_size >= 2; i++)
        if (comp[i] == best)
            out[m++] = cand[i];
    return m;
}

void tiny_spend_order(rules_state *rs, rules_ctx *ctx, const tiny_order *o, unit_id u)
{
    const figure *c = table_figure_const(ctx->table, o->commander);
    const tiny_fig_state *fs = &rs->figs[c->id.id - 1];
    int left = fs->pips - o->cost;
    rules_emitf(ctx,
                (rules_event){.kind = RULES_EV_PIPS,
                              .figure = c->id,
                              .unit = u,
                              .side = c->side,
                              .value = fs->rolled,
                              .need = fs->rolled - left},
                TINY_REF_C, "%s spends %d pip%s on %s%s; %d left", c->name, o->cost,
                o->cost == 1 ? "" : "s", tiny_unit_name(ctx->table, u),
                o->penalty_loss                           ? " (its brigade has lost half its units)"
                : o->distance_in > rs->data->order_far_in ? " (more than 24\" from him)"
                                                          : "",
                left);
}

void tiny_order_units(rules_ctx *ctx, const tiny_plan *p, uint32_t bits, const char *why)
{
    for (int i = 0; i < p->unit_count; i++)
        tiny_set_flags(ctx, p->units[i], TINY_U_ORDERED | bits, why);
}

void tiny_resolve_roll_orders(rules_state *rs, rules_ctx *ctx)
{
    int group = rules_roll_group(ctx);
    for (int i = 0; i < ctx->table->figure_count; i++) {
        const figure *f = &ctx->table->figures[i];
        if (f->side.id != rs->active.id || !tiny_is_commander(f) || !table_figure_active(f))
            continue;
        int pips = rules_roll(ctx, rs->data->order_die_sides, 0, "pips", f->id, group, TINY_REF_C);
        rules_emitf(
            ctx,
            (rules_event){.kind = RULES_EV_PIPS, .figure = f->id, .side = f->side, .value = pips},
            TINY_REF_C, "%s may give %d order%s this turn", f->name, pips, pips == 1 ? "" : "s");
    }
    rules_emitf(ctx, (rules_event){.kind = RULES_EV_PHASE, .side = rs->active, .tag = "actions"},
                TINY_REF_B, "%s moves and shoots", table_side(ctx->table, rs->active)->name);
}

/* An order to a formed brigade (seed 003, C: one order moves, shoots or rallies a unit or a
 * Formed Brigade): the group, with the reason when there is none. */
int tiny_brigade_group(const rules_state *rs, const table *t, unit_id b, bool rally, unit_id *group,
                       char *reason, size_t size)
{
    const unit *un = table_unit_const(t, b);
    if (!un || un->side.id != rs->active.id) {
        tiny_text(reason, size, "name one of your units or brigades");
        return 0;
    }
    int n = tiny_formed_group(rs, t, b, rally, group);
    if (n < 2)
        tiny_text(reason, size,
                  "%s has no formed brigade: two or more adjacent units side by side or in column",
                  un->name);
    return n < 2 ? 0 : n;
}

bool tiny_brigade_order(const rules_state *rs, const table *t, const rules_command *cmd, unit_id b,
                        char *reason, size_t size)
{
    tiny_order o;
    rules_command c = *cmd;
    c.unit = b;
    return tiny_order_check(rs, t, &c, b, &o, reason, size);
}

bool tiny_brigade_may_move(const rules_state *rs, const table *t, unit_id b)
{
    int n = 0;
    for (int i = 0; i < t->unit_count && n < 2; i++) {
        const unit *un = &t->units[i];
        n += un->parent.id == b.id && tiny_is_troop_unit(t, un->id) &&
             tiny_unit_can_move(rs, t, un->id, NULL, 0);
    }
    return n >= 2;
}

/* One order shoots, charges or rallies the formed brigade (at the nearest enemy unit). */
void tiny_add_brigade_orders(const rules_state *rs, const table *t, legal_list *l, unit_id b)
{
    tiny_unit_geom g = {0}, e;
    float gap = INFINITY;
    side_id own = rs->active;
    rules_command c = {.kind = RULES_CMD_RALLY, .side = own, .unit = b};
    tiny_try_add(rs, t, l, &c);
    /* a brigade's shot and charge need its formed group (tiny_formed_group, not a rally's) */
    if (!tiny_brigade_may_move(rs, t, b))
        return;
    for (int i = 0; i < t->unit_count; i++)
        if (t->units[i].parent.id == b.id && tiny_unit_geom_of(t, t->units[i].id, &g))
            break;
    if (!g.count || !tiny_nearest_enemy(rs, t, &g, own, &e, &gap) || gap > tiny_cm(rs, 24))
        return;
    unit_id foe = table_figure_const(t, e.stands[0])->unit;
    c = (rules_command){.kind = RULES_CMD_FIRE, .side = own, .unit = b, .target_unit = foe};
    tiny_try_add(rs, t, l, &c);
    c.kind = RULES_CMD_CHARGE;
    tiny_try_add(rs, t, l, &c);
}
