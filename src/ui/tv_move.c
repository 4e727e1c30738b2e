/* The select tool: click, shift-click, double-click and box to select; drag the selection to
 * move it through the engine, with the rule set's reach and the region it may reach drawn
 * meanwhile. Units of stands move as blocks (rules_view_ops.moves_by_unit). */
#include "ui/tv.h"

#include "core/mem.h"
#include "ui/action_panel.h"
#include "ui/app.h"
#include "ui/overlay.h"
#include "ui/referee.h"
#include "ui/unit_block.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define REGION_RAYS 72

typedef enum move_mode {
    MODE_NONE = 0,
    MODE_PENDING, /* pressed; becomes a move or a box once the mouse travels */
    MODE_BOX,
    MODE_MOVE,
} move_mode;

typedef struct tv_move {
    tv_tool base;
    move_mode mode;
    int press_fig;
    vec2s grab_offset; /* the pointer less the grabbed figure's place */
    rules_command cmd;
    bool ok;
    char reason[200];
    rules_reach reach;
    bool reach_ok;
    vec2s start, dest;
    vec2s region[REGION_RAYS];
    bool region_ok;
    vec2s shown; /* drawn offset: the grabbed stand's place minus the reference's (blocks) */
} tv_move;

bool ui_tv_move_moving(const tv_tool *tl)
{
    return ((const tv_move *)tl)->mode == MODE_MOVE;
}

/* ---- the move preview ---------------------------------------------------------------------- */

/* A drag of a unit's stand moves its block: the unit, or the formed brigade when the selection
 * spans units of one brigade; the selection becomes what the rule set says moves. */
static void block_begin(tv_move *m, tv *v, ui_app *app, int pressed)
{
    const table *t = ui_tv_table(app);
    rules_command cmd =
        ui_unit_block_command(t, pressed, v->flags, RENDER_FIG_SELECTED, RULES_CMD_MOVE);
    figure_id ids[UI_UNIT_BLOCK_MAX];
    int n = game_move_figures(app->game, &cmd, ids, UI_UNIT_BLOCK_MAX);
    if (n == 0) { /* no formed brigade there: the pressed stand's unit */
        cmd = ui_unit_block_command(t, pressed, NULL, 0, RULES_CMD_MOVE);
        n = game_move_figures(app->game, &cmd, ids, UI_UNIT_BLOCK_MAX);
    }
    ui_unit_block b;
    ui_unit_block_init(&b, t, ids, n);
    if (b.count == 0)
        return;
    ui_tv_select_none(v, t);
    for (int k = 0; k < b.count; k++)
        ui_tv_select_set(v, b.fig[k], true);
    int ref = b.fig[0];
    m->cmd = cmd;
    m->start = t->figures[ref].pos;
    /* The cursor drags the pressed stand; the command's path is the reference's. */
    m->shown = glms_vec2_sub(t->figures[pressed].pos, t->figures[ref].pos);
    m->grab_offset = glms_vec2_add(m->grab_offset, m->shown);
}

static void move_begin(tv_move *m, tv *v, ui_app *app, int ref)
{
    const table *t = ui_tv_table(app);
    m->cmd = ui_tv_selection_command(v, t, ref, RULES_CMD_MOVE);
    m->ok = m->reach_ok = m->region_ok = false;
    m->reason[0] = 0;
    m->reach = (rules_reach){0};
    m->dest = (vec2s){{0, 0}};
    m->shown = (vec2s){{0, 0}};
    m->start = t->figures[ref].pos;
    if (game_moves_by_unit(app->game))
        block_begin(m, v, app, ref);
    m->region_ok = game_region(app->game, &m->cmd, REGION_RAYS, m->region);
}

/* Referee mode: the reference figure put where it is dropped, nothing measured. */
static void move_update_referee(tv_move *m, ui_app *app, vec2s dest)
{
    rules_command c = ui_referee_move(app, m->cmd.figures[0], dest);
    m->ok = game_validate(app->game, &c, m->reason, sizeof m->reason);
    m->reach_ok = false;
    m->region_ok = false;
}

