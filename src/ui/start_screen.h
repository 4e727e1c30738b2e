/* The start screen of `sandtable play` without a scenario: the shipped scenarios (the *.json
 * files next to the preselected one), each with its preview (drawn by the same code as
 * `sandtable preview`) and description, who plays each side (a player or the bot), and Start or
 * Continue (the scenario's autosave, when there is one). */
#ifndef UI_START_SCREEN_H
#define UI_START_SCREEN_H

#include "ui/app.h"

#define UI_START_SCENARIOS_MAX 32

/* The screen, listing the scenarios in the folder of app->scenario_path with that one
 * selected. Side toggles start from app->controller (by side number). Opened over a match
 * (pause menu) it is modal and Esc goes back to the match; else Esc quits. */
ui_screen *ui_start_screen_create(ui_app *app);

/* The scenario files (*.json) in `dir`, sorted by name, as "dir/name" into paths; returns the
 * count (at most max). */
int ui_start_screen_list(const char *dir, char paths[][UI_PATH_MAX], int max);

#endif // UI_START_SCREEN_H
