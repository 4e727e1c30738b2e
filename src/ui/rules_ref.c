#include "ui/rules_ref.h"

#include "core/config.h"
#include "core/file.h"
#include "core/mem.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define DOC_MAX_BYTES (4u << 20)

typedef enum block_kind {
    BLOCK_H1 = 0,
    BLOCK_H2,
    BLOCK_H3,
    BLOCK_PARA,
    BLOCK_ITEM,
    BLOCK_ROW,
    BLOCK_HEAD_ROW,
    BLOCK_CODE,
} block_kind;

typedef struct block {
    block_kind kind;
    int level; /* list nesting */
    char *text;
} block;

typedef struct vline {
    char *text;
    float size, x, y;
    uint32_t rgba;
} vline;

struct ui_rules_doc {
    bool found;
    char path[1400];
    char title[160];
    block *blocks;
    int count, cap;
    /* Laid out for one width (and ui scale). */
    vline *lines;
    int line_count, line_cap;
    float laid_w, laid_k, height;
};

/* ---- finding and reading ------------------------------------------------------------------- */

static bool id_ok(const char *id)
{
    if (!id || !id[0] || strlen(id) > 32)
        return false;
    for (const char *p = id; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '_' || *p == '-'))
            return false;
    return true;
}

bool ui_rules_doc_find(const char *rules_id, char *buf, size_t size)
{
    const char *roots[] = {".", config_source_dir(), SANDTABLE_SOURCE_DIR};
    char tried[1200] = "";
    size_t len = 0;
    for (int i = 0; i < 3 && id_ok(rules_id); i++) {
        if (!roots[i] || (i > 0 && roots[i - 1] && strcmp(roots[i], roots[i - 1]) == 0) ||
            (i == 2 && roots[0] && strcmp(roots[2], roots[0]) == 0))
            continue; /* the same folder named twice */
        char path[1100];
        snprintf(path, sizeof path, "%s/docs/rules/%s.md", roots[i], rules_id);
        FILE *f = fopen(path, "rb");
        if (f) {
            fclose(f);
            snprintf(buf, size, "%s", path);
            return true;
        }
        if (len + 8 < sizeof tried)
            len += (size_t)snprintf(tried + len, sizeof tried - len, "%s%s", len ? ", " : "", path);
    }
    snprintf(buf, size, "%s", id_ok(rules_id) ? tried : "(no rule set id)");
    return false;
}

/* ---- for players ------------------------------------------------------------------------- */

/* The summaries in docs/rules/ are written for the people who build the rule sets too: they name
 * files, tests, data keys and the seed texts. The screen shows them to players, so what only a
 * developer reads is left out here, once for every rule set: sections about the engine, code
 * spans that are identifiers, parentheses and sentences naming files or tests. */

static const char *const dev_sections[] = {
    "Commands", "engine",    "Scenario options", "Scenarios",
    "Room for", "On screen", "Left out",         "Code",
    "Tests",    "Files",     "Implementation",   "Data file",
    NULL,
};

static bool dev_section(const char *heading)
{
    for (int i = 0; dev_sections[i]; i++)
        if (strstr(heading, dev_sections[i]))
            return true;
    return false;
}

static const char *const dev_marks[] = {
    "src/",     "tests/",   "test_",      "Test:",      "Tests:", "Test ",    ".json",     ".md",
    "assets/",  "docs/",    "scenarios/", "meson",      "cmocka", "issue ",   "_ops",      "Code:",
    "Source:",  "registry", "SANDTABLE",  "sandtable ", "()",     "the code", "core/",     ".h)",
    "the test", "seed 0",   "Seed 0",     "seed 1",     "seed 2", "seed 3",   "dice seed", NULL,
};

/* A code span or a word that only a developer reads: a path, a data key, a command kind. */
static bool dev_word(const char *p, size_t n)
{
    int upper = 0, lower = 0;
    for (size_t i = 0; i < n; i++) {
        char c = p[i];
        if (c == '_' || c == '/' || c == '.' || c == '=' || c == '(' || c == '"' || c == '*')
            return true;
        upper += c >= 'A' && c <= 'Z';
        lower += c >= 'a' && c <= 'z';
    }
    return upper >= 4 && lower == 0;
}

