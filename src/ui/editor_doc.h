/* The scenario editor's model: the scenario as a JSON document in the file format
 * (docs/scenario-format.md), the scenario the loader makes of it, and undo/redo by snapshots of
 * the document's text. No SDL, no screen: the editor screen (ui/editor.h) and the tests drive it.
 *
 * Why a document rather than the loaded scenario: every edit is one change to what the file
 * says, the loader stays the one judge of what a file may say, and the element at fault in an
 * error is the JSON path the loader names. After every edit the document is loaded again; an
 * edit the loader refuses (a polygon whose edges cross, a figure off the table) or that puts a
 * base on top of another is undone at once and refused with the reason in player words, so the
 * document always loads. What the rule set then says of it (sandtable validate's second check)
 * is the live check: kept, shown, and the element it names ringed.
 */
#ifndef UI_EDITOR_DOC_H
#define UI_EDITOR_DOC_H

#include "core/table.h"
#include "scenario/scenario.h"

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#define EDITOR_UNDO_MAX     200
#define EDITOR_REASON_MAX   300
#define EDITOR_LIST_MAX     48
#define EDITOR_CIRCLE_SIDES 24
#define EDITOR_BLOCK_MAX    200 /* figures in one placed block */

typedef struct editor_doc editor_doc;

/* What the live check found: ok, or the first problem in player words and the element at fault
 * (a terrain piece, a unit or a victory condition; -1 when none is known). */
typedef struct editor_check {
    bool ok;
    char message[EDITOR_REASON_MAX];
    int feature; /* index into the document's "terrain", or -1 */
    int unit;    /* index into the document's "units", or -1 */
    int victory; /* index into the document's "victory", or -1 */
} editor_check;

/* A block of figures for a side: count figures in ranks, centre of the front rank at origin. */
typedef struct editor_unit_desc {
    int side;         /* index into the document's "sides" */
    vec2s origin;     /* cm */
    int count;        /* 0: 1 */
    int ranks;        /* 0: 1 */
    float spacing_cm; /* centre to centre along a rank; 0: the base's width */
    float facing_deg; /* 0 east, 90 south (docs/scenario-format.md) */
    figure_role role; /* FIGURE_ROLE_SOLDIER by default */
    figure_quality quality;
    const char *weapon;          /* NULL or "": none given */
    const char *kind;            /* NULL or "": none given */
    const char *name;            /* NULL: made from the kind, unique */
    float frontage_cm, depth_cm; /* > 0: a rectangular stand; else round */
    float radius_cm;             /* 0: 1.25 */
} editor_unit_desc;

/* The rule set's own lists, for the editor's choices (never free text where a list exists). */
typedef struct editor_lists {
    char weapons[EDITOR_LIST_MAX][TABLE_NAME_MAX];
    int weapon_count;
    char kinds[EDITOR_LIST_MAX][TABLE_NAME_MAX];
    int kind_count;
} editor_lists;

/* Opens a scenario file; NULL with the loader's message when it does not load. */
editor_doc *editor_doc_open(const char *path, char *err, size_t size);
/* A blank table of the rule set (two sides, no terrain or units); NULL when the rule set is
 * unknown. */
editor_doc *editor_doc_new(const char *ruleset, char *err, size_t size);
void editor_doc_destroy(editor_doc *d);

/* The scenario as it stands (never NULL) and the document behind it. */
const scenario *editor_doc_scenario(const editor_doc *d);
const json_t *editor_doc_json(const editor_doc *d);
/* Bumped by every change (edits, undo, redo, drags): a cache key for drawing. */
unsigned editor_doc_version(const editor_doc *d);
const editor_check *editor_doc_check(const editor_doc *d);
/* The reason the last edit was refused ("" when it was not). */
const char *editor_doc_refusal(const editor_doc *d);
/* The rule set's measuring unit: 2.5 for inches, else 1 (cm): the snapping grid. */
float editor_doc_grid_cm(const editor_doc *d);
/* The rule set's lists of weapons and troop kinds (from its data file and its scenarios). */
const editor_lists *editor_doc_lists(const editor_doc *d);
bool editor_doc_dirty(const editor_doc *d);

bool editor_doc_undo(editor_doc *d);
bool editor_doc_redo(editor_doc *d);
bool editor_doc_can_undo(const editor_doc *d);
bool editor_doc_can_redo(const editor_doc *d);

/* ---- terrain: each returns false (and nothing changes) when refused ---------------------- */

