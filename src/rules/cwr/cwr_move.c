/* Movement: dice by troop type and limber state, twice as many at the double, one more in open
 * terrain; the dice are thrown when the move is made and the unit goes up to the score in
 * inches. Hill contours, climbable walls and fords cost 2" each to cross. Formation changes
 * (line, column) and limbering are here too: they place the unit's figures. */
#include "rules/cwr/cwr_state.h"

#include "core/mem.h"
#include "core/path.h"
#include "core/place.h"
#include "core/spatial.h"

#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int cwr_move_dice(const rules_state *rs, const table *t, unit_id u, bool dbl)
{
    const cwr_troop *tr = cwr_troop_of(rs, t, u);
    if (!tr)
        return 0;
    int n = cwr_unit_limbered(t, u) && tr->move_dice_limb > 0 ? tr->move_dice_limb : tr->move_dice;
    return dbl ? n * rs->data->double_mult : n;
}

static figure_id reference(const table *t, const rules_command *cmd, unit_id u)
{
    if (cmd->figure_count > 0) {
        const figure *f = table_figure_const(t, cmd->figures[0]);
        if (f && f->unit.id == u.id && table_figure_active(f))
            return f->id;
    }
    return cwr_unit_first(t, u);
}

static unit_id cmd_unit(const table *t, const rules_command *cmd)
{
    if (cmd->unit.id)
        return cmd->unit;
    const figure *f = cmd->figure_count ? table_figure_const(t, cmd->figures[0]) : NULL;
    return f ? f->unit : (unit_id){0};
}

/* Distances along the polyline at which it crosses an obstacle: a climbable line (wall, ford
 * line) or the edge of an obstacle area (a hill contour, a ford). Sorted; returns the count. */
enum { CROSS_MAX = 32 };

static int obstacle_crossings(const rules_state *rs, const table *t, const vec2s *pts, int count,
                              float *out)
{
    int n = 0;
    float base = 0;
    for (int s = 0; s + 1 < count; s++) {
        geom_segment seg = {pts[s], pts[s + 1]};
        float len = (float)geom_segment_length(seg);
        geom_aabb box = geom_aabb_of_segment(seg);
        for (int k = 0; k < t->feature_count; k++) {
            const terrain_feature *ft = &t->features[k];
            if (cwr_feature_far(rs, t, k, box) ||
                !cwr_type_named(rs, t, &rs->data->obstacle, ft->type))
                continue;
            if (ft->shape == TERRAIN_SHAPE_LINE) {
                double ts[CROSS_MAX];
                int c = geom_segment_polyline_crossings(seg, &ft->line, ts, CROSS_MAX);
                for (int i = 0; i < c && i < CROSS_MAX && n < CROSS_MAX; i++)
                    out[n++] = base + (float)ts[i] * len;
            } else {
                geom_interval iv[CROSS_MAX];
                int c = geom_segment_clip_polygon(seg, &ft->area, iv, CROSS_MAX);
                for (int i = 0; i < c && i < CROSS_MAX; i++) {
                    if (iv[i].t0 > 1e-4 && n < CROSS_MAX)
                        out[n++] = base + (float)iv[i].t0 * len;
                    if (iv[i].t1 < 1 - 1e-4 && n < CROSS_MAX)
                        out[n++] = base + (float)iv[i].t1 * len;
                }
            }
        }
        base += len;
    }
    for (int i = 1; i < n; i++) /* insertion sort: a handful */
        for (int j = i; j > 0 && out[j] < out[j - 1]; j--) {
            float x = out[j];
            out[j] = out[j - 1];
            out[j - 1] = x;
        }
    return n;
}

/* The point `d` cm along the polyline. */
static vec2s along(const vec2s *pts, int count, float d)
{
    for (int s = 0; s + 1 < count; s++) {
        float len = (float)geom_segment_length((geom_segment){pts[s], pts[s + 1]});
        if (d <= len || s + 2 == count)
            return len > 0 ? geom_lerp(pts[s], pts[s + 1], fminf(d, len) / len) : pts[s];
        d -= len;
    }
    return pts[count - 1];
}

/* Whether the path stays in open terrain: no area of a type outside the open list. */
static bool path_open(const rules_state *rs, const table *t, const vec2s *pts, int count)
{
    for (int s = 0; s + 1 < count; s++) {
        geom_segment seg = {pts[s], pts[s + 1]};
        geom_aabb box = geom_aabb_of_segment(seg);
        for (int k = 0; k < t->feature_count; k++) {
            const terrain_feature *ft = &t->features[k];
            if (ft->shape == TERRAIN_SHAPE_AREA && !cwr_feature_far(rs, t, k, box) &&
                !cwr_type_named(rs, t, &rs->data->open, ft->type) &&
                geom_segment_polygon_intersect(seg, &ft->area))
                return false;
        }
    }
    return true;
}

/* What a plan reads of its path alone (the terrain never changes in a match): its length,
 * where impassable terrain stops it, whether it stays in the open, the obstacle crossings. */
typedef struct path_kept {
    int np;
    vec2s pts[PATH_MAX_POINTS];
    float length, limit;
    bool open;
    int nc;
    float cross[CROSS_MAX];
} path_kept;

/* The facts of the path pts, from the match's last one when it is the same path (the same
 * floats), else found and kept. */
static const path_kept *path_facts(const rules_state *rs, const table *t, const vec2s *pts, int np)
{
    static _Thread_local path_kept scratch;
    path_kept *k = rs->los ? rs->los->path_kept : NULL;
    if (rs->los && !k)
        k = rs->los->path_kept = mem_calloc(1, sizeof *k);
    if (!k)
        k = &scratch;
    else if (k->np == np && memcmp(k->pts, pts, (size_t)np * sizeof *pts) == 0)
        return k;
    /* impassable terrain stops the move where it would enter */
    float mult[256];
    for (int i = 0; i < t->type_count && i < 256; i++)
        mult[i] = t->types[i].move_mult <= 0 || t->types[i].obstacle == TERRAIN_OBSTACLE_IMPASSABLE
                      ? 0.0f
                      : 1.0f;
    path_result pr;
    path_cost(t, &(path_desc){.mult = mult}, pts, np, 1e9f, &pr);
    k->np = 0; /* unkept until filled */
    k->length = pr.length_cm;
    k->limit = pr.stop == PATH_STOP_END ? pr.length_cm : pr.moved_cm;
    k->open = path_open(rs, t, pts, np);
    k->nc = obstacle_crossings(rs, t, pts, np, k->cross);
    memcpy(k->pts, pts, (size_t)np * sizeof *pts);
    k->np = np;
    return k;
}

static geom_placed_base placed_at(const figure *f, vec2s p, float facing)
{
    return (geom_placed_base){.base = f->base, .pos = p, .facing = facing};
}

/* Could o's base overlap a base of reach `ra` at p? Not when they are farther apart along an
 * axis than both reaches and a margin far above the rounding: place_bases_overlap's own first
 * answer, without the call and the square root. */
static bool may_overlap(vec2s p, float ra, const figure *o)
{
    float g = ra + spatial_base_reach(&o->base) + 2e-3f;
    return fabsf(o->pos.x - p.x) <= g && fabsf(o->pos.y - p.y) <= g;
}

enum { NEAR_MAX = 256 };

/* Is the base on the table? By its circle (reach r about its centre, its bounds inside) when
 * that is clear of the edges by a margin far above the rounding, else by its bounds as always
 * asked. */
static bool base_on_table(const table *t, const geom_placed_base *a, float r)
{
    const float m = 1e-3f;
    if (a->pos.x - r > m && a->pos.y - r > m && t->width_cm - a->pos.x - r > m &&
        t->height_cm - a->pos.y - r > m)
        return true;
    geom_aabb ba = geom_base_bounds(a);
    return !(ba.min.x < 0 || ba.min.y < 0 || ba.max.x > t->width_cm || ba.max.y > t->height_cm);
}

