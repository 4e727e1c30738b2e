/* The scenario editor's model (ui/editor_doc.h), headless: a blank lcr table gets a polygon
 * (undone and redone), a wall, two units; a unit placed on top of another is refused with the
 * reason; a self-crossing drag of a vertex is refused; the saved file loads and validates
 * (loader and rule set), with the previous file kept as .bak; a shipped scenario opens, its
 * terrain type cycles through the table's list, and a unit drag is one undo step; a group of
 * terrain and units moves and deletes as one undo step, refused whole onto a base; 200 random
 * edits on a blank table of each rule set never leave a document that fails to load or bases
 * that overlap; the balance check's seeded games. */
#include "ui/editor_doc.h"

#include "core/place.h"
#include "rules/rules.h"
#include "ui/editor_balance.h"
#include "ui/editor_scenario.h"
#include "ui/editor_units.h"

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <cmocka.h>

static const table *tbl(const editor_doc *d)
{
    return editor_doc_scenario(d)->table;
}

static void tmp_path(char *buf, size_t size, const char *name)
{
    const char *dir = getenv("TMPDIR");
    snprintf(buf, size, "%s/editor-%d-%s", dir && dir[0] ? dir : "/tmp", (int)getpid(), name);
}

static void test_build_from_nothing(void **state)
{
    (void)state;
    char err[512];
    editor_doc *d = editor_doc_new("lcr", err, sizeof err);
    assert_non_null(d);
    assert_int_equal(tbl(d)->feature_count, 0);
    assert_false(editor_doc_can_undo(d));
    /* a blank table is not a game yet: the live check says who has no troops */
    assert_false(editor_doc_check(d)->ok);
    assert_non_null(strstr(editor_doc_check(d)->message, "Red has no troops"));

    /* a jungle polygon: undo takes it away, redo brings it back */
    vec2s pts[] = {{{40, 40}}, {{70, 42}}, {{72, 70}}, {{45, 66}}};
    int f = -1;
    assert_true(editor_add_area(d, "jungle", pts, 4, &f));
    assert_int_equal(f, 0);
    assert_int_equal(tbl(d)->feature_count, 1);
    assert_int_equal(tbl(d)->features[0].area.count, 4);
    assert_true(editor_doc_undo(d));
    assert_int_equal(tbl(d)->feature_count, 0);
    assert_true(editor_doc_redo(d));
    assert_int_equal(tbl(d)->feature_count, 1);
    assert_string_equal(tbl(d)->types[tbl(d)->features[0].type].name, "jungle");

    /* a wall */
    vec2s wall[] = {{{100, 20}}, {{130, 20}}, {{140, 30}}};
    assert_true(editor_add_line(d, "wall", wall, 3, 1, &f));
    assert_int_equal(tbl(d)->features[1].shape, TERRAIN_SHAPE_LINE);
    assert_int_equal(tbl(d)->features[1].line.count, 3);
    /* the wall goes under the jungle in the drawing order, and back */
    int to = -1;
    assert_true(editor_feature_reorder(d, 1, -1, &to));
    assert_int_equal(to, 0);
    assert_int_equal(tbl(d)->features[0].shape, TERRAIN_SHAPE_LINE);
    assert_false(editor_feature_reorder(d, 0, -1, &to));
    assert_true(editor_feature_reorder(d, 0, 1, &to));
    assert_int_equal(tbl(d)->features[1].shape, TERRAIN_SHAPE_LINE);

    /* dragging a vertex so the polygon's edges cross is refused, the polygon unchanged */
    assert_false(editor_feature_move_point(d, 0, 1, (vec2s){{50, 80}}));
    assert_true(strstr(editor_doc_refusal(d), "The jungle") != NULL);
    assert_float_equal(tbl(d)->features[0].area.pts[1].x, 70, 1e-4);

    /* two units: a block of 6 in 2 ranks facing south, and one facing north */
    int u = -1;
    editor_unit_desc red = {.side = 0,
                            .origin = {{90, 20}},
                            .count = 6,
                            .ranks = 2,
                            .facing_deg = 90,
                            .quality = FIGURE_QUALITY_REGULAR,
                            .weapon = "mauser",
                            .kind = "line_infantry"};
    assert_true(editor_add_unit(d, &red, &u));
    assert_int_equal(u, 0);
    assert_int_equal(tbl(d)->figure_count, 6);
    /* facing south the right hand points west: the first figure is the easternmost */
    assert_float_equal(tbl(d)->figures[0].pos.x, 92.5f, 1e-4);
    assert_float_equal(tbl(d)->figures[3].pos.y, 17.5f, 1e-4);
    editor_unit_desc blue = red;
    blue.side = 1;
    blue.origin = (vec2s){{91, 19}}; /* on top of the first */
    blue.facing_deg = 270;
    assert_false(editor_add_unit(d, &blue, NULL));
    assert_true(strstr(editor_doc_refusal(d), "bases may touch but not overlap") != NULL);
    assert_int_equal(tbl(d)->figure_count, 6);
    blue.origin = (vec2s){{90, 100}};
    assert_true(editor_add_unit(d, &blue, &u));
    assert_int_equal(u, 1);
    assert_int_equal(tbl(d)->figure_count, 12);
    assert_int_equal(editor_unit_of_figure(d, tbl(d)->figures[7].id), 1);

    /* a victory condition and a turn limit */
    assert_true(editor_set_destroy(d, 0, 50));
    assert_true(editor_set_turn_limit(d, 8));
    assert_int_equal(editor_turn_limit(d), 8);
    assert_int_equal(editor_doc_scenario(d)->victory_count, 2);
    assert_true(editor_set_title(d, "The test ridge"));
    const editor_check *c = editor_doc_check(d);
    if (!c->ok)
        fail_msg("live check: %s", c->message);

    /* saved: it loads and the rule set takes it; a second save keeps the first as .bak */
    char path[512], bak[600];
    tmp_path(path, sizeof path, "built.json");
    assert_true(editor_doc_save(d, path, err, sizeof err));
    assert_false(editor_doc_dirty(d));
    assert_true(editor_unit_move(d, 1, (vec2s){{0, 4}}));
    assert_true(editor_doc_save(d, path, err, sizeof err));
    snprintf(bak, sizeof bak, "%s.bak", path);
    assert_int_equal(access(bak, R_OK), 0);
    scenario_error serr;
    scenario *s = scenario_load_file(path, &serr);
    if (!s)
        fail_msg("saved file: %s", serr.message);
    assert_true(rules_scenario_check(s, &serr));
    assert_string_equal(s->title, "The test ridge");
    assert_int_equal(s->table->feature_count, 2);
    assert_int_equal(s->table->figure_count, 12);
    assert_float_equal(s->table->figures[6].pos.y, 104, 1e-4);
    const rules_ops *ops = rules_find("lcr");
    char msg[300] = "";
    rules_state *rs =
        ops->create(&(rules_create_desc){.scenario = s, .table = s->table}, msg, sizeof msg);
    if (!rs)
        fail_msg("lcr refuses the saved file: %s", msg);
    ops->destroy(rs);
    scenario_destroy(s);
    unlink(path);
    unlink(bak);

    /* the balance check: 4 bot games on a thread, the same outcome twice (seeded) */
    editor_balance_result r[2];
    for (int run = 0; run < 2; run++) {
        editor_balance *b = editor_balance_start(editor_doc_scenario(d), 4, err, sizeof err);
        assert_non_null(b);
        for (int wait = 0; wait < 6000; wait++) { /* a generous minute, polled */
            editor_balance_result_get(b, &r[run]);
            if (!r[run].running)
                break;
            nanosleep(&(struct timespec){.tv_sec = 0, .tv_nsec = 10000000}, NULL);
        }
        editor_balance_stop(b);
        assert_true(r[run].complete);
        assert_int_equal(r[run].done, 4);
        assert_int_equal(r[run].wins[0] + r[run].wins[1] + r[run].wins[2], 4);
        assert_true(r[run].mean_turns >= 1);
        assert_string_equal(r[run].side_names[2], "Blue");
        assert_true(r[run].win_lo[1] <= 100.0 * r[run].wins[1] / 4 &&
                    100.0 * r[run].wins[1] / 4 <= r[run].win_hi[1]);
    }
    assert_memory_equal(r[0].wins, r[1].wins, sizeof r[0].wins);
    assert_float_equal(r[0].mean_turns, r[1].mean_turns, 0);
    editor_doc_destroy(d);
}

