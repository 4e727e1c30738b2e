#include "core/los.h"

#include "core/mem.h"

#include <float.h>
#include <stdint.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The static terrain sits in a uniform grid. Each cell lists, inline, the edges of the
 * sight-blocking features that pass through it (a copy of their end points, the feature's
 * height and index), so a query walks the cells under its sight line row by row and tests only
 * nearby edges, reading memory in order. A second list per cell names the area features whose
 * bounds meet it, for the "which features hold this endpoint" test. Edges are registered in
 * every cell they come within GRID_PAD of, so a touch on a cell boundary is never missed. */

#define GRID_PAD   1e-3 /* cm; far above GEOM_EPS, far below a cell */
#define MAX_CELLS  (1 << 22)
#define SMALL_LIST 32
#define OCC_BITS   64
#define HELD_SUB   4 /* HELD_SUB * HELD_SUB bits in a uint16_t */

/* The part of an edge the first side test reads, apart from the rest (half the memory to
 * stream through: the walk is bound by it). */
typedef struct los_seg {
    float ax, ay, bx, by;
} los_seg;

typedef struct los_edge {
    float ax, ay, bx, by;
    float len;    /* |b - a|, for the tolerance of the second side test */
    float height; /* of the feature, feet */
    int feature;
    int is_line; /* a linear feature: touches at the sight line's ends are ignored */
} los_edge;

/* An area feature listed in a cell, with what the endpoint test reads first copied inline. */
typedef struct los_area_ref {
    geom_aabb bounds;
    float height;
    int feature;
    bool full;          /* no edge of it comes near the cell: the cell lies wholly inside it */
    signed char centre; /* the cell centre: 1 inside, 0 outside, -1 too near the boundary */
} los_area_ref;

typedef struct los_feature {
    geom_polygon shape; /* area polygon, or the polyline's points with count */
    geom_aabb bounds;
    float height;
    terrain_los los;
    bool is_area;
    bool blocks; /* not CLEAR, tall enough to matter, enough points */
    bool convex; /* an area whose polygon is convex and simple (turns one way, once round) */
} los_feature;

struct los_index {
    float see_into;
    int feature_count;
    los_feature *features;
    /* grid */
    double ox, oy, cs, inv;
    int nx, ny;
    int *edge_start; /* nx*ny + 1 */
    los_edge *edges;
    los_seg *segs;   /* edges' end points again, same order */
    int *area_start; /* nx*ny + 1 */
    los_area_ref *areas;
    double *row_y; /* per row, row_span_k's padded band: y0, y1 */
    /* Small summaries the queries read before the lists (they stay in the fastest cache):
     * a bit per cell with edges, rows of OCC_BITS; and per cell, which of its HELD_SUB x
     * HELD_SUB sub-cells an area may hold a point of (no bit: no area holds any point there). */
    uint64_t *occ;
    int occ_words; /* per row */
    uint16_t *held_mask;
};

/* ---- building ----------------------------------------------------------------------------- */

/* The loader rejects non-finite numbers; a hand-built table that slips one through must not
 * size the grid by it. */
static bool finite_box(geom_aabb b)
{
    return isfinite(b.min.x) && isfinite(b.min.y) && isfinite(b.max.x) && isfinite(b.max.y);
}

/* Convex and simple: every turn the same way (or straight) and once round in all, so a
 * pentagram (same-way turns, twice round) is not. */
static bool polygon_convex(const vec2s *pts, int n)
{
    if (n < 3)
        return false;
    int sign = 0;
    double turning = 0;
    for (int i = 0; i < n; i++) {
        vec2s a = pts[i], b = pts[(i + 1) % n], c = pts[(i + 2) % n];
        double ux = (double)b.x - a.x, uy = (double)b.y - a.y;
        double vx = (double)c.x - b.x, vy = (double)c.y - b.y;
        if ((ux == 0 && uy == 0) || (vx == 0 && vy == 0))
            return false;
        double cross = ux * vy - uy * vx, dot = ux * vx + uy * vy;
        int sg = (cross > 0) - (cross < 0);
        if (sg == 0 && dot < 0)
            return false; /* doubles back along itself */
        if (sg != 0 && sign != 0 && sg != sign)
            return false;
        if (sg != 0)
            sign = sg;
        turning += atan2(cross, dot);
    }
    return sign != 0 && fabs(fabs(turning) - 2 * GEOM_PI) < 1e-3;
}

static void copy_features(los_index *ix, const table *t)
{
    ix->feature_count = t->feature_count;
    ix->features = mem_calloc((size_t)t->feature_count + 1, sizeof *ix->features);
    for (int i = 0; i < t->feature_count; i++) {
        const terrain_feature *f = &t->features[i];
        los_feature *lf = &ix->features[i];
        lf->is_area = f->shape == TERRAIN_SHAPE_AREA;
        const vec2s *pts = lf->is_area ? f->area.pts : f->line.pts;
        int n = lf->is_area ? f->area.count : f->line.count;
        lf->shape = (geom_polygon){mem_dup(pts, (size_t)n, sizeof *pts), n};
        lf->bounds = geom_aabb_of_points(pts, n);
        lf->height = table_feature_height_ft(t, f);
        lf->los =
            f->type >= 0 && f->type < t->type_count ? t->types[f->type].los : TERRAIN_LOS_CLEAR;
        lf->blocks = lf->los != TERRAIN_LOS_CLEAR && lf->height > 0 && n >= (lf->is_area ? 3 : 2) &&
                     finite_box(lf->bounds);
        lf->convex = lf->is_area && lf->blocks && polygon_convex(pts, n);
    }
}

static int edge_count_of(const los_feature *f)
{
    return f->is_area ? f->shape.count : f->shape.count - 1;
}

static geom_segment edge_of(const los_feature *f, int k)
{
    int n = f->shape.count;
    if (f->is_area)
        return (geom_segment){f->shape.pts[(k + n - 1) % n], f->shape.pts[k]};
    return (geom_segment){f->shape.pts[k], f->shape.pts[k + 1]};
}