/* Grows box to hold p's square of half side r: fminf's and fmaxf's values without the calls (no
 * NaN here; a zero's sign is all they could differ in, and the box is only compared). */
static void box_grow(geom_aabb *box, vec2s p, float r)
{
    box->min.x = p.x - r < box->min.x ? p.x - r : box->min.x;
    box->min.y = p.y - r < box->min.y ? p.y - r : box->min.y;
    box->max.x = p.x + r > box->max.x ? p.x + r : box->max.x;
    box->max.y = p.y + r > box->max.y ? p.y + r : box->max.y;
}

bool cwr_positions_free(const table *t, const figure_id *figs, const vec2s *pos,
                        const float *facing, int n, unit_id ignore_unit, unit_id ignore_unit2)
{
    /* the unit's own figures move together: only others block (core/place.h). A figure blocks
     * where place_blocker would name one: active, not the one placed, not among the first
     * 2 * CWR_UNIT_FIGS figures of the ignored units. The answer is yes or no, so the tests
     * may go in any order: the table's edges first, then only the figures whose base comes
     * near the box around every placed base (found once, not per placed base). */
    geom_aabb box = {{{INFINITY, INFINITY}}, {{-INFINITY, -INFINITY}}};
    for (int i = 0; i < n; i++) {
        const figure *f = table_figure_const(t, figs[i]);
        geom_placed_base a = placed_at(f, pos[i], facing[i]);
        float ra = spatial_base_reach(&f->base);
        if (!base_on_table(t, &a, ra))
            return false;
        box_grow(&box, pos[i], ra);
    }
    int near[NEAR_MAX], nn = 0, ni = 0;
    bool all = false;
    int nr;
    const cwr_fig_row *rows = cwr_cache_figures(t, &nr);
    for (int k = 0; rows && k < nr; k++) {
        /* the scope's rows: the loop below, over the active figures only (no unit has more
         * than CWR_UNIT_FIGS figures, so every one of the ignored units' is passed over) */
        const cwr_fig_row *o = &rows[k];
        if (o->unit == ignore_unit.id || o->unit == ignore_unit2.id)
            continue;
        float g = o->reach + 0.01f;
        if (o->x + g < box.min.x || o->x - g > box.max.x || o->y + g < box.min.y ||
            o->y - g > box.max.y)
            continue;
        if (nn == NEAR_MAX) {
            all = true;
            break;
        }
        near[nn++] = k; /* the row: its centre and reach are read below */
    }
    for (int j = 0; !rows && j < t->figure_count; j++) {
        const figure *o = &t->figures[j];
        if ((o->unit.id == ignore_unit.id || o->unit.id == ignore_unit2.id) &&
            ni < 2 * CWR_UNIT_FIGS) {
            ni++;
            continue;
        }
        float g = spatial_base_reach(&o->base) + 0.01f;
        if (!table_figure_active(o) || o->pos.x + g < box.min.x || o->pos.x - g > box.max.x ||
            o->pos.y + g < box.min.y || o->pos.y - g > box.max.y)
            continue;
        if (nn == NEAR_MAX) {
            all = true;
            break;
        }
        near[nn++] = j;
    }
    for (int i = 0; i < n; i++) {
        const figure *f = table_figure_const(t, figs[i]);
        geom_placed_base a = placed_at(f, pos[i], facing[i]);
        float ra = spatial_base_reach(&f->base);
        for (int k = 0; rows && !all && k < nn; k++) {
            /* may_overlap from the row's centre and reach (the same floats) */
            const cwr_fig_row *w = &rows[near[k]];
            float g = ra + w->reach + 2e-3f;
            if (!(fabsf(w->x - a.pos.x) <= g && fabsf(w->y - a.pos.y) <= g))
                continue;
            const figure *o = &t->figures[w->index];
            if (o->id.id == f->id.id)
                continue;
            geom_placed_base b = placed_at(o, o->pos, o->facing);
            if (place_bases_overlap(&a, &b))
                return false;
        }
        int m = all ? t->figure_count : rows ? 0 : nn;
        for (int k = 0, ig = 0; k < m; k++) {
            const figure *o = &t->figures[all ? k : near[k]];
            if (all && (o->unit.id == ignore_unit.id || o->unit.id == ignore_unit2.id) &&
                ig < 2 * CWR_UNIT_FIGS) {
                ig++;
                continue;
            }
            if (o->id.id == f->id.id || !table_figure_active(o) || !may_overlap(a.pos, ra, o))
                continue;
            geom_placed_base b = placed_at(o, o->pos, o->facing);
            if (place_bases_overlap(&a, &b))
                return false;
        }
    }
    return true;
}

/* Places the unit so that the reference figure is at `end`, the formation turned by `turn`
 * radians about it. */
static void place_unit(const table *t, figure_id ref, vec2s end, float turn, float facing,
                       cwr_move_plan *p)
{
    const figure *r = table_figure_const(t, ref);
    float c = cosf(turn), s = sinf(turn);
    for (int i = 0; i < p->count; i++) {
        const figure *f = table_figure_const(t, p->fig[i]);
        float dx = f->pos.x - r->pos.x, dy = f->pos.y - r->pos.y;
        p->pos[i] = (vec2s){{end.x + c * dx - s * dy, end.y + s * dx + c * dy}};
    }
    p->facing = facing;
}

/* place_unit's arithmetic split: the turned offsets of each figure from the reference, the
 * products computed once per plan, each position then summed as place_unit sums it (the same
 * floats). */
typedef struct placer {
    float cdx[CWR_UNIT_FIGS], sdy[CWR_UNIT_FIGS], sdx[CWR_UNIT_FIGS], cdy[CWR_UNIT_FIGS];
} placer;

static void placer_init(const table *t, figure_id ref, float turn, const cwr_move_plan *p,
                        placer *pl)
{
    const figure *r = table_figure_const(t, ref);
    float c = cosf(turn), s = sinf(turn);
    for (int i = 0; i < p->count; i++) {
        const figure *f = table_figure_const(t, p->fig[i]);
        float dx = f->pos.x - r->pos.x, dy = f->pos.y - r->pos.y;
        pl->cdx[i] = c * dx;
        pl->sdy[i] = s * dy;
        pl->sdx[i] = s * dx;
        pl->cdy[i] = c * dy;
    }
}

static vec2s placer_at(const placer *pl, int i, vec2s end)
{
    return (vec2s){{end.x + pl->cdx[i] - pl->sdy[i], end.y + pl->sdx[i] + pl->cdy[i]}};
}

/* The bases a move might meet: the other active figures near the box around the path, found
 * once per plan so each sample along the path tests only a handful. */
typedef struct near_set {
    int count;
    int idx[256];
    bool all; /* too many: test every figure */
} near_set;

static void near_find(const table *t, unit_id u, geom_aabb box, near_set *ns)
{
    ns->count = 0;
    ns->all = false;
    int nr;
    const cwr_fig_row *rows = cwr_cache_figures(t, &nr);
    for (int k = 0, j; k < (rows ? nr : t->figure_count); k++) {
        /* the scope's rows first pass over a base whose circle (a margin far above the
         * rounding) misses the box: its bounds do too */
        if (rows) {
            const cwr_fig_row *w = &rows[k];
            float g = w->reach + 0.01f;
            if (w->unit == u.id || w->x + g < box.min.x || w->x - g > box.max.x ||
                w->y + g < box.min.y || w->y - g > box.max.y)
                continue;
        }
        j = rows ? rows[k].index : k;
        const figure *o = &t->figures[j];
        if (!table_figure_active(o) || o->unit.id == u.id)
            continue;
        geom_placed_base b = placed_at(o, o->pos, o->facing);
        if (!geom_aabb_overlap(box, geom_base_bounds(&b)))
            continue;
        if (ns->count == 256) {
            ns->all = true;
            return;
        }
        ns->idx[ns->count++] = j;
    }
}

