/* Wheeling a unit of stands (rules_view_ops.moves_by_unit): a handle at each end of the
 * selected unit's front line; dragging one swings the block about the other end. */
#include "ui/tv.h"

#include "core/mem.h"
#include "ui/app.h"
#include "ui/overlay.h"
#include "ui/unit_block.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

typedef struct tv_wheel {
    tv_tool base;
    bool held;
    ui_unit_block block;
    ui_unit_wheel w;
    float turn;
    rules_command cmd;
    bool ok;
    char reason[200];
    float allowance_cm; /* 0 when the rule set does not say */
} tv_wheel;

/* The block the wheel handles act on: the selection when it is all of one unit's figures (two
 * or more). */
static bool selected_unit_block(const tv *v, ui_app *app, const table *t, ui_unit_block *b)
{
    int ref = ui_tv_first_selected(v, t);
    if (ref < 0 || !game_moves_by_unit(app->game))
        return false;
    rules_command cmd = ui_unit_block_command(t, ref, NULL, 0, RULES_CMD_WHEEL);
    figure_id ids[UI_UNIT_BLOCK_MAX];
    int n = cmd.unit.id ? game_move_figures(app->game, &cmd, ids, UI_UNIT_BLOCK_MAX) : 0;
    ui_unit_block_init(b, t, ids, n);
    if (b->count < 1 || b->count != ui_tv_selection_count(v, t))
        return false;
    if (b->count == 1) { /* a lone figure: handles only when the rule set lets it wheel now */
        ui_unit_wheel w = ui_unit_block_wheel(b, t, 0);
        rules_command c = ui_unit_wheel_command(&w, b, t, 0);
        char why[160];
        if (!game_validate(app->game, &c, why, sizeof why))
            return false;
    }
    for (int k = 0; k < b->count; k++)
        if (!ui_tv_selected(v, b->fig[k]))
            return false;
    return true;
}

static vec2s wheel_handle_pos(const tv *v, const table *t, const ui_unit_block *b, int end)
{
    vec2s ends[2];
    ui_unit_block_front_ends(b, t, ends);
    vec2s d = geom_dir(t->figures[b->fig[0]].facing);
    return glms_vec2_add(ends[end], glms_vec2_scale(d, 12.0f / v->cam.px_per_cm));
}

static bool wheel_grab(tv_tool *tl, tv *v, ui_app *app, const ui_input *in)
{
    (void)in;
    const table *t = ui_tv_table(app);
    ui_unit_block b;
    if (!selected_unit_block(v, app, t, &b))
        return false;
    for (int end = 0; end < 2; end++) {
        if (glms_vec2_distance(wheel_handle_pos(v, t, &b, end), v->mouse_cm) * v->cam.px_per_cm >
            8.0f)
            continue;
        tv_wheel *w = (tv_wheel *)tl;
        memset((char *)w + sizeof w->base, 0, sizeof *w - sizeof w->base);
        w->held = true;
        w->block = b;
        w->w = ui_unit_block_wheel(&b, t, end);
        rules_command mv = {.kind = RULES_CMD_MOVE,
                            .side = t->figures[b.fig[0]].side,
                            .unit = t->figures[b.fig[0]].unit};
        rules_reach r;
        if (game_reach(app->game, &mv, geom_dir(w->w.facing), &r))
            w->allowance_cm = r.allowance_cm;
        return true;
    }
    return false;
}

static void wheel_drag(tv_tool *tl, tv *v, ui_app *app, const ui_input *in)
{
    (void)in;
    tv_wheel *w = (tv_wheel *)tl;
    w->turn = ui_unit_wheel_turn(&w->w, v->mouse_cm);
    w->cmd = ui_unit_wheel_command(&w->w, &w->block, ui_tv_table(app), w->turn);
    w->ok = game_validate(app->game, &w->cmd, w->reason, sizeof w->reason);
}

static void wheel_release(tv_tool *tl, tv *v, ui_app *app)
{
    tv_wheel *w = (tv_wheel *)tl;
    const table *t = ui_tv_table(app);
    w->held = false;
    if (fabsf(w->turn) < 0.5f * UI_TV_PI_F / 180)
        return;
    char reason[256] = "", a[32];
    bool ok = w->ok && ui_tv_submit(v, app, &w->cmd, reason, sizeof reason);
    if (!ok) {
        /* Spring back from the previewed places, and say why. */
        for (int k = 0; k < w->block.count; k++) {
            vec2s p;
            float f;
            ui_unit_wheel_pose(&w->w, &w->block, t, k, w->turn, &p, &f);
            int i = w->block.fig[k];
            ui_tv_anim_add(v, app, i, p, t->figures[i].pos, f, t->figures[i].facing);
        }
        ui_tv_refused(v, app, "wheel", w->ok ? reason : w->reason);
        return;
    }
    ui_app_toast(app, "Wheeled %.0f degrees: the outer end travelled %s",
                 (double)(fabsf(w->turn) * 180 / UI_TV_PI_F),
                 ui_tv_units_text(app, ui_unit_wheel_arc_cm(&w->w, w->turn), a, sizeof a));
}

