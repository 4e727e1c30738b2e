#include "core/place.h"

#include "core/mem.h"

#include <assert.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>

/* The base shrunk by half the contact tolerance on every side: two shrunk bases that still
 * touch overlapped by more than the tolerance. */
static geom_placed_base shrunk(geom_placed_base b)
{
    if (b.base.kind == GEOM_BASE_RECT) {
        b.base.frontage_cm = fmaxf(0.0f, b.base.frontage_cm - PLACE_CONTACT_CM);
        b.base.depth_cm = fmaxf(0.0f, b.base.depth_cm - PLACE_CONTACT_CM);
    } else {
        b.base.radius_cm = fmaxf(0.0f, b.base.radius_cm - 0.5f * PLACE_CONTACT_CM);
    }
    return b;
}

bool place_bases_overlap_exact(const geom_placed_base *a, const geom_placed_base *b)
{
    if (a->base.kind != GEOM_BASE_RECT && b->base.kind != GEOM_BASE_RECT) {
        double reach = (double)a->base.radius_cm + b->base.radius_cm - PLACE_CONTACT_CM;
        /* the axis test is place_bases_overlap's, inline */
        return reach > 0 && geom_point_distance(a->pos, b->pos) < reach;
    }
    /* Bases whose circumscribed circles are apart cannot touch: skip the exact test. */
    double apart = (double)spatial_base_reach(&a->base) + spatial_base_reach(&b->base) + 1e-3;
    if (geom_point_distance(a->pos, b->pos) > apart)
        return false;
    geom_placed_base sa = shrunk(*a), sb = shrunk(*b);
    return geom_base_touch(&sa, &sb);
}

static geom_placed_base figure_base_at(const figure *f, vec2s pos, float facing)
{
    return (geom_placed_base){.base = f->base, .pos = pos, .facing = facing};
}

/* place_bases_overlap(mine, o's base where it stands), round bases answered here with the same
 * arithmetic (its axis test, then place_bases_overlap_exact's): the searches ask it of every
 * base near every sample, and the copies of both bases and the call were most of its cost. */
static inline bool overlaps_figure(const geom_placed_base *mine, const figure *o)
{
    if (mine->base.kind != GEOM_BASE_RECT && o->base.kind != GEOM_BASE_RECT) {
        double reach = (double)mine->base.radius_cm + o->base.radius_cm - PLACE_CONTACT_CM;
        double far = reach * (1.0 + 1e-9);
        if (fabs((double)o->pos.x - mine->pos.x) > far ||
            fabs((double)o->pos.y - mine->pos.y) > far)
            return false;
        return reach > 0 && geom_point_distance(mine->pos, o->pos) < reach;
    }
    geom_placed_base theirs = figure_base_at(o, o->pos, o->facing);
    return place_bases_overlap(mine, &theirs);
}

static bool ignored(figure_id id, const figure_id *ignore, int ignore_count)
{
    for (int i = 0; i < ignore_count; i++)
        if (ignore[i].id == id.id)
            return true;
    return false;
}

/* Half the widest extent of a base: what the searches step by. */
static float base_reach_cm(const geom_base *b)
{
    return spatial_base_reach(b);
}

/* The overlap test of place_blocker over the figures listed (indices into t->figures,
 * ascending, or in any order when pos and every listed centre are finite): the same answer as
 * over every figure when no figure left out could overlap. */
