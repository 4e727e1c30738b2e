/* Images made from what an offscreen renderer drew (a scenario's preview on the start screen).
 * Why through a surface copy: a texture belongs to one SDL_Renderer, and the offscreen one is a
 * software renderer on its own surface, so its pixels are read back once and uploaded to the
 * window's renderer. */
#include "render/render_internal.h"

#include "core/mem.h"

#include <stdio.h>

struct render_picture {
    SDL_Texture *tex;
    int w, h;
};

render_picture *render_picture_capture(render_ctx *ctx, render_ctx *src, char *err, size_t err_size)
{
    int w, h;
    render_output_size(src, &w, &h);
    render_picture *img = mem_calloc(1, sizeof *img);
    uint32_t *px = mem_calloc((size_t)w * (size_t)h, 4);
    SDL_RenderFlush(render_sdl(src));
    if (SDL_RenderReadPixels(render_sdl(src), NULL, SDL_PIXELFORMAT_ARGB8888, px, w * 4) != 0) {
        snprintf(err, err_size, "cannot read the offscreen image: %s", SDL_GetError());
        goto fail;
    }
    img->tex = SDL_CreateTexture(ctx->r, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_STATIC, w, h);
    if (!img->tex || SDL_UpdateTexture(img->tex, NULL, px, w * 4) != 0) {
        snprintf(err, err_size, "cannot make a %dx%d texture: %s", w, h, SDL_GetError());
        goto fail;
    }
    SDL_SetTextureBlendMode(img->tex, SDL_BLENDMODE_NONE);
    img->w = w;
    img->h = h;
    free(px);
    return img;
fail:
    free(px);
    render_picture_destroy(img);
    return NULL;
}

void render_picture_size(const render_picture *img, int *w, int *h)
{
    *w = img->w;
    *h = img->h;
}

void render_picture_draw(render_ctx *ctx, const render_picture *img, float x, float y, float w,
                         float h)
{
    SDL_FRect dst = {x, y, w, h};
    SDL_RenderCopyF(render_sdl(ctx), img->tex, NULL, &dst);
}

void render_picture_destroy(render_picture *img)
{
    if (!img)
        return;
    if (img->tex)
        SDL_DestroyTexture(img->tex);
    free(img);
}
