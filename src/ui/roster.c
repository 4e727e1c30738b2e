#include "ui/roster.h"

#include "ui/turn_banner.h"

#include <stdio.h>
#include <string.h>

typedef struct roster_count {
    int total, standing, down, wounded, demoralised, off;
} roster_count;

static roster_count count_unit(const table *t, unit_id u)
{
    roster_count c = {0};
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        if (f->unit.id != u.id)
            continue;
        c.total++;
        if (f->status & (FIGURE_STATUS_DEAD | FIGURE_STATUS_CAPTURED))
            c.down++;
        else if (f->status & FIGURE_STATUS_OFF_TABLE)
            c.off++;
        else
            c.standing++;
        if (!(f->status & FIGURE_STATUS_DEAD) &&
            (f->status & (FIGURE_STATUS_WOUNDED | FIGURE_STATUS_SERIOUS)))
            c.wounded++;
        if (table_figure_active(f) && (f->status & FIGURE_STATUS_DEMORALISED))
            c.demoralised++;
    }
    return c;
}

/* A unit the viewer may see (game_visible of its first figure): a concealed one is not listed. */
static bool unit_seen(const ui_view *view, unit_id u)
{
    const table *t = game_table(view->game);
    for (int i = 0; i < t->figure_count; i++)
        if (t->figures[i].unit.id == u.id)
            return game_visible(view->game, view->viewer, t->figures[i].id);
    return true;
}

/* ", 2 wounded" after the text so far (nothing when n is 0). */
static size_t append(char *buf, size_t size, size_t len, int n, const char *what)
{
    if (len >= size || n == 0)
        return len;
    int w = snprintf(buf + len, size - len, "%s%d %s", len ? ", " : "", n, what);
    return w < 0 ? len : len + (size_t)w;
}

const char *ui_roster_unit_state(const table *t, unit_id u, char *buf, size_t size)
{
    roster_count c = count_unit(t, u);
    int w = snprintf(buf, size, "%d of %d standing", c.standing, c.total);
    size_t len = w < 0 ? 0 : (size_t)w;
    len = append(buf, size, len, c.down, "down");
    len = append(buf, size, len, c.off, "off the table");
    len = append(buf, size, len, c.wounded, "wounded");
    append(buf, size, len, c.demoralised, "demoralised");
    return buf;
}

/* The lines of the scenario's victory conditions that concern side `s` (0: the ones for
 * nobody in particular, such as the turn limit), drawn when `paint`; returns the y below. */
static float draw_victory(const ui_view *view, render_ctx *ctx, side_id s, float x, float y,
                          float w, bool paint)
{
    const scenario *sc = game_scenario(view->game);
    float k = render_ui_scale(ctx);
    char line[320], cut[320];
    for (int i = 0; sc && i < sc->victory_count; i++) {
        const scenario_victory *v = &sc->victory[i];
        bool turns = strcmp(v->kind, "turns") == 0;
        if (turns ? s.id != 0 : v->side.id != s.id || s.id == 0)
            continue;
        if (turns)
            snprintf(line, sizeof line, "The game ends after turn %d%s%s", v->turns,
                     v->text[0] ? ": " : "", v->text);
        else
            snprintf(line, sizeof line, "To win: %s", v->text[0] ? v->text : v->kind);
        if (paint)
            render_text(ctx, x, y, render_text_fit(ctx, line, 10.5f, w, cut, sizeof cut), 10.5f,
                        0xffe9a8ff, RENDER_ALIGN_LEFT);
        y += 15 * k;
    }
    return y;
}

