/* Morale (seed 003, G) and victory (H) through the engine under fixed seeds: each result of the
 * rally chart, the kept last hit, the General's +1, shaken units losing stands, the army's
 * retreat when over half its units are shaken, destroyed or gone, and the turn limit. */
#include "tiny_test_util.h"

#include "rules/tiny/tiny_state.h"
#include "rules/tiny/tiny_orders.h"

/* Red heavy cavalry charges Blue foot; then Blue rolls its orders. */
static game *after_charge(uint64_t seed)
{
    tbuild b;
    tb_armies(&b, "", "");
    tb_unit(&b, "Horse", "Red", "heavy_cavalry", "line", "RB", 60, 30, 2, -1);
    tb_unit(&b, "Foe", "Blue", "line_infantry", "line", "BB", 60, 47.5f, 3, -1);
    tb_unit(&b, "Reserve", "Blue", "line_infantry", "line", "BB", 140, 110, 2, -1);
    tb_unit(&b, "Reserve2", "Blue", "line_infantry", "line", "BB", 20, 110, 2, -1);
    game *g = test_tiny_game(tb_end(&b), seed);
    test_tiny_roll(g);
    test_tiny_submit(g, &(rules_command){.kind = RULES_CMD_CHARGE,
                                         .side.id = 1,
                                         .unit = test_tiny_unit(g, "Horse"),
                                         .target_unit = test_tiny_unit(g, "Foe")});
    test_tiny_end(g);
    test_tiny_roll(g);
    return g;
}

static int hits_of(const game *g, const char *uname)
{
    return game_rules_state(g)->units[test_tiny_unit(g, uname).id - 1].hits;
}

static bool unit_has(const game *g, const char *fig, uint32_t bit)
{
    return (table_figure_const(game_table(g), test_tiny_figure(g, fig))->status & bit) != 0;
}

static const rules_event *rally_note(const game *g)
{
    int n;
    const rules_event *ev = game_events(g, game_cursor(g) - 1, &n);
    for (int i = 0; i < n; i++)
        if (ev[i].kind == RULES_EV_NOTE && strstr(ev[i].text, "rally chart"))
            return &ev[i];
    return NULL;
}

static rules_command rally(game *g)
{
    return (rules_command){.kind = RULES_CMD_RALLY, .side.id = 2, .unit = test_tiny_unit(g, "Foe")};
}

static void test_rally_removes_a_hit(void **state)
{
    (void)state;
    game *g = after_charge(13);
    int before = hits_of(g, "Foe");
    assert_true(unit_has(g, "Foe 1", FIGURE_STATUS_DEMORALISED));
    rules_command c = rally(g);
    test_tiny_submit(g, &c);
    const rules_event *note = rally_note(g);
    assert_non_null(note);
    assert_true(note->value >= 4); /* seed 13: 6 - 2 = 4 */
    assert_string_equal(note->ref, TINY_REF_GR);
    assert_int_equal(hits_of(g, "Foe"), before > 1 ? before - 1 : 1);
    assert_false(unit_has(g, "Foe 1", FIGURE_STATUS_DEMORALISED));
    assert_false(unit_has(g, "Foe 1", FIGURE_STATUS_SHAKEN));
    /* The modifiers came with their sources: shaken, enemy in sight. */
    assert_non_null(test_tiny_find(g, RULES_EV_MODIFIER, NULL, NULL));
    game_destroy(g);
}

static void test_rally_only(void **state)
{
    (void)state;
    game *g = after_charge(2);
    int before = hits_of(g, "Foe");
    rules_command c = rally(g);
    test_tiny_submit(g, &c);
    const rules_event *note = rally_note(g);
    assert_true(note->value >= 1 && note->value <= 3); /* seed 2: 3 - 1 = 2 */
    assert_int_equal(hits_of(g, "Foe"), before);
    assert_false(unit_has(g, "Foe 1", FIGURE_STATUS_DEMORALISED));
    game_destroy(g);
}

static void test_rally_fails_and_retreats(void **state)
{
    (void)state;
    game *g = after_charge(8);
    assert_true(unit_has(g, "Foe 1", FIGURE_STATUS_SHAKEN));
    int stands = test_tiny_stands(g, test_tiny_unit(g, "Foe"));
    rules_command c = rally(g);
    test_tiny_submit(g, &c);
    const rules_event *note = rally_note(g);
    assert_true(note->value <= 0); /* seed 8: 2 - 2 = 0 */
    assert_non_null(test_tiny_find(g, RULES_EV_MOVE, NULL, NULL));
    const rules_event *hit = test_tiny_find(g, RULES_EV_HIT, NULL, NULL);
    assert_non_null(strstr(hit->text, "stragglers"));
    /* Shaken: the straggler hit takes a stand, which never comes back. */
    const rules_event *rm = test_tiny_find(g, RULES_EV_REMOVE, NULL, NULL);
    assert_non_null(rm);
    assert_int_equal(test_tiny_stands(g, test_tiny_unit(g, "Foe")), stands - 1);
    assert_true(unit_has(g, "Foe 1", FIGURE_STATUS_DEMORALISED)); /* rally again next turn */
    game_destroy(g);
}