static void move_update(tv_move *m, ui_app *app, vec2s dest)
{
    m->dest = dest;
    if (app->referee.on) {
        move_update_referee(m, app, dest);
        return;
    }
    m->cmd.path[0] = dest;
    m->cmd.path_count = 1;
    m->ok = game_validate(app->game, &m->cmd, m->reason, sizeof m->reason);
    vec2s d = glms_vec2_sub(dest, m->start);
    float len = glms_vec2_norm(d);
    m->reach_ok =
        len > 1e-3f && game_reach(app->game, &m->cmd, glms_vec2_scale(d, 1.0f / len), &m->reach);
}

static void spring_back(tv_move *m, tv *v, ui_app *app)
{
    const table *t = ui_tv_table(app);
    vec2s off = glms_vec2_sub(m->dest, m->start);
    for (int i = 0; i < t->figure_count; i++)
        if (ui_tv_selected(v, i))
            ui_tv_anim_add(v, app, i, glms_vec2_add(t->figures[i].pos, off), t->figures[i].pos,
                           t->figures[i].facing, t->figures[i].facing);
}

/* Why the rules stopped the figure, in the rule set's words about it: a note (the wall's
 * roll), else what says it stops (contact), else its move's own line. */
static const char *stop_reason(ui_app *app, const figure *ref)
{
    int n = 0;
    const rules_event *ev = game_events(app->game, game_cursor(app->game) - 1, &n);
    const char *why = NULL;
    int rank = 0;
    for (int i = 0; ev && i < n; i++) {
        if (ev[i].figure.id != ref->id.id || !ev[i].text[0] || ev[i].kind == RULES_EV_DIE)
            continue;
        int r = ev[i].kind == RULES_EV_NOTE   ? 3
                : strstr(ev[i].text, "stop")  ? 2
                : ev[i].kind == RULES_EV_MOVE ? 1
                                              : 0;
        if (r > rank) {
            rank = r;
            why = ev[i].text;
        }
    }
    return why;
}

/* Says how far the dragged figure really went: where it was dropped, or where the rules
 * stopped it (a wall not climbed, contact, the allowance) with the rule set's words why. */
static void move_told(tv_move *m, ui_app *app)
{
    const table *t = ui_tv_table(app);
    const figure *ref = table_figure_const(t, m->cmd.figures[0]);
    char a[32], b[32];
    float want = glms_vec2_distance(m->start, m->dest);
    float went = ref ? glms_vec2_distance(m->start, ref->pos) : want;
    if (!ref || went >= want - 0.05f) {
        ui_app_toast(app, "Moved %s", ui_tv_units_text(app, went, a, sizeof a));
        return;
    }
    const char *why = stop_reason(app, ref);
    ui_app_toast(app, "Stopped after %s of %s%s%.160s", ui_tv_units_text(app, went, a, sizeof a),
                 ui_tv_units_text(app, want, b, sizeof b), why ? ": " : "", why ? why : "");
}

/* Referee mode: every selected figure keeps its offset to the one dragged, each put there by
 * a referee command of its own (the first refused stops the rest, its reason toasted). */
static void move_drop_referee(tv_move *m, tv *v, ui_app *app)
{
    const table *t = ui_tv_table(app);
    vec2s off = glms_vec2_sub(m->dest, m->start);
    figure_id ids[RULES_CMD_FIGURES_MAX];
    vec2s to[RULES_CMD_FIGURES_MAX];
    int n = 0;
    for (int i = 0; i < t->figure_count && n < RULES_CMD_FIGURES_MAX; i++) {
        if (ui_tv_selected(v, i)) {
            ids[n] = t->figures[i].id;
            to[n++] = glms_vec2_add(t->figures[i].pos, off);
        }
    }
    for (int i = 0; i < n; i++) {
        const figure *f = table_figure_const(ui_tv_table(app), ids[i]);
        vec2s from = f->pos;
        float facing = f->facing;
        rules_command c = ui_referee_move(app, ids[i], to[i]);
        if (!ui_referee_submit(&app->referee, app, &c)) {
            spring_back(m, v, app);
            return;
        }
        ui_tv_anim_add(v, app, (int)ids[i].id - 1, from, to[i], facing, facing);
    }
}

