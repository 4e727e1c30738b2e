/* Where a value sits in JSON text. jansson reports line and column only for syntax errors, so
 * the loaders (scenario, save, replay, rule data) find where a value (or its key) sits by walking
 * the text along its JSON path. The text must be valid JSON (jansson has accepted it); the walk
 * is iterative and never recurses. */
#ifndef CORE_JSON_POS_H
#define CORE_JSON_POS_H

#include <stdbool.h>
#include <stddef.h>

/* One step of a JSON path: an object key, or an array index when key is NULL. */
typedef struct json_pos_seg {
    const char *key;
    int index;
} json_pos_seg;

/* 1-based line and column (columns count Unicode characters, as jansson does) of the value at
 * path (n steps; 0 is the root). With want_key and a last step that is a key, of the key's
 * opening quote instead. Keys are compared with the text's strings decoded (escapes, \u).
 * False when the path is absent; the position is then that of the deepest part found. */
bool json_pos_find(const char *text, size_t len, const json_pos_seg *path, int n, bool want_key,
                   int *line, int *column);

/* Formats a path as "$.units[2].figures[0].quality" (keys that are not identifiers as
 * ["key"]); returns buf. */
const char *json_pos_format(const json_pos_seg *path, int n, char *buf, size_t size);

/* Parses a path written by json_pos_format (or "$.a.b[2]") into at most `max` steps whose keys
 * point into `buf` (a copy of the path, modified). Returns the step count, or -1 when it is not
 * a path. */
int json_pos_parse(const char *path, char *buf, size_t size, json_pos_seg *steps, int max);

#endif // CORE_JSON_POS_H
