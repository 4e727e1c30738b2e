#include "art_sheet.h"

#include "core/mem.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <stb/stb_image_write.h>

#define SHEET_W     1040
#define SHEET_GAP   8
#define SHEET_ITEMS 128

typedef struct sheet_item {
    const char *kind;
    int w, h;     /* shown size */
    uint8_t *rgb; /* w*h*4, composited over nothing yet: straight RGBA, tint applied */
} sheet_item;

struct art_sheet {
    sheet_item items[SHEET_ITEMS];
    int count;
};

/* The two side colours of the sample tint. */
static const uint8_t SIDE[2][3] = {{178, 52, 44}, {52, 86, 180}};

art_sheet *art_sheet_create(void)
{
    return mem_calloc(1, sizeof(art_sheet));
}

void art_sheet_destroy(art_sheet *s)
{
    if (!s)
        return;
    for (int i = 0; i < s->count; i++)
        free(s->items[i].rgb);
    free(s);
}

/* The mask, multiplied by the side colour, laid over the image (as the front end does). */
static void apply_tint(uint8_t *px, const uint8_t *tint, int n, const uint8_t *side)
{
    for (int i = 0; i < n; i++) {
        const uint8_t *t = &tint[i * 4];
        uint8_t *p = &px[i * 4];
        int ta = t[3];
        for (int c = 0; c < 3; c++) {
            int tinted = t[c] * side[c] / 255;
            p[c] = (uint8_t)((tinted * ta + p[c] * (255 - ta) + 127) / 255);
        }
    }
}

/* Halves an RGBA image with a 2x2 box filter on premultiplied values. */
static uint8_t *halve(const uint8_t *src, int w, int h)
{
    int hw = w / 2, hh = h / 2;
    uint8_t *out = mem_calloc((size_t)hw * (size_t)hh * 4u, 1);
    for (int y = 0; y < hh; y++)
        for (int x = 0; x < hw; x++) {
            int sum[4] = {0, 0, 0, 0};
            for (int k = 0; k < 4; k++) {
                const uint8_t *p =
                    &src[((size_t)(2 * y + k / 2) * (size_t)w + (size_t)(2 * x + k % 2)) * 4];
                for (int c = 0; c < 3; c++)
                    sum[c] += p[c] * p[3];
                sum[3] += p[3];
            }
            uint8_t *o = &out[((size_t)y * (size_t)hw + (size_t)x) * 4];
            o[3] = (uint8_t)((sum[3] + 2) / 4);
            for (int c = 0; c < 3 && sum[3] > 0; c++)
                o[c] = (uint8_t)((sum[c] + sum[3] / 2) / sum[3]);
        }
    return out;
}

void art_sheet_add(art_sheet *s, const art_asset *a, const uint8_t *rgba, const uint8_t *tint)
{
    if (s->count == SHEET_ITEMS)
        return;
    size_t n = (size_t)a->w * (size_t)a->h;
    uint8_t *px = mem_dup(rgba, n * 4u, 1);
    if (tint)
        apply_tint(px, tint, (int)n, SIDE[s->count % 2]);
    sheet_item *it = &s->items[s->count++];
    it->kind = a->kind;
    it->w = a->w;
    it->h = a->h;
    it->rgb = px;
    bool half = strcmp(a->kind, "card") == 0 || strcmp(a->kind, "texture") == 0;
    if (half) {
        it->rgb = halve(px, a->w, a->h);
        it->w = a->w / 2;
        it->h = a->h / 2;
        free(px);
    }
}

static void blit(uint8_t *dst, int dw, int dh, const sheet_item *it, int x0, int y0)
{
    for (int y = 0; y < it->h && y0 + y < dh; y++)
        for (int x = 0; x < it->w && x0 + x < dw; x++) {
            const uint8_t *p = &it->rgb[((size_t)y * (size_t)it->w + (size_t)x) * 4];
            uint8_t *d = &dst[((size_t)(y0 + y) * (size_t)dw + (size_t)(x0 + x)) * 4];
            for (int c = 0; c < 3; c++)
                d[c] = (uint8_t)((p[c] * p[3] + d[c] * (255 - p[3]) + 127) / 255);
        }
}

/* Flow layout: left to right, a new row when the width is used up or the kind changes.
 * Returns the height; fills xs/ys. */
static int layout(const art_sheet *s, int *xs, int *ys)
{
    int x = SHEET_GAP, y = SHEET_GAP, row_h = 0;
    for (int i = 0; i < s->count; i++) {
        const sheet_item *it = &s->items[i];
        bool new_kind = i > 0 && strcmp(it->kind, s->items[i - 1].kind) != 0;
        if (x + it->w + SHEET_GAP > SHEET_W || new_kind) {
            x = SHEET_GAP;
            y += row_h + SHEET_GAP;
            row_h = 0;
        }
        xs[i] = x;
        ys[i] = y;
        x += it->w + SHEET_GAP;
        row_h = it->h > row_h ? it->h : row_h;
    }
    return y + row_h + SHEET_GAP;
}

int art_sheet_write(const art_sheet *s, const char *path)
{
    int xs[SHEET_ITEMS], ys[SHEET_ITEMS];
    int h = layout(s, xs, ys);
    uint8_t *img = mem_calloc((size_t)SHEET_W * (size_t)h * 4u, 1);
    for (size_t i = 0; i < (size_t)SHEET_W * (size_t)h; i++) {
        img[i * 4] = 92;
        img[i * 4 + 1] = 104;
        img[i * 4 + 2] = 84;
        img[i * 4 + 3] = 255;
    }
    for (int i = 0; i < s->count; i++)
        blit(img, SHEET_W, h, &s->items[i], xs[i], ys[i]);
    int ok = stbi_write_png(path, SHEET_W, h, 4, img, SHEET_W * 4);
    free(img);
    if (!ok) {
        fprintf(stderr, "artgen: cannot write %s\n", path);
        return -1;
    }
    return 0;
}
