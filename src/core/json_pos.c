/* A small forward walker over JSON text that jansson has already accepted. */
#include "core/json_pos.h"

#include <stdio.h>
#include <string.h>

typedef struct walker {
    const char *s;
    size_t len, i;
} walker;

static void skip_ws(walker *w)
{
    while (w->i < w->len && strchr(" \t\r\n", w->s[w->i]) && w->s[w->i])
        w->i++;
}

static void skip_string(walker *w)
{
    w->i++; /* the opening quote */
    while (w->i < w->len && w->s[w->i] != '"')
        w->i += w->s[w->i] == '\\' ? 2 : 1;
    w->i++;
}

/* Skips one value; nesting is counted, not recursed. */
static void skip_value(walker *w)
{
    int depth = 0;
    do {
        if (w->i >= w->len)
            return;
        char c = w->s[w->i];
        if (c == '"') {
            skip_string(w);
        } else if (c == '{' || c == '[') {
            depth++;
            w->i++;
        } else if (c == '}' || c == ']') {
            depth--;
            w->i++;
        } else if (depth > 0 || !strchr(",]} \t\r\n", c)) {
            w->i++;
        } else {
            return;
        }
    } while (depth > 0 || (w->i < w->len && !strchr(",]} \t\r\n", w->s[w->i])));
}

/* Compares the string at the walker (raw bytes between the quotes) with key, and skips it. */
static bool read_key(walker *w, const char *key)
{
    size_t start = w->i + 1;
    skip_string(w);
    size_t n = w->i - 1 - start;
    return n == strlen(key) && memcmp(w->s + start, key, n) == 0;
}

/* Moves into the member `key` of the object at the walker; *key_at gets the key's position. */
static bool step_key(walker *w, const char *key, size_t *key_at)
{
    if (w->i >= w->len || w->s[w->i] != '{')
        return false;
    w->i++;
    for (;;) {
        skip_ws(w);
        if (w->i >= w->len || w->s[w->i] != '"')
            return false;
        *key_at = w->i;
        bool match = read_key(w, key);
        skip_ws(w);
        w->i++; /* ':' */
        skip_ws(w);
        if (match)
            return true;
        skip_value(w);
        skip_ws(w);
        if (w->i >= w->len || w->s[w->i] != ',')
            return false;
        w->i++;
    }
}

static bool step_index(walker *w, int index)
{
    if (w->i >= w->len || w->s[w->i] != '[')
        return false;
    w->i++;
    for (int k = 0;; k++) {
        skip_ws(w);
        if (w->i >= w->len || w->s[w->i] == ']')
            return false;
        if (k == index)
            return true;
        skip_value(w);
        skip_ws(w);
        if (w->i >= w->len || w->s[w->i] != ',')
            return false;
        w->i++;
    }
}

static void line_column(const char *s, size_t at, int *line, int *column)
{
    *line = 1;
    *column = 1;
    for (size_t i = 0; i < at; i++) {
        if (s[i] == '\n') {
            (*line)++;
            *column = 1;
        } else if (((unsigned char)s[i] & 0xC0) != 0x80) {
            (*column)++;
        }
    }
}

bool json_pos_find(const char *text, size_t len, const json_pos_seg *path, int n, bool want_key,
                   int *line, int *column)
{
    walker w = {text, len, 0};
    skip_ws(&w);
    size_t found = w.i;
    bool ok = true;
    for (int k = 0; k < n && ok; k++) {
        size_t key_at = w.i;
        ok = path[k].key ? step_key(&w, path[k].key, &key_at) : step_index(&w, path[k].index);
        if (ok)
            found = (want_key && k == n - 1 && path[k].key) ? key_at : w.i;
    }
    line_column(text, found < len ? found : len, line, column);
    return ok;
}

static bool is_ident(const char *s)
{
    if (!s[0])
        return false;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || *s == '_' ||
              (*s >= '0' && *s <= '9')))
            return false;
    return true;
}

const char *json_pos_format(const json_pos_seg *path, int n, char *buf, size_t size)
{
    size_t used = (size_t)snprintf(buf, size, "$");
    for (int k = 0; k < n && used < size; k++) {
        int m;
        if (path[k].key && is_ident(path[k].key))
            m = snprintf(buf + used, size - used, ".%s", path[k].key);
        else if (path[k].key)
            m = snprintf(buf + used, size - used, "[\"%s\"]", path[k].key);
        else
            m = snprintf(buf + used, size - used, "[%d]", path[k].index);
        if (m < 0)
            break;
        used += (size_t)m;
    }
    return buf;
}
