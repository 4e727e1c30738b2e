/* A bot that plays either side of any rule set through game.h alone (legal commands, targets
 * with odds, reach), never naming a rule set.
 *   BOT_RANDOM: a uniformly random legal command.
 *   BOT_GREEDY: scores each legal command: fire by expected kills, moves by how much closer
 *               they bring the actors to the nearest enemy, rally by the figures it restores,
 *               ending a step last; ties broken by its own generator.
 * The bot's own randomness is a separate generator (not the match dice), seeded by its owner,
 * so its choices are reproducible and the match dice stay those of the log.
 */
#ifndef GAME_BOT_H
#define GAME_BOT_H

#include "core/dice.h"
#include "game/game.h"

#include <stdbool.h>

typedef enum bot_level {
    BOT_RANDOM = 0,
    BOT_GREEDY,
} bot_level;

/* Picks a command for the side whose decision it is. False when there is nothing to decide
 * (game over) or no legal command. */
bool bot_choose(const game *g, bot_level level, dice_rng *rng, rules_command *out);

/* A bot that keeps its scratch buffers between choices (bot_choose allocates them per call):
 * the same choices as bot_choose for the same generator, for callers that choose many times. */
typedef struct bot_scratch bot_scratch;
bot_scratch *bot_scratch_create(void);
void bot_scratch_destroy(bot_scratch *b);
bool bot_pick(bot_scratch *b, const game *g, bot_level level, dice_rng *rng, rules_command *out);

/* Name "random"/"greedy" and back (-1 unknown). */
const char *bot_level_name(bot_level level);
int bot_level_parse(const char *name);

#endif // GAME_BOT_H
