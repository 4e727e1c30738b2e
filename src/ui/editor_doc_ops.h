/* Inside the scenario editor's model (ui/editor_doc.h), for the files of edits beside
 * editor_doc.c (editor_units.c: figures, groups, formations, commanders; editor_sides.c: the
 * sides), beside ui/editor_doc_edit.h (one edit: editor_doc_edit_begin, changes to the
 * document, editor_doc_edit_end or _cancel). */
#ifndef UI_EDITOR_DOC_OPS_H
#define UI_EDITOR_DOC_OPS_H

#include "rules/rules.h"
#include "ui/editor_doc.h"
#include "ui/editor_doc_edit.h"

/* What editor_units.c keeps of the last live check (the rule set's formations of each unit). */
typedef struct editor_units_info editor_units_info;

/* The document's array `key`, made when absent. */
json_t *editor_doc_list(editor_doc *d, const char *key);
/* A figure's place and a terrain point as the document writes them. */
json_t *editor_doc_figure_point(vec2s p);
json_t *editor_doc_point(vec2s p);
/* A terrain piece's point list ("rect" turned into an "area" of four corners first). */
json_t *editor_doc_feature_points(json_t *feature);
/* The unit info slot of the document (editor_units.c fills and frees it). */
editor_units_info **editor_doc_units_info(editor_doc *d);

/* editor_units.c: after the rule set accepted the scenario in the live check: keeps the
 * formations of each unit and, when the check is ok so far, checks formations and commanders
 * into *c. */
void editor_units_after_check(editor_doc *d, editor_check *c);
void editor_units_info_free(editor_units_info *info);

#endif // UI_EDITOR_DOC_OPS_H
