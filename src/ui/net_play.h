/* Network play on screen (net/net.h): the lobby (who is connected, the port, waiting for the
 * other player), the banner while the connection is down or the match stopped, undo by the
 * other player's consent (a question on screen: Y agrees, N refuses), chat (Shift+T opens a
 * line; the last lines show over the table) and pings (Alt+click on the table shows the other
 * player a spot), and the viewer: the local player's side only, so the other side's reserved cards
 * and sealed choices stay face down (docs/network.md says what a modified client could read
 * anyway).
 *
 * The app holds one while a network match runs (app->net); the table view submits through
 * ui_net_submit and draws pings with ui_net_draw_table; ui_app_frame calls ui_net_update
 * before the screens and ui_net_draw after them. */
#ifndef UI_NET_PLAY_H
#define UI_NET_PLAY_H

#include "net/net.h"
#include "net/net_enet.h"
#include "render/camera.h"
#include "ui/app.h"

/* Starts network play on the app: host (app->game is the session's match, the table view is
 * up) or client (no match yet: the lobby until the host's match arrives). The app owns s and t
 * from here (ui_net_detach frees them). */
void ui_net_attach(ui_app *app, net_session *s, net_enet *t, bool host, uint16_t port);
/* From the start screen: hosts the scenario (a new match, saved as network-host.json in the
 * data directory) on the port, every interface ($SANDTABLE_NET_BIND: one only), with the lobby
 * up until both players are ready; joins "host[:port]" (the lobby until the host's match
 * starts). False with the reason, nothing changed. */
typedef struct ui_net_host_desc {
    const char *scenario_path;
    uint16_t port; /* 0: one the system picks */
    const char *password, *name;
    uint32_t side; /* the host's side (0 = the first) */
} ui_net_host_desc;
bool ui_net_host(ui_app *app, const ui_net_host_desc *d, char *err, size_t size);
/* watch: as a spectator (no side, even a free one), who sees what is public: the cards and
 * sealed choices of every side face down, concealed units unseen. */
bool ui_net_join(ui_app *app, const char *address, const char *password, const char *name,
                 bool watch, char *err, size_t size);

/* Ends it (before ui_app_destroy): a client's match stays the session's, not the app's. */
void ui_net_detach(ui_app *app);

void ui_net_update(ui_app *app, const ui_input *in);
bool ui_net_submit(ui_app *app, const rules_command *cmd, char *reason, size_t size);
/* Asks the other player to take back the last command. */
void ui_net_undo(ui_app *app);
void ui_net_ping(ui_app *app, vec2s at_cm);
void ui_net_draw(ui_app *app, render_ctx *ctx);
void ui_net_draw_table(ui_app *app, render_ctx *ctx, const render_camera *cam);
/* The name of the player of a side in the network match ("" none known, or no network match). */
const char *ui_net_player_name(const ui_app *app, uint32_t who);
/* The line the banner shows now ("" none), for the tests. */
const char *ui_net_banner(const ui_app *app, char *buf, size_t size);

#endif // UI_NET_PLAY_H
