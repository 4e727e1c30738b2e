/* Terrain textures, 128x128 and tileable: every noise repeats with the tile and every shape
 * drawn across an edge wraps round to the opposite one. */
#include "artgen.h"

#include "art_noise.h"

#include <math.h>
#include <stddef.h>

#define TEX 128.0f

/* ---- ground fills -------------------------------------------------------------------------- */

typedef struct ground {
    art_rgba dark, light;
    int cells, octaves;
    uint32_t seed;
    float grain; /* per-pixel speckle */
} ground;

static art_rgba ground_at(float x, float y, void *ctx)
{
    const ground *g = ctx;
    float n = art_fbm(x, y, g->cells, g->octaves, TEX, g->seed);
    float s = art_hash((int)x, (int)y, g->seed + 7u) - 0.5f;
    art_rgba c = art_mix(g->dark, g->light, art_clamp(1.6f * (n - 0.5f) + 0.5f, 0, 1));
    return art_shade(c, 1.0f + g->grain * s);
}

static void fill_ground(art_canvas *cv, art_rgba dark, art_rgba light, int cells, int octaves,
                        uint32_t seed, float grain)
{
    ground g = {dark, light, cells, octaves, seed, grain};
    art_fill_fn(cv, ground_at, &g);
}

static art_rgba jitter(dice_rng *rng, art_rgba c, float amount)
{
    return art_shade(c, 1.0f + art_rand(rng, -amount, amount));
}

/* ---- textures ------------------------------------------------------------------------------ */

static void tex_clear(art_canvas *cv, dice_rng *rng)
{
    fill_ground(cv, art_rgb(90, 122, 62), art_rgb(106, 138, 70), 8, 4, 11u, 0.08f);
    for (int i = 0; i < 90; i++) { /* short grass flecks in the cloth */
        float x = art_rand(rng, 0, TEX), y = art_rand(rng, 0, TEX);
        float a = art_rand(rng, 0, 2 * ART_PI), l = art_rand(rng, 1.5f, 3.5f);
        art_rgba c = i % 3 ? art_rgba8(140, 170, 90, 90) : art_rgba8(60, 86, 40, 90);
        art_line(cv, x, y, x + l * art_cos(a), y + l * art_sin(a), 0.9f, art_solid(c));
    }
}

static void tex_road(art_canvas *cv, dice_rng *rng)
{
    fill_ground(cv, art_rgb(140, 110, 76), art_rgb(184, 156, 112), 4, 5, 21u, 0.14f);
    for (int i = 0; i < 110; i++) {
        float x = art_rand(rng, 0, TEX), y = art_rand(rng, 0, TEX), r = art_rand(rng, 0.8f, 2.2f);
        art_rgba c = jitter(rng, i % 2 ? art_rgb(120, 104, 86) : art_rgb(196, 180, 150), 0.12f);
        art_ellipse(cv, x + 0.6f, y + 0.7f, r, r * 0.8f, 0, art_solid(art_rgba8(60, 40, 20, 90)));
        art_ellipse(cv, x, y, r, r * 0.8f, art_rand(rng, 0, 180), art_solid(c));
    }
}

static void frond(art_canvas *cv, dice_rng *rng, float x, float y, float len, float deg, art_rgba c)
{
    float a = deg * ART_PI / 180.0f, dx = art_sin(a), dy = -art_cos(a);
    float ex = x + dx * len, ey = y + dy * len;
    for (int k = 1; k <= 7; k++) {
        float t = (float)k / 8.0f, px = x + dx * len * t, py = y + dy * len * t;
        float ll = len * 0.42f * (1.0f - 0.6f * t);
        for (int s = -1; s <= 1; s += 2) {
            float lx = px + (dx * 0.5f - dy * (float)s) * ll,
                  ly = py + (dy * 0.5f + dx * (float)s) * ll;
            art_leaf(cv, px, py, lx, ly, 1.3f + 0.6f * (1 - t), art_solid(jitter(rng, c, 0.1f)));
        }
    }
    art_line(cv, x, y, ex, ey, 1.0f, art_solid(art_shade(c, 1.3f)));
}

