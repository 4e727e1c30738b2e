#include "ui/end_screen.h"

#include "core/mem.h"
#include "ui/event_log.h"
#include "ui/referee.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the summary --------------------------------------------------------------------------- */

static ui_end_side *side_of(ui_end_summary *s, side_id id)
{
    for (int i = 0; i < s->side_count; i++)
        if (s->sides[i].side.id == id.id)
            return &s->sides[i];
    return NULL;
}

/* The side's units that lost figures, most lost first (ties in table order). */
static void count_units(const table *t, const bool *lost, ui_end_side *es)
{
    for (int u = 0; u < t->unit_count; u++) {
        const unit *un = &t->units[u];
        int figs = 0, gone = 0;
        for (int i = 0; i < t->figure_count; i++)
            if (t->figures[i].unit.id == un->id.id) {
                figs++;
                gone += lost[i];
            }
        if (un->side.id != es->side.id || gone == 0)
            continue;
        int at = es->unit_count;
        if (at == UI_END_UNITS_MAX) {
            if (es->units[at - 1].lost >= gone)
                continue;
            at--;
        } else {
            es->unit_count++;
        }
        while (at > 0 && es->units[at - 1].lost < gone) {
            es->units[at] = es->units[at - 1];
            at--;
        }
        snprintf(es->units[at].name, sizeof es->units[at].name, "%s", un->name);
        es->units[at].figures = figs;
        es->units[at].lost = gone;
    }
}

/* Whose figures fell or broke in one command, in player words: "2 British fall (Front face)",
 * "1 Ansar falls, 2 British break". A command that ends a phase can resolve a whole melee, so
 * the command's own words do not say who lost. */
static void moment_losers(const game *g, const rules_event *ev, int n, char *buf, size_t size)
{
    enum { MAX = UI_END_SIDES_MAX };
    const table *t = game_table(g);
    struct loser {
        side_id side;
        int fall, broke;
        unit_id unit; /* shown when all the side's losers here are of one unit */
        bool units_differ;
    } by[MAX];
    int count = 0;
    for (int k = 0; k < n; k++) {
        bool fall = ev[k].kind == RULES_EV_REMOVE;
        bool broke = ev[k].kind == RULES_EV_STATUS &&
                     (ev[k].status_set & (FIGURE_STATUS_DEMORALISED | FIGURE_STATUS_SHAKEN));
        const figure *f = (fall || broke) ? table_figure_const(t, ev[k].figure) : NULL;
        if (!f)
            continue;
        int at = 0;
        while (at < count && by[at].side.id != f->side.id)
            at++;
        if (at == count) {
            if (count == MAX)
                continue;
            by[count++] = (struct loser){.side = f->side, .unit = f->unit};
        }
        by[at].fall += fall;
        by[at].broke += broke;
        by[at].units_differ |= by[at].unit.id != f->unit.id;
    }
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < count && len < size; i++) {
        const char *who = table_side_label(t, by[i].side, "figures");
        const char *troop = by[i].units_differ ? "" : table_unit_label(t, by[i].unit, "");
        char what[96];
        if (by[i].fall && by[i].broke)
            snprintf(what, sizeof what, "%d %s fall%s, %d break", by[i].fall, who,
                     by[i].fall == 1 ? "s" : "", by[i].broke);
        else if (by[i].fall)
            snprintf(what, sizeof what, "%d %s fall%s", by[i].fall, who,
                     by[i].fall == 1 ? "s" : "");
        else
            snprintf(what, sizeof what, "%d %s break%s", by[i].broke, who,
                     by[i].broke == 1 ? "s" : "");
        len += (size_t)snprintf(buf + len, size - len, "%s%s%s%s%s", i ? ", " : "", what,
                                troop[0] ? " (" : "", troop, troop[0] ? ")" : "");
    }
}

