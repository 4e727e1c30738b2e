/* Concealment on screen (the engine's per-side visibility, game_visible, filled in by Colonial
 * Wargames Rules for the natives of scenarios/cwr_ambush.json hidden in the bush), offscreen
 * through ui_app_frame: the British player (the Zulus played by the bot) sees no pixel of a
 * concealed regiment, hovering where it stands rings nothing and shows no tooltip (the frame is
 * unchanged, while hovering a seen Zulu changes it), the roster and the unit list do not list
 * it, and neither the event log nor the dice tray's command tells its activation; the Zulu
 * player and a spectator see all of it. The same holds across two desktops: the table of a
 * network match is drawn for the local player's side (ui/net_play.h). */
#include "render/render.h"
#include "ui/app.h"
#include "ui/cover.h"
#include "ui/event_log.h"
#include "ui/app_net.h"
#include "ui/roster.h"
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
    side_id british, zulu;
    unit_id hidden; /* a concealed regiment */
    figure_id hidden_fig, seen_fig;
} rig;

static const figure *fig(const rig *r, figure_id id)
{
    return table_figure_const(game_table(r->h.app->game), id);
}

static side_id side_named(const table *t, const char *name)
{
    for (int i = 0; i < t->side_count; i++)
        if (strcmp(t->sides[i].name, name) == 0)
            return t->sides[i].id;
    fail_msg("no side %s", name);
    return (side_id){0};
}

static unit_id unit_named(const table *t, const char *name)
{
    for (int i = 0; i < t->unit_count; i++)
        if (strcmp(t->units[i].name, name) == 0)
            return t->units[i].id;
    fail_msg("no unit %s", name);
    return (unit_id){0};
}

static figure_id first_of(const table *t, unit_id u)
{
    for (int i = 0; i < t->figure_count; i++)
        if (t->figures[i].unit.id == u.id && table_figure_active(&t->figures[i]))
            return t->figures[i].id;
    fail_msg("unit %u has no figure", u.id);
    return (figure_id){0};
}

/* A quiet command for whoever decides: activate the concealed regiment (or any unit), then
 * skip every step (nobody fires or moves into sight). */
static bool zulu_quiet(const game *g, unit_id hidden, rules_command *out)
{
    rules_command c[256];
    int n = game_legal(g, c, 256), best = -1, score = 0;
    for (int i = 0; i < n; i++) {
        int s = c[i].kind == RULES_CMD_ACTIVATE && c[i].unit.id == hidden.id ? 5
                : c[i].kind == RULES_CMD_END_ACTIVATION                      ? 4
                : c[i].kind == RULES_CMD_PASS                                ? 3
                : c[i].kind == RULES_CMD_CHOOSE                              ? 2
                : c[i].kind == RULES_CMD_ACTIVATE                            ? 1
                                                                             : 0;
        if (s > score) {
            score = s;
            best = i;
        }
    }
    if (best >= 0)
        *out = c[best];
    return best >= 0;
}

static int setup(void **state)
{
    rig *r = calloc(1, sizeof *r);
    if (!ui_fixture_hand_open(&r->h, "scenarios/cwr_ambush.json", "conceal", VIEW_W, VIEW_H))
        return -1;
    const table *t = game_table(r->h.app->game);
    r->british = side_named(t, "British");
    r->zulu = side_named(t, "Zulu");
    r->hidden = unit_named(t, "uMbonambi");
    r->hidden_fig = first_of(t, r->hidden);
    r->seen_fig = first_of(t, unit_named(t, "Godide"));
    *state = r;
    return 0;
}

/* Both sides act quietly (driven here, at the engine) until the Zulus have activated the
 * concealed regiment and the British decide; returns the log index of that activation. */
static int play_to_british(rig *r)
{
    game *g = r->h.app->game;
    int activation = -1;
    for (int k = 0; k < 200; k++) {
        rules_decision d;
        game_decision(g, &d);
        if (d.side.id == r->british.id && activation >= 0)
            break;
        rules_command c;
        char why[256];
        assert_true(zulu_quiet(g, r->hidden, &c));
        if (c.kind == RULES_CMD_ACTIVATE && c.unit.id == r->hidden.id)
            activation = game_cursor(g);
        assert_true(game_submit(g, &c, why, sizeof why));
    }
    rules_decision d;
    game_decision(g, &d);
    assert_int_equal(d.side.id, r->british.id);
    r->h.app->state_version++;
    return activation;
}

