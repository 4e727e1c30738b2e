/* Plane geometry on the table, in centimetres.
 *
 * Coordinates: x grows to the right, y grows down the table as seen on screen (the same as SDL's
 * screen axes). Angles are in radians, measured from +x towards +y (clockwise on screen).
 * Vectors are cglm's struct API type `vec2s` (floats: 1e-5 cm resolution over a 10 m table);
 * predicates promote to double internally.
 *
 * GEOM_EPS is the one tolerance used by every predicate. The rule behind all of them:
 *
 *     two shapes intersect when the distance between them is at most GEOM_EPS.
 *
 * So touching counts as intersecting: segments that share only an endpoint intersect; collinear
 * overlapping segments intersect; a segment that grazes a polygon's vertex intersects it; a point
 * on (or within GEOM_EPS of) a polygon's boundary is inside it (polygons are closed sets); a
 * base whose edge touches a template is in it. Two points closer than GEOM_EPS are the same
 * point. A segment shorter than GEOM_EPS behaves as a point. docs/geometry.md has the details.
 */
#ifndef CORE_GEOM_H
#define CORE_GEOM_H

#include <cglm/struct.h>
#include <math.h>
#include <stdbool.h>
#include <stddef.h>

#define GEOM_EPS 1e-4
#define GEOM_PI  3.14159265358979323846

typedef struct geom_segment {
    vec2s a, b;
} geom_segment;

/* A simple polygon (concave allowed, no self-intersection), vertices in either winding order,
 * not closed (the last vertex joins the first implicitly). Owned by whoever allocated `pts`. */
typedef struct geom_polygon {
    vec2s *pts;
    int count;
} geom_polygon;

/* An open polyline (walls, hedges, streams, roads). */
typedef struct geom_polyline {
    vec2s *pts;
    int count;
} geom_polyline;

/* Axis-aligned bounding box. */
typedef struct geom_aabb {
    vec2s min, max;
} geom_aabb;

typedef enum geom_base_kind {
    GEOM_BASE_ROUND = 0, /* a figure on a round base: radius */
    GEOM_BASE_RECT,      /* a stand: frontage (across the facing) x depth (along the facing) */
} geom_base_kind;

typedef struct geom_base {
    geom_base_kind kind;
    float radius_cm;   /* GEOM_BASE_ROUND */
    float frontage_cm; /* GEOM_BASE_RECT */
    float depth_cm;    /* GEOM_BASE_RECT */
} geom_base;

/* A base placed on the table: its centre and facing (radians). A rectangular stand is centred
 * on `pos`; its front edge (frontage wide) is depth/2 ahead of the centre along the facing. */
typedef struct geom_placed_base {
    geom_base base;
    vec2s pos;
    float facing;
} geom_placed_base;

typedef struct geom_circle {
    vec2s centre;
    float radius;
} geom_circle;

/* A half disc: the points of the disc on the side of the diameter that `facing` points to.
 * The flat side (the diameter) faces away from `facing`. Area fire: centre on the target
 * figure, facing = the direction from the firer to the target. */
typedef struct geom_semicircle {
    vec2s centre;
    float radius;
    float facing;
} geom_semicircle;

/* A field of view: the points within `range` of `apex` whose bearing is within `half_angle`
 * of `facing` (both boundaries included). range <= 0 means unlimited. */
typedef struct geom_arc {
    vec2s apex;
    float facing;
    float half_angle;
    float range;
} geom_arc;

/* A template (area-fire circle or semicircle) as one tagged value. */
typedef enum geom_template_kind {
    GEOM_TEMPLATE_CIRCLE = 0,
    GEOM_TEMPLATE_SEMICIRCLE,
} geom_template_kind;

typedef struct geom_template {
    geom_template_kind kind;
    vec2s centre;
    float radius;
    float facing; /* GEOM_TEMPLATE_SEMICIRCLE only */
} geom_template;

/* A closed interval [t0, t1] of parameters along a segment (0 at a, 1 at b). */
typedef struct geom_interval {
    double t0, t1;
} geom_interval;

/* Where a point lies relative to a closed polygon. */
typedef enum geom_location {
    GEOM_OUTSIDE = 0,
    GEOM_BOUNDARY, /* within GEOM_EPS of an edge */
    GEOM_INSIDE,
} geom_location;

/* ---- vectors and small helpers ------------------------------------------------------------ */

/* The unit vector of an angle (radians, +x towards +y). */
vec2s geom_dir(float angle);
/* The angle of a vector, in (-pi, pi]. */
float geom_angle_of(vec2s v);
/* The signed difference b - a wrapped to (-pi, pi]. */
float geom_angle_diff(float a, float b);
/* Twice the signed area of triangle (a, b, c); positive when c lies to the left of a->b in a
 * y-up frame (clockwise on screen). */
double geom_orient(vec2s a, vec2s b, vec2s c);
/* a + (b - a) * t. */
vec2s geom_lerp(vec2s a, vec2s b, double t);
double geom_segment_length(geom_segment s);

/* ---- bounding boxes ------------------------------------------------------------------------ */

geom_aabb geom_aabb_of_points(const vec2s *pts, int count);
geom_aabb geom_aabb_of_segment(geom_segment s);
/* Grown by `pad` on every side. */
geom_aabb geom_aabb_pad(geom_aabb b, float pad);
/* True when the boxes overlap or touch (within GEOM_EPS). */
bool geom_aabb_overlap(geom_aabb a, geom_aabb b);
bool geom_aabb_contains(geom_aabb b, vec2s p);

/* ---- distances ----------------------------------------------------------------------------- */

