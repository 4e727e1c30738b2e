/* The table: a static layer rasterised in software (cloth, terrain, features, zones) and kept in
 * a texture while the camera and terrain stay put, then figures drawn from cached disc textures.
 */
#include "render/render.h"

#include "core/mem.h"
#include "render/raster.h"
#include "render/render_internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define CLOTH_RGB 0x7d8a57u

typedef enum pattern {
    PATTERN_PLAIN = 0,
    PATTERN_CLOTH,
    PATTERN_WOOD,
    PATTERN_BAMBOO,
    PATTERN_HILL,
    PATTERN_TOWN,
    PATTERN_WATER,
    PATTERN_ROAD,
    PATTERN_DUNES,
    PATTERN_WALL,
    PATTERN_HEDGE,
    PATTERN_FIELD,
} pattern;

typedef struct shade_ctx {
    const render_camera *cam;
    uint32_t rgb;
    pattern pat;
    const render_tile *tile;
    const uint32_t *shades; /* the tile's texels as this shader colours them, or NULL */
    float tile_cm;          /* table centimetres covered by one tile width */
    uint32_t seed;
    uint32_t alpha;
} shade_ctx;

uint32_t render_cloth_rgb(void)
{
    return CLOTH_RGB;
}

uint32_t render_side_rgb(const table *t, side_id sid)
{
    static const uint32_t fallback[] = {0x3b6fd0, 0xc83a2e, 0xd8b032, 0x6a3fa0};
    const side *s = table_side(t, sid);
    if (s && s->colour)
        return s->colour;
    return fallback[(sid.id ? sid.id - 1 : 0) % 4];
}

static bool name_has(const char *name, const char *const *words)
{
    for (; *words; words++)
        if (strstr(name, *words))
            return true;
    return false;
}

static pattern pattern_for(const char *name)
{
    static const char *wood[] = {"jungle", "forest", "wood", "tree", "orchard", NULL};
    static const char *water[] = {"river", "stream", "ford", "water", "pond", "marsh", NULL};
    static const char *town[] = {"town", "building", "house", "village", "church", "hut", NULL};
    static const char *road[] = {"road", "track", "path", NULL};
    static const char *field[] = {"field", "crop", "paddy", "grass", NULL};
    if (name_has(name, wood))
        return PATTERN_WOOD;
    if (strstr(name, "bamboo"))
        return PATTERN_BAMBOO;
    if (strstr(name, "hill") || strstr(name, "ridge"))
        return PATTERN_HILL;
    if (name_has(name, town))
        return PATTERN_TOWN;
    if (name_has(name, water))
        return PATTERN_WATER;
    if (name_has(name, road))
        return PATTERN_ROAD;
    if (strstr(name, "dune") || strstr(name, "sand"))
        return PATTERN_DUNES;
    if (strstr(name, "wall") || strstr(name, "fence"))
        return PATTERN_WALL;
    if (strstr(name, "hedge") || strstr(name, "scrub"))
        return PATTERN_HEDGE;
    if (name_has(name, field))
        return PATTERN_FIELD;
    return PATTERN_PLAIN;
}

/* Each channel times k, clamped to [0, 255] and rounded half away from zero (lroundf, which
 * also gave 0 for a NaN, but as a call per channel per pixel). c - (float)i is exact. */
static uint32_t rgb_scale(uint32_t rgb, float k)
{
    uint32_t out = 0;
    for (int shift = 0; shift <= 16; shift += 8) {
        float c = (float)((rgb >> shift) & 0xff) * k;
        c = c < 0 ? 0 : c > 255 ? 255 : c;
        if (c != c)
            continue;
        uint32_t i = (uint32_t)c;
        out |= (i + (c - (float)i >= 0.5f)) << shift;
    }
    return out;
}

/* floorf, inline where the float is small enough to pass through an int (always, here). */
static float floor_fast(float v)
{
    if (!(fabsf(v) < 8388608.0f))
        return floorf(v);
    float t = (float)(int32_t)v;
    return t > v ? t - 1.0f : t == v ? v : t;
}

static float fract(float v)
{
    return v - floor_fast(v);
}

/* Brightness factor of a pattern at table point (x, y) cm; 1 is the type's own colour. Every
 * pattern stays within about +-20% so the type colour still reads (and tests can check it). */
static float pattern_value(pattern pat, float x, float y, uint32_t seed)
{
    float n = raster_noise(x * 0.8f, y * 0.8f, seed);
    switch (pat) {
    case PATTERN_CLOTH:
        return 0.95f + 0.07f * raster_noise(x * 0.25f, y * 0.25f, seed) + 0.04f * n;
    case PATTERN_WOOD: {
        float c = raster_noise(x * 0.45f, y * 0.45f, seed + 1);
        return c > 0.55f ? 0.80f + 0.1f * n : 1.02f + 0.12f * n;
    }
    case PATTERN_BAMBOO:
        return fract(x * 0.9f + n * 0.6f) < 0.35f ? 0.82f : 1.05f + 0.08f * n;
    case PATTERN_HILL: {
        float h = raster_noise(x * 0.06f, y * 0.06f, seed + 2) * 5;
        return fract(h) < 0.10f ? 0.84f : 1.0f + 0.05f * n;
    }
    case PATTERN_TOWN: {
        bool mortar = fract(x * 0.5f) < 0.08f || fract(y * 0.5f) < 0.08f;
        return mortar ? 0.82f : 0.97f + 0.08f * n;
    }
    case PATTERN_WATER:
        return fract((x + y * 0.4f) * 0.35f + n * 0.8f) < 0.18f ? 1.18f : 0.98f + 0.05f * n;
    case PATTERN_ROAD:
        return 0.92f + 0.16f * raster_noise(x * 3.0f, y * 3.0f, seed + 3);
    case PATTERN_DUNES:
        return 0.92f + 0.12f * (0.5f + 0.5f * sinf((x + y * 0.3f) * 1.3f + n * 4));
    case PATTERN_WALL: {
        float row = floorf(y * 1.2f);
        bool joint = fract(y * 1.2f) < 0.12f || fract(x * 0.6f + row * 0.5f) < 0.08f;
        return joint ? 0.78f : 1.0f + 0.08f * n;
    }
    case PATTERN_HEDGE:
        return 0.85f + 0.3f * raster_noise(x * 1.6f, y * 1.6f, seed + 4);
    case PATTERN_FIELD:
        return fract(y * 0.8f) < 0.25f ? 0.9f : 1.02f;
    case PATTERN_PLAIN:
        break;
    }
    return 0.97f + 0.06f * n;
}

