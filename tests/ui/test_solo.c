/* Solo play and the hot-seat hand-over, driven frame by frame through ui_app_frame on an
 * offscreen renderer (no window): the bot's sides submit through the table view and the match
 * advances to its end; the same match seed gives the same command log; the viewer changes only
 * once the hand-over cover is dismissed, and the cover hides the table. */
#include "core/config.h"
#include "ui/cover.h"
#include "ui/solo.h"
#include "ui/start_screen.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <math.h>

#define SCENARIO SANDTABLE_SOURCE_DIR "/scenarios/lcr_teaching.json"
#define VIEW_W   480
#define VIEW_H   300
#define START_W  1000
#define START_H  640

/* Where screenshots go (argv[1], the build's artifacts folder), else the test's data folder. */
static const char *artifacts_dir;

typedef struct fx {
    render_ctx *ctx;
    ui_input in;
    char data[256];
} fx;

static int setup(void **state)
{
    fx *f = calloc(1, sizeof *f);
    snprintf(f->data, sizeof f->data, SANDTABLE_TEST_TMP "/sandtable-solo-XXXXXX");
    assert_non_null(mkdtemp(f->data));
    char cfg_data[1100]; /* what the front end makes of $XDG_DATA_HOME */
    snprintf(cfg_data, sizeof cfg_data, "%s/sandtable", f->data);
    config_set(&(config_desc){.data_dir = cfg_data});
    char err[256];
    f->ctx = render_create_offscreen(VIEW_W, VIEW_H, &(render_desc){0}, err, sizeof err);
    assert_non_null(f->ctx);
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fx *f = *state;
    render_destroy(f->ctx);
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", f->data);
    assert_int_equal(system(cmd), 0);
    free(f);
    return 0;
}

static ui_app *open_app(void)
{
    char err[512];
    ui_app *app = ui_app_create(&(ui_app_desc){.scenario_path = SCENARIO}, err, sizeof err);
    if (!app)
        fail_msg("%s", err);
    app->settings.anim_speed = 1.0f;
    return app;
}

/* One frame `dt` seconds after the last, with no input unless the caller set some. */
static void frame(fx *f, ui_app *app, double dt)
{
    f->in.time += dt;
    f->in.dt = (float)dt;
    render_output_size(f->ctx, &f->in.view_w, &f->in.view_h);
    f->in.ui_scale = 1;
    f->in.mouse_x = (float)f->in.view_w / 2;
    f->in.mouse_y = (float)f->in.view_h / 2;
    ui_app_frame(app, &f->in, f->ctx);
    ui_input_next_frame(&f->in);
}

static const char *top_name(const ui_app *app)
{
    return app->depth ? app->stack[app->depth - 1]->name : "";
}

/* Plays a bot-vs-bot match to its end; returns the command count and the final hash. */
static int play_bots(fx *f, uint64_t *hash, char **log_json)
{
    ui_app *app = open_app();
    app->controller[1] = app->controller[2] = UI_CONTROLLER_BOT;
    ui_app_reset_viewer(app);
    assert_int_equal(app->viewer.id, 0); /* nobody's eyes */
    int frames = 0;
    while (!game_over(app->game) && frames < 4000) {
        frame(f, app, 0.35); /* one frame schedules (0.6 s pause), the next submits */
        assert_false(ui_app_cover_showing(app)); /* nobody at the screen to hand over to */
        frames++;
    }
    assert_true(game_over(app->game));
    int n = game_cursor(app->game);
    *hash = game_hash(app->game);
    /* The log without the per-command hashes' container: the save text is the whole match. */
    *log_json = game_save_string(app->game);
    ui_app_destroy(app);
    return n;
}

static void test_bots_play_to_the_end_reproducibly(void **state)
{
    fx *f = *state;
    uint64_t h1, h2;
    char *s1, *s2;
    int n1 = play_bots(f, &h1, &s1);
    int n2 = play_bots(f, &h2, &s2);
    assert_true(n1 >= 5); /* a real match, not a resignation */
    assert_int_equal(n1, n2);
    assert_true(h1 == h2);
    assert_string_equal(s1, s2);
    free(s1);
    free(s2);
}

