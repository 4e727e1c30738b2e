#include "ui/turn_banner.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

int ui_turn_limit(const game *g)
{
    const scenario *s = game_scenario(g);
    int limit = 0;
    for (int i = 0; s && i < s->victory_count; i++)
        if (strcmp(s->victory[i].kind, "turns") == 0 && s->victory[i].turns > 0)
            limit = s->victory[i].turns;
    return limit;
}

const char *ui_turn_words(const game *g, char *buf, size_t size)
{
    int limit = ui_turn_limit(g);
    if (limit > 0)
        snprintf(buf, size, "turn %d of %d", game_turn(g), limit);
    else
        snprintf(buf, size, "turn %d", game_turn(g));
    return buf;
}

/* The newest TURN event among commands [from, to), with the shuffle or note that came after
 * it in the same command as the line under the banner. */
static bool find_turn(const game *g, int from, int to, int *turn, char *sub, size_t size)
{
    for (int c = to - 1; c >= from; c--) {
        int n = 0;
        const rules_event *ev = game_events(g, c, &n);
        for (int i = n - 1; ev && i >= 0; i--) {
            if (ev[i].kind != RULES_EV_TURN || ev[i].value <= 1)
                continue;
            *turn = ev[i].value;
            sub[0] = 0;
            for (int k = i + 1; k < n && !sub[0]; k++)
                if (ev[k].kind == RULES_EV_SHUFFLE && ev[k].text[0])
                    snprintf(sub, size, "%s", ev[k].text);
            return true;
        }
    }
    return false;
}

void ui_turn_banner_update(ui_turn_banner *b, const ui_view *view, double delay)
{
    const game *g = view->game;
    int cursor = game_cursor(g);
    if (!b->ready || g != b->seen_game || cursor < b->seen_cursor || cursor > b->seen_cursor + 8) {
        b->ready = true;
        b->seen_game = g;
        b->seen_cursor = cursor;
        if (cursor < b->seen_cursor)
            b->turn = 0; /* undone: that turn has not begun */
        return;
    }
    int turn;
    char sub[200];
    if (cursor > b->seen_cursor && find_turn(g, b->seen_cursor, cursor, &turn, sub, sizeof sub)) {
        b->turn = turn;
        snprintf(b->sub, sizeof b->sub, "%s", sub);
        b->t0 = view->time + delay;
        float speed = view->settings.anim_speed;
        b->dur = speed > 1 ? UI_TURN_BANNER_S / speed : UI_TURN_BANNER_S;
    }
    b->seen_cursor = cursor;
}

bool ui_turn_banner_showing(const ui_turn_banner *b, double now)
{
    return b->turn > 0 && now < b->t0 + b->dur;
}

void ui_turn_banner_draw(const ui_turn_banner *b, const ui_view *view, render_ctx *ctx, float x0,
                         float x1)
{
    double now = view->time;
    if (!ui_turn_banner_showing(b, now) || now < b->t0)
        return;
    float u = (float)((now - b->t0) / b->dur);
    /* In quickly, hold, out slowly. */
    float a = u < 0.12f ? u / 0.12f : u > 0.75f ? (1 - u) / 0.25f : 1;
    a = a < 0 ? 0 : a > 1 ? 1 : a;
    int w, h;
    render_output_size(ctx, &w, &h);
    float k = render_ui_scale(ctx), cx = 0.5f * (x0 + x1), y = (float)h * 0.26f;
    float bw = fminf(x1 - x0 - 20 * k, 560 * k), bh = b->sub[0] ? 92 * k : 64 * k;
    uint8_t alpha = (uint8_t)(a * 235);
    render_rect(ctx, cx - bw / 2, y, bw, bh, 0x10141800u | alpha);
    render_rect(ctx, cx - bw / 2, y, bw, 5 * k, (UI_TURN_BANNER_RGB << 8) | alpha);
    render_rect(ctx, cx - bw / 2, y + bh - 5 * k, bw, 5 * k, (UI_TURN_BANNER_RGB << 8) | alpha);
    char line[96], limit[48];
    int lim = ui_turn_limit(view->game);
    if (lim > 0)
        snprintf(limit, sizeof limit, " (of %d)", lim);
    else
        limit[0] = 0;
    snprintf(line, sizeof line, "Turn %d begins%s", b->turn, limit);
    uint8_t ta = (uint8_t)(a * 255);
    render_text(ctx, cx, y + 14 * k, line, 26, 0xffffff00u | ta, RENDER_ALIGN_CENTRE);
    if (b->sub[0]) {
        char cut[200];
        render_text_fit(ctx, b->sub, 12, bw - 24 * k, cut, sizeof cut);
        render_text(ctx, cx, y + 58 * k, cut, 12, 0xd0d8e400u | ta, RENDER_ALIGN_CENTRE);
    }
}