static void tex_jungle(art_canvas *cv, dice_rng *rng)
{
    fill_ground(cv, art_rgb(18, 38, 18), art_rgb(34, 62, 28), 4, 4, 31u, 0.1f);
    for (int layer = 0; layer < 3; layer++) {
        /* many broad leaves and a few palm crowns: the crowns are the motif the eye catches,
         * so few of them keeps the tile's repeat quiet */
        for (int i = 0; i < 48; i++) {
            float x = art_rand(rng, 0, TEX), y = art_rand(rng, 0, TEX);
            art_rgba base = art_mix(art_rgb(34, 72, 30), art_rgb(74, 124, 50), (float)layer / 2.5f);
            base = jitter(rng, base, 0.15f);
            if (i % 8 == 0) {
                int n = 5;
                float rot = art_rand(rng, 0, 360);
                for (int k = 0; k < n; k++)
                    frond(cv, rng, x, y, art_rand(rng, 12, 18), rot + 360.0f * (float)k / (float)n,
                          base);
            } else {
                float a = art_rand(rng, 0, 2 * ART_PI), l = art_rand(rng, 9, 16);
                float ex = x + l * art_cos(a), ey = y + l * art_sin(a);
                art_leaf(cv, x + 1.5f, y + 2, ex + 1.5f, ey + 2, l * 0.3f,
                         art_solid(art_rgba8(0, 0, 0, 70)));
                art_leaf(cv, x, y, ex, ey, l * 0.3f,
                         art_linear(art_shade(base, 1.25f), x, y, art_shade(base, 0.8f), ex, ey));
                art_line(cv, x, y, x + 0.85f * (ex - x), y + 0.85f * (ey - y), 0.7f,
                         art_solid(art_shade(base, 1.4f)));
            }
        }
    }
}

static void crown(art_canvas *cv, dice_rng *rng, float x, float y, float r, art_rgba c)
{
    art_circle(cv, x + 3, y + 4, r, art_solid(art_rgba8(0, 0, 0, 90)));
    int n = 6;
    for (int k = 0; k < n; k++) {
        float a = 2 * ART_PI * (float)k / (float)n + art_rand(rng, 0, 0.8f);
        float px = x + 0.5f * r * art_cos(a), py = y + 0.5f * r * art_sin(a);
        float pr = r * art_rand(rng, 0.45f, 0.6f);
        art_circle(cv, px, py, pr,
                   art_radial(art_shade(c, 1.25f), art_shade(c, 0.6f), px - pr * 0.4f,
                              py - pr * 0.45f, pr * 1.5f));
    }
    art_circle(cv, x - r * 0.1f, y - r * 0.1f, r * 0.5f,
               art_radial(art_shade(c, 1.35f), art_shade(c, 0.75f), x - r * 0.3f, y - r * 0.35f,
                          r * 0.8f));
}

static void tex_forest(art_canvas *cv, dice_rng *rng)
{
    fill_ground(cv, art_rgb(40, 48, 28), art_rgb(64, 70, 38), 4, 4, 41u, 0.1f);
    for (int i = 0; i < 26; i++) {
        float x = art_rand(rng, 0, TEX), y = art_rand(rng, 0, TEX), r = art_rand(rng, 11, 17);
        art_rgba c = jitter(rng, i % 4 ? art_rgb(56, 98, 44) : art_rgb(88, 112, 48), 0.15f);
        crown(cv, rng, x, y, r, c);
    }
}

/* A lone tree: one broad crown over grass, in a lighter green than the forest. */
static void tex_single_tree(art_canvas *cv, dice_rng *rng)
{
    fill_ground(cv, art_rgb(90, 122, 62), art_rgb(106, 138, 70), 8, 4, 11u, 0.08f);
    const float at[4][3] = {{40, 40, 30}, {104, 100, 22}, {100, 30, 14}, {30, 104, 14}};
    for (int i = 0; i < 4; i++) {
        art_rgba c = jitter(rng, art_rgb(74, 120, 50), 0.1f);
        crown(cv, rng, at[i][0], at[i][1], at[i][2], c);
    }
}

