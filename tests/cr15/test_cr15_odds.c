/* The pure rules of Colonial Rules for 15mm and the odds they imply: the data file's numbers,
 * the D10 fire table, the Gatling's jam and unjam, the melee table on the average die, the wound
 * table by cover and the morale tests; exact where countable, else seeded Monte Carlo with the
 * tolerance stated at each check. */
#include "cr15_test_util.h"

#include "core/dice.h"

#include <math.h>

static void test_data_numbers(void **st)
{
    (void)st;
    cr15_data *d = t15_data();
    /* movement: normal / charge-evade inches by type */
    const float mv[4][2] = {{6, 9}, {8, 12}, {12, 24}, {6, 8}};
    for (int i = 0; i < CR15_TROOP_COUNT; i++) {
        assert_float_equal(d->troops[i].move_in, mv[i][0], 0);
        assert_float_equal(d->troops[i].charge_in, mv[i][1], 0);
    }
    assert_true(d->troops[CR15_TROOP_TRIBESMEN].finish_off);
    assert_float_equal(d->crawl_in[0], 2, 0);
    assert_float_equal(d->crawl_in[1], 3, 0);
    assert_float_equal(d->crawl_in[2], 4, 0);
    assert_float_equal(d->obstacle_in, 2, 0);
    const cr15_weapon *rifle = cr15_data_weapon(d, "rifle");
    const cr15_weapon *musket = cr15_data_weapon(d, "musket");
    const cr15_weapon *rev = cr15_data_weapon(d, "revolver");
    const int rt[6] = {4, 5, 6, 7, 8, 10}, mt[6] = {4, 5, 6, 8, 10, 0}, vt[6] = {4, 8, 0, 0, 0, 0};
    for (int b = 0; b < 6; b++) {
        assert_int_equal(rifle->table[b], rt[b]);
        assert_int_equal(musket->table[b], mt[b]);
        assert_int_equal(rev->table[b], vt[b]);
    }
    assert_int_equal(rev->rate, 2);
    assert_int_equal(rev->rounds, 6);
    assert_int_equal(rev->reload, 1);
    assert_int_equal(musket->reload, 2);
    assert_int_equal(rifle->reload, 0);
    assert_int_equal(d->gatling.rifles, 5);
    assert_int_equal(d->artillery.canister_rifles, 15);
    assert_float_equal(d->artillery.canister_in, 16, 0);
    cr15_data_destroy(d);
}

static void test_data_errors(void **st)
{
    (void)st;
    cr15_data_error err;
    assert_null(cr15_data_load("/nonexistent/cr15.json", &err));
    assert_string_equal(err.path, "$");
    char buf[512];
    assert_non_null(
        strstr(cr15_data_error_format(&err, buf, sizeof buf), "/nonexistent/cr15.json"));
    /* a bad number names its JSON path */
    char path[] = SANDTABLE_TEST_TMP "/cr15_bad_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    cr15_data *d = t15_data();
    (void)d;
    fputs("{\"inch_cm\": 2.5, \"max_turns\": 0}", f);
    fclose(f);
    assert_null(cr15_data_load(path, &err));
    assert_string_equal(err.path, "$.max_turns");
    remove(path);
    cr15_data_destroy(d);
}

static void test_bands_and_fire_odds(void **st)
{
    (void)st;
    cr15_data *d = t15_data();
    assert_int_equal(cr15_band(d, 1.0f), 0);
    assert_int_equal(cr15_band(d, 2.0f), 0);
    assert_int_equal(cr15_band(d, 2.1f), 1);
    assert_int_equal(cr15_band(d, 12.0f), 2);
    assert_int_equal(cr15_band(d, 36.0f), 5);
    assert_int_equal(cr15_band(d, 36.5f), -1);
    /* roll greater than the table: rifle at 12" (6) wins on 7-0 */
    assert_float_equal(cr15_p_beat(6, 0), 0.4f, 1e-6f);
    assert_float_equal(cr15_p_beat(6, 1), 0.5f, 1e-6f);  /* veteran */
    assert_float_equal(cr15_p_beat(10, 0), 0.0f, 1e-6f); /* rifle at 36": only veterans */
    assert_float_equal(cr15_p_beat(10, 1), 0.1f, 1e-6f);
    assert_float_equal(cr15_p_beat(8, -1), 0.1f, 1e-6f); /* revolver 6", second shot */
    assert_float_equal(cr15_p_beat(4, -3), 0.3f, 1e-6f); /* wounded firer at 2" */
    assert_float_equal(cr15_p_beat(4, 10), 1.0f, 1e-6f);
    cr15_data_destroy(d);
}

