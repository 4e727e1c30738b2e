/* Frames drawn offscreen by the game's own drawing code, checked by pixels at known table
 * points. The camera maps the 180 x 120 cm table onto 900 x 600 px: 5 px per cm, origin at the
 * top-left corner. */
#include "render/render.h"
#include "ui/overlay.h"
#include "ui/tools.h"
#include "ui_fixture.h"

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <cmocka.h>

typedef struct frame {
    render_ctx *ctx;
    render_camera cam;
    table *t;
    render_scene scene;
} frame;

static int setup(void **state)
{
    frame *f = calloc(1, sizeof *f);
    char err[256];
    f->ctx = render_create_offscreen(900, 600, &(render_desc){0}, err, sizeof err);
    if (!f->ctx) {
        fprintf(stderr, "%s\n", err);
        return -1;
    }
    f->t = ui_fixture_small();
    render_camera_resize(&f->cam, 900, 600);
    render_camera_fit(&f->cam, 180, 120, 0, true);
    f->scene = (render_scene){.table = f->t};
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    frame *f = *state;
    render_destroy(f->ctx);
    table_destroy(f->t);
    free(f);
    return 0;
}

static uint32_t px_at(frame *f, float x_cm, float y_cm)
{
    vec2s p = render_camera_to_px(&f->cam, (vec2s){{x_cm, y_cm}});
    return render_read_pixel(f->ctx, (int)p.x, (int)p.y);
}

/* True when a pixel within 2 px of the table point has exactly `rgb` (thin diagonal lines land
 * a pixel or two off their ideal centre in SDL's software rasteriser). */
static bool near_has(frame *f, float x_cm, float y_cm, uint32_t rgb)
{
    vec2s p = render_camera_to_px(&f->cam, (vec2s){{x_cm, y_cm}});
    for (int dy = -2; dy <= 2; dy++)
        for (int dx = -2; dx <= 2; dx++)
            if (render_read_pixel(f->ctx, (int)p.x + dx, (int)p.y + dy) == rgb)
                return true;
    return false;
}

static int channel(uint32_t rgb, int shift)
{
    return (int)((rgb >> shift) & 0xff);
}

/* Each channel of `got` within `tol` of `want` scaled by one common brightness factor. */
static bool near_shade(uint32_t got, uint32_t want, float lo, float hi)
{
    for (int s = 0; s <= 16; s += 8) {
        float w = (float)channel(want, s), g = (float)channel(got, s);
        if (g < w * lo - 3 || g > w * hi + 3)
            return false;
    }
    return true;
}

static uint32_t blend(uint32_t dst, uint32_t src_rgb, int a)
{
    uint32_t out = 0;
    for (int s = 0; s <= 16; s += 8)
        out |= (uint32_t)((channel(src_rgb, s) * a + channel(dst, s) * (255 - a)) / 255) << s;
    return out;
}

static bool close_rgb(uint32_t a, uint32_t b, int tol)
{
    for (int s = 0; s <= 16; s += 8)
        if (abs(channel(a, s) - channel(b, s)) > tol)
            return false;
    return true;
}

static void test_camera_maps_and_zooms_about_cursor(void **state)
{
    frame *f = *state;
    assert_float_equal(f->cam.px_per_cm, 5.0f, 1e-5);
    vec2s p = render_camera_to_px(&f->cam, (vec2s){{20, 100}});
    assert_float_equal(p.x, 100, 1e-3);
    assert_float_equal(p.y, 500, 1e-3);
    render_camera cam = f->cam;
    vec2s cursor = {{700, 150}};
    vec2s under = render_camera_to_cm(&cam, cursor);
    render_camera_zoom_at(&cam, cursor, 2.0f);
    for (int i = 0; i < 200 && render_camera_update(&cam, 1.0f / 60, 1); i++)
        ;
    assert_true(render_camera_settled(&cam));
    assert_float_equal(cam.px_per_cm, 10.0f, 1e-4);
    vec2s after = render_camera_to_cm(&cam, cursor);
    assert_float_equal(after.x, under.x, 1e-3);
    assert_float_equal(after.y, under.y, 1e-3);
}