static float tile_gain(const render_tile *tile, float tile_cm, float x, float y)
{
    float u = fract(x / tile_cm), v = fract(y / tile_cm * (float)tile->w / (float)tile->h);
    int tx = (int)(u * (float)tile->w), ty = (int)(v * (float)tile->h);
    tx = tx >= tile->w ? tile->w - 1 : tx;
    ty = ty >= tile->h ? tile->h - 1 : ty;
    return tile->gain[(size_t)ty * (size_t)tile->w + (size_t)tx];
}

/* The art folder's texture for a terrain type of another name, by the words that pick its
 * pattern (terrain/<type>.png is tried first). */
static const char *texture_fallback(pattern pat)
{
    switch (pat) {
    case PATTERN_WOOD:
        return "terrain/forest.png";
    case PATTERN_BAMBOO:
        return "terrain/thick_bamboo.png";
    case PATTERN_HILL:
        return "terrain/hill.png";
    case PATTERN_TOWN:
        return "terrain/town.png";
    case PATTERN_WATER:
        return "terrain/river.png";
    case PATTERN_ROAD:
        return "terrain/road.png";
    case PATTERN_DUNES:
        return "terrain/dunes.png";
    case PATTERN_WALL:
        return "terrain/wall.png";
    case PATTERN_HEDGE:
        return "terrain/hedge.png";
    case PATTERN_FIELD:
        return "terrain/crops.png";
    default:
        return NULL;
    }
}

static uint32_t shade_pixel(void *p, int x, int y)
{
    shade_ctx *s = p;
    vec2s cm = render_camera_to_cm(s->cam, (vec2s){{x + 0.5f, y + 0.5f}});
    float k = s->tile ? tile_gain(s->tile, s->tile_cm, cm.x, cm.y)
                      : pattern_value(s->pat, cm.x, cm.y, s->seed);
    uint32_t rgb = rgb_scale(s->rgb, k);
    return s->alpha << 24 | rgb;
}

/* shade_pixel over a run. With the tile's texels coloured once (`shades`), a pixel is its table
 * point's texel: the row's texel row is found once, and each pixel costs the same two divisions
 * shade_pixel makes. */
static void shade_rows(void *p, uint32_t *row, int y, int x0, int x1)
{
    shade_ctx *s = p;
    if (!s->shades) {
        for (int x = x0; x < x1; x++)
            row[x] = raster_blend(row[x], shade_pixel(s, x, y));
        return;
    }
    const render_camera *cam = s->cam;
    const render_tile *tile = s->tile;
    float half_w = (float)cam->view_w * 0.5f, half_h = (float)cam->view_h * 0.5f;
    /* render_camera_to_cm and tile_gain, in the same operations */
    float cy = ((float)y + 0.5f - half_h) / cam->px_per_cm + cam->centre_cm.y;
    float v = fract(cy / s->tile_cm * (float)tile->w / (float)tile->h);
    int ty = (int)(v * (float)tile->h);
    ty = ty >= tile->h ? tile->h - 1 : ty;
    const uint32_t *shades = s->shades + (size_t)ty * (size_t)tile->w;
    for (int x = x0; x < x1; x++) {
        float cx = ((float)x + 0.5f - half_w) / cam->px_per_cm + cam->centre_cm.x;
        float u = fract(cx / s->tile_cm);
        int tx = (int)(u * (float)tile->w);
        row[x] = shades[tx >= tile->w ? tile->w - 1 : tx];
    }
}

/* The tile's texels as opaque colours of rgb (shade_pixel's colours), kept with the tile for the
 * last colour asked; NULL when the tile has no gains. */
static const uint32_t *tile_shades(render_ctx *ctx, const render_tile *tile, uint32_t rgb)
{
    render_tile *t = &ctx->tiles[tile - ctx->tiles];
    if (!t->gain)
        return NULL;
    if (!t->shades || t->shades_rgb != rgb) {
        size_t n = (size_t)t->w * (size_t)t->h;
        if (!t->shades)
            t->shades = mem_calloc(n, sizeof *t->shades);
        for (size_t i = 0; i < n; i++)
            t->shades[i] = 0xff000000u | rgb_scale(rgb, t->gain[i]);
        t->shades_rgb = rgb;
    }
    return t->shades;
}

/* A solid colour over a run (raster_blend of an opaque colour is the colour). */
static void solid_rows(void *p, uint32_t *row, int y, int x0, int x1)
{
    (void)y;
    uint32_t c = *(const uint32_t *)p;
    for (int x = x0; x < x1; x++)
        row[x] = c >> 24 == 255 ? c : raster_blend(row[x], c);
}

/* Diagonal hatching in screen space for deployment zones: a stripe and the gap between, each a
 * translucent colour, blended as raster_blend blends (its three channels looked up, worked out
 * once per zone for every value a channel under it can have). */
typedef struct hatch_ctx {
    uint32_t src[2]; /* the gap's colour, the stripe's */
    uint8_t blend[2][3][256];
} hatch_ctx;

static void hatch_init(hatch_ctx *h, uint32_t rgb)
{
    h->src[0] = 0x26u << 24 | rgb;
    h->src[1] = 0x60u << 24 | rgb;
    for (int k = 0; k < 2; k++)
        for (int c = 0; c < 3; c++)
            for (uint32_t d = 0; d < 256; d++)
                h->blend[k][c][d] = (uint8_t)(raster_blend(d << (8 * c), h->src[k]) >> (8 * c));
}

