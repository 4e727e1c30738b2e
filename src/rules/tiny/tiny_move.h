/* D. Movement: moves, wheels, formation changes, the retreat path, passage of lines, the reach
 * of a move; their validation, legal moves and resolution. */
#ifndef TINY_TINY_MOVE_H
#define TINY_TINY_MOVE_H

#include "rules/tiny/tiny_state.h"

/* The path description of a troop (rough terrain, impassable, obstacles at half a move). */
void tiny_path_setup(const rules_state *rs, const table *t, const tiny_troop *tr,
                     float allowance_cm, bool road, float *mult, float *obstacle, path_desc *pd);

/* The full move of a unit in its formation, in cm. */
float tiny_allowance_cm(const rules_state *rs, const table *t, unit_id u, const tiny_troop *tr);

/* The stands' new places must be on the table, clear of every other stand, short of contact
 * with the enemy (contact is made by charging), and the paths may cross friends only where
 * passage of lines allows. `target` is the unit a charge may touch. */
bool tiny_check_places(const rules_state *rs, const table *t, const tiny_plan *p, unit_id target,
                       bool passage_any, char *reason, size_t size);

/* The figures a MOVE or WHEEL would move, the reference stand (whose path it gives) first. */
int tiny_move_figures(const rules_state *rs, const table *t, const rules_command *cmd,
                      figure_id *out, int max);

/* The plan of a MOVE or WHEEL. Its note (log text) is written only when the caller gives room
 * for a reason (size > 0): validation from legal() reads neither. */
bool tiny_plan_move(const rules_state *rs, const table *t, const rules_command *cmd, tiny_plan *out,
                    char *reason, size_t size);

/* A straight retreat or evade of a full move, directly along `dir`, facing it. Sets *off when
 * the move leaves the table, *blocked when it cannot move at all. */
void tiny_plan_retreat(const rules_state *rs, const table *t, unit_id u, vec2s dir, tiny_plan *out,
                       bool *off, bool *blocked);

/* The unit's formation ("line" or "deployed" when the scenario gives none). */
const char *tiny_formation_of(const rules_state *rs, const table *t, unit_id u);

/* The stands' places after a line/column change, about the leading stand. */
void tiny_plan_reform(const table *t, unit_id u, const char *to, tiny_plan *p);

/* May the unit change to formation `to` now (not counting the order)? */
bool tiny_check_formation(const rules_state *rs, const table *t, unit_id u, const char *to,
                          char *reason, size_t size);

void tiny_emit_plan(rules_state *rs, rules_ctx *ctx, const tiny_plan *p, const char *ref,
                    const char *what);

/* The unit retreats (or evades) a full move along dir, through friends but never through an
 * enemy or terrain closed to it, ending clear of every stand; off the table it is gone. A
 * forced retreat that cannot be made (deployed guns, or less than retreat_min_in of room) destroys
 * the unit (seed 003, F: Deciding the Outcome); an evade that cannot be made is not made and
 * the unit stands. Returns false when the unit did not move. */
bool tiny_retreat(rules_state *rs, rules_ctx *ctx, unit_id u, vec2s dir, bool forced,
                  const char *ref, const char *what);

/* Away from the nearest enemy unit on the table (the unit's rear when there is none). */
vec2s tiny_away_from_enemy(const rules_state *rs, const table *t, unit_id u);

void tiny_resolve_move(rules_state *rs, rules_ctx *ctx, const rules_command *cmd,
                       const tiny_plan *p, const tiny_order *o);

void tiny_resolve_formation(rules_state *rs, rules_ctx *ctx, const rules_command *cmd,
                            const tiny_order *o);

bool tiny_validate_move(const rules_state *rs, const table *t, const rules_command *cmd,
                        char *reason, size_t size);

bool tiny_validate_formation(const rules_state *rs, const table *t, const rules_command *cmd,
                             char *reason, size_t size);

void tiny_add_moves(const rules_state *rs, const table *t, legal_list *l, unit_id u,
                    float allowance);

void tiny_add_brigade_moves(const rules_state *rs, const table *t, legal_list *l, unit_id b);

void tiny_add_commander_move(const rules_state *rs, const table *t, legal_list *l, const figure *c);

/* The formation change the bot would consider for unit u now (FORMATION), if legal. */
void tiny_add_formation(const rules_state *rs, const table *t, legal_list *l, unit_id u,
                        const tiny_troop *tr);

bool tiny_reach(const rules_state *rs, const table *t, const rules_command *move, vec2s dir,
                rules_reach *out);

#endif // TINY_TINY_MOVE_H