/* Grid bounds from the blocking features; the cell size from their mean edge length. */
static void size_grid(los_index *ix, float cell_cm)
{
    geom_aabb box = {{{FLT_MAX, FLT_MAX}}, {{-FLT_MAX, -FLT_MAX}}};
    double total = 0;
    int edges = 0;
    for (int i = 0; i < ix->feature_count; i++) {
        const los_feature *f = &ix->features[i];
        if (!f->blocks)
            continue;
        box.min = glms_vec2_minv(box.min, f->bounds.min);
        box.max = glms_vec2_maxv(box.max, f->bounds.max);
        for (int k = 0; k < edge_count_of(f); k++)
            total += geom_segment_length(edge_of(f, k));
        edges += edge_count_of(f);
    }
    if (edges == 0) {
        box = (geom_aabb){{{0, 0}}, {{1, 1}}};
        total = edges = 1;
    }
    double w = box.max.x - box.min.x + 2.0, h = box.max.y - box.min.y + 2.0;
    /* a cell about 1.5 edges long, but not so small that sight lines cross many empty cells
     * (measured with tools/bench/bench_los: about 2 cm for 200 features on a 6' x 4' table) */
    double by_density = 0.7 * sqrt(w * h / edges), by_edge = 1.5 * total / edges;
    double cs = cell_cm > 0 ? cell_cm : fmin(fmax(fmax(by_density, by_edge), 0.5), 20.0);
    while ((w / cs + 1) * (h / cs + 1) > MAX_CELLS)
        cs *= 2;
    ix->cs = cs;
    ix->inv = 1.0 / cs;
    ix->ox = box.min.x - 1.0;
    ix->oy = box.min.y - 1.0;
    ix->nx = (int)ceil(w / cs);
    ix->ny = (int)ceil(h / cs);
    ix->row_y = mem_calloc((size_t)ix->ny * 2, sizeof *ix->row_y);
    for (int r = 0; r < ix->ny; r++) {
        ix->row_y[2 * r] = ix->oy + r * ix->cs - GRID_PAD;
        ix->row_y[2 * r + 1] = ix->oy + (r + 1) * ix->cs + GRID_PAD;
    }
}

static int clampi(int v, int lo, int hi)
{
    return v < lo ? lo : (v > hi ? hi : v);
}

/* Branch-free helpers the compiler inlines (fmin, fmax and floor may be library calls). */
static inline double dmin(double a, double b)
{
    return a < b ? a : b;
}

static inline double dmax(double a, double b)
{
    return a > b ? a : b;
}

static inline int ifloor(double v)
{
    int i = (int)v;
    return i - (v < i);
}

/* The rows of the grid a segment may touch, in the order from a to b. */
typedef struct row_range {
    int first, last, step;
} row_range;

static bool segment_rows(const los_index *ix, double ay, double by, row_range *rr)
{
    double lo = (dmin(ay, by) - GRID_PAD - ix->oy) * ix->inv;
    double hi = (dmax(ay, by) + GRID_PAD - ix->oy) * ix->inv;
    if (hi < 0 || lo >= ix->ny)
        return false;
    /* clamped floors: here 0 <= hi and lo < ny, so truncation does */
    int r0 = lo < 0 ? 0 : (int)lo, r1 = hi >= ix->ny ? ix->ny - 1 : (int)hi;
    *rr = by >= ay ? (row_range){r0, r1, 1} : (row_range){r1, r0, -1};
    return true;
}

/* dx/dy of a segment that is not horizontal (row_span's slope), else 0 (unused). */
static inline double row_slope(double ax, double ay, double bx, double by)
{
    return fabs(by - ay) > 1e-12 ? (bx - ax) / (by - ay) : 0.0;
}

/* The cells [c0, c1] of row r that the segment comes within GRID_PAD of; k is its row_slope
 * (computed once per segment: a division per row was a tenth of a query's time). */
static bool row_span_k(const los_index *ix, double ax, double ay, double bx, double by, double k,
                       int r, int *c0, int *c1)
{
    double y0 = ix->oy + r * ix->cs - GRID_PAD, y1 = ix->oy + (r + 1) * ix->cs + GRID_PAD;
    double ylo = dmax(y0, dmin(ay, by)), yhi = dmin(y1, dmax(ay, by));
    if (ylo > yhi)
        return false;
    double xlo = dmin(ax, bx), xhi = dmax(ax, bx);
    if (fabs(by - ay) > 1e-12) {
        double xa = ax + (ylo - ay) * k, xb = ax + (yhi - ay) * k;
        xlo = dmax(xlo, dmin(xa, xb));
        xhi = dmin(xhi, dmax(xa, xb));
    }
    double glo = (xlo - GRID_PAD - ix->ox) * ix->inv, ghi = (xhi + GRID_PAD - ix->ox) * ix->inv;
    if (ghi < 0 || glo >= ix->nx)
        return false;
    *c0 = clampi(ifloor(glo), 0, ix->nx - 1);
    *c1 = clampi(ifloor(ghi), 0, ix->nx - 1);
    return true;
}

static bool row_span(const los_index *ix, double ax, double ay, double bx, double by, int r,
                     int *c0, int *c1)
{
    return row_span_k(ix, ax, ay, bx, by, row_slope(ax, ay, bx, by), r, c0, c1);
}

/* Calls visit(ix, cell, ctx) for every cell the segment comes near (build time only). */
static void for_cells(const los_index *ix, geom_segment s, void (*visit)(los_index *, int, void *),
                      void *ctx)
{
    row_range rr;
    if (!segment_rows(ix, s.a.y, s.b.y, &rr))
        return;
    for (int r = rr.first;; r += rr.step) {
        int c0, c1;
        if (row_span(ix, s.a.x, s.a.y, s.b.x, s.b.y, r, &c0, &c1))
            for (int c = c0; c <= c1; c++)
                visit((los_index *)ix, r * ix->nx + c, ctx);
        if (r == rr.last)
            break;
    }
}

