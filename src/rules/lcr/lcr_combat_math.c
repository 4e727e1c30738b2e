#include "rules/lcr/lcr_combat_math.h"

int lcr_combat_modifiers(const lcr_data *d, const lcr_combatant *c, lcr_modifier out[3])
{
    int n = 0;
    if (c->in_formation && c->second_rank)
        out[n++] = (lcr_modifier){d->second_rank_bonus, "second rank directly supporting"};
    if (c->in_formation && c->second_rank && c->third_rank && c->fighting_cavalry_front)
        out[n++] = (lcr_modifier){d->third_rank_vs_cavalry_bonus,
                                  "third rank supporting against cavalry from the front"};
    if (c->flank_supporters > 0)
        out[n++] = (lcr_modifier){d->flank_support_bonus * c->flank_supporters,
                                  "flank supporters not in combat"};
    return n;
}

int lcr_combat_modifier_total(const lcr_data *d, const lcr_combatant *c)
{
    lcr_modifier m[3];
    int n = lcr_combat_modifiers(d, c, m), total = 0;
    for (int i = 0; i < n; i++)
        total += m[i].value;
    return total;
}

/* A tie goes to the single-rank figure when only one of the two is in a single rank. */
static int tie_breaker(const lcr_combatant *a, const lcr_combatant *b)
{
    if (a->single_rank != b->single_rank)
        return a->single_rank ? 0 : 1;
    return -1;
}

void lcr_combat_fight(dice_rng *rng, const lcr_data *d, const lcr_combatant *a,
                      const lcr_combatant *b, lcr_combat_result *out)
{
    *out = (lcr_combat_result){0};
    out->modifier[0] = lcr_combat_modifier_total(d, a);
    out->modifier[1] = lcr_combat_modifier_total(d, b);
    int limit = d->combat_max_rerolls < LCR_COMBAT_ROUNDS_MAX ? d->combat_max_rerolls
                                                              : LCR_COMBAT_ROUNDS_MAX;
    for (int r = 0; r < limit; r++) {
        for (int s = 0; s < 2; s++) {
            out->faces[r][s] = dice_roll(rng, d->combat_die_sides);
            out->total[r][s] = out->faces[r][s] + out->modifier[s];
        }
        out->rounds = r + 1;
        if (out->total[r][0] != out->total[r][1]) {
            out->winner = out->total[r][0] > out->total[r][1] ? 0 : 1;
            return;
        }
        int t = tie_breaker(a, b);
        if (t >= 0) {
            out->winner = t;
            out->won_by_single_rank = true;
            return;
        }
    }
    /* Only reachable with an absurdly low max_rerolls: settle it rather than loop for ever. */
    out->gave_up = true;
    out->winner = (int)dice_below(rng, 2);
}
