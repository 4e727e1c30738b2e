#include "core/los.h"

#include "core/mem.h"

#include <float.h>
#include <stdint.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* The static terrain sits in a uniform grid. Each cell lists, inline, the edges of the
 * sight-blocking features that pass through it (a copy of their end points, the feature's
 * height and index), so a query walks the cells under its sight line row by row and tests only
 * nearby edges, reading memory in order. A second list per cell names the area features whose
 * bounds meet it, for the "which features hold this endpoint" test. Edges are registered in
 * every cell they come within GRID_PAD of, so a touch on a cell boundary is never missed. */

#define GRID_PAD   1e-3 /* cm; far above GEOM_EPS, far below a cell */
#define MAX_CELLS  (1 << 22)
#define SMALL_LIST 32
#define HELD_SUB   8 /* HELD_SUB * HELD_SUB bits in a uint64_t */

#define LOS_BLOCK  4  /* edges per los_block */
#define OCC_WINDOW 56 /* cells per occupancy window: 64 bits less a byte's offset */

/* The end points of four consecutive edges of a cell's list, a lane each, apart from the rest
 * of each edge: what the walk's filter reads (a cell's list is padded to whole blocks). */
typedef struct los_block {
    float ax[LOS_BLOCK], bx[LOS_BLOCK], ay[LOS_BLOCK], by[LOS_BLOCK];
} los_block;

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
    int *block_start; /* nx*ny + 1: each cell's edges again, in whole blocks, same order */
    los_block *blocks;
    int *area_start; /* nx*ny + 1 */
    los_area_ref *areas;
    double *row_y;       /* per row, row_span_k's padded band: y0, y1 */
    double gx1, gy1;     /* the grid's far corner (ox, oy is the near one) */
    double inv_sub;      /* inv * HELD_SUB */
    double sub_w, sub_h; /* nx, ny * HELD_SUB */
    /* Small summaries the queries read before the lists (they stay in the fastest cache):
     * a bit per cell with edges, rows of whole bytes; and per cell, which of its HELD_SUB x
     * HELD_SUB sub-cells an area may hold a point of (no bit: no area holds any point there). */
    unsigned char *occ, *occ_rev; /* occ_rev: each row mirrored, cell nx - 1 - c in bit c */
    int occ_stride;               /* bytes per row */
    unsigned char *occ_of[2];     /* occ, occ_rev */
    uint64_t *held_mask;
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
    ix->gx1 = ix->ox + ix->nx * cs;
    ix->gy1 = ix->oy + ix->ny * cs;
    ix->inv_sub = ix->inv * HELD_SUB;
    ix->sub_w = (double)ix->nx * HELD_SUB;
    ix->sub_h = (double)ix->ny * HELD_SUB;
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

/* Branch-free helpers the compiler inlines (fmin, fmax and floor may be library calls; and
 * compilers may turn a < b ? a : b into a branch, a coin toss for a sight line's two ends). */
#if defined(__SSE2__)
static inline double dmin(double a, double b)
{
    return _mm_cvtsd_f64(_mm_min_sd(_mm_set_sd(a), _mm_set_sd(b))); /* a < b ? a : b */
}

static inline double dmax(double a, double b)
{
    return _mm_cvtsd_f64(_mm_max_sd(_mm_set_sd(a), _mm_set_sd(b))); /* a > b ? a : b */
}
#else
static inline double dmin(double a, double b)
{
    return a < b ? a : b;
}

static inline double dmax(double a, double b)
{
    return a > b ? a : b;
}
#endif

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
    free(ix->block_start);
    free(ix->blocks);
    free(ix->area_start);
    free(ix->areas);
    free(ix->row_y);
    free(ix->occ);
    free(ix->occ_rev);
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
 * against the sight line, o1 and o2) is the caller's. */
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

/* The held summary's answer for p: false when no area holds p, and then *cell is unset. Grid
 * coordinates times HELD_SUB (a power of two) are exact, so their floors give at once the cell
 * (the floor of the grid coordinates) and the sub-cell in it. */
