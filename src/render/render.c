#include "render/render.h"

#include "core/mem.h"
#include "render/render_internal.h"

#include <SDL2/SDL_image.h>
#include <math.h>
#include <stb/stb_image_write.h>
#include <stdio.h>
#include <string.h>

const char *render_find_art_dir(char *buf, size_t size)
{
    const char *roots[] = {".", SANDTABLE_SOURCE_DIR};
    for (int i = 0; i < 2; i++) {
        char probe[1100];
        snprintf(probe, sizeof probe, "%s/assets/art/manifest.json", roots[i]);
        FILE *f = fopen(probe, "rb");
        if (f) {
            fclose(f);
            snprintf(buf, size, "%s/assets/art", roots[i]);
            return buf;
        }
    }
    SDL_Log("art: no assets/art folder found; drawing plain shapes");
    return NULL;
}

/* ---- creation ------------------------------------------------------------------------------ */

static bool libs_start(char *err, size_t err_size)
{
    if (!TTF_WasInit() && TTF_Init() != 0) {
        snprintf(err, err_size, "cannot start SDL2_ttf: %s", TTF_GetError());
        return false;
    }
    IMG_Init(IMG_INIT_PNG);
    return true;
}

static bool font_check(const char *path, char *err, size_t err_size)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, err_size,
                 "font not found: %s (install Debian's fonts-dejavu-core: "
                 "apt-get install fonts-dejavu-core)",
                 path);
        return false;
    }
    fclose(f);
    return true;
}

static render_ctx *ctx_new(const render_desc *desc, char *err, size_t err_size)
{
    const char *font = desc && desc->font_path ? desc->font_path : RENDER_DEFAULT_FONT;
    if (!font_check(font, err, err_size) || !libs_start(err, err_size))
        return NULL;
    render_ctx *ctx = mem_calloc(1, sizeof *ctx);
    ctx->ui_scale = desc && desc->ui_scale > 0 ? desc->ui_scale : 1.0f;
    snprintf(ctx->font_path, sizeof ctx->font_path, "%s", font);
    if (desc && desc->art_dir)
        snprintf(ctx->art_dir, sizeof ctx->art_dir, "%s", desc->art_dir);
    ctx->sdl_only = desc && desc->sdl_only;
    /* Sharper text on small sizes; deterministic either way. */
    SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "0");
    return ctx;
}

render_ctx *render_create(struct SDL_Renderer *renderer, const render_desc *desc, char *err,
                          size_t err_size)
{
    render_ctx *ctx = ctx_new(desc, err, err_size);
    if (!ctx)
        return NULL;
    ctx->r = renderer;
    SDL_SetRenderDrawBlendMode(ctx->r, SDL_BLENDMODE_BLEND);
    return ctx;
}

render_ctx *render_create_offscreen(int w, int h, const render_desc *desc, char *err,
                                    size_t err_size)
{
    render_ctx *ctx = ctx_new(desc, err, err_size);
    if (!ctx)
        return NULL;
    ctx->offscreen = true;
    ctx->surface = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!ctx->surface) {
        snprintf(err, err_size, "cannot create a %dx%d surface: %s", w, h, SDL_GetError());
        goto fail;
    }
    ctx->r = SDL_CreateSoftwareRenderer(ctx->surface);
    if (!ctx->r) {
        snprintf(err, err_size, "cannot create a software renderer: %s", SDL_GetError());
        goto fail;
    }
    SDL_SetRenderDrawBlendMode(ctx->r, SDL_BLENDMODE_BLEND);
    return ctx;
fail:
    render_destroy(ctx);
    return NULL;
}

static void caches_free(render_ctx *ctx)
{
    for (int i = 0; i < RENDER_TEXT_CACHE; i++) {
        if (ctx->text[i].tex)
            SDL_DestroyTexture(ctx->text[i].tex);
        free(ctx->text[i].text);
    }
    for (int i = 0; i < ctx->disc_count; i++)
        render_bitmap_free(&ctx->discs[i].bm);
    for (int i = 0; i < ctx->font_count; i++)
        TTF_CloseFont(ctx->fonts[i].font);
    for (int i = 0; i < ctx->tile_count; i++) {
        free(ctx->tiles[i].px);
        free(ctx->tiles[i].gain);
        free(ctx->tiles[i].shades);
    }
    for (int i = 0; i < ctx->art_count; i++) {
        free(ctx->art[i].px);
        free(ctx->art[i].tint);
    }
    for (int i = 0; i < ctx->sprite_count; i++)
        render_bitmap_free(&ctx->sprites[i].bm);
    for (int i = 0; i < ctx->icon_count; i++) {
        if (ctx->icons[i].tex)
            SDL_DestroyTexture(ctx->icons[i].tex);
        free(ctx->icons[i].px);
    }
    for (int i = 0; i < ctx->icon_size_count; i++)
        render_bitmap_free(&ctx->icon_sizes[i].bm);
    free(ctx->batch);
    render_static_free(ctx);
    free(ctx->spans);
}

