/* Tiny Soldiers (seed 003): every number of the rule set, read from assets/rules/tiny.json.
 *
 * The troop chart (section D), the rally chart (G), the order costs (C), the movement
 * restrictions (D), shooting (E) and charge modifiers (F) all live in the data file; the code
 * holds no rule number. Distances are kept in inches as the seed gives them; tiny_data_cm()
 * converts (1 inch = 2.5 cm, the seeds' convention). docs/rules/tiny.md marks the assumed values.
 */
#ifndef TINY_TINY_DATA_H
#define TINY_TINY_DATA_H

#include "core/json_read.h"
#include <stdbool.h>
#include <stddef.h>

#define TINY_NAME_MAX   48
#define TINY_BANDS_MAX  4
#define TINY_TROOPS_MAX 24
#define TINY_LIST_MAX   16
#define TINY_RALLY_MAX  6

typedef enum tiny_class {
    TINY_CLASS_INFANTRY = 0,
    TINY_CLASS_CAVALRY,
    TINY_CLASS_ARTILLERY,
    TINY_CLASS_WAGON,
    TINY_CLASS_COMMANDER,
    TINY_CLASS_COUNT
} tiny_class;

/* How a troop type fares in woods and rough or steep hills (seed 003, D: Movement). */
typedef enum tiny_rough {
    TINY_ROUGH_FULL = 0,
    TINY_ROUGH_HALF,
    TINY_ROUGH_CLOSED,
} tiny_rough;

/* Limbering (D: Formation): none; only to use the road (battalion guns); to move at all. */
typedef enum tiny_limber {
    TINY_LIMBER_NONE = 0,
    TINY_LIMBER_ROAD,
    TINY_LIMBER_MOVE,
} tiny_limber;

/* Passing through friends (D: Passage of Lines). */
typedef enum tiny_passage {
    TINY_PASSAGE_NEVER = 0,
    TINY_PASSAGE_ALWAYS,   /* light infantry, hussars */
    TINY_PASSAGE_DEPLOYED, /* guns when unlimbered */
} tiny_passage;

/* What a shooter counts its target as (E: the -1 classes). */
typedef enum tiny_shot_at {
    TINY_SHOT_AT_NONE = 0,
    TINY_SHOT_AT_SKIRMISHER,
    TINY_SHOT_AT_CAVALRY,
    TINY_SHOT_AT_ARTILLERY,
} tiny_shot_at;

typedef struct tiny_band {
    float range_in; /* the band reaches this far */
    int need;       /* a die scoring this or more hits */
} tiny_band;

/* One row of the troop chart (seed 003, D), plus the flags other sections give it. */
typedef struct tiny_troop {
    char name[TINY_NAME_MAX]; /* key: "line_infantry" */
    char label[TINY_NAME_MAX];
    tiny_class cls;
    float move_in;
    float column_bonus_in;
    tiny_band bands[TINY_BANDS_MAX]; /* nearest first; none = cannot shoot */
    int band_count;
    int melee_need;  /* the chart's melee score (used when melee.use_chart_need) */
    int melee_value; /* compared for the +1 in charge resolution */
    tiny_rough rough;
    tiny_limber limber;
    tiny_passage passage;
    tiny_shot_at shot_at;
    bool move_and_shoot;
    bool evade;
    bool pursue;
    bool defensive_fire; /* explicitly (guns); infantry always has it */
    bool destroys_cover;
    bool counts_for_victory;
    int rally_modifier;
    char dismount_as[TINY_NAME_MAX]; /* "" when it cannot dismount */
} tiny_troop;

typedef enum tiny_rally_result {
    TINY_RALLY_REMOVE_HIT = 0, /* rally and remove one hit */
    TINY_RALLY_ONLY,           /* rally */
    TINY_RALLY_RETREAT,        /* retreat a full move, a straggler hit, rally again next turn */
} tiny_rally_result;

typedef struct tiny_rally_row {
    int min; /* modified scores of at least min (and below the row above) */
    tiny_rally_result result;
} tiny_rally_row;

typedef struct tiny_data {
    char units[8]; /* "inch": the unit the front end shows distances in (rules_view_ops.measure) */
    float inch_cm;
    float frontal_half_angle_deg;
    float contact_gap_in;
    float adjacent_gap_in;
    tiny_troop troops[TINY_TROOPS_MAX];
    int troop_count;

    /* C. Orders */
    int order_die_sides;
    int order_cost, order_penalty_cost;
    float order_far_in;
    float brigade_loss_fraction;

    /* D. Movement */
    char rough_terrain[TINY_LIST_MAX][TINY_NAME_MAX];
    int rough_count;
    float rough_half_mult;
    float obstacle_move_fraction;
    char road_terrain[TINY_LIST_MAX][TINY_NAME_MAX];
    int road_count;
    float road_mult;
    float about_face_enemy_in;
    float about_face_min_deg;
    float commander_join_in;
    float retreat_min_in;          /* a forced retreat shorter than this cannot be made */
    float commander_step_aside_in; /* how far a covered commander may step aside */

    /* E. Shooting */
    int fire_skirmisher, fire_cavalry, fire_artillery, fire_cover, fire_column;
    float siege_cover_range_in;
    int siege_cover_need;
    float see_into_in;     /* a line of fire may run this far into a wood (core/los.h) */
    bool see_out_of_solid; /* a stand on a hill sees out from anywhere on it (tiny only) */

    /* F. Charge resolution */
    int melee_need;
    bool melee_use_chart_need;
    int melee_higher_value, melee_cover, melee_difficult;
    int commander_need, commander_lost_on;
    int commander_replace_turns;

    /* G. Morale */
    int shaken_hits;
    int last_hits_kept;
    int rally_die_sides;
    tiny_rally_row rally[TINY_RALLY_MAX];
    int rally_count;
    int rally_general, rally_enemy_visible, rally_shaken;
    float rally_enemy_visible_in;
    int straggler_hits;

    /* H. Victory */
    float retreat_fraction;
    int max_turns;
} tiny_data;

/* Where the data file went wrong (core/json_read.h: file, line, column, JSON path, message). */
typedef json_error tiny_data_error;

/* Loads the data; NULL with *err filled on any problem (unknown keys included). */
tiny_data *tiny_data_load_string(const char *text, size_t len, const char *name,
                                 tiny_data_error *err);
tiny_data *tiny_data_load_file(const char *path, tiny_data_error *err);
/* assets/rules/tiny.json under dir, else under config_source_dir(). */
tiny_data *tiny_data_load_default(const char *dir, tiny_data_error *err);
void tiny_data_destroy(tiny_data *d);
/* "file:line:column: $.path: message" into buf. */
const char *tiny_data_error_format(const tiny_data_error *err, char *buf, size_t size);

/* The troop of that name, or NULL. */
const tiny_troop *tiny_data_troop(const tiny_data *d, const char *name);
/* Inches to table centimetres. */
float tiny_data_cm(const tiny_data *d, float inches);
/* True when terrain type `name` is woods / rough or steep hills; a road. */
bool tiny_data_is_rough(const tiny_data *d, const char *name);
bool tiny_data_is_road(const tiny_data *d, const char *name);
/* The row of the rally chart for a modified score. */
tiny_rally_result tiny_data_rally(const tiny_data *d, int score);
/* The band index a range falls in, or -1 when out of range. */
int tiny_data_band(const tiny_troop *tr, float range_in);

const char *tiny_class_name(tiny_class c);
const char *tiny_rally_result_name(tiny_rally_result r);

#endif // TINY_TINY_DATA_H