typedef struct fill_ctx {
    int pass; /* 0 counts, 1 fills */
    int *cursor;
    los_edge edge;
    int area;
} fill_ctx;

static void visit_edge(los_index *ix, int cell, void *p)
{
    fill_ctx *fc = p;
    if (fc->pass == 0)
        ix->edge_start[cell + 1]++;
    else {
        const los_edge *e = &fc->edge;
        ix->segs[fc->cursor[cell]] = (los_seg){e->ax, e->ay, e->bx, e->by};
        ix->edges[fc->cursor[cell]++] = *e;
    }
}

static vec2s cell_centre(const los_index *ix, int cell)
{
    int r = cell / ix->nx, c = cell % ix->nx;
    return (vec2s){{(float)(ix->ox + (c + 0.5) * ix->cs), (float)(ix->oy + (r + 0.5) * ix->cs)}};
}

static void visit_area(los_index *ix, int cell, void *p)
{
    fill_ctx *fc = p;
    if (fc->pass == 0) {
        ix->area_start[cell + 1]++;
        return;
    }
    const los_feature *f = &ix->features[fc->area];
    bool full = true;
    for (int k = ix->edge_start[cell]; k < ix->edge_start[cell + 1] && full; k++)
        full = ix->edges[k].feature != fc->area;
    signed char centre = 1;
    if (!full) {
        geom_location at = geom_point_polygon_locate(cell_centre(ix, cell), &f->shape);
        centre = at == GEOM_BOUNDARY ? -1 : at == GEOM_INSIDE;
    }
    ix->areas[fc->cursor[cell]++] = (los_area_ref){f->bounds, f->height, fc->area, full, centre};
}

static void register_feature_edges(los_index *ix, fill_ctx *fc, int i)
{
    const los_feature *f = &ix->features[i];
    for (int k = 0; k < edge_count_of(f); k++) {
        geom_segment e = edge_of(f, k);
        fc->edge = (los_edge){e.a.x,     e.a.y, e.b.x,      e.b.y, (float)geom_segment_length(e),
                              f->height, i,     !f->is_area};
        for_cells(ix, e, visit_edge, fc);
    }
}

/* True when the cell (grown by GRID_PAD) and the polygon share a point. */
static bool cell_meets_polygon(const los_index *ix, int r, int c, const geom_polygon *poly)
{
    double x0 = ix->ox + c * ix->cs - GRID_PAD, y0 = ix->oy + r * ix->cs - GRID_PAD;
    double x1 = x0 + ix->cs + 2 * GRID_PAD, y1 = y0 + ix->cs + 2 * GRID_PAD;
    vec2s box[4] = {{{(float)x0, (float)y0}},
                    {{(float)x1, (float)y0}},
                    {{(float)x1, (float)y1}},
                    {{(float)x0, (float)y1}}};
    return geom_polygon_polygon_overlap(&(geom_polygon){box, 4}, poly);
}

/* The cells an area's polygon meets: where an endpoint may stand inside it. */
static void register_feature_box(los_index *ix, fill_ctx *fc, int i)
{
    geom_aabb b = geom_aabb_pad(ix->features[i].bounds, (float)GRID_PAD);
    int c0 = clampi((int)floor((b.min.x - ix->ox) * ix->inv), 0, ix->nx - 1);
    int c1 = clampi((int)floor((b.max.x - ix->ox) * ix->inv), 0, ix->nx - 1);
    int r0 = clampi((int)floor((b.min.y - ix->oy) * ix->inv), 0, ix->ny - 1);
    int r1 = clampi((int)floor((b.max.y - ix->oy) * ix->inv), 0, ix->ny - 1);
    fc->area = i;
    for (int r = r0; r <= r1; r++)
        for (int c = c0; c <= c1; c++)
            if (cell_meets_polygon(ix, r, c, &ix->features[i].shape))
                visit_area(ix, r * ix->nx + c, fc);
}

static void fill_pass(los_index *ix, fill_ctx *fc)
{
    for (int i = 0; i < ix->feature_count; i++) {
        if (!ix->features[i].blocks)
            continue;
        register_feature_edges(ix, fc, i);
    }
}

static void fill_area_pass(los_index *ix, fill_ctx *fc)
{
    for (int i = 0; i < ix->feature_count; i++)
        if (ix->features[i].blocks && ix->features[i].is_area)
            register_feature_box(ix, fc, i);
}

static void prefix_sum(int *start, int cells)
{
    for (int c = 0; c < cells; c++)
        start[c + 1] += start[c];
}

/* Two passes per list: count per cell, then fill at running cursors (CSR layout). */
static void build_grid(los_index *ix)
{
    int cells = ix->nx * ix->ny;
    ix->edge_start = mem_calloc((size_t)cells + 1, sizeof(int));
    ix->area_start = mem_calloc((size_t)cells + 1, sizeof(int));
    fill_ctx fc = {0};
    fill_pass(ix, &fc);
    fill_area_pass(ix, &fc);
    prefix_sum(ix->edge_start, cells);
    prefix_sum(ix->area_start, cells);
    ix->edges = mem_calloc((size_t)ix->edge_start[cells] + 1, sizeof *ix->edges);
    ix->segs = mem_calloc((size_t)ix->edge_start[cells] + 1, sizeof *ix->segs);
    ix->areas = mem_calloc((size_t)ix->area_start[cells] + 1, sizeof *ix->areas);
    int *cursor = mem_calloc((size_t)cells + 1, sizeof(int));
    fc = (fill_ctx){.pass = 1, .cursor = cursor};
    memcpy(cursor, ix->edge_start, (size_t)cells * sizeof(int));
    fill_pass(ix, &fc);
    /* after the edges: an area ref is `full` when none of its feature's edges is in the cell */
    memcpy(cursor, ix->area_start, (size_t)cells * sizeof(int));
    fill_area_pass(ix, &fc);
    free(cursor);
}

static void build_summaries(los_index *ix);

