/* Bases touch but never overlap: the contact tolerance, the blocker, the free spot search, the
 * path stop and the overlap oracle, on round bases and rectangular stands. */
#include "core/place.h"

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

static const geom_base ROUND = {.kind = GEOM_BASE_ROUND, .radius_cm = 1.25f};
static const geom_base STAND = {.kind = GEOM_BASE_RECT, .frontage_cm = 10.0f, .depth_cm = 5.0f};

static table *make_table(void)
{
    table *t = table_create(&(table_desc){.width_cm = 100, .height_cm = 60});
    side_id s = table_add_side(t, &(side){.name = "Spain"});
    unit_id u = table_add_unit(t, &(unit){.name = "1st platoon", .side = s});
    table_add_figure(t, &(figure){.side = s, .unit = u, .base = ROUND, .pos = {{50, 30}}});
    table_add_figure(t, &(figure){.side = s, .unit = u, .base = ROUND, .pos = {{10, 10}}});
    return t;
}

static void test_contact_is_not_overlap(void **state)
{
    (void)state;
    geom_placed_base a = {ROUND, {{0, 0}}, 0}, b = {ROUND, {{2.5f, 0}}, 0};
    assert_false(place_bases_overlap(&a, &b)); /* edge to edge */
    b.pos.x = 2.5f - 0.5f * PLACE_CONTACT_CM;  /* within the tolerance */
    assert_false(place_bases_overlap(&a, &b));
    b.pos.x = 2.45f; /* 0.05 cm into the other base */
    assert_true(place_bases_overlap(&a, &b));
    b.pos.x = 0; /* stacked */
    assert_true(place_bases_overlap(&a, &b));

    geom_placed_base s1 = {STAND, {{0, 0}}, 0}, s2 = {STAND, {{5.0f, 0}}, 0};
    assert_false(place_bases_overlap(&s1, &s2)); /* depth 5 along x: back to front */
    s2.pos.x = 4.9f;
    assert_true(place_bases_overlap(&s1, &s2));
    s2.pos = (vec2s){{1, 1}}; /* inside */
    assert_true(place_bases_overlap(&s1, &s2));
    geom_placed_base r = {ROUND, {{2.5f + 1.25f, 0}}, 0}; /* touching the stand's front edge */
    assert_false(place_bases_overlap(&s1, &r));
    r.pos.x = 3.6f;
    assert_true(place_bases_overlap(&s1, &r));
}

static void test_blocker_names_the_base_in_the_way(void **state)
{
    (void)state;
    table *t = make_table();
    figure_id mover = {2};
    assert_int_equal(place_blocker(t, mover, (vec2s){{51, 30}}, 0, NULL, 0).id, 1);
    assert_int_equal(place_blocker(t, mover, (vec2s){{52.5f, 30}}, 0, NULL, 0).id, 0);
    assert_int_equal(place_blocker(t, mover, (vec2s){{51, 30}}, 0, &(figure_id){1}, 1).id, 0);
    table_figure(t, (figure_id){1})->status |= FIGURE_STATUS_DEAD; /* the dead do not block */
    assert_int_equal(place_blocker(t, mover, (vec2s){{51, 30}}, 0, NULL, 0).id, 0);
    table_destroy(t);
}

static void test_free_near_finds_the_nearest_ring(void **state)
{
    (void)state;
    table *t = make_table();
    vec2s out;
    assert_true(
        place_free_near(t, (figure_id){2}, (vec2s){{50, 30}}, 0, NULL, 0, 10, NULL, NULL, &out));
    double d = hypot(out.x - 50, out.y - 30);
    assert_true(d >= 2.5 - PLACE_CONTACT_CM && d <= 2.5 + 0.32); /* the first free ring */
    assert_int_equal(place_blocker(t, (figure_id){2}, out, 0, NULL, 0).id, 0);
    /* Too little room to shift: refused, *out left at the wish. */
    assert_false(
        place_free_near(t, (figure_id){2}, (vec2s){{50, 30}}, 0, NULL, 0, 1.0f, NULL, NULL, &out));
    assert_true(out.x == 50 && out.y == 30);
    /* Off the table edge is not a spot. */
    assert_true(
        place_free_near(t, (figure_id){2}, (vec2s){{0.2f, 30}}, 0, NULL, 0, 5, NULL, NULL, &out));
    assert_true(out.x >= 1.25f - PLACE_CONTACT_CM);
    table_destroy(t);
}

