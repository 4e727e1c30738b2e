/* The start screen. Why the previews are drawn rather than loaded from docs/images: the drawing
 * code is the preview command's own, so the picture is always the scenario as it is now. Each is
 * drawn once, offscreen, the first time its scenario is selected, and kept as a texture. */
#include "ui/start_screen.h"

#include "core/mem.h"
#include "game/bot.h"
#include "ui/preview.h"

#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#define PREVIEW_MIN_W 240 /* px of the offscreen preview (drawn at the size shown) */
#define PREVIEW_MAX_W 2400
#define ROW_H         52
#define BG_RGB        0x1b2027ffu
#define PANEL_RGB     0x232a33ffu
#define HOT_RGB       0x3a5a8affu
#define TEXT_RGB      0xf0f0f0ffu
#define DIM_RGB       0x9aa4b2ffu
#define BUTTON_RGB    0x2f6b3affu
#define BUTTON_OFF    0x3a4048ffu
#define TOGGLE_ON_RGB 0x3a5a8affu

typedef struct start_entry {
    char path[UI_PATH_MAX];
    scenario *scenario; /* NULL when it did not load */
    char error[300];
    render_picture *image;
    bool image_failed;
    bool has_save;
    char save_when[64];
} start_entry;

typedef struct rect {
    float x, y, w, h;
} rect;

typedef struct start {
    start_entry entries[UI_START_SCENARIOS_MAX];
    int count;
    int hot;
    ui_controller controller[UI_APP_SIDES_MAX];
    int bot_level[UI_APP_SIDES_MAX]; /* by side id, as ui_app.bot_level */
    char error[400];                 /* the last failure to open a match */
    bool over_game;                  /* opened from a match's pause menu: Esc goes back to it */
    /* who plays each side is taken from the app again at the first frame: the command
     * line's --bot is applied after the app (and this screen) is made */
    bool synced;
    /* laid out at draw time, read by input */
    rect rows[UI_START_SCENARIOS_MAX];
    rect toggles[UI_APP_SIDES_MAX];
    rect levels[UI_APP_SIDES_MAX]; /* the bot's level button beside each toggle */
    int toggle_count;
    rect start_button, continue_button, watch_button;
    rect edit_button, new_button;  /* the scenario editor (ui/editor.h) */
    rect host_button, join_button; /* network play (ui/net_setup.h) */
} start;

/* ---- the list of scenarios ----------------------------------------------------------------- */

static int cmp_path(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

int ui_start_screen_list(const char *dir, char paths[][UI_PATH_MAX], int max)
{
    int n = 0;
    DIR *d = opendir(dir);
    for (struct dirent *e; d && (e = readdir(d)) && n < max;) {
        size_t len = strlen(e->d_name);
        if (len > 5 && strcmp(e->d_name + len - 5, ".json") == 0 && e->d_name[0] != '.')
            snprintf(paths[n++], UI_PATH_MAX, "%s/%s", dir, e->d_name);
    }
    if (d)
        closedir(d);
    qsort(paths, (size_t)n, UI_PATH_MAX, cmp_path);
    return n;
}

static void entry_check_save(start_entry *e)
{
    char autosave[UI_PATH_MAX];
    struct stat st;
    e->has_save =
        game_autosave_path(e->path, autosave, sizeof autosave) && stat(autosave, &st) == 0;
    e->save_when[0] = '\0';
    if (e->has_save) {
        struct tm tm;
        localtime_r(&st.st_mtime, &tm);
        strftime(e->save_when, sizeof e->save_when, "%d %b %H:%M", &tm);
    }
}

static void entry_load(start_entry *e, const char *path)
{
    snprintf(e->path, sizeof e->path, "%s", path);
    scenario_error err;
    e->scenario = scenario_load_file(path, &err);
    if (e->scenario && !rules_scenario_check(e->scenario, &err)) {
        scenario_destroy(e->scenario);
        e->scenario = NULL;
    }
    if (!e->scenario) {
        scenario_error_format(&err, e->error, sizeof e->error);
        fprintf(stderr, "sandtable: start screen: %s\n", e->error);
    }
    entry_check_save(e);
}

static void dir_of(const char *path, char *buf, size_t size)
{
    snprintf(buf, size, "%s", path);
    char *slash = strrchr(buf, '/');
    if (slash)
        *slash = '\0';
    else
        snprintf(buf, size, ".");
}

static bool same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
           sa.st_ino == sb.st_ino;
}