static bool has_dev_mark(const char *p, size_t n)
{
    for (size_t k = 0; k + 4 <= n; k++) /* "seed" left over after the book's name went in */
        if (strncasecmp(p + k, "seed", 4) == 0)
            return true;
    for (int i = 0; dev_marks[i]; i++) {
        size_t m = strlen(dev_marks[i]);
        for (size_t k = 0; k + m <= n; k++)
            if (memcmp(p + k, dev_marks[i], m) == 0)
                return true;
    }
    for (size_t k = 0; k < n; k++) { /* `code` spans and ALL_CAPS words */
        if (p[k] == '`') {
            size_t e = k + 1;
            while (e < n && p[e] != '`')
                e++;
            if (dev_word(p + k + 1, e - k - 1))
                return true;
            k = e;
        } else if ((k == 0 || p[k - 1] == ' ' || p[k - 1] == '(') && p[k] >= 'A' && p[k] <= 'Z') {
            size_t e = k;
            while (e < n && ((p[e] >= 'A' && p[e] <= 'Z') || p[e] == '_'))
                e++;
            if (e - k >= 4 && (e == n || !(p[e] >= 'a' && p[e] <= 'z')))
                return true;
            k = e;
        }
    }
    return false;
}

typedef struct sbuf {
    char *p;
    size_t len, size;
} sbuf;

static void sbuf_put(sbuf *b, const char *s, size_t n)
{
    if (b->len + n + 1 > b->size)
        n = b->size > b->len + 1 ? b->size - b->len - 1 : 0;
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = 0;
}

static void sbuf_puts(sbuf *b, const char *s)
{
    sbuf_put(b, s, strlen(s));
}

/* Parentheses naming a file, a test, a data key or a seed go; in a heading (heading_book set)
 * also those citing the rule book. */
static void drop_dev_parens(const char *in, const char *heading_book, sbuf *out)
{
    for (const char *p = in; *p;) {
        if (*p == '(') {
            int depth = 0;
            const char *e = p;
            for (; *e; e++) {
                depth += *e == '(';
                depth -= *e == ')';
                if (depth == 0)
                    break;
            }
            size_t n = (size_t)(e - p - 1);
            bool code_only = n >= 2 && p[1] == '`' && e[-1] == '`'; /* "(`lcr`)" */
            /* a heading's "(Little Colonial Rules, Shooting)": the screen names the book */
            bool book = heading_book && strncmp(p + 1, heading_book, strlen(heading_book)) == 0;
            if (*e == ')' && (code_only || book || has_dev_mark(p + 1, n))) {
                while (out->len && out->p[out->len - 1] == ' ')
                    out->p[--out->len] = 0;
                p = e + 1;
                continue;
            }
        }
        sbuf_put(out, p++, 1);
    }
}

/* The source texts are the rule book to a player: their numbered names become the book's name, "the
 * seed" the rule book. */
static void seed_as_book(const char *in, const char *book, sbuf *out)
{
    /* the seed texts are the rule book to a player */
    static const char *const as_book[][2] = {
        {"The seed's", "The rule book's"}, {"the seed's", "the rule book's"},
        {"the seeds", "the rule books"},   {"The seed", "The rule book"},
        {"the seed", "the rule book"},
    };
    for (const char *q = in; *q;) {
        bool hit = false;
        for (size_t k = 0; k < sizeof as_book / sizeof as_book[0] && !hit; k++) {
            size_t m = strlen(as_book[k][0]);
            if (strncmp(q, as_book[k][0], m) == 0) {
                sbuf_puts(out, as_book[k][1]);
                q += m;
                hit = true;
            }
        }
        if (!hit && (strncmp(q, "seed ", 5) == 0 || strncmp(q, "Seed ", 5) == 0) && q[5] >= '0' &&
            q[5] <= '9') {
            sbuf_puts(out, book);
            q += 5;
            while (*q >= '0' && *q <= '9')
                q++;
            hit = true;
        }
        if (!hit)
            sbuf_put(out, q++, 1);
    }
}

