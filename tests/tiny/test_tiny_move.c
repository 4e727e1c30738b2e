/* Movement (seed 003, D) through the engine: woods by troop type, obstacles at half a move,
 * roads at double speed, about-face limits, wheeling, formation changes and limbering taking the
 * turn, the column bonus, passage of lines, dismounting. Seed 2: both Red commanders roll 5. */
#include "tiny_test_util.h"

#include "rules/tiny/tiny_move.h"
#include "rules/tiny/tiny_state.h"

static rules_command move_to(game *g, const char *uname, float x, float y)
{
    rules_command c = {
        .kind = RULES_CMD_MOVE, .side.id = 1, .unit = test_tiny_unit(g, uname), .path_count = 1};
    c.path[0] = (vec2s){{x, y}};
    return c;
}

static rules_command formation(game *g, const char *uname, const char *to)
{
    rules_command c = {.kind = RULES_CMD_FORMATION, .side.id = 1, .unit = test_tiny_unit(g, uname)};
    snprintf(c.option, sizeof c.option, "%s", to);
    return c;
}

/* Ends Red's turn and Blue's, and rolls Red's orders again. */
static void next_red_turn(game *g)
{
    test_tiny_end(g);
    test_tiny_roll(g);
    test_tiny_end(g);
    test_tiny_roll(g);
}

static void test_woods_by_troop_type(void **state)
{
    (void)state;
    tbuild b;
    tb_armies(&b, "[{\"type\": \"forest\", \"rect\": [20, 40, 170, 60]}]", "");
    tb_unit(&b, "Lights", "Red", "light_infantry", "", "RB", 40, 32, 2, -1);
    tb_unit(&b, "Foot", "Red", "line_infantry", "", "RB", 90, 32, 2, -1);
    tb_unit(&b, "Horse", "Red", "heavy_cavalry", "", "RB", 140, 32, 2, -1);
    tb_unit(&b, "Blue foot", "Blue", "line_infantry", "", "BB", 60, 100, 2, -1);
    game *g = test_tiny_game(tb_end(&b), 2);
    test_tiny_roll(g);
    vec2s l = test_tiny_pos(g, "Lights 1"), f = test_tiny_pos(g, "Foot 1");
    /* Light infantry: a full 6" (15 cm) with 7 cm of it in the wood. */
    rules_command c = move_to(g, "Lights", l.x, l.y + 15);
    test_tiny_submit(g, &c);
    /* Line infantry: half speed inside: 8 cm clear + 7 cm x2 = 22 cm > 15 cm. */
    c = move_to(g, "Foot", f.x, f.y + 15);
    test_tiny_refused(g, &c, "cannot get there");
    c = move_to(g, "Foot", f.x, f.y + 11.5f); /* 8 + 3.5 x 2 = 15 */
    test_tiny_submit(g, &c);
    /* Heavy cavalry may not enter. */
    vec2s h = test_tiny_pos(g, "Horse 1");
    c = move_to(g, "Horse", h.x, h.y + 10);
    test_tiny_refused(g, &c, "terrain it may not enter");
    game_destroy(g);
}

static void test_obstacle_half_move(void **state)
{
    (void)state;
    tbuild b;
    tb_armies(&b, "[{\"type\": \"hedge\", \"line\": [[0, 45], [180, 45]]}]", "");
    tb_unit(&b, "Foot", "Red", "line_infantry", "", "RB", 60, 42, 2, -1);
    tb_unit(&b, "Blue foot", "Blue", "line_infantry", "", "BB", 60, 100, 2, -1);
    game *g = test_tiny_game(tb_end(&b), 2);
    test_tiny_roll(g);
    vec2s f = test_tiny_pos(g, "Foot 1");
    rules_command c = move_to(g, "Foot", f.x, f.y + 8); /* 8 cm + 7.5 cm for the hedge */
    test_tiny_refused(g, &c, "cannot get there");
    c = move_to(g, "Foot", f.x, f.y + 7); /* 7 + 7.5 = 14.5 cm of 15 */
    test_tiny_submit(g, &c);
    const rules_event *mv = test_tiny_find(g, RULES_EV_MOVE, NULL, NULL);
    assert_int_equal(mv->value, 1450); /* allowance spent, cm x 100 */
    game_destroy(g);
}

