/* The rules reference: the summary of the match's rule set in our words, read at run time from
 * docs/rules/<id>.md (the working directory's, else config_source_dir()'s, else the source
 * tree's) and shown as headings, wrapped paragraphs, list items and table rows, scrollable.
 * A missing file is said plainly, with every place looked in. */
#ifndef UI_RULES_REF_H
#define UI_RULES_REF_H

#include "render/render.h"
#include "ui/app.h"

#include <stdbool.h>
#include <stddef.h>

typedef struct ui_rules_doc ui_rules_doc;

/* Finds docs/rules/<id>.md; false (buf names the places tried) when there is none. */
bool ui_rules_doc_find(const char *rules_id, char *buf, size_t size);
/* Reads the document of a rule set; never NULL: a missing or unreadable file gives a document
 * that says so. */
ui_rules_doc *ui_rules_doc_load(const char *rules_id, const char *rules_name);
void ui_rules_doc_destroy(ui_rules_doc *d);
bool ui_rules_doc_found(const ui_rules_doc *d);
/* The file read, or the places tried when it was missing. */
const char *ui_rules_doc_path(const ui_rules_doc *d);
/* Number of blocks (headings, paragraphs, items, rows) read. */
int ui_rules_doc_blocks(const ui_rules_doc *d);
/* Draws the document in (x, y, w, h) scrolled by `scroll` pixels; returns the height of the
 * whole document at that width. */
float ui_rules_doc_draw(ui_rules_doc *d, render_ctx *ctx, float x, float y, float w, float h,
                        float scroll);

/* Markdown of docs/rules/ as a player reads it: "***assumed***" becomes "house rule: the rule
 * book is silent here", a source text's numbered name the rule book's name (`book`), and
 * parentheses and sentences naming files, tests, data keys or command kinds are left out. Returns
 * out. */
const char *ui_rules_player_text(const char *md, const char *book, char *out, size_t size);
/* The text of block i (plain words, as drawn). */
const char *ui_rules_doc_block_text(const ui_rules_doc *d, int i);

/* The screen (modal): Esc, F1 or Q closes; wheel, arrows, Home and End scroll. */
ui_screen *ui_rules_ref_create(ui_app *app);

#endif // UI_RULES_REF_H
