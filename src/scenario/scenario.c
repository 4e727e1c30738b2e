#include "scenario/scenario.h"

#include "core/config.h"
#include "core/file.h"
#include "core/mem.h"
#include "scenario/scenario_internal.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- errors -------------------------------------------------------------------------------- */

static void error_set(scenario_error *err, const char *name, int line, int column, const char *fmt,
                      ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

static void error_set(scenario_error *err, const char *name, int line, int column, const char *fmt,
                      ...)
{
    char file[sizeof err->file];
    snprintf(file, sizeof file, "%s", name ? name : "(scenario)");
    memset(err, 0, sizeof *err);
    memcpy(err->file, file, sizeof file);
    err->line = line;
    err->column = column;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
}

/* A UTF-8 byte order mark, which some editors write, is skipped: positions count from after it,
 * as the editor shows them. */
static size_t bom_length(const char *text, size_t len)
{
    return len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
}

bool scenario_error_at(const scenario *s, const char *path, scenario_error *err, const char *fmt,
                       ...)
{
    memset(err, 0, sizeof *err);
    snprintf(err->file, sizeof err->file, "%s", s->file);
    snprintf(err->path, sizeof err->path, "%s", path ? path : "");
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    char buf[sizeof err->path];
    json_pos_seg steps[SCN_PATH_MAX];
    int n = json_pos_parse(path, buf, sizeof buf, steps, SCN_PATH_MAX);
    size_t bom = bom_length(s->source_text, s->source_len);
    if (n < 0 || !json_pos_find(s->source_text + bom, s->source_len - bom, steps, n, false,
                                &err->line, &err->column))
        err->line = err->column = 0;
    return false;
}

const char *scenario_error_format(const scenario_error *err, char *buf, size_t size)
{
    return json_error_format(err, buf, size);
}

/* ---- reading text -------------------------------------------------------------------------- */

/* Parses with jansson; syntax errors carry jansson's own line and column. */
static json_t *parse_json(const char *text, size_t len, const char *name, scenario_error *err)
{
    json_error_t je;
    json_t *root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je);
    if (root)
        return root;
    int column = je.column > 0 ? je.column : 1;
    /* jansson quotes the bytes it stopped at: control bytes become \xNN, so the message is
     * safe to print or draw */
    char quoted[4 * JSON_ERROR_TEXT_LENGTH];
    size_t k = 0;
    for (const unsigned char *p = (const unsigned char *)je.text; *p && k + 5 < sizeof quoted; p++)
        k += (size_t)(*p < 0x20 || *p == 0x7f ? snprintf(quoted + k, 5, "\\x%02x", *p)
                                              : snprintf(quoted + k, 2, "%c", *p));
    quoted[k] = '\0';
    error_set(err, name, je.line > 0 ? je.line : 1, column, "invalid JSON: %s", quoted);
    return NULL;
}

/* The whole file, NUL-terminated; NULL with *err filled when it cannot be read. */
static char *read_file(const char *path, size_t *len, scenario_error *err)
{
    char *buf;
    int errnum;
    switch (file_read_all(path, SCENARIO_FILE_MAX, &buf, len, &errnum)) {
    case FILE_OK:
        return buf;
    case FILE_CANNOT_OPEN:
        error_set(err, path, 0, 0, "cannot open: %s", strerror(errnum));
        return NULL;
    case FILE_TOO_LARGE:
        error_set(err, path, 0, 0, "file too large (a scenario is at most %u bytes)",
                  SCENARIO_FILE_MAX);
        return NULL;
    case FILE_CANNOT_READ:
        break;
    }
    error_set(err, path, 0, 0, "cannot read: %s", strerror(errnum));
    return NULL;
}

/* ---- built-in terrain ------------------------------------------------------------------------ */

static void builtin_path(char *buf, size_t size)
{
    const char *dir = config_terrain_dir();
    if (dir)
        snprintf(buf, size, "%s/terrain.json", dir);
    else
        snprintf(buf, size, "%s/assets/terrain.json", config_source_dir());
}

static bool read_builtin_type(scn_ctx *c, const json_t *obj)
{
    static const char *const keys[] = {"name", "move_mult", "cover",  "obstacle",
                                       "los",  "height_ft", "colour", NULL};
    terrain_type ty = {0};
    if (!scn_check_object(c, obj, keys))
        return false;
    for (int i = 0; keys[i]; i++)
        if (!scn_require(c, obj, keys[i]))
            return false;
    if (!scn_get_name(c, obj, "name", true, ty.name) || !scn_read_type_fields(c, obj, &ty))
        return false;
    if (table_type_find(c->t, ty.name) >= 0) {
        scn_push_key(c, "name");
        return scn_fail(c, "duplicate terrain type \"%s\"", ty.name);
    }
    if (table_add_type(c->t, &ty) < 0)
        return scn_fail(c, "too many terrain types (at most %d)", TABLE_TYPES_MAX);
    return true;
}

