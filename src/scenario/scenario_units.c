/* Sides, units and their figures: one by one, or as blocks (a line or block formation expanded
 * into figures here). */
#include "scenario/scenario_internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define DEFAULT_BASE_RADIUS_CM 1.25f

static const uint32_t side_palette[4] = {0xb03a2e, 0x2e5eaa, 0x3a8a3a, 0xc8a040};

static bool read_side_entry(scn_ctx *c, const json_t *obj)
{
    static const char *const keys[] = {"name", "colour", NULL};
    side s = {.colour = side_palette[c->t->side_count % 4]};
    if (!scn_check_object(c, obj, keys) || !scn_get_name(c, obj, "name", true, s.name) ||
        !scn_get_colour(c, obj, "colour", false, &s.colour))
        return false;
    if (scn_find_side(c->t, s.name).id) {
        scn_push_key(c, "name");
        return scn_fail(c, "duplicate side \"%s\"", s.name);
    }
    table_add_side(c->t, &s);
    return true;
}

bool scn_read_sides(scn_ctx *c, const json_t *root)
{
    const json_t *arr = json_object_get(root, "sides");
    if (!arr)
        return scn_require(c, root, "sides");
    scn_push_key(c, "sides");
    if (!json_is_array(arr) || json_array_size(arr) == 0)
        return scn_expected(c, "a non-empty array of sides", arr);
    if (!scn_check_count(c, arr, SCENARIO_SIDES_MAX, "sides"))
        return false;
    for (size_t i = 0; i < json_array_size(arr); i++) {
        scn_push_index(c, (int)i);
        if (!read_side_entry(c, json_array_get(arr, i)))
            return false;
        scn_pop(c);
    }
    scn_pop(c);
    return true;
}

/* ---- figure fields ----------------------------------------------------------------------- */

static bool read_base(scn_ctx *c, const json_t *v, geom_base *out)
{
    static const char *const keys[] = {"radius_cm", "frontage_cm", "depth_cm", NULL};
    if (!scn_check_object(c, v, keys))
        return false;
    bool round = json_object_get(v, "radius_cm") != NULL;
    if (round && json_object_size(v) > 1)
        return scn_fail(c, "expected either \"radius_cm\" or \"frontage_cm\" and \"depth_cm\"");
    if (round) {
        *out = (geom_base){.kind = GEOM_BASE_ROUND};
        return scn_get_float(c, v, "radius_cm", true, 0.1, false, 100, &out->radius_cm);
    }
    *out = (geom_base){.kind = GEOM_BASE_RECT};
    if (json_object_size(v) == 0)
        return scn_fail(c, "missing required key \"radius_cm\" (or \"frontage_cm\" and "
                           "\"depth_cm\")");
    return scn_get_float(c, v, "frontage_cm", true, 0.1, false, 100, &out->frontage_cm) &&
           scn_get_float(c, v, "depth_cm", true, 0.1, false, 100, &out->depth_cm);
}

static bool get_base(scn_ctx *c, const json_t *obj, geom_base *out)
{
    const json_t *v = json_object_get(obj, "base");
    if (!v)
        return true;
    scn_push_key(c, "base");
    if (!read_base(c, v, out))
        return false;
    scn_pop(c);
    return true;
}

static bool get_role_quality_posture(scn_ctx *c, const json_t *obj, figure *f)
{
    static const char *const roles[FIGURE_ROLE_COUNT] = {
        "soldier", "nco", "officer", "leader", "general", "brigadier", "gun", "crew", "stand"};
    static const char *const qualities[FIGURE_QUALITY_COUNT] = {"raw", "regular", "seasoned",
                                                                "veteran", "elite"};
    static const char *const postures[FIGURE_POSTURE_COUNT] = {"foot", "mounted", "roof",
                                                               "steeple"};
    int role = (int)f->role, quality = (int)f->quality, posture = (int)f->posture;
    bool ok = scn_get_enum(c, obj, "role", false, roles, FIGURE_ROLE_COUNT, &role) &&
              scn_get_enum(c, obj, "quality", false, qualities, FIGURE_QUALITY_COUNT, &quality) &&
              scn_get_enum(c, obj, "posture", false, postures, FIGURE_POSTURE_COUNT, &posture);
    f->role = (figure_role)role;
    f->quality = (figure_quality)quality;
    f->posture = (figure_posture)posture;
    return ok;
}

