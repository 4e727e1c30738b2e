/* Movement allowances (seed 000, Actions: Move): raw 3d6, regular 20 cm, leaders as regulars,
 * the wall/hedge d10 with waiting. */
#include "lcr_test_util.h"

#include "rules/lcr/lcr_move_math.h"

static void test_move_raw_rolls_3d6(void **state)
{
    (void)state;
    lcr_data *d = test_lcr_data();
    figure raw = {.role = FIGURE_ROLE_SOLDIER, .quality = FIGURE_QUALITY_RAW};
    int seen_min = 99, seen_max = 0;
    for (uint64_t seed = 1; seed <= 500; seed++) {
        dice_rng rng, check;
        dice_seed(&rng, seed);
        dice_seed(&check, seed);
        lcr_allowance a;
        lcr_move_allowance(d, &raw, &rng, &a);
        assert_int_equal(a.dice, 3);
        assert_true(a.must_move_all);
        int sum = 0;
        for (int i = 0; i < 3; i++) {
            assert_int_equal(a.faces[i], dice_roll(&check, 6));
            sum += a.faces[i];
        }
        assert_true(a.cm == (float)sum);
        seen_min = sum < seen_min ? sum : seen_min;
        seen_max = sum > seen_max ? sum : seen_max;
    }
    assert_int_equal(seen_min, 3);
    assert_int_equal(seen_max, 18);
    lcr_data_destroy(d);
}

static void test_move_regular_and_officer(void **state)
{
    (void)state;
    lcr_data *d = test_lcr_data();
    dice_rng rng;
    dice_seed(&rng, 1);
    lcr_allowance a;
    figure vet = {.role = FIGURE_ROLE_SOLDIER, .quality = FIGURE_QUALITY_VETERAN};
    lcr_move_allowance(d, &vet, &rng, &a);
    assert_true(a.cm == 20.0f);
    assert_false(a.must_move_all);
    assert_int_equal(a.dice, 0);
    /* A raw officer still moves as a regular. */
    figure off = {.role = FIGURE_ROLE_OFFICER, .quality = FIGURE_QUALITY_RAW};
    lcr_move_allowance(d, &off, &rng, &a);
    assert_true(a.cm == 20.0f);
    assert_false(a.must_move_all);
    lcr_data_destroy(d);
}

/* Crossing a wall costs 1d10 cm; with less left than the roll the figure waits and rolls again
 * next activation. Dice seed 3 gives the rolls checked below. */
static void test_move_wall_d10_wait(void **state)
{
    (void)state;
    lcr_data *d = test_lcr_data();
    dice_rng rng, check;
    dice_seed(&rng, 3);
    dice_seed(&check, 3);
    int crossed = 0, waited = 0;
    for (int i = 0; i < 60; i++) {
        lcr_obstacle_roll r;
        float left = (float)(i % 10);
        lcr_move_obstacle(d, &rng, left, &r);
        int face = dice_roll(&check, 10);
        assert_int_equal(r.cost_cm, face);
        assert_int_equal(r.crosses, (float)face <= left);
        crossed += r.crosses;
        waited += !r.crosses;
    }
    assert_true(crossed > 0 && waited > 0);
    lcr_data_destroy(d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_move_raw_rolls_3d6),
        cmocka_unit_test(test_move_regular_and_officer),
        cmocka_unit_test(test_move_wall_d10_wait),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
