/* B. Sequence and H. Victory: whose decision it is, the end of a player turn, the outcome. */
#ifndef TINY_TINY_SEQUENCE_H
#define TINY_TINY_SEQUENCE_H

#include "rules/tiny/tiny_state.h"

void tiny_resolve_end_phase(rules_state *rs, rules_ctx *ctx);

void tiny_decision(const rules_state *rs, const table *t, rules_decision *out);
/* tiny_decision's kind and side alone, with no prompt formatted (what validation reads). */
rules_decision_kind tiny_decision_bare(const rules_state *rs, const table *t, side_id *who);

/* Units counted for victory, and those shaken, destroyed or gone, of side s. */
void tiny_army_count(const rules_state *rs, const table *t, side_id s, int *total, int *bad);

void tiny_outcome(const rules_state *rs, const table *t, rules_outcome *out);

int tiny_turn(const rules_state *rs);

int tiny_driver(const rules_state *rs, const table *t, side_id viewer, rules_driver_item *out,
                int max);

#endif // TINY_TINY_SEQUENCE_H
