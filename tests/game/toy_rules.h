/* A tiny rule set that lives only in the tests ("toy"): two sides alternate single actions.
 *   MOVE one figure up to 10 cm in a straight line (inside the table).
 *   FIRE one unshaken figure at an enemy within 30 cm: d6, 4+ at 15 cm or less, 5+ beyond;
 *        a hit rolls d6 for effect: 5-6 (or any hit on a shaken figure) kills, 1-4 shakes.
 *   RALLY one shaken figure: d6, 4+ clears the shaken status.
 *   END_PHASE: do nothing this time.
 * After side 2 acts, the turn ends. The game ends when a side has no figure left (the other
 * wins) or after `turns` turns (option, default 10): more figures left wins, else a draw.
 */
#ifndef TESTS_GAME_TOY_RULES_H
#define TESTS_GAME_TOY_RULES_H

#include "rules/rules.h"

extern const rules_ops toy_rules_ops;
/* rules_ops.clone_into for the toy (toy_rules_ops leaves it NULL: tests set it on a copy). */
void toy_clone_into(rules_state *dst, const rules_state *src);

#endif // TESTS_GAME_TOY_RULES_H
