/* A net_session over ENet (reliable, ordered packets on channel 0): the host listens, a client
 * connects, and each event is passed to the session. A client whose connection drops tries
 * again every half second until it is back (or its owner gives up). */
#ifndef NET_NET_ENET_H
#define NET_NET_ENET_H

#include "net/net.h"

#include <stdbool.h>
#include <stdint.h>

#define NET_DEFAULT_PORT 27960

typedef struct net_enet net_enet;

/* Host: listens on addr ("127.0.0.1"; NULL or "" = every interface) and port (0: one the
 * system picks, net_enet_port says which). Client: connects to addr:port. NULL with the reason. */
net_enet *net_enet_listen(const char *addr, uint16_t port, char *err, size_t size);
net_enet *net_enet_connect(const char *addr, uint16_t port, char *err, size_t size);
void net_enet_destroy(net_enet *t);

uint16_t net_enet_port(const net_enet *t);
/* The session the events go to; its desc's send/kick are net_enet_send/net_enet_kick with
 * this transport as user. */
void net_enet_attach(net_enet *t, net_session *s);
void net_enet_send(void *user, int peer, const void *data, size_t len);
void net_enet_kick(void *user, int peer);

/* Waits up to timeout_ms for network events and handles every one that came. */
void net_enet_service(net_enet *t, int timeout_ms);
/* Sends what is queued now (before the process ends). */
void net_enet_flush(net_enet *t);
/* Client: connected to the host now. */
bool net_enet_connected(const net_enet *t);

/* "host", "host:port", "[v6]:port" into addr and port (default NET_DEFAULT_PORT); false when
 * the port is not a number 1..65535. */
bool net_enet_parse_address(const char *text, char *addr, size_t size, uint16_t *port);

#endif // NET_NET_ENET_H