static void move_drop(tv_move *m, tv *v, ui_app *app)
{
    char reason[256] = "";
    if (glms_vec2_distance(m->dest, m->start) < 1e-3f)
        return;
    if (app->referee.on) {
        move_drop_referee(m, v, app);
        return;
    }
    if (!m->ok) {
        spring_back(m, v, app);
        ui_tv_refused(v, app, "move there", m->reason);
        return;
    }
    if (!ui_tv_submit(v, app, &m->cmd, reason, sizeof reason)) {
        spring_back(m, v, app);
        ui_tv_refused(v, app, "move there", reason);
        return;
    }
    move_told(m, app);
}

/* ---- selecting ----------------------------------------------------------------------------- */

static void select_unit(tv *v, const table *t, int i)
{
    unit_id u = t->figures[i].unit;
    for (int k = 0; k < t->figure_count; k++)
        if (t->figures[k].unit.id == u.id && u.id && table_figure_active(&t->figures[k]) &&
            !(v->flags[k] & RENDER_FIG_HIDDEN))
            ui_tv_select_set(v, k, true);
}

/* A click picks what it hits (Shift toggles, a double click takes the unit); the press waits
 * to become a move or a box. */
static bool move_press(tv_tool *tl, tv *v, ui_app *app, const ui_input *in)
{
    tv_move *m = (tv_move *)tl;
    const table *t = ui_tv_table(app);
    int hit = ui_tv_hit(v, t, v->mouse_cm);
    if (hit >= 0 && ui_action_panel_allocating(ui_app_view(app))) {
        /* Hits to allocate: a click picks (or drops) the figure. */
        const char *why = ui_action_panel_pick(v->actions, ui_app_view(app), t->figures[hit].id);
        if (why)
            ui_app_toast(app, "Not so: %s", why);
        return false;
    }
    m->press_fig = hit;
    m->mode = MODE_PENDING;
    if (hit < 0) {
        if (!in->shift)
            ui_tv_select_none(v, t);
        return true;
    }
    /* Shift+clicks on neighbours in quick succession toggle each one (a double click there
     * would otherwise take in the whole unit, officers and all). */
    if (in->clicks[UI_MOUSE_LEFT] >= 2 && !in->shift) {
        ui_tv_select_none(v, t);
        select_unit(v, t, hit);
    } else if (in->shift) {
        ui_tv_select_set(v, hit, !ui_tv_selected(v, hit));
    } else if (!ui_tv_selected(v, hit)) {
        ui_tv_select_none(v, t);
        ui_tv_select_set(v, hit, true);
    }
    if (game_moves_by_unit(app->game) && ui_tv_selected(v, hit))
        select_unit(v, t, hit); /* a stand stands for its unit */
    m->grab_offset = glms_vec2_sub(v->mouse_cm, t->figures[hit].pos);
    return true;
}

static void box_select(tv *v, const table *t)
{
    float x0 = fminf(v->press_cm.x, v->mouse_cm.x), x1 = fmaxf(v->press_cm.x, v->mouse_cm.x);
    float y0 = fminf(v->press_cm.y, v->mouse_cm.y), y1 = fmaxf(v->press_cm.y, v->mouse_cm.y);
    for (int i = 0; i < t->figure_count; i++) {
        vec2s p = t->figures[i].pos;
        if (table_figure_active(&t->figures[i]) && !(v->flags[i] & RENDER_FIG_HIDDEN) &&
            p.x >= x0 && p.x <= x1 && p.y >= y0 && p.y <= y1)
            ui_tv_select_set(v, i, true);
    }
}

