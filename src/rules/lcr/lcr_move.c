#include "rules/lcr/lcr_move.h"

const lcr_move_class *lcr_move_class_of(const lcr_data *d, const figure *f)
{
    figure_quality q = f->quality;
    /* Seed 000, Move: officers always move as regulars or better. */
    if (lcr_data_rank_of(f->role) >= 0 && q < d->leaders_move_as_at_least)
        q = d->leaders_move_as_at_least;
    return &d->foot_move[q];
}

void lcr_move_allowance(const lcr_data *d, const figure *f, dice_rng *rng, lcr_allowance *out)
{
    const lcr_move_class *m = lcr_move_class_of(d, f);
    *out = (lcr_allowance){.must_move_all = m->must_move_all};
    out->dice = m->dice < LCR_MOVE_DICE_MAX ? m->dice : LCR_MOVE_DICE_MAX;
    float cm = m->base_cm + (float)dice_sum(rng, out->dice, m->sides, out->faces);
    out->capped = cm > m->max_cm;
    out->cm = out->capped ? m->max_cm : cm;
}

void lcr_move_obstacle(const lcr_data *d, dice_rng *rng, float left_cm, lcr_obstacle_roll *out)
{
    *out = (lcr_obstacle_roll){0};
    out->dice = d->obstacle_dice < LCR_MOVE_DICE_MAX ? d->obstacle_dice : LCR_MOVE_DICE_MAX;
    out->cost_cm = dice_sum(rng, out->dice, d->obstacle_sides, out->faces);
    out->crosses = (float)out->cost_cm <= left_cm + 1e-4f;
}
