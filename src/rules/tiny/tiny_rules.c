#include "rules/tiny/tiny_rules.h"

#include "core/mem.h"
#include "core/place.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void tiny_mods_add(tiny_mods *mods, int value, const char *source)
{
    if (!mods || value == 0 || mods->count >= TINY_MODS_MAX)
        return;
    mods->m[mods->count].value = value;
    /* snprintf's "%s" by hand: the same bytes, without its format parsing (issue 19). */
    char *dst = mods->m[mods->count].source;
    size_t len = strlen(source), cap = sizeof mods->m[mods->count].source;
    len = len < cap ? len : cap - 1;
    memcpy(dst, source, len);
    dst[len] = '\0';
    mods->count++;
    mods->total += value;
}

/* ---- C. Orders ------------------------------------------------------------------------------ */

int tiny_order_cost(const tiny_data *d, float distance_in, bool brigade_half_lost)
{
    bool far = distance_in > d->order_far_in + 1e-4f;
    return far || brigade_half_lost ? d->order_penalty_cost : d->order_cost;
}

bool tiny_brigade_half_lost(const tiny_data *d, int lost, int total)
{
    return total > 0 && (float)lost >= d->brigade_loss_fraction * (float)total - 1e-6f;
}

/* ---- G. Hits and morale ------------------------------------------------------------------------
 */

tiny_hits_result tiny_hits_take(const tiny_data *d, int hits, int stands, int n)
{
    tiny_hits_result r = {.hits = hits};
    for (int i = 0; i < n && stands > 0; i++) {
        if (r.hits < d->shaken_hits) {
            r.hits++;
            r.became_shaken |= r.hits == d->shaken_hits;
        } else {
            stands--;
            r.stands_removed++;
        }
    }
    r.destroyed = stands <= 0;
    return r;
}

int tiny_rally_mods(const tiny_data *d, const tiny_troop *tr, bool general, bool enemy_visible,
                    bool shaken, tiny_mods *out)
{
    tiny_mods local = {0};
    tiny_mods *m = out ? out : &local;
    memset(m, 0, sizeof *m);
    tiny_mods_add(m, tr->rally_modifier, tr->name);
    if (general)
        tiny_mods_add(m, d->rally_general, "general_rallying");
    if (enemy_visible)
        tiny_mods_add(m, d->rally_enemy_visible, "enemy_visible");
    if (shaken)
        tiny_mods_add(m, d->rally_shaken, "shaken");
    return m->total;
}

int tiny_rally_remove_hit(const tiny_data *d, int hits)
{
    return hits > d->last_hits_kept ? hits - 1 : hits;
}

/* ---- E. Shooting ---------------------------------------------------------------------------- */

int tiny_fire_need(const tiny_data *d, const tiny_troop *shooter, float range_in,
                   const tiny_fire_target *target, tiny_mods *mods)
{
    int band = tiny_data_band(shooter, range_in);
    if (band < 0)
        return -1;
    tiny_mods local = {0};
    tiny_mods *m = mods ? mods : &local;
    memset(m, 0, sizeof *m);
    switch (target->troop ? target->troop->shot_at : TINY_SHOT_AT_NONE) {
    case TINY_SHOT_AT_SKIRMISHER:
        tiny_mods_add(m, d->fire_skirmisher, "skirmishers");
        break;
    case TINY_SHOT_AT_CAVALRY:
        tiny_mods_add(m, d->fire_cavalry, "cavalry");
        break;
    case TINY_SHOT_AT_ARTILLERY:
        tiny_mods_add(m, d->fire_artillery, "artillery");
        break;
    default:
        break;
    }
    if (target->in_cover)
        tiny_mods_add(m, d->fire_cover, "cover");
    if (target->column)
        tiny_mods_add(m, d->fire_column, "column");
    return shooter->bands[band].need - m->total;
}

/* ---- F. Charge resolution ------------------------------------------------------------------- */

int tiny_melee_dice(const tiny_melee_side *s)
{
    if (s->stands <= 0)
        return 0;
    if (s->shaken || s->column || s->limbered || s->flank_or_rear)
        return 1;
    return s->stands;
}

