/* Whole games: the shipped two-brigade scenario played to its end by the engine's bots, and the
 * replay of a game's log giving the same hashes. */
#include "tiny_test_util.h"

#include "game/bot.h"
#include "game/replay.h"

static int play(game *g, bot_level level, uint64_t bot_seed, int max_commands)
{
    dice_rng rng;
    dice_seed(&rng, bot_seed);
    int n = 0;
    while (!game_over(g) && n < max_commands) {
        rules_command c;
        assert_true(bot_choose(g, level, &rng, &c));
        test_tiny_submit(g, &c);
        n++;
    }
    return n;
}

static game *shipped(uint64_t seed)
{
    char path[1024];
    const char *dir = getenv("SANDTABLE_SOURCE_DIR");
    snprintf(path, sizeof path, "%s/scenarios/tiny_two_brigades.json", dir ? dir : ".");
    scenario_error err;
    scenario *sc = scenario_load_file(path, &err);
    assert_non_null(sc);
    game_error ge;
    game *g = game_create(
        &(game_desc){.scenario = sc, .take_scenario = true, .seed_set = true, .seed = seed}, &ge);
    assert_non_null(g);
    return g;
}

static void test_greedy_games_end(void **state)
{
    (void)state;
    for (uint64_t s = 1; s <= 3; s++) {
        game *g = shipped(s);
        int n = play(g, BOT_GREEDY, 100 + s, 4000);
        rules_outcome oc;
        game_outcome(g, &oc);
        fprintf(stderr, "seed %llu: %d commands, turn %d, winner %u: %s\n", (unsigned long long)s,
                n, game_turn(g), oc.winner.id, oc.reason);
        assert_true(oc.over);
        game_destroy(g);
    }
}

static void test_random_game_ends(void **state)
{
    (void)state;
    game *g = shipped(7);
    int n = play(g, BOT_RANDOM, 77, 6000);
    assert_true(game_over(g));
    assert_true(n < 6000);
    game_destroy(g);
}

/* A played game saved and loaded again replays to the same hash after every command (state
 * changes only through events), and undoing a volley and shooting again rolls the same dice. */
static void test_save_replays(void **state)
{
    (void)state;
    game *g = shipped(5);
    play(g, BOT_GREEDY, 55, 120);
    char *text = game_save_string(g);
    game_error ge;
    game *back = game_load_string(text, strlen(text), "tiny-save.json", NULL, &ge);
    if (!back) {
        char buf[1024];
        fprintf(stderr, "%s\n", game_error_format(&ge, buf, sizeof buf));
    }
    assert_non_null(back);
    assert_int_equal(game_cursor(back), game_cursor(g));
    assert_true(game_hash(back) == game_hash(g));
    uint64_t h = game_hash(g);
    assert_true(game_undo(g));
    assert_true(game_redo(g));
    assert_true(game_hash(g) == h);
    free(text);
    game_destroy(back);
    game_destroy(g);
}

/* tiny's golden games (tests/game/golden/tiny-*.json, written by tests/game/test_replay)
 * replay to their stored hashes after every command: checked here too, so tiny's goldens hold
 * whatever the other rule sets' goldens do. */
static void test_goldens_replay(void **state)
{
    (void)state;
    static const char *names[] = {"tiny-two-brigades-random", "tiny-two-brigades-random-greedy"};
    const char *dir = getenv("SANDTABLE_SOURCE_DIR");
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/tests/game/golden/%s.json", dir ? dir : ".", names[i]);
        replay_report rep;
        game_error err;
        bool ok = replay_file(path, NULL, NULL, NULL, &rep, &err);
        if (!ok) {
            char buf[1024];
            fprintf(stderr, "%s: %s\n", names[i],
                    rep.message[0] ? rep.message : game_error_format(&err, buf, sizeof buf));
        }
        assert_true(ok);
        assert_true(rep.commands >= 100);
        assert_int_equal(rep.checked, rep.commands);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_greedy_games_end),
        cmocka_unit_test(test_random_game_ends),
        cmocka_unit_test(test_save_replays),
        cmocka_unit_test(test_goldens_replay),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
