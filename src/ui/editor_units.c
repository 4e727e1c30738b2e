/* The editor's edits of units figure by figure, groups turned as one, formations and
 * commanders (ui/editor_units.h), and what the live check says of formations and commanders. */
#include "ui/editor_units.h"

#include "core/mem.h"
#include "ui/editor_doc_ops.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The rule set's formations of each unit, as of the last live check with a rule state. */
typedef struct unit_formations {
    char names[EDITOR_FORMATIONS_MAX][EDITOR_WORD_MAX];
    int count;
} unit_formations;

struct editor_units_info {
    unit_formations *units;
    int unit_count;
    bool known; /* the rule set has formations at all */
};

static const table *tbl(const editor_doc *d)
{
    return editor_doc_scenario(d)->table;
}

static json_t *unit_json(editor_doc *d, int unit_ix)
{
    return unit_ix < 0 ? NULL : json_array_get(editor_doc_list(d, "units"), (size_t)unit_ix);
}

static int unit_count(const editor_doc *d)
{
    return (int)json_array_size(json_object_get(editor_doc_json(d), "units"));
}

/* ---- reading the loaded table ------------------------------------------------------------ */

int editor_unit_figure_count(const editor_doc *d, int unit_ix)
{
    const table *t = tbl(d);
    int n = 0;
    if (t->unit_count != unit_count(d))
        return 0;
    for (int i = 0; i < t->figure_count; i++)
        n += (int)t->figures[i].unit.id == unit_ix + 1;
    return n;
}

const figure *editor_unit_figure(const editor_doc *d, int unit_ix, int k)
{
    const table *t = tbl(d);
    if (k < 0 || t->unit_count != unit_count(d))
        return NULL;
    for (int i = 0; i < t->figure_count; i++)
        if ((int)t->figures[i].unit.id == unit_ix + 1 && k-- == 0)
            return &t->figures[i];
    return NULL;
}

bool editor_figure_locate(const editor_doc *d, figure_id fig, int *unit_ix, int *k)
{
    int u = editor_unit_of_figure(d, fig);
    if (u < 0)
        return false;
    for (int i = 0, n = editor_unit_figure_count(d, u); i < n; i++)
        if (editor_unit_figure(d, u, i)->id.id == fig.id) {
            *unit_ix = u;
            *k = i;
            return true;
        }
    return false;
}

/* ---- a unit written figure by figure ------------------------------------------------------ */

static double degrees_of(float radians)
{
    double deg = fmod((double)radians * 180.0 / GEOM_PI, 360.0);
    if (deg < 0)
        deg += 360.0;
    deg = round(deg * 1000.0) / 1000.0;
    return deg >= 360.0 ? 0.0 : deg;
}

static json_t *figure_object(const figure *f, const char *unit_kind)
{
    json_t *o = json_object();
    if (f->name[0])
        json_object_set_new(o, "name", json_string(f->name));
    json_object_set_new(o, "role", json_string(table_role_name(f->role)));
    json_object_set_new(o, "quality", json_string(table_quality_name(f->quality)));
    if (f->posture != FIGURE_POSTURE_FOOT)
        json_object_set_new(o, "posture", json_string(table_posture_name(f->posture)));
    if (f->weapon[0])
        json_object_set_new(o, "weapon", json_string(f->weapon));
    if (f->kind[0] && strcmp(f->kind, unit_kind) != 0)
        json_object_set_new(o, "kind", json_string(f->kind));
    if (f->base.kind == GEOM_BASE_RECT)
        json_object_set_new(o, "base",
                            json_pack("{s:f, s:f}", "frontage_cm", (double)f->base.frontage_cm,
                                      "depth_cm", (double)f->base.depth_cm));
    else
        json_object_set_new(o, "base", json_pack("{s:f}", "radius_cm", (double)f->base.radius_cm));
    json_object_set_new(o, "pos", editor_doc_figure_point(f->pos));
    json_object_set_new(o, "facing", json_real(degrees_of(f->facing)));
    return o;
}