static figure_id blocker_among(const table *t, const figure *self, vec2s pos, float facing,
                               const figure_id *ignore, int ignore_count, const int *list, int n)
{
    geom_placed_base mine = figure_base_at(self, pos, facing);
    figure_id best = {0};
    double best_d = 0;
    int best_i = -1;
    float reach = spatial_base_reach(&self->base) + 1e-2f;
    for (int k = 0; k < n; k++) {
        const figure *o = &t->figures[list ? list[k] : k];
        /* farther apart along an axis than both reaches: place_bases_overlap says no */
        float g = reach + spatial_base_reach(&o->base);
        if (fabsf(o->pos.x - pos.x) > g || fabsf(o->pos.y - pos.y) > g)
            continue;
        if (o->id.id == self->id.id || !table_figure_active(o) ||
            ignored(o->id, ignore, ignore_count))
            continue;
        if (!overlaps_figure(&mine, o))
            continue;
        /* The one most in the way: the nearest centre (lowest index on a tie), the base a
         * player dropping a figure there means. The tie is broken by index, not by which came
         * first, so a list in any order gives the first of an ascending one (with a distance
         * that is not a number only the ascending order decides: the caller keeps it then). */
        double d = geom_point_distance(pos, o->pos);
        int i = list ? list[k] : k;
        if (best_i < 0 || d < best_d || (d == best_d && i < best_i)) {
            best = o->id;
            best_d = d;
            best_i = i;
        }
    }
    return best;
}

/* Whether figure o's base overlaps `mine` (self's base at its spot): blocker_among's test. */
static bool blocks(const figure *self, const geom_placed_base *mine, float reach, const figure *o)
{
    /* farther apart along an axis than both reaches: place_bases_overlap says no */
    float g = reach + spatial_base_reach(&o->base);
    if (fabsf(o->pos.x - mine->pos.x) > g || fabsf(o->pos.y - mine->pos.y) > g)
        return false;
    if (o->id.id == self->id.id || !table_figure_active(o))
        return false;
    return overlaps_figure(mine, o);
}

/* Whether any of the figures listed blocks fig's base at pos: blocker_among(...).id != 0
 * without looking past the first (the searches only ask whether a spot is free). *hint is
 * the position in the list of the last one found, asked first: the points of a ring search
 * are near each other, so one base often blocks several in a row. Which is asked first
 * changes only the cost (the tests are pure and the answer is whether any blocks). */
static bool blocked_among(const table *t, const figure *self, vec2s pos, float facing,
                          const int *list, int n, int *hint)
{
    geom_placed_base mine = figure_base_at(self, pos, facing);
    float reach = spatial_base_reach(&self->base) + 1e-2f;
    int h = *hint;
    if (h >= 0 && h < n && blocks(self, &mine, reach, &t->figures[list[h]]))
        return true;
    for (int k = 0; k < n; k++) {
        if (k != h && blocks(self, &mine, reach, &t->figures[list[k]])) {
            *hint = k;
            return true;
        }
    }
    return false;
}

figure_id place_blocker(const table *t, figure_id fig, vec2s pos, float facing,
                        const figure_id *ignore, int ignore_count)
{
    const figure *self = table_figure_const(t, fig);
    assert(self && "place_blocker: no such figure");
    return blocker_among(t, self, pos, facing, ignore, ignore_count, NULL, t->figure_count);
}

figure_id place_blocker_indexed(spatial *s, const table *t, figure_id fig, vec2s pos, float facing,
                                const figure_id *ignore, int ignore_count)
{
    const figure *self = table_figure_const(t, fig);
    assert(self && "place_blocker_indexed: no such figure");
    float r = spatial_base_reach(&self->base);
    const int *list;
    /* The index lists finite centres only: with pos finite too every distance is a number and
     * blocker_among's answer does not depend on the order, so the list need not be sorted. */
    bool finite = isfinite(pos.x) && isfinite(pos.y);
    int n = finite ? spatial_near_box_any(s, (geom_aabb){pos, pos}, r, &list)
                   : spatial_near_box(s, (geom_aabb){pos, pos}, r, &list);
    return blocker_among(t, self, pos, facing, ignore, ignore_count, list, n);
}

/* The figures (indices, ascending) that could overlap fig's base anywhere its centre goes
 * inside `region`: active, not fig, not ignored, centre within both reaches (and a margin far
 * above float error) of the region. Every other figure is clear of it there, so the searches
 * below test only these and get the answer a test of every figure gives. Caller frees. */
