/* Benchmark of growth (not a test): whole bot-vs-bot games of a generated lcr battle as the
 * figures grow (about 100 -> 1,000 -> 5,000, at 200 polygons) and as the terrain grows (20 ->
 * 200 -> 800 polygons, at about 1,000 figures). Each row is a ratio against the first row of
 * its series, measured in the same run, and each series ends with the fitted exponent of cost
 * against size (least squares on the logs: 1 is linear, 2 quadratic). Every game must end by the
 * rules (the command cap ending one is reported as a failure). A third series times what
 * `sandtable validate` asks of the rule set (`rules_scenario_validate`: the rule set's create,
 * its deck and checks) at about 1,000 -> 2,000 -> 5,000 -> 20,000 figures.
 *
 * The battle: the scenario's table tiled side by side as many times as the figure count needs
 * (each tile its own copy of every unit; sides shared), its own terrain replaced by generated
 * polygons (jungle and houses, 8-12 vertices, 2-6 cm across) scattered over the whole table.
 *
 *   build/tools/bench/bench_scale [SCENARIO] [GAMES]    default: scenarios/lcr_teaching.json, 1
 * (GAMES a row at 5,000 figures; three times that at 1,000, eight times at 100).
 *   build/tools/bench/bench_scale SCENARIO GAMES FIGURES [POLYGONS]   one battle (for perf)
 */
#include "bench_tile.h"

#include "core/dice.h"
#include "core/mem.h"
#include "game/simulate.h"
#include "rules/rules.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double cpu_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int type_with_los(const table *t, terrain_los los, const char *prefer)
{
    int k = table_type_find(t, prefer);
    if (k >= 0)
        return k;
    for (int i = 0; i < t->type_count; i++)
        if (t->types[i].los == los && t->types[i].move_mult > 0)
            return i;
    return 0;
}

/* `polygons` star-shaped polygons scattered over t, three in four jungle, one a house. */
static void scatter(table *t, int polygons, uint64_t seed)
{
    dice_rng rng;
    dice_seed(&rng, seed);
    int jungle = type_with_los(t, TERRAIN_LOS_AREA, "jungle");
    int house = type_with_los(t, TERRAIN_LOS_SOLID, "house");
    for (int i = 0; i < polygons; i++) {
        vec2s pts[12];
        int n = 8 + (int)dice_below(&rng, 5);
        float cx = (float)dice_below(&rng, (uint32_t)t->width_cm);
        float cy = (float)dice_below(&rng, (uint32_t)t->height_cm);
        for (int k = 0; k < n; k++) {
            float a = 2.0f * (float)GEOM_PI * (float)k / (float)n;
            float r = 1.0f + (float)dice_below(&rng, 200) / 100.0f;
            pts[k] = (vec2s){{cx + r * cosf(a), cy + r * sinf(a)}};
        }
        terrain_feature f = {
            .type = i % 4 == 3 ? house : jungle, .shape = TERRAIN_SHAPE_AREA, .area = {pts, n}};
        table_add_feature(t, &f);
    }
}

/* The scenario with its table tiled until it holds about `figures` figures, and `polygons`
 * generated polygons in place of its terrain. */
static scenario *generate(const char *path, int figures, int polygons)
{
    scenario *sc = bench_tile_load(path, &(bench_tile_desc){.figures = figures});
    table *t = sc->table;
    scatter(t, polygons, 2026);
    return sc;
}

typedef struct row {
    int figures, polygons;
    double cpu_per_game, commands, us_per_command;
    int unfinished;
} row;

static row measure(const char *path, int figures, int polygons, int games)
{
    scenario *sc = generate(path, figures, polygons);
    row r = {.figures = sc->table->figure_count, .polygons = polygons};
    sim_desc d = {
        .scenario = sc, .games = games, .seed = 1, .jobs = 1, .levels = {BOT_GREEDY, BOT_GREEDY}};
    sim_summary s;
    game_error err;
    double c0 = cpu_s();
    if (!sim_run(&d, &s, &err)) {
        char buf[1024];
        printf("  refused: %s\n", game_error_format(&err, buf, sizeof buf));
        exit(1);
    }
    r.cpu_per_game = (cpu_s() - c0) / games;
    r.commands = s.mean_commands;
    r.us_per_command = 1e6 * r.cpu_per_game / (s.mean_commands > 0 ? s.mean_commands : 1);
    r.unfinished = s.games - s.finished;
    scenario_destroy(sc);
    return r;
}