/* The fields a figure, a block and a unit's "defaults" share. */
static bool read_template_fields(scn_ctx *c, const json_t *obj, figure *f)
{
    return get_role_quality_posture(c, obj, f) &&
           scn_get_string(c, obj, "weapon", false, f->weapon, sizeof f->weapon) &&
           scn_get_string(c, obj, "kind", false, f->kind, sizeof f->kind) &&
           get_base(c, obj, &f->base) && scn_get_facing(c, obj, "facing", false, &f->facing);
}

/* ---- placing figures ---------------------------------------------------------------------- */

typedef struct unit_build {
    unit_id id;
    side_id side;
    bool reinforcement; /* its figures start off the table */
    int first_figure;   /* index of its first figure in table.figures */
} unit_build;

static bool on_table(const table *t, vec2s p)
{
    return p.x >= 0 && p.y >= 0 && p.x <= t->width_cm && p.y <= t->height_cm;
}

static bool name_taken(const scn_ctx *c, const unit_build *u, const char *name)
{
    for (int i = u->first_figure; name[0] && i < c->t->figure_count; i++)
        if (strcmp(c->t->figures[i].name, name) == 0)
            return true;
    return false;
}

static void add_figure(scn_ctx *c, const unit_build *u, figure *f)
{
    f->side = u->side;
    f->unit = u->id;
    f->status = u->reinforcement ? FIGURE_STATUS_OFF_TABLE : 0;
    table_add_figure(c->t, f);
}

static bool check_count(scn_ctx *c, const unit_build *u, int more)
{
    (void)u;
    if (c->t->figure_count + more <= SCENARIO_FIGURES_MAX)
        return true;
    return scn_fail(c, "too many figures (at most %d in a scenario)", SCENARIO_FIGURES_MAX);
}

static bool read_figure(scn_ctx *c, const json_t *obj, const figure *tmpl, const unit_build *u)
{
    static const char *const keys[] = {"name", "role", "quality", "posture", "weapon",
                                       "kind", "base", "pos",     "facing",  NULL};
    figure f = *tmpl;
    if (!scn_check_object(c, obj, keys) ||
        !scn_get_string(c, obj, "name", false, f.name, sizeof f.name) ||
        !read_template_fields(c, obj, &f) || !scn_require(c, obj, "pos") || !check_count(c, u, 1))
        return false;
    scn_push_key(c, "pos");
    bool pos_ok = u->reinforcement ? scn_read_point(c, json_object_get(obj, "pos"), &f.pos)
                                   : scn_read_table_point(c, json_object_get(obj, "pos"), &f.pos);
    if (!pos_ok)
        return false;
    scn_pop(c);
    if (name_taken(c, u, f.name)) {
        scn_push_key(c, "name");
        return scn_fail(c, "duplicate figure name \"%s\" in this unit", f.name);
    }
    add_figure(c, u, &f);
    return true;
}

typedef struct block_shape {
    vec2s origin;
    int count, ranks;
    double spacing, rank_spacing;
    char prefix[TABLE_NAME_MAX];
} block_shape;

/* Default spacing: bases side by side along the rank, and rank behind rank. */
static void block_default_spacing(const figure *f, block_shape *b)
{
    bool rect = f->base.kind == GEOM_BASE_RECT;
    b->spacing = rect ? f->base.frontage_cm : 2.0 * f->base.radius_cm;
    b->rank_spacing = rect ? f->base.depth_cm : 2.0 * f->base.radius_cm;
}

static bool read_block_shape(scn_ctx *c, const json_t *obj, const figure *f, block_shape *b)
{
    long long count = 0, ranks = 1;
    block_default_spacing(f, b);
    if (!scn_get_string(c, obj, "name", false, b->prefix, TABLE_NAME_MAX - 11) ||
        !scn_get_int(c, obj, "count", true, 1, SCENARIO_FIGURES_MAX, &count) ||
        !scn_get_int(c, obj, "ranks", false, 1, SCENARIO_FIGURES_MAX, &ranks) ||
        !scn_get_number(c, obj, "spacing_cm", false, 0.1, false, 1000, &b->spacing) ||
        !scn_get_number(c, obj, "rank_spacing_cm", false, 0.1, false, 1000, &b->rank_spacing) ||
        !scn_require(c, obj, "origin"))
        return false;
    if (ranks > count) {
        scn_push_key(c, "ranks");
        return scn_fail(c, "expected at most as many ranks as figures (%lld), got %lld", count,
                        ranks);
    }
    b->count = (int)count;
    b->ranks = (int)ranks;
    scn_push_key(c, "origin");
    if (!scn_read_point(c, json_object_get(obj, "origin"), &b->origin))
        return false;
    scn_pop(c);
    return true;
}

