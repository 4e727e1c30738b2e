/* Little Colonial Rules: the sequence of play (seed 000, Order Deck; Actions: Activate). */
#ifndef LCR_LCR_SEQUENCE_H
#define LCR_LCR_SEQUENCE_H

#include "rules/lcr/lcr_state.h"

/* Builds the Order Deck from the table's leaders, cavalry units and soldier cards (at create). */
void lcr_sequence_setup(rules_state *rs, const table *t);
/* Turn 1 begins: the morale piles dealt, the deck shuffled. */
void lcr_sequence_begin(rules_state *rs, rules_ctx *ctx);
void lcr_sequence_decision(const rules_state *rs, const table *t, rules_decision *out);
/* The same without the words (phase and prompt empty): for validate(), asked per candidate. */
void lcr_sequence_decision_bare(const rules_state *rs, const table *t, rules_decision *out);
/* A living leader who may use a leader card of side s for figure `actor` (the card's leader, or
 * a stand-in when he is dead). */
bool lcr_can_use_card(const rules_state *rs, const table *t, int card, figure_id actor, char *why,
                      size_t why_size);
/* DRAW_CARD, INTERRUPT and USE_CARD decisions. */
bool lcr_sequence_validate(const rules_state *rs, const table *t, const rules_decision *d,
                           const rules_command *cmd, char *why, size_t size);
void lcr_sequence_legal(lcr_candidates *lo, const rules_state *rs, const table *t,
                        const rules_decision *d);
void lcr_sequence_legal_end(lcr_candidates *lo, const rules_state *rs, const table *t, side_id sd);
void lcr_sequence_resolve(rules_state *rs, rules_ctx *ctx, const rules_command *cmd);
/* Close combats are fought, the card is discarded. */
void lcr_sequence_end_activation(rules_state *rs, rules_ctx *ctx);
/* The turn ends now (a referee's ruling): the card in play or drawn is discarded, then the
 * End of Turn as the card brings it (flight, victory, arrivals, the reshuffle). */
void lcr_sequence_end_turn(rules_state *rs, rules_ctx *ctx);
/* Scenario "destroy" conditions, then the seed's default (every quality demoralised). */
void lcr_sequence_check_victory(rules_state *rs, rules_ctx *ctx);

/* The screen's questions. */
int lcr_sequence_actions(const rules_state *rs, const table *t, figure_id fig, rules_action *out,
                         int max);
int lcr_sequence_command_radius(const rules_state *rs, const table *t, figure_id fig,
                                float *radius_cm, figure_id *out, int max);
void lcr_sequence_outcome(const rules_state *rs, const table *t, rules_outcome *out);
int lcr_sequence_turn(const rules_state *rs);
int lcr_sequence_driver(const rules_state *rs, const table *t, side_id viewer,
                        rules_driver_item *out, int max);
bool lcr_sequence_describe(const rules_state *rs, const table *t, const rules_command *cmd,
                           char *out, size_t size);

#endif // LCR_LCR_SEQUENCE_H
