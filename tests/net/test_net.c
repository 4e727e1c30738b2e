/* The lockstep session over memory (net_pipe.h): a whole match, the handshake's refusals, bad
 * peers (malformed, oversized, out-of-order, forged, wrong-side messages), a desync, a drop and
 * a resume, a spectator. */
#include "net_pipe.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <unistd.h>

#include <cmocka.h>

#define SCENARIO "tiny_two_brigades.json"

static void play_to_end(net_pipe *p, int max_steps)
{
    bot_scratch *b = bot_scratch_create();
    dice_rng rng;
    dice_seed(&rng, 5);
    for (int i = 0; i < max_steps; i++) {
        net_state hs = net_session_state(p->host);
        net_state cs = p->client ? net_session_state(p->client) : NET_OVER;
        if ((hs == NET_OVER || hs == NET_STOPPED) && (cs == NET_OVER || cs == NET_STOPPED))
            break;
        pipe_bots_step(p, b, &rng);
    }
    bot_scratch_destroy(b);
}

static void steps(net_pipe *p, int n)
{
    bot_scratch *b = bot_scratch_create();
    dice_rng rng;
    dice_seed(&rng, 9);
    for (int i = 0; i < n; i++)
        pipe_bots_step(p, b, &rng);
    bot_scratch_destroy(b);
}

static bool logged(const net_pipe *p, const char *what)
{
    return strstr(p->log, what) != NULL;
}

static void clear_log(net_pipe *p)
{
    p->log_len = 0;
    p->log[0] = '\0';
}

static void test_whole_match(void **state)
{
    (void)state;
    net_pipe *p = pipe_create(&(pipe_desc){.scenario = SCENARIO, .with_client = true});
    assert_int_equal(net_session_state(p->host), NET_PLAYING);
    assert_int_equal(net_session_side(p->client), 2);
    play_to_end(p, 20000);
    game *hg = p->host_game, *cg = net_session_game(p->client);
    assert_int_equal(net_session_state(p->host), NET_OVER);
    assert_int_equal(net_session_state(p->client), NET_OVER);
    assert_true(game_over(hg));
    assert_true(game_cursor(hg) > 20);
    assert_int_equal(game_cursor(hg), game_cursor(cg));
    for (int i = 0; i < game_cursor(hg); i++)
        assert_true(game_hash_at(hg, i) == game_hash_at(cg, i));
    pipe_destroy(p);
}

static void refused_with(const net_session_desc *client, const char *host_password,
                         const char *reason)
{
    net_pipe *p = pipe_create(&(pipe_desc){.scenario = SCENARIO,
                                           .with_client = true,
                                           .client = *client,
                                           .host_password = host_password});
    assert_int_equal(net_session_state(p->client), NET_STOPPED);
    assert_non_null(strstr(net_session_message(p->client), reason));
    assert_true(logged(p, "peer 0 refused"));
    assert_true(p->kicked[0]);
    assert_int_equal(net_session_state(p->host), NET_WAITING);
    pipe_destroy(p);
}

static void test_handshake_refusals(void **state)
{
    (void)state;
    refused_with(&(net_session_desc){.build = "0.0.1-other"}, NULL, "same build");
    refused_with(&(net_session_desc){.rules_hash = 0x1234}, NULL, "rule data of tiny differs");
    refused_with(&(net_session_desc){0}, "sesame", "wrong password");
    refused_with(&(net_session_desc){.password = "open"}, "sesame", "wrong password");
    refused_with(&(net_session_desc){.side = 1}, NULL, "the host plays");
    refused_with(&(net_session_desc){.side = 7}, NULL, "no side 7");
    net_pipe *p = pipe_create(&(pipe_desc){.scenario = SCENARIO,
                                           .with_client = true,
                                           .client = {.password = "sesame"},
                                           .host_password = "sesame"});
    assert_int_equal(net_session_state(p->client), NET_PLAYING);
    pipe_destroy(p);
}

static void put32(uint8_t *b, uint32_t v)
{
    b[0] = (uint8_t)(v >> 24), b[1] = (uint8_t)(v >> 16), b[2] = (uint8_t)(v >> 8),
    b[3] = (uint8_t)v;
}

