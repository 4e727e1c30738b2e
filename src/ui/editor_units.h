/* The scenario editor's edits of units figure by figure, of groups turned as one, of each
 * unit's formation and commander from the rule set's own lists, and of the sides (their names,
 * colours from a small palette, and a side more where the rule set allows it). Each is one
 * edit of the model (ui/editor_doc.h): undoable, refused with the reason when the loader or
 * the rule set would not take it or a base would stand on another, and kept by the writer.
 *
 * A unit's figures are numbered as the loaded table lists them (k from 0). A unit written as
 * blocks (or with defaults) is written out figure by figure by the first of these edits that
 * touches one of its figures, so that each figure has a place of its own in the file. */
#ifndef UI_EDITOR_UNITS_H
#define UI_EDITOR_UNITS_H

#include "ui/editor_doc.h"

#include <stdint.h>

#define EDITOR_FORMATIONS_MAX 8
#define EDITOR_PALETTE_COUNT  8
#define EDITOR_WORD_MAX       32

/* ---- figures one by one ------------------------------------------------------------------ */

/* The number of figures of the unit on the loaded table (0 when there is no such unit). */
int editor_unit_figure_count(const editor_doc *d, int unit_ix);
/* The loaded table's figure k of the unit, or NULL. */
const figure *editor_unit_figure(const editor_doc *d, int unit_ix, int k);
/* Which unit and which of its figures `fig` is; false when none. */
bool editor_figure_locate(const editor_doc *d, figure_id fig, int *unit_ix, int *k);
/* One more figure for the unit at `pos`, like its figure `like` (-1: its last) in role,
 * quality, weapon, kind, base and facing; its number in *k_out. */
bool editor_figure_add(editor_doc *d, int unit_ix, int like, vec2s pos, int *k_out);
/* Takes the figure away (the unit with it, when it was the last). */
bool editor_figure_delete(editor_doc *d, int unit_ix, int k);
/* Moves the one figure by `delta` cm, or turns it by `deg` degrees (clockwise on screen). */
bool editor_figure_move(editor_doc *d, int unit_ix, int k, vec2s delta);
bool editor_figure_turn(editor_doc *d, int unit_ix, int k, float deg);

/* ---- groups ------------------------------------------------------------------------------ */

/* Turns every listed terrain piece and unit by `deg` degrees (clockwise on screen) about the
 * centre of what they cover, figures' facings with them, as one edit: refused whole when a
 * base would stand on another or anything would leave the table. */
bool editor_group_rotate(editor_doc *d, const int *features, int nf, const int *units, int nu,
                         float deg);

/* ---- formation and commander ------------------------------------------------------------- */

/* The formations the rule set offers the unit (its rule book's words, the one it takes when
 * the file names none first); 0 when it has none for this unit or the rule set has none. As
 * of the last live check the rule set could make a game of. */
int editor_unit_formations(const editor_doc *d, int unit_ix, char (*out)[EDITOR_WORD_MAX], int max);
/* The unit's formation as the file gives it ("" when none). */
const char *editor_unit_formation(const editor_doc *d, int unit_ix);
/* Sets it ("" or NULL: none given, the rule set's first); refused when the rule set lists
 * formations for the unit and `name` is not one of them. */
bool editor_unit_set_formation(editor_doc *d, int unit_ix, const char *name);
/* The unit's next (step 1) or previous formation of the rule set's list. */
bool editor_unit_cycle_formation(editor_doc *d, int unit_ix, int step);
/* Which of its figures commands the unit, or -1. */
int editor_unit_commander(const editor_doc *d, int unit_ix);
/* Figure k commands the unit (-1: nobody); a figure without a name is given one. */
bool editor_unit_set_commander(editor_doc *d, int unit_ix, int k);

/* ---- sides ------------------------------------------------------------------------------- */

typedef struct editor_colour {
    uint32_t rgb;
    const char *name; /* "red", in player words */
} editor_colour;

/* The colours a side may take; the first four are the loader's own for sides given none. */
extern const editor_colour editor_side_palette[EDITOR_PALETTE_COUNT];

/* The palette entry of the side's colour, or -1 when it is another colour. */
int editor_side_colour(const editor_doc *d, int side_ix);
/* The side's colour is the palette's next (step 1) or previous one not taken by another side. */
bool editor_side_cycle_colour(editor_doc *d, int side_ix, int step);
bool editor_side_set_colour(editor_doc *d, int side_ix, int palette_index);
/* Renames the side, and every mention of it (units, zones, reinforcements, victory, the rule
 * set's options). Refused for an empty name or one another side has. */
bool editor_side_rename(editor_doc *d, int side_ix, const char *name);
/* A side more, named after its colour; refused when the rule set plays only so many sides
 * (cwr and cr15: two) or the file format's limit is reached. Its index in *index. */
bool editor_side_add(editor_doc *d, int *index);
/* Takes away a side without troops (its zones and victory conditions with it). */
bool editor_side_delete(editor_doc *d, int side_ix);

#endif // UI_EDITOR_UNITS_H
