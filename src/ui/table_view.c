/* The table screen: owns the camera, the pointer, the hover and the viewer's flags, and hands
 * the mouse and keys to the tools (ui/tv.h: select and move, wheel, turn, tape, line of sight,
 * target, each in its own file). It reads the match through game.h and changes it only by
 * submitting commands. */
#include "ui/table_view.h"

#include "core/mem.h"
#include "ui/action_panel.h"
#include "ui/app.h"
#include "ui/driver_panel.h"
#include "ui/net_play.h"
#include "ui/referee.h"
#include "ui/tv.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The rule set's unit of measure until the player picks one (U, or the pause menu). */
static void units_follow_rules(ui_app *app)
{
    if (!app->settings.units_chosen)
        app->settings.units =
            strcmp(game_measure(app->game), "inch") == 0 ? RENDER_UNITS_INCH : RENDER_UNITS_CM;
}

/* ---- input: keys and the camera ------------------------------------------------------------ */

void ui_table_view_fit(render_camera *cam, const game *g, float k, bool snap)
{
    const table *t = game_table(g);
    /* With a turn driver the panels stand on the right: fit left of them, so no figure starts
     * hidden under them. */
    int reserve = game_view(g)->driver ? (int)((UI_DRIVER_PANEL_W + 16) * k) : 0;
    if (reserve > cam->view_w / 2)
        reserve = 0;
    render_camera narrow = *cam;
    narrow.view_w -= reserve;
    render_camera_fit(&narrow, t->width_cm, t->height_cm, (int)(40 * k), snap);
    vec2s shift = {{0.5f * (float)reserve / narrow.target_px_per_cm, 0}};
    cam->target_px_per_cm = narrow.target_px_per_cm;
    cam->target_centre_cm = glms_vec2_add(narrow.target_centre_cm, shift);
    if (snap) {
        cam->px_per_cm = cam->target_px_per_cm;
        cam->centre_cm = cam->target_centre_cm;
    }
}

static void action_run(tv *v, ui_app *app, int i);
static void request_run(tv *v, ui_app *app, const ui_action_request *rq);

/* Chooses a tool by its key (the same key again: back to select) and says how it works. */
static void set_tool(tv *v, ui_app *app, tv_tool_id id)
{
    ui_tv_choose(v, v->tool == id ? TV_TOOL_SELECT : id);
    tv_tool *tl = v->tools[v->tool];
    const char *said = tl->ops->begin ? tl->ops->begin(tl, v, app) : NULL;
    ui_app_toast(app, "%s", said ? said : tl->ops->hint);
}

static void fit(tv *v, ui_app *app, bool snap)
{
    ui_table_view_fit(&v->cam, app->game, render_ui_scale(app->ctx), snap);
}

static void escape(tv *v, ui_app *app)
{
    if (v->roster.open) {
        v->roster.open = false;
        return;
    }
    if (v->held || v->panning) { /* Esc lets go of what is held */
        tv_tool *held = v->held;
        v->held = NULL;
        v->panning = false;
        if (held && held->ops->cancel)
            held->ops->cancel(held, v, app);
        return;
    }
    if (v->tool != TV_TOOL_SELECT) {
        ui_tv_choose(v, TV_TOOL_SELECT);
        return;
    }
    ui_app_show(app, UI_SCREEN_PAUSE, NULL);
}

static void key_ctrl(tv *v, ui_app *app, int key, int mods)
{
    if (key == 's' && (mods & UI_MOD_SHIFT) && app->referee.on)
        ui_referee_save_position(&app->referee, app);
    else if (key == 'z')
        ui_app_undo(app);
    else if (key == 'y')
        ui_app_redo(app);
    else if (key == 's')
        ui_app_save(app);
    else if (key == 'o')
        ui_app_show(app, UI_SCREEN_LOAD, NULL);
    else if (key == 'q')
        ui_app_quit(app);
}