/* A raw message with header fields the test chooses. */
static void raw_frame(net_pipe *p, int peer, const char *magic, int version, int type, uint32_t seq,
                      uint32_t len_field, const char *payload, size_t n)
{
    uint8_t *buf = calloc(1, NET_HEADER_SIZE + n + 1);
    memcpy(buf, magic, 4);
    buf[4] = (uint8_t)version;
    buf[5] = (uint8_t)type;
    put32(buf + 8, seq);
    put32(buf + 12, len_field);
    memcpy(buf + NET_HEADER_SIZE, payload, n);
    pipe_raw_bytes(p, peer, buf, NET_HEADER_SIZE + n);
    free(buf);
}

/* Each refused: the log says why, and the match is as it was. */
static void expect_refused(net_pipe *p, const char *why, uint64_t hash, int cursor)
{
    if (!logged(p, why))
        fail_msg("no log line with \"%s\"; log:\n%s", why, p->log);
    assert_true(game_hash(p->host_game) == hash);
    assert_int_equal(game_cursor(p->host_game), cursor);
    assert_int_equal(net_session_state(p->host), NET_PLAYING);
    clear_log(p);
}

static rules_command legal_of(const game *g, uint32_t who)
{
    rules_command cmds[256];
    int n = game_legal(g, cmds, 256);
    for (int i = 0; i < n; i++)
        if (cmds[i].side.id == who)
            return cmds[i];
    fail_msg("no legal command for side %u", who);
    return cmds[0];
}

static void raw_submit(net_pipe *p, int peer, const rules_command *cmd)
{
    pipe_raw_send(p, peer, NET_MSG_SUBMIT,
                  json_pack("{s:o}", "command", rules_command_to_json(cmd)));
}

