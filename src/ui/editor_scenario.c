/* The scenario-level settings of the editor's model (ui/editor_scenario.h). */
#include "ui/editor_scenario.h"

#include "ui/editor_doc_edit.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define QUEUE_GAP_CM 1.0f /* between the edge and a queued unit, and between queued units */

static const char *const edge_names[] = {"", "north", "south", "west", "east"};

static json_t *list_of(editor_doc *d, const char *key)
{
    json_t *root = editor_doc_root(d);
    json_t *a = json_object_get(root, key);
    if (!json_is_array(a)) {
        a = json_array();
        json_object_set_new(root, key, a);
    }
    return a;
}

/* The string at a list's place, "" when it is none. */
static const char *str_at(const json_t *a, size_t i)
{
    const char *s = json_string_value(json_array_get(a, i));
    return s ? s : "";
}

static const char *str_of(const json_t *o, const char *key)
{
    const char *s = json_string_value(json_object_get(o, key));
    return s ? s : "";
}

static const table *tbl(const editor_doc *d)
{
    return editor_doc_scenario(d)->table;
}

static double round1(double v)
{
    return round(v * 10.0) / 10.0;
}

static vec2s point_of(const json_t *a)
{
    return (vec2s){{(float)json_number_value(json_array_get(a, 0)),
                    (float)json_number_value(json_array_get(a, 1))}};
}

static json_t *point_json(vec2s p)
{
    return json_pack("[f, f]", round1(p.x), round1(p.y));
}

/* ---- reinforcements ---------------------------------------------------------------------- */

static int edge_of_name(const char *name)
{
    for (int e = 1; e <= 4; e++)
        if (strcmp(name, edge_names[e]) == 0)
            return e;
    return SCENARIO_EDGE_NONE;
}

/* How far p lies beyond the edge, outward (negative: on the table). */
static float beyond(const table *t, scenario_edge e, vec2s p)
{
    switch (e) {
    case SCENARIO_EDGE_NORTH:
        return -p.y;
    case SCENARIO_EDGE_SOUTH:
        return p.y - t->height_cm;
    case SCENARIO_EDGE_WEST:
        return -p.x;
    default:
        return p.x - t->width_cm;
    }
}

static vec2s outward(scenario_edge e)
{
    switch (e) {
    case SCENARIO_EDGE_NORTH:
        return (vec2s){{0, -1}};
    case SCENARIO_EDGE_SOUTH:
        return (vec2s){{0, 1}};
    case SCENARIO_EDGE_WEST:
        return (vec2s){{-1, 0}};
    default:
        return (vec2s){{1, 0}};
    }
}

/* Along the edge: x for north and south, y for west and east. */
static float along(scenario_edge e, vec2s p)
{
    return e == SCENARIO_EDGE_NORTH || e == SCENARIO_EDGE_SOUTH ? p.x : p.y;
}

/* The point of edge e nearest p. */
static vec2s on_edge(const table *t, scenario_edge e, vec2s p)
{
    float x = fminf(fmaxf(p.x, 0), t->width_cm), y = fminf(fmaxf(p.y, 0), t->height_cm);
    switch (e) {
    case SCENARIO_EDGE_NORTH:
        return (vec2s){{x, 0}};
    case SCENARIO_EDGE_SOUTH:
        return (vec2s){{x, t->height_cm}};
    case SCENARIO_EDGE_WEST:
        return (vec2s){{0, y}};
    default:
        return (vec2s){{t->width_cm, y}};
    }
}

static scenario_edge nearest_edge(const table *t, vec2s p)
{
    scenario_edge best = SCENARIO_EDGE_WEST;
    for (int e = 1; e <= 4; e++)
        if (beyond(t, (scenario_edge)e, p) > beyond(t, best, p))
            best = (scenario_edge)e;
    return best;
}

static float figure_reach(const figure *f)
{
    return f->base.kind == GEOM_BASE_RECT ? 0.5f * sqrtf(f->base.frontage_cm * f->base.frontage_cm +
                                                         f->base.depth_cm * f->base.depth_cm)
                                          : f->base.radius_cm;
}