/* A side's column: its name, what it must do to win, and a row per unit. */
static float draw_side(ui_roster *r, const ui_view *view, render_ctx *ctx, side_id s, float x,
                       float y, float w, bool paint)
{
    const table *t = game_table(view->game);
    float k = render_ui_scale(ctx);
    const side *sd = table_side(t, s);
    if (paint)
        render_text(ctx, x, y, sd && sd->name[0] ? sd->name : "Side", 14,
                    render_side_rgb(t, s) << 8 | 0xff, RENDER_ALIGN_LEFT);
    y += 20 * k;
    y = draw_victory(view, ctx, s, x, y, w, paint) + 4 * k;
    char line[320], state[160], cut[320];
    for (int u = 0; u < t->unit_count; u++) {
        const unit *un = &t->units[u];
        roster_count c = count_unit(t, un->id);
        if (un->side.id != s.id || c.total == 0 || !unit_seen(view, un->id))
            continue;
        const figure *cmd = un->commander.id ? table_figure_const(t, un->commander) : NULL;
        ui_roster_unit_state(t, un->id, state, sizeof state);
        float y0 = y;
        if (paint) {
            snprintf(line, sizeof line, "%s%s%s%s", un->name, un->formation[0] ? " (" : "",
                     un->formation, un->formation[0] ? ")" : "");
            render_text(ctx, x, y, render_text_fit(ctx, line, 11.5f, w, cut, sizeof cut), 11.5f,
                        c.standing ? 0xffffffff : 0x8a94a2ff, RENDER_ALIGN_LEFT);
            if (cmd && cmd->name[0])
                snprintf(line, sizeof line, "%s; led by %s%s", state, cmd->name,
                         table_figure_active(cmd) ? "" : " (down)");
            else
                snprintf(line, sizeof line, "%s", state);
            render_text(ctx, x + 10 * k, y + 15 * k,
                        render_text_fit(ctx, line, 10.5f, w - 10 * k, cut, sizeof cut), 10.5f,
                        c.demoralised || c.down ? 0xffb8a0ff : 0xc8d0dcff, RENDER_ALIGN_LEFT);
        }
        y += 32 * k;
        if (paint && r->row_count < UI_ROSTER_ROWS_MAX)
            r->rows[r->row_count++] = (ui_roster_row){x, y0, w, y - y0, un->id};
    }
    return y;
}

/* The title, the general conditions and the side columns; returns the bottom. */
static float roster_layout(ui_roster *r, const ui_view *view, render_ctx *ctx, bool paint)
{
    const table *t = game_table(view->game);
    float k = render_ui_scale(ctx), pad = 14 * k;
    int cols = t->side_count >= 2 ? 2 : 1;
    float col_w = (r->w - pad * (float)(cols + 1)) / (float)cols;
    char title[160], turn[48];
    if (paint) {
        snprintf(title, sizeof title, "Order of battle - %s  (Tab closes)",
                 ui_turn_words(view->game, turn, sizeof turn));
        render_text(ctx, r->x + pad, r->y + 9 * k, title, 13, 0xffe9a8ff, RENDER_ALIGN_LEFT);
    }
    float top =
        draw_victory(view, ctx, (side_id){0}, r->x + pad, r->y + 30 * k, r->w - 2 * pad, paint) +
        6 * k;
    float row_top = top, bottom = top;
    for (int s = 0; s < t->side_count; s++) {
        if (s > 0 && s % cols == 0)
            row_top = bottom + 10 * k;
        float cx = r->x + pad + (float)(s % cols) * (col_w + pad);
        float end = draw_side(r, view, ctx, t->sides[s].id, cx, row_top, col_w, paint);
        bottom = end > bottom ? end : bottom;
    }
    return bottom + 6 * k;
}

void ui_roster_draw(ui_roster *r, const ui_view *view, render_ctx *ctx, float x0, float x1)
{
    r->row_count = 0;
    r->w = r->h = 0;
    if (!r->open || !view->game)
        return;
    float k = render_ui_scale(ctx);
    /* At the left of the open table, so the units a row rings stay in sight on the right. */
    r->w = fminf(x1 - x0 - 20 * k, 640 * k);
    r->x = x0 + 10 * k;
    r->y = 76 * k; /* below the log button and the badge of whose decision it is */
    r->h = roster_layout(r, view, ctx, false) - r->y;
    render_rect(ctx, r->x, r->y, r->w, r->h, 0x101418f8);
    render_rect_outline(ctx, r->x, r->y, r->w, r->h, 0x5a6678ff);
    roster_layout(r, view, ctx, true);
}

bool ui_roster_contains(const ui_roster *r, float x, float y)
{
    return r->open && r->w > 0 && x >= r->x && x <= r->x + r->w && y >= r->y && y <= r->y + r->h;
}

bool ui_roster_named(const ui_roster *r, const ui_view *view, float x, float y, ui_names *out)
{
    if (!ui_roster_contains(r, x, y))
        return false;
    const table *t = game_table(view->game);
    for (int i = 0; i < r->row_count; i++) {
        const ui_roster_row *row = &r->rows[i];
        if (x < row->x || x > row->x + row->w || y < row->y || y > row->y + row->h)
            continue;
        for (int f = 0; f < t->figure_count; f++)
            if (t->figures[f].unit.id == row->unit.id && table_figure_active(&t->figures[f]))
                ui_names_add(out, t->figures[f].id);
    }
    return true;
}
