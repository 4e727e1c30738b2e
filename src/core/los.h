/* Line of sight on the table, as pure functions over a caller-owned index.
 *
 * The sight line runs between base centres (or a base centre and a point). A terrain feature
 * can block it only when it is taller (strictly) than the taller of the two eyes (heights in
 * feet: table_posture_eye_ft, table_feature_height_ft). Then, by the type's `los` class:
 *   TERRAIN_LOS_CLEAR  never blocks (a single tree, a small building, open ground, roads).
 *   TERRAIN_LOS_SOLID  blocks any crossing or touch (house, high wall, thick bamboo). A figure
 *                      standing inside it sees out (and is seen) only through at most the
 *                      see-into depth of it: a man at a window, not one deep inside.
 *   TERRAIN_LOS_AREA   (wood, jungle, town) blocks when the sight line runs more than the
 *                      see-into depth (default 2.5 cm, 1") inside it: a figure at the edge sees
 *                      out and is seen, a line through the wood or from deep inside is blocked.
 * Linear features (walls, hedges) that are tall enough and not CLEAR block any crossing, except
 * a touch at either end of the sight line. Optionally figure bases lying across the sight line
 * block too (never the two figures themselves). docs/geometry.md states the rule with examples.
 *
 * The index holds a copy of the static terrain behind a uniform grid; queries only read it, so
 * any number of threads may share one. Rebuild it when the terrain changes.
 */
#ifndef CORE_LOS_H
#define CORE_LOS_H

#include "core/geom.h"
#include "core/table.h"

#include <stdbool.h>

#define LOS_SEE_INTO_DEFAULT_CM 2.5f

typedef struct los_index los_index;

/* Zero means default. */
typedef struct los_desc {
    float see_into_cm; /* see-into depth for AREA (and occupied SOLID) terrain; 0: 2.5 cm */
    float cell_cm;     /* grid cell size; 0 picks one from the terrain's edge lengths */
} los_desc;

los_index *los_create(const table *t, const los_desc *desc);
void los_destroy(los_index *ix);

typedef enum los_verdict {
    LOS_CLEAR = 0,
    LOS_BLOCKED_TERRAIN,
    LOS_BLOCKED_FIGURE,
} los_verdict;

typedef struct los_result {
    los_verdict verdict;
    int feature;      /* LOS_BLOCKED_TERRAIN: index into table.features; else -1 */
    figure_id figure; /* LOS_BLOCKED_FIGURE: the base in the way; else 0 */
    float inside_cm;  /* LOS_BLOCKED_TERRAIN by an AREA: sight line length inside it */
} los_result;

/* Per query; zero means terrain only. */
typedef struct los_opts {
    bool bases_block;  /* active figures' bases across the line block it */
    side_id base_side; /* with bases_block: only this side's bases block (0: every side) */
} los_opts;

/* Terrain only, between two points, for eyes of `eye_ft` (the taller of the two): true when
 * blocked. The fast form used for bulk queries; *feature (may be NULL) names the blocker. */
bool los_blocked(const los_index *ix, vec2s a, vec2s b, float eye_ft, int *feature);

/* A length past which every terrain sight line from p, for eyes of `eye_ft`, is blocked
 * (los_blocked answers true for any b farther than that from p): p deep inside a convex
 * sight-blocking area. INFINITY when nothing so cheap is known. For searches from one point
 * that only ask "hidden or not" of many targets. */
float los_blind_radius(const los_index *ix, vec2s p, float eye_ft);

/* Between two points: terrain, then (if asked) every active figure's base across the line. */
los_result los_points(const los_index *ix, const table *t, vec2s a, vec2s b, float eye_ft,
                      const los_opts *opts);

/* Between two figures' base centres, for the taller of their eyes. */
los_result los_figures(const los_index *ix, const table *t, figure_id a, figure_id b,
                       const los_opts *opts);

/* From a figure to a point whose own height is `point_ft` (0 for the ground). */
los_result los_figure_point(const los_index *ix, const table *t, figure_id a, vec2s p,
                            float point_ft, const los_opts *opts);

/* ---- group queries ------------------------------------------------------------------------ */

typedef struct los_template_desc {
    bool centre_only; /* count a figure when its centre is inside (default: any part touching) */
    side_id side;     /* only this side (0: every side) */
} los_template_desc;

/* Active figures inside a circle or semicircle template, nearest the template centre first.
 * Writes at most max ids and returns how many there are. */
int los_template_figures(const table *t, const geom_template *tpl, const los_template_desc *d,
                         figure_id *out, int max);

typedef struct los_arc_desc {
    float half_angle;  /* radians either side of the viewer's facing; 0: pi (all round) */
    float range_cm;    /* 0: unlimited */
    bool edge_to_edge; /* range measured base edge to base edge (default: centre to centre) */
    bool centre_only;  /* target's centre must be in the arc (default: any part of its base) */
    los_opts sight;    /* how the sight line is checked */
} los_arc_desc;

/* Active enemy figures (other sides) in the viewer's arc, within range and in sight, nearest
 * first. Writes at most max ids and returns how many there are. */
int los_arc_targets(const los_index *ix, const table *t, figure_id viewer, const los_arc_desc *d,
                    figure_id *out, int max);

#endif // CORE_LOS_H
