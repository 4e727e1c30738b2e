/* What the save and scenario fuzzers do with a match they loaded: every query the screen asks
 * (legal commands, validate, actions, reach and region of moves, targets of fires, the turn
 * driver, arcs, command radii, descriptions) and a few bot moves, so the fuzzers reach the rule
 * sets and not only the loaders. Included by fuzz_save.c and fuzz_scenario.c. */
#ifndef TESTS_FUZZ_DRIVE_H
#define TESTS_FUZZ_DRIVE_H

#include "core/mem.h"
#include "game/bot.h"
#include "game/game.h"

#include <stdlib.h>

#define FUZZ_LEGAL_MAX 48
#define FUZZ_BOT_MOVES 4

static void fuzz_drive_queries(game *g)
{
    rules_command *cmds = mem_calloc(FUZZ_LEGAL_MAX, sizeof *cmds);
    int n = game_legal(g, cmds, FUZZ_LEGAL_MAX);
    char why[256], words[256];
    for (int i = 0; i < n; i++) {
        rules_command *c = &cmds[i];
        game_validate(g, c, why, sizeof why);
        game_describe(g, c, words, sizeof words);
        if (c->kind == RULES_CMD_MOVE && i < 8) {
            rules_reach r;
            game_reach(g, c, (vec2s){{1, 0}}, &r);
            game_reach(g, c, (vec2s){{0, -1}}, &r);
            vec2s ring[8];
            game_region(g, c, 8, ring);
        }
        if (c->kind == RULES_CMD_FIRE && i < 8) {
            rules_target tg[16];
            game_targets(g, c, tg, 16);
        }
    }
    free(cmds);
    const table *t = game_table(g);
    for (int i = 0; i < t->figure_count && i < 6; i++) {
        rules_action acts[16];
        game_actions(g, t->figures[i].id, acts, 16);
        float half = 0, range = 0, radius = 0;
        game_arc(g, t->figures[i].id, &half, &range);
        figure_id led[16];
        game_command_radius(g, t->figures[i].id, &radius, led, 16);
    }
    rules_driver_item items[32];
    for (int s = 0; s <= t->side_count && s < 3; s++)
        game_driver(g, (side_id){(uint32_t)s}, items, 32);
}

static void fuzz_drive_game(game *g)
{
    fuzz_drive_queries(g);
    dice_rng rng;
    dice_seed(&rng, game_hash(g));
    for (int k = 0; k < FUZZ_BOT_MOVES && !game_over(g); k++) {
        rules_command c;
        if (!bot_choose(g, k % 2 ? BOT_GREEDY : BOT_RANDOM, &rng, &c) ||
            !game_submit(g, &c, NULL, 0))
            break;
        fuzz_drive_queries(g);
    }
}

#endif // TESTS_FUZZ_DRIVE_H
