#include "ui/preview.h"

#include "core/mem.h"
#include "rules/rules.h"
#include "ui/overlay.h"
#include "ui/tools.h"

#include <math.h>
#include <stdio.h>

#define HEADER_PX  64
#define SIDEBAR_PX 230
#define MARGIN_PX  24

float ui_preview_scale(int width)
{
    float s = (float)width / 1600.0f;
    return s < 0.5f ? 0.5f : s > 3.0f ? 3.0f : s;
}

static float table_width_px(int width)
{
    float s = ui_preview_scale(width);
    return (float)width - (SIDEBAR_PX + 2 * MARGIN_PX) * s;
}

int ui_preview_height(const scenario *s, int width)
{
    float k = ui_preview_scale(width);
    float th = table_width_px(width) * s->table->height_cm / s->table->width_cm;
    int h = (int)lroundf(th + (HEADER_PX + 2 * MARGIN_PX) * k);
    /* Room for the sidebar even on a long narrow table. */
    int min_h = (int)lroundf(420 * k);
    return h < min_h ? min_h : h;
}

render_camera ui_preview_camera(const scenario *s, int w, int h, float k)
{
    render_camera cam = {0};
    float tw = table_width_px(w), avail_h = (float)h - (HEADER_PX + 2 * MARGIN_PX) * k;
    float scale = fminf(tw / s->table->width_cm, avail_h / s->table->height_cm);
    cam.view_w = w;
    cam.view_h = h;
    cam.px_per_cm = cam.target_px_per_cm = scale;
    /* Place the table's top-left corner at (margin, header + margin). */
    float ox = MARGIN_PX * k, oy = (HEADER_PX + MARGIN_PX) * k;
    cam.centre_cm = (vec2s){{(w * 0.5f - ox) / scale, (h * 0.5f - oy) / scale}};
    cam.target_centre_cm = cam.centre_cm;
    return cam;
}

static void draw_header(render_ctx *ctx, const scenario *s)
{
    float k = render_ui_scale(ctx);
    int w, h;
    render_output_size(ctx, &w, &h);
    render_rect(ctx, 0, 0, (float)w, HEADER_PX * k, 0x15181cff);
    render_text(ctx, MARGIN_PX * k, 10 * k, s->title[0] ? s->title : "(untitled scenario)", 22,
                0xffffffff, RENDER_ALIGN_LEFT);
    /* The rule book by its name, as the start screen writes it; never the data id. */
    const rules_ops *ops = rules_find(s->ruleset);
    char sub[200];
    snprintf(sub, sizeof sub, "%.0f x %.0f cm (%.0f x %.0f in)  -  %s", (double)s->table->width_cm,
             (double)s->table->height_cm, (double)(s->table->width_cm / RENDER_CM_PER_INCH),
             (double)(s->table->height_cm / RENDER_CM_PER_INCH), ops ? ops->name : "rules unknown");
    render_text(ctx, MARGIN_PX * k, 40 * k, sub, 12, 0xb8c0ccff, RENDER_ALIGN_LEFT);
}

static int side_figures(const table *t, side_id sid)
{
    int n = 0;
    for (int i = 0; i < t->figure_count; i++)
        n += t->figures[i].side.id == sid.id;
    return n;
}

static float draw_sides(render_ctx *ctx, const table *t, float x, float y)
{
    float k = render_ui_scale(ctx), y0 = y;
    render_text(ctx, x, y, "Sides", 14, 0xffffffff, RENDER_ALIGN_LEFT);
    y += 24 * k;
    for (int i = 0; i < t->side_count; i++) {
        const side *sd = &t->sides[i];
        render_rect(ctx, x, y + 2 * k, 14 * k, 14 * k, render_side_rgb(t, sd->id) << 8 | 0xff);
        render_rect_outline(ctx, x, y + 2 * k, 14 * k, 14 * k, 0x000000ff);
        char line[96];
        snprintf(line, sizeof line, "%s (%d)", sd->name, side_figures(t, sd->id));
        render_text(ctx, x + 20 * k, y, line, 12, 0xe8e8e8ff, RENDER_ALIGN_LEFT);
        y += 20 * k;
    }
    return y - y0;
}