/* The unit's figures' centre on table t; false when it has none. */
static bool unit_centre(const table *t, int ui, vec2s *out)
{
    vec2s sum = {{0, 0}};
    int n = 0;
    for (int i = 0; i < t->figure_count; i++)
        if ((int)t->figures[i].unit.id - 1 == ui) {
            sum = glms_vec2_add(sum, t->figures[i].pos);
            n++;
        }
    if (n)
        *out = glms_vec2_scale(sum, 1.0f / (float)n);
    return n > 0;
}

bool editor_unit_arrival(const editor_doc *d, int ui, editor_arrival *out)
{
    const json_t *root = editor_doc_json(d);
    const json_t *u = json_array_get(json_object_get(root, "units"), (size_t)ui);
    memset(out, 0, sizeof *out);
    out->group = -1;
    if (ui < 0 || !u)
        return false;
    const char *name = str_of(u, "name");
    const json_t *reinf = json_object_get(root, "reinforcements");
    for (size_t g = 0; g < json_array_size(reinf); g++) {
        const json_t *r = json_array_get(reinf, g);
        const json_t *names = json_object_get(r, "units");
        for (size_t k = 0; k < json_array_size(names); k++) {
            if (strcmp(str_at(names, k), name) != 0)
                continue;
            out->group = (int)g;
            out->turn = (int)json_integer_value(json_object_get(r, "turn"));
            snprintf(out->trigger, sizeof out->trigger, "%s", str_of(r, "trigger"));
            out->edge = (scenario_edge)edge_of_name(str_of(r, "edge"));
            const scenario *s = editor_doc_scenario(d);
            out->entry = (int)g < s->reinforcement_count ? s->reinforcements[g].entry
                                                         : on_edge(tbl(d), out->edge, out->entry);
            return true;
        }
    }
    return true;
}

/* Takes the unit's name out of every reinforcement (an emptied one goes). */
static void arrival_forget(editor_doc *d, const char *name)
{
    json_t *reinf = list_of(d, "reinforcements");
    for (size_t g = json_array_size(reinf); g-- > 0;) {
        json_t *names = json_object_get(json_array_get(reinf, g), "units");
        for (size_t k = json_array_size(names); k-- > 0;)
            if (strcmp(str_at(names, k), name) == 0)
                json_array_remove(names, k);
        if (json_array_size(names) == 0)
            json_array_remove(reinf, g);
    }
    if (json_array_size(reinf) == 0)
        json_object_del(editor_doc_root(d), "reinforcements");
}

/* Into a reinforcement of the same side, turn, edge and entry point, else a new one. */
static void arrival_join(editor_doc *d, const char *name, const char *who_side, int turn,
                         scenario_edge edge, vec2s entry)
{
    json_t *reinf = list_of(d, "reinforcements");
    for (size_t g = 0; g < json_array_size(reinf); g++) {
        json_t *r = json_array_get(reinf, g);
        const json_t *at = json_object_get(r, "entry");
        if (strcmp(str_of(r, "side"), who_side) == 0 &&
            json_integer_value(json_object_get(r, "turn")) == turn &&
            strcmp(str_of(r, "edge"), edge_names[edge]) == 0 && at &&
            glms_vec2_distance(point_of(at), entry) < 0.05f) {
            json_array_append_new(json_object_get(r, "units"), json_string(name));
            return;
        }
    }
    json_array_append_new(reinf, json_pack("{s:s, s:[s], s:i, s:s, s:o}", "side", who_side, "units",
                                           name, "turn", turn, "edge", edge_names[edge], "entry",
                                           point_json(entry)));
}

/* How far the unit must move along the outward normal: queued behind the edge and behind any
 * other unit queued there across the same stretch (queue), or just inside it (!queue). */