los_index *los_create(const table *t, const los_desc *desc)
{
    los_index *ix = mem_calloc(1, sizeof *ix);
    ix->see_into = desc && desc->see_into_cm > 0 ? desc->see_into_cm : LOS_SEE_INTO_DEFAULT_CM;
    copy_features(ix, t);
    size_grid(ix, desc ? desc->cell_cm : 0.0f);
    build_grid(ix);
    build_summaries(ix);
    return ix;
}

void los_destroy(los_index *ix)
{
    if (!ix)
        return;
    for (int i = 0; i < ix->feature_count; i++)
        free(ix->features[i].shape.pts);
    free(ix->features);
    free(ix->edge_start);
    free(ix->edges);
    free(ix->segs);
    free(ix->area_start);
    free(ix->areas);
    free(ix->row_y);
    free(ix->occ);
    free(ix->held_mask);
    free(ix);
}

/* ---- one sight line against the terrain ---------------------------------------------------- */

typedef struct sight {
    vec2s pa, pb;
    double ax, ay, bx, by, dx, dy, len, tol;
    float eye;
    bool want_inside;     /* the caller reads inside_cm: no shortcut past area_blocks */
    int held[SMALL_LIST]; /* features holding an endpoint: judged by their intervals */
    int held_count;
    int judged[SMALL_LIST]; /* AREA features already measured and found see-through */
    int judged_count;
    float inside_cm; /* of the blocking AREA */
} sight;

static void sight_init(sight *s, vec2s a, vec2s b, float eye)
{
    s->pa = a;
    s->pb = b;
    s->ax = a.x;
    s->ay = a.y;
    s->bx = b.x;
    s->by = b.y;
    s->dx = s->bx - s->ax;
    s->dy = s->by - s->ay;
    s->len = sqrt(s->dx * s->dx + s->dy * s->dy);
    s->tol = GEOM_EPS * s->len;
    s->eye = eye;
    s->want_inside = true;
    s->held_count = s->judged_count = 0;
    s->inside_cm = 0;
}

static bool in_list(const int *list, int n, int v)
{
    for (int i = 0; i < n; i++)
        if (list[i] == v)
            return true;
    return false;
}

/* Cheap side tests first (both ends of one segment strictly beyond GEOM_EPS on one side of the
 * other's line); only survivors get the exact distance test. The first test (the edge's ends
 * against the sight line, o1 and o2) is the caller's, from the edge's los_seg. */
static bool edge_hit_rest(const sight *s, const los_edge *e, double o1, double o2)
{
    double ex = (double)e->bx - e->ax, ey = (double)e->by - e->ay, tol = GEOM_EPS * e->len;
    double o3 = ex * (s->ay - e->ay) - ey * (s->ax - e->ax);
    double o4 = ex * (s->by - e->ay) - ey * (s->bx - e->ax);
    if ((o3 > tol && o4 > tol) || (o3 < -tol && o4 < -tol))
        return false;
    /* a clean crossing (every end beyond the tolerance from the other line) needs no more */
    if (((o1 > s->tol && o2 < -s->tol) || (o1 < -s->tol && o2 > s->tol)) &&
        ((o3 > tol && o4 < -tol) || (o3 < -tol && o4 > tol)))
        return true;
    geom_segment es = {{{e->ax, e->ay}}, {{e->bx, e->by}}};
    return geom_segment_segment_distance((geom_segment){s->pa, s->pb}, es) <= GEOM_EPS;
}

/* A linear feature touched only at an end of the sight line does not block it. */
static bool touches_line_end(const sight *s, const los_edge *e)
{
    geom_segment es = {{{e->ax, e->ay}}, {{e->bx, e->by}}};
    return geom_point_segment_distance(s->pa, es) <= GEOM_EPS ||
           geom_point_segment_distance(s->pb, es) <= GEOM_EPS;
}

/* An interval whose middle is on the boundary runs along an edge: seen along, not into. */
static bool runs_along_edge(const sight *s, const geom_interval *iv, const geom_polygon *poly)
{
    vec2s mid = geom_lerp(s->pa, s->pb, 0.5 * (iv->t0 + iv->t1));
    return geom_point_polygon_locate(mid, poly) == GEOM_BOUNDARY;
}

/* The intervals of the sight line inside an area feature, judged by the feature's class. */
static bool area_blocks(const los_index *ix, sight *s, int fi)
{
    const los_feature *f = &ix->features[fi];
    geom_interval small[SMALL_LIST];
    geom_segment seg = {s->pa, s->pb};
    int n = geom_segment_clip_polygon(seg, &f->shape, small, SMALL_LIST);
    geom_interval *iv = n > SMALL_LIST ? mem_calloc((size_t)n, sizeof *iv) : small;
    if (n > SMALL_LIST)
        geom_segment_clip_polygon(seg, &f->shape, iv, n);
    double merge = s->len > GEOM_EPS ? GEOM_EPS / s->len : 1.0, total = 0;
    bool blocked = false;
    for (int i = 0; i < n; i++) {
        double l = (iv[i].t1 - iv[i].t0) * s->len;
        bool at_end = iv[i].t0 <= merge || iv[i].t1 >= 1.0 - merge;
        if (f->los == TERRAIN_LOS_SOLID && (!at_end || l > ix->see_into))
            blocked = true;
        if (l > GEOM_EPS && !runs_along_edge(s, &iv[i], &f->shape))
            total += l;
    }
    if (f->los == TERRAIN_LOS_AREA && total > ix->see_into)
        blocked = true;
    if (iv != small)
        free(iv);
    s->inside_cm = (float)total;
    return blocked;
}

/* True when the segment stays farther than GEOM_EPS from the edge: by the two cheap side tests
 * of edge_hit, each one proving the distance from a whole segment to the other's line. */
