/* The normal level of the bot (game/bot.h), inside src/game, and what the hard level
 * (game/bot_hard.h) reads of it. */
#ifndef GAME_BOT_PLAN_H
#define GAME_BOT_PLAN_H

#include "core/dice.h"
#include "game/game.h"

#include <stdbool.h>
#include <stddef.h>

typedef struct bot_plan bot_plan;

bot_plan *bot_plan_create(void);
void bot_plan_destroy(bot_plan *p);
/* The normal level's pick; the reason in why (may be NULL). */
/* The work p has done: one for each decision scored plus one for each candidate in it. Counts,
 * not a clock, so a budget measured in it replays. */
long bot_plan_work(const bot_plan *p);

bool bot_plan_pick(bot_plan *p, const game *g, dice_rng *rng, rules_command *out, char *why,
                   size_t size);

/* The normal level's one-line reason for a command another level chose (the easy and random
 * levels keep their own choices; the screen still says why in player words). */
void bot_plan_reason(bot_plan *p, const game *g, const rules_command *c, char *why, size_t size);

/* The legal commands of the moment with the normal level's score of each (10 = a figure), as
 * the normal level sees them before it picks (the same draws of rng): *cmds and *scores point
 * into p's buffers, valid until p's next call. Returns the count. */
int bot_plan_scored(bot_plan *p, const game *g, dice_rng *rng, rules_command **cmds,
                    float **scores);

#endif // GAME_BOT_PLAN_H