/* The commands that removed or demoralised the most: the moments that decided the game. */
static void find_moments(const game *g, ui_end_summary *s)
{
    for (int i = 0; i < game_cursor(g); i++) {
        int n, removed = 0, broken = 0;
        bool ends = false;
        const rules_event *ev = game_events(g, i, &n);
        for (int k = 0; k < n; k++) {
            removed += ev[k].kind == RULES_EV_REMOVE;
            broken += ev[k].kind == RULES_EV_STATUS &&
                      (ev[k].status_set & (FIGURE_STATUS_DEMORALISED | FIGURE_STATUS_SHAKEN));
            ends |= ev[k].kind == RULES_EV_GAME_OVER;
        }
        int score = 2 * removed + broken + (ends ? 1 : 0);
        if (removed + broken == 0)
            continue;
        int at = s->moment_count;
        if (at == UI_END_MOMENTS_MAX) {
            int worst = 0;
            for (int m = 1; m < at; m++)
                if (2 * s->moments[m].removed + s->moments[m].broken <
                    2 * s->moments[worst].removed + s->moments[worst].broken)
                    worst = m;
            if (2 * s->moments[worst].removed + s->moments[worst].broken >= score)
                continue;
            memmove(&s->moments[worst], &s->moments[worst + 1],
                    (size_t)(at - worst - 1) * sizeof s->moments[0]);
            at--;
        } else {
            s->moment_count++;
        }
        ui_end_moment *m = &s->moments[at];
        m->index = i;
        m->turn = game_turn_at(g, i);
        m->removed = removed;
        m->broken = broken;
        char words[200], tail[160];
        ui_event_log_command_words(g, i, words, sizeof words);
        moment_losers(g, ev, n, tail, sizeof tail);
        snprintf(m->text, sizeof m->text, "Turn %d: %.150s: %.140s", m->turn, words, tail);
    }
}

void ui_end_summarise(const game *g, ui_end_summary *out)
{
    memset(out, 0, sizeof *out);
    const table *t = game_table(g);
    rules_outcome oc;
    game_outcome(g, &oc);
    out->over = oc.over;
    out->winner = oc.winner;
    const side *w = oc.winner.id ? table_side(t, oc.winner) : NULL;
    if (!oc.over)
        snprintf(out->headline, sizeof out->headline, "The game goes on");
    else if (w)
        snprintf(out->headline, sizeof out->headline, "%s win", w->name);
    else
        snprintf(out->headline, sizeof out->headline, "A draw");
    snprintf(out->reason, sizeof out->reason, "%s", oc.reason);
    out->turns = game_turn(g);
    out->commands = game_cursor(g);
    out->referee = game_referee_count(g);
    bool *lost = mem_calloc((size_t)t->figure_count + 1, sizeof *lost);
    for (int i = -1; i < game_cursor(g); i++) {
        int n;
        const rules_event *ev = game_events(g, i, &n);
        for (int k = 0; k < n; k++) {
            if (ev[k].kind == RULES_EV_REMOVE && ev[k].figure.id &&
                (int)ev[k].figure.id <= t->figure_count)
                lost[ev[k].figure.id - 1] = true;
            if (ev[k].kind == RULES_EV_GAME_OVER && ev[k].ref[0])
                rules_ref_words(game_rules(g), ev[k].ref, out->rule, sizeof out->rule);
        }
    }
    for (int i = 0; i < t->side_count && i < UI_END_SIDES_MAX; i++) {
        ui_end_side *es = &out->sides[out->side_count++];
        es->side = t->sides[i].id;
        snprintf(es->name, sizeof es->name, "%s", t->sides[i].name);
    }
    for (int i = 0; i < t->figure_count; i++) {
        ui_end_side *es = side_of(out, t->figures[i].side);
        if (!es)
            continue;
        es->figures++;
        if (lost[i]) {
            es->lost++;
            if (t->figures[i].quality < FIGURE_QUALITY_COUNT)
                es->lost_by_quality[t->figures[i].quality]++;
        }
    }
    for (int i = 0; i < out->side_count; i++)
        count_units(t, lost, &out->sides[i]);
    free(lost);
    find_moments(g, out);
}

/* ---- the screen ---------------------------------------------------------------------------- */

typedef struct es_button {
    float x, y, w, h;
    const char *name;
} es_button;

typedef struct end_screen {
    ui_end_summary sum;
    uint32_t version;
    es_button buttons[4];
    int button_count;
    char error[300];
} end_screen;

static void rematch(ui_app *app)
{
    char err[400], path[UI_PATH_MAX];
    snprintf(path, sizeof path, "%s", app->scenario_path);
    /* On success every screen (this one too) is replaced by the new match's table. */
    if (!ui_app_open(app, path, false, err, sizeof err))
        ui_app_toast(app, "Cannot start again: %s", err);
}

static void watch(end_screen *e, ui_app *app)
{
    char *text = game_save_string(app->game);
    ui_app_show(app, UI_SCREEN_REPLAY,
                &(ui_screen_args){.text = text,
                                  .len = strlen(text),
                                  .name = "this game",
                                  .err = e->error,
                                  .err_size = sizeof e->error});
    free(text);
}

