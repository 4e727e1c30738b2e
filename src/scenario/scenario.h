/* Scenario files: a JSON document (read with jansson) describing the table, its terrain, the
 * sides, units and figures, the rule set and its options, deployment zones, reinforcements,
 * victory conditions, the seed, and the title and description. docs/scenario.schema.json is
 * the format; this loader and that schema agree (a test checks both on every shipped file).
 *
 * Bad input never crashes: the loader returns NULL and fills a scenario_error naming the file,
 * line, column, JSON path and what was expected. Unknown keys are errors.
 */
#ifndef SCENARIO_SCENARIO_H
#define SCENARIO_SCENARIO_H

#include "core/json_read.h"
#include "core/table.h"

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

#define SCENARIO_TEXT_MAX 2048

/* Limits a designer never reaches and a hostile file cannot pass (docs/scenario-format.md,
 * "Limits"): any file within them validates in well under a second. Past one, the loader
 * refuses the file at the first value too many, naming the limit. Terrain types: TABLE_TYPES_MAX
 * (core/table.h). */
#define SCENARIO_FILE_MAX       (4u << 20) /* bytes of a scenario file */
#define SCENARIO_FIGURES_MAX    2000       /* figures in all */
#define SCENARIO_UNITS_MAX      500
#define SCENARIO_SIDES_MAX      6
#define SCENARIO_FEATURES_MAX   1000  /* terrain features */
#define SCENARIO_POINTS_MAX     1000  /* points of one polygon or line */
#define SCENARIO_ALL_POINTS_MAX 20000 /* points of all polygons and lines together */
#define SCENARIO_LIST_MAX       100   /* deployment zones, reinforcements, victory conditions */

/* Where a scenario went wrong: file, line, column, JSON path, message (core/json_read.h). */
typedef json_error scenario_error;

typedef enum scenario_edge {
    SCENARIO_EDGE_NONE = 0,
    SCENARIO_EDGE_NORTH, /* y = 0 */
    SCENARIO_EDGE_SOUTH, /* y = table height */
    SCENARIO_EDGE_WEST,  /* x = 0 */
    SCENARIO_EDGE_EAST,  /* x = table width */
} scenario_edge;

typedef struct scenario_zone {
    side_id side;
    geom_polygon area; /* owned */
} scenario_zone;

/* A group of units that arrives during the game. Its figures start with FIGURE_STATUS_OFF_TABLE. */
typedef struct scenario_reinforcement {
    side_id side;
    unit_id *units; /* owned */
    int unit_count;
    int turn;           /* arrives at the start of this turn; 0 when triggered */
    char trigger[64];   /* rule-set trigger name when turn == 0: "first_casualty", ... */
    scenario_edge edge; /* entry edge */
    vec2s entry;        /* entry point on that edge (cm) */
} scenario_reinforcement;

typedef struct scenario_victory {
    char kind[32];     /* "destroy", "hold", "exit", "turns", ... interpreted by the rule set */
    side_id side;      /* the side the condition is for */
    geom_polygon area; /* for hold/exit; count 0 otherwise; owned */
    int turns;         /* for "turns": the game ends after this many */
    int value;         /* a count or percentage the condition needs */
    char text[256];    /* how the scenario states it */
} scenario_victory;

typedef struct scenario {
    char title[128];
    char description[SCENARIO_TEXT_MAX];
    char designer_notes[SCENARIO_TEXT_MAX];
    char ruleset[32];      /* rule-set id, a lowercase word ("lcr"); whether a rule set of
                              that id exists is the registry's to say (rules_scenario_check) */
    json_t *rules_options; /* the rule set's own options object (never NULL; may be empty) */
    uint64_t seed;
    int campaign_position; /* 0 when not part of a campaign, else 1-based order */
    char campaign[64];     /* the campaign's name; empty when not part of one */
    table *table;          /* owned */
    scenario_zone *zones;
    int zone_count;
    scenario_reinforcement *reinforcements;
    int reinforcement_count;
    scenario_victory *victory;
    int victory_count;
    char *source_text; /* the file's bytes, NUL-terminated, so saves can embed them */
    size_t source_len; /* their length (source_text may hold NUL bytes) */
    char file[256];    /* the name the scenario was loaded under, for errors */
} scenario;

/* Loads a scenario file. Returns NULL with *err filled on any problem (err may not be NULL). */
scenario *scenario_load_file(const char *path, scenario_error *err);
/* Loads from text in memory; `name` stands for the file name in errors. */
scenario *scenario_load_string(const char *text, size_t len, const char *name, scenario_error *err);
void scenario_destroy(scenario *s);

/* Adds the built-in terrain types to a table: config_terrain_dir()/terrain.json
 * (the front end's $SANDTABLE_DATA_DIR), else config_source_dir()/assets/terrain.json. False with
 * *err filled when that file is missing or wrong. The loader calls it before reading a scenario's
 * own types. */
bool scenario_builtin_terrain(table *t, scenario_error *err);

/* Fills *err for a problem found after loading, such as a rule set refusing its options: the
 * scenario's file name, the line and column of the value at `path` in its text (0 when absent),
 * the path itself and the message. `path` is written as in errors:
 * "$.ruleset_options.morale.ruthless", "$.units[2].figures[0]", "$[\"odd key\"]". Returns false,
 * so a caller can `return scenario_error_at(...)`. */
bool scenario_error_at(const scenario *s, const char *path, scenario_error *err, const char *fmt,
                       ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* Writes the scenario back in the file format (src/scenario/scenario_write.c), formatted for
 * people to read and diff: loading the text gives the same table bit for bit. With `t` NULL
 * the scenario's own table is written; with a table from a game (a position set up on screen)
 * that table is: its figures where they stand, the dead and the gone left out, reinforcements
 * that have arrived written as troops on the table. Returns malloc'd text, or NULL with *err
 * filled. */
char *scenario_write_string(const scenario *s, const table *t, scenario_error *err);
/* The same, to `path`, crash-safe (core/file.h: file_write_atomic keeps the previous file). */
bool scenario_write_file(const scenario *s, const table *t, const char *path, scenario_error *err);

/* "file:line:column: $.path: message" into buf; returns buf. */
const char *scenario_error_format(const scenario_error *err, char *buf, size_t size);

#endif // SCENARIO_SCENARIO_H
