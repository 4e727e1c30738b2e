/* Close combat (seed 000, Close Combat): modifiers, ties and the single-rank rule. */
#include "lcr_test_util.h"

#include "rules/lcr/lcr_combat_math.h"

static void test_combat_modifiers(void **state)
{
    (void)state;
    lcr_data *d = test_lcr_data();
    lcr_combatant c = {.in_formation = true, .second_rank = true};
    assert_int_equal(lcr_combat_modifier_total(d, &c), 1);
    c.third_rank = true;
    assert_int_equal(lcr_combat_modifier_total(d, &c), 1); /* only against cavalry */
    c.fighting_cavalry_front = true;
    assert_int_equal(lcr_combat_modifier_total(d, &c), 2);
    c.flank_supporters = 2;
    lcr_modifier m[3];
    assert_int_equal(lcr_combat_modifiers(d, &c, m), 3);
    assert_int_equal(m[2].value, 2);
    assert_int_equal(lcr_combat_modifier_total(d, &c), 4);
    lcr_combatant loose = {.second_rank = true}; /* not in formation: no rank bonus */
    assert_int_equal(lcr_combat_modifier_total(d, &loose), 0);
    lcr_data_destroy(d);
}

/* Ties are thrown again until broken; every round is recorded; the winner has the higher total. */
static void test_combat_ties_reroll(void **state)
{
    (void)state;
    lcr_data *d = test_lcr_data();
    lcr_combatant a = {0}, b = {0};
    int ties_seen = 0;
    for (uint64_t seed = 1; seed <= 200; seed++) {
        dice_rng rng;
        dice_seed(&rng, seed);
        lcr_combat_result r;
        lcr_combat_fight(&rng, d, &a, &b, &r);
        for (int i = 0; i + 1 < r.rounds; i++)
            assert_int_equal(r.total[i][0], r.total[i][1]);
        int last = r.rounds - 1;
        assert_int_not_equal(r.total[last][0], r.total[last][1]);
        assert_int_equal(r.winner, r.total[last][0] > r.total[last][1] ? 0 : 1);
        ties_seen += r.rounds > 1;
        assert_false(r.gave_up);
    }
    assert_true(ties_seen > 10); /* about one fight in six starts with a tie */
    lcr_data_destroy(d);
}

/* A single-rank figure wins a tie outright; modifiers add to the die. */
static void test_combat_single_rank_wins_ties(void **state)
{
    (void)state;
    lcr_data *d = test_lcr_data();
    lcr_combatant a = {.in_formation = true, .single_rank = true};
    lcr_combatant b = {.flank_supporters = 1};
    int single_wins = 0;
    for (uint64_t seed = 1; seed <= 300; seed++) {
        dice_rng rng;
        dice_seed(&rng, seed);
        lcr_combat_result r;
        lcr_combat_fight(&rng, d, &a, &b, &r);
        assert_int_equal(r.rounds, 1);
        assert_int_equal(r.modifier[1], 1);
        assert_int_equal(r.total[0][1], r.faces[0][1] + 1);
        if (r.total[0][0] == r.total[0][1]) {
            assert_true(r.won_by_single_rank);
            assert_int_equal(r.winner, 0);
            single_wins++;
        }
    }
    assert_true(single_wins > 0);
    lcr_data_destroy(d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_combat_modifiers),
        cmocka_unit_test(test_combat_ties_reroll),
        cmocka_unit_test(test_combat_single_rank_wins_ties),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
