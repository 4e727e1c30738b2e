/* Little Colonial Rules (seed 000): every number of the rule set, read from assets/rules/lcr.json.
 *
 * The seed begins mid-document and leaves out card counts, command radii, firing charts, most of
 * the terrain chart and a consistent morale formula; the values chosen for those are in the data
 * file and marked *assumed* in docs/rules/lcr.md. Code never holds a rule number itself.
 */
#ifndef LCR_LCR_DATA_H
#define LCR_LCR_DATA_H

#include "core/json_read.h"
#include "core/table.h"
#include "scenario/scenario.h"

#include <stdbool.h>
#include <stddef.h>

#define LCR_QUALITIES FIGURE_QUALITY_COUNT
#define LCR_BANDS_MAX 6
#define LCR_NAME_MAX  48
#define LCR_PILES_MAX 8

/* The leader ranks that own order cards and command radii. */
typedef enum lcr_rank {
    LCR_RANK_NCO = 0,
    LCR_RANK_LEADER, /* native / tribal leader */
    LCR_RANK_OFFICER,
    LCR_RANK_GENERAL,
    LCR_RANK_COUNT
} lcr_rank;

/* A movement class: base_cm + dice x d(sides), capped at max_cm. With must_move_all the figure
 * moves the whole rolled distance (raw troops); otherwise any distance up to it. A path may
 * turn `turns` times, each turn at most max_turn_deg (seed 000, Cavalry; foot: none). */
typedef struct lcr_move_class {
    float base_cm;
    int dice, sides;
    float max_cm;
    bool must_move_all;
    int turns;
    float max_turn_deg;
} lcr_move_class;

typedef struct lcr_range_band {
    char name[16];
    float max_cm; /* the band covers (previous band's max, max_cm] */
    int need;     /* a die scoring this or more hits */
} lcr_range_band;

typedef struct lcr_weapon {
    char name[LCR_NAME_MAX];
    int dice_per_man; /* 0: a hand weapon that cannot fire */
    int mounted_modifier;
    lcr_range_band bands[LCR_BANDS_MAX];
    int band_count;
} lcr_weapon;

typedef struct lcr_terrain {
    char name[LCR_NAME_MAX];
    float move_mult;    /* 0: impassable */
    bool obstacle_roll; /* crossing costs obstacle_dice x d(obstacle_sides) cm (wall, hedge) */
    bool blocks_individual_fire;
} lcr_terrain;

/* Killed and wounded (seed 000, Killed and Wounded): what a killed figure's wound die means. */
typedef enum lcr_wound {
    LCR_WOUND_KILLED = 0,
    LCR_WOUND_TORSO, /* seriously wounded: must be dragged */
    LCR_WOUND_LEG,   /* seriously wounded: helps his rescuers */
    LCR_WOUND_LIGHT, /* acts on, paying double movement */
    LCR_WOUND_COUNT
} lcr_wound;

#define LCR_WOUND_FACES_MAX 12

/* Sight rules (seed 000, Optional Rule: blocking terrain, figure heights, reinforcements). The
 * switches are the defaults; a scenario's ruleset_options override them. */
typedef struct lcr_sight_data {
    bool blocking_terrain;    /* clusters (jungle, woods, towns) block sight deep inside */
    bool figure_heights;      /* eyes at the posture's height (else every eye a man on foot) */
    bool reinforcement_sight; /* units gain reinforcements' morale only when they see them */
    float edge_cm;         /* a figure this close inside a blocking area's edge is "at the edge" */
    float base_contact_cm; /* bases this close (edge to edge) are in base contact */
    int next_turn_delay;   /* "next player turn": turns after the one in progress */
} lcr_sight_data;

