/* Whole games: each shipped cwr scenario played to its end by greedy bots under fixed seeds,
 * the same seed the same game, no base ever overlapping another after any command. */
#include "cwr_test_util.h"

#include "play_util.h"

/* The log cites the rule book by name and section: every event told in words names one of
 * these (the sequence of play is the assumed one). */
static const char *const sections[] = {"Morale Checks", "Permitted Actions",
                                       "Movement",      "Firing",
                                       "Close Combat",  "Sequence of Play (assumed)"};
enum { SECTIONS = sizeof sections / sizeof *sections };
static int seen[SECTIONS];
static const play_refs refs = {"Colonial Wargames Rules — ", sections, SECTIONS, seen};

static uint64_t play(const char *name, uint64_t seed, int *turns)
{
    play_result r = play_game(name, seed, BOT_GREEDY, 3000, &refs);
    assert_true(r.over);
    *turns = r.turns;
    return r.hash;
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
    /* both scenarios played (test_ambush first): the log cited every section of the rule book */
    play_check_all_cited(&refs);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ambush),
        cmocka_unit_test(test_fort),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