static void test_live_check_and_refusals(void **state)
{
    (void)state;
    char err[512];
    editor_doc *d = editor_doc_new("lcr", err, sizeof err);
    assert_non_null(d);
    /* a unit of a weapon lcr does not know: kept, and the live check names and rings it */
    editor_unit_desc u = {.side = 0,
                          .origin = {{50, 50}},
                          .count = 2,
                          .weapon = "phaser",
                          .kind = "line_infantry",
                          .name = "Odd squad"};
    assert_true(editor_add_unit(d, &u, NULL));
    const editor_check *c = editor_doc_check(d);
    assert_false(c->ok);
    assert_true(strstr(c->message, "phaser") != NULL);
    assert_null(strstr(c->message, "$."));
    assert_null(strstr(c->message, ".json"));
    /* a unit off the table is refused */
    u.origin = (vec2s){{500, 50}};
    u.name = "Lost";
    assert_false(editor_add_unit(d, &u, NULL));
    assert_true(strstr(editor_doc_refusal(d), "Lost") != NULL);
    /* a unit standing in a river (impassable) is flagged, the river ringed */
    assert_true(editor_unit_delete(d, 0));
    assert_true(editor_add_rect(d, "river", (vec2s){{10, 10}}, (vec2s){{40, 40}}, NULL));
    u.origin = (vec2s){{20, 20}};
    u.weapon = "mauser";
    u.name = "Wet feet";
    assert_true(editor_add_unit(d, &u, NULL));
    c = editor_doc_check(d);
    assert_false(c->ok);
    assert_int_equal(c->feature, 0);
    assert_int_equal(c->unit, 0);
    /* deployment zones: one for Red, then taken away; none to take from Blue */
    assert_true(editor_add_zone(d, 0, (vec2s){{0, 0}}, (vec2s){{50, 20}}));
    assert_int_equal(editor_doc_scenario(d)->zone_count, 1);
    assert_int_equal(editor_doc_scenario(d)->zones[0].side.id, 1);
    assert_true(editor_clear_zones(d, 0));
    assert_int_equal(editor_doc_scenario(d)->zone_count, 0);
    assert_false(editor_clear_zones(d, 1));
    /* the table shrinks only while everything stays on it */
    assert_true(editor_set_table_size(d, 60, 60));
    assert_float_equal(tbl(d)->width_cm, 60, 0);
    assert_false(editor_set_table_size(d, 30, 30));
    assert_non_null(strstr(editor_doc_refusal(d), "table"));
    assert_float_equal(tbl(d)->width_cm, 60, 0);
    editor_doc_destroy(d);
}

