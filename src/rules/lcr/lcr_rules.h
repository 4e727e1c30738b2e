/* Little Colonial Rules (seed 000) on the engine: the rules_ops registered as "lcr".
 *
 * Commands (see rules/command.h for the fields):
 *   DRAW_CARD                       the decider draws the top card of the Order Deck
 *   PASS / PLAY_RESERVED card,figure the opponent of a drawn card's owner may interrupt with a
 *                                   reserved card (figure = the leader who acts on it)
 *   ACTIVATE figure / RESERVE_CARD  the owner acts with the drawn card (figure = its leader, a
 *                                   stand-in leader when he is dead, or the soldier of a soldier
 *                                   card) or keeps it; PLAY_RESERVED also works here
 *   MOVE figures, path[0]           activated figures move straight by the same offset
 *   FIRE figures, target            individual fire (soldier card, or the leader alone) at any
 *                                   enemy; otherwise area fire at the nearest enemy
 *   ALLOCATE figures                the firing side's pick of the figures hit
 *   RALLY                           the acting leader rallies (his whole activation)
 *   REFORM figures, path[0]         close gaps, up to reform_cm, on an officer's or NCO's order
 *   END_ACTIVATION                  close combats are fought, the card is discarded
 */
#ifndef LCR_LCR_RULES_H
#define LCR_LCR_RULES_H

#include "rules/lcr/lcr_deck.h"
#include "rules/lcr/lcr_morale_math.h"
#include "rules/rules.h"

extern const rules_ops lcr_rules_ops;

/* Read-only views of the state, for tests and tools. */
const lcr_deck *lcr_rules_deck(const rules_state *rs);
const lcr_morale *lcr_rules_morale(const rules_state *rs, side_id side);
int lcr_rules_drawn(const rules_state *rs);  /* card number or -1 */
int lcr_rules_active(const rules_state *rs); /* card number or -1 */
bool lcr_rules_activated(const rules_state *rs, figure_id id);

#endif // LCR_LCR_RULES_H
