#include "ui/app.h"

#include "core/mem.h"
#include "ui/cover.h"
#include "ui/app_net.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static bool file_exists(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f)
        fclose(f);
    return f != NULL;
}

static game *open_fresh(const char *scenario_path, const char *autosave_path, char *err,
                        size_t err_size)
{
    scenario_error serr;
    scenario *s = scenario_load_file(scenario_path, &serr);
    if (!s) {
        scenario_error_format(&serr, err, err_size);
        return NULL;
    }
    game_error gerr;
    game *g = game_create(
        &(game_desc){.scenario = s, .take_scenario = true, .autosave_path = autosave_path}, &gerr);
    if (!g) {
        game_error_format(&gerr, err, err_size);
        scenario_destroy(s);
    }
    return g;
}

static game *open_autosave(const char *autosave_path, char *err, size_t err_size)
{
    game_error gerr;
    game *g = game_load(autosave_path, &(game_load_desc){.autosave_path = autosave_path}, &gerr);
    if (!g)
        game_error_format(&gerr, err, err_size);
    return g;
}

static bool paths_init(ui_app *app, const char *scenario_path, char *err, size_t err_size)
{
    snprintf(app->scenario_path, sizeof app->scenario_path, "%s", scenario_path);
    if (!game_data_path("", app->data_dir, sizeof app->data_dir) ||
        !game_autosave_path(scenario_path, app->autosave_path, sizeof app->autosave_path) ||
        !game_data_path("settings.json", app->settings_path, sizeof app->settings_path)) {
        snprintf(err, err_size,
                 "cannot find or create the data directory ($XDG_DATA_HOME/sandtable or "
                 "~/.local/share/sandtable)");
        return false;
    }
    return true;
}

static void autosave_now(ui_app *app)
{
    game_error gerr;
    char buf[700];
    if (!game_save(app->game, app->autosave_path, &gerr))
        fprintf(stderr, "sandtable: autosave failed: %s\n",
                game_error_format(&gerr, buf, sizeof buf));
    else
        fprintf(stderr, "sandtable: game saved to %s\n", app->autosave_path);
}

bool ui_app_open(ui_app *app, const char *scenario_path, bool resume, char *err, size_t err_size)
{
    if (app->net) { /* the match is the other player's too: it is not replaced under them */
        snprintf(err, err_size, "a network match is open: close the window to leave it first");
        return false;
    }
    char autosave[UI_PATH_MAX];
    if (!game_autosave_path(scenario_path, autosave, sizeof autosave)) {
        snprintf(err, err_size, "cannot find or create the data directory");
        return false;
    }
    bool resumed = resume && file_exists(autosave);
    game *g = resumed ? open_autosave(autosave, err, err_size)
                      : open_fresh(scenario_path, autosave, err, err_size);
    if (!g)
        return false;
    if (app->game) {
        autosave_now(app);
        game_destroy(app->game);
    }
    app->game = g;
    snprintf(app->scenario_path, sizeof app->scenario_path, "%s", scenario_path);
    snprintf(app->autosave_path, sizeof app->autosave_path, "%s", autosave);
    if (resumed)
        ui_app_toast(app, "Continuing your saved game");
    ui_app_reset_viewer(app);
    app->referee = (ui_referee){0}; /* a new match starts under the rules */
    app->state_version++;
    while (app->depth)
        ui_app_pop(app);
    ui_app_show(app, UI_SCREEN_TABLE, NULL);
    return true;
}

ui_app *ui_app_create(const ui_app_desc *desc, char *err, size_t err_size)
{
    ui_app *app = mem_calloc(1, sizeof *app);
    if (!paths_init(app, desc->scenario_path, err, err_size))
        goto fail;
    app->settings = ui_settings_load(app->settings_path);
    if (desc->start_screen) {
        ui_app_show(app, UI_SCREEN_START, NULL);
        return app;
    }
    if (!ui_app_open(app, desc->scenario_path, desc->resume, err, err_size))
        goto fail;
    return app;
fail:
    free(app);
    return NULL;
}

