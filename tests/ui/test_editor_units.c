/* The scenario editor's edits of units figure by figure, groups turned as one, formations,
 * commanders and sides (ui/editor_units.h), headless: a figure added to a unit, refused on top
 * of another, moved, turned and deleted, each one undo step; a shipped unit written as blocks
 * has one figure moved and the others stay; a group of a wood and two units turns a quarter
 * about its centre as one step, refused whole onto a base or off the table; formations come
 * from the rule set's list (tiny: line, column; cr15: none) and a word it does not know is
 * refused, and flagged by the live check in a file; a commander is chosen (and named), and the
 * live check flags him outside his unit (lcr's command radius); sides are renamed everywhere,
 * recoloured from the palette, and a third is added where the rule set plays three (lcr), and
 * refused where it plays two (cwr); every edit survives save and load; every shipped scenario
 * passes the live check. */
#include "ui/editor_units.h"

#include "core/place.h"
#include "rules/rules.h"

#include <jansson.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

static const table *tbl(const editor_doc *d)
{
    return editor_doc_scenario(d)->table;
}

static void tmp_path(char *buf, size_t size, const char *name)
{
    const char *dir = getenv("TMPDIR");
    snprintf(buf, size, "%s/editor-units-%d-%s", dir && dir[0] ? dir : "/tmp", (int)getpid(), name);
}

/* Saves the document and opens the file again (the writer and the loader round trip). */
static editor_doc *save_and_open(editor_doc *d, const char *name)
{
    char path[512], err[512];
    tmp_path(path, sizeof path, name);
    if (!editor_doc_save(d, path, err, sizeof err))
        fail_msg("save: %s", err);
    editor_doc *back = editor_doc_open(path, err, sizeof err);
    if (!back)
        fail_msg("open: %s", err);
    return back;
}

static vec2s fig_pos(const editor_doc *d, int unit_ix, int k)
{
    const figure *f = editor_unit_figure(d, unit_ix, k);
    assert_non_null(f);
    return f->pos;
}

