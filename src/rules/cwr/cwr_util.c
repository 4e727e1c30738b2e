/* Lookups the cwr topic files share: units' figures, front ranks, distances, contact,
 * fortifications, high ground, sight and concealment. */
#include "rules/cwr/cwr_state.h"

#include "core/mem.h"
#include "core/spatial.h"

#include <assert.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void cwr_say(char *why, size_t size, const char *fmt, ...)
{
    if (!why || !size)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, size, fmt, ap);
    va_end(ap);
}

void cwr_join(char *out, size_t size, const char *a, const char *b)
{
    if (!size)
        return;
    size_t n = 0;
    for (; *a && n + 1 < size; a++)
        out[n++] = *a;
    for (; b && *b && n + 1 < size; b++)
        out[n++] = *b;
    out[n] = 0;
}

cwr_text cwr_text_begin(char *out, size_t size)
{
    out[0] = 0;
    return (cwr_text){out, size, 0};
}

void cwr_text_str(cwr_text *x, const char *s, size_t max)
{
    for (size_t i = 0; i < max && s[i] && x->used + 1 < x->size; i++)
        x->out[x->used++] = s[i];
    x->out[x->used] = 0;
}

void cwr_text_int(cwr_text *x, int n)
{
    char buf[12], *q = buf + sizeof buf - 1;
    unsigned v = n < 0 ? 0u - (unsigned)n : (unsigned)n;
    *q = 0;
    do
        *--q = (char)('0' + v % 10);
    while (v /= 10);
    if (n < 0)
        *--q = '-';
    cwr_text_str(x, q, SIZE_MAX);
}

void cwr_text_signed(cwr_text *x, int n)
{
    if (n >= 0)
        cwr_text_str(x, "+", SIZE_MAX);
    cwr_text_int(x, n);
}

float cwr_cm(const rules_state *rs, float in)
{
    return cwr_data_cm(rs->data, in);
}

float cwr_in(const rules_state *rs, float cm)
{
    return cm / rs->data->inch_cm;
}

static const cwr_troop *troop_lookup(const rules_state *rs, const table *t, unit_id u)
{
    const unit *un = table_unit_const(t, u);
    if (!un)
        return NULL;
    /* the kind found when the match began, if it is still the name: the first of that name */
    int k = u.id <= (uint32_t)rs->unit_count ? rs->units[u.id - 1].troop : -1;
    if (k >= 0 && k < rs->data->troop_count && strcmp(rs->data->troops[k].name, un->kind) == 0)
        return &rs->data->troops[k];
    return cwr_data_troop(rs->data, un->kind);
}

cwr_unit_state *cwr_ustate(rules_state *rs, unit_id u)
{
    return u.id && (int)u.id <= rs->unit_count ? &rs->units[u.id - 1] : NULL;
}

const cwr_unit_state *cwr_ustate_const(const rules_state *rs, unit_id u)
{
    return u.id && (int)u.id <= rs->unit_count ? &rs->units[u.id - 1] : NULL;
}

/* ---- a call's cache ---- */

/* Distances between units are remembered for tables of up to this many units (a square of
 * the units per state, allocated when first opened). */
enum { CACHE_PAIR_UNITS = 128 };

typedef struct cache_pair {
    uint32_t stamp;      /* == the cache's: the distance was found in this scope */
    uint32_t sees_stamp; /* the same for `sees` (cwr_sees from a to b) */
    float d;
    figure_id fa, fb;
    bool sees;
} cache_pair;

/* Per unit (by id - 1), each entry found at most once a scope (its stamp the scope's). */
typedef struct cache_unit {
    uint32_t troop_stamp, front_stamp, centre_stamp, fort_stamp, fire_stamp, box_stamp;
    uint32_t members_stamp; /* its active figures listed from the match's lists (cwr_los) */
    int members_n;
    const cwr_troop *troop;
    geom_aabb box; /* the active figures' centres, each grown by its reach and 1e-3 */
    int front_n;
    vec2s centre;
    bool fortified;
    bool fire_ok;
    bool fire_told;             /* fire_why holds the reason (asked once with a reason wanted) */
    const rules_state *data_rs; /* the state whose unit flags the fire answer read */
    char *fire_why;             /* CWR_REASON_MAX, allocated when first asked */
} cache_unit;

enum { CACHE_TYPE_SETS = 4 }; /* fortification, high ground, obstacle, open */

/* What a whole answer kept across calls is of: the state's version and the table. */
typedef struct memo_key {
    uint64_t version;
    const table *t;
    int figures, units;
} memo_key;

struct cwr_cache {
    const table *t;
    const cwr_data *data; /* rs->data when opened: the troop and terrain answers are its */
    int units;            /* t->unit_count when opened */
    int *start;           /* units + 2: unit id k's figures are fig[start[k] .. start[k + 1]) */
    figure_id *fig;       /* the active figures, by unit, each unit's in table order */
    int start_cap, fig_cap;
    bool members;       /* start and fig are listed for t */
    const cwr_los *los; /* the match's unit lists, when they fit t (cache_begin), else NULL */
    cwr_fig_row *rows;  /* the active figures in table order (cwr_cache_figures), rows_cap */
    int rows_n, rows_cap;
    int *per_unit; /* units + 1: every figure of each unit, active or not (start_cap) */
    bool rows_listed, rows_ok;
    /* The match's table memo was found to hold for t in this scope, at that epoch (reset
     * whenever the scope is opened anew); and for tm_t when the table events numbered tm_gen
     * (table_gen, cwr_cache_table_changed), found after an event (tm_trusted): then tm_t still
     * holds it while no event that could change a table or the concealment has come since. */
    bool tm_ok, tm_trusted;
    uint32_t tm_epoch;
    const table *tm_t;
    uint64_t tm_gen, table_gen;
    uint32_t stamp;
    cache_pair *pair; /* pair_units squared, by (a - 1, b - 1) */
    int pair_units;
    cache_unit *unit; /* unit_cap */
    figure_id *front; /* unit_cap * CWR_UNIT_FIGS: each unit's front rank */
    int unit_cap;
    uint32_t type_stamp[CACHE_TYPE_SETS][TABLE_TYPES_MAX];
    bool type_in[CACHE_TYPE_SETS][TABLE_TYPES_MAX];
    /* Events applied to the state since it was made or cloned. 0 trusts nothing across calls:
     * a fresh clone's table may still be changed without an event (the hard level's look-ahead
     * moves or takes off what a side cannot see right after the fork); after an event only events
     * change it. */
    uint64_t version;
    memo_key outcome_key, decision_key, scope_key, targets_key;
    unit_id targets_unit;
    int targets_kind, targets_max, targets_n;
    rules_target *targets; /* CWR_MEMO_TARGETS, allocated when first kept (clones stay small) */
    memo_key moves_key;
    int moves_step, moves_n;
    rules_command *moves; /* CWR_MEMO_MOVES, allocated when first kept */
    rules_outcome outcome;
    rules_decision decision;
};

