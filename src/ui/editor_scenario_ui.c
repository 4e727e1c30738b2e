/* The scenario editor's scenario-level settings on screen (ui/editor_panel.h): a chosen unit's
 * arrival as a reinforcement, the victory tool's conditions and rule-set options, and on the
 * table the reinforcements ghosted where they queue with their turn, and the victory areas. */
#include "ui/editor_panel.h"

#include "ui/editor_scenario.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define HANDLE_PX   8.0f
#define ED_SELECT   0xf2c94cffu
#define ED_ENTRY    0xfff2c0ffu
#define ED_AREA_RGB 0xffd060u

static const char *const edge_words[] = {"", "north", "south", "west", "east"};

static const table *tbl(const ed *e)
{
    return editor_doc_scenario(e->doc)->table;
}

static void words(char *s)
{
    for (; *s; s++)
        if (*s == '_')
            *s = ' ';
}

/* ---- the chosen unit: when and where it arrives ---------------------------------------- */

static void arrival_words(const editor_arrival *a, char *out, size_t size)
{
    if (a->group < 0)
        snprintf(out, size, "from the start");
    else if (a->turn > 0)
        snprintf(out, size, "turn %d", a->turn);
    else
        snprintf(out, size, "on %s", a->trigger);
    words(out);
}

void eds_panel_unit(panel_pen *p)
{
    ed *e = p->e;
    editor_arrival a;
    if (!editor_unit_arrival(e->doc, e->sel_unit, &a))
        return;
    char v[96];
    arrival_words(&a, v, sizeof v);
    ed_pen_row(p, ED_ROW_ARRIVE_TURN, 0, "Arrives (A)", v, false, true);
    if (a.group >= 0) {
        snprintf(v, sizeof v, "the %s edge", edge_words[a.edge]);
        ed_pen_row(p, ED_ROW_ARRIVE_EDGE, 0, "Enters by", v, false, true);
        float at =
            a.edge == SCENARIO_EDGE_NORTH || a.edge == SCENARIO_EDGE_SOUTH ? a.entry.x : a.entry.y;
        snprintf(v, sizeof v, e->pick_entry ? "click by an edge" : "%.0f cm along", at);
        ed_pen_row(p, ED_ROW_ARRIVE_POINT, 0, "Entry point", v, e->pick_entry, false);
    }
    const rules_scenario_terms *terms = editor_terms(e->doc);
    const char *name = tbl(e)->units[e->sel_unit].name;
    for (int i = 0; terms && i < terms->option_count; i++)
        if (terms->options[i].type == RULES_OPTION_UNITS)
            ed_pen_row(p, ED_ROW_UNIT_OPTION, i, terms->options[i].label,
                       editor_option_has(e->doc, terms->options[i].key, name) ? "yes" : "no", false,
                       true);
}

static bool arrival_click(ed *e, ui_app *app, const ed_row *r, int step)
{
    editor_arrival a;
    if (!editor_unit_arrival(e->doc, e->sel_unit, &a))
        return false;
    bool ok = true;
    vec2s keep = {{NAN, 0}};
    if (r->kind == ED_ROW_ARRIVE_TURN) {
        int turn = a.turn + step < 0 ? 0 : a.turn + step;
        if (a.group >= 0 && a.turn == 0) /* a trigger: a turn from 2 on */
            turn = step > 0 ? 2 : 0;
        ok = turn == a.turn ||
             editor_unit_set_arrival(e->doc, e->sel_unit, turn, SCENARIO_EDGE_NONE, keep);
    } else if (r->kind == ED_ROW_ARRIVE_EDGE) {
        int edge = ((int)a.edge - 1 + step + 4) % 4 + 1;
        ok = editor_unit_set_arrival(e->doc, e->sel_unit, a.turn > 0 ? a.turn : 2,
                                     (scenario_edge)edge, a.entry);
    } else if (r->kind == ED_ROW_ARRIVE_POINT) {
        e->pick_entry = !e->pick_entry;
        if (e->pick_entry)
            ui_app_toast(app, "Click by the table edge where %s comes on",
                         tbl(e)->units[e->sel_unit].name);
    }
    if (!ok)
        ed_refused(e, app);
    return true;
}

void eds_arrival_step(ed *e, ui_app *app, int step)
{
    if (e->sel_unit < 0)
        return;
    ed_row r = {.kind = ED_ROW_ARRIVE_TURN};
    arrival_click(e, app, &r, step);
}

