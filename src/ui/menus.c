/* The screens over the table: the help overlay, the pause menu, and the list of saves. */
#include "ui/menus.h"

#include "core/mem.h"
#include "ui/app.h"
#include "ui/referee.h"

#include <dirent.h>
#include <jansson.h>
#include <sys/stat.h>
#include <time.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- a simple vertical menu ---------------------------------------------------------------- */

#define MENU_ITEMS_MAX 32

typedef struct menu {
    const char *title;
    char items[MENU_ITEMS_MAX][160];
    int count;
    int hot;
    float x, y, w, row; /* laid out at draw time, used by input */
    void (*choose)(ui_app *app, struct menu *m, int index);
    int codes[MENU_ITEMS_MAX]; /* what each row does (pause menu) */
    char paths[MENU_ITEMS_MAX][1100];
} menu;

static int menu_row_at(const menu *m, float mx, float my)
{
    if (mx < m->x || mx > m->x + m->w || m->row <= 0)
        return -1;
    int i = (int)((my - m->y) / m->row);
    return my >= m->y && i >= 0 && i < m->count ? i : -1;
}

static void menu_input(ui_screen *s, ui_app *app, const ui_input *in)
{
    menu *m = s->data;
    int row = menu_row_at(m, in->mouse_x, in->mouse_y);
    if (row >= 0 && (in->mouse_dx != 0 || in->mouse_dy != 0))
        m->hot = row;
    for (int i = 0; i < in->key_count; i++) {
        int k = in->keys[i];
        if (k == UI_KEY_ESCAPE) {
            ui_app_pop(app);
            return;
        }
        if (k == UI_KEY_UP && m->hot > 0)
            m->hot--;
        if (k == UI_KEY_DOWN && m->hot + 1 < m->count)
            m->hot++;
        if (k == UI_KEY_RETURN && m->count) {
            m->choose(app, m, m->hot);
            return;
        }
    }
    if (in->pressed[UI_MOUSE_LEFT]) {
        if (row >= 0)
            m->choose(app, m, row);
        else
            ui_app_pop(app);
    }
}

static void menu_draw(ui_screen *s, ui_app *app, render_ctx *ctx)
{
    (void)app;
    menu *m = s->data;
    int w, h;
    render_output_size(ctx, &w, &h);
    float k = render_ui_scale(ctx);
    render_rect(ctx, 0, 0, (float)w, (float)h, 0x00000090);
    float width = 140 * k;
    for (int i = 0; i < m->count; i++) {
        int tw, th;
        render_text_size(ctx, m->items[i], 15, &tw, &th);
        width = tw + 40 * k > width ? tw + 40 * k : width;
    }
    m->row = 30 * k;
    m->w = width;
    m->x = (w - width) / 2;
    float box_h = m->row * (m->count ? m->count : 1) + 60 * k;
    float top = (h - box_h) / 2;
    m->y = top + 50 * k;
    render_rect(ctx, m->x - 10 * k, top, width + 20 * k, box_h, 0x151a20f4);
    render_rect_outline(ctx, m->x - 10 * k, top, width + 20 * k, box_h, 0x8a96a8ff);
    render_text(ctx, w / 2.0f, top + 12 * k, m->title, 18, 0xffffffff, RENDER_ALIGN_CENTRE);
    if (!m->count)
        render_text(ctx, w / 2.0f, m->y, "(none yet)", 14, 0xa0a8b0ff, RENDER_ALIGN_CENTRE);
    for (int i = 0; i < m->count; i++) {
        float y = m->y + m->row * i;
        if (i == m->hot)
            render_rect(ctx, m->x, y, width, m->row, 0x3a5a8aff);
        render_text(ctx, m->x + 20 * k, y + 5 * k, m->items[i], 15, 0xf0f0f0ff, RENDER_ALIGN_LEFT);
    }
}

static void menu_destroy(ui_screen *s)
{
    free(s->data);
    free(s);
}

static ui_screen *menu_screen(menu *m)
{
    ui_screen *s = mem_calloc(1, sizeof *s);
    *s = (ui_screen){.name = "menu",
                     .modal = true,
                     .input = menu_input,
                     .draw = menu_draw,
                     .destroy = menu_destroy,
                     .data = m};
    return s;
}

