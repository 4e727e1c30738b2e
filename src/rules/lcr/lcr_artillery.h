/* Little Colonial Rules: artillery in the command flow (seed 000, Types Of Artillery). A gun's
 * FIRE names the gun, the ammunition (option) and, for roundshot and shrapnel, the aim point
 * (point; target may name the figure aimed at). The pure gun rules are in lcr_artillery_math.h. */
#ifndef LCR_LCR_ARTILLERY_H
#define LCR_LCR_ARTILLERY_H

#include "rules/lcr/lcr_state.h"

/* Is this a gun's fire: a FIRE naming an ammunition or whose first figure is a gun? */
bool lcr_artillery_is_gun_fire(const rules_state *rs, const table *t, const rules_command *cmd);
/* The checks of a gun's fire: one activated gun that has not acted, an ammunition it fires,
 * enough crew, and the aim point (roundshot, shrapnel: point in range and in sight, the line to
 * it over no friendly base) or the target (grapeshot: the nearest enemy in sight, in range). */
bool lcr_artillery_validate(const rules_state *rs, const table *t, const rules_command *cmd,
                            char *why, size_t size);
/* Resolves a validated gun's fire into events. */
void lcr_artillery_resolve(rules_state *rs, rules_ctx *ctx, const rules_command *cmd);
/* Candidate gun fires for the side's activated guns (each ammunition, aimed at a few of the
 * nearest enemies); the caller keeps those that validate. Returns the number written. */
int lcr_artillery_candidates(const rules_state *rs, const table *t, side_id sd, rules_command *out,
                             int max);
/* targets() for a gun: each enemy it can fire at with the odds (the command's ammunition, or the
 * best one when it names none). */
int lcr_artillery_targets(const rules_state *rs, const table *t, const rules_command *fire,
                          rules_target *out, int max);
/* The longest range of a gun, for the arc query; false when f is not a gun. */
bool lcr_artillery_arc(const rules_state *rs, const figure *f, float *range_cm);

/* The arc query for a gun: any way, to its longest range; false when fig is not a gun. */
bool lcr_artillery_view_arc(const rules_state *rs, const table *t, figure_id fig, float *half_angle,
                            float *range_cm);

#endif // LCR_LCR_ARTILLERY_H