static void test_path_stops_at_contact(void **state)
{
    (void)state;
    table *t = make_table();
    vec2s out;
    float s =
        place_path_stop(t, (figure_id){2}, (vec2s){{40, 30}}, (vec2s){{60, 30}}, 0, NULL, 0, &out);
    assert_float_equal(s, 7.5f, 0.01f); /* stops edge to edge with figure 1 at x 47.5 */
    assert_float_equal(out.x, 47.5f, 0.01f);
    assert_int_equal(place_blocker(t, (figure_id){2}, out, 0, NULL, 0).id, 0);
    /* A path that clears it goes all the way. */
    s = place_path_stop(t, (figure_id){2}, (vec2s){{40, 20}}, (vec2s){{60, 20}}, 0, NULL, 0, &out);
    assert_float_equal(s, 20.0f, 1e-4f);
    /* Starting stacked on it: walks out. */
    s = place_path_stop(t, (figure_id){2}, (vec2s){{50, 30}}, (vec2s){{50, 40}}, 0, NULL, 0, &out);
    assert_float_equal(s, 10.0f, 1e-4f);
    table_destroy(t);
}

static void test_overlaps_lists_pairs(void **state)
{
    (void)state;
    table *t = make_table();
    assert_int_equal(place_overlaps(t, NULL, 0), 0);
    table_figure(t, (figure_id){2})->pos = (vec2s){{51, 30}};
    figure_id pairs[4][2];
    assert_int_equal(place_overlaps(t, pairs, 4), 1);
    assert_int_equal(pairs[0][0].id, 1);
    assert_int_equal(pairs[0][1].id, 2);
    table_destroy(t);
}

/* A crowded table of round bases and stands, some dead, some off the table's edge. */
static table *crowd(unsigned seed, int n)
{
    table *t = table_create(&(table_desc){.width_cm = 120, .height_cm = 80});
    side_id s = table_add_side(t, &(side){.name = "Spain"});
    unit_id u = table_add_unit(t, &(unit){.name = "1st platoon", .side = s});
    for (int i = 0; i < n; i++) {
        seed = seed * 1103515245u + 12345u;
        float x = (float)(seed >> 8 & 0xffff) / 65535.0f * 130.0f - 5.0f;
        seed = seed * 1103515245u + 12345u;
        float y = (float)(seed >> 8 & 0xffff) / 65535.0f * 90.0f - 5.0f;
        seed = seed * 1103515245u + 12345u;
        figure f = {.side = s,
                    .unit = u,
                    .base = (seed >> 9) % 3 ? ROUND : STAND,
                    .pos = {{x, y}},
                    .facing = (float)(seed >> 12 & 0xff) * 0.0245f};
        if ((seed >> 20) % 11 == 0)
            f.status |= FIGURE_STATUS_DEAD;
        table_add_figure(t, &f);
    }
    return t;
}

/* The old path stop: every sample tests every figure (place_blocker). */
static float path_stop_reference(const table *t, figure_id fig, vec2s from, vec2s to, float facing,
                                 vec2s *out)
{
    const figure *f = table_figure_const(t, fig);
    figure_id skip[512];
    int n = 0;
    geom_placed_base mine = {f->base, from, facing};
    for (int i = 0; i < t->figure_count; i++) {
        const figure *o = &t->figures[i];
        geom_placed_base theirs = {o->base, o->pos, o->facing};
        if (o->id.id != fig.id && table_figure_active(o) && place_bases_overlap(&mine, &theirs))
            skip[n++] = o->id;
    }
    float dx = to.x - from.x, dy = to.y - from.y, len = sqrtf(dx * dx + dy * dy);
    float r = f->base.kind == GEOM_BASE_RECT
                  ? 0.5f * sqrtf(f->base.frontage_cm * f->base.frontage_cm +
                                 f->base.depth_cm * f->base.depth_cm)
                  : f->base.radius_cm;
    float step = fminf(0.5f, 0.25f * r), free_s = 0.0f;
    for (float s = step;; s += step) {
        float at = fminf(s, len);
        vec2s p = {{from.x + dx * at / len, from.y + dy * at / len}};
        if (place_blocker(t, fig, p, facing, skip, n).id != 0) {
            float lo = free_s, hi = at;
            for (int i = 0; i < 24; i++) {
                float mid = 0.5f * (lo + hi);
                vec2s q = {{from.x + dx * mid / len, from.y + dy * mid / len}};
                if (place_blocker(t, fig, q, facing, skip, n).id != 0)
                    hi = mid;
                else
                    lo = mid;
            }
            free_s = lo;
            break;
        }
        free_s = at;
        if (at >= len)
            break;
    }
    *out = (vec2s){{from.x + dx * free_s / len, from.y + dy * free_s / len}};
    return free_s;
}