static bool plan_free_near(const table *t, const cwr_move_plan *p, unit_id u, const near_set *ns)
{
    if (!ns || ns->all) {
        float fac[CWR_UNIT_FIGS];
        for (int i = 0; i < p->count; i++)
            fac[i] = p->facing;
        return cwr_positions_free(t, p->fig, p->pos, fac, p->count, u, u);
    }
    for (int i = 0; i < p->count; i++) {
        const figure *f = table_figure_const(t, p->fig[i]);
        geom_placed_base a = placed_at(f, p->pos[i], p->facing);
        float ra = spatial_base_reach(&f->base);
        if (!base_on_table(t, &a, ra))
            return false;
        for (int k = 0; k < ns->count; k++) {
            const figure *o = &t->figures[ns->idx[k]];
            if (!may_overlap(a.pos, ra, o))
                continue;
            geom_placed_base b = placed_at(o, o->pos, o->facing);
            if (place_bases_overlap(&a, &b))
                return false;
        }
    }
    return true;
}

/* plan_free_near at the sample `at` cm along the path, the samples taken in increasing `at`.
 * No figure moves further than the reference does (the formation goes rigidly along the path,
 * its facing fixed), so a pair whose circumscribed circles were `c` cm apart at one sample
 * cannot touch before the reference has gone c further, nor a base `c` cm inside the table's
 * edges leave it: such tests are skipped until then (`until`, per figure and near base, and
 * `next`, per figure, the soonest of its row and its edge test; both from -INFINITY), with a
 * margin far above the rounding of the positions. On a straight path (`dir`, the unit vector
 * along it; NULL otherwise) the bounds are where the line first brings the circles (or the
 * bounds and an edge) that close, and never when it does not. The answer is plan_free_near's. */
static bool plan_free_sweep(const table *t, cwr_move_plan *p, const placer *pl, vec2s end,
                            const near_set *ns, const double *dir, float at, float *until,
                            float *next, float *soon)
{
    const double margin = 1e-3 + 0.01;
    *soon = INFINITY;
    for (int i = 0; i < p->count; i++) {
        if (next[i] > at) {
            *soon = next[i] < *soon ? next[i] : *soon;
            continue;
        }
        p->pos[i] = placer_at(pl, i, end); /* only the figures tested are placed */
        const figure *f = table_figure_const(t, p->fig[i]);
        geom_placed_base a = placed_at(f, p->pos[i], p->facing);
        geom_aabb ba = geom_base_bounds(&a);
        if (ba.min.x < 0 || ba.min.y < 0 || ba.max.x > t->width_cm || ba.max.y > t->height_cm)
            return false;
        float soonest;
        if (dir) {
            /* a straight path: the bounds close on an edge only as fast as the unit goes toward
             * it, and not at all when it goes away */
            float gap[4] = {ba.min.x, ba.min.y, t->width_cm - ba.max.x, t->height_cm - ba.max.y};
            double rate[4] = {-dir[0], -dir[1], dir[0], dir[1]};
            double first = INFINITY;
            for (int e = 0; e < 4; e++) {
                double g = (double)gap[e] - margin;
                if (g <= 0) {
                    first = -INFINITY;
                    break;
                }
                if (rate[e] > 0 && g / rate[e] < first)
                    first = g / rate[e];
            }
            soonest = first == -INFINITY ? -INFINITY : at + (float)first;
        } else {
            float edge = fminf(fminf(ba.min.x, ba.min.y),
                               fminf(t->width_cm - ba.max.x, t->height_cm - ba.max.y));
            soonest = edge - (float)margin > 0 ? at + edge - (float)margin : -INFINITY;
        }
        double ra = spatial_base_reach(&a.base);
        float *row = until + (size_t)i * (size_t)ns->count;
        for (int k = 0; k < ns->count; k++) {
            if (row[k] <= at) {
                const figure *o = &t->figures[ns->idx[k]];
                geom_placed_base b = placed_at(o, o->pos, o->facing);
                if (place_bases_overlap(&a, &b))
                    return false;
                double big = ra + spatial_base_reach(&b.base) + margin;
                double clear = geom_point_distance(a.pos, b.pos) - big;
                if (clear > 0 && dir) {
                    /* a straight path: the circles (grown by the margin) first meet where the
                     * line of the centre enters the other's circle, or never */
                    double wx = (double)b.pos.x - a.pos.x, wy = (double)b.pos.y - a.pos.y;
                    double proj = wx * dir[0] + wy * dir[1];
                    double perp2 = wx * wx + wy * wy - proj * proj;
                    if (proj <= 0 || perp2 >= big * big)
                        row[k] = INFINITY;
                    else
                        row[k] = at + (float)fmax(clear, proj - sqrt(big * big - perp2));
                } else if (clear > 0)
                    row[k] = at + (float)clear;
            }
            /* fminf without the call: no NaN here, and -0 and 0 compare the same below */
            soonest = row[k] < soonest ? row[k] : soonest;
        }
        next[i] = soonest;
        *soon = soonest < *soon ? soonest : *soon;
    }
    return true;
}

static bool plan_free(const table *t, const cwr_move_plan *p, unit_id u)
{
    return plan_free_near(t, p, u, NULL);
}

/* The bases that could block u turning where it stands, whatever the turn: every figure
 * cwr_positions_free(.., u, u) would test whose centre is within the circle about the reference
 * that holds every turned base, grown by the figure's reach and a margin far above the
 * rounding. Found once for cwr_move_legal's ten samples, which all turn about the same figure
 * on the same table. `all` when there are too many (cwr_positions_free is asked then). */
static void turn_near_find(const table *t, unit_id u, figure_id ref, near_set *ns)
{
    ns->count = 0;
    ns->all = false;
    const figure *r = table_figure_const(t, ref);
    if (!r) {
        ns->all = true;
        return;
    }
    figure_id figs[CWR_UNIT_FIGS];
    int n = cwr_unit_figures(t, u, figs, CWR_UNIT_FIGS);
    if (n > CWR_UNIT_FIGS)
        n = CWR_UNIT_FIGS;
    float big = 0;
    for (int i = 0; i < n; i++) {
        const figure *f = table_figure_const(t, figs[i]);
        big = fmaxf(big, hypotf(f->pos.x - r->pos.x, f->pos.y - r->pos.y) +
                             spatial_base_reach(&f->base));
    }
    big += 0.05f;
    int nr;
    const cwr_fig_row *rows = cwr_cache_figures(t, &nr);
    for (int k = 0, ni = 0; k < (rows ? nr : t->figure_count); k++) {
        int j;
        float x, y, reach;
        if (rows) { /* active figures, none of a unit with more than CWR_UNIT_FIGS */
            if (rows[k].unit == u.id)
                continue;
            j = rows[k].index;
            x = rows[k].x, y = rows[k].y, reach = rows[k].reach;
        } else { /* cwr_positions_free's scan: u's first 2 * CWR_UNIT_FIGS figures passed over */
            const figure *o = &t->figures[k];
            if (o->unit.id == u.id && ni < 2 * CWR_UNIT_FIGS) {
                ni++;
                continue;
            }
            if (!table_figure_active(o))
                continue;
            j = k;
            x = o->pos.x, y = o->pos.y, reach = spatial_base_reach(&o->base);
        }
        float g = big + reach;
        if (fabsf(x - r->pos.x) > g || fabsf(y - r->pos.y) > g)
            continue;
        if (ns->count == 256) {
            ns->all = true;
            return;
        }
        ns->idx[ns->count++] = j;
    }
}

/* cwr_positions_free(.., u, u) of the plan, the blockers taken from turn_near_find's set: a
 * yes or no, so the tests may go in any order. */
