/* The application: the match being played (through game.h), the player's settings, and a stack
 * of screens, each a struct of callbacks (julius window.h). The platform layer calls
 * ui_app_frame once per frame with the input it gathered and a renderer to draw with. */
#ifndef UI_APP_H
#define UI_APP_H

#include "game/game.h"
#include "render/render.h"
#include "ui/context_menu.h"
#include "ui/input.h"
#include "ui/screens.h"
#include "ui/settings.h"
#include "ui/view.h"

#include <stdbool.h>

#define UI_APP_SCREENS_MAX 8
#define UI_PATH_MAX        1024
#define UI_APP_SIDES_MAX   UI_SIDES_MAX /* ui/view.h */

typedef struct ui_app ui_app;

/* Referee mode (ui/referee.h): the players' rulings over the rules, app-wide so the table,
 * the pause menu and the help all see it. */
typedef struct ui_referee {
    bool on;
    char last[160];       /* the last thing the referee did, for the banner */
    ui_context_menu menu; /* a right click's rulings (ui/referee.h) */
    rules_command menu_cmd[UI_CONTEXT_MENU_MAX]; /* what each of its entries submits */
} ui_referee;

struct ui_app {
    game *game; /* owned; NULL on the start screen, before a match is opened */
    char scenario_path[UI_PATH_MAX];
    char autosave_path[UI_PATH_MAX];
    char data_dir[UI_PATH_MAX];
    char settings_path[UI_PATH_MAX];
    ui_settings settings;
    ui_screen *stack[UI_APP_SCREENS_MAX];
    int depth;
    char toast[256];
    double toast_until;
    double time;
    bool quit;
    bool screenshot_pending;
    uint32_t state_version; /* bumped whenever the match state changes */
    /* The side whose eyes are on the screen: its own reserved cards and sealed choices show,
     * the other sides' stay face down (game_driver's viewer). In hot-seat play it becomes the
     * deciding side once the hand-over cover screen is dismissed; 0 = a spectator (bots on
     * every side): everything face up. */
    side_id viewer;
    ui_controller controller[UI_APP_SIDES_MAX]; /* by side id; zero = human */
    ui_referee referee;                         /* referee mode, off at every new match */
    /* The bot's level on each side it plays (a bot_level of game/bot.h), by side id; zero =
     * the default, normal (ui_solo_level). */
    int bot_level[UI_APP_SIDES_MAX];
    render_ctx *ctx;    /* the frame's renderer (valid during ui_app_frame) */
    struct ui_net *net; /* a network match (ui/net_play.h); NULL otherwise */
    /* Network play from the start screen (ui/net_setup.h), as the front end was told: the
     * address a host listens on ("" = every interface) and the name the forms offer first. */
    char net_bind[64];
    char player_name[64];
    ui_view view; /* what ui_app_view last handed out */
};

typedef struct ui_app_desc {
    const char *scenario_path; /* required */
    bool resume;               /* continue from the scenario's autosave when there is one */
    /* Open on the start screen (ui/start_screen.h): the scenarios next to scenario_path, that
     * one selected; the match starts from there. */
    bool start_screen;
} ui_app_desc;

/* Opens the scenario (or its autosave), reads settings, pushes the table screen. NULL with a
 * message naming the file and problem. */
ui_app *ui_app_create(const ui_app_desc *desc, char *err, size_t err_size);
/* Starts a match of the scenario (or continues its autosave when resume and one exists),
 * replacing any match (saved first) and every screen with the table view. False with a message,
 * and nothing changed, when the scenario or save cannot be opened. */
bool ui_app_open(ui_app *app, const char *scenario_path, bool resume, char *err, size_t err_size);
/* Saves the match to the autosave and the settings, then frees everything. */
void ui_app_destroy(ui_app *app);
/* As ui_app_destroy but the match is dropped unsaved: the command line gave up before the
 * window opened (a mistyped --bot must not overwrite the scenario's autosave). */
void ui_app_discard(ui_app *app);

/* Handles input for the top screen, updates and draws every screen; takes a screenshot when
 * one was asked for. Returns false when the app wants to quit. */
bool ui_app_frame(ui_app *app, const ui_input *in, render_ctx *ctx);

void ui_app_push(ui_app *app, ui_screen *s);
/* Pops (and destroys) the top screen. */
void ui_app_pop(ui_app *app);
/* What the panels and widgets may read of the match now (ui/view.h), for a screen to hand
 * down to them; valid until the next call. */
const ui_view *ui_app_view(ui_app *app);
/* A short message shown at the bottom of the screen for a few seconds. */
void ui_app_toast(ui_app *app, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The banner shown over every screen while the match's last autosave failed (in buf, returned;
 * NULL when the last save worked): the reason, in the system's words, without the file path. */
#define UI_APP_SAVE_BANNER_RGBA 0xb02020f0
const char *ui_app_save_banner(const ui_app *app, char *buf, size_t size);
/* Where the toast is drawn (false when none is showing). */
bool ui_app_toast_rect(const ui_app *app, render_ctx *ctx, float *x, float *y, float *w, float *h);

/* Commands every screen may use. Against the bot (a player and the bot in the match), undo takes
 * back the player's last command with the bot's commands after it, and redo puts them back. */
void ui_app_undo(ui_app *app);
void ui_app_redo(ui_app *app);
/* Saves to the data dir as save-YYYYmmdd-HHMMSS.json and says where. */
void ui_app_save(ui_app *app);
/* Replaces the match with a save; false (with a toast) when it is refused. */
bool ui_app_load(ui_app *app, const char *path);
void ui_app_quit(ui_app *app);
/* Writes the settings file now. */
void ui_app_save_settings(ui_app *app);

/* Opens screen `id` (ui/screens.h) on top, with what it needs (args NULL: nothing). False, with
 * args->err filled when there is one, when the screen cannot open. The one way a screen opens:
 * the app names no concrete screen. */
bool ui_app_show(ui_app *app, ui_screen_id id, const ui_screen_args *args);

/* The hot-seat hand-over (ui/cover.h), called every frame by the solo driver: sets the viewer,
 * or opens the cover screen (once; while it shows, it follows the plan). */
void ui_app_follow_cover(ui_app *app);
/* The viewer a match starts with (no cover: nobody has seen anything yet). Called when a match
 * opens and when the controllers are set from the command line. */
void ui_app_reset_viewer(ui_app *app);
/* True while the cover screen is on the stack. */
bool ui_app_cover_showing(const ui_app *app);

#endif // UI_APP_H