/* The scope open on this thread (one thread plays a match and its clones). */
static _Thread_local cwr_cache *live;

/* One destroyed cache kept for the next create, its buffers with it: the engine clones a state
 * for each placement check and destroys it straight after, and each clone's first scope would
 * allocate (and zero) the same buffers again. */
static _Atomic(cwr_cache *) spare;

static void cache_free(cwr_cache *c);

cwr_cache *cwr_cache_create(void)
{
    cwr_cache *c = atomic_exchange(&spare, NULL);
    if (!c)
        return mem_calloc(1, sizeof(cwr_cache));
    /* a fresh cache but for the buffers, their sizes and the stamp: every entry in them is of
     * an older stamp, so none is read before it is found again */
    cwr_cache keep = *c;
    memset(c, 0, sizeof *c);
    c->start = keep.start, c->per_unit = keep.per_unit, c->start_cap = keep.start_cap;
    c->fig = keep.fig, c->rows = keep.rows, c->fig_cap = keep.fig_cap;
    c->rows_cap = keep.rows_cap;
    c->pair = keep.pair, c->pair_units = keep.pair_units;
    c->unit = keep.unit, c->front = keep.front, c->unit_cap = keep.unit_cap;
    c->targets = keep.targets;
    c->moves = keep.moves;
    c->stamp = keep.stamp;
    memcpy(c->type_stamp, keep.type_stamp, sizeof c->type_stamp);
    return c;
}

void cwr_cache_destroy(cwr_cache *c)
{
    if (!c)
        return;
    if (live == c)
        live = NULL;
    cache_free(atomic_exchange(&spare, c));
}

static void cache_free(cwr_cache *c)
{
    if (!c)
        return;
    for (int i = 0; c->unit && i < c->unit_cap; i++)
        free(c->unit[i].fire_why);
    free(c->start);
    free(c->fig);
    free(c->rows);
    free(c->per_unit);
    free(c->targets);
    free(c->moves);
    free(c->pair);
    free(c->unit);
    free(c->front);
    free(c);
}

/* A new scope's stamp; on the (rare) wrap every old stamp is forgotten. */
static void cache_restamp(cwr_cache *c)
{
    if (++c->stamp != 0)
        return;
    if (c->pair)
        memset(c->pair, 0, (size_t)c->pair_units * (size_t)c->pair_units * sizeof *c->pair);
    for (int i = 0; c->unit && i < c->unit_cap; i++) {
        cache_unit *cu = &c->unit[i];
        cu->troop_stamp = cu->front_stamp = cu->centre_stamp = cu->fort_stamp = 0;
        cu->fire_stamp = cu->box_stamp = cu->members_stamp = 0;
    }
    memset(c->type_stamp, 0, sizeof c->type_stamp);
    c->stamp = 1;
}

static bool memo_hit(const cwr_cache *c, const memo_key *k, const table *t)
{
    return c && c->version && k->version == c->version && k->t == t &&
           k->figures == t->figure_count && k->units == t->unit_count;
}

static void memo_keep(cwr_cache *c, memo_key *k, const table *t)
{
    *k = (memo_key){
        .version = c->version, .t = t, .figures = t->figure_count, .units = t->unit_count};
}

bool cwr_cache_begin(const rules_state *rs, const table *t)
{
    cwr_cache *c = rs->cache;
    if (live || !c)
        return false;
    int nu = t->unit_count;
    /* The same table and state as the last scope (no event since): what it found still holds,
     * so legal, validate, the bot's targets and values of one command share their answers. */
    memo_key k;
    bool keep = c->data == rs->data && c->units == nu && memo_hit(c, &c->scope_key, t);
    memo_keep(c, &k, t);
    c->scope_key = k;
    if (keep) {
        c->t = t;
        live = c;
        return true;
    }
    if (c->start_cap < nu + 2) {
        free(c->start);
        free(c->per_unit);
        c->start_cap = nu + 2;
        c->start = mem_calloc((size_t)c->start_cap, sizeof *c->start);
        c->per_unit = mem_calloc((size_t)c->start_cap, sizeof *c->per_unit);
    }
    if (c->fig_cap < t->figure_count + 1) {
        free(c->fig);
        free(c->rows);
        c->fig_cap = t->figure_count + 1;
        c->fig = mem_calloc((size_t)c->fig_cap, sizeof *c->fig);
        c->rows = mem_calloc((size_t)c->fig_cap, sizeof *c->rows);
    }
    if (c->unit_cap < nu) {
        for (int i = 0; c->unit && i < c->unit_cap; i++)
            free(c->unit[i].fire_why);
        free(c->unit);
        free(c->front);
        c->unit_cap = nu;
        c->unit = mem_calloc((size_t)nu, sizeof *c->unit);
        c->front = mem_calloc((size_t)nu * CWR_UNIT_FIGS, sizeof *c->front);
    }
    c->members = false; /* listed when first asked (cache_list) */
    /* the match's lists hold while t has the figures and units they were made of */
    c->los = rs->los && rs->los->unit_start && rs->los->units == nu &&
                     rs->los->figures == t->figure_count
                 ? rs->los
                 : NULL;
    c->rows_listed = false;
    c->tm_ok = false;
    if (nu <= CACHE_PAIR_UNITS && c->pair_units != nu) {
        free(c->pair);
        c->pair_units = nu;
        c->pair = mem_calloc((size_t)nu * (size_t)nu + 1, sizeof *c->pair);
    }
    cache_restamp(c);
    c->t = t;
    c->data = rs->data;
    c->units = nu;
    live = c;
    return true;
}

void cwr_cache_end(bool began)
{
    if (began && live) {
        live->t = NULL;
        live = NULL;
    }
}

/* Lists each unit's active figures: a counting sort of the figures by unit, each unit's
 * staying in table order. */
static void cache_list(cwr_cache *c)
{
    /* locals, so the stores into start and fig need not reload the counts (they might alias) */
    const figure *figs = c->t->figures;
    const int nf = c->t->figure_count, nu = c->units;
    int *start = c->start;
    figure_id *fig = c->fig;
    /* a counting sort of the active figures by unit: each unit's stay in table order */
    memset(start, 0, (size_t)(nu + 2) * sizeof *start);
    for (int i = 0; i < nf; i++) {
        uint32_t u = figs[i].unit.id;
        if (u && u <= (uint32_t)nu && table_figure_active(&figs[i]))
            start[u + 1]++;
    }
    for (int k = 1; k <= nu + 1; k++)
        start[k] += start[k - 1];
    for (int i = 0; i < nf; i++) {
        uint32_t u = figs[i].unit.id;
        if (u && u <= (uint32_t)nu && table_figure_active(&figs[i]))
            fig[start[u]++] = figs[i].id;
    }
    memmove(start + 1, start, (size_t)(nu + 1) * sizeof *start); /* back to the starts */
    start[0] = 0;
    c->members = true;
}