static bool turn_free(const table *t, const cwr_move_plan *p, const near_set *ns)
{
    geom_aabb box = {{{INFINITY, INFINITY}}, {{-INFINITY, -INFINITY}}};
    for (int i = 0; i < p->count; i++) {
        const figure *f = table_figure_const(t, p->fig[i]);
        geom_placed_base a = placed_at(f, p->pos[i], p->facing);
        float ra = spatial_base_reach(&f->base);
        if (!base_on_table(t, &a, ra))
            return false;
        box_grow(&box, p->pos[i], ra);
    }
    /* cwr_positions_free's box test, over the set rather than the table */
    const figure *near[256];
    int nn = 0;
    for (int k = 0; k < ns->count; k++) {
        const figure *o = &t->figures[ns->idx[k]];
        float g = spatial_base_reach(&o->base) + 0.01f;
        if (o->pos.x + g < box.min.x || o->pos.x - g > box.max.x || o->pos.y + g < box.min.y ||
            o->pos.y - g > box.max.y)
            continue;
        near[nn++] = o;
    }
    for (int i = 0; i < p->count && nn > 0; i++) {
        const figure *f = table_figure_const(t, p->fig[i]);
        geom_placed_base a = placed_at(f, p->pos[i], p->facing);
        float ra = spatial_base_reach(&f->base);
        for (int k = 0; k < nn; k++) {
            const figure *o = near[k];
            if (o->id.id == f->id.id || !may_overlap(a.pos, ra, o))
                continue;
            geom_placed_base b = placed_at(o, o->pos, o->facing);
            if (place_bases_overlap(&a, &b))
                return false;
        }
    }
    return true;
}

/* How much of a plan to make: all of it; only whether it plans at all (the unit and room to
 * turn where it stands: nothing after refuses), the rest left unfinished; or that and the
 * path's cost and open terrain, without the sweep for where it stops. */
typedef enum plan_part { PLAN_ALL, PLAN_CHECK, PLAN_COST } plan_part;

static bool plan_move(const rules_state *rs, const table *t, const rules_command *cmd,
                      float allowance_cm, bool away, plan_part part, const near_set *turn_ns,
                      cwr_move_plan *out, char *why, size_t size)
{
    memset(out, 0, sizeof *out);
    unit_id u = cmd_unit(t, cmd);
    figure_id ref = reference(t, cmd, u);
    if (!ref.id || cmd->path_count < 1) {
        if (size) /* a reason only when one is wanted */
            cwr_join(why, size, "a move needs the unit and where it goes", NULL);
        return false;
    }
    const figure *r = table_figure_const(t, ref);
    vec2s pts[PATH_MAX_POINTS];
    int np = 0;
    pts[np++] = r->pos;
    for (int i = 0; i < cmd->path_count && np < PATH_MAX_POINTS; i++)
        pts[np++] = cmd->path[i];
    out->count = cwr_unit_figures(t, u, out->fig, CWR_UNIT_FIGS);
    if (out->count > CWR_UNIT_FIGS)
        out->count = CWR_UNIT_FIGS;
    /* the path's cost first, even when the unit cannot turn: a charge throws its dice by the
     * plan's open terrain either way */
    float moved = 0;
    if (part != PLAN_CHECK) {
        const path_kept *pk = path_facts(rs, t, pts, np);
        out->want_cm = pk->length;
        float limit = pk->limit;
        out->open = pk->open;
        /* walk the crossings: each costs the obstacle price on top of the distance */
        const float *cross = pk->cross;
        int nc = pk->nc;
        float price = cwr_cm(rs, rs->data->obstacle_cost_in);
        float left = allowance_cm < 0 ? 1e9f : allowance_cm, at = 0;
        for (int i = 0; i < nc && cross[i] <= limit; i++) {
            if (cross[i] - at > left)
                break;
            left -= cross[i] - at;
            at = cross[i];
            if (left < price) {
                left = 0;
                break;
            }
            left -= price;
            out->obstacles++;
        }
        moved = fminf(limit, at + left);
        out->cost_cm = moved + price * (float)out->obstacles;
    }
    /* the end facing: as asked, else along the last stretch */
    vec2s last = pts[np - 1], prev = pts[np - 2 >= 0 ? np - 2 : 0];
    float facing = cmd->face_set ? cmd->facing
                   : hypotf(last.x - prev.x, last.y - prev.y) > 0.01f
                       ? geom_angle_of((vec2s){{last.x - prev.x, last.y - prev.y}})
                       : r->facing;
    float turn = geom_angle_diff(r->facing, facing);
    /* the unit turns where it stands, then goes along the path: it stops before any base
     * would overlap another (sampled finer than the smallest base), and an away move stops
     * where it would come nearer the enemy */
    place_unit(t, ref, r->pos, turn, facing, out);
    if (!(turn_ns && !turn_ns->all ? turn_free(t, out, turn_ns) : plan_free(t, out, u))) {
        if (size) /* a reason only when one is wanted */
            cwr_join(why, size, "no room to turn the unit here", NULL);
        return false;
    }
    if (part != PLAN_ALL)
        return true; /* the rest cannot refuse the move: no need to finish the plan */
    /* the box the unit sweeps: the path grown by the unit's reach about its reference */
    float reach = 0;
    for (int i = 0; i < out->count; i++) {
        const figure *f = table_figure_const(t, out->fig[i]);
        float rad = f->base.kind == GEOM_BASE_RECT
                        ? 0.5f * hypotf(f->base.frontage_cm, f->base.depth_cm)
                        : f->base.radius_cm;
        reach = fmaxf(reach, hypotf(f->pos.x - r->pos.x, f->pos.y - r->pos.y) + rad);
    }
    near_set ns;
    near_find(t, u, geom_aabb_pad(geom_aabb_of_points(pts, np), reach + 1), &ns);
    /* one stretch: every base goes along the same line (the sweep's bounds use it) */
    double dir[2] = {0, 0},
           dlen = hypot((double)pts[np - 1].x - pts[0].x, (double)pts[np - 1].y - pts[0].y);
    bool straight = np == 2 && dlen > 0;
    if (straight) {
        dir[0] = ((double)pts[1].x - pts[0].x) / dlen;
        dir[1] = ((double)pts[1].y - pts[0].y) / dlen;
    }
    if (straight && !ns.all) {
        /* the corridor the unit sweeps, across and along the line from where it stands after
         * turning (every base's centre within its reach of it all the way): a near base whose
         * circle stays out of it, by a margin far above the rounding, meets none of the unit's
         * and is never tested */
        double lo_p = INFINITY, hi_p = -INFINITY, lo_a = INFINITY, hi_a = -INFINITY;
        for (int i = 0; i < out->count; i++) {
            double wx = (double)out->pos[i].x - r->pos.x, wy = (double)out->pos[i].y - r->pos.y;
            double ra = spatial_base_reach(&table_figure_const(t, out->fig[i])->base);
            double across = dir[0] * wy - dir[1] * wx, ahead = dir[0] * wx + dir[1] * wy;
            lo_p = fmin(lo_p, across - ra), hi_p = fmax(hi_p, across + ra);
            lo_a = fmin(lo_a, ahead - ra), hi_a = fmax(hi_a, ahead + ra);
        }
        hi_a += moved;
        int kept = 0;
        for (int k = 0; k < ns.count; k++) {
            const figure *o = &t->figures[ns.idx[k]];
            double wx = (double)o->pos.x - r->pos.x, wy = (double)o->pos.y - r->pos.y;
            double g = spatial_base_reach(&o->base) + 0.05;
            double across = dir[0] * wy - dir[1] * wx, ahead = dir[0] * wx + dir[1] * wy;
            if (across + g < lo_p || across - g > hi_p || ahead + g < lo_a || ahead - g > hi_a)
                continue;
            ns.idx[kept++] = ns.idx[k];
        }
        ns.count = kept;
    }
    float free_at = 0;
    static_assert(CWR_UNIT_FIGS * 256 * sizeof(float) <= 65536, "sweep bounds fit the stack");
    float until[CWR_UNIT_FIGS * 256], next[CWR_UNIT_FIGS];
    for (int i = 0; i < out->count * ns.count; i++)
        until[i] = -INFINITY;
    for (int i = 0; i < out->count; i++)
        next[i] = -INFINITY;
    placer pl;
    placer_init(t, ref, turn, out, &pl);
    float soon = -INFINITY; /* the soonest test due: no sample before it tests anything */
    for (float d = 0.5f; free_at < moved; d += 0.5f) {
        float at_d = fminf(d, moved);
        if (!ns.all && soon > at_d) {
            free_at = at_d;
            continue;
        }
        if (ns.all) {
            place_unit(t, ref, along(pts, np, at_d), turn, facing, out);
            if (!plan_free_near(t, out, u, &ns))
                break;
        } else if (!plan_free_sweep(t, out, &pl, along(pts, np, at_d), &ns, straight ? dir : NULL,
                                    at_d, until, next, &soon))
            break;
        free_at = at_d;
    }
    moved = free_at;
    for (; away && moved > 0; moved = fmaxf(0, moved - 0.5f)) {
        place_unit(t, ref, along(pts, np, moved), turn, facing, out);
        if (cwr_move_is_away(rs, t, u, out, NULL, 0))
            break;
    }
    place_unit(t, ref, along(pts, np, moved), turn, facing, out);
    out->moved_cm = moved;
    return true;
}

