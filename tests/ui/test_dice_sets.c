/* The dice tray groups successes in sets where a rule set counts them so (RULES_TAG_PER_RESULT:
 * Colonial Wargames Rules' long-range fire, a casualty per pair of 6s), offscreen by pixels:
 * ten dice with five 6s show two pairs, each pair joined by one bar under it, the odd 6 and the
 * misses with none. A throw without the note has no bars. Percentage dice (RULES_TAG_PERCENTILE,
 * cr15's test under fire): both D10 shown in throw order, the tens first, read as one number
 * against the need. */
#include "render/render.h"
#include "ui/dice_tray.h"

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#define W 640
#define H 400

static bool near_rgb(uint32_t a, uint32_t b, int tol)
{
    for (int s = 0; s < 24; s += 8)
        if (abs((int)((a >> s) & 0xff) - (int)((b >> s) & 0xff)) > tol)
            return false;
    return true;
}

/* Bar pixels in the band just under die d, between x0 and x1. */
static int bar_pixels(render_ctx *ctx, const ui_dice_die *d, float x0, float x1)
{
    int n = 0;
    for (int y = (int)(d->cy + d->size / 2 + 1); y <= (int)(d->cy + d->size / 2 + 9); y++)
        for (int x = (int)x0; x <= (int)x1; x++)
            n += near_rgb(render_read_pixel(ctx, x, y), UI_DICE_SET_RGB, 10);
    return n;
}

static int throw_of(rules_event *ev, bool per)
{
    static const int faces[10] = {6, 2, 6, 6, 1, 6, 3, 5, 6, 4};
    int n = 0;
    for (int i = 0; i < 10; i++)
        ev[n++] = (rules_event){.kind = RULES_EV_DIE,
                                .sides = 6,
                                .value = faces[i],
                                .need = 6,
                                .group = 1,
                                .success = faces[i] == 6,
                                .tag = "long_range"};
    if (per) {
        ev[n] = (rules_event){.kind = RULES_EV_NOTE, .group = 1, .value = 2};
        snprintf(ev[n].tag, sizeof ev[n].tag, "%s", RULES_TAG_PER_RESULT);
        n++;
    }
    return n;
}

static void test_pairs(void **state)
{
    (void)state;
    char err[256];
    render_ctx *ctx = render_create_offscreen(W, H, &(render_desc){0}, err, sizeof err);
    assert_non_null(ctx);
    for (int per = 1; per >= 0; per--) {
        rules_event ev[16];
        int n = throw_of(ev, per);
        ui_dice_tray *t = calloc(1, sizeof *t);
        assert_int_equal(ui_dice_tray_show(t, ev, n, "Fire", NULL, 0, 0), 1);
        render_begin(ctx);
        assert_true(ui_dice_tray_draw(t, ctx, 0, 10, H - 10, 420, H - 20) > 0);
        if (per && getenv("DICE_SETS_PNG"))
            render_write_png(ctx, getenv("DICE_SETS_PNG"), err, sizeof err);
        const ui_dice_group *g = &t->groups[0];
        assert_int_equal(g->count, 10);
        assert_int_equal(g->successes, 5);
        assert_int_equal(g->per, per ? 2 : 0);
        const ui_dice_die *d = &t->dice[g->first];
        for (int i = 0; i < 10; i++) {
            bool paired = per && i < 4; /* sorted: the five 6s first, the fifth left over */
            int px = bar_pixels(ctx, &d[i], d[i].cx - d[i].size / 4, d[i].cx + d[i].size / 4);
            if (paired != (px > 0))
                fprintf(stderr, "die %d (face %d): %d bar pixels\n", i, d[i].value, px);
            assert_true(paired == (px > 0));
        }
        if (per) {
            assert_true(fabsf(d[1].cy - d[2].cy) < 1); /* one row here */
            /* each pair one bar: it joins 0 and 1, and stops between the pairs */
            assert_true(bar_pixels(ctx, &d[0], d[0].cx + d[0].size / 2 + 1,
                                   d[1].cx - d[1].size / 2 - 1) > 0);
            assert_int_equal(
                bar_pixels(ctx, &d[1], d[1].cx + d[1].size / 2 + 1, d[2].cx - d[2].size / 2 - 1),
                0);
        }
        free(t);
    }
    render_destroy(ctx);
}

static void test_percentage_dice(void **state)
{
    (void)state;
    char err[256];
    render_ctx *ctx = render_create_offscreen(W, H, &(render_desc){0}, err, sizeof err);
    assert_non_null(ctx);
    rules_event ev[3] = {
        {.kind = RULES_EV_DIE, .sides = 10, .value = 3, .group = 4, .tag = "morale"},
        {.kind = RULES_EV_DIE, .sides = 10, .value = 7, .group = 4, .tag = "morale"},
        {.kind = RULES_EV_NOTE, .group = 4, .value = 37, .need = 50, .success = false},
    };
    snprintf(ev[2].tag, sizeof ev[2].tag, "%s", RULES_TAG_PERCENTILE);
    ui_dice_tray *t = calloc(1, sizeof *t);
    assert_int_equal(ui_dice_tray_show(t, ev, 3, "Morale", NULL, 0, 0), 1);
    render_begin(ctx);
    assert_true(ui_dice_tray_draw(t, ctx, 0, 10, H - 10, 420, H - 20) > 0);
    if (getenv("DICE_PCT_PNG"))
        render_write_png(ctx, getenv("DICE_PCT_PNG"), err, sizeof err);
    const ui_dice_group *g = &t->groups[0];
    assert_true(g->percentile);
    assert_int_equal(g->count, 2);
    assert_int_equal(g->reading, 37);
    assert_int_equal(g->mark, 50);
    assert_false(g->mark_ok);
    /* not sorted by face: the tens die (3, shown "30") stays first, left of the ones */
    const ui_dice_die *d = &t->dice[g->first];
    assert_int_equal(d[0].value, 3);
    assert_int_equal(d[1].value, 7);
    assert_true(d[0].cx < d[1].cx);
    assert_non_null(strstr(g->title, "percentage dice 37, needing more than 50 - failed"));
    /* each die drawn with a face (ink on its body) */
    for (int i = 0; i < 2; i++) {
        int ink = 0;
        for (int y = (int)(d[i].cy - d[i].size / 3); y <= (int)(d[i].cy + d[i].size / 3); y++)
            for (int x = (int)(d[i].cx - d[i].size / 3); x <= (int)(d[i].cx + d[i].size / 3); x++)
                ink += near_rgb(render_read_pixel(ctx, x, y), UI_DICE_PIP_RGB, 40);
        assert_true(ink > 4);
    }
    free(t);
    render_destroy(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_pairs),
                                       cmocka_unit_test(test_percentage_dice)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