static bool needs_writing_out(const json_t *u)
{
    return json_array_size(json_object_get(u, "blocks")) > 0 || json_object_get(u, "defaults");
}

/* Writes unit `unit` of the document figure by figure (from `now`, the document loaded). */
static void write_out(json_t *uj, int unit_ix, const scenario *now)
{
    const table *t = now->table;
    const char *kind = json_string_value(json_object_get(uj, "kind"));
    json_t *figs = json_array();
    for (int i = 0; i < t->figure_count; i++)
        if ((int)t->figures[i].unit.id == unit_ix + 1)
            json_array_append_new(figs, figure_object(&t->figures[i], kind ? kind : ""));
    json_object_set_new(uj, "figures", figs);
    json_object_del(uj, "blocks");
    json_object_del(uj, "defaults");
}

/* Makes sure each listed unit is written figure by figure; call between edit_begin and
 * edit_end, before other changes. */
static void write_out_units(editor_doc *d, const int *units, int nu)
{
    scenario *now = NULL;
    for (int i = 0; i < nu; i++) {
        json_t *uj = unit_json(d, units[i]);
        if (!uj || !needs_writing_out(uj))
            continue;
        if (!now && !(now = editor_doc_load_now(d)))
            return;
        write_out(uj, units[i], now);
    }
    scenario_destroy(now);
}

/* The unit's figure k in the document (written out first), or NULL. */
static json_t *figure_json(editor_doc *d, int unit_ix, int k)
{
    write_out_units(d, &unit_ix, 1);
    return k < 0 ? NULL
                 : json_array_get(json_object_get(unit_json(d, unit_ix), "figures"), (size_t)k);
}

static vec2s point_of(const json_t *a)
{
    return (vec2s){{(float)json_number_value(json_array_get(a, 0)),
                    (float)json_number_value(json_array_get(a, 1))}};
}

static void turn_facing(json_t *fig, float deg)
{
    double now = editor_doc_facing_deg(json_object_get(fig, "facing")) + deg;
    now = fmod(now, 360.0);
    if (now < 0)
        now += 360.0;
    json_object_set_new(fig, "facing", json_real(round(now * 10.0) / 10.0));
}

/* ---- figures one by one ------------------------------------------------------------------ */

static bool figure_ok(editor_doc *d, int unit_ix, int k)
{
    return k >= 0 && k < editor_unit_figure_count(d, unit_ix) && unit_json(d, unit_ix);
}

bool editor_figure_add(editor_doc *d, int unit_ix, int like, vec2s pos, int *k_out)
{
    int n = editor_unit_figure_count(d, unit_ix);
    if (!unit_json(d, unit_ix))
        return editor_doc_refuse(d, "Choose a unit first");
    if (n == 0)
        return editor_doc_refuse(d, "The unit has no figure to copy");
    if (n >= EDITOR_BLOCK_MAX)
        return editor_doc_refuse(d, "A unit has at most %d figures here", EDITOR_BLOCK_MAX);
    json_t *before = editor_doc_edit_begin(d);
    json_t *model = figure_json(d, unit_ix, like >= 0 && like < n ? like : n - 1);
    if (!model)
        return editor_doc_edit_cancel(d, before);
    json_t *copy = json_deep_copy(model);
    json_object_del(copy, "name");
    json_object_set_new(copy, "pos", editor_doc_figure_point(pos));
    json_array_append_new(json_object_get(unit_json(d, unit_ix), "figures"), copy);
    if (!editor_doc_edit_end(d, before))
        return false;
    if (k_out)
        *k_out = n;
    return true;
}