static void test_shipped_scenario(void **state)
{
    (void)state;
    char path[1024], err[512];
    snprintf(path, sizeof path, "%s/scenarios/tiny_two_brigades.json",
             getenv("SANDTABLE_SOURCE_DIR"));
    editor_doc *d = editor_doc_open(path, err, sizeof err);
    if (!d)
        fail_msg("%s", err);
    assert_true(editor_doc_check(d)->ok);
    assert_float_equal(editor_doc_grid_cm(d), 2.5f, 0);
    const editor_lists *l = editor_doc_lists(d);
    assert_true(l->kind_count >= 10);
    /* the wood becomes the next type in the table's list */
    const table *t = tbl(d);
    int before = t->features[0].type;
    assert_true(editor_feature_cycle_type(d, 0, 1));
    assert_int_equal(tbl(d)->features[0].type, (before + 1) % tbl(d)->type_count);
    /* a drag of a unit over several frames is one undo step */
    int u = editor_unit_of_figure(d, tbl(d)->figures[3].id);
    assert_true(u >= 0);
    float x0 = tbl(d)->figures[3].pos.x, y0 = tbl(d)->figures[3].pos.y;
    editor_drag_begin(d);
    for (int i = 1; i <= 5; i++) {
        editor_drag_reset(d);
        assert_true(editor_unit_move(d, u, (vec2s){{0, (float)i}}));
    }
    assert_true(editor_drag_end(d));
    assert_float_equal(tbl(d)->figures[3].pos.y, y0 + 5, 1e-4);
    assert_true(editor_doc_undo(d));
    assert_float_equal(tbl(d)->figures[3].pos.x, x0, 1e-4);
    assert_float_equal(tbl(d)->figures[3].pos.y, y0, 1e-4);
    assert_int_equal(tbl(d)->features[0].type, (before + 1) % tbl(d)->type_count);
    assert_true(editor_doc_undo(d));
    assert_int_equal(tbl(d)->features[0].type, before);
    editor_doc_destroy(d);
}

