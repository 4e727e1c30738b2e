/* The network message format: a 16-byte header and a JSON object.
 *
 *   bytes 0-3   "STBL" (magic)
 *   byte  4     protocol version (NET_PROTOCOL_VERSION)
 *   byte  5     message type (net_msg_type)
 *   bytes 6-7   zero (reserved)
 *   bytes 8-11  sequence number, big-endian: 1 for a sender's first message, +1 for each next
 *   bytes 12-15 payload length, big-endian: exactly the bytes after the header
 *   payload     a JSON object (UTF-8, no NUL), the fields of the type below
 *
 * Decoding checks every one of these before a field is read: a short, oversized (per type, see
 * net_msg_max), wrongly sized, unknown, newer-version or non-object message is refused with
 * the reason in words. Each type's fields are checked by the session that reads it.
 */
#ifndef NET_NET_MSG_H
#define NET_NET_MSG_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define NET_PROTOCOL_VERSION 1
#define NET_HEADER_SIZE      16
/* The largest message of all: HELLO carries the scenario's text (SCENARIO_FILE_MAX, 4 MiB),
 * which JSON may escape to more. Other types are far smaller (net_msg_max). */
#define NET_MSG_MAX (12u << 20)

typedef enum net_msg_type {
    NET_MSG_NONE = 0,
    NET_MSG_HELLO,  /* host -> client on connect: build, rule data, scenario, seed */
    NET_MSG_JOIN,   /* client -> host: build, hashes, password, side wanted, what it has */
    NET_MSG_REFUSE, /* either way: the handshake failed; reason */
    NET_MSG_START,  /* host -> client: the side given, where its log resumes, the host's count */
    NET_MSG_SUBMIT, /* client -> host: a command it wants played */
    NET_MSG_APPLY,  /* host -> clients: command number `index`, and the state hash after it */
    NET_MSG_DENY,   /* host -> client: the submitted command was refused; reason */
    NET_MSG_DESYNC, /* client -> host: after command `index` the hashes differ */
    NET_MSG_CHAT,   /* either way: a line of chat */
    NET_MSG_PING,   /* either way: a spot on the table (x, y in cm) */
    NET_MSG_BYE,    /* either way: the match ends (over, or stopped); reason */
    NET_MSG_UNDO,   /* either way: op "ask" / "yes" / "no"; host -> clients "done" (cursor, hash) */
    NET_MSG_LOBBY,  /* host -> client before the match starts: the players, sides, who is ready */
    NET_MSG_READY,  /* client -> host in the lobby: ready or not; swap: trade sides with the host */
    NET_MSG_TYPE_COUNT
} net_msg_type;

/* "hello", "join", ... ("?" for an unknown type). */
const char *net_msg_type_name(net_msg_type type);
/* The largest payload a message of this type may have (bytes). */
size_t net_msg_max(net_msg_type type);

/* A new buffer (free() it) with the header and the compact JSON of body; NULL when body is too
 * large for its type (or out of memory). */
uint8_t *net_msg_encode(net_msg_type type, uint32_t seq, const json_t *body, size_t *len);

typedef struct net_msg {
    net_msg_type type;
    uint32_t seq;
    json_t *body; /* owned: json_decref it (net_msg_free) */
} net_msg;

/* Decodes one message; false with the reason in err (out untouched) when it is refused. */
bool net_msg_decode(const uint8_t *data, size_t len, net_msg *out, char *err, size_t size);
void net_msg_free(net_msg *m);

/* Typed field reads for the session: false when the field is missing or of another type. */
bool net_msg_get_str(const json_t *body, const char *key, const char **out);
bool net_msg_get_int(const json_t *body, const char *key, long long lo, long long hi,
                     long long *out);
bool net_msg_get_bool(const json_t *body, const char *key, bool *out);
/* A 64-bit hash travels as 16 hex digits (JSON numbers are not exact past 2^53). */
bool net_msg_get_hash(const json_t *body, const char *key, uint64_t *out);
json_t *net_msg_hash_json(uint64_t hash);

#endif // NET_NET_MSG_H
