/* Resolution: each validated command becomes events (dice, modifiers with their sources, hits,
 * removals, moves, pips), each with a line of explanation and its seed section. */
#include "rules/tiny/tiny_internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define REF_B  "seed 003, B: Sequence"
#define REF_C  "seed 003, C: Orders"
#define REF_D  "seed 003, D: Movement"
#define REF_DC "seed 003, D: Charges"
#define REF_DF "seed 003, D: Formation"
#define REF_E  "seed 003, E: Shooting"
#define REF_F  "seed 003, F: Charge Resolution"
#define REF_FC "seed 003, F: Commanders in close combat"
#define REF_FO "seed 003, F: Deciding the Outcome"
#define REF_G  "seed 003, G: Morale"
#define REF_GR "seed 003, G: Rally Chart"
#define REF_H  "seed 003, H: Victory"

static const char *unit_name(const table *t, unit_id u)
{
    const unit *un = table_unit_const(t, u);
    return un ? un->name : "?";
}

static figure_id first_stand(const table *t, unit_id u)
{
    tiny_unit_geom g;
    return tiny_unit_geom_of(t, u, &g) ? g.stands[0] : (figure_id){0};
}

static void set_flags(rules_ctx *ctx, unit_id u, uint32_t bits, const char *why)
{
    rules_emitf(ctx,
                (rules_event){.kind = RULES_EV_RULESET,
                              .unit = u,
                              .tag = "set_flags",
                              .value = (int)bits,
                              .side = table_unit_const(ctx->table, u)->side},
                REF_C, "%s: %s", unit_name(ctx->table, u), why);
}

static void unit_status(rules_ctx *ctx, unit_id u, uint32_t set, uint32_t clear, const char *ref,
                        const char *why)
{
    tiny_unit_geom g;
    if (!tiny_unit_geom_of(ctx->table, u, &g))
        return;
    for (int i = 0; i < g.count; i++) {
        const figure *f = table_figure_const(ctx->table, g.stands[i]);
        if (((f->status | set) & ~clear) == f->status)
            continue;
        rules_emitf(ctx,
                    (rules_event){.kind = RULES_EV_STATUS,
                                  .figure = f->id,
                                  .unit = u,
                                  .side = f->side,
                                  .status_set = set,
                                  .status_clear = clear},
                    ref, "%s: %s", f->name, why);
    }
}

static void emit_plan(rules_ctx *ctx, const tiny_plan *p, const char *ref, const char *what)
{
    for (int i = 0; i < p->count; i++) {
        const figure *f = table_figure_const(ctx->table, p->fig[i]);
        rules_emitf(ctx,
                    (rules_event){.kind = RULES_EV_MOVE,
                                  .figure = f->id,
                                  .unit = f->unit,
                                  .side = f->side,
                                  .from = f->pos,
                                  .pos = p->pos[i],
                                  .facing = p->facing[i],
                                  .value = (int)lroundf(p->cost_cm * 100)},
                    ref, "%s %s (%s)", f->name, what, p->note[0] ? p->note : "full move");
    }
}

static void emit_mods(rules_ctx *ctx, const tiny_mods *m, figure_id fig, int group, const char *ref)
{
    for (int i = 0; i < m->count; i++)
        rules_emitf(
            ctx,
            (rules_event){
                .kind = RULES_EV_MODIFIER, .figure = fig, .group = group, .value = m->m[i].value},
            ref, "%+d to each die: %s", m->m[i].value, m->m[i].source);
}

/* ---- orders ------------------------------------------------------------------------------------
 */

static void spend_order(rules_state *rs, rules_ctx *ctx, const tiny_order *o, unit_id u)
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
                REF_C, "%s spends %d pip%s on %s%s; %d left", c->name, o->cost,
                o->cost == 1 ? "" : "s", unit_name(ctx->table, u),
                o->penalty_loss                           ? " (its brigade has lost half its units)"
                : o->distance_in > rs->data->order_far_in ? " (more than 24\" from him)"
                                                          : "",
                left);
}

static void order_units(rules_ctx *ctx, const tiny_plan *p, uint32_t bits, const char *why)
{
    for (int i = 0; i < p->unit_count; i++)
        set_flags(ctx, p->units[i], TINY_U_ORDERED | bits, why);
}

static void resolve_roll_orders(rules_state *rs, rules_ctx *ctx)
{
    int group = rules_roll_group(ctx);
    for (int i = 0; i < ctx->table->figure_count; i++) {
        const figure *f = &ctx->table->figures[i];
        if (f->side.id != rs->active.id || !tiny_is_commander(f) || !table_figure_active(f))
            continue;
        int pips = rules_roll(ctx, rs->data->order_die_sides, 0, "pips", f->id, group, REF_C);
        rules_emitf(
            ctx,
            (rules_event){.kind = RULES_EV_PIPS, .figure = f->id, .side = f->side, .value = pips},
            REF_C, "%s may give %d order%s this turn", f->name, pips, pips == 1 ? "" : "s");
    }
    rules_emitf(ctx, (rules_event){.kind = RULES_EV_PHASE, .side = rs->active, .tag = "actions"},
                REF_B, "%s moves and shoots", table_side(ctx->table, rs->active)->name);
}

/* ---- hits and morale
 * ----------------------------------------------------------------------------- */

