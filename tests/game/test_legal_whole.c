/* game_legal writes whole commands: every field of each listed command is the rule set's, in
 * every shipped scenario, whatever the buffer held before. The bot (bot_pick) no longer zeroes
 * its buffer before each call, so a rule set that left a field unset would hand it the last
 * call's value: here each decision of a greedy game is listed twice, into a zeroed buffer and
 * into one filled with a pattern no field holds, and the two lists must agree field by field
 * (padding excepted: nothing reads it as a value). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "game/bot.h"
#include "game/game.h"
#include "scenario_list.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { LEGAL_MAX = 512, COMMANDS_MAX = 300, PATHS_MAX = 64 };

/* The fields of a and b that differ, by name (NULL: none). Every field, whole arrays included:
 * a reader may look past figure_count or path_count (the bot's fire memo keys on them). */
static const char *command_differs(const rules_command *a, const rules_command *b)
{
#define SAME(field) (memcmp(&a->field, &b->field, sizeof a->field) == 0)
    if (!SAME(kind) || !SAME(side) || !SAME(figure) || !SAME(unit))
        return "kind, side, figure or unit";
    if (!SAME(figures) || !SAME(figure_count))
        return "figures";
    if (!SAME(path) || !SAME(path_count))
        return "path";
    if (!SAME(face_set) || !SAME(facing))
        return "facing";
    if (!SAME(target) || !SAME(target_unit))
        return "target";
    if (!SAME(point_set) || !SAME(point))
        return "point";
    if (!SAME(card) || !SAME(count))
        return "card or count";
    if (!SAME(option))
        return "option";
#undef SAME
    return NULL;
}

/* Lists the legal commands of g's decision into a zeroed and a patterned buffer and compares. */
static void check_decision(const game *g, const char *path, int step, rules_command *zeroed,
                           rules_command *patterned)
{
    memset(zeroed, 0, LEGAL_MAX * sizeof *zeroed);
    memset(patterned, 0xA5, LEGAL_MAX * sizeof *patterned);
    int n = game_legal(g, zeroed, LEGAL_MAX);
    int m = game_legal(g, patterned, LEGAL_MAX);
    if (n != m)
        fail_msg("%s, command %d: %d legal commands listed into zeros, %d over a pattern", path,
                 step, n, m);
    for (int i = 0; i < n; i++) {
        const char *what = command_differs(&zeroed[i], &patterned[i]);
        if (what)
            fail_msg("%s, command %d: legal command %d (%s) leaves its %s unset", path, step, i,
                     rules_command_kind_name(zeroed[i].kind), what);
    }
}

static void play_checking(const char *path, rules_command *zeroed, rules_command *patterned)
{
    scenario_error serr;
    scenario *sc = scenario_load_file(path, &serr);
    if (!sc)
        fail_msg("%s: %s", path, serr.message);
    game_error err;
    game *g = game_create(
        &(game_desc){.scenario = sc, .seed_set = true, .seed = 5, .snapshot_every = 1 << 30}, &err);
    assert_non_null(g);
    bot_scratch *b = bot_scratch_create();
    dice_rng rng;
    dice_seed_stream(&rng, 5, 7);
    rules_command c;
    int step = 0;
    for (; step < COMMANDS_MAX && !game_over(g); step++) {
        check_decision(g, path, step, zeroed, patterned);
        if (!bot_pick(b, g, BOT_GREEDY, &rng, &c) || !game_submit(g, &c, NULL, 0))
            break;
    }
    assert_true(step > 10); /* a game was played, not refused at its first command */
    bot_scratch_destroy(b);
    game_destroy(g);
    scenario_destroy(sc);
}

static void test_legal_writes_whole_commands(void **state)
{
    (void)state;
    char *paths[PATHS_MAX];
    int n = scenario_list_shipped(paths, PATHS_MAX);
    assert_true(n >= 8);
    rules_command *zeroed = malloc(LEGAL_MAX * sizeof *zeroed);
    rules_command *patterned = malloc(LEGAL_MAX * sizeof *patterned);
    assert_non_null(zeroed);
    assert_non_null(patterned);
    for (int i = 0; i < n; i++) {
        play_checking(paths[i], zeroed, patterned);
        free(paths[i]);
    }
    free(zeroed);
    free(patterned);
}

/* The check itself can fail: a command with one field left as the pattern is caught. */
static void test_check_catches_a_field_left_unset(void **state)
{
    (void)state;
    rules_command a = {.kind = RULES_CMD_MOVE, .path_count = 1}, b = a;
    assert_null(command_differs(&a, &b));
    memset(b.option, 0xA5, sizeof b.option);
    assert_string_equal(command_differs(&a, &b), "option");
    b = a;
    memset(&b.figures[RULES_CMD_FIGURES_MAX - 1], 0xA5, sizeof b.figures[0]);
    assert_string_equal(command_differs(&a, &b), "figures");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_check_catches_a_field_left_unset),
        cmocka_unit_test(test_legal_writes_whole_commands),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
