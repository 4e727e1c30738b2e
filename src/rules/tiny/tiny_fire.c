/* E. Shooting: who shoots at what, with which dice, the firing arc; validation and resolution. */
#include "rules/tiny/tiny_fire.h"

#include "rules/tiny/tiny_morale.h"
#include "rules/tiny/tiny_orders.h"
#include "rules/tiny/tiny_state.h"
#include "rules/text_format.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static tiny_unit_geom stand_geom(const figure *f)
{
    tiny_unit_geom g = {.count = 1, .stands = {f->id}, .centre = f->pos, .facing = f->facing};
    float hw = f->base.kind == GEOM_BASE_RECT ? f->base.frontage_cm * 0.5f : f->base.radius_cm;
    float hd = f->base.kind == GEOM_BASE_RECT ? f->base.depth_cm * 0.5f : f->base.radius_cm;
    g.half_width = hw;
    g.half_depth = hd;
    g.front = tiny_addk(f->pos, geom_dir(f->facing), hd);
    g.rear = tiny_addk(f->pos, geom_dir(f->facing), -hd);
    return g;
}

static bool fire_ready(const rules_state *rs, const table *t, unit_id u, const tiny_troop *tr,
                       char *reason, size_t size)
{
    const unit *un = table_unit_const(t, u);
    uint32_t fl = rs->units[u.id - 1].flags;
    bool moved_may_shoot = tr->move_and_shoot && (fl & TINY_U_MOVED) && !(fl & TINY_U_SHOT) &&
                           !(fl & (TINY_U_ROAD | TINY_U_CHARGED | TINY_U_FORMATION));
    if (tr->band_count == 0)
        tiny_text(reason, size, "%s cannot shoot", tr->label);
    else if (tiny_unit_lost(rs, t, u))
        tiny_text(reason, size, "%s is no longer on the table", un->name);
    else if ((fl & TINY_U_ORDERED) && !moved_may_shoot)
        tiny_text(reason, size,
                  "%s has had its order this turn (only light infantry and battalion guns move "
                  "and shoot, and not after a road move)",
                  un->name);
    else if (tiny_unit_must_rally(t, u))
        tiny_text(reason, size, "%s must be rallied before it can move or shoot", un->name);
    else if (tiny_unit_in_contact(rs, t, u))
        tiny_text(reason, size, "%s is in contact: its shooting is part of the melee", un->name);
    else if (tr->limber != TINY_LIMBER_NONE && tiny_unit_limbered(t, u))
        tiny_text(reason, size, "%s is limbered", un->name);
    else
        return true;
    return false;
}

bool tiny_plan_volley(const rules_state *rs, const table *t, unit_id u, unit_id target,
                      tiny_fire_plan *out, char *reason, size_t size)
{
    tiny_fire_plan_clear(out);
    const unit *un = table_unit_const(t, u), *tu = table_unit_const(t, target);
    const tiny_troop *tr = tiny_troop_of(rs, t, u);
    tiny_unit_geom g, tg;
    if (!un || !tr) {
        tiny_text(reason, size, "name one of your units to shoot");
        return false;
    }
    if (!tu || tu->side.id == un->side.id || !tiny_unit_geom_of(t, target, &tg) ||
        !tiny_unit_geom_of(t, u, &g)) {
        tiny_text(reason, size, "name an enemy unit on the table as the target");
        return false;
    }
    tiny_fire_target ft = {0}; /* asked for once a stand has the target (cover costs) */
    float max_in = tr->bands[tr->band_count - 1].range_in;
    /* beyond this centre distance less both radii no edge gap is in range (the slack covers
     * the rounding): the exact gap is not asked */
    float far_cm = tiny_cm(rs, max_in + 1e-4f) + TINY_FAR_SLACK_CM;
    float tr_cm[TINY_UNIT_FIGS];
    for (int k = 0; k < tg.count; k++)
        tr_cm[k] = tiny_stand_radius(table_figure_const(t, tg.stands[k]));
    for (int i = 0; i < g.count; i++) {
        const figure *s = table_figure_const(t, g.stands[i]);
        tiny_unit_geom sg = stand_geom(s);
        geom_placed_base sb = tiny_stand_base(s);
        float best = INFINITY, sr_cm = tiny_stand_radius(s);
        const figure *aim = NULL;
        /* The stand aims at the nearest target stand in range, in its zone and in sight (the
         * first listed of equals): the ones in range by range, then list order, and the first
         * of them that passes the zone and sight tests is it. */
        int order[TINY_UNIT_FIGS], n_in = 0;
        float rs_in[TINY_UNIT_FIGS];
        for (int k = 0; k < tg.count; k++) {
            const figure *e = table_figure_const(t, tg.stands[k]);
            if (geom_point_distance(s->pos, e->pos) - sr_cm - tr_cm[k] > far_cm)
                continue;
            geom_placed_base eb = tiny_stand_base(e);
            float r = tiny_in(rs, (float)tiny_stand_gap_cm(rs, &sb, &eb));
            if (r > max_in + 1e-4f)
                continue;
            int j = n_in++;
            for (; j > 0 && rs_in[j - 1] > r; j--) {
                rs_in[j] = rs_in[j - 1];
                order[j] = order[j - 1];
            }
            rs_in[j] = r;
            order[j] = k;
        }
        for (int j = 0; j < n_in && !aim; j++) {
            const figure *e = table_figure_const(t, tg.stands[order[j]]);
            tiny_unit_geom eg = stand_geom(e);
            if (!tiny_partly_in_frontal_zone(t, &sg, tiny_zone_deg(rs), &eg) ||
                !tiny_line_clear(rs, t, s->pos, e->pos, u, target))
                continue;
            best = rs_in[j];
            aim = e;
        }
        if (!aim)
            continue;
        if (out->count == 0)
            ft = (tiny_fire_target){.troop = tiny_troop_of(rs, t, target),
                                    .in_cover = tiny_unit_in_cover(rs, t, target, true),
                                    .column = tiny_unit_formation_is(t, target, "column")};
        int c = out->count++;
        out->shooter[c] = s->id;
        out->aim[c] = aim->id;
        out->range_in[c] = best;
        out->need[c] = tiny_fire_need(rs->data, tr, best, &ft, &out->mods[c]);
        int feat = -1;
        if (tr->destroys_cover && best <= rs->data->siege_cover_range_in + 1e-4f &&
            tiny_stand_in_cover(rs, t, aim, true, &feat))
            out->cover_feature = feat;
    }
    if (out->count == 0) {
        tiny_text(reason, size,
                  "no stand of %s has %s in range, in its frontal zone and in clear sight",
                  un->name, tu->name);
        return false;
    }
    return true;
}