bool editor_figure_delete(editor_doc *d, int unit_ix, int k)
{
    if (!figure_ok(d, unit_ix, k))
        return editor_doc_refuse(d, "Nothing to delete");
    if (editor_unit_figure_count(d, unit_ix) == 1)
        return editor_unit_delete(d, unit_ix);
    json_t *before = editor_doc_edit_begin(d);
    json_t *fig = figure_json(d, unit_ix, k);
    json_t *uj = unit_json(d, unit_ix);
    const char *name = json_string_value(json_object_get(fig, "name"));
    const char *cmd = json_string_value(json_object_get(uj, "commander"));
    if (name && cmd && strcmp(name, cmd) == 0)
        json_object_del(uj, "commander");
    json_array_remove(json_object_get(uj, "figures"), (size_t)k);
    return editor_doc_edit_end(d, before);
}

bool editor_figure_move(editor_doc *d, int unit_ix, int k, vec2s delta)
{
    if (!figure_ok(d, unit_ix, k))
        return editor_doc_refuse(d, "Nothing to move");
    json_t *before = editor_doc_edit_begin(d);
    json_t *fig = figure_json(d, unit_ix, k);
    if (!fig)
        return editor_doc_edit_cancel(d, before);
    vec2s p = point_of(json_object_get(fig, "pos"));
    json_object_set_new(fig, "pos", editor_doc_figure_point(glms_vec2_add(p, delta)));
    return editor_doc_edit_end(d, before);
}

bool editor_figure_turn(editor_doc *d, int unit_ix, int k, float deg)
{
    if (!figure_ok(d, unit_ix, k))
        return editor_doc_refuse(d, "Nothing to turn");
    json_t *before = editor_doc_edit_begin(d);
    json_t *fig = figure_json(d, unit_ix, k);
    if (!fig)
        return editor_doc_edit_cancel(d, before);
    turn_facing(fig, deg);
    return editor_doc_edit_end(d, before);
}

/* ---- groups ------------------------------------------------------------------------------ */

typedef struct bounds {
    vec2s lo, hi;
    bool any;
} bounds;

static void bounds_add(bounds *b, vec2s p)
{
    b->lo = b->any ? glms_vec2_minv(b->lo, p) : p;
    b->hi = b->any ? glms_vec2_maxv(b->hi, p) : p;
    b->any = true;
}

static vec2s turned(vec2s p, vec2s centre, float deg)
{
    float a = deg * (float)GEOM_PI / 180.0f, c = cosf(a), s = sinf(a);
    vec2s q = glms_vec2_sub(p, centre);
    return (vec2s){{centre.x + q.x * c - q.y * s, centre.y + q.x * s + q.y * c}};
}

bool editor_group_rotate(editor_doc *d, const int *features, int nf, const int *units, int nu,
                         float deg)
{
    json_t *terrain = json_object_get(editor_doc_json(d), "terrain");
    for (int i = 0; i < nf; i++)
        if (features[i] < 0 || (size_t)features[i] >= json_array_size(terrain))
            return editor_doc_refuse(d, "Nothing to turn");
    for (int i = 0; i < nu; i++)
        if (!unit_json(d, units[i]))
            return editor_doc_refuse(d, "Nothing to turn");
    if (nf + nu == 0)
        return editor_doc_refuse(d, "Nothing to turn");
    json_t *before = editor_doc_edit_begin(d);
    write_out_units(d, units, nu);
    terrain = editor_doc_list(d, "terrain");
    bounds b = {0};
    for (int i = 0; i < nf; i++) {
        json_t *pts = editor_doc_feature_points(json_array_get(terrain, (size_t)features[i]));
        for (size_t k = 0; k < json_array_size(pts); k++)
            bounds_add(&b, point_of(json_array_get(pts, k)));
    }
    for (int i = 0; i < nu; i++) {
        json_t *figs = json_object_get(unit_json(d, units[i]), "figures");
        for (size_t k = 0; k < json_array_size(figs); k++)
            bounds_add(&b, point_of(json_object_get(json_array_get(figs, k), "pos")));
    }
    if (!b.any) {
        editor_doc_edit_cancel(d, before);
        return editor_doc_refuse(d, "Nothing to turn");
    }
    vec2s centre = glms_vec2_scale(glms_vec2_add(b.lo, b.hi), 0.5f);
    bool done[SCENARIO_FEATURES_MAX] = {false}; /* a piece listed twice turns once */
    for (int i = 0; i < nf; i++) {
        if (done[features[i]])
            continue;
        done[features[i]] = true;
        json_t *pts = editor_doc_feature_points(json_array_get(terrain, (size_t)features[i]));
        for (size_t k = 0; k < json_array_size(pts); k++)
            json_array_set_new(
                pts, k, editor_doc_point(turned(point_of(json_array_get(pts, k)), centre, deg)));
    }
    for (int i = 0; i < nu; i++) {
        bool twice = false;
        for (int j = 0; j < i; j++)
            twice |= units[j] == units[i];
        json_t *figs = json_object_get(unit_json(d, units[i]), "figures");
        for (size_t k = 0; !twice && k < json_array_size(figs); k++) {
            json_t *f = json_array_get(figs, k);
            json_object_set_new(
                f, "pos",
                editor_doc_figure_point(turned(point_of(json_object_get(f, "pos")), centre, deg)));
            turn_facing(f, deg);
        }
    }
    return editor_doc_edit_end(d, before);
}