static void test_road_double_speed(void **state)
{
    (void)state;
    tbuild b;
    tb_armies(&b, "[{\"type\": \"road\", \"line\": [[10, 30], [170, 30]], \"width_cm\": 3}]", "");
    tb_unit(&b, "Lights", "Red", "light_infantry", "", "RB", 20, 30, 1, 0);
    tb_unit(&b, "Lights2", "Red", "light_infantry", "", "RB", 20, 50, 1, 0);
    tb_unit(&b, "Blue foot", "Blue", "line_infantry", "", "BB", 100, 36, 1, 180);
    game *g = test_tiny_game(tb_end(&b), 2);
    test_tiny_roll(g);
    /* 55 cm = 22": beyond a 12" move, within 24" on the road. */
    rules_command c = move_to(g, "Lights", 75, 30);
    test_tiny_submit(g, &c);
    assert_non_null(strstr(test_tiny_find(g, RULES_EV_MOVE, NULL, NULL)->text, "road"));
    /* Light infantry may move and shoot, but not after a road move. */
    rules_command fire = {.kind = RULES_CMD_FIRE,
                          .side.id = 1,
                          .unit = test_tiny_unit(g, "Lights"),
                          .target_unit = test_tiny_unit(g, "Blue foot")};
    test_tiny_refused(g, &fire, "road move");
    /* Off the road the same distance is too far. */
    c = move_to(g, "Lights2", 75, 50);
    test_tiny_refused(g, &c, "cannot get there");
    game_destroy(g);
}

static void test_about_face(void **state)
{
    (void)state;
    tbuild b;
    tb_armies(&b, "", "");
    tb_unit(&b, "Close", "Red", "line_infantry", "", "RB", 60, 60, 2, -1);
    tb_unit(&b, "Free", "Red", "line_infantry", "", "RB", 150, 30, 2, -1);
    tb_unit(&b, "Blue foot", "Blue", "line_infantry", "", "BB", 60, 70, 2, -1);
    game *g = test_tiny_game(tb_end(&b), 2);
    test_tiny_roll(g);
    rules_command c = {.kind = RULES_CMD_MOVE,
                       .side.id = 1,
                       .unit = test_tiny_unit(g, "Close"),
                       .face_set = true,
                       .facing = (float)(1.5 * GEOM_PI)};
    test_tiny_refused(g, &c, "may not about-face within 6\"");
    /* It may still retreat facing the enemy. */
    vec2s p = test_tiny_pos(g, "Close 1");
    c = move_to(g, "Close", p.x, p.y - 10);
    test_tiny_submit(g, &c);
    /* Far from the enemy an about-face is free. */
    c = (rules_command){.kind = RULES_CMD_MOVE,
                        .side.id = 1,
                        .unit = test_tiny_unit(g, "Free"),
                        .face_set = true,
                        .facing = (float)(1.5 * GEOM_PI)};
    test_tiny_submit(g, &c);
    assert_int_equal(test_tiny_find(g, RULES_EV_MOVE, NULL, NULL)->value, 0);
    game_destroy(g);
}

static void test_wheel_counts(void **state)
{
    (void)state;
    tbuild b;
    tb_armies(&b, "", "");
    tb_unit(&b, "Foot", "Red", "line_infantry", "", "RB", 100, 30, 4, -1);
    tb_unit(&b, "Blue foot", "Blue", "line_infantry", "", "BB", 60, 100, 2, -1);
    game *g = test_tiny_game(tb_end(&b), 2);
    test_tiny_roll(g);
    /* A quarter wheel of a 16 cm line: pi/2 x 8 cm = 12.57 cm of the 15 cm move. */
    vec2s p = test_tiny_pos(g, "Foot 1");
    rules_command c = move_to(g, "Foot", p.x, p.y + 3);
    c.face_set = true;
    c.facing = 0;
    test_tiny_refused(g, &c, "wheel included");
    c.path[0] = (vec2s){{p.x, p.y + 2}};
    test_tiny_submit(g, &c);
    const rules_event *mv = test_tiny_find(g, RULES_EV_MOVE, NULL, NULL);
    assert_int_equal(mv->value, 1457);
    assert_float_equal(mv->facing, 0, 1e-4);
    game_destroy(g);
}

