/* Positions of values in JSON text. jansson reports line and column only for syntax errors, so
 * the loader finds where a value (or its key) sits by walking the text along its JSON path. The
 * text must be valid JSON (jansson has accepted it); the walk is iterative and never recurses.
 */
#ifndef SCENARIO_SCENARIO_POS_H
#define SCENARIO_SCENARIO_POS_H

#include <stdbool.h>
#include <stddef.h>

/* One step of a JSON path: an object key, or an array index when key is NULL. */
typedef struct scenario_pos_seg {
    const char *key;
    int index;
} scenario_pos_seg;

/* Finds the value at `path` (n steps; 0 is the root) and gives its 1-based line and column
 * (columns count Unicode characters, as jansson does). With want_key and a last step that is a
 * key, gives the position of the key's opening quote instead. False when the path is absent. */
bool scenario_pos_find(const char *text, size_t len, const scenario_pos_seg *path, int n,
                       bool want_key, int *line, int *column);

/* Formats a path as "$.units[2].figures[0].quality" (keys that are not identifiers as
 * ["key"]); returns buf. */
const char *scenario_pos_format(const scenario_pos_seg *path, int n, char *buf, size_t size);

/* Parses a path written by scenario_pos_format into at most `max` steps whose keys point into
 * `buf` (a copy of the path, modified). Returns the step count, or -1 when it is not a path. */
int scenario_pos_parse(const char *path, char *buf, size_t size, scenario_pos_seg *steps, int max);

#endif // SCENARIO_SCENARIO_POS_H
