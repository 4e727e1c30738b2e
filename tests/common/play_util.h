/* Whole games for the rule sets' play tests: a shipped scenario loaded under a seed and played
 * to its end by a bot, after every command no two bases overlapping (core/place.h) and every
 * event told in words citing the rule book by name and one of its sections. Header-only, for
 * cmocka tests (include after cmocka.h's prerequisites, as the *_test_util.h headers do). */
#ifndef TESTS_COMMON_PLAY_UTIL_H
#define TESTS_COMMON_PLAY_UTIL_H

#include "core/place.h"
#include "game/bot.h"
#include "game/game.h"
#include "scenario/scenario.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

/* The citations a rule set's events may make: "<book>" then one of `sections`; seen[k] counts
 * those of sections[k] over every game played with it. */
typedef struct play_refs {
    const char *book; /* "Colonial Wargames Rules — " */
    const char *const *sections;
    int count;
    int *seen;
} play_refs;

typedef struct play_result {
    rules_outcome outcome;
    int turns;
    int commands;
    uint64_t hash;
    bool over;
} play_result;

static inline game *play_load(const char *file, uint64_t seed)
{
    char path[512];
    const char *src = getenv("SANDTABLE_SOURCE_DIR");
    snprintf(path, sizeof path, "%s/scenarios/%s", src && *src ? src : SANDTABLE_SOURCE_DIR, file);
    scenario_error err;
    scenario *sc = scenario_load_file(path, &err);
    if (!sc) {
        char buf[1024];
        fprintf(stderr, "%s\n", scenario_error_format(&err, buf, sizeof buf));
    }
    assert_non_null(sc);
    game_error ge;
    game *g = game_create(
        &(game_desc){.scenario = sc, .take_scenario = true, .seed_set = true, .seed = seed}, &ge);
    assert_non_null(g);
    return g;
}

/* Every event of the last command told in words cites the book and a listed section. */
static inline void play_check_refs(const game *g, const play_refs *r)
{
    int n;
    const rules_event *ev = game_events(g, game_cursor(g) - 1, &n);
    size_t bl = strlen(r->book);
    for (int i = 0; i < n; i++) {
        if (!ev[i].text[0])
            continue;
        if (strncmp(ev[i].ref, r->book, bl) != 0)
            fail_msg("\"%s\" cites \"%s\"", ev[i].text, ev[i].ref);
        int k = 0;
        while (k < r->count && strcmp(ev[i].ref + bl, r->sections[k]) != 0)
            k++;
        if (k == r->count)
            fail_msg("\"%s\": no such section \"%s\"", ev[i].text, ev[i].ref);
        r->seen[k]++;
    }
}

/* Every section was cited by some game played so far. */
static inline void play_check_all_cited(const play_refs *r)
{
    for (int k = 0; k < r->count; k++)
        if (!r->seen[k])
            fail_msg("no event cites %s", r->sections[k]);
}

/* Plays `file` under `seed` with the bot at `level` (its dice seeded with `seed` too) until the
 * game is over or max_commands were played; each command must be accepted, leave no bases
 * overlapping and (refs not NULL) cite the book. */
static inline play_result play_game(const char *file, uint64_t seed, bot_level level,
                                    int max_commands, const play_refs *refs)
{
    game *g = play_load(file, seed);
    bot_scratch *b = bot_scratch_create();
    dice_rng rng;
    dice_seed(&rng, seed);
    play_result out = {0};
    while (!game_over(g) && out.commands < max_commands) {
        rules_command c;
        assert_true(bot_pick(b, g, level, &rng, &c));
        char why[256] = "";
        if (!game_submit(g, &c, why, sizeof why))
            fail_msg("bot command refused: %s", why);
        figure_id pair[1][2];
        if (place_overlaps(game_table(g), pair, 1) > 0)
            fail_msg("%s and %s overlap after command %d",
                     table_figure_const(game_table(g), pair[0][0])->name,
                     table_figure_const(game_table(g), pair[0][1])->name, out.commands);
        if (refs)
            play_check_refs(g, refs);
        out.commands++;
    }
    out.over = game_over(g);
    game_outcome(g, &out.outcome);
    out.turns = game_turn(g);
    out.hash = game_hash(g);
    bot_scratch_destroy(b);
    game_destroy(g);
    return out;
}

#endif // TESTS_COMMON_PLAY_UTIL_H
