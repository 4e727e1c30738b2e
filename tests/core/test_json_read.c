/* core/json_read: the error formatter, positions of a path, the typed getters' failures and the
 * parsed-data cache (one parse per text, shared by every caller, also from several threads). */
#include "core/json_read.h"

#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

static void test_error_format(void **state)
{
    (void)state;
    char buf[256];
    json_error e = {.file = "a.json", .line = 3, .column = 7, .path = "$.x", .message = "bad"};
    assert_string_equal(json_error_format(&e, buf, sizeof buf), "a.json:3:7: $.x: bad");
    e.line = 0;
    assert_string_equal(json_error_format(&e, buf, sizeof buf), "a.json: $.x: bad");
    e.path[0] = 0;
    assert_string_equal(json_error_format(&e, buf, sizeof buf), "a.json: bad");
    e.file[0] = 0;
    assert_string_equal(json_error_format(&e, buf, sizeof buf), "bad");
}

static const char doc[] = "{\n"
                          "  \"a\": {\"b\": [1, 2,\n"
                          "     \"three\"]},\n"
                          "  \"n\": 40\n"
                          "}\n";

static void test_locate(void **state)
{
    (void)state;
    int line, col;
    json_read_locate(doc, strlen(doc), "$.a.b[2]", &line, &col);
    assert_int_equal(line, 3);
    assert_int_equal(col, 6);
    json_read_locate(doc, strlen(doc), "$.n", &line, &col);
    assert_int_equal(line, 4);
    assert_int_equal(col, 8);
}

static void test_getters_name_path_and_position(void **state)
{
    (void)state;
    json_t *root = json_loads(doc, 0, NULL);
    json_error err = {0};
    json_reader r = {.err = &err, .text = doc, .len = strlen(doc)};
    assert_int_equal(json_read_int(&r, root, "$", "n", true, 0, 0, 100), 40);
    assert_false(r.failed);
    /* Out of range: the first failure names the path and where it is; later ones are ignored. */
    assert_int_equal(json_read_int(&r, root, "$", "n", true, 5, 0, 10), 5);
    json_read_fail(&r, "$.a", "a second problem");
    assert_true(r.failed);
    assert_string_equal(err.path, "$.n");
    assert_non_null(strstr(err.message, "from 0 to 10"));
    assert_int_equal(err.line, 4);
    json_decref(root);

    static const char *const keys[] = {"a", NULL};
    root = json_loads(doc, 0, NULL);
    err = (json_error){0};
    r = (json_reader){.err = &err, .text = doc, .len = strlen(doc)};
    json_read_check_keys(&r, root, "$", keys);
    assert_string_equal(err.path, "$.n");
    assert_string_equal(err.message, "unknown key \"n\"");
    json_decref(root);
}

static int parses;

static void *parse_count(const char *text, size_t len, const char *name, void *err)
{
    (void)name;
    (void)err;
    __atomic_add_fetch(&parses, 1, __ATOMIC_SEQ_CST);
    if (len == 0)
        return NULL; /* a failure is never kept */
    char *copy = calloc(len + 1, 1);
    memcpy(copy, text, len);
    return copy;
}

static void *load_one(void *arg)
{
    (void)arg;
    return json_cache_parse("test", "{\"k\": 1}", 8, "k.json", parse_count, NULL);
}

static void test_cache_parses_once(void **state)
{
    (void)state;
    pthread_t th[4];
    void *got[4];
    for (int i = 0; i < 4; i++)
        pthread_create(&th[i], NULL, load_one, NULL);
    for (int i = 0; i < 4; i++)
        pthread_join(th[i], &got[i]);
    assert_int_equal(parses, 1);
    for (int i = 1; i < 4; i++)
        assert_ptr_equal(got[i], got[0]);
    assert_true(json_cache_holds(got[0]));
    /* Another text, or the same text of another kind, is parsed on its own. */
    void *other = json_cache_parse("test", "{\"k\": 2}", 8, "k.json", parse_count, NULL);
    void *kind = json_cache_parse("test2", "{\"k\": 1}", 8, "k.json", parse_count, NULL);
    assert_int_equal(parses, 3);
    assert_ptr_not_equal(other, got[0]);
    assert_ptr_not_equal(kind, got[0]);
    assert_null(json_cache_parse("test", "", 0, "empty.json", parse_count, NULL));
    assert_null(json_cache_parse("test", "", 0, "empty.json", parse_count, NULL));
    assert_int_equal(parses, 5);
    char mine[4];
    assert_false(json_cache_holds(mine));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_error_format),
        cmocka_unit_test(test_locate),
        cmocka_unit_test(test_getters_name_path_and_position),
        cmocka_unit_test(test_cache_parses_once),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
