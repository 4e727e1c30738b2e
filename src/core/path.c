#include "core/path.h"

#include "core/mem.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* One area feature's hold on a stretch: the parameters [t0, t1] inside it and its multiplier
 * (INFINITY for impassable, so "the highest multiplier" also picks impassable). */
typedef struct area_span {
    double t0, t1;
    float mult;
    int feature;
} area_span;

typedef struct crossing_at {
    double t;
    int feature;
    float cost;
    bool impassable;
} crossing_at;

/* The growing work lists of one stretch, in buffers of their own first (most stretches meet a
 * few features): a list moves to the heap only when it outgrows them. One work serves every
 * stretch of a path (work_reset between them, work_free after). */
enum { WORK_SPANS = 16, WORK_CROSS = 16, WORK_BPS = 64 };
typedef struct stretch_work {
    area_span *spans;
    int span_count, span_cap;
    crossing_at *cross;
    int cross_count, cross_cap;
    double *bps;
    int bp_count, bp_cap;
    area_span span_buf[WORK_SPANS];
    crossing_at cross_buf[WORK_CROSS];
    double bp_buf[WORK_BPS];
} stretch_work;

static void work_init(stretch_work *w)
{
    w->spans = w->span_buf;
    w->span_cap = WORK_SPANS;
    w->cross = w->cross_buf;
    w->cross_cap = WORK_CROSS;
    w->bps = w->bp_buf;
    w->bp_cap = WORK_BPS;
    w->span_count = w->cross_count = w->bp_count = 0;
}

static void work_reset(stretch_work *w)
{
    w->span_count = w->cross_count = w->bp_count = 0;
}

/* Room for one more in a full list: doubled, off its own buffer onto the heap. */
static void *work_grow(void *arr, const void *own, int *cap, size_t size)
{
    int n = *cap * 2;
    void *p;
    if (arr == own) {
        p = mem_calloc((size_t)n, size);
        memcpy(p, arr, (size_t)*cap * size);
    } else {
        p = mem_realloc(arr, (size_t)n, size);
    }
    *cap = n;
    return p;
}

#define MAX_ESCAPING 8

/* The walk's running state over the whole path. */
typedef struct walk {
    float remaining;
    bool stopped;
    double path_before; /* path length before the current stretch */
    /* Impassable areas the figure starts inside (a garrison placed in a house): it may move
     * within and out of them, priced as if they were not there, until it first leaves. */
    int escaping[MAX_ESCAPING];
    int escaping_count;
} walk;

static float type_mult(const table *t, const path_desc *d, int type)
{
    if (type < 0 || type >= t->type_count)
        return 1.0f;
    float m = d && d->mult ? d->mult[type] : t->types[type].move_mult;
    return m <= 0.0f ? INFINITY : m;
}

static float clear_mult(const path_desc *d)
{
    return d && d->clear_mult > 0.0f ? d->clear_mult : 1.0f;
}

static bool is_obstacle_line(const table *t, const terrain_feature *f)
{
    if (f->shape != TERRAIN_SHAPE_LINE || f->type < 0 || f->type >= t->type_count)
        return false;
    return t->types[f->type].obstacle != TERRAIN_OBSTACLE_NONE;
}

static void add_span(stretch_work *w, double t0, double t1, float mult, int feature)
{
    if (w->span_count == w->span_cap)
        w->spans = work_grow(w->spans, w->span_buf, &w->span_cap, sizeof *w->spans);
    w->spans[w->span_count++] = (area_span){t0, t1, mult, feature};
}

static void add_bp(stretch_work *w, double t)
{
    if (w->bp_count == w->bp_cap)
        w->bps = work_grow(w->bps, w->bp_buf, &w->bp_cap, sizeof *w->bps);
    w->bps[w->bp_count++] = t;
}

static int escaping_index(const walk *wk, int fi)
{
    for (int i = 0; i < wk->escaping_count; i++)
        if (wk->escaping[i] == fi)
            return i;
    return -1;
}

static void escaping_drop(walk *wk, int i)
{
    wk->escaping[i] = wk->escaping[--wk->escaping_count];
}

/* True when span k of a feature the figure is escaping is skipped: the first span, from the
 * stretch's start. Once the path leaves the feature, the escape is over. */
static bool escaping_skips(walk *wk, int fi, const geom_interval *iv, int n, int k, double merge)
{
    int e = escaping_index(wk, fi);
    if (e < 0)
        return false;
    bool from_start = n > 0 && iv[0].t0 <= merge;
    if (!from_start || iv[0].t1 < 1.0 - merge)
        escaping_drop(wk, e);
    return from_start && k == 0;
}

