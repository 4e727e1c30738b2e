#include "ui/event_log.h"

#include "core/mem.h"
#include "ui/names.h"
#include "ui/referee.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EXPLAIN_MAX 96

#define TEXT_RGBA    0xe8ecf0ffu
#define DICE_RGBA    0xffe9a8ffu
#define REF_RGBA     0x8fb4d8ffu
#define LOSS_RGBA    0xffa090ffu
#define MOD_RGBA     0xb8f0b0ffu
#define REFUSE_RGBA  0xffb070ffu
#define HEADER_RGBA  0xffffffffu
#define DIM_RGBA     0x9aa6b4ffu
#define REFEREE_RGBA ((UI_REFEREE_RGB << 8) | 0xffu)
#define ENTRY_SIZE   11.5f
#define EXPLAIN_SIZE 11.0f

void ui_event_log_init(ui_event_log *log)
{
    memset(log, 0, sizeof *log);
    log->opened = UI_EVENT_LOG_NONE;
}

void ui_event_log_refuse(ui_event_log *log, int cursor, const char *what, const char *reason)
{
    ui_event_log_refusal *r = &log->refusals[log->refusal_count % UI_EVENT_LOG_REFUSALS_MAX];
    r->cursor = cursor;
    r->seq = log->refusal_count++;
    snprintf(r->what, sizeof r->what, "%s", what ? what : "do that");
    snprintf(r->reason, sizeof r->reason, "%s", reason && reason[0] ? reason : "no reason given");
}

static const ui_event_log_refusal *refusal_of(const ui_event_log *log, int key)
{
    int seq = -10 - key;
    if (seq < 0 || seq >= log->refusal_count ||
        seq < log->refusal_count - UI_EVENT_LOG_REFUSALS_MAX)
        return NULL;
    return &log->refusals[seq % UI_EVENT_LOG_REFUSALS_MAX];
}

/* ---- the entries --------------------------------------------------------------------------- */

/* Calls `take` for each entry key in order, oldest first. */
static void walk_entries(const ui_event_log *log, const game *g, void (*take)(void *, int),
                         void *user)
{
    int count = 0, cursor = game_cursor(g);
    int first = log->refusal_count > UI_EVENT_LOG_REFUSALS_MAX
                    ? log->refusal_count - UI_EVENT_LOG_REFUSALS_MAX
                    : 0;
    game_events(g, UI_EVENT_LOG_SETUP, &count);
    if (count > 0)
        take(user, UI_EVENT_LOG_SETUP);
    for (int c = 0; c <= cursor; c++) {
        for (int seq = first; seq < log->refusal_count; seq++)
            if (log->refusals[seq % UI_EVENT_LOG_REFUSALS_MAX].cursor == c)
                take(user, ui_event_log_refusal_key(seq));
        if (c < cursor && game_command_visible(g, log->viewer, c))
            take(user, c);
    }
}

typedef struct entry_sink {
    int *keys;
    int n, max, skip;
} entry_sink;

static void count_entry(void *user, int key)
{
    (void)key;
    ((entry_sink *)user)->n++;
}

static void keep_entry(void *user, int key)
{
    entry_sink *k = user;
    if (k->skip > 0)
        k->skip--;
    else if (k->n < k->max)
        k->keys[k->n++] = key;
}

int ui_event_log_entries(const ui_event_log *log, const game *g, int *keys, int max)
{
    /* More than fit: the newest are kept. */
    entry_sink all = {0};
    walk_entries(log, g, count_entry, &all);
    entry_sink kept = {keys, 0, max, all.n > max ? all.n - max : 0};
    walk_entries(log, g, keep_entry, &kept);
    return kept.n;
}

/* ---- words --------------------------------------------------------------------------------- */

static const char *figure_name(const table *t, figure_id id)
{
    const figure *f = id.id ? table_figure_const(t, id) : NULL;
    return f && f->name[0] ? f->name : NULL;
}

static const char *side_name(const table *t, side_id id)
{
    const side *s = id.id ? table_side(t, id) : NULL;
    return s && s->name[0] ? s->name : "";
}

