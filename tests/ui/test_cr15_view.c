/* Colonial Rules for 15mm on screen, offscreen by pixels. A jammed Gatling is marked "JAM" on
 * the table (test_gatling_jam_badge). A shell fired with a stated range (tests/cr15/
 * cr15_shell_view.json, offscreen, driven through ui_app_frame with synthetic input): the gun
 * selected, "Fire shell" arms the target tool, a click on the enemy asks for the range and
 * shows neither the tape (refused while guessing) nor a range readout, the typed "16" and Enter
 * fire a FIRE with count 16, and the 4-inch burst circle is drawn, by pixels, 16 inches (40 cm)
 * from the gun along the line to the target: short of the target 50 cm away, where the guess
 * put it. */
#include "render/render.h"
#include "ui/action_panel.h"
#include "ui/app.h"
#include "ui/driver_panel.h"
#include "ui/overlay.h"
#include "ui/table_view.h"
#include "ui_fixture.h"

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#define VIEW_W 1280
#define VIEW_H 800

typedef struct rig {
    ui_fixture_hand h; /* the app, its renderer, the next frame's input, the clock */
} rig;

static figure_id fig_named(const rig *r, const char *name)
{
    const table *t = game_table(r->h.app->game);
    for (int i = 0; i < t->figure_count; i++)
        if (strcmp(t->figures[i].name, name) == 0)
            return t->figures[i].id;
    fail_msg("no figure %s", name);
    return (figure_id){0};
}

static int setup(void **state)
{
    rig *r = calloc(1, sizeof *r);
    if (!ui_fixture_hand_open(&r->h, "tests/cr15/cr15_shell_view.json", "cr15-view", VIEW_W,
                              VIEW_H))
        return -1;
    *state = r;
    return 0;
}

/* Pixels of colour rgb in a square of half-side h around p. */
static int count_rgb(rig *r, vec2s p, int h, uint32_t rgb, int tol)
{
    int n = 0;
    for (int y = (int)p.y - h; y <= (int)p.y + h; y++)
        for (int x = (int)p.x - h; x <= (int)p.x + h; x++)
            if (x >= 0 && y >= 0 && x < VIEW_W && y < VIEW_H)
                n += ui_fixture_near_rgb(render_read_pixel(r->h.ctx, x, y), rgb, tol);
    return n;
}

