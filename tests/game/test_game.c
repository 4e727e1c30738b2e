/* The engine on the toy rule set: play, undo/redo, same dice after undo, random sequences,
 * saves and their error messages, autosave, the bot. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "core/config.h"
#include "game/bot.h"
#include "game/game.h"
#include "game/replay.h"
#include "toy_rules.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

static scenario *load_duel(void)
{
    char path[1024];
    const char *src = getenv("SANDTABLE_SOURCE_DIR");
    snprintf(path, sizeof path, "%s/tests/game/data/duel.json", src ? src : SANDTABLE_SOURCE_DIR);
    scenario_error err;
    scenario *sc = scenario_load_file(path, &err);
    if (!sc) {
        char buf[1024];
        fail_msg("%s", scenario_error_format(&err, buf, sizeof buf));
    }
    return sc;
}

static game *new_duel(uint64_t seed)
{
    game_error err;
    game *g = game_create(&(game_desc){.scenario = load_duel(),
                                       .take_scenario = true,
                                       .seed_set = true,
                                       .seed = seed,
                                       .rules = &toy_rules_ops,
                                       .snapshot_every = 4},
                          &err);
    assert_non_null(g);
    return g;
}

/* Plays n bot commands (or to the end); returns how many were played. */
static int play(game *g, int n, bot_level level, dice_rng *rng)
{
    int played = 0;
    rules_command c;
    char reason[256];
    while (played < n && bot_choose(g, level, rng, &c)) {
        if (!game_submit(g, &c, reason, sizeof reason))
            fail_msg("bot command refused: %s", reason);
        played++;
    }
    return played;
}

static int count_dead(const game *g, uint32_t side_no)
{
    const table *t = game_table(g);
    int n = 0;
    for (int i = 0; i < t->figure_count; i++)
        n += t->figures[i].side.id == side_no && (t->figures[i].status & FIGURE_STATUS_DEAD);
    return n;
}

static void test_bot_plays_to_the_end(void **state)
{
    (void)state;
    game *g = new_duel(7);
    dice_rng rng;
    dice_seed(&rng, 1);
    int n = play(g, 10000, BOT_GREEDY, &rng);
    rules_outcome out;
    game_outcome(g, &out);
    assert_true(out.over);
    assert_int_equal(game_cursor(g), n);
    /* 12 turns of two actions at most */
    assert_true(n <= 24);
    /* Greedy bots close in and then shoot whenever they can. */
    int fires = 0;
    for (int i = 0; i < n; i++)
        fires += game_command_at(g, i)->kind == RULES_CMD_FIRE;
    assert_true(fires >= n / 2);
    assert_true(count_dead(g, 1) + count_dead(g, 2) <= 6);
    rules_decision dec;
    game_decision(g, &dec);
    assert_int_equal(dec.kind, RULES_DECIDE_NONE);
    game_destroy(g);
}

static void test_undo_redo_restore_hashes(void **state)
{
    (void)state;
    game *g = new_duel(11);
    dice_rng rng;
    dice_seed(&rng, 2);
    uint64_t start = game_hash(g);
    int n = play(g, 30, BOT_GREEDY, &rng);
    assert_true(n >= 10);
    uint64_t *h = calloc((size_t)n, sizeof *h);
    for (int i = 0; i < n; i++)
        h[i] = game_hash_at(g, i);
    assert_int_equal(h[n - 1], game_hash(g));
    for (int i = n - 1; i >= 0; i--) {
        assert_true(game_undo(g));
        assert_int_equal(game_hash(g), i ? h[i - 1] : start);
    }
    assert_false(game_undo(g));
    for (int i = 0; i < n; i++) {
        assert_true(game_redo(g));
        assert_int_equal(game_hash(g), h[i]);
    }
    assert_false(game_redo(g));
    /* Jumps in any order. */
    int points[] = {3, n, 0, n / 2, 1, n - 1};
    for (size_t k = 0; k < sizeof points / sizeof points[0]; k++) {
        assert_true(game_goto(g, points[k]));
        assert_int_equal(game_hash(g), points[k] ? h[points[k] - 1] : start);
    }
    free(h);
    game_destroy(g);
}

