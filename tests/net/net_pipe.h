/* A host and a client session joined by memory instead of sockets, for the network tests and
 * the fuzzer: what the host sends to its peer 0 goes to the client session (when there is
 * one), what it sends to other peers ("raw" peers, driven by the test byte by byte) is decoded
 * and kept; every log line is kept. Header-only: static functions. */
#ifndef TESTS_NET_NET_PIPE_H
#define TESTS_NET_NET_PIPE_H

#include "game/bot.h"
#include "net/net.h"
#include "net/net_msg.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PIPE_QUEUE_MAX 1024
#define PIPE_LOG_MAX   (32 << 10)

typedef struct pipe_msg {
    bool to_host;
    uint8_t *data;
    size_t len;
} pipe_msg;

typedef struct net_pipe {
    game *host_game;
    net_session *host, *client;
    pipe_msg *q;
    int q_head, q_count;
    /* raw peers: the last message of each type the host sent them, and their next seq */
    json_t *raw_last[NET_PEERS_MAX][NET_MSG_TYPE_COUNT];
    int raw_count[NET_PEERS_MAX][NET_MSG_TYPE_COUNT];
    uint32_t raw_seq[NET_PEERS_MAX];
    bool kicked[NET_PEERS_MAX];
    char log[PIPE_LOG_MAX];
    size_t log_len;
    int corrupt_applies; /* this many next APPLYs to the client get a wrong hash */
    bool own_host_game;
} net_pipe;

static inline void pipe_log(void *user, const char *line)
{
    net_pipe *p = user;
    int n = snprintf(p->log + p->log_len, sizeof p->log - p->log_len, "%s\n", line);
    if (n > 0 && p->log_len + (size_t)n < sizeof p->log)
        p->log_len += (size_t)n;
    else
        p->log_len = 0; /* full: start again (the tests look at recent lines) */
}

static inline void pipe_push(net_pipe *p, bool to_host, const void *data, size_t len)
{
    if (p->q_count >= PIPE_QUEUE_MAX)
        abort(); /* a test that floods the queue is broken */
    pipe_msg *m = &p->q[(p->q_head + p->q_count++) % PIPE_QUEUE_MAX];
    m->to_host = to_host;
    m->data = malloc(len ? len : 1);
    memcpy(m->data, data, len);
    m->len = len;
}

static inline void pipe_host_send(void *user, int peer, const void *data, size_t len)
{
    net_pipe *p = user;
    net_msg m;
    char err[256];
    if (!net_msg_decode(data, len, &m, err, sizeof err))
        abort(); /* the host never sends a message it could not read */
    if (peer == 0 && p->client) {
        if (m.type == NET_MSG_APPLY && p->corrupt_applies > 0) {
            p->corrupt_applies--;
            json_object_set_new(m.body, "hash", json_string("0123456789abcdef"));
            size_t n;
            uint8_t *buf = net_msg_encode(m.type, m.seq, m.body, &n);
            pipe_push(p, false, buf, n);
            free(buf);
        } else {
            pipe_push(p, false, data, len);
        }
        net_msg_free(&m);
        return;
    }
    json_decref(p->raw_last[peer][m.type]);
    p->raw_last[peer][m.type] = m.body;
    p->raw_count[peer][m.type]++;
}

static inline void pipe_client_send(void *user, int peer, const void *data, size_t len)
{
    (void)peer;
    pipe_push(user, true, data, len);
}

static inline void pipe_kick(void *user, int peer)
{
    ((net_pipe *)user)->kicked[peer] = true;
}

/* Delivers what is queued (and what that sends), at most `max` messages. */
static inline void pipe_pump(net_pipe *p, int max)
{
    while (p->q_count > 0 && max-- > 0) {
        pipe_msg m = p->q[p->q_head];
        p->q_head = (p->q_head + 1) % PIPE_QUEUE_MAX;
        p->q_count--;
        if (m.to_host)
            net_session_receive(p->host, 0, m.data, m.len);
        else if (p->client)
            net_session_receive(p->client, 0, m.data, m.len);
        free(m.data);
    }
}

static inline scenario *pipe_scenario(const char *name)
{
    const char *root = getenv("SANDTABLE_SOURCE_DIR");
    char path[1024];
    scenario_error err;
    snprintf(path, sizeof path, "%s/scenarios/%s", root ? root : SANDTABLE_SOURCE_DIR, name);
    scenario *sc = scenario_load_file(path, &err);
    if (!sc) {
        char buf[1024];
        fprintf(stderr, "%s\n", scenario_error_format(&err, buf, sizeof buf));
        abort();
    }
    return sc;
}

