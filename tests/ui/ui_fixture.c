#include "ui_fixture.h"

#include "core/config.h"
#include "ui/table_view.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static void add_types(table *t)
{
    table_add_type(t, &(terrain_type){.name = "jungle",
                                      .move_mult = 4,
                                      .los = TERRAIN_LOS_AREA,
                                      .height_ft = 30,
                                      .colour = 0x2f6b2a});
    table_add_type(
        t, &(terrain_type){.name = "hill", .move_mult = 1, .height_ft = 20, .colour = 0xa89a62});
    table_add_type(t, &(terrain_type){.name = "town",
                                      .move_mult = 2,
                                      .los = TERRAIN_LOS_SOLID,
                                      .height_ft = 15,
                                      .colour = 0x9c6b4e});
    table_add_type(t, &(terrain_type){.name = "river",
                                      .move_mult = 0,
                                      .obstacle = TERRAIN_OBSTACLE_WATER,
                                      .colour = 0x3b78b8});
    table_add_type(t, &(terrain_type){.name = "wall",
                                      .move_mult = 1,
                                      .obstacle = TERRAIN_OBSTACLE_LOW,
                                      .los = TERRAIN_LOS_SOLID,
                                      .height_ft = 8,
                                      .colour = 0x8a8580});
    table_add_type(t, &(terrain_type){.name = "road", .move_mult = 1, .colour = 0xc2a878});
}

static void add_area(table *t, int type, const char *name, vec2s *pts, int n)
{
    terrain_feature f = {.type = type, .shape = TERRAIN_SHAPE_AREA, .area = {pts, n}};
    snprintf(f.name, sizeof f.name, "%s", name);
    table_feature_update_bounds(&f);
    table_add_feature(t, &f);
}

static void add_line(table *t, int type, vec2s *pts, int n, float width)
{
    terrain_feature f = {
        .type = type, .shape = TERRAIN_SHAPE_LINE, .line = {pts, n}, .width_cm = width};
    table_feature_update_bounds(&f);
    table_add_feature(t, &f);
}

static figure_id add_fig(table *t, side_id s, unit_id u, float x, float y, float facing,
                         figure_role role)
{
    figure f = {.side = s,
                .unit = u,
                .role = role,
                .quality = FIGURE_QUALITY_REGULAR,
                .base = {.kind = GEOM_BASE_ROUND, .radius_cm = 1.25f},
                .pos = {{x, y}},
                .facing = facing};
    snprintf(f.weapon, sizeof f.weapon, "rifle");
    snprintf(f.kind, sizeof f.kind, "line_infantry");
    return table_add_figure(t, &f);
}

table *ui_fixture_small(void)
{
    table *t = table_create(&(table_desc){0});
    add_types(t);
    vec2s jungle[4] = {{{40, 30}}, {{80, 30}}, {{80, 70}}, {{40, 70}}};
    add_area(t, 0, "Jungle", jungle, 4);
    vec2s hill[6] = {{{110, 40}}, {{130, 32}}, {{150, 40}}, {{152, 60}}, {{130, 68}}, {{108, 58}}};
    add_area(t, 1, "Hill", hill, 6);
    vec2s town[4] = {{{20, 15}}, {{32, 15}}, {{32, 25}}, {{20, 25}}};
    add_area(t, 2, "", town, 4);
    vec2s river[4] = {{{0, 85}}, {{60, 80}}, {{100, 95}}, {{180, 90}}};
    add_line(t, 3, river, 4, 4);
    vec2s wall[2] = {{{90, 100}}, {{90, 118}}};
    add_line(t, 4, wall, 2, 1);
    vec2s road[3] = {{{0, 10}}, {{90, 12}}, {{180, 10}}};
    add_line(t, 5, road, 3, 3);
    side_id blue = table_add_side(t, &(side){.name = "Blue", .colour = 0x2050d0});
    side_id red = table_add_side(t, &(side){.name = "Red", .colour = 0xd03020});
    unit_id ub = table_add_unit(t, &(unit){.name = "Blue platoon", .side = blue});
    unit_id ur = table_add_unit(t, &(unit){.name = "Red band", .side = red});
    add_fig(t, blue, ub, 20, 100, 0, FIGURE_ROLE_OFFICER);
    add_fig(t, red, ur, 150, 20, 3.14159265f, FIGURE_ROLE_SOLDIER);
    for (int i = 0; i < 3; i++)
        add_fig(t, red, ur, 120 + 3.0f * (float)i, 110, -1.5707963f, FIGURE_ROLE_SOLDIER);
    return t;
}

