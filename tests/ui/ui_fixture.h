/* Tables built in code for the ui tests and the render benchmark (no scenario file needed),
 * and the app on an offscreen renderer that the window-free ui tests drive. */
#ifndef TESTS_UI_FIXTURE_H
#define TESTS_UI_FIXTURE_H

#include "core/table.h"
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

#endif // TESTS_UI_FIXTURE_H
