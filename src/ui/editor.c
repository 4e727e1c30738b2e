/* The scenario editor screen (ui/editor.h). Input builds edits of the model (ui/editor_doc.h);
 * drawing is the table as the game draws it, then the editor's marks over it, the panel of
 * settings on the right and the live check along the bottom. */
#include "ui/editor.h"

#include "core/mem.h"
#include "ui/editor_panel.h"
#include "ui/editor_units.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define DRAG_THRESHOLD_PX 4.0f
#define CLOSE_PX          10.0f
#define HANDLE_PX         8.0f
#define ED_BG             0x1b2027ffu
#define ED_TEXT           0xf0f0f0ffu
#define ED_DIM            0x9aa4b2ffu
#define ED_SELECT         0xf2c94cffu
#define ED_FAULT          0xff4040ffu
#define ED_DRAW           0x40e0ffffu

/* ---- state ------------------------------------------------------------------------------- */

static const char *const tool_names[ED_TOOL_COUNT] = {
    [ED_TOOL_SELECT] = "Select and move", [ED_TOOL_POLYGON] = "Draw an area",
    [ED_TOOL_RECT] = "Draw a rectangle",  [ED_TOOL_CIRCLE] = "Draw a circle",
    [ED_TOOL_LINE] = "Draw a line",       [ED_TOOL_UNIT] = "Place units",
    [ED_TOOL_ZONE] = "Deployment zones",  [ED_TOOL_VICTORY] = "Victory and options",
};

const char *ed_tool_name(ed_tool t)
{
    return t >= 0 && t < ED_TOOL_COUNT ? tool_names[t] : "";
}

const table *ed_table(const ed *e)
{
    return editor_doc_scenario(e->doc)->table;
}

static vec2s snap(const ed *e, vec2s p)
{
    float g = editor_doc_grid_cm(e->doc);
    const table *t = ed_table(e);
    vec2s q = {{roundf(p.x / g) * g, roundf(p.y / g) * g}};
    q.x = fminf(fmaxf(q.x, 0), t->width_cm);
    q.y = fminf(fmaxf(q.y, 0), t->height_cm);
    return q;
}

static vec2s snap_delta(const ed *e, vec2s d)
{
    float g = editor_doc_grid_cm(e->doc);
    return (vec2s){{roundf(d.x / g) * g, roundf(d.y / g) * g}};
}

void ed_refused(ed *e, ui_app *app)
{
    const char *why = editor_doc_refusal(e->doc);
    if (why[0])
        ui_app_toast(app, "Not done: %s", why);
}

/* The unit block the Place units tool would put down at `origin`. */
editor_unit_desc ed_unit_desc(const ed *e, vec2s origin)
{
    const editor_lists *l = editor_doc_lists(e->doc);
    editor_unit_desc u = {
        .side = e->u_side,
        .origin = origin,
        .count = e->u_count,
        .ranks = e->u_ranks,
        .facing_deg = (float)e->u_facing,
        .role = (figure_role)e->u_role,
        .quality = (figure_quality)e->u_quality,
        .weapon =
            e->u_weapon >= 0 && e->u_weapon < l->weapon_count ? l->weapons[e->u_weapon] : NULL,
        .kind = e->u_kind >= 0 && e->u_kind < l->kind_count ? l->kinds[e->u_kind] : NULL};
    if (e->u_stand) {
        u.frontage_cm = 4;
        u.depth_cm = 2.5f;
    }
    return u;
}

/* The first type of the table's list by name, else 0. */
static int type_index(const table *t, const char *name)
{
    int i = table_type_find(t, name);
    return i < 0 ? 0 : i;
}

/* Unit defaults from the scenario's own figures (role, base), else from the rule set. */
static void defaults_init(ed *e)
{
    const table *t = ed_table(e);
    const rules_ops *ops = rules_find(editor_doc_scenario(e->doc)->ruleset);
    e->u_count = 6;
    e->u_ranks = 1;
    e->u_facing = 90;
    e->u_quality = FIGURE_QUALITY_REGULAR;
    e->u_role = FIGURE_ROLE_SOLDIER;
    e->u_stand = ops && ops->view && ops->view->moves_by_unit;
    for (int i = 0; i < t->figure_count; i++)
        if (t->figures[i].role == FIGURE_ROLE_SOLDIER || t->figures[i].role == FIGURE_ROLE_STAND) {
            e->u_role = t->figures[i].role;
            e->u_stand = t->figures[i].base.kind == GEOM_BASE_RECT;
            break;
        }
    if (e->u_stand && e->u_role == FIGURE_ROLE_SOLDIER && ops && ops->view &&
        ops->view->moves_by_unit)
        e->u_role = FIGURE_ROLE_STAND;
    if (ops && ops->view && ops->view->moves_by_unit)
        e->u_count = 4; /* units of stands are small (Tiny Soldiers: 1 to 5) */
    const editor_lists *l = editor_doc_lists(e->doc);
    e->u_weapon = l->weapon_count ? 0 : -1;
    e->u_kind = l->kind_count ? 0 : -1;
    e->area_type = type_index(t, "forest");
    e->line_type = type_index(t, "wall");
    e->v_side = 0;
    e->v_percent = 50;
    e->sel_feature = e->sel_unit = e->sel_figure = -1;
}

