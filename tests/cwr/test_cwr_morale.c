/* Morale Checks: dice by type and class, fortifications, exemptions, the exact odds, and the
 * check as it is rolled on activation under fixed seeds. */
#include "cwr_test_util.h"

#include "core/dice.h"

#include <math.h>

static const char *scene(cbuild *b)
{
    cb_begin(b, "[{\"type\": \"redoubt\", \"rect\": [100, 8, 132, 32]}]",
             "{\"first_side\": \"Red\", \"classes\": {\"Militia\": \"militia\"}}");
    cb_unit(b, "Battalion", "Red", "infantry_battalion", "rifle", "regular", 15, 20, 12, 2, -1);
    cb_unit(b, "Elite", "Red", "infantry_company", "rifle", "elite", 40, 20, 6, 1, -1);
    cb_unit(b, "Raw", "Red", "infantry_company", "rifle", "raw", 60, 20, 6, 1, -1);
    cb_unit(b, "Militia", "Red", "infantry_battalion", "rifle", "regular", 85, 20, 12, 2, -1);
    cb_unit(b, "Fort", "Red", "infantry_battalion", "rifle", "regular", 116, 20, 12, 2, -1);
    cb_unit(b, "Guns", "Red", "field_gun", "field_gun", "regular", 145, 20, 2, 1, -1);
    cb_unit(b, "Gen", "Red", "general", "pistol", "regular", 165, 20, 1, 1, -1);
    cb_unit(b, "Impi", "Blue", "native_foot", "spear", "regular", 30, 100, 12, 2, -1);
    cb_unit(b, "Horse", "Blue", "native_mounted", "spear", "regular", 70, 100, 6, 1, -1);
    cb_unit(b, "Wagons", "Blue", "transport", "none", "regular", 110, 100, 4, 1, -1);
    return cb_end(b);
}

static int dice_of(const game *g, const char *name, bool *exempt)
{
    cwr_morale m;
    cwr_morale_dice(game_rules_state(g), game_table(g), cwr_unit(g, name), &m);
    *exempt = m.exempt;
    return m.dice;
}

/* The dice in words, with each modifier signed (the check's note). */
static void note_is(const game *g, const char *name, const char *want)
{
    cwr_morale m;
    cwr_morale_dice(game_rules_state(g), game_table(g), cwr_unit(g, name), &m);
    assert_string_equal(m.note, want);
}

static void test_dice_notes(void **state)
{
    (void)state;
    cbuild b;
    game *g = cwr_game(scene(&b), 1);
    note_is(g, "Battalion", "3 dice: infantry_battalion 3");
    note_is(g, "Elite", "0 dice: infantry_company 1, elite -1");
    note_is(g, "Raw", "2 dice: infantry_company 1, inexperienced +1");
    note_is(g, "Militia", "5 dice: infantry_battalion 3, militia +2");
    note_is(g, "Fort", "2 dice: infantry_battalion 3, in fortifications -1");
    note_is(g, "Wagons", "1 die: transport 1");
    game_destroy(g);
}

static void test_dice_counts(void **state)
{
    (void)state;
    cbuild b;
    game *g = cwr_game(scene(&b), 1);
    bool ex;
    assert_int_equal(dice_of(g, "Battalion", &ex), 3);
    assert_false(ex);
    assert_int_equal(dice_of(g, "Elite", &ex), 0);   /* company 1, elite -1 */
    assert_int_equal(dice_of(g, "Raw", &ex), 2);     /* company 1, inexperienced +1 */
    assert_int_equal(dice_of(g, "Militia", &ex), 5); /* battalion 3, militia +2 */
    assert_int_equal(dice_of(g, "Fort", &ex), 2);    /* battalion 3, fortified -1 */
    assert_int_equal(dice_of(g, "Impi", &ex), 3);    /* irregular foot */
    assert_int_equal(dice_of(g, "Horse", &ex), 2);   /* irregular mounted */
    assert_int_equal(dice_of(g, "Wagons", &ex), 1);  /* transport: a full company */
    dice_of(g, "Guns", &ex);
    assert_true(ex);
    dice_of(g, "Gen", &ex);
    assert_true(ex);
    game_destroy(g);
}

