/* The scenario editor's balance check: N seeded bot games of the scenario as it stands, played
 * on a thread of their own (game/simulate.h, one game at a time, so it stops between games when
 * asked), with the win rates' Wilson intervals, the mean length and how often each side's
 * reinforcements mattered. */
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
    /* By side id: whether the side has reinforcements, and the games in which they mattered:
     * the side won ahead on figures standing at the end, and would have been level or behind
     * without its reinforcements still standing (docs/frontend.md, "Balance check"). */
    bool reinforced[SIM_SIDES_MAX + 1];
    int mattered[SIM_SIDES_MAX + 1];
    char error[200];
} editor_balance_result;

/* Starts `games` games (0: EDITOR_BALANCE_GAMES) of greedy bots on a copy of `s`, game i with
 * dice seed sim_game_seed(s->seed, i). NULL with the reason when it cannot start. */
editor_balance *editor_balance_start(const scenario *s, int games, char *err, size_t size);
void editor_balance_result_get(editor_balance *b, editor_balance_result *out);
/* True when the winner of game g had its reinforcements matter (see reinforced above). */
bool editor_balance_mattered(const sim_game *g, int side_count);
/* Stops after the game in progress and frees everything. NULL is ignored. */
void editor_balance_stop(editor_balance *b);

#endif // UI_EDITOR_BALANCE_H