/* ---- formation and commander --------------------------------------------------------------- */

static const editor_units_info *info_of(const editor_doc *d)
{
    return *editor_doc_units_info((editor_doc *)d);
}

int editor_unit_formations(const editor_doc *d, int unit_ix, char (*out)[EDITOR_WORD_MAX], int max)
{
    const editor_units_info *info = info_of(d);
    if (!info || unit_ix < 0 || unit_ix >= info->unit_count)
        return 0;
    const unit_formations *f = &info->units[unit_ix];
    int n = f->count < max ? f->count : max;
    for (int i = 0; i < n; i++)
        snprintf(out[i], EDITOR_WORD_MAX, "%s", f->names[i]);
    return n;
}

const char *editor_unit_formation(const editor_doc *d, int unit_ix)
{
    const char *f = json_string_value(
        json_object_get(json_array_get(json_object_get(editor_doc_json(d), "units"),
                                       (size_t)(unit_ix < 0 ? 0 : unit_ix)),
                        "formation"));
    return unit_ix >= 0 && f ? f : "";
}

static const char *unit_name(const editor_doc *d, int unit_ix)
{
    const char *n = json_string_value(json_object_get(
        json_array_get(json_object_get(editor_doc_json(d), "units"), (size_t)unit_ix), "name"));
    return n ? n : "The unit";
}

bool editor_unit_set_formation(editor_doc *d, int unit_ix, const char *name)
{
    if (!unit_json(d, unit_ix))
        return editor_doc_refuse(d, "Choose a unit first");
    char list[EDITOR_FORMATIONS_MAX][EDITOR_WORD_MAX];
    int n = editor_unit_formations(d, unit_ix, list, EDITOR_FORMATIONS_MAX);
    bool known = !name || !name[0];
    for (int i = 0; i < n && !known; i++)
        known = strcmp(list[i], name) == 0;
    if (!known && n == 0)
        return editor_doc_refuse(d, "%s has no formation in this rule set", unit_name(d, unit_ix));
    if (!known) {
        char words[EDITOR_FORMATIONS_MAX * (EDITOR_WORD_MAX + 2)] = "";
        for (int i = 0; i < n; i++)
            snprintf(words + strlen(words), sizeof words - strlen(words), "%s%s", i ? ", " : "",
                     list[i]);
        return editor_doc_refuse(d, "%s cannot be in \"%s\": the rule set's formations are %s",
                                 unit_name(d, unit_ix), name, words);
    }
    json_t *before = editor_doc_edit_begin(d);
    if (name && name[0])
        json_object_set_new(unit_json(d, unit_ix), "formation", json_string(name));
    else
        json_object_del(unit_json(d, unit_ix), "formation");
    return editor_doc_edit_end(d, before);
}