static void test_figures_one_by_one(void **state)
{
    (void)state;
    char err[512];
    editor_doc *d = editor_doc_new("lcr", err, sizeof err);
    assert_non_null(d);
    /* three figures facing east: the rank runs north to south at x = 50 */
    editor_unit_desc u = {.side = 0, .origin = {{50, 60}}, .count = 3, .role = FIGURE_ROLE_SOLDIER};
    int ui = -1;
    assert_true(editor_add_unit(d, &u, &ui));
    assert_int_equal(editor_unit_figure_count(d, ui), 3);
    assert_float_equal(fig_pos(d, ui, 2).y, 62.5f, 1e-4);

    /* a fourth beside the third (touching is not overlapping), like the first */
    int k = -1;
    assert_true(editor_figure_add(d, ui, 0, (vec2s){{50, 65}}, &k));
    assert_int_equal(k, 3);
    assert_int_equal(editor_unit_figure_count(d, ui), 4);
    assert_int_equal(tbl(d)->figure_count, 4);
    /* on top of the second: refused with the reason, nothing changes */
    assert_false(editor_figure_add(d, ui, -1, (vec2s){{50.5f, 60}}, NULL));
    assert_non_null(strstr(editor_doc_refusal(d), "bases may touch but not overlap"));
    assert_int_equal(tbl(d)->figure_count, 4);
    /* one figure moves alone; onto another it is refused */
    assert_true(editor_figure_move(d, ui, 0, (vec2s){{-5, 0}}));
    assert_float_equal(fig_pos(d, ui, 0).x, 45, 1e-4);
    assert_float_equal(fig_pos(d, ui, 1).x, 50, 1e-4);
    assert_false(editor_figure_move(d, ui, 0, (vec2s){{5, 2.5f}}));
    assert_non_null(strstr(editor_doc_refusal(d), "would stand on top of"));
    assert_float_equal(fig_pos(d, ui, 0).x, 45, 1e-4);
    /* and turns alone */
    assert_true(editor_figure_turn(d, ui, 0, 90));
    assert_float_equal(editor_unit_figure(d, ui, 0)->facing, (float)GEOM_PI / 2, 1e-4);
    assert_float_equal(editor_unit_figure(d, ui, 1)->facing, 0, 1e-4);
    /* a drag of one figure over several frames is one undo step */
    editor_drag_begin(d);
    for (int i = 1; i <= 4; i++) {
        editor_drag_reset(d);
        assert_true(editor_figure_move(d, ui, 3, (vec2s){{(float)i, 0}}));
    }
    assert_true(editor_drag_end(d));
    assert_float_equal(fig_pos(d, ui, 3).x, 54, 1e-4);
    assert_true(editor_doc_undo(d));
    assert_float_equal(fig_pos(d, ui, 3).x, 50, 1e-4);
    /* deleting one figure keeps the others where they stand */
    assert_true(editor_figure_delete(d, ui, 1));
    assert_int_equal(editor_unit_figure_count(d, ui), 3);
    assert_float_equal(fig_pos(d, ui, 1).y, 62.5f, 1e-4);
    /* survives save and load */
    editor_doc *back = save_and_open(d, "figures.json");
    assert_int_equal(editor_unit_figure_count(back, 0), 3);
    assert_float_equal(fig_pos(back, 0, 0).x, 45, 1e-4);
    assert_float_equal(editor_unit_figure(back, 0, 0)->facing, (float)GEOM_PI / 2, 1e-4);
    assert_float_equal(fig_pos(back, 0, 2).y, 65, 1e-4);
    editor_doc_destroy(back);
    /* the last figure takes its unit with it; each step undoes */
    assert_true(editor_figure_delete(d, ui, 0));
    assert_true(editor_figure_delete(d, ui, 0));
    assert_true(editor_figure_delete(d, ui, 0));
    assert_int_equal(tbl(d)->unit_count, 0);
    for (int i = 0; i < 3; i++)
        assert_true(editor_doc_undo(d));
    assert_int_equal(editor_unit_figure_count(d, 0), 3);
    assert_false(editor_figure_delete(d, 0, 7));
    editor_doc_destroy(d);
}

/* A shipped unit written as blocks: one figure moves, the others stay where the blocks put them. */
static void test_blocks_written_out(void **state)
{
    (void)state;
    char path[1024], err[512];
    snprintf(path, sizeof path, "%s/scenarios/lcr_toledo.json", getenv("SANDTABLE_SOURCE_DIR"));
    editor_doc *d = editor_doc_open(path, err, sizeof err);
    if (!d)
        fail_msg("%s", err);
    const json_t *units = json_object_get(editor_doc_json(d), "units");
    int ui = -1;
    for (size_t i = 0; i < json_array_size(units) && ui < 0; i++)
        if (json_object_get(json_array_get(units, i), "blocks"))
            ui = (int)i;
    assert_true(ui >= 0);
    int n = editor_unit_figure_count(d, ui);
    assert_true(n >= 3);
    vec2s was[64];
    for (int k = 0; k < n && k < 64; k++)
        was[k] = fig_pos(d, ui, k);
    /* a figure of the block steps back (behind its rank, where nobody stands) */
    const figure *f = editor_unit_figure(d, ui, 1);
    vec2s back = glms_vec2_scale(geom_dir(f->facing), -6);
    assert_true(editor_figure_move(d, ui, 1, back));
    assert_null(json_object_get(
        json_array_get(json_object_get(editor_doc_json(d), "units"), (size_t)ui), "blocks"));
    assert_int_equal(editor_unit_figure_count(d, ui), n);
    for (int k = 0; k < n && k < 64; k++) {
        vec2s want = k == 1 ? glms_vec2_add(was[k], back) : was[k];
        assert_float_equal(fig_pos(d, ui, k).x, want.x, 2e-3);
        assert_float_equal(fig_pos(d, ui, k).y, want.y, 2e-3);
    }
    assert_true(editor_doc_check(d)->ok);
    assert_true(editor_doc_undo(d));
    assert_non_null(json_object_get(
        json_array_get(json_object_get(editor_doc_json(d), "units"), (size_t)ui), "blocks"));
    editor_doc_destroy(d);
}

