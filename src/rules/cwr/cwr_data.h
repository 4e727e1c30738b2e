/* Colonial Wargames Rules (seed 001): every number of the rule set, read once from
 * assets/rules/cwr.json into a const struct. Distances stay in inches as the rules give them;
 * cwr_data_cm() converts (1 inch = 2.5 cm). docs/rules/cwr.md marks the assumed values. */
#ifndef CWR_CWR_DATA_H
#define CWR_CWR_DATA_H

#include "core/json_read.h"
#include <stdbool.h>
#include <stddef.h>

#define CWR_NAME_MAX    48
#define CWR_TROOPS_MAX  32
#define CWR_WEAPONS_MAX 32
#define CWR_PAIRS_MAX   24
#define CWR_LIST_MAX    16
#define CWR_STEPS_MAX   2

/* What a troop type is for the rules' tables. */
typedef enum cwr_type {
    CWR_TYPE_INFANTRY = 0, /* companies, battalions, native foot */
    CWR_TYPE_CAVALRY,      /* squadrons, regiments, native mounted */
    CWR_TYPE_MACHINE_GUN,
    CWR_TYPE_ARTILLERY,
    CWR_TYPE_INDIVIDUAL, /* generals, HQ staff, native leaders and retinue */
    CWR_TYPE_TRANSPORT,
    CWR_TYPE_COUNT
} cwr_type;

/* One step of a permitted pair of actions. */
typedef enum cwr_step {
    CWR_STEP_NONE = 0,
    CWR_STEP_FIRE,
    CWR_STEP_MOVE,
    CWR_STEP_MOVE_DOUBLE,
    CWR_STEP_MOVE_AWAY,
    CWR_STEP_MOVE_DOUBLE_AWAY,
    CWR_STEP_FORMATION,
    CWR_STEP_LIMBER,
    CWR_STEP_UNLIMBER,
    CWR_STEP_CHARGE,
    CWR_STEP_COMBAT,
    CWR_STEP_COUNT
} cwr_step;

typedef struct cwr_troop {
    char name[CWR_NAME_MAX]; /* key: "infantry_company" */
    bool irregular;          /* the irregular native tables */
    cwr_type type;
    bool exempt;         /* takes no morale check */
    int morale_dice;     /* before class and fortification */
    int move_dice;       /* unlimbered, or the only value */
    int move_dice_limb;  /* limbered (artillery); 0 = as move_dice */
    int dice_per_figure; /* fire dice per figure (1; machine guns and guns 3) */
} cwr_troop;

typedef struct cwr_weapon {
    char name[CWR_NAME_MAX];
    float short_in, long_in; /* 0: no such band */
} cwr_weapon;

typedef struct cwr_pair {
    char id[CWR_NAME_MAX];
    char label[48];
    cwr_step steps[CWR_STEPS_MAX];
    int step_count;
} cwr_pair;

typedef struct cwr_names {
    char name[CWR_LIST_MAX][CWR_NAME_MAX];
    int count;
} cwr_names;

typedef struct cwr_data {
    char rule_book[64];
    char units[8]; /* "inch" */
    float inch_cm, contact_in;
    bool sequence_by_side; /* "side": a whole side activates before the other; else alternate */
    int max_turns, break_percent;
    int class_dice[4];    /* elite, normal, inexperienced, militia */
    int quality_class[5]; /* figure_quality -> cwr_class */
    int fortified_dice;
    cwr_names fortification, open, obstacle, high_ground;
    float obstacle_cost_in;
    int double_mult, open_extra_dice;
    float fire_arc_deg, over_friends_in, spot_in;
    int column_files;
    int long_sixes, short_sixes, fortified_factor;
    bool firer_picks; /* "firer": the side that fired (or fought) picks the casualties; else nearest
                       */
    cwr_troop troops[CWR_TROOPS_MAX];
    int troop_count;
    cwr_weapon weapons[CWR_WEAPONS_MAX];
    int weapon_count;
    cwr_pair pairs[CWR_PAIRS_MAX];
    int pair_count;
    int on_pass[CWR_PAIRS_MAX], on_fail[CWR_PAIRS_MAX]; /* indices into pairs */
    int pass_count, fail_count;
} cwr_data;

typedef enum cwr_class {
    CWR_CLASS_ELITE = 0,
    CWR_CLASS_NORMAL,
    CWR_CLASS_INEXPERIENCED,
    CWR_CLASS_MILITIA,
    CWR_CLASS_COUNT
} cwr_class;

/* Where the data file went wrong (core/json_read.h: file, line, column, JSON path, message). */
typedef json_error cwr_data_error;

cwr_data *cwr_data_load_string(const char *text, size_t len, const char *name, cwr_data_error *err);
cwr_data *cwr_data_load_file(const char *path, cwr_data_error *err);
/* dir/cwr.json, or the source tree's assets/rules/cwr.json when dir is NULL or empty. */
cwr_data *cwr_data_load_default(const char *dir, cwr_data_error *err);
void cwr_data_destroy(cwr_data *d);
const char *cwr_data_error_format(const cwr_data_error *err, char *buf, size_t size);

const cwr_troop *cwr_data_troop(const cwr_data *d, const char *name);
const cwr_weapon *cwr_data_weapon(const cwr_data *d, const char *name);
int cwr_data_pair(const cwr_data *d, const char *id); /* index, or -1 */
bool cwr_names_has(const cwr_names *n, const char *name);
const char *cwr_class_name(cwr_class c);
int cwr_class_parse(const char *name);
const char *cwr_step_name(cwr_step s);
float cwr_data_cm(const cwr_data *d, float in);

#endif // CWR_CWR_DATA_H
