/* Golden replays (tests/game/golden/NAME.json reproduce their stored hashes in this build),
 * replay divergence reports, and simulate on the toy rule set.
 * SANDTABLE_WRITE_GOLDEN=1 rewrites the golden files instead of checking them. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "core/config.h"
#include "game/bot.h"
#include "game/game.h"
#include "game/replay.h"
#include "game/simulate.h"
#include "toy_rules.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *source_dir(void)
{
    const char *src = getenv("SANDTABLE_SOURCE_DIR");
    return src ? src : SANDTABLE_SOURCE_DIR;
}

static scenario *load_duel(void)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/tests/game/data/duel.json", source_dir());
    scenario_error err;
    scenario *sc = scenario_load_file(path, &err);
    assert_non_null(sc);
    return sc;
}

typedef struct golden {
    const char *name;
    const char *scenario; /* NULL: the duel, with the toy rules; else a shipped scenario */
    uint64_t seed;
    bot_level levels[2];
    int undo; /* commands undone at the end (saved with the cursor before them) */
} golden;

static const golden goldens[] = {
    {"duel-greedy", NULL, 1, {BOT_GREEDY, BOT_GREEDY}, 0},
    {"duel-greedy-random", NULL, 2, {BOT_GREEDY, BOT_RANDOM}, 0},
    {"duel-random-undone", NULL, 3, {BOT_RANDOM, BOT_RANDOM}, 3},
    {"lcr-teaching-greedy", "scenarios/lcr_teaching.json", 1, {BOT_GREEDY, BOT_GREEDY}, 0},
    {"lcr-toledo-random-greedy", "scenarios/lcr_toledo.json", 2, {BOT_RANDOM, BOT_GREEDY}, 2},
    {"lcr-teaching-random", "scenarios/lcr_teaching.json", 4, {BOT_RANDOM, BOT_RANDOM}, 0},
    {"tiny-two-brigades-random",
     "scenarios/tiny_two_brigades.json",
     1,
     {BOT_RANDOM, BOT_RANDOM},
     0},
    {"tiny-two-brigades-random-greedy",
     "scenarios/tiny_two_brigades.json",
     2,
     {BOT_RANDOM, BOT_GREEDY},
     0},
    {"cwr-ambush-greedy", "scenarios/cwr_ambush.json", 1, {BOT_GREEDY, BOT_GREEDY}, 0},
    {"cwr-fort-greedy", "scenarios/cwr_fort.json", 2, {BOT_GREEDY, BOT_GREEDY}, 0},
    {"cr15-mission-greedy", "scenarios/cr15_mission_station.json", 1, {BOT_GREEDY, BOT_GREEDY}, 0},
    {"cr15-square-greedy", "scenarios/cr15_square.json", 2, {BOT_GREEDY, BOT_GREEDY}, 0},
};

static void golden_path(const golden *gd, char *buf, size_t size)
{
    snprintf(buf, size, "%s/tests/game/golden/%s.json", source_dir(), gd->name);
}

static const rules_ops *golden_rules(const golden *gd)
{
    return gd->scenario ? NULL : &toy_rules_ops;
}

static scenario *golden_scenario(const golden *gd)
{
    if (!gd->scenario)
        return load_duel();
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", source_dir(), gd->scenario);
    scenario_error err;
    scenario *sc = scenario_load_file(path, &err);
    assert_non_null(sc);
    return sc;
}

static void write_golden(const golden *gd)
{
    game_error err;
    game *g = game_create(&(game_desc){.scenario = golden_scenario(gd),
                                       .take_scenario = true,
                                       .seed_set = true,
                                       .seed = gd->seed,
                                       .rules = golden_rules(gd)},
                          &err);
    assert_non_null(g);
    dice_rng rng;
    dice_seed(&rng, gd->seed);
    rules_decision dec;
    rules_command c;
    for (game_decision(g, &dec); dec.kind != RULES_DECIDE_NONE && game_cursor(g) < 3000;
         game_decision(g, &dec)) {
        assert_true(bot_choose(g, gd->levels[dec.side.id == 1 ? 0 : 1], &rng, &c));
        assert_true(game_submit(g, &c, NULL, 0));
    }
    for (int i = 0; i < gd->undo; i++)
        assert_true(game_undo(g));
    char path[1024];
    golden_path(gd, path, sizeof path);
    assert_true(game_save(g, path, &err));
    char bak[1100];
    snprintf(bak, sizeof bak, "%s.bak", path);
    remove(bak);
    game_destroy(g);
}

typedef struct turns_seen {
    int count;
    int last_turn;
} turns_seen;

static void on_turn(void *user, int turn, int commands, uint64_t hash)
{
    turns_seen *t = user;
    assert_true(turn > t->last_turn);
    assert_true(commands > 0);
    assert_true(hash != 0);
    t->last_turn = turn;
    t->count++;
}