/* Sentences naming a file, a test or a seed go. */
static void drop_dev_sentences(const char *in, sbuf *out)
{
    const char *p = in;
    while (*p) {
        const char *e = p;
        while (*e &&
               !(*e == '.' && (e[1] == ' ' || e[1] == 0) &&
                 !(e > p && e[-1] >= '0' && e[-1] <= '9' && e[1] && e[2] >= '0' && e[2] <= '9')))
            e++;
        if (*e)
            e++;
        size_t n = (size_t)(e - p);
        char sentence[2000];
        snprintf(sentence, sizeof sentence, "%.*s", (int)n, p);
        if (!has_dev_mark(sentence, n))
            sbuf_puts(out, sentence);
        p = e;
    }
    while (out->len && out->p[out->len - 1] == ' ')
        out->p[--out->len] = 0;
}

static void player_text(const char *md, const char *book, bool heading, char *out, size_t size)
{
    static const char assumed[] = "***assumed***";
    char *a = mem_calloc(1, 16000), *b = mem_calloc(1, 16000);
    sbuf sa = {a, 0, 16000};
    for (const char *p = md; *p;) {
        if (strncmp(p, assumed, sizeof assumed - 1) == 0) {
            p += sizeof assumed - 1;
            if (*p == ':')
                p++;
            sbuf_puts(&sa, "house rule: the rule book is silent here");
            if (*p == ' ' && p[1] && p[1] != '(')
                sbuf_puts(&sa, " \u2014");
        } else {
            sbuf_put(&sa, p++, 1);
        }
    }
    sbuf sb = {b, 0, 16000};
    seed_as_book(a, book && book[0] ? book : "the rule book", &sb);
    sa.len = 0;
    a[0] = 0;
    const char *bk = book && book[0] ? book : "the rule book";
    drop_dev_parens(b, heading ? bk : NULL, &sa);
    sbuf so = {out, 0, size};
    out[0] = 0;
    drop_dev_sentences(a, &so);
    size_t lead = strspn(out, " ");
    memmove(out, out + lead, strlen(out + lead) + 1);
    free(a);
    free(b);
}

const char *ui_rules_player_text(const char *md, const char *book, char *out, size_t size)
{
    player_text(md, book, md[0] == '#', out, size);
    return out;
}

static void add_block(ui_rules_doc *d, block_kind kind, int level, const char *text)
{
    mem_grow((void **)&d->blocks, &d->cap, d->count + 1, sizeof *d->blocks);
    d->blocks[d->count++] = (block){kind, level, mem_strdup(text)};
}

/* Markdown emphasis, code and links read as plain words; "***assumed***" stays visible. */
static void plain_inline(const char *in, char *out, size_t size)
{
    size_t o = 0;
    for (const char *p = in; *p && o + 12 < size;) {
        if (strncmp(p, "***assumed***", 13) == 0) {
            o += (size_t)snprintf(out + o, size - o, "[assumed]");
            p += 13;
        } else if ((*p == '*' && !(p > in && p[-1] == '_')) || *p == '`') {
            /* emphasis and code marks go; a glob after a name prefix ("lcr_deck_*") stays */
            p++;
        } else if (*p == '[' && strchr(p, ']') && strchr(p, ']')[1] == '(' &&
                   strchr(strchr(p, ']'), ')')) {
            const char *close = strchr(p, ']');
            size_t n = (size_t)(close - p - 1);
            n = n < size - o - 1 ? n : size - o - 1;
            memcpy(out + o, p + 1, n);
            o += n;
            p = strchr(close, ')') + 1;
        } else {
            out[o++] = *p++;
        }
    }
    out[o] = 0;
}

/* A block as a player reads it (ui_rules_player_text), "" when nothing is left of it. */
static void add_player_block(ui_rules_doc *d, block_kind kind, int level, const char *md)
{
    char *words = mem_calloc(1, 8000), *plain = mem_calloc(1, 8000);
    player_text(md, d->title, kind <= BLOCK_H3, words, 8000);
    plain_inline(words, plain, 8000);
    if (plain[0] && strcmp(plain, "-") != 0)
        add_block(d, kind, level, plain);
    free(words);
    free(plain);
}

static bool table_separator(const char *s)
{
    for (; *s; s++)
        if (!strchr("|-: \t", *s))
            return false;
    return true;
}