static void test_figure_side_colour_at_its_position(void **state)
{
    frame *f = *state;
    render_begin(f->ctx);
    render_table(f->ctx, &f->cam, &f->scene);
    assert_int_equal(px_at(f, 20, 100), 0x2050d0); /* blue officer */
    assert_int_equal(px_at(f, 150, 20), 0xd03020); /* red soldier */
    /* Open cloth nearby is neither side's colour. */
    uint32_t cloth = px_at(f, 10, 110);
    assert_true(near_shade(cloth, render_cloth_rgb(), 0.9f, 1.1f));
}

static void test_terrain_colour_inside_polygons(void **state)
{
    frame *f = *state;
    render_begin(f->ctx);
    render_table(f->ctx, &f->cam, &f->scene);
    /* Patterns vary brightness by at most ~20% around the type colour. */
    for (int i = 0; i < 5; i++) {
        assert_true(near_shade(px_at(f, 44 + 7.0f * i, 36 + 5.0f * i), 0x2f6b2a, 0.75f, 1.2f));
        assert_true(near_shade(px_at(f, 118 + 6.0f * i, 45 + 2.0f * i), 0xa89a62, 0.8f, 1.1f));
    }
    /* Outside the jungle, just past its east edge, is cloth again. */
    assert_true(near_shade(px_at(f, 84, 50), render_cloth_rgb(), 0.9f, 1.1f));
    /* The river line (4 cm wide) at its mid vertex. */
    assert_true(near_shade(px_at(f, 60, 80), 0x3b78b8, 0.85f, 1.25f));
}

static void test_semicircle_tints_and_highlights_inside_figures(void **state)
{
    frame *f = *state;
    render_begin(f->ctx);
    render_table(f->ctx, &f->cam, &f->scene);
    uint32_t west_before = px_at(f, 143, 25), east_before = px_at(f, 157, 25);
    /* Fire from the east at the red soldier: the curved side lies west of the aim point. */
    ui_overlay_semicircle(f->ctx, &f->cam, (vec2s){{150, 20}}, 3.14159265f, 10);
    render_figure(f->ctx, &f->cam, f->t, &f->t->figures[1], f->t->figures[1].pos,
                  f->t->figures[1].facing, RENDER_FIG_HIGHLIGHT);
    assert_true(close_rgb(px_at(f, 143, 25), blend(west_before, UI_SEMICIRCLE_RGB, 0x60), 3));
    assert_int_equal(px_at(f, 157, 25), east_before);
    /* The highlight ring sits just outside the 1.25 cm base: 6.25 px + ~3 px. */
    vec2s c = render_camera_to_px(&f->cam, f->t->figures[1].pos);
    assert_int_equal(render_read_pixel(f->ctx, (int)c.x, (int)(c.y + 9.5f)), 0x3df0e0);
}

static void test_los_line_colour_clear_and_blocked(void **state)
{
    frame *f = *state;
    render_begin(f->ctx);
    render_table(f->ctx, &f->cam, &f->scene);
    ui_overlay_los(f->ctx, &f->cam, (vec2s){{10, 75}}, (vec2s){{30, 75}}, false, (vec2s){{0, 0}});
    assert_int_equal(px_at(f, 20, 75), UI_LOS_CLEAR_RGB);
    ui_overlay_semicircle(f->ctx, &f->cam, (vec2s){{150, 20}}, 3.14159265f, 10);
    ui_overlay_los(f->ctx, &f->cam, (vec2s){{30, 40}}, (vec2s){{100, 40}}, true, (vec2s){{48, 40}});
    assert_int_equal(px_at(f, 36, 40), UI_LOS_BLOCKED_RGB);
    assert_int_not_equal(px_at(f, 20, 75), UI_LOS_BLOCKED_RGB);
    char err[256];
    if (getenv("UI_TEST_DUMP"))
        render_write_png(f->ctx, getenv("UI_TEST_DUMP"), err, sizeof err);
}

/* The line of sight from the real query (core/los.h), drawn: clear is green, blocked is red up
 * to where sight is lost, and the blocker is named. */