/* Up to this many figures the searches' lists live on the stack: a calloc and free per search
 * (tens of thousands a run) cost more than the list. */
enum { PLACE_STACK_FIGURES = 160 };

/* `stack` (room for PLACE_STACK_FIGURES) when n fit in it, else n elements on the heap (free
 * with buf_free); never read before written. */
static void *buf_get(void *stack, int n, size_t size)
{
    return n <= PLACE_STACK_FIGURES ? stack : mem_calloc((size_t)(n > 0 ? n : 1), size);
}

static void buf_free(void *p, void *stack)
{
    if (p != stack)
        free(p);
}

/* No part of base b lies further than this from its centre, and it is never less than
 * spatial_base_reach (half the frontage plus half the depth, against half the diagonal): the
 * candidates' region tests use it, without a square root, since a candidate list may hold a
 * few more figures than it needs (every test after it is exact). */
static inline float reach_bound(const geom_base *b)
{
    return b->kind == GEOM_BASE_RECT ? 0.5f * (b->frontage_cm + b->depth_cm) : b->radius_cm;
}

/* The candidates, in `stack` (PLACE_STACK_FIGURES ints) when the table's figures fit in it. */
static int candidates_near(const table *t, const figure *self, geom_aabb region,
                           const figure_id *ignore, int ignore_count, int *stack, int **out)
{
    int *list = buf_get(stack, t->figure_count, sizeof *list);
    float mine = spatial_base_reach(&self->base) + 0.5f;
    int n = 0;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *o = &t->figures[i];
        float g = mine + spatial_base_reach(&o->base);
        /* NaN positions fail every comparison and stay listed: the exact test decides. First:
         * most figures are far, and the tests are pure filters (the order is only the cost). */
        if (o->pos.x < region.min.x - g || o->pos.x > region.max.x + g ||
            o->pos.y < region.min.y - g || o->pos.y > region.max.y + g)
            continue;
        if (o->id.id == self->id.id || !table_figure_active(o))
            continue;
        if (!ignored(o->id, ignore, ignore_count)) /* last: searched for the few near */
            list[n++] = i;
    }
    *out = list;
    return n;
}

static bool on_table(const table *t, const figure *f, vec2s p, float facing)
{
    geom_aabb box = geom_base_bounds(&(geom_placed_base){f->base, p, facing});
    return box.min.x >= -PLACE_CONTACT_CM && box.min.y >= -PLACE_CONTACT_CM &&
           box.max.x <= t->width_cm + PLACE_CONTACT_CM &&
           box.max.y <= t->height_cm + PLACE_CONTACT_CM;
}

static bool spot_ok(const table *t, const figure *f, vec2s p, float facing, const int *cand, int nc,
                    int *hint, bool (*ok)(void *, vec2s), void *user)
{
    return on_table(t, f, p, facing) && !blocked_among(t, f, p, facing, cand, nc, hint) &&
           (!ok || ok(user, p));
}

/* The candidates that could block a point of the ring of radius r around `want`: a base
 * overlapping fig's has its centre within both reaches (and 1e-3) of the point, and each point
 * lies within float rounding of r from want, so a candidate whose centre is further than both
 * reaches and a margin far above that rounding from the circle is clear of every point of it.
 * dist[k] is candidate k's centre distance from want; the order of cand is kept. */
static int ring_candidates(const table *t, float mine, vec2s want, const int *cand,
                           const double *dist, int nc, float r, int *out)
{
    /* a point's rounding is a few float ulps of its coordinates: far below this */
    double slack = 0.05 + 1e-5 * (fabs((double)want.x) + fabs((double)want.y) + r);
    int n = 0;
    for (int k = 0; k < nc; k++) {
        double g = (double)mine + spatial_base_reach(&t->figures[cand[k]].base) + slack;
        /* NaN distances fail the comparison and stay listed: the exact test decides. */
        if (fabs(dist[k] - r) > g)
            continue;
        out[n++] = cand[k];
    }
    return n;
}

