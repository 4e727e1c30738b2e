/* Movement cost along paths: seed 000's jungle example, turns, overlapping areas, impassable
 * terrain, linear obstacles priced by the caller, and the reach along a direction. */
#include "core/path.h"

#include "core/table.h"

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#define V(x, y) ((vec2s){{(float)(x), (float)(y)}})

static void assert_near(double got, double want, double tol)
{
    if (fabs(got - want) > tol)
        fail_msg("got %.9f, want %.9f (tol %g)", got, want, tol);
}

static int add_type(table *t, const char *name, float mult, terrain_obstacle obstacle)
{
    terrain_type ty = {.move_mult = mult, .obstacle = obstacle};
    strncpy(ty.name, name, TABLE_NAME_MAX - 1);
    return table_add_type(t, &ty);
}

static int add_area(table *t, int type, vec2s *pts, int n)
{
    terrain_feature f = {.type = type, .shape = TERRAIN_SHAPE_AREA, .area = {pts, n}};
    return table_add_feature(t, &f);
}

static int add_rect(table *t, int type, float x0, float y0, float x1, float y1)
{
    vec2s pts[4] = {V(x0, y0), V(x1, y0), V(x1, y1), V(x0, y1)};
    return add_area(t, type, pts, 4);
}

static int add_line(table *t, int type, vec2s *pts, int n)
{
    terrain_feature f = {
        .type = type, .shape = TERRAIN_SHAPE_LINE, .line = {pts, n}, .width_cm = 0.5f};
    return table_add_feature(t, &f);
}

/* Seed 000: 20 cm allowance, 5 cm of clear, then jungle at x4: 3.75 cm into the jungle. */
static void test_jungle_example(void **state)
{
    (void)state;
    table *t = table_create(NULL);
    int jungle = add_type(t, "jungle", 4, TERRAIN_OBSTACLE_NONE);
    /* a concave jungle whose near edge is 5 cm ahead of the figure */
    vec2s pts[6] = {V(45, 40), V(80, 40), V(80, 80), V(60, 70), V(45, 80), V(45, 40)};
    int f = add_area(t, jungle, pts, 5);
    vec2s path[2] = {V(40, 60), V(75, 60)};
    path_result r;
    assert_int_equal(path_cost(t, NULL, path, 2, 20.0f, &r), PATH_STOP_ALLOWANCE);
    assert_near(r.end.x, 45 + 3.75, 1e-4);
    assert_near(r.end.y, 60, 1e-6);
    assert_near(r.moved_cm, 8.75, 1e-4);
    assert_near(r.spent_cm, 20, 1e-4);
    assert_near(r.stretches[0].length_cm, 35, 1e-5);
    assert_near(r.stretches[0].cost_cm, 5 + 30 * 4, 1e-3);
    assert_int_equal(r.stop_feature, -1);
    assert_near(path_mult_at(t, NULL, r.end, NULL), 4, 0);
    int which;
    path_mult_at(t, NULL, V(50, 50), &which);
    assert_int_equal(which, f);
    /* the same move with turns: 5 cm clear to (43, 64), then 2 cm clear, then jungle */
    vec2s turn[3] = {V(40, 60), V(43, 64), V(70, 64)};
    assert_int_equal(path_cost(t, NULL, turn, 3, 20.0f, &r), PATH_STOP_ALLOWANCE);
    assert_int_equal(r.end_stretch, 1);
    assert_near(r.end.x, 45 + 13.0 / 4, 1e-4);
    assert_near(r.end.y, 64, 1e-6);
    assert_near(r.moved_cm, 5 + 2 + 13.0 / 4, 1e-4);
    /* the reach straight ahead gives the seed's figure as well */
    vec2s reach = path_reach(t, NULL, V(40, 60), 0.0f, 20.0f, NULL);
    assert_near(reach.x, 48.75, 1e-4);
    /* enough allowance: the whole path */
    assert_int_equal(path_cost(t, NULL, path, 2, 200.0f, &r), PATH_STOP_END);
    assert_near(r.end.x, 75, 0);
    assert_near(r.spent_cm, 125, 1e-3);
    table_destroy(t);
}

