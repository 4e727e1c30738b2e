/* Small helpers every cr15 topic file uses: lookups, troop traits, cover, contact, sight, and
 * the overlap-free stop of a move. */
#include "rules/cr15/cr15_state.h"

#include "core/mem.h"
#include "core/place.h"
#include "core/spatial.h"
#include "rules/text_format.h"

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int cr15_side_index(const table *t, side_id s)
{
    for (int i = 0; i < t->side_count && i < 2; i++)
        if (t->sides[i].id.id == s.id)
            return i;
    return 0;
}

side_id cr15_other_side(const table *t, side_id s)
{
    return t->sides[t->sides[0].id.id == s.id ? 1 : 0].id;
}

side_id cr15_step_side(const rules_state *rs, const table *t)
{
    if (rs->phase == CR15_PHASE_FIRING)
        return rs->done[cr15_side_index(t, rs->first)] ? cr15_other_side(t, rs->first) : rs->first;
    return rs->step == 1 ? cr15_other_side(t, rs->first) : rs->first;
}

cr15_troop cr15_troop_of(const table *t, const figure *f)
{
    const unit *u = table_unit_const(t, f->unit);
    int k = cr15_troop_parse(f->kind);
    if (k < 0 && u)
        k = cr15_troop_parse(u->kind);
    if (k < 0)
        k = f->posture == FIGURE_POSTURE_MOUNTED ? CR15_TROOP_CAVALRY : CR15_TROOP_REGULARS;
    return (cr15_troop)k;
}

bool cr15_is_gatling(const figure *f)
{
    return f->role == FIGURE_ROLE_GUN && strcmp(f->weapon, "gatling") == 0;
}

bool cr15_leader(const figure *f)
{
    return f->role == FIGURE_ROLE_OFFICER || f->role == FIGURE_ROLE_NCO ||
           f->role == FIGURE_ROLE_LEADER;
}

int cr15_crew(const rules_state *rs, const table *t, const figure *gun)
{
    int n = 0;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *c = &t->figures[i];
        n += c->unit.id == gun->unit.id && c->role == FIGURE_ROLE_CREW && cr15_can_act(rs, c) &&
             !(c->status & FIGURE_STATUS_SERIOUS);
    }
    return n;
}

static cr15_cover cover_of(terrain_cover c)
{
    return c == TERRAIN_COVER_HEAVY   ? CR15_COVER_HARD
           : c == TERRAIN_COVER_LIGHT ? CR15_COVER_SOFT
                                      : CR15_COVER_OPEN;
}

bool cr15_in_area(vec2s p, const terrain_feature *fe)
{
    /* outside the outline's box (grown far beyond the boundary tolerance): outside it */
    const float pad = 1e-3f;
    if (p.x < fe->bounds.min.x - pad || p.x > fe->bounds.max.x + pad ||
        p.y < fe->bounds.min.y - pad || p.y > fe->bounds.max.y + pad)
        return false;
    return geom_point_in_polygon(p, &fe->area);
}

/* The cover of the areas with cover the target stands in (the part that does not depend on
 * where the shot comes from). */
cr15_cover cr15_cover_area(const table *t, const figure *target)
{
    cr15_cover best = CR15_COVER_OPEN;
    for (int i = 0; i < t->feature_count; i++) {
        const terrain_feature *fe = &t->features[i];
        cr15_cover c = cover_of(t->types[fe->type].cover);
        if (c > best && fe->shape == TERRAIN_SHAPE_AREA && cr15_in_area(target->pos, fe))
            best = c;
    }
    return best;
}

/* Whether the segment a-b comes near the box (within a margin far above the intersection
 * tests' tolerance): a segment that does not cannot cross a line inside it. */
static bool segment_near_box(vec2s a, vec2s b, geom_aabb box)
{
    const float pad = 1e-3f;
    return fmaxf(a.x, b.x) >= box.min.x - pad && fminf(a.x, b.x) <= box.max.x + pad &&
           fmaxf(a.y, b.y) >= box.min.y - pad && fminf(a.y, b.y) <= box.max.y + pad;
}

