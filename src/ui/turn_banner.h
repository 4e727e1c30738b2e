/* The turn's rhythm on screen, for any rule set: a "Turn N begins" banner over the table when a
 * command's events begin a new turn (RULES_EV_TURN), with what the rule set says came with it
 * (the reshuffle: "discards and every held card go back"), and the turn in words against the
 * scenario's limit ("turn 2 of 8"). */
#ifndef UI_TURN_BANNER_H
#define UI_TURN_BANNER_H

#include "render/render.h"
#include "ui/view.h"

#include <stdbool.h>

#define UI_TURN_BANNER_S   2.6       /* how long it shows at speed 1 (less when faster) */
#define UI_TURN_BANNER_RGB 0xe0b040u /* its gold edges */

typedef struct ui_turn_banner {
    const game *seen_game;
    int seen_cursor;
    bool ready;
    int turn;      /* the turn announced; 0 none */
    char sub[200]; /* the line under it */
    double t0;     /* when it appears */
    double dur;    /* how long it shows */
} ui_turn_banner;

/* The scenario's turn limit (its "turns" victory condition), 0 when it has none. */
int ui_turn_limit(const game *g);
/* "turn 2 of 8" (or "turn 2" without a limit) into buf. */
const char *ui_turn_words(const game *g, char *buf, size_t size);

/* Watches the match: a newly resolved command that begins a turn raises the banner `delay`
 * seconds from now (after the card that ended the turn is seen). Undo, redo and loads do not. */
void ui_turn_banner_update(ui_turn_banner *b, const ui_view *view, double delay);
/* True while the banner is due or showing. */
bool ui_turn_banner_showing(const ui_turn_banner *b, double now);
/* Draws it centred between x0 and x1, in the upper third of the view. */
void ui_turn_banner_draw(const ui_turn_banner *b, const ui_view *view, render_ctx *ctx, float x0,
                         float x1);

#endif // UI_TURN_BANNER_H
