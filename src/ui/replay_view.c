#include "ui/replay_view.h"

#include "core/file.h"
#include "core/mem.h"
#include "ui/event_log.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { BUTTONS_MAX = 48, TURNS_MAX = 40, LINES_MAX = 64 };

static const float paces[] = {0.25f, 0.5f, 1.0f, 2.0f, 4.0f}; /* seconds a command */

typedef struct rv_button {
    float x, y, w, h;
    char name[16];
} rv_button;

typedef struct replay_view {
    game *g;
    int count;    /* commands in the save */
    bool playing; /* stepping on by itself */
    int pace;     /* index into paces */
    double next_at;
    uint64_t hash, recorded; /* at this step */
    render_camera cam;
    int cam_w, cam_h;
    ui_event_log log;
    rv_button buttons[BUTTONS_MAX];
    int button_count;
    char title[200];
} replay_view;

/* ---- stepping ------------------------------------------------------------------------------ */

static void go(replay_view *r, int step)
{
    step = step < 0 ? 0 : step > r->count ? r->count : step;
    game_goto(r->g, step);
    r->hash = game_hash(r->g);
    r->recorded = game_hash_at(r->g, step - 1);
}

/* The first step of turn t (the state when it began): after the last command of turn t - 1. */
static int turn_start(const replay_view *r, int t)
{
    for (int i = 0; i < r->count; i++)
        if (game_turn_at(r->g, i) >= t)
            return i;
    return r->count;
}

static int last_turn(const replay_view *r)
{
    return r->count ? game_turn_at(r->g, r->count - 1) : game_turn_at(r->g, -1);
}

static void press(replay_view *r, const char *name, double now)
{
    int step = game_cursor(r->g);
    if (strcmp(name, "first") == 0)
        go(r, 0);
    else if (strcmp(name, "prev") == 0)
        go(r, step - 1);
    else if (strcmp(name, "next") == 0)
        go(r, step + 1);
    else if (strcmp(name, "last") == 0)
        go(r, r->count);
    else if (strcmp(name, "slower") == 0)
        r->pace += r->pace + 1 < (int)(sizeof paces / sizeof paces[0]);
    else if (strcmp(name, "faster") == 0)
        r->pace -= r->pace > 0;
    else if (strncmp(name, "turn ", 5) == 0)
        go(r, turn_start(r, atoi(name + 5)));
    if (strcmp(name, "play") == 0) {
        r->playing = !r->playing;
        if (r->playing && step >= r->count)
            go(r, 0); /* from the start again */
        r->next_at = now + paces[r->pace];
    } else if (strcmp(name, "slower") != 0 && strcmp(name, "faster") != 0) {
        r->playing = false;
    }
}

/* ---- input --------------------------------------------------------------------------------- */

static void rv_input(ui_screen *s, ui_app *app, const ui_input *in)
{
    replay_view *r = s->data;
    for (int i = 0; i < in->key_count; i++) {
        int key = in->keys[i];
        if ((in->key_mods[i] & UI_MOD_CTRL) && key == 'q') {
            ui_app_quit(app);
            return;
        }
        if (key == UI_KEY_ESCAPE || key == 'q') {
            ui_app_pop(app);
            return;
        }
        const char *name = key == UI_KEY_RIGHT || key == 'n'  ? "next"
                           : key == UI_KEY_LEFT || key == 'p' ? "prev"
                           : key == ' '                       ? "play"
                           : key == UI_KEY_HOME               ? "first"
                           : key == 'e'                       ? "last"
                           : key == '-'                       ? "slower"
                           : key == '+' || key == '='         ? "faster"
                                                              : NULL;
        char turn[16];
        if (!name && key >= '1' && key <= '9') {
            snprintf(turn, sizeof turn, "turn %d", key - '0');
            name = turn;
        }
        if (name)
            press(r, name, in->time);
    }
    if (in->pressed[UI_MOUSE_LEFT])
        for (int i = 0; i < r->button_count; i++) {
            const rv_button *b = &r->buttons[i];
            if (in->mouse_x >= b->x && in->mouse_x < b->x + b->w && in->mouse_y >= b->y &&
                in->mouse_y < b->y + b->h) {
                press(r, b->name, in->time);
                break;
            }
        }
    if (in->pressed[UI_MOUSE_RIGHT])
        ui_app_pop(app);
}

static void rv_update(ui_screen *s, ui_app *app, const ui_input *in)
{
    (void)app;
    replay_view *r = s->data;
    if (!r->playing || in->time < r->next_at)
        return;
    if (game_cursor(r->g) >= r->count) {
        r->playing = false;
        return;
    }
    go(r, game_cursor(r->g) + 1);
    r->next_at = in->time + paces[r->pace];
}

/* ---- drawing ------------------------------------------------------------------------------- */

