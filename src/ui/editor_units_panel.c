/* The editor screen's part for units figure by figure, turning groups, formations, commanders
 * and the sides (ui/editor_panel.h): the panel's rows, their clicks, the keys' actions and the
 * chosen figure's ring. The edits themselves are ui/editor_units.h. */
#include "ui/editor_panel.h"

#include "ui/editor_units.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define ED_SELECT 0xf2c94cffu
#define ED_DIM    0x9aa4b2ffu

static void words(char *s)
{
    for (; *s; s++)
        if (*s == '_')
            *s = ' ';
}

static bool group_chosen(const ed *e)
{
    return e->group_nf + e->group_nu > 0;
}

/* ---- actions ------------------------------------------------------------------------------ */

bool ed_units_press(ed *e, int fig)
{
    int u, k;
    if (!editor_figure_locate(e->doc, ed_table(e)->figures[fig].id, &u, &k))
        return false;
    bool alone = e->press_clicks >= 2 || (e->sel_unit == u && e->sel_figure >= 0);
    if (!alone)
        return false;
    e->sel_feature = -1;
    e->group_nf = e->group_nu = 0;
    e->sel_unit = u;
    e->sel_figure = k;
    e->drag = ED_DRAG_FIGURE;
    return true;
}

bool ed_units_rotate(ed *e, ui_app *app, float deg)
{
    bool ok;
    if (group_chosen(e))
        ok = editor_group_rotate(e->doc, e->group_f, e->group_nf, e->group_u, e->group_nu, deg);
    else if (e->sel_unit >= 0 && e->sel_figure >= 0)
        ok = editor_figure_turn(e->doc, e->sel_unit, e->sel_figure, deg);
    else
        return false;
    if (!ok)
        ed_refused(e, app);
    return true;
}

bool ed_units_delete(ed *e, ui_app *app)
{
    if (group_chosen(e) || e->sel_unit < 0 || e->sel_figure < 0)
        return false;
    int before = editor_unit_figure_count(e->doc, e->sel_unit);
    if (!editor_figure_delete(e->doc, e->sel_unit, e->sel_figure)) {
        ed_refused(e, app);
        return true;
    }
    e->sel_figure = -1;
    if (before <= 1) /* the unit went with its last figure */
        e->sel_unit = -1;
    return true;
}

/* Beside the unit's last figure, to its right as it faces. */
static vec2s beside_last(const ed *e, int unit_ix)
{
    int n = editor_unit_figure_count(e->doc, unit_ix);
    const figure *f = editor_unit_figure(e->doc, unit_ix, n - 1);
    if (!f)
        return (vec2s){{0, 0}};
    float w = f->base.kind == GEOM_BASE_RECT ? f->base.frontage_cm : 2 * f->base.radius_cm;
    vec2s right = {{-sinf(f->facing), cosf(f->facing)}};
    return glms_vec2_add(f->pos, glms_vec2_scale(right, w));
}

void ed_units_add_figure(ed *e, ui_app *app)
{
    if (e->sel_unit < 0 || group_chosen(e)) {
        ui_app_toast(app, "Choose a unit first: I adds a figure to it");
        return;
    }
    const table *t = ed_table(e);
    float k = app->ctx ? render_ui_scale(app->ctx) : 1;
    float x1, y0, y1;
    ed_view_rect(e, k, &x1, &y0, &y1);
    vec2s m = e->mouse_cm;
    bool at_pointer = e->mouse_px.x < x1 && e->mouse_px.y > y0 && e->mouse_px.y < y1 && m.x >= 0 &&
                      m.y >= 0 && m.x <= t->width_cm && m.y <= t->height_cm;
    vec2s pos = beside_last(e, e->sel_unit);
    if (at_pointer) {
        float g = editor_doc_grid_cm(e->doc) * 0.5f; /* half the grid: bases side by side */
        pos = (vec2s){{roundf(m.x / g) * g, roundf(m.y / g) * g}};
    }
    int added;
    if (editor_figure_add(e->doc, e->sel_unit, e->sel_figure, pos, &added))
        e->sel_figure = added;
    else
        ed_refused(e, app);
}

