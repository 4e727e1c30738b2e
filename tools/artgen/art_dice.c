/* Dice faces seen from above: d6 faces 1-6 and d10 faces 0-9, 48x48. Dice bodies are near white
 * and the pips and numerals black, so SDL_SetTextureColorMod tints a die without touching its
 * marks (a red die for hits, a side colour...). */
#include "artgen.h"

#define DIE  48.0f
#define BODY art_rgb(246, 242, 232)
#define PIP  art_rgb(24, 22, 22)

static void pip(art_canvas *cv, float x, float y)
{
    art_circle(cv, x + 0.5f, y + 0.6f, 4.3f, art_solid(art_rgba8(255, 255, 255, 160)));
    art_circle(cv, x, y, 4.2f, art_radial(art_rgb(70, 66, 64), PIP, x + 1.2f, y + 1.4f, 4.6f));
}

static void draw_d6(art_canvas *cv, int face)
{
    art_rect(cv, 5, 6, 45, 46, 9, art_solid(art_rgba8(0, 0, 0, 90))); /* shadow */
    art_rect(cv, 3, 3, 44, 44, 9, art_solid(art_rgb(120, 114, 104)));
    art_rect(cv, 4, 4, 43, 43, 8.4f,
             art_linear(art_rgb(255, 255, 252), 4, 4, art_rgb(206, 198, 184), 43, 43));
    art_rect(cv, 8, 8, 39, 39, 6, art_radial(art_rgb(255, 255, 255), BODY, 18, 16, 30));
    const float lo = 14.5f, mid = 23.5f, hi = 32.5f;
    bool c = face % 2 == 1;
    bool diag = face >= 2, anti = face >= 4, sides = face == 6;
    if (c)
        pip(cv, mid, mid);
    if (diag) {
        pip(cv, lo, lo);
        pip(cv, hi, hi);
    }
    if (anti) {
        pip(cv, hi, lo);
        pip(cv, lo, hi);
    }
    if (sides) {
        pip(cv, lo, mid);
        pip(cv, hi, mid);
    }
}

/* Digits as strokes in a 6x10 box; each digit is up to three polylines (x, y pairs). */
typedef struct glyph {
    int n[3];
    float p[3][28];
} glyph;

static void ellipse_pts(float *p, int *n, float cx, float cy, float rx, float ry, int steps)
{
    for (int i = 0; i <= steps; i++) {
        float a = 2.0f * ART_PI * (float)i / (float)steps;
        p[2 * i] = cx + rx * art_sin(a);
        p[2 * i + 1] = cy - ry * art_cos(a);
    }
    *n = steps + 1;
}

static glyph digit(int d)
{
    glyph g = {{0, 0, 0}, {{0}}};
    switch (d) {
    case 0:
        ellipse_pts(g.p[0], &g.n[0], 3, 5, 2.7f, 5, 12);
        break;
    case 1: {
        const float v[] = {1.0f, 2.2f, 3.4f, 0, 3.4f, 10};
        g.n[0] = 3;
        for (int i = 0; i < 6; i++)
            g.p[0][i] = v[i];
        break;
    }
    case 2: {
        const float v[] = {0.6f, 2.4f, 1.4f, 0.7f, 3.0f, 0,  4.6f, 0.7f,
                           5.4f, 2.4f, 4.9f, 4.4f, 0.4f, 10, 5.8f, 10};
        g.n[0] = 8;
        for (int i = 0; i < 16; i++)
            g.p[0][i] = v[i];
        break;
    }
    case 3: {
        const float a[] = {0.6f, 1.2f, 2.2f, 0,    4.2f, 0.2f, 5.3f,
                           1.6f, 5.0f, 3.4f, 3.4f, 4.7f, 2.2f, 4.8f};
        const float b[] = {3.4f, 4.7f, 5.1f, 5.8f, 5.6f, 7.6f, 4.8f,
                           9.4f, 3.0f, 10,   1.2f, 9.6f, 0.4f, 8.4f};
        g.n[0] = g.n[1] = 7;
        for (int i = 0; i < 14; i++) {
            g.p[0][i] = a[i];
            g.p[1][i] = b[i];
        }
        break;
    }
    case 4: {
        const float v[] = {4.2f, 10, 4.2f, 0, 0.2f, 7, 5.8f, 7};
        g.n[0] = 4;
        for (int i = 0; i < 8; i++)
            g.p[0][i] = v[i];
        break;
    }
    case 5: {
        const float v[] = {5.4f, 0,    1.0f, 0,    0.6f, 4.4f, 2.6f, 3.7f, 4.4f, 4.1f,
                           5.6f, 5.8f, 5.5f, 8.0f, 4.2f, 9.6f, 2.6f, 10,   0.5f, 9.0f};
        g.n[0] = 10;
        for (int i = 0; i < 20; i++)
            g.p[0][i] = v[i];
        break;
    }
    case 6: {
        const float v[] = {4.9f, 0.4f, 3.0f, 0, 1.3f, 0.9f, 0.4f, 3.5f, 0.4f, 7.0f};
        g.n[0] = 5;
        for (int i = 0; i < 10; i++)
            g.p[0][i] = v[i];
        ellipse_pts(g.p[1], &g.n[1], 3.0f, 7.3f, 2.6f, 2.7f, 12);
        break;
    }
    case 7: {
        const float v[] = {0.3f, 0, 5.7f, 0, 2.2f, 10};
        g.n[0] = 3;
        for (int i = 0; i < 6; i++)
            g.p[0][i] = v[i];
        break;
    }
    case 8:
        ellipse_pts(g.p[0], &g.n[0], 3, 2.5f, 2.3f, 2.5f, 12);
        ellipse_pts(g.p[1], &g.n[1], 3, 7.4f, 2.8f, 2.6f, 12);
        break;
    default: {
        ellipse_pts(g.p[0], &g.n[0], 3.0f, 2.7f, 2.6f, 2.7f, 12);
        const float v[] = {5.6f, 3.0f, 5.6f, 6.5f, 4.7f, 9.1f, 3.0f, 10, 1.1f, 9.6f};
        g.n[1] = 5;
        for (int i = 0; i < 10; i++)
            g.p[1][i] = v[i];
        break;
    }
    }
    return g;
}