static void test_exact_odds(void **state)
{
    (void)state;
    assert_true(fabs(cwr_morale_fail_chance(1, 3) - 0.5) < 1e-12);
    assert_true(fabs(cwr_morale_fail_chance(2, 7) - 15.0 / 36) < 1e-12);
    assert_true(fabs(cwr_morale_fail_chance(3, 10) - 0.5) < 1e-12);
    assert_true(fabs(cwr_morale_fail_chance(3, 2)) - 1 < 1e-12);
    assert_true(cwr_morale_fail_chance(0, 0) == 0);
    assert_true(cwr_morale_fail_chance(1, 6) == 0);
    /* a seeded Monte Carlo of 3D6 against 12 figures: 40000 throws, within 0.01 (> 5 sigma) */
    dice_rng rng;
    dice_seed(&rng, 42);
    int fails = 0, n = 40000;
    for (int i = 0; i < n; i++)
        fails += dice_d6(&rng) + dice_d6(&rng) + dice_d6(&rng) > 12;
    assert_true(fabs((double)fails / n - cwr_morale_fail_chance(3, 12)) < 0.01);
    assert_true(fabs(cwr_morale_fail_chance(3, 12) - 56.0 / 216) < 1e-12);
}

/* The check on activation: three dice, their sum against the twelve figures; pass opens the
 * fourteen pairs, a fail the nine. Over seeds 1..40 both happen. */
static void test_check_on_activation(void **state)
{
    (void)state;
    int passes = 0, fails = 0;
    for (uint64_t seed = 1; seed <= 40; seed++) {
        cbuild b;
        game *g = cwr_game(scene(&b), seed);
        bool pass = cwr_activate(g, "Battalion");
        int n;
        const rules_event *ev = game_events(g, game_cursor(g) - 1, &n);
        int sum = 0, dice = 0;
        for (int i = 0; i < n; i++)
            if (ev[i].kind == RULES_EV_DIE && strcmp(ev[i].tag, "morale") == 0) {
                sum += ev[i].value;
                dice++;
            }
        const rules_event *m = NULL;
        assert_int_equal(cwr_count(g, RULES_EV_RULESET, "morale", &m), 1);
        assert_int_equal(dice, 3);
        assert_int_equal(m->value, sum);
        assert_int_equal(m->need, 12);
        assert_int_equal(m->success, sum <= 12);
        assert_non_null(strstr(m->ref, "Colonial Wargames Rules — Morale Checks"));
        rules_decision d;
        game_decision(g, &d);
        assert_int_equal(d.kind, RULES_DECIDE_CHOOSE_ACTIONS);
        rules_action acts[32];
        int na = game_actions(g, (figure_id){0}, acts, 32);
        assert_int_equal(na, (pass ? 14 : 9) + 1); /* and "Do nothing" */
        passes += pass;
        fails += !pass;
        if (seed == 1) { /* pinned: seed 1 throws 10 against 12 figures and passes */
            assert_int_equal(sum, 10);
            assert_true(pass);
        }
        game_destroy(g);
    }
    assert_true(passes > 0 && fails > 0);
}

static void test_exempt_and_modifiers(void **state)
{
    (void)state;
    cbuild b;
    game *g = cwr_game(scene(&b), 3);
    assert_true(cwr_activate(g, "Guns"));
    assert_int_equal(cwr_count(g, RULES_EV_DIE, "morale", NULL), 0);
    const rules_event *note = NULL;
    assert_int_equal(cwr_count(g, RULES_EV_NOTE, NULL, &note), 1);
    assert_non_null(strstr(note->text, "exempt"));
    cwr_submit(g, (rules_command){.kind = RULES_CMD_END_ACTIVATION});
    /* Blue now; then Red's fortified battalion logs its -1 */
    cwr_activate(g, "Impi");
    cwr_submit(g, (rules_command){.kind = RULES_CMD_END_ACTIVATION});
    cwr_activate(g, "Fort");
    const rules_event *mod = NULL;
    assert_int_equal(cwr_count(g, RULES_EV_MODIFIER, "fortified", &mod), 1);
    assert_int_equal(mod->value, -1);
    assert_int_equal(cwr_count(g, RULES_EV_DIE, "morale", NULL), 2);
    cwr_submit(g, (rules_command){.kind = RULES_CMD_END_ACTIVATION});
    cwr_activate(g, "Horse");
    cwr_submit(g, (rules_command){.kind = RULES_CMD_END_ACTIVATION});
    cwr_activate(g, "Militia");
    assert_int_equal(cwr_count(g, RULES_EV_MODIFIER, "class", &mod), 1);
    assert_int_equal(mod->value, 2);
    assert_int_equal(cwr_count(g, RULES_EV_DIE, "morale", NULL), 5);
    game_destroy(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dice_counts),          cmocka_unit_test(test_dice_notes),
        cmocka_unit_test(test_exact_odds),           cmocka_unit_test(test_check_on_activation),
        cmocka_unit_test(test_exempt_and_modifiers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