int tiny_melee_need(const tiny_data *d, const tiny_melee_side *s, const tiny_melee_side *enemy,
                    tiny_mods *mods)
{
    tiny_mods local = {0};
    tiny_mods *m = mods ? mods : &local;
    memset(m, 0, sizeof *m);
    int need =
        d->melee_use_chart_need && s->troop->melee_need > 0 ? s->troop->melee_need : d->melee_need;
    if (s->troop->melee_value > enemy->troop->melee_value)
        tiny_mods_add(m, d->melee_higher_value, "higher_melee_value");
    if (enemy->in_cover)
        tiny_mods_add(m, d->melee_cover, "enemy_in_cover");
    if (s->crossed_difficult)
        tiny_mods_add(m, d->melee_difficult, "difficult_or_obstacle");
    return need - m->total;
}

bool tiny_defensive_fire(const tiny_troop *tr, bool limbered)
{
    if (tr->cls == TINY_CLASS_INFANTRY)
        return true;
    return tr->defensive_fire && !limbered;
}

/* ---- H. Victory -------------------------------------------------------------------------------
 */

bool tiny_army_retreats(float fraction, int total, int bad)
{
    return total > 0 && (float)bad > fraction * (float)total + 1e-6f;
}

/* ---- geometry ----------------------------------------------------------------------------------
 */

geom_placed_base tiny_stand_base(const figure *f)
{
    return (geom_placed_base){.base = f->base, .pos = f->pos, .facing = f->facing};
}

static float dotv(vec2s a, vec2s b)
{
    return a.x * b.x + a.y * b.y;
}

static vec2s subv(vec2s a, vec2s b)
{
    return (vec2s){{a.x - b.x, a.y - b.y}};
}

static vec2s addv(vec2s a, vec2s b, float k)
{
    return (vec2s){{a.x + b.x * k, a.y + b.y * k}};
}

/* While tiny_legal runs the table holds still and the same units' frames are asked for again
 * and again (every candidate command validated, every enemy measured): a memo of them, and of
 * what the topic files ask of a whole unit (tiny_unit_memo), on this thread, for that one table
 * only (tiny_geom_memo_begin .. _end). */
typedef struct geom_memo {
    const table *t;
    int count;
    tiny_unit_geom *g;  /* each unit's stands once listed, its frame once known */
    signed char *known; /* 0 not yet, 1 a frame, -1 no stands */
    tiny_unit_memo *units;
    int depth;   /* nested begins on the same table */
    bool heap;   /* g, known and units were allocated (more units than the thread's store) */
    bool listed; /* g holds every unit's stands (at the first frame asked) */
    tiny_serials *serials;
    signed char epoch_state[2]; /* per side: 0 not asked yet, 1 epoch_now holds it, -1 none */
    uint32_t epoch_now[2];
    bool stands_listed; /* memo_store.near holds the table's active stands (first asked) */
    int stands_count;   /* -1: more stands than the store holds */
} geom_memo;

static _Thread_local geom_memo *open_memo;
_Thread_local const tiny_memo_head *tiny_memo_open; /* open_memo's head while one is open */

/* The thread's store for tables of up to MEMO_UNITS units: a memo is opened for every legal(),
 * validate() and outcome, and allocating it each time cost more than what it saved there. */
#define MEMO_UNITS 96
static _Thread_local struct {
    /* the last frontal zone's trigonometry, by the facing's and angle's bits: most asks in a
     * row are of one unit or stand (the same sines, sooner) */
    struct {
        bool known;
        float facing, half_angle_deg;
        vec2s dir;
        float tan_half;
    } zone_trig;
    geom_memo m;
    tiny_memo_head head;
    tiny_unit_geom g[MEMO_UNITS + 1];
    signed char known[MEMO_UNITS + 1];
    tiny_unit_memo units[MEMO_UNITS + 1];
    tiny_near_stand near[TINY_NEAR_STANDS_MAX];
} memo_store;

static bool unit_geom_compute(const table *t, unit_id u, tiny_unit_geom *g);
static void unit_frame_fill(const table *t, tiny_unit_geom *g);
static void frame_fill_memo(const table *t, tiny_unit_geom *g);
uint32_t tiny_unit_serial(const table *t, unit_id u);

