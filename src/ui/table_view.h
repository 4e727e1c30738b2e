/* The table screen's pieces that tests reach without a window: hit testing and the camera's
 * fit. The screen itself is ui_table_view_create, opened as UI_SCREEN_TABLE (ui/screens.h). */
#ifndef UI_TABLE_VIEW_H
#define UI_TABLE_VIEW_H

#include "core/table.h"
#include "game/game.h"
#include "render/camera.h"

#include <stdbool.h>

/* Index of the topmost active figure whose base contains table point p (with `slop_cm` more
 * reach), or -1. */
int ui_table_view_hit(const table *t, vec2s p, float slop_cm);
/* The colour of a rule set's mark on a figure (game_figure_badge: "JAM"), 0xRRGGBB. */
#define UI_TABLE_BADGE_RGB 0xff8a4au

/* Fits the camera (already sized to the view) to the match's table as the screen does: the
 * whole table with a 40 px margin, left of the right-hand panels (turn driver, actions) when the
 * rule set has a turn driver. `snap` skips the eased motion. */
void ui_table_view_fit(render_camera *cam, const game *g, float ui_scale, bool snap);

typedef struct ui_app ui_app;
typedef struct ui_screen ui_screen;
/* The table screen of app->game. */
ui_screen *ui_table_view_create(ui_app *app);

/* The table screen's parts, for tests that point at them (s: ui_table_view_create's). */
typedef struct ui_teach ui_teach;
typedef struct ui_action_panel ui_action_panel;
typedef struct ui_driver_panel ui_driver_panel;
const render_camera *ui_table_view_camera(const ui_screen *s);
ui_teach *ui_table_view_teach(ui_screen *s);
ui_action_panel *ui_table_view_actions(ui_screen *s);
ui_driver_panel *ui_table_view_driver(ui_screen *s);
typedef struct ui_roster ui_roster;
ui_roster *ui_table_view_roster(ui_screen *s);

typedef struct ui_app ui_app;
/* Submits a command as the screen does (through the bot's gate, with the moved figures
 * animated): the commanded figures glide at once; figures the rules move as a consequence
 * (flight, retreat, pursuit) wait UI_TABLE_VIEW_RUN_DELAY_S (at speed 1) and then run. */
#define UI_TABLE_VIEW_RUN_DELAY_S 0.6
bool ui_table_view_submit(ui_screen *s, ui_app *app, const rules_command *cmd, char *reason,
                          size_t size);
/* Where figure index `fig` is drawn at time `now` while it is animated; false when it is not
 * (it is drawn where the table has it). */
bool ui_table_view_pose(const ui_screen *s, double now, int fig, vec2s *pos, float *facing);
typedef struct ui_morale_news ui_morale_news;
const ui_morale_news *ui_table_view_morale_news(const ui_screen *s);

#endif // UI_TABLE_VIEW_H