static void test_los_tool_from_the_query(void **state)
{
    frame *f = *state;
    los_index *ix = los_create(f->t, NULL);
    render_begin(f->ctx);
    render_table(f->ctx, &f->cam, &f->scene);
    ui_tools_los_result clear = ui_tools_los(ix, f->t, 0, -1, (vec2s){{20, 76}});
    assert_false(clear.blocked);
    ui_overlay_los(f->ctx, &f->cam, clear.from, clear.to, clear.blocked, clear.block_at);
    assert_true(near_has(f, 20, 92, UI_LOS_CLEAR_RGB));
    ui_tools_los_result blocked = ui_tools_los(ix, f->t, 0, -1, (vec2s){{60, 20}});
    assert_true(blocked.blocked);
    assert_string_equal(blocked.blocker, "Jungle (jungle)");
    /* Sight is lost 2.5 cm (the see-into depth) after the line enters the jungle at (40, 60). */
    assert_float_equal(glms_vec2_distance(blocked.block_at, (vec2s){{40, 60}}), 2.5, 0.01);
    ui_overlay_los(f->ctx, &f->cam, blocked.from, blocked.to, blocked.blocked, blocked.block_at);
    assert_true(near_has(f, 32, 76, UI_LOS_BLOCKED_RGB));
    assert_false(near_has(f, 32, 76, UI_LOS_CLEAR_RGB));
    ui_tools_los_result fig = ui_tools_los(ix, f->t, 0, 1, (vec2s){{0, 0}});
    assert_true(fig.blocked);
    los_destroy(ix);
}

static void test_tape_centre_and_edge(void **state)
{
    frame *f = *state;
    vec2s pts[2] = {f->t->figures[2].pos, f->t->figures[3].pos};
    int figs[2] = {2, 3};
    ui_tools_tape_reading r = ui_tools_tape_measure(f->t, pts, figs, 2);
    assert_float_equal(r.centre_cm, 3.0, 1e-4);
    assert_true(r.edge_ok);
    assert_float_equal(r.edge_cm, 0.5, 1e-4);
    vec2s bent[3] = {f->t->figures[2].pos, {{120, 100}}, {{130, 100}}};
    int bent_figs[3] = {2, -1, -1};
    r = ui_tools_tape_measure(f->t, bent, bent_figs, 3);
    assert_float_equal(r.centre_cm, 20.0, 1e-4);
    assert_float_equal(r.edge_cm, 18.75, 1e-4);
}

/* One 100 x 80 cm area of a single terrain type named `name`, drawn with the art folder. */
static void draw_named_terrain(render_ctx *ctx, const render_camera *cam, const char *name)
{
    table *t = table_create(&(table_desc){0});
    terrain_type ty = {.move_mult = 1, .colour = 0x708050};
    snprintf(ty.name, sizeof ty.name, "%s", name);
    table_add_type(t, &ty);
    vec2s sq[4] = {{{40, 20}}, {{140, 20}}, {{140, 100}}, {{40, 100}}};
    table_add_feature(t, &(terrain_feature){.type = 0, .area = {sq, 4}});
    render_begin(ctx);
    render_table(ctx, cam, &(render_scene){.table = t});
    table_destroy(t);
}

/* A terrain type's name never becomes a path (issue 21): "../badge_general" once loaded
 * terrain/../badge_general.png, a file outside the terrain art, as the area's texture. Art comes
 * from a fixed list of known files: that name draws exactly as any other name without art. */
/* Terrain names never run into each other: on a table of 120 crowded, overlapping polygons
 * (two names taking turns) and a road across it, no two placed names overlap, none runs off
 * the table, the road (a line counts by its length) and then the biggest area are named first. */