/* RULES_CMD_WHEEL: the unit turns about one end of its front line; the outer end's arc counts. */
static void test_wheel_about_an_end(void **state)
{
    (void)state;
    tbuild b;
    tb_armies(&b, "", "");
    tb_unit(&b, "Foot", "Red", "line_infantry", "", "RB", 100, 30, 4, -1);
    tb_unit(&b, "Blue foot", "Blue", "line_infantry", "", "BB", 60, 100, 2, -1);
    game *g = test_tiny_game(tb_end(&b), 2);
    test_tiny_roll(g);
    /* Facing south (+y): stands at x 94..106, front line y 31.25 from x 92 to 108. */
    rules_command c = {.kind = RULES_CMD_WHEEL,
                       .side.id = 1,
                       .unit = test_tiny_unit(g, "Foot"),
                       .face_set = true,
                       .facing = (float)GEOM_PI / 2};
    figure_id moved[8];
    assert_int_equal(game_move_figures(g, &c, moved, 8), 4);
    assert_int_equal(moved[0].id, test_tiny_figure(g, "Foot 1").id);
    c.point = (vec2s){{60, 31.25f}};
    test_tiny_refused(g, &c, "about one end of its front line");
    c.point = (vec2s){{108, 31.25f}};
    /* A quarter wheel: pi/2 x 16.19 cm (pivot to the farthest corner) = 25.4 cm > 15 cm. */
    c.facing = 0;
    test_tiny_refused(g, &c, "outer end travels 10.2\" of 6.0\"");
    /* 45 degrees: pi/4 x 16.19 = 12.72 cm of 15. */
    c.facing = (float)GEOM_PI / 4;
    vec2s before = test_tiny_pos(g, "Foot 1"), other = test_tiny_pos(g, "Foot 4");
    const char *far_name = before.x < other.x ? "Foot 1" : "Foot 4";
    before = test_tiny_pos(g, far_name);
    test_tiny_submit(g, &c);
    const rules_event *mv = test_tiny_find(g, RULES_EV_MOVE, NULL, NULL);
    assert_int_equal(mv->value, 1272);
    vec2s after = test_tiny_pos(g, far_name);
    float r0 = hypotf(before.x - 108, before.y - 31.25f),
          r1 = hypotf(after.x - 108, after.y - 31.25f);
    assert_float_equal(r0, r1, 1e-3);
    assert_true(after.y > before.y + 8); /* the far (west) end swings forward */
    assert_float_equal(table_figure_const(game_table(g), test_tiny_figure(g, "Foot 4"))->facing,
                       GEOM_PI / 4, 1e-4);
    /* One order a turn: a second wheel is refused. */
    c.facing = (float)GEOM_PI / 2;
    c.point = (vec2s){{0, 0}};
    test_tiny_refused(g, &c, "");
    game_destroy(g);
}

static void test_formation_takes_turn(void **state)
{
    (void)state;
    tbuild b;
    tb_armies(&b, "", "");
    tb_unit(&b, "Foot", "Red", "line_infantry", "line", "RB", 60, 30, 4, -1);
    tb_unit(&b, "Guns", "Red", "artillery", "deployed", "RB", 140, 30, 2, -1);
    tb_unit(&b, "Blue foot", "Blue", "line_infantry", "", "BB", 60, 110, 2, -1);
    game *g = test_tiny_game(tb_end(&b), 2);
    test_tiny_roll(g);
    rules_command c = formation(g, "Foot", "column");
    test_tiny_submit(g, &c);
    /* The stands stand one behind the other, led by the first. */
    vec2s s1 = test_tiny_pos(g, "Foot 1"), s4 = test_tiny_pos(g, "Foot 4");
    assert_float_equal(s4.x, s1.x, 1e-4);
    assert_float_equal(s1.y - s4.y, 7.5, 1e-4);
    assert_string_equal(table_unit_const(game_table(g), test_tiny_unit(g, "Foot"))->formation,
                        "column");
    c = move_to(g, "Foot", s1.x, s1.y + 5);
    test_tiny_refused(g, &c, "already had its order");
    /* Artillery moves only limbered. */
    vec2s gp = test_tiny_pos(g, "Guns 1");
    c = move_to(g, "Guns", gp.x, gp.y + 5);
    test_tiny_refused(g, &c, "must limber");
    c = formation(g, "Guns", "limbered");
    test_tiny_submit(g, &c);
    next_red_turn(g);
    /* In column: 6" + 3" = 22.5 cm. */
    c = move_to(g, "Foot", s1.x, s1.y + 23);
    test_tiny_refused(g, &c, "cannot get there");
    c = move_to(g, "Foot", s1.x, s1.y + 22.5f);
    test_tiny_submit(g, &c);
    c = move_to(g, "Guns", gp.x, gp.y + 15);
    test_tiny_submit(g, &c);
    game_destroy(g);
}

static void test_passage_of_lines(void **state)
{
    (void)state;
    tbuild b;
    tb_armies(&b, "", "");
    tb_unit(&b, "Front", "Red", "line_infantry", "", "RB", 60, 50, 2, -1);
    tb_unit(&b, "Rear", "Red", "line_infantry", "", "RB", 60, 40, 2, -1);
    tb_unit(&b, "Front2", "Red", "line_infantry", "", "RB", 120, 50, 2, -1);
    tb_unit(&b, "Lights", "Red", "light_infantry", "", "RB", 120, 40, 2, -1);
    tb_unit(&b, "Blue foot", "Blue", "line_infantry", "", "BB", 60, 110, 2, -1);
    game *g = test_tiny_game(tb_end(&b), 2);
    test_tiny_roll(g);
    rules_command c = move_to(g, "Rear", test_tiny_pos(g, "Rear 1").x, 55);
    test_tiny_refused(g, &c, "passage of lines");
    c = move_to(g, "Lights", test_tiny_pos(g, "Lights 1").x, 55);
    test_tiny_submit(g, &c);
    game_destroy(g);
}