static void test_group_rotate(void **state)
{
    (void)state;
    char err[512];
    editor_doc *d = editor_doc_new("lcr", err, sizeof err);
    assert_non_null(d);
    int f = -1, u0 = -1, u1 = -1;
    assert_true(editor_add_rect(d, "forest", (vec2s){{60, 40}}, (vec2s){{80, 50}}, &f));
    editor_unit_desc a = {.side = 0, .origin = {{70, 60}}, .count = 4};
    assert_true(editor_add_unit(d, &a, &u0)); /* facing east: x = 70, y from 56.25 to 63.75 */
    editor_unit_desc b = {.side = 1, .origin = {{100, 60}}, .count = 2};
    assert_true(editor_add_unit(d, &b, &u1));
    /* the wood and Red turn a quarter clockwise about the centre of what they cover:
     * x 60..80, y 40..63.75, so the centre is (70, 51.875) */
    int fs[] = {f}, us[] = {u0};
    vec2s c = {{70, 51.875f}};
    vec2s p0 = fig_pos(d, u0, 0);
    assert_true(editor_group_rotate(d, fs, 1, us, 1, 90));
    vec2s want = {{c.x - (p0.y - c.y), c.y + (p0.x - c.x)}};
    assert_float_equal(fig_pos(d, u0, 0).x, want.x, 2e-3);
    assert_float_equal(fig_pos(d, u0, 0).y, want.y, 2e-3);
    assert_float_equal(editor_unit_figure(d, u0, 0)->facing, (float)GEOM_PI / 2, 1e-4);
    const terrain_feature *wood = &tbl(d)->features[f];
    assert_int_equal(wood->area.count, 4);
    assert_float_equal(wood->area.pts[0].x, c.x - (40 - c.y), 0.06); /* terrain: tenths */
    assert_float_equal(wood->area.pts[0].y, c.y + (60 - c.x), 0.06);
    /* Blue did not move */
    assert_float_equal(fig_pos(d, u1, 0).x, 100, 1e-4);
    /* one undo puts it all back */
    assert_true(editor_doc_undo(d));
    assert_float_equal(fig_pos(d, u0, 0).x, p0.x, 1e-4);
    assert_float_equal(tbl(d)->features[f].area.pts[0].x, 60, 1e-4);
    /* Red alone with Blue close in front: turning sweeps Red onto Blue, refused whole */
    assert_true(editor_unit_move(d, u1, (vec2s){{-27, 0}})); /* Blue at x = 73 */
    assert_false(editor_group_rotate(d, NULL, 0, us, 1, 90));
    assert_non_null(strstr(editor_doc_refusal(d), "would stand on top of"));
    assert_float_equal(fig_pos(d, u0, 0).x, p0.x, 1e-4);
    assert_float_equal(tbl(d)->features[f].area.pts[0].x, 60, 1e-4);
    /* a long group near the edge would leave the table: refused whole */
    assert_true(editor_doc_undo(d));
    editor_unit_desc e = {.side = 0, .origin = {{90, 10}}, .count = 40, .facing_deg = 270};
    int ue = -1;
    assert_true(editor_add_unit(d, &e, &ue)); /* a rank of 100 cm along the north edge */
    vec2s e0 = fig_pos(d, ue, 0);
    int one[] = {ue};
    assert_false(editor_group_rotate(d, NULL, 0, one, 1, 90));
    assert_non_null(strstr(editor_doc_refusal(d), "table"));
    assert_float_equal(fig_pos(d, ue, 0).x, e0.x, 1e-4);
    assert_false(editor_group_rotate(d, NULL, 0, NULL, 0, 15));
    editor_doc_destroy(d);
}