const char *ui_event_log_command_words(const game *g, int index, char *buf, size_t size)
{
    const rules_command *c = game_command_at(g, index);
    const table *t = game_table(g);
    if (!c) {
        snprintf(buf, size, "setup");
        return buf;
    }
    char kind[48], who[160] = "", at[96] = "";
    /* "allocate" is the engine's word; a player says who picked which figures fall */
    if (c->kind == RULES_CMD_ALLOCATE)
        snprintf(kind, sizeof kind, "pick casualties");
    else
        table_key_words(rules_command_kind_name(c->kind), false, kind, sizeof kind);
    const char *first = c->figure_count ? figure_name(t, c->figures[0]) : figure_name(t, c->figure);
    if (first && c->figure_count > 1)
        snprintf(who, sizeof who, ": %s and %d other%s", first, c->figure_count - 1,
                 c->figure_count == 2 ? "" : "s");
    else if (first)
        snprintf(who, sizeof who, ": %s", first);
    const char *target = figure_name(t, c->target);
    if (target)
        snprintf(at, sizeof at, " at %s", target);
    snprintf(buf, size, "%s %s%s%s", side_name(t, c->side), kind, who, at);
    return buf;
}

/* The event that tells most about a command in one line. */
static const rules_event *headline(const game *g, side_id viewer, const rules_event *ev, int n)
{
    static const int score[RULES_EV_KIND_COUNT] = {
        [RULES_EV_GAME_OVER] = 9, [RULES_EV_NOTE] = 8,    [RULES_EV_ACTIVATE] = 7,
        [RULES_EV_REMOVE] = 6,    [RULES_EV_SHUFFLE] = 5, [RULES_EV_MOVE] = 4,
        [RULES_EV_CARD] = 3,      [RULES_EV_TURN] = 3,    [RULES_EV_STATUS] = 2,
        [RULES_EV_MORALE] = 2,    [RULES_EV_DIE] = 1,     [RULES_EV_RULESET] = 1,
    };
    const rules_event *best = NULL;
    for (int i = 0; i < n; i++)
        if (ev[i].text[0] && ev[i].kind < RULES_EV_KIND_COUNT &&
            (!best || score[ev[i].kind] > score[best->kind]) &&
            game_event_visible(g, viewer, &ev[i]))
            best = &ev[i];
    return best;
}

const char *ui_event_log_title(const ui_event_log *log, const game *g, int key, char *buf,
                               size_t size)
{
    const ui_event_log_refusal *r = refusal_of(log, key);
    if (key <= -10) {
        snprintf(buf, size, "Refused: cannot %s - %s", r ? r->what : "?", r ? r->reason : "");
        return buf;
    }
    int n = 0;
    const rules_event *ev = game_events(g, key, &n);
    const rules_event *h = ev ? headline(g, log->viewer, ev, n) : NULL;
    char words[256];
    if (key == UI_EVENT_LOG_SETUP)
        snprintf(words, sizeof words, "Setup");
    else
        ui_event_log_command_words(g, key, words, sizeof words);
    if (key == UI_EVENT_LOG_SETUP)
        snprintf(buf, size, "%s - %s", words, h ? h->text : "");
    else
        snprintf(buf, size, "%d. %s%s%s", key + 1, words, h ? " - " : "", h ? h->text : "");
    return buf;
}

/* ---- explanations -------------------------------------------------------------------------- */

typedef struct explainer {
    ui_event_log_line *out;
    int n, max;
    char ref[RULES_EVENT_REF_MAX];
} explainer;

static void emit_line(explainer *x, uint32_t rgba, int indent, const char *text)
{
    if (x->n >= x->max)
        return;
    ui_event_log_line *l = &x->out[x->n++];
    snprintf(l->text, sizeof l->text, "%s", text);
    l->rgba = rgba;
    l->indent = indent;
}

/* The rule reference heads the lines it covers: printed when it changes. */
static void emit_ref(explainer *x, const rules_ops *ops, const char *ref)
{
    if (!ref[0] || strcmp(ref, x->ref) == 0)
        return;
    snprintf(x->ref, sizeof x->ref, "%s", ref);
    char words[160], line[176];
    snprintf(line, sizeof line, "Rule: %s", rules_ref_words(ops, ref, words, sizeof words));
    emit_line(x, REF_RGBA, 0, line);
}

