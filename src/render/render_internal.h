/* Private state shared by the render files. */
#ifndef RENDER_RENDER_INTERNAL_H
#define RENDER_RENDER_INTERNAL_H

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

typedef struct render_disc_entry {
    uint32_t key_rgba;
    int radius_px, ring;
    SDL_Texture *tex;
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
    SDL_Texture *tex;
} render_sprite_entry;

#define RENDER_ART_MAX      32
#define RENDER_SPRITE_CACHE 512
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
    struct {
        char name[64];
        SDL_Texture *tex; /* NULL: missing */
    } icons[16];
    int icon_count;
};

void render_set_colour(render_ctx *ctx, uint32_t rgba);
TTF_Font *render_font_get(render_ctx *ctx, int size_px);
/* Triangles from a flat list of points (3 per triangle), one colour. */
void render_triangles(render_ctx *ctx, const SDL_FPoint *pts, int n, uint32_t rgba);
/* A disc texture of a colour and radius, optionally just a ring; cached. */
SDL_Texture *render_disc_texture(render_ctx *ctx, uint32_t rgba, int radius_px, int ring_px);
/* The terrain texture `file` (else `fallback`) of the art folder under a cache `name`; NULL
 * when missing. */
const render_tile *render_tile_get(render_ctx *ctx, const char *name, const char *file,
                                   const char *fallback);
/* An untinted icon of the art folder (badge_*, marker_*); cached; NULL when missing. */
SDL_Texture *render_icon_texture(render_ctx *ctx, const char *name);
/* As render_sprite_texture, without the baked base (casualties). */
SDL_Texture *render_sprite_texture_nobase(render_ctx *ctx, const char *name, int size, float angle,
                                          uint32_t side_rgb);
/* A sprite (art file stem) tinted with the side colour, `size` px square, rotated to the
 * nearest pre-rotated step of `angle`; cached. NULL when the art is missing. */
SDL_Texture *render_sprite_texture(render_ctx *ctx, const char *name, int size, float angle,
                                   uint32_t side_rgb);
void render_static_free(render_ctx *ctx);

#endif // RENDER_RENDER_INTERNAL_H
