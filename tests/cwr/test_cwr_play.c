/* Whole games: each shipped cwr scenario played to its end by greedy bots under fixed seeds,
 * the same seed the same game, no base ever overlapping another after any command. */
#include "cwr_test_util.h"

#include "game/bot.h"

static game *load(const char *name, uint64_t seed)
{
    char path[512];
    const char *src = getenv("SANDTABLE_SOURCE_DIR");
    snprintf(path, sizeof path, "%s/scenarios/%s", src ? src : ".", name);
    scenario_error err;
    scenario *sc = scenario_load_file(path, &err);
    assert_non_null(sc);
    game_error ge;
    game *g = game_create(
        &(game_desc){.scenario = sc, .take_scenario = true, .seed_set = true, .seed = seed}, &ge);
    assert_non_null(g);
    return g;
}

/* The log cites the rule book by name and section: every event told in words names one of
 * these (the sequence of play is the assumed one); seen[k] counts the citations of each. */
static const char *const sections[] = {"Morale Checks", "Permitted Actions",
                                       "Movement",      "Firing",
                                       "Close Combat",  "Sequence of Play (assumed)"};
enum { SECTIONS = sizeof sections / sizeof *sections };
static int seen[SECTIONS];

static void check_refs(const game *g)
{
    int n;
    const rules_event *ev = game_events(g, game_cursor(g) - 1, &n);
    for (int i = 0; i < n; i++) {
        if (!ev[i].text[0])
            continue;
        const char *book = "Colonial Wargames Rules — ";
        if (strncmp(ev[i].ref, book, strlen(book)) != 0)
            fail_msg("\"%s\" cites \"%s\"", ev[i].text, ev[i].ref);
        int k = 0;
        while (k < SECTIONS && strcmp(ev[i].ref + strlen(book), sections[k]) != 0)
            k++;
        if (k == SECTIONS)
            fail_msg("\"%s\": no such section \"%s\"", ev[i].text, ev[i].ref);
        seen[k]++;
    }
}

static uint64_t play(const char *name, uint64_t seed, int *turns)
{
    game *g = load(name, seed);
    bot_scratch *b = bot_scratch_create();
    dice_rng rng;
    dice_seed(&rng, seed);
    int commands = 0;
    rules_command c;
    while (!game_over(g) && commands < 3000 && bot_pick(b, g, BOT_GREEDY, &rng, &c)) {
        char why[256];
        if (!game_submit(g, &c, why, sizeof why))
            fail_msg("bot command refused: %s", why);
        cwr_no_overlaps(g);
        check_refs(g);
        commands++;
    }
    assert_true(game_over(g));
    *turns = game_turn(g);
    uint64_t h = game_hash(g);
    bot_scratch_destroy(b);
    game_destroy(g);
    return h;
}

static void test_ambush(void **state)
{
    (void)state;
    int t1, t2;
    uint64_t a = play("cwr_ambush.json", 11, &t1);
    uint64_t b = play("cwr_ambush.json", 11, &t2);
    assert_true(a == b);
    assert_int_equal(t1, t2);
    assert_true(t1 >= 1 && t1 <= 8);
}

static void test_fort(void **state)
{
    (void)state;
    int t1;
    play("cwr_fort.json", 5, &t1);
    assert_true(t1 >= 1 && t1 <= 10);
    /* both scenarios played (test_ambush first): the log cited every section of the seed */
    for (int k = 0; k < SECTIONS; k++)
        if (!seen[k])
            fail_msg("no event cites %s", sections[k]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ambush),
        cmocka_unit_test(test_fort),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