/* A box-selected group (a wood and a unit) moves as one undo step; a group move that would put
 * a base on another is refused whole; a group delete takes both, one undo brings both back. */
static void test_group_move(void **state)
{
    (void)state;
    char err[512];
    editor_doc *d = editor_doc_new("lcr", err, sizeof err);
    assert_non_null(d);
    int f = -1, u0 = -1, u1 = -1;
    assert_true(editor_add_rect(d, "jungle", (vec2s){{20, 20}}, (vec2s){{40, 35}}, &f));
    editor_unit_desc a = {.side = 0, .origin = {{50, 30}}, .count = 4};
    editor_unit_desc b = {.side = 1, .origin = {{50, 60}}, .count = 4};
    assert_true(editor_add_unit(d, &a, &u0));
    assert_true(editor_add_unit(d, &b, &u1));
    int figs = tbl(d)->figure_count;
    assert_int_equal(figs, 8);
    float fx = tbl(d)->features[f].area.pts[0].x;
    float ux[8], uy[8];
    for (int i = 0; i < figs; i++) {
        ux[i] = tbl(d)->figures[i].pos.x;
        uy[i] = tbl(d)->figures[i].pos.y;
    }

    /* the wood and the first unit move 10 cm east together, the second unit stays */
    int fs[] = {f}, us[] = {u0};
    assert_true(editor_group_move(d, fs, 1, us, 1, (vec2s){{10, 0}}));
    assert_float_equal(tbl(d)->features[f].area.pts[0].x, fx + 10, 1e-4);
    int moved = 0;
    for (int i = 0; i < figs; i++) {
        const figure *g = &tbl(d)->figures[i];
        bool mine = editor_unit_of_figure(d, g->id) == u0;
        assert_float_equal(g->pos.x, ux[i] + (mine ? 10 : 0), 1e-4);
        assert_float_equal(g->pos.y, uy[i], 1e-4);
        moved += mine;
    }
    assert_int_equal(moved, 4);
    /* one undo puts both back */
    assert_true(editor_doc_undo(d));
    assert_float_equal(tbl(d)->features[f].area.pts[0].x, fx, 1e-4);
    for (int i = 0; i < figs; i++)
        assert_float_equal(tbl(d)->figures[i].pos.x, ux[i], 1e-4);
    assert_true(editor_doc_redo(d));

    /* moving the group onto the second unit is refused whole, with the reason */
    assert_false(editor_group_move(d, fs, 1, us, 1, (vec2s){{-10, 30}}));
    assert_non_null(strstr(editor_doc_refusal(d), "would stand on top of"));
    assert_float_equal(tbl(d)->features[f].area.pts[0].x, fx + 10, 1e-4);
    for (int i = 0; i < figs; i++)
        assert_float_equal(tbl(d)->figures[i].pos.y, uy[i], 1e-4);
    /* the same as a drag over several frames: refused at the end, the start restored */
    editor_drag_begin(d);
    for (int i = 1; i <= 3; i++) {
        editor_drag_reset(d);
        editor_group_move(d, fs, 1, us, 1, (vec2s){{-10, 10.0f * (float)i}});
    }
    assert_false(editor_drag_end(d));
    for (int i = 0; i < figs; i++)
        assert_float_equal(tbl(d)->figures[i].pos.y, uy[i], 1e-4);
    /* empty or stale groups are refused */
    assert_false(editor_group_move(d, NULL, 0, NULL, 0, (vec2s){{1, 0}}));
    int stale[] = {7};
    assert_false(editor_group_move(d, stale, 1, NULL, 0, (vec2s){{1, 0}}));

    /* deleting the whole group (both units and the wood) is one step */
    int both[] = {u1, u0};
    assert_true(editor_group_delete(d, fs, 1, both, 2));
    assert_int_equal(tbl(d)->feature_count, 0);
    assert_int_equal(tbl(d)->figure_count, 0);
    assert_true(editor_doc_undo(d));
    assert_int_equal(tbl(d)->feature_count, 1);
    assert_int_equal(tbl(d)->figure_count, 8);

    /* the description is kept and read back, and can be removed */
    char text[256];
    assert_true(editor_set_description(d, "A ford in the jungle."));
    editor_description(d, text, sizeof text);
    assert_string_equal(text, "A ford in the jungle.");
    assert_true(editor_set_description(d, ""));
    editor_description(d, text, sizeof text);
    assert_string_equal(text, "");
    editor_doc_destroy(d);
}