static float queue_shift(const table *t, int ui, scenario_edge edge, float da, bool queue)
{
    float lo = 1e9f, hi = -1e9f, inner = 1e9f, outer = -1e9f;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        if ((int)f->unit.id - 1 != ui)
            continue;
        float r = figure_reach(f), b = beyond(t, edge, f->pos);
        lo = fminf(lo, along(edge, f->pos) + da - r);
        hi = fmaxf(hi, along(edge, f->pos) + da + r);
        inner = fminf(inner, b - r);
        outer = fmaxf(outer, b + r);
    }
    if (!queue)
        return outer > -QUEUE_GAP_CM ? -QUEUE_GAP_CM - outer : 0;
    float start = QUEUE_GAP_CM; /* where the unit's inner side goes */
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        float r = figure_reach(f), b = beyond(t, edge, f->pos), a = along(edge, f->pos);
        if ((int)f->unit.id - 1 == ui || !(f->status & FIGURE_STATUS_OFF_TABLE) || b <= 0 ||
            a + r < lo || a - r > hi)
            continue;
        start = fmaxf(start, b + r + QUEUE_GAP_CM);
    }
    return start - inner;
}

static float facing_toward_table(scenario_edge e)
{
    switch (e) {
    case SCENARIO_EDGE_NORTH:
        return 90.0f; /* south */
    case SCENARIO_EDGE_SOUTH:
        return 270.0f;
    case SCENARIO_EDGE_WEST:
        return 0.0f;
    default:
        return 180.0f;
    }
}

/* Moves the unit's figures behind (queue) or just inside the edge, centred on `entry` along it
 * when queued; false when the document no longer loads. */
static bool arrival_place(editor_doc *d, json_t *u, int ui, scenario_edge edge, vec2s entry,
                          bool queue)
{
    const table *t = tbl(d); /* as it stood before the edit: the unit's figures as loaded */
    const figure *first = NULL;
    for (int i = 0; i < t->figure_count && !first; i++)
        if ((int)t->figures[i].unit.id - 1 == ui)
            first = &t->figures[i];
    if (!first)
        return true;
    scenario *s = NULL;
    if (queue) { /* turned to face the table, then loaded again: it is a reinforcement now */
        float turn = facing_toward_table(edge) - first->facing * 180.0f / GEOM_PI;
        turn = fmodf(turn + 540.0f, 360.0f) - 180.0f;
        if (fabsf(turn) > 0.5f)
            editor_doc_unit_turn(u, turn);
        if (!(s = editor_doc_load_now(d)))
            return false;
        t = s->table;
    }
    vec2s c = {{0, 0}};
    unit_centre(t, ui, &c);
    /* when queued: centred on the entry point along the edge */
    float da = queue ? along(edge, entry) - along(edge, c) : 0;
    vec2s shift = glms_vec2_scale(outward(edge), queue_shift(t, ui, edge, da, queue));
    shift = glms_vec2_add(shift, edge == SCENARIO_EDGE_NORTH || edge == SCENARIO_EDGE_SOUTH
                                     ? (vec2s){{da, 0}}
                                     : (vec2s){{0, da}});
    editor_doc_unit_shift(u, shift);
    scenario_destroy(s);
    return true;
}

bool editor_unit_set_arrival(editor_doc *d, int ui, int turn, scenario_edge edge, vec2s entry)
{
    editor_arrival now;
    if (!editor_unit_arrival(d, ui, &now))
        return editor_doc_refuse(d, "Choose a unit first");
    if (turn < 0 || turn > 999)
        return editor_doc_refuse(d, "Reinforcements arrive on turn 1 to 999");
    if (turn == 0 && now.group < 0)
        return editor_doc_refuse(d, "It is on the table from the start already");
    const table *t = tbl(d);
    vec2s c = {{t->width_cm / 2, t->height_cm / 2}};
    unit_centre(t, ui, &c);
    if (edge == SCENARIO_EDGE_NONE)
        edge = now.group >= 0 ? now.edge : nearest_edge(t, c);
    if (isnan(entry.x))
        entry = now.group >= 0 && edge == now.edge ? now.entry : on_edge(t, edge, c);
    entry = on_edge(t, edge, entry);
    entry = (vec2s){{(float)round1(entry.x), (float)round1(entry.y)}};
    json_t *before = editor_doc_edit_begin(d);
    json_t *u = json_array_get(list_of(d, "units"), (size_t)ui);
    char name[TABLE_NAME_MAX], side_nm[TABLE_NAME_MAX];
    snprintf(name, sizeof name, "%s", str_of(u, "name"));
    snprintf(side_nm, sizeof side_nm, "%s", str_of(u, "side"));
    arrival_forget(d, name);
    if (turn > 0)
        arrival_join(d, name, side_nm, turn, edge, entry);
    /* where it stood: queued at the old entry (a new edge or entry moves it) or on the table */
    bool moves = turn == 0 || now.group < 0 || edge != now.edge ||
                 glms_vec2_distance(entry, now.entry) > 0.05f;
    if (moves && !arrival_place(d, u, ui, turn == 0 ? now.edge : edge, entry, turn > 0)) {
        editor_doc_edit_cancel(d, before);
        return editor_doc_refuse(d, "The unit cannot stand there");
    }
    return editor_doc_edit_end(d, before);
}