static void hatch_rows(void *p, uint32_t *row, int y, int x0, int x1)
{
    const hatch_ctx *h = p;
    for (int x = x0; x < x1; x++) {
        int k = ((x + y) / 6) % 3 == 0;
        const uint8_t(*b)[256] = h->blend[k];
        uint32_t d = row[x];
        row[x] = 0xff000000u | (uint32_t)b[2][d >> 16 & 0xff] << 16 |
                 (uint32_t)b[1][d >> 8 & 0xff] << 8 | b[0][d & 0xff];
    }
}

/* ---- static layer -------------------------------------------------------------------------- */

void render_static_free(render_ctx *ctx)
{
    render_batch_play(ctx); /* the batch may copy from static_px */
    if (ctx->static_tex)
        SDL_DestroyTexture(ctx->static_tex);
    ctx->static_tex = NULL;
    free(ctx->static_px);
    ctx->static_px = NULL;
    ctx->static_valid = false;
}

static vec2s *to_px(const render_camera *cam, const vec2s *pts, int n)
{
    vec2s *out = mem_calloc((size_t)n, sizeof *out);
    for (int i = 0; i < n; i++)
        out[i] = render_camera_to_px(cam, pts[i]);
    return out;
}

/* The terrain art the art folder ships (assets/art/terrain/): a type's name picks one of these
 * files only by matching an entry here, so no name (a scenario's "../x") ever becomes a path. */
static const char *const terrain_art[] = {
    "building",       "clear",     "crops", "dunes",        "fence", "ford", "forest",
    "hedge",          "high_wall", "hill",  "jungle",       "river", "road", "single_tree",
    "small_building", "stream",    "swamp", "thick_bamboo", "town",  "wall", NULL};

/* terrain/<name>.png when the art folder has art of that name, else NULL. */
static const char *terrain_art_file(const char *name, char *buf, size_t size)
{
    for (int i = 0; terrain_art[i]; i++)
        if (strcmp(terrain_art[i], name) == 0) {
            snprintf(buf, size, "terrain/%s.png", terrain_art[i]);
            return buf;
        }
    return NULL;
}

static shade_ctx type_shader(render_ctx *ctx, const render_camera *cam, const table *t, int type)
{
    const terrain_type *ty = &t->types[type];
    shade_ctx s = {.cam = cam, .rgb = ty->colour ? ty->colour : 0x808080, .alpha = 255};
    s.pat = pattern_for(ty->name);
    s.seed = (uint32_t)type * 7919u + 17u;
    char buf[64];
    const char *file = terrain_art_file(ty->name, buf, sizeof buf);
    s.tile = render_tile_get(ctx, ty->name, file ? file : texture_fallback(s.pat),
                             texture_fallback(s.pat));
    s.shades = s.tile && s.alpha == 255 ? tile_shades(ctx, s.tile, s.rgb) : NULL;
    s.tile_cm = 12.0f;
    return s;
}

static float outline_px(const render_camera *cam)
{
    return fmaxf(1.5f, fminf(0.35f * cam->px_per_cm, 4.0f));
}

static void draw_area(render_ctx *ctx, raster_target *rt, const render_camera *cam, const table *t,
                      const terrain_feature *f)
{
    if (f->area.count < 3 || f->type < 0 || f->type >= t->type_count)
        return;
    vec2s *px = to_px(cam, f->area.pts, f->area.count);
    shade_ctx s = type_shader(ctx, cam, t, f->type);
    raster_fill_polygon_rows(rt, px, f->area.count, shade_rows, &s);
    uint32_t edge = 0xff000000u | rgb_scale(s.rgb, 0.6f);
    raster_stroke_polyline_rows(rt, px, f->area.count, 1, outline_px(cam), solid_rows, &edge);
    free(px);
}

static void draw_line(render_ctx *ctx, raster_target *rt, const render_camera *cam, const table *t,
                      const terrain_feature *f)
{
    if (f->line.count < 2 || f->type < 0 || f->type >= t->type_count)
        return;
    vec2s *px = to_px(cam, f->line.pts, f->line.count);
    shade_ctx s = type_shader(ctx, cam, t, f->type);
    float w = fmaxf((f->width_cm > 0 ? f->width_cm : 1.0f) * cam->px_per_cm, 2.0f);
    uint32_t edge = 0xff000000u | rgb_scale(s.rgb, 0.55f);
    if (w >= 5)
        raster_stroke_polyline_rows(rt, px, f->line.count, 0, w + 2, solid_rows, &edge);
    raster_stroke_polyline_rows(rt, px, f->line.count, 0, w, shade_rows, &s);
    free(px);
}

/* Roads under water under everything else: the order a modeller would lay them. */
static int line_layer(const table *t, const terrain_feature *f)
{
    pattern p = pattern_for(t->types[f->type].name);
    return p == PATTERN_ROAD ? 0 : p == PATTERN_WATER ? 1 : 2;
}

/* Fords and bridges lie over the stream they cross. */
static bool is_crossing(const table *t, const terrain_feature *f)
{
    if (f->type < 0 || f->type >= t->type_count)
        return false;
    const char *n = t->types[f->type].name;
    return strstr(n, "ford") || strstr(n, "bridge");
}

static void draw_zones(raster_target *rt, const render_camera *cam, const render_scene *sc)
{
    for (int i = 0; i < sc->zone_count; i++) {
        const render_zone *z = &sc->zones[i];
        if (z->count < 3)
            continue;
        vec2s *px = to_px(cam, z->pts, z->count);
        uint32_t rgb = render_side_rgb(sc->table, z->side);
        hatch_ctx h;
        hatch_init(&h, rgb);
        raster_fill_polygon_rows(rt, px, z->count, hatch_rows, &h);
        uint32_t edge = 0xff000000u | rgb;
        raster_stroke_polyline_rows(rt, px, z->count, 1, 2.0f, solid_rows, &edge);
        free(px);
    }
}