static void test_engine_visibility(void **state)
{
    rig *r = *state;
    const game *g = r->h.app->game;
    side_id nobody = {0};
    assert_false(game_visible(g, r->british, r->hidden_fig));
    assert_true(game_visible(g, r->zulu, r->hidden_fig));
    assert_true(game_visible(g, nobody, r->hidden_fig));
    assert_true(game_visible(g, r->british, r->seen_fig));
    rules_event ev = {.kind = RULES_EV_NOTE, .unit = r->hidden};
    assert_false(game_event_visible(g, r->british, &ev));
    assert_true(game_event_visible(g, r->zulu, &ev));
    ev = (rules_event){.kind = RULES_EV_DIE, .sides = 6, .value = 3};
    assert_true(game_event_visible(g, r->british, &ev)); /* names nobody */
    /* the unit list of the turn driver: the regiment is listed to its own side only */
    rules_driver_item it[64];
    bool listed[2] = {false, false};
    side_id viewers[2] = {r->british, r->zulu};
    for (int v = 0; v < 2; v++) {
        int n = game_driver(g, viewers[v], it, 64);
        for (int i = 0; i < n; i++)
            listed[v] |= it[i].kind == RULES_DRIVER_UNIT && it[i].figure.id == r->hidden_fig.id;
    }
    assert_false(listed[0]);
    assert_true(listed[1]);
}

/* The pixels of a square of half-side h around p, into out. */
static void grab(rig *r, vec2s p, int h, uint32_t *out)
{
    int n = 0;
    for (int y = (int)p.y - h; y <= (int)p.y + h; y++)
        for (int x = (int)p.x - h; x <= (int)p.x + h; x++)
            out[n++] = x >= 0 && y >= 0 && x < VIEW_W && y < VIEW_H
                           ? render_read_pixel(r->h.ctx, x, y)
                           : 0;
}

static int differ(const uint32_t *a, const uint32_t *b, int n)
{
    int d = 0;
    for (int i = 0; i < n; i++)
        d += a[i] != b[i];
    return d;
}

static int count_side(rig *r, vec2s p, int h, uint32_t rgb)
{
    int n = 0;
    for (int y = (int)p.y - h; y <= (int)p.y + h; y++)
        for (int x = (int)p.x - h; x <= (int)p.x + h; x++)
            if (x >= 0 && y >= 0 && x < VIEW_W && y < VIEW_H) {
                uint32_t c = render_read_pixel(r->h.ctx, x, y);
                int dr = (int)(c >> 16 & 0xff) - (int)(rgb >> 16 & 0xff);
                int dg = (int)(c >> 8 & 0xff) - (int)(rgb >> 8 & 0xff);
                int db = (int)(c & 0xff) - (int)(rgb & 0xff);
                n += abs(dr) < 24 && abs(dg) < 24 && abs(db) < 24;
            }
    return n;
}

#define BOX   60
#define BOX_N ((2 * BOX + 1) * (2 * BOX + 1))

/* How much of the frame around figure `f` the pointer on it changes (a ring, a tooltip). */
static int hover_change(rig *r, const render_camera *cam, figure_id f)
{
    static uint32_t before[BOX_N], after[BOX_N];
    vec2s p = render_camera_to_px(cam, fig(r, f)->pos);
    ui_fixture_mouse(&r->h, 5, VIEW_H / 2.0f); /* away, over the table's edge */
    for (int i = 0; i < 30; i++)
        ui_fixture_frame(&r->h);
    grab(r, p, BOX, before);
    ui_fixture_mouse(&r->h, p.x, p.y);
    for (int i = 0; i < 30; i++) /* 1.5 s: past the tooltip's delay */
        ui_fixture_frame(&r->h);
    grab(r, p, BOX, after);
    return differ(before, after, BOX_N);
}

