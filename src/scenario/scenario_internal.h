/* Internals shared by the scenario loader's files: the load context with the JSON path of the
 * value being read, error reporting, and typed readers that check a value and fail with a
 * message saying what was expected. Every reader returns false after filling the error.
 */
#ifndef SCENARIO_SCENARIO_INTERNAL_H
#define SCENARIO_SCENARIO_INTERNAL_H

#include "scenario/scenario.h"
#include "core/json_pos.h"

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#define SCN_PATH_MAX 32

/* One load: the text (for positions), where we are in the document, and what is built so far. */
typedef struct scn_ctx {
    const char *name; /* file name for errors */
    const char *text;
    size_t len;
    scenario_error *err;
    json_pos_seg path[SCN_PATH_MAX];
    int depth;
    scenario *s;
    table *t;
    /* names of the units listed by reinforcements, read before the units themselves */
    const char **reinforced;
    int reinforced_count;
    int points; /* polygon and line points read so far (SCENARIO_ALL_POINTS_MAX) */
} scn_ctx;

/* An array of at most `max` elements, else fails at element [max]: "too many <what> (at most
 * <max>)". */
bool scn_check_count(scn_ctx *c, const json_t *arr, size_t max, const char *what);

/* Path stack: push a key or index before reading a member, pop after. */
void scn_push_key(scn_ctx *c, const char *key);
void scn_push_index(scn_ctx *c, int index);
void scn_pop(scn_ctx *c);

/* Fails at the current path (the value's position, or the key's when at_key). */
bool scn_fail(scn_ctx *c, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
bool scn_fail_key(scn_ctx *c, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* "expected WHAT, got VALUE" at the current path. */
bool scn_expected(scn_ctx *c, const char *what, const json_t *got);

/* Checks that `obj` is an object whose keys are all in the NULL-ended list `allowed`. */
bool scn_check_object(scn_ctx *c, const json_t *obj, const char *const *allowed);
/* Fails with "missing required key" at the object unless it has `key`. */
bool scn_require(scn_ctx *c, const json_t *obj, const char *key);

/* Typed readers of obj[key]. A missing optional key leaves *out unchanged and succeeds. */
bool scn_get_string(scn_ctx *c, const json_t *obj, const char *key, bool required, char *out,
                    size_t size);
/* A name: a non-empty string that fits in TABLE_NAME_MAX. */
bool scn_get_name(scn_ctx *c, const json_t *obj, const char *key, bool required, char *out);
/* A finite number within [min, max] (min_open: > min instead of >= min). */
bool scn_get_number(scn_ctx *c, const json_t *obj, const char *key, bool required, double min,
                    bool min_open, double max, double *out);
bool scn_get_float(scn_ctx *c, const json_t *obj, const char *key, bool required, double min,
                   bool min_open, double max, float *out);
bool scn_get_int(scn_ctx *c, const json_t *obj, const char *key, bool required, long long min,
                 long long max, long long *out);
/* One of `names` (count of them); *out is the index. */
bool scn_get_enum(scn_ctx *c, const json_t *obj, const char *key, bool required,
                  const char *const *names, int count, int *out);
/* "#rrggbb" into 0xRRGGBB. */
bool scn_get_colour(scn_ctx *c, const json_t *obj, const char *key, bool required, uint32_t *out);
/* Facing in degrees (a number, or north/east/south/west) into radians. */
bool scn_get_facing(scn_ctx *c, const json_t *obj, const char *key, bool required, float *out);

/* Value readers (the value is at the current path). */
bool scn_read_point(scn_ctx *c, const json_t *v, vec2s *out);
/* A point inside the table (edges included). */
bool scn_read_table_point(scn_ctx *c, const json_t *v, vec2s *out);
/* A polygon from "area" (list of points) or "rect" ([x0, y0, x1, y1]); exactly one must be
 * present. Points lie on the table; the polygon is simple. *out->pts is allocated. */
bool scn_get_polygon(scn_ctx *c, const json_t *obj, geom_polygon *out);
bool scn_check_simple_polygon(scn_ctx *c, const vec2s *pts, int n);
/* A polyline of >= 2 points on the table; *out->pts is allocated. */
bool scn_read_polyline(scn_ctx *c, const json_t *v, geom_polyline *out);

/* Lookups by name; invalid handle when absent. */
side_id scn_find_side(const table *t, const char *name);
unit_id scn_find_unit(const table *t, const char *name);
/* Reads obj[key] as the name of a side. */
bool scn_get_side(scn_ctx *c, const json_t *obj, const char *key, bool required, side_id *out);

/* The parts of the document, in the order they are read. */
bool scn_read_terrain_types(scn_ctx *c, const json_t *root);
bool scn_read_terrain(scn_ctx *c, const json_t *root);
bool scn_read_sides(scn_ctx *c, const json_t *root);
bool scn_read_units(scn_ctx *c, const json_t *root);
bool scn_read_deployment(scn_ctx *c, const json_t *root);
bool scn_read_reinforcements(scn_ctx *c, const json_t *root);
bool scn_read_victory(scn_ctx *c, const json_t *root);
/* Reads one terrain type object into *ty (fields absent keep their current values). */
bool scn_read_type_fields(scn_ctx *c, const json_t *obj, terrain_type *ty);

/* Enum names in files. */
extern const char *const scn_cover_names[3];
extern const char *const scn_obstacle_names[4];
extern const char *const scn_los_names[3];
extern const char *const scn_edge_names[5];

#endif // SCENARIO_SCENARIO_INTERNAL_H