static void collect_area(stretch_work *w, walk *wk, const table *t, const path_desc *d,
                         geom_segment s, int fi)
{
    const terrain_feature *f = &t->features[fi];
    geom_interval iv[16];
    int n = geom_segment_clip_polygon(s, &f->area, iv, 16);
    geom_interval *all = n > 16 ? mem_calloc((size_t)n, sizeof *all) : iv;
    if (n > 16)
        geom_segment_clip_polygon(s, &f->area, all, n);
    double merge = GEOM_EPS / geom_segment_length(s);
    bool escaping = escaping_index(wk, fi) >= 0;
    for (int i = 0; i < n; i++) {
        if (escaping && escaping_skips(wk, fi, all, n, i, merge))
            continue;
        if (all[i].t1 - all[i].t0 <= merge) /* a touch costs nothing and never stops */
            continue;
        add_span(w, all[i].t0, all[i].t1, type_mult(t, d, f->type), fi);
        add_bp(w, all[i].t0);
        add_bp(w, all[i].t1);
    }
    if (escaping && n == 0)
        escaping_drop(wk, escaping_index(wk, fi));
    if (all != iv)
        free(all);
}

static void collect_line(stretch_work *w, const table *t, const path_desc *d, geom_segment s,
                         int fi)
{
    const terrain_feature *f = &t->features[fi];
    double ts[PATH_MAX_CROSSINGS];
    int n = geom_segment_polyline_crossings(s, &f->line, ts, PATH_MAX_CROSSINGS);
    n = n < PATH_MAX_CROSSINGS ? n : PATH_MAX_CROSSINGS;
    const terrain_type *ty = &t->types[f->type];
    bool impassable =
        ty->obstacle == TERRAIN_OBSTACLE_IMPASSABLE || isinf(type_mult(t, d, f->type));
    float cost = d && d->obstacle_cost_cm ? d->obstacle_cost_cm[f->type] : 0.0f;
    for (int i = 0; i < n; i++) {
        if (w->cross_count == w->cross_cap)
            w->cross = work_grow(w->cross, w->cross_buf, &w->cross_cap, sizeof *w->cross);
        w->cross[w->cross_count++] = (crossing_at){ts[i], fi, cost, impassable};
        add_bp(w, ts[i]);
    }
}

static int cmp_crossing(const void *pa, const void *pb)
{
    const crossing_at *a = pa, *b = pb;
    return (a->t > b->t) - (a->t < b->t);
}

/* Sorted, merged breakpoints including 0 and 1. */
static void finish_breakpoints(stretch_work *w, double merge)
{
    add_bp(w, 0.0);
    add_bp(w, 1.0);
    geom_sort_doubles(w->bps, w->bp_count);
    int k = 0;
    for (int i = 0; i < w->bp_count; i++)
        if (k == 0 || w->bps[i] - w->bps[k - 1] > merge)
            w->bps[k++] = w->bps[i];
    w->bps[k - 1] = 1.0;
    w->bp_count = k;
    if (w->cross_count > 1)
        qsort(w->cross, (size_t)w->cross_count, sizeof *w->cross, cmp_crossing);
}

/* geom_aabb_overlap, here where the loop over every feature can have it inline. */
static inline bool boxes_meet(geom_aabb a, geom_aabb b)
{
    return a.min.x <= b.max.x + GEOM_EPS && b.min.x <= a.max.x + GEOM_EPS &&
           a.min.y <= b.max.y + GEOM_EPS && b.min.y <= a.max.y + GEOM_EPS;
}

static void stretch_collect(stretch_work *w, walk *wk, const table *t, const path_desc *d,
                            geom_segment s)
{
    geom_aabb box = geom_aabb_of_segment(s);
    for (int i = 0; i < t->feature_count; i++) {
        const terrain_feature *f = &t->features[i];
        if (!boxes_meet(box, f->bounds))
            continue;
        if (f->shape == TERRAIN_SHAPE_AREA)
            collect_area(w, wk, t, d, s, i);
        else if (is_obstacle_line(t, f))
            collect_line(w, t, d, s, i);
    }
    finish_breakpoints(w, GEOM_EPS / geom_segment_length(s));
}

/* The multiplier over (u, v): the highest among the areas whose interior holds its middle
 * (running along an area's edge is not entering it). */
static float piece_mult(const stretch_work *w, const table *t, geom_segment s, double u, double v,
                        float clear, int *feature)
{
    double mid = 0.5 * (u + v);
    vec2s p = geom_lerp(s.a, s.b, mid);
    float best = -1.0f;
    *feature = -1;
    for (int i = 0; i < w->span_count; i++) {
        const area_span *sp = &w->spans[i];
        if (mid < sp->t0 || mid > sp->t1 || sp->mult <= best)
            continue;
        if (geom_point_polygon_locate(p, &t->features[sp->feature].area) != GEOM_INSIDE)
            continue;
        best = sp->mult;
        *feature = sp->feature;
    }
    return best < 0 ? clear : best;
}