/* ---- camera ------------------------------------------------------------------------------ */

void ed_view_rect(const ed *e, float k, float *x1, float *y0, float *y1)
{
    *x1 = (float)e->cam.view_w - ED_PANEL_W * k;
    *y0 = 34 * k;
    *y1 = (float)e->cam.view_h - 34 * k;
}

void ed_fit(ed *e, float k, bool snap_now)
{
    const table *t = ed_table(e);
    int reserve = (int)(ED_PANEL_W * k);
    if (reserve > e->cam.view_w / 2)
        reserve = 0;
    render_camera narrow = e->cam;
    narrow.view_w -= reserve;
    render_camera_fit(&narrow, t->width_cm, t->height_cm, (int)(50 * k), snap_now);
    vec2s shift = {{0.5f * (float)reserve / narrow.target_px_per_cm, 0}};
    e->cam.target_px_per_cm = narrow.target_px_per_cm;
    e->cam.target_centre_cm = glms_vec2_add(narrow.target_centre_cm, shift);
    if (snap_now) {
        e->cam.px_per_cm = e->cam.target_px_per_cm;
        e->cam.centre_cm = e->cam.target_centre_cm;
    }
}

static void camera_sync(ed *e, const ui_input *in)
{
    if (e->cam_ready && e->cam.view_w == in->view_w && e->cam.view_h == in->view_h)
        return;
    render_camera_resize(&e->cam, in->view_w, in->view_h);
    ed_fit(e, in->ui_scale > 0 ? in->ui_scale : 1, true);
    e->cam_ready = true;
}

/* ---- hit tests --------------------------------------------------------------------------- */

static int figure_at(const ed *e, vec2s p)
{
    const table *t = ed_table(e);
    float slack = 3.0f / e->cam.px_per_cm;
    int best = -1;
    float best_d = 1e9f;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        float r = f->base.kind == GEOM_BASE_RECT
                      ? 0.5f * fmaxf(f->base.frontage_cm, f->base.depth_cm)
                      : f->base.radius_cm;
        float dist = glms_vec2_distance(f->pos, p);
        if (dist <= r + slack && dist < best_d) {
            best_d = dist;
            best = i;
        }
    }
    return best;
}

static int feature_at(const ed *e, vec2s p)
{
    const table *t = ed_table(e);
    float slack = 6.0f / e->cam.px_per_cm;
    for (int i = t->feature_count - 1; i >= 0; i--) { /* the last drawn is on top */
        const terrain_feature *f = &t->features[i];
        if (f->shape == TERRAIN_SHAPE_AREA && geom_point_in_polygon(p, &f->area))
            return i;
        for (int k = 0; f->shape == TERRAIN_SHAPE_LINE && k + 1 < f->line.count; k++) {
            geom_segment s = {f->line.pts[k], f->line.pts[k + 1]};
            if (geom_point_segment_distance(p, s) <= 0.5f * f->width_cm + slack)
                return i;
        }
    }
    return -1;
}

/* The selected feature's point under the pointer, or -1. */
static int handle_at(const ed *e, vec2s px)
{
    if (e->sel_feature < 0)
        return -1;
    vec2s pts[SCENARIO_POINTS_MAX];
    int n = editor_feature_points(e->doc, e->sel_feature, pts, SCENARIO_POINTS_MAX);
    for (int i = 0; i < n; i++)
        if (glms_vec2_distance(render_camera_to_px(&e->cam, pts[i]), px) <= HANDLE_PX)
            return i;
    return -1;
}

/* ---- actions ----------------------------------------------------------------------------- */

static void select_none(ed *e)
{
    e->sel_feature = e->sel_unit = e->sel_victory = e->sel_figure = -1;
    e->pick_entry = false;
    e->group_nf = e->group_nu = 0;
}

static bool group_has(const int *ix, int n, int v)
{
    for (int i = 0; i < n; i++)
        if (ix[i] == v)
            return true;
    return false;
}

static bool in_box(vec2s p, vec2s lo, vec2s hi)
{
    return p.x >= lo.x && p.x <= hi.x && p.y >= lo.y && p.y <= hi.y;
}

/* Chooses what lies in the box from the press to the pointer: every unit with a figure's centre
 * in it, every piece with all its points in it. One thing alone is chosen as by a click. */
