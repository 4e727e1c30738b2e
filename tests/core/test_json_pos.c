/* core/json_pos: positions of values in JSON text along a path, and the path's text both ways
 * (format and parse), on the edges the loaders meet: escaped keys, non-ASCII columns, arrays of
 * arrays, absent paths. */
#include "core/json_pos.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#define PATH(...) ((json_pos_seg[]){__VA_ARGS__})

static bool find(const char *t, const json_pos_seg *p, int n, bool want_key, int *line, int *col)
{
    *line = *col = -1;
    return json_pos_find(t, strlen(t), p, n, want_key, line, col);
}

static void test_find_values_and_keys(void **state)
{
    (void)state;
    const char *t = "{\"a\": [1, {\"b\": \"x\\\"y\"},\n  {\"c\": [true, null]}], \"d\": 2}";
    int line, col;
    assert_true(find(t, PATH({.key = "a"}, {.index = 2}, {.key = "c"}, {.index = 1}), 4, false,
                     &line, &col));
    assert_int_equal(line, 2);
    assert_int_equal(col, 16);
    assert_true(find(t, PATH({.key = "d"}), 1, true, &line, &col));
    assert_int_equal(line, 2);
    assert_int_equal(col, 25);
    assert_true(find(t, PATH({.key = "d"}), 1, false, &line, &col));
    assert_int_equal(col, 30);
    /* the root, also with want_key (no key to point at) */
    assert_true(find("  \n [1]", NULL, 0, true, &line, &col));
    assert_int_equal(line, 2);
    assert_int_equal(col, 2);
}

/* Keys are compared decoded: an escaped quote, \u escapes (a surrogate pair too). */
static void test_find_escaped_keys(void **state)
{
    (void)state;
    const char *t = "{\"q\\\"k\": 1, \"caf\\u00e9\": 2, \"g\\ud834\\udd1e\": 3, \"s\\/t\": 4}";
    int line, col;
    assert_true(find(t, PATH({.key = "q\"k"}), 1, false, &line, &col));
    assert_int_equal(col, 10);
    assert_true(find(t, PATH({.key = "caf\xc3\xa9"}), 1, true, &line, &col));
    assert_int_equal(col, 13);
    assert_true(find(t, PATH({.key = "g\xf0\x9d\x84\x9e"}), 1, false, &line, &col));
    assert_int_equal(col, 46);
    assert_true(find(t, PATH({.key = "s/t"}), 1, false, &line, &col));
    assert_int_equal(col, 57);
    /* the raw text of the key is not the key */
    assert_false(find(t, PATH({.key = "q\\\"k"}), 1, false, &line, &col));
}

/* Columns count characters: a two-byte and a four-byte character before the value. */
static void test_find_unicode_columns(void **state)
{
    (void)state;
    const char *t = "{\"n\": \"\xc3\xa9\xf0\x9f\x8e\xb2\",\n \"\xc3\xa9\": [\"\xe2\x82\xac\", 7]}";
    int line, col;
    assert_true(find(t, PATH({.key = "\xc3\xa9"}, {.index = 1}), 2, false, &line, &col));
    assert_int_equal(line, 2);
    assert_int_equal(col, 13);
    assert_true(find(t, PATH({.key = "\xc3\xa9"}), 1, true, &line, &col));
    assert_int_equal(line, 2);
    assert_int_equal(col, 2);
}

static void test_find_arrays_of_arrays(void **state)
{
    (void)state;
    const char *t = "[[1, [2, 3]], [], [[], [[\"]\", \"[\"], {\"k\": [4]}]]]";
    int line, col;
    assert_true(find(t, PATH({.index = 0}, {.index = 1}, {.index = 1}), 3, false, &line, &col));
    assert_int_equal(col, 10);
    assert_true(find(t, PATH({.index = 2}, {.index = 1}, {.index = 1}, {.key = "k"}, {.index = 0}),
                     5, false, &line, &col));
    assert_int_equal(col, 44);
    assert_true(find(t, PATH({.index = 2}, {.index = 1}, {.index = 0}, {.index = 1}), 4, false,
                     &line, &col));
    assert_int_equal(col, 31);
}

