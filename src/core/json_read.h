/* Reading JSON documents (scenarios, saves, replays, rule data): one error type with one
 * formatter, typed getters that stop at the first problem and name its file, line, column and
 * JSON path, and a process-wide cache so a data file is parsed once however many games use it. */
#ifndef CORE_JSON_READ_H
#define CORE_JSON_READ_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

/* Where a document went wrong. Zero means "nowhere known" field by field. */
typedef struct json_error {
    char file[256];   /* as given to the loader, "" when none */
    int line, column; /* 1-based; 0 when unknown */
    char path[256];   /* JSON path of the offending value: "$.units[2].figures[0].quality" */
    char message[512];
} json_error;

/* "file:line:column: $.path: message", leaving out what is unknown; returns buf. */
const char *json_error_format(const json_error *err, char *buf, size_t size);
/* Line and column of the value at a path string ("$.a.b[2]") in valid JSON text; of the deepest
 * part found when the path is absent. */
void json_read_locate(const char *text, size_t len, const char *path, int *line, int *column);

/* A reader walks a parsed document (text: its source, for positions; may be NULL). The first
 * failure fills *err (path, message, line and column) and later ones are ignored. */
typedef struct json_reader {
    json_error *err;
    const char *text;
    size_t len;
    bool failed;
} json_reader;

void json_read_fail(json_reader *r, const char *path, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* path + "." + key into buf (cut to size). */
void json_read_join(char *buf, size_t size, const char *path, const char *key);
/* Unknown keys are errors: keys lists those the object may hold (NULL-terminated). */
void json_read_check_keys(json_reader *r, const json_t *obj, const char *path,
                          const char *const *keys);
/* The member `key` of obj, which must be an object (NULL after a failure). */
const json_t *json_read_object(json_reader *r, const json_t *obj, const char *path,
                               const char *key);
/* A number from lo to hi; dflt when absent (a failure when required) or wrong. */
float json_read_num(json_reader *r, const json_t *obj, const char *path, const char *key,
                    bool required, float dflt, float lo, float hi);
int json_read_int(json_reader *r, const json_t *obj, const char *path, const char *key,
                  bool required, int dflt, int lo, int hi);
bool json_read_bool(json_reader *r, const json_t *obj, const char *path, const char *key,
                    bool dflt);
/* A string that must be one of names (NULL-terminated): its index, dflt when absent. */
int json_read_enum(json_reader *r, const json_t *obj, const char *path, const char *key,
                   const char *const *names, int dflt);
/* A string of fewer than size bytes into out (left as it is when absent). */
void json_read_str(json_reader *r, const json_t *obj, const char *path, const char *key, char *out,
                   size_t size);

/* Parses text into a rule set's data with `parse` (NULL with *err on a problem), once per
 * process for each kind and exact text: later calls with the same text get the same data. Safe
 * from several threads. Cached data lives until the process ends: the rule set's destroy skips
 * it (json_cache_holds). */
typedef void *(*json_cache_parse_fn)(const char *text, size_t len, const char *name, void *err);
void *json_cache_parse(const char *kind, const char *text, size_t len, const char *name,
                       json_cache_parse_fn parse, void *err);
bool json_cache_holds(const void *data);

#endif // CORE_JSON_READ_H