bool editor_unit_cycle_formation(editor_doc *d, int unit_ix, int step)
{
    char list[EDITOR_FORMATIONS_MAX][EDITOR_WORD_MAX];
    int n = editor_unit_formations(d, unit_ix, list, EDITOR_FORMATIONS_MAX);
    if (n == 0)
        return editor_doc_refuse(d, "%s has no formation in this rule set",
                                 unit_json(d, unit_ix) ? unit_name(d, unit_ix)
                                                       : "Nothing chosen: it");
    const char *now = editor_unit_formation(d, unit_ix);
    int at = 0; /* none given is the list's first */
    for (int i = 0; i < n; i++)
        if (strcmp(list[i], now) == 0)
            at = i;
    return editor_unit_set_formation(d, unit_ix, list[((at + step) % n + n) % n]);
}

int editor_unit_commander(const editor_doc *d, int unit_ix)
{
    const table *t = tbl(d);
    if (unit_ix < 0 || unit_ix >= t->unit_count || t->unit_count != unit_count(d))
        return -1;
    figure_id c = t->units[unit_ix].commander;
    for (int k = 0, n = editor_unit_figure_count(d, unit_ix); c.id && k < n; k++)
        if (editor_unit_figure(d, unit_ix, k)->id.id == c.id)
            return k;
    return -1;
}

static bool name_in(const json_t *figs, const char *name)
{
    for (size_t i = 0; i < json_array_size(figs); i++) {
        const char *n = json_string_value(json_object_get(json_array_get(figs, i), "name"));
        if (n && strcmp(n, name) == 0)
            return true;
    }
    return false;
}

bool editor_unit_set_commander(editor_doc *d, int unit_ix, int k)
{
    if (!unit_json(d, unit_ix))
        return editor_doc_refuse(d, "Choose a unit first");
    if (k >= editor_unit_figure_count(d, unit_ix))
        return editor_doc_refuse(d, "No such figure in %s", unit_name(d, unit_ix));
    json_t *before = editor_doc_edit_begin(d);
    json_t *uj = unit_json(d, unit_ix);
    if (k < 0) {
        json_object_del(uj, "commander");
        return editor_doc_edit_end(d, before);
    }
    json_t *fig = figure_json(d, unit_ix, k);
    json_t *figs = json_object_get(uj, "figures");
    const char *name = json_string_value(json_object_get(fig, "name"));
    if (!name || !name[0]) { /* "Officer of Rifles 1", unique in the unit */
        const char *role = json_string_value(json_object_get(fig, "role"));
        char base[TABLE_NAME_MAX], made[TABLE_NAME_MAX];
        snprintf(base, sizeof base, "%.12s of %.30s", role ? role : "leader",
                 json_string_value(json_object_get(uj, "name")));
        if (base[0] >= 'a' && base[0] <= 'z')
            base[0] = (char)(base[0] - 'a' + 'A');
        snprintf(made, sizeof made, "%s", base);
        for (int i = 2; name_in(figs, made) && i < 1000; i++)
            snprintf(made, sizeof made, "%.43s %d", base, i);
        json_object_set_new(fig, "name", json_string(made));
        name = json_string_value(json_object_get(fig, "name"));
    }
    json_object_set_new(uj, "commander", json_string(name));
    return editor_doc_edit_end(d, before);
}

/* ---- the live check ----------------------------------------------------------------------- */

void editor_units_info_free(editor_units_info *info)
{
    if (!info)
        return;
    free(info->units);
    free(info);
}