static void explain_dice(explainer *x, const rules_event *ev, int n, int at)
{
    const rules_event *d0 = &ev[at];
    char what[48], faces[300] = "", line[400];
    table_key_words(d0->tag[0] ? d0->tag : "roll", false, what, sizeof what);
    int count = 0, ok = 0, lo = 1000, hi = 0, total = 0;
    size_t len = 0;
    for (int i = at; i < n; i++) {
        const rules_event *e = &ev[i];
        if (e->kind != RULES_EV_DIE || e->group != d0->group || (d0->group == 0 && i != at))
            continue;
        if (len + 8 < sizeof faces)
            len += (size_t)snprintf(faces + len, sizeof faces - len, "%s%d", count ? " " : "",
                                    e->value);
        count++;
        total += e->value;
        if (e->need > 0) {
            ok += e->success;
            lo = e->need < lo ? e->need : lo;
            hi = e->need > hi ? e->need : hi;
        }
    }
    int reading = -1; /* two D10 read as percentage dice (RULES_TAG_PERCENTILE) */
    for (int i = at; i < n && d0->group; i++)
        if (ev[i].kind != RULES_EV_DIE && ev[i].group == d0->group &&
            strcmp(ev[i].tag, RULES_TAG_PERCENTILE) == 0)
            reading = ev[i].value;
    char dtype[16];
    if (d0->sides > 0)
        snprintf(dtype, sizeof dtype, "d%d", d0->sides);
    else
        snprintf(dtype, sizeof dtype, "average dice");
    if (reading >= 0)
        snprintf(line, sizeof line, "Dice, %s: percentage dice %s (tens, ones) read %d", what,
                 faces, reading);
    else if (count == 1 && d0->text[0])
        snprintf(line, sizeof line, "Die: %s", d0->text);
    else if (hi == 0)
        snprintf(line, sizeof line, "Dice, %.40s: %.250s (%d %s, total %d)", what, faces, count,
                 dtype, total);
    else if (lo == hi)
        snprintf(line, sizeof line, "Dice, %.40s: %.250s (%d %s needing %d+): %d succeed", what,
                 faces, count, dtype, lo, ok);
    else
        snprintf(line, sizeof line, "Dice, %.40s: %.250s (%d %s needing %d+ to %d+): %d succeed",
                 what, faces, count, dtype, lo, hi, ok);
    emit_line(x, DICE_RGBA, 1, line);
}

static bool same_line(const rules_event *a, const rules_event *b)
{
    return a->kind == b->kind && strcmp(a->text, b->text) == 0 && strcmp(a->ref, b->ref) == 0;
}

static uint32_t colour_of(const rules_event *e)
{
    /* the players' own ruling (ui/referee.h), the engine's or a rule set's (rules_referee_ops) */
    if (strcmp(e->tag, "referee") == 0 || strncmp(e->text, "Referee: ", 9) == 0)
        return REFEREE_RGBA;
    switch (e->kind) {
    case RULES_EV_REMOVE:
    case RULES_EV_HIT:
        return LOSS_RGBA;
    case RULES_EV_MODIFIER:
    case RULES_EV_SAVE:
        return MOD_RGBA;
    default:
        return TEXT_RGBA;
    }
}

/* An event, or a run of events saying the same thing of several figures ("in command: Guardia 3,
 * Guardia 4"); returns the index after the run. */
/* The text after the figure's own name when it starts with it ("Warrior 3| is demoralised"). */
static const char *after_name(const table *t, const rules_event *e)
{
    const char *name = figure_name(t, e->figure);
    size_t len = name ? strlen(name) : 0;
    return len && strncmp(e->text, name, len) == 0 && e->text[len] == ' ' ? e->text + len + 1
                                                                          : NULL;
}

/* A run of events saying the same of several figures by name: "is demoralised: the raw morale
 * pile is empty (12 figures): Tribesman 1, Tribesman 2, ...". Returns the index after it. */