void ed_units_text_begin(ed *e, int side_ix)
{
    const table *t = ed_table(e);
    e->text_side = side_ix;
    if (side_ix >= 0 && side_ix < t->side_count)
        snprintf(e->text, sizeof e->text, "%s", t->sides[side_ix].name);
}

bool ed_units_text_commit(ed *e, ui_app *app)
{
    if (e->text_target != ED_TEXT_SIDE_NAME)
        return false;
    if (!editor_side_rename(e->doc, e->text_side, e->text))
        ed_refused(e, app);
    e->text_target = ED_TEXT_NONE;
    return true;
}

/* ---- the panel ---------------------------------------------------------------------------- */

void ed_units_panel_group(panel_pen *p)
{
    ed_pen_row(p, ED_ROW_SEL_TURN, 0, "Turn together ([ ])", "15 degrees", false, true);
}

/* "Lt Toledo", or "officer, figure 3" for a figure without a name. */
static void figure_words(const ed *e, int unit_ix, int k, char *out, size_t size)
{
    const figure *f = editor_unit_figure(e->doc, unit_ix, k);
    if (!f)
        snprintf(out, size, "nobody");
    else if (f->name[0])
        snprintf(out, size, "%s", f->name);
    else
        snprintf(out, size, "%s, figure %d", table_role_name(f->role), k + 1);
}

static void panel_formation(panel_pen *p, int unit_ix)
{
    char list[EDITOR_FORMATIONS_MAX][EDITOR_WORD_MAX];
    int n = editor_unit_formations(p->e->doc, unit_ix, list, EDITOR_FORMATIONS_MAX);
    if (n == 0)
        return; /* no formation in this rule set: nothing to choose */
    char v[64];
    const char *now = editor_unit_formation(p->e->doc, unit_ix);
    snprintf(v, sizeof v, "%s", now[0] ? now : list[0]);
    words(v);
    ed_pen_row(p, ED_ROW_SEL_FORMATION, 0, "Formation", v, false, true);
}

void ed_units_panel_unit(panel_pen *p)
{
    ed *e = p->e;
    const table *t = ed_table(e);
    const unit *u = &t->units[e->sel_unit];
    char head[TABLE_NAME_MAX * 3 + 40], v[TABLE_NAME_MAX + 24];
    if (e->sel_figure >= 0) {
        figure_words(e, e->sel_unit, e->sel_figure, v, sizeof v);
        snprintf(head, sizeof head, "%s of %s", v, u->name);
        if (head[0] >= 'a' && head[0] <= 'z')
            head[0] = (char)(head[0] - 'a' + 'A');
        ed_pen_header(p, head);
        bool commands = editor_unit_commander(e->doc, e->sel_unit) == e->sel_figure;
        ed_pen_row(p, ED_ROW_SEL_COMMANDER, 1, "Commands the unit", commands ? "yes" : "no", false,
                   true);
        ed_pen_row(p, ED_ROW_SEL_TURN, 0, "Turn the figure ([ ])", "15 degrees", false, true);
        ed_pen_row(p, ED_ROW_SEL_ADD_FIGURE, 0, "Add a figure like it (I)", NULL, false, false);
        ed_pen_row(p, ED_ROW_SEL_DELETE, 0, "Delete the figure (Del)", NULL, false, false);
        return;
    }
    snprintf(head, sizeof head, "%s (%s)", u->name, table_side_label(t, u->side, "a side"));
    ed_pen_header(p, head);
    panel_formation(p, e->sel_unit);
    figure_words(e, e->sel_unit, editor_unit_commander(e->doc, e->sel_unit), v, sizeof v);
    ed_pen_row(p, ED_ROW_SEL_COMMANDER, 0, "Commander", v, false, true);
    ed_pen_row(p, ED_ROW_SEL_TURN, 0, "Turn ([ ])", "15 degrees", false, true);
    ed_pen_row(p, ED_ROW_SEL_ADD_FIGURE, 0, "Add a figure (I)", NULL, false, false);
    eds_panel_unit(p);
    ed_pen_row(p, ED_ROW_SEL_DELETE, 0, "Delete (Del)", NULL, false, false);
    render_text(p->ctx, p->x, p->y, "Double-click a figure to choose it alone", 11, ED_DIM,
                RENDER_ALIGN_LEFT);
    p->y += 16 * p->k;
}

