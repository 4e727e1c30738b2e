/* Overlays in table centimetres (tool lines, regions, arcs, templates) and the scale bar and
 * legend. Thick lines and fills are triangles through SDL_RenderGeometry. */
#include "render/render.h"

#include "render/raster.h"
#include "render/render_internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define PI_F 3.14159265358979f

static void quad_px(render_ctx *ctx, vec2s a, vec2s b, float width, uint32_t rgba)
{
    vec2s d = glms_vec2_sub(b, a);
    float len = glms_vec2_norm(d);
    if (len < 1e-3f)
        return;
    float hw = width * 0.5f;
    vec2s n = {{-d.y / len * hw, d.x / len * hw}};
    vec2s p[4] = {{{a.x + n.x, a.y + n.y}},
                  {{b.x + n.x, b.y + n.y}},
                  {{b.x - n.x, b.y - n.y}},
                  {{a.x - n.x, a.y - n.y}}};
    render_polygon_px(ctx, p, 4, rgba);
}

void render_line_cm(render_ctx *ctx, const render_camera *cam, vec2s a, vec2s b, float width_px,
                    uint32_t rgba)
{
    quad_px(ctx, render_camera_to_px(cam, a), render_camera_to_px(cam, b), width_px, rgba);
}

void render_dashed_line_cm(render_ctx *ctx, const render_camera *cam, vec2s a, vec2s b,
                           float width_px, float dash_px, uint32_t rgba)
{
    vec2s pa = render_camera_to_px(cam, a), pb = render_camera_to_px(cam, b);
    float len = glms_vec2_distance(pa, pb);
    if (len < 1e-3f || dash_px < 1)
        return;
    vec2s d = glms_vec2_scale(glms_vec2_sub(pb, pa), 1.0f / len);
    for (float s = 0; s < len; s += dash_px * 2) {
        float e = fminf(s + dash_px, len);
        quad_px(ctx, glms_vec2_add(pa, glms_vec2_scale(d, s)),
                glms_vec2_add(pa, glms_vec2_scale(d, e)), width_px, rgba);
    }
}

void render_polyline_cm(render_ctx *ctx, const render_camera *cam, const vec2s *pts, int n,
                        float width_px, uint32_t rgba)
{
    for (int i = 0; i + 1 < n; i++)
        render_line_cm(ctx, cam, pts[i], pts[i + 1], width_px, rgba);
}

/* Fills are horizontal runs (render_polygon_px): SDL's software renderer blends rectangles far
 * faster than it rasterises triangles, and offscreen the runs are blended directly. */
static void fill_polygon_px(render_ctx *ctx, const vec2s *pts, int n, uint32_t rgba)
{
    render_polygon_px(ctx, pts, n, rgba);
}

void render_fan_cm(render_ctx *ctx, const render_camera *cam, vec2s centre, const vec2s *ring,
                   int n, uint32_t fill_rgba)
{
    /* A star-shaped ring around `centre` is itself a simple polygon. */
    (void)centre;
    vec2s px[512];
    int k = n < 512 ? n : 512;
    for (int i = 0; i < k; i++)
        px[i] = render_camera_to_px(cam, ring[i]);
    fill_polygon_px(ctx, px, k, fill_rgba);
}

static int arc_steps(const render_camera *cam, float r_cm, float sweep)
{
    int n = (int)(fabsf(sweep) * r_cm * cam->px_per_cm / 6.0f);
    return n < 8 ? 8 : n > 180 ? 180 : n;
}

void render_circle_cm(render_ctx *ctx, const render_camera *cam, vec2s c, float r_cm,
                      float width_px, uint32_t rgba)
{
    int n = arc_steps(cam, r_cm, 2 * PI_F);
    vec2s prev = {{c.x + r_cm, c.y}};
    for (int i = 1; i <= n; i++) {
        float a = 2 * PI_F * (float)i / (float)n;
        vec2s p = {{c.x + r_cm * cosf(a), c.y + r_cm * sinf(a)}};
        render_line_cm(ctx, cam, prev, p, width_px, rgba);
        prev = p;
    }
}

