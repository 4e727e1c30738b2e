/* Little Colonial Rules: the helpers below the topic files (figures, enemies, sight, events,
 * legal() candidates) and the calls into the optional rules' hooks. */
#include "rules/lcr/lcr_state.h"

#include "core/mem.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

side_id lcr_other_side(const rules_state *rs, side_id s)
{
    int n = rs->side_count > 0 ? rs->side_count : 2;
    return (side_id){(s.id % (uint32_t)n) + 1};
}

path_desc lcr_path_desc(const rules_state *rs)
{
    return (path_desc){.mult = rs->mult, .clear_mult = 1.0f, .stop_at_obstacle = false};
}

/* The memos hold only what lcr_path_desc gives (the state's multipliers, no obstacle costs):
 * anything else is asked of core/path.h directly. */
static bool path_memoisable(const rules_state *rs, const path_desc *pd)
{
    return pd->mult == rs->mult && !pd->obstacle_cost_cm && rs->path_memo;
}

/* A result as a brief; false when it holds more than a brief does. */
static bool brief_pack(const path_result *r, lcr_path_brief *b)
{
    if (r->stretch_count > 1 || r->crossing_count > LCR_BRIEF_CROSSINGS)
        return false;
    memset(b, 0, sizeof *b);
    b->stretch_count = r->stretch_count;
    b->crossing_count = r->crossing_count;
    b->crossed_count = r->crossed_count;
    b->stop = (int32_t)r->stop;
    b->end_stretch = r->end_stretch;
    b->stop_feature = r->stop_feature;
    b->stretch = r->stretches[0];
    b->length_cm = r->length_cm;
    b->cost_cm = r->cost_cm;
    b->moved_cm = r->moved_cm;
    b->spent_cm = r->spent_cm;
    b->end = r->end;
    memcpy(b->crossings, r->crossings, (size_t)r->crossing_count * sizeof *r->crossings);
    return true;
}

/* Every field path_cost sets and the entries of its lists up to their counts; the entries
 * past the counts (zero from path_cost) are not written, and no caller reads them. */
static void brief_unpack(const lcr_path_brief *b, path_result *r)
{
    r->stretch_count = b->stretch_count;
    r->crossing_count = b->crossing_count;
    r->crossed_count = b->crossed_count;
    r->stop = (path_stop)b->stop;
    r->end_stretch = b->end_stretch;
    r->stop_feature = b->stop_feature;
    r->stretches[0] = b->stretch;
    r->length_cm = b->length_cm;
    r->cost_cm = b->cost_cm;
    r->moved_cm = b->moved_cm;
    r->spent_cm = b->spent_cm;
    r->end = b->end;
    memcpy(r->crossings, b->crossings, (size_t)b->crossing_count * sizeof *r->crossings);
}

static void brief_put(memo *m, const void *key, const path_result *r)
{
    lcr_path_brief b;
    if (brief_pack(r, &b))
        memo_put(m, key, &b);
}

static bool brief_get(const memo *m, const void *key, path_result *out)
{
    lcr_path_brief b;
    if (!memo_get(m, key, &b))
        return false;
    brief_unpack(&b, out);
    return true;
}

/* The memo's key of a path: a straight one (two points) or a longer one. */
typedef union path_any_key {
    lcr_path2_key two;
    lcr_path_key many;
} path_any_key;

static void path_key_of(const path_desc *pd, const vec2s *pts, int count, float allowance_cm,
                        path_any_key *k)
{
    memset(k, 0, sizeof *k);
    if (count == 2) {
        k->two.a = pts[0];
        k->two.b = pts[1];
        k->two.allowance_cm = allowance_cm;
        k->two.clear_mult = pd->clear_mult;
        k->two.stop_at_obstacle = pd->stop_at_obstacle;
        return;
    }
    k->many.count = count;
    k->many.allowance_cm = allowance_cm;
    k->many.clear_mult = pd->clear_mult;
    k->many.stop_at_obstacle = pd->stop_at_obstacle;
    memcpy(k->many.pts, pts, (size_t)count * sizeof *pts);
}

static bool path_memo_get(const rules_state *rs, const path_any_key *k, int count, path_result *out)
{
    return count == 2 ? brief_get(rs->path2_memo, &k->two, out)
                      : memo_get(rs->path_memo, &k->many, out);
}

static path_stop path_memo_fill(const rules_state *rs, const table *t, const path_desc *pd,
                                const vec2s *pts, int count, float allowance_cm,
                                const path_any_key *k, path_result *out)
{
    path_cost(t, pd, pts, count, allowance_cm, out);
    if (count == 2)
        brief_put(rs->path2_memo, &k->two, out);
    else
        memo_put(rs->path_memo, &k->many, out);
    return out->stop;
}

static bool path_memo_ok(const rules_state *rs, const path_desc *pd, int count)
{
    return path_memoisable(rs, pd) && count >= 2 && count <= LCR_MEMO_PATH_POINTS;
}

path_stop lcr_path_cost(const rules_state *rs, const table *t, const path_desc *pd,
                        const vec2s *pts, int count, float allowance_cm, path_result *out)
{
    if (!path_memo_ok(rs, pd, count))
        return path_cost(t, pd, pts, count, allowance_cm, out);
    path_any_key k;
    path_key_of(pd, pts, count, allowance_cm, &k);
    if (path_memo_get(rs, &k, count, out))
        return out->stop;
    return path_memo_fill(rs, t, pd, pts, count, allowance_cm, &k, out);
}

bool lcr_path_ends(const rules_state *rs, const table *t, const path_desc *pd, const vec2s *pts,
                   int count, float allowance_cm)
{
    path_result res;
    if (!path_memo_ok(rs, pd, count))
        return lcr_path_surely_ends(t, pd, pts, count, allowance_cm) ||
               path_cost(t, pd, pts, count, allowance_cm, &res) == PATH_STOP_END;
    path_any_key k;
    path_key_of(pd, pts, count, allowance_cm, &k);
    uint32_t sure = 0;
    if (count == 2 && rs->ends_memo && memo_get(rs->ends_memo, &k.two, &sure))
        return true;
    if (path_memo_get(rs, &k, count, &res))
        return res.stop == PATH_STOP_END;
    if (lcr_path_surely_ends(t, pd, pts, count, allowance_cm)) {
        sure = 1;
        if (count == 2 && rs->ends_memo)
            memo_put(rs->ends_memo, &k.two, &sure);
        return true;
    }
    return path_memo_fill(rs, t, pd, pts, count, allowance_cm, &k, &res) == PATH_STOP_END;
}

/* path.c's multiplier of a type (INFINITY for impassable), read the same way. */
static float surely_type_mult(const table *t, const path_desc *pd, int type)
{
    if (type < 0 || type >= t->type_count)
        return 1.0f;
    float m = pd->mult ? pd->mult[type] : t->types[type].move_mult;
    return m <= 0.0f ? INFINITY : m;
}

