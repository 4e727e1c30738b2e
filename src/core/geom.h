/* Plane geometry on the table, in centimetres.
 *
 * Coordinates: x grows to the right, y grows down the table as seen on screen (the same as SDL's
 * screen axes). Angles are in radians, measured from +x towards +y (clockwise on screen).
 * Vectors are cglm's struct API type `vec2s` (floats: 1e-5 cm resolution over a 10 m table);
 * predicates promote to double internally.
 *
 * GEOM_EPS is the one tolerance used by every predicate: two points closer than GEOM_EPS are the
 * same point; a point within GEOM_EPS of a segment is on it. Touching counts as intersecting:
 * segments that share only an endpoint intersect; collinear overlapping segments intersect.
 */
#ifndef CORE_GEOM_H
#define CORE_GEOM_H

#include <cglm/struct.h>
#include <stdbool.h>
#include <stddef.h>

#define GEOM_EPS 1e-4

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

#endif // CORE_GEOM_H
