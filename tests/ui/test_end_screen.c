/* The end screen and the replay viewer, frame by frame through ui_app_frame on an offscreen
 * renderer. For every shipped scenario (every rule set): a bot match played to its end brings
 * up the end screen, whose summary says who won and why in the rule set's words, the turns,
 * the losses (checked against the REMOVE events) and the deciding moments; it is drawn and
 * checked by pixels at 1280x800 and 900x600 (every button inside the window). "Watch the
 * replay" steps the whole game forward and back with the state hash at every step equal to the
 * one the save recorded; the turn buttons jump to the turn's start; play advances at its pace;
 * Rematch starts the scenario again. */
#include "core/config.h"
#include "ui/end_screen.h"
#include "ui/replay_view.h"

#include "game/bot.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <dirent.h>
#include <inttypes.h>
#include <jansson.h>

static const char *artifacts_dir;

typedef struct fx {
    render_ctx *big, *small;
    ui_input in;
    char data[256];
} fx;

static int setup(void **state)
{
    fx *f = calloc(1, sizeof *f);
    snprintf(f->data, sizeof f->data, SANDTABLE_TEST_TMP "/sandtable-end-XXXXXX");
    assert_non_null(mkdtemp(f->data));
    char cfg_data[1100]; /* what the front end makes of $XDG_DATA_HOME */
    snprintf(cfg_data, sizeof cfg_data, "%s/sandtable", f->data);
    config_set(&(config_desc){.data_dir = cfg_data});
    char err[256];
    f->big = render_create_offscreen(1280, 800, &(render_desc){0}, err, sizeof err);
    f->small = render_create_offscreen(900, 600, &(render_desc){0}, err, sizeof err);
    assert_non_null(f->big);
    assert_non_null(f->small);
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fx *f = *state;
    render_destroy(f->big);
    render_destroy(f->small);
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", f->data);
    assert_int_equal(system(cmd), 0);
    free(f);
    return 0;
}

static void frame(fx *f, ui_app *app, render_ctx *ctx, double dt)
{
    f->in.time += dt;
    f->in.dt = (float)dt;
    render_output_size(ctx, &f->in.view_w, &f->in.view_h);
    f->in.ui_scale = 1;
    ui_app_frame(app, &f->in, ctx);
    ui_input_next_frame(&f->in);
}

static void key(fx *f, ui_app *app, render_ctx *ctx, int k)
{
    f->in.keys[0] = k;
    f->in.key_count = 1;
    frame(f, app, ctx, 0.02);
}

static void click(fx *f, ui_app *app, render_ctx *ctx, float x, float y)
{
    f->in.mouse_x = x;
    f->in.mouse_y = y;
    f->in.pressed[UI_MOUSE_LEFT] = f->in.down[UI_MOUSE_LEFT] = true;
    f->in.clicks[UI_MOUSE_LEFT] = 1;
    frame(f, app, ctx, 0.02);
    f->in.down[UI_MOUSE_LEFT] = false;
}

static ui_screen *top(const ui_app *app)
{
    return app->depth ? app->stack[app->depth - 1] : NULL;
}

static const char *top_name(const ui_app *app)
{
    return top(app) ? top(app)->name : "";
}

static ui_app *open_app(const char *path)
{
    char err[512];
    ui_app *app = ui_app_create(&(ui_app_desc){.scenario_path = path}, err, sizeof err);
    if (!app)
        fail_msg("%s", err);
    app->settings.anim_speed = 0; /* no animations to wait for */
    return app;
}

/* Bots play the match to its end straight through the engine; the next frame notices. */
static void play_to_the_end(ui_app *app, uint64_t seed)
{
    bot_scratch *b = bot_scratch_create();
    dice_rng rng;
    dice_seed(&rng, seed);
    rules_command c;
    game_autosave_stop(app->game); /* the app saves on close; one save, not one per command */
    for (int n = 0; n < 5000 && bot_pick(b, app->game, BOT_GREEDY, &rng, &c); n++)
        assert_true(game_submit(app->game, &c, NULL, 0));
    bot_scratch_destroy(b);
    app->state_version++;
}