static void test_dismount(void **state)
{
    (void)state;
    tbuild b;
    tb_armies(&b, "", "");
    tb_unit(&b, "Dragoons", "Red", "dragoons", "line", "RB", 60, 80, 2, -1);
    tb_unit(&b, "Blue foot", "Blue", "line_infantry", "", "BB", 60, 92, 2, -1);
    game *g = test_tiny_game(tb_end(&b), 2);
    test_tiny_roll(g);
    rules_command fire = {.kind = RULES_CMD_FIRE,
                          .side.id = 1,
                          .unit = test_tiny_unit(g, "Dragoons"),
                          .target_unit = test_tiny_unit(g, "Blue foot")};
    test_tiny_refused(g, &fire, "Dragoons cannot shoot");
    rules_command c = formation(g, "Dragoons", "dismounted");
    test_tiny_submit(g, &c);
    next_red_turn(g);
    /* Now they shoot as line infantry: 6", 5s. */
    test_tiny_submit(g, &fire);
    const rules_event *die = test_tiny_find(g, RULES_EV_DIE, "to_hit", NULL);
    assert_int_equal(die->need, 5);
    game_destroy(g);
}

/* The path set-ups kept by their inputs (issue 19) answer what a fresh one would: more
 * troops, allowances and roads than the kept slots, asked twice round, give the same costs
 * each time, and each one's hedge cost is its own allowance's share and its forest its troop's
 * rule (a key missing the allowance, the road or the troop's rough rule fails here). */
static void test_path_setup_kept(void **state)
{
    (void)state;
    tbuild b;
    tb_armies(&b,
              "[{\"type\": \"hedge\", \"line\": [[0, 45], [180, 45]]},"
              " {\"type\": \"forest\", \"rect\": [20, 60, 60, 80]}]",
              "");
    tb_unit(&b, "Foot", "Red", "line_infantry", "", "RB", 60, 42, 2, -1);
    tb_unit(&b, "Blue foot", "Blue", "line_infantry", "", "BB", 60, 100, 2, -1);
    game *g = test_tiny_game(tb_end(&b), 2);
    const rules_state *rs = game_rules_state(g);
    const table *t = game_table(g);
    int hedge = -1, forest = -1;
    for (int i = 0; i < t->type_count; i++) {
        hedge = strcmp(t->types[i].name, "hedge") == 0 ? i : hedge;
        forest = strcmp(t->types[i].name, "forest") == 0 ? i : forest;
    }
    assert_true(hedge >= 0 && forest >= 0);
    const char *troops[] = {"line_infantry", "light_infantry", "heavy_cavalry"};
    static float kept[2 * 3 * 2][2][256];
    for (int round = 0; round < 2; round++) {
        int n = 0;
        for (int k = 0; k < 3; k++)
            for (int a = 0; a < 2; a++)
                for (int road = 0; road < 2; road++, n++) {
                    const tiny_troop *tr = tiny_data_troop(rs->data, troops[k]);
                    float allow = a ? 15.0f : 22.5f, mult[256], obst[256];
                    path_desc pd;
                    tiny_path_setup(rs, t, tr, allow, road, mult, obst, &pd);
                    assert_ptr_equal(pd.mult, mult);
                    assert_ptr_equal(pd.obstacle_cost_cm, obst);
                    float want = road ? 0 : rs->data->obstacle_move_fraction * allow;
                    assert_float_equal(obst[hedge], want, 0);
                    float rough = tr->rough == TINY_ROUGH_FULL   ? 1
                                  : tr->rough == TINY_ROUGH_HALF ? rs->data->rough_half_mult
                                                                 : 0;
                    assert_float_equal(mult[forest], road ? 1 : rough, 0);
                    size_t bytes = (size_t)t->type_count * sizeof(float);
                    if (round == 0) {
                        memcpy(kept[n][0], mult, bytes);
                        memcpy(kept[n][1], obst, bytes);
                    } else {
                        assert_memory_equal(kept[n][0], mult, bytes);
                        assert_memory_equal(kept[n][1], obst, bytes);
                    }
                }
    }
    game_destroy(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_woods_by_troop_type),
        cmocka_unit_test(test_obstacle_half_move),
        cmocka_unit_test(test_road_double_speed),
        cmocka_unit_test(test_about_face),
        cmocka_unit_test(test_wheel_counts),
        cmocka_unit_test(test_wheel_about_an_end),
        cmocka_unit_test(test_formation_takes_turn),
        cmocka_unit_test(test_passage_of_lines),
        cmocka_unit_test(test_dismount),
        cmocka_unit_test(test_path_setup_kept),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
