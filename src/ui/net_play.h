/* Network play on screen (net/net.h): the lobby (who is connected, the port, waiting for the
 * other player), the banner while the connection is down or the match stopped, undo by the
 * other player's consent (a question on screen: Y agrees, N refuses), chat (Shift+T opens a
 * line; the last lines show over the table) and pings (Alt+click on the table shows the other
 * player a spot), and the viewer: the local player's side only, so the other side's reserved cards
 * and sealed choices stay face down (docs/network.md says what a modified client could read
 * anyway).
 *
 * The app holds one while a network match runs (app->net) and does what it asks (microui: a
 * widget returns its result to its owner): ui_net_update each frame before the screens, and
 * ui_net_take after the input of its screens (the lobby, the chat line), fill a ui_net_out that
 * the app acts on (ui/app_net.c); nothing here reaches the app. The table view submits through
 * ui_net_submit and draws pings with ui_net_draw_table. */
#ifndef UI_NET_PLAY_H
#define UI_NET_PLAY_H

#include "game/game.h"
#include "net/net.h"
#include "net/net_enet.h"
#include "render/camera.h"
#include "render/render.h"
#include "ui/input.h"
#include "ui/screens.h"

#include <stdbool.h>
#include <stdint.h>

typedef struct ui_net ui_net;

/* Network play over a session and its transport (t NULL: a session the tests drive), which it
 * owns from here: host (the session's match is on screen already) or client (the lobby until the
 * host's match arrives). from_start: opened from the start screen (leaving goes back to it). */
ui_net *ui_net_create(net_session *s, net_enet *t, bool host, uint16_t port, bool from_start);
/* Frees it, session and transport; true when the match on screen was the session's (a client's:
 * the app lets go of it). NULL: nothing. */
bool ui_net_destroy(ui_net *n);
bool ui_net_is_host(const ui_net *n);
bool ui_net_from_start(const ui_net *n);
uint16_t ui_net_port(const ui_net *n);

/* From the start screen: hosts the scenario (a new match in *g, saved as network-host.json in
 * the data directory, that path in save) on the port, every interface (`bind`: one only), with
 * the lobby up until both players are ready; joins "host[:port]" (the lobby until the host's
 * match starts). NULL with the reason. */
typedef struct ui_net_host_desc {
    const char *scenario_path;
    uint16_t port; /* 0: one the system picks */
    const char *password, *name;
    uint32_t side;    /* the host's side (0 = the first) */
    const char *bind; /* NULL or "": every interface */
    bool bot;         /* the other side: a bot on this computer, joined over the loopback */
} ui_net_host_desc;
ui_net *ui_net_host(const ui_net_host_desc *d, game **g, char *save, size_t save_size, char *err,
                    size_t size);
/* watch: as a spectator (no side, even a free one), who sees what is public: the cards and
 * sealed choices of every side face down, concealed units unseen. */
ui_net *ui_net_join(const char *address, const char *password, const char *name, bool watch,
                    char *err, size_t size);

/* Its screens: the lobby (Esc leaves) and the chat line (Shift+T; Enter sends, Esc cancels). */
ui_screen *ui_net_lobby_create(ui_net *n);
ui_screen *ui_net_chat_create(ui_net *n);

/* What network play asks of the app, in the order to do it. */
#define UI_NET_SAY_MAX 16
typedef struct ui_net_out {
    game *adopt;   /* the host's match arrived: show it alone (it stays the session's) */
    bool sides;    /* who plays what is the session's: the local player `mine`, the rest remote */
    uint32_t mine; /* the local player's side (0: watching, who sees what is public) */
    bool changed;  /* the match changed: panels refresh */
    int say_count; /* toasts, in order */
    char say[UI_NET_SAY_MAX][256];
    bool open_chat; /* Shift+T: the chat line over the top screen */
    bool pop_top;   /* the lobby (the match starts) or the chat line is done with: pop it */
    bool leave;     /* Esc in the lobby: leave the network game */
} ui_net_out;

/* What the app hands it each frame. */
typedef struct ui_net_frame {
    const game *game; /* the match on screen (NULL: none yet) */
    double time;
    const char *top; /* the top screen's name (NULL: none) */
    const ui_input *in;
} ui_net_frame;

/* Each frame, before the screens: the transport serviced, the notes read, the keys it owns. */
void ui_net_update(ui_net *n, const ui_net_frame *f, ui_net_out *out);
/* What its screens' input asked (taken once). */
void ui_net_take(ui_net *n, ui_net_out *out);

bool ui_net_submit(ui_net *n, const rules_command *cmd, char *reason, size_t size);
/* Asks the other player to take back the last command; false: nothing to undo now. */
bool ui_net_undo(ui_net *n);
/* Shows the other player a spot; false when it cannot be sent. */
bool ui_net_ping(ui_net *n, vec2s at_cm);
void ui_net_draw(const ui_net *n, const game *g, const char *top, render_ctx *ctx);
void ui_net_draw_table(const ui_net *n, const game *g, double now, render_ctx *ctx,
                       const render_camera *cam);
/* The name of the player of a side in the network match ("" none known, or n NULL). */
const char *ui_net_player_name(const ui_net *n, uint32_t who);
/* The session, for the tests (they play the host's side through it). */
net_session *ui_net_session(ui_net *n);
/* The line the banner shows now ("" none), for the tests. */
const char *ui_net_banner(const ui_net *n, const game *g, char *buf, size_t size);

#endif // UI_NET_PLAY_H
