/* The pure rule functions of seed 003 on hand-made cases: order costs (C), hits and shaken
 * (G), rally modifiers and the kept last hit (G), shooting needs (E), melee dice and modifiers
 * (F), defensive fire (F), the army's retreat (H) and the frontal zone (A). */
#include "tiny_test_util.h"

#include <math.h>

static tiny_data *d;

static int setup(void **state)
{
    (void)state;
    d = test_tiny_data();
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    tiny_data_destroy(d);
    return 0;
}

static void test_order_cost(void **state)
{
    (void)state;
    assert_int_equal(tiny_order_cost(d, 10, false), 1);
    assert_int_equal(tiny_order_cost(d, 24, false), 1); /* 24" is not more than 24" */
    assert_int_equal(tiny_order_cost(d, 24.5f, false), 2);
    assert_int_equal(tiny_order_cost(d, 3, true), 2);
    assert_false(tiny_brigade_half_lost(d, 1, 3));
    assert_true(tiny_brigade_half_lost(d, 2, 4)); /* half or more */
    assert_true(tiny_brigade_half_lost(d, 2, 3));
    assert_false(tiny_brigade_half_lost(d, 0, 0));
}

static void test_hits_and_shaken(void **state)
{
    (void)state;
    tiny_hits_result r = tiny_hits_take(d, 0, 4, 2);
    assert_int_equal(r.hits, 2);
    assert_false(r.became_shaken);
    assert_int_equal(r.stands_removed, 0);
    r = tiny_hits_take(d, 2, 4, 1);
    assert_int_equal(r.hits, 3);
    assert_true(r.became_shaken);
    r = tiny_hits_take(d, 1, 4, 4); /* 2 more markers, then 2 stands */
    assert_int_equal(r.hits, 3);
    assert_true(r.became_shaken);
    assert_int_equal(r.stands_removed, 2);
    assert_false(r.destroyed);
    r = tiny_hits_take(d, 3, 2, 5);
    assert_int_equal(r.stands_removed, 2);
    assert_true(r.destroyed);
}

static void test_rally_modifiers(void **state)
{
    (void)state;
    tiny_mods m;
    assert_int_equal(tiny_rally_mods(d, tiny_data_troop(d, "grenadiers"), false, false, false, &m),
                     1);
    assert_int_equal(
        tiny_rally_mods(d, tiny_data_troop(d, "line_infantry"), true, false, false, &m), 1);
    assert_string_equal(m.m[0].source, "general_rallying");
    assert_int_equal(tiny_rally_mods(d, tiny_data_troop(d, "militia"), false, false, false, &m),
                     -1);
    assert_int_equal(tiny_rally_mods(d, tiny_data_troop(d, "irregulars"), false, false, false, &m),
                     -1);
    assert_int_equal(tiny_rally_mods(d, tiny_data_troop(d, "hussars"), false, true, true, &m), -3);
    assert_int_equal(m.count, 3);
    assert_int_equal(tiny_rally_mods(d, tiny_data_troop(d, "grenadiers"), true, true, true, &m), 0);
    /* The last hit never comes off. */
    assert_int_equal(tiny_rally_remove_hit(d, 3), 2);
    assert_int_equal(tiny_rally_remove_hit(d, 2), 1);
    assert_int_equal(tiny_rally_remove_hit(d, 1), 1);
}

static void test_fire_need(void **state)
{
    (void)state;
    const tiny_troop *line = tiny_data_troop(d, "line_infantry");
    const tiny_troop *bn = tiny_data_troop(d, "battalion_guns");
    const tiny_troop *art = tiny_data_troop(d, "artillery");
    tiny_fire_target formed = {.troop = line};
    tiny_mods m;
    assert_int_equal(tiny_fire_need(d, line, 6, &formed, &m), 5);
    assert_int_equal(m.count, 0);
    assert_int_equal(tiny_fire_need(d, line, 6.5f, &formed, &m), -1);
    assert_int_equal(tiny_fire_need(d, bn, 5, &formed, &m), 4);
    assert_int_equal(tiny_fire_need(d, bn, 18, &formed, &m), 5);
    assert_int_equal(tiny_fire_need(d, art, 20, &formed, &m), 5);
    tiny_fire_target cav = {.troop = tiny_data_troop(d, "dragoons")};
    assert_int_equal(tiny_fire_need(d, line, 4, &cav, &m), 6);
    assert_string_equal(m.m[0].source, "cavalry");
    tiny_fire_target skirm = {.troop = tiny_data_troop(d, "light_infantry"), .in_cover = true};
    assert_int_equal(tiny_fire_need(d, line, 4, &skirm, &m), 7); /* cannot hit */
    assert_int_equal(m.total, -2);
    tiny_fire_target guns = {.troop = art};
    assert_int_equal(tiny_fire_need(d, line, 4, &guns, &m), 6);
    tiny_fire_target column = {.troop = line, .column = true};
    assert_int_equal(tiny_fire_need(d, line, 4, &column, &m), 4);
    assert_string_equal(m.m[0].source, "column");
}

