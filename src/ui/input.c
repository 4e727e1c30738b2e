#include "ui/input.h"

#include <string.h>

bool ui_input_key(const ui_input *in, int key)
{
    for (int i = 0; i < in->key_count; i++)
        if (in->keys[i] == key)
            return true;
    return false;
}

void ui_input_next_frame(ui_input *in)
{
    memset(in->pressed, 0, sizeof in->pressed);
    memset(in->released, 0, sizeof in->released);
    memset(in->clicks, 0, sizeof in->clicks);
    in->wheel = 0;
    in->key_count = 0;
    in->text_len = 0;
    in->text[0] = '\0';
    in->mouse_dx = in->mouse_dy = 0;
}