static void draw_cloth(render_ctx *ctx, raster_target *rt, const render_camera *cam, const table *t)
{
    for (size_t i = 0; i < (size_t)rt->h * (size_t)rt->pitch; i++)
        rt->px[i] = 0xff1e2226u;
    vec2s rect[4] = {
        {{0, 0}}, {{t->width_cm, 0}}, {{t->width_cm, t->height_cm}}, {{0, t->height_cm}}};
    vec2s *px = to_px(cam, rect, 4);
    shade_ctx s = {.cam = cam, .rgb = CLOTH_RGB, .pat = PATTERN_CLOTH, .seed = 3, .alpha = 255};
    s.tile = render_tile_get(ctx, "(cloth)", "terrain/clear.png", NULL);
    s.shades = s.tile && s.alpha == 255 ? tile_shades(ctx, s.tile, s.rgb) : NULL;
    s.tile_cm = 20.0f;
    raster_fill_polygon_rows(rt, px, 4, shade_rows, &s);
    free(px);
}

/* Clears what features drew past the table's edge, then draws the wooden edge. */
static void draw_table_edge(raster_target *rt, const render_camera *cam, const table *t)
{
    vec2s tl = render_camera_to_px(cam, (vec2s){{0, 0}});
    vec2s br = render_camera_to_px(cam, (vec2s){{t->width_cm, t->height_cm}});
    float W = (float)rt->w, H = (float)rt->h;
    vec2s outside[4][4] = {
        {{{0, 0}}, {{W, 0}}, {{W, tl.y}}, {{0, tl.y}}},
        {{{0, br.y}}, {{W, br.y}}, {{W, H}}, {{0, H}}},
        {{{0, tl.y}}, {{tl.x, tl.y}}, {{tl.x, br.y}}, {{0, br.y}}},
        {{{br.x, tl.y}}, {{W, tl.y}}, {{W, br.y}}, {{br.x, br.y}}},
    };
    uint32_t bg = 0xff1e2226u, edge = 0xff4a3a28u; /* a wooden table edge */
    for (int i = 0; i < 4; i++)
        raster_fill_polygon_rows(rt, outside[i], 4, solid_rows, &bg);
    vec2s rect[4] = {tl, {{br.x, tl.y}}, br, {{tl.x, br.y}}};
    raster_stroke_polyline_rows(rt, rect, 4, 1, fmaxf(3.0f, cam->px_per_cm * 0.8f), solid_rows,
                                &edge);
}

static void static_rasterise(render_ctx *ctx, const render_camera *cam, const render_scene *sc)
{
    raster_target rt = {ctx->static_px, ctx->static_w, ctx->static_h, ctx->static_w};
    const table *t = sc->table;
    draw_cloth(ctx, &rt, cam, t);
    for (int i = 0; i < t->feature_count; i++)
        if (t->features[i].shape == TERRAIN_SHAPE_AREA && !is_crossing(t, &t->features[i]))
            draw_area(ctx, &rt, cam, t, &t->features[i]);
    for (int layer = 0; layer < 3; layer++)
        for (int i = 0; i < t->feature_count; i++) {
            const terrain_feature *f = &t->features[i];
            if (f->shape == TERRAIN_SHAPE_LINE && f->type >= 0 && f->type < t->type_count &&
                line_layer(t, f) == layer)
                draw_line(ctx, &rt, cam, t, f);
        }
    for (int i = 0; i < t->feature_count; i++)
        if (t->features[i].shape == TERRAIN_SHAPE_AREA && is_crossing(t, &t->features[i]))
            draw_area(ctx, &rt, cam, t, &t->features[i]);
    if (sc->show_deployment)
        draw_zones(&rt, cam, sc);
    draw_table_edge(&rt, cam, t);
}

static render_static_key static_key(const render_scene *sc)
{
    render_static_key k;
    memset(&k, 0, sizeof k);
    k.table = sc->table;
    k.terrain_version = sc->terrain_version;
    k.show_deployment = sc->show_deployment;
    k.zone_count = sc->zone_count;
    return k;
}

#define STATIC_MAX_PX 4096

typedef struct static_region {
    int x0, y0, w, h; /* screen pixels under the current camera */
} static_region;

/* The table (plus a margin for its edge) clipped to the view grown by `grow` views on each
 * side, in whole screen pixels. */
static static_region region_for(const render_camera *cam, const table *t, float grow)
{
    vec2s tl = render_camera_to_px(cam, (vec2s){{0, 0}});
    vec2s br = render_camera_to_px(cam, (vec2s){{t->width_cm, t->height_cm}});
    float m = fmaxf(4.0f, cam->px_per_cm * 0.5f) + 2;
    float gx = cam->view_w * grow, gy = cam->view_h * grow;
    float x0 = fmaxf(tl.x - m, -gx), y0 = fmaxf(tl.y - m, -gy);
    float x1 = fminf(br.x + m, cam->view_w + gx), y1 = fminf(br.y + m, cam->view_h + gy);
    static_region r = {(int)floorf(x0), (int)floorf(y0), 0, 0};
    r.w = (int)ceilf(x1) - r.x0;
    r.h = (int)ceilf(y1) - r.y0;
    return r;
}

static static_region region_choose(const render_camera *cam, const table *t)
{
    static const float grows[] = {1.0f, 0.5f, 0.25f, 0.0f};
    static_region r = {0};
    for (int i = 0; i < 4; i++) {
        r = region_for(cam, t, grows[i]);
        if (r.w <= STATIC_MAX_PX && r.h <= STATIC_MAX_PX)
            break;
    }
    r.w = r.w < 1 ? 1 : r.w > STATIC_MAX_PX ? STATIC_MAX_PX : r.w;
    r.h = r.h < 1 ? 1 : r.h > STATIC_MAX_PX ? STATIC_MAX_PX : r.h;
    return r;
}

static bool static_ensure_size(render_ctx *ctx, int w, int h)
{
    if (ctx->static_tex && ctx->static_w == w && ctx->static_h == h)
        return true;
    render_static_free(ctx);
    ctx->static_tex =
        SDL_CreateTexture(ctx->r, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_STREAMING, w, h);
    if (!ctx->static_tex)
        return false;
    SDL_SetTextureBlendMode(ctx->static_tex, SDL_BLENDMODE_NONE);
    ctx->static_px = mem_calloc((size_t)w * (size_t)h, 4);
    ctx->static_w = w;
    ctx->static_h = h;
    return true;
}