static int explain_named_run(explainer *x, const table *t, const rules_event *ev, int n, int at)
{
    const char *rest = after_name(t, &ev[at]);
    int end = at + 1;
    while (end < n && ev[end].kind == ev[at].kind && strcmp(ev[end].ref, ev[at].ref) == 0 &&
           after_name(t, &ev[end]) && strcmp(after_name(t, &ev[end]), rest) == 0)
        end++;
    char line[400];
    size_t len = (size_t)snprintf(line, sizeof line, "%s (%d figures): ", rest, end - at);
    for (int i = at; i < end && len + 4 < sizeof line; i++)
        len += (size_t)snprintf(line + len, sizeof line - len, "%s%s", i > at ? ", " : "",
                                figure_name(t, ev[i].figure));
    emit_line(x, colour_of(&ev[at]), 1, line);
    return end;
}

/* An event with every later one saying the same words under the same rule ("fires" of each
 * firer, however the dice fall between them): one line naming the figures. */
static void explain_same(explainer *x, const table *t, const rules_event *ev, int n, int at,
                         bool *done)
{
    char line[400], names[300] = "";
    size_t len = 0;
    int count = 0;
    for (int i = at; i < n; i++) {
        if (done[i] || !same_line(&ev[at], &ev[i]))
            continue;
        done[i] = true;
        count++;
        /* A note's figure is often the target, not its subject: no name before it. */
        const char *name = ev[i].kind == RULES_EV_NOTE ? NULL : figure_name(t, ev[i].figure);
        if (name && !strstr(ev[at].text, name) && len + 4 < sizeof names)
            len += (size_t)snprintf(names + len, sizeof names - len, "%s%s", len ? ", " : "", name);
    }
    if (ev[at].kind == RULES_EV_MODIFIER)
        snprintf(line, sizeof line, "Modifier %+d: %.200s%s%.150s", ev[at].value, ev[at].text,
                 names[0] ? " - " : "", names);
    else if (names[0])
        snprintf(line, sizeof line, "%.200s: %.180s", names, ev[at].text);
    else if (count > 1)
        snprintf(line, sizeof line, "%s (x%d)", ev[at].text, count);
    else
        snprintf(line, sizeof line, "%s", ev[at].text);
    emit_line(x, colour_of(&ev[at]), 1, line);
}

static bool named_run_at(const table *t, const rules_event *ev, int n, int at)
{
    return at + 1 < n && after_name(t, &ev[at]) && after_name(t, &ev[at + 1]) &&
           ev[at + 1].kind == ev[at].kind &&
           strcmp(after_name(t, &ev[at]), after_name(t, &ev[at + 1])) == 0;
}

static void explain_events(explainer *x, const game *g, side_id viewer, const rules_event *ev,
                           int n)
{
    const table *t = game_table(g);
    bool *done = mem_calloc((size_t)n + 1, sizeof *done);
    for (int i = 0; i < n; i++) /* what the reader may not see is never told */
        done[i] = !game_event_visible(g, viewer, &ev[i]);
    for (int i = 0; i < n; i++) {
        if (done[i] || (!ev[i].text[0] && ev[i].kind != RULES_EV_DIE))
            continue;
        emit_ref(x, game_rules(g), ev[i].ref);
        if (ev[i].kind == RULES_EV_DIE) {
            explain_dice(x, ev, n, i);
            for (int k = i; k < n; k++) /* the whole throw is told */
                done[k] |=
                    ev[k].kind == RULES_EV_DIE && ev[i].group != 0 && ev[k].group == ev[i].group;
            done[i] = true;
        } else if (named_run_at(t, ev, n, i)) {
            int end = explain_named_run(x, t, ev, n, i);
            for (int k = i; k < end; k++)
                done[k] = true;
        } else {
            explain_same(x, t, ev, n, i, done);
        }
    }
    free(done);
}

static int explain_refusal(const ui_event_log_refusal *r, ui_event_log_line *out, int max)
{
    explainer x = {.out = out, .max = max};
    char line[400];
    if (!r) {
        emit_line(&x, DIM_RGBA, 0, "(this refusal is no longer kept)");
        return x.n;
    }
    snprintf(line, sizeof line, "Refused: cannot %s", r->what);
    emit_line(&x, REFUSE_RGBA, 0, line);
    snprintf(line, sizeof line, "Why not: %s", r->reason);
    emit_line(&x, TEXT_RGBA, 1, line);
    emit_line(&x, DIM_RGBA, 1,
              "The rule set checks every command before it is resolved: a refused one changes "
              "nothing and is not part of the saved game.");
    return x.n;
}