static bool read_builtin_types(scn_ctx *c, const json_t *root)
{
    static const char *const keys[] = {"types", NULL};
    if (!scn_check_object(c, root, keys) || !scn_require(c, root, "types"))
        return false;
    const json_t *arr = json_object_get(root, "types");
    scn_push_key(c, "types");
    if (!json_is_array(arr))
        return scn_expected(c, "an array of terrain types", arr);
    for (size_t i = 0; i < json_array_size(arr); i++) {
        scn_push_index(c, (int)i);
        if (!read_builtin_type(c, json_array_get(arr, i)))
            return false;
        scn_pop(c);
    }
    return true;
}

bool scenario_builtin_terrain(table *t, scenario_error *err)
{
    char path[1024];
    builtin_path(path, sizeof path);
    scenario_error e = {0};
    size_t len = 0;
    char *text = read_file(path, &len, &e);
    json_t *root = text ? parse_json(text, len, path, &e) : NULL;
    snprintf(e.file, sizeof e.file, "%.255s", path);
    scn_ctx c = {.name = path, .text = text, .len = len, .err = &e, .t = t};
    bool ok = root && read_builtin_types(&c, root);
    if (!ok)
        *err = e;
    json_decref(root);
    free(text);
    return ok;
}

/* ---- the document ---------------------------------------------------------------------------- */

static const char *const top_keys[] = {
    "$schema",         "format", "title",      "description",    "designer_notes", "ruleset",
    "ruleset_options", "seed",   "campaign",   "table",          "terrain_types",  "terrain",
    "sides",           "units",  "deployment", "reinforcements", "victory",        NULL};

/* Long texts may be one string or a list of lines (joined with newlines), easier to write. */
static bool read_text(scn_ctx *c, const json_t *root, const char *key, char *out, size_t size)
{
    const json_t *v = json_object_get(root, key);
    if (!v || json_is_string(v))
        return scn_get_string(c, root, key, false, out, size);
    scn_push_key(c, key);
    if (!json_is_array(v))
        return scn_expected(c, "a string or an array of strings", v);
    size_t used = 0;
    out[0] = '\0';
    for (size_t i = 0; i < json_array_size(v); i++) {
        char line[SCENARIO_TEXT_MAX];
        scn_push_index(c, (int)i);
        const json_t *item = json_array_get(v, i);
        if (!json_is_string(item))
            return scn_expected(c, "a string", item);
        int w = snprintf(line, sizeof line, "%s%s", i ? "\n" : "", json_string_value(item));
        if (w < 0 || used + (size_t)w >= size)
            return scn_fail(c, "text too long: at most %zu bytes in all", size - 1);
        memcpy(out + used, line, (size_t)w + 1);
        used += (size_t)w;
        scn_pop(c);
    }
    scn_pop(c);
    return true;
}

/* The rule-set id is a word; which words name a rule set is the registry's to say
 * (rules_scenario_check), not the loader's: the scenario layer lies below the rule sets. */
