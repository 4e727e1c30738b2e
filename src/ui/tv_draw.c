/* What the table screen draws, in its order: the table, the tools by layer (ui/tv.h), the
 * figures as the tools and animations pose them, the overlays, the top bar and the panels. */
#include "ui/tv.h"

#include "ui/action_panel.h"
#include "ui/app.h"
#include "ui/commander_pips.h"
#include "ui/driver_panel.h"
#include "ui/net_play.h"
#include "ui/overlay.h"
#include "ui/referee.h"
#include "ui/table_view.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* The tooltip of the turn driver's morale pile under the pointer, left of it (the panel is at
 * the right edge). */
static void draw_panel_tooltip(tv *v, ui_app *app, render_ctx *ctx)
{
    char lines[4][128];
    int n = ui_driver_panel_tooltip(v->driver, ui_app_view(app), v->mouse_px.x, v->mouse_px.y,
                                    lines, 4);
    if (n <= 0)
        return;
    const char *ptrs[4];
    int widest = 0;
    for (int i = 0; i < n; i++) {
        int w, h;
        ptrs[i] = lines[i];
        render_text_size(ctx, lines[i], 12, &w, &h);
        widest = w > widest ? w : widest;
    }
    float k = render_ui_scale(ctx);
    float x = fmaxf(4 * k, v->mouse_px.x - (float)widest - 28 * k);
    render_text_panel(ctx, x, v->mouse_px.y + 14 * k, ptrs, n, 12);
}

/* The order the tools draw and pose in: the target's aim under the move's readout, and that
 * under the tape and the sight line; a move's place before a previewed turn. */
static const tv_tool_id tools_order[TV_TOOL_COUNT] = {
    TV_TOOL_TARGET, TV_TOOL_SELECT, TV_TOOL_WHEEL, TV_TOOL_ROTATE, TV_TOOL_TAPE, TV_TOOL_LOS,
};

static void tools_draw(tv *v, ui_app *app, render_ctx *ctx, const table *t, tv_layer layer)
{
    for (int i = 0; i < TV_TOOL_COUNT; i++) {
        tv_tool *tl = v->tools[tools_order[i]];
        if (tl->ops->draw)
            tl->ops->draw(tl, v, app, ctx, t, layer);
    }
}

/* Where a tool previews figure i (dragged, wheeled, turned), drawing its ghost meanwhile. */
static void tools_pose(tv *v, render_ctx *ctx, const table *t, int i, bool animating, vec2s *pos,
                       float *facing)
{
    const figure *f = &t->figures[i];
    for (int k = 0; k < TV_TOOL_COUNT; k++) {
        const tv_tool *tl = v->tools[tools_order[k]];
        bool ghost = false;
        if (tl->ops->pose && tl->ops->pose(tl, v, t, i, animating, pos, facing, &ghost)) {
            if (ghost)
                render_figure(ctx, &v->cam, t, f, f->pos, f->facing, RENDER_FIG_GHOST);
            return;
        }
    }
}

/* The rule set's mark on a figure ("JAM"), on a dark tag above its right shoulder. */
static void draw_badge(tv *v, ui_app *app, render_ctx *ctx, const figure *f, vec2s pos)
{
    char badge[32];
    if (!table_figure_active(f) || !game_figure_badge(app->game, f->id, badge, sizeof badge))
        return;
    float k = render_ui_scale(ctx), r = render_figure_radius_px(&v->cam, f);
    vec2s p = render_camera_to_px(&v->cam, pos);
    int w, h;
    render_text_size(ctx, badge, 9, &w, &h);
    float x = p.x + 0.6f * r, y = p.y - 0.6f * r - (float)h - 2 * k;
    render_rect(ctx, x - 2 * k, y, (float)w + 4 * k, (float)h + 1 * k, 0x1a1010e0);
    render_text(ctx, x, y, badge, 9, UI_TABLE_BADGE_RGB << 8 | 0xff, RENDER_ALIGN_LEFT);
}

static void draw_figures(tv *v, ui_app *app, render_ctx *ctx, const table *t)
{
    rules_decision d;
    game_decision(app->game, &d);
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        if (v->flags[i] & RENDER_FIG_HIDDEN)
            continue; /* concealed from the viewer: no ghost, no ring, no animation */
        unsigned flags = v->flags[i] | (i == v->hover ? RENDER_FIG_HOVER : 0);
        /* Whoever the engine says is acting now is ringed. */
        if ((d.unit.id && f->unit.id == d.unit.id) || (d.figure.id && f->id.id == d.figure.id))
            flags |= RENDER_FIG_HIGHLIGHT;
        /* The card up lights whoever its leader could activate. */
        if (ui_driver_panel_lit(v->driver, i))
            flags |= RENDER_FIG_HIGHLIGHT;
        vec2s pos = f->pos;
        float facing = f->facing;
        bool animating = ui_tv_anim_pose(v, app->time, i, &pos, &facing);
        tools_pose(v, ctx, t, i, animating, &pos, &facing);
        if (f->status & (FIGURE_STATUS_DEAD | FIGURE_STATUS_CAPTURED))
            flags &= (unsigned)~RENDER_FIG_SELECTED;
        render_figure(ctx, &v->cam, t, f, pos, facing, flags);
        draw_badge(v, app, ctx, f, pos);
    }
}

