/* The start screen's "Host a game across two desktops" and "Join a game": a form with the
 * player's name, the port (host) or the address host[:port] (join), an optional password and,
 * for the host, the side it plays; Enter (or the button) hosts or joins (ui/net_play.h: the
 * lobby follows), Esc goes back. */
#ifndef UI_NET_SETUP_H
#define UI_NET_SETUP_H

#include "ui/app.h"

/* host: of the scenario at scenario_path (its sides to choose from). */
ui_screen *ui_net_setup_create(ui_app *app, bool host, const char *scenario_path);

#endif // UI_NET_SETUP_H
