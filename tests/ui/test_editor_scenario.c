/* The scenario editor's scenario-level settings (ui/editor_scenario.h), headless: a unit made a
 * reinforcement queues behind the nearest edge facing the table, a second one queues behind it,
 * both survive save and load, and turn 0 brings one back on the table; a "hold" area is added,
 * its point dragged and moved, a share stepped, and a kind the rule set does not score is
 * refused; every option and victory kind each rule set lists is accepted by that rule set on
 * its shipped scenarios (the editor's lists and the rule sets agree); the balance check's
 * "reinforcements mattered" on made-up game ends, and what a seeded game of a scenario with
 * reinforcements counts standing at its end. */
#include "ui/editor_scenario.h"

#include "core/place.h"
#include "ui/editor_balance.h"

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
    snprintf(buf, size, "%s/edscen-%d-%s", dir && dir[0] ? dir : "/tmp", (int)getpid(), name);
}

/* The figures of document unit `u`: all off the table, how far beyond the west edge the
 * nearest and farthest stand, and the facing of the first. */
static void unit_span(const editor_doc *d, int u, bool *off, float *near_x, float *far_x,
                      float *facing)
{
    const table *t = tbl(d);
    *off = true;
    *near_x = -1e9f;
    *far_x = 1e9f;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        if ((int)f->unit.id - 1 != u)
            continue;
        *off = *off && (f->status & FIGURE_STATUS_OFF_TABLE);
        *near_x = fmaxf(*near_x, f->pos.x + f->base.radius_cm);
        *far_x = fminf(*far_x, f->pos.x - f->base.radius_cm);
        *facing = f->facing;
    }
}

