/* Hot-seat hand-over: when the deciding side changes from one player at the screen to another,
 * a cover screen hides the table (and with it the previous player's reserved cards and sealed
 * choices) until the next player clicks; only then does app->viewer become the new side. With
 * the bot on a side there is one player at the screen: the viewer stays that player's side and
 * no cover is shown. */
#ifndef UI_COVER_H
#define UI_COVER_H

#include "ui/app.h"

#include <stdbool.h>

typedef enum ui_cover_plan_kind {
    UI_COVER_KEEP = 0,   /* the viewer is right */
    UI_COVER_SET_VIEWER, /* change the viewer now (no other player's secrets to protect) */
    UI_COVER_HAND_OVER,  /* another player takes the screen: cover first, then change it */
} ui_cover_plan_kind;

/* Pure: whose eyes should be on the screen (*want) when `deciding` decides (0: nobody, game
 * over), given the viewer now and who plays each side (indexed by side id), and how to get
 * there. The wanted viewer is the deciding side when a player has it; else the viewer when that
 * is a player's side; else the first side a player has; else 0 (bots only: nobody's). A change
 * is a hand-over when the viewer was a side and either two or more sides are played at the
 * screen or the viewer's side has just been handed to the bot (its player may be looking). */
ui_cover_plan_kind ui_cover_plan(const table *t, const ui_controller *controller, side_id viewer,
                                 side_id deciding, side_id *want);

/* Called every frame (by the solo driver): applies the plan for the match now, setting
 * app->viewer or pushing the cover screen (once; while it shows, it follows the plan). */
void ui_cover_update(ui_app *app);

/* The viewer a match starts with, for the controllers now (no cover: nobody has seen anything
 * yet). Called when a match opens and when the controllers are set from the command line. */
void ui_cover_reset_viewer(ui_app *app);

/* True when the match can hold something from one player: a deck (its cards may be reserved
 * face down), a sealed choice, anything the driver shows face down. Without secrets the hand passes
 * with no cover (cr15, tiny, cwr without concealment: alternate activations, every die open).
 * A figure one side may not see (game_visible: cwr's concealed units) is a secret too. */
bool ui_cover_secrets(const game *g);
/* True while the cover screen is on the stack. */
bool ui_cover_showing(const ui_app *app);

/* The cover screen itself ("Pass the mouse to <side>. Click when ready."): a click, Enter or
 * Space sets app->viewer to `next` and closes it; Esc opens the pause menu over it. */
ui_screen *ui_cover_create(side_id next);

#endif // UI_COVER_H
