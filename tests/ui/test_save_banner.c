/* A failed autosave is shown in play until a save works (issue 21): the lcr artillery scenario
 * offscreen, its autosave made to fail (its .bak is a directory, so keeping the backup fails),
 * the banner drawn over the table with the system's reason and no file path; the next save that
 * works takes it away. And settings.json written the same way as saves. */
#include "render/render.h"
#include "ui/app.h"
#include "ui/table_view.h"
#include "ui_fixture.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#define VIEW_W 1280
#define VIEW_H 800

typedef struct rig {
    ui_fixture_hand h; /* the app, its renderer, the next frame's input, the clock */
} rig;

/* Plays the first legal command; whether its autosave worked. */
static bool play_one(rig *r)
{
    rules_command c[64];
    assert_true(game_legal(r->h.app->game, c, 64) > 0);
    char why[256] = "";
    assert_true(game_submit(r->h.app->game, &c[0], why, sizeof why)); /* kept, saved or not */
    r->h.app->state_version++;
    ui_fixture_frame(&r->h);
    return game_last_save_error(r->h.app->game) == NULL;
}

/* The banner's red across the top of the view, under the heads-up line. */
static bool banner_drawn(rig *r)
{
    uint32_t p = render_read_pixel(r->h.ctx, VIEW_W - 20, 48);
    int pr = (int)(p >> 16 & 0xff), pg = (int)(p >> 8 & 0xff), pb = (int)(p & 0xff);
    return pr > 150 && pg < 60 && pb < 60;
}

static void test_failed_autosave_banner(void **state)
{
    (void)state;
    rig r = {0};
    char line[300];
    assert_true(
        ui_fixture_hand_open(&r.h, "tests/lcr/lcr_artillery.json", "banner", VIEW_W, VIEW_H));
    r.h.app->settings.anim_speed =
        ui_settings_default().anim_speed; /* played as a player sees it */
    ui_fixture_frame(&r.h);
    assert_true(play_one(&r)); /* the first save: there is a save to back up from now on */
    assert_null(ui_app_save_banner(r.h.app, line, sizeof line));
    assert_false(banner_drawn(&r));

    char bak[1100], inside[1200];
    snprintf(bak, sizeof bak, "%s.bak", r.h.app->autosave_path);
    snprintf(inside, sizeof inside, "%s/x", bak);
    unlink(bak);
    assert_int_equal(mkdir(bak, 0755), 0);
    FILE *f = fopen(inside, "w");
    assert_non_null(f);
    fclose(f);
    assert_false(play_one(&r));
    assert_non_null(ui_app_save_banner(r.h.app, line, sizeof line));
    assert_non_null(strstr(line, "Not saved ("));
    assert_null(strstr(line, r.h.dir)); /* no file path on screen */
    assert_true(banner_drawn(&r));
    /* It stays: other frames, another failed save. */
    for (int i = 0; i < 100; i++)
        ui_fixture_frame(&r.h);
    assert_true(banner_drawn(&r));
    assert_false(play_one(&r));
    assert_true(banner_drawn(&r));

    /* The folder fixed: the next save works and the banner goes. */
    unlink(inside);
    assert_int_equal(rmdir(bak), 0);
    assert_true(play_one(&r));
    assert_null(ui_app_save_banner(r.h.app, line, sizeof line));
    assert_false(banner_drawn(&r));

    assert_true(ui_fixture_hand_close(&r.h));
}

/* settings.json is written like a save (issue 21: it was written in place, so a kill during
 * the write left 0 bytes): the new settings in place, the old ones in settings.json.bak, no
 * temporary file left. */
static void test_settings_written_like_saves(void **state)
{
    (void)state;
    char dir[] = SANDTABLE_TEST_TMP "/sandtable-settings-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[300], bak[320], cmd[400];
    snprintf(path, sizeof path, "%s/settings.json", dir);
    snprintf(bak, sizeof bak, "%s.bak", path);
    ui_settings s = ui_settings_default();
    s.units = RENDER_UNITS_INCH;
    assert_true(ui_settings_save(&s, path));
    s.units = RENDER_UNITS_CM;
    s.window_w = 1000;
    assert_true(ui_settings_save(&s, path));
    ui_settings now = ui_settings_load(path), before = ui_settings_load(bak);
    assert_int_equal(now.units, RENDER_UNITS_CM);
    assert_int_equal(now.window_w, 1000);
    assert_int_equal(before.units, RENDER_UNITS_INCH);
    assert_int_equal(before.window_w, 1280);
    snprintf(cmd, sizeof cmd, "test $(ls '%s' | wc -l) -eq 2", dir);
    assert_int_equal(system(cmd), 0); /* settings.json and its .bak, nothing else */
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_failed_autosave_banner),
        cmocka_unit_test(test_settings_written_like_saves),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