/* Past a few pixels of travel the press becomes a move (on a selected figure) or a box. */
static void move_drag(tv_tool *tl, tv *v, ui_app *app, const ui_input *in)
{
    tv_move *m = (tv_move *)tl;
    vec2s now = {{in->mouse_x, in->mouse_y}};
    if (m->mode == MODE_PENDING && in->down[UI_MOUSE_LEFT] &&
        glms_vec2_distance(now, v->press_px) >= UI_TV_DRAG_THRESHOLD_PX) {
        if (m->press_fig >= 0 && ui_tv_selected(v, m->press_fig)) {
            m->mode = MODE_MOVE;
            move_begin(m, v, app, m->press_fig);
        } else {
            m->mode = MODE_BOX;
        }
    }
    if (m->mode == MODE_MOVE)
        move_update(m, app, glms_vec2_sub(v->mouse_cm, m->grab_offset));
}

static void move_release(tv_tool *tl, tv *v, ui_app *app)
{
    tv_move *m = (tv_move *)tl;
    if (m->mode == MODE_BOX)
        box_select(v, ui_tv_table(app));
    else if (m->mode == MODE_MOVE)
        move_drop(m, v, app);
    m->mode = MODE_NONE;
}

static void move_cancel(tv_tool *tl, tv *v, ui_app *app)
{
    tv_move *m = (tv_move *)tl;
    if (m->mode == MODE_MOVE)
        spring_back(m, v, app);
    m->mode = MODE_NONE;
}

/* A match changed under a move drops the move (a box or a press stays). */
static bool move_stale(tv_tool *tl, tv *v)
{
    (void)v;
    tv_move *m = (tv_move *)tl;
    if (m->mode != MODE_MOVE)
        return false;
    m->mode = MODE_NONE;
    return true;
}

static bool move_pose(const tv_tool *tl, const tv *v, const table *t, int fig, bool animating,
                      vec2s *pos, float *facing, bool *ghost)
{
    (void)animating, (void)facing;
    const tv_move *m = (const tv_move *)tl;
    if (m->mode != MODE_MOVE || !ui_tv_selected(v, fig))
        return false;
    *pos = glms_vec2_add(t->figures[fig].pos, glms_vec2_sub(m->dest, m->start));
    *ghost = true;
    return true;
}

/* ---- drawing ------------------------------------------------------------------------------- */

static void draw_region(const tv_move *m, tv *v, render_ctx *ctx)
{
    if (!m->region_ok)
        return;
    /* Drawn around the grabbed figure (a block's region is its reference figure's, shifted). */
    vec2s ring[REGION_RAYS], g = m->shown;
    for (int i = 0; i < REGION_RAYS; i++)
        ring[i] = glms_vec2_add(m->region[i], g);
    render_fan_cm(ctx, &v->cam, glms_vec2_add(m->start, g), ring, REGION_RAYS, 0x7fd7ff38);
    for (int i = 0; i < REGION_RAYS; i++)
        render_line_cm(ctx, &v->cam, ring[i], ring[(i + 1) % REGION_RAYS], 1.5f, 0x7fd7ffb0);
}

/* Under the moved figure, why the rules refuse the spot, or how far they let it go. */
static void draw_readout_note(const tv_move *m, tv *v, ui_app *app, render_ctx *ctx, vec2s dest)
{
    vec2s p = render_camera_to_px(&v->cam, dest);
    float k = render_ui_scale(ctx);
    if (!m->ok) {
        render_text_outlined(ctx, ui_overlay_text_x(ctx, p.x + 12 * k, m->reason, 12), p.y - 2 * k,
                             m->reason, 12, 0xff8080ff, RENDER_ALIGN_LEFT);
    } else if (m->reach_ok && m->reach.limit[0]) {
        char a[32], limit[128];
        snprintf(limit, sizeof limit, "farthest this way: %s (%s)",
                 ui_tv_units_text(app, m->reach.max_cm, a, sizeof a), m->reach.limit);
        render_text_outlined(ctx, ui_overlay_text_x(ctx, p.x + 12 * k, limit, 11), p.y - 2 * k,
                             limit, 11, 0xd0e8ffff, RENDER_ALIGN_LEFT);
    }
}

