/* The scenario writer: a scenario (and optionally a table in another state, such as a position
 * set up on screen) back into the file format the loader reads, so that load -> write -> load
 * gives the same table, figure for figure and bit for bit.
 *
 * Numbers are written in the shortest decimal form that reads back to the same float (through
 * the loader's own conversions), so files stay readable and diffable: 12.5, not
 * 12.5000000000000000. Points and other short lists of numbers sit on one line.
 */
#include "scenario/scenario.h"
#include "scenario/scenario_internal.h"

#include "core/file.h"
#include "core/mem.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- numbers ------------------------------------------------------------------------------- */

/* Nine significant digits tell any float apart (FLT_DECIMAL_DIG), and the document is
 * printed with that precision, so every value chosen below prints as chosen. */
#define WRITE_DIGITS 9

/* Whole numbers as integers (96, not 96.0); the loader reads either. */
static json_t *number(double v)
{
    if (v == floor(v) && fabs(v) < 1e9)
        return json_integer((json_int_t)v);
    return json_real(v);
}

/* The shortest %g form of `v` that the loader turns back into exactly `want`. */
static double shortest_float(double v, float want)
{
    char buf[40];
    for (int prec = 1; prec <= WRITE_DIGITS; prec++) {
        snprintf(buf, sizeof buf, "%.*g", prec, v);
        double back = strtod(buf, NULL);
        if ((float)back == want)
            return back;
    }
    return v;
}

static json_t *num_float(float f)
{
    return number(shortest_float((double)f, f));
}

/* The loader's facing: degrees folded into [0, 360), then to radians as a float. */
static float facing_from_degrees(double deg)
{
    deg = fmod(deg, 360.0);
    if (deg < 0)
        deg += 360.0;
    return (float)(deg * 3.14159265358979323846 / 180.0);
}

static json_t *num_facing(float radians)
{
    double deg = (double)radians * 180.0 / 3.14159265358979323846;
    char buf[40];
    for (int prec = 1; prec <= WRITE_DIGITS; prec++) {
        snprintf(buf, sizeof buf, "%.*g", prec, deg);
        double back = strtod(buf, NULL);
        if (back >= -360 && back <= 360 && facing_from_degrees(back) == radians)
            return number(back);
    }
    snprintf(buf, sizeof buf, "%.*g", WRITE_DIGITS, deg);
    return number(strtod(buf, NULL));
}

static json_t *point(vec2s p)
{
    return json_pack("[oo]", num_float(p.x), num_float(p.y));
}

static json_t *points(const vec2s *pts, int n)
{
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(a, point(pts[i]));
    return a;
}

static json_t *colour(uint32_t rgb)
{
    char buf[8];
    snprintf(buf, sizeof buf, "#%06x", (unsigned)(rgb & 0xffffff));
    return json_string(buf);
}

static void set_text(json_t *obj, const char *key, const char *text)
{
    if (text[0])
        json_object_set_new(obj, key, json_string(text));
}

/* Long texts as lists of lines, the form the loader joins back with newlines. */
static void set_long_text(json_t *obj, const char *key, const char *text)
{
    if (!text[0])
        return;
    if (!strchr(text, '\n')) {
        json_object_set_new(obj, key, json_string(text));
        return;
    }
    json_t *lines = json_array();
    for (const char *p = text;;) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        json_array_append_new(lines, json_stringn(p, n));
        if (!nl)
            break;
        p = nl + 1;
    }
    json_object_set_new(obj, key, lines);
}

/* ---- terrain ------------------------------------------------------------------------------- */

static bool type_equal(const terrain_type *a, const terrain_type *b)
{
    return strcmp(a->name, b->name) == 0 && a->move_mult == b->move_mult && a->cover == b->cover &&
           a->obstacle == b->obstacle && a->los == b->los && a->height_ft == b->height_ft &&
           a->colour == b->colour;
}

