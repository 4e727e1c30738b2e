/* The bot's hints for Little Colonial Rules (lcr_hint.c). */
#ifndef LCR_LCR_HINT_H
#define LCR_LCR_HINT_H

#include "rules/rules.h"

/* The bot's value of a legal command: act, reserve, interrupt (rules_view_ops.bot_value). */
bool lcr_bot_value(const rules_state *rs, const table *t, const rules_command *cmd, float *v,
                   char *why, size_t size);

/* The bot's own candidates beside legal()'s (rules_view_ops.bot_commands): a blade's move to
 * the next cover toward the enemy. */
int lcr_bot_commands(const rules_state *rs, const table *t, rules_command *out, int max);

#endif // LCR_LCR_HINT_H