static inline bool held_bit(const los_index *ix, vec2s p, int *cell)
{
    double hx = (p.x - ix->ox) * ix->inv_sub, hy = (p.y - ix->oy) * ix->inv_sub;
    if (!((hx >= 0) & (hy >= 0) & (hx < ix->sub_w) & (hy < ix->sub_h)))
        return false;
    unsigned sx = (unsigned)hx, sy = (unsigned)hy;
    *cell = (int)(sy / HELD_SUB * (unsigned)ix->nx + sx / HELD_SUB);
    return ix->held_mask[*cell] >> (sy % HELD_SUB * HELD_SUB + sx % HELD_SUB) & 1;
}

/* The sub-cells of a cell that an edge comes within GRID_PAD of: per row of sub-cells, the
 * edge's x extent in the row's band grown by GRID_PAD, grown by GRID_PAD (never fewer than the
 * truth; the pad is ten times GEOM_EPS, far above rounding). */
static uint64_t edge_near_bits(const los_index *ix, int cell, const los_edge *e)
{
    int r = cell / ix->nx, c = cell % ix->nx;
    double sub = ix->cs / HELD_SUB, x0 = ix->ox + c * ix->cs, y0 = ix->oy + r * ix->cs;
    double ax = e->ax, ay = e->ay, bx = e->bx, by = e->by, k = row_slope(ax, ay, bx, by);
    uint64_t bits = 0;
    for (int sy = 0; sy < HELD_SUB; sy++) {
        double ylo = dmax(y0 + sy * sub - GRID_PAD, dmin(ay, by));
        double yhi = dmin(y0 + (sy + 1) * sub + GRID_PAD, dmax(ay, by));
        if (ylo > yhi)
            continue;
        double xlo = dmin(ax, bx), xhi = dmax(ax, bx);
        if (fabs(by - ay) > 1e-12) {
            double xa = ax + (ylo - ay) * k, xb = ax + (yhi - ay) * k;
            xlo = dmax(xlo, dmin(xa, xb));
            xhi = dmin(xhi, dmax(xa, xb));
        }
        double slo = (xlo - GRID_PAD - x0) / sub, shi = (xhi + GRID_PAD - x0) / sub;
        if (shi < 0 || slo >= HELD_SUB)
            continue;
        int s0 = slo < 0 ? 0 : (int)slo, s1 = shi >= HELD_SUB ? HELD_SUB - 1 : (int)shi;
        for (int sx = s0; sx <= s1; sx++)
            bits |= 1ull << (sy * HELD_SUB + sx);
    }
    return bits;
}

/* The sub-cells of `seed`'s component among `open` ones (4-neighbours in the 8 x 8 board). */
static uint64_t flood(uint64_t seed, uint64_t open)
{
    const uint64_t not_first = 0xFEFEFEFEFEFEFEFEull, not_last = 0x7F7F7F7F7F7F7F7Full;
    for (;;) {
        uint64_t grown =
            (seed | (seed << 1 & not_first) | (seed >> 1 & not_last) | seed << 8 | seed >> 8) &
            open;
        if (grown == seed)
            return seed;
        seed = grown;
    }
}

/* The sub-cells of a cell where the area may hold a point: those its edges come near, and the
 * rest where it holds the centre of a sub-cell of their component. Sub-cells not near an edge
 * of it are farther than GRID_PAD from its boundary (edges not listed in the cell are farther
 * than that from the whole cell), so a component of them lies wholly inside or outside. */
static uint64_t ref_mask(const los_index *ix, int cell, const los_area_ref *ref)
{
    if (ref->full)
        return ~0ull;
    uint64_t near = 0;
    for (int k = ix->edge_start[cell]; k < ix->edge_start[cell + 1]; k++)
        if (ix->edges[k].feature == ref->feature)
            near |= edge_near_bits(ix, cell, &ix->edges[k]);
    int r = cell / ix->nx, c = cell % ix->nx;
    double sub = ix->cs / HELD_SUB;
    uint64_t mask = near;
    for (uint64_t todo = ~near; todo;) {
        int b = __builtin_ctzll(todo);
        uint64_t comp = flood(1ull << b, ~near);
        vec2s mid = {{(float)(ix->ox + c * ix->cs + (b % HELD_SUB + 0.5) * sub),
                      (float)(ix->oy + r * ix->cs + (b / HELD_SUB + 0.5) * sub)}};
        if (ref_holds(ix, cell, ref, mid))
            mask |= comp;
        todo &= ~comp;
    }
    return mask;
}

