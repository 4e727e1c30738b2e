/* The lcr rule set through the engine (game.h + bot.h), as `sandtable simulate` drives it: bot
 * games on the shipped scenarios reach their end, and undo/redo give back the same hashes. */
#include "lcr_test_util.h"

#include "game/bot.h"
#include "game/game.h"
#include "scenario/scenario.h"

static scenario *load(const char *name)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/scenarios/%s", SANDTABLE_SOURCE_DIR, name);
    scenario_error err;
    scenario *s = scenario_load_file(path, &err);
    assert_non_null(s);
    return s;
}

static game *start(const scenario *s, uint64_t seed)
{
    game_error err;
    game *g = game_create(&(game_desc){.scenario = s, .seed_set = true, .seed = seed}, &err);
    if (!g) {
        char buf[600];
        fprintf(stderr, "%s\n", game_error_format(&err, buf, sizeof buf));
    }
    assert_non_null(g);
    return g;
}

/* Plays bot against bot; returns the number of commands. */
static int play(game *g, bot_level level, uint64_t seed)
{
    dice_rng rng;
    dice_seed(&rng, seed);
    int n = 0;
    for (; n < 5000 && !game_over(g); n++) {
        rules_command cmd;
        assert_true(bot_choose(g, level, &rng, &cmd));
        char why[256] = "";
        bool ok = game_submit(g, &cmd, why, sizeof why);
        if (!ok)
            fprintf(stderr, "bot command refused: %s\n", why);
        assert_true(ok);
    }
    return n;
}

static void test_game_bots_finish(void **state)
{
    (void)state;
    const char *names[] = {"lcr_teaching.json", "lcr_toledo.json"};
    for (int k = 0; k < 2; k++) {
        scenario *s = load(names[k]);
        for (uint64_t seed = 1; seed <= 3; seed++) {
            game *g = start(s, seed);
            play(g, seed == 2 ? BOT_RANDOM : BOT_GREEDY, seed);
            assert_true(game_over(g));
            rules_outcome o;
            game_outcome(g, &o);
            assert_true(o.over);
            assert_true(o.reason[0] != '\0');
            game_destroy(g);
        }
        scenario_destroy(s);
    }
}

/* Undo to the start and redo to the end: every hash comes back; firing again after an undo
 * rolls the same dice. */
static void test_game_undo_redo_hashes(void **state)
{
    (void)state;
    scenario *s = load("lcr_teaching.json");
    game *g = start(s, 5);
    int n = play(g, BOT_GREEDY, 5);
    assert_true(n > 3);
    uint64_t end = game_hash(g);
    uint64_t mid = game_hash_at(g, n / 2 - 1);
    assert_true(game_goto(g, n / 2));
    assert_true(game_hash(g) == mid);
    assert_true(game_goto(g, 0));
    assert_true(game_hash(g) == game_hash_at(g, -1));
    assert_true(game_goto(g, n));
    assert_true(game_hash(g) == end);
    game_destroy(g);
    scenario_destroy(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_game_bots_finish),
        cmocka_unit_test(test_game_undo_redo_hashes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