static void test_british_screen(void **state)
{
    rig *r = *state;
    ui_app *app = r->h.app;
    app->controller[r->zulu.id] = UI_CONTROLLER_BOT;
    int activation = play_to_british(r);
    assert_true(activation >= 0);
    assert_false(game_visible(app->game, r->british, r->hidden_fig)); /* still concealed */
    for (int i = 0; i < 20; i++)
        ui_fixture_frame(&r->h);
    assert_int_equal(app->viewer.id, r->british.id); /* solo: the human side's eyes */
    const render_camera *cam = ui_table_view_camera(app->stack[app->depth - 1]);
    assert_non_null(cam);
    /* not a pixel of the regiment's colour where it stands; the seen Zulu leader is drawn */
    uint32_t zulu_rgb = render_side_rgb(game_table(app->game), r->zulu);
    const table *t = game_table(app->game);
    float rpx = render_figure_radius_px(cam, fig(r, r->hidden_fig));
    for (int i = 0; i < t->figure_count; i++)
        if (t->figures[i].unit.id == r->hidden.id && table_figure_active(&t->figures[i]))
            assert_int_equal(
                count_side(r, render_camera_to_px(cam, t->figures[i].pos), (int)rpx, zulu_rgb), 0);
    assert_true(count_side(r, render_camera_to_px(cam, fig(r, r->seen_fig)->pos),
                           (int)render_figure_radius_px(cam, fig(r, r->seen_fig)), zulu_rgb) > 0);
    /* hovering where it stands shows nothing; hovering the seen leader does */
    assert_int_equal(hover_change(r, cam, r->hidden_fig), 0);
    assert_true(hover_change(r, cam, r->seen_fig) > 50);
    /* the roster lists it to the Zulus only */
    ui_roster ro = {.open = true};
    side_id viewers[3] = {r->british, r->zulu, {0}};
    bool listed[3] = {false, false, false};
    for (int v = 0; v < 3; v++) {
        app->viewer = viewers[v];
        render_begin(r->h.ctx);
        ui_roster_draw(&ro, ui_app_view(app), r->h.ctx, 0, VIEW_W);
        for (int i = 0; i < ro.row_count; i++)
            listed[v] |= ro.rows[i].unit.id == r->hidden.id;
    }
    assert_false(listed[0]);
    assert_true(listed[1]);
    assert_true(listed[2]);
    /* the log tells its activation to the Zulus and a spectator, not to the British */
    ui_event_log log;
    ui_event_log_init(&log);
    int keys[512];
    for (int v = 0; v < 3; v++) {
        log.viewer = viewers[v];
        int n = ui_event_log_entries(&log, app->game, keys, 512);
        bool told = false;
        for (int i = 0; i < n; i++)
            told |= keys[i] == activation;
        assert_true(told == (v != 0));
        assert_true(game_command_visible(app->game, viewers[v], activation) == (v != 0));
    }
    app->viewer = r->british;
    ui_fixture_frame(&r->h);
}

static void no_send(void *user, int peer, const void *data, size_t len)
{
    (void)user, (void)peer, (void)data, (void)len;
}

/* A network match hosted by the British player: the screen is the British player's, whoever
 * decides, and the concealed regiment is not drawn; hosted by the Zulu player, it is. */
static void test_network_screen(void **state)
{
    rig *r = *state;
    ui_app *app = r->h.app;
    play_to_british(r);
    uint32_t zulu_rgb = render_side_rgb(game_table(app->game), r->zulu);
    const table *t = game_table(app->game);
    side_id hosts[2] = {r->british, r->zulu};
    for (int k = 0; k < 2; k++) {
        net_session *s = net_session_create(&(net_session_desc){
            .host = true, .game = app->game, .side = hosts[k].id, .send = no_send});
        assert_non_null(s);
        ui_app_net_attach(app, s, NULL, true, 47200);
        ui_app_pop(app); /* the lobby: nobody joins here */
        app->viewer = (side_id){0};
        for (int i = 0; i < 20; i++)
            ui_fixture_frame(&r->h);
        assert_int_equal(app->viewer.id, hosts[k].id);
        assert_int_equal(app->controller[hosts[1 - k].id], UI_CONTROLLER_REMOTE);
        const render_camera *cam = ui_table_view_camera(app->stack[app->depth - 1]);
        assert_non_null(cam);
        float rpx = render_figure_radius_px(cam, fig(r, r->hidden_fig));
        int hidden_px = 0;
        for (int i = 0; i < t->figure_count; i++)
            if (t->figures[i].unit.id == r->hidden.id && table_figure_active(&t->figures[i]))
                hidden_px +=
                    count_side(r, render_camera_to_px(cam, t->figures[i].pos), (int)rpx, zulu_rgb);
        assert_true(k == 0 ? hidden_px == 0 : hidden_px > 0);
        assert_true(count_side(r, render_camera_to_px(cam, fig(r, r->seen_fig)->pos),
                               (int)render_figure_radius_px(cam, fig(r, r->seen_fig)),
                               zulu_rgb) > 0);
        ui_app_net_detach(app);
    }
}