cr15_cover cr15_cover_from(const rules_state *rs, const table *t, const figure *target, vec2s from,
                           cr15_cover area)
{
    cr15_cover best = area;
    float near = cr15_cm(rs, 1) + target->base.radius_cm;
    /* the linear features, listed at create (the terrain never changes in a match) */
    const cr15_los *lo = rs->los;
    int n = lo && lo->lines ? lo->line_count : t->feature_count;
    for (int j = 0; j < n; j++) {
        const terrain_feature *fe = &t->features[lo && lo->lines ? lo->lines[j] : j];
        if (fe->shape == TERRAIN_SHAPE_AREA)
            continue;
        cr15_cover c = cover_of(t->types[fe->type].cover);
        if (c <= best)
            continue;
        vec2s dir = cr15_v2(from.x - target->pos.x, from.y - target->pos.y);
        float len = sqrtf(dir.x * dir.x + dir.y * dir.y);
        if (len <= 0)
            continue;
        vec2s tip = cr15_v2(target->pos.x + dir.x / len * near, target->pos.y + dir.y / len * near);
        if (segment_near_box(target->pos, tip, fe->bounds) &&
            geom_segment_polyline_intersect((geom_segment){target->pos, tip}, &fe->line))
            best = c;
    }
    return best;
}

/* In an area with cover, or just behind (within its own base and an inch) a linear feature with
 * cover that the line from `from` crosses: the best of the features' covers, so the areas and
 * the lines may be asked apart. */
cr15_cover cr15_cover_at(const rules_state *rs, const table *t, const figure *target, vec2s from)
{
    return cr15_cover_from(rs, t, target, from, cr15_cover_area(t, target));
}

float cr15_edge_cm(const figure *a, const figure *b)
{
    geom_placed_base pa = {.base = a->base, .pos = a->pos, .facing = a->facing};
    geom_placed_base pb = {.base = b->base, .pos = b->pos, .facing = b->facing};
    return (float)geom_base_edge_distance(&pa, &pb);
}

bool cr15_in_contact(const rules_state *rs, const figure *a, const figure *b)
{
    /* centres further apart along an axis than both reaches and the contact distance (and a
     * margin far above float error): the edges are further apart than that too */
    float g =
        spatial_base_reach(&a->base) + spatial_base_reach(&b->base) + rs->data->contact_cm + 0.01f;
    if (fabsf(a->pos.x - b->pos.x) > g || fabsf(a->pos.y - b->pos.y) > g)
        return false;
    return cr15_edge_cm(a, b) <= rs->data->contact_cm;
}

/* rs's memo for t, its answers of an older version or another table forgotten, or NULL: no
 * event yet since create or clone. */
static cr15_memo *memo_of(const rules_state *rs, const table *t)
{
    cr15_memo *m = rs->memo;
    if (!m || !m->version)
        return NULL;
    if (m->key_version != m->places || m->key_t != t || m->key_figures != t->figure_count) {
        if (m->cap < t->figure_count) {
            free(m->contact_stamp);
            free(m->contact);
            m->cap = t->figure_count;
            m->contact_stamp = mem_calloc((size_t)m->cap, sizeof *m->contact_stamp);
            m->contact = mem_calloc((size_t)m->cap, sizeof *m->contact);
            m->stamp = 0;
            m->near_stamp = 0;
            m->side_stamp = 0;
        }
        if (++m->stamp == 0) { /* the wrap: every old stamp forgotten */
            memset(m->contact_stamp, 0, (size_t)m->cap * sizeof *m->contact_stamp);
            m->stamp = 1;
            m->near_stamp = 0;
            m->side_stamp = 0;
        }
        m->key_version = m->places;
        m->key_t = t;
        m->key_figures = t->figure_count;
    }
    return m;
}

static int contact_count(const rules_state *rs, const table *t, const figure *f, figure_id *out,
                         int max);
static int contact_count_near(const rules_state *rs, const table *t, cr15_memo *m, const figure *f,
                              int *idx, int cap);

/* The column of a finite centre x (or a bound of one), clamped: never less for a larger x. */
static int near_col(const cr15_memo *m, float x)
{
    float c = (x - m->near_lo) * m->near_inv;
    if (!(c > 0)) /* below the first centre (or no spread at all) */
        return 0;
    return c >= (float)(CR15_NEAR_COLS - 1) ? CR15_NEAR_COLS - 1 : (int)c;
}

