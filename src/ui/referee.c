/* Referee mode on the table (ui/referee.h): the commands are the engine's (game/game.h,
 * "Referee commands"); this file turns keys and drags into them and draws the mode. */
#include "ui/referee.h"

#include "scenario/scenario.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

void ui_referee_toggle(ui_referee *r, ui_app *app)
{
    r->on = !r->on;
    if (r->on)
        ui_app_toast(app, "Referee mode: drag any figure anywhere free; every change is logged "
                          "(F9 to leave)");
    else
        ui_app_toast(app, "Referee mode off: the rules are back");
}

static rules_command base_command(const ui_app *app, figure_id fig, const char *action)
{
    rules_decision dec;
    game_decision(app->game, &dec);
    rules_command c = {.kind = RULES_CMD_REFEREE, .side = dec.side, .figure = fig};
    snprintf(c.option, sizeof c.option, "%s", action);
    return c;
}

rules_command ui_referee_move(const ui_app *app, figure_id fig, vec2s to)
{
    rules_command c = base_command(app, fig, GAME_REFEREE_MOVE);
    c.point_set = true;
    c.point = to;
    return c;
}

rules_command ui_referee_rotate(const ui_app *app, figure_id fig, float facing)
{
    rules_command c = base_command(app, fig, GAME_REFEREE_ROTATE);
    c.face_set = true;
    c.facing = facing;
    return c;
}

bool ui_referee_submit(ui_referee *r, ui_app *app, const rules_command *cmd)
{
    char why[256] = "";
    if (!game_submit(app->game, cmd, why, sizeof why)) {
        ui_app_toast(app, "The referee cannot: %s", why);
        return false;
    }
    app->state_version++;
    int n = 0;
    const rules_event *ev = game_events(app->game, game_cursor(app->game) - 1, &n);
    if (n > 0)
        snprintf(r->last, sizeof r->last, "%s", ev[n - 1].text);
    return true;
}

/* The status a key sets, added to what the figure has (C clears it all). */
static bool status_for_key(int key, uint32_t have, uint32_t *out)
{
    switch (key) {
    case 'w':
        *out = have | FIGURE_STATUS_WOUNDED;
        return true;
    case 'e':
        *out = have | FIGURE_STATUS_SERIOUS;
        return true;
    case 's':
        *out = have | FIGURE_STATUS_SHAKEN;
        return true;
    case 'd':
        *out = have | FIGURE_STATUS_DEMORALISED;
        return true;
    case 'c':
        *out = 0;
        return true;
    default:
        return false;
    }
}

static bool figure_key(ui_referee *r, ui_app *app, figure_id fig, int key)
{
    const figure *f = table_figure_const(game_table(app->game), fig);
    if (!f)
        return false;
    uint32_t status;
    if (key == 'x' || key == UI_KEY_DELETE) {
        rules_command c = base_command(app, fig, GAME_REFEREE_REMOVE);
        return ui_referee_submit(r, app, &c);
    }
    if (key == 'p') {
        rules_command c = base_command(app, fig, GAME_REFEREE_RESTORE);
        return ui_referee_submit(r, app, &c);
    }
    if (status_for_key(key, f->status & GAME_REFEREE_STATUS_MASK, &status)) {
        rules_command c = base_command(app, fig, GAME_REFEREE_STATUS);
        c.count = (int)status;
        return ui_referee_submit(r, app, &c);
    }
    return false;
}

bool ui_referee_key(ui_referee *r, ui_app *app, const figure_id *figs, int n, int key, int mods)
{
    if (!r->on || !app->game)
        return false;
    if ((mods & UI_MOD_SHIFT) && key >= '1' && key <= '6') {
        rules_command c = base_command(app, (figure_id){0}, GAME_REFEREE_DIE);
        c.count = key - '0';
        ui_referee_submit(r, app, &c);
        return true;
    }
    bool figure_keyed = key == 'x' || key == UI_KEY_DELETE || key == 'p' || key == 'w' ||
                        key == 'e' || key == 's' || key == 'd' || key == 'c';
    if (!figure_keyed)
        return false;
    if (n == 0) {
        ui_app_toast(app, "Referee: select a figure first");
        return true;
    }
    for (int i = 0; i < n; i++)
        if (!figure_key(r, app, figs[i], key))
            break;
    return true;
}

