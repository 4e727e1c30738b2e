/* Whatever is named is shown, checked by pixels of offscreen frames of the whole table screen
 * (lcr scenarios): the orders and the driver's buttons name cards by their officer, never by
 * number; the pointer on an order or on "Act" rings its leader and the figures he would
 * activate; on a log entry it rings the figures the entry concerns, and a click on the entry
 * pans the table to them; the action panel follows the decision's actor; a card several
 * figures may use gives each its own "Act" button. PNGs go to the folder in argv[1]. */
#include "game/bot.h"
#include "render/render.h"
#include "ui/action_panel.h"
#include "ui/actions.h"
#include "ui/app.h"
#include "ui/cover.h"
#include "ui/dice_tray.h"
#include "ui/driver_panel.h"
#include "ui/names.h"
#include "ui/overlay.h"
#include "ui/menus.h"
#include "ui/roster.h"
#include "ui/table_view.h"
#include "ui/teach.h"
#include "ui/tools.h"
#include "ui/turn_banner.h"
#include "ui_fixture.h"

#include <ctype.h>
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

static fixture *open_app_sized(const char *file, int w, int h);

static fixture *open_app(const char *file)
{
    return open_app_sized(file, W, H);
}

static fixture *open_app_sized(const char *file, int w, int h)
{
    fixture *f = calloc(1, sizeof *f);
    char path[512];
    snprintf(path, sizeof path, "scenarios/%s", file);
    assert_true(ui_fixture_app_open(path, "named", w, h, &f->app, &f->ctx, f->dir, sizeof f->dir));
    f->in = (ui_input){.view_w = w,
                       .view_h = h,
                       .ui_scale = 1,
                       .dt = 0.016f,
                       .mouse_inside = true,
                       .mouse_x = (float)w / 2,
                       .mouse_y = (float)h / 2};
    return f;
}

static void close_app(fixture *f)
{
    assert_true(ui_fixture_app_close(f->app, f->ctx, f->dir));
    free(f);
}

static bool covered(const fixture *f)
{
    return f->app->depth > 1 && strcmp(f->app->stack[f->app->depth - 1]->name, "cover") == 0;
}

/* One frame; a hot-seat cover that comes up is lifted first (Return, after its grace time). */
static void frame(fixture *f)
{
    for (int i = 0; i < 8 && covered(f); i++) {
        ui_input lift = f->in;
        lift.time += 0.5;
        lift.key_count = 0;
        lift.keys[lift.key_count++] = UI_KEY_RETURN;
        lift.pressed[UI_MOUSE_LEFT] = lift.released[UI_MOUSE_LEFT] = false;
        f->in.time = lift.time;
        ui_app_frame(f->app, &lift, f->ctx);
    }
    f->in.time += 0.05;
    ui_app_frame(f->app, &f->in, f->ctx);
    ui_input_next_frame(&f->in);
    if (covered(f))
        frame(f);
}

static void point(fixture *f, float x, float y)
{
    f->in.mouse_dx = x - f->in.mouse_x;
    f->in.mouse_dy = y - f->in.mouse_y;
    f->in.mouse_x = x;
    f->in.mouse_y = y;
    frame(f);
    frame(f);
}