/* Each cell's edges again, in blocks of LOS_BLOCK lanes (a last partial block's spare lanes
 * are zero; the walk masks them off). */
static void build_blocks(los_index *ix)
{
    int cells = ix->nx * ix->ny;
    ix->block_start = mem_calloc((size_t)cells + 1, sizeof(int));
    for (int cell = 0; cell < cells; cell++) {
        int n = ix->edge_start[cell + 1] - ix->edge_start[cell];
        ix->block_start[cell + 1] = ix->block_start[cell] + (n + LOS_BLOCK - 1) / LOS_BLOCK;
    }
    ix->blocks = mem_calloc((size_t)ix->block_start[cells] + 1, sizeof *ix->blocks);
    for (int cell = 0; cell < cells; cell++)
        for (int k = ix->edge_start[cell]; k < ix->edge_start[cell + 1]; k++) {
            int i = k - ix->edge_start[cell];
            los_block *b = &ix->blocks[ix->block_start[cell] + i / LOS_BLOCK];
            const los_edge *e = &ix->edges[k];
            b->ax[i % LOS_BLOCK] = e->ax;
            b->bx[i % LOS_BLOCK] = e->bx;
            b->ay[i % LOS_BLOCK] = e->ay;
            b->by[i % LOS_BLOCK] = e->by;
        }
}

static void build_summaries(los_index *ix)
{
    ix->occ_stride = (ix->nx + 7) / 8;
    ix->occ = mem_calloc((size_t)ix->occ_stride * ix->ny + 8, 1);
    ix->occ_rev = mem_calloc((size_t)ix->occ_stride * ix->ny + 8, 1);
    ix->occ_of[0] = ix->occ;
    ix->occ_of[1] = ix->occ_rev;
    ix->held_mask = mem_calloc((size_t)ix->nx * ix->ny + 1, sizeof *ix->held_mask);
    for (int r = 0; r < ix->ny; r++)
        for (int c = 0; c < ix->nx; c++) {
            int cell = r * ix->nx + c;
            if (ix->edge_start[cell] != ix->edge_start[cell + 1]) {
                int m = ix->nx - 1 - c;
                ix->occ[(size_t)r * ix->occ_stride + c / 8] |= (unsigned char)(1u << (c % 8));
                ix->occ_rev[(size_t)r * ix->occ_stride + m / 8] |= (unsigned char)(1u << (m % 8));
            }
            for (int k = ix->area_start[cell]; k < ix->area_start[cell + 1]; k++)
                ix->held_mask[cell] |= ref_mask(ix, cell, &ix->areas[k]);
        }
    build_blocks(ix);
}

/* Tall enough blocking areas that hold p (inside or on the boundary). */
static void collect_held(const los_index *ix, sight *s, vec2s p)
{
    int cell;
    if (!held_bit(ix, p, &cell))
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
 * "not proven": area_blocks decides. a_in: whether pa lies in the area as the held list knows
 * it (1 in, 0 not; -1 unknown: the point test decides), which picks the inside end. */
static bool clean_blocks(const los_index *ix, const sight *s, int fi, int a_in)
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
    else if (a_in < 0 ? geom_point_in_polygon(s->pa, poly) : a_in == 1)
        inside = t_cross * s->len;
    else
        inside = (1.0 - t_cross) * s->len;
    return inside > ix->see_into + DEEP_MARGIN;
}

/* The features holding an endpoint, judged by their intervals (the caller has seen that the
 * held summary has a bit for one of the endpoints). */
