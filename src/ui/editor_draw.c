/* The scenario editor's drawing: the table, the editor's marks, the settings panel and the live
 * check (ui/editor_panel.h). The panel's rows are laid out here and clicked in editor.c. */
#include "ui/editor_panel.h"

#include "core/mem.h"
#include "ui/preview.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define ED_BG      0x1b2027ffu
#define ED_PANEL   0x232a33ffu
#define ED_ROW     0x2c343fffu
#define ED_HOT     0x3a5a8affu
#define ED_TEXT    0xf0f0f0ffu
#define ED_DIM     0x9aa4b2ffu
#define ED_SELECT  0xf2c94cffu
#define ED_FAULT   0xff4040ffu
#define ED_DRAW    0x40e0ffffu
#define ED_OK_RGB  0x2f6b3affu
#define ED_BAD_RGB 0x8a2020ffu
#define ED_ROW_H   24
#define ED_ROW_GAP 3
#define ED_FONT    12

static uint32_t next_serial = 0x80000000u;

static const char *const facing_words[8] = {"east", "south-east", "south", "south-west",
                                            "west", "north-west", "north", "north-east"};

static void words(char *s)
{
    for (; *s; s++)
        if (*s == '_')
            *s = ' ';
}

/* ---- victory ------------------------------------------------------------------------------ */

void ed_victory(const ed *e, int *side_ix, int *percent)
{
    const json_t *root = editor_doc_json(e->doc);
    const json_t *v = json_object_get(root, "victory");
    const json_t *sides = json_object_get(root, "sides");
    *side_ix = e->v_side;
    *percent = 0;
    for (size_t i = 0; i < json_array_size(v); i++) {
        const json_t *c = json_array_get(v, i);
        const char *kind = json_string_value(json_object_get(c, "kind"));
        const char *who = json_string_value(json_object_get(c, "side"));
        if (!kind || strcmp(kind, "destroy") != 0 || !who)
            continue;
        for (size_t k = 0; k < json_array_size(sides); k++) {
            const char *n = json_string_value(json_object_get(json_array_get(sides, k), "name"));
            if (n && strcmp(n, who) == 0) {
                *side_ix = (int)k;
                *percent = (int)json_integer_value(json_object_get(c, "value"));
                return;
            }
        }
    }
}

void ed_set_victory(ed *e, ui_app *app, int side_ix, int percent)
{
    int old_side, old_percent;
    ed_victory(e, &old_side, &old_percent);
    int sides = ed_table(e)->side_count;
    side_ix = sides ? (side_ix % sides + sides) % sides : 0;
    e->v_side = side_ix;
    if (old_percent && old_side != side_ix && !editor_set_destroy(e->doc, old_side, 0)) {
        ed_refused(e, app);
        return;
    }
    if (!editor_set_destroy(e->doc, side_ix, percent))
        ed_refused(e, app);
}

/* ---- the panel ----------------------------------------------------------------------------- */

void ed_panel_cycle_type(ed *e, int step)
{
    int n = ed_table(e)->type_count;
    int *t = e->tool == ED_TOOL_LINE ? &e->line_type : &e->area_type;
    if (n > 0)
        *t = ((*t + step) % n + n) % n;
}

static int wrap(int v, int n)
{
    return n > 0 ? (v % n + n) % n : 0;
}

/* Steps through a list of n with one extra "none" at -1. */
static int wrap_none(int v, int n)
{
    return wrap(v + 1, n + 1) - 1;
}

