#include "net/net.h"

#include "core/config.h"
#include "core/file.h"
#include "game/save.h"
#include "net/net_msg.h"
#include "scenario/scenario.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SIDES_MAX 64

typedef struct net_peer {
    bool connected, joined;
    bool ready, started; /* host: said ready in the lobby; sent START */
    int from;            /* host: where its log resumes (held while the lobby waits) */
    char name[NET_NAME_MAX];
    int side; /* -1 none yet, 0 spectator */
    uint32_t seq_in, seq_out;
    int strikes;
} net_peer;

struct net_session {
    net_session_desc d;
    char password[128], data_dir[1024], autosave[1024], desync[1024], build[64];
    game *g;
    bool own_game;
    net_state state;
    char message[640];
    uint32_t side;
    net_peer peers[NET_PEERS_MAX];
    /* host: the peer holding each side (-1 none); whether a remote player has held it */
    int side_peer[SIDES_MAX + 1];
    bool side_remote[SIDES_MAX + 1];
    /* client */
    bool hello, started, pending;
    int host_count;
    uint64_t scenario_hash;
    char denied[256];
    /* undo: the host's peer that asked (-1 none), the host waiting for its player's answer;
     * a client asked by the host, waiting for its answer */
    int undo_peer;
    bool undo_asked, undo_waiting;
    net_note *notes;
    int note_count;
    /* the lobby: the local player's name and word; host: the lobby has let the match start;
     * client: the players as the host's last LOBBY listed them */
    char name[NET_NAME_MAX];
    bool ready, lobby_done, in_lobby;
    net_player lobby[NET_PEERS_MAX + 1];
    int lobby_count;
};

/* ---- hashes ---------------------------------------------------------------------------------- */

uint64_t net_hash_bytes(const void *data, size_t len)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (const unsigned char *p = data; len--; p++)
        h = (h ^ *p) * 0x100000001b3ull;
    return h;
}

uint64_t net_rules_hash(const char *ruleset_id)
{
    char path[2048], *text = NULL;
    size_t len = 0;
    int errnum;
    if (!ruleset_id || !*ruleset_id || strchr(ruleset_id, '/') || strchr(ruleset_id, '.'))
        return 0;
    snprintf(path, sizeof path, "%s/assets/rules/%s.json", config_source_dir(), ruleset_id);
    if (file_read_all(path, 16u << 20, &text, &len, &errnum) != FILE_OK)
        return 0;
    uint64_t h = net_hash_bytes(text, len);
    free(text);
    return h ? h : 1;
}

/* ---- small helpers --------------------------------------------------------------------------- */

