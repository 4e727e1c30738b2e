/* The normal level's repertoire in Colonial Rules for 15mm (cr15_plan.c): further candidates
 * beside legal()'s (rules_view_ops.bot_commands), so that legal() and with it the easy level and
 * the greedy replays stay as they were, and the values of the charges, fires and moves the
 * bot weighs (read by cr15_hint.c). */
#ifndef CR15_CR15_PLAN_H
#define CR15_CR15_PLAN_H

#include "rules/cr15/cr15_state.h"

/* Charges at every enemy unit in reach (by the figures that reach it), fire at the nearest
 * figure of every enemy unit, moves toward every enemy unit: the bot's own candidates. */
int cr15_bot_commands(const rules_state *rs, const table *t, rules_command *out, int max);

/* The value of a charge for the attacking side (the one that must win by force): the melee it
 * promises figure by figure, the chargers already committed counted, with a reason. False for
 * the side that wins by holding out (the generic score keeps it at home). */
bool cr15_plan_charge_value(const rules_state *rs, const table *t, const rules_command *cmd,
                            float *v, char *why, size_t size);

/* The value of a fire (rifles, a Gatling, canister; shell is cr15_hint.c's): the hits expected
 * as they fall on the target and then on his unit mates nearest him, a death whole, a serious
 * wound half, a second serious wound (which kills) whole, a man already dying nothing. */
bool cr15_plan_fire_value(const rules_state *rs, const table *t, const rules_command *cmd, float *v,
                          char *why, size_t size);

/* The value of a move by the side that must come on: the ground it gains on the nearest enemy
 * man not yet in melee. False for the side that holds out and for the seriously wounded. */
bool cr15_plan_move_value(const rules_state *rs, const table *t, const rules_command *cmd, float *v,
                          char *why, size_t size);

#endif // CR15_CR15_PLAN_H