/* The rows of cwr_cache_figures; not kept when some unit has more than CWR_UNIT_FIGS figures
 * (then the callers' scans, which pass over at most 2 * CWR_UNIT_FIGS of a unit's, differ). */
static void cache_rows(cwr_cache *c)
{
    const table *t = c->t;
    c->rows_listed = true;
    c->rows_ok = false;
    c->rows_n = 0;
    memset(c->per_unit, 0, (size_t)(c->units + 1) * sizeof *c->per_unit);
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        uint32_t u = f->unit.id;
        if (u > (uint32_t)c->units || (u && ++c->per_unit[u] > CWR_UNIT_FIGS))
            return;
        if (table_figure_active(f))
            c->rows[c->rows_n++] = (cwr_fig_row){.x = f->pos.x,
                                                 .y = f->pos.y,
                                                 .reach = spatial_base_reach(&f->base),
                                                 .unit = u,
                                                 .index = i};
    }
    c->rows_ok = true;
}

const cwr_fig_row *cwr_cache_figures(const table *t, int *n)
{
    cwr_cache *c = live;
    if (!c || c->t != t)
        return NULL;
    if (!c->rows_listed)
        cache_rows(c);
    *n = c->rows_n;
    return c->rows_ok ? c->rows : NULL;
}

/* The open scope's entry for unit u of t, or NULL: no scope for t (or for rs's data). */
static cache_unit *cached_unit(const rules_state *rs, const table *t, unit_id u)
{
    cwr_cache *c = live;
    if (!c || c->t != t || (rs && c->data != rs->data) || !u.id || (int)u.id > c->units)
        return NULL;
    return &c->unit[u.id - 1];
}

bool cwr_cache_fire_get(const rules_state *rs, const table *t, unit_id u, bool *ok, char *why)
{
    cache_unit *cu = cached_unit(rs, t, u);
    if (!cu || cu->fire_stamp != live->stamp || cu->data_rs != rs)
        return false;
    if (why && !cu->fire_ok && !cu->fire_told)
        return false; /* the reason is wanted and was not found: asked again */
    *ok = cu->fire_ok;
    if (why)
        memcpy(why, cu->fire_ok ? "" : cu->fire_why, cu->fire_ok ? 1 : CWR_REASON_MAX);
    return true;
}

void cwr_cache_fire_put(const rules_state *rs, const table *t, unit_id u, bool ok, const char *why)
{
    cache_unit *cu = cached_unit(rs, t, u);
    if (!cu)
        return;
    if (!cu->fire_why)
        cu->fire_why = mem_calloc(1, CWR_REASON_MAX);
    cwr_join(cu->fire_why, CWR_REASON_MAX, why ? why : "", NULL);
    cu->fire_ok = ok;
    cu->fire_told = why != NULL;
    cu->data_rs = rs;
    cu->fire_stamp = live->stamp;
}

void cwr_cache_changed(cwr_cache *c)
{
    if (c)
        c->version++;
}

void cwr_cache_table_changed(cwr_cache *c)
{
    if (c)
        c->table_gen++;
}

/* A kept answer of size n copied to out when its key still holds. */
static bool kept_get(const cwr_cache *c, const memo_key *k, const table *t, void *out,
                     const void *kept, size_t n)
{
    if (!memo_hit(c, k, t))
        return false;
    memcpy(out, kept, n);
    return true;
}

/* An answer of size n kept under key k; none at version 0 (no event yet since create or clone). */
static void kept_put(cwr_cache *c, memo_key *k, const table *t, void *kept, const void *in,
                     size_t n)
{
    if (!c || !c->version)
        return;
    memcpy(kept, in, n);
    memo_keep(c, k, t);
}

bool cwr_memo_outcome_get(const rules_state *rs, const table *t, rules_outcome *out)
{
    cwr_cache *c = rs->cache;
    return c && kept_get(c, &c->outcome_key, t, out, &c->outcome, sizeof *out);
}

void cwr_memo_outcome_put(const rules_state *rs, const table *t, const rules_outcome *o)
{
    cwr_cache *c = rs->cache;
    if (c)
        kept_put(c, &c->outcome_key, t, &c->outcome, o, sizeof *o);
}

bool cwr_memo_decision_get(const rules_state *rs, const table *t, rules_decision *out)
{
    cwr_cache *c = rs->cache;
    return c && kept_get(c, &c->decision_key, t, out, &c->decision, sizeof *out);
}

void cwr_memo_decision_put(const rules_state *rs, const table *t, const rules_decision *d)
{
    cwr_cache *c = rs->cache;
    if (c)
        kept_put(c, &c->decision_key, t, &c->decision, d, sizeof *d);
}

bool cwr_memo_targets_get(const rules_state *rs, const table *t, unit_id u, int kind,
                          rules_target *out, int max, int *n)
{
    cwr_cache *c = rs->cache;
    if (!memo_hit(c, &c->targets_key, t) || c->targets_unit.id != u.id || c->targets_kind != kind)
        return false;
    /* the list stops at its max: it answers a smaller max, or any when it held them all */
    if (max > c->targets_max && c->targets_n >= c->targets_max)
        return false;
    *n = c->targets_n < max ? c->targets_n : max;
    memcpy(out, c->targets, (size_t)*n * sizeof *out);
    return true;
}

void cwr_memo_targets_put(const rules_state *rs, const table *t, unit_id u, int kind,
                          const rules_target *in, int max, int n)
{
    cwr_cache *c = rs->cache;
    if (!c || !c->version || n > CWR_MEMO_TARGETS || max < 0)
        return;
    if (!c->targets)
        c->targets = mem_calloc(CWR_MEMO_TARGETS, sizeof *c->targets);
    memcpy(c->targets, in, (size_t)n * sizeof *in);
    c->targets_unit = u;
    c->targets_kind = kind;
    c->targets_max = max < CWR_MEMO_TARGETS ? max : CWR_MEMO_TARGETS;
    c->targets_n = n;
    memo_keep(c, &c->targets_key, t);
}

void cwr_memo_moves_put(const rules_state *rs, const table *t, int step, const rules_command *in,
                        int n)
{
    cwr_cache *c = rs->cache;
    if (!c || !c->version || n < 0 || n > CWR_MEMO_MOVES)
        return;
    if (!c->moves)
        c->moves = mem_calloc(CWR_MEMO_MOVES, sizeof *c->moves);
    memcpy(c->moves, in, (size_t)n * sizeof *in);
    c->moves_step = step;
    c->moves_n = n;
    memo_keep(c, &c->moves_key, t);
}

