/* The screens the app can open, by id, through one table of descriptors (julius window.h:
 * the window manager knows no concrete window). ui_app_show looks the id up and pushes what
 * the descriptor's create returns; the app itself names no screen. A new screen adds its id
 * here and one line to the table in screens.c. */
#ifndef UI_SCREENS_H
#define UI_SCREENS_H

#include "core/table.h"
#include "render/render.h"
#include "ui/input.h"

#include <stdbool.h>
#include <stddef.h>

typedef struct ui_app ui_app;

/* A screen on the app's stack: a struct of callbacks (julius window.h). */
typedef struct ui_screen {
    const char *name;
    /* Screens below a modal one still draw but get no input. */
    bool modal;
    /* It covers the whole window: the screens below it are not drawn at all. */
    bool opaque;
    void (*input)(struct ui_screen *s, ui_app *app, const ui_input *in);
    void (*update)(struct ui_screen *s, ui_app *app, const ui_input *in);
    void (*draw)(struct ui_screen *s, ui_app *app, render_ctx *ctx);
    void (*destroy)(struct ui_screen *s);
    void *data;
} ui_screen;

typedef enum ui_screen_id {
    UI_SCREEN_NONE = 0,
    UI_SCREEN_TABLE,     /* the table view of app->game */
    UI_SCREEN_START,     /* the start screen: the scenarios next to app->scenario_path */
    UI_SCREEN_PAUSE,     /* the pause menu */
    UI_SCREEN_HELP,      /* the keys and mouse */
    UI_SCREEN_LOAD,      /* the load menu: the saves in the data dir */
    UI_SCREEN_RULES_REF, /* the rules reference of app->game's rule set */
    UI_SCREEN_END,       /* the end screen of app->game */
    UI_SCREEN_COVER,     /* the hot-seat hand-over cover; args->side: the side it is for */
    UI_SCREEN_REPLAY,    /* the replay viewer; args->path, or args->text/len named args->name */
    UI_SCREEN_EDITOR,    /* the scenario editor (ui/editor.h): the scenario args->path, or with
                            args->name a blank table of that rule set saved to args->path */
    UI_SCREEN_NET_SETUP, /* host (args->host: the scenario args->path) or join a network game */
    UI_SCREEN_COUNT
} ui_screen_id;

/* What a screen needs to open (zero = nothing), and where it says why it cannot. */
typedef struct ui_screen_args {
    side_id side;     /* UI_SCREEN_COVER */
    bool host;        /* UI_SCREEN_NET_SETUP: host rather than join */
    const char *path; /* UI_SCREEN_REPLAY: a save file ... */
    const char *text; /* ... or a save's text (len bytes), named `name` in messages */
    size_t len;
    const char *name;
    char *err; /* a message when the screen cannot open (may be NULL) */
    size_t err_size;
} ui_screen_args;

/* One screen type: its id's name and how to make one, from the app alone (open) or with the
 * arguments too (open_with); one of them is set. NULL (with args->err filled) when the screen
 * cannot open. */
typedef struct ui_screen_type {
    const char *name;
    ui_screen *(*open)(ui_app *app);
    ui_screen *(*open_with)(ui_app *app, const ui_screen_args *args);
} ui_screen_type;

/* The descriptor of `id` (asserts a known id). */
const ui_screen_type *ui_screens_type(ui_screen_id id);

#endif // UI_SCREENS_H
