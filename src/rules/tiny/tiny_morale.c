/* G. Morale: hits, shaken units and lost stands, the rally chart; validation and resolution of
 * rallies. */
#include "rules/tiny/tiny_morale.h"

#include "rules/tiny/tiny_move.h"
#include "rules/tiny/tiny_orders.h"
#include "rules/tiny/tiny_state.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* n hits on unit u: markers up to shaken, then a stand per hit (seed 003, G). */
void tiny_take_hits(rules_state *rs, rules_ctx *ctx, unit_id u, int n, figure_id from,
                    const char *ref, const char *why)
{
    tiny_unit_geom g;
    if (n <= 0 || !tiny_unit_geom_of(ctx->table, u, &g))
        return;
    tiny_unit_state *us = &rs->units[u.id - 1];
    tiny_hits_result r = tiny_hits_take(rs->data, us->hits, g.count, n);
    side_id s = table_unit_const(ctx->table, u)->side;
    rules_emitf(ctx,
                (rules_event){.kind = RULES_EV_HIT,
                              .unit = u,
                              .figure = g.stands[0],
                              .other = from,
                              .side = s,
                              .value = n},
                ref, "%s takes %d hit%s (%s)", tiny_unit_name(ctx->table, u), n, n == 1 ? "" : "s",
                why);
    if (r.hits != us->hits)
        rules_emitf(
            ctx,
            (rules_event){
                .kind = RULES_EV_RULESET, .unit = u, .side = s, .tag = "hits", .value = r.hits},
            TINY_REF_G, "%s now carries %d hit%s", tiny_unit_name(ctx->table, u), r.hits,
            r.hits == 1 ? "" : "s");
    if (r.became_shaken)
        tiny_unit_status(ctx, u, FIGURE_STATUS_SHAKEN, 0, TINY_REF_G, "shaken at 3 hits");
    for (int k = 0; k < r.stands_removed; k++) {
        figure_id f = g.stands[g.count - 1 - k];
        rules_emitf(ctx, (rules_event){.kind = RULES_EV_REMOVE, .figure = f, .unit = u, .side = s},
                    TINY_REF_G, "a hit on shaken %s removes a stand (%s)",
                    tiny_unit_name(ctx->table, u), table_figure_const(ctx->table, f)->name);
    }
    if (r.destroyed)
        rules_emitf(ctx, (rules_event){.kind = RULES_EV_NOTE, .unit = u, .side = s}, TINY_REF_G,
                    "%s is destroyed", tiny_unit_name(ctx->table, u));
}

/* The rally chart for unit u, ordered by o's commander (seed 003, G). */
static void rally_roll(rules_state *rs, rules_ctx *ctx, unit_id u, const tiny_order *o)
{
    const table *t = ctx->table;
    const tiny_troop *tr = tiny_troop_of(rs, t, u);
    const figure *c = table_figure_const(t, o->commander);
    bool general = c && c->role == FIGURE_ROLE_GENERAL;
    bool seen = tiny_enemy_visible(rs, t, u, tiny_cm(rs, rs->data->rally_enemy_visible_in));
    bool shaken = tiny_unit_shaken(t, u);
    tiny_mods m;
    tiny_rally_mods(rs->data, tr, general, seen, shaken, &m);
    int group = rules_roll_group(ctx);
    figure_id f = tiny_first_stand(t, u);
    tiny_emit_mods(ctx, &m, f, group, TINY_REF_GR);
    int die = rules_roll(ctx, rs->data->rally_die_sides, 0, "rally", f, group, TINY_REF_GR);
    int score = die + m.total;
    tiny_rally_result r = tiny_data_rally(rs->data, score);
    side_id s = table_unit_const(t, u)->side;
    rules_emitf(ctx, (rules_event){.kind = RULES_EV_NOTE, .unit = u, .side = s, .value = score},
                TINY_REF_GR, "%s: %d%+d = %d on the rally chart: %s", tiny_unit_name(t, u), die,
                m.total, score, tiny_rally_result_name(r));
    if (r == TINY_RALLY_RETREAT) {
        tiny_retreat(rs, ctx, u, tiny_away_from_enemy(rs, t, u), true, TINY_REF_GR, "falls back");
        tiny_take_hits(rs, ctx, u, rs->data->straggler_hits, (figure_id){0}, TINY_REF_GR,
                       "stragglers");
        return;
    }
    tiny_unit_status(ctx, u, 0, FIGURE_STATUS_DEMORALISED, TINY_REF_GR, "rallied");
    int hits = rs->units[u.id - 1].hits;
    int after = r == TINY_RALLY_REMOVE_HIT ? tiny_rally_remove_hit(rs->data, hits) : hits;
    if (after != hits) {
        rules_emitf(
            ctx,
            (rules_event){
                .kind = RULES_EV_RULESET, .unit = u, .side = s, .tag = "hits", .value = after},
            TINY_REF_G, "%s removes a hit: %d left (the last hit never comes off)",
            tiny_unit_name(t, u), after);
        if (after < rs->data->shaken_hits)
            tiny_unit_status(ctx, u, 0, FIGURE_STATUS_SHAKEN, TINY_REF_G, "no longer shaken");
    }
}