/* Finds a legal fire command now, if any. */
static bool find_fire(const game *g, rules_command *out)
{
    rules_command cmds[256];
    int n = game_legal(g, cmds, 256);
    for (int i = 0; i < n; i++)
        if (cmds[i].kind == RULES_CMD_FIRE) {
            *out = cmds[i];
            return true;
        }
    return false;
}

static void test_undo_fire_rolls_same_dice(void **state)
{
    (void)state;
    game *g = new_duel(5);
    dice_rng rng;
    dice_seed(&rng, 3);
    rules_command fire;
    int guard = 0;
    while (!find_fire(g, &fire) && guard++ < 40)
        play(g, 1, BOT_GREEDY, &rng);
    assert_true(find_fire(g, &fire));
    int at = game_cursor(g);
    assert_true(game_submit(g, &fire, NULL, 0));
    int n1;
    const rules_event *ev = game_events(g, at, &n1);
    assert_true(n1 >= 2);
    assert_int_equal(ev[0].kind, RULES_EV_DIE);
    int first_face = ev[0].value;
    uint64_t h1 = game_hash(g);
    assert_true(game_undo(g));
    assert_true(game_submit(g, &fire, NULL, 0));
    int n2;
    ev = game_events(g, at, &n2);
    assert_int_equal(n1, n2);
    assert_int_equal(ev[0].value, first_face);
    assert_int_equal(game_hash(g), h1);
    assert_int_equal(game_log_count(g), at + 1); /* the undone fire was replaced, not kept */
    game_destroy(g);
}

/* A fresh game that replays the first `cursor` commands of g. */
static uint64_t replay_prefix(const game *g, uint64_t seed, int cursor)
{
    game *r = new_duel(seed);
    for (int i = 0; i < cursor; i++) {
        char reason[256];
        if (!game_submit(r, game_command_at(g, i), reason, sizeof reason))
            fail_msg("replayed command %d refused: %s", i, reason);
    }
    uint64_t h = game_hash(r);
    game_destroy(r);
    return h;
}

/* Random legal commands mixed with undo, redo and jumps; the state at every cursor is the one
 * a fresh replay of the log prefix gives. */
static void test_property_random_sequences(void **state)
{
    (void)state;
    dice_rng rng;
    dice_seed(&rng, 99);
    for (int round = 0; round < 25; round++) {
        uint64_t seed = 1000 + (uint64_t)round;
        game *g = new_duel(seed);
        for (int step = 0; step < 40 && !game_over(g); step++) {
            uint32_t op = dice_below(&rng, 10);
            if (op < 6)
                play(g, 1, BOT_RANDOM, &rng);
            else if (op == 6)
                game_undo(g);
            else if (op == 7)
                game_redo(g);
            else
                game_goto(g, (int)dice_below(&rng, (uint32_t)game_log_count(g) + 1));
            int c = game_cursor(g);
            assert_int_equal(game_hash(g), game_hash_at(g, c - 1));
            if (step % 8 == 0)
                assert_int_equal(game_hash(g), replay_prefix(g, seed, c));
        }
        game_destroy(g);
    }
}

static void test_illegal_command_refused(void **state)
{
    (void)state;
    game *g = new_duel(1);
    char reason[256];
    rules_command c = {.kind = RULES_CMD_MOVE, .side.id = 1, .figure_count = 1, .path_count = 1};
    c.figures[0].id = 1;
    c.path[0] = (vec2s){{40, 45}};
    assert_false(game_submit(g, &c, reason, sizeof reason));
    assert_string_equal(reason, "25.0 cm is beyond the 10 cm move");
    c.side.id = 2;
    assert_false(game_submit(g, &c, reason, sizeof reason));
    assert_string_equal(reason, "it is Blue's decision, not Red's");
    assert_int_equal(game_log_count(g), 0);
    c.side.id = 1;
    c.path[0] = (vec2s){{40, 28}};
    assert_true(game_submit(g, &c, reason, sizeof reason));
    assert_int_equal(game_log_count(g), 1);
    assert_true(game_table(g)->figures[0].pos.y == 28.0f);
    game_destroy(g);
}

