/* The end screen: who won and why in the rule book's words, turns played, losses by side (by
 * quality and by unit), the moments that decided it (the commands that removed or broke the
 * most, from the event log), and Rematch, New game, Watch the replay (ui/replay_view.h) or
 * back to the table. Shown over the table when a match ends, for any rule set. */
#ifndef UI_END_SCREEN_H
#define UI_END_SCREEN_H

#include "ui/app.h"

#define UI_END_SIDES_MAX   8
#define UI_END_UNITS_MAX   8
#define UI_END_MOMENTS_MAX 3

typedef struct ui_end_side {
    side_id side;
    char name[TABLE_NAME_MAX];
    int figures, lost; /* lost: removed (killed, captured, gone) */
    int lost_by_quality[FIGURE_QUALITY_COUNT];
    struct {
        char name[TABLE_NAME_MAX];
        int figures, lost;
    } units[UI_END_UNITS_MAX]; /* the units that lost most, most first */
    int unit_count;
} ui_end_side;

typedef struct ui_end_moment {
    int index, turn; /* command index (0-based) and its turn */
    int removed, broken;
    char text[320]; /* "Turn 2: Spanish fire: Lt Vara and 15 others at Datu Mango: 4 fall" */
} ui_end_moment;

typedef struct ui_end_summary {
    bool over;
    side_id winner;
    char headline[96]; /* "Spanish win" / "A draw" */
    char reason[160];  /* the rule set's words */
    char rule[160];    /* "Little Colonial Rules — Morale" (the game-over event's reference) */
    int turns, commands;
    int referee; /* referee commands in the match (ui/referee.h): the players' own rulings */
    ui_end_side sides[UI_END_SIDES_MAX];
    int side_count;
    ui_end_moment moments[UI_END_MOMENTS_MAX]; /* in the order they happened */
    int moment_count;
} ui_end_summary;

/* The summary of the match as it stands (over or not). */
void ui_end_summarise(const game *g, ui_end_summary *out);

/* The screen (modal): R rematch, N new game, W watch the replay, Esc back to the table. */
ui_screen *ui_end_screen_create(ui_app *app);
/* For tests: the centre of a button as last drawn: "rematch", "new", "watch", "back". */
bool ui_end_screen_button(const ui_screen *s, const char *name, float *x, float *y);

#endif // UI_END_SCREEN_H