/* Pixels that differ from `bg` in a box: something is written there. */
static int inked(render_ctx *ctx, int x0, int y0, int x1, int y1, uint32_t bg)
{
    int n = 0;
    for (int y = y0; y < y1; y += 2)
        for (int x = x0; x < x1; x += 2)
            n += render_read_pixel(ctx, x, y) != bg;
    return n;
}

static void save_png(render_ctx *ctx, const char *name)
{
    char path[1200], err[256];
    snprintf(path, sizeof path, "%s/%s", artifacts_dir, name);
    assert_int_equal(render_write_png(ctx, path, err, sizeof err), 0);
}

/* The end screen as drawn: the panel, the winner's band, the headline, every button inside. */
static void check_drawn(fx *f, ui_app *app, render_ctx *ctx, const char *png)
{
    frame(f, app, ctx, 0.02);
    int w, h;
    render_output_size(ctx, &w, &h);
    float pw = w - 24 < 760 ? w - 24 : 760, ph = h - 24 < 540 ? h - 24 : 540;
    int px = (int)((w - pw) / 2), py = (int)((h - ph) / 2);
    ui_end_summary sum;
    ui_end_summarise(app->game, &sum);
    uint32_t band = render_read_pixel(ctx, px + 40, py + 2);
    if (sum.winner.id)
        assert_int_equal(band, render_side_rgb(game_table(app->game), sum.winner));
    /* the headline and the reason are written */
    assert_true(inked(ctx, px + 20, py + 20, px + 320, py + 80, 0x141a22) > 40);
    const char *names[] = {"rematch", "new", "watch", "back"};
    for (int i = 0; i < 4; i++) {
        float bx, by;
        assert_true(ui_end_screen_button(top(app), names[i], &bx, &by));
        assert_true(bx > 0 && bx < w && by > 0 && by < h);
        assert_true(render_read_pixel(ctx, (int)bx, (int)by - 12) != 0x141a22);
    }
    save_png(ctx, png);
}

static int count_removed(const game *g, side_id sd)
{
    const table *t = game_table(g);
    char *seen = calloc((size_t)t->figure_count + 1, 1);
    int n = 0;
    for (int i = 0; i < game_cursor(g); i++) {
        int ne;
        const rules_event *ev = game_events(g, i, &ne);
        for (int k = 0; k < ne; k++)
            if (ev[k].kind == RULES_EV_REMOVE && !seen[ev[k].figure.id]) {
                const figure *fg = table_figure_const(t, ev[k].figure);
                seen[ev[k].figure.id] = 1;
                n += fg->side.id == sd.id;
                assert_false(table_figure_active(fg));
            }
    }
    free(seen);
    return n;
}

