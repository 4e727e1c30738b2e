/* The scenario editor's model of the scenario-level settings (ui/editor_doc.h): reinforcements
 * (when and where a unit enters), victory conditions of the kinds the rule set scores, with
 * their areas, and the rule set's options from its own list (rules_scenario_terms). Each edit is
 * one undo step, refused with the reason as the document's other edits are. */
#ifndef UI_EDITOR_SCENARIO_H
#define UI_EDITOR_SCENARIO_H

#include "rules/rules.h"
#include "ui/editor_doc.h"

/* ---- reinforcements ---------------------------------------------------------------------- */

/* When and where a unit comes on. */
typedef struct editor_arrival {
    int turn;         /* at the start of this turn; 0: on the table from the start */
    char trigger[64]; /* the rule set's trigger when it comes on one instead of a turn */
    scenario_edge edge;
    vec2s entry; /* on that edge, cm */
    int group;   /* its entry in the document's "reinforcements"; -1 when none */
} editor_arrival;

/* The unit's arrival (turn 0 and group -1 when it starts on the table); false when there is no
 * such unit. */
bool editor_unit_arrival(const editor_doc *d, int unit, editor_arrival *out);
/* Makes unit `unit` arrive at the start of `turn` by `edge` (SCENARIO_EDGE_NONE: the edge
 * nearest the unit, or the one it has) at `entry` (moved onto that edge; NaN x: the point of the
 * edge nearest the unit). Its figures queue just behind that edge, facing the table, as the
 * rule sets take them (docs/scenario-format.md): behind any other unit queued there. It joins a
 * reinforcement of the same side, turn, edge and entry point, else makes one of its own. Turn 0
 * puts it back on the table from the start, its figures just inside the edge. */
bool editor_unit_set_arrival(editor_doc *d, int unit, int turn, scenario_edge edge, vec2s entry);

/* ---- victory ----------------------------------------------------------------------------- */

int editor_victory_count(const editor_doc *d);
/* The rule set's description of the kind of condition `index`, or NULL when it scores none. */
const rules_victory_desc *editor_victory_desc(const editor_doc *d, int index);
/* The condition in player words ("Spanish holds the area at the end"), the scenario's own text
 * when it has one. */
void editor_victory_words(const editor_doc *d, int index, char *out, size_t size);
/* Adds a condition of `kind` (one the rule set scores): for side `side` (-1 none) when the kind
 * reads a side, `value` and `turns` when it reads them (0: a default), and for a kind that
 * holds an area the rectangle from a to b. Its index in *index. */
bool editor_victory_add(editor_doc *d, const char *kind, int side, int value, int turns, vec2s a,
                        vec2s b, int *index);
bool editor_victory_delete(editor_doc *d, int index);
/* The next (step 1) or previous side of the condition; a condition's own text made by the
 * editor follows its side and value, a designer's own is kept. */
bool editor_victory_step_side(editor_doc *d, int index, int step);
/* Its value by `step` (within the kind's range). */
bool editor_victory_step_value(editor_doc *d, int index, int step);
/* Its area: every point moved by delta, or one point to `to`. */
bool editor_victory_area_move(editor_doc *d, int index, vec2s delta);
bool editor_victory_area_move_point(editor_doc *d, int index, int point, vec2s to);
/* The area's points (a "rect" as four corners); count returned, 0 when it has none. */
int editor_victory_points(const editor_doc *d, int index, vec2s *out, int max);

/* ---- the rule set's options --------------------------------------------------------------- */

/* The rule set's list (NULL when it gives none). */
const rules_scenario_terms *editor_terms(const editor_doc *d);
/* The option's value in words ("on", "3", "Spanish", "Moro, Spanish"), or "default" when the
 * scenario leaves it to the rule set. */
void editor_option_words(const editor_doc *d, const rules_option_desc *o, char *out, size_t size);
/* Steps the option through its values, the rule set's own default (left out) first: off and
 * on; min to max; each side. */
bool editor_option_step(editor_doc *d, const char *key, int step);
/* For a list of sides or units: puts `name` in or takes it out (an empty list is left out). */
bool editor_option_toggle(editor_doc *d, const char *key, const char *name);
/* True when the option's list (of sides or units) names `name`. */
bool editor_option_has(const editor_doc *d, const char *key, const char *name);

#endif // UI_EDITOR_SCENARIO_H
