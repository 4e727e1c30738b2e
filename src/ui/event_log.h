/* The event log: the match's commands in order (the setup first, the newest at the bottom), each
 * with a one-line summary, and the commands the rule set refused with their reason ("why
 * not?"). An entry opens, on a click, to its explanation: every event in our words, the dice of
 * each throw with what they needed, the modifiers and their sources, and the rule reference
 * (seed and section) they come from. It reads the match through game.h; the refusals are told
 * to it, since a refused command leaves no trace in the match. */
#ifndef UI_EVENT_LOG_H
#define UI_EVENT_LOG_H

#include "game/game.h"
#include "render/render.h"

#include <stdbool.h>

#define UI_EVENT_LOG_REFUSALS_MAX 64
#define UI_EVENT_LOG_HITS_MAX     96
#define UI_EVENT_LOG_NONE         (-1000000)
#define UI_EVENT_LOG_SETUP        (-1) /* the key of the setup entry */

/* An entry's key: a command's log index (UI_EVENT_LOG_SETUP for the setup), or, for a refusal,
 * ui_event_log_refusal_key(n) of the n-th refusal told. */
#define ui_event_log_refusal_key(n) (-10 - (n))

typedef struct ui_event_log_refusal {
    int cursor;       /* commands in effect when it was refused: it sits after them */
    int seq;          /* its number among all refusals told */
    char what[96];    /* "move there", "fire" */
    char reason[256]; /* the rule set's reason */
} ui_event_log_refusal;

/* One line of an explanation. */
typedef struct ui_event_log_line {
    char text[400];
    uint32_t rgba;
    int indent; /* 0 or 1 */
} ui_event_log_line;

/* Where an entry was drawn (for clicks). */
typedef struct ui_event_log_hit {
    float y, h;
    int key;
} ui_event_log_hit;

typedef struct ui_event_log {
    bool open;
    int opened;   /* the key of the entry shown opened, or UI_EVENT_LOG_NONE */
    float scroll; /* pixels scrolled back from the newest entry */
    bool reveal;  /* scroll the opened entry into view at the next draw */
    ui_event_log_refusal refusals[UI_EVENT_LOG_REFUSALS_MAX]; /* a ring: the newest kept */
    int refusal_count;                                        /* told so far */
    /* The side reading the log (ui_app.viewer): what it may not see is not told
     * (game_command_visible, game_event_visible); 0 tells everything. */
    side_id viewer;
    /* As last drawn, for clicks and tests. */
    float x, y, w, h;
    float button_x, button_y, button_w, button_h;
    ui_event_log_hit hits[UI_EVENT_LOG_HITS_MAX];
    int hit_count;
} ui_event_log;

void ui_event_log_init(ui_event_log *log);
/* Records a refused command at the current cursor. */
void ui_event_log_refuse(ui_event_log *log, int cursor, const char *what, const char *reason);

/* The keys of the entries in order, oldest first (setup, commands in effect with the refusals
 * told between them). Returns how many (at most max: the newest). */
int ui_event_log_entries(const ui_event_log *log, const game *g, int *keys, int max);
/* The one-line summary of an entry: "12. Spanish fire: area fire by 6: 2 hits". */
const char *ui_event_log_title(const ui_event_log *log, const game *g, int key, char *buf,
                               size_t size);
/* What a command was, in words: "Spanish fire: Lt Vara and 5 others at Juramentado 2". */
const char *ui_event_log_command_words(const game *g, int index, char *buf, size_t size);
/* The explanation of an entry, line by line. Returns the lines written (at most max). */
int ui_event_log_explain(const ui_event_log *log, const game *g, int key, ui_event_log_line *out,
                         int max);

/* Draws the toggle button at (bx, by) and, when open, the panel in (x, y, w, h). */
void ui_event_log_draw(ui_event_log *log, render_ctx *ctx, const game *g, float bx, float by,
                       float x, float y, float w, float h);
/* A left click at (x, y): toggles the log from its button, opens or closes an entry. True when
 * the click was the log's. */
bool ui_event_log_click(ui_event_log *log, float x, float y);
/* The wheel over the panel scrolls it; true when it was over the panel. */
bool ui_event_log_wheel(ui_event_log *log, float x, float y, float notches);
/* The key of the entry drawn at (x, y) by the last draw, or UI_EVENT_LOG_NONE. */
int ui_event_log_key_at(const ui_event_log *log, float x, float y);
/* The figures an entry concerns: the command's figures and target, every figure its events
 * name, and the figures its title names (a refusal: its reason's). Returns the count. */
int ui_event_log_figures(const ui_event_log *log, const game *g, int key, figure_id *out, int max);

/* True when (x, y) is over the panel or the button as last drawn. */
bool ui_event_log_contains(const ui_event_log *log, float x, float y);

#endif // UI_EVENT_LOG_H