void render_destroy(render_ctx *ctx)
{
    if (!ctx)
        return;
    ctx->batch_count = 0; /* undrawn: the caches it points at go first */
    caches_free(ctx);
    if (ctx->offscreen) {
        if (ctx->r)
            SDL_DestroyRenderer(ctx->r);
        SDL_FreeSurface(ctx->surface);
    }
    free(ctx);
}

void render_output_size(const render_ctx *ctx, int *w, int *h)
{
    if (ctx->surface) {
        *w = ctx->surface->w;
        *h = ctx->surface->h;
        return;
    }
    SDL_GetRendererOutputSize(ctx->r, w, h);
}

float render_ui_scale(const render_ctx *ctx)
{
    return ctx->ui_scale;
}

void render_set_colour(render_ctx *ctx, uint32_t rgba)
{
    SDL_SetRenderDrawColor(ctx->r, (Uint8)(rgba >> 24), (Uint8)(rgba >> 16), (Uint8)(rgba >> 8),
                           (Uint8)rgba);
}

void render_begin(render_ctx *ctx)
{
    ctx->frame++;
    render_set_colour(ctx, RENDER_CLEAR_RGBA);
    if (!render_defer_clear(ctx))
        SDL_RenderClear(render_sdl(ctx));
}

void render_present(render_ctx *ctx)
{
    if (!ctx->offscreen)
        SDL_RenderPresent(render_sdl(ctx));
}

uint32_t render_read_pixel(render_ctx *ctx, int x, int y)
{
    uint32_t px = 0;
    SDL_Rect rc = {x, y, 1, 1};
    SDL_RenderFlush(render_sdl(ctx));
    if (SDL_RenderReadPixels(render_sdl(ctx), &rc, SDL_PIXELFORMAT_ARGB8888, &px, 4) != 0)
        return 0;
    return px & 0xffffff;
}

int render_write_png(render_ctx *ctx, const char *path, char *err, size_t err_size)
{
    int w, h;
    render_output_size(ctx, &w, &h);
    uint8_t *rgba = mem_calloc((size_t)w * (size_t)h, 4);
    SDL_RenderFlush(render_sdl(ctx));
    int rc = -1;
    if (SDL_RenderReadPixels(render_sdl(ctx), NULL, SDL_PIXELFORMAT_ABGR8888, rgba, w * 4) != 0) {
        snprintf(err, err_size, "cannot read the frame: %s", SDL_GetError());
        goto done;
    }
    for (size_t i = 0; i < (size_t)w * (size_t)h; i++)
        rgba[i * 4 + 3] = 255;
    /* No per-row filter: the table's grain defeats stb's filter choice, so unfiltered rows
     * compress about 20% smaller and write twice as fast (a screenshot is not a stall). */
    stbi_write_force_png_filter = 0;
    if (!stbi_write_png(path, w, h, 4, rgba, w * 4)) {
        snprintf(err, err_size, "cannot write %s", path);
        goto done;
    }
    rc = 0;
done:
    free(rgba);
    return rc;
}

/* ---- text ---------------------------------------------------------------------------------- */

TTF_Font *render_font_get(render_ctx *ctx, int size_px)
{
    for (int i = 0; i < ctx->font_count; i++)
        if (ctx->fonts[i].size_px == size_px)
            return ctx->fonts[i].font;
    TTF_Font *f = TTF_OpenFont(ctx->font_path, size_px);
    if (!f)
        return NULL;
    if (ctx->font_count == RENDER_FONT_SIZES) {
        TTF_CloseFont(ctx->fonts[0].font);
        memmove(ctx->fonts, ctx->fonts + 1, sizeof ctx->fonts[0] * (RENDER_FONT_SIZES - 1));
        ctx->font_count--;
        /* Cached text of the closed size stays valid: textures do not refer to fonts. */
    }
    ctx->fonts[ctx->font_count++] = (render_font){size_px, f};
    return f;
}

static uint64_t text_hash(const char *s, int size_px, uint32_t rgba)
{
    uint64_t h = 1469598103934665603ull ^ (uint64_t)size_px * 31 ^ (uint64_t)rgba << 20;
    for (; *s; s++)
        h = (h ^ (uint8_t)*s) * 1099511628211ull;
    return h;
}