static void act(end_screen *e, ui_app *app, const char *name)
{
    if (strcmp(name, "rematch") == 0)
        rematch(app);
    else if (strcmp(name, "new") == 0)
        ui_app_show(app, UI_SCREEN_START, NULL);
    else if (strcmp(name, "watch") == 0)
        watch(e, app);
    else if (strcmp(name, "back") == 0)
        ui_app_pop(app);
}

static void es_input(ui_screen *s, ui_app *app, const ui_input *in)
{
    end_screen *e = s->data;
    for (int i = 0; i < in->key_count; i++) {
        int key = in->keys[i];
        if ((in->key_mods[i] & UI_MOD_CTRL) && key == 'q') {
            ui_app_quit(app);
            return;
        }
        const char *name = key == 'r'                                     ? "rematch"
                           : key == 'n'                                   ? "new"
                           : key == 'w'                                   ? "watch"
                           : key == UI_KEY_ESCAPE || key == UI_KEY_RETURN ? "back"
                                                                          : NULL;
        if (name) {
            act(e, app, name);
            return; /* the screen may be gone */
        }
    }
    if (!in->pressed[UI_MOUSE_LEFT])
        return;
    for (int i = 0; i < e->button_count; i++) {
        const es_button *b = &e->buttons[i];
        if (in->mouse_x >= b->x && in->mouse_x < b->x + b->w && in->mouse_y >= b->y &&
            in->mouse_y < b->y + b->h) {
            act(e, app, b->name);
            return;
        }
    }
}

static void es_update(ui_screen *s, ui_app *app, const ui_input *in)
{
    (void)in;
    end_screen *e = s->data;
    if (e->version != app->state_version) { /* undo under us: the summary of the new state */
        e->version = app->state_version;
        ui_end_summarise(app->game, &e->sum);
    }
}

static float text_line(render_ctx *ctx, float x, float y, float w, const char *text, float size,
                       uint32_t rgba)
{
    char buf[400];
    render_text(ctx, x, y, render_text_fit(ctx, text, size, w, buf, sizeof buf), size, rgba,
                RENDER_ALIGN_LEFT);
    return (size + 6) * render_ui_scale(ctx);
}

static void draw_button(end_screen *e, render_ctx *ctx, float x, float y, float w, float h,
                        const char *name, const char *label, uint32_t fill)
{
    e->buttons[e->button_count++] = (es_button){x, y, w, h, name};
    render_rect(ctx, x, y, w, h, fill);
    render_rect_outline(ctx, x, y, w, h, 0xffffff50);
    int tw, th;
    char buf[64];
    render_text_fit(ctx, label, 14, w - 8, buf, sizeof buf);
    render_text_size(ctx, buf, 14, &tw, &th);
    render_text(ctx, x + w / 2, y + (h - (float)th) / 2, buf, 14, 0xffffffff, RENDER_ALIGN_CENTRE);
}

static float draw_losses(const ui_end_summary *sum, const table *t, render_ctx *ctx, float x,
                         float y, float w, float bottom)
{
    float k = render_ui_scale(ctx);
    y += text_line(ctx, x, y, w, "Losses", 15, 0xffe9a8ff);
    for (int i = 0; i < sum->side_count && y < bottom; i++) {
        const ui_end_side *es = &sum->sides[i];
        char line[300], q[160] = "";
        size_t o = 0;
        for (int j = 0; j < FIGURE_QUALITY_COUNT; j++)
            if (es->lost_by_quality[j] && o + 40 < sizeof q)
                o +=
                    (size_t)snprintf(q + o, sizeof q - o, "%s%s %d", o ? ", " : "",
                                     table_quality_name((figure_quality)j), es->lost_by_quality[j]);
        snprintf(line, sizeof line, "%s: %d of %d figures lost%s%s%s", es->name, es->lost,
                 es->figures, q[0] ? " (" : "", q, q[0] ? ")" : "");
        render_rect(ctx, x, y + 3 * k, 12 * k, 12 * k, render_side_rgb(t, es->side) << 8 | 0xff);
        y += text_line(ctx, x + 20 * k, y, w - 20 * k, line, 13, 0xe8ecf0ff);
        for (int u = 0; u < es->unit_count && u < 3 && y < bottom; u++) {
            snprintf(line, sizeof line, "%s: %d of %d", es->units[u].name, es->units[u].lost,
                     es->units[u].figures);
            y += text_line(ctx, x + 36 * k, y, w - 36 * k, line, 12, 0xb8c4d0ff);
        }
    }
    return y;
}

