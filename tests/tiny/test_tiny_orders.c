/* Sequence (seed 003, B) and orders (C) through the engine under fixed seeds: who goes first,
 * order dice per commander, one order per unit, the Brigadier's authority, two pips at over 24"
 * or for a brigade that has lost half its units, free commander moves, formed brigades. */
#include "tiny_test_util.h"

#include "rules/tiny/tiny_state.h"

#include <math.h>

static game *two_units(const char *options, uint64_t seed)
{
    tbuild b;
    tb_armies(&b, "", options);
    tb_unit(&b, "Foot", "Red", "line_infantry", "line", "RB", 60, 30, 4, -1);
    tb_unit(&b, "Guard", "Red", "grenadiers", "line", "RB", 76, 30, 3, -1);
    tb_unit(&b, "Far", "Red", "line_infantry", "line", "RB", 150, 70, 2, -1);
    tb_unit(&b, "Battery", "Red", "artillery", "deployed", "Red army", 100, 20, 2, -1);
    tb_unit(&b, "Blue foot", "Blue", "line_infantry", "line", "BB", 60, 95, 4, -1);
    return test_tiny_game(tb_end(&b), seed);
}

static void test_sequence(void **state)
{
    (void)state;
    game *g = two_units("{\"first_side\": \"Blue\"}", 5);
    rules_decision dec;
    game_decision(g, &dec);
    assert_int_equal(dec.kind, RULES_DECIDE_ROLL_ORDERS);
    assert_int_equal(dec.side.id, 2);
    /* Red may not act in Blue's turn. */
    test_tiny_refused(g, &(rules_command){.kind = RULES_CMD_ROLL_ORDERS, .side.id = 1},
                      "Blue's decision");
    test_tiny_roll(g);
    /* One die per General and Brigadier: each PIPS event carries its die. */
    int from = 0, total = 0;
    for (int k = 0; k < 2; k++) {
        const rules_event *die = test_tiny_find(g, RULES_EV_DIE, "pips", &from);
        const rules_event *pips = test_tiny_find(g, RULES_EV_PIPS, NULL, &from);
        assert_non_null(die);
        assert_non_null(pips);
        assert_int_equal(pips->value, die->value);
        assert_int_equal(pips->figure.id, die->figure.id);
        assert_string_equal(die->ref, TINY_REF_C);
        total += pips->value;
    }
    assert_null(test_tiny_find(g, RULES_EV_PIPS, NULL, &from));
    game_decision(g, &dec);
    assert_int_equal(dec.kind, RULES_DECIDE_SPEND_PIPS);
    assert_int_equal(dec.count, total);
    assert_int_equal(game_turn(g), 1);
    test_tiny_end(g);
    game_decision(g, &dec);
    assert_int_equal(dec.side.id, 1); /* the roles reverse */
    assert_int_equal(dec.kind, RULES_DECIDE_ROLL_ORDERS);
    assert_int_equal(game_turn(g), 1);
    test_tiny_roll(g);
    test_tiny_end(g);
    assert_int_equal(game_turn(g), 2); /* Blue first again */
    game_decision(g, &dec);
    assert_int_equal(dec.side.id, 2);
    game_destroy(g);
}

static void test_one_order_per_unit(void **state)
{
    (void)state;
    game *g = two_units("", 2);
    test_tiny_roll(g);
    unit_id foot = test_tiny_unit(g, "Foot");
    vec2s p = test_tiny_pos(g, "Foot 1");
    rules_command mv = {.kind = RULES_CMD_MOVE, .side.id = 1, .unit = foot, .path_count = 1};
    mv.path[0] = (vec2s){{p.x, p.y + 10}};
    test_tiny_submit(g, &mv);
    const rules_event *pe = test_tiny_find(g, RULES_EV_PIPS, NULL, NULL);
    assert_non_null(pe);
    assert_int_equal(pe->value - pe->need, test_tiny_pips(g, "Brig Red"));
    mv.path[0] = (vec2s){{p.x, p.y + 12}};
    test_tiny_refused(g, &mv, "already had its order");
    rules_command fire = {.kind = RULES_CMD_FIRE,
                          .side.id = 1,
                          .unit = foot,
                          .target_unit = test_tiny_unit(g, "Blue foot")};
    test_tiny_refused(g, &fire, "had its order");
    game_destroy(g);
}

static void test_brigadier_authority(void **state)
{
    (void)state;
    game *g = two_units("", 2);
    test_tiny_roll(g);
    unit_id battery = test_tiny_unit(g, "Battery");
    rules_command lim = {.kind = RULES_CMD_FORMATION,
                         .side.id = 1,
                         .unit = battery,
                         .figure = test_tiny_figure(g, "Brig Red")};
    snprintf(lim.option, sizeof lim.option, "limbered");
    test_tiny_refused(g, &lim, "only the units of his own brigade");
    lim.figure = test_tiny_figure(g, "Gen Red");
    test_tiny_submit(g, &lim);
    const rules_event *pe = test_tiny_find(g, RULES_EV_PIPS, NULL, NULL);
    assert_int_equal(pe->figure.id, lim.figure.id);
    game_destroy(g);
}