static void box_select(ed *e)
{
    const table *t = ed_table(e);
    vec2s lo = glms_vec2_minv(e->press_cm, e->mouse_cm);
    vec2s hi = glms_vec2_maxv(e->press_cm, e->mouse_cm);
    select_none(e);
    for (int i = 0; i < t->figure_count && e->group_nu < ED_GROUP_MAX; i++) {
        int u = editor_unit_of_figure(e->doc, t->figures[i].id);
        if (u >= 0 && in_box(t->figures[i].pos, lo, hi) && !group_has(e->group_u, e->group_nu, u))
            e->group_u[e->group_nu++] = u;
    }
    static vec2s pts[SCENARIO_POINTS_MAX];
    for (int i = 0; i < t->feature_count && e->group_nf < ED_GROUP_MAX; i++) {
        int n = editor_feature_points(e->doc, i, pts, SCENARIO_POINTS_MAX);
        bool inside = n > 0;
        for (int k = 0; k < n && inside; k++)
            inside = in_box(pts[k], lo, hi);
        if (inside)
            e->group_f[e->group_nf++] = i;
    }
    if (e->group_nf + e->group_nu == 1) {
        e->sel_feature = e->group_nf ? e->group_f[0] : -1;
        e->sel_unit = e->group_nu ? e->group_u[0] : -1;
        e->group_nf = e->group_nu = 0;
    }
}

void ed_set_tool(ed *e, ed_tool t)
{
    e->tool = t;
    e->npts = 0;
    e->drag = ED_DRAG_NONE;
    if (t != ED_TOOL_SELECT)
        select_none(e);
}

static void finish_shape(ed *e, ui_app *app)
{
    const table *t = ed_table(e);
    int index = -1;
    bool ok = false;
    if (e->tool == ED_TOOL_POLYGON && e->npts >= 3)
        ok = editor_add_area(e->doc, t->types[e->area_type].name, e->pts, e->npts, &index);
    else if (e->tool == ED_TOOL_LINE && e->npts >= 2)
        ok = editor_add_line(e->doc, t->types[e->line_type].name, e->pts, e->npts, 1, &index);
    else {
        ui_app_toast(app, "%s",
                     e->tool == ED_TOOL_LINE ? "A line needs two points or more"
                                             : "An area needs three points or more");
        return;
    }
    e->npts = 0;
    if (!ok)
        ed_refused(e, app);
}

void ed_delete_selected(ed *e, ui_app *app)
{
    if (ed_units_delete(e, app))
        return;
    if (e->group_nf + e->group_nu > 0) {
        if (editor_group_delete(e->doc, e->group_f, e->group_nf, e->group_u, e->group_nu))
            select_none(e);
        else
            ed_refused(e, app);
        return;
    }
    bool ok = e->sel_feature >= 0 ? editor_feature_delete(e->doc, e->sel_feature)
              : e->sel_unit >= 0  ? editor_unit_delete(e->doc, e->sel_unit)
                                  : false;
    if (ok)
        select_none(e);
    else if (e->sel_feature >= 0 || e->sel_unit >= 0)
        ed_refused(e, app);
}

static void duplicate_selected(ed *e, ui_app *app)
{
    float g = editor_doc_grid_cm(e->doc) * 4;
    int index;
    if (e->sel_feature >= 0 &&
        !editor_feature_duplicate(e->doc, e->sel_feature, (vec2s){{g, g}}, &index))
        ed_refused(e, app);
    else if (e->sel_feature >= 0)
        e->sel_feature = index;
}

void ed_rotate_selected(ed *e, ui_app *app, float deg)
{
    if (ed_units_rotate(e, app, deg))
        return;
    if (e->sel_unit >= 0 && !editor_unit_rotate(e->doc, e->sel_unit, deg))
        ed_refused(e, app);
}

void ed_cycle_selected_type(ed *e, ui_app *app, int step)
{
    if (e->sel_feature >= 0 && !editor_feature_cycle_type(e->doc, e->sel_feature, step))
        ed_refused(e, app);
}

void ed_text_begin(ed *e, ed_text target)
{
    e->text_target = target;
    e->text[0] = '\0';
    if (target == ED_TEXT_TITLE)
        snprintf(e->text, sizeof e->text, "%s", editor_doc_scenario(e->doc)->title);
    else if (target == ED_TEXT_DESCRIPTION)
        editor_description(e->doc, e->text, sizeof e->text);
    else if (target == ED_TEXT_SIDE_NAME)
        ed_units_text_begin(e, e->text_side);
    else if (target == ED_TEXT_LABEL && e->sel_feature >= 0)
        snprintf(e->text, sizeof e->text, "%s", ed_table(e)->features[e->sel_feature].name);
}

static void text_commit(ed *e, ui_app *app)
{
    if (ed_units_text_commit(e, app))
        return;
    bool ok = e->text_target == ED_TEXT_TITLE ? editor_set_title(e->doc, e->text)
              : e->text_target == ED_TEXT_DESCRIPTION
                  ? editor_set_description(e->doc, e->text)
                  : editor_feature_label(e->doc, e->sel_feature, e->text);
    if (!ok)
        ed_refused(e, app);
    e->text_target = ED_TEXT_NONE;
}

/* A printable character of a key (US layout), or 0. */
static char key_char(int key, int mods)
{
    bool shift = mods & UI_MOD_SHIFT;
    if (key >= 'a' && key <= 'z')
        return shift ? (char)(key - 'a' + 'A') : (char)key;
    if (key >= '0' && key <= '9' && !shift)
        return (char)key;
    if (key == ' ' || key == '-' || key == '.' || key == ',' || key == '\'')
        return shift && key == '-' ? '_' : (char)key;
    return 0;
}