static bool search_rings(const table *t, const figure *f, vec2s want, float facing, const int *cand,
                         int nc, float max_shift_cm, bool (*ok)(void *user, vec2s p), void *user,
                         vec2s *out)
{
    double dist_stack[PLACE_STACK_FIGURES];
    int near_stack[PLACE_STACK_FIGURES];
    double *dist = buf_get(dist_stack, nc, sizeof *dist);
    int *near = buf_get(near_stack, nc, sizeof *near);
    for (int k = 0; k < nc; k++)
        dist[k] = geom_point_distance(want, t->figures[cand[k]].pos);
    float mine = spatial_base_reach(&f->base);
    bool found = false;
    /* Rings a quarter of the base apart; on each ring, points about that far apart, starting
     * at angle 0 and going anticlockwise: the first free point of the nearest ring wins. */
    float step = fmaxf(0.1f, 0.25f * base_reach_cm(&f->base));
    for (float r = step; !found && r <= max_shift_cm + 1e-4f; r += step) {
        int n = (int)ceilf(2.0f * (float)GEOM_PI * r / step);
        if (n < 8)
            n = 8;
        int nn = ring_candidates(t, mine, want, cand, dist, nc, r, near), hint = -1;
        for (int k = 0; k < n; k++) {
            float a = 2.0f * (float)GEOM_PI * (float)k / (float)n;
            vec2s p = {{want.x + r * cosf(a), want.y + r * sinf(a)}};
            if (spot_ok(t, f, p, facing, near, nn, &hint, ok, user)) {
                *out = p;
                found = true;
                break;
            }
        }
    }
    buf_free(near, near_stack);
    buf_free(dist, dist_stack);
    return found;
}

bool place_free_near(const table *t, figure_id fig, vec2s want, float facing,
                     const figure_id *ignore, int ignore_count, float max_shift_cm,
                     bool (*ok)(void *user, vec2s p), void *user, vec2s *out)
{
    const figure *f = table_figure_const(t, fig);
    assert(f && "place_free_near: no such figure");
    *out = want;
    float reach = max_shift_cm > 0 ? max_shift_cm + 1e-3f : 0.0f;
    int cand_stack[PLACE_STACK_FIGURES], *cand;
    int nc = candidates_near(
        t, f, (geom_aabb){{{want.x - reach, want.y - reach}}, {{want.x + reach, want.y + reach}}},
        ignore, ignore_count, cand_stack, &cand);
    bool found = spot_ok(t, f, want, facing, cand, nc, &(int){-1}, ok, user);
    if (!found)
        found = search_rings(t, f, want, facing, cand, nc, max_shift_cm, ok, user, out);
    buf_free(cand, cand_stack);
    return found;
}

#define PLACE_IGNORE_MAX 256

/* candidates_near(region) less the caller's ignore list and the figures fig's base already
 * overlaps at `from` (a start stacked on someone is not the move's doing; with the ignore list,
 * up to PLACE_IGNORE_MAX of them, marked in table order), in one pass over the figures: each
 * figure's overlap at the start is known when it is reached, so no list is searched for it. */
