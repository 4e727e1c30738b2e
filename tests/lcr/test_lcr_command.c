/* Activation (seed 000, Actions: Activate; Formation fire): radius, lines, chain of command. */
#include "lcr_test_util.h"

#include "rules/lcr/lcr_command.h"

static bool has(const figure_id *ids, int n, figure_id id)
{
    for (int i = 0; i < n; i++)
        if (ids[i].id == id.id)
            return true;
    return false;
}

/* A regular NCO (radius 10 cm) 8 cm behind the end of a line of 8 men in lateral contact: the
 * whole line is in command though most of it is beyond 10 cm; a loose man 30 cm away is not; a
 * man of another unit is not; the platoon officer is not (NCOs cannot activate officers). */
static void test_command_line_contiguity(void **state)
{
    (void)state;
    lcr_data *d = test_lcr_data();
    table *t = table_create(NULL);
    side_id s = table_add_side(t, &(side){.name = "Spain"});
    unit_id u = table_add_unit(t, &(unit){.name = "platoon", .side = s});
    unit_id other = table_add_unit(t, &(unit){.name = "other", .side = s});
    figure_id nco = test_add_figure(t, s, u, FIGURE_ROLE_NCO, FIGURE_QUALITY_REGULAR, 20, 28);
    figure_id line[8];
    for (int i = 0; i < 8; i++) /* bases 2.5 cm wide, touching */
        line[i] = test_add_figure(t, s, u, FIGURE_ROLE_SOLDIER, FIGURE_QUALITY_REGULAR,
                                  20 + 2.5f * (float)i, 20);
    figure_id loose = test_add_figure(t, s, u, FIGURE_ROLE_SOLDIER, FIGURE_QUALITY_REGULAR, 50, 50);
    figure_id stranger =
        test_add_figure(t, s, other, FIGURE_ROLE_SOLDIER, FIGURE_QUALITY_REGULAR, 22, 30);
    figure_id officer =
        test_add_figure(t, s, u, FIGURE_ROLE_OFFICER, FIGURE_QUALITY_REGULAR, 24, 30);
    table_unit(t, u)->commander = officer;
    const figure *n = table_figure_const(t, nco);
    float r = lcr_command_radius(d, n);
    assert_true(r > 9.9f && r < 10.1f);
    figure_id out[32];
    int c = lcr_command_in_command(t, d, n, r, out, 32);
    assert_int_equal(c, 9);
    assert_int_equal(out[0].id, nco.id);
    for (int i = 0; i < 8; i++)
        assert_true(has(out, c, line[i]));
    assert_false(has(out, c, loose));
    assert_false(has(out, c, stranger));
    assert_false(has(out, c, officer));
    /* Break the line: the far half is now out of contact and out of range. */
    table_figure(t, line[4])->pos.y += 5;
    c = lcr_command_in_command(t, d, n, r, out, 32);
    assert_false(has(out, c, line[6]));
    assert_true(has(out, c, line[0]));

    /* The officer activates the NCO and the men; the NCO cannot order the officer. */
    const figure *o = table_figure_const(t, officer);
    assert_true(lcr_command_may_order(t, o, n));
    assert_false(lcr_command_may_order(t, n, o));
    assert_false(lcr_command_may_order(t, o, table_figure_const(t, stranger)));
    table_destroy(t);
    lcr_data_destroy(d);
}

/* A subordinate officer cannot activate his superior; the superior (commander of the parent
 * unit) can activate the subordinate officer. */
static void test_command_superiors(void **state)
{
    (void)state;
    table *t = table_create(NULL);
    side_id s = table_add_side(t, &(side){.name = "Spain"});
    unit_id coy = table_add_unit(t, &(unit){.name = "company", .side = s});
    unit_id plt = table_add_unit(t, &(unit){.name = "platoon", .side = s, .parent = coy});
    figure_id capt = test_add_figure(t, s, coy, FIGURE_ROLE_OFFICER, FIGURE_QUALITY_VETERAN, 0, 0);
    figure_id lt = test_add_figure(t, s, plt, FIGURE_ROLE_OFFICER, FIGURE_QUALITY_REGULAR, 5, 0);
    figure_id man = test_add_figure(t, s, plt, FIGURE_ROLE_SOLDIER, FIGURE_QUALITY_REGULAR, 6, 0);
    table_unit(t, coy)->commander = capt;
    table_unit(t, plt)->commander = lt;
    const figure *c = table_figure_const(t, capt), *l = table_figure_const(t, lt);
    assert_true(lcr_command_may_order(t, c, l));
    assert_false(lcr_command_may_order(t, l, c));
    assert_true(lcr_command_may_order(t, c, table_figure_const(t, man)));
    assert_true(lcr_command_may_order(t, l, table_figure_const(t, man)));
    table_destroy(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_command_line_contiguity),
        cmocka_unit_test(test_command_superiors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
