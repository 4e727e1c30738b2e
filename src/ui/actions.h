/* The action bar: the legal commands of the moment that are not placed on the table (draw a
 * card, activate a leader, reserve, pass, rally, end the phase...), asked of the engine
 * (game_legal) and labelled in words, so any rule set can be played with the mouse or the
 * number keys. Spatial commands (move, fire, turn) are made on the table itself. */
#ifndef UI_ACTIONS_H
#define UI_ACTIONS_H

#include "game/game.h"

#include <stdbool.h>

#define UI_ACTIONS_MAX 9

typedef struct ui_action_item {
    rules_command cmd;
    char label[96];
} ui_action_item;

typedef struct ui_actions {
    ui_action_item items[UI_ACTIONS_MAX];
    int count;
} ui_actions;

/* A command a panel refused before the rules saw it: the table view logs it as a refusal
 * (ui_teach_refused: "Cannot <what>: <reason>"). Empty what: none. */
typedef struct ui_refusal {
    char what[64];
    char reason[200];
} ui_refusal;

/* True for commands made by dragging or pointing on the table. */
bool ui_actions_spatial(rules_command_kind kind);
/* The non-spatial legal commands now, labelled in the rule set's words (game_describe),
 * identical labels merged. */
void ui_actions_collect(const game *g, ui_actions *out);

#endif // UI_ACTIONS_H