static int path_candidates(const table *t, const figure *f, vec2s from, float facing,
                           geom_aabb region, const figure_id *ignore, int ignore_count, int *stack,
                           int **out)
{
    int *list = buf_get(stack, t->figure_count, sizeof *list);
    int skipped = ignore_count < PLACE_IGNORE_MAX ? ignore_count : PLACE_IGNORE_MAX;
    int given = skipped; /* the caller's, all of them in the skip list */
    geom_placed_base mine = figure_base_at(f, from, facing);
    float reach = spatial_base_reach(&f->base) + 1e-2f; /* overlapped_at_start's */
    float near = spatial_base_reach(&f->base) + 0.5f;   /* candidates_near's */
    /* A figure outside the region (by near, which passes reach by half a centimetre, far above
     * the rounding of coordinates below this bound) is far from `from` too, which lies in it:
     * the start's overlap test would pass it by, and the region's test, asked first, does. */
    const float sane = 1e5f;
    bool region_first = fabsf(from.x) < sane && fabsf(from.y) < sane &&
                        fabsf(region.min.x) < sane && fabsf(region.min.y) < sane &&
                        fabsf(region.max.x) < sane && fabsf(region.max.y) < sane;
    int n = 0;
    /* The region's test before the others when it may go first: most figures stand far from
     * a path and are passed over by it alone (the tests are pure filters, so their order
     * changes only the cost). */
    const figure *figs = t->figures;
    /* The region grown by near once (less a slack far above the rounding of the sums, so the
     * quick test passes at least every figure the exact one below does): per figure then only
     * its own bound. Off when the region may not go first (every bound infinite). */
    float slack = 1e-3f + 1e-6f * (fabsf(region.min.x) + fabsf(region.max.x) + fabsf(region.min.y) +
                                   fabsf(region.max.y) + near);
    float lox = region_first ? region.min.x - near - slack : -INFINITY;
    float hix = region_first ? region.max.x + near + slack : INFINITY;
    float loy = region_first ? region.min.y - near - slack : -INFINITY;
    float hiy = region_first ? region.max.y + near + slack : INFINITY;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *o = &figs[i];
        float rb = reach_bound(&o->base);
        if (o->pos.x < lox - rb || o->pos.x > hix + rb || o->pos.y < loy - rb ||
            o->pos.y > hiy + rb)
            continue;
        if (o->id.id == f->id.id || !table_figure_active(o))
            continue;
        if (skipped < PLACE_IGNORE_MAX) {
            /* farther apart along an axis than both reaches: place_bases_overlap says no */
            float g = reach + spatial_base_reach(&o->base);
            if (!(fabsf(o->pos.x - from.x) > g || fabsf(o->pos.y - from.y) > g)) {
                geom_placed_base theirs = figure_base_at(o, o->pos, o->facing);
                if (place_bases_overlap(&mine, &theirs)) {
                    skipped++; /* counted whether or not the caller ignores it too */
                    continue;
                }
            }
        }
        float g = near + spatial_base_reach(&o->base);
        /* NaN positions fail every comparison and stay listed: the exact test decides. */
        if (o->pos.x < region.min.x - g || o->pos.x > region.max.x + g ||
            o->pos.y < region.min.y - g || o->pos.y > region.max.y + g)
            continue;
        if (!ignored(o->id, ignore, given)) /* last: the list is searched for the few near */
            list[n++] = i;
    }
    *out = list;
    return n;
}

/* Whether any of the candidates listed (`list`, positions into cand and win) whose window
 * [lo, hi] holds `at` (the sample's distance along the path) blocks the base at p: those in the
 * window, to blocked_among, the figure that blocked last (*last, a figure index; -1: none) asked
 * first. Only the cost depends on which is asked first, or in which order: the tests are pure
 * and the answer is whether any blocks. */
static bool windowed_blocker(const table *t, const figure *f, vec2s p, float facing, float at,
                             const int *cand, const float *win, const int *list, int nl, int *near,
                             int *last)
{
    int n = 0, hint = -1;
    for (int j = 0; j < nl; j++) {
        int k = list[j];
        if (at >= win[2 * k] && at <= win[2 * k + 1]) {
            if (cand[k] == *last)
                hint = n;
            near[n++] = cand[k];
        }
    }
    if (n == 0 || !blocked_among(t, f, p, facing, near, n, &hint))
        return false;
    *last = near[hint];
    return true;
}

/* The candidates' positions (0..nc-1) by the start of their windows, lowest first (ties in
 * position order: any order would do). */
static void order_by_window(const float *win, int nc, int *ord)
{
    for (int k = 0; k < nc; k++) {
        int j = k;
        for (; j > 0 && win[2 * ord[j - 1]] > win[2 * k]; j--)
            ord[j] = ord[j - 1];
        ord[j] = k;
    }
}

