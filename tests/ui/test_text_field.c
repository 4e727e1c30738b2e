/* The one-line text field (ui/text_field.h): typed UTF-8 goes in whole, control characters do
 * not, Backspace takes a whole character, the limit is kept without cutting a character, and
 * text and keys typed in one frame keep their order (ui_input.key_text). */
#include "ui/text_field.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <cmocka.h>

static void type_in(ui_input *in, const char *text)
{
    size_t n = strlen(text);
    memcpy(in->text + in->text_len, text, n + 1);
    in->text_len += (int)n;
}

static void key_in(ui_input *in, int key, int mods)
{
    in->key_text[in->key_count] = in->text_len;
    in->key_mods[in->key_count] = mods;
    in->keys[in->key_count++] = key;
}

static void test_typing(void **state)
{
    (void)state;
    ui_text_field f = {0};
    ui_input in = {0};
    type_in(&in, "Pi\xc3\xb1"
                 "as\x07!");
    assert_true(ui_text_field_input(&f, &in));
    assert_string_equal(f.text, "Pi\xc3\xb1"
                                "as!"); /* the bell is dropped */
    ui_input_next_frame(&in);
    key_in(&in, UI_KEY_BACKSPACE, 0);
    key_in(&in, UI_KEY_BACKSPACE, 0);
    key_in(&in, UI_KEY_BACKSPACE, 0);
    ui_text_field_input(&f, &in);
    assert_string_equal(f.text, "Pi\xc3\xb1"); /* "!", "s", "a" */
    ui_input_next_frame(&in);
    key_in(&in, UI_KEY_BACKSPACE, 0);
    ui_text_field_input(&f, &in);
    assert_string_equal(f.text, "Pi"); /* the whole two-byte letter */
    ui_input_next_frame(&in);
    key_in(&in, 'u', UI_MOD_CTRL);
    assert_true(ui_text_field_input(&f, &in));
    assert_string_equal(f.text, "");
    ui_input_next_frame(&in);
    assert_false(ui_text_field_input(&f, &in)); /* nothing typed, nothing changed */
}

static void test_limit(void **state)
{
    (void)state;
    ui_text_field f = {.max = 5};
    ui_input in = {0};
    type_in(&in, "ab\xc3\xa9\xc3\xa9"); /* 6 bytes: the second letter does not fit whole */
    ui_text_field_input(&f, &in);
    assert_string_equal(f.text, "ab\xc3\xa9");
    ui_text_field_set(&f, "abcd\xc3\xa9xyz"); /* cut inside a letter: the letter goes */
    assert_string_equal(f.text, "abcd");
}

/* "47231" typed, Tab, "Ben" typed, Enter, all in one frame: each piece where it was typed. */
static void test_order(void **state)
{
    (void)state;
    ui_text_field a = {0}, b = {0};
    ui_input in = {0};
    type_in(&in, "47231");
    key_in(&in, UI_KEY_TAB, 0);
    type_in(&in, "Ben");
    key_in(&in, UI_KEY_RETURN, 0);
    ui_text_field *focus = &a;
    int at = 0, returned = -1;
    for (int i = 0; i < in.key_count; i++) {
        ui_text_field_type(focus, in.text + at, (size_t)(in.key_text[i] - at));
        at = in.key_text[i];
        if (in.keys[i] == UI_KEY_TAB)
            focus = &b;
        if (in.keys[i] == UI_KEY_RETURN)
            returned = i;
    }
    assert_string_equal(a.text, "47231");
    assert_string_equal(b.text, "Ben");
    assert_int_equal(returned, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_typing),
        cmocka_unit_test(test_limit),
        cmocka_unit_test(test_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
