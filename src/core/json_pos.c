/* A small forward walker over JSON text that jansson has already accepted, and JSON paths. */
#include "core/json_pos.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct scan {
    const char *s;
    size_t len;
    size_t p;
} scan;

static void skip_ws(scan *sc)
{
    while (sc->p < sc->len && strchr(" \t\r\n", sc->s[sc->p]) && sc->s[sc->p] != '\0')
        sc->p++;
}

static bool at(const scan *sc, char ch)
{
    return sc->p < sc->len && sc->s[sc->p] == ch;
}

/* Skips a string starting at its opening quote. */
static void skip_string(scan *sc)
{
    sc->p++;
    while (sc->p < sc->len && sc->s[sc->p] != '"')
        sc->p += sc->s[sc->p] == '\\' ? 2 : 1;
    sc->p++;
}

/* Skips any value; nesting is counted, not recursed into. */
static void skip_value(scan *sc)
{
    int depth = 0;
    do {
        if (sc->p >= sc->len)
            return;
        char ch = sc->s[sc->p];
        if (ch == '"') {
            skip_string(sc);
        } else if (ch == '{' || ch == '[') {
            depth++;
            sc->p++;
        } else if (ch == '}' || ch == ']') {
            depth--;
            sc->p++;
        } else if (depth > 0) {
            sc->p++; /* commas, colons, blanks and scalars inside a container */
        } else {
            while (sc->p < sc->len && !strchr(",}] \t\r\n", sc->s[sc->p]))
                sc->p++;
        }
    } while (depth > 0);
}

static int hex_value(const char *h)
{
    int v = 0;
    for (int i = 0; i < 4; i++) {
        char ch = h[i];
        int d = ch >= '0' && ch <= '9'   ? ch - '0'
                : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10
                : ch >= 'A' && ch <= 'F' ? ch - 'A' + 10
                                         : 0;
        v = v * 16 + d;
    }
    return v;
}

