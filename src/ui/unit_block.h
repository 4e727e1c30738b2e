/* Units of stands moved and wheeled as blocks on the table view (for rule sets with
 * rules_view_ops.moves_by_unit). A block is the figures one MOVE or WHEEL takes, its reference
 * figure first; dragging keeps every figure's offset to the reference, and a wheel turns the block
 * about one end of its front line while the other end swings. Pure geometry over the table;
 * the table view draws the preview and submits the command. */
#ifndef UI_UNIT_BLOCK_H
#define UI_UNIT_BLOCK_H

#include "core/table.h"
#include "rules/command.h"

#include <stdbool.h>
#include <stdint.h>

#define UI_UNIT_BLOCK_MAX 64

typedef struct ui_unit_block {
    int count;
    int fig[UI_UNIT_BLOCK_MAX];      /* table indices; fig[0] is the reference figure */
    vec2s offset[UI_UNIT_BLOCK_MAX]; /* each figure's place minus the reference's */
} ui_unit_block;

/* The command that drags figure `pressed` (a table index) as a block, given the figures whose
 * flags have `selected_mask` set: the selection's common parent unit when it spans two or more
 * units under one parent (a formed brigade), else the pressed figure's unit when it has other
 * active figures, else the pressed figure alone. */
rules_command ui_unit_block_command(const table *t, int pressed, const uint8_t *flags,
                                    unsigned selected_mask, rules_command_kind kind);
/* The block of the figures `ids` (reference first); unknown ids are skipped. */
void ui_unit_block_init(ui_unit_block *b, const table *t, const figure_id *ids, int n);
/* True when table index `fig` is in the block. */
bool ui_unit_block_has(const ui_unit_block *b, int fig);
/* Where block figure k stands when the reference stands at `ref`. */
vec2s ui_unit_block_place(const ui_unit_block *b, int k, vec2s ref);
/* The reference's place that puts block figure k at `p`. */
vec2s ui_unit_block_ref_for(const ui_unit_block *b, int k, vec2s p);

/* ---- wheeling -------------------------------------------------------------------------------- */

typedef struct ui_unit_wheel {
    vec2s pivot;  /* the end of the front line that stays put */
    vec2s swing;  /* the other end, which travels (the handle sits there) */
    float facing; /* the block's facing before the wheel (its reference figure's) */
    float radius; /* pivot to the farthest stand corner: the outer end's radius */
} ui_unit_wheel;

/* The two ends of the block's front line, [0] on the left and [1] on the right as the block
 * faces (screen y down). False for an empty block. */
bool ui_unit_block_front_ends(const ui_unit_block *b, const table *t, vec2s ends[2]);
/* A wheel swinging end `end` (0 left, 1 right) about the other end. */
ui_unit_wheel ui_unit_block_wheel(const ui_unit_block *b, const table *t, int end);
/* The signed turn (radians, in (-pi, pi]) that brings the swinging end onto the line from the
 * pivot to `p`. */
float ui_unit_wheel_turn(const ui_unit_wheel *w, vec2s p);
/* The distance the outer end travels in a turn: |turn| x radius. */
float ui_unit_wheel_arc_cm(const ui_unit_wheel *w, float turn);
/* The place and facing of block figure k after the turn. */
void ui_unit_wheel_pose(const ui_unit_wheel *w, const ui_unit_block *b, const table *t, int k,
                        float turn, vec2s *pos, float *facing);
/* The WHEEL command for the block's unit: pivot and new facing. */
rules_command ui_unit_wheel_command(const ui_unit_wheel *w, const ui_unit_block *b, const table *t,
                                    float turn);

#endif // UI_UNIT_BLOCK_H
