/* The pop-up menu (ui/context_menu.h): a title, rows of entries, the hovered one lit. */
#include "ui/context_menu.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define TEXT_PT  13.0f
#define TITLE_PT 12.0f

void ui_context_menu_open(ui_context_menu *m, float x, float y, const char *title)
{
    *m = (ui_context_menu){.open = true, .x = x, .y = y, .hover = -1};
    snprintf(m->title, sizeof m->title, "%s", title ? title : "");
}

int ui_context_menu_add(ui_context_menu *m, bool enabled, const char *fmt, ...)
{
    if (m->count >= UI_CONTEXT_MENU_MAX)
        return -1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(m->label[m->count], sizeof m->label[m->count], fmt, ap);
    va_end(ap);
    m->enabled[m->count] = enabled;
    return m->count++;
}

void ui_context_menu_close(ui_context_menu *m)
{
    m->open = false;
    m->hover = -1;
}

/* Box, rows and title from the labels' sizes, moved wholly onto the output. */
static void layout(ui_context_menu *m, render_ctx *ctx)
{
    float s = render_ui_scale(ctx);
    int w, h, widest = 0;
    render_text_size(ctx, "Ag", TEXT_PT, &w, &h);
    m->row = (float)h + 8 * s;
    m->head = 0;
    if (m->title[0]) {
        render_text_size(ctx, m->title, TITLE_PT, &w, &h);
        widest = w;
        m->head = (float)h + 8 * s;
    }
    m->head += 4 * s; /* a gap above the first row */
    for (int i = 0; i < m->count; i++) {
        render_text_size(ctx, m->label[i], TEXT_PT, &w, &h);
        if (w > widest)
            widest = w;
    }
    m->bw = (float)widest + 24 * s;
    m->bh = m->head + m->row * (float)m->count + 4 * s;
    int ow, oh;
    render_output_size(ctx, &ow, &oh);
    m->bx = m->x + m->bw > (float)ow ? (float)ow - m->bw : m->x;
    m->by = m->y + m->bh > (float)oh ? (float)oh - m->bh : m->y;
    if (m->bx < 0)
        m->bx = 0;
    if (m->by < 0)
        m->by = 0;
}

static int row_at(const ui_context_menu *m, float x, float y)
{
    float top = m->by + m->head;
    if (x < m->bx || x >= m->bx + m->bw || y < top)
        return -1;
    int i = (int)((y - top) / m->row);
    return i < m->count ? i : -1;
}

/* The arrow keys: the next enabled entry up or down, round the ends. */
static void step(ui_context_menu *m, int dir)
{
    int at = m->hover;
    for (int k = 0; k < m->count; k++) {
        at = at < 0 ? (dir > 0 ? 0 : m->count - 1) : (at + dir + m->count) % m->count;
        if (m->enabled[at]) {
            m->hover = at;
            return;
        }
    }
}

int ui_context_menu_input(ui_context_menu *m, render_ctx *ctx, const ui_input *in)
{
    if (!m->open)
        return UI_CONTEXT_MENU_NONE;
    if (ctx)
        layout(m, ctx);
    for (int k = 0; k < in->key_count; k++) {
        int key = in->keys[k];
        if (key == UI_KEY_ESCAPE) {
            ui_context_menu_close(m);
            return UI_CONTEXT_MENU_CLOSED;
        }
        if (key == UI_KEY_RETURN && m->hover >= 0) {
            int chosen = m->hover;
            ui_context_menu_close(m);
            return chosen;
        }
        if (key == UI_KEY_DOWN || key == UI_KEY_UP)
            step(m, key == UI_KEY_DOWN ? 1 : -1);
    }
    /* the pointer lights an entry once it has moved from where the menu opened under it */
    if (fabsf(in->mouse_x - m->x) > 2 || fabsf(in->mouse_y - m->y) > 2)
        m->pointer_moved = true;
    if (m->pointer_moved &&
        (in->mouse_dx != 0 || in->mouse_dy != 0 || in->pressed[UI_MOUSE_LEFT])) {
        int at = row_at(m, in->mouse_x, in->mouse_y);
        m->hover = at >= 0 && m->enabled[at] ? at : -1;
    }
    bool inside = in->mouse_x >= m->bx && in->mouse_x < m->bx + m->bw && in->mouse_y >= m->by &&
                  in->mouse_y < m->by + m->bh;
    if (in->pressed[UI_MOUSE_LEFT] && m->hover >= 0) {
        int chosen = m->hover;
        ui_context_menu_close(m);
        return chosen;
    }
    if ((in->pressed[UI_MOUSE_LEFT] && !inside) || in->pressed[UI_MOUSE_RIGHT] ||
        in->pressed[UI_MOUSE_MIDDLE]) {
        ui_context_menu_close(m);
        return UI_CONTEXT_MENU_CLOSED;
    }
    return UI_CONTEXT_MENU_NONE;
}

void ui_context_menu_draw(ui_context_menu *m, render_ctx *ctx, uint32_t accent_rgba)
{
    if (!m->open)
        return;
    layout(m, ctx);
    float s = render_ui_scale(ctx);
    render_rect(ctx, m->bx, m->by, m->bw, m->bh, 0x1c1a18f4u);
    render_rect_outline(ctx, m->bx, m->by, m->bw, m->bh, accent_rgba);
    if (m->title[0]) {
        render_text(ctx, m->bx + 12 * s, m->by + 5 * s, m->title, TITLE_PT, accent_rgba,
                    RENDER_ALIGN_LEFT);
        render_rect(ctx, m->bx + 6 * s, m->by + m->head - 4 * s, m->bw - 12 * s, 1 * s,
                    accent_rgba);
    }
    float top = m->by + m->head;
    for (int i = 0; i < m->count; i++) {
        float y = top + m->row * (float)i;
        if (i == m->hover)
            render_rect(ctx, m->bx + 2 * s, y, m->bw - 4 * s, m->row, accent_rgba);
        uint32_t ink = !m->enabled[i] ? 0x807868ffu : i == m->hover ? 0x140c04ffu : 0xf0e8dcffu;
        render_text(ctx, m->bx + 12 * s, y + 4 * s, m->label[i], TEXT_PT, ink, RENDER_ALIGN_LEFT);
    }
}
