#include "ui/teach.h"

#include "core/mem.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void ui_teach_init(ui_teach *t)
{
    memset(t, 0, sizeof *t);
    ui_event_log_init(&t->log);
}

static float anim_speed(const ui_view *view)
{
    return view->settings.skip_animations ? 0 : view->settings.anim_speed;
}

static void drop_key(ui_input *in, int i)
{
    memmove(&in->keys[i], &in->keys[i + 1], sizeof in->keys[0] * (size_t)(in->key_count - i - 1));
    memmove(&in->key_mods[i], &in->key_mods[i + 1],
            sizeof in->key_mods[0] * (size_t)(in->key_count - i - 1));
    in->key_count--;
}

void ui_teach_input(ui_teach *t, const ui_view *view, ui_input *in)
{
    (void)view;
    for (int i = 0; i < in->key_count; i++)
        if (in->keys[i] == 'e' && !(in->key_mods[i] & (UI_MOD_CTRL | UI_MOD_ALT))) {
            t->log.open = !t->log.open;
            drop_key(in, i--);
        }
    float x = in->mouse_x, y = in->mouse_y;
    bool over = ui_event_log_contains(&t->log, x, y) || ui_dice_tray_contains(&t->tray, x, y);
    if (!over)
        return;
    if (in->pressed[UI_MOUSE_LEFT] && !ui_event_log_click(&t->log, x, y) &&
        ui_dice_tray_click(&t->tray, x, y) && t->tray.visible) {
        t->log.open = true; /* why those dice: the command's explanation */
        t->log.opened = t->tray_command;
        t->log.reveal = true;
    }
    in->pressed[UI_MOUSE_LEFT] = false;
    if (ui_event_log_wheel(&t->log, x, y, in->wheel) || ui_dice_tray_contains(&t->tray, x, y))
        in->wheel = 0;
    in->mouse_inside = false; /* no hover or tooltip through a panel */
}

/* The newest command in [from, to) that threw dice the viewer may see, or -1. */
static int last_with_dice(const game *g, side_id viewer, int from, int to)
{
    for (int i = to - 1; i >= from; i--) {
        int n = 0;
        if (!game_command_visible(g, viewer, i))
            continue;
        const rules_event *ev = game_events(g, i, &n);
        for (int k = 0; ev && k < n; k++)
            if (ev[k].kind == RULES_EV_DIE)
                return i;
    }
    return -1;
}

void ui_teach_update(ui_teach *t, const ui_view *view)
{
    ui_dice_tray_tick(&t->tray, view->time);
    const game *g = view->game;
    int cursor = game_cursor(g);
    t->log.viewer = view->viewer;
    if (t->tray.visible && !game_command_visible(g, view->viewer, t->tray_command))
        ui_dice_tray_hide(&t->tray); /* the screen changed hands: those dice were not his */
    if (!t->ready || g != t->seen_game) {
        t->ready = true;
        t->seen_game = g;
        t->seen_cursor = cursor;
        ui_dice_tray_hide(&t->tray);
        return;
    }
    if (cursor < t->seen_cursor)
        ui_dice_tray_hide(&t->tray); /* undone: those dice are no longer in the match */
    int i = cursor > t->seen_cursor ? last_with_dice(g, view->viewer, t->seen_cursor, cursor) : -1;
    if (i >= 0) {
        int n = 0, m = 0;
        const rules_event *ev = game_events(g, i, &n);
        rules_event *seen = mem_calloc((size_t)n + 1, sizeof *seen);
        for (int k = 0; k < n; k++)
            if (game_event_visible(g, view->viewer, &ev[k]))
                seen[m++] = ev[k];
        char caption[160];
        ui_event_log_command_words(g, i, caption, sizeof caption);
        ui_dice_tray_show(&t->tray, seen, m, caption, game_table(g), view->time, anim_speed(view));
        free(seen);
        t->tray_command = i;
    }
    t->seen_cursor = cursor;
}

void ui_teach_draw(ui_teach *t, const ui_view *view, render_ctx *ctx)
{
    int w, h;
    render_output_size(ctx, &w, &h);
    float k = render_ui_scale(ctx), left = 8 * k;
    float col_w = fminf(420 * k, fmaxf(260 * k, w * 0.34f));
    float bottom = h - 40 * k, top = 34 * k;
    float tray_h = ui_dice_tray_draw(&t->tray, ctx, view->time, left, bottom, col_w,
                                     (bottom - top) * (t->log.open ? 0.5f : 0.85f));
    float log_top = top + 28 * k, log_bottom = tray_h > 0 ? bottom - tray_h - 6 * k : bottom;
    ui_event_log_draw(&t->log, ctx, view->game, left, top, left, log_top, col_w,
                      log_bottom - log_top);
}

const char *ui_teach_refused(ui_teach *t, const ui_view *view, const char *what, const char *reason)
{
    ui_event_log_refuse(&t->log, game_cursor(view->game), what, reason);
    snprintf(t->said, sizeof t->said, "Cannot %s: %s", what, reason);
    return t->said;
}