static bool clear_of_edge(double ax, double ay, double bx, double by, const los_edge *e)
{
    double dx = bx - ax, dy = by - ay, tol = GEOM_EPS * sqrt(dx * dx + dy * dy);
    double o1 = dx * (e->ay - ay) - dy * (e->ax - ax);
    double o2 = dx * (e->by - ay) - dy * (e->bx - ax);
    if ((o1 > tol && o2 > tol) || (o1 < -tol && o2 < -tol))
        return true;
    double ex = (double)e->bx - e->ax, ey = (double)e->by - e->ay, etol = GEOM_EPS * e->len;
    double o3 = ex * (ay - e->ay) - ey * (ax - e->ax);
    double o4 = ex * (by - e->ay) - ey * (bx - e->ax);
    return (o3 > etol && o4 > etol) || (o3 < -etol && o4 < -etol);
}

/* Whether p lies in the area (inside or on its boundary), as geom_point_in_polygon answers it.
 * The short way: the cell centre's side is known; when the segment from the centre to p stays
 * clear of the area's edges in this cell (every other edge is farther than GRID_PAD from the
 * cell), p is on the same side and not on the boundary. Otherwise the full point test. */
static bool ref_holds(const los_index *ix, int cell, const los_area_ref *ref, vec2s p)
{
    if (ref->full)
        return true;
    if (ref->centre >= 0) {
        vec2s c = cell_centre(ix, cell);
        bool clear = true;
        const los_edge *e = ix->edges + ix->edge_start[cell];
        const los_edge *end = ix->edges + ix->edge_start[cell + 1];
        for (; e < end && clear; e++)
            clear = e->feature != ref->feature || clear_of_edge(c.x, c.y, p.x, p.y, e);
        if (clear)
            return ref->centre == 1;
    }
    return geom_point_in_polygon(p, &ix->features[ref->feature].shape);
}

/* The sub-cell of p in its cell (p is in the cell or within rounding of it). */
static int sub_of(int r, int c, double gx, double gy)
{
    double fx = (gx - c) * HELD_SUB, fy = (gy - r) * HELD_SUB;
    int sx = fx < 0 ? 0 : (fx >= HELD_SUB - 1 ? HELD_SUB - 1 : (int)fx);
    int sy = fy < 0 ? 0 : (fy >= HELD_SUB - 1 ? HELD_SUB - 1 : (int)fy);
    return sy * HELD_SUB + sx;
}

/* Whether an edge's box, grown by GRID_PAD, meets the box [x0, x1] x [y0, y1]. */
static bool edge_box_meets(const los_edge *e, double x0, double y0, double x1, double y1)
{
    return dmax(e->ax, e->bx) + GRID_PAD >= x0 && dmin(e->ax, e->bx) - GRID_PAD <= x1 &&
           dmax(e->ay, e->by) + GRID_PAD >= y0 && dmin(e->ay, e->by) - GRID_PAD <= y1;
}

/* The sub-cells of a cell where the area may hold a point: those its edges come near (by
 * their boxes, so never fewer than the truth), and those whose centre it holds. Any other
 * sub-cell is farther than GRID_PAD from its boundary and outside it, every point of it. */
static uint16_t ref_mask(const los_index *ix, int cell, const los_area_ref *ref)
{
    if (ref->full)
        return 0xFFFF;
    int r = cell / ix->nx, c = cell % ix->nx;
    double sub = ix->cs / HELD_SUB;
    uint16_t mask = 0;
    for (int sy = 0; sy < HELD_SUB; sy++)
        for (int sx = 0; sx < HELD_SUB; sx++) {
            double x0 = ix->ox + c * ix->cs + sx * sub, y0 = ix->oy + r * ix->cs + sy * sub;
            bool near = false;
            for (int k = ix->edge_start[cell]; k < ix->edge_start[cell + 1] && !near; k++)
                near = ix->edges[k].feature == ref->feature &&
                       edge_box_meets(&ix->edges[k], x0, y0, x0 + sub, y0 + sub);
            vec2s mid = {{(float)(x0 + 0.5 * sub), (float)(y0 + 0.5 * sub)}};
            if (near || ref_holds(ix, cell, ref, mid))
                mask |= (uint16_t)(1u << (sy * HELD_SUB + sx));
        }
    return mask;
}

static void build_summaries(los_index *ix)
{
    ix->occ_words = (ix->nx + OCC_BITS - 1) / OCC_BITS;
    ix->occ = mem_calloc((size_t)ix->occ_words * ix->ny + 1, sizeof *ix->occ);
    ix->held_mask = mem_calloc((size_t)ix->nx * ix->ny + 1, sizeof *ix->held_mask);
    for (int r = 0; r < ix->ny; r++)
        for (int c = 0; c < ix->nx; c++) {
            int cell = r * ix->nx + c;
            if (ix->edge_start[cell] != ix->edge_start[cell + 1])
                ix->occ[r * ix->occ_words + c / OCC_BITS] |= 1ull << (c % OCC_BITS);
            for (int k = ix->area_start[cell]; k < ix->area_start[cell + 1]; k++)
                ix->held_mask[cell] |= ref_mask(ix, cell, &ix->areas[k]);
        }
}

/* Tall enough blocking areas that hold p (inside or on the boundary). */
static void collect_held(const los_index *ix, sight *s, vec2s p)
{
    /* the cell, keeping the grid coordinates for the sub-cell */
    double gx = (p.x - ix->ox) * ix->inv, gy = (p.y - ix->oy) * ix->inv;
    int c = ifloor(gx), r = ifloor(gy);
    if (c < 0 || r < 0 || c >= ix->nx || r >= ix->ny)
        return;
    int cell = r * ix->nx + c;
    unsigned mask = ix->held_mask[cell];
    if (!mask || !(mask >> sub_of(r, c, gx, gy) & 1))
        return;
    const los_area_ref *ref = ix->areas + ix->area_start[cell];
    const los_area_ref *end = ix->areas + ix->area_start[cell + 1];
    for (; ref < end; ref++) {
        if (ref->height <= s->eye || p.x < ref->bounds.min.x - GEOM_EPS ||
            p.x > ref->bounds.max.x + GEOM_EPS || p.y < ref->bounds.min.y - GEOM_EPS ||
            p.y > ref->bounds.max.y + GEOM_EPS)
            continue;
        if (in_list(s->held, s->held_count, ref->feature) || !ref_holds(ix, cell, ref, p))
            continue;
        if (s->held_count < SMALL_LIST)
            s->held[s->held_count++] = ref->feature;
    }
}