/* ---- actions ------------------------------------------------------------------------------- */

static void open_match(start *st, ui_app *app, bool resume)
{
    start_entry *e = &st->entries[st->hot];
    if (!e->scenario) {
        snprintf(st->error, sizeof st->error, "%s", e->error);
        return;
    }
    if (resume && !e->has_save) {
        snprintf(st->error, sizeof st->error,
                 "No saved game of this scenario yet: Start a new one");
        return;
    }
    memcpy(app->controller, st->controller, sizeof app->controller);
    memcpy(app->bot_level, st->bot_level, sizeof app->bot_level);
    char err[sizeof st->error];
    /* On success this screen is destroyed with the stack: nothing of it is touched after. */
    if (!ui_app_open(app, e->path, resume, err, sizeof err)) {
        snprintf(st->error, sizeof st->error, "%s", err);
        ui_app_toast(app, "Cannot open: %s", err);
    }
}

static void toggle_side(start *st, int index)
{
    const start_entry *e = &st->entries[st->hot];
    if (!e->scenario || index < 0 || index >= e->scenario->table->side_count)
        return;
    uint32_t id = e->scenario->table->sides[index].id.id;
    if (id < UI_APP_SIDES_MAX)
        st->controller[id] =
            st->controller[id] == UI_CONTROLLER_BOT ? UI_CONTROLLER_HUMAN : UI_CONTROLLER_BOT;
}

/* Easy, normal, hard in turn; the side becomes the bot's if it was a player's. */
static void cycle_level(start *st, int index)
{
    const start_entry *e = &st->entries[st->hot];
    if (!e->scenario || index < 0 || index >= e->scenario->table->side_count)
        return;
    uint32_t id = e->scenario->table->sides[index].id.id;
    if (id >= UI_APP_SIDES_MAX)
        return;
    if (st->controller[id] != UI_CONTROLLER_BOT) {
        st->controller[id] = UI_CONTROLLER_BOT;
        return;
    }
    int now = st->bot_level[id] ? st->bot_level[id] : BOT_NORMAL;
    st->bot_level[id] = now == BOT_GREEDY ? BOT_NORMAL : now == BOT_NORMAL ? BOT_HARD : BOT_GREEDY;
}

static void select_entry(start *st, int i)
{
    if (i >= 0 && i < st->count && i != st->hot) {
        st->hot = i;
        st->error[0] = '\0';
        entry_check_save(&st->entries[i]);
    }
}

static bool inside(rect r, float x, float y)
{
    return r.w > 0 && x >= r.x && x <= r.x + r.w && y >= r.y && y <= r.y + r.h;
}

/* Host (the selected scenario) or join a game across two desktops. */
static void open_network(start *st, ui_app *app, bool host)
{
    start_entry *e = &st->entries[st->hot];
    if (host && !e->scenario) {
        snprintf(st->error, sizeof st->error, "%s", e->error);
        return;
    }
    ui_app_show(app, UI_SCREEN_NET_SETUP, &(ui_screen_args){.host = host, .path = e->path});
}

/* "Watch the replay" of the scenario's saved game, from its start. */
static void watch_save(start *st, ui_app *app)
{
    start_entry *e = &st->entries[st->hot];
    char path[UI_PATH_MAX];
    if (!e->has_save || !game_autosave_path(e->path, path, sizeof path)) {
        snprintf(st->error, sizeof st->error, "No saved game of this scenario to watch yet");
        return;
    }
    ui_app_show(app, UI_SCREEN_REPLAY,
                &(ui_screen_args){.path = path, .err = st->error, .err_size = sizeof st->error});
}