void tiny_geom_memo_begin(const table *t, tiny_serials *serials)
{
    if (open_memo) {
        open_memo->depth += open_memo->t == t; /* nested: the outer memo serves */
        return;
    }
    size_t n = (size_t)t->unit_count + 1;
    open_memo = &memo_store.m;
    *open_memo =
        (geom_memo){.t = t, .count = t->unit_count, .heap = n > MEMO_UNITS + 1, .serials = serials};
    if (serials && serials->units < t->unit_count)
        open_memo->serials = NULL; /* not this match's table */
    if (open_memo->heap) {
        open_memo->g = mem_calloc(n, sizeof *open_memo->g);
        open_memo->known = mem_calloc(n, sizeof *open_memo->known);
        open_memo->units = mem_calloc(n, sizeof *open_memo->units);
    } else {
        open_memo->g = memo_store.g;
        open_memo->known = memo_store.known;
        open_memo->units = memo_store.units;
        memset(open_memo->known, 0, n * sizeof *open_memo->known);
        memset(open_memo->units, 0, n * sizeof *open_memo->units);
    }
    memo_store.head = (tiny_memo_head){t, open_memo->count, open_memo->units};
    tiny_memo_open = &memo_store.head;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        if (f->unit.id == 0 || (int)f->unit.id > open_memo->count || tiny_is_commander(f))
            continue;
        tiny_unit_memo *um = &open_memo->units[f->unit.id];
        um->troop = true;
        if (table_figure_active(f)) {
            um->stands++;
            um->status_any |= f->status;
        }
    }
}

/* One pass over the figures: every unit's stands, in table order as unit_geom_compute lists
 * them (not done at open: the outcome opens a memo and asks no frame). Each slot is left as a
 * zeroed one would be (tiny_geom_memo_unit compares whole structs): a slot's stands beyond its
 * count are always zero (the store starts zeroed and only this pass writes stands, below the
 * count), so clearing its listed stands and its frame clears it, at a fraction of the bytes. */
_Static_assert(offsetof(tiny_unit_geom, centre) ==
                   offsetof(tiny_unit_geom, stands) + TINY_UNIT_FIGS * sizeof(figure_id),
               "memo_list_stands clears a slot as its stands and its frame");

static void memo_list_stands(const table *t)
{
    for (int u = 0; u <= open_memo->count; u++) {
        tiny_unit_geom *g = &open_memo->g[u];
        memset(g->stands, 0, (size_t)g->count * sizeof g->stands[0]);
        g->count = 0;
        memset(&g->centre, 0, sizeof *g - offsetof(tiny_unit_geom, centre));
    }
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        if (f->unit.id == 0 || (int)f->unit.id > open_memo->count || tiny_is_commander(f) ||
            !table_figure_active(f))
            continue;
        tiny_unit_geom *g = &open_memo->g[f->unit.id];
        if (g->count < TINY_UNIT_FIGS)
            g->stands[g->count++] = f->id;
    }
    open_memo->listed = true;
}

int tiny_geom_memo_stands(const table *t, const tiny_near_stand **out)
{
    if (!open_memo || open_memo->t != t)
        return -1;
    if (!open_memo->stands_listed) {
        int n = 0;
        for (int k = 0; k < t->figure_count && n >= 0; k++) {
            const figure *o = &t->figures[k];
            if (!table_figure_active(o) || tiny_is_commander(o))
                continue;
            if (n == TINY_NEAR_STANDS_MAX)
                n = -1;
            else
                memo_store.near[n++] = (tiny_near_stand){o->pos, tiny_stand_reach(o), k};
        }
        open_memo->stands_count = n;
        open_memo->stands_listed = true;
    }
    *out = memo_store.near;
    return open_memo->stands_count;
}

void tiny_geom_memo_end(const table *t)
{
    if (!open_memo || open_memo->t != t)
        return;
    if (open_memo->depth > 0) {
        open_memo->depth--;
        return;
    }
    if (open_memo->heap) {
        free(open_memo->g);
        free(open_memo->known);
        free(open_memo->units);
    }
    open_memo = NULL;
    tiny_memo_open = NULL;
}