/* The entry point a click by an edge gives: the nearest edge, the point of it nearest. */
static bool pick_entry(ed *e, ui_app *app)
{
    editor_arrival a;
    e->pick_entry = false;
    if (!editor_unit_arrival(e->doc, e->sel_unit, &a) || a.group < 0)
        return true;
    const table *t = tbl(e);
    vec2s m = e->mouse_cm;
    float d[5] = {0, fabsf(m.y), fabsf(m.y - t->height_cm), fabsf(m.x), fabsf(m.x - t->width_cm)};
    int edge = 1;
    for (int k = 2; k <= 4; k++)
        if (d[k] < d[edge])
            edge = k;
    float g = editor_doc_grid_cm(e->doc);
    vec2s at = {{roundf(m.x / g) * g, roundf(m.y / g) * g}};
    if (!editor_unit_set_arrival(e->doc, e->sel_unit, a.turn > 0 ? a.turn : 2, (scenario_edge)edge,
                                 at))
        ed_refused(e, app);
    return true;
}

bool eds_scores(const ed *e, const char *kind)
{
    const rules_scenario_terms *terms = editor_terms(e->doc);
    for (int i = 0; terms && i < terms->victory_count; i++)
        if (strcmp(terms->victory[i].kind, kind) == 0)
            return true;
    return !terms;
}

/* ---- the victory tool ----------------------------------------------------------------- */

static const rules_victory_desc *add_kind(const ed *e)
{
    const rules_scenario_terms *terms = editor_terms(e->doc);
    int n = 0;
    for (int i = 0; terms && i < terms->victory_count; i++)
        n += !terms->victory[i].turns; /* the turn limit has its own row (G) */
    if (n == 0)
        return NULL;
    int want = ((e->v_kind % n) + n) % n;
    for (int i = 0; i < terms->victory_count; i++)
        if (!terms->victory[i].turns && want-- == 0)
            return &terms->victory[i];
    return NULL;
}

static void option_row(panel_pen *p, int i, const rules_option_desc *o)
{
    char v[160];
    editor_option_words(p->e->doc, o, v, sizeof v);
    if (o->type == RULES_OPTION_UNITS && strcmp(v, "default") == 0)
        snprintf(v, sizeof v, "none: choose a unit");
    ed_pen_row(p, ED_ROW_OPTION, i, o->label, v, false, o->type != RULES_OPTION_UNITS);
}

void eds_panel_victory(panel_pen *p)
{
    ed *e = p->e;
    char v[256], label[64];
    int n = editor_victory_count(e->doc);
    ed_pen_header(p, n ? "Victory: click one to change it" : "Victory: none yet");
    const scenario *s = editor_doc_scenario(e->doc);
    for (int i = 0; i < n && i < 8; i++) {
        editor_victory_words(e->doc, i, v, sizeof v);
        const side *who = i < s->victory_count && s->victory[i].side.id
                              ? table_side(tbl(e), s->victory[i].side)
                              : NULL;
        const rules_victory_desc *k = editor_victory_desc(e->doc, i);
        snprintf(label, sizeof label, "%.40s",
                 who             ? who->name
                 : k && k->turns ? "Time"
                                 : "Any side");
        const editor_check *c = editor_doc_check(e->doc);
        if (!c->ok && c->victory == i) /* the live check's fault: said on its row */
            snprintf(label, sizeof label, "At fault");
        ed_pen_row(p, ED_ROW_VIC_ITEM, i, label, v, e->sel_victory == i, false);
    }
    const rules_victory_desc *add = add_kind(e);
    if (add) {
        ed_pen_row(p, ED_ROW_VIC_ADD, 0, "A new condition", add->label, false, true);
        ed_pen_row(p, ED_ROW_VIC_ADD, 1, add->area ? "Add it (an area to drag)" : "Add it", NULL,
                   false, false);
    }
    const rules_victory_desc *k = editor_victory_desc(e->doc, e->sel_victory);
    if (k) {
        editor_victory_words(e->doc, e->sel_victory, v, sizeof v);
        ed_pen_header(p, k->area ? "The chosen one: drag its area or corners" : "The chosen one");
        const scenario_victory *sv = &s->victory[e->sel_victory];
        if (k->side) {
            const side *sd = sv->side.id ? table_side(tbl(e), sv->side) : NULL;
            ed_pen_row(p, ED_ROW_VIC_SIDE, 0, "For", sd ? sd->name : "nobody: a draw", false, true);
        }
        if (k->value) {
            snprintf(v, sizeof v, "%d%s", sv->value, k->value_label);
            ed_pen_row(p, ED_ROW_VIC_VALUE, 0, "When", v, false, true);
        }
        ed_pen_row(p, ED_ROW_VIC_DELETE, 0, "Take it away", NULL, false, false);
    }
    const rules_scenario_terms *terms = editor_terms(e->doc);
    const rules_ops *ops = rules_find(editor_doc_scenario(e->doc)->ruleset);
    if (!terms || terms->option_count == 0)
        return;
    snprintf(v, sizeof v, "%s: options", ops ? ops->name : "The rules");
    ed_pen_header(p, v);
    for (int i = 0; i < terms->option_count; i++)
        option_row(p, i, &terms->options[i]);
}