static json_t *type_object(const terrain_type *ty)
{
    return json_pack("{s:s, s:o, s:s, s:s, s:s, s:o, s:o}", "name", ty->name, "move_mult",
                     num_float(ty->move_mult), "cover", scn_cover_names[ty->cover], "obstacle",
                     scn_obstacle_names[ty->obstacle], "los", scn_los_names[ty->los], "height_ft",
                     num_float(ty->height_ft), "colour", colour(ty->colour));
}

/* The scenario's own types: built-in ones it changed (written in full under the same name,
 * which keeps their place) and the ones it added, in order. */
static bool write_types(json_t *root, const table *t, scenario_error *err)
{
    table *builtin = table_create(&(table_desc){0});
    if (!scenario_builtin_terrain(builtin, err)) {
        table_destroy(builtin);
        return false;
    }
    json_t *types = json_array();
    for (int i = 0; i < t->type_count; i++) {
        bool same = i < builtin->type_count && type_equal(&t->types[i], &builtin->types[i]);
        if (!same)
            json_array_append_new(types, type_object(&t->types[i]));
    }
    table_destroy(builtin);
    if (json_array_size(types))
        json_object_set_new(root, "terrain_types", types);
    else
        json_decref(types);
    return true;
}

static json_t *feature_object(const table *t, const terrain_feature *f)
{
    json_t *o = json_pack("{s:s}", "type", t->types[f->type].name);
    set_text(o, "name", f->name);
    if (f->shape == TERRAIN_SHAPE_LINE) {
        json_object_set_new(o, "line", points(f->line.pts, f->line.count));
        json_object_set_new(o, "width_cm", num_float(f->width_cm));
    } else {
        json_object_set_new(o, "area", points(f->area.pts, f->area.count));
    }
    if (f->height_ft > 0)
        json_object_set_new(o, "height_ft", num_float(f->height_ft));
    return o;
}

static void write_terrain(json_t *root, const table *t)
{
    json_t *arr = json_array();
    for (int i = 0; i < t->feature_count; i++)
        json_array_append_new(arr, feature_object(t, &t->features[i]));
    json_object_set_new(root, "terrain", arr);
}

/* ---- sides, units, figures ----------------------------------------------------------------- */

static void write_sides(json_t *root, const table *t)
{
    json_t *arr = json_array();
    for (int i = 0; i < t->side_count; i++)
        json_array_append_new(arr, json_pack("{s:s, s:o}", "name", t->sides[i].name, "colour",
                                             colour(t->sides[i].colour)));
    json_object_set_new(root, "sides", arr);
}

static json_t *base_object(const geom_base *b)
{
    if (b->kind == GEOM_BASE_RECT)
        return json_pack("{s:o, s:o}", "frontage_cm", num_float(b->frontage_cm), "depth_cm",
                         num_float(b->depth_cm));
    return json_pack("{s:o}", "radius_cm", num_float(b->radius_cm));
}

/* Whether the figure belongs in the file: on the table, or waiting to arrive. Figures that
 * are dead, captured or gone are left out of a position written from a game. */
static bool figure_kept(const figure *f, bool reinforcement)
{
    if (reinforcement)
        return true;
    return table_figure_active(f);
}

static json_t *figure_object(const figure *f, const unit *u)
{
    json_t *o = json_object();
    set_text(o, "name", f->name);
    if (f->role != FIGURE_ROLE_SOLDIER)
        json_object_set_new(o, "role", json_string(table_role_name(f->role)));
    if (f->quality != FIGURE_QUALITY_REGULAR)
        json_object_set_new(o, "quality", json_string(table_quality_name(f->quality)));
    if (f->posture != FIGURE_POSTURE_FOOT)
        json_object_set_new(o, "posture", json_string(table_posture_name(f->posture)));
    set_text(o, "weapon", f->weapon);
    if (strcmp(f->kind, u->kind) != 0)
        json_object_set_new(o, "kind", json_string(f->kind));
    json_object_set_new(o, "base", base_object(&f->base));
    json_object_set_new(o, "pos", point(f->pos));
    if (f->facing != 0)
        json_object_set_new(o, "facing", num_facing(f->facing));
    return o;
}

/* A reinforcement still to come: none of its figures has reached the table. Written from a
 * game, a group that has arrived is written as troops on the table, not as a reinforcement. */