static void test_bot_waits_a_readable_pace(void **state)
{
    fx *f = *state;
    ui_app *app = open_app();
    rules_decision d;
    game_decision(app->game, &d);
    app->controller[d.side.id] = UI_CONTROLLER_BOT;
    ui_app_reset_viewer(app); /* as play does after --bot */
    frame(f, app, 0.016);     /* schedules: nothing yet */
    assert_int_equal(game_cursor(app->game), 0);
    frame(f, app, 0.3); /* 0.3 s < 0.6 s */
    assert_int_equal(game_cursor(app->game), 0);
    frame(f, app, 0.35); /* past the pause: one command */
    assert_int_equal(game_cursor(app->game), 1);
    /* A menu over the table stops the bot. */
    ui_app_show(app, UI_SCREEN_PAUSE, NULL);
    for (int i = 0; i < 5; i++)
        frame(f, app, 1.0);
    assert_int_equal(game_cursor(app->game), 1);
    ui_app_destroy(app);
    assert_true(ui_solo_delay(2.0f) < ui_solo_delay(1.0f));
}

static void test_player_cannot_command_a_bot_side(void **state)
{
    (void)state;
    ui_app *app = open_app();
    rules_command legal[8];
    assert_true(game_legal(app->game, legal, 8) > 0);
    app->controller[legal[0].side.id] = UI_CONTROLLER_BOT;
    ui_solo solo = {0};
    char why[200] = "";
    assert_false(ui_solo_may_submit(&solo, app, &legal[0], why, sizeof why));
    assert_non_null(strstr(why, "played by the bot"));
    solo.submitting = true; /* the bot's own command goes through */
    assert_true(ui_solo_may_submit(&solo, app, &legal[0], why, sizeof why));
    app->controller[legal[0].side.id] = UI_CONTROLLER_HUMAN;
    solo.submitting = false;
    assert_true(ui_solo_may_submit(&solo, app, &legal[0], why, sizeof why));
    ui_app_destroy(app);
}

static void test_cover_plan(void **state)
{
    (void)state;
    table *t = table_create(&(table_desc){0});
    side_id a = table_add_side(t, &(side){.name = "A"});
    side_id b = table_add_side(t, &(side){.name = "B"});
    ui_controller c[UI_APP_SIDES_MAX] = {0};
    side_id want;
    /* Two players: a change of deciding side is a hand-over. */
    assert_int_equal(ui_cover_plan(t, c, a, a, &want), UI_COVER_KEEP);
    assert_int_equal(ui_cover_plan(t, c, a, b, &want), UI_COVER_HAND_OVER);
    assert_int_equal(want.id, b.id);
    /* The bot on B: the viewer stays A whoever decides. */
    c[b.id] = UI_CONTROLLER_BOT;
    assert_int_equal(ui_cover_plan(t, c, a, b, &want), UI_COVER_KEEP);
    assert_int_equal(want.id, a.id);
    /* B's player has just handed B to the bot: A's player takes the screen behind a cover. */
    assert_int_equal(ui_cover_plan(t, c, b, b, &want), UI_COVER_HAND_OVER);
    assert_int_equal(want.id, a.id);
    /* Nobody has looked yet (a match opening): straight to A. */
    assert_int_equal(ui_cover_plan(t, c, (side_id){0}, b, &want), UI_COVER_SET_VIEWER);
    assert_int_equal(want.id, a.id);
    /* Bots on both sides: nobody's eyes. */
    c[a.id] = UI_CONTROLLER_BOT;
    assert_int_equal(ui_cover_plan(t, c, a, b, &want), UI_COVER_SET_VIEWER);
    assert_int_equal(want.id, 0);
    table_destroy(t);
}

