/* Network play on screen (net/net.h): the lobby (who is connected, the port, waiting for the
 * other player), the banner while the connection is down or the match stopped, undo by the
 * other player's consent (a question on screen: Y agrees, N refuses), the other player's chat
 * lines and pings (Alt+click on the table shows the other player a spot), and the viewer: the
 * local player's side only, so the other side's reserved cards and sealed choices stay face
 * down (docs/network.md says what a modified client could read anyway).
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
/* Ends it (before ui_app_destroy): a client's match stays the session's, not the app's. */
void ui_net_detach(ui_app *app);

void ui_net_update(ui_app *app, const ui_input *in);
bool ui_net_submit(ui_app *app, const rules_command *cmd, char *reason, size_t size);
/* Asks the other player to take back the last command. */
void ui_net_undo(ui_app *app);
void ui_net_ping(ui_app *app, vec2s at_cm);
void ui_net_draw(ui_app *app, render_ctx *ctx);
void ui_net_draw_table(ui_app *app, render_ctx *ctx, const render_camera *cam);
/* The line the banner shows now ("" none), for the tests. */
const char *ui_net_banner(const ui_app *app, char *buf, size_t size);

#endif // UI_NET_PLAY_H