static void test_gatling_odds(void **st)
{
    (void)st;
    cr15_data *d = t15_data();
    /* jamming: a 0 (the 10 face) with two crew, 8-0 with one */
    int jam2 = 0, jam1 = 0;
    for (int f = 1; f <= 10; f++) {
        jam2 += cr15_jams(d, 2, f);
        jam1 += cr15_jams(d, 1, f);
    }
    assert_int_equal(jam2, 1);
    assert_true(cr15_jams(d, 2, 10));
    assert_int_equal(jam1, 3);
    assert_true(cr15_jams(d, 1, 8) && cr15_jams(d, 1, 9) && !cr15_jams(d, 1, 7));
    /* unjamming by move k: 1 - prod (1 - i/10) */
    assert_int_equal(cr15_unjam_need(d, 2, 1), 1);
    assert_int_equal(cr15_unjam_need(d, 2, 3), 3);
    assert_int_equal(cr15_unjam_need(d, 1, 2), 0);
    assert_int_equal(cr15_unjam_need(d, 1, 3), 1);
    assert_float_equal(cr15_unjam_by(d, 2, 1), 0.1, 1e-12);
    assert_float_equal(cr15_unjam_by(d, 2, 2), 0.28, 1e-12);
    assert_float_equal(cr15_unjam_by(d, 2, 3), 0.496, 1e-12);
    assert_float_equal(cr15_unjam_by(d, 2, 4), 0.6976, 1e-12);
    assert_float_equal(cr15_unjam_by(d, 1, 2), 0.0, 1e-12);
    assert_float_equal(cr15_unjam_by(d, 1, 3), 0.1, 1e-12);
    assert_float_equal(cr15_unjam_by(d, 1, 4), 0.28, 1e-12);
    /* seeded Monte Carlo of the whole process: 100000 jams, the attempt that clears each;
     * tolerance 0.01 (over 6 standard deviations at these sizes) */
    dice_rng rng;
    dice_seed(&rng, 15);
    enum { N = 100000 };
    int by[5] = {0};
    int jams = 0;
    for (int i = 0; i < N; i++) {
        jams += cr15_jams(d, 2, dice_d10(&rng));
        int k = 1;
        while (k <= 4 && dice_d10(&rng) > cr15_unjam_need(d, 2, k))
            k++;
        for (int j = k; j <= 4; j++)
            by[j]++;
    }
    assert_float_equal((double)jams / N, 0.1, 0.01);
    for (int k = 1; k <= 4; k++)
        assert_float_equal((double)by[k] / N, cr15_unjam_by(d, 2, k), 0.01);
    cr15_data_destroy(d);
}