/* Submits legal commands straight to the engine until the deciding side changes. */
static side_id play_until_handover(ui_app *app)
{
    rules_decision d0, d;
    game_decision(app->game, &d0);
    for (int i = 0; i < 200; i++) {
        dice_rng rng = ui_solo_rng(app->game);
        rules_command cmd;
        assert_true(bot_choose(app->game, BOT_GREEDY, &rng, &cmd));
        char why[256];
        assert_true(game_submit(app->game, &cmd, why, sizeof why));
        app->state_version++;
        game_decision(app->game, &d);
        if (d.side.id != d0.side.id)
            return d.side;
    }
    fail_msg("the deciding side never changed");
    return d.side;
}

static void test_hand_over_cover(void **state)
{
    fx *f = *state;
    ui_app *app = open_app();
    frame(f, app, 0.016);
    side_id first = app->viewer;
    assert_int_not_equal(first.id, 0);
    assert_false(ui_app_cover_showing(app));
    /* Figure centres drawn in a colour other than the cover's, before the hand-over. */
    const table *t = game_table(app->game);
    int shown_x[64], shown_y[64], shown_n = 0;
    float k = fminf((VIEW_W - 80) / t->width_cm, (VIEW_H - 80) / t->height_cm);
    for (int i = 0; i < t->figure_count && shown_n < 64; i++) {
        /* The table is fitted into the view with a 40 px margin at ui scale 1. */
        int x = (int)(VIEW_W / 2 + (t->figures[i].pos.x - t->width_cm / 2) * k);
        int y = (int)(VIEW_H / 2 + (t->figures[i].pos.y - t->height_cm / 2) * k);
        if (x > 0 && y > 30 && x < VIEW_W && y < VIEW_H - 40 && abs(y - VIEW_H / 2) > 80 &&
            render_read_pixel(f->ctx, x, y) != 0x14181e) {
            shown_x[shown_n] = x;
            shown_y[shown_n++] = y;
        }
    }
    side_id next = play_until_handover(app);
    frame(f, app, 0.016);
    assert_string_equal(top_name(app), "cover");
    assert_int_equal(app->viewer.id, first.id); /* not yet */
    char png[UI_PATH_MAX + 32], err[256];
    snprintf(png, sizeof png, "%s/solo_cover.png", artifacts_dir ? artifacts_dir : f->data);
    assert_int_equal(render_write_png(f->ctx, png, err, sizeof err), 0);
    /* The cover hides the table: the places of figures that showed before show its flat
     * colour now (away from its text in the middle). */
    uint32_t bg = render_read_pixel(f->ctx, 2, VIEW_H - 2);
    int checked = 0;
    for (int i = 0; i < shown_n; i++) {
        assert_int_equal(render_read_pixel(f->ctx, shown_x[i], shown_y[i]), bg);
        checked++;
    }
    assert_true(checked >= 5);
    /* A click inside the grace period (a double click's second half) does nothing. */
    f->in.pressed[UI_MOUSE_LEFT] = true;
    frame(f, app, 0.1);
    assert_string_equal(top_name(app), "cover");
    assert_int_equal(app->viewer.id, first.id);
    /* Frames pass; still covered, still the old viewer. */
    frame(f, app, 0.5);
    assert_string_equal(top_name(app), "cover");
    assert_int_equal(app->viewer.id, first.id);
    f->in.pressed[UI_MOUSE_LEFT] = true;
    frame(f, app, 0.016);
    assert_string_equal(top_name(app), "table");
    assert_int_equal(app->viewer.id, next.id);
    /* The viewer's player hands their side to the bot (pause menu): the other player gets the
     * screen, behind a cover too. */
    app->controller[next.id] = UI_CONTROLLER_BOT;
    frame(f, app, 0.016);
    assert_string_equal(top_name(app), "cover");
    assert_int_equal(app->viewer.id, next.id);
    frame(f, app, 0.5);
    f->in.pressed[UI_MOUSE_LEFT] = true;
    frame(f, app, 0.5);
    assert_int_equal(app->viewer.id, first.id);
    ui_app_destroy(app);
}

/* Alternate activations with nothing hidden (cwr, cr15, tiny): the hand passes from one player
 * to the other without a cover, the viewer following the deciding side; lcr, whose cards can be
 * held face down, keeps its cover (test_hand_over_cover). */