static void test_reinforcements(void **state)
{
    (void)state;
    char err[512];
    editor_doc *d = editor_doc_new("lcr", err, sizeof err);
    assert_non_null(d);
    int a, b, c;
    editor_unit_desc u = {.side = 0,
                          .origin = {{20, 50}},
                          .count = 6,
                          .ranks = 2,
                          .facing_deg = 90,
                          .weapon = "remington"};
    assert_true(editor_add_unit(d, &u, &a));
    u.origin = (vec2s){{30, 80}};
    assert_true(editor_add_unit(d, &u, &b));
    u = (editor_unit_desc){.side = 1, .origin = {{150, 60}}, .count = 4, .weapon = "remington"};
    assert_true(editor_add_unit(d, &u, &c));
    editor_arrival ar;
    assert_true(editor_unit_arrival(d, a, &ar));
    assert_int_equal(ar.turn, 0);
    assert_int_equal(ar.group, -1);
    /* no turn 0 for a unit on the table already, none past 999 */
    assert_false(editor_unit_set_arrival(d, a, 0, SCENARIO_EDGE_NONE, (vec2s){{NAN, 0}}));
    assert_non_null(strstr(editor_doc_refusal(d), "from the start already"));
    assert_false(editor_unit_set_arrival(d, a, 1000, SCENARIO_EDGE_NONE, (vec2s){{NAN, 0}}));

    /* turn 3 by the nearest edge (west), at the point of it nearest the unit */
    assert_true(editor_unit_set_arrival(d, a, 3, SCENARIO_EDGE_NONE, (vec2s){{NAN, 0}}));
    assert_true(editor_unit_arrival(d, a, &ar));
    assert_int_equal(ar.turn, 3);
    assert_int_equal(ar.edge, SCENARIO_EDGE_WEST);
    assert_float_equal(ar.entry.x, 0, 1e-4);
    assert_float_equal(ar.entry.y, 48.8, 0.3); /* the block's centre: ranks behind (north) */
    bool off;
    float near_a, far_a, facing;
    unit_span(d, a, &off, &near_a, &far_a, &facing);
    assert_true(off);
    assert_true(near_a <= -0.99f && near_a >= -1.01f); /* 1 cm behind the edge */
    assert_float_equal(facing, 0, 1e-3);               /* facing the table (east) */
    const scenario *s = editor_doc_scenario(d);
    assert_int_equal(s->reinforcement_count, 1);
    assert_int_equal(s->reinforcements[0].turn, 3);

    /* the second at the same entry point joins the same reinforcement, queued behind the first */
    assert_true(editor_unit_set_arrival(d, b, 3, SCENARIO_EDGE_WEST, ar.entry));
    s = editor_doc_scenario(d);
    assert_int_equal(s->reinforcement_count, 1);
    assert_int_equal(s->reinforcements[0].unit_count, 2);
    float near_b, far_b;
    unit_span(d, b, &off, &near_b, &far_b, &facing);
    assert_true(off);
    assert_true(near_b <= far_a - 0.99f);
    assert_true(editor_doc_check(d)->ok);

    /* a later turn for the second: a reinforcement of its own */
    assert_true(editor_unit_set_arrival(d, b, 5, SCENARIO_EDGE_NONE, (vec2s){{NAN, 0}}));
    assert_int_equal(editor_doc_scenario(d)->reinforcement_count, 2);

    /* save, load: the same arrivals */
    char path[1024];
    tmp_path(path, sizeof path, "reinf.json");
    assert_true(editor_doc_save(d, path, err, sizeof err));
    editor_doc *e = editor_doc_open(path, err, sizeof err);
    if (!e)
        fail_msg("%s", err);
    editor_arrival ea;
    assert_true(editor_unit_arrival(e, b, &ea));
    assert_int_equal(ea.turn, 5);
    assert_int_equal(ea.edge, SCENARIO_EDGE_WEST);
    assert_true(editor_unit_arrival(e, a, &ea));
    assert_int_equal(ea.turn, 3);
    assert_float_equal(ea.entry.y, ar.entry.y, 1e-4);
    editor_doc_destroy(e);

    /* turn 0: the first is on the table again, just inside the west edge */
    assert_true(editor_unit_set_arrival(d, a, 0, SCENARIO_EDGE_NONE, (vec2s){{NAN, 0}}));
    assert_true(editor_unit_arrival(d, a, &ar));
    assert_int_equal(ar.group, -1);
    unit_span(d, a, &off, &near_a, &far_a, &facing);
    assert_false(off);
    assert_true(far_a >= 0.99f);
    assert_int_equal(place_overlaps(tbl(d), NULL, 0), 0);
    /* undo all: the three units on the table from the start, no reinforcements */
    for (int i = 0; i < 4; i++)
        assert_true(editor_doc_undo(d));
    assert_int_equal(editor_doc_scenario(d)->reinforcement_count, 0);
    unit_span(d, a, &off, &near_a, &far_a, &facing);
    assert_false(off);
    editor_doc_destroy(d);
    unlink(path);
    snprintf(path + strlen(path), 8, ".bak");
    unlink(path);
}

