/* Play across two desktops: a lockstep match between a host and its clients.
 *
 * A match is scenario + seed + command log, so only commands travel. The host holds the match
 * (its game, created or loaded by its owner) and fixes the seed and the order of commands: its
 * own go through game_submit at once; a client's are sent to the host (SUBMIT), which submits
 * them, refused or not as a local command would be, and broadcasts each accepted one (APPLY)
 * with the state hash after it. Every client applies the host's commands in that order through
 * game_submit and compares the hash: a difference stops the match with a message naming the
 * command, and both sides write their log (a save) for a bug report.
 *
 * The handshake: on connecting, the host sends HELLO (build, rule set, hash of its rule data,
 * hash and text of the scenario, seed, whether a password is needed); the client checks them,
 * sets up (or resumes, from its own crash-safe save) its copy of the match and answers JOIN
 * (its build and hashes, the password, the side it wants, how many commands it has and the
 * hash after them); the host refuses a different build, rule data or scenario, a wrong password
 * or a taken side, else answers START (the side given, where its log resumes) and sends the
 * commands the client lacks. A client that drops and connects again (or a host restarted from
 * its save) resumes so, hashes checked.
 *
 * The session knows nothing of sockets: its owner passes it the bytes that arrive
 * (net_session_receive) and sends what it asks (desc.send); net_enet.h runs it over ENet, the
 * tests and the fuzzer over memory. Everything a peer sends is checked (net_msg.h, then each
 * field): a refused message is dropped with a log line and changes nothing.
 */
#ifndef NET_NET_H
#define NET_NET_H

#include "game/game.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Peers a host takes at once: the other player, and spectators. */
#define NET_PEERS_MAX 4
/* A peer whose messages are refused this many times is dropped. */
#define NET_STRIKES_MAX 32

typedef enum net_state {
    NET_WAITING = 0, /* host: no player yet; client: handshake under way */
    NET_PLAYING,     /* the match runs */
    NET_PAUSED,      /* the other player's connection dropped: nothing is played until it is back */
    NET_OVER,        /* the game ended by the rules, hashes checked */
    NET_STOPPED,     /* refused, out of step, or left: net_session_message says why */
} net_state;

typedef struct net_session net_session;
typedef struct net_note net_note; /* a chat line or a ping (below) */

typedef struct net_session_desc {
    bool host;
    /* Host: the match (borrowed; it must outlive the session), created or loaded by the owner.
     * Client: a match resumed from the client's own save (taken: the session owns it), or NULL
     * to set one up from the host's HELLO. */
    game *game;
    /* The local player's side: the host's (0 = the first side), the side a client asks for
     * (0 = whichever is free; none free: a spectator). */
    uint32_t side;
    /* Client: joins as a spectator even when a side is free (side is then not asked for). */
    bool watch;
    const char *password; /* host: required when not empty; client: the one sent */
    /* The local player's name, shown to the other player ("" = "Host" / "Guest"). */
    const char *name;
    /* Host: a lobby holds the match until every player (the host too) says ready
     * (net_session_ready); false: it starts as soon as the other player has joined. A player
     * who comes back after it started is not held again. */
    bool lobby;
    /* Client: for the match it sets up: the rule data directory and its autosave (the
     * crash-safe save it resumes from), NULL = none. */
    const char *data_dir;
    const char *autosave_path;
    /* Where this side's log goes when the match goes out of step; NULL: the data directory's
     * desync-host.json / desync-client.json. */
    const char *desync_path;
    /* Tests: stand-ins for this build's version and rule-data hash (NULL/0 = the real ones). */
    const char *build;
    uint64_t rules_hash;
    /* Sends len bytes to peer (a host's peer index; 0 for a client's host), reliably, in order. */
    void (*send)(void *user, int peer, const void *data, size_t len);
    /* Drops a peer (a host refusing one, a bad peer). May be NULL. */
    void (*kick)(void *user, int peer);
    /* One line for the log (what was refused and why, who joined). May be NULL. */
    void (*log)(void *user, const char *line);
    void *user;
    void *log_user; /* the log's user; NULL = user */
    /* A chat line or ping arrived or was sent (the owner keeps them beside the save). May be
     * NULL. */
    void (*on_note)(void *user, const net_note *note);
    void *note_user; /* on_note's user; NULL = user */
} net_session_desc;

net_session *net_session_create(const net_session_desc *desc);
void net_session_destroy(net_session *s);

/* ---- what the transport reports ------------------------------------------------------------ */

/* A peer connected (host: sends it HELLO) / went away (its side pauses the match). */
void net_session_connected(net_session *s, int peer);
void net_session_disconnected(net_session *s, int peer);
/* Bytes from a peer: one whole message as it was sent. Never trusted. */
void net_session_receive(net_session *s, int peer, const void *data, size_t len);

