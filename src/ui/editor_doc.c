/* The editor's model (ui/editor_doc.h): a scenario document, reloaded after every edit. */
#include "ui/editor_doc.h"

#include "ui/editor_doc_edit.h"
#include "ui/editor_doc_ops.h"

#include "core/config.h"
#include "core/file.h"
#include "core/mem.h"
#include "core/place.h"
#include "rules/rules.h"

#include <dirent.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct editor_doc {
    json_t *root;  /* the document (owned) */
    scenario *scn; /* what the loader makes of it (owned; never NULL) */
    char *undo[EDITOR_UNDO_MAX];
    int undo_count;
    char *redo[EDITOR_UNDO_MAX];
    int redo_count;
    json_t *drag_base; /* the document at drag_begin; NULL when not dragging */
    unsigned version;
    bool dirty;
    float grid_cm;
    editor_check check;
    editor_lists lists;
    bool lists_done;
    editor_units_info *units; /* editor_units.c's, from the last live check */
    char refusal[EDITOR_REASON_MAX];
};

/* ---- loading and checking ------------------------------------------------------------------ */

static char *doc_text(const json_t *root)
{
    return json_dumps(root, JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(9));
}

static scenario *load_json(const json_t *root, scenario_error *err)
{
    char *text = doc_text(root);
    if (!text) {
        memset(err, 0, sizeof *err);
        snprintf(err->message, sizeof err->message, "the scenario cannot be written out");
        return NULL;
    }
    scenario *s = scenario_load_string(text, strlen(text), "scenario", err);
    free(text);
    return s;
}

/* The index after "$.<key>[" in a JSON path, or -1. */
static int path_index(const char *path, const char *key)
{
    char want[48];
    snprintf(want, sizeof want, "$.%s[", key);
    size_t n = strlen(want);
    if (strncmp(path, want, n) != 0)
        return -1;
    return atoi(path + n);
}

static const char *json_name_at(const json_t *root, const char *list, int i)
{
    const char *name = json_string_value(
        json_object_get(json_array_get(json_object_get(root, list), (size_t)i), "name"));
    return name && name[0] ? name : NULL;
}

/* The element a JSON path names, in player words: "Unit Rifles", "the forest 'Hückels wood'". */
static void path_words(const json_t *root, const char *path, char *out, size_t size)
{
    int i;
    out[0] = '\0';
    if ((i = path_index(path, "terrain")) >= 0) {
        const json_t *f = json_array_get(json_object_get(root, "terrain"), (size_t)i);
        const char *type = json_string_value(json_object_get(f, "type"));
        const char *name = json_name_at(root, "terrain", i);
        snprintf(out, size, "The %s%s%s%s", type ? type : "terrain piece", name ? " \"" : "",
                 name ? name : "", name ? "\"" : "");
        for (char *p = out; *p; p++)
            if (*p == '_')
                *p = ' ';
    } else if ((i = path_index(path, "units")) >= 0) {
        const char *name = json_name_at(root, "units", i);
        snprintf(out, size, "%s", name ? name : "A unit");
    } else if (path_index(path, "victory") >= 0) {
        snprintf(out, size, "A victory condition");
    } else if (path_index(path, "sides") >= 0) {
        snprintf(out, size, "A side");
    } else if (strncmp(path, "$.title", 7) == 0) {
        snprintf(out, size, "The title");
    } else if (strncmp(path, "$.table", 7) == 0) {
        snprintf(out, size, "The table");
    }
}

/* The loader's or rule set's message without file positions, paths or file names. */
static void error_words(const json_t *root, const scenario_error *err, const char *msg, char *out,
                        size_t size)
{
    char what[160];
    path_words(root, err ? err->path : "", what, sizeof what);
    char clean[EDITOR_REASON_MAX];
    snprintf(clean, sizeof clean, "%s", msg);
    char *cut = strstr(clean, " (see assets/");
    if (cut)
        *cut = '\0';
    if (what[0])
        snprintf(out, size, "%.150s: %.140s", what, clean);
    else
        snprintf(out, size, "%s", clean);
}

/* Ring the unit or feature a message names, when it names one by its name. */
static void check_find_named(editor_doc *d)
{
    const json_t *units = json_object_get(d->root, "units");
    size_t best = 0;
    for (size_t i = 0; i < json_array_size(units); i++) {
        const char *name = json_name_at(d->root, "units", (int)i);
        if (name && strlen(name) > best && strstr(d->check.message, name)) {
            best = strlen(name);
            d->check.unit = (int)i;
        }
    }
    const json_t *terrain = json_object_get(d->root, "terrain");
    for (size_t i = 0; d->check.unit < 0 && i < json_array_size(terrain); i++) {
        const char *name = json_name_at(d->root, "terrain", (int)i);
        if (name && strstr(d->check.message, name))
            d->check.feature = (int)i;
    }
}

/* The editor's own checks the loader leaves to play: a figure standing in impassable ground. */
static bool check_impassable(editor_doc *d)
{
    const table *t = d->scn->table;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        if (f->status & FIGURE_STATUS_OFF_TABLE)
            continue;
        if (f->posture == FIGURE_POSTURE_ROOF || f->posture == FIGURE_POSTURE_STEEPLE)
            continue; /* on a roof or in a tower: in the building, as the scenario says */
        for (int k = 0; k < t->feature_count; k++) {
            const terrain_feature *tf = &t->features[k];
            if (tf->shape != TERRAIN_SHAPE_AREA || t->types[tf->type].move_mult > 0 ||
                !geom_point_in_polygon(f->pos, &tf->area))
                continue;
            snprintf(d->check.message, sizeof d->check.message,
                     "%s stands in impassable ground (%s): no figure could move there",
                     table_unit_label(t, f->unit, "A unit"), t->types[tf->type].name);
            d->check.unit = editor_unit_of_figure(d, f->id);
            d->check.feature = k;
            return false;
        }
    }
    return true;
}

/* Every side needs troops on the table (or arriving) before there is a game to play. */
static bool check_sides(editor_doc *d)
{
    const table *t = d->scn->table;
    for (int s = 0; s < t->side_count; s++) {
        int n = 0;
        for (int i = 0; i < t->figure_count; i++)
            n += t->figures[i].side.id == t->sides[s].id.id;
        if (n == 0) {
            snprintf(d->check.message, sizeof d->check.message,
                     "%s has no troops yet: place a unit for it (U, then Tab for the side)",
                     t->sides[s].name);
            return false;
        }
    }
    return true;
}

