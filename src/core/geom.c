#include "core/geom.h"

#include "core/mem.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Everything below works in doubles: a float coordinate converts exactly, so the differences
 * and products of the predicates carry ~1e-12 cm of rounding, far below GEOM_EPS. The one
 * rule (distance <= GEOM_EPS means touching) is applied through point-segment distances;
 * proper crossings are decided by exact orientation signs. */

typedef struct dvec {
    double x, y;
} dvec;

/* Inlined min and max (fmin and fmax are library calls at -O2 without fast-math). */
static inline double dmin(double a, double b)
{
    return a < b ? a : b;
}

static inline double dmax(double a, double b)
{
    return a > b ? a : b;
}

static dvec dv(vec2s v)
{
    return (dvec){v.x, v.y};
}

static dvec dsub(dvec a, dvec b)
{
    return (dvec){a.x - b.x, a.y - b.y};
}

static double dcross(dvec a, dvec b)
{
    return a.x * b.y - a.y * b.x;
}

static double ddot(dvec a, dvec b)
{
    return a.x * b.x + a.y * b.y;
}

static double dlen(dvec a)
{
    return sqrt(a.x * a.x + a.y * a.y);
}

static vec2s to_vec(dvec a)
{
    return (vec2s){{(float)a.x, (float)a.y}};
}

/* ---- vectors and small helpers ------------------------------------------------------------ */

vec2s geom_dir(float angle)
{
    return (vec2s){{cosf(angle), sinf(angle)}};
}

float geom_angle_of(vec2s v)
{
    return atan2f(v.y, v.x);
}

float geom_angle_diff(float a, float b)
{
    double d = fmod((double)b - (double)a, 2.0 * GEOM_PI);
    if (d <= -GEOM_PI)
        d += 2.0 * GEOM_PI;
    else if (d > GEOM_PI)
        d -= 2.0 * GEOM_PI;
    return (float)d;
}

double geom_orient(vec2s a, vec2s b, vec2s c)
{
    return dcross(dsub(dv(b), dv(a)), dsub(dv(c), dv(a)));
}

vec2s geom_lerp(vec2s a, vec2s b, double t)
{
    return (vec2s){
        {(float)(a.x + (b.x - (double)a.x) * t), (float)(a.y + (b.y - (double)a.y) * t)}};
}

double geom_segment_length(geom_segment s)
{
    return dlen(dsub(dv(s.b), dv(s.a)));
}

/* ---- bounding boxes ------------------------------------------------------------------------ */

/* fminf and fmaxf of a running bound `a` (never a NaN) and a point's coordinate, inline (the
 * library calls were most of a box's cost): a NaN coordinate leaves the bound, and of equal
 * values (a zero of either sign) the coordinate is kept, as minss and maxss keep it. */
static inline float box_min(float a, float b)
{
    return isnan(b) ? a : (a < b ? a : b);
}

static inline float box_max(float a, float b)
{
    return isnan(b) ? a : (a > b ? a : b);
}

static inline void box_add(geom_aabb *b, vec2s p)
{
    b->min.x = box_min(b->min.x, p.x);
    b->min.y = box_min(b->min.y, p.y);
    b->max.x = box_max(b->max.x, p.x);
    b->max.y = box_max(b->max.y, p.y);
}

geom_aabb geom_aabb_of_points(const vec2s *pts, int count)
{
    geom_aabb b = {{{FLT_MAX, FLT_MAX}}, {{-FLT_MAX, -FLT_MAX}}};
    for (int i = 0; i < count; i++)
        box_add(&b, pts[i]);
    return b;
}

geom_aabb geom_aabb_of_segment(geom_segment s)
{
    geom_aabb b = {{{FLT_MAX, FLT_MAX}}, {{-FLT_MAX, -FLT_MAX}}};
    box_add(&b, s.a);
    box_add(&b, s.b);
    return b;
}

geom_aabb geom_aabb_pad(geom_aabb b, float pad)
{
    b.min.x -= pad;
    b.min.y -= pad;
    b.max.x += pad;
    b.max.y += pad;
    return b;
}

bool geom_aabb_overlap(geom_aabb a, geom_aabb b)
{
    return a.min.x <= b.max.x + GEOM_EPS && b.min.x <= a.max.x + GEOM_EPS &&
           a.min.y <= b.max.y + GEOM_EPS && b.min.y <= a.max.y + GEOM_EPS;
}

bool geom_aabb_contains(geom_aabb b, vec2s p)
{
    return p.x >= b.min.x - GEOM_EPS && p.x <= b.max.x + GEOM_EPS && p.y >= b.min.y - GEOM_EPS &&
           p.y <= b.max.y + GEOM_EPS;
}

/* ---- distances ----------------------------------------------------------------------------- */

static double closest_t(dvec a, dvec b, dvec p)
{
    dvec ab = dsub(b, a);
    double l2 = ddot(ab, ab);
    if (l2 <= 0.0)
        return 0.0;
    double t = ddot(dsub(p, a), ab) / l2;
    return t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t);
}

/* The square of point_seg_dist, whose root it is to the bit (dlen). */
static double point_seg_dist2(dvec p, dvec a, dvec b)
{
    double t = closest_t(a, b, p);
    dvec d = dsub(p, (dvec){a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t});
    return d.x * d.x + d.y * d.y;
}

static double point_seg_dist(dvec p, dvec a, dvec b)
{
    return sqrt(point_seg_dist2(p, a, b));
}

double geom_segment_closest_t(geom_segment s, vec2s p)
{
    return closest_t(dv(s.a), dv(s.b), dv(p));
}

double geom_point_segment_distance(vec2s p, geom_segment s)
{
    return point_seg_dist(dv(p), dv(s.a), dv(s.b));
}

