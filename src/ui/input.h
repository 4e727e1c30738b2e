/* Our own input state, filled each frame by the platform layer from SDL events; the ui reads
 * only this (julius: platform turns SDL events into mouse_set_left_down()). Positions are output
 * pixels (HiDPI-scaled). */
#ifndef UI_INPUT_H
#define UI_INPUT_H

#include <stdbool.h>

/* Keys: printable keys are their lower-case ASCII code ('a', '1', '?', ' '); others below. */
enum {
    UI_KEY_ESCAPE = 256,
    UI_KEY_RETURN,
    UI_KEY_TAB,
    UI_KEY_BACKSPACE,
    UI_KEY_DELETE,
    UI_KEY_HOME,
    UI_KEY_UP,
    UI_KEY_DOWN,
    UI_KEY_LEFT,
    UI_KEY_RIGHT,
    UI_KEY_F1,
    UI_KEY_F12,
    UI_KEY_F9,
};

enum { UI_MOD_SHIFT = 1, UI_MOD_CTRL = 2, UI_MOD_ALT = 4 };

enum { UI_MOUSE_LEFT = 0, UI_MOUSE_MIDDLE, UI_MOUSE_RIGHT, UI_MOUSE_BUTTONS };

#define UI_INPUT_KEYS_MAX 16
#define UI_INPUT_TEXT_MAX 64 /* bytes of text typed in one frame */

typedef struct ui_input {
    float mouse_x, mouse_y;   /* now */
    float mouse_dx, mouse_dy; /* motion this frame */
    bool mouse_inside;
    bool down[UI_MOUSE_BUTTONS];     /* held */
    bool pressed[UI_MOUSE_BUTTONS];  /* went down this frame */
    bool released[UI_MOUSE_BUTTONS]; /* went up this frame */
    int clicks[UI_MOUSE_BUTTONS];    /* 2 on a double click (with pressed) */
    float wheel;                     /* notches this frame, + away from the user */
    bool shift, ctrl, alt;
    bool space_down;
    int keys[UI_INPUT_KEYS_MAX];     /* keys pressed this frame, in order */
    int key_mods[UI_INPUT_KEYS_MAX]; /* UI_MOD_* held when each key went down */
    int key_count;
    /* Text typed this frame (UTF-8, NUL-terminated; the platform's text input events, so a
     * layout's own characters and Shift arrive as typed). Keys are in keys[] too. */
    char text[UI_INPUT_TEXT_MAX];
    int text_len;
    int key_text[UI_INPUT_KEYS_MAX]; /* bytes of text typed before each key went down */
    int view_w, view_h;              /* output size in pixels */
    float ui_scale;                  /* output pixels per window point */
    double time;                     /* seconds since start */
    float dt;                        /* seconds since the last frame */
    bool quit;                       /* the window was closed */
} ui_input;

/* True when `key` was pressed this frame. */
bool ui_input_key(const ui_input *in, int key);
/* Clears the per-frame fields (pressed, released, wheel, keys, motion) for the next frame. */
void ui_input_next_frame(ui_input *in);

#endif // UI_INPUT_H
