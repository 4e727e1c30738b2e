/* Whatever a message names, the table shows: the figures named under the pointer (a log
 * entry, the toast, the prompt, a panel's line) and those of an opened log entry are ringed,
 * and the table pans to the latter; a morale break rings the figures it demoralised. */
#include "ui/tv.h"

#include "ui/action_panel.h"
#include "ui/app.h"
#include "ui/driver_panel.h"

#include <math.h>

/* The figures named where the pointer is: a log entry, the toast (a refusal), the top bar's
 * prompt, an order or a line of the panels. */
void ui_tv_named_update(tv *v, ui_app *app, const ui_input *in)
{
    ui_names_clear(&v->named);
    const table *t = ui_tv_table(app);
    float x = in->mouse_x, y = in->mouse_y, k = render_ui_scale(app->ctx);
    if (in->view_w <= 0 || x < 0 || y < 0 || x > (float)in->view_w || y > (float)in->view_h)
        return;
    if (ui_roster_named(&v->roster, ui_app_view(app), x, y, &v->named))
        return;
    int key = ui_event_log_key_at(&v->teach.log, x, y);
    if (key != UI_EVENT_LOG_NONE) {
        figure_id ids[UI_NAMES_MAX];
        int n = ui_event_log_figures(&v->teach.log, app->game, key, ids, UI_NAMES_MAX);
        for (int i = 0; i < n; i++)
            ui_names_add(&v->named, ids[i]);
        return;
    }
    float tx, ty, tw, th;
    if (ui_app_toast_rect(app, app->ctx, &tx, &ty, &tw, &th) && x >= tx && x <= tx + tw &&
        y >= ty && y <= ty + th) {
        ui_names_add_text(&v->named, t, app->toast);
        return;
    }
    if (y < 28 * k) {
        rules_decision d;
        game_decision_seen(app->game, app->viewer, &d); /* the line the top bar shows */
        ui_names_add_text(&v->named, t, d.prompt);
        return;
    }
    if (ui_action_panel_named(v->actions, ui_app_view(app), x, y, &v->named))
        return;
    ui_driver_panel_named(v->driver, ui_app_view(app), x, y, &v->named);
}

/* The part of the view the panels leave to the table, in px. */
void ui_tv_open_view(const tv *v, ui_app *app, float *x0, float *y0, float *x1, float *y1)
{
    float k = render_ui_scale(app->ctx);
    *x0 = 0;
    *y0 = 30 * k;
    *x1 = (float)v->cam.view_w;
    *y1 = (float)v->cam.view_h - 30 * k;
    if (game_view(app->game)->driver && (UI_DRIVER_PANEL_W + 16) * k < *x1 / 2)
        *x1 -= (UI_DRIVER_PANEL_W + 16) * k;
    if (v->teach.log.open && v->teach.log.w > 0 && v->teach.log.x + v->teach.log.w < *x1 / 2)
        *x0 = v->teach.log.x + v->teach.log.w + 8 * k;
}

