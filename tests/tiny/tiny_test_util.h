/* Shared helpers of the tiny tests: the shipped data, scenarios from text, a match, and a look
 * through the events of the last command. */
#ifndef TESTS_TINY_TEST_UTIL_H
#define TESTS_TINY_TEST_UTIL_H

#include "game/game.h"
#include "rules/tiny/tiny_data.h"
#include "rules/tiny/tiny_rules.h"
#include "scenario/scenario.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

static inline tiny_data *test_tiny_data(void)
{
    tiny_data_error err;
    tiny_data *d = tiny_data_load_default(NULL, &err);
    if (!d) {
        char buf[512];
        fprintf(stderr, "%s\n", tiny_data_error_format(&err, buf, sizeof buf));
    }
    assert_non_null(d);
    return d;
}

static inline scenario *test_tiny_scenario(const char *text)
{
    scenario_error err;
    scenario *sc = scenario_load_string(text, strlen(text), "test.json", &err);
    if (!sc) {
        char buf[1024];
        fprintf(stderr, "%s\n", scenario_error_format(&err, buf, sizeof buf));
    }
    assert_non_null(sc);
    return sc;
}

static inline game *test_tiny_game(const char *text, uint64_t seed)
{
    game_error ge;
    game *g = game_create(&(game_desc){.scenario = test_tiny_scenario(text),
                                       .take_scenario = true,
                                       .seed_set = true,
                                       .seed = seed},
                          &ge);
    if (!g) {
        char buf[1024];
        fprintf(stderr, "%s\n", game_error_format(&ge, buf, sizeof buf));
    }
    assert_non_null(g);
    return g;
}

static inline void test_tiny_submit(game *g, const rules_command *cmd)
{
    char why[256] = "";
    bool ok = game_submit(g, cmd, why, sizeof why);
    if (!ok)
        fprintf(stderr, "refused: %s\n", why);
    assert_true(ok);
}

static inline void test_tiny_refused(game *g, const rules_command *cmd, const char *needle)
{
    char why[256] = "";
    assert_false(game_validate(g, cmd, why, sizeof why));
    if (!strstr(why, needle))
        fprintf(stderr, "reason \"%s\" lacks \"%s\"\n", why, needle);
    assert_non_null(strstr(why, needle));
}

/* Prints the events of the last command (for writing and debugging tests). */
static inline void test_tiny_dump(const game *g)
{
    int n;
    const rules_event *ev = game_events(g, game_cursor(g) - 1, &n);
    char buf[400];
    for (int i = 0; i < n; i++)
        fprintf(stderr, "  %s\n", rules_event_format(&ev[i], buf, sizeof buf));
}

/* The first event of the last command with kind and (if given) tag, from index *from on. */
static inline const rules_event *test_tiny_find(const game *g, rules_event_kind kind,
                                                const char *tag, int *from)
{
    int n;
    const rules_event *ev = game_events(g, game_cursor(g) - 1, &n);
    for (int i = from ? *from : 0; i < n; i++)
        if (ev[i].kind == kind && (!tag || strcmp(ev[i].tag, tag) == 0)) {
            if (from)
                *from = i + 1;
            return &ev[i];
        }
    return NULL;
}

/* Unit and figure handles by name. */
static inline unit_id test_tiny_unit(const game *g, const char *name)
{
    const table *t = game_table(g);
    for (int i = 0; i < t->unit_count; i++)
        if (strcmp(t->units[i].name, name) == 0)
            return t->units[i].id;
    fail_msg("no unit %s", name);
    return (unit_id){0};
}

static inline figure_id test_tiny_figure(const game *g, const char *name)
{
    const table *t = game_table(g);
    for (int i = 0; i < t->figure_count; i++)
        if (strcmp(t->figures[i].name, name) == 0)
            return t->figures[i].id;
    fail_msg("no figure %s", name);
    return (figure_id){0};
}

static inline int test_tiny_stands(const game *g, unit_id u)
{
    const table *t = game_table(g);
    int n = 0;
    for (int i = 0; i < t->figure_count; i++)
        n += t->figures[i].unit.id == u.id && table_figure_active(&t->figures[i]) &&
             !tiny_is_commander(&t->figures[i]);
    return n;
}

#endif // TESTS_TINY_TEST_UTIL_H
