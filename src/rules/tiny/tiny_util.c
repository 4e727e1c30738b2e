/* Shared helpers of the tiny rule set, below every topic file: unit lookups, cover, lines of fire,
 * contact, whether a unit may act, the legal-list helper and the event helpers. */
#include "rules/tiny/tiny_state.h"

#include "rules/text_format.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

float tiny_in(const rules_state *rs, float cm)
{
    return cm / rs->data->inch_cm;
}

float tiny_cm(const rules_state *rs, float in)
{
    return in * rs->data->inch_cm;
}

float tiny_zone_deg(const rules_state *rs)
{
    return rs->data->frontal_half_angle_deg;
}

bool tiny_is_troop_unit_scan(const table *t, unit_id u)
{
    for (int i = 0; i < t->figure_count; i++)
        if (t->figures[i].unit.id == u.id && !tiny_is_commander(&t->figures[i]))
            return true;
    return false;
}

int tiny_unit_stands_scan(const table *t, unit_id u)
{
    int n = 0;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        n += f->unit.id == u.id && table_figure_active(f) && !tiny_is_commander(f);
    }
    return n;
}

bool tiny_unit_formation_is(const table *t, unit_id u, const char *name)
{
    const unit *un = table_unit_const(t, u);
    return un && strcmp(un->formation, name) == 0;
}

bool tiny_unit_limbered(const table *t, unit_id u)
{
    return tiny_unit_formation_is(t, u, "limbered");
}

bool tiny_unit_status_scan(const table *t, unit_id u, uint32_t bits)
{
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        if (f->unit.id == u.id && table_figure_active(f) && !tiny_is_commander(f) &&
            (f->status & bits))
            return true;
    }
    return false;
}

static const tiny_troop *troop_lookup(const rules_state *rs, const table *t, unit_id u);

const tiny_troop *tiny_troop_lookup(const rules_state *rs, const table *t, unit_id u)
{
    tiny_unit_memo *um = tiny_geom_memo_unit_id(t, u);
    if (!um)
        return troop_lookup(rs, t, u);
    um->type = troop_lookup(rs, t, u);
    um->type_known = true;
    return um->type;
}

/* The troop-chart row by the unit's kind (or its first stand's) and formation: names compared
 * with the data's every time, so the memo keeps it. */
/* tiny_data_troop(rs->data, kind) for unit u: the row its kind named last time is tried first
 * (one name compared, not the whole chart's). */
static const tiny_troop *troop_by_kind(const rules_state *rs, unit_id u, const char *kind)
{
    const tiny_los *lo = rs->los;
    unsigned char *row = lo && u.id <= (uint32_t)lo->troop_units ? &lo->troop_row[u.id] : NULL;
    if (row && *row && *row <= rs->data->troop_count &&
        strcmp(rs->data->troops[*row - 1].name, kind) == 0)
        return &rs->data->troops[*row - 1];
    const tiny_troop *tr = tiny_data_troop(rs->data, kind);
    if (row && tr && tr - rs->data->troops < 255)
        *row = (unsigned char)(tr - rs->data->troops + 1);
    return tr;
}

static const tiny_troop *troop_lookup(const rules_state *rs, const table *t, unit_id u)
{
    const unit *un = table_unit_const(t, u);
    if (!un)
        return NULL;
    const char *kind = un->kind;
    for (int i = 0; !kind[0] && i < t->figure_count; i++)
        if (t->figures[i].unit.id == u.id && !tiny_is_commander(&t->figures[i]))
            kind = t->figures[i].kind;
    const tiny_troop *tr = troop_by_kind(rs, u, kind);
    if (tr && tr->dismount_as[0] && strcmp(un->formation, "dismounted") == 0)
        return tiny_data_troop(rs->data, tr->dismount_as);
    return tr;
}

unit_id tiny_brigade_of(const table *t, unit_id u)
{
    const unit *un = table_unit_const(t, u);
    if (!un || !un->parent.id)
        return (unit_id){0};
    return tiny_brigadier_of(t, un->parent) ? un->parent : (unit_id){0};
}

const figure *tiny_brigadier_of(const table *t, unit_id brigade)
{
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        if (f->unit.id == brigade.id && f->role == FIGURE_ROLE_BRIGADIER)
            return f;
    }
    return NULL;
}

const figure *tiny_general_of(const table *t, side_id s)
{
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        if (f->side.id == s.id && f->role == FIGURE_ROLE_GENERAL)
            return f;
    }
    return NULL;
}