void ed_units_panel_sides(panel_pen *p)
{
    ed *e = p->e;
    const table *t = ed_table(e);
    ed_pen_header(p, "The sides");
    render_text(p->ctx, p->x, p->y - 4 * p->k, "Click a name to rename it, a colour to change it",
                11, ED_DIM, RENDER_ALIGN_LEFT);
    p->y += 14 * p->k;
    for (int s = 0; s < t->side_count; s++) {
        int c = editor_side_colour(e->doc, s);
        float y = p->y;
        ed_pen_row(p, ED_ROW_SIDE_ENTRY, s, t->sides[s].name,
                   c >= 0 ? editor_side_palette[c].name : "its own colour", false, true);
        /* a swatch of the colour left of the name */
        float h = p->y - y;
        render_rect(p->ctx, p->x - 7 * p->k, y + 3 * p->k, 5 * p->k, h - 9 * p->k,
                    (t->sides[s].colour << 8) | 0xffu);
    }
    ed_pen_row(p, ED_ROW_SIDE_ADD, 0, "Add a side", NULL, false, false);
    if (t->side_count > 2) {
        char label[TABLE_NAME_MAX + 16];
        snprintf(label, sizeof label, "Take away %s", t->sides[t->side_count - 1].name);
        ed_pen_row(p, ED_ROW_SIDE_REMOVE, t->side_count - 1, label, NULL, false, false);
    }
}

static void commander_step(ed *e, ui_app *app, int step)
{
    int n = editor_unit_figure_count(e->doc, e->sel_unit);
    int now = editor_unit_commander(e->doc, e->sel_unit);
    int next = ((now + 1 + step) % (n + 1) + (n + 1)) % (n + 1) - 1; /* nobody, then each */
    if (!editor_unit_set_commander(e->doc, e->sel_unit, next))
        ed_refused(e, app);
}

bool ed_units_panel_click(ed *e, ui_app *app, const ed_row *r, vec2s px, bool back)
{
    int step = back || px.x < r->x + r->w * 0.35f ? -1 : 1;
    bool ok = true;
    switch (r->kind) {
    case ED_ROW_SEL_FORMATION:
        ok = editor_unit_cycle_formation(e->doc, e->sel_unit, step);
        break;
    case ED_ROW_SEL_COMMANDER:
        if (r->arg == 1) { /* the chosen figure: commands the unit, or nobody does */
            bool commands = editor_unit_commander(e->doc, e->sel_unit) == e->sel_figure;
            ok = editor_unit_set_commander(e->doc, e->sel_unit, commands ? -1 : e->sel_figure);
        } else {
            commander_step(e, app, step);
        }
        break;
    case ED_ROW_SEL_ADD_FIGURE:
        ed_units_add_figure(e, app);
        break;
    case ED_ROW_SIDE_ENTRY:
        if (px.x < r->x + r->w * 0.5f && !back) {
            e->text_side = r->arg;
            ed_text_begin(e, ED_TEXT_SIDE_NAME);
        } else {
            ok = editor_side_cycle_colour(e->doc, r->arg, back ? -1 : 1);
        }
        break;
    case ED_ROW_SIDE_ADD:
        ok = editor_side_add(e->doc, NULL);
        break;
    case ED_ROW_SIDE_REMOVE:
        ok = editor_side_delete(e->doc, r->arg);
        if (ok && e->u_side >= ed_table(e)->side_count)
            e->u_side = 0;
        break;
    default:
        return false;
    }
    if (!ok)
        ed_refused(e, app);
    return true;
}

/* ---- marks --------------------------------------------------------------------------------- */

void ed_units_draw_marks(ed *e, render_ctx *ctx, float k)
{
    const figure *f =
        e->sel_figure >= 0 ? editor_unit_figure(e->doc, e->sel_unit, e->sel_figure) : NULL;
    if (!f)
        return;
    float r = f->base.kind == GEOM_BASE_RECT
                  ? 0.5f * sqrtf(f->base.frontage_cm * f->base.frontage_cm +
                                 f->base.depth_cm * f->base.depth_cm)
                  : f->base.radius_cm;
    render_circle_cm(ctx, &e->cam, f->pos, r + 0.6f, 2.5f * k, ED_SELECT);
}
