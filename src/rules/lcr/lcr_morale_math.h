/* Little Colonial Rules: morale chits (seed 000, Morale; Rallying).
 *
 * A side's chits are dealt into one pile per quality, Raw to Elite. Every casualty takes a chit
 * from the first pile still holding any; when a pile runs out, every figure of that quality is
 * demoralised. Reinforcements bring their own piles, added pile by pile, which can refill an
 * emptied pile and so restore its quality.
 *
 * Formula (*assumed*, docs/rules/lcr.md): chits = floor(figures / figures_per_chit); each pile
 * gets floor(chits / piles); the odd chits go on the last (Elite) pile. With 3 figures a chit the
 * seed's first example (275 figures) gives 91 chits: 18, 18, 18, 18, 19.
 */
#ifndef LCR_LCR_MORALE_MATH_H
#define LCR_LCR_MORALE_MATH_H

#include "rules/lcr/lcr_data.h"

#include <stdbool.h>

typedef struct lcr_morale {
    int piles[LCR_PILES_MAX]; /* chits left, pile 0 = Raw */
    int pile_count;
} lcr_morale;

/* Deals the chits of a force of `figures` figures into a fresh set of piles. */
lcr_morale lcr_morale_deal(const lcr_data *d, int figures);
/* Adds a reinforcing force's own piles to those on the table, pile by pile. */
void lcr_morale_add(lcr_morale *m, const lcr_morale *reinforcement);
/* Total chits left. */
int lcr_morale_total(const lcr_morale *m);
/* Takes one chit for a casualty from the first non-empty pile. Returns the index of that pile
 * when this chit emptied it (its quality is now demoralised), else -1 (also when no chit was
 * left to take). */
int lcr_morale_take(lcr_morale *m);
/* The first pile still holding chits, or pile_count when all are empty. */
int lcr_morale_first_pile(const lcr_morale *m);
/* True when the pile of that quality is empty. */
bool lcr_morale_quality_broken(const lcr_morale *m, figure_quality q);
/* True when every pile is empty: every quality is demoralised. */
bool lcr_morale_all_broken(const lcr_morale *m);

/* Figure-level morale. A figure is demoralised while its quality's pile is empty, unless it was
 * rallied: a rallied figure holds on until the pile that was first non-empty when it rallied
 * (its `hold_pile`) empties too. hold_pile < 0 means not rallied. */
bool lcr_morale_figure_demoralised(const lcr_morale *m, figure_quality q, int hold_pile);
/* The hold_pile a figure gets when rallied now; -1 when no pile is left (rallying is futile). */
int lcr_morale_rally_hold(const lcr_morale *m);

#endif // LCR_LCR_MORALE_MATH_H