/* True when the open segments cross at one interior point of both (exact signs). */
static bool proper_cross(dvec a, dvec b, dvec c, dvec d, double *t_on_ab)
{
    double o1 = dcross(dsub(b, a), dsub(c, a));
    double o2 = dcross(dsub(b, a), dsub(d, a));
    double o3 = dcross(dsub(d, c), dsub(a, c));
    double o4 = dcross(dsub(d, c), dsub(b, c));
    if (!((o1 > 0 && o2 < 0) || (o1 < 0 && o2 > 0)))
        return false;
    if (!((o3 > 0 && o4 < 0) || (o3 < 0 && o4 > 0)))
        return false;
    if (t_on_ab)
        *t_on_ab = o3 / (o3 - o4);
    return true;
}

static double seg_seg_dist(dvec a, dvec b, dvec c, dvec d)
{
    if (proper_cross(a, b, c, d, NULL))
        return 0.0;
    double m = point_seg_dist(a, c, d);
    m = dmin(m, point_seg_dist(b, c, d));
    m = dmin(m, point_seg_dist(c, a, b));
    return dmin(m, point_seg_dist(d, a, b));
}

double geom_segment_segment_distance(geom_segment s, geom_segment t)
{
    return seg_seg_dist(dv(s.a), dv(s.b), dv(t.a), dv(t.b));
}

/* The least of the squares, then one root: the root is monotone and correctly rounded, so it is
 * the least root to the bit. dmin's picks, a NaN's and an infinity's included, keep the root of
 * the square picked equal to the distance picked; squares of float distances stay below 1e79,
 * so a DBL_MAX left is the start, which the distances would have kept too. */
double geom_point_polygon_boundary_distance(vec2s p, const geom_polygon *poly)
{
    double m2 = DBL_MAX;
    dvec q = dv(p);
    for (int i = 0, j = poly->count - 1; i < poly->count; j = i++)
        m2 = dmin(m2, point_seg_dist2(q, dv(poly->pts[j]), dv(poly->pts[i])));
    return m2 == DBL_MAX ? DBL_MAX : sqrt(m2);
}

/* Even-odd crossing number of a ray from p towards +x (the interior test, boundary aside). */
static bool crossing_parity(dvec p, const geom_polygon *poly)
{
    bool in = false;
    for (int i = 0, j = poly->count - 1; i < poly->count; j = i++) {
        double yi = poly->pts[i].y, yj = poly->pts[j].y;
        if ((yi > p.y) == (yj > p.y))
            continue;
        double xi = poly->pts[i].x, xj = poly->pts[j].x;
        double x = xj + (p.y - yj) * (xi - xj) / (yi - yj);
        if (x > p.x)
            in = !in;
    }
    return in;
}

double geom_point_polygon_distance(vec2s p, const geom_polygon *poly)
{
    if (poly->count >= 3 && crossing_parity(dv(p), poly))
        return 0.0;
    return geom_point_polygon_boundary_distance(p, poly);
}

/* ---- predicates ---------------------------------------------------------------------------- */

/* The boundary test (a box test per edge, the distance computed only nearby) and
 * crossing_parity in one pass over the edges: an edge whose box (grown by
 * GEOM_EPS) misses p in y is neither near p nor crossed by the ray (a crossing edge spans p.y),
 * so most edges cost one test; any near edge answers BOUNDARY, as the boundary test first
 * over every edge does, and otherwise the parity is that of every crossing. A NaN in an edge's
 * y makes its crossing x NaN, so skipping it changes no parity. */
geom_location geom_point_polygon_locate(vec2s p, const geom_polygon *poly)
{
    if (poly->count <= 0)
        return GEOM_OUTSIDE;
    dvec q = dv(p);
    bool in = false;
    for (int i = 0, j = poly->count - 1; i < poly->count; j = i++) {
        dvec a = dv(poly->pts[j]), b = dv(poly->pts[i]);
        if (q.y < dmin(a.y, b.y) - GEOM_EPS || q.y > dmax(a.y, b.y) + GEOM_EPS)
            continue;
        if (!(q.x < dmin(a.x, b.x) - GEOM_EPS || q.x > dmax(a.x, b.x) + GEOM_EPS) &&
            point_seg_dist(q, a, b) <= GEOM_EPS)
            return GEOM_BOUNDARY;
        if ((b.y > q.y) == (a.y > q.y))
            continue;
        double x = a.x + (q.y - a.y) * (b.x - a.x) / (b.y - a.y);
        if (x > q.x)
            in = !in;
    }
    return poly->count >= 3 && in ? GEOM_INSIDE : GEOM_OUTSIDE;
}

bool geom_point_in_polygon(vec2s p, const geom_polygon *poly)
{
    return geom_point_polygon_locate(p, poly) != GEOM_OUTSIDE;
}

/* The smallest parameter along a->b of a touching point (an endpoint of either segment within
 * GEOM_EPS of the other), or -1 when none. */
static double first_touch_t(dvec a, dvec b, dvec c, dvec d)
{
    double best = -1.0;
    if (point_seg_dist(a, c, d) <= GEOM_EPS)
        return 0.0;
    if (point_seg_dist(c, a, b) <= GEOM_EPS)
        best = closest_t(a, b, c);
    if (point_seg_dist(d, a, b) <= GEOM_EPS) {
        double t = closest_t(a, b, d);
        best = best < 0 ? t : dmin(best, t);
    }
    if (best < 0 && point_seg_dist(b, c, d) <= GEOM_EPS)
        best = 1.0;
    return best;
}

/* Whether segments a-b and c-d lie apart by more than twice GEOM_EPS along x or y (both ends
 * of one beyond both ends of the other): then no point of one is within GEOM_EPS of the other
 * (the distances' rounding is some 1e-12 of them) and neither crosses the other. A NaN fails
 * every comparison: not apart, the exact tests decide. */
