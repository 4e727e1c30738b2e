#include "net/net_enet.h"

#include "net/net_msg.h"

#include <enet/enet.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A peer that answers nothing for this long is gone (a killed process, a pulled cable). */
#define TIMEOUT_MIN_MS 1500
#define TIMEOUT_MAX_MS 3000
#define RECONNECT_MS   500

struct net_enet {
    ENetHost *host;
    bool is_host;
    ENetAddress remote;
    ENetPeer *peers[NET_PEERS_MAX]; /* host: by session peer index; client: [0] the host */
    bool up[NET_PEERS_MAX];         /* connected (the session was told) */
    net_session *session;
    enet_uint32 reconnect_at;
};

static int enet_users;

static bool init(char *err, size_t size)
{
    if (enet_users == 0 && enet_initialize() != 0) {
        snprintf(err, size, "the network library could not start");
        return false;
    }
    enet_users++;
    return true;
}

static void deinit(void)
{
    if (--enet_users == 0)
        enet_deinitialize();
}

static net_enet *make(ENetHost *h, bool is_host)
{
    net_enet *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->host = h;
    t->is_host = is_host;
    /* ENet refuses larger packets itself, before they are assembled */
    h->maximumPacketSize = NET_HEADER_SIZE + NET_MSG_MAX;
    return t;
}

net_enet *net_enet_listen(const char *addr, uint16_t port, char *err, size_t size)
{
    if (!init(err, size))
        return NULL;
    ENetAddress a = {.host = ENET_HOST_ANY, .port = port};
    if (addr && *addr && enet_address_set_host(&a, addr) != 0) {
        snprintf(err, size, "unknown address '%.200s'", addr);
        goto fail;
    }
    ENetHost *h = enet_host_create(&a, NET_PEERS_MAX, 2, 0, 0);
    if (!h) {
        snprintf(err, size, "cannot listen on port %u (in use?)", port);
        goto fail;
    }
    net_enet *t = make(h, true);
    if (!t) {
        enet_host_destroy(h);
        snprintf(err, size, "out of memory");
        goto fail;
    }
    return t;
fail:
    deinit();
    return NULL;
}

static bool client_connect(net_enet *t)
{
    t->peers[0] = enet_host_connect(t->host, &t->remote, 2, 0);
    if (t->peers[0])
        enet_peer_timeout(t->peers[0], 0, TIMEOUT_MIN_MS, TIMEOUT_MAX_MS);
    return t->peers[0] != NULL;
}

net_enet *net_enet_connect(const char *addr, uint16_t port, char *err, size_t size)
{
    if (!init(err, size))
        return NULL;
    ENetAddress a = {.port = port};
    if (enet_address_set_host(&a, addr) != 0) {
        snprintf(err, size, "unknown host '%.200s'", addr);
        goto fail;
    }
    ENetHost *h = enet_host_create(NULL, 1, 2, 0, 0);
    if (!h) {
        snprintf(err, size, "cannot open a network socket");
        goto fail;
    }
    net_enet *t = make(h, false);
    if (!t) {
        enet_host_destroy(h);
        snprintf(err, size, "out of memory");
        goto fail;
    }
    t->remote = a;
    if (!client_connect(t)) {
        net_enet_destroy(t);
        snprintf(err, size, "cannot connect to %.200s", addr);
        return NULL;
    }
    return t;
fail:
    deinit();
    return NULL;
}

void net_enet_destroy(net_enet *t)
{
    if (!t)
        return;
    for (int i = 0; i < NET_PEERS_MAX; i++)
        if (t->peers[i])
            enet_peer_disconnect_now(t->peers[i], 0);
    enet_host_destroy(t->host);
    free(t);
    deinit();
}

uint16_t net_enet_port(const net_enet *t)
{
    ENetAddress a;
    if (enet_socket_get_address(t->host->socket, &a) != 0)
        return t->host->address.port;
    return a.port;
}

void net_enet_attach(net_enet *t, net_session *s)
{
    t->session = s;
}

