/* Reading JSON documents: errors, positions, typed getters, the parsed-data cache. */
#include "core/json_read.h"

#include "core/json_pos.h"
#include "core/mem.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *json_error_format(const json_error *err, char *buf, size_t size)
{
    char where[300] = "";
    if (err->file[0] && err->line > 0)
        snprintf(where, sizeof where, "%s:%d:%d: ", err->file, err->line, err->column);
    else if (err->file[0])
        snprintf(where, sizeof where, "%s: ", err->file);
    if (err->path[0])
        snprintf(buf, size, "%s%s: %s", where, err->path, err->message);
    else
        snprintf(buf, size, "%s%s", where, err->message);
    return buf;
}

#define JSON_READ_DEPTH 32

void json_read_locate(const char *text, size_t len, const char *path, int *line, int *column)
{
    char buf[512];
    json_pos_seg seg[JSON_READ_DEPTH];
    int n = json_pos_parse(path, buf, sizeof buf, seg, JSON_READ_DEPTH);
    *line = *column = 0;
    json_pos_find(text, len, seg, n > 0 ? n : 0, false, line, column);
}

void json_read_fail(json_reader *r, const char *path, const char *fmt, ...)
{
    if (r->failed)
        return;
    r->failed = true;
    snprintf(r->err->path, sizeof r->err->path, "%s", path);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->err->message, sizeof r->err->message, fmt, ap);
    va_end(ap);
    if (r->text)
        json_read_locate(r->text, r->len, path, &r->err->line, &r->err->column);
}

void json_read_join(char *buf, size_t size, const char *path, const char *key)
{
    size_t a = strnlen(path, size - 1);
    memcpy(buf, path, a);
    size_t b = a + 1 < size - 1 ? strnlen(key, size - 2 - a) : 0;
    if (a + 1 < size - 1) {
        buf[a] = '.';
        memcpy(buf + a + 1, key, b);
        a += b + 1;
    }
    buf[a] = 0;
}

void json_read_check_keys(json_reader *r, const json_t *obj, const char *path,
                          const char *const *keys)
{
    const char *key;
    json_t *v;
    json_object_foreach((json_t *)obj, key, v)
    {
        bool ok = false;
        for (int i = 0; keys[i] && !ok; i++)
            ok = strcmp(keys[i], key) == 0;
        if (!ok) {
            char p[256];
            json_read_join(p, sizeof p, path, key);
            json_read_fail(r, p, "unknown key \"%s\"", key);
        }
    }
}

const json_t *json_read_object(json_reader *r, const json_t *obj, const char *path, const char *key)
{
    char p[256];
    json_read_join(p, sizeof p, path, key);
    const json_t *v = json_object_get(obj, key);
    if (!json_is_object(v)) {
        json_read_fail(r, p, v ? "expected an object" : "missing");
        return NULL;
    }
    return v;
}

float json_read_num(json_reader *r, const json_t *obj, const char *path, const char *key,
                    bool required, float dflt, float lo, float hi)
{
    char p[256];
    json_read_join(p, sizeof p, path, key);
    const json_t *v = obj ? json_object_get(obj, key) : NULL;
    if (!v) {
        if (required)
            json_read_fail(r, p, "missing");
        return dflt;
    }
    if (!json_is_number(v)) {
        json_read_fail(r, p, "expected a number");
        return dflt;
    }
    double x = json_number_value(v);
    if (x < lo || x > hi) {
        json_read_fail(r, p, "expected a number from %g to %g, not %g", (double)lo, (double)hi, x);
        return dflt;
    }
    return (float)x;
}

int json_read_int(json_reader *r, const json_t *obj, const char *path, const char *key,
                  bool required, int dflt, int lo, int hi)
{
    char p[256];
    json_read_join(p, sizeof p, path, key);
    const json_t *v = obj ? json_object_get(obj, key) : NULL;
    if (v && !json_is_integer(v)) {
        json_read_fail(r, p, "expected an integer");
        return dflt;
    }
    return (int)json_read_num(r, obj, path, key, required, (float)dflt, (float)lo, (float)hi);
}