static inline bool boxes_apart(dvec a, dvec b, dvec c, dvec d)
{
    const double m = 2.0 * GEOM_EPS;
    return (a.x > c.x + m && a.x > d.x + m && b.x > c.x + m && b.x > d.x + m) ||
           (c.x > a.x + m && c.x > b.x + m && d.x > a.x + m && d.x > b.x + m) ||
           (a.y > c.y + m && a.y > d.y + m && b.y > c.y + m && b.y > d.y + m) ||
           (c.y > a.y + m && c.y > b.y + m && d.y > a.y + m && d.y > b.y + m);
}

static bool seg_intersect_t(dvec a, dvec b, dvec c, dvec d, double *t)
{
    double tt;
    if (boxes_apart(a, b, c, d)) /* the usual answer for a polyline's far edges */
        return false;
    if (proper_cross(a, b, c, d, &tt)) {
        *t = tt;
        return true;
    }
    tt = first_touch_t(a, b, c, d);
    if (tt < 0)
        return false;
    *t = tt;
    return true;
}

bool geom_segment_intersect(geom_segment s, geom_segment t, vec2s *point)
{
    double u;
    dvec a = dv(s.a), b = dv(s.b);
    if (!seg_intersect_t(a, b, dv(t.a), dv(t.b), &u))
        return false;
    if (point)
        *point = to_vec((dvec){a.x + (b.x - a.x) * u, a.y + (b.y - a.y) * u});
    return true;
}

/* A quick reject: both ends of c-d strictly on one side of the line a-b (beyond GEOM_EPS). */
static bool same_side(dvec a, dvec b, double len, dvec c, dvec d)
{
    dvec ab = dsub(b, a);
    double tol = GEOM_EPS * len;
    double o1 = dcross(ab, dsub(c, a)), o2 = dcross(ab, dsub(d, a));
    return (o1 > tol && o2 > tol) || (o1 < -tol && o2 < -tol);
}

static bool edges_hit(dvec a, dvec b, const vec2s *pts, int n, bool closed)
{
    double len = dlen(dsub(b, a));
    int first = closed ? 0 : 1;
    for (int i = first, j = closed ? n - 1 : 0; i < n; j = i++) {
        dvec c = dv(pts[j]), d = dv(pts[i]);
        if (len > GEOM_EPS && same_side(a, b, len, c, d))
            continue;
        if (seg_seg_dist(a, b, c, d) <= GEOM_EPS)
            return true;
    }
    return false;
}

bool geom_segment_polygon_intersect(geom_segment s, const geom_polygon *poly)
{
    if (poly->count <= 0)
        return false;
    dvec a = dv(s.a), b = dv(s.b);
    if (edges_hit(a, b, poly->pts, poly->count, true))
        return true;
    return poly->count >= 3 && crossing_parity(a, poly);
}

bool geom_segment_polyline_intersect(geom_segment s, const geom_polyline *line)
{
    if (line->count == 1)
        return geom_point_segment_distance(line->pts[0], s) <= GEOM_EPS;
    return edges_hit(dv(s.a), dv(s.b), line->pts, line->count, false);
}

bool geom_segment_circle_intersect(geom_segment s, vec2s centre, float radius)
{
    return geom_point_segment_distance(centre, s) <= (double)radius + GEOM_EPS;
}

bool geom_polygon_circle_overlap(const geom_polygon *poly, vec2s centre, float radius)
{
    return geom_point_polygon_distance(centre, poly) <= (double)radius + GEOM_EPS;
}

static bool any_vertex_inside(const geom_polygon *a, const geom_polygon *b)
{
    for (int i = 0; i < a->count; i++)
        if (geom_point_in_polygon(a->pts[i], b))
            return true;
    return false;
}

bool geom_polygon_polygon_overlap(const geom_polygon *a, const geom_polygon *b)
{
    for (int i = 0, j = a->count - 1; i < a->count; j = i++)
        if (edges_hit(dv(a->pts[j]), dv(a->pts[i]), b->pts, b->count, true))
            return true;
    return any_vertex_inside(a, b) || any_vertex_inside(b, a);
}

/* ---- clipping ------------------------------------------------------------------------------ */

static int cmp_double(const void *pa, const void *pb)
{
    double a = *(const double *)pa, b = *(const double *)pb;
    return (a > b) - (a < b);
}

/* Ascending, stable like glibc's qsort (a merge sort) so the order is the same; the few
 * crossings of one segment are sorted in place rather than through qsort's calls. */
void geom_sort_doubles(double *v, int n)
{
    if (n > 16) {
        qsort(v, (size_t)n, sizeof *v, cmp_double);
        return;
    }
    for (int i = 1; i < n; i++) {
        double x = v[i];
        int j = i;
        for (; j > 0 && v[j - 1] > x; j--)
            v[j] = v[j - 1];
        v[j] = x;
    }
}

static void push_t(double *ts, int *n, double t)
{
    ts[(*n)++] = t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t);
}

/* How far beyond GEOM_EPS every edge must stay from a segment for clip_candidates to call it
 * far: a hundred times GEOM_EPS, far above the float rounding of a point on the segment while
 * its coordinates stay below CLIP_FAR_SANE (an ulp of 1e4 is 1e-3 of a centimetre). */
#define CLIP_FAR      1e-2
#define CLIP_FAR_SANE 1e4

/* Whether edge c-d lies farther than GEOM_EPS + CLIP_FAR from every point of a-b: both its
 * ends beyond that on one side of the line (o1 and o2, the line's cross products with them,
 * times len), or the two apart by more than that along x or y. */