bool cwr_plan_move(const rules_state *rs, const table *t, const rules_command *cmd,
                   float allowance_cm, bool away, cwr_move_plan *out, char *why, size_t size)
{
    return plan_move(rs, t, cmd, allowance_cm, away, PLAN_ALL, NULL, out, why, size);
}

bool cwr_plan_move_cost(const rules_state *rs, const table *t, const rules_command *cmd,
                        cwr_move_plan *out, char *why, size_t size)
{
    return plan_move(rs, t, cmd, -1, false, PLAN_COST, NULL, out, why, size);
}

bool cwr_move_is_away(const rules_state *rs, const table *t, unit_id u, const cwr_move_plan *p,
                      char *why, size_t size)
{
    const unit *un = table_unit_const(t, u);
    /* the box around the moved bases' circles, as cwr_unit_box draws a unit's */
    geom_aabb mb = {{{INFINITY, INFINITY}}, {{-INFINITY, -INFINITY}}};
    for (int i = 0; i < p->count; i++)
        box_grow(&mb, p->pos[i],
                 spatial_base_reach(&table_figure_const(t, p->fig[i])->base) + 1e-3f);
    for (int k = 0; k < t->unit_count; k++) {
        const unit *e = &t->units[k];
        if (e->side.id == un->side.id || !cwr_unit_alive(t, e->id) || !cwr_sees(rs, t, u, e->id))
            continue;
        float before = cwr_unit_distance(t, u, e->id, NULL, NULL);
        /* every pair's edge gap is more than the boxes' gap along either axis (the boxes hold
         * the circles with a margin far above the rounding): when that gap is already past
         * both refusals' bounds, this enemy refuses nothing */
        geom_aabb eb;
        if (p->count > 0 && cwr_unit_box(t, e->id, &eb)) {
            float gap = fmaxf(fmaxf(eb.min.x - mb.max.x, mb.min.x - eb.max.x),
                              fmaxf(eb.min.y - mb.max.y, mb.min.y - eb.max.y));
            float contact = cwr_cm(rs, rs->data->contact_in);
            if (gap > 0 && gap >= before - 0.01f && (before > contact || gap > contact))
                continue;
        }
        float after = INFINITY;
        /* the enemy's figures in table order: its list, or every figure when too many */
        figure_id buf[CWR_UNIT_FIGS];
        int m;
        const figure_id *mem = cwr_unit_members(t, e->id, buf, CWR_UNIT_FIGS, &m);
        float contact = cwr_cm(rs, rs->data->contact_in);
        /* without a reason wanted, the verdict is known at the first pair that refuses (the
         * two tests below: within contact when it was, else nearer than before) */
        bool was_in = before <= contact, told = false;
        for (int i = 0; i < p->count && !told; i++) {
            const figure *f = table_figure_const(t, p->fig[i]);
            geom_placed_base a = placed_at(f, p->pos[i], p->facing);
            double ra = spatial_base_reach(&f->base) + 1e-3;
            for (int j = 0; j < (mem ? m : t->figure_count); j++) {
                const figure *o = mem ? table_figure_const(t, mem[j]) : &t->figures[j];
                if (o->unit.id != e->id.id || !table_figure_active(o))
                    continue;
                /* the circumscribed circles' gap (less a margin far above the rounding) is
                 * below the edge gap: a pair whose bound is past the nearest so far cannot
                 * lower it */
                if (geom_point_distance(a.pos, o->pos) - ra - spatial_base_reach(&o->base) >
                    (double)after)
                    continue;
                geom_placed_base b = placed_at(o, o->pos, o->facing);
                after = fminf(after, (float)geom_base_edge_distance(&a, &b));
                told = !why && (was_in ? after <= contact : after < before - 0.01f);
                if (told)
                    break;
            }
        }
        if (before <= contact && after <= contact) {
            if (why)
                snprintf(why, size,
                         "it would stay in contact with %s: moving away from the enemy breaks "
                         "off",
                         e->name);
            return false;
        }
        if (after < before - 0.01f) {
            if (why)
                snprintf(why, size,
                         "the move would bring it nearer %s (%.1f\" to %.1f\"): it must move "
                         "away from the enemy",
                         e->name, (double)cwr_in(rs, before), (double)cwr_in(rs, after));
            return false;
        }
    }
    return true;
}

static bool is_double(cwr_step s)
{
    return s == CWR_STEP_MOVE_DOUBLE || s == CWR_STEP_MOVE_DOUBLE_AWAY;
}

static bool is_away(cwr_step s)
{
    return s == CWR_STEP_MOVE_AWAY || s == CWR_STEP_MOVE_DOUBLE_AWAY;
}

/* The active figures not of one unit, bucketed by where they stand (a counting sort by cell,
 * each cell in table order): cwr_move_legal's ten end checks each read the cells near their end
 * rather than the whole table. `ok` false when the table has more figures than it holds. */
enum { GRID_SIDE = 16, GRID_FIGS = 1024 };

typedef struct fig_grid {
    bool ok;
    float inv_w, inv_h, reach; /* cells per cm across and down; the largest base reach held */
    int cols, rows;
    int start[GRID_SIDE * GRID_SIDE + 1];
    int idx[GRID_FIGS];
} fig_grid;

static int grid_col(const fig_grid *g, float x)
{
    float c = x * g->inv_w;
    return c < 1 ? 0 : c >= (float)(g->cols - 1) ? g->cols - 1 : (int)c;
}

static int grid_row(const fig_grid *g, float y)
{
    float c = y * g->inv_h;
    return c < 1 ? 0 : c >= (float)(g->rows - 1) ? g->rows - 1 : (int)c;
}

static void grid_build(const table *t, unit_id u, fig_grid *g)
{
    g->ok = false;
    if (t->figure_count > GRID_FIGS || !(t->width_cm > 0) || !(t->height_cm > 0))
        return;
    g->cols = (int)fminf(GRID_SIDE, fmaxf(1, ceilf(t->width_cm / 15.0f)));
    g->rows = (int)fminf(GRID_SIDE, fmaxf(1, ceilf(t->height_cm / 15.0f)));
    g->inv_w = (float)g->cols / t->width_cm;
    g->inv_h = (float)g->rows / t->height_cm;
    g->reach = 0;
    int cells = g->cols * g->rows, cell[GRID_FIGS], nc = 0;
    short at[GRID_FIGS];
    memset(g->start, 0, (size_t)(cells + 1) * sizeof *g->start);
    int nr;
    const cwr_fig_row *rows = cwr_cache_figures(t, &nr);
    for (int k = 0; k < (rows ? nr : t->figure_count); k++) {
        int j = rows ? rows[k].index : k;
        const figure *o = &t->figures[j];
        if (o->unit.id == u.id || (!rows && !table_figure_active(o)))
            continue;
        float reach = rows ? rows[k].reach : spatial_base_reach(&o->base);
        g->reach = reach > g->reach ? reach : g->reach;
        cell[nc] = grid_row(g, o->pos.y) * g->cols + grid_col(g, o->pos.x);
        at[nc++] = (short)j;
        g->start[cell[nc - 1] + 1]++;
    }
    for (int c = 0; c < cells; c++)
        g->start[c + 1] += g->start[c];
    int fill[GRID_SIDE * GRID_SIDE];
    memcpy(fill, g->start, (size_t)cells * sizeof *fill);
    for (int i = 0; i < nc; i++) /* in table order, so each cell is */
        g->idx[fill[cell[i]]++] = at[i];
    g->ok = true;
}

