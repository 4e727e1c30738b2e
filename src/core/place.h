/* Where a base may stand: bases touch but never overlap. One check for every rule set and the
 * engine, so a move, retreat, flight, evade, pursuit or arrival never stacks figures.
 *
 * Contact is not overlap: PLACE_CONTACT_CM of penetration is forgiven, so bases set edge to edge
 * by float arithmetic (close combat, a line of men shoulder to shoulder) still count as touching.
 * Only active figures (table_figure_active) block. place_blocker costs O(figures); the searches
 * (place_free_near, place_path_stop) pay that once and then test only the figures near the
 * region searched; place_blocker_indexed answers from a core/spatial.h index. */
#ifndef CORE_PLACE_H
#define CORE_PLACE_H

#include "core/geom.h"
#include "core/spatial.h"
#include "core/table.h"

#include <math.h>
#include <stdbool.h>

#define PLACE_CONTACT_CM 0.01f

/* place_bases_overlap past its quick answer (round bases apart along an axis). */
bool place_bases_overlap_exact(const geom_placed_base *a, const geom_placed_base *b);

/* True when the two bases overlap by more than PLACE_CONTACT_CM. Inline: the rule sets ask it
 * of every base they pass, and round bases apart along an axis (the usual answer) need neither
 * a call nor the square root: further apart than both radii (with a margin far above the
 * rounding of the distance) along x or y means no overlap. */
static inline bool place_bases_overlap(const geom_placed_base *a, const geom_placed_base *b)
{
    if (a->base.kind != GEOM_BASE_RECT && b->base.kind != GEOM_BASE_RECT) {
        double reach = (double)a->base.radius_cm + b->base.radius_cm - PLACE_CONTACT_CM;
        double far = reach * (1.0 + 1e-9);
        if (fabs((double)b->pos.x - a->pos.x) > far || fabs((double)b->pos.y - a->pos.y) > far)
            return false;
    }
    return place_bases_overlap_exact(a, b);
}

/* The active figure, other than `fig` and those in `ignore`, whose base would overlap fig's
 * base placed at pos with `facing` (of several, the one whose centre is nearest pos); {0} when
 * the spot is free. */
figure_id place_blocker(const table *t, figure_id fig, vec2s pos, float facing,
                        const figure_id *ignore, int ignore_count);

/* place_blocker answered from `ix`, an index built from t as it stands (same answer). */
figure_id place_blocker_indexed(spatial *ix, const table *t, figure_id fig, vec2s pos, float facing,
                                const figure_id *ignore, int ignore_count);

/* The free spot nearest `want`, at most max_shift_cm away, with fig's base wholly on the table
 * and accepted by `ok` (NULL: any). Searches rings of growing radius in a fixed order, so the
 * answer is deterministic. False when there is none; *out is then `want`. */
bool place_free_near(const table *t, figure_id fig, vec2s want, float facing,
                     const figure_id *ignore, int ignore_count, float max_shift_cm,
                     bool (*ok)(void *user, vec2s p), void *user, vec2s *out);

/* Moving fig's base straight from `from` to `to`: the furthest point it reaches before its base
 * would overlap another (*out), and the distance travelled. Bases that already overlap it at
 * `from` are passed through (so a figure stacked by mistake can still walk out). */
float place_path_stop(const table *t, figure_id fig, vec2s from, vec2s to, float facing,
                      const figure_id *ignore, int ignore_count, vec2s *out);

/* Every pair of active figures that overlap now, lower id first; returns how many pairs there
 * are (writes at most max). The test oracle: after any command this should be 0. */
int place_overlaps(const table *t, figure_id (*pairs)[2], int max);

#endif // CORE_PLACE_H