static bool near_line_feature(const terrain_feature *ft, const geom_placed_base *b, float gap)
{
    float reach = fmaxf(b->base.frontage_cm, b->base.depth_cm) * 0.5f + gap;
    if (b->base.kind == GEOM_BASE_ROUND)
        reach = b->base.radius_cm + gap;
    for (int k = 0; k + 1 < ft->line.count; k++) {
        geom_segment s = {ft->line.pts[k], ft->line.pts[k + 1]};
        if (geom_point_segment_distance(b->pos, s) <= reach)
            return true;
    }
    return false;
}

bool tiny_stand_in_cover(const rules_state *rs, const table *t, const figure *f, bool lines,
                         int *feature)
{
    geom_placed_base b = tiny_stand_base(f);
    float reach = tiny_stand_reach(f) + TINY_FAR_SLACK_CM;
    for (int i = 0; i < t->feature_count; i++) {
        const terrain_feature *ft = &t->features[i];
        if (t->types[ft->type].cover == TERRAIN_COVER_NONE || rs->cover_gone[i] ||
            (!lines && ft->shape == TERRAIN_SHAPE_LINE))
            continue;
        if (ft->shape == TERRAIN_SHAPE_AREA &&
            tiny_outside_box(f->pos, geom_aabb_of_points(ft->area.pts, ft->area.count), reach))
            continue; /* the area's box is beyond the stand's reach */
        bool in = ft->shape == TERRAIN_SHAPE_AREA
                      ? geom_base_polygon_overlap(&b, &ft->area)
                      : near_line_feature(ft, &b, tiny_cm(rs, rs->data->adjacent_gap_in));
        if (in) {
            if (feature)
                *feature = i;
            return true;
        }
    }
    return false;
}

static bool unit_in_cover(const rules_state *rs, const table *t, unit_id u, bool lines);

bool tiny_unit_in_cover(const rules_state *rs, const table *t, unit_id u, bool lines)
{
    tiny_unit_memo *um = lines ? tiny_geom_memo_unit_id(t, u) : NULL;
    if (!um)
        return unit_in_cover(rs, t, u, lines);
    if (!um->cover_lines)
        um->cover_lines = unit_in_cover(rs, t, u, true) ? 1 : -1;
    return um->cover_lines > 0;
}

static bool unit_in_cover(const rules_state *rs, const table *t, unit_id u, bool lines)
{
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        if (f->unit.id == u.id && table_figure_active(f) && !tiny_is_commander(f) &&
            tiny_stand_in_cover(rs, t, f, lines, NULL))
            return true;
    }
    return false;
}

/* The parameters (0..1 along a->b) where the segment crosses the polygon's edges, sorted, with
 * 0 and 1 added. Returns the count. */
static int boundary_params(vec2s a, vec2s b, const geom_polygon *poly, float *out, int max)
{
    int n = 0;
    out[n++] = 0;
    float len2 = (b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y);
    for (int i = 0; i < poly->count && n < max - 1; i++) {
        vec2s p;
        geom_segment e = {poly->pts[i], poly->pts[(i + 1) % poly->count]};
        if (len2 > 0 && geom_segment_intersect((geom_segment){a, b}, e, &p))
            out[n++] = ((p.x - a.x) * (b.x - a.x) + (p.y - a.y) * (b.y - a.y)) / len2;
    }
    out[n++] = 1;
    for (int i = 1; i < n; i++) /* insertion sort: a handful of crossings */
        for (int k = i; k > 0 && out[k] < out[k - 1]; k--) {
            float tmp = out[k];
            out[k] = out[k - 1];
            out[k - 1] = tmp;
        }
    return n;
}

/* Terrain on the line of fire, by core/los.h (see-into depth see_into_in). The tiny-only rule
 * (see_out_of_solid): a stand on a hill sees out from anywhere on it, so a solid area holding
 * either end of the line does not block; only the stretches of the line outside it are checked
 * (`ends` are the line's true ends; depth bounds the recursion over several such features). */