static bool static_rebuild(render_ctx *ctx, const render_camera *cam, const render_scene *sc)
{
    render_batch_play(ctx); /* the batch may copy from static_px */
    static_region r = region_choose(cam, sc->table);
    if (!static_ensure_size(ctx, r.w, r.h))
        return false;
    /* A camera whose view is exactly the region: the rasteriser draws in its pixels. */
    render_camera rc = *cam;
    rc.view_w = r.w;
    rc.view_h = r.h;
    rc.centre_cm = render_camera_to_cm(cam, (vec2s){{r.x0 + r.w * 0.5f, r.y0 + r.h * 0.5f}});
    static_rasterise(ctx, &rc, sc);
    SDL_UpdateTexture(ctx->static_tex, NULL, ctx->static_px, ctx->static_w * 4);
    ctx->static_scale = cam->px_per_cm;
    ctx->static_origin = render_camera_to_cm(cam, (vec2s){{(float)r.x0, (float)r.y0}});
    ctx->static_key = static_key(sc);
    ctx->static_valid = true;
    return true;
}

/* Where the cached layer lands on screen under `cam`. */
static SDL_FRect static_dst(const render_ctx *ctx, const render_camera *cam)
{
    vec2s o = render_camera_to_px(cam, ctx->static_origin);
    float k = cam->px_per_cm / ctx->static_scale;
    if (k == 1.0f) /* 1:1 copies land on whole pixels, so the copy is exact */
        o = (vec2s){{roundf(o.x), roundf(o.y)}};
    return (SDL_FRect){o.x, o.y, ctx->static_w * k, ctx->static_h * k};
}

/* True when the cached layer holds every table pixel the view shows. */
static bool static_covers(const render_ctx *ctx, const render_camera *cam, const table *t)
{
    SDL_FRect d = static_dst(ctx, cam);
    static_region need = region_for(cam, t, 0);
    return d.x <= need.x0 + 0.5f && d.y <= need.y0 + 0.5f && d.x + d.w >= need.x0 + need.w - 0.5f &&
           d.y + d.h >= need.y0 + need.h - 0.5f;
}

void render_table_static(render_ctx *ctx, const render_camera *cam, const render_scene *sc)
{
    render_static_key k = static_key(sc);
    bool fresh = ctx->static_valid && memcmp(&k, &ctx->static_key, sizeof k) == 0;
    bool same_scale = fresh && ctx->static_scale == cam->px_per_cm;
    bool usable = fresh && (same_scale || sc->camera_moving) && static_covers(ctx, cam, sc->table);
    if (!usable && !static_rebuild(ctx, cam, sc))
        return;
    SDL_FRect dst = static_dst(ctx, cam);
    /* 1:1 on whole pixels (static_dst rounds it), the fast path copies the layer's own pixels,
     * band by band with what is drawn over it. */
    bool whole = dst.w == (float)ctx->static_w && dst.h == (float)ctx->static_h &&
                 dst.x == floorf(dst.x) && dst.y == floorf(dst.y);
    if (!whole || !render_copy_opaque(ctx, ctx->static_px, ctx->static_w, ctx->static_h, (int)dst.x,
                                      (int)dst.y))
        SDL_RenderCopyF(render_sdl(ctx), ctx->static_tex, NULL, &dst);
}

/* ---- labels -------------------------------------------------------------------------------- */

static vec2s feature_anchor(const terrain_feature *f)
{
    /* A line by its middle vertex, not half way along: roads and rivers are where the troops
     * stand, and a name there is covered by their bases. */
    if (f->shape == TERRAIN_SHAPE_LINE && f->line.count > 0)
        return f->line.pts[f->line.count / 2];
    vec2s c = {{0, 0}};
    for (int i = 0; i < f->area.count; i++)
        c = glms_vec2_add(c, f->area.pts[i]);
    return f->area.count ? glms_vec2_scale(c, 1.0f / (float)f->area.count) : c;
}

/* How much table a feature covers (its bounding box, cm^2); a line counts by its length, so a
 * road or river is labelled before the huts along it. */
static float feature_extent(const terrain_feature *f)
{
    float w = f->bounds.max.x - f->bounds.min.x, h = f->bounds.max.y - f->bounds.min.y;
    return f->shape == TERRAIN_SHAPE_LINE ? (w + h) * 10.0f : w * h;
}

static bool label_free(const render_label *placed, int n, const render_label *b)
{
    for (int i = 0; i < n; i++)
        if (b->x0 < placed[i].x1 && placed[i].x0 < b->x1 && b->y0 < placed[i].y1 &&
            placed[i].y0 < b->y1)
            return false;
    return true;
}

/* The named features, biggest first (ties in table order), so a village is named before the
 * huts in it. */
static int labels_by_extent(const table *t, int *order, int max)
{
    enum { MAX = 512 };
    float extent[MAX];
    int n = 0;
    for (int i = 0; i < t->feature_count && n < max && n < MAX; i++) {
        if (!t->features[i].name[0])
            continue;
        float e = feature_extent(&t->features[i]);
        int at = n++;
        for (; at > 0 && extent[at - 1] < e; at--) {
            order[at] = order[at - 1];
            extent[at] = extent[at - 1];
        }
        order[at] = i;
        extent[at] = e;
    }
    return n;
}

