/* D. Movement: moves, wheels, formation changes, the retreat path, passage of lines, the reach
 * of a move; their validation, legal moves and resolution. */
#include "rules/tiny/tiny_move.h"

#include "rules/tiny/tiny_orders.h"
#include "rules/tiny/tiny_state.h"
#include "core/mem.h"
#include "core/place.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* What a path set-up reads besides the match's static data: the table's terrain types (by
 * address: they never change in a match), which rough test applies, the troop's rough rule and
 * the data's two factors (by value: a clone has its own copy of the data), the allowance and
 * the road. Zeroed before it is filled: compared by bytes. */
typedef struct setup_key {
    const terrain_type *types;
    int type_count, own_rough, rough, road;
    float half_mult, obstacle_fraction, allowance_cm;
} setup_key;

#define SETUP_KEEP_MAX 4

struct tiny_setup_keep {
    struct {
        bool used;
        setup_key key;
        float mult[256], obstacle[256];
    } e[SETUP_KEEP_MAX];
    int next;
};

static void path_setup_fill(const rules_state *rs, const table *t, const tiny_troop *tr,
                            float allowance_cm, bool road, float *mult, float *obstacle)
{
    const tiny_data *d = rs->data;
    for (int i = 0; i < t->type_count; i++) {
        const terrain_type *ty = &t->types[i];
        if (road)
            mult[i] = ty->move_mult == 0 && ty->obstacle == TERRAIN_OBSTACLE_IMPASSABLE ? 0 : 1;
        else if (t->type_count == rs->type_count ? rs->type_rough[i]
                                                 : tiny_data_is_rough(d, ty->name))
            mult[i] = tr->rough == TINY_ROUGH_FULL   ? 1
                      : tr->rough == TINY_ROUGH_HALF ? d->rough_half_mult
                                                     : 0;
        else
            mult[i] = ty->move_mult == 0 ? 0 : 1;
        bool crossable =
            ty->obstacle == TERRAIN_OBSTACLE_LOW || ty->obstacle == TERRAIN_OBSTACLE_WATER;
        obstacle[i] = crossable && !road ? d->obstacle_move_fraction * allowance_cm : 0;
    }
}

/* Every candidate move, charge and reach of a unit sets up the same costs per terrain type
 * (one pass over the types each): the last few are kept by their inputs and copied, the same
 * bits. */
