/* Tables built in code for the ui tests and the render benchmark (no scenario file needed). */
#ifndef TESTS_UI_FIXTURE_H
#define TESTS_UI_FIXTURE_H

#include "core/table.h"

#include <stdint.h>

/* A 180 x 120 cm table: a jungle square at (40..80, 30..70), a hill, a town, a river, a wall
 * and a road; side 1 (blue 0x2050d0) with a figure at (20, 100) facing east; side 2 (red
 * 0xd03020) with a figure at (150, 20) facing west and three figures at (120..126, 90). */
table *ui_fixture_small(void);
/* A random table of `figures` figures and `polygons` terrain polygons (8-20 vertices). */
table *ui_fixture_random(int figures, int polygons, uint32_t seed);

#endif // TESTS_UI_FIXTURE_H
