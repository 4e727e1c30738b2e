/* libFuzzer target: a host in the middle of a tiny match, fed random and mutated messages by
 * the player of side 2 (a raw peer that joined honestly), with a spectator client watching.
 * Whatever comes, nothing crashes and nothing desyncs: after every message the spectator's
 * table has the host's hash and command count (a stop is in step too: both stop).
 *
 * Input: chunks of [flags][len lo][len hi][bytes]. Flags: bit 0 sets the sequence number to the
 * next one, bit 1 the length field to the real one, bit 2 the magic and version; bit 5 makes the
 * bytes a well-formed message (type = first byte, payload = the rest); bit 3 then plays one
 * legal move of the deciding side (at most 16 an input), so the match moves on. */
#include "../net/net_pipe.h"

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void put32(uint8_t *b, uint32_t v)
{
    b[0] = (uint8_t)(v >> 24), b[1] = (uint8_t)(v >> 16), b[2] = (uint8_t)(v >> 8),
    b[3] = (uint8_t)v;
}

static void send_chunk(net_pipe *p, uint8_t flags, const uint8_t *bytes, size_t n)
{
    uint8_t *buf = malloc(n + NET_HEADER_SIZE + 1);
    size_t len = n;
    if (flags & 32) {
        buf[4] = NET_PROTOCOL_VERSION;
        buf[5] = n ? bytes[0] % NET_MSG_TYPE_COUNT : NET_MSG_CHAT;
        buf[6] = buf[7] = 0;
        memcpy(buf + NET_HEADER_SIZE, bytes + (n > 0), n - (n > 0));
        len = NET_HEADER_SIZE + n - (n > 0);
        flags |= 7;
    } else {
        memcpy(buf, bytes, n);
    }
    if (len >= NET_HEADER_SIZE) {
        if (flags & 4) {
            memcpy(buf, "STBL", 4);
            buf[4] = NET_PROTOCOL_VERSION;
        }
        if (flags & 1)
            put32(buf + 8, p->raw_seq[1]);
        if (flags & 2)
            put32(buf + 12, (uint32_t)(len - NET_HEADER_SIZE));
        if (flags & 1)
            p->raw_seq[1]++;
    }
    pipe_raw_bytes(p, 1, buf, len);
    free(buf);
}

/* One move of whichever side decides: the host's own (submitted locally) or the raw player's
 * (sent as its SUBMIT). The first legal command: the generator of legal ones is the costly
 * part, so it runs once. */
static void play_one(net_pipe *p)
{
    rules_command cmds[64];
    char why[256];
    rules_decision dec;
    game_decision(p->host_game, &dec);
    if (game_legal(p->host_game, cmds, 64) <= 0)
        return;
    if (net_session_my_turn(p->host))
        net_session_submit(p->host, &cmds[0], why, sizeof why);
    else if (dec.side.id == 2)
        pipe_raw_send(p, 1, NET_MSG_SUBMIT,
                      json_pack("{s:o}", "command", rules_command_to_json(&cmds[0])));
}

static void check_in_step(net_pipe *p)
{
    pipe_pump(p, PIPE_QUEUE_MAX);
    const game *g = net_session_game(p->client);
    /* a player may stop the match (claiming a desync, say): then both stop, in step */
    bool stopped =
        net_session_state(p->client) == NET_STOPPED && net_session_state(p->host) != NET_STOPPED;
    if (stopped || game_hash(g) != game_hash(p->host_game) ||
        game_cursor(g) != game_cursor(p->host_game))
        abort(); /* a desync: the spectator's table is not the host's */
}

/* The two matches live across inputs (set up once: most of an input's time otherwise), each
 * input starting them from the beginning again (game_goto 0; the next command drops the rest). */
static game *host_game, *watch_game;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (host_game) {
        game_goto(host_game, 0);
        game_goto(watch_game, 0);
    }
    net_pipe *p =
        pipe_create(&(pipe_desc){.scenario = "tiny_two_brigades.json", .host_game = host_game});
    host_game = p->host_game;
    p->own_host_game = false;
    pipe_raw_connect(p, 1);
    pipe_raw_send(p, 1, NET_MSG_JOIN, pipe_raw_join_body(p, 1, 2, ""));
    pipe_attach_client(p, &(net_session_desc){.game = watch_game}); /* the spectator */
    watch_game = net_session_release_game(p->client);
    int moves = 0;
    while (size >= 3) {
        uint8_t flags = data[0];
        size_t n = (size_t)data[1] | (size_t)data[2] << 8;
        data += 3, size -= 3;
        if (n > size)
            n = size;
        send_chunk(p, flags, data, n);
        data += n, size -= n;
        if ((flags & 8) && moves++ < 16)
            play_one(p);
        check_in_step(p);
    }
    pipe_destroy(p);
    return 0;
}
