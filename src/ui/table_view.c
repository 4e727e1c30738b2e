/* The table screen: camera, selection, drag to move (through the engine), rotation, and the
 * tools (measuring tape, line of sight, arcs, the area-fire semicircle). It reads the match
 * through game.h and changes it only by submitting commands. */
#include "ui/table_view.h"

#include "core/mem.h"
#include "ui/action_panel.h"
#include "ui/actions.h"
#include "ui/app.h"
#include "ui/commander_pips.h"
#include "ui/driver_panel.h"
#include "ui/morale_news.h"
#include "ui/names.h"
#include "ui/net_play.h"
#include "ui/roster.h"
#include "ui/overlay.h"
#include "ui/solo.h"
#include "ui/teach.h"
#include "ui/tools.h"
#include "ui/referee.h"
#include "ui/turn_banner.h"
#include "ui/unit_block.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PI_F              3.14159265358979f
#define DRAG_THRESHOLD_PX 5.0f
#define REGION_RAYS       72
#define ANIM_MAX          256
#define TAPE_MAX          32

typedef enum tv_tool {
    TOOL_SELECT = 0,
    TOOL_MEASURE,
    TOOL_LOS,
    TOOL_TARGET,
    TOOL_ROTATE,
} tv_tool;

typedef enum tv_drag {
    DRAG_NONE = 0,
    DRAG_PENDING, /* pressed; becomes a move or a box once the mouse travels */
    DRAG_PAN,
    DRAG_BOX,
    DRAG_MOVE,
    DRAG_HANDLE, /* the rotation handle */
    DRAG_WHEEL,  /* a wheel handle at one end of a unit's front line */
} tv_drag;

typedef struct tv_anim {
    int fig;
    vec2s from, to;
    float face_from, face_to;
    double t0, dur;
} tv_anim;

