/* Turning figures: the turn tool (R: point where to face, click to confirm) and the handle
 * ahead of a lone selected figure (drag it round). Rule sets that move units of stands wheel
 * instead (tv_wheel.c), so they get no handle. */
#include "ui/tv.h"

#include "core/mem.h"
#include "ui/app.h"
#include "ui/referee.h"

#include <math.h>

typedef struct tv_rotate {
    tv_tool base;
    bool held;     /* the handle is being dragged */
    float preview; /* the facing the pointer gives */
} tv_rotate;

static bool rotating(const tv_rotate *r, const tv *v)
{
    return v->tool == TV_TOOL_ROTATE || r->held;
}

static void rotate_commit(tv *v, ui_app *app, float facing)
{
    const table *t = ui_tv_table(app);
    int ref = ui_tv_first_selected(v, t);
    if (ref < 0)
        return;
    if (app->referee.on) { /* each selected figure turned to the handle's facing */
        for (int i = 0; i < t->figure_count; i++) {
            if (!ui_tv_selected(v, i))
                continue;
            rules_command c = ui_referee_rotate(app, t->figures[i].id, facing);
            if (!ui_referee_submit(&app->referee, app, &c))
                return;
        }
        return;
    }
    rules_command cmd = ui_tv_selection_command(v, t, ref, RULES_CMD_ROTATE);
    cmd.face_set = true;
    cmd.facing = facing;
    char reason[256];
    if (!ui_tv_submit(v, app, &cmd, reason, sizeof reason))
        ui_tv_refused(v, app, "turn", reason);
}

static vec2s handle_pos(const tv *v, const figure *f)
{
    float r = ui_tv_base_radius(f) + 14.0f / v->cam.px_per_cm;
    return glms_vec2_add(f->pos, (vec2s){{cosf(f->facing) * r, sinf(f->facing) * r}});
}

static bool on_handle(const tv *v, const table *t, vec2s cm)
{
    if (ui_tv_selection_count(v, t) != 1)
        return false;
    const figure *f = &t->figures[ui_tv_first_selected(v, t)];
    return glms_vec2_distance(handle_pos(v, f), cm) * v->cam.px_per_cm <= 7.0f;
}

static bool rotate_grab(tv_tool *tl, tv *v, ui_app *app, const ui_input *in)
{
    (void)in;
    if (game_moves_by_unit(app->game) || !on_handle(v, ui_tv_table(app), v->mouse_cm))
        return false;
    ((tv_rotate *)tl)->held = true;
    return true;
}

/* The turn tool: a click turns the selection to face the pointer. */
static bool rotate_press(tv_tool *tl, tv *v, ui_app *app, const ui_input *in)
{
    (void)in;
    rotate_commit(v, app, ((tv_rotate *)tl)->preview);
    ui_tv_choose(v, TV_TOOL_SELECT);
    return false;
}

static void rotate_release(tv_tool *tl, tv *v, ui_app *app)
{
    tv_rotate *r = (tv_rotate *)tl;
    r->held = false;
    rotate_commit(v, app, r->preview);
}

static void rotate_cancel(tv_tool *tl, tv *v, ui_app *app)
{
    (void)v, (void)app;
    ((tv_rotate *)tl)->held = false;
}

/* The handle turns the figure about itself; the tool, the selection about its centre. */
static void rotate_point(tv_tool *tl, tv *v, ui_app *app)
{
    tv_rotate *r = (tv_rotate *)tl;
    const table *t = ui_tv_table(app);
    if (!rotating(r, v))
        return;
    vec2s c = r->held ? t->figures[ui_tv_first_selected(v, t)].pos : ui_tv_selection_centre(v, t);
    vec2s d = glms_vec2_sub(v->mouse_cm, c);
    if (glms_vec2_norm(d) > 1e-3f)
        r->preview = atan2f(d.y, d.x);
}

static bool rotate_pose(const tv_tool *tl, const tv *v, const table *t, int fig, bool animating,
                        vec2s *pos, float *facing, bool *ghost)
{
    (void)t, (void)pos;
    const tv_rotate *r = (const tv_rotate *)tl;
    if (!rotating(r, v) || !ui_tv_selected(v, fig) || animating)
        return false;
    *facing = r->preview;
    *ghost = false;
    return true;
}

bool ui_tv_rotate_facing(const tv_tool *tl, const tv *v, float *facing)
{
    const tv_rotate *r = (const tv_rotate *)tl;
    if (!rotating(r, v))
        return false;
    *facing = r->preview;
    return true;
}

static void rotate_draw(tv_tool *tl, tv *v, ui_app *app, render_ctx *ctx, const table *t,
                        tv_layer layer)
{
    tv_rotate *r = (tv_rotate *)tl;
    if (layer != TV_LAYER_HANDLES || game_moves_by_unit(app->game) ||
        ui_tv_selection_count(v, t) != 1 || ui_tv_move_moving(v->tools[TV_TOOL_SELECT]))
        return;
    const figure *f = &t->figures[ui_tv_first_selected(v, t)];
    vec2s h = handle_pos(v, f);
    if (r->held) {
        float d = glms_vec2_distance(h, f->pos);
        h = glms_vec2_add(f->pos, (vec2s){{cosf(r->preview) * d, sinf(r->preview) * d}});
    }
    render_line_cm(ctx, &v->cam, f->pos, h, 1.5f, 0xffe14ac0);
    render_marker_cm(ctx, &v->cam, h, 6, 0x101010ff);
    render_marker_cm(ctx, &v->cam, h, 4.5f, 0xffe14aff);
}

static const tv_tool_ops rotate_ops = {
    .name = "turn",
    .hint = "Turn: point where to face, click to confirm",
    .grab = rotate_grab,
    .press = rotate_press,
    .release = rotate_release,
    .cancel = rotate_cancel,
    .point = rotate_point,
    .pose = rotate_pose,
    .draw = rotate_draw,
};

tv_tool *ui_tv_rotate_create(void)
{
    tv_rotate *r = mem_calloc(1, sizeof *r);
    r->base.ops = &rotate_ops;
    return &r->base;
}
