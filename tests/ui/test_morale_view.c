/* Why morale broke, on screen (issue 14 item 5), on the lcr Toledo scenario played by greedy
 * bots through the table screen: a morale pile's tooltip in the turn driver says what breaks
 * when it empties, its chits and the side's casualties, and rings that quality's figures; the
 * command that empties a pile raises a plate naming the side and the reason, with the figures
 * it demoralised ringed; and figures the rules move at End of Turn (flight) are seen running,
 * not jumping. PNGs go to the folder in argv[1]. */
#include "game/bot.h"
#include "render/render.h"
#include "ui/action_panel.h"
#include "ui/app.h"
#include "ui/driver_panel.h"
#include "ui/morale_news.h"
#include "ui/names.h"
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

#define W 1280
#define H 800

static const char *artifacts;

typedef struct fixture {
    ui_app *app;
    render_ctx *ctx;
    ui_input in;
    char dir[64];
} fixture;

static fixture *open_app(void)
{
    fixture *f = calloc(1, sizeof *f);
    assert_true(ui_fixture_app_open("scenarios/lcr_toledo.json", "morale", W, H, &f->app, &f->ctx,
                                    f->dir, sizeof f->dir));
    f->app->settings.anim_speed = 1;
    f->in = (ui_input){.view_w = W,
                       .view_h = H,
                       .ui_scale = 1,
                       .dt = 0.016f,
                       .mouse_inside = true,
                       .mouse_x = 10,
                       .mouse_y = 300};
    return f;
}

static void close_app(fixture *f)
{
    assert_true(ui_fixture_app_close(f->app, f->ctx, f->dir));
    free(f);
}

static ui_screen *table_screen(fixture *f)
{
    assert_true(f->app->depth >= 1);
    assert_string_equal(f->app->stack[0]->name, "table");
    return f->app->stack[0];
}

static bool covered(const fixture *f)
{
    return f->app->depth > 1 && strcmp(f->app->stack[f->app->depth - 1]->name, "cover") == 0;
}

/* A frame at time t (or later: a hot-seat cover that comes up is lifted by Return after its
 * grace time, and the clock goes on from there). */
static void frame_at(fixture *f, double t)
{
    f->in.time = t > f->in.time ? t : f->in.time;
    ui_app_frame(f->app, &f->in, f->ctx);
    ui_input_next_frame(&f->in);
    if (!covered(f))
        return;
    for (int i = 0; i < 8 && covered(f); i++) {
        f->in.time += 0.5;
        f->in.key_count = 0;
        f->in.keys[f->in.key_count++] = UI_KEY_RETURN;
        ui_app_frame(f->app, &f->in, f->ctx);
        ui_input_next_frame(&f->in);
    }
    ui_app_frame(f->app, &f->in, f->ctx);
    ui_input_next_frame(&f->in);
}

static void shot(fixture *f, const char *name)
{
    if (!artifacts)
        return;
    char path[600], err[256];
    snprintf(path, sizeof path, "%s/%s", artifacts, name);
    if (render_write_png(f->ctx, path, err, sizeof err) != 0)
        fprintf(stderr, "%s\n", err);
}

static int count_near(render_ctx *ctx, uint32_t rgb, int tol)
{
    int n = 0;
    for (int y = 0; y < H; y += 2)
        for (int x = 0; x < W; x += 2) {
            uint32_t p = render_read_pixel(ctx, x, y);
            int dr = (int)(p >> 16 & 0xff) - (int)(rgb >> 16 & 0xff);
            int dg = (int)(p >> 8 & 0xff) - (int)(rgb >> 8 & 0xff);
            int db = (int)(p & 0xff) - (int)(rgb & 0xff);
            n += dr * dr + dg * dg + db * db < tol * tol;
        }
    return n;
}

/* The tooltip of the Moro raw pile, found by sweeping the panel; the pile's quality ringed. */
static void test_pile_tooltip(void **state)
{
    (void)state;
    fixture *f = open_app();
    frame_at(f, 1.0);
    ui_driver_panel *dp = ui_table_view_driver(table_screen(f));
    float px, py, pw, ph;
    ui_driver_panel_rect(dp, &px, &py, &pw, &ph);
    assert_true(pw > 0);
    char lines[4][128];
    int n = 0;
    float hx = -1, hy = -1;
    for (float y = py; y < py + ph && n == 0; y += 3)
        for (float x = px; x < px + pw && n == 0; x += 3) {
            n = ui_driver_panel_tooltip(dp, ui_app_view(f->app), x, y, lines, 4);
            if (n && strstr(lines[0], "Moro") == NULL)
                n = 0; /* the Spanish piles come first; the Moro raw pile is the one */
            if (n)
                hx = x + 2, hy = y + 2;
        }
    assert_int_equal(n, 3);
    assert_string_equal(lines[0], "Moro morale: raw chits, 3 left");
    /* Hassan's 14 tribesmen and 12 musketeers are raw. */
    assert_string_equal(lines[1], "When it is empty, Moro's raw troops are demoralised (26 left)");
    assert_string_equal(lines[2], "Moro casualties so far: 0 of 49");
    /* On screen: the plate by the pointer, and the raw figures ringed on the table. */
    int ring_before = count_near(f->ctx, UI_NAMES_RING_RGB, 40);
    f->in.mouse_x = hx, f->in.mouse_y = hy;
    frame_at(f, 2.0);
    frame_at(f, 2.1);
    shot(f, "morale_tooltip.png");
    int ring_after = count_near(f->ctx, UI_NAMES_RING_RGB, 40);
    assert_true(ring_after > ring_before + 26 * 10); /* every other pixel counted */
    close_app(f);
}