static void menu_add(menu *m, const char *text)
{
    if (m->count < MENU_ITEMS_MAX)
        snprintf(m->items[m->count++], sizeof m->items[0], "%s", text);
}

/* ---- pause menu ---------------------------------------------------------------------------- */

/* What each row of the pause menu does; the rows of the sides come and go with the match. */
enum {
    PAUSE_RESUME = 0,
    PAUSE_SAVE,
    PAUSE_LOAD,
    PAUSE_UNITS,
    PAUSE_SPEED,
    PAUSE_SKIP_ANIMATIONS,
    PAUSE_REFEREE,
    PAUSE_SIDE,                                /* + index of the side in the table: Human / Bot */
    PAUSE_NEW = PAUSE_SIDE + UI_APP_SIDES_MAX, /* the start screen: another scenario */
    PAUSE_HELP,
    PAUSE_QUIT,
};

static void pause_add(menu *m, int code, const char *text)
{
    if (m->count < MENU_ITEMS_MAX)
        m->codes[m->count] = code;
    menu_add(m, text);
}

static void pause_fill_sides(menu *m, const ui_app *app)
{
    if (!app->game)
        return;
    const table *t = game_table(app->game);
    for (int i = 0; i < t->side_count && i < UI_APP_SIDES_MAX; i++) {
        side_id id = t->sides[i].id;
        if (id.id >= UI_APP_SIDES_MAX)
            continue;
        char line[160];
        snprintf(line, sizeof line, "%s: played by %s", t->sides[i].name,
                 app->controller[id.id] == UI_CONTROLLER_BOT ? "the bot" : "a player");
        pause_add(m, PAUSE_SIDE + i, line);
    }
}

static void pause_fill(menu *m, const ui_app *app)
{
    char units[64], speed[64];
    snprintf(units, sizeof units, "Units: %s (U)",
             app->settings.units == RENDER_UNITS_CM ? "centimetres" : "inches");
    snprintf(speed, sizeof speed, "Animation speed: %s",
             app->settings.anim_speed <= 0     ? "off"
             : app->settings.anim_speed < 1.5f ? "normal"
                                               : "fast");
    m->count = 0;
    pause_add(m, PAUSE_RESUME, "Resume");
    pause_add(m, PAUSE_SAVE, "Save game (Ctrl+S)");
    pause_add(m, PAUSE_LOAD, "Load game (Ctrl+O)");
    pause_add(m, PAUSE_UNITS, units);
    pause_add(m, PAUSE_SPEED, speed);
    pause_add(m, PAUSE_SKIP_ANIMATIONS,
              app->settings.skip_animations ? "Dice: show results at once (skip animations)"
                                            : "Dice: roll them (animated)");
    if (app->game)
        pause_add(m, PAUSE_REFEREE,
                  app->referee.on ? "Referee mode: on (F9) - the rules are off"
                                  : "Referee mode: off (F9) - move anything, rule as you agree");
    pause_fill_sides(m, app);
    pause_add(m, PAUSE_NEW, "New game or another scenario...");
    pause_add(m, PAUSE_HELP, "Help (F1)");
    pause_add(m, PAUSE_QUIT, "Quit (saves automatically)");
}

/* Hands a side to the bot or back to a player (ui/solo.h plays it; ui/cover.h moves the
 * viewer). */
static void pause_toggle_side(ui_app *app, int index)
{
    const table *t = game_table(app->game);
    if (index < 0 || index >= t->side_count)
        return;
    uint32_t id = t->sides[index].id.id;
    if (id >= UI_APP_SIDES_MAX)
        return;
    bool bot = app->controller[id] != UI_CONTROLLER_BOT;
    app->controller[id] = bot ? UI_CONTROLLER_BOT : UI_CONTROLLER_HUMAN;
    ui_app_toast(app, "%s is now played by %s", t->sides[index].name, bot ? "the bot" : "a player");
}