static void table_row(ui_rules_doc *d, const char *line, bool head)
{
    char out[2000] = "";
    size_t o = 0;
    const char *p = line + 1;
    while (*p) {
        const char *bar = strchr(p, '|');
        size_t n = bar ? (size_t)(bar - p) : strlen(p);
        while (n && (*p == ' '))
            p++, n--;
        while (n && p[n - 1] == ' ')
            n--;
        if (n && o + n + 8 < sizeof out)
            o += (size_t)snprintf(out + o, sizeof out - o, "%s%.*s", o ? "   |   " : "", (int)n, p);
        if (!bar)
            break;
        p = bar + 1;
    }
    add_player_block(d, head ? BLOCK_HEAD_ROW : BLOCK_ROW, 0, out);
}

typedef struct parser {
    char para[8000];
    block_kind kind;
    int level;
    bool open, code, in_table;
    int skip_level; /* > 0: inside a section for developers, up to a heading this high */
} parser;

static void flush(ui_rules_doc *d, parser *ps)
{
    if (ps->open && ps->para[0] && !ps->skip_level)
        add_player_block(d, ps->kind, ps->level, ps->para);
    ps->open = false;
    ps->para[0] = 0;
}

static void append(parser *ps, const char *text)
{
    size_t len = strlen(ps->para);
    snprintf(ps->para + len, sizeof ps->para - len, "%s%s", len ? " " : "", text);
}

static bool list_marker(const char *s, const char **rest)
{
    if ((s[0] == '-' || s[0] == '*') && s[1] == ' ') {
        *rest = s + 2;
        return true;
    }
    const char *p = s;
    while (*p >= '0' && *p <= '9')
        p++;
    if (p > s && p[0] == '.' && p[1] == ' ') {
        *rest = s; /* keep the number */
        return true;
    }
    return false;
}

static void parse_line(ui_rules_doc *d, parser *ps, char *line)
{
    size_t n = strlen(line);
    while (n && (line[n - 1] == '\r' || line[n - 1] == ' '))
        line[--n] = 0;
    int indent = 0;
    while (line[indent] == ' ')
        indent++;
    const char *s = line + indent, *rest;
    if (strncmp(s, "```", 3) == 0) {
        flush(d, ps);
        ps->code = !ps->code;
        return;
    }
    if (ps->code)
        return; /* code and data samples are for developers */
    bool row = s[0] == '|';
    if (!row)
        ps->in_table = false;
    if (!s[0]) {
        flush(d, ps);
    } else if (s[0] == '#' && indent == 0) {
        flush(d, ps);
        int level = 0;
        while (s[level] == '#')
            level++;
        if (ps->skip_level && level <= ps->skip_level)
            ps->skip_level = 0;
        if (ps->skip_level || (level >= 2 && dev_section(s))) {
            ps->skip_level = ps->skip_level ? ps->skip_level : level;
            return;
        }
        add_player_block(d,
                         level <= 1   ? BLOCK_H1
                         : level == 2 ? BLOCK_H2
                                      : BLOCK_H3,
                         0, s + level + (s[level] == ' '));
    } else if (ps->skip_level) {
        ps->open = false;
    } else if (row) {
        flush(d, ps);
        if (!table_separator(s))
            table_row(d, s, !ps->in_table);
        ps->in_table = true;
    } else if (list_marker(s, &rest)) {
        flush(d, ps);
        ps->open = true;
        ps->kind = BLOCK_ITEM;
        ps->level = indent / 2;
        append(ps, rest);
    } else {
        if (!ps->open) {
            ps->open = true;
            ps->kind = BLOCK_PARA;
            ps->level = 0;
        }
        append(ps, s);
    }
}

static void parse(ui_rules_doc *d, char *text)
{
    parser *ps = mem_calloc(1, sizeof *ps);
    for (char *line = text; line && *line;) {
        char *nl = strchr(line, '\n');
        if (nl)
            *nl = 0;
        parse_line(d, ps, line);
        line = nl ? nl + 1 : NULL;
    }
    flush(d, ps);
    free(ps);
}