/* True when the stretch a-b stays further than `pad` from the polygon and outside it: no edge
 * comes that near and a is outside (a far from every edge is plainly in or out). */
static bool surely_clear_of(vec2s a, vec2s b, const geom_polygon *poly, float pad, float x0,
                            float x1, float y0, float y1)
{
    geom_segment s = {a, b};
    for (int i = 0, j = poly->count - 1; i < poly->count; j = i++) {
        vec2s p = poly->pts[j], q = poly->pts[i];
        if ((p.x < x0 && q.x < x0) || (p.x > x1 && q.x > x1) || (p.y < y0 && q.y < y0) ||
            (p.y > y1 && q.y > y1))
            continue;
        if (geom_segment_segment_distance(s, (geom_segment){p, q}) <= pad)
            return false;
    }
    return poly->count >= 3 && geom_point_polygon_locate(a, poly) == GEOM_OUTSIDE;
}

/* The dearest multiplier over the stretch a-b (its box widened by a margin well above the
 * coordinates' rounding and GEOM_EPS, so every feature path_cost clips is met); INFINITY when
 * something there could stop the walk. */
static float surely_stretch_mult(const table *t, const path_desc *pd, vec2s a, vec2s b)
{
    const float pad = 0.01f;
    float x0 = (a.x < b.x ? a.x : b.x) - pad, x1 = (a.x < b.x ? b.x : a.x) + pad;
    float y0 = (a.y < b.y ? a.y : b.y) - pad, y1 = (a.y < b.y ? b.y : a.y) + pad;
    float m = pd->clear_mult > 0.0f ? pd->clear_mult : 1.0f;
    for (int i = 0; i < t->feature_count; i++) {
        const terrain_feature *f = &t->features[i];
        if (f->bounds.min.x > x1 || f->bounds.max.x < x0 || f->bounds.min.y > y1 ||
            f->bounds.max.y < y0)
            continue;
        if (f->shape == TERRAIN_SHAPE_AREA) {
            /* an area the stretch passes clear of adds nothing (path_cost clips it to none) */
            float fm = surely_type_mult(t, pd, f->type);
            if (fm > m && !surely_clear_of(a, b, &f->area, pad, x0, x1, y0, y1))
                m = fm;
        } else if (f->shape == TERRAIN_SHAPE_LINE && f->type >= 0 && f->type < t->type_count &&
                   t->types[f->type].obstacle != TERRAIN_OBSTACLE_NONE) {
            /* a wall or hedge costs nothing to cross here (no obstacle costs), unless it
             * stops the walk: impassable, or a desc that stops at obstacles */
            if (pd->stop_at_obstacle || t->types[f->type].obstacle == TERRAIN_OBSTACLE_IMPASSABLE ||
                isinf(surely_type_mult(t, pd, f->type)))
                return INFINITY;
        }
        if (isinf(m))
            return INFINITY;
    }
    return m;
}

bool lcr_path_surely_ends(const table *t, const path_desc *pd, const vec2s *pts, int count,
                          float allowance_cm)
{
    if (pd->obstacle_cost_cm || count < 2 || count > PATH_MAX_POINTS || !(allowance_cm > 0))
        return false;
    double need = 0;
    for (int k = 1; k < count; k++) {
        float m = surely_stretch_mult(t, pd, pts[k - 1], pts[k]);
        if (isinf(m))
            return false;
        need += (double)glms_vec2_distance(pts[k - 1], pts[k]) * m;
    }
    return need * (1.0 + 1e-4) + 1e-3 <= (double)allowance_cm;
}

vec2s lcr_path_reach(const rules_state *rs, const table *t, const path_desc *pd, vec2s start,
                     float angle, float allowance_cm, path_result *out)
{
    path_result local;
    out = out ? out : &local;
    if (!path_memoisable(rs, pd))
        return path_reach(t, pd, start, angle, allowance_cm, out);
    lcr_reach_key k;
    memset(&k, 0, sizeof k);
    k.start = start;
    k.angle = angle;
    k.allowance_cm = allowance_cm;
    k.clear_mult = pd->clear_mult;
    k.stop_at_obstacle = pd->stop_at_obstacle;
    if (brief_get(rs->reach_memo, &k, out))
        return out->end;
    path_reach(t, pd, start, angle, allowance_cm, out);
    brief_put(rs->reach_memo, &k, out);
    return out->end;
}

bool lcr_figure_can_fire(const rules_state *rs, const figure *f)
{
    const lcr_weapon *w = lcr_data_weapon(rs->data, f->weapon);
    return w && w->dice_per_man > 0 && w->band_count > 0;
}

lcr_scratch *lcr_scratch_create(int figures)
{
    lcr_scratch *s = mem_calloc(1, sizeof *s);
    size_t n = (size_t)(figures > 0 ? figures : 0) + 1;
    s->capacity = figures;
    s->enemies = mem_calloc(n, sizeof *s->enemies);
    s->friends = mem_calloc(n, sizeof *s->friends);
    s->kept = mem_calloc(n, sizeof *s->kept);
    s->ok_epoch = mem_calloc(n, sizeof *s->ok_epoch);
    s->ok_target = mem_calloc(n, sizeof *s->ok_target);
    s->ok_area = mem_calloc(n, sizeof *s->ok_area);
    s->ok_value = mem_calloc(n, sizeof *s->ok_value);
    s->may_epoch = mem_calloc(n, sizeof *s->may_epoch);
    s->may_value = mem_calloc(n, sizeof *s->may_value);
    s->act_next = mem_calloc(n, sizeof *s->act_next);
    s->weapons = mem_calloc(n, sizeof *s->weapons);
    s->proven_epoch = mem_calloc(n, sizeof *s->proven_epoch);
    s->proven = mem_calloc(n, sizeof *s->proven);
    return s;
}

void lcr_scratch_destroy(lcr_scratch *s)
{
    if (!s)
        return;
    free(s->enemies);
    free(s->friends);
    free(s->kept);
    free(s->ok_epoch);
    free(s->ok_target);
    free(s->ok_area);
    free(s->ok_value);
    free(s->may_epoch);
    free(s->may_value);
    free(s->act_next);
    free(s->weapons);
    free(s->proven_epoch);
    free(s->proven);
    free(s);
}

bool lcr_scratch_begin(const rules_state *rs, const table *t)
{
    lcr_scratch *s = rs->scratch;
    if (!s || s->rs || t->figure_count > s->capacity)
        return false;
    s->rs = rs;
    s->t = t;
    if (++s->epoch == 0) { /* wrapped: no entry may look current */
        memset(s->ok_epoch, 0, ((size_t)s->capacity + 1) * sizeof *s->ok_epoch);
        memset(s->may_epoch, 0, ((size_t)s->capacity + 1) * sizeof *s->may_epoch);
        memset(s->weapons, 0, ((size_t)s->capacity + 1) * sizeof *s->weapons);
        memset(s->proven_epoch, 0, ((size_t)s->capacity + 1) * sizeof *s->proven_epoch);
        s->act_epoch = 0;
        s->crew_epoch = 0;
        s->epoch = 1;
    }
    s->have_decision = false;
    s->eye_count = 0;
    s->enemies_of = (side_id){0};
    s->friends_of = (side_id){0};
    return true;
}