static void wheel_cancel(tv_tool *tl, tv *v, ui_app *app)
{
    (void)v, (void)app;
    ((tv_wheel *)tl)->held = false;
}

static bool wheel_stale(tv_tool *tl, tv *v)
{
    (void)v;
    ((tv_wheel *)tl)->held = false;
    return true;
}

static bool wheel_pose(const tv_tool *tl, const tv *v, const table *t, int fig, bool animating,
                       vec2s *pos, float *facing, bool *ghost)
{
    (void)v, (void)animating;
    const tv_wheel *w = (const tv_wheel *)tl;
    for (int k = 0; w->held && k < w->block.count; k++)
        if (w->block.fig[k] == fig) {
            ui_unit_wheel_pose(&w->w, &w->block, t, k, w->turn, pos, facing);
            *ghost = true;
            return true;
        }
    return false;
}

static void draw_handles(tv *v, ui_app *app, render_ctx *ctx, const table *t)
{
    ui_unit_block b;
    if (v->held || v->panning || v->tool != TV_TOOL_SELECT || !selected_unit_block(v, app, t, &b))
        return;
    vec2s ends[2];
    ui_unit_block_front_ends(&b, t, ends);
    for (int end = 0; end < 2; end++) {
        vec2s h = wheel_handle_pos(v, t, &b, end);
        render_line_cm(ctx, &v->cam, ends[end], h, 1.5f, 0xffe14ac0);
        render_marker_cm(ctx, &v->cam, h, 6, 0x101010ff);
        render_marker_cm(ctx, &v->cam, h, 4.5f, 0xffe14aff);
    }
}

/* The outer end's path, the pivot, and the distance against the allowance. */
static void draw_swing(const tv_wheel *w, tv *v, ui_app *app, render_ctx *ctx)
{
    vec2s arc[33];
    for (int i = 0; i <= 32; i++) {
        float a = w->turn * (float)i / 32;
        vec2s r = glms_vec2_sub(w->w.swing, w->w.pivot);
        arc[i] = (vec2s){{w->w.pivot.x + r.x * cosf(a) - r.y * sinf(a),
                          w->w.pivot.y + r.x * sinf(a) + r.y * cosf(a)}};
    }
    uint32_t rgb = w->ok ? UI_PATH_OK_RGB : UI_PATH_BAD_RGB;
    render_polyline_cm(ctx, &v->cam, arc, 33, 3.0f, rgb << 8 | 0xff);
    render_marker_cm(ctx, &v->cam, w->w.pivot, 5, 0x101010ff);
    render_marker_cm(ctx, &v->cam, w->w.pivot, 3.5f, 0xffffffff);
    char a[32], b[32], line[200];
    float arc_cm = ui_unit_wheel_arc_cm(&w->w, w->turn);
    double deg = (double)(fabsf(w->turn) * 180 / UI_TV_PI_F);
    if (w->allowance_cm > 0)
        snprintf(line, sizeof line, "wheel %.0f deg: outer end travels %s of %s", deg,
                 ui_tv_units_text(app, arc_cm, a, sizeof a),
                 ui_tv_units_text(app, w->allowance_cm, b, sizeof b));
    else
        snprintf(line, sizeof line, "wheel %.0f deg: outer end travels %s", deg,
                 ui_tv_units_text(app, arc_cm, a, sizeof a));
    ui_overlay_label(ctx, &v->cam, arc[32], line, w->ok ? 0xffffffff : 0xffb0b0ff);
    if (!w->ok && fabsf(w->turn) > 1e-3f) {
        vec2s p = render_camera_to_px(&v->cam, arc[32]);
        float k = render_ui_scale(ctx);
        render_text_outlined(ctx, ui_overlay_text_x(ctx, p.x + 12 * k, w->reason, 12), p.y - 2 * k,
                             w->reason, 12, 0xff8080ff, RENDER_ALIGN_LEFT);
    }
}

static void wheel_draw(tv_tool *tl, tv *v, ui_app *app, render_ctx *ctx, const table *t,
                       tv_layer layer)
{
    tv_wheel *w = (tv_wheel *)tl;
    if (layer != TV_LAYER_HANDLES)
        return;
    if (w->held)
        draw_swing(w, v, app, ctx);
    else
        draw_handles(v, app, ctx, t);
}

static const tv_tool_ops wheel_ops = {
    .name = "wheel",
    .grab = wheel_grab,
    .drag = wheel_drag,
    .release = wheel_release,
    .cancel = wheel_cancel,
    .stale = wheel_stale,
    .pose = wheel_pose,
    .draw = wheel_draw,
};

tv_tool *ui_tv_wheel_create(void)
{
    tv_wheel *w = mem_calloc(1, sizeof *w);
    w->base.ops = &wheel_ops;
    return &w->base;
}