static void key_plain(tv *v, ui_app *app, const ui_input *in, int key)
{
    const table *t = ui_tv_table(app);
    tv_tool *chosen = v->tools[v->tool];
    if (chosen->ops->key && chosen->ops->key(chosen, v, app, key))
        return; /* the tape's Backspace and Enter */
    switch (key) {
    case 'f':
    case UI_KEY_HOME:
        fit(v, app, false);
        break;
    case 'u':
        app->settings.units =
            app->settings.units == RENDER_UNITS_CM ? RENDER_UNITS_INCH : RENDER_UNITS_CM;
        app->settings.units_chosen = true;
        ui_app_toast(app, "Distances in %s",
                     app->settings.units == RENDER_UNITS_CM ? "centimetres" : "inches");
        break;
    case 'm':
        set_tool(v, app, TV_TOOL_TAPE);
        break;
    case 'l':
        set_tool(v, app, TV_TOOL_LOS);
        break;
    case 't':
        set_tool(v, app, TV_TOOL_TARGET);
        break;
    case 'r':
        if (ui_tv_first_selected(v, t) >= 0)
            set_tool(v, app, TV_TOOL_ROTATE);
        else
            ui_app_toast(app, "Select figures to turn first");
        break;
    case 'a':
        v->show_arcs = !v->show_arcs;
        break;
    case 'v':
        v->show_sight = !v->show_sight;
        break;
    case 'g':
        app->settings.show_labels = !app->settings.show_labels;
        break;
    case 'd':
        app->settings.show_deployment = !app->settings.show_deployment;
        break;
    case UI_KEY_TAB:
        v->roster.open = !v->roster.open;
        break;
    case UI_KEY_RETURN: {
        ui_action_request rq;
        if (ui_action_panel_confirm(v->actions, ui_app_view(app), &rq))
            request_run(v, app, &rq); /* the hit allocation picked on the table */
        break;
    }
    case UI_KEY_F1:
    case '?':
        ui_app_show(app, UI_SCREEN_HELP, NULL);
        break;
    case UI_KEY_F12:
        app->screenshot_pending = true;
        break;
    case UI_KEY_ESCAPE:
        escape(v, app);
        break;
    default:
        if (key >= '1' && key <= '9')
            action_run(v, app, key - '1');
        break;
    }
    (void)in;
}

/* F9 toggles referee mode; while it is on, its keys come first (ui/referee.h). */
static bool referee_key(tv *v, ui_app *app, int key, int mods)
{
    if (key == UI_KEY_F9) {
        ui_referee_toggle(&app->referee, app);
        return true;
    }
    const table *t = ui_tv_table(app);
    figure_id sel[RULES_CMD_FIGURES_MAX];
    int n = 0;
    for (int i = 0; i < t->figure_count && n < RULES_CMD_FIGURES_MAX; i++)
        if (ui_tv_selected(v, i))
            sel[n++] = t->figures[i].id;
    return ui_referee_key(&app->referee, app, sel, n, key, mods);
}

/* A right click in referee mode opens the menu of rulings on the figure or the spot. */
static void referee_menu(tv *v, ui_app *app, const ui_input *in)
{
    v->right_click = false;
    if (!app->referee.on)
        return;
    const table *t = ui_tv_table(app);
    figure_id sel[RULES_CMD_FIGURES_MAX];
    int n = 0;
    for (int i = 0; i < t->figure_count && n < RULES_CMD_FIGURES_MAX; i++)
        if (ui_tv_selected(v, i))
            sel[n++] = t->figures[i].id;
    int hit = ui_tv_hit(v, t, v->mouse_cm);
    ui_referee_menu_open(&app->referee, app, hit >= 0 ? t->figures[hit].id : (figure_id){0},
                         v->mouse_cm, sel, n, in->mouse_x, in->mouse_y);
}

/* The tool holding the keyboard (a range being stated), or NULL. */
static tv_tool *keys_holder(const tv *v)
{
    for (int i = 0; i < TV_TOOL_COUNT; i++)
        if (v->tools[i]->ops->holds_keys && v->tools[i]->ops->holds_keys(v->tools[i]))
            return v->tools[i];
    return NULL;
}

