#include "art_canvas.h"

#include "core/mem.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- deterministic math -------------------------------------------------------------------- */

float art_clamp(float x, float lo, float hi)
{
    return x < lo ? lo : x > hi ? hi : x;
}

float art_smooth(float e0, float e1, float x)
{
    float t = art_clamp((x - e0) / (e1 - e0), 0.0f, 1.0f);
    return t * t * (3.0f - 2.0f * t);
}

/* Taylor series on [-pi/2, pi/2] after range reduction: only +, *, floor, so it gives the same
 * bits everywhere, unlike libm's sinf whose last bit may differ between versions. */
float art_sin(float x)
{
    const float two_pi = 2.0f * ART_PI;
    x -= two_pi * floorf(x / two_pi + 0.5f);
    if (x > 0.5f * ART_PI)
        x = ART_PI - x;
    else if (x < -0.5f * ART_PI)
        x = -ART_PI - x;
    float x2 = x * x;
    float t = x, s = x;
    for (int k = 1; k <= 6; k++) {
        t = -t * x2 / (float)((2 * k) * (2 * k + 1));
        s += t;
    }
    return s;
}

float art_cos(float x)
{
    return art_sin(x + 0.5f * ART_PI);
}

/* ---- colours and paints -------------------------------------------------------------------- */

art_rgba art_rgb(int r, int g, int b)
{
    return art_rgba8(r, g, b, 255);
}

art_rgba art_rgba8(int r, int g, int b, int a)
{
    return (art_rgba){r / 255.0f, g / 255.0f, b / 255.0f, a / 255.0f};
}

art_rgba art_mix(art_rgba a, art_rgba b, float t)
{
    return (art_rgba){a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t,
                      a.a + (b.a - a.a) * t};
}

art_rgba art_shade(art_rgba c, float k)
{
    if (k >= 1.0f) {
        art_rgba w = {1.0f, 1.0f, 1.0f, c.a};
        return art_mix(c, w, art_clamp(k - 1.0f, 0.0f, 1.0f));
    }
    return (art_rgba){c.r * k, c.g * k, c.b * k, c.a};
}

art_paint art_solid(art_rgba c)
{
    return (art_paint){.kind = ART_PAINT_SOLID, .c0 = c, .c1 = c};
}

art_paint art_tinted(float grey)
{
    art_rgba c = {grey, grey, grey, 1.0f};
    return (art_paint){.kind = ART_PAINT_SOLID, .c0 = c, .c1 = c, .tint = 1.0f};
}

art_paint art_radial(art_rgba inner, art_rgba outer, float x, float y, float r)
{
    return (art_paint){
        .kind = ART_PAINT_RADIAL, .c0 = inner, .c1 = outer, .x0 = x, .y0 = y, .radius = r};
}

art_paint art_linear(art_rgba c0, float x0, float y0, art_rgba c1, float x1, float y1)
{
    return (art_paint){
        .kind = ART_PAINT_LINEAR, .c0 = c0, .c1 = c1, .x0 = x0, .y0 = y0, .x1 = x1, .y1 = y1};
}

static art_rgba paint_at(const art_paint *p, float x, float y)
{
    float t = 0.0f;
    if (p->kind == ART_PAINT_RADIAL) {
        float dx = x - p->x0, dy = y - p->y0;
        t = sqrtf(dx * dx + dy * dy) / p->radius;
    } else if (p->kind == ART_PAINT_LINEAR) {
        float ax = p->x1 - p->x0, ay = p->y1 - p->y0;
        float len2 = ax * ax + ay * ay;
        t = len2 > 0.0f ? ((x - p->x0) * ax + (y - p->y0) * ay) / len2 : 0.0f;
    } else {
        return p->c0;
    }
    return art_mix(p->c0, p->c1, art_clamp(t, 0.0f, 1.0f));
}

/* ---- canvas -------------------------------------------------------------------------------- */

