/* Commander pips badges: one small disc per commander, ringed in his side's colour. */
#include "ui/commander_pips.h"

#include <stdio.h>

#define PIPS_ITEMS_MAX 64

void ui_commander_pips_anchor(const render_camera *cam, const figure *f, float ui_scale,
                              vec2s *centre, float *radius)
{
    vec2s p = render_camera_to_px(cam, f->pos);
    float r = render_figure_radius_px(cam, f);
    *radius = 9.0f * ui_scale;
    /* Up and to the right of the base, clear of it and of its facing tick. */
    centre->x = p.x + 0.75f * r + *radius;
    centre->y = p.y - 0.75f * r - *radius;
}

void ui_commander_pips_draw(render_ctx *ctx, const render_camera *cam, const game *g,
                            side_id viewer)
{
    rules_driver_item items[PIPS_ITEMS_MAX];
    int n = game_driver(g, viewer, items, PIPS_ITEMS_MAX);
    const table *t = game_table(g);
    float k = render_ui_scale(ctx);
    for (int i = 0; i < n; i++) {
        const figure *f = table_figure_const(t, items[i].figure);
        if (items[i].kind != RULES_DRIVER_PIPS || !f || !table_figure_active(f) ||
            !game_visible(g, viewer, f->id))
            continue;
        vec2s c;
        float r;
        ui_commander_pips_anchor(cam, f, k, &c, &r);
        vec2s cm = render_camera_to_cm(cam, c);
        uint32_t ring = render_side_rgb(t, f->side) << 8 | (items[i].current ? 0xffu : 0x90u);
        render_marker_cm(ctx, cam, cm, r, 0x101010ff);
        render_marker_cm(ctx, cam, cm, r - 1.0f * k, ring);
        render_marker_cm(ctx, cam, cm, r - 3.0f * k, items[i].current ? 0x1c2230f0 : 0x1c2230a0);
        char text[16];
        if (items[i].value == 0 && items[i].extra == 0)
            snprintf(text, sizeof text, "-");
        else
            snprintf(text, sizeof text, "%d", items[i].value);
        int tw, th;
        render_text_size(ctx, text, 11, &tw, &th);
        render_text(ctx, c.x, c.y - (float)th / 2, text, 11,
                    items[i].current ? 0xffe14aff : 0xb8bcc4ff, RENDER_ALIGN_CENTRE);
    }
}