bool cwr_memo_moves_has(const rules_state *rs, const table *t, int step, const rules_command *cmd)
{
    cwr_cache *c = rs->cache;
    if (!memo_hit(c, &c->moves_key, t) || c->moves_step != step)
        return false;
    for (int i = 0; i < c->moves_n; i++)
        if (memcmp(&c->moves[i], cmd, sizeof *cmd) == 0)
            return true;
    return false;
}

bool cwr_type_named(const rules_state *rs, const table *t, const cwr_names *set, int type)
{
    const cwr_data *d = rs->data;
    int k = set == &d->fortification ? 0
            : set == &d->high_ground ? 1
            : set == &d->obstacle    ? 2
            : set == &d->open        ? 3
                                     : -1;
    const cwr_los *l = rs->los;
    if (k >= 0 && l && l->type_in && type >= 0 && type < l->type_count &&
        t->type_count == l->type_count)
        return l->type_in[k * l->type_count + type]; /* the terrain's types: fixed in a match */
    cwr_cache *c = live;
    if (k < 0 || !c || c->t != t || c->data != d || type < 0 || type >= TABLE_TYPES_MAX)
        return cwr_names_has(set, t->types[type].name);
    if (c->type_stamp[k][type] != c->stamp) {
        c->type_in[k][type] = cwr_names_has(set, t->types[type].name);
        c->type_stamp[k][type] = c->stamp;
    }
    return c->type_in[k][type];
}

/* The cached active figures of unit u on t (*n of them), or NULL: no scope for t. */
static const figure_id *cached_members(const table *t, unit_id u, int *n)
{
    cwr_cache *c = live;
    if (!c || c->t != t || !u.id || (int)u.id > c->units)
        return NULL;
    if (c->los) {
        /* u's own figures, the active ones in table order: what cache_list lists for u, in
         * the same place of fig (a unit's active figures are among its figures) */
        cache_unit *cu = &c->unit[u.id - 1];
        const int *all = c->los->unit_fig + c->los->unit_start[u.id];
        figure_id *out = c->fig + c->los->unit_start[u.id];
        if (cu->members_stamp != c->stamp) {
            int k = 0, m = c->los->unit_start[u.id + 1] - c->los->unit_start[u.id];
            for (int i = 0; i < m; i++) {
                const figure *f = &t->figures[all[i]];
                if (f->unit.id == u.id && table_figure_active(f))
                    out[k++] = f->id;
            }
            cu->members_n = k;
            cu->members_stamp = c->stamp;
        }
        *n = cu->members_n;
        return out;
    }
    if (!c->members)
        cache_list(c);
    *n = c->start[u.id + 1] - c->start[u.id];
    return c->fig + c->start[u.id];
}

const cwr_troop *cwr_troop_of(const rules_state *rs, const table *t, unit_id u)
{
    cache_unit *cu = cached_unit(rs, t, u);
    if (!cu)
        return troop_lookup(rs, t, u);
    if (cu->troop_stamp != live->stamp) {
        cu->troop = troop_lookup(rs, t, u);
        cu->troop_stamp = live->stamp;
    }
    return cu->troop;
}

int cwr_unit_figures(const table *t, unit_id u, figure_id *out, int max)
{
    int n = 0;
    const figure_id *m = cached_members(t, u, &n);
    if (m) {
        for (int i = 0; i < n && i < max && out; i++)
            out[i] = m[i];
        return n;
    }
    for (int i = 0; i < t->figure_count; i++)
        if (t->figures[i].unit.id == u.id && table_figure_active(&t->figures[i])) {
            if (out && n < max)
                out[n] = t->figures[i].id;
            n++;
        }
    return n;
}

figure_id cwr_unit_first(const table *t, unit_id u)
{
    int n;
    const figure_id *m = cached_members(t, u, &n);
    if (m)
        return n > 0 ? m[0] : (figure_id){0};
    for (int i = 0; i < t->figure_count; i++)
        if (t->figures[i].unit.id == u.id && table_figure_active(&t->figures[i]))
            return t->figures[i].id;
    return (figure_id){0};
}

int cwr_unit_strength(const table *t, unit_id u)
{
    return cwr_unit_figures(t, u, NULL, 0);
}

bool cwr_unit_alive(const table *t, unit_id u)
{
    int n;
    if (cached_members(t, u, &n))
        return n > 0;
    for (int i = 0; i < t->figure_count; i++) /* no scope: the first active figure will do */
        if (t->figures[i].unit.id == u.id && table_figure_active(&t->figures[i]))
            return true;
    return false;
}

bool cwr_unit_limbered(const table *t, unit_id u)
{
    const unit *un = table_unit_const(t, u);
    return un && strcmp(un->formation, "limbered") == 0;
}

bool cwr_unit_is_artillery(const rules_state *rs, const table *t, unit_id u)
{
    const cwr_troop *tr = cwr_troop_of(rs, t, u);
    return tr && tr->type == CWR_TYPE_ARTILLERY;
}

float cwr_unit_facing(const table *t, unit_id u)
{
    figure_id f = cwr_unit_first(t, u);
    if (!f.id)
        return 0;
    return table_figure_const(t, f)->facing;
}

static float base_depth(const figure *f)
{
    return f->base.kind == GEOM_BASE_RECT ? f->base.depth_cm : 2 * f->base.radius_cm;
}

static int front_rank_scan(const table *t, unit_id u, figure_id *out, int max)
{
    figure_id figs[CWR_UNIT_FIGS];
    int n = cwr_unit_figures(t, u, figs, CWR_UNIT_FIGS);
    if (n > CWR_UNIT_FIGS)
        n = CWR_UNIT_FIGS;
    if (n == 0)
        return 0;
    vec2s d = geom_dir(cwr_unit_facing(t, u));
    float best = -INFINITY;
    for (int i = 0; i < n; i++) {
        const figure *f = table_figure_const(t, figs[i]);
        best = fmaxf(best, f->pos.x * d.x + f->pos.y * d.y);
    }
    int k = 0;
    for (int i = 0; i < n; i++) {
        const figure *f = table_figure_const(t, figs[i]);
        float ahead = f->pos.x * d.x + f->pos.y * d.y;
        if (ahead >= best - 0.5f * base_depth(f) && k < max)
            out[k++] = figs[i];
    }
    return k;
}