static void stop_at(path_result *r, walk *wk, path_stop why, vec2s p, int feature)
{
    r->stop = why;
    r->end = p;
    r->stop_feature = feature;
    wk->stopped = true;
}

static void record_crossing(path_result *r, const crossing_at *c, int stretch, geom_segment s,
                            double dist)
{
    if (r->crossing_count < PATH_MAX_CROSSINGS)
        r->crossings[r->crossing_count] = (path_crossing){
            .feature = c->feature,
            .stretch = stretch,
            .point = geom_lerp(s.a, s.b, c->t),
            .dist_cm = (float)dist,
            .cost_cm = c->cost,
        };
    r->crossing_count++;
}

/* Pays for one crossing; stops the walk when it cannot be passed. */
static void pass_crossing(path_result *r, walk *wk, const crossing_at *c, geom_segment s,
                          double len, const path_desc *d)
{
    vec2s p = geom_lerp(s.a, s.b, c->t);
    bool at_start = wk->path_before + c->t * len <= GEOM_EPS;
    if (c->impassable) {
        stop_at(r, wk, PATH_STOP_IMPASSABLE, p, c->feature);
    } else if (d && d->stop_at_obstacle && !at_start) {
        stop_at(r, wk, PATH_STOP_OBSTACLE, p, c->feature);
    } else if (c->cost > wk->remaining) {
        stop_at(r, wk, PATH_STOP_OBSTACLE, p, c->feature);
    } else {
        wk->remaining -= c->cost;
        r->spent_cm += c->cost;
        r->crossed_count++;
    }
    if (wk->stopped)
        r->moved_cm = (float)(wk->path_before + c->t * len);
}

/* Travels (u, v) at multiplier m; stops where the allowance runs out or at impassable. */
static void pass_piece(path_result *r, walk *wk, geom_segment s, double len, double u, double v,
                       float m, int feature)
{
    double dist = (v - u) * len;
    if (isinf(m)) {
        stop_at(r, wk, PATH_STOP_IMPASSABLE, geom_lerp(s.a, s.b, u), feature);
        r->moved_cm = (float)(wk->path_before + u * len);
        return;
    }
    double cost = dist * m;
    if (cost <= wk->remaining + 1e-9) {
        wk->remaining = (float)fmax(0.0, wk->remaining - cost);
        r->spent_cm += (float)cost;
        return;
    }
    double reach = wk->remaining / m;
    stop_at(r, wk, PATH_STOP_ALLOWANCE, geom_lerp(s.a, s.b, u + reach / len), -1);
    r->moved_cm = (float)(wk->path_before + u * len + reach);
    r->spent_cm += wk->remaining;
    wk->remaining = 0;
}

/* Full cost of the stretch, and the walk through it while the figure still moves. */
static void stretch_walk(path_result *r, walk *wk, const stretch_work *w, const table *t, int si,
                         geom_segment s, double len, const path_desc *d, float clear)
{
    double cost = 0.0, merge = GEOM_EPS / len;
    int ci = 0;
    for (int i = 0; i < w->bp_count; i++) {
        double u = w->bps[i];
        bool last = i + 1 == w->bp_count;
        for (; ci < w->cross_count && (last || w->cross[ci].t <= u + merge); ci++) {
            const crossing_at *c = &w->cross[ci];
            cost += c->impassable ? INFINITY : c->cost;
            record_crossing(r, c, si, s, wk->path_before + c->t * len);
            if (!wk->stopped)
                pass_crossing(r, wk, c, s, len, d);
        }
        if (last)
            break;
        int feature;
        float m = piece_mult(w, t, s, u, w->bps[i + 1], clear, &feature);
        cost += (w->bps[i + 1] - u) * len * m;
        if (!wk->stopped)
            pass_piece(r, wk, s, len, u, w->bps[i + 1], m, feature);
    }
    r->stretches[si] = (path_stretch){(float)len, (float)cost};
    if (!wk->stopped)
        r->moved_cm = (float)(wk->path_before + len);
}

static void work_free(stretch_work *w)
{
    if (w->spans != w->span_buf)
        free(w->spans);
    if (w->cross != w->cross_buf)
        free(w->cross);
    if (w->bps != w->bp_buf)
        free(w->bps);
}

/* geom_aabb_contains, here where the loop over every feature can have it inline. */
static inline bool box_holds(geom_aabb b, vec2s p)
{
    return p.x >= b.min.x - GEOM_EPS && p.x <= b.max.x + GEOM_EPS && p.y >= b.min.y - GEOM_EPS &&
           p.y <= b.max.y + GEOM_EPS;
}