/* Draws digit d with its box's top-left at (x, y), `s` pixels per unit. */
static void draw_digit(art_canvas *cv, int d, float x, float y, float s, float width, art_paint p)
{
    glyph g = digit(d);
    art_xform keep = cv->xf;
    art_translate(cv, x, y);
    art_scale(cv, s);
    for (int k = 0; k < 3; k++)
        if (g.n[k] > 1)
            art_polyline(cv, g.p[k], g.n[k], width / s, p);
    cv->xf = keep;
}

static void draw_d10(art_canvas *cv, int face)
{
    /* a kite face with the two neighbouring faces in shade at its sides */
    float shadow[8] = {25, 4, 46, 22, 25, 47, 4, 22};
    float left[8] = {24, 2, 24, 44, 3, 26, 3, 19};
    float right[8] = {24, 2, 45, 19, 45, 26, 24, 44};
    float kite[8] = {24, 2, 40, 21, 24, 44, 8, 21};
    art_polygon(cv, shadow, 4, art_solid(art_rgba8(0, 0, 0, 80)));
    art_polygon(cv, left, 4, art_solid(art_rgb(208, 200, 186)));
    art_polygon(cv, right, 4, art_solid(art_rgb(176, 168, 156)));
    art_polyline(cv, left, 4, 1.0f, art_solid(art_rgb(120, 114, 104)));
    art_polyline(cv, right, 4, 1.0f, art_solid(art_rgb(120, 114, 104)));
    art_polygon(cv, kite, 4, art_linear(art_rgb(255, 255, 255), 24, 2, BODY, 24, 44));
    float ring[10] = {24, 2, 40, 21, 24, 44, 8, 21, 24, 2};
    art_polyline(cv, ring, 5, 1.2f, art_solid(art_rgb(120, 114, 104)));
    draw_digit(cv, face, 19.0f, 13.0f, 1.65f, 2.6f, art_solid(PIP));
    if (face == 6 || face == 9)
        art_line(cv, 19.5f, 32.5f, 28.5f, 32.5f, 1.6f, art_solid(PIP));
}

static const art_asset DICE[] = {
    {"die_d6_1", "die", 48, 48, 1, draw_d6, "d6 face 1"},
    {"die_d6_2", "die", 48, 48, 2, draw_d6, "d6 face 2"},
    {"die_d6_3", "die", 48, 48, 3, draw_d6, "d6 face 3"},
    {"die_d6_4", "die", 48, 48, 4, draw_d6, "d6 face 4"},
    {"die_d6_5", "die", 48, 48, 5, draw_d6, "d6 face 5"},
    {"die_d6_6", "die", 48, 48, 6, draw_d6, "d6 face 6"},
    {"die_d10_0", "die", 48, 48, 0, draw_d10, "d10 face 0 (read as 10)"},
    {"die_d10_1", "die", 48, 48, 1, draw_d10, "d10 face 1"},
    {"die_d10_2", "die", 48, 48, 2, draw_d10, "d10 face 2"},
    {"die_d10_3", "die", 48, 48, 3, draw_d10, "d10 face 3"},
    {"die_d10_4", "die", 48, 48, 4, draw_d10, "d10 face 4"},
    {"die_d10_5", "die", 48, 48, 5, draw_d10, "d10 face 5"},
    {"die_d10_6", "die", 48, 48, 6, draw_d10, "d10 face 6 (underlined)"},
    {"die_d10_7", "die", 48, 48, 7, draw_d10, "d10 face 7"},
    {"die_d10_8", "die", 48, 48, 8, draw_d10, "d10 face 8"},
    {"die_d10_9", "die", 48, 48, 9, draw_d10, "d10 face 9 (underlined)"},
};

const art_asset *art_dice_list(int *n)
{
    *n = (int)(sizeof DICE / sizeof DICE[0]);
    return DICE;
}