/* It stays unseen to the British until the command that reveals it (it fires, charges or is
 * spotted), and is seen from then on. */
static void test_reveal(void **state)
{
    rig *r = *state;
    game *g = r->h.app->game;
    int revealed_at = -1, secret[64], secrets = 0;
    for (int k = 0; k < 2000 && !game_over(g) && revealed_at < 0; k++) {
        assert_false(game_visible(g, r->british, r->hidden_fig));
        /* what the regiment did out of sight, as the British were (not) told it then */
        int last = game_cursor(g) - 1;
        const rules_command *lc = game_command_at(g, last);
        if (lc && lc->unit.id == r->hidden.id && secrets < 64) {
            assert_false(game_command_visible(g, r->british, last));
            secret[secrets++] = last;
        }
        rules_command c[256];
        int n = game_legal(g, c, 256), pick = 0;
        for (int i = 0; i < n; i++) /* the regiment's fire and charges first */
            if ((c[i].kind == RULES_CMD_FIRE || c[i].kind == RULES_CMD_CHARGE) &&
                c[i].unit.id == r->hidden.id)
                pick = i;
        char why[256];
        assert_true(game_submit(g, &c[pick], why, sizeof why));
        int ne = 0;
        const rules_event *ev = game_events(g, game_cursor(g) - 1, &ne);
        for (int i = 0; i < ne; i++)
            if (ev[i].unit.id == r->hidden.id && strcmp(ev[i].tag, "reveal") == 0)
                revealed_at = game_cursor(g) - 1;
    }
    assert_true(revealed_at >= 0);
    assert_true(game_visible(g, r->british, r->hidden_fig));
    assert_true(game_command_visible(g, r->british, revealed_at));
    assert_false(game_over(g));
    /* Seen now, but what it did while hidden stays untold: the visibility of a command and of
     * each of its events is fixed when it happened (the seed: concealed "until it opens
     * fire"), through an undo to the start and a redo of the whole log too. */
    assert_true(secrets > 0);
    for (int pass = 0; pass < 2; pass++) {
        ui_event_log log;
        ui_event_log_init(&log);
        log.viewer = r->british;
        int keys[4096];
        int nk = ui_event_log_entries(&log, g, keys, 4096);
        for (int s = 0; s < secrets; s++) {
            int i = secret[s];
            assert_false(game_command_visible(g, r->british, i));
            assert_true(game_command_visible(g, r->zulu, i));
            int ne = 0;
            const rules_event *ev = game_events(g, i, &ne);
            for (int k = 0; k < ne; k++)
                if (ev[k].unit.id == r->hidden.id)
                    assert_false(game_event_visible(g, r->british, &ev[k]));
            for (int k = 0; k < nk; k++)
                assert_int_not_equal(keys[k], i);
        }
        int end = game_log_count(g);
        assert_true(game_goto(g, 0));
        assert_true(game_goto(g, end));
    }
}

/* Hot-seat: the screen goes to `side` (the cover lifted with a space once it lets go). */
static void take_screen(rig *r, side_id who)
{
    ui_app *app = r->h.app;
    app->state_version++;
    for (int i = 0; i < 400 && (app->viewer.id != who.id || ui_app_cover_showing(app)); i++) {
        if (ui_app_cover_showing(app))
            r->h.in.keys[r->h.in.key_count++] = ' ';
        ui_fixture_frame(&r->h);
    }
    assert_int_equal(app->viewer.id, who.id);
    assert_false(ui_app_cover_showing(app));
    for (int i = 0; i < 10; i++)
        ui_fixture_frame(&r->h);
}

/* Quiet commands (zulu_quiet) at the engine until `side` decides. */
static void quiet_until(rig *r, side_id who)
{
    game *g = r->h.app->game;
    for (int k = 0; k < 200; k++) {
        rules_decision d;
        game_decision(g, &d);
        if (d.side.id == who.id)
            return;
        rules_command c;
        char why[256];
        assert_true(zulu_quiet(g, r->hidden, &c));
        assert_true(game_submit(g, &c, why, sizeof why));
    }
    fail_msg("side %u never decides", who.id);
}

#define SEG_N 40

