/* Referee commands (game/game.h, game_referee.c) in every rule set: each one resolves into
 * "Referee: ..." events tagged "referee"; undo and redo give back the same hashes; a save with
 * referee commands loads (its hashes checked) to the same state; a forced die is the die rolled
 * next; a referee move may not stack bases or leave the table; any side may issue one whoever's
 * decision it is; the bot never does. */
#include "game/bot.h"
#include "game/game.h"
#include "game/simulate.h"
#include "core/place.h"
#include "scenario/scenario.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const scenarios[] = {"lcr_teaching", "tiny_two_brigades", "cwr_ambush",
                                        "cr15_square"};

static game *start(const char *name)
{
    const char *src = getenv("SANDTABLE_SOURCE_DIR");
    char path[1200];
    snprintf(path, sizeof path, "%s/scenarios/%s.json", src ? src : SANDTABLE_SOURCE_DIR, name);
    scenario_error serr;
    scenario *sc = scenario_load_file(path, &serr);
    assert_non_null(sc);
    game_error err;
    game *g = game_create(&(game_desc){.scenario = sc, .take_scenario = true}, &err);
    assert_non_null(g);
    return g;
}

static void play(game *g, int commands, uint64_t seed)
{
    bot_scratch *b = bot_scratch_create();
    dice_rng rng;
    dice_seed(&rng, seed);
    rules_command c;
    for (int n = 0; n < commands && bot_pick(b, g, BOT_GREEDY, &rng, &c); n++) {
        assert_int_not_equal(c.kind, RULES_CMD_REFEREE);
        char why[256];
        assert_true(game_submit(g, &c, why, sizeof why));
    }
    bot_scratch_destroy(b);
}

static rules_command referee(const char *action, figure_id fig)
{
    rules_command c = {.kind = RULES_CMD_REFEREE, .figure = fig};
    snprintf(c.option, sizeof c.option, "%s", action);
    return c;
}

/* A side that is not the one to decide now (referee commands come from the table). */
static side_id idle_side(const game *g)
{
    rules_decision dec;
    game_decision(g, &dec);
    const table *t = game_table(g);
    for (int i = 0; i < t->side_count; i++)
        if (t->sides[i].id.id != dec.side.id)
            return t->sides[i].id;
    return dec.side;
}

/* The first active figure and a free spot 6 cm off (or anywhere free). */
static figure_id some_figure(const game *g, vec2s *free_spot)
{
    const table *t = game_table(g);
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        if (!table_figure_active(f))
            continue;
        vec2s want = {{f->pos.x + 6, f->pos.y}};
        if (place_free_near(t, f->id, want, f->facing, NULL, 0, 40, NULL, NULL, free_spot))
            return f->id;
    }
    fail_msg("no figure with a free spot near it");
    return (figure_id){0};
}

static const rules_event *last_event(const game *g)
{
    int n = 0;
    const rules_event *ev = game_events(g, game_cursor(g) - 1, &n);
    assert_true(n > 0);
    return &ev[n - 1];
}

static void submit_ok(game *g, const rules_command *c)
{
    char why[256] = "";
    if (!game_submit(g, c, why, sizeof why))
        fail_msg("refused: %s", why);
    const rules_event *ev = last_event(g);
    assert_string_equal(ev->tag, "referee");
    assert_true(strncmp(ev->text, "Referee: ", 9) == 0);
    assert_string_equal(ev->ref, "");
}

