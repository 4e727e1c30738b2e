/* Typed readers and error reporting for the scenario loader. */
#include "scenario/scenario_internal.h"

#include "core/mem.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const scn_cover_names[3] = {"none", "light", "heavy"};
const char *const scn_obstacle_names[4] = {"none", "low", "water", "impassable"};
const char *const scn_los_names[3] = {"clear", "area", "solid"};
const char *const scn_edge_names[5] = {"none", "north", "south", "west", "east"};

void scn_push_key(scn_ctx *c, const char *key)
{
    if (c->depth < SCN_PATH_MAX)
        c->path[c->depth] = (json_pos_seg){key, 0};
    c->depth++;
}

void scn_push_index(scn_ctx *c, int index)
{
    if (c->depth < SCN_PATH_MAX)
        c->path[c->depth] = (json_pos_seg){NULL, index};
    c->depth++;
}

void scn_pop(scn_ctx *c)
{
    c->depth--;
}

static bool fail_at(scn_ctx *c, bool at_key, const char *fmt, va_list ap)
{
    scenario_error *e = c->err;
    int depth = c->depth < SCN_PATH_MAX ? c->depth : SCN_PATH_MAX;
    e->line = e->column = 0;
    if (!json_pos_find(c->text, c->len, c->path, depth, at_key, &e->line, &e->column))
        e->line = e->column = 0;
    json_pos_format(c->path, depth, e->path, sizeof e->path);
    vsnprintf(e->message, sizeof e->message, fmt, ap);
    return false;
}

bool scn_fail(scn_ctx *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fail_at(c, false, fmt, ap);
    va_end(ap);
    return false;
}

bool scn_fail_key(scn_ctx *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fail_at(c, true, fmt, ap);
    va_end(ap);
    return false;
}

/* A short printable rendering of a string: control bytes become '?', long text is cut. */
static void quote_string(const char *s, char *buf, size_t size)
{
    size_t n = 0;
    buf[n++] = '"';
    for (; *s && n + 5 < size; s++)
        buf[n++] = (unsigned char)*s < 0x20 || *s == 0x7f ? '?' : *s;
    if (*s) {
        memcpy(buf + n, "...", 3);
        n += 3;
    }
    buf[n++] = '"';
    buf[n] = '\0';
}

/* How a JSON value reads in a message: "heroic", 12, an object, an array, true, null. */
static void describe(const json_t *v, char *buf, size_t size)
{
    switch (json_typeof(v)) {
    case JSON_STRING:
        quote_string(json_string_value(v), buf, size < 48 ? size : 48);
        break;
    case JSON_INTEGER:
        snprintf(buf, size, "%lld", (long long)json_integer_value(v));
        break;
    case JSON_REAL:
        snprintf(buf, size, "%g", json_real_value(v));
        break;
    case JSON_OBJECT:
        snprintf(buf, size, "an object");
        break;
    case JSON_ARRAY:
        if (json_array_size(v) == 0)
            snprintf(buf, size, "an empty array");
        else
            snprintf(buf, size, "an array of %zu", json_array_size(v));
        break;
    case JSON_TRUE:
        snprintf(buf, size, "true");
        break;
    case JSON_FALSE:
        snprintf(buf, size, "false");
        break;
    default:
        snprintf(buf, size, "null");
        break;
    }
}

bool scn_expected(scn_ctx *c, const char *what, const json_t *got)
{
    char desc[64];
    describe(got, desc, sizeof desc);
    return scn_fail(c, "expected %s, got %s", what, desc);
}

static bool in_list(const char *key, const char *const *list)
{
    for (; *list; list++)
        if (strcmp(*list, key) == 0)
            return true;
    return false;
}

static void join_list(const char *const *list, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; list[i] && used < size; i++) {
        int w = snprintf(buf + used, size - used, "%s%s", i ? ", " : "", list[i]);
        used += w > 0 ? (size_t)w : 0;
    }
}

