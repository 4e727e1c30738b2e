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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_contact_is_not_overlap),
        cmocka_unit_test(test_blocker_names_the_base_in_the_way),
        cmocka_unit_test(test_free_near_finds_the_nearest_ring),
        cmocka_unit_test(test_path_stops_at_contact),
        cmocka_unit_test(test_overlaps_lists_pairs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
