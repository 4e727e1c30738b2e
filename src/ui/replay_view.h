/* The replay viewer ("Watch the replay"): a saved game stepped through from its start, command
 * by command (next, previous, play at a chosen pace, jump to a turn), the table as it stood
 * after each command, that command's dice and log as they were, and the state hash at each
 * step beside the one the save recorded. Reached from the end screen, the start screen
 * (a scenario's saved game) and `sandtable replay --watch FILE`. Modal; Esc closes it. */
#ifndef UI_REPLAY_VIEW_H
#define UI_REPLAY_VIEW_H

#include "ui/app.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The viewer on a save's text (`name` stands for its file in messages), at the start of the
 * game. NULL with a message (file:line:column) when the save does not load or replay. */
ui_screen *ui_replay_view_create(ui_app *app, const char *text, size_t len, const char *name,
                                 char *err, size_t err_size);
/* The same from a file. */
ui_screen *ui_replay_view_open(ui_app *app, const char *path, char *err, size_t err_size);

/* For tests: the viewer's match, its step (commands applied, 0..count), and whether the state
 * hash at this step equals the recorded one. */
const game *ui_replay_view_game(const ui_screen *s);
int ui_replay_view_step(const ui_screen *s);
bool ui_replay_view_hash_ok(const ui_screen *s);
/* Buttons as last drawn (for tests driving the mouse): "first", "prev", "play", "next", "last",
 * "slower", "faster", or "turn N". False when there is none. */
bool ui_replay_view_button(const ui_screen *s, const char *name, float *x, float *y);

#endif // UI_REPLAY_VIEW_H