static void test_far_unit_costs_two(void **state)
{
    (void)state;
    game *g = two_units("", 2);
    test_tiny_roll(g);
    int before = test_tiny_pips(g, "Brig Red");
    assert_true(before >= 2); /* seed 2: the Brigadier rolls 5 */
    vec2s p = test_tiny_pos(g, "Far 1");
    rules_command mv = {.kind = RULES_CMD_MOVE,
                        .side.id = 1,
                        .unit = test_tiny_unit(g, "Far"),
                        .path_count = 1,
                        .figure = test_tiny_figure(g, "Brig Red")};
    mv.path[0] = (vec2s){{p.x, p.y - 5}};
    test_tiny_submit(g, &mv);
    assert_int_equal(test_tiny_pips(g, "Brig Red"), before - 2);
    const rules_event *pe = test_tiny_find(g, RULES_EV_PIPS, NULL, NULL);
    assert_non_null(strstr(pe->text, "more than 24"));
    /* A unit near him costs one. */
    p = test_tiny_pos(g, "Foot 1");
    mv.unit = test_tiny_unit(g, "Foot");
    mv.path[0] = (vec2s){{p.x, p.y + 5}};
    test_tiny_submit(g, &mv);
    assert_int_equal(test_tiny_pips(g, "Brig Red"), before - 3);
    game_destroy(g);
}

static void test_half_lost_brigade_costs_two(void **state)
{
    (void)state;
    tbuild b;
    tb_armies(&b, "", "");
    tb_unit(&b, "Foot", "Red", "line_infantry", "line", "RB", 60, 30, 4, -1);
    tb_unit(&b, "Absent", "Red", "line_infantry", "line", "RB", 100, 30, 2, -1);
    tb_unit(&b, "Blue foot", "Blue", "line_infantry", "line", "BB", 60, 95, 4, -1);
    /* "Absent" is a reinforcement that never comes: it counts as gone from the table. */
    size_t n = strlen(b.s);
    snprintf(b.s + n, sizeof b.s - n,
             "], \"reinforcements\": [{\"side\": \"Red\", \"units\": [\"Absent\"], \"turn\": 99, "
             "\"edge\": \"north\", \"entry\": [100, 0]}]}");
    game *g = test_tiny_game(b.s, 2);
    test_tiny_roll(g);
    int before = test_tiny_pips(g, "Brig Red");
    assert_true(before >= 2);
    vec2s p = test_tiny_pos(g, "Foot 1");
    rules_command mv = {.kind = RULES_CMD_MOVE,
                        .side.id = 1,
                        .unit = test_tiny_unit(g, "Foot"),
                        .path_count = 1,
                        .figure = test_tiny_figure(g, "Brig Red")};
    mv.path[0] = (vec2s){{p.x, p.y + 5}};
    test_tiny_submit(g, &mv);
    assert_int_equal(test_tiny_pips(g, "Brig Red"), before - 2);
    assert_non_null(strstr(test_tiny_find(g, RULES_EV_PIPS, NULL, NULL)->text, "lost half"));
    game_destroy(g);
}

static void test_commander_moves_free(void **state)
{
    (void)state;
    game *g = two_units("", 2);
    test_tiny_roll(g);
    int pips = test_tiny_pips(g, "Gen Red");
    rules_command mv = {.kind = RULES_CMD_MOVE, .side.id = 1, .path_count = 1};
    rules_command_add_figure(&mv, test_tiny_figure(g, "Gen Red"));
    mv.path[0] = (vec2s){{90, 4 + 61}}; /* 24.4" */
    test_tiny_refused(g, &mv, "beyond his 24");
    mv.path[0] = (vec2s){{90, 4 + 59}};
    test_tiny_submit(g, &mv);
    assert_null(test_tiny_find(g, RULES_EV_PIPS, NULL, NULL));
    assert_int_equal(test_tiny_pips(g, "Gen Red"), pips);
    mv.path[0] = (vec2s){{90, 70}};
    test_tiny_refused(g, &mv, "already moved");
    /* Nor may Red move the enemy's General. */
    rules_command theirs = {.kind = RULES_CMD_MOVE, .side.id = 1, .path_count = 1};
    rules_command_add_figure(&theirs, test_tiny_figure(g, "Gen Blue"));
    theirs.path[0] = (vec2s){{90, 100}};
    test_tiny_refused(g, &theirs, "not one of your commanders");
    game_destroy(g);
}

