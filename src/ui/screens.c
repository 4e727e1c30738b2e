#include "ui/screens.h"

#include "ui/app.h"
#include "ui/cover.h"
#include "ui/end_screen.h"
#include "ui/menus.h"
#include "ui/replay_view.h"
#include "ui/rules_ref.h"
#include "ui/start_screen.h"
#include "ui/table_view.h"

#include <assert.h>

/* Each adapter turns the common arguments into its screen's own. */

static ui_screen *table_open(ui_app *app, const ui_screen_args *a)
{
    (void)a;
    return ui_table_view_create(app);
}

static ui_screen *start_open(ui_app *app, const ui_screen_args *a)
{
    (void)a;
    return ui_start_screen_create(app);
}

static ui_screen *pause_open(ui_app *app, const ui_screen_args *a)
{
    (void)app, (void)a;
    return ui_pause_create();
}

static ui_screen *help_open(ui_app *app, const ui_screen_args *a)
{
    (void)app, (void)a;
    return ui_help_create();
}

static ui_screen *load_open(ui_app *app, const ui_screen_args *a)
{
    (void)a;
    return ui_load_menu_create(app);
}

static ui_screen *rules_ref_open(ui_app *app, const ui_screen_args *a)
{
    (void)a;
    return ui_rules_ref_create(app);
}

static ui_screen *end_open(ui_app *app, const ui_screen_args *a)
{
    (void)a;
    return ui_end_screen_create(app);
}

static ui_screen *cover_open(ui_app *app, const ui_screen_args *a)
{
    (void)app;
    return ui_cover_create(a->side);
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

static const ui_screen_type types[UI_SCREEN_COUNT] = {
    [UI_SCREEN_TABLE] = {"table", table_open},
    [UI_SCREEN_START] = {"start", start_open},
    [UI_SCREEN_PAUSE] = {"pause", pause_open},
    [UI_SCREEN_HELP] = {"help", help_open},
    [UI_SCREEN_LOAD] = {"load", load_open},
    [UI_SCREEN_RULES_REF] = {"rules reference", rules_ref_open},
    [UI_SCREEN_END] = {"end", end_open},
    [UI_SCREEN_COVER] = {"cover", cover_open},
    [UI_SCREEN_REPLAY] = {"replay", replay_open},
};

const ui_screen_type *ui_screens_type(ui_screen_id id)
{
    assert(id > UI_SCREEN_NONE && id < UI_SCREEN_COUNT && types[id].create);
    return &types[id];
}
