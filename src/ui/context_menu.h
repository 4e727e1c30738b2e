/* A pop-up menu of short entries at the pointer (microui style): the owner fills it, feeds it
 * each frame's input and gets back the entry chosen; the menu knows nothing of what an entry
 * does. Opened by a right click (referee mode, ui/referee.h); a click or Return (after the
 * arrow keys) chooses; a click outside it, Escape or a second right click closes it. Entries may
 * be greyed (shown, not chosen). */
#ifndef UI_CONTEXT_MENU_H
#define UI_CONTEXT_MENU_H

#include "render/render.h"
#include "ui/input.h"

#include <stdbool.h>

#define UI_CONTEXT_MENU_MAX   32
#define UI_CONTEXT_MENU_LABEL 96

enum {
    UI_CONTEXT_MENU_NONE = -1,   /* still open, nothing chosen this frame (or closed already) */
    UI_CONTEXT_MENU_CLOSED = -2, /* dismissed this frame without a choice */
};

typedef struct ui_context_menu {
    bool open;
    float x, y; /* where it was opened, output pixels */
    char title[UI_CONTEXT_MENU_LABEL];
    char label[UI_CONTEXT_MENU_MAX][UI_CONTEXT_MENU_LABEL];
    bool enabled[UI_CONTEXT_MENU_MAX];
    int count;
    int hover;          /* the entry lit (pointer or arrow keys), -1 for none */
    bool pointer_moved; /* the pointer has left the spot the menu opened at */
    /* the layout of the last frame drawn (input hits it): box and row height, pixels */
    float bx, by, bw, bh, row, head;
} ui_context_menu;

/* Empties the menu and opens it at (x, y) with a title line ("" for none). */
void ui_context_menu_open(ui_context_menu *m, float x, float y, const char *title);
/* Adds an entry; returns its index, or -1 when the menu is full. */
int ui_context_menu_add(ui_context_menu *m, bool enabled, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void ui_context_menu_close(ui_context_menu *m);
/* Feeds one frame's input. Returns the index of the entry clicked (the menu closes), or
 * UI_CONTEXT_MENU_CLOSED when it was dismissed, else UI_CONTEXT_MENU_NONE. While open it takes
 * every click and key of the frame: the caller passes nothing on to the table. */
int ui_context_menu_input(ui_context_menu *m, render_ctx *ctx, const ui_input *in);
/* Draws it (kept on screen) and keeps the layout for the next input. */
void ui_context_menu_draw(ui_context_menu *m, render_ctx *ctx, uint32_t accent_rgba);

#endif // UI_CONTEXT_MENU_H