static void test_every_command_in_every_rule_set(void **state)
{
    (void)state;
    for (size_t s = 0; s < sizeof scenarios / sizeof *scenarios; s++) {
        game *g = start(scenarios[s]);
        play(g, 6, 11);
        int base = game_cursor(g);
        uint64_t before = game_hash(g);
        vec2s spot;
        figure_id fig = some_figure(g, &spot);
        const table *t = game_table(g);

        rules_command mv = referee(GAME_REFEREE_MOVE, fig);
        mv.side = idle_side(g);
        mv.point_set = true;
        mv.point = spot;
        submit_ok(g, &mv);
        const figure *f = table_figure_const(t, fig);
        assert_true(f->pos.x == spot.x && f->pos.y == spot.y);

        rules_command rot = referee(GAME_REFEREE_ROTATE, fig);
        rot.face_set = true;
        rot.facing = 1.5f;
        /* a turn may be refused only for a rectangular base that would touch another */
        char why[256];
        if (game_submit(g, &rot, why, sizeof why))
            assert_true(table_figure_const(t, fig)->facing == 1.5f);

        rules_command st = referee(GAME_REFEREE_STATUS, fig);
        st.count = FIGURE_STATUS_SHAKEN | FIGURE_STATUS_WOUNDED;
        submit_ok(g, &st);
        assert_true(table_figure_const(t, fig)->status & FIGURE_STATUS_SHAKEN);
        assert_non_null(strstr(last_event(g)->text, "wounded, shaken"));
        st.count = 0;
        submit_ok(g, &st);
        assert_false(table_figure_const(t, fig)->status & GAME_REFEREE_STATUS_MASK);

        submit_ok(g, &(rules_command){
                         .kind = RULES_CMD_REFEREE, .figure = fig, .option = GAME_REFEREE_REMOVE});
        assert_false(table_figure_active(table_figure_const(t, fig)));
        submit_ok(g, &(rules_command){
                         .kind = RULES_CMD_REFEREE, .figure = fig, .option = GAME_REFEREE_RESTORE});
        assert_true(table_figure_active(table_figure_const(t, fig)));
        assert_true(game_referee_count(g) >= 5);

        /* undo all the way back, then redo: the same hashes */
        int n = game_cursor(g) - base;
        uint64_t end = game_hash(g);
        for (int i = 0; i < n; i++)
            assert_true(game_undo(g));
        assert_true(game_hash(g) == before);
        for (int i = 0; i < n; i++)
            assert_true(game_redo(g));
        assert_true(game_hash(g) == end);

        /* a save keeps them, and loading it checks every hash */
        char *text = game_save_string(g);
        game_error err;
        game *back = game_load_string(text, strlen(text), "referee.json", NULL, &err);
        if (!back) {
            char buf[1200];
            fail_msg("%s: %s", scenarios[s], game_error_format(&err, buf, sizeof buf));
        }
        assert_true(game_hash(back) == end);
        assert_int_equal(game_referee_count(back), game_referee_count(g));
        /* and play goes on from there */
        play(back, 10, 5);
        game_destroy(back);
        free(text);
        game_destroy(g);
    }
}

static void test_a_forced_die_is_the_die_rolled(void **state)
{
    (void)state;
    for (size_t s = 0; s < sizeof scenarios / sizeof *scenarios; s++) {
        for (int face = 1; face <= 3; face++) {
            game *g = start(scenarios[s]);
            play(g, 3, 2);
            submit_ok(g, &(rules_command){
                             .kind = RULES_CMD_REFEREE, .option = GAME_REFEREE_DIE, .count = face});
            /* play on until a die is rolled: the first one shows the face */
            bot_scratch *b = bot_scratch_create();
            dice_rng rng;
            dice_seed(&rng, 9);
            rules_command c;
            bool seen = false;
            for (int n = 0; n < 300 && !seen && bot_pick(b, g, BOT_GREEDY, &rng, &c); n++) {
                char why[256];
                assert_true(game_submit(g, &c, why, sizeof why));
                int ne = 0;
                const rules_event *ev = game_events(g, game_cursor(g) - 1, &ne);
                for (int k = 0; k < ne && !seen; k++) {
                    if (ev[k].kind == RULES_EV_DIE && ev[k].sides >= face) {
                        assert_int_equal(ev[k].value, face);
                        seen = true;
                    }
                }
            }
            bot_scratch_destroy(b);
            assert_true(seen);
            game_destroy(g);
        }
    }
}

static void test_refused_where_the_table_forbids(void **state)
{
    (void)state;
    game *g = start("lcr_teaching");
    const table *t = game_table(g);
    const figure *a = NULL, *b = NULL;
    for (int i = 0; i < t->figure_count && !b; i++) {
        if (!table_figure_active(&t->figures[i]))
            continue;
        if (!a)
            a = &t->figures[i];
        else
            b = &t->figures[i];
    }
    assert_non_null(b);
    char why[256];
    rules_command onto = referee(GAME_REFEREE_MOVE, a->id);
    onto.point_set = true;
    onto.point = b->pos;
    assert_false(game_submit(g, &onto, why, sizeof why));
    assert_non_null(strstr(why, b->name));
    rules_command off = onto;
    off.point = (vec2s){{-5, 10}};
    assert_false(game_submit(g, &off, why, sizeof why));
    assert_non_null(strstr(why, "off the table"));
    rules_command odd = referee("teleport", a->id);
    assert_false(game_submit(g, &odd, why, sizeof why));
    rules_command bad = referee(GAME_REFEREE_STATUS, a->id);
    bad.count = FIGURE_STATUS_DEAD;
    assert_false(game_submit(g, &bad, why, sizeof why));
    rules_command die = {.kind = RULES_CMD_REFEREE, .option = GAME_REFEREE_DIE, .count = 0};
    assert_false(game_submit(g, &die, why, sizeof why));
    rules_command back = referee(GAME_REFEREE_RESTORE, a->id);
    assert_false(game_submit(g, &back, why, sizeof why)); /* he has not left */
    assert_int_equal(game_cursor(g), 0);
    assert_int_equal(place_overlaps(t, NULL, 0), 0);
    game_destroy(g);
}