static void text_key(ed *e, ui_app *app, int key, int mods)
{
    size_t n = strlen(e->text);
    size_t max = e->text_target == ED_TEXT_DESCRIPTION ? sizeof e->text - 1 : TABLE_NAME_MAX + 60;
    if (key == UI_KEY_RETURN)
        text_commit(e, app);
    else if (key == UI_KEY_ESCAPE)
        e->text_target = ED_TEXT_NONE;
    else if (key == UI_KEY_BACKSPACE && n > 0) {
        while (n > 0 && ((unsigned char)e->text[n - 1] & 0xc0) == 0x80)
            n--; /* a whole UTF-8 character */
        e->text[n > 0 ? n - 1 : 0] = '\0';
    } else if (key_char(key, mods) && n + 1 < sizeof e->text && n + 1 < max) {
        e->text[n] = key_char(key, mods);
        e->text[n + 1] = '\0';
    }
}

/* The path of a new scenario: the player's own scenarios, named after its title. */
static bool new_path(const ed *e, char *buf, size_t size)
{
    char dir[UI_PATH_MAX];
    if (!game_data_path("scenarios", dir, sizeof dir))
        return false;
    mkdir(dir, 0755);
    char stem[64];
    int n = 0;
    for (const char *p = editor_doc_scenario(e->doc)->title; *p && n < 40; p++) {
        char c = *p;
        if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))
            stem[n++] = c;
        else if (c >= 'A' && c <= 'Z')
            stem[n++] = (char)(c - 'A' + 'a');
        else if (n > 0 && stem[n - 1] != '_')
            stem[n++] = '_';
    }
    while (n > 0 && stem[n - 1] == '_')
        n--;
    stem[n] = '\0';
    for (int i = 1; i < 1000; i++) {
        struct stat st;
        if (i == 1)
            snprintf(buf, size, "%.900s/%s.json", dir, n ? stem : "scenario");
        else
            snprintf(buf, size, "%.900s/%s_%d.json", dir, n ? stem : "scenario", i);
        if (stat(buf, &st) != 0)
            return true;
    }
    return false;
}

void ed_save(ed *e, ui_app *app)
{
    if (!e->path[0] && !new_path(e, e->path, sizeof e->path)) {
        ui_app_toast(app, "Could not find a place to keep the new scenario");
        return;
    }
    char err[400];
    if (!editor_doc_save(e->doc, e->path, err, sizeof err)) {
        ui_app_toast(app, "Not saved: %s", err);
        return;
    }
    bool preview = ed_write_preview(e);
    const editor_check *c = editor_doc_check(e->doc);
    ui_app_toast(app, "Saved \u201c%s\u201d%s%s", editor_doc_scenario(e->doc)->title,
                 preview ? " with its picture" : "",
                 c->ok ? "" : " (the rule set does not accept it yet: see the bottom line)");
    fprintf(stderr, "sandtable: editor: saved %s\n", e->path);
}

/* ---- try it: a match of the scenario as it stands, over the editor ----------------------- */

static int stack_index(const ui_app *app, const ui_screen *s)
{
    for (int i = 0; i < app->depth; i++)
        if (app->stack[i] == s)
            return i;
    return -1;
}

static void trial_end(ed *e, ui_app *app, ui_screen *self)
{
    if (!e->trial)
        return;
    int at = stack_index(app, self);
    while (at >= 0 && app->depth > at + 1)
        ui_app_pop(app);
    if (app->game == e->trial) {
        game_destroy(app->game);
        app->game = NULL;
    }
    e->trial = NULL;
    snprintf(app->scenario_path, sizeof app->scenario_path, "%s", e->saved_scenario_path);
    snprintf(app->autosave_path, sizeof app->autosave_path, "%s", e->saved_autosave_path);
    app->state_version++;
    ui_app_toast(app, "Back in the editor");
}

void ed_try(ed *e, ui_app *app)
{
    if (app->game) {
        ui_app_toast(app, "A game is open: finish it before trying the scenario");
        return;
    }
    const editor_check *c = editor_doc_check(e->doc);
    if (!c->ok) {
        ui_app_toast(app, "Not playable yet: %s", c->message);
        return;
    }
    char *text = scenario_write_string(editor_doc_scenario(e->doc), NULL, &(scenario_error){0});
    scenario_error serr;
    scenario *s = text ? scenario_load_string(text, strlen(text), "scenario", &serr) : NULL;
    free(text);
    game_error gerr;
    game *g = s ? game_create(&(game_desc){.scenario = s, .take_scenario = true}, &gerr) : NULL;
    if (!g) {
        if (s)
            ui_app_toast(app, "Cannot play it: %s", gerr.message);
        scenario_destroy(s);
        return;
    }
    /* a trial is never autosaved over a real game's save */
    snprintf(e->saved_scenario_path, sizeof e->saved_scenario_path, "%s", app->scenario_path);
    snprintf(e->saved_autosave_path, sizeof e->saved_autosave_path, "%s", app->autosave_path);
    if (!game_data_path("editor-trial.json", app->autosave_path, sizeof app->autosave_path))
        app->autosave_path[0] = '\0';
    e->trial = g;
    app->game = g;
    app->referee = (ui_referee){0};
    app->state_version++;
    ui_app_reset_viewer(app);
    ui_app_show(app, UI_SCREEN_TABLE, NULL);
    ui_app_push(app, ed_trial_banner_create());
    ui_app_toast(app, "Trying the scenario: Ctrl+E comes back to the editor");
}