/* Impassable areas whose interior holds the start. The box first: most features are far from
 * the start, and the tests are pure, so their order changes only the cost. */
static void find_escaping(walk *wk, const table *t, const path_desc *d, vec2s p)
{
    for (int i = 0; i < t->feature_count && wk->escaping_count < MAX_ESCAPING; i++) {
        const terrain_feature *f = &t->features[i];
        if (f->shape != TERRAIN_SHAPE_AREA || !box_holds(f->bounds, p) ||
            !isinf(type_mult(t, d, f->type)))
            continue;
        if (geom_point_polygon_locate(p, &f->area) == GEOM_INSIDE)
            wk->escaping[wk->escaping_count++] = i;
    }
}

path_stop path_cost(const table *t, const path_desc *desc, const vec2s *pts, int count,
                    float allowance_cm, path_result *out)
{
    /* All but the lists, which are written up to their counts (stretch_count, and
     * crossing_count up to PATH_MAX_CROSSINGS) and read no further: zeroing the kilobyte of
     * them was a tenth of a short path's cost. */
    memset(out, 0, offsetof(path_result, stretches));
    memset(&out->length_cm, 0, offsetof(path_result, crossings) - offsetof(path_result, length_cm));
    memset(&out->stop, 0, sizeof *out - offsetof(path_result, stop));
    out->stretches[0] = (path_stretch){0}; /* a one-point path's, copied whole by some callers */
    count = count < PATH_MAX_POINTS ? count : PATH_MAX_POINTS;
    out->stop_feature = -1;
    out->end = count > 0 ? pts[0] : (vec2s){{0, 0}};
    walk wk = {.remaining = allowance_cm};
    if (count > 0)
        find_escaping(&wk, t, desc, pts[0]);
    float clear = clear_mult(desc);
    stretch_work w;
    work_init(&w);
    for (int i = 0; i + 1 < count; i++) {
        geom_segment s = {pts[i], pts[i + 1]};
        double len = geom_segment_length(s);
        out->stretch_count = i + 1;
        if (!wk.stopped)
            out->end_stretch = i;
        if (len <= GEOM_EPS) {
            out->stretches[i] = (path_stretch){(float)len, 0.0f};
            continue;
        }
        work_reset(&w);
        stretch_collect(&w, &wk, t, desc, s);
        stretch_walk(out, &wk, &w, t, i, s, len, desc, clear);
        wk.path_before += len;
    }
    work_free(&w);
    for (int i = 0; i < out->stretch_count; i++) {
        out->length_cm += out->stretches[i].length_cm;
        out->cost_cm += out->stretches[i].cost_cm;
    }
    if (!wk.stopped) {
        out->stop = PATH_STOP_END;
        out->end = count > 0 ? pts[count - 1] : out->end;
        out->moved_cm = out->length_cm;
    }
    return out->stop;
}

float path_mult_at(const table *t, const path_desc *desc, vec2s p, int *feature)
{
    float best = -1.0f;
    int which = -1;
    for (int i = 0; i < t->feature_count; i++) {
        const terrain_feature *f = &t->features[i];
        if (f->shape != TERRAIN_SHAPE_AREA || !geom_aabb_contains(f->bounds, p))
            continue;
        if (!geom_point_in_polygon(p, &f->area))
            continue;
        float m = type_mult(t, desc, f->type);
        if (m > best) {
            best = m;
            which = i;
        }
    }
    if (feature)
        *feature = which;
    if (best < 0)
        return clear_mult(desc);
    return isinf(best) ? 0.0f : best;
}

/* The cheapest multiplier anywhere: the longest distance the allowance could ever buy. */
static float cheapest_mult(const table *t, const path_desc *desc)
{
    float m = clear_mult(desc);
    /* fminf inline: m is never a NaN (clear_mult's is a number above 0), and a NaN
     * multiplier is passed over as fminf passes it; no multiplier is a zero (type_mult) */
    for (int i = 0; i < t->feature_count; i++)
        if (t->features[i].shape == TERRAIN_SHAPE_AREA) {
            float x = type_mult(t, desc, t->features[i].type);
            m = x < m ? x : m;
        }
    return m;
}

vec2s path_reach(const table *t, const path_desc *desc, vec2s start, float angle,
                 float allowance_cm, path_result *out)
{
    path_result local;
    path_result *r = out ? out : &local;
    float reach = allowance_cm > 0 ? allowance_cm / cheapest_mult(t, desc) : 0.0f;
    vec2s dir = geom_dir(angle);
    vec2s pts[2] = {start, {{start.x + dir.x * reach, start.y + dir.y * reach}}};
    path_cost(t, desc, pts, 2, allowance_cm, r);
    return r->end;
}
