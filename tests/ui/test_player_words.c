/* Player words only: every string the front end can show a player, gathered from every rule set
 * and every shipped scenario, holds no developer word ("seed", "src/", "test_", "side 0", a
 * file name, "[assumed]"). Gathered: the rule sets' names, the rules reference screen's text,
 * scenario titles, descriptions and victory texts, and along seeded bot games the decision
 * prompts and phases, the action panel's labels and reasons, refusals of commands sent out of
 * turn, every event's text, the event log's lines (rule references included) and the outcome. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "game/bot.h"
#include "game/game.h"
#include "ui/end_screen.h"
#include "ui/event_log.h"
#include "ui/rules_ref.h"

#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Besides file and test names: " allocate:" (the engine's name of a command) and "(worth " (a
 * bot's score), words no rule book gives a player. */
static const char *const forbidden[] = {
    "seed",   "src/",      "tests/",     "test_",   "side 0",  "side 1", "side 2",
    "side 3", "[assumed]", "***",        ".json",   "assets/", "docs/",  "lcr_",
    "tiny_",  "rules_ops", " allocate:", "(worth ", NULL,
};

typedef struct scan {
    int strings, bad;
} scan;

/* Case-insensitive search. */
static const char *find_ci(const char *hay, const char *needle)
{
    size_t n = strlen(needle);
    for (const char *p = hay; *p; p++)
        if (strncasecmp(p, needle, n) == 0)
            return p;
    return NULL;
}

static void check(scan *sc, const char *where, const char *text)
{
    sc->strings++;
    for (int i = 0; forbidden[i]; i++)
        if (find_ci(text, forbidden[i])) {
            if (sc->bad++ < 40)
                printf("%s: \"%s\" in: %s\n", where, forbidden[i], text);
            return;
        }
}

static const char *source_dir(void)
{
    const char *src = getenv("SANDTABLE_SOURCE_DIR");
    return src ? src : SANDTABLE_SOURCE_DIR;
}

static void scan_rules_reference(scan *sc)
{
    int sets = 0;
    for (int i = 0; rules_at(i); i++) {
        const rules_ops *ops = rules_at(i);
        check(sc, "rule set name", ops->name);
        ui_rules_doc *d = ui_rules_doc_load(ops->id, ops->name);
        if (ui_rules_doc_found(d)) {
            sets++;
            assert_true(ui_rules_doc_blocks(d) > 10); /* the rules are still there */
            bool house = false;
            for (int b = 0; b < ui_rules_doc_blocks(d); b++) {
                check(sc, ops->id, ui_rules_doc_block_text(d, b));
                if (getenv("PLAYER_WORDS_DUMP")) /* to read the screen's text whole */
                    printf("[%s] %s\n", ops->id, ui_rules_doc_block_text(d, b));
                house |= strstr(ui_rules_doc_block_text(d, b),
                                "house rule: the rule book is silent here") != NULL;
            }
            assert_true(house);
        }
        ui_rules_doc_destroy(d);
    }
    assert_true(sets >= 2);
}

static void scan_events(scan *sc, const game *g, int index)
{
    int n;
    const rules_event *ev = game_events(g, index, &n);
    for (int i = 0; i < n; i++)
        if (ev[i].text[0])
            check(sc, "event", ev[i].text);
}

static void scan_moment(scan *sc, game *g, ui_event_log *log)
{
    rules_decision d;
    game_decision(g, &d);
    check(sc, "prompt", d.prompt);
    check(sc, "phase", d.phase);
    rules_action acts[64];
    int na = game_actions(g, (figure_id){0}, acts, 64);
    for (int i = 0; i < na; i++) {
        check(sc, "action", acts[i].label);
        check(sc, "action reason", acts[i].reason);
    }
    rules_command legal[128];
    int nl = game_legal(g, legal, 128);
    for (int i = 0; i < nl && i < 6; i++) {
        rules_command c = legal[i];
        char why[256];
        c.side.id = c.side.id == 1 ? 2 : 1; /* out of turn */
        if (!game_validate(g, &c, why, sizeof why))
            check(sc, "refusal", why);
        c = legal[i];
        c.target.id = 9999; /* a bad target or figure */
        if (c.figure_count)
            c.figures[0].id = 9999;
        if (!game_validate(g, &c, why, sizeof why))
            check(sc, "refusal", why);
    }
    rules_target tg[32];
    for (int i = 0; i < nl && i < 4; i++)
        if (legal[i].kind == RULES_CMD_FIRE)
            for (int k = 0, nt = game_targets(g, &legal[i], tg, 32); k < nt; k++)
                check(sc, "target note", tg[k].note);
    /* the referee's rulings of the rule set's own (the right-click menu), table-wide and on
     * the first figures, with their refusal from a figure they are not about */
    rules_ruling rl[48];
    const table *t = game_table(g);
    for (int i = -1; i < t->figure_count && i < 12; i++) {
        figure_id fig = i < 0 ? (figure_id){0} : t->figures[i].id;
        for (int k = 0, nr = game_referee_rulings(g, fig, rl, 48); k < nr; k++) {
            char why[256], words[160];
            check(sc, "ruling", rl[k].label);
            check(sc, "ruling words", game_describe(g, &rl[k].cmd, words, sizeof words));
            rules_command c = rl[k].cmd;
            c.figure.id = c.figure.id ? 0 : 1;
            c.unit.id = 0;
            c.card = 9999;
            if (!game_validate(g, &c, why, sizeof why))
                check(sc, "ruling refusal", why);
        }
    }
    (void)log;
}