__attribute__((noinline)) static bool held_block(const los_index *ix, sight *s, int *feature)
{
    collect_held(ix, s, s->pa);
    /* The first held_a of the list are every tall enough area holding pa (as ref_holds, that is
     * geom_point_in_polygon, answers), unless the list filled up: the later ones, found from
     * pb, do not hold pa. So clean_blocks need not ask which end is inside (its point test was
     * a sixth of the sight tests' terrain cost on lcr_lanao_road). */
    int held_a = s->held_count;
    bool a_all = held_a < SMALL_LIST;
    collect_held(ix, s, s->pb);
    for (int i = 0; i < s->held_count; i++) {
        int a_in = i < held_a ? 1 : a_all ? 0 : -1;
        /* -DLOS_CHECK_DEEP: every shortcut's answer checked against the clip's */
#ifdef LOS_CHECK_DEEP
        if (a_in >= 0 &&
            (a_in == 1) != geom_point_in_polygon(s->pa, &ix->features[s->held[i]].shape))
            abort();
        if ((deep_blocks(ix, s, s->held[i]) || clean_blocks(ix, s, s->held[i], a_in)) &&
            !area_blocks(ix, s, s->held[i]))
            abort();
#endif
        if (deep_blocks(ix, s, s->held[i]) || clean_blocks(ix, s, s->held[i], a_in) ||
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

/* ---- the walk ------------------------------------------------------------------------------ */

/* The walk visits the cells under the sight line row by row from a towards b, each row's cells
 * in the line's x direction, and each cell's edges in their listed order: the order row_span_k
 * registered them in, so the first blocker found is always the same one. It is a resumable scan
 * (walk_next) that stops only at an edge passing a first filter, so its loops make no calls
 * (no registers to save); the caller judges that edge exactly and resumes the scan. */

/* The filter, four edges at a time in float: an edge is dropped when both its end points lie
 * beyond tol + err on one side of the sight line, where err bounds the float arithmetic's error
 * against the double side test (o1, o2 below): so every edge it drops, the double test drops
 * too, and the double test is then applied to the rest exactly as before. */
typedef struct walk_const {
#if defined(__SSE2__)
    __m128d ymin, ymax, ax, ay, k, xmin, xmax, pad, ox, inv, zero, last;
    __m128 fax, fay, fdx, fdy, ftol, fntol;
#else
    double ax, ay, k, ymin, ymax, xmin, xmax;
#endif
    bool sloped;
} walk_const;

typedef struct walk_pos {
    int r, last, step;        /* rows: the current one, the last, +1 or -1 */
    const unsigned char *occ; /* the occupancy rows: mirrored when the walk goes leftwards */
    int sgn, off;             /* cell c is c' = off + sgn * c in them (and c = off + sgn * c') */
    int c, c_end;             /* the row's cells still to window, from c' to c_end' */
    int next_c, next_end;     /* the next row's span, computed a row ahead */
    unsigned next_ok;         /* whether it has one */
    int base;                 /* the window's cells: cell base + sgn * b for bit b */
    uint64_t cells;           /* occupied cells of the window still to visit */
    int blk, blk_end;         /* blocks of the current cell still to filter */
    int k, k_end;             /* the edge in the first lane of block blk; the cell's end */
    unsigned near;            /* lanes of the last filtered block still to report */
    int k_near;               /* the edge in that block's first lane */
} walk_pos;

static inline walk_const walk_const_of(const los_index *ix, const sight *s)
{
    walk_const w;
    w.sloped = fabs(s->by - s->ay) > 1e-12;
#if defined(__SSE2__)
    w.ymin = _mm_set1_pd(dmin(s->ay, s->by));
    w.ymax = _mm_set1_pd(dmax(s->ay, s->by));
    w.ax = _mm_set1_pd(s->ax);
    w.ay = _mm_set1_pd(s->ay);
    w.k = _mm_set1_pd(row_slope(s->ax, s->ay, s->bx, s->by));
    w.xmin = _mm_set1_pd(dmin(s->ax, s->bx));
    w.xmax = _mm_set1_pd(dmax(s->ax, s->bx));
    w.pad = _mm_set_pd(-GRID_PAD, GRID_PAD);
    w.ox = _mm_set1_pd(ix->ox);
    w.inv = _mm_set1_pd(ix->inv);
    w.zero = _mm_setzero_pd();
    w.last = _mm_set1_pd(ix->nx - 1);
    /* |o_float - o_double| <= 4.1 u (|dx| |Y - ay| + |dy| |X - ax|), u = 2^-24, and every end
     * point lies in the grid's box: twice that, plus a little for underflow */
    double ex = dmax(fabs(s->ax - ix->ox), fabs(s->ax - ix->gx1));
    double ey = dmax(fabs(s->ay - ix->oy), fabs(s->ay - ix->gy1));
    double err = 8.0 * 0x1p-24 * (fabs(s->dx) * ey + fabs(s->dy) * ex) + 1e-30;
    float t = (float)((s->tol + err) * (1 + 1e-6));
    w.fax = _mm_set1_ps(s->pa.x);
    w.fay = _mm_set1_ps(s->pa.y);
    w.fdx = _mm_set1_ps((float)s->dx);
    w.fdy = _mm_set1_ps((float)s->dy);
    w.ftol = _mm_set1_ps(t);
    w.fntol = _mm_set1_ps(-t);
#else
    (void)ix;
    w.ax = s->ax;
    w.ay = s->ay;
    w.k = row_slope(s->ax, s->ay, s->bx, s->by);
    w.ymin = dmin(s->ay, s->by);
    w.ymax = dmax(s->ay, s->by);
    w.xmin = dmin(s->ax, s->bx);
    w.xmax = dmax(s->ax, s->bx);
#endif
    return w;
}

#if defined(__SSE2__)
/* row_span_k's arithmetic for row r, two lanes at a time: the same IEEE operations on the same
 * doubles (minpd and maxpd are dmin and dmax, operand for operand), so the walk visits exactly
 * the cells the edges were registered in. */
static inline bool row_cells(const los_index *ix, const walk_const *w, int r, int *c0, int *c1)
{
    __m128d band = _mm_loadu_pd(ix->row_y + 2 * r); /* y0, y1 */
    /* ylo = dmax(y0, ymin), yhi = dmin(y1, ymax) */
    __m128d y = _mm_move_sd(_mm_min_pd(band, w->ymax), _mm_max_pd(band, w->ymin));
    if (_mm_comigt_sd(y, _mm_unpackhi_pd(y, y)))
        return false;
    __m128d x; /* xlo, xhi */
    if (w->sloped) {
        /* xa, xb = ax + (ylo - ay) * k, ax + (yhi - ay) * k */
        __m128d xab = _mm_add_pd(w->ax, _mm_mul_pd(_mm_sub_pd(y, w->ay), w->k));
        __m128d xba = _mm_shuffle_pd(xab, xab, 1);
        /* xlo = dmax(xmin, dmin(xa, xb)), xhi = dmin(xmax, dmax(xa, xb)) */
        x = _mm_unpacklo_pd(_mm_max_pd(w->xmin, _mm_min_pd(xab, xba)),
                            _mm_min_pd(w->xmax, _mm_max_pd(xab, xba)));
    } else
        x = _mm_unpacklo_pd(w->xmin, w->xmax);
    /* glo = (xlo - GRID_PAD - ox) * inv, ghi = (xhi + GRID_PAD - ox) * inv */
    __m128d g = _mm_mul_pd(_mm_sub_pd(_mm_sub_pd(x, w->pad), w->ox), w->inv);
    if (!(_mm_comige_sd(_mm_unpackhi_pd(g, g), w->zero) && _mm_cvtsd_f64(g) < ix->nx))
        return false;
    /* row_span_k's clamped floors: here 0 <= ghi and glo < nx, so clamping to [0, nx - 1]
     * and truncating does */
    __m128i c = _mm_cvttpd_epi32(_mm_min_pd(_mm_max_pd(g, w->zero), w->last));
    *c0 = _mm_cvtsi128_si32(c);
    *c1 = _mm_cvtsi128_si32(_mm_shuffle_epi32(c, 1));
    return true;
}

/* The lanes of a block not dropped by the filter. */
static inline unsigned block_near(const los_block *b, const walk_const *w)
{
    __m128 ax = _mm_loadu_ps(b->ax), bx = _mm_loadu_ps(b->bx);
    __m128 ay = _mm_loadu_ps(b->ay), by = _mm_loadu_ps(b->by);
    __m128 o1 = _mm_sub_ps(_mm_mul_ps(w->fdx, _mm_sub_ps(ay, w->fay)),
                           _mm_mul_ps(w->fdy, _mm_sub_ps(ax, w->fax)));
    __m128 o2 = _mm_sub_ps(_mm_mul_ps(w->fdx, _mm_sub_ps(by, w->fay)),
                           _mm_mul_ps(w->fdy, _mm_sub_ps(bx, w->fax)));
    __m128 left = _mm_and_ps(_mm_cmpgt_ps(o1, w->ftol), _mm_cmpgt_ps(o2, w->ftol));
    __m128 right = _mm_and_ps(_mm_cmplt_ps(o1, w->fntol), _mm_cmplt_ps(o2, w->fntol));
    return ~(unsigned)_mm_movemask_ps(_mm_or_ps(left, right)) & 15u;
}
#else
static inline bool row_cells(const los_index *ix, const walk_const *w, int r, int *c0, int *c1)
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
    if (!(ghi >= 0 && glo < ix->nx))
        return false;
    /* row_span_k's clamped floors: here 0 <= ghi and glo < nx, so truncation does */
    *c0 = glo < 0 ? 0 : (int)glo;
    *c1 = ghi >= ix->nx ? ix->nx - 1 : (int)ghi;
    return true;
}

/* Without SSE2 the filter is the double side test itself (the caller repeats it). */
static inline unsigned block_near(const los_block *b, const walk_const *w, const sight *s)
{
    unsigned near = 0;
    for (int i = 0; i < LOS_BLOCK; i++) {
        double o1 = s->dx * (b->ay[i] - s->ay) - s->dy * (b->ax[i] - s->ax);
        double o2 = s->dx * (b->by[i] - s->ay) - s->dy * (b->bx[i] - s->ax);
        if (!((o1 > s->tol && o2 > s->tol) || (o1 < -s->tol && o2 < -s->tol)))
            near |= 1u << i;
    }
    return near;
}
#endif

/* Occupancy bits of cells c .. c + n - 1 of a row (1 <= n <= OCC_WINDOW), cell c in bit 0: an
 * unaligned little-endian load (rows are padded, the array has a spare word at its end). */
static inline uint64_t occ_window(const unsigned char *row, int c, int n)
{
    const unsigned char *p = row + (c >> 3);
    uint64_t v;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(&v, p, sizeof v);
#else
    v = 0;
    for (int i = 7; i >= 0; i--)
        v = v << 8 | p[i];
#endif
    return v >> (c & 7) & ((1ull << n) - 1);
}

/* Row r's span in the mirrored coordinates c' (see walk_pos), into next_c and next_end:
 * computed a row ahead, so that its arithmetic overlaps the current row's cells. */
static inline void walk_ahead(const los_index *ix, const walk_const *w, walk_pos *q, int r)
{
    int c0 = 0, c1 = 0;
    q->next_ok = row_cells(ix, w, r, &c0, &c1);
    int m0 = q->off + q->sgn * c0, m1 = q->off + q->sgn * c1;
    q->next_c = m0 < m1 ? m0 : m1;
    q->next_end = m0 < m1 ? m1 : m0;
}

/* The next edge, in walk order, that the filter keeps; -1 when the walk is over. Rows are
 * read in the walk's x direction: leftwards walks read the mirrored occupancy rows (cell
 * nx - 1 - c in bit c), so both directions take the lowest bit first and no branch depends on
 * the direction. */
static int walk_next(const los_index *ix, const walk_const *w, const sight *s, walk_pos *p)
{
    (void)s;
    walk_pos q = *p;
    for (;;) {
        if (q.near) {
            int lane = __builtin_ctz(q.near);
            q.near &= q.near - 1;
            *p = q;
            return q.k_near + lane;
        }
        if (q.blk < q.blk_end) {
            int left = q.k_end - q.k;
#if defined(__SSE2__)
            q.near = block_near(&ix->blocks[q.blk], w);
#else
            q.near = block_near(&ix->blocks[q.blk], w, s);
#endif
            q.near &= 15u >> (LOS_BLOCK - (left < LOS_BLOCK ? left : LOS_BLOCK));
            q.k_near = q.k;
            q.k += LOS_BLOCK;
            q.blk++;
            continue;
        }
        if (q.cells) {
            int cell = q.base + q.sgn * __builtin_ctzll(q.cells);
            q.cells &= q.cells - 1;
            q.blk = ix->block_start[cell];
            q.blk_end = ix->block_start[cell + 1];
            q.k = ix->edge_start[cell];
            q.k_end = ix->edge_start[cell + 1];
            continue;
        }
        if (q.c <= q.c_end) { /* in the mirrored coordinates when leftwards */
            int n = q.c_end - q.c + 1 < OCC_WINDOW ? q.c_end - q.c + 1 : OCC_WINDOW;
            q.cells = occ_window(q.occ + (size_t)q.r * ix->occ_stride, q.c, n);
            q.base = q.r * ix->nx + q.off + q.sgn * q.c;
            q.c += n;
            /* the window's first occupied cell's edges (or its first cell's): start reading
             * them now */
            int first = q.cells ? __builtin_ctzll(q.cells) : 0;
            __builtin_prefetch(ix->blocks + ix->block_start[q.base + q.sgn * first]);
            continue;
        }
        if (q.r == q.last) {
            *p = q;
            return -1;
        }
        q.r += q.step;
        if (q.next_ok) {
            q.c = q.next_c;
            q.c_end = q.next_end;
        }
        if (q.r != q.last)
            walk_ahead(ix, w, &q, q.r + q.step);
    }
}

/* The rest of an edge's test, after the filter kept it: the double side test (o1, o2, exactly
 * as the walk always computed it), then the exact ones. Rare, so kept out of the scan. */
static bool edge_blocks(const los_index *ix, sight *s, int k)
{
    const los_edge *e = &ix->edges[k];
    double o1 = s->dx * (e->ay - s->ay) - s->dy * (e->ax - s->ax);
    double o2 = s->dx * (e->by - s->ay) - s->dy * (e->bx - s->ax);
    if ((o1 > s->tol && o2 > s->tol) || (o1 < -s->tol && o2 < -s->tol))
        return false;
    if (e->height <= s->eye || !edge_hit_rest(s, e, o1, o2))
        return false;
    if (!e->is_line && in_list(s->held, s->held_count, e->feature))
        return false;
    return hit_blocks(ix, s, e);
}

/* The walk's rows, in the order from a to b (segment_rows's arithmetic), and its start: before
 * the first row, with nothing left in it. False when there are none (or a coordinate is not a
 * number). */
static inline bool walk_start(const los_index *ix, const sight *s, walk_pos *p)
{
    double lo = (dmin(s->ay, s->by) - GRID_PAD - ix->oy) * ix->inv;
    double hi = (dmax(s->ay, s->by) + GRID_PAD - ix->oy) * ix->inv;
    if (!(hi >= 0 && lo < ix->ny))
        return false;
    int r0 = lo < 0 ? 0 : (int)lo, r1 = hi >= ix->ny ? ix->ny - 1 : (int)hi;
    int up = s->by >= s->ay, down = !up; /* as arithmetic: the direction is a coin toss */
    p->step = 2 * up - 1;
    p->r = r0 - 1 + down * (r1 - r0 + 2);
    p->last = r0 + up * (r1 - r0);
    int left = s->bx < s->ax;
    p->occ = ix->occ_of[left];
    p->sgn = 1 - 2 * left;
    p->off = left * (ix->nx - 1);
    p->c = 0;
    p->c_end = -1; /* an empty span */
    p->base = p->blk = p->blk_end = p->k = p->k_end = p->k_near = 0;
    p->cells = 0;
    p->near = 0;
    return true;
}

/* Walks the cells under the sight line from a towards b, stopping at the first blocker. */
static bool walk_block(const los_index *ix, sight *s, int *feature)
{
    walk_pos p;
    if (!walk_start(ix, s, &p))
        return false;
    walk_const w = walk_const_of(ix, s);
    walk_ahead(ix, &w, &p, p.r + p.step);
    for (int k; (k = walk_next(ix, &w, s, &p)) >= 0;)
        if (edge_blocks(ix, s, k)) {
            *feature = ix->edges[k].feature;
            return true;
        }
    return false;
}

static inline bool terrain_block(const los_index *ix, sight *s, int *feature)
{
    int cell;
    if ((held_bit(ix, s->pa, &cell) | held_bit(ix, s->pb, &cell)) && held_block(ix, s, feature))
        return true; /* most endpoints: no area holds them, nothing to collect */
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