art_canvas *art_canvas_create(int w, int h, bool wrap)
{
    art_canvas *cv = mem_calloc(1, sizeof *cv);
    cv->w = w;
    cv->h = h;
    cv->wrap = wrap;
    cv->px = mem_calloc((size_t)w * (size_t)h * 4u, sizeof(float));
    cv->tint = mem_calloc((size_t)w * (size_t)h * 2u, sizeof(float));
    art_xform_reset(cv);
    return cv;
}

void art_canvas_destroy(art_canvas *cv)
{
    if (!cv)
        return;
    free(cv->px);
    free(cv->tint);
    free(cv);
}

static uint8_t to8(float v)
{
    return (uint8_t)(int)(art_clamp(v, 0.0f, 1.0f) * 255.0f + 0.5f);
}

uint8_t *art_canvas_rgba8(const art_canvas *cv)
{
    size_t n = (size_t)cv->w * (size_t)cv->h;
    uint8_t *out = mem_calloc(n * 4u, 1);
    for (size_t i = 0; i < n; i++) {
        const float *p = &cv->px[i * 4];
        uint8_t a = to8(p[3]);
        if (a == 0)
            continue; /* fully transparent pixels are written as 0,0,0,0 */
        for (int k = 0; k < 3; k++)
            out[i * 4 + (size_t)k] = to8(p[k] / p[3]);
        out[i * 4 + 3] = a;
    }
    return out;
}

uint8_t *art_canvas_tint8(const art_canvas *cv)
{
    size_t n = (size_t)cv->w * (size_t)cv->h;
    uint8_t *out = mem_calloc(n * 4u, 1);
    for (size_t i = 0; i < n; i++) {
        const float *t = &cv->tint[i * 2];
        uint8_t a = to8(t[0]);
        if (a == 0)
            continue;
        uint8_t g = to8(t[1] / t[0]);
        out[i * 4] = out[i * 4 + 1] = out[i * 4 + 2] = g;
        out[i * 4 + 3] = a;
    }
    return out;
}

bool art_canvas_has_tint(const art_canvas *cv)
{
    size_t n = (size_t)cv->w * (size_t)cv->h;
    for (size_t i = 0; i < n; i++)
        if (cv->tint[i * 2] > 0.5f / 255.0f)
            return true;
    return false;
}

/* ---- transform ----------------------------------------------------------------------------- */

void art_xform_reset(art_canvas *cv)
{
    cv->xf = (art_xform){.a = 1.0f, .d = 1.0f, .scale = 1.0f};
}

void art_translate(art_canvas *cv, float x, float y)
{
    art_xform *f = &cv->xf;
    f->tx += f->a * x + f->b * y;
    f->ty += f->c * x + f->d * y;
}

void art_rotate(art_canvas *cv, float degrees)
{
    float r = degrees * ART_PI / 180.0f;
    float cs = art_cos(r), sn = art_sin(r);
    art_xform *f = &cv->xf;
    float a = f->a * cs + f->b * sn, b = -f->a * sn + f->b * cs;
    float c = f->c * cs + f->d * sn, d = -f->c * sn + f->d * cs;
    f->a = a;
    f->b = b;
    f->c = c;
    f->d = d;
}

void art_scale(art_canvas *cv, float s)
{
    art_xform *f = &cv->xf;
    f->a *= s;
    f->b *= s;
    f->c *= s;
    f->d *= s;
    f->scale *= s;
}

/* ---- the rasteriser ------------------------------------------------------------------------ */

/* A shape: its local bounding box and signed distance (local units) at a local point. */
typedef float (*sdf_fn)(const void *shape, float x, float y);

static void blend(art_canvas *cv, int ix, int iy, art_rgba c, float cov, float tint)
{
    if (cv->wrap) {
        ix = ((ix % cv->w) + cv->w) % cv->w;
        iy = ((iy % cv->h) + cv->h) % cv->h;
    } else if (ix < 0 || iy < 0 || ix >= cv->w || iy >= cv->h) {
        return;
    }
    size_t i = (size_t)iy * (size_t)cv->w + (size_t)ix;
    float *p = &cv->px[i * 4];
    float sa = c.a * cov, keep = 1.0f - sa;
    p[0] = c.r * sa + p[0] * keep;
    p[1] = c.g * sa + p[1] * keep;
    p[2] = c.b * sa + p[2] * keep;
    p[3] = sa + p[3] * keep;
    /* the tinted share, and the grey level of the tinted paint, both premultiplied */
    float grey = (c.r + c.g + c.b) / 3.0f;
    cv->tint[i * 2] = tint * sa + cv->tint[i * 2] * keep;
    cv->tint[i * 2 + 1] = tint * grey * sa + cv->tint[i * 2 + 1] * keep;
}