/* The searches that test only nearby figures, and the spatial index, give the answers of a
 * test of every figure: same blocker (ties included), same stop, same pairs in the same order. */
static void test_indexed_answers_match_every_figure(void **state)
{
    (void)state;
    table *t = crowd(7, 400);
    spatial ix = {0};
    spatial_build(&ix, t);
    unsigned seed = 99;
    int blocked = 0;
    for (int q = 0; q < 3000; q++) {
        seed = seed * 1103515245u + 12345u;
        figure_id fig = {1 + (seed >> 8) % 400};
        seed = seed * 1103515245u + 12345u;
        vec2s p = {{(float)(seed >> 8 & 0xffff) / 65535.0f * 130.0f - 5.0f,
                    (float)(seed >> 4 & 0xfff) / 4095.0f * 90.0f - 5.0f}};
        float facing = (float)(seed & 0xf) * 0.4f;
        figure_id want = place_blocker(t, fig, p, facing, NULL, 0);
        blocked += want.id != 0;
        assert_int_equal(place_blocker_indexed(&ix, t, fig, p, facing, NULL, 0).id, want.id);
        if (q % 30 == 0) {
            const figure *f = table_figure_const(t, fig);
            vec2s a, b;
            float sa = place_path_stop(t, fig, f->pos, p, facing, NULL, 0, &a);
            float sb = path_stop_reference(t, fig, f->pos, p, facing, &b);
            assert_true(sa == sb && a.x == b.x && a.y == b.y);
        }
    }
    assert_true(blocked > 300 && blocked < 2700); /* both answers were asked for */
    spatial_free(&ix);

    static figure_id got[4096][2];
    int n = place_overlaps(t, got, 4096), k = 0;
    assert_true(n > 10 && n < 4096);
    for (int i = 0; i < t->figure_count; i++)
        for (int j = i + 1; j < t->figure_count; j++) {
            const figure *a = &t->figures[i], *b = &t->figures[j];
            geom_placed_base pa = {a->base, a->pos, a->facing}, pb = {b->base, b->pos, b->facing};
            if (!table_figure_active(a) || !table_figure_active(b) ||
                !place_bases_overlap(&pa, &pb))
                continue;
            assert_true(k < n);
            assert_int_equal(got[k][0].id, a->id.id);
            assert_int_equal(got[k][1].id, b->id.id);
            k++;
        }
    assert_int_equal(k, n);
    table_destroy(t);
}

/* Bases alongside a path (off it by about both reaches, where place_path_stop's windows are
 * the chord of the reach, not all of it) and one ahead: the stop is the reference's, to the
 * bit, for paths shifted across the whole band where a neighbour starts to touch. */
static void test_path_stop_past_neighbours_alongside(void **state)
{
    (void)state;
    table *t = table_create(&(table_desc){.width_cm = 120, .height_cm = 80});
    side_id s = table_add_side(t, &(side){.name = "Spain"});
    unit_id u = table_add_unit(t, &(unit){.name = "1st platoon", .side = s});
    table_add_figure(t, &(figure){.side = s, .unit = u, .base = ROUND, .pos = {{10, 40}}});
    for (int k = 0; k < 12; k++) {
        float off = 2.46f + 0.005f * (float)k; /* overlap below 2.49 (round on round) */
        geom_base b = k % 4 == 3 ? STAND : ROUND;
        float extra = k % 4 == 3 ? 4.34f : 0.0f;
        table_add_figure(t, &(figure){.side = s,
                                      .unit = u,
                                      .base = b,
                                      .pos = {{20.0f + 4.5f * (float)k, 40.0f + off + extra}},
                                      .facing = 0.3f * (float)k});
    }
    table_add_figure(t, &(figure){.side = s, .unit = u, .base = ROUND, .pos = {{80, 40.3f}}});
    int stopped_short = 0, paths = 0;
    for (int j = 0; j < 60; j++) {
        float y = 40.0f + 0.002f * (float)(j - 20);
        for (int end = 0; end < 2; end++) {
            vec2s from = {{10, y}}, to = {{end ? 100.0f : 75.0f, y + 0.01f * (float)end}};
            vec2s a, b;
            float sa = place_path_stop(t, (figure_id){1}, from, to, 0.0f, NULL, 0, &a);
            float sb = path_stop_reference(t, (figure_id){1}, from, to, 0.0f, &b);
            if (!(sa == sb && a.x == b.x && a.y == b.y))
                fail_msg("path at y %.4f to %.1f: stop %.9g, reference %.9g", y, to.x, sa, sb);
            stopped_short += sa < 55.0f; /* by a neighbour alongside, not the one ahead */
            paths++;
        }
    }
    assert_true(stopped_short > 0 && stopped_short < paths); /* blocked and free paths met */
    table_destroy(t);
}

