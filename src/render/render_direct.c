/* The offscreen fast path. SDL's software renderer draws every command through generic code: a
 * blended triangle allocates a surface of its own, a sprite is blended pixel by pixel with its
 * transparent corners, a fill is blended one span at a time. Offscreen (the preview, the tests,
 * the benchmark) the same pixels are written here straight into the surface, after the queued
 * commands are flushed so the order of drawing stays, with SDL's own arithmetic (checked to the
 * bit against SDL_BlendFillRect and the per-pixel-alpha blit by test_render's fast-path test).
 * In a window the same calls go through SDL. */
#include "render/render_internal.h"

#include "core/mem.h"
#include "render/raster.h"

#include <string.h>

static bool render_direct_available(const render_ctx *ctx)
{
    return ctx->surface && !ctx->sdl_only;
}

static void batch_add(render_ctx *ctx, render_batch_op op)
{
    if (ctx->batch_count == ctx->batch_cap) {
        ctx->batch_cap = ctx->batch_cap ? ctx->batch_cap * 2 : 256;
        ctx->batch = mem_realloc(ctx->batch, (size_t)ctx->batch_cap, sizeof *ctx->batch);
    }
    ctx->batch[ctx->batch_count++] = op;
}

bool render_direct_target(render_ctx *ctx, raster_target *out)
{
    if (!ctx->surface || ctx->sdl_only)
        return false;
    SDL_RenderFlush(ctx->r); /* SDL's queue holds only what came before the batch */
    *out = (raster_target){ctx->surface->pixels, ctx->surface->w, ctx->surface->h,
                           ctx->surface->pitch / 4};
    return true;
}

/* ---- spans --------------------------------------------------------------------------------- */

static void span_collect(void *p, int y, int x0, int x1)
{
    render_ctx *ctx = p;
    if (ctx->span_count == ctx->span_cap) {
        ctx->span_cap = ctx->span_cap ? ctx->span_cap * 2 : 1024;
        ctx->spans = mem_realloc(ctx->spans, (size_t)ctx->span_cap, sizeof *ctx->spans);
    }
    ctx->spans[ctx->span_count++] = (render_span){y, x0, x1};
}

/* SDL_BlendFillRect's blend (ARGB8888, SDL_BLENDMODE_BLEND): dst * (255 - a) / 255 plus the
 * colour premultiplied by a / 255, every channel truncated, alpha included. Two channels at a
 * time; x / 255 == (x + 1 + (x >> 8)) >> 8 for every x <= 255 * 255. */
static inline uint32_t fill_px(uint32_t d, uint32_t prem, uint32_t inva)
{
    uint32_t rb = (d & 0x00ff00ffu) * inva, ag = ((d >> 8) & 0x00ff00ffu) * inva;
    rb = ((rb + 0x00010001u + ((rb >> 8) & 0x00ff00ffu)) >> 8) & 0x00ff00ffu;
    ag = ((ag + 0x00010001u + ((ag >> 8) & 0x00ff00ffu)) >> 8) & 0x00ff00ffu;
    return (rb | ag << 8) + prem;
}

/* The spans on rows [y0, y1). */
static void spans_direct(const raster_target *t, const render_span *s, int n, uint32_t rgba, int y0,
                         int y1)
{
    uint32_t a = rgba & 0xff, inva = 255 - a;
    uint32_t r = (rgba >> 24) * a / 255, g = (rgba >> 16 & 0xff) * a / 255,
             b = (rgba >> 8 & 0xff) * a / 255;
    uint32_t prem = a << 24 | r << 16 | g << 8 | b, solid = 0xff000000u | rgba >> 8;
    for (int i = 0; i < n; i++) {
        if (s[i].y < y0 || s[i].y >= y1)
            continue;
        uint32_t *row = t->px + (size_t)s[i].y * (size_t)t->pitch;
        if (a == 255)
            for (int x = s[i].x0; x < s[i].x1; x++)
                row[x] = solid;
        else
            for (int x = s[i].x0; x < s[i].x1; x++)
                row[x] = fill_px(row[x], prem, inva);
    }
}

static void spans_sdl(render_ctx *ctx, const render_span *s, int n, uint32_t rgba)
{
    SDL_FRect rects[512];
    render_set_colour(ctx, rgba);
    for (int i = 0; i < n;) {
        int k = 0;
        for (; k < 512 && i < n; k++, i++)
            rects[k] = (SDL_FRect){(float)s[i].x0, (float)s[i].y, (float)(s[i].x1 - s[i].x0), 1};
        SDL_RenderFillRectsF(render_sdl(ctx), rects, k);
    }
}