void ed_panel_click(ed *e, ui_app *app, vec2s px, bool back)
{
    for (int i = 0; i < e->row_count; i++) {
        const ed_row *r = &e->rows[i];
        if (px.x < r->x || px.x > r->x + r->w || px.y < r->y || px.y > r->y + r->h)
            continue;
        int step = back || px.x < r->x + r->w * 0.35f ? -1 : 1;
        const editor_lists *l = editor_doc_lists(e->doc);
        int vs, vp;
        switch (r->kind) {
        case ED_ROW_TOOL:
            ed_set_tool(e, (ed_tool)r->arg);
            break;
        case ED_ROW_TITLE:
            ed_text_begin(e, ED_TEXT_TITLE);
            break;
        case ED_ROW_DESCRIPTION:
            ed_text_begin(e, ED_TEXT_DESCRIPTION);
            break;
        case ED_ROW_TABLE: {
            static const float sizes[][2] = {{60, 60},   {90, 60},   {120, 90}, {150, 100},
                                             {180, 120}, {240, 120}, {300, 180}};
            int n = (int)(sizeof sizes / sizeof sizes[0]), now = -1;
            const table *t = ed_table(e);
            for (int k = 0; k < n; k++)
                if (sizes[k][0] == t->width_cm && sizes[k][1] == t->height_cm)
                    now = k;
            int next = now < 0 ? 4 : wrap(now + step, n);
            if (editor_set_table_size(e->doc, sizes[next][0], sizes[next][1]))
                ed_fit(e, app->ctx ? render_ui_scale(app->ctx) : 1, false);
            else
                ed_refused(e, app);
            break;
        }
        case ED_ROW_TURNS: {
            int now = editor_turn_limit(e->doc);
            int next = now == 0 && step > 0 ? 8 : now + step < 0 ? 0 : now + step;
            if (!editor_set_turn_limit(e->doc, next))
                ed_refused(e, app);
            break;
        }
        case ED_ROW_VICTORY_SIDE:
            ed_victory(e, &vs, &vp);
            ed_set_victory(e, app, vs + step, vp ? vp : 50);
            break;
        case ED_ROW_VICTORY_SHARE:
            ed_victory(e, &vs, &vp);
            vp += 10 * step;
            ed_set_victory(e, app, vs, vp < 0 ? 100 : vp > 100 ? 0 : vp);
            break;
        case ED_ROW_AREA_TYPE:
        case ED_ROW_LINE_TYPE:
            ed_panel_cycle_type(e, step);
            break;
        case ED_ROW_SIDE:
            e->u_side = wrap(e->u_side + step, ed_table(e)->side_count);
            break;
        case ED_ROW_COUNT:
            e->u_count = e->u_count + step < 1    ? 1
                         : e->u_count + step > 60 ? 60
                                                  : e->u_count + step;
            break;
        case ED_ROW_RANKS:
            e->u_ranks = e->u_ranks + step < 1 ? 1 : e->u_ranks + step > 6 ? 6 : e->u_ranks + step;
            break;
        case ED_ROW_FACING:
            e->u_facing = wrap(e->u_facing + 45 * step, 360);
            break;
        case ED_ROW_ROLE:
            e->u_role = wrap(e->u_role + step, FIGURE_ROLE_COUNT);
            break;
        case ED_ROW_QUALITY:
            e->u_quality = wrap(e->u_quality + step, FIGURE_QUALITY_COUNT);
            break;
        case ED_ROW_WEAPON:
            e->u_weapon = wrap_none(e->u_weapon + step, l->weapon_count);
            break;
        case ED_ROW_KIND:
            e->u_kind = wrap_none(e->u_kind + step, l->kind_count);
            break;
        case ED_ROW_SEL_TYPE:
            ed_cycle_selected_type(e, app, step);
            break;
        case ED_ROW_SEL_LABEL:
            ed_text_begin(e, ED_TEXT_LABEL);
            break;
        case ED_ROW_SEL_TURN:
            ed_rotate_selected(e, app, 15.0f * (float)step);
            break;
        case ED_ROW_SEL_DELETE:
            ed_delete_selected(e, app);
            break;
        case ED_ROW_SAVE:
            ed_save(e, app);
            break;
        case ED_ROW_TRY:
            ed_try(e, app);
            break;
        case ED_ROW_BALANCE:
            ed_balance_toggle(e, app);
            break;
        default:
            if (!eds_panel_click(e, app, r, step))
                ed_units_panel_click(e, app, r, px, back);
            break;
        }
        return;
    }
}

static void pen_header(panel_pen *p, const char *text)
{
    p->y += 6 * p->k;
    render_text(p->ctx, p->x, p->y, text, 13, ED_DIM, RENDER_ALIGN_LEFT);
    p->y += 20 * p->k;
}