typedef struct tv_move {
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

/* A wheel being dragged: the unit's block swings about one end of its front line. */
typedef struct tv_wheel {
    ui_unit_block block;
    ui_unit_wheel w;
    float turn;
    rules_command cmd;
    bool ok;
    char reason[200];
    float allowance_cm; /* 0 when the rule set does not say */
} tv_wheel;

typedef struct tv {
    render_camera cam;
    bool cam_ready;
    uint8_t *flags;
    int flags_cap;
    int hover;
    double hover_since;
    vec2s mouse_cm;
    tv_tool tool;
    char fire_option[RULES_WORD_MAX]; /* the target tool's option (ammunition); "" none */
    tv_drag drag;
    int drag_button;
    bool right_click; /* a right click without travel, with the select tool (referee menu) */
    vec2s press_px, press_cm;
    int press_fig;
    vec2s grab_offset;
    tv_move move;
    tv_wheel wheel;
    float rotate_preview;
    tv_anim anims[ANIM_MAX];
    int anim_count;
    vec2s tape[TAPE_MAX];
    int tape_figs[TAPE_MAX];
    int tape_n;
    bool tape_done;
    int los_from;
    bool show_arcs, show_sight;
    ui_tools_sight sight;
    uint32_t sight_version;
    int sight_fig;
    uint32_t seen_version;
    ui_action_panel *actions; /* the actor's actions and the orders, under the driver */
    vec2s mouse_px;
    ui_driver_panel *driver; /* the turn driver (deck, dice, phases) at the top right */
    los_index *los;          /* static terrain never changes during a match */
    const table *los_table;
    /* A stated range being typed (rules_target.range_guess): the fire waits for the number, and
     * no tape or range readout is shown meanwhile. */
    bool guess_on;
    char guess[8];
    rules_command guess_cmd;
    int guess_fig;
    ui_solo solo;          /* the bot's sides (ui/solo.h) */
    ui_teach teach;        /* dice tray and event log (ui/teach.h) */
    ui_names named;        /* the figures whose name is under the pointer (ringed) */
    ui_names focus;        /* the figures of the log entry opened by a click (ringed) */
    int focus_key;         /* that entry */
    ui_turn_banner banner; /* "Turn N begins" */
    ui_morale_news news;   /* "Moro morale breaks", its figures ringed */
    ui_roster roster;      /* each side's units and their state (Tab) */
} tv;

/* ---- small helpers ------------------------------------------------------------------------- */

static const table *tv_table(ui_app *app)
{
    return game_table(app->game);
}

static bool is_selected(const tv *v, int i)
{
    return v->flags[i] & RENDER_FIG_SELECTED;
}

static int selection_count(const tv *v, const table *t)
{
    int n = 0;
    for (int i = 0; i < t->figure_count; i++)
        n += is_selected(v, i);
    return n;
}

static int first_selected(const tv *v, const table *t)
{
    for (int i = 0; i < t->figure_count; i++)
        if (is_selected(v, i))
            return i;
    return -1;
}

static void select_none(tv *v, const table *t)
{
    for (int i = 0; i < t->figure_count; i++)
        v->flags[i] &= (uint8_t)~RENDER_FIG_SELECTED;
}

static void select_set(tv *v, int i, bool on)
{
    if (on)
        v->flags[i] |= RENDER_FIG_SELECTED;
    else
        v->flags[i] &= (uint8_t)~RENDER_FIG_SELECTED;
}

static void flags_fit(tv *v, const table *t)
{
    if (t->figure_count <= v->flags_cap)
        return;
    v->flags = mem_realloc(v->flags, (size_t)t->figure_count, 1);
    memset(v->flags + v->flags_cap, 0, (size_t)(t->figure_count - v->flags_cap));
    v->flags_cap = t->figure_count;
}

/* The topmost active figure under p, skipping those flagged `skip` (flags may be NULL). */
static int hit_skipping(const table *t, vec2s p, float slop_cm, const uint8_t *flags, unsigned skip)
{
    for (int i = t->figure_count - 1; i >= 0; i--) {
        const figure *f = &t->figures[i];
        if (!table_figure_active(f) || (flags && (flags[i] & skip)))
            continue;
        float r = f->base.kind == GEOM_BASE_RECT
                      ? 0.5f * fmaxf(f->base.frontage_cm, f->base.depth_cm)
                      : f->base.radius_cm;
        if (glms_vec2_distance(f->pos, p) <= r + slop_cm)
            return i;
    }
    return -1;
}

int ui_table_view_hit(const table *t, vec2s p, float slop_cm)
{
    return hit_skipping(t, p, slop_cm, NULL, 0);
}

static float base_radius(const figure *f)
{
    return f->base.kind == GEOM_BASE_RECT ? 0.5f * fmaxf(f->base.frontage_cm, f->base.depth_cm)
                                          : f->base.radius_cm;
}

static int hit_at(const tv *v, const table *t, vec2s cm)
{
    /* A few pixels of slop so tiny figures stay clickable when zoomed out. */
    return hit_skipping(t, cm, 4.0f / v->cam.px_per_cm, v->flags, RENDER_FIG_HIDDEN);
}

static vec2s selection_centre(const tv *v, const table *t)
{
    vec2s c = {{0, 0}};
    int n = 0;
    for (int i = 0; i < t->figure_count; i++)
        if (is_selected(v, i)) {
            c = glms_vec2_add(c, t->figures[i].pos);
            n++;
        }
    return n ? glms_vec2_scale(c, 1.0f / (float)n) : c;
}

static const los_index *tv_los(tv *v, const table *t)
{
    if (!v->los || v->los_table != t) {
        los_destroy(v->los);
        v->los = los_create(t, NULL);
        v->los_table = t;
    }
    return v->los;
}

static const char *units_text(ui_app *app, float cm, char *buf, size_t size)
{
    return render_format_distance(cm, app->settings.units, buf, size);
}

/* ---- commands ------------------------------------------------------------------------------ */

/* A move/rotate command for the selection, with `ref` first (the engine moves the others by
 * the same offset, keeping the formation). */
static rules_command selection_command(const tv *v, const table *t, int ref,
                                       rules_command_kind kind)
{
    if (ref < 0 || ref >= t->figure_count)
        return (rules_command){.kind = kind}; /* no figures: every rule set refuses it */
    rules_command cmd = {.kind = kind, .side = t->figures[ref].side};
    rules_command_add_figure(&cmd, t->figures[ref].id);
    for (int i = 0; i < t->figure_count; i++)
        if (i != ref && is_selected(v, i) && t->figures[i].side.id == cmd.side.id)
            rules_command_add_figure(&cmd, t->figures[i].id);
    return cmd;
}

static void anim_add(tv *v, ui_app *app, int fig, vec2s from, vec2s to, float f0, float f1)
{
    if (v->anim_count == ANIM_MAX || app->settings.anim_speed <= 0)
        return;
    float dist = glms_vec2_distance(from, to);
    double dur = (0.15 + fmin(dist, 60.0) * 0.008) / app->settings.anim_speed;
    v->anims[v->anim_count++] = (tv_anim){fig, from, to, f0, f1, app->time, dur};
}

/* A figure moved by the rules rather than by its own command (flight at End of Turn, a retreat,
 * a pursuit): it waits for the card or dice that sent it, then runs at a pace the eye follows. */
static void anim_add_run(tv *v, ui_app *app, int fig, vec2s from, vec2s to, float f0, float f1)
{
    float speed = app->settings.anim_speed;
    if (v->anim_count == ANIM_MAX || speed <= 0)
        return;
    float dist = glms_vec2_distance(from, to);
    double dur = (0.4 + fmin(dist, 60.0) * 0.025) / speed;
    v->anims[v->anim_count++] =
        (tv_anim){fig, from, to, f0, f1, app->time + UI_TABLE_VIEW_RUN_DELAY_S / speed, dur};
}

static bool anims_running(const tv *v, double now)
{
    for (int i = 0; i < v->anim_count; i++)
        if (now < v->anims[i].t0 + v->anims[i].dur)
            return true;
    return false;
}

static bool command_has(const rules_command *cmd, const figure *f)
{
    for (int i = 0; i < cmd->figure_count; i++)
        if (cmd->figures[i].id == f->id.id)
            return true;
    return cmd->figure.id == f->id.id || (cmd->unit.id && cmd->unit.id == f->unit.id);
}

/* Remembers every figure's place, submits, and animates the figures that moved. */
static bool submit_animated(tv *v, ui_app *app, const rules_command *cmd, char *reason, size_t size)
{
    if (!ui_solo_may_submit(&v->solo, app, cmd, reason, size))
        return false;
    const table *t = tv_table(app);
    int n = t->figure_count;
    vec2s *pos = mem_calloc((size_t)n + 1, sizeof *pos);
    float *face = mem_calloc((size_t)n + 1, sizeof *face);
    for (int i = 0; i < n; i++) {
        pos[i] = t->figures[i].pos;
        face[i] = t->figures[i].facing;
    }
    ui_action_panel_note_submit(v->actions, app->game, cmd);
    bool ok = app->net ? ui_net_submit(app, cmd, reason, size)
                       : game_submit(app->game, cmd, reason, size);
    if (ok) {
        app->state_version++;
        t = tv_table(app);
        for (int i = 0; i < n && i < t->figure_count; i++) {
            const figure *f = &t->figures[i];
            if (glms_vec2_distance(pos[i], f->pos) <= 1e-4f && face[i] == f->facing)
                continue;
            if (command_has(cmd, f) || game_moves_by_unit(app->game))
                anim_add(v, app, i, pos[i], f->pos, face[i], f->facing);
            else
                anim_add_run(v, app, i, pos[i], f->pos, face[i], f->facing);
        }
    }
    free(pos);
    free(face);
    return ok;
}

/* ---- move preview -------------------------------------------------------------------------- */

static void block_begin(tv *v, ui_app *app, int pressed);

static void move_begin(tv *v, ui_app *app, int ref)
{
    const table *t = tv_table(app);
    tv_move *m = &v->move;
    memset(m, 0, sizeof *m);
    m->cmd = selection_command(v, t, ref, RULES_CMD_MOVE);
    m->start = t->figures[ref].pos;
    if (game_moves_by_unit(app->game))
        block_begin(v, app, ref);
    m->region_ok = game_region(app->game, &m->cmd, REGION_RAYS, m->region);
}

/* Referee mode: the reference figure put where it is dropped, nothing measured. */
static void move_update_referee(tv *v, ui_app *app, vec2s dest)
{
    tv_move *m = &v->move;
    rules_command c = ui_referee_move(app, m->cmd.figures[0], dest);
    m->ok = game_validate(app->game, &c, m->reason, sizeof m->reason);
    m->reach_ok = false;
    m->region_ok = false;
}

static void move_update(tv *v, ui_app *app, vec2s dest)
{
    tv_move *m = &v->move;
    m->dest = dest;
    if (app->referee.on) {
        move_update_referee(v, app, dest);
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

static void spring_back(tv *v, ui_app *app)
{
    const table *t = tv_table(app);
    vec2s off = glms_vec2_sub(v->move.dest, v->move.start);
    for (int i = 0; i < t->figure_count; i++)
        if (is_selected(v, i))
            anim_add(v, app, i, glms_vec2_add(t->figures[i].pos, off), t->figures[i].pos,
                     t->figures[i].facing, t->figures[i].facing);
}

/* Says how far the dragged figure really went: where it was dropped, or where the rules
 * stopped it (a wall not climbed, contact, the allowance) with the rule set's words why. */
static void move_told(tv *v, ui_app *app)
{
    const table *t = tv_table(app);
    const figure *ref = table_figure_const(t, v->move.cmd.figures[0]);
    char a[32], b[32];
    float want = glms_vec2_distance(v->move.start, v->move.dest);
    float went = ref ? glms_vec2_distance(v->move.start, ref->pos) : want;
    if (!ref || went >= want - 0.05f) {
        ui_app_toast(app, "Moved %s", units_text(app, went, a, sizeof a));
        return;
    }
    /* Why, in the rule set's words about the figure: a note (the wall's roll), else what
     * says it stops (contact), else its move's own line. */
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
    ui_app_toast(app, "Stopped after %s of %s%s%.160s", units_text(app, went, a, sizeof a),
                 units_text(app, want, b, sizeof b), why ? ": " : "", why ? why : "");
}

/* Referee mode: every selected figure keeps its offset to the one dragged, each put there by
 * a referee command of its own (the first refused stops the rest, its reason toasted). */
static void move_drop_referee(tv *v, ui_app *app)
{
    const table *t = tv_table(app);
    vec2s off = glms_vec2_sub(v->move.dest, v->move.start);
    figure_id ids[RULES_CMD_FIGURES_MAX];
    vec2s to[RULES_CMD_FIGURES_MAX];
    int n = 0;
    for (int i = 0; i < t->figure_count && n < RULES_CMD_FIGURES_MAX; i++) {
        if (is_selected(v, i)) {
            ids[n] = t->figures[i].id;
            to[n++] = glms_vec2_add(t->figures[i].pos, off);
        }
    }
    for (int i = 0; i < n; i++) {
        const figure *f = table_figure_const(tv_table(app), ids[i]);
        vec2s from = f->pos;
        float facing = f->facing;
        rules_command c = ui_referee_move(app, ids[i], to[i]);
        if (!ui_referee_submit(&app->referee, app, &c)) {
            spring_back(v, app);
            return;
        }
        anim_add(v, app, (int)ids[i].id - 1, from, to[i], facing, facing);
    }
}

/* A refused command: logged by the teaching panels, said in a toast. */
static void tv_refused(tv *v, ui_app *app, const char *what, const char *reason)
{
    ui_app_toast(app, "%s", ui_teach_refused(&v->teach, ui_app_view(app), what, reason));
}

static void move_drop(tv *v, ui_app *app)
{
    char reason[256] = "";
    if (glms_vec2_distance(v->move.dest, v->move.start) < 1e-3f)
        return;
    if (app->referee.on) {
        move_drop_referee(v, app);
        return;
    }
    if (!v->move.ok) {
        spring_back(v, app);
        tv_refused(v, app, "move there", v->move.reason);
        return;
    }
    if (!submit_animated(v, app, &v->move.cmd, reason, sizeof reason)) {
        spring_back(v, app);
        tv_refused(v, app, "move there", reason);
        return;
    }
    move_told(v, app);
}

/* ---- rotation ------------------------------------------------------------------------------ */

static void rotate_commit(tv *v, ui_app *app, float facing)
{
    const table *t = tv_table(app);
    int ref = first_selected(v, t);
    if (ref < 0)
        return;
    if (app->referee.on) { /* each selected figure turned to the handle's facing */
        for (int i = 0; i < t->figure_count; i++) {
            if (!is_selected(v, i))
                continue;
            rules_command c = ui_referee_rotate(app, t->figures[i].id, facing);
            if (!ui_referee_submit(&app->referee, app, &c))
                return;
        }
        return;
    }
    rules_command cmd = selection_command(v, t, ref, RULES_CMD_ROTATE);
    cmd.face_set = true;
    cmd.facing = facing;
    char reason[256];
    if (!submit_animated(v, app, &cmd, reason, sizeof reason))
        tv_refused(v, app, "turn", reason);
}

static vec2s handle_pos(const tv *v, const figure *f)
{
    float r = base_radius(f) + 14.0f / v->cam.px_per_cm;
    return glms_vec2_add(f->pos, (vec2s){{cosf(f->facing) * r, sinf(f->facing) * r}});
}

static bool on_handle(const tv *v, const table *t, vec2s cm)
{
    if (selection_count(v, t) != 1)
        return false;
    const figure *f = &t->figures[first_selected(v, t)];
    return glms_vec2_distance(handle_pos(v, f), cm) * v->cam.px_per_cm <= 7.0f;
}

/* ---- units of stands: drag and wheel as blocks (rules_view_ops.moves_by_unit) ------------ */

/* The block the wheel handles act on: the selection when it is all of one unit's figures (two
 * or more). */
static bool selected_unit_block(const tv *v, ui_app *app, const table *t, ui_unit_block *b)
{
    int ref = first_selected(v, t);
    if (ref < 0 || !game_moves_by_unit(app->game))
        return false;
    rules_command cmd = ui_unit_block_command(t, ref, NULL, 0, RULES_CMD_WHEEL);
    figure_id ids[UI_UNIT_BLOCK_MAX];
    int n = cmd.unit.id ? game_move_figures(app->game, &cmd, ids, UI_UNIT_BLOCK_MAX) : 0;
    ui_unit_block_init(b, t, ids, n);
    if (b->count < 1 || b->count != selection_count(v, t))
        return false;
    if (b->count == 1) { /* a lone figure: handles only when the rule set lets it wheel now */
        ui_unit_wheel w = ui_unit_block_wheel(b, t, 0);
        rules_command c = ui_unit_wheel_command(&w, b, t, 0);
        char why[160];
        if (!game_validate(app->game, &c, why, sizeof why))
            return false;
    }
    for (int k = 0; k < b->count; k++)
        if (!is_selected(v, b->fig[k]))
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

static bool wheel_press(tv *v, ui_app *app)
{
    const table *t = tv_table(app);
    ui_unit_block b;
    if (!selected_unit_block(v, app, t, &b))
        return false;
    for (int end = 0; end < 2; end++) {
        if (glms_vec2_distance(wheel_handle_pos(v, t, &b, end), v->mouse_cm) * v->cam.px_per_cm >
            8.0f)
            continue;
        tv_wheel *w = &v->wheel;
        memset(w, 0, sizeof *w);
        w->block = b;
        w->w = ui_unit_block_wheel(&b, t, end);
        rules_command mv = {.kind = RULES_CMD_MOVE,
                            .side = t->figures[b.fig[0]].side,
                            .unit = t->figures[b.fig[0]].unit};
        rules_reach r;
        if (game_reach(app->game, &mv, geom_dir(w->w.facing), &r))
            w->allowance_cm = r.allowance_cm;
        v->drag = DRAG_WHEEL;
        return true;
    }
    return false;
}

static void wheel_update(tv *v, ui_app *app)
{
    tv_wheel *w = &v->wheel;
    w->turn = ui_unit_wheel_turn(&w->w, v->mouse_cm);
    w->cmd = ui_unit_wheel_command(&w->w, &w->block, tv_table(app), w->turn);
    w->ok = game_validate(app->game, &w->cmd, w->reason, sizeof w->reason);
}

static bool wheel_pose(const tv *v, const table *t, int fig, vec2s *pos, float *facing)
{
    for (int k = 0; v->drag == DRAG_WHEEL && k < v->wheel.block.count; k++)
        if (v->wheel.block.fig[k] == fig) {
            ui_unit_wheel_pose(&v->wheel.w, &v->wheel.block, t, k, v->wheel.turn, pos, facing);
            return true;
        }
    return false;
}

static void wheel_drop(tv *v, ui_app *app)
{
    tv_wheel *w = &v->wheel;
    const table *t = tv_table(app);
    if (fabsf(w->turn) < 0.5f * PI_F / 180)
        return;
    char reason[256] = "", a[32];
    bool ok = w->ok && submit_animated(v, app, &w->cmd, reason, sizeof reason);
    if (!ok) {
        /* Spring back from the previewed places, and say why. */
        for (int k = 0; k < w->block.count; k++) {
            vec2s p;
            float f;
            ui_unit_wheel_pose(&w->w, &w->block, t, k, w->turn, &p, &f);
            int i = w->block.fig[k];
            anim_add(v, app, i, p, t->figures[i].pos, f, t->figures[i].facing);
        }
        tv_refused(v, app, "wheel", w->ok ? reason : w->reason);
        return;
    }
    ui_app_toast(app, "Wheeled %.0f degrees: the outer end travelled %s",
                 (double)(fabsf(w->turn) * 180 / PI_F),
                 units_text(app, ui_unit_wheel_arc_cm(&w->w, w->turn), a, sizeof a));
}

/* A drag of a unit's stand moves its block: the unit, or the formed brigade when the selection
 * spans units of one brigade; the selection becomes what the rule set says moves. */
static void block_begin(tv *v, ui_app *app, int pressed)
{
    const table *t = tv_table(app);
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
    select_none(v, t);
    for (int k = 0; k < b.count; k++)
        select_set(v, b.fig[k], true);
    int ref = b.fig[0];
    v->move.cmd = cmd;
    v->move.start = t->figures[ref].pos;
    /* The cursor drags the pressed stand; the command's path is the reference's. */
    v->move.shown = glms_vec2_sub(t->figures[pressed].pos, t->figures[ref].pos);
    v->grab_offset = glms_vec2_add(v->grab_offset, v->move.shown);
}

static void draw_wheel(tv *v, ui_app *app, render_ctx *ctx, const table *t)
{
    if (v->drag != DRAG_WHEEL) {
        ui_unit_block b;
        if (v->drag != DRAG_NONE || v->tool != TOOL_SELECT || !selected_unit_block(v, app, t, &b))
            return;
        vec2s ends[2];
        ui_unit_block_front_ends(&b, t, ends);
        for (int end = 0; end < 2; end++) {
            vec2s h = wheel_handle_pos(v, t, &b, end);
            render_line_cm(ctx, &v->cam, ends[end], h, 1.5f, 0xffe14ac0);
            render_marker_cm(ctx, &v->cam, h, 6, 0x101010ff);
            render_marker_cm(ctx, &v->cam, h, 4.5f, 0xffe14aff);
        }
        return;
    }
    tv_wheel *w = &v->wheel;
    /* The outer end's path, the pivot, and the distance against the allowance. */
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
    if (w->allowance_cm > 0)
        snprintf(line, sizeof line, "wheel %.0f deg: outer end travels %s of %s",
                 (double)(fabsf(w->turn) * 180 / PI_F), units_text(app, arc_cm, a, sizeof a),
                 units_text(app, w->allowance_cm, b, sizeof b));
    else
        snprintf(line, sizeof line, "wheel %.0f deg: outer end travels %s",
                 (double)(fabsf(w->turn) * 180 / PI_F), units_text(app, arc_cm, a, sizeof a));
    ui_overlay_label(ctx, &v->cam, arc[32], line, w->ok ? 0xffffffff : 0xffb0b0ff);
    if (!w->ok && fabsf(w->turn) > 1e-3f) {
        vec2s p = render_camera_to_px(&v->cam, arc[32]);
        float k = render_ui_scale(ctx);
        render_text_outlined(ctx, ui_overlay_text_x(ctx, p.x + 12 * k, w->reason, 12), p.y - 2 * k,
                             w->reason, 12, 0xff8080ff, RENDER_ALIGN_LEFT);
    }
}

/* The rule set's unit of measure until the player picks one (U, or the pause menu). */
static void units_follow_rules(ui_app *app)
{
    if (!app->settings.units_chosen)
        app->settings.units =
            strcmp(game_measure(app->game), "inch") == 0 ? RENDER_UNITS_INCH : RENDER_UNITS_CM;
}

/* ---- input: the select tool ---------------------------------------------------------------- */

static void select_unit(tv *v, const table *t, int i)
{
    unit_id u = t->figures[i].unit;
    for (int k = 0; k < t->figure_count; k++)
        if (t->figures[k].unit.id == u.id && u.id && table_figure_active(&t->figures[k]) &&
            !(v->flags[k] & RENDER_FIG_HIDDEN))
            select_set(v, k, true);
}

static void press_select(tv *v, ui_app *app, const ui_input *in)
{
    const table *t = tv_table(app);
    if (!game_moves_by_unit(app->game) && on_handle(v, t, v->mouse_cm)) {
        v->drag = DRAG_HANDLE;
        return;
    }
    if (wheel_press(v, app))
        return;
    int hit = hit_at(v, t, v->mouse_cm);
    if (hit >= 0 && ui_action_panel_allocating(ui_app_view(app))) {
        /* Hits to allocate: a click picks (or drops) the figure. */
        const char *why = ui_action_panel_pick(v->actions, ui_app_view(app), t->figures[hit].id);
        if (why)
            ui_app_toast(app, "Not so: %s", why);
        return;
    }
    v->press_fig = hit;
    v->drag = DRAG_PENDING;
    if (hit < 0) {
        if (!in->shift)
            select_none(v, t);
        return;
    }
    /* Shift+clicks on neighbours in quick succession toggle each one (a double click there
     * would otherwise take in the whole unit, officers and all). */
    if (in->clicks[UI_MOUSE_LEFT] >= 2 && !in->shift) {
        select_none(v, t);
        select_unit(v, t, hit);
    } else if (in->shift) {
        select_set(v, hit, !is_selected(v, hit));
    } else if (!is_selected(v, hit)) {
        select_none(v, t);
        select_set(v, hit, true);
    }
    if (game_moves_by_unit(app->game) && is_selected(v, hit))
        select_unit(v, t, hit); /* a stand stands for its unit */
    v->grab_offset = glms_vec2_sub(v->mouse_cm, t->figures[hit].pos);
}

static void box_select(tv *v, const table *t)
{
    float x0 = fminf(v->press_cm.x, v->mouse_cm.x), x1 = fmaxf(v->press_cm.x, v->mouse_cm.x);
    float y0 = fminf(v->press_cm.y, v->mouse_cm.y), y1 = fmaxf(v->press_cm.y, v->mouse_cm.y);
    for (int i = 0; i < t->figure_count; i++) {
        vec2s p = t->figures[i].pos;
        if (table_figure_active(&t->figures[i]) && !(v->flags[i] & RENDER_FIG_HIDDEN) &&
            p.x >= x0 && p.x <= x1 && p.y >= y0 && p.y <= y1)
            select_set(v, i, true);
    }
}

static void drag_promote(tv *v, ui_app *app, const ui_input *in)
{
    vec2s now = {{in->mouse_x, in->mouse_y}};
    if (glms_vec2_distance(now, v->press_px) < DRAG_THRESHOLD_PX)
        return;
    const table *t = tv_table(app);
    if (v->press_fig >= 0 && is_selected(v, v->press_fig)) {
        v->drag = DRAG_MOVE;
        move_begin(v, app, v->press_fig);
    } else {
        v->drag = DRAG_BOX;
        (void)t;
    }
}

static void release_select(tv *v, ui_app *app)
{
    const table *t = tv_table(app);
    if (v->drag == DRAG_BOX)
        box_select(v, t);
    else if (v->drag == DRAG_MOVE)
        move_drop(v, app);
    else if (v->drag == DRAG_HANDLE)
        rotate_commit(v, app, v->rotate_preview);
    else if (v->drag == DRAG_WHEEL)
        wheel_drop(v, app);
    v->drag = DRAG_NONE;
}

/* ---- input: tools -------------------------------------------------------------------------- */

static vec2s snap_point(const tv *v, const table *t, vec2s cm, int *fig)
{
    int hit = hit_at(v, t, cm);
    *fig = hit;
    return hit >= 0 ? t->figures[hit].pos : cm;
}

static void press_measure(tv *v, ui_app *app)
{
    const table *t = tv_table(app);
    if (v->tape_done) {
        v->tape_n = 0;
        v->tape_done = false;
    }
    if (v->tape_n < TAPE_MAX - 1) {
        v->tape[v->tape_n] = snap_point(v, t, v->mouse_cm, &v->tape_figs[v->tape_n]);
        v->tape_n++;
    }
}

static void press_los(tv *v, ui_app *app)
{
    int hit = hit_at(v, tv_table(app), v->mouse_cm);
    if (hit >= 0)
        v->los_from = hit;
}

/* The target tool's fire: the selection with the option chosen on the action panel. */
static rules_command fire_command(const tv *v, const table *t, int ref)
{
    rules_command cmd = selection_command(v, t, ref, RULES_CMD_FIRE);
    snprintf(cmd.option, sizeof cmd.option, "%s", v->fire_option);
    return cmd;
}

/* A fire with an option aimed at a point (a gun's roundshot): at the clicked figure's centre
 * or the clicked table point, in *out; true when the rules accept it so. */
static bool point_fire(const tv *v, ui_app *app, const table *t, int ref, int hit,
                       rules_command *out)
{
    *out = fire_command(v, t, ref);
    out->point_set = true;
    out->point = hit >= 0 ? t->figures[hit].pos : v->mouse_cm;
    char reason[256];
    return v->fire_option[0] && game_validate(app->game, out, reason, sizeof reason);
}

/* True when the rules want the range stated for this fire at its target. */
static bool needs_guess(ui_app *app, const rules_command *cmd)
{
    rules_target tg[64];
    int n = game_targets(app->game, cmd, tg, 64);
    for (int i = 0; i < n; i++)
        if (tg[i].figure.id == cmd->target.id && tg[i].range_guess)
            return true;
    return false;
}

static void press_target(tv *v, ui_app *app)
{
    const table *t = tv_table(app);
    int hit = hit_at(v, t, v->mouse_cm);
    int ref = first_selected(v, t);
    if (ref < 0 || (hit >= 0 && is_selected(v, hit)))
        return;
    rules_command cmd = fire_command(v, t, ref);
    char reason[256];
    if (hit >= 0)
        cmd.target = t->figures[hit].id;
    if (hit >= 0 && needs_guess(app, &cmd)) {
        v->guess_on = true;
        v->guess[0] = 0;
        v->guess_cmd = cmd;
        v->guess_fig = hit;
        if (v->tape_n)
            v->tape_n = 0;
        ui_app_toast(app, "State the range in %s: type it, Enter fires, Esc cancels",
                     strcmp(game_measure(app->game), "inch") == 0 ? "inches" : "cm");
        return;
    }
    /* A figure named as the target first; else the point, when the rules aim so. On empty
     * table an option's point fire is sent even when refused: the rules say why. */
    rules_command at_point;
    bool as_target = hit >= 0 && game_validate(app->game, &cmd, reason, sizeof reason);
    if (!as_target) {
        bool point_ok = point_fire(v, app, t, ref, hit, &at_point);
        if (point_ok || (hit < 0 && v->fire_option[0]))
            cmd = at_point;
        else if (hit < 0)
            return;
    }
    if (submit_animated(v, app, &cmd, reason, sizeof reason)) {
        const figure *tf = table_figure_const(tv_table(app), cmd.target);
        ui_app_toast(app, "Fired at %s", tf && tf->name[0] ? tf->name : "the point");
        v->tool = TOOL_SELECT;
        v->fire_option[0] = 0;
    } else {
        tv_refused(v, app, "fire", reason);
    }
}

static void set_tool(tv *v, ui_app *app, tv_tool tool)
{
    if (v->guess_on && (tool == TOOL_MEASURE || tool == TOOL_LOS)) {
        ui_app_toast(app, "No measuring while you guess the range");
        return;
    }
    v->tool = v->tool == tool ? TOOL_SELECT : tool;
    v->fire_option[0] = 0; /* the tool's own fire: the rules' default */
    static const char *names[] = {"Select", "Measuring tape: click to add waypoints",
                                  "Line of sight: click a figure, then point",
                                  "Target: point at an enemy, click to fire",
                                  "Turn: point where to face, click to confirm"};
    if (v->tool == TOOL_MEASURE) {
        v->tape_n = 0;
        v->tape_done = false;
    }
    if (v->tool == TOOL_LOS) {
        const table *t = tv_table(app);
        v->los_from = first_selected(v, t);
    }
    if (v->tool == TOOL_TARGET && first_selected(v, tv_table(app)) < 0)
        ui_app_toast(app, "Target: select who fires first, then point at an enemy");
    else
        ui_app_toast(app, "%s", names[v->tool]);
}

static void action_run(tv *v, ui_app *app, int i);
static void request_run(tv *v, ui_app *app, const ui_action_request *rq);
static void command_run(tv *v, ui_app *app, const rules_command *cmd);

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
    if (v->drag == DRAG_MOVE)
        spring_back(v, app);
    if (v->drag != DRAG_NONE) {
        v->drag = DRAG_NONE;
        return;
    }
    if (v->tool != TOOL_SELECT) {
        v->tool = TOOL_SELECT;
        v->tape_n = 0;
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
    const table *t = tv_table(app);
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
        set_tool(v, app, TOOL_MEASURE);
        break;
    case 'l':
        set_tool(v, app, TOOL_LOS);
        break;
    case 't':
        set_tool(v, app, TOOL_TARGET);
        break;
    case 'r':
        if (first_selected(v, t) >= 0)
            set_tool(v, app, TOOL_ROTATE);
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
    case UI_KEY_BACKSPACE:
        if (v->tool == TOOL_MEASURE && v->tape_n > 0)
            v->tape_n--;
        break;
    case UI_KEY_RETURN: {
        ui_action_request rq;
        if (v->tool == TOOL_MEASURE)
            v->tape_done = true;
        else if (ui_action_panel_confirm(v->actions, ui_app_view(app), &rq))
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

/* Typing the stated range: digits, Backspace, Enter fires, Esc gives up. */
static void key_guess(tv *v, ui_app *app, int key)
{
    size_t n = strlen(v->guess);
    if (key >= '0' && key <= '9' && n + 1 < sizeof v->guess) {
        v->guess[n] = (char)key;
        v->guess[n + 1] = 0;
    } else if (key == UI_KEY_BACKSPACE && n > 0) {
        v->guess[n - 1] = 0;
    } else if (key == 'm' || key == 'l') {
        ui_app_toast(app, "No measuring while you guess the range");
    } else if (key == UI_KEY_ESCAPE) {
        v->guess_on = false;
        ui_app_toast(app, "No shot fired");
    } else if (key == UI_KEY_RETURN && n > 0) {
        rules_command cmd = v->guess_cmd;
        cmd.count = atoi(v->guess);
        char reason[256];
        v->guess_on = false;
        if (submit_animated(v, app, &cmd, reason, sizeof reason))
            ui_app_toast(app, "The gunner calls %d: the shell falls", cmd.count);
        else
            ui_app_toast(app, "%s", reason);
    }
}

/* F9 toggles referee mode; while it is on, its keys come first (ui/referee.h). */
static bool referee_key(tv *v, ui_app *app, int key, int mods)
{
    if (key == UI_KEY_F9) {
        ui_referee_toggle(&app->referee, app);
        return true;
    }
    const table *t = tv_table(app);
    figure_id sel[RULES_CMD_FIGURES_MAX];
    int n = 0;
    for (int i = 0; i < t->figure_count && n < RULES_CMD_FIGURES_MAX; i++)
        if (is_selected(v, i))
            sel[n++] = t->figures[i].id;
    return ui_referee_key(&app->referee, app, sel, n, key, mods);
}

/* A right click in referee mode opens the menu of rulings on the figure or the spot. */
static void referee_menu(tv *v, ui_app *app, const ui_input *in)
{
    v->right_click = false;
    if (!app->referee.on)
        return;
    const table *t = tv_table(app);
    figure_id sel[RULES_CMD_FIGURES_MAX];
    int n = 0;
    for (int i = 0; i < t->figure_count && n < RULES_CMD_FIGURES_MAX; i++)
        if (is_selected(v, i))
            sel[n++] = t->figures[i].id;
    int hit = hit_at(v, t, v->mouse_cm);
    ui_referee_menu_open(&app->referee, app, hit >= 0 ? t->figures[hit].id : (figure_id){0},
                         v->mouse_cm, sel, n, in->mouse_x, in->mouse_y);
}

static void handle_keys(tv *v, ui_app *app, const ui_input *in)
{
    for (int i = 0; i < in->key_count && v->guess_on; i++)
        key_guess(v, app, in->keys[i]);
    if (v->guess_on)
        return;
    for (int i = 0; i < in->key_count; i++) {
        if (in->key_mods[i] & UI_MOD_CTRL)
            key_ctrl(v, app, in->keys[i], in->key_mods[i]);
        else if (!referee_key(v, app, in->keys[i], in->key_mods[i]))
            key_plain(v, app, in, in->keys[i]);
    }
}

static void handle_camera(tv *v, const ui_input *in)
{
    if (in->wheel != 0 && in->mouse_inside)
        render_camera_zoom_at(&v->cam, (vec2s){{in->mouse_x, in->mouse_y}}, powf(1.2f, in->wheel));
    bool pan_press = in->pressed[UI_MOUSE_RIGHT] || in->pressed[UI_MOUSE_MIDDLE] ||
                     (in->pressed[UI_MOUSE_LEFT] && in->space_down);
    if (pan_press && v->drag == DRAG_NONE) {
        v->drag = DRAG_PAN;
        v->drag_button = in->pressed[UI_MOUSE_RIGHT]    ? UI_MOUSE_RIGHT
                         : in->pressed[UI_MOUSE_MIDDLE] ? UI_MOUSE_MIDDLE
                                                        : UI_MOUSE_LEFT;
        v->press_px = (vec2s){{in->mouse_x, in->mouse_y}};
    }
    if (v->drag == DRAG_PAN) {
        render_camera_pan_px(&v->cam, (vec2s){{in->mouse_dx, in->mouse_dy}});
        if (in->released[v->drag_button] || !in->down[v->drag_button]) {
            /* A right click without travel ends a tape or cancels a tool instead. */
            bool click = glms_vec2_distance(v->press_px, (vec2s){{in->mouse_x, in->mouse_y}}) <
                         DRAG_THRESHOLD_PX;
            v->drag = DRAG_NONE;
            if (click && v->drag_button == UI_MOUSE_RIGHT && v->tool == TOOL_MEASURE)
                v->tape_done = true;
            else if (click && v->drag_button == UI_MOUSE_RIGHT && v->tool != TOOL_SELECT)
                v->tool = TOOL_SELECT;
            else if (click && v->drag_button == UI_MOUSE_RIGHT)
                v->right_click = true;
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
    if (submit_animated(v, app, cmd, reason, sizeof reason))
        ui_app_toast(app, "%s", command_said(app, label, sizeof label));
    else
        tv_refused(v, app, label, reason);
}

/* What a panel asked for: a command, or figures to select for a drag or a target. */
static void request_run(tv *v, ui_app *app, const ui_action_request *rq)
{
    const table *t = tv_table(app);
    if (rq->kind == UI_ACTION_SUBMIT) {
        command_run(v, app, &rq->cmd);
        return;
    }
    if (rq->kind == UI_ACTION_REFUSED) {
        tv_refused(v, app, rq->refused.what, rq->refused.reason);
        return;
    }
    if (rq->kind == UI_ACTION_NOTE)
        ui_app_toast(app, "%s", rq->note);
    if (rq->kind == UI_ACTION_NONE || rq->kind == UI_ACTION_NOTE)
        return;
    select_none(v, t);
    for (int k = 0; k < rq->cmd.figure_count; k++) {
        const figure *f = table_figure_const(t, rq->cmd.figures[k]);
        if (f)
            select_set(v, (int)(f - t->figures), true);
    }
    if (rq->kind == UI_ACTION_TARGET) {
        v->tool = TOOL_TARGET;
        snprintf(v->fire_option, sizeof v->fire_option, "%s",
                 rq->cmd.kind == RULES_CMD_FIRE ? rq->cmd.option : "");
        ui_app_toast(app, "Point at an enemy to see the odds; click to fire (%d firing)",
                     rq->cmd.figure_count);
    } else {
        v->tool = TOOL_SELECT;
        ui_app_toast(app, "Drag the selected figures to move them");
    }
}

static void action_run(tv *v, ui_app *app, int i)
{
    ui_action_request rq;
    if (ui_action_panel_order(v->actions, ui_app_view(app), i, &rq))
        request_run(v, app, &rq);
}

static void handle_left(tv *v, ui_app *app, const ui_input *in)
{
    if (v->drag == DRAG_PAN)
        return;
    ui_action_request rq;
    if (in->pressed[UI_MOUSE_LEFT] && v->drag == DRAG_NONE &&
        ui_action_panel_click(v->actions, ui_app_view(app), in->mouse_x, in->mouse_y, &rq)) {
        request_run(v, app, &rq);
        return;
    }
    rules_command panel_cmd;
    ui_refusal refused;
    if (in->pressed[UI_MOUSE_LEFT] && v->drag == DRAG_NONE &&
        ui_driver_panel_click(v->driver, ui_app_view(app), in->mouse_x, in->mouse_y, &panel_cmd,
                              &refused)) {
        if (refused.what[0])
            tv_refused(v, app, refused.what, refused.reason);
        command_run(v, app, &panel_cmd);
        return;
    }
    if (in->pressed[UI_MOUSE_LEFT]) {
        v->press_px = (vec2s){{in->mouse_x, in->mouse_y}};
        v->press_cm = v->mouse_cm;
        switch (v->tool) {
        case TOOL_SELECT:
            press_select(v, app, in);
            break;
        case TOOL_MEASURE:
            press_measure(v, app);
            break;
        case TOOL_LOS:
            press_los(v, app);
            break;
        case TOOL_TARGET:
            press_target(v, app);
            break;
        case TOOL_ROTATE:
            rotate_commit(v, app, v->rotate_preview);
            v->tool = TOOL_SELECT;
            break;
        }
    }
    if (v->drag == DRAG_PENDING && in->down[UI_MOUSE_LEFT])
        drag_promote(v, app, in);
    if (v->drag == DRAG_MOVE)
        move_update(v, app, glms_vec2_sub(v->mouse_cm, v->grab_offset));
    if (v->drag == DRAG_WHEEL)
        wheel_update(v, app);
    if (in->released[UI_MOUSE_LEFT] && v->drag != DRAG_NONE)
        release_select(v, app);
}

static void update_hover(tv *v, ui_app *app, const ui_input *in)
{
    int hit = in->mouse_inside ? hit_at(v, tv_table(app), v->mouse_cm) : -1;
    if (hit != v->hover) {
        v->hover = hit;
        v->hover_since = in->time;
    }
}

static void update_rotation(tv *v, ui_app *app)
{
    const table *t = tv_table(app);
    if (v->tool != TOOL_ROTATE && v->drag != DRAG_HANDLE)
        return;
    vec2s c =
        v->drag == DRAG_HANDLE ? t->figures[first_selected(v, t)].pos : selection_centre(v, t);
    vec2s d = glms_vec2_sub(v->mouse_cm, c);
    if (glms_vec2_norm(d) > 1e-3f)
        v->rotate_preview = atan2f(d.y, d.x);
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

/* ---- whatever is named is shown ------------------------------------------------------------ */

/* The figures named where the pointer is: a log entry, the toast (a refusal), the top bar's
 * prompt, an order or a line of the panels. */
static void named_update(tv *v, ui_app *app, const ui_input *in)
{
    ui_names_clear(&v->named);
    const table *t = tv_table(app);
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
        game_decision(app->game, &d);
        ui_names_add_text(&v->named, t, d.prompt);
        return;
    }
    if (ui_action_panel_named(v->actions, ui_app_view(app), x, y, &v->named))
        return;
    ui_driver_panel_named(v->driver, ui_app_view(app), x, y, &v->named);
}

/* The part of the view the panels leave to the table, in px. */
static void open_view(const tv *v, ui_app *app, float *x0, float *y0, float *x1, float *y1)
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
    const table *t = tv_table(app);
    float x0, y0, x1, y1;
    open_view(v, app, &x0, &y0, &x1, &y1);
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
static void focus_follow_log(tv *v, ui_app *app)
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

static bool anim_pose(const tv *v, double now, int fig, vec2s *pos, float *facing);

/* While a morale break is announced, a ring round each figure it demoralised. */
static void draw_news(tv *v, ui_app *app, render_ctx *ctx, const table *t)
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
        anim_pose(v, app->time, fi, &pos, &facing);
        float r = base_radius(f) + fmaxf(0.5f, 4.0f / v->cam.px_per_cm);
        render_circle_cm(ctx, &v->cam, pos, r, 3.0f, UI_MORALE_NEWS_RGB << 8 | 0xff);
    }
}

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

/* A bright ring round each figure named under the pointer or by the opened log entry. */
static void draw_named(tv *v, ui_app *app, render_ctx *ctx, const table *t)
{
    const ui_names *sets[2] = {&v->named, &v->focus};
    float pulse = 0.5f + 0.5f * sinf((float)app->time * 6.0f);
    for (int s = 0; s < 2; s++)
        for (int i = 0; i < sets[s]->count; i++) {
            const figure *f = table_figure_const(t, sets[s]->ids[i]);
            if (!f || (f->status & FIGURE_STATUS_OFF_TABLE) ||
                (v->flags[f - t->figures] & RENDER_FIG_HIDDEN))
                continue;
            float r = base_radius(f) + fmaxf(0.6f, 5.0f / v->cam.px_per_cm);
            render_circle_cm(ctx, &v->cam, f->pos, r, 3.0f, UI_NAMES_RING_RGB << 8 | 0xff);
            render_circle_cm(ctx, &v->cam, f->pos, r + (3.0f + 3.0f * pulse) / v->cam.px_per_cm,
                             1.5f, UI_NAMES_RING_RGB << 8 | 0x90);
        }
}

/* What the viewer may not see (game_visible) is flagged hidden: not drawn, hit, boxed or kept
 * selected. Asked every frame: a concealed unit shows the moment it fires. */
static void flags_seen(tv *v, ui_app *app)
{
    const table *t = tv_table(app);
    flags_fit(v, t);
    for (int i = 0; i < t->figure_count; i++) {
        if (game_visible(app->game, app->viewer, t->figures[i].id))
            v->flags[i] &= (uint8_t)~RENDER_FIG_HIDDEN;
        else
            v->flags[i] = (uint8_t)((v->flags[i] | RENDER_FIG_HIDDEN) & ~RENDER_FIG_SELECTED);
    }
    if (v->hover >= 0 && v->hover < t->figure_count && (v->flags[v->hover] & RENDER_FIG_HIDDEN))
        v->hover = -1;
    /* a line of sight from a figure the screen's new viewer may not see (hot-seat) is dropped */
    if (v->los_from >= 0 && v->los_from < t->figure_count &&
        (v->flags[v->los_from] & RENDER_FIG_HIDDEN))
        v->los_from = -1;
}

static void tv_input(ui_screen *s, ui_app *app, const ui_input *in_frame)
{
    tv *v = s->data;
    ui_input teach_in = *in_frame; /* the teaching panels take their clicks, wheel and keys */
    ui_teach_input(&v->teach, ui_app_view(app), &teach_in);
    const ui_input *in = &teach_in;
    camera_sync(v, app, in);
    focus_follow_log(v, app);
    named_update(v, app, in);
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
    handle_camera(v, in);
    if (v->right_click) /* referee mode: the rulings that apply here */
        referee_menu(v, app, in);
    if (app->net && in->pressed[UI_MOUSE_LEFT] && in->alt) {
        ui_net_ping(app, v->mouse_cm); /* Alt+click: show the other player this spot */
        return;
    }
    handle_left(v, app, in);
    update_hover(v, app, in);
    update_rotation(v, app);
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
    v->solo.hold = ui_driver_panel_animating(v->driver, app->time) || anims_running(v, app->time) ||
                   (speed > 0 && ui_morale_news_showing(&v->news, app->time)) ||
                   !ui_dice_tray_settled(&v->teach.tray, app->time) ||
                   (speed > 0 && ui_turn_banner_showing(&v->banner, app->time));
    if (ui_solo_next(&v->solo, app, app->time, &bot))
        ui_solo_done(&v->solo, app, &bot, submit_animated(v, app, &bot, why, sizeof why), why);
    if (v->seen_version != app->state_version) {
        /* The match changed under us (undo, load): drop stale previews. */
        v->seen_version = app->state_version;
        flags_seen(v, app);
        if (v->drag == DRAG_MOVE || v->drag == DRAG_WHEEL)
            v->drag = DRAG_NONE;
    }
}

/* ---- drawing ------------------------------------------------------------------------------- */

static bool anim_pose(const tv *v, double now, int fig, vec2s *pos, float *facing)
{
    for (int i = 0; i < v->anim_count; i++) {
        const tv_anim *a = &v->anims[i];
        if (a->fig != fig)
            continue;
        float k = (float)((now - a->t0) / a->dur);
        k = k < 0 ? 0 : k > 1 ? 1 : k;
        k = k * k * (3 - 2 * k);
        *pos = glms_vec2_lerp(a->from, a->to, k);
        float df = remainderf(a->face_to - a->face_from, 2 * PI_F);
        *facing = a->face_from + df * k;
        return true;
    }
    return false;
}

static void draw_move_region(tv *v, render_ctx *ctx)
{
    if (v->drag != DRAG_MOVE || !v->move.region_ok)
        return;
    /* Drawn around the grabbed figure (a block's region is its reference figure's, shifted). */
    vec2s ring[REGION_RAYS], g = v->move.shown;
    for (int i = 0; i < REGION_RAYS; i++)
        ring[i] = glms_vec2_add(v->move.region[i], g);
    render_fan_cm(ctx, &v->cam, glms_vec2_add(v->move.start, g), ring, REGION_RAYS, 0x7fd7ff38);
    for (int i = 0; i < REGION_RAYS; i++)
        render_line_cm(ctx, &v->cam, ring[i], ring[(i + 1) % REGION_RAYS], 1.5f, 0x7fd7ffb0);
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
    bool moving = v->drag == DRAG_MOVE;
    vec2s off = glms_vec2_sub(v->move.dest, v->move.start);
    bool rotating = v->tool == TOOL_ROTATE || v->drag == DRAG_HANDLE;
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
        bool animating = anim_pose(v, app->time, i, &pos, &facing);
        if (moving && is_selected(v, i)) {
            render_figure(ctx, &v->cam, t, f, f->pos, f->facing, RENDER_FIG_GHOST);
            pos = glms_vec2_add(f->pos, off);
        } else if (wheel_pose(v, t, i, &pos, &facing)) {
            render_figure(ctx, &v->cam, t, f, f->pos, f->facing, RENDER_FIG_GHOST);
        } else if (rotating && is_selected(v, i) && !animating) {
            facing = v->rotate_preview;
        }
        if (f->status & (FIGURE_STATUS_DEAD | FIGURE_STATUS_CAPTURED))
            flags &= (unsigned)~RENDER_FIG_SELECTED;
        render_figure(ctx, &v->cam, t, f, pos, facing, flags);
        draw_badge(v, app, ctx, f, pos);
    }
}

static void draw_handle(tv *v, render_ctx *ctx, const table *t)
{
    if (selection_count(v, t) != 1 || v->drag == DRAG_MOVE)
        return;
    const figure *f = &t->figures[first_selected(v, t)];
    vec2s h = handle_pos(v, f);
    if (v->drag == DRAG_HANDLE) {
        float r = glms_vec2_distance(h, f->pos);
        h = glms_vec2_add(f->pos,
                          (vec2s){{cosf(v->rotate_preview) * r, sinf(v->rotate_preview) * r}});
    }
    render_line_cm(ctx, &v->cam, f->pos, h, 1.5f, 0xffe14ac0);
    render_marker_cm(ctx, &v->cam, h, 6, 0x101010ff);
    render_marker_cm(ctx, &v->cam, h, 4.5f, 0xffe14aff);
}

static void draw_arcs(tv *v, ui_app *app, render_ctx *ctx, const table *t)
{
    if (!v->show_arcs)
        return;
    for (int i = 0; i < t->figure_count; i++)
        if (is_selected(v, i) && table_figure_active(&t->figures[i])) {
            figure f = t->figures[i];
            if (v->tool == TOOL_ROTATE || v->drag == DRAG_HANDLE)
                f.facing = v->rotate_preview;
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

static void draw_move_readout(tv *v, ui_app *app, render_ctx *ctx)
{
    tv_move *m = &v->move;
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
                           units_text(app, dist, a, sizeof a),
                           units_text(app, m->reach.max_cm, b, sizeof b));
        if (len > 0 && (size_t)len < sizeof line && m->reach.sure_cm < m->reach.max_cm - 1e-3f &&
            dist > m->reach.sure_cm + 1e-3f)
            snprintf(line + len, sizeof line - (size_t)len, "; past %s it rests on a roll",
                     units_text(app, m->reach.sure_cm, a, sizeof a));
    } else {
        snprintf(line, sizeof line, "moved %s", units_text(app, dist, a, sizeof a));
    }
    ui_overlay_label(ctx, &v->cam, dest, line, m->ok ? 0xffffffff : 0xffb0b0ff);
    if (!m->ok) {
        vec2s p = render_camera_to_px(&v->cam, dest);
        float k = render_ui_scale(ctx);
        render_text_outlined(ctx, ui_overlay_text_x(ctx, p.x + 12 * k, m->reason, 12), p.y - 2 * k,
                             m->reason, 12, 0xff8080ff, RENDER_ALIGN_LEFT);
    } else if (m->reach_ok && m->reach.limit[0]) {
        vec2s p = render_camera_to_px(&v->cam, dest);
        float k = render_ui_scale(ctx);
        char limit[128];
        snprintf(limit, sizeof limit, "farthest this way: %s (%s)",
                 units_text(app, m->reach.max_cm, a, sizeof a), m->reach.limit);
        render_text_outlined(ctx, ui_overlay_text_x(ctx, p.x + 12 * k, limit, 11), p.y - 2 * k,
                             limit, 11, 0xd0e8ffff, RENDER_ALIGN_LEFT);
    }
}

static void draw_box(tv *v, render_ctx *ctx)
{
    if (v->drag != DRAG_BOX)
        return;
    vec2s a = render_camera_to_px(&v->cam, v->press_cm),
          b = render_camera_to_px(&v->cam, v->mouse_cm);
    float x = fminf(a.x, b.x), y = fminf(a.y, b.y);
    render_rect(ctx, x, y, fabsf(a.x - b.x), fabsf(a.y - b.y), 0xffe14a30);
    render_rect_outline(ctx, x, y, fabsf(a.x - b.x), fabsf(a.y - b.y), 0xffe14aff);
}

static void draw_tape(tv *v, ui_app *app, render_ctx *ctx, const table *t)
{
    if (v->tool != TOOL_MEASURE || v->tape_n == 0)
        return;
    vec2s pts[TAPE_MAX];
    int figs[TAPE_MAX];
    int n = v->tape_n;
    memcpy(pts, v->tape, sizeof(vec2s) * (size_t)n);
    memcpy(figs, v->tape_figs, sizeof(int) * (size_t)n);
    if (!v->tape_done) {
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
                 units_text(app, r.centre_cm, a, sizeof a),
                 units_text(app, r.edge_cm, b, sizeof b));
    else
        snprintf(line, sizeof line, "%s", units_text(app, r.centre_cm, a, sizeof a));
    ui_overlay_label(ctx, &v->cam, pts[n - 1], line, UI_TAPE_RGB << 8 | 0xff);
}

static void draw_los(tv *v, ui_app *app, render_ctx *ctx, const table *t)
{
    if (v->tool != TOOL_LOS || v->los_from < 0 || v->los_from >= t->figure_count)
        return;
    int to = v->hover != v->los_from ? v->hover : -1;
    ui_tools_los_result r = ui_tools_los(tv_los(v, t), t, v->los_from, to, v->mouse_cm);
    ui_overlay_los(ctx, &v->cam, r.from, r.to, r.blocked, r.block_at);
    char a[32], line[200];
    units_text(app, glms_vec2_distance(r.from, r.to), a, sizeof a);
    if (r.blocked)
        snprintf(line, sizeof line, "Blocked by %s (%s)", r.blocker, a);
    else
        snprintf(line, sizeof line, "Clear (%s)", a);
    ui_overlay_label(ctx, &v->cam, r.to, line,
                     (r.blocked ? UI_LOS_BLOCKED_RGB : UI_LOS_CLEAR_RGB) << 8 | 0xff);
}

/* The rule set's answer for the hovered figure as a target of the selection: false when it is
 * not a legal target now. */
static bool hovered_target(tv *v, ui_app *app, const table *t, rules_target *out)
{
    int ref = first_selected(v, t);
    if (ref < 0)
        return false;
    rules_command fire = fire_command(v, t, ref);
    rules_target tg[64];
    int n = game_targets(app->game, &fire, tg, 64);
    for (int i = 0; i < n; i++)
        if (tg[i].figure.id == t->figures[v->hover].id.id) {
            *out = tg[i];
            return true;
        }
    /* A unit-based rule set names the target unit by one figure: any of its figures will do. */
    for (int i = 0; i < n; i++)
        if (tg[i].unit.id && tg[i].unit.id == t->figures[v->hover].unit.id) {
            *out = tg[i];
            return true;
        }
    return false;
}

/* Line of sight from the first firer to the hovered target, in words for the action panel. */
static void aim_sight(tv *v, const table *t, ui_action_aim *aim)
{
    int from = first_selected(v, t);
    if (from < 0)
        return;
    ui_tools_los_result r = ui_tools_los(tv_los(v, t), t, from, v->hover, v->mouse_cm);
    if (r.blocked)
        snprintf(aim->sight, sizeof aim->sight, "blocked by %.100s", r.blocker);
    else
        snprintf(aim->sight, sizeof aim->sight, "clear");
}

static void draw_target_aim(tv *v, ui_app *app, render_ctx *ctx, const table *t,
                            ui_action_aim *aim);

static void draw_target(tv *v, ui_app *app, render_ctx *ctx, const table *t)
{
    ui_action_aim aim = {0};
    /* Nobody selected: nobody fires, so no aim (and no firer to ask the rules about). */
    if (v->tool == TOOL_TARGET && v->hover >= 0 && !is_selected(v, v->hover) &&
        first_selected(v, t) >= 0)
        draw_target_aim(v, app, ctx, t, &aim);
    ui_action_panel_set_aim(v->actions, &aim);
}

static void draw_target_aim(tv *v, ui_app *app, render_ctx *ctx, const table *t, ui_action_aim *aim)
{
    vec2s c = t->figures[v->hover].pos, from = selection_centre(v, t);
    rules_target target;
    if (!hovered_target(v, app, t, &target)) {
        /* Say why, in the rule set's words ("why not?"). */
        rules_command fire = fire_command(v, t, first_selected(v, t));
        fire.target = t->figures[v->hover].id;
        char reason[200] = "", line[240];
        if (game_validate(app->game, &fire, reason, sizeof reason))
            snprintf(line, sizeof line, "No odds from the rules for this target");
        else
            snprintf(line, sizeof line, "Cannot fire: %s", reason);
        snprintf(aim->why_not, sizeof aim->why_not, "%.190s", line);
        ui_overlay_label(ctx, &v->cam, c, line, UI_LOS_BLOCKED_RGB << 8 | 0xff);
        return;
    }
    aim->valid = true;
    aim->target = target;
    aim_sight(v, t, aim);
    /* Pointed at before the firers may fire (not yet activated, another side's card): the odds
     * are a plan, and say so with the rules' reason. */
    char plan[16] = "";
    rules_command fire = fire_command(v, t, first_selected(v, t));
    fire.target = t->figures[v->hover].id;
    if (v->fire_option[0]) { /* a gun's shot at a point: at the target's centre */
        fire.point_set = true;
        fire.point = c;
    }
    if (!game_validate(app->game, &fire, aim->plan, sizeof aim->plan))
        snprintf(plan, sizeof plan, "Plan: ");
    else
        aim->plan[0] = 0;
    if (target.range_guess) {
        render_figure(ctx, &v->cam, t, &t->figures[v->hover], c, t->figures[v->hover].facing,
                      RENDER_FIG_HIGHLIGHT);
        ui_overlay_label(ctx, &v->cam, c, "Click, then state the range (no measuring)",
                         UI_SEMICIRCLE_RGB << 8 | 0xff);
        return;
    }
    vec2s d = glms_vec2_sub(c, from);
    float facing = atan2f(d.y, d.x);
    /* The rule set sizes the area-fire semicircle (lcr: one cm per firer); 0 is a single target. */
    float r = target.area_radius_cm;
    if (r <= 0) {
        render_figure(ctx, &v->cam, t, &t->figures[v->hover], c, t->figures[v->hover].facing,
                      RENDER_FIG_HIGHLIGHT);
        char line[260];
        snprintf(line, sizeof line, "%s%s", plan, target.note);
        ui_overlay_label(ctx, &v->cam, c, line, UI_SEMICIRCLE_RGB << 8 | 0xff);
        return;
    }
    int firers = 0;
    for (int i = 0; i < t->figure_count; i++)
        firers += is_selected(v, i) && table_figure_active(&t->figures[i]);
    ui_overlay_semicircle(ctx, &v->cam, c, facing, r);
    geom_template tpl = {GEOM_TEMPLATE_SEMICIRCLE, c, r, facing};
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        geom_placed_base b = {f->base, f->pos, f->facing};
        if (table_figure_active(f) && !is_selected(v, i) && geom_template_base_overlap(&tpl, &b))
            render_figure(ctx, &v->cam, t, f, f->pos, f->facing, RENDER_FIG_HIGHLIGHT);
    }
    char a[32], line[330];
    snprintf(line, sizeof line, "%s%d firer%s, area %s: need %d+, ~%.1f hits", plan, firers,
             firers == 1 ? "" : "s", units_text(app, r, a, sizeof a), target.need,
             target.expected_hits);
    ui_overlay_label(ctx, &v->cam, c, line, UI_SEMICIRCLE_RGB << 8 | 0xff);
}

/* The range being stated, by the target: only the typed number, never the distance. */
static void draw_guess(tv *v, ui_app *app, render_ctx *ctx, const table *t)
{
    if (!v->guess_on || v->guess_fig < 0 || v->guess_fig >= t->figure_count)
        return;
    const figure *f = &t->figures[v->guess_fig];
    render_figure(ctx, &v->cam, t, f, f->pos, f->facing, RENDER_FIG_HIGHLIGHT);
    char line[96];
    snprintf(line, sizeof line, "Range guess: %s_ %s  (Enter fires, Esc cancels)", v->guess,
             strcmp(game_measure(app->game), "inch") == 0 ? "in" : "cm");
    ui_overlay_label(ctx, &v->cam, f->pos, line, 0xffd080ff);
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
    int fig = first_selected(v, t);
    if (!v->show_sight || fig < 0)
        return;
    if (!v->sight.valid || v->sight_version != app->state_version || v->sight_fig != fig) {
        ui_tools_sight_compute(tv_los(v, t), t, fig, &v->sight);
        v->sight_version = app->state_version;
        v->sight_fig = fig;
    }
    render_fan_cm(ctx, &v->cam, v->sight.origin, v->sight.ring, UI_TOOLS_SIGHT_RAYS, 0xfff6c030);
}

static void draw_tooltip(tv *v, ui_app *app, render_ctx *ctx, const table *t)
{
    if (v->hover < 0 || v->drag != DRAG_NONE || app->time - v->hover_since < 0.35)
        return;
    if (v->tool == TOOL_TARGET)
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
    game_decision(app->game, &d);
    char line[400], turn[48];
    snprintf(line, sizeof line, "%s  -  %s  -  %s", s->title,
             ui_turn_words(app->game, turn, sizeof turn),
             d.prompt[0] ? d.prompt : rules_decision_kind_name(d.kind));
    render_rect(ctx, 0, 0, (float)w, 28 * k, 0x101418ff);
    static const char *tool_names[] = {"select", "measure", "line of sight", "target", "turn"};
    char right[160], cut[400];
    snprintf(right, sizeof right, "tool: %s   units: %s   Tab roster   F1 help",
             tool_names[v->tool], app->settings.units == RENDER_UNITS_CM ? "cm" : "inches");
    int rw, rh;
    render_text_size(ctx, right, 12, &rw, &rh);
    if ((float)rw > (float)w * 0.4f) { /* a narrow window: the keys' reminder shortens */
        snprintf(right, sizeof right, "%s   F1 help", tool_names[v->tool]);
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
    int sel = first_selected(v, t);
    ui_action_panel_set_selected(v->actions, sel >= 0 ? t->figures[sel].id : (figure_id){0});
    float top = ui_driver_panel_draw(v->driver, ui_app_view(app), ctx);
    if (top <= 0)
        top = 28 * render_ui_scale(ctx);
    ui_action_panel_draw(v->actions, ui_app_view(app), ctx, top, v->mouse_px.x, v->mouse_px.y);
}

static void tv_draw(ui_screen *s, ui_app *app, render_ctx *ctx)
{
    tv *v = s->data;
    const table *t = tv_table(app);
    flags_seen(v, app);
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
    open_view(v, app, &ox0, &oy0, &ox1, &oy1);
    ui_overlay_set_right(ox1);
    render_table_static(ctx, &v->cam, &scene);
    draw_sight(v, app, ctx, t);
    draw_move_region(v, ctx);
    ui_driver_panel_draw_table(v->driver, ui_app_view(app), ctx, &v->cam);
    draw_arcs(v, app, ctx, t);
    if (scene.show_labels)
        render_table_labels(ctx, &v->cam, t);
    draw_figures(v, app, ctx, t);
    ui_action_panel_draw_table(v->actions, ui_app_view(app), ctx, &v->cam);
    draw_named(v, app, ctx, t);
    draw_news(v, app, ctx, t);
    ui_commander_pips_draw(ctx, &v->cam, app->game, app->viewer);
    draw_wheel(v, app, ctx, t);
    if (!game_moves_by_unit(app->game)) /* units of stands wheel instead (draw_wheel) */
        draw_handle(v, ctx, t);
    draw_templates(app, ctx, &v->cam);
    ui_net_draw_table(app, ctx, &v->cam);
    draw_target(v, app, ctx, t);
    draw_guess(v, app, ctx, t);
    if (v->drag == DRAG_MOVE)
        draw_move_readout(v, app, ctx);
    draw_tape(v, app, ctx, t);
    draw_los(v, app, ctx, t);
    draw_box(v, ctx);
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

static void tv_destroy(ui_screen *s)
{
    tv *v = s->data;
    free(v->flags);
    los_destroy(v->los);
    ui_driver_panel_destroy(v->driver);
    ui_action_panel_destroy(v->actions);
    free(v);
    free(s);
}

ui_screen *ui_table_view_create(ui_app *app)
{
    (void)app;
    tv *v = mem_calloc(1, sizeof *v);
    v->hover = -1;
    v->los_from = -1;
    v->sight_fig = -1;
    v->focus_key = UI_EVENT_LOG_NONE;
    v->driver = ui_driver_panel_create();
    v->actions = ui_action_panel_create();
    ui_teach_init(&v->teach);
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
    return submit_animated(s->data, app, cmd, reason, size);
}

bool ui_table_view_pose(const ui_screen *s, double now, int fig, vec2s *pos, float *facing)
{
    return anim_pose(s->data, now, fig, pos, facing);
}

const ui_morale_news *ui_table_view_morale_news(const ui_screen *s)
{
    return &((const tv *)s->data)->news;
}
