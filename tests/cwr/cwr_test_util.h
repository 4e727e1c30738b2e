/* Shared helpers of the cwr tests: scenarios from text, a match, submitting, and a look through
 * the events of the last command. */
#ifndef TESTS_CWR_TEST_UTIL_H
#define TESTS_CWR_TEST_UTIL_H

#include "core/place.h"
#include "game/game.h"
#include "rules/cwr/cwr_state.h"
#include "scenario/scenario.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

static inline game *cwr_game(const char *text, uint64_t seed)
{
    scenario_error err;
    scenario *sc = scenario_load_string(text, strlen(text), "test.json", &err);
    if (!sc) {
        char buf[1024];
        fprintf(stderr, "%s\n", scenario_error_format(&err, buf, sizeof buf));
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

static inline void cwr_submit(game *g, rules_command cmd)
{
    char why[256] = "";
    rules_decision d;
    game_decision(g, &d);
    cmd.side = d.side;
    bool ok = game_submit(g, &cmd, why, sizeof why);
    if (!ok)
        fprintf(stderr, "refused: %s\n", why);
    assert_true(ok);
}

static inline void cwr_refused(game *g, rules_command cmd, const char *needle)
{
    char why[256] = "";
    rules_decision d;
    game_decision(g, &d);
    cmd.side = d.side;
    assert_false(game_validate(g, &cmd, why, sizeof why));
    if (!strstr(why, needle))
        fprintf(stderr, "reason \"%s\" lacks \"%s\"\n", why, needle);
    assert_non_null(strstr(why, needle));
}

static inline void cwr_dump(const game *g)
{
    int n;
    const rules_event *ev = game_events(g, game_cursor(g) - 1, &n);
    char buf[400];
    for (int i = 0; i < n; i++)
        fprintf(stderr, "  %s\n", rules_event_format(&ev[i], buf, sizeof buf));
}

/* Events of the last command of kind (and tag, when given), counted; *first gets the first. */
static inline int cwr_count(const game *g, rules_event_kind kind, const char *tag,
                            const rules_event **first)
{
    int n, k = 0;
    const rules_event *ev = game_events(g, game_cursor(g) - 1, &n);
    for (int i = 0; i < n; i++)
        if (ev[i].kind == kind && (!tag || strcmp(ev[i].tag, tag) == 0)) {
            if (k++ == 0 && first)
                *first = &ev[i];
        }
    return k;
}

static inline unit_id cwr_unit(const game *g, const char *name)
{
    const table *t = game_table(g);
    for (int i = 0; i < t->unit_count; i++)
        if (strcmp(t->units[i].name, name) == 0)
            return t->units[i].id;
    fail_msg("no unit %s", name);
    return (unit_id){0};
}

static inline int cwr_strength(const game *g, const char *name)
{
    return cwr_unit_strength(game_table(g), cwr_unit(g, name));
}

static inline void cwr_no_overlaps(const game *g)
{
    figure_id pairs[4][2];
    assert_int_equal(place_overlaps(game_table(g), pairs, 4), 0);
}

/* ---- a scenario builder: Red at the top facing south, Blue below facing north -------------- */

typedef struct cbuild {
    char s[32768];
    int units;
} cbuild;

static inline void cb_add(cbuild *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static inline void cb_add(cbuild *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    size_t n = strlen(b->s);
    vsnprintf(b->s + n, sizeof b->s - n, fmt, ap);
    va_end(ap);
}

/* terrain: "" or a JSON list; options: "" or a JSON object; extra: "" or more top-level keys. */
static inline void cb_begin(cbuild *b, const char *terrain, const char *options)
{
    b->s[0] = 0;
    b->units = 0;
    cb_add(b, "{\"title\": \"test\", \"ruleset\": \"cwr\", \"table\": {\"width_cm\": 180, "
              "\"height_cm\": 120}, \"terrain_types\": [{\"name\": \"redoubt\", \"like\": "
              "\"clear\"}, {\"name\": \"hill\", \"los\": \"clear\"}], \"sides\": [{\"name\": "
              "\"Red\"}, {\"name\": \"Blue\"}], ");
    if (terrain && *terrain)
        cb_add(b, "\"terrain\": %s, ", terrain);
    if (options && *options)
        cb_add(b, "\"ruleset_options\": %s, ", options);
    cb_add(b, "\"units\": [");
}

/* A unit of `count` figures on round 1.25 cm bases in `ranks` ranks, the front rank centred on
 * (x, y). Red faces south, Blue north, unless facing (degrees) is given (>= 0). */
static inline void cb_unit(cbuild *b, const char *name, const char *sname, const char *kind,
                           const char *weapon, const char *quality, float x, float y, int count,
                           int ranks, float facing)
{
    if (facing < 0)
        facing = strcmp(sname, "Red") == 0 ? 90 : 270;
    cb_add(b,
           "%s{\"name\": \"%s\", \"side\": \"%s\", \"kind\": \"%s\", \"defaults\": {\"weapon\": "
           "\"%s\", \"quality\": \"%s\", \"facing\": %g}, \"blocks\": [{\"name\": \"%s\", "
           "\"origin\": [%g, %g], \"count\": %d, \"ranks\": %d}]}",
           b->units++ ? ", " : "", name, sname, kind, weapon, quality, (double)facing, name,
           (double)x, (double)y, count, ranks);
}

static inline const char *cb_end(cbuild *b)
{
    cb_add(b, "]}");
    return b->s;
}

/* Activates the unit and returns whether it passed (the morale event's success). */
static inline bool cwr_activate(game *g, const char *name)
{
    cwr_submit(g, (rules_command){.kind = RULES_CMD_ACTIVATE, .unit = cwr_unit(g, name)});
    const rules_event *m = NULL;
    cwr_count(g, RULES_EV_RULESET, "morale", &m);
    return !m || m->success;
}

static inline void cwr_choose(game *g, const char *pair)
{
    rules_command c = {.kind = RULES_CMD_CHOOSE};
    snprintf(c.option, sizeof c.option, "%s", pair);
    cwr_submit(g, c);
}

/* The casualties the firing (or fighting) side is to pick, picked as suggested (the nearest);
 * returns the figures the last command removed at once plus those picked. */
static inline int cwr_casualties(game *g)
{
    int n = cwr_count(g, RULES_EV_REMOVE, NULL, NULL);
    for (;;) {
        rules_decision d;
        game_decision(g, &d);
        if (d.kind != RULES_DECIDE_ALLOCATE_HITS)
            return n;
        rules_command c[4];
        assert_int_equal(game_legal(g, c, 4), 1);
        assert_int_equal(c[0].kind, RULES_CMD_ALLOCATE);
        assert_int_equal(c[0].figure_count, d.count);
        cwr_submit(g, c[0]);
        assert_int_equal(cwr_count(g, RULES_EV_REMOVE, NULL, NULL), d.count);
        n += d.count;
    }
}

#endif // TESTS_CWR_TEST_UTIL_H
