/* Colonial Rules for 15mm: every number of the rule set, read from assets/rules/cr15.json.
 *
 * The movement table, the D10 fire table with rates and reloads, the Gatling and the guns, the
 * wound table by cover, the melee modifiers on the average die and the morale tests all live in
 * the data file; the code holds no rule number. Distances are in inches as the rules give them;
 * cr15_cm() converts (1 inch = 2.5 cm). docs/rules/cr15.md marks the assumed values.
 */
#ifndef CR15_CR15_DATA_H
#define CR15_CR15_DATA_H

#include "core/json_read.h"
#include <stdbool.h>
#include <stddef.h>

#define CR15_NAME_MAX  32
#define CR15_BANDS     6
#define CR15_LIST_MAX  16
#define CR15_WEAPONS   8
#define CR15_MELEE_MAX 8

typedef enum cr15_troop {
    CR15_TROOP_REGULARS = 0,
    CR15_TROOP_TRIBESMEN,
    CR15_TROOP_CAVALRY,
    CR15_TROOP_ARTILLERY,
    CR15_TROOP_COUNT
} cr15_troop;

typedef enum cr15_cover {
    CR15_COVER_OPEN = 0,
    CR15_COVER_SOFT,
    CR15_COVER_HARD,
    CR15_COVER_COUNT
} cr15_cover;

typedef enum cr15_wound {
    CR15_WOUND_LIGHT = 0,
    CR15_WOUND_SERIOUS,
    CR15_WOUND_DEAD,
} cr15_wound;

typedef struct cr15_troop_data {
    float move_in, charge_in;
    bool finish_off; /* a serious wound it causes in melee must be finished off next move */
} cr15_troop_data;

typedef struct cr15_weapon {
    char name[CR15_NAME_MAX];
    int rate;              /* shots per firing phase */
    int reload;            /* turns standing still to reload after firing (after `rounds`) */
    int rounds;            /* rounds held before a reload (0: reloads after every firing) */
    int table[CR15_BANDS]; /* roll greater than this; 0 = cannot fire at that band */
} cr15_weapon;

typedef struct cr15_melee_weapon {
    char name[CR15_NAME_MAX];
    bool shield, lance, unarmed;
} cr15_melee_weapon;

typedef struct cr15_fire_mods {
    int veteran, novice, target_moved, second_shot, target_cover, being_charged, firer_moved,
        firer_mounted, firer_wounded;
} cr15_fire_mods;

typedef struct cr15_melee_mods {
    int cover, leader, shield, veteran, mounted, lance, novice, unarmed, outnumbered_2,
        outnumbered_3, serious;
} cr15_melee_table;

typedef struct cr15_data {
    char name[64];
    char units[8];
    float inch_cm;
    int max_turns;
    int arrival_need; /* a scheduled unit arrives on this or less on a D10 */
    cr15_troop_data troops[CR15_TROOP_COUNT];
    char bad_going[CR15_LIST_MAX][CR15_NAME_MAX];
    int bad_going_count;
    char buildings[CR15_LIST_MAX][CR15_NAME_MAX];
    int building_count;
    float obstacle_in;
    float crawl_in[3]; /* alone, aided by one, aided by two */
    float aid_radius_in;
    float contact_cm;
    float bands_in[CR15_BANDS];
    cr15_weapon weapons[CR15_WEAPONS];
    int weapon_count;
    cr15_fire_mods fire;
    struct {
        int crew, rifles, jam_faces, jam_faces_one_crew, unjam_penalty_one_crew;
        float range_in;
    } gatling;
    struct {
        int crew, reload, survive_open, survive_cover, canister_rifles;
        float burst_diameter_in, canister_in;
    } artillery;
    int wound_light[CR15_COVER_COUNT], wound_serious[CR15_COVER_COUNT];
    cr15_melee_table melee;
    int melee_continue, melee_light, melee_serious;
    int charge_need, fire_multiplier;
    cr15_melee_weapon melee_weapons[CR15_MELEE_MAX];
    int melee_weapon_count;
    float guess_error;
} cr15_data;

/* Where the data file went wrong (core/json_read.h: file, line, column, JSON path, message). */
typedef json_error cr15_data_error;

/* Reads the data file; NULL with *err filled (file:line:column, JSON path). */
cr15_data *cr15_data_load(const char *path, cr15_data_error *err);
/* assets/rules/cr15.json under data_dir, or the source tree's when NULL. */
cr15_data *cr15_data_load_default(const char *data_dir, cr15_data_error *err);
void cr15_data_destroy(cr15_data *d);
const char *cr15_data_error_format(const cr15_data_error *err, char *buf, size_t size);

const cr15_weapon *cr15_data_weapon(const cr15_data *d, const char *name);
const cr15_melee_weapon *cr15_data_melee_weapon(const cr15_data *d, const char *name);
int cr15_troop_parse(const char *name); /* -1 when unknown */
const char *cr15_troop_name(cr15_troop t);

#endif // CR15_CR15_DATA_H