/* "Edit this scenario" (the selected one) or "New scenario" (of its rule set). */
static void open_editor(start *st, ui_app *app, bool blank)
{
    const start_entry *e = &st->entries[st->hot];
    if (!blank && (st->count == 0 || !e->scenario)) {
        snprintf(st->error, sizeof st->error, "%s", st->count ? e->error : "No scenario to edit");
        return;
    }
    const char *ruleset = st->count && e->scenario ? e->scenario->ruleset : "lcr";
    if (!ui_app_show(app, UI_SCREEN_EDITOR,
                     &(ui_screen_args){.path = blank ? NULL : e->path,
                                       .name = blank ? ruleset : NULL,
                                       .err = st->error,
                                       .err_size = sizeof st->error}))
        ui_app_toast(app, "Cannot open the editor: %s", st->error);
}

static bool start_keys(start *st, ui_app *app, const ui_input *in)
{
    for (int i = 0; i < in->key_count; i++) {
        int k = in->keys[i];
        if (k == UI_KEY_ESCAPE && st->over_game) {
            ui_app_pop(app); /* back to the match it was opened from */
            return true;
        }
        if (k == UI_KEY_ESCAPE || ((in->key_mods[i] & UI_MOD_CTRL) && k == 'q')) {
            ui_app_quit(app);
            return true;
        }
        if (k == UI_KEY_UP)
            select_entry(st, st->hot > 0 ? st->hot - 1 : 0);
        else if (k == UI_KEY_DOWN)
            select_entry(st, st->hot + 1 < st->count ? st->hot + 1 : st->hot);
        else if (k == UI_KEY_RETURN) {
            open_match(st, app, false);
            return true;
        } else if (k == 'c') {
            open_match(st, app, true);
            return true;
        } else if (k == 'w') {
            watch_save(st, app);
            return true;
        } else if (k == 'e' || k == 'n') {
            open_editor(st, app, k == 'n');
        } else if (k == 'h' || k == 'j') {
            open_network(st, app, k == 'h');
            return true;
        } else if (k >= '1' && k <= '9' && (in->key_mods[i] & UI_MOD_SHIFT))
            cycle_level(st, k - '1');
        else if (k >= '1' && k <= '9')
            toggle_side(st, k - '1');
        else if (k == UI_KEY_F1 || k == '?')
            ui_app_show(app, UI_SCREEN_HELP, NULL);
    }
    return false;
}

static void sync_sides(start *st, const ui_app *app)
{
    if (!st->synced) {
        memcpy(st->controller, app->controller, sizeof st->controller);
        memcpy(st->bot_level, app->bot_level, sizeof st->bot_level);
        st->synced = true;
    }
}

static void start_input(ui_screen *s, ui_app *app, const ui_input *in)
{
    start *st = s->data;
    sync_sides(st, app);
    if (start_keys(st, app, in) || !in->pressed[UI_MOUSE_LEFT])
        return;
    float x = in->mouse_x, y = in->mouse_y;
    for (int i = 0; i < st->count; i++)
        if (inside(st->rows[i], x, y)) {
            select_entry(st, i);
            if (in->clicks[UI_MOUSE_LEFT] >= 2)
                open_match(st, app, false);
            return;
        }
    for (int i = 0; i < st->toggle_count; i++) {
        if (inside(st->toggles[i], x, y))
            toggle_side(st, i);
        if (inside(st->levels[i], x, y))
            cycle_level(st, i);
    }
    if (inside(st->start_button, x, y))
        open_match(st, app, false);
    else if (inside(st->continue_button, x, y))
        open_match(st, app, true);
    else if (inside(st->watch_button, x, y))
        watch_save(st, app);
    else if (inside(st->edit_button, x, y))
        open_editor(st, app, false);
    else if (inside(st->new_button, x, y))
        open_editor(st, app, true);
    else if (inside(st->host_button, x, y) || inside(st->join_button, x, y))
        open_network(st, app, inside(st->host_button, x, y));
}

/* ---- drawing ------------------------------------------------------------------------------- */

/* Draws `text` wrapped at word boundaries into `max_w`, at most `max_lines` lines; returns the
 * height used. With rgba 0 it only measures. */