void lcr_scratch_end(const rules_state *rs)
{
    if (rs->scratch && rs->scratch->rs == rs) {
        rs->scratch->rs = NULL;
        rs->scratch->t = NULL;
    }
}

int lcr_activated_next_slow(const rules_state *rs, const table *t, int i)
{
    int n = t->figure_count < rs->fig_count ? t->figure_count : rs->fig_count;
    lcr_scratch *s = lcr_scratch_of(rs, t);
    if (!s) {
        for (int j = i + 1; j < n; j++)
            if (rs->flags[j] & LCR_FF_ACTIVATED)
                return j;
        return -1;
    }
    if (s->act_epoch != s->epoch) { /* the flags do not change inside a call */
        int next = -1;
        for (int j = n - 1; j >= 0; j--) {
            s->act_next[j] = next;
            if (rs->flags[j] & LCR_FF_ACTIVATED)
                next = j;
        }
        s->act_first = next;
        s->act_epoch = s->epoch;
    }
    return i < 0 ? s->act_first : i < n ? s->act_next[i] : -1;
}

static bool figure_fighting(const rules_state *rs, const figure *f)
{
    return (rs->flags[f->id.id - 1] & LCR_FF_ENGAGED) || (f->status & FIGURE_STATUS_IN_COMBAT);
}

/* lcr_hook_eye_ft(rs, in), from the open scratch when asked before in this call (the options'
 * hooks do not change inside one). */
static float scratch_eye(lcr_scratch *s, const rules_state *rs, float in)
{
    for (int k = 0; k < s->eye_count; k++)
        if (memcmp(&s->eye_in[k], &in, sizeof in) == 0)
            return s->eye_out[k];
    float out = lcr_hook_eye_ft(rs, in);
    if (s->eye_count < 4) {
        s->eye_in[s->eye_count] = in;
        s->eye_out[s->eye_count++] = out;
    }
    return out;
}

bool lcr_hidden(const rules_state *rs, const table *t, vec2s from, float from_eye_ft,
                const figure *target, int *feature)
{
    if (!rs->los)
        return false;
    float in = fmaxf(from_eye_ft, table_posture_eye_ft(target->posture));
    lcr_scratch *s = lcr_scratch_of(rs, t);
    float eye = s ? scratch_eye(s, rs, in) : lcr_hook_eye_ft(rs, in);
    return lcr_terrain_hides(rs, from, target->pos, eye, feature);
}

bool lcr_terrain_hides(const rules_state *rs, vec2s from, vec2s to, float eye, int *feature)
{
    if (!rs->los)
        return false;
    /* terrain only (no bases): a function of the two points and the eye over static terrain */
    lcr_sight_key k = {from, to, eye};
    lcr_sight_value v;
    if (!rs->sight_memo || !memo_get(rs->sight_memo, &k, &v)) {
        /* terrain only: los_points' verdict and feature, by the form that may skip measuring */
        int blocker = -1;
        bool hidden = los_blocked(rs->los, from, to, eye, &blocker);
        v = (lcr_sight_value){hidden, blocker};
        if (rs->sight_memo)
            memo_put(rs->sight_memo, &k, &v);
    }
    if (feature)
        *feature = v.feature;
    return v.hidden;
}

/* The formation firers' positions and facings: an enemy is in the group's arc when it is in
 * one of theirs (every enemy when none is in formation: activated fire goes any way). Looked up
 * once per query rather than once per enemy. */
typedef struct group_arc {
    int n;
    vec2s pos[LCR_GROUP_ARC_MAX];
    float facing[LCR_GROUP_ARC_MAX];
    bool all; /* more formation firers than fit: ask in_group_arc_slow */
} group_arc;

static bool in_group_arc_slow(const rules_state *rs, const table *t, const figure_id *firers, int n,
                              const figure *e)
{
    bool any_formation = false;
    for (int i = 0; i < n; i++) {
        const figure *f = table_figure_const(t, firers[i]);
        const unit *u = f ? table_unit_const(t, f->unit) : NULL;
        if (!u || lcr_data_is_loose(rs->data, u->formation))
            continue;
        any_formation = true;
        if (lcr_fire_in_arc(f->pos, f->facing, rs->data->formation_arc_deg, e->pos))
            return true;
    }
    return !any_formation;
}

static void group_arc_of(const rules_state *rs, const table *t, const figure_id *firers, int n,
                         group_arc *g)
{
    g->n = 0;
    g->all = false;
    for (int i = 0; i < n; i++) {
        const figure *f = table_figure_const(t, firers[i]);
        const unit *u = f ? table_unit_const(t, f->unit) : NULL;
        if (!u || lcr_data_is_loose(rs->data, u->formation))
            continue;
        if (g->n == LCR_GROUP_ARC_MAX) {
            g->all = true;
            return;
        }
        g->pos[g->n] = f->pos;
        g->facing[g->n++] = f->facing;
    }
}

static bool in_group_arc(const rules_state *rs, const table *t, const group_arc *g,
                         const figure_id *firers, int n, const figure *e)
{
    if (g->all)
        return in_group_arc_slow(rs, t, firers, n, e);
    for (int i = 0; i < g->n; i++)
        if (lcr_fire_in_arc(g->pos[i], g->facing[i], rs->data->formation_arc_deg, e->pos))
            return true;
    return g->n == 0;
}

/* The formation firers' facings as unit vectors, to settle most enemies' arc question by a dot
 * product: one clearly inside or (a centimetre or more away) clearly outside every arc gets the
 * answer lcr_fire_in_arc would give; the margin (1e-3 of the cosine, over a milliradian) is far
 * above the rounding of either form, and only enemies within it are asked exactly. */
typedef struct arc_dirs {
    bool on;
    double cos_half;
    double ux[LCR_GROUP_ARC_MAX], uy[LCR_GROUP_ARC_MAX];
    uint8_t have[LCR_GROUP_ARC_MAX];
} arc_dirs;

static void arc_dirs_of(const rules_state *rs, const group_arc *g, arc_dirs *a)
{
    float full = rs->data->formation_arc_deg;
    a->on = g && !g->all && g->n > 0 && full < 360.0f;
    if (!a->on)
        return;
    a->cos_half = cos((double)full * GEOM_PI / 360.0);
    memset(a->have, 0, (size_t)g->n);
}