tiny_unit_memo *tiny_geom_memo_unit(const table *t, const tiny_unit_geom *g)
{
    if (!open_memo || open_memo->t != t || g->count == 0)
        return NULL;
    const figure *f = table_figure_const(t, g->stands[0]);
    unit_id u = f ? f->unit : (unit_id){0};
    tiny_unit_geom whole;
    if (u.id == 0 || (int)u.id > open_memo->count || !tiny_unit_geom_of(t, u, &whole) ||
        memcmp(&whole, g, sizeof whole) != 0)
        return NULL;
    return &open_memo->units[u.id];
}

/* The open memo holds unit u of table t. */
static bool memo_covers(const table *t, unit_id u)
{
    return open_memo && open_memo->t == t && u.id != 0 && (int)u.id <= open_memo->count;
}

/* Works out u's frame in the open memo the first time it is asked; whether it has one. */
static bool memo_unit_ready(const table *t, unit_id u)
{
    signed char *k = &open_memo->known[u.id];
    if (!open_memo->listed)
        memo_list_stands(t);
    if (*k == 0) {
        *k = open_memo->g[u.id].count > 0 ? 1 : -1;
        if (*k > 0)
            frame_fill_memo(t, &open_memo->g[u.id]);
    }
    return *k > 0;
}

const tiny_unit_geom *tiny_unit_geom_ref(const table *t, unit_id u, tiny_unit_geom *scratch)
{
    if (!memo_covers(t, u))
        return unit_geom_compute(t, u, scratch) ? scratch : NULL;
    return memo_unit_ready(t, u) ? &open_memo->g[u.id] : NULL;
}

bool tiny_unit_geom_of(const table *t, unit_id u, tiny_unit_geom *g)
{
    if (!memo_covers(t, u))
        return unit_geom_compute(t, u, g);
    bool ok = memo_unit_ready(t, u);
    *g = open_memo->g[u.id];
    return ok;
}

/* The placement slot of unit u whose serial is s (tiny_unit_serial just gave it). */
static tiny_placed *placed_of(unit_id u, uint32_t s)
{
    tiny_placed *r = open_memo->serials->recent[u.id];
    return r[0].serial == s ? &r[0] : &r[1];
}

/* A unit's frame from its placement's slot when its stands stand where they stood when it was
 * last worked out (most units do not move between two decisions): the same bits. */
static void frame_fill_memo(const table *t, tiny_unit_geom *g)
{
    unit_id u = table_figure_const(t, g->stands[0])->unit;
    uint32_t s = tiny_unit_serial(t, u);
    if (!s) {
        unit_frame_fill(t, g);
        return;
    }
    tiny_placed *p = placed_of(u, s);
    if (p->framed) {
        const tiny_frame *fr = &p->frame;
        g->centre = fr->centre;
        g->front = fr->front;
        g->rear = fr->rear;
        g->facing = fr->facing;
        g->half_width = fr->half_width;
        g->half_depth = fr->half_depth;
        return;
    }
    unit_frame_fill(t, g);
    p->frame = (tiny_frame){g->centre, g->front, g->rear, g->facing, g->half_width, g->half_depth};
    p->framed = true;
}

tiny_serials *tiny_serials_create(int units)
{
    tiny_serials *s = mem_calloc(1, sizeof *s);
    s->units = units;
    s->recent = mem_calloc((size_t)units + 1, sizeof *s->recent);
    s->seen = mem_calloc((size_t)units + 1, sizeof *s->seen);
    s->keep = mem_calloc((size_t)units + 1, sizeof *s->keep);
    return s;
}

void tiny_serials_destroy(tiny_serials *s)
{
    if (!s)
        return;
    free(s->recent);
    free(s->seen);
    free(s->keep);
    free(s);
}

/* The serial of placement key for unit u: one of its two latest, else a new one. */
static uint32_t serial_of(tiny_serials *s, unit_id u, const tiny_frame_key *key)
{
    tiny_placed *r = s->recent[u.id];
    for (int k = 0; k < 2; k++)
        if (r[k].serial && memcmp(&r[k].key, key, sizeof *key) == 0)
            return r[k].serial;
    r[1] = r[0];
    r[0] = (tiny_placed){.key = *key, .serial = ++s->next};
    return r[0].serial;
}