static void test_shell_at_a_stated_range(void **state)
{
    rig *r = *state;
    game *g = r->h.app->game;
    /* to the firing phase, the warriors done: the gunners fire */
    for (int i = 0; i < 5; i++) {
        rules_decision d;
        game_decision(g, &d);
        char why[256];
        rules_command c = {.kind = RULES_CMD_END_PHASE, .side = d.side};
        assert_true(game_submit(g, &c, why, sizeof why));
    }
    r->h.app->state_version++;
    rules_decision d;
    game_decision(g, &d);
    assert_string_equal(d.phase, "firing");
    assert_string_equal(table_side(game_table(g), d.side)->name, "Gunners");
    figure_id gun = fig_named(r, "Field gun"), target = fig_named(r, "Induna");
    /* the hot-seat cover: pass the mouse to the gunners (it takes clicks after a short grace) */
    for (int i = 0; i < 40; i++)
        ui_fixture_frame(&r->h);
    ui_fixture_click(&r->h, VIEW_W / 2.0f, VIEW_H / 2.0f);
    ui_fixture_click_cm(&r->h, table_figure_const(game_table(g), gun)->pos);
    ui_driver_panel *dp = ui_driver_panel_create();
    ui_action_panel *ap = ui_action_panel_create();
    ui_action_panel_set_selected(ap, gun);
    render_begin(r->h.ctx);
    float top = ui_driver_panel_draw(dp, ui_app_view(r->h.app), r->h.ctx);
    ui_action_panel_draw(ap, ui_app_view(r->h.app), r->h.ctx, top, -1, -1);
    float x, y, w, h;
    assert_true(ui_action_panel_action_rect(ap, RULES_CMD_FIRE, &x, &y, &w, &h)); /* shell */
    ui_driver_panel_destroy(dp);
    ui_action_panel_destroy(ap);
    ui_fixture_click(&r->h, x + w / 2, y + h / 2);
    if (!strstr(r->h.app->toast, "click to fire"))
        fprintf(stderr, "toast: %s (button at %.0f,%.0f %.0fx%.0f)\n", r->h.app->toast, x, y, w, h);
    assert_non_null(strstr(r->h.app->toast, "click to fire"));
    /* the click on the enemy asks for the range instead of firing */
    int log0 = game_log_count(g);
    vec2s tpos = table_figure_const(game_table(g), target)->pos;
    ui_fixture_click_cm(&r->h, tpos);
    assert_int_equal(game_log_count(g), log0);
    assert_non_null(strstr(r->h.app->toast, "State the range in inches"));
    /* no measuring while guessing: the tape is refused and none is drawn */
    ui_fixture_key(&r->h, 'm');
    assert_non_null(strstr(r->h.app->toast, "No measuring"));
    ui_fixture_mouse(&r->h, 300, 300);
    ui_fixture_mouse(&r->h, 420, 330);
    assert_int_equal(count_rgb(r, (vec2s){{640, 400}}, 400, UI_TAPE_RGB, 6), 0);
    ui_fixture_key(&r->h, '1');
    ui_fixture_key(&r->h, '6');
    ui_fixture_key(&r->h, UI_KEY_RETURN);
    assert_int_equal(game_log_count(g), log0 + 1);
    const rules_command *c = game_command_at(g, log0);
    assert_int_equal(c->kind, RULES_CMD_FIRE);
    assert_string_equal(c->option, "shell");
    assert_int_equal(c->count, 16);
    assert_int_equal(c->target.id, target.id);
    ui_fixture_frame(&r->h);
    ui_fixture_frame(&r->h);
    /* the burst: 16 inches = 40 cm north of the gun at (60, 80), a 2-inch (5 cm) radius */
    vec2s at = render_camera_to_px(&r->h.cam, (vec2s){{60, 40}});
    vec2s ring = render_camera_to_px(&r->h.cam, (vec2s){{65, 40}});
    vec2s short_of = render_camera_to_px(&r->h.cam, (vec2s){{60, 52}});
    vec2s on_target = render_camera_to_px(&r->h.cam, (vec2s){{60, 28}});
    float px5 = ring.x - at.x;
    assert_true(px5 > 10);
    assert_true(count_rgb(r, at, 3, UI_BURST_RGB, 40) > 0);   /* the marker at its centre */
    assert_true(count_rgb(r, ring, 2, UI_BURST_RGB, 40) > 0); /* the outline 2 inches out */
    assert_int_equal(count_rgb(r, short_of, (int)(px5 / 2), UI_BURST_RGB, 40), 0);
    assert_int_equal(count_rgb(r, on_target, (int)(px5 / 2), UI_BURST_RGB, 40), 0);
}

/* The shell view's table with a Gatling for the field gun, and the dice seeded with `seed`. */
static void write_gatling(const char *path, int seed)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fprintf(f,
            "{\"title\": \"Gatling\", \"ruleset\": \"cr15\", \"seed\": %d, \"table\": "
            "{\"width_cm\": 120, \"height_cm\": 90}, \"sides\": [{\"name\": \"Warriors\"}, "
            "{\"name\": \"Gunners\"}], \"units\": [{\"name\": \"Impi\", \"side\": "
            "\"Warriors\", \"kind\": \"tribesmen\", \"defaults\": {\"weapon\": "
            "\"spear_shield\", \"facing\": \"south\", \"base\": {\"radius_cm\": 0.6}}, "
            "\"figures\": [{\"name\": \"Induna\", \"role\": \"leader\", \"pos\": [60, 30]}]}, "
            "{\"name\": \"Battery\", \"side\": \"Gunners\", \"kind\": \"artillery\", "
            "\"defaults\": {\"facing\": \"north\", \"base\": {\"radius_cm\": 0.6}}, "
            "\"figures\": [{\"name\": \"Gatling\", \"role\": \"gun\", \"weapon\": "
            "\"gatling\", \"pos\": [60, 80], \"base\": {\"radius_cm\": 1.2}}, {\"name\": "
            "\"Gunner A\", \"role\": \"crew\", \"weapon\": \"rifle\", \"pos\": [56, 84]}, "
            "{\"name\": \"Gunner B\", \"role\": \"crew\", \"weapon\": \"rifle\", \"pos\": "
            "[64, 84]}]}]}\n",
            seed);
    fclose(f);
}

