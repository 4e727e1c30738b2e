/* The registry of rule sets: the built-in ones (listed at build time) and those added at run
 * time. It sits above every rule set's library (it names their ops tables); the helpers the rule
 * sets share live below them, in rules.c. */
#include "rules/rules.h"

#include "rules/rules_builtin.h"

#include <stdio.h>
#include <string.h>

/* ---- registry ---------------------------------------------------------------------------- */

#define RULES_DECLARE(id) extern const rules_ops id##_rules_ops;
RULES_BUILTIN(RULES_DECLARE)
#define RULES_ENTRY(id) &id##_rules_ops,

static const rules_ops *const builtin[] = {RULES_BUILTIN(RULES_ENTRY) NULL};
enum { BUILTIN_COUNT = sizeof builtin / sizeof builtin[0] - 1, EXTRA_MAX = 16 };

/* Rule sets added at run time by tests and tools, before any match starts. This is the one
 * piece of process-wide mutable state in the headless library; simulation never writes it. */
static const rules_ops *extra[EXTRA_MAX];
static int extra_count;

const rules_ops *rules_at(int index)
{
    if (index < 0)
        return NULL;
    if (index < extra_count)
        return extra[index];
    index -= extra_count;
    return index < BUILTIN_COUNT ? builtin[index] : NULL;
}

const rules_ops *rules_find(const char *id)
{
    for (int i = 0; rules_at(i); i++)
        if (strcmp(rules_at(i)->id, id) == 0)
            return rules_at(i);
    return NULL;
}

bool rules_register(const rules_ops *ops)
{
    for (int i = 0; i < extra_count; i++)
        if (strcmp(extra[i]->id, ops->id) == 0) {
            extra[i] = ops;
            return true;
        }
    if (extra_count >= EXTRA_MAX)
        return false;
    extra[extra_count++] = ops;
    return true;
}

bool rules_scenario_check(const scenario *s, scenario_error *err)
{
    if (rules_find(s->ruleset))
        return true;
    return scenario_error_at(s, "$.ruleset", err,
                             "unknown rule set \"%s\" (sandtable --help lists the rule sets)",
                             s->ruleset);
}

/* A rule set's message may start with the JSON path it is about, "$.ruleset_options.x: ..." or
 * "ruleset_options.x: ...": its length, or 0. */
static size_t message_path(const char *msg)
{
    const char *colon = strstr(msg, ": ");
    size_t n = colon ? (size_t)(colon - msg) : 0;
    return n == 0 || n > 200 || memchr(msg, ' ', n) ? 0 : n;
}

bool rules_scenario_validate(const scenario *s, scenario_error *err, rules_validation *out)
{
    rules_validation scratch;
    out = out ? out : &scratch;
    memset(out, 0, sizeof *out);
    if (!rules_scenario_check(s, err)) {
        snprintf(out->reason, sizeof out->reason, "%s", err->message);
        return false;
    }
    const rules_ops *ops = rules_find(s->ruleset);
    char msg[512] = "";
    rules_state *rs =
        ops->create(&(rules_create_desc){.scenario = s, .table = s->table}, msg, sizeof msg);
    if (rs) {
        const char *mu = ops->view && ops->view->measure ? ops->view->measure(rs) : NULL;
        snprintf(out->measure, sizeof out->measure, "%s",
                 mu && strcmp(mu, "inch") == 0 ? "inch" : "cm");
        ops->destroy(rs);
        return true;
    }
    size_t n = message_path(msg);
    snprintf(out->reason, sizeof out->reason, "%s", n ? msg + n + 2 : msg);
    if (n) {
        char path[256];
        snprintf(path, sizeof path, "%s%.*s", msg[0] == '$' ? "" : "$.", (int)n, msg);
        scenario_error_at(s, path, err, "rule set %s refuses the scenario: %s", s->ruleset,
                          out->reason);
        if (err->line > 0)
            return false;
    }
    return scenario_error_at(s, "$.ruleset", err, "rule set %s refuses the scenario: %s",
                             s->ruleset, msg[0] ? msg : "(no reason given)");
}