/* A row: label on the left, value on the right; with `arrows` it steps both ways. */
static void pen_row(panel_pen *p, ed_row_kind kind, int arg, const char *label, const char *value,
                    bool hot, bool arrows)
{
    float h = ED_ROW_H * p->k;
    if (p->e->row_count < ED_ROWS_MAX)
        p->e->rows[p->e->row_count++] = (ed_row){kind, arg, p->x, p->y, p->w, h};
    render_rect(p->ctx, p->x, p->y, p->w, h, hot ? ED_HOT : ED_ROW);
    render_text(p->ctx, p->x + 8 * p->k, p->y + 5 * p->k, label, ED_FONT, ED_TEXT,
                RENDER_ALIGN_LEFT);
    if (value) {
        char fit[160], shown[180];
        snprintf(shown, sizeof shown, arrows ? "< %s >" : "%s", value);
        render_text_fit(p->ctx, shown, ED_FONT, p->w * 0.6f, fit, sizeof fit);
        render_text(p->ctx, p->x + p->w - 8 * p->k, p->y + 5 * p->k, fit, ED_FONT, 0xd8e4f4ffu,
                    RENDER_ALIGN_RIGHT);
    }
    p->y += h + ED_ROW_GAP * p->k;
}

void ed_pen_header(panel_pen *p, const char *text)
{
    pen_header(p, text);
}

void ed_pen_row(panel_pen *p, ed_row_kind kind, int arg, const char *label, const char *value,
                bool hot, bool arrows)
{
    pen_row(p, kind, arg, label, value, hot, arrows);
}

static void panel_tools(panel_pen *p)
{
    static const char keys[ED_TOOL_COUNT] = {'S', 'P', 'R', 'O', 'W', 'U', 'Z', 'E'};
    pen_header(p, "Tools");
    for (int t = 0; t < ED_TOOL_COUNT; t++) {
        char label[64];
        snprintf(label, sizeof label, "%c   %s", keys[t], ed_tool_name((ed_tool)t));
        pen_row(p, ED_ROW_TOOL, t, label, NULL, p->e->tool == (ed_tool)t, false);
    }
}

static void panel_unit(panel_pen *p)
{
    ed *e = p->e;
    const table *t = ed_table(e);
    const editor_lists *l = editor_doc_lists(e->doc);
    char v[64];
    pen_header(p, "The next unit (click to place)");
    pen_row(p, ED_ROW_SIDE, 0, "Side (Tab)",
            e->u_side < t->side_count ? t->sides[e->u_side].name : "", false, true);
    snprintf(v, sizeof v, "%d", e->u_count);
    pen_row(p, ED_ROW_COUNT, 0, "Figures (- =)", v, false, true);
    snprintf(v, sizeof v, "%d", e->u_ranks);
    pen_row(p, ED_ROW_RANKS, 0, "Ranks", v, false, true);
    pen_row(p, ED_ROW_FACING, 0, "Facing ([ ])", facing_words[(e->u_facing / 45) % 8], false, true);
    pen_row(p, ED_ROW_ROLE, 0, "Role", table_role_name((figure_role)e->u_role), false, true);
    pen_row(p, ED_ROW_QUALITY, 0, "Quality", table_quality_name((figure_quality)e->u_quality),
            false, true);
    snprintf(v, sizeof v, "%s", e->u_weapon >= 0 ? l->weapons[e->u_weapon] : "none given");
    words(v);
    pen_row(p, ED_ROW_WEAPON, 0, "Weapon", v, false, true);
    snprintf(v, sizeof v, "%s", e->u_kind >= 0 ? l->kinds[e->u_kind] : "none given");
    words(v);
    pen_row(p, ED_ROW_KIND, 0, "Troop kind", v, false, true);
}

static void panel_selection(panel_pen *p)
{
    ed *e = p->e;
    const table *t = ed_table(e);
    char v[96];
    if (e->group_nf + e->group_nu > 0) {
        snprintf(v, sizeof v, "%d piece%s and %d unit%s chosen", e->group_nf,
                 e->group_nf == 1 ? "" : "s", e->group_nu, e->group_nu == 1 ? "" : "s");
        pen_header(p, v);
        ed_units_panel_group(p);
        pen_row(p, ED_ROW_SEL_DELETE, 0, "Delete (Del)", NULL, false, false);
    } else if (e->sel_feature >= 0 && e->sel_feature < t->feature_count) {
        const terrain_feature *f = &t->features[e->sel_feature];
        pen_header(p, f->shape == TERRAIN_SHAPE_LINE ? "The chosen line" : "The chosen area");
        snprintf(v, sizeof v, "%s", t->types[f->type].name);
        words(v);
        pen_row(p, ED_ROW_SEL_TYPE, 0, "Type (T)", v, false, true);
        pen_row(p, ED_ROW_SEL_LABEL, 0, "Label (N)", f->name[0] ? f->name : "none", false, false);
        pen_row(p, ED_ROW_SEL_DELETE, 0, "Delete (Del)", NULL, false, false);
    } else if (e->sel_unit >= 0 && e->sel_unit < t->unit_count) {
        ed_units_panel_unit(p); /* with eds_panel_unit's arrival rows */
    } else {
        pen_header(p, "Click, or draw a box, to choose");
        ed_units_panel_sides(p);
    }
}

