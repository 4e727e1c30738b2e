/* A gun fired on screen (tests/lcr/lcr_artillery.json, offscreen, driven through ui_app_frame
 * with synthetic input): the gun selected, its action panel lists one Fire per ammunition, the
 * "Fire roundshot" button arms the target tool with that ammunition, and a click on empty table
 * aims the shot at that point: the logged FIRE carries the option and the point, and the rules'
 * roundshot events follow. */
#include "render/render.h"
#include "ui/action_panel.h"
#include "ui/app.h"
#include "ui/driver_panel.h"
#include "ui/table_view.h"
#include "ui/teach.h"
#include "ui_fixture.h"

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

static void must(rig *r, rules_command c)
{
    char why[256] = "";
    if (!game_submit(r->h.app->game, &c, why, sizeof why))
        fail_msg("refused: %s", why);
    r->h.app->state_version++;
}

/* Draws cards (passing interrupts, reserving others' cards) until a leader's card activates
 * `actor` (as tests/lcr/lcr_harness.h does). */
static void activate(rig *r, figure_id actor)
{
    for (int guard = 0; guard < 200; guard++) {
        rules_decision d;
        game_decision(r->h.app->game, &d);
        rules_command c = {.side = d.side};
        if (d.kind == RULES_DECIDE_DRAW_CARD) {
            c.kind = RULES_CMD_DRAW_CARD;
        } else if (d.kind == RULES_DECIDE_INTERRUPT) {
            c.kind = RULES_CMD_PASS;
        } else if (d.kind == RULES_DECIDE_USE_CARD) {
            c = (rules_command){.kind = RULES_CMD_ACTIVATE, .side = d.side, .figure = actor};
            char why[256];
            /* a leader's card: the NCO activates his whole section */
            if (d.figure.id && game_validate(r->h.app->game, &c, why, sizeof why)) {
                must(r, c);
                return;
            }
            c = (rules_command){.kind = RULES_CMD_RESERVE_CARD, .side = d.side, .card = d.card};
        } else {
            fail_msg("unexpected decision %d", d.kind);
        }
        must(r, c);
    }
    fail_msg("no card for the figure");
}

static int setup(void **state)
{
    rig *r = calloc(1, sizeof *r);
    if (!ui_fixture_hand_open(&r->h, "tests/lcr/lcr_artillery.json", "gun-view", VIEW_W, VIEW_H))
        return -1;
    *state = r;
    return 0;
}