/* n hits on unit u: markers up to shaken, then a stand per hit (seed 003, G). */
static void take_hits(rules_state *rs, rules_ctx *ctx, unit_id u, int n, figure_id from,
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
                ref, "%s takes %d hit%s (%s)", unit_name(ctx->table, u), n, n == 1 ? "" : "s", why);
    if (r.hits != us->hits)
        rules_emitf(
            ctx,
            (rules_event){
                .kind = RULES_EV_RULESET, .unit = u, .side = s, .tag = "hits", .value = r.hits},
            REF_G, "%s now carries %d hit%s", unit_name(ctx->table, u), r.hits,
            r.hits == 1 ? "" : "s");
    if (r.became_shaken)
        unit_status(ctx, u, FIGURE_STATUS_SHAKEN, 0, REF_G, "shaken at 3 hits");
    for (int k = 0; k < r.stands_removed; k++) {
        figure_id f = g.stands[g.count - 1 - k];
        rules_emitf(ctx, (rules_event){.kind = RULES_EV_REMOVE, .figure = f, .unit = u, .side = s},
                    REF_G, "a hit on shaken %s removes a stand (%s)", unit_name(ctx->table, u),
                    table_figure_const(ctx->table, f)->name);
    }
    if (r.destroyed)
        rules_emitf(ctx, (rules_event){.kind = RULES_EV_NOTE, .unit = u, .side = s}, REF_G,
                    "%s is destroyed", unit_name(ctx->table, u));
}

/* The unit retreats (or evades) a full move along dir, through friends but never through an
 * enemy or terrain closed to it, ending clear of every stand; off the table it is gone. A
 * forced retreat that cannot be made (deployed guns, or less than retreat_min_in of room) destroys
 * the unit (seed 003, F: Deciding the Outcome); an evade that cannot be made is not made and
 * the unit stands. Returns false when the unit did not move. */
static bool retreat(rules_state *rs, rules_ctx *ctx, unit_id u, vec2s dir, bool forced,
                    const char *ref, const char *what)
{
    const table *t = ctx->table;
    const tiny_troop *tr = tiny_troop_of(rs, t, u);
    side_id s = table_unit_const(t, u)->side;
    tiny_unit_geom g;
    if (!tr || !tiny_unit_geom_of(t, u, &g))
        return false;
    tiny_plan p;
    bool off, blocked;
    tiny_plan_retreat(rs, t, u, dir, &p, &off, &blocked);
    bool deployed_guns = tr->limber != TINY_LIMBER_NONE && !tiny_unit_limbered(t, u);
    if (!forced && blocked) {
        rules_emitf(ctx, (rules_event){.kind = RULES_EV_NOTE, .unit = u, .side = s}, ref,
                    "%s has no room to evade and stands", unit_name(t, u));
        return false;
    }
    if (deployed_guns || blocked) {
        rules_emitf(ctx, (rules_event){.kind = RULES_EV_NOTE, .unit = u, .side = s}, ref,
                    "%s cannot get away (%s) and is destroyed", unit_name(t, u),
                    deployed_guns ? "deployed guns" : "no room to retreat");
        for (int i = 0; i < g.count; i++)
            rules_emitf(
                ctx,
                (rules_event){.kind = RULES_EV_REMOVE, .figure = g.stands[i], .unit = u, .side = s},
                ref, "%s is lost", table_figure_const(t, g.stands[i])->name);
        return false;
    }
    if (off || p.distance_cm >= p.allowance_cm - 1e-3f)
        snprintf(p.note, sizeof p.note, "about-face and a full move of %.1f\"",
                 (double)tiny_in(rs, p.allowance_cm));
    else
        snprintf(p.note, sizeof p.note, "about-face; stopped after %.1f\" of %.1f\"",
                 (double)tiny_in(rs, p.distance_cm), (double)tiny_in(rs, p.allowance_cm));
    emit_plan(ctx, &p, ref, what);
    if (off) {
        rules_emitf(ctx,
                    (rules_event){.kind = RULES_EV_RULESET,
                                  .unit = u,
                                  .side = s,
                                  .tag = "set_flags",
                                  .value = (int)TINY_U_GONE},
                    ref, "%s is forced off the table", unit_name(t, u));
        for (int i = 0; i < g.count; i++)
            rules_emitf(ctx,
                        (rules_event){.kind = RULES_EV_REMOVE,
                                      .figure = g.stands[i],
                                      .unit = u,
                                      .side = s,
                                      .status_set = FIGURE_STATUS_OFF_TABLE},
                        ref, "%s leaves the table", table_figure_const(t, g.stands[i])->name);
        return true;
    }
    unit_status(ctx, u, FIGURE_STATUS_DEMORALISED, 0, ref,
                "must be rallied before it moves or "
                "shoots again");
    return true;
}