/* ---- victory ----------------------------------------------------------------------------- */

const rules_scenario_terms *editor_terms(const editor_doc *d)
{
    const rules_ops *ops = rules_find(editor_doc_scenario(d)->ruleset);
    return ops ? ops->terms : NULL;
}

static const rules_victory_desc *kind_desc(const editor_doc *d, const char *kind)
{
    const rules_scenario_terms *terms = editor_terms(d);
    for (int i = 0; terms && i < terms->victory_count; i++)
        if (strcmp(terms->victory[i].kind, kind) == 0)
            return &terms->victory[i];
    return NULL;
}

int editor_victory_count(const editor_doc *d)
{
    return (int)json_array_size(json_object_get(editor_doc_json(d), "victory"));
}

static const json_t *victory_at(const editor_doc *d, int index)
{
    return index < 0
               ? NULL
               : json_array_get(json_object_get(editor_doc_json(d), "victory"), (size_t)index);
}

const rules_victory_desc *editor_victory_desc(const editor_doc *d, int index)
{
    const json_t *v = victory_at(d, index);
    return v ? kind_desc(d, str_of(v, "kind")) : NULL;
}

/* What the editor writes as a condition's text. */
static void victory_text(const rules_victory_desc *k, const char *who_side, int value, int turns,
                         char *out, size_t size)
{
    const char *who = who_side && who_side[0] ? who_side : "";
    if (k->turns && who[0])
        snprintf(out, size, "%s wins when the game ends after %d turns", who, turns);
    else if (k->turns)
        snprintf(out, size, "The game ends after %d turns", turns);
    else if (k->area)
        snprintf(out, size, "%s holds the area at the end", who[0] ? who : "A side");
    else if (k->value)
        snprintf(out, size, "%s: %d%s", who[0] ? who : "Any side", value, k->value_label);
    else
        snprintf(out, size, "%s%s%s", who, who[0] ? ": " : "", k->label);
}

void editor_victory_words(const editor_doc *d, int index, char *out, size_t size)
{
    const json_t *v = victory_at(d, index);
    const rules_victory_desc *k = v ? kind_desc(d, str_of(v, "kind")) : NULL;
    if (!v)
        snprintf(out, size, "none");
    else if (str_of(v, "text")[0])
        snprintf(out, size, "%s", str_of(v, "text"));
    else if (k)
        victory_text(k, str_of(v, "side"), (int)json_integer_value(json_object_get(v, "value")),
                     (int)json_integer_value(json_object_get(v, "turns")), out, size);
    else
        snprintf(out, size, "%s", str_of(v, "kind"));
}

static const char *side_at(const editor_doc *d, int side_ix)
{
    const json_t *s = json_array_get(json_object_get(editor_doc_json(d), "sides"), (size_t)side_ix);
    return side_ix < 0 || !s ? NULL : str_of(s, "name");
}

