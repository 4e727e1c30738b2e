/* A minimal driver for the lcr rules_ops in tests: a scenario, its table, the rule state, the
 * match dice and the events, without the engine's log. */
#ifndef TESTS_LCR_HARNESS_H
#define TESTS_LCR_HARNESS_H

#include "lcr_test_util.h"

#include "core/mem.h"
#include "rules/lcr/lcr_rules.h"
#include "rules/lcr/lcr_morale.h"
#include "rules/lcr/lcr_sequence.h"
#include "rules/lcr/lcr_state.h"
#include "scenario/scenario.h"

#include <stdlib.h>
#include <string.h>

typedef struct harness {
    scenario *scn;
    table *t;
    rules_state *rs;
    dice_rng rng;
    rules_ctx ctx;
    rules_event *ev;
    int ev_count, ev_cap;
    int mark; /* first event of the last command */
} harness;

static inline void harness_record(void *user, const rules_event *e)
{
    harness *h = user;
    if (h->ev_count == h->ev_cap) {
        h->ev_cap = h->ev_cap ? h->ev_cap * 2 : 1024;
        h->ev = mem_realloc(h->ev, (size_t)h->ev_cap, sizeof *h->ev);
    }
    h->ev[h->ev_count++] = *e;
}

static inline void harness_start(harness *h, uint64_t seed)
{
    h->t = table_clone(h->scn->table);
    char why[256] = "";
    h->rs = lcr_rules_ops.create(&(rules_create_desc){.scenario = h->scn, .table = h->t}, why,
                                 sizeof why);
    if (!h->rs)
        fprintf(stderr, "%s\n", why);
    assert_non_null(h->rs);
    dice_seed(&h->rng, seed);
    h->ctx = (rules_ctx){.ops = &lcr_rules_ops,
                         .state = h->rs,
                         .table = h->t,
                         .rng = &h->rng,
                         .scenario = h->scn,
                         .record = harness_record,
                         .user = h};
    lcr_rules_ops.begin(h->rs, &h->ctx);
}

static inline void harness_open(harness *h, const char *name, uint64_t seed)
{
    memset(h, 0, sizeof *h);
    char path[1024];
    snprintf(path, sizeof path, "%s/scenarios/%s", SANDTABLE_SOURCE_DIR, name);
    scenario_error err;
    h->scn = scenario_load_file(path, &err);
    if (!h->scn) {
        char buf[1024];
        fprintf(stderr, "%s\n", scenario_error_format(&err, buf, sizeof buf));
    }
    assert_non_null(h->scn);
    harness_start(h, seed);
}

/* A scenario given as JSON text. */
static inline void harness_open_text(harness *h, const char *json, uint64_t seed)
{
    memset(h, 0, sizeof *h);
    scenario_error err;
    h->scn = scenario_load_string(json, strlen(json), "inline.json", &err);
    if (!h->scn) {
        char buf[1024];
        fprintf(stderr, "%s\n", scenario_error_format(&err, buf, sizeof buf));
    }
    assert_non_null(h->scn);
    harness_start(h, seed);
}

static inline void harness_close(harness *h)
{
    lcr_rules_ops.destroy(h->rs);
    table_destroy(h->t);
    scenario_destroy(h->scn);
    free(h->ev);
}

static inline rules_decision harness_decision(const harness *h)
{
    rules_decision d;
    lcr_rules_ops.decision(h->rs, h->t, &d);
    return d;
}

/* Validates and resolves; false with the reason when refused. */
static inline bool harness_submit(harness *h, rules_command cmd, char *why, size_t size)
{
    if (!lcr_rules_ops.validate(h->rs, h->t, &cmd, why, size))
        return false;
    h->mark = h->ev_count;
    lcr_rules_ops.resolve(h->rs, &h->ctx, &cmd);
    return true;
}

static inline void harness_must(harness *h, rules_command cmd)
{
    char why[256] = "";
    bool ok = harness_submit(h, cmd, why, sizeof why);
    if (!ok)
        fprintf(stderr, "refused: %s\n", why);
    assert_true(ok);
}

/* Plays the deck until a card that `actor` may act on comes to his side (other cards of either
 * side are reserved, interrupts passed), then activates him with it. */
static inline void harness_activate(harness *h, figure_id actor)
{
    const figure *a = table_figure_const(h->t, actor);
    for (int guard = 0; guard < 500; guard++) {
        rules_decision d = harness_decision(h);
        rules_command c = {.side = d.side};
        char why[256];
        if (d.kind == RULES_DECIDE_DRAW_CARD) {
            c.kind = RULES_CMD_DRAW_CARD;
        } else if (d.kind == RULES_DECIDE_INTERRUPT) {
            c.kind = RULES_CMD_PASS;
        } else if (d.kind == RULES_DECIDE_USE_CARD) {
            c.kind = RULES_CMD_ACTIVATE;
            c.figure = actor;
            bool leader_card = d.figure.id != 0;
            if (d.side.id == a->side.id && leader_card == (lcr_data_rank_of(a->role) >= 0) &&
                harness_submit(h, c, why, sizeof why))
                return;
            c = (rules_command){.kind = RULES_CMD_RESERVE_CARD, .side = d.side, .card = d.card};
        } else {
            fail_msg("unexpected decision %d", d.kind);
        }
        harness_must(h, c);
    }
    fail_msg("no card for the figure");
}

static inline figure_id harness_find(const harness *h, const char *name)
{
    for (int i = 0; i < h->t->figure_count; i++)
        if (strcmp(h->t->figures[i].name, name) == 0)
            return h->t->figures[i].id;
    fail_msg("no figure named %s", name);
    return (figure_id){0};
}

/* Events of the last command of a kind (and tag, when not NULL). */
static inline int harness_count(const harness *h, rules_event_kind kind, const char *tag)
{
    int n = 0;
    for (int i = h->mark; i < h->ev_count; i++)
        n += h->ev[i].kind == kind && (!tag || strcmp(h->ev[i].tag, tag) == 0);
    return n;
}

/* One data file for a test program's lookups (freed at exit by test_lcr_data_shared_free). */
static lcr_data *test_shared_data;
static inline lcr_data *test_lcr_data_shared(void)
{
    if (!test_shared_data)
        test_shared_data = test_lcr_data();
    return test_shared_data;
}
static inline void test_lcr_data_shared_free(void)
{
    lcr_data_destroy(test_shared_data);
    test_shared_data = NULL;
}

#endif // TESTS_LCR_HARNESS_H