/* Away from the nearest enemy unit on the table (the unit's rear when there is none). */
static vec2s away_from_enemy(const rules_state *rs, const table *t, unit_id u)
{
    tiny_unit_geom g, e;
    tiny_unit_geom_of(t, u, &g);
    side_id own = table_unit_const(t, u)->side;
    float best = INFINITY;
    vec2s away = geom_dir(g.facing + (float)GEOM_PI);
    for (int i = 0; i < t->unit_count; i++) {
        const unit *un = &t->units[i];
        if (un->side.id == own.id || !tiny_is_troop_unit(t, un->id) ||
            tiny_unit_lost(rs, t, un->id) || !tiny_unit_geom_of(t, un->id, &e))
            continue;
        float gap = tiny_unit_gap_cm(t, &g, &e);
        vec2s d = {{g.centre.x - e.centre.x, g.centre.y - e.centre.y}};
        if (gap < best && hypotf(d.x, d.y) > 1e-3f) {
            best = gap;
            away = d;
        }
    }
    return away;
}

static void rally_roll(rules_state *rs, rules_ctx *ctx, unit_id u, const tiny_order *o);

static void resolve_rally(rules_state *rs, rules_ctx *ctx, const rules_command *cmd,
                          const tiny_order *o)
{
    unit_id u = cmd->unit;
    spend_order(rs, ctx, o, u);
    set_flags(ctx, u, TINY_U_ORDERED, "ordered to rally");
    rally_roll(rs, ctx, u, o);
}

/* One order rallies a formed brigade: each of its units with something to rally from rolls. */
static void resolve_brigade_rally(rules_state *rs, rules_ctx *ctx, unit_id b, const tiny_order *o)
{
    unit_id group[64];
    int n = tiny_formed_group(rs, ctx->table, b, true, group);
    spend_order(rs, ctx, o, b);
    for (int i = 0; i < n; i++)
        set_flags(ctx, group[i], TINY_U_ORDERED, "ordered to rally with its formed brigade");
    for (int i = 0; i < n; i++)
        if (tiny_rally_needed(rs, ctx->table, group[i]))
            rally_roll(rs, ctx, group[i], o);
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
    figure_id f = first_stand(t, u);
    emit_mods(ctx, &m, f, group, REF_GR);
    int die = rules_roll(ctx, rs->data->rally_die_sides, 0, "rally", f, group, REF_GR);
    int score = die + m.total;
    tiny_rally_result r = tiny_data_rally(rs->data, score);
    side_id s = table_unit_const(t, u)->side;
    rules_emitf(ctx, (rules_event){.kind = RULES_EV_NOTE, .unit = u, .side = s, .value = score},
                REF_GR, "%s: %d%+d = %d on the rally chart: %s", unit_name(t, u), die, m.total,
                score, tiny_rally_result_name(r));
    if (r == TINY_RALLY_RETREAT) {
        retreat(rs, ctx, u, away_from_enemy(rs, t, u), true, REF_GR, "falls back");
        take_hits(rs, ctx, u, rs->data->straggler_hits, (figure_id){0}, REF_GR, "stragglers");
        return;
    }
    unit_status(ctx, u, 0, FIGURE_STATUS_DEMORALISED, REF_GR, "rallied");
    int hits = rs->units[u.id - 1].hits;
    int after = r == TINY_RALLY_REMOVE_HIT ? tiny_rally_remove_hit(rs->data, hits) : hits;
    if (after != hits) {
        rules_emitf(
            ctx,
            (rules_event){
                .kind = RULES_EV_RULESET, .unit = u, .side = s, .tag = "hits", .value = after},
            REF_G, "%s removes a hit: %d left (the last hit never comes off)", unit_name(t, u),
            after);
        if (after < rs->data->shaken_hits)
            unit_status(ctx, u, 0, FIGURE_STATUS_SHAKEN, REF_G, "no longer shaken");
    }
}

/* ---- shooting
 * ------------------------------------------------------------------------------------- */

static void volley(rules_state *rs, rules_ctx *ctx, unit_id u, unit_id target);

static void resolve_fire(rules_state *rs, rules_ctx *ctx, const rules_command *cmd,
                         const tiny_order *o, unit_id u, unit_id target)
{
    (void)cmd;
    if (o)
        spend_order(rs, ctx, o, u);
    set_flags(ctx, u, TINY_U_ORDERED | TINY_U_SHOT, "shoots");
    volley(rs, ctx, u, target);
}

/* One order for a formed brigade: each of its units with the target in reach shoots at it, in
 * turn (a later volley sees the hits of the earlier); the others hold their fire. */
static void resolve_brigade_fire(rules_state *rs, rules_ctx *ctx, unit_id b, const tiny_order *o,
                                 unit_id target)
{
    unit_id group[64];
    bool ready[64];
    tiny_fire_plan fp;
    char why[160];
    int n = tiny_formed_group(rs, ctx->table, b, false, group);
    for (int i = 0; i < n; i++)
        ready[i] = tiny_plan_fire(rs, ctx->table, group[i], target, &fp, why, sizeof why);
    spend_order(rs, ctx, o, b);
    for (int i = 0; i < n; i++)
        set_flags(ctx, group[i], TINY_U_ORDERED | TINY_U_SHOT,
                  "shoots as part of a formed brigade");
    for (int i = 0; i < n; i++)
        if (ready[i] && !tiny_unit_lost(rs, ctx->table, target) &&
            tiny_plan_volley(rs, ctx->table, group[i], target, &fp, why, sizeof why))
            volley(rs, ctx, group[i], target);
}