static float wrap_text(render_ctx *ctx, const char *text, float x, float y, float max_w,
                       int max_lines, float size, uint32_t rgba)
{
    char line[512] = "", trial[512];
    int lines = 0, tw, th = 0;
    const char *p = text;
    while (*p && lines < max_lines) {
        const char *end = strchr(p, ' ');
        size_t wl = end ? (size_t)(end - p) : strlen(p);
        snprintf(trial, sizeof trial, "%.300s%s%.*s", line, line[0] ? " " : "",
                 (int)(wl < 200 ? wl : 200), p);
        render_text_size(ctx, trial, size, &tw, &th);
        if (tw > max_w && line[0]) {
            bool last = lines + 1 == max_lines;
            if (last)
                render_text_fit(ctx, trial, size, max_w, line, sizeof line);
            render_text(ctx, x, y + (float)(lines * (th + 2)), line, size, rgba, RENDER_ALIGN_LEFT);
            lines++;
            line[0] = '\0';
            if (last)
                return (float)(lines * (th + 2));
            continue; /* the word starts the next line */
        }
        snprintf(line, sizeof line, "%s", trial);
        p += wl;
        while (*p == ' ')
            p++;
    }
    if (line[0] && lines < max_lines && rgba)
        render_text(ctx, x, y + (float)(lines * (th + 2)), line, size, rgba, RENDER_ALIGN_LEFT);
    lines += line[0] && lines < max_lines;
    return (float)(lines * (th + 2));
}

static render_picture *make_preview(render_ctx *ctx, const scenario *s, int width)
{
    char err[256], art[1100];
    int h = ui_preview_height(s, width);
    render_ctx *off =
        render_create_offscreen(width, h,
                                &(render_desc){.ui_scale = ui_preview_scale(width),
                                               .art_dir = render_find_art_dir(art, sizeof art)},
                                err, sizeof err);
    if (!off) {
        fprintf(stderr, "sandtable: start screen preview: %s\n", err);
        return NULL;
    }
    render_begin(off);
    ui_preview_draw(off, s, &(ui_preview_opts){.deployment = true, .labels = true});
    render_picture *img = render_picture_capture(ctx, off, err, sizeof err);
    if (!img)
        fprintf(stderr, "sandtable: start screen preview: %s\n", err);
    render_destroy(off);
    return img;
}

static void draw_list(start *st, render_ctx *ctx, float x, float y, float w)
{
    float k = render_ui_scale(ctx);
    render_text(ctx, x, y, "Scenarios", 13, DIM_RGB, RENDER_ALIGN_LEFT);
    y += 24 * k;
    for (int i = 0; i < st->count; i++) {
        const start_entry *e = &st->entries[i];
        rect r = {x, y + (float)i * ROW_H * k, w, (ROW_H - 4) * k};
        st->rows[i] = r;
        render_rect(ctx, r.x, r.y, r.w, r.h, i == st->hot ? HOT_RGB : PANEL_RGB);
        char title[200], info[200];
        const char *name = strrchr(e->path, '/') ? strrchr(e->path, '/') + 1 : e->path;
        if (e->scenario) {
            const rules_ops *ops = rules_find(e->scenario->ruleset);
            render_text_fit(ctx, e->scenario->title, 14, r.w - 20 * k, title, sizeof title);
            char line[200];
            snprintf(line, sizeof line, "%s  -  %.0f x %.0f cm%s",
                     ops ? ops->name : e->scenario->ruleset, e->scenario->table->width_cm,
                     e->scenario->table->height_cm, e->has_save ? "  -  saved game" : "");
            render_text_fit(ctx, line, 11, r.w - 20 * k, info, sizeof info);
        } else {
            render_text_fit(ctx, name, 14, r.w - 20 * k, title, sizeof title);
            render_text_fit(ctx, "cannot be read (select it for the reason)", 11, r.w - 20 * k,
                            info, sizeof info);
        }
        render_text(ctx, r.x + 10 * k, r.y + 7 * k, title, 14, TEXT_RGB, RENDER_ALIGN_LEFT);
        render_text(ctx, r.x + 10 * k, r.y + 28 * k, info, 11, i == st->hot ? 0xd8e4f4ffu : DIM_RGB,
                    RENDER_ALIGN_LEFT);
    }
}

/* The preview fitted into w x max_h, drawn (again) at the size it is shown so its text stays
 * sharp; returns its height. */