static void test_last_hit_kept(void **state)
{
    (void)state;
    game *g = after_charge(3);
    assert_int_equal(hits_of(g, "Foe"), 1);
    assert_false(unit_has(g, "Foe 1", FIGURE_STATUS_DEMORALISED));
    rules_command c = rally(g);
    test_tiny_refused(g, &c, "the last hit never comes off");
    game_destroy(g);
}

static void test_general_rallies(void **state)
{
    (void)state;
    game *g = after_charge(2);
    rules_command c = rally(g);
    c.figure = test_tiny_figure(g, "Gen Blue");
    test_tiny_submit(g, &c);
    int from = 0;
    bool general = false;
    const rules_event *m;
    while ((m = test_tiny_find(g, RULES_EV_MODIFIER, NULL, &from)))
        general |= strstr(m->text, "general_rallying") && m->value == 1;
    assert_true(general);
    game_destroy(g);
}

/* Blue has `absent` of its four units never arriving (gone from the table). */
static game *absent_game(int absent, const char *victory)
{
    tbuild b;
    tb_armies(&b, "", "");
    tb_unit(&b, "Red foot", "Red", "line_infantry", "", "RB", 60, 30, 2, -1);
    const char *names[4] = {"B1", "B2", "B3", "B4"};
    for (int i = 0; i < 4; i++)
        tb_unit(&b, names[i], "Blue", "line_infantry", "", "BB", 30 + 30 * (float)i, 100, 2, -1);
    if (absent == 0) {
        tb_add(&b, "]%s}", victory);
        return test_tiny_game(b.s, 2);
    }
    tb_add(&b, "], \"reinforcements\": [{\"side\": \"Blue\", \"units\": [");
    for (int i = 0; i < absent; i++)
        tb_add(&b, "%s\"%s\"", i ? ", " : "", names[i]);
    tb_add(&b, "], \"turn\": 99, \"edge\": \"south\", \"entry\": [90, 120]}]%s}", victory);
    return test_tiny_game(b.s, 2);
}

static void test_army_retreat(void **state)
{
    (void)state;
    game *g = absent_game(2, "");
    assert_false(game_over(g)); /* half is not over half */
    game_destroy(g);
    g = absent_game(3, "");
    rules_outcome oc;
    game_outcome(g, &oc);
    assert_true(oc.over);
    assert_int_equal(oc.winner.id, 1);
    assert_non_null(strstr(oc.reason, "Blue must retreat"));
    game_destroy(g);
    /* The scenario may set its own threshold. */
    g = absent_game(3, ", \"victory\": [{\"kind\": \"army_retreat\", \"value\": 80}]");
    assert_false(game_over(g));
    game_destroy(g);
}

static void test_shaken_army_retreats(void **state)
{
    (void)state;
    /* One Blue unit, shaken in the charge phase (seed 2): the game ends with the event. */
    tbuild b;
    tb_armies(&b, "", "");
    tb_unit(&b, "Grenadiers", "Red", "grenadiers", "line", "RB", 60, 64, 3, -1);
    tb_unit(&b, "Militia", "Blue", "militia", "column", "BB", 60, 71.5f, 2, -1);
    game *g = test_tiny_game(tb_end(&b), 2);
    test_tiny_roll(g);
    test_tiny_submit(g, &(rules_command){.kind = RULES_CMD_CHARGE,
                                         .side.id = 1,
                                         .unit = test_tiny_unit(g, "Grenadiers"),
                                         .target_unit = test_tiny_unit(g, "Militia")});
    test_tiny_end(g);
    assert_true(unit_has(g, "Militia 1", FIGURE_STATUS_SHAKEN));
    const rules_event *over = test_tiny_find(g, RULES_EV_GAME_OVER, NULL, NULL);
    assert_non_null(over);
    assert_int_equal(over->side.id, 1);
    assert_string_equal(over->ref, TINY_REF_H);
    assert_true(game_over(g));
    game_destroy(g);
}

static void test_turn_limit(void **state)
{
    (void)state;
    game *g = absent_game(0, ", \"victory\": [{\"kind\": \"turns\", \"turns\": 1}]");
    test_tiny_roll(g);
    test_tiny_end(g);
    assert_false(game_over(g));
    test_tiny_roll(g);
    test_tiny_end(g);
    rules_outcome oc;
    game_outcome(g, &oc);
    assert_true(oc.over);
    assert_int_equal(oc.winner.id, 0); /* nobody lost anything: a draw */
    game_destroy(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rally_removes_a_hit),      cmocka_unit_test(test_rally_only),
        cmocka_unit_test(test_rally_fails_and_retreats), cmocka_unit_test(test_last_hit_kept),
        cmocka_unit_test(test_general_rallies),          cmocka_unit_test(test_army_retreat),
        cmocka_unit_test(test_shaken_army_retreats),     cmocka_unit_test(test_turn_limit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