static void test_queries(void **state)
{
    (void)state;
    game *g = new_duel(1);
    rules_command mv = {.kind = RULES_CMD_MOVE, .side.id = 1, .figure_count = 1};
    mv.figures[0].id = 1; /* at (40, 20) */
    rules_reach r;
    assert_true(game_reach(g, &mv, (vec2s){{0, -2}}, &r)); /* direction is normalised */
    assert_float_equal(r.max_cm, 10.0f, 1e-4);
    assert_float_equal(r.stop.y, 10.0f, 1e-4);
    vec2s poly[8];
    assert_true(game_region(g, &mv, 8, poly));
    assert_float_equal(poly[0].x, 50.0f, 1e-4); /* the ray along +x */
    rules_command fire = mv;
    fire.kind = RULES_CMD_FIRE;
    rules_target tg[8];
    assert_int_equal(game_targets(g, &fire, tg, 8), 0); /* 50 cm: nobody in range */
    rules_action acts[4];
    int na = game_actions(g, (figure_id){1}, acts, 4);
    assert_int_equal(na, 3);
    assert_false(acts[1].enabled);
    assert_string_equal(acts[1].reason, "no enemy within 30 cm");
    game_destroy(g);
}

/* ---- saves -------------------------------------------------------------------------------- */

static game *played_duel(int n)
{
    game *g = new_duel(42);
    dice_rng rng;
    dice_seed(&rng, 4);
    play(g, n, BOT_GREEDY, &rng);
    return g;
}

static void test_save_load_roundtrip(void **state)
{
    (void)state;
    game *g = played_duel(14);
    game_undo(g);
    game_undo(g); /* the undone tail is saved too, with the cursor */
    char *text = game_save_string(g);
    game_error err;
    game *h = game_load_string(text, strlen(text), "mem.json",
                               &(game_load_desc){.rules = &toy_rules_ops}, &err);
    if (!h) {
        char buf[1024];
        fail_msg("%s", game_error_format(&err, buf, sizeof buf));
    }
    assert_int_equal(game_cursor(h), game_cursor(g));
    assert_int_equal(game_log_count(h), game_log_count(g));
    assert_int_equal(game_hash(h), game_hash(g));
    assert_true(game_redo(h));
    assert_true(game_redo(g));
    assert_int_equal(game_hash(h), game_hash(g));
    char *again = game_save_string(h);
    game_undo(h);
    free(again);
    free(text);
    game_destroy(g);
    game_destroy(h);
}

/* Loads text and returns the formatted error ("" when it loaded). */
static const char *load_error(const char *text, char *buf, size_t size)
{
    game_error err;
    game *g = game_load_string(text, strlen(text), "t.json",
                               &(game_load_desc){.rules = &toy_rules_ops}, &err);
    if (g) {
        game_destroy(g);
        buf[0] = '\0';
        return buf;
    }
    return game_error_format(&err, buf, size);
}

#define assert_prefix(s, prefix) assert_memory_equal(s, prefix, strlen(prefix))

