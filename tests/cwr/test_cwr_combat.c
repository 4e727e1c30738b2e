/* Close Combat: front-rank figures in base contact fight, one D6 each on both sides at once, a
 * casualty for every 6; a charge moves with the movement dice and fights only when it reaches
 * base contact. */
#include "cwr_test_util.h"

#include <math.h>

static int sixes(const game *g, const char *tag, int *dice)
{
    int n, k = 0;
    *dice = 0;
    const rules_event *ev = game_events(g, game_cursor(g) - 1, &n);
    for (int i = 0; i < n; i++)
        if (ev[i].kind == RULES_EV_DIE && strcmp(ev[i].tag, tag) == 0) {
            (*dice)++;
            k += ev[i].value == 6;
        }
    return k;
}

/* Six Red in line touching six Blue: six dice a side; then the company moves away. */
static void test_both_sides_at_once(void **state)
{
    (void)state;
    int any = 0;
    for (uint64_t seed = 1; seed <= 12; seed++) {
        cbuild b;
        cb_begin(&b, "", "{\"first_side\": \"Red\"}");
        cb_unit(&b, "Coy", "Red", "infantry_company", "rifle", "elite", 90, 20, 6, 1, -1);
        cb_unit(&b, "Impi", "Blue", "native_foot", "spear", "regular", 90, 22.5f, 12, 2, -1);
        game *g = cwr_game(cb_end(&b), seed);
        cwr_activate(g, "Coy");
        cwr_choose(g, "combat_away");
        cwr_submit(g, (rules_command){.kind = RULES_CMD_SPECIAL, .option = "close_combat"});
        int da, dd;
        int sa = sixes(g, "close_combat", &da), sd = sixes(g, "close_combat_defence", &dd);
        /* each commander removes the other's casualties: Red picks the Impi's, then Blue */
        rules_decision d;
        game_decision(g, &d);
        if (sa > 0) {
            assert_int_equal(d.kind, RULES_DECIDE_ALLOCATE_HITS);
            assert_string_equal(table_side(game_table(g), d.side)->name, "Red");
            assert_int_equal(d.unit.id, cwr_unit(g, "Impi").id);
            assert_int_equal(d.count, sa);
        } else if (sd > 0 && sd < 6) {
            assert_int_equal(d.kind, RULES_DECIDE_ALLOCATE_HITS);
            assert_string_equal(table_side(game_table(g), d.side)->name, "Blue");
        }
        assert_int_equal(cwr_casualties(g), sa + sd);
        assert_int_equal(da, 6);
        assert_int_equal(dd, 6); /* only the Impi's front rank of six fights */
        assert_int_equal(cwr_strength(g, "Impi"), 12 - sa);
        assert_int_equal(cwr_strength(g, "Coy"), 6 - sd);
        any += sa + sd;
        game_decision(g, &d);
        if (!game_over(g)) { /* a side that has lost half its figures is beaten */
            assert_string_equal(d.phase, "move_away");
            cwr_refused(g,
                        (rules_command){.kind = RULES_CMD_MOVE,
                                        .unit = cwr_unit(g, "Coy"),
                                        .path_count = 1,
                                        .path = {{{90, 40}}}},
                        "away from the enemy");
            cwr_submit(g, (rules_command){.kind = RULES_CMD_MOVE,
                                          .unit = cwr_unit(g, "Coy"),
                                          .path_count = 1,
                                          .path = {{{90, 5}}}});
        }
        cwr_no_overlaps(g);
        game_destroy(g);
    }
    assert_true(any > 0);
}

/* The odds of a close combat: each of the six front-rank figures on each side throws a D6 and
 * each 6 is a casualty, so each side expects 6/6 = 1 casualty, and takes none with chance
 * (5/6)^6 = 0.335 (exact). The engine's throws over 300 fixed seeds agree: the mean within
 * 0.25 (about 4.5 standard errors of 0.053) and the chance of none within 0.1 (about 3.6
 * standard errors of 0.027). */