/* Lists each unit's figures: a counting sort by unit, each unit's staying in table order. */
static void list_members(cr15_memo *m, const table *t)
{
    int nf = t->figure_count, nu = t->unit_count;
    free(m->member_start);
    free(m->member);
    m->member_start = mem_calloc((size_t)nu + 2, sizeof *m->member_start);
    m->member = mem_calloc((size_t)(nf > 0 ? nf : 1), sizeof *m->member);
    for (int i = 0; i < nf; i++) {
        uint32_t u = t->figures[i].unit.id;
        if (u && u <= (uint32_t)nu)
            m->member_start[u + 1]++;
    }
    for (int k = 1; k <= nu + 1; k++)
        m->member_start[k] += m->member_start[k - 1];
    for (int i = 0; i < nf; i++) {
        uint32_t u = t->figures[i].unit.id;
        if (u && u <= (uint32_t)nu)
            m->member[m->member_start[u]++] = i;
    }
    memmove(m->member_start + 1, m->member_start, (size_t)(nu + 1) * sizeof *m->member_start);
    m->member_start[0] = 0;
    m->member_t = t;
    m->member_figures = nf;
    m->member_units = nu;
}

int cr15_unit_members(const rules_state *rs, const table *t, unit_id u, const int **out)
{
    cr15_memo *m = rs->memo;
    if (!m || !m->version)
        return -1;
    if (m->member_t != t || m->member_figures != t->figure_count ||
        m->member_units != t->unit_count)
        list_members(m, t);
    if (!u.id || (int)u.id > m->member_units) {
        *out = m->member;
        return 0;
    }
    *out = m->member + m->member_start[u.id];
    return m->member_start[u.id + 1] - m->member_start[u.id];
}

/* The key's active figures in CR15_NEAR_COLS columns of centre x (a counting sort, each
 * column in table order), the non-finite centres after them, once a stamp. */
static void near_build(cr15_memo *m, const table *t)
{
    if (m->near_cap < t->figure_count) {
        free(m->near);
        free(m->near_tmp);
        m->near_cap = t->figure_count;
        m->near = mem_calloc((size_t)m->near_cap, sizeof *m->near);
        m->near_tmp = mem_calloc((size_t)m->near_cap, sizeof *m->near_tmp);
    }
    int n = 0, odd = 0;
    float reach = 0, lo = INFINITY, hi = -INFINITY;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *e = &t->figures[i];
        if (!table_figure_active(e))
            continue;
        cr15_near_ent en = {e->pos.x, e->pos.y, spatial_base_reach(&e->base), e->side.id, i};
        if (isfinite(en.x)) {
            lo = en.x < lo ? en.x : lo;
            hi = en.x > hi ? en.x : hi;
        } else {
            odd++;
        }
        m->near_tmp[n++] = en;
        if (en.reach > reach)
            reach = en.reach;
    }
    int *start = m->near_start; /* CR15_NEAR_COLS + 1 */
    memset(start, 0, sizeof m->near_start);
    m->near_lo = lo;
    m->near_inv = hi > lo ? (float)(CR15_NEAR_COLS - 1) / (hi - lo) : 0.0f;
    for (int k = 0; k < n; k++)
        if (isfinite(m->near_tmp[k].x))
            start[near_col(m, m->near_tmp[k].x) + 1]++;
    for (int c = 1; c <= CR15_NEAR_COLS; c++)
        start[c] += start[c - 1];
    int fill[CR15_NEAR_COLS];
    memcpy(fill, start, sizeof fill);
    int tail = start[CR15_NEAR_COLS];
    for (int k = 0; k < n; k++) {
        const cr15_near_ent *en = &m->near_tmp[k];
        if (isfinite(en->x))
            m->near[fill[near_col(m, en->x)]++] = *en;
        else
            m->near[tail++] = *en;
    }
    m->near_sorted = start[CR15_NEAR_COLS];
    m->near_n = m->near_sorted + odd;
    m->near_reach = reach;
    m->near_stamp = m->stamp;
}

/* contact_count's count for f from the stamp's index: the same tests on the figures of the
 * columns that can hold a centre x within the largest bound (plus a margin far above float
 * error) of f's (the column of x never decreases as x grows), and on the non-finite ones; the
 * others fail the bounding test on x. Active is tested at build: contact_count's order of
 * tests only decides which test refuses. */
static int contact_count_near(const rules_state *rs, const table *t, cr15_memo *m, const figure *f,
                              int *idx, int cap)
{
    if (!isfinite(f->pos.x) || !isfinite(f->pos.y))
        return contact_count(rs, t, f, NULL, 0);
    if (m->near_stamp != m->stamp || !m->near)
        near_build(m, t);
    float mine = spatial_base_reach(&f->base) + rs->data->contact_cm + 0.01f;
    float w = mine + m->near_reach + 1.0f;
    int from = m->near_start[near_col(m, f->pos.x - w)];
    int to = m->near_start[near_col(m, f->pos.x + w) + 1];
    int n = 0;
    for (int k = from; k < m->near_n; k++) {
        if (k == to)
            k = m->near_sorted; /* on to the non-finite tail */
        if (k >= m->near_n)
            break;
        const cr15_near_ent *en = &m->near[k];
        if (en->side == f->side.id)
            continue;
        float g = mine + en->reach;
        if (fabsf(f->pos.x - en->x) > g || fabsf(f->pos.y - en->y) > g)
            continue;
        if (cr15_edge_cm(f, &t->figures[en->idx]) > rs->data->contact_cm)
            continue;
        if (idx && n < cap)
            idx[n] = en->idx;
        n++;
    }
    return n;
}