void render_polygon_px(render_ctx *ctx, const vec2s *pts, int n, uint32_t rgba)
{
    if (!(rgba & 0xff))
        return;
    int w, h;
    render_output_size(ctx, &w, &h);
    if (!render_direct_available(ctx)) {
        ctx->span_count = 0;
        raster_polygon_spans(pts, n, w, h, span_collect, ctx);
        spans_sdl(ctx, ctx->spans, ctx->span_count, rgba);
        return;
    }
    int first = ctx->span_count;
    raster_polygon_spans(pts, n, w, h, span_collect, ctx);
    if (ctx->span_count == first)
        return;
    batch_add(ctx, (render_batch_op){.span0 = first,
                                     .span_n = ctx->span_count - first,
                                     .rgba = rgba,
                                     .y0 = ctx->spans[first].y,
                                     .y1 = ctx->spans[ctx->span_count - 1].y + 1});
}

/* ---- bitmaps ------------------------------------------------------------------------------- */

enum { RUN_OPAQUE = 0, RUN_BLEND = 1 };

/* Each row as runs (x, length, kind) of opaque or translucent pixels; the transparent ones are
 * never visited. */
static void bitmap_encode(render_bitmap *b)
{
    size_t cap = 64, n = 0;
    b->runs = mem_calloc(cap, sizeof *b->runs);
    b->row = mem_calloc((size_t)b->h + 1, sizeof *b->row);
    for (int y = 0; y < b->h; y++) {
        b->row[y] = (uint32_t)n;
        const uint32_t *src = b->px + (size_t)y * (size_t)b->w;
        for (int x = 0; x < b->w;) {
            uint32_t a = src[x] >> 24;
            if (!a) {
                x++;
                continue;
            }
            int kind = a == 255 ? RUN_OPAQUE : RUN_BLEND, x0 = x;
            while (x < b->w && src[x] >> 24 && (src[x] >> 24 == 255) == (kind == RUN_OPAQUE))
                x++;
            if (n + 3 > cap) {
                cap *= 2;
                b->runs = mem_realloc(b->runs, cap, sizeof *b->runs);
            }
            b->runs[n++] = (uint16_t)x0;
            b->runs[n++] = (uint16_t)(x - x0);
            b->runs[n++] = (uint16_t)kind;
        }
    }
    b->row[b->h] = (uint32_t)n;
}

bool render_bitmap_make(render_ctx *ctx, render_bitmap *b, SDL_Surface *s)
{
    *b = (render_bitmap){.w = s->w, .h = s->h};
    b->tex = SDL_CreateTextureFromSurface(ctx->r, s);
    if (!b->tex)
        return false;
    SDL_SetTextureBlendMode(b->tex, SDL_BLENDMODE_BLEND);
    if (!ctx->surface || s->format->format != SDL_PIXELFORMAT_ARGB8888 || s->w > 65535)
        return true; /* a window: the texture is all it needs */
    b->px = mem_calloc((size_t)s->w * (size_t)s->h, 4);
    for (int y = 0; y < s->h; y++)
        memcpy(b->px + (size_t)y * (size_t)s->w, (uint8_t *)s->pixels + y * s->pitch,
               (size_t)s->w * 4);
    bitmap_encode(b);
    return true;
}

void render_bitmap_from_px(render_bitmap *b, uint32_t *px, int w, int h, bool scaled)
{
    *b = (render_bitmap){.px = px, .w = w, .h = h, .scaled = scaled};
    bitmap_encode(b);
}

void render_bitmap_free(render_bitmap *b)
{
    if (b->tex)
        SDL_DestroyTexture(b->tex);
    free(b->px);
    free(b->runs);
    free(b->row);
    *b = (render_bitmap){0};
}

/* The per-pixel-alpha blit SDL uses for ARGB8888 onto ARGB8888: each channel
 * (s * a >> 8) + (d * (255 - a) >> 8), the source alpha counted as 255 in the alpha channel. */
static inline uint32_t blit_px(uint32_t d, uint32_t s)
{
    uint32_t a = s >> 24, ia = 255 - a;
    uint32_t s_rb = ((s & 0xff00ffu) * a >> 8) & 0xff00ffu;
    uint32_t s_ag = ((((s >> 8) & 0xffu) | 0xff0000u) * a >> 8) & 0xff00ffu;
    uint32_t d_rb = ((d & 0xff00ffu) * ia >> 8) & 0xff00ffu;
    uint32_t d_ag = (((d >> 8) & 0xff00ffu) * ia >> 8) & 0xff00ffu;
    return (s_rb + d_rb) | (s_ag + d_ag) << 8;
}