/* One bamboo clump: leaves spreading from it, then its culms seen end-on. */
static void bamboo_leaves(art_canvas *cv, dice_rng *rng, float cx, float cy, int n)
{
    for (int k = 0; k < n; k++) {
        float a = art_rand(rng, 0, 2 * ART_PI), l = art_rand(rng, 12, 22);
        float r0 = art_rand(rng, 4, 10);
        float x = cx + r0 * art_cos(a), y = cy + r0 * art_sin(a);
        float b = a + art_rand(rng, -0.5f, 0.5f);
        float ex = x + l * art_cos(b), ey = y + l * art_sin(b);
        art_rgba c = jitter(rng, art_rgb(118, 150, 58), 0.2f);
        art_leaf(cv, x + 1, y + 1.5f, ex + 1, ey + 1.5f, 1.9f, art_solid(art_rgba8(0, 0, 0, 60)));
        art_leaf(cv, x, y, ex, ey, 1.9f,
                 art_linear(art_shade(c, 0.8f), x, y, art_shade(c, 1.2f), ex, ey));
    }
}

static void bamboo_culms(art_canvas *cv, dice_rng *rng, float cx, float cy)
{
    int n = 12 + (int)art_rand(rng, 0, 14);
    float size = art_rand(rng, 6, 11);
    for (int k = 0; k < n; k++) {
        float a = art_rand(rng, 0, 2 * ART_PI), d = size * art_rand(rng, 0.1f, 1.0f);
        float x = cx + d * art_cos(a), y = cy + d * art_sin(a), r = art_rand(rng, 2.0f, 3.0f);
        art_rgba col = jitter(rng, k % 4 ? art_rgb(170, 184, 84) : art_rgb(204, 196, 104), 0.1f);
        art_circle(cv, x + 1.2f, y + 1.5f, r, art_solid(art_rgba8(0, 0, 0, 120)));
        art_circle(cv, x, y, r + 0.6f, art_solid(art_rgb(60, 72, 30)));
        art_circle(cv, x, y, r,
                   art_radial(art_shade(col, 1.25f), art_shade(col, 0.7f), x - 0.5f * r,
                              y - 0.5f * r, 1.6f * r));
        art_circle(cv, x, y, r * 0.45f, art_solid(art_rgba8(70, 84, 30, 170)));
    }
}

static void tex_bamboo(art_canvas *cv, dice_rng *rng)
{
    fill_ground(cv, art_rgb(46, 56, 26), art_rgb(74, 84, 38), 4, 4, 51u, 0.1f);
    /* clumps on a jittered 4x4 grid, so the thicket is even and dense */
    float cx[16], cy[16];
    for (int i = 0; i < 16; i++) {
        cx[i] = 32.0f * (float)(i % 4) + 16 + art_rand(rng, -13, 13) + (i / 4 % 2 ? 16 : 0);
        cy[i] = 32.0f * (float)(i / 4) + 16 + art_rand(rng, -11, 11);
    }
    for (int i = 0; i < 16; i++)
        bamboo_leaves(cv, rng, cx[i], cy[i], 16);
    for (int i = 0; i < 16; i++)
        bamboo_culms(cv, rng, cx[i], cy[i]);
    for (int i = 0; i < 16; i++)
        bamboo_leaves(cv, rng, cx[i], cy[i], 5);
}