int ui_event_log_explain(const ui_event_log *log, const game *g, int key, ui_event_log_line *out,
                         int max)
{
    if (key <= -10)
        return explain_refusal(refusal_of(log, key), out, max);
    explainer x = {.out = out, .max = max};
    char words[256], line[400];
    int n = 0;
    const rules_event *ev = game_events(g, key, &n);
    if (key == UI_EVENT_LOG_SETUP) {
        snprintf(line, sizeof line, "Setup of the match");
    } else {
        ui_event_log_command_words(g, key, words, sizeof words);
        snprintf(line, sizeof line, "Command %d, turn %d: %s", key + 1, game_turn_at(g, key),
                 words);
    }
    emit_line(&x, HEADER_RGBA, 0, line);
    if (!ev || n == 0)
        emit_line(&x, DIM_RGBA, 1, "(nothing happened)");
    else
        explain_events(&x, g, log->viewer, ev, n);
    return x.n;
}

/* ---- drawing ------------------------------------------------------------------------------- */

/* Greedy word wrap of `text` into lines at most `maxw` wide; draws them when `draw`. Returns
 * the number of lines. */
static int wrap_text(render_ctx *ctx, const char *text, float size, float x, float y, float maxw,
                     float line_h, uint32_t rgba, const float *clip)
{
    char line[400];
    int lines = 0;
    const char *p = text;
    while (*p) {
        size_t best = render_text_line_len(ctx, p, size, maxw);
        if (best >= sizeof line)
            best = sizeof line - 1;
        memcpy(line, p, best);
        line[best] = 0;
        float ly = y + lines * line_h;
        if (clip && ly >= clip[0] && ly + line_h <= clip[1])
            render_text(ctx, x, ly, line, size, rgba, RENDER_ALIGN_LEFT);
        lines++;
        p += best;
        while (*p == ' ')
            p++;
    }
    return lines ? lines : 1;
}

typedef struct log_metrics {
    float k, row_h, line_h, pad, indent, text_w;
    float clip[2]; /* the lines drawn lie between these (the renderer has no clipping) */
} log_metrics;

static log_metrics metrics_of(render_ctx *ctx, float w)
{
    float k = render_ui_scale(ctx);
    return (log_metrics){k, 19 * k, 15 * k, 8 * k, 14 * k, w - 16 * k, {0, 0}};
}

/* Height of an entry; with `draw`, draws it with its top at y. */
static float entry_layout(ui_event_log *log, render_ctx *ctx, const game *g, int key,
                          const log_metrics *m, float x, float y, bool draw)
{
    char title[512];
    ui_event_log_title(log, g, key, title, sizeof title);
    bool opened = log->opened == key, refused = key <= -10;
    if (draw && y >= m->clip[0] && y + m->row_h <= m->clip[1]) {
        /* One line: cut to the width with an ellipsis (the explanation has it all). */
        char full[520], cut[520];
        snprintf(full, sizeof full, "%s %s", opened ? "v" : ">", title);
        snprintf(cut, sizeof cut, "%s", full);
        int tw, th;
        render_text_size(ctx, cut, ENTRY_SIZE, &tw, &th);
        int len = (int)strlen(full);
        if (tw > m->text_w) /* start near the fit, then step back */
            len = (int)(len * m->text_w / tw) + 2;
        for (; tw > m->text_w && len > 4; len -= 2) {
            snprintf(cut, sizeof cut, "%.*s...", len, full);
            render_text_size(ctx, cut, ENTRY_SIZE, &tw, &th);
        }
        render_text(ctx, x + 4 * m->k, y + 2 * m->k, cut, ENTRY_SIZE,
                    refused ? REFUSE_RGBA : TEXT_RGBA, RENDER_ALIGN_LEFT);
    }
    float h = m->row_h;
    if (!opened)
        return h;
    ui_event_log_line lines[EXPLAIN_MAX];
    int n = ui_event_log_explain(log, g, key, lines, EXPLAIN_MAX);
    for (int i = 0; i < n; i++) {
        float ind = lines[i].indent * m->indent + 8 * m->k;
        int rows = wrap_text(ctx, lines[i].text, EXPLAIN_SIZE, x + ind, y + h, m->text_w - ind,
                             m->line_h, lines[i].rgba, draw ? m->clip : NULL);
        h += rows * m->line_h;
    }
    return h + m->pad;
}