/* The bitmap's rows that land on output rows [y0, y1). */
static void bitmap_direct(const raster_target *t, const render_bitmap *b, int x, int y, int y0,
                          int y1)
{
    int r0 = y0 - y > 0 ? y0 - y : 0, r1 = b->h < y1 - y ? b->h : y1 - y;
    for (int r = r0; r < r1; r++) {
        uint32_t *dst = t->px + (size_t)(y + r) * (size_t)t->pitch;
        const uint32_t *src = b->px + (size_t)r * (size_t)b->w;
        for (uint32_t k = b->row[r]; k < b->row[r + 1]; k += 3) {
            int sx = b->runs[k], n = b->runs[k + 1], dx = x + sx;
            if (dx < 0) {
                sx -= dx;
                n += dx;
                dx = 0;
            }
            if (dx + n > t->w)
                n = t->w - dx;
            if (n <= 0)
                continue;
            if (b->runs[k + 2] == RUN_OPAQUE)
                memcpy(dst + dx, src + sx, (size_t)n * 4);
            else if (b->scaled)
                for (int i = 0; i < n; i++)
                    dst[dx + i] = fill_px(dst[dx + i], src[sx + i], 255 - (src[sx + i] >> 24));
            else
                for (int i = 0; i < n; i++)
                    dst[dx + i] = blit_px(dst[dx + i], src[sx + i]);
        }
    }
}

void render_bitmap_draw(render_ctx *ctx, const render_bitmap *b, int x, int y)
{
    if (b->px && render_direct_available(ctx)) {
        int h = ctx->surface->h;
        if (y + b->h > 0 && y < h && x + b->w > 0 && x < ctx->surface->w)
            batch_add(ctx, (render_batch_op){.bm = b,
                                             .x = x,
                                             .y = y,
                                             .y0 = y < 0 ? 0 : y,
                                             .y1 = y + b->h > h ? h : y + b->h});
    } else if (b->tex) {
        SDL_RenderCopy(render_sdl(ctx), b->tex, NULL, &(SDL_Rect){x, y, b->w, b->h});
    }
}

bool render_copy_opaque(render_ctx *ctx, const uint32_t *px, int w, int h, int x, int y)
{
    if (!render_direct_available(ctx))
        return false;
    int oh = ctx->surface->h;
    if (y + h > 0 && y < oh && x + w > 0 && x < ctx->surface->w)
        batch_add(ctx, (render_batch_op){.copy_px = px,
                                         .copy_w = w,
                                         .copy_h = h,
                                         .x = x,
                                         .y = y,
                                         .y0 = y < 0 ? 0 : y,
                                         .y1 = y + h > oh ? oh : y + h});
    return true;
}

static void copy_direct(const raster_target *t, const render_batch_op *op, int y0, int y1)
{
    int x0 = op->x < 0 ? 0 : op->x, x1 = op->x + op->copy_w > t->w ? t->w : op->x + op->copy_w;
    int r0 = op->y0 > y0 ? op->y0 : y0, r1 = op->y1 < y1 ? op->y1 : y1;
    for (int r = r0; r < r1 && x1 > x0; r++)
        memcpy(t->px + (size_t)r * (size_t)t->pitch + (size_t)x0,
               op->copy_px + (size_t)(r - op->y) * (size_t)op->copy_w + (size_t)(x0 - op->x),
               (size_t)(x1 - x0) * 4);
}

/* Rows per band: a band of a 1,600-pixel-wide frame (200 KB) stays in the L2 cache from the
 * static layer's copy through every sprite and fill on it, where drawing one thing after
 * another over the whole frame misses the cache on every row of every sprite. Drawings keep
 * their order within a band, and bands share no pixel, so the frame is the same. */
#define BAND_ROWS 32

void render_batch_play(render_ctx *ctx)
{
    raster_target t;
    int n = ctx->batch_count;
    ctx->batch_count = 0; /* before render_direct_target: nothing re-enters the batch */
    if (n && render_direct_target(ctx, &t)) {
        int lo = t.h, hi = 0;
        for (int i = 0; i < n; i++) {
            lo = ctx->batch[i].y0 < lo ? ctx->batch[i].y0 : lo;
            hi = ctx->batch[i].y1 > hi ? ctx->batch[i].y1 : hi;
        }
        for (int b0 = lo; b0 < hi; b0 += BAND_ROWS) {
            int b1 = b0 + BAND_ROWS < hi ? b0 + BAND_ROWS : hi;
            for (int i = 0; i < n; i++) {
                const render_batch_op *op = &ctx->batch[i];
                if (op->y1 <= b0 || op->y0 >= b1)
                    continue;
                if (op->bm)
                    bitmap_direct(&t, op->bm, op->x, op->y, b0, b1);
                else if (op->copy_px)
                    copy_direct(&t, op, b0, b1);
                else
                    spans_direct(&t, ctx->spans + op->span0, op->span_n, op->rgba, b0, b1);
            }
        }
    }
    ctx->span_count = 0;
}