/* The next set of sides (a counter over them, one bit a side) for a list of sides. */
static bool sides_step(ed *e, const char *key, int step)
{
    const table *t = tbl(e);
    int n = t->side_count < 6 ? t->side_count : 6;
    unsigned mask = 0;
    for (int s = 0; s < n; s++)
        mask |= editor_option_has(e->doc, key, t->sides[s].name) ? 1u << s : 0;
    unsigned next = (mask + (unsigned)(step + (1 << n))) % (1u << n);
    char names[6][TABLE_NAME_MAX];
    for (int s = 0; s < n; s++)
        snprintf(names[s], sizeof names[s], "%s", t->sides[s].name);
    bool ok = true; /* one undo step a side changed */
    for (int s = 0; s < n && ok; s++)
        if (((mask ^ next) >> s) & 1u)
            ok = editor_option_toggle(e->doc, key, names[s]);
    return ok;
}

static bool victory_click(ed *e, ui_app *app, const ed_row *r, int step)
{
    const table *t = tbl(e);
    bool ok = true;
    switch (r->kind) {
    case ED_ROW_VIC_ITEM:
        e->sel_victory = e->sel_victory == r->arg ? -1 : r->arg;
        break;
    case ED_ROW_VIC_ADD: {
        if (r->arg == 0) { /* the kind to add */
            e->v_kind += step;
            break;
        }
        const rules_victory_desc *k = add_kind(e);
        vec2s a = {{t->width_cm * 0.4f, t->height_cm * 0.4f}};
        vec2s b = {{t->width_cm * 0.6f, t->height_cm * 0.6f}};
        int at = -1;
        ok = k && editor_victory_add(e->doc, k->kind, e->u_side, 0, 0, a, b, &at);
        if (ok)
            e->sel_victory = at;
        break;
    }
    case ED_ROW_VIC_SIDE:
        ok = editor_victory_step_side(e->doc, e->sel_victory, step);
        break;
    case ED_ROW_VIC_VALUE:
        ok = editor_victory_step_value(e->doc, e->sel_victory, 5 * step);
        break;
    case ED_ROW_VIC_DELETE:
        ok = editor_victory_delete(e->doc, e->sel_victory);
        if (ok)
            e->sel_victory = -1;
        break;
    case ED_ROW_OPTION: {
        const rules_scenario_terms *terms = editor_terms(e->doc);
        const rules_option_desc *o =
            terms && r->arg < terms->option_count ? &terms->options[r->arg] : NULL;
        if (!o)
            break;
        if (o->type == RULES_OPTION_UNITS)
            ui_app_toast(app, "Choose a unit (S) to put it in or out of this list");
        else if (o->type == RULES_OPTION_SIDES)
            ok = sides_step(e, o->key, step);
        else
            ok = editor_option_step(e->doc, o->key, step);
        break;
    }
    default:
        return false;
    }
    if (!ok)
        ed_refused(e, app);
    return true;
}

bool eds_panel_click(ed *e, ui_app *app, const ed_row *r, int step)
{
    if (r->kind == ED_ROW_ARRIVE_TURN || r->kind == ED_ROW_ARRIVE_EDGE ||
        r->kind == ED_ROW_ARRIVE_POINT)
        return arrival_click(e, app, r, step);
    if (r->kind == ED_ROW_UNIT_OPTION) {
        const rules_scenario_terms *terms = editor_terms(e->doc);
        if (e->sel_unit < 0 || e->sel_unit >= tbl(e)->unit_count || !terms ||
            r->arg >= terms->option_count)
            return true; /* chosen no more (deleted in the same frame) */
        char name[TABLE_NAME_MAX];
        snprintf(name, sizeof name, "%s", tbl(e)->units[e->sel_unit].name);
        if (!editor_option_toggle(e->doc, terms->options[r->arg].key, name))
            ed_refused(e, app);
        return true;
    }
    return victory_click(e, app, r, step);
}

