/* Little Colonial Rules: shooting (seed 000, Shooting).
 *
 * Dice are thrown per firer by weapon (dice_per_man) and hit on the score of the range band; a
 * save die per hit cancels it on a 6 (mounted cavalry: 4-6, the horse dying on 4-5). Area fire
 * lays a semicircle on the nearest enemy, facing away from the firers, radius one cm per firer;
 * the firing side then picks the casualties inside it within the leader limits. A three-rank
 * line throws its third rank apart and each 1 there kills one of its own front two ranks.
 */
#ifndef LCR_LCR_FIRE_MATH_H
#define LCR_LCR_FIRE_MATH_H

#include "core/dice.h"
#include "core/table.h"
#include "rules/lcr/lcr_data.h"

#include <stdbool.h>
#include <stddef.h>

#define LCR_FIRE_DICE_MAX 512

/* One throw of many dice: the faces, the score needed and what it counted. */
typedef struct lcr_fire_dice {
    int count;    /* dice thrown (faces beyond LCR_FIRE_DICE_MAX are counted, not kept) */
    int need;     /* face + modifier >= need counts */
    int modifier; /* added to each face */
    int faces[LCR_FIRE_DICE_MAX];
    int successes;
    int ones; /* natural 1s (third-rank friendly fire) */
} lcr_fire_dice;

/* Throws n dice of six faces against need with a modifier. */
void lcr_fire_throw(dice_rng *rng, int n, int need, int modifier, lcr_fire_dice *out);

/* The score needed by a weapon at a range and the band name; false when out of range or the
 * weapon cannot fire. */
bool lcr_fire_need(const lcr_weapon *w, float range_cm, int *need, const char **band);

/* The score a firer needs on each die: the band's need less the weapon's mounted modifier when
 * he fires from the saddle (seed 000, Cavalry: -2 pistols and revolvers, -3 carbines). It may
 * pass 6: see lcr_fire_confirm_need. */
int lcr_fire_effective_need(const lcr_data *d, const lcr_weapon *w, int band_need, bool mounted);
/* For a need past 6: the score a second die must make to confirm a 6 (need - 3 when the data's
 * mounted_fire.confirm_past_six is on and need <= 9; else 7, never). 0 when need <= 6. */
int lcr_fire_confirm_need(const lcr_data *d, int need);
/* The chance one die hits at that need (confirmation included). */
float lcr_fire_p_hit(const lcr_data *d, int need);

/* Mounted save of one hit on a cavalry figure. */
typedef enum lcr_save_result {
    LCR_SAVE_FAILED = 0, /* man and horse eliminated */
    LCR_SAVE_HORSE_LOST, /* the man survives on foot */
    LCR_SAVE_UNHURT,
} lcr_save_result;
lcr_save_result lcr_fire_save_mounted(const lcr_data *d, int face);

/* Is `p` inside the area-fire semicircle centred on `centre`, radius `radius`, on the side that
 * faces `away` (a direction pointing away from the firers)? Boundary counts as inside. */
bool lcr_fire_in_semicircle(vec2s centre, vec2s away, float radius, vec2s p);
/* Is `target` within a firer's arc (full_deg wide, centred on facing)? 360 or more: any. */
bool lcr_fire_in_arc(vec2s pos, float facing, float full_deg, vec2s target);

/* A figure that may be hit inside an area-fire semicircle. */
typedef struct lcr_fire_candidate {
    figure_id id;
    figure_role role;
} lcr_fire_candidate;

/* The leader class for allocation: 0 soldier, 1 NCO or native leader, 2 officer or higher. */
int lcr_fire_leader_class(figure_role role);
/* Checks a firing side's pick of casualties: every pick a distinct candidate, exactly
 * min(hits, candidates) of them, NCOs/leaders only after soldiers_before_nco/leader soldiers and
 * officers only after soldiers_before_officer soldiers among the picks, unless the picks hold
 * every soldier of the area. On false, `why` says what is wrong. */
bool lcr_fire_allocation_valid(const lcr_data *d, const lcr_fire_candidate *cands, int n, int hits,
                               const figure_id *picks, int pick_count, char *why, size_t why_size);
/* The suggested pick: as many leaders as the limits allow (officers first), the rest soldiers in
 * the candidates' order (give them nearest the centre first). Returns the number picked. */
int lcr_fire_allocation_default(const lcr_data *d, const lcr_fire_candidate *cands, int n, int hits,
                                figure_id *picks);

#endif // LCR_LCR_FIRE_MATH_H