void render_sector_cm(render_ctx *ctx, const render_camera *cam, vec2s c, float r_cm, float a0,
                      float a1, uint32_t fill_rgba, uint32_t outline_rgba)
{
    int n = arc_steps(cam, r_cm, a1 - a0);
    vec2s ring[181];
    for (int i = 0; i <= n; i++) {
        float a = a0 + (a1 - a0) * (float)i / (float)n;
        ring[i] = (vec2s){{c.x + r_cm * cosf(a), c.y + r_cm * sinf(a)}};
    }
    vec2s px[182];
    px[0] = render_camera_to_px(cam, c);
    for (int i = 0; i <= n; i++)
        px[i + 1] = render_camera_to_px(cam, ring[i]);
    if (fill_rgba & 0xff)
        fill_polygon_px(ctx, px, n + 2, fill_rgba);
    if (outline_rgba & 0xff) {
        render_polyline_cm(ctx, cam, ring, n + 1, 2.0f, outline_rgba);
        render_line_cm(ctx, cam, c, ring[0], 2.0f, outline_rgba);
        render_line_cm(ctx, cam, c, ring[n], 2.0f, outline_rgba);
    }
}

void render_marker_cm(render_ctx *ctx, const render_camera *cam, vec2s p, float r_px, uint32_t rgba)
{
    vec2s c = render_camera_to_px(cam, p);
    int r = (int)lroundf(r_px);
    const render_bitmap *bm = render_disc(ctx, rgba, r, 0);
    if (bm)
        render_bitmap_draw(ctx, bm, (int)lroundf(c.x) - bm->w / 2, (int)lroundf(c.y) - bm->h / 2);
}

/* ---- scale bar and legend ------------------------------------------------------------------ */

/* The largest "nice" length (1, 2, 5 x 10^k units) that fits in max_px. */
static float nice_length(float max_units)
{
    float p = powf(10.0f, floorf(log10f(max_units)));
    float best = p;
    static const float steps[] = {1, 2, 5, 10};
    for (int i = 0; i < 4; i++)
        if (steps[i] * p <= max_units)
            best = steps[i] * p;
    return best;
}

static float bar(render_ctx *ctx, const render_camera *cam, float x, float y, float unit_cm,
                 const char *unit_name)
{
    float s = ctx->ui_scale;
    float len_units = nice_length(160 * s / (cam->px_per_cm * unit_cm));
    float len_px = len_units * unit_cm * cam->px_per_cm;
    float h = 6 * s;
    render_rect(ctx, x - 1, y - h - 1, len_px + 2, h + 2, 0x101010ff);
    for (int i = 0; i < 4; i++)
        render_rect(ctx, x + len_px * (float)i / 4, y - h, len_px / 4, h,
                    i % 2 ? 0x202020ff : 0xf0f0f0ff);
    char label[32];
    snprintf(label, sizeof label, "%g %s", (double)len_units, unit_name);
    render_text_outlined(ctx, x + len_px + 6 * s, y - h - 5 * s, label, 11, 0xffffffff,
                         RENDER_ALIGN_LEFT);
    return h + 10 * s;
}

void render_scale_bar(render_ctx *ctx, const render_camera *cam, float x, float y,
                      render_units units)
{
    if (units == RENDER_UNITS_INCH)
        bar(ctx, cam, x, y, RENDER_CM_PER_INCH, "in");
    else
        bar(ctx, cam, x, y, 1.0f, "cm");
}

float render_scale_bar_both(render_ctx *ctx, const render_camera *cam, float x, float y)
{
    float h = bar(ctx, cam, x, y, 1.0f, "cm");
    h += bar(ctx, cam, x, y + h + 4 * ctx->ui_scale, RENDER_CM_PER_INCH, "in");
    return h;
}

static bool type_used(const table *t, int type)
{
    for (int i = 0; i < t->feature_count; i++)
        if (t->features[i].type == type)
            return true;
    return false;
}

float render_terrain_legend(render_ctx *ctx, const table *t, float x, float y)
{
    float s = ctx->ui_scale, row = 18 * s, y0 = y;
    for (int i = 0; i < t->type_count; i++) {
        if (!type_used(t, i))
            continue;
        const terrain_type *ty = &t->types[i];
        render_rect(ctx, x, y + 2 * s, 14 * s, 12 * s, ty->colour << 8 | 0xff);
        render_rect_outline(ctx, x, y + 2 * s, 14 * s, 12 * s, 0x101010ff);
        char words[TABLE_NAME_MAX];
        render_text(ctx, x + 20 * s, y, table_key_words(ty->name, true, words, sizeof words), 11,
                    0xe8e8e8ff, RENDER_ALIGN_LEFT);
        y += row;
    }
    return y - y0;
}