void net_enet_send(void *user, int peer, const void *data, size_t len)
{
    net_enet *t = user;
    if (peer < 0 || peer >= NET_PEERS_MAX || !t->peers[peer])
        return;
    ENetPacket *p = enet_packet_create(data, len, ENET_PACKET_FLAG_RELIABLE);
    if (p && enet_peer_send(t->peers[peer], 0, p) != 0)
        enet_packet_destroy(p);
}

void net_enet_kick(void *user, int peer)
{
    net_enet *t = user;
    if (peer >= 0 && peer < NET_PEERS_MAX && t->peers[peer]) {
        enet_peer_disconnect_later(t->peers[peer], 0); /* what is queued (the reason) goes first */
        t->up[peer] = false;
    }
}

static int slot_of(const net_enet *t, const ENetPeer *p)
{
    for (int i = 0; i < NET_PEERS_MAX; i++)
        if (t->peers[i] == p)
            return i;
    return -1;
}

static void on_connect(net_enet *t, ENetPeer *p)
{
    int i = t->is_host ? slot_of(t, NULL) : 0;
    if (i < 0) {
        enet_peer_disconnect_now(p, 0);
        return;
    }
    t->peers[i] = p;
    t->up[i] = true;
    enet_peer_timeout(p, 0, TIMEOUT_MIN_MS, TIMEOUT_MAX_MS);
    if (t->session)
        net_session_connected(t->session, i);
}

static void on_disconnect(net_enet *t, ENetPeer *p)
{
    int i = slot_of(t, p);
    if (i < 0)
        return;
    t->peers[i] = NULL;
    t->up[i] = false;
    if (t->session)
        net_session_disconnected(t->session, i);
    if (!t->is_host)
        t->reconnect_at = enet_time_get() + RECONNECT_MS;
}

static void handle(net_enet *t, ENetEvent *ev)
{
    int i;
    switch (ev->type) {
    case ENET_EVENT_TYPE_CONNECT:
        on_connect(t, ev->peer);
        break;
    case ENET_EVENT_TYPE_DISCONNECT:
        on_disconnect(t, ev->peer);
        break;
    case ENET_EVENT_TYPE_RECEIVE:
        i = slot_of(t, ev->peer);
        if (i >= 0 && t->up[i] && t->session)
            net_session_receive(t->session, i, ev->packet->data, ev->packet->dataLength);
        enet_packet_destroy(ev->packet);
        break;
    default:
        break;
    }
}

void net_enet_service(net_enet *t, int timeout_ms)
{
    if (!t->is_host && !t->peers[0] && enet_time_get() >= t->reconnect_at)
        client_connect(t);
    ENetEvent ev;
    int r = enet_host_service(t->host, &ev, (enet_uint32)(timeout_ms > 0 ? timeout_ms : 0));
    while (r > 0) {
        handle(t, &ev);
        r = enet_host_check_events(t->host, &ev);
    }
    enet_host_flush(t->host);
}

void net_enet_flush(net_enet *t)
{
    enet_host_flush(t->host);
}

bool net_enet_connected(const net_enet *t)
{
    return t->up[0];
}

bool net_enet_parse_address(const char *text, char *addr, size_t size, uint16_t *port)
{
    const char *colon = strrchr(text, ':');
    const char *end = text + strlen(text);
    *port = NET_DEFAULT_PORT;
    if (text[0] == '[') {
        const char *close = strchr(text, ']');
        if (!close)
            return false;
        colon = close[1] == ':' ? close + 1 : NULL;
        snprintf(addr, size, "%.*s", (int)(close - text - 1), text + 1);
    } else if (colon && strchr(text, ':') == colon) {
        snprintf(addr, size, "%.*s", (int)(colon - text), text);
    } else {
        colon = NULL;
        snprintf(addr, size, "%s", text);
    }
    if (colon) {
        char *e;
        long v = strtol(colon + 1, &e, 10);
        if (colon + 1 == end || *e || v < 1 || v > 65535)
            return false;
        *port = (uint16_t)v;
    }
    return addr[0] != '\0';
}