/* The referee's refusal of a drop onto a concealed base (Colonial Wargames Rules' ambush) does
 * not name the hidden figure: the referee's screen is one side's too. */
static void test_refusal_keeps_the_hidden_unnamed(void **state)
{
    (void)state;
    game *g = start("cwr_ambush");
    const table *t = game_table(g);
    const figure *hidden = NULL, *mover = NULL;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        bool unseen = false;
        for (int s = 0; s < t->side_count; s++)
            unseen = unseen || !game_visible(g, t->sides[s].id, f->id);
        if (table_figure_active(f) && unseen && !hidden)
            hidden = f;
    }
    assert_non_null(hidden);
    for (int i = 0; i < t->figure_count && !mover; i++)
        if (table_figure_active(&t->figures[i]) && t->figures[i].side.id != hidden->side.id)
            mover = &t->figures[i];
    assert_non_null(mover);
    rules_command onto = referee(GAME_REFEREE_MOVE, mover->id);
    onto.point_set = true;
    onto.point = hidden->pos;
    char why[256];
    assert_false(game_submit(g, &onto, why, sizeof why));
    assert_non_null(strstr(why, "cannot stand there"));
    assert_null(strstr(why, hidden->name));
    game_destroy(g);
}

/* ---- the rule sets' own rulings (rules_referee_ops) ---------------------------------------- */

#define RULINGS_MAX 64

/* The first ruling of `word` open now, table-wide or on any active figure, into *out. */
static bool ruling_open(const game *g, const char *word, rules_ruling *out)
{
    rules_ruling list[RULINGS_MAX];
    const table *t = game_table(g);
    for (int i = -1; i < t->figure_count; i++) {
        figure_id fig = i < 0 ? (figure_id){0} : t->figures[i].id;
        if (i >= 0 && !table_figure_active(&t->figures[i]))
            continue;
        int n = game_referee_rulings(g, fig, list, RULINGS_MAX);
        for (int k = 0; k < n; k++) {
            assert_int_equal(list[k].cmd.kind, RULES_CMD_REFEREE);
            assert_true(list[k].label[0] != '\0');
            if (strcmp(list[k].cmd.option, word) == 0) {
                *out = list[k];
                return true;
            }
        }
    }
    return false;
}

/* Every ruling of each rule set's own (docs/rules/<set>.md, "Referee rulings"). */
static const struct {
    const char *scenario;
    const char *words[8];
} rulings[] = {
    {"lcr_teaching", {"end_phase", "end_turn", "card_in", "card_out", NULL}},
    {"tiny_two_brigades",
     {"end_phase", "end_turn", "pip_more", "pip_less", "hit_more", "hit_less", NULL}},
    {"cwr_ambush", {"end_phase", "end_turn", "reveal", NULL}},
    {"cr15_square",
     {"end_phase", "end_turn", "wound_serious", "wound_heal", "shake", "steady", NULL}},
};

/* What a ruling changes that a player sees: the draw pile, a commander's pips, the figure's
 * marks, whether the enemy sees him. */
typedef struct seen {
    int deck, pips;
    uint32_t status;
    bool visible;
} seen;

static seen look(const game *g, const rules_command *c)
{
    seen out = {.deck = -1, .pips = -1};
    rules_driver_item items[128];
    int n = game_driver(g, (side_id){0}, items, 128);
    for (int i = 0; i < n; i++) {
        if (items[i].kind == RULES_DRIVER_DECK)
            out.deck = items[i].value;
        if (items[i].kind == RULES_DRIVER_PIPS && c->figure.id &&
            items[i].figure.id == c->figure.id)
            out.pips = items[i].value;
    }
    const figure *f = table_figure_const(game_table(g), c->figure);
    if (f) {
        out.status = f->status;
        const table *t = game_table(g);
        for (int i = 0; i < t->side_count; i++)
            if (t->sides[i].id.id != f->side.id)
                out.visible = game_visible(g, t->sides[i].id, f->id);
    }
    return out;
}