/* The grid's figures whose base could reach into box by end_free's test, in table order, into
 * out (max of them); max + 1 when there are more. */
static int grid_near(const table *t, const fig_grid *g, geom_aabb box, int *out, int max)
{
    float pad = g->reach + 0.02f;
    int c0 = grid_col(g, box.min.x - pad), c1 = grid_col(g, box.max.x + pad);
    int r0 = grid_row(g, box.min.y - pad), r1 = grid_row(g, box.max.y + pad), n = 0;
    for (int r = r0; r <= r1; r++)
        for (int c = c0; c <= c1; c++) {
            int cell = r * g->cols + c;
            for (int k = g->start[cell]; k < g->start[cell + 1]; k++) {
                const figure *o = &t->figures[g->idx[k]];
                float gap = spatial_base_reach(&o->base) + 0.01f;
                if (o->pos.x + gap < box.min.x || o->pos.x - gap > box.max.x ||
                    o->pos.y + gap < box.min.y || o->pos.y - gap > box.max.y)
                    continue;
                if (n == max)
                    return max + 1;
                /* insertion by table index: a handful */
                int i = n++;
                for (; i > 0 && out[i - 1] > g->idx[k]; i--)
                    out[i] = out[i - 1];
                out[i] = g->idx[k];
            }
        }
    return n;
}

/* What cwr_move_legal finds once for its ten samples (the same unit, table and reference). */
typedef struct sample_aid {
    near_set turn;
    fig_grid grid;
} sample_aid;

/* Where the player asks the unit to go must be free: the dice may stop it short, but a move
 * aimed onto another base is refused, naming both figures. */
static bool end_free(const table *t, const rules_command *cmd, unit_id u, const fig_grid *grid,
                     char *why, size_t size)
{
    figure_id ref = reference(t, cmd, u);
    const figure *r = table_figure_const(t, ref);
    vec2s end = cmd->path[cmd->path_count - 1];
    vec2s prev = cmd->path_count > 1 ? cmd->path[cmd->path_count - 2] : r->pos;
    float facing = cmd->face_set ? cmd->facing
                   : hypotf(end.x - prev.x, end.y - prev.y) > 0.01f
                       ? geom_angle_of((vec2s){{end.x - prev.x, end.y - prev.y}})
                       : r->facing;
    cwr_move_plan p = {0};
    p.count = cwr_unit_figures(t, u, p.fig, CWR_UNIT_FIGS);
    if (p.count > CWR_UNIT_FIGS)
        p.count = CWR_UNIT_FIGS;
    place_unit(t, ref, end, geom_angle_diff(r->facing, facing), facing, &p);
    /* the other active figures near the box around the end bases, in table order (every
     * figure when too many): no other can overlap one */
    geom_aabb box = {{{INFINITY, INFINITY}}, {{-INFINITY, -INFINITY}}};
    for (int i = 0; i < p.count; i++) {
        float ra = spatial_base_reach(&table_figure_const(t, p.fig[i])->base);
        box_grow(&box, p.pos[i], ra);
    }
    int near[NEAR_MAX], nn = 0, nr;
    bool all = false;
    const cwr_fig_row *rows = grid && grid->ok ? NULL : cwr_cache_figures(t, &nr);
    if (grid && grid->ok) { /* the same figures, in the same order */
        nn = grid_near(t, grid, box, near, NEAR_MAX);
        all = nn > NEAR_MAX;
        nn = all ? 0 : nn;
    }
    for (int k = 0; rows && k < nr && !all; k++) { /* the scope's rows: the same test */
        const cwr_fig_row *o = &rows[k];
        float g = o->reach + 0.01f;
        if (o->unit == u.id || o->x + g < box.min.x || o->x - g > box.max.x ||
            o->y + g < box.min.y || o->y - g > box.max.y)
            continue;
        if (nn == NEAR_MAX)
            all = true;
        else
            near[nn++] = o->index;
    }
    for (int j = 0; !rows && !(grid && grid->ok) && j < t->figure_count && !all; j++) {
        const figure *o = &t->figures[j];
        float g = spatial_base_reach(&o->base) + 0.01f;
        if (!table_figure_active(o) || o->unit.id == u.id || o->pos.x + g < box.min.x ||
            o->pos.x - g > box.max.x || o->pos.y + g < box.min.y || o->pos.y - g > box.max.y)
            continue;
        if (nn == NEAR_MAX)
            all = true;
        else
            near[nn++] = j;
    }
    /* name the base it would land on: of those it overlaps, the nearest centre */
    for (int i = 0; i < p.count; i++) {
        const figure *f = table_figure_const(t, p.fig[i]), *hit = NULL;
        geom_placed_base a = placed_at(f, p.pos[i], facing);
        float ra = spatial_base_reach(&f->base);
        float best = INFINITY;
        for (int k = 0; k < (all ? t->figure_count : nn); k++) {
            const figure *o = &t->figures[all ? k : near[k]];
            if (!table_figure_active(o) || o->unit.id == u.id || !may_overlap(a.pos, ra, o))
                continue;
            geom_placed_base b = placed_at(o, o->pos, o->facing);
            float d = hypotf(o->pos.x - a.pos.x, o->pos.y - a.pos.y);
            if (d < best && place_bases_overlap(&a, &b)) {
                best = d;
                hit = o;
            }
        }
        if (hit) {
            if (size) /* a reason only when one is wanted */
                snprintf(why, size, "%s would end on top of %s: bases may touch but not overlap",
                         f->name[0] ? f->name : "a figure", hit->name[0] ? hit->name : "a figure");
            return false;
        }
    }
    return true;
}

/* cwr_move_validate against `seen`, the table as the mover's side sees it (cwr_seen_table of
 * t): cwr_move_legal checks all its samples against one copy. */
static bool move_check(const rules_state *rs, const table *t, const table *seen,
                       const rules_command *cmd, cwr_step step, const sample_aid *aid, char *why,
                       size_t size)
{
    unit_id u = cmd_unit(t, cmd);
    if (u.id != rs->unit.id || !table_unit_const(t, u)) {
        if (size) /* a reason only when one is wanted */
            cwr_join(why, size, "only the activated unit moves", NULL);
        return false;
    }
    if (cmd->path_count < 1) {
        if (size) /* a reason only when one is wanted */
            cwr_join(why, size, "a move needs where it goes", NULL);
        return false;
    }
    cwr_move_plan p;
    /* where it ends matters only to an away move: else the plan's yes or no will do */
    return plan_move(rs, seen, cmd, -1, false, is_away(step) ? PLAN_ALL : PLAN_CHECK,
                     aid ? &aid->turn : NULL, &p, why, size) &&
           end_free(seen, cmd, u, aid ? &aid->grid : NULL, why, size) &&
           (!is_away(step) || cwr_move_is_away(rs, seen, u, &p, why, size));
}