/* A small seeded generator for the random edits. */
static uint32_t rnd_state = 12345;
static uint32_t rnd(uint32_t n)
{
    rnd_state = rnd_state * 1664525u + 1013904223u;
    return (rnd_state >> 8) % n;
}

static vec2s rnd_point(void)
{
    /* now and then off the table, so the loader has something to refuse */
    return (vec2s){{(float)rnd(200) - 10, (float)rnd(140) - 10}};
}

/* One random edit of ui/editor_units.h: a figure added, deleted, moved or turned, a group
 * turned, a formation or commander set, a side renamed, recoloured, added or taken away. */
static bool random_units_edit(editor_doc *d, const vec2s *pts)
{
    const table *t = tbl(d);
    int nf = t->feature_count, nu = t->unit_count;
    int u = nu ? (int)rnd((uint32_t)nu) : 0;
    int n = editor_unit_figure_count(d, u);
    int k = n ? (int)rnd((uint32_t)n) : 0;
    static const char *const names[] = {"Spaniards", "Filipinos", "Red", "Blue"};
    bool ok = false;
    switch (rnd(9)) {
    case 0:
        ok = editor_figure_add(d, u, rnd(2) ? -1 : k, pts[0], NULL);
        break;
    case 1:
        ok = editor_figure_delete(d, u, k);
        break;
    case 2:
        ok = editor_figure_move(d, u, k, (vec2s){{(float)rnd(11) - 5, (float)rnd(11) - 5}});
        break;
    case 3:
        ok = editor_figure_turn(d, u, k, (float)rnd(360));
        break;
    case 4: { /* a group of up to two pieces and two units */
        int fs[2] = {nf ? (int)rnd((uint32_t)nf) : 0, nf ? (int)rnd((uint32_t)nf) : 0};
        int us[2] = {u, nu ? (int)rnd((uint32_t)nu) : 0};
        ok = editor_group_rotate(d, fs, nf ? 1 + (int)rnd(2) : 0, us, nu ? 1 + (int)rnd(2) : 0,
                                 (float)rnd(360));
        break;
    }
    case 5:
        if (rnd(2))
            ok = editor_unit_cycle_formation(d, u, rnd(2) ? 1 : -1);
        else
            ok = editor_unit_set_formation(d, u, rnd(2) ? "wedge" : "");
        break;
    case 6:
        ok = editor_unit_set_commander(d, u, (int)rnd((uint32_t)n + 1) - 1);
        break;
    case 7:
        if (rnd(2))
            ok = editor_side_rename(d, (int)rnd(3), names[rnd(4)]);
        else
            ok = editor_side_cycle_colour(d, (int)rnd(3), rnd(2) ? 1 : -1);
        break;
    default:
        if (rnd(2))
            ok = editor_side_add(d, NULL);
        else
            ok = editor_side_delete(d, (int)rnd(3));
        break;
    }
    return ok;
}

