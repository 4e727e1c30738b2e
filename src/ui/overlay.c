#include "ui/overlay.h"

#include <math.h>
#include <stdio.h>

void ui_overlay_arc(render_ctx *ctx, const render_camera *cam, const figure *f, float half_angle,
                    float range_cm, uint32_t rgb)
{
    render_sector_cm(ctx, cam, f->pos, range_cm, f->facing - half_angle, f->facing + half_angle,
                     rgb << 8 | 0x38, rgb << 8 | 0xb0);
}

void ui_overlay_round_arc(render_ctx *ctx, const render_camera *cam, vec2s c, float range_cm,
                          float table_w_cm, float table_h_cm, uint32_t rgb)
{
    /* A ring of points cut to the table (a convex rectangle, so clamping each point is the
     * exact cut), filled from the centre, outlined point to point: no radial seam. */
    enum { N = 96 };
    vec2s ring[N];
    for (int i = 0; i < N; i++) {
        float a = (float)i * 6.2831853f / N;
        vec2s p = {{c.x + cosf(a) * range_cm, c.y + sinf(a) * range_cm}};
        p.x = p.x < 0 ? 0 : p.x > table_w_cm ? table_w_cm : p.x;
        p.y = p.y < 0 ? 0 : p.y > table_h_cm ? table_h_cm : p.y;
        ring[i] = p;
    }
    render_fan_cm(ctx, cam, c, ring, N, rgb << 8 | 0x38);
    for (int i = 0; i < N; i++)
        render_line_cm(ctx, cam, ring[i], ring[(i + 1) % N], 1.5f, rgb << 8 | 0xb0);
}

void ui_overlay_semicircle(render_ctx *ctx, const render_camera *cam, vec2s centre, float facing,
                           float r_cm)
{
    /* The curved side faces away from the firer. */
    render_sector_cm(ctx, cam, centre, r_cm, facing - 1.5707963f, facing + 1.5707963f,
                     UI_SEMICIRCLE_RGB << 8 | 0x60, UI_SEMICIRCLE_RGB << 8 | 0xff);
}

void ui_overlay_circle(render_ctx *ctx, const render_camera *cam, vec2s centre, float r_cm)
{
    render_sector_cm(ctx, cam, centre, r_cm, 0.0f, 6.2831853f, UI_BURST_RGB << 8 | 0x50,
                     UI_BURST_RGB << 8 | 0xff);
    render_marker_cm(ctx, cam, centre, 3.0f, UI_BURST_RGB << 8 | 0xff);
}

void ui_overlay_shot_line(render_ctx *ctx, const render_camera *cam, vec2s a, vec2s b, bool dashed)
{
    if (dashed)
        render_dashed_line_cm(ctx, cam, a, b, 2.5f, 7.0f, UI_BURST_RGB << 8 | 0xe0);
    else
        render_line_cm(ctx, cam, a, b, 3.0f, UI_BURST_RGB << 8 | 0xe0);
    render_marker_cm(ctx, cam, b, 2.5f, UI_BURST_RGB << 8 | 0xff);
}

void ui_overlay_los(render_ctx *ctx, const render_camera *cam, vec2s a, vec2s b, bool blocked,
                    vec2s block_at)
{
    if (!blocked) {
        render_line_cm(ctx, cam, a, b, 3.0f, UI_LOS_CLEAR_RGB << 8 | 0xff);
        return;
    }
    render_line_cm(ctx, cam, a, block_at, 3.0f, UI_LOS_BLOCKED_RGB << 8 | 0xff);
    render_dashed_line_cm(ctx, cam, block_at, b, 2.0f, 6.0f, UI_LOS_BLOCKED_RGB << 8 | 0x90);
    render_marker_cm(ctx, cam, block_at, 5.0f, 0xffffffff);
    render_marker_cm(ctx, cam, block_at, 3.0f, UI_LOS_BLOCKED_RGB << 8 | 0xff);
}

/* The right edge labels keep left of (the panels' left edge); 0: the view's. One screen draws
 * the table at a time, so a setting per frame is enough. */
static float label_right;

void ui_overlay_set_right(float right_px)
{
    label_right = right_px;
}

float ui_overlay_text_x(render_ctx *ctx, float x, const char *text, float size)
{
    int w, h, vw, vh;
    render_text_size(ctx, text, size, &w, &h);
    render_output_size(ctx, &vw, &vh);
    float right = label_right > 0 && label_right < (float)vw ? label_right : (float)vw;
    float k = render_ui_scale(ctx);
    if (x + (float)w + 6 * k > right)
        x = right - (float)w - 6 * k;
    return x < 4 * k ? 4 * k : x;
}

void ui_overlay_label(render_ctx *ctx, const render_camera *cam, vec2s at, const char *text,
                      uint32_t rgba)
{
    vec2s p = render_camera_to_px(cam, at);
    float k = render_ui_scale(ctx);
    int w, h;
    render_text_size(ctx, text, 12, &w, &h);
    float x = ui_overlay_text_x(ctx, p.x + 12 * k, text, 12), y = p.y - 24 * k;
    /* A dark plate keeps the reading legible over any terrain or zone colour. */
    render_rect(ctx, x - 4 * k, y - 2 * k, (float)w + 8 * k, (float)h + 4 * k, 0x101418d8);
    render_text(ctx, x, y, text, 12, rgba, RENDER_ALIGN_LEFT);
}

void ui_overlay_tape(render_ctx *ctx, const render_camera *cam, const vec2s *pts, int n,
                     render_units units)
{
    float total = 0;
    for (int i = 0; i + 1 < n; i++) {
        render_line_cm(ctx, cam, pts[i], pts[i + 1], 3.0f, 0x202020c0);
        render_dashed_line_cm(ctx, cam, pts[i], pts[i + 1], 2.0f, 8.0f, UI_TAPE_RGB << 8 | 0xff);
        total += glms_vec2_distance(pts[i], pts[i + 1]);
    }
    for (int i = 0; i < n; i++)
        render_marker_cm(ctx, cam, pts[i], 3.5f, UI_TAPE_RGB << 8 | 0xff);
    (void)total;
    (void)units;
}

void ui_overlay_path(render_ctx *ctx, const render_camera *cam, const vec2s *pts, int n, bool ok)
{
    uint32_t rgb = ok ? UI_PATH_OK_RGB : UI_PATH_BAD_RGB;
    for (int i = 0; i + 1 < n; i++) {
        render_line_cm(ctx, cam, pts[i], pts[i + 1], 4.0f, 0x101010a0);
        render_line_cm(ctx, cam, pts[i], pts[i + 1], 2.0f, rgb << 8 | 0xff);
    }
}
