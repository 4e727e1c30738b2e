/* The turn driver on screen: whatever the rule set says drives its turn (game_driver), drawn on
 * the right of the table screen: an order deck with its draw and discard piles, the card in
 * play and each side's reserved hand (the other side's face down); order dice with the pips
 * left per commander; a phase bar; morale piles. It never names a rule set.
 *
 * It follows the match by the events of each command submitted (game_events), by whoever
 * submits it, and animates them: a drawn card slides off the pile and flips, a reserved card
 * goes to its owner's hand and comes back when played, discards fly to their pile, the
 * reshuffle gathers discards and held cards into the deck and new cards fly in. An undo or a
 * load just shows the new state. Animations follow settings.anim_speed (0: none).
 *
 * It also offers the card decisions (act or reserve; play a reserved card first or pass; draw)
 * as buttons built from the engine's legal commands, and says whose command the card gives:
 * the leader's command radius and the figures he could activate (game_command_radius). */
#ifndef UI_DRIVER_PANEL_H
#define UI_DRIVER_PANEL_H

#include "game/game.h"
#include "render/render.h"
#include "ui/actions.h"
#include "ui/names.h"
#include "ui/view.h"

#include <stdbool.h>

typedef struct ui_driver_panel ui_driver_panel;

#define UI_DRIVER_PANEL_W 300 /* panel width in px before ui scale */

ui_driver_panel *ui_driver_panel_create(void);
void ui_driver_panel_destroy(ui_driver_panel *p);

/* Follows the match: the events of commands submitted since the last call start animations
 * (none after an undo, a redo or a load). Call once a frame. */
void ui_driver_panel_update(ui_driver_panel *p, const ui_view *view);
/* Forgets what it saw (a new match): the next update shows the state without animation. */
void ui_driver_panel_reset(ui_driver_panel *p);

/* Draws the panel at the top right; returns its bottom edge in px (0 when it drew nothing). */
float ui_driver_panel_draw(ui_driver_panel *p, const ui_view *view, render_ctx *ctx);
/* Draws on the table, under the figures: the command radius of the leader whose card is up. */
void ui_driver_panel_draw_table(ui_driver_panel *p, const ui_view *view, render_ctx *ctx,
                                const render_camera *cam);
/* True when figure index i (of the table) is lit: the card up could activate it. */
bool ui_driver_panel_lit(const ui_driver_panel *p, int i);

/* The leader whose command is shown and its radius (cm); false when none. */
bool ui_driver_panel_command(const ui_driver_panel *p, figure_id *leader, float *radius_cm);

/* True when (x, y) is over the panel (the table view leaves such clicks alone). */
bool ui_driver_panel_contains(const ui_driver_panel *p, float x, float y);
/* A left click: true when the panel took it; *out is the command to submit (kind NONE: none).
 * A card that cannot be played or a draw out of turn fills *refused (what and why) for the
 * caller to log and show; refused may be NULL (then nobody hears why). */
bool ui_driver_panel_click(ui_driver_panel *p, const ui_view *view, float x, float y,
                           rules_command *out, ui_refusal *refused);
/* The figures named where the pointer is on the panel: a button's leader and the figures he
 * would activate, a face-up card's officer and his. False when (x, y) is not on the panel. */
bool ui_driver_panel_named(const ui_driver_panel *p, const ui_view *view, float x, float y,
                           ui_names *out);
/* The tooltip of the morale pile under (x, y), up to max lines of 128 bytes: the pile and its
 * chits left, the quality it breaks when empty (its label's first word names it) and the
 * side's casualties so far. 0 when (x, y) is on no pile. Hovering a pile also names (rings)
 * the figures of its quality (ui_driver_panel_named). */
int ui_driver_panel_tooltip(const ui_driver_panel *p, const ui_view *view, float x, float y,
                            char lines[][128], int max);
/* The title on a card's face: its officer's name, else its kind from the rule set's label
 * with what follows in brackets left to the body ("soldier card (Spanish)": "Soldier card",
 * the side's name under the picture), so it fits the card uncut. */
const char *ui_driver_panel_card_title(const table *t, const rules_driver_item *it, char *buf,
                                       size_t size);
/* The decision buttons by the last draw: how many, and the n-th's label and command. */
int ui_driver_panel_button_count(const ui_driver_panel *p);
const char *ui_driver_panel_button(const ui_driver_panel *p, int n, rules_command *cmd, float *x,
                                   float *y, float *w, float *h);
/* Where card `card` (rules_driver_item.value) was drawn by the last draw: in play, waiting or
 * in a hand. False when it was not drawn. */
bool ui_driver_panel_card_rect(const ui_driver_panel *p, int card, float *x, float *y, float *w,
                               float *h);
/* The play slot (the card in play) by the last draw; false without a deck. */
bool ui_driver_panel_play_rect(const ui_driver_panel *p, float *x, float *y, float *w, float *h);
/* The panel's rect by the last draw (w = 0: none). */
void ui_driver_panel_rect(const ui_driver_panel *p, float *x, float *y, float *w, float *h);
/* True while cards are still flying. */
bool ui_driver_panel_animating(const ui_driver_panel *p, double now);

#endif // UI_DRIVER_PANEL_H