static float draw_preview(start_entry *e, render_ctx *ctx, float x, float y, float w, float max_h)
{
    int want = (int)w;
    int h1 = ui_preview_height(e->scenario, 1000);
    if ((float)h1 * w / 1000.0f > max_h)
        want = (int)(max_h * 1000.0f / (float)h1);
    want = want < PREVIEW_MIN_W ? PREVIEW_MIN_W : want > PREVIEW_MAX_W ? PREVIEW_MAX_W : want;
    int iw = 0, ih = 0;
    if (e->image)
        render_picture_size(e->image, &iw, &ih);
    if (e->image && abs(iw - want) > want / 8) { /* the window was resized */
        render_picture_destroy(e->image);
        e->image = NULL;
        e->image_failed = false;
    }
    if (!e->image && !e->image_failed) {
        e->image = make_preview(ctx, e->scenario, want);
        e->image_failed = e->image == NULL;
    }
    if (!e->image)
        return 0;
    render_picture_size(e->image, &iw, &ih);
    float scale = w / (float)iw;
    if ((float)ih * scale > max_h)
        scale = max_h / (float)ih;
    render_picture_draw(ctx, e->image, x, y, (float)iw * scale, (float)ih * scale);
    return (float)ih * scale;
}

static int side_figures(const table *t, side_id sid)
{
    int n = 0;
    for (int i = 0; i < t->figure_count; i++)
        n += t->figures[i].side.id == sid.id;
    return n;
}

static void button(render_ctx *ctx, rect r, const char *label, uint32_t fill, uint32_t ink)
{
    render_rect(ctx, r.x, r.y, r.w, r.h, fill);
    render_rect_outline(ctx, r.x, r.y, r.w, r.h, 0xffffff40);
    int tw, th;
    char text[160];
    render_text_fit(ctx, label, 14, r.w - 8, text, sizeof text);
    render_text_size(ctx, text, 14, &tw, &th);
    render_text(ctx, r.x + r.w / 2, r.y + (r.h - (float)th) / 2, text, 14, ink,
                RENDER_ALIGN_CENTRE);
}

static float draw_sides(start *st, const scenario *s, render_ctx *ctx, float x, float y)
{
    float k = render_ui_scale(ctx);
    render_text(ctx, x, y, "Who plays each side (click to change, or its number key)", 13, DIM_RGB,
                RENDER_ALIGN_LEFT);
    y += 22 * k;
    const table *t = s->table;
    st->toggle_count = 0;
    for (int i = 0; i < t->side_count && i < UI_APP_SIDES_MAX; i++) {
        side_id id = t->sides[i].id;
        bool bot = id.id < UI_APP_SIDES_MAX && st->controller[id.id] == UI_CONTROLLER_BOT;
        float ry = y + (float)i * 34 * k;
        render_rect(ctx, x, ry + 4 * k, 18 * k, 18 * k, render_side_rgb(t, id) << 8 | 0xff);
        char line[120];
        snprintf(line, sizeof line, "%d  %s (%d figures)", i + 1, t->sides[i].name,
                 side_figures(t, id));
        render_text(ctx, x + 28 * k, ry + 5 * k, line, 14, TEXT_RGB, RENDER_ALIGN_LEFT);
        rect r = {x + 300 * k, ry, 200 * k, 26 * k};
        st->toggles[st->toggle_count++] = r;
        rect left = {r.x, r.y, r.w / 2, r.h}, right = {r.x + r.w / 2, r.y, r.w / 2, r.h};
        button(ctx, left, "Player", bot ? BUTTON_OFF : TOGGLE_ON_RGB, bot ? DIM_RGB : TEXT_RGB);
        button(ctx, right, "Bot", bot ? TOGGLE_ON_RGB : BUTTON_OFF, bot ? TEXT_RGB : DIM_RGB);
        /* the bot's level: click (or Shift + the side's number) for easy, normal, hard */
        int lv =
            id.id < UI_APP_SIDES_MAX && st->bot_level[id.id] ? st->bot_level[id.id] : BOT_NORMAL;
        rect lr = {r.x + r.w + 8 * k, r.y, 110 * k, r.h};
        st->levels[st->toggle_count - 1] = lr;
        button(ctx, lr, bot_level_label((bot_level)lv), bot ? HOT_RGB : BUTTON_OFF,
               bot ? TEXT_RGB : DIM_RGB);
    }
    return 22 * k + (float)t->side_count * 34 * k;
}

