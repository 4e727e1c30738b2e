/* The preview image, drawn by the code `sandtable preview` uses, checked by pixels at known
 * table points of tests/ui/data/table_test.json. */
#include "render/raster.h"
#include "render/render.h"
#include "scenario/scenario.h"
#include "ui/preview.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <cmocka.h>

static scenario *load(void)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/tests/ui/data/table_test.json",
             getenv("SANDTABLE_SOURCE_DIR") ? getenv("SANDTABLE_SOURCE_DIR") : ".");
    scenario_error err;
    scenario *s = scenario_load_file(path, &err);
    if (!s) {
        char buf[1200];
        fprintf(stderr, "%s\n", scenario_error_format(&err, buf, sizeof buf));
    }
    return s;
}

static uint32_t at(render_ctx *ctx, const render_camera *cam, float x, float y)
{
    vec2s p = render_camera_to_px(cam, (vec2s){{x, y}});
    return render_read_pixel(ctx, (int)p.x, (int)p.y);
}

static bool near(uint32_t got, uint32_t want, int tol)
{
    for (int s = 0; s <= 16; s += 8) {
        int g = (int)((got >> s) & 0xff), w = (int)((want >> s) & 0xff);
        if (abs(g - w) > tol)
            return false;
    }
    return true;
}

static void test_preview_pixels_at_table_points(void **state)
{
    (void)state;
    scenario *s = load();
    assert_non_null(s);
    int w = 1000, h = ui_preview_height(s, w);
    float k = ui_preview_scale(w);
    char err[256];
    render_ctx *ctx = render_create_offscreen(w, h, &(render_desc){.ui_scale = k}, err, sizeof err);
    assert_non_null(ctx);
    ui_preview_draw(ctx, s, &(ui_preview_opts){.deployment = true});
    render_camera cam = ui_preview_camera(s, w, h, k);
    /* The table keeps its 3:2 aspect inside the image. */
    vec2s tl = render_camera_to_px(&cam, (vec2s){{0, 0}});
    vec2s br = render_camera_to_px(&cam, (vec2s){{120, 80}});
    assert_float_equal((br.x - tl.x) / (br.y - tl.y), 1.5, 1e-3);
    assert_true(br.x < w && br.y < h && tl.x > 0 && tl.y > 0);
    /* Figures in their side colours; Chief Rojo (60, 62) is red, Blue 1 (10, 70) blue. */
    assert_int_equal(at(ctx, &cam, 60, 62), 0xd03020);
    assert_int_equal(at(ctx, &cam, 10, 70), 0x2050d0);
    /* Inside the jungle, the jungle's colour (assets/terrain.json: #2f5e2a) give or take the
     * pattern; the hill likewise (#b09a62). */
    uint32_t jungle = at(ctx, &cam, 66, 25);
    assert_true(near(jungle, 0x2f5e2a, 40));
    assert_true(near(at(ctx, &cam, 96, 60), 0xb09a62, 40));
    /* The blue deployment zone tints the cloth blue-ish: more blue than the open cloth. */
    uint32_t zone = at(ctx, &cam, 35, 66), cloth = at(ctx, &cam, 35, 56);
    assert_true((zone & 0xff) > (cloth & 0xff) + 10);
    render_destroy(ctx);
    scenario_destroy(s);
}

typedef struct span_count {
    int rows, bad;
    int w, h;
} span_count;

static void count_span(void *ctx, int y, int x0, int x1)
{
    span_count *c = ctx;
    c->rows++;
    c->bad += y < 0 || y >= c->h || x0 < 0 || x1 > c->w || x0 >= x1;
}

/* Degenerate coordinates (issue 21: a 1e-40 cm table made infinite pixel coordinates, and the
 * scanline loop ran over 2^31 rows): the spans stay inside the target, one per row at most. */
static void test_raster_bounded_on_degenerate_points(void **state)
{
    (void)state;
    const float big = 1e30f, inf = INFINITY;
    const vec2s shapes[][3] = {
        {{{0, inf}}, {{10, inf}}, {{5, inf}}},       {{{0, -inf}}, {{10, inf}}, {{5, 0}}},
        {{{-big, -big}}, {{big, -big}}, {{0, big}}}, {{{NAN, NAN}}, {{10, 5}}, {{5, 40}}},
        {{{-inf, 10}}, {{inf, 10}}, {{0, 20}}},
    };
    for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
        span_count c = {.w = 64, .h = 48};
        raster_polygon_spans(shapes[k], 3, c.w, c.h, count_span, &c);
        assert_true(c.rows <= c.h);
        assert_int_equal(c.bad, 0);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_preview_pixels_at_table_points),
        cmocka_unit_test(test_raster_bounded_on_degenerate_points),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
