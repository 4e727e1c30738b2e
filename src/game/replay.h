/* Re-running a saved game headless and checking every stored hash (`sandtable replay`). */
#ifndef GAME_REPLAY_H
#define GAME_REPLAY_H

#include "game/game.h"

#include <stdint.h>

typedef struct replay_report {
    int commands;      /* commands in the save */
    int checked;       /* commands replayed with a matching hash */
    int diverged_at;   /* 1-based number of the first command that differs; 0 when none */
    char message[640]; /* what differs, or why a command was refused */
} replay_report;

/* Called at the end of each turn (and at the end of the log) with the turn number, the number
 * of commands replayed so far and the hash after them. */
typedef void (*replay_turn_fn)(void *user, int turn, int commands, uint64_t hash);

/* Replays the save at path. False when the file is refused (*err says why) or the replay
 * diverges (rep->diverged_at and rep->message say where and what). rules: override of the
 * registry lookup (tests), NULL normally. */
bool replay_file(const char *path, const rules_ops *rules, replay_turn_fn on_turn, void *user,
                 replay_report *rep, game_error *err);
/* The same on text in memory (fuzzing); name stands for the file name. */
bool replay_string(const char *text, size_t len, const char *name, const rules_ops *rules,
                   replay_turn_fn on_turn, void *user, replay_report *rep, game_error *err);

#endif // GAME_REPLAY_H