static void test_golden_replays(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof goldens / sizeof goldens[0]; i++) {
        if (getenv("SANDTABLE_WRITE_GOLDEN"))
            write_golden(&goldens[i]);
        char path[1024];
        golden_path(&goldens[i], path, sizeof path);
        replay_report rep;
        game_error err;
        turns_seen seen = {0};
        bool ok = replay_file(path, golden_rules(&goldens[i]), on_turn, &seen, &rep, &err);
        if (!ok) {
            char buf[1200];
            fail_msg("%s: %s\n(if a rule set changed on purpose, rewrite the golden files: "
                     "SANDTABLE_WRITE_GOLDEN=1 build/tests/game/test_replay)",
                     goldens[i].name,
                     rep.message[0] ? rep.message : game_error_format(&err, buf, sizeof buf));
        }
        assert_true(rep.commands >= 10);
        assert_int_equal(rep.checked, rep.commands);
        assert_true(seen.count >= 1);
        /* and it loads as a game, at its cursor */
        game *g = game_load(path, &(game_load_desc){.rules = golden_rules(&goldens[i])}, &err);
        assert_non_null(g);
        assert_int_equal(game_cursor(g), game_log_count(g) - goldens[i].undo);
        game_destroy(g);
    }
}

static char *read_golden(const char *name)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/tests/game/golden/%s.json", source_dir(), name);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    static char buf[1 << 20];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    return strdup(buf);
}

/* A save whose third command was edited replays the first two and stops at the third. */
static void test_divergence_reported(void **state)
{
    (void)state;
    char *text = read_golden("duel-greedy");
    /* the hash of the 3rd command entry: after three "hash" keys */
    char *p = text;
    for (int k = 0; k < 3; k++) {
        p = strstr(p, "\"hash\":\"");
        assert_non_null(p);
        p += 8;
    }
    p[0] = p[0] == 'f' ? 'e' : 'f';
    replay_report rep;
    game_error err;
    assert_false(
        replay_string(text, strlen(text), "g.json", &toy_rules_ops, NULL, NULL, &rep, &err));
    assert_int_equal(rep.diverged_at, 3);
    assert_int_equal(rep.checked, 2);
    assert_memory_equal(rep.message, "command 3 (", 11);
    assert_non_null(strstr(rep.message, "; differs: the combined hash only"));
    free(text);

    /* a command the rules refuse at that point */
    text = read_golden("duel-greedy");
    p = strstr(text, "\"side\":1");
    assert_non_null(p);
    p[7] = '2';
    assert_false(
        replay_string(text, strlen(text), "g.json", &toy_rules_ops, NULL, NULL, &rep, &err));
    assert_int_equal(rep.diverged_at, 1);
    assert_string_equal(rep.message, "command 1 (move): refused: it is Blue's decision, not Red's");
    free(text);
}

static void test_simulate_independent_of_jobs(void **state)
{
    (void)state;
    scenario *sc = load_duel();
    sim_desc d = {.scenario = sc,
                  .rules = &toy_rules_ops,
                  .games = 24,
                  .seed = 9,
                  .jobs = 1,
                  .levels = {BOT_GREEDY, BOT_RANDOM}};
    sim_summary one, two;
    game_error err;
    assert_true(sim_run(&d, &one, &err));
    d.jobs = 2;
    assert_true(sim_run(&d, &two, &err));
    assert_int_equal(one.games, 24);
    assert_int_equal(one.finished, 24);
    assert_int_equal(one.wins[0] + one.wins[1] + one.wins[2], 24);
    for (int s = 0; s <= 2; s++)
        assert_int_equal(one.wins[s], two.wins[s]);
    assert_true(one.mean_turns == two.mean_turns);
    assert_true(one.mean_casualties[2] == two.mean_casualties[2]);
    /* the greedy side wins most */
    assert_true(one.wins[1] > 2 * one.wins[2]);
    assert_true(one.cause_count >= 1);
    assert_string_equal(one.causes[0].ref, "toy rules, fire: effect");
    assert_true(one.decisive_count >= 1);
    assert_int_equal(one.decisive[0].removed, 1);
    /* one game alone is the same game */
    sim_game g5;
    assert_true(sim_play_one(&d, 5, &g5, &err));
    assert_true(g5.finished);
    scenario_destroy(sc);
}

static void test_wilson(void **state)
{
    (void)state;
    double lo, hi;
    sim_wilson(50, 100, &lo, &hi); /* textbook: 40.4% .. 59.6% */
    assert_float_equal(lo, 40.383, 0.01);
    assert_float_equal(hi, 59.617, 0.01);
    sim_wilson(0, 10, &lo, &hi); /* 0 .. 27.75% */
    assert_float_equal(lo, 0.0, 1e-9);
    assert_float_equal(hi, 27.753, 0.01);
}

int main(void)
{
    /* every replayed command re-checked: the rule sets change state only through events */
    config_set(&(config_desc){.verify_events = true}); /* $SANDTABLE_VERIFY_EVENTS */
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_golden_replays),
        cmocka_unit_test(test_divergence_reported),
        cmocka_unit_test(test_simulate_independent_of_jobs),
        cmocka_unit_test(test_wilson),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