static char *replace(const char *text, const char *from, const char *to)
{
    const char *at = strstr(text, from);
    assert_non_null(at);
    size_t n = strlen(text) - strlen(from) + strlen(to) + 1;
    char *out = malloc(n);
    snprintf(out, n, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
    return out;
}

/* Chat lines and pings ride in the save (after the commands) and outside the state: adding
 * them changes no hash, save -> load -> replay keeps them in order, and a save without them
 * is what it was before notes existed (the golden replays stay bit-identical). */
static void test_notes_roundtrip(void **state)
{
    (void)state;
    game *g = played_duel(10);
    char *plain = game_save_string(g);
    assert_null(strstr(plain, "\"notes\""));
    uint64_t hash = game_hash(g), hash5 = game_hash_at(g, 4);
    assert_true(game_note_add(g, &(game_note){.kind = GAME_NOTE_CHAT,
                                              .side = 1,
                                              .command = 4,
                                              .text = "Hold the ford \xc3\xa0 tout prix"}));
    assert_true(game_note_add(
        g, &(game_note){.kind = GAME_NOTE_PING, .side = 2, .command = 10, .x = 12.5f, .y = 40}));
    assert_false(game_note_add(g, &(game_note){.kind = 9}));
    assert_int_equal(game_hash(g), hash);
    char *text = game_save_string(g);
    assert_non_null(strstr(text, "\"notes\": ["));
    game_error err;
    game *h = game_load_string(text, strlen(text), "mem.json",
                               &(game_load_desc){.rules = &toy_rules_ops}, &err);
    assert_non_null(h);
    assert_int_equal(game_hash(h), hash);
    assert_int_equal(game_hash_at(h, 4), hash5);
    assert_int_equal(game_note_count(h), 2);
    assert_string_equal(game_note_at(h, 0)->text, "Hold the ford \xc3\xa0 tout prix");
    assert_int_equal(game_note_at(h, 0)->command, 4);
    assert_int_equal(game_note_at(h, 1)->kind, GAME_NOTE_PING);
    assert_int_equal(game_note_at(h, 1)->side, 2);
    assert_true(game_note_at(h, 1)->x == 12.5f && game_note_at(h, 1)->y == 40.0f);
    char *again = game_save_string(h);
    assert_string_equal(again, text); /* bit for bit */
    replay_report rep;
    assert_true(
        replay_string(text, strlen(text), "mem.json", &toy_rules_ops, NULL, NULL, &rep, &err));
    assert_int_equal(rep.checked, 10);
    /* undo and redo leave the notes be */
    game_undo(h);
    assert_int_equal(game_note_count(h), 2);
    /* a bad note is refused, naming it */
    char buf[1024], *bad = replace(text, "\"kind\":\"ping\"", "\"kind\":\"wave\"");
    assert_non_null(strstr(load_error(bad, buf, sizeof buf), "notes[1]"));
    free(bad);
    bad = replace(text, "\"text\":\"Hold", "\"text\":7,\"x\":\"Hold");
    assert_non_null(strstr(load_error(bad, buf, sizeof buf), "notes[0]"));
    free(bad);
    free(again);
    free(text);
    free(plain);
    game_destroy(g);
    game_destroy(h);
}

static void test_save_errors_exact(void **state)
{
    (void)state;
    game *g = played_duel(6);
    char *text = game_save_string(g);
    char buf[1024];

    /* truncated in the middle of the command log */
    char *cut = strdup(text);
    cut[strlen(cut) * 3 / 4] = '\0';
    int line = 1;
    for (const char *p = cut; *p; p++)
        line += *p == '\n';
    char want[512];
    load_error(cut, buf, sizeof buf);
    snprintf(want, sizeof want, "t.json:%d:", line);
    assert_memory_equal(buf, want, strlen(want));
    assert_non_null(strstr(buf, ": the save is truncated: it ends before its JSON does ("));
    free(cut);

    assert_string_equal(load_error("", buf, sizeof buf), "t.json: the file is empty (not a save)");
    assert_string_equal(
        load_error("{\"format\": \"sandtable-save\",\n \"version\": 1,,}", buf, sizeof buf),
        "t.json:2:15: the save is corrupt: string or '}' expected near ','");

    char *newer = replace(text, "\"version\": 1", "\"version\": 7");
    assert_string_equal(load_error(newer, buf, sizeof buf),
                        "t.json:3:14: $.version: written by a newer Sandtable (save format "
                        "version 7; this build reads up to version 1)");
    free(newer);

    char *notsave = replace(text, "\"sandtable-save\"", "\"something\"");
    assert_string_equal(load_error(notsave, buf, sizeof buf),
                        "t.json:2:13: $.format: not a Sandtable save (expected \"format\": "
                        "\"sandtable-save\")");
    free(notsave);

    /* a key longer than any message (found by fuzz_save: it overflowed the message buffer) */
    char longkey[700];
    memset(longkey, 'k', 600);
    snprintf(longkey + 600, sizeof longkey - 600, "\": 1, \"cursor\"");
    char *lk = replace(text, "\"cursor\"", longkey);
    char *with_quote = replace(lk, "kkkk", "\"kkkk");
    load_error(with_quote, buf, sizeof buf);
    assert_prefix(buf, "t.json:8:3: $.kkkk");
    assert_non_null(strstr(buf, ": unknown key"));
    free(lk);
    free(with_quote);

    char *extra = replace(text, "\"cursor\"", "\"colour\": 1, \"cursor\"");
    assert_string_equal(load_error(extra, buf, sizeof buf), "t.json:8:3: $.colour: unknown key");
    free(extra);

    /* a changed die roll: the first fire's hash no longer matches */
    const char *h0 = strstr(text, "\"hash\":\"");
    assert_non_null(h0);
    char *bad = strdup(text);
    char *digit = bad + (h0 - text) + 8;
    *digit = *digit == '0' ? '1' : '0';
    load_error(bad, buf, sizeof buf);
    assert_prefix(buf, "t.json:10:83: $.commands[0].hash: command 1 (");
    assert_non_null(strstr(buf, "$.commands[0].hash: command 1 ("));
    assert_non_null(strstr(buf, "differs: the combined hash only"));
    free(bad);

    char *badcmd = replace(text, "\"kind\":\"", "\"kind\":\"x");
    assert_string_equal(load_error(badcmd, buf, sizeof buf),
                        "t.json:10:16: $.commands[0].command.kind: unknown command kind");
    free(badcmd);

    /* hashes are exactly 16 hex digits: no sign, no space (strtoull alone took them) */
    const char *sh = strstr(text, "\"start_hash\": \"");
    assert_non_null(sh);
    const char *signs[] = {"-", "+", " "};
    for (int k = 0; k < 3; k++) {
        char *signed_hash = strdup(text);
        signed_hash[(sh - text) + 15] = signs[k][0];
        load_error(signed_hash, buf, sizeof buf);
        assert_prefix(buf, "t.json:7:17: $.start_hash: expected 16 hex digits");
        free(signed_hash);
    }

    /* another seed: other dice from the start */
    char *seed = replace(text, "\"seed\": \"42\"", "\"seed\": \"43\"");
    load_error(seed, buf, sizeof buf);
    assert_prefix(buf, "t.json:7:17: $.start_hash: the starting state differs (hash ");
    free(seed);

    free(text);
    game_destroy(g);
}

static void test_autosave_and_backup(void **state)
{
    (void)state;
    char dir[] = SANDTABLE_TEST_TMP "/sandtable-test-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char cfg_data[1100]; /* what the front end makes of $XDG_DATA_HOME */
    snprintf(cfg_data, sizeof cfg_data, "%s/sandtable", dir);
    config_set(&(config_desc){.data_dir = cfg_data});
    char path[1024];
    assert_true(game_autosave_path("scenarios/duel.json", path, sizeof path));
    char want[1100];
    snprintf(want, sizeof want, "%s/sandtable/autosave-duel.json", dir);
    assert_string_equal(path, want);

    game_error err;
    game *g = game_create(&(game_desc){.scenario = load_duel(),
                                       .take_scenario = true,
                                       .rules = &toy_rules_ops,
                                       .autosave_path = path},
                          &err);
    dice_rng rng;
    dice_seed(&rng, 5);
    play(g, 3, BOT_GREEDY, &rng);
    assert_null(game_last_save_error(g));
    game *h = game_load(path, &(game_load_desc){.rules = &toy_rules_ops}, &err);
    assert_non_null(h);
    assert_int_equal(game_log_count(h), 3);
    assert_int_equal(game_hash(h), game_hash(g));
    game_destroy(h);
    char bak[1100];
    snprintf(bak, sizeof bak, "%s.bak", path);
    h = game_load(bak, &(game_load_desc){.rules = &toy_rules_ops}, &err);
    assert_non_null(h);
    assert_int_equal(game_log_count(h), 2);
    game_destroy(h);
    game_undo(g); /* undo autosaves too */
    h = game_load(path, &(game_load_desc){.rules = &toy_rules_ops}, &err);
    assert_int_equal(game_cursor(h), 2);
    game_destroy(h);
    game_destroy(g);
    unlink(bak);
    unlink(path);
    char sub[1100];
    snprintf(sub, sizeof sub, "%s/sandtable", dir);
    rmdir(sub);
    rmdir(dir);
}

/* In a child process: whether a match autosaving to `path` can be opened there, and the
 * reason when not (exit 0: opened; 1: refused as open in another window; 2: anything else). */
static int open_in_other_process(const char *path)
{
    pid_t pid = fork();
    if (pid == 0) {
        game_error err;
        game *g = game_create(&(game_desc){.scenario = load_duel(),
                                           .take_scenario = true,
                                           .rules = &toy_rules_ops,
                                           .autosave_path = path},
                              &err);
        if (g)
            _exit(0);
        _exit(strcmp(err.message, "this game is open in another window") == 0 && !err.file[0] ? 1
                                                                                              : 2);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 3;
}

/* One window per save (issue 21): while a match autosaves to a file, another process cannot
 * open a match on it (it says the game is open elsewhere); the same process can (a match
 * reloaded over its own save), and the lock goes with the last match using it. A load with an
 * autosave path takes it too. Temporary files a killed writer left are removed then. */
static void test_save_lock(void **state)
{
    (void)state;
    char dir[] = SANDTABLE_TEST_TMP "/sandtable-lock-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[1024], stale[1100], cmd[1200];
    snprintf(path, sizeof path, "%s/autosave-duel.json", dir);
    snprintf(stale, sizeof stale, "%s.tmp-AbC123", path);
    FILE *f = fopen(stale, "w");
    assert_non_null(f);
    fclose(f);
    assert_int_equal(open_in_other_process(path), 0); /* nobody has it */
    game_error err;
    game_desc gd = {.scenario = load_duel(),
                    .take_scenario = true,
                    .rules = &toy_rules_ops,
                    .autosave_path = path};
    game *g = game_create(&gd, &err);
    assert_non_null(g);
    assert_int_equal(access(stale, F_OK), -1); /* the killed writer's leftover is gone */
    assert_int_equal(open_in_other_process(path), 1);
    dice_rng rng;
    dice_seed(&rng, 9);
    play(g, 2, BOT_GREEDY, &rng);
    game *h =
        game_load(path, &(game_load_desc){.rules = &toy_rules_ops, .autosave_path = path}, &err);
    assert_non_null(h);
    game_destroy(g);
    assert_int_equal(open_in_other_process(path), 1); /* h still holds it */
    game_destroy(h);
    assert_int_equal(open_in_other_process(path), 0);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
}

static void test_greedy_beats_random(void **state)
{
    (void)state;
    int greedy_wins = 0, random_wins = 0;
    for (int i = 0; i < 40; i++) {
        game *g = new_duel(500 + (uint64_t)i);
        dice_rng rng;
        dice_seed(&rng, (uint64_t)i);
        rules_command c;
        rules_decision dec;
        for (game_decision(g, &dec); dec.kind != RULES_DECIDE_NONE; game_decision(g, &dec)) {
            /* greedy plays side 1 in even games, side 2 in odd ones */
            bool greedy = (dec.side.id == 1) == (i % 2 == 0);
            assert_true(bot_choose(g, greedy ? BOT_GREEDY : BOT_RANDOM, &rng, &c));
            assert_true(game_submit(g, &c, NULL, 0));
        }
        rules_outcome out;
        game_outcome(g, &out);
        uint32_t greedy_side = i % 2 == 0 ? 1 : 2;
        greedy_wins += out.winner.id == greedy_side;
        random_wins += out.winner.id && out.winner.id != greedy_side;
        game_destroy(g);
    }
    print_message("greedy %d, random %d of 40\n", greedy_wins, random_wins);
    assert_true(greedy_wins > 3 * random_wins);
}

/* toy_clone_into, counted (the test's own rule set copy below). */
static int clone_into_calls;
static void counted_clone_into(rules_state *dst, const rules_state *src)
{
    clone_into_calls++;
    toy_clone_into(dst, src);
}

/* A rule set with clone_into plays the very games of one without: the overlap check's copies
 * reuse the states it hands back, and the hashes after every command are the same. */
static void test_clone_into_same_games(void **state)
{
    (void)state;
    rules_ops with = toy_rules_ops;
    with.clone_into = counted_clone_into;
    clone_into_calls = 0;
    for (uint64_t seed = 1; seed <= 6; seed++) {
        game *g[2];
        for (int k = 0; k < 2; k++) {
            game_error err;
            g[k] = game_create(&(game_desc){.scenario = load_duel(),
                                            .take_scenario = true,
                                            .seed_set = true,
                                            .seed = seed,
                                            .rules = k ? &with : &toy_rules_ops},
                               &err);
            assert_non_null(g[k]);
            dice_rng rng;
            dice_seed(&rng, seed + 100);
            play(g[k], 10000, seed % 2 ? BOT_GREEDY : BOT_RANDOM, &rng);
        }
        assert_int_equal(game_cursor(g[0]), game_cursor(g[1]));
        for (int i = 0; i < game_cursor(g[0]); i++)
            assert_int_equal(game_hash_at(g[0], i), game_hash_at(g[1], i));
        /* undone and played again from a snapshot, the kept state still serves */
        assert_true(game_goto(g[1], game_cursor(g[1]) / 2));
        assert_true(game_goto(g[1], game_log_count(g[1])));
        assert_int_equal(game_hash(g[0]), game_hash(g[1]));
        game_destroy(g[0]);
        game_destroy(g[1]);
    }
    assert_true(clone_into_calls > 0);
}

/* A rule set that moves a figure without an event. */
static void cheat_resolve(rules_state *rs, rules_ctx *ctx, const rules_command *cmd)
{
    toy_rules_ops.resolve(rs, ctx, cmd);
    ctx->table->figures[0].pos.x += 1.0f;
}

static void test_verify_events_catches_a_cheat(void **state)
{
    (void)state;
    rules_ops cheat = toy_rules_ops;
    cheat.resolve = cheat_resolve;
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        freopen("/dev/null", "w", stderr);
        game_error err;
        game *g = game_create(&(game_desc){.scenario = load_duel(),
                                           .take_scenario = true,
                                           .rules = &cheat,
                                           .verify_events = true},
                              &err);
        rules_command c = {.kind = RULES_CMD_END_PHASE, .side.id = 1};
        game_submit(g, &c, NULL, 0);
        _exit(0); /* not reached when the check works */
    }
    int status = 0;
    waitpid(pid, &status, 0);
    assert_true(WIFSIGNALED(status));
    assert_int_equal(WTERMSIG(status), SIGABRT);
    /* and the honest toy passes the same check (new_duel verifies every command) */
    game *g = new_duel(3);
    rules_command c = {.kind = RULES_CMD_END_PHASE, .side.id = 1};
    assert_true(game_submit(g, &c, NULL, 0));
    game_destroy(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bot_plays_to_the_end),
        cmocka_unit_test(test_undo_redo_restore_hashes),
        cmocka_unit_test(test_undo_fire_rolls_same_dice),
        cmocka_unit_test(test_property_random_sequences),
        cmocka_unit_test(test_illegal_command_refused),
        cmocka_unit_test(test_queries),
        cmocka_unit_test(test_save_load_roundtrip),
        cmocka_unit_test(test_save_errors_exact),
        cmocka_unit_test(test_autosave_and_backup),
        cmocka_unit_test(test_save_lock),
        cmocka_unit_test(test_greedy_beats_random),
        cmocka_unit_test(test_verify_events_catches_a_cheat),
        cmocka_unit_test(test_clone_into_same_games),
        cmocka_unit_test(test_notes_roundtrip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