/* A tiny deterministic generator so fixtures do not depend on libc's rand. */
static float frand(uint32_t *s)
{
    *s = *s * 1664525u + 1013904223u;
    return (float)(*s >> 8) / 16777216.0f;
}

table *ui_fixture_random(int figures, int polygons, uint32_t seed)
{
    table *t = table_create(&(table_desc){0});
    add_types(t);
    uint32_t s = seed;
    for (int i = 0; i < polygons; i++) {
        vec2s pts[20];
        int n = 8 + (int)(frand(&s) * 13) % 13;
        float cx = frand(&s) * 180, cy = frand(&s) * 120, r = 2 + frand(&s) * 6;
        for (int k = 0; k < n; k++) {
            float a = 6.2831853f * (float)k / (float)n, rr = r * (0.7f + 0.3f * frand(&s));
            pts[k] = (vec2s){{cx + rr * cosf(a), cy + rr * sinf(a)}};
        }
        add_area(t, i % 3, "", pts, n);
    }
    side_id a = table_add_side(t, &(side){.name = "A", .colour = 0x2050d0});
    side_id b = table_add_side(t, &(side){.name = "B", .colour = 0xd03020});
    unit_id ua = table_add_unit(t, &(unit){.name = "A1", .side = a});
    unit_id ub = table_add_unit(t, &(unit){.name = "B1", .side = b});
    for (int i = 0; i < figures; i++) {
        bool first = i % 2 == 0;
        figure_role role = i % 10 == 0 ? FIGURE_ROLE_NCO : FIGURE_ROLE_SOLDIER;
        add_fig(t, first ? a : b, first ? ua : ub, 2 + frand(&s) * 176, 2 + frand(&s) * 116,
                frand(&s) * 6.2831853f, role);
    }
    return t;
}

bool ui_fixture_app_open(const char *file, const char *tag, int w, int h, ui_app **app,
                         render_ctx **ctx, char *dir, size_t dir_size)
{
    *app = NULL;
    *ctx = NULL;
    snprintf(dir, dir_size, "%s/sandtable-%s-XXXXXX", SANDTABLE_TEST_TMP, tag);
    if (!mkdtemp(dir)) {
        perror(dir);
        return false;
    }
    char data[1100]; /* what the front end makes of $XDG_DATA_HOME */
    snprintf(data, sizeof data, "%s/sandtable", dir);
    config_set(&(config_desc){.data_dir = data});
    const char *src = getenv("SANDTABLE_SOURCE_DIR");
    char path[1024], err[512], art[1024];
    snprintf(path, sizeof path, "%s/%s", src ? src : ".", file);
    *app = ui_app_create(&(ui_app_desc){.scenario_path = path}, err, sizeof err);
    if (!*app) {
        fprintf(stderr, "%s\n", err);
        return false;
    }
    (*app)->settings.anim_speed = 0;
    *ctx = render_create_offscreen(
        w, h, &(render_desc){.art_dir = render_find_art_dir(art, sizeof art)}, err, sizeof err);
    if (!*ctx) {
        fprintf(stderr, "%s\n", err);
        return false;
    }
    (*app)->ctx = *ctx;
    return true;
}

bool ui_fixture_app_close(ui_app *app, render_ctx *ctx, const char *dir)
{
    ui_app_destroy(app);
    render_destroy(ctx);
    char cmd[400];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) == 0)
        return true;
    fprintf(stderr, "could not remove %s\n", dir);
    return false;
}

/* ---- a hand on the app ------------------------------------------------------------------- */