typedef struct pipe_desc {
    const char *scenario;      /* file name in scenarios/ */
    const char *host_password; /* "" none */
    bool with_client;          /* a client session on host peer 0 */
    net_session_desc client;   /* its desc (send/log/user filled in here) */
    const char *host_build;    /* NULL the real one */
    const char *host_desync;   /* the host's desync log */
    game *host_game;           /* the host's match (borrowed), else one of `scenario` */
    bool host_lobby;           /* the host's lobby holds the match until both are ready */
    const char *host_name;
} pipe_desc;

/* A client session on host peer 0, connected and through its handshake. */
static inline void pipe_attach_client(net_pipe *p, const net_session_desc *desc)
{
    net_session_desc c = *desc;
    c.host = false;
    c.send = pipe_client_send;
    c.log = pipe_log;
    c.user = p;
    p->client = net_session_create(&c);
    net_session_connected(p->client, 0);
    net_session_connected(p->host, 0);
    pipe_pump(p, 1000);
}

static inline net_pipe *pipe_create(const pipe_desc *d)
{
    net_pipe *p = calloc(1, sizeof *p);
    p->q = calloc(PIPE_QUEUE_MAX, sizeof *p->q);
    game_error err;
    p->host_game = d->host_game;
    p->own_host_game = !d->host_game;
    if (!p->host_game)
        p->host_game = game_create(
            &(game_desc){.scenario = pipe_scenario(d->scenario), .take_scenario = true}, &err);
    if (!p->host_game)
        abort();
    p->host = net_session_create(&(net_session_desc){.host = true,
                                                     .game = p->host_game,
                                                     .password = d->host_password,
                                                     .build = d->host_build,
                                                     .desync_path = d->host_desync,
                                                     .lobby = d->host_lobby,
                                                     .name = d->host_name,
                                                     .send = pipe_host_send,
                                                     .kick = pipe_kick,
                                                     .log = pipe_log,
                                                     .user = p});
    if (d->with_client)
        pipe_attach_client(p, &d->client);
    return p;
}

static inline void pipe_destroy(net_pipe *p)
{
    pipe_pump(p, PIPE_QUEUE_MAX); /* frees what is left */
    net_session_destroy(p->client);
    net_session_destroy(p->host);
    if (p->own_host_game)
        game_destroy(p->host_game);
    for (int i = 0; i < NET_PEERS_MAX; i++)
        for (int t = 0; t < NET_MSG_TYPE_COUNT; t++)
            json_decref(p->raw_last[i][t]);
    free(p->q);
    free(p);
}

/* One step of each bot whose turn it is, then the messages; false when nothing moved. */
static inline bool pipe_bots_step(net_pipe *p, bot_scratch *b, dice_rng *rng)
{
    rules_command cmd;
    char why[256];
    bool moved = false;
    net_session *both[2] = {p->host, p->client};
    for (int i = 0; i < 2; i++) {
        if (both[i] && net_session_my_turn(both[i]) &&
            bot_pick(b, net_session_game(both[i]), BOT_GREEDY, rng, &cmd))
            moved |= net_session_submit(both[i], &cmd, why, sizeof why);
    }
    moved |= p->q_count > 0;
    pipe_pump(p, PIPE_QUEUE_MAX);
    return moved;
}

/* Raw peer: connects (the host answers HELLO into raw_last) and sends what the test says. */
static inline void pipe_raw_connect(net_pipe *p, int peer)
{
    p->raw_seq[peer] = 1;
    net_session_connected(p->host, peer);
}

static inline void pipe_raw_bytes(net_pipe *p, int peer, const void *data, size_t len)
{
    net_session_receive(p->host, peer, data, len);
}

/* A well-formed message of the type with the next sequence number (body consumed). */
static inline void pipe_raw_send(net_pipe *p, int peer, net_msg_type type, json_t *body)
{
    size_t len;
    uint8_t *buf = net_msg_encode(type, p->raw_seq[peer]++, body, &len);
    json_decref(body);
    if (!buf)
        abort();
    pipe_raw_bytes(p, peer, buf, len);
    free(buf);
}

/* The JOIN an honest client would send after the host's HELLO (fields the test may change). */
static inline json_t *pipe_raw_join_body(net_pipe *p, int peer, int want, const char *password)
{
    const json_t *hello = p->raw_last[peer][NET_MSG_HELLO];
    const char *text = json_string_value(json_object_get(hello, "scenario"));
    size_t len = json_string_length(json_object_get(hello, "scenario"));
    return json_pack("{s:s,s:O,s:o,s:s,s:i,s:i,s:s}", "build", SANDTABLE_VERSION, "rules_hash",
                     json_object_get(hello, "rules_hash"), "scenario_hash",
                     net_msg_hash_json(net_hash_bytes(text, len)), "password", password, "side",
                     want, "have", 0, "have_hash", "0000000000000000");
}

#endif // TESTS_NET_NET_PIPE_H