/* 1 inside arc i, 0 outside, -1 too near its edge (or its apex) to tell this way. */
static int arc_quick(const group_arc *g, arc_dirs *a, int i, vec2s p)
{
    const double margin = 1e-3;
    if (!a->have[i]) { /* a firer's direction when first wanted: most searches want few */
        a->ux[i] = cos((double)g->facing[i]);
        a->uy[i] = sin((double)g->facing[i]);
        a->have[i] = 1;
    }
    double vx = (double)p.x - (double)g->pos[i].x, vy = (double)p.y - (double)g->pos[i].y;
    double d2 = vx * vx + vy * vy;
    if (d2 < 1.0)
        return -1;
    double d = sqrt(d2), dot = vx * a->ux[i] + vy * a->uy[i];
    if (dot >= (a->cos_half + margin) * d)
        return 1;
    if (dot <= (a->cos_half - margin) * d)
        return 0;
    return -1;
}

/* in_group_arc, the clear cases settled by arc_quick. */
static bool in_group_arc_quick(const rules_state *rs, const table *t, const group_arc *g,
                               arc_dirs *a, const figure_id *firers, int n, const figure *e)
{
    if (!a->on)
        return in_group_arc(rs, t, g, firers, n, e);
    for (int i = 0; i < g->n; i++) {
        int q = arc_quick(g, a, i, e->pos);
        if (q == 1 || (q < 0 && lcr_fire_in_arc(g->pos[i], g->facing[i],
                                                rs->data->formation_arc_deg, e->pos)))
            return true;
    }
    return false;
}

typedef struct enemy_at {
    float d;
    uint32_t id;
    const figure *f;
} enemy_at;

static int cmp_enemy_at(const void *pa, const void *pb)
{
    const enemy_at *a = pa, *b = pb;
    if (a->d != b->d)
        return a->d < b->d ? -1 : 1;
    return (a->id > b->id) - (a->id < b->id);
}

/* The eye a sight search looks from: a lone point looks as a man on foot; a group's centre as
 * the tallest of its firers, since blocking terrain is what stands taller than the unit's
 * tallest figure (seed 000, Optional Rule: Blocking Terrain; lcr_hidden turns it back to the
 * foot eye when figure heights are off). */
static float search_eye_ft(const table *t, const figure_id *firers, int n)
{
    float eye = table_posture_eye_ft(FIGURE_POSTURE_FOOT);
    for (int i = 0; i < n; i++) {
        const figure *f = table_figure_const(t, firers[i]);
        if (f)
            eye = fmaxf(eye, table_posture_eye_ft(f->posture));
    }
    return eye;
}

static bool enemy_seen(const rules_state *rs, const table *t, vec2s p, float eye, const figure *e)
{
    return !lcr_hidden(rs, t, p, eye, e, NULL);
}

/* What los_blind_radius says of sight from one point, kept for the eyes asked so far (the eye
 * of a sight line is the taller of the two, so it varies with the target's posture). */
/* Per call of nearest_enemy_of, by the target's posture: the eye of the sight line and what
 * los_blind_radius says of the search point for it. */
typedef struct blind_memo {
    bool known[FIGURE_POSTURE_COUNT];
    float eye[FIGURE_POSTURE_COUNT], radius[FIGURE_POSTURE_COUNT];
} blind_memo;

/* los_blind_radius at a figure's place, from the shared per-figure cache when it stands where
 * it stood when last asked (for the same eye). */
static float figure_blind_radius(const rules_state *rs, const figure *e, float eye)
{
    uint32_t i = e->id.id - 1;
    if (!rs->blind || i >= (uint32_t)rs->fig_count)
        return los_blind_radius(rs->los, e->pos, eye);
    lcr_blind_entry *b = &rs->blind[i];
    if (b->eye_ft != eye || memcmp(&b->pos, &e->pos, sizeof b->pos) != 0)
        *b = (lcr_blind_entry){e->pos, eye, los_blind_radius(rs->los, e->pos, eye)};
    return b->radius_cm;
}

/* True when e is proven hidden from p by a cheap test: p or e stands deep inside a
 * sight-blocking area and they are farther apart than the see-into depth (what lcr_hidden would
 * answer, without asking it). */
static bool enemy_hidden_far(const rules_state *rs, vec2s p, float from_eye, const enemy_at *e,
                             blind_memo *bm)
{
    if (!rs->los)
        return false;
    unsigned k = (unsigned)e->f->posture;
    if (k >= FIGURE_POSTURE_COUNT) { /* not a posture the memo keeps: ask directly */
        float eye = lcr_hook_eye_ft(rs, fmaxf(from_eye, table_posture_eye_ft(e->f->posture)));
        return e->d > figure_blind_radius(rs, e->f, eye) ||
               e->d > los_blind_radius(rs->los, p, eye);
    }
    if (!bm->known[k]) {
        bm->eye[k] = lcr_hook_eye_ft(rs, fmaxf(from_eye, table_posture_eye_ft(e->f->posture)));
        bm->radius[k] = los_blind_radius(rs->los, p, bm->eye[k]);
        bm->known[k] = true;
    }
    return e->d > bm->radius[k] || e->d > figure_blind_radius(rs, e->f, bm->eye[k]);
}

static bool enemy_before(const enemy_at *a, const enemy_at *b)
{
    return cmp_enemy_at(a, b) < 0;
}

/* A binary heap on (distance, id): the enemies come off it in the order a sort gives them
 * (the keys are distinct and, checked by the caller, finite), each for log n, so a search
 * that stops early sorts no more than it reads. */
static void heap_down(enemy_at *h, int n, int i)
{
    for (;;) {
        int l = 2 * i + 1, m = i;
        if (l < n && enemy_before(&h[l], &h[m]))
            m = l;
        if (l + 1 < n && enemy_before(&h[l + 1], &h[m]))
            m = l + 1;
        if (m == i)
            return;
        enemy_at tmp = h[i];
        h[i] = h[m];
        h[m] = tmp;
        i = m;
    }
}

/* The enemies of side sd a search may find, in figure order: active, not in close combat. */
static int gather_enemies(const rules_state *rs, const table *t, side_id sd, lcr_enemy_pt *out)
{
    int n = 0;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *e = &t->figures[i];
        if (e->side.id != sd.id && table_figure_active(e) && !figure_fighting(rs, e))
            out[n++] = (lcr_enemy_pt){e->pos, e->id.id, (int)e->posture, e};
    }
    return n;
}

static bool same_enemies(const lcr_enemy_pt *a, const lcr_enemy_pt *b, int n)
{
    for (int i = 0; i < n; i++)
        if (a[i].id != b[i].id || a[i].f != b[i].f || a[i].posture != b[i].posture ||
            memcmp(&a[i].pos, &b[i].pos, sizeof a[i].pos) != 0)
            return false;
    return true;
}

/* The list just gathered against the one kept: a different one is kept instead, and the
 * nearest-enemy and sight-search answers of the old one are dropped. */
static void keep_enemies(lcr_scratch *s, side_id sd)
{
    if (s->kept_of.id == sd.id && s->kept_count == s->enemy_count &&
        same_enemies(s->kept, s->enemies, s->enemy_count))
        return;
    memcpy(s->kept, s->enemies, (size_t)s->enemy_count * sizeof *s->kept);
    s->kept_of = sd;
    s->kept_count = s->enemy_count;
    s->any_count = 0;
    s->search_count = s->search_next = 0;
}