/* The most enemies in contact contact_list_near sorts; a crowd beyond it walks the table. */
enum { CONTACT_LIST_MAX = 32 };

/* contact_count's list for f (its first `max` in table order, and the count) from the stamp's
 * index: the matches (a figure touches a handful) sorted by their places in the table. */
static int contact_list_near(const rules_state *rs, const table *t, cr15_memo *m, const figure *f,
                             figure_id *out, int max)
{
    int idx[CONTACT_LIST_MAX];
    if (!isfinite(f->pos.x) || !isfinite(f->pos.y))
        return contact_count(rs, t, f, out, max);
    int n = contact_count_near(rs, t, m, f, idx, CONTACT_LIST_MAX);
    if (n > CONTACT_LIST_MAX)
        return contact_count(rs, t, f, out, max);
    for (int a = 1; a < n; a++)
        for (int b = a; b > 0 && idx[b] < idx[b - 1]; b--) {
            int x = idx[b];
            idx[b] = idx[b - 1];
            idx[b - 1] = x;
        }
    for (int k = 0; k < n && k < max; k++)
        out[k] = t->figures[idx[k]].id;
    return n;
}

void cr15_side_counts(const rules_state *rs, const table *t, int alive[2], int waiting[2])
{
    cr15_memo *m = memo_of(rs, t);
    if (m && m->side_stamp == m->stamp) {
        memcpy(alive, m->side_alive, sizeof m->side_alive);
        memcpy(waiting, m->side_waiting, sizeof m->side_waiting);
        return;
    }
    alive[0] = alive[1] = waiting[0] = waiting[1] = 0;
    int ns = t->side_count < 2 ? t->side_count : 2;
    uint32_t id0 = ns > 0 ? t->sides[0].id.id : 0, id1 = ns > 1 ? t->sides[1].id.id : 0;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        if (f->role == FIGURE_ROLE_GUN ||
            (f->status & (FIGURE_STATUS_DEAD | FIGURE_STATUS_CAPTURED)))
            continue;
        int *c = (f->status & FIGURE_STATUS_OFF_TABLE) ? waiting : alive;
        /* each side by its own test: two sides of one id would both count the man */
        c[0] += ns > 0 && f->side.id == id0;
        c[1] += ns > 1 && f->side.id == id1;
    }
    if (m) {
        memcpy(m->side_alive, alive, sizeof m->side_alive);
        memcpy(m->side_waiting, waiting, sizeof m->side_waiting);
        m->side_stamp = m->stamp;
    }
}

int cr15_enemies_in_contact(const rules_state *rs, const table *t, const figure *f, figure_id *out,
                            int max)
{
    /* the count alone, of a figure of t: kept until an event may move someone or take him
     * off (legal, targets and validate ask it of the same figures at each decision) */
    int i = (int)f->id.id - 1; /* figure ids are their places in t (table_figure) */
    cr15_memo *m = memo_of(rs, t);
    if (!m || i < 0 || i >= t->figure_count || &t->figures[i] != f)
        return contact_count(rs, t, f, out, max);
    if (out) /* the melee's lists, from the same index */
        return contact_list_near(rs, t, m, f, out, max);
    if (m->contact_stamp[i] != m->stamp) {
        m->contact[i] = contact_count_near(rs, t, m, f, NULL, 0);
        m->contact_stamp[i] = m->stamp;
    }
    return m->contact[i];
}

static int contact_count(const rules_state *rs, const table *t, const figure *f, figure_id *out,
                         int max)
{
    int n = 0;
    /* cr15_in_contact's bounding test, its part for f worked out once */
    float mine = spatial_base_reach(&f->base) + rs->data->contact_cm + 0.01f;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *e = &t->figures[i];
        if (e->side.id == f->side.id) /* the cheapest test first: half the table is friends */
            continue;
        float g = mine + spatial_base_reach(&e->base);
        if (fabsf(f->pos.x - e->pos.x) > g || fabsf(f->pos.y - e->pos.y) > g)
            continue;
        if (!table_figure_active(e) || cr15_edge_cm(f, e) > rs->data->contact_cm)
            continue;
        if (out && n < max)
            out[n] = e->id;
        n++;
    }
    return n;
}

