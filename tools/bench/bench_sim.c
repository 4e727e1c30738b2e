/* Benchmark of `simulate` (not a test): greedy bot-vs-bot games per second on a scenario with
 * one job and with two (the ratio is the speed-up measured in the same run), then the growth of
 * the cost per command with the number of figures (every figure of the scenario copied k times
 * beside itself).
 *
 *   build/tools/bench/bench_sim [SCENARIO] [GAMES]    default: scenarios/lcr_teaching.json, 200
 *   build/tools/bench/bench_sim --all     games per CPU-second of every shipped scenario, with
 *                                         the ratio to issue 19's goal for it
 *
 * Where the time goes: perf record -g build/tools/bench/bench_sim; perf report (docs/engine.md).
 */
#include "core/mem.h"
#include "game/bot.h"
#include "game/simulate.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static double cpu_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static scenario *load(const char *path)
{
    scenario_error err;
    scenario *sc = scenario_load_file(path, &err);
    if (!sc) {
        char buf[1024];
        fprintf(stderr, "%s\n", scenario_error_format(&err, buf, sizeof buf));
        exit(1);
    }
    return sc;
}

/* Plays the games; false (with the reason printed) when the rule set refuses the scenario. */
static bool try_run(const scenario *sc, int games, int jobs, sim_summary *s)
{
    sim_desc d = {.scenario = sc,
                  .games = games,
                  .seed = 1,
                  .jobs = jobs,
                  .levels = {BOT_GREEDY, BOT_GREEDY}};
    game_error err;
    if (sim_run(&d, s, &err))
        return true;
    char buf[1024];
    printf("  refused: %s\n", game_error_format(&err, buf, sizeof buf));
    return false;
}

static sim_summary run(const scenario *sc, int games, int jobs)
{
    sim_summary s;
    if (!try_run(sc, games, jobs, &s))
        exit(1);
    return s;
}

/* One game with the same dice and bot generator as sim_play_one, choosing either through a kept
 * bot_scratch (the path `simulate` takes) or through bot_choose, which allocates and zeroes its
 * buffers on every choice (the path before the buffers were kept): the baseline of the ratio. */
static int play(const scenario *sc, int index, bool keep)
{
    game_error err;
    game *g = game_create(&(game_desc){.scenario = sc,
                                       .seed_set = true,
                                       .seed = sim_game_seed(1, index),
                                       .snapshot_every = 1 << 30},
                          &err);
    if (!g)
        exit(1);
    dice_rng rng;
    dice_seed_stream(&rng, sim_game_seed(1, index), 7);
    bot_scratch *b = bot_scratch_create();
    rules_decision dec;
    rules_command c;
    int n = 0;
    for (game_decision(g, &dec); dec.kind != RULES_DECIDE_NONE && n < 20000;
         game_decision(g, &dec), n++) {
        bool ok = keep ? bot_pick(b, g, BOT_GREEDY, &rng, &c) : bot_choose(g, BOT_GREEDY, &rng, &c);
        if (!ok || !game_submit(g, &c, NULL, 0))
            break;
    }
    bot_scratch_destroy(b);
    game_destroy(g);
    return n;
}

/* Games per second of both paths, interleaved in rounds so that load from other processes
 * falls on both; the best round of each is kept. Returns kept / baseline. */
static double compare_paths(const scenario *sc, int games, int rounds)
{
    double best[2] = {0, 0};
    long cmds[2] = {0, 0};
    for (int r = 0; r < rounds; r++)
        for (int keep = 0; keep < 2; keep++) {
            long n = 0;
            double t0 = now_s();
            for (int i = 0; i < games; i++)
                n += play(sc, i, keep);
            double gs = games / (now_s() - t0);
            if (gs > best[keep])
                best[keep] = gs;
            if (cmds[keep] == 0)
                cmds[keep] = n;
            else if (cmds[keep] != n)
                printf("  NOT REPRODUCIBLE: %ld commands then %ld\n", cmds[keep], n);
        }
    printf("baseline (bot_choose, buffers per choice): %8.1f games/s\n", best[0]);
    printf("kept buffers (bot_pick, as simulate)     : %8.1f games/s  ratio %.2fx  (best of %d "
           "rounds, 1 job; %s)\n",
           best[1], best[1] / best[0], rounds,
           cmds[0] == cmds[1] ? "same commands" : "COMMANDS DIFFER");
    return best[1] / best[0];
}

/* Adds k - 1 copies of every figure, each 1.2 base diameters further along +x and wrapped to
 * the table, so units grow k times. */
