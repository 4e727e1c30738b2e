/* E. Shooting: who shoots at what, with which dice, the firing arc; validation and resolution. */
#ifndef TINY_TINY_FIRE_H
#define TINY_TINY_FIRE_H

#include "rules/tiny/tiny_state.h"

bool tiny_plan_fire(const rules_state *rs, const table *t, unit_id u, unit_id target,
                    tiny_fire_plan *out, char *reason, size_t size);

/* The volley alone: which stands reach the target and what they need, whatever the unit's
 * orders this turn (tiny_plan_fire checks those first). */
bool tiny_plan_volley(const rules_state *rs, const table *t, unit_id u, unit_id target,
                      tiny_fire_plan *out, char *reason, size_t size);

void tiny_resolve_fire(rules_state *rs, rules_ctx *ctx, const rules_command *cmd,
                       const tiny_order *o, unit_id u, unit_id target);

/* One order for a formed brigade: each of its units with the target in reach shoots at it, in
 * turn (a later volley sees the hits of the earlier); the others hold their fire. */
void tiny_resolve_brigade_fire(rules_state *rs, rules_ctx *ctx, unit_id b, const tiny_order *o,
                               unit_id target);

/* True when u, one of the active side's troop units, may shoot this turn at all (plan_fire's
 * first test, whatever the target): a unit that may not has every shot refused. */
bool tiny_fire_may(const rules_state *rs, const table *t, unit_id u);

bool tiny_validate_fire(const rules_state *rs, const table *t, const rules_command *cmd,
                        char *reason, size_t size);

void tiny_fill_fire_target(const rules_state *rs, const table *t, const tiny_fire_plan *fp,
                           unit_id e, rules_target *o);

/* The frontal zone (seed 003, A) is the arc a stand shoots in; drawn to its longest band, from
 * the stand's front edge (ranges are edge to edge). Commanders and troops without a shooting
 * band (most cavalry, wagons) have none. */
bool tiny_arc(const rules_state *rs, const table *t, figure_id fig, float *half_angle,
              float *range_cm);

#endif // TINY_TINY_FIRE_H