/* gather_enemies, from the open scratch when there is one (gathered once per call). */
static const lcr_enemy_pt *enemies_of(const rules_state *rs, const table *t, side_id sd,
                                      lcr_enemy_pt *local, int *n)
{
    lcr_scratch *s = lcr_scratch_of(rs, t);
    if (!s) {
        *n = gather_enemies(rs, t, sd, local);
        return local;
    }
    if (s->enemies_of.id != sd.id || !sd.id) {
        s->enemy_count = gather_enemies(rs, t, sd, s->enemies);
        s->enemies_of = sd;
        keep_enemies(s, sd);
    }
    *n = s->enemy_count;
    return s->enemies;
}

/* The nearest of the enemies by (distance, id) as cmp_enemy_at orders them, sight not asked. */
static figure_id nearest_of(const lcr_enemy_pt *es, int count, vec2s p)
{
    int best = -1;
    float bd = 0;
    uint32_t bid = 0;
    for (int i = 0; i < count; i++) {
        float d = glms_vec2_distance(es[i].pos, p);
        if (best < 0 || (d != bd ? d < bd : es[i].id < bid)) {
            best = i;
            bd = d;
            bid = es[i].id;
        }
    }
    return best >= 0 ? es[best].f->id : (figure_id){0};
}

/* The first seen of list[0..n) in (distance, id) order; list[best] is the least. */
static figure_id first_seen(const rules_state *rs, const table *t, vec2s p, float eye,
                            enemy_at *list, int n, int best)
{
    /* Usually the nearest is seen, found in one pass; else the rest come off a heap in that
     * order (not rescanned per hidden one), less those proven hidden at once (beyond the
     * see-into depth of an area the search point or the enemy is deep inside): the first seen in
     * that order is the same. */
    figure_id found = {0};
    blind_memo bm;
    memset(&bm, 0, sizeof bm);
    if (!enemy_hidden_far(rs, p, eye, &list[best], &bm) && enemy_seen(rs, t, p, eye, list[best].f))
        return list[best].f->id;
    const figure *nearest = list[best].f;
    int kept = 0;
    bool finite = true;
    for (int k = 0; k < n; k++)
        if (list[k].f != nearest && !enemy_hidden_far(rs, p, eye, &list[k], &bm)) {
            finite = finite && isfinite(list[k].d);
            list[kept++] = list[k];
        }
    if (finite) {
        for (int k = kept / 2 - 1; k >= 0; k--)
            heap_down(list, kept, k);
        while (kept > 0 && !found.id) {
            if (enemy_seen(rs, t, p, eye, list[0].f))
                found = list[0].f->id;
            list[0] = list[--kept];
            heap_down(list, kept, 0);
        }
    } else { /* a comparison a heap and a sort may not agree on: the sort */
        if (kept > 1)
            qsort(list, (size_t)kept, sizeof *list, cmp_enemy_at);
        for (int k = 0; k < kept && !found.id; k++)
            if (enemy_seen(rs, t, p, eye, list[k].f))
                found = list[k].f->id;
    }
    return found;
}

/* The nearest of es by (distance, id) within bound and in the group's arc (g: every direction
 * when NULL or empty), seen from p with the eye when `sight`. */
static figure_id nearest_in(const rules_state *rs, const table *t, const lcr_enemy_pt *es, int ne,
                            vec2s p, bool sight, const group_arc *g, const figure_id *firers,
                            int firer_count, float eye, float bound)
{
    enemy_at small[256];
    enemy_at *list = ne <= 256 ? small : mem_calloc((size_t)ne, sizeof *list);
    int n = 0, best = -1;
    arc_dirs dirs;
    arc_dirs_of(rs, g, &dirs);
    for (int i = 0; i < ne; i++) {
        const figure *e = es[i].f;
        float d = glms_vec2_distance(e->pos, p);
        if (d > bound || (g && !in_group_arc_quick(rs, t, g, &dirs, firers, firer_count, e)))
            continue;
        list[n] = (enemy_at){d, e->id.id, e};
        if (best < 0 || cmp_enemy_at(&list[n], &list[best]) < 0)
            best = n;
        n++;
    }
    figure_id found = {0};
    if (best >= 0)
        found = sight ? first_seen(rs, t, p, eye, list, n, best) : list[best].f->id;
    if (list != small)
        free(list);
    return found;
}

static figure_id nearest_enemy_of(const rules_state *rs, const table *t, side_id sd, vec2s p,
                                  bool sight, const figure_id *firers, int firer_count, float bound)
{
    /* Candidates in order of (distance, id), sight checked on the way out (first_seen). */
    lcr_enemy_pt small_es[256];
    lcr_enemy_pt *local =
        t->figure_count <= 256 ? small_es : mem_calloc((size_t)t->figure_count, sizeof *local);
    int ne = 0;
    const lcr_enemy_pt *es = enemies_of(rs, t, sd, local, &ne);
    figure_id found = {0};
    if (!sight && firer_count <= 0 && isinf(bound)) {
        found = nearest_of(es, ne, p);
    } else {
        group_arc g;
        g.n = 0;
        g.all = false;
        if (firer_count > 0)
            group_arc_of(rs, t, firers, firer_count, &g);
        found = nearest_in(rs, t, es, ne, p, sight, firer_count > 0 ? &g : NULL, firers,
                           firer_count, search_eye_ft(t, firers, firer_count), bound);
    }
    if (local != small_es)
        free(local);
    return found;
}

/* Does entry e hold the answer for a search from p with this eye and arc? */
static bool search_same(const lcr_scratch_search *e, side_id sd, vec2s p, float eye,
                        const group_arc *g)
{
    return e->side.id == sd.id && memcmp(&e->p, &p, sizeof p) == 0 &&
           memcmp(&e->eye_ft, &eye, sizeof eye) == 0 && e->arcs == g->n &&
           memcmp(e->arc_pos, g->pos, (size_t)g->n * sizeof *g->pos) == 0 &&
           memcmp(e->arc_facing, g->facing, (size_t)g->n * sizeof *g->facing) == 0;
}

/* The scratch's answer to a sight search within `bound`: true with *found when an entry for
 * (side, point, eye, arc) decides it (an enemy found within its own bound is the unbounded
 * answer; none found within a bound at least as far is none). */
static bool search_lookup(const lcr_scratch *s, side_id sd, vec2s p, float eye, const group_arc *g,
                          float bound, figure_id *found)
{
    for (int i = 0; i < s->search_count; i++) {
        const lcr_scratch_search *e = &s->searches[i];
        if (!search_same(e, sd, p, eye, g))
            continue;
        if (e->found.id) {
            *found = e->found_d <= bound ? e->found : (figure_id){0};
            return true;
        }
        if (e->bound >= bound) {
            *found = (figure_id){0};
            return true;
        }
    }
    return false;
}