static void check_effect(const char *word, seen was, seen now)
{
    if (strcmp(word, "card_out") == 0)
        assert_int_equal(now.deck, was.deck - 1);
    else if (strcmp(word, "card_in") == 0)
        assert_int_equal(now.deck, was.deck + 1);
    else if (strcmp(word, "pip_more") == 0)
        assert_int_equal(now.pips, was.pips + 1);
    else if (strcmp(word, "pip_less") == 0)
        assert_int_equal(now.pips, was.pips - 1);
    else if (strcmp(word, "wound_serious") == 0)
        assert_true(now.status & FIGURE_STATUS_SERIOUS);
    else if (strcmp(word, "wound_heal") == 0)
        assert_false(now.status & FIGURE_STATUS_SERIOUS);
    else if (strcmp(word, "reveal") == 0)
        assert_true(!was.visible && now.visible);
}

/* Each ruling of every rule set, at the first moment of a seeded bot game it is open: accepted
 * from a side not deciding, changes the state, says "Referee: ..." in the log and in the
 * command's words; undone and redone to the same hashes; saved, loaded and so replayed with
 * every hash checked, and play goes on from there. */
static void test_every_ruling_of_every_rule_set(void **state)
{
    (void)state;
    for (size_t s = 0; s < sizeof rulings / sizeof *rulings; s++) {
        for (int w = 0; rulings[s].words[w]; w++) {
            const char *word = rulings[s].words[w], *name = rulings[s].scenario;
            game *g = start(name);
            rules_ruling r;
            int steps = 0;
            while (!ruling_open(g, word, &r) && steps++ < 80)
                play(g, 1, (uint64_t)steps);
            if (steps > 80)
                fail_msg("%s: no \"%s\" ruling in 80 commands", name, word);
            r.cmd.side = idle_side(g);
            uint64_t before = game_hash(g);
            int turn = game_turn(g), base = game_cursor(g);
            char why[256] = "";
            seen was = look(g, &r.cmd);
            if (!game_submit(g, &r.cmd, why, sizeof why))
                fail_msg("%s: ruling %s refused: %s", name, word, why);
            check_effect(word, was, look(g, &r.cmd));
            uint64_t after = game_hash(g);
            assert_true(after != before);
            int n = 0;
            const rules_event *ev = game_events(g, base, &n);
            bool said = false;
            for (int k = 0; k < n; k++)
                said |= strncmp(ev[k].text, "Referee: ", 9) == 0;
            if (!said)
                fail_msg("%s: ruling %s has no \"Referee: ...\" event", name, word);
            if (strcmp(word, RULES_RULING_END_TURN) == 0)
                assert_true(game_turn(g) > turn || game_over(g));
            assert_int_equal(game_referee_count(g), 1);
            assert_true(game_undo(g));
            assert_true(game_hash(g) == before);
            assert_true(game_redo(g));
            assert_true(game_hash(g) == after);
            char desc[160];
            game_describe(g, game_command_at(g, base), desc, sizeof desc);
            assert_true(strncmp(desc, "Referee: ", 9) == 0);
            char *text = game_save_string(g);
            game_error err;
            game *back = game_load_string(text, strlen(text), "rulings.json", NULL, &err);
            if (!back) {
                char buf[1200];
                fail_msg("%s, %s: %s", name, word, game_error_format(&err, buf, sizeof buf));
            }
            assert_true(game_hash(back) == after);
            play(back, 8, 5);
            game_destroy(back);
            free(text);
            /* a word the rule set does not know is refused, naming it */
            rules_command odd = referee("give_victory", (figure_id){0});
            assert_false(game_submit(g, &odd, why, sizeof why));
            assert_non_null(strstr(why, "give_victory"));
            game_destroy(g);
        }
    }
}

/* The bot never rules: over a seeded game of every rule set, game_legal lists no referee
 * command and the bot submits none (play() checks each); and no scenario option can make it:
 * `simulate` refuses a scenario whose rule-set options ask for referee play, naming it. */
/* The menu's rulings for `viewer` about fig, their labels joined. */
static void seen_labels(const game *g, side_id viewer, figure_id fig, char *buf, size_t size)
{
    rules_ruling list[RULINGS_MAX];
    int n = game_referee_rulings_seen(g, viewer, fig, list, RULINGS_MAX);
    buf[0] = '\0';
    for (int i = 0; i < n; i++)
        snprintf(buf + strlen(buf), size - strlen(buf), "%s|", list[i].label);
}

