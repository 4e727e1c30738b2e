/* The bot's hints for Little Colonial Rules (lcr_hint.c). */
#ifndef LCR_LCR_HINT_H
#define LCR_LCR_HINT_H

#include "rules/rules.h"

/* The bot's value of a legal command: act, reserve, interrupt (rules_view_ops.bot_value). */
bool lcr_bot_value(const rules_state *rs, const table *t, const rules_command *cmd, float *v,
                   char *why, size_t size);

#endif // LCR_LCR_HINT_H
