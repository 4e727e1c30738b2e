/* Shared helpers of the cr15 tests: the shipped data, a scenario builder (Red at the top
 * facing south, Blue below facing north), a match, and a look through the last command's
 * events. */
#ifndef TESTS_CR15_TEST_UTIL_H
#define TESTS_CR15_TEST_UTIL_H

#include "game/game.h"
#include "rules/cr15/cr15_state.h"
#include "scenario/scenario.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

static inline cr15_data *t15_data(void)
{
    cr15_data_error err;
    cr15_data *d = cr15_data_load_default(NULL, &err);
    if (!d) {
        char buf[512];
        fprintf(stderr, "%s\n", cr15_data_error_format(&err, buf, sizeof buf));
    }
    assert_non_null(d);
    return d;
}

static inline game *t15_game(const char *text, uint64_t seed)
{
    scenario_error err;
    scenario *sc = scenario_load_string(text, strlen(text), "test.json", &err);
    if (!sc) {
        char buf[1024];
        fprintf(stderr, "%s\n%s\n", scenario_error_format(&err, buf, sizeof buf), text);
    }
    assert_non_null(sc);
    game_error ge;
    game *g = game_create(
        &(game_desc){.scenario = sc, .take_scenario = true, .seed_set = true, .seed = seed}, &ge);
    if (!g) {
        char buf[1024];
        fprintf(stderr, "%s\n", game_error_format(&ge, buf, sizeof buf));
    }
    assert_non_null(g);
    return g;
}

static inline void t15_submit(game *g, const rules_command *cmd)
{
    char why[256] = "";
    bool ok = game_submit(g, cmd, why, sizeof why);
    if (!ok)
        fprintf(stderr, "refused: %s\n", why);
    assert_true(ok);
}

static inline void t15_refused(game *g, const rules_command *cmd, const char *needle)
{
    char why[256] = "";
    assert_false(game_validate(g, cmd, why, sizeof why));
    if (!strstr(why, needle))
        fprintf(stderr, "reason \"%s\" lacks \"%s\"\n", why, needle);
    assert_non_null(strstr(why, needle));
}

static inline void t15_submitv(game *g, rules_command c)
{
    t15_submit(g, &c);
}

static inline void t15_refusedv(game *g, rules_command c, const char *needle)
{
    t15_refused(g, &c, needle);
}

static inline void t15_dump(const game *g)
{
    int n;
    const rules_event *ev = game_events(g, game_cursor(g) - 1, &n);
    char buf[400];
    for (int i = 0; i < n; i++)
        fprintf(stderr, "  %s\n", rules_event_format(&ev[i], buf, sizeof buf));
}

/* Counts the last command's events of kind (and tag, if given). */
static inline int t15_count(const game *g, rules_event_kind kind, const char *tag)
{
    int n, c = 0;
    const rules_event *ev = game_events(g, game_cursor(g) - 1, &n);
    for (int i = 0; i < n; i++)
        c += ev[i].kind == kind && (!tag || strcmp(ev[i].tag, tag) == 0);
    return c;
}

static inline const rules_event *t15_find(const game *g, rules_event_kind kind, const char *tag,
                                          int *from)
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

static inline figure_id t15_fig(const game *g, const char *name)
{
    const table *t = game_table(g);
    for (int i = 0; i < t->figure_count; i++)
        if (strcmp(t->figures[i].name, name) == 0)
            return t->figures[i].id;
    fail_msg("no figure %s", name);
    return (figure_id){0};
}

static inline unit_id t15_unit(const game *g, const char *name)
{
    const table *t = game_table(g);
    for (int i = 0; i < t->unit_count; i++)
        if (strcmp(t->units[i].name, name) == 0)
            return t->units[i].id;
    fail_msg("no unit %s", name);
    return (unit_id){0};
}

static inline const figure *t15_figure(const game *g, const char *name)
{
    return table_figure_const(game_table(g), t15_fig(g, name));
}

static inline side_id t15_side(const game *g, int index)
{
    return game_table(g)->sides[index].id;
}

/* ---- the builder --------------------------------------------------------------------------- */

typedef struct t15_build {
    char s[32768];
    int units;
} t15_build;

static inline void t15_add(t15_build *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static inline void t15_add(t15_build *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    size_t n = strlen(b->s);
    vsnprintf(b->s + n, sizeof b->s - n, fmt, ap);
    va_end(ap);
}

/* terrain: "" or a JSON list; options: "" or a JSON object; extra: "" or top-level keys with a
 * trailing comma. */
static inline void t15_begin(t15_build *b, const char *terrain, const char *options,
                             const char *extra)
{
    b->s[0] = 0;
    b->units = 0;
    t15_add(b, "{\"title\": \"test\", \"ruleset\": \"cr15\", \"table\": {\"width_cm\": 120, "
               "\"height_cm\": 90}, \"sides\": [{\"name\": \"Red\"}, {\"name\": \"Blue\"}], ");
    if (terrain && *terrain)
        t15_add(b, "\"terrain\": %s, ", terrain);
    if (options && *options)
        t15_add(b, "\"ruleset_options\": %s, ", options);
    if (extra && *extra)
        t15_add(b, "%s ", extra);
    t15_add(b, "\"units\": [");
}

/* One figure unit per call is easiest to reason about: figures given as JSON objects. */
static inline void t15_unit_json(t15_build *b, const char *uname, const char *sname,
                                 const char *kind, const char *figures)
{
    t15_add(b,
            "%s{\"name\": \"%s\", \"side\": \"%s\", \"kind\": \"%s\", \"defaults\": "
            "{\"base\": {\"radius_cm\": 0.6}, \"facing\": \"%s\"}, \"figures\": [%s]}",
            b->units++ ? ", " : "", uname, sname, kind,
            strcmp(sname, "Red") == 0 ? "south" : "north", figures);
}

static inline const char *t15_end(t15_build *b)
{
    t15_add(b, "]}");
    return b->s;
}

/* Submits END_PHASE for whoever decides, until the decision is (phase, step side). */
static inline void t15_until(game *g, const char *phase, int side_index)
{
    for (int guard = 0; guard < 200; guard++) {
        rules_decision d;
        game_decision(g, &d);
        assert_int_not_equal(d.kind, RULES_DECIDE_NONE);
        if (strcmp(d.phase, phase) == 0 &&
            (side_index < 0 || d.side.id == t15_side(g, side_index).id))
            return;
        t15_submit(g, &(rules_command){.kind = RULES_CMD_END_PHASE, .side = d.side});
    }
    fail_msg("never reached %s", phase);
}

static inline void t15_end_phase(game *g, int side_index)
{
    t15_submit(g, &(rules_command){.kind = RULES_CMD_END_PHASE, .side = t15_side(g, side_index)});
}

#endif // TESTS_CR15_TEST_UTIL_H