static void tex_hill(art_canvas *cv, dice_rng *rng)
{
    fill_ground(cv, art_rgb(112, 120, 62), art_rgb(152, 154, 86), 3, 5, 61u, 0.10f);
    for (int i = 0; i < 60; i++) {
        float x = art_rand(rng, 0, TEX), y = art_rand(rng, 0, TEX);
        for (int k = 0; k < 4; k++) {
            float a = art_rand(rng, -2.4f, -0.7f);
            art_line(cv, x, y, x + 3.2f * art_cos(a), y + 3.2f * art_sin(a), 0.8f,
                     art_solid(art_rgba8(92, 104, 46, 150)));
        }
    }
    for (int i = 0; i < 14; i++) {
        float x = art_rand(rng, 0, TEX), y = art_rand(rng, 0, TEX), r = art_rand(rng, 1.5f, 3.5f);
        art_ellipse(cv, x + 0.8f, y + 1, r, r * 0.7f, 0, art_solid(art_rgba8(40, 30, 20, 100)));
        art_ellipse(cv, x, y, r, r * 0.7f, art_rand(rng, 0, 180),
                    art_radial(art_rgb(184, 176, 160), art_rgb(120, 112, 100), x - r * 0.4f,
                               y - r * 0.4f, r * 1.6f));
    }
}

static void tex_town(art_canvas *cv, dice_rng *rng)
{
    fill_ground(cv, art_rgb(110, 96, 80), art_rgb(128, 112, 94), 4, 3, 71u, 0.05f);
    const float s = 16.0f;
    for (int row = 0; row < 8; row++)
        for (int col = 0; col < 8; col++) {
            float x = (float)col * s + (row % 2 ? s * 0.5f : 0) + art_rand(rng, -0.8f, 0.8f);
            float y = (float)row * s + art_rand(rng, -0.8f, 0.8f);
            art_rgba c = jitter(rng, art_rgb(176, 162, 138), 0.16f);
            art_rect(cv, x + 1.5f, y + 1.5f, x + s - 1.0f, y + s - 1.0f, 4,
                     art_radial(art_shade(c, 1.15f), art_shade(c, 0.78f), x + 5, y + 5, 16));
        }
}

static void tex_roof(art_canvas *cv, dice_rng *rng)
{
    fill_ground(cv, art_rgb(70, 30, 18), art_rgb(90, 40, 24), 4, 2, 81u, 0.0f);
    const float w = 16.0f, h = 16.0f;
    /* Two passes, because the overlap is cyclic across the tile seam: first every tile body,
     * then the shadow each tile's lower lip casts on the course below. */
    for (int row = 0; row < 8; row++)
        for (int col = 0; col < 8; col++) {
            /* shifted so the tile seam falls inside tiles, not on a course line */
            float x = (float)col * w + (row % 2 ? 0.5f * w : 0) + 4, y = (float)row * h + 8;
            art_rgba c = jitter(rng, art_rgb(186, 88, 52), 0.14f);
            if (art_rand(rng, 0, 1) < 0.15f)
                c = art_mix(c, art_rgb(120, 110, 90), 0.35f);
            art_paint p =
                art_linear(art_shade(c, 0.62f), x + 1, 0, art_shade(c, 1.25f), x + w * 0.42f, 0);
            art_rect(cv, x + 1.5f, y, x + w - 1.5f, y + h, 5, p);
            art_rect(cv, x + w * 0.58f, y, x + w - 2.0f, y + h - 1, 4,
                     art_solid(art_rgba8(60, 20, 10, 60)));
        }
    for (int row = 0; row < 8; row++)
        for (int col = 0; col < 8; col++) {
            float x = (float)col * w + (row % 2 ? 0.5f * w : 0) + 4, y = (float)row * h + h + 8;
            art_rect(cv, x + 2, y - 1, x + w - 2, y + 2.5f, 1.5f,
                     art_solid(art_rgba8(40, 12, 4, 110)));
        }
}

typedef struct water {
    art_rgba deep, shallow;
    uint32_t seed;
} water;

static art_rgba water_at(float x, float y, void *ctx)
{
    const water *w = ctx;
    float n = art_fbm(x, y, 3, 4, TEX, w->seed);
    float m = art_fbm(x, y, 8, 2, TEX, w->seed + 5u);
    art_rgba c = art_mix(w->deep, w->shallow, art_smooth(0.25f, 0.75f, n));
    return art_shade(c, 0.94f + 0.12f * m);
}

