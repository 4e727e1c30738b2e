/* D. Charges and F. Charge Resolution: charge moves (a unit's or a formed brigade's), evading,
 * melee, the outcome, pursuit and commanders in close combat. */
#ifndef TINY_TINY_COMBAT_H
#define TINY_TINY_COMBAT_H

#include "rules/tiny/tiny_state.h"

bool tiny_plan_charge(const rules_state *rs, const table *t, unit_id charger, unit_id target,
                      bool ignore_order, tiny_plan *out, char *reason, size_t size);

/* A formed brigade's charge: its member that reaches `target` most cheaply charges it and the
 * others make the same motion, keeping their places (seed 003, C: "Units moving as a formed
 * brigade must maintain their relative positions"). units[0] of the plan is the lead. */
bool tiny_plan_brigade_charge(const rules_state *rs, const table *t, unit_id brigade,
                              unit_id target, tiny_plan *out, char *reason, size_t size);

void tiny_melee_side_of(const rules_state *rs, const table *t, unit_id u, unit_id enemy,
                        tiny_melee_side *out);

/* Expected hits of a charge by `charger` on `target` (the bot's odds). */
float tiny_melee_expected(const rules_state *rs, const table *t, unit_id charger, unit_id target,
                          int *dice, int *need);

/* A charge by one unit, or by a formed brigade (`ordered` is then the brigade and p->units[0]
 * its lead): the lead and every member that reaches the target charge it. */
void tiny_resolve_charge(rules_state *rs, rules_ctx *ctx, unit_id ordered, const tiny_plan *p,
                         const tiny_order *o, unit_id target);

void tiny_resolve_evade(rules_state *rs, rules_ctx *ctx, bool evade);

void tiny_resolve_contacts(rules_state *rs, rules_ctx *ctx);

/* Victorious cavalry charges on (the beaten unit if it can reach it), fights again, and then
 * must rally even if it wins (seed 003, F: Deciding the Outcome); with no pursuit possible it
 * stays and need not rally. */
void tiny_resolve_pursuits(rules_state *rs, rules_ctx *ctx);

void tiny_end_player_turn(rules_state *rs, rules_ctx *ctx);

bool tiny_validate_charge(const rules_state *rs, const table *t, const rules_command *cmd,
                          char *reason, size_t size);

/* A charge target for the odds (targets()): fills *o when u may charge e. */
bool tiny_charge_target(const rules_state *rs, const table *t, unit_id u, unit_id e,
                        rules_target *o);

#endif // TINY_TINY_COMBAT_H