void ui_referee_draw(const ui_referee *r, ui_app *app, render_ctx *ctx, float x0, float x1)
{
    if (!r->on)
        return;
    int w, h;
    render_output_size(ctx, &w, &h);
    float s = render_ui_scale(ctx), b = 5 * s;
    uint32_t amber = (UI_REFEREE_RGB << 8) | 0xffu;
    render_rect(ctx, 0, 0, (float)w, b, amber);
    render_rect(ctx, 0, (float)h - b, (float)w, b, amber);
    render_rect(ctx, 0, 0, b, (float)h, amber);
    render_rect(ctx, (float)w - b, 0, b, (float)h, amber);
    const char *title = "Referee mode \u2014 the rules are off, every change is logged";
    const char *keys = "drag: put anywhere free \u00b7 R turn \u00b7 X take off \u00b7 P put back "
                       "\u00b7 W E S D wounded, seriously, shaken, demoralised \u00b7 C clear "
                       "\u00b7 Shift+1-6 next die \u00b7 F9 leave";
    /* at the foot of the view: the title line, the log and the panels keep the top */
    float cx = (x0 + x1) / 2;
    int tw, th, kw, kh;
    render_text_size(ctx, title, 15, &tw, &th);
    render_text_size(ctx, keys, 11, &kw, &kh);
    float bw = (float)(tw > kw ? tw : kw) + 24 * s, bh = (float)(th + kh) + 14 * s;
    if (r->last[0]) {
        int lw, lh;
        render_text_size(ctx, r->last, 11, &lw, &lh);
        bh += (float)lh + 2 * s;
        if ((float)lw + 24 * s > bw)
            bw = (float)lw + 24 * s;
    }
    float y = (float)h - b - bh - 10 * s;
    render_rect(ctx, cx - bw / 2, y, bw, bh, 0x201408e8u);
    render_rect_outline(ctx, cx - bw / 2, y, bw, bh, amber);
    render_text(ctx, cx, y + 4 * s, title, 15, amber, RENDER_ALIGN_CENTRE);
    render_text(ctx, cx, y + 6 * s + (float)th, keys, 11, 0xf0e0c8ffu, RENDER_ALIGN_CENTRE);
    if (r->last[0])
        render_text(ctx, cx, y + 8 * s + (float)(th + kh), r->last, 11, 0xffd8a0ffu,
                    RENDER_ALIGN_CENTRE);
}

/* "<data dir>/scenarios/<stem>-position-N.json", the first N not taken. */
static bool position_path(const ui_app *app, char *buf, size_t size)
{
    char dir[UI_PATH_MAX];
    if (!game_data_path("scenarios", dir, sizeof dir))
        return false;
    mkdir(dir, 0755);
    const char *slash = strrchr(app->scenario_path, '/');
    const char *name = slash ? slash + 1 : app->scenario_path;
    int stem = (int)strcspn(name, ".");
    if (stem > 80)
        stem = 80;
    for (int n = 1; n < 1000; n++) {
        struct stat st;
        if (snprintf(buf, size, "%.900s/%.*s-position-%d.json", dir, stem, name, n) >= (int)size)
            return false;
        if (stat(buf, &st) != 0)
            return true;
    }
    return false;
}

bool ui_referee_save_position(ui_referee *r, ui_app *app)
{
    (void)r;
    char path[UI_PATH_MAX];
    if (!position_path(app, path, sizeof path)) {
        ui_app_toast(app, "Could not find a place to keep the new scenario");
        return false;
    }
    /* the copy gets its own title, so the start screen tells it from the original */
    scenario copy = *game_scenario(app->game);
    snprintf(copy.title, sizeof copy.title, "%.100s (set position)",
             game_scenario(app->game)->title);
    scenario_error err;
    if (!scenario_write_file(&copy, game_table(app->game), path, &err)) {
        ui_app_toast(app, "Could not save the position: %s", err.message);
        return false;
    }
    ui_app_toast(app, "Saved as the scenario \u201c%s\u201d: it is on the start screen",
                 copy.title);
    return true;
}
