/* Deployment zones, reinforcements and victory conditions. */
#include "scenario/scenario_internal.h"

#include "core/mem.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Reads root[key] as an array, calling `read` on each element with the path pushed. */
static bool read_array(scn_ctx *c, const json_t *root, const char *key,
                       bool (*read)(scn_ctx *, const json_t *))
{
    const json_t *arr = json_object_get(root, key);
    if (!arr)
        return true;
    scn_push_key(c, key);
    if (!json_is_array(arr))
        return scn_expected(c, "an array", arr);
    if (!scn_check_count(c, arr, SCENARIO_LIST_MAX, key))
        return false;
    for (size_t i = 0; i < json_array_size(arr); i++) {
        scn_push_index(c, (int)i);
        if (!read(c, json_array_get(arr, i)))
            return false;
        scn_pop(c);
    }
    scn_pop(c);
    return true;
}

/* ---- deployment ---------------------------------------------------------------------------- */

static bool read_zone(scn_ctx *c, const json_t *obj)
{
    static const char *const keys[] = {"side", "area", "rect", NULL};
    scenario_zone z = {0};
    if (!scn_check_object(c, obj, keys) || !scn_get_side(c, obj, "side", true, &z.side) ||
        !scn_get_polygon(c, obj, &z.area))
        return false;
    scenario *s = c->s;
    s->zones = mem_realloc(s->zones, (size_t)s->zone_count + 1, sizeof *s->zones);
    s->zones[s->zone_count++] = z;
    return true;
}

bool scn_read_deployment(scn_ctx *c, const json_t *root)
{
    return read_array(c, root, "deployment", read_zone);
}

/* ---- reinforcements ------------------------------------------------------------------------ */

static vec2s edge_midpoint(const table *t, scenario_edge e)
{
    switch (e) {
    case SCENARIO_EDGE_NORTH:
        return (vec2s){{t->width_cm / 2, 0}};
    case SCENARIO_EDGE_SOUTH:
        return (vec2s){{t->width_cm / 2, t->height_cm}};
    case SCENARIO_EDGE_WEST:
        return (vec2s){{0, t->height_cm / 2}};
    default:
        return (vec2s){{t->width_cm, t->height_cm / 2}};
    }
}

static bool on_edge(const table *t, scenario_edge e, vec2s p)
{
    double eps = GEOM_EPS;
    switch (e) {
    case SCENARIO_EDGE_NORTH:
        return fabs(p.y) <= eps;
    case SCENARIO_EDGE_SOUTH:
        return fabs(p.y - t->height_cm) <= eps;
    case SCENARIO_EDGE_WEST:
        return fabs(p.x) <= eps;
    default:
        return fabs(p.x - t->width_cm) <= eps;
    }
}

static bool read_entry(scn_ctx *c, const json_t *obj, scenario_reinforcement *r)
{
    int edge = 0;
    if (!scn_get_enum(c, obj, "edge", true, scn_edge_names + 1, 4, &edge))
        return false;
    r->edge = (scenario_edge)(edge + 1);
    r->entry = edge_midpoint(c->t, r->edge);
    const json_t *v = json_object_get(obj, "entry");
    if (!v)
        return true;
    scn_push_key(c, "entry");
    if (!scn_read_table_point(c, v, &r->entry))
        return false;
    if (!on_edge(c->t, r->edge, r->entry))
        return scn_fail(c, "entry point [%g, %g] is not on the %s edge", (double)r->entry.x,
                        (double)r->entry.y, scn_edge_names[r->edge]);
    scn_pop(c);
    return true;
}

static bool read_when(scn_ctx *c, const json_t *obj, scenario_reinforcement *r)
{
    bool has_turn = json_object_get(obj, "turn"), has_trigger = json_object_get(obj, "trigger");
    if (has_turn == has_trigger)
        return has_turn ? (scn_push_key(c, "trigger"),
                           scn_fail_key(c, "give either \"turn\" or \"trigger\", not both"))
                        : scn_fail(c, "missing required key \"turn\" (or \"trigger\")");
    long long turn = 0;
    if (!scn_get_int(c, obj, "turn", false, 1, 10000, &turn) ||
        !scn_get_string(c, obj, "trigger", false, r->trigger, sizeof r->trigger))
        return false;
    r->turn = (int)turn;
    if (has_trigger && !r->trigger[0]) {
        scn_push_key(c, "trigger");
        return scn_fail(c, "expected a non-empty trigger name");
    }
    return true;
}

static bool already_reinforcing(const scenario *s, unit_id u)
{
    for (int i = 0; i < s->reinforcement_count; i++)
        for (int j = 0; j < s->reinforcements[i].unit_count; j++)
            if (s->reinforcements[i].units[j].id == u.id)
                return true;
    return false;
}