static void draw_button(ui_event_log *log, render_ctx *ctx, float bx, float by)
{
    float k = render_ui_scale(ctx);
    const char *label = log->open ? "Hide log (E)" : "Event log (E)";
    int tw, th;
    render_text_size(ctx, label, 12, &tw, &th);
    log->button_x = bx;
    log->button_y = by;
    log->button_w = tw + 16 * k;
    log->button_h = 22 * k;
    render_rect(ctx, bx, by, log->button_w, log->button_h, log->open ? 0x3a5a8aff : 0x203048e8);
    render_rect_outline(ctx, bx, by, log->button_w, log->button_h, 0x7fa8e0ff);
    render_text(ctx, bx + 8 * k, by + (log->button_h - th) / 2, label, 12, 0xffffffff,
                RENDER_ALIGN_LEFT);
}

#define ENTRIES_MAX 4096

/* Scrolls so the entry just opened shows from its top (all of it when it fits). */
static void reveal(ui_event_log *log, render_ctx *ctx, const game *g, const int *keys, int n,
                   const log_metrics *m, float view)
{
    log->reveal = false;
    float below = 0; /* height of the entries after it */
    for (int i = n - 1; i >= 0; i--) {
        float eh = entry_layout(log, ctx, g, keys[i], m, 0, 0, false);
        if (keys[i] != log->opened) {
            below += eh;
            continue;
        }
        /* Its top sits at view - (below + eh - scroll) from the top of the view. */
        if (eh > view || below + eh - log->scroll > view)
            log->scroll = below + eh - view;
        else if (below - log->scroll < 0)
            log->scroll = below;
        return;
    }
}

void ui_event_log_draw(ui_event_log *log, render_ctx *ctx, const game *g, float bx, float by,
                       float x, float y, float w, float h)
{
    draw_button(log, ctx, bx, by);
    log->hit_count = 0;
    log->w = log->h = 0;
    if (!log->open || h < 60)
        return;
    log->x = x;
    log->y = y;
    log->w = w;
    log->h = h;
    log_metrics m = metrics_of(ctx, w);
    render_rect(ctx, x, y, w, h, 0x101418ec);
    render_rect_outline(ctx, x, y, w, h, 0x5a6678ff);
    render_text(ctx, x + 8 * m.k, y + 5 * m.k, "Event log - click an entry to see why", 12.5f,
                0xffe9a8ff, RENDER_ALIGN_LEFT);
    int keys[ENTRIES_MAX];
    int n = ui_event_log_entries(log, g, keys, ENTRIES_MAX);
    float top = y + 26 * m.k, bottom = y + h - 6 * m.k, view = bottom - top;
    float heights = 0;
    for (int i = 0; i < n; i++)
        heights += entry_layout(log, ctx, g, keys[i], &m, x + 4 * m.k, 0, false);
    if (log->reveal)
        reveal(log, ctx, g, keys, n, &m, view);
    float max_scroll = heights > view ? heights - view : 0;
    log->scroll = log->scroll < 0 ? 0 : log->scroll > max_scroll ? max_scroll : log->scroll;
    if (n == 0)
        render_text(ctx, x + 12 * m.k, top, "Nothing has happened yet.", 11, DIM_RGBA,
                    RENDER_ALIGN_LEFT);
    /* Newest at the bottom: walk back from the last entry; an entry taller than the view
     * shows the part inside it. */
    m.clip[0] = top;
    m.clip[1] = bottom;
    float cur = bottom + log->scroll;
    for (int i = n - 1; i >= 0 && cur > top; i--) {
        float eh = entry_layout(log, ctx, g, keys[i], &m, x + 4 * m.k, 0, false);
        cur -= eh;
        if (cur >= bottom)
            continue;
        float y0 = cur > top ? cur : top, y1 = cur + eh < bottom ? cur + eh : bottom;
        if (log->opened == keys[i])
            render_rect(ctx, x + 3 * m.k, y0, w - 6 * m.k, y1 - y0 - 2 * m.k, 0x243044ff);
        entry_layout(log, ctx, g, keys[i], &m, x + 4 * m.k, cur, true);
        if (log->hit_count < UI_EVENT_LOG_HITS_MAX)
            log->hits[log->hit_count++] = (ui_event_log_hit){y0, y1 - y0, keys[i]};
    }
    if (log->scroll > 0)
        render_text(ctx, x + w - 8 * m.k, y + 5 * m.k, "scrolled back", 10.5f, DIM_RGBA,
                    RENDER_ALIGN_RIGHT);
}

