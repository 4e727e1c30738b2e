/* Shooting (seed 000, Shooting): the Mauser line example, saves, area-fire semicircle, hit
 * allocation limits, three-rank friendly fire, arcs. */
#include "lcr_test_util.h"

#include "rules/lcr/lcr_fire_math.h"

#include <math.h>
#include <string.h>

/* Lt Toledo's 16 men in a two-deep line fire Mausers at a target 30 cm away: 48 dice needing
 * 6s (long range). Under dice seed 107 the throw gives seven 6s, as in the seed; the seven save
 * dice cancel three, leaving four hits: four soldiers, or three soldiers and the NCO, and never
 * the officer (he needs six soldiers first). The semicircle has a 16 cm radius. */
static void test_fire_mauser_line_example(void **state)
{
    (void)state;
    lcr_data *d = test_lcr_data();
    const lcr_weapon *w = lcr_data_weapon(d, "mauser");
    int need = 0;
    const char *band = NULL;
    assert_true(lcr_fire_need(w, 30.0f, &need, &band));
    assert_int_equal(need, 6);
    assert_string_equal(band, "long");
    int firers = 16;
    dice_rng rng;
    dice_seed(&rng, 107);
    static lcr_fire_dice hit, save;
    lcr_fire_throw(&rng, firers * w->dice_per_man, need, 0, &hit);
    assert_int_equal(hit.count, 48);
    int sixes = 0;
    for (int i = 0; i < 48; i++)
        sixes += hit.faces[i] == 6;
    assert_int_equal(hit.successes, sixes);
    assert_int_equal(hit.successes, 7);
    lcr_fire_throw(&rng, hit.successes, d->save_foot_need, 0, &save);
    assert_int_equal(save.count, 7);
    assert_int_equal(save.successes, 3);
    int hits = hit.successes - save.successes;
    assert_int_equal(hits, 4);
    float radius = (float)firers * d->area_radius_cm_per_firer;
    assert_true(fabsf(radius - 16.0f) < 1e-6f);

    /* Ten Moros and their leaders inside the semicircle, nearest first. */
    lcr_fire_candidate cands[12];
    for (int i = 0; i < 10; i++)
        cands[i] = (lcr_fire_candidate){{(uint32_t)(i + 1)}, FIGURE_ROLE_SOLDIER};
    cands[10] = (lcr_fire_candidate){{11}, FIGURE_ROLE_NCO};
    cands[11] = (lcr_fire_candidate){{12}, FIGURE_ROLE_OFFICER};
    char why[200];
    figure_id four_soldiers[4] = {{1}, {2}, {3}, {4}};
    assert_true(lcr_fire_allocation_valid(d, cands, 12, hits, four_soldiers, 4, why, sizeof why));
    figure_id three_and_nco[4] = {{1}, {2}, {3}, {11}};
    assert_true(lcr_fire_allocation_valid(d, cands, 12, hits, three_and_nco, 4, why, sizeof why));
    figure_id two_and_nco[4] = {{1}, {2}, {11}, {12}};
    assert_false(lcr_fire_allocation_valid(d, cands, 12, hits, two_and_nco, 4, why, sizeof why));
    figure_id with_officer[4] = {{1}, {2}, {3}, {12}};
    assert_false(lcr_fire_allocation_valid(d, cands, 12, hits, with_officer, 4, why, sizeof why));
    assert_non_null(strstr(why, "officer"));
    figure_id too_few[3] = {{1}, {2}, {3}};
    assert_false(lcr_fire_allocation_valid(d, cands, 12, hits, too_few, 3, why, sizeof why));
    /* The suggestion takes the NCO with three soldiers, nearest first. */
    figure_id picks[12];
    assert_int_equal(lcr_fire_allocation_default(d, cands, 12, hits, picks), 4);
    assert_true(lcr_fire_allocation_valid(d, cands, 12, hits, picks, 4, why, sizeof why));
    assert_int_equal(picks[0].id, 1);
    assert_int_equal(picks[3].id, 11);
    lcr_data_destroy(d);
}

/* Seven hits with six soldiers in the area may take the officer; with only leaders left, the
 * leaders fall; surplus hits are lost. */