static void test_victory_areas(void **state)
{
    (void)state;
    char err[512];
    editor_doc *d = editor_doc_new("lcr", err, sizeof err);
    assert_non_null(d);
    int before = editor_victory_count(d);
    /* lcr scores no "exit", cwr's rules no "hold" */
    assert_false(
        editor_victory_add(d, "exit", 0, 0, 0, (vec2s){{10, 10}}, (vec2s){{30, 30}}, NULL));
    assert_non_null(strstr(editor_doc_refusal(d), "no such victory"));
    int v = -1;
    assert_true(editor_victory_add(d, "hold", 1, 0, 0, (vec2s){{80, 40}}, (vec2s){{100, 60}}, &v));
    assert_int_equal(v, before);
    const scenario *s = editor_doc_scenario(d);
    assert_string_equal(s->victory[v].kind, "hold");
    assert_string_equal(table_side(s->table, s->victory[v].side)->name, "Blue");
    assert_int_equal(s->victory[v].area.count, 4);
    char words[256];
    editor_victory_words(d, v, words, sizeof words);
    assert_string_equal(words, "Blue holds the area at the end");
    /* a corner dragged out, the whole area moved: editable like terrain */
    assert_true(editor_victory_area_move_point(d, v, 2, (vec2s){{110, 70}}));
    assert_true(editor_victory_area_move(d, v, (vec2s){{-10, 5}}));
    vec2s pts[8];
    assert_int_equal(editor_victory_points(d, v, pts, 8), 4);
    assert_float_equal(pts[0].x, 70, 1e-4);
    assert_float_equal(pts[0].y, 45, 1e-4);
    assert_float_equal(pts[2].x, 100, 1e-4);
    assert_float_equal(pts[2].y, 75, 1e-4);
    /* a point that would make its edges cross is refused, the area as it was */
    assert_false(editor_victory_area_move_point(d, v, 0, (vec2s){{95, 80}}));
    assert_int_equal(editor_victory_points(d, v, pts, 8), 4);
    assert_float_equal(pts[0].x, 70, 1e-4);
    /* the side steps to Red; its text follows */
    assert_true(editor_victory_step_side(d, v, 1));
    editor_victory_words(d, v, words, sizeof words);
    assert_string_equal(words, "Red holds the area at the end");
    assert_false(editor_victory_step_value(d, v, 1)); /* a hold has no share */
    /* a share for the other side, stepped within 1 to 100 */
    int w = -1;
    assert_true(editor_victory_add(d, "destroy", 1, 40, 0, (vec2s){{0, 0}}, (vec2s){{0, 0}}, &w));
    assert_true(editor_victory_step_value(d, w, 10));
    assert_int_equal(editor_doc_scenario(d)->victory[w].value, 50);
    assert_false(editor_victory_step_value(d, w, 60));
    editor_victory_words(d, w, words, sizeof words);
    assert_string_equal(words, "Blue: 50% of the enemy fallen");
    /* options from lcr's list: wounds on (default, off, on), 0 soldier cards (the first value) */
    const rules_scenario_terms *terms = editor_terms(d);
    const rules_option_desc *wounds = NULL, *cards = NULL;
    for (int i = 0; i < terms->option_count; i++) {
        wounds = strcmp(terms->options[i].key, "wounds") == 0 ? &terms->options[i] : wounds;
        cards = strcmp(terms->options[i].key, "soldier_cards") == 0 ? &terms->options[i] : cards;
    }
    assert_non_null(wounds);
    assert_non_null(cards);
    editor_option_words(d, wounds, words, sizeof words);
    assert_string_equal(words, "default");
    assert_true(editor_option_step(d, "wounds", -1));
    assert_true(editor_option_step(d, "soldier_cards", 1));
    assert_false(editor_option_step(d, "no_such_option", 1));
    assert_false(editor_option_toggle(d, "wounds", "Red")); /* not a list */
    /* saved and loaded: the same area and options */
    char path[1024];
    tmp_path(path, sizeof path, "victory.json");
    assert_true(editor_doc_save(d, path, err, sizeof err));
    editor_doc *e = editor_doc_open(path, err, sizeof err);
    if (!e)
        fail_msg("%s", err);
    vec2s again[8];
    assert_int_equal(editor_victory_points(e, v, again, 8), 4);
    for (int i = 0; i < 4; i++) {
        assert_float_equal(again[i].x, pts[i].x, 1e-4);
        assert_float_equal(again[i].y, pts[i].y, 1e-4);
    }
    editor_option_words(e, wounds, words, sizeof words);
    assert_string_equal(words, "on");
    editor_option_words(e, cards, words, sizeof words);
    assert_string_equal(words, "0");
    editor_doc_destroy(e);
    assert_true(editor_victory_delete(d, v));
    assert_int_equal(editor_victory_count(d), before + 1);
    editor_doc_destroy(d);

    /* a file's condition of a kind lcr does not score: the live check names it, at its index */
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("{\"title\": \"x\", \"ruleset\": \"lcr\", \"table\": {\"width_cm\": 60, "
          "\"height_cm\": 60}, \"sides\": [{\"name\": \"Red\"}, {\"name\": \"Blue\"}], "
          "\"units\": [{\"name\": \"A\", \"side\": \"Red\", \"figures\": [{\"pos\": [10, 10]}]}, "
          "{\"name\": \"B\", \"side\": \"Blue\", \"figures\": [{\"pos\": [50, 50]}]}], "
          "\"victory\": [{\"kind\": \"turns\", \"turns\": 5}, {\"kind\": \"exit\", "
          "\"side\": \"Red\", \"rect\": [50, 0, 60, 60]}]}",
          f);
    fclose(f);
    d = editor_doc_open(path, err, sizeof err);
    if (!d)
        fail_msg("%s", err);
    assert_false(editor_doc_check(d)->ok);
    assert_int_equal(editor_doc_check(d)->victory, 1);
    assert_null(editor_victory_desc(d, 1));
    editor_doc_destroy(d);
    unlink(path);
    snprintf(path + strlen(path), 8, ".bak");
    unlink(path);
}