static void test_bad_peer(void **state)
{
    (void)state;
    net_pipe *p = pipe_create(&(pipe_desc){.scenario = SCENARIO});
    pipe_raw_connect(p, 0);
    assert_int_equal(p->raw_count[0][NET_MSG_HELLO], 1);
    /* before joining, only a join: a submit is refused */
    raw_submit(p, 0, &(rules_command){.kind = RULES_CMD_END_PHASE, .side = {2}});
    assert_true(logged(p, "a message of type submit is not expected from the client now"));
    pipe_raw_send(p, 0, NET_MSG_JOIN, pipe_raw_join_body(p, 0, 0, ""));
    assert_int_equal(p->raw_count[0][NET_MSG_START], 1);
    assert_int_equal(json_integer_value(json_object_get(p->raw_last[0][NET_MSG_START], "side")), 2);
    assert_int_equal(net_session_state(p->host), NET_PLAYING);
    clear_log(p);

    /* the host's side moves until it is the host's decision */
    game *g = p->host_game;
    char why[256];
    for (int i = 0; i < 200; i++) {
        rules_decision dec;
        game_decision(g, &dec);
        if (dec.side.id == 1)
            break;
        rules_command c = legal_of(g, 2);
        int applies = p->raw_count[0][NET_MSG_APPLY];
        raw_submit(p, 0, &c); /* the player's own legal command: played and sent back */
        assert_int_equal(p->raw_count[0][NET_MSG_APPLY], applies + 1);
    }
    uint64_t h = game_hash(g);
    int cur = game_cursor(g);
    uint32_t seq = p->raw_seq[0];

    raw_frame(p, 0, "STBL", 1, NET_MSG_SUBMIT, seq, 0, "", 0);
    expect_refused(p, "payload is not JSON", h, cur);
    pipe_raw_bytes(p, 0, "STB", 3);
    expect_refused(p, "shorter than its header", h, cur);
    raw_frame(p, 0, "XXXX", 1, NET_MSG_SUBMIT, seq, 2, "{}", 2);
    expect_refused(p, "bad magic", h, cur);
    raw_frame(p, 0, "STBL", 9, NET_MSG_SUBMIT, seq, 2, "{}", 2);
    expect_refused(p, "protocol version 9", h, cur);
    raw_frame(p, 0, "STBL", 1, 200, seq, 2, "{}", 2);
    expect_refused(p, "unknown message type 200", h, cur);
    raw_frame(p, 0, "STBL", 1, NET_MSG_SUBMIT, seq, 50, "{}", 2);
    expect_refused(p, "length field says 50 bytes, the message has 2", h, cur);
    size_t big = 20000;
    char *huge = malloc(big);
    memset(huge, ' ', big);
    huge[0] = '{', huge[big - 1] = '}';
    raw_frame(p, 0, "STBL", 1, NET_MSG_SUBMIT, seq, (uint32_t)big, huge, big);
    expect_refused(p, "over its limit", h, cur);
    raw_frame(p, 0, "STBL", 1, NET_MSG_CHAT, seq, 0x7fffffff, "{}", 2);
    expect_refused(p, "over its limit", h, cur);
    free(huge);
    raw_frame(p, 0, "STBL", 1, NET_MSG_SUBMIT, seq, 4, "[1,2", 4);
    expect_refused(p, "not JSON", h, cur);
    raw_frame(p, 0, "STBL", 1, NET_MSG_SUBMIT, seq, 5, "[1,2]", 5);
    expect_refused(p, "not a JSON object", h, cur);
    raw_frame(p, 0, "STBL", 1, NET_MSG_SUBMIT, seq, 3, "{\0}", 3);
    expect_refused(p, "NUL byte", h, cur);

    /* out of order: a skipped number, a repeated one */
    p->raw_seq[0] += 5;
    raw_submit(p, 0, &(rules_command){.kind = RULES_CMD_END_PHASE, .side = {2}});
    expect_refused(p, "out of order", h, cur);
    p->raw_seq[0] = seq - 1;
    raw_submit(p, 0, &(rules_command){.kind = RULES_CMD_END_PHASE, .side = {2}});
    expect_refused(p, "out of order", h, cur);
    p->raw_seq[0] = seq;

    /* what only the host may send */
    pipe_raw_send(p, 0, NET_MSG_APPLY, json_pack("{s:i}", "index", cur));
    expect_refused(p, "a message of type apply is not expected from the client", h, cur);
    pipe_raw_send(p, 0, NET_MSG_JOIN, pipe_raw_join_body(p, 0, 0, ""));
    expect_refused(p, "a message of type join is not expected", h, cur);

    /* a bad command, a forged one (the host's side), one of the wrong side's turn */
    int denies = p->raw_count[0][NET_MSG_DENY];
    pipe_raw_send(p, 0, NET_MSG_SUBMIT, json_pack("{s:{s:s}}", "command", "kind", "fly"));
    expect_refused(p, "command refused", h, cur);
    pipe_raw_send(p, 0, NET_MSG_SUBMIT, json_pack("{s:i}", "commands", 3));
    expect_refused(p, "without a command", h, cur);
    rules_command forged = legal_of(g, 1);
    raw_submit(p, 0, &forged);
    expect_refused(p, "(forged)", h, cur);
    raw_submit(p, 0, &(rules_command){.kind = RULES_CMD_END_PHASE, .side = {2}});
    /* the engine's own words, as for a local command out of turn */
    assert_false(game_validate(g, &(rules_command){.kind = RULES_CMD_END_PHASE, .side = {2}}, why,
                               sizeof why));
    expect_refused(p, why, h, cur);
    assert_int_equal(p->raw_count[0][NET_MSG_DENY], denies + 4);

    /* the match is whole: its save replays with every hash */
    char *text = game_save_string(g);
    game_error err;
    game *again = game_load_string(text, strlen(text), "net.json", NULL, &err);
    assert_non_null(again);
    assert_true(game_hash(again) == h);
    game_destroy(again);
    free(text);

    /* a peer that keeps sending garbage is dropped */
    for (int i = 0; i < NET_STRIKES_MAX && !p->kicked[0]; i++)
        pipe_raw_bytes(p, 0, "garbage!", 8);
    assert_true(p->kicked[0]);
    assert_true(logged(p, "dropped after"));
    assert_int_equal(net_session_state(p->host), NET_PAUSED);
    pipe_destroy(p);
}