/* An absent path is false, with the position of the deepest part found. */
static void test_find_absent(void **state)
{
    (void)state;
    const char *t = "{\"a\": {\"b\": [10, 20]},\n \"c\": []}";
    int line, col;
    assert_false(find(t, PATH({.key = "zz"}), 1, false, &line, &col));
    assert_int_equal(line, 1);
    assert_int_equal(col, 1);
    assert_false(find(t, PATH({.key = "a"}, {.key = "b"}, {.index = 2}), 3, false, &line, &col));
    assert_int_equal(col, 13);
    assert_false(find(t, PATH({.key = "a"}, {.key = "b"}, {.index = 0}, {.key = "x"}), 4, true,
                      &line, &col));
    assert_int_equal(col, 14);
    assert_false(find(t, PATH({.key = "c"}, {.index = 0}), 2, false, &line, &col));
    assert_int_equal(line, 2);
    assert_int_equal(col, 7);
    /* an index into an object, a key into an array */
    assert_false(find(t, PATH({.key = "a"}, {.index = 0}), 2, false, &line, &col));
    assert_int_equal(col, 7);
    assert_false(find(t, PATH({.index = 0}), 1, false, &line, &col));
    assert_int_equal(col, 1);
}

static void test_format(void **state)
{
    (void)state;
    char buf[64];
    assert_string_equal(json_pos_format(NULL, 0, buf, sizeof buf), "$");
    assert_string_equal(
        json_pos_format(PATH({.key = "a"}, {.index = 2}, {.key = "x y"}, {.key = "_k9$"}), 4, buf,
                        sizeof buf),
        "$.a[2][\"x y\"]._k9$");
    /* not identifiers: a leading digit, non-ASCII, empty */
    assert_string_equal(json_pos_format(PATH({.key = "9a"}, {.key = "caf\xc3\xa9"}, {.key = ""}), 3,
                                        buf, sizeof buf),
                        "$[\"9a\"][\"caf\xc3\xa9\"][\"\"]");
    /* cut to the buffer, still terminated */
    char small[8];
    assert_string_equal(
        json_pos_format(PATH({.key = "units"}, {.index = 12}), 2, small, sizeof small), "$.units");
}

static void test_parse(void **state)
{
    (void)state;
    char buf[128];
    json_pos_seg s[8];
    assert_int_equal(json_pos_parse("$", buf, sizeof buf, s, 8), 0);
    assert_int_equal(json_pos_parse("$.units[2].figures[0][\"x y\"].q", buf, sizeof buf, s, 8), 6);
    assert_string_equal(s[0].key, "units");
    assert_null(s[1].key);
    assert_int_equal(s[1].index, 2);
    assert_string_equal(s[2].key, "figures");
    assert_int_equal(s[3].index, 0);
    assert_string_equal(s[4].key, "x y");
    assert_string_equal(s[5].key, "q");
    assert_int_equal(json_pos_parse("$[0][1][\"a\"]", buf, sizeof buf, s, 8), 3);
    assert_int_equal(s[1].index, 1);
    assert_string_equal(s[2].key, "a");
    /* not paths */
    assert_int_equal(json_pos_parse("not a path", buf, sizeof buf, s, 8), -1);
    assert_int_equal(json_pos_parse(NULL, buf, sizeof buf, s, 8), -1);
    assert_int_equal(json_pos_parse("$.", buf, sizeof buf, s, 8), -1);
    assert_int_equal(json_pos_parse("$[-1]", buf, sizeof buf, s, 8), -1);
    assert_int_equal(json_pos_parse("$[x]", buf, sizeof buf, s, 8), -1);
    assert_int_equal(json_pos_parse("$[\"open", buf, sizeof buf, s, 8), -1);
    assert_int_equal(json_pos_parse("$.a.b.c", buf, sizeof buf, s, 2), -1);
    assert_int_equal(json_pos_parse("$.a", buf, 3, s, 8), -1);
}

/* What format writes, parse reads back, and find locates. */
static void test_roundtrip(void **state)
{
    (void)state;
    const char *t = "{\"side list\": [{\"name\": \"A\"}, {\"9\": [0, {\"name\": \"B\"}]}]}";
    const json_pos_seg p[] = {
        {.key = "side list"}, {.index = 1}, {.key = "9"}, {.index = 1}, {.key = "name"}};
    char text[128], buf[128];
    json_pos_format(p, 5, text, sizeof text);
    assert_string_equal(text, "$[\"side list\"][1][\"9\"][1].name");
    json_pos_seg s[8];
    assert_int_equal(json_pos_parse(text, buf, sizeof buf, s, 8), 5);
    int line, col;
    assert_true(find(t, s, 5, false, &line, &col));
    assert_int_equal(col, 50);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_find_values_and_keys),
        cmocka_unit_test(test_find_escaped_keys),
        cmocka_unit_test(test_find_unicode_columns),
        cmocka_unit_test(test_find_arrays_of_arrays),
        cmocka_unit_test(test_find_absent),
        cmocka_unit_test(test_format),
        cmocka_unit_test(test_parse),
        cmocka_unit_test(test_roundtrip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