static bool commanded(const rules_command *c, const figure *fg)
{
    for (int i = 0; i < c->figure_count; i++)
        if (c->figures[i].id == fg->id.id)
            return true;
    return c->figure.id == fg->id.id || (c->unit.id && c->unit.id == fg->unit.id);
}

/* Greedy bots through the screen until a pile empties and someone flees at End of Turn. */
static void test_break_and_flight(void **state)
{
    (void)state;
    fixture *f = open_app();
    ui_screen *s = table_screen(f);
    dice_rng rng;
    dice_seed(&rng, getenv("MSEED") ? (uint64_t)atoi(getenv("MSEED")) : 2);
    frame_at(f, 1.0);
    double t = f->app->time;
    bool seen_break = false, seen_run = false;
    for (int step = 0; step < 2000 && !(seen_break && seen_run); step++) {
        rules_decision dec;
        game_decision(f->app->game, &dec);
        if (dec.kind == RULES_DECIDE_NONE)
            break;
        rules_command c;
        assert_true(bot_choose(f->app->game, BOT_GREEDY, &rng, &c));
        const table *tb = game_table(f->app->game);
        int n = tb->figure_count;
        vec2s *before = calloc((size_t)n, sizeof *before);
        for (int i = 0; i < n; i++)
            before[i] = tb->figures[i].pos;
        char why[256] = "";
        int cursor = game_cursor(f->app->game);
        assert_true(ui_table_view_submit(s, f->app, &c, why, sizeof why));
        double t0 = t; /* app->time when submitted */
        ui_morale_news news = {0};
        if (!seen_break && ui_morale_news_find(f->app->game, cursor, cursor + 1, &news)) {
            seen_break = true;
            assert_non_null(strstr(news.line, "morale breaks"));
            assert_non_null(strstr(news.sub, "morale pile is empty"));
            assert_true(news.figures.count > 0);
            for (int i = 0; i < news.figures.count; i++) {
                const figure *fg = table_figure_const(tb, news.figures.ids[i]);
                assert_true(fg->status & FIGURE_STATUS_DEMORALISED);
            }
            frame_at(f, t0 + 1.0);
            const ui_morale_news *shown = ui_table_view_morale_news(s);
            assert_string_equal(shown->line, news.line);
            assert_true(ui_morale_news_showing(shown, f->app->time));
            shot(f, "morale_break.png");
            int lit = count_near(f->ctx, UI_MORALE_NEWS_RGB, 30);
            frame_at(f, t0 + 1.0 + UI_MORALE_NEWS_S + 2.0);
            int after = count_near(f->ctx, UI_MORALE_NEWS_RGB, 30);
            assert_true(lit >
                        after + 150); /* the plate's edges and the rings (every other pixel) */
            t0 += UI_MORALE_NEWS_S + 3.0;
        }
        /* A figure the rules moved (not one commanded), far enough to be seen running. */
        for (int i = 0; i < n && !seen_run; i++) {
            const figure *fg = &tb->figures[i];
            float d = glms_vec2_distance(before[i], fg->pos);
            if (d < 6 || commanded(&c, fg) || !(fg->status & FIGURE_STATUS_DEMORALISED))
                continue;
            double now = t; /* the submit's time */
            vec2s p;
            float face;
            assert_true(ui_table_view_pose(s, now + 0.3, i, &p, &face));
            assert_true(glms_vec2_distance(p, before[i]) < 1e-3f); /* waits for the card */
            assert_true(ui_table_view_pose(s, now + UI_TABLE_VIEW_RUN_DELAY_S + 0.4, i, &p, &face));
            assert_true(glms_vec2_distance(p, before[i]) > 0.3f);
            assert_true(glms_vec2_distance(p, fg->pos) > 0.3f); /* on the way */
            assert_false(ui_table_view_pose(s, now + 20, i, &p, &face) &&
                         glms_vec2_distance(p, fg->pos) > 1e-3f);
            seen_run = true;
            frame_at(f, now + UI_TABLE_VIEW_RUN_DELAY_S + 0.4);
            shot(f, "morale_flight.png");
        }
        free(before);
        frame_at(f, t0 + 30.0); /* every animation over before the next command */
        t = f->app->time;       /* the next submit's time */
    }
    fprintf(stderr, "break %d run %d at command %d, turn %d\n", seen_break, seen_run,
            game_cursor(f->app->game), game_turn(f->app->game));
    assert_true(seen_break);
    assert_true(seen_run);
    close_app(f);
}

