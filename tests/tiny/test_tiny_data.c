/* The data file holds every row of the troop chart (seed 003, D) and the rally chart (G), and a
 * broken data file is refused with the file, the JSON path and what was expected. */
#include "tiny_test_util.h"

typedef struct chart_row {
    const char *name;
    float move_in, column_bonus_in;
    float range1_in;
    int need1;
    float range2_in;
    int need2;
    int melee_need, melee_value;
} chart_row;

/* The seed's table, row by row. */
static const chart_row chart[] = {
    {"line_infantry", 6, 3, 6, 5, 0, 0, 4, 3},   {"grenadiers", 6, 3, 6, 5, 0, 0, 3, 4},
    {"light_infantry", 12, 0, 9, 5, 0, 0, 5, 2}, {"militia", 6, 3, 6, 5, 0, 0, 5, 1},
    {"irregulars", 12, 0, 6, 6, 0, 0, 4, 2},     {"heavy_cavalry", 12, 0, 0, 0, 0, 0, 3, 5},
    {"dragoons", 18, 0, 0, 0, 0, 0, 4, 4},       {"hussars", 24, 0, 6, 6, 0, 0, 5, 3},
    {"battalion_guns", 6, 0, 6, 4, 18, 5, 5, 2}, {"artillery", 6, 0, 9, 4, 24, 5, 4, 3},
    {"siege_guns", 3, 0, 6, 4, 36, 5, 4, 3},     {"wagons", 3, 0, 0, 0, 0, 0, 0, 1},
    {"commander", 24, 0, 0, 0, 0, 0, 4, 0},
};

static void test_troop_chart(void **state)
{
    (void)state;
    tiny_data *d = test_tiny_data();
    assert_int_equal(d->troop_count, (int)(sizeof chart / sizeof chart[0]));
    for (size_t i = 0; i < sizeof chart / sizeof chart[0]; i++) {
        const chart_row *r = &chart[i];
        const tiny_troop *tr = tiny_data_troop(d, r->name);
        assert_non_null(tr);
        assert_float_equal(tr->move_in, r->move_in, 1e-6);
        assert_float_equal(tr->column_bonus_in, r->column_bonus_in, 1e-6);
        assert_int_equal(tr->band_count, r->range1_in == 0 ? 0 : r->range2_in == 0 ? 1 : 2);
        if (r->range1_in > 0) {
            assert_float_equal(tr->bands[0].range_in, r->range1_in, 1e-6);
            assert_int_equal(tr->bands[0].need, r->need1);
        }
        if (r->range2_in > 0) {
            assert_float_equal(tr->bands[1].range_in, r->range2_in, 1e-6);
            assert_int_equal(tr->bands[1].need, r->need2);
        }
        assert_int_equal(tr->melee_need, r->melee_need);
        assert_int_equal(tr->melee_value, r->melee_value);
    }
    /* Flags from the other sections. */
    assert_true(tiny_data_troop(d, "light_infantry")->move_and_shoot);
    assert_true(tiny_data_troop(d, "battalion_guns")->move_and_shoot);
    assert_false(tiny_data_troop(d, "line_infantry")->move_and_shoot);
    assert_true(tiny_data_troop(d, "light_infantry")->evade);
    assert_true(tiny_data_troop(d, "hussars")->evade);
    assert_int_equal(tiny_data_troop(d, "light_infantry")->rough, TINY_ROUGH_FULL);
    assert_int_equal(tiny_data_troop(d, "irregulars")->rough, TINY_ROUGH_FULL);
    assert_int_equal(tiny_data_troop(d, "line_infantry")->rough, TINY_ROUGH_HALF);
    assert_int_equal(tiny_data_troop(d, "hussars")->rough, TINY_ROUGH_HALF);
    assert_int_equal(tiny_data_troop(d, "battalion_guns")->rough, TINY_ROUGH_HALF);
    assert_int_equal(tiny_data_troop(d, "heavy_cavalry")->rough, TINY_ROUGH_CLOSED);
    assert_int_equal(tiny_data_troop(d, "artillery")->limber, TINY_LIMBER_MOVE);
    assert_int_equal(tiny_data_troop(d, "battalion_guns")->limber, TINY_LIMBER_ROAD);
    assert_string_equal(tiny_data_troop(d, "dragoons")->dismount_as, "line_infantry");
    assert_float_equal(tiny_data_cm(d, 24), 60, 1e-5);
    tiny_data_destroy(d);
}