void ed_balance_toggle(ed *e, ui_app *app)
{
    if (e->balance) {
        editor_balance_result r;
        editor_balance_result_get(e->balance, &r);
        editor_balance_stop(e->balance);
        e->balance = NULL;
        if (r.running) {
            ui_app_toast(app, "Balance check stopped");
            return;
        }
    }
    const editor_check *c = editor_doc_check(e->doc);
    if (!c->ok) {
        ui_app_toast(app, "Not playable yet: %s", c->message);
        return;
    }
    char err[300];
    e->balance = editor_balance_start(editor_doc_scenario(e->doc), 0, err, sizeof err);
    e->balance_version = editor_doc_version(e->doc);
    if (!e->balance)
        ui_app_toast(app, "Cannot run the balance check: %s", err);
}

/* Leaves the editor: back to a fresh start screen showing what was saved, or out. */
static void leave(ed *e, ui_app *app, ui_screen *self)
{
    if (editor_doc_dirty(e->doc) && !e->leave_warned) {
        e->leave_warned = true;
        ui_app_toast(app, "Unsaved changes: Ctrl+S saves them; Esc again leaves without saving");
        return;
    }
    int at = stack_index(app, self);
    bool over_start = at > 0 && strcmp(app->stack[at - 1]->name, "start") == 0;
    if (e->path[0] && !editor_doc_dirty(e->doc))
        snprintf(app->scenario_path, sizeof app->scenario_path, "%s", e->path);
    if (at <= 0) {
        ui_app_quit(app);
        return;
    }
    ui_app_pop(app); /* destroys e */
    if (over_start && !app->game) {
        ui_app_pop(app);
        ui_app_show(app, UI_SCREEN_START, NULL);
    }
}

/* ---- input ------------------------------------------------------------------------------- */

static void key_ctrl(ed *e, ui_app *app, int key, int mods)
{
    if (key == 'z' && (mods & UI_MOD_SHIFT))
        key = 'y';
    if (key == 'z') {
        if (!editor_doc_undo(e->doc))
            ui_app_toast(app, "Nothing to undo");
        select_none(e);
    } else if (key == 'y') {
        if (!editor_doc_redo(e->doc))
            ui_app_toast(app, "Nothing to redo");
        select_none(e);
    } else if (key == 's') {
        ed_save(e, app);
    } else if (key == 'd') {
        duplicate_selected(e, app);
    } else if (key == 'p') {
        ed_try(e, app);
    }
}

static void nudge(ed *e, ui_app *app, vec2s d)
{
    bool ok = e->group_nf + e->group_nu > 0
                  ? editor_group_move(e->doc, e->group_f, e->group_nf, e->group_u, e->group_nu, d)
              : e->sel_feature >= 0 ? editor_feature_move(e->doc, e->sel_feature, d)
              : e->sel_unit >= 0    ? editor_unit_move(e->doc, e->sel_unit, d)
                                    : true;
    if (!ok)
        ed_refused(e, app);
}

