/* Referee mode on the table: when the players and the engine disagree, the players win. While
 * it is on (F9, or the pause menu), a coloured frame and a banner say so; a drag puts a figure
 * anywhere free, a turn turns him as the handle says, and keys take a figure off, put him back,
 * set what happened to him or fix the next die. Each is a referee command (game/game.h), in
 * the log in its own colour, undone, saved and replayed like any other; bases still never
 * overlap. Ctrl+Shift+S in referee mode saves the table as it stands as a new scenario (a
 * lesson starts from a set position). */
#ifndef UI_REFEREE_H
#define UI_REFEREE_H

#include "ui/app.h"

#include <stdbool.h>

#define UI_REFEREE_RGB 0xe07820u /* the frame, the banner and the log lines: amber */

/* F9: on or off, with a toast saying what it means. */
void ui_referee_toggle(ui_referee *r, ui_app *app);
/* A referee command for the selected figures (the first: `fig`): move to `to` keeping its
 * facing; rotate to `facing`. */
rules_command ui_referee_move(const ui_app *app, figure_id fig, vec2s to);
rules_command ui_referee_rotate(const ui_app *app, figure_id fig, float facing);
/* A key in referee mode, for the selected figures `figs` (count n): X/Delete take off, P put
 * back, W wounded, E seriously wounded, S shaken, D demoralised, C clear, Shift+1..6 the next
 * die. True when it was a referee key (done, or refused with a toast saying why). */
bool ui_referee_key(ui_referee *r, ui_app *app, const figure_id *figs, int n, int key, int mods);
/* Submits a referee command, toasting the refusal's reason; true when it was accepted. */
bool ui_referee_submit(ui_referee *r, ui_app *app, const rules_command *cmd);
/* The frame and the banner (x0..x1: the open view). */
void ui_referee_draw(const ui_referee *r, ui_app *app, render_ctx *ctx, float x0, float x1);
/* A right click in referee mode: opens the menu of the rulings that apply at the pointer (px,
 * py in pixels, `at` in cm): about figure `fig`, or with fig 0 about the table there (move the
 * selected `sel` (count n) here, the first here and the others keeping their places to him;
 * put a fallen figure back here; the rule set's table-wide rulings; fix the next die). Each
 * entry submits a referee command (a move of several: one each). */
void ui_referee_menu_open(ui_referee *r, ui_app *app, figure_id fig, vec2s at, const figure_id *sel,
                          int n, float px, float py);
/* While the menu is open it takes the frame's input and submits the entry chosen; true when it
 * did (the table then ignores the frame's clicks and keys). */
bool ui_referee_menu_input(ui_referee *r, ui_app *app, const ui_input *in);
void ui_referee_menu_draw(ui_referee *r, ui_app *app, render_ctx *ctx);
/* Saves the table as it stands as a new scenario beside the player's saves; false with the
 * reason toasted. */
bool ui_referee_save_position(ui_referee *r, ui_app *app);

#endif // UI_REFEREE_H