/* The pixels along the middle of the segment a-b (20% to 80%). */
static void grab_segment(rig *r, vec2s a, vec2s b, uint32_t *out)
{
    for (int i = 0; i < SEG_N; i++) {
        float k = 0.2f + 0.6f * (float)i / (SEG_N - 1);
        int x = (int)(a.x + k * (b.x - a.x)), y = (int)(a.y + k * (b.y - a.y));
        out[i] = render_read_pixel(r->h.ctx, x, y);
    }
}

/* The line-of-sight tool in hot-seat: the Zulu player draws a line from his concealed
 * regiment; when the screen passes to the British, that line (which would show where the
 * regiment stands) is gone, the frame as if the tool had just been picked up. */
static void test_los_tool_hot_seat(void **state)
{
    rig *r = *state;
    ui_app *app = r->h.app;
    app->controller[r->zulu.id] = UI_CONTROLLER_HUMAN;
    app->controller[r->british.id] = UI_CONTROLLER_HUMAN;
    quiet_until(r, r->zulu);
    take_screen(r, r->zulu);
    const render_camera *cam = ui_table_view_camera(app->stack[app->depth - 1]);
    assert_non_null(cam);
    vec2s from = render_camera_to_px(cam, fig(r, r->hidden_fig)->pos);
    vec2s to = {{VIEW_W * 0.5f, VIEW_H * 0.5f}};
    if (fabsf(to.x - from.x) + fabsf(to.y - from.y) < 200)
        to.y = from.y > VIEW_H * 0.5f ? VIEW_H * 0.2f : VIEW_H * 0.8f;
    uint32_t before[SEG_N], drawn[SEG_N], handed[SEG_N], fresh[SEG_N];
    r->h.in.keys[r->h.in.key_count++] = 'l';
    ui_fixture_mouse(&r->h, to.x, to.y);
    for (int i = 0; i < 10; i++)
        ui_fixture_frame(&r->h);
    grab_segment(r, from, to, before);
    /* press on the regiment, point away: the Zulu sees his line */
    ui_fixture_mouse(&r->h, from.x, from.y);
    r->h.in.down[UI_MOUSE_LEFT] = r->h.in.pressed[UI_MOUSE_LEFT] = true;
    r->h.in.clicks[UI_MOUSE_LEFT] = 1;
    ui_fixture_frame(&r->h);
    r->h.in.down[UI_MOUSE_LEFT] = false;
    r->h.in.released[UI_MOUSE_LEFT] = true;
    ui_fixture_frame(&r->h);
    ui_fixture_mouse(&r->h, to.x, to.y);
    for (int i = 0; i < 10; i++)
        ui_fixture_frame(&r->h);
    grab_segment(r, from, to, drawn);
    if (getenv("CONCEAL_SHOT")) {
        char e[128];
        render_write_png(r->h.ctx, getenv("CONCEAL_SHOT"), e, sizeof e);
        fprintf(stderr, "from %g,%g to %g,%g differ %d\n", (double)from.x, (double)from.y,
                (double)to.x, (double)to.y, differ(before, drawn, SEG_N));
    }
    assert_true(differ(before, drawn, SEG_N) > SEG_N / 8); /* a dashed line: blocked by the bush */
    /* the Zulus act out of sight; the British take the screen */
    quiet_until(r, r->british);
    assert_false(game_visible(app->game, r->british, r->hidden_fig));
    take_screen(r, r->british);
    ui_fixture_mouse(&r->h, to.x, to.y);
    for (int i = 0; i < 10; i++)
        ui_fixture_frame(&r->h);
    grab_segment(r, from, to, handed);
    r->h.in.keys[r->h.in.key_count++] = 'l'; /* the tool picked up afresh: no line yet */
    for (int i = 0; i < 10; i++)
        ui_fixture_frame(&r->h);
    grab_segment(r, from, to, fresh);
    assert_int_equal(differ(handed, fresh, SEG_N), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_engine_visibility, setup, ui_fixture_hand_teardown),
        cmocka_unit_test_setup_teardown(test_british_screen, setup, ui_fixture_hand_teardown),
        cmocka_unit_test_setup_teardown(test_reveal, setup, ui_fixture_hand_teardown),
        cmocka_unit_test_setup_teardown(test_los_tool_hot_seat, setup, ui_fixture_hand_teardown),
        cmocka_unit_test_setup_teardown(test_network_screen, setup, ui_fixture_hand_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