/* ---- the local player ---------------------------------------------------------------------- */

/* Plays a local command: the host submits and broadcasts it; a client sends it to the host and
 * waits (net_session_pending) for it to come back applied or refused. False with the reason
 * when it cannot be sent now (not this side's decision, the match paused, one pending). */
bool net_session_submit(net_session *s, const rules_command *cmd, char *reason, size_t size);
/* True when the local player should decide now: the match runs, the client is caught up with
 * the host, nothing is pending, and the decision is the local side's. */
bool net_session_my_turn(const net_session *s);
bool net_session_pending(const net_session *s);
/* The last refusal of a submitted command ("" none), cleared by the next submit. */
const char *net_session_denied(const net_session *s);
void net_session_clear_denied(net_session *s);

/* ---- undo by consent ------------------------------------------------------------------------ */

/* Asks the other player to take back the last command (undo needs both players' word). False
 * when there is nothing to undo, the match does not run, or an answer is awaited already. */
bool net_session_undo_ask(net_session *s);
/* The other player asked: true until the local player answers. */
bool net_session_undo_asked(const net_session *s);
/* True while the local player's own request waits for the other's answer. */
bool net_session_undo_waiting(const net_session *s);
/* The local player's answer; yes: the host takes the command back on every table (a client's
 * table follows the host's, hashes checked). */
void net_session_undo_answer(net_session *s, bool yes);

/* ---- chat and pings on the table ---------------------------------------------------------------
 */

#define NET_CHAT_MAX  256 /* bytes of one chat line */
#define NET_NOTES_MAX 4096

typedef enum net_note_kind {
    NET_NOTE_CHAT = 1,
    NET_NOTE_PING, /* "look here": a spot on the table */
} net_note_kind;

struct net_note {
    net_note_kind kind;
    uint32_t side; /* whose player sent it (the host stamps it; a client cannot claim another) */
    int command;   /* the commands in effect when it was sent */
    float x, y;    /* the spot of a ping, cm */
    char text[NET_CHAT_MAX];
};

/* Sends a chat line / a ping (the host passes them to every other player). False when the
 * match does not run or the text is empty. Control characters are dropped, a long line cut. */
bool net_session_chat(net_session *s, const char *text);
bool net_session_ping(net_session *s, float x, float y);
/* Every chat line and ping of the match so far, the local player's own too, oldest first. */
int net_session_note_count(const net_session *s);
const net_note *net_session_note(const net_session *s, int index);

/* ---- the lobby -------------------------------------------------------------------------------
 */

#define NET_NAME_MAX 32 /* bytes of a player's name */

typedef struct net_player {
    char name[NET_NAME_MAX];
    uint32_t side; /* 0: a spectator */
    bool ready, host, local;
} net_player;

/* True while the lobby holds the match: the players can still swap sides and say ready. */
bool net_session_in_lobby(const net_session *s);
/* Who is in the match now, the host first (at most max); a client knows them from the lobby. */
int net_session_players(const net_session *s, net_player *out, int max);
/* The local player is ready (or not); the match starts when every player is. */
void net_session_ready(net_session *s, bool ready);
bool net_session_is_ready(const net_session *s);
/* Trades sides between the host and the other player (in the lobby only; both are not ready
 * after it). False when it cannot be done now. */
bool net_session_swap_sides(net_session *s);
/* The name of the player of a side ("" when nobody known plays it). */
const char *net_session_player_name(const net_session *s, uint32_t who);

/* ---- state --------------------------------------------------------------------------------- */

net_state net_session_state(const net_session *s);
/* Why the match stopped, or what it waits for, in the player's words ("" when nothing). */
const char *net_session_message(const net_session *s);
/* The match (NULL on a client before HELLO). */
game *net_session_game(const net_session *s);
/* A client's match handed to the caller (who destroys it); the session keeps using it until it
 * is destroyed, which it must be before the match. NULL on a host. */
game *net_session_release_game(net_session *s);
uint32_t net_session_side(const net_session *s);
/* Host: the side of each connected peer that has joined (0 spectator; -1 not joined/absent). */
int net_session_peer_side(const net_session *s, int peer);
/* Host: true once a player holds every side the host does not play. */
bool net_session_full(const net_session *s);

/* ---- hashes of what must match --------------------------------------------------------------- */

/* 64-bit FNV-1a of bytes. */
uint64_t net_hash_bytes(const void *data, size_t len);
/* The hash of a rule set's data file (assets/rules/<id>.json under config_source_dir(), else
 * the source tree this build came from); 0 when it cannot be read. */
uint64_t net_rules_hash(const char *ruleset_id);

#endif // NET_NET_H