static void multiply_figures(scenario *sc, int k)
{
    table *t = sc->table;
    int n = t->figure_count;
    for (int c = 1; c < k; c++)
        for (int i = 0; i < n; i++) {
            figure f = t->figures[i];
            float step = 2.4f * (f.base.radius_cm > 0 ? f.base.radius_cm : 1.5f);
            f.pos.y += step * (float)c;
            if (f.pos.y > t->height_cm - 1)
                f.pos.y -= t->height_cm - 2;
            snprintf(f.name, sizeof f.name, "%.32s %d", t->figures[i].name, c % 1000);
            table_add_figure(t, &f);
        }
}

/* Games per CPU-second of every shipped scenario, against issue 19's goals for it. */
static int all_scenarios(void)
{
    static const struct {
        const char *name;
        double goal;
    } list[] = {{"lcr_teaching", 1000}, {"lcr_baler", 1000},        {"lcr_lanao_road", 300},
                {"lcr_toledo", 0},      {"tiny_two_brigades", 200}, {"cwr_ambush", 1000},
                {"cwr_fort", 1000},     {"cr15_square", 1000},      {"cr15_mission_station", 1000}};
    printf("  %-22s %8s %12s %10s %8s\n", "scenario", "figures", "games/CPU-s", "commands",
           "of goal");
    for (size_t i = 0; i < sizeof list / sizeof list[0]; i++) {
        char path[1200];
        snprintf(path, sizeof path, "%s/scenarios/%s.json", SANDTABLE_SOURCE_DIR, list[i].name);
        scenario *sc = load(path);
        run(sc, 2, 1); /* warm up */
        int games = 4;
        double c0 = cpu_s(), c1 = c0;
        sim_summary s;
        /* at least half a second of games, so the figure is not one game's luck */
        while (games <= 4096) {
            c0 = cpu_s();
            s = run(sc, games, 1);
            c1 = cpu_s();
            if (c1 - c0 >= 0.5)
                break;
            games *= 2;
        }
        double gps = games / (c1 - c0);
        char goal[32] = "-";
        if (list[i].goal > 0)
            snprintf(goal, sizeof goal, "%.2fx", gps / list[i].goal);
        printf("  %-22s %8d %12.1f %10.1f %8s\n", list[i].name, sc->table->figure_count, gps,
               s.mean_commands, goal);
        scenario_destroy(sc);
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "--all") == 0)
        return all_scenarios();
    const char *path = argc > 1 ? argv[1] : SANDTABLE_SOURCE_DIR "/scenarios/lcr_teaching.json";
    int games = argc > 2 ? atoi(argv[2]) : 200;
    scenario *sc = load(path);
    printf("scenario %s (%s), %d figures, %d greedy-vs-greedy games\n", path, sc->ruleset,
           sc->table->figure_count, games);

    run(sc, games / 10 + 1, 1); /* warm up */
    compare_paths(sc, games / 2 > 1 ? games / 2 : 1, 5);
    double c0 = cpu_s();
    sim_summary one = run(sc, games, 1);
    double c1 = cpu_s();
    sim_summary two = run(sc, games, 2);
    double c2 = cpu_s();
    double gs1 = games / one.seconds, gs2 = games / two.seconds;
    printf("1 job : %8.1f games/s  %8.0f commands/s  %8.1f games per CPU-second  (mean %.1f "
           "commands, %.2f turns)\n",
           gs1, gs1 * one.mean_commands, games / (c1 - c0), one.mean_commands, one.mean_turns);
    printf("2 jobs: %8.1f games/s  %8.0f commands/s  %8.1f games per CPU-second\n", gs2,
           gs2 * two.mean_commands, games / (c2 - c1));
    printf("speed-up of 2 jobs over 1 (wall clock): %.2fx; load average matters, see uptime\n",
           gs2 / gs1);

    printf("\ngrowth with figure count (1 job, %d games each):\n", games / 4);
    printf("  %8s %10s %12s %14s %10s\n", "figures", "games/s", "commands", "us/command", "ratio");
    double base_us = 0;
    for (int k = 1; k <= 8; k *= 2) {
        scenario *big = load(path);
        multiply_figures(big, k);
        int n = games / 4 > 4 ? games / 4 : 4;
        double t0 = now_s();
        sim_summary s;
        if (!try_run(big, n, 1, &s)) {
            scenario_destroy(big);
            break;
        }
        double secs = now_s() - t0;
        double us = 1e6 * secs / (s.mean_commands * n);
        if (k == 1)
            base_us = us;
        printf("  %8d %10.1f %12.1f %14.1f %9.2fx\n", big->table->figure_count, n / secs,
               s.mean_commands, us, us / base_us);
        scenario_destroy(big);
    }
    scenario_destroy(sc);
    return 0;
}