/* Wavelets: short light arcs lying mostly across the tile, as on a map. */
static void wavelets(art_canvas *cv, dice_rng *rng, int n, int alpha)
{
    for (int i = 0; i < n; i++) {
        float x = art_rand(rng, 0, TEX), y = art_rand(rng, 0, TEX), l = art_rand(rng, 3, 8);
        float a = art_rand(rng, -0.3f, 0.3f), c = art_cos(a), s = art_sin(a);
        float v[6] = {x - l * c, y - l * s, x - 2.0f * s, y - 1.2f, x + l * c, y + l * s};
        art_polyline(cv, v, 3, 0.9f, art_solid(art_rgba8(214, 236, 244, alpha)));
    }
}

static void tex_river(art_canvas *cv, dice_rng *rng)
{
    water w = {art_rgb(30, 64, 98), art_rgb(60, 112, 140), 91u};
    art_fill_fn(cv, water_at, &w);
    wavelets(cv, rng, 46, 80);
}

static void stone(art_canvas *cv, dice_rng *rng, float r_lo, float r_hi, int alpha)
{
    float x = art_rand(rng, 0, TEX), y = art_rand(rng, 0, TEX), r = art_rand(rng, r_lo, r_hi);
    art_rgba c = jitter(rng, art_rgb(154, 148, 134), 0.15f);
    c.a = (float)alpha / 255.0f;
    float rot = art_rand(rng, 0, 180);
    art_ellipse(cv, x + 0.8f, y + 1, r, r * 0.75f, rot,
                art_solid(art_rgba8(20, 30, 30, alpha / 3)));
    art_ellipse(
        cv, x, y, r, r * 0.75f, rot,
        art_radial(art_shade(c, 1.25f), art_shade(c, 0.7f), x - r * 0.4f, y - r * 0.4f, r * 1.6f));
}

static void tex_ford(art_canvas *cv, dice_rng *rng)
{
    fill_ground(cv, art_rgb(132, 122, 90), art_rgb(170, 156, 114), 4, 4, 101u, 0.08f);
    for (int i = 0; i < 40; i++) /* the gravel bed, seen through the water */
        stone(cv, rng, 1.5f, 3.5f, 255);
    water w = {art_rgba8(50, 104, 136, 140), art_rgba8(86, 146, 166, 110), 103u};
    art_fill_fn(cv, water_at, &w);
    for (int i = 0; i < 18; i++) /* stepping stones above the surface */
        stone(cv, rng, 3.0f, 6.0f, 255);
    wavelets(cv, rng, 30, 90);
}

static void tex_wall(art_canvas *cv, dice_rng *rng)
{
    fill_ground(cv, art_rgb(70, 64, 56), art_rgb(90, 84, 74), 4, 2, 111u, 0.1f);
    const float h = 16.0f;
    for (int row = 0; row < 8; row++) {
        float x = art_rand(rng, 0, 24), end = x + TEX;
        while (x < end - 1.0f) {
            float w = art_rand(rng, 14, 30);
            if (end - (x + w) < 12.0f)
                w = end - x;
            float y = (float)row * h;
            art_rgba c = jitter(rng, art_rgb(168, 160, 146), 0.14f);
            art_rect(cv, x + 1.2f, y + 1.2f, x + w - 1.2f, y + h - 1.2f, 3,
                     art_radial(art_shade(c, 1.18f), art_shade(c, 0.72f), x + w * 0.3f,
                                y + h * 0.3f, w * 0.9f));
            x += w;
        }
    }
}

