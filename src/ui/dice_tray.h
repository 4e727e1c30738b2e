/* The dice tray: the dice of a resolved command, one tray per throw (the DIE events of one dice
 * group). The dice tumble in and land as thrown, slide into order by face (highest first), then
 * each tested die is marked as a success (hit, save) or a failure; a later throw (the saves)
 * rolls in its own tray once the one before has settled. With animation off the final sorted,
 * marked result shows at once. Faces are drawn with render primitives (pips for six-sided dice,
 * the number otherwise). */
#ifndef UI_DICE_TRAY_H
#define UI_DICE_TRAY_H

#include "render/render.h"
#include "rules/event.h"

#include <stdbool.h>

#define UI_DICE_TRAY_DICE_MAX   192
#define UI_DICE_TRAY_GROUPS_MAX 12

typedef struct ui_dice_die {
    int sides;    /* 6, 10, 100; 0 = the average die */
    int value;    /* the face that fell */
    int need;     /* score needed; 0 = untested */
    bool success; /* the rule set's verdict (hit, save...) */
    int thrown;   /* its place in the throw (0-based), before sorting */
    /* Where it was last drawn: centre and side in pixels (tests read these). */
    float cx, cy, size;
} ui_dice_die;

typedef struct ui_dice_group {
    char tag[RULES_EVENT_TAG_MAX]; /* the purpose: "to_hit", "save" */
    char title[192];               /* "To hit: 48 dice needing 5+" */
    figure_id figure;              /* the owner of untested dice (0: several, tested) */
    char ref[RULES_EVENT_REF_MAX];
    int first, count; /* its dice in ui_dice_tray.dice, sorted by face, highest first */
    int successes;    /* tested dice that succeeded */
    bool tested;      /* at least one die had a score to reach */
    int mark;         /* > 0: the group's total was tested against this (a morale check: the
                         figures left), by a non-die event of the same group with need set */
    bool mark_ok;     /* that event's verdict */
    bool percentile;  /* two D10 read as percentage dice (RULES_TAG_PERCENTILE): kept in throw
                         order, the first the tens */
    int reading;      /* their reading, 1-100 */
    int key;          /* its dice group number (the event's group) */
    int contest;      /* dice of one throw split by owner (a close combat): +1 this owner won,
                         -1 he lost (removed by the same command), 0 not a contest or no verdict */
    int per;          /* > 1: successes count in sets of this many (pairs of 6s), each set
                         framed together (RULES_TAG_PER_RESULT) */
    double start;     /* when its animation starts (seconds, app time) */
    float x, y, w, h; /* its box as last drawn */
    bool drawn;       /* it fitted on screen in the last draw */
} ui_dice_group;

typedef struct ui_dice_tray {
    bool visible;
    char caption[160]; /* the command that threw them */
    ui_dice_die dice[UI_DICE_TRAY_DICE_MAX];
    int dice_count;
    ui_dice_group groups[UI_DICE_TRAY_GROUPS_MAX];
    int group_count;
    float speed;                     /* animation speed (1 normal); 0 shows the result at once */
    float x, y, w, h;                /* the panel as last drawn */
    float close_x, close_y, close_s; /* its close box */
    /* A settled tray folds to its title line after a while, so it does not keep covering the
     * table's left side; a click opens it again (and keeps it open). */
    bool collapsed, pinned;
    double settled_at;
} ui_dice_tray;

#define UI_DICE_TRAY_LINGER_S 8.0 /* how long a settled tray stays open */

/* Folds the tray once it has been settled UI_DICE_TRAY_LINGER_S (unless pinned open). */
void ui_dice_tray_tick(ui_dice_tray *t, double now);

/* Fills the tray with the DIE events of `ev` (one command's events), grouped by dice group in the
 * order first thrown (untested dice also by figure: each its owner's), each sorted by face;
 * `names` (may be NULL) names the owners in the titles. Starts the animation at `now` at
 * `speed` (<= 0: no animation). Returns the number of throws; with none the tray is left as it
 * was. */
int ui_dice_tray_show(ui_dice_tray *t, const rules_event *ev, int count, const char *caption,
                      const table *names, double now, float speed);
void ui_dice_tray_hide(ui_dice_tray *t);
/* True once every throw has landed, sorted and been marked. */
bool ui_dice_tray_settled(const ui_dice_tray *t, double now);

/* Draws the tray with its bottom-left corner at (x, bottom), `w` wide and at most `max_h` tall
 * (throws that do not fit are counted in a last line). Returns the height drawn (0: hidden). */
float ui_dice_tray_draw(ui_dice_tray *t, render_ctx *ctx, double now, float x, float bottom,
                        float w, float max_h);
/* A click at (x, y): true when it fell on the tray (its close box hides it). */
bool ui_dice_tray_click(ui_dice_tray *t, float x, float y);
/* True when (x, y) is over the tray as last drawn. */
bool ui_dice_tray_contains(const ui_dice_tray *t, float x, float y);

/* Draws one die centred at (cx, cy), `size` pixels wide, turned by `angle` radians; `mark` 0
 * plain, 1 success, -1 failure. Exposed for the log and tests. */
void ui_dice_tray_draw_die(render_ctx *ctx, float cx, float cy, float size, float angle, int sides,
                           int value, int mark, bool save);
/* The colour of the body of a die: plain, success or failure (0xRRGGBB, for pixel tests). */
uint32_t ui_dice_tray_body_rgb(int mark, bool save);
/* The colour of a success / failure frame and of the pips (0xRRGGBB). */
#define UI_DICE_HIT_RGB  0x35c45au
#define UI_DICE_MISS_RGB 0xc84a3cu
#define UI_DICE_PIP_RGB  0x1c1c1cu
#define UI_DICE_SET_RGB  0xffd34au /* the bar joining the successes of one set (a pair of 6s) */

/* The offset of pip k (0-based, of `value` pips) from a die's centre, as a fraction of its side
 * (no rotation); false for a value without pips. */
bool ui_dice_tray_pip(int value, int k, float *dx, float *dy);

#endif // UI_DICE_TRAY_H