/* The balance check: its button, a progress bar, then each side's wins with the interval. */
static void panel_balance(panel_pen *p)
{
    ed *e = p->e;
    editor_balance_result r = {0};
    if (e->balance)
        editor_balance_result_get(e->balance, &r);
    pen_row(p, ED_ROW_BALANCE, 0, r.running ? "Stop the balance check (B)" : "Balance check (B)",
            NULL, r.running, false);
    if (!e->balance)
        return;
    float k = p->k, bar_w = p->w * (float)r.done / (float)(r.total ? r.total : 1);
    render_rect(p->ctx, p->x, p->y, p->w, 8 * k, ED_ROW);
    render_rect(p->ctx, p->x, p->y, bar_w, 8 * k, 0x4a8a5affu);
    p->y += 12 * k;
    char line[160];
    snprintf(line, sizeof line, "%d of %d bot games%s", r.done, r.total,
             e->balance_version != editor_doc_version(e->doc) ? " (before your last changes)" : "");
    render_text(p->ctx, p->x, p->y, line, 11, ED_DIM, RENDER_ALIGN_LEFT);
    p->y += 16 * k;
    if (r.error[0]) {
        render_text_fit(p->ctx, r.error, 11, p->w, line, sizeof line);
        render_text(p->ctx, p->x, p->y, line, 11, ED_FAULT, RENDER_ALIGN_LEFT);
        p->y += 16 * k;
        return;
    }
    if (r.done == 0)
        return;
    for (int s = 0; s <= SIM_SIDES_MAX; s++) {
        if (s > 0 && !r.side_names[s][0])
            continue;
        snprintf(line, sizeof line, "%s %.0f%% (95%%: %.0f-%.0f%%)",
                 s ? r.side_names[s] : "Draw or unfinished", 100.0 * r.wins[s] / r.done,
                 r.win_lo[s], r.win_hi[s]);
        if (s == 0 && r.wins[0] == 0)
            continue;
        render_text(p->ctx, p->x, p->y, line, 11, ED_TEXT, RENDER_ALIGN_LEFT);
        p->y += 16 * k;
    }
    snprintf(line, sizeof line, "mean length %.1f turns", r.mean_turns);
    render_text(p->ctx, p->x, p->y, line, 11, ED_DIM, RENDER_ALIGN_LEFT);
    p->y += 16 * k;
    eds_panel_mattered(p, &r);
}

static void panel_scenario(panel_pen *p)
{
    ed *e = p->e;
    const table *t = ed_table(e);
    char v[96];
    pen_header(p, "The scenario");
    pen_row(p, ED_ROW_TITLE, 0, "Title", editor_doc_scenario(e->doc)->title, false, false);
    char desc[SCENARIO_TEXT_MAX];
    editor_description(e->doc, desc, sizeof desc);
    for (char *c = desc; *c; c++) /* one line in the row */
        if (*c == '\n')
            *c = ' ';
    pen_row(p, ED_ROW_DESCRIPTION, 0, "Description", desc[0] ? desc : "none", false, false);
    snprintf(v, sizeof v, "%.0f x %.0f cm", t->width_cm, t->height_cm);
    pen_row(p, ED_ROW_TABLE, 0, "Table", v, false, true);
    int turns = editor_turn_limit(e->doc);
    snprintf(v, sizeof v, turns ? "%d turns" : "none", turns);
    pen_row(p, ED_ROW_TURNS, 0, "Turn limit (G)", v, false, true);
    int vs, vp;
    ed_victory(e, &vs, &vp);
    if (eds_scores(e, "destroy")) { /* the others' kinds: the Victory and options tool (E) */
        pen_row(p, ED_ROW_VICTORY_SIDE, 0, "Victory (V)",
                vp && vs < t->side_count ? t->sides[vs].name : "none", false, true);
        snprintf(v, sizeof v, vp ? "%d%% of the enemy" : "-", vp);
        pen_row(p, ED_ROW_VICTORY_SHARE, 0, "Wins when fallen", v, false, true);
    }
    p->y += 6 * p->k;
    pen_row(p, ED_ROW_SAVE, 0,
            editor_doc_dirty(e->doc) ? "Save (Ctrl+S): unsaved changes" : "Save (Ctrl+S)", NULL,
            editor_doc_dirty(e->doc), false);
    pen_row(p, ED_ROW_TRY, 0, "Try it (Ctrl+P)", NULL, false, false);
    panel_balance(p);
}

