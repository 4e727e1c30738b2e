/* Whole games: the shipped two-brigade scenario played to its end by the engine's bots, and the
 * replay of a game's log giving the same hashes. */
#include "tiny_test_util.h"

#include "game/bot.h"
#include "game/replay.h"
#include "rules/tiny/tiny_fire.h"
#include "rules/tiny/tiny_orders.h"
#include "rules/tiny/tiny_state.h"

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

/* legal() leaves out the commands its first checks refuse (a unit that may not move or shoot,
 * a brigade with fewer than two movable units, a commander who has moved): each one must then
 * be refused by validation too, or legal() would have lost a command. Checked at every
 * decision of a random and a greedy game (many units ordered, shaken, in contact). */
static int refused_checks(game *g)
{
    const rules_state *rs = game_rules_state(g);
    const table *t = game_table(g);
    rules_decision d;
    game_decision(g, &d);
    if (d.kind != RULES_DECIDE_SPEND_PIPS)
        return 0;
    int n = 0;
    char why[256];
    for (int i = 0; i < t->unit_count; i++) {
        const unit *un = &t->units[i];
        if (un->side.id != rs->active.id)
            continue;
        bool troop = tiny_is_troop_unit(t, un->id);
        bool no_move = troop
                           ? !tiny_unit_can_move(rs, t, un->id, NULL, 0)
                           : tiny_brigadier_of(t, un->id) && !tiny_brigade_may_move(rs, t, un->id);
        bool no_fire = troop ? !tiny_fire_may(rs, t, un->id) : no_move;
        /* no commander can order it: every move, charge and (unless ordered) shot refused */
        rules_command ask = {.kind = RULES_CMD_RALLY, .side = rs->active, .unit = un->id};
        tiny_order o;
        if (troop && !tiny_order_check(rs, t, &ask, un->id, &o, NULL, 0)) {
            no_move = true;
            no_fire = no_fire || !(rs->units[un->id.id - 1].flags & TINY_U_ORDERED);
        }
        const figure *f0 = NULL;
        for (int k = 0; k < t->figure_count && !f0; k++)
            if (t->figures[k].unit.id == un->id.id && table_figure_active(&t->figures[k]))
                f0 = &t->figures[k];
        if (no_move && f0) {
            rules_command c = {
                .kind = RULES_CMD_MOVE, .side = rs->active, .unit = un->id, .path_count = 1};
            c.path[0] = (vec2s){{f0->pos.x + 2, f0->pos.y + 1}};
            assert_false(game_validate(g, &c, why, sizeof why));
            c = (rules_command){.kind = RULES_CMD_MOVE,
                                .side = rs->active,
                                .unit = un->id,
                                .face_set = true,
                                .facing = f0->facing + 1.0f};
            assert_false(game_validate(g, &c, why, sizeof why));
            c = (rules_command){.kind = RULES_CMD_FORMATION, .side = rs->active, .unit = un->id};
            snprintf(c.option, sizeof c.option, "column");
            assert_false(game_validate(g, &c, why, sizeof why));
            n += 3;
        }
        for (int e = 0; e < t->unit_count; e++) {
            if (t->units[e].side.id == rs->active.id || !tiny_is_troop_unit(t, t->units[e].id))
                continue;
            rules_command c = {.kind = RULES_CMD_CHARGE,
                               .side = rs->active,
                               .unit = un->id,
                               .target_unit = t->units[e].id};
            if (no_move) {
                assert_false(game_validate(g, &c, why, sizeof why));
                n++;
            }
            c.kind = RULES_CMD_FIRE;
            if (no_fire && (troop || tiny_brigadier_of(t, un->id))) {
                assert_false(game_validate(g, &c, why, sizeof why));
                n++;
            }
        }
    }
    for (int i = 0; i < t->figure_count; i++) {
        const figure *c = &t->figures[i];
        if (c->side.id != rs->active.id || !tiny_is_commander(c) || !table_figure_active(c) ||
            !(rs->figs[c->id.id - 1].flags & TINY_F_MOVED))
            continue;
        rules_command m = {.kind = RULES_CMD_MOVE, .side = rs->active, .path_count = 1};
        rules_command_add_figure(&m, c->id);
        m.path[0] = (vec2s){{c->pos.x + 1, c->pos.y}};
        assert_false(game_validate(g, &m, why, sizeof why));
        n++;
    }
    return n;
}

static void test_skipped_candidates_refused(void **state)
{
    (void)state;
    const bot_level levels[] = {BOT_RANDOM, BOT_GREEDY};
    int checked = 0;
    for (int l = 0; l < 2; l++) {
        game *g = shipped(21 + (uint64_t)l);
        dice_rng rng;
        dice_seed(&rng, 210 + (uint64_t)l);
        for (int n = 0; !game_over(g) && n < 3000; n++) {
            checked += refused_checks(g);
            rules_command c;
            assert_true(bot_choose(g, levels[l], &rng, &c));
            test_tiny_submit(g, &c);
        }
        game_destroy(g);
    }
    fprintf(stderr, "%d skipped candidates checked refused\n", checked);
    assert_true(checked > 100);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_greedy_games_end),
        cmocka_unit_test(test_random_game_ends),
        cmocka_unit_test(test_save_replays),
        cmocka_unit_test(test_goldens_replay),
        cmocka_unit_test(test_skipped_candidates_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