static bool edge_far(dvec a, dvec b, double len, dvec c, dvec d, double o1, double o2)
{
    double tol = (GEOM_EPS + CLIP_FAR) * len, m = 2.0 * GEOM_EPS + CLIP_FAR;
    return (o1 > tol && o2 > tol) || (o1 < -tol && o2 < -tol) ||
           (a.x > c.x + m && a.x > d.x + m && b.x > c.x + m && b.x > d.x + m) ||
           (c.x > a.x + m && c.x > b.x + m && d.x > a.x + m && d.x > b.x + m) ||
           (a.y > c.y + m && a.y > d.y + m && b.y > c.y + m && b.y > d.y + m) ||
           (c.y > a.y + m && c.y > b.y + m && d.y > a.y + m && d.y > b.y + m);
}

/* Every parameter where the segment may change between inside and outside: its ends, proper
 * crossings, and the projections of polygon vertices lying on it (touches, collinear runs).
 * *far: every edge is edge_far of the segment (only then are the candidates just the ends). */
static int clip_candidates(dvec a, dvec b, double len, const geom_polygon *poly, double *ts,
                           bool *far)
{
    int n = 0;
    push_t(ts, &n, 0.0);
    push_t(ts, &n, 1.0);
    dvec ab = dsub(b, a);
    double tol = GEOM_EPS * len;
    bool all_far = fabs(a.x) < CLIP_FAR_SANE && fabs(a.y) < CLIP_FAR_SANE &&
                   fabs(b.x) < CLIP_FAR_SANE && fabs(b.y) < CLIP_FAR_SANE;
    for (int i = 0, j = poly->count - 1; i < poly->count; j = i++) {
        dvec c = dv(poly->pts[j]), d = dv(poly->pts[i]);
        /* neither crosses nor comes within GEOM_EPS of d (same_side, boxes_apart): nothing to
         * add; same_side's products, worked out once for edge_far too */
        double o1 = dcross(ab, dsub(c, a)), o2 = dcross(ab, dsub(d, a));
        if ((o1 > tol && o2 > tol) || (o1 < -tol && o2 < -tol) || boxes_apart(a, b, c, d)) {
            all_far = all_far && edge_far(a, b, len, c, d, o1, o2);
            continue;
        }
        all_far = false;
        double t;
        if (proper_cross(a, b, c, d, &t))
            push_t(ts, &n, t);
        if (point_seg_dist(d, a, b) <= GEOM_EPS)
            push_t(ts, &n, closest_t(a, b, d));
    }
    geom_sort_doubles(ts, n);
    int k = 0;
    double merge = GEOM_EPS / len;
    for (int i = 0; i < n; i++)
        if (k == 0 || ts[i] - ts[k - 1] > merge)
            ts[k++] = ts[i];
    if (ts[k - 1] < 1.0) /* the last kept value absorbed 1.0: keep the exact end */
        ts[k - 1] = 1.0;
    *far = all_far;
    return k;
}

/* One edge of a polygon as geom_point_polygon_locate reads it (a = pts[j], b = pts[i]), its
 * box grown by GEOM_EPS worked out once: a clip tests several points of one polygon. */
typedef struct prep_edge {
    dvec a, b;
    double ylo, yhi, xlo, xhi;
} prep_edge;

/* Up to this many edges a clip prepares them on the stack; more go the plain way. */
enum { PREP_EDGES_MAX = 64 };

/* The edges of poly, in geom_point_polygon_locate's order; false (none written) when there are
 * more than PREP_EDGES_MAX or none. */
static bool prep_edges(const geom_polygon *poly, prep_edge *e)
{
    if (poly->count <= 0 || poly->count > PREP_EDGES_MAX)
        return false;
    for (int i = 0, j = poly->count - 1; i < poly->count; j = i++) {
        dvec a = dv(poly->pts[j]), b = dv(poly->pts[i]);
        e[i] = (prep_edge){a,
                           b,
                           dmin(a.y, b.y) - GEOM_EPS,
                           dmax(a.y, b.y) + GEOM_EPS,
                           dmin(a.x, b.x) - GEOM_EPS,
                           dmax(a.x, b.x) + GEOM_EPS};
    }
    return true;
}

/* geom_point_in_polygon(p, poly) from poly's prepared edges (n of them, n >= 1): the same
 * tests in the same order on the same values. */
static bool in_prepared(vec2s p, const prep_edge *e, int n)
{
    dvec q = dv(p);
    bool in = false;
    for (int i = 0; i < n; i++) {
        if (q.y < e[i].ylo || q.y > e[i].yhi)
            continue;
        dvec a = e[i].a, b = e[i].b;
        if (!(q.x < e[i].xlo || q.x > e[i].xhi) && point_seg_dist(q, a, b) <= GEOM_EPS)
            return true; /* GEOM_BOUNDARY */
        if ((b.y > q.y) == (a.y > q.y))
            continue;
        double x = a.x + (q.y - a.y) * (b.x - a.x) / (b.y - a.y);
        if (x > q.x)
            in = !in;
    }
    return n >= 3 && in;
}

/* Whether the point at t along a->b is in the polygon: from its prepared edges when there are
 * (pe not NULL), else geom_point_in_polygon. */
static bool inside_at(dvec a, dvec b, double t, const geom_polygon *poly, const prep_edge *pe)
{
    vec2s p = to_vec((dvec){a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t});
    return pe ? in_prepared(p, pe, poly->count) : geom_point_in_polygon(p, poly);
}

static void emit(geom_interval *out, int max, int *count, double t0, double t1)
{
    if (*count < max)
        out[*count] = (geom_interval){t0, t1};
    (*count)++;
}