static void tex_hedge(art_canvas *cv, dice_rng *rng)
{
    fill_ground(cv, art_rgb(22, 40, 18), art_rgb(36, 58, 26), 4, 3, 121u, 0.1f);
    for (int i = 0; i < 170; i++) {
        float x = art_rand(rng, 0, TEX), y = art_rand(rng, 0, TEX), r = art_rand(rng, 3.5f, 7);
        art_rgba c = jitter(rng, i % 5 ? art_rgb(56, 96, 40) : art_rgb(84, 118, 48), 0.18f);
        art_circle(cv, x + 1.2f, y + 1.5f, r, art_solid(art_rgba8(0, 0, 0, 70)));
        art_circle(cv, x, y, r,
                   art_radial(art_shade(c, 1.3f), art_shade(c, 0.65f), x - r * 0.4f, y - r * 0.45f,
                              r * 1.5f));
    }
    for (int i = 0; i < 24; i++) {
        float x = art_rand(rng, 0, TEX), y = art_rand(rng, 0, TEX);
        art_circle(cv, x, y, 1.0f, art_solid(art_rgb(236, 230, 200)));
    }
}

static art_rgba dunes_at(float x, float y, void *ctx)
{
    (void)ctx;
    float big = art_fbm(x, y, 2, 4, TEX, 131u);
    float warp = 0.35f * art_sin(2 * ART_PI * x / TEX) + 1.2f * art_fbm(x, y, 3, 2, TEX, 137u);
    float phase = 9.0f * y / TEX + warp; /* 9 ripples per tile */
    float f = phase - floorf(phase);
    /* an asymmetric ripple: a long lit slope and a short shaded lee side */
    float ripple = f < 0.75f ? f / 0.75f : (1.0f - f) / 0.25f;
    art_rgba c = art_mix(art_rgb(204, 172, 118), art_rgb(234, 208, 158), big);
    float k = 0.92f + 0.12f * ripple + 0.03f * (art_hash((int)x, (int)y, 139u) - 0.5f);
    return art_shade(c, k);
}

static void tex_dunes(art_canvas *cv, dice_rng *rng)
{
    (void)rng;
    art_fill_fn(cv, dunes_at, NULL);
}

/* Thatch (palm or grass roofs of small buildings): straw laid in courses down the slope. */
static void tex_thatch(art_canvas *cv, dice_rng *rng)
{
    fill_ground(cv, art_rgb(120, 96, 52), art_rgb(150, 122, 68), 4, 3, 141u, 0.06f);
    /* straws first, then every course's shadow, so the cyclic overlap is the same at the seam */
    for (int course = 0; course < 8; course++) {
        float y0 = 16.0f * (float)course + 8;
        for (int i = 0; i < 150; i++) {
            float x = art_rand(rng, 0, TEX), y = y0 + art_rand(rng, -2, 12);
            float l = art_rand(rng, 8, 16), a = art_rand(rng, -0.12f, 0.12f);
            art_rgba c = jitter(rng, i % 3 ? art_rgb(196, 164, 96) : art_rgb(150, 118, 64), 0.15f);
            art_line(cv, x, y, x + l * art_sin(a), y + l * art_cos(a), art_rand(rng, 0.8f, 1.3f),
                     art_solid(c));
        }
    }
    for (int course = 0; course < 8; course++) {
        float y0 = 16.0f * (float)course + 8;
        art_rect(cv, -2, y0 + 13.5f, TEX + 2, y0 + 16.5f, 1.5f,
                 art_solid(art_rgba8(60, 40, 16, 110)));
    }
}

static void tex_stream(art_canvas *cv, dice_rng *rng)
{
    water w = {art_rgb(46, 90, 118), art_rgb(78, 132, 156), 151u};
    art_fill_fn(cv, water_at, &w);
    for (int i = 0; i < 10; i++)
        stone(cv, rng, 1.5f, 3.5f, 150);
    wavelets(cv, rng, 60, 95);
}

