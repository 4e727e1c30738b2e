/* Movement: dice by type and limber state, doubled at the double, one more in open terrain,
 * thrown when the move is made; 2" for each hill contour, wall or ford crossed; bases never
 * overlap after a move. */
#include "cwr_test_util.h"

#include <math.h>

static const char *scene(cbuild *b, const char *terrain)
{
    cb_begin(b, terrain, "{\"first_side\": \"Red\"}");
    cb_unit(b, "Scout", "Red", "infantry_company", "rifle", "elite", 20, 60, 1, 1, 0);
    cb_unit(b, "Horse", "Red", "cavalry_squadron", "rifle", "elite", 20, 20, 4, 1, 0);
    cb_unit(b, "Staff", "Red", "general", "pistol", "regular", 20, 100, 1, 1, 0);
    cb_unit(b, "Gatling", "Red", "machine_gun", "machine_gun", "regular", 10, 80, 2, 1, 0);
    cb_unit(b, "Block", "Red", "infantry_company", "rifle", "regular", 60, 30, 6, 1, 90);
    cb_unit(b, "Far", "Blue", "native_foot", "spear", "regular", 170, 110, 4, 1, 180);
    return cb_end(b);
}

static void test_dice(void **state)
{
    (void)state;
    cbuild b;
    game *g = cwr_game(scene(&b, ""), 1);
    const rules_state *rs = game_rules_state(g);
    const table *t = game_table(g);
    assert_int_equal(cwr_move_dice(rs, t, cwr_unit(g, "Scout"), false), 2);
    assert_int_equal(cwr_move_dice(rs, t, cwr_unit(g, "Scout"), true), 4);
    assert_int_equal(cwr_move_dice(rs, t, cwr_unit(g, "Horse"), false), 3);
    assert_int_equal(cwr_move_dice(rs, t, cwr_unit(g, "Horse"), true), 6);
    assert_int_equal(cwr_move_dice(rs, t, cwr_unit(g, "Staff"), false), 4);
    assert_int_equal(cwr_move_dice(rs, t, cwr_unit(g, "Gatling"), false), 2);
    game_destroy(g);
}

static float plan(game *g, float allowance_in, float to_x, int *obstacles)
{
    rules_command c = {.kind = RULES_CMD_MOVE,
                       .unit = cwr_unit(g, "Scout"),
                       .path_count = 1,
                       .path = {{{to_x, 60}}}};
    cwr_move_plan p;
    char why[128];
    assert_true(cwr_plan_move(game_rules_state(g), game_table(g), &c, allowance_in * 2.5f, false,
                              &p, why, sizeof why));
    *obstacles = p.obstacles;
    return p.moved_cm;
}

static void test_obstacles(void **state)
{
    (void)state;
    cbuild b;
    int obs;
    /* a wall 8" ahead: 16" of allowance = 8" to it, 2" to cross, 6" beyond: 14" moved */
    game *g = cwr_game(scene(&b, "[{\"type\": \"wall\", \"line\": [[40, 40], [40, 80]]}]"), 1);
    assert_true(fabsf(plan(g, 16, 100, &obs) - 35.0f) < 1e-3f);
    assert_int_equal(obs, 1);
    /* 9" of allowance: 8" to the wall, 1" left is less than its 2": it stops at the wall */
    assert_true(fabsf(plan(g, 9, 100, &obs) - 20.0f) < 1e-3f);
    assert_int_equal(obs, 0);
    game_destroy(g);
    /* a hill 16" to 24" ahead: two contours. 30" = 16 + 2 + 8 + 2 + 2: 26" moved */
    g = cwr_game(scene(&b, "[{\"type\": \"hill\", \"rect\": [60, 50, 80, 70]}]"), 1);
    assert_true(fabsf(plan(g, 30, 100, &obs) - 65.0f) < 1e-3f);
    assert_int_equal(obs, 2);
    game_destroy(g);
    /* a ford across the way: the same 2" */
    g = cwr_game(scene(&b, "[{\"type\": \"ford\", \"rect\": [40, 50, 50, 70]}]"), 1);
    assert_true(fabsf(plan(g, 30, 100, &obs) - (75.0f - 10.0f)) < 1e-3f);
    assert_int_equal(obs, 2);
    game_destroy(g);
}