/* Pans (and zooms out when they do not fit) so every figure of `set` is in the open view. */
static void focus_pan(tv *v, ui_app *app, const ui_names *set)
{
    const table *t = ui_tv_table(app);
    float x0, y0, x1, y1;
    ui_tv_open_view(v, app, &x0, &y0, &x1, &y1);
    vec2s lo = {{1e9f, 1e9f}}, hi = {{-1e9f, -1e9f}};
    bool outside = false;
    for (int i = 0; i < set->count; i++) {
        const figure *f = table_figure_const(t, set->ids[i]);
        if (!f || !table_figure_active(f))
            continue;
        lo = glms_vec2_minv(lo, f->pos);
        hi = glms_vec2_maxv(hi, f->pos);
        render_camera target = v->cam;
        target.centre_cm = v->cam.target_centre_cm;
        target.px_per_cm = v->cam.target_px_per_cm;
        vec2s p = render_camera_to_px(&target, f->pos);
        outside = outside || p.x < x0 || p.x > x1 || p.y < y0 || p.y > y1;
    }
    if (!outside || lo.x > hi.x)
        return;
    float ppc = v->cam.target_px_per_cm, margin = 60 * render_ui_scale(app->ctx);
    float need_w = (hi.x - lo.x) * ppc + 2 * margin, need_h = (hi.y - lo.y) * ppc + 2 * margin;
    float fit = fminf((x1 - x0) / fmaxf(need_w, 1), (y1 - y0) / fmaxf(need_h, 1));
    if (fit < 1)
        ppc = fmaxf(ppc * fit, RENDER_CAMERA_MIN_PX_PER_CM);
    /* The set's middle at the open view's middle. */
    vec2s mid = glms_vec2_scale(glms_vec2_add(lo, hi), 0.5f);
    float dx = 0.5f * (x0 + x1) - 0.5f * (float)v->cam.view_w;
    float dy = 0.5f * (y0 + y1) - 0.5f * (float)v->cam.view_h;
    v->cam.target_px_per_cm = ppc;
    v->cam.target_centre_cm = (vec2s){{mid.x - dx / ppc, mid.y - dy / ppc}};
    if (app->settings.anim_speed <= 0) {
        v->cam.px_per_cm = v->cam.target_px_per_cm;
        v->cam.centre_cm = v->cam.target_centre_cm;
    }
}

/* A log entry opened by a click rings every figure it concerns while it stays open, and the
 * table pans to them when they are off screen. */
void ui_tv_focus_follow_log(tv *v, ui_app *app)
{
    int key = v->teach.log.open ? v->teach.log.opened : UI_EVENT_LOG_NONE;
    if (key == v->focus_key)
        return;
    v->focus_key = key;
    ui_names_clear(&v->focus);
    if (key == UI_EVENT_LOG_NONE)
        return;
    figure_id ids[UI_NAMES_MAX];
    int n = ui_event_log_figures(&v->teach.log, app->game, key, ids, UI_NAMES_MAX);
    for (int i = 0; i < n; i++)
        ui_names_add(&v->focus, ids[i]);
    if (v->cam_ready)
        focus_pan(v, app, &v->focus);
}

/* While a morale break is announced, a ring round each figure it demoralised. */
void ui_tv_draw_news(tv *v, ui_app *app, render_ctx *ctx, const table *t)
{
    if (!ui_morale_news_showing(&v->news, app->time) || app->time < v->news.t0)
        return;
    for (int i = 0; i < v->news.figures.count; i++) {
        const figure *f = table_figure_const(t, v->news.figures.ids[i]);
        if (!f || (f->status & FIGURE_STATUS_OFF_TABLE))
            continue;
        int fi = (int)(f - t->figures);
        vec2s pos = f->pos;
        float facing;
        ui_tv_anim_pose(v, app->time, fi, &pos, &facing);
        float r = ui_tv_base_radius(f) + fmaxf(0.5f, 4.0f / v->cam.px_per_cm);
        render_circle_cm(ctx, &v->cam, pos, r, 3.0f, UI_MORALE_NEWS_RGB << 8 | 0xff);
    }
}

/* A bright ring round each figure named under the pointer or by the opened log entry. */
void ui_tv_draw_named(tv *v, ui_app *app, render_ctx *ctx, const table *t)
{
    const ui_names *sets[2] = {&v->named, &v->focus};
    float pulse = 0.5f + 0.5f * sinf((float)app->time * 6.0f);
    for (int s = 0; s < 2; s++)
        for (int i = 0; i < sets[s]->count; i++) {
            const figure *f = table_figure_const(t, sets[s]->ids[i]);
            if (!f || (f->status & FIGURE_STATUS_OFF_TABLE) ||
                (v->flags[f - t->figures] & RENDER_FIG_HIDDEN))
                continue;
            float r = ui_tv_base_radius(f) + fmaxf(0.6f, 5.0f / v->cam.px_per_cm);
            render_circle_cm(ctx, &v->cam, f->pos, r, 3.0f, UI_NAMES_RING_RGB << 8 | 0xff);
            render_circle_cm(ctx, &v->cam, f->pos, r + (3.0f + 3.0f * pulse) / v->cam.px_per_cm,
                             1.5f, UI_NAMES_RING_RGB << 8 | 0x90);
        }
}