static void raster(art_canvas *cv, float x0, float y0, float x1, float y1, sdf_fn f,
                   const void *shape, const art_paint *paint)
{
    const art_xform *m = &cv->xf;
    float det = m->a * m->d - m->b * m->c;
    if (det == 0.0f)
        return;
    float ia = m->d / det, ib = -m->b / det, ic = -m->c / det, id = m->a / det;
    float cx[4] = {x0, x1, x0, x1}, cy[4] = {y0, y0, y1, y1};
    float dx0 = 1e9f, dy0 = 1e9f, dx1 = -1e9f, dy1 = -1e9f;
    for (int k = 0; k < 4; k++) {
        float X = m->a * cx[k] + m->b * cy[k] + m->tx;
        float Y = m->c * cx[k] + m->d * cy[k] + m->ty;
        dx0 = X < dx0 ? X : dx0;
        dy0 = Y < dy0 ? Y : dy0;
        dx1 = X > dx1 ? X : dx1;
        dy1 = Y > dy1 ? Y : dy1;
    }
    int ix0 = (int)floorf(dx0) - 1, iy0 = (int)floorf(dy0) - 1;
    int ix1 = (int)floorf(dx1) + 1, iy1 = (int)floorf(dy1) + 1;
    if (!cv->wrap) {
        ix0 = ix0 < 0 ? 0 : ix0;
        iy0 = iy0 < 0 ? 0 : iy0;
        ix1 = ix1 > cv->w - 1 ? cv->w - 1 : ix1;
        iy1 = iy1 > cv->h - 1 ? cv->h - 1 : iy1;
    }
    for (int iy = iy0; iy <= iy1; iy++) {
        for (int ix = ix0; ix <= ix1; ix++) {
            float X = (float)ix + 0.5f - m->tx, Y = (float)iy + 0.5f - m->ty;
            float lx = ia * X + ib * Y, ly = ic * X + id * Y;
            float cov = art_clamp(0.5f - f(shape, lx, ly) * m->scale, 0.0f, 1.0f);
            if (cov <= 0.0f)
                continue;
            blend(cv, ix, iy, paint_at(paint, lx, ly), cov, paint->tint);
        }
    }
}

static float len2d(float x, float y)
{
    return sqrtf(x * x + y * y);
}

/* Distance from p to segment ab, and the parameter of the nearest point. */
static float seg_dist(float px, float py, float ax, float ay, float bx, float by, float *t_out)
{
    float vx = bx - ax, vy = by - ay, wx = px - ax, wy = py - ay;
    float l2 = vx * vx + vy * vy;
    float t = l2 > 0.0f ? art_clamp((wx * vx + wy * vy) / l2, 0.0f, 1.0f) : 0.0f;
    if (t_out)
        *t_out = t;
    return len2d(wx - t * vx, wy - t * vy);
}

typedef struct shape_circle {
    float x, y, r, w;
} shape_circle;

static float sdf_circle(const void *s, float x, float y)
{
    const shape_circle *c = s;
    return len2d(x - c->x, y - c->y) - c->r;
}

static float sdf_ring(const void *s, float x, float y)
{
    const shape_circle *c = s;
    return fabsf(len2d(x - c->x, y - c->y) - c->r) - 0.5f * c->w;
}

void art_circle(art_canvas *cv, float x, float y, float r, art_paint p)
{
    shape_circle c = {x, y, r, 0};
    raster(cv, x - r, y - r, x + r, y + r, sdf_circle, &c, &p);
}