static void test_no_cover_without_secrets(void **state)
{
    fx *f = *state;
    const char *files[] = {"cwr_fort.json", "cr15_mission_station.json", "tiny_two_brigades.json"};
    for (int i = 0; i < 3; i++) {
        char path[600], err[512];
        snprintf(path, sizeof path, "%s/scenarios/%s", SANDTABLE_SOURCE_DIR, files[i]);
        ui_app *app = ui_app_create(&(ui_app_desc){.scenario_path = path}, err, sizeof err);
        if (!app)
            fail_msg("%s", err);
        app->settings.anim_speed = 0;
        frame(f, app, 0.016);
        assert_false(ui_cover_secrets(app->game));
        for (int k = 0; k < 3; k++) { /* three hand-overs */
            side_id next = play_until_handover(app);
            frame(f, app, 0.016);
            assert_string_equal(top_name(app), "table");
            assert_int_equal(app->viewer.id, next.id);
        }
        ui_app_destroy(app);
    }
    ui_app *lcr = open_app();
    assert_true(ui_cover_secrets(lcr->game)); /* its deck's cards can be held face down */
    ui_app_destroy(lcr);
    /* the Nyezane ambush hides its Zulu regiments from the British: a cover at hand-overs */
    char path[600], err[512];
    snprintf(path, sizeof path, "%s/scenarios/cwr_ambush.json", SANDTABLE_SOURCE_DIR);
    ui_app *ambush = ui_app_create(&(ui_app_desc){.scenario_path = path}, err, sizeof err);
    assert_non_null(ambush);
    assert_true(ui_cover_secrets(ambush->game));
    ui_app_destroy(ambush);
}

static void test_no_cover_against_the_bot(void **state)
{
    fx *f = *state;
    ui_app *app = open_app();
    rules_decision d;
    game_decision(app->game, &d);
    /* The bot takes the side that decides first; the player has the other. */
    app->controller[d.side.id] = UI_CONTROLLER_BOT;
    ui_app_reset_viewer(app);
    side_id player = {d.side.id == 1 ? 2u : 1u};
    int changes = 0;
    for (int i = 0; i < 60 && !game_over(app->game); i++) {
        frame(f, app, 0.35);
        assert_false(ui_app_cover_showing(app));
        assert_int_equal(app->viewer.id, player.id);
        game_decision(app->game, &d);
        if (d.side.id == player.id) {
            /* The player's turn: play one command for them, as a click would. */
            side_id before = d.side;
            play_until_handover(app);
            changes += before.id != 0;
        }
    }
    assert_true(game_cursor(app->game) > 4);
    assert_true(changes > 0);
    ui_app_destroy(app);
}

static void test_undo_steps_over_the_bot(void **state)
{
    fx *f = *state;
    ui_app *app = open_app();
    rules_decision d;
    game_decision(app->game, &d);
    side_id player = d.side; /* the player decides first; the bot has the other side */
    app->controller[player.id == 1 ? 2 : 1] = UI_CONTROLLER_BOT;
    ui_app_reset_viewer(app);
    /* The player's commands by hand, the bot's through the frames, until the bot has played
     * one command right after one of the player's. */
    int mine = -1; /* the cursor before the player's last command */
    bool replied = false;
    for (int i = 0; i < 300 && !replied && !game_over(app->game); i++) {
        game_decision(app->game, &d);
        if (d.side.id == player.id) {
            mine = game_cursor(app->game);
            dice_rng rng = ui_solo_rng(app->game);
            rules_command cmd;
            char why[256];
            assert_true(bot_choose(app->game, BOT_GREEDY, &rng, &cmd));
            assert_true(game_submit(app->game, &cmd, why, sizeof why));
            app->state_version++;
            continue;
        }
        int c = game_cursor(app->game);
        for (int k = 0; k < 40 && game_cursor(app->game) == c; k++)
            frame(f, app, 0.35);
        assert_int_equal(game_cursor(app->game), c + 1);
        replied = mine == c - 1;
    }
    assert_true(replied);
    ui_app_undo(app); /* the bot's command and the player's before it */
    assert_int_equal(game_cursor(app->game), mine);
    ui_app_redo(app); /* both back */
    assert_int_equal(game_cursor(app->game), mine + 2);
    ui_app_destroy(app);
}