static bool terrain_clear(const rules_state *rs, const table *t, vec2s a, vec2s b, float eye_ft,
                          const vec2s ends[2], int depth)
{
    int blocker = -1;
    if (!los_blocked(rs->los->ix, a, b, eye_ft, &blocker))
        return true;
    const terrain_feature *ft = blocker >= 0 ? &t->features[blocker] : NULL;
    if (!rs->data->see_out_of_solid || !ft || depth > 4 || ft->shape != TERRAIN_SHAPE_AREA ||
        t->types[ft->type].los != TERRAIN_LOS_SOLID ||
        !(geom_point_in_polygon(ends[0], &ft->area) || geom_point_in_polygon(ends[1], &ft->area)))
        return false;
    float ts[66];
    int n = boundary_params(a, b, &ft->area, ts, 66);
    float len = glms_vec2_distance(a, b), eps = len > 0 ? 0.01f / len : 0;
    for (int i = 0; i + 1 < n; i++) {
        float t0 = ts[i] + eps, t1 = ts[i + 1] - eps;
        vec2s p0 = geom_lerp(a, b, t0), p1 = geom_lerp(a, b, t1);
        if (t1 <= t0 || geom_point_in_polygon(geom_lerp(a, b, 0.5 * (t0 + t1)), &ft->area))
            continue; /* on the hill itself */
        if (!terrain_clear(rs, t, p0, p1, eye_ft, ends, depth + 1))
            return false;
    }
    return true;
}

/* The taller eye of the two units (mounted troops see over more). */
static float eye_of(const table *t, unit_id a, unit_id b)
{
    float eye = 0;
    for (int i = 0; i < t->figure_count; i++)
        if (t->figures[i].unit.id == a.id || t->figures[i].unit.id == b.id)
            eye = fmaxf(eye, table_posture_eye_ft(t->figures[i].posture));
    return eye;
}

/* terrain_clear from a to b (the ends themselves), remembered by the two points and the eye:
 * the terrain never changes in a match, and most lines of fire are asked again at the next
 * decision (neither stand moved). */
static bool terrain_clear_kept(const rules_state *rs, const table *t, vec2s a, vec2s b, float eye)
{
    struct {
        vec2s a, b;
        float eye;
    } key;
    memset(&key, 0, sizeof key);
    key.a = a;
    key.b = b;
    key.eye = eye;
    memo *m = rs->los ? rs->los->sight_memo : NULL;
    unsigned char clear;
    if (m && memo_get(m, &key, &clear))
        return clear;
    vec2s ends[2] = {a, b};
    clear = terrain_clear(rs, t, a, b, eye, ends, 0);
    if (m)
        memo_put(m, &key, &clear);
    return clear;
}

/* eye_of, by the units' tallest eyes kept in the open memo (the same maximum). */
static float unit_eye(const table *t, unit_id u)
{
    tiny_unit_memo *um = tiny_geom_memo_unit_id(t, u);
    if (!um)
        return -1;
    if (!um->eye_known) {
        float eye = 0;
        for (int i = 0; i < t->figure_count; i++)
            if (t->figures[i].unit.id == u.id)
                eye = fmaxf(eye, table_posture_eye_ft(t->figures[i].posture));
        um->eye = eye;
        um->eye_known = true;
    }
    return um->eye;
}

static float eye_kept(const table *t, unit_id a, unit_id b)
{
    float ea = unit_eye(t, a), eb = unit_eye(t, b);
    return ea >= 0 && eb >= 0 ? fmaxf(ea, eb) : eye_of(t, a, b);
}

bool tiny_line_clear(const rules_state *rs, const table *t, vec2s a, vec2s b, unit_id from,
                     unit_id to)
{
    if (!terrain_clear_kept(rs, t, a, b, eye_kept(t, from, to)))
        return false;
    geom_segment s = {a, b};
    geom_aabb box = geom_aabb_of_segment(s);
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        if (!table_figure_active(f) || tiny_is_commander(f) || f->unit.id == from.id ||
            f->unit.id == to.id ||
            tiny_outside_box(f->pos, box, tiny_stand_reach(f) + TINY_FAR_SLACK_CM))
            continue;
        geom_placed_base pb = tiny_stand_base(f);
        if (geom_segment_base_intersect(s, &pb))
            return false;
    }
    return true;
}

