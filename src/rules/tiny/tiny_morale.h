/* G. Morale: hits, shaken units and lost stands, the rally chart; validation and resolution of
 * rallies. */
#ifndef TINY_TINY_MORALE_H
#define TINY_TINY_MORALE_H

#include "rules/tiny/tiny_state.h"

/* n hits on unit u: markers up to shaken, then a stand per hit (seed 003, G). */
void tiny_take_hits(rules_state *rs, rules_ctx *ctx, unit_id u, int n, figure_id from,
                    const char *ref, const char *why);

void tiny_resolve_rally(rules_state *rs, rules_ctx *ctx, const rules_command *cmd,
                        const tiny_order *o);

/* One order rallies a formed brigade: each of its units with something to rally from rolls. */
void tiny_resolve_brigade_rally(rules_state *rs, rules_ctx *ctx, unit_id b, const tiny_order *o);

/* A unit with more than the kept last hit, or that must rally: a rally can do something. */
bool tiny_rally_needed(const rules_state *rs, const table *t, unit_id u);

bool tiny_validate_rally(const rules_state *rs, const table *t, const rules_command *cmd,
                         char *reason, size_t size);

#endif // TINY_TINY_MORALE_H