/* The "JAM" mark on a jammed Gatling, by pixels: none on the gun before it fires, the badge's
 * colour above its right shoulder once a 0 on the jam die has jammed it (the first seed that
 * jams it, found by firing it once per seed). */
static void test_gatling_jam_badge(void **state)
{
    rig *r = *state;
    char path[512], err[512];
    snprintf(path, sizeof path, "%s/gatling.json", r->h.dir);
    bool jammed = false;
    for (int seed = 1; seed <= 80 && !jammed; seed++) {
        write_gatling(path, seed);
        ui_app_destroy(r->h.app);
        r->h.app = ui_app_create(&(ui_app_desc){.scenario_path = path}, err, sizeof err);
        assert_non_null(r->h.app);
        r->h.app->settings.anim_speed = 0;
        r->h.app->ctx = r->h.ctx;
        game *g = r->h.app->game;
        for (int i = 0; i < 5; i++) {
            rules_decision d;
            game_decision(g, &d);
            char why[256];
            rules_command c = {.kind = RULES_CMD_END_PHASE, .side = d.side};
            assert_true(game_submit(g, &c, why, sizeof why));
        }
        figure_id gun = fig_named(r, "Gatling");
        render_camera_resize(&r->h.cam, VIEW_W, VIEW_H);
        ui_table_view_fit(&r->h.cam, g, 1, true);
        const figure *f = table_figure_const(game_table(g), gun);
        vec2s p = render_camera_to_px(&r->h.cam, f->pos);
        float rad = render_figure_radius_px(&r->h.cam, f);
        /* the badge stands above and right of the figure: look in that corner */
        vec2s corner = {{p.x + rad + 10, p.y - rad - 8}};
        for (int i = 0; i < 30; i++) /* past the hot-seat cover's grace */
            ui_fixture_frame(&r->h);
        ui_fixture_click(&r->h, VIEW_W / 2.0f, VIEW_H / 2.0f);
        ui_fixture_frame(&r->h);
        int before = count_rgb(r, corner, 18, UI_TABLE_BADGE_RGB, 48);
        rules_decision d;
        game_decision(g, &d);
        rules_command c = {.kind = RULES_CMD_FIRE,
                           .side = d.side,
                           .figure = gun,
                           .target = fig_named(r, "Induna")};
        snprintf(c.option, sizeof c.option, "gatling");
        char why[256];
        assert_true(game_submit(g, &c, why, sizeof why));
        r->h.app->state_version++;
        char badge[32] = "";
        jammed = game_figure_badge(g, gun, badge, sizeof badge) && strcmp(badge, "JAM") == 0;
        ui_fixture_frame(&r->h);
        ui_fixture_frame(&r->h);
        int after = count_rgb(r, corner, 18, UI_TABLE_BADGE_RGB, 48);
        assert_int_equal(before, 0);
        if (jammed && getenv("CR15_SHOT")) {
            render_write_png(r->h.ctx, getenv("CR15_SHOT"), err, sizeof err);
            fprintf(stderr, "seed %d: %d badge pixels\n", seed, after);
        }
        if (jammed)
            assert_true(after > 12); /* "JAM" in 9-point type */
        else if (!badge[0])
            assert_int_equal(after, 0);
    }
    assert_true(jammed);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_shell_at_a_stated_range, setup,
                                        ui_fixture_hand_teardown),
        cmocka_unit_test_setup_teardown(test_gatling_jam_badge, setup, ui_fixture_hand_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