static void pause_choose(ui_app *app, menu *m, int i)
{
    int code = m->codes[i];
    switch (code) {
    case PAUSE_RESUME:
        ui_app_pop(app);
        return;
    case PAUSE_SAVE:
        ui_app_pop(app);
        ui_app_save(app);
        return;
    case PAUSE_LOAD:
        ui_app_pop(app);
        ui_app_show(app, UI_SCREEN_LOAD, NULL);
        return;
    case PAUSE_UNITS:
        app->settings.units =
            app->settings.units == RENDER_UNITS_CM ? RENDER_UNITS_INCH : RENDER_UNITS_CM;
        app->settings.units_chosen = true;
        break;
    case PAUSE_SPEED:
        app->settings.anim_speed = app->settings.anim_speed <= 0     ? 1.0f
                                   : app->settings.anim_speed < 1.5f ? 2.5f
                                                                     : 0.0f;
        break;
    case PAUSE_SKIP_ANIMATIONS:
        app->settings.skip_animations = !app->settings.skip_animations;
        break;
    case PAUSE_REFEREE:
        ui_referee_toggle(&app->referee, app);
        pause_fill(m, app);
        return;
    case PAUSE_NEW:
        ui_app_pop(app);
        ui_app_show(app, UI_SCREEN_START, NULL);
        return;
    case PAUSE_HELP:
        ui_app_pop(app);
        ui_app_show(app, UI_SCREEN_HELP, NULL);
        return;
    case PAUSE_QUIT:
        ui_app_quit(app);
        return;
    default:
        pause_toggle_side(app, code - PAUSE_SIDE);
        pause_fill(m, app);
        return;
    }
    ui_app_save_settings(app);
    pause_fill(m, app);
}

static void pause_draw(ui_screen *s, ui_app *app, render_ctx *ctx)
{
    pause_fill(s->data, app);
    menu_draw(s, app, ctx);
}

ui_screen *ui_pause_create(ui_app *app)
{
    (void)app;
    menu *m = mem_calloc(1, sizeof *m);
    m->title = "Paused";
    m->choose = pause_choose;
    ui_screen *s = menu_screen(m);
    s->draw = pause_draw;
    return s;
}

/* ---- the list of saves --------------------------------------------------------------------- */

static int cmp_desc(const void *a, const void *b)
{
    return -strcmp(*(char *const *)a, *(char *const *)b);
}

static void load_choose(ui_app *app, menu *m, int i)
{
    char path[sizeof m->paths[0]];
    snprintf(path, sizeof path, "%s", m->paths[i]);
    ui_app_pop(app);
    ui_app_load(app, path);
}

static bool is_save_name(const char *name)
{
    size_t n = strlen(name);
    return n > 5 && strcmp(name + n - 5, ".json") == 0 &&
           (strncmp(name, "save-", 5) == 0 || strncmp(name, "autosave-", 9) == 0);
}

/* A save in player words: "Lt Toledo's platoon in the jungle - 1 Dec 2026 21:03" (an autosave
 * says so), from the scenario text the save embeds and the file's time; the file name when
 * the save cannot be read. */
void ui_load_menu_words(const char *path, const char *name, char *buf, size_t size)
{
    char title[128] = "";
    json_t *root = json_load_file(path, 0, NULL);
    const char *text = json_string_value(json_object_get(root, "scenario"));
    json_t *scn = text ? json_loads(text, 0, NULL) : NULL;
    const char *t = json_string_value(json_object_get(scn, "title"));
    if (t)
        snprintf(title, sizeof title, "%s", t);
    json_decref(scn);
    json_decref(root);
    char when[64] = "";
    struct stat st;
    if (stat(path, &st) == 0) {
        struct tm tm;
        localtime_r(&st.st_mtime, &tm);
        strftime(when, sizeof when, "%d %b %Y %H:%M", &tm);
    }
    bool autosave = strncmp(name, "autosave-", 9) == 0;
    if (title[0])
        snprintf(buf, size, "%s - %s%s", title, when, autosave ? " (autosave)" : "");
    else
        snprintf(buf, size, "%s", name);
}

ui_screen *ui_load_menu_create(ui_app *app)
{
    menu *m = mem_calloc(1, sizeof *m);
    m->title = "Load a saved game";
    m->choose = load_choose;
    char *names[256];
    int n = 0;
    DIR *d = opendir(app->data_dir);
    for (struct dirent *e; d && (e = readdir(d)) && n < 256;)
        if (is_save_name(e->d_name))
            names[n++] = mem_strdup(e->d_name);
    if (d)
        closedir(d);
    qsort(names, (size_t)n, sizeof names[0], cmp_desc);
    for (int i = 0; i < n; i++) {
        if (m->count < MENU_ITEMS_MAX) {
            snprintf(m->paths[m->count], sizeof m->paths[0], "%s%s", app->data_dir, names[i]);
            char words[160];
            ui_load_menu_words(m->paths[m->count], names[i], words, sizeof words);
            menu_add(m, words);
        }
        free(names[i]);
    }
    return menu_screen(m);
}

