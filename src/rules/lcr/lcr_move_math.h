/* Little Colonial Rules: movement allowances (seed 000, Actions: Move; Terrain Effects Chart).
 *
 * Regular and better foot move any distance up to their allowance; raw foot roll theirs (3d6 cm,
 * capped) and must move all of it, stopping early only at an impassable obstacle. Officers and
 * other leaders move at least as regulars. A wall or hedge costs a d10 roll of allowance; when
 * what is left is short of the roll, the figure waits at the obstacle and rolls again at its next
 * activation. The cost of terrain along the straight path comes from core/path.h.
 */
#ifndef LCR_LCR_MOVE_MATH_H
#define LCR_LCR_MOVE_MATH_H

#include "core/dice.h"
#include "core/table.h"
#include "rules/lcr/lcr_data.h"

#include <stdbool.h>
#include <stddef.h>

#define LCR_MOVE_DICE_MAX 16

/* The ruleset status bit: a cavalryman whose horse was shot. */
#define LCR_STATUS_UNHORSED (1u << FIGURE_STATUS_RULESET_SHIFT)

/* True for a figure on horseback: mounted posture and not unhorsed (seed 000, Cavalry). */
bool lcr_move_is_mounted(const figure *f);
/* The movement class of a figure (leaders raised to leaders_move_as_at_least): the cavalry
 * class for a mounted figure, else the foot class. */
const lcr_move_class *lcr_move_class_of(const lcr_data *d, const figure *f);
/* Checks the turns of a path start -> pts[0] -> ... -> pts[n-1] against a movement class: at
 * most mc->turns turns, each of at most mc->max_turn_deg. On false, `why` says which turn is
 * wrong. `who` names the figure in the reason. */
bool lcr_move_check_turns(const lcr_move_class *mc, vec2s start, const vec2s *pts, int n,
                          const char *who, char *why, size_t why_size);
/* The angle in degrees between the stretch a -> b and the stretch b -> c (0: straight on). */
float lcr_move_turn_deg(vec2s a, vec2s b, vec2s c);

typedef struct lcr_allowance {
    float cm;           /* how far the figure may (or, must_move_all, must) go, clear-terrain cm */
    bool must_move_all; /* raw troops */
    int dice;           /* dice thrown (0 for a fixed allowance) */
    int faces[LCR_MOVE_DICE_MAX];
    bool capped; /* the roll was over max_cm */
} lcr_allowance;

/* The allowance of a figure this activation, rolling its dice when its class has any. */
void lcr_move_allowance(const lcr_data *d, const figure *f, dice_rng *rng, lcr_allowance *out);

typedef struct lcr_obstacle_roll {
    int dice;
    int faces[LCR_MOVE_DICE_MAX];
    int cost_cm;
    bool crosses; /* false: not enough allowance left; the figure waits at the obstacle */
} lcr_obstacle_roll;

/* Rolls the cost of crossing a wall or hedge with `left_cm` of allowance left. */
void lcr_move_obstacle(const lcr_data *d, dice_rng *rng, float left_cm, lcr_obstacle_roll *out);

#endif // LCR_LCR_MOVE_MATH_H