void art_ring(art_canvas *cv, float x, float y, float r, float width, art_paint p)
{
    shape_circle c = {x, y, r, width};
    float e = r + width;
    raster(cv, x - e, y - e, x + e, y + e, sdf_ring, &c, &p);
}

typedef struct shape_ellipse {
    float x, y, rx, ry, cs, sn;
} shape_ellipse;

static float sdf_ellipse(const void *s, float x, float y)
{
    const shape_ellipse *e = s;
    float dx = x - e->x, dy = y - e->y;
    float u = dx * e->cs + dy * e->sn, v = -dx * e->sn + dy * e->cs;
    float qx = u / e->rx, qy = v / e->ry;
    float k = len2d(qx, qy);
    if (k < 1e-6f)
        return -(e->rx < e->ry ? e->rx : e->ry);
    float gx = qx / e->rx, gy = qy / e->ry;
    float g = len2d(gx, gy) / k;
    return (k - 1.0f) / g;
}

void art_ellipse(art_canvas *cv, float x, float y, float rx, float ry, float deg, art_paint p)
{
    float r = deg * ART_PI / 180.0f;
    shape_ellipse e = {x, y, rx, ry, art_cos(r), art_sin(r)};
    float m = rx > ry ? rx : ry;
    raster(cv, x - m, y - m, x + m, y + m, sdf_ellipse, &e, &p);
}

typedef struct shape_seg {
    float x0, y0, x1, y1, w0, w1;
} shape_seg;

static float sdf_seg(const void *s, float x, float y)
{
    const shape_seg *l = s;
    float t;
    float d = seg_dist(x, y, l->x0, l->y0, l->x1, l->y1, &t);
    return d - 0.5f * (l->w0 + (l->w1 - l->w0) * t);
}

void art_taper(art_canvas *cv, float x0, float y0, float x1, float y1, float w0, float w1,
               art_paint p)
{
    shape_seg l = {x0, y0, x1, y1, w0, w1};
    float e = 0.5f * (w0 > w1 ? w0 : w1);
    raster(cv, (x0 < x1 ? x0 : x1) - e, (y0 < y1 ? y0 : y1) - e, (x0 > x1 ? x0 : x1) + e,
           (y0 > y1 ? y0 : y1) + e, sdf_seg, &l, &p);
}

void art_line(art_canvas *cv, float x0, float y0, float x1, float y1, float width, art_paint p)
{
    art_taper(cv, x0, y0, x1, y1, width, width, p);
}

typedef struct shape_poly {
    const float *xy;
    int n;
    float w; /* polyline width; 0 for a filled polygon */
} shape_poly;

static float sdf_polygon(const void *s, float x, float y)
{
    const shape_poly *p = s;
    float d = 1e9f;
    bool inside = false;
    for (int i = 0, j = p->n - 1; i < p->n; j = i++) {
        float ax = p->xy[2 * j], ay = p->xy[2 * j + 1], bx = p->xy[2 * i], by = p->xy[2 * i + 1];
        float e = seg_dist(x, y, ax, ay, bx, by, NULL);
        d = e < d ? e : d;
        if ((ay > y) != (by > y) && x < ax + (y - ay) * (bx - ax) / (by - ay))
            inside = !inside;
    }
    return inside ? -d : d;
}

static float sdf_polyline(const void *s, float x, float y)
{
    const shape_poly *p = s;
    float d = 1e9f;
    for (int i = 1; i < p->n; i++) {
        float e = seg_dist(x, y, p->xy[2 * i - 2], p->xy[2 * i - 1], p->xy[2 * i], p->xy[2 * i + 1],
                           NULL);
        d = e < d ? e : d;
    }
    return d - 0.5f * p->w;
}

static void poly_bounds(const float *xy, int n, float e, float *b)
{
    b[0] = b[1] = 1e9f;
    b[2] = b[3] = -1e9f;
    for (int i = 0; i < n; i++) {
        b[0] = xy[2 * i] < b[0] ? xy[2 * i] : b[0];
        b[1] = xy[2 * i + 1] < b[1] ? xy[2 * i + 1] : b[1];
        b[2] = xy[2 * i] > b[2] ? xy[2 * i] : b[2];
        b[3] = xy[2 * i + 1] > b[3] ? xy[2 * i + 1] : b[3];
    }
    b[0] -= e;
    b[1] -= e;
    b[2] += e;
    b[3] += e;
}