static void key_plain(ed *e, ui_app *app, ui_screen *self, int key, int mods)
{
    float g = editor_doc_grid_cm(e->doc);
    switch (key) {
    case UI_KEY_ESCAPE:
        if (e->npts || e->drag != ED_DRAG_NONE)
            ed_set_tool(e, e->tool);
        else if (e->sel_feature >= 0 || e->sel_unit >= 0 || e->group_nf + e->group_nu > 0)
            select_none(e);
        else if (e->tool != ED_TOOL_SELECT)
            ed_set_tool(e, ED_TOOL_SELECT);
        else
            leave(e, app, self);
        return;
    case UI_KEY_RETURN:
        if (e->tool == ED_TOOL_POLYGON || e->tool == ED_TOOL_LINE)
            finish_shape(e, app);
        return;
    case UI_KEY_BACKSPACE:
        if (e->npts) {
            e->npts--;
            return;
        }
        ed_delete_selected(e, app);
        return;
    case UI_KEY_DELETE:
        ed_delete_selected(e, app);
        return;
    case UI_KEY_HOME:
    case 'f':
        ed_fit(e, app->ctx ? render_ui_scale(app->ctx) : 1, false);
        return;
    case UI_KEY_LEFT:
        nudge(e, app, (vec2s){{-g, 0}});
        return;
    case UI_KEY_RIGHT:
        nudge(e, app, (vec2s){{g, 0}});
        return;
    case UI_KEY_UP:
        nudge(e, app, (vec2s){{0, -g}});
        return;
    case UI_KEY_DOWN:
        nudge(e, app, (vec2s){{0, g}});
        return;
    case UI_KEY_F12:
        app->screenshot_pending = true;
        return;
    case 's':
        ed_set_tool(e, ED_TOOL_SELECT);
        return;
    case 'p':
        ed_set_tool(e, ED_TOOL_POLYGON);
        return;
    case 'r':
        ed_set_tool(e, ED_TOOL_RECT);
        return;
    case 'o':
        ed_set_tool(e, ED_TOOL_CIRCLE);
        return;
    case 'w':
        ed_set_tool(e, ED_TOOL_LINE);
        return;
    case 'u':
        ed_set_tool(e, ED_TOOL_UNIT);
        return;
    case 'e':
        ed_set_tool(e, ED_TOOL_VICTORY);
        return;
    case 'a':
        eds_arrival_step(e, app, (mods & UI_MOD_SHIFT) ? -1 : 1);
        return;
    case 'z':
        if (e->tool == ED_TOOL_ZONE && (mods & UI_MOD_SHIFT)) {
            if (!editor_clear_zones(e->doc, e->u_side))
                ed_refused(e, app);
        } else {
            ed_set_tool(e, ED_TOOL_ZONE);
        }
        return;
    case 't':
        if (e->sel_feature >= 0)
            ed_cycle_selected_type(e, app, (mods & UI_MOD_SHIFT) ? -1 : 1);
        else
            ed_panel_cycle_type(e, (mods & UI_MOD_SHIFT) ? -1 : 1);
        return;
    case UI_KEY_TAB:
        e->u_side = ed_table(e)->side_count ? (e->u_side + 1) % ed_table(e)->side_count : 0;
        return;
    case '=':
        e->u_count = e->u_count < 60 ? e->u_count + 1 : 60;
        return;
    case '-':
        e->u_count = e->u_count > 1 ? e->u_count - 1 : 1;
        return;
    case 'v': { /* nobody, then each side in turn, wins by destroying half the enemy */
        if (!eds_scores(e, "destroy")) {
            ui_app_toast(app,
                         "These rules score no share of the enemy: see Victory and options (E)");
            return;
        }
        int vs, vp;
        ed_victory(e, &vs, &vp);
        if (!vp)
            ed_set_victory(e, app, 0, 50);
        else if (vs + 1 < ed_table(e)->side_count)
            ed_set_victory(e, app, vs + 1, vp);
        else if (!editor_set_destroy(e->doc, vs, 0))
            ed_refused(e, app);
        return;
    }
    case 'b':
        ed_balance_toggle(e, app);
        return;
    case 'g': {
        int now = editor_turn_limit(e->doc);
        int next = (mods & UI_MOD_SHIFT) ? (now > 0 ? now - 1 : 0) : now == 0 ? 8 : now + 1;
        if (!editor_set_turn_limit(e->doc, next))
            ed_refused(e, app);
        return;
    }
    case 'i': /* insert: A is the chosen unit's arrival turn */
        ed_units_add_figure(e, app);
        return;
    case 'n':
        if (e->sel_feature >= 0)
            ed_text_begin(e, ED_TEXT_LABEL);
        return;
    case '[':
    case ']':
        if (e->sel_feature >= 0) { /* down or up the drawing order */
            int to;
            if (editor_feature_reorder(e->doc, e->sel_feature, key == ']' ? 1 : -1, &to))
                e->sel_feature = to;
            else
                ed_refused(e, app);
            return;
        }
        if (key == ']') {
            ed_rotate_selected(e, app, (mods & UI_MOD_SHIFT) ? 90 : 15);
            if (e->tool == ED_TOOL_UNIT)
                e->u_facing = (e->u_facing + 45) % 360;
            return;
        }
        ed_rotate_selected(e, app, (mods & UI_MOD_SHIFT) ? -90 : -15);
        if (e->tool == ED_TOOL_UNIT)
            e->u_facing = (e->u_facing + 360 - 45) % 360;
        return;
    default:
        return;
    }
}

static void handle_keys(ed *e, ui_app *app, ui_screen *self, const ui_input *in)
{
    for (int i = 0; i < in->key_count; i++) {
        int key = in->keys[i], mods = in->key_mods[i];
        if (e->text_target != ED_TEXT_NONE && !(mods & UI_MOD_CTRL))
            text_key(e, app, key, mods);
        else if (e->text_target != ED_TEXT_NONE)
            continue; /* no commands while typing */
        else if (mods & UI_MOD_CTRL)
            key_ctrl(e, app, key, mods);
        else
            key_plain(e, app, self, key, mods);
        if (app->depth == 0 || app->stack[app->depth - 1] != self)
            return; /* left the editor, or a trial opened over it */
        if (key != UI_KEY_ESCAPE)
            e->leave_warned = false;
    }
}

static bool in_view(const ed *e, float k, vec2s px)
{
    float x1, y0, y1;
    ed_view_rect(e, k, &x1, &y0, &y1);
    return px.x < x1 && px.y > y0 && px.y < y1;
}