static void test_melee_table(void **st)
{
    (void)st;
    cr15_data *d = t15_data();
    /* exact: the average die's faces, two figures without modifiers */
    const int faces[6] = {2, 3, 3, 4, 4, 5};
    int cont = 0, a_loses = 0, b_loses = 0;
    for (int i = 0; i < 6; i++)
        for (int j = 0; j < 6; j++) {
            int r = cr15_melee_compare(d, faces[i], faces[j]);
            cont += r == 0;
            a_loses += r < 0;
            b_loses += r > 0;
        }
    assert_int_equal(cont, 26); /* ties 10/36 and differences of one 16/36 go on */
    assert_int_equal(a_loses, 5);
    assert_int_equal(b_loses, 5);
    /* a shield and an officer (+2) against a novice (-1) */
    cont = a_loses = b_loses = 0;
    for (int i = 0; i < 6; i++)
        for (int j = 0; j < 6; j++) {
            int r = cr15_melee_compare(d, faces[i] + 2, faces[j] - 1);
            cont += r == 0;
            a_loses += r < 0;
            b_loses += r > 0;
        }
    assert_int_equal(a_loses, 0);
    assert_int_equal(cont, 5); /* 4 against 4 (1 way), 4-3 (2 ways), 5-4 (2 ways) */
    assert_int_equal(b_loses, 31);
    /* effect of the loser's D6: 1 light, 2-4 serious, 5-6 dead */
    assert_int_equal(cr15_melee_effect(d, 1), CR15_WOUND_LIGHT);
    assert_int_equal(cr15_melee_effect(d, 2), CR15_WOUND_SERIOUS);
    assert_int_equal(cr15_melee_effect(d, 4), CR15_WOUND_SERIOUS);
    assert_int_equal(cr15_melee_effect(d, 5), CR15_WOUND_DEAD);
    assert_int_equal(cr15_melee_effect(d, 6), CR15_WOUND_DEAD);
    /* seeded Monte Carlo with the engine's average die; tolerance 0.01 */
    dice_rng rng;
    dice_seed(&rng, 2345);
    enum { N = 100000 };
    int mc_cont = 0;
    for (int i = 0; i < N; i++)
        mc_cont += cr15_melee_compare(d, dice_average(&rng), dice_average(&rng)) == 0;
    assert_float_equal((double)mc_cont / N, 26.0 / 36.0, 0.01);
    cr15_data_destroy(d);
}

static void test_wound_table(void **st)
{
    (void)st;
    cr15_data *d = t15_data();
    const int want[3][6] = {
        {0, 0, 1, 1, 2, 2}, /* open: 1-2 light, 3-4 serious, 5-6 dead */
        {0, 0, 0, 1, 2, 2}, /* soft: 1-3, 4, 5-6 */
        {0, 0, 0, 1, 1, 2}, /* hard: 1-3, 4-5, 6 */
    };
    for (int c = 0; c < 3; c++)
        for (int f = 1; f <= 6; f++)
            assert_int_equal(cr15_wound_of(d, (cr15_cover)c, f), want[c][f - 1]);
    /* seeded Monte Carlo: the chance of death in hard cover is 1/6; tolerance 0.01 */
    dice_rng rng;
    dice_seed(&rng, 7);
    int dead = 0;
    for (int i = 0; i < 60000; i++)
        dead += cr15_wound_of(d, CR15_COVER_HARD, dice_d6(&rng)) == CR15_WOUND_DEAD;
    assert_float_equal(dead / 60000.0, 1.0 / 6.0, 0.01);
    cr15_data_destroy(d);
}

