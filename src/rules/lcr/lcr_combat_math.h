/* Little Colonial Rules: close combat (seed 000, Close Combat).
 *
 * A figure that comes within contact distance of an enemy stops; once every figure of the
 * activation has moved, opposing figures in contact are paired off and each pair throws a die
 * apiece with modifiers. The higher total wins and the other dies; a tie is won by a figure in a
 * single-rank formation (when only one of the two is), and otherwise is thrown again.
 */
#ifndef LCR_LCR_COMBAT_MATH_H
#define LCR_LCR_COMBAT_MATH_H

#include "core/dice.h"
#include "core/table.h"
#include "rules/lcr/lcr_data.h"

#include <stdbool.h>

#define LCR_COMBAT_ROUNDS_MAX 64

/* What supports one fighting figure. */
typedef struct lcr_combatant {
    figure_id id;
    bool in_formation;
    bool single_rank;            /* in a single-rank formation: wins ties */
    bool second_rank;            /* a second rank directly behind, in contact */
    bool third_rank;             /* and a third behind that */
    bool fighting_cavalry_front; /* the enemy is mounted and attacks its front */
    int flank_supporters;        /* friends in contact at its flanks, not themselves fighting */
} lcr_combatant;

/* One modifier and where it comes from, for the explanation. */
typedef struct lcr_modifier {
    int value;
    const char *source; /* static text: "second rank", "flank support x2", ... */
} lcr_modifier;

/* The modifiers of a combatant; returns their count (at most 3) and writes them to out. */
int lcr_combat_modifiers(const lcr_data *d, const lcr_combatant *c, lcr_modifier out[3]);
int lcr_combat_modifier_total(const lcr_data *d, const lcr_combatant *c);

typedef struct lcr_combat_result {
    int rounds;
    int faces[LCR_COMBAT_ROUNDS_MAX][2];
    int total[LCR_COMBAT_ROUNDS_MAX][2];
    int modifier[2];
    int winner;              /* 0 for a, 1 for b */
    bool won_by_single_rank; /* the last round was a tie broken by the single-rank rule */
    bool gave_up;            /* max re-rolls reached: decided by a last coin of the rng */
} lcr_combat_result;

/* Fights one pair to the end. */
void lcr_combat_fight(dice_rng *rng, const lcr_data *d, const lcr_combatant *a,
                      const lcr_combatant *b, lcr_combat_result *out);

#endif // LCR_LCR_COMBAT_MATH_H