static size_t put_utf8(char *out, long cp)
{
    if (cp < 0x80) {
        out[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (char)(0xC0 | (cp >> 6));
        out[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char)(0xE0 | (cp >> 12));
        out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        out[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | (cp >> 18));
    out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
    out[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

/* Decodes the escape at s[*p] (just after the backslash) into out; returns bytes written. */
static size_t decode_escape(const char *s, size_t len, size_t *p, char *out)
{
    char e = s[*p];
    (*p)++;
    const char *plain = strchr("\"\\/bfnrt", e);
    if (plain && e != '\0') {
        static const char map[] = "\"\\/\b\f\n\r\t";
        out[0] = map[plain - "\"\\/bfnrt"];
        return 1;
    }
    if (*p + 4 > len)
        return 0;
    long cp = hex_value(s + *p);
    *p += 4;
    if (cp >= 0xD800 && cp < 0xDC00 && *p + 6 <= len && s[*p] == '\\' && s[*p + 1] == 'u') {
        long lo = hex_value(s + *p + 2);
        *p += 6;
        cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
    }
    return put_utf8(out, cp);
}

/* True when the string at sc->p (its opening quote) decodes to `key`; leaves sc after it. */
static bool string_equals(scan *sc, const char *key)
{
    size_t start = sc->p;
    skip_string(sc);
    size_t end = sc->p - 1; /* closing quote */
    size_t klen = strlen(key), k = 0;
    char buf[4];
    for (size_t q = start + 1; q < end && q < sc->len;) {
        size_t n = 1;
        if (sc->s[q] == '\\') {
            q++;
            n = decode_escape(sc->s, sc->len, &q, buf);
        } else {
            buf[0] = sc->s[q++];
        }
        if (k + n > klen || memcmp(key + k, buf, n) != 0)
            return false;
        k += n;
    }
    return k == klen;
}

/* Moves into the member `key` of the object at sc->p; *key_pos gets the key's offset. */
static bool enter_key(scan *sc, const char *key, size_t *key_pos)
{
    if (!at(sc, '{'))
        return false;
    sc->p++;
    for (;;) {
        skip_ws(sc);
        if (!at(sc, '"'))
            return false;
        *key_pos = sc->p;
        bool match = string_equals(sc, key);
        skip_ws(sc);
        if (!at(sc, ':'))
            return false;
        sc->p++;
        skip_ws(sc);
        if (match)
            return true;
        skip_value(sc);
        skip_ws(sc);
        if (!at(sc, ','))
            return false;
        sc->p++;
    }
}

static bool enter_index(scan *sc, int index)
{
    if (!at(sc, '['))
        return false;
    sc->p++;
    for (int i = 0;; i++) {
        skip_ws(sc);
        if (at(sc, ']') || sc->p >= sc->len)
            return false;
        if (i == index)
            return true;
        skip_value(sc);
        skip_ws(sc);
        if (!at(sc, ','))
            return false;
        sc->p++;
    }
}

/* Line and column (in characters, not UTF-8 continuation bytes) of an offset. */
static void line_column(const char *s, size_t off, int *line, int *column)
{
    int l = 1, col = 1;
    for (size_t i = 0; i < off; i++) {
        unsigned char ch = (unsigned char)s[i];
        if (ch == '\n') {
            l++;
            col = 1;
        } else if ((ch & 0xC0) != 0x80) {
            col++;
        }
    }
    *line = l;
    *column = col;
}

bool json_pos_find(const char *text, size_t len, const json_pos_seg *path, int n, bool want_key,
                   int *line, int *column)
{
    scan sc = {text, len, 0};
    skip_ws(&sc);
    size_t found = sc.p; /* the deepest part found so far */
    bool ok = true;
    for (int i = 0; i < n && ok; i++) {
        size_t key_pos = sc.p;
        ok = path[i].key ? enter_key(&sc, path[i].key, &key_pos) : enter_index(&sc, path[i].index);
        if (ok)
            found = want_key && i == n - 1 && path[i].key ? key_pos : sc.p;
    }
    line_column(text, found < len ? found : len, line, column);
    return ok;
}

static bool is_identifier(const char *k)
{
    if (!*k || (*k >= '0' && *k <= '9'))
        return false;
    for (; *k; k++)
        if (!((*k >= 'a' && *k <= 'z') || (*k >= 'A' && *k <= 'Z') || (*k >= '0' && *k <= '9') ||
              *k == '_' || *k == '$'))
            return false;
    return true;
}

const char *json_pos_format(const json_pos_seg *path, int n, char *buf, size_t size)
{
    size_t used = 0;
    int w = snprintf(buf, size, "$");
    used = w > 0 ? (size_t)w : 0;
    for (int i = 0; i < n && used < size; i++) {
        if (!path[i].key)
            w = snprintf(buf + used, size - used, "[%d]", path[i].index);
        else if (is_identifier(path[i].key))
            w = snprintf(buf + used, size - used, ".%s", path[i].key);
        else
            w = snprintf(buf + used, size - used, "[\"%.40s\"]", path[i].key);
        used += w > 0 ? (size_t)w : 0;
    }
    return buf;
}

/* One step at buf[*i], whose first character `delim` ('.' or '[') may already have been
 * overwritten by the NUL ending the previous key: ".key", "[n]" or ["key"]. */
static bool parse_step(char *buf, size_t *i, char delim, json_pos_seg *seg)
{
    if (delim == '.') {
        size_t start = ++*i;
        *i += strcspn(buf + start, ".[");
        if (*i == start)
            return false;
        *seg = (json_pos_seg){buf + start, 0};
        return true;
    }
    if (delim != '[')
        return false;
    if (buf[*i + 1] == '"') {
        char *end = strstr(buf + *i + 2, "\"]");
        if (!end)
            return false;
        *seg = (json_pos_seg){buf + *i + 2, 0};
        *end = '\0';
        *i = (size_t)(end - buf) + 2;
        return true;
    }
    char *end;
    long index = strtol(buf + *i + 1, &end, 10);
    if (end == buf + *i + 1 || *end != ']' || index < 0 || index > 1000000000)
        return false;
    *seg = (json_pos_seg){NULL, (int)index};
    *i = (size_t)(end - buf) + 1;
    return true;
}

int json_pos_parse(const char *path, char *buf, size_t size, json_pos_seg *steps, int max)
{
    if (!path || path[0] != '$' || strlen(path) >= size)
        return -1;
    strcpy(buf, path);
    size_t len = strlen(buf), i = 1;
    char delim = buf[1];
    int n = 0;
    while (i < len) {
        if (n == max || !parse_step(buf, &i, delim, &steps[n++]))
            return -1;
        delim = buf[i];
        buf[i] = '\0'; /* ends a ".key" step; the delimiter lives on in `delim` */
    }
    return n;
}