static void test_overlap_takes_highest_and_desc_overrides(void **state)
{
    (void)state;
    table *t = table_create(NULL);
    int wood = add_type(t, "wood", 2, TERRAIN_OBSTACLE_NONE);
    int swamp = add_type(t, "swamp", 3, TERRAIN_OBSTACLE_NONE);
    add_rect(t, wood, 10, -10, 30, 10);
    add_rect(t, swamp, 20, -10, 40, 10);
    vec2s path[2] = {V(0, 0), V(50, 0)};
    path_result r;
    path_cost(t, NULL, path, 2, 1000.0f, &r);
    /* 10 clear + 10 wood x2 + 20 swamp x3 (overlap 20..30 at the higher 3) + 10 clear */
    assert_near(r.stretches[0].cost_cm, 10 + 20 + 60 + 10, 1e-3);
    /* a rule set's own multipliers, and a clear multiplier of 2 (e.g. a wounded figure) */
    float mult[2] = {1.5f, 1.0f};
    path_desc d = {.mult = mult, .clear_mult = 2};
    path_cost(t, &d, path, 2, 1000.0f, &r);
    /* 20 clear x2, 15 wood, 15 overlap (1.5 beats 1), 10 swamp at its own 1, 20 clear x2 */
    assert_near(r.stretches[0].cost_cm, 20 + 15 + 15 + 10 + 20, 1e-3);
    table_destroy(t);
}

static void test_impassable_stops_at_edge(void **state)
{
    (void)state;
    table *t = table_create(NULL);
    int house = add_type(t, "house", 0, TERRAIN_OBSTACLE_NONE);
    int h = add_rect(t, house, 10, -5, 20, 5);
    vec2s path[2] = {V(0, 0), V(30, 0)};
    path_result r;
    assert_int_equal(path_cost(t, NULL, path, 2, 100.0f, &r), PATH_STOP_IMPASSABLE);
    assert_int_equal(r.stop_feature, h);
    assert_near(r.end.x, 10, 1e-5);
    assert_near(r.moved_cm, 10, 1e-5);
    assert_true(isinf(r.cost_cm));
    /* sliding along its wall is allowed (touching is not entering) */
    vec2s along[2] = {V(5, 5), V(25, 5)};
    assert_int_equal(path_cost(t, NULL, along, 2, 100.0f, &r), PATH_STOP_END);
    assert_near(r.cost_cm, 20, 1e-5);
    /* the allowance runs out before the house: the allowance is the reason */
    assert_int_equal(path_cost(t, NULL, path, 2, 4.0f, &r), PATH_STOP_ALLOWANCE);
    assert_near(r.end.x, 4, 1e-5);
    /* a garrison placed inside walks out (at the clear rate) but cannot walk back in */
    vec2s out_and_back[3] = {V(15, 0), V(25, 0), V(12, 0)};
    assert_int_equal(path_cost(t, NULL, out_and_back, 2, 100.0f, &r), PATH_STOP_END);
    assert_near(r.cost_cm, 10, 1e-5);
    assert_int_equal(path_cost(t, NULL, out_and_back, 3, 100.0f, &r), PATH_STOP_IMPASSABLE);
    assert_int_equal(r.stop_feature, h);
    assert_int_equal(r.end_stretch, 1);
    assert_near(r.end.x, 20, 1e-5);
    table_destroy(t);
}