/* sandtable validate's second step (rules_scenario_validate), in player words. */
static void doc_check(editor_doc *d)
{
    d->check = (editor_check){.ok = true, .feature = -1, .unit = -1, .victory = -1};
    scenario_error err;
    memset(&err, 0, sizeof err);
    rules_validation v;
    if (rules_scenario_validate(d->scn, &err, &v)) {
        d->grid_cm = strcmp(v.measure, "inch") == 0 ? 2.5f : 1.0f;
        d->check.ok = check_impassable(d) && check_sides(d);
        editor_units_after_check(d, &d->check);
        return;
    }
    d->check.ok = false;
    const rules_ops *ops = rules_find(d->scn->ruleset);
    if (!ops) {
        error_words(d->root, &err, err.message, d->check.message, sizeof d->check.message);
        return;
    }
    char words[EDITOR_REASON_MAX];
    snprintf(words, sizeof words, "%.60s refuses it: %.200s", ops->name,
             v.reason[0] ? v.reason : "no reason given");
    error_words(d->root, &err, words, d->check.message, sizeof d->check.message);
    d->check.feature = path_index(err.path, "terrain");
    d->check.unit = path_index(err.path, "units");
    d->check.victory = path_index(err.path, "victory");
    if (d->check.unit < 0 && d->check.feature < 0 && d->check.victory < 0)
        check_find_named(d);
}

/* True when `f` is not on the old table where it stands now (a new or a moved figure). */
static bool moved_or_new(const table *old, const figure *f)
{
    const figure *was = old ? table_figure_const(old, f->id) : NULL;
    return !was || glms_vec2_distance(was->pos, f->pos) > 1e-4f || was->unit.id != f->unit.id;
}

/* Loads the document; on success replaces the scenario and checks it. False with the reason
 * in d->refusal when the loader refuses it or it stacks bases that were not stacked before. */
static bool doc_reload(editor_doc *d)
{
    scenario_error err;
    scenario *s = load_json(d->root, &err);
    if (!s) {
        error_words(d->root, &err, err.message, d->refusal, sizeof d->refusal);
        return false;
    }
    figure_id pairs[1][2];
    int before = d->scn ? place_overlaps(d->scn->table, NULL, 0) : 0;
    int after = place_overlaps(s->table, pairs, 1);
    if (after > before) {
        const table *t = s->table;
        const figure *a = table_figure_const(t, pairs[0][0]);
        const figure *b = table_figure_const(t, pairs[0][1]);
        if (moved_or_new(d->scn ? d->scn->table : NULL, b)) { /* name the one that came */
            const figure *c = a;
            a = b;
            b = c;
        }
        snprintf(d->refusal, sizeof d->refusal,
                 "%s would stand on top of %s: bases may touch but not overlap",
                 table_unit_label(t, a->unit, "a figure"),
                 table_unit_label(t, b->unit, "a figure"));
        scenario_destroy(s);
        return false;
    }
    scenario_destroy(d->scn);
    d->scn = s;
    d->version++;
    return true;
}

static void stack_clear(char **stack, int *count)
{
    for (int i = 0; i < *count; i++)
        free(stack[i]);
    *count = 0;
}

static void stack_push(char **stack, int *count, char *text)
{
    if (*count == EDITOR_UNDO_MAX) { /* the oldest step goes */
        free(stack[0]);
        memmove(stack, stack + 1, sizeof *stack * (EDITOR_UNDO_MAX - 1));
        (*count)--;
    }
    stack[(*count)++] = text;
}

/* An edit changed d->root from `before` (owned, consumed): keep it as an undo step, or restore
 * `before` when the loader refuses the result. */
static bool edit_done(editor_doc *d, json_t *before)
{
    if (!doc_reload(d)) {
        json_decref(d->root);
        d->root = before;
        return false;
    }
    d->refusal[0] = '\0';
    stack_push(d->undo, &d->undo_count, doc_text(before));
    stack_clear(d->redo, &d->redo_count);
    json_decref(before);
    d->dirty = true;
    doc_check(d);
    return true;
}

/* Starts an edit: the document as it was, to restore on refusal. While dragging, edits are
 * applied to the drag's copy and kept by editor_drag_end. */
static json_t *edit_begin(editor_doc *d)
{
    d->refusal[0] = '\0';
    return json_deep_copy(d->root);
}

static bool edit_end(editor_doc *d, json_t *before)
{
    if (d->drag_base) { /* a frame of a drag: the loaded scenario follows, no undo step */
        if (!doc_reload(d)) {
            json_decref(d->root);
            d->root = before;
            return false;
        }
        json_decref(before);
        return true;
    }
    return edit_done(d, before);
}

static editor_doc *doc_from_json(json_t *root, char *err, size_t size)
{
    editor_doc *d = mem_calloc(1, sizeof *d);
    d->root = root;
    d->grid_cm = 1.0f;
    scenario_error serr;
    d->scn = load_json(root, &serr);
    if (!d->scn) {
        scenario_error_format(&serr, err, size);
        editor_doc_destroy(d);
        return NULL;
    }
    doc_check(d);
    return d;
}

editor_doc *editor_doc_open(const char *path, char *err, size_t size)
{
    scenario_error serr;
    scenario *s = scenario_load_file(path, &serr);
    if (!s) {
        scenario_error_format(&serr, err, size);
        return NULL;
    }
    scenario_destroy(s);
    json_error_t jerr;
    json_t *root = json_load_file(path, JSON_REJECT_DUPLICATES, &jerr);
    if (!json_is_object(root)) {
        snprintf(err, size, "%s: %s", path, jerr.text);
        json_decref(root);
        return NULL;
    }
    return doc_from_json(root, err, size);
}

editor_doc *editor_doc_new(const char *ruleset, char *err, size_t size)
{
    const rules_ops *ops = rules_find(ruleset);
    if (!ops) {
        snprintf(err, size, "no rule set \"%s\" (sandtable --help lists them)", ruleset);
        return NULL;
    }
    json_t *root =
        json_pack("{s:s, s:s, s:{s:i, s:i}, s:[{s:s}, {s:s}], s:[], s:[], s:[]}", "title",
                  "New scenario", "ruleset", ruleset, "table", "width_cm", 180, "height_cm", 120,
                  "sides", "name", "Red", "name", "Blue", "terrain", "units", "victory");
    return doc_from_json(root, err, size);
}