static void scan_log(scan *sc, const game *g, ui_event_log *log)
{
    int keys[2048];
    int n = ui_event_log_entries(log, g, keys, 2048);
    static ui_event_log_line lines[256];
    for (int i = 0; i < n; i++) {
        char title[512];
        check(sc, "log title", ui_event_log_title(log, g, keys[i], title, sizeof title));
        int nl = ui_event_log_explain(log, g, keys[i], lines, 256);
        for (int k = 0; k < nl; k++)
            check(sc, "log line", lines[k].text);
    }
}

static void scan_games(scan *sc, const char *path)
{
    scenario_error serr;
    scenario *s = scenario_load_file(path, &serr);
    assert_non_null(s);
    check(sc, "scenario title", s->title);
    check(sc, "scenario description", s->description);
    for (int i = 0; i < s->victory_count; i++)
        check(sc, "victory", s->victory[i].text);
    for (int i = 0; i < s->table->side_count; i++)
        check(sc, "side name", s->table->sides[i].name);
    scenario_destroy(s);
    bot_scratch *bs = bot_scratch_create();
    for (uint64_t seed = 1; seed <= 2; seed++) {
        s = scenario_load_file(path, &serr);
        game_error err;
        game *g = game_create(
            &(game_desc){.scenario = s, .take_scenario = true, .seed_set = true, .seed = seed},
            &err);
        assert_non_null(g);
        ui_event_log *log = calloc(1, sizeof *log);
        ui_event_log_init(log);
        scan_events(sc, g, -1);
        dice_rng rng;
        dice_seed(&rng, seed);
        rules_command c;
        for (int k = 0; k < 250 && bot_pick(bs, g, seed == 1 ? BOT_GREEDY : BOT_RANDOM, &rng, &c);
             k++) {
            if (k % 5 == 0)
                scan_moment(sc, g, log);
            assert_true(game_submit(g, &c, NULL, 0));
            scan_events(sc, g, game_cursor(g) - 1);
        }
        rules_outcome out;
        game_outcome(g, &out);
        check(sc, "outcome", out.reason);
        ui_end_summary sum; /* the end screen's words */
        ui_end_summarise(g, &sum);
        check(sc, "end headline", sum.headline);
        check(sc, "end reason", sum.reason);
        check(sc, "end rule", sum.rule);
        for (int i = 0; i < sum.moment_count; i++)
            check(sc, "end moment", sum.moments[i].text);
        for (int i = 0; i < sum.side_count; i++)
            for (int u = 0; u < sum.sides[i].unit_count; u++)
                check(sc, "end unit", sum.sides[i].units[u].name);
        scan_log(sc, g, log);
        free(log);
        game_destroy(g);
    }
    bot_scratch_destroy(bs);
}

static void test_player_words_only(void **state)
{
    (void)state;
    scan sc = {0};
    scan_rules_reference(&sc);
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/scenarios", source_dir());
    DIR *d = opendir(dir);
    assert_non_null(d);
    struct dirent *e;
    int scenarios = 0;
    while ((e = readdir(d))) {
        size_t len = strlen(e->d_name);
        if (len < 6 || strcmp(e->d_name + len - 5, ".json") != 0)
            continue;
        char path[1400];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        scan_games(&sc, path);
        scenarios++;
    }
    closedir(d);
    printf("%d strings from %d scenarios scanned, %d with developer words\n", sc.strings, scenarios,
           sc.bad);
    assert_true(scenarios >= 2 && sc.strings > 1000);
    assert_int_equal(sc.bad, 0);
}

/* The words themselves: a reference reads as the book's, a house rule as one. */
static void test_reference_words(void **state)
{
    (void)state;
    const rules_ops *lcr = rules_find("lcr");
    assert_non_null(lcr);
    char buf[160];
    assert_string_equal(rules_ref_words(lcr, "Shooting", buf, sizeof buf),
                        "Little Colonial Rules \u2014 Shooting");
    assert_string_equal(
        rules_ref_words(lcr, "Little Colonial Rules \u2014 Killed and Wounded", buf, sizeof buf),
        "Little Colonial Rules \u2014 Killed and Wounded");
    assert_string_equal(
        rules_ref_words(lcr, "Little Colonial Rules \u2014 Artillery deviation (assumed)", buf,
                        sizeof buf),
        "Little Colonial Rules \u2014 Artillery deviation (house rule)");
    assert_string_equal(rules_ref_words(lcr,
                                        "Little Colonial Rules \u2014 Morale (assumed victory)",
                                        buf, sizeof buf),
                        "Little Colonial Rules \u2014 Morale (house rule: victory)");
    assert_string_equal(rules_ref_words(lcr, "", buf, sizeof buf), "");
    char out[1000];
    ui_rules_player_text("- ***assumed***: one interrupt per drawn card (the seed shows one). "
                         "Test: `lcr_deck` / `test_deck_build`.",
                         "Little Colonial Rules", out, sizeof out);
    assert_string_equal(out, "- house rule: the rule book is silent here \u2014 one interrupt per "
                             "drawn card (the rule book shows one).");
    ui_rules_player_text("## 4. Shooting (seed 000, Shooting)", "Little Colonial Rules", out,
                         sizeof out);
    assert_string_equal(out, "## 4. Shooting");
    ui_rules_player_text("From seed 000, Cavalry: the rest (`cards.soldier_cards`).", "LCR", out,
                         sizeof out);
    assert_string_equal(out, "From LCR, Cavalry: the rest.");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reference_words),
        cmocka_unit_test(test_player_words_only),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
