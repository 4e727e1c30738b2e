/* The scenario editor's balance check: N seeded bot games of the scenario as it stands, played
 * on a thread of their own (game/simulate.h, one game at a time, so it stops between games when
 * asked), with the win rates' Wilson intervals and the mean length. */
#ifndef UI_EDITOR_BALANCE_H
#define UI_EDITOR_BALANCE_H

#include "game/simulate.h"
#include "scenario/scenario.h"

#include <stdbool.h>

#define EDITOR_BALANCE_GAMES 40

typedef struct editor_balance editor_balance;

/* What the games showed so far (a copy; safe to read while they run). */
typedef struct editor_balance_result {
    int done, total;
    bool running, complete;
    int side_count;
    char side_names[SIM_SIDES_MAX + 1][TABLE_NAME_MAX]; /* by side id */
    int wins[SIM_SIDES_MAX + 1];                        /* by side id; [0] draws and unfinished */
    double win_lo[SIM_SIDES_MAX + 1], win_hi[SIM_SIDES_MAX + 1]; /* Wilson 95%, percent */
    double mean_turns;
    char error[200];
} editor_balance_result;

/* Starts `games` games (0: EDITOR_BALANCE_GAMES) of greedy bots on a copy of `s`, game i with
 * dice seed sim_game_seed(s->seed, i). NULL with the reason when it cannot start. */
editor_balance *editor_balance_start(const scenario *s, int games, char *err, size_t size);
void editor_balance_result_get(editor_balance *b, editor_balance_result *out);
/* Stops after the game in progress and frees everything. NULL is ignored. */
void editor_balance_stop(editor_balance *b);

#endif // UI_EDITOR_BALANCE_H