int render_table_label_layout(render_ctx *ctx, const render_camera *cam, const table *t,
                              render_label *out, int max)
{
    enum { MAX = 512 };
    int order[MAX];
    int n = labels_by_extent(t, order, max < MAX ? max : MAX), placed = 0;
    float line = 14 * ctx->ui_scale, pad = 2 * ctx->ui_scale;
    float left = render_camera_to_px(cam, (vec2s){{0, 0}}).x;
    float right = render_camera_to_px(cam, (vec2s){{t->width_cm, 0}}).x;
    static const float shift[] = {0, -1, 1};
    for (int k = 0; k < n; k++) {
        const terrain_feature *f = &t->features[order[k]];
        vec2s p = render_camera_to_px(cam, feature_anchor(f));
        int w, h;
        render_text_size(ctx, f->name, 11, &w, &h);
        /* kept on the table: a road's name does not run off its edge */
        float half = 0.5f * (float)w + pad;
        if (right - left > 2 * half)
            p.x = fminf(fmaxf(p.x, left + half), right - half);
        for (int s = 0; s < (int)(sizeof shift / sizeof shift[0]); s++) {
            float y = p.y - 7 * ctx->ui_scale + shift[s] * line;
            render_label b = {
                order[k],    p.x, y, p.x - 0.5f * (float)w - pad, y, p.x + 0.5f * (float)w + pad,
                y + (float)h};
            if (label_free(out, placed, &b)) {
                out[placed++] = b;
                break;
            }
        }
    }
    return placed;
}

/* A name that would run into another ("Hut" into "Barrio South") is moved or left out; the
 * hover legend still names every feature. */
void render_table_labels(render_ctx *ctx, const render_camera *cam, const table *t)
{
    enum { MAX = 512 };
    render_label labels[MAX];
    int n = render_table_label_layout(ctx, cam, t, labels, MAX);
    for (int i = 0; i < n; i++)
        render_text_outlined(ctx, labels[i].x, labels[i].y, t->features[labels[i].feature].name, 11,
                             0xf4efe0ff, RENDER_ALIGN_CENTRE);
}

/* ---- figures ------------------------------------------------------------------------------- */

float render_figure_radius_px(const render_camera *cam, const figure *f)
{
    float r_cm = f->base.kind == GEOM_BASE_RECT
                     ? 0.5f * fmaxf(f->base.frontage_cm, f->base.depth_cm)
                     : (f->base.radius_cm > 0 ? f->base.radius_cm : 1.25f);
    return fmaxf(r_cm * cam->px_per_cm, 3.0f);
}

/* A square bitmap centred on c (rounded to the pixel). */
static void copy_centred(render_ctx *ctx, const render_bitmap *bm, vec2s c)
{
    if (bm)
        render_bitmap_draw(ctx, bm, (int)lroundf(c.x) - bm->w / 2, (int)lroundf(c.y) - bm->h / 2);
}

static void copy_disc(render_ctx *ctx, const render_bitmap *bm, vec2s c, int radius)
{
    (void)radius; /* the bitmap is 2 * radius + 2 px square */
    copy_centred(ctx, bm, c);
}

static void draw_facing(render_ctx *ctx, vec2s c, float r, float facing, uint32_t rgba)
{
    vec2s d = {{cosf(facing), sinf(facing)}}, n = {{-d.y, d.x}};
    float tip = r * 1.0f, back = r * 0.35f, half = r * 0.42f;
    vec2s tri[3] = {{{c.x + d.x * tip, c.y + d.y * tip}},
                    {{c.x + d.x * back + n.x * half, c.y + d.y * back + n.y * half}},
                    {{c.x + d.x * back - n.x * half, c.y + d.y * back - n.y * half}}};
    render_polygon_px(ctx, tri, 3, rgba);
}

/* The sprite for a figure, as docs/art.md suggests. */
static const char *sprite_name(const figure *f)
{
    bool mounted = f->posture == FIGURE_POSTURE_MOUNTED || strstr(f->kind, "cavalry");
    switch (f->role) {
    case FIGURE_ROLE_OFFICER:
        return mounted ? "fig_cavalry_officer" : "fig_officer";
    case FIGURE_ROLE_GENERAL:
    case FIGURE_ROLE_BRIGADIER:
        return "fig_cavalry_officer";
    case FIGURE_ROLE_NCO:
        return "fig_nco";
    case FIGURE_ROLE_LEADER:
        return "fig_leader";
    case FIGURE_ROLE_GUN:
        return strstr(f->weapon, "gatling") || strstr(f->kind, "gatling") ? "fig_gatling"
                                                                          : "fig_gun";
    case FIGURE_ROLE_CREW:
        return "fig_crew";
    default:
        break;
    }
    if (mounted)
        return "fig_cavalry";
    if (strstr(f->kind, "native") || strstr(f->kind, "warrior") || strstr(f->kind, "irregular"))
        return strstr(f->weapon, "spear") ? "fig_native_spear" : "fig_native";
    return "fig_infantry";
}

/* The figure's sprite over its base, when the art exists and the figure is big enough on screen
 * to read; false otherwise (the caller draws the plain facing mark). */
static bool draw_sprite(render_ctx *ctx, const figure *f, vec2s c, float r, float facing,
                        uint32_t rgb)
{
    if (r < 7 || !ctx->art_dir[0])
        return false;
    /* The sprites' bodies fill about 60% of their image; make that the base's diameter (the
     * baked base has radius 0.3 * size). */
    int size = (int)lroundf(r / 0.3f) | 1;
    const render_bitmap *bm = render_sprite(ctx, sprite_name(f), size, facing, rgb);
    if (!bm)
        return false;
    copy_centred(ctx, bm, c);
    return true;
}

render_arm render_stand_arm(const table *t, const figure *f)
{
    if (f->role == FIGURE_ROLE_GUN)
        return RENDER_ARM_GUNS;
    const unit *u = t ? table_unit_const(t, f->unit) : NULL;
    static const char *const guns[] = {"artillery", "gun", "battery", "howitzer", NULL};
    static const char *const horse[] = {"cavalry",    "dragoon", "hussar", "lancer",
                                        "cuirassier", "horse",   "uhlan",  "chasseurs_a_cheval",
                                        NULL};
    for (int i = 0; u && guns[i]; i++)
        if (strstr(u->kind, guns[i]))
            return RENDER_ARM_GUNS;
    if (f->posture == FIGURE_POSTURE_MOUNTED)
        return RENDER_ARM_HORSE;
    for (int i = 0; u && horse[i]; i++)
        if (strstr(u->kind, horse[i]))
            return RENDER_ARM_HORSE;
    return RENDER_ARM_FOOT;
}