uint32_t tiny_unit_serial(const table *t, unit_id u)
{
    if (!memo_covers(t, u) || !open_memo->serials)
        return 0;
    tiny_unit_memo *um = &open_memo->units[u.id];
    if (um->serial_known)
        return um->serial;
    if (!open_memo->listed)
        memo_list_stands(t);
    const tiny_unit_geom *g = &open_memo->g[u.id];
    um->serial_known = true;
    um->serial = 0;
    if (g->count > TINY_STANDS_MAX)
        return 0;
    tiny_frame_key key;
    memset(&key, 0, sizeof key);
    key.count = g->count;
    for (int i = 0; i < g->count; i++)
        key.stands[i] = tiny_stand_base(table_figure_const(t, g->stands[i]));
    um->serial = serial_of(open_memo->serials, u, &key);
    return um->serial;
}

uint32_t tiny_geom_serial(const table *t, const tiny_unit_geom *g)
{
    if (!open_memo || open_memo->t != t || !open_memo->serials || g->count == 0)
        return 0;
    const figure *f = table_figure_const(t, g->stands[0]);
    unit_id u = f ? f->unit : (unit_id){0};
    if (!memo_covers(t, u))
        return 0;
    if (!open_memo->listed)
        memo_list_stands(t);
    const tiny_unit_geom *w = &open_memo->g[u.id];
    if (w != g && (w->count != g->count ||
                   memcmp(w->stands, g->stands, (size_t)g->count * sizeof g->stands[0]) != 0))
        return 0;
    return tiny_unit_serial(t, u);
}

tiny_foe_keep *tiny_foe_keep_of(const table *t, unit_id u)
{
    if (!memo_covers(t, u) || !open_memo->serials)
        return NULL;
    return &open_memo->serials->keep[u.id];
}

bool tiny_foes_epoch(const table *t, side_id own, uint32_t *epoch)
{
    if (!open_memo || open_memo->t != t || !open_memo->serials || t->side_count != 2)
        return false;
    int k = t->sides[0].id.id == own.id ? 0 : t->sides[1].id.id == own.id ? 1 : -1;
    if (k < 0)
        return false;
    tiny_serials *s = open_memo->serials;
    if (open_memo->epoch_state[k] == 0) {
        /* every unit not of side own by serial, against the serials the epoch names */
        bool changed = false, all = true;
        for (int i = 0; i < t->unit_count; i++) {
            const unit *un = &t->units[i];
            if (un->side.id == own.id)
                continue;
            if (!memo_covers(t, un->id)) {
                all = false;
                continue;
            }
            uint32_t us = tiny_unit_serial(t, un->id);
            all &= us != 0;
            changed |= s->seen[un->id.id] != us;
            s->seen[un->id.id] = us;
        }
        if (changed || !s->epoch[k])
            s->epoch[k] = ++s->epoch_next;
        open_memo->epoch_now[k] = s->epoch[k];
        open_memo->epoch_state[k] = all ? 1 : -1;
    }
    *epoch = open_memo->epoch_now[k];
    return open_memo->epoch_state[k] > 0;
}

static bool unit_geom_compute(const table *t, unit_id u, tiny_unit_geom *g)
{
    memset(g, 0, sizeof *g);
    for (int i = 0; i < t->figure_count && g->count < TINY_UNIT_FIGS; i++) {
        const figure *f = &t->figures[i];
        if (f->unit.id == u.id && table_figure_active(f) && !tiny_is_commander(f))
            g->stands[g->count++] = f->id;
    }
    if (g->count == 0)
        return false;
    unit_frame_fill(t, g);
    return true;
}