static bool read_ruleset(scn_ctx *c, const json_t *root)
{
    char *id = c->s->ruleset;
    if (!scn_get_string(c, root, "ruleset", true, id, sizeof c->s->ruleset))
        return false;
    bool ok = id[0] >= 'a' && id[0] <= 'z';
    for (const char *p = id; ok && *p; p++)
        ok = (*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '_';
    if (ok)
        return true;
    scn_push_key(c, "ruleset");
    return scn_expected(c, "a rule-set id (a lowercase word)", json_object_get(root, "ruleset"));
}

static bool read_meta(scn_ctx *c, const json_t *root)
{
    scenario *s = c->s;
    long long format = 1, seed = 0;
    return scn_get_int(c, root, "format", false, 1, 1, &format) &&
           scn_get_string(c, root, "title", true, s->title, sizeof s->title) &&
           read_text(c, root, "description", s->description, sizeof s->description) &&
           read_text(c, root, "designer_notes", s->designer_notes, sizeof s->designer_notes) &&
           read_ruleset(c, root) && scn_get_int(c, root, "seed", false, 0, INT64_MAX, &seed) &&
           ((s->seed = (uint64_t)seed), true);
}

static bool read_options(scn_ctx *c, const json_t *root)
{
    json_t *v = json_object_get(root, "ruleset_options");
    if (!v) {
        c->s->rules_options = json_object();
        return true;
    }
    if (!json_is_object(v)) {
        scn_push_key(c, "ruleset_options");
        return scn_expected(c, "an object", v);
    }
    c->s->rules_options = json_incref(v);
    return true;
}

static bool read_campaign(scn_ctx *c, const json_t *root)
{
    static const char *const keys[] = {"name", "position", NULL};
    const json_t *v = json_object_get(root, "campaign");
    if (!v)
        return true;
    long long pos = 0;
    scn_push_key(c, "campaign");
    if (!scn_check_object(c, v, keys) ||
        !scn_get_string(c, v, "name", true, c->s->campaign, sizeof c->s->campaign) ||
        !scn_get_int(c, v, "position", true, 1, 1000, &pos))
        return false;
    c->s->campaign_position = (int)pos;
    scn_pop(c);
    return true;
}

static bool read_table_size(scn_ctx *c, const json_t *root)
{
    static const char *const keys[] = {"width_cm", "height_cm", NULL};
    const json_t *v = json_object_get(root, "table");
    if (!v)
        return scn_require(c, root, "table");
    float w = 0, h = 0;
    scn_push_key(c, "table");
    if (!scn_check_object(c, v, keys) ||
        !scn_get_float(c, v, "width_cm", true, 10, false, 10000, &w) ||
        !scn_get_float(c, v, "height_cm", true, 10, false, 10000, &h))
        return false;
    scn_pop(c);
    c->t = c->s->table = table_create(&(table_desc){.width_cm = w, .height_cm = h});
    return true;
}

/* Units named by reinforcements, so their figures may start off the table. */
static void collect_reinforced(scn_ctx *c, const json_t *root)
{
    const json_t *arr = json_object_get(root, "reinforcements");
    size_t total = 0;
    for (size_t i = 0; i < json_array_size(arr); i++)
        total += json_array_size(json_object_get(json_array_get(arr, i), "units"));
    c->reinforced = mem_calloc(total, sizeof *c->reinforced);
    for (size_t i = 0; i < json_array_size(arr); i++) {
        const json_t *units = json_object_get(json_array_get(arr, i), "units");
        for (size_t j = 0; j < json_array_size(units); j++)
            if (json_is_string(json_array_get(units, j)))
                c->reinforced[c->reinforced_count++] = json_string_value(json_array_get(units, j));
    }
}

static bool read_document(scn_ctx *c, const json_t *root)
{
    if (!scn_check_object(c, root, top_keys) || !read_meta(c, root) || !read_options(c, root) ||
        !read_campaign(c, root) || !read_table_size(c, root))
        return false;
    if (!scenario_builtin_terrain(c->t, c->err))
        return false;
    collect_reinforced(c, root);
    return scn_read_terrain_types(c, root) && scn_read_terrain(c, root) &&
           scn_read_sides(c, root) && scn_read_units(c, root) && scn_read_deployment(c, root) &&
           scn_read_reinforcements(c, root) && scn_read_victory(c, root);
}

scenario *scenario_load_string(const char *text, size_t len, const char *name, scenario_error *err)
{
    memset(err, 0, sizeof *err);
    snprintf(err->file, sizeof err->file, "%s", name ? name : "(scenario)");
    if (len > SCENARIO_FILE_MAX) { /* a save's embedded scenario, say */
        snprintf(err->message, sizeof err->message, "too large (a scenario is at most %u bytes)",
                 SCENARIO_FILE_MAX);
        return NULL;
    }
    scenario *s = mem_calloc(1, sizeof *s);
    s->source_text = mem_calloc(len + 1, 1);
    memcpy(s->source_text, text, len);
    s->source_len = len;
    memcpy(s->file, err->file, sizeof s->file);
    size_t bom = bom_length(text, len);
    scn_ctx c = {
        .name = err->file, .text = s->source_text + bom, .len = len - bom, .err = err, .s = s};
    json_t *root = parse_json(c.text, c.len, err->file, err);
    if (!root)
        goto fail;
    if (!read_document(&c, root))
        goto fail;
    json_decref(root);
    free(c.reinforced);
    return s;
fail:
    json_decref(root);
    free(c.reinforced);
    scenario_destroy(s);
    return NULL;
}

scenario *scenario_load_file(const char *path, scenario_error *err)
{
    size_t len = 0;
    char *text = read_file(path, &len, err);
    if (!text)
        return NULL;
    scenario *s = scenario_load_string(text, len, path, err);
    free(text);
    return s;
}

void scenario_destroy(scenario *s)
{
    if (!s)
        return;
    for (int i = 0; i < s->zone_count; i++)
        free(s->zones[i].area.pts);
    for (int i = 0; i < s->reinforcement_count; i++)
        free(s->reinforcements[i].units);
    for (int i = 0; i < s->victory_count; i++)
        free(s->victory[i].area.pts);
    free(s->zones);
    free(s->reinforcements);
    free(s->victory);
    json_decref(s->rules_options);
    table_destroy(s->table);
    free(s->source_text);
    free(s);
}