static void thick_line(render_ctx *ctx, vec2s a, vec2s b)
{
    for (int o = -1; o <= 1; o++) {
        SDL_RenderDrawLineF(render_sdl(ctx), a.x + (float)o * 0.5f, a.y, b.x + (float)o * 0.5f,
                            b.y);
        SDL_RenderDrawLineF(render_sdl(ctx), a.x, a.y + (float)o * 0.5f, b.x,
                            b.y + (float)o * 0.5f);
    }
}

/* The arm on a stand in the map symbols wargamers read at a glance: foot a cross from corner to
 * corner, horse one diagonal, guns a dot with its barrel to the front. c: the corners, front
 * left, back left, back right, front right. */
static void draw_arm(render_ctx *ctx, const vec2s c[4], render_arm arm, uint32_t rgb)
{
    vec2s mid = glms_vec2_scale(glms_vec2_add(c[0], c[2]), 0.5f);
    float w = glms_vec2_distance(c[0], c[3]), h = glms_vec2_distance(c[0], c[1]);
    if (fminf(w, h) < 8)
        return;
    vec2s in[4]; /* the corners drawn a little inside the edge */
    for (int i = 0; i < 4; i++)
        in[i] = glms_vec2_lerp(c[i], mid, 0.22f);
    int luma = (int)((rgb >> 16 & 0xff) * 3 + (rgb >> 8 & 0xff) * 6 + (rgb & 0xff)) / 10;
    uint32_t ink = luma < 110 ? 0xf0ece0e0 : 0x141414e0;
    render_set_colour(ctx, ink);
    if (arm == RENDER_ARM_FOOT) {
        thick_line(ctx, in[0], in[2]);
        thick_line(ctx, in[1], in[3]);
    } else if (arm == RENDER_ARM_HORSE) {
        thick_line(ctx, in[1], in[3]);
    } else {
        int r = (int)fmaxf(2, fminf(w, h) * 0.2f);
        copy_disc(ctx, render_disc(ctx, ink, r, 0), mid, r);
        vec2s front = glms_vec2_scale(glms_vec2_add(in[0], in[3]), 0.5f);
        thick_line(ctx, mid, front);
    }
}

static void draw_stand(render_ctx *ctx, const render_camera *cam, const table *t, const figure *f,
                       vec2s pos, float facing, uint32_t rgb, unsigned flags)
{
    vec2s d = {{cosf(facing), sinf(facing)}}, n = {{-d.y, d.x}};
    float hf = f->base.frontage_cm * 0.5f, hd = f->base.depth_cm * 0.5f;
    vec2s c[4];
    for (int i = 0; i < 4; i++) {
        float sd = (i == 0 || i == 3) ? hd : -hd, sn = (i < 2) ? hf : -hf;
        c[i] = render_camera_to_px(
            cam, glms_vec2_add(pos, glms_vec2_add(glms_vec2_scale(d, sd), glms_vec2_scale(n, sn))));
    }
    uint32_t alpha = flags & RENDER_FIG_GHOST ? 0x70 : 0xff;
    render_polygon_px(ctx, c, 4, rgb << 8 | alpha);
    uint32_t edge = flags & RENDER_FIG_SELECTED ? 0xffe14aff : 0x101010ff;
    render_set_colour(ctx, edge);
    for (int i = 0; i < 4; i++)
        SDL_RenderDrawLineF(render_sdl(ctx), c[i].x, c[i].y, c[(i + 1) % 4].x, c[(i + 1) % 4].y);
    /* The front edge, brighter: facing for element-based sets. */
    render_set_colour(ctx, 0xf8f4e8ff);
    SDL_RenderDrawLineF(render_sdl(ctx), c[0].x, c[0].y, c[3].x, c[3].y);
    if (!(flags & RENDER_FIG_GHOST))
        draw_arm(ctx, c, render_stand_arm(t, f), rgb);
}

static const char *role_badge(figure_role role)
{
    switch (role) {
    case FIGURE_ROLE_OFFICER:
        return "O";
    case FIGURE_ROLE_NCO:
        return "N";
    case FIGURE_ROLE_LEADER:
        return "L";
    case FIGURE_ROLE_GENERAL:
        return "G";
    case FIGURE_ROLE_BRIGADIER:
        return "B";
    case FIGURE_ROLE_GUN:
        return "A";
    default:
        return NULL;
    }
}

static bool draw_icon(render_ctx *ctx, vec2s at, int r, const char *icon)
{
    SDL_Texture *t = icon ? render_icon_texture(ctx, icon) : NULL;
    if (!t)
        return false;
    int size = 2 * r + 2, w, h;
    SDL_Rect dst = {(int)lroundf(at.x) - size / 2, (int)lroundf(at.y) - size / 2, size, size};
    render_output_size(ctx, &w, &h);
    /* SDL scales a copy that crosses the frame's edge another way: that one stays SDL's. */
    bool inside = dst.x >= 0 && dst.y >= 0 && dst.x + size <= w && dst.y + size <= h;
    const render_bitmap *bm = inside ? render_icon_bitmap(ctx, icon, size) : NULL;
    if (bm)
        render_bitmap_draw(ctx, bm, dst.x, dst.y);
    else
        SDL_RenderCopy(render_sdl(ctx), t, NULL, &dst);
    return true;
}

static void draw_badge(render_ctx *ctx, vec2s at, int r, const char *text, uint32_t bg, uint32_t fg,
                       const char *icon)
{
    if (draw_icon(ctx, at, r, icon))
        return;
    copy_disc(ctx, render_disc(ctx, 0x101010ff, r + 1, 0), at, r + 1);
    copy_disc(ctx, render_disc(ctx, bg, r, 0), at, r);
    if (text && r >= 4) {
        float size = (float)r * 1.5f / ctx->ui_scale;
        int tw, th;
        render_text_size(ctx, text, size, &tw, &th);
        render_text(ctx, at.x, at.y - th / 2.0f, text, size, fg, RENDER_ALIGN_CENTRE);
    }
}

