/* The benchmarks' tiled tables (bench_tile.h). */
#include "bench_tile.h"

#include "core/mem.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static vec2s shifted(vec2s p, float ox, float oy)
{
    return (vec2s){{p.x + ox, p.y + oy}};
}

/* A copy of feature f moved by (ox, oy). */
static void add_feature_at(table *t, const terrain_feature *f, float ox, float oy)
{
    terrain_feature c = *f;
    int n = f->shape == TERRAIN_SHAPE_AREA ? f->area.count : f->line.count;
    vec2s *pts = mem_calloc((size_t)(n > 0 ? n : 1), sizeof *pts);
    const vec2s *src = f->shape == TERRAIN_SHAPE_AREA ? f->area.pts : f->line.pts;
    for (int i = 0; i < n; i++)
        pts[i] = shifted(src[i], ox, oy);
    if (f->shape == TERRAIN_SHAPE_AREA)
        c.area.pts = pts;
    else
        c.line.pts = pts;
    table_add_feature(t, &c);
    free(pts);
}

/* Tile k of src at (ox, oy): its units (links renumbered), figures and, when asked, terrain. */
static void add_tile(table *t, const table *src, int k, float ox, float oy, bool terrain)
{
    uint32_t ubase = (uint32_t)t->unit_count, fbase = (uint32_t)t->figure_count;
    for (int i = 0; terrain && i < src->feature_count; i++)
        add_feature_at(t, &src->features[i], ox, oy);
    for (int i = 0; i < src->unit_count; i++) {
        unit u = src->units[i];
        if (u.parent.id)
            u.parent.id += ubase;
        if (u.commander.id)
            u.commander.id += fbase;
        if (k)
            snprintf(u.name, sizeof u.name, "%.34s %d", src->units[i].name, k + 1);
        table_add_unit(t, &u);
    }
    for (int i = 0; i < src->figure_count; i++) {
        figure f = src->figures[i];
        f.unit.id += ubase;
        f.pos = shifted(f.pos, ox, oy);
        if (k && f.name[0])
            snprintf(f.name, sizeof f.name, "%.34s %d", src->figures[i].name, k + 1);
        table_add_figure(t, &f);
    }
}

scenario *bench_tile_load(const char *path, const bench_tile_desc *desc)
{
    scenario_error err;
    scenario *sc = scenario_load_file(path, &err);
    if (!sc) {
        char buf[1024];
        fprintf(stderr, "%s\n", scenario_error_format(&err, buf, sizeof buf));
        exit(1);
    }
    const table *src = sc->table;
    int per = src->figure_count > 0 ? src->figure_count : 1;
    int tiles =
        desc->at_least ? (desc->figures + per - 1) / per : (int)lround((double)desc->figures / per);
    tiles = tiles < 1 ? 1 : tiles;
    int cols = (int)ceil(sqrt((double)tiles)), rows = (tiles + cols - 1) / cols;
    table *t = table_create(
        &(table_desc){.width_cm = src->width_cm * cols, .height_cm = src->height_cm * rows});
    for (int i = 0; i < src->type_count; i++)
        table_add_type(t, &src->types[i]);
    for (int i = 0; i < src->side_count; i++)
        table_add_side(t, &src->sides[i]);
    for (int k = 0; k < tiles; k++)
        add_tile(t, src, k, src->width_cm * (float)(k % cols), src->height_cm * (float)(k / cols),
                 desc->keep_terrain);
    table_destroy(sc->table);
    sc->table = t;
    return sc;
}
