/* A bot that plays either side of any rule set through game.h alone (legal commands, targets
 * with odds, reach), never naming a rule set.
 *   BOT_RANDOM: a uniformly random legal command.
 *   BOT_GREEDY: "easy": scores each legal command: fire by expected kills, moves by how much
 *               closer they bring the actors to the nearest enemy, rally by the figures it
 *               restores, ending a step last; ties broken by its own generator.
 *   BOT_NORMAL: scores every command kind: the rule set's value where it gives one
 *               (rules_view_ops.bot_value: evades, action pairs, formations, reserve and
 *               interrupt...), else fire by the odds of the target it names, moves toward the
 *               enemy or the scenario's objective (a side that wins by holding or lasting out
 *               keeps its ground and its firing line; blades lie in ambush for an enemy who
 *               must come to them; a side that can only draw stops waiting once half the
 *               turns are gone), rally by the figures restored (bot_plan.c).
 *   BOT_HARD:   looks ahead with the engine: the few best candidates of the normal level are
 *               each played out on forks of the match (game_fork) by normal-level bots over a
 *               fixed number of commands and playouts, never a clock, and the one whose
 *               playouts end best is taken (bot_hard.c).
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
    BOT_GREEDY, /* "easy" */
    BOT_NORMAL,
    BOT_HARD,
    BOT_LEVEL_COUNT
} bot_level;

/* Picks a command for the side whose decision it is. False when there is nothing to decide
 * (game over) or no legal command. */
bool bot_choose(const game *g, bot_level level, dice_rng *rng, rules_command *out);

/* A bot that keeps its scratch buffers between choices (bot_choose allocates them per call):
 * the same choices as bot_choose for the same generator, for callers that choose many times. */
typedef struct bot_scratch bot_scratch;
bot_scratch *bot_scratch_create(void);
void bot_scratch_destroy(bot_scratch *b);
/* Readies b for another game, keeping its buffers (simulate plays many games with one): the
 * normal and hard levels' own state, which belongs to one game, is dropped. The choices are
 * those of a new scratch. */
void bot_scratch_reset(bot_scratch *b);
bool bot_pick(bot_scratch *b, const game *g, bot_level level, dice_rng *rng, rules_command *out);
/* bot_pick with the one-line reason for the choice in player words ("holds Lt Toledo's card to
 * interrupt", "fires at Datu Ali: 1.2 casualties expected"), at every level (easy and random
 * choose as bot_pick; their reason is read off the choice afterwards). */
bool bot_pick_why(bot_scratch *b, const game *g, bot_level level, dice_rng *rng, rules_command *out,
                  char *why, size_t size);
bool bot_choose_why(const game *g, bot_level level, dice_rng *rng, rules_command *out, char *why,
                    size_t size);

/* Name "random"/"greedy"/"normal"/"hard" and back ("easy" is greedy; -1 unknown). */
const char *bot_level_name(bot_level level);
/* The level in player words: "Random", "Easy", "Normal", "Hard". */
const char *bot_level_label(bot_level level);
int bot_level_parse(const char *name);

#endif // GAME_BOT_H