int cwr_front_rank(const table *t, unit_id u, figure_id *out, int max)
{
    cache_unit *cu = cached_unit(NULL, t, u);
    if (!cu)
        return front_rank_scan(t, u, out, max);
    figure_id *fr = live->front + (size_t)(u.id - 1) * CWR_UNIT_FIGS;
    if (cu->front_stamp != live->stamp) {
        cu->front_n = front_rank_scan(t, u, fr, CWR_UNIT_FIGS);
        cu->front_stamp = live->stamp;
    }
    /* the scan keeps the first `max` in the same order */
    int n = cu->front_n < max ? cu->front_n : max;
    for (int i = 0; i < n; i++)
        out[i] = fr[i];
    return n;
}

static vec2s front_centre_of(const table *t, unit_id u)
{
    figure_id fr[CWR_UNIT_FIGS];
    int n = cwr_front_rank(t, u, fr, CWR_UNIT_FIGS);
    vec2s c = {{0, 0}};
    for (int i = 0; i < n; i++) {
        const figure *f = table_figure_const(t, fr[i]);
        c.x += f->pos.x / (float)n;
        c.y += f->pos.y / (float)n;
    }
    return c;
}

vec2s cwr_front_centre(const table *t, unit_id u)
{
    cache_unit *cu = cached_unit(NULL, t, u);
    if (!cu)
        return front_centre_of(t, u);
    if (cu->centre_stamp != live->stamp) {
        cu->centre = front_centre_of(t, u);
        cu->centre_stamp = live->stamp;
    }
    return cu->centre;
}

static geom_placed_base placed(const figure *f)
{
    return (geom_placed_base){.base = f->base, .pos = f->pos, .facing = f->facing};
}

/* cwr_unit_distance by scanning every figure for each of a's (units too big to list). */
static float scan_distance(const table *t, unit_id a, unit_id b, figure_id *fa, figure_id *fb)
{
    float best = INFINITY;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *x = &t->figures[i];
        if (x->unit.id != a.id || !table_figure_active(x))
            continue;
        geom_placed_base px = placed(x);
        for (int j = 0; j < t->figure_count; j++) {
            const figure *y = &t->figures[j];
            if (y->unit.id != b.id || !table_figure_active(y))
                continue;
            geom_placed_base py = placed(y);
            float d = (float)geom_base_edge_distance(&px, &py);
            if (d < best) {
                best = d;
                if (fa)
                    *fa = x->id;
                if (fb)
                    *fb = y->id;
            }
        }
    }
    return best;
}

const figure_id *cwr_unit_members(const table *t, unit_id u, figure_id *buf, int max, int *n)
{
    const figure_id *m = cached_members(t, u, n);
    if (m)
        return m;
    *n = cwr_unit_figures(t, u, buf, max);
    return *n <= max ? buf : NULL;
}

static float pair_distance(const table *t, const figure_id *ma, int na, const figure_id *mb, int nb,
                           figure_id *fa, figure_id *fb)
{
    /* every pair in table order, the first nearest kept; a pair farther apart along an axis
     * than both reaches and the best so far cannot be nearer (a margin far above the rounding
     * of the corners) */
    float best = INFINITY;
    for (int i = 0; i < na; i++) {
        const figure *x = table_figure_const(t, ma[i]);
        geom_placed_base px = placed(x);
        float rx = spatial_base_reach(&x->base) + 1e-3f;
        for (int j = 0; j < nb; j++) {
            const figure *y = table_figure_const(t, mb[j]);
            float gap = fmaxf(fabsf(y->pos.x - x->pos.x), fabsf(y->pos.y - x->pos.y)) - rx -
                        spatial_base_reach(&y->base);
            if (gap > best)
                continue;
            geom_placed_base py = placed(y);
            float d = (float)geom_base_edge_distance(&px, &py);
            if (d < best) {
                best = d;
                *fa = x->id;
                *fb = y->id;
            }
        }
    }
    return best;
}

float cwr_unit_distance(const table *t, unit_id a, unit_id b, figure_id *fa, figure_id *fb)
{
    cwr_cache *c = live;
    cache_pair *cp = NULL;
    if (c && c->t == t && c->pair && c->pair_units == c->units && a.id && b.id &&
        (int)a.id <= c->units && (int)b.id <= c->units)
        cp = &c->pair[(size_t)(a.id - 1) * (size_t)c->units + (b.id - 1)];
    if (!cp || cp->stamp != c->stamp) {
        figure_id ba[256], bb[256], xa = {0}, xb = {0};
        int na, nb;
        const figure_id *ma = cwr_unit_members(t, a, ba, 256, &na);
        const figure_id *mb = cwr_unit_members(t, b, bb, 256, &nb);
        float d = ma && mb ? pair_distance(t, ma, na, mb, nb, &xa, &xb)
                           : scan_distance(t, a, b, &xa, &xb);
        if (!cp) {
            if (xa.id && fa)
                *fa = xa;
            if (xb.id && fb)
                *fb = xb;
            return d;
        }
        *cp = (cache_pair){.stamp = c->stamp, .d = d, .fa = xa, .fb = xb};
    }
    if (cp->fa.id && fa)
        *fa = cp->fa;
    if (cp->fb.id && fb)
        *fb = cp->fb;
    return cp->d;
}

/* Unit u's box in the open scope for t (false: no scope): every figure's centre grown by its
 * reach and the pairs' margin below. */
static bool unit_box(const table *t, unit_id u, geom_aabb *out)
{
    cache_unit *cu = cached_unit(NULL, t, u);
    if (!cu)
        return false;
    if (cu->box_stamp != live->stamp) {
        int n;
        const figure_id *m = cached_members(t, u, &n);
        geom_aabb b = {{{INFINITY, INFINITY}}, {{-INFINITY, -INFINITY}}};
        for (int i = 0; i < n; i++) {
            const figure *f = table_figure_const(t, m[i]);
            float r = spatial_base_reach(&f->base) + 1e-3f;
            b.min.x = f->pos.x - r < b.min.x ? f->pos.x - r : b.min.x;
            b.min.y = f->pos.y - r < b.min.y ? f->pos.y - r : b.min.y;
            b.max.x = f->pos.x + r > b.max.x ? f->pos.x + r : b.max.x;
            b.max.y = f->pos.y + r > b.max.y ? f->pos.y + r : b.max.y;
        }
        cu->box = b;
        cu->box_stamp = live->stamp;
    }
    *out = cu->box;
    return true;
}

bool cwr_unit_box(const table *t, unit_id u, geom_aabb *out)
{
    return unit_box(t, u, out);
}