/* ---- help ---------------------------------------------------------------------------------- */

static const char *const help_lines[] = {
    "Mouse",
    "  Left click a figure: select it   Shift+click: add or remove   Double click: its unit",
    "  Left drag on the table: box select   Left drag a selected figure: move (group keeps "
    "formation)",
    "  Drag the yellow handle of one selected figure: turn it",
    "  Units of stands (rule sets moving whole units): a click selects the stand's unit, a drag "
    "moves it as a block;",
    "    select two units of one brigade (Shift+click) to move the formed brigade; drag a "
    "yellow handle at",
    "    either end of a unit's front line to wheel it about the other end",
    "  Right or middle drag, or Space + left drag: pan   Wheel: zoom about the cursor",
    "  Hover a figure: its role, quality, weapon, allowance and status",
    "Keys",
    "  F or Home: fit the table   U: centimetres / inches",
    "  M: measuring tape (click waypoints, Backspace removes one, Enter or right click ends)",
    "  L: line of sight from the selected figure to the cursor or a figure (click picks the "
    "source)",
    "  T: target - point at an enemy to see the area-fire semicircle, click to fire",
    "  R: turn the selection to face the cursor (click confirms)   A: arcs of fire",
    "  V: what the selected figure can see   G: terrain names   D: deployment zones",
    "  Ctrl+Z: undo   Ctrl+Y: redo   Ctrl+S: save   Ctrl+O: load a save",
    "  1-9 or click the buttons at the bottom: the decisions of the moment (draw a card, "
    "activate...)",
    "  E or the Event log button: every command with its explanation (click an entry); the "
    "dice tray shows each throw",
    "  Tab: the roster - each side's units, their state and what each side must do to win",
    "  Hover a name (log entry, message, order, roster row): the figures it names are ringed",
    "  F12: screenshot (PNG in the data folder)   F1 or ?: this help",
    "  Esc: cancel the tool or drag, else the pause menu   Ctrl+Q: quit (the game is saved)",
    "  F9: referee mode - when you agree on something the rules do not allow: drag anyone "
    "anywhere free, take off, put back, wound, shake, fix the next die; all of it logged",
    "  In referee mode a right click on a figure or the table lists the rulings that apply there "
    "(the rule book's own too: cards, pips, hits, the end of the phase or the turn)",
    "Players",
    "  Pause menu (Esc): hand any side to the bot or back; the bot plays at the animation speed",
    "  Two players at one screen: a cover hides the table at each hand-over until the next clicks",
    "  Two desktops: Host or Join on the start screen (H / J); in the match Shift+T says a line "
    "to the other player, Alt+click shows them a spot",
    "",
    "Press R for the rules reference of this game's rule set.",
    "Press any other key or click to close.",
};

static void help_input(ui_screen *s, ui_app *app, const ui_input *in)
{
    (void)s;
    bool rules = in->key_count && in->keys[0] == 'r';
    if (in->key_count || in->pressed[UI_MOUSE_LEFT] || in->pressed[UI_MOUSE_RIGHT])
        ui_app_pop(app);
    if (rules)
        ui_app_show(app, UI_SCREEN_RULES_REF, NULL);
}

static void help_draw(ui_screen *s, ui_app *app, render_ctx *ctx)
{
    (void)s;
    (void)app;
    int w, h;
    render_output_size(ctx, &w, &h);
    float k = render_ui_scale(ctx);
    render_rect(ctx, 0, 0, (float)w, (float)h, 0x00000090);
    int n = (int)(sizeof help_lines / sizeof help_lines[0]);
    render_text_panel(ctx, 40 * k, 50 * k, (const char *const *)help_lines, n, 14);
}

static void help_destroy(ui_screen *s)
{
    free(s);
}

ui_screen *ui_help_create(ui_app *app)
{
    (void)app;
    ui_screen *s = mem_calloc(1, sizeof *s);
    *s = (ui_screen){.name = "help", .modal = true, .input = help_input, .draw = help_draw};
    s->destroy = help_destroy;
    return s;
}
