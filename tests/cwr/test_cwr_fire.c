/* Firing: front rank only, 45 degrees either side of straight ahead, the first enemy unit in the
 * line; short range one casualty a 6, long range one a pair; fortified targets half; three dice
 * a figure for machine guns and guns; artillery over friends only from higher ground and at
 * targets more than 12" beyond them; individuals in contact add their fire. */
#include "cwr_test_util.h"

#include "core/dice.h"

#include <math.h>

static void test_casualty_rule(void **state)
{
    (void)state;
    assert_int_equal(cwr_fire_casualties(3, 1, 2, false), 3); /* short: each 6 */
    assert_int_equal(cwr_fire_casualties(3, 1, 2, true), 1);  /* fortified: per pair */
    assert_int_equal(cwr_fire_casualties(5, 2, 2, false), 2); /* long: per pair */
    assert_int_equal(cwr_fire_casualties(5, 2, 2, true), 1);  /* fortified: per four */
    assert_int_equal(cwr_fire_casualties(3, 2, 2, true), 0);
}

/* Expected casualties: exact, and a seeded Monte Carlo of 100000 volleys within 0.01. */
static void test_expected(void **state)
{
    (void)state;
    assert_true(fabs(cwr_fire_expected(1, 1) - 1.0 / 6) < 1e-12);
    assert_true(fabs(cwr_fire_expected(12, 1) - 2.0) < 1e-12);
    assert_true(fabs(cwr_fire_expected(2, 2) - 1.0 / 36) < 1e-12);
    /* three dice, pairs: P(two or three 6s) = (15 + 1) / 216 */
    assert_true(fabs(cwr_fire_expected(3, 2) - 16.0 / 216) < 1e-12);
    dice_rng rng;
    dice_seed(&rng, 7);
    const int n = 100000;
    double sum2 = 0, sum4 = 0;
    for (int i = 0; i < n; i++) {
        int sixes = 0;
        for (int k = 0; k < 12; k++)
            sixes += dice_d6(&rng) == 6;
        sum2 += sixes / 2;
        sum4 += sixes / 4;
    }
    assert_true(fabs(sum2 / n - cwr_fire_expected(12, 2)) < 0.01);
    assert_true(fabs(sum4 / n - cwr_fire_expected(12, 4)) < 0.01);
}

/* Red's company of six magazine rifles faces south at y 20; Blue's target faces it at y. */
static game *shoot_game(const char *terrain, float target_y, const char *extra_red, uint64_t seed)
{
    static cbuild b;
    cb_begin(&b, terrain, "{\"first_side\": \"Red\"}");
    cb_unit(&b, "Coy", "Red", "infantry_company", "magazine_rifle", "elite", 90, 20, 6, 1, -1);
    cb_unit(&b, "Target", "Blue", "native_foot", "spear", "regular", 90, target_y, 12, 1, -1);
    cb_unit(&b, "Flank", "Blue", "native_foot", "spear", "regular", 150, 40, 6, 1, -1);
    if (extra_red && *extra_red)
        cb_add(&b, ", %s", extra_red);
    return cwr_game(cb_end(&b), seed);
}

static rules_command fire_at(game *g, const char *firer, const char *target)
{
    return (rules_command){
        .kind = RULES_CMD_FIRE, .unit = cwr_unit(g, firer), .target_unit = cwr_unit(g, target)};
}

static int sixes(const game *g, const char *tag)
{
    int n, k = 0;
    const rules_event *ev = game_events(g, game_cursor(g) - 1, &n);
    for (int i = 0; i < n; i++)
        k += ev[i].kind == RULES_EV_DIE && strcmp(ev[i].tag, tag) == 0 && ev[i].value == 6;
    return k;
}

static void test_short_and_long(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 6; seed++) {
        /* 5" away: short range, every 6 a casualty */
        game *g = shoot_game("", 35, "", seed);
        cwr_activate(g, "Coy");
        cwr_choose(g, "fire_twice");
        cwr_submit(g, fire_at(g, "Coy", "Target"));
        assert_int_equal(cwr_count(g, RULES_EV_DIE, "short_range", NULL), 6);
        int s = sixes(g, "short_range");
        assert_int_equal(cwr_count(g, RULES_EV_NOTE, RULES_TAG_PER_RESULT, NULL), 0); /* singly */
        assert_int_equal(cwr_casualties(g), s);
        assert_int_equal(cwr_strength(g, "Target"), 12 - s);
        game_destroy(g);
        /* 15" away: long range, a casualty for each pair */
        g = shoot_game("", 60, "", seed);
        cwr_activate(g, "Coy");
        cwr_choose(g, "fire_twice");
        cwr_submit(g, fire_at(g, "Coy", "Target"));
        assert_int_equal(cwr_count(g, RULES_EV_DIE, "long_range", NULL), 6);
        int l = sixes(g, "long_range");
        /* the dice tray is told the 6s count in pairs, for the long-range throw */
        const rules_event *die = NULL, *per = NULL;
        cwr_count(g, RULES_EV_DIE, "long_range", &die);
        assert_int_equal(cwr_count(g, RULES_EV_NOTE, RULES_TAG_PER_RESULT, &per), 1);
        assert_int_equal(per->group, die->group);
        assert_int_equal(per->value, 2);
        assert_int_equal(cwr_casualties(g), l / 2);
        game_destroy(g);
    }
    /* 19" away: out of range */
    game *g = shoot_game("", 70, "", 1);
    cwr_activate(g, "Coy");
    cwr_refused(g, (rules_command){.kind = RULES_CMD_CHOOSE, .option = "fire_move"},
                "Target is out of range (19.0\")");
    game_destroy(g);
}