bool cwr_units_within(const table *t, unit_id a, unit_id b, float d)
{
    cwr_cache *c = live;
    if (c && c->t == t && c->pair && c->pair_units == c->units && a.id && b.id &&
        (int)a.id <= c->units && (int)b.id <= c->units) {
        const cache_pair *cp = &c->pair[(size_t)(a.id - 1) * (size_t)c->units + (b.id - 1)];
        if (cp->stamp == c->stamp)
            return cp->d <= d;
    }
    figure_id ba[256], bb[256];
    int na, nb;
    const figure_id *ma = cwr_unit_members(t, a, ba, 256, &na);
    const figure_id *mb = cwr_unit_members(t, b, bb, 256, &nb);
    if (!ma || !mb)
        return cwr_unit_distance(t, a, b, NULL, NULL) <= d;
    /* the units' boxes farther apart along an axis than d: so is every pair below (each
     * pair's gap is at least the boxes'), none within d */
    geom_aabb xa, xb;
    if (unit_box(t, a, &xa) && unit_box(t, b, &xb)) {
        float gx =
            xb.min.x - xa.max.x > xa.min.x - xb.max.x ? xb.min.x - xa.max.x : xa.min.x - xb.max.x;
        float gy =
            xb.min.y - xa.max.y > xa.min.y - xb.max.y ? xb.min.y - xa.max.y : xa.min.y - xb.max.y;
        if (gx > d || gy > d)
            return false;
    }
    /* pair_distance's pairs, a pair farther apart along an axis than both reaches and d
     * skipped the same way: the nearest is within d when any pair is */
    for (int i = 0; i < na; i++) {
        const figure *x = table_figure_const(t, ma[i]);
        geom_placed_base px = placed(x);
        float rx = spatial_base_reach(&x->base) + 1e-3f;
        for (int j = 0; j < nb; j++) {
            const figure *y = table_figure_const(t, mb[j]);
            float gap = fmaxf(fabsf(y->pos.x - x->pos.x), fabsf(y->pos.y - x->pos.y)) - rx -
                        spatial_base_reach(&y->base);
            if (gap > d)
                continue;
            geom_placed_base py = placed(y);
            if ((float)geom_base_edge_distance(&px, &py) <= d)
                return true;
        }
    }
    return false;
}

bool cwr_in_contact(const rules_state *rs, const table *t, unit_id a, unit_id b)
{
    return cwr_units_within(t, a, b, cwr_cm(rs, rs->data->contact_in));
}

unit_id cwr_contact_enemy(const rules_state *rs, const table *t, unit_id u)
{
    const unit *un = table_unit_const(t, u);
    for (int i = 0; un && i < t->unit_count; i++) {
        const unit *e = &t->units[i];
        if (e->side.id != un->side.id && cwr_unit_alive(t, e->id) &&
            !cwr_unit_hidden(rs, t, e->id, un->side) && cwr_combat_figures(rs, t, u, e->id) > 0)
            return e->id;
    }
    return (unit_id){0};
}

bool cwr_feature_far(const rules_state *rs, const table *t, int k, geom_aabb b)
{
    const cwr_los *l = rs->los;
    if (!l || !l->feature_box || k < 0 || k >= l->feature_count ||
        t->feature_count != l->feature_count)
        return false;
    const geom_aabb *f = &l->feature_box[k];
    return b.max.x < f->min.x || b.min.x > f->max.x || b.max.y < f->min.y || b.min.y > f->max.y;
}

static bool point_far(const rules_state *rs, const table *t, int k, vec2s p)
{
    return cwr_feature_far(rs, t, k, (geom_aabb){p, p});
}

/* A unit is in fortifications when most of its figures stand inside a fortification area. */
static bool fortified_scan(const rules_state *rs, const table *t, unit_id u)
{
    int in = 0, n = 0;
    /* the unit's own figures (a count: any order will do), or every figure */
    figure_id buf[CWR_UNIT_FIGS];
    int m;
    const figure_id *mem = cwr_unit_members(t, u, buf, CWR_UNIT_FIGS, &m);
    for (int i = 0; i < (mem ? m : t->figure_count); i++) {
        const figure *f = mem ? table_figure_const(t, mem[i]) : &t->figures[i];
        if (f->unit.id != u.id || !table_figure_active(f))
            continue;
        n++;
        for (int k = 0; k < t->feature_count; k++) {
            const terrain_feature *ft = &t->features[k];
            if (ft->shape == TERRAIN_SHAPE_AREA && !point_far(rs, t, k, f->pos) &&
                cwr_type_named(rs, t, &rs->data->fortification, ft->type) &&
                geom_point_in_polygon(f->pos, &ft->area)) {
                in++;
                break;
            }
        }
    }
    return n > 0 && 2 * in > n;
}

/* fortified_scan, answered from the match's last answer for u when its active figures stand
 * where they stood then (listed in the same order: table order). */
static bool fortified_remembered(const rules_state *rs, const table *t, unit_id u)
{
    cwr_los *l = rs->los;
    figure_id buf[CWR_UNIT_FIGS];
    int m;
    const figure_id *mem = cwr_unit_members(t, u, buf, CWR_UNIT_FIGS, &m);
    if (!l || !mem || (int)u.id > rs->unit_count)
        return fortified_scan(rs, t, u);
    if (!l->fort_sig) {
        l->fort_units = rs->unit_count;
        l->fort_xy = mem_calloc((size_t)(l->fort_units + 1) * 2 * CWR_UNIT_FIGS, sizeof(float));
        l->fort_sig = mem_calloc((size_t)l->fort_units + 1, sizeof(int));
        l->fort_was = mem_calloc((size_t)l->fort_units + 1, sizeof(bool));
    }
    if ((int)u.id > l->fort_units)
        return fortified_scan(rs, t, u);
    /* the active figures' centres, in the list's order */
    float xy[2 * CWR_UNIT_FIGS];
    int k = 0;
    for (int i = 0; i < m; i++) {
        const figure *f = table_figure_const(t, mem[i]);
        if (f->unit.id != u.id || !table_figure_active(f))
            continue;
        xy[2 * k] = f->pos.x;
        xy[2 * k + 1] = f->pos.y;
        k++;
    }
    float *kept = l->fort_xy + (size_t)u.id * 2 * CWR_UNIT_FIGS;
    if (l->fort_sig[u.id] == k + 1 && memcmp(kept, xy, (size_t)k * 2 * sizeof *xy) == 0)
        return l->fort_was[u.id];
    bool in = fortified_scan(rs, t, u);
    memcpy(kept, xy, (size_t)k * 2 * sizeof *xy);
    l->fort_sig[u.id] = k + 1;
    l->fort_was[u.id] = in;
    return in;
}

bool cwr_unit_fortified(const rules_state *rs, const table *t, unit_id u)
{
    cache_unit *cu = cached_unit(rs, t, u);
    if (!cu)
        return fortified_remembered(rs, t, u);
    if (cu->fort_stamp != live->stamp) {
        cu->fortified = fortified_remembered(rs, t, u);
        cu->fort_stamp = live->stamp;
    }
    return cu->fortified;
}

