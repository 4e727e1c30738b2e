/* Render benchmark (not a test): the table view's drawing code into an offscreen software
 * renderer, 1600 x 1000, with generated art, 200 terrain polygons and 100 / 1,000 / 5,000
 * figures plus overlays (a selection, arcs of fire, an area-fire semicircle with highlights, a
 * measuring tape, a line of sight). Prints the median frame, p95 / median, the frame with a
 * moving camera (static layer re-rasterised), start to first frame on the default scenario, and
 * peak memory.
 *
 * The floor is a frame that only clears and flushes the same renderer, measured in the same run:
 * every frame is also printed as a multiple of it.
 *
 *   build/tools/bench/bench_render [FRAMES] [PARTS] [FIGURES]
 *
 * PARTS 0 draws nothing (the floor), 1 the static layer, 2 adds the figures, 3 (default) adds
 * the overlays; FIGURES runs one scene of that many figures instead of 100 / 1,000 / 5,000.
 */
#include "core/los.h"
#include "render/render.h"
#include "scenario/scenario.h"
#include "ui/overlay.h"
#include "ui/tools.h"
#include "ui_fixture.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#define W 1600
#define H 1000

/* CPU time of this process: the machine this runs on is shared, and wall time there measures
 * the neighbours. (Rendering here is single-threaded, so CPU time is the frame's cost.) */
static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double pct(double *v, int n, double p)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    int i = (int)ceil(p * n) - 1;
    return v[i < 0 ? 0 : i >= n ? n - 1 : i];
}

static render_ctx *make_ctx(void)
{
    char err[256], art[1100];
    render_ctx *ctx = render_create_offscreen(
        W, H, &(render_desc){.art_dir = render_find_art_dir(art, sizeof art)}, err, sizeof err);
    if (!ctx) {
        fprintf(stderr, "bench_render: %s\n", err);
        exit(1);
    }
    return ctx;
}

typedef struct scene {
    table *t;
    uint8_t *flags;
    los_index *los;
    render_camera cam;
} scene;

static void overlays(render_ctx *ctx, scene *s)
{
    const table *t = s->t;
    for (int i = 0; i < 10; i++)
        ui_overlay_arc(ctx, &s->cam, &t->figures[i], UI_OVERLAY_ARC_HALF_ANGLE,
                       UI_TOOLS_ARC_RANGE_CM, render_side_rgb(t, t->figures[i].side));
    const figure *target = &t->figures[t->figure_count / 2];
    ui_overlay_semicircle(ctx, &s->cam, target->pos, 0.5f, 10);
    geom_template tpl = {GEOM_TEMPLATE_SEMICIRCLE, target->pos, 10, 0.5f};
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        geom_placed_base b = {f->base, f->pos, f->facing};
        if (geom_template_base_overlap(&tpl, &b))
            render_figure(ctx, &s->cam, t, f, f->pos, f->facing, RENDER_FIG_HIGHLIGHT);
    }
    vec2s tape[4] = {{{20, 20}}, {{60, 40}}, {{90, 30}}, {{140, 90}}};
    ui_overlay_tape(ctx, &s->cam, tape, 4, RENDER_UNITS_CM);
    ui_overlay_label(ctx, &s->cam, tape[3], "123.4 cm centre to centre", 0xfff3a0ff);
    ui_tools_los_result r = ui_tools_los(s->los, t, 0, 1, (vec2s){{0, 0}});
    ui_overlay_los(ctx, &s->cam, r.from, r.to, r.blocked, r.block_at);
    render_scale_bar(ctx, &s->cam, 16, H - 16, RENDER_UNITS_CM);
}

static int g_parts = 3; /* 0 clear and flush only, 1 static layer, 2 + figures, 3 + overlays */

static void frame(render_ctx *ctx, scene *s)
{
    render_begin(ctx);
    if (g_parts == 0) {
        render_read_pixel(ctx, 0, 0);
        return;
    }
    render_scene sc = {.table = s->t, .figure_flags = s->flags, .show_labels = true};
    render_table_static(ctx, &s->cam, &sc);
    if (g_parts >= 2)
        render_table_figures(ctx, &s->cam, &sc);
    if (g_parts >= 3)
        overlays(ctx, s);
    render_read_pixel(ctx, 0, 0); /* flushes the batched commands: the frame is really drawn */
}

/* The frames that are timed, apart from the warm-up and panning ones, so that
 * `valgrind --tool=callgrind --toggle-collect=frame_timed` counts only them. */
__attribute__((noinline)) static double frame_timed(render_ctx *ctx, scene *s)
{
    double t0 = now_ms();
    frame(ctx, s);
    return now_ms() - t0;
}