/* Walks candidates and the midpoints between them; runs of inside samples become intervals. */
static int build_intervals(dvec a, dvec b, const double *ts, int k, const geom_polygon *poly,
                           geom_interval *out, int max)
{
    prep_edge stack[PREP_EDGES_MAX];
    const prep_edge *pe = prep_edges(poly, stack) ? stack : NULL;
    int count = 0;
    bool open = false;
    double start = 0.0, last = 0.0;
    for (int i = 0; i < k; i++) {
        bool in_pt = inside_at(a, b, ts[i], poly, pe);
        if (in_pt && !open) {
            open = true;
            start = ts[i];
        } else if (!in_pt && open) {
            emit(out, max, &count, start, last);
            open = false;
        }
        if (in_pt)
            last = ts[i];
        if (i + 1 == k)
            break;
        bool in_mid = inside_at(a, b, 0.5 * (ts[i] + ts[i + 1]), poly, pe);
        if (in_mid && !open) { /* only after rounding: start the run at the sample before */
            open = true;
            start = ts[i];
        } else if (!in_mid && open) {
            emit(out, max, &count, start, last);
            open = false;
        }
        if (in_mid)
            last = ts[i + 1];
    }
    if (open)
        emit(out, max, &count, start, last);
    return count;
}

int geom_segment_clip_polygon(geom_segment s, const geom_polygon *poly, geom_interval *out, int max)
{
    if (poly->count <= 0)
        return 0;
    dvec a = dv(s.a), b = dv(s.b);
    double len = dlen(dsub(b, a));
    if (len <= GEOM_EPS) {
        if (!geom_point_in_polygon(s.a, poly))
            return 0;
        emit(out, max, &(int){0}, 0.0, 1.0);
        return 1;
    }
    double stack_ts[130];
    int need = 2 + 2 * poly->count;
    double *ts = need <= 130 ? stack_ts : mem_calloc((size_t)need, sizeof *ts);
    bool far;
    int k = clip_candidates(a, b, len, poly, ts, &far);
    int count;
    if (far) {
        /* No edge comes within GEOM_EPS + CLIP_FAR of the segment: build_intervals' samples
         * (its ends and middle, each within float rounding of it) are none of them within
         * GEOM_EPS of the boundary, so each one's crossing parity is that of the true
         * polygon, which no edge crossing the segment changes along it. They all answer as
         * its start (inside_at at t = 0 is s.a itself): [0, 1] or nothing, as there. */
        count = 0;
        if (geom_point_in_polygon(s.a, poly))
            emit(out, max, &count, 0.0, 1.0);
    } else {
        count = build_intervals(a, b, ts, k, poly, out, max);
    }
    if (ts != stack_ts)
        free(ts);
    return count;
}

double geom_segment_length_inside(geom_segment s, const geom_polygon *poly)
{
    geom_interval iv[32];
    int n = geom_segment_clip_polygon(s, poly, iv, 32);
    if (n > 32) {
        geom_interval *big = mem_calloc((size_t)n, sizeof *big);
        geom_segment_clip_polygon(s, poly, big, n);
        double sum = 0;
        for (int i = 0; i < n; i++)
            sum += big[i].t1 - big[i].t0;
        free(big);
        return sum * geom_segment_length(s);
    }
    double sum = 0;
    for (int i = 0; i < n; i++)
        sum += iv[i].t1 - iv[i].t0;
    return sum * geom_segment_length(s);
}

int geom_segment_polyline_crossings(geom_segment s, const geom_polyline *line, double *out_t,
                                    int max)
{
    dvec a = dv(s.a), b = dv(s.b);
    double len = dlen(dsub(b, a));
    double merge = len > GEOM_EPS ? GEOM_EPS / len : 1.0;
    double found[64];
    int n = 0;
    for (int i = 1; i < line->count && n < 64; i++) {
        double t;
        if (seg_intersect_t(a, b, dv(line->pts[i - 1]), dv(line->pts[i]), &t))
            found[n++] = t;
    }
    geom_sort_doubles(found, n);
    int count = 0;
    double prev = -1.0;
    for (int i = 0; i < n; i++) {
        if (count > 0 && found[i] - prev <= merge)
            continue;
        if (count < max)
            out_t[count] = found[i];
        prev = found[i];
        count++;
    }
    return count;
}

/* ---- bases --------------------------------------------------------------------------------- */

/* cos and sin of a facing, remembered for the last few facings this thread asked (a unit's
 * bases share one, and a pair's gap asks the same two again and again): the same values, a
 * lookup instead of the library call. Keyed by the float's bits (-0 and 0 differ in sin). */
enum { FACING_MEMO = 8 };

static dvec facing_dir(float facing)
{
    static _Thread_local struct {
        uint32_t bits;
        bool used;
        dvec dir;
    } memo[FACING_MEMO];
    uint32_t bits;
    memcpy(&bits, &facing, sizeof bits);
    unsigned slot = (bits ^ (bits >> 13) ^ (bits >> 23)) & (FACING_MEMO - 1);
    if (!memo[slot].used || memo[slot].bits != bits) {
        memo[slot].bits = bits;
        memo[slot].used = true;
        memo[slot].dir = (dvec){cos(facing), sin(facing)};
    }
    return memo[slot].dir;
}

void geom_base_corners(const geom_placed_base *b, vec2s out[4])
{
    double w, d;
    if (b->base.kind == GEOM_BASE_RECT) {
        w = b->base.frontage_cm * 0.5;
        d = b->base.depth_cm * 0.5;
    } else {
        w = d = b->base.radius_cm;
    }
    dvec f = facing_dir(b->facing);
    dvec r = {-f.y, f.x}; /* the stand's right hand (facing + 90 degrees) */
    dvec c = dv(b->pos);
    out[0] = to_vec((dvec){c.x + f.x * d - r.x * w, c.y + f.y * d - r.y * w});
    out[1] = to_vec((dvec){c.x + f.x * d + r.x * w, c.y + f.y * d + r.y * w});
    out[2] = to_vec((dvec){c.x - f.x * d + r.x * w, c.y - f.y * d + r.y * w});
    out[3] = to_vec((dvec){c.x - f.x * d - r.x * w, c.y - f.y * d - r.y * w});
}

