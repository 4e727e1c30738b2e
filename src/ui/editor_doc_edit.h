/* For the editor model's other files (editor_scenario.c): an edit of the document from outside
 * editor_doc.c, with the same undo step, reload and refusal as its own edits. */
#ifndef UI_EDITOR_DOC_EDIT_H
#define UI_EDITOR_DOC_EDIT_H

#include "ui/editor_doc.h"

/* Starts an edit: the document as it was (owned by the caller until edit_end or _cancel). */
json_t *editor_doc_edit_begin(editor_doc *d);
/* Keeps the edit as one undo step, or restores `before` when the loader refuses the result
 * (the reason in editor_doc_refusal). Consumes `before`. */
bool editor_doc_edit_end(editor_doc *d, json_t *before);
/* Gives the edit up: the document as it was. Consumes `before`; returns false. */
bool editor_doc_edit_cancel(editor_doc *d, json_t *before);
/* The document, to change between edit_begin and edit_end. */
json_t *editor_doc_root(editor_doc *d);
/* Refuses an edit with the reason in player words; returns false. */
bool editor_doc_refuse(editor_doc *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A figure's facing in degrees, from words ("north") or a number. */
double editor_doc_facing_deg(const json_t *v);
/* The document as it stands now, loaded; NULL when it does not load. The caller frees it. */
scenario *editor_doc_load_now(editor_doc *d);
/* A unit's every figure and block turned by `deg` degrees about their centre (false when it has
 * none), or moved by `delta` cm: changes to the document's unit object. */
bool editor_doc_unit_turn(json_t *unit, float deg);
void editor_doc_unit_shift(json_t *unit, vec2s delta);

#endif // UI_EDITOR_DOC_EDIT_H