/* Every value the editor offers for each option, and each victory kind, on every shipped
 * scenario: the rule set accepts them all (the live check stays ok). */
static void test_terms_agree(void **state)
{
    (void)state;
    static const char *const files[] = {"lcr_lanao_road.json", "tiny_two_brigades.json",
                                        "cwr_ambush.json", "cr15_square.json"};
    for (int f = 0; f < 4; f++) {
        char path[1024], err[512];
        snprintf(path, sizeof path, "%s/scenarios/%s", getenv("SANDTABLE_SOURCE_DIR"), files[f]);
        editor_doc *d = editor_doc_open(path, err, sizeof err);
        if (!d)
            fail_msg("%s", err);
        if (!editor_doc_check(d)->ok)
            fail_msg("%s: %s", files[f], editor_doc_check(d)->message);
        const rules_scenario_terms *terms = editor_terms(d);
        assert_non_null(terms);
        assert_true(terms->option_count >= 1);
        for (int i = 0; i < terms->option_count; i++) {
            const rules_option_desc *o = &terms->options[i];
            char words[256];
            if (o->type == RULES_OPTION_SIDES || o->type == RULES_OPTION_UNITS) {
                char name[TABLE_NAME_MAX]; /* a copy: the table is made again by the edit */
                snprintf(name, sizeof name, "%s",
                         o->type == RULES_OPTION_SIDES ? tbl(d)->sides[0].name
                                                       : tbl(d)->units[0].name);
                bool had = editor_option_has(d, o->key, name);
                assert_true(editor_option_toggle(d, o->key, name));
                assert_true(editor_option_has(d, o->key, name) == !had);
                if (!editor_doc_check(d)->ok)
                    fail_msg("%s %s: %s", files[f], o->key, editor_doc_check(d)->message);
                continue;
            }
            /* from the rules' default: the first value, then back past the default to the last */
            bool was_set = json_object_get(json_object_get(editor_doc_json(d), "ruleset_options"),
                                           o->key) != NULL;
            int steps[] = {1, -1, -1, -1};
            for (int k = 0; k < 4; k++) {
                assert_true(editor_option_step(d, o->key, steps[k]));
                editor_option_words(d, o, words, sizeof words);
                if (!editor_doc_check(d)->ok)
                    fail_msg("%s %s = %s: %s", files[f], o->key, words,
                             editor_doc_check(d)->message);
            }
            if (o->type == RULES_OPTION_INT && !was_set) { /* max, then max - 1 */
                const json_t *v =
                    json_object_get(json_object_get(editor_doc_json(d), "ruleset_options"), o->key);
                assert_int_equal(json_integer_value(v), o->max - 1);
            }
        }
        for (int i = 0; i < terms->victory_count; i++) {
            const rules_victory_desc *k = &terms->victory[i];
            if (k->turns)
                continue; /* the scenario has its turn limit already */
            int v = -1;
            assert_true(
                editor_victory_add(d, k->kind, 0, 0, 5, (vec2s){{20, 20}}, (vec2s){{40, 40}}, &v));
            if (!editor_doc_check(d)->ok)
                fail_msg("%s %s: %s", files[f], k->kind, editor_doc_check(d)->message);
            assert_true(editor_victory_delete(d, v));
        }
        /* a unit deleted leaves the options that listed it */
        for (int i = 0; i < terms->option_count; i++) {
            if (terms->options[i].type != RULES_OPTION_UNITS)
                continue;
            char name[TABLE_NAME_MAX];
            snprintf(name, sizeof name, "%s", tbl(d)->units[0].name);
            if (!editor_option_has(d, terms->options[i].key, name))
                assert_true(editor_option_toggle(d, terms->options[i].key, name));
            assert_true(editor_unit_delete(d, 0));
            assert_false(editor_option_has(d, terms->options[i].key, name));
        }
        editor_doc_destroy(d);
    }
}