static void search_store(const table *t, lcr_scratch *s, side_id sd, vec2s p, float eye,
                         const group_arc *g, float bound, figure_id found)
{
    lcr_scratch_search *e = &s->searches[s->search_next];
    s->search_next = (s->search_next + 1) % LCR_SCRATCH_SEARCHES;
    s->search_count += s->search_count < LCR_SCRATCH_SEARCHES;
    e->side = sd;
    e->p = p;
    e->eye_ft = eye;
    e->arcs = g->n;
    memcpy(e->arc_pos, g->pos, (size_t)g->n * sizeof *g->pos);
    memcpy(e->arc_facing, g->facing, (size_t)g->n * sizeof *g->facing);
    e->found = found;
    e->found_d = found.id ? glms_vec2_distance(table_figure_const(t, found)->pos, p) : 0.0f;
    e->bound = bound;
}

/* A sight search from p (the firers' centre when n > 0), through the open scratch. The answer
 * reads the enemies (the kept list, checked against the table once per call), the point, the
 * eye and the formation firers' arcs, and nothing else of the firers: an answer of an earlier
 * call with the same of all of these is this one. */
static figure_id sight_search(const rules_state *rs, const table *t, side_id sd, vec2s p,
                              const figure_id *firers, int n, float bound)
{
    lcr_scratch *s = n <= RULES_CMD_FIGURES_MAX ? lcr_scratch_of(rs, t) : NULL;
    if (!s)
        return nearest_enemy_of(rs, t, sd, p, true, firers, n, bound);
    int ne = 0;
    lcr_enemy_pt none[1];
    const lcr_enemy_pt *es = enemies_of(rs, t, sd, none, &ne); /* keeps the list */
    group_arc g;
    g.n = 0;
    g.all = false;
    if (n > 0)
        group_arc_of(rs, t, firers, n, &g);
    float eye = search_eye_ft(t, firers, n);
    figure_id found;
    if (!g.all && search_lookup(s, sd, p, eye, &g, bound, &found))
        return found;
    found = nearest_in(rs, t, es, ne, p, true, n > 0 ? &g : NULL, firers, n, eye, bound);
    if (!g.all)
        search_store(t, s, sd, p, eye, &g, bound, found);
    return found;
}

figure_id lcr_nearest_enemy(const rules_state *rs, const table *t, side_id sd, vec2s p)
{
    return sight_search(rs, t, sd, p, NULL, 0, INFINITY);
}

figure_id lcr_nearest_enemy_within(const rules_state *rs, const table *t, side_id sd, vec2s p,
                                   float bound_cm)
{
    return sight_search(rs, t, sd, p, NULL, 0, bound_cm);
}

figure_id lcr_nearest_enemy_any(const rules_state *rs, const table *t, side_id sd, vec2s p)
{
    lcr_scratch *s = lcr_scratch_of(rs, t);
    if (!s)
        return nearest_enemy_of(rs, t, sd, p, false, NULL, 0, INFINITY);
    int n = 0;
    lcr_enemy_pt none[1];
    const lcr_enemy_pt *es = enemies_of(rs, t, sd, none, &n); /* keeps the list */
    for (int i = 0; i < s->any_count; i++)
        if (memcmp(&s->any_p[i], &p, sizeof p) == 0)
            return s->any_found[i];
    figure_id found = nearest_of(es, n, p);
    if (s->any_count < LCR_SCRATCH_ANY) {
        s->any_p[s->any_count] = p;
        s->any_found[s->any_count++] = found;
    }
    return found;
}

figure_id lcr_area_target(const rules_state *rs, const table *t, side_id sd,
                          const figure_id *firers, int n)
{
    return sight_search(rs, t, sd, lcr_centroid(t, firers, n), firers, n > 0 ? n : 0, INFINITY);
}

figure_id lcr_area_target_within(const rules_state *rs, const table *t, side_id sd,
                                 const figure_id *firers, int n, float bound_cm)
{
    return sight_search(rs, t, sd, lcr_centroid(t, firers, n), firers, n > 0 ? n : 0, bound_cm);
}

vec2s lcr_centroid(const table *t, const figure_id *ids, int n)
{
    vec2s c = {{0, 0}};
    for (int i = 0; i < n; i++)
        c = glms_vec2_add(c, table_figure_const(t, ids[i])->pos);
    return n > 0 ? glms_vec2_scale(c, 1.0f / (float)n) : c;
}

bool lcr_fire_is_area(const rules_state *rs, const figure_id *firers, int n)
{
    /* Individual fire: a figure on a soldier card, or the acting leader firing alone. */
    if (rs->actor_is_soldier)
        return false;
    return !(n == 1 && firers[0].id == rs->actor.id);
}

int lcr_reinforcement_group_of(const scenario *scn, unit_id u)
{
    for (int g = 0; scn && g < scn->reinforcement_count; g++)
        for (int k = 0; k < scn->reinforcements[g].unit_count; k++)
            if (scn->reinforcements[g].units[k].id == u.id)
                return g;
    return -1;
}

int lcr_option_int(const scenario *scn, const char *key, int fallback)
{
    json_t *v = scn && scn->rules_options ? json_object_get(scn->rules_options, key) : NULL;
    return json_is_integer(v) ? (int)json_integer_value(v) : fallback;
}

const char *lcr_name(const table *t, figure_id id)
{
    const figure *f = table_figure_const(t, id);
    if (!f)
        return "?";
    return f->name[0] ? f->name : table_role_name(f->role);
}

lcr_text lcr_text_on(char *buf, size_t size)
{
    if (size)
        buf[0] = '\0';
    return (lcr_text){buf, size, 0};
}

static void text_bytes(lcr_text *b, const char *s, size_t n)
{
    if (b->size == 0)
        return;
    size_t room = b->size - 1 - b->len;
    if (n > room)
        n = room;
    memcpy(b->buf + b->len, s, n);
    b->len += n;
    b->buf[b->len] = '\0';
}

void lcr_text_str(lcr_text *b, const char *s)
{
    text_bytes(b, s, strlen(s));
}

void lcr_text_strn(lcr_text *b, const char *s, size_t max)
{
    text_bytes(b, s, strnlen(s, max));
}