/* The margin by which deep_blocks' lower bound must clear the see-into depth: far above the
 * rounding of area_blocks' intervals (GEOM_EPS-sized tolerances on float samples). */
#define DEEP_MARGIN 1e-2

/* A class area_blocks judges by its intervals (the only ones an area has). */
static bool measured(const los_feature *f)
{
    return f->los == TERRAIN_LOS_AREA || f->los == TERRAIN_LOS_SOLID;
}

/* Whether the convex area holds p at least `need` inside its boundary. */
static bool deep_inside(const los_feature *f, vec2s p, double need)
{
    if (p.x - need < f->bounds.min.x || p.x + need > f->bounds.max.x ||
        p.y - need < f->bounds.min.y || p.y + need > f->bounds.max.y)
        return false; /* too near the bounds to be that deep */
    return geom_point_polygon_boundary_distance(p, &f->shape) > need &&
           geom_point_in_polygon(p, &f->shape);
}

float los_blind_radius(const los_index *ix, vec2s p, float eye_ft)
{
    sight s;
    sight_init(&s, p, p, eye_ft);
    collect_held(ix, &s, p);
    double need = ix->see_into + DEEP_MARGIN;
    if (s.held_count >= SMALL_LIST)
        return INFINITY; /* the list may have been cut short: prove nothing */
    for (int i = 0; i < s.held_count; i++) {
        const los_feature *f = &ix->features[s.held[i]];
        if (f->convex && measured(f) && deep_inside(f, p, need))
            return (float)(need + DEEP_MARGIN);
    }
    return INFINITY;
}

/* Whether an area holding an end of the sight line blocks it for certain, without clipping:
 * from an end at distance d inside a convex area the line stays inside, strictly, for
 * min(d, length) before it leaves, so more than the see-into depth of that blocks (AREA and
 * SOLID alike: area_blocks finds the same interval, its midpoint well inside). False means
 * "not proven": area_blocks decides. */
static bool deep_blocks(const los_index *ix, const sight *s, int fi)
{
    const los_feature *f = &ix->features[fi];
    if (!f->convex || !measured(f) || s->want_inside || s->len <= ix->see_into + DEEP_MARGIN)
        return false;
    double need = ix->see_into + DEEP_MARGIN;
    return deep_inside(f, s->pa, need) || deep_inside(f, s->pb, need);
}

/* Whether an area holding an end of the sight line blocks it for certain, for any polygon, by
 * a certificate of what geom_segment_clip_polygon will find: every edge either clear of the
 * line by DEEP_MARGIN or crossed cleanly (its ends that far off the line, the line's ends
 * twice that far off its own), at most one crossed. Then the clip's samples fall far from
 * every edge but at the crossing, so it finds one interval, from the inside end to the
 * crossing (or the whole line, no edge crossed), with its middle well inside: longer than the
 * see-into depth by the margin, area_blocks says blocked (AREA and SOLID alike). False means
 * "not proven": area_blocks decides. */
static bool clean_blocks(const los_index *ix, const sight *s, int fi)
{
    const los_feature *f = &ix->features[fi];
    if (!measured(f) || s->want_inside || s->len <= ix->see_into + DEEP_MARGIN)
        return false;
    const geom_polygon *poly = &f->shape;
    double tol = DEEP_MARGIN * s->len, t_cross = 0;
    int crossed = 0;
    for (int i = 0, j = poly->count - 1; i < poly->count; j = i++) {
        double cx = poly->pts[j].x, cy = poly->pts[j].y, ex = poly->pts[i].x - cx,
               ey = poly->pts[i].y - cy;
        double o1 = s->dx * (cy - s->ay) - s->dy * (cx - s->ax);
        double o2 = s->dx * (cy + ey - s->ay) - s->dy * (cx + ex - s->ax);
        if ((o1 > tol && o2 > tol) || (o1 < -tol && o2 < -tol))
            continue; /* the edge lies off the line, all of it */
        double etol = DEEP_MARGIN * sqrt(ex * ex + ey * ey);
        double o3 = ex * (s->ay - cy) - ey * (s->ax - cx);
        double o4 = ex * (s->by - cy) - ey * (s->bx - cx);
        if ((o3 > etol && o4 > etol) || (o3 < -etol && o4 < -etol))
            continue; /* the line lies off the edge's line, all of it */
        bool edge_across = (o1 > tol && o2 < -tol) || (o1 < -tol && o2 > tol);
        bool line_across = (o3 > 2 * etol && o4 < -2 * etol) || (o3 < -2 * etol && o4 > 2 * etol);
        if (!edge_across || !line_across || ++crossed > 1)
            return false;
        t_cross = o3 / (o3 - o4);
    }
    double inside;
    if (crossed == 0)
        inside = s->len; /* both ends inside (the area holds one; no edge between them) */
    else
        inside = (geom_point_in_polygon(s->pa, poly) ? t_cross : 1.0 - t_cross) * s->len;
    return inside > ix->see_into + DEEP_MARGIN;
}

static bool held_block(const los_index *ix, sight *s, int *feature)
{
    collect_held(ix, s, s->pa);
    collect_held(ix, s, s->pb);
    for (int i = 0; i < s->held_count; i++) {
        /* -DLOS_CHECK_DEEP: every shortcut's answer checked against the clip's */
#ifdef LOS_CHECK_DEEP
        if ((deep_blocks(ix, s, s->held[i]) || clean_blocks(ix, s, s->held[i])) &&
            !area_blocks(ix, s, s->held[i]))
            abort();
#endif
        if (deep_blocks(ix, s, s->held[i]) || clean_blocks(ix, s, s->held[i]) ||
            area_blocks(ix, s, s->held[i])) {
            *feature = s->held[i];
            return true;
        }
    }
    return false;
}