static void test_terrain_names_never_overlap(void **state)
{
    frame *f = *state;
    table *t = ui_fixture_random(0, 120, 7);
    for (int i = 0; i < t->feature_count; i++)
        snprintf(t->features[i].name, sizeof t->features[i].name, "%s",
                 i % 2 ? "Hut" : "Barrio South");
    /* a road of two points right across: the longest feature, named by its far end, kept on
     * the table */
    vec2s road[2] = {{{0, 60}}, {{t->width_cm, 60}}};
    terrain_feature rf = {.shape = TERRAIN_SHAPE_LINE, .line = {road, 2}, .width_cm = 3};
    snprintf(rf.name, sizeof rf.name, "Nyezane road");
    table_feature_update_bounds(&rf);
    int road_at = table_add_feature(t, &rf);
    render_label labels[512];
    int n = render_table_label_layout(f->ctx, &f->cam, t, labels, 512);
    assert_true(n > 5 && n < t->feature_count); /* crowded: some are left out */
    assert_int_equal(labels[0].feature, road_at);
    float left = render_camera_to_px(&f->cam, (vec2s){{0, 0}}).x;
    float right = render_camera_to_px(&f->cam, (vec2s){{t->width_cm, 0}}).x;
    int biggest = 0;
    float best = -1;
    for (int i = 0; i < t->feature_count; i++) {
        if (t->features[i].shape == TERRAIN_SHAPE_LINE)
            continue;
        const geom_aabb *b = &t->features[i].bounds;
        float e = (b->max.x - b->min.x) * (b->max.y - b->min.y);
        if (e > best)
            best = e, biggest = i;
    }
    assert_int_equal(labels[1].feature, biggest); /* then the biggest area */
    for (int i = 0; i < n; i++) {
        assert_true(labels[i].x1 > labels[i].x0 && labels[i].y1 > labels[i].y0);
        assert_true(labels[i].x0 >= left - 0.5f && labels[i].x1 <= right + 0.5f); /* on the table */
        for (int j = i + 1; j < n; j++)
            assert_false(labels[i].x0 < labels[j].x1 && labels[j].x0 < labels[i].x1 &&
                         labels[i].y0 < labels[j].y1 && labels[j].y0 < labels[i].y1);
    }
    table_destroy(t);
}

static void test_terrain_name_is_no_path(void **state)
{
    (void)state;
    char art[1024], err[256];
    const char *dir = render_find_art_dir(art, sizeof art);
    assert_non_null(dir);
    render_ctx *ctx =
        render_create_offscreen(900, 600, &(render_desc){.art_dir = dir}, err, sizeof err);
    assert_non_null(ctx);
    render_camera cam;
    render_camera_resize(&cam, 900, 600);
    render_camera_fit(&cam, 180, 120, 0, true);
    enum { N = 12 };
    uint32_t a[N * N], b[N * N];
    const char *names[2] = {"../badge_general", "no_art_for_this"};
    uint32_t *out[2] = {a, b};
    for (int k = 0; k < 2; k++) {
        draw_named_terrain(ctx, &cam, names[k]);
        for (int i = 0; i < N * N; i++) {
            vec2s p = render_camera_to_px(
                &cam, (vec2s){{45 + 7.5f * (float)(i % N), 25 + 6.0f * (float)(i / N)}});
            out[k][i] = render_read_pixel(ctx, (int)p.x, (int)p.y);
        }
    }
    assert_memory_equal(a, b, sizeof a);
    render_destroy(ctx);
}

/* Everything the table draws, once: sprites, casualties, stands, rings, badges and markers,
 * arcs, a round arc, a semicircle, a tape, a line of sight and a label, with figures across
 * the frame's edges, the static layer one copy. */
static void draw_busy_frame(render_ctx *ctx, table *t, const uint8_t *flags)
{
    render_camera cam;
    render_camera_resize(&cam, 640, 400);
    render_camera_fit(&cam, t->width_cm, t->height_cm, 0, true);
    render_camera_zoom_at(&cam, (vec2s){{250, 170}}, 2.5f); /* close enough for sprites */
    render_camera_update(&cam, 1, 0);
    render_camera_pan_px(&cam, (vec2s){{37, 23}});
    render_begin(ctx);
    render_scene sc = {.table = t, .figure_flags = flags, .show_labels = true};
    render_table_static(ctx, &cam, &sc);
    ui_overlay_round_arc(ctx, &cam, t->figures[30].pos, 20, t->width_cm, t->height_cm, 0x3050d0);
    for (int i = 20; i < 60; i += 4)
        ui_overlay_arc(ctx, &cam, &t->figures[i], UI_OVERLAY_ARC_HALF_ANGLE, UI_TOOLS_ARC_RANGE_CM,
                       render_side_rgb(t, t->figures[i].side));
    render_table_figures(ctx, &cam, &sc);
    ui_overlay_semicircle(ctx, &cam, (vec2s){{50, 35}}, 0.5f, 10);
    render_figure(ctx, &cam, t, &t->figures[8], (vec2s){{40, 40}}, 1.0f, RENDER_FIG_GHOST);
    vec2s tape[3] = {{{20, 20}}, {{40, 40}}, {{70, 30}}};
    ui_overlay_tape(ctx, &cam, tape, 3, RENDER_UNITS_CM);
    ui_overlay_label(ctx, &cam, tape[2], "70.1 cm", 0xfff3a0ff);
    ui_overlay_los(ctx, &cam, tape[0], tape[2], true, tape[1]);
}