static void test_formations(void **state)
{
    (void)state;
    char err[512];
    editor_doc *d = editor_doc_new("tiny", err, sizeof err);
    assert_non_null(d);
    editor_unit_desc u = {.side = 0,
                          .origin = {{60, 60}},
                          .count = 4,
                          .role = FIGURE_ROLE_STAND,
                          .kind = "line_infantry",
                          .frontage_cm = 4,
                          .depth_cm = 2.5f};
    int ui = -1;
    assert_true(editor_add_unit(d, &u, &ui));
    editor_unit_desc foe = u;
    foe.side = 1;
    foe.origin = (vec2s){{60, 100}};
    assert_true(editor_add_unit(d, &foe, NULL));
    char list[EDITOR_FORMATIONS_MAX][EDITOR_WORD_MAX];
    int n = editor_unit_formations(d, ui, list, EDITOR_FORMATIONS_MAX);
    assert_true(n >= 2);
    assert_string_equal(list[0], "line");
    assert_string_equal(list[1], "column");
    assert_string_equal(editor_unit_formation(d, ui), "");
    assert_true(editor_unit_cycle_formation(d, ui, 1));
    assert_string_equal(editor_unit_formation(d, ui), "column");
    assert_string_equal(tbl(d)->units[ui].formation, "column");
    assert_false(editor_unit_set_formation(d, ui, "square"));
    assert_non_null(strstr(editor_doc_refusal(d), "line, column"));
    assert_string_equal(editor_unit_formation(d, ui), "column");
    editor_doc *back = save_and_open(d, "formation.json");
    assert_string_equal(tbl(back)->units[0].formation, "column");
    editor_doc_destroy(back);
    assert_true(editor_doc_undo(d));
    assert_string_equal(editor_unit_formation(d, ui), "");

    /* a file naming a formation the rule set does not know: the live check says so */
    char path[512];
    tmp_path(path, sizeof path, "wedge.json");
    assert_true(editor_doc_save(d, path, err, sizeof err));
    json_t *root = json_load_file(path, 0, NULL);
    json_object_set_new(json_array_get(json_object_get(root, "units"), 0), "formation",
                        json_string("wedge"));
    assert_int_equal(json_dump_file(root, path, 0), 0);
    json_decref(root);
    editor_doc *bad = editor_doc_open(path, err, sizeof err);
    assert_non_null(bad);
    assert_false(editor_doc_check(bad)->ok);
    assert_non_null(strstr(editor_doc_check(bad)->message, "\"wedge\""));
    assert_int_equal(editor_doc_check(bad)->unit, 0);
    assert_true(editor_unit_set_formation(bad, 0, "line"));
    editor_doc_destroy(bad);
    editor_doc_destroy(d);

    /* Colonial Rules for 15mm has no formations: nothing to choose, a word refused */
    d = editor_doc_new("cr15", err, sizeof err);
    assert_non_null(d);
    editor_unit_desc c = {.side = 0, .origin = {{60, 60}}, .count = 3};
    assert_true(editor_add_unit(d, &c, &ui));
    assert_int_equal(editor_unit_formations(d, ui, list, EDITOR_FORMATIONS_MAX), 0);
    assert_false(editor_unit_set_formation(d, ui, "line"));
    assert_false(editor_unit_cycle_formation(d, ui, 1));
    editor_doc_destroy(d);
}

