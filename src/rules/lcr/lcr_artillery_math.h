/* Little Colonial Rules: artillery (seed 000, Optional Rules: Types Of Artillery).
 *
 * Napoleons fire roundshot and grapeshot, rifled guns shrapnel and grapeshot. A gun is a figure
 * of role `gun` whose `weapon` names a gun type of the data file (artillery.guns); its crew are
 * the figures of role `crew` of its side within artillery.crew_radius_cm of it, and any other
 * figure of the side there stands in as part of a gunner (two for one). Each missing gunner of
 * the full crew of six costs -1 to hit (grapeshot, which always hits: one hit fewer).
 *
 * Roundshot and shrapnel aim at a point in sight and throw one die; a miss deviates by the
 * deviation table (a direction die and distance dice, assumed). Roundshot hits every figure whose
 * base the line from the gun to the impact point crosses, and bounces on along that line for the
 * gun's bounce length, hitting every figure there too; shrapnel bursts over the impact point and
 * every figure inside its radius throws a die to be hit. Grapeshot is area fire traced to the
 * nearest enemy with the gun's rating as the semicircle's radius. Every hit then throws its
 * saving roll as in Shooting.
 *
 * These are pure functions of the data, the table and dice faces (the tests drive them);
 * lcr_artillery.c wires them into the command flow (FIRE with option = ammunition and point =
 * the aim point).
 */
#ifndef LCR_LCR_ARTILLERY_MATH_H
#define LCR_LCR_ARTILLERY_MATH_H

#include "core/table.h"
#include "rules/command.h"
#include "rules/lcr/lcr_data.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define LCR_ARTILLERY_HITS_MAX 64

/* ---- pure rules ------------------------------------------------------------------------------ */

/* The gun type of a figure: role gun and a weapon the data lists as a gun; NULL otherwise. */
const lcr_gun *lcr_artillery_gun_of(const lcr_data *d, const figure *f);
/* Does the gun type fire this ammunition? */
bool lcr_artillery_fires(const lcr_gun *g, lcr_ammo ammo);

/* Who serves a gun and what that costs. */
typedef struct lcr_crew {
    int gunners;   /* crew figures serving */
    int stand_ins; /* other figures of the side serving (two make one gunner) */
    int effective; /* gunners + stand_ins / stand_ins_per_gunner, at most the full crew */
    int missing;   /* full crew - effective */
    int modifier;  /* missing x modifier_per_missing: added to the to-hit die */
} lcr_crew;

/* The effective crew of `gunners` crewmen and `stand_ins` other figures. */
lcr_crew lcr_artillery_crew_count(const lcr_artillery *a, int gunners, int stand_ins);
/* The crew on the table: active, not demoralised figures of the gun's side within the crew
 * radius of its centre, other than guns, whose index in t->figures is not marked in `skip`
 * (NULL: none; lcr passes the figures that have already acted). Their ids go to `ids` (up to
 * max, gunners first), their number to *n. */
lcr_crew lcr_artillery_crew_of(const lcr_data *d, const table *t, const figure *gun,
                               const bool *skip, figure_id *ids, int *n, int max);

/* The score needed on the to-hit die at a range with a crew modifier (band need less the
 * modifier; 7 or more: no hit possible) and the band's name; false when the gun does not fire
 * that ammunition or the range is beyond its bands. */
bool lcr_artillery_need(const lcr_gun *g, lcr_ammo ammo, float range_cm, int crew_modifier,
                        int *need, const char **band);
/* The longest range of an ammunition (bands, or grapeshot's range); 0 when not fired. */
float lcr_artillery_max_range(const lcr_gun *g, lcr_ammo ammo);
/* Grapeshot's automatic hits: the gun's hits less one per missing gunner, never below 0. */
int lcr_artillery_grape_hits(const lcr_gun *g, const lcr_crew *crew);

/* Where a miss lands: the aim point moved by the distance dice (pips x cm_per_pip) in the
 * direction the direction die's face gives, measured from the line of fire (from -> aim),
 * clockwise as seen on the table (y grows down). *angle_deg and *dist_cm tell which. */
vec2s lcr_artillery_deviate(const lcr_artillery *a, vec2s from, vec2s aim, int direction_face,
                            int distance_pips, float *angle_deg, float *dist_cm);

/* How far along segment s (cm from s.a) the first terrain that stops a ball lies: a feature
 * whose lcr terrain blocks individual fire (house, high wall, thick bamboo); INFINITY when none. */
float lcr_artillery_stop_cm(const lcr_data *d, const table *t, geom_segment s);

/* One figure struck by a roundshot. */
typedef struct lcr_ball_hit {
    figure_id id;
    float along_cm; /* from the muzzle to where the line first meets the base */
    bool bounce;    /* on the bounce (past the impact point), not the flight */
} lcr_ball_hit;

/* The ball's path: flight from muzzle to impact, then the bounce on for bounce_cm in the same
 * direction, both cut stop_cm from the muzzle (INFINITY: not cut). Every active figure other
 * than the gun whose base the path crosses, nearest the muzzle first (up to max; returns the
 * number found). *end gets where the ball stops. */
int lcr_artillery_ball_hits(const table *t, figure_id gun, vec2s muzzle, vec2s impact,
                            float bounce_cm, float stop_cm, lcr_ball_hit *out, int max, vec2s *end);

/* Figures (active, any side) whose centre is inside the shrapnel burst, in table order. */
int lcr_artillery_burst(const table *t, vec2s centre, float radius_cm, figure_id *out, int max);

#endif // LCR_LCR_ARTILLERY_MATH_H
