#include "render/raster.h"

#include <math.h>
#include <stdlib.h>

uint32_t raster_blend(uint32_t dst, uint32_t src)
{
    uint32_t a = src >> 24;
    if (a == 255)
        return src;
    if (a == 0)
        return dst;
    uint32_t out = 0xff000000u;
    for (int shift = 0; shift <= 16; shift += 8) {
        uint32_t s = (src >> shift) & 0xff, d = (dst >> shift) & 0xff;
        out |= ((s * a + d * (255 - a) + 127) / 255) << shift;
    }
    return out;
}

static uint32_t hash2(int32_t x, int32_t y, uint32_t seed)
{
    uint32_t h = (uint32_t)x * 0x8da6b343u ^ (uint32_t)y * 0xd8163841u ^ seed * 0xcb1ab31fu;
    h ^= h >> 13;
    h *= 0x5bd1e995u;
    h ^= h >> 15;
    return h;
}

float raster_noise(float x, float y, uint32_t seed)
{
    float fx = floorf(x), fy = floorf(y);
    int32_t ix = (int32_t)fx, iy = (int32_t)fy;
    float tx = x - fx, ty = y - fy;
    tx = tx * tx * (3 - 2 * tx);
    ty = ty * ty * (3 - 2 * ty);
    float v00 = (float)(hash2(ix, iy, seed) & 0xffff) / 65535.0f;
    float v10 = (float)(hash2(ix + 1, iy, seed) & 0xffff) / 65535.0f;
    float v01 = (float)(hash2(ix, iy + 1, seed) & 0xffff) / 65535.0f;
    float v11 = (float)(hash2(ix + 1, iy + 1, seed) & 0xffff) / 65535.0f;
    float a = v00 + (v10 - v00) * tx, b = v01 + (v11 - v01) * tx;
    return a + (b - a) * ty;
}

/* A pixel shader run by run, and a row shader's run on its row. */
typedef struct shade_span {
    raster_target *t;
    raster_shader shader;
    raster_row_shader rows;
    void *ctx;
} shade_span;

static void shade_run(void *p, int y, int x0, int x1)
{
    shade_span *s = p;
    uint32_t *row = s->t->px + (size_t)y * (size_t)s->t->pitch;
    if (s->rows) {
        s->rows(s->ctx, row, y, x0, x1);
        return;
    }
    for (int x = x0; x < x1; x++)
        row[x] = raster_blend(row[x], s->shader(s->ctx, x, y));
}

/* ceilf and floorf where the float passes through an int (a call each otherwise, on the baseline
 * x86-64 this is built for). They may give +0 where those give -0: every result here goes
 * through clamp_int, to which the two are the same. */
static inline float ceil_fast(float v)
{
    if (!(fabsf(v) < 8388608.0f))
        return ceilf(v);
    float t = (float)(int32_t)v;
    return t < v ? t + 1.0f : t;
}

static inline float floor_fast(float v)
{
    if (!(fabsf(v) < 8388608.0f))
        return floorf(v);
    float t = (float)(int32_t)v;
    return t > v ? t - 1.0f : t;
}

/* v as an int within [lo, hi] (NaN gives lo): converting an out-of-range float to int is
 * undefined, and an infinite coordinate (a degenerate table) once made a loop of 2^31 rows. */
static int clamp_int(float v, int lo, int hi)
{
    return v >= (float)hi ? hi : v > (float)lo ? (int)v : lo;
}

/* Pixel x is covered when its centre x + 0.5 lies in [xa, xb). */
static void emit_run(int y, float xa, float xb, int w, void (*span)(void *, int, int, int),
                     void *ctx)
{
    int x0 = clamp_int(ceil_fast(xa - 0.5f), 0, w), x1 = clamp_int(ceil_fast(xb - 0.5f), 0, w);
    if (x1 > x0)
        span(ctx, y, x0, x1);
}

/* Sorts the few crossings of one scanline (insertion sort: usually two). */
static void sort_crossings(float *xs, int k)
{
    for (int i = 1; i < k; i++) {
        float v = xs[i];
        int j = i - 1;
        for (; j >= 0 && xs[j] > v; j--)
            xs[j + 1] = xs[j];
        xs[j + 1] = v;
    }
}

typedef struct edge {
    vec2s a, b;     /* as the polygon lists them: the crossing is computed from a to b */
    int row0, row1; /* the scanlines [row0, row1] whose centre it crosses */
} edge;

static int cmp_edge(const void *p, const void *q)
{
    const edge *a = p, *b = q;
    return (a->row0 > b->row0) - (a->row0 < b->row0);
}