static void test_desync(void **state)
{
    (void)state;
    char hpath[] = SANDTABLE_TEST_TMP "/sandtable-net-hXXXXXX",
         cpath[] = SANDTABLE_TEST_TMP "/sandtable-net-cXXXXXX";
    close(mkstemp(hpath));
    close(mkstemp(cpath));
    net_pipe *p = pipe_create(&(pipe_desc){.scenario = SCENARIO,
                                           .with_client = true,
                                           .client = {.desync_path = cpath},
                                           .host_desync = hpath});
    steps(p, 10);
    assert_int_equal(net_session_state(p->client), NET_PLAYING);
    p->corrupt_applies = 1;
    play_to_end(p, 2000);
    assert_int_equal(net_session_state(p->client), NET_STOPPED);
    assert_int_equal(net_session_state(p->host), NET_STOPPED);
    assert_non_null(strstr(net_session_message(p->client), "out of step with the host at command"));
    assert_non_null(strstr(net_session_message(p->host), "out of step with the other player"));
    assert_non_null(strstr(net_session_message(p->client), cpath));
    assert_non_null(strstr(net_session_message(p->host), hpath));
    /* both logs load and replay */
    game_error err;
    game *hg = game_load(hpath, NULL, &err), *cg = game_load(cpath, NULL, &err);
    assert_non_null(hg);
    assert_non_null(cg);
    assert_int_equal(game_cursor(hg), game_cursor(cg));
    game_destroy(hg);
    game_destroy(cg);
    unlink(hpath);
    unlink(cpath);
    char bak[64];
    snprintf(bak, sizeof bak, "%s.bak", hpath);
    unlink(bak);
    snprintf(bak, sizeof bak, "%s.bak", cpath);
    unlink(bak);
    pipe_destroy(p);
}

static void test_drop_and_resume(void **state)
{
    (void)state;
    net_pipe *p = pipe_create(&(pipe_desc){.scenario = SCENARIO, .with_client = true});
    steps(p, 20);
    int have = game_cursor(net_session_game(p->client));
    assert_true(have > 5);
    net_session_disconnected(p->host, 0);
    net_session_disconnected(p->client, 0);
    assert_int_equal(net_session_state(p->host), NET_PAUSED);
    assert_int_equal(net_session_state(p->client), NET_PAUSED);
    assert_non_null(strstr(net_session_message(p->host), "has left"));
    assert_false(net_session_my_turn(p->host));
    char why[128];
    rules_decision dec;
    game_decision(p->host_game, &dec);
    rules_command c = legal_of(p->host_game, dec.side.id);
    assert_false(net_session_submit(p->host, &c, why, sizeof why));
    assert_string_equal(why, "the match is paused");
    clear_log(p);
    net_session_connected(p->client, 0);
    net_session_connected(p->host, 0);
    pipe_pump(p, 1000);
    char want[64];
    snprintf(want, sizeof want, "resuming from command %d of %d", have, have);
    assert_true(logged(p, want));
    assert_int_equal(net_session_state(p->host), NET_PLAYING);
    assert_int_equal(net_session_state(p->client), NET_PLAYING);
    play_to_end(p, 20000);
    assert_int_equal(net_session_state(p->client), NET_OVER);
    assert_true(game_hash(p->host_game) == game_hash(net_session_game(p->client)));
    pipe_destroy(p);
}

static void test_spectator(void **state)
{
    (void)state;
    net_pipe *p = pipe_create(&(pipe_desc){.scenario = SCENARIO, .with_client = true});
    pipe_raw_connect(p, 1);
    pipe_raw_send(p, 1, NET_MSG_JOIN, pipe_raw_join_body(p, 1, 0, ""));
    assert_int_equal(json_integer_value(json_object_get(p->raw_last[1][NET_MSG_START], "side")), 0);
    raw_submit(p, 1, &(rules_command){.kind = RULES_CMD_END_PHASE, .side = {2}});
    assert_true(logged(p, "a spectator cannot give commands"));
    int before = p->raw_count[1][NET_MSG_APPLY];
    steps(p, 10);
    /* the spectator sees every command the match plays */
    assert_int_equal(p->raw_count[1][NET_MSG_APPLY] - before, game_cursor(p->host_game) - before);
    pipe_destroy(p);
}

/* The join form's "Watch": a spectator although a side is free, in the lobby as one who
 * watches, never counted as the other player, and refused a command. */
static void test_watch_by_choice(void **state)
{
    (void)state;
    net_pipe *p = pipe_create(&(pipe_desc){.scenario = SCENARIO,
                                           .with_client = true,
                                           .host_lobby = true,
                                           .client = {.watch = true, .name = "Ada"}});
    assert_int_equal(net_session_peer_side(p->host, 0), 0);
    assert_int_equal(net_session_side(p->client), 0);
    assert_false(net_session_full(p->host)); /* the free side still waits for its player */
    assert_true(logged(p, "peer 0 (Ada) joined as a spectator"));
    net_player pl[NET_PEERS_MAX + 1];
    int n = net_session_players(p->client, pl, NET_PEERS_MAX + 1);
    assert_int_equal(n, 2);
    assert_true(pl[1].local);
    assert_int_equal(pl[1].side, 0);
    assert_string_equal(pl[1].name, "Ada");
    net_session_ready(p->host, true);
    net_session_ready(p->client, true);
    pipe_pump(p, 1000);
    char why[256];
    assert_false(net_session_my_turn(p->client));
    rules_decision d;
    game_decision(p->host_game, &d);
    assert_false(net_session_submit(
        p->client, &(rules_command){.kind = RULES_CMD_END_PHASE, .side = d.side}, why, sizeof why));
    pipe_destroy(p);
}