void tiny_resolve_rally(rules_state *rs, rules_ctx *ctx, const rules_command *cmd,
                        const tiny_order *o)
{
    unit_id u = cmd->unit;
    tiny_spend_order(rs, ctx, o, u);
    tiny_set_flags(ctx, u, TINY_U_ORDERED, "ordered to rally");
    rally_roll(rs, ctx, u, o);
}

/* A unit of a formed brigade that has something to rally from. */
bool tiny_rally_needed(const rules_state *rs, const table *t, unit_id u)
{
    return rs->units[u.id - 1].hits > rs->data->last_hits_kept || tiny_unit_must_rally(t, u);
}

/* One order rallies a formed brigade: each of its units with something to rally from rolls. */
void tiny_resolve_brigade_rally(rules_state *rs, rules_ctx *ctx, unit_id b, const tiny_order *o)
{
    unit_id group[64];
    int n = tiny_formed_group(rs, ctx->table, b, true, group);
    tiny_spend_order(rs, ctx, o, b);
    for (int i = 0; i < n; i++)
        tiny_set_flags(ctx, group[i], TINY_U_ORDERED, "ordered to rally with its formed brigade");
    for (int i = 0; i < n; i++)
        if (tiny_rally_needed(rs, ctx->table, group[i]))
            rally_roll(rs, ctx, group[i], o);
}

static bool validate_brigade_rally(const rules_state *rs, const table *t, const rules_command *cmd,
                                   unit_id b, char *reason, size_t size)
{
    unit_id group[64];
    int n = tiny_brigade_group(rs, t, b, true, group, reason, size);
    bool any = false;
    for (int i = 0; i < n; i++)
        any |= tiny_rally_needed(rs, t, group[i]);
    if (n && !any)
        tiny_text(reason, size, "no unit of %s's formed brigade has anything to rally from",
                  table_unit_const(t, b)->name);
    return any && tiny_brigade_order(rs, t, cmd, b, reason, size);
}

bool tiny_validate_rally(const rules_state *rs, const table *t, const rules_command *cmd,
                         char *reason, size_t size)
{
    unit_id u = tiny_cmd_unit(t, cmd);
    if (tiny_is_brigade(t, u))
        return validate_brigade_rally(rs, t, cmd, u, reason, size);
    if (!tiny_own_troop_unit(rs, t, u, reason, size))
        return false;
    const unit *un = table_unit_const(t, u);
    if (rs->units[u.id - 1].flags & TINY_U_ORDERED) {
        tiny_text(reason, size, "%s has already had its order this turn", un->name);
        return false;
    }
    if (rs->units[u.id - 1].hits <= rs->data->last_hits_kept && !tiny_unit_must_rally(t, u)) {
        tiny_text(reason, size, "%s has nothing to rally from (the last hit never comes off)",
                  un->name);
        return false;
    }
    tiny_order o;
    rules_command c = *cmd;
    c.unit = u;
    return tiny_order_check(rs, t, &c, u, &o, reason, size);
}