/* The windows that may hold a sample at `at` or later (the samples go forward): those opened
 * by `at` are taken from ord (*added of them so far), those closed before it dropped for
 * good. The list `open` (*n_open of them) then holds every window holding `at`. */
static void windows_advance(const float *win, const int *ord, int nc, float at, int *added,
                            int *open, int *n_open)
{
    int m = 0;
    for (int j = 0; j < *n_open; j++)
        if (win[2 * open[j] + 1] >= at)
            open[m++] = open[j];
    for (; *added < nc && win[2 * ord[*added]] <= at; (*added)++)
        if (win[2 * ord[*added] + 1] >= at)
            open[m++] = ord[*added];
    *n_open = m;
}

float place_path_stop(const table *t, figure_id fig, vec2s from, vec2s to, float facing,
                      const figure_id *ignore, int ignore_count, vec2s *out)
{
    const figure *f = table_figure_const(t, fig);
    assert(f && "place_path_stop: no such figure");
    float dx = to.x - from.x, dy = to.y - from.y;
    float len = sqrtf(dx * dx + dy * dy);
    *out = from;
    if (len <= 0.0f)
        return 0.0f;
    int cand_stack[PLACE_STACK_FIGURES], *cand;
    int nc = path_candidates(t, f, from, facing,
                             (geom_aabb){{{fminf(from.x, to.x), fminf(from.y, to.y)}},
                                         {{fmaxf(from.x, to.x), fmaxf(from.y, to.y)}}},
                             ignore, ignore_count, cand_stack, &cand);
    /* Each candidate can overlap the base only while it is within both reaches of the
     * centre: a window of distances along the path (none when the line passes too far off
     * it). Each sample tests only the candidates whose window holds it, which are the only
     * ones that could block there (a margin far above float error; non-finite windows are
     * always tested), so the answer is that of testing them all. */
    float win_stack[2 * PLACE_STACK_FIGURES];
    int near_stack[PLACE_STACK_FIGURES], ord_stack[PLACE_STACK_FIGURES],
        open_stack[PLACE_STACK_FIGURES];
    float *win =
        nc <= PLACE_STACK_FIGURES ? win_stack : mem_calloc((size_t)2 * (size_t)nc, sizeof *win);
    int *near = buf_get(near_stack, nc, sizeof *near);
    int *ord = buf_get(ord_stack, nc, sizeof *ord);
    int *open = buf_get(open_stack, nc, sizeof *open);
    int kept = 0;
    double ux = dx / (double)len, uy = dy / (double)len;
    float mine = spatial_base_reach(&f->base);
    /* On a table-sized path a sample's point lies within some 1e-4 of where `at` puts it on
     * the line (float coordinates and len), so a candidate off the line by `off` can only be
     * reached while the centre is within the chord of radius r (grown by PATH_CHORD_PAD, far
     * above that error squared into the chord) of it: the window is the chord, not the whole
     * 2r. A neighbour alongside (a line of bases moving abreast) then holds a sliver of the
     * path instead of every sample for twice the reach. Off the sane range, the box window. */
    const double PATH_CHORD_PAD = 0.05, sane = 1e4;
    bool chord =
        fabsf(from.x) < sane && fabsf(from.y) < sane && fabsf(to.x) < sane && fabsf(to.y) < sane;
    for (int k = 0; k < nc; k++) {
        const figure *o = &t->figures[cand[k]];
        double ox = (double)o->pos.x - from.x, oy = (double)o->pos.y - from.y;
        double along = ox * ux + oy * uy, off = fabs(ox * uy - oy * ux);
        double r = (double)mine + spatial_base_reach(&o->base) + 1e-2;
        float lo = -INFINITY, hi = INFINITY;
        if (isfinite(along) && isfinite(off) && isfinite(r)) {
            if (off > r)
                continue; /* never within reach */
            double h = r;
            if (chord) {
                double rc = r + PATH_CHORD_PAD;
                h = fmin(r, sqrt(rc * rc - off * off));
            }
            lo = (float)(along - h - 1e-2);
            hi = (float)(along + h + 1e-2);
        }
        cand[kept] = cand[k];
        win[2 * kept] = lo;
        win[2 * kept + 1] = hi;
        kept++;
    }
    nc = kept;
    /* The samples go forward, so the windows that hold one are kept in a list as they open
     * and close (windows_advance): a sample before every window or between them tests none,
     * where each used to read every window. */
    order_by_window(win, nc, ord);
    int added = 0, n_open = 0;
    /* Sample finely enough that no base is jumped over, then bisect the first blocked step. */
    float step = fminf(0.5f, 0.25f * base_reach_cm(&f->base));
    if (step <= 0.0f)
        step = 0.05f;
    float free_s = 0.0f;
    int last = -1; /* the figure that blocked the last sample: most often the next one's too */
    for (float s = step;; s += step) {
        /* fminf(s, len) without the call (s is a number: a NaN len gives s, as fminf does) */
        float at = len < s ? len : s;
        windows_advance(win, ord, nc, at, &added, open, &n_open);
        vec2s p = {{from.x + dx * at / len, from.y + dy * at / len}};
        if (n_open > 0 &&
            windowed_blocker(t, f, p, facing, at, cand, win, open, n_open, near, &last)) {
            /* the bisection's points lie between free_s and at: only windows opened by at
             * and still open at free_s may hold one */
            int nb = 0;
            for (int j = 0; j < added; j++)
                if (win[2 * ord[j] + 1] >= free_s)
                    ord[nb++] = ord[j];
            float lo = free_s, hi = at;
            for (int i = 0; i < 24; i++) {
                float mid = 0.5f * (lo + hi);
                /* lo and hi adjacent floats: mid is one of them and every step left would test
                 * it again. mid == lo: lo stays whatever the test says (a blocked one sets hi
                 * to lo). mid == hi: one test says whether lo becomes hi, then nothing moves
                 * (the test is a pure function of mid). Usually after 17-20 of the 24 steps. */
                if (mid == lo)
                    break;
                bool at_hi = mid == hi;
                vec2s q = {{from.x + dx * mid / len, from.y + dy * mid / len}};
                if (windowed_blocker(t, f, q, facing, mid, cand, win, ord, nb, near, &last))
                    hi = mid;
                else
                    lo = mid;
                if (at_hi)
                    break;
            }
            free_s = lo;
            break;
        }
        free_s = at;
        if (at >= len)
            break;
    }
    buf_free(open, open_stack);
    buf_free(ord, ord_stack);
    buf_free(near, near_stack);
    buf_free(win, win_stack);
    buf_free(cand, cand_stack);
    *out = (vec2s){{from.x + dx * free_s / len, from.y + dy * free_s / len}};
    return free_s;
}

int place_overlaps(const table *t, figure_id (*pairs)[2], int max)
{
    /* Each figure against the later figures near it (the index lists them ascending), so the
     * pairs come in the order of a scan of every pair. */
    spatial ix = {0};
    spatial_build(&ix, t);
    int n = 0;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *a = &t->figures[i];
        if (!table_figure_active(a))
            continue;
        geom_placed_base ba = figure_base_at(a, a->pos, a->facing);
        const int *list;
        int nl =
            spatial_near_box(&ix, (geom_aabb){a->pos, a->pos}, spatial_base_reach(&a->base), &list);
        for (int k = 0; k < nl; k++) {
            if (list[k] <= i)
                continue;
            const figure *b = &t->figures[list[k]];
            geom_placed_base bb = figure_base_at(b, b->pos, b->facing);
            if (!place_bases_overlap(&ba, &bb))
                continue;
            if (pairs && n < max) {
                pairs[n][0] = a->id;
                pairs[n][1] = b->id;
            }
            n++;
        }
    }
    spatial_free(&ix);
    return n;
}
