#include "core/dice.h"

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

/* PCG32 reference: the first outputs of pcg32_srandom(42, 54) from O'Neill's pcg32-demo. */
static void test_pcg32_reference_vector(void **state)
{
    (void)state;
    dice_rng rng;
    dice_seed_stream(&rng, 42u, 54u);
    const uint32_t expect[6] = {0xa15c02b7, 0x7b47f409, 0xba1d3330,
                                0x83d2f293, 0xbfa4784b, 0xcbed606e};
    for (int i = 0; i < 6; i++)
        assert_int_equal(dice_next_u32(&rng), expect[i]);
}

static void test_same_seed_same_rolls(void **state)
{
    (void)state;
    dice_rng a, b;
    dice_seed(&a, 1234);
    dice_seed(&b, 1234);
    for (int i = 0; i < 1000; i++)
        assert_int_equal(dice_d6(&a), dice_d6(&b));
    dice_seed(&b, 1235);
    int same = 0;
    for (int i = 0; i < 1000; i++)
        same += dice_d6(&a) == dice_d6(&b);
    assert_true(same < 250); /* independent streams agree about 1 time in 6 */
}

/* Chi-square of n rolls against uniform faces; 5 d.f. critical value at p=0.001 is 20.5. */
static void test_d6_uniform(void **state)
{
    (void)state;
    dice_rng rng;
    dice_seed(&rng, 7);
    int counts[7] = {0};
    const int n = 60000;
    for (int i = 0; i < n; i++) {
        int v = dice_d6(&rng);
        assert_in_range(v, 1, 6);
        counts[v]++;
    }
    double chi = 0;
    for (int f = 1; f <= 6; f++)
        chi += pow(counts[f] - n / 6.0, 2) / (n / 6.0);
    assert_true(chi < 20.5);
}

static void test_d10_d100_ranges(void **state)
{
    (void)state;
    dice_rng rng;
    dice_seed(&rng, 99);
    int seen10[11] = {0}, seen100_min = 1000, seen100_max = 0;
    for (int i = 0; i < 20000; i++) {
        int v = dice_d10(&rng);
        assert_in_range(v, 1, 10);
        seen10[v] = 1;
        int p = dice_d100(&rng);
        assert_in_range(p, 1, 100);
        seen100_min = p < seen100_min ? p : seen100_min;
        seen100_max = p > seen100_max ? p : seen100_max;
    }
    for (int f = 1; f <= 10; f++)
        assert_true(seen10[f]);
    assert_int_equal(seen100_min, 1);
    assert_int_equal(seen100_max, 100);
}

/* The average die shows 2,3,3,4,4,5: mean 3.5, faces 3 and 4 twice as often as 2 and 5. */
static void test_average_die(void **state)
{
    (void)state;
    dice_rng rng;
    dice_seed(&rng, 3);
    int counts[7] = {0};
    const int n = 60000;
    long sum = 0;
    for (int i = 0; i < n; i++) {
        int v = dice_average(&rng);
        counts[v]++;
        sum += v;
    }
    assert_int_equal(counts[1] + counts[6], 0);
    assert_true(fabs((double)sum / n - 3.5) < 0.02);
    assert_true(fabs(counts[3] / (double)counts[2] - 2.0) < 0.1);
    assert_true(fabs(counts[4] / (double)counts[5] - 2.0) < 0.1);
}

static void test_count_sixes_and_pairs(void **state)
{
    (void)state;
    dice_rng rng;
    dice_seed(&rng, 11);
    int faces[48];
    int hits = dice_count_at_least(&rng, 48, 6, faces);
    int sixes = 0;
    for (int i = 0; i < 48; i++)
        sixes += faces[i] == 6;
    assert_int_equal(hits, sixes);
    const int sample[7] = {6, 1, 6, 6, 3, 6, 6};
    assert_int_equal(dice_pairs_of_sixes(sample, 7), 2);
    /* 48 dice needing 6s: mean 8, so 100 volleys average within 8 +- 0.8. */
    long total = 0;
    for (int v = 0; v < 100; v++)
        total += dice_count_at_least(&rng, 48, 6, NULL);
    assert_true(fabs(total / 100.0 - 8.0) < 0.8);
}

static void test_sum_3d6_bounds_and_mean(void **state)
{
    (void)state;
    dice_rng rng;
    dice_seed(&rng, 5);
    long total = 0;
    int out[3];
    for (int i = 0; i < 30000; i++) {
        int s = dice_sum(&rng, 3, 6, out);
        assert_in_range(s, 3, 18);
        assert_int_equal(s, out[0] + out[1] + out[2]);
        total += s;
    }
    assert_true(fabs(total / 30000.0 - 10.5) < 0.05);
}

static void test_state_is_serialisable(void **state)
{
    (void)state;
    dice_rng a;
    dice_seed(&a, 77);
    for (int i = 0; i < 10; i++)
        dice_d6(&a);
    dice_rng saved = {a.state, a.inc, 0};
    for (int i = 0; i < 50; i++)
        assert_int_equal(dice_d6(&a), dice_d6(&saved));
}

static void test_shuffle_is_permutation(void **state)
{
    (void)state;
    dice_rng rng;
    dice_seed(&rng, 21);
    int deck[52];
    for (int i = 0; i < 52; i++)
        deck[i] = i;
    dice_shuffle(&rng, deck, 52, sizeof deck[0]);
    int seen[52] = {0}, moved = 0;
    for (int i = 0; i < 52; i++) {
        seen[deck[i]]++;
        moved += deck[i] != i;
    }
    for (int i = 0; i < 52; i++)
        assert_int_equal(seen[i], 1);
    assert_true(moved > 40);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pcg32_reference_vector),
        cmocka_unit_test(test_same_seed_same_rolls),
        cmocka_unit_test(test_d6_uniform),
        cmocka_unit_test(test_d10_d100_ranges),
        cmocka_unit_test(test_average_die),
        cmocka_unit_test(test_count_sixes_and_pairs),
        cmocka_unit_test(test_sum_3d6_bounds_and_mean),
        cmocka_unit_test(test_state_is_serialisable),
        cmocka_unit_test(test_shuffle_is_permutation),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