static render_text_entry *text_slot(render_ctx *ctx, uint64_t h)
{
    /* Open addressing over a small table; evict the least recently used of a probe window. */
    size_t base = (size_t)(h % RENDER_TEXT_CACHE);
    render_text_entry *victim = NULL;
    for (size_t i = 0; i < 8; i++) {
        render_text_entry *e = &ctx->text[(base + i) % RENDER_TEXT_CACHE];
        if (!e->tex || e->hash == h)
            return e;
        if (!victim || e->used < victim->used)
            victim = e;
    }
    SDL_DestroyTexture(victim->tex);
    free(victim->text);
    *victim = (render_text_entry){0};
    return victim;
}

static render_text_entry *text_get(render_ctx *ctx, const char *text, float size, uint32_t rgba)
{
    int size_px = (int)lroundf(size * ctx->ui_scale);
    uint64_t h = text_hash(text, size_px, rgba);
    render_text_entry *e = text_slot(ctx, h);
    if (e->tex && e->size_px == size_px && e->rgba == rgba && strcmp(e->text, text) == 0) {
        e->used = ctx->frame;
        return e;
    }
    if (e->tex) {
        SDL_DestroyTexture(e->tex);
        free(e->text);
        *e = (render_text_entry){0};
    }
    TTF_Font *font = render_font_get(ctx, size_px);
    if (!font || !text[0])
        return NULL;
    SDL_Color c = {(Uint8)(rgba >> 24), (Uint8)(rgba >> 16), (Uint8)(rgba >> 8), 255};
    SDL_Surface *s = TTF_RenderUTF8_Blended(font, text, c);
    if (!s)
        return NULL;
    e->tex = SDL_CreateTextureFromSurface(ctx->r, s);
    SDL_FreeSurface(s);
    if (!e->tex)
        return NULL;
    SDL_SetTextureAlphaMod(e->tex, (Uint8)rgba);
    SDL_QueryTexture(e->tex, NULL, NULL, &e->w, &e->h);
    e->hash = h;
    e->text = mem_strdup(text);
    e->size_px = size_px;
    e->rgba = rgba;
    e->used = ctx->frame;
    return e;
}

static float align_x(float x, int w, render_align align)
{
    return align == RENDER_ALIGN_CENTRE ? x - w / 2.0f : align == RENDER_ALIGN_RIGHT ? x - w : x;
}

int render_text(render_ctx *ctx, float x, float y, const char *text, float size, uint32_t rgba,
                render_align align)
{
    render_text_entry *e = text_get(ctx, text, size, rgba);
    if (!e)
        return 0;
    SDL_Rect dst = {(int)lroundf(align_x(x, e->w, align)), (int)lroundf(y), e->w, e->h};
    SDL_RenderCopy(render_sdl(ctx), e->tex, NULL, &dst);
    return e->w;
}

int render_text_outlined(render_ctx *ctx, float x, float y, const char *text, float size,
                         uint32_t rgba, render_align align)
{
    static const int d[8][2] = {{-1, -1}, {0, -1}, {1, -1}, {-1, 0},
                                {1, 0},   {-1, 1}, {0, 1},  {1, 1}};
    for (int i = 0; i < 8; i++)
        render_text(ctx, x + d[i][0], y + d[i][1], text, size, 0x101010c0, align);
    return render_text(ctx, x, y, text, size, rgba, align);
}

void render_text_size(render_ctx *ctx, const char *text, float size, int *w, int *h)
{
    int size_px = (int)lroundf(size * ctx->ui_scale);
    TTF_Font *font = render_font_get(ctx, size_px);
    *w = *h = 0;
    if (font) {
        TTF_SizeUTF8(font, text, w, h);
        if (!text[0])
            *h = TTF_FontHeight(font);
    }
}

const char *render_text_fit(render_ctx *ctx, const char *text, float size, float max_w, char *buf,
                            size_t cap)
{
    snprintf(buf, cap, "%s", text);
    size_t len = strlen(buf);
    int w, h;
    render_text_size(ctx, buf, size, &w, &h);
    while ((float)w > max_w && len > 1) {
        len--;
        while (len > 1 && ((unsigned char)text[len] & 0xc0) == 0x80)
            len--; /* never cut inside a UTF-8 sequence */
        snprintf(buf, cap, "%.*s...", (int)len, text);
        render_text_size(ctx, buf, size, &w, &h);
    }
    return buf;
}

size_t render_text_line_len(render_ctx *ctx, const char *text, float size, float max_w)
{
    char line[512];
    size_t best = 0, next = 0;
    while (text[next]) {
        while (text[next] == ' ')
            next++;
        while (text[next] && text[next] != ' ')
            next++;
        if (next >= sizeof line)
            break;
        memcpy(line, text, next);
        line[next] = 0;
        int w, h;
        render_text_size(ctx, line, size, &w, &h);
        if ((float)w > max_w && best > 0)
            break;
        best = next;
        if ((float)w > max_w)
            break;
    }
    if (best == 0)
        best = strlen(text) < sizeof line - 1 ? strlen(text) : sizeof line - 1;
    return best;
}

