/* The data file: the seed's tables read back, and a broken file named by path, line, column. */
#include "cwr_test_util.h"

static cwr_data *load(void)
{
    cwr_data_error err;
    cwr_data *d = cwr_data_load_default(NULL, &err);
    if (!d) {
        char buf[512];
        fprintf(stderr, "%s\n", cwr_data_error_format(&err, buf, sizeof buf));
    }
    assert_non_null(d);
    return d;
}

static void test_tables(void **state)
{
    (void)state;
    cwr_data *d = load();
    /* Morale: company 1, battalion 3, squadron 1, regiment 2, native foot 3, mounted 2 */
    assert_int_equal(cwr_data_troop(d, "infantry_company")->morale_dice, 1);
    assert_int_equal(cwr_data_troop(d, "infantry_battalion")->morale_dice, 3);
    assert_int_equal(cwr_data_troop(d, "cavalry_squadron")->morale_dice, 1);
    assert_int_equal(cwr_data_troop(d, "cavalry_regiment")->morale_dice, 2);
    assert_int_equal(cwr_data_troop(d, "native_foot")->morale_dice, 3);
    assert_int_equal(cwr_data_troop(d, "native_mounted")->morale_dice, 2);
    assert_int_equal(cwr_data_troop(d, "transport")->morale_dice, 1); /* as a full company */
    assert_true(cwr_data_troop(d, "machine_gun")->exempt);
    assert_true(cwr_data_troop(d, "field_gun")->exempt);
    assert_true(cwr_data_troop(d, "general")->exempt);
    assert_true(cwr_data_troop(d, "native_retinue")->exempt);
    /* Movement: the two tables */
    assert_int_equal(cwr_data_troop(d, "cavalry_squadron")->move_dice, 3);
    assert_int_equal(cwr_data_troop(d, "field_gun")->move_dice, 2);
    assert_int_equal(cwr_data_troop(d, "field_gun")->move_dice_limb, 3);
    assert_int_equal(cwr_data_troop(d, "heavy_gun")->move_dice, 1);
    assert_int_equal(cwr_data_troop(d, "native_mounted")->move_dice, 4);
    assert_int_equal(cwr_data_troop(d, "native_leader")->move_dice, 4);
    /* Ranges: both tables */
    assert_true(cwr_data_weapon(d, "magazine_rifle")->short_in == 6);
    assert_true(cwr_data_weapon(d, "magazine_rifle")->long_in == 18);
    assert_true(cwr_data_weapon(d, "heavy_gun")->long_in == 48);
    assert_true(cwr_data_weapon(d, "pistol")->long_in == 0);
    assert_true(cwr_data_weapon(d, "musket")->long_in == 9);
    assert_true(cwr_data_weapon(d, "native_heavy_gun")->short_in == 12);
    /* Classes */
    assert_int_equal(d->class_dice[CWR_CLASS_ELITE], -1);
    assert_int_equal(d->class_dice[CWR_CLASS_INEXPERIENCED], 1);
    assert_int_equal(d->class_dice[CWR_CLASS_MILITIA], 2);
    assert_int_equal(d->fortified_dice, -1);
    /* Permitted actions: fourteen on a pass, nine on a fail */
    assert_int_equal(d->pass_count, 14);
    assert_int_equal(d->fail_count, 9);
    cwr_data_destroy(d);
}

static void test_bad_file(void **state)
{
    (void)state;
    const char *text = "{\n  \"name\": \"x\",\n  \"inch_cm\": \"wide\"\n}\n";
    cwr_data_error err;
    assert_null(cwr_data_load_string(text, strlen(text), "bad.json", &err));
    char buf[512];
    cwr_data_error_format(&err, buf, sizeof buf);
    assert_string_equal(buf, "bad.json:3:14: $.inch_cm: expected a number");
}

static void test_unknown_kind(void **state)
{
    (void)state;
    cbuild b;
    cb_begin(&b, "", "");
    cb_unit(&b, "Lancers", "Red", "hussars", "none", "regular", 90, 20, 4, 1, -1);
    cb_unit(&b, "Foot", "Blue", "native_foot", "spear", "regular", 90, 100, 4, 1, -1);
    const char *text = cb_end(&b);
    scenario_error err;
    scenario *sc = scenario_load_string(text, strlen(text), "test.json", &err);
    assert_non_null(sc);
    game_error ge;
    game *g = game_create(&(game_desc){.scenario = sc, .take_scenario = true}, &ge);
    assert_null(g);
    scenario_destroy(sc); /* a refused scenario stays the caller's */
    char buf[1024];
    assert_non_null(
        strstr(game_error_format(&ge, buf, sizeof buf), "unknown troop kind \"hussars\""));
}

/* The prompts' writer gives snprintf's bytes for "%.40s %s (%d of %d)", cut at every size:
 * names longer than the precision, negative and extreme numbers. */
static void test_text_as_snprintf(void **state)
{
    (void)state;
    const char *names[] = {"Red", "", "A name of more than forty bytes, cut at the fortieth one"};
    const int nums[] = {0, 7, -12, 2147483647, -2147483647 - 1};
    const size_t nn = sizeof nums / sizeof *nums;
    for (size_t a = 0; a < sizeof names / sizeof *names; a++)
        for (size_t b = 0; b < nn; b++)
            for (size_t size = 1; size <= 96; size++) {
                char want[96], got[96];
                memset(got, 'x', sizeof got);
                snprintf(want, size, "%.40s %s (%d of %d)", names[a], "is ready", nums[b],
                         nums[(b + 1) % nn]);
                cwr_text x = cwr_text_begin(got, size);
                cwr_text_str(&x, names[a], 40);
                cwr_text_str(&x, " ", SIZE_MAX);
                cwr_text_str(&x, "is ready", SIZE_MAX);
                cwr_text_str(&x, " (", SIZE_MAX);
                cwr_text_int(&x, nums[b]);
                cwr_text_str(&x, " of ", SIZE_MAX);
                cwr_text_int(&x, nums[(b + 1) % nn]);
                cwr_text_str(&x, ")", SIZE_MAX);
                assert_string_equal(got, want);
                assert_int_equal(x.used, strlen(want));
                /* "%+d", as the morale note writes its modifiers */
                snprintf(want, size, "%s %+d", names[a], nums[b]);
                x = cwr_text_begin(got, size);
                cwr_text_str(&x, names[a], SIZE_MAX);
                cwr_text_str(&x, " ", SIZE_MAX);
                cwr_text_signed(&x, nums[b]);
                assert_string_equal(got, want);
            }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tables),
        cmocka_unit_test(test_text_as_snprintf),
        cmocka_unit_test(test_bad_file),
        cmocka_unit_test(test_unknown_kind),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