static void test_combat_odds(void **state)
{
    (void)state;
    assert_true(fabs(pow(5.0 / 6.0, 6) - 15625.0 / 46656) < 1e-12);
    enum { N = 300 };
    int hits[2] = {0, 0}, none = 0;
    for (uint64_t seed = 1; seed <= N; seed++) {
        cbuild b;
        cb_begin(&b, "", "{\"first_side\": \"Red\"}");
        cb_unit(&b, "Coy", "Red", "infantry_company", "rifle", "elite", 90, 20, 6, 1, -1);
        cb_unit(&b, "Impi", "Blue", "native_foot", "spear", "regular", 90, 22.5f, 12, 2, -1);
        game *g = cwr_game(cb_end(&b), seed);
        cwr_activate(g, "Coy");
        cwr_choose(g, "combat_away");
        cwr_submit(g, (rules_command){.kind = RULES_CMD_SPECIAL, .option = "close_combat"});
        int da, dd;
        int sa = sixes(g, "close_combat", &da), sd = sixes(g, "close_combat_defence", &dd);
        assert_int_equal(da, 6);
        assert_int_equal(dd, 6);
        hits[0] += sa;
        hits[1] += sd;
        none += sa == 0;
        game_destroy(g);
    }
    assert_true(fabs((double)hits[0] / N - 1.0) < 0.25);
    assert_true(fabs((double)hits[1] / N - 1.0) < 0.25);
    assert_true(fabs((double)none / N - 15625.0 / 46656) < 0.1);
}

/* Elite lancers charge an impi 7" away with 3D6 (+1 in the open): when the dice reach, the
 * close combat follows; when they fall short, there is none. Seeds 1..16 see both. */
static void test_charge(void **state)
{
    (void)state;
    int reached = 0, short_ = 0;
    for (uint64_t seed = 1; seed <= 16; seed++) {
        cbuild b;
        cb_begin(&b, "", "{\"first_side\": \"Red\"}");
        cb_unit(&b, "Lancers", "Red", "cavalry_squadron", "none", "elite", 90, 20, 6, 1, -1);
        cb_unit(&b, "Impi", "Blue", "native_foot", "spear", "regular", 90, 60, 12, 2, -1);
        game *g = cwr_game(cb_end(&b), seed);
        cwr_activate(g, "Lancers");
        cwr_choose(g, "charge_combat");
        cwr_submit(g, (rules_command){.kind = RULES_CMD_CHARGE,
                                      .unit = cwr_unit(g, "Lancers"),
                                      .target_unit = cwr_unit(g, "Impi")});
        const rules_event *ch = NULL;
        assert_int_equal(cwr_count(g, RULES_EV_RULESET, "charge", &ch), 1);
        assert_int_equal(cwr_count(g, RULES_EV_DIE, "move", NULL), 4);
        cwr_no_overlaps(g);
        /* 60 - 20 - 2.5 = 37.5 cm = 15" to cover */
        int total = 0, n;
        const rules_event *ev = game_events(g, game_cursor(g) - 1, &n);
        for (int i = 0; i < n; i++)
            total += ev[i].kind == RULES_EV_DIE ? ev[i].value : 0;
        assert_int_equal(ch->success, total >= 15);
        rules_action a[4];
        int na = game_actions(g, (figure_id){0}, a, 4);
        assert_true(na >= 1);
        assert_int_equal(a[0].enabled, ch->success);
        if (ch->success) {
            reached++;
            cwr_submit(g, (rules_command){.kind = RULES_CMD_SPECIAL, .option = "close_combat"});
            int da;
            sixes(g, "close_combat", &da);
            assert_true(da >= 1);
        } else {
            short_++;
            cwr_submit(g, (rules_command){.kind = RULES_CMD_PASS});
        }
        game_destroy(g);
    }
    assert_true(reached > 0 && short_ > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_both_sides_at_once),
        cmocka_unit_test(test_charge),
        cmocka_unit_test(test_combat_odds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