static bool read_reinforcing_unit(scn_ctx *c, const json_t *v, scenario_reinforcement *r)
{
    if (!json_is_string(v))
        return scn_expected(c, "the name of a unit", v);
    unit_id u = scn_find_unit(c->t, json_string_value(v));
    if (!u.id)
        return scn_expected(c, "the name of a unit", v);
    if (table_unit(c->t, u)->side.id != r->side.id)
        return scn_fail(c, "unit \"%s\" is not on side \"%s\"", json_string_value(v),
                        table_side(c->t, r->side)->name);
    bool twice = already_reinforcing(c->s, u);
    for (int j = 0; j < r->unit_count; j++)
        twice = twice || r->units[j].id == u.id;
    if (twice)
        return scn_fail(c, "unit \"%s\" is listed twice", json_string_value(v));
    r->units[r->unit_count++] = u;
    return true;
}

static bool read_reinforcing_units(scn_ctx *c, const json_t *obj, scenario_reinforcement *r)
{
    const json_t *arr = json_object_get(obj, "units");
    if (!arr)
        return scn_require(c, obj, "units");
    scn_push_key(c, "units");
    if (!json_is_array(arr) || json_array_size(arr) == 0)
        return scn_expected(c, "a non-empty array of unit names", arr);
    r->units = mem_calloc(json_array_size(arr), sizeof *r->units);
    for (size_t i = 0; i < json_array_size(arr); i++) {
        scn_push_index(c, (int)i);
        if (!read_reinforcing_unit(c, json_array_get(arr, i), r))
            return false;
        scn_pop(c);
    }
    scn_pop(c);
    return true;
}

static bool read_reinforcement(scn_ctx *c, const json_t *obj)
{
    static const char *const keys[] = {"side", "units", "turn", "trigger", "edge", "entry", NULL};
    scenario_reinforcement r = {0};
    bool ok = scn_check_object(c, obj, keys) && scn_get_side(c, obj, "side", true, &r.side) &&
              read_when(c, obj, &r) && read_entry(c, obj, &r) && read_reinforcing_units(c, obj, &r);
    if (!ok) {
        free(r.units);
        return false;
    }
    scenario *s = c->s;
    s->reinforcements = mem_realloc(s->reinforcements, (size_t)s->reinforcement_count + 1,
                                    sizeof *s->reinforcements);
    s->reinforcements[s->reinforcement_count++] = r;
    return true;
}

bool scn_read_reinforcements(scn_ctx *c, const json_t *root)
{
    return read_array(c, root, "reinforcements", read_reinforcement);
}

/* ---- victory ------------------------------------------------------------------------------- */

static bool is_identifier(const char *s)
{
    if (!(*s >= 'a' && *s <= 'z'))
        return false;
    return strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789_") == strlen(s);
}

static bool read_victory_kind(scn_ctx *c, const json_t *obj, scenario_victory *v)
{
    if (!scn_get_string(c, obj, "kind", true, v->kind, sizeof v->kind))
        return false;
    if (is_identifier(v->kind))
        return true;
    scn_push_key(c, "kind");
    return scn_expected(c, "a lower-case name such as destroy, hold, exit or turns",
                        json_object_get(obj, "kind"));
}

/* hold and exit name a place; turns names a number of turns. */
static bool check_victory_needs(scn_ctx *c, const json_t *obj, scenario_victory *v)
{
    bool place = strcmp(v->kind, "hold") == 0 || strcmp(v->kind, "exit") == 0;
    if (place || json_object_get(obj, "area") || json_object_get(obj, "rect"))
        if (!scn_get_polygon(c, obj, &v->area))
            return false;
    if (strcmp(v->kind, "turns") == 0 && !json_object_get(obj, "turns"))
        return scn_require(c, obj, "turns");
    return true;
}

static bool read_victory_entry(scn_ctx *c, const json_t *obj)
{
    static const char *const keys[] = {"kind",  "side",  "area", "rect",
                                       "turns", "value", "text", NULL};
    scenario_victory v = {0};
    long long turns = 0, value = 0;
    bool ok = scn_check_object(c, obj, keys) && read_victory_kind(c, obj, &v) &&
              scn_get_side(c, obj, "side", false, &v.side) &&
              scn_get_int(c, obj, "turns", false, 1, 10000, &turns) &&
              scn_get_int(c, obj, "value", false, 0, 1000000, &value) &&
              scn_get_string(c, obj, "text", false, v.text, sizeof v.text) &&
              check_victory_needs(c, obj, &v);
    if (!ok) {
        free(v.area.pts);
        return false;
    }
    v.turns = (int)turns;
    v.value = (int)value;
    scenario *s = c->s;
    s->victory = mem_realloc(s->victory, (size_t)s->victory_count + 1, sizeof *s->victory);
    s->victory[s->victory_count++] = v;
    return true;
}

bool scn_read_victory(scn_ctx *c, const json_t *root)
{
    return read_array(c, root, "victory", read_victory_entry);
}
