/* The benchmarks' big tables: a shipped scenario's table tiled side by side until it holds about
 * a given number of figures (each tile its own copy of every unit and figure, names numbered
 * from the second tile; the sides shared), for bench_bot and bench_scale. */
#ifndef TOOLS_BENCH_BENCH_TILE_H
#define TOOLS_BENCH_BENCH_TILE_H

#include "scenario/scenario.h"

#include <stdbool.h>

typedef struct bench_tile_desc {
    int figures;       /* about how many figures the tiled table holds */
    bool at_least;     /* tiles rounded up (at least `figures`); false: to the nearest */
    bool keep_terrain; /* each tile a copy of the terrain too; false: no terrain (add your own) */
} bench_tile_desc;

/* The scenario at `path` with its table tiled; exits with the loader's message on bad input. */
scenario *bench_tile_load(const char *path, const bench_tile_desc *desc);

#endif // TOOLS_BENCH_BENCH_TILE_H