static void draw_sidebar(render_ctx *ctx, const scenario *s, const render_camera *cam)
{
    float k = render_ui_scale(ctx);
    int w, h;
    render_output_size(ctx, &w, &h);
    float x = (float)w - (SIDEBAR_PX + MARGIN_PX) * k + 12 * k;
    float y = (HEADER_PX + MARGIN_PX) * k;
    render_rect(ctx, x - 12 * k, y - 8 * k, SIDEBAR_PX * k, (float)h - y - MARGIN_PX * k + 8 * k,
                0x15181cff);
    y += draw_sides(ctx, s->table, x, y) + 14 * k;
    render_text(ctx, x, y, "Terrain", 14, 0xffffffff, RENDER_ALIGN_LEFT);
    y += 24 * k;
    y += render_terrain_legend(ctx, s->table, x, y) + 18 * k;
    render_text(ctx, x, y, "Scale", 14, 0xffffffff, RENDER_ALIGN_LEFT);
    y += 34 * k;
    render_scale_bar_both(ctx, cam, x, y);
}

static void draw_arcs(render_ctx *ctx, const render_camera *cam, const table *t)
{
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        if (!table_figure_active(f))
            continue;
        uint32_t rgb = render_side_rgb(t, f->side);
        ui_overlay_arc(ctx, cam, f, UI_OVERLAY_ARC_HALF_ANGLE, 15.0f, rgb);
    }
}

/* What the first active figure of each side can see, tinted by side. */
static void draw_sight(render_ctx *ctx, const render_camera *cam, const table *t)
{
    los_index *ix = los_create(t, NULL);
    ui_tools_sight sight;
    for (int s = 0; s < t->side_count; s++)
        for (int i = 0; i < t->figure_count; i++) {
            const figure *f = &t->figures[i];
            if (f->side.id != t->sides[s].id.id || !table_figure_active(f))
                continue;
            ui_tools_sight_compute(ix, t, i, &sight);
            uint32_t rgb = render_side_rgb(t, f->side);
            render_fan_cm(ctx, cam, sight.origin, sight.ring, UI_TOOLS_SIGHT_RAYS, rgb << 8 | 0x1c);
            for (int k = 0; k < UI_TOOLS_SIGHT_RAYS; k++)
                render_line_cm(ctx, cam, sight.ring[k], sight.ring[(k + 1) % UI_TOOLS_SIGHT_RAYS],
                               2.0f, rgb << 8 | 0xd0);
            break;
        }
    los_destroy(ix);
}

void ui_preview_draw(render_ctx *ctx, const scenario *s, const ui_preview_opts *opts)
{
    int w, h;
    render_output_size(ctx, &w, &h);
    render_camera cam = ui_preview_camera(s, w, h, render_ui_scale(ctx));
    render_zone *zones = mem_calloc((size_t)s->zone_count + 1, sizeof *zones);
    for (int i = 0; i < s->zone_count; i++)
        zones[i] = (render_zone){s->zones[i].side, s->zones[i].area.pts, s->zones[i].area.count};
    render_scene scene = {.table = s->table,
                          .zones = zones,
                          .zone_count = s->zone_count,
                          .show_deployment = opts->deployment,
                          .show_labels = opts->labels};
    render_begin(ctx);
    render_table_static(ctx, &cam, &scene);
    if (opts->sight)
        draw_sight(ctx, &cam, s->table);
    if (opts->arcs)
        draw_arcs(ctx, &cam, s->table);
    render_table_figures(ctx, &cam, &scene);
    draw_header(ctx, s);
    draw_sidebar(ctx, s, &cam);
    free(zones);
}