static scene scene_make(int figures)
{
    scene s = {.t = ui_fixture_random(figures, 200, 12345)};
    s.flags = calloc((size_t)figures, 1);
    for (int i = 0; i < 20 && i < figures; i++)
        s.flags[i] = RENDER_FIG_SELECTED;
    s.los = los_create(s.t, NULL);
    render_camera_resize(&s.cam, W, H);
    render_camera_fit(&s.cam, s.t->width_cm, s.t->height_cm, 20, true);
    return s;
}

static void scene_free(scene *s)
{
    los_destroy(s->los);
    free(s->flags);
    table_destroy(s->t);
}

typedef struct timing {
    double median, p95, pan;
} timing;

/* `frames` frames of one scene after five to warm the caches, then 20 with a panning camera. */
static timing measure(int figures, int frames, int parts)
{
    render_ctx *ctx = make_ctx();
    scene s = scene_make(figures);
    int saved = g_parts;
    g_parts = parts;
    for (int i = 0; i < 5; i++)
        frame(ctx, &s);
    double *ms = calloc((size_t)frames, sizeof *ms);
    for (int i = 0; i < frames; i++)
        ms[i] = frame_timed(ctx, &s);
    /* BENCH_RENDER_PNG=path: the last timed frame as a PNG, to look at. */
    const char *png = getenv("BENCH_RENDER_PNG");
    if (png && parts > 0) {
        char err[256];
        if (render_write_png(ctx, png, err, sizeof err) != 0)
            fprintf(stderr, "bench_render: %s\n", err);
    }
    timing out = {pct(ms, frames, 0.5), pct(ms, frames, 0.95), 0};
    /* A panning camera: the static layer is re-rasterised when the view leaves its margin. */
    double pan[20];
    for (int i = 0; i < 20; i++) {
        render_camera_pan_px(&s.cam, (vec2s){{3, 2}});
        double t0 = now_ms();
        frame(ctx, &s);
        pan[i] = now_ms() - t0;
    }
    out.pan = pct(pan, 20, 0.5);
    g_parts = saved;
    free(ms);
    scene_free(&s);
    render_destroy(ctx);
    return out;
}

static void run(int figures, int frames, double floor_ms, double *baseline)
{
    timing t = measure(figures, frames, g_parts);
    if (!*baseline)
        *baseline = t.median;
    printf("%5d figures: median %6.2f ms  p95 %6.2f ms  p95/median %.2f  x%.1f floor  "
           "x%.2f of the first  panning frame %6.2f ms\n",
           figures, t.median, t.p95, t.p95 / t.median, t.median / floor_ms, t.median / *baseline,
           t.pan);
}

static void first_frame(double start)
{
    char path[1100], err[1200];
    snprintf(path, sizeof path, "%s/scenarios/lcr_teaching.json", SANDTABLE_SOURCE_DIR);
    scenario_error serr;
    scenario *sc = scenario_load_file(path, &serr);
    if (!sc) {
        printf("start to first frame: skipped (%s)\n", scenario_error_format(&serr, err, 1200));
        return;
    }
    render_ctx *ctx = make_ctx();
    scene s = {.t = sc->table};
    render_camera_resize(&s.cam, W, H);
    render_camera_fit(&s.cam, sc->table->width_cm, sc->table->height_cm, 40, true);
    render_begin(ctx);
    render_table(ctx, &s.cam, &(render_scene){.table = sc->table, .show_labels = true});
    render_read_pixel(ctx, 0, 0);
    printf("start to first frame (load lcr_teaching.json, renderer, fonts, art, first frame): "
           "%.1f ms\n",
           now_ms() - start);
    render_destroy(ctx);
    scenario_destroy(sc);
}

int main(int argc, char **argv)
{
    double start = now_ms();
    int frames = argc > 1 ? atoi(argv[1]) : 100;
    if (argc > 2)
        g_parts = atoi(argv[2]);
    int only = argc > 3 ? atoi(argv[3]) : 0;
    if (frames < 10)
        frames = 10;
    first_frame(start);
    printf("offscreen %dx%d, 200 terrain polygons, overlays; %d frames each\n", W, H, frames);
    double floor_ms = measure(100, frames, 0).median;
    printf("floor (clear and flush, same renderer): median %.3f ms\n", floor_ms);
    double baseline = 0;
    if (only > 0) {
        run(only, frames, floor_ms, &baseline);
    } else {
        run(100, frames, floor_ms, &baseline);
        run(1000, frames, floor_ms, &baseline);
        run(5000, frames, floor_ms, &baseline);
        if (g_parts == 3) {
            double part[3];
            for (int p = 1; p <= 3; p++)
                part[p - 1] = measure(1000, frames, p).median;
            printf("1000 figures by parts (medians): static layer %.2f ms, + figures %.2f ms, "
                   "+ overlays %.2f ms\n",
                   part[0], part[1], part[2]);
        }
    }
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    printf("peak memory (max RSS): %.1f MB\n", (double)ru.ru_maxrss / 1024.0);
    return 0;
}
