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

/* ---- a scenario builder: Red at the top facing south, Blue below facing north ---------------- */

typedef struct tbuild {
    char s[32768];
    int units;
} tbuild;

static inline void tb_add(tbuild *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static inline void tb_add(tbuild *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    size_t n = strlen(b->s);
    vsnprintf(b->s + n, sizeof b->s - n, fmt, ap);
    va_end(ap);
}

/* terrain: "" or a JSON list of features; options: "" or a JSON object. */
static inline void tb_begin(tbuild *b, const char *terrain, const char *options)
{
    b->s[0] = 0;
    b->units = 0;
    tb_add(b, "{\"title\": \"test\", \"ruleset\": \"tiny\", \"table\": {\"width_cm\": 180, "
              "\"height_cm\": 120}, \"terrain_types\": [{\"name\": \"rough_hill\", \"like\": "
              "\"hill\"}], \"sides\": [{\"name\": \"Red\"}, {\"name\": \"Blue\"}], ");
    if (terrain && *terrain)
        tb_add(b, "\"terrain\": %s, ", terrain);
    if (options && *options)
        tb_add(b, "\"ruleset_options\": %s, ", options);
    tb_add(b, "\"units\": [");
}

/* A command unit holding one commander: role "general" or "brigadier". */
static inline void tb_command(tbuild *b, const char *uname, const char *sname, const char *parent,
                              const char *name, const char *role, float x, float y)
{
    tb_add(b, "%s{\"name\": \"%s\", \"side\": \"%s\", ", b->units++ ? ", " : "", uname, sname);
    if (parent && *parent)
        tb_add(b, "\"parent\": \"%s\", ", parent);
    tb_add(b,
           "\"figures\": [{\"name\": \"%s\", \"role\": \"%s\", \"kind\": \"commander\", "
           "\"pos\": [%g, %g]}]}",
           name, role, (double)x, (double)y);
}

/* A troop unit of `count` stands (4 x 2.5 cm) side by side, the front rank centred on (x, y).
 * Red faces south, Blue north, unless facing (degrees) is given (>= 0). */
static inline void tb_unit(tbuild *b, const char *uname, const char *sname, const char *kind,
                           const char *formation, const char *parent, float x, float y, int count,
                           float facing)
{
    if (facing < 0)
        facing = strcmp(sname, "Red") == 0 ? 90 : 270;
    tb_add(b, "%s{\"name\": \"%s\", \"side\": \"%s\", \"kind\": \"%s\", ", b->units++ ? ", " : "",
           uname, sname, kind);
    if (formation && *formation)
        tb_add(b, "\"formation\": \"%s\", ", formation);
    if (parent && *parent)
        tb_add(b, "\"parent\": \"%s\", ", parent);
    tb_add(b,
           "\"defaults\": {\"role\": \"stand\", \"base\": {\"frontage_cm\": 4, \"depth_cm\": "
           "2.5}, \"facing\": %g}, \"blocks\": [{\"name\": \"%s\", \"origin\": [%g, %g], "
           "\"count\": %d}]}",
           (double)facing, uname, (double)x, (double)y, count);
}

static inline const char *tb_end(tbuild *b)
{
    tb_add(b, "]}");
    return b->s;
}

/* Two armies with a General each, a Red brigade "RB" under "Brig Red" and a Blue brigade "BB"
 * under "Brig Blue"; the caller adds troop units. */
static inline void tb_armies(tbuild *b, const char *terrain, const char *options)
{
    tb_begin(b, terrain, options);
    tb_command(b, "Red army", "Red", "", "Gen Red", "general", 90, 4);
    tb_command(b, "RB", "Red", "Red army", "Brig Red", "brigadier", 60, 6);
    tb_command(b, "Blue army", "Blue", "", "Gen Blue", "general", 90, 116);
    tb_command(b, "BB", "Blue", "Blue army", "Brig Blue", "brigadier", 60, 114);
}

/* Rolls the orders of the side to act and returns the game. */
static inline void test_tiny_roll(game *g)
{
    rules_decision dec;
    game_decision(g, &dec);
    assert_int_equal(dec.kind, RULES_DECIDE_ROLL_ORDERS);
    test_tiny_submit(g, &(rules_command){.kind = RULES_CMD_ROLL_ORDERS, .side = dec.side});
}

static inline void test_tiny_end(game *g)
{
    rules_decision dec;
    game_decision(g, &dec);
    test_tiny_submit(g, &(rules_command){.kind = RULES_CMD_END_PHASE, .side = dec.side});
}

/* The pips the commander has left. */
static inline int test_tiny_pips(const game *g, const char *name)
{
    rules_driver_item it[64];
    int n = game_driver(g, (side_id){0}, it, 64);
    figure_id f = test_tiny_figure(g, name);
    for (int i = 0; i < n; i++)
        if (it[i].kind == RULES_DRIVER_PIPS && it[i].figure.id == f.id)
            return it[i].value;
    return -1;
}

static inline vec2s test_tiny_pos(const game *g, const char *figure_name)
{
    return table_figure_const(game_table(g), test_tiny_figure(g, figure_name))->pos;
}

#endif // TESTS_TINY_TEST_UTIL_H