bool editor_victory_add(editor_doc *d, const char *kind, int side_ix, int value, int turns, vec2s a,
                        vec2s b, int *index)
{
    const rules_victory_desc *k = kind_desc(d, kind);
    if (!k)
        return editor_doc_refuse(d, "These rules score no such victory");
    char who[TABLE_NAME_MAX] = "";
    if (k->side && side_at(d, side_ix))
        snprintf(who, sizeof who, "%s", side_at(d, side_ix));
    if (k->side && !who[0] && !k->turns)
        return editor_doc_refuse(d, "Choose the side it is for");
    if (k->area && (fabsf(a.x - b.x) < 0.5f || fabsf(a.y - b.y) < 0.5f))
        return editor_doc_refuse(d, "The area is too small: drag further");
    if (k->value)
        value = value <= 0             ? (k->value_min + k->value_max) / 2
                : value < k->value_min ? k->value_min
                : value > k->value_max ? k->value_max
                                       : value;
    turns = turns > 0 ? turns : 8;
    char text[256];
    victory_text(k, who, value, turns, text, sizeof text);
    json_t *c = json_pack("{s:s}", "kind", kind);
    if (who[0])
        json_object_set_new(c, "side", json_string(who));
    if (k->area) {
        vec2s lo = glms_vec2_minv(a, b), hi = glms_vec2_maxv(a, b);
        json_object_set_new(c, "area",
                            json_pack("[[f,f],[f,f],[f,f],[f,f]]", round1(lo.x), round1(lo.y),
                                      round1(hi.x), round1(lo.y), round1(hi.x), round1(hi.y),
                                      round1(lo.x), round1(hi.y)));
    }
    if (k->value)
        json_object_set_new(c, "value", json_integer(value));
    if (k->turns)
        json_object_set_new(c, "turns", json_integer(turns));
    json_object_set_new(c, "text", json_string(text));
    json_t *before = editor_doc_edit_begin(d);
    json_t *v = list_of(d, "victory");
    json_array_append_new(v, c);
    int at = (int)json_array_size(v) - 1;
    if (!editor_doc_edit_end(d, before))
        return false;
    if (index)
        *index = at;
    return true;
}

bool editor_victory_delete(editor_doc *d, int index)
{
    if (!victory_at(d, index))
        return editor_doc_refuse(d, "No such victory condition");
    json_t *before = editor_doc_edit_begin(d);
    json_array_remove(list_of(d, "victory"), (size_t)index);
    return editor_doc_edit_end(d, before);
}

/* Sets the condition's side and value, its text following when it was the editor's own. */
static bool victory_change(editor_doc *d, int index, const char *who_side, int value)
{
    json_t *before = editor_doc_edit_begin(d);
    json_t *c = json_array_get(list_of(d, "victory"), (size_t)index);
    const rules_victory_desc *k = kind_desc(d, str_of(c, "kind"));
    int turns = (int)json_integer_value(json_object_get(c, "turns"));
    char made[256];
    victory_text(k, str_of(c, "side"), (int)json_integer_value(json_object_get(c, "value")), turns,
                 made, sizeof made);
    bool own_text = strcmp(made, str_of(c, "text")) != 0 && str_of(c, "text")[0];
    if (who_side && who_side[0])
        json_object_set_new(c, "side", json_string(who_side));
    else
        json_object_del(c, "side");
    if (k->value)
        json_object_set_new(c, "value", json_integer(value));
    if (!own_text) {
        victory_text(k, who_side, value, turns, made, sizeof made);
        json_object_set_new(c, "text", json_string(made));
    }
    return editor_doc_edit_end(d, before);
}

bool editor_victory_step_side(editor_doc *d, int index, int step)
{
    const json_t *c = victory_at(d, index);
    const rules_victory_desc *k = editor_victory_desc(d, index);
    if (!c || !k || !k->side)
        return editor_doc_refuse(d, "This condition is for no side in particular");
    int n = tbl(d)->side_count, now = -1;
    for (int s = 0; s < n; s++)
        if (strcmp(tbl(d)->sides[s].name, str_of(c, "side")) == 0)
            now = s;
    /* a turn limit may be for nobody (a draw), the others are for a side */
    int count = k->turns ? n + 1 : n, pos = now < 0 ? (k->turns ? n : 0) : now;
    pos = ((pos + step) % count + count) % count;
    char who[TABLE_NAME_MAX] = "";
    if (pos < n)
        snprintf(who, sizeof who, "%s", tbl(d)->sides[pos].name);
    return victory_change(d, index, who, (int)json_integer_value(json_object_get(c, "value")));
}

