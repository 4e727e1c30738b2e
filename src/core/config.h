/* Where the program's files are and the switches that change how it checks itself, told once
 * by the front end (cli/cli_env.c reads the environment; a test sets it directly). Nothing
 * below the front end reads the environment: it asks here. Zero means default everywhere. Set
 * it before any game starts; it is read, never written, while games (and simulate's threads)
 * run. */
#ifndef CORE_CONFIG_H
#define CORE_CONFIG_H

#include <stdbool.h>

typedef struct config_desc {
    /* The folder holding assets/ and docs/; zero = the source folder the program was built
     * from. */
    const char *source_dir;
    /* The folder of the built-in terrain.json; zero = <source_dir>/assets. */
    const char *terrain_dir;
    /* Where saves, autosaves and settings go (created when missing); zero = nowhere known
     * (game_data_path fails). */
    const char *data_dir;
    /* Every match checks that its rule set changes state only through events
     * (game_desc.verify_events for all). */
    bool verify_events;
} config_desc;

/* Replaces the configuration (the strings are copied); NULL = every default. */
void config_set(const config_desc *desc);
/* The folder holding assets/ and docs/ (never NULL). */
const char *config_source_dir(void);
/* The folder of the built-in terrain.json, or NULL for <source_dir>/assets. */
const char *config_terrain_dir(void);
/* The data folder, or NULL when none is known. */
const char *config_data_dir(void);
bool config_verify_events(void);

#endif // CORE_CONFIG_H