static void draw_arcs(tv *v, ui_app *app, render_ctx *ctx, const table *t)
{
    if (!v->show_arcs)
        return;
    for (int i = 0; i < t->figure_count; i++)
        if (ui_tv_selected(v, i) && table_figure_active(&t->figures[i])) {
            figure f = t->figures[i];
            ui_tv_rotate_facing(v->tools[TV_TOOL_ROTATE], v, &f.facing);
            float half = UI_OVERLAY_ARC_HALF_ANGLE, range = UI_TOOLS_ARC_RANGE_CM;
            /* The rule set's arc and range when it has the query; a plain default otherwise. */
            if (game_view(app->game)->arc && !game_arc(app->game, f.id, &half, &range))
                continue; /* it says this figure cannot fire */
            if (half >= UI_OVERLAY_ROUND_HALF)
                ui_overlay_round_arc(ctx, &v->cam, f.pos, range, t->width_cm, t->height_cm,
                                     render_side_rgb(t, f.side));
            else
                ui_overlay_arc(ctx, &v->cam, &f, half, range, render_side_rgb(t, f.side));
        }
}

/* Area templates laid this turn (a shell's burst circle), from the events of its commands. */
static void draw_templates(ui_app *app, render_ctx *ctx, const render_camera *cam)
{
    const game *g = app->game;
    int cur = game_cursor(g), turn = game_turn(g);
    for (int i = cur - 1; i >= 0 && i >= cur - 64 && game_turn_at(g, i) == turn; i--) {
        int n;
        const rules_event *ev = game_events(g, i, &n);
        if (!game_command_visible(g, app->viewer, i))
            continue; /* laid by a unit the viewer could not see */
        for (int k = 0; k < n; k++) {
            if (ev[k].kind != RULES_EV_TEMPLATE || !game_event_visible(g, app->viewer, &ev[k]))
                continue;
            if (strcmp(ev[k].tag, "circle") == 0 && ev[k].value > 0)
                ui_overlay_circle(ctx, cam, ev[k].pos, (float)ev[k].value / 100.0f);
            else if (strcmp(ev[k].tag, "line") == 0)
                ui_overlay_shot_line(ctx, cam, ev[k].from, ev[k].pos, false);
            else if (strcmp(ev[k].tag, "line_dashed") == 0)
                ui_overlay_shot_line(ctx, cam, ev[k].from, ev[k].pos, true);
        }
    }
}

static void draw_sight(tv *v, ui_app *app, render_ctx *ctx, const table *t)
{
    int fig = ui_tv_first_selected(v, t);
    if (!v->show_sight || fig < 0)
        return;
    if (!v->sight.valid || v->sight_version != app->state_version || v->sight_fig != fig) {
        ui_tools_sight_compute(ui_tv_los(v, t), t, fig, &v->sight);
        v->sight_version = app->state_version;
        v->sight_fig = fig;
    }
    render_fan_cm(ctx, &v->cam, v->sight.origin, v->sight.ring, UI_TOOLS_SIGHT_RAYS, 0xfff6c030);
}

static void draw_tooltip(tv *v, ui_app *app, render_ctx *ctx, const table *t)
{
    if (v->hover < 0 || v->held || v->panning || app->time - v->hover_since < 0.35)
        return;
    if (v->tool == TV_TOOL_TARGET)
        return; /* the action panel shows the target; the tooltip would hide the area */
    char lines[6][128];
    int n = ui_tools_describe(app->game, v->hover, app->settings.units, lines, 6);
    const char *ptrs[6];
    for (int i = 0; i < n; i++)
        ptrs[i] = lines[i];
    vec2s p = render_camera_to_px(&v->cam, t->figures[v->hover].pos);
    float k = render_ui_scale(ctx);
    int widest = 0;
    for (int i = 0; i < n; i++) {
        int w, h;
        render_text_size(ctx, lines[i], 12, &w, &h);
        widest = w > widest ? w : widest;
    }
    /* Left of the panels; the plate's padding is about 8 px a side. */
    float x = p.x + 16 * k;
    if (n > 0 && widest > 0) {
        char probe[2] = "M";
        float room = ui_overlay_text_x(ctx, 1e6f, probe, 12); /* the right edge, less a letter */
        if (x + (float)widest + 24 * k > room)
            x = fmaxf(4 * k, room - (float)widest - 24 * k);
    }
    render_text_panel(ctx, x, p.y + 16 * k, ptrs, n, 12);
}

