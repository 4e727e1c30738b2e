/* The pop-up menu widget (ui/context_menu.h) returns what was chosen to its owner and does
 * nothing else: arrows skip greyed entries and wrap, Return chooses the lit one, Escape, a click
 * outside or a right click close it without a choice; a menu opening under a still pointer
 * starts unlit; a full menu refuses more entries. No window: the layout is set by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "ui/context_menu.h"

#include <string.h>

static ui_input keys(int a, int b, int c)
{
    ui_input in = {.mouse_x = 100, .mouse_y = 100};
    int k[3] = {a, b, c};
    for (int i = 0; i < 3; i++)
        if (k[i])
            in.keys[in.key_count++] = k[i];
    return in;
}

/* Three entries, the middle one greyed, laid out at (100, 100) in rows 20 px high. */
static void three(ui_context_menu *m)
{
    ui_context_menu_open(m, 100, 100, "Referee: Lt Toledo");
    assert_int_equal(ui_context_menu_add(m, true, "Turn %s about", "Lt Toledo"), 0);
    assert_int_equal(ui_context_menu_add(m, false, "Put him back here"), 1);
    assert_int_equal(ui_context_menu_add(m, true, "The next die shows %d", 6), 2);
    m->bx = 100, m->by = 100, m->bw = 200, m->head = 24, m->row = 20, m->bh = 24 + 60 + 4;
}

static void test_keys_choose_and_skip_the_greyed(void **state)
{
    (void)state;
    ui_context_menu m;
    three(&m);
    assert_string_equal(m.label[0], "Turn Lt Toledo about");
    ui_input in = keys(0, 0, 0);
    assert_int_equal(ui_context_menu_input(&m, NULL, &in), UI_CONTEXT_MENU_NONE);
    assert_int_equal(m.hover, -1); /* the pointer has not moved: nothing lit */
    in = keys(UI_KEY_DOWN, UI_KEY_DOWN, 0);
    assert_int_equal(ui_context_menu_input(&m, NULL, &in), UI_CONTEXT_MENU_NONE);
    assert_int_equal(m.hover, 2); /* the greyed one skipped */
    in = keys(UI_KEY_DOWN, UI_KEY_RETURN, 0);
    assert_int_equal(ui_context_menu_input(&m, NULL, &in), 0); /* wrapped round to the first */
    assert_false(m.open);
    assert_int_equal(ui_context_menu_input(&m, NULL, &in), UI_CONTEXT_MENU_NONE);

    three(&m);
    in = keys(UI_KEY_UP, UI_KEY_RETURN, 0);
    assert_int_equal(ui_context_menu_input(&m, NULL, &in), 2); /* Up from none: the last */
}

static void test_pointer_choose_and_close(void **state)
{
    (void)state;
    ui_context_menu m;
    three(&m);
    ui_input in = {.mouse_x = 150, .mouse_y = 100 + 24 + 45, .mouse_dy = 3};
    assert_int_equal(ui_context_menu_input(&m, NULL, &in), UI_CONTEXT_MENU_NONE);
    assert_int_equal(m.hover, 2);
    in.mouse_y = 100 + 24 + 25; /* the greyed row: not lit, a click there chooses nothing */
    in.pressed[UI_MOUSE_LEFT] = true;
    assert_int_equal(ui_context_menu_input(&m, NULL, &in), UI_CONTEXT_MENU_NONE);
    assert_true(m.open);
    in.mouse_y = 100 + 24 + 5;
    assert_int_equal(ui_context_menu_input(&m, NULL, &in), 0);

    three(&m);
    in = (ui_input){.mouse_x = 20, .mouse_y = 20, .mouse_dx = 1};
    in.pressed[UI_MOUSE_LEFT] = true;
    assert_int_equal(ui_context_menu_input(&m, NULL, &in), UI_CONTEXT_MENU_CLOSED);
    three(&m);
    in = (ui_input){.mouse_x = 150, .mouse_y = 130};
    in.pressed[UI_MOUSE_RIGHT] = true;
    assert_int_equal(ui_context_menu_input(&m, NULL, &in), UI_CONTEXT_MENU_CLOSED);
    three(&m);
    in = keys(UI_KEY_DOWN, UI_KEY_ESCAPE, 0);
    assert_int_equal(ui_context_menu_input(&m, NULL, &in), UI_CONTEXT_MENU_CLOSED);
    assert_false(m.open);
}

static void test_full(void **state)
{
    (void)state;
    ui_context_menu m;
    ui_context_menu_open(&m, 0, 0, "");
    for (int i = 0; i < UI_CONTEXT_MENU_MAX; i++)
        assert_int_equal(ui_context_menu_add(&m, true, "entry %d", i), i);
    assert_int_equal(ui_context_menu_add(&m, true, "one too many"), -1);
    assert_int_equal(m.count, UI_CONTEXT_MENU_MAX);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_keys_choose_and_skip_the_greyed),
        cmocka_unit_test(test_pointer_choose_and_close),
        cmocka_unit_test(test_full),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
