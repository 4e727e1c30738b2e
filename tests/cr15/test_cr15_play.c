/* Whole games of Colonial Rules for 15mm: the shipped scenarios play to their end under greedy
 * and random bots, deterministically, with no two bases overlapping after any command
 * (tests/common/play_util.h). */
#include "cr15_test_util.h"

#include "play_util.h"

/* The log cites the rule book by name and section: every event told in words names one of
 * these. */
static const char *const sections[] = {"Move Sequence", "Movement", "Firing (D10)", "Gatling Gun",
                                       "Artillery",     "Wounds",   "Melee",        "Morale"};
enum { SECTIONS = sizeof sections / sizeof *sections };
static int seen[SECTIONS];
static const play_refs refs = {"Colonial Rules for 15mm — ", sections, SECTIONS, seen};

static void test_scenarios_end(void **st)
{
    (void)st;
    const char *files[] = {"cr15_mission_station.json", "cr15_square.json"};
    for (int f = 0; f < 2; f++)
        for (uint64_t seed = 1; seed <= 3; seed++)
            for (int level = 0; level < 2; level++) {
                play_result a = play_game(files[f], seed, (bot_level)level, 20000, &refs);
                assert_true(a.over && a.outcome.over);
                /* the same seed plays the same game */
                play_result b = play_game(files[f], seed, (bot_level)level, 20000, &refs);
                assert_int_equal(a.outcome.winner.id, b.outcome.winner.id);
                assert_int_equal(a.turns, b.turns);
                assert_true(a.hash == b.hash);
            }
    /* the log cited every section of the rule book */
    play_check_all_cited(&refs);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_scenarios_end)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