static void handle_keys(tv *v, ui_app *app, const ui_input *in)
{
    tv_tool *holder = keys_holder(v);
    for (int i = 0; i < in->key_count && holder && holder->ops->holds_keys(holder); i++)
        holder->ops->key(holder, v, app, in->keys[i]);
    if (holder && holder->ops->holds_keys(holder))
        return;
    for (int i = 0; i < in->key_count; i++) {
        if (in->key_mods[i] & UI_MOD_CTRL)
            key_ctrl(v, app, in->keys[i], in->key_mods[i]);
        else if (!referee_key(v, app, in->keys[i], in->key_mods[i]))
            key_plain(v, app, in, in->keys[i]);
    }
}

/* A right click without travel: the chosen tool's (the tape ends), else it cancels the tool,
 * else it asks for the referee's menu. */
static void right_click(tv *v, ui_app *app)
{
    tv_tool *chosen = v->tools[v->tool];
    if (chosen->ops->right && chosen->ops->right(chosen, v, app))
        return;
    if (v->tool != TV_TOOL_SELECT)
        ui_tv_choose(v, TV_TOOL_SELECT);
    else
        v->right_click = true;
}

static void handle_camera(tv *v, ui_app *app, const ui_input *in)
{
    if (in->wheel != 0 && in->mouse_inside)
        render_camera_zoom_at(&v->cam, (vec2s){{in->mouse_x, in->mouse_y}}, powf(1.2f, in->wheel));
    bool pan_press = in->pressed[UI_MOUSE_RIGHT] || in->pressed[UI_MOUSE_MIDDLE] ||
                     (in->pressed[UI_MOUSE_LEFT] && in->space_down);
    if (pan_press && !v->held && !v->panning) {
        v->panning = true;
        v->pan_button = in->pressed[UI_MOUSE_RIGHT]    ? UI_MOUSE_RIGHT
                        : in->pressed[UI_MOUSE_MIDDLE] ? UI_MOUSE_MIDDLE
                                                       : UI_MOUSE_LEFT;
        v->press_px = (vec2s){{in->mouse_x, in->mouse_y}};
    }
    if (v->panning) {
        render_camera_pan_px(&v->cam, (vec2s){{in->mouse_dx, in->mouse_dy}});
        if (in->released[v->pan_button] || !in->down[v->pan_button]) {
            bool click = glms_vec2_distance(v->press_px, (vec2s){{in->mouse_x, in->mouse_y}}) <
                         UI_TV_DRAG_THRESHOLD_PX;
            v->panning = false;
            if (click && v->pan_button == UI_MOUSE_RIGHT)
                right_click(v, app);
        }
    }
}

/* The label of the command just resolved with what its first event says happened ("Draw card:
 * the End of Turn card is drawn"); a new turn is said by the banner. */
static const char *command_said(ui_app *app, char *label, size_t size)
{
    int n = 0;
    const rules_event *ev = game_events(app->game, game_cursor(app->game) - 1, &n);
    for (int i = 0; ev && i < n; i++)
        if (ev[i].text[0] && ev[i].kind != RULES_EV_DIE && ev[i].kind != RULES_EV_RULESET) {
            size_t len = strlen(label);
            if (len + 3 < size)
                snprintf(label + len, size - len, ": %.*s", (int)(size - len - 3), ev[i].text);
            break;
        }
    return label;
}

/* Submits a command chosen on a panel and says what happened. */
static void command_run(tv *v, ui_app *app, const rules_command *cmd)
{
    if (cmd->kind == RULES_CMD_NONE)
        return;
    char reason[256], label[160];
    game_describe(app->game, cmd, label, sizeof label);
    if (ui_tv_submit(v, app, cmd, reason, sizeof reason))
        ui_app_toast(app, "%s", command_said(app, label, sizeof label));
    else
        ui_tv_refused(v, app, label, reason);
}

