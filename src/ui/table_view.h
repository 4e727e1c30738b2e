/* The table screen's pieces that tests reach without a window: hit testing. The screen itself is
 * ui_table_view_create (ui/app.h). */
#ifndef UI_TABLE_VIEW_H
#define UI_TABLE_VIEW_H

#include "core/table.h"
#include "render/camera.h"

#include <stdbool.h>

/* Index of the topmost active figure whose base contains table point p (with `slop_cm` more
 * reach), or -1. */
int ui_table_view_hit(const table *t, vec2s p, float slop_cm);

#endif // UI_TABLE_VIEW_H