static const figure *named(const table *t, const char *name)
{
    for (int i = 0; i < t->figure_count; i++)
        if (strcmp(t->figures[i].name, name) == 0)
            return &t->figures[i];
    fail_msg("no figure %s", name);
    return NULL;
}

static rules_command legal_kind(fixture *f, rules_command_kind kind)
{
    rules_command c = ui_fixture_legal(f->app->game, kind, (figure_id){0});
    if (c.kind == RULES_CMD_NONE)
        fail_msg("no legal %s", rules_command_kind_name(kind));
    return c;
}

/* The target tool before activation (issue 17): with Toledo's card up and not yet acted on, the
 * selected line pointed at an enemy shows the semicircle and the odds, marked as a plan with
 * the rules' reason it cannot fire yet, and clicking fires nothing. */
static void test_target_before_activation(void **state)
{
    (void)state;
    fixture *f = open_app();
    ui_screen *s = table_screen(f);
    const table *t = game_table(f->app->game);
    frame_at(f, 1.0);
    for (int i = 0; i < 40; i++) {
        rules_decision d;
        game_decision(f->app->game, &d);
        const figure *actor = d.figure.id ? table_figure_const(t, d.figure) : NULL;
        if (d.kind == RULES_DECIDE_USE_CARD && actor && strcmp(actor->name, "Lt Toledo") == 0)
            break;
        rules_command c = d.kind == RULES_DECIDE_INTERRUPT  ? legal_kind(f, RULES_CMD_PASS)
                          : d.kind == RULES_DECIDE_USE_CARD ? legal_kind(f, RULES_CMD_RESERVE_CARD)
                                                            : legal_kind(f, RULES_CMD_DRAW_CARD);
        char why[256];
        assert_true(ui_table_view_submit(s, f->app, &c, why, sizeof why));
        frame_at(f, f->app->time + 5);
    }
    rules_decision d;
    game_decision(f->app->game, &d);
    assert_int_equal(d.kind, RULES_DECIDE_USE_CARD);
    const render_camera *cam = ui_table_view_camera(s);
    /* Double-click a Cazador: his unit (the line) is selected. */
    vec2s p = render_camera_to_px(cam, named(t, "Cazador 1")->pos);
    f->in.mouse_x = p.x, f->in.mouse_y = p.y;
    for (int k = 1; k <= 2; k++) {
        f->in.down[UI_MOUSE_LEFT] = f->in.pressed[UI_MOUSE_LEFT] = true;
        f->in.clicks[UI_MOUSE_LEFT] = k;
        frame_at(f, f->app->time + 0.05);
        f->in.down[UI_MOUSE_LEFT] = false;
        f->in.released[UI_MOUSE_LEFT] = true;
        frame_at(f, f->app->time + 0.05);
    }
    f->in.key_count = 0;
    f->in.keys[f->in.key_count++] = 't';
    frame_at(f, f->app->time + 0.05);
    vec2s e = render_camera_to_px(cam, named(t, "Juramentado 3")->pos);
    f->in.mouse_x = e.x, f->in.mouse_y = e.y;
    frame_at(f, f->app->time + 0.5);
    frame_at(f, f->app->time + 0.5);
    shot(f, "target_plan.png");
    int lit = count_near(f->ctx, UI_SEMICIRCLE_RGB, 40);
    assert_true(lit > 200); /* the semicircle's edge and the odds */
    const ui_action_aim *aim = ui_action_panel_aim(ui_table_view_actions(s));
    assert_true(aim->valid && aim->target.area_radius_cm > 0);
    assert_non_null(strstr(aim->plan, "activate")); /* "act with the card (activate) or ..." */
    int cursor = game_cursor(f->app->game);
    f->in.down[UI_MOUSE_LEFT] = f->in.pressed[UI_MOUSE_LEFT] = true;
    f->in.clicks[UI_MOUSE_LEFT] = 1;
    frame_at(f, f->app->time + 0.05);
    f->in.down[UI_MOUSE_LEFT] = false;
    f->in.released[UI_MOUSE_LEFT] = true;
    frame_at(f, f->app->time + 0.05);
    assert_int_equal(game_cursor(f->app->game), cursor); /* a plan, not a shot */
    close_app(f);
}

int main(int argc, char **argv)
{
    artifacts = argc > 1 ? argv[1] : NULL;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pile_tooltip),
        cmocka_unit_test(test_break_and_flight),
        cmocka_unit_test(test_target_before_activation),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