static void test_fortified(void **state)
{
    (void)state;
    int seen = 0;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        game *g =
            shoot_game("[{\"type\": \"redoubt\", \"rect\": [70, 30, 110, 40]}]", 35, "", seed);
        cwr_activate(g, "Coy");
        cwr_choose(g, "fire_twice");
        cwr_submit(g, fire_at(g, "Coy", "Target"));
        int s = sixes(g, "short_range");
        const rules_event *per = NULL;
        assert_int_equal(cwr_count(g, RULES_EV_NOTE, RULES_TAG_PER_RESULT, &per), 1);
        assert_int_equal(per->value, 2); /* fortified: short-range 6s in pairs */
        assert_int_equal(cwr_casualties(g), s / 2);
        seen += s >= 2;
        game_destroy(g);
    }
    assert_true(seen > 0);
}

static void test_arc_and_first_unit(void **state)
{
    (void)state;
    /* Flank is at about 60 degrees off straight ahead */
    game *g = shoot_game("", 35, "", 1);
    cwr_activate(g, "Coy");
    cwr_choose(g, "fire_twice");
    cwr_refused(g, fire_at(g, "Coy", "Flank"), "not within 45 degrees");
    rules_target tg[8];
    int n = game_targets(g, &(rules_command){.kind = RULES_CMD_FIRE, .unit = cwr_unit(g, "Coy")},
                         tg, 8);
    assert_int_equal(n, 1);
    assert_string_equal(tg[0].band, "short");
    assert_int_equal(tg[0].dice, 6);
    assert_true(fabsf(tg[0].expected_kills - 1.0f) < 1e-6f); /* six dice, one casualty a 6 */
    /* the dice in words, as "%d at short range (6s), %d at long (pairs of 6s)%s" writes them */
    assert_string_equal(tg[0].note, "6 at short range (6s), 0 at long (pairs of 6s)");
    game_destroy(g);
    /* a Blue screen between the company and the target: it is the first unit hit */
    g = shoot_game("", 60, "", 1);
    game_destroy(g);
    static cbuild b;
    cb_begin(&b, "", "{\"first_side\": \"Red\"}");
    cb_unit(&b, "Coy", "Red", "infantry_company", "magazine_rifle", "elite", 90, 20, 6, 1, -1);
    cb_unit(&b, "Screen", "Blue", "native_foot", "spear", "regular", 90, 40, 4, 1, -1);
    cb_unit(&b, "Target", "Blue", "native_foot", "spear", "regular", 90, 55, 12, 1, -1);
    g = cwr_game(cb_end(&b), 1);
    cwr_activate(g, "Coy");
    cwr_choose(g, "fire_twice");
    cwr_refused(g, fire_at(g, "Coy", "Target"), "Screen is the first enemy unit");
    cwr_submit(g, fire_at(g, "Coy", "Screen"));
    game_destroy(g);
}

/* Only the front rank fires: a company in three ranks of four throws four dice. */
static void test_front_rank(void **state)
{
    (void)state;
    static cbuild b;
    cb_begin(&b, "", "{\"first_side\": \"Red\"}");
    cb_unit(&b, "Coy", "Red", "infantry_company", "magazine_rifle", "elite", 90, 20, 12, 3, -1);
    cb_unit(&b, "Target", "Blue", "native_foot", "spear", "regular", 90, 35, 12, 1, -1);
    game *g = cwr_game(cb_end(&b), 1);
    cwr_activate(g, "Coy");
    cwr_choose(g, "fire_twice");
    cwr_submit(g, fire_at(g, "Coy", "Target"));
    assert_int_equal(cwr_count(g, RULES_EV_DIE, "short_range", NULL), 4);
    game_destroy(g);
}

/* A machine gun of two figures throws six dice; a general in contact adds his pistol. */
static void test_machine_gun_and_individuals(void **state)
{
    (void)state;
    static cbuild b;
    cb_begin(&b, "", "{\"first_side\": \"Red\"}");
    cb_unit(&b, "Gatling", "Red", "machine_gun", "machine_gun", "regular", 90, 20, 2, 1, -1);
    cb_unit(&b, "Gen", "Red", "general", "pistol", "regular", 93.75f, 20, 1, 1, -1);
    cb_unit(&b, "Target", "Blue", "native_foot", "spear", "regular", 90, 28, 12, 1, -1);
    game *g = cwr_game(cb_end(&b), 1);
    cwr_activate(g, "Gatling");
    cwr_choose(g, "fire_twice");
    cwr_submit(g, fire_at(g, "Gatling", "Target"));
    assert_int_equal(cwr_count(g, RULES_EV_DIE, "short_range", NULL), 3 * 2 + 1);
    game_destroy(g);
}