/* What an edge hit means for its feature: true when it blocks. */
static bool hit_blocks(const los_index *ix, sight *s, const los_edge *e)
{
    if (e->is_line)
        return !touches_line_end(s, e);
    const los_feature *f = &ix->features[e->feature];
    if (f->los == TERRAIN_LOS_SOLID)
        return true;
    if (in_list(s->judged, s->judged_count, e->feature))
        return false;
    if (area_blocks(ix, s, e->feature))
        return true;
    if (s->judged_count < SMALL_LIST)
        s->judged[s->judged_count++] = e->feature;
    return false;
}

static bool cell_block(const los_index *ix, sight *s, int cell, int *feature)
{
    for (int k = ix->edge_start[cell], end = ix->edge_start[cell + 1]; k < end; k++) {
        const los_seg *g = &ix->segs[k];
        double o1 = s->dx * (g->ay - s->ay) - s->dy * (g->ax - s->ax);
        double o2 = s->dx * (g->by - s->ay) - s->dy * (g->bx - s->ax);
        if ((o1 > s->tol && o2 > s->tol) || (o1 < -s->tol && o2 < -s->tol))
            continue;
        const los_edge *e = &ix->edges[k];
        if (e->height <= s->eye || !edge_hit_rest(s, e, o1, o2))
            continue;
        if (!e->is_line && in_list(s->held, s->held_count, e->feature))
            continue;
        if (hit_blocks(ix, s, e)) {
            *feature = e->feature;
            return true;
        }
    }
    return false;
}

/* The per-segment parts of row_span_k, hoisted out of the walk's row loop. row_cells computes
 * exactly row_span_k's arithmetic from them, so the walk visits the same cells in the same
 * order (and so names the same blocker) as the cells the edges were registered in. */
typedef struct row_walk {
    double ax, ay, k;
    double ymin, ymax, xmin, xmax;
    bool sloped;
} row_walk;

static inline bool row_cells(const los_index *ix, const row_walk *w, int r, int *c0, int *c1)
{
    double y0 = ix->row_y[2 * r], y1 = ix->row_y[2 * r + 1];
    double ylo = dmax(y0, w->ymin), yhi = dmin(y1, w->ymax);
    if (ylo > yhi)
        return false;
    double xlo = w->xmin, xhi = w->xmax;
    if (w->sloped) {
        double xa = w->ax + (ylo - w->ay) * w->k, xb = w->ax + (yhi - w->ay) * w->k;
        xlo = dmax(xlo, dmin(xa, xb));
        xhi = dmin(xhi, dmax(xa, xb));
    }
    double glo = (xlo - GRID_PAD - ix->ox) * ix->inv, ghi = (xhi + GRID_PAD - ix->ox) * ix->inv;
    if (ghi < 0 || glo >= ix->nx)
        return false;
    /* row_span_k's clamped floors: here 0 <= ghi and glo < nx, so truncation does */
    *c0 = glo < 0 ? 0 : (int)glo;
    *c1 = ghi >= ix->nx ? ix->nx - 1 : (int)ghi;
    return true;
}

/* The cells c0..c1 of row r that hold edges, in the walk's direction, through the row's
 * occupancy bits (empty cells cost nothing): true at the first blocker. */
static bool occ_block(const los_index *ix, sight *s, int r, int c0, int c1, bool rightwards,
                      int *feature)
{
    const uint64_t *row = ix->occ + (size_t)r * ix->occ_words;
    unsigned w0 = (unsigned)c0 / OCC_BITS, w1 = (unsigned)c1 / OCC_BITS;
    uint64_t lo_mask = ~0ull << ((unsigned)c0 % OCC_BITS);
    uint64_t hi_mask = ~0ull >> (OCC_BITS - 1 - (unsigned)c1 % OCC_BITS);
    if (w0 == w1 && !(row[w0] & lo_mask & hi_mask))
        return false; /* the usual case: a span of a few cells, all empty */
    for (unsigned i = 0; i <= w1 - w0; i++) {
        unsigned w = rightwards ? w0 + i : w1 - i;
        uint64_t bits = row[w];
        if (w == w0)
            bits &= lo_mask;
        if (w == w1)
            bits &= hi_mask;
        while (bits) {
            int b = rightwards ? __builtin_ctzll(bits) : OCC_BITS - 1 - __builtin_clzll(bits);
            bits &= ~(1ull << b);
            if (cell_block(ix, s, r * ix->nx + (int)w * OCC_BITS + b, feature))
                return true;
        }
    }
    return false;
}

/* Walks the cells under the sight line from a towards b, stopping at the first blocker. */
static bool walk_block(const los_index *ix, sight *s, int *feature)
{
    row_range rr;
    if (!segment_rows(ix, s->ay, s->by, &rr))
        return false;
    row_walk w = {s->ax,
                  s->ay,
                  row_slope(s->ax, s->ay, s->bx, s->by),
                  dmin(s->ay, s->by),
                  dmax(s->ay, s->by),
                  dmin(s->ax, s->bx),
                  dmax(s->ax, s->bx),
                  fabs(s->by - s->ay) > 1e-12};
    bool rightwards = s->bx >= s->ax;
    for (int r = rr.first;; r += rr.step) {
        int c0, c1;
        if (row_cells(ix, &w, r, &c0, &c1)) {
            if (occ_block(ix, s, r, c0, c1, rightwards, feature))
                return true;
        }
        if (r == rr.last)
            break;
    }
    return false;
}

static bool terrain_block(const los_index *ix, sight *s, int *feature)
{
    if (held_block(ix, s, feature))
        return true;
    return walk_block(ix, s, feature);
}

bool los_blocked(const los_index *ix, vec2s a, vec2s b, float eye_ft, int *feature)
{
    sight s;
    int f = -1;
    sight_init(&s, a, b, eye_ft);
    s.want_inside = false;
    bool blocked = terrain_block(ix, &s, &f);
    if (feature)
        *feature = blocked ? f : -1;
    return blocked;
}

/* ---- figures in the way -------------------------------------------------------------------- */

static geom_placed_base placed_of(const figure *f)
{
    return (geom_placed_base){f->base, f->pos, f->facing};
}