void ui_app_destroy(ui_app *app)
{
    if (!app)
        return;
    ui_app_net_detach(app);
    if (app->game)
        autosave_now(app);
    ui_app_save_settings(app);
    while (app->depth)
        ui_app_pop(app);
    game_destroy(app->game);
    free(app);
}

void ui_app_discard(ui_app *app)
{
    if (!app)
        return;
    game_destroy(app->game);
    app->game = NULL;
    ui_app_destroy(app);
}

void ui_app_save_settings(ui_app *app)
{
    if (!ui_settings_save(&app->settings, app->settings_path))
        fprintf(stderr, "sandtable: cannot write %s\n", app->settings_path);
}

void ui_app_push(ui_app *app, ui_screen *s)
{
    if (!s)
        return;
    if (app->depth == UI_APP_SCREENS_MAX) {
        if (s->destroy)
            s->destroy(s);
        return;
    }
    app->stack[app->depth++] = s;
}

bool ui_app_show(ui_app *app, ui_screen_id id, const ui_screen_args *args)
{
    const ui_screen_type *type = ui_screens_type(id);
    ui_screen *s =
        type->open ? type->open(app) : type->open_with(app, args ? args : &(ui_screen_args){0});
    ui_app_push(app, s);
    return s != NULL;
}

void ui_app_pop(ui_app *app)
{
    if (!app->depth)
        return;
    ui_screen *s = app->stack[--app->depth];
    if (s->destroy)
        s->destroy(s);
}

const ui_view *ui_app_view(ui_app *app)
{
    app->view = (ui_view){.game = app->game,
                          .viewer = app->viewer,
                          .time = app->time,
                          .settings = app->settings,
                          .state_version = app->state_version};
    return &app->view;
}

void ui_app_toast(ui_app *app, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(app->toast, sizeof app->toast, fmt, ap);
    va_end(ap);
    app->toast_until = app->time + 4.0;
    fprintf(stderr, "sandtable: %s\n", app->toast);
}

static bool bot_command(const ui_app *app, int index)
{
    const rules_command *c = game_command_at(app->game, index);
    return c && c->side.id < UI_APP_SIDES_MAX && app->controller[c->side.id] == UI_CONTROLLER_BOT;
}

/* Against the bot, undo and redo step over the bot's commands: undoing only the bot's reply
 * would see it played again at once. With bots only, they go one command at a time. */
static bool step_over_bots(const ui_app *app)
{
    const table *t = game_table(app->game);
    bool bot = false, player = false;
    for (int i = 0; i < t->side_count; i++) {
        uint32_t id = t->sides[i].id.id;
        bool b = id < UI_APP_SIDES_MAX && app->controller[id] == UI_CONTROLLER_BOT;
        bot |= b;
        player |= !b;
    }
    return bot && player;
}

void ui_app_undo(ui_app *app)
{
    if (app->net) {
        if (ui_net_undo(app->net)) /* the other player's consent first */
            ui_app_toast(app, "Asked the other player to take back the last command");
        else
            ui_app_toast(app, "Nothing to undo now");
        return;
    }
    bool over_bots = step_over_bots(app);
    int n = 0;
    while (game_can_undo(app->game)) {
        bool bot = bot_command(app, game_cursor(app->game) - 1);
        game_undo(app->game);
        n++;
        if (!over_bots || !bot)
            break;
    }
    if (n) {
        app->state_version++;
        ui_app_toast(app, "Undone (%d commands in effect)", game_cursor(app->game));
    } else {
        ui_app_toast(app, "Nothing to undo");
    }
}

void ui_app_redo(ui_app *app)
{
    bool over_bots = step_over_bots(app);
    int n = 0;
    while (game_can_redo(app->game) &&
           (n == 0 || (over_bots && bot_command(app, game_cursor(app->game))))) {
        game_redo(app->game);
        n++;
    }
    if (n) {
        app->state_version++;
        ui_app_toast(app, "Redone (%d commands in effect)", game_cursor(app->game));
    } else {
        ui_app_toast(app, "Nothing to redo");
    }
}

