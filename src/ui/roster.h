/* The roster (Tab on the table screen): each side's units and their state — figures standing,
 * down, wounded, demoralised, off the table — with their commanders, the scenario's victory
 * conditions for each side and the turn against its limit. A unit's row under the pointer
 * names its figures (they are ringed on the table). For any rule set: it reads the table. */
#ifndef UI_ROSTER_H
#define UI_ROSTER_H

#include "render/render.h"
#include "ui/names.h"
#include "ui/view.h"

#include <stdbool.h>

#define UI_ROSTER_ROWS_MAX 96

typedef struct ui_roster_row {
    float x, y, w, h;
    unit_id unit;
} ui_roster_row;

typedef struct ui_roster {
    bool open;
    float x, y, w, h; /* as last drawn */
    ui_roster_row rows[UI_ROSTER_ROWS_MAX];
    int row_count;
} ui_roster;

/* A unit's state in words: "8 of 9 standing, 1 down, 2 wounded"; returns buf. */
const char *ui_roster_unit_state(const table *t, unit_id u, char *buf, size_t size);

/* Draws the roster (when open) at the left of x0..x1 (the open table), below the top bar. */
void ui_roster_draw(ui_roster *r, const ui_view *view, render_ctx *ctx, float x0, float x1);
/* True when (x, y) is over the roster as last drawn. */
bool ui_roster_contains(const ui_roster *r, float x, float y);
/* The figures of the unit row under (x, y), added to *out; false when not over the roster. */
bool ui_roster_named(const ui_roster *r, const ui_view *view, float x, float y, ui_names *out);

#endif // UI_ROSTER_H
