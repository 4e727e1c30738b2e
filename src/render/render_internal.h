/* Private state shared by the render files. */
#ifndef RENDER_RENDER_INTERNAL_H
#define RENDER_RENDER_INTERNAL_H

#include "render/raster.h"
#include "render/render.h"

#include <SDL2/SDL.h>
#include <SDL2/SDL_ttf.h>

#define RENDER_TEXT_CACHE 512
#define RENDER_DISC_CACHE 64
#define RENDER_FONT_SIZES 8
#define RENDER_TILE_MAX   32

typedef struct render_text_entry {
    uint64_t hash;
    char *text;
    int size_px;
    uint32_t rgba;
    SDL_Texture *tex;
    int w, h;
    uint64_t used;
} render_text_entry;

/* A cached image: its texture, and offscreen its pixels as runs of opaque and translucent
 * pixels for the fast path (render_direct.c). */
typedef struct render_bitmap {
    SDL_Texture *tex;
    uint32_t *px;   /* ARGB, w x h; NULL in a window */
    uint16_t *runs; /* (x, length, kind) per run */
    uint32_t *row;  /* h + 1 offsets into runs */
    int w, h;
    /* px premultiplied, blended as SDL blends a scaled copy (an icon drawn smaller than its
     * image), not as its 1:1 per-pixel-alpha blit */
    bool scaled;
} render_bitmap;

typedef struct render_span {
    int y, x0, x1;
} render_span;

/* A fast-path drawing held back so the frame can be drawn band by band (render_direct.c). */
typedef struct render_batch_op {
    const render_bitmap *bm; /* NULL: spans, or a copy when copy_px */
    const uint32_t *copy_px; /* an opaque w x h image (pitch w) copied at (x, y) */
    int copy_w, copy_h;
    int x, y;
    int span0, span_n;
    uint32_t rgba;
    int y0, y1; /* the rows it touches */
} render_batch_op;

/* An icon of the art folder scaled to a size, for the fast path. */
typedef struct render_icon_size {
    int icon, size;
    render_bitmap bm;
} render_icon_size;

typedef struct render_disc_entry {
    uint32_t key_rgba;
    int radius_px, ring;
    render_bitmap bm;
} render_disc_entry;

typedef struct render_font {
    int size_px;
    TTF_Font *font;
} render_font;

/* A terrain tile image from the art folder, or a miss remembered so it is looked up once. */
typedef struct render_tile {
    char name[TABLE_NAME_MAX];
    uint32_t *px; /* ARGB, NULL when missing */
    float *gain;  /* per pixel brightness factor around 1 */
    int w, h;
    /* The texels as the static layer colours them for shades_rgb (render_table.c) */
    uint32_t *shades;
    uint32_t shades_rgb;
} render_tile;

/* A sprite and its side-colour mask from the art folder (see assets/art/manifest.json). */
typedef struct render_art {
    char name[64];
    uint32_t *px, *tint; /* ARGB; px NULL when missing, tint NULL when it has none */
    int w, h;
} render_art;

typedef struct render_sprite_entry {
    char name[64];
    int size, bin;
    bool base;
    uint32_t rgb;
    render_bitmap bm;
    int next; /* the next sprite in its hash chain, or -1 */
} render_sprite_entry;

#define RENDER_ART_MAX      32
#define RENDER_SPRITE_CACHE 512
#define RENDER_SPRITE_HASH  1024
#define RENDER_SPRITE_STEPS 32 /* pre-rotated facings: 11.25 degrees apart */

/* What the static layer was drawn from; any change means drawing it again. */
typedef struct render_static_key {
    const table *table;
    uint32_t terrain_version;
    bool show_deployment;
    int zone_count;
} render_static_key;