static void stamp_name(const char *prefix, const char *ext, char *buf, size_t size)
{
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    char stamp[32];
    strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
    snprintf(buf, size, "%s-%s.%s", prefix, stamp, ext);
}

void ui_app_save(ui_app *app)
{
    char name[64], path[UI_PATH_MAX + 64];
    stamp_name("save", "json", name, sizeof name);
    snprintf(path, sizeof path, "%s%s", app->data_dir, name);
    game_error gerr;
    char buf[700];
    if (game_save(app->game, path, &gerr))
        ui_app_toast(app, "Saved to %s", path);
    else
        ui_app_toast(app, "Save failed: %s", game_error_format(&gerr, buf, sizeof buf));
}

bool ui_app_load(ui_app *app, const char *path)
{
    if (app->net) {
        ui_app_toast(app, "A network match is open: close the window to leave it first");
        return false;
    }
    game_error gerr;
    game *g = game_load(path, &(game_load_desc){.autosave_path = app->autosave_path}, &gerr);
    if (!g) {
        char buf[700];
        ui_app_toast(app, "Cannot load: %s", game_error_format(&gerr, buf, sizeof buf));
        return false;
    }
    game_destroy(app->game);
    app->game = g;
    app->state_version++;
    ui_app_toast(app, "Loaded %s", path);
    return true;
}

void ui_app_quit(ui_app *app)
{
    app->quit = true;
}

static void take_screenshot(ui_app *app, render_ctx *ctx)
{
    char name[64], path[UI_PATH_MAX + 64], err[256];
    stamp_name("screenshot", "png", name, sizeof name);
    snprintf(path, sizeof path, "%s%s", app->data_dir, name);
    if (render_write_png(ctx, path, err, sizeof err) == 0)
        ui_app_toast(app, "Screenshot saved as %s in the data folder", name);
    else
        ui_app_toast(app, "Screenshot failed: %s", err);
}

bool ui_app_toast_rect(const ui_app *app, render_ctx *ctx, float *x, float *y, float *w, float *h)
{
    if (app->time >= app->toast_until || !app->toast[0])
        return false;
    int vw, vh, tw, th;
    render_output_size(ctx, &vw, &vh);
    render_text_size(ctx, app->toast, 13, &tw, &th);
    float k = render_ui_scale(ctx);
    *x = (vw - tw) / 2.0f - 10 * k;
    *y = vh - 76 * k;
    *w = tw + 20 * k;
    *h = th + 12 * k;
    return true;
}

static void draw_toast(ui_app *app, render_ctx *ctx)
{
    float x, y, w, h, k = render_ui_scale(ctx);
    if (!ui_app_toast_rect(app, ctx, &x, &y, &w, &h))
        return;
    render_rect(ctx, x, y, w, h, 0x101418e0);
    render_rect_outline(ctx, x, y, w, h, 0xf2c94cff);
    render_text(ctx, x + 10 * k, y + 6 * k, app->toast, 13, 0xffffffff, RENDER_ALIGN_LEFT);
}

const char *ui_app_save_banner(const ui_app *app, char *buf, size_t size)
{
    const char *err = app->game ? game_last_save_error(app->game) : NULL;
    buf[0] = '\0';
    if (!err)
        return NULL;
    /* The system's reason ("No space left on device") is the last part; the file path before
     * it stays off the screen (it is on stderr). */
    const char *why = strrchr(err, ':');
    why = why && why[1] ? why + 2 : "the data folder cannot be written";
    snprintf(buf, size,
             "Not saved (%.80s): the moves from here on are lost if the game closes. "
             "Free some space or fix the data folder; this goes when a save works.",
             why);
    return buf;
}

/* A failed autosave stays on screen, over every screen, until a save works (issue 21). */
static void draw_save_banner(ui_app *app, render_ctx *ctx)
{
    char line[300];
    if (!ui_app_save_banner(app, line, sizeof line))
        return;
    int w, h;
    render_output_size(ctx, &w, &h);
    float k = render_ui_scale(ctx);
    render_rect(ctx, 0, 28 * k, (float)w, 24 * k, UI_APP_SAVE_BANNER_RGBA);
    render_text(ctx, 10 * k, 32 * k, line, 13, 0xffffffff, RENDER_ALIGN_LEFT);
}