geom_aabb geom_base_bounds(const geom_placed_base *b)
{
    if (b->base.kind == GEOM_BASE_ROUND) {
        float r = b->base.radius_cm;
        return (geom_aabb){{{b->pos.x - r, b->pos.y - r}}, {{b->pos.x + r, b->pos.y + r}}};
    }
    vec2s c[4];
    geom_base_corners(b, c);
    return geom_aabb_of_points(c, 4);
}

static bool is_round(const geom_placed_base *b)
{
    return b->base.kind != GEOM_BASE_RECT;
}

bool geom_base_contains(const geom_placed_base *b, vec2s p)
{
    return geom_base_point_distance(b, p) <= GEOM_EPS;
}

bool geom_segment_base_intersect(geom_segment s, const geom_placed_base *b)
{
    if (is_round(b))
        return geom_segment_circle_intersect(s, b->pos, b->base.radius_cm);
    vec2s c[4];
    geom_base_corners(b, c);
    return geom_segment_polygon_intersect(s, &(geom_polygon){c, 4});
}

double geom_base_centre_distance(const geom_placed_base *a, const geom_placed_base *b)
{
    return geom_point_distance(a->pos, b->pos);
}

double geom_base_point_distance(const geom_placed_base *b, vec2s p)
{
    if (is_round(b))
        return dmax(0.0, geom_point_distance(b->pos, p) - b->base.radius_cm);
    vec2s c[4];
    geom_base_corners(b, c);
    return geom_point_polygon_distance(p, &(geom_polygon){c, 4});
}

/* The box of a polygon's points, in doubles. */
static void dbox(const geom_polygon *p, dvec *lo, dvec *hi)
{
    *lo = *hi = dv(p->pts[0]);
    for (int i = 1; i < p->count; i++) {
        dvec q = dv(p->pts[i]);
        *lo = (dvec){dmin(lo->x, q.x), dmin(lo->y, q.y)};
        *hi = (dvec){dmax(hi->x, q.x), dmax(hi->y, q.y)};
    }
}

/* Smallest vertex of `a` to edge of `b` distance. */
static double vertex_edge_min(double m, const geom_polygon *a, const geom_polygon *b)
{
    for (int i = 0; i < a->count; i++) {
        dvec p = dv(a->pts[i]);
        for (int k = 0, l = b->count - 1; k < b->count; l = k++)
            m = dmin(m, point_seg_dist(p, dv(b->pts[l]), dv(b->pts[k])));
    }
    return m;
}

/* Whether the polygons overlap, answered as polygon_gap decides it is 0: boxes further apart
 * than the tolerance cannot overlap (no edge comes within GEOM_EPS of the other's, no vertex is
 * inside the other), so the test is skipped for them. */
static bool polygons_touch(const geom_polygon *a, const geom_polygon *b)
{
    dvec alo, ahi, blo, bhi;
    dbox(a, &alo, &ahi);
    dbox(b, &blo, &bhi);
    double sep = 2.0 * GEOM_EPS;
    bool apart =
        alo.x > bhi.x + sep || blo.x > ahi.x + sep || alo.y > bhi.y + sep || blo.y > ahi.y + sep;
    return !apart && geom_polygon_polygon_overlap(a, b);
}

/* A quadrilateral's edges as point_seg_dist takes them (edge k from pts[k-1], cyclic, to pts[k],
 * the order vertex_edge_min walks), with what does not depend on the vertex worked out once. */
typedef struct {
    dvec a[4], ab[4];
    double l2[4];
} quad_edges;

static void quad_edges_of(const geom_polygon *q, quad_edges *qe)
{
    for (int k = 0, l = 3; k < 4; l = k++) {
        qe->a[k] = dv(q->pts[l]);
        qe->ab[k] = dsub(dv(q->pts[k]), qe->a[k]);
        qe->l2[k] = ddot(qe->ab[k], qe->ab[k]);
    }
}

/* The square of point_seg_dist(p, edge k): the same operations in the same order, less the
 * root (closest_t's t, then p less the closest point). */
static inline double quad_edge_dist2(dvec p, const quad_edges *qe, int k)
{
    dvec a = qe->a[k], ab = qe->ab[k];
    double t = 0.0;
    if (!(qe->l2[k] <= 0.0)) {
        t = ddot(dsub(p, a), ab) / qe->l2[k];
        t = t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t);
    }
    dvec d = dsub(p, (dvec){a.x + ab.x * t, a.y + ab.y * t});
    return d.x * d.x + d.y * d.y;
}

static double quad_vertex_edge_min2(double m2, const geom_polygon *a, const quad_edges *eb)
{
    for (int i = 0; i < 4; i++) {
        dvec p = dv(a->pts[i]);
        for (int k = 0; k < 4; k++)
            m2 = dmin(m2, quad_edge_dist2(p, eb, k));
    }
    return m2;
}

/* A disc holding a quadrilateral: centre between two opposite corners, radius to the farthest
 * (NaN when a corner is: the NaN is kept, so that quad_gap sends it the plain way). */
static void quad_disc(const geom_polygon *q, dvec *c, double *r)
{
    *c = (dvec){(q->pts[0].x + (double)q->pts[2].x) * 0.5,
                (q->pts[0].y + (double)q->pts[2].y) * 0.5};
    double r2 = 0.0;
    for (int i = 0; i < 4; i++) {
        dvec d = dsub(dv(q->pts[i]), *c);
        double d2 = ddot(d, d);
        r2 = d2 > r2 || d2 != d2 ? d2 : r2;
    }
    *r = sqrt(r2);
}