/* The dice of one unit's volley at the target, and their hits (seed 003, E). */
static void volley(rules_state *rs, rules_ctx *ctx, unit_id u, unit_id target)
{
    const table *t = ctx->table;
    tiny_fire_plan fp;
    char why[128];
    tiny_plan_volley(rs, t, u, target, &fp, why, sizeof why);
    int group = rules_roll_group(ctx), hits = 0;
    bool destroy_cover = false;
    for (int i = 0; i < fp.count; i++) {
        emit_mods(ctx, &fp.mods[i], fp.shooter[i], group, REF_E);
        int need = fp.need[i] < 1 ? 1 : fp.need[i];
        int die = rules_roll(ctx, 6, need, "to_hit", fp.shooter[i], group, REF_E);
        hits += die >= need;
        destroy_cover |= fp.cover_feature >= 0 && die >= rs->data->siege_cover_need;
    }
    rules_emitf(ctx, (rules_event){.kind = RULES_EV_NOTE, .unit = u, .value = hits}, REF_E,
                "%s shoots at %s with %d dice: %d hit%s", unit_name(t, u), unit_name(t, target),
                fp.count, hits, hits == 1 ? "" : "s");
    if (destroy_cover)
        rules_emitf(ctx,
                    (rules_event){.kind = RULES_EV_RULESET,
                                  .unit = target,
                                  .tag = "cover_gone",
                                  .value = fp.cover_feature},
                    REF_E, "siege guns batter down the cover of %s (%s)", unit_name(t, target),
                    t->features[fp.cover_feature].name[0] ? t->features[fp.cover_feature].name
                                                          : "a feature");
    take_hits(rs, ctx, target, hits, fp.shooter[0], REF_E, "shooting");
}

/* ---- movement and formation
 * ------------------------------------------------------------------------- */

static void resolve_move(rules_state *rs, rules_ctx *ctx, const rules_command *cmd,
                         const tiny_plan *p, const tiny_order *o)
{
    const table *t = ctx->table;
    const figure *f0 = p->count ? table_figure_const(t, p->fig[0]) : NULL;
    if (f0 && tiny_is_commander(f0)) {
        emit_plan(ctx, p, REF_C, "moves without an order");
        rules_emitf(ctx,
                    (rules_event){.kind = RULES_EV_RULESET,
                                  .figure = f0->id,
                                  .side = f0->side,
                                  .tag = "commander_moved"},
                    REF_C, "%s has made his move this turn", f0->name);
        return;
    }
    unit_id ordered = cmd->unit.id ? cmd->unit : f0->unit;
    spend_order(rs, ctx, o, ordered);
    order_units(ctx, p, TINY_U_MOVED | (p->road ? TINY_U_ROAD : 0),
                p->unit_count > 1 ? "moves as part of a formed brigade" : "moves");
    emit_plan(ctx, p, REF_D,
              p->about_face                  ? "about-faces and moves"
              : cmd->kind == RULES_CMD_WHEEL ? "wheels"
                                             : "moves");
}

static bool is_column_or_line(const char *s)
{
    return strcmp(s, "column") == 0 || strcmp(s, "line") == 0;
}

static void resolve_formation(rules_state *rs, rules_ctx *ctx, const rules_command *cmd,
                              const tiny_order *o)
{
    const table *t = ctx->table;
    unit_id u = cmd->unit;
    spend_order(rs, ctx, o, u);
    set_flags(ctx, u, TINY_U_ORDERED | TINY_U_FORMATION, "changes formation: its whole turn");
    if (is_column_or_line(cmd->option)) {
        tiny_plan p;
        tiny_plan_reform(t, u, cmd->option, &p);
        snprintf(p.note, sizeof p.note, "forms %s", cmd->option);
        emit_plan(ctx, &p, REF_DF, "takes its place");
    }
    rules_event ev = {.kind = RULES_EV_FORMATION, .unit = u, .side = table_unit_const(t, u)->side};
    snprintf(ev.tag, sizeof ev.tag, "%s", cmd->option);
    rules_emitf(ctx, ev, REF_DF, "%s is now %s", unit_name(t, u), cmd->option);
}

/* ---- charges and their resolution
 * -------------------------------------------------------------------- */

static bool in_contact_pair(const rules_state *rs, const table *t, unit_id a, unit_id b);

/* A charge by one unit, or by a formed brigade (`ordered` is then the brigade and p->units[0]
 * its lead): the lead and every member that reaches the target charge it. */
static void resolve_charge(rules_state *rs, rules_ctx *ctx, unit_id ordered, const tiny_plan *p,
                           const tiny_order *o, unit_id target)
{
    const table *t = ctx->table;
    unit_id u = p->units[0];
    spend_order(rs, ctx, o, ordered);
    order_units(ctx, p,
                TINY_U_MOVED | TINY_U_CHARGED | (p->difficult ? TINY_U_DIFFICULT : 0) |
                    (p->over_cover ? TINY_U_OVER_COVER : 0),
                p->unit_count > 1 ? "charges with its formed brigade" : "charges");
    emit_plan(ctx, p, REF_DC, "charges");
    side_id ts = table_unit_const(t, target)->side;
    for (int i = 0; i < p->unit_count; i++) {
        unit_id m = p->units[i];
        if (i > 0 && !in_contact_pair(rs, t, m, target))
            continue;
        rules_emitf(ctx,
                    (rules_event){.kind = RULES_EV_RULESET,
                                  .unit = m,
                                  .tag = "charge",
                                  .value = (int)target.id,
                                  .side = table_unit_const(t, m)->side},
                    REF_DC, "%s charges the %s of %s", unit_name(t, m), p->edge,
                    unit_name(t, target));
    }
    if (strcmp(p->edge, "front") == 0)
        rules_emitf(ctx,
                    (rules_event){.kind = RULES_EV_RULESET,
                                  .unit = target,
                                  .side = ts,
                                  .tag = "set_flags",
                                  .value = (int)TINY_U_CHARGED_FRONT},
                    REF_F, "%s is charged from the front", unit_name(t, target));
    const tiny_troop *tt = tiny_troop_of(rs, t, target);
    if (tt && tt->evade && !tiny_unit_must_rally(t, target))
        rules_emitf(ctx,
                    (rules_event){.kind = RULES_EV_RULESET,
                                  .unit = target,
                                  .side = ts,
                                  .tag = "react",
                                  .value = (int)u.id},
                    REF_DC, "%s may evade a full move or stand", unit_name(t, target));
}