void editor_doc_destroy(editor_doc *d)
{
    if (!d)
        return;
    stack_clear(d->undo, &d->undo_count);
    stack_clear(d->redo, &d->redo_count);
    json_decref(d->root);
    json_decref(d->drag_base);
    scenario_destroy(d->scn);
    editor_units_info_free(d->units);
    free(d);
}

const scenario *editor_doc_scenario(const editor_doc *d)
{
    return d->scn;
}

const json_t *editor_doc_json(const editor_doc *d)
{
    return d->root;
}

unsigned editor_doc_version(const editor_doc *d)
{
    return d->version;
}

const editor_check *editor_doc_check(const editor_doc *d)
{
    return &d->check;
}

const char *editor_doc_refusal(const editor_doc *d)
{
    return d->refusal;
}

float editor_doc_grid_cm(const editor_doc *d)
{
    return d->grid_cm;
}

bool editor_doc_dirty(const editor_doc *d)
{
    return d->dirty;
}

/* ---- undo ---------------------------------------------------------------------------------- */

static bool doc_restore(editor_doc *d, char **from, int *from_n, char **to, int *to_n)
{
    if (*from_n == 0 || d->drag_base)
        return false;
    json_t *root = json_loads(from[*from_n - 1], 0, NULL);
    if (!root)
        return false;
    stack_push(to, to_n, doc_text(d->root));
    free(from[--*from_n]);
    json_decref(d->root);
    d->root = root;
    if (!doc_reload(d)) { /* a snapshot always loaded once; never expected */
        fprintf(stderr, "sandtable: editor: a snapshot no longer loads: %s\n", d->refusal);
        return false;
    }
    d->refusal[0] = '\0';
    d->dirty = true;
    doc_check(d);
    return true;
}

bool editor_doc_undo(editor_doc *d)
{
    return doc_restore(d, d->undo, &d->undo_count, d->redo, &d->redo_count);
}

bool editor_doc_redo(editor_doc *d)
{
    return doc_restore(d, d->redo, &d->redo_count, d->undo, &d->undo_count);
}

bool editor_doc_can_undo(const editor_doc *d)
{
    return d->undo_count > 0;
}

bool editor_doc_can_redo(const editor_doc *d)
{
    return d->redo_count > 0;
}

/* ---- drags ----------------------------------------------------------------------------------- */

/* The loaded scenario made again from the document, which loaded before: after a drag, whose
 * refused last frame left the scenario at the frame before it. */
static void doc_resync(editor_doc *d)
{
    scenario_error err;
    scenario *s = load_json(d->root, &err);
    if (!s)
        return;
    scenario_destroy(d->scn);
    d->scn = s;
    d->version++;
}

void editor_drag_begin(editor_doc *d)
{
    json_decref(d->drag_base);
    d->drag_base = json_deep_copy(d->root);
}

void editor_drag_reset(editor_doc *d)
{
    if (!d->drag_base)
        return;
    json_decref(d->root);
    d->root = json_deep_copy(d->drag_base);
}

bool editor_drag_end(editor_doc *d)
{
    if (!d->drag_base)
        return false;
    json_t *base = d->drag_base;
    d->drag_base = NULL;
    if (json_equal(base, d->root)) { /* nothing kept; the last frame may have been refused */
        json_decref(base);
        doc_resync(d);
        return false;
    }
    bool ok = edit_done(d, base);
    if (!ok)
        doc_resync(d);
    return ok;
}

bool editor_dragging(const editor_doc *d)
{
    return d->drag_base != NULL;
}

/* ---- JSON helpers ---------------------------------------------------------------------------- */

static double round1(double v)
{
    return round(v * 10.0) / 10.0;
}

static json_t *point_json(vec2s p)
{
    return json_pack("[f, f]", round1(p.x), round1(p.y));
}

/* A figure's place: finer than terrain's tenth of a centimetre, so bases set edge to edge at
 * any angle stay within the contact allowance (PLACE_CONTACT_CM) of each other. */
static json_t *figure_point_json(vec2s p)
{
    return json_pack("[f, f]", round(p.x * 1000.0) / 1000.0, round(p.y * 1000.0) / 1000.0);
}

static vec2s point_of(const json_t *a)
{
    return (vec2s){{(float)json_number_value(json_array_get(a, 0)),
                    (float)json_number_value(json_array_get(a, 1))}};
}

static json_t *list(editor_doc *d, const char *key)
{
    json_t *a = json_object_get(d->root, key);
    if (!json_is_array(a)) {
        a = json_array();
        json_object_set_new(d->root, key, a);
    }
    return a;
}

static json_t *points_json(const vec2s *pts, int n)
{
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(a, point_json(pts[i]));
    return a;
}

/* The feature's point list, a "rect" turned into an "area" of four corners first. */
static json_t *feature_points_json(json_t *f)
{
    json_t *rect = json_object_get(f, "rect");
    if (json_is_array(rect)) {
        double x0 = json_number_value(json_array_get(rect, 0)),
               y0 = json_number_value(json_array_get(rect, 1)),
               x1 = json_number_value(json_array_get(rect, 2)),
               y1 = json_number_value(json_array_get(rect, 3));
        json_object_set_new(f, "area",
                            json_pack("[[f,f],[f,f],[f,f],[f,f]]", x0, y0, x1, y0, x1, y1, x0, y1));
        json_object_del(f, "rect");
    }
    json_t *pts = json_object_get(f, "area");
    return pts ? pts : json_object_get(f, "line");
}

static json_t *feature_at(editor_doc *d, int index)
{
    return index < 0 ? NULL : json_array_get(json_object_get(d->root, "terrain"), (size_t)index);
}