/* The nearest base to `a` lying across the line, skipping the two figures themselves. */
static figure_id base_block(const table *t, vec2s a, vec2s b, const los_opts *o, figure_id skip1,
                            figure_id skip2)
{
    geom_segment seg = {a, b};
    geom_aabb box = geom_aabb_of_segment(seg);
    figure_id best = {0};
    double best_t = DBL_MAX;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        if (f->id.id == skip1.id || f->id.id == skip2.id || !table_figure_active(f))
            continue;
        if (o->base_side.id && f->side.id != o->base_side.id)
            continue;
        geom_placed_base pb = placed_of(f);
        if (!geom_aabb_overlap(box, geom_base_bounds(&pb)) ||
            !geom_segment_base_intersect(seg, &pb))
            continue;
        double tt = geom_segment_closest_t(seg, f->pos);
        if (tt < best_t) {
            best_t = tt;
            best = f->id;
        }
    }
    return best;
}

static los_result sight_check(const los_index *ix, const table *t, vec2s a, vec2s b, float eye,
                              const los_opts *opts, figure_id skip1, figure_id skip2)
{
    los_result r = {LOS_CLEAR, -1, {0}, 0};
    sight s;
    sight_init(&s, a, b, eye);
    if (terrain_block(ix, &s, &r.feature)) {
        r.verdict = LOS_BLOCKED_TERRAIN;
        if (ix->features[r.feature].is_area && ix->features[r.feature].los == TERRAIN_LOS_AREA)
            r.inside_cm = s.inside_cm;
        return r;
    }
    r.feature = -1;
    if (opts && opts->bases_block) {
        r.figure = base_block(t, a, b, opts, skip1, skip2);
        if (r.figure.id)
            r.verdict = LOS_BLOCKED_FIGURE;
    }
    return r;
}

los_result los_points(const los_index *ix, const table *t, vec2s a, vec2s b, float eye_ft,
                      const los_opts *opts)
{
    return sight_check(ix, t, a, b, eye_ft, opts, (figure_id){0}, (figure_id){0});
}

los_result los_figures(const los_index *ix, const table *t, figure_id a, figure_id b,
                       const los_opts *opts)
{
    const figure *fa = table_figure_const(t, a), *fb = table_figure_const(t, b);
    if (!fa || !fb)
        return (los_result){LOS_BLOCKED_TERRAIN, -1, {0}, 0};
    float eye = fmaxf(table_posture_eye_ft(fa->posture), table_posture_eye_ft(fb->posture));
    return sight_check(ix, t, fa->pos, fb->pos, eye, opts, a, b);
}

los_result los_figure_point(const los_index *ix, const table *t, figure_id a, vec2s p,
                            float point_ft, const los_opts *opts)
{
    const figure *fa = table_figure_const(t, a);
    if (!fa)
        return (los_result){LOS_BLOCKED_TERRAIN, -1, {0}, 0};
    float eye = fmaxf(table_posture_eye_ft(fa->posture), point_ft);
    return sight_check(ix, t, fa->pos, p, eye, opts, a, (figure_id){0});
}

/* ---- group queries ------------------------------------------------------------------------ */

typedef struct ranked {
    double key;
    figure_id id;
} ranked;

static int cmp_ranked(const void *pa, const void *pb)
{
    const ranked *a = pa, *b = pb;
    if (a->key != b->key)
        return (a->key > b->key) - (a->key < b->key);
    return (a->id.id > b->id.id) - (a->id.id < b->id.id);
}

static int emit_ranked(ranked *list, int n, figure_id *out, int max)
{
    if (n > 1)
        qsort(list, (size_t)n, sizeof *list, cmp_ranked);
    for (int i = 0; i < n && i < max; i++)
        out[i] = list[i].id;
    free(list);
    return n;
}

int los_template_figures(const table *t, const geom_template *tpl, const los_template_desc *d,
                         figure_id *out, int max)
{
    ranked *list = mem_calloc((size_t)t->figure_count + 1, sizeof *list);
    int n = 0;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        if (!table_figure_active(f) || (d && d->side.id && f->side.id != d->side.id))
            continue;
        geom_placed_base pb = placed_of(f);
        bool in = d && d->centre_only ? geom_template_contains(tpl, f->pos)
                                      : geom_template_base_overlap(tpl, &pb);
        if (in)
            list[n++] = (ranked){geom_point_distance(tpl->centre, f->pos), f->id};
    }
    return emit_ranked(list, n, out, max);
}

static bool in_range(const los_arc_desc *d, const geom_placed_base *v, const geom_placed_base *f)
{
    if (d->range_cm <= 0)
        return true;
    double dist = d->edge_to_edge ? geom_base_edge_distance(v, f) : geom_base_centre_distance(v, f);
    return dist <= (double)d->range_cm + GEOM_EPS;
}

static bool in_arc(const los_arc_desc *d, const geom_arc *arc, const geom_placed_base *f)
{
    return d->centre_only ? geom_arc_contains(arc, f->pos) : geom_arc_base_overlap(arc, f);
}

int los_arc_targets(const los_index *ix, const table *t, figure_id viewer, const los_arc_desc *d,
                    figure_id *out, int max)
{
    const figure *v = table_figure_const(t, viewer);
    if (!v)
        return 0;
    float half = d->half_angle > 0 ? d->half_angle : (float)GEOM_PI;
    geom_arc arc = {v->pos, v->facing, half, 0};
    geom_placed_base vb = placed_of(v);
    ranked *list = mem_calloc((size_t)t->figure_count + 1, sizeof *list);
    int n = 0;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        if (f->side.id == v->side.id || !table_figure_active(f))
            continue;
        geom_placed_base fb = placed_of(f);
        if (!in_range(d, &vb, &fb) || !in_arc(d, &arc, &fb))
            continue;
        if (los_figures(ix, t, viewer, f->id, &d->sight).verdict != LOS_CLEAR)
            continue;
        list[n++] = (ranked){geom_point_distance(v->pos, f->pos), f->id};
    }
    return emit_ranked(list, n, out, max);
}
