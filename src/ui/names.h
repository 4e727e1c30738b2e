/* Whatever is named is shown: the figures a line of text names, and the set of figures the
 * pointer is on the name of (a log entry, a refusal, an order, a panel line) that the table
 * rings. Text is matched against the table's figure and unit names, whole words only, so
 * "Cazador 1" is not found in "Cazador 12". */
#ifndef UI_NAMES_H
#define UI_NAMES_H

#include "core/table.h"

#include <stdbool.h>

#define UI_NAMES_MAX      64
#define UI_NAMES_RING_RGB 0xff4ee0u /* the ring round a figure named under the pointer */

/* The figures whose names (or whose unit's names) `text` contains, each once, in table order;
 * returns how many were written (at most max). */
int ui_names_find(const table *t, const char *text, figure_id *out, int max);

/* A set of figures being pointed at by name. */
typedef struct ui_names {
    figure_id ids[UI_NAMES_MAX];
    int count;
} ui_names;

void ui_names_clear(ui_names *n);
/* Adds a figure (0 and repeats ignored). */
void ui_names_add(ui_names *n, figure_id id);
/* Adds what `text` names. */
void ui_names_add_text(ui_names *n, const table *t, const char *text);
bool ui_names_has(const ui_names *n, figure_id id);

#endif // UI_NAMES_H