static void test_fire_allocation_limits(void **state)
{
    (void)state;
    lcr_data *d = test_lcr_data();
    lcr_fire_candidate cands[8];
    for (int i = 0; i < 6; i++)
        cands[i] = (lcr_fire_candidate){{(uint32_t)(i + 1)}, FIGURE_ROLE_SOLDIER};
    cands[6] = (lcr_fire_candidate){{7}, FIGURE_ROLE_OFFICER};
    cands[7] = (lcr_fire_candidate){{8}, FIGURE_ROLE_NCO};
    figure_id picks[8];
    char why[200];
    assert_int_equal(lcr_fire_allocation_default(d, cands, 8, 7, picks), 7);
    bool officer = false;
    for (int i = 0; i < 7; i++)
        officer |= picks[i].id == 7;
    assert_true(officer);
    /* Only an NCO and an officer in the area: both may fall to two hits. */
    lcr_fire_candidate leaders[2] = {{{7}, FIGURE_ROLE_OFFICER}, {{8}, FIGURE_ROLE_NCO}};
    figure_id both[2] = {{7}, {8}};
    assert_true(lcr_fire_allocation_valid(d, leaders, 2, 2, both, 2, why, sizeof why));
    /* Two soldiers and an officer, three hits: all soldiers gone, so the officer falls. */
    lcr_fire_candidate few[3] = {
        {{1}, FIGURE_ROLE_SOLDIER}, {{2}, FIGURE_ROLE_SOLDIER}, {{7}, FIGURE_ROLE_OFFICER}};
    figure_id all3[3] = {{1}, {2}, {7}};
    assert_true(lcr_fire_allocation_valid(d, few, 3, 3, all3, 3, why, sizeof why));
    /* Surplus: ten hits on three figures remove three. */
    assert_int_equal(lcr_fire_allocation_default(d, few, 3, 10, picks), 3);
    figure_id dup[3] = {{1}, {1}, {7}};
    assert_false(lcr_fire_allocation_valid(d, few, 3, 3, dup, 3, why, sizeof why));
    lcr_data_destroy(d);
}

/* Mounted cavalry saves on 4-6: 6 both unhurt, 4-5 the horse dies, 1-3 both lost. */
static void test_fire_cavalry_saves(void **state)
{
    (void)state;
    lcr_data *d = test_lcr_data();
    const lcr_save_result expect[7] = {0,
                                       LCR_SAVE_FAILED,
                                       LCR_SAVE_FAILED,
                                       LCR_SAVE_FAILED,
                                       LCR_SAVE_HORSE_LOST,
                                       LCR_SAVE_HORSE_LOST,
                                       LCR_SAVE_UNHURT};
    for (int f = 1; f <= 6; f++)
        assert_int_equal(lcr_fire_save_mounted(d, f), expect[f]);
    assert_int_equal(d->save_foot_need, 6);
    lcr_data_destroy(d);
}

/* The semicircle faces away from the firers; its diameter and rim count as inside. */
static void test_fire_semicircle(void **state)
{
    (void)state;
    vec2s c = {{50, 50}}, away = {{0, 1}}; /* firers to the north (smaller y) */
    assert_true(lcr_fire_in_semicircle(c, away, 16, (vec2s){{50, 66}}));
    assert_true(lcr_fire_in_semicircle(c, away, 16, (vec2s){{34, 50}}));
    assert_true(lcr_fire_in_semicircle(c, away, 16, (vec2s){{60, 55}}));
    assert_false(lcr_fire_in_semicircle(c, away, 16, (vec2s){{50, 45}}));
    assert_false(lcr_fire_in_semicircle(c, away, 16, (vec2s){{50, 66.1f}}));
}

static void test_fire_arcs(void **state)
{
    (void)state;
    vec2s p = {{0, 0}};
    assert_true(lcr_fire_in_arc(p, 0, 90, (vec2s){{10, 9.9f}}));
    assert_false(lcr_fire_in_arc(p, 0, 90, (vec2s){{10, 10.5f}}));
    assert_false(lcr_fire_in_arc(p, 0, 90, (vec2s){{-10, 0}}));
    assert_true(lcr_fire_in_arc(p, 0, 360, (vec2s){{-10, 0}}));
    assert_true(lcr_fire_in_arc(p, 3.1f, 90, (vec2s){{-10, 1}}));
}

/* A three-rank line: the third rank's dice are thrown apart; each natural 1 among them kills a
 * figure of the first two ranks. Dice seed 5: 16 third-rank dice give the ones counted here. */
static void test_fire_three_rank_ones(void **state)
{
    (void)state;
    lcr_data *d = test_lcr_data();
    dice_rng rng;
    dice_seed(&rng, 5);
    static lcr_fire_dice third;
    lcr_fire_throw(&rng, 16, 6, 0, &third);
    int ones = 0, sixes = 0;
    for (int i = 0; i < 16; i++) {
        ones += third.faces[i] == d->third_rank_friendly_face;
        sixes += third.faces[i] == 6;
    }
    assert_int_equal(third.ones, ones);
    assert_int_equal(third.successes, sixes);
    assert_true(ones > 0); /* this seed shows the rule biting */
    lcr_data_destroy(d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fire_mauser_line_example),
        cmocka_unit_test(test_fire_allocation_limits),
        cmocka_unit_test(test_fire_cavalry_saves),
        cmocka_unit_test(test_fire_semicircle),
        cmocka_unit_test(test_fire_arcs),
        cmocka_unit_test(test_fire_three_rank_ones),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
