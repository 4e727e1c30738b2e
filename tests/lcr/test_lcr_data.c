/* The rule-set data file: the assumed tables hold the seed's fixed points, and a broken file is
 * refused with file:line:column, path and reason. */
#include "lcr_test_util.h"

#include "rules/lcr/lcr_deck.h"

#include <string.h>

static void test_data_mauser_chart_matches_seed_example(void **state)
{
    (void)state;
    lcr_data *d = test_lcr_data();
    const lcr_weapon *w = lcr_data_weapon(d, "mauser");
    assert_non_null(w);
    assert_int_equal(w->dice_per_man, 3); /* seed 000, Shooting example: 48 dice for 16 men */
    int b = lcr_data_band(w, 30.0f);
    assert_true(b >= 0);
    assert_int_equal(w->bands[b].need, 6);
    assert_string_equal(w->bands[b].name, "long");
    assert_int_equal(lcr_data_band(lcr_data_weapon(d, "kris"), 1.0f), -1);
    lcr_data_destroy(d);
}

/* Seed 000, Cavalry: a veteran cavalry officer has 5 cards, one more than usual. */
static void test_data_veteran_officer_cards(void **state)
{
    (void)state;
    lcr_data *d = test_lcr_data();
    figure off = {.role = FIGURE_ROLE_OFFICER, .quality = FIGURE_QUALITY_VETERAN};
    assert_int_equal(lcr_deck_cards_for(d, &off, false), 4);
    assert_int_equal(lcr_deck_cards_for(d, &off, true), 5);
    figure man = {.role = FIGURE_ROLE_SOLDIER, .quality = FIGURE_QUALITY_ELITE};
    assert_int_equal(lcr_deck_cards_for(d, &man, false), 0);
    /* Better leaders never hold fewer cards. */
    for (int r = 0; r < LCR_RANK_COUNT; r++)
        for (int q = 1; q < LCR_QUALITIES; q++)
            assert_true(d->cards[r][q] >= d->cards[r][q - 1]);
    lcr_data_destroy(d);
}

static void expect_error(const char *text, const char *message)
{
    lcr_data_error err;
    lcr_data *d = lcr_data_load_string(text, strlen(text), "broken.json", &err);
    assert_null(d);
    char buf[512];
    assert_string_equal(lcr_data_error_format(&err, buf, sizeof buf), message);
}

static void test_data_errors_name_line_column(void **state)
{
    (void)state;
    expect_error("{\n  \"ruleset\": \"lcr\",\n  \"bogus\": 1\n}",
                 "broken.json:3:12: $.bogus: unknown key \"bogus\"");
    expect_error("{\"ruleset\": \"tiny\"}", "broken.json:1:13: $.ruleset: expected \"lcr\"");
    expect_error("{\n  \"ruleset\": \"lcr\",,\n}",
                 "broken.json:2:20: $: string or '}' expected near ','");
}

/* Any single corrupted value of the shipped file is refused, never a crash. */
static void test_data_every_truncation_refused(void **state)
{
    (void)state;
    char path[1024];
    snprintf(path, sizeof path, "%s/assets/rules/lcr.json", SANDTABLE_SOURCE_DIR);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    static char text[65536];
    size_t len = fread(text, 1, sizeof text, f);
    fclose(f);
    for (size_t cut = 0; cut + 1 < len; cut += 97) {
        lcr_data_error err;
        lcr_data *d = lcr_data_load_string(text, cut, "cut.json", &err);
        assert_null(d);
        assert_true(err.line >= 1);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_data_mauser_chart_matches_seed_example),
        cmocka_unit_test(test_data_veteran_officer_cards),
        cmocka_unit_test(test_data_errors_name_line_column),
        cmocka_unit_test(test_data_every_truncation_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