typedef struct lcr_wounds_data {
    bool enabled; /* the default; ruleset_options.wounds overrides */
    int die_sides;
    lcr_wound results[LCR_WOUND_FACES_MAX]; /* per face, 1-based face - 1 */
    float light_move_factor;                /* a light wound multiplies movement cost */
    float drag[2][2];                       /* [torso, leg][one helper, two helpers]: cost factor */
    float defend_range_mult;                /* seriously wounded behind the lines: range x this */
    float behind_lines_cm;                  /* no enemy this close: behind the lines */
    float contact_cm;                       /* base contact for aid and for the ruthless rule */
    int penalty_pct; /* caught: this % of healthy figures become casualties */
    int penalty_min_figures;
    int civilised_ruthless_pct;      /* a civilised side choosing Ruthless loses this % of chits */
    int civilised_campaign_step_pct; /* ... and this % more per campaign scenario already played */
} lcr_wounds_data;

/* Artillery (seed 000, Optional Rules: Types Of Artillery). */
#define LCR_GUNS_MAX      8
#define LCR_DEVIATION_MAX 12

typedef enum lcr_ammo {
    LCR_AMMO_ROUNDSHOT = 0,
    LCR_AMMO_GRAPESHOT,
    LCR_AMMO_SHRAPNEL,
    LCR_AMMO_COUNT
} lcr_ammo;

/* What a gun type does with one ammunition. */
typedef struct lcr_gun_ammo {
    bool fires;
    lcr_range_band bands[LCR_BANDS_MAX]; /* roundshot, shrapnel: the to-hit score by range */
    int band_count;
    float bounce_cm;       /* roundshot: how far the ball bounces on past its impact point */
    float burst_radius_cm; /* shrapnel: the burst's radius around the impact point */
    float range_cm;        /* grapeshot: the longest range */
    float rating_cm;       /* grapeshot: the area-fire semicircle's radius */
    int hits;              /* grapeshot: automatic hits with a full crew */
} lcr_gun_ammo;

typedef struct lcr_gun {
    char name[LCR_NAME_MAX]; /* the gun figure's `weapon`: "napoleon", "rifled" */
    lcr_gun_ammo ammo[LCR_AMMO_COUNT];
} lcr_gun;

typedef struct lcr_artillery {
    int crew;                 /* a full crew */
    int min_crew;             /* fewer effective gunners: the gun cannot fire */
    float crew_radius_cm;     /* gunners and stand-ins serve within this of the gun's centre */
    int stand_ins_per_gunner; /* infantry or cavalry figures standing in for one gunner */
    int modifier_per_missing; /* to-hit modifier per missing gunner (negative) */
    float deviation_deg[LCR_DEVIATION_MAX]; /* per face of the direction die, clockwise from
                                               straight on along the line of fire */
    int deviation_faces;
    int deviation_dice, deviation_sides; /* the distance dice */
    float deviation_cm_per_pip;
    int shrapnel_burst_need; /* each figure in the burst is hit on this or more */
    lcr_gun guns[LCR_GUNS_MAX];
    int gun_count;
} lcr_artillery;