static void draw_panel(ed *e, render_ctx *ctx, float k)
{
    int w, h;
    render_output_size(ctx, &w, &h);
    float x0 = (float)w - ED_PANEL_W * k;
    render_rect(ctx, x0, 0, ED_PANEL_W * k, (float)h, ED_PANEL);
    panel_pen p = {ctx, e, x0 + 10 * k, 38 * k, (ED_PANEL_W - 20) * k, k};
    e->row_count = 0;
    panel_tools(&p);
    if (e->tool == ED_TOOL_UNIT) {
        panel_unit(&p);
    } else if (e->tool == ED_TOOL_ZONE) {
        const table *t = ed_table(e);
        pen_header(&p, "Drag a rectangle where the side sets up");
        pen_row(&p, ED_ROW_SIDE, 0, "Side (Tab)",
                e->u_side < t->side_count ? t->sides[e->u_side].name : "", false, true);
        pen_header(&p, "Shift+Z takes the side's zones away");
    } else if (e->tool == ED_TOOL_SELECT) {
        panel_selection(&p);
    } else if (e->tool == ED_TOOL_VICTORY) {
        eds_panel_victory(&p); /* long: the scenario's rows stay with the other tools */
        panel_balance(&p);
    } else {
        const table *t = ed_table(e);
        char v[64];
        snprintf(v, sizeof v, "%s",
                 t->types[e->tool == ED_TOOL_LINE ? e->line_type : e->area_type].name);
        words(v);
        pen_header(&p, e->tool == ED_TOOL_LINE ? "The next line" : "The next area");
        pen_row(&p, e->tool == ED_TOOL_LINE ? ED_ROW_LINE_TYPE : ED_ROW_AREA_TYPE, 0, "Type (T)", v,
                false, true);
    }
    if (e->tool != ED_TOOL_VICTORY)
        panel_scenario(&p);
    static const char *const help[] = {
        "Ctrl+Z undo, Ctrl+Y redo, Ctrl+D duplicate",
        "Right drag or Space+drag: pan; wheel: zoom",
        "Areas: click points, Enter or the first point closes",
        "Lines: click points, Enter or double click ends",
        "Arrows nudge the chosen piece; Esc: back",
        "[ ] turn the chosen unit, figure or group (Shift: 90)",
        "Double-click a figure: it alone; I adds a figure",
    };
    int lines = (int)(sizeof help / sizeof help[0]);
    float y = (float)h - 40 * k - (float)lines * 16 * k;
    if (y > p.y)
        for (int i = 0; i < lines; i++)
            render_text(ctx, x0 + 10 * k, y + (float)i * 16 * k, help[i], 11, ED_DIM,
                        RENDER_ALIGN_LEFT);
}

/* ---- marks on the table --------------------------------------------------------------------- */

static void outline_points(render_ctx *ctx, const render_camera *cam, const vec2s *pts, int n,
                           bool closed, float width, uint32_t rgba)
{
    if (n < 2)
        return;
    render_polyline_cm(ctx, cam, pts, n, width, rgba);
    if (closed && n > 2)
        render_line_cm(ctx, cam, pts[n - 1], pts[0], width, rgba);
}

static void outline_feature(ed *e, render_ctx *ctx, int index, float width, uint32_t rgba,
                            bool handles)
{
    const table *t = ed_table(e);
    if (index < 0 || index >= t->feature_count)
        return;
    static vec2s pts[SCENARIO_POINTS_MAX];
    int n = editor_feature_points(e->doc, index, pts, SCENARIO_POINTS_MAX);
    outline_points(ctx, &e->cam, pts, n, t->features[index].shape == TERRAIN_SHAPE_AREA, width,
                   rgba);
    for (int i = 0; handles && i < n; i++)
        render_marker_cm(ctx, &e->cam, pts[i], 4.5f * render_ui_scale(ctx), rgba);
}