void raster_polygon_spans(const vec2s *pts, int n, int w, int h,
                          void (*span)(void *ctx, int y, int x0, int x1), void *ctx)
{
    if (n < 3)
        return;
    float ymin = pts[0].y, ymax = pts[0].y;
    for (int i = 1; i < n; i++) {
        ymin = fminf(ymin, pts[i].y);
        ymax = fmaxf(ymax, pts[i].y);
    }
    int y0 = clamp_int(floor_fast(ymin), 0, h), y1 = clamp_int(ceil_fast(ymax), -1, h - 1);
    if (y0 > y1)
        return;
    /* Each edge visits only the scanlines it crosses (sorted by its first), not every scanline
     * every edge: the same crossings, in the same arithmetic, as testing them all. */
    edge edges_small[64];
    float xs_small[64];
    int active_small[64];
    edge *edges = n <= 64 ? edges_small : malloc(sizeof(edge) * (size_t)n);
    float *xs = n <= 64 ? xs_small : malloc(sizeof(float) * (size_t)n);
    int *active = n <= 64 ? active_small : malloc(sizeof(int) * (size_t)n);
    if (!edges || !xs || !active)
        goto done;
    int ne = 0;
    for (int i = 0, j = n - 1; i < n; j = i++) {
        vec2s a = pts[j], b = pts[i];
        float lo = fminf(a.y, b.y), hi = fmaxf(a.y, b.y);
        if (!(hi > lo))
            continue; /* horizontal (or NaN): crosses no scanline centre */
        /* Row y is crossed when lo <= y + 0.5 < hi. */
        int r0 = clamp_int(ceil_fast(lo - 0.5f), y0, y1 + 1),
            r1 = clamp_int(ceil_fast(hi - 0.5f) - 1, y0 - 1, y1);
        while (r0 > y0 && (float)(r0 - 1) + 0.5f >= lo)
            r0--;
        while (r0 <= r1 && (float)r0 + 0.5f < lo)
            r0++;
        while (r1 < y1 && (float)(r1 + 1) + 0.5f < hi)
            r1++;
        while (r1 >= r0 && (float)r1 + 0.5f >= hi)
            r1--;
        if (r0 <= r1)
            edges[ne++] = (edge){a, b, r0, r1};
    }
    /* By first row, edges that start on one row in the polygon's order (qsort's merge sort is
     * stable too); a quad's or a triangle's few by insertion. */
    if (ne > 32) {
        qsort(edges, (size_t)ne, sizeof *edges, cmp_edge);
    } else {
        for (int i = 1; i < ne; i++) {
            edge e = edges[i];
            int j = i - 1;
            for (; j >= 0 && edges[j].row0 > e.row0; j--)
                edges[j + 1] = edges[j];
            edges[j + 1] = e;
        }
    }
    int na = 0, next = 0;
    for (int y = y0; y <= y1; y++) {
        float sy = (float)y + 0.5f;
        while (next < ne && edges[next].row0 <= y)
            active[na++] = next++;
        int k = 0;
        for (int i = 0; i < na;) {
            const edge *e = &edges[active[i]];
            if (e->row1 < y) {
                active[i] = active[--na];
                continue;
            }
            xs[k++] = e->a.x + (sy - e->a.y) * (e->b.x - e->a.x) / (e->b.y - e->a.y);
            i++;
        }
        sort_crossings(xs, k);
        for (int i = 0; i + 1 < k; i += 2)
            emit_run(y, xs[i], xs[i + 1], w, span, ctx);
    }
done:
    if (edges != edges_small)
        free(edges);
    if (xs != xs_small)
        free(xs);
    if (active != active_small)
        free(active);
}

void raster_fill_polygon(raster_target *t, const vec2s *pts, int n, raster_shader shader, void *ctx)
{
    shade_span s = {t, shader, NULL, ctx};
    raster_polygon_spans(pts, n, t->w, t->h, shade_run, &s);
}

void raster_fill_polygon_rows(raster_target *t, const vec2s *pts, int n, raster_row_shader shader,
                              void *ctx)
{
    shade_span s = {t, NULL, shader, ctx};
    raster_polygon_spans(pts, n, t->w, t->h, shade_run, &s);
}

static void fill_disc(shade_span *s, vec2s c, float r)
{
    raster_target *t = s->t;
    int y0 = clamp_int(floorf(c.y - r), 0, t->h), y1 = clamp_int(ceilf(c.y + r), -1, t->h - 1);
    for (int y = y0; y <= y1; y++) {
        float dy = (float)y + 0.5f - c.y;
        float d2 = r * r - dy * dy;
        if (d2 <= 0)
            continue;
        float dx = sqrtf(d2);
        emit_run(y, c.x - dx, c.x + dx, t->w, shade_run, s);
    }
}

void raster_fill_disc(raster_target *t, vec2s c, float r, raster_shader shader, void *ctx)
{
    shade_span s = {t, shader, NULL, ctx};
    fill_disc(&s, c, r);
}

static void stroke_segment(shade_span *s, vec2s a, vec2s b, float hw)
{
    vec2s d = glms_vec2_sub(b, a);
    float len = glms_vec2_norm(d);
    if (len < 1e-6f)
        return;
    vec2s nrm = {{-d.y / len * hw, d.x / len * hw}};
    vec2s q[4] = {glms_vec2_add(a, nrm), glms_vec2_add(b, nrm), glms_vec2_sub(b, nrm),
                  glms_vec2_sub(a, nrm)};
    raster_polygon_spans(q, 4, s->t->w, s->t->h, shade_run, s);
}

static void stroke_polyline(shade_span *s, const vec2s *pts, int n, int closed, float width)
{
    float hw = width * 0.5f;
    int segs = closed ? n : n - 1;
    for (int i = 0; i < segs; i++)
        stroke_segment(s, pts[i], pts[(i + 1) % n], hw);
    if (hw >= 1.0f)
        for (int i = 0; i < n; i++)
            fill_disc(s, pts[i], hw);
}

void raster_stroke_polyline(raster_target *t, const vec2s *pts, int n, int closed, float width,
                            raster_shader shader, void *ctx)
{
    shade_span s = {t, shader, NULL, ctx};
    stroke_polyline(&s, pts, n, closed, width);
}

void raster_stroke_polyline_rows(raster_target *t, const vec2s *pts, int n, int closed, float width,
                                 raster_row_shader shader, void *ctx)
{
    shade_span s = {t, NULL, shader, ctx};
    stroke_polyline(&s, pts, n, closed, width);
}