static void add_button(replay_view *r, render_ctx *ctx, float x, float y, float w, float h,
                       const char *name, const char *label, bool on)
{
    if (r->button_count < BUTTONS_MAX) {
        rv_button *b = &r->buttons[r->button_count++];
        *b = (rv_button){.x = x, .y = y, .w = w, .h = h};
        snprintf(b->name, sizeof b->name, "%s", name);
    }
    render_rect(ctx, x, y, w, h, on ? 0x3f6f4aff : 0x2a3442ff);
    render_rect_outline(ctx, x, y, w, h, 0xffffff40);
    int tw, th;
    render_text_size(ctx, label, 13, &tw, &th);
    render_text(ctx, x + w / 2, y + (h - (float)th) / 2, label, 13, 0xf0f4f8ff,
                RENDER_ALIGN_CENTRE);
}

static void draw_table(replay_view *r, render_ctx *ctx, float w, float h)
{
    const table *t = game_table(r->g);
    if (r->cam_w != (int)w || r->cam_h != (int)h) {
        render_camera_resize(&r->cam, (int)w, (int)h);
        render_camera_fit(&r->cam, t->width_cm, t->height_cm, 16, true);
        r->cam_w = (int)w;
        r->cam_h = (int)h;
    }
    render_rect(ctx, 0, 0, w, h, 0x101418ff);
    render_scene scene = {.table = t, .terrain_version = 1};
    render_table(ctx, &r->cam, &scene);
    /* what the last command moved: a line from where each figure stood */
    int n;
    const rules_event *ev = game_events(r->g, game_cursor(r->g) - 1, &n);
    for (int i = 0; ev && i < n; i++)
        if (ev[i].kind == RULES_EV_MOVE)
            render_dashed_line_cm(ctx, &r->cam, ev[i].from, ev[i].pos, 2, 6, 0xffe070d0);
}

/* The right panel: where we are, the command in words, its dice and log, the hashes. */
static void draw_panel(replay_view *r, render_ctx *ctx, float x, float w, float h)
{
    float k = render_ui_scale(ctx), y = 14 * k, pad = 12 * k;
    render_rect(ctx, x, 0, w, h, 0x161c24ff);
    char line[400];
    render_text(ctx, x + pad, y, render_text_fit(ctx, r->title, 15, w - 2 * pad, line, sizeof line),
                15, 0xffe9a8ff, RENDER_ALIGN_LEFT);
    y += 24 * k;
    int step = game_cursor(r->g);
    snprintf(line, sizeof line, "Turn %d of %d   \u00b7   command %d of %d", game_turn(r->g),
             last_turn(r), step, r->count);
    render_text(ctx, x + pad, y, line, 13, 0xe8ecf0ff, RENDER_ALIGN_LEFT);
    y += 20 * k;
    bool ok = r->hash == r->recorded;
    snprintf(line, sizeof line, "State %016" PRIx64 " %s", r->hash,
             ok ? "= as recorded" : "DIFFERS from the save");
    render_text(ctx, x + pad, y, line, 11, ok ? 0x8fd8a0ff : 0xff8080ff, RENDER_ALIGN_LEFT);
    y += 22 * k;
    /* what the players said and pointed at here (a network match's notes, game.h) */
    for (int i = 0; i < game_note_count(r->g); i++) {
        const game_note *n = game_note_at(r->g, i);
        if (n->command != step)
            continue;
        const char *who = table_side_label(game_table(r->g), (side_id){n->side}, "A spectator");
        if (n->kind == GAME_NOTE_CHAT)
            snprintf(line, sizeof line, "%s player: %s", who, n->text);
        else
            snprintf(line, sizeof line, "%s player points at the table", who);
        char fit[400];
        render_text(ctx, x + pad, y, render_text_fit(ctx, line, 12, w - 2 * pad, fit, sizeof fit),
                    12, 0xa8d0ffff, RENDER_ALIGN_LEFT);
        y += 16 * k;
    }
    static ui_event_log_line lines[LINES_MAX];
    int key = step == 0 ? UI_EVENT_LOG_SETUP : step - 1;
    int nl = ui_event_log_explain(&r->log, r->g, key, lines, LINES_MAX);
    float bottom = h - 110 * k;
    for (int i = 0; i < nl && y < bottom; i++) {
        float ix = x + pad + (float)lines[i].indent * 14 * k, lw = w - 2 * pad - (ix - x - pad);
        const char *p = lines[i].text;
        while (*p && y < bottom) {
            size_t len = render_text_line_len(ctx, p, 12, lw);
            snprintf(line, sizeof line, "%.*s", (int)len, p);
            render_text(ctx, ix, y, line, 12, lines[i].rgba, RENDER_ALIGN_LEFT);
            y += 16 * k;
            p += len;
            while (*p == ' ')
                p++;
        }
    }
}