static bool reinforcement_pending(const scenario_reinforcement *r, const table *t)
{
    for (int i = 0; i < t->figure_count; i++)
        for (int j = 0; j < r->unit_count; j++)
            if (t->figures[i].unit.id == r->units[j].id &&
                !(t->figures[i].status & FIGURE_STATUS_OFF_TABLE))
                return false;
    return true;
}

static bool unit_reinforces(const scenario *s, const table *t, unit_id u)
{
    for (int i = 0; i < s->reinforcement_count; i++) {
        const scenario_reinforcement *r = &s->reinforcements[i];
        for (int j = 0; j < r->unit_count; j++)
            if (r->units[j].id == u.id)
                return reinforcement_pending(r, t); /* a unit is in one reinforcement at most */
    }
    return false;
}

static json_t *unit_object(const scenario *s, const table *t, const unit *u)
{
    json_t *o = json_pack("{s:s, s:s}", "name", u->name, "side", table_side(t, u->side)->name);
    set_text(o, "kind", u->kind);
    set_text(o, "formation", u->formation);
    const unit *parent = table_unit_const(t, u->parent);
    if (parent)
        json_object_set_new(o, "parent", json_string(parent->name));
    bool reinforcement = unit_reinforces(s, t, u->id);
    json_t *figs = json_array();
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        if (f->unit.id == u->id.id && figure_kept(f, reinforcement))
            json_array_append_new(figs, figure_object(f, u));
    }
    json_object_set_new(o, "figures", figs);
    const figure *cmd = table_figure_const(t, u->commander);
    if (cmd && cmd->name[0] && figure_kept(cmd, reinforcement))
        json_object_set_new(o, "commander", json_string(cmd->name));
    return o;
}

static void write_units(json_t *root, const scenario *s, const table *t)
{
    json_t *arr = json_array();
    for (int i = 0; i < t->unit_count; i++)
        json_array_append_new(arr, unit_object(s, t, &t->units[i]));
    json_object_set_new(root, "units", arr);
}

/* ---- deployment, reinforcements, victory --------------------------------------------------- */

static void write_deployment(json_t *root, const scenario *s, const table *t)
{
    if (!s->zone_count)
        return;
    json_t *arr = json_array();
    for (int i = 0; i < s->zone_count; i++)
        json_array_append_new(arr, json_pack("{s:s, s:o}", "side",
                                             table_side(t, s->zones[i].side)->name, "area",
                                             points(s->zones[i].area.pts, s->zones[i].area.count)));
    json_object_set_new(root, "deployment", arr);
}

static json_t *reinforcement_object(const scenario_reinforcement *r, const table *t)
{
    json_t *units = json_array();
    for (int j = 0; j < r->unit_count; j++)
        json_array_append_new(units, json_string(table_unit_const(t, r->units[j])->name));
    json_t *o = json_pack("{s:s, s:o}", "side", table_side(t, r->side)->name, "units", units);
    if (r->turn > 0)
        json_object_set_new(o, "turn", json_integer(r->turn));
    else
        json_object_set_new(o, "trigger", json_string(r->trigger));
    json_object_set_new(o, "edge", json_string(scn_edge_names[r->edge]));
    json_object_set_new(o, "entry", point(r->entry));
    return o;
}

static void write_reinforcements(json_t *root, const scenario *s, const table *t)
{
    json_t *arr = json_array();
    for (int i = 0; i < s->reinforcement_count; i++)
        if (reinforcement_pending(&s->reinforcements[i], t))
            json_array_append_new(arr, reinforcement_object(&s->reinforcements[i], t));
    if (json_array_size(arr))
        json_object_set_new(root, "reinforcements", arr);
    else
        json_decref(arr);
}

static json_t *victory_object(const scenario_victory *v, const table *t)
{
    json_t *o = json_pack("{s:s}", "kind", v->kind);
    const side *sd = table_side(t, v->side);
    if (sd)
        json_object_set_new(o, "side", json_string(sd->name));
    if (v->area.count)
        json_object_set_new(o, "area", points(v->area.pts, v->area.count));
    if (v->turns)
        json_object_set_new(o, "turns", json_integer(v->turns));
    if (v->value)
        json_object_set_new(o, "value", json_integer(v->value));
    set_text(o, "text", v->text);
    return o;
}