static bool plan_fire(const rules_state *rs, const table *t, unit_id u, unit_id target,
                      tiny_fire_plan *out, char *reason, size_t size);

/* Kept for the state of the last legal() when no reason is wanted (tiny_decision_fire). */
bool tiny_plan_fire(const rules_state *rs, const table *t, unit_id u, unit_id target,
                    tiny_fire_plan *out, char *reason, size_t size)
{
    bool quiet = !reason || size == 0, ok;
    if (quiet && tiny_decision_fire(rs, u, target, out, &ok))
        return ok;
    ok = plan_fire(rs, t, u, target, out, reason, size);
    if (quiet)
        tiny_decision_fire_put(rs, u, target, out, ok);
    return ok;
}

bool tiny_fire_may(const rules_state *rs, const table *t, unit_id u)
{
    const tiny_troop *tr = tiny_troop_of(rs, t, u);
    return tr && fire_ready(rs, t, u, tr, NULL, 0);
}

static bool plan_fire(const rules_state *rs, const table *t, unit_id u, unit_id target,
                      tiny_fire_plan *out, char *reason, size_t size)
{
    const unit *un = table_unit_const(t, u);
    const tiny_troop *tr = tiny_troop_of(rs, t, u);
    bool ours = un && tr && un->side.id == rs->active.id && tiny_is_troop_unit(t, u);
    if (!ours)
        tiny_text(reason, size, "name one of your units to shoot");
    if (ours && fire_ready(rs, t, u, tr, reason, size))
        return tiny_plan_volley(rs, t, u, target, out, reason, size); /* clears *out itself */
    tiny_fire_plan_clear(out);
    return false;
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
        tiny_emit_mods(ctx, &fp.mods[i], fp.shooter[i], group, TINY_REF_E);
        int need = fp.need[i] < 1 ? 1 : fp.need[i];
        int die = rules_roll(ctx, 6, need, "to_hit", fp.shooter[i], group, TINY_REF_E);
        hits += die >= need;
        destroy_cover |= fp.cover_feature >= 0 && die >= rs->data->siege_cover_need;
    }
    rules_emitf(ctx, (rules_event){.kind = RULES_EV_NOTE, .unit = u, .value = hits}, TINY_REF_E,
                "%s shoots at %s with %d dice: %d hit%s", tiny_unit_name(t, u),
                tiny_unit_name(t, target), fp.count, hits, hits == 1 ? "" : "s");
    if (destroy_cover)
        rules_emitf(ctx,
                    (rules_event){.kind = RULES_EV_RULESET,
                                  .unit = target,
                                  .tag = "cover_gone",
                                  .value = fp.cover_feature},
                    TINY_REF_E, "siege guns batter down the cover of %s (%s)",
                    tiny_unit_name(t, target),
                    t->features[fp.cover_feature].name[0] ? t->features[fp.cover_feature].name
                                                          : "a feature");
    tiny_take_hits(rs, ctx, target, hits, fp.shooter[0], TINY_REF_E, "shooting");
}