void art_polygon(art_canvas *cv, const float *xy, int n, art_paint p)
{
    shape_poly s = {xy, n, 0};
    float b[4];
    poly_bounds(xy, n, 0, b);
    raster(cv, b[0], b[1], b[2], b[3], sdf_polygon, &s, &p);
}

void art_polyline(art_canvas *cv, const float *xy, int n, float width, art_paint p)
{
    shape_poly s = {xy, n, width};
    float b[4];
    poly_bounds(xy, n, 0.5f * width, b);
    raster(cv, b[0], b[1], b[2], b[3], sdf_polyline, &s, &p);
}

typedef struct shape_rect {
    float cx, cy, hx, hy, r;
} shape_rect;

static float sdf_rect(const void *s, float x, float y)
{
    const shape_rect *q = s;
    float dx = fabsf(x - q->cx) - (q->hx - q->r), dy = fabsf(y - q->cy) - (q->hy - q->r);
    float ox = dx > 0 ? dx : 0, oy = dy > 0 ? dy : 0;
    float in = dx > dy ? dx : dy;
    return len2d(ox, oy) + (in < 0 ? in : 0) - q->r;
}

void art_rect(art_canvas *cv, float x0, float y0, float x1, float y1, float radius, art_paint p)
{
    shape_rect q = {0.5f * (x0 + x1), 0.5f * (y0 + y1), 0.5f * (x1 - x0), 0.5f * (y1 - y0), radius};
    raster(cv, x0, y0, x1, y1, sdf_rect, &q, &p);
}

typedef struct shape_leaf {
    float mx, my, ux, uy, off, rad;
} shape_leaf;

/* The leaf is the lens where two circles of radius `rad` overlap. */
static float sdf_leaf(const void *s, float x, float y)
{
    const shape_leaf *l = s;
    float dx = x - l->mx, dy = y - l->my;
    float u = dx * l->ux + dy * l->uy, v = -dx * l->uy + dy * l->ux;
    float d1 = len2d(u, v + l->off) - l->rad, d2 = len2d(u, v - l->off) - l->rad;
    return d1 > d2 ? d1 : d2;
}

void art_leaf(art_canvas *cv, float x0, float y0, float x1, float y1, float half, art_paint p)
{
    float len = len2d(x1 - x0, y1 - y0);
    if (len <= 0.0f || half <= 0.0f)
        return;
    float a = 0.5f * len, rad = (a * a + half * half) / (2.0f * half);
    shape_leaf l = {0.5f * (x0 + x1), 0.5f * (y0 + y1), (x1 - x0) / len,
                    (y1 - y0) / len,  rad - half,       rad};
    raster(cv, (x0 < x1 ? x0 : x1) - half, (y0 < y1 ? y0 : y1) - half, (x0 > x1 ? x0 : x1) + half,
           (y0 > y1 ? y0 : y1) + half, sdf_leaf, &l, &p);
}

/* ---- whole-image effects ------------------------------------------------------------------- */

static float alpha_at(const art_canvas *cv, const float *alpha, int x, int y)
{
    if (cv->wrap) {
        x = ((x % cv->w) + cv->w) % cv->w;
        y = ((y % cv->h) + cv->h) % cv->h;
    } else if (x < 0 || y < 0 || x >= cv->w || y >= cv->h) {
        return 0.0f;
    }
    return alpha[(size_t)y * (size_t)cv->w + (size_t)x];
}

static float *alpha_copy(const art_canvas *cv)
{
    size_t n = (size_t)cv->w * (size_t)cv->h;
    float *a = mem_calloc(n, sizeof(float));
    for (size_t i = 0; i < n; i++)
        a[i] = cv->px[i * 4 + 3];
    return a;
}

