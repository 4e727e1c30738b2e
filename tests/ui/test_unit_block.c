/* Block geometry of units of stands (ui/unit_block.h): which command a drag builds, offsets
 * kept, the front line's ends, the wheel's pivot, turn, arc length and poses. Worked examples
 * on a 4-stand line of 4 x 2.5 cm stands. */
#include "ui/unit_block.h"

#include "core/geom.h"

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

typedef struct fixture {
    table *t;
    unit_id brigade, line, line2, lone;
} fixture;

static figure_id add_stand(table *t, side_id s, unit_id u, float x, float y, float facing)
{
    figure f = {.side = s,
                .unit = u,
                .role = FIGURE_ROLE_SOLDIER,
                .base = {.kind = GEOM_BASE_RECT, .frontage_cm = 4, .depth_cm = 2.5f},
                .pos = {{x, y}},
                .facing = facing};
    return table_add_figure(t, &f);
}

/* Side 1: a brigade (one brigadier figure) with two line units: "line" 4 stands at x 94..106,
 * y 30 facing south (+y), and "line2" 2 stands at x 114, 118; a lone stand unit elsewhere. */
static fixture make(void)
{
    fixture fx;
    fx.t = table_create(&(table_desc){0});
    side_id s = table_add_side(fx.t, &(side){.name = "Red", .colour = 0xd03020});
    fx.brigade = table_add_unit(fx.t, &(unit){.name = "Brigade", .side = s});
    fx.line = table_add_unit(fx.t, &(unit){.name = "Line", .side = s, .parent = fx.brigade});
    fx.line2 = table_add_unit(fx.t, &(unit){.name = "Line 2", .side = s, .parent = fx.brigade});
    fx.lone = table_add_unit(fx.t, &(unit){.name = "Lone", .side = s});
    add_stand(fx.t, s, fx.brigade, 100, 10, (float)GEOM_PI / 2); /* the brigadier: index 0 */
    for (int i = 0; i < 4; i++)
        add_stand(fx.t, s, fx.line, 94 + 4.0f * (float)i, 30, (float)GEOM_PI / 2); /* 1..4 */
    add_stand(fx.t, s, fx.line2, 114, 30, (float)GEOM_PI / 2);                     /* 5 */
    add_stand(fx.t, s, fx.line2, 118, 30, (float)GEOM_PI / 2);                     /* 6 */
    add_stand(fx.t, s, fx.lone, 40, 40, 0);                                        /* 7 */
    return fx;
}

static void block_of_unit(const fixture *fx, ui_unit_block *b)
{
    figure_id ids[4];
    for (int i = 0; i < 4; i++)
        ids[i] = fx->t->figures[1 + i].id;
    ui_unit_block_init(b, fx->t, ids, 4);
}

static void test_command_for_a_drag(void **state)
{
    (void)state;
    fixture fx = make();
    uint8_t flags[8] = {0};
    /* A stand of a multi-stand unit: the unit. */
    flags[2] = 1;
    rules_command c = ui_unit_block_command(fx.t, 2, flags, 1, RULES_CMD_MOVE);
    assert_int_equal(c.unit.id, fx.line.id);
    assert_int_equal(c.figure_count, 0);
    /* Stands of two units under one brigade: the brigade. */
    flags[5] = 1;
    c = ui_unit_block_command(fx.t, 2, flags, 1, RULES_CMD_MOVE);
    assert_int_equal(c.unit.id, fx.brigade.id);
    /* ... but a wheel is always the pressed stand's unit. */
    c = ui_unit_block_command(fx.t, 2, flags, 1, RULES_CMD_WHEEL);
    assert_int_equal(c.unit.id, fx.line.id);
    /* A figure alone in its unit (a commander, a lone stand): the figure. */
    memset(flags, 0, sizeof flags);
    flags[0] = 1;
    c = ui_unit_block_command(fx.t, 0, flags, 1, RULES_CMD_MOVE);
    assert_int_equal(c.unit.id, 0);
    assert_int_equal(c.figure_count, 1);
    assert_int_equal(c.figures[0].id, fx.t->figures[0].id.id);
    table_destroy(fx.t);
}