static void test_undo_by_consent(void **state)
{
    (void)state;
    net_pipe *p = pipe_create(&(pipe_desc){.scenario = SCENARIO, .with_client = true});
    steps(p, 12);
    game *cg = net_session_game(p->client);
    int cur = game_cursor(p->host_game);
    uint64_t before = game_hash_at(p->host_game, cur - 2);
    /* the client asks, the host declines: nothing changes */
    assert_true(net_session_undo_ask(p->client));
    assert_false(net_session_undo_ask(p->client)); /* one question at a time */
    pipe_pump(p, 100);
    assert_true(net_session_undo_asked(p->host));
    net_session_undo_answer(p->host, false);
    pipe_pump(p, 100);
    assert_false(net_session_undo_waiting(p->client));
    assert_string_equal(net_session_denied(p->client), "The other player declined to undo");
    assert_int_equal(game_cursor(p->host_game), cur);
    /* the host asks, the client agrees: both tables go back one command, hashes checked */
    assert_true(net_session_undo_ask(p->host));
    pipe_pump(p, 100);
    assert_true(net_session_undo_asked(p->client));
    net_session_undo_answer(p->client, true);
    pipe_pump(p, 100);
    assert_int_equal(game_cursor(p->host_game), cur - 1);
    assert_int_equal(game_cursor(cg), cur - 1);
    assert_true(game_hash(p->host_game) == before);
    assert_true(game_hash(cg) == before);
    assert_int_equal(net_session_state(p->client), NET_PLAYING);
    /* an answer nobody asked for changes nothing */
    net_session_undo_answer(p->host, true);
    assert_int_equal(game_cursor(p->host_game), cur - 1);
    play_to_end(p, 20000);
    assert_int_equal(net_session_state(p->client), NET_OVER);
    assert_true(game_hash(p->host_game) == game_hash(cg));
    pipe_destroy(p);
}

static void test_chat_and_ping(void **state)
{
    (void)state;
    net_pipe *p = pipe_create(&(pipe_desc){.scenario = SCENARIO, .with_client = true});
    assert_true(net_session_chat(p->client, "Advance on the \x1b[31mford\x07!"));
    assert_true(net_session_ping(p->host, 60.5f, 40.25f));
    assert_false(net_session_ping(p->host, -1.0f, 40.0f)); /* off the table */
    assert_false(net_session_chat(p->host, "\x01\x02"));   /* nothing left to say */
    pipe_pump(p, 100);
    for (int k = 0; k < 2; k++) {
        net_session *s = k ? p->client : p->host;
        assert_int_equal(net_session_note_count(s), 2);
        /* each side keeps its own in the order it saw them */
        const net_note *a = net_session_note(s, 0), *b = net_session_note(s, 1);
        const net_note *chat = a->kind == NET_NOTE_CHAT ? a : b, *ping = chat == a ? b : a;
        assert_int_equal(chat->kind, NET_NOTE_CHAT);
        assert_string_equal(chat->text, "Advance on the [31mford!");
        assert_int_equal(chat->side, 2); /* the host stamps the sender's side */
        assert_int_equal(ping->kind, NET_NOTE_PING);
        assert_int_equal(ping->side, 1);
        assert_true(ping->x == 60.5f && ping->y == 40.25f);
        /* and the match keeps them (its save and replay have them), outside the state */
        game *g = net_session_game(s);
        assert_int_equal(game_note_count(g), 2);
        const game_note *ga = game_note_at(g, 0), *gb = game_note_at(g, 1);
        const game_note *gchat = ga->kind == GAME_NOTE_CHAT ? ga : gb;
        assert_string_equal(gchat->text, "Advance on the [31mford!");
        assert_int_equal(gchat->side, 2);
    }
    assert_true(game_hash(p->host_game) == game_hash(net_session_game(p->client)));
    char *saved = game_save_string(net_session_game(p->client));
    assert_non_null(strstr(saved, "\"kind\":\"ping\",\"side\":1"));
    free(saved);
    /* a long line is cut whole (no half UTF-8 sequence) */
    char longline[600];
    for (int i = 0; i + 2 < (int)sizeof longline; i += 2)
        longline[i] = (char)0xc3, longline[i + 1] = (char)0xa9; /* "é" */
    longline[sizeof longline - 2] = '\0';
    assert_true(net_session_chat(p->client, longline));
    pipe_pump(p, 100);
    const net_note *n = net_session_note(p->host, 2);
    assert_true(strlen(n->text) < NET_CHAT_MAX && strlen(n->text) % 2 == 0);
    pipe_destroy(p);
}