static void press_select(ed *e, vec2s px)
{
    int h = handle_at(e, px);
    if (h >= 0) {
        e->drag = ED_DRAG_POINT;
        e->drag_point = h;
        return;
    }
    int fig = figure_at(e, e->mouse_cm);
    int u = fig >= 0 ? editor_unit_of_figure(e->doc, ed_table(e)->figures[fig].id) : -1;
    int f = fig >= 0 ? -1 : feature_at(e, e->mouse_cm);
    if ((u >= 0 && group_has(e->group_u, e->group_nu, u)) ||
        (f >= 0 && group_has(e->group_f, e->group_nf, f))) { /* a chosen thing moves them all */
        e->drag = ED_DRAG_GROUP;
        return;
    }
    if (fig >= 0 && u >= 0 && ed_units_press(e, fig))
        return;
    select_none(e);
    if (fig >= 0) {
        e->sel_unit = u;
        e->drag = u >= 0 ? ED_DRAG_UNIT : ED_DRAG_NONE;
        return;
    }
    e->sel_feature = f;
    e->drag = f >= 0 ? ED_DRAG_FEATURE : ED_DRAG_BOX;
}

static void press_tool(ed *e, ui_app *app, const ui_input *in, vec2s px)
{
    vec2s p = snap(e, e->mouse_cm);
    if (eds_press(e, app, px))
        return;
    switch (e->tool) {
    case ED_TOOL_SELECT:
        press_select(e, px);
        if (e->drag != ED_DRAG_NONE && e->drag != ED_DRAG_BOX)
            editor_drag_begin(e->doc);
        break;
    case ED_TOOL_POLYGON:
    case ED_TOOL_LINE:
        if (e->tool == ED_TOOL_POLYGON && e->npts >= 3 &&
            glms_vec2_distance(render_camera_to_px(&e->cam, e->pts[0]), px) <= CLOSE_PX) {
            finish_shape(e, app);
        } else if (e->tool == ED_TOOL_LINE && e->npts >= 2 && in->clicks[UI_MOUSE_LEFT] >= 2) {
            finish_shape(e, app);
        } else if (e->npts < ED_POINTS_MAX &&
                   (e->npts == 0 || glms_vec2_distance(e->pts[e->npts - 1], p) > 1e-3f)) {
            e->pts[e->npts++] = p;
        }
        break;
    case ED_TOOL_RECT:
    case ED_TOOL_CIRCLE:
    case ED_TOOL_ZONE:
        e->drag = ED_DRAG_SHAPE;
        e->press_snap = p;
        break;
    case ED_TOOL_UNIT: {
        editor_unit_desc u = ed_unit_desc(e, p);
        int index;
        if (editor_add_unit(e->doc, &u, &index))
            e->placed++;
        else
            ed_refused(e, app);
        break;
    }
    default:
        break;
    }
}

static void drag_motion(ed *e)
{
    vec2s d = snap_delta(e, glms_vec2_sub(e->mouse_cm, e->press_cm));
    if (!e->moved && glms_vec2_distance(e->press_px, e->mouse_px) < DRAG_THRESHOLD_PX)
        return;
    e->moved = true;
    if (e->drag == ED_DRAG_BOX)
        return;
    editor_drag_reset(e->doc);
    if (e->drag == ED_DRAG_GROUP)
        editor_group_move(e->doc, e->group_f, e->group_nf, e->group_u, e->group_nu, d);
    else if (e->drag == ED_DRAG_FEATURE)
        editor_feature_move(e->doc, e->sel_feature, d);
    else if (e->drag == ED_DRAG_UNIT)
        editor_unit_move(e->doc, e->sel_unit, d);
    else if (e->drag == ED_DRAG_FIGURE)
        editor_figure_move(e->doc, e->sel_unit, e->sel_figure, d);
    else if (e->drag == ED_DRAG_POINT)
        editor_feature_move_point(e->doc, e->sel_feature, e->drag_point, snap(e, e->mouse_cm));
    else
        eds_drag_motion(e, d, snap(e, e->mouse_cm));
}

static void release(ed *e, ui_app *app)
{
    if (e->drag == ED_DRAG_SHAPE) {
        vec2s b = snap(e, e->mouse_cm);
        const char *type = ed_table(e)->types[e->area_type].name;
        bool ok = e->tool == ED_TOOL_ZONE ? editor_add_zone(e->doc, e->u_side, e->press_snap, b)
                  : e->tool == ED_TOOL_RECT
                      ? editor_add_rect(e->doc, type, e->press_snap, b, NULL)
                      : editor_add_circle(e->doc, type, e->press_snap,
                                          glms_vec2_distance(e->press_snap, b), NULL);
        if (!ok)
            ed_refused(e, app);
    } else if (e->drag == ED_DRAG_BOX) {
        if (e->moved)
            box_select(e);
    } else if (e->drag != ED_DRAG_NONE && e->drag != ED_DRAG_PAN) {
        char why[EDITOR_REASON_MAX];
        snprintf(why, sizeof why, "%s", editor_doc_refusal(e->doc));
        if (!editor_drag_end(e->doc) && e->moved && why[0])
            ui_app_toast(app, "Not done: %s", why);
    }
    e->drag = ED_DRAG_NONE;
    e->moved = false;
}

