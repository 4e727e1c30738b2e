/* Morale chits (seed 000, Morale; Rallying): the seed's two worked examples and the rules. */
#include "lcr_test_util.h"

#include "rules/lcr/lcr_morale_math.h"

/* The seed's Spanish command, tallied by quality as the seed does. */
typedef struct force_line {
    int count;
    figure_quality q;
} force_line;

static const force_line spanish[] = {
    {160, FIGURE_QUALITY_REGULAR}, {9, FIGURE_QUALITY_SEASONED}, {4, FIGURE_QUALITY_SEASONED},
    {80, FIGURE_QUALITY_SEASONED}, {5, FIGURE_QUALITY_VETERAN},  {1, FIGURE_QUALITY_REGULAR},
    {15, FIGURE_QUALITY_RAW},      {1, FIGURE_QUALITY_REGULAR},
};

static void test_morale_example1_tally_and_piles(void **state)
{
    (void)state;
    lcr_data *d = test_lcr_data();
    int tally[LCR_QUALITIES] = {0}, total = 0;
    for (size_t i = 0; i < sizeof spanish / sizeof spanish[0]; i++) {
        tally[spanish[i].q] += spanish[i].count;
        total += spanish[i].count;
    }
    assert_int_equal(tally[FIGURE_QUALITY_RAW], 15);
    assert_int_equal(tally[FIGURE_QUALITY_REGULAR], 162);
    assert_int_equal(tally[FIGURE_QUALITY_SEASONED], 93);
    assert_int_equal(tally[FIGURE_QUALITY_VETERAN], 5);
    /* "Five groups of 18 chits", the odd chit on the last group. */
    lcr_morale m = lcr_morale_deal(d, total);
    assert_int_equal(m.pile_count, 5);
    for (int i = 0; i < 4; i++)
        assert_int_equal(m.piles[i], 18);
    assert_int_equal(m.piles[4], 19);
    lcr_data_destroy(d);
}

/* The second example states 53 chits for the force without the 93 seasoned; with our formula a
 * force of 53 chits deals exactly the seed's piles: 10, 10, 10, 10 and 13. */
static void test_morale_example2_pile_structure(void **state)
{
    (void)state;
    lcr_data *d = test_lcr_data();
    lcr_morale m = lcr_morale_deal(d, 53 * d->figures_per_chit);
    assert_int_equal(lcr_morale_total(&m), 53);
    const int expect[5] = {10, 10, 10, 10, 13};
    for (int i = 0; i < 5; i++)
        assert_int_equal(m.piles[i], expect[i]);
    /* Our formula on the 182 figures actually left (275 - 93) gives 60 chits. */
    lcr_morale f = lcr_morale_deal(d, 182);
    assert_int_equal(lcr_morale_total(&f), 60);
    lcr_data_destroy(d);
}

/* Casualties empty the first pile first; the Raw quality breaks with the 18th; the seasoned
 * reinforcements' own chits refill the Raw pile and restore the Guardia Civil. */
static void test_morale_casualties_and_reinforcement_restore(void **state)
{
    (void)state;
    lcr_data *d = test_lcr_data();
    lcr_morale m = lcr_morale_deal(d, 182);
    for (int i = 0; i < 11; i++)
        assert_int_equal(lcr_morale_take(&m), -1);
    assert_false(lcr_morale_quality_broken(&m, FIGURE_QUALITY_RAW));
    assert_int_equal(lcr_morale_take(&m), 0); /* the 12th chit empties the Raw pile */
    assert_true(lcr_morale_quality_broken(&m, FIGURE_QUALITY_RAW));
    assert_true(lcr_morale_figure_demoralised(&m, FIGURE_QUALITY_RAW, -1));
    assert_false(lcr_morale_figure_demoralised(&m, FIGURE_QUALITY_REGULAR, -1));
    assert_int_equal(m.piles[1], 12); /* the next casualty comes off the Regular pile */
    lcr_morale_take(&m);
    assert_int_equal(m.piles[1], 11);

    lcr_morale jaeger = lcr_morale_deal(d, 93); /* 31 chits: 6, 6, 6, 6, 7 */
    assert_int_equal(jaeger.piles[0], 6);
    assert_int_equal(jaeger.piles[4], 7);
    lcr_morale_add(&m, &jaeger);
    assert_int_equal(m.piles[0], 6);
    assert_false(lcr_morale_quality_broken(&m, FIGURE_QUALITY_RAW));
    assert_false(lcr_morale_figure_demoralised(&m, FIGURE_QUALITY_RAW, -1));
    lcr_data_destroy(d);
}

/* Rallied Raw troops act until the Regular pile is exhausted, then rout again. */
static void test_morale_rallied_rout_at_next_pile(void **state)
{
    (void)state;
    lcr_data *d = test_lcr_data();
    lcr_morale m = lcr_morale_deal(d, 30); /* 10 chits: 2, 2, 2, 2, 2 */
    lcr_morale_take(&m);
    assert_int_equal(lcr_morale_take(&m), 0);
    int hold = lcr_morale_rally_hold(&m);
    assert_int_equal(hold, 1);
    assert_false(lcr_morale_figure_demoralised(&m, FIGURE_QUALITY_RAW, hold));
    lcr_morale_take(&m);
    assert_false(lcr_morale_figure_demoralised(&m, FIGURE_QUALITY_RAW, hold));
    assert_int_equal(lcr_morale_take(&m), 1);
    assert_true(lcr_morale_figure_demoralised(&m, FIGURE_QUALITY_RAW, hold));
    assert_true(lcr_morale_figure_demoralised(&m, FIGURE_QUALITY_REGULAR, -1));
    for (int i = 0; i < 6; i++)
        lcr_morale_take(&m);
    assert_true(lcr_morale_all_broken(&m));
    assert_int_equal(lcr_morale_rally_hold(&m), -1);
    assert_int_equal(lcr_morale_take(&m), -1);
    lcr_data_destroy(d);
}

/* A force too small for a chit per pile (10 figures: 3 chits) still gets one on each pile. */
static void test_morale_small_force_minimum(void **state)
{
    (void)state;
    lcr_data *d = test_lcr_data();
    lcr_morale m = lcr_morale_deal(d, 10);
    for (int i = 0; i < 5; i++)
        assert_int_equal(m.piles[i], 1);
    lcr_morale none = lcr_morale_deal(d, 0);
    assert_int_equal(lcr_morale_total(&none), 0);
    lcr_data_destroy(d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_morale_example1_tally_and_piles),
        cmocka_unit_test(test_morale_example2_pile_structure),
        cmocka_unit_test(test_morale_casualties_and_reinforcement_restore),
        cmocka_unit_test(test_morale_rallied_rout_at_next_pile),
        cmocka_unit_test(test_morale_small_force_minimum),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