/* The digits of v (no sign). */
static void text_digits(lcr_text *b, unsigned long long v)
{
    char d[24];
    int n = 0;
    do {
        d[sizeof d - 1 - n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    text_bytes(b, d + sizeof d - n, (size_t)n);
}

void lcr_text_int(lcr_text *b, long v)
{
    if (v < 0)
        text_bytes(b, "-", 1);
    text_digits(b, v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v);
}

void lcr_text_fixed(lcr_text *b, float v, int decimals)
{
    /* v * 10 is exact in a double (a float's 24 bits of mantissa and 4 more), so rounding it
     * to an integer in the default mode (to nearest, ties to even) rounds v's exact value as
     * printf does; printf's sign is v's sign bit (-0.0 for -0.04). */
    double x = decimals == 1 ? (double)v * 10.0 : (double)v;
    if (!isfinite(v) || fabs(x) > 1e15 || (decimals != 0 && decimals != 1)) {
        char tmp[64];
        snprintf(tmp, sizeof tmp, decimals == 1 ? "%.1f" : "%.0f", (double)v);
        lcr_text_str(b, tmp);
        return;
    }
    unsigned long long n = (unsigned long long)fabs(rint(x));
    if (signbit(v))
        text_bytes(b, "-", 1);
    if (decimals == 0) {
        text_digits(b, n);
        return;
    }
    text_digits(b, n / 10);
    char tail[2] = {'.', (char)('0' + n % 10)};
    text_bytes(b, tail, 2);
}

void lcr_copy(char *dst, size_t size, const char *src)
{
    lcr_text b = lcr_text_on(dst, size);
    lcr_text_str(&b, src);
}

bool lcr_refuse(char *why, size_t size, const char *text)
{
    if (size)
        lcr_why(why, size, "%s", text);
    return false;
}

vec2s lcr_clamp_on_table(const table *t, const figure *f, vec2s p)
{
    float r = f->base.kind == GEOM_BASE_ROUND ? f->base.radius_cm : 0.5f * f->base.depth_cm;
    r += 0.1f;
    p.x = fminf(fmaxf(p.x, r), t->width_cm - r);
    p.y = fminf(fmaxf(p.y, r), t->height_cm - r);
    return p;
}

/* The rule a private state change belongs to, by its tag. */
static const char *flag_ref(const char *tag)
{
    static const struct {
        const char *tag, *ref;
    } refs[] = {
        {"activated", LCR_REF_ACT},    {"acted", LCR_REF_ACT},   {"waiting", LCR_REF_WALL},
        {"engaged", LCR_REF_COMBAT},   {"hold", LCR_REF_RALLY},  {"alloc_candidate", LCR_REF_ALLOC},
        {"alloc_done", LCR_REF_ALLOC}, {"arrive", LCR_REF_DECK}, {"pass", LCR_REF_DECK}};
    for (size_t i = 0; i < sizeof refs / sizeof refs[0]; i++)
        if (lcr_str_is(tag, refs[i].tag))
            return refs[i].ref;
    return "Little Colonial Rules"; /* the book itself, for a flag no section names */
}

void lcr_emit_text(rules_ctx *ctx, rules_event ev, const char *ref, const char *text)
{
    if (!text)
        text = "(null)"; /* what glibc's "%s" writes for it */
    /* vsnprintf's "%s" and mem_strcopy both write the longest prefix that fits and a NUL, and
     * nothing after it; the rest of ev.text keeps the caller's bytes either way. */
    mem_strcopy(ev.text, sizeof ev.text, text);
    if (ref)
        mem_strcopy(ev.ref, sizeof ev.ref, ref);
    rules_emit(ctx, &ev);
}

void lcr_emit_flag(rules_ctx *ctx, const char *tag, figure_id fig, int value, const char *text)
{
    rules_event ev = {.kind = RULES_EV_RULESET, .figure = fig, .value = value};
    const figure *f = table_figure_const(ctx->table, fig);
    if (f)
        ev.side = f->side;
    lcr_copy(ev.tag, sizeof ev.tag, tag);
    lcr_emit_text(ctx, ev, flag_ref(tag), text);
}

void lcr_emit_card(rules_ctx *ctx, const char *tag, int card, figure_id actor, const char *ref,
                   const char *text)
{
    const lcr_card *c = &ctx->state->deck.cards[card];
    rules_event ev = {.kind = RULES_EV_CARD, .value = card + 1, .side = c->side, .figure = actor};
    lcr_copy(ev.tag, sizeof ev.tag, tag);
    lcr_emit_text(ctx, ev, ref, text);
}

void lcr_emit_note(rules_ctx *ctx, figure_id fig, const char *ref, const char *text)
{
    rules_event ev = {.kind = RULES_EV_NOTE, .figure = fig};
    lcr_emit_text(ctx, ev, ref, text);
}

void lcr_emit_modifier(rules_ctx *ctx, figure_id fig, int value, const char *source,
                       const char *ref)
{
    rules_event ev = {.kind = RULES_EV_MODIFIER, .figure = fig, .value = value};
    snprintf(ev.tag, sizeof ev.tag, "%.31s", source);
    rules_emitf(ctx, ev, ref, "%+d: %s", value, source);
}

void lcr_emit_status(rules_ctx *ctx, figure_id fig, uint32_t set, uint32_t clear, const char *ref,
                     const char *text)
{
    rules_event ev = {
        .kind = RULES_EV_STATUS, .figure = fig, .status_set = set, .status_clear = clear};
    const figure *f = table_figure_const(ctx->table, fig);
    if (f)
        ev.side = f->side;
    lcr_emit_text(ctx, ev, ref, text);
}

void lcr_emit_move(rules_ctx *ctx, figure_id fig, vec2s from, vec2s to, float facing, float spent,
                   const char *ref, const char *text)
{
    rules_event ev = {.kind = RULES_EV_MOVE,
                      .figure = fig,
                      .from = from,
                      .pos = to,
                      .facing = facing,
                      .value = (int)lroundf(spent * 100.0f)};
    const figure *f = table_figure_const(ctx->table, fig);
    if (f)
        ev.side = f->side;
    lcr_emit_text(ctx, ev, ref, text);
}

static bool may_act(const rules_state *rs, const table *t, figure_id id, char *why, size_t size);

bool lcr_may_act_slow(const rules_state *rs, const table *t, figure_id id, char *why, size_t size)
{
    /* Asked only whether, inside a scratch: once per figure per call. */
    lcr_scratch *s = size ? NULL : lcr_scratch_of(rs, t);
    uint32_t i = id.id - 1;
    if (!s || i >= (uint32_t)s->capacity)
        return may_act(rs, t, id, why, size);
    if (s->may_epoch[i] != s->epoch) {
        s->may_value[i] = may_act(rs, t, id, NULL, 0);
        s->may_epoch[i] = s->epoch;
    }
    return s->may_value[i];
}

static bool may_act(const rules_state *rs, const table *t, figure_id id, char *why, size_t size)
{
    /* size 0: the caller only asks whether (legal()'s candidates), so no reason is formatted. */
    const figure *f = table_figure_const(t, id);
    if (!f || !table_figure_active(f))
        return lcr_refuse(why, size, "that figure is not in play");
    if (!(rs->flags[id.id - 1] & LCR_FF_ACTIVATED)) {
        if (size)
            lcr_why(why, size, "%s is not activated by this card", lcr_name(t, id));
        return false;
    }
    if (rs->flags[id.id - 1] & (LCR_FF_ACTED | LCR_FF_ENGAGED)) {
        if (size)
            lcr_why(why, size, "%s has already acted", lcr_name(t, id));
        return false;
    }
    if (f->status & FIGURE_STATUS_DEMORALISED) {
        if (size)
            lcr_why(why, size, "%s is demoralised: only a rally helps him", lcr_name(t, id));
        return false;
    }
    return lcr_hook_may_act(rs, t, f, why, size);
}

/* ---- legal() candidates ---------------------------------------------------------------------- */

const lcr_terrain *lcr_terrain_of(const rules_state *rs, const table *t, int type)
{
    if (type >= 0 && type < LCR_TYPES_MAX && type < t->type_count)
        return rs->terrain_ix[type] ? &rs->data->terrain[rs->terrain_ix[type] - 1] : NULL;
    return type >= 0 && type < t->type_count ? lcr_data_terrain(rs->data, t->types[type].name)
                                             : NULL;
}

bool lcr_legal_push(lcr_candidates *lo, const rules_state *rs, const table *t,
                    const rules_command *cmd)
{
    if (lo->n >= lo->max || !lo->validate(rs, t, cmd, NULL, 0)) /* yes or no: no reason */
        return false;
    lo->out[lo->n++] = *cmd;
    return true;
}

/* ---- the optional rules' hooks ----------------------------------------------------------------
 */

/* Each option that is on and fills hook `h`, in order. */
#define LCR_EACH_HOOK(rs, h, o)                                                                    \
    for (int o##_i = 0; o##_i < (rs)->option_count; o##_i++)                                       \
        for (const lcr_option *o = (rs)->options[o##_i].option;                                    \
             o && (rs)->options[o##_i].on && o->h; o = NULL)

float lcr_hook_eye_ft(const rules_state *rs, float eye_ft)
{
    LCR_EACH_HOOK(rs, eye_ft, o)
    eye_ft = o->eye_ft(rs, eye_ft);
    return eye_ft;
}

bool lcr_hook_decision(const rules_state *rs, const table *t, rules_decision *out)
{
    if (!(rs->hooks_on & LCR_HOOK_DECISION))
        return false;
    LCR_EACH_HOOK(rs, decision, o)
    if (o->decision(rs, t, out))
        return true;
    return false;
}

bool lcr_hook_validate_decision(const rules_state *rs, const table *t, const rules_decision *d,
                                const rules_command *cmd, char *why, size_t size)
{
    LCR_EACH_HOOK(rs, validate_decision, o)
    return o->validate_decision(rs, t, d, cmd, why, size);
    return lcr_refuse(why, size, "nothing to decide");
}

int lcr_hook_legal_decision(const rules_state *rs, const table *t, const rules_decision *d,
                            rules_command *out, int max)
{
    int n = 0;
    LCR_EACH_HOOK(rs, legal_decision, o)
    n += o->legal_decision(rs, t, d, out + n, max - n);
    return n;
}

bool lcr_hook_validate_command(const rules_state *rs, const table *t, const rules_command *cmd,
                               char *why, size_t size)
{
    LCR_EACH_HOOK(rs, validate_command, o)
    if (o->command == cmd->kind)
        return o->validate_command(rs, t, cmd, why, size);
    return lcr_refuse(why, size, "not an action of an activated figure");
}

#define LCR_LEGAL_EXTRA_MAX 16

void lcr_hook_legal_act(lcr_candidates *lo, const rules_state *rs, const table *t, side_id sd)
{
    if (!(rs->hooks_on & LCR_HOOK_LEGAL_ACT))
        return;
    LCR_EACH_HOOK(rs, legal_act, o)
    {
        rules_command extra[LCR_LEGAL_EXTRA_MAX];
        int n = o->legal_act(rs, t, sd, extra, LCR_LEGAL_EXTRA_MAX);
        for (int i = 0; i < n; i++)
            lcr_legal_push(lo, rs, t, &extra[i]);
    }
}

int lcr_hook_actions(const rules_state *rs, const table *t, const figure *f, rules_action *out,
                     int max)
{
    int n = 0;
    LCR_EACH_HOOK(rs, actions, o)
    n += o->actions(rs, t, f, out + n, max - n);
    return n;
}

bool lcr_hook_check_act_slow(const rules_state *rs, const table *t, const rules_command *cmd,
                             char *why, size_t size)
{
    LCR_EACH_HOOK(rs, check_act, o)
    if (!o->check_act(rs, t, cmd, why, size))
        return false;
    return true;
}

bool lcr_hook_may_act_slow(const rules_state *rs, const table *t, const figure *f, char *why,
                           size_t size)
{
    LCR_EACH_HOOK(rs, may_act, o)
    if (!o->may_act(rs, t, f, why, size))
        return false;
    return true;
}

bool lcr_hook_immobile_slow(const rules_state *rs, const figure *f)
{
    LCR_EACH_HOOK(rs, immobile, o)
    if (o->immobile(rs, f))
        return true;
    return false;
}

float lcr_hook_move_factor_slow(const rules_state *rs, const figure *f)
{
    float factor = 1.0f;
    LCR_EACH_HOOK(rs, move_factor, o)
    factor *= o->move_factor(rs, f);
    return factor;
}

float lcr_hook_range_slow(const rules_state *rs, const figure *f, float range_cm)
{
    LCR_EACH_HOOK(rs, range, o)
    range_cm = o->range(rs, f, range_cm);
    return range_cm;
}

const lcr_morale *lcr_hook_morale(const rules_state *rs, const table *t, const figure *f,
                                  lcr_morale *scratch)
{
    LCR_EACH_HOOK(rs, morale, o)
    return o->morale(rs, t, f, scratch);
    return &rs->morale[f->side.id - 1];
}

bool lcr_hook_resolve(rules_state *rs, rules_ctx *ctx, const rules_command *cmd)
{
    if (!(rs->hooks_on & LCR_HOOK_RESOLVE))
        return false;
    LCR_EACH_HOOK(rs, resolve, o)
    if (o->resolve(rs, ctx, cmd))
        return true;
    return false;
}

bool lcr_hook_on_kill(rules_state *rs, rules_ctx *ctx, figure_id id, const char *ref)
{
    LCR_EACH_HOOK(rs, on_kill, o)
    if (o->on_kill(rs, ctx, id, ref))
        return true;
    return false;
}

void lcr_hook_after_command(rules_state *rs, rules_ctx *ctx)
{
    LCR_EACH_HOOK(rs, after_command, o)
    o->after_command(rs, ctx);
}

void lcr_hook_end_of_turn(rules_state *rs, rules_ctx *ctx)
{
    LCR_EACH_HOOK(rs, end_of_turn, o)
    o->end_of_turn(rs, ctx);
}

void lcr_hook_arrival(rules_state *rs, rules_ctx *ctx, int group)
{
    LCR_EACH_HOOK(rs, arrival, o)
    o->arrival(rs, ctx, group);
}

int lcr_hook_driver(const rules_state *rs, const table *t, side_id viewer, rules_driver_item *out,
                    int max)
{
    int n = 0;
    LCR_EACH_HOOK(rs, driver, o)
    n += o->driver(rs, t, viewer, out + n, max - n);
    return n;
}
