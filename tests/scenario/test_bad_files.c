/* Every broken scenario under tests/scenario/bad/ is refused with exactly the message in its
 * sibling .expect file (file:line:column: $.path: message), and mutated copies of the good
 * scenario never crash the loader: each is loaded or refused with a position. */
#include "scenario/scenario.h"

#include "rules/rules.h"

#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = calloc((size_t)n + 1, 1);
    if (fread(buf, 1, (size_t)n, f) != (size_t)n)
        n = 0;
    fclose(f);
    buf[n] = '\0';
    if (len)
        *len = (size_t)n;
    return buf;
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The .json files of the current directory, sorted. */
static int list_json(char ***out)
{
    DIR *d = opendir(".");
    assert_non_null(d);
    char **names = NULL;
    int n = 0;
    for (struct dirent *e; (e = readdir(d));) {
        size_t len = strlen(e->d_name);
        if (len > 5 && strcmp(e->d_name + len - 5, ".json") == 0) {
            names = realloc(names, sizeof *names * (size_t)(n + 1));
            names[n++] = strdup(e->d_name);
        }
    }
    closedir(d);
    qsort(names, (size_t)n, sizeof *names, compare_names);
    *out = names;
    return n;
}

static int check_one(const char *name)
{
    char expect_path[300], got[1200];
    snprintf(expect_path, sizeof expect_path, "%.*s.expect", (int)(strlen(name) - 5), name);
    char *expect = slurp(expect_path, NULL);
    if (!expect) {
        print_error("%s: no %s\n", name, expect_path);
        return 1;
    }
    expect[strcspn(expect, "\n")] = '\0';
    scenario_error err;
    scenario *s = scenario_load_file(name, &err);
    if (s && !rules_scenario_check(s, &err)) { /* the registry, not the loader, knows the ids */
        scenario_destroy(s);
        s = NULL;
    }
    int bad = 0;
    if (s) {
        print_error("%s: loaded, want \"%s\"\n", name, expect);
        bad = 1;
        scenario_destroy(s);
    } else if (strcmp(scenario_error_format(&err, got, sizeof got), expect) != 0) {
        print_error("%s:\n  got  %s\n  want %s\n", name, got, expect);
        bad = 1;
    }
    free(expect);
    return bad;
}

static void test_bad_files(void **state)
{
    (void)state;
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/tests/scenario/bad", getenv("SANDTABLE_SOURCE_DIR"));
    assert_int_equal(chdir(dir), 0);
    char **names;
    int n = list_json(&names), failed = 0;
    assert_true(n >= 40);
    for (int i = 0; i < n; i++) {
        failed += check_one(names[i]);
        free(names[i]);
    }
    free(names);
    assert_int_equal(failed, 0);
}

/* Columns count characters, not bytes, and keys written with escapes are found. */
static void test_positions_utf8_and_escapes(void **state)
{
    (void)state;
    /* the key starts at character 27 of line 1, byte 30 */
    const char text[] = "{\"title\": \"Ann\xc3\xa9"
                        "e \xe2\x80\x94 1898\", \"caf\\u00e9\": 1,\n"
                        " \"ruleset\": \"lcr\"}";
    scenario_error err;
    assert_null(scenario_load_string(text, strlen(text), "utf8.json", &err));
    char buf[1200];
    assert_string_equal(scenario_error_format(&err, buf, sizeof buf),
                        "utf8.json:1:27: $[\"caf\xc3\xa9\"]: unknown key \"caf\xc3\xa9\" "
                        "(expected one of $schema, format, title, description, designer_notes, "
                        "ruleset, ruleset_options, seed, campaign, table, terrain_types, terrain, "
                        "sides, units, deployment, reinforcements, victory)");
}

static uint32_t next_random(uint64_t *state)
{
    *state = *state * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(*state >> 33);
}

/* Loads `text`; a refusal must carry a message and, except for file errors, a position. */
static void load_must_not_crash(const char *text, size_t len, int *loaded)
{
    scenario_error err;
    scenario *s = scenario_load_string(text, len, "mutant.json", &err);
    if (s) {
        (*loaded)++;
        scenario_destroy(s);
        return;
    }
    assert_true(err.message[0] != '\0');
    assert_true(err.line >= 1 && err.column >= 1);
}

static void test_mutations_never_crash(void **state)
{
    (void)state;
    char path[1024];
    snprintf(path, sizeof path, "%s/tests/scenario/good/skirmish.json",
             getenv("SANDTABLE_SOURCE_DIR"));
    size_t len = 0;
    char *good = slurp(path, &len);
    assert_non_null(good);
    char *buf = malloc(len + 1);
    int loaded = 0;
    for (size_t cut = 0; cut < len; cut += 5) /* every truncation, in steps */
        load_must_not_crash(good, cut, &loaded);
    static const char junk[] = "{}[],:\"\\0123456789.-eE ntfx\x80\xff";
    uint64_t rng = 2026;
    for (int i = 0; i < 1500; i++) { /* one to three bytes replaced */
        memcpy(buf, good, len);
        for (int k = 0, m = 1 + (int)(next_random(&rng) % 3); k < m; k++)
            buf[next_random(&rng) % len] = junk[next_random(&rng) % (sizeof junk - 1)];
        load_must_not_crash(buf, len, &loaded);
    }
    load_must_not_crash(good, len, &loaded);
    assert_true(loaded >= 1);
    free(buf);
    free(good);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bad_files),
        cmocka_unit_test(test_positions_utf8_and_escapes),
        cmocka_unit_test(test_mutations_never_crash),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
