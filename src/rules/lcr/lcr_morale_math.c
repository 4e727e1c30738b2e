#include "rules/lcr/lcr_morale_math.h"

lcr_morale lcr_morale_deal(const lcr_data *d, int figures)
{
    lcr_morale m = {.pile_count = d->piles};
    int chits = figures / d->figures_per_chit;
    int each = chits / d->piles;
    /* Assumed: a small force still gets at least min_chits_per_pile on every pile, so no
     * quality starts the game demoralised. */
    if (figures > 0 && each < d->min_chits_per_pile) {
        each = d->min_chits_per_pile;
        chits = each * d->piles;
    }
    for (int i = 0; i < d->piles; i++)
        m.piles[i] = each;
    /* The seed: "the odd chits are always added to the last group". */
    m.piles[d->piles - 1] += chits - each * d->piles;
    return m;
}

void lcr_morale_add(lcr_morale *m, const lcr_morale *reinforcement)
{
    for (int i = 0; i < m->pile_count && i < reinforcement->pile_count; i++)
        m->piles[i] += reinforcement->piles[i];
}

int lcr_morale_total(const lcr_morale *m)
{
    int total = 0;
    for (int i = 0; i < m->pile_count; i++)
        total += m->piles[i];
    return total;
}

int lcr_morale_first_pile(const lcr_morale *m)
{
    int i = 0;
    while (i < m->pile_count && m->piles[i] == 0)
        i++;
    return i;
}

int lcr_morale_take(lcr_morale *m)
{
    int i = lcr_morale_first_pile(m);
    if (i >= m->pile_count)
        return -1;
    m->piles[i]--;
    return m->piles[i] == 0 ? i : -1;
}

bool lcr_morale_quality_broken(const lcr_morale *m, figure_quality q)
{
    return (int)q < m->pile_count && m->piles[q] == 0;
}

bool lcr_morale_all_broken(const lcr_morale *m)
{
    return lcr_morale_first_pile(m) >= m->pile_count;
}

bool lcr_morale_figure_demoralised(const lcr_morale *m, figure_quality q, int hold_pile)
{
    if (!lcr_morale_quality_broken(m, q))
        return false;
    /* Rallied troops rout again when the next pile is exhausted (seed 000, Rallying). */
    return hold_pile < 0 || hold_pile >= m->pile_count || m->piles[hold_pile] == 0;
}

int lcr_morale_rally_hold(const lcr_morale *m)
{
    int i = lcr_morale_first_pile(m);
    return i < m->pile_count ? i : -1;
}
