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
#ifdef __SSE2__
#include <emmintrin.h>
#endif
/* Where the compiler can build AVX2 code for a machine that has it (checked when running), the
 * blends go eight pixels at a time: the same integers, twice as many a step. */
#if defined(__GNUC__) && defined(__x86_64__)
#include <immintrin.h>
#define RENDER_AVX2 1
#define AVX2_FN     __attribute__((target("avx2")))

static bool have_avx2(void)
{
    static int known = -1;
    if (known < 0)
        known = __builtin_cpu_supports("avx2") ? 1 : 0;
    return known == 1;
}
#else
#define RENDER_AVX2 0
#endif
#ifdef __SSE2__

/* x * k / 255 in 16-bit lanes (x, k <= 255), as fill_px computes it. */
static inline __m128i mul255_epi16(__m128i x, __m128i k)
{
    __m128i t = _mm_mullo_epi16(x, k);
    return _mm_srli_epi16(_mm_add_epi16(_mm_add_epi16(t, _mm_set1_epi16(1)), _mm_srli_epi16(t, 8)),
                          8);
}
#endif

#if RENDER_AVX2
AVX2_FN static inline __m256i mul255_epi16_avx2(__m256i x, __m256i k)
{
    __m256i t = _mm256_mullo_epi16(x, k);
    return _mm256_srli_epi16(
        _mm256_add_epi16(_mm256_add_epi16(t, _mm256_set1_epi16(1)), _mm256_srli_epi16(t, 8)), 8);
}

/* fill_run's eights; returns how many pixels it did. (The 256-bit unpacks and packs work within
 * each 128-bit half, so the pixels come back in their order.) */
AVX2_FN static int fill_run_avx2(uint32_t *row, int n, uint32_t prem, uint32_t inva)
{
    int i = 0;
    __m256i zero = _mm256_setzero_si256(), k = _mm256_set1_epi16((short)inva);
    __m256i p = _mm256_unpacklo_epi8(_mm256_set1_epi32((int)prem), zero);
    for (; i + 8 <= n; i += 8) {
        __m256i d = _mm256_loadu_si256((const __m256i *)(row + i));
        __m256i lo = _mm256_add_epi16(mul255_epi16_avx2(_mm256_unpacklo_epi8(d, zero), k), p);
        __m256i hi = _mm256_add_epi16(mul255_epi16_avx2(_mm256_unpackhi_epi8(d, zero), k), p);
        _mm256_storeu_si256((__m256i *)(row + i), _mm256_packus_epi16(lo, hi));
    }
    return i;
}
#endif

/* fill_px over a run, four pixels at a time where the machine has SSE2 (the same integers). */
static void fill_run(uint32_t *row, int n, uint32_t prem, uint32_t inva)
{
    int i = 0;
#if RENDER_AVX2
    if (n >= 8 && have_avx2())
        i = fill_run_avx2(row, n, prem, inva);
#endif
#ifdef __SSE2__
    __m128i zero = _mm_setzero_si128(), k = _mm_set1_epi16((short)inva);
    __m128i p = _mm_unpacklo_epi8(_mm_set1_epi32((int)prem), zero);
    for (; i + 4 <= n; i += 4) {
        __m128i d = _mm_loadu_si128((const __m128i *)(row + i));
        __m128i lo = _mm_add_epi16(mul255_epi16(_mm_unpacklo_epi8(d, zero), k), p);
        __m128i hi = _mm_add_epi16(mul255_epi16(_mm_unpackhi_epi8(d, zero), k), p);
        _mm_storeu_si128((__m128i *)(row + i), _mm_packus_epi16(lo, hi));
    }
#endif
    for (; i < n; i++)
        row[i] = fill_px(row[i], prem, inva);
}