/* The lobby: both players named, the sides each takes (traded on the guest's word), nothing
 * played until both are ready, then the match as usual. */
static void test_lobby(void **state)
{
    (void)state;
    net_pipe *p = pipe_create(&(pipe_desc){.scenario = SCENARIO,
                                           .with_client = true,
                                           .host_lobby = true,
                                           .host_name = "Anna",
                                           .client = {.name = "Ben\x1b[1m"}});
    net_player pl[NET_PEERS_MAX + 1];
    for (int k = 0; k < 2; k++) {
        net_session *s = k ? p->client : p->host;
        assert_true(net_session_in_lobby(s));
        assert_int_equal(net_session_state(s), NET_WAITING);
        assert_int_equal(net_session_players(s, pl, NET_PEERS_MAX + 1), 2);
        assert_string_equal(pl[0].name, "Anna");
        assert_true(pl[0].host && pl[0].side == 1 && !pl[0].ready);
        assert_string_equal(pl[1].name, "Ben[1m"); /* control characters dropped */
        assert_true(pl[1].side == 2 && !pl[1].ready);
        assert_true(pl[k].local && !pl[1 - k].local);
    }
    assert_false(net_session_my_turn(p->host));
    char why[256];
    rules_command cmd;
    assert_true(game_legal(p->host_game, &cmd, 1) == 1);
    assert_false(net_session_submit(p->host, &cmd, why, sizeof why)); /* held by the lobby */
    /* the guest asks to trade sides: both not ready, the host plays the second side now */
    net_session_ready(p->host, true);
    pipe_pump(p, 100);
    assert_true(net_session_swap_sides(p->client));
    pipe_pump(p, 100);
    assert_int_equal(net_session_side(p->host), 2);
    assert_false(net_session_is_ready(p->host));
    assert_int_equal(net_session_players(p->client, pl, NET_PEERS_MAX + 1), 2);
    assert_true(pl[0].side == 2 && pl[1].side == 1 && !pl[0].ready);
    /* one ready is not enough */
    net_session_ready(p->client, true);
    pipe_pump(p, 100);
    assert_true(net_session_in_lobby(p->host));
    assert_int_equal(net_session_state(p->client), NET_WAITING);
    net_session_ready(p->host, true);
    pipe_pump(p, 100);
    assert_false(net_session_in_lobby(p->host));
    assert_false(net_session_in_lobby(p->client));
    assert_int_equal(net_session_state(p->host), NET_PLAYING);
    assert_int_equal(net_session_state(p->client), NET_PLAYING);
    assert_int_equal(net_session_side(p->client), 1);
    assert_string_equal(net_session_player_name(p->client, 2), "Anna");
    assert_string_equal(net_session_player_name(p->host, 1), "Ben[1m");
    /* a late swap or ready changes nothing */
    assert_false(net_session_swap_sides(p->host));
    play_to_end(p, 20000);
    assert_int_equal(net_session_state(p->client), NET_OVER);
    assert_true(game_hash(p->host_game) == game_hash(net_session_game(p->client)));
    pipe_destroy(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lobby),
        cmocka_unit_test(test_whole_match),
        cmocka_unit_test(test_handshake_refusals),
        cmocka_unit_test(test_bad_peer),
        cmocka_unit_test(test_desync),
        cmocka_unit_test(test_drop_and_resume),
        cmocka_unit_test(test_spectator),
        cmocka_unit_test(test_watch_by_choice),
        cmocka_unit_test(test_undo_by_consent),
        cmocka_unit_test(test_chat_and_ping),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