void tiny_path_setup(const rules_state *rs, const table *t, const tiny_troop *tr,
                     float allowance_cm, bool road, float *mult, float *obstacle, path_desc *pd)
{
    *pd = (path_desc){.mult = mult, .clear_mult = 1, .obstacle_cost_cm = obstacle};
    if (!rs->los || t->type_count > 256) {
        path_setup_fill(rs, t, tr, allowance_cm, road, mult, obstacle);
        return;
    }
    setup_key key;
    memset(&key, 0, sizeof key);
    key.types = t->types;
    key.type_count = t->type_count;
    key.own_rough = t->type_count == rs->type_count;
    key.rough = (int)tr->rough;
    key.road = road;
    key.half_mult = rs->data->rough_half_mult;
    key.obstacle_fraction = rs->data->obstacle_move_fraction;
    key.allowance_cm = allowance_cm;
    if (!rs->los->setup_keep)
        rs->los->setup_keep = mem_calloc(1, sizeof *rs->los->setup_keep);
    struct tiny_setup_keep *k = rs->los->setup_keep;
    size_t bytes = (size_t)t->type_count * sizeof *mult;
    for (int i = 0; i < SETUP_KEEP_MAX; i++)
        if (k->e[i].used && memcmp(&k->e[i].key, &key, sizeof key) == 0) {
            memcpy(mult, k->e[i].mult, bytes);
            memcpy(obstacle, k->e[i].obstacle, bytes);
            return;
        }
    path_setup_fill(rs, t, tr, allowance_cm, road, mult, obstacle);
    int slot = k->next;
    k->next = (k->next + 1) % SETUP_KEEP_MAX;
    k->e[slot].used = true;
    k->e[slot].key = key;
    memcpy(k->e[slot].mult, mult, bytes);
    memcpy(k->e[slot].obstacle, obstacle, bytes);
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
        float len = tiny_len(tiny_sub(pts[k + 1], pts[k]));
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
bool tiny_check_places(const rules_state *rs, const table *t, const tiny_plan *p, unit_id target,
                       bool passage_any, char *reason, size_t size)
{
    float gap = tiny_cm(rs, rs->data->contact_gap_in);
    /* The figures near any stand's path (the union of the paths' boxes, by the widest pad): the
     * rest fail every stand's own box test below, so they are left out once, in table order. */
    int near[512], nn = 0, sn = -1;
    const tiny_near_stand *ns = NULL;
    geom_aabb boxes[TINY_PLAN_MAX]; /* each stand's path box, once listed (kept for its own test) */
    bool listed = t->figure_count <= (int)(sizeof near / sizeof near[0]);
    if (listed) {
        geom_aabb all = {{{INFINITY, INFINITY}}, {{-INFINITY, -INFINITY}}};
        float widest = 0;
        for (int i = 0; i < p->count; i++) {
            const figure *f = table_figure_const(t, p->fig[i]);
            if (tiny_is_commander(f))
                continue;
            geom_aabb b = boxes[i] = geom_aabb_of_segment((geom_segment){f->pos, p->pos[i]});
            all.min.x = fminf(all.min.x, b.min.x);
            all.min.y = fminf(all.min.y, b.min.y);
            all.max.x = fmaxf(all.max.x, b.max.x);
            all.max.y = fmaxf(all.max.y, b.max.y);
            widest = fmaxf(widest, tiny_stand_reach(f) + gap + TINY_FAR_SLACK_CM);
        }
        /* with the memo's list, near holds places in it (each stand's reach known) */
        sn = tiny_geom_memo_stands(t, &ns);
        for (int j = 0; j < sn; j++)
            if (!tiny_outside_box(ns[j].pos, all, widest + ns[j].reach))
                near[nn++] = j;
        for (int k = 0; sn < 0 && k < t->figure_count; k++) {
            const figure *o = &t->figures[k];
            if (table_figure_active(o) && !tiny_is_commander(o) &&
                !tiny_outside_box(o->pos, all, widest + tiny_stand_reach(o)))
                near[nn++] = k;
        }
    }
    for (int i = 0; i < p->count; i++) {
        const figure *f = table_figure_const(t, p->fig[i]);
        geom_placed_base nb = {.base = f->base, .pos = p->pos[i], .facing = p->facing[i]};
        if (!on_table(t, &nb)) {
            tiny_text(reason, size, "the move would take %s off the table", f->name);
            return false;
        }
        if (tiny_is_commander(f))
            continue; /* only the on-table test applies to a commander */
        geom_segment path = {f->pos, p->pos[i]};
        /* a stand beyond the path's box by both reaches and the gap is skipped below anyway */
        geom_aabb box = listed ? boxes[i] : geom_aabb_of_segment(path);
        float rf = tiny_stand_radius(f), pad = tiny_stand_reach(f) + gap + TINY_FAR_SLACK_CM;
        int count = listed ? nn : t->figure_count;
        for (int j = 0; j < count; j++) {
            const figure *o;
            if (sn >= 0) { /* listed stands are active troops */
                const tiny_near_stand *e = &ns[near[j]];
                o = &t->figures[e->index];
                if (tiny_outside_box(e->pos, box, pad + e->reach) || in_plan_units(p, o->unit))
                    continue;
            } else {
                o = &t->figures[listed ? near[j] : j];
                if (!table_figure_active(o) ||
                    tiny_outside_box(o->pos, box, pad + tiny_stand_reach(o)) ||
                    tiny_is_commander(o) || in_plan_units(p, o->unit))
                    continue;
            }
            float reach = rf + tiny_stand_radius(o) + gap;
            geom_segment far = {f->pos, p->pos[i]};
            if (geom_point_distance(o->pos, p->pos[i]) > reach &&
                geom_point_segment_distance(o->pos, far) > reach)
                continue;
            geom_placed_base ob = tiny_stand_base(o);
            bool enemy = o->side.id != f->side.id;
            if (tiny_stands_overlap(&nb, &ob)) {
                tiny_text(reason, size, "%s would end on top of %s", f->name, o->name);
                return false;
            }
            if (enemy && o->unit.id != target.id && geom_base_edge_distance(&nb, &ob) <= gap) {
                tiny_text(reason, size, "%s would touch the enemy: charge to make contact",
                          f->name);
                return false;
            }
            if (geom_segment_base_intersect(path, &ob) && o->unit.id != target.id) {
                if (enemy) {
                    tiny_text(reason, size, "%s cannot move through the enemy %s", f->name,
                              o->name);
                    return false;
                }
                if (!passage_any && !may_pass(rs, t, o->unit) && !may_pass(rs, t, f->unit)) {
                    tiny_text(reason, size,
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
        if (un->side.id == own.id || !tiny_unit_geom_of(t, un->id, &e) ||
            !tiny_units_near(g, &e, near))
            continue;
        if (tiny_unit_gap_cm(rs, t, g, &e) <= near &&
            tiny_partly_in_frontal_zone(t, &e, tiny_zone_deg(rs), g))
            return true;
    }
    return false;
}

/* Moves the stands of one unit along the reference path `pts` (n points), shifted by each
 * stand's offset, then turns the unit by dtheta about its new centre. */
/* path_cost of one stand's path in plan_unit_path, remembered by what it depends on: every
 * legal() asks each unit's candidate moves again, and most units have not moved since. Fills
 * only the fields of *pr that plan_unit_path reads (stop, spent, moved, crossed_count). */
static path_stop stand_path_cost(const rules_state *rs, const table *t, const tiny_troop *tr,
                                 float allowance, bool road, const path_desc *pd, const vec2s *sp,
                                 int n, float allow, path_result *pr)
{
    memo *m = rs->los ? rs->los->path_memo : NULL;
    ptrdiff_t row = tr - rs->data->troops;
    if (!m || n > TINY_PATH_KEY_POINTS || row < 0 || row >= rs->data->troop_count)
        return path_cost(t, pd, sp, n, allow, pr);
    tiny_path_key key;
    memset(&key, 0, sizeof key);
    key.row = (int)row;
    key.road = road;
    key.count = n;
    key.allowance_cm = allowance;
    key.allow_cm = allow;
    for (int k = 0; k < n; k++)
        key.pts[k] = sp[k];
    tiny_path_found v;
    if (!memo_get(m, &key, &v)) {
        path_result full;
        v.stop = (int)path_cost(t, pd, sp, n, allow, &full);
        v.crossed_count = full.crossed_count;
        v.spent_cm = full.spent_cm;
        v.moved_cm = full.moved_cm;
        memo_put(m, &key, &v);
    }
    /* only the fields read are set: clearing the whole result (its stretches and crossings)
     * cost more than the lookup */
    pr->stop = (path_stop)v.stop;
    pr->crossed_count = v.crossed_count;
    pr->spent_cm = v.spent_cm;
    pr->moved_cm = v.moved_cm;
    return pr->stop;
}

static bool plan_unit_path(const rules_state *rs, const table *t, unit_id u, const vec2s *pts,
                           int n, float dtheta, bool try_road, tiny_plan *p, char *reason,
                           size_t size)
{
    const tiny_troop *tr = tiny_troop_of(rs, t, u);
    tiny_unit_geom g;
    if (!tr || !tiny_unit_geom_of(t, u, &g)) {
        tiny_text(reason, size, "unit %u has no stands", u.id);
        return false;
    }
    const unit *un = table_unit_const(t, u);
    float allowance = tiny_allowance_cm(rs, t, u, tr);
    if (allowance <= 0) {
        tiny_text(reason, size, "%s must limber before it can move", un->name);
        return false;
    }
    bool about = fabsf(dtheta) >= rs->data->about_face_min_deg * (float)GEOM_PI / 180 - 1e-4f;
    if (about && about_face_barred(rs, t, &g, un->side)) {
        tiny_text(reason, size, "%s may not about-face within 6\" of an enemy's frontal zone",
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
    vec2s delta = tiny_sub(pts[n - 1], pts[0]);
    float spent = 0;
    for (int i = 0; i < g.count; i++) {
        const figure *f = table_figure_const(t, g.stands[i]);
        vec2s sp[PATH_MAX_POINTS];
        vec2s off = tiny_sub(f->pos, pts[0]);
        for (int k = 0; k < n; k++)
            sp[k] = tiny_addk(pts[k], off, 1);
        path_result pr;
        if (n > 1 &&
            stand_path_cost(rs, t, tr, allowance, road, &pd, sp, n, allow, &pr) != PATH_STOP_END) {
            tiny_text(reason, size, "%s cannot get there: %.1f\" of %.1f\" spent%s%s", f->name,
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
        p->pos[p->count] =
            tiny_rotate_about(tiny_addk(f->pos, delta, 1), tiny_addk(g.centre, delta, 1), dtheta);
        p->facing[p->count] = f->facing + dtheta;
        p->count++;
    }
    p->units[p->unit_count++] = u;
    p->cost_cm = fmaxf(p->cost_cm, spent + wheel);
    p->allowance_cm = allowance;
    p->road |= road;
    p->about_face |= about;
    p->distance_cm = tiny_len(delta);
    return true;
}

static bool plan_commander_move(const rules_state *rs, const table *t, const rules_command *cmd,
                                const figure *c, tiny_plan *p, char *reason, size_t size)
{
    if (c->side.id != rs->active.id || !table_figure_active(c)) {
        tiny_text(reason, size, "%s is not one of your commanders in play", c->name);
        return false;
    }
    if (rs->figs[c->id.id - 1].flags & TINY_F_MOVED) {
        tiny_text(reason, size, "%s has already moved this turn", c->name);
        return false;
    }
    if (cmd->path_count < 1) {
        tiny_text(reason, size, "a move needs a path");
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
        tiny_text(reason, size, "%s cannot get there: beyond his 24\" or through closed terrain",
                  c->name);
        return false;
    }
    vec2s end = cmd->path[cmd->path_count - 1];
    if (end.x < 0 || end.y < 0 || end.x > t->width_cm || end.y > t->height_cm) {
        tiny_text(reason, size, "off the table");
        return false;
    }
    /* Like every base, a commander's ends clear of the others (touching is allowed). */
    geom_placed_base cb = {
        .base = c->base, .pos = end, .facing = cmd->face_set ? cmd->facing : c->facing};
    /* a figure farther off on an axis than both reaches (and the slack) is beyond both radii */
    float c_reach = tiny_stand_reach(c) + TINY_FAR_SLACK_CM;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *o = &t->figures[i];
        if (o->id.id == c->id.id || !table_figure_active(o) ||
            tiny_outside_box(o->pos, (geom_aabb){end, end}, c_reach + tiny_stand_reach(o)))
            continue;
        geom_placed_base ob = tiny_stand_base(o);
        if (geom_point_distance(o->pos, end) <= tiny_stand_radius(o) + tiny_stand_radius(c) &&
            tiny_stands_overlap(&cb, &ob)) {
            tiny_text(reason, size, "%s would end on top of %s", c->name, o->name);
            return false;
        }
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
            vec2s k = tiny_addk(tiny_addk(f->pos, dir, c & 1 ? hd : -hd), across, c & 2 ? hw : -hw);
            far = fmaxf(far, tiny_len(tiny_sub(k, p)));
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
        tiny_text(reason, size,
                  "name one of your units to wheel (a formed brigade keeps its "
                  "facing; wheel units singly)");
        return false;
    }
    if (!tiny_unit_can_move(rs, t, u, reason, size))
        return false;
    if (!cmd->face_set) {
        tiny_text(reason, size, "a wheel needs the new facing");
        return false;
    }
    vec2s dir = geom_dir(g.facing), across = {{-dir.y, dir.x}};
    vec2s ends[2] = {tiny_addk(g.front, across, -g.half_width),
                     tiny_addk(g.front, across, g.half_width)};
    float slack = tiny_cm(rs, rs->data->adjacent_gap_in);
    if (tiny_len(tiny_sub(cmd->point, ends[0])) > slack &&
        tiny_len(tiny_sub(cmd->point, ends[1])) > slack) {
        tiny_text(reason, size, "%s wheels about one end of its front line", un->name);
        return false;
    }
    float dtheta = geom_angle_diff(g.facing, cmd->facing);
    if (fabsf(dtheta) >= rs->data->about_face_min_deg * (float)GEOM_PI / 180 - 1e-4f) {
        tiny_text(reason, size, "%s cannot wheel %.0f degrees: that is an about-face", un->name,
                  (double)(fabsf(dtheta) * 180 / (float)GEOM_PI));
        return false;
    }
    float allowance = tiny_allowance_cm(rs, t, u, tr);
    float cost = fabsf(dtheta) * farthest_corner_cm(t, &g, cmd->point);
    if (allowance <= 0 || cost > allowance + 1e-3f) {
        tiny_text(reason, size, "%s cannot wheel that far: the outer end travels %.1f\" of %.1f\"",
                  un->name, (double)tiny_in(rs, cost), (double)tiny_in(rs, allowance));
        return false;
    }
    float mult[256], obst[256];
    path_desc pd;
    tiny_path_setup(rs, t, tr, allowance, false, mult, obst, &pd);
    for (int i = 0; i < g.count && p->count < TINY_PLAN_MAX; i++) {
        const figure *f = table_figure_const(t, g.stands[i]);
        vec2s to = tiny_rotate_about(f->pos, cmd->point, dtheta), pts[2] = {f->pos, to};
        path_result pr;
        if (path_cost(t, &pd, pts, 2, 1e6f, &pr) == PATH_STOP_IMPASSABLE) {
            tiny_text(reason, size, "%s would wheel into terrain it may not enter", f->name);
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
    if (!tiny_check_places(rs, t, p, (unit_id){0}, false, reason, size))
        return false;
    tiny_text(p->note, size ? sizeof p->note : 0, "wheel: the outer end travels %.1f\" of %.1f\"",
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
        /* the stands tiny_unit_geom_of lists, without working out the frame (the engine asks
         * this of every move candidate, with no memo open) */
        int c = 0;
        for (int k = 0; k < t->figure_count && c < TINY_UNIT_FIGS && n < max; k++) {
            const figure *f = &t->figures[k];
            if (f->unit.id == group[i].id && table_figure_active(f) && !tiny_is_commander(f)) {
                out[n++] = f->id;
                c++;
            }
        }
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
        tiny_text(reason, size, "name one of your units");
        return false;
    }
    if (cmd->path_count < 1 && !cmd->face_set) {
        tiny_text(reason, size, "a move needs a path or a new facing");
        return false;
    }
    unit_id group[64];
    int gn = 1;
    group[0] = u;
    if (!tiny_is_troop_unit(t, u)) {
        gn = tiny_formed_group(rs, t, u, false, group);
        if (gn < 2) {
            tiny_text(reason, size,
                      "%s has no formed brigade: two or more adjacent units side by side or "
                      "in column",
                      un->name);
            return false;
        }
        if (cmd->face_set) {
            tiny_text(reason, size, "a formed brigade keeps its facing; wheel units singly");
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
    /* each pass plans into *out, cleared (above, and again for the road pass), and a refusal
     * leaves it cleared: the bytes a local plan and its copy gave, without them */
    for (int pass = 0; pass < 2; pass++) {
        if (pass == 1)
            memset(out, 0, sizeof *out);
        bool ok = true;
        for (int i = 0; i < gn && ok; i++)
            ok = plan_unit_path(rs, t, group[i], pts, n, dtheta, pass == 1, out, reason, size);
        if (ok && pass == 1 && !out->road)
            ok = false;
        if (ok && !tiny_check_places(rs, t, out, (unit_id){0}, false, reason, size))
            break;
        if (ok) {
            tiny_text(out->note, size ? sizeof out->note : 0, "%.1f\" of %.1f\"%s",
                      (double)tiny_in(rs, out->cost_cm), (double)tiny_in(rs, out->allowance_cm),
                      out->road ? " on the road at double speed" : "");
            return true;
        }
    }
    memset(out, 0, sizeof *out);
    return false;
}

/* The stand of a retreating unit `d` cm along dir from its turned start. */
static geom_placed_base retreat_base(const figure *f, vec2s start, float facing, vec2s dir, float d)
{
    return (geom_placed_base){.base = f->base, .pos = tiny_addk(start, dir, d), .facing = facing};
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
            geom_segment s = {start[i], tiny_addk(start[i], dir, limit)};
            if (geom_point_segment_distance(o->pos, s) <= reach) {
                out[n++] = o->id;
                break;
            }
        }
    }
    return n;
}

/* The distances along a retreat within which an obstacle may be met (retreat_spans). */
typedef struct retreat_span {
    float lo, hi;
} retreat_span;

/* The unit at distance d: does a stand overlap one of `obs` (enemies only when !friends), or
 * (enemies_gap) come within contact of an enemy it was not touching at the start? */
static bool retreat_hits(const rules_state *rs, const table *t, const tiny_unit_geom *g,
                         const vec2s *start, const float *facing, vec2s dir, float d,
                         const figure_id *obs, const bool *touching, const retreat_span *span,
                         int nobs, bool friends)
{
    float gap = tiny_cm(rs, rs->data->contact_gap_in);
    side_id own = table_figure_const(t, g->stands[0])->side;
    for (int k = 0; k < nobs; k++) {
        if (d < span[k].lo || d > span[k].hi)
            continue; /* every stand's box test below fails (retreat_spans) */
        const figure *o = table_figure_const(t, obs[k]);
        bool enemy = o->side.id != own.id;
        if (!enemy && !friends)
            continue;
        geom_placed_base ob = tiny_stand_base(o);
        /* farther off on an axis than both reaches (and the gap): neither test below can hold */
        float pad = tiny_stand_reach(o) + (enemy && !touching[k] ? gap : 0) + TINY_FAR_SLACK_CM;
        for (int i = 0; i < g->count; i++) {
            const figure *f = table_figure_const(t, g->stands[i]);
            geom_placed_base nb = retreat_base(f, start[i], facing[i], dir, d);
            if (tiny_outside_box(o->pos, (geom_aabb){nb.pos, nb.pos}, pad + tiny_stand_reach(f)))
                continue;
            if (tiny_stands_overlap(&nb, &ob))
                return true;
            if (enemy && !touching[k] && geom_base_edge_distance(&nb, &ob) <= gap)
                return true;
        }
    }
    return false;
}

/* For each obstacle, the distances along dir (a unit vector) outside which retreat_hits' box
 * test fails for every stand: a stand d along its path is at least |d - t0| from the obstacle
 * (t0 the obstacle's projection on that path), so at least |d - t0| / sqrt 2 off on some axis,
 * and beyond 1.5 times the box test's widest pad, plus a centimetre for the rounding, it is
 * outside the box. The retreat steps a quarter centimetre at a time: most steps are far from
 * most obstacles. */
static void retreat_spans(const rules_state *rs, const table *t, const tiny_unit_geom *g,
                          const vec2s *start, vec2s dir, const figure_id *obs, int nobs,
                          retreat_span *span)
{
    float gap = tiny_cm(rs, rs->data->contact_gap_in);
    for (int k = 0; k < nobs; k++) {
        const figure *o = table_figure_const(t, obs[k]);
        span[k] = (retreat_span){INFINITY, -INFINITY};
        for (int i = 0; i < g->count; i++) {
            const figure *f = table_figure_const(t, g->stands[i]);
            float pad = tiny_stand_reach(o) + gap + TINY_FAR_SLACK_CM + tiny_stand_reach(f);
            float t0 = (o->pos.x - start[i].x) * dir.x + (o->pos.y - start[i].y) * dir.y;
            float r = 1.5f * pad + 1.0f;
            if (!isfinite(t0) || !isfinite(r)) {
                span[k] = (retreat_span){-INFINITY, INFINITY}; /* every distance is tested */
                break;
            }
            span[k].lo = fminf(span[k].lo, t0 - r);
            span[k].hi = fmaxf(span[k].hi, t0 + r);
        }
    }
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
    float l = tiny_len(dir);
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
        start[i] = tiny_rotate_about(f->pos, g.centre, dtheta);
        facing[i] = f->facing + dtheta;
        path_result pr;
        vec2s end = path_reach(t, &pd, start[i], face, allowance, &pr);
        go = fminf(go, tiny_len(tiny_sub(end, start[i])));
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
    retreat_span span[256];
    retreat_spans(rs, t, &g, start, dir, obs, nobs, span);
    const float step = 0.25f;
    float clear = -1;
    for (float d = 0; d < go + step; d += step) {
        float at = fminf(d, go);
        if (retreat_hits(rs, t, &g, start, facing, dir, at, obs, touching, span, nobs, false))
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
               retreat_hits(rs, t, &g, start, facing, dir, go, obs, touching, span, nobs, true))
            go -= step;
        *blocked = go < tiny_cm(rs, rs->data->retreat_min_in) - 1e-4f;
        go = fmaxf(go, 0);
    }
    for (int i = 0; i < g.count && out->count < TINY_PLAN_MAX; i++) {
        out->fig[out->count] = g.stands[i];
        out->pos[out->count] = tiny_addk(start[i], dir, go);
        out->facing[out->count] = facing[i];
        out->count++;
    }
    out->units[out->unit_count++] = u;
    out->distance_cm = go;
    out->allowance_cm = allowance;
    out->about_face = fabsf(dtheta) > GEOM_PI / 2;
}

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
            pos = tiny_addk(pos, dir, -d * (float)i);
        else
            pos = tiny_addk(pos, across, w * ((float)i - 0.5f * (float)(g.count - 1)));
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
        tiny_text(reason, size, "name one of your units");
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
        tiny_text(reason, size, "%s cannot take the formation \"%s\"", base->label, to);
        return false;
    }
    if (strcmp(cur, to) == 0) {
        tiny_text(reason, size, "%s is already %s", un->name, to);
        return false;
    }
    if (!tiny_unit_can_move(rs, t, u, reason, size))
        return false;
    if (strcmp(to, "line") == 0 || strcmp(to, "column") == 0) {
        tiny_plan p;
        tiny_plan_reform(t, u, to, &p);
        return tiny_check_places(rs, t, &p, (unit_id){0}, true, reason, size);
    }
    return true;
}

/* A commander whom moving stands now cover steps aside to the nearest free spot (bases never
 * overlap; he is not part of the unit's move). */
static void commanders_step_aside(rules_state *rs, rules_ctx *ctx)
{
    const table *t = ctx->table;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *c = &t->figures[i];
        vec2s to;
        if (!tiny_is_commander(c) || !table_figure_active(c) ||
            !place_blocker(t, c->id, c->pos, c->facing, NULL, 0).id ||
            !place_free_near(t, c->id, c->pos, c->facing, NULL, 0,
                             tiny_cm(rs, rs->data->commander_step_aside_in), NULL, NULL, &to))
            continue;
        rules_emitf(ctx,
                    (rules_event){.kind = RULES_EV_MOVE,
                                  .figure = c->id,
                                  .unit = c->unit,
                                  .side = c->side,
                                  .from = c->pos,
                                  .pos = to,
                                  .facing = c->facing},
                    TINY_REF_D, "%s steps aside to make room", c->name);
    }
}

void tiny_emit_plan(rules_state *rs, rules_ctx *ctx, const tiny_plan *p, const char *ref,
                    const char *what)
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
    if (p->count && !tiny_is_commander(table_figure_const(ctx->table, p->fig[0])))
        commanders_step_aside(rs, ctx);
}

/* The unit retreats (or evades) a full move along dir, through friends but never through an
 * enemy or terrain closed to it, ending clear of every stand; off the table it is gone. A
 * forced retreat that cannot be made (deployed guns, or less than retreat_min_in of room) destroys
 * the unit (seed 003, F: Deciding the Outcome); an evade that cannot be made is not made and
 * the unit stands. Returns false when the unit did not move. */
bool tiny_retreat(rules_state *rs, rules_ctx *ctx, unit_id u, vec2s dir, bool forced,
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
                    "%s has no room to evade and stands", tiny_unit_name(t, u));
        return false;
    }
    if (deployed_guns || blocked) {
        rules_emitf(ctx, (rules_event){.kind = RULES_EV_NOTE, .unit = u, .side = s}, ref,
                    "%s cannot get away (%s) and is destroyed", tiny_unit_name(t, u),
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
    tiny_emit_plan(rs, ctx, &p, ref, what);
    if (off) {
        rules_emitf(ctx,
                    (rules_event){.kind = RULES_EV_RULESET,
                                  .unit = u,
                                  .side = s,
                                  .tag = "set_flags",
                                  .value = (int)TINY_U_GONE},
                    ref, "%s is forced off the table", tiny_unit_name(t, u));
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
    tiny_unit_status(ctx, u, FIGURE_STATUS_DEMORALISED, 0, ref,
                     "must be rallied before it moves or "
                     "shoots again");
    return true;
}

/* Away from the nearest enemy unit on the table (the unit's rear when there is none). */
vec2s tiny_away_from_enemy(const rules_state *rs, const table *t, unit_id u)
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
        float gap = tiny_unit_gap_cm(rs, t, &g, &e);
        vec2s d = {{g.centre.x - e.centre.x, g.centre.y - e.centre.y}};
        if (gap < best && hypotf(d.x, d.y) > 1e-3f) {
            best = gap;
            away = d;
        }
    }
    return away;
}

void tiny_resolve_move(rules_state *rs, rules_ctx *ctx, const rules_command *cmd,
                       const tiny_plan *p, const tiny_order *o)
{
    const table *t = ctx->table;
    const figure *f0 = p->count ? table_figure_const(t, p->fig[0]) : NULL;
    if (f0 && tiny_is_commander(f0)) {
        tiny_emit_plan(rs, ctx, p, TINY_REF_C, "moves without an order");
        rules_emitf(ctx,
                    (rules_event){.kind = RULES_EV_RULESET,
                                  .figure = f0->id,
                                  .side = f0->side,
                                  .tag = "commander_moved"},
                    TINY_REF_C, "%s has made his move this turn", f0->name);
        return;
    }
    unit_id ordered = cmd->unit.id ? cmd->unit : f0->unit;
    tiny_spend_order(rs, ctx, o, ordered);
    tiny_order_units(ctx, p, TINY_U_MOVED | (p->road ? TINY_U_ROAD : 0),
                     p->unit_count > 1 ? "moves as part of a formed brigade" : "moves");
    tiny_emit_plan(rs, ctx, p, TINY_REF_D,
                   p->about_face                  ? "about-faces and moves"
                   : cmd->kind == RULES_CMD_WHEEL ? "wheels"
                                                  : "moves");
}

static bool is_column_or_line(const char *s)
{
    return strcmp(s, "column") == 0 || strcmp(s, "line") == 0;
}

void tiny_resolve_formation(rules_state *rs, rules_ctx *ctx, const rules_command *cmd,
                            const tiny_order *o)
{
    const table *t = ctx->table;
    unit_id u = cmd->unit;
    tiny_spend_order(rs, ctx, o, u);
    tiny_set_flags(ctx, u, TINY_U_ORDERED | TINY_U_FORMATION, "changes formation: its whole turn");
    if (is_column_or_line(cmd->option)) {
        tiny_plan p;
        tiny_plan_reform(t, u, cmd->option, &p);
        snprintf(p.note, sizeof p.note, "forms %s", cmd->option);
        tiny_emit_plan(rs, ctx, &p, TINY_REF_DF, "takes its place");
    }
    rules_event ev = {.kind = RULES_EV_FORMATION, .unit = u, .side = table_unit_const(t, u)->side};
    snprintf(ev.tag, sizeof ev.tag, "%s", cmd->option);
    rules_emitf(ctx, ev, TINY_REF_DF, "%s is now %s", tiny_unit_name(t, u), cmd->option);
}

bool tiny_validate_move(const rules_state *rs, const table *t, const rules_command *cmd,
                        char *reason, size_t size)
{
    tiny_plan p;
    if (!tiny_plan_move(rs, t, cmd, &p, reason, size))
        return false;
    if (p.count && tiny_is_commander(table_figure_const(t, p.fig[0])))
        return true;
    tiny_order o;
    return tiny_order_check(rs, t, cmd, cmd->unit.id ? cmd->unit : tiny_cmd_unit(t, cmd), &o,
                            reason, size);
}

bool tiny_validate_formation(const rules_state *rs, const table *t, const rules_command *cmd,
                             char *reason, size_t size)
{
    unit_id u = tiny_cmd_unit(t, cmd);
    if (!tiny_own_troop_unit(rs, t, u, reason, size) ||
        !tiny_check_formation(rs, t, u, cmd->option, reason, size))
        return false;
    tiny_order o;
    rules_command c = *cmd;
    c.unit = u;
    return tiny_order_check(rs, t, &c, u, &o, reason, size);
}

void tiny_add_moves(const rules_state *rs, const table *t, legal_list *l, unit_id u,
                    float allowance)
{
    tiny_unit_geom g, e;
    float gap;
    side_id own = table_unit_const(t, u)->side;
    /* Every move of a troop unit that may not move is refused (tiny_plan_move asks this first):
     * skip its nearest enemy, new after its own move (issue 19). */
    if (!tiny_unit_can_move(rs, t, u, NULL, 0))
        return;
    if (!tiny_unit_geom_of(t, u, &g) || !tiny_nearest_enemy(rs, t, &g, own, &e, &gap))
        return;
    vec2s ref = table_figure_const(t, g.stands[0])->pos;
    vec2s to = {{e.centre.x - g.centre.x, e.centre.y - g.centre.y}};
    float len = hypotf(to.x, to.y);
    if (len < 1e-3f)
        return;
    vec2s dir = {{to.x / len, to.y / len}};
    float room = gap - tiny_cm(rs, 1.5f);
    static const float fractions[] = {1.0f, 0.6f, 0.3f};
    for (int k = 0; k < 3; k++) {
        float d = fminf(allowance, room) * fractions[k];
        if (d < tiny_cm(rs, 0.5f))
            break;
        rules_command c = {.kind = RULES_CMD_MOVE, .side = own, .unit = u, .path_count = 1};
        c.path[0] = (vec2s){{ref.x + dir.x * d, ref.y + dir.y * d}};
        int before = l->n;
        tiny_try_add(rs, t, l, &c);
        if (l->n > before)
            break;
    }
    /* Turn to face the enemy when it is outside the frontal zone. */
    if (!tiny_partly_in_frontal_zone(t, &g, tiny_zone_deg(rs), &e)) {
        rules_command c = {.kind = RULES_CMD_MOVE,
                           .side = own,
                           .unit = u,
                           .face_set = true,
                           .facing = geom_angle_of(dir)};
        tiny_try_add(rs, t, l, &c);
    }
}

void tiny_add_brigade_moves(const rules_state *rs, const table *t, legal_list *l, unit_id b)
{
    tiny_unit_geom g, e;
    float gap = INFINITY;
    side_id own = rs->active;
    if (!tiny_brigade_may_move(rs, t, b))
        return;
    for (int i = 0; i < t->unit_count; i++)
        if (t->units[i].parent.id == b.id && tiny_unit_geom_of(t, t->units[i].id, &g))
            break;
    if (!g.count || !tiny_nearest_enemy(rs, t, &g, own, &e, &gap))
        return;
    vec2s ref = table_figure_const(t, g.stands[0])->pos;
    vec2s dir = geom_dir(g.facing);
    float d = fminf(tiny_cm(rs, 6), gap - tiny_cm(rs, 2));
    if (d < tiny_cm(rs, 0.5f))
        return;
    rules_command c = {.kind = RULES_CMD_MOVE, .side = own, .unit = b, .path_count = 1};
    c.path[0] = (vec2s){{ref.x + dir.x * d, ref.y + dir.y * d}};
    tiny_try_add(rs, t, l, &c);
}

/* place_free_near for commander c (no ignore list, no test), remembered by everything its
 * answer depends on: a commander's spot behind his units is asked at every legal() and its
 * ring search costs most when the spot is taken, while the stands near it seldom move. */
static bool commander_free_near(const rules_state *rs, const table *t, const figure *c, vec2s want,
                                float shift_cm, vec2s *out)
{
    memo *m = rs->los ? rs->los->place_memo : NULL;
    tiny_place_key key;
    memset(&key, 0, sizeof key);
    key = (tiny_place_key){.base = c->base,
                           .want = want,
                           .facing = c->facing,
                           .shift_cm = shift_cm,
                           .width_cm = t->width_cm,
                           .height_cm = t->height_cm};
    /* a figure this far off on an axis cannot overlap any spot within shift_cm of want */
    float pad = shift_cm + tiny_stand_reach(c) + 1.0f;
    geom_aabb box = {want, want};
    for (int i = 0; m && i < t->figure_count; i++) {
        const figure *o = &t->figures[i];
        if (o->id.id == c->id.id || !table_figure_active(o) ||
            tiny_outside_box(o->pos, box, pad + tiny_stand_reach(o)))
            continue;
        if (key.count == TINY_PLACE_NEAR_MAX)
            m = NULL; /* a crowd: asked directly */
        else
            key.near[key.count++] = tiny_stand_base(o);
    }
    tiny_place_found v;
    if (m && memo_get(m, &key, &v)) {
        *out = v.at;
        return v.found != 0;
    }
    v.found = place_free_near(t, c->id, want, c->facing, NULL, 0, shift_cm, NULL, NULL, &v.at);
    if (m)
        memo_put(m, &key, &v);
    *out = v.at;
    return v.found != 0;
}

void tiny_add_commander_move(const rules_state *rs, const table *t, legal_list *l, const figure *c)
{
    /* a commander who has moved is refused (plan_commander_move): skip his free spot's search */
    if (rs->figs[c->id.id - 1].flags & TINY_F_MOVED)
        return;
    vec2s sum = {{0, 0}};
    int n = 0;
    for (int i = 0; i < t->unit_count; i++) {
        const unit *un = &t->units[i];
        tiny_unit_geom g;
        bool mine = c->role == FIGURE_ROLE_GENERAL ? un->side.id == c->side.id
                                                   : un->parent.id == c->unit.id;
        if (!mine || !tiny_unit_geom_of(t, un->id, &g))
            continue;
        vec2s back = geom_dir(g.facing);
        sum.x += g.rear.x - back.x * tiny_cm(rs, 2);
        sum.y += g.rear.y - back.y * tiny_cm(rs, 2);
        n++;
    }
    if (!n)
        return;
    vec2s to = {{sum.x / n, sum.y / n}};
    vec2s d = {{to.x - c->pos.x, to.y - c->pos.y}};
    float len = hypotf(d.x, d.y), max = tiny_cm(rs, 23.5f);
    if (len < tiny_cm(rs, 2))
        return;
    if (len > max)
        to = (vec2s){{c->pos.x + d.x / len * max, c->pos.y + d.y / len * max}};
    if (!commander_free_near(rs, t, c, to, tiny_cm(rs, 2), &to))
        return;
    rules_command cmd = {.kind = RULES_CMD_MOVE, .side = c->side, .path_count = 1};
    rules_command_add_figure(&cmd, c->id);
    cmd.path[0] = to;
    tiny_try_add(rs, t, l, &cmd);
}

/* The formation change a unit would want now: guns limber to move and deploy to shoot;
 * infantry forms column to march and line to fight. */
void tiny_add_formation(const rules_state *rs, const table *t, legal_list *l, unit_id u,
                        const tiny_troop *tr)
{
    side_id own = rs->active;
    rules_command c;
    tiny_unit_geom g, e;
    float gap = INFINITY;
    /* tiny_check_formation refuses every formation to a unit that may not move */
    if (!tiny_unit_can_move(rs, t, u, NULL, 0))
        return;
    if (tiny_unit_geom_of(t, u, &g))
        tiny_nearest_enemy(rs, t, &g, own, &e, &gap);
    const char *to = NULL;
    const char *cur = tiny_formation_of(rs, t, u);
    if (tr->limber == TINY_LIMBER_MOVE)
        to = strcmp(cur, "limbered") == 0                                              ? "deployed"
             : gap > tiny_cm(rs, tr->bands[tr->band_count - 1].range_in + tr->move_in) ? "limbered"
                                                                                       : NULL;
    else if (tr->column_bonus_in > 0)
        to = strcmp(cur, "column") == 0 && gap < tiny_cm(rs, 12) ? "line"
             : strcmp(cur, "line") == 0 && gap > tiny_cm(rs, 30) ? "column"
                                                                 : NULL;
    if (to) {
        c = (rules_command){.kind = RULES_CMD_FORMATION, .side = own, .unit = u};
        snprintf(c.option, sizeof c.option, "%s", to);
        tiny_try_add(rs, t, l, &c);
    }
}

bool tiny_reach(const rules_state *rs, const table *t, const rules_command *move, vec2s dir,
                rules_reach *out)
{
    memset(out, 0, sizeof *out);
    const figure *f0 = move->figure_count ? table_figure_const(t, move->figures[0]) : NULL;
    const tiny_troop *tr;
    vec2s start;
    float allowance;
    if (f0 && tiny_is_commander(f0)) {
        tr = tiny_data_troop(rs->data, "commander");
        start = f0->pos;
        allowance = tiny_cm(rs, tr->move_in);
    } else {
        unit_id u = tiny_cmd_unit(t, move);
        figure_id ref; /* a formed brigade: its reference stand's unit */
        if (!tiny_is_troop_unit(t, u) && tiny_move_figures(rs, t, move, &ref, 1) == 1)
            u = table_figure_const(t, ref)->unit;
        tiny_unit_geom g;
        tr = tiny_troop_of(rs, t, u);
        if (!tr || !tiny_unit_geom_of(t, u, &g))
            return false;
        start = table_figure_const(t, g.stands[0])->pos;
        allowance = tiny_allowance_cm(rs, t, u, tr);
    }
    float mult[256], obst[256];
    path_desc pd;
    tiny_path_setup(rs, t, tr, allowance, false, mult, obst, &pd);
    path_result pr;
    vec2s end = path_reach(t, &pd, start, geom_angle_of(dir), allowance, &pr);
    out->stop = end;
    out->max_cm = out->sure_cm = hypotf(end.x - start.x, end.y - start.y);
    out->allowance_cm = allowance;
    snprintf(out->limit, sizeof out->limit, "%s",
             allowance <= 0                    ? "must limber to move"
             : pr.stop == PATH_STOP_IMPASSABLE ? "terrain it may not enter"
             : pr.crossed_count > 0            ? "half a move to cross an obstacle"
                                               : "a full move");
    return true;
}
