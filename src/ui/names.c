#include "ui/names.h"

#include <ctype.h>
#include <string.h>

static bool word_char(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

/* True when `name` stands in `text` as whole words. */
static bool names_word(const char *text, const char *name)
{
    size_t len = strlen(name);
    if (len < 2)
        return false;
    for (const char *p = strstr(text, name); p; p = strstr(p + 1, name)) {
        bool start = p == text || !word_char(p[-1]);
        bool end = !word_char(p[len]);
        if (start && end)
            return true;
    }
    return false;
}

static bool seen(const figure_id *out, int n, figure_id id)
{
    for (int i = 0; i < n; i++)
        if (out[i].id == id.id)
            return true;
    return false;
}

int ui_names_find(const table *t, const char *text, figure_id *out, int max)
{
    int n = 0;
    if (!t || !text || !text[0])
        return 0;
    for (int i = 0; i < t->figure_count && n < max; i++)
        if (names_word(text, t->figures[i].name))
            out[n++] = t->figures[i].id;
    for (int u = 0; u < t->unit_count && n < max; u++) {
        if (!names_word(text, t->units[u].name))
            continue;
        for (int i = 0; i < t->figure_count && n < max; i++)
            if (t->figures[i].unit.id == t->units[u].id.id && table_figure_active(&t->figures[i]) &&
                !seen(out, n, t->figures[i].id))
                out[n++] = t->figures[i].id;
    }
    return n;
}

void ui_names_clear(ui_names *n)
{
    n->count = 0;
}

bool ui_names_has(const ui_names *n, figure_id id)
{
    return id.id && seen(n->ids, n->count, id);
}

void ui_names_add(ui_names *n, figure_id id)
{
    if (id.id && n->count < UI_NAMES_MAX && !ui_names_has(n, id))
        n->ids[n->count++] = id;
}

void ui_names_add_text(ui_names *n, const table *t, const char *text)
{
    figure_id ids[UI_NAMES_MAX];
    int k = ui_names_find(t, text, ids, UI_NAMES_MAX);
    for (int i = 0; i < k; i++)
        ui_names_add(n, ids[i]);
}