static void draw_controls(replay_view *r, render_ctx *ctx, float x, float w, float h)
{
    float k = render_ui_scale(ctx), pad = 12 * k, bh = 28 * k;
    float y = h - 96 * k, bw = (w - 2 * pad - 4 * 6 * k) / 5;
    static const char *const names[] = {"first", "prev", "play", "next", "last"};
    const char *labels[] = {"|<", "< Prev", r->playing ? "Pause" : "Play", "Next >", ">|"};
    for (int i = 0; i < 5; i++)
        add_button(r, ctx, x + pad + (float)i * (bw + 6 * k), y, bw, bh, names[i], labels[i],
                   i == 2 && r->playing);
    y += bh + 6 * k;
    char pace[48];
    snprintf(pace, sizeof pace, "%.2g s a command", (double)paces[r->pace]);
    add_button(r, ctx, x + pad, y, 64 * k, bh, "slower", "Slower", false);
    render_text(ctx, x + pad + 72 * k, y + 6 * k, pace, 13, 0xe8ecf0ff, RENDER_ALIGN_LEFT);
    add_button(r, ctx, x + pad + 196 * k, y, 64 * k, bh, "faster", "Faster", false);
    render_text(ctx, x + w - pad, y + 6 * k, "Esc closes", 11, 0x9aa6b4ff, RENDER_ALIGN_RIGHT);
    y += bh + 6 * k;
    int turns = last_turn(r), first = game_turn_at(r->g, -1);
    float tx = x + pad, tw = 34 * k;
    render_text(ctx, tx, y + 6 * k, "Turn", 12, 0x9aa6b4ff, RENDER_ALIGN_LEFT);
    tx += 40 * k;
    for (int t = first; t <= turns && t - first < TURNS_MAX && tx + tw <= x + w - pad; t++) {
        char name[16], label[8];
        snprintf(name, sizeof name, "turn %d", t);
        snprintf(label, sizeof label, "%d", t);
        add_button(r, ctx, tx, y, tw, bh * 0.85f, name, label, game_turn(r->g) == t);
        tx += tw + 4 * k;
    }
}

static void rv_draw(ui_screen *s, ui_app *app, render_ctx *ctx)
{
    (void)app;
    replay_view *r = s->data;
    int w, h;
    render_output_size(ctx, &w, &h);
    float k = render_ui_scale(ctx);
    float panel_w = fminf(380 * k, (float)w * 0.45f);
    r->button_count = 0;
    draw_table(r, ctx, (float)w - panel_w, (float)h);
    render_text_outlined(ctx, 12 * k, 10 * k, "Replay", 16, 0xffffffff, RENDER_ALIGN_LEFT);
    draw_panel(r, ctx, (float)w - panel_w, panel_w, (float)h);
    draw_controls(r, ctx, (float)w - panel_w, panel_w, (float)h);
}

static void rv_destroy(ui_screen *s)
{
    replay_view *r = s->data;
    game_destroy(r->g);
    free(r);
    free(s);
}

/* ---- creating ------------------------------------------------------------------------------ */

ui_screen *ui_replay_view_create(ui_app *app, const char *text, size_t len, const char *name,
                                 char *err, size_t err_size)
{
    (void)app;
    game_error ge;
    game *g = game_load_string(text, len, name, &(game_load_desc){0}, &ge);
    if (!g) {
        game_error_format(&ge, err, err_size);
        return NULL;
    }
    replay_view *r = mem_calloc(1, sizeof *r);
    r->g = g;
    r->count = game_log_count(g);
    r->pace = 2;
    ui_event_log_init(&r->log);
    snprintf(r->title, sizeof r->title, "%s (%s)", game_scenario(g)->title, game_rules(g)->name);
    go(r, 0);
    ui_screen *s = mem_calloc(1, sizeof *s);
    *s = (ui_screen){.name = "replay",
                     .modal = true,
                     .opaque = true,
                     .input = rv_input,
                     .update = rv_update,
                     .draw = rv_draw,
                     .destroy = rv_destroy,
                     .data = r};
    return s;
}

ui_screen *ui_replay_view_open(ui_app *app, const char *path, char *err, size_t err_size)
{
    char *text = NULL;
    size_t len = 0;
    int errnum = 0;
    if (file_read_all(path, 64u << 20, &text, &len, &errnum) != FILE_OK) {
        snprintf(err, err_size, "%s: cannot be read: %s", path,
                 errnum ? strerror(errnum) : "too large");
        return NULL;
    }
    ui_screen *s = ui_replay_view_create(app, text, len, path, err, err_size);
    free(text);
    return s;
}

const game *ui_replay_view_game(const ui_screen *s)
{
    return ((const replay_view *)s->data)->g;
}

int ui_replay_view_step(const ui_screen *s)
{
    return game_cursor(((const replay_view *)s->data)->g);
}

bool ui_replay_view_hash_ok(const ui_screen *s)
{
    const replay_view *r = s->data;
    return r->hash == r->recorded;
}

bool ui_replay_view_button(const ui_screen *s, const char *name, float *x, float *y)
{
    const replay_view *r = s->data;
    for (int i = 0; i < r->button_count; i++)
        if (strcmp(r->buttons[i].name, name) == 0) {
            *x = r->buttons[i].x + r->buttons[i].w / 2;
            *y = r->buttons[i].y + r->buttons[i].h / 2;
            return true;
        }
    return false;
}