bool cwr_move_validate(const rules_state *rs, const table *t, const rules_command *cmd,
                       cwr_step step, char *why, size_t size)
{
    unit_id u = cmd_unit(t, cmd);
    const unit *un = table_unit_const(t, u);
    if (u.id != rs->unit.id || !un)
        return move_check(rs, t, t, cmd, step, NULL, why,
                          size); /* refused before any table is read */
    if (cwr_memo_moves_has(rs, t, (int)step, cmd))
        return true; /* one of the samples legal found on this very state */
    /* checked against what the mover's side sees: a base it cannot see neither refuses the
     * move nor gives away where it is (the move bumps into it instead, cwr_move_resolve) */
    table *copy;
    const table *seen = cwr_seen_table(rs, t, un->side, &copy);
    bool ok = move_check(rs, t, seen, cmd, step, NULL, why, size);
    if (copy)
        table_destroy(copy);
    return ok;
}

void cwr_move_bump(rules_state *rs, rules_ctx *ctx, unit_id u, const cwr_move_plan *p)
{
    const table *t = ctx->table;
    const unit *un = table_unit_const(t, u);
    /* the plan stops at most one 0.5 cm sample short of the base it would overlap */
    float touch = cwr_cm(rs, rs->data->contact_in) + 0.5f;
    for (int k = 0; k < t->unit_count; k++) {
        const unit *e = &t->units[k];
        if (!cwr_unit_alive(t, e->id) || !cwr_unit_hidden(rs, t, e->id, un->side))
            continue;
        bool bumped = false;
        for (int i = 0; i < p->count && !bumped; i++) {
            geom_placed_base a = placed_at(table_figure_const(t, p->fig[i]), p->pos[i], p->facing);
            for (int j = 0; j < t->figure_count && !bumped; j++) {
                const figure *o = &t->figures[j];
                geom_placed_base b = placed_at(o, o->pos, o->facing);
                bumped = o->unit.id == e->id.id && table_figure_active(o) &&
                         geom_base_edge_distance(&a, &b) <= touch;
            }
        }
        if (bumped)
            rules_emitf(ctx,
                        (rules_event){.kind = RULES_EV_RULESET,
                                      .side = e->side,
                                      .unit = e->id,
                                      .other = p->fig[0],
                                      .tag = "reveal"},
                        CWR_REF_FIRE, "%s runs into %s, who were hidden there: %s is spotted",
                        un->name, e->name, e->name);
    }
}

void cwr_move_resolve(rules_state *rs, rules_ctx *ctx, const rules_command *cmd, cwr_step step)
{
    const table *t = ctx->table;
    unit_id u = cmd_unit(t, cmd);
    const unit *un = table_unit_const(t, u);
    cwr_move_plan full;
    char why[160];
    /* the plans read the table between events that move no figure: each in a cache scope */
    bool began = cwr_cache_begin(rs, t);
    cwr_plan_move_cost(rs, t, cmd, &full, why, sizeof why); /* for its open terrain */
    int base = cwr_move_dice(rs, t, u, is_double(step));
    cwr_cache_end(began);
    int dice = base + (full.open ? rs->data->open_extra_dice : 0);
    if (full.open && rs->data->open_extra_dice)
        rules_emitf(ctx,
                    (rules_event){.kind = RULES_EV_MODIFIER,
                                  .side = un->side,
                                  .unit = u,
                                  .value = rs->data->open_extra_dice,
                                  .tag = "open_terrain"},
                    CWR_REF_MOVE, "%s moves through open terrain: %+d movement die", un->name,
                    rs->data->open_extra_dice);
    int group = rules_roll_group(ctx);
    int total = 0;
    for (int i = 0; i < dice; i++)
        total += rules_roll(ctx, 6, 0, "move", (figure_id){0}, group, CWR_REF_MOVE);
    cwr_move_plan p;
    began = cwr_cache_begin(rs, t);
    if (!cwr_plan_move(rs, t, cmd, cwr_cm(rs, (float)total), is_away(step), &p, why, sizeof why))
        p.count = 0; /* boxed in: it stays where it is */
    cwr_cache_end(began);
    rules_emitf(
        ctx,
        (rules_event){
            .kind = RULES_EV_NOTE, .side = un->side, .unit = u, .value = total, .group = group},
        CWR_REF_MOVE, "%s rolls %d on %dD6%s: up to %d\"; it moves %.1f\"%s", un->name, total, dice,
        is_double(step) ? " at the double" : "", total, (double)cwr_in(rs, p.moved_cm),
        p.obstacles ? " (2\" for each obstacle crossed)" : "");
    for (int i = 0; i < p.count; i++) {
        const figure *f = table_figure_const(t, p.fig[i]);
        rules_event ev = {.kind = RULES_EV_MOVE,
                          .side = un->side,
                          .unit = u,
                          .figure = p.fig[i],
                          .from = f->pos,
                          .pos = p.pos[i],
                          .facing = p.facing,
                          .value = (int)lroundf(p.cost_cm * 100)};
        cwr_join(ev.ref, sizeof ev.ref, CWR_REF_MOVE, NULL);
        cwr_join(ev.text, sizeof ev.text, f->name[0] ? f->name : un->name, " moves");
        rules_emit(ctx, &ev);
    }
    cwr_move_bump(rs, ctx, u, &p);
}

static bool reach_on(const rules_state *rs, const table *t, const rules_command *move, vec2s dir,
                     rules_reach *out)
{
    memset(out, 0, sizeof *out);
    unit_id u = cmd_unit(t, move);
    if (!u.id)
        u = rs->unit;
    figure_id ref = reference(t, move, u);
    if (!ref.id)
        return false;
    cwr_step step = cwr_current_step(rs);
    bool dbl = is_double(step);
    int dice = cwr_move_dice(rs, t, u, dbl);
    const figure *r = table_figure_const(t, ref);
    float len = hypotf(dir.x, dir.y);
    if (len <= 0 || dice <= 0)
        return false;
    float max_in = (float)(6 * (dice + rs->data->open_extra_dice));
    rules_command c = {.kind = RULES_CMD_MOVE, .unit = u, .path_count = 1};
    rules_command_add_figure(&c, ref);
    c.path[0] = (vec2s){
        {r->pos.x + dir.x / len * cwr_cm(rs, max_in), r->pos.y + dir.y / len * cwr_cm(rs, max_in)}};
    cwr_move_plan p;
    char why[128];
    if (!plan_move(rs, t, &c, -1, is_away(step), PLAN_COST, NULL, &p, why, sizeof why))
        return false; /* the open terrain and whether it plans: where it stops comes next */
    int n = dice + (p.open ? rs->data->open_extra_dice : 0);
    cwr_plan_move(rs, t, &c, cwr_cm(rs, (float)(6 * n)), is_away(step), &p, why, sizeof why);
    out->max_cm = p.moved_cm;
    out->stop = p.pos[0];
    for (int i = 0; i < p.count; i++)
        if (p.fig[i].id == ref.id)
            out->stop = p.pos[i];
    cwr_move_plan s;
    cwr_plan_move(rs, t, &c, cwr_cm(rs, (float)n), is_away(step), &s, why, sizeof why);
    out->sure_cm = s.moved_cm;
    out->allowance_cm = cwr_cm(rs, (float)(6 * n));
    snprintf(out->limit, sizeof out->limit, "%dD6%s\" rolled when it moves%s%s", n,
             p.open ? " (open terrain +1)" : "", p.obstacles ? ", obstacles 2\" each" : "",
             is_away(step) ? ", away from the enemy" : "");
    return true;
}

/* The reach line shows the mover's side what it knows: it runs through a base it cannot see. */
bool cwr_reach(const rules_state *rs, const table *t, const rules_command *move, vec2s dir,
               rules_reach *out)
{
    unit_id u = cmd_unit(t, move);
    const unit *un = table_unit_const(t, u.id ? u : rs->unit);
    if (!un) {
        memset(out, 0, sizeof *out);
        return false;
    }
    table *copy;
    const table *seen = cwr_seen_table(rs, t, un->side, &copy);
    bool ok = reach_on(rs, seen, move, dir, out);
    if (copy)
        table_destroy(copy);
    return ok;
}

/* The bot's and the front end's sample moves: toward the nearest enemy, and eight directions,
 * each as far as the average roll. */