ui_rules_doc *ui_rules_doc_load(const char *rules_id, const char *rules_name)
{
    ui_rules_doc *d = mem_calloc(1, sizeof *d);
    snprintf(d->title, sizeof d->title, "%s", rules_name && rules_name[0] ? rules_name : "?");
    d->found = ui_rules_doc_find(rules_id, d->path, sizeof d->path);
    char *text = NULL;
    size_t len = 0;
    int errnum = 0;
    if (d->found && file_read_all(d->path, DOC_MAX_BYTES, &text, &len, &errnum) != FILE_OK) {
        char line[1600];
        snprintf(line, sizeof line, "%s cannot be read: %s", d->path,
                 errnum ? strerror(errnum) : "too large");
        add_block(d, BLOCK_H2, 0, "The rules summary cannot be read");
        add_block(d, BLOCK_PARA, 0, line);
        d->found = false;
        return d;
    }
    if (!d->found) {
        char line[1600];
        snprintf(line, sizeof line,
                 "There is no summary of the rule set \"%s\" to show: docs/rules/%s.md was not "
                 "found. Looked in: %s.",
                 rules_id ? rules_id : "", rules_id ? rules_id : "?", d->path);
        add_block(d, BLOCK_H2, 0, "The rules summary is missing");
        add_block(d, BLOCK_PARA, 0, line);
        add_block(d, BLOCK_PARA, 0,
                  "Run sandtable from its source folder, or set SANDTABLE_SOURCE_DIR to it. "
                  "The event log (E) still explains every roll with its rule reference.");
        return d;
    }
    parse(d, text);
    free(text);
    return d;
}

void ui_rules_doc_destroy(ui_rules_doc *d)
{
    if (!d)
        return;
    for (int i = 0; i < d->count; i++)
        free(d->blocks[i].text);
    for (int i = 0; i < d->line_count; i++)
        free(d->lines[i].text);
    free(d->blocks);
    free(d->lines);
    free(d);
}

bool ui_rules_doc_found(const ui_rules_doc *d)
{
    return d->found;
}

const char *ui_rules_doc_path(const ui_rules_doc *d)
{
    return d->path;
}

int ui_rules_doc_blocks(const ui_rules_doc *d)
{
    return d->count;
}

const char *ui_rules_doc_block_text(const ui_rules_doc *d, int i)
{
    return i >= 0 && i < d->count ? d->blocks[i].text : "";
}

/* ---- layout -------------------------------------------------------------------------------- */

static void add_vline(ui_rules_doc *d, const char *text, size_t n, float size, float x, float y,
                      uint32_t rgba)
{
    mem_grow((void **)&d->lines, &d->line_cap, d->line_count + 1, sizeof *d->lines);
    char *t = mem_calloc(n + 1, 1);
    memcpy(t, text, n);
    d->lines[d->line_count++] = (vline){t, size, x, y, rgba};
}

/* Wraps a block's text into visual lines from y; returns the y below them. */
static float wrap_block(ui_rules_doc *d, render_ctx *ctx, const char *text, float size, float x,
                        float y, float maxw, float line_h, uint32_t rgba)
{
    const char *p = text;
    while (*p) {
        size_t best = render_text_line_len(ctx, p, size, maxw);
        add_vline(d, p, best, size, x, y, rgba);
        y += line_h;
        p += best;
        while (*p == ' ')
            p++;
    }
    return y;
}

static void layout(ui_rules_doc *d, render_ctx *ctx, float w)
{
    float k = render_ui_scale(ctx);
    if (d->laid_w == w && d->laid_k == k)
        return;
    for (int i = 0; i < d->line_count; i++)
        free(d->lines[i].text);
    d->line_count = 0;
    float y = 0;
    for (int i = 0; i < d->count; i++) {
        const block *b = &d->blocks[i];
        static const float sizes[] = {19, 16, 14, 12.5f, 12.5f, 11.5f, 11.5f, 11.5f};
        static const uint32_t colours[] = {0xffe9a8ff, 0xffe9a8ff, 0xd8e4ffff, 0xe8ecf0ff,
                                           0xe8ecf0ff, 0xd0d8e0ff, 0xffffffff, 0xb8f0b0ff};
        float size = sizes[b->kind], line_h = (size + 5) * k;
        float x = b->kind == BLOCK_ITEM ? (14 + 16 * b->level) * k : 0;
        if (b->kind <= BLOCK_H3)
            y += (b->kind == BLOCK_H3 ? 6 : 12) * k;
        if (b->kind == BLOCK_ITEM)
            add_vline(d, "-", 1, size, x - 10 * k, y, colours[b->kind]);
        y = wrap_block(d, ctx, b->text, size, x, y, w - x, line_h, colours[b->kind]);
        if (b->kind == BLOCK_PARA || b->kind <= BLOCK_H3)
            y += 5 * k;
    }
    d->height = y;
    d->laid_w = w;
    d->laid_k = k;
}