static void test_offsets_kept(void **state)
{
    (void)state;
    fixture fx = make();
    ui_unit_block b;
    block_of_unit(&fx, &b);
    assert_int_equal(b.count, 4);
    assert_true(ui_unit_block_has(&b, 3));
    assert_false(ui_unit_block_has(&b, 5));
    /* Grab the third stand (k = 2, at 102, 30) and drop it at (110, 45): the reference (94, 30)
     * goes to (102, 45) and every stand moves by (8, 15). */
    vec2s ref = ui_unit_block_ref_for(&b, 2, (vec2s){{110, 45}});
    assert_float_equal(ref.x, 102, 1e-5);
    assert_float_equal(ref.y, 45, 1e-5);
    for (int k = 0; k < 4; k++) {
        vec2s p = ui_unit_block_place(&b, k, ref);
        vec2s was = fx.t->figures[b.fig[k]].pos;
        assert_float_equal(p.x - was.x, 8, 1e-5);
        assert_float_equal(p.y - was.y, 15, 1e-5);
    }
    table_destroy(fx.t);
}

static void test_front_ends_and_pivot(void **state)
{
    (void)state;
    fixture fx = make();
    ui_unit_block b;
    block_of_unit(&fx, &b);
    vec2s ends[2];
    assert_true(ui_unit_block_front_ends(&b, fx.t, ends));
    /* Facing south, the front line is y = 31.25 from x 92 to 108; facing south the left hand is
     * east (x 108) and the right hand west (x 92). */
    assert_float_equal(ends[0].y, 31.25, 1e-4);
    assert_float_equal(ends[1].y, 31.25, 1e-4);
    assert_float_equal(ends[0].x, 108, 1e-4);
    assert_float_equal(ends[1].x, 92, 1e-4);
    /* Swinging the right end pivots on the left end, and the radius reaches the far rear corner:
     * hypot(16, 2.5) = 16.194 cm. */
    ui_unit_wheel w = ui_unit_block_wheel(&b, fx.t, 1);
    assert_float_equal(w.pivot.x, 108, 1e-4);
    assert_float_equal(w.swing.x, 92, 1e-4);
    assert_float_equal(w.radius, hypotf(16, 2.5f), 1e-4);
    w = ui_unit_block_wheel(&b, fx.t, 0);
    assert_float_equal(w.pivot.x, 92, 1e-4);
    table_destroy(fx.t);
}

static void test_wheel_turn_arc_and_pose(void **state)
{
    (void)state;
    fixture fx = make();
    ui_unit_block b;
    block_of_unit(&fx, &b);
    ui_unit_wheel w = ui_unit_block_wheel(&b, fx.t, 1); /* pivot (108, 31.25), swing west end */
    /* Dragging the swinging end to straight below the pivot's west by 45 degrees forward. */
    vec2s p = {{108 - 10, 31.25f + 10}};
    float turn = ui_unit_wheel_turn(&w, p);
    assert_float_equal(turn, -GEOM_PI / 4, 1e-5);
    assert_float_equal(ui_unit_wheel_arc_cm(&w, turn), GEOM_PI / 4 * hypotf(16, 2.5f), 1e-4);
    /* Every stand keeps its distance to the pivot and turns by the same angle. */
    for (int k = 0; k < b.count; k++) {
        vec2s pos;
        float facing;
        ui_unit_wheel_pose(&w, &b, fx.t, k, turn, &pos, &facing);
        vec2s was = fx.t->figures[b.fig[k]].pos;
        assert_float_equal(glms_vec2_distance(pos, w.pivot), glms_vec2_distance(was, w.pivot),
                           1e-4);
        assert_float_equal(facing, GEOM_PI / 4, 1e-5);
        assert_true(pos.y > was.y); /* the line swings forward */
    }
    /* The command: WHEEL of the unit about the pivot to the new facing. */
    rules_command c = ui_unit_wheel_command(&w, &b, fx.t, turn);
    assert_int_equal(c.kind, RULES_CMD_WHEEL);
    assert_int_equal(c.unit.id, fx.line.id);
    assert_true(c.face_set);
    assert_float_equal(c.facing, GEOM_PI / 4, 1e-5);
    assert_float_equal(c.point.x, 108, 1e-4);
    /* No turn when the cursor sits on the pivot; a half turn the other way is negative. */
    assert_float_equal(ui_unit_wheel_turn(&w, w.pivot), 0, 0);
    assert_true(ui_unit_wheel_turn(&w, (vec2s){{98, 21.25f}}) > 0);
    table_destroy(fx.t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_command_for_a_drag),
        cmocka_unit_test(test_offsets_kept),
        cmocka_unit_test(test_front_ends_and_pivot),
        cmocka_unit_test(test_wheel_turn_arc_and_pose),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