int cwr_move_legal(const rules_state *rs, const table *t, unit_id u, cwr_step step,
                   rules_command *out, int max)
{
    figure_id ref = cwr_unit_first(t, u);
    if (!ref.id || max <= 0)
        return 0;
    const figure *r = table_figure_const(t, ref);
    const unit *un = table_unit_const(t, u);
    int dice = cwr_move_dice(rs, t, u, is_double(step));
    float dist = cwr_cm(rs, 3.5f * (float)(dice + rs->data->open_extra_dice));
    vec2s dirs[10];
    int nd = 0;
    float best = INFINITY;
    vec2s toward = {{0, 0}};
    for (int i = 0; i < t->figure_count; i++) {
        const figure *e = &t->figures[i];
        if (e->side.id == un->side.id || !table_figure_active(e) ||
            cwr_unit_hidden(rs, t, e->unit, un->side))
            continue;
        float d = hypotf(e->pos.x - r->pos.x, e->pos.y - r->pos.y);
        if (d < best) {
            best = d;
            toward = (vec2s){{(e->pos.x - r->pos.x) / d, (e->pos.y - r->pos.y) / d}};
        }
    }
    if (isfinite(best)) {
        dirs[nd++] = toward;
        dirs[nd++] = (vec2s){{-toward.x, -toward.y}};
    }
    for (int k = 0; k < 8; k++)
        dirs[nd++] = geom_dir((float)k * (float)GEOM_PI / 4.0f);
    int n = 0;
    table *copy;
    const table *seen = cwr_seen_table(rs, t, un->side, &copy);
    sample_aid aid;
    turn_near_find(seen, u, cwr_unit_first(seen, u), &aid.turn);
    grid_build(seen, u, &aid.grid);
    for (int k = 0; k < nd && n < max; k++) {
        float go = k == 0 && isfinite(best) ? fminf(dist, fmaxf(best - 3.0f, 0.5f)) : dist;
        rules_command c = {.kind = RULES_CMD_MOVE, .side = un->side, .unit = u, .path_count = 1};
        c.path[0] = (vec2s){{r->pos.x + dirs[k].x * go, r->pos.y + dirs[k].y * go}};
        c.path[0].x = fmaxf(1, fminf(t->width_cm - 1, c.path[0].x));
        c.path[0].y = fmaxf(1, fminf(t->height_cm - 1, c.path[0].y));
        if (move_check(rs, t, seen, &c, step, &aid, NULL, 0)) /* a yes or no: no reason built */
            out[n++] = c;
    }
    if (copy)
        table_destroy(copy);
    cwr_memo_moves_put(rs, t, (int)step, out, n);
    return n;
}

/* ---- formations and limbering --------------------------------------------------------------- */

const char *cwr_formation_of(const rules_state *rs, const table *t, unit_id u)
{
    const unit *un = table_unit_const(t, u);
    if (un && un->formation[0])
        return un->formation;
    return cwr_unit_is_artillery(rs, t, u) ? "unlimbered" : "line";
}

static float base_width(const figure *f)
{
    return f->base.kind == GEOM_BASE_RECT ? f->base.frontage_cm : 2 * f->base.radius_cm;
}

static float base_depth(const figure *f)
{
    return f->base.kind == GEOM_BASE_RECT ? f->base.depth_cm : 2 * f->base.radius_cm;
}

/* The figures' places in `to` (line: one rank; column: column_files abreast), about the centre
 * of the present front rank. */
static void reform(const rules_state *rs, const table *t, unit_id u, const char *to,
                   cwr_move_plan *p)
{
    memset(p, 0, sizeof *p);
    p->count = cwr_unit_figures(t, u, p->fig, CWR_UNIT_FIGS);
    if (p->count > CWR_UNIT_FIGS)
        p->count = CWR_UNIT_FIGS;
    if (p->count == 0)
        return;
    const figure *f0 = table_figure_const(t, p->fig[0]);
    float facing = f0->facing;
    vec2s fwd = geom_dir(facing), right = geom_dir(facing + (float)GEOM_PI / 2);
    vec2s c = cwr_front_centre(t, u);
    int files = strcmp(to, "column") == 0 ? rs->data->column_files : p->count;
    if (files > p->count)
        files = p->count;
    float w = base_width(f0), d = base_depth(f0);
    for (int i = 0; i < p->count; i++) {
        int rank = i / files, file = i % files;
        float x = ((float)file - 0.5f * (float)(files - 1)) * w;
        float y = -(float)rank * d;
        /* right hand of a unit facing `facing` is +90 degrees on screen */
        p->pos[i] = (vec2s){{c.x + right.x * x + fwd.x * y, c.y + right.y * x + fwd.y * y}};
    }
    p->facing = facing;
}

bool cwr_formation_validate(const rules_state *rs, const table *t, const rules_command *cmd,
                            cwr_step step, char *why, size_t size)
{
    unit_id u = cmd->unit.id ? cmd->unit : rs->unit;
    if (u.id != rs->unit.id) {
        cwr_join(why, size, "only the activated unit changes formation", NULL);
        return false;
    }
    const char *now = cwr_formation_of(rs, t, u);
    if (step == CWR_STEP_LIMBER || step == CWR_STEP_UNLIMBER) {
        const char *want = step == CWR_STEP_LIMBER ? "limbered" : "unlimbered";
        if (cmd->option[0] && strcmp(cmd->option, want) != 0) {
            snprintf(why, size, "this step is to %s",
                     step == CWR_STEP_LIMBER ? "limber up" : "unlimber");
            return false;
        }
        return true;
    }
    if (strcmp(cmd->option, "line") != 0 && strcmp(cmd->option, "column") != 0) {
        cwr_join(why, size, "the formations are line and column", NULL);
        return false;
    }
    if (strcmp(cmd->option, now) == 0) {
        snprintf(why, size, "it is already in %s", now);
        return false;
    }
    cwr_move_plan p;
    reform(rs, t, u, cmd->option, &p);
    if (!plan_free(t, &p, u)) {
        snprintf(why, size, "no room to form %s here", cmd->option);
        return false;
    }
    return true;
}

void cwr_formation_resolve(rules_state *rs, rules_ctx *ctx, const rules_command *cmd)
{
    const table *t = ctx->table;
    unit_id u = rs->unit;
    const unit *un = table_unit_const(t, u);
    cwr_step step = cwr_current_step(rs);
    const char *to = step == CWR_STEP_LIMBER     ? "limbered"
                     : step == CWR_STEP_UNLIMBER ? "unlimbered"
                                                 : cmd->option;
    if (step == CWR_STEP_FORMATION) {
        cwr_move_plan p;
        reform(rs, t, u, to, &p);
        for (int i = 0; i < p.count; i++) {
            const figure *f = table_figure_const(t, p.fig[i]);
            rules_event ev = {.kind = RULES_EV_MOVE,
                              .side = un->side,
                              .unit = u,
                              .figure = p.fig[i],
                              .from = f->pos,
                              .pos = p.pos[i],
                              .facing = p.facing};
            cwr_join(ev.ref, sizeof ev.ref, CWR_REF_PAIRS, NULL);
            /* "%s takes its place in %s", copied: the same text, cut at the same place */
            cwr_join(ev.text, sizeof ev.text, f->name[0] ? f->name : un->name,
                     " takes its place in ");
            size_t used = strlen(ev.text);
            cwr_join(ev.text + used, sizeof ev.text - used, to, NULL);
            rules_emit(ctx, &ev);
        }
    }
    rules_event ev = {.kind = RULES_EV_FORMATION, .side = un->side, .unit = u};
    cwr_join(ev.tag, sizeof ev.tag, to, NULL);
    rules_emitf(ctx, ev, CWR_REF_PAIRS, "%s %s", un->name,
                step == CWR_STEP_LIMBER     ? "limbers up"
                : step == CWR_STEP_UNLIMBER ? "unlimbers"
                : strcmp(to, "line") == 0   ? "forms line"
                                            : "forms column");
}