/* What a panel asked for: a command, or figures to select for a drag or a target. */
static void request_run(tv *v, ui_app *app, const ui_action_request *rq)
{
    const table *t = ui_tv_table(app);
    if (rq->kind == UI_ACTION_SUBMIT) {
        command_run(v, app, &rq->cmd);
        return;
    }
    if (rq->kind == UI_ACTION_REFUSED) {
        ui_tv_refused(v, app, rq->refused.what, rq->refused.reason);
        return;
    }
    if (rq->kind == UI_ACTION_NOTE)
        ui_app_toast(app, "%s", rq->note);
    if (rq->kind == UI_ACTION_NONE || rq->kind == UI_ACTION_NOTE)
        return;
    ui_tv_select_none(v, t);
    for (int k = 0; k < rq->cmd.figure_count; k++) {
        const figure *f = table_figure_const(t, rq->cmd.figures[k]);
        if (f)
            ui_tv_select_set(v, (int)(f - t->figures), true);
    }
    if (rq->kind == UI_ACTION_TARGET) {
        ui_tv_target_choose(v, rq->cmd.kind == RULES_CMD_FIRE ? rq->cmd.option : "");
        ui_app_toast(app, "Point at an enemy to see the odds; click to fire (%d firing)",
                     rq->cmd.figure_count);
    } else {
        ui_tv_choose(v, TV_TOOL_SELECT);
        ui_app_toast(app, "Drag the selected figures to move them");
    }
}

static void action_run(tv *v, ui_app *app, int i)
{
    ui_action_request rq;
    if (ui_action_panel_order(v->actions, ui_app_view(app), i, &rq))
        request_run(v, app, &rq);
}

/* A left press on the table: with the select tool, a tool's handle under the pointer takes it
 * (the turn handle, the wheel's); else the chosen tool's. */
static void tools_press(tv *v, ui_app *app, const ui_input *in)
{
    for (int i = 0; v->tool == TV_TOOL_SELECT && i < TV_TOOL_COUNT; i++) {
        tv_tool *tl = v->tools[i];
        if (tl->ops->grab && tl->ops->grab(tl, v, app, in)) {
            v->held = tl;
            return;
        }
    }
    tv_tool *chosen = v->tools[v->tool];
    if (chosen->ops->press(chosen, v, app, in))
        v->held = chosen;
}

static void handle_left(tv *v, ui_app *app, const ui_input *in)
{
    if (v->panning)
        return;
    ui_action_request rq;
    if (in->pressed[UI_MOUSE_LEFT] && !v->held &&
        ui_action_panel_click(v->actions, ui_app_view(app), in->mouse_x, in->mouse_y, &rq)) {
        request_run(v, app, &rq);
        return;
    }
    rules_command panel_cmd;
    ui_refusal refused;
    if (in->pressed[UI_MOUSE_LEFT] && !v->held &&
        ui_driver_panel_click(v->driver, ui_app_view(app), in->mouse_x, in->mouse_y, &panel_cmd,
                              &refused)) {
        if (refused.what[0])
            ui_tv_refused(v, app, refused.what, refused.reason);
        command_run(v, app, &panel_cmd);
        return;
    }
    if (in->pressed[UI_MOUSE_LEFT]) {
        v->press_px = (vec2s){{in->mouse_x, in->mouse_y}};
        v->press_cm = v->mouse_cm;
        tools_press(v, app, in);
    }
    tv_tool *held = v->held;
    if (held && held->ops->drag)
        held->ops->drag(held, v, app, in);
    if (held && in->released[UI_MOUSE_LEFT]) {
        v->held = NULL;
        if (held->ops->release)
            held->ops->release(held, v, app);
    }
}

static void update_hover(tv *v, ui_app *app, const ui_input *in)
{
    int hit = in->mouse_inside ? ui_tv_hit(v, ui_tv_table(app), v->mouse_cm) : -1;
    if (hit != v->hover) {
        v->hover = hit;
        v->hover_since = in->time;
    }
}