/* Inline (the rule sets measure every pair they pass): in doubles, as everything in geom.c. */
static inline double geom_point_distance(vec2s a, vec2s b)
{
    double x = (double)b.x - (double)a.x, y = (double)b.y - (double)a.y;
    return sqrt(x * x + y * y);
}
double geom_point_segment_distance(vec2s p, geom_segment s);
/* The parameter t in [0, 1] of the point of s closest to p. */
double geom_segment_closest_t(geom_segment s, vec2s p);
/* 0 when the segments intersect. */
double geom_segment_segment_distance(geom_segment s, geom_segment t);
/* Distance from p to the boundary of the polygon (0 on the boundary). */
double geom_point_polygon_boundary_distance(vec2s p, const geom_polygon *poly);
/* Distance from p to the closed region (0 inside). */
double geom_point_polygon_distance(vec2s p, const geom_polygon *poly);

/* ---- predicates (touching = intersecting; see the file comment) ---------------------------- */

geom_location geom_point_polygon_locate(vec2s p, const geom_polygon *poly);
/* Inside or on the boundary. */
bool geom_point_in_polygon(vec2s p, const geom_polygon *poly);
/* True when the segments intersect. When `point` is not NULL it receives an intersection
 * point: the crossing point, or for touching/collinear cases the point of s (nearest a) that
 * lies on t. */
bool geom_segment_intersect(geom_segment s, geom_segment t, vec2s *point);
/* True when the segment meets the closed polygon region (crosses, touches, or lies inside). */
bool geom_segment_polygon_intersect(geom_segment s, const geom_polygon *poly);
/* True when the segment meets the polyline. */
bool geom_segment_polyline_intersect(geom_segment s, const geom_polyline *line);
/* True when the segment meets the closed disc. */
bool geom_segment_circle_intersect(geom_segment s, vec2s centre, float radius);
/* True when the closed polygon and the closed disc share a point. */
bool geom_polygon_circle_overlap(const geom_polygon *poly, vec2s centre, float radius);
/* True when two closed polygons share a point. */
bool geom_polygon_polygon_overlap(const geom_polygon *a, const geom_polygon *b);

/* Clips segment s to the closed polygon: writes the parameter intervals of s that lie inside
 * (or on the boundary), sorted and disjoint, into out (at most max) and returns their number
 * (which may exceed max: then only the first max were written). A segment that only touches
 * the polygon gives a zero-length interval. */
int geom_segment_clip_polygon(geom_segment s, const geom_polygon *poly, geom_interval *out,
                              int max);
/* The length of s inside the closed polygon (sum of the clipped intervals). */
double geom_segment_length_inside(geom_segment s, const geom_polygon *poly);

/* Crossings of segment s with a polyline: writes the parameters t along s (sorted, one per
 * crossing; a touch at a polyline vertex shared by two pieces counts once) and returns their
 * number (may exceed max). */
int geom_segment_polyline_crossings(geom_segment s, const geom_polyline *line, double *out_t,
                                    int max);

/* ---- bases --------------------------------------------------------------------------------- */

/* The four corners of a rectangular stand (front-left, front-right, back-right, back-left as
 * seen by the stand). For a round base, the corners of the square around it. */
void geom_base_corners(const geom_placed_base *b, vec2s out[4]);
geom_aabb geom_base_bounds(const geom_placed_base *b);
/* True when p is on or inside the base. */
bool geom_base_contains(const geom_placed_base *b, vec2s p);
bool geom_segment_base_intersect(geom_segment s, const geom_placed_base *b);
/* Distance between the centres. */
double geom_base_centre_distance(const geom_placed_base *a, const geom_placed_base *b);
/* Gap between the base edges; 0 when they touch or overlap. */
double geom_base_edge_distance_exact(const geom_placed_base *a, const geom_placed_base *b);
/* Inline for two round bases (the rule sets measure every pair): centre distance less both
 * radii, never below 0; geom_base_edge_distance_exact for the rest. */
static inline double geom_base_edge_distance(const geom_placed_base *a, const geom_placed_base *b)
{
    if (a->base.kind != GEOM_BASE_RECT && b->base.kind != GEOM_BASE_RECT) {
        double d = geom_point_distance(a->pos, b->pos) - a->base.radius_cm - b->base.radius_cm;
        return 0.0 > d ? 0.0 : d;
    }
    return geom_base_edge_distance_exact(a, b);
}
/* geom_base_edge_distance(a, b) <= 0, the same verdict without measuring the gap of two
 * rectangles that do not touch (the costly part when only the verdict is wanted). */
bool geom_base_touch(const geom_placed_base *a, const geom_placed_base *b);
/* Gap between the base edge and a point; 0 when the point is on or inside the base. */
double geom_base_point_distance(const geom_placed_base *b, vec2s p);
bool geom_base_polygon_overlap(const geom_placed_base *b, const geom_polygon *poly);

/* ---- templates and arcs -------------------------------------------------------------------- */

bool geom_circle_contains(geom_circle c, vec2s p);
bool geom_semicircle_contains(geom_semicircle s, vec2s p);
bool geom_arc_contains(const geom_arc *arc, vec2s p);
bool geom_template_contains(const geom_template *t, vec2s p);
/* True when any part of the base touches the arc's sector (exact for round bases; for stands,
 * by corners, edges and the sector's sides). */
bool geom_arc_base_overlap(const geom_arc *arc, const geom_placed_base *b);
/* True when any part of the base touches the template. */
bool geom_template_base_overlap(const geom_template *t, const geom_placed_base *b);

/* Sorts v ascending in the very order glibc's qsort (a stable merge sort) gives, so results
 * stay bit-identical; short arrays (the few crossings of a segment) by insertion, in place. */
void geom_sort_doubles(double *v, int n);

#endif // CORE_GEOM_H
