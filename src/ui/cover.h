/* Hot-seat hand-over: when the deciding side changes from one player at the screen to another,
 * a cover screen hides the table (and with it the previous player's reserved cards and sealed
 * choices) until the next player clicks; only then does app->viewer become the new side. With
 * the bot on a side there is one player at the screen: the viewer stays that player's side and
 * no cover is shown.
 *
 * The app owns the cover and does what it says (microui: a widget returns its result to its
 * owner): ui_cover_follow says what the match wants of the viewer each frame, and the cover
 * screen's answer to a click or key is taken with ui_cover_answer; nothing here reaches the
 * app (ui/app.c: ui_app_follow_cover, the answer after the top screen's input). */
#ifndef UI_COVER_H
#define UI_COVER_H

#include "game/game.h"
#include "ui/input.h"
#include "ui/screens.h"
#include "ui/view.h"

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

/* What the hand-over asks of the app this frame (ui_cover_follow). */
typedef enum ui_cover_step_kind {
    UI_COVER_STEP_NONE = 0,
    UI_COVER_STEP_VIEWER, /* set the viewer to `side` now */
    UI_COVER_STEP_SHOW,   /* open the cover screen for `side` (UI_SCREEN_COVER) */
    UI_COVER_STEP_LIFT,   /* the cover has nothing left to hide: pop it when it is on top */
} ui_cover_step_kind;

typedef struct ui_cover_step {
    ui_cover_step_kind kind;
    side_id side;
} ui_cover_step;

/* Applies the plan for the match now, for `viewer` and the controllers (by side id): the step
 * the app takes. `shown` is the cover screen on the stack (NULL: none); while it shows it
 * follows the plan (the side it is for changes, or it goes stale). */
ui_cover_step ui_cover_follow(const game *g, const ui_controller *controller, side_id viewer,
                              ui_screen *shown);

/* The viewer a match starts with, for the controllers now (no cover: nobody has seen anything
 * yet). */
side_id ui_cover_first_viewer(const game *g, const ui_controller *controller);

/* True when the match can hold something from one player: a deck (its cards may be reserved
 * face down), a sealed choice, anything the driver shows face down. Without secrets the hand passes
 * with no cover (cr15, tiny, cwr without concealment: alternate activations, every die open).
 * A figure one side may not see (game_visible: cwr's concealed units) is a secret too. */
bool ui_cover_secrets(const game *g);
/* The cover screen itself ("Pass the mouse to <side>. Click when ready."), for side `next` of
 * g's table. */
ui_screen *ui_cover_create(const game *g, side_id next);
/* True when s is a cover screen. */
bool ui_cover_is(const ui_screen *s);

/* The cover's answer to the frame's input, taken once (the app acts on it). */
typedef enum ui_cover_answer_kind {
    UI_COVER_WAIT = 0,
    UI_COVER_DISMISSED, /* the next player is at the screen: the viewer becomes *next; pop it */
    UI_COVER_PAUSE,     /* Esc: the pause menu over it */
    UI_COVER_LIFTED,    /* stale: nothing to hide any more; pop it */
} ui_cover_answer_kind;
ui_cover_answer_kind ui_cover_answer(ui_screen *s, side_id *next);

#endif // UI_COVER_H