/* Two bases equally near the drop, the lower index standing in the later cell of the index
 * (a higher row): the indexed search, which reads the cells unsorted, still names the lower
 * index, as the scan of every figure does (the cells list 3 before 2). */
static void test_indexed_tie_names_the_lower_index(void **state)
{
    (void)state;
    table *t = table_create(&(table_desc){.width_cm = 200, .height_cm = 200});
    side_id s = table_add_side(t, &(side){.name = "Spain"});
    unit_id u = table_add_unit(t, &(unit){.name = "1st platoon", .side = s});
    /* 1: the mover, far off; 2 and 3 either side of (100, 100), 2 below (a later row) */
    table_add_figure(t, &(figure){.side = s, .unit = u, .base = ROUND, .pos = {{10, 10}}});
    table_add_figure(t, &(figure){.side = s, .unit = u, .base = ROUND, .pos = {{100, 101}}});
    table_add_figure(t, &(figure){.side = s, .unit = u, .base = ROUND, .pos = {{100, 99}}});
    for (int k = 0; k < 40; k++) /* filler, so the grid has many cells */
        table_add_figure(
            t, &(figure){
                   .side = s, .unit = u, .base = ROUND, .pos = {{5.0f + 4.5f * (float)k, 185.0f}}});
    spatial ix = {0};
    spatial_build(&ix, t);
    /* the grid covers the table whatever 2 and 3's places inside it: put them either side of
     * a row boundary, 1 cm from it, and index again */
    float yb = ix.y0 + 3.0f * ix.cell_cm;
    table_figure(t, (figure_id){2})->pos = (vec2s){{100, yb + 1.0f}};
    table_figure(t, (figure_id){3})->pos = (vec2s){{100, yb - 1.0f}};
    spatial_build(&ix, t);
    vec2s p = {{100, yb}};
    figure_id mover = {1};
    assert_int_equal(place_blocker(t, mover, p, 0, NULL, 0).id, 2);
    assert_int_equal(place_blocker_indexed(&ix, t, mover, p, 0, NULL, 0).id, 2);
    /* the same set either way, whatever the order */
    const int *a;
    int na = spatial_near_box(&ix, (geom_aabb){p, p}, 1.25f, &a);
    int sorted[64];
    assert_true(na <= 64);
    for (int k = 0; k < na; k++)
        sorted[k] = a[k];
    const int *b;
    int nb = spatial_near_box_any(&ix, (geom_aabb){p, p}, 1.25f, &b);
    assert_int_equal(na, nb);
    for (int k = 0; k < na; k++) {
        bool found = false;
        for (int j = 0; j < nb; j++)
            found = found || b[j] == sorted[k];
        assert_true(found);
    }
    spatial_free(&ix);
    table_destroy(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_contact_is_not_overlap),
        cmocka_unit_test(test_blocker_names_the_base_in_the_way),
        cmocka_unit_test(test_free_near_finds_the_nearest_ring),
        cmocka_unit_test(test_path_stops_at_contact),
        cmocka_unit_test(test_overlaps_lists_pairs),
        cmocka_unit_test(test_indexed_answers_match_every_figure),
        cmocka_unit_test(test_path_stop_past_neighbours_alongside),
        cmocka_unit_test(test_indexed_tie_names_the_lower_index),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
