#include "net/net_msg.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const type_names[NET_MSG_TYPE_COUNT] = {
    "none",   "hello", "join", "refuse", "start", "submit", "apply", "deny",
    "desync", "chat",  "ping", "bye",    "undo",  "lobby",  "ready",
};

const char *net_msg_type_name(net_msg_type type)
{
    return type > NET_MSG_NONE && type < NET_MSG_TYPE_COUNT ? type_names[type] : "?";
}

size_t net_msg_max(net_msg_type type)
{
    switch (type) {
    case NET_MSG_HELLO:
        return NET_MSG_MAX;
    case NET_MSG_SUBMIT:
    case NET_MSG_APPLY:
        return 16u << 10; /* a command: 64 figures and 8 waypoints fit in well under 8 KiB */
    default:
        return 4u << 10;
    }
}

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

static uint32_t get32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

uint8_t *net_msg_encode(net_msg_type type, uint32_t seq, const json_t *body, size_t *len)
{
    char *text = json_dumps(body, JSON_COMPACT);
    if (!text)
        return NULL;
    size_t n = strlen(text);
    uint8_t *buf = n <= net_msg_max(type) ? malloc(NET_HEADER_SIZE + n) : NULL;
    if (buf) {
        memcpy(buf, "STBL", 4);
        buf[4] = NET_PROTOCOL_VERSION;
        buf[5] = (uint8_t)type;
        buf[6] = buf[7] = 0;
        put32(buf + 8, seq);
        put32(buf + 12, (uint32_t)n);
        memcpy(buf + NET_HEADER_SIZE, text, n);
        *len = NET_HEADER_SIZE + n;
    }
    free(text);
    return buf;
}

static bool check_header(const uint8_t *data, size_t len, char *err, size_t size)
{
    if (len < NET_HEADER_SIZE) {
        snprintf(err, size, "a message of %zu bytes is shorter than its header", len);
        return false;
    }
    if (memcmp(data, "STBL", 4) != 0) {
        snprintf(err, size, "not a Sandtable message (bad magic)");
        return false;
    }
    if (data[4] != NET_PROTOCOL_VERSION) {
        snprintf(err, size, "protocol version %u, this build speaks %u", data[4],
                 NET_PROTOCOL_VERSION);
        return false;
    }
    if (data[5] <= NET_MSG_NONE || data[5] >= NET_MSG_TYPE_COUNT || data[6] || data[7]) {
        snprintf(err, size, "unknown message type %u", data[5]);
        return false;
    }
    uint32_t n = get32(data + 12);
    if (n > net_msg_max((net_msg_type)data[5])) {
        snprintf(err, size, "%s message of %" PRIu32 " bytes is over its limit of %zu",
                 net_msg_type_name((net_msg_type)data[5]), n, net_msg_max((net_msg_type)data[5]));
        return false;
    }
    if ((size_t)n != len - NET_HEADER_SIZE) {
        snprintf(err, size, "length field says %" PRIu32 " bytes, the message has %zu", n,
                 len - NET_HEADER_SIZE);
        return false;
    }
    return true;
}

bool net_msg_decode(const uint8_t *data, size_t len, net_msg *out, char *err, size_t size)
{
    if (!check_header(data, len, err, size))
        return false;
    size_t n = len - NET_HEADER_SIZE;
    if (memchr(data + NET_HEADER_SIZE, '\0', n)) {
        snprintf(err, size, "a NUL byte in the payload");
        return false;
    }
    json_error_t jerr;
    json_t *body =
        json_loadb((const char *)data + NET_HEADER_SIZE, n, JSON_REJECT_DUPLICATES, &jerr);
    if (!body) {
        snprintf(err, size, "payload is not JSON (column %d: %s)", jerr.column, jerr.text);
        return false;
    }
    if (!json_is_object(body)) {
        json_decref(body);
        snprintf(err, size, "payload is not a JSON object");
        return false;
    }
    *out = (net_msg){.type = (net_msg_type)data[5], .seq = get32(data + 8), .body = body};
    return true;
}

void net_msg_free(net_msg *m)
{
    json_decref(m->body);
    m->body = NULL;
}

bool net_msg_get_str(const json_t *body, const char *key, const char **out)
{
    const json_t *v = json_object_get(body, key);
    if (!json_is_string(v))
        return false;
    *out = json_string_value(v);
    return true;
}

bool net_msg_get_int(const json_t *body, const char *key, long long lo, long long hi,
                     long long *out)
{
    const json_t *v = json_object_get(body, key);
    if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi)
        return false;
    *out = json_integer_value(v);
    return true;
}

bool net_msg_get_bool(const json_t *body, const char *key, bool *out)
{
    const json_t *v = json_object_get(body, key);
    if (!json_is_boolean(v))
        return false;
    *out = json_is_true(v);
    return true;
}

bool net_msg_get_hash(const json_t *body, const char *key, uint64_t *out)
{
    const char *s;
    if (!net_msg_get_str(body, key, &s) || strlen(s) != 16)
        return false;
    uint64_t v = 0;
    for (const char *p = s; *p; p++) {
        int d = *p >= '0' && *p <= '9' ? *p - '0' : *p >= 'a' && *p <= 'f' ? *p - 'a' + 10 : -1;
        if (d < 0)
            return false;
        v = v << 4 | (uint64_t)d;
    }
    *out = v;
    return true;
}

json_t *net_msg_hash_json(uint64_t hash)
{
    char buf[17];
    snprintf(buf, sizeof buf, "%016" PRIx64, hash);
    return json_string(buf);
}
