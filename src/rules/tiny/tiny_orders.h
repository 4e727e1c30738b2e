/* C. Orders: pips, who may order a unit and at what cost, formed brigades, the order dice. */
#ifndef TINY_TINY_ORDERS_H
#define TINY_TINY_ORDERS_H

#include "rules/tiny/tiny_state.h"

/* Who orders unit (or brigade group of) `u` and at what cost; cmd->figure names the commander
 * or 0 to pick one who can pay. False with the reason. */
bool tiny_order_check(const rules_state *rs, const table *t, const rules_command *cmd, unit_id u,
                      tiny_order *out, char *reason, size_t size);

/* The formed brigade of `brigade`: the largest group of its units chained side by side or one
 * behind the other, facing the same way; units free to move, or (rally) not yet ordered.
 * Returns the count (0 when fewer than two). */
int tiny_formed_group(const rules_state *rs, const table *t, unit_id brigade, bool rally,
                      unit_id *out);
/* False when fewer than two of b's units may move: its formed group (not a rally's) is then too
 * small, and every move, shot and charge of the brigade is refused. A cheap test before them. */
bool tiny_brigade_may_move(const rules_state *rs, const table *t, unit_id b);

void tiny_spend_order(rules_state *rs, rules_ctx *ctx, const tiny_order *o, unit_id u);

void tiny_order_units(rules_ctx *ctx, const tiny_plan *p, uint32_t bits, const char *why);

void tiny_resolve_roll_orders(rules_state *rs, rules_ctx *ctx);

/* An order to a formed brigade (seed 003, C: one order moves, shoots or rallies a unit or a
 * Formed Brigade): the group, with the reason when there is none. */
int tiny_brigade_group(const rules_state *rs, const table *t, unit_id b, bool rally, unit_id *group,
                       char *reason, size_t size);

bool tiny_brigade_order(const rules_state *rs, const table *t, const rules_command *cmd, unit_id b,
                        char *reason, size_t size);

/* One order shoots, charges or rallies the formed brigade (at the nearest enemy unit). */
void tiny_add_brigade_orders(const rules_state *rs, const table *t, legal_list *l, unit_id b);

#endif // TINY_TINY_ORDERS_H