/* The frame of the stands g lists (the rest of g still zero). */
static void unit_frame_fill(const table *t, tiny_unit_geom *g)
{
    const figure *first = table_figure_const(t, g->stands[0]);
    g->facing = first->facing;
    vec2s dir = geom_dir(g->facing), across = {{-dir.y, dir.x}};
    for (int i = 0; i < g->count; i++)
        g->centre = addv(g->centre, table_figure_const(t, g->stands[i])->pos, 1.0f / g->count);
    float fmax = -INFINITY, fmin = INFINITY, smax = -INFINITY, smin = INFINITY;
    for (int i = 0; i < g->count; i++) {
        geom_placed_base b = tiny_stand_base(table_figure_const(t, g->stands[i]));
        vec2s c[4];
        geom_base_corners(&b, c);
        for (int k = 0; k < 4; k++) {
            vec2s r = subv(c[k], g->centre);
            fmax = fmaxf(fmax, dotv(r, dir));
            fmin = fminf(fmin, dotv(r, dir));
            smax = fmaxf(smax, dotv(r, across));
            smin = fminf(smin, dotv(r, across));
        }
    }
    /* The frame is centred across the facing on the stands' extent, not on their mean. */
    g->centre = addv(g->centre, across, 0.5f * (smax + smin));
    g->centre = addv(g->centre, dir, 0.5f * (fmax + fmin));
    g->half_width = 0.5f * (smax - smin);
    g->half_depth = 0.5f * (fmax - fmin);
    g->front = addv(g->centre, dir, g->half_depth);
    g->rear = addv(g->centre, dir, -g->half_depth);
}

/* A frontal zone's directions and the tangent of its half angle, worked out once for the
 * several points a caller tests. */
typedef struct zone {
    const tiny_unit_geom *g;
    vec2s dir, across;
    bool wide; /* half angle of 90 degrees or near: no sides */
    float tan_half;
} zone;

static zone zone_of(const tiny_unit_geom *g, float half_angle_deg)
{
    zone z = {.g = g, .wide = half_angle_deg >= 89.9f};
    if (!memo_store.zone_trig.known ||
        memcmp(&memo_store.zone_trig.facing, &g->facing, sizeof(float)) != 0 ||
        memcmp(&memo_store.zone_trig.half_angle_deg, &half_angle_deg, sizeof(float)) != 0) {
        memo_store.zone_trig.known = true;
        memo_store.zone_trig.facing = g->facing;
        memo_store.zone_trig.half_angle_deg = half_angle_deg;
        memo_store.zone_trig.dir = geom_dir(g->facing);
        memo_store.zone_trig.tan_half = tanf(half_angle_deg * (float)GEOM_PI / 180);
    }
    z.dir = memo_store.zone_trig.dir;
    z.across = (vec2s){{-z.dir.y, z.dir.x}};
    if (!z.wide)
        z.tan_half = memo_store.zone_trig.tan_half;
    return z;
}

static bool zone_holds(const zone *z, vec2s p)
{
    vec2s r = subv(p, z->g->front);
    float ahead = dotv(r, z->dir);
    if (ahead < -1e-3f)
        return false;
    float spread = z->wide ? INFINITY : ahead * z->tan_half;
    return fabsf(dotv(r, z->across)) <= z->g->half_width + spread + 1e-3f;
}

bool tiny_in_frontal_zone(const tiny_unit_geom *g, float half_angle_deg, vec2s p)
{
    zone z = zone_of(g, half_angle_deg);
    return zone_holds(&z, p);
}

bool tiny_partly_in_frontal_zone(const table *t, const tiny_unit_geom *g, float half_angle_deg,
                                 const tiny_unit_geom *other)
{
    zone z = zone_of(g, half_angle_deg);
    for (int i = 0; i < other->count; i++) {
        const figure *f = table_figure_const(t, other->stands[i]);
        if (zone_holds(&z, f->pos))
            return true;
        geom_placed_base b = tiny_stand_base(f);
        vec2s c[4];
        geom_base_corners(&b, c);
        for (int k = 0; k < 4; k++) {
            vec2s mid = geom_lerp(c[k], c[(k + 1) % 4], 0.5);
            if (zone_holds(&z, c[k]) || zone_holds(&z, mid))
                return true;
        }
    }
    return false;
}

float tiny_stand_radius(const figure *f)
{
    if (f->base.kind == GEOM_BASE_RECT)
        return 0.5f * hypotf(f->base.frontage_cm, f->base.depth_cm);
    return f->base.radius_cm;
}

/* Touching is not overlapping: the engine's one test (core/place.h), so tiny's checks and the
 * table's oracle agree. */
bool tiny_stands_overlap(const geom_placed_base *a, const geom_placed_base *b)
{
    return place_bases_overlap(a, b);
}
