#include "core/table.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <cmocka.h>

static table *make_table(void)
{
    table *t = table_create(&(table_desc){0});
    table_add_type(t,
                   &(terrain_type){
                       .name = "jungle", .move_mult = 4, .los = TERRAIN_LOS_AREA, .height_ft = 30});
    vec2s square[4] = {{{10, 10}}, {{20, 10}}, {{20, 20}}, {{10, 20}}};
    table_add_feature(t, &(terrain_feature){.type = 0, .area = {square, 4}});
    side_id s = table_add_side(t, &(side){.name = "Spain", .colour = 0xc02020});
    unit_id u = table_add_unit(t, &(unit){.name = "1st platoon", .side = s});
    for (int i = 0; i < 20; i++)
        table_add_figure(t, &(figure){.side = s, .unit = u, .pos = {{(float)i, 0}}});
    return t;
}

static void test_defaults_and_handles(void **state)
{
    (void)state;
    table *t = make_table();
    assert_true(t->width_cm == 180 && t->height_cm == 120);
    assert_int_equal(t->figure_count, 20);
    assert_null(table_figure(t, (figure_id){0}));
    assert_null(table_figure(t, (figure_id){21}));
    assert_int_equal(table_figure(t, (figure_id){20})->id.id, 20);
    assert_true(table_figure(t, (figure_id){20})->pos.x == 19.0f);
    assert_string_equal(table_side(t, (side_id){1})->name, "Spain");
    assert_int_equal(table_type_find(t, "jungle"), 0);
    assert_int_equal(table_type_find(t, "desert"), -1);
    table_destroy(t);
}

/* Terrain types stop at TABLE_TYPES_MAX (issue 21: lcr's mult[64] was read past with 65), and
 * the one past the cap is not added. */
static void test_type_cap(void **state)
{
    (void)state;
    table *t = table_create(&(table_desc){0});
    for (int i = 0; i < TABLE_TYPES_MAX; i++)
        assert_int_equal(table_add_type(t, &(terrain_type){.name = "ground", .move_mult = 1}), i);
    assert_int_equal(table_add_type(t, &(terrain_type){.name = "one more"}), -1);
    assert_int_equal(t->type_count, TABLE_TYPES_MAX);
    assert_int_equal(table_type_find(t, "one more"), -1);
    table_destroy(t);
}

static void test_feature_bounds_and_height(void **state)
{
    (void)state;
    table *t = make_table();
    const terrain_feature *f = &t->features[0];
    assert_true(f->bounds.min.x == 10 && f->bounds.max.y == 20);
    assert_true(table_feature_height_ft(t, f) == 30.0f);
    table_destroy(t);
}

static void test_clone_is_deep(void **state)
{
    (void)state;
    table *t = make_table();
    table *c = table_clone(t);
    c->features[0].area.pts[0].x = 99;
    c->figures[0].pos.x = 50;
    table_add_figure(c, &(figure){.side = {1}});
    assert_true(t->features[0].area.pts[0].x == 10);
    assert_true(t->figures[0].pos.x == 0);
    assert_int_equal(t->figure_count, 20);
    assert_int_equal(c->figure_count, 21);
    table_destroy(c);
    table_destroy(t);
}

/* Same contents as src, nothing shared with it, and still appendable. */
static void assert_copy_of(table *c, const table *src)
{
    assert_int_equal(c->figure_count, src->figure_count);
    assert_int_equal(c->feature_count, src->feature_count);
    assert_memory_equal(c->figures, src->figures, (size_t)src->figure_count * sizeof(figure));
    for (int i = 0; i < src->feature_count; i++) {
        assert_int_equal(c->features[i].area.count, src->features[i].area.count);
        assert_ptr_not_equal(c->features[i].area.pts, src->features[i].area.pts);
        assert_memory_equal(c->features[i].area.pts, src->features[i].area.pts,
                            (size_t)src->features[i].area.count * sizeof(vec2s));
    }
    assert_ptr_not_equal(c->figures, src->figures);
    table_add_figure(c, &(figure){.side = {1}});
    assert_int_equal(c->figure_count, src->figure_count + 1);
}

/* table_copy into an empty table, a bigger one and a same-sized one: each a deep copy. */
static void test_copy_reuses_buffers(void **state)
{
    (void)state;
    table *t = make_table();
    table *empty = table_create(&(table_desc){0});
    table_copy(empty, t);
    assert_copy_of(empty, t);
    table *big = make_table();
    vec2s tri[3] = {{{0, 0}}, {{5, 0}}, {{0, 5}}};
    for (int i = 0; i < 40; i++) {
        table_add_feature(big, &(terrain_feature){.type = 0, .area = {tri, 3}});
        table_add_figure(big, &(figure){.side = {1}});
    }
    table_copy(big, t);
    assert_copy_of(big, t);
    table *same = table_clone(t);
    same->features[0].area.pts[0].x = 99;
    table_copy(same, t);
    assert_true(same->features[0].area.pts[0].x == 10);
    assert_copy_of(same, t);
    table_copy(same, &(table){.width_cm = 1, .height_cm = 1});
    assert_int_equal(same->feature_count, 0);
    assert_null(same->features);
    table_destroy(same);
    table_destroy(big);
    table_destroy(empty);
    table_destroy(t);
}

static void test_names_round_trip(void **state)
{
    (void)state;
    for (int r = 0; r < FIGURE_ROLE_COUNT; r++)
        assert_int_equal(table_role_parse(table_role_name((figure_role)r)), r);
    for (int q = 0; q < FIGURE_QUALITY_COUNT; q++)
        assert_int_equal(table_quality_parse(table_quality_name((figure_quality)q)), q);
    assert_int_equal(table_quality_parse("heroic"), -1);
    assert_true(table_posture_eye_ft(FIGURE_POSTURE_FOOT) == 6.0f);
    assert_true(table_posture_eye_ft(FIGURE_POSTURE_MOUNTED) == 9.0f);
    assert_true(table_posture_eye_ft(FIGURE_POSTURE_ROOF) == 12.0f);
    assert_true(table_posture_eye_ft(FIGURE_POSTURE_STEEPLE) == 24.0f);
}

static void test_active_status(void **state)
{
    (void)state;
    figure f = {0};
    assert_true(table_figure_active(&f));
    f.status = FIGURE_STATUS_WOUNDED | FIGURE_STATUS_DEMORALISED;
    assert_true(table_figure_active(&f));
    f.status |= FIGURE_STATUS_DEAD;
    assert_false(table_figure_active(&f));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_defaults_and_handles),      cmocka_unit_test(test_type_cap),
        cmocka_unit_test(test_feature_bounds_and_height), cmocka_unit_test(test_clone_is_deep),
        cmocka_unit_test(test_names_round_trip),          cmocka_unit_test(test_active_status),
        cmocka_unit_test(test_copy_reuses_buffers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