bool scn_check_object(scn_ctx *c, const json_t *obj, const char *const *allowed)
{
    if (!json_is_object(obj))
        return scn_expected(c, "an object", obj);
    const char *key;
    const json_t *v;
    json_object_foreach((json_t *)obj, key, v)
    {
        if (in_list(key, allowed))
            continue;
        char list[400], quoted[64];
        join_list(allowed, list, sizeof list);
        quote_string(key, quoted, sizeof quoted);
        scn_push_key(c, key);
        scn_fail_key(c, "unknown key %s (expected one of %s)", quoted, list);
        scn_pop(c);
        return false;
    }
    return true;
}

bool scn_require(scn_ctx *c, const json_t *obj, const char *key)
{
    if (json_object_get(obj, key))
        return true;
    return scn_fail(c, "missing required key \"%s\"", key);
}

/* Reads obj[key] through `read` with the key pushed on the path; handles absence. */
#define WITH_KEY(c, obj, key, required, v, body)                                                   \
    do {                                                                                           \
        const json_t *v = json_object_get(obj, key);                                               \
        if (!v)                                                                                    \
            return required ? scn_require(c, obj, key) : true;                                     \
        scn_push_key(c, key);                                                                      \
        bool ok_ = (body);                                                                         \
        if (ok_)                                                                                   \
            scn_pop(c);                                                                            \
        return ok_;                                                                                \
    } while (0)

static bool read_string(scn_ctx *c, const json_t *v, char *out, size_t size)
{
    if (!json_is_string(v))
        return scn_expected(c, "a string", v);
    size_t n = json_string_length(v);
    if (n >= size)
        return scn_fail(c, "expected a string of at most %zu bytes, got %zu", size - 1, n);
    if (strlen(json_string_value(v)) != n)
        return scn_fail(c, "expected a string without NUL characters");
    memcpy(out, json_string_value(v), n + 1);
    return true;
}

bool scn_get_string(scn_ctx *c, const json_t *obj, const char *key, bool required, char *out,
                    size_t size)
{
    WITH_KEY(c, obj, key, required, v, read_string(c, v, out, size));
}

static bool read_name(scn_ctx *c, const json_t *v, char *out)
{
    if (!read_string(c, v, out, TABLE_NAME_MAX))
        return false;
    if (out[0] == '\0')
        return scn_fail(c, "expected a non-empty name");
    return true;
}

bool scn_get_name(scn_ctx *c, const json_t *obj, const char *key, bool required, char *out)
{
    WITH_KEY(c, obj, key, required, v, read_name(c, v, out));
}

bool scn_check_count(scn_ctx *c, const json_t *arr, size_t max, const char *what)
{
    if (json_array_size(arr) <= max)
        return true;
    scn_push_index(c, (int)max);
    return scn_fail(c, "too many %s (at most %zu)", what, max);
}

static bool read_number(scn_ctx *c, const json_t *v, double min, bool min_open, double max,
                        double *out)
{
    if (!json_is_number(v))
        return scn_expected(c, "a number", v);
    double x = json_number_value(v);
    bool low = min_open ? !(x > min) : !(x >= min);
    if (!isfinite(x) || low || !(x <= max)) {
        char what[96];
        snprintf(what, sizeof what, "a number %s %g and <= %g", min_open ? ">" : ">=", min, max);
        return scn_expected(c, what, v);
    }
    *out = x;
    return true;
}

bool scn_get_number(scn_ctx *c, const json_t *obj, const char *key, bool required, double min,
                    bool min_open, double max, double *out)
{
    WITH_KEY(c, obj, key, required, v, read_number(c, v, min, min_open, max, out));
}

bool scn_get_float(scn_ctx *c, const json_t *obj, const char *key, bool required, double min,
                   bool min_open, double max, float *out)
{
    double x = *out;
    if (!scn_get_number(c, obj, key, required, min, min_open, max, &x))
        return false;
    /* Checked again as stored: 1e-50 is > 0 as a double but 0 as a float. */
    float f = (float)x;
    bool low = min_open ? !(f > (float)min) : !(f >= (float)min);
    if (low && json_object_get(obj, key)) {
        scn_push_key(c, key);
        char what[96];
        snprintf(what, sizeof what, "a number %s %g and <= %g", min_open ? ">" : ">=", min, max);
        return scn_expected(c, what, json_object_get(obj, key));
    }
    *out = f;
    return true;
}