/* The camera follows the window's size; the first frame fits the table. */
static void camera_sync(tv *v, ui_app *app, const ui_input *in)
{
    if (v->cam_ready && v->cam.view_w == in->view_w && v->cam.view_h == in->view_h)
        return;
    render_camera_resize(&v->cam, in->view_w, in->view_h);
    /* The first frame and every change of the window's size fit the table to it. */
    fit(v, app, true);
    v->cam_ready = true;
}

/* What the viewer may not see (game_visible) is flagged hidden: not drawn, hit, boxed or kept
 * selected. Asked every frame: a concealed unit shows the moment it fires. */
static void flags_seen(tv *v, ui_app *app)
{
    const table *t = ui_tv_table(app);
    ui_tv_flags_fit(v, t);
    for (int i = 0; i < t->figure_count; i++) {
        if (game_visible(app->game, app->viewer, t->figures[i].id))
            v->flags[i] &= (uint8_t)~RENDER_FIG_HIDDEN;
        else
            v->flags[i] = (uint8_t)((v->flags[i] | RENDER_FIG_HIDDEN) & ~RENDER_FIG_SELECTED);
    }
    if (v->hover >= 0 && v->hover < t->figure_count && (v->flags[v->hover] & RENDER_FIG_HIDDEN))
        v->hover = -1;
    for (int i = 0; i < TV_TOOL_COUNT; i++)
        if (v->tools[i]->ops->seen)
            v->tools[i]->ops->seen(v->tools[i], v, t);
}

static void tv_input(ui_screen *s, ui_app *app, const ui_input *in_frame)
{
    tv *v = s->data;
    ui_input teach_in = *in_frame; /* the teaching panels take their clicks, wheel and keys */
    ui_teach_input(&v->teach, ui_app_view(app), &teach_in);
    const ui_input *in = &teach_in;
    camera_sync(v, app, in);
    ui_tv_focus_follow_log(v, app);
    ui_tv_named_update(v, app, in);
    flags_seen(v, app);
    v->mouse_cm = render_camera_to_cm(&v->cam, (vec2s){{in->mouse_x, in->mouse_y}});
    v->mouse_px = (vec2s){{in->mouse_x, in->mouse_y}};
    if (ui_referee_menu_input(&app->referee, app, in)) {
        v->hover = -1; /* the referee's menu is open: it takes the frame, no tooltip under it */
        return;
    }
    handle_keys(v, app, in);
    if (app->depth && app->stack[app->depth - 1] != s)
        return; /* a key opened a screen over us */
    if (ui_roster_contains(&v->roster, in->mouse_x, in->mouse_y)) {
        v->hover = -1; /* the roster is read, not clicked through */
        return;
    }
    handle_camera(v, app, in);
    if (v->right_click) /* referee mode: the rulings that apply here */
        referee_menu(v, app, in);
    if (app->net && in->pressed[UI_MOUSE_LEFT] && in->alt) {
        if (ui_net_ping(app->net, v->mouse_cm)) /* Alt+click: show the other player this spot */
            ui_app_toast(app, "Showed the other player this spot");
        return;
    }
    handle_left(v, app, in);
    update_hover(v, app, in);
    for (int i = 0; i < TV_TOOL_COUNT; i++)
        if (v->tools[i]->ops->point)
            v->tools[i]->ops->point(v->tools[i], v, app);
}