static void test_fire_roundshot_at_a_point(void **state)
{
    rig *r = *state;
    activate(r, fig_named(r, "Sgt Gil"));
    figure_id gun = fig_named(r, "Napoleon");
    ui_fixture_frame(&r->h);
    /* Select the gun on the table: the panel lists its actions. */
    ui_fixture_click_cm(&r->h, table_figure_const(game_table(r->h.app->game), gun)->pos);
    /* The same panels drawn apart give the button's place in the view. */
    ui_driver_panel *dp = ui_driver_panel_create();
    ui_action_panel *ap = ui_action_panel_create();
    ui_action_panel_set_selected(ap, gun);
    render_begin(r->h.ctx);
    float top = ui_driver_panel_draw(dp, ui_app_view(r->h.app), r->h.ctx);
    ui_action_panel_draw(ap, ui_app_view(r->h.app), r->h.ctx, top, -1, -1);
    rules_action acts[16];
    int n = game_actions(r->h.app->game, gun, acts, 16), fires = 0;
    for (int i = 0; i < n; i++)
        if (acts[i].kind == RULES_CMD_FIRE)
            assert_string_equal(acts[i].option, fires++ == 0 ? "roundshot" : "grapeshot");
    assert_int_equal(fires, 2);
    float x, y, w, h;
    assert_true(ui_action_panel_action_rect(ap, RULES_CMD_FIRE, &x, &y, &w, &h)); /* the first */
    ui_driver_panel_destroy(dp);
    ui_action_panel_destroy(ap);
    ui_fixture_click(&r->h, x + w / 2, y + h / 2);
    assert_non_null(strstr(r->h.app->toast, "click to fire"));
    /* Too far (125 cm; roundshot reaches 120): refused in the rules' words, nothing logged. */
    int log0 = game_log_count(r->h.app->game);
    ui_fixture_click_cm(&r->h, (vec2s){{150, 60}});
    assert_int_equal(game_log_count(r->h.app->game), log0);
    assert_non_null(strstr(r->h.app->toast, "Cannot fire"));
    assert_non_null(strstr(r->h.app->toast, "out of roundshot range"));
    /* Aim at empty table between Line 80 and Line 90: the point is the aim. */
    vec2s aim = {{85, 57}};
    assert_int_equal(ui_table_view_hit(game_table(r->h.app->game), aim, 0), -1);
    ui_fixture_click_cm(&r->h, aim);
    assert_int_equal(game_log_count(r->h.app->game), log0 + 1);
    const rules_command *c = game_command_at(r->h.app->game, log0);
    assert_int_equal(c->kind, RULES_CMD_FIRE);
    assert_string_equal(c->option, "roundshot");
    assert_true(c->point_set);
    assert_float_equal(c->point.x, aim.x, 0.3);
    assert_float_equal(c->point.y, aim.y, 0.3);
    assert_int_equal(c->figures[0].id, gun.id);
    /* The rules fired it: a to-hit die and the impact of a roundshot. */
    int ne = 0;
    const rules_event *ev = game_events(r->h.app->game, log0, &ne);
    bool die = false, impact = false;
    for (int i = 0; i < ne; i++) {
        die |= ev[i].kind == RULES_EV_DIE && strcmp(ev[i].tag, "to_hit") == 0;
        impact |= ev[i].kind == RULES_EV_NOTE && strcmp(ev[i].tag, "impact") == 0 &&
                  strstr(ev[i].text, "roundshot");
    }
    assert_true(die);
    assert_true(impact);
    /* The ball's path is drawn on the table (issue 17): its flight from the gun, in the burst
     * colour, seen halfway along it. */
    const rules_event *line = NULL;
    for (int i = 0; i < ne && !line; i++)
        if (ev[i].kind == RULES_EV_TEMPLATE && strcmp(ev[i].tag, "line") == 0)
            line = &ev[i];
    assert_non_null(line);
    assert_float_equal(line->from.x, table_figure_const(game_table(r->h.app->game), gun)->pos.x,
                       1e-3);
    ui_dice_tray_hide(&ui_table_view_teach(r->h.app->stack[0])->tray); /* off the table's left */
    ui_fixture_frame(&r->h);
    char png[600], err[256];
    snprintf(png, sizeof png, "%s/gun_roundshot_path.png",
             getenv("UX_SHOT") ? getenv("UX_SHOT") : r->h.dir);
    render_write_png(r->h.ctx, png, err, sizeof err);
    int seen = 0;
    for (int k = 1; k < 4; k++) {
        vec2s at = render_camera_to_px(&r->h.cam, glms_vec2_lerp(line->from, line->pos, 0.25f * k));
        for (int dy = -2; dy <= 2; dy++)
            for (int dx = -2; dx <= 2; dx++) {
                uint32_t px = render_read_pixel(r->h.ctx, (int)at.x + dx, (int)at.y + dy);
                seen += (px >> 16 & 0xff) > 200 && (px >> 8 & 0xff) > 50 &&
                        (px >> 8 & 0xff) < 140 && (px & 0xff) < 90;
            }
    }
    assert_true(seen >= 6);
}

/* The target tool with nobody selected (issue 21): pointing at an enemy once read the figure
 * before the first (index -1) for the firer; now the tool says to select who fires, and
 * pointing at an enemy draws no aim and logs nothing. */
static void test_target_tool_with_nothing_selected(void **state)
{
    rig *r = *state;
    ui_fixture_frame(&r->h);
    ui_fixture_click_cm(&r->h, (vec2s){{100, 100}}); /* empty table: nothing selected */
    assert_int_equal(ui_table_view_hit(game_table(r->h.app->game), (vec2s){{100, 100}}, 0), -1);
    ui_fixture_key(&r->h, 't');
    assert_non_null(strstr(r->h.app->toast, "select who fires first"));
    const figure *enemy = table_figure_const(game_table(r->h.app->game), fig_named(r, "Datu Amai"));
    vec2s p = render_camera_to_px(&r->h.cam, enemy->pos);
    int log0 = game_log_count(r->h.app->game);
    for (int i = 0; i < 4; i++)
        ui_fixture_mouse(&r->h, p.x + (float)i, p.y);
    ui_fixture_click(&r->h, p.x, p.y);
    assert_int_equal(game_log_count(r->h.app->game), log0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_target_tool_with_nothing_selected, setup,
                                        ui_fixture_hand_teardown),
        cmocka_unit_test_setup_teardown(test_fire_roundshot_at_a_point, setup,
                                        ui_fixture_hand_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