bool editor_victory_step_value(editor_doc *d, int index, int step)
{
    const json_t *c = victory_at(d, index);
    const rules_victory_desc *k = editor_victory_desc(d, index);
    if (!c || !k || !k->value)
        return editor_doc_refuse(d, "This condition has no share to set");
    int v = (int)json_integer_value(json_object_get(c, "value")) + step;
    if (v < k->value_min || v > k->value_max)
        return editor_doc_refuse(d, "From %d to %d", k->value_min, k->value_max);
    char who[TABLE_NAME_MAX];
    snprintf(who, sizeof who, "%s", str_of(c, "side"));
    return victory_change(d, index, who, v);
}

/* The condition's area as a point list, a "rect" turned into four corners first. */
static json_t *area_points(json_t *c)
{
    json_t *rect = json_object_get(c, "rect");
    if (json_is_array(rect)) {
        double x0 = json_number_value(json_array_get(rect, 0)),
               y0 = json_number_value(json_array_get(rect, 1)),
               x1 = json_number_value(json_array_get(rect, 2)),
               y1 = json_number_value(json_array_get(rect, 3));
        json_object_set_new(c, "area",
                            json_pack("[[f,f],[f,f],[f,f],[f,f]]", x0, y0, x1, y0, x1, y1, x0, y1));
        json_object_del(c, "rect");
    }
    return json_object_get(c, "area");
}

bool editor_victory_area_move(editor_doc *d, int index, vec2s delta)
{
    if (editor_victory_points(d, index, NULL, 0) == 0)
        return editor_doc_refuse(d, "This condition has no area");
    json_t *before = editor_doc_edit_begin(d);
    json_t *pts = area_points(json_array_get(list_of(d, "victory"), (size_t)index));
    for (size_t i = 0; i < json_array_size(pts); i++)
        json_array_set_new(pts, i,
                           point_json(glms_vec2_add(point_of(json_array_get(pts, i)), delta)));
    return editor_doc_edit_end(d, before);
}

bool editor_victory_area_move_point(editor_doc *d, int index, int point, vec2s to)
{
    int n = editor_victory_points(d, index, NULL, 0);
    if (point < 0 || point >= n)
        return editor_doc_refuse(d, "No such point");
    json_t *before = editor_doc_edit_begin(d);
    json_t *pts = area_points(json_array_get(list_of(d, "victory"), (size_t)index));
    json_array_set_new(pts, (size_t)point, point_json(to));
    return editor_doc_edit_end(d, before);
}

int editor_victory_points(const editor_doc *d, int index, vec2s *out, int max)
{
    const scenario *s = editor_doc_scenario(d);
    if (index < 0 || index >= s->victory_count)
        return 0;
    const geom_polygon *a = &s->victory[index].area;
    for (int i = 0; out && i < a->count && i < max; i++)
        out[i] = a->pts[i];
    return out ? (a->count < max ? a->count : max) : a->count;
}

/* ---- the rule set's options --------------------------------------------------------------- */

static const rules_option_desc *option_desc(const editor_doc *d, const char *key)
{
    const rules_scenario_terms *terms = editor_terms(d);
    for (int i = 0; terms && i < terms->option_count; i++)
        if (strcmp(terms->options[i].key, key) == 0)
            return &terms->options[i];
    return NULL;
}

static const json_t *option_value(const editor_doc *d, const char *key)
{
    return json_object_get(json_object_get(editor_doc_json(d), "ruleset_options"), key);
}