static void resolve_evade(rules_state *rs, rules_ctx *ctx, bool evade)
{
    const table *t = ctx->table;
    unit_id u = rs->react_unit, c = rs->react_charger;
    side_id s = table_unit_const(t, u)->side;
    if (evade) {
        tiny_unit_geom g, cg;
        tiny_unit_geom_of(t, u, &g);
        tiny_unit_geom_of(t, c, &cg);
        vec2s away = {{g.centre.x - cg.centre.x, g.centre.y - cg.centre.y}};
        retreat(rs, ctx, u, away, false, REF_DC, "evades");
    } else {
        rules_emitf(ctx, (rules_event){.kind = RULES_EV_NOTE, .unit = u, .side = s}, REF_DC,
                    "%s stands to receive the charge", unit_name(t, u));
    }
    rules_emitf(ctx,
                (rules_event){.kind = RULES_EV_RULESET, .unit = u, .side = s, .tag = "react_done"},
                REF_DC, "the charge goes on");
}

/* Commanders touching a unit in combat join it (seed 003, F: Commanders in close combat). */
static int joined_commanders(rules_state *rs, const table *t, unit_id u, figure_id *out)
{
    tiny_unit_geom g;
    int n = 0;
    if (!tiny_unit_geom_of(t, u, &g))
        return 0;
    side_id s = table_unit_const(t, u)->side;
    for (int i = 0; i < t->figure_count && n < 2; i++) {
        const figure *c = &t->figures[i];
        if (c->side.id != s.id || !tiny_is_commander(c) || !table_figure_active(c))
            continue;
        for (int k = 0; k < g.count; k++) {
            geom_placed_base b = tiny_stand_base(table_figure_const(t, g.stands[k]));
            geom_placed_base cb = tiny_stand_base(c);
            if (geom_base_edge_distance(&b, &cb) <= tiny_cm(rs, rs->data->commander_join_in)) {
                out[n++] = c->id;
                break;
            }
        }
    }
    return n;
}

static void lose_commander(rules_state *rs, rules_ctx *ctx, const figure *c)
{
    bool own_turn = c->side.id == rs->active.id;
    int ends = rs->data->commander_replace_turns + (own_turn ? 1 : 0);
    rules_emitf(ctx,
                (rules_event){.kind = RULES_EV_REMOVE,
                              .figure = c->id,
                              .unit = c->unit,
                              .side = c->side,
                              .status_set = FIGURE_STATUS_WOUNDED | FIGURE_STATUS_OFF_TABLE},
                REF_FC, "%s rolls a 1: wounded and carried from the field", c->name);
    rules_emitf(ctx,
                (rules_event){.kind = RULES_EV_RULESET,
                              .figure = c->id,
                              .side = c->side,
                              .tag = "replace_ends",
                              .value = ends},
                REF_FC, "a replacement for %s takes over at the end of his side's next turn",
                c->name);
}

/* One side's dice against the other: returns the hits inflicted. */
static int melee_roll(rules_state *rs, rules_ctx *ctx, unit_id u, unit_id enemy)
{
    const table *t = ctx->table;
    tiny_melee_side a, b;
    tiny_melee_side_of(rs, t, u, enemy, &a);
    tiny_melee_side_of(rs, t, enemy, u, &b);
    if (!a.troop || !b.troop || a.stands == 0)
        return 0;
    tiny_mods m;
    int need = tiny_melee_need(rs->data, &a, &b, &m);
    int dice = tiny_melee_dice(&a), group = rules_roll_group(ctx), hits = 0;
    figure_id f = first_stand(t, u);
    rules_emitf(ctx, (rules_event){.kind = RULES_EV_NOTE, .unit = u, .value = dice}, REF_F,
                "%s rolls %d di%s (%s)", unit_name(t, u), dice, dice == 1 ? "e" : "ce",
                dice == 1 ? (a.shaken          ? "shaken"
                             : a.column        ? "in column"
                             : a.limbered      ? "limbered"
                             : a.flank_or_rear ? "contacted in flank or rear"
                                               : "one stand")
                          : "one per stand, in line with front contact");
    emit_mods(ctx, &m, f, group, REF_F);
    int eff = need < 1 ? 1 : need;
    for (int i = 0; i < dice; i++)
        hits += rules_roll(ctx, 6, eff, "melee", f, group, REF_F) >= eff;
    figure_id cs[2];
    int nc = joined_commanders(rs, t, u, cs);
    for (int i = 0; i < nc; i++) {
        const figure *c = table_figure_const(t, cs[i]);
        int die = rules_roll(ctx, 6, rs->data->commander_need, "commander", c->id, group, REF_FC);
        hits += die >= rs->data->commander_need;
        if (die <= rs->data->commander_lost_on)
            lose_commander(rs, ctx, c);
    }
    return hits;
}