static void ring_unit(ed *e, render_ctx *ctx, int unit_index, uint32_t rgba)
{
    const table *t = ed_table(e);
    for (int i = 0; unit_index >= 0 && i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        if ((int)f->unit.id - 1 != unit_index)
            continue;
        float r = f->base.kind == GEOM_BASE_RECT
                      ? 0.5f * sqrtf(f->base.frontage_cm * f->base.frontage_cm +
                                     f->base.depth_cm * f->base.depth_cm)
                      : f->base.radius_cm;
        render_circle_cm(ctx, &e->cam, f->pos, r + 0.5f, 2.0f * render_ui_scale(ctx), rgba);
    }
}

static vec2s snapped_mouse(const ed *e)
{
    float g = editor_doc_grid_cm(e->doc);
    const table *t = ed_table(e);
    vec2s q = {{roundf(e->mouse_cm.x / g) * g, roundf(e->mouse_cm.y / g) * g}};
    q.x = fminf(fmaxf(q.x, 0), t->width_cm);
    q.y = fminf(fmaxf(q.y, 0), t->height_cm);
    return q;
}

static void draw_ghost_unit(ed *e, render_ctx *ctx)
{
    const table *t = ed_table(e);
    if (e->u_side >= t->side_count)
        return;
    editor_unit_desc u = ed_unit_desc(e, snapped_mouse(e));
    vec2s pos[EDITOR_BLOCK_MAX];
    int n = editor_unit_positions(&u, pos, EDITOR_BLOCK_MAX);
    figure f = {.side = t->sides[e->u_side].id,
                .role = u.role,
                .quality = u.quality,
                .base = u.frontage_cm > 0
                            ? (geom_base){.kind = GEOM_BASE_RECT,
                                          .frontage_cm = u.frontage_cm,
                                          .depth_cm = u.depth_cm}
                            : (geom_base){.kind = GEOM_BASE_ROUND, .radius_cm = 1.25f},
                .facing = u.facing_deg * GEOM_PI / 180.0f};
    for (int i = 0; i < n; i++)
        render_figure(ctx, &e->cam, t, &f, pos[i], f.facing, RENDER_FIG_GHOST);
}

static void draw_marks(ed *e, render_ctx *ctx, float k)
{
    const editor_check *c = editor_doc_check(e->doc);
    if (!c->ok) {
        outline_feature(e, ctx, c->feature, 3 * k, ED_FAULT, false);
        ring_unit(e, ctx, c->unit, ED_FAULT);
    }
    outline_feature(e, ctx, e->sel_feature, 2 * k, ED_SELECT, true);
    ring_unit(e, ctx, e->sel_figure < 0 ? e->sel_unit : -1, ED_SELECT);
    ed_units_draw_marks(e, ctx, k);
    for (int i = 0; i < e->group_nf; i++)
        outline_feature(e, ctx, e->group_f[i], 2 * k, ED_SELECT, false);
    for (int i = 0; i < e->group_nu; i++)
        ring_unit(e, ctx, e->group_u[i], ED_SELECT);
    if (e->drag == ED_DRAG_BOX && e->moved) {
        vec2s a = e->press_cm, b = e->mouse_cm;
        vec2s pts[4] = {a, {{b.x, a.y}}, b, {{a.x, b.y}}};
        outline_points(ctx, &e->cam, pts, 4, true, 1.5f * k, ED_SELECT);
    }
    vec2s m = snapped_mouse(e);
    bool over = e->mouse_px.x < (float)e->cam.view_w - ED_PANEL_W * k;
    if (e->tool == ED_TOOL_POLYGON || e->tool == ED_TOOL_LINE) {
        outline_points(ctx, &e->cam, e->pts, e->npts, false, 2 * k, ED_DRAW);
        if (e->npts && over)
            render_dashed_line_cm(ctx, &e->cam, e->pts[e->npts - 1], m, 1.5f * k, 6 * k, ED_DRAW);
        for (int i = 0; i < e->npts; i++)
            render_marker_cm(ctx, &e->cam, e->pts[i], (i == 0 ? 6.0f : 4.0f) * k, ED_DRAW);
    }
    if (e->drag == ED_DRAG_SHAPE && (e->tool == ED_TOOL_RECT || e->tool == ED_TOOL_ZONE)) {
        vec2s a = e->press_snap;
        vec2s pts[4] = {a, {{m.x, a.y}}, m, {{a.x, m.y}}};
        outline_points(ctx, &e->cam, pts, 4, true, 2 * k, ED_DRAW);
    } else if (e->drag == ED_DRAG_SHAPE && e->tool == ED_TOOL_CIRCLE) {
        render_circle_cm(ctx, &e->cam, e->press_snap, glms_vec2_distance(e->press_snap, m), 2 * k,
                         ED_DRAW);
    }
    eds_draw_marks(e, ctx, k);
    if (e->tool == ED_TOOL_UNIT && over)
        draw_ghost_unit(e, ctx);
    if (e->tool != ED_TOOL_SELECT && e->tool != ED_TOOL_UNIT && over)
        render_marker_cm(ctx, &e->cam, m, 3 * k, 0xffffffc0u);
}