bool ui_fixture_hand_open(ui_fixture_hand *h, const char *file, const char *tag, int w, int ht)
{
    if (!ui_fixture_app_open(file, tag, w, ht, &h->app, &h->ctx, h->dir, sizeof h->dir))
        return false;
    h->view_w = w;
    h->view_h = ht;
    render_camera_resize(&h->cam, w, ht);
    ui_table_view_fit(&h->cam, h->app->game, 1, true);
    return true;
}

bool ui_fixture_hand_close(ui_fixture_hand *h)
{
    return ui_fixture_app_close(h->app, h->ctx, h->dir);
}

int ui_fixture_hand_teardown(void **state)
{
    ui_fixture_hand *h = *state;
    ui_fixture_hand_close(h); /* a folder left behind is said on stderr, as before */
    free(h);
    return 0;
}

vec2s ui_fixture_px(const ui_fixture_hand *h, vec2s cm)
{
    return render_camera_to_px(&h->cam, cm);
}

void ui_fixture_click_cm(ui_fixture_hand *h, vec2s cm)
{
    vec2s p = ui_fixture_px(h, cm);
    ui_fixture_click(h, p.x, p.y);
}

void ui_fixture_frame(ui_fixture_hand *h)
{
    h->time += 0.05;
    h->in.time = h->time;
    h->in.dt = 0.05f;
    h->in.view_w = h->view_w ? h->view_w : UI_FIXTURE_VIEW_W;
    h->in.view_h = h->view_h ? h->view_h : UI_FIXTURE_VIEW_H;
    h->in.ui_scale = 1;
    ui_app_frame(h->app, &h->in, h->ctx);
    ui_input_next_frame(&h->in);
}

void ui_fixture_point(ui_fixture_hand *h, float x, float y)
{
    h->in.mouse_dx = x - h->in.mouse_x;
    h->in.mouse_dy = y - h->in.mouse_y;
    h->in.mouse_x = x;
    h->in.mouse_y = y;
    h->in.mouse_inside = true;
}

void ui_fixture_mouse(ui_fixture_hand *h, float x, float y)
{
    ui_fixture_point(h, x, y);
    ui_fixture_frame(h);
}

void ui_fixture_press(ui_fixture_hand *h)
{
    h->in.down[UI_MOUSE_LEFT] = h->in.pressed[UI_MOUSE_LEFT] = true;
    h->in.clicks[UI_MOUSE_LEFT] = 1;
    ui_fixture_frame(h);
}

void ui_fixture_release(ui_fixture_hand *h)
{
    h->in.down[UI_MOUSE_LEFT] = false;
    h->in.released[UI_MOUSE_LEFT] = true;
    ui_fixture_frame(h);
}

void ui_fixture_click(ui_fixture_hand *h, float x, float y)
{
    ui_fixture_mouse(h, x, y);
    ui_fixture_press(h);
    ui_fixture_release(h);
}

void ui_fixture_key(ui_fixture_hand *h, int key)
{
    h->in.key_mods[h->in.key_count] = 0;
    h->in.keys[h->in.key_count++] = key;
    ui_fixture_frame(h);
}

/* ---- asking the match -------------------------------------------------------------------- */

rules_command ui_fixture_legal(const game *g, rules_command_kind kind, figure_id fig)
{
    rules_command legal[128];
    int n = game_legal(g, legal, 128);
    for (int i = 0; i < n; i++)
        if (legal[i].kind == kind && (!fig.id || legal[i].figure.id == fig.id))
            return legal[i];
    return (rules_command){.kind = RULES_CMD_NONE};
}

bool ui_fixture_near_rgb(uint32_t a, uint32_t b, int tol)
{
    for (int s = 0; s < 24; s += 8)
        if (abs((int)((a >> s) & 0xff) - (int)((b >> s) & 0xff)) > tol)
            return false;
    return true;
}

int ui_fixture_rgb_dist2(uint32_t a, uint32_t b)
{
    int d = 0;
    for (int s = 0; s < 24; s += 8) {
        int x = (int)((a >> s) & 0xff) - (int)((b >> s) & 0xff);
        d += x * x;
    }
    return d;
}