static const char *badge_icon(figure_role role)
{
    switch (role) {
    case FIGURE_ROLE_OFFICER:
        return "badge_officer";
    case FIGURE_ROLE_NCO:
        return "badge_nco";
    case FIGURE_ROLE_LEADER:
        return "badge_leader";
    case FIGURE_ROLE_GENERAL:
    case FIGURE_ROLE_BRIGADIER:
        return "badge_general";
    default:
        return NULL;
    }
}

static void draw_markers(render_ctx *ctx, const figure *f, vec2s c, float r)
{
    int br = (int)fmaxf(3, fminf(r * 0.45f, 9));
    vec2s ne = {{c.x + r * 0.75f, c.y - r * 0.75f}}, sw = {{c.x - r * 0.75f, c.y + r * 0.75f}};
    vec2s se = {{c.x + r * 0.75f, c.y + r * 0.75f}};
    const char *badge = role_badge(f->role);
    if (badge)
        draw_badge(ctx, ne, br, badge, 0xf2c94cff, 0x1a1a1aff, badge_icon(f->role));
    if (f->status & (FIGURE_STATUS_WOUNDED | FIGURE_STATUS_SERIOUS))
        draw_badge(ctx, sw, br, f->status & FIGURE_STATUS_SERIOUS ? "+" : NULL, 0xd62828ff,
                   0xffffffff, "marker_wounded");
    if (f->status & FIGURE_STATUS_DEMORALISED)
        draw_badge(ctx, se, br, "D", 0x8e44adff, 0xffffffff, "marker_demoralised");
    else if (f->status & FIGURE_STATUS_SHAKEN)
        draw_badge(ctx, se, br, "S", 0xe67e22ff, 0xffffffff, "marker_shaken");
}

static void draw_casualty(render_ctx *ctx, vec2s c, float r)
{
    int ri = (int)lroundf(r);
    copy_disc(ctx, render_disc(ctx, 0x3a3a3aa0, ri, 0), c, ri);
    float k = r * 0.6f;
    render_set_colour(ctx, 0xc03030ff);
    for (int o = -1; o <= 1; o++) {
        SDL_RenderDrawLineF(render_sdl(ctx), c.x - k + o, c.y - k, c.x + k + o, c.y + k);
        SDL_RenderDrawLineF(render_sdl(ctx), c.x - k + o, c.y + k, c.x + k + o, c.y - k);
    }
}

/* A casualty left on the table: the fallen sprite without a base, else a crossed grey disc. */
static bool draw_fallen(render_ctx *ctx, vec2s c, float r, float facing, uint32_t rgb)
{
    if (r < 7 || !ctx->art_dir[0])
        return false;
    int size = (int)lroundf(r / 0.3f) | 1;
    const render_bitmap *bm = render_sprite_nobase(ctx, "fig_casualty", size, facing, rgb);
    if (!bm)
        return false;
    copy_centred(ctx, bm, c);
    return true;
}

void render_figure(render_ctx *ctx, const render_camera *cam, const table *t, const figure *f,
                   vec2s pos, float facing, unsigned flags)
{
    if (flags & RENDER_FIG_HIDDEN || f->status & FIGURE_STATUS_OFF_TABLE)
        return;
    vec2s c = render_camera_to_px(cam, pos);
    float r = render_figure_radius_px(cam, f);
    if (c.x < -r * 2 || c.y < -r * 2 || c.x > cam->view_w + r * 2 || c.y > cam->view_h + r * 2)
        return;
    uint32_t rgb = render_side_rgb(t, f->side);
    if (f->status & (FIGURE_STATUS_DEAD | FIGURE_STATUS_CAPTURED)) {
        if (!draw_fallen(ctx, c, r, facing, rgb))
            draw_casualty(ctx, c, r);
        return;
    }
    int ri = (int)lroundf(r);
    if (flags & RENDER_FIG_HIGHLIGHT)
        copy_disc(ctx, render_disc(ctx, 0x3df0e0ff, ri + 5, 4), c, ri + 5);
    if (flags & (RENDER_FIG_SELECTED | RENDER_FIG_HOVER))
        copy_disc(
            ctx, render_disc(ctx, flags & RENDER_FIG_SELECTED ? 0xffe14aff : 0xffffff90, ri + 3, 3),
            c, ri + 3);
    if (f->base.kind == GEOM_BASE_RECT) {
        draw_stand(ctx, cam, t, f, pos, facing, rgb, flags);
    } else if (flags & RENDER_FIG_GHOST || !draw_sprite(ctx, f, c, r, facing, rgb)) {
        uint32_t alpha = flags & RENDER_FIG_GHOST ? 0x70 : 0xff;
        copy_disc(ctx, render_disc(ctx, 0x141414u << 8 | alpha, ri, 0), c, ri);
        copy_disc(ctx, render_disc(ctx, rgb << 8 | alpha, ri - 1, 0), c, ri - 1);
        draw_facing(ctx, c, r - 1, facing, 0xf8f4e8ff & (0xffffff00u | alpha));
    }
    if (!(flags & RENDER_FIG_GHOST) && r >= 5)
        draw_markers(ctx, f, c, r);
}

void render_table(render_ctx *ctx, const render_camera *cam, const render_scene *sc)
{
    render_table_static(ctx, cam, sc);
    render_table_figures(ctx, cam, sc);
}

void render_table_figures(render_ctx *ctx, const render_camera *cam, const render_scene *sc)
{
    const table *t = sc->table;
    if (sc->show_labels)
        render_table_labels(ctx, cam, t);
    /* Casualties first so the living stand on top of them. */
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < t->figure_count; i++) {
            const figure *f = &t->figures[i];
            bool down = f->status & (FIGURE_STATUS_DEAD | FIGURE_STATUS_CAPTURED);
            if (down != (pass == 0))
                continue;
            unsigned flags = sc->figure_flags ? sc->figure_flags[i] : 0;
            render_figure(ctx, cam, t, f, f->pos, f->facing, flags);
        }
}