static double quad_vertex_min2(double m2, dvec p, const quad_edges *eb)
{
    for (int k = 0; k < 4; k++)
        m2 = dmin(m2, quad_edge_dist2(p, eb, k));
    return m2;
}

/* quad_vertex_edge_min2 less the vertices of `a` that cannot beat m2: such a vertex is farther
 * than the least so far from b's disc (centre cb, radius rb), by more than `margin`, so from
 * every edge of b. The vertex nearest cb goes first, to make m2 small early. */
static double quad_pruned_min2(double m2, const geom_polygon *a, const quad_edges *eb, dvec cb,
                               double rb, double margin)
{
    double lb[4];
    int first = 0;
    for (int i = 0; i < 4; i++) {
        lb[i] = dlen(dsub(dv(a->pts[i]), cb)) - rb - margin;
        first = lb[i] < lb[first] ? i : first;
    }
    m2 = quad_vertex_min2(m2, dv(a->pts[first]), eb);
    for (int i = 0; i < 4; i++)
        if (i != first && !(lb[i] > sqrt(m2)))
            m2 = quad_vertex_min2(m2, dv(a->pts[i]), eb);
    return m2;
}

/* vertex_edge_min both ways for two quadrilaterals, the same double: the root is monotone and
 * correctly rounded, so the root of the least square is the least root, and the edge work is
 * shared by the four vertices. A vertex is skipped only when its distance to the other's disc
 * exceeds the least distance so far by more than margin, far above the rounding of either (a few
 * 1e-16 of the coordinates' size `scale`), so each of its distances is larger than the least
 * and the least of the rest is the same double. Non-finite or huge corners go the plain way, as
 * the order of a NaN among dmin's picks matters. */
static double quad_gap(const geom_polygon *a, const geom_polygon *b)
{
    quad_edges ea, eb;
    quad_edges_of(a, &ea);
    quad_edges_of(b, &eb);
    dvec ca, cb;
    double ra, rb;
    quad_disc(a, &ca, &ra);
    quad_disc(b, &cb, &rb);
    double scale = fabs(ca.x) + fabs(ca.y) + fabs(cb.x) + fabs(cb.y) + ra + rb;
    double m2;
    if (scale <= 1e12) {
        double margin = 1e-9 * (1.0 + scale);
        m2 = quad_pruned_min2(quad_pruned_min2(DBL_MAX, a, &eb, cb, rb, margin), b, &ea, ca, ra,
                              margin);
    } else {
        m2 = quad_vertex_edge_min2(quad_vertex_edge_min2(DBL_MAX, a, &eb), b, &ea);
    }
    return m2 == DBL_MAX ? DBL_MAX : sqrt(m2);
}

static double polygon_gap(const geom_polygon *a, const geom_polygon *b)
{
    if (polygons_touch(a, b))
        return 0.0;
    /* Apart, no edge crosses another properly (such a crossing is an overlap), so the gap is
     * the least of every edge pair's endpoint-to-segment distances: each vertex against each
     * edge of the other polygon, the same values without the repeats. */
    if (a->count == 4 && b->count == 4)
        return quad_gap(a, b);
    return vertex_edge_min(vertex_edge_min(DBL_MAX, a, b), b, a);
}

double geom_base_edge_distance_exact(const geom_placed_base *a, const geom_placed_base *b)
{
    if (is_round(a) && is_round(b)) {
        double d = geom_point_distance(a->pos, b->pos) - a->base.radius_cm - b->base.radius_cm;
        return dmax(0.0, d);
    }
    if (is_round(a))
        return dmax(0.0, geom_base_point_distance(b, a->pos) - a->base.radius_cm);
    if (is_round(b))
        return dmax(0.0, geom_base_point_distance(a, b->pos) - b->base.radius_cm);
    vec2s ca[4], cb[4];
    geom_base_corners(a, ca);
    geom_base_corners(b, cb);
    return polygon_gap(&(geom_polygon){ca, 4}, &(geom_polygon){cb, 4});
}

/* For two rectangles polygon_gap is 0 exactly when polygons_touch: otherwise every vertex lies
 * more than 0 from every edge of the other (boxes apart by 2 GEOM_EPS, or each edge pair either
 * strictly on one side of a line or more than GEOM_EPS apart), and the least of those
 * distances is the gap, so it is > 0 (NaN corners: neither test passes). */
bool geom_base_touch(const geom_placed_base *a, const geom_placed_base *b)
{
    if (is_round(a) || is_round(b))
        return geom_base_edge_distance(a, b) <= 0.0;
    vec2s ca[4], cb[4];
    geom_base_corners(a, ca);
    geom_base_corners(b, cb);
    return polygons_touch(&(geom_polygon){ca, 4}, &(geom_polygon){cb, 4});
}

bool geom_base_polygon_overlap(const geom_placed_base *b, const geom_polygon *poly)
{
    if (is_round(b))
        return geom_polygon_circle_overlap(poly, b->pos, b->base.radius_cm);
    vec2s c[4];
    geom_base_corners(b, c);
    return geom_polygon_polygon_overlap(&(geom_polygon){c, 4}, poly);
}

/* ---- templates and arcs -------------------------------------------------------------------- */

bool geom_circle_contains(geom_circle c, vec2s p)
{
    return geom_point_distance(c.centre, p) <= (double)c.radius + GEOM_EPS;
}

/* Signed distance of p ahead of the diameter (positive on the round side). */
static double ahead_of(vec2s centre, float facing, vec2s p)
{
    dvec u = {cos(facing), sin(facing)};
    return ddot(dsub(dv(p), dv(centre)), u);
}

bool geom_semicircle_contains(geom_semicircle s, vec2s p)
{
    return geom_point_distance(s.centre, p) <= (double)s.radius + GEOM_EPS &&
           ahead_of(s.centre, s.facing, p) >= -GEOM_EPS;
}

