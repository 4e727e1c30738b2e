/* The app's side of network play (ui/net_play.h): it opens and closes it, hands it each frame,
 * and does what it asks (the match to show, who plays what, toasts, the lobby and chat screens,
 * leaving). Net play itself never reaches the app. */
#ifndef UI_APP_NET_H
#define UI_APP_NET_H

#include "ui/app.h"
#include "ui/net_play.h"

/* Starts network play on the app: host (app->game is the session's match, the table view is
 * up) or client (no match yet: the lobby until the host's match arrives). The app owns s and t
 * from here (ui_app_net_detach frees them). */
void ui_app_net_attach(ui_app *app, net_session *s, net_enet *t, bool host, uint16_t port);
/* From the start screen (ui_net_host, ui_net_join), on the address app->net_bind says; the
 * match on screen is saved and put away first. False with the reason, nothing changed. */
bool ui_app_net_host(ui_app *app, const ui_net_host_desc *d, char *err, size_t size);
bool ui_app_net_join(ui_app *app, const char *address, const char *password, const char *name,
                     bool watch, char *err, size_t size);
/* Ends it (before ui_app_destroy): a client's match stays the session's, not the app's. */
void ui_app_net_detach(ui_app *app);

/* Each frame before the screens (ui_app_frame), and after the top screen's input: what net
 * play asks, done. */
void ui_app_net_update(ui_app *app, const ui_input *in);
void ui_app_net_answered(ui_app *app);

#endif // UI_APP_NET_H
