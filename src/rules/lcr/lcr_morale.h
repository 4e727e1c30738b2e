/* Little Colonial Rules: morale in play (seed 000, Morale and Rallying). The piles themselves
 * are pure functions in lcr_morale_math.h. */
#ifndef LCR_LCR_MORALE_H
#define LCR_LCR_MORALE_H

#include "rules/lcr/lcr_state.h"

/* Deals each side's and each reinforcement group's piles (at create). */
void lcr_morale_setup(rules_state *rs, const table *t);
/* Brings the side's demoralised bits in line with its piles (as each unit sees them). */
void lcr_sync_demoralised(rules_state *rs, rules_ctx *ctx, side_id sd);
/* One morale chit for a casualty of figure id's side (then the demoralised bits). */
void lcr_take_chit(rules_state *rs, rules_ctx *ctx, figure_id id);
/* A figure is lost (dead, captured, off the table): an option may take a killed figure first
 * (the killed-and-wounded rule's wound die). */
void lcr_casualty(rules_state *rs, rules_ctx *ctx, figure_id id, uint32_t how, const char *ref,
                  const char *why);
/* The same without the options: removed, and a chit taken. */
void lcr_casualty_final(rules_state *rs, rules_ctx *ctx, figure_id id, uint32_t how,
                        const char *ref, const char *why);
/* At the End of Turn: a demoralised figure runs home (or surrenders, or leaves the table). */
void lcr_morale_flee(rules_state *rs, rules_ctx *ctx, figure_id id);
/* RALLY: the acting leader rallies the demoralised within half his command radius (his whole
 * activation: the caller then ends it). */
bool lcr_morale_validate_rally(const rules_state *rs, const table *t, const rules_command *cmd,
                               char *why, size_t size);
void lcr_morale_resolve_rally(rules_state *rs, rules_ctx *ctx);
void lcr_morale_legal(lcr_candidates *lo, const rules_state *rs, const table *t, side_id sd);

#endif // LCR_LCR_MORALE_H
