/* The helpers every rule set shares: decisions, hashing, emitting events, rolling dice into
 * events. Below the rule sets (they call these); the registry above them is registry.c. */
#include "rules/rules.h"

#include "core/mem.h"
#include "rules/text_format.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ---- decisions --------------------------------------------------------------------------- */

static const char *const decision_names[RULES_DECIDE_KIND_COUNT] = {
    [RULES_DECIDE_NONE] = "none",
    [RULES_DECIDE_SETUP] = "setup",
    [RULES_DECIDE_DRAW_CARD] = "draw_card",
    [RULES_DECIDE_INTERRUPT] = "interrupt",
    [RULES_DECIDE_USE_CARD] = "use_card",
    [RULES_DECIDE_ROLL_ORDERS] = "roll_orders",
    [RULES_DECIDE_SPEND_PIPS] = "spend_pips",
    [RULES_DECIDE_ACTIVATE] = "activate",
    [RULES_DECIDE_CHOOSE_ACTIONS] = "choose_actions",
    [RULES_DECIDE_ACT] = "act",
    [RULES_DECIDE_PHASE_STEP] = "phase_step",
    [RULES_DECIDE_ALLOCATE_HITS] = "allocate_hits",
    [RULES_DECIDE_REACT] = "react",
};

const char *rules_decision_kind_name(rules_decision_kind kind)
{
    if ((int)kind < 0 || kind >= RULES_DECIDE_KIND_COUNT)
        return "?";
    return decision_names[kind];
}

/* game_decision (src/game/game.c) does the same on the outcome it keeps per state: a change
 * here is a change there. */
void rules_decide(const rules_ops *ops, const rules_state *rs, const table *t, rules_decision *dec)
{
    rules_outcome out = {0};
    memset(dec, 0, sizeof *dec);
    ops->outcome(rs, t, &out);
    if (out.over) {
        snprintf(dec->prompt, sizeof dec->prompt, "Game over: %.100s", out.reason);
        return;
    }
    ops->decision(rs, t, dec);
}

/* ---- hashing: FNV-1a 64 ------------------------------------------------------------------- */

void rules_hash_init(rules_hasher *hs)
{
    hs->h = 0xcbf29ce484222325ull;
}

void rules_hash_bytes(rules_hasher *hs, const void *p, size_t n)
{
    const unsigned char *b = p;
    uint64_t h = hs->h;
    for (size_t i = 0; i < n; i++) {
        h ^= b[i];
        h *= 0x100000001b3ull;
    }
    hs->h = h;
}

/* Integers go in little-endian byte order whatever the machine, so hashes travel. */
void rules_hash_u64(rules_hasher *hs, uint64_t v)
{
    unsigned char b[8];
    for (int i = 0; i < 8; i++)
        b[i] = (unsigned char)(v >> (8 * i));
    rules_hash_bytes(hs, b, sizeof b);
}

void rules_hash_u32(rules_hasher *hs, uint32_t v)
{
    unsigned char b[4];
    for (int i = 0; i < 4; i++)
        b[i] = (unsigned char)(v >> (8 * i));
    rules_hash_bytes(hs, b, sizeof b);
}

void rules_hash_i32(rules_hasher *hs, int32_t v)
{
    rules_hash_u32(hs, (uint32_t)v);
}

void rules_hash_f32(rules_hasher *hs, float v)
{
    uint32_t bits;
    if (v == 0.0f)
        v = 0.0f; /* -0 hashes as 0 */
    memcpy(&bits, &v, sizeof bits);
    rules_hash_u32(hs, bits);
}

void rules_hash_str(rules_hasher *hs, const char *s)
{
    size_t n = strlen(s);
    rules_hash_u32(hs, (uint32_t)n);
    rules_hash_bytes(hs, s, n);
}

/* ---- emitting events ---------------------------------------------------------------------- */

void rules_emit(rules_ctx *ctx, const rules_event *ev)
{
    rules_event_apply_table(ctx->table, ev);
    if (ctx->ops->apply)
        ctx->ops->apply(ctx->state, ctx->table, ev);
    if (ctx->record)
        ctx->record(ctx->user, ev);
}

rules_event rules_emitf(rules_ctx *ctx, rules_event ev, const char *ref, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    rules_text_format_vprint(ev.text, sizeof ev.text, fmt, ap);
    va_end(ap);
    if (ref)
        mem_strcopy(ev.ref, sizeof ev.ref, ref);
    rules_emit(ctx, &ev);
    return ev;
}