/* Figure k of a block: ranks are filled front to back, each left to right as the block faces;
 * the origin is the centre of the front rank; every rank uses the front rank's files, so a
 * short last rank stands behind the left of the one in front. */
static vec2s block_position(const block_shape *b, float facing, int k)
{
    int files = (b->count + b->ranks - 1) / b->ranks;
    int rank = k / files, file = k % files;
    double fx = cos((double)facing), fy = sin((double)facing);
    double rx = -fy, ry = fx; /* to the right of the facing (y grows down the table) */
    double along = (file - (files - 1) / 2.0) * b->spacing;
    double back = rank * b->rank_spacing;
    return (vec2s){{(float)(b->origin.x + rx * along - fx * back),
                    (float)(b->origin.y + ry * along - fy * back)}};
}

static bool read_block(scn_ctx *c, const json_t *obj, const figure *tmpl, const unit_build *u)
{
    static const char *const keys[] = {
        "name",   "role",  "quality",    "posture",         "weapon", "kind",   "base",
        "origin", "count", "spacing_cm", "rank_spacing_cm", "ranks",  "facing", NULL};
    figure f = *tmpl;
    block_shape b = {0};
    if (!scn_check_object(c, obj, keys) || !read_template_fields(c, obj, &f) ||
        !read_block_shape(c, obj, &f, &b) || !check_count(c, u, b.count))
        return false;
    for (int k = 0; k < b.count; k++) {
        figure fk = f;
        fk.pos = block_position(&b, f.facing, k);
        if (!u->reinforcement && !on_table(c->t, fk.pos))
            return scn_fail(c,
                            "figure %d of the block stands at [%g, %g], off the %g x %g cm table",
                            k + 1, (double)fk.pos.x, (double)fk.pos.y, (double)c->t->width_cm,
                            (double)c->t->height_cm);
        if (b.prefix[0])
            snprintf(fk.name, sizeof fk.name, "%.36s %d", b.prefix, k + 1);
        if (name_taken(c, u, fk.name))
            return scn_fail(c, "duplicate figure name \"%s\" in this unit", fk.name);
        add_figure(c, u, &fk);
    }
    return true;
}

/* Reads obj[key] (an array) with `read` on each element. */
static bool read_list(scn_ctx *c, const json_t *obj, const char *key, const figure *tmpl,
                      const unit_build *u,
                      bool (*read)(scn_ctx *, const json_t *, const figure *, const unit_build *))
{
    const json_t *arr = json_object_get(obj, key);
    if (!arr)
        return true;
    scn_push_key(c, key);
    if (!json_is_array(arr))
        return scn_expected(c, "an array", arr);
    if (!scn_check_count(c, arr, SCENARIO_FIGURES_MAX, key))
        return false;
    for (size_t i = 0; i < json_array_size(arr); i++) {
        scn_push_index(c, (int)i);
        if (!read(c, json_array_get(arr, i), tmpl, u))
            return false;
        scn_pop(c);
    }
    scn_pop(c);
    return true;
}

/* ---- units -------------------------------------------------------------------------------- */

static bool is_reinforcement(const scn_ctx *c, const char *name)
{
    for (int i = 0; i < c->reinforced_count; i++)
        if (strcmp(c->reinforced[i], name) == 0)
            return true;
    return false;
}

static bool read_defaults(scn_ctx *c, const json_t *obj, figure *tmpl)
{
    static const char *const keys[] = {"role", "quality", "posture", "weapon",
                                       "kind", "base",    "facing",  NULL};
    const json_t *d = json_object_get(obj, "defaults");
    if (!d)
        return true;
    scn_push_key(c, "defaults");
    if (!scn_check_object(c, d, keys) || !read_template_fields(c, d, tmpl))
        return false;
    scn_pop(c);
    return true;
}

