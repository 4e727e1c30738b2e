/* Movement cost along a path on the table.
 *
 * A path is a start point followed by waypoints: straight stretches joined by turns. Moving a
 * distance d through terrain of multiplier m spends d * m of the allowance (cm). Where area
 * features overlap, the highest multiplier applies; a multiplier of 0 is impassable and stops
 * the figure where it would enter (touching an impassable area's edge is allowed; a figure
 * starting inside one, a garrison, may leave it but not re-enter). Outside
 * every area the clear multiplier (default 1) applies. Linear features whose type has an
 * obstacle rule (walls, hedges, streams) are reported where the path crosses them; the rule
 * set prices them: a fixed allowance cost per crossing (LCR: the 1d10 it rolled), or a stop at
 * the first one. An obstacle of type TERRAIN_OBSTACLE_IMPASSABLE (or multiplier 0) stops the
 * figure at the crossing point. A figure that cannot pay an obstacle's cost stops at it.
 * docs/geometry.md states these rules with the seed's jungle example.
 */
#ifndef CORE_PATH_H
#define CORE_PATH_H

#include "core/geom.h"
#include "core/table.h"

#include <stdbool.h>

#define PATH_MAX_POINTS    32 /* start + waypoints */
#define PATH_MAX_CROSSINGS 32 /* crossings reported; more are counted but not stored */

/* Zero means default everywhere. */
typedef struct path_desc {
    /* Per terrain type (table->type_count entries, at most TABLE_TYPES_MAX, so a rule set's
     * float[TABLE_TYPES_MAX] always holds them): the movement multiplier. NULL uses each
     * type's move_mult. 0 means impassable. */
    const float *mult;
    /* Multiplier where no area feature lies; 0 means 1. */
    float clear_mult;
    /* Per terrain type: allowance (cm) spent crossing a linear obstacle of that type. NULL
     * means crossings are free (only reported). */
    const float *obstacle_cost_cm;
    /* Stop at the first linear obstacle crossed (the figure ends on it). */
    bool stop_at_obstacle;
} path_desc;

typedef enum path_stop {
    PATH_STOP_END = 0,    /* the allowance covers the whole path: `end` is its last point */
    PATH_STOP_ALLOWANCE,  /* the allowance ran out at `end` */
    PATH_STOP_IMPASSABLE, /* an impassable feature stops the figure at `end` */
    PATH_STOP_OBSTACLE,   /* a linear obstacle stops it (stop_at_obstacle, or unpaid cost) */
} path_stop;

typedef struct path_stretch {
    float length_cm; /* geometric length */
    float cost_cm;   /* allowance to travel it in full, obstacle costs included; INFINITY
                        when it enters impassable terrain */
} path_stretch;

typedef struct path_crossing {
    int feature;   /* index into table.features */
    int stretch;   /* which stretch (0 = start to first waypoint) */
    vec2s point;   /* where the path crosses the feature's line */
    float dist_cm; /* distance along the path from the start */
    float cost_cm; /* fixed cost charged for it (from path_desc.obstacle_cost_cm) */
} path_crossing;

typedef struct path_result {
    int stretch_count;
    path_stretch stretches[PATH_MAX_POINTS - 1];
    float length_cm; /* the whole path */
    float cost_cm;   /* the whole path in full (INFINITY when impassable somewhere) */
    /* Every linear obstacle on the whole path, by distance; the first `crossed_count` of them
     * lie before `end` and were paid for. crossing_count may exceed PATH_MAX_CROSSINGS. */
    int crossing_count;
    int crossed_count;
    path_crossing crossings[PATH_MAX_CROSSINGS];
    /* Where the figure stops. */
    path_stop stop;
    vec2s end;
    int end_stretch;  /* stretch holding `end` */
    float moved_cm;   /* path distance from the start to `end` */
    float spent_cm;   /* allowance spent to get there */
    int stop_feature; /* feature that stopped it (IMPASSABLE, OBSTACLE), else -1 */
} path_result;

/* The cost of moving along pts[0] -> pts[1] -> ... -> pts[count-1] with `allowance_cm`
 * (count 1..PATH_MAX_POINTS; extra points are ignored). Fills *out and returns out->stop. */
path_stop path_cost(const table *t, const path_desc *desc, const vec2s *pts, int count,
                    float allowance_cm, path_result *out);

/* The farthest point reachable from `start` moving straight along `angle` (radians) with
 * `allowance_cm`: the end of the longest straight move the allowance could pay for, cut
 * where the allowance runs out or an impassable feature or obstacle stops it. Cheap enough to
 * call on every mouse motion. *out may be NULL. */
vec2s path_reach(const table *t, const path_desc *desc, vec2s start, float angle,
                 float allowance_cm, path_result *out);

/* The multiplier path_cost applies at point p (the highest among the areas holding p, else
 * the clear multiplier); 0 when p is in impassable terrain. *feature receives the feature that
 * sets it (-1 for clear) when not NULL. */
float path_mult_at(const table *t, const path_desc *desc, vec2s p, int *feature);

#endif // CORE_PATH_H