int rules_roll_group(rules_ctx *ctx)
{
    return ++ctx->next_group;
}

/* A line built piece by piece into buf (holding size, *n used), cut at size - 1 as snprintf
 * cuts it: a die's line is written for every die rolled, and vsnprintf's parsing of the format
 * cost more than the roll and its event together. */
static void text_put(char *buf, size_t size, size_t *n, const char *s)
{
    while (*s && *n + 1 < size)
        buf[(*n)++] = *s++;
    buf[*n] = '\0';
}

/* An int as "%d" writes it. */
static void text_int(char *buf, size_t size, size_t *n, int v)
{
    char digits[16], out[16];
    int k = 0, m = 0;
    unsigned u = v < 0 ? 0u - (unsigned)v : (unsigned)v;
    do {
        digits[k++] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (v < 0)
        out[m++] = '-';
    while (k > 0)
        out[m++] = digits[--k];
    out[m] = '\0';
    text_put(buf, size, n, out);
}

/* "the average die" or "d6", as the die line names it. */
static void text_die(char *buf, size_t size, size_t *n, int sides)
{
    if (sides == 0) {
        text_put(buf, size, n, "the average die");
        return;
    }
    text_put(buf, size, n, "d");
    text_int(buf, size, n, sides);
}

void rules_emit_die(rules_ctx *ctx, int sides, int value, int need, const char *tag, figure_id fig,
                    int group, const char *ref)
{
    rules_event ev = {.kind = RULES_EV_DIE,
                      .figure = fig,
                      .sides = sides,
                      .value = value,
                      .need = need,
                      .group = group,
                      .success = need > 0 && value >= need};
    const figure *f = table_figure_const(ctx->table, fig);
    if (f)
        ev.side = f->side;
    mem_strcopy(ev.tag, sizeof ev.tag, tag ? tag : "");
    /* "%s: %d on %s, needing %d: %s", or "%s: %d on %s" untested */
    char *text = ev.text;
    size_t size = sizeof ev.text, n = 0;
    text_put(text, size, &n, ev.tag);
    text_put(text, size, &n, ": ");
    text_int(text, size, &n, value);
    text_put(text, size, &n, " on ");
    text_die(text, size, &n, sides);
    if (need > 0) {
        text_put(text, size, &n, ", needing ");
        text_int(text, size, &n, need);
        text_put(text, size, &n, ev.success ? ": success" : ": failure");
    }
    if (ref)
        mem_strcopy(ev.ref, sizeof ev.ref, ref);
    rules_emit(ctx, &ev);
}

int rules_roll(rules_ctx *ctx, int sides, int need, const char *tag, figure_id fig, int group,
               const char *ref)
{
    int value = sides == 0 ? dice_average(ctx->rng) : dice_roll(ctx->rng, sides);
    rules_emit_die(ctx, sides, value, need, tag, fig, group, ref);
    return value;
}

const char *rules_ref_words(const rules_ops *ops, const char *ref, char *buf, size_t size)
{
    const char *book = ops && ops->name ? ops->name : "the rule book";
    const char *r = ref ? ref : "";
    while (*r == ' ')
        r++;
    if (!*r)
        snprintf(buf, size, "%s", "");
    else if (strncmp(r, book, strlen(book)) == 0)
        snprintf(buf, size, "%s", r); /* the rule sets name the book themselves */
    else
        snprintf(buf, size, "%s \u2014 %s", book, r);
    /* "(assumed)", "(assumed victory)": the rule book is silent and a house rule fills in */
    char *a;
    while ((a = strstr(buf, "assumed")) != NULL) {
        const char *with = a[7] == ')' || a[7] == '\0' ? "house rule" : "house rule:";
        size_t wl = strlen(with), rest = strlen(a + 7);
        if ((size_t)(a - buf) + wl + rest + 1 > size)
            break;
        memmove(a + wl, a + 7, rest + 1);
        memcpy(a, with, wl);
    }
    return buf;
}

int rules_ruling_add(rules_ruling *out, int n, int max, rules_command about, const char *word,
                     const char *label)
{
    if (n >= max)
        return n;
    about.kind = RULES_CMD_REFEREE;
    out[n] = (rules_ruling){.cmd = about};
    snprintf(out[n].cmd.option, sizeof out[n].cmd.option, "%s", word);
    snprintf(out[n].label, sizeof out[n].label, "%s", label);
    return n + 1;
}

bool rules_refuse(char *reason, size_t size, const char *why)
{
    if (reason && size)
        snprintf(reason, size, "%s", why);
    return false;
}
