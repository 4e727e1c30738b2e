/* The table tools' readings, computed from the headless library (core/geom.h, core/los.h,
 * game.h) for the table view to draw: the measuring tape, the line-of-sight check, the area a
 * figure can see, and a figure's description for the tooltip. No drawing, no SDL. */
#ifndef UI_TOOLS_H
#define UI_TOOLS_H

#include "core/los.h"
#include "core/path.h"
#include "game/game.h"
#include "render/render.h"

#include <stdbool.h>

#define UI_TOOLS_ARC_RANGE_CM 30.0f /* how far arcs of fire are drawn (display only) */
#define UI_TOOLS_SIGHT_RAYS   180
#define UI_TOOLS_LINE_MAX     128

typedef struct ui_tools_tape_reading {
    float centre_cm; /* along the waypoints, centre to centre */
    float edge_cm;   /* the same less the base radii at each end that is a figure */
    bool edge_ok;    /* at least one end is a figure */
} ui_tools_tape_reading;

/* pts[i] snapped to figure figs[i] (or -1 for a table point). */
ui_tools_tape_reading ui_tools_tape_measure(const table *t, const vec2s *pts, const int *figs,
                                            int n);

typedef struct ui_tools_los_result {
    vec2s from, to;
    bool blocked;
    vec2s block_at;    /* where the sight line is lost */
    char blocker[128]; /* "Jungle (jungle)", "figure 12" */
} ui_tools_los_result;

/* From figure index `from` to figure index `to` (or, when to < 0, to the point `cursor`). */
ui_tools_los_result ui_tools_los(const los_index *ix, const table *t, int from, int to,
                                 vec2s cursor);

typedef struct ui_tools_sight {
    bool valid;
    vec2s origin;
    vec2s ring[UI_TOOLS_SIGHT_RAYS];
} ui_tools_sight;

/* How far figure `fig` sees in each of UI_TOOLS_SIGHT_RAYS directions, to the table edge. */
void ui_tools_sight_compute(const los_index *ix, const table *t, int fig, ui_tools_sight *out);

/* The tooltip of figure index `fig`: up to max lines. Returns the count. */
int ui_tools_describe(const game *g, int fig, render_units units, char lines[][UI_TOOLS_LINE_MAX],
                      int max);

#endif // UI_TOOLS_H