bool geom_arc_contains(const geom_arc *arc, vec2s p)
{
    double d = geom_point_distance(arc->apex, p);
    if (arc->range > 0 && d > (double)arc->range + GEOM_EPS)
        return false;
    if (d <= GEOM_EPS)
        return true;
    double off = fabs(geom_angle_diff(arc->facing, atan2f(p.y - arc->apex.y, p.x - arc->apex.x)));
    if (off <= arc->half_angle)
        return true;
    /* just outside the angle: within GEOM_EPS of the boundary ray still counts */
    double beyond = off - arc->half_angle;
    return beyond < (GEOM_PI / 2) && d * sin(beyond) <= GEOM_EPS;
}

bool geom_template_contains(const geom_template *t, vec2s p)
{
    if (t->kind == GEOM_TEMPLATE_SEMICIRCLE)
        return geom_semicircle_contains((geom_semicircle){t->centre, t->radius, t->facing}, p);
    return geom_circle_contains((geom_circle){t->centre, t->radius}, p);
}

/* Distance from p to the closed half disc. */
static double point_half_disc_distance(const geom_template *t, vec2s p)
{
    if (ahead_of(t->centre, t->facing, p) >= 0)
        return dmax(0.0, geom_point_distance(t->centre, p) - t->radius);
    dvec u = {cos(t->facing), sin(t->facing)};
    dvec v = {-u.y * t->radius, u.x * t->radius};
    dvec c = dv(t->centre);
    return point_seg_dist(dv(p), (dvec){c.x - v.x, c.y - v.y}, (dvec){c.x + v.x, c.y + v.y});
}

/* Clips a convex polygon to the half plane ahead of the diameter (grown by GEOM_EPS). */
static int clip_half_plane(const vec2s *in, int n, const geom_template *t, vec2s *out)
{
    int k = 0;
    for (int i = 0, j = n - 1; i < n; j = i++) {
        double dj = ahead_of(t->centre, t->facing, in[j]) + GEOM_EPS;
        double di = ahead_of(t->centre, t->facing, in[i]) + GEOM_EPS;
        if ((dj >= 0) != (di >= 0))
            out[k++] = geom_lerp(in[j], in[i], dj / (dj - di));
        if (di >= 0)
            out[k++] = in[i];
    }
    return k;
}

bool geom_template_base_overlap(const geom_template *t, const geom_placed_base *b)
{
    if (is_round(b)) {
        double d = t->kind == GEOM_TEMPLATE_SEMICIRCLE
                       ? point_half_disc_distance(t, b->pos)
                       : dmax(0.0, geom_point_distance(t->centre, b->pos) - t->radius);
        return d <= (double)b->base.radius_cm + GEOM_EPS;
    }
    vec2s c[4], clipped[8];
    geom_base_corners(b, c);
    if (t->kind != GEOM_TEMPLATE_SEMICIRCLE)
        return geom_polygon_circle_overlap(&(geom_polygon){c, 4}, t->centre, t->radius);
    int k = clip_half_plane(c, 4, t, clipped);
    if (k == 0)
        return false;
    return geom_polygon_circle_overlap(&(geom_polygon){clipped, k}, t->centre, t->radius);
}

/* The two straight sides of the sector, as segments (long ones when the range is unlimited). */
static void arc_sides(const geom_arc *arc, geom_segment out[2])
{
    float reach = arc->range > 0 ? arc->range : 1e6f;
    for (int k = 0; k < 2; k++) {
        vec2s d = geom_dir(arc->facing + (k ? arc->half_angle : -arc->half_angle));
        out[k] =
            (geom_segment){arc->apex, {{arc->apex.x + d.x * reach, arc->apex.y + d.y * reach}}};
    }
}

static bool round_arc_overlap(const geom_arc *arc, vec2s c, float r)
{
    if (geom_arc_contains(arc, c))
        return true;
    double d = geom_point_distance(arc->apex, c);
    if (arc->range > 0 && d > (double)arc->range + r + GEOM_EPS)
        return false;
    if (arc->half_angle >= GEOM_PI)
        return false; /* a full disc: the contains test above was exact up to the rim */
    geom_segment sides[2];
    arc_sides(arc, sides);
    for (int k = 0; k < 2; k++)
        if (geom_point_segment_distance(c, sides[k]) <= (double)r + GEOM_EPS)
            return true;
    /* the curved rim: the nearest point of the disc's rim lies towards c */
    double off = fabs(geom_angle_diff(arc->facing, atan2f(c.y - arc->apex.y, c.x - arc->apex.x)));
    return arc->range > 0 && off <= arc->half_angle && d - arc->range <= (double)r + GEOM_EPS;
}

static bool rect_arc_overlap(const geom_arc *arc, const geom_placed_base *b)
{
    vec2s c[4];
    geom_base_corners(b, c);
    geom_polygon poly = {c, 4};
    if (geom_point_in_polygon(arc->apex, &poly))
        return true;
    geom_segment sides[2];
    arc_sides(arc, sides);
    for (int i = 0, j = 3; i < 4; j = i++) {
        if (geom_arc_contains(arc, c[i]))
            return true;
        geom_segment e = {c[j], c[i]};
        double t = geom_segment_closest_t(e, arc->apex);
        if (geom_arc_contains(arc, geom_lerp(e.a, e.b, t)))
            return true;
    }
    if (arc->half_angle >= GEOM_PI)
        return false;
    return geom_segment_polygon_intersect(sides[0], &poly) ||
           geom_segment_polygon_intersect(sides[1], &poly);
}

bool geom_arc_base_overlap(const geom_arc *arc, const geom_placed_base *b)
{
    if (is_round(b))
        return round_arc_overlap(arc, b->pos, b->base.radius_cm);
    return rect_arc_overlap(arc, b);
}