static void test_rally_chart(void **state)
{
    (void)state;
    tiny_data *d = test_tiny_data();
    for (int s = 4; s <= 7; s++)
        assert_int_equal(tiny_data_rally(d, s), TINY_RALLY_REMOVE_HIT);
    for (int s = 1; s <= 3; s++)
        assert_int_equal(tiny_data_rally(d, s), TINY_RALLY_ONLY);
    for (int s = -3; s <= 0; s++)
        assert_int_equal(tiny_data_rally(d, s), TINY_RALLY_RETREAT);
    assert_int_equal(tiny_data_troop(d, "grenadiers")->rally_modifier, 1);
    assert_int_equal(tiny_data_troop(d, "militia")->rally_modifier, -1);
    assert_int_equal(tiny_data_troop(d, "irregulars")->rally_modifier, -1);
    assert_int_equal(tiny_data_troop(d, "hussars")->rally_modifier, -1);
    assert_int_equal(d->rally_general, 1);
    assert_int_equal(d->rally_enemy_visible, -1);
    assert_float_equal(d->rally_enemy_visible_in, 12, 1e-6);
    assert_int_equal(d->rally_shaken, -1);
    assert_int_equal(d->shaken_hits, 3);
    tiny_data_destroy(d);
}

static char *shipped_text(size_t *len)
{
    char path[1024];
    const char *dir = getenv("SANDTABLE_SOURCE_DIR");
    snprintf(path, sizeof path, "%s/assets/rules/tiny.json", dir ? dir : SANDTABLE_SOURCE_DIR);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    char *buf = calloc(1, 65536);
    *len = fread(buf, 1, 65535, f);
    fclose(f);
    return buf;
}

/* Replaces the first `from` in the shipped text by `to` and loads it. */
static void expect_error(const char *from, const char *to, const char *path, const char *message)
{
    size_t len;
    char *text = shipped_text(&len);
    char *at = strstr(text, from);
    assert_non_null(at);
    char *out = calloc(1, len + strlen(to) + 1);
    size_t head = (size_t)(at - text);
    memcpy(out, text, head);
    strcpy(out + head, to);
    strcat(out, at + strlen(from));
    tiny_data_error err;
    tiny_data *d = tiny_data_load_string(out, strlen(out), "broken.json", &err);
    assert_null(d);
    char buf[600];
    tiny_data_error_format(&err, buf, sizeof buf);
    if (strcmp(err.path, path) != 0 || !strstr(err.message, message))
        fprintf(stderr, "got %s\n", buf);
    assert_string_equal(err.file, "broken.json");
    assert_string_equal(err.path, path);
    assert_non_null(strstr(err.message, message));
    free(out);
    free(text);
}

static void test_bad_data(void **state)
{
    (void)state;
    expect_error("\"move_in\": 24,", "\"move_in\": \"fast\",", "$.troops.hussars.move_in",
                 "expected a number");
    expect_error("\"rough\": \"half\",", "\"rough\": \"slow\",", "$.troops.line_infantry.rough",
                 "expected one of \"full\", \"half\", \"closed\"");
    expect_error("\"inch_cm\": 2.5,", "\"inch_cm\": 2.5, \"colour\": 1,", "$.colour",
                 "unknown key \"colour\"");
    expect_error("\"dismount_as\": \"line_infantry\"", "\"dismount_as\": \"marines\"",
                 "$.troops.dragoons.dismount_as", "no troop type \"marines\"");
    expect_error("{\"min\": 1, \"result\": \"rally\"}", "{\"min\": 5, \"result\": \"rally\"}",
                 "$.rally.results[1]", "highest score down");
    expect_error("\"shaken_hits\": 3", "\"shaken_hits\": 3.5", "$.morale.shaken_hits",
                 "expected an integer");
    /* A syntax error has a line and column. */
    tiny_data_error err;
    assert_null(tiny_data_load_string("{\n  \"inch_cm\": ,\n}", 17, "syntax.json", &err));
    assert_int_equal(err.line, 2);
    assert_true(err.column > 0);
    assert_null(tiny_data_load_file("/nonexistent/tiny.json", &err));
    assert_non_null(strstr(err.message, "cannot open"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_troop_chart),
        cmocka_unit_test(test_rally_chart),
        cmocka_unit_test(test_bad_data),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