/* ---- screen primitives --------------------------------------------------------------------- */

void render_rect(render_ctx *ctx, float x, float y, float w, float h, uint32_t rgba)
{
    render_set_colour(ctx, rgba);
    SDL_RenderFillRectF(render_sdl(ctx), &(SDL_FRect){x, y, w, h});
}

void render_rect_outline(render_ctx *ctx, float x, float y, float w, float h, uint32_t rgba)
{
    render_set_colour(ctx, rgba);
    SDL_RenderDrawRectF(render_sdl(ctx), &(SDL_FRect){x, y, w, h});
}

void render_text_panel(render_ctx *ctx, float x, float y, const char *const *lines, int n,
                       float size)
{
    float pad = 6 * ctx->ui_scale, w = 0, line_h = 0;
    for (int i = 0; i < n; i++) {
        int tw, th;
        render_text_size(ctx, lines[i], size, &tw, &th);
        w = fmaxf(w, (float)tw);
        line_h = fmaxf(line_h, (float)th);
    }
    float pw = w + 2 * pad, ph = line_h * n + 2 * pad;
    int ow, oh;
    render_output_size(ctx, &ow, &oh);
    x = fminf(x, ow - pw - 2);
    y = fminf(y, oh - ph - 2);
    x = fmaxf(x, 2);
    y = fmaxf(y, 2);
    render_rect(ctx, x, y, pw, ph, 0x141820e8);
    render_rect_outline(ctx, x, y, pw, ph, 0x8a96a8ff);
    for (int i = 0; i < n; i++)
        render_text(ctx, x + pad, y + pad + line_h * i, lines[i], size,
                    i == 0 ? 0xffffffff : 0xd8dde6ff, RENDER_ALIGN_LEFT);
}

/* ---- cached discs -------------------------------------------------------------------------- */

static bool disc_build(render_ctx *ctx, render_bitmap *bm, uint32_t rgba, int radius, int ring)
{
    int size = radius * 2 + 2;
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, size, size, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!s)
        return false;
    uint32_t rgb = rgba >> 8, a = rgba & 0xff;
    float c = size / 2.0f;
    for (int y = 0; y < size; y++) {
        uint32_t *row = (uint32_t *)((uint8_t *)s->pixels + y * s->pitch);
        for (int x = 0; x < size; x++) {
            float d = hypotf(x + 0.5f - c, y + 0.5f - c);
            /* Coverage of the annulus [inner, radius] with a one-pixel soft edge. */
            float cov = fminf(fmaxf(radius - d + 0.5f, 0), 1);
            if (ring > 0)
                cov = fminf(cov, fminf(fmaxf(d - (radius - ring) + 0.5f, 0), 1));
            row[x] = ((uint32_t)lroundf(cov * (float)a) << 24) | rgb;
        }
    }
    bool ok = render_bitmap_make(ctx, bm, s);
    SDL_FreeSurface(s);
    return ok;
}

const render_bitmap *render_disc(render_ctx *ctx, uint32_t rgba, int radius_px, int ring_px)
{
    for (int i = 0; i < ctx->disc_count; i++) {
        render_disc_entry *e = &ctx->discs[i];
        if (e->key_rgba == rgba && e->radius_px == radius_px && e->ring == ring_px)
            return &e->bm;
    }
    if (ctx->disc_count == RENDER_DISC_CACHE) {
        /* Zoom changed a lot: start over rather than track use. */
        render_batch_play(ctx); /* the batch may point at these */
        for (int i = 0; i < ctx->disc_count; i++)
            render_bitmap_free(&ctx->discs[i].bm);
        ctx->disc_count = 0;
    }
    render_disc_entry *e = &ctx->discs[ctx->disc_count];
    *e = (render_disc_entry){rgba, radius_px, ring_px, {0}};
    if (!disc_build(ctx, &e->bm, rgba, radius_px, ring_px))
        return NULL;
    ctx->disc_count++;
    return &e->bm;
}

/* ---- art tiles ----------------------------------------------------------------------------- */

/* Loads an image of the art folder as ARGB pixels; NULL (with a log line) when missing or
 * unreadable, and the caller draws a plain shape instead. */