static bool was_charged_front_by(const rules_state *rs, unit_id target, unit_id charger)
{
    if (!(rs->units[target.id - 1].flags & TINY_U_CHARGED_FRONT))
        return false;
    for (int i = 0; i < rs->charge_count; i++)
        if (rs->charges[i].charger.id == charger.id && rs->charges[i].target.id == target.id)
            return true;
    return false;
}

static void melee(rules_state *rs, rules_ctx *ctx, unit_id a, unit_id b)
{
    const table *t = ctx->table;
    const tiny_troop *bt = tiny_troop_of(rs, t, b);
    rules_emitf(ctx, (rules_event){.kind = RULES_EV_NOTE, .unit = a}, REF_F,
                "Charge resolution: %s against %s", unit_name(t, a), unit_name(t, b));
    int on_a, on_b;
    if (was_charged_front_by(rs, b, a) && tiny_defensive_fire(bt, tiny_unit_limbered(t, b))) {
        rules_emitf(ctx, (rules_event){.kind = RULES_EV_NOTE, .unit = b}, REF_F,
                    "%s was charged from the front: its defensive fire comes first",
                    unit_name(t, b));
        on_a = melee_roll(rs, ctx, b, a);
        take_hits(rs, ctx, a, on_a, first_stand(t, b), REF_F, "defensive fire");
        on_b = tiny_unit_lost(rs, t, a) ? 0 : melee_roll(rs, ctx, a, b);
        take_hits(rs, ctx, b, on_b, first_stand(t, a), REF_F, "melee");
    } else {
        on_b = melee_roll(rs, ctx, a, b);
        on_a = melee_roll(rs, ctx, b, a);
        take_hits(rs, ctx, b, on_b, first_stand(t, a), REF_F, "melee, simultaneous");
        take_hits(rs, ctx, a, on_a, first_stand(t, b), REF_F, "melee, simultaneous");
    }
    if (on_a == on_b) {
        rules_emitf(ctx, (rules_event){.kind = RULES_EV_NOTE, .unit = a}, REF_FO,
                    "%d hits each: neither gives way", on_a);
        return;
    }
    unit_id loser = on_a > on_b ? a : b, winner = on_a > on_b ? b : a;
    rules_emitf(ctx, (rules_event){.kind = RULES_EV_NOTE, .unit = loser}, REF_FO,
                "%s took %d hits and inflicted %d: it gives way", unit_name(t, loser),
                on_a > on_b ? on_a : on_b, on_a > on_b ? on_b : on_a);
    if (!tiny_unit_lost(rs, t, loser)) {
        tiny_unit_geom lg, wg;
        tiny_unit_geom_of(t, loser, &lg);
        tiny_unit_geom_of(t, winner, &wg);
        vec2s away = {{lg.centre.x - wg.centre.x, lg.centre.y - wg.centre.y}};
        retreat(rs, ctx, loser, away, true, REF_FO, "retreats");
    }
    const tiny_troop *wt = tiny_troop_of(rs, t, winner);
    if (wt && wt->pursue && !tiny_unit_lost(rs, t, winner) &&
        !tiny_unit_in_contact(rs, t, winner)) {
        side_id ws = table_unit_const(t, winner)->side;
        rules_emitf(ctx,
                    (rules_event){.kind = RULES_EV_RULESET,
                                  .unit = winner,
                                  .side = ws,
                                  .tag = "beaten",
                                  .value = (int)loser.id},
                    REF_FO, "%s beat %s", unit_name(t, winner), unit_name(t, loser));
        rules_emitf(ctx,
                    (rules_event){.kind = RULES_EV_RULESET,
                                  .unit = winner,
                                  .side = ws,
                                  .tag = "set_flags",
                                  .value = (int)TINY_U_PURSUE},
                    REF_FO, "victorious cavalry %s may pursue", unit_name(t, winner));
    }
}

static bool in_contact_pair(const rules_state *rs, const table *t, unit_id a, unit_id b)
{
    tiny_unit_geom ga, gb;
    if (!tiny_unit_geom_of(t, a, &ga) || !tiny_unit_geom_of(t, b, &gb))
        return false;
    return tiny_unit_gap_cm(t, &ga, &gb) <= tiny_cm(rs, rs->data->contact_gap_in);
}

static void resolve_contacts(rules_state *rs, rules_ctx *ctx)
{
    const table *t = ctx->table;
    for (int i = 0; i < t->unit_count; i++) {
        unit_id a = t->units[i].id;
        if (t->units[i].side.id != rs->active.id || !tiny_is_troop_unit(t, a))
            continue;
        for (int k = 0; k < t->unit_count; k++) {
            unit_id b = t->units[k].id;
            if (t->units[k].side.id == rs->active.id || !tiny_is_troop_unit(t, b) ||
                tiny_unit_lost(rs, t, a) || tiny_unit_lost(rs, t, b) ||
                !in_contact_pair(rs, t, a, b))
                continue;
            melee(rs, ctx, a, b);
        }
    }
}