/* A high wall: big dressed blocks in regular courses, pale and weathered. */
static void tex_high_wall(art_canvas *cv, dice_rng *rng)
{
    fill_ground(cv, art_rgb(80, 74, 64), art_rgb(96, 90, 78), 4, 2, 161u, 0.1f);
    for (int row = 0; row < 8; row++)
        for (int col = 0; col < 4; col++) {
            float x = 32.0f * (float)col + (row % 2 ? 16.0f : 0.0f) + 6.0f,
                  y = 16.0f * (float)row + 8;
            art_rgba c = jitter(rng, art_rgb(206, 196, 172), 0.08f);
            art_rect(cv, x + 1, y + 1, x + 31, y + 15, 1.5f,
                     art_linear(art_shade(c, 1.12f), x, y, art_shade(c, 0.82f), x + 20, y + 16));
            for (int k = 0; k < 3; k++) { /* weathering */
                float px = x + art_rand(rng, 4, 28), py = y + art_rand(rng, 3, 13);
                art_circle(cv, px, py, art_rand(rng, 1, 2.5f),
                           art_solid(art_rgba8(110, 100, 80, 60)));
            }
        }
}

/* A fence: boards with grain, nailed, seams at random places. */
static void tex_fence(art_canvas *cv, dice_rng *rng)
{
    fill_ground(cv, art_rgb(40, 30, 20), art_rgb(52, 40, 26), 4, 2, 171u, 0.0f);
    for (int row = 0; row < 8; row++) {
        float y = 16.0f * (float)row + 8, x = art_rand(rng, 0, 40), end = x + TEX;
        while (x < end - 1.0f) {
            float w = art_rand(rng, 40, 70);
            if (end - (x + w) < 30.0f)
                w = end - x;
            art_rgba c = jitter(rng, art_rgb(150, 110, 70), 0.12f);
            art_rect(cv, x + 0.8f, y + 1.2f, x + w - 0.8f, y + 14.8f, 1.5f,
                     art_linear(art_shade(c, 1.15f), x, y, art_shade(c, 0.8f), x, y + 16));
            for (int g = 0; g < 3; g++) { /* grain */
                float gy = y + 4.0f + 3.5f * (float)g + art_rand(rng, -0.8f, 0.8f);
                float v[12];
                for (int k = 0; k < 6; k++) {
                    v[2 * k] = x + 2 + (w - 4) * (float)k / 5.0f;
                    v[2 * k + 1] = gy + art_rand(rng, -0.7f, 0.7f);
                }
                art_polyline(cv, v, 6, 0.7f, art_solid(art_rgba8(80, 52, 28, 120)));
            }
            art_circle(cv, x + 3, y + 8, 0.9f, art_solid(art_rgb(50, 46, 44)));
            art_circle(cv, x + w - 3, y + 8, 0.9f, art_solid(art_rgb(50, 46, 44)));
            x += w;
        }
    }
}

typedef struct swamp_ctx {
    uint32_t seed;
} swamp_ctx;

static art_rgba swamp_at(float x, float y, void *ctx)
{
    const swamp_ctx *s = ctx;
    float n = art_fbm(x, y, 4, 4, TEX, s->seed);
    float land = art_smooth(0.5f, 0.56f, n);
    art_rgba water_c =
        art_mix(art_rgb(52, 62, 44), art_rgb(74, 84, 56), art_fbm(x, y, 8, 2, TEX, s->seed + 1u));
    art_rgba mud = art_mix(art_rgb(86, 92, 48), art_rgb(112, 118, 60),
                           art_fbm(x, y, 16, 2, TEX, s->seed + 2u));
    return art_mix(water_c, mud, land);
}

static void tex_swamp(art_canvas *cv, dice_rng *rng)
{
    swamp_ctx s = {181u};
    art_fill_fn(cv, swamp_at, &s);
    for (int i = 0; i < 36; i++) { /* reed tufts */
        float x = art_rand(rng, 0, TEX), y = art_rand(rng, 0, TEX);
        for (int k = 0; k < 7; k++) {
            float a = art_rand(rng, 0, 2 * ART_PI), l = art_rand(rng, 4, 8);
            art_line(cv, x, y, x + l * art_cos(a), y + l * art_sin(a), 0.9f,
                     art_solid(jitter(rng, art_rgb(150, 160, 80), 0.15f)));
        }
    }
    for (int i = 0; i < 14; i++) { /* lily pads */
        float x = art_rand(rng, 0, TEX), y = art_rand(rng, 0, TEX), r = art_rand(rng, 2, 3.5f);
        art_circle(cv, x, y, r, art_solid(art_rgb(70, 120, 56)));
        art_line(cv, x, y, x + r, y, 0.8f, art_solid(art_rgb(52, 62, 44)));
    }
}