/* ---- the balance check ------------------------------------------------------------------ */

void eds_panel_mattered(panel_pen *p, const editor_balance_result *r)
{
    char line[160];
    bool any = false;
    for (int s = 1; s <= SIM_SIDES_MAX; s++) {
        if (!r->reinforced[s] || !r->side_names[s][0])
            continue;
        char fit[160];
        snprintf(line, sizeof line, "%s reinforcements mattered in %d of %d games (%.0f%%)",
                 r->side_names[s], r->mattered[s], r->done, 100.0 * r->mattered[s] / r->done);
        render_text_fit(p->ctx, line, 11, p->w, fit, sizeof fit);
        render_text(p->ctx, p->x, p->y, fit, 11, 0xf0f0f0ffu, RENDER_ALIGN_LEFT);
        p->y += 16 * p->k;
        any = true;
    }
    if (!any)
        return;
    render_text(p->ctx, p->x, p->y, "(won ahead on figures only with them)", 11, 0x9aa4b2ffu,
                RENDER_ALIGN_LEFT);
    p->y += 16 * p->k;
}

/* ---- on the table -------------------------------------------------------------------- */

static int victory_handle_at(const ed *e, vec2s px)
{
    vec2s pts[SCENARIO_POINTS_MAX];
    int n = editor_victory_points(e->doc, e->sel_victory, pts, SCENARIO_POINTS_MAX);
    for (int i = 0; i < n; i++)
        if (glms_vec2_distance(render_camera_to_px(&e->cam, pts[i]), px) <= HANDLE_PX)
            return i;
    return -1;
}

static int victory_area_at(const ed *e, vec2s p)
{
    const scenario *s = editor_doc_scenario(e->doc);
    for (int i = s->victory_count - 1; i >= 0; i--)
        if (s->victory[i].area.count >= 3 && geom_point_in_polygon(p, &s->victory[i].area))
            return i;
    return -1;
}

bool eds_press(ed *e, ui_app *app, vec2s px)
{
    if (e->tool == ED_TOOL_SELECT && e->pick_entry && e->sel_unit >= 0)
        return pick_entry(e, app);
    if (e->tool != ED_TOOL_VICTORY)
        return false;
    int h = victory_handle_at(e, px);
    if (h >= 0) {
        e->drag = ED_DRAG_VPOINT;
        e->drag_vpoint = h;
    } else {
        e->sel_victory = victory_area_at(e, e->mouse_cm);
        e->drag = e->sel_victory >= 0 ? ED_DRAG_VAREA : ED_DRAG_NONE;
    }
    if (e->drag != ED_DRAG_NONE)
        editor_drag_begin(e->doc);
    return true;
}

bool eds_drag_motion(ed *e, vec2s delta, vec2s at)
{
    if (e->drag == ED_DRAG_VAREA)
        editor_victory_area_move(e->doc, e->sel_victory, delta);
    else if (e->drag == ED_DRAG_VPOINT)
        editor_victory_area_move_point(e->doc, e->sel_victory, e->drag_vpoint, at);
    else
        return false;
    return true;
}

static vec2s inward(scenario_edge edge)
{
    switch (edge) {
    case SCENARIO_EDGE_NORTH:
        return (vec2s){{0, 1}};
    case SCENARIO_EDGE_SOUTH:
        return (vec2s){{0, -1}};
    case SCENARIO_EDGE_WEST:
        return (vec2s){{1, 0}};
    default:
        return (vec2s){{-1, 0}};
    }
}

/* Each reinforcement's figures ghosted where they wait, an arrow at its entry point and its
 * turn beside it: "Turn 2: Relief column, Mountain gun". */