/* A polygon of type `type` (a terrain type's name); the new piece's index in *index. */
bool editor_add_area(editor_doc *d, const char *type, const vec2s *pts, int n, int *index);
bool editor_add_rect(editor_doc *d, const char *type, vec2s a, vec2s b, int *index);
bool editor_add_circle(editor_doc *d, const char *type, vec2s centre, float radius, int *index);
/* A line (wall, hedge, stream) of width_cm (0: 1). */
bool editor_add_line(editor_doc *d, const char *type, const vec2s *pts, int n, float width_cm,
                     int *index);
bool editor_feature_delete(editor_doc *d, int index);
bool editor_feature_duplicate(editor_doc *d, int index, vec2s offset, int *index_out);
/* Moves the whole piece, or one of its points, by `delta` cm. */
bool editor_feature_move(editor_doc *d, int index, vec2s delta);
bool editor_feature_move_point(editor_doc *d, int index, int point, vec2s to);
/* The next (step 1) or previous (-1) terrain type of the table's list. */
bool editor_feature_cycle_type(editor_doc *d, int index, int step);
bool editor_feature_label(editor_doc *d, int index, const char *label);
/* Moves the piece `step` places later (drawn over those it passes) or earlier in the list;
 * its new index in *index_out. */
bool editor_feature_reorder(editor_doc *d, int index, int step, int *index_out);
/* The piece's points in the document (area, rect as four corners, or line); count returned. */
int editor_feature_points(const editor_doc *d, int index, vec2s *out, int max);

/* ---- units ------------------------------------------------------------------------------- */

bool editor_add_unit(editor_doc *d, const editor_unit_desc *desc, int *index);
/* Where the block's figures stand (front rank first, each rank left to right as it faces);
 * returns the count written. */
int editor_unit_positions(const editor_unit_desc *desc, vec2s *out, int max);
bool editor_unit_delete(editor_doc *d, int index);
bool editor_unit_move(editor_doc *d, int index, vec2s delta);
/* Turns the whole unit by `deg` degrees (clockwise on screen) about its centre. */
bool editor_unit_rotate(editor_doc *d, int index, float deg);
/* The document's unit index of a figure of the loaded table; -1 when none. */
int editor_unit_of_figure(const editor_doc *d, figure_id fig);

/* ---- groups: several pieces and units at once, one undo step ------------------------------ */

/* Moves every listed terrain piece and unit by `delta` cm as one edit: refused as a whole (and
 * nothing changes) when a base would then stand on another or the loader refuses the result. */
bool editor_group_move(editor_doc *d, const int *features, int nf, const int *units, int nu,
                       vec2s delta);
/* Takes away every listed terrain piece and unit as one edit. */
bool editor_group_delete(editor_doc *d, const int *features, int nf, const int *units, int nu);

/* ---- deployment zones ------------------------------------------------------------------- */

/* A rectangle where side `side` sets up. */
bool editor_add_zone(editor_doc *d, int side, vec2s a, vec2s b);
/* Takes away every zone of the side; false when it had none. */
bool editor_clear_zones(editor_doc *d, int side);

/* ---- the scenario's texts and its end ---------------------------------------------------- */

bool editor_set_title(editor_doc *d, const char *title);
/* The scenario's description as one text ("" removes it); editor_description reads it back. */
bool editor_set_description(editor_doc *d, const char *text);
void editor_description(const editor_doc *d, char *out, size_t size);
/* The table's size in cm (refused when something would then lie off it). */
bool editor_set_table_size(editor_doc *d, float width_cm, float height_cm);
/* The game ends after `turns` turns (0 removes the limit). */
bool editor_set_turn_limit(editor_doc *d, int turns);
int editor_turn_limit(const editor_doc *d);
/* Side `side` wins when `percent` of the enemy's figures have fallen (0 removes it). */
bool editor_set_destroy(editor_doc *d, int side, int percent);

/* ---- drags: the document follows the pointer without an undo step per frame ------------- */

/* Starts a drag from the document as it stands; the edits until drag_end are one undo step. */
void editor_drag_begin(editor_doc *d);
/* Back to the document at drag_begin (each frame of a drag re-applies the whole motion). */
void editor_drag_reset(editor_doc *d);
/* Keeps the motion as one undo step (or refuses it, restoring the start); true when kept. */
bool editor_drag_end(editor_doc *d);
bool editor_dragging(const editor_doc *d);

/* ---- saving ------------------------------------------------------------------------------ */

/* Writes the scenario through the writer, crash-safe, the previous file kept as PATH.bak
 * (scenario_write_file). False with the reason. */
bool editor_doc_save(editor_doc *d, const char *path, char *err, size_t size);

#endif // UI_EDITOR_DOC_H