/* Crops: rows of plants on furrowed earth, the rows across the tile. */
static void tex_crops(art_canvas *cv, dice_rng *rng)
{
    fill_ground(cv, art_rgb(110, 84, 54), art_rgb(136, 106, 70), 4, 3, 191u, 0.1f);
    for (int row = 0; row < 8; row++) {
        float y = 16.0f * (float)row + 8;
        art_rect(cv, -2, y + 5.5f, TEX + 2, y + 8.5f, 1.5f, art_solid(art_rgba8(70, 50, 30, 90)));
        for (int k = 0; k < 16; k++) {
            float x = 8.0f * (float)k + art_rand(rng, -1.5f, 1.5f), py = y + art_rand(rng, -1, 1);
            art_rgba c = jitter(rng, art_rgb(112, 150, 56), 0.15f);
            for (int l = 0; l < 5; l++) {
                float a = art_rand(rng, 0, 2 * ART_PI), len = art_rand(rng, 3, 5.5f);
                art_leaf(cv, x, py, x + len * art_cos(a), py + len * art_sin(a), 1.2f,
                         art_solid(art_shade(c, art_rand(rng, 0.85f, 1.15f))));
            }
        }
    }
}

/* In the order of the TEXTURES table below. */
static void (*const TEXTURE_DRAW[])(art_canvas *, dice_rng *) = {
    tex_clear,     tex_road,   tex_jungle,      tex_forest, tex_bamboo, tex_hill,   tex_town,
    tex_roof,      tex_thatch, tex_single_tree, tex_river,  tex_ford,   tex_stream, tex_wall,
    tex_high_wall, tex_hedge,  tex_fence,       tex_dunes,  tex_swamp,  tex_crops,
};

static void draw_texture(art_canvas *cv, int which)
{
    dice_rng rng;
    dice_seed_stream(&rng, 0x5A4D7AB1u, (uint64_t)which);
    TEXTURE_DRAW[which](cv, &rng);
}

/* Named after the built-in terrain types (assets/terrain.json): the renderer loads
 * terrain/<type name>.png for a terrain type. */
#define T(name, i, use)                                                                            \
    {                                                                                              \
        "terrain/" name, "texture", 128, 128, i, draw_texture, use                                 \
    }
static const art_asset TEXTURES[] = {
    T("clear", 0, "clear ground: the table cloth"),
    T("road", 1, "road or track: packed earth and gravel"),
    T("jungle", 2, "jungle: broad leaves and palm fronds"),
    T("forest", 3, "forest or wood: tree crowns"),
    T("thick_bamboo", 4, "thick bamboo: clumps of culms and leaves"),
    T("hill", 5, "hill: dry grass and stones"),
    T("town", 6, "town ground: cobbles"),
    T("building", 7, "building: roof tiles"),
    T("small_building", 8, "small building: thatched roof"),
    T("single_tree", 9, "single tree: one crown over grass"),
    T("river", 10, "river: deep water"),
    T("ford", 11, "ford: shallow water over gravel, stepping stones"),
    T("stream", 12, "stream: light water over pebbles"),
    T("wall", 13, "wall: stone courses from above"),
    T("high_wall", 14, "high wall: dressed blocks"),
    T("hedge", 15, "hedge: dense shrubs"),
    T("fence", 16, "fence: wooden boards"),
    T("dunes", 17, "dunes: rippled sand"),
    T("swamp", 18, "swamp: murky water, mud, reeds"),
    T("crops", 19, "crops: rows of plants on furrows"),
};
#undef T

const art_asset *art_textures_list(int *n)
{
    *n = (int)(sizeof TEXTURES / sizeof TEXTURES[0]);
    return TEXTURES;
}
