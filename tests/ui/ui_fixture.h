/* Tables built in code for the ui tests and the render benchmark (no scenario file needed),
 * and the app on an offscreen renderer that the window-free ui tests drive. */
#ifndef TESTS_UI_FIXTURE_H
#define TESTS_UI_FIXTURE_H

#include "core/table.h"
#include "render/camera.h"
#include "render/render.h"
#include "ui/app.h"

#include <stdbool.h>
#include <stddef.h>

#include <stdint.h>

/* A 180 x 120 cm table: a jungle square at (40..80, 30..70), a hill, a town, a river, a wall
 * and a road; side 1 (blue 0x2050d0) with a figure at (20, 100) facing east; side 2 (red
 * 0xd03020) with a figure at (150, 20) facing west and three figures at (120..126, 90). */
table *ui_fixture_small(void);
/* A random table of `figures` figures and `polygons` terrain polygons (8-20 vertices). */
table *ui_fixture_random(int figures, int polygons, uint32_t seed);

/* Opens the scenario `file` (a path under the source tree: "scenarios/lcr_toledo.json") as the
 * window would, in a fresh data folder made under the tests' temporary folder (named after
 * `tag`; its path in dir), animations off, with a w x h offscreen renderer (art found as the
 * window finds it) set as the app's. False with a message on stderr. */
bool ui_fixture_app_open(const char *file, const char *tag, int w, int h, ui_app **app,
                         render_ctx **ctx, char *dir, size_t dir_size);
/* Frees what ui_fixture_app_open made and removes its data folder. False when the folder
 * could not be removed. */
bool ui_fixture_app_close(ui_app *app, render_ctx *ctx, const char *dir);

/* A hand on the app: the next frame's input and the clock, for the tests that drive the app
 * frame by frame as the window would (0.05 s a frame; a view of view_w x view_h, zero:
 * UI_FIXTURE_VIEW_W x UI_FIXTURE_VIEW_H). */
#define UI_FIXTURE_VIEW_W 1280
#define UI_FIXTURE_VIEW_H 800
typedef struct ui_fixture_hand {
    ui_app *app;
    render_ctx *ctx;
    ui_input in;
    double time;
    int view_w, view_h;
    render_camera cam; /* the table view's own fit of the table (same margin, same size) */
    char dir[256];     /* the data folder (ui_fixture_app_open) */
} ui_fixture_hand;

/* ui_fixture_app_open into the hand, with a view of w x h and the camera fitted as the table
 * view fits it; false with a message on stderr. */
bool ui_fixture_hand_open(ui_fixture_hand *h, const char *file, const char *tag, int w, int ht);
/* ui_fixture_app_close of what it opened. */
bool ui_fixture_hand_close(ui_fixture_hand *h);
/* A cmocka teardown for a test's state calloc'ed with a ui_fixture_hand as its first member:
 * closes the hand and frees the state. */
int ui_fixture_hand_teardown(void **state);
/* Where table point cm is on the view (the hand's camera). */
vec2s ui_fixture_px(const ui_fixture_hand *h, vec2s cm);

/* One frame: input, update and draw. */
void ui_fixture_frame(ui_fixture_hand *h);
/* Moves the pointer to (x, y) px for the next frame, without one. */
void ui_fixture_point(ui_fixture_hand *h, float x, float y);
/* Moves the pointer there: one frame. */
void ui_fixture_mouse(ui_fixture_hand *h, float x, float y);
/* The left button down (a press, one click), then up: a frame each. */
void ui_fixture_press(ui_fixture_hand *h);
void ui_fixture_release(ui_fixture_hand *h);
/* Moves there, presses and releases: three frames. */
void ui_fixture_click(ui_fixture_hand *h, float x, float y);
/* A click on table point cm. */
void ui_fixture_click_cm(ui_fixture_hand *h, vec2s cm);
/* A key without modifiers: one frame. */
void ui_fixture_key(ui_fixture_hand *h, int key);

/* The first legal command of `kind` now (for figure fig, when fig.id), or one of kind
 * RULES_CMD_NONE. */
rules_command ui_fixture_legal(const game *g, rules_command_kind kind, figure_id fig);
/* True when each channel of two 0xRRGGBB colours differs by at most tol. */
bool ui_fixture_near_rgb(uint32_t a, uint32_t b, int tol);
/* The squared distance of two 0xRRGGBB colours. */
int ui_fixture_rgb_dist2(uint32_t a, uint32_t b);

#endif // TESTS_UI_FIXTURE_H