void tiny_resolve_fire(rules_state *rs, rules_ctx *ctx, const rules_command *cmd,
                       const tiny_order *o, unit_id u, unit_id target)
{
    (void)cmd;
    if (o)
        tiny_spend_order(rs, ctx, o, u);
    tiny_set_flags(ctx, u, TINY_U_ORDERED | TINY_U_SHOT, "shoots");
    volley(rs, ctx, u, target);
}

/* One order for a formed brigade: each of its units with the target in reach shoots at it, in
 * turn (a later volley sees the hits of the earlier); the others hold their fire. */
void tiny_resolve_brigade_fire(rules_state *rs, rules_ctx *ctx, unit_id b, const tiny_order *o,
                               unit_id target)
{
    unit_id group[64];
    bool ready[64];
    tiny_fire_plan fp;
    char why[160];
    int n = tiny_formed_group(rs, ctx->table, b, false, group);
    for (int i = 0; i < n; i++)
        ready[i] = tiny_plan_fire(rs, ctx->table, group[i], target, &fp, why, sizeof why);
    tiny_spend_order(rs, ctx, o, b);
    for (int i = 0; i < n; i++)
        tiny_set_flags(ctx, group[i], TINY_U_ORDERED | TINY_U_SHOT,
                       "shoots as part of a formed brigade");
    for (int i = 0; i < n; i++)
        if (ready[i] && !tiny_unit_lost(rs, ctx->table, target) &&
            tiny_plan_volley(rs, ctx->table, group[i], target, &fp, why, sizeof why))
            volley(rs, ctx, group[i], target);
}

/* A formed brigade shoots when at least one of its units has the target in reach. */
static bool validate_brigade_fire(const rules_state *rs, const table *t, const rules_command *cmd,
                                  unit_id b, char *reason, size_t size)
{
    unit_id group[64];
    int n = tiny_brigade_group(rs, t, b, false, group, reason, size);
    bool any = false;
    for (int i = 0; i < n && !any; i++) {
        tiny_fire_plan fp;
        any = tiny_plan_fire(rs, t, group[i], tiny_cmd_target(t, cmd), &fp, reason, size);
    }
    return any && tiny_brigade_order(rs, t, cmd, b, reason, size);
}

bool tiny_validate_fire(const rules_state *rs, const table *t, const rules_command *cmd,
                        char *reason, size_t size)
{
    unit_id u = tiny_cmd_unit(t, cmd);
    if (tiny_is_brigade(t, u))
        return validate_brigade_fire(rs, t, cmd, u, reason, size);
    if (!tiny_own_troop_unit(rs, t, u, reason, size))
        return false;
    tiny_fire_plan fp;
    if (!tiny_plan_fire(rs, t, u, tiny_cmd_target(t, cmd), &fp, reason, size))
        return false;
    if (rs->units[u.id - 1].flags & TINY_U_ORDERED)
        return true; /* light infantry or battalion guns shooting after their move */
    tiny_order o;
    return tiny_order_check(rs, t, cmd, u, &o, reason, size);
}

void tiny_fill_fire_target(const rules_state *rs, const table *t, const tiny_fire_plan *fp,
                           unit_id e, rules_target *o)
{
    memset(o, 0, sizeof *o);
    o->unit = e;
    o->figure = fp->aim[0];
    o->range_cm = tiny_cm(rs, fp->range_in[0]);
    o->dice = fp->count;
    o->need = fp->need[0];
    rules_text_format_print(o->band, sizeof o->band, "%.0fin", (double)ceilf(fp->range_in[0]));
    float sum = 0;
    for (int i = 0; i < fp->count; i++)
        sum += tiny_p_at_least(fp->need[i]);
    o->p_hit = sum / (float)fp->count;
    o->expected_hits = o->expected_kills = sum;
    int w = 0;
    for (int i = 0; i < fp->mods[0].count && w < (int)sizeof o->note - 24; i++)
        w +=
            rules_text_format_print(o->note + w, sizeof o->note - (size_t)w, "%s%s %+d",
                                    i ? ", " : "", fp->mods[0].m[i].source, fp->mods[0].m[i].value);
}

/* The frontal zone (seed 003, A) is the arc a stand shoots in; drawn to its longest band, from
 * the stand's front edge (ranges are edge to edge). Commanders and troops without a shooting
 * band (most cavalry, wagons) have none. */
bool tiny_arc(const rules_state *rs, const table *t, figure_id fig, float *half_angle,
              float *range_cm)
{
    const figure *f = table_figure_const(t, fig);
    const tiny_troop *tr = f && !tiny_is_commander(f) ? tiny_troop_of(rs, t, f->unit) : NULL;
    if (!tr || tr->band_count <= 0)
        return false;
    *half_angle = tiny_zone_deg(rs) * (float)GEOM_PI / 180.0f;
    float edge = f->base.kind == GEOM_BASE_RECT ? 0.5f * f->base.depth_cm : f->base.radius_cm;
    *range_cm = tiny_cm(rs, tr->bands[tr->band_count - 1].range_in) + edge;
    return true;
}
