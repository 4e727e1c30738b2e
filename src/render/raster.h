/* A tiny software rasteriser for the static table layer (cloth, terrain areas, linear features,
 * deployment zones): scanline polygon fill with a per-pixel shader into a 32-bit ARGB buffer.
 * Pure C, no SDL, deterministic to the bit (the preview's "same input, same bytes" rests on it).
 */
#ifndef RENDER_RASTER_H
#define RENDER_RASTER_H

#include <cglm/struct.h>
#include <stdint.h>

typedef struct raster_target {
    uint32_t *px; /* ARGB8888, row-major */
    int w, h;
    int pitch; /* in pixels */
} raster_target;

/* Returns the ARGB colour for pixel (x, y); alpha < 255 blends over what is there. */
typedef uint32_t (*raster_shader)(void *ctx, int x, int y);

/* Writes pixels [x0, x1) of row y (`row` is the row's pixel 0), as a raster_shader would one at a
 * time: a shader that can work a run at once (the static layer's terrain) gives one of these. */
typedef void (*raster_row_shader)(void *ctx, uint32_t *row, int y, int x0, int x1);

/* Fills a simple polygon (concave allowed; even-odd rule) given in pixel coordinates, sampling
 * at pixel centres. */
void raster_fill_polygon(raster_target *t, const vec2s *pts, int n, raster_shader shader,
                         void *ctx);
/* raster_fill_polygon, a run at a time. */
void raster_fill_polygon_rows(raster_target *t, const vec2s *pts, int n, raster_row_shader shader,
                              void *ctx);
/* Calls span(ctx, y, x0, x1) for each run of pixels [x0, x1) on row y inside the polygon (same
 * coverage rule as raster_fill_polygon), clipped to w x h. */
void raster_polygon_spans(const vec2s *pts, int n, int w, int h,
                          void (*span)(void *ctx, int y, int x0, int x1), void *ctx);
/* Strokes a polyline (closed or open) `width` pixels wide with round joins; meant for opaque
 * shaders (overlaps are painted twice). */
void raster_stroke_polyline(raster_target *t, const vec2s *pts, int n, int closed, float width,
                            raster_shader shader, void *ctx);
/* raster_stroke_polyline, a run at a time. */
void raster_stroke_polyline_rows(raster_target *t, const vec2s *pts, int n, int closed, float width,
                                 raster_row_shader shader, void *ctx);
/* Fills a disc. */
void raster_fill_disc(raster_target *t, vec2s c, float r, raster_shader shader, void *ctx);

/* Blends ARGB `src` over `dst`. */
uint32_t raster_blend(uint32_t dst, uint32_t src);
/* Deterministic value noise in [0, 1] at a point (lattice spacing 1), seeded. */
float raster_noise(float x, float y, uint32_t seed);

#endif // RENDER_RASTER_H