/* Least-squares slope of log(y) against log(x). */
static double exponent(const double *x, const double *y, int n)
{
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (int i = 0; i < n; i++) {
        double lx = log(x[i]), ly = log(y[i]);
        sx += lx;
        sy += ly;
        sxx += lx * lx;
        sxy += lx * ly;
    }
    return (n * sxy - sx * sy) / (n * sxx - sx * sx);
}

static int series(const char *title, const char *path, const int *figs, const int *polys, int games,
                  bool by_figures)
{
    printf("%s\n  %8s %8s %12s %10s %12s %9s %9s\n", title, "figures", "polygons", "CPU s/game",
           "commands", "us/command", "game x", "command x");
    double x[3], yg[3], yc[3];
    int bad = 0;
    row first = {0};
    for (int i = 0; i < 3; i++) {
        /* small battles are quick and noisy: more games of them */
        int n = games * (figs[i] <= 200 ? 8 : figs[i] <= 1000 ? 3 : 1);
        row r = measure(path, figs[i], polys[i], n);
        if (i == 0)
            first = r;
        x[i] = by_figures ? r.figures : r.polygons;
        yg[i] = r.cpu_per_game;
        yc[i] = r.us_per_command;
        printf("  %8d %8d %12.3f %10.0f %12.1f %8.2fx %8.2fx%s\n", r.figures, r.polygons,
               r.cpu_per_game, r.commands, r.us_per_command, r.cpu_per_game / first.cpu_per_game,
               r.us_per_command / first.us_per_command,
               r.unfinished ? "  UNFINISHED: the command cap ended a game" : "");
        bad += r.unfinished;
    }
    printf("  fitted exponent of cost against %s: %.2f a game, %.2f a command\n",
           by_figures ? "figures" : "polygons", exponent(x, yg, 3), exponent(x, yc, 3));
    return bad;
}

/* CPU seconds of one rules_scenario_validate of sc: repeated until a quarter second has gone,
 * so the small tables are not lost in the clock's grain. */
static double validate_cpu(const scenario *sc)
{
    int n = 0;
    double c0 = cpu_s(), c = c0;
    while (c - c0 < 0.25 || n < 3) {
        scenario_error err;
        if (!rules_scenario_validate(sc, &err, NULL)) {
            char buf[1024];
            printf("  refused: %s\n", scenario_error_format(&err, buf, sizeof buf));
            exit(1);
        }
        n++;
        c = cpu_s();
    }
    return (c - c0) / n;
}

static void validate_series(const char *path)
{
    enum { N = 4 };
    const int want[N] = {1000, 2000, 5000, 20000};
    double x[N], y[N], first = 0;
    printf("growth of validation with figures (rules_scenario_validate, 200 polygons):\n"
           "  %8s %12s %9s\n",
           "figures", "CPU ms", "x");
    for (int i = 0; i < N; i++) {
        scenario *sc = generate(path, want[i], 200);
        x[i] = sc->table->figure_count;
        y[i] = validate_cpu(sc);
        if (i == 0)
            first = y[i];
        printf("  %8d %12.3f %8.2fx\n", (int)x[i], 1e3 * y[i], y[i] / first);
        scenario_destroy(sc);
    }
    printf("  fitted exponent of cost against figures: %.2f\n", exponent(x, y, N));
}

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : SANDTABLE_SOURCE_DIR "/scenarios/lcr_teaching.json";
    int games = argc > 2 ? atoi(argv[2]) : 1;
    if (games < 1)
        games = 1;
    if (argc > 3) { /* one battle, for a profiler: FIGURES [POLYGONS] */
        row r = measure(path, atoi(argv[3]), argc > 4 ? atoi(argv[4]) : 200, games);
        printf("%d figures, %d polygons: %.3f s CPU a game, %.0f commands%s\n", r.figures,
               r.polygons, r.cpu_per_game, r.commands, r.unfinished ? ", UNFINISHED" : "");
        return r.unfinished ? 1 : 0;
    }
    printf("generated battles from %s, greedy vs greedy, %d game(s) a row, 1 job, CPU time\n", path,
           games);
    int bad = series("growth with figures (200 polygons):", path, (int[]){100, 1000, 5000},
                     (int[]){200, 200, 200}, games, true);
    bad += series("growth with polygons (about 1,000 figures):", path, (int[]){1000, 1000, 1000},
                  (int[]){20, 200, 800}, games, false);
    validate_series(path);
    return bad ? 1 : 0;
}