static void click(fixture *f, float x, float y)
{
    f->in.mouse_x = x;
    f->in.mouse_y = y;
    f->in.pressed[UI_MOUSE_LEFT] = f->in.down[UI_MOUSE_LEFT] = true;
    frame(f);
    f->in.down[UI_MOUSE_LEFT] = false;
    f->in.released[UI_MOUSE_LEFT] = true;
    frame(f);
    frame(f);
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

static ui_screen *table_screen(fixture *f)
{
    assert_true(f->app->depth >= 1);
    assert_string_equal(f->app->stack[0]->name, "table");
    return f->app->stack[0];
}

static void submit(fixture *f, rules_command cmd)
{
    char why[256] = "";
    if (!game_submit(f->app->game, &cmd, why, sizeof why))
        fail_msg("refused %s: %s", rules_command_kind_name(cmd.kind), why);
    f->app->state_version++;
}

static rules_command legal_of(fixture *f, rules_command_kind kind, figure_id fig)
{
    rules_command c = ui_fixture_legal(f->app->game, kind, fig);
    if (c.kind == RULES_CMD_NONE)
        fail_msg("no legal %s", rules_command_kind_name(kind));
    return c;
}

/* Draws (passing interrupts, reserving soldier cards) until a leader's own card is up. */
static rules_decision until_leader_card(fixture *f)
{
    rules_decision d;
    for (int i = 0; i < 40; i++) {
        game_decision(f->app->game, &d);
        if (d.kind == RULES_DECIDE_USE_CARD && d.figure.id) {
            const figure *l = table_figure_const(game_table(f->app->game), d.figure);
            if (l && table_figure_active(l))
                return d;
        }
        rules_command_kind k = d.kind == RULES_DECIDE_INTERRUPT  ? RULES_CMD_PASS
                               : d.kind == RULES_DECIDE_USE_CARD ? RULES_CMD_RESERVE_CARD
                               : d.kind == RULES_DECIDE_ACT      ? RULES_CMD_END_ACTIVATION
                                                                 : RULES_CMD_DRAW_CARD;
        submit(f, legal_of(f, k, (figure_id){0}));
    }
    fail_msg("no leader's card came up");
    return d;
}

/* Pixels of the name ring's colour in the square round a figure on screen. */
static int ring_pixels(fixture *f, figure_id id)
{
    const table *t = game_table(f->app->game);
    const figure *fig = table_figure_const(t, id);
    assert_non_null(fig);
    const render_camera *cam = ui_table_view_camera(table_screen(f));
    vec2s p = render_camera_to_px(cam, fig->pos);
    int r = (int)((fig->base.radius_cm + 1.5f) * cam->px_per_cm) + 12, n = 0;
    for (int y = (int)p.y - r; y <= (int)p.y + r; y++)
        for (int x = (int)p.x - r; x <= (int)p.x + r; x++)
            if (x >= 0 && y >= 0 && x < W && y < H &&
                ui_fixture_rgb_dist2(render_read_pixel(f->ctx, x, y), UI_NAMES_RING_RGB) < 40 * 40)
                n++;
    return n;
}

static bool on_screen(fixture *f, figure_id id)
{
    const figure *fig = table_figure_const(game_table(f->app->game), id);
    vec2s p = render_camera_to_px(ui_table_view_camera(table_screen(f)), fig->pos);
    return p.x >= 0 && p.y >= 30 && p.x <= W - 316 && p.y <= H - 30;
}

/* ---- cards are named by their officer ------------------------------------------------------ */

/* "card" followed by a number anywhere in the label: an internal number shown. */
static bool names_card_number(const char *label)
{
    for (const char *p = strstr(label, "card"); p; p = strstr(p + 1, "card")) {
        const char *q = p + 4;
        while (*q == ' ' || *q == '#')
            q++;
        if (isdigit((unsigned char)*q))
            return true;
    }
    return false;
}

static void test_labels_never_number_cards(void **state)
{
    (void)state;
    const char *scenarios[] = {"lcr_toledo.json", "lcr_teaching.json", "lcr_baler.json"};
    int activates = 0;
    for (int s = 0; s < 3; s++) {
        fixture *f = open_app(scenarios[s]);
        dice_rng rng;
        dice_seed(&rng, 17 + (uint64_t)s);
        for (int step = 0; step < 160 && !game_over(f->app->game); step++) {
            ui_actions orders;
            ui_actions_collect(f->app->game, &orders);
            for (int i = 0; i < orders.count; i++) {
                if (names_card_number(orders.items[i].label))
                    fail_msg("%s: order \"%s\" names a card by number", scenarios[s],
                             orders.items[i].label);
                if (orders.items[i].cmd.kind == RULES_CMD_ACTIVATE) {
                    activates++;
                    const figure *who =
                        table_figure_const(game_table(f->app->game), orders.items[i].cmd.figure);
                    assert_non_null(who);
                    assert_non_null(strstr(orders.items[i].label, who->name));
                }
            }
            rules_command c;
            if (!bot_choose(f->app->game, BOT_RANDOM, &rng, &c))
                break;
            submit(f, c);
        }
        close_app(f);
    }
    assert_true(activates > 10);
}

/* ---- the pointer on an order, a button, a log entry --------------------------------------- */

static void test_order_rings_leader_and_his_figures(void **state)
{
    (void)state;
    fixture *f = open_app("lcr_toledo.json");
    frame(f);
    rules_decision d = until_leader_card(f);
    frame(f);
    figure_id ids[256];
    float radius;
    int n = game_command_radius(f->app->game, d.figure, &radius, ids, 256);
    assert_true(n >= 2);
    figure_id follower = ids[n - 1];
    assert_int_not_equal(follower.id, d.figure.id);
    point(f, W / 2, H - 5); /* nothing named there */
    shot(f, "named_none.png");
    assert_int_equal(ring_pixels(f, d.figure), 0);
    assert_int_equal(ring_pixels(f, follower), 0);

    /* The order "Activate - <leader>" on the action panel. */
    ui_actions orders;
    ui_actions_collect(f->app->game, &orders);
    int order = -1;
    for (int i = 0; i < orders.count; i++)
        if (orders.items[i].cmd.kind == RULES_CMD_ACTIVATE &&
            orders.items[i].cmd.figure.id == d.figure.id)
            order = i;
    assert_true(order >= 0);
    float x, y, w, h;
    assert_true(
        ui_action_panel_order_rect(ui_table_view_actions(table_screen(f)), order, &x, &y, &w, &h));
    point(f, x + w / 2, y + h / 2);
    shot(f, "named_order_hover.png");
    assert_true(ring_pixels(f, d.figure) > 40);
    assert_true(ring_pixels(f, follower) > 40);

    /* The driver's "Act" button says the same. */
    ui_driver_panel *dp = ui_table_view_driver(table_screen(f));
    int act = -1;
    for (int i = 0; i < ui_driver_panel_button_count(dp); i++) {
        rules_command c;
        const char *label = ui_driver_panel_button(dp, i, &c, &x, &y, &w, &h);
        assert_false(names_card_number(label));
        if (c.kind == RULES_CMD_ACTIVATE)
            act = i;
    }
    assert_true(act >= 0);
    point(f, W / 2, H - 5);
    assert_int_equal(ring_pixels(f, follower), 0);
    rules_command c;
    ui_driver_panel_button(dp, act, &c, &x, &y, &w, &h);
    point(f, x + w / 2, y + h / 2);
    assert_true(ring_pixels(f, d.figure) > 40);
    assert_true(ring_pixels(f, follower) > 40);
    close_app(f);
}

static int hit_of(const ui_event_log *log, int key)
{
    for (int i = 0; i < log->hit_count; i++)
        if (log->hits[i].key == key)
            return i;
    return -1;
}

static void test_log_entry_rings_and_pans(void **state)
{
    (void)state;
    fixture *f = open_app("lcr_toledo.json");
    frame(f);
    rules_decision d = until_leader_card(f);
    submit(f, legal_of(f, RULES_CMD_ACTIVATE, d.figure));
    int entry = game_cursor(f->app->game) - 1;
    f->in.keys[f->in.key_count++] = 'e';
    frame(f);
    frame(f);
    ui_event_log *log = &ui_table_view_teach(table_screen(f))->log;
    assert_true(log->open);
    int hit = hit_of(log, entry);
    assert_true(hit >= 0);
    float ex = log->x + 40, ey = log->hits[hit].y + log->hits[hit].h / 2;
    point(f, ex, ey);
    shot(f, "named_log_hover.png");
    assert_true(ring_pixels(f, d.figure) > 40);
    point(f, W / 2, H - 5);
    assert_int_equal(ring_pixels(f, d.figure), 0);

    /* Zoomed in far from him, a click on the entry brings him back into view, ringed. */
    const table *t = game_table(f->app->game);
    const figure *leader = table_figure_const(t, d.figure);
    vec2s far = {{leader->pos.x < t->width_cm / 2 ? t->width_cm - 5 : 5,
                  leader->pos.y < t->height_cm / 2 ? t->height_cm - 5 : 5}};
    for (int i = 0; i < 6 && on_screen(f, d.figure); i++) {
        vec2s px = render_camera_to_px(ui_table_view_camera(table_screen(f)), far);
        f->in.mouse_x = px.x < 430 ? 430 : px.x > W - 330 ? W - 330 : px.x;
        f->in.mouse_y = px.y < 40 ? 40 : px.y > H - 40 ? H - 40 : px.y;
        f->in.wheel = 3;
        frame(f);
        frame(f);
    }
    assert_false(on_screen(f, d.figure));
    hit = hit_of(log, entry);
    assert_true(hit >= 0);
    click(f, ex, log->hits[hit].y + log->hits[hit].h / 2);
    assert_int_equal(log->opened, entry);
    point(f, W / 2, H - 5);
    shot(f, "named_log_click.png");
    assert_true(on_screen(f, d.figure));
    assert_true(ring_pixels(f, d.figure) > 40); /* still ringed while the entry is open */
    close_app(f);
}

/* ---- the action panel follows the actor; "Act" asks -------------------------------------- */

static void test_panel_follows_actor(void **state)
{
    (void)state;
    fixture *f = open_app("lcr_toledo.json");
    frame(f);
    rules_decision d = until_leader_card(f);
    /* Select a figure of the same side whom the leader does not command. */
    const table *t = game_table(f->app->game);
    figure_id ids[256], other = {0};
    float radius;
    int n = game_command_radius(f->app->game, d.figure, &radius, ids, 256);
    for (int i = 0; i < t->figure_count && !other.id; i++) {
        const figure *fig = &t->figures[i];
        bool his = false;
        for (int k = 0; k < n; k++)
            his = his || ids[k].id == fig->id.id;
        if (fig->side.id == d.side.id && !his && table_figure_active(fig))
            other = fig->id;
    }
    assert_true(other.id);
    frame(f);
    vec2s p = render_camera_to_px(ui_table_view_camera(table_screen(f)),
                                  table_figure_const(t, other)->pos);
    click(f, p.x, p.y);
    submit(f, legal_of(f, RULES_CMD_ACTIVATE, d.figure));
    frame(f);
    frame(f);
    shot(f, "named_panel_actor.png");
    rules_action acts[16];
    int na = game_actions(f->app->game, other, acts, 16);
    for (int i = 0; i < na; i++) /* the old selection can do nothing of his own now */
        assert_true(!acts[i].enabled || acts[i].kind == RULES_CMD_END_ACTIVATION);
    assert_int_equal(ui_action_panel_actor(ui_table_view_actions(table_screen(f))).id, d.figure.id);
    close_app(f);
}

static void test_act_asks_when_several_may(void **state)
{
    (void)state;
    fixture *f = open_app("lcr_teaching.json");
    dice_rng rng;
    dice_seed(&rng, 5);
    bool seen = false;
    for (int step = 0; step < 400 && !seen && !game_over(f->app->game); step++) {
        rules_decision d;
        game_decision(f->app->game, &d);
        rules_command legal[128];
        int n = game_legal(f->app->game, legal, 128), acts = 0;
        for (int i = 0; i < n; i++)
            acts += legal[i].kind == RULES_CMD_ACTIVATE && legal[i].card == d.card;
        if (d.kind == RULES_DECIDE_USE_CARD && !d.figure.id && acts > 1) {
            frame(f);
            ui_driver_panel *dp = ui_table_view_driver(table_screen(f));
            int buttons = 0;
            for (int i = 0; i < ui_driver_panel_button_count(dp); i++) {
                rules_command c;
                float x, y, w, h;
                const char *label = ui_driver_panel_button(dp, i, &c, &x, &y, &w, &h);
                if (c.kind != RULES_CMD_ACTIVATE)
                    continue;
                const figure *who = table_figure_const(game_table(f->app->game), c.figure);
                assert_non_null(who);
                char want[96];
                snprintf(want, sizeof want, "Act: %s", who->name);
                assert_string_equal(label, want);
                buttons++;
            }
            assert_int_equal(buttons, acts);
            shot(f, "named_act_asks.png");
            seen = true;
            break;
        }
        rules_command c;
        if (!bot_choose(f->app->game, BOT_RANDOM, &rng, &c))
            break;
        submit(f, c);
    }
    assert_true(seen);
    close_app(f);
}

/* ---- the turn's rhythm ---------------------------------------------------------------------- */

static bool began_turn(const game *g, int index)
{
    int n = 0;
    const rules_event *ev = game_events(g, index, &n);
    for (int i = 0; ev && i < n; i++)
        if (ev[i].kind == RULES_EV_TURN && ev[i].value > 1)
            return true;
    return false;
}

static int count_rgb(fixture *f, int x0, int y0, int x1, int y1, uint32_t rgb, int tol)
{
    int n = 0;
    for (int y = y0; y < y1; y++)
        for (int x = x0; x < x1; x++)
            n += ui_fixture_rgb_dist2(render_read_pixel(f->ctx, x, y), rgb) <= tol * tol;
    return n;
}

/* The End of Turn card stays face up in the play slot for a moment, a "Turn 2 begins" banner
 * follows, and both are gone once the turn is under way; the top bar says "turn 2 of 8". */
static void test_end_of_turn_shown(void **state)
{
    (void)state;
    fixture *f = open_app("lcr_toledo.json");
    char words[48];
    assert_string_equal(ui_turn_words(f->app->game, words, sizeof words), "turn 1 of 8");
    frame(f);
    /* Play the turn quickly (act on nothing) until the draw that ends it, then take that
     * draw back and make it again with animations on, as a player would see it. */
    bool found = false;
    for (int i = 0; i < 80 && !found; i++) {
        rules_decision d;
        game_decision(f->app->game, &d);
        rules_command_kind k = d.kind == RULES_DECIDE_INTERRUPT  ? RULES_CMD_PASS
                               : d.kind == RULES_DECIDE_USE_CARD ? RULES_CMD_RESERVE_CARD
                               : d.kind == RULES_DECIDE_ACT      ? RULES_CMD_END_ACTIVATION
                                                                 : RULES_CMD_DRAW_CARD;
        submit(f, legal_of(f, k, (figure_id){0}));
        found = k == RULES_CMD_DRAW_CARD && began_turn(f->app->game, game_cursor(f->app->game) - 1);
    }
    assert_true(found);
    assert_true(game_undo(f->app->game));
    f->app->state_version++;
    frame(f);
    frame(f);
    ui_driver_panel *dp = ui_table_view_driver(table_screen(f));
    float px, py, pw, ph;
    assert_true(ui_driver_panel_play_rect(dp, &px, &py, &pw, &ph));
    f->app->settings.anim_speed = 1;
    submit(f, legal_of(f, RULES_CMD_DRAW_CARD, (figure_id){0}));
    assert_true(began_turn(f->app->game, game_cursor(f->app->game) - 1));
    double t0 = f->in.time;
    frame(f);
    f->in.time = t0 + 1.25; /* the animations go by the clock, not by frames */
    frame(f);
    shot(f, "rhythm_end_of_turn.png");
    uint32_t held = render_read_pixel(f->ctx, (int)(px + pw / 2), (int)(py + ph * 0.4f));
    int banner = count_rgb(f, 0, 0, W - 320, H / 2, UI_TURN_BANNER_RGB, 40);
    assert_true(banner > 1500);
    f->in.time = t0 + 8;
    frame(f);
    frame(f);
    shot(f, "rhythm_turn_2.png");
    uint32_t empty = render_read_pixel(f->ctx, (int)(px + pw / 2), (int)(py + ph * 0.4f));
    assert_true(ui_fixture_rgb_dist2(held, empty) >
                40 * 40); /* a card was there; now the slot is bare */
    /* (the table has a few gold-ish pixels of its own) */
    assert_true(count_rgb(f, 0, 0, W - 320, H / 2, UI_TURN_BANNER_RGB, 40) * 4 < banner);
    assert_string_equal(ui_turn_words(f->app->game, words, sizeof words), "turn 2 of 8");
    close_app(f);
}

/* Tab opens the roster: each unit's state in words; a row under the pointer rings the unit. */
static void test_roster(void **state)
{
    (void)state;
    fixture *f = open_app("lcr_toledo.json");
    frame(f);
    const table *t = game_table(f->app->game);
    char words[160];
    ui_roster_unit_state(t, t->units[0].id, words, sizeof words);
    int n = 0;
    for (int i = 0; i < t->figure_count; i++)
        n += t->figures[i].unit.id == t->units[0].id.id;
    char want[64];
    snprintf(want, sizeof want, "%d of %d standing", n, n);
    assert_string_equal(words, want);
    f->in.keys[f->in.key_count++] = UI_KEY_TAB;
    frame(f);
    frame(f);
    ui_roster *r = ui_table_view_roster(table_screen(f));
    assert_true(r->open);
    assert_true(r->row_count == t->unit_count);
    shot(f, "rhythm_roster.png");
    const ui_roster_row *row = &r->rows[r->row_count - 1];
    figure_id member = {0};
    for (int i = 0; i < t->figure_count && !member.id; i++)
        if (t->figures[i].unit.id == row->unit.id)
            member = t->figures[i].id;
    assert_int_equal(ring_pixels(f, member), 0);
    point(f, row->x + 30, row->y + row->h / 2);
    shot(f, "rhythm_roster_hover.png");
    assert_true(ring_pixels(f, member) > 40);
    f->in.keys[f->in.key_count++] = UI_KEY_TAB;
    frame(f);
    assert_false(r->open);
    close_app(f);
}

/* ---- feedback: allocation, movement, tooltips ----------------------------------------------- */

/* While hits are allocated the action panel offers no Fire (nor any figure's action). */
static void test_no_fire_while_allocating(void **state)
{
    (void)state;
    bool seen = false;
    /* Bots play until a volley leaves the firing side figures to pick (fewer hits than figures
     * in the area); a few seeds and scenarios, as the bot's fire and the dice allow. */
    const char *scenarios[] = {"lcr_toledo.json", "lcr_teaching.json", "lcr_lanao_road.json"};
    for (int attempt = 0; attempt < 12 && !seen; attempt++) {
        fixture *f = open_app(scenarios[attempt % 3]);
        dice_rng rng;
        dice_seed(&rng, 3 + (uint64_t)attempt);
        for (int step = 0; step < 500 && !game_over(f->app->game); step++) {
            rules_decision d;
            game_decision(f->app->game, &d);
            if (d.kind == RULES_DECIDE_ALLOCATE_HITS) {
                frame(f);
                frame(f);
                shot(f, "feedback_allocating.png");
                float x, y, w, h;
                ui_action_panel *ap = ui_table_view_actions(table_screen(f));
                assert_false(ui_action_panel_action_rect(ap, RULES_CMD_FIRE, &x, &y, &w, &h));
                assert_false(ui_action_panel_action_rect(ap, RULES_CMD_MOVE, &x, &y, &w, &h));
                seen = true;
                break;
            }
            rules_command c;
            if (!bot_choose(f->app->game, step % 3 ? BOT_GREEDY : BOT_RANDOM, &rng, &c))
                break;
            submit(f, c);
        }
        close_app(f);
    }
    assert_true(seen);
}

static void drag(fixture *f, vec2s from, vec2s to)
{
    f->in.mouse_x = from.x;
    f->in.mouse_y = from.y;
    frame(f);
    f->in.pressed[UI_MOUSE_LEFT] = f->in.down[UI_MOUSE_LEFT] = true;
    frame(f);
    f->in.down[UI_MOUSE_LEFT] = true;
    for (int i = 1; i <= 6; i++) {
        f->in.mouse_x = from.x + (to.x - from.x) * (float)i / 6;
        f->in.mouse_y = from.y + (to.y - from.y) * (float)i / 6;
        f->in.down[UI_MOUSE_LEFT] = true;
        frame(f);
    }
    f->in.down[UI_MOUSE_LEFT] = false;
    f->in.released[UI_MOUSE_LEFT] = true;
    frame(f);
}

/* A move the rules accept but cut short (a wall not climbed, contact): found by trying moves
 * of the active figures and taking each back; false when there is none now. */
static bool find_short_move(fixture *f, figure_id *who, vec2s *dest)
{
    game *g = f->app->game;
    rules_command legal[128];
    int n = game_legal(g, legal, 128);
    for (int i = 0; i < n; i++) {
        if (legal[i].kind != RULES_CMD_MOVE || legal[i].figure_count != 1)
            continue;
        const figure *fig = table_figure_const(game_table(g), legal[i].figures[0]);
        vec2s start = fig->pos;
        for (int a = 0; a < 24; a++) {
            vec2s dir = {{cosf((float)a * 0.2618f), sinf((float)a * 0.2618f)}};
            rules_reach r;
            rules_command mv = legal[i];
            if (!game_reach(g, &mv, dir, &r) || r.max_cm < 4)
                continue;
            mv.path_count = 1;
            mv.path[0] = glms_vec2_add(start, glms_vec2_scale(dir, r.max_cm * 0.95f));
            char why[256];
            if (!game_submit(g, &mv, why, sizeof why))
                continue;
            const figure *after = table_figure_const(game_table(g), mv.figures[0]);
            bool short_ = glms_vec2_distance(after->pos, mv.path[0]) > 0.5f;
            assert_true(game_undo(g));
            if (short_) {
                *who = mv.figures[0];
                *dest = mv.path[0];
                return true;
            }
        }
    }
    return false;
}

/* A move the rules cut short is told as such, with their reason, not as the distance dragged. */
static void test_short_move_told(void **state)
{
    (void)state;
    fixture *f = open_app("lcr_teaching.json");
    frame(f);
    figure_id who = {0};
    vec2s dest;
    bool found = false;
    for (int tries = 0; tries < 12 && !found; tries++) {
        rules_decision d = until_leader_card(f);
        submit(f, legal_of(f, RULES_CMD_ACTIVATE, d.figure));
        found = find_short_move(f, &who, &dest);
        if (!found)
            submit(f, legal_of(f, RULES_CMD_END_ACTIVATION, (figure_id){0}));
    }
    assert_true(found);
    f->app->state_version++;
    frame(f);
    const render_camera *cam = ui_table_view_camera(table_screen(f));
    const figure *fig = table_figure_const(game_table(f->app->game), who);
    vec2s from = render_camera_to_px(cam, fig->pos), to = render_camera_to_px(cam, dest);
    int before = game_cursor(f->app->game);
    drag(f, from, to);
    shot(f, "feedback_short_move.png");
    assert_int_equal(game_cursor(f->app->game), before + 1);
    fprintf(stderr, "toast: %s\n", f->app->toast);
    assert_true(strncmp(f->app->toast, "Stopped after", 13) == 0);
    assert_non_null(strstr(f->app->toast, ": "));
    close_app(f);
}

/* The tooltip drops "weapon: -" and says when a figure that has moved cannot move again. */
static void test_tooltip_words(void **state)
{
    (void)state;
    fixture *f = open_app("tiny_two_brigades.json");
    char lines[6][UI_TOOLS_LINE_MAX];
    const table *t = game_table(f->app->game);
    for (int i = 0; i < t->figure_count; i++) {
        int n = ui_tools_describe(f->app->game, i, RENDER_UNITS_CM, lines, 6);
        for (int k = 0; k < n; k++)
            assert_null(strstr(lines[k], "weapon: -"));
    }
    close_app(f);
    f = open_app("lcr_toledo.json");
    frame(f);
    rules_decision d = until_leader_card(f);
    submit(f, legal_of(f, RULES_CMD_ACTIVATE, d.figure));
    rules_command mv = legal_of(f, RULES_CMD_MOVE, (figure_id){0});
    t = game_table(f->app->game);
    const figure *m = table_figure_const(t, mv.figures[0]);
    bool ok = false;
    for (int a = 0; a < 16 && !ok; a++) { /* a short step somewhere free */
        vec2s dir = geom_dir((float)a * 0.3927f);
        rules_reach r;
        if (!game_reach(f->app->game, &mv, dir, &r) || r.max_cm < 1)
            continue;
        mv.path_count = 1;
        mv.path[0] = glms_vec2_add(m->pos, glms_vec2_scale(dir, fminf(2.0f, r.max_cm * 0.5f)));
        char why[256];
        ok = game_validate(f->app->game, &mv, why, sizeof why);
    }
    assert_true(ok);
    int idx = (int)(m - t->figures);
    int n = ui_tools_describe(f->app->game, idx, RENDER_UNITS_CM, lines, 6);
    for (int k = 0; k < n; k++)
        assert_null(strstr(lines[k], "cannot move now"));
    submit(f, mv);
    n = ui_tools_describe(f->app->game, idx, RENDER_UNITS_CM, lines, 6);
    bool told = false;
    for (int k = 0; k < n; k++)
        told = told || strstr(lines[k], "cannot move now") != NULL;
    assert_true(told);
    close_app(f);
}

/* ---- layout ------------------------------------------------------------------------------- */

/* At 900 x 600 the panels fit the window and are opaque; reserving a card does not move the
 * orders; the table is refitted when the window changes size. */
static void test_layout_small_window(void **state)
{
    (void)state;
    const int w = 900, h = 600;
    fixture *f = open_app_sized("lcr_toledo.json", w, h);
    frame(f);

    rules_decision d = until_leader_card(f);
    (void)d;
    frame(f);
    frame(f);
    shot(f, "layout_900.png");
    ui_action_panel *ap = ui_table_view_actions(table_screen(f));
    float x, y, bw, bh;
    ui_actions orders;
    ui_actions_collect(f->app->game, &orders);
    assert_true(orders.count >= 2);
    assert_true(ui_action_panel_order_rect(ap, orders.count - 1, &x, &y, &bw, &bh));
    assert_true(y + bh <= (float)h); /* the last order is on screen */
    float first_y;
    assert_true(ui_action_panel_order_rect(ap, 0, &x, &first_y, &bw, &bh));
    /* Opaque: the panel's own colour just inside its edge, whatever the table under it. */
    assert_int_equal(render_read_pixel(f->ctx, (int)x - 6, (int)first_y + 3) & 0xffffff, 0x101418);
    submit(f, legal_of(f, RULES_CMD_RESERVE_CARD, (figure_id){0}));
    frame(f);
    frame(f);
    shot(f, "layout_900_reserved.png");
    float after_y;
    assert_true(ui_action_panel_order_rect(ap, 0, &x, &after_y, &bw, &bh));
    assert_true(fabsf(after_y - first_y) < 0.5f);
    /* The window grows: the table is fitted again (its far corner moves right). */
    const table *t = game_table(f->app->game);
    vec2s c0 = render_camera_to_px(ui_table_view_camera(table_screen(f)),
                                   (vec2s){{t->width_cm, t->height_cm}});
    render_destroy(f->ctx);
    char err[256], art[512];
    f->ctx = render_create_offscreen(
        1280, 800, &(render_desc){.art_dir = render_find_art_dir(art, sizeof art)}, err,
        sizeof err);
    assert_non_null(f->ctx);
    f->app->ctx = f->ctx;
    f->in.view_w = 1280;
    f->in.view_h = 800;
    frame(f);
    frame(f);
    vec2s c1 = render_camera_to_px(ui_table_view_camera(table_screen(f)),
                                   (vec2s){{t->width_cm, t->height_cm}});
    assert_true(c1.x > c0.x + 100 && c1.y > c0.y + 50);
    close_app(f);
}

/* A settled dice tray folds to its title line after a while; a click opens it again. */
static void test_tray_folds(void **state)
{
    (void)state;
    rules_event ev[3] = {0};
    for (int i = 0; i < 3; i++)
        ev[i] = (rules_event){.kind = RULES_EV_DIE,
                              .sides = 6,
                              .value = 2 + i,
                              .need = 4,
                              .success = 2 + i >= 4,
                              .group = 1};
    ui_dice_tray tray;
    memset(&tray, 0, sizeof tray);
    assert_int_equal(ui_dice_tray_show(&tray, ev, 3, "Spanish fire", NULL, 0, 0), 1);
    char err[256];
    render_ctx *ctx = render_create_offscreen(400, 400, &(render_desc){0}, err, sizeof err);
    assert_non_null(ctx);
    ui_dice_tray_tick(&tray, 1);
    float open = ui_dice_tray_draw(&tray, ctx, 1, 0, 400, 300, 300);
    ui_dice_tray_tick(&tray, 1 + UI_DICE_TRAY_LINGER_S + 0.1);
    float folded = ui_dice_tray_draw(&tray, ctx, 2 + UI_DICE_TRAY_LINGER_S, 0, 400, 300, 300);
    assert_true(tray.collapsed);
    assert_true(folded < open / 2 && folded > 0);
    assert_true(ui_dice_tray_click(&tray, 20, 400 - folded / 2));
    assert_false(tray.collapsed);
    ui_dice_tray_tick(&tray, 100);
    assert_false(tray.collapsed); /* opened by hand: it stays */
    render_destroy(ctx);
}

/* ---- hot-seat ----------------------------------------------------------------------------- */

/* A cover for a side that is then handed to the bot goes at once (none stale, none doubled),
 * also when the hand-over is made from the pause menu over it. */
static void test_cover_lifts_when_side_goes_to_bot(void **state)
{
    (void)state;
    fixture *f = open_app("lcr_toledo.json");
    ui_app *app = f->app;
    rules_decision d;
    game_decision(app->game, &d);
    app->viewer = d.side; /* the drawer's player has the screen */
    side_id other = {d.side.id == 1 ? 2u : 1u};
    for (int i = 0; i < 30; i++) { /* until the other side decides */
        game_decision(app->game, &d);
        if (d.side.id == other.id)
            break;
        rules_command_kind k = d.kind == RULES_DECIDE_USE_CARD    ? RULES_CMD_RESERVE_CARD
                               : d.kind == RULES_DECIDE_ACT       ? RULES_CMD_END_ACTIVATION
                               : d.kind == RULES_DECIDE_INTERRUPT ? RULES_CMD_PASS
                                                                  : RULES_CMD_DRAW_CARD;
        submit(f, legal_of(f, k, (figure_id){0}));
    }
    assert_int_equal(d.side.id, other.id);
    ui_app_follow_cover(app);
    assert_true(ui_app_cover_showing(app));
    app->controller[other.id] = UI_CONTROLLER_BOT;
    ui_app_follow_cover(app);
    assert_false(ui_app_cover_showing(app));
    assert_int_equal(app->depth, 1);

    /* The same from the pause menu opened over the cover. */
    app->controller[other.id] = UI_CONTROLLER_HUMAN;
    ui_app_follow_cover(app);
    assert_true(ui_app_cover_showing(app));
    ui_app_show(app, UI_SCREEN_PAUSE, NULL);
    app->controller[other.id] = UI_CONTROLLER_BOT;
    ui_app_follow_cover(app);
    ui_app_pop(app); /* the menu closes */
    ui_app_follow_cover(app);
    assert_false(ui_app_cover_showing(app));
    assert_int_equal(app->depth, 1);
    close_app(f);
}

/* An all-round arc is a disc cut to the table: no radial seam, nothing drawn off the table. */
static void test_round_arc(void **state)
{
    (void)state;
    char err[256];
    render_ctx *ctx = render_create_offscreen(400, 300, &(render_desc){0}, err, sizeof err);
    assert_non_null(ctx);
    render_camera cam;
    render_camera_resize(&cam, 400, 300);
    render_camera_fit(&cam, 100, 60, 40, true); /* table 0..100 x 0..60 cm */
    render_begin(ctx);
    uint32_t bg = render_read_pixel(ctx, 2, 2);
    vec2s c = {{90, 30}};
    ui_overlay_round_arc(ctx, &cam, c, 25, 100, 60, 0xff0000);
    vec2s east = render_camera_to_px(&cam, (vec2s){{c.x + 5, c.y}});
    vec2s south = render_camera_to_px(&cam, (vec2s){{c.x, c.y + 12}});
    vec2s west = render_camera_to_px(&cam, (vec2s){{c.x - 12, c.y}});
    /* Where a 360-degree sector draws its seam (east of the centre), the fill is as elsewhere. */
    assert_int_equal(render_read_pixel(ctx, (int)east.x, (int)east.y),
                     render_read_pixel(ctx, (int)west.x, (int)west.y));
    assert_int_equal(render_read_pixel(ctx, (int)south.x, (int)south.y),
                     render_read_pixel(ctx, (int)west.x, (int)west.y));
    assert_int_not_equal(render_read_pixel(ctx, (int)west.x, (int)west.y), bg);
    /* Off the table's east edge (x > 100 cm) nothing is drawn. */
    vec2s off = render_camera_to_px(&cam, (vec2s){{105, 30}});
    for (int x = (int)off.x; x < (int)off.x + 20 && x < 400; x++)
        assert_int_equal(render_read_pixel(ctx, x, (int)off.y), bg);
    render_destroy(ctx);
}

/* The load menu names a save by its scenario's title and time, not its file name. */
static void test_load_menu_words(void **state)
{
    (void)state;
    fixture *f = open_app("lcr_toledo.json");
    frame(f);
    submit(f, legal_of(f, RULES_CMD_DRAW_CARD, (figure_id){0}));
    char path[1200], words[160];
    snprintf(path, sizeof path, "%s/pxb-save.json", f->dir);
    game_error err;
    assert_true(game_save(f->app->game, path, &err));
    ui_load_menu_words(path, "save-20261201-210000.json", words, sizeof words);
    const scenario *s = game_scenario(f->app->game);
    assert_non_null(strstr(words, s->title));
    assert_null(strstr(words, ".json"));
    ui_load_menu_words("/nonexistent/x.json", "save-x.json", words, sizeof words);
    assert_string_equal(words, "save-x.json"); /* unreadable: the name is all there is */
    close_app(f);
}

int main(int argc, char **argv)
{
    if (argc > 1)
        artifacts = argv[1];
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_labels_never_number_cards),
        cmocka_unit_test(test_order_rings_leader_and_his_figures),
        cmocka_unit_test(test_log_entry_rings_and_pans),
        cmocka_unit_test(test_panel_follows_actor),
        cmocka_unit_test(test_act_asks_when_several_may),
        cmocka_unit_test(test_end_of_turn_shown),
        cmocka_unit_test(test_roster),
        cmocka_unit_test(test_no_fire_while_allocating),
        cmocka_unit_test(test_short_move_told),
        cmocka_unit_test(test_tooltip_words),
        cmocka_unit_test(test_layout_small_window),
        cmocka_unit_test(test_tray_folds),
        cmocka_unit_test(test_cover_lifts_when_side_goes_to_bot),
        cmocka_unit_test(test_round_arc),
        cmocka_unit_test(test_load_menu_words),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
