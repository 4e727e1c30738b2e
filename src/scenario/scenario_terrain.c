/* Terrain types (the built-in table plus a scenario's own) and terrain features. */
#include "scenario/scenario_internal.h"

#include "core/mem.h"

#include <stdlib.h>
#include <string.h>

bool scn_read_type_fields(scn_ctx *c, const json_t *obj, terrain_type *ty)
{
    int cover = (int)ty->cover, obstacle = (int)ty->obstacle, los = (int)ty->los;
    bool ok = scn_get_float(c, obj, "move_mult", false, 0, false, 100, &ty->move_mult) &&
              scn_get_enum(c, obj, "cover", false, scn_cover_names, 3, &cover) &&
              scn_get_enum(c, obj, "obstacle", false, scn_obstacle_names, 4, &obstacle) &&
              scn_get_enum(c, obj, "los", false, scn_los_names, 3, &los) &&
              scn_get_float(c, obj, "height_ft", false, 0, false, 1000, &ty->height_ft) &&
              scn_get_colour(c, obj, "colour", false, &ty->colour);
    ty->cover = (terrain_cover)cover;
    ty->obstacle = (terrain_obstacle)obstacle;
    ty->los = (terrain_los)los;
    return ok;
}

/* A type a scenario adds or changes: starts from the type of the same name, else from "like",
 * else from open ground. */
static bool read_scenario_type(scn_ctx *c, const json_t *obj, int first_own)
{
    static const char *const keys[] = {"name", "like",      "move_mult", "cover", "obstacle",
                                       "los",  "height_ft", "colour",    NULL};
    terrain_type ty = {.move_mult = 1, .colour = 0x9bb56a};
    char like[TABLE_NAME_MAX] = "";
    if (!scn_check_object(c, obj, keys) || !scn_get_name(c, obj, "name", true, ty.name) ||
        !scn_get_name(c, obj, "like", false, like))
        return false;
    int existing = table_type_find(c->t, ty.name);
    if (existing >= first_own) {
        scn_push_key(c, "name");
        return scn_fail(c, "duplicate terrain type \"%s\"", ty.name);
    }
    if (like[0]) {
        int base = table_type_find(c->t, like);
        if (base < 0) {
            scn_push_key(c, "like");
            return scn_fail(c, "unknown terrain type \"%s\"", like);
        }
        char name[TABLE_NAME_MAX];
        memcpy(name, ty.name, sizeof name);
        ty = c->t->types[base];
        memcpy(ty.name, name, sizeof name);
    } else if (existing >= 0) {
        ty = c->t->types[existing];
    }
    if (!scn_read_type_fields(c, obj, &ty))
        return false;
    if (existing >= 0)
        c->t->types[existing] = ty;
    else if (table_add_type(c->t, &ty) < 0)
        return scn_fail(c, "too many terrain types (at most %d, built-in ones included)",
                        TABLE_TYPES_MAX);
    return true;
}

bool scn_read_terrain_types(scn_ctx *c, const json_t *root)
{
    const json_t *arr = json_object_get(root, "terrain_types");
    if (!arr)
        return true;
    scn_push_key(c, "terrain_types");
    if (!json_is_array(arr))
        return scn_expected(c, "an array of terrain types", arr);
    if (!scn_check_count(c, arr, TABLE_TYPES_MAX, "terrain types"))
        return false;
    /* Types the scenario itself adds are marked by index; overriding a built-in is allowed once. */
    int first_own = c->t->type_count;
    for (size_t i = 0; i < json_array_size(arr); i++) {
        scn_push_index(c, (int)i);
        if (!read_scenario_type(c, json_array_get(arr, i), first_own))
            return false;
        scn_pop(c);
    }
    scn_pop(c);
    return true;
}

static bool read_feature_type(scn_ctx *c, const json_t *obj, terrain_feature *f)
{
    char name[TABLE_NAME_MAX];
    if (!scn_get_name(c, obj, "type", true, name))
        return false;
    f->type = table_type_find(c->t, name);
    if (f->type >= 0)
        return true;
    scn_push_key(c, "type");
    return scn_fail(c,
                    "unknown terrain type \"%s\" (built-in types are in assets/terrain.json; "
                    "a scenario adds its own under \"terrain_types\")",
                    name);
}

static bool read_feature_shape(scn_ctx *c, const json_t *obj, terrain_feature *f)
{
    const json_t *line = json_object_get(obj, "line");
    bool polygon = json_object_get(obj, "area") || json_object_get(obj, "rect");
    if (line && polygon) {
        scn_push_key(c, "line");
        return scn_fail_key(c, "give one of \"area\", \"rect\" or \"line\", not several");
    }
    if (!line) {
        if (json_object_get(obj, "width_cm")) {
            scn_push_key(c, "width_cm");
            return scn_fail_key(c, "\"width_cm\" is for \"line\" features only");
        }
        if (!polygon)
            return scn_fail(c, "missing required key \"area\" (or \"rect\" or \"line\")");
        f->shape = TERRAIN_SHAPE_AREA;
        return scn_get_polygon(c, obj, &f->area);
    }
    f->shape = TERRAIN_SHAPE_LINE;
    f->width_cm = 1.0f;
    scn_push_key(c, "line");
    if (!scn_read_polyline(c, line, &f->line))
        return false;
    scn_pop(c);
    return scn_get_float(c, obj, "width_cm", false, 0.1, false, 1000, &f->width_cm);
}

static bool read_feature(scn_ctx *c, const json_t *obj)
{
    static const char *const keys[] = {"type", "name",     "area",      "rect",
                                       "line", "width_cm", "height_ft", NULL};
    terrain_feature f = {0};
    bool ok = scn_check_object(c, obj, keys) && read_feature_type(c, obj, &f) &&
              scn_get_string(c, obj, "name", false, f.name, sizeof f.name) &&
              scn_get_float(c, obj, "height_ft", false, 0, false, 1000, &f.height_ft) &&
              read_feature_shape(c, obj, &f);
    if (ok)
        table_add_feature(c->t, &f);
    free(f.area.pts);
    free(f.line.pts);
    return ok;
}

bool scn_read_terrain(scn_ctx *c, const json_t *root)
{
    const json_t *arr = json_object_get(root, "terrain");
    if (!arr)
        return true;
    scn_push_key(c, "terrain");
    if (!json_is_array(arr))
        return scn_expected(c, "an array of terrain features", arr);
    if (!scn_check_count(c, arr, SCENARIO_FEATURES_MAX, "terrain features"))
        return false;
    for (size_t i = 0; i < json_array_size(arr); i++) {
        scn_push_index(c, (int)i);
        if (!read_feature(c, json_array_get(arr, i)))
            return false;
        scn_pop(c);
    }
    scn_pop(c);
    return true;
}
