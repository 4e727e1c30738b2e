/* A small deterministic anti-aliased rasteriser for the generated art.
 *
 * Pixels are float RGBA, premultiplied, with two extra premultiplied channels that record how
 * much of each pixel is side colour and the grey level of that side-colour paint (so a figure
 * can be split into a fixed layer and a grey tint mask). Shapes are signed distance functions in
 * pixel units: coverage = clamp(0.5 - d). Only +, -, *, /, sqrt and floor are used on floats (plus
 * the polynomial art_sin), so the same source gives the same bytes at every optimisation level.
 *
 * Coordinates are in pixels, (0,0) the top-left corner, pixel centres at +0.5. A current
 * transform (translate, rotate, uniform scale) applies to every shape, so a figure drawn in its
 * own frame can be placed, turned and shrunk on a stand or a texture.
 */
#ifndef ARTGEN_ART_CANVAS_H
#define ARTGEN_ART_CANVAS_H

#include <stdbool.h>
#include <stdint.h>

#define ART_PI 3.14159265358979323846f

typedef struct art_rgba {
    float r, g, b, a; /* straight colour, 0..1 */
} art_rgba;

typedef struct art_xform {
    float a, b, c, d; /* x' = a x + b y + tx; y' = c x + d y + ty */
    float tx, ty;
    float scale; /* uniform scale factor of the linear part */
} art_xform;

typedef enum art_paint_kind {
    ART_PAINT_SOLID = 0,
    ART_PAINT_LINEAR, /* c0 at p0 to c1 at p1 */
    ART_PAINT_RADIAL, /* c0 at p0 to c1 at distance `radius` */
} art_paint_kind;

typedef struct art_paint {
    art_paint_kind kind;
    art_rgba c0, c1;
    float x0, y0, x1, y1; /* local coordinates (the transform applies) */
    float radius;
    float tint; /* 0 fixed colour, 1 side colour (drawn neutral, tinted at run time) */
} art_paint;

typedef struct art_canvas {
    int w, h;
    bool wrap;    /* tileable: writes wrap around the edges */
    float *px;    /* w*h*4 premultiplied RGBA */
    float *tint;  /* w*h*2: premultiplied tinted share and tinted grey */
    art_xform xf; /* current transform */
} art_canvas;

art_canvas *art_canvas_create(int w, int h, bool wrap);
void art_canvas_destroy(art_canvas *cv);
/* Straight 8-bit RGBA of the whole image (w*h*4 bytes, caller frees). */
uint8_t *art_canvas_rgba8(const art_canvas *cv);
/* The tint mask: RGB of the image, alpha = tinted share of coverage (w*h*4, caller frees). */
uint8_t *art_canvas_tint8(const art_canvas *cv);
bool art_canvas_has_tint(const art_canvas *cv);

/* Colours. */
art_rgba art_rgb(int r, int g, int b);
art_rgba art_rgba8(int r, int g, int b, int a);
art_rgba art_mix(art_rgba a, art_rgba b, float t);
art_rgba art_shade(art_rgba c, float k); /* k > 1 lighter toward white, k < 1 darker */

/* Paints. */
art_paint art_solid(art_rgba c);
art_paint art_tinted(float grey); /* side-colour area of a grey level */
art_paint art_radial(art_rgba inner, art_rgba outer, float x, float y, float r);
art_paint art_linear(art_rgba c0, float x0, float y0, art_rgba c1, float x1, float y1);

/* Transform stack (a copy is the save; assign it back to restore). */
void art_xform_reset(art_canvas *cv);
void art_translate(art_canvas *cv, float x, float y);
void art_rotate(art_canvas *cv, float degrees);
void art_scale(art_canvas *cv, float s);

/* Shapes. */
void art_circle(art_canvas *cv, float x, float y, float r, art_paint p);
void art_ring(art_canvas *cv, float x, float y, float r, float width, art_paint p);
void art_ellipse(art_canvas *cv, float x, float y, float rx, float ry, float deg, art_paint p);
void art_line(art_canvas *cv, float x0, float y0, float x1, float y1, float width, art_paint p);
/* A tapered stroke: width w0 at the start, w1 at the end, round ends. */
void art_taper(art_canvas *cv, float x0, float y0, float x1, float y1, float w0, float w1,
               art_paint p);
void art_polyline(art_canvas *cv, const float *xy, int n, float width, art_paint p);
void art_polygon(art_canvas *cv, const float *xy, int n, art_paint p);
void art_rect(art_canvas *cv, float x0, float y0, float x1, float y1, float radius, art_paint p);
/* Leaf: a pointed ellipse from (x0,y0) to (x1,y1) of the given half-width. */
void art_leaf(art_canvas *cv, float x0, float y0, float x1, float y1, float half, art_paint p);

/* Whole-image effects. */
/* A dark outline of `radius` pixels drawn under the existing pixels. */
void art_outline(art_canvas *cv, float radius, art_rgba colour);
/* A soft drop shadow under the existing pixels. */
void art_shadow(art_canvas *cv, float dx, float dy, int blur, float opacity);
/* Per-pixel fill: f(x, y, ctx) returns a straight colour, painted over. */
typedef art_rgba (*art_pixel_fn)(float x, float y, void *ctx);
void art_fill_fn(art_canvas *cv, art_pixel_fn f, void *ctx);
/* Multiplies the colour of every pixel by f(x,y) (alpha kept). */
typedef float (*art_scalar_fn)(float x, float y, void *ctx);
void art_modulate(art_canvas *cv, art_scalar_fn f, void *ctx);

/* Deterministic math. */
float art_sin(float x);
float art_cos(float x);
float art_clamp(float x, float lo, float hi);
float art_smooth(float e0, float e1, float x);

#endif // ARTGEN_ART_CANVAS_H