static void es_draw(ui_screen *s, ui_app *app, render_ctx *ctx)
{
    end_screen *e = s->data;
    const ui_end_summary *sum = &e->sum;
    const table *t = game_table(app->game);
    int w, h;
    render_output_size(ctx, &w, &h);
    float k = render_ui_scale(ctx);
    render_rect(ctx, 0, 0, (float)w, (float)h, 0x000000a8);
    float pw = fminf(760 * k, (float)w - 24 * k), ph = fminf(540 * k, (float)h - 24 * k);
    float px = ((float)w - pw) / 2, py = ((float)h - ph) / 2, pad = 20 * k;
    float x = px + pad, cw = pw - 2 * pad, y = py + pad;
    render_rect(ctx, px, py, pw, ph, 0x141a22f4);
    uint32_t band = sum->winner.id ? render_side_rgb(t, sum->winner) << 8 | 0xff : 0x707880ff;
    render_rect(ctx, px, py, pw, 6 * k, band);
    render_text(ctx, x, y, sum->headline, 26, 0xffffffff, RENDER_ALIGN_LEFT);
    y += 38 * k;
    y += text_line(ctx, x, y, cw, sum->reason, 14, 0xe8ecf0ff);
    if (sum->rule[0]) {
        char rule[200];
        snprintf(rule, sizeof rule, "Rule: %s", sum->rule);
        y += text_line(ctx, x, y, cw, rule, 12, 0x8fb4d8ff);
    }
    char line[200];
    snprintf(line, sizeof line, "%d turn%s played, %d commands", sum->turns,
             sum->turns == 1 ? "" : "s", sum->commands);
    y += text_line(ctx, x, y, cw, line, 13, 0xb8c4d0ff) + 6 * k;
    if (sum->referee) {
        snprintf(line, sizeof line, "The referee stepped in %d time%s (the players' own rulings)",
                 sum->referee, sum->referee == 1 ? "" : "s");
        y += text_line(ctx, x, y, cw, line, 13, (UI_REFEREE_RGB << 8) | 0xffu) + 6 * k;
    }
    float bottom = py + ph - pad - 40 * k;
    y = draw_losses(sum, t, ctx, x, y, cw, bottom - 60 * k) + 8 * k;
    if (sum->moment_count && y < bottom - 20 * k) {
        y += text_line(ctx, x, y, cw, "The moments that decided it", 15, 0xffe9a8ff);
        for (int i = 0; i < sum->moment_count && y < bottom - 14 * k; i++)
            y += text_line(ctx, x + 8 * k, y, cw - 8 * k, sum->moments[i].text, 12, 0xe8ecf0ff);
    }
    if (e->error[0])
        text_line(ctx, x, bottom - 18 * k, cw, e->error, 12, 0xff9090ff);
    e->button_count = 0;
    float bw = (cw - 3 * 10 * k) / 4, bh = 34 * k, by = py + ph - pad - bh;
    draw_button(e, ctx, x, by, bw, bh, "rematch", "Rematch (R)", 0x2f5f3aff);
    draw_button(e, ctx, x + (bw + 10 * k), by, bw, bh, "new", "New game (N)", 0x2a3442ff);
    draw_button(e, ctx, x + 2 * (bw + 10 * k), by, bw, bh, "watch", "Watch the replay (W)",
                0x2a3442ff);
    draw_button(e, ctx, x + 3 * (bw + 10 * k), by, bw, bh, "back", "Back to the table (Esc)",
                0x2a3442ff);
}

static void es_destroy(ui_screen *s)
{
    free(s->data);
    free(s);
}

ui_screen *ui_end_screen_create(ui_app *app)
{
    end_screen *e = mem_calloc(1, sizeof *e);
    e->version = app->state_version;
    ui_end_summarise(app->game, &e->sum);
    ui_screen *s = mem_calloc(1, sizeof *s);
    *s = (ui_screen){.name = "end",
                     .modal = true,
                     .input = es_input,
                     .update = es_update,
                     .draw = es_draw,
                     .destroy = es_destroy,
                     .data = e};
    return s;
}

bool ui_end_screen_button(const ui_screen *s, const char *name, float *x, float *y)
{
    const end_screen *e = s->data;
    for (int i = 0; i < e->button_count; i++)
        if (strcmp(e->buttons[i].name, name) == 0) {
            *x = e->buttons[i].x + e->buttons[i].w / 2;
            *y = e->buttons[i].y + e->buttons[i].h / 2;
            return true;
        }
    return false;
}
