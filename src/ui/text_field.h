/* A one-line text field: what the player types (ui_input.text, the platform's text input
 * events) goes in, Backspace takes the last character (a whole UTF-8 sequence) out, Ctrl+U
 * the whole line. The field
 * only edits and draws; Enter, Esc and Tab are its screen's to read. */
#ifndef UI_TEXT_FIELD_H
#define UI_TEXT_FIELD_H

#include "render/render.h"
#include "ui/input.h"

#include <stdbool.h>
#include <stddef.h>

#define UI_TEXT_FIELD_MAX 256

typedef struct ui_text_field {
    char text[UI_TEXT_FIELD_MAX];
    /* The bytes it may hold (< UI_TEXT_FIELD_MAX; 0 = all of them). */
    size_t max;
    /* Shown as dots (a password). */
    bool secret;
} ui_text_field;

void ui_text_field_set(ui_text_field *f, const char *text);
/* Takes this frame's typed text and Backspace; true when the text changed. Control characters
 * are dropped, text past max is not taken. */
bool ui_text_field_input(ui_text_field *f, const ui_input *in);
/* The same a piece at a time, for a screen whose keys move between fields or act (Tab, Enter):
 * the text typed before key i is in->text from the previous key's in->key_text to
 * in->key_text[i]. */
bool ui_text_field_type(ui_text_field *f, const char *text, size_t len);
bool ui_text_field_key(ui_text_field *f, int key, int mods);
/* The field in x, y, w, h (output pixels): its text (the end of it when it does not fit), a
 * caret when focused, `hint` dimmed when empty. */
void ui_text_field_draw(const ui_text_field *f, render_ctx *ctx, float x, float y, float w, float h,
                        bool focused, const char *hint);

#endif // UI_TEXT_FIELD_H