static void test_morale_and_shell(void **st)
{
    (void)st;
    cr15_data *d = t15_data();
    /* 3 of 10 lost: 30%, doubled to 60: pass on 61-100 */
    assert_int_equal(cr15_fire_test_need(d, 3, 10), 60);
    assert_false(cr15_fire_test_passes(d, 3, 10, 60));
    assert_true(cr15_fire_test_passes(d, 3, 10, 61));
    /* percentage dice: two D10, the first the tens, 0 and 0 reading 100 */
    assert_int_equal(cr15_percentile(7, 3), 73);
    assert_int_equal(cr15_percentile(10, 3), 3);
    assert_int_equal(cr15_percentile(7, 10), 70);
    assert_int_equal(cr15_percentile(10, 10), 100);
    assert_int_equal(cr15_percentile(1, 1), 11);
    /* exactly uniform on 1-100: each reading once among the 100 pairs of faces, so the test
     * against 60 passes with probability 40/100 */
    int seen[101] = {0}, pass = 0;
    for (int a = 1; a <= 10; a++)
        for (int c = 1; c <= 10; c++) {
            int r = cr15_percentile(a, c);
            assert_true(r >= 1 && r <= 100);
            seen[r]++;
            pass += cr15_fire_test_passes(d, 3, 10, r);
        }
    for (int r = 1; r <= 100; r++)
        assert_int_equal(seen[r], 1);
    assert_int_equal(pass, 40);
    /* half lost: 100, no roll passes */
    assert_false(cr15_fire_test_passes(d, 5, 10, 100));
    assert_false(cr15_charge_test_passes(d, 2));
    assert_true(cr15_charge_test_passes(d, 3));
    assert_true(cr15_charge_test_passes(d, 6));
    /* the shell lands at the stated range along the line: 10 inches = 25 cm */
    rules_state rs = {.data = d};
    vec2s p = cr15_shell_point(&rs, cr15_v2(60, 80), cr15_v2(60, 40), 10);
    assert_float_equal(p.x, 60, 1e-4f);
    assert_float_equal(p.y, 55, 1e-4f);
    p = cr15_shell_point(&rs, cr15_v2(0, 0), cr15_v2(30, 40), 4); /* 10 cm along a 3-4-5 line */
    assert_float_equal(p.x, 6, 1e-4f);
    assert_float_equal(p.y, 8, 1e-4f);
    /* the bot's guesses spread wider at longer range */
    int near = cr15_guess_in(&rs, 10, 2) - cr15_guess_in(&rs, 10, -2);
    int far = cr15_guess_in(&rs, 40, 2) - cr15_guess_in(&rs, 40, -2);
    assert_true(far > near);
    assert_int_equal(cr15_guess_in(&rs, 20, 0), 20);
    cr15_data_destroy(d);
}

/* The seed's other chances, exact from the data file's numbers, with the probability each
 * implies: a scheduled unit arrives on 1-2 on a D10 (1/5); the charge test passes on 3-6 (2/3
 * a figure); a figure under a shell's burst survives on a 6 in the open (1/6), 5-6 in cover
 * (1/3); the Gatling fires as five rifles, so at the rifle's 18" row (7: a D10 must beat it,
 * 3 faces in 10) it expects 5 x 0.3 = 1.5 hits; canister fires as fifteen rifles out to 16",
 * so at the 12" row (6: 4 faces in 10) it expects 15 x 0.4 = 6. A seeded Monte Carlo of the charge
 * test (60000 figures) agrees within 0.01. */
static void test_other_chances(void **st)
{
    (void)st;
    cr15_data *d = t15_data();
    assert_int_equal(d->arrival_need, 2);
    int arrive = 0;
    for (int f = 1; f <= 10; f++)
        arrive += f <= d->arrival_need;
    assert_float_equal(arrive / 10.0, 0.2, 1e-12);
    int charge = 0;
    for (int f = 1; f <= 6; f++)
        charge += cr15_charge_test_passes(d, f);
    assert_int_equal(charge, 4);
    int open = 0, cover = 0;
    for (int f = 1; f <= 6; f++) {
        open += f >= d->artillery.survive_open;
        cover += f >= d->artillery.survive_cover;
    }
    assert_int_equal(open, 1);
    assert_int_equal(cover, 2);
    assert_int_equal(d->gatling.rifles, 5);
    assert_int_equal(d->artillery.canister_rifles, 15);
    float p18 = cr15_p_beat(7, 0);
    assert_float_equal(p18, 0.3f, 1e-6f);
    assert_float_equal((float)d->gatling.rifles * p18, 1.5f, 1e-5f);
    assert_float_equal((float)d->artillery.canister_rifles * cr15_p_beat(6, 0), 6.0f, 1e-5f);
    dice_rng rng;
    dice_seed(&rng, 16);
    int passed = 0;
    for (int i = 0; i < 60000; i++)
        passed += cr15_charge_test_passes(d, dice_d6(&rng));
    assert_float_equal(passed / 60000.0, 2.0 / 3.0, 0.01);
    cr15_data_destroy(d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_data_numbers),        cmocka_unit_test(test_data_errors),
        cmocka_unit_test(test_bands_and_fire_odds), cmocka_unit_test(test_gatling_odds),
        cmocka_unit_test(test_melee_table),         cmocka_unit_test(test_wound_table),
        cmocka_unit_test(test_morale_and_shell),    cmocka_unit_test(test_other_chances),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