static void spans_direct(const raster_target *t, const render_span *s, int n, uint32_t rgba, int y0,
                         int y1, int *cursor)
{
    uint32_t a = rgba & 0xff, inva = 255 - a;
    uint32_t r = (rgba >> 24) * a / 255, g = (rgba >> 16 & 0xff) * a / 255,
             b = (rgba >> 8 & 0xff) * a / 255;
    uint32_t prem = a << 24 | r << 16 | g << 8 | b, solid = 0xff000000u | rgba >> 8;
    /* A polygon's spans come row by row downwards, and bands are drawn downwards: each band
     * starts where the last one stopped. */
    int i = *cursor;
    while (i < n && s[i].y < y0)
        i++;
    for (; i < n && s[i].y < y1; i++) {
        uint32_t *row = t->px + (size_t)s[i].y * (size_t)t->pitch;
        if (a == 255)
            for (int x = s[i].x0; x < s[i].x1; x++)
                row[x] = solid;
        else
            fill_run(row + s[i].x0, s[i].x1 - s[i].x0, prem, inva);
    }
    *cursor = i;
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

/* A pixel a run may take in without changing what is drawn: transparent as the blit reads it
 * (alpha 0), or for a premultiplied (scaled) bitmap all zero. */
static bool bitmap_px_clear(const render_bitmap *b, uint32_t px)
{
    return b->scaled ? px == 0 : !(px >> 24);
}

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
            if (!(src[x] >> 24)) {
                x++;
                continue;
            }
            /* A run goes on across transparent gaps of up to 8 pixels: a sprite's row is one or
             * two runs, blended four pixels at a time (any alpha blends right). */
            int x0 = x, end = x, opaque = 1;
            while (x < b->w && x - end <= 8) {
                if (src[x] >> 24) {
                    opaque &= src[x] >> 24 == 255;
                    end = ++x;
                } else {
                    x++;
                }
            }
            /* A blended run grows over the transparent pixels beside it to a whole number of
             * fours, so no pixel of it is left to the one-at-a-time tail. */
            while (!opaque && (end - x0) % 4 && end < b->w && bitmap_px_clear(b, src[end]))
                end++;
            while (!opaque && (end - x0) % 4 && x0 > 0 && bitmap_px_clear(b, src[x0 - 1]) &&
                   (n < 3 || b->row[y] == n || b->runs[n - 3] + b->runs[n - 2] < x0))
                x0--;
            x = end;
            if (n + 3 > cap) {
                cap *= 2;
                b->runs = mem_realloc(b->runs, cap, sizeof *b->runs);
            }
            b->runs[n++] = (uint16_t)x0;
            b->runs[n++] = (uint16_t)(end - x0);
            b->runs[n++] = (uint16_t)(opaque ? RUN_OPAQUE : RUN_BLEND);
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

#if RENDER_AVX2
/* blit_run's eights; returns how many pixels it did. */
AVX2_FN static int blit_run_avx2(uint32_t *dst, const uint32_t *src, int n)
{
    int i = 0;
    __m256i zero = _mm256_setzero_si256(), full = _mm256_set1_epi16(255);
    __m256i alpha_lane = _mm256_set_epi16(255, 0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0);
    for (; i + 8 <= n; i += 8) {
        __m256i sv = _mm256_loadu_si256((const __m256i *)(src + i));
        __m256i sa32 = _mm256_srli_epi32(sv, 24);
        __m256i opaque = _mm256_cmpeq_epi32(sa32, _mm256_set1_epi32(255));
        __m256i clear = _mm256_cmpeq_epi32(sa32, zero);
        if (_mm256_movemask_epi8(opaque) == -1) {
            _mm256_storeu_si256((__m256i *)(dst + i), sv);
            continue;
        }
        if (_mm256_movemask_epi8(clear) == -1)
            continue;
        __m256i dv = _mm256_loadu_si256((const __m256i *)(dst + i));
        __m256i out[2];
        for (int h = 0; h < 2; h++) {
            __m256i s16 = h ? _mm256_unpackhi_epi8(sv, zero) : _mm256_unpacklo_epi8(sv, zero);
            __m256i d16 = h ? _mm256_unpackhi_epi8(dv, zero) : _mm256_unpacklo_epi8(dv, zero);
            __m256i a = _mm256_shufflehi_epi16(_mm256_shufflelo_epi16(s16, 0xff), 0xff);
            __m256i sa =
                _mm256_srli_epi16(_mm256_mullo_epi16(_mm256_or_si256(s16, alpha_lane), a), 8);
            __m256i da = _mm256_srli_epi16(_mm256_mullo_epi16(d16, _mm256_sub_epi16(full, a)), 8);
            out[h] = _mm256_add_epi16(sa, da);
        }
        __m256i res = _mm256_packus_epi16(out[0], out[1]);
        res = _mm256_or_si256(
            _mm256_andnot_si256(_mm256_or_si256(opaque, clear), res),
            _mm256_or_si256(_mm256_and_si256(opaque, sv), _mm256_and_si256(clear, dv)));
        _mm256_storeu_si256((__m256i *)(dst + i), res);
    }
    return i;
}
#endif

/* blit_px over a run (translucent pixels only in the runs, but any alpha is right). */
static void blit_run(uint32_t *dst, const uint32_t *src, int n)
{
    int i = 0;
#if RENDER_AVX2
    if (n >= 8 && have_avx2())
        i = blit_run_avx2(dst, src, n);
#endif
#ifdef __SSE2__
    __m128i zero = _mm_setzero_si128(), full = _mm_set1_epi16(255);
    __m128i alpha_lane = _mm_set_epi16(255, 0, 0, 0, 255, 0, 0, 0);
    for (; i + 4 <= n; i += 4) {
        __m128i sv = _mm_loadu_si128((const __m128i *)(src + i));
        __m128i sa32 = _mm_srli_epi32(sv, 24);
        __m128i opaque = _mm_cmpeq_epi32(sa32, _mm_set1_epi32(255));
        __m128i clear = _mm_cmpeq_epi32(sa32, zero);
        /* Four opaque pixels are copied, four transparent ones left: a sprite's inside and the
         * padding of its runs cost no arithmetic. */
        int opaque_bits = _mm_movemask_epi8(opaque), clear_bits = _mm_movemask_epi8(clear);
        if (opaque_bits == 0xffff) {
            _mm_storeu_si128((__m128i *)(dst + i), sv);
            continue;
        }
        if (clear_bits == 0xffff)
            continue;
        __m128i dv = _mm_loadu_si128((const __m128i *)(dst + i));
        __m128i out[2];
        for (int h = 0; h < 2; h++) {
            __m128i s16 = h ? _mm_unpackhi_epi8(sv, zero) : _mm_unpacklo_epi8(sv, zero);
            __m128i d16 = h ? _mm_unpackhi_epi8(dv, zero) : _mm_unpacklo_epi8(dv, zero);
            /* each pixel's alpha in its four lanes */
            __m128i a = _mm_shufflehi_epi16(_mm_shufflelo_epi16(s16, 0xff), 0xff);
            __m128i sa = _mm_srli_epi16(_mm_mullo_epi16(_mm_or_si128(s16, alpha_lane), a), 8);
            __m128i da = _mm_srli_epi16(_mm_mullo_epi16(d16, _mm_sub_epi16(full, a)), 8);
            out[h] = _mm_add_epi16(sa, da);
        }
        __m128i res = _mm_packus_epi16(out[0], out[1]);
        res = _mm_or_si128(_mm_andnot_si128(_mm_or_si128(opaque, clear), res),
                           _mm_or_si128(_mm_and_si128(opaque, sv), _mm_and_si128(clear, dv)));
        _mm_storeu_si128((__m128i *)(dst + i), res);
    }
#endif
    for (; i < n; i++) {
        uint32_t a = src[i] >> 24;
        dst[i] = a == 255 ? src[i] : a ? blit_px(dst[i], src[i]) : dst[i];
    }
}

/* The scaled blend over a run: src premultiplied, dst * (255 - a) / 255 + src. */
static void scaled_run(uint32_t *dst, const uint32_t *src, int n)
{
    int i = 0;
#ifdef __SSE2__
    __m128i zero = _mm_setzero_si128(), full = _mm_set1_epi16(255);
    for (; i + 4 <= n; i += 4) {
        __m128i sv = _mm_loadu_si128((const __m128i *)(src + i));
        __m128i dv = _mm_loadu_si128((const __m128i *)(dst + i));
        __m128i out[2];
        for (int h = 0; h < 2; h++) {
            __m128i s16 = h ? _mm_unpackhi_epi8(sv, zero) : _mm_unpacklo_epi8(sv, zero);
            __m128i d16 = h ? _mm_unpackhi_epi8(dv, zero) : _mm_unpacklo_epi8(dv, zero);
            __m128i a = _mm_shufflehi_epi16(_mm_shufflelo_epi16(s16, 0xff), 0xff);
            out[h] = _mm_add_epi16(mul255_epi16(d16, _mm_sub_epi16(full, a)), s16);
        }
        _mm_storeu_si128((__m128i *)(dst + i), _mm_packus_epi16(out[0], out[1]));
    }
#endif
    for (; i < n; i++)
        dst[i] = fill_px(dst[i], src[i], 255 - (src[i] >> 24));
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
                scaled_run(dst + dx, src + sx, n);
            else
                blit_run(dst + dx, src + sx, n);
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

bool render_defer_clear(render_ctx *ctx)
{
    if (!render_direct_available(ctx))
        return false;
    /* Whatever is held back would be cleared away. */
    ctx->batch_count = 0;
    ctx->span_count = 0;
    ctx->clear_pending = true;
    return true;
}

/* A solid rectangle, with plain stores: SDL_FillRect's streaming stores bypass the cache, and
 * the band is drawn over next. */
static void fill_rect_direct(const raster_target *t, int x, int y, int w, int h, uint32_t px)
{
    for (int r = y; r < y + h; r++) {
        uint32_t *row = t->px + (size_t)r * (size_t)t->pitch + x;
        int i = 0;
#ifdef __SSE2__
        __m128i c = _mm_set1_epi32((int)px);
        for (; i + 4 <= w; i += 4)
            _mm_storeu_si128((__m128i *)(row + i), c);
#endif
        for (; i < w; i++)
            row[i] = px;
    }
}

/* The clear on rows [y0, y1), except where the batch's first drawing, an opaque copy, covers
 * the frame anyway. */
static void clear_direct(const raster_target *t, const render_batch_op *first, int y0, int y1)
{
    uint32_t bg = 0xff000000u | RENDER_CLEAR_RGBA >> 8;
    int cx0 = 0, cx1 = 0, cy0 = 0, cy1 = 0;
    if (first && first->copy_px) {
        cx0 = first->x < 0 ? 0 : first->x;
        cx1 = first->x + first->copy_w > t->w ? t->w : first->x + first->copy_w;
        cy0 = first->y0;
        cy1 = first->y1;
    }
    if (cx1 <= cx0 || cy1 <= y0 || cy0 >= y1) {
        fill_rect_direct(t, 0, y0, t->w, y1 - y0, bg);
        return;
    }
    int a = cy0 > y0 ? cy0 : y0, b = cy1 < y1 ? cy1 : y1;
    SDL_Rect parts[4] = {{0, y0, t->w, a - y0},
                         {0, b, t->w, y1 - b},
                         {0, a, cx0, b - a},
                         {cx1, a, t->w - cx1, b - a}};
    for (int i = 0; i < 4; i++)
        if (parts[i].w > 0 && parts[i].h > 0)
            fill_rect_direct(t, parts[i].x, parts[i].y, parts[i].w, parts[i].h, bg);
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
    bool clear = ctx->clear_pending;
    ctx->batch_count = 0; /* before render_direct_target: nothing re-enters the batch */
    ctx->clear_pending = false;
    if ((n || clear) && render_direct_target(ctx, &t)) {
        int lo = clear ? 0 : t.h, hi = clear ? t.h : 0;
        for (int i = 0; i < n; i++) {
            lo = ctx->batch[i].y0 < lo ? ctx->batch[i].y0 : lo;
            hi = ctx->batch[i].y1 > hi ? ctx->batch[i].y1 : hi;
        }
        /* Each band's drawings, in order: a counting sort of (band, drawing) pairs. */
        int bands = (hi - lo + BAND_ROWS - 1) / BAND_ROWS, pairs = 0;
        int *start = mem_calloc((size_t)bands + 1, sizeof *start);
        int *fill = mem_calloc((size_t)bands + 1, sizeof *fill);
        int *cursor = mem_calloc((size_t)n + 1, sizeof *cursor);
        for (int i = 0; i < n; i++) {
            const render_batch_op *op = &ctx->batch[i];
            for (int k = (op->y0 - lo) / BAND_ROWS; k <= (op->y1 - 1 - lo) / BAND_ROWS; k++)
                start[k + 1]++, pairs++;
        }
        for (int k = 0; k < bands; k++)
            start[k + 1] += start[k];
        int *list = mem_calloc((size_t)pairs + 1, sizeof *list);
        for (int i = 0; i < n; i++) {
            const render_batch_op *op = &ctx->batch[i];
            for (int k = (op->y0 - lo) / BAND_ROWS; k <= (op->y1 - 1 - lo) / BAND_ROWS; k++)
                list[start[k] + fill[k]++] = i;
        }
        for (int k = 0; k < bands; k++) {
            int b0 = lo + k * BAND_ROWS, b1 = b0 + BAND_ROWS < hi ? b0 + BAND_ROWS : hi;
            if (clear)
                clear_direct(&t, n ? &ctx->batch[0] : NULL, b0, b1);
            for (int j = start[k]; j < start[k + 1]; j++) {
                const render_batch_op *op = &ctx->batch[list[j]];
                if (op->bm)
                    bitmap_direct(&t, op->bm, op->x, op->y, b0, b1);
                else if (op->copy_px)
                    copy_direct(&t, op, b0, b1);
                else
                    spans_direct(&t, ctx->spans + op->span0, op->span_n, op->rgba, b0, b1,
                                 &cursor[list[j]]);
            }
        }
        free(start);
        free(fill);
        free(cursor);
        free(list);
    }
    ctx->span_count = 0;
}