static void tv_update(ui_screen *s, ui_app *app, const ui_input *in)
{
    tv *v = s->data;
    camera_sync(v, app, in);
    units_follow_rules(app);
    render_camera_update(&v->cam, in->dt,
                         app->settings.anim_speed > 0 ? app->settings.anim_speed : 0);
    int keep = 0;
    for (int i = 0; i < v->anim_count; i++)
        if (app->time < v->anims[i].t0 + v->anims[i].dur)
            v->anims[keep++] = v->anims[i];
    v->anim_count = keep;
    ui_teach_update(&v->teach, ui_app_view(app));
    ui_driver_panel_update(v->driver, ui_app_view(app));
    rules_command bot; /* the hand-over cover, and the bot's sides at a readable pace */
    char why[256];
    float speed = app->settings.anim_speed;
    ui_turn_banner_update(&v->banner, ui_app_view(app), speed > 0 ? 0.9 / speed : 0);
    ui_morale_news_update(&v->news, ui_app_view(app), speed > 0 ? 0.3 / speed : 0);
    v->solo.hold = ui_driver_panel_animating(v->driver, app->time) ||
                   ui_tv_anims_running(v, app->time) ||
                   (speed > 0 && ui_morale_news_showing(&v->news, app->time)) ||
                   !ui_dice_tray_settled(&v->teach.tray, app->time) ||
                   (speed > 0 && ui_turn_banner_showing(&v->banner, app->time));
    if (ui_solo_next(&v->solo, app, app->time, &bot))
        ui_solo_done(&v->solo, app, &bot, ui_tv_submit(v, app, &bot, why, sizeof why), why);
    if (v->seen_version != app->state_version) {
        /* The match changed under us (undo, load): drop stale previews. */
        v->seen_version = app->state_version;
        flags_seen(v, app);
        if (v->held && v->held->ops->stale && v->held->ops->stale(v->held, v))
            v->held = NULL;
    }
}

static void tv_draw(ui_screen *s, ui_app *app, render_ctx *ctx)
{
    tv *v = s->data;
    flags_seen(v, app);
    ui_tv_draw(v, app, ctx);
}

static void tv_destroy(ui_screen *s)
{
    tv *v = s->data;
    free(v->flags);
    los_destroy(v->los);
    ui_driver_panel_destroy(v->driver);
    ui_action_panel_destroy(v->actions);
    for (int i = 0; i < TV_TOOL_COUNT; i++)
        free(v->tools[i]);
    free(v);
    free(s);
}

ui_screen *ui_table_view_create(ui_app *app)
{
    (void)app;
    tv *v = mem_calloc(1, sizeof *v);
    v->hover = -1;
    v->sight_fig = -1;
    v->focus_key = UI_EVENT_LOG_NONE;
    v->driver = ui_driver_panel_create();
    v->actions = ui_action_panel_create();
    ui_teach_init(&v->teach);
    v->tools[TV_TOOL_SELECT] = ui_tv_move_create();
    v->tools[TV_TOOL_TAPE] = ui_tv_tape_create();
    v->tools[TV_TOOL_LOS] = ui_tv_los_create();
    v->tools[TV_TOOL_TARGET] = ui_tv_target_create();
    v->tools[TV_TOOL_ROTATE] = ui_tv_rotate_create();
    v->tools[TV_TOOL_WHEEL] = ui_tv_wheel_create();
    ui_screen *s = mem_calloc(1, sizeof *s);
    *s = (ui_screen){.name = "table",
                     .input = tv_input,
                     .update = tv_update,
                     .draw = tv_draw,
                     .destroy = tv_destroy,
                     .data = v};
    return s;
}

const render_camera *ui_table_view_camera(const ui_screen *s)
{
    return &((const tv *)s->data)->cam;
}

ui_teach *ui_table_view_teach(ui_screen *s)
{
    return &((tv *)s->data)->teach;
}

ui_action_panel *ui_table_view_actions(ui_screen *s)
{
    return ((tv *)s->data)->actions;
}

ui_driver_panel *ui_table_view_driver(ui_screen *s)
{
    return ((tv *)s->data)->driver;
}

ui_roster *ui_table_view_roster(ui_screen *s)
{
    return &((tv *)s->data)->roster;
}

bool ui_table_view_submit(ui_screen *s, ui_app *app, const rules_command *cmd, char *reason,
                          size_t size)
{
    return ui_tv_submit(s->data, app, cmd, reason, size);
}

bool ui_table_view_pose(const ui_screen *s, double now, int fig, vec2s *pos, float *facing)
{
    return ui_tv_anim_pose(s->data, now, fig, pos, facing);
}

const ui_morale_news *ui_table_view_morale_news(const ui_screen *s)
{
    return &((const tv *)s->data)->news;
}