static uint32_t *art_load(const render_ctx *ctx, const char *file, int *w, int *h)
{
    char path[700];
    snprintf(path, sizeof path, "%s/%s", ctx->art_dir, file);
    SDL_Surface *s = IMG_Load(path);
    if (!s) {
        SDL_Log("art: cannot load %s (%s); drawing a plain shape", path, IMG_GetError());
        return NULL;
    }
    SDL_Surface *c = SDL_ConvertSurfaceFormat(s, SDL_PIXELFORMAT_ARGB8888, 0);
    SDL_FreeSurface(s);
    if (!c || c->w < 1 || c->h < 1) {
        SDL_Log("art: cannot use %s; drawing a plain shape", path);
        SDL_FreeSurface(c);
        return NULL;
    }
    uint32_t *px = mem_calloc((size_t)c->w * (size_t)c->h, 4);
    for (int y = 0; y < c->h; y++)
        memcpy(px + (size_t)y * (size_t)c->w, (uint8_t *)c->pixels + y * c->pitch,
               (size_t)c->w * 4);
    *w = c->w;
    *h = c->h;
    SDL_FreeSurface(c);
    return px;
}

static float luminance(uint32_t argb)
{
    return 0.299f * (float)((argb >> 16) & 0xff) + 0.587f * (float)((argb >> 8) & 0xff) +
           0.114f * (float)(argb & 0xff);
}

/* Turns a texture into brightness factors around 1, so the terrain keeps its type's colour
 * (the legend stays honest) and takes the texture's detail. */
static void tile_normalise(render_tile *t)
{
    double sum = 0;
    size_t n = (size_t)t->w * (size_t)t->h;
    for (size_t i = 0; i < n; i++)
        sum += luminance(t->px[i]);
    float mean = (float)(sum / (double)n);
    t->gain = mem_calloc(n, sizeof *t->gain);
    for (size_t i = 0; i < n; i++) {
        float k = mean > 1 ? luminance(t->px[i]) / mean : 1;
        t->gain[i] = k < 0.7f ? 0.7f : k > 1.25f ? 1.25f : k;
    }
}

static bool art_exists(const render_ctx *ctx, const char *file)
{
    char path[700];
    snprintf(path, sizeof path, "%s/%s", ctx->art_dir, file);
    FILE *f = fopen(path, "rb");
    if (f)
        fclose(f);
    return f != NULL;
}

static void tile_load(render_ctx *ctx, render_tile *tile, const char *file, const char *fallback)
{
    if (!ctx->art_dir[0])
        return;
    if (!file || !art_exists(ctx, file))
        file = fallback;
    if (!file)
        return; /* a type without art: its procedural pattern */
    tile->px = art_load(ctx, file, &tile->w, &tile->h);
    if (tile->px)
        tile_normalise(tile);
}

const render_tile *render_tile_get(render_ctx *ctx, const char *name, const char *file,
                                   const char *fallback)
{
    for (int i = 0; i < ctx->tile_count; i++)
        if (strcmp(ctx->tiles[i].name, name) == 0)
            return ctx->tiles[i].px ? &ctx->tiles[i] : NULL;
    if (ctx->tile_count == RENDER_TILE_MAX)
        return NULL;
    render_tile *t = &ctx->tiles[ctx->tile_count++];
    snprintf(t->name, sizeof t->name, "%s", name);
    tile_load(ctx, t, file, fallback);
    return t->px ? t : NULL;
}

/* ---- sprites ------------------------------------------------------------------------------- */

static render_art *art_get(render_ctx *ctx, const char *name)
{
    for (int i = 0; i < ctx->art_count; i++)
        if (strcmp(ctx->art[i].name, name) == 0)
            return ctx->art[i].px ? &ctx->art[i] : NULL;
    if (ctx->art_count == RENDER_ART_MAX || !ctx->art_dir[0])
        return NULL;
    render_art *a = &ctx->art[ctx->art_count++];
    snprintf(a->name, sizeof a->name, "%s", name);
    char file[96];
    snprintf(file, sizeof file, "%s.png", name);
    a->px = art_load(ctx, file, &a->w, &a->h);
    snprintf(file, sizeof file, "%s_tint.png", name);
    int tw = 0, th = 0;
    a->tint = a->px && art_exists(ctx, file) ? art_load(ctx, file, &tw, &th) : NULL;
    if (a->tint && (tw != a->w || th != a->h)) {
        free(a->tint);
        a->tint = NULL;
    }
    return a->px ? a : NULL;
}

/* The sprite pixel at source (u, v), tinted: the mask's grey times the side colour replaces the
 * sprite by the mask's alpha. Premultiplied for filtering. */