/* Guns behind their own infantry: over them only from higher ground, at targets more than 12"
 * beyond them. */
static void test_artillery_over_friends(void **state)
{
    (void)state;
    const char *hill = "[{\"type\": \"hill\", \"rect\": [70, 2, 110, 14], \"height_ft\": 10}]";
    struct {
        const char *terrain;
        float target_y;
        const char *why;
    } cases[] = {
        {"", 80, "only from higher ground"},
        {hill, 40, "more than 12"},
        {hill, 80, NULL},
    };
    for (int c = 0; c < 3; c++) {
        static cbuild b;
        cb_begin(&b, cases[c].terrain, "{\"first_side\": \"Red\"}");
        cb_unit(&b, "Guns", "Red", "field_gun", "field_gun", "regular", 90, 8, 2, 1, -1);
        cb_unit(&b, "Foot", "Red", "infantry_company", "rifle", "regular", 90, 20, 6, 1, -1);
        cb_unit(&b, "Target", "Blue", "native_foot", "spear", "regular", 90, cases[c].target_y, 12,
                1, -1);
        game *g = cwr_game(cb_end(&b), 1);
        cwr_activate(g, "Guns");
        if (cases[c].why)
            cwr_refused(g, (rules_command){.kind = RULES_CMD_CHOOSE, .option = "fire_twice"},
                        cases[c].why);
        else {
            cwr_choose(g, "fire_twice");
            cwr_submit(g, fire_at(g, "Guns", "Target"));
            assert_int_equal(cwr_count(g, RULES_EV_DIE, "long_range", NULL), 6);
        }
        game_destroy(g);
    }
}

/* "A casualty is removed from the target unit, by the commander of the unit that is firing":
 * the firing side (Red) picks which of the target's figures fall, any of them; the nearest are
 * only the suggestion. Wrong counts, other units' figures and repeats are refused. */
static void test_firer_picks(void **state)
{
    (void)state;
    int tried = 0;
    for (uint64_t seed = 1; seed <= 12; seed++) {
        game *g = shoot_game("", 35, "", seed);
        cwr_activate(g, "Coy");
        cwr_choose(g, "fire_twice");
        cwr_submit(g, fire_at(g, "Coy", "Target"));
        int s = sixes(g, "short_range");
        assert_int_equal(cwr_count(g, RULES_EV_REMOVE, NULL, NULL), 0); /* none yet */
        rules_decision d;
        game_decision(g, &d);
        if (s == 0) {
            assert_int_not_equal(d.kind, RULES_DECIDE_ALLOCATE_HITS);
            game_destroy(g);
            continue;
        }
        tried++;
        const table *t = game_table(g);
        assert_int_equal(d.kind, RULES_DECIDE_ALLOCATE_HITS);
        assert_string_equal(table_side(t, d.side)->name, "Red");
        assert_int_equal(d.unit.id, cwr_unit(g, "Target").id);
        assert_int_equal(d.count, s);
        /* the rearmost figures of the target (its last ones), not the suggested nearest */
        figure_id tg[16], flank[8];
        int n = cwr_unit_figures(t, cwr_unit(g, "Target"), tg, 16);
        cwr_unit_figures(t, cwr_unit(g, "Flank"), flank, 8);
        assert_int_equal(n, 12);
        rules_command pick = {.kind = RULES_CMD_ALLOCATE};
        for (int i = 0; i < s; i++)
            rules_command_add_figure(&pick, tg[n - 1 - i]);
        rules_command bad = pick;
        bad.figure_count = s - 1;
        cwr_refused(g, bad, "pick exactly");
        bad = pick;
        bad.figures[0] = flank[0];
        cwr_refused(g, bad, "not a standing figure of Target");
        if (s >= 2) {
            bad = pick;
            bad.figures[1] = bad.figures[0];
            cwr_refused(g, bad, "picked twice");
        }
        cwr_refused(g, (rules_command){.kind = RULES_CMD_MOVE}, "pick the casualties");
        cwr_submit(g, pick);
        assert_int_equal(cwr_count(g, RULES_EV_REMOVE, NULL, NULL), s);
        for (int i = 0; i < s; i++)
            assert_false(table_figure_active(table_figure_const(t, tg[n - 1 - i])));
        for (int i = 0; i < n - s; i++)
            assert_true(table_figure_active(table_figure_const(t, tg[i])));
        /* then the pair goes on: its second fire */
        game_decision(g, &d);
        assert_int_equal(d.kind, RULES_DECIDE_ACT);
        assert_string_equal(table_side(t, d.side)->name, "Red");
        game_destroy(g);
    }
    assert_true(tried > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_casualty_rule),
        cmocka_unit_test(test_expected),
        cmocka_unit_test(test_short_and_long),
        cmocka_unit_test(test_fortified),
        cmocka_unit_test(test_firer_picks),
        cmocka_unit_test(test_arc_and_first_unit),
        cmocka_unit_test(test_front_rank),
        cmocka_unit_test(test_machine_gun_and_individuals),
        cmocka_unit_test(test_artillery_over_friends),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