static bool read_int(scn_ctx *c, const json_t *v, long long min, long long max, long long *out)
{
    long long x = json_is_integer(v) ? (long long)json_integer_value(v) : 0;
    if (!json_is_integer(v) || x < min || x > max) {
        char what[96];
        snprintf(what, sizeof what, "an integer from %lld to %lld", min, max);
        return scn_expected(c, what, v);
    }
    *out = x;
    return true;
}

bool scn_get_int(scn_ctx *c, const json_t *obj, const char *key, bool required, long long min,
                 long long max, long long *out)
{
    WITH_KEY(c, obj, key, required, v, read_int(c, v, min, max, out));
}

static bool read_enum(scn_ctx *c, const json_t *v, const char *const *names, int count, int *out)
{
    for (int i = 0; json_is_string(v) && i < count; i++) {
        if (strcmp(json_string_value(v), names[i]) == 0) {
            *out = i;
            return true;
        }
    }
    char what[400];
    size_t used = (size_t)snprintf(what, sizeof what, "one of ");
    for (int i = 0; i < count && used < sizeof what; i++) {
        int w = snprintf(what + used, sizeof what - used, "%s%s", i ? ", " : "", names[i]);
        used += w > 0 ? (size_t)w : 0;
    }
    return scn_expected(c, what, v);
}

bool scn_get_enum(scn_ctx *c, const json_t *obj, const char *key, bool required,
                  const char *const *names, int count, int *out)
{
    WITH_KEY(c, obj, key, required, v, read_enum(c, v, names, count, out));
}

static bool read_colour(scn_ctx *c, const json_t *v, uint32_t *out)
{
    const char *s = json_string_value(v);
    bool ok = s && strlen(s) == 7 && s[0] == '#' && strspn(s + 1, "0123456789abcdefABCDEF") == 6;
    if (!ok)
        return scn_expected(c, "a colour \"#rrggbb\"", v);
    *out = (uint32_t)strtoul(s + 1, NULL, 16);
    return true;
}

bool scn_get_colour(scn_ctx *c, const json_t *obj, const char *key, bool required, uint32_t *out)
{
    WITH_KEY(c, obj, key, required, v, read_colour(c, v, out));
}

static bool read_facing(scn_ctx *c, const json_t *v, float *out)
{
    /* Compass names follow the table's axes: north is y = 0, the top of the screen. */
    static const char *const names[] = {"east", "south", "west", "north"};
    double deg = 0;
    if (json_is_string(v)) {
        int i = -1;
        if (!read_enum(c, v, names, 4, &i))
            return false;
        deg = 90.0 * i;
    } else if (!read_number(c, v, -360, false, 360, &deg)) {
        return false;
    }
    deg = fmod(deg, 360.0); /* stored in [0, 2 pi): -90 and 270 are the same facing */
    if (deg < 0)
        deg += 360.0;
    *out = (float)(deg * 3.14159265358979323846 / 180.0);
    return true;
}

bool scn_get_facing(scn_ctx *c, const json_t *obj, const char *key, bool required, float *out)
{
    WITH_KEY(c, obj, key, required, v, read_facing(c, v, out));
}

bool scn_read_point(scn_ctx *c, const json_t *v, vec2s *out)
{
    if (!json_is_array(v) || json_array_size(v) != 2)
        return scn_expected(c, "a point [x, y]", v);
    double xy[2];
    for (int i = 0; i < 2; i++) {
        scn_push_index(c, i);
        if (!read_number(c, json_array_get(v, (size_t)i), -1e6, false, 1e6, &xy[i]))
            return false;
        scn_pop(c);
    }
    *out = (vec2s){{(float)xy[0], (float)xy[1]}};
    return true;
}

bool scn_read_table_point(scn_ctx *c, const json_t *v, vec2s *out)
{
    if (!scn_read_point(c, v, out))
        return false;
    const table *t = c->t;
    if (out->x < 0 || out->y < 0 || out->x > t->width_cm || out->y > t->height_cm)
        return scn_fail(c, "expected a point on the %g x %g cm table, got [%g, %g]",
                        (double)t->width_cm, (double)t->height_cm, (double)out->x, (double)out->y);
    return true;
}

