/* Planning: where a move, charge, retreat or volley would take the stands and what it would
 * cost, without touching the state. validate() and the queries ask these; resolve() turns the
 * same plans into events, so what was shown is what happens. */
#include "rules/tiny/tiny_internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* ---- small helpers ------------------------------------------------------------------------- */

static vec2s subv(vec2s a, vec2s b)
{
    return (vec2s){{a.x - b.x, a.y - b.y}};
}

static vec2s addk(vec2s a, vec2s b, float k)
{
    return (vec2s){{a.x + b.x * k, a.y + b.y * k}};
}

static float lenv(vec2s v)
{
    return hypotf(v.x, v.y);
}

static vec2s rotate_about(vec2s p, vec2s c, float a)
{
    float s = sinf(a), co = cosf(a);
    vec2s r = subv(p, c);
    return (vec2s){{c.x + r.x * co - r.y * s, c.y + r.x * s + r.y * co}};
}

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

/* ---- lookups -------------------------------------------------------------------------------- */

bool tiny_is_troop_unit(const table *t, unit_id u)
{
    for (int i = 0; i < t->figure_count; i++)
        if (t->figures[i].unit.id == u.id && !tiny_is_commander(&t->figures[i]))
            return true;
    return false;
}

int tiny_unit_stands(const table *t, unit_id u)
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

static bool unit_status_any(const table *t, unit_id u, uint32_t bits)
{
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        if (f->unit.id == u.id && table_figure_active(f) && !tiny_is_commander(f) &&
            (f->status & bits))
            return true;
    }
    return false;
}

bool tiny_unit_shaken(const table *t, unit_id u)
{
    return unit_status_any(t, u, FIGURE_STATUS_SHAKEN);
}

bool tiny_unit_must_rally(const table *t, unit_id u)
{
    return unit_status_any(t, u, FIGURE_STATUS_DEMORALISED);
}

bool tiny_unit_lost(const rules_state *rs, const table *t, unit_id u)
{
    if (u.id == 0 || (int)u.id > rs->unit_count)
        return true;
    return (rs->units[u.id - 1].flags & TINY_U_GONE) || tiny_unit_stands(t, u) == 0;
}

