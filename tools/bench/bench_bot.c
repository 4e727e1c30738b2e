/* Benchmark of the bot's decision time (not a test): the issue asks at most 50 ms a decision at
 * normal and at most 1 s at hard on a table of about 100 figures (docs/engine.md, "The bot").
 *
 * Each scenario's table is tiled side by side until it holds about FIGURES figures (each tile a
 * copy of every unit and of the terrain; sides shared), then one game is played by normal bots
 * on both sides. Every normal decision of the game is timed; every STRIDE-th position (up to
 * HARD positions) the hard level also decides, timed, without its choice being played. Times
 * are the thread's CPU time (the machine is shared: wall time would measure the neighbours).
 *
 *   build/tools/bench/bench_bot [FIGURES [HARD [SCENARIO...]]]
 *       defaults: 100 figures, 20 hard decisions, one scenario of each rule set
 */
#include "bench_tile.h"

#include "core/mem.h"
#include "game/bot.h"
#include "game/game.h"
#include "scenario/scenario.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { BENCH_COMMANDS_MAX = 4000, BENCH_HARD_STRIDE = 7 };

static double cpu_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec * 1e-6;
}

typedef struct timing {
    double *ms;
    int n, cap;
} timing;

static void timing_add(timing *t, double ms)
{
    if (t->n == t->cap) {
        t->cap = t->cap ? 2 * t->cap : 256;
        t->ms = mem_realloc(t->ms, (size_t)t->cap, sizeof *t->ms);
    }
    t->ms[t->n++] = ms;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* "n 412, mean 1.2 ms, median 0.9, 95% 3.1, max 8.0"; returns the max. */
static double timing_print(const char *label, timing *t, double goal_ms)
{
    if (t->n == 0) {
        printf("  %-7s no decisions\n", label);
        return 0;
    }
    qsort(t->ms, (size_t)t->n, sizeof *t->ms, by_value);
    double sum = 0;
    for (int i = 0; i < t->n; i++)
        sum += t->ms[i];
    double max = t->ms[t->n - 1];
    /* nearest-rank percentiles: the smallest value with at least p of the decisions at or below */
    int med = (int)ceil(0.5 * t->n) - 1, p95 = (int)ceil(0.95 * t->n) - 1;
    printf(
        "  %-7s %5d decisions: mean %8.2f ms, median %8.2f, 95%% %8.2f, max %8.2f  (goal %.0f ms: "
        "%s)\n",
        label, t->n, sum / t->n, t->ms[med], t->ms[p95], max, goal_ms,
        max <= goal_ms ? "met" : "NOT met");
    return max;
}

/* One game of normal bots on the tiled table; returns false when a goal was missed. */
static bool bench_one(const char *path, int figures, int hard_max)
{
    scenario *sc = bench_tile_load(
        path, &(bench_tile_desc){.figures = figures, .at_least = true, .keep_terrain = true});
    game_error err;
    game *g = game_create(&(game_desc){.scenario = sc,
                                       .seed_set = true,
                                       .seed = 1,
                                       .snapshot_every = 1 << 30,
                                       .skip_log_hashes = true},
                          &err);
    if (!g) {
        char buf[1024];
        printf("%s: %s\n", path, game_error_format(&err, buf, sizeof buf));
        scenario_destroy(sc);
        return false;
    }
    printf("%s (%s): %d figures, %d polygons and lines\n", sc->title, sc->ruleset,
           game_table(g)->figure_count, game_table(g)->feature_count);
    bot_scratch *b = bot_scratch_create();
    dice_rng rng, hard_rng;
    dice_seed_stream(&rng, 1, 7);
    dice_seed_stream(&hard_rng, 1, 8);
    timing normal = {0}, hard = {0};
    char why[256];
    rules_command c;
    for (int i = 0; i < BENCH_COMMANDS_MAX && !game_over(g); i++) {
        if (hard.n < hard_max && i % BENCH_HARD_STRIDE == BENCH_HARD_STRIDE - 1) {
            double t0 = cpu_ms();
            bool ok = bot_pick_why(b, g, BOT_HARD, &hard_rng, &c, why, sizeof why);
            if (ok)
                timing_add(&hard, cpu_ms() - t0);
        }
        double t0 = cpu_ms();
        if (!bot_pick_why(b, g, BOT_NORMAL, &rng, &c, why, sizeof why))
            break;
        timing_add(&normal, cpu_ms() - t0);
        if (!game_submit(g, &c, NULL, 0))
            break;
    }
    printf("  %d commands played, turn %d%s\n", game_log_count(g), game_turn(g),
           game_over(g) ? ", game over" : "");
    bool ok = timing_print("normal", &normal, 50) <= 50;
    ok = timing_print("hard", &hard, 1000) <= 1000 && ok;
    free(normal.ms);
    free(hard.ms);
    bot_scratch_destroy(b);
    game_destroy(g);
    scenario_destroy(sc);
    return ok;
}

int main(int argc, char **argv)
{
    int figures = argc > 1 ? atoi(argv[1]) : 100;
    int hard_max = argc > 2 ? atoi(argv[2]) : 20;
    static const char *const defaults[] = {
        SANDTABLE_SOURCE_DIR "/scenarios/lcr_teaching.json",
        SANDTABLE_SOURCE_DIR "/scenarios/tiny_two_brigades.json",
        SANDTABLE_SOURCE_DIR "/scenarios/cwr_fort.json",
        SANDTABLE_SOURCE_DIR "/scenarios/cr15_mission_station.json",
    };
    int n = argc > 3 ? argc - 3 : (int)(sizeof defaults / sizeof *defaults);
    printf("bot decision time, normal bots playing, thread CPU time, about %d figures\n", figures);
    bool ok = true;
    for (int i = 0; i < n; i++)
        ok = bench_one(argc > 3 ? argv[3 + i] : defaults[i], figures, hard_max) && ok;
    return ok ? 0 : 1;
}
