/* The parsed content of a save file, for the loader and the replay checker. */
#ifndef GAME_SAVE_H
#define GAME_SAVE_H

#include "game/game.h"

/* Limits of a save (and of a replay, which reads saves): the embedded scenario is at most
 * SCENARIO_FILE_MAX; a log of 100,000 commands is far more than any game (a long lcr game is
 * about 1,000). Past them the file is refused, naming the limit. */
#define SAVE_FILE_MAX     (64u << 20) /* bytes */
#define SAVE_COMMANDS_MAX 100000

typedef struct save_entry {
    rules_command cmd;
    uint64_t hash;
    uint64_t parts[3]; /* hashes of the table, the rule state, the dice */
    int turn;
} save_entry;

typedef struct save_data {
    scenario *sc; /* owned */
    uint64_t seed;
    uint64_t start_hash;
    save_entry *entries;
    int count;
    int cursor;
    json_t *notes; /* the "notes" array (chat lines, pings) or NULL; owned */
} save_data;

/* Parses a save's text (format, version, keys, embedded scenario, commands). False with *err
 * naming `name`, line:column and the problem. Does not replay anything. */
bool save_parse(const char *text, size_t len, const char *name, save_data *sd, game_error *err);
void save_data_free(save_data *sd);
/* Reads a whole file; false with *err naming it. */
bool save_read_file(const char *path, char **text, size_t *len, game_error *err);
/* Names the parts whose hashes differ: "the rule set's state, the dice generator". */
const char *save_diff_parts(const uint64_t want[3], const uint64_t got[3], char *buf, size_t size);

/* One window per save: a lock on PATH.lock while a match autosaves to PATH (another process
 * holding it: false, *err "this game is open in another window"). Counted within a process,
 * so a match reloaded over the same save keeps it; game_create and game_load take it for
 * their autosave path, game_destroy releases it. */
bool save_lock_take(const char *path, char *err, size_t size);
void save_lock_release(const char *path);

#endif // GAME_SAVE_H
