/* Inside the scenario editor's model (ui/editor_doc.h), for the files of edits beside
 * editor_doc.c (editor_units.c: figures, groups, formations, commanders; editor_sides.c: the
 * sides): one edit is editor_doc_edit_begin, changes to the document, then editor_doc_edit_end,
 * which reloads it and keeps one undo step or restores the document and refuses. */
#ifndef UI_EDITOR_DOC_OPS_H
#define UI_EDITOR_DOC_OPS_H

#include "rules/rules.h"
#include "ui/editor_doc.h"

/* What editor_units.c keeps of the last live check (the rule set's formations of each unit). */
typedef struct editor_units_info editor_units_info;

/* The document as it stands, to change between edit_begin and edit_end. */
json_t *editor_doc_root(editor_doc *d);
/* The document's array `key`, made when absent. */
json_t *editor_doc_list(editor_doc *d, const char *key);
/* Starts an edit: returns the document as it was (owned by the edit). */
json_t *editor_doc_edit_begin(editor_doc *d);
/* Ends it: true when the loader took the result (one undo step); else the document is
 * `before` again and the reason is the refusal. */
bool editor_doc_edit_end(editor_doc *d, json_t *before);
/* Gives up an edit begun: the document is `before` again; returns false. */
bool editor_doc_edit_abort(editor_doc *d, json_t *before);
/* Refuses with the reason in player words; returns false. */
bool editor_doc_refuse(editor_doc *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A figure's place and a terrain point as the document writes them. */
json_t *editor_doc_figure_point(vec2s p);
json_t *editor_doc_point(vec2s p);
/* A terrain piece's point list ("rect" turned into an "area" of four corners first). */
json_t *editor_doc_feature_points(json_t *feature);
/* The unit info slot of the document (editor_units.c fills and frees it). */
editor_units_info **editor_doc_units_info(editor_doc *d);

/* editor_units.c: after the live check built the rule state `rs` of the scenario (NULL when the
 * rule set refused it): keeps the formations of each unit and, when the check is ok so far,
 * checks formations and commanders into *c. */
void editor_units_after_check(editor_doc *d, const rules_ops *ops, const rules_state *rs,
                              editor_check *c);
void editor_units_info_free(editor_units_info *info);

#endif // UI_EDITOR_DOC_OPS_H
