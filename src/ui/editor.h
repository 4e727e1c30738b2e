/* The scenario editor screen: the table drawn by the game's renderer and camera, with tools to
 * draw terrain (polygons point by point, rectangles, circles, lines), place units as blocks for
 * a side, set the title, the turn limit and a victory condition, and save. The model is
 * ui/editor_doc.h: every edit is undoable, refused edits say why, and the rule set's live check
 * is shown with the element at fault ringed. Ctrl+P tries the scenario as it stands (a match
 * over the editor; Ctrl+E in it comes back). Keys and mouse: docs/frontend.md, "Scenario
 * editor". */
#ifndef UI_EDITOR_H
#define UI_EDITOR_H

#include "ui/app.h"
#include "ui/editor_doc.h"

/* The editor on `doc` (taken: the screen destroys it). `path` is where Ctrl+S saves; NULL or
 * "" for a new scenario, saved under the player's own scenarios (the start screen lists them). */
ui_screen *ui_editor_create(ui_app *app, editor_doc *doc, const char *path);
/* The editor on the scenario at `path` (ruleset NULL), or on a blank table of `ruleset` saved
 * to `path` (NULL: among the player's own); NULL with the reason in err. Opened as
 * UI_SCREEN_EDITOR (ui/screens.h). */
ui_screen *ui_editor_open(ui_app *app, const char *path, const char *ruleset, char *err,
                          size_t size);

#endif // UI_EDITOR_H