/* Composites a colour of per-pixel coverage `under` beneath the existing pixels. */
static void composite_under(art_canvas *cv, const float *under, art_rgba c)
{
    size_t n = (size_t)cv->w * (size_t)cv->h;
    for (size_t i = 0; i < n; i++) {
        float *p = &cv->px[i * 4];
        float ua = under[i] * c.a * (1.0f - p[3]);
        p[0] += c.r * ua;
        p[1] += c.g * ua;
        p[2] += c.b * ua;
        p[3] += ua;
    }
}

void art_outline(art_canvas *cv, float radius, art_rgba colour)
{
    float *alpha = alpha_copy(cv);
    size_t n = (size_t)cv->w * (size_t)cv->h;
    float *grow = mem_calloc(n, sizeof(float));
    int r = (int)ceilf(radius) + 1;
    for (int y = 0; y < cv->h; y++) {
        for (int x = 0; x < cv->w; x++) {
            float best = 0.0f;
            for (int dy = -r; dy <= r; dy++) {
                for (int dx = -r; dx <= r; dx++) {
                    float k = art_clamp(radius + 0.5f - len2d((float)dx, (float)dy), 0.0f, 1.0f);
                    float v = alpha_at(cv, alpha, x + dx, y + dy) * k;
                    best = v > best ? v : best;
                }
            }
            grow[(size_t)y * (size_t)cv->w + (size_t)x] = best;
        }
    }
    composite_under(cv, grow, colour);
    free(grow);
    free(alpha);
}

static void box_blur(const art_canvas *cv, float *a, int r)
{
    size_t n = (size_t)cv->w * (size_t)cv->h;
    float *tmp = mem_calloc(n, sizeof(float));
    float k = 1.0f / (float)(2 * r + 1);
    for (int y = 0; y < cv->h; y++)
        for (int x = 0; x < cv->w; x++) {
            float s = 0.0f;
            for (int d = -r; d <= r; d++)
                s += alpha_at(cv, a, x + d, y);
            tmp[(size_t)y * (size_t)cv->w + (size_t)x] = s * k;
        }
    for (int y = 0; y < cv->h; y++)
        for (int x = 0; x < cv->w; x++) {
            float s = 0.0f;
            for (int d = -r; d <= r; d++)
                s += alpha_at(cv, tmp, x, y + d);
            a[(size_t)y * (size_t)cv->w + (size_t)x] = s * k;
        }
    free(tmp);
}

void art_shadow(art_canvas *cv, float dx, float dy, int blur, float opacity)
{
    float *alpha = alpha_copy(cv);
    size_t n = (size_t)cv->w * (size_t)cv->h;
    float *sh = mem_calloc(n, sizeof(float));
    int ox = (int)floorf(dx + 0.5f), oy = (int)floorf(dy + 0.5f);
    for (int y = 0; y < cv->h; y++)
        for (int x = 0; x < cv->w; x++)
            sh[(size_t)y * (size_t)cv->w + (size_t)x] = alpha_at(cv, alpha, x - ox, y - oy);
    if (blur > 0) {
        box_blur(cv, sh, blur);
        box_blur(cv, sh, blur);
    }
    composite_under(cv, sh, (art_rgba){0.0f, 0.0f, 0.0f, opacity});
    free(sh);
    free(alpha);
}

void art_fill_fn(art_canvas *cv, art_pixel_fn f, void *ctx)
{
    for (int y = 0; y < cv->h; y++)
        for (int x = 0; x < cv->w; x++)
            blend(cv, x, y, f((float)x + 0.5f, (float)y + 0.5f, ctx), 1.0f, 0.0f);
}

void art_modulate(art_canvas *cv, art_scalar_fn f, void *ctx)
{
    for (int y = 0; y < cv->h; y++)
        for (int x = 0; x < cv->w; x++) {
            float k = f((float)x + 0.5f, (float)y + 0.5f, ctx);
            float *p = &cv->px[((size_t)y * (size_t)cv->w + (size_t)x) * 4];
            for (int c = 0; c < 3; c++)
                p[c] = art_clamp(p[c] * k, 0.0f, p[3]);
        }
}