static void sprite_texel(const render_art *a, int u, int v, uint32_t side_rgb, float out[4])
{
    if (u < 0 || v < 0 || u >= a->w || v >= a->h) {
        out[0] = out[1] = out[2] = out[3] = 0;
        return;
    }
    uint32_t p = a->px[(size_t)v * (size_t)a->w + (size_t)u];
    float alpha = (float)(p >> 24) / 255.0f;
    float rgb[3] = {(float)((p >> 16) & 0xff), (float)((p >> 8) & 0xff), (float)(p & 0xff)};
    if (a->tint) {
        uint32_t m = a->tint[(size_t)v * (size_t)a->w + (size_t)u];
        float k = (float)(m >> 24) / 255.0f, grey = (float)((m >> 8) & 0xff) / 255.0f;
        for (int c = 0; c < 3; c++) {
            float sc = (float)((side_rgb >> (16 - 8 * c)) & 0xff);
            rgb[c] = rgb[c] * (1 - k) + sc * grey * k;
        }
    }
    for (int c = 0; c < 3; c++)
        out[c] = rgb[c] * alpha;
    out[3] = alpha * 255.0f;
}

/* The figure's base under the sprite, in the sprite's own frame (facing -y): a disc of the
 * side colour with a dark rim and a light facing tick at its front, premultiplied. */
static void base_texel(float lx, float ly, float br, uint32_t side_rgb, float out[4])
{
    float d = hypotf(lx, ly);
    float cov = fminf(fmaxf(br - d + 0.5f, 0), 1);
    float rgb[3];
    for (int c = 0; c < 3; c++)
        rgb[c] = (float)((side_rgb >> (16 - 8 * c)) & 0xff);
    if (d > br - 1.3f)
        rgb[0] = rgb[1] = rgb[2] = 20;
    float back = -(br - 2.5f), tip = -(br + 3.0f), half = fmaxf(2.0f, br * 0.25f);
    if (ly <= back && ly >= tip && fabsf(lx) <= half * (ly - tip) / (back - tip)) {
        rgb[0] = 248, rgb[1] = 244, rgb[2] = 232;
        cov = 1;
    }
    for (int c = 0; c < 3; c++)
        out[c] = rgb[c] * cov;
    out[3] = cov * 255.0f;
}

/* Rotates and scales the sprite on the CPU once per (size, angle step), over its base: SDL's
 * software renderer would otherwise rotate every sprite every frame, and one copy per figure
 * beats three. */
static SDL_Surface *sprite_bake(const render_art *a, int size, float angle, uint32_t side_rgb,
                                bool with_base)
{
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, size, size, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!s)
        return NULL;
    float scale = (float)a->w / (float)size, cs = cosf(angle), sn = sinf(angle);
    float c = size / 2.0f;
    for (int y = 0; y < size; y++) {
        uint32_t *row = (uint32_t *)((uint8_t *)s->pixels + y * s->pitch);
        for (int x = 0; x < size; x++) {
            /* Inverse rotation into the sprite's frame (it faces the top of its image). */
            float dx = x + 0.5f - c, dy = y + 0.5f - c;
            float u = (dx * cs + dy * sn) * scale + a->w / 2.0f - 0.5f;
            float v = (-dx * sn + dy * cs) * scale + a->h / 2.0f - 0.5f;
            int u0 = (int)floorf(u), v0 = (int)floorf(v);
            float fu = u - (float)u0, fv = v - (float)v0, acc[4] = {0, 0, 0, 0}, t[4];
            float wts[4] = {(1 - fu) * (1 - fv), fu * (1 - fv), (1 - fu) * fv, fu * fv};
            for (int k = 0; k < 4; k++) {
                sprite_texel(a, u0 + (k & 1), v0 + (k >> 1), side_rgb, t);
                for (int ch = 0; ch < 4; ch++)
                    acc[ch] += t[ch] * wts[k];
            }
            float base[4] = {0, 0, 0, 0};
            if (with_base)
                base_texel(dx * cs + dy * sn, -dx * sn + dy * cs, size * 0.3f, side_rgb, base);
            /* The sprite over its base: premultiplied "over". */
            float keep = 1 - acc[3] / 255.0f;
            for (int ch = 0; ch < 4; ch++)
                acc[ch] += base[ch] * keep;
            uint32_t al = (uint32_t)lroundf(acc[3]);
            uint32_t out = al << 24;
            for (int ch = 0; ch < 3 && acc[3] > 0.5f; ch++) {
                float v8 = acc[ch] / (acc[3] / 255.0f);
                out |= (uint32_t)lroundf(v8 > 255 ? 255 : v8) << (16 - 8 * ch);
            }
            row[x] = out;
        }
    }
    return s;
}

/* The sprite cache full (the zoom changed a lot): start over rather than track use. */
static void sprite_cache_reset(render_ctx *ctx)
{
    render_batch_play(ctx); /* the batch may point at these */
    for (int i = 0; i < ctx->sprite_count; i++)
        render_bitmap_free(&ctx->sprites[i].bm);
    ctx->sprite_count = 0;
    memset(ctx->sprite_hash, 0, sizeof ctx->sprite_hash);
}

