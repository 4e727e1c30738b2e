/* The line of sight tool: from a figure (the selection's first, or the one clicked) to the
 * pointer, clear or blocked, with what blocks it. */
#include "ui/tv.h"

#include "core/mem.h"
#include "ui/app.h"
#include "ui/overlay.h"
#include "ui/tools.h"

#include <stdio.h>

typedef struct tv_los {
    tv_tool base;
    int from; /* figure index; -1 none */
} tv_los;

static const char *los_begin(tv_tool *tl, tv *v, ui_app *app)
{
    ((tv_los *)tl)->from = ui_tv_first_selected(v, ui_tv_table(app));
    return NULL;
}

static bool los_press(tv_tool *tl, tv *v, ui_app *app, const ui_input *in)
{
    (void)in;
    int hit = ui_tv_hit(v, ui_tv_table(app), v->mouse_cm);
    if (hit >= 0)
        ((tv_los *)tl)->from = hit;
    return false;
}

/* A line of sight from a figure the screen's new viewer may not see (hot-seat) is dropped. */
static void los_seen(tv_tool *tl, const tv *v, const table *t)
{
    tv_los *l = (tv_los *)tl;
    if (l->from >= 0 && l->from < t->figure_count && (v->flags[l->from] & RENDER_FIG_HIDDEN))
        l->from = -1;
}

static void los_draw(tv_tool *tl, tv *v, ui_app *app, render_ctx *ctx, const table *t,
                     tv_layer layer)
{
    int from = ((tv_los *)tl)->from;
    if (layer != TV_LAYER_OVER || v->tool != TV_TOOL_LOS || from < 0 || from >= t->figure_count)
        return;
    int to = v->hover != from ? v->hover : -1;
    ui_tools_los_result r = ui_tools_los(ui_tv_los(v, t), t, from, to, v->mouse_cm);
    ui_overlay_los(ctx, &v->cam, r.from, r.to, r.blocked, r.block_at);
    char a[32], line[200];
    ui_tv_units_text(app, glms_vec2_distance(r.from, r.to), a, sizeof a);
    if (r.blocked)
        snprintf(line, sizeof line, "Blocked by %s (%s)", r.blocker, a);
    else
        snprintf(line, sizeof line, "Clear (%s)", a);
    ui_overlay_label(ctx, &v->cam, r.to, line,
                     (r.blocked ? UI_LOS_BLOCKED_RGB : UI_LOS_CLEAR_RGB) << 8 | 0xff);
}

static const tv_tool_ops los_ops = {
    .name = "line of sight",
    .hint = "Line of sight: click a figure, then point",
    .begin = los_begin,
    .press = los_press,
    .seen = los_seen,
    .draw = los_draw,
};

tv_tool *ui_tv_los_create(void)
{
    tv_los *l = mem_calloc(1, sizeof *l);
    l->base.ops = &los_ops;
    l->from = -1;
    return &l->base;
}