float ui_rules_doc_draw(ui_rules_doc *d, render_ctx *ctx, float x, float y, float w, float h,
                        float scroll)
{
    layout(d, ctx, w);
    for (int i = 0; i < d->line_count; i++) {
        const vline *l = &d->lines[i];
        float ly = y + l->y - scroll;
        if (ly < y - 1 || ly + (l->size + 5) * d->laid_k > y + h + 1)
            continue; /* whole lines only */
        render_text(ctx, x + l->x, ly, l->text, l->size, l->rgba, RENDER_ALIGN_LEFT);
    }
    return d->height;
}

/* ---- the screen ---------------------------------------------------------------------------- */

typedef struct rules_ref {
    ui_rules_doc *doc;
    float scroll, view_h, content_h;
    char heading[256];
} rules_ref;

static void ref_input(ui_screen *s, ui_app *app, const ui_input *in)
{
    rules_ref *r = s->data;
    for (int i = 0; i < in->key_count; i++) {
        int key = in->keys[i];
        if (key == UI_KEY_ESCAPE || key == UI_KEY_F1 || key == 'q') {
            ui_app_pop(app);
            return;
        }
        float page = r->view_h * 0.9f;
        r->scroll += key == UI_KEY_DOWN ? 40 : key == UI_KEY_UP ? -40 : key == ' ' ? page : 0;
        if (key == UI_KEY_HOME)
            r->scroll = 0;
    }
    r->scroll -= in->wheel * 60;
    if (in->pressed[UI_MOUSE_RIGHT]) {
        ui_app_pop(app);
        return;
    }
}

static void ref_draw(ui_screen *s, ui_app *app, render_ctx *ctx)
{
    (void)app;
    rules_ref *r = s->data;
    int w, h;
    render_output_size(ctx, &w, &h);
    float k = render_ui_scale(ctx), mx = fmaxf(20 * k, (w - 900 * k) / 2), top = 70 * k;
    render_rect(ctx, 0, 0, (float)w, (float)h, 0x0c1014ff);
    render_text(ctx, mx, 14 * k, r->heading, 17, 0xffffffff, RENDER_ALIGN_LEFT);
    render_text(ctx, mx, 40 * k,
                ui_rules_doc_found(r->doc) ? "The rule book in our words; a house rule fills each "
                                             "place where it is silent."
                                           : ui_rules_doc_path(r->doc),
                10.5f, ui_rules_doc_found(r->doc) ? 0x8fb4d8ff : 0xffb070ff, RENDER_ALIGN_LEFT);
    render_text(ctx, w - mx, 16 * k, "Esc closes   wheel / arrows / Space scroll", 11, 0x9aa6b4ff,
                RENDER_ALIGN_RIGHT);
    r->view_h = h - top - 16 * k;
    float max_scroll = r->content_h > r->view_h ? r->content_h - r->view_h : 0;
    r->scroll = r->scroll < 0 ? 0 : r->scroll > max_scroll ? max_scroll : r->scroll;
    r->content_h = ui_rules_doc_draw(r->doc, ctx, mx, top, w - 2 * mx, r->view_h, r->scroll);
    if (max_scroll > 0) { /* a scroll bar */
        float bar_h = r->view_h * r->view_h / r->content_h;
        float bar_y = top + (r->view_h - bar_h) * r->scroll / max_scroll;
        render_rect(ctx, w - 10 * k, bar_y, 4 * k, bar_h, 0x8a96a8c0);
    }
}

static void ref_destroy(ui_screen *s)
{
    rules_ref *r = s->data;
    ui_rules_doc_destroy(r->doc);
    free(r);
    free(s);
}

ui_screen *ui_rules_ref_create(ui_app *app)
{
    const rules_ops *ops = game_rules(app->game);
    rules_ref *r = mem_calloc(1, sizeof *r);
    r->doc = ui_rules_doc_load(ops ? ops->id : NULL, ops ? ops->name : NULL);
    snprintf(r->heading, sizeof r->heading, "Rules reference: %s",
             ops && ops->name ? ops->name : "?");
    ui_screen *s = mem_calloc(1, sizeof *s);
    *s = (ui_screen){.name = "rules",
                     .modal = true,
                     .input = ref_input,
                     .draw = ref_draw,
                     .destroy = ref_destroy,
                     .data = r};
    return s;
}