/* The rows of the scenario list down the column x = 30 px: which one is highlighted (-1 none),
 * and how many there are (bands of the panel or highlight colour). */
static int list_rows(render_ctx *ctx, int *hot)
{
    int rows = 0;
    uint32_t prev = 0;
    *hot = -1;
    for (int y = 60; y < START_H - 30; y++) {
        uint32_t c = render_read_pixel(ctx, 30, y);
        bool row = c == 0x232a33 || c == 0x3a5a8a;
        if (row && c != prev) {
            if (c == 0x3a5a8a)
                *hot = rows;
            rows++;
        }
        prev = row ? c : 0;
    }
    return rows;
}

/* The level on a side is the level that plays it: the bot's first command is the one
 * bot_choose gives at that level with the solo generator, and its toast ends with the reason. */
static void test_level_reaches_the_bot(void **state)
{
    fx *f = *state;
    for (int level = BOT_GREEDY; level <= BOT_NORMAL; level++) {
        ui_app *app = open_app();
        rules_decision d;
        game_decision(app->game, &d);
        app->controller[d.side.id] = UI_CONTROLLER_BOT;
        app->bot_level[d.side.id] = level;
        assert_int_equal(ui_solo_level(app, d.side), level);
        ui_app_reset_viewer(app);
        dice_rng rng = ui_solo_rng(app->game);
        rules_command want;
        char why[160];
        assert_true(bot_choose_why(app->game, (bot_level)level, &rng, &want, why, sizeof why));
        for (int i = 0; i < 10 && game_cursor(app->game) == 0; i++)
            frame(f, app, 0.35);
        assert_int_equal(game_cursor(app->game), 1);
        assert_memory_equal(game_command_at(app->game, 0), &want, sizeof want);
        assert_true(why[0] != '\0'); /* easy says why too */
        assert_non_null(strstr(app->toast, why));
        ui_app_destroy(app);
    }
    ui_app *app = open_app();
    assert_int_equal(ui_solo_level(app, (side_id){1}), BOT_NORMAL); /* the default */
    ui_app_destroy(app);
}