static void test_end_screen_every_scenario(void **state)
{
    fx *f = *state;
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/scenarios", SANDTABLE_SOURCE_DIR);
    DIR *d = opendir(dir);
    assert_non_null(d);
    int shown = 0;
    for (struct dirent *e; (e = readdir(d));) {
        size_t len = strlen(e->d_name);
        if (len < 6 || strcmp(e->d_name + len - 5, ".json") != 0)
            continue;
        char path[1400], png[300];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        ui_app *app = open_app(path);
        frame(f, app, f->small, 0.02);
        assert_string_equal(top_name(app), "table");
        play_to_the_end(app, 3);
        assert_true(game_over(app->game));
        frame(f, app, f->small, 0.02);
        assert_string_equal(top_name(app), "end");
        ui_end_summary sum;
        ui_end_summarise(app->game, &sum);
        rules_outcome oc;
        game_outcome(app->game, &oc);
        assert_true(sum.over);
        assert_string_equal(sum.reason, oc.reason);
        assert_true(sum.reason[0]);
        const side *w = table_side(game_table(app->game), oc.winner);
        assert_non_null(strstr(sum.headline, w ? w->name : "A draw"));
        assert_int_equal(sum.turns, game_turn(app->game));
        int lost = 0;
        for (int i = 0; i < sum.side_count; i++) {
            assert_int_equal(sum.sides[i].lost, count_removed(app->game, sum.sides[i].side));
            int q = 0;
            for (int j = 0; j < FIGURE_QUALITY_COUNT; j++)
                q += sum.sides[i].lost_by_quality[j];
            assert_int_equal(q, sum.sides[i].lost);
            lost += sum.sides[i].lost;
        }
        if (lost > 0) /* a fight was had: its moments are told */
            assert_true(sum.moment_count > 0 && strstr(sum.moments[0].text, "Turn "));
        for (int m = 0; m < sum.moment_count; m++) { /* each names whose men fell or broke */
            bool named = false;
            for (int i = 0; i < sum.side_count; i++) {
                char says[96];
                const char *who = table_side_label(game_table(app->game), sum.sides[i].side, "");
                snprintf(says, sizeof says, " %s fall", who);
                named |= strstr(sum.moments[m].text, says) != NULL;
                snprintf(says, sizeof says, " %s break", who);
                named |= strstr(sum.moments[m].text, says) != NULL;
            }
            assert_true(named);
        }
        printf("%s: %s - %s; %d turns; %d lost; %s\n", e->d_name, sum.headline, sum.reason,
               sum.turns, lost, sum.moment_count ? sum.moments[0].text : "(no moments)");
        snprintf(png, sizeof png, "end-%.*s-1280.png", (int)(len - 5), e->d_name);
        check_drawn(f, app, f->big, png);
        snprintf(png, sizeof png, "end-%.*s-900.png", (int)(len - 5), e->d_name);
        check_drawn(f, app, f->small, png);
        /* Esc goes back to the table, and the end screen does not come back by itself */
        key(f, app, f->small, UI_KEY_ESCAPE);
        assert_string_equal(top_name(app), "table");
        frame(f, app, f->small, 0.5);
        assert_string_equal(top_name(app), "table");
        ui_app_destroy(app);
        shown++;
    }
    closedir(d);
    assert_true(shown >= 2);
}

/* The stored hashes of the save: recorded[i] after command i, recorded[-1] the start. */
static uint64_t *stored_hashes(const char *text, int *count)
{
    json_error_t je;
    json_t *root = json_loads(text, 0, &je);
    assert_non_null(root);
    json_t *cmds = json_object_get(root, "commands");
    int n = (int)json_array_size(cmds);
    uint64_t *h = calloc((size_t)n + 1, sizeof *h);
    sscanf(json_string_value(json_object_get(root, "start_hash")), "%" SCNx64, &h[0]);
    for (int i = 0; i < n; i++)
        sscanf(json_string_value(json_object_get(json_array_get(cmds, (size_t)i), "hash")),
               "%" SCNx64, &h[i + 1]);
    json_decref(root);
    *count = n;
    return h;
}