void editor_option_words(const editor_doc *d, const rules_option_desc *o, char *out, size_t size)
{
    const json_t *v = option_value(d, o->key);
    out[0] = '\0';
    if (!v)
        snprintf(out, size, "default");
    else if (json_is_boolean(v))
        snprintf(out, size, "%s", json_is_true(v) ? "on" : "off");
    else if (json_is_integer(v))
        snprintf(out, size, "%lld", (long long)json_integer_value(v));
    else if (json_is_string(v))
        snprintf(out, size, "%s", json_string_value(v));
    else if (json_is_array(v)) {
        for (size_t i = 0; i < json_array_size(v); i++) {
            size_t n = strlen(out);
            snprintf(out + n, size - n, "%s%s", i ? ", " : "", str_at(v, i));
        }
        if (!out[0])
            snprintf(out, size, "none");
    }
}

/* Sets (or, with NULL, takes away) the option; an emptied options object goes too. */
static bool option_set(editor_doc *d, const char *key, json_t *value)
{
    json_t *before = editor_doc_edit_begin(d);
    json_t *root = editor_doc_root(d);
    json_t *opts = json_object_get(root, "ruleset_options");
    if (!json_is_object(opts)) {
        opts = json_object();
        json_object_set_new(root, "ruleset_options", opts);
    }
    if (value)
        json_object_set_new(opts, key, value);
    else
        json_object_del(opts, key);
    if (json_object_size(opts) == 0)
        json_object_del(root, "ruleset_options");
    return editor_doc_edit_end(d, before);
}

bool editor_option_step(editor_doc *d, const char *key, int step)
{
    const rules_option_desc *o = option_desc(d, key);
    if (!o)
        return editor_doc_refuse(d, "These rules have no such option");
    const json_t *v = option_value(d, key);
    const table *t = tbl(d);
    int pos = 0, count = 1; /* 0: left to the rules */
    if (o->type == RULES_OPTION_BOOL) {
        count = 3;
        pos = !v ? 0 : json_is_false(v) ? 1 : 2;
    } else if (o->type == RULES_OPTION_INT) {
        count = o->max - o->min + 2;
        pos = json_is_integer(v) ? (int)json_integer_value(v) - o->min + 1 : 0;
    } else if (o->type == RULES_OPTION_SIDE) {
        count = t->side_count + 1;
        for (int s = 0; json_is_string(v) && s < t->side_count; s++)
            if (strcmp(t->sides[s].name, json_string_value(v)) == 0)
                pos = s + 1;
    } else {
        return editor_doc_refuse(d, "Choose what the list names on the table");
    }
    pos = pos < 0 || pos >= count ? 0 : pos;
    pos = ((pos + step) % count + count) % count;
    json_t *next = NULL;
    if (pos > 0 && o->type == RULES_OPTION_BOOL)
        next = json_boolean(pos == 2);
    else if (pos > 0 && o->type == RULES_OPTION_INT)
        next = json_integer(o->min + pos - 1);
    else if (pos > 0)
        next = json_string(t->sides[pos - 1].name);
    return option_set(d, key, next);
}

bool editor_option_has(const editor_doc *d, const char *key, const char *name)
{
    const json_t *v = option_value(d, key);
    for (size_t i = 0; json_is_array(v) && i < json_array_size(v); i++)
        if (strcmp(str_at(v, i), name) == 0)
            return true;
    return false;
}

bool editor_option_toggle(editor_doc *d, const char *key, const char *name)
{
    const rules_option_desc *o = option_desc(d, key);
    if (!o || (o->type != RULES_OPTION_SIDES && o->type != RULES_OPTION_UNITS))
        return editor_doc_refuse(d, "These rules have no such list");
    if (!name || !name[0])
        return editor_doc_refuse(d, "Choose a %s first",
                                 o->type == RULES_OPTION_UNITS ? "unit" : "side");
    const json_t *v = option_value(d, key);
    json_t *next = json_is_array(v) ? json_deep_copy(v) : json_array();
    bool had = false;
    for (size_t i = json_array_size(next); i-- > 0;)
        if (strcmp(str_at(next, i), name) == 0) {
            json_array_remove(next, i);
            had = true;
        }
    if (!had)
        json_array_append_new(next, json_string(name));
    if (json_array_size(next) == 0) {
        json_decref(next);
        next = NULL;
    }
    return option_set(d, key, next);
}