/* Which chain of sprite_hash a sprite is on: a thousand figures look theirs up every frame. */
static unsigned sprite_slot(const char *name, int size, int bin, uint32_t rgb, bool base)
{
    uint32_t h = 2166136261u;
    for (const char *c = name; *c; c++)
        h = (h ^ (uint8_t)*c) * 16777619u;
    h ^= (uint32_t)size * 0x9e3779b1u ^ (uint32_t)bin * 0x85ebca77u ^ rgb * 0xc2b2ae3du ^
         (base ? 0x27d4eb2fu : 0);
    h ^= h >> 15;
    return h % RENDER_SPRITE_HASH;
}

static const render_bitmap *sprite_get(render_ctx *ctx, const char *name, int size, float angle,
                                       uint32_t side_rgb, bool with_base)
{
    /* The sprite faces up (-y); angle 0 on the table faces +x. */
    float turn = angle + 1.5707963f;
    float step = 6.2831853f / RENDER_SPRITE_STEPS;
    int bin = ((int)lroundf(turn / step) % RENDER_SPRITE_STEPS + RENDER_SPRITE_STEPS) %
              RENDER_SPRITE_STEPS;
    unsigned slot = sprite_slot(name, size, bin, side_rgb, with_base);
    for (int i = ctx->sprite_hash[slot] - 1; i >= 0; i = ctx->sprites[i].next) {
        render_sprite_entry *e = &ctx->sprites[i];
        if (e->size == size && e->bin == bin && e->rgb == side_rgb && e->base == with_base &&
            strcmp(e->name, name) == 0)
            return &e->bm;
    }
    render_art *a = art_get(ctx, name);
    if (!a || size < 4)
        return NULL;
    if (ctx->sprite_count == RENDER_SPRITE_CACHE)
        sprite_cache_reset(ctx);
    SDL_Surface *s = sprite_bake(a, size, (float)bin * step, side_rgb, with_base);
    if (!s)
        return NULL;
    int at = ctx->sprite_count;
    render_sprite_entry *e = &ctx->sprites[at];
    *e = (render_sprite_entry){.size = size, .bin = bin, .rgb = side_rgb, .base = with_base};
    bool ok = render_bitmap_make(ctx, &e->bm, s);
    SDL_FreeSurface(s);
    if (!ok)
        return NULL;
    snprintf(e->name, sizeof e->name, "%s", name);
    e->next = ctx->sprite_hash[slot] - 1;
    ctx->sprite_hash[slot] = at + 1;
    ctx->sprite_count++;
    return &e->bm;
}

const render_bitmap *render_sprite(render_ctx *ctx, const char *name, int size, float angle,
                                   uint32_t side_rgb)
{
    return sprite_get(ctx, name, size, angle, side_rgb, true);
}

const render_bitmap *render_sprite_nobase(render_ctx *ctx, const char *name, int size, float angle,
                                          uint32_t side_rgb)
{
    return sprite_get(ctx, name, size, angle, side_rgb, false);
}

/* The whole image, tinted through its mask, at its own size (cards): baked once per colour. */
static SDL_Texture *image_get(render_ctx *ctx, const char *name, uint32_t side_rgb)
{
    for (int i = 0; i < ctx->sprite_count; i++) {
        render_sprite_entry *e = &ctx->sprites[i];
        if (e->bin == -1 && e->rgb == side_rgb && strcmp(e->name, name) == 0)
            return e->bm.tex;
    }
    render_art *a = art_get(ctx, name);
    if (!a)
        return NULL;
    if (ctx->sprite_count == RENDER_SPRITE_CACHE)
        sprite_cache_reset(ctx);
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, a->w, a->h, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!s)
        return NULL;
    for (int y = 0; y < a->h; y++) {
        uint32_t *row = (uint32_t *)((uint8_t *)s->pixels + y * s->pitch);
        for (int x = 0; x < a->w; x++) {
            float t[4];
            sprite_texel(a, x, y, side_rgb, t);
            uint32_t out = (uint32_t)lroundf(t[3]) << 24;
            for (int ch = 0; ch < 3 && t[3] > 0.5f; ch++) {
                float v8 = t[ch] / (t[3] / 255.0f);
                out |= (uint32_t)lroundf(v8 > 255 ? 255 : v8) << (16 - 8 * ch);
            }
            row[x] = out;
        }
    }
    SDL_Texture *tex = SDL_CreateTextureFromSurface(ctx->r, s);
    SDL_FreeSurface(s);
    if (!tex)
        return NULL;
    SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND);
    render_sprite_entry *e = &ctx->sprites[ctx->sprite_count++];
    /* Drawn scaled and faded (render_image): a texture only, no fast-path pixels. */
    *e = (render_sprite_entry){.size = a->w, .bin = -1, .rgb = side_rgb, .bm = {.tex = tex}};
    snprintf(e->name, sizeof e->name, "%s", name);
    return tex;
}