/* Terrain sight between two figures, asked afresh: los_figures' verdict without bases (no
 * options) is its terrain test alone, and los_blocked asks only that yes or no, so it may take
 * the terrain index's sure shortcuts that a caller reading how deep the sight went into an area
 * cannot. The eye heights are the postures' kept at create. */
static bool sees_fresh(const rules_state *rs, const figure *a, const figure *b)
{
    const cr15_los *lo = rs->los;
    float ea = (unsigned)a->posture < FIGURE_POSTURE_COUNT ? lo->eye_ft[a->posture]
                                                           : table_posture_eye_ft(a->posture);
    float eb = (unsigned)b->posture < FIGURE_POSTURE_COUNT ? lo->eye_ft[b->posture]
                                                           : table_posture_eye_ft(b->posture);
    float eye = ea > eb ? ea : eb; /* fmaxf of two heights (never NaN) */
    return !los_blocked(lo->ix, a->pos, b->pos, eye, NULL);
}

/* Kept by the two figures' ids, checked against their centres and postures (the bot asks every
 * firer's sight of every enemy at each decision; most of them have not moved since). */
bool cr15_sees(const rules_state *rs, const table *t, const figure *a, const figure *b)
{
    (void)t;
    cr15_sight_keep *k = rs->los->sight
                             ? &rs->los->sight[(a->id.id * 2654435761u ^ b->id.id * 40503u) >> 4 &
                                               (CR15_SIGHT_KEEP - 1)]
                             : NULL;
    if (k && k->a.id == a->id.id && k->b.id == b->id.id && k->qa == a->posture &&
        k->qb == b->posture && memcmp(&k->pa, &a->pos, sizeof k->pa) == 0 &&
        memcmp(&k->pb, &b->pos, sizeof k->pb) == 0)
        return k->clear; /* the same bits of both centres */
    bool clear = sees_fresh(rs, a, b);
    if (k)
        *k = (cr15_sight_keep){a->id, b->id, a->pos, b->pos, a->posture, b->posture, clear};
    return clear;
}

cr15_pair_keep *cr15_pair_of(const rules_state *rs, const figure *a, const figure *b,
                             cr15_pair_keep *scratch)
{
    cr15_pair_where at = {a->pos, b->pos, a->facing, b->facing};
    cr15_pair_keep *k = scratch;
    if (rs->los && rs->los->pairs) {
        k = &rs->los
                 ->pairs[(a->id.id * 2654435761u ^ b->id.id * 40503u) >> 4 & (CR15_PAIR_KEEP - 1)];
        if (k->a.id == a->id.id && k->b.id == b->id.id && memcmp(&k->at, &at, sizeof at) == 0)
            return k;
    }
    *k = (cr15_pair_keep){.a = a->id, .b = b->id, .at = at};
    return k;
}

int cr15_pair_band(const rules_state *rs, cr15_pair_keep *k, const figure *a, const figure *b,
                   float *edge_cm)
{
    if (!(k->known & CR15_PK_EDGE)) {
        k->edge_cm = cr15_edge_cm(a, b);
        k->band = (int8_t)cr15_band(rs->data, k->edge_cm / rs->data->inch_cm);
        k->known |= CR15_PK_EDGE;
    }
    if (edge_cm)
        *edge_cm = k->edge_cm;
    return k->band;
}

cr15_cover cr15_pair_lines(const rules_state *rs, const table *t, cr15_pair_keep *k,
                           const figure *a, const figure *b)
{
    if (!(k->known & CR15_PK_LINES)) {
        k->lines = (uint8_t)cr15_cover_from(rs, t, b, a->pos, CR15_COVER_OPEN);
        k->known |= CR15_PK_LINES;
    }
    return (cr15_cover)k->lines;
}

bool cr15_pair_sees(const rules_state *rs, const table *t, cr15_pair_keep *k, const figure *a,
                    const figure *b)
{
    if (!(k->known & CR15_PK_SIGHT)) {
        /* the pair's keep is by the same centres (and facings): the sight keep behind it
         * answered one in a hundred of these, for a lookup and a store every time */
        (void)t;
        k->clear = sees_fresh(rs, a, b);
        k->known |= CR15_PK_SIGHT;
    }
    return k->clear;
}