static void info_fill(editor_doc *d, const rules_ops *ops, const rules_state *rs)
{
    const table *t = tbl(d);
    editor_units_info **slot = editor_doc_units_info(d);
    editor_units_info_free(*slot);
    *slot = NULL;
    if (!ops->view || !ops->view->formations || t->unit_count != unit_count(d))
        return;
    editor_units_info *info = mem_calloc(1, sizeof *info);
    info->known = true;
    info->unit_count = t->unit_count;
    info->units = mem_calloc((size_t)(t->unit_count ? t->unit_count : 1), sizeof *info->units);
    for (int i = 0; i < t->unit_count; i++) {
        char words[EDITOR_FORMATIONS_MAX][RULES_WORD_MAX];
        int n = ops->view->formations(rs, t, t->units[i].id, words, EDITOR_FORMATIONS_MAX);
        for (int k = 0; k < n && k < EDITOR_FORMATIONS_MAX; k++)
            snprintf(info->units[i].names[k], EDITOR_WORD_MAX, "%.31s", words[k]);
        info->units[i].count = n < EDITOR_FORMATIONS_MAX ? n : EDITOR_FORMATIONS_MAX;
    }
    *slot = info;
}

/* A formation the rule set does not list for the unit. */
static bool check_formations(editor_doc *d, editor_check *c)
{
    const editor_units_info *info = info_of(d);
    const table *t = tbl(d);
    for (int i = 0; info && i < info->unit_count && i < t->unit_count; i++) {
        const unit_formations *f = &info->units[i];
        const char *now = t->units[i].formation;
        bool known = !now[0] || f->count == 0;
        for (int k = 0; k < f->count && !known; k++)
            known = strcmp(f->names[k], now) == 0;
        if (known)
            continue;
        char words[EDITOR_FORMATIONS_MAX * (EDITOR_WORD_MAX + 2)] = "";
        for (int k = 0; k < f->count; k++)
            snprintf(words + strlen(words), sizeof words - strlen(words), "%s%s", k ? ", " : "",
                     f->names[k]);
        snprintf(c->message, sizeof c->message,
                 "%.60s is in \"%.30s\", a formation the rule set does not know: choose %.150s",
                 t->units[i].name, now, words);
        c->unit = i;
        return false;
    }
    return true;
}

/* A commander standing where none of his men is within his command. */
static bool check_commanders(editor_doc *d, const rules_ops *ops, const rules_state *rs,
                             editor_check *c)
{
    const table *t = tbl(d);
    if (!rs || !ops->view || !ops->view->command_radius)
        return true;
    for (int i = 0; i < t->unit_count; i++) {
        const figure *cmd = table_figure_const(t, t->units[i].commander);
        float radius = 0;
        if (!cmd || !table_figure_active(cmd) ||
            ops->view->command_radius(rs, t, cmd->id, &radius, NULL, 0) < 0 || radius <= 0)
            continue;
        float nearest = -1;
        for (int k = 0; k < t->figure_count; k++) {
            const figure *f = &t->figures[k];
            if (f->unit.id != t->units[i].id.id || f->id.id == cmd->id.id ||
                !table_figure_active(f))
                continue;
            float dist = glms_vec2_distance(f->pos, cmd->pos);
            nearest = nearest < 0 || dist < nearest ? dist : nearest;
        }
        if (nearest < 0 || nearest <= radius)
            continue;
        snprintf(c->message, sizeof c->message,
                 "%s stands outside his unit, %s: the nearest of his men is %.0f cm away, beyond "
                 "his command of %.0f cm",
                 cmd->name[0] ? cmd->name : "Its commander", t->units[i].name, (double)nearest,
                 (double)radius);
        c->unit = i;
        return false;
    }
    return true;
}

void editor_units_after_check(editor_doc *d, editor_check *c)
{
    const scenario *s = editor_doc_scenario(d);
    const rules_ops *ops = rules_find(s->ruleset);
    char err[512];
    rules_state *rs =
        ops ? ops->create(&(rules_create_desc){.scenario = s, .table = s->table}, err, sizeof err)
            : NULL;
    if (!rs)
        return;
    info_fill(d, ops, rs);
    if (c->ok)
        c->ok = check_formations(d, c) && check_commanders(d, ops, rs, c);
    ops->destroy(rs);
}