static bool read_points(scn_ctx *c, const json_t *v, int min, const char *what, vec2s **out,
                        int *count)
{
    if (!json_is_array(v) || json_array_size(v) < (size_t)min)
        return scn_expected(c, what, v);
    if (!scn_check_count(c, v, SCENARIO_POINTS_MAX, "points in one polygon or line"))
        return false;
    int n = (int)json_array_size(v);
    if (c->points + n > SCENARIO_ALL_POINTS_MAX) {
        scn_push_index(c, SCENARIO_ALL_POINTS_MAX - c->points);
        return scn_fail(c, "too many points in all polygons and lines (at most %d)",
                        SCENARIO_ALL_POINTS_MAX);
    }
    c->points += n;
    vec2s *pts = mem_calloc((size_t)n, sizeof *pts);
    for (int i = 0; i < n; i++) {
        scn_push_index(c, i);
        if (!scn_read_table_point(c, json_array_get(v, (size_t)i), &pts[i])) {
            free(pts);
            return false;
        }
        scn_pop(c);
    }
    *out = pts;
    *count = n;
    return true;
}

bool scn_read_polyline(scn_ctx *c, const json_t *v, geom_polyline *out)
{
    if (!read_points(c, v, 2, "a list of at least 2 points", &out->pts, &out->count))
        return false;
    for (int i = 1; i < out->count; i++) {
        if (out->pts[i].x == out->pts[i - 1].x && out->pts[i].y == out->pts[i - 1].y) {
            scn_push_index(c, i);
            return scn_fail(c, "point repeats the one before it");
        }
    }
    return true;
}

/* Orientation of c relative to a->b: >0 left, <0 right, 0 collinear (within GEOM_EPS). */
static int orient(vec2s a, vec2s b, vec2s p)
{
    double cross =
        ((double)b.x - a.x) * ((double)p.y - a.y) - ((double)b.y - a.y) * ((double)p.x - a.x);
    double scale = hypot((double)b.x - a.x, (double)b.y - a.y);
    if (fabs(cross) <= GEOM_EPS * (scale > 1 ? scale : 1))
        return 0;
    return cross > 0 ? 1 : -1;
}

static bool on_segment(vec2s a, vec2s b, vec2s p)
{
    return fmin(a.x, b.x) - GEOM_EPS <= p.x && p.x <= fmax(a.x, b.x) + GEOM_EPS &&
           fmin(a.y, b.y) - GEOM_EPS <= p.y && p.y <= fmax(a.y, b.y) + GEOM_EPS;
}

/* Touching counts as crossing, as in core/geom.h. */
static bool segments_touch(vec2s a, vec2s b, vec2s p, vec2s q)
{
    int o1 = orient(a, b, p), o2 = orient(a, b, q), o3 = orient(p, q, a), o4 = orient(p, q, b);
    if (o1 != o2 && o3 != o4 && o1 && o2 && o3 && o4)
        return true;
    return (o1 == 0 && on_segment(a, b, p)) || (o2 == 0 && on_segment(a, b, q)) ||
           (o3 == 0 && on_segment(p, q, a)) || (o4 == 0 && on_segment(p, q, b));
}

bool scn_check_simple_polygon(scn_ctx *c, const vec2s *pts, int n)
{
    for (int i = 0; i < n; i++) {
        vec2s a = pts[i], b = pts[(i + 1) % n];
        if (fabsf(a.x - b.x) <= GEOM_EPS && fabsf(a.y - b.y) <= GEOM_EPS)
            return scn_fail(c, "polygon points %d and %d are the same point", i, (i + 1) % n);
    }
    /* Quadratic, but n <= SCENARIO_POINTS_MAX: at most half a million pairs. */
    for (int i = 0; i < n; i++) {
        vec2s a = pts[i], b = pts[(i + 1) % n];
        for (int j = i + 1; j < n; j++) {
            vec2s p = pts[j], q = pts[(j + 1) % n];
            bool next = j == i + 1, wrap = i == 0 && j == n - 1;
            bool cross;
            if (next) /* adjacent edges share b == p: only folding back onto each other counts */
                cross = (orient(a, b, q) == 0 && on_segment(a, b, q)) ||
                        (orient(p, q, a) == 0 && on_segment(p, q, a));
            else if (wrap) /* share a == q */
                cross = (orient(p, q, b) == 0 && on_segment(p, q, b)) ||
                        (orient(a, b, p) == 0 && on_segment(a, b, p));
            else
                cross = segments_touch(a, b, p, q);
            if (cross)
                return scn_fail(c, "polygon is self-intersecting: edge %d-%d meets edge %d-%d", i,
                                (i + 1) % n, j, (j + 1) % n);
        }
    }
    return true;
}