static void slog(net_session *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void slog(net_session *s, const char *fmt, ...)
{
    if (!s->d.log)
        return;
    char line[768];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    s->d.log(s->d.log_user ? s->d.log_user : s->d.user, line);
}

static void copy_str(char *dst, size_t size, const char *src)
{
    snprintf(dst, size, "%s", src ? src : "");
}

static void clean_text(char *dst, size_t size, const char *src);

/* Sends body (consumed) to peer as one message of the type. */
static void send_msg(net_session *s, int peer, net_msg_type type, json_t *body)
{
    size_t len = 0;
    uint8_t *buf = body ? net_msg_encode(type, s->peers[peer].seq_out + 1, body, &len) : NULL;
    json_decref(body);
    if (!buf) {
        slog(s, "could not send a %s message (too large or out of memory)",
             net_msg_type_name(type));
        return;
    }
    s->peers[peer].seq_out++;
    s->d.send(s->d.user, peer, buf, len);
    free(buf);
}

static void stop(net_session *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void stop(net_session *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->message, sizeof s->message, fmt, ap);
    va_end(ap);
    s->state = NET_STOPPED;
    slog(s, "match stopped: %s", s->message);
}

static void kick(net_session *s, int peer)
{
    if (s->d.kick)
        s->d.kick(s->d.user, peer);
    net_session_disconnected(s, peer);
}

static void refuse(net_session *s, int peer, const char *reason)
{
    slog(s, "peer %d refused: %s", peer, reason);
    send_msg(s, peer, NET_MSG_REFUSE, json_pack("{s:s}", "reason", reason));
    if (s->d.host)
        kick(s, peer);
}

static bool write_log(net_session *s, char *path, size_t size)
{
    game_error err;
    if (s->desync[0])
        copy_str(path, size, s->desync);
    else if (!game_data_path(s->d.host ? "desync-host.json" : "desync-client.json", path, size))
        return false;
    if (!s->g || !game_save(s->g, path, &err)) {
        slog(s, "could not write the log %s", path);
        return false;
    }
    return true;
}

static const char *build_of(const net_session *s)
{
    return s->build[0] ? s->build : SANDTABLE_VERSION;
}

static uint64_t rules_hash_of(const net_session *s, const char *ruleset)
{
    return s->d.rules_hash ? s->d.rules_hash : net_rules_hash(ruleset);
}

/* ---- create / destroy ------------------------------------------------------------------------ */

net_session *net_session_create(const net_session_desc *desc)
{
    net_session *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->d = *desc;
    copy_str(s->password, sizeof s->password, desc->password);
    copy_str(s->data_dir, sizeof s->data_dir, desc->data_dir);
    copy_str(s->autosave, sizeof s->autosave, desc->autosave_path);
    copy_str(s->desync, sizeof s->desync, desc->desync_path);
    copy_str(s->build, sizeof s->build, desc->build);
    clean_text(s->name, sizeof s->name, desc->name ? desc->name : "");
    if (!s->name[0])
        copy_str(s->name, sizeof s->name, desc->host ? "Host" : "Guest");
    s->d.password = s->d.data_dir = s->d.autosave_path = s->d.desync_path = s->d.build = NULL;
    s->d.name = NULL;
    s->g = desc->game;
    s->own_game = !desc->host;
    s->side = desc->side;
    s->undo_peer = -1;
    for (int i = 0; i <= SIDES_MAX; i++)
        s->side_peer[i] = -1;
    if (desc->host) {
        const table *t = s->g ? game_table(s->g) : NULL;
        if (!t || t->side_count < 1 || t->side_count > SIDES_MAX) {
            free(s);
            return NULL;
        }
        if (s->side == 0 || (int)s->side > t->side_count)
            s->side = t->sides[0].id.id;
        snprintf(s->message, sizeof s->message, "waiting for the other player to join");
    }
    return s;
}

void net_session_destroy(net_session *s)
{
    if (!s)
        return;
    if (s->own_game)
        game_destroy(s->g);
    free(s->notes);
    free(s);
}

/* ---- state ------------------------------------------------------------------------------------
 */

net_state net_session_state(const net_session *s)
{
    return s->state;
}

const char *net_session_message(const net_session *s)
{
    return s->message;
}

game *net_session_game(const net_session *s)
{
    return s->g;
}

game *net_session_release_game(net_session *s)
{
    if (s->d.host)
        return NULL;
    s->own_game = false;
    return s->g;
}

uint32_t net_session_side(const net_session *s)
{
    return s->side;
}

int net_session_peer_side(const net_session *s, int peer)
{
    if (peer < 0 || peer >= NET_PEERS_MAX || !s->peers[peer].connected || !s->peers[peer].joined)
        return -1;
    return s->peers[peer].side;
}

bool net_session_pending(const net_session *s)
{
    return s->pending;
}

const char *net_session_denied(const net_session *s)
{
    return s->denied;
}

void net_session_clear_denied(net_session *s)
{
    s->denied[0] = '\0';
}

/* Host: true when the side is a remote player's (held now, or held before and waiting). */
static bool side_is_remote(const net_session *s, uint32_t id)
{
    return id <= SIDES_MAX && s->side_remote[id];
}

bool net_session_full(const net_session *s)
{
    const table *t = game_table(s->g);
    bool any = false;
    for (int i = 0; i < t->side_count; i++) {
        uint32_t id = t->sides[i].id.id;
        if (side_is_remote(s, id)) {
            any = true;
            if (s->side_peer[id] < 0)
                return false;
        }
    }
    return any;
}

bool net_session_my_turn(const net_session *s)
{
    if (s->state != NET_PLAYING || !s->g || s->pending || game_over(s->g))
        return false;
    rules_decision dec;
    game_decision(s->g, &dec);
    if (s->d.host)
        return !side_is_remote(s, dec.side.id);
    return s->started && game_cursor(s->g) >= s->host_count && s->side && dec.side.id == s->side;
}

/* ---- notes (chat and pings) ------------------------------------------------------------------ */

static void note_add(net_session *s, const net_note *n)
{
    if (s->note_count >= NET_NOTES_MAX) {
        slog(s, "too many chat lines and pings: no more are kept");
        return;
    }
    if (s->note_count % 64 == 0) {
        net_note *grown = realloc(s->notes, (size_t)(s->note_count + 64) * sizeof *grown);
        if (!grown)
            return;
        s->notes = grown;
    }
    s->notes[s->note_count++] = *n;
    /* kept with the match, so its save and replay have it (outside the state: no hash) */
    game_note gn = {.kind = n->kind == NET_NOTE_CHAT ? GAME_NOTE_CHAT : GAME_NOTE_PING,
                    .side = n->side,
                    .command = n->command,
                    .x = n->x,
                    .y = n->y};
    snprintf(gn.text, sizeof gn.text, "%s", n->text);
    if (s->g && !game_note_add(s->g, &gn))
        slog(s, "a chat line or ping could not be kept with the match");
    if (s->d.on_note)
        s->d.on_note(s->d.note_user ? s->d.note_user : s->d.user, n);
}

/* A chat line as it may be shown: control characters dropped, cut to fit (whole UTF-8). */
static void clean_text(char *dst, size_t size, const char *src)
{
    size_t n = 0;
    for (const unsigned char *p = (const unsigned char *)src; *p && n + 1 < size; p++)
        if (*p >= 0x20 && *p != 0x7f)
            dst[n++] = (char)*p;
    while (n > 0 && ((unsigned char)dst[n - 1] & 0xc0) == 0x80)
        n--; /* a cut sequence: drop its continuation bytes and its lead */
    if (n > 0 && ((unsigned char)dst[n - 1] & 0xc0) == 0xc0)
        n--;
    dst[n] = '\0';
}

/* Reads a chat or ping body into n (side and command are the caller's); false when bad. */
static bool note_read(net_session *s, net_msg_type type, const json_t *b, net_note *n)
{
    *n = (net_note){.kind = type == NET_MSG_CHAT ? NET_NOTE_CHAT : NET_NOTE_PING};
    if (type == NET_MSG_CHAT) {
        const char *text;
        if (!net_msg_get_str(b, "text", &text))
            return false;
        clean_text(n->text, sizeof n->text, text);
        return n->text[0] != '\0';
    }
    const json_t *x = json_object_get(b, "x"), *y = json_object_get(b, "y");
    const table *t = s->g ? game_table(s->g) : NULL;
    if (!t || !json_is_number(x) || !json_is_number(y))
        return false;
    double fx = json_number_value(x), fy = json_number_value(y);
    if (!(fx >= 0 && fx <= t->width_cm && fy >= 0 && fy <= t->height_cm))
        return false;
    n->x = (float)fx;
    n->y = (float)fy;
    return true;
}

static json_t *note_body(const net_note *n)
{
    if (n->kind == NET_NOTE_CHAT)
        return json_pack("{s:s,s:i,s:i}", "text", n->text, "side", (int)n->side, "command",
                         n->command);
    return json_pack("{s:f,s:f,s:i,s:i}", "x", (double)n->x, "y", (double)n->y, "side",
                     (int)n->side, "command", n->command);
}

static void host_broadcast_except(net_session *s, int except, net_msg_type type, json_t *body);
static void desync(net_session *s, int index, const char *what);

static void host_on_note(net_session *s, int peer, net_msg_type type, const json_t *b)
{
    net_note n;
    if (!note_read(s, type, b, &n)) {
        slog(s, "peer %d: refused a %s: bad fields", peer, net_msg_type_name(type));
        return;
    }
    n.side = (uint32_t)(s->peers[peer].side > 0 ? s->peers[peer].side : 0);
    n.command = game_cursor(s->g);
    note_add(s, &n);
    host_broadcast_except(s, peer, type, note_body(&n));
}

static void client_on_note(net_session *s, net_msg_type type, const json_t *b)
{
    net_note n;
    long long who, cmd;
    if (!note_read(s, type, b, &n) || !net_msg_get_int(b, "side", 0, SIDES_MAX, &who) ||
        !net_msg_get_int(b, "command", 0, SAVE_COMMANDS_MAX, &cmd)) {
        slog(s, "host: refused a %s: bad fields", net_msg_type_name(type));
        return;
    }
    n.side = (uint32_t)who;
    n.command = (int)cmd;
    note_add(s, &n);
}

static bool send_note(net_session *s, net_note *n)
{
    if (s->state != NET_PLAYING && s->state != NET_PAUSED && s->state != NET_OVER)
        return false;
    n->side = s->side;
    n->command = game_cursor(s->g);
    json_t *body = note_body(n);
    if (s->d.host)
        host_broadcast_except(s, -1, n->kind == NET_NOTE_CHAT ? NET_MSG_CHAT : NET_MSG_PING, body);
    else
        send_msg(s, 0, n->kind == NET_NOTE_CHAT ? NET_MSG_CHAT : NET_MSG_PING, body);
    note_add(s, n);
    return true;
}

bool net_session_chat(net_session *s, const char *text)
{
    net_note n = {.kind = NET_NOTE_CHAT};
    clean_text(n.text, sizeof n.text, text ? text : "");
    return n.text[0] && send_note(s, &n);
}

bool net_session_ping(net_session *s, float x, float y)
{
    const table *t = s->g ? game_table(s->g) : NULL;
    if (!t || !(x >= 0 && x <= t->width_cm && y >= 0 && y <= t->height_cm))
        return false;
    return send_note(s, &(net_note){.kind = NET_NOTE_PING, .x = x, .y = y});
}

int net_session_note_count(const net_session *s)
{
    return s->note_count;
}

const net_note *net_session_note(const net_session *s, int index)
{
    return index >= 0 && index < s->note_count ? &s->notes[index] : NULL;
}

/* ---- undo by consent ------------------------------------------------------------------------- */

static void undo_send(net_session *s, int peer, const char *op)
{
    send_msg(s, peer, NET_MSG_UNDO,
             json_pack("{s:s,s:i}", "op", op, "cursor", s->g ? game_cursor(s->g) - 1 : 0));
}

/* Host: takes the last command back on every table. */
static void host_do_undo(net_session *s)
{
    s->undo_peer = -1;
    s->undo_waiting = false;
    if (!game_undo(s->g))
        return;
    slog(s, "command %d taken back by both players' consent", game_cursor(s->g) + 1);
    host_broadcast_except(s, -1, NET_MSG_UNDO,
                          json_pack("{s:s,s:i,s:o}", "op", "done", "cursor", game_cursor(s->g),
                                    "hash", net_msg_hash_json(game_hash(s->g))));
}

static void host_on_undo(net_session *s, int peer, const json_t *b)
{
    const char *op;
    long long target;
    if (s->peers[peer].side <= 0 || !net_msg_get_str(b, "op", &op)) {
        slog(s, "peer %d: refused an undo message", peer);
        return;
    }
    if (strcmp(op, "ask") == 0) {
        bool fresh = net_msg_get_int(b, "cursor", 0, SAVE_COMMANDS_MAX, &target) &&
                     target == game_cursor(s->g) - 1 && s->state == NET_PLAYING;
        if (!fresh || s->undo_waiting) {
            undo_send(s, peer, "no");
            return;
        }
        s->undo_peer = peer;
        slog(s, "peer %d asks to take back the last command", peer);
    } else if (strcmp(op, "yes") == 0 && s->undo_waiting) {
        host_do_undo(s);
    } else if (strcmp(op, "no") == 0 && s->undo_waiting) {
        s->undo_waiting = false;
        snprintf(s->denied, sizeof s->denied, "The other player declined to undo");
    } else {
        slog(s, "peer %d: refused an undo message (%.20s now)", peer, op);
    }
}

static void client_on_undo(net_session *s, const json_t *b)
{
    const char *op;
    long long cursor;
    uint64_t hash;
    if (!net_msg_get_str(b, "op", &op) || !s->started) {
        slog(s, "host: refused an undo message");
        return;
    }
    if (strcmp(op, "ask") == 0) {
        s->undo_asked = true;
    } else if (strcmp(op, "no") == 0) {
        s->undo_waiting = false;
        snprintf(s->denied, sizeof s->denied, "The other player declined to undo");
    } else if (strcmp(op, "done") == 0 &&
               net_msg_get_int(b, "cursor", 0, SAVE_COMMANDS_MAX, &cursor) &&
               net_msg_get_hash(b, "hash", &hash) && cursor < game_cursor(s->g)) {
        s->undo_waiting = s->undo_asked = false;
        game_goto(s->g, (int)cursor);
        s->host_count = (int)cursor;
        s->pending = false;
        if (game_hash(s->g) != hash)
            desync(s, (int)cursor, "the state after taking a command back differs");
    } else {
        slog(s, "host: refused an undo message (%.20s)", op);
    }
}

bool net_session_undo_ask(net_session *s)
{
    if (s->state != NET_PLAYING || !s->g || game_cursor(s->g) == 0 || s->undo_waiting ||
        (!s->d.host && (!s->side || !s->started)))
        return false;
    s->undo_waiting = true;
    if (!s->d.host) {
        undo_send(s, 0, "ask");
        return true;
    }
    for (int i = 0; i < NET_PEERS_MAX; i++)
        if (s->peers[i].connected && s->peers[i].joined && s->peers[i].side > 0)
            undo_send(s, i, "ask");
    return true;
}

bool net_session_undo_asked(const net_session *s)
{
    return s->d.host ? s->undo_peer >= 0 : s->undo_asked;
}

bool net_session_undo_waiting(const net_session *s)
{
    return s->undo_waiting;
}

void net_session_undo_answer(net_session *s, bool yes)
{
    if (!net_session_undo_asked(s))
        return;
    if (!s->d.host) {
        s->undo_asked = false;
        undo_send(s, 0, yes ? "yes" : "no");
        return;
    }
    int peer = s->undo_peer;
    s->undo_peer = -1;
    bool fresh = s->state == NET_PLAYING && game_cursor(s->g) > 0;
    if (yes && fresh)
        host_do_undo(s);
    else if (peer >= 0 && s->peers[peer].connected)
        undo_send(s, peer, "no");
}

/* ---- host ------------------------------------------------------------------------------------ */

static void host_send_hello(net_session *s, int peer)
{
    const scenario *sc = game_scenario(s->g);
    json_t *text = json_stringn(sc->source_text ? sc->source_text : "", sc->source_len);
    if (!text) {
        slog(s, "the scenario's text is not UTF-8: it cannot be sent");
        return;
    }
    json_t *body =
        json_pack("{s:s,s:i,s:s,s:o,s:o,s:o,s:o,s:b,s:i,s:i}", "build", build_of(s), "protocol",
                  NET_PROTOCOL_VERSION, "ruleset", sc->ruleset, "rules_hash",
                  net_msg_hash_json(rules_hash_of(s, sc->ruleset)), "scenario_hash",
                  net_msg_hash_json(net_hash_bytes(sc->source_text, sc->source_len)), "scenario",
                  text, "seed", net_msg_hash_json(game_seed(s->g)), "password", s->password[0] != 0,
                  "sides", game_table(s->g)->side_count, "host_side", (int)s->side);
    send_msg(s, peer, NET_MSG_HELLO, body);
}

static json_t *apply_body(const game *g, int index)
{
    return json_pack("{s:i,s:o,s:o}", "index", index, "command",
                     rules_command_to_json(game_command_at(g, index)), "hash",
                     net_msg_hash_json(game_hash_at(g, index)));
}

static void host_broadcast_except(net_session *s, int except, net_msg_type type, json_t *body)
{
    for (int i = 0; i < NET_PEERS_MAX; i++)
        if (i != except && s->peers[i].connected && s->peers[i].joined)
            send_msg(s, i, type, json_incref(body));
    json_decref(body);
}

static void host_broadcast(net_session *s, net_msg_type type, json_t *body)
{
    host_broadcast_except(s, -1, type, body);
}

static void host_after_apply(net_session *s)
{
    int index = game_cursor(s->g) - 1;
    host_broadcast(s, NET_MSG_APPLY, apply_body(s->g, index));
    if (game_over(s->g)) {
        s->state = NET_OVER;
        snprintf(s->message, sizeof s->message, "the game is over");
        host_broadcast(s, NET_MSG_BYE,
                       json_pack("{s:b,s:s,s:i,s:o}", "over", 1, "reason", "the game is over",
                                 "count", game_cursor(s->g), "hash",
                                 net_msg_hash_json(game_hash(s->g))));
    }
}

/* START and the commands a joined peer lacks (and BYE when the game is over already). */
static void host_start_peer(net_session *s, int peer)
{
    net_peer *p = &s->peers[peer];
    int cursor = game_cursor(s->g);
    p->started = true;
    send_msg(s, peer, NET_MSG_START,
             json_pack("{s:i,s:i,s:i}", "side", p->side, "from", p->from, "count", cursor));
    for (int i = p->from; i < cursor; i++)
        send_msg(s, peer, NET_MSG_APPLY, apply_body(s->g, i));
    if (game_over(s->g))
        send_msg(s, peer, NET_MSG_BYE,
                 json_pack("{s:b,s:s,s:i,s:o}", "over", 1, "reason", "the game is over", "count",
                           cursor, "hash", net_msg_hash_json(game_hash(s->g))));
}

static bool host_lobby_open(const net_session *s)
{
    return s->d.host && s->d.lobby && !s->lobby_done;
}

/* Every player in the lobby has said ready (the host too, and at least one other). */
static bool host_all_ready(const net_session *s)
{
    if (!s->ready || !net_session_full(s))
        return false;
    for (int i = 0; i < NET_PEERS_MAX; i++)
        if (s->peers[i].connected && s->peers[i].joined && s->peers[i].side > 0 &&
            !s->peers[i].ready)
            return false;
    return true;
}

static void host_update_state(net_session *s)
{
    if (s->state != NET_WAITING && s->state != NET_PAUSED)
        return;
    if (host_lobby_open(s)) {
        if (!host_all_ready(s))
            return;
        s->lobby_done = true;
        slog(s, "every player is ready: the match starts");
        for (int i = 0; i < NET_PEERS_MAX; i++)
            if (s->peers[i].connected && s->peers[i].joined && !s->peers[i].started)
                host_start_peer(s, i);
    }
    if (net_session_full(s)) {
        s->state = game_over(s->g) ? NET_OVER : NET_PLAYING;
        s->message[0] = '\0';
    }
}

/* ---- the lobby ------------------------------------------------------------------------------- */

/* The players as the host sees them: itself first, then each joined peer. */
static int host_players(const net_session *s, net_player *out, int max, int *peer_of)
{
    int n = 0;
    if (n < max) {
        out[n] = (net_player){.side = s->side, .ready = s->ready, .host = true, .local = true};
        copy_str(out[n].name, sizeof out[n].name, s->name);
        peer_of[n++] = -1;
    }
    for (int i = 0; i < NET_PEERS_MAX && n < max; i++) {
        const net_peer *p = &s->peers[i];
        if (!p->connected || !p->joined)
            continue;
        out[n] = (net_player){.side = (uint32_t)p->side, .ready = p->ready};
        copy_str(out[n].name, sizeof out[n].name, p->name);
        peer_of[n++] = i;
    }
    return n;
}

static void host_send_lobby(net_session *s)
{
    net_player pl[NET_PEERS_MAX + 1];
    int peer_of[NET_PEERS_MAX + 1];
    int n = host_players(s, pl, NET_PEERS_MAX + 1, peer_of);
    for (int to = 0; to < n; to++) {
        if (peer_of[to] < 0)
            continue;
        json_t *a = json_array();
        for (int i = 0; i < n; i++)
            json_array_append_new(a, json_pack("{s:s,s:i,s:b,s:b}", "name", pl[i].name, "side",
                                               (int)pl[i].side, "ready", pl[i].ready, "host",
                                               pl[i].host));
        send_msg(s, peer_of[to], NET_MSG_LOBBY, json_pack("{s:o,s:i}", "players", a, "you", to));
    }
}

/* Host: trades sides with the one remote player (the lobby only); nobody is ready after. */
static bool host_swap(net_session *s)
{
    int peer = -1;
    for (int i = 0; i < NET_PEERS_MAX; i++)
        if (s->peers[i].connected && s->peers[i].joined && s->peers[i].side > 0) {
            if (peer >= 0)
                return false; /* more than one other player: not a trade of two */
            peer = i;
        }
    if (!host_lobby_open(s) || peer < 0)
        return false;
    uint32_t mine = s->side, theirs = (uint32_t)s->peers[peer].side;
    s->side = theirs;
    s->peers[peer].side = (int)mine;
    s->side_peer[mine] = peer;
    s->side_remote[mine] = true;
    s->side_peer[theirs] = -1;
    s->side_remote[theirs] = false;
    s->ready = false;
    for (int i = 0; i < NET_PEERS_MAX; i++)
        s->peers[i].ready = false;
    slog(s, "the players trade sides: the host plays %s",
         table_side_label(game_table(s->g), (side_id){s->side}, "another side"));
    host_send_lobby(s);
    return true;
}

static void host_on_ready(net_session *s, int peer, const json_t *b)
{
    bool ready = false, swap = false;
    if (!net_msg_get_bool(b, "ready", &ready)) {
        slog(s, "peer %d: refused a ready message: bad fields", peer);
        return;
    }
    net_msg_get_bool(b, "swap", &swap);
    if (!host_lobby_open(s) || s->peers[peer].side <= 0) {
        slog(s, "peer %d: a ready message with no lobby open (ignored)", peer);
        return;
    }
    if (swap && !host_swap(s))
        slog(s, "peer %d asked to trade sides: not possible now", peer);
    if (!swap)
        s->peers[peer].ready = ready;
    host_send_lobby(s);
    host_update_state(s);
}

static void client_on_lobby(net_session *s, const json_t *b)
{
    const json_t *a = json_object_get(b, "players");
    long long you;
    size_t n = json_array_size(a);
    if (s->started || !s->hello || !json_is_array(a) || n < 1 || n > NET_PEERS_MAX + 1 ||
        !net_msg_get_int(b, "you", 0, (long long)n - 1, &you)) {
        slog(s, "host: refused a lobby message: bad fields");
        return;
    }
    net_player pl[NET_PEERS_MAX + 1];
    for (size_t i = 0; i < n; i++) {
        const json_t *o = json_array_get(a, i);
        const char *name;
        long long who;
        bool ready, host;
        if (!net_msg_get_str(o, "name", &name) || !net_msg_get_int(o, "side", 0, SIDES_MAX, &who) ||
            !net_msg_get_bool(o, "ready", &ready) || !net_msg_get_bool(o, "host", &host)) {
            slog(s, "host: refused a lobby message: bad player %zu", i);
            return;
        }
        pl[i] = (net_player){
            .side = (uint32_t)who, .ready = ready, .host = host, .local = (long long)i == you};
        clean_text(pl[i].name, sizeof pl[i].name, name);
    }
    memcpy(s->lobby, pl, n * sizeof *pl);
    s->lobby_count = (int)n;
    s->in_lobby = true;
    s->ready = pl[you].ready;
}

bool net_session_in_lobby(const net_session *s)
{
    return s->d.host ? host_lobby_open(s) : s->in_lobby && !s->started && s->state == NET_WAITING;
}

int net_session_players(const net_session *s, net_player *out, int max)
{
    if (s->d.host) {
        int peer_of[NET_PEERS_MAX + 1];
        return host_players(s, out, max < NET_PEERS_MAX + 1 ? max : NET_PEERS_MAX + 1, peer_of);
    }
    int n = s->lobby_count < max ? s->lobby_count : max;
    memcpy(out, s->lobby, (size_t)(n > 0 ? n : 0) * sizeof *out);
    return n;
}

void net_session_ready(net_session *s, bool ready)
{
    if (!net_session_in_lobby(s))
        return;
    s->ready = ready;
    if (s->d.host) {
        host_send_lobby(s);
        host_update_state(s);
        return;
    }
    for (int i = 0; i < s->lobby_count; i++)
        if (s->lobby[i].local)
            s->lobby[i].ready = ready;
    send_msg(s, 0, NET_MSG_READY, json_pack("{s:b,s:b}", "ready", ready, "swap", 0));
}

bool net_session_is_ready(const net_session *s)
{
    return s->ready;
}

bool net_session_swap_sides(net_session *s)
{
    if (s->d.host)
        return host_swap(s);
    if (!net_session_in_lobby(s))
        return false;
    s->ready = false;
    send_msg(s, 0, NET_MSG_READY, json_pack("{s:b,s:b}", "ready", 0, "swap", 1));
    return true;
}

const char *net_session_player_name(const net_session *s, uint32_t who)
{
    if (s->d.host) {
        if (who == s->side)
            return s->name;
        for (int i = 0; i < NET_PEERS_MAX; i++)
            if (s->peers[i].joined && s->peers[i].side == (int)who && who > 0)
                return s->peers[i].name;
        return "";
    }
    for (int i = 0; i < s->lobby_count; i++)
        if (s->lobby[i].side == who && who > 0)
            return s->lobby[i].name;
    return "";
}

/* The side a joining player gets: the one asked for, else a free one; 0 for a spectator; -1
 * (with why) when the one asked for is not a side of this match. */
static int host_pick_side(net_session *s, long long want, char *why, size_t size)
{
    const table *t = game_table(s->g);
    if (want) {
        if (!table_side(t, (side_id){(uint32_t)want})) {
            snprintf(why, size, "this match has no side %lld", want);
            return -1;
        }
        if ((uint32_t)want == s->side) {
            snprintf(why, size, "the host plays %s",
                     table_side_label(t, (side_id){s->side}, "that side"));
            return -1;
        }
        return (int)want;
    }
    /* a side waiting for its player first (a reconnect), then one nobody holds */
    for (int i = 0; i < t->side_count; i++) {
        uint32_t id = t->sides[i].id.id;
        if (s->side_remote[id] && s->side_peer[id] < 0)
            return (int)id;
    }
    for (int i = 0; i < t->side_count; i++) {
        uint32_t id = t->sides[i].id.id;
        if (id != s->side && !s->side_remote[id])
            return (int)id;
    }
    return 0;
}

static bool join_fields(const json_t *b, const char **build, uint64_t *rules, uint64_t *scen,
                        const char **password, long long *want, long long *have,
                        uint64_t *have_hash)
{
    return net_msg_get_str(b, "build", build) && net_msg_get_hash(b, "rules_hash", rules) &&
           net_msg_get_hash(b, "scenario_hash", scen) && net_msg_get_str(b, "password", password) &&
           net_msg_get_int(b, "side", 0, SIDES_MAX, want) &&
           net_msg_get_int(b, "have", 0, SAVE_COMMANDS_MAX, have) &&
           net_msg_get_hash(b, "have_hash", have_hash);
}

/* The reason a JOIN is refused, or NULL. */
static const char *host_check_join(net_session *s, const char *build, uint64_t rules, uint64_t scen,
                                   const char *password, char *why, size_t size)
{
    const scenario *sc = game_scenario(s->g);
    if (strcmp(build, build_of(s)) != 0)
        snprintf(why, size,
                 "the host runs Sandtable %s, the joining player %.40s: both need the same build",
                 build_of(s), build);
    else if (rules != rules_hash_of(s, sc->ruleset))
        snprintf(why, size, "the rule data of %s differs between host and joining player",
                 sc->ruleset);
    else if (scen != net_hash_bytes(sc->source_text, sc->source_len))
        snprintf(why, size, "the scenario did not arrive whole (its hash differs)");
    else if (s->password[0] && strcmp(password, s->password) != 0)
        snprintf(why, size, "wrong password");
    else
        return NULL;
    return why;
}

static void host_on_join(net_session *s, int peer, const json_t *b)
{
    const char *build, *password;
    uint64_t rules, scen, have_hash;
    long long want, have;
    char why[256];
    if (!join_fields(b, &build, &rules, &scen, &password, &want, &have, &have_hash)) {
        refuse(s, peer, "a join message with missing or bad fields");
        return;
    }
    if (host_check_join(s, build, rules, scen, password, why, sizeof why)) {
        refuse(s, peer, why);
        return;
    }
    /* a spectator asked to watch: no side, even a free one */
    int who =
        json_is_true(json_object_get(b, "watch")) ? 0 : host_pick_side(s, want, why, sizeof why);
    if (who < 0) {
        refuse(s, peer, why);
        return;
    }
    if (who > 0 && s->side_peer[who] >= 0 && s->side_peer[who] != peer) {
        /* the same player back from a new address before the old connection timed out */
        int old = s->side_peer[who];
        slog(s, "peer %d takes over side %d from peer %d (a reconnect)", peer, who, old);
        s->peers[old].joined = false;
        s->side_peer[who] = -1;
        kick(s, old);
    }
    int cursor = game_cursor(s->g), from = (int)have;
    if (from > cursor || (from > 0 && game_hash_at(s->g, from - 1) != have_hash)) {
        slog(s, "peer %d's log differs from the host's (it has %d commands): sent from the start",
             peer, from);
        from = 0;
    }
    net_peer *p = &s->peers[peer];
    p->joined = true;
    p->side = who;
    p->from = from;
    const char *name = "";
    net_msg_get_str(b, "name", &name); /* optional: a build before names sends none */
    clean_text(p->name, sizeof p->name, name);
    if (!p->name[0])
        copy_str(p->name, sizeof p->name, who ? "Guest" : "Spectator");
    if (who > 0) {
        s->side_peer[who] = peer;
        s->side_remote[who] = true;
    }
    slog(s, "peer %d (%s) joined as %s, resuming from command %d of %d", peer, p->name,
         who ? table_side_label(game_table(s->g), (side_id){(uint32_t)who}, "a side")
             : "a spectator",
         from, cursor);
    if (s->d.lobby && !s->lobby_done) { /* the lobby holds it until every player is ready */
        host_send_lobby(s);
        return;
    }
    host_start_peer(s, peer);
    host_update_state(s);
}

static void deny(net_session *s, int peer, const char *reason)
{
    slog(s, "peer %d: command refused: %s", peer, reason);
    send_msg(s, peer, NET_MSG_DENY, json_pack("{s:s}", "reason", reason));
}

static void host_on_submit(net_session *s, int peer, const json_t *b)
{
    rules_command cmd;
    char why[256];
    const json_t *c = json_object_get(b, "command");
    if (!c || !rules_command_from_json(c, "$.command", &cmd, why, sizeof why)) {
        deny(s, peer, c ? why : "a submit message without a command");
        return;
    }
    int who = s->peers[peer].side;
    if (who == 0) {
        deny(s, peer, "a spectator cannot give commands");
        return;
    }
    if (cmd.side.id != (uint32_t)who) {
        snprintf(why, sizeof why,
                 "a command for side %" PRIu32 " from the player of side %d (forged)", cmd.side.id,
                 who);
        deny(s, peer, why);
        return;
    }
    if (s->state != NET_PLAYING) {
        deny(s, peer, s->state == NET_PAUSED ? "the match is paused" : "the match is not running");
        return;
    }
    if (!game_submit(s->g, &cmd, why, sizeof why)) {
        deny(s, peer, why);
        return;
    }
    host_after_apply(s);
}

static void host_on_desync(net_session *s, int peer, const json_t *b)
{
    long long index;
    char path[1024] = "";
    if (!net_msg_get_int(b, "index", 0, SAVE_COMMANDS_MAX, &index))
        index = -1;
    bool wrote = write_log(s, path, sizeof path);
    stop(s,
         "out of step with the other player at command %lld: their table differs from this one. "
         "The match stops; this side's log is %s (send it with theirs in a bug report)",
         index + 1, wrote ? path : "(could not be written)");
    host_broadcast(s, NET_MSG_BYE, json_pack("{s:b,s:s}", "over", 0, "reason", "out of step"));
}

static bool host_allows(const net_peer *p, net_msg_type type)
{
    if (!p->joined)
        return type == NET_MSG_JOIN || type == NET_MSG_REFUSE || type == NET_MSG_BYE;
    return type == NET_MSG_SUBMIT || type == NET_MSG_DESYNC || type == NET_MSG_CHAT ||
           type == NET_MSG_PING || type == NET_MSG_BYE || type == NET_MSG_UNDO ||
           type == NET_MSG_READY;
}

static void host_dispatch(net_session *s, int peer, const net_msg *m)
{
    switch (m->type) {
    case NET_MSG_JOIN:
        host_on_join(s, peer, m->body);
        break;
    case NET_MSG_SUBMIT:
        host_on_submit(s, peer, m->body);
        break;
    case NET_MSG_DESYNC:
        host_on_desync(s, peer, m->body);
        break;
    case NET_MSG_REFUSE:
    case NET_MSG_BYE: {
        const char *why = "";
        net_msg_get_str(m->body, "reason", &why);
        slog(s, "peer %d leaves: %.200s", peer, why);
        kick(s, peer);
        break;
    }
    case NET_MSG_UNDO:
        host_on_undo(s, peer, m->body);
        break;
    case NET_MSG_READY:
        host_on_ready(s, peer, m->body);
        break;
    default:
        host_on_note(s, peer, m->type, m->body);
        break;
    }
}

/* ---- client ---------------------------------------------------------------------------------- */

static bool hello_fields(const json_t *b, const char **build, const char **ruleset, uint64_t *scen,
                         const char **text, uint64_t *seed)
{
    return net_msg_get_str(b, "build", build) && net_msg_get_str(b, "ruleset", ruleset) &&
           net_msg_get_hash(b, "scenario_hash", scen) && net_msg_get_str(b, "scenario", text) &&
           net_msg_get_hash(b, "seed", seed);
}

/* The client's copy of the match: its resumed one when it is of this scenario and seed, else a
 * new one from the host's text. */
static bool client_setup_game(net_session *s, const char *text, size_t len, uint64_t seed)
{
    uint64_t h = net_hash_bytes(text, len);
    if (s->g) {
        const scenario *sc = game_scenario(s->g);
        if (net_hash_bytes(sc->source_text, sc->source_len) == h && game_seed(s->g) == seed)
            return true;
        slog(s, "the saved match is of another scenario or seed: starting afresh");
        game_destroy(s->g);
        s->g = NULL;
    }
    scenario_error serr;
    scenario *sc = scenario_load_string(text, len, "the host's scenario", &serr);
    if (!sc) {
        char buf[1024];
        stop(s, "the host's scenario does not load here: %s",
             scenario_error_format(&serr, buf, sizeof buf));
        return false;
    }
    game_error gerr;
    s->g = game_create(&(game_desc){.scenario = sc,
                                    .take_scenario = true,
                                    .seed_set = true,
                                    .seed = seed,
                                    .data_dir = s->data_dir[0] ? s->data_dir : NULL,
                                    .autosave_path = s->autosave[0] ? s->autosave : NULL},
                       &gerr);
    if (!s->g) {
        char buf[1024];
        stop(s, "the host's match cannot be set up here: %s",
             game_error_format(&gerr, buf, sizeof buf));
        return false;
    }
    return true;
}

static void client_on_hello(net_session *s, const json_t *b)
{
    const char *build, *ruleset, *text;
    uint64_t scen, seed;
    if (s->hello || !hello_fields(b, &build, &ruleset, &scen, &text, &seed)) {
        stop(s, "the host sent a bad greeting");
        return;
    }
    s->hello = true;
    size_t len = json_string_length(json_object_get(b, "scenario"));
    s->scenario_hash = net_hash_bytes(text, len);
    if (s->scenario_hash == scen && !client_setup_game(s, text, len, seed)) {
        send_msg(s, 0, NET_MSG_REFUSE, json_pack("{s:s}", "reason", s->message));
        return;
    }
    int have = s->g ? game_cursor(s->g) : 0;
    json_t *body = json_pack("{s:s,s:o,s:o,s:s,s:i,s:i,s:o,s:s}", "build", build_of(s),
                             "rules_hash", net_msg_hash_json(rules_hash_of(s, ruleset)),
                             "scenario_hash", net_msg_hash_json(s->scenario_hash), "password",
                             s->password, "side", (int)s->d.side, "have", have, "have_hash",
                             net_msg_hash_json(s->g ? game_hash(s->g) : 0), "name", s->name);
    if (s->d.watch) /* optional: a build before spectators asked for none */
        json_object_set_new(body, "watch", json_true());
    send_msg(s, 0, NET_MSG_JOIN, body);
}

static void client_on_start(net_session *s, const json_t *b)
{
    long long who, from, count;
    if (!s->g || s->started || !net_msg_get_int(b, "side", 0, SIDES_MAX, &who) ||
        !net_msg_get_int(b, "from", 0, SAVE_COMMANDS_MAX, &from) ||
        !net_msg_get_int(b, "count", from, SAVE_COMMANDS_MAX, &count) || from > game_cursor(s->g)) {
        stop(s, "the host sent a bad start");
        return;
    }
    if (from < game_cursor(s->g))
        game_goto(s->g, (int)from); /* the next applied command drops the rest */
    s->started = true;
    s->in_lobby = false;
    s->side = (uint32_t)who;
    s->host_count = (int)count;
    s->pending = false;
    s->state = game_over(s->g) && from == count ? NET_OVER : NET_PLAYING;
    s->message[0] = '\0';
}

static void desync(net_session *s, int index, const char *what)
{
    char path[1024] = "";
    bool wrote = write_log(s, path, sizeof path);
    send_msg(s, 0, NET_MSG_DESYNC,
             json_pack("{s:i,s:o}", "index", index, "hash", net_msg_hash_json(game_hash(s->g))));
    stop(s,
         "out of step with the host at command %d: %s. The match stops; this side's log is %s "
         "(send it with the host's in a bug report)",
         index + 1, what, wrote ? path : "(could not be written)");
}

static void client_on_apply(net_session *s, const json_t *b)
{
    long long index;
    uint64_t hash;
    rules_command cmd;
    char why[256];
    const json_t *c = json_object_get(b, "command");
    if (!s->started || !net_msg_get_int(b, "index", 0, SAVE_COMMANDS_MAX, &index) ||
        !net_msg_get_hash(b, "hash", &hash) || !c ||
        !rules_command_from_json(c, "$.command", &cmd, why, sizeof why)) {
        stop(s, "the host sent a bad command");
        return;
    }
    if (index != game_cursor(s->g)) {
        slog(s, "command %lld from the host out of order (expected %d): ignored", index + 1,
             game_cursor(s->g) + 1);
        return;
    }
    if (!game_submit(s->g, &cmd, why, sizeof why)) {
        char what[400];
        snprintf(what, sizeof what, "its command is refused here (%s)", why);
        desync(s, (int)index, what);
        return;
    }
    if (game_hash(s->g) != hash) {
        desync(s, (int)index, "the state after it differs");
        return;
    }
    if (s->host_count <= index)
        s->host_count = (int)index + 1;
    if (cmd.side.id == s->side)
        s->pending = false;
    if (game_over(s->g)) {
        s->state = NET_OVER;
        snprintf(s->message, sizeof s->message, "the game is over");
    }
}

static void client_on_bye(net_session *s, const json_t *b)
{
    bool over = false;
    const char *why = "";
    net_msg_get_bool(b, "over", &over);
    net_msg_get_str(b, "reason", &why);
    if (over && s->g && game_over(s->g))
        s->state = NET_OVER;
    else if (s->state != NET_STOPPED)
        stop(s, "the host ended the match: %.200s", why);
}

static bool client_allows(net_msg_type type)
{
    return type == NET_MSG_HELLO || type == NET_MSG_REFUSE || type == NET_MSG_START ||
           type == NET_MSG_APPLY || type == NET_MSG_DENY || type == NET_MSG_CHAT ||
           type == NET_MSG_PING || type == NET_MSG_BYE || type == NET_MSG_UNDO ||
           type == NET_MSG_LOBBY;
}

static void client_dispatch(net_session *s, const net_msg *m)
{
    const char *why = "";
    switch (m->type) {
    case NET_MSG_HELLO:
        client_on_hello(s, m->body);
        break;
    case NET_MSG_START:
        client_on_start(s, m->body);
        break;
    case NET_MSG_APPLY:
        client_on_apply(s, m->body);
        break;
    case NET_MSG_DENY:
        net_msg_get_str(m->body, "reason", &why);
        copy_str(s->denied, sizeof s->denied, why);
        s->pending = false;
        slog(s, "the host refused our command: %s", s->denied);
        break;
    case NET_MSG_REFUSE:
        net_msg_get_str(m->body, "reason", &why);
        stop(s, "the host refused this player: %.300s", why);
        break;
    case NET_MSG_BYE:
        client_on_bye(s, m->body);
        break;
    case NET_MSG_UNDO:
        client_on_undo(s, m->body);
        break;
    case NET_MSG_LOBBY:
        client_on_lobby(s, m->body);
        break;
    default: /* chat and ping, stamped by the host */
        client_on_note(s, m->type, m->body);
        break;
    }
}

/* ---- the transport's reports ------------------------------------------------------------------
 */

void net_session_connected(net_session *s, int peer)
{
    if (peer < 0 || peer >= NET_PEERS_MAX)
        return;
    s->peers[peer] = (net_peer){.connected = true, .side = -1};
    if (s->d.host) {
        slog(s, "peer %d connected", peer);
        host_send_hello(s, peer);
    } else {
        s->hello = s->started = s->pending = false;
    }
}

void net_session_disconnected(net_session *s, int peer)
{
    if (peer < 0 || peer >= NET_PEERS_MAX || !s->peers[peer].connected)
        return;
    net_peer *p = &s->peers[peer];
    p->connected = false;
    if (!s->d.host) {
        if (s->state == NET_PLAYING || s->state == NET_WAITING) {
            s->state = s->state == NET_PLAYING ? NET_PAUSED : s->state;
            snprintf(s->message, sizeof s->message,
                     "the connection to the host dropped: waiting to reconnect");
        }
        s->started = s->hello = s->pending = s->in_lobby = false;
        s->lobby_count = 0;
        return;
    }
    slog(s, "peer %d disconnected", peer);
    if (p->joined && p->side > 0 && s->side_peer[p->side] == peer) {
        s->side_peer[p->side] = -1;
        if (s->state == NET_PLAYING) {
            s->state = NET_PAUSED;
            snprintf(
                s->message, sizeof s->message,
                "%s's player has left: waiting for them to come back",
                table_side_label(game_table(s->g), (side_id){(uint32_t)p->side}, "the other side"));
        }
    }
    p->joined = false;
    if (host_lobby_open(s))
        host_send_lobby(s);
}

static void strike(net_session *s, int peer, const char *what)
{
    slog(s, "%s %d: refused a message: %s", s->d.host ? "peer" : "host", peer, what);
    if (++s->peers[peer].strikes >= NET_STRIKES_MAX && s->d.host) {
        slog(s, "peer %d dropped after %d refused messages", peer, s->peers[peer].strikes);
        kick(s, peer);
    }
}

void net_session_receive(net_session *s, int peer, const void *data, size_t len)
{
    if (peer < 0 || peer >= NET_PEERS_MAX || !s->peers[peer].connected || (!s->d.host && peer != 0))
        return;
    net_msg m;
    char why[256];
    if (!net_msg_decode(data, len, &m, why, sizeof why)) {
        strike(s, peer, why);
        return;
    }
    net_peer *p = &s->peers[peer];
    if (m.seq != p->seq_in + 1) {
        snprintf(why, sizeof why,
                 "%s message number %" PRIu32 " out of order (expected %" PRIu32 ")",
                 net_msg_type_name(m.type), m.seq, p->seq_in + 1);
        strike(s, peer, why);
    } else if (s->d.host ? !host_allows(p, m.type) : !client_allows(m.type)) {
        p->seq_in = m.seq;
        snprintf(why, sizeof why, "a message of type %s is not expected from the %s now",
                 net_msg_type_name(m.type), s->d.host ? "client" : "host");
        strike(s, peer, why);
    } else if (s->state == NET_STOPPED) {
        p->seq_in = m.seq;
    } else {
        p->seq_in = m.seq;
        if (s->d.host)
            host_dispatch(s, peer, &m);
        else
            client_dispatch(s, &m);
    }
    net_msg_free(&m);
}

/* ---- the local player -------------------------------------------------------------------------
 */

bool net_session_submit(net_session *s, const rules_command *cmd, char *reason, size_t size)
{
    s->denied[0] = '\0';
    if (s->state != NET_PLAYING) {
        snprintf(reason, size, "%s",
                 s->state == NET_PAUSED ? "the match is paused" : "the match is not running");
        return false;
    }
    if (!s->d.host) {
        if (!net_session_my_turn(s) || cmd->side.id != s->side) {
            snprintf(reason, size, "it is not this player's decision");
            return false;
        }
        if (!game_validate(s->g, cmd, reason, size))
            return false;
        s->pending = true;
        send_msg(s, 0, NET_MSG_SUBMIT, json_pack("{s:o}", "command", rules_command_to_json(cmd)));
        return true;
    }
    if (side_is_remote(s, cmd->side.id)) {
        snprintf(reason, size, "that side is the other player's");
        return false;
    }
    if (!game_submit(s->g, cmd, reason, size))
        return false;
    host_after_apply(s);
    return true;
}
