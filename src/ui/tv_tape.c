/* The measuring tape: waypoints clicked (snapped to figures), ended by Enter or a right click;
 * the reading centre to centre and edge to edge. */
#include "ui/tv.h"

#include "core/mem.h"
#include "ui/app.h"
#include "ui/overlay.h"
#include "ui/tools.h"

#include <stdio.h>
#include <string.h>

#define TAPE_MAX 32

typedef struct tv_tape {
    tv_tool base;
    vec2s pts[TAPE_MAX];
    int figs[TAPE_MAX];
    int n;
    bool done;
} tv_tape;

static vec2s snap_point(const tv *v, const table *t, vec2s cm, int *fig)
{
    int hit = ui_tv_hit(v, t, cm);
    *fig = hit;
    return hit >= 0 ? t->figures[hit].pos : cm;
}

static const char *tape_begin(tv_tool *tl, tv *v, ui_app *app)
{
    (void)v, (void)app;
    tv_tape *tp = (tv_tape *)tl;
    tp->n = 0;
    tp->done = false;
    return NULL;
}

static bool tape_press(tv_tool *tl, tv *v, ui_app *app, const ui_input *in)
{
    (void)in;
    tv_tape *tp = (tv_tape *)tl;
    if (tp->done) {
        tp->n = 0;
        tp->done = false;
    }
    if (tp->n < TAPE_MAX - 1) {
        tp->pts[tp->n] = snap_point(v, ui_tv_table(app), v->mouse_cm, &tp->figs[tp->n]);
        tp->n++;
    }
    return false;
}

/* Backspace takes the last waypoint back; Enter ends the tape. */
static bool tape_key(tv_tool *tl, tv *v, ui_app *app, int key)
{
    (void)v, (void)app;
    tv_tape *tp = (tv_tape *)tl;
    if (key == UI_KEY_BACKSPACE) {
        if (tp->n > 0)
            tp->n--;
        return true;
    }
    if (key == UI_KEY_RETURN) {
        tp->done = true;
        return true;
    }
    return false;
}

static bool tape_right(tv_tool *tl, tv *v, ui_app *app)
{
    (void)v, (void)app;
    ((tv_tape *)tl)->done = true;
    return true;
}

static void tape_draw(tv_tool *tl, tv *v, ui_app *app, render_ctx *ctx, const table *t,
                      tv_layer layer)
{
    tv_tape *tp = (tv_tape *)tl;
    if (layer != TV_LAYER_OVER || v->tool != TV_TOOL_TAPE || tp->n == 0)
        return;
    vec2s pts[TAPE_MAX];
    int figs[TAPE_MAX];
    int n = tp->n;
    memcpy(pts, tp->pts, sizeof(vec2s) * (size_t)n);
    memcpy(figs, tp->figs, sizeof(int) * (size_t)n);
    if (!tp->done) {
        pts[n] = snap_point(v, t, v->mouse_cm, &figs[n]);
        n++;
    }
    if (n < 2)
        return;
    ui_overlay_tape(ctx, &v->cam, pts, n, app->settings.units);
    ui_tools_tape_reading r = ui_tools_tape_measure(t, pts, figs, n);
    char a[32], b[32], line[160];
    if (r.edge_ok)
        snprintf(line, sizeof line, "%s centre to centre, %s edge to edge",
                 ui_tv_units_text(app, r.centre_cm, a, sizeof a),
                 ui_tv_units_text(app, r.edge_cm, b, sizeof b));
    else
        snprintf(line, sizeof line, "%s", ui_tv_units_text(app, r.centre_cm, a, sizeof a));
    ui_overlay_label(ctx, &v->cam, pts[n - 1], line, UI_TAPE_RGB << 8 | 0xff);
}

static const tv_tool_ops tape_ops = {
    .name = "measure",
    .hint = "Measuring tape: click to add waypoints",
    .begin = tape_begin,
    .press = tape_press,
    .key = tape_key,
    .right = tape_right,
    .draw = tape_draw,
};

tv_tool *ui_tv_tape_create(void)
{
    tv_tape *tp = mem_calloc(1, sizeof *tp);
    tp->base.ops = &tape_ops;
    return &tp->base;
}