cr15_cover cr15_area_of(const rules_state *rs, const table *t, const figure *f)
{
    const cr15_los *lo = rs->los;
    if (!lo || !lo->areas || !f->id.id || (int)f->id.id > lo->area_count)
        return cr15_cover_area(t, f);
    cr15_area_keep *k = &lo->areas[f->id.id - 1];
    if (!k->known || memcmp(&k->pos, &f->pos, sizeof k->pos) != 0)
        *k = (cr15_area_keep){f->pos, true, (uint8_t)cr15_cover_area(t, f)};
    return (cr15_cover)k->cover;
}

bool cr15_overlaps_any(const table *t, const figure *fig, vec2s p)
{
    return place_blocker(t, fig->id, p, fig->facing, NULL, 0).id != 0;
}

vec2s cr15_free_stop(const table *t, const figure *fig, vec2s from, vec2s to)
{
    if (!cr15_overlaps_any(t, fig, to))
        return to; /* only where a move ends matters: bases never overlap after it */
    vec2s out = from;
    place_path_stop(t, fig->id, from, to, fig->facing, NULL, 0, &out);
    return out;
}

void cr15_emit_status(rules_ctx *ctx, const figure *f, uint32_t set, uint32_t clear,
                      const char *ref, const char *why)
{
    rules_emitf(ctx,
                (rules_event){.kind = RULES_EV_STATUS,
                              .figure = f->id,
                              .unit = f->unit,
                              .side = f->side,
                              .status_set = set,
                              .status_clear = clear},
                ref, "%s: %s", f->name[0] ? f->name : "a figure", why);
}

void cr15_emit_state(rules_ctx *ctx, const char *tag, figure_id f, unit_id u, int value)
{
    rules_event ev = {.kind = RULES_EV_RULESET, .figure = f, .unit = u, .value = value};
    size_t n = 0;
    cr15_text_add(ev.tag, sizeof ev.tag, &n, tag, SIZE_MAX);
    rules_emit(ctx, &ev);
}

void cr15_why(char *why, size_t size, const char *fmt, ...)
{
    if (!why || size == 0)
        return;
    va_list ap;
    va_start(ap, fmt);
    rules_text_format_vprint(why, size, fmt, ap);
    va_end(ap);
}

void cr15_text_add(char *buf, size_t size, size_t *len, const char *src, size_t max)
{
    size_t n = *len;
    if (n >= size)
        return;
    size_t k = strnlen(src, max), room = size - 1 - n;
    if (k > room)
        k = room;
    memcpy(buf + n, src, k);
    n += k;
    buf[n] = 0;
    *len = n;
}

void cr15_text_int(char *buf, size_t size, size_t *len, int v, bool plus)
{
    char digits[16];
    int k = sizeof digits;
    digits[--k] = 0;
    long long m = v < 0 ? -(long long)v : v;
    do {
        digits[--k] = (char)('0' + m % 10);
        m /= 10;
    } while (m);
    if (v < 0 || plus)
        digits[--k] = v < 0 ? '-' : '+';
    cr15_text_add(buf, size, len, digits + k, SIZE_MAX);
}

float cr15_nearest_enemy_cm(const table *t, const figure *f, vec2s p, figure_id *who)
{
    float best = INFINITY;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *e = &t->figures[i];
        if (e->side.id == f->side.id || !table_figure_active(e))
            continue;
        float d = (float)geom_point_distance(p, e->pos);
        if (d < best) {
            best = d;
            if (who)
                *who = e->id;
        }
    }
    return best;
}

/* The active man of unit u nearest p, the lowest index among equals (NULL: none). */
const figure *cr15_nearest_of_unit(const rules_state *rs, const table *t, unit_id u, vec2s p)
{
    const figure *best = NULL;
    double bd = INFINITY;
    /* the unit's figures in table order, as the scan of the table meets them (a unit the
     * lists cannot name is scanned for) */
    const int *mem = NULL;
    int nm = u.id && u.id <= (uint32_t)t->unit_count ? cr15_unit_members(rs, t, u, &mem) : -1;
    int n = nm >= 0 ? nm : t->figure_count;
    for (int k = 0; k < n; k++) {
        const figure *e = &t->figures[nm >= 0 ? mem[k] : k];
        if (e->unit.id != u.id || !table_figure_active(e))
            continue;
        double d = geom_point_distance(p, e->pos);
        if (d < bd) {
            bd = d;
            best = e;
        }
    }
    return best;
}