/* ---- the hand-over cover (ui/cover.h): it says what it wants, the app does it ---------------- */

static ui_screen *cover_shown(const ui_app *app)
{
    for (int i = 0; i < app->depth; i++)
        if (ui_cover_is(app->stack[i]))
            return app->stack[i];
    return NULL;
}

bool ui_app_cover_showing(const ui_app *app)
{
    return cover_shown(app) != NULL;
}

void ui_app_follow_cover(ui_app *app)
{
    if (!app->game)
        return;
    ui_screen *shown = cover_shown(app);
    ui_cover_step st = ui_cover_follow(app->game, app->controller, app->viewer, shown);
    if (st.kind == UI_COVER_STEP_LIFT && app->depth && app->stack[app->depth - 1] == shown) {
        ui_app_pop(app);
    } else if (st.kind == UI_COVER_STEP_VIEWER) {
        app->viewer = st.side;
    } else if (st.kind == UI_COVER_STEP_SHOW) {
        /* The previous player's last toast may name a sealed choice: gone with the table. */
        app->toast[0] = '\0';
        ui_app_show(app, UI_SCREEN_COVER, &(ui_screen_args){.side = st.side});
    }
}

void ui_app_reset_viewer(ui_app *app)
{
    if (app->game)
        app->viewer = ui_cover_first_viewer(app->game, app->controller);
}

/* The cover's answer to the input it just took (it stays on the stack until the app acts). */
static void cover_answered(ui_app *app, ui_screen *s)
{
    side_id next;
    switch (ui_cover_answer(s, &next)) {
    case UI_COVER_DISMISSED:
        app->viewer = next;
        app->state_version++; /* what the viewer may see changed: panels refresh */
        ui_app_pop(app);
        break;
    case UI_COVER_LIFTED:
        ui_app_pop(app);
        break;
    case UI_COVER_PAUSE:
        ui_app_show(app, UI_SCREEN_PAUSE, NULL);
        break;
    case UI_COVER_WAIT:
        break;
    }
}

/* Ctrl+Q quits from every screen at every moment: menus, the hand-over cover in its grace
 * time (issue 21: both once swallowed it, and the window tests waited in vain). */
static bool ctrl_q(const ui_input *in)
{
    for (int i = 0; i < in->key_count; i++)
        if ((in->key_mods[i] & UI_MOD_CTRL) && in->keys[i] == 'q')
            return true;
    return false;
}

bool ui_app_frame(ui_app *app, const ui_input *in, render_ctx *ctx)
{
    app->time = in->time;
    app->ctx = ctx;
    if (in->quit || ctrl_q(in))
        app->quit = true;
    ui_app_net_update(app, in);
    ui_screen *top = app->depth ? app->stack[app->depth - 1] : NULL;
    if (top && top->input) {
        bool cover = ui_cover_is(top); /* asked first: other screens may pop themselves */
        top->input(top, app, in);
        if (cover)
            cover_answered(app, top);
        ui_app_net_answered(app); /* the lobby's, the chat line's */
    }
    for (int i = 0; i < app->depth; i++)
        if (app->stack[i]->update)
            app->stack[i]->update(app->stack[i], app, in);
    render_begin(ctx);
    int bottom = app->depth - 1;
    while (bottom > 0 && !app->stack[bottom]->opaque)
        bottom--;
    for (int i = bottom < 0 ? 0 : bottom; i < app->depth; i++)
        if (app->stack[i]->draw)
            app->stack[i]->draw(app->stack[i], app, ctx);
    draw_save_banner(app, ctx);
    ui_net_draw(app->net, app->game, app->depth ? app->stack[app->depth - 1]->name : NULL, ctx);
    draw_toast(app, ctx);
    if (app->screenshot_pending) {
        app->screenshot_pending = false;
        take_screenshot(app, ctx);
    }
    app->ctx = NULL;
    return !app->quit;
}
