#include "ui/morale_news.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* The reason a status line gives after the figure's name: "Warrior 3 is demoralised: the raw
 * morale pile is empty" gives "the raw morale pile is empty". */
static const char *reason_of(const char *text)
{
    const char *c = strstr(text, ": ");
    return c ? c + 2 : "";
}

/* One command's events: a pile emptied, then the figures demoralised after it. */
static bool find_in(const game *g, int c, ui_morale_news *out)
{
    int n = 0;
    const rules_event *ev = game_events(g, c, &n);
    int empty = -1;
    for (int i = 0; ev && i < n; i++)
        if (ev[i].kind == RULES_EV_MORALE && ev[i].value == 0 && ev[i].side.id)
            empty = i;
    if (empty < 0)
        return false;
    side_id sd = ev[empty].side;
    ui_names_clear(&out->figures);
    const char *why = "";
    int count = 0;
    for (int i = 0; i < n; i++)
        if (ev[i].kind == RULES_EV_STATUS && (ev[i].status_set & FIGURE_STATUS_DEMORALISED)) {
            const figure *f = table_figure_const(game_table(g), ev[i].figure);
            if (!f || f->side.id != sd.id)
                continue;
            if (!why[0])
                why = reason_of(ev[i].text);
            ui_names_add(&out->figures, ev[i].figure);
            count++;
        }
    if (!count)
        return false;
    const side *s = table_side(game_table(g), sd);
    snprintf(out->line, sizeof out->line, "%s morale breaks", s ? s->name : "");
    snprintf(out->sub, sizeof out->sub, "%s%s%d %s demoralised", why, why[0] ? ": " : "", count,
             count == 1 ? "figure" : "figures");
    return true;
}

bool ui_morale_news_find(const game *g, int from, int to, ui_morale_news *out)
{
    for (int c = to - 1; c >= from && c >= 0; c--)
        if (find_in(g, c, out))
            return true;
    return false;
}

void ui_morale_news_update(ui_morale_news *m, const ui_view *view, double delay)
{
    const game *g = view->game;
    int cursor = game_cursor(g);
    if (!m->ready || g != m->seen_game || cursor < m->seen_cursor || cursor > m->seen_cursor + 8) {
        m->ready = true;
        m->seen_game = g;
        if (cursor < m->seen_cursor)
            m->dur = 0; /* undone: it has not happened */
        m->seen_cursor = cursor;
        return;
    }
    ui_morale_news found = {0};
    if (cursor > m->seen_cursor && ui_morale_news_find(g, m->seen_cursor, cursor, &found)) {
        snprintf(m->line, sizeof m->line, "%s", found.line);
        snprintf(m->sub, sizeof m->sub, "%s", found.sub);
        m->figures = found.figures;
        m->t0 = view->time + delay;
        float speed = view->settings.anim_speed;
        m->dur = speed > 1 ? UI_MORALE_NEWS_S / speed : UI_MORALE_NEWS_S;
    }
    m->seen_cursor = cursor;
}

bool ui_morale_news_showing(const ui_morale_news *m, double now)
{
    return m->dur > 0 && now < m->t0 + m->dur;
}

void ui_morale_news_draw(const ui_morale_news *m, const ui_view *view, render_ctx *ctx, float x0,
                         float x1)
{
    double now = view->time;
    if (!ui_morale_news_showing(m, now) || now < m->t0)
        return;
    float u = (float)((now - m->t0) / m->dur);
    float a = u < 0.1f ? u / 0.1f : u > 0.8f ? (1 - u) / 0.2f : 1;
    a = a < 0 ? 0 : a > 1 ? 1 : a;
    int w, h;
    render_output_size(ctx, &w, &h);
    float k = render_ui_scale(ctx), cx = 0.5f * (x0 + x1), y = (float)h * 0.62f;
    float bw = fminf(x1 - x0 - 20 * k, 560 * k), bh = 70 * k;
    uint8_t alpha = (uint8_t)(a * 235), ta = (uint8_t)(a * 255);
    render_rect(ctx, cx - bw / 2, y, bw, bh, 0x10141800u | alpha);
    render_rect(ctx, cx - bw / 2, y, 5 * k, bh, (UI_MORALE_NEWS_RGB << 8) | alpha);
    render_rect(ctx, cx + bw / 2 - 5 * k, y, 5 * k, bh, (UI_MORALE_NEWS_RGB << 8) | alpha);
    char cut[200];
    render_text(ctx, cx, y + 10 * k, m->line, 20, 0xffffff00u | ta, RENDER_ALIGN_CENTRE);
    render_text_fit(ctx, m->sub, 12, bw - 24 * k, cut, sizeof cut);
    render_text(ctx, cx, y + 44 * k, cut, 12, 0xf0d0c000u | ta, RENDER_ALIGN_CENTRE);
}