bool render_image(render_ctx *ctx, const char *name, float x, float y, float w, float h,
                  uint32_t side_rgb, uint8_t alpha)
{
    SDL_Texture *tex = w >= 1 && h >= 1 ? image_get(ctx, name, side_rgb & 0xffffff) : NULL;
    if (!tex)
        return false;
    SDL_SetTextureAlphaMod(tex, alpha);
    SDL_FRect dst = {x, y, w, h};
    SDL_RenderCopyF(render_sdl(ctx), tex, NULL, &dst);
    SDL_SetTextureAlphaMod(tex, 255);
    return true;
}

SDL_Texture *render_icon_texture(render_ctx *ctx, const char *name)
{
    for (int i = 0; i < ctx->icon_count; i++)
        if (strcmp(ctx->icons[i].name, name) == 0)
            return ctx->icons[i].tex;
    if (!ctx->art_dir[0] || ctx->icon_count == 16)
        return NULL;
    char path[700];
    snprintf(path, sizeof path, "%s/%s.png", ctx->art_dir, name);
    SDL_Texture *t = IMG_LoadTexture(ctx->r, path);
    if (!t)
        SDL_Log("art: cannot load %s; drawing a plain badge", path);
    else
        SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND);
    snprintf(ctx->icons[ctx->icon_count].name, sizeof ctx->icons[0].name, "%s", name);
    ctx->icons[ctx->icon_count].tex = t;
    if (t && ctx->surface && !ctx->sdl_only) {
        char file[96];
        snprintf(file, sizeof file, "%s.png", name);
        int w = 0, h = 0;
        uint32_t *px = art_load(ctx, file, &w, &h);
        ctx->icons[ctx->icon_count].px = px;
        ctx->icons[ctx->icon_count].w = w;
        ctx->icons[ctx->icon_count].h = h;
    }
    ctx->icon_count++;
    return t;
}

/* SDL's scaled blended copy, sampled as SDL samples it (nearest, from the middle of each step)
 * and premultiplied as it blends (channel * alpha / 255). */
static uint32_t *icon_scale(const uint32_t *src, int sw, int sh, int size)
{
    uint32_t *px = mem_calloc((size_t)size * (size_t)size, 4);
    uint32_t incx = ((uint32_t)sw << 16) / (uint32_t)size,
             incy = ((uint32_t)sh << 16) / (uint32_t)size;
    uint32_t posy = incy / 2;
    for (int y = 0; y < size; y++, posy += incy) {
        uint32_t posx = incx / 2;
        const uint32_t *row = src + (size_t)(posy >> 16) * (size_t)sw;
        for (int x = 0; x < size; x++, posx += incx) {
            uint32_t p = row[posx >> 16], a = p >> 24;
            if (a < 255)
                p = a << 24 | ((p >> 16 & 0xff) * a / 255) << 16 |
                    ((p >> 8 & 0xff) * a / 255) << 8 | (p & 0xff) * a / 255;
            px[(size_t)y * (size_t)size + (size_t)x] = p;
        }
    }
    return px;
}

const render_bitmap *render_icon_bitmap(render_ctx *ctx, const char *name, int size)
{
    if (size < 1 || !render_icon_texture(ctx, name))
        return NULL;
    int icon = 0;
    while (strcmp(ctx->icons[icon].name, name) != 0)
        icon++;
    if (!ctx->icons[icon].px)
        return NULL;
    for (int i = 0; i < ctx->icon_size_count; i++)
        if (ctx->icon_sizes[i].icon == icon && ctx->icon_sizes[i].size == size)
            return &ctx->icon_sizes[i].bm;
    if (ctx->icon_size_count == 64) {
        render_batch_play(ctx); /* the batch may point at these */
        for (int i = 0; i < ctx->icon_size_count; i++)
            render_bitmap_free(&ctx->icon_sizes[i].bm);
        ctx->icon_size_count = 0;
    }
    render_icon_size *e = &ctx->icon_sizes[ctx->icon_size_count++];
    e->icon = icon;
    e->size = size;
    const uint32_t *src = ctx->icons[icon].px;
    render_bitmap_from_px(&e->bm, icon_scale(src, ctx->icons[icon].w, ctx->icons[icon].h, size),
                          size, size, true);
    return &e->bm;
}

const char *render_format_distance(float cm, render_units units, char *buf, size_t size)
{
    if (units == RENDER_UNITS_INCH)
        snprintf(buf, size, "%.1f\"", cm / RENDER_CM_PER_INCH);
    else
        snprintf(buf, size, "%.1f cm", cm);
    return buf;
}