static void handle_mouse(ed *e, ui_app *app, const ui_input *in)
{
    float k = in->ui_scale > 0 ? in->ui_scale : 1;
    vec2s px = {{in->mouse_x, in->mouse_y}};
    if (in->wheel != 0 && in->mouse_inside && in_view(e, k, px))
        render_camera_zoom_at(&e->cam, px, powf(1.2f, in->wheel));
    bool pan = in->pressed[UI_MOUSE_RIGHT] || in->pressed[UI_MOUSE_MIDDLE] ||
               (in->pressed[UI_MOUSE_LEFT] && in->space_down);
    if (pan && e->drag == ED_DRAG_NONE) {
        e->drag = ED_DRAG_PAN;
        e->pan_button = in->pressed[UI_MOUSE_RIGHT]    ? UI_MOUSE_RIGHT
                        : in->pressed[UI_MOUSE_MIDDLE] ? UI_MOUSE_MIDDLE
                                                       : UI_MOUSE_LEFT;
        return;
    }
    if (e->drag == ED_DRAG_PAN) {
        render_camera_pan_px(&e->cam, (vec2s){{in->mouse_dx, in->mouse_dy}});
        if (!in->down[e->pan_button])
            e->drag = ED_DRAG_NONE;
        return;
    }
    if (in->pressed[UI_MOUSE_LEFT]) {
        if (!in_view(e, k, px)) {
            ed_panel_click(e, app, px, in->shift);
            return;
        }
        e->press_px = px;
        e->press_cm = e->mouse_cm;
        e->press_clicks = in->clicks[UI_MOUSE_LEFT];
        e->moved = false;
        press_tool(e, app, in, px);
    }
    /* also on the release's frame: after a slow frame the whole travel may come with it */
    if (e->drag != ED_DRAG_NONE && e->drag != ED_DRAG_SHAPE &&
        (in->down[UI_MOUSE_LEFT] || in->released[UI_MOUSE_LEFT]))
        drag_motion(e);
    if (e->drag != ED_DRAG_NONE && !in->down[UI_MOUSE_LEFT])
        release(e, app);
}

static void ed_input(ui_screen *s, ui_app *app, const ui_input *in)
{
    ed *e = s->data;
    camera_sync(e, in);
    e->mouse_px = (vec2s){{in->mouse_x, in->mouse_y}};
    e->mouse_cm = render_camera_to_cm(&e->cam, e->mouse_px);
    handle_keys(e, app, s, in);
    if (app->depth == 0 || app->stack[app->depth - 1] != s)
        return;
    handle_mouse(e, app, in);
}

/* Runs every frame, also under a trial: Ctrl+E (or quitting) ends the trial. */
static void ed_update(ui_screen *s, ui_app *app, const ui_input *in)
{
    ed *e = s->data;
    render_camera_update(&e->cam, in->dt, 1.0f);
    if (!e->trial)
        return;
    bool back = app->quit;
    for (int i = 0; i < in->key_count; i++)
        back |= (in->key_mods[i] & UI_MOD_CTRL) && in->keys[i] == 'e';
    if (back || app->game != e->trial)
        trial_end(e, app, s);
}

static void ed_destroy(ui_screen *s)
{
    ed *e = s->data;
    editor_balance_stop(e->balance);
    /* Closed with unsaved changes (Ctrl+Q, the window closed, Esc twice): they are kept aside,
     * never over the file itself. */
    char keep[UI_PATH_MAX], err[300];
    if (editor_doc_dirty(e->doc) && game_data_path("editor-unsaved.json", keep, sizeof keep)) {
        if (editor_doc_save(e->doc, keep, err, sizeof err))
            fprintf(stderr, "sandtable: editor: unsaved changes kept in %s\n", keep);
        else
            fprintf(stderr, "sandtable: editor: unsaved changes lost: %s\n", err);
    }
    editor_doc_destroy(e->doc);
    free(e);
    free(s);
}

ui_screen *ui_editor_create(ui_app *app, editor_doc *doc, const char *path)
{
    (void)app;
    ed *e = mem_calloc(1, sizeof *e);
    e->doc = doc;
    snprintf(e->path, sizeof e->path, "%s", path ? path : "");
    defaults_init(e);
    e->sel_victory = -1;
    ui_screen *s = mem_calloc(1, sizeof *s);
    *s = (ui_screen){.name = "editor",
                     .opaque = true,
                     .input = ed_input,
                     .update = ed_update,
                     .draw = ed_draw,
                     .destroy = ed_destroy,
                     .data = e};
    return s;
}

ui_screen *ui_editor_open(ui_app *app, const char *path, const char *ruleset, char *err,
                          size_t size)
{
    editor_doc *doc =
        ruleset ? editor_doc_new(ruleset, err, size) : editor_doc_open(path, err, size);
    return doc ? ui_editor_create(app, doc, path) : NULL;
}