/* Victorious cavalry charges on (the beaten unit if it can reach it), fights again, and then
 * must rally even if it wins (seed 003, F: Deciding the Outcome); with no pursuit possible it
 * stays and need not rally. */
static void resolve_pursuits(rules_state *rs, rules_ctx *ctx)
{
    const table *t = ctx->table;
    for (int i = 0; i < rs->unit_count; i++) {
        if (!(rs->units[i].flags & TINY_U_PURSUE))
            continue;
        unit_id u = t->units[i].id, beaten = rs->units[i].beaten;
        side_id s = t->units[i].side;
        rules_emitf(ctx,
                    (rules_event){.kind = RULES_EV_RULESET,
                                  .unit = u,
                                  .side = s,
                                  .tag = "clear_flags",
                                  .value = (int)TINY_U_PURSUE},
                    REF_FO, "%s pursues", unit_name(t, u));
        tiny_plan p;
        char why[128];
        if (tiny_unit_lost(rs, t, u) ||
            !tiny_plan_charge(rs, t, u, beaten, true, &p, why, sizeof why)) {
            /* The rally the seed asks for follows the pursuit's charge move ("it may
             * immediately make a charge move ... but it may not move or shoot again until it is
             * rallied"): no charge move, no rally to make. */
            rules_emitf(ctx, (rules_event){.kind = RULES_EV_NOTE, .unit = u, .side = s}, REF_FO,
                        "%s cannot pursue (%s) and stays where it is, free to act next turn",
                        unit_name(t, u),
                        tiny_unit_lost(rs, t, beaten) ? "the beaten enemy is gone" : why);
            continue;
        }
        emit_plan(ctx, &p, REF_FO, "pursues");
        rules_emitf(ctx,
                    (rules_event){.kind = RULES_EV_RULESET,
                                  .unit = u,
                                  .tag = "charge",
                                  .value = (int)beaten.id,
                                  .side = s},
                    REF_FO, "%s charges %s again", unit_name(t, u), unit_name(t, beaten));
        if (p.difficult)
            rules_emitf(ctx,
                        (rules_event){.kind = RULES_EV_RULESET,
                                      .unit = u,
                                      .side = s,
                                      .tag = "set_flags",
                                      .value = (int)(TINY_U_DIFFICULT |
                                                     (p.over_cover ? TINY_U_OVER_COVER : 0))},
                        REF_FO, "through difficult ground");
        melee(rs, ctx, u, beaten);
        if (!tiny_unit_lost(rs, t, u))
            unit_status(ctx, u, FIGURE_STATUS_DEMORALISED, 0, REF_FO,
                        "after the pursuit it must rally, even though it won");
        /* A pursuit earns no second pursuit. */
        if (rs->units[i].flags & TINY_U_PURSUE)
            rules_emitf(ctx,
                        (rules_event){.kind = RULES_EV_RULESET,
                                      .unit = u,
                                      .side = s,
                                      .tag = "clear_flags",
                                      .value = (int)TINY_U_PURSUE},
                        REF_FO, "one pursuit only");
    }
}

/* Where a replacement commander appears: behind his brigade (or the army's first unit). */
static vec2s replacement_place(rules_state *rs, const table *t, const figure *c)
{
    for (int i = 0; i < t->unit_count; i++) {
        const unit *un = &t->units[i];
        bool mine = c->role == FIGURE_ROLE_GENERAL ? un->side.id == c->side.id
                                                   : un->parent.id == c->unit.id;
        tiny_unit_geom g;
        if (!mine || !tiny_unit_geom_of(t, un->id, &g))
            continue;
        vec2s p = {{g.rear.x - geom_dir(g.facing).x * tiny_cm(rs, 2),
                    g.rear.y - geom_dir(g.facing).y * tiny_cm(rs, 2)}};
        p.x = fminf(fmaxf(p.x, 1), t->width_cm - 1);
        p.y = fminf(fmaxf(p.y, 1), t->height_cm - 1);
        return p;
    }
    return c->pos;
}

static void end_player_turn(rules_state *rs, rules_ctx *ctx)
{
    const table *t = ctx->table;
    for (int i = 0; i < rs->fig_count; i++) {
        const figure *c = &t->figures[i];
        if (c->side.id != rs->active.id || rs->figs[i].replace_ends <= 0)
            continue;
        int left = rs->figs[i].replace_ends - 1;
        rules_emitf(ctx,
                    (rules_event){.kind = RULES_EV_RULESET,
                                  .figure = c->id,
                                  .side = c->side,
                                  .tag = "replace_ends",
                                  .value = left},
                    REF_FC, "%s's replacement: %d turn end%s to go", c->name, left,
                    left == 1 ? "" : "s");
        if (left > 0)
            continue;
        vec2s at = replacement_place(rs, t, c);
        rules_emitf(ctx,
                    (rules_event){.kind = RULES_EV_STATUS,
                                  .figure = c->id,
                                  .side = c->side,
                                  .status_clear = FIGURE_STATUS_WOUNDED | FIGURE_STATUS_OFF_TABLE},
                    REF_FC, "a replacement takes over from %s", c->name);
        rules_emitf(ctx,
                    (rules_event){.kind = RULES_EV_MOVE,
                                  .figure = c->id,
                                  .side = c->side,
                                  .from = c->pos,
                                  .pos = at,
                                  .facing = c->facing},
                    REF_FC, "the replacement takes his place behind the line");
    }
}

