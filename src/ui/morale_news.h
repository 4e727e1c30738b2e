/* Why morale broke, on the table, for any rule set: when a command's events empty a morale pile
 * (a MORALE event with nothing left) and figures become demoralised in the same command, a
 * plate names the side and the reason ("the raw morale pile is empty") and the figures it
 * demoralised are ringed on the table while it shows. The event log says the same in full. */
#ifndef UI_MORALE_NEWS_H
#define UI_MORALE_NEWS_H

#include "render/render.h"
#include "ui/names.h"
#include "ui/view.h"

#include <stdbool.h>

#define UI_MORALE_NEWS_S   3.2       /* how long it shows at speed 1 (less when faster) */
#define UI_MORALE_NEWS_RGB 0xff7040u /* its edges and the rings round the figures */

typedef struct ui_morale_news {
    const game *seen_game;
    int seen_cursor;
    bool ready;
    char line[128];   /* "Moro morale breaks" */
    char sub[200];    /* "the raw morale pile is empty: 12 figures demoralised" */
    ui_names figures; /* the figures it demoralised */
    double t0, dur;
} ui_morale_news;

/* The announcement of commands [from, to) of g, if any: the last pile emptied among them.
 * False when none emptied a pile and demoralised anyone. */
bool ui_morale_news_find(const game *g, int from, int to, ui_morale_news *out);
/* Watches the match: a newly resolved command that breaks morale raises the plate `delay`
 * seconds from now. Undo, redo and loads do not. */
void ui_morale_news_update(ui_morale_news *m, const ui_view *view, double delay);
/* True while the plate is due or showing. */
bool ui_morale_news_showing(const ui_morale_news *m, double now);
/* Draws the plate centred between x0 and x1, low in the view (the turn banner is high). */
void ui_morale_news_draw(const ui_morale_news *m, const ui_view *view, render_ctx *ctx, float x0,
                         float x1);

#endif // UI_MORALE_NEWS_H