static void draw_buttons(start *st, const start_entry *e, render_ctx *ctx, float x, float y,
                         float w)
{
    float k = render_ui_scale(ctx);
    /* 220 + 300 + 200 wide with 16 between, narrowed alike when the window is */
    float f = fminf(1.0f, (w - 32 * k) / (720 * k));
    st->start_button = (rect){x, y, 220 * k * f, 36 * k};
    st->continue_button = (rect){x + (220 * f + 16) * k, y, 300 * k * f, 36 * k};
    button(ctx, st->start_button, "Start new game (Enter)", BUTTON_RGB, TEXT_RGB);
    char text[128];
    if (e->has_save)
        snprintf(text, sizeof text, "Continue saved game (C) - %s", e->save_when);
    else
        snprintf(text, sizeof text, "No saved game to continue");
    button(ctx, st->continue_button, text, e->has_save ? HOT_RGB : BUTTON_OFF,
           e->has_save ? TEXT_RGB : DIM_RGB);
    st->watch_button = (rect){x + (520 * f + 32) * k, y, 200 * k * f, 36 * k};
    button(ctx, st->watch_button, "Watch the replay (W)", e->has_save ? BUTTON_RGB : BUTTON_OFF,
           e->has_save ? TEXT_RGB : DIM_RGB);
}

static void draw_detail(start *st, render_ctx *ctx, float x, float y, float w, float bottom)
{
    float k = render_ui_scale(ctx);
    start_entry *e = &st->entries[st->hot];
    st->toggle_count = 0;
    st->start_button = st->continue_button = st->watch_button = (rect){0};
    if (!e->scenario) {
        render_text(ctx, x, y, "This scenario cannot be read:", 16, 0xff9090ff, RENDER_ALIGN_LEFT);
        wrap_text(ctx, e->error, x, y + 28 * k, w, 6, 13, TEXT_RGB);
        return;
    }
    const scenario *s = e->scenario;
    float sides_h = 22 * k + (float)s->table->side_count * 34 * k;
    float below = sides_h + 16 * k + 36 * k + 28 * k; /* sides, gap, buttons, error line */
    /* The preview and the description share what the sides and buttons leave; in a small
     * window the description gives way first, then the preview. */
    float top = y, avail = bottom - y - below;
    if (avail < 0)
        avail = 0;
    int tw, th;
    render_text_size(ctx, "Ag", 13, &tw, &th);
    float text_h = wrap_text(ctx, s->description, x, y, w, 12, 13, 0);
    float max_ph = avail - text_h - 12 * k;
    if (max_ph < avail * 0.5f)
        max_ph = avail * 0.5f;
    if (max_ph >= 60 * k)
        y += draw_preview(e, ctx, x, y, w, max_ph) + 12 * k;
    int lines = (int)((top + avail - y) / (float)(th + 2));
    if (lines > 0)
        wrap_text(ctx, s->description, x, y, w, lines, 13, 0xdde3eaff);
    y = top + avail + 8 * k;
    y += draw_sides(st, s, ctx, x, y) + 8 * k;
    draw_buttons(st, e, ctx, x, y, w);
    if (st->error[0]) {
        char line[300];
        render_text_fit(ctx, st->error, 12, w, line, sizeof line);
        render_text(ctx, x, y + 42 * k, line, 12, 0xff9090ff, RENDER_ALIGN_LEFT);
    } else if (e->has_save) {
        render_text(ctx, x, y + 42 * k,
                    "A new game replaces the saved one as soon as its first move is made.", 12,
                    DIM_RGB, RENDER_ALIGN_LEFT);
    }
}

