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

static vec2s shifted(vec2s p, float ox, float oy)
{
    return (vec2s){{p.x + ox, p.y + oy}};
}

/* A copy of feature f moved by (ox, oy); its points live in `pts` until added. */
static void add_feature_at(table *t, const terrain_feature *f, float ox, float oy)
{
    terrain_feature c = *f;
    int n = f->shape == TERRAIN_SHAPE_AREA ? f->area.count : f->line.count;
    vec2s *pts = mem_calloc((size_t)(n > 0 ? n : 1), sizeof *pts);
    const vec2s *src = f->shape == TERRAIN_SHAPE_AREA ? f->area.pts : f->line.pts;
    for (int i = 0; i < n; i++)
        pts[i] = shifted(src[i], ox, oy);
    if (f->shape == TERRAIN_SHAPE_AREA)
        c.area.pts = pts;
    else
        c.line.pts = pts;
    table_add_feature(t, &c);
    free(pts);
}

/* The scenario with its table tiled until it holds about `figures` figures. */
static scenario *tiled(const char *path, int figures)
{
    scenario_error err;
    scenario *sc = scenario_load_file(path, &err);
    if (!sc) {
        char buf[1024];
        fprintf(stderr, "%s\n", scenario_error_format(&err, buf, sizeof buf));
        exit(1);
    }
    const table *src = sc->table;
    int per = src->figure_count > 0 ? src->figure_count : 1;
    int tiles = (figures + per - 1) / per; /* at least `figures` */
    tiles = tiles < 1 ? 1 : tiles;
    int cols = (int)ceil(sqrt((double)tiles)), rows = (tiles + cols - 1) / cols;
    table *t = table_create(
        &(table_desc){.width_cm = src->width_cm * cols, .height_cm = src->height_cm * rows});
    for (int i = 0; i < src->type_count; i++)
        table_add_type(t, &src->types[i]);
    for (int i = 0; i < src->side_count; i++)
        table_add_side(t, &src->sides[i]);
    for (int k = 0; k < tiles; k++) {
        float ox = src->width_cm * (float)(k % cols), oy = src->height_cm * (float)(k / cols);
        uint32_t ubase = (uint32_t)t->unit_count, fbase = (uint32_t)t->figure_count;
        for (int i = 0; i < src->feature_count; i++)
            add_feature_at(t, &src->features[i], ox, oy);
        for (int i = 0; i < src->unit_count; i++) {
            unit u = src->units[i];
            if (u.parent.id)
                u.parent.id += ubase;
            if (u.commander.id)
                u.commander.id += fbase;
            if (k)
                snprintf(u.name, sizeof u.name, "%.36s %d", src->units[i].name, k + 1);
            table_add_unit(t, &u);
        }
        for (int i = 0; i < src->figure_count; i++) {
            figure f = src->figures[i];
            f.unit.id += ubase;
            f.pos = shifted(f.pos, ox, oy);
            if (k && f.name[0])
                snprintf(f.name, sizeof f.name, "%.36s %d", src->figures[i].name, k + 1);
            table_add_figure(t, &f);
        }
    }
    table_destroy(sc->table);
    sc->table = t;
    return sc;
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
    printf(
        "  %-7s %5d decisions: mean %8.2f ms, median %8.2f, 95%% %8.2f, max %8.2f  (goal %.0f ms: "
        "%s)\n",
        label, t->n, sum / t->n, t->ms[t->n / 2], t->ms[(int)(0.95 * (t->n - 1))], max, goal_ms,
        max <= goal_ms ? "met" : "NOT met");
    return max;
}

/* One game of normal bots on the tiled table; returns false when a goal was missed. */
static bool bench_one(const char *path, int figures, int hard_max)
{
    scenario *sc = tiled(path, figures);
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
