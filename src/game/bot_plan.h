/* The normal and hard levels of the bot (game/bot.h), inside src/game. */
#ifndef GAME_BOT_PLAN_H
#define GAME_BOT_PLAN_H

#include "core/dice.h"
#include "game/game.h"

#include <stdbool.h>
#include <stddef.h>

typedef struct bot_plan bot_plan;

bot_plan *bot_plan_create(void);
void bot_plan_destroy(bot_plan *p);
/* The normal level's pick, or with `hard` the look-ahead's; the reason in why (may be NULL). */
bool bot_plan_pick(bot_plan *p, const game *g, bool hard, dice_rng *rng, rules_command *out,
                   char *why, size_t size);

/* The normal level's one-line reason for a command another level chose (the easy and random
 * levels keep their own choices; the screen still says why in player words). */
void bot_plan_reason(bot_plan *p, const game *g, const rules_command *c, char *why, size_t size);

#endif // GAME_BOT_PLAN_H
