/* The teaching layer of the table screen: the dice tray and the event log, fed by the match as
 * commands resolve, drawn on the left of the table, taking the clicks, wheel and keys that fall
 * on them. The table view holds one and calls these few functions. */
#ifndef UI_TEACH_H
#define UI_TEACH_H

#include "render/render.h"
#include "ui/dice_tray.h"
#include "ui/event_log.h"
#include "ui/input.h"
#include "ui/view.h"

typedef struct ui_teach {
    ui_dice_tray tray;
    ui_event_log log;
    bool ready;
    int seen_cursor;
    int tray_command; /* the log index of the command whose dice the tray shows */
    const game *seen_game;
    char said[280]; /* the last refusal's words (ui_teach_refused) */
} ui_teach;

void ui_teach_init(ui_teach *t);
/* Takes what is the teaching panels' out of `in` (E toggles the log; clicks and the wheel over
 * the panels; the pointer over them is no longer over the table). A click on the dice tray
 * opens the log at the command that threw them. */
void ui_teach_input(ui_teach *t, const ui_view *view, ui_input *in);
/* Watches the match: a newly resolved command's dice go to the tray (undo hides it). */
void ui_teach_update(ui_teach *t, const ui_view *view);
/* Draws the log button, the log and the dice tray on the left of the screen. */
void ui_teach_draw(ui_teach *t, const ui_view *view, render_ctx *ctx);
/* A refused command ("why not?"): logs it and returns "Cannot <what>: <reason>" for the owner
 * to show (kept in t until the next refusal). */
const char *ui_teach_refused(ui_teach *t, const ui_view *view, const char *what,
                             const char *reason);

#endif // UI_TEACH_H