static void draw_hud(tv *v, ui_app *app, render_ctx *ctx)
{
    float k = render_ui_scale(ctx);
    int w, h;
    render_output_size(ctx, &w, &h);
    const scenario *s = game_scenario(app->game);
    rules_decision d;
    game_decision_seen(app->game, app->viewer, &d); /* a count of what this viewer may see */
    char line[400], turn[48];
    snprintf(line, sizeof line, "%s  -  %s  -  %s", s->title,
             ui_turn_words(app->game, turn, sizeof turn),
             d.prompt[0] ? d.prompt : rules_decision_kind_name(d.kind));
    render_rect(ctx, 0, 0, (float)w, 28 * k, 0x101418ff);
    const char *tool = v->tools[v->tool]->ops->name;
    char right[160], cut[400];
    snprintf(right, sizeof right, "tool: %s   units: %s   Tab roster   F1 help", tool,
             app->settings.units == RENDER_UNITS_CM ? "cm" : "inches");
    int rw, rh;
    render_text_size(ctx, right, 12, &rw, &rh);
    if ((float)rw > (float)w * 0.4f) { /* a narrow window: the keys' reminder shortens */
        snprintf(right, sizeof right, "%s   F1 help", tool);
        render_text_size(ctx, right, 12, &rw, &rh);
    }
    /* The match line gives way (cut with an ellipsis) rather than run under the reminder. */
    render_text_fit(ctx, line, 13, (float)w - (float)rw - 40 * k, cut, sizeof cut);
    render_text(ctx, 10 * k, 6 * k, cut, 13, 0xffffffff, RENDER_ALIGN_LEFT);
    render_text(ctx, (float)w - 10 * k, 6 * k, right, 12, 0xc8d0dcff, RENDER_ALIGN_RIGHT);
    render_scale_bar(ctx, &v->cam, 16 * k, (float)h - 16 * k, app->settings.units);
}

/* The turn driver at the top right, the action panel under it. */
static void draw_panels(tv *v, ui_app *app, render_ctx *ctx, const table *t)
{
    int sel = ui_tv_first_selected(v, t);
    ui_action_panel_set_selected(v->actions, sel >= 0 ? t->figures[sel].id : (figure_id){0});
    float top = ui_driver_panel_draw(v->driver, ui_app_view(app), ctx);
    if (top <= 0)
        top = 28 * render_ui_scale(ctx);
    ui_action_panel_draw(v->actions, ui_app_view(app), ctx, top, v->mouse_px.x, v->mouse_px.y);
}

void ui_tv_draw(tv *v, ui_app *app, render_ctx *ctx)
{
    const table *t = ui_tv_table(app);
    const scenario *sc = game_scenario(app->game);
    render_zone zones[16];
    int nz = sc->zone_count < 16 ? sc->zone_count : 16;
    for (int i = 0; i < nz; i++)
        zones[i] = (render_zone){sc->zones[i].side, sc->zones[i].area.pts, sc->zones[i].area.count};
    render_scene scene = {.table = t,
                          .zones = zones,
                          .zone_count = nz,
                          .show_deployment = app->settings.show_deployment,
                          .show_labels = app->settings.show_labels,
                          .camera_moving = !render_camera_settled(&v->cam)};
    float ox0, oy0, ox1, oy1;
    ui_tv_open_view(v, app, &ox0, &oy0, &ox1, &oy1);
    ui_overlay_set_right(ox1);
    render_table_static(ctx, &v->cam, &scene);
    draw_sight(v, app, ctx, t);
    tools_draw(v, app, ctx, t, TV_LAYER_UNDER);
    ui_driver_panel_draw_table(v->driver, ui_app_view(app), ctx, &v->cam);
    draw_arcs(v, app, ctx, t);
    if (scene.show_labels)
        render_table_labels(ctx, &v->cam, t);
    draw_figures(v, app, ctx, t);
    ui_action_panel_draw_table(v->actions, ui_app_view(app), ctx, &v->cam);
    ui_tv_draw_named(v, app, ctx, t);
    ui_tv_draw_news(v, app, ctx, t);
    ui_commander_pips_draw(ctx, &v->cam, app->game, app->viewer);
    tools_draw(v, app, ctx, t, TV_LAYER_HANDLES);
    draw_templates(app, ctx, &v->cam);
    ui_net_draw_table(app->net, app->game, app->time, ctx, &v->cam);
    tools_draw(v, app, ctx, t, TV_LAYER_OVER);
    tools_draw(v, app, ctx, t, TV_LAYER_TOP);
    draw_tooltip(v, app, ctx, t);
    draw_hud(v, app, ctx);
    draw_panels(v, app, ctx, t);
    ui_solo_draw(&v->solo, app, ctx);
    ui_teach_draw(&v->teach, ui_app_view(app), ctx);
    ui_referee_draw(&app->referee, app, ctx, ox0, ox1);
    ui_turn_banner_draw(&v->banner, ui_app_view(app), ctx, ox0, ox1);
    ui_morale_news_draw(&v->news, ui_app_view(app), ctx, ox0, ox1);
    draw_panel_tooltip(v, app, ctx);
    ui_roster_draw(&v->roster, ui_app_view(app), ctx, ox0, ox1);
    ui_referee_menu_draw(&app->referee, app, ctx);
}