static void draw_readout(const tv_move *m, tv *v, ui_app *app, render_ctx *ctx)
{
    vec2s dest = glms_vec2_add(m->dest, m->shown); /* the grabbed figure's */
    vec2s pts[2] = {glms_vec2_add(m->start, m->shown), dest};
    float dist = glms_vec2_distance(m->start, m->dest);
    bool over = m->reach_ok && dist > m->reach.max_cm + 1e-3f;
    ui_overlay_path(ctx, &v->cam, pts, 2, m->ok);
    if (over)
        render_marker_cm(ctx, &v->cam, glms_vec2_add(m->reach.stop, m->shown), 5,
                         UI_PATH_BAD_RGB << 8 | 0xff);
    char a[32], b[32], line[256];
    /* The rule set's reach this way, not a generic path cost: what the figure will do. */
    if (m->reach_ok && m->reach.max_cm > 0) {
        int len = snprintf(line, sizeof line, "moved %s of at most %s this way",
                           ui_tv_units_text(app, dist, a, sizeof a),
                           ui_tv_units_text(app, m->reach.max_cm, b, sizeof b));
        if (len > 0 && (size_t)len < sizeof line && m->reach.sure_cm < m->reach.max_cm - 1e-3f &&
            dist > m->reach.sure_cm + 1e-3f)
            snprintf(line + len, sizeof line - (size_t)len, "; past %s it rests on a roll",
                     ui_tv_units_text(app, m->reach.sure_cm, a, sizeof a));
    } else {
        snprintf(line, sizeof line, "moved %s", ui_tv_units_text(app, dist, a, sizeof a));
    }
    ui_overlay_label(ctx, &v->cam, dest, line, m->ok ? 0xffffffff : 0xffb0b0ff);
    draw_readout_note(m, v, app, ctx, dest);
}

static void draw_box(tv *v, render_ctx *ctx)
{
    vec2s a = render_camera_to_px(&v->cam, v->press_cm),
          b = render_camera_to_px(&v->cam, v->mouse_cm);
    float x = fminf(a.x, b.x), y = fminf(a.y, b.y);
    render_rect(ctx, x, y, fabsf(a.x - b.x), fabsf(a.y - b.y), 0xffe14a30);
    render_rect_outline(ctx, x, y, fabsf(a.x - b.x), fabsf(a.y - b.y), 0xffe14aff);
}

static void move_draw(tv_tool *tl, tv *v, ui_app *app, render_ctx *ctx, const table *t,
                      tv_layer layer)
{
    (void)t;
    tv_move *m = (tv_move *)tl;
    if (layer == TV_LAYER_UNDER && m->mode == MODE_MOVE)
        draw_region(m, v, ctx);
    else if (layer == TV_LAYER_OVER && m->mode == MODE_MOVE)
        draw_readout(m, v, app, ctx);
    else if (layer == TV_LAYER_TOP && m->mode == MODE_BOX)
        draw_box(v, ctx);
}

static const tv_tool_ops move_ops = {
    .name = "select",
    .hint = "Select",
    .press = move_press,
    .drag = move_drag,
    .release = move_release,
    .cancel = move_cancel,
    .stale = move_stale,
    .pose = move_pose,
    .draw = move_draw,
};

tv_tool *ui_tv_move_create(void)
{
    tv_move *m = mem_calloc(1, sizeof *m);
    m->base.ops = &move_ops;
    return &m->base;
}