/* ---- bars ---------------------------------------------------------------------------------- */

static void draw_top(ed *e, render_ctx *ctx, float k, int w)
{
    const scenario *s = editor_doc_scenario(e->doc);
    const rules_ops *ops = rules_find(s->ruleset);
    render_rect(ctx, 0, 0, (float)w - ED_PANEL_W * k, 32 * k, 0x141920f0u);
    char line[400];
    snprintf(line, sizeof line, "Scenario editor  -  %s  -  %s%s", s->title, ops ? ops->name : "",
             editor_doc_dirty(e->doc) ? "  (unsaved)" : "");
    char fit[400];
    render_text_fit(ctx, line, 14, (float)w - (ED_PANEL_W + 220) * k, fit, sizeof fit);
    render_text(ctx, 12 * k, 8 * k, fit, 14, ED_TEXT, RENDER_ALIGN_LEFT);
    render_text(ctx, (float)w - (ED_PANEL_W + 12) * k, 9 * k, ed_tool_name(e->tool), 12, ED_SELECT,
                RENDER_ALIGN_RIGHT);
}

static void draw_check(ed *e, render_ctx *ctx, float k, int w, int h)
{
    const editor_check *c = editor_doc_check(e->doc);
    const rules_ops *ops = rules_find(editor_doc_scenario(e->doc)->ruleset);
    float bw = (float)w - ED_PANEL_W * k, y = (float)h - 32 * k;
    render_rect(ctx, 0, y, bw, 32 * k, c->ok ? ED_OK_RGB : ED_BAD_RGB);
    char line[EDITOR_REASON_MAX + 80], fit[EDITOR_REASON_MAX + 80];
    if (c->ok)
        snprintf(line, sizeof line, "Ready to play: %s accepts this scenario",
                 ops ? ops->name : "the rule set");
    else
        snprintf(line, sizeof line, "Not ready: %s", c->message);
    render_text_fit(ctx, line, 13, bw - 24 * k, fit, sizeof fit);
    render_text(ctx, 12 * k, y + 8 * k, fit, 13, ED_TEXT, RENDER_ALIGN_LEFT);
}

static void draw_text_entry(ed *e, render_ctx *ctx, float k, int w)
{
    if (e->text_target == ED_TEXT_NONE)
        return;
    float bw = 520 * k, x = ((float)w - ED_PANEL_W * k - bw) / 2, y = 60 * k;
    render_rect(ctx, x, y, bw, 62 * k, 0x101418f0u);
    render_rect_outline(ctx, x, y, bw, 62 * k, ED_SELECT);
    /* a long text shows its end, where the typing is (from a character's first byte) */
    const char *shown = e->text;
    size_t n = strlen(shown);
    if (n > 56) {
        shown += n - 56;
        while (((unsigned char)*shown & 0xc0) == 0x80)
            shown++;
    }
    static const char *names[] = {"", "Title", "Label", "Description", "The side's name"};
    char line[200];
    snprintf(line, sizeof line, "%s: %s%.150s_", names[e->text_target],
             shown == e->text ? "" : "...", shown);
    render_text(ctx, x + 12 * k, y + 10 * k, line, 15, ED_TEXT, RENDER_ALIGN_LEFT);
    render_text(ctx, x + 12 * k, y + 36 * k, "Type, then Enter keeps it; Esc leaves it as it was",
                11, ED_DIM, RENDER_ALIGN_LEFT);
}

