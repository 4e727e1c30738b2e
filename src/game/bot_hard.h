/* The hard level of the bot (game/bot.h): a look-ahead with the engine over the normal level
 * (game/bot_plan.h), inside src/game. */
#ifndef GAME_BOT_HARD_H
#define GAME_BOT_HARD_H

#include "core/dice.h"
#include "game/game.h"

#include <stdbool.h>
#include <stddef.h>

typedef struct bot_hard bot_hard;

bot_hard *bot_hard_create(void);
void bot_hard_destroy(bot_hard *h);
/* The hard level's pick; the reason in why (may be NULL). */
bool bot_hard_pick(bot_hard *h, const game *g, dice_rng *rng, rules_command *out, char *why,
                   size_t size);

#endif // GAME_BOT_HARD_H