static void test_linear_obstacles(void **state)
{
    (void)state;
    table *t = table_create(NULL);
    int wall = add_type(t, "wall", 1, TERRAIN_OBSTACLE_LOW);
    int road = add_type(t, "road", 1, TERRAIN_OBSTACLE_NONE);
    int cliff = add_type(t, "cliff", 1, TERRAIN_OBSTACLE_IMPASSABLE);
    vec2s wpts[2] = {V(10, -10), V(10, 10)}, rpts[2] = {V(5, -10), V(5, 10)};
    vec2s cpts[3] = {V(30, -10), V(30, 10), V(40, 10)};
    int w = add_line(t, wall, wpts, 2);
    add_line(t, road, rpts, 2);
    int c = add_line(t, cliff, cpts, 3);
    vec2s path[2] = {V(0, 0), V(20, 0)};
    path_result r;
    /* free crossing: reported, not charged; the road is no obstacle */
    assert_int_equal(path_cost(t, NULL, path, 2, 20.0f, &r), PATH_STOP_END);
    assert_int_equal(r.crossing_count, 1);
    assert_int_equal(r.crossed_count, 1);
    assert_int_equal(r.crossings[0].feature, w);
    assert_near(r.crossings[0].point.x, 10, 1e-5);
    assert_near(r.crossings[0].dist_cm, 10, 1e-5);
    /* LCR: the rule set rolled 7 on its 1d10 for walls */
    float cost[3] = {7, 0, 0};
    path_desc d = {.obstacle_cost_cm = cost};
    assert_int_equal(path_cost(t, &d, path, 2, 20.0f, &r), PATH_STOP_ALLOWANCE);
    assert_near(r.end.x, 13, 1e-5);
    assert_near(r.stretches[0].cost_cm, 27, 1e-5);
    /* it rolled 15: not enough left at the wall, the figure waits there */
    cost[0] = 15;
    assert_int_equal(path_cost(t, &d, path, 2, 20.0f, &r), PATH_STOP_OBSTACLE);
    assert_int_equal(r.stop_feature, w);
    assert_near(r.end.x, 10, 1e-5);
    assert_int_equal(r.crossed_count, 0);
    /* next activation, from the wall: it pays and goes on */
    vec2s from_wall[2] = {V(10, 0), V(20, 0)};
    cost[0] = 4;
    assert_int_equal(path_cost(t, &d, from_wall, 2, 20.0f, &r), PATH_STOP_END);
    assert_near(r.spent_cm, 14, 1e-5);
    /* stop at the first obstacle */
    path_desc stop = {.stop_at_obstacle = true};
    assert_int_equal(path_cost(t, &stop, path, 2, 20.0f, &r), PATH_STOP_OBSTACLE);
    assert_near(r.end.x, 10, 1e-5);
    assert_int_equal(path_cost(t, &stop, from_wall, 2, 20.0f, &r), PATH_STOP_END);
    /* a cliff stops the figure whatever it has left; through the cliff's corner counts once */
    vec2s to_cliff[3] = {V(0, 0), V(25, 5), V(35, 15)};
    assert_int_equal(path_cost(t, NULL, to_cliff, 3, 100.0f, &r), PATH_STOP_IMPASSABLE);
    assert_int_equal(r.stop_feature, c);
    assert_int_equal(r.end_stretch, 1);
    assert_near(r.end.x, 30, 1e-4);
    assert_near(r.end.y, 10, 1e-4);
    assert_int_equal(r.crossing_count, 2);
    table_destroy(t);
}

static void test_reach_is_cheap_and_consistent(void **state)
{
    (void)state;
    table *t = table_create(NULL);
    int jungle = add_type(t, "jungle", 4, TERRAIN_OBSTACLE_NONE);
    int road = add_type(t, "road", 0.5f, TERRAIN_OBSTACLE_NONE);
    for (int i = 0; i < 200; i++) {
        float x = (float)(i % 20) * 9 + 1, y = (float)(i / 20) * 12 + 1;
        add_rect(t, i % 7 == 0 ? road : jungle, x, y, x + 5, y + 6);
    }
    /* every direction: the reach costs exactly the allowance (or stops at the path's end) */
    for (int k = 0; k < 360; k++) {
        path_result r;
        float angle = (float)k * (float)GEOM_PI / 180;
        vec2s end = path_reach(t, NULL, V(90, 60), angle, 20.0f, &r);
        assert_true(r.stop == PATH_STOP_ALLOWANCE || r.stop == PATH_STOP_END);
        if (r.stop == PATH_STOP_ALLOWANCE)
            assert_near(r.spent_cm, 20, 1e-3);
        vec2s again[2] = {V(90, 60), end};
        path_result r2;
        path_cost(t, NULL, again, 2, 1000.0f, &r2);
        assert_near(r2.cost_cm, r.spent_cm, 2e-3);
    }
    table_destroy(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_jungle_example),
        cmocka_unit_test(test_overlap_takes_highest_and_desc_overrides),
        cmocka_unit_test(test_impassable_stops_at_edge),
        cmocka_unit_test(test_linear_obstacles),
        cmocka_unit_test(test_reach_is_cheap_and_consistent),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