void ed_draw(ui_screen *s, ui_app *app, render_ctx *ctx)
{
    (void)app;
    ed *e = s->data;
    int w, h;
    render_output_size(ctx, &w, &h);
    float k = render_ui_scale(ctx);
    if (!e->serial_set || e->seen_version != editor_doc_version(e->doc)) {
        e->seen_version = editor_doc_version(e->doc);
        e->terrain_serial = next_serial++;
        e->serial_set = true;
    }
    const scenario *sc = editor_doc_scenario(e->doc);
    render_zone zones[16];
    int nz = sc->zone_count < 16 ? sc->zone_count : 16;
    for (int i = 0; i < nz; i++)
        zones[i] = (render_zone){sc->zones[i].side, sc->zones[i].area.pts, sc->zones[i].area.count};
    render_rect(ctx, 0, 0, (float)w, (float)h, ED_BG);
    if (e->trial)
        return; /* the trial's table covers the window */
    render_scene scene = {.table = sc->table,
                          .zones = zones,
                          .zone_count = nz,
                          .show_deployment = true,
                          .show_labels = true,
                          .terrain_version = e->terrain_serial,
                          .camera_moving = !render_camera_settled(&e->cam)};
    render_table(ctx, &e->cam, &scene);
    draw_marks(e, ctx, k);
    draw_top(e, ctx, k, w);
    draw_check(e, ctx, k, w, h);
    draw_panel(e, ctx, k);
    draw_text_entry(e, ctx, k, w);
}

/* ---- the preview beside the file ------------------------------------------------------------ */

bool ed_write_preview(const ed *e)
{
    size_t n = strlen(e->path);
    if (n < 6 || strcmp(e->path + n - 5, ".json") != 0)
        return false;
    char out[UI_PATH_MAX + 8];
    snprintf(out, sizeof out, "%.*s.png", (int)(n - 5), e->path);
    const scenario *s = editor_doc_scenario(e->doc);
    int width = 800; /* cheap enough to draw at every save */
    char err[300], art[1100];
    render_ctx *off =
        render_create_offscreen(width, ui_preview_height(s, width),
                                &(render_desc){.ui_scale = ui_preview_scale(width),
                                               .art_dir = render_find_art_dir(art, sizeof art)},
                                err, sizeof err);
    if (!off) {
        fprintf(stderr, "sandtable: editor preview: %s\n", err);
        return false;
    }
    render_begin(off);
    ui_preview_draw(off, s, &(ui_preview_opts){.deployment = true, .labels = true});
    bool ok = render_write_png(off, out, err, sizeof err) == 0;
    if (!ok)
        fprintf(stderr, "sandtable: editor preview: %s\n", err);
    render_destroy(off);
    return ok;
}

/* ---- the trial's banner --------------------------------------------------------------------- */

static void banner_input(ui_screen *s, ui_app *app, const ui_input *in)
{
    /* the match below plays on: its screen gets the input */
    for (int i = app->depth - 1; i > 0; i--)
        if (app->stack[i] == s && app->stack[i - 1]->input) {
            app->stack[i - 1]->input(app->stack[i - 1], app, in);
            return;
        }
}

static void banner_draw(ui_screen *s, ui_app *app, render_ctx *ctx)
{
    (void)s;
    (void)app;
    int w, h;
    render_output_size(ctx, &w, &h);
    float k = render_ui_scale(ctx);
    const char *text = "Trying the scenario from the editor  -  Ctrl+E: back to the editor";
    int tw, th;
    render_text_size(ctx, text, 12, &tw, &th);
    float x = ((float)w - (float)tw) / 2 - 10 * k, y = (float)h - 30 * k;
    render_rect(ctx, x, y, (float)tw + 20 * k, (float)th + 8 * k, 0x203a5ae8u);
    render_text(ctx, x + 10 * k, y + 4 * k, text, 12, ED_TEXT, RENDER_ALIGN_LEFT);
}

static void banner_destroy(ui_screen *s)
{
    free(s);
}

ui_screen *ed_trial_banner_create(void)
{
    ui_screen *s = mem_calloc(1, sizeof *s);
    *s = (ui_screen){.name = "editor-trial",
                     .input = banner_input,
                     .draw = banner_draw,
                     .destroy = banner_destroy};
    return s;
}
