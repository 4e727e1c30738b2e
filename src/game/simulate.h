/* Many bot-vs-bot games of one scenario (`sandtable simulate`), on several threads. Game i uses
 * dice seed sim_game_seed(seed, i) whatever the number of jobs, so results do not depend on it.
 */
#ifndef GAME_SIMULATE_H
#define GAME_SIMULATE_H

#include "game/bot.h"
#include "game/game.h"

#include <stdint.h>

#define SIM_SIDES_MAX  8
#define SIM_CAUSES_MAX 8
#define SIM_TOP_MAX    5

/* A rule reference and how many figures its events removed. */
typedef struct sim_cause {
    char ref[RULES_EVENT_REF_MAX];
    int removed;
    int games; /* in a summary: the games in which it removed anyone */
} sim_cause;

/* The single command that removed the most figures in a game. */
typedef struct sim_moment {
    int game, command, turn;
    int removed;
    char text[RULES_EVENT_TEXT_MAX + 64];
} sim_moment;

typedef struct sim_game {
    uint32_t winner;  /* side id; 0 draw or unfinished */
    int winner_level; /* which of desc->levels won: 0 or 1; -1 draw or unfinished */
    bool finished;    /* ended by the rules, not by the command cap */
    int turns, commands;
    bool arrival;                      /* a figure came onto the table (a reinforcement) */
    int casualties[SIM_SIDES_MAX + 1]; /* figures removed (killed, routed off...), by side id */
    /* at the end, by side id: figures standing on the table (table_figure_active), and those of
     * them from the scenario's reinforcements */
    int standing[SIM_SIDES_MAX + 1], reinforcements_standing[SIM_SIDES_MAX + 1];
    sim_cause causes[SIM_CAUSES_MAX];
    int cause_count;
    sim_moment decisive;
    double level_seconds[2]; /* time spent choosing by the bot of desc->levels[0] and [1] */
    int level_picks[2];      /* and its decisions */
} sim_game;

typedef struct sim_desc {
    const scenario *scenario;
    const rules_ops *rules; /* NULL = by the scenario's rule set id */
    const char *data_dir;
    int games;
    uint64_t seed;
    int jobs;            /* threads; 0 = 1 */
    bot_level levels[2]; /* bots of the first and second side (zero: random; see cli) */
    /* Odd-numbered games give levels[0] to the second side and levels[1] to the first, so a
     * comparison of two levels is not a comparison of the sides (sim_summary.level_wins). */
    bool swap_sides;
    int max_commands; /* per game; 0 = 20000 */
    /* Keep each game's save as DIR/game-NNNN.json (N = game index from 0, four digits or
     * more); NULL = none. The directory must exist. A failed save fails the run. */
    const char *save_dir;
    /* Called from the workers (serialised by a lock) after each game; may be NULL. */
    void (*progress)(void *user, int done, int total);
    void *user;
} sim_desc;

typedef struct sim_summary {
    int games, finished, draws;
    int side_count;
    char side_names[SIM_SIDES_MAX + 1][TABLE_NAME_MAX];
    int wins[SIM_SIDES_MAX + 1];
    /* games won by the bot of desc->levels[0] and [1] whatever side it played; the first's
     * score (a win 1, a draw or an unfinished game 1/2, a loss 0) and its share of all games in
     * percent with the Wilson 95% interval of that share */
    int level_wins[2];
    double level_score, level_pct, level_lo, level_hi;
    double level_ms[2]; /* mean milliseconds per decision of each level (wall clock) */
    double win_pct[SIM_SIDES_MAX + 1], win_lo[SIM_SIDES_MAX + 1], win_hi[SIM_SIDES_MAX + 1];
    double mean_turns, mean_commands;
    double median_turns;
    int arrival_games; /* games in which a reinforcement came onto the table */
    double mean_casualties[SIM_SIDES_MAX + 1];
    sim_cause causes[SIM_CAUSES_MAX]; /* most removals first */
    int cause_count;
    sim_moment decisive[SIM_TOP_MAX]; /* the biggest single commands */
    int decisive_count;
    double seconds;
} sim_summary;

/* Plays one game; false with *err when the game cannot start. */
bool sim_play_one(const sim_desc *desc, int index, sim_game *out, game_error *err);
/* Plays desc->games games on desc->jobs threads and summarises them. */
bool sim_run(const sim_desc *desc, sim_summary *sum, game_error *err);
/* The dice seed of game i. */
uint64_t sim_game_seed(uint64_t seed, int index);
/* Wilson 95% interval of k successes in n trials, in percent. */
void sim_wilson(int k, int n, double *lo, double *hi);
/* The same for a score k that may be fractional (draws counted half). */
void sim_wilson_score(double k, int n, double *lo, double *hi);
/* The summary as a JSON object. */
json_t *sim_summary_json(const sim_summary *sum);

#endif // GAME_SIMULATE_H