static bool refuse(editor_doc *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool refuse(editor_doc *d, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(d->refusal, sizeof d->refusal, fmt, ap);
    va_end(ap);
    return false;
}

/* ---- terrain --------------------------------------------------------------------------------- */

static bool add_feature(editor_doc *d, json_t *feature, int *index)
{
    json_t *before = edit_begin(d);
    json_t *terrain = list(d, "terrain");
    json_array_append_new(terrain, feature);
    int at = (int)json_array_size(terrain) - 1;
    if (!edit_end(d, before))
        return false;
    if (index)
        *index = at;
    return true;
}

bool editor_add_area(editor_doc *d, const char *type, const vec2s *pts, int n, int *index)
{
    if (n < 3)
        return refuse(d, "An area needs at least three points");
    return add_feature(d, json_pack("{s:s, s:o}", "type", type, "area", points_json(pts, n)),
                       index);
}

bool editor_add_rect(editor_doc *d, const char *type, vec2s a, vec2s b, int *index)
{
    if (fabsf(a.x - b.x) < 0.5f || fabsf(a.y - b.y) < 0.5f)
        return refuse(d, "The rectangle is too small: drag further");
    vec2s pts[4] = {a, {{b.x, a.y}}, b, {{a.x, b.y}}};
    return editor_add_area(d, type, pts, 4, index);
}

bool editor_add_circle(editor_doc *d, const char *type, vec2s centre, float radius, int *index)
{
    if (radius < 0.5f)
        return refuse(d, "The circle is too small: drag further");
    vec2s pts[EDITOR_CIRCLE_SIDES];
    for (int i = 0; i < EDITOR_CIRCLE_SIDES; i++) {
        float a = 2.0f * GEOM_PI * (float)i / EDITOR_CIRCLE_SIDES;
        pts[i] = (vec2s){{centre.x + radius * cosf(a), centre.y + radius * sinf(a)}};
    }
    return editor_add_area(d, type, pts, EDITOR_CIRCLE_SIDES, index);
}

bool editor_add_line(editor_doc *d, const char *type, const vec2s *pts, int n, float width_cm,
                     int *index)
{
    if (n < 2)
        return refuse(d, "A line needs at least two points");
    json_t *f = json_pack("{s:s, s:o}", "type", type, "line", points_json(pts, n));
    if (width_cm > 0)
        json_object_set_new(f, "width_cm", json_real(round1(width_cm)));
    return add_feature(d, f, index);
}

bool editor_feature_delete(editor_doc *d, int index)
{
    if (!feature_at(d, index))
        return refuse(d, "Nothing to delete");
    json_t *before = edit_begin(d);
    json_array_remove(list(d, "terrain"), (size_t)index);
    return edit_end(d, before);
}

static void shift_points(json_t *pts, vec2s delta)
{
    for (size_t i = 0; i < json_array_size(pts); i++) {
        json_t *p = json_array_get(pts, i);
        vec2s v = point_of(p);
        json_array_set_new(pts, i, point_json(glms_vec2_add(v, delta)));
    }
}

bool editor_feature_duplicate(editor_doc *d, int index, vec2s offset, int *index_out)
{
    json_t *f = feature_at(d, index);
    if (!f)
        return refuse(d, "Nothing to duplicate");
    json_t *copy = json_deep_copy(f);
    shift_points(feature_points_json(copy), offset);
    return add_feature(d, copy, index_out);
}

bool editor_feature_move(editor_doc *d, int index, vec2s delta)
{
    if (!feature_at(d, index))
        return refuse(d, "Nothing to move");
    json_t *before = edit_begin(d);
    shift_points(feature_points_json(feature_at(d, index)), delta);
    return edit_end(d, before);
}

bool editor_feature_move_point(editor_doc *d, int index, int point, vec2s to)
{
    if (!feature_at(d, index))
        return refuse(d, "Nothing to move");
    json_t *before = edit_begin(d);
    json_t *pts = feature_points_json(feature_at(d, index));
    if (point < 0 || (size_t)point >= json_array_size(pts)) {
        json_decref(d->root);
        d->root = before;
        return refuse(d, "No such point");
    }
    json_array_set_new(pts, (size_t)point, point_json(to));
    return edit_end(d, before);
}

bool editor_feature_cycle_type(editor_doc *d, int index, int step)
{
    json_t *f = feature_at(d, index);
    const table *t = d->scn->table;
    if (!f || t->type_count == 0)
        return refuse(d, "Nothing selected");
    int now = table_type_find(t, json_string_value(json_object_get(f, "type")));
    int next = ((now < 0 ? 0 : now) + step % t->type_count + t->type_count) % t->type_count;
    json_t *before = edit_begin(d);
    json_object_set_new(feature_at(d, index), "type", json_string(t->types[next].name));
    return edit_end(d, before);
}

bool editor_feature_label(editor_doc *d, int index, const char *label)
{
    if (!feature_at(d, index))
        return refuse(d, "Nothing selected");
    json_t *before = edit_begin(d);
    if (label && label[0])
        json_object_set_new(feature_at(d, index), "name", json_string(label));
    else
        json_object_del(feature_at(d, index), "name");
    return edit_end(d, before);
}

bool editor_feature_reorder(editor_doc *d, int index, int step, int *index_out)
{
    json_t *f = feature_at(d, index);
    if (!f)
        return refuse(d, "Nothing selected");
    int n = (int)json_array_size(json_object_get(d->root, "terrain"));
    int to = index + step < 0 ? 0 : index + step >= n ? n - 1 : index + step;
    if (to == index)
        return refuse(d, "It is already %s", step > 0 ? "on top" : "at the bottom");
    json_t *before = edit_begin(d);
    json_t *terrain = list(d, "terrain");
    json_t *piece = json_incref(json_array_get(terrain, (size_t)index));
    json_array_remove(terrain, (size_t)index);
    json_array_insert_new(terrain, (size_t)to, piece);
    if (!edit_end(d, before))
        return false;
    if (index_out)
        *index_out = to;
    return true;
}

int editor_feature_points(const editor_doc *d, int index, vec2s *out, int max)
{
    const json_t *f = json_array_get(json_object_get(d->root, "terrain"), (size_t)index);
    const json_t *rect = json_object_get(f, "rect");
    if (rect) {
        float x0 = (float)json_number_value(json_array_get(rect, 0)),
              y0 = (float)json_number_value(json_array_get(rect, 1)),
              x1 = (float)json_number_value(json_array_get(rect, 2)),
              y1 = (float)json_number_value(json_array_get(rect, 3));
        vec2s c[4] = {{{x0, y0}}, {{x1, y0}}, {{x1, y1}}, {{x0, y1}}};
        int n = max < 4 ? max : 4;
        memcpy(out, c, sizeof *out * (size_t)n);
        return n;
    }
    const json_t *pts = json_object_get(f, "area");
    if (!pts)
        pts = json_object_get(f, "line");
    int n = 0;
    for (size_t i = 0; i < json_array_size(pts) && n < max; i++)
        out[n++] = point_of(json_array_get(pts, i));
    return n;
}

/* ---- units ----------------------------------------------------------------------------------- */

static const char *side_name(editor_doc *d, int side_ix)
{
    return json_string_value(
        json_object_get(json_array_get(list(d, "sides"), (size_t)side_ix), "name"));
}

static bool unit_name_taken(editor_doc *d, const char *name)
{
    json_t *units = list(d, "units");
    for (size_t i = 0; i < json_array_size(units); i++) {
        const char *n = json_string_value(json_object_get(json_array_get(units, i), "name"));
        if (n && strcmp(n, name) == 0)
            return true;
    }
    return false;
}

/* "Line infantry 2": the kind in words and the first number not taken. */
static void unit_name_make(editor_doc *d, const editor_unit_desc *u, const char *side_nm, char *out,
                           size_t size)
{
    char base[TABLE_NAME_MAX];
    if (u->kind && u->kind[0])
        snprintf(base, sizeof base, "%.40s", u->kind);
    else
        snprintf(base, sizeof base, "%.30s %s", side_nm, table_role_name(u->role));
    for (char *p = base; *p; p++)
        if (*p == '_')
            *p = ' ';
    if (base[0] >= 'a' && base[0] <= 'z')
        base[0] = (char)(base[0] - 'a' + 'A');
    for (int n = 1; n < 10000; n++) {
        snprintf(out, size, "%.40s %d", base, n);
        if (!unit_name_taken(d, out))
            return;
    }
}

static json_t *figure_json(const editor_unit_desc *u, vec2s pos, float facing_deg)
{
    json_t *f = json_pack("{s:o, s:f, s:s, s:s}", "pos", figure_point_json(pos), "facing",
                          round1(facing_deg), "role", table_role_name(u->role), "quality",
                          table_quality_name(u->quality));
    if (u->weapon && u->weapon[0])
        json_object_set_new(f, "weapon", json_string(u->weapon));
    if (u->frontage_cm > 0 && u->depth_cm > 0)
        json_object_set_new(f, "base",
                            json_pack("{s:f, s:f}", "frontage_cm", (double)u->frontage_cm,
                                      "depth_cm", (double)u->depth_cm));
    else if (u->radius_cm > 0)
        json_object_set_new(f, "base", json_pack("{s:f}", "radius_cm", (double)u->radius_cm));
    return f;
}

int editor_unit_positions(const editor_unit_desc *u, vec2s *out, int max)
{
    int count = u->count > 0 ? u->count : 1, ranks = u->ranks > 0 ? u->ranks : 1;
    if (ranks > count)
        ranks = count;
    bool stand = u->frontage_cm > 0 && u->depth_cm > 0;
    float radius = u->radius_cm > 0 ? u->radius_cm : 1.25f;
    float width = stand ? u->frontage_cm : 2 * radius, depth = stand ? u->depth_cm : 2 * radius;
    float spacing = u->spacing_cm > 0 ? u->spacing_cm : width;
    float a = u->facing_deg * GEOM_PI / 180.0f;
    vec2s fwd = {{cosf(a), sinf(a)}}, right = {{-sinf(a), cosf(a)}};
    int files = (count + ranks - 1) / ranks;
    int n = 0;
    for (int i = 0; i < count && n < max; i++) {
        int rank = i / files, file = i % files;
        float across = ((float)file - (float)(files - 1) / 2.0f) * spacing;
        out[n++] =
            glms_vec2_add(u->origin, glms_vec2_sub(glms_vec2_scale(right, across),
                                                   glms_vec2_scale(fwd, (float)rank * depth)));
    }
    return n;
}

bool editor_add_unit(editor_doc *d, const editor_unit_desc *u, int *index)
{
    const char *side_nm = side_name(d, u->side);
    if (!side_nm)
        return refuse(d, "Choose a side first");
    int count = u->count > 0 ? u->count : 1;
    if (count > EDITOR_BLOCK_MAX)
        return refuse(d, "A block has at most %d figures", EDITOR_BLOCK_MAX);
    char name[TABLE_NAME_MAX];
    if (u->name && u->name[0])
        snprintf(name, sizeof name, "%s", u->name);
    else
        unit_name_make(d, u, side_nm, name, sizeof name);
    if (unit_name_taken(d, name))
        return refuse(d, "There is already a unit called %s", name);
    vec2s pos[EDITOR_BLOCK_MAX];
    int n = editor_unit_positions(u, pos, EDITOR_BLOCK_MAX);
    json_t *figs = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(figs, figure_json(u, pos[i], u->facing_deg));
    json_t *uj = json_pack("{s:s, s:s}", "name", name, "side", side_nm);
    if (u->kind && u->kind[0])
        json_object_set_new(uj, "kind", json_string(u->kind));
    json_object_set_new(uj, "figures", figs);
    json_t *before = edit_begin(d);
    json_t *units = list(d, "units");
    json_array_append_new(units, uj);
    int at = (int)json_array_size(units) - 1;
    if (!edit_end(d, before))
        return false;
    if (index)
        *index = at;
    return true;
}

static json_t *unit_at(editor_doc *d, int index)
{
    return index < 0 ? NULL : json_array_get(json_object_get(d->root, "units"), (size_t)index);
}

/* Takes the unit's name out of the rule set's options that list units (rules_ops.terms). */
static void unit_forget_options(editor_doc *d, const char *name)
{
    const rules_ops *ops = rules_find(d->scn->ruleset);
    json_t *opts = json_object_get(d->root, "ruleset_options");
    for (int i = 0; ops && ops->terms && i < ops->terms->option_count; i++) {
        if (ops->terms->options[i].type != RULES_OPTION_UNITS)
            continue;
        json_t *names = json_object_get(opts, ops->terms->options[i].key);
        for (size_t k = json_array_size(names); k-- > 0;) {
            const char *n = json_string_value(json_array_get(names, k));
            if (n && strcmp(n, name) == 0)
                json_array_remove(names, k);
        }
    }
}

/* Takes the unit's name out of every list that names it (reinforcements, parents, options). */
static void unit_forget(editor_doc *d, const char *name)
{
    unit_forget_options(d, name);
    json_t *units = list(d, "units");
    for (size_t i = 0; i < json_array_size(units); i++) {
        json_t *u = json_array_get(units, i);
        const char *p = json_string_value(json_object_get(u, "parent"));
        if (p && strcmp(p, name) == 0)
            json_object_del(u, "parent");
    }
    json_t *reinf = json_object_get(d->root, "reinforcements");
    for (size_t i = json_array_size(reinf); i-- > 0;) {
        json_t *names = json_object_get(json_array_get(reinf, i), "units");
        for (size_t k = json_array_size(names); k-- > 0;)
            if (strcmp(json_string_value(json_array_get(names, k))
                           ? json_string_value(json_array_get(names, k))
                           : "",
                       name) == 0)
                json_array_remove(names, k);
        if (json_array_size(names) == 0)
            json_array_remove(reinf, i);
    }
}

bool editor_unit_delete(editor_doc *d, int index)
{
    json_t *u = unit_at(d, index);
    if (!u)
        return refuse(d, "Nothing to delete");
    json_t *before = edit_begin(d);
    char name[TABLE_NAME_MAX];
    snprintf(name, sizeof name, "%s",
             json_string_value(json_object_get(unit_at(d, index), "name")));
    json_array_remove(list(d, "units"), (size_t)index);
    unit_forget(d, name);
    return edit_end(d, before);
}

/* Every figure position of a unit (its figures' "pos" and its blocks' "origin"). */
typedef void (*pos_fn)(json_t *owner, const char *key, void *user);

static void unit_each_pos(json_t *u, pos_fn fn, void *user)
{
    json_t *figs = json_object_get(u, "figures");
    for (size_t i = 0; i < json_array_size(figs); i++)
        fn(json_array_get(figs, i), "pos", user);
    json_t *blocks = json_object_get(u, "blocks");
    for (size_t i = 0; i < json_array_size(blocks); i++)
        fn(json_array_get(blocks, i), "origin", user);
}

static void pos_shift(json_t *owner, const char *key, void *user)
{
    vec2s p = point_of(json_object_get(owner, key));
    json_object_set_new(owner, key, figure_point_json(glms_vec2_add(p, *(const vec2s *)user)));
}

bool editor_unit_move(editor_doc *d, int index, vec2s delta)
{
    if (!unit_at(d, index))
        return refuse(d, "Nothing to move");
    json_t *before = edit_begin(d);
    unit_each_pos(unit_at(d, index), pos_shift, &delta);
    return edit_end(d, before);
}

/* ---- groups -------------------------------------------------------------------------------- */

static bool group_valid(editor_doc *d, const int *features, int nf, const int *units, int nu)
{
    for (int i = 0; i < nf; i++)
        if (!feature_at(d, features[i]))
            return false;
    for (int i = 0; i < nu; i++)
        if (!unit_at(d, units[i]))
            return false;
    return nf + nu > 0;
}

bool editor_group_move(editor_doc *d, const int *features, int nf, const int *units, int nu,
                       vec2s delta)
{
    if (!group_valid(d, features, nf, units, nu))
        return refuse(d, "Nothing to move");
    json_t *before = edit_begin(d);
    for (int i = 0; i < nf; i++)
        shift_points(feature_points_json(feature_at(d, features[i])), delta);
    for (int i = 0; i < nu; i++)
        unit_each_pos(unit_at(d, units[i]), pos_shift, &delta);
    return edit_end(d, before);
}

static int index_desc(const void *a, const void *b)
{
    return *(const int *)b - *(const int *)a;
}

/* Removes the listed entries of `key`, highest index first so the others keep theirs. */
static void remove_each(editor_doc *d, const char *key, const int *ix, int n, bool units)
{
    if (n <= 0)
        return;
    int *sorted = malloc(sizeof *sorted * (size_t)n);
    memcpy(sorted, ix, sizeof *sorted * (size_t)n);
    qsort(sorted, (size_t)n, sizeof *sorted, index_desc);
    for (int i = 0; i < n; i++) {
        if (i > 0 && sorted[i] == sorted[i - 1])
            continue;
        char name[TABLE_NAME_MAX] = "";
        if (units)
            snprintf(name, sizeof name, "%s",
                     json_string_value(json_object_get(unit_at(d, sorted[i]), "name")));
        json_array_remove(list(d, key), (size_t)sorted[i]);
        if (units)
            unit_forget(d, name);
    }
    free(sorted);
}

bool editor_group_delete(editor_doc *d, const int *features, int nf, const int *units, int nu)
{
    if (!group_valid(d, features, nf, units, nu))
        return refuse(d, "Nothing to delete");
    json_t *before = edit_begin(d);
    remove_each(d, "terrain", features, nf, false);
    remove_each(d, "units", units, nu, true);
    return edit_end(d, before);
}

typedef struct turn_ctx {
    vec2s centre;
    float deg;
    vec2s sum;
    int n;
    const json_t *defaults;
} turn_ctx;

static void pos_sum(json_t *owner, const char *key, void *user)
{
    turn_ctx *c = user;
    c->sum = glms_vec2_add(c->sum, point_of(json_object_get(owner, key)));
    c->n++;
}

/* A figure's facing in degrees, whether the file says it in words ("north") or degrees. */
double editor_doc_facing_deg(const json_t *v)
{
    static const char *const words[] = {"east", "south", "west", "north"};
    for (int i = 0; i < 4; i++)
        if (json_is_string(v) && strcmp(json_string_value(v), words[i]) == 0)
            return 90.0 * i;
    return json_number_value(v);
}

/* The document as it stands now, loaded (the loaded scenario may be a drag's last frame);
 * NULL when it does not load. */
scenario *editor_doc_load_now(editor_doc *d)
{
    char *text = json_dumps(editor_doc_root(d), JSON_COMPACT | JSON_PRESERVE_ORDER);
    scenario_error err;
    scenario *s = text ? scenario_load_string(text, strlen(text), "scenario", &err) : NULL;
    free(text);
    return s;
}

static void pos_turn(json_t *owner, const char *key, void *user)
{
    turn_ctx *c = user;
    vec2s p = glms_vec2_sub(point_of(json_object_get(owner, key)), c->centre);
    float a = c->deg * GEOM_PI / 180.0f;
    vec2s q = {{p.x * cosf(a) - p.y * sinf(a), p.x * sinf(a) + p.y * cosf(a)}};
    json_object_set_new(owner, key, figure_point_json(glms_vec2_add(q, c->centre)));
    const json_t *f = json_object_get(owner, "facing");
    if (!f)
        f = json_object_get(c->defaults, "facing");
    double deg = fmod(editor_doc_facing_deg(f) + c->deg, 360.0);
    json_object_set_new(owner, "facing", json_real(round1(deg < 0 ? deg + 360.0 : deg)));
}

bool editor_doc_unit_turn(json_t *u, float deg)
{
    turn_ctx c = {.deg = deg, .defaults = json_object_get(u, "defaults")};
    unit_each_pos(u, pos_sum, &c);
    if (c.n == 0)
        return false;
    c.centre = glms_vec2_scale(c.sum, 1.0f / (float)c.n);
    unit_each_pos(u, pos_turn, &c);
    return true;
}

void editor_doc_unit_shift(json_t *u, vec2s delta)
{
    unit_each_pos(u, pos_shift, &delta);
}

bool editor_unit_rotate(editor_doc *d, int index, float deg)
{
    if (!unit_at(d, index))
        return refuse(d, "Nothing to turn");
    json_t *before = edit_begin(d);
    if (!editor_doc_unit_turn(unit_at(d, index), deg)) {
        json_decref(before);
        return refuse(d, "The unit has no figures");
    }
    return edit_end(d, before);
}

int editor_unit_of_figure(const editor_doc *d, figure_id fig)
{
    const table *t = d->scn->table;
    const figure *f = table_figure_const(t, fig);
    if (!f || t->unit_count != (int)json_array_size(json_object_get(d->root, "units")))
        return -1;
    return (int)f->unit.id - 1; /* the loader adds units in file order */
}

/* ---- for the editor's other files of edits (ui/editor_doc_ops.h) --------------------------- */

json_t *editor_doc_list(editor_doc *d, const char *key)
{
    return list(d, key);
}

json_t *editor_doc_figure_point(vec2s p)
{
    return figure_point_json(p);
}

json_t *editor_doc_point(vec2s p)
{
    return point_json(p);
}

json_t *editor_doc_feature_points(json_t *feature)
{
    return feature_points_json(feature);
}

editor_units_info **editor_doc_units_info(editor_doc *d)
{
    return &d->units;
}

/* ---- deployment zones ------------------------------------------------------------------ */

bool editor_add_zone(editor_doc *d, int side_ix, vec2s a, vec2s b)
{
    const char *name = side_name(d, side_ix);
    if (!name)
        return refuse(d, "No such side");
    if (fabsf(a.x - b.x) < 0.5f || fabsf(a.y - b.y) < 0.5f)
        return refuse(d, "The zone is too small: drag further");
    char who[TABLE_NAME_MAX];
    snprintf(who, sizeof who, "%s", name);
    json_t *before = edit_begin(d);
    vec2s pts[4] = {a, {{b.x, a.y}}, b, {{a.x, b.y}}};
    json_array_append_new(list(d, "deployment"),
                          json_pack("{s:s, s:o}", "side", who, "area", points_json(pts, 4)));
    return edit_end(d, before);
}

bool editor_clear_zones(editor_doc *d, int side_ix)
{
    const char *name = side_name(d, side_ix);
    if (!name)
        return refuse(d, "No such side");
    char who[TABLE_NAME_MAX];
    snprintf(who, sizeof who, "%s", name);
    json_t *before = edit_begin(d);
    json_t *zones = list(d, "deployment");
    bool any = false;
    for (size_t i = json_array_size(zones); i-- > 0;) {
        const char *s = json_string_value(json_object_get(json_array_get(zones, i), "side"));
        if (s && strcmp(s, who) == 0) {
            json_array_remove(zones, i);
            any = true;
        }
    }
    if (!any) {
        json_decref(before);
        return refuse(d, "%s has no deployment zone", who);
    }
    return edit_end(d, before);
}

/* ---- texts and the end --------------------------------------------------------------------- */

bool editor_set_title(editor_doc *d, const char *title)
{
    if (!title || !title[0])
        return refuse(d, "A scenario needs a title");
    json_t *before = edit_begin(d);
    json_object_set_new(d->root, "title", json_string(title));
    return edit_end(d, before);
}

bool editor_set_description(editor_doc *d, const char *text)
{
    json_t *before = edit_begin(d);
    if (text && text[0])
        json_object_set_new(d->root, "description", json_string(text));
    else
        json_object_del(d->root, "description");
    return edit_end(d, before);
}

void editor_description(const editor_doc *d, char *out, size_t size)
{
    snprintf(out, size, "%s", editor_doc_scenario(d)->description);
}

bool editor_set_table_size(editor_doc *d, float width_cm, float height_cm)
{
    json_t *before = edit_begin(d);
    json_object_set_new(
        d->root, "table",
        json_pack("{s:f, s:f}", "width_cm", (double)width_cm, "height_cm", (double)height_cm));
    return edit_end(d, before);
}

static int victory_find(editor_doc *d, const char *kind, const char *who)
{
    json_t *v = list(d, "victory");
    for (size_t i = 0; i < json_array_size(v); i++) {
        json_t *c = json_array_get(v, i);
        const char *k = json_string_value(json_object_get(c, "kind"));
        const char *s = json_string_value(json_object_get(c, "side"));
        if (k && strcmp(k, kind) == 0 && (!who || (s && strcmp(s, who) == 0)))
            return (int)i;
    }
    return -1;
}

bool editor_set_turn_limit(editor_doc *d, int turns)
{
    if (turns < 0 || turns > 999)
        return refuse(d, "A turn limit is from 1 to 999 turns");
    json_t *before = edit_begin(d);
    int at = victory_find(d, "turns", NULL);
    if (turns == 0) {
        if (at >= 0)
            json_array_remove(list(d, "victory"), (size_t)at);
    } else {
        char text[64];
        snprintf(text, sizeof text, "The game ends after %d turns", turns);
        json_t *c = json_pack("{s:s, s:i, s:s}", "kind", "turns", "turns", turns, "text", text);
        if (at >= 0)
            json_array_set_new(list(d, "victory"), (size_t)at, c);
        else
            json_array_append_new(list(d, "victory"), c);
    }
    return edit_end(d, before);
}

int editor_turn_limit(const editor_doc *d)
{
    const json_t *v = json_object_get(d->root, "victory");
    for (size_t i = 0; i < json_array_size(v); i++) {
        const json_t *c = json_array_get(v, i);
        const char *k = json_string_value(json_object_get(c, "kind"));
        if (k && strcmp(k, "turns") == 0)
            return (int)json_integer_value(json_object_get(c, "turns"));
    }
    return 0;
}

bool editor_set_destroy(editor_doc *d, int side_ix, int percent)
{
    const char *name = side_name(d, side_ix);
    if (!name)
        return refuse(d, "No such side");
    if (percent < 0 || percent > 100)
        return refuse(d, "A share of the enemy is from 1 to 100 per cent");
    char who[TABLE_NAME_MAX];
    snprintf(who, sizeof who, "%s", name);
    json_t *before = edit_begin(d);
    int at = victory_find(d, "destroy", who);
    if (percent == 0) {
        if (at >= 0)
            json_array_remove(list(d, "victory"), (size_t)at);
    } else {
        char text[160];
        snprintf(text, sizeof text, "%s wins when %d%% of the enemy has fallen", who, percent);
        json_t *c = json_pack("{s:s, s:s, s:i, s:s}", "kind", "destroy", "side", who, "value",
                              percent, "text", text);
        if (at >= 0)
            json_array_set_new(list(d, "victory"), (size_t)at, c);
        else
            json_array_append_new(list(d, "victory"), c);
    }
    return edit_end(d, before);
}

/* ---- the rule set's lists -------------------------------------------------------------------- */

static void list_add(char (*items)[TABLE_NAME_MAX], int *count, const char *name)
{
    for (int i = 0; i < *count; i++)
        if (strcmp(items[i], name) == 0)
            return;
    if (*count < EDITOR_LIST_MAX && strlen(name) < TABLE_NAME_MAX)
        snprintf(items[(*count)++], TABLE_NAME_MAX, "%s", name);
}

/* Keys of every object called `key` in the rule set's data ("weapons", "guns", "troops"). */
static void lists_walk(const json_t *o, editor_lists *l, int depth)
{
    const char *key;
    const json_t *v;
    if (!json_is_object(o) || depth > 4)
        return;
    json_object_foreach((json_t *)o, key, v)
    {
        bool weapons = strcmp(key, "weapons") == 0 || strcmp(key, "guns") == 0;
        bool kinds = strcmp(key, "troops") == 0 || strcmp(key, "kinds") == 0;
        if (json_is_object(v) && (weapons || kinds)) {
            const char *k2;
            const json_t *v2;
            json_object_foreach((json_t *)v, k2, v2)
            {
                if (weapons)
                    list_add(l->weapons, &l->weapon_count, k2);
                else
                    list_add(l->kinds, &l->kind_count, k2);
            }
        }
        lists_walk(v, l, depth + 1);
    }
}

/* The kinds and weapons the scenario's own figures use (a rule set without a list of kinds in
 * its data reads them from its scenarios). */
static void lists_from_table(const table *t, editor_lists *l)
{
    for (int i = 0; i < t->figure_count; i++) {
        if (t->figures[i].kind[0] && strcmp(t->figures[i].kind, "commander") != 0)
            list_add(l->kinds, &l->kind_count, t->figures[i].kind);
        if (t->figures[i].weapon[0])
            list_add(l->weapons, &l->weapon_count, t->figures[i].weapon);
    }
}

/* A rule set whose data lists no troop kinds: the kinds its shipped scenarios use. */
static void lists_from_scenarios(const char *ruleset, editor_lists *l)
{
    char dir[1100];
    snprintf(dir, sizeof dir, "%s/scenarios", config_source_dir());
    DIR *dh = opendir(dir);
    for (struct dirent *e; dh && (e = readdir(dh));) {
        size_t len = strlen(e->d_name);
        if (len < 6 || strcmp(e->d_name + len - 5, ".json") != 0)
            continue;
        char path[1400];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        scenario_error err;
        scenario *s = scenario_load_file(path, &err);
        if (s && strcmp(s->ruleset, ruleset) == 0)
            lists_from_table(s->table, l);
        scenario_destroy(s);
    }
    if (dh)
        closedir(dh);
}

const editor_lists *editor_doc_lists(const editor_doc *d)
{
    editor_doc *m = (editor_doc *)d; /* filled once, on first use */
    if (m->lists_done)
        return &m->lists;
    m->lists_done = true;
    char path[1200];
    snprintf(path, sizeof path, "%s/assets/rules/%s.json", config_source_dir(), d->scn->ruleset);
    json_t *data = json_load_file(path, 0, NULL);
    lists_walk(data, &m->lists, 0);
    json_decref(data);
    lists_from_table(d->scn->table, &m->lists);
    if (m->lists.kind_count == 0)
        lists_from_scenarios(d->scn->ruleset, &m->lists);
    return &m->lists;
}

/* ---- edits from the model's other files (ui/editor_doc_edit.h) -------------------------- */

json_t *editor_doc_edit_begin(editor_doc *d)
{
    return edit_begin(d);
}

bool editor_doc_edit_end(editor_doc *d, json_t *before)
{
    return edit_end(d, before);
}

bool editor_doc_edit_cancel(editor_doc *d, json_t *before)
{
    json_decref(d->root);
    d->root = before;
    return false;
}

json_t *editor_doc_root(editor_doc *d)
{
    return d->root;
}

bool editor_doc_refuse(editor_doc *d, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(d->refusal, sizeof d->refusal, fmt, ap);
    va_end(ap);
    return false;
}

/* ---- saving ---------------------------------------------------------------------------------- */

bool editor_doc_save(editor_doc *d, const char *path, char *err, size_t size)
{
    scenario_error serr;
    if (!scenario_write_file(d->scn, NULL, path, &serr)) {
        snprintf(err, size, "%s", serr.message);
        return false;
    }
    d->dirty = false;
    return true;
}