static void draw_reinforcements(ed *e, render_ctx *ctx, float k)
{
    const table *t = tbl(e);
    for (int i = 0; i < t->figure_count; i++) {
        figure f = t->figures[i];
        if (!(f.status & FIGURE_STATUS_OFF_TABLE))
            continue;
        f.status &= ~(uint32_t)FIGURE_STATUS_OFF_TABLE;
        render_figure(ctx, &e->cam, t, &f, f.pos, f.facing, RENDER_FIG_GHOST);
        float r = f.base.kind == GEOM_BASE_RECT ? 0.5f * fmaxf(f.base.frontage_cm, f.base.depth_cm)
                                                : f.base.radius_cm;
        render_circle_cm(ctx, &e->cam, f.pos, r + 0.2f, 1.5f * k, 0xfff2c0b0u); /* waiting */
    }
    const scenario *s = editor_doc_scenario(e->doc);
    for (int g = 0; g < s->reinforcement_count; g++) {
        const scenario_reinforcement *r = &s->reinforcements[g];
        vec2s in = inward(r->edge);
        vec2s tip = glms_vec2_add(r->entry, glms_vec2_scale(in, 6.0f));
        render_line_cm(ctx, &e->cam, r->entry, tip, 3 * k, ED_ENTRY);
        vec2s across = {{-in.y, in.x}};
        vec2s back = glms_vec2_add(r->entry, glms_vec2_scale(in, 3.5f));
        render_line_cm(ctx, &e->cam, tip, glms_vec2_add(back, glms_vec2_scale(across, 2)), 3 * k,
                       ED_ENTRY);
        render_line_cm(ctx, &e->cam, tip, glms_vec2_sub(back, glms_vec2_scale(across, 2)), 3 * k,
                       ED_ENTRY);
        char line[300];
        int n = r->turn > 0 ? snprintf(line, sizeof line, "Turn %d: ", r->turn)
                            : snprintf(line, sizeof line, "On %s: ", r->trigger);
        for (int u = 0; u < r->unit_count && n < (int)sizeof line - 2; u++) {
            const unit *un = table_unit_const(t, r->units[u]);
            n += snprintf(line + n, sizeof line - (size_t)n, "%s%s", u ? ", " : "",
                          un ? un->name : "?");
        }
        words(line);
        vec2s at = render_camera_to_px(&e->cam, glms_vec2_add(tip, glms_vec2_scale(in, 1.5f)));
        render_align align = r->edge == SCENARIO_EDGE_EAST   ? RENDER_ALIGN_RIGHT
                             : r->edge == SCENARIO_EDGE_WEST ? RENDER_ALIGN_LEFT
                                                             : RENDER_ALIGN_CENTRE;
        float dy = r->edge == SCENARIO_EDGE_SOUTH   ? -16 * k
                   : r->edge == SCENARIO_EDGE_NORTH ? 0
                                                    : -7 * k;
        render_text_outlined(ctx, at.x, at.y + dy, line, 12, ED_ENTRY, align);
    }
}

/* Each victory area shaded in its side's colour, outlined, with what it asks; the chosen one
 * with its corners to drag. */
static void draw_victory_areas(ed *e, render_ctx *ctx, float k)
{
    const scenario *s = editor_doc_scenario(e->doc);
    const table *t = tbl(e);
    for (int i = 0; i < s->victory_count; i++) {
        const geom_polygon *a = &s->victory[i].area;
        if (a->count < 3)
            continue;
        bool chosen = i == e->sel_victory;
        const editor_check *check = editor_doc_check(e->doc);
        bool fault = !check->ok && check->victory == i;
        uint32_t rgb = s->victory[i].side.id ? render_side_rgb(t, s->victory[i].side) & 0xffffffu
                                             : ED_AREA_RGB;
        vec2s c = {{0, 0}};
        for (int p = 0; p < a->count; p++)
            c = glms_vec2_add(c, a->pts[p]);
        c = glms_vec2_scale(c, 1.0f / (float)a->count);
        render_fan_cm(ctx, &e->cam, c, a->pts, a->count, rgb << 8 | 0x38u);
        for (int p = 0; p < a->count; p++)
            render_dashed_line_cm(ctx, &e->cam, a->pts[p], a->pts[(p + 1) % a->count],
                                  (chosen ? 3.0f : 2.0f) * k, 8 * k,
                                  fault    ? 0xff4040ffu
                                  : chosen ? ED_SELECT
                                           : (ED_AREA_RGB << 8 | 0xffu));
        for (int p = 0; chosen && p < a->count; p++)
            render_marker_cm(ctx, &e->cam, a->pts[p], 5.0f * k, ED_SELECT);
        char text[256], fit[256];
        editor_victory_words(e->doc, i, text, sizeof text);
        vec2s at = render_camera_to_px(&e->cam, c);
        render_text_fit(ctx, text, 12, 260 * k, fit, sizeof fit);
        render_text_outlined(ctx, at.x, at.y - 7 * k, fit, 12, chosen ? ED_SELECT : 0xfff0d0ffu,
                             RENDER_ALIGN_CENTRE);
    }
}

void eds_draw_marks(ed *e, render_ctx *ctx, float k)
{
    draw_victory_areas(e, ctx, k);
    draw_reinforcements(e, ctx, k);
}