static void start_draw(ui_screen *s, ui_app *app, render_ctx *ctx)
{
    start *st = s->data;
    sync_sides(st, app);
    int w, h;
    render_output_size(ctx, &w, &h);
    float k = render_ui_scale(ctx);
    render_rect(ctx, 0, 0, (float)w, (float)h, BG_RGB);
    render_text(ctx, 24 * k, 16 * k, "Sandtable", 24, TEXT_RGB, RENDER_ALIGN_LEFT);
    render_text(ctx, 170 * k, 24 * k, "choose a scenario and who plays it", 14, DIM_RGB,
                RENDER_ALIGN_LEFT);
    render_text(ctx, (float)w - 24 * k, (float)h - 26 * k,
                st->over_game
                    ? "Up/Down: scenario   1-9: player or bot (Shift: level)   Enter: start   C: "
                      "continue   Esc: back to the game"
                    : "Up/Down: scenario   1-9: player or bot (Shift: level)   Enter: start   C: "
                      "continue   Esc: quit",
                12, DIM_RGB, RENDER_ALIGN_RIGHT);
    /* network play, top right */
    st->join_button = (rect){(float)w - 24 * k - 150 * k, 14 * k, 150 * k, 32 * k};
    st->host_button = (rect){st->join_button.x - 12 * k - 300 * k, 14 * k, 300 * k, 32 * k};
    button(ctx, st->host_button, "Host a game across two desktops (H)", HOT_RGB, TEXT_RGB);
    button(ctx, st->join_button, "Join a game (J)", HOT_RGB, TEXT_RGB);
    float list_w = (float)w * 0.28f < 340 * k ? (float)w * 0.28f : 340 * k;
    float top = 66 * k;
    if (!st->count) {
        render_text(ctx, 24 * k, top, "No scenario files found.", 16, 0xff9090ff,
                    RENDER_ALIGN_LEFT);
        return;
    }
    draw_list(st, ctx, 24 * k, top, list_w);
    /* the scenario editor, under the list it edits (network play has the top right) */
    float by = top + 24 * k + (float)st->count * ROW_H * k + 6 * k, bw = (list_w - 8 * k) / 2;
    st->edit_button = (rect){24 * k, by, bw, 30 * k};
    st->new_button = (rect){24 * k + bw + 8 * k, by, bw, 30 * k};
    button(ctx, st->edit_button, "Edit this scenario (E)", BUTTON_OFF, TEXT_RGB);
    button(ctx, st->new_button, "New scenario (N)", BUTTON_OFF, TEXT_RGB);
    float dx = 24 * k + list_w + 24 * k;
    draw_detail(st, ctx, dx, top, (float)w - dx - 24 * k, (float)h - 40 * k);
}

static void start_destroy(ui_screen *s)
{
    start *st = s->data;
    for (int i = 0; i < st->count; i++) {
        scenario_destroy(st->entries[i].scenario);
        render_picture_destroy(st->entries[i].image);
    }
    free(st);
    free(s);
}

ui_screen *ui_start_screen_create(ui_app *app)
{
    start *st = mem_calloc(1, sizeof *st);
    memcpy(st->controller, app->controller, sizeof st->controller);
    memcpy(st->bot_level, app->bot_level, sizeof st->bot_level);
    st->over_game = app->game != NULL;
    char dir[UI_PATH_MAX];
    dir_of(app->scenario_path, dir, sizeof dir);
    char(*paths)[UI_PATH_MAX] = mem_calloc(UI_START_SCENARIOS_MAX, UI_PATH_MAX);
    int n = ui_start_screen_list(dir, paths, UI_START_SCENARIOS_MAX);
    /* and the player's own: positions saved from referee mode (ui/referee.h) */
    char own[UI_PATH_MAX];
    if (game_data_path("scenarios", own, sizeof own) && !same_file(own, dir))
        n += ui_start_screen_list(own, paths + n, UI_START_SCENARIOS_MAX - n);
    for (int i = 0; i < n; i++) {
        entry_load(&st->entries[st->count], paths[i]);
        if (same_file(paths[i], app->scenario_path))
            st->hot = st->count;
        st->count++;
    }
    free(paths);
    ui_screen *s = mem_calloc(1, sizeof *s);
    /* Over a match it is modal: the match (and its bot) waits below. */
    *s = (ui_screen){.name = "start",
                     .modal = st->over_game,
                     .input = start_input,
                     .draw = start_draw,
                     .destroy = start_destroy,
                     .data = st};
    return s;
}