static void write_victory(json_t *root, const scenario *s, const table *t)
{
    if (!s->victory_count)
        return;
    json_t *arr = json_array();
    for (int i = 0; i < s->victory_count; i++)
        json_array_append_new(arr, victory_object(&s->victory[i], t));
    json_object_set_new(root, "victory", arr);
}

/* ---- the document -------------------------------------------------------------------------- */

static json_t *document(const scenario *s, const table *t, scenario_error *err)
{
    json_t *root = json_object();
    json_object_set_new(root, "format", json_integer(1));
    json_object_set_new(root, "title", json_string(s->title));
    set_long_text(root, "description", s->description);
    set_long_text(root, "designer_notes", s->designer_notes);
    json_object_set_new(root, "ruleset", json_string(s->ruleset));
    json_object_set_new(root, "ruleset_options",
                        s->rules_options ? json_deep_copy(s->rules_options) : json_object());
    json_object_set_new(root, "seed", json_integer((json_int_t)s->seed));
    if (s->campaign[0])
        json_object_set_new(
            root, "campaign",
            json_pack("{s:s, s:i}", "name", s->campaign, "position", s->campaign_position));
    json_object_set_new(root, "table",
                        json_pack("{s:o, s:o}", "width_cm", num_float(t->width_cm), "height_cm",
                                  num_float(t->height_cm)));
    if (!write_types(root, t, err)) {
        json_decref(root);
        return NULL;
    }
    write_terrain(root, t);
    write_sides(root, t);
    write_units(root, s, t);
    write_deployment(root, s, t);
    write_reinforcements(root, s, t);
    write_victory(root, s, t);
    return root;
}

/* jansson's indented form puts every number on a line of its own; a list holding only numbers
 * (a point, a rectangle) reads better on one line. Rewrites `text` in place. */
static void fold_number_lists(char *text)
{
    char *out = text;
    for (const char *p = text; *p;) {
        if (*p != '[') {
            *out++ = *p++;
            continue;
        }
        const char *q = p + 1;
        bool numbers = true;
        while (*q && *q != ']') {
            if (!strchr("0123456789+-.eE, \n", *q)) {
                numbers = false;
                break;
            }
            q++;
        }
        if (!numbers || *q != ']') {
            *out++ = *p++;
            continue;
        }
        *out++ = '[';
        bool space = false;
        for (const char *r = p + 1; r < q; r++) {
            if (*r == ' ' || *r == '\n') {
                space = out[-1] == ',';
                continue;
            }
            if (space)
                *out++ = ' ';
            space = false;
            *out++ = *r;
        }
        *out++ = ']';
        p = q + 1;
    }
    *out = '\0';
}

char *scenario_write_string(const scenario *s, const table *t, scenario_error *err)
{
    memset(err, 0, sizeof *err);
    snprintf(err->file, sizeof err->file, "%s", s->file);
    json_t *root = document(s, t ? t : s->table, err);
    if (!root)
        return NULL;
    char *text =
        json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(WRITE_DIGITS));
    json_decref(root);
    if (!text) {
        snprintf(err->message, sizeof err->message, "out of memory writing the scenario");
        return NULL;
    }
    fold_number_lists(text);
    size_t n = strlen(text);
    char *out = mem_calloc(n + 2, 1);
    memcpy(out, text, n);
    out[n] = '\n';
    free(text);
    return out;
}

bool scenario_write_file(const scenario *s, const table *t, const char *path, scenario_error *err)
{
    char *text = scenario_write_string(s, t, err);
    if (!text)
        return false;
    snprintf(err->file, sizeof err->file, "%.255s", path);
    char why[256];
    bool ok = file_write_atomic(path, text, strlen(text), why, sizeof why);
    if (!ok)
        snprintf(err->message, sizeof err->message, "%s", why);
    free(text);
    return ok;
}