bool tiny_enemy_visible(const rules_state *rs, const table *t, unit_id u, float cm)
{
    tiny_unit_geom g;
    if (!tiny_unit_geom_of(t, u, &g))
        return false;
    side_id own = table_figure_const(t, g.stands[0])->side;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *e = &t->figures[i];
        if (e->side.id == own.id || !table_figure_active(e) || tiny_is_commander(e))
            continue;
        geom_placed_base eb = tiny_stand_base(e);
        float pad = tiny_stand_reach(e) + cm + TINY_FAR_SLACK_CM;
        for (int k = 0; k < g.count; k++) {
            const figure *f = table_figure_const(t, g.stands[k]);
            geom_placed_base fb = tiny_stand_base(f);
            /* beyond both reaches and cm on an axis: the gap is more than cm */
            if (tiny_outside_box(e->pos, (geom_aabb){f->pos, f->pos}, pad + tiny_stand_reach(f)))
                continue;
            if (tiny_stand_gap_cm(rs, &fb, &eb) <= cm &&
                tiny_line_clear(rs, t, f->pos, e->pos, u, e->unit))
                return true;
        }
    }
    return false;
}

double tiny_stand_gap_cm(const rules_state *rs, const geom_placed_base *a,
                         const geom_placed_base *b)
{
    struct {
        geom_placed_base a, b;
    } key;
    memset(&key, 0, sizeof key);
    key.a = *a;
    key.b = *b;
    double gap;
    memo *m = rs->los ? rs->los->gap_memo : NULL;
    if (m && memo_get(m, &key, &gap))
        return gap;
    gap = geom_base_edge_distance(a, b);
    if (m)
        memo_put(m, &key, &gap);
    return gap;
}

static float unit_gap_measure(const rules_state *rs, const table *t, const tiny_unit_geom *a,
                              const tiny_unit_geom *b);

/* Most asks are of two units neither of which has moved since they were last measured (one
 * unit moves per command): answered from the memo, the same bits. */
float tiny_unit_gap_cm(const rules_state *rs, const table *t, const tiny_unit_geom *a,
                       const tiny_unit_geom *b)
{
    /* two whole units: remembered by their placements' serials (a short key) */
    uint32_t serials[2] = {tiny_geom_serial(t, a), 0};
    if (serials[0] && rs->los && (serials[1] = tiny_geom_serial(t, b)) != 0) {
        float gap;
        if (memo_get(rs->los->pair_gap_memo, serials, &gap))
            return gap;
        gap = unit_gap_measure(rs, t, a, b);
        memo_put(rs->los->pair_gap_memo, serials, &gap);
        return gap;
    }
    memo *m = rs->los ? rs->los->unit_gap_memo : NULL;
    if (!m || a->count > TINY_STANDS_MAX || b->count > TINY_STANDS_MAX)
        return unit_gap_measure(rs, t, a, b);
    tiny_unit_gap_key key;
    memset(&key, 0, sizeof key);
    const tiny_unit_geom *g[2] = {a, b};
    for (int s = 0; s < 2; s++) {
        key.count[s] = g[s]->count;
        for (int i = 0; i < g[s]->count; i++)
            key.stands[s][i] = tiny_stand_base(table_figure_const(t, g[s]->stands[i]));
    }
    float gap;
    if (memo_get(m, &key, &gap))
        return gap;
    gap = unit_gap_measure(rs, t, a, b);
    memo_put(m, &key, &gap);
    return gap;
}

/* Bounding circles skip the exact edge distance of stands that cannot be nearer than the best
 * pair found so far. */
static float unit_gap_measure(const rules_state *rs, const table *t, const tiny_unit_geom *a,
                              const tiny_unit_geom *b)
{
    double best = INFINITY;
    float rb[TINY_UNIT_FIGS];
    for (int k = 0; k < b->count; k++)
        rb[k] = tiny_stand_radius(table_figure_const(t, b->stands[k]));
    /* The pair of nearest centres first: its gap bounds the rest, so more of them are skipped
     * (the least gap is the same whatever the order). */
    int fi = 0, fk = 0;
    double fd = INFINITY;
    for (int i = 0; i < a->count; i++)
        for (int k = 0; k < b->count; k++) {
            double d = geom_point_distance(table_figure_const(t, a->stands[i])->pos,
                                           table_figure_const(t, b->stands[k])->pos);
            if (d < fd) {
                fd = d;
                fi = i;
                fk = k;
            }
        }
    if (a->count && b->count) {
        geom_placed_base pa = tiny_stand_base(table_figure_const(t, a->stands[fi]));
        geom_placed_base pb = tiny_stand_base(table_figure_const(t, b->stands[fk]));
        best = tiny_stand_gap_cm(rs, &pa, &pb);
    }
    for (int i = 0; i < a->count; i++) {
        const figure *fa = table_figure_const(t, a->stands[i]);
        geom_placed_base pa = tiny_stand_base(fa);
        float ra = tiny_stand_radius(fa);
        for (int k = 0; k < b->count; k++) {
            if (i == fi && k == fk)
                continue;
            const figure *fb = table_figure_const(t, b->stands[k]);
            double lower = geom_point_distance(fa->pos, fb->pos) - ra - rb[k];
            if (lower >= best)
                continue;
            geom_placed_base pb = tiny_stand_base(fb);
            double gap = tiny_stand_gap_cm(rs, &pa, &pb);
            best = gap < best ? gap : best;
        }
    }
    return (float)best;
}

