/* A spatial index of figures: a uniform grid of the active figures' base centres, built from a
 * table at one moment and shared by every rule set's and the engine's neighbourhood queries
 * (who could touch this base, who stands within this radius), so a query costs the figures
 * near it instead of every figure on the table.
 *
 * The index is a snapshot: it holds figure indices and the positions they had when it was
 * built. Rebuild it (spatial_build, which reuses its buffers) after figures move. Queries only
 * read it. Results are in ascending figure index, the order a scan of table.figures visits, so
 * a caller that replaces such a scan by a query gets the same answer, ties included. */
#ifndef CORE_SPATIAL_H
#define CORE_SPATIAL_H

#include "core/geom.h"
#include "core/table.h"

#include <math.h>

typedef struct spatial {
    float x0, y0, cell_cm; /* grid origin and cell size */
    int cols, rows;
    int *start;         /* cols * rows + 1 offsets into items */
    int *items;         /* figure indices, by cell, ascending within a cell */
    int count;          /* indexed figures */
    int nonfinite;      /* active figures left out: a centre that is not a number */
    float reach_max_cm; /* the largest base reach (half diagonal, or radius) indexed */
    int *scratch;       /* query buffer */
    int *indexed;       /* while building: the indexed figures' indices, ascending */
    int *cell_of;       /* per figure of the table: its cell (-1: not indexed) */
    int figures;        /* the table's figure count when built */
    int cap_cells, cap_items;
} spatial;

/* Half the widest extent of a base: no part of it lies further than this from its centre.
 * Inline: the searches ask it of every figure they pass. */
static inline float spatial_base_reach(const geom_base *b)
{
    if (b->kind == GEOM_BASE_RECT)
        return 0.5f * sqrtf(b->frontage_cm * b->frontage_cm + b->depth_cm * b->depth_cm);
    return b->radius_cm;
}

/* Indexes the active figures of t (table_figure_active), reusing s's buffers; s zeroed first
 * time. */
void spatial_build(spatial *s, const table *t);
void spatial_free(spatial *s);

/* Files the indexed figure `index` under the cell of `pos` (where it stands now), keeping each
 * cell ascending: the index is then what a build would give in the same grid, the answers the
 * same as a fresh build's. False, and nothing changed, when the grid does not cover pos from
 * its origin on (a centre left of or above it, or not a number) or the figure is not indexed:
 * build again then. */
bool spatial_move(spatial *s, int index, vec2s pos);

/* The indices (into t->figures, ascending) of the indexed figures whose base could reach into
 * `box` grown by `grow_cm`: every figure whose centre lies within grow_cm + its own reach of
 * the box is listed (and a few more may be). Returns the count; *out points into s's scratch,
 * valid until the next query. */
int spatial_near_box(spatial *s, geom_aabb box, float grow_cm, const int **out);
/* spatial_near_box's figures in no promised order (cell by cell), without its sort: for a
 * caller whose answer does not depend on the order. */
int spatial_near_box_any(spatial *s, geom_aabb box, float grow_cm, const int **out);

/* Whether figure `index` may be the answer of spatial_nearest (its side, whether it is seen). */
typedef bool (*spatial_accept_fn)(void *user, int index);

/* The index (into t->figures, s built from t) of the indexed figure whose centre is nearest p
 * among those `accept` takes (NULL: all), the lowest index of equals, as a scan of every figure
 * in order comparing squared distances with `<` finds it; -1 when none. *d2 gets the squared
 * distance (INFINITY when none). Reads the cells in rings around p, so it costs the figures
 * nearer p than the answer; accept is asked only of figures nearer than the best so far. */
int spatial_nearest(const spatial *s, const table *t, vec2s p, spatial_accept_fn accept, void *user,
                    float *d2);

#endif // CORE_SPATIAL_H