/* 200 random edits, undos and redos on a blank table of each rule set (terrain, units,
 * reinforcements, victory conditions and their areas, rule-set options): the document always
 * loads, bases never overlap, and undoing everything gives the blank table back (its two
 * sides as they were named); the edits include ui/editor_units.h's. */
static void test_random_edits(void **state)
{
    (void)state;
    static const char *const sets[] = {"lcr", "tiny", "cwr", "cr15"};
    for (int k = 0; k < 4; k++) {
        char err[512];
        editor_doc *d = editor_doc_new(sets[k], err, sizeof err);
        assert_non_null(d);
        int most_figures = 0, most_features = 0, refused = 0, most_reinf = 0, most_victory = 0;
        int units_done = 0;
        for (int i = 0; i < 200; i++) {
            const table *t = tbl(d);
            int nf = t->feature_count, nu = t->unit_count;
            vec2s pts[6];
            int n = 2 + (int)rnd(5);
            for (int p = 0; p < n; p++)
                pts[p] = rnd_point();
            switch (rnd(21)) {
            case 0:
                editor_add_area(d, t->types[rnd((uint32_t)t->type_count)].name, pts, n, NULL);
                break;
            case 1:
                editor_add_line(d, "wall", pts, n, 1, NULL);
                break;
            case 2:
                editor_add_circle(d, "hill", pts[0], (float)rnd(30), NULL);
                break;
            case 3:
            case 4:
            case 20: {
                editor_unit_desc u = {.side = (int)rnd(3), /* side 2 does not exist */
                                      .origin = pts[0],
                                      .count = 1 + (int)rnd(8),
                                      .ranks = 1 + (int)rnd(3),
                                      .facing_deg = (float)rnd(360),
                                      .frontage_cm = rnd(2) ? 4 : 0,
                                      .depth_cm = 2.5f};
                editor_add_unit(d, &u, NULL);
                break;
            }
            case 5:
                editor_feature_move(d, nf ? (int)rnd((uint32_t)nf) : 0,
                                    (vec2s){{(float)rnd(21) - 10, 0}});
                break;
            case 6:
                editor_feature_move_point(d, nf ? (int)rnd((uint32_t)nf) : -1, (int)rnd(6), pts[1]);
                break;
            case 7:
                editor_unit_move(d, nu ? (int)rnd((uint32_t)nu) : 0,
                                 (vec2s){{0, (float)rnd(41) - 20}});
                break;
            case 8:
                editor_unit_rotate(d, nu ? (int)rnd((uint32_t)nu) : 0, (float)rnd(360));
                break;
            case 9:
                if (rnd(2))
                    editor_feature_delete(d, nf ? (int)rnd((uint32_t)nf) : 0);
                else
                    editor_unit_delete(d, nu ? (int)rnd((uint32_t)nu) : 0);
                break;
            case 10:
                editor_feature_cycle_type(d, nf ? (int)rnd((uint32_t)nf) : 0, rnd(2) ? 1 : -1);
                editor_feature_duplicate(d, nf ? (int)rnd((uint32_t)nf) : 0, pts[2], NULL);
                break;
            case 11:
                editor_set_turn_limit(d, (int)rnd(20));
                editor_set_destroy(d, (int)rnd(2), (int)rnd(101));
                break;
            case 12:
                editor_doc_undo(d);
                break;
            case 14: /* a reinforcement (turn 0: back on the table), by any edge */
                editor_unit_set_arrival(d, nu ? (int)rnd((uint32_t)nu) : 0, (int)rnd(4),
                                        (scenario_edge)rnd(5), rnd(2) ? pts[3] : (vec2s){{NAN, 0}});
                break;
            case 15: { /* a victory condition of the rule set's, its area dragged, or one gone */
                const rules_scenario_terms *terms = editor_terms(d);
                int nv = editor_victory_count(d);
                if (rnd(3) == 0)
                    editor_victory_delete(d, nv ? (int)rnd((uint32_t)nv) : 0);
                else if (rnd(2) && nv)
                    editor_victory_area_move_point(d, (int)rnd((uint32_t)nv), (int)rnd(4), pts[4]);
                else
                    editor_victory_add(d, terms->victory[rnd((uint32_t)terms->victory_count)].kind,
                                       (int)rnd(3) - 1, (int)rnd(120), (int)rnd(12), pts[0], pts[1],
                                       NULL);
                break;
            }
            case 16: { /* a rule-set option stepped, or a side put in a list */
                const rules_scenario_terms *terms = editor_terms(d);
                const rules_option_desc *o = &terms->options[rnd((uint32_t)terms->option_count)];
                if (o->type == RULES_OPTION_SIDES || o->type == RULES_OPTION_UNITS)
                    editor_option_toggle(d, o->key, t->side_count ? t->sides[0].name : "");
                else
                    editor_option_step(d, o->key, rnd(2) ? 1 : -1);
                break;
            }
            case 17:
            case 18:
            case 19:
                units_done += random_units_edit(d, pts);
                break;
            default: /* a drag of a unit over a few frames */
                editor_drag_begin(d);
                for (int f = 1; f <= 3; f++) {
                    editor_drag_reset(d);
                    editor_unit_move(d, nu ? (int)rnd((uint32_t)nu) : 0,
                                     (vec2s){{(float)f * 5, 0}});
                }
                editor_drag_end(d);
                if (rnd(2))
                    editor_doc_redo(d);
                break;
            }
            const scenario *sc = editor_doc_scenario(d);
            assert_non_null(sc);
            assert_int_equal(place_overlaps(sc->table, NULL, 0), 0);
            (void)editor_doc_check(d); /* the live check never fails to answer */
            most_figures =
                sc->table->figure_count > most_figures ? sc->table->figure_count : most_figures;
            most_features =
                sc->table->feature_count > most_features ? sc->table->feature_count : most_features;
            refused += editor_doc_refusal(d)[0] != '\0';
            most_reinf =
                sc->reinforcement_count > most_reinf ? sc->reinforcement_count : most_reinf;
            most_victory = sc->victory_count > most_victory ? sc->victory_count : most_victory;
        }
        printf("%s: most figures %d, features %d, refused %d, unit edits %d\n", sets[k],
               most_figures, most_features, refused, units_done);
        /* the edits did build something, and some were refused */
        assert_true(most_figures >= 10);
        assert_true(most_features >= 3);
        assert_true(refused >= 10);
        assert_true(most_reinf >= 1);
        assert_true(most_victory >= 2);
        assert_true(units_done >= 5); /* the edits of ui/editor_units.h did happen */
        while (editor_doc_undo(d))
            ;
        assert_int_equal(tbl(d)->feature_count, 0);
        assert_int_equal(tbl(d)->figure_count, 0);
        assert_int_equal(editor_doc_scenario(d)->reinforcement_count, 0);
        assert_int_equal(editor_victory_count(d), 0);
        assert_int_equal(json_object_size(editor_doc_scenario(d)->rules_options), 0);
        assert_int_equal(tbl(d)->side_count, 2);
        assert_string_equal(tbl(d)->sides[0].name, "Red");
        assert_string_equal(tbl(d)->sides[1].name, "Blue");
        editor_doc_destroy(d);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_build_from_nothing), cmocka_unit_test(test_live_check_and_refusals),
        cmocka_unit_test(test_shipped_scenario),   cmocka_unit_test(test_group_move),
        cmocka_unit_test(test_random_edits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