static bool read_rect(scn_ctx *c, const json_t *v, geom_polygon *out)
{
    if (!json_is_array(v) || json_array_size(v) != 4)
        return scn_expected(c, "a rectangle [x0, y0, x1, y1]", v);
    double r[4];
    for (int i = 0; i < 4; i++) {
        scn_push_index(c, i);
        double lim = i % 2 ? c->t->height_cm : c->t->width_cm;
        if (!read_number(c, json_array_get(v, (size_t)i), 0, false, lim, &r[i]))
            return false;
        scn_pop(c);
    }
    if (!(r[2] > r[0]) || !(r[3] > r[1]))
        return scn_fail(c, "expected x1 > x0 and y1 > y0, got [%g, %g, %g, %g]", r[0], r[1], r[2],
                        r[3]);
    out->pts = mem_calloc(4, sizeof *out->pts);
    out->count = 4;
    out->pts[0] = (vec2s){{(float)r[0], (float)r[1]}};
    out->pts[1] = (vec2s){{(float)r[2], (float)r[1]}};
    out->pts[2] = (vec2s){{(float)r[2], (float)r[3]}};
    out->pts[3] = (vec2s){{(float)r[0], (float)r[3]}};
    return true;
}

static bool read_area(scn_ctx *c, const json_t *v, geom_polygon *out)
{
    if (!read_points(c, v, 3, "a polygon: a list of at least 3 points", &out->pts, &out->count))
        return false;
    if (scn_check_simple_polygon(c, out->pts, out->count))
        return true;
    free(out->pts);
    out->pts = NULL;
    out->count = 0;
    return false;
}

bool scn_get_polygon(scn_ctx *c, const json_t *obj, geom_polygon *out)
{
    const json_t *area = json_object_get(obj, "area"), *rect = json_object_get(obj, "rect");
    if (area && rect) {
        scn_push_key(c, "rect");
        return scn_fail_key(c, "give either \"area\" or \"rect\", not both");
    }
    if (!area && !rect)
        return scn_fail(c, "missing required key \"area\" (or \"rect\")");
    scn_push_key(c, area ? "area" : "rect");
    if (!(area ? read_area(c, area, out) : read_rect(c, rect, out)))
        return false;
    scn_pop(c);
    return true;
}

side_id scn_find_side(const table *t, const char *name)
{
    for (int i = 0; i < t->side_count; i++)
        if (strcmp(t->sides[i].name, name) == 0)
            return t->sides[i].id;
    return (side_id){0};
}

unit_id scn_find_unit(const table *t, const char *name)
{
    for (int i = 0; i < t->unit_count; i++)
        if (strcmp(t->units[i].name, name) == 0)
            return t->units[i].id;
    return (unit_id){0};
}

static bool read_side(scn_ctx *c, const json_t *v, side_id *out)
{
    char name[TABLE_NAME_MAX];
    if (!read_name(c, v, name))
        return false;
    *out = scn_find_side(c->t, name);
    if (out->id)
        return true;
    char what[400];
    size_t used = (size_t)snprintf(what, sizeof what, "the name of a side (");
    for (int i = 0; i < c->t->side_count && used < sizeof what; i++) {
        int w =
            snprintf(what + used, sizeof what - used, "%s%s", i ? ", " : "", c->t->sides[i].name);
        used += w > 0 ? (size_t)w : 0;
    }
    if (used < sizeof what)
        snprintf(what + used, sizeof what - used, ")");
    return scn_expected(c, what, v);
}

bool scn_get_side(scn_ctx *c, const json_t *obj, const char *key, bool required, side_id *out)
{
    WITH_KEY(c, obj, key, required, v, read_side(c, v, out));
}
