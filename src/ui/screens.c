#include "ui/screens.h"

#include "ui/app.h"
#include "ui/cover.h"
#include "ui/editor.h"
#include "ui/end_screen.h"
#include "ui/menus.h"
#include "ui/net_setup.h"
#include "ui/replay_view.h"
#include "ui/rules_ref.h"
#include "ui/start_screen.h"
#include "ui/table_view.h"

#include <assert.h>

/* The screens that need more than the app have an adapter from the common arguments. */

static ui_screen *cover_open(ui_app *app, const ui_screen_args *a)
{
    return ui_cover_create(app->game, a->side);
}

static ui_screen *replay_open(ui_app *app, const ui_screen_args *a)
{
    char spare[8];
    char *err = a->err ? a->err : spare;
    size_t size = a->err ? a->err_size : sizeof spare;
    if (a->path)
        return ui_replay_view_open(app, a->path, err, size);
    return ui_replay_view_create(app, a->text, a->len, a->name, err, size);
}

static ui_screen *editor_open(ui_app *app, const ui_screen_args *a)
{
    char spare[8];
    char *err = a->err ? a->err : spare;
    size_t size = a->err ? a->err_size : sizeof spare;
    return ui_editor_open(app, a->path, a->name, err, size);
}

static ui_screen *net_setup_open(ui_app *app, const ui_screen_args *a)
{
    return ui_net_setup_create(app, a->host, a->path);
}

static const ui_screen_type types[UI_SCREEN_COUNT] = {
    [UI_SCREEN_TABLE] = {"table", ui_table_view_create, NULL},
    [UI_SCREEN_START] = {"start", ui_start_screen_create, NULL},
    [UI_SCREEN_PAUSE] = {"pause", ui_pause_create, NULL},
    [UI_SCREEN_HELP] = {"help", ui_help_create, NULL},
    [UI_SCREEN_LOAD] = {"load", ui_load_menu_create, NULL},
    [UI_SCREEN_RULES_REF] = {"rules reference", ui_rules_ref_create, NULL},
    [UI_SCREEN_END] = {"end", ui_end_screen_create, NULL},
    [UI_SCREEN_COVER] = {"cover", NULL, cover_open},
    [UI_SCREEN_REPLAY] = {"replay", NULL, replay_open},
    [UI_SCREEN_EDITOR] = {"editor", NULL, editor_open},
    [UI_SCREEN_NET_SETUP] = {"network setup", NULL, net_setup_open},
};

const ui_screen_type *ui_screens_type(ui_screen_id id)
{
    assert(id > UI_SCREEN_NONE && id < UI_SCREEN_COUNT && (types[id].open || types[id].open_with));
    return &types[id];
}