static bool frame_png(render_ctx *ctx, const char *path, char *bytes, size_t cap, size_t *len)
{
    char err[256];
    if (render_write_png(ctx, path, err, sizeof err) != 0)
        return false;
    FILE *fp = fopen(path, "rb");
    *len = fp ? fread(bytes, 1, cap, fp) : 0;
    if (fp)
        fclose(fp);
    remove(path);
    return *len > 0 && *len < cap;
}

/* The offscreen fast path (render_direct.c) writes the very pixels SDL's software renderer
 * would: the same busy frame drawn both ways gives the same PNG bytes. */
static void test_fast_path_draws_what_sdl_draws(void **state)
{
    (void)state;
    char art[1024], err[256];
    const char *dir = render_find_art_dir(art, sizeof art);
    assert_non_null(dir);
    table *t = ui_fixture_random(300, 40, 99);
    uint8_t flags[300] = {0};
    for (int i = 0; i < 300; i++) {
        figure *f = &t->figures[i];
        flags[i] = i % 17 == 0 ? RENDER_FIG_SELECTED : i % 23 == 0 ? RENDER_FIG_HIGHLIGHT : 0;
        flags[i] |= i % 29 == 0 ? RENDER_FIG_HOVER : 0;
        f->status |= i % 13 == 0 ? FIGURE_STATUS_DEAD : i % 11 == 0 ? FIGURE_STATUS_WOUNDED : 0;
        f->status |= i % 19 == 0 ? FIGURE_STATUS_SHAKEN : 0;
        if (i % 31 == 0) /* a stand: its polygon, edges and symbol */
            f->base = (geom_base){.kind = GEOM_BASE_RECT, .frontage_cm = 4, .depth_cm = 2};
        if (i % 37 == 0)
            f->role = FIGURE_ROLE_OFFICER;
    }
    static char png[2][1 << 21];
    size_t len[2];
    for (int k = 0; k < 2; k++) {
        render_ctx *ctx = render_create_offscreen(
            640, 400, &(render_desc){.art_dir = dir, .sdl_only = k == 1}, err, sizeof err);
        assert_non_null(ctx);
        draw_busy_frame(ctx, t, flags);
        draw_busy_frame(ctx, t, flags); /* the second frame: from the caches */
        char path[64];
        snprintf(path, sizeof path, "/tmp/sandtable_fast_%d_%d.png", (int)getpid(), k);
        assert_true(frame_png(ctx, path, png[k], sizeof png[k], &len[k]));
        render_destroy(ctx);
    }
    assert_int_equal(len[0], len[1]);
    assert_memory_equal(png[0], png[1], len[0]);
    table_destroy(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_camera_maps_and_zooms_about_cursor),
        cmocka_unit_test(test_figure_side_colour_at_its_position),
        cmocka_unit_test(test_terrain_colour_inside_polygons),
        cmocka_unit_test(test_semicircle_tints_and_highlights_inside_figures),
        cmocka_unit_test(test_los_line_colour_clear_and_blocked),
        cmocka_unit_test(test_los_tool_from_the_query),
        cmocka_unit_test(test_tape_centre_and_edge),
        cmocka_unit_test(test_terrain_name_is_no_path),
        cmocka_unit_test(test_terrain_names_never_overlap),
        cmocka_unit_test(test_fast_path_draws_what_sdl_draws),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