float cwr_ground_ft(const rules_state *rs, const table *t, vec2s p)
{
    float h = 0;
    for (int k = 0; k < t->feature_count; k++) {
        const terrain_feature *ft = &t->features[k];
        if (ft->shape == TERRAIN_SHAPE_AREA && !point_far(rs, t, k, p) &&
            cwr_type_named(rs, t, &rs->data->high_ground, ft->type) &&
            geom_point_in_polygon(p, &ft->area))
            h = fmaxf(h, table_feature_height_ft(t, ft));
    }
    return h;
}

side_id cwr_other_side(const rules_state *rs, side_id s)
{
    return rs->sides[0].id == s.id ? rs->sides[1] : rs->sides[0];
}

bool cwr_unit_hidden(const rules_state *rs, const table *t, unit_id u, side_id viewer)
{
    /* the flag first: most units are not concealed, and then the unit need not be looked up */
    const cwr_unit_state *us = cwr_ustate_const(rs, u);
    if (!us || !viewer.id || !(us->flags & CWR_U_CONCEALED))
        return false;
    const unit *un = table_unit_const(t, u);
    return un && un->side.id != viewer.id;
}

const table *cwr_seen_table(const rules_state *rs, const table *t, side_id viewer, table **copy)
{
    *copy = NULL;
    bool any = false;
    for (int i = 0; i < t->unit_count && !any; i++)
        any = cwr_unit_hidden(rs, t, t->units[i].id, viewer) && cwr_unit_alive(t, t->units[i].id);
    if (!any)
        return t; /* the common case: nothing hidden, no copy */
    *copy = table_clone(t);
    for (int i = 0; i < (*copy)->figure_count; i++) {
        figure *f = &(*copy)->figures[i];
        if (table_figure_active(f) && cwr_unit_hidden(rs, t, f->unit, viewer))
            f->status |= FIGURE_STATUS_OFF_TABLE;
    }
    return *copy;
}

/* Sight from any front-rank figure of `from` to any figure of `to`, over terrain. */
/* los_figures without bases blocking, remembered: terrain alone decides it, so the two
 * centres and the eye height are the whole question. */
static bool figures_see(const rules_state *rs, const table *t, figure_id a, figure_id b)
{
    const figure *fa = table_figure_const(t, a), *fb = table_figure_const(t, b);
    memo *m = rs->los->sight_memo;
    if (!fa || !fb || !m)
        return los_figures(rs->los->ix, t, a, b, NULL).verdict == LOS_CLEAR;
    float key[5] = {fa->pos.x, fa->pos.y, fb->pos.x, fb->pos.y,
                    fmaxf(table_posture_eye_ft(fa->posture), table_posture_eye_ft(fb->posture))};
    int clear;
    if (memo_get(m, key, &clear))
        return clear;
    /* los_figures' terrain verdict by its bulk form (no length inside areas measured) */
    clear = !los_blocked(rs->los->ix, fa->pos, fb->pos, key[4], NULL);
    memo_put(m, key, &clear);
    return clear;
}

static bool sees_scan(const rules_state *rs, const table *t, unit_id from, unit_id to)
{
    const unit *a = table_unit_const(t, from);
    if (!a || cwr_unit_hidden(rs, t, to, a->side))
        return false;
    figure_id fr[CWR_UNIT_FIGS], tg[CWR_UNIT_FIGS];
    int n = cwr_front_rank(t, from, fr, CWR_UNIT_FIGS);
    int m = cwr_unit_figures(t, to, tg, CWR_UNIT_FIGS);
    if (m > CWR_UNIT_FIGS)
        m = CWR_UNIT_FIGS;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            if (figures_see(rs, t, fr[i], tg[j]))
                return true;
    return false;
}

/* The open scope's entry for the pair (a, b) of t, or NULL. */
static cache_pair *cached_pair(const rules_state *rs, const table *t, unit_id a, unit_id b)
{
    cwr_cache *c = live;
    if (!c || c->t != t || (rs && c->data != rs->data) || !c->pair || c->pair_units != c->units ||
        !a.id || !b.id || (int)a.id > c->units || (int)b.id > c->units)
        return NULL;
    return &c->pair[(size_t)(a.id - 1) * (size_t)c->units + (b.id - 1)];
}

/* ---- answers kept across calls: the table memo ---- */

/* What a figure is to the kept answers: every field a rule or event changes in a match, and
 * its base, unit and side (set when the match began), bit for bit. The figure's last fields, from
 * its base to its status, are one run of bytes, copied and compared as one. */
#define MEMO_FIG_TAIL (offsetof(figure, status) + sizeof(uint32_t) - offsetof(figure, base))
static_assert(MEMO_FIG_TAIL == sizeof(geom_base) + sizeof(vec2s) + 2 * sizeof(float),
              "a figure's base, centre, facing and status lie together");
typedef struct memo_fig {
    unsigned char tail[MEMO_FIG_TAIL]; /* base, pos, facing, status */
    figure_posture posture;
    unit_id unit;
    side_id side;
} memo_fig;

static bool memo_fig_is(const memo_fig *m, const figure *f)
{
    return memcmp(m->tail, &f->base, MEMO_FIG_TAIL) == 0 && m->posture == f->posture &&
           m->unit.id == f->unit.id && m->side.id == f->side.id;
}

/* The table (its figures as memo_fig, each unit's formation, the units' concealment) as a
 * scope last found it, and the (unit, unit) answers found on it since: sight and fire plans
 * read nothing else that changes in a match, and are asked again by each call of a decision
 * (the pair's legal step, the step's legal, validate, the overlap check's resolve), each a
 * new scope and often a new state (a clone), of the same table. Compared once a scope: any
 * difference (a move, a casualty, a formation, a table changed without an event) takes the
 * snapshot anew, and the epoch forgets every answer. */
typedef struct cwr_table_memo {
    memo_fig *figs; /* fig_cap */
    char (*formation)[TABLE_NAME_MAX];
    bool *hidden; /* by unit index: concealed from the other side (CWR_U_CONCEALED) */
    int nfig, nunit, fig_cap, unit_cap;
    float w, h;
    uint32_t epoch; /* 0: no snapshot yet */
    /* by (a - 1) * nunit + (b - 1): the epoch each answer was found at */
    uint32_t *sees_epoch, *fire_epoch;
    bool *sees, *fire_ok;
    cwr_fire_plan *fire;
    int pair_cap;
} cwr_table_memo;

void cwr_table_memo_free(struct cwr_table_memo *m)
{
    if (!m)
        return;
    free(m->figs);
    free(m->formation);
    free(m->hidden);
    free(m->sees_epoch);
    free(m->fire_epoch);
    free(m->sees);
    free(m->fire_ok);
    free(m->fire);
    free(m);
}