static void resolve_end_phase(rules_state *rs, rules_ctx *ctx)
{
    const table *t = ctx->table;
    rules_emitf(ctx, (rules_event){.kind = RULES_EV_PHASE, .side = rs->active, .tag = "charges"},
                REF_B, "all movement and shooting done: charges are resolved");
    resolve_contacts(rs, ctx);
    resolve_pursuits(rs, ctx);
    end_player_turn(rs, ctx);
    rules_outcome oc;
    tiny_rules_ops.outcome(rs, t, &oc);
    side_id next = t->sides[0].id.id == rs->active.id ? t->sides[1].id : t->sides[0].id;
    if (!oc.over && next.id == rs->first.id) {
        rules_emitf(ctx, (rules_event){.kind = RULES_EV_TURN, .value = rs->turn + 1}, REF_B,
                    "Turn %d begins", rs->turn + 1);
        tiny_rules_ops.outcome(rs, t, &oc);
    }
    if (oc.over) {
        rules_emitf(ctx, (rules_event){.kind = RULES_EV_GAME_OVER, .side = oc.winner}, REF_H, "%s",
                    oc.reason);
        return;
    }
    rules_emitf(ctx, (rules_event){.kind = RULES_EV_PHASE, .side = next, .tag = "orders"}, REF_B,
                "the roles reverse: %s rolls its order dice", table_side(t, next)->name);
}

/* ---- dispatch
 * ------------------------------------------------------------------------------------- */

static unit_id cmd_unit(const table *t, const rules_command *cmd)
{
    if (cmd->unit.id)
        return cmd->unit;
    const figure *f = cmd->figure_count ? table_figure_const(t, cmd->figures[0]) : NULL;
    return f ? f->unit : (unit_id){0};
}

static unit_id cmd_target(const table *t, const rules_command *cmd)
{
    if (cmd->target_unit.id)
        return cmd->target_unit;
    const figure *f = table_figure_const(t, cmd->target);
    return f ? f->unit : (unit_id){0};
}

void tiny_resolve(rules_state *rs, rules_ctx *ctx, const rules_command *cmd)
{
    const table *t = ctx->table;
    char why[160];
    tiny_order o = {0};
    tiny_plan p;
    unit_id u = cmd_unit(t, cmd);
    switch (cmd->kind) {
    case RULES_CMD_ROLL_ORDERS:
        resolve_roll_orders(rs, ctx);
        break;
    case RULES_CMD_MOVE:
    case RULES_CMD_WHEEL:
        tiny_plan_move(rs, t, cmd, &p, why, sizeof why);
        if (!(p.count && tiny_is_commander(table_figure_const(t, p.fig[0]))))
            tiny_order_check(rs, t, cmd, cmd->unit.id ? cmd->unit : u, &o, why, sizeof why);
        resolve_move(rs, ctx, cmd, &p, &o);
        break;
    case RULES_CMD_FIRE: {
        if (tiny_is_brigade(t, u)) {
            tiny_order_check(rs, t, cmd, u, &o, why, sizeof why);
            resolve_brigade_fire(rs, ctx, u, &o, cmd_target(t, cmd));
            break;
        }
        uint32_t fl = rs->units[u.id - 1].flags;
        bool free_shot = (fl & TINY_U_ORDERED) != 0; /* light infantry / battalion guns */
        if (!free_shot)
            tiny_order_check(rs, t, cmd, u, &o, why, sizeof why);
        resolve_fire(rs, ctx, cmd, free_shot ? NULL : &o, u, cmd_target(t, cmd));
        break;
    }
    case RULES_CMD_CHARGE:
        if (tiny_is_brigade(t, u))
            tiny_plan_brigade_charge(rs, t, u, cmd_target(t, cmd), &p, why, sizeof why);
        else
            tiny_plan_charge(rs, t, u, cmd_target(t, cmd), false, &p, why, sizeof why);
        tiny_order_check(rs, t, cmd, u, &o, why, sizeof why);
        resolve_charge(rs, ctx, u, &p, &o, cmd_target(t, cmd));
        break;
    case RULES_CMD_EVADE:
        resolve_evade(rs, ctx, true);
        break;
    case RULES_CMD_PASS:
        resolve_evade(rs, ctx, false);
        break;
    case RULES_CMD_RALLY: {
        rules_command c = *cmd;
        c.unit = u;
        tiny_order_check(rs, t, &c, u, &o, why, sizeof why);
        if (tiny_is_brigade(t, u))
            resolve_brigade_rally(rs, ctx, u, &o);
        else
            resolve_rally(rs, ctx, &c, &o);
        break;
    }
    case RULES_CMD_FORMATION: {
        rules_command c = *cmd;
        c.unit = u;
        tiny_order_check(rs, t, &c, u, &o, why, sizeof why);
        resolve_formation(rs, ctx, &c, &o);
        break;
    }
    case RULES_CMD_END_PHASE:
        resolve_end_phase(rs, ctx);
        break;
    default:
        break;
    }
}
