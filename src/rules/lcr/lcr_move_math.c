#include "rules/lcr/lcr_move_math.h"

#include "rules/lcr/lcr_fire_math.h"

#include <math.h>
#include <stdio.h>

bool lcr_move_is_mounted(const figure *f)
{
    return f->posture == FIGURE_POSTURE_MOUNTED && !(f->status & LCR_STATUS_UNHORSED);
}

const lcr_move_class *lcr_move_class_of(const lcr_data *d, const figure *f)
{
    figure_quality q = f->quality;
    /* Seed 000, Move: officers (not NCOs or native leaders) always move as regulars or better. */
    if (lcr_fire_leader_class(f->role) == 2 && q < d->leaders_move_as_at_least)
        q = d->leaders_move_as_at_least;
    return lcr_move_is_mounted(f) ? &d->cavalry_move[q] : &d->foot_move[q];
}

float lcr_move_turn_deg(vec2s a, vec2s b, vec2s c)
{
    vec2s u = glms_vec2_sub(b, a), v = glms_vec2_sub(c, b);
    float cross = u.x * v.y - u.y * v.x, dot = glms_vec2_dot(u, v);
    return fabsf(atan2f(cross, dot)) * (float)(180.0 / GEOM_PI);
}

bool lcr_move_check_turns(const lcr_move_class *mc, vec2s start, const vec2s *pts, int n,
                          const char *who, char *why, size_t why_size)
{
    int turns = n - 1;
    if (turns > mc->turns) {
        if (mc->turns == 0)
            snprintf(why, why_size, "%s must move straight: no turns in his movement class", who);
        else
            snprintf(why, why_size, "%s may turn at most %d time%s, this path turns %d times", who,
                     mc->turns, mc->turns == 1 ? "" : "s", turns);
        return false;
    }
    for (int k = 1; k < n; k++) {
        vec2s a = k >= 2 ? pts[k - 2] : start;
        float deg = lcr_move_turn_deg(a, pts[k - 1], pts[k]);
        /* A tolerance of a thousandth of a degree lets a path drawn at exactly the limit pass. */
        if (deg > mc->max_turn_deg + 1e-3f) {
            snprintf(why, why_size, "%s may turn at most %.0f degrees, turn %d is %.1f degrees",
                     who, mc->max_turn_deg, k, deg);
            return false;
        }
    }
    return true;
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