struct render_ctx {
    SDL_Renderer *r;
    SDL_Surface *surface; /* offscreen target, or NULL */
    bool offscreen;
    bool sdl_only;      /* render_desc.sdl_only: no fast path */
    render_span *spans; /* polygon fills: scratch, or held in the batch */
    int span_count, span_cap;
    render_batch_op *batch;
    int batch_count, batch_cap;
    bool clear_pending; /* render_begin's clear, drawn with the batch's first band */
    float ui_scale;
    char font_path[512];
    char art_dir[512];
    render_font fonts[RENDER_FONT_SIZES];
    int font_count;
    render_text_entry text[RENDER_TEXT_CACHE];
    uint64_t frame;
    render_disc_entry discs[RENDER_DISC_CACHE];
    int disc_count;
    /* The static layer: a region of the table (beyond the view, so panning reuses it)
     * rasterised at static_scale px/cm; its top-left pixel is table point static_origin. */
    SDL_Texture *static_tex;
    int static_w, static_h;
    uint32_t *static_px;
    float static_scale;
    vec2s static_origin;
    render_static_key static_key;
    bool static_valid;
    render_tile tiles[RENDER_TILE_MAX];
    int tile_count;
    render_art art[RENDER_ART_MAX];
    int art_count;
    render_sprite_entry sprites[RENDER_SPRITE_CACHE];
    int sprite_count;
    int sprite_hash[RENDER_SPRITE_HASH]; /* first sprite of each chain (+1; 0 none) */
    struct {
        char name[64];
        SDL_Texture *tex; /* NULL: missing */
        uint32_t *px;     /* ARGB offscreen, for scaled bitmaps */
        int w, h;
    } icons[16];
    int icon_count;
    render_icon_size icon_sizes[64];
    int icon_size_count;
};

void render_set_colour(render_ctx *ctx, uint32_t rgba);
TTF_Font *render_font_get(render_ctx *ctx, int size_px);
/* A disc of a colour and radius (2 * radius + 2 px square), optionally just a ring; cached. */
const render_bitmap *render_disc(render_ctx *ctx, uint32_t rgba, int radius_px, int ring_px);

/* The offscreen surface to draw on directly, SDL's queue flushed; false in a window or with
 * render_desc.sdl_only. */
bool render_direct_target(render_ctx *ctx, raster_target *out);
/* Fills a polygon in output pixels (raster_polygon_spans' coverage) blended with rgba. */
void render_polygon_px(render_ctx *ctx, const vec2s *pts, int n, uint32_t rgba);
/* A bitmap from an ARGB8888 surface (the surface stays the caller's); false when SDL cannot
 * make the texture. */
bool render_bitmap_make(render_ctx *ctx, render_bitmap *b, SDL_Surface *s);
/* A bitmap without a texture over px (w x h ARGB, taken over); `scaled`: see render_bitmap. */
void render_bitmap_from_px(render_bitmap *b, uint32_t *px, int w, int h, bool scaled);
void render_bitmap_free(render_bitmap *b);
/* Draws the bitmap 1:1 with its top-left pixel at (x, y), blended. */
void render_bitmap_draw(render_ctx *ctx, const render_bitmap *b, int x, int y);
#define RENDER_CLEAR_RGBA 0x1e2226ffu

/* render_begin's clear held back for the fast path (the static layer's copy usually covers most
 * of it); false in a window (the caller clears through SDL). */
bool render_defer_clear(render_ctx *ctx);
/* Copies an opaque w x h ARGB image (pitch w; it must stay unchanged until the batch is drawn)
 * 1:1 with its top-left pixel at (x, y); false in a window (the caller copies through SDL). */
bool render_copy_opaque(render_ctx *ctx, const uint32_t *px, int w, int h, int x, int y);
/* Draws what the fast path holds back (before anything is drawn through SDL, and before a cache
 * frees a bitmap the batch points at). */
void render_batch_play(render_ctx *ctx);
/* The renderer, for drawing through SDL: the fast path's batch is drawn first, so the order of
 * drawing stays. Every SDL draw or read goes through it. */
static inline SDL_Renderer *render_sdl(render_ctx *ctx)
{
    if (ctx->batch_count || ctx->clear_pending)
        render_batch_play(ctx);
    return ctx->r;
}
/* An icon (as render_icon_texture) scaled to size x size as SDL scales it, for the fast path;
 * NULL in a window or when missing. */
const render_bitmap *render_icon_bitmap(render_ctx *ctx, const char *name, int size);
/* The terrain texture `file` (else `fallback`) of the art folder under a cache `name`; NULL
 * when missing. */
const render_tile *render_tile_get(render_ctx *ctx, const char *name, const char *file,
                                   const char *fallback);
/* An untinted icon of the art folder (badge_*, marker_*); cached; NULL when missing. */
SDL_Texture *render_icon_texture(render_ctx *ctx, const char *name);
/* As render_sprite, without the baked base (casualties). */
const render_bitmap *render_sprite_nobase(render_ctx *ctx, const char *name, int size, float angle,
                                          uint32_t side_rgb);
/* A sprite (art file stem) tinted with the side colour, `size` px square, rotated to the
 * nearest pre-rotated step of `angle`; cached. NULL when the art is missing. */
const render_bitmap *render_sprite(render_ctx *ctx, const char *name, int size, float angle,
                                   uint32_t side_rgb);
void render_static_free(render_ctx *ctx);

#endif // RENDER_RENDER_INTERNAL_H