/* True when the units' bounding circles come within cm: a cheap test before the exact gap. */
bool tiny_units_near(const tiny_unit_geom *a, const tiny_unit_geom *b, float cm)
{
    float ra = hypotf(a->half_width, a->half_depth), rb = hypotf(b->half_width, b->half_depth);
    return geom_point_distance(a->centre, b->centre) <= ra + rb + cm;
}

static bool unit_in_contact(const rules_state *rs, const table *t, unit_id u);

bool tiny_unit_in_contact(const rules_state *rs, const table *t, unit_id u)
{
    tiny_unit_memo *um = tiny_geom_memo_unit_id(t, u);
    if (!um)
        return unit_in_contact(rs, t, u);
    if (!um->contact)
        um->contact = unit_in_contact(rs, t, u) ? 1 : -1;
    return um->contact > 0;
}

static bool unit_contact_measure(const rules_state *rs, const table *t, const tiny_unit_geom *g,
                                 side_id own);

/* Whether a unit is in contact depends on its placement and its foes' alone: kept by its serial
 * and their epoch (most units and their foes do not move between two decisions). */
static bool unit_in_contact(const rules_state *rs, const table *t, unit_id u)
{
    tiny_unit_geom g;
    if (!tiny_unit_geom_of(t, u, &g))
        return false;
    side_id own = table_figure_const(t, g.stands[0])->side;
    tiny_foe_keep *k = tiny_foe_keep_of(t, u);
    uint32_t serial = tiny_unit_serial(t, u), epoch;
    if (!k || !serial || !tiny_foes_epoch(t, own, &epoch))
        return unit_contact_measure(rs, t, &g, own);
    if (k->contact_serial != serial || k->contact_epoch != epoch) {
        k->contact = unit_contact_measure(rs, t, &g, own);
        k->contact_serial = serial;
        k->contact_epoch = epoch;
    }
    return k->contact;
}

static bool unit_contact_measure(const rules_state *rs, const table *t, const tiny_unit_geom *g,
                                 side_id own)
{
    tiny_unit_geom scratch;
    float gap = tiny_cm(rs, rs->data->contact_gap_in);
    for (int i = 0; i < t->unit_count; i++) {
        const unit *un = &t->units[i];
        const tiny_unit_geom *o =
            un->side.id == own.id ? NULL : tiny_unit_geom_ref(t, un->id, &scratch);
        if (!o || !tiny_units_near(g, o, gap))
            continue;
        if (tiny_unit_gap_cm(rs, t, g, o) <= gap)
            return true;
    }
    return false;
}

bool tiny_unit_can_move(const rules_state *rs, const table *t, unit_id u, char *reason, size_t size)
{
    const unit *un = table_unit_const(t, u);
    const tiny_unit_state *us = &rs->units[u.id - 1];
    if (tiny_unit_lost(rs, t, u))
        tiny_text(reason, size, "%s is no longer on the table", un->name);
    else if (us->flags & TINY_U_ORDERED)
        tiny_text(reason, size, "%s has already had its order this turn", un->name);
    else if (tiny_unit_must_rally(t, u))
        tiny_text(reason, size, "%s must be rallied before it can move or shoot", un->name);
    else if (tiny_unit_in_contact(rs, t, u))
        tiny_text(reason, size, "%s is in contact with the enemy", un->name);
    else
        return true;
    return false;
}

bool tiny_is_brigade(const table *t, unit_id u)
{
    return u.id && !tiny_is_troop_unit(t, u) && tiny_brigadier_of(t, u) != NULL;
}

float tiny_p_at_least(int need)
{
    if (need <= 1)
        return 1;
    if (need > 6)
        return 0;
    return (7 - need) / 6.0f;
}