static void test_replay_viewer_steps_as_recorded(void **state)
{
    fx *f = *state;
    ui_app *app = open_app(SANDTABLE_SOURCE_DIR "/scenarios/lcr_toledo.json");
    frame(f, app, f->big, 0.02);
    play_to_the_end(app, 5);
    frame(f, app, f->big, 0.02);
    assert_string_equal(top_name(app), "end");
    char *text = game_save_string(app->game);
    int n;
    uint64_t *rec = stored_hashes(text, &n);
    free(text);
    assert_int_equal(n, game_cursor(app->game));
    assert_true(n >= 5);
    float bx, by;
    frame(f, app, f->big, 0.02);
    assert_true(ui_end_screen_button(top(app), "watch", &bx, &by));
    click(f, app, f->big, bx, by);
    assert_string_equal(top_name(app), "replay");
    ui_screen *rv = top(app);
    assert_int_equal(ui_replay_view_step(rv), 0);
    frame(f, app, f->big, 0.02);
    save_png(f->big, "replay-start-1280.png");
    /* forward: every step's state is the recorded one */
    for (int i = 1; i <= n; i++) {
        key(f, app, f->big, UI_KEY_RIGHT);
        assert_int_equal(ui_replay_view_step(rv), i);
        assert_true(ui_replay_view_hash_ok(rv));
        assert_true(game_hash(ui_replay_view_game(rv)) == rec[i]);
        if (i == n / 2)
            save_png(f->big, "replay-middle-1280.png");
    }
    key(f, app, f->big, UI_KEY_RIGHT); /* past the end: stays */
    assert_int_equal(ui_replay_view_step(rv), n);
    /* back again with the button */
    for (int i = n - 1; i >= 0; i--) {
        assert_true(ui_replay_view_button(rv, "prev", &bx, &by));
        click(f, app, f->big, bx, by);
        assert_int_equal(ui_replay_view_step(rv), i);
        assert_true(game_hash(ui_replay_view_game(rv)) == rec[i]);
    }
    /* a turn button: the state when that turn began */
    const game *g = ui_replay_view_game(rv);
    int turns = game_turn_at(g, n - 1);
    if (turns >= 2) {
        assert_true(ui_replay_view_button(rv, "turn 2", &bx, &by));
        click(f, app, f->big, bx, by);
        int at = ui_replay_view_step(rv);
        assert_true(at > 0 && game_turn_at(g, at - 1) < 2 && game_turn_at(g, at) >= 2);
        assert_true(game_hash(g) == rec[at]);
    }
    /* play at the fastest pace: about four commands a second */
    key(f, app, f->big, UI_KEY_HOME);
    key(f, app, f->big, '+');
    key(f, app, f->big, '+');
    key(f, app, f->big, ' ');
    for (int i = 0; i < 8; i++)
        frame(f, app, f->big, 0.26);
    assert_true(ui_replay_view_step(rv) >= 6 || ui_replay_view_step(rv) == n);
    assert_true(ui_replay_view_hash_ok(rv));
    key(f, app, f->big, ' '); /* pause */
    int held = ui_replay_view_step(rv);
    frame(f, app, f->big, 2.0);
    assert_int_equal(ui_replay_view_step(rv), held);
    frame(f, app, f->small, 0.02);
    save_png(f->small, "replay-900.png");
    const char *names[] = {"first", "prev", "play", "next", "last", "faster", "slower"};
    for (int i = 0; i < 7; i++) { /* all on screen at 900x600 too */
        assert_true(ui_replay_view_button(rv, names[i], &bx, &by));
        assert_true(bx > 0 && bx < 900 && by > 0 && by < 600);
    }
    /* Esc: back to the end screen; Rematch: the scenario from its start */
    key(f, app, f->small, UI_KEY_ESCAPE);
    assert_string_equal(top_name(app), "end");
    frame(f, app, f->small, 0.02);
    assert_true(ui_end_screen_button(top(app), "rematch", &bx, &by));
    click(f, app, f->small, bx, by);
    assert_string_equal(top_name(app), "table");
    assert_int_equal(game_cursor(app->game), 0);
    assert_false(game_over(app->game));
    free(rec);
    ui_app_destroy(app);
}

/* A save that does not load gives the viewer's error, naming the file. */
static void test_replay_viewer_refuses_a_bad_save(void **state)
{
    fx *f = *state;
    ui_app *app = open_app(SANDTABLE_SOURCE_DIR "/scenarios/lcr_toledo.json");
    char err[600];
    assert_null(ui_replay_view_create(app, "{\"format\": 1", 12, "cut.json", err, sizeof err));
    assert_non_null(strstr(err, "cut.json"));
    assert_null(ui_replay_view_open(app, "/nonexistent/save.json", err, sizeof err));
    assert_non_null(strstr(err, "/nonexistent/save.json"));
    (void)f;
    ui_app_destroy(app);
}

int main(int argc, char **argv)
{
    artifacts_dir = argc > 1 ? argv[1] : "/tmp";
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_replay_viewer_refuses_a_bad_save),
        cmocka_unit_test(test_replay_viewer_steps_as_recorded),
        cmocka_unit_test(test_end_screen_every_scenario),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