static bool resolve_commander(scn_ctx *c, const json_t *obj, const unit_build *b, unit *u)
{
    char name[TABLE_NAME_MAX] = "";
    if (!scn_get_name(c, obj, "commander", false, name))
        return false;
    if (!name[0])
        return true;
    for (int i = b->first_figure; i < c->t->figure_count; i++) {
        if (strcmp(c->t->figures[i].name, name) == 0) {
            u->commander = c->t->figures[i].id;
            return true;
        }
    }
    scn_push_key(c, "commander");
    return scn_fail(c, "expected the name of a figure of this unit, got \"%s\"", name);
}

static bool read_unit(scn_ctx *c, const json_t *obj)
{
    static const char *const keys[] = {"name",   "side",     "kind",    "formation", "commander",
                                       "parent", "defaults", "figures", "blocks",    NULL};
    unit u = {0};
    if (!scn_check_object(c, obj, keys) || !scn_get_name(c, obj, "name", true, u.name) ||
        !scn_get_side(c, obj, "side", true, &u.side) ||
        !scn_get_string(c, obj, "kind", false, u.kind, sizeof u.kind) ||
        !scn_get_string(c, obj, "formation", false, u.formation, sizeof u.formation) ||
        !scn_get_name(c, obj, "parent", false, (char[TABLE_NAME_MAX]){0}))
        return false;
    if (scn_find_unit(c->t, u.name).id) {
        scn_push_key(c, "name");
        return scn_fail(c, "duplicate unit \"%s\"", u.name);
    }
    figure tmpl = {.quality = FIGURE_QUALITY_REGULAR,
                   .base = {.kind = GEOM_BASE_ROUND, .radius_cm = DEFAULT_BASE_RADIUS_CM}};
    memcpy(tmpl.kind, u.kind, sizeof tmpl.kind);
    if (!read_defaults(c, obj, &tmpl))
        return false;
    unit_build b = {.side = u.side,
                    .reinforcement = is_reinforcement(c, u.name),
                    .first_figure = c->t->figure_count};
    b.id = table_add_unit(c->t, &u);
    return read_list(c, obj, "figures", &tmpl, &b, read_figure) &&
           read_list(c, obj, "blocks", &tmpl, &b, read_block) &&
           resolve_commander(c, obj, &b, table_unit(c->t, b.id));
}

/* Parents may be named before or after their children; a chain must not loop. */
static bool resolve_parent(scn_ctx *c, const json_t *obj, int index)
{
    const json_t *v = json_object_get(obj, "parent");
    if (!v)
        return true;
    unit *u = &c->t->units[index];
    unit_id p = scn_find_unit(c->t, json_string_value(v));
    scn_push_key(c, "parent");
    if (!p.id)
        return scn_expected(c, "the name of a unit", v);
    if (table_unit(c->t, p)->side.id != u->side.id)
        return scn_fail(c, "parent unit \"%s\" is on another side", json_string_value(v));
    u->parent = p;
    int steps = 0;
    for (unit_id q = p; q.id && steps <= c->t->unit_count; q = table_unit(c->t, q)->parent)
        steps++;
    if (steps > c->t->unit_count)
        return scn_fail(c, "unit \"%s\" is its own parent through a chain of parents", u->name);
    scn_pop(c);
    return true;
}

bool scn_read_units(scn_ctx *c, const json_t *root)
{
    const json_t *arr = json_object_get(root, "units");
    if (!arr)
        return true;
    scn_push_key(c, "units");
    if (!json_is_array(arr))
        return scn_expected(c, "an array of units", arr);
    if (!scn_check_count(c, arr, SCENARIO_UNITS_MAX, "units"))
        return false;
    for (size_t i = 0; i < json_array_size(arr); i++) {
        scn_push_index(c, (int)i);
        if (!read_unit(c, json_array_get(arr, i)))
            return false;
        scn_pop(c);
    }
    for (size_t i = 0; i < json_array_size(arr); i++) {
        scn_push_index(c, (int)i);
        if (!resolve_parent(c, json_array_get(arr, i), (int)i))
            return false;
        scn_pop(c);
    }
    scn_pop(c);
    return true;
}