const tiny_troop *tiny_troop_of(const rules_state *rs, const table *t, unit_id u)
{
    const unit *un = table_unit_const(t, u);
    if (!un)
        return NULL;
    const char *kind = un->kind;
    for (int i = 0; !kind[0] && i < t->figure_count; i++)
        if (t->figures[i].unit.id == u.id && !tiny_is_commander(&t->figures[i]))
            kind = t->figures[i].kind;
    const tiny_troop *tr = tiny_data_troop(rs->data, kind);
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

static bool stand_in_cover(const rules_state *rs, const table *t, const figure *f, bool lines,
                           int *feature)
{
    geom_placed_base b = tiny_stand_base(f);
    for (int i = 0; i < t->feature_count; i++) {
        const terrain_feature *ft = &t->features[i];
        if (t->types[ft->type].cover == TERRAIN_COVER_NONE || rs->cover_gone[i] ||
            (!lines && ft->shape == TERRAIN_SHAPE_LINE))
            continue;
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

bool tiny_unit_in_cover(const rules_state *rs, const table *t, unit_id u, bool lines)
{
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        if (f->unit.id == u.id && table_figure_active(f) && !tiny_is_commander(f) &&
            stand_in_cover(rs, t, f, lines, NULL))
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

bool tiny_line_clear(const rules_state *rs, const table *t, vec2s a, vec2s b, unit_id from,
                     unit_id to)
{
    vec2s ends[2] = {a, b};
    if (!terrain_clear(rs, t, a, b, eye_of(t, from, to), ends, 0))
        return false;
    geom_segment s = {a, b};
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        if (!table_figure_active(f) || tiny_is_commander(f) || f->unit.id == from.id ||
            f->unit.id == to.id)
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
        for (int k = 0; k < g.count; k++) {
            const figure *f = table_figure_const(t, g.stands[k]);
            geom_placed_base fb = tiny_stand_base(f);
            if (geom_base_edge_distance(&fb, &eb) <= cm &&
                tiny_line_clear(rs, t, f->pos, e->pos, u, e->unit))
                return true;
        }
    }
    return false;
}

/* True when the units' bounding circles come within cm: a cheap test before the exact gap. */
static bool units_near(const tiny_unit_geom *a, const tiny_unit_geom *b, float cm)
{
    float ra = hypotf(a->half_width, a->half_depth), rb = hypotf(b->half_width, b->half_depth);
    return geom_point_distance(a->centre, b->centre) <= ra + rb + cm;
}

bool tiny_unit_in_contact(const rules_state *rs, const table *t, unit_id u)
{
    tiny_unit_geom g, o;
    if (!tiny_unit_geom_of(t, u, &g))
        return false;
    side_id own = table_figure_const(t, g.stands[0])->side;
    float gap = tiny_cm(rs, rs->data->contact_gap_in);
    for (int i = 0; i < t->unit_count; i++) {
        const unit *un = &t->units[i];
        if (un->side.id == own.id || !tiny_unit_geom_of(t, un->id, &o) || !units_near(&g, &o, gap))
            continue;
        if (tiny_unit_gap_cm(t, &g, &o) <= gap)
            return true;
    }
    return false;
}

/* ---- orders -----------------------------------------------------------------------------------
 */

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

bool tiny_order_check(const rules_state *rs, const table *t, const rules_command *cmd, unit_id u,
                      tiny_order *out, char *reason, size_t size)
{
    bool group = !tiny_is_troop_unit(t, u);
    unit_id brigade = group ? u : tiny_brigade_of(t, u);
    const figure *cands[2] = {NULL, NULL};
    if (cmd->figure.id) {
        const figure *c = table_figure_const(t, cmd->figure);
        if (!c || !tiny_is_commander(c) || !table_figure_active(c) || c->side.id != rs->active.id) {
            snprintf(reason, size, "figure %u is not one of your commanders in play",
                     cmd->figure.id);
            return false;
        }
        if (!may_order(t, c, brigade)) {
            snprintf(reason, size, "%s may order only the units of his own brigade", c->name);
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
        snprintf(why, sizeof why, "%.40s has %d pip%s left; the order costs %d%s", c->name, left,
                 left == 1 ? "" : "s", o.cost,
                 o.penalty_loss                           ? " (brigade has lost half its units)"
                 : o.distance_in > rs->data->order_far_in ? " (more than 24\" away)"
                                                          : "");
    }
    snprintf(reason, size, "%s", why);
    return false;
}

/* ---- movement -------------------------------------------------------------------------------- */

void tiny_path_setup(const rules_state *rs, const table *t, const tiny_troop *tr,
                     float allowance_cm, bool road, float *mult, float *obstacle, path_desc *pd)
{
    const tiny_data *d = rs->data;
    for (int i = 0; i < t->type_count; i++) {
        const terrain_type *ty = &t->types[i];
        if (road)
            mult[i] = ty->move_mult == 0 && ty->obstacle == TERRAIN_OBSTACLE_IMPASSABLE ? 0 : 1;
        else if (tiny_data_is_rough(d, ty->name))
            mult[i] = tr->rough == TINY_ROUGH_FULL   ? 1
                      : tr->rough == TINY_ROUGH_HALF ? d->rough_half_mult
                                                     : 0;
        else
            mult[i] = ty->move_mult == 0 ? 0 : 1;
        bool crossable =
            ty->obstacle == TERRAIN_OBSTACLE_LOW || ty->obstacle == TERRAIN_OBSTACLE_WATER;
        obstacle[i] = crossable && !road ? d->obstacle_move_fraction * allowance_cm : 0;
    }
    *pd = (path_desc){.mult = mult, .clear_mult = 1, .obstacle_cost_cm = obstacle};
}

float tiny_allowance_cm(const rules_state *rs, const table *t, unit_id u, const tiny_troop *tr)
{
    if (tr->limber == TINY_LIMBER_MOVE && !tiny_unit_limbered(t, u))
        return 0;
    float in = tr->move_in;
    if (tiny_unit_formation_is(t, u, "column"))
        in += tr->column_bonus_in;
    return tiny_cm(rs, in);
}

static bool on_road_point(const rules_state *rs, const table *t, vec2s p)
{
    for (int i = 0; i < t->feature_count; i++) {
        const terrain_feature *ft = &t->features[i];
        if (!tiny_data_is_road(rs->data, t->types[ft->type].name))
            continue;
        if (ft->shape == TERRAIN_SHAPE_AREA && geom_point_in_polygon(p, &ft->area))
            return true;
        for (int k = 0; ft->shape == TERRAIN_SHAPE_LINE && k + 1 < ft->line.count; k++) {
            geom_segment s = {ft->line.pts[k], ft->line.pts[k + 1]};
            if (geom_point_segment_distance(p, s) <= ft->width_cm * 0.5f + 0.5f)
                return true;
        }
    }
    return false;
}

/* The whole path of the reference stand lies on a road (sampled every centimetre). */
static bool path_on_road(const rules_state *rs, const table *t, const vec2s *pts, int n)
{
    for (int k = 0; k + 1 < n; k++) {
        float len = lenv(subv(pts[k + 1], pts[k]));
        int steps = (int)ceilf(len) + 1;
        for (int s = 0; s <= steps; s++)
            if (!on_road_point(rs, t, geom_lerp(pts[k], pts[k + 1], (double)s / steps)))
                return false;
    }
    return n > 0 && on_road_point(rs, t, pts[0]);
}

static bool on_table(const table *t, const geom_placed_base *b)
{
    vec2s c[4];
    geom_base_corners(b, c);
    for (int k = 0; k < 4; k++)
        if (c[k].x < -0.01f || c[k].y < -0.01f || c[k].x > t->width_cm + 0.01f ||
            c[k].y > t->height_cm + 0.01f)
            return false;
    return true;
}

static bool in_plan_units(const tiny_plan *p, unit_id u)
{
    for (int i = 0; i < p->unit_count; i++)
        if (p->units[i].id == u.id)
            return true;
    return false;
}

static bool may_pass(const rules_state *rs, const table *t, unit_id u)
{
    const tiny_troop *tr = tiny_troop_of(rs, t, u);
    if (!tr)
        return false;
    return tr->passage == TINY_PASSAGE_ALWAYS ||
           (tr->passage == TINY_PASSAGE_DEPLOYED && !tiny_unit_limbered(t, u));
}

/* The stands' new places must be on the table, clear of every other stand, short of contact
 * with the enemy (contact is made by charging), and the paths may cross friends only where
 * passage of lines allows. `target` is the unit a charge may touch. */
static bool check_places(const rules_state *rs, const table *t, const tiny_plan *p, unit_id target,
                         bool passage_any, char *reason, size_t size)
{
    float gap = tiny_cm(rs, rs->data->contact_gap_in);
    for (int i = 0; i < p->count; i++) {
        const figure *f = table_figure_const(t, p->fig[i]);
        geom_placed_base nb = {.base = f->base, .pos = p->pos[i], .facing = p->facing[i]};
        if (!on_table(t, &nb)) {
            snprintf(reason, size, "the move would take %s off the table", f->name);
            return false;
        }
        geom_segment path = {f->pos, p->pos[i]};
        for (int k = 0; k < t->figure_count; k++) {
            const figure *o = &t->figures[k];
            if (!table_figure_active(o) || tiny_is_commander(o) || in_plan_units(p, o->unit) ||
                tiny_is_commander(f))
                continue;
            float reach = tiny_stand_radius(f) + tiny_stand_radius(o) + gap;
            geom_segment far = {f->pos, p->pos[i]};
            if (geom_point_distance(o->pos, p->pos[i]) > reach &&
                geom_point_segment_distance(o->pos, far) > reach)
                continue;
            geom_placed_base ob = tiny_stand_base(o);
            bool enemy = o->side.id != f->side.id;
            if (tiny_stands_overlap(&nb, &ob)) {
                snprintf(reason, size, "%s would end on top of %s", f->name, o->name);
                return false;
            }
            if (enemy && o->unit.id != target.id && geom_base_edge_distance(&nb, &ob) <= gap) {
                snprintf(reason, size, "%s would touch the enemy: charge to make contact", f->name);
                return false;
            }
            if (geom_segment_base_intersect(path, &ob) && o->unit.id != target.id) {
                if (enemy) {
                    snprintf(reason, size, "%s cannot move through the enemy %s", f->name, o->name);
                    return false;
                }
                if (!passage_any && !may_pass(rs, t, o->unit) && !may_pass(rs, t, f->unit)) {
                    snprintf(reason, size,
                             "%s cannot pass through %s (passage of lines needs light "
                             "infantry, hussars or deployed guns)",
                             f->name, o->name);
                    return false;
                }
            }
        }
    }
    return true;
}

/* An enemy within 6" has the unit (partly) in its frontal zone: no about-face. */
static bool about_face_barred(const rules_state *rs, const table *t, const tiny_unit_geom *g,
                              side_id own)
{
    tiny_unit_geom e;
    for (int i = 0; i < t->unit_count; i++) {
        const unit *un = &t->units[i];
        float near = tiny_cm(rs, rs->data->about_face_enemy_in);
        if (un->side.id == own.id || !tiny_unit_geom_of(t, un->id, &e) || !units_near(g, &e, near))
            continue;
        if (tiny_unit_gap_cm(t, g, &e) <= near &&
            tiny_partly_in_frontal_zone(t, &e, tiny_zone_deg(rs), g))
            return true;
    }
    return false;
}

bool tiny_unit_can_move(const rules_state *rs, const table *t, unit_id u, char *reason, size_t size)
{
    const unit *un = table_unit_const(t, u);
    const tiny_unit_state *us = &rs->units[u.id - 1];
    if (tiny_unit_lost(rs, t, u))
        snprintf(reason, size, "%s is no longer on the table", un->name);
    else if (us->flags & TINY_U_ORDERED)
        snprintf(reason, size, "%s has already had its order this turn", un->name);
    else if (tiny_unit_must_rally(t, u))
        snprintf(reason, size, "%s must be rallied before it can move or shoot", un->name);
    else if (tiny_unit_in_contact(rs, t, u))
        snprintf(reason, size, "%s is in contact with the enemy", un->name);
    else
        return true;
    return false;
}

/* Moves the stands of one unit along the reference path `pts` (n points), shifted by each
 * stand's offset, then turns the unit by dtheta about its new centre. */
static bool plan_unit_path(const rules_state *rs, const table *t, unit_id u, const vec2s *pts,
                           int n, float dtheta, bool try_road, tiny_plan *p, char *reason,
                           size_t size)
{
    const tiny_troop *tr = tiny_troop_of(rs, t, u);
    tiny_unit_geom g;
    if (!tr || !tiny_unit_geom_of(t, u, &g)) {
        snprintf(reason, size, "unit %u has no stands", u.id);
        return false;
    }
    const unit *un = table_unit_const(t, u);
    float allowance = tiny_allowance_cm(rs, t, u, tr);
    if (allowance <= 0) {
        snprintf(reason, size, "%s must limber before it can move", un->name);
        return false;
    }
    bool about = fabsf(dtheta) >= rs->data->about_face_min_deg * (float)GEOM_PI / 180 - 1e-4f;
    if (about && about_face_barred(rs, t, &g, un->side)) {
        snprintf(reason, size, "%s may not about-face within 6\" of an enemy's frontal zone",
                 un->name);
        return false;
    }
    float wheel = about ? 0 : fabsf(dtheta) * g.half_width;
    bool road = false;
    if (try_road && path_on_road(rs, t, pts, n) &&
        (tr->limber != TINY_LIMBER_ROAD || tiny_unit_limbered(t, u)))
        road = true;
    float allow = (road ? allowance * rs->data->road_mult : allowance) - wheel;
    float mult[256], obst[256];
    path_desc pd;
    tiny_path_setup(rs, t, tr, allowance, road, mult, obst, &pd);
    vec2s delta = subv(pts[n - 1], pts[0]);
    float spent = 0;
    for (int i = 0; i < g.count; i++) {
        const figure *f = table_figure_const(t, g.stands[i]);
        vec2s sp[PATH_MAX_POINTS];
        vec2s off = subv(f->pos, pts[0]);
        for (int k = 0; k < n; k++)
            sp[k] = addk(pts[k], off, 1);
        path_result pr;
        if (n > 1 && path_cost(t, &pd, sp, n, allow, &pr) != PATH_STOP_END) {
            snprintf(reason, size, "%s cannot get there: %.1f\" of %.1f\" spent%s%s", f->name,
                     (double)tiny_in(rs, pr.spent_cm + wheel), (double)tiny_in(rs, allow + wheel),
                     pr.stop == PATH_STOP_IMPASSABLE ? ", terrain it may not enter" : "",
                     wheel > 0 ? " (wheel included)" : "");
            return false;
        }
        if (n > 1) {
            spent = fmaxf(spent, pr.spent_cm);
            p->difficult |= pr.crossed_count > 0 || pr.spent_cm > pr.moved_cm * 1.01f;
        }
        if (p->count >= TINY_PLAN_MAX)
            break;
        p->fig[p->count] = f->id;
        p->pos[p->count] = rotate_about(addk(f->pos, delta, 1), addk(g.centre, delta, 1), dtheta);
        p->facing[p->count] = f->facing + dtheta;
        p->count++;
    }
    p->units[p->unit_count++] = u;
    p->cost_cm = fmaxf(p->cost_cm, spent + wheel);
    p->allowance_cm = allowance;
    p->road |= road;
    p->about_face |= about;
    p->distance_cm = lenv(delta);
    return true;
}

/* The formed brigade: the largest group of its movable units chained side by side or one
 * behind the other (within adjacent_gap_in, facing the same way). */
int tiny_formed_group(const rules_state *rs, const table *t, unit_id brigade, bool rally,
                      unit_id *out)
{
    unit_id cand[64];
    tiny_unit_geom gs[64];
    int n = 0;
    char why[8];
    for (int i = 0; i < t->unit_count && n < 64; i++) {
        const unit *un = &t->units[i];
        if (un->parent.id != brigade.id || !tiny_is_troop_unit(t, un->id))
            continue;
        /* A rally may be ordered to units that must rally or are in contact; the other orders
         * go to units free to move. */
        bool free = rally ? !tiny_unit_lost(rs, t, un->id) &&
                                !(rs->units[un->id.id - 1].flags & TINY_U_ORDERED)
                          : tiny_unit_can_move(rs, t, un->id, why, sizeof why);
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
                float gap = tiny_unit_gap_cm(t, &gs[a], &gs[b]);
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

static bool plan_commander_move(const rules_state *rs, const table *t, const rules_command *cmd,
                                const figure *c, tiny_plan *p, char *reason, size_t size)
{
    if (c->side.id != rs->active.id || !table_figure_active(c)) {
        snprintf(reason, size, "%s is not one of your commanders in play", c->name);
        return false;
    }
    if (rs->figs[c->id.id - 1].flags & TINY_F_MOVED) {
        snprintf(reason, size, "%s has already moved this turn", c->name);
        return false;
    }
    if (cmd->path_count < 1) {
        snprintf(reason, size, "a move needs a path");
        return false;
    }
    const tiny_troop *tr = tiny_data_troop(rs->data, "commander");
    float allow = tiny_cm(rs, tr->move_in), mult[256], obst[256];
    path_desc pd;
    tiny_path_setup(rs, t, tr, allow, false, mult, obst, &pd);
    vec2s pts[PATH_MAX_POINTS] = {c->pos};
    for (int k = 0; k < cmd->path_count; k++)
        pts[k + 1] = cmd->path[k];
    path_result pr;
    if (path_cost(t, &pd, pts, cmd->path_count + 1, allow, &pr) != PATH_STOP_END) {
        snprintf(reason, size, "%s cannot get there: beyond his 24\" or through closed terrain",
                 c->name);
        return false;
    }
    vec2s end = cmd->path[cmd->path_count - 1];
    if (end.x < 0 || end.y < 0 || end.x > t->width_cm || end.y > t->height_cm) {
        snprintf(reason, size, "off the table");
        return false;
    }
    p->fig[0] = c->id;
    p->pos[0] = end;
    p->facing[0] = cmd->face_set ? cmd->facing : c->facing;
    p->count = 1;
    p->cost_cm = pr.spent_cm;
    p->allowance_cm = allow;
    p->distance_cm = pr.length_cm;
    return true;
}

/* The corner of the unit's stands farthest from p, as a distance. */
static float farthest_corner_cm(const table *t, const tiny_unit_geom *g, vec2s p)
{
    float far = 0;
    for (int i = 0; i < g->count; i++) {
        const figure *f = table_figure_const(t, g->stands[i]);
        vec2s dir = geom_dir(f->facing), across = {{-dir.y, dir.x}};
        float hw = 0.5f * f->base.frontage_cm, hd = 0.5f * f->base.depth_cm;
        if (f->base.kind != GEOM_BASE_RECT)
            hw = hd = f->base.radius_cm;
        for (int c = 0; c < 4; c++) {
            vec2s k = addk(addk(f->pos, dir, c & 1 ? hd : -hd), across, c & 2 ? hw : -hw);
            far = fmaxf(far, lenv(subv(k, p)));
        }
    }
    return far;
}

/* A wheel (RULES_CMD_WHEEL): the unit turns about cmd->point, one end of its front line, to
 * cmd->facing. It costs the arc its outer end travels (seed 003, D: "wheeling counts the
 * distance moved"): the turn times the distance from the pivot to the farthest stand corner. */
static bool plan_wheel(const rules_state *rs, const table *t, const rules_command *cmd,
                       tiny_plan *p, char *reason, size_t size)
{
    const figure *f0 = cmd->figure_count ? table_figure_const(t, cmd->figures[0]) : NULL;
    unit_id u = cmd->unit.id ? cmd->unit : f0 ? f0->unit : (unit_id){0};
    const unit *un = table_unit_const(t, u);
    const tiny_troop *tr = tiny_troop_of(rs, t, u);
    tiny_unit_geom g;
    if (!un || un->side.id != rs->active.id || !tr || !tiny_unit_geom_of(t, u, &g)) {
        snprintf(reason, size,
                 "name one of your units to wheel (a formed brigade keeps its "
                 "facing; wheel units singly)");
        return false;
    }
    if (!tiny_unit_can_move(rs, t, u, reason, size))
        return false;
    if (!cmd->face_set) {
        snprintf(reason, size, "a wheel needs the new facing");
        return false;
    }
    vec2s dir = geom_dir(g.facing), across = {{-dir.y, dir.x}};
    vec2s ends[2] = {addk(g.front, across, -g.half_width), addk(g.front, across, g.half_width)};
    float slack = tiny_cm(rs, rs->data->adjacent_gap_in);
    if (lenv(subv(cmd->point, ends[0])) > slack && lenv(subv(cmd->point, ends[1])) > slack) {
        snprintf(reason, size, "%s wheels about one end of its front line", un->name);
        return false;
    }
    float dtheta = geom_angle_diff(g.facing, cmd->facing);
    if (fabsf(dtheta) >= rs->data->about_face_min_deg * (float)GEOM_PI / 180 - 1e-4f) {
        snprintf(reason, size, "%s cannot wheel %.0f degrees: that is an about-face", un->name,
                 (double)(fabsf(dtheta) * 180 / (float)GEOM_PI));
        return false;
    }
    float allowance = tiny_allowance_cm(rs, t, u, tr);
    float cost = fabsf(dtheta) * farthest_corner_cm(t, &g, cmd->point);
    if (allowance <= 0 || cost > allowance + 1e-3f) {
        snprintf(reason, size, "%s cannot wheel that far: the outer end travels %.1f\" of %.1f\"",
                 un->name, (double)tiny_in(rs, cost), (double)tiny_in(rs, allowance));
        return false;
    }
    float mult[256], obst[256];
    path_desc pd;
    tiny_path_setup(rs, t, tr, allowance, false, mult, obst, &pd);
    for (int i = 0; i < g.count && p->count < TINY_PLAN_MAX; i++) {
        const figure *f = table_figure_const(t, g.stands[i]);
        vec2s to = rotate_about(f->pos, cmd->point, dtheta), pts[2] = {f->pos, to};
        path_result pr;
        if (path_cost(t, &pd, pts, 2, 1e6f, &pr) == PATH_STOP_IMPASSABLE) {
            snprintf(reason, size, "%s would wheel into terrain it may not enter", f->name);
            return false;
        }
        p->fig[p->count] = f->id;
        p->pos[p->count] = to;
        p->facing[p->count] = f->facing + dtheta;
        p->count++;
    }
    p->units[p->unit_count++] = u;
    p->cost_cm = p->distance_cm = cost;
    p->allowance_cm = allowance;
    if (!check_places(rs, t, p, (unit_id){0}, false, reason, size))
        return false;
    snprintf(p->note, sizeof p->note, "wheel: the outer end travels %.1f\" of %.1f\"",
             (double)tiny_in(rs, cost), (double)tiny_in(rs, allowance));
    return true;
}

int tiny_move_figures(const rules_state *rs, const table *t, const rules_command *cmd,
                      figure_id *out, int max)
{
    const figure *f0 = cmd->figure_count ? table_figure_const(t, cmd->figures[0]) : NULL;
    if (f0 && tiny_is_commander(f0)) {
        out[0] = f0->id;
        return max > 0;
    }
    unit_id group[64];
    int gn = 1, n = 0;
    group[0] = cmd->unit.id ? cmd->unit : f0 ? f0->unit : (unit_id){0};
    if (cmd->kind == RULES_CMD_MOVE && !tiny_is_troop_unit(t, group[0]))
        gn = tiny_formed_group(rs, t, group[0], false, group);
    for (int i = 0; i < gn; i++) {
        tiny_unit_geom g;
        if (!tiny_unit_geom_of(t, group[i], &g))
            continue;
        for (int k = 0; k < g.count && n < max; k++)
            out[n++] = g.stands[k];
    }
    return n;
}

bool tiny_plan_move(const rules_state *rs, const table *t, const rules_command *cmd, tiny_plan *out,
                    char *reason, size_t size)
{
    memset(out, 0, sizeof *out);
    if (cmd->kind == RULES_CMD_WHEEL)
        return plan_wheel(rs, t, cmd, out, reason, size);
    const figure *f0 = cmd->figure_count ? table_figure_const(t, cmd->figures[0]) : NULL;
    if (f0 && tiny_is_commander(f0))
        return plan_commander_move(rs, t, cmd, f0, out, reason, size);
    unit_id u = cmd->unit.id ? cmd->unit : f0 ? f0->unit : (unit_id){0};
    const unit *un = table_unit_const(t, u);
    if (!un || un->side.id != rs->active.id) {
        snprintf(reason, size, "name one of your units");
        return false;
    }
    if (cmd->path_count < 1 && !cmd->face_set) {
        snprintf(reason, size, "a move needs a path or a new facing");
        return false;
    }
    unit_id group[64];
    int gn = 1;
    group[0] = u;
    if (!tiny_is_troop_unit(t, u)) {
        gn = tiny_formed_group(rs, t, u, false, group);
        if (gn < 2) {
            snprintf(reason, size,
                     "%s has no formed brigade: two or more adjacent units side by side or "
                     "in column",
                     un->name);
            return false;
        }
        if (cmd->face_set) {
            snprintf(reason, size, "a formed brigade keeps its facing; wheel units singly");
            return false;
        }
    } else if (!tiny_unit_can_move(rs, t, u, reason, size)) {
        return false;
    }
    tiny_unit_geom g;
    tiny_unit_geom_of(t, group[0], &g);
    vec2s pts[PATH_MAX_POINTS] = {table_figure_const(t, g.stands[0])->pos};
    int n = 1;
    for (int k = 0; k < cmd->path_count && n < PATH_MAX_POINTS; k++)
        pts[n++] = cmd->path[k];
    float dtheta = cmd->face_set ? geom_angle_diff(g.facing, cmd->facing) : 0;
    for (int pass = 0; pass < 2; pass++) {
        tiny_plan p = {0};
        bool ok = true;
        for (int i = 0; i < gn && ok; i++)
            ok = plan_unit_path(rs, t, group[i], pts, n, dtheta, pass == 1, &p, reason, size);
        if (ok && pass == 1 && !p.road)
            ok = false;
        if (ok && !check_places(rs, t, &p, (unit_id){0}, false, reason, size))
            return false;
        if (ok) {
            *out = p;
            snprintf(out->note, sizeof out->note, "%.1f\" of %.1f\"%s",
                     (double)tiny_in(rs, p.cost_cm), (double)tiny_in(rs, p.allowance_cm),
                     p.road ? " on the road at double speed" : "");
            return true;
        }
    }
    return false;
}

/* ---- charges ------------------------------------------------------------------------------------
 */

bool tiny_plan_charge(const rules_state *rs, const table *t, unit_id charger, unit_id target,
                      bool ignore_order, tiny_plan *out, char *reason, size_t size)
{
    memset(out, 0, sizeof *out);
    const unit *cu = table_unit_const(t, charger), *tu = table_unit_const(t, target);
    const tiny_troop *ctr = tiny_troop_of(rs, t, charger);
    tiny_unit_geom cg, tg;
    if (!cu || !ctr || !tiny_unit_geom_of(t, charger, &cg)) {
        snprintf(reason, size, "name one of your units to charge");
        return false;
    }
    if (!tu || tu->side.id == cu->side.id || !tiny_unit_geom_of(t, target, &tg) ||
        tiny_unit_lost(rs, t, target)) {
        snprintf(reason, size, "name an enemy unit on the table to charge");
        return false;
    }
    if (!ignore_order && !tiny_unit_can_move(rs, t, charger, reason, size))
        return false;
    if (ctr->cls == TINY_CLASS_ARTILLERY || ctr->cls == TINY_CLASS_WAGON) {
        snprintf(reason, size, "%s cannot charge", ctr->label);
        return false;
    }
    if (!tiny_partly_in_frontal_zone(t, &cg, tiny_zone_deg(rs), &tg)) {
        snprintf(reason, size, "%s is not in %s's frontal zone", tu->name, cu->name);
        return false;
    }
    vec2s tdir = geom_dir(tg.facing), tside = {{-tdir.y, tdir.x}};
    vec2s rel = subv(cg.centre, tg.centre);
    vec2s contact;
    float face;
    float bearing = fabsf(geom_angle_diff(tg.facing, geom_angle_of(rel)));
    if (tiny_partly_in_frontal_zone(t, &tg, tiny_zone_deg(rs), &cg) || bearing <= GEOM_PI / 4) {
        contact = tg.front;
        face = tg.facing + (float)GEOM_PI;
        snprintf(out->edge, sizeof out->edge, "front");
    } else if (bearing >= 3 * GEOM_PI / 4) {
        contact = tg.rear;
        face = tg.facing;
        snprintf(out->edge, sizeof out->edge, "rear");
    } else {
        float sgn = rel.x * tside.x + rel.y * tside.y >= 0 ? 1.0f : -1.0f;
        contact = addk(tg.centre, tside, sgn * tg.half_width);
        face = geom_angle_of((vec2s){{-tside.x * sgn, -tside.y * sgn}});
        snprintf(out->edge, sizeof out->edge, "flank");
    }
    float dtheta = geom_angle_diff(cg.facing, face);
    if (fabsf(dtheta) >= rs->data->about_face_min_deg * (float)GEOM_PI / 180 - 1e-4f) {
        snprintf(reason, size, "%s would have to about-face to charge", cu->name);
        return false;
    }
    float allowance = tiny_allowance_cm(rs, t, charger, ctr);
    float wheel = fabsf(dtheta) * cg.half_width, mult[256], obst[256];
    path_desc pd;
    tiny_path_setup(rs, t, ctr, allowance, false, mult, obst, &pd);
    for (int i = 0; i < tg.count; i++)
        if (path_mult_at(t, &pd, table_figure_const(t, tg.stands[i])->pos, NULL) == 0) {
            snprintf(reason, size, "%s stands in terrain %s may not enter", tu->name, cu->name);
            return false;
        }
    vec2s pts[2] = {cg.front, contact};
    path_result pr;
    if (allowance - wheel <= 0 ||
        path_cost(t, &pd, pts, 2, allowance - wheel, &pr) != PATH_STOP_END) {
        snprintf(reason, size, "%s is out of charge reach (%.1f\" needed, %.1f\" move)", tu->name,
                 (double)tiny_in(rs, lenv(subv(contact, cg.front)) + wheel),
                 (double)tiny_in(rs, allowance));
        return false;
    }
    for (int i = 0; i < cg.count && out->count < TINY_PLAN_MAX; i++) {
        const figure *f = table_figure_const(t, cg.stands[i]);
        vec2s r = rotate_about(f->pos, cg.front, dtheta);
        out->fig[out->count] = f->id;
        out->pos[out->count] = addk(r, subv(contact, cg.front), 1);
        out->facing[out->count] = f->facing + dtheta;
        out->count++;
    }
    out->units[out->unit_count++] = charger;
    out->distance_cm = lenv(subv(contact, cg.front));
    out->cost_cm = pr.spent_cm + wheel;
    out->allowance_cm = allowance;
    out->difficult = pr.crossed_count > 0 || pr.spent_cm > pr.moved_cm * 1.01f + 1e-3f;
    for (int k = 0; k < pr.crossed_count && k < PATH_MAX_CROSSINGS; k++)
        out->over_cover |=
            t->types[t->features[pr.crossings[k].feature].type].cover != TERRAIN_COVER_NONE;
    if (!check_places(rs, t, out, target, false, reason, size))
        return false;
    snprintf(out->note, sizeof out->note, "charge into the %s, %.1f\" of %.1f\"%s", out->edge,
             (double)tiny_in(rs, out->cost_cm), (double)tiny_in(rs, allowance),
             out->difficult ? ", through difficult ground or over an obstacle" : "");
    return true;
}

bool tiny_is_brigade(const table *t, unit_id u)
{
    return u.id && !tiny_is_troop_unit(t, u) && tiny_brigadier_of(t, u) != NULL;
}

/* The member of the formed group that can charge the target most cheaply, with its plan. */
static int brigade_charge_lead(const rules_state *rs, const table *t, const unit_id *group, int n,
                               unit_id target, tiny_plan *lead, char *reason, size_t size)
{
    int best = -1;
    for (int i = 0; i < n; i++) {
        tiny_plan p;
        char why[160];
        if (!tiny_plan_charge(rs, t, group[i], target, false, &p, why, sizeof why)) {
            if (best < 0)
                snprintf(reason, size, "%s", why);
            continue;
        }
        if (best < 0 || p.cost_cm < lead->cost_cm) {
            best = i;
            *lead = p;
        }
    }
    return best;
}

/* A member keeps its place: the lead's motion applied to its stands, within its own move and
 * through terrain it may enter. */
static bool brigade_member_follows(const rules_state *rs, const table *t, unit_id u, vec2s a0,
                                   vec2s b0, float dtheta, tiny_plan *p, char *reason, size_t size)
{
    const tiny_troop *tr = tiny_troop_of(rs, t, u);
    tiny_unit_geom g;
    if (!tr || !tiny_unit_geom_of(t, u, &g))
        return false;
    const unit *un = table_unit_const(t, u);
    float allowance = tiny_allowance_cm(rs, t, u, tr);
    float allow = allowance - fabsf(dtheta) * g.half_width, mult[256], obst[256];
    path_desc pd;
    tiny_path_setup(rs, t, tr, allowance, false, mult, obst, &pd);
    for (int i = 0; i < g.count && p->count < TINY_PLAN_MAX; i++) {
        const figure *f = table_figure_const(t, g.stands[i]);
        vec2s to = addk(rotate_about(f->pos, a0, dtheta), subv(b0, a0), 1), pts[2] = {f->pos, to};
        path_result pr;
        if (allow <= 0 || path_cost(t, &pd, pts, 2, allow, &pr) != PATH_STOP_END) {
            snprintf(reason, size, "%s cannot keep its place in the formed brigade's charge",
                     un->name);
            return false;
        }
        p->difficult |= pr.crossed_count > 0 || pr.spent_cm > pr.moved_cm * 1.01f + 1e-3f;
        p->fig[p->count] = f->id;
        p->pos[p->count] = to;
        p->facing[p->count] = f->facing + dtheta;
        p->count++;
    }
    p->units[p->unit_count++] = u;
    return true;
}

bool tiny_plan_brigade_charge(const rules_state *rs, const table *t, unit_id brigade,
                              unit_id target, tiny_plan *out, char *reason, size_t size)
{
    memset(out, 0, sizeof *out);
    unit_id group[64];
    int n = tiny_formed_group(rs, t, brigade, false, group);
    if (n < 2) {
        snprintf(reason, size,
                 "%s has no formed brigade: two or more adjacent units side by side or in column",
                 table_unit_const(t, brigade)->name);
        return false;
    }
    int lead = brigade_charge_lead(rs, t, group, n, target, out, reason, size);
    if (lead < 0)
        return false;
    /* The lead's first stand gives the motion every stand of the brigade makes. */
    const figure *f0 = table_figure_const(t, out->fig[0]);
    vec2s a0 = f0->pos, b0 = out->pos[0];
    float dtheta = out->facing[0] - f0->facing;
    for (int i = 0; i < n; i++)
        if (i != lead &&
            !brigade_member_follows(rs, t, group[i], a0, b0, dtheta, out, reason, size))
            return false;
    if (!check_places(rs, t, out, target, false, reason, size))
        return false;
    char note[88];
    memcpy(note, out->note, sizeof note - 1);
    note[sizeof note - 1] = 0;
    snprintf(out->note, sizeof out->note, "%s, the formed brigade keeping its places", note);
    return true;
}

/* The stand of a retreating unit `d` cm along dir from its turned start. */
static geom_placed_base retreat_base(const figure *f, vec2s start, float facing, vec2s dir, float d)
{
    return (geom_placed_base){.base = f->base, .pos = addk(start, dir, d), .facing = facing};
}

/* The other stands a retreat of up to `limit` cm could meet: active, not commanders, not the
 * unit's own, near one of the stands' straight paths. */
static int retreat_obstacles(const table *t, unit_id u, const tiny_unit_geom *g, const vec2s *start,
                             vec2s dir, float limit, figure_id *out, int max)
{
    int n = 0;
    for (int k = 0; k < t->figure_count && n < max; k++) {
        const figure *o = &t->figures[k];
        if (!table_figure_active(o) || tiny_is_commander(o) || o->unit.id == u.id)
            continue;
        for (int i = 0; i < g->count; i++) {
            const figure *f = table_figure_const(t, g->stands[i]);
            float reach = tiny_stand_radius(f) + tiny_stand_radius(o) + 1.0f;
            geom_segment s = {start[i], addk(start[i], dir, limit)};
            if (geom_point_segment_distance(o->pos, s) <= reach) {
                out[n++] = o->id;
                break;
            }
        }
    }
    return n;
}

/* The unit at distance d: does a stand overlap one of `obs` (enemies only when !friends), or
 * (enemies_gap) come within contact of an enemy it was not touching at the start? */
static bool retreat_hits(const rules_state *rs, const table *t, const tiny_unit_geom *g,
                         const vec2s *start, const float *facing, vec2s dir, float d,
                         const figure_id *obs, const bool *touching, int nobs, bool friends)
{
    float gap = tiny_cm(rs, rs->data->contact_gap_in);
    side_id own = table_figure_const(t, g->stands[0])->side;
    for (int k = 0; k < nobs; k++) {
        const figure *o = table_figure_const(t, obs[k]);
        bool enemy = o->side.id != own.id;
        if (!enemy && !friends)
            continue;
        geom_placed_base ob = tiny_stand_base(o);
        for (int i = 0; i < g->count; i++) {
            const figure *f = table_figure_const(t, g->stands[i]);
            geom_placed_base nb = retreat_base(f, start[i], facing[i], dir, d);
            if (tiny_stands_overlap(&nb, &ob))
                return true;
            if (enemy && !touching[k] && geom_base_edge_distance(&nb, &ob) <= gap)
                return true;
        }
    }
    return false;
}

void tiny_plan_retreat(const rules_state *rs, const table *t, unit_id u, vec2s dir, tiny_plan *out,
                       bool *off, bool *blocked)
{
    memset(out, 0, sizeof *out);
    *off = *blocked = false;
    const tiny_troop *tr = tiny_troop_of(rs, t, u);
    tiny_unit_geom g;
    if (!tr || !tiny_unit_geom_of(t, u, &g)) {
        *blocked = true;
        return;
    }
    float l = lenv(dir);
    dir = l > 1e-6f ? (vec2s){{dir.x / l, dir.y / l}} : geom_dir(g.facing + (float)GEOM_PI);
    float face = geom_angle_of(dir);
    float dtheta = geom_angle_diff(g.facing, face);
    float allowance = tiny_cm(
        rs, tr->move_in + (tiny_unit_formation_is(t, u, "column") ? tr->column_bonus_in : 0));
    float mult[256], obst[256];
    path_desc pd;
    tiny_path_setup(rs, t, tr, allowance, false, mult, obst, &pd);
    /* The unit turns about its centre, then goes straight as far as the slowest stand can:
     * terrain it may not enter stops it (path_reach). */
    vec2s start[TINY_UNIT_FIGS];
    float facing[TINY_UNIT_FIGS];
    float go = allowance, edge = INFINITY;
    for (int i = 0; i < g.count; i++) {
        const figure *f = table_figure_const(t, g.stands[i]);
        start[i] = rotate_about(f->pos, g.centre, dtheta);
        facing[i] = f->facing + dtheta;
        path_result pr;
        vec2s end = path_reach(t, &pd, start[i], face, allowance, &pr);
        go = fminf(go, lenv(subv(end, start[i])));
        /* how far until its centre leaves the table */
        float ex = dir.x > 1e-6f    ? (t->width_cm - start[i].x) / dir.x
                   : dir.x < -1e-6f ? -start[i].x / dir.x
                                    : INFINITY;
        float ey = dir.y > 1e-6f    ? (t->height_cm - start[i].y) / dir.y
                   : dir.y < -1e-6f ? -start[i].y / dir.y
                                    : INFINITY;
        edge = fminf(edge, fmaxf(0, fminf(ex, ey)));
    }
    /* Enemy stands stop it: never through them, nor into contact with one it was not already
     * touching (seed 003, D: Passage of Lines lets a retreat pass through friends only). */
    figure_id obs[256];
    bool touching[256];
    int nobs = retreat_obstacles(t, u, &g, start, dir, go, obs, 256);
    float gap = tiny_cm(rs, rs->data->contact_gap_in);
    for (int k = 0; k < nobs; k++) {
        geom_placed_base ob = tiny_stand_base(table_figure_const(t, obs[k]));
        touching[k] = false;
        for (int i = 0; i < g.count && !touching[k]; i++) {
            geom_placed_base nb =
                retreat_base(table_figure_const(t, g.stands[i]), start[i], facing[i], dir, 0);
            touching[k] = geom_base_edge_distance(&nb, &ob) <= gap;
        }
    }
    const float step = 0.25f;
    float clear = -1;
    for (float d = 0; d < go + step; d += step) {
        float at = fminf(d, go);
        if (retreat_hits(rs, t, &g, start, facing, dir, at, obs, touching, nobs, false))
            break;
        clear = at;
    }
    if (edge <= clear) {
        *off = true; /* it reaches the table edge before anything stops it */
        go = clear;
    } else {
        /* It may pass through friends but not end on them: the farthest free place. */
        go = clear;
        while (go >= 0 &&
               retreat_hits(rs, t, &g, start, facing, dir, go, obs, touching, nobs, true))
            go -= step;
        *blocked = go < tiny_cm(rs, rs->data->retreat_min_in) - 1e-4f;
        go = fmaxf(go, 0);
    }
    for (int i = 0; i < g.count && out->count < TINY_PLAN_MAX; i++) {
        out->fig[out->count] = g.stands[i];
        out->pos[out->count] = addk(start[i], dir, go);
        out->facing[out->count] = facing[i];
        out->count++;
    }
    out->units[out->unit_count++] = u;
    out->distance_cm = go;
    out->allowance_cm = allowance;
    out->about_face = fabsf(dtheta) > GEOM_PI / 2;
}

/* ---- shooting -----------------------------------------------------------------------------------
 */

static tiny_unit_geom stand_geom(const figure *f)
{
    tiny_unit_geom g = {.count = 1, .stands = {f->id}, .centre = f->pos, .facing = f->facing};
    float hw = f->base.kind == GEOM_BASE_RECT ? f->base.frontage_cm * 0.5f : f->base.radius_cm;
    float hd = f->base.kind == GEOM_BASE_RECT ? f->base.depth_cm * 0.5f : f->base.radius_cm;
    g.half_width = hw;
    g.half_depth = hd;
    g.front = addk(f->pos, geom_dir(f->facing), hd);
    g.rear = addk(f->pos, geom_dir(f->facing), -hd);
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
        snprintf(reason, size, "%s cannot shoot", tr->label);
    else if (tiny_unit_lost(rs, t, u))
        snprintf(reason, size, "%s is no longer on the table", un->name);
    else if ((fl & TINY_U_ORDERED) && !moved_may_shoot)
        snprintf(reason, size,
                 "%s has had its order this turn (only light infantry and battalion guns move "
                 "and shoot, and not after a road move)",
                 un->name);
    else if (tiny_unit_must_rally(t, u))
        snprintf(reason, size, "%s must be rallied before it can move or shoot", un->name);
    else if (tiny_unit_in_contact(rs, t, u))
        snprintf(reason, size, "%s is in contact: its shooting is part of the melee", un->name);
    else if (tr->limber != TINY_LIMBER_NONE && tiny_unit_limbered(t, u))
        snprintf(reason, size, "%s is limbered", un->name);
    else
        return true;
    return false;
}

bool tiny_plan_fire(const rules_state *rs, const table *t, unit_id u, unit_id target,
                    tiny_fire_plan *out, char *reason, size_t size)
{
    memset(out, 0, sizeof *out);
    out->cover_feature = -1;
    const unit *un = table_unit_const(t, u);
    const tiny_troop *tr = tiny_troop_of(rs, t, u);
    if (!un || !tr || un->side.id != rs->active.id || !tiny_is_troop_unit(t, u)) {
        snprintf(reason, size, "name one of your units to shoot");
        return false;
    }
    if (!fire_ready(rs, t, u, tr, reason, size))
        return false;
    return tiny_plan_volley(rs, t, u, target, out, reason, size);
}

bool tiny_plan_volley(const rules_state *rs, const table *t, unit_id u, unit_id target,
                      tiny_fire_plan *out, char *reason, size_t size)
{
    memset(out, 0, sizeof *out);
    out->cover_feature = -1;
    const unit *un = table_unit_const(t, u), *tu = table_unit_const(t, target);
    const tiny_troop *tr = tiny_troop_of(rs, t, u);
    tiny_unit_geom g, tg;
    if (!un || !tr) {
        snprintf(reason, size, "name one of your units to shoot");
        return false;
    }
    if (!tu || tu->side.id == un->side.id || !tiny_unit_geom_of(t, target, &tg) ||
        !tiny_unit_geom_of(t, u, &g)) {
        snprintf(reason, size, "name an enemy unit on the table as the target");
        return false;
    }
    tiny_fire_target ft = {.troop = tiny_troop_of(rs, t, target),
                           .in_cover = tiny_unit_in_cover(rs, t, target, true),
                           .column = tiny_unit_formation_is(t, target, "column")};
    float max_in = tr->bands[tr->band_count - 1].range_in;
    for (int i = 0; i < g.count; i++) {
        const figure *s = table_figure_const(t, g.stands[i]);
        tiny_unit_geom sg = stand_geom(s);
        geom_placed_base sb = tiny_stand_base(s);
        float best = INFINITY;
        const figure *aim = NULL;
        for (int k = 0; k < tg.count; k++) {
            const figure *e = table_figure_const(t, tg.stands[k]);
            geom_placed_base eb = tiny_stand_base(e);
            float r = tiny_in(rs, (float)geom_base_edge_distance(&sb, &eb));
            tiny_unit_geom eg = stand_geom(e);
            if (r > max_in + 1e-4f || r >= best ||
                !tiny_partly_in_frontal_zone(t, &sg, tiny_zone_deg(rs), &eg) ||
                !tiny_line_clear(rs, t, s->pos, e->pos, u, target))
                continue;
            best = r;
            aim = e;
        }
        if (!aim)
            continue;
        int c = out->count++;
        out->shooter[c] = s->id;
        out->aim[c] = aim->id;
        out->range_in[c] = best;
        out->need[c] = tiny_fire_need(rs->data, tr, best, &ft, &out->mods[c]);
        int feat = -1;
        if (tr->destroys_cover && best <= rs->data->siege_cover_range_in + 1e-4f &&
            stand_in_cover(rs, t, aim, true, &feat))
            out->cover_feature = feat;
    }
    if (out->count == 0) {
        snprintf(reason, size,
                 "no stand of %s has %s in range, in its frontal zone and in clear sight", un->name,
                 tu->name);
        return false;
    }
    return true;
}

/* ---- melee odds
 * ------------------------------------------------------------------------------------ */

void tiny_melee_side_of(const rules_state *rs, const table *t, unit_id u, unit_id enemy,
                        tiny_melee_side *out)
{
    memset(out, 0, sizeof *out);
    out->troop = tiny_troop_of(rs, t, u);
    out->stands = tiny_unit_stands(t, u);
    out->shaken = tiny_unit_shaken(t, u);
    out->column = tiny_unit_formation_is(t, u, "column");
    out->limbered = tiny_unit_limbered(t, u);
    /* In melee a wall or hedge covers only the side the enemy charged across it. */
    out->in_cover = tiny_unit_in_cover(rs, t, u, false);
    for (int i = 0; i < rs->charge_count; i++)
        if (rs->charges[i].charger.id == enemy.id && rs->charges[i].target.id == u.id &&
            (rs->units[enemy.id - 1].flags & TINY_U_OVER_COVER))
            out->in_cover = true;
    tiny_unit_geom g, e;
    if (tiny_unit_geom_of(t, u, &g) && tiny_unit_geom_of(t, enemy, &e))
        out->flank_or_rear = !tiny_partly_in_frontal_zone(t, &g, tiny_zone_deg(rs), &e);
    for (int i = 0; i < rs->charge_count; i++)
        if (rs->charges[i].charger.id == u.id && rs->charges[i].target.id == enemy.id)
            out->crossed_difficult = (rs->units[u.id - 1].flags & TINY_U_DIFFICULT) != 0;
}

static float p_at_least(int need)
{
    if (need <= 1)
        return 1;
    if (need > 6)
        return 0;
    return (7 - need) / 6.0f;
}

float tiny_melee_expected(const rules_state *rs, const table *t, unit_id charger, unit_id target,
                          int *dice, int *need)
{
    tiny_melee_side a, b;
    tiny_melee_side_of(rs, t, charger, target, &a);
    tiny_melee_side_of(rs, t, target, charger, &b);
    a.flank_or_rear = false;
    if (!a.troop || !b.troop)
        return 0;
    *dice = tiny_melee_dice(&a);
    *need = tiny_melee_need(rs->data, &a, &b, NULL);
    return (float)*dice * p_at_least(*need);
}

/* ---- formation changes
 * ---------------------------------------------------------------------------- */

const char *tiny_formation_of(const rules_state *rs, const table *t, unit_id u)
{
    const unit *un = table_unit_const(t, u);
    const tiny_troop *tr = tiny_data_troop(rs->data, un ? un->kind : NULL);
    if (un && un->formation[0])
        return un->formation;
    return tr && tr->limber != TINY_LIMBER_NONE ? "deployed" : "line";
}

void tiny_plan_reform(const table *t, unit_id u, const char *to, tiny_plan *p)
{
    tiny_unit_geom g;
    memset(p, 0, sizeof *p);
    if (!tiny_unit_geom_of(t, u, &g))
        return;
    const figure *head = table_figure_const(t, g.stands[0]);
    vec2s dir = geom_dir(g.facing), across = {{-dir.y, dir.x}};
    bool rect = head->base.kind == GEOM_BASE_RECT;
    float w = rect ? head->base.frontage_cm : 2 * head->base.radius_cm;
    float d = rect ? head->base.depth_cm : 2 * head->base.radius_cm;
    for (int i = 0; i < g.count; i++) {
        vec2s pos = head->pos;
        if (strcmp(to, "column") == 0)
            pos = addk(pos, dir, -d * (float)i);
        else
            pos = addk(pos, across, w * ((float)i - 0.5f * (float)(g.count - 1)));
        p->fig[p->count] = g.stands[i];
        p->pos[p->count] = pos;
        p->facing[p->count] = g.facing;
        p->count++;
    }
    p->units[p->unit_count++] = u;
}

bool tiny_check_formation(const rules_state *rs, const table *t, unit_id u, const char *to,
                          char *reason, size_t size)
{
    const unit *un = table_unit_const(t, u);
    const tiny_troop *base = tiny_data_troop(rs->data, un ? un->kind : NULL);
    if (!un || !base || un->side.id != rs->active.id) {
        snprintf(reason, size, "name one of your units");
        return false;
    }
    const char *cur = tiny_formation_of(rs, t, u);
    bool ok;
    if (base->limber != TINY_LIMBER_NONE)
        ok = strcmp(to, "limbered") == 0 || strcmp(to, "deployed") == 0;
    else if (strcmp(cur, "dismounted") == 0)
        ok = strcmp(to, "line") == 0;
    else
        ok = (base->cls == TINY_CLASS_INFANTRY || base->cls == TINY_CLASS_CAVALRY) &&
             (strcmp(to, "line") == 0 || strcmp(to, "column") == 0 ||
              (base->dismount_as[0] && strcmp(to, "dismounted") == 0));
    if (!ok) {
        snprintf(reason, size, "%s cannot take the formation \"%s\"", base->label, to);
        return false;
    }
    if (strcmp(cur, to) == 0) {
        snprintf(reason, size, "%s is already %s", un->name, to);
        return false;
    }
    if (!tiny_unit_can_move(rs, t, u, reason, size))
        return false;
    if (strcmp(to, "line") == 0 || strcmp(to, "column") == 0) {
        tiny_plan p;
        tiny_plan_reform(t, u, to, &p);
        return check_places(rs, t, &p, (unit_id){0}, true, reason, size);
    }
    return true;
}