static void test_commander(void **state)
{
    (void)state;
    char err[512];
    editor_doc *d = editor_doc_new("lcr", err, sizeof err);
    assert_non_null(d);
    editor_unit_desc u = {.side = 0, .origin = {{60, 60}}, .count = 5};
    int ui = -1;
    assert_true(editor_add_unit(d, &u, &ui));
    editor_unit_desc b = {.side = 1, .origin = {{60, 100}}, .count = 5, .facing_deg = 270};
    assert_true(editor_add_unit(d, &b, NULL));
    /* an officer added beside the rank commands it */
    editor_unit_desc off = u;
    (void)off;
    int k = -1;
    assert_true(editor_figure_add(d, ui, -1, (vec2s){{57, 60}}, &k));
    assert_int_equal(editor_unit_commander(d, ui), -1);
    /* the new figure is a soldier: made an officer by the file, as a designer would */
    json_t *fig = json_array_get(
        json_object_get(json_array_get(json_object_get(editor_doc_json(d), "units"), 0), "figures"),
        (size_t)k);
    assert_non_null(fig);
    assert_true(editor_unit_set_commander(d, ui, k));
    assert_int_equal(editor_unit_commander(d, ui), k);
    const figure *c = editor_unit_figure(d, ui, k);
    assert_string_equal(c->name, "Soldier of Red soldier 1");
    assert_true(editor_doc_check(d)->ok);
    editor_doc *back = save_and_open(d, "commander.json");
    assert_int_equal(editor_unit_commander(back, 0), k);
    editor_doc_destroy(back);
    /* his figure deleted, nobody commands */
    assert_true(editor_figure_delete(d, ui, k));
    assert_int_equal(editor_unit_commander(d, ui), -1);
    assert_true(editor_doc_undo(d));
    assert_int_equal(editor_unit_commander(d, ui), k);
    assert_true(editor_unit_set_commander(d, ui, -1));
    assert_int_equal(editor_unit_commander(d, ui), -1);
    editor_doc_destroy(d);

    /* an officer of lcr commands within his radius (15 cm for a regular officer): walked 40 cm
     * from his men the live check flags him, outside his unit */
    char path[512];
    d = editor_doc_new("lcr", err, sizeof err);
    editor_unit_desc r = {.side = 0, .origin = {{60, 60}}, .count = 4};
    assert_true(editor_add_unit(d, &r, &ui));
    assert_true(editor_add_unit(d, &b, NULL));
    tmp_path(path, sizeof path, "officer.json");
    assert_true(editor_doc_save(d, path, err, sizeof err));
    json_t *root = json_load_file(path, 0, NULL);
    json_t *figs = json_object_get(json_array_get(json_object_get(root, "units"), 0), "figures");
    json_object_set_new(json_array_get(figs, 0), "role", json_string("officer"));
    assert_int_equal(json_dump_file(root, path, 0), 0);
    json_decref(root);
    editor_doc_destroy(d);
    d = editor_doc_open(path, err, sizeof err);
    assert_non_null(d);
    assert_true(editor_unit_set_commander(d, 0, 0));
    assert_true(editor_doc_check(d)->ok);
    assert_true(editor_figure_move(d, 0, 0, (vec2s){{-40, 0}}));
    assert_false(editor_doc_check(d)->ok);
    assert_non_null(strstr(editor_doc_check(d)->message, "outside his unit"));
    assert_int_equal(editor_doc_check(d)->unit, 0);
    assert_true(editor_doc_undo(d));
    assert_true(editor_doc_check(d)->ok);
    editor_doc_destroy(d);
}

