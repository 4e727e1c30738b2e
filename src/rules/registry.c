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
