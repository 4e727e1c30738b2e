/* Referee mode on the table (ui/referee.h): the commands are the engine's (game/game.h,
 * "Referee commands"); this file turns keys and drags into them and draws the mode. */
#include "ui/referee.h"

#include "scenario/scenario.h"

#include <math.h>
#include <stdarg.h>
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
    /* the keys on two lines, so the banner fits the view of a small window */
    const char *keys = "drag: put anywhere free \u00b7 right click: the rulings that apply "
                       "\u00b7 R turn \u00b7 X take off \u00b7 P put back";
    const char *keys2 = "W E S D wounded, seriously, shaken, demoralised \u00b7 C clear "
                        "\u00b7 Shift+1-6 next die \u00b7 F9 leave";
    /* at the foot of the view: the title line, the log and the panels keep the top */
    float cx = (x0 + x1) / 2;
    int tw, th, kw, kh, k2w, k2h;
    render_text_size(ctx, title, 15, &tw, &th);
    render_text_size(ctx, keys, 11, &kw, &kh);
    render_text_size(ctx, keys2, 11, &k2w, &k2h);
    int widest = tw > kw ? tw : kw;
    widest = widest > k2w ? widest : k2w;
    float bw = (float)widest + 24 * s, bh = (float)(th + kh + k2h) + 16 * s;
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
    float ky = y + 6 * s + (float)th;
    render_text(ctx, cx, ky, keys, 11, 0xf0e0c8ffu, RENDER_ALIGN_CENTRE);
    render_text(ctx, cx, ky + 2 * s + (float)kh, keys2, 11, 0xf0e0c8ffu, RENDER_ALIGN_CENTRE);
    if (r->last[0])
        render_text(ctx, cx, ky + 4 * s + (float)(kh + k2h), r->last, 11, 0xffd8a0ffu,
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

/* ---- the right-click menu ------------------------------------------------------------------ */

#define QUARTER 1.57079632679489661923f

static void menu_add(ui_referee *r, const ui_app *app, const rules_command *c, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* An entry that submits `c` (greyed when the engine would refuse it now). */
static void menu_add(ui_referee *r, const ui_app *app, const rules_command *c, const char *fmt, ...)
{
    char label[UI_CONTEXT_MENU_LABEL];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(label, sizeof label, fmt, ap);
    va_end(ap);
    char why[8];
    int i =
        ui_context_menu_add(&r->menu, game_validate(app->game, c, why, sizeof why), "%s", label);
    if (i >= 0)
        r->menu_cmd[i] = *c;
}

static void menu_rulings(ui_referee *r, const ui_app *app, figure_id fig)
{
    rules_ruling list[UI_CONTEXT_MENU_MAX];
    /* in hot-seat the screen's side must not learn from the menu where the other's cards lie */
    int n = game_referee_rulings_seen(app->game, app->viewer, fig, list, UI_CONTEXT_MENU_MAX);
    rules_decision dec;
    game_decision(app->game, &dec);
    for (int i = 0; i < n; i++) {
        list[i].cmd.side = dec.side;
        menu_add(r, app, &list[i].cmd, "%s", list[i].label);
    }
}

/* What a referee may do to the figure under the pointer. */
static void menu_figure(ui_referee *r, const ui_app *app, const figure *f)
{
    static const struct {
        uint32_t bit;
        const char *on, *off;
    } marks[] = {{FIGURE_STATUS_WOUNDED, "Mark wounded", "No longer wounded"},
                 {FIGURE_STATUS_SERIOUS, "Mark seriously wounded", "No longer seriously wounded"},
                 {FIGURE_STATUS_SHAKEN, "Mark shaken", "No longer shaken"},
                 {FIGURE_STATUS_DEMORALISED, "Mark demoralised", "No longer demoralised"}};
    const char *name = f->name[0] ? f->name : "him";
    static const struct {
        float by;
        const char *words;
    } turns[] = {
        {2 * QUARTER, "about"}, {-QUARTER, "a quarter left"}, {QUARTER, "a quarter right"}};
    for (size_t k = 0; k < sizeof turns / sizeof turns[0]; k++) {
        rules_command c =
            ui_referee_rotate(app, f->id, remainderf(f->facing + turns[k].by, 4 * QUARTER));
        menu_add(r, app, &c, "Turn %s %s", name, turns[k].words);
    }
    rules_command off = base_command(app, f->id, GAME_REFEREE_REMOVE);
    menu_add(r, app, &off, "Take %s off the table", name);
    uint32_t have = f->status & GAME_REFEREE_STATUS_MASK;
    for (size_t k = 0; k < sizeof marks / sizeof marks[0]; k++) {
        rules_command c = base_command(app, f->id, GAME_REFEREE_STATUS);
        c.count = (int)(have ^ marks[k].bit);
        menu_add(r, app, &c, "%s", have & marks[k].bit ? marks[k].off : marks[k].on);
    }
    if (have) {
        rules_command c = base_command(app, f->id, GAME_REFEREE_STATUS);
        menu_add(r, app, &c, "Unhurt and steady");
    }
    menu_rulings(r, app, f->id);
}

/* What a referee may do at an empty spot: bring the selected figure or a fallen one there,
 * the rule set's rulings on the table as a whole, fix the next die. */
static void menu_table(ui_referee *r, const ui_app *app, vec2s at, const figure_id *sel, int n)
{
    const table *t = game_table(app->game);
    const figure *first = n > 0 ? table_figure_const(t, sel[0]) : NULL;
    if (first && table_figure_active(first)) {
        /* the selection moves as a drag moves it: the first here, the others keeping their
         * places to him (the command carries them; ui_referee_menu_input makes one each) */
        rules_command c = ui_referee_move(app, first->id, at);
        for (int i = 0; i < n; i++)
            if (table_figure_active(table_figure_const(t, sel[i])))
                rules_command_add_figure(&c, sel[i]);
        if (c.figure_count > 1)
            menu_add(r, app, &c, "Move the %d selected here", c.figure_count);
        else
            menu_add(r, app, &c, "Move %s here", first->name[0] ? first->name : "the figure");
    }
    /* the fallen nearest the spot, three at most */
    int near[3] = {-1, -1, -1};
    float dist[3] = {0};
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        if (table_figure_active(f) || !f->name[0])
            continue;
        float d = hypotf(f->pos.x - at.x, f->pos.y - at.y);
        for (int k = 0; k < 3; k++)
            if (near[k] < 0 || d < dist[k]) {
                for (int j = 2; j > k; j--) {
                    near[j] = near[j - 1];
                    dist[j] = dist[j - 1];
                }
                near[k] = i;
                dist[k] = d;
                break;
            }
    }
    for (int k = 0; k < 3 && near[k] >= 0; k++) {
        const figure *f = &t->figures[near[k]];
        rules_command c = base_command(app, f->id, GAME_REFEREE_RESTORE);
        c.point_set = true;
        c.point = at;
        if ((f->status & (FIGURE_STATUS_DEAD | FIGURE_STATUS_CAPTURED)) == 0)
            menu_add(r, app, &c, "Bring %s on here", f->name); /* not arrived, or left */
        else
            menu_add(r, app, &c, "Put %s back here", f->name);
    }
    menu_rulings(r, app, (figure_id){0});
    for (int face = 1; face <= 6; face++) {
        rules_command c = base_command(app, (figure_id){0}, GAME_REFEREE_DIE);
        c.count = face;
        menu_add(r, app, &c, "The next die shows %d", face);
    }
}

void ui_referee_menu_open(ui_referee *r, ui_app *app, figure_id fig, vec2s at, const figure_id *sel,
                          int n, float px, float py)
{
    if (!r->on || !app->game)
        return;
    const figure *f = table_figure_const(game_table(app->game), fig);
    if (f && table_figure_active(f)) {
        ui_context_menu_open(&r->menu, px, py, "");
        snprintf(r->menu.title, sizeof r->menu.title, "Referee: %s",
                 f->name[0] ? f->name : "this figure");
        menu_figure(r, app, f);
    } else {
        ui_context_menu_open(&r->menu, px, py, "Referee: the table");
        menu_table(r, app, at, sel, n);
    }
}

/* "Move the N selected here": a move each, keeping their places to the first; the first
 * refused stops the rest, its reason toasted (the moves before it stand, as after a drag). */
static void menu_move_all(ui_referee *r, ui_app *app, const rules_command *all)
{
    const table *t = game_table(app->game);
    const figure *first = table_figure_const(t, all->figure);
    if (!first)
        return;
    vec2s off = {{all->point.x - first->pos.x, all->point.y - first->pos.y}};
    /* the figure furthest along the way goes first, so a packed group does not block itself */
    figure_id ids[RULES_CMD_FIGURES_MAX];
    vec2s to[RULES_CMD_FIGURES_MAX];
    float ahead[RULES_CMD_FIGURES_MAX];
    int n = 0;
    for (int i = 0; i < all->figure_count && n < RULES_CMD_FIGURES_MAX; i++) {
        const figure *f = table_figure_const(t, all->figures[i]);
        if (!f)
            continue;
        float a = f->pos.x * off.x + f->pos.y * off.y;
        int k = n++;
        for (; k > 0 && ahead[k - 1] < a; k--) {
            ids[k] = ids[k - 1];
            to[k] = to[k - 1];
            ahead[k] = ahead[k - 1];
        }
        ids[k] = f->id;
        to[k] = (vec2s){{f->pos.x + off.x, f->pos.y + off.y}};
        ahead[k] = a;
    }
    for (int i = 0; i < n; i++) {
        rules_command c = ui_referee_move(app, ids[i], to[i]);
        if (!ui_referee_submit(r, app, &c))
            return;
    }
}

bool ui_referee_menu_input(ui_referee *r, ui_app *app, const ui_input *in)
{
    if (!r->menu.open)
        return false;
    if (!r->on || !app->game) {
        ui_context_menu_close(&r->menu);
        return false;
    }
    int chosen = ui_context_menu_input(&r->menu, app->ctx, in);
    if (chosen >= 0 && r->menu_cmd[chosen].figure_count > 1)
        menu_move_all(r, app, &r->menu_cmd[chosen]);
    else if (chosen >= 0)
        ui_referee_submit(r, app, &r->menu_cmd[chosen]);
    return true;
}

void ui_referee_menu_draw(ui_referee *r, ui_app *app, render_ctx *ctx)
{
    if (r->on && app->game)
        ui_context_menu_draw(&r->menu, ctx, (UI_REFEREE_RGB << 8) | 0xffu);
}