bool json_read_bool(json_reader *r, const json_t *obj, const char *path, const char *key, bool dflt)
{
    const json_t *v = json_object_get(obj, key);
    if (!v)
        return dflt;
    if (!json_is_boolean(v)) {
        char p[256];
        json_read_join(p, sizeof p, path, key);
        json_read_fail(r, p, "expected true or false");
        return dflt;
    }
    return json_is_true(v);
}

int json_read_enum(json_reader *r, const json_t *obj, const char *path, const char *key,
                   const char *const *names, int dflt)
{
    const json_t *v = json_object_get(obj, key);
    if (!v)
        return dflt;
    char p[256];
    json_read_join(p, sizeof p, path, key);
    for (int i = 0; json_is_string(v) && names[i]; i++)
        if (strcmp(names[i], json_string_value(v)) == 0)
            return i;
    char list[256] = "";
    for (int i = 0; names[i]; i++)
        snprintf(list + strlen(list), sizeof list - strlen(list), "%s\"%s\"", i ? ", " : "",
                 names[i]);
    json_read_fail(r, p, "expected one of %s", list);
    return dflt;
}

void json_read_str(json_reader *r, const json_t *obj, const char *path, const char *key, char *out,
                   size_t size)
{
    const json_t *v = json_object_get(obj, key);
    if (!v)
        return;
    if (!json_is_string(v) || strlen(json_string_value(v)) >= size) {
        char p[256];
        json_read_join(p, sizeof p, path, key);
        json_read_fail(r, p, "expected a string of at most %zu bytes", size - 1);
        return;
    }
    snprintf(out, size, "%s", json_string_value(v));
}

/* ---- the parsed-data cache --------------------------------------------------------------------
 */

/* A handful of entries: one per rule set, plus the few other data texts tests load. Beyond that
 * data is parsed per call and freed by its owner as before. */
#define JSON_CACHE_MAX 32

typedef struct cache_entry {
    char kind[16];
    char *text;
    size_t len;
    void *data;
} cache_entry;

/* Recursive: a parse that fails frees its half-read data through the rule set's destroy, which
 * asks json_cache_holds() while the lock is held. */
static pthread_mutex_t cache_lock;
static pthread_once_t cache_once = PTHREAD_ONCE_INIT;
static cache_entry cache[JSON_CACHE_MAX];
static int cache_count;

static void cache_init(void)
{
    pthread_mutexattr_t attr;
    pthread_mutexattr_init(&attr);
    pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_RECURSIVE);
    pthread_mutex_init(&cache_lock, &attr);
    pthread_mutexattr_destroy(&attr);
}

void *json_cache_parse(const char *kind, const char *text, size_t len, const char *name,
                       json_cache_parse_fn parse, void *err)
{
    pthread_once(&cache_once, cache_init);
    pthread_mutex_lock(&cache_lock);
    void *data = NULL;
    for (int i = 0; i < cache_count && !data; i++)
        if (cache[i].len == len && strcmp(cache[i].kind, kind) == 0 &&
            memcmp(cache[i].text, text, len) == 0)
            data = cache[i].data;
    /* Parsed under the lock: a second thread wanting the same text waits, then shares it. */
    if (!data && (data = parse(text, len, name, err)) && cache_count < JSON_CACHE_MAX) {
        cache_entry *e = &cache[cache_count++];
        snprintf(e->kind, sizeof e->kind, "%s", kind);
        e->text = mem_calloc(len + 1, 1);
        memcpy(e->text, text, len);
        e->len = len;
        e->data = data;
    }
    pthread_mutex_unlock(&cache_lock);
    return data;
}

bool json_cache_holds(const void *data)
{
    pthread_once(&cache_once, cache_init);
    pthread_mutex_lock(&cache_lock);
    bool held = false;
    for (int i = 0; i < cache_count && !held; i++)
        held = cache[i].data == data;
    pthread_mutex_unlock(&cache_lock);
    return held;
}