/* In hot-seat the referee's menu (Little Colonial Rules' cards) must not tell the screen's side
 * where the other side's card lies: Spain's view of a Moro leader's rulings and of the table's
 * is the same with his card in the pile and in the Moro hand; the Moro side (and a viewer who
 * sees all) is offered "take out" before and "put back" after. */
static void test_rulings_keep_cards_secret(void **state)
{
    (void)state;
    game *g = start("lcr_teaching");
    const table *t = game_table(g);
    rules_ruling out = {0};
    figure_id leader = {0};
    rules_ruling list[RULINGS_MAX];
    for (int i = 0; i < t->figure_count && !leader.id; i++) {
        int n = game_referee_rulings(g, t->figures[i].id, list, RULINGS_MAX);
        for (int k = 0; k < n; k++)
            if (strcmp(list[k].cmd.option, "card_out") == 0) {
                leader = t->figures[i].id;
                out = list[k];
            }
    }
    assert_true(leader.id != 0);
    side_id own = table_figure_const(t, leader)->side, other = {0};
    for (int i = 0; i < t->side_count; i++)
        if (t->sides[i].id.id != own.id)
            other = t->sides[i].id;
    assert_int_equal(out.secret.id, own.id);
    char before[2048], after[2048], table_before[2048], table_after[2048], mine[2048], all[2048];
    seen_labels(g, other, leader, before, sizeof before);
    seen_labels(g, other, (figure_id){0}, table_before, sizeof table_before);
    seen_labels(g, own, leader, mine, sizeof mine);
    assert_non_null(strstr(mine, "out of the deck"));
    rules_decision d;
    game_decision(g, &d);
    out.cmd.side = d.side;
    char why[256] = "";
    if (!game_submit(g, &out.cmd, why, sizeof why))
        fail_msg("card_out refused: %s", why);
    seen_labels(g, other, leader, after, sizeof after);
    seen_labels(g, other, (figure_id){0}, table_after, sizeof table_after);
    assert_string_equal(before, after);
    assert_string_equal(table_before, table_after);
    assert_null(strstr(after, "deck"));
    seen_labels(g, own, leader, mine, sizeof mine);
    assert_non_null(strstr(mine, "back in the deck"));
    seen_labels(g, (side_id){0}, leader, all, sizeof all);
    assert_string_equal(all, mine);
    game_destroy(g);
}

static void test_simulate_refuses_a_referee_option(void **state)
{
    (void)state;
    for (size_t s = 0; s < sizeof scenarios / sizeof *scenarios; s++) {
        game *g = start(scenarios[s]);
        rules_command legal[256];
        for (int step = 0; step < 40 && !game_over(g); step++) {
            int n = game_legal(g, legal, 256);
            for (int k = 0; k < n; k++)
                assert_int_not_equal(legal[k].kind, RULES_CMD_REFEREE);
            play(g, 1, (uint64_t)step);
        }
        game_destroy(g);

        const char *src = getenv("SANDTABLE_SOURCE_DIR");
        char path[1200];
        snprintf(path, sizeof path, "%s/scenarios/%s.json", src ? src : SANDTABLE_SOURCE_DIR,
                 scenarios[s]);
        scenario_error serr;
        scenario *sc = scenario_load_file(path, &serr);
        assert_non_null(sc);
        json_object_set_new(sc->rules_options, "referee", json_true());
        sim_summary sum;
        game_error err = {0};
        assert_false(sim_run(&(sim_desc){.scenario = sc, .games = 1, .seed = 1}, &sum, &err));
        char buf[1200];
        if (!strstr(game_error_format(&err, buf, sizeof buf), "referee"))
            fail_msg("%s: the refusal does not name the option: %s", scenarios[s], buf);
        scenario_destroy(sc);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_command_in_every_rule_set),
        cmocka_unit_test(test_a_forced_die_is_the_die_rolled),
        cmocka_unit_test(test_refused_where_the_table_forbids),
        cmocka_unit_test(test_refusal_keeps_the_hidden_unnamed),
        cmocka_unit_test(test_every_ruling_of_every_rule_set),
        cmocka_unit_test(test_rulings_keep_cards_secret),
        cmocka_unit_test(test_simulate_refuses_a_referee_option),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