static void test_start_screen(void **state)
{
    fx *f = *state;
    char paths[UI_START_SCENARIOS_MAX][UI_PATH_MAX];
    int n = ui_start_screen_list(SANDTABLE_SOURCE_DIR "/scenarios", paths, UI_START_SCENARIOS_MAX);
    assert_true(n >= 4);
    int teaching = -1;
    for (int i = 0; i < n; i++)
        if (strstr(paths[i], "/lcr_teaching.json"))
            teaching = i;
    assert_true(teaching >= 0);
    char err[512], save[400];
    snprintf(save, sizeof save, "%s/sandtable/autosave-lcr_teaching.json", f->data);
    unlink(save); /* the other tests' match: this one starts with no saved game */
    /* A window of its own size: the start screen wants more room than the table tests. */
    render_ctx *small = f->ctx;
    f->ctx = render_create_offscreen(START_W, START_H, &(render_desc){0}, err, sizeof err);
    assert_non_null(f->ctx);
    ui_app *app = ui_app_create(&(ui_app_desc){.scenario_path = SCENARIO, .start_screen = true},
                                err, sizeof err);
    assert_non_null(app);
    assert_null(app->game);
    frame(f, app, 0.016);
    assert_string_equal(top_name(app), "start");
    /* Every scenario is a row; the one given is highlighted. */
    int hot;
    assert_int_equal(list_rows(f->ctx, &hot), n);
    assert_int_equal(hot, teaching);
    /* The preview is drawn right of the list: the table's wooden edge or cloth is there, not
     * the screen's background. */
    int preview = 0;
    for (int x = START_W / 2; x < START_W - 30; x += 4)
        preview += render_read_pixel(f->ctx, x, 120) != 0x1b2027;
    char png[UI_PATH_MAX + 32];
    snprintf(png, sizeof png, "%s/solo_start_screen.png", artifacts_dir ? artifacts_dir : f->data);
    assert_int_equal(render_write_png(f->ctx, png, err, sizeof err), 0);
    assert_true(preview > 20);
    /* Down selects the next one; Up comes back. */
    f->in.keys[0] = UI_KEY_DOWN;
    f->in.key_count = 1;
    frame(f, app, 0.016);
    frame(f, app, 0.016);
    list_rows(f->ctx, &hot);
    assert_int_equal(hot, teaching + 1 < n ? teaching + 1 : teaching);
    f->in.keys[0] = UI_KEY_UP;
    f->in.key_count = 1;
    frame(f, app, 0.016);
    /* Continue with no autosave stays here and says why. */
    f->in.keys[0] = 'c';
    f->in.key_count = 1;
    frame(f, app, 0.016);
    assert_null(app->game);
    assert_string_equal(top_name(app), "start");
    /* 2 hands the second side to the bot, Shift+2 raises its level from Normal to Hard; Enter
     * starts with that. */
    f->in.keys[0] = '2';
    f->in.keys[1] = '2';
    f->in.key_mods[1] = UI_MOD_SHIFT;
    f->in.keys[2] = UI_KEY_RETURN;
    f->in.key_count = 3;
    frame(f, app, 0.016);
    f->in.key_mods[1] = 0;
    assert_int_equal(app->bot_level[2], BOT_HARD);
    assert_non_null(app->game);
    assert_string_equal(top_name(app), "table");
    assert_int_equal(app->controller[1], UI_CONTROLLER_HUMAN);
    assert_int_equal(app->controller[2], UI_CONTROLLER_BOT);
    assert_non_null(strstr(app->scenario_path, "lcr_teaching.json"));
    /* From the match (pause menu): modal over it, Esc goes back to the same match. */
    game *g = app->game;
    ui_app_show(app, UI_SCREEN_START, NULL);
    frame(f, app, 0.016);
    assert_string_equal(top_name(app), "start");
    f->in.keys[0] = UI_KEY_ESCAPE;
    f->in.key_count = 1;
    frame(f, app, 0.016);
    assert_string_equal(top_name(app), "table");
    assert_ptr_equal(app->game, g);
    assert_false(app->quit);
    ui_app_destroy(app);
    render_destroy(f->ctx);
    f->ctx = small;
}

/* Ctrl+Q quits at once from the hand-over cover in its grace time and from the pause menu
 * (issue 21: both swallowed it, and ui_e2e_turn waited 20 s for the window to close). */
static void test_ctrl_q_quits_from_cover_and_menu(void **state)
{
    fx *f = *state;
    for (int where = 0; where < 2; where++) {
        ui_app *app = open_app();
        frame(f, app, 0.016);
        if (where == 0)
            play_until_handover(app); /* the cover comes up with the next frame */
        else
            ui_app_show(app, UI_SCREEN_PAUSE, NULL);
        frame(f, app, 0.016);
        assert_string_equal(top_name(app), where == 0 ? "cover" : "menu");
        f->in.keys[0] = 'q';
        f->in.key_mods[0] = UI_MOD_CTRL;
        f->in.key_count = 1;
        frame(f, app, 0.016); /* at once: well inside the cover's grace */
        assert_true(app->quit);
        ui_app_destroy(app);
    }
}

int main(int argc, char **argv)
{
    artifacts_dir = argc > 1 ? argv[1] : NULL;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cover_plan),
        cmocka_unit_test(test_player_cannot_command_a_bot_side),
        cmocka_unit_test(test_bot_waits_a_readable_pace),
        cmocka_unit_test(test_hand_over_cover),
        cmocka_unit_test(test_no_cover_without_secrets),
        cmocka_unit_test(test_ctrl_q_quits_from_cover_and_menu),
        cmocka_unit_test(test_no_cover_against_the_bot),
        cmocka_unit_test(test_bots_play_to_the_end_reproducibly),
        cmocka_unit_test(test_level_reaches_the_bot),
        cmocka_unit_test(test_start_screen),
        cmocka_unit_test(test_undo_steps_over_the_bot),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