/* Mattered: the winner is ahead on figures standing, and level or behind without its
 * reinforcements still standing. */
static void test_mattered(void **state)
{
    (void)state;
    sim_game g = {.winner = 1, .standing = {0, 10, 8}, .reinforcements_standing = {0, 3, 0}};
    assert_true(editor_balance_mattered(&g, 2)); /* 7 without them: behind */
    g.reinforcements_standing[1] = 2;
    assert_true(editor_balance_mattered(&g, 2)); /* 8: level */
    g.reinforcements_standing[1] = 1;
    assert_false(editor_balance_mattered(&g, 2)); /* 9: still ahead */
    g.standing[1] = 7;
    g.reinforcements_standing[1] = 3;
    assert_false(editor_balance_mattered(&g, 2)); /* won behind on figures: not by numbers */
    g.winner = 0;
    assert_false(editor_balance_mattered(&g, 2)); /* a draw */
    g = (sim_game){.winner = 2, .standing = {0, 4, 9, 6}, .reinforcements_standing = {0, 0, 4}};
    assert_true(editor_balance_mattered(&g, 3)); /* 5 without them, behind the third side */
    assert_false(editor_balance_mattered(&g, 2));

    /* a seeded game of the Lanao road, whose reinforcements come on at turn 2 */
    char path[1024], err[512];
    snprintf(path, sizeof path, "%s/scenarios/lcr_lanao_road.json", getenv("SANDTABLE_SOURCE_DIR"));
    scenario_error serr;
    scenario *s = scenario_load_file(path, &serr);
    assert_non_null(s);
    sim_desc desc = {.scenario = s, .games = 1, .seed = 7, .levels = {BOT_GREEDY, BOT_GREEDY}};
    sim_game one;
    game_error gerr;
    if (!sim_play_one(&desc, 0, &one, &gerr))
        fail_msg("%s", gerr.message);
    assert_true(one.arrival);
    int reinforcing = 0;
    for (int k = 0; k < s->reinforcement_count; k++)
        for (int u = 0; u < s->reinforcements[k].unit_count; u++)
            for (int i = 0; i < s->table->figure_count; i++)
                reinforcing += s->table->figures[i].unit.id == s->reinforcements[k].units[u].id;
    int standing = 0, from_reinforcements = 0;
    for (int side_no = 1; side_no <= 2; side_no++) {
        int figures = 0;
        for (int i = 0; i < s->table->figure_count; i++)
            figures += s->table->figures[i].side.id == (uint32_t)side_no;
        assert_true(one.standing[side_no] + one.casualties[side_no] <= figures);
        assert_true(one.reinforcements_standing[side_no] <= one.standing[side_no]);
        standing += one.standing[side_no];
        from_reinforcements += one.reinforcements_standing[side_no];
    }
    assert_true(standing > 0);
    assert_true(from_reinforcements > 0 && from_reinforcements <= reinforcing);
    (void)err;
    scenario_destroy(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reinforcements),
        cmocka_unit_test(test_victory_areas),
        cmocka_unit_test(test_terms_agree),
        cmocka_unit_test(test_mattered),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