const char *tiny_unit_name(const table *t, unit_id u)
{
    const unit *un = table_unit_const(t, u);
    return un ? un->name : "?";
}

figure_id tiny_first_stand(const table *t, unit_id u)
{
    tiny_unit_geom g;
    return tiny_unit_geom_of(t, u, &g) ? g.stands[0] : (figure_id){0};
}

void tiny_set_flags(rules_ctx *ctx, unit_id u, uint32_t bits, const char *why)
{
    rules_emitf(ctx,
                (rules_event){.kind = RULES_EV_RULESET,
                              .unit = u,
                              .tag = "set_flags",
                              .value = (int)bits,
                              .side = table_unit_const(ctx->table, u)->side},
                TINY_REF_C, "%s: %s", tiny_unit_name(ctx->table, u), why);
}

void tiny_unit_status(rules_ctx *ctx, unit_id u, uint32_t set, uint32_t clear, const char *ref,
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

void tiny_emit_mods(rules_ctx *ctx, const tiny_mods *m, figure_id fig, int group, const char *ref)
{
    for (int i = 0; i < m->count; i++)
        rules_emitf(
            ctx,
            (rules_event){
                .kind = RULES_EV_MODIFIER, .figure = fig, .group = group, .value = m->m[i].value},
            ref, "%+d to each die: %s", m->m[i].value, m->m[i].source);
}

unit_id tiny_cmd_unit(const table *t, const rules_command *cmd)
{
    if (cmd->unit.id)
        return cmd->unit;
    const figure *f = cmd->figure_count ? table_figure_const(t, cmd->figures[0]) : NULL;
    return f ? f->unit : (unit_id){0};
}

unit_id tiny_cmd_target(const table *t, const rules_command *cmd)
{
    if (cmd->target_unit.id)
        return cmd->target_unit;
    const figure *f = table_figure_const(t, cmd->target);
    return f ? f->unit : (unit_id){0};
}

bool tiny_own_troop_unit(const rules_state *rs, const table *t, unit_id u, char *reason,
                         size_t size)
{
    const unit *un = table_unit_const(t, u);
    if (!un || un->side.id != rs->active.id || !tiny_is_troop_unit(t, u)) {
        tiny_text(reason, size, "name one of your units");
        return false;
    }
    if (tiny_unit_lost(rs, t, u)) {
        tiny_text(reason, size, "%s is no longer on the table", un->name);
        return false;
    }
    return true;
}

void tiny_text(char *reason, size_t size, const char *fmt, ...)
{
    if (size == 0)
        return;
    va_list ap;
    va_start(ap, fmt);
    rules_text_format_vprint(reason, size, fmt, ap);
    va_end(ap);
}

/* No room for a reason: a refused candidate is simply left out. */
void tiny_try_add(const rules_state *rs, const table *t, legal_list *l, const rules_command *c)
{
    if (l->n < l->max && l->validate(rs, t, c, NULL, 0))
        l->out[l->n++] = *c;
}

/* The radius of a circle about g's centre holding all its stands. */
static float unit_radius(const table *t, const tiny_unit_geom *g)
{
    float r = 0;
    for (int i = 0; i < g->count; i++) {
        const figure *f = table_figure_const(t, g->stands[i]);
        r = fmaxf(r, (float)geom_point_distance(f->pos, g->centre) + tiny_stand_radius(f));
    }
    return r;
}

/* unit_radius of unit u's whole frame e, kept by the memo (asked for every enemy of every
 * unit whose nearest enemy is sought). */
static float unit_radius_of(const table *t, unit_id u, const tiny_unit_geom *e)
{
    tiny_unit_memo *um = tiny_geom_memo_unit_id(t, u);
    if (!um)
        return unit_radius(t, e);
    if (!um->radius_known) {
        um->radius = unit_radius(t, e);
        um->radius_known = true;
    }
    return um->radius;
}

/* tiny_nearest_enemy's search with the memo open (frames in place): the enemies by their
 * bounding circles' least gap, the exact gap asked from the nearest on until the bound passes
 * the best; the least gap, the first listed of equals (what the search in list order finds).
 * False when there are too many enemies to sort here. */
#define NEAREST_SORT_MAX 128
static bool nearest_sorted(const rules_state *rs, const table *t, const tiny_unit_geom *g,
                           side_id own, float rg, unit_id *enemy, float *gap)
{
    int idx[NEAREST_SORT_MAX], n = 0;
    float low[NEAREST_SORT_MAX];
    for (int i = 0; i < t->unit_count; i++) {
        tiny_unit_geom scratch;
        const tiny_unit_geom *e =
            t->units[i].side.id == own.id ? NULL : tiny_unit_geom_ref(t, t->units[i].id, &scratch);
        if (!e)
            continue;
        if (n == NEAREST_SORT_MAX)
            return false;
        float lower = (float)geom_point_distance(g->centre, e->centre) - rg -
                      unit_radius_of(t, t->units[i].id, e);
        int j = n++;
        for (; j > 0 && low[j - 1] > lower; j--) {
            low[j] = low[j - 1];
            idx[j] = idx[j - 1];
        }
        low[j] = lower;
        idx[j] = i;
    }
    *gap = INFINITY;
    *enemy = (unit_id){0};
    int best = -1;
    for (int j = 0; j < n; j++) {
        if (low[j] > *gap + 1e-3f)
            break; /* this one and all after it cannot be nearer than the best */
        tiny_unit_geom scratch;
        const tiny_unit_geom *e = tiny_unit_geom_ref(t, t->units[idx[j]].id, &scratch);
        float d = tiny_unit_gap_cm(rs, t, g, e);
        if (d < *gap || (best >= 0 && d == *gap && idx[j] < best)) {
            *gap = d;
            best = idx[j];
            *enemy = t->units[idx[j]].id;
        }
    }
    return true;
}

bool tiny_nearest_enemy(const rules_state *rs, const table *t, const tiny_unit_geom *g, side_id own,
                        tiny_unit_geom *eg, float *gap)
{
    tiny_unit_memo *um = tiny_geom_memo_unit(t, g);
    if (um && um->near_known && um->near_own.id == own.id) {
        *gap = um->near_gap;
        if (um->near_found)
            tiny_unit_geom_of(t, um->near_enemy, eg);
        return um->near_found;
    }
    /* across opens: by g's serial and its foes' epoch */
    uint32_t serial = um ? tiny_geom_serial(t, g) : 0, epoch = 0;
    tiny_foe_keep *k =
        serial ? tiny_foe_keep_of(t, table_figure_const(t, g->stands[0])->unit) : NULL;
    if (k && !tiny_foes_epoch(t, own, &epoch))
        k = NULL;
    if (k && k->near_serial == serial && k->near_epoch == epoch && k->near_own.id == own.id) {
        um->near_known = 1;
        um->near_found = k->near_found;
        um->near_own = own;
        um->near_enemy = k->near_enemy;
        um->near_gap = k->near_gap;
        *gap = um->near_gap;
        if (um->near_found)
            tiny_unit_geom_of(t, um->near_enemy, eg);
        return um->near_found;
    }
    *gap = INFINITY;
    bool found = false;
    unit_id enemy = {0};
    float rg = unit_radius(t, g);
    if (um && nearest_sorted(rs, t, g, own, rg, &enemy, gap)) {
        found = enemy.id != 0;
        if (found)
            tiny_unit_geom_of(t, enemy, eg);
    } else
        for (int i = 0; i < t->unit_count; i++) {
            tiny_unit_geom scratch;
            const tiny_unit_geom *e = t->units[i].side.id == own.id
                                          ? NULL
                                          : tiny_unit_geom_ref(t, t->units[i].id, &scratch);
            if (!e)
                continue;
            /* bounding circles: a unit that cannot be nearer than the best so far is skipped */
            float lower = (float)geom_point_distance(g->centre, e->centre) - rg -
                          unit_radius_of(t, t->units[i].id, e);
            if (lower > *gap + 1e-3f)
                continue;
            float d = tiny_unit_gap_cm(rs, t, g, e);
            if (d < *gap) {
                *gap = d;
                *eg = *e;
                enemy = t->units[i].id;
                found = true;
            }
        }
    if (um) {
        um->near_known = 1;
        um->near_found = found;
        um->near_own = own;
        um->near_enemy = enemy;
        um->near_gap = *gap;
    }
    if (k)
        *k = (tiny_foe_keep){.near_serial = serial,
                             .near_epoch = epoch,
                             .near_own = own,
                             .near_found = found,
                             .near_enemy = enemy,
                             .near_gap = *gap,
                             .contact_serial = k->contact_serial,
                             .contact_epoch = k->contact_epoch,
                             .contact = k->contact};
    return found;
}
