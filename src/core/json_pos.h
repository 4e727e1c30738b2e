/* Where a value sits in JSON text (jansson reports positions only for syntax errors). Walks the
 * text along a path without recursion; the text must be valid JSON. */
#ifndef CORE_JSON_POS_H
#define CORE_JSON_POS_H

#include <stdbool.h>
#include <stddef.h>

/* One step: an object key, or an array index when key is NULL. */
typedef struct json_pos_seg {
    const char *key;
    int index;
} json_pos_seg;

/* 1-based line and column (in characters) of the value at path (n steps; 0 = the root), or of
 * its key with want_key. When the path is absent, the position of the deepest part found. */
bool json_pos_find(const char *text, size_t len, const json_pos_seg *path, int n, bool want_key,
                   int *line, int *column);
/* "$.commands[3].hash" into buf; returns buf. */
const char *json_pos_format(const json_pos_seg *path, int n, char *buf, size_t size);

#endif // CORE_JSON_POS_H
