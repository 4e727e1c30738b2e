/* The scenario preview: the table as the game draws it, with the title, the sides, a terrain
 * legend and a scale bar in cm and inches, composed into one image (sandtable preview). */
#ifndef UI_PREVIEW_H
#define UI_PREVIEW_H

#include "render/render.h"
#include "scenario/scenario.h"

#include <stdbool.h>

typedef struct ui_preview_opts {
    bool deployment; /* deployment zones */
    bool labels;     /* terrain feature names */
    bool arcs;       /* each figure's frontal arc */
    bool sight;      /* what the first figure of each side can see */
} ui_preview_opts;

/* The image height for a width (the table keeps its aspect). */
int ui_preview_height(const scenario *s, int width);
/* The ui scale to create the renderer with for an image of this width. */
float ui_preview_scale(int width);
/* The camera the preview uses on a w x h image at ui scale k: the table's top-left corner sits
 * below the header, the sidebar on the right. */
render_camera ui_preview_camera(const scenario *s, int w, int h, float k);
/* Draws the whole preview into ctx (sized width x ui_preview_height). */
void ui_preview_draw(render_ctx *ctx, const scenario *s, const ui_preview_opts *opts);

#endif // UI_PREVIEW_H
