/* Little Colonial Rules: movement in play (seed 000, Actions: Move and Reform; Cavalry). */
#ifndef LCR_LCR_MOVE_H
#define LCR_LCR_MOVE_H

#include "rules/lcr/lcr_state.h"

/* A MOVE (limit_cm 0: the figures' own allowance) or a REFORM (limit_cm: reform_cm). */
bool lcr_move_validate(const rules_state *rs, const table *t, const rules_command *cmd,
                       float limit_cm, char *why, size_t size);
/* A REFORM: on an officer's or NCO's order, up to reform_cm. */
bool lcr_move_validate_reform(const rules_state *rs, const table *t, const rules_command *cmd,
                              char *why, size_t size);
/* Candidate moves toward the nearest enemy (each figure, the group, a cavalry dog-leg). */
void lcr_move_legal(lcr_candidates *lo, const rules_state *rs, const table *t, side_id sd);
/* Candidate reforms: an activated figure apart from his unit closes up. */
void lcr_move_legal_reforms(lcr_candidates *lo, const rules_state *rs, const table *t, side_id sd);
bool lcr_move_reach(const rules_state *rs, const table *t, const rules_command *move, vec2s dir,
                    rules_reach *out);
void lcr_move_resolve(rules_state *rs, rules_ctx *ctx, const rules_command *cmd, bool reform);
/* Moves one figure along pts[0] (where it stands) .. pts[n-1], rolling its allowance, paying
 * terrain and walls, stopping at enemy contact (as a MOVE does). */
void lcr_move_figure(rules_state *rs, rules_ctx *ctx, figure_id id, const vec2s *pts, int n);

#endif // LCR_LCR_MOVE_H