static void test_melee(void **state)
{
    (void)state;
    tiny_melee_side gren = {.troop = tiny_data_troop(d, "grenadiers"), .stands = 4};
    tiny_melee_side mil = {.troop = tiny_data_troop(d, "militia"), .stands = 3};
    assert_int_equal(tiny_melee_dice(&gren), 4);
    tiny_melee_side s = gren;
    s.shaken = true;
    assert_int_equal(tiny_melee_dice(&s), 1);
    s = gren;
    s.column = true;
    assert_int_equal(tiny_melee_dice(&s), 1);
    s = gren;
    s.flank_or_rear = true;
    assert_int_equal(tiny_melee_dice(&s), 1);
    s = gren;
    s.limbered = true;
    assert_int_equal(tiny_melee_dice(&s), 1);
    tiny_mods m;
    /* Grenadiers against militia: +1 for the higher melee value (the seed's example). */
    assert_int_equal(tiny_melee_need(d, &gren, &mil, &m), 3);
    assert_string_equal(m.m[0].source, "higher_melee_value");
    assert_int_equal(tiny_melee_need(d, &mil, &gren, &m), 4);
    mil.in_cover = true;
    gren.crossed_difficult = true;
    assert_int_equal(tiny_melee_need(d, &gren, &mil, &m), 5); /* +1 -1 -1 */
    assert_int_equal(m.count, 3);
    assert_true(tiny_defensive_fire(tiny_data_troop(d, "militia"), false));
    assert_true(tiny_defensive_fire(tiny_data_troop(d, "artillery"), false));
    assert_false(tiny_defensive_fire(tiny_data_troop(d, "artillery"), true));
    assert_true(tiny_defensive_fire(tiny_data_troop(d, "battalion_guns"), false));
    assert_false(tiny_defensive_fire(tiny_data_troop(d, "dragoons"), false));
}

static void test_army_retreat(void **state)
{
    (void)state;
    assert_false(tiny_army_retreats(0.5f, 6, 3));
    assert_true(tiny_army_retreats(0.5f, 6, 4));
    assert_true(tiny_army_retreats(0.5f, 5, 3));
    assert_false(tiny_army_retreats(0.5f, 0, 0));
}

static void test_frontal_zone(void **state)
{
    (void)state;
    /* A unit 16 cm wide facing +x with its front line at x = 0. */
    tiny_unit_geom g = {.count = 1, .front = {{0, 0}}, .facing = 0, .half_width = 8};
    assert_true(tiny_in_frontal_zone(&g, 45, (vec2s){{10, 0}}));
    assert_true(tiny_in_frontal_zone(&g, 45, (vec2s){{10, 17.9f}})); /* 45 deg from the flank */
    assert_false(tiny_in_frontal_zone(&g, 45, (vec2s){{10, 18.2f}}));
    assert_false(tiny_in_frontal_zone(&g, 45, (vec2s){{-1, 0}})); /* behind the front line */
    assert_true(tiny_in_frontal_zone(&g, 45, (vec2s){{0, -8}}));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_order_cost),      cmocka_unit_test(test_hits_and_shaken),
        cmocka_unit_test(test_rally_modifiers), cmocka_unit_test(test_fire_need),
        cmocka_unit_test(test_melee),           cmocka_unit_test(test_army_retreat),
        cmocka_unit_test(test_frontal_zone),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