static bool unit_concealed(const rules_state *rs, int i)
{
    return i < rs->unit_count && (rs->units[i].flags & CWR_U_CONCEALED);
}

static bool table_memo_holds(const cwr_table_memo *m, const rules_state *rs, const table *t)
{
    int nf = t->figure_count, nu = t->unit_count;
    if (!m->epoch || m->nfig != nf || m->nunit != nu || memcmp(&m->w, &t->width_cm, sizeof m->w) ||
        memcmp(&m->h, &t->height_cm, sizeof m->h))
        return false;
    for (int i = 0; i < nu; i++)
        if (m->hidden[i] != unit_concealed(rs, i) ||
            memcmp(m->formation[i], t->units[i].formation, TABLE_NAME_MAX) != 0)
            return false;
    for (int i = 0; i < nf; i++)
        if (!memo_fig_is(&m->figs[i], &t->figures[i]))
            return false;
    return true;
}

/* t as m's snapshot, its answers all forgotten. */
static void table_memo_take(cwr_table_memo *m, const rules_state *rs, const table *t)
{
    int nf = t->figure_count, nu = t->unit_count;
    if (m->fig_cap < nf + 1) {
        free(m->figs);
        m->fig_cap = nf + 1;
        m->figs = mem_calloc((size_t)m->fig_cap, sizeof *m->figs);
    }
    if (m->unit_cap < nu + 1) {
        free(m->formation);
        free(m->hidden);
        m->unit_cap = nu + 1;
        m->formation = mem_calloc((size_t)m->unit_cap, sizeof *m->formation);
        m->hidden = mem_calloc((size_t)m->unit_cap, sizeof *m->hidden);
    }
    size_t np = (size_t)nu * (size_t)nu + 1;
    if (m->pair_cap < (int)np) {
        free(m->sees_epoch);
        free(m->fire_epoch);
        free(m->sees);
        free(m->fire_ok);
        free(m->fire);
        m->pair_cap = (int)np;
        m->sees_epoch = mem_calloc(np, sizeof *m->sees_epoch);
        m->fire_epoch = mem_calloc(np, sizeof *m->fire_epoch);
        m->sees = mem_calloc(np, sizeof *m->sees);
        m->fire_ok = mem_calloc(np, sizeof *m->fire_ok);
        m->fire = mem_calloc(np, sizeof *m->fire);
    }
    for (int i = 0; i < nf; i++) {
        const figure *f = &t->figures[i];
        memcpy(m->figs[i].tail, &f->base, MEMO_FIG_TAIL);
        m->figs[i].posture = f->posture;
        m->figs[i].unit = f->unit;
        m->figs[i].side = f->side;
    }
    for (int i = 0; i < nu; i++) {
        memcpy(m->formation[i], t->units[i].formation, TABLE_NAME_MAX);
        m->hidden[i] = unit_concealed(rs, i);
    }
    m->nfig = nf, m->nunit = nu, m->w = t->width_cm, m->h = t->height_cm;
    if (++m->epoch == 0) { /* the (rare) wrap: every answer's epoch forgotten */
        memset(m->sees_epoch, 0, (size_t)m->pair_cap * sizeof *m->sees_epoch);
        memset(m->fire_epoch, 0, (size_t)m->pair_cap * sizeof *m->fire_epoch);
        m->epoch = 1;
    }
}

/* The match's memo for t, the open scope's table of rs's own cache, with the slot of (a, b);
 * NULL without a scope for t, or a unit out of range. */
static cwr_table_memo *table_memo(const rules_state *rs, const table *t, unit_id a, unit_id b,
                                  size_t *slot)
{
    cwr_cache *c = live;
    if (!c || c->t != t || !rs || rs->cache != c || !rs->los || c->data != rs->data || !a.id ||
        !b.id || (int)a.id > t->unit_count || (int)b.id > t->unit_count)
        return NULL;
    cwr_table_memo *m = rs->los->table_memo;
    if (!m)
        m = rs->los->table_memo = mem_calloc(1, sizeof *m);
    bool held =
        c->tm_ok || (c->tm_trusted && c->version && c->tm_t == t && c->tm_gen == c->table_gen &&
                     m->nfig == t->figure_count && m->nunit == t->unit_count);
    if (!held || c->tm_epoch != m->epoch) {
        if (!table_memo_holds(m, rs, t))
            table_memo_take(m, rs, t);
        c->tm_epoch = m->epoch;
    }
    c->tm_ok = true;
    c->tm_t = t;
    c->tm_gen = c->table_gen;
    c->tm_trusted = c->version != 0; /* at version 0 a table may change without an event */
    *slot = (size_t)(a.id - 1) * (size_t)m->nunit + (b.id - 1);
    return m;
}

bool cwr_memo_fire_get(const rules_state *rs, const table *t, unit_id u, unit_id target, bool told,
                       cwr_fire_plan *out, bool *ok)
{
    size_t k;
    cwr_table_memo *m = table_memo(rs, t, u, target, &k);
    if (!m || m->fire_epoch[k] != m->epoch || (told && !m->fire_ok[k]))
        return false;
    *out = m->fire[k];
    *ok = m->fire_ok[k];
    return true;
}

void cwr_memo_fire_put(const rules_state *rs, const table *t, unit_id u, unit_id target, bool ok,
                       const cwr_fire_plan *plan)
{
    size_t k;
    cwr_table_memo *m = table_memo(rs, t, u, target, &k);
    if (!m)
        return;
    m->fire[k] = *plan;
    m->fire_ok[k] = ok;
    m->fire_epoch[k] = m->epoch;
}

/* sees_scan's answer from the table memo, found there when not yet. */
static bool sees_kept(const rules_state *rs, const table *t, unit_id from, unit_id to)
{
    size_t k;
    cwr_table_memo *m = table_memo(rs, t, from, to, &k);
    if (!m)
        return sees_scan(rs, t, from, to);
    if (m->sees_epoch[k] != m->epoch) {
        m->sees[k] = sees_scan(rs, t, from, to);
        m->sees_epoch[k] = m->epoch;
    }
    return m->sees[k];
}

/* Asked of the same pair by the fire, charge and away-move checks of one call. */
bool cwr_sees(const rules_state *rs, const table *t, unit_id from, unit_id to)
{
    cache_pair *cp = cached_pair(rs, t, from, to);
    if (!cp)
        return sees_scan(rs, t, from, to);
    if (cp->sees_stamp != live->stamp) {
        cp->sees = sees_kept(rs, t, from, to);
        cp->sees_stamp = live->stamp;
    }
    return cp->sees;
}