bool ui_event_log_contains(const ui_event_log *log, float x, float y)
{
    bool on_button = x >= log->button_x && x <= log->button_x + log->button_w &&
                     y >= log->button_y && y <= log->button_y + log->button_h;
    bool on_panel = log->open && log->w > 0 && x >= log->x && x <= log->x + log->w && y >= log->y &&
                    y <= log->y + log->h;
    return on_button || on_panel;
}

bool ui_event_log_click(ui_event_log *log, float x, float y)
{
    if (x >= log->button_x && x <= log->button_x + log->button_w && y >= log->button_y &&
        y <= log->button_y + log->button_h) {
        log->open = !log->open;
        return true;
    }
    if (!ui_event_log_contains(log, x, y))
        return false;
    for (int i = 0; i < log->hit_count; i++)
        if (y >= log->hits[i].y && y < log->hits[i].y + log->hits[i].h) {
            log->opened = log->opened == log->hits[i].key ? UI_EVENT_LOG_NONE : log->hits[i].key;
            log->reveal = log->opened != UI_EVENT_LOG_NONE;
            return true;
        }
    return true;
}

bool ui_event_log_wheel(ui_event_log *log, float x, float y, float notches)
{
    if (!log->open || !ui_event_log_contains(log, x, y) || notches == 0)
        return false;
    log->scroll += notches * 40.0f;
    return true;
}

int ui_event_log_key_at(const ui_event_log *log, float x, float y)
{
    if (!log->open || log->w <= 0 || x < log->x || x > log->x + log->w)
        return UI_EVENT_LOG_NONE;
    for (int i = 0; i < log->hit_count; i++)
        if (y >= log->hits[i].y && y < log->hits[i].y + log->hits[i].h)
            return log->hits[i].key;
    return UI_EVENT_LOG_NONE;
}

int ui_event_log_figures(const ui_event_log *log, const game *g, int key, figure_id *out, int max)
{
    ui_names set = {0};
    const table *t = game_table(g);
    char title[512];
    if (key == UI_EVENT_LOG_NONE)
        return 0;
    if (key <= -10) {
        const ui_event_log_refusal *r = refusal_of(log, key);
        if (r) {
            ui_names_add_text(&set, t, r->what);
            ui_names_add_text(&set, t, r->reason);
        }
    } else {
        const rules_command *c = key >= 0 ? game_command_at(g, key) : NULL;
        if (c) {
            ui_names_add(&set, c->figure);
            for (int i = 0; i < c->figure_count; i++)
                ui_names_add(&set, c->figures[i]);
            ui_names_add(&set, c->target);
        }
        int n = 0;
        const rules_event *ev = game_events(g, key, &n);
        for (int i = 0; ev && i < n; i++) {
            ui_names_add(&set, ev[i].figure);
            ui_names_add(&set, ev[i].other);
        }
        ui_names_add_text(&set, t, ui_event_log_title(log, g, key, title, sizeof title));
    }
    int k = 0; /* only what the reader may see is ringed or panned to */
    for (int i = 0; i < set.count && k < max; i++)
        if (game_visible(g, log->viewer, set.ids[i]))
            out[k++] = set.ids[i];
    return k;
}