static void test_formed_brigade_moves_as_one(void **state)
{
    (void)state;
    game *g = two_units("", 2);
    test_tiny_roll(g);
    int pips = test_tiny_pips(g, "Brig Red");
    vec2s f1 = test_tiny_pos(g, "Foot 1"), g3 = test_tiny_pos(g, "Guard 3");
    rules_command mv = {
        .kind = RULES_CMD_MOVE, .side.id = 1, .unit = test_tiny_unit(g, "RB"), .path_count = 1};
    mv.path[0] = (vec2s){{f1.x + 3, f1.y + 12}};
    test_tiny_submit(g, &mv);
    assert_int_equal(test_tiny_pips(g, "Brig Red"), pips - 1); /* one order for the brigade */
    vec2s f1b = test_tiny_pos(g, "Foot 1"), g3b = test_tiny_pos(g, "Guard 3");
    assert_float_equal(f1b.x - f1.x, 3, 1e-3);
    assert_float_equal(f1b.y - f1.y, 12, 1e-3);
    assert_float_equal(g3b.x - g3.x, 3, 1e-3); /* relative positions kept */
    assert_float_equal(g3b.y - g3.y, 12, 1e-3);
    /* "Far" is not adjacent: it stays. */
    assert_float_equal(test_tiny_pos(g, "Far 1").y, 70, 1e-3);
    /* Both units have had their order. */
    rules_command again = {
        .kind = RULES_CMD_MOVE, .side.id = 1, .unit = test_tiny_unit(g, "Guard"), .path_count = 1};
    again.path[0] = (vec2s){{g3b.x, g3b.y + 2}};
    test_tiny_refused(g, &again, "already had its order");
    game_destroy(g);
}

/* The queries the front end and the bots use: actions with reasons, reach, the driver. */
static void test_queries(void **state)
{
    (void)state;
    game *g = two_units("", 2);
    rules_action acts[16];
    int n = game_actions(g, test_tiny_figure(g, "Foot 1"), acts, 16);
    assert_int_equal(n, 1);
    assert_int_equal(acts[0].kind, RULES_CMD_ROLL_ORDERS);
    test_tiny_roll(g);
    n = game_actions(g, test_tiny_figure(g, "Foot 1"), acts, 16);
    bool move = false, fire = false, rally = false, column = false;
    for (int i = 0; i < n; i++) {
        if (acts[i].kind == RULES_CMD_MOVE)
            move = acts[i].enabled;
        if (acts[i].kind == RULES_CMD_FIRE)
            fire = !acts[i].enabled && strstr(acts[i].reason, "range") != NULL;
        if (acts[i].kind == RULES_CMD_RALLY)
            rally = !acts[i].enabled && strstr(acts[i].reason, "nothing to rally") != NULL;
        if (acts[i].kind == RULES_CMD_FORMATION && strcmp(acts[i].option, "column") == 0)
            column = acts[i].enabled;
    }
    assert_true(move && fire && rally && column);
    /* A full 6" move across clear ground. */
    rules_command mv = {.kind = RULES_CMD_MOVE, .unit = test_tiny_unit(g, "Foot")};
    rules_reach r;
    assert_true(game_reach(g, &mv, (vec2s){{0, 1}}, &r));
    assert_float_equal(r.max_cm, 15, 1e-3);
    assert_float_equal(r.allowance_cm, 15, 1e-3);
    /* The driver shows the three phases and each commander's die. */
    rules_driver_item it[16];
    n = game_driver(g, (side_id){1}, it, 16);
    int pips = 0, phases = 0;
    for (int i = 0; i < n; i++) {
        pips += it[i].kind == RULES_DRIVER_PIPS;
        phases += it[i].kind == RULES_DRIVER_PHASE;
        /* Each die names its commander's figure (the table shows a badge by him). */
        const figure *c = table_figure_const(game_table(g), it[i].figure);
        if (it[i].kind == RULES_DRIVER_PIPS) {
            assert_non_null(c);
            assert_true(tiny_is_commander(c));
            assert_int_equal(it[i].value, test_tiny_pips(g, c->name));
        }
    }
    assert_int_equal(pips, 4);
    assert_int_equal(phases, 3);
    assert_int_equal(test_tiny_pips(g, "Gen Red"), 5);
    /* Every legal command validates. */
    rules_command cmds[256];
    n = game_legal(g, cmds, 256);
    assert_true(n > 3);
    for (int i = 0; i < n; i++) {
        char why[256];
        assert_true(game_validate(g, &cmds[i], why, sizeof why));
    }
    game_destroy(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sequence),
        cmocka_unit_test(test_one_order_per_unit),
        cmocka_unit_test(test_brigadier_authority),
        cmocka_unit_test(test_far_unit_costs_two),
        cmocka_unit_test(test_half_lost_brigade_costs_two),
        cmocka_unit_test(test_commander_moves_free),
        cmocka_unit_test(test_formed_brigade_moves_as_one),
        cmocka_unit_test(test_queries),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
