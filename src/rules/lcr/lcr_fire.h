/* Little Colonial Rules: shooting in play (seed 000, Shooting). The dice maths are pure
 * functions in lcr_fire_math.h. */
#ifndef LCR_LCR_FIRE_H
#define LCR_LCR_FIRE_H

#include "rules/lcr/lcr_state.h"

/* FIRE by figures with firearms: individual (soldier card, a leader alone) at any enemy, else
 * area fire at the nearest enemy in the arc. */
bool lcr_fire_validate(const rules_state *rs, const table *t, const rules_command *cmd, char *why,
                       size_t size);
/* ALLOCATE: the firing side's pick of the figures hit inside the area. */
bool lcr_fire_validate_allocation(const rules_state *rs, const rules_command *cmd, char *why,
                                  size_t size);
void lcr_fire_legal(lcr_candidates *lo, const rules_state *rs, const table *t, side_id sd);
void lcr_fire_legal_allocation(lcr_candidates *lo, const rules_state *rs, const table *t,
                               side_id sd);
/* targets() for firearms: the legal targets with the odds. */
int lcr_fire_targets(const rules_state *rs, const table *t, const rules_command *fire,
                     rules_target *out, int max);
/* The arc of fire: formations to the front, anyone else any way, to the longest band. */
bool lcr_fire_arc(const rules_state *rs, const table *t, figure_id fig, float *half_angle,
                  float *range_cm);
void lcr_fire_resolve(rules_state *rs, rules_ctx *ctx, const rules_command *cmd);
void lcr_fire_resolve_allocation(rules_state *rs, rules_ctx *ctx, const rules_command *cmd);
/* The saving rolls of `hits` on one figure (returns those cancelled; a mounted figure may lose
 * his horse). */
int lcr_fire_saves(rules_state *rs, rules_ctx *ctx, const figure *target, int hits);
/* Area fire's semicircle of `radius` on the target, its flat side toward `from` (`hits` before
 * saves: each is saved by the figure in the area it would fall on); the firing side picks the
 * casualties when fewer hits than figures. */
void lcr_fire_area_hits(rules_state *rs, rules_ctx *ctx, side_id firing_side, vec2s from,
                        const figure *target, float radius, int hits);

#endif // LCR_LCR_FIRE_H
