/* Whole games of Colonial Rules for 15mm: the shipped scenarios play to their end under greedy
 * and random bots, deterministically, with no two bases overlapping after any command. */
#include "cr15_test_util.h"

#include "game/bot.h"

/* The log cites the rule book by name and section: every event told in words names one of
 * these; seen[k] counts the citations of each. */
static const char *const sections[] = {"Move Sequence", "Movement", "Firing (D10)", "Gatling Gun",
                                       "Artillery",     "Wounds",   "Melee",        "Morale"};
enum { SECTIONS = sizeof sections / sizeof *sections };
static int seen[SECTIONS];

static void check_refs(const game *g)
{
    int n;
    const rules_event *ev = game_events(g, game_cursor(g) - 1, &n);
    for (int i = 0; i < n; i++) {
        if (!ev[i].text[0])
            continue;
        const char *book = "Colonial Rules for 15mm — ";
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

static void play(const char *file, uint64_t seed, bot_level level, rules_outcome *out, int *turns)
{
    char path[512];
    const char *src = getenv("SANDTABLE_SOURCE_DIR");
    snprintf(path, sizeof path, "%s/scenarios/%s", src && *src ? src : SANDTABLE_SOURCE_DIR, file);
    scenario_error err;
    scenario *sc = scenario_load_file(path, &err);
    assert_non_null(sc);
    game_error ge;
    game *g = game_create(
        &(game_desc){.scenario = sc, .take_scenario = true, .seed_set = true, .seed = seed}, &ge);
    assert_non_null(g);
    bot_scratch *b = bot_scratch_create();
    dice_rng rng;
    dice_seed(&rng, seed);
    rules_decision d;
    int commands = 0;
    for (game_decision(g, &d); d.kind != RULES_DECIDE_NONE && commands < 20000;
         game_decision(g, &d), commands++) {
        rules_command c;
        assert_true(bot_pick(b, g, level, &rng, &c));
        char why[256] = "";
        if (!game_submit(g, &c, why, sizeof why))
            fail_msg("bot command refused: %s", why);
        check_refs(g);
        const table *t = game_table(g);
        for (int i = 0; i < t->figure_count; i++)
            for (int j = i + 1; j < t->figure_count; j++)
                if (table_figure_active(&t->figures[i]) && table_figure_active(&t->figures[j]) &&
                    cr15_edge_cm(&t->figures[i], &t->figures[j]) < -0.01f)
                    fail_msg("%s and %s overlap after command %d", t->figures[i].name,
                             t->figures[j].name, commands);
    }
    game_outcome(g, out);
    *turns = game_turn(g);
    bot_scratch_destroy(b);
    game_destroy(g);
}

static void test_scenarios_end(void **st)
{
    (void)st;
    const char *files[] = {"cr15_mission_station.json", "cr15_square.json"};
    for (int f = 0; f < 2; f++)
        for (uint64_t seed = 1; seed <= 3; seed++)
            for (int level = 0; level < 2; level++) {
                rules_outcome a, b;
                int ta, tb;
                play(files[f], seed, (bot_level)level, &a, &ta);
                assert_true(a.over);
                /* the same seed plays the same game */
                play(files[f], seed, (bot_level)level, &b, &tb);
                assert_int_equal(a.winner.id, b.winner.id);
                assert_int_equal(ta, tb);
            }
    /* the log cited every section of the seed */
    for (int k = 0; k < SECTIONS; k++)
        if (!seen[k])
            fail_msg("no event cites %s", sections[k]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_scenarios_end)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