typedef struct lcr_data {
    /* Order deck (seed 000, Order Deck). */
    int cards[LCR_RANK_COUNT][LCR_QUALITIES];
    int cavalry_officer_extra_cards;
    int cavalry_troopers_per_card;
    int soldier_cards; /* per side when the scenario does not say */
    int end_of_turn_cards;
    float command_radius_cm[LCR_RANK_COUNT][LCR_QUALITIES];

    /* Actions (seed 000, Actions; Terrain Effects Chart). */
    lcr_move_class foot_move[LCR_QUALITIES];
    lcr_move_class cavalry_move[LCR_QUALITIES]; /* mounted figures (seed 000, Cavalry) */
    figure_quality leaders_move_as_at_least;
    int obstacle_dice, obstacle_sides;
    float reform_cm;
    float demoralised_flee_mult;
    float flight_home_cm;   /* a runner this near his starting or entry point is there */
    float arrival_shift_cm; /* how far an arriving figure may be set from his place to stand free */
    lcr_terrain *terrain;
    int terrain_count;

    /* Shooting (seed 000, Shooting). */
    lcr_weapon *weapons;
    int weapon_count;
    /* A mounted need past 6 (7, 8, 9) hits on a 6 confirmed by a second die of need - 3 or
     * more (assumed); past 9 it cannot hit. */
    bool mounted_confirm_past_six;
    int save_foot_need;
    int save_mounted_unhurt_need;
    int save_mounted_horse_need;
    float area_radius_cm_per_firer;
    int soldiers_before_nco, soldiers_before_leader, soldiers_before_officer;
    float formation_arc_deg;
    int third_rank_friendly_face;

    /* Close combat (seed 000, Close Combat). */
    float contact_cm;
    int combat_die_sides;
    int second_rank_bonus, third_rank_vs_cavalry_bonus, flank_support_bonus;
    int combat_max_rerolls;
    float contact_gap_cm; /* bases this close (edge to edge) are in contact, for lines and ranks */
    char loose[4][LCR_NAME_MAX]; /* unit formations that are not close order ("loose") */
    int loose_count;

    /* Morale (seed 000, Morale; Rallying). */
    int figures_per_chit;
    int piles;
    int min_chits_per_pile;
    float rally_radius_fraction;

    /* Artillery (seed 000, Types Of Artillery); gun_count 0 when the data has none. */
    lcr_artillery artillery;

    /* Game length when the scenario sets no "turns" condition (assumed). */
    int max_turns;

    /* Optional rules of issue 5 (lcr_sight.c, lcr_wounds.c). */
    lcr_sight_data sight;
    lcr_wounds_data wounds;
} lcr_data;

/* Where the data file went wrong (core/json_read.h: file, line, column, JSON path, message). */
typedef json_error lcr_data_error;

/* Loads the rule-set data; NULL with *err filled on any problem (unknown keys included). */
lcr_data *lcr_data_load_file(const char *path, lcr_data_error *err);
lcr_data *lcr_data_load_string(const char *text, size_t len, const char *name, lcr_data_error *err);
/* assets/rules/lcr.json under config_source_dir() (the front end's
 * $SANDTABLE_SOURCE_DIR, else the compiled-in source directory). */
lcr_data *lcr_data_load_default(lcr_data_error *err);
void lcr_data_destroy(lcr_data *d);
/* "file:line:column: $.path: message". */
const char *lcr_data_error_format(const lcr_data_error *err, char *buf, size_t size);

/* Lookups; NULL when the name is unknown. */
const lcr_weapon *lcr_data_weapon(const lcr_data *d, const char *name);
/* What a scenario gives lcr beyond the format (issue 21): only the options lcr reads, each in
 * its range (soldier_cards 0-50, max_turns 1-1000); every figure's weapon one lcr knows (a
 * weapon, a gun, or "none"); every victory condition of a kind lcr scores. False with
 * "$.json.path: problem" in err (the validator places it at the path's line and column). */
bool lcr_data_check_scenario(const lcr_data *d, const scenario *scn, char *err, size_t size);
const lcr_terrain *lcr_data_terrain(const lcr_data *d, const char *name);
/* The gun type of that name, or NULL. */
const lcr_gun *lcr_data_gun(const lcr_data *d, const char *name);
/* "roundshot", "grapeshot", "shrapnel" and back; -1 for an unknown word. */
const char *lcr_data_ammo_name(lcr_ammo ammo);
int lcr_data_ammo_parse(const char *name);
/* The band a range falls in, or -1 when out of range (or the weapon cannot fire). */
int lcr_data_band(const lcr_weapon *w, float range_cm);

/* True when a unit formation name is open order (no rank support, activated fire). */
bool lcr_data_is_loose(const lcr_data *d, const char *formation);
/* A deep copy. */
lcr_data *lcr_data_clone(const lcr_data *d);

/* The card/command rank of a figure's role, or -1 for figures that hold no cards. */
int lcr_data_rank_of(figure_role role);

#endif // LCR_LCR_DATA_H
