#include "ui/text_field.h"

#include <stdio.h>
#include <string.h>

static size_t cap_of(const ui_text_field *f)
{
    return f->max && f->max < UI_TEXT_FIELD_MAX ? f->max : UI_TEXT_FIELD_MAX - 1;
}

void ui_text_field_set(ui_text_field *f, const char *text)
{
    size_t n = 0, cap = cap_of(f);
    for (const unsigned char *p = (const unsigned char *)(text ? text : ""); *p && n < cap; p++)
        if (*p >= 0x20 && *p != 0x7f)
            f->text[n++] = (char)*p;
    while (n > 0 && ((unsigned char)f->text[n - 1] & 0xc0) == 0x80)
        n--; /* a sequence cut at the end: dropped whole */
    if (n > 0 && ((unsigned char)f->text[n - 1] & 0x80))
        n--;
    f->text[n] = '\0';
}

/* The length of the UTF-8 sequence lead byte c starts (1 for a stray byte). */
static size_t seq_len(unsigned char c)
{
    return c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
}

static bool take_text(ui_text_field *f, const char *typed, size_t len)
{
    size_t n = strlen(f->text), cap = cap_of(f);
    bool changed = false;
    for (const unsigned char *p = (const unsigned char *)typed, *end = p + len; p < end && *p;) {
        size_t k = seq_len(*p);
        if ((size_t)(end - p) < k || strnlen((const char *)p, k) < k)
            break;
        if (*p >= 0x20 && *p != 0x7f && n + k <= cap) {
            memcpy(f->text + n, p, k);
            n += k;
            changed = true;
        }
        p += k;
    }
    f->text[n] = '\0';
    return changed;
}

static bool backspace(ui_text_field *f)
{
    size_t n = strlen(f->text);
    if (!n)
        return false;
    while (n > 0 && ((unsigned char)f->text[n - 1] & 0xc0) == 0x80)
        n--;
    if (n > 0)
        n--;
    f->text[n] = '\0';
    return true;
}

bool ui_text_field_type(ui_text_field *f, const char *text, size_t len)
{
    return len > 0 && take_text(f, text, len);
}

bool ui_text_field_key(ui_text_field *f, int key, int mods)
{
    if (key == UI_KEY_BACKSPACE)
        return backspace(f);
    if (key == 'u' && (mods & UI_MOD_CTRL) && f->text[0]) {
        f->text[0] = '\0'; /* Ctrl+U: the whole line */
        return true;
    }
    return false;
}

bool ui_text_field_input(ui_text_field *f, const ui_input *in)
{
    bool changed = false;
    int at = 0;
    for (int i = 0; i < in->key_count; i++) {
        changed |= ui_text_field_type(f, in->text + at, (size_t)(in->key_text[i] - at));
        at = in->key_text[i];
        changed |= ui_text_field_key(f, in->keys[i], in->key_mods[i]);
    }
    return ui_text_field_type(f, in->text + at, (size_t)(in->text_len - at)) || changed;
}

void ui_text_field_draw(const ui_text_field *f, render_ctx *ctx, float x, float y, float w, float h,
                        bool focused, const char *hint)
{
    float k = render_ui_scale(ctx);
    render_rect(ctx, x, y, w, h, 0x11151bff);
    render_rect_outline(ctx, x, y, w, h, focused ? 0x6fa0e8ffu : 0xffffff40u);
    char shown[UI_TEXT_FIELD_MAX * 3 + 4];
    if (f->secret) {
        size_t n = 0;
        for (const unsigned char *p = (const unsigned char *)f->text; *p; p++)
            if ((*p & 0xc0) != 0x80 && n + 1 < sizeof shown)
                shown[n++] = '*';
        shown[n] = '\0';
    } else {
        snprintf(shown, sizeof shown, "%s", f->text);
    }
    int tw, th;
    const char *start = shown;
    render_text_size(ctx, "Ag", 14, &tw, &th);
    float ty = y + (h - (float)th) / 2;
    if (!shown[0] && hint && !focused) {
        render_text(ctx, x + 8 * k, ty, hint, 14, 0x707a88ffu, RENDER_ALIGN_LEFT);
        return;
    }
    /* the end of a long text: the characters just typed stay in sight */
    for (render_text_size(ctx, start, 14, &tw, &th); *start && (float)tw > w - 24 * k;) {
        start += seq_len((unsigned char)*start);
        render_text_size(ctx, start, 14, &tw, &th);
    }
    if (*start)
        render_text(ctx, x + 8 * k, ty, start, 14, 0xf0f0f0ffu, RENDER_ALIGN_LEFT);
    else
        tw = 0;
    if (focused)
        render_rect(ctx, x + 9 * k + (float)tw, y + 5 * k, 2 * k, h - 10 * k, 0xf0f0f0ffu);
}