static void test_sides(void **state)
{
    (void)state;
    char err[512];
    editor_doc *d = editor_doc_new("lcr", err, sizeof err);
    assert_non_null(d);
    editor_unit_desc u = {.side = 0, .origin = {{60, 60}}, .count = 3};
    assert_true(editor_add_unit(d, &u, NULL));
    assert_true(editor_add_zone(d, 0, (vec2s){{0, 0}}, (vec2s){{180, 20}}));
    assert_true(editor_set_destroy(d, 0, 50));
    /* renamed: the unit, the zone and the victory condition follow */
    assert_true(editor_side_rename(d, 0, "Spaniards"));
    assert_string_equal(tbl(d)->sides[0].name, "Spaniards");
    assert_int_equal(tbl(d)->units[0].side.id, tbl(d)->sides[0].id.id);
    assert_int_equal(editor_doc_scenario(d)->zones[0].side.id, tbl(d)->sides[0].id.id);
    assert_int_equal(editor_doc_scenario(d)->victory[0].side.id, tbl(d)->sides[0].id.id);
    assert_non_null(strstr(editor_doc_scenario(d)->victory[0].text, "Spaniards wins"));
    assert_false(editor_side_rename(d, 1, "Spaniards"));
    assert_non_null(strstr(editor_doc_refusal(d), "Another side"));
    assert_false(editor_side_rename(d, 1, ""));
    /* colours from the palette, never one another side has */
    assert_int_equal(editor_side_colour(d, 0), 0);
    assert_int_equal(editor_side_colour(d, 1), 1);
    assert_true(editor_side_cycle_colour(d, 0, 1)); /* blue is Blue's: on to green */
    assert_int_equal(editor_side_colour(d, 0), 2);
    assert_false(editor_side_set_colour(d, 0, 1));
    /* a third side: lcr plays it */
    int s = -1;
    assert_true(editor_side_add(d, &s));
    assert_int_equal(s, 2);
    assert_int_equal(tbl(d)->side_count, 3);
    assert_string_equal(tbl(d)->sides[2].name, "Red"); /* red is free again */
    editor_doc *back = save_and_open(d, "sides.json");
    assert_int_equal(tbl(back)->side_count, 3);
    assert_string_equal(tbl(back)->sides[0].name, "Spaniards");
    assert_int_equal(tbl(back)->sides[0].colour, editor_side_palette[2].rgb);
    assert_int_equal(tbl(back)->sides[2].colour, editor_side_palette[0].rgb);
    editor_doc_destroy(back);
    /* a side with troops stays; one without goes */
    assert_false(editor_side_delete(d, 0));
    assert_true(editor_side_delete(d, 2));
    assert_int_equal(tbl(d)->side_count, 2);
    assert_false(editor_side_delete(d, 1)); /* two sides at least */
    while (editor_doc_undo(d))
        ;
    assert_string_equal(tbl(d)->sides[0].name, "Red");
    assert_int_equal(tbl(d)->side_count, 2);
    editor_doc_destroy(d);

    /* Colonial Wargames Rules plays two sides: a third is refused with the rule set's reason */
    d = editor_doc_new("cwr", err, sizeof err);
    assert_non_null(d);
    assert_false(editor_side_add(d, NULL));
    assert_non_null(strstr(editor_doc_refusal(d), "2 sides"));
    assert_int_equal(tbl(d)->side_count, 2);
    editor_doc_destroy(d);
}

/* Every shipped scenario passes the live check, formations and commanders included. */
static void test_shipped_pass(void **state)
{
    (void)state;
    static const char *const files[] = {"lcr_baler",  "lcr_lanao_road",       "lcr_teaching",
                                        "lcr_toledo", "tiny_two_brigades",    "cwr_ambush",
                                        "cwr_fort",   "cr15_mission_station", "cr15_square"};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char path[1024], err[512];
        snprintf(path, sizeof path, "%s/scenarios/%s.json", getenv("SANDTABLE_SOURCE_DIR"),
                 files[i]);
        editor_doc *d = editor_doc_open(path, err, sizeof err);
        if (!d)
            fail_msg("%s", err);
        if (!editor_doc_check(d)->ok)
            fail_msg("%s: %s", files[i], editor_doc_check(d)->message);
        editor_doc_destroy(d);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_figures_one_by_one), cmocka_unit_test(test_blocks_written_out),
        cmocka_unit_test(test_group_rotate),       cmocka_unit_test(test_formations),
        cmocka_unit_test(test_commander),          cmocka_unit_test(test_sides),
        cmocka_unit_test(test_shipped_pass),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