/* The move is rolled when made: 2D6 and one more in the open, the unit goes up to the score. */
static void test_rolled_when_made(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 5; seed++) {
        cbuild b;
        game *g = cwr_game(scene(&b, ""), seed);
        assert_true(cwr_activate(g, "Scout"));
        cwr_choose(g, "move_fire");
        rules_reach r;
        rules_command c = {.kind = RULES_CMD_MOVE,
                           .unit = cwr_unit(g, "Scout"),
                           .path_count = 1,
                           .path = {{{170, 60}}}};
        assert_true(game_reach(g, &c, (vec2s){{1, 0}}, &r));
        assert_true(fabsf(r.max_cm - 18 * 2.5f) < 1e-3f); /* 3D6 at most 18" */
        assert_true(fabsf(r.sure_cm - 3 * 2.5f) < 1e-3f); /* at least 3" */
        vec2s from = table_figure_const(game_table(g), (figure_id){1})->pos;
        cwr_submit(g, c);
        const rules_event *mod = NULL, *note = NULL;
        assert_int_equal(cwr_count(g, RULES_EV_MODIFIER, "open_terrain", &mod), 1);
        assert_int_equal(cwr_count(g, RULES_EV_DIE, "move", NULL), 3);
        cwr_count(g, RULES_EV_NOTE, NULL, &note);
        vec2s to = table_figure_const(game_table(g), (figure_id){1})->pos;
        assert_true(fabsf((to.x - from.x) - (float)note->value * 2.5f) < 1e-3f);
        game_destroy(g);
    }
}

/* The odds of a move: an infantry company in the open throws 2D6 + 1D6 and may go up to the
 * total, so its allowance is 3D6 inches: mean 10.5", and at least 10" with chance 135/216
 * (exact, counted over the 216 throws). The engine's own rolled allowances over 400 fixed
 * seeds agree: the mean within 0.5" (about 4 standard errors of 0.15") and the chance within
 * 0.08 (about 3 standard errors of 0.024). */
static void test_move_odds(void **state)
{
    (void)state;
    int at_least_10 = 0, total = 0;
    for (int a = 1; a <= 6; a++)
        for (int b = 1; b <= 6; b++)
            for (int c = 1; c <= 6; c++) {
                at_least_10 += a + b + c >= 10;
                total += a + b + c;
            }
    assert_int_equal(at_least_10, 135);
    assert_int_equal(total, 216 * 21 / 2);
    enum { N = 400 };
    double sum = 0;
    int far = 0;
    for (uint64_t seed = 1; seed <= N; seed++) {
        cbuild b;
        game *g = cwr_game(scene(&b, ""), seed);
        assert_true(cwr_activate(g, "Scout"));
        cwr_choose(g, "move_fire");
        cwr_submit(g, (rules_command){.kind = RULES_CMD_MOVE,
                                      .unit = cwr_unit(g, "Scout"),
                                      .path_count = 1,
                                      .path = {{{170, 60}}}});
        const rules_event *note = NULL;
        cwr_count(g, RULES_EV_NOTE, NULL, &note);
        assert_non_null(note);
        assert_true(note->value >= 3 && note->value <= 18);
        sum += note->value;
        far += note->value >= 10;
        game_destroy(g);
    }
    assert_true(fabs(sum / N - 10.5) < 0.5);
    assert_true(fabs((double)far / N - 135.0 / 216) < 0.08);
}

/* Through bush: no open-terrain die. */
static void test_closed_terrain(void **state)
{
    (void)state;
    cbuild b;
    game *g = cwr_game(scene(&b, "[{\"type\": \"forest\", \"rect\": [30, 50, 60, 70]}]"), 2);
    assert_true(cwr_activate(g, "Scout"));
    cwr_choose(g, "move_fire");
    cwr_submit(g, (rules_command){.kind = RULES_CMD_MOVE,
                                  .unit = cwr_unit(g, "Scout"),
                                  .path_count = 1,
                                  .path = {{{45, 60}}}});
    assert_int_equal(cwr_count(g, RULES_EV_MODIFIER, "open_terrain", NULL), 0);
    assert_int_equal(cwr_count(g, RULES_EV_DIE, "move", NULL), 2);
    game_destroy(g);
}

/* Cavalry at the double straight into a friendly company: it stops in contact, never over. */
static void test_no_overlap(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 5; seed++) {
        cbuild b;
        game *g = cwr_game(scene(&b, ""), seed);
        cwr_activate(g, "Horse");
        cwr_choose(g, "double");
        cwr_submit(g, (rules_command){.kind = RULES_CMD_MOVE,
                                      .unit = cwr_unit(g, "Horse"),
                                      .path_count = 1,
                                      .path = {{{80, 32}}}});
        cwr_no_overlaps(g);
        game_destroy(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dice),
        cmocka_unit_test(test_obstacles),
        cmocka_unit_test(test_rolled_when_made),
        cmocka_unit_test(test_move_odds),
        cmocka_unit_test(test_closed_terrain),
        cmocka_unit_test(test_no_overlap),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
