/* Tiny Soldiers (seed 003) wired into the engine: the rules_ops table, dispatching validation,
 * legal commands, actions, targets and resolution by command kind to the topic files. */
#include "rules/tiny/tiny_rules.h"

#include "rules/tiny/tiny_combat.h"
#include "rules/tiny/tiny_fire.h"
#include "rules/tiny/tiny_morale.h"
#include "rules/tiny/tiny_move.h"
#include "rules/tiny/tiny_orders.h"
#include "rules/tiny/tiny_referee.h"
#include "rules/tiny/tiny_sequence.h"
#include "rules/tiny/tiny_state.h"

#include "core/mem.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

static void tiny_resolve(rules_state *rs, rules_ctx *ctx, const rules_command *cmd)
{
    const table *t = ctx->table;
    char why[160];
    tiny_order o = {0};
    tiny_plan p;
    unit_id u = tiny_cmd_unit(t, cmd);
    switch (cmd->kind) {
    case RULES_CMD_ROLL_ORDERS:
        tiny_resolve_roll_orders(rs, ctx);
        break;
    case RULES_CMD_MOVE:
    case RULES_CMD_WHEEL:
        /* the plan and the order before any event: the table holds still, the memo serves */
        tiny_geom_memo_begin(t, tiny_frames(rs));
        tiny_plan_move(rs, t, cmd, &p, why, sizeof why);
        if (!(p.count && tiny_is_commander(table_figure_const(t, p.fig[0]))))
            tiny_order_check(rs, t, cmd, cmd->unit.id ? cmd->unit : u, &o, why, sizeof why);
        tiny_geom_memo_end(t);
        tiny_resolve_move(rs, ctx, cmd, &p, &o);
        break;
    case RULES_CMD_FIRE: {
        if (tiny_is_brigade(t, u)) {
            tiny_order_check(rs, t, cmd, u, &o, why, sizeof why);
            tiny_resolve_brigade_fire(rs, ctx, u, &o, tiny_cmd_target(t, cmd));
            break;
        }
        uint32_t fl = rs->units[u.id - 1].flags;
        bool free_shot = (fl & TINY_U_ORDERED) != 0; /* light infantry / battalion guns */
        if (!free_shot)
            tiny_order_check(rs, t, cmd, u, &o, why, sizeof why);
        tiny_resolve_fire(rs, ctx, cmd, free_shot ? NULL : &o, u, tiny_cmd_target(t, cmd));
        break;
    }
    case RULES_CMD_CHARGE:
        tiny_geom_memo_begin(t, tiny_frames(rs));
        if (tiny_is_brigade(t, u))
            tiny_plan_brigade_charge(rs, t, u, tiny_cmd_target(t, cmd), &p, why, sizeof why);
        else
            tiny_plan_charge(rs, t, u, tiny_cmd_target(t, cmd), false, &p, why, sizeof why);
        tiny_order_check(rs, t, cmd, u, &o, why, sizeof why);
        tiny_geom_memo_end(t);
        tiny_resolve_charge(rs, ctx, u, &p, &o, tiny_cmd_target(t, cmd));
        break;
    case RULES_CMD_EVADE:
        tiny_resolve_evade(rs, ctx, true);
        break;
    case RULES_CMD_PASS:
        tiny_resolve_evade(rs, ctx, false);
        break;
    case RULES_CMD_RALLY: {
        rules_command c = *cmd;
        c.unit = u;
        tiny_order_check(rs, t, &c, u, &o, why, sizeof why);
        if (tiny_is_brigade(t, u))
            tiny_resolve_brigade_rally(rs, ctx, u, &o);
        else
            tiny_resolve_rally(rs, ctx, &c, &o);
        break;
    }
    case RULES_CMD_FORMATION: {
        rules_command c = *cmd;
        c.unit = u;
        tiny_order_check(rs, t, &c, u, &o, why, sizeof why);
        tiny_resolve_formation(rs, ctx, &c, &o);
        break;
    }
    case RULES_CMD_END_PHASE:
        tiny_resolve_end_phase(rs, ctx);
        break;
    default:
        break;
    }
}

/* ---- the last legal() list, kept by its inputs ---------------------------------------------- */

/* The bot takes a command from legal() and the engine validates it at once on the same state
 * and table: the list is kept with every input validate() reads, and a command in the list is
 * valid again while they are all the same. What may change in a match is kept by value (the
 * rule state's fields and arrays; each figure's place, facing and status, each unit's
 * formation: all that events change on a table, rules_event_apply_table), the rest by address
 * (the data, the terrain, and the arrays of figures and units, whose ids, sides, units,
 * postures, bases and names never change: a clone's table, or another table, is a miss, never
 * a wrong answer). Compared by bits. */
typedef struct fire_keep {
    unit_id u, target;
    bool ok;
    tiny_fire_plan plan;
} fire_keep;

typedef struct charge_keep {
    unit_id u, target;
    bool ignore_order, ok;
    tiny_plan plan;
} charge_keep;

typedef struct order_keep {
    unit_id u;
    figure_id fig;
    bool ok;
    tiny_order o;
} order_keep;

#define ORDER_KEEP_MAX 64

typedef struct tiny_decision_memo {
    uint32_t *key, *scratch; /* the list's inputs; the ones being compared */
    int key_len, key_cap, scratch_cap;
    rules_command *legal;
    int n, cap;
    bool valid;
    /* open: the state asked about is the list's (legal() running, or targets() on its state),
     * and the plans below, worked out on it, answer */
    bool open;
    fire_keep *fire;
    int fire_n, fire_cap;
    charge_keep *charge;
    int charge_n, charge_cap;
    order_keep order[ORDER_KEEP_MAX];
    int order_n;
} tiny_decision_memo;

typedef struct key_words {
    uint32_t *v;
    int n, cap;
} key_words;

static void key_ptr(uint32_t *v, int *n, const void *p)
{
    uintptr_t u = (uintptr_t)p;
    v[(*n)++] = (uint32_t)u;
    v[(*n)++] = (uint32_t)((uint64_t)u >> 32);
}

static void key_bytes(uint32_t *v, int *n, const void *p, size_t size)
{
    size_t words = (size + 3) / 4;
    v[*n + (int)words - 1] = 0; /* the tail of the last word */
    memcpy(v + *n, p, size);
    *n += (int)words;
}

static uint32_t key_float(float x)
{
    uint32_t u;
    memcpy(&u, &x, sizeof u);
    return u;
}

static void decision_key(key_words *k, const rules_state *rs, const table *t)
{
    int words = 64 + 2 * TINY_CHARGES_MAX + 3 * rs->unit_count + 4 * rs->fig_count +
                (rs->feature_count + 3) / 4 + 8 * t->figure_count +
                (4 + (TABLE_NAME_MAX + 3) / 4) * t->unit_count;
    if (k->cap < words) {
        free(k->v);
        k->v = mem_calloc((size_t)words, sizeof *k->v);
        k->cap = words;
    }
    uint32_t *v = k->v;
    int n = 0;
    key_ptr(v, &n, rs->data);
    key_ptr(v, &n, rs->los);
    key_ptr(v, &n, t);
    key_ptr(v, &n, t->types);
    key_ptr(v, &n, t->features);
    key_ptr(v, &n, t->sides);
    key_ptr(v, &n, t->units);
    key_ptr(v, &n, t->figures);
    v[n++] = (uint32_t)rs->turn;
    v[n++] = rs->first.id;
    v[n++] = rs->active.id;
    v[n++] = (uint32_t)rs->phase;
    v[n++] = rs->react_unit.id;
    v[n++] = rs->react_charger.id;
    v[n++] = (uint32_t)rs->unit_count;
    v[n++] = (uint32_t)rs->fig_count;
    v[n++] = (uint32_t)rs->feature_count;
    v[n++] = (uint32_t)rs->max_turns;
    v[n++] = key_float(rs->retreat_fraction);
    v[n++] = (uint32_t)rs->type_count;
    v[n++] = (uint32_t)rs->charge_count;
    for (int i = 0; i < rs->charge_count; i++) {
        v[n++] = rs->charges[i].charger.id;
        v[n++] = rs->charges[i].target.id;
    }
    for (int i = 0; i < rs->unit_count; i++) {
        v[n++] = (uint32_t)rs->units[i].hits;
        v[n++] = rs->units[i].flags;
        v[n++] = rs->units[i].beaten.id;
    }
    for (int i = 0; i < rs->fig_count; i++) {
        v[n++] = (uint32_t)rs->figs[i].pips;
        v[n++] = (uint32_t)rs->figs[i].rolled;
        v[n++] = rs->figs[i].flags;
        v[n++] = (uint32_t)rs->figs[i].replace_ends;
    }
    if (rs->feature_count > 0)
        key_bytes(v, &n, rs->cover_gone, (size_t)rs->feature_count);
    v[n++] = key_float(t->width_cm);
    v[n++] = key_float(t->height_cm);
    v[n++] = (uint32_t)t->type_count;
    v[n++] = (uint32_t)t->feature_count;
    v[n++] = (uint32_t)t->side_count;
    v[n++] = (uint32_t)t->unit_count;
    v[n++] = (uint32_t)t->figure_count;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        v[n++] = f->status;
        v[n++] = key_float(f->pos.x);
        v[n++] = key_float(f->pos.y);
        v[n++] = key_float(f->facing);
    }
    for (int i = 0; i < t->unit_count; i++) {
        const unit *u = &t->units[i];
        key_bytes(v, &n, u->formation, sizeof u->formation);
    }
    k->n = n;
}

static tiny_decision_memo *decision_memo(const rules_state *rs)
{
    if (!rs->los)
        return NULL;
    if (!rs->los->decision)
        rs->los->decision = mem_calloc(1, sizeof *rs->los->decision);
    return rs->los->decision;
}

/* Keeps the list legal() found on rs and t. */
static void decision_keep(const rules_state *rs, const table *t, const rules_command *out, int n)
{
    tiny_decision_memo *m = decision_memo(rs);
    if (!m)
        return;
    key_words k = {m->key, 0, m->key_cap};
    decision_key(&k, rs, t);
    m->key = k.v;
    m->key_cap = k.cap;
    m->key_len = k.n;
    if (m->cap < n) {
        free(m->legal);
        m->legal = mem_calloc((size_t)n, sizeof *m->legal);
        m->cap = n;
    }
    if (n > 0)
        memcpy(m->legal, out, (size_t)n * sizeof *out);
    m->n = n;
    m->valid = true;
}

/* Whether cmd is in the list legal() found on this very rs and t. */
static bool decision_listed(const rules_state *rs, const table *t, const rules_command *cmd)
{
    tiny_decision_memo *m = rs->los ? rs->los->decision : NULL;
    if (!m || !m->valid)
        return false;
    int i = 0;
    while (i < m->n && memcmp(&m->legal[i], cmd, sizeof *cmd) != 0)
        i++;
    if (i == m->n)
        return false;
    key_words k = {m->scratch, 0, m->scratch_cap};
    decision_key(&k, rs, t);
    m->scratch = k.v;
    m->scratch_cap = k.cap;
    return k.n == m->key_len && memcmp(k.v, m->key, (size_t)k.n * sizeof *k.v) == 0;
}

/* The part of a fire plan its readers read: its count of shooters and theirs, on a plan that
 * starts cleared (tiny_plan_volley clears it and appends), so that the copy of a kept plan into a
 * cleared one is the plan; a refused plan is read by nobody and is kept as a cleared one.
 * `clear`: dst is cleared first. */
static void fire_plan_copy(tiny_fire_plan *dst, const tiny_fire_plan *src, bool ok, bool clear)
{
    if (clear)
        tiny_fire_plan_clear(dst);
    if (!ok) {
        dst->count = 0;
        dst->cover_feature = -1;
        return;
    }
    int n = src->count;
    dst->count = n;
    dst->cover_feature = src->cover_feature;
    memcpy(dst->shooter, src->shooter, (size_t)n * sizeof *src->shooter);
    memcpy(dst->aim, src->aim, (size_t)n * sizeof *src->aim);
    memcpy(dst->need, src->need, (size_t)n * sizeof *src->need);
    memcpy(dst->range_in, src->range_in, (size_t)n * sizeof *src->range_in);
    for (int i = 0; i < n; i++) {
        const tiny_mods *a = &src->mods[i];
        tiny_mods *b = &dst->mods[i];
        b->count = a->count;
        b->total = a->total;
        memcpy(b->m, a->m, (size_t)a->count * sizeof *a->m);
    }
}

/* As fire_plan_copy, for a charge plan (tiny_plan_charge clears it and appends). */
static void charge_plan_copy(tiny_plan *dst, const tiny_plan *src, bool ok, bool clear)
{
    if (clear)
        memset(dst, 0, sizeof *dst);
    if (!ok) {
        dst->count = dst->unit_count = 0;
        return;
    }
    int n = src->count, nu = src->unit_count;
    dst->count = n;
    dst->unit_count = nu;
    memcpy(dst->fig, src->fig, (size_t)n * sizeof *src->fig);
    memcpy(dst->pos, src->pos, (size_t)n * sizeof *src->pos);
    memcpy(dst->facing, src->facing, (size_t)n * sizeof *src->facing);
    memcpy(dst->units, src->units, (size_t)nu * sizeof *src->units);
    dst->distance_cm = src->distance_cm;
    dst->cost_cm = src->cost_cm;
    dst->allowance_cm = src->allowance_cm;
    dst->road = src->road;
    dst->difficult = src->difficult;
    dst->about_face = src->about_face;
    dst->over_cover = src->over_cover;
    memcpy(dst->edge, src->edge, sizeof dst->edge);
    memcpy(dst->note, src->note, sizeof dst->note);
}

/* Whether rs and t are the state the kept list was found on. */
static bool decision_same(const rules_state *rs, const table *t)
{
    tiny_decision_memo *m = rs->los ? rs->los->decision : NULL;
    if (!m || !m->valid)
        return false;
    key_words k = {m->scratch, 0, m->scratch_cap};
    decision_key(&k, rs, t);
    m->scratch = k.v;
    m->scratch_cap = k.cap;
    return k.n == m->key_len && memcmp(k.v, m->key, (size_t)k.n * sizeof *k.v) == 0;
}

/* legal() begins on a new state: the kept plans are dropped and those it works out kept. */
static void decision_begin(const rules_state *rs)
{
    tiny_decision_memo *m = decision_memo(rs);
    if (!m)
        return;
    m->valid = false;
    m->fire_n = m->charge_n = m->order_n = 0;
    m->open = true;
}

static tiny_decision_memo *decision_open(const rules_state *rs)
{
    tiny_decision_memo *m = rs->los ? rs->los->decision : NULL;
    return m && m->open ? m : NULL;
}

static void decision_close(const rules_state *rs)
{
    tiny_decision_memo *m = rs->los ? rs->los->decision : NULL;
    if (m)
        m->open = false;
}

bool tiny_decision_fire(const rules_state *rs, unit_id u, unit_id target, tiny_fire_plan *out,
                        bool *ok)
{
    tiny_decision_memo *m = decision_open(rs);
    for (int i = 0; m && i < m->fire_n; i++)
        if (m->fire[i].u.id == u.id && m->fire[i].target.id == target.id) {
            *ok = m->fire[i].ok;
            fire_plan_copy(out, &m->fire[i].plan, *ok, true);
            return true;
        }
    return false;
}

void tiny_decision_fire_put(const rules_state *rs, unit_id u, unit_id target,
                            const tiny_fire_plan *plan, bool ok)
{
    tiny_decision_memo *m = decision_open(rs);
    if (!m)
        return;
    if (m->fire_n == m->fire_cap) {
        int cap = m->fire_cap ? 2 * m->fire_cap : 32;
        fire_keep *v = mem_calloc((size_t)cap, sizeof *v);
        if (m->fire_n)
            memcpy(v, m->fire, (size_t)m->fire_n * sizeof *v);
        free(m->fire);
        m->fire = v;
        m->fire_cap = cap;
    }
    fire_keep *e = &m->fire[m->fire_n++];
    e->u = u;
    e->target = target;
    e->ok = ok;
    fire_plan_copy(&e->plan, plan, ok, false);
}

bool tiny_decision_charge(const rules_state *rs, unit_id u, unit_id target, bool ignore_order,
                          tiny_plan *out, bool *ok)
{
    tiny_decision_memo *m = decision_open(rs);
    for (int i = 0; m && i < m->charge_n; i++)
        if (m->charge[i].u.id == u.id && m->charge[i].target.id == target.id &&
            m->charge[i].ignore_order == ignore_order) {
            *ok = m->charge[i].ok;
            charge_plan_copy(out, &m->charge[i].plan, *ok, true);
            return true;
        }
    return false;
}

void tiny_decision_charge_put(const rules_state *rs, unit_id u, unit_id target, bool ignore_order,
                              const tiny_plan *plan, bool ok)
{
    tiny_decision_memo *m = decision_open(rs);
    if (!m)
        return;
    if (m->charge_n == m->charge_cap) {
        int cap = m->charge_cap ? 2 * m->charge_cap : 32;
        charge_keep *v = mem_calloc((size_t)cap, sizeof *v);
        if (m->charge_n)
            memcpy(v, m->charge, (size_t)m->charge_n * sizeof *v);
        free(m->charge);
        m->charge = v;
        m->charge_cap = cap;
    }
    charge_keep *e = &m->charge[m->charge_n++];
    e->u = u;
    e->target = target;
    e->ignore_order = ignore_order;
    e->ok = ok;
    charge_plan_copy(&e->plan, plan, ok, false);
}

bool tiny_decision_order(const rules_state *rs, unit_id u, figure_id fig, tiny_order *out, bool *ok)
{
    tiny_decision_memo *m = decision_open(rs);
    for (int i = 0; m && i < m->order_n; i++)
        if (m->order[i].u.id == u.id && m->order[i].fig.id == fig.id) {
            *ok = m->order[i].ok;
            if (*ok)
                *out = m->order[i].o;
            return true;
        }
    return false;
}

void tiny_decision_order_put(const rules_state *rs, unit_id u, figure_id fig, const tiny_order *o,
                             bool ok)
{
    tiny_decision_memo *m = decision_open(rs);
    if (!m || m->order_n == ORDER_KEEP_MAX)
        return;
    m->order[m->order_n++] =
        (order_keep){.u = u, .fig = fig, .ok = ok, .o = ok ? *o : (tiny_order){.cost = 0}};
}

void tiny_decision_forget(tiny_los *l)
{
    if (!l || !l->decision)
        return;
    free(l->decision->fire);
    free(l->decision->charge);
    free(l->decision->key);
    free(l->decision->scratch);
    free(l->decision->legal);
    free(l->decision);
    l->decision = NULL;
}

/* validate() once the game is known not to be over (legal() asks the outcome once). */
static bool validate_live(const rules_state *rs, const table *t, const rules_command *cmd,
                          char *reason, size_t size)
{
    side_id dside;
    rules_decision_kind dkind = tiny_decision_bare(rs, t, &dside);
    if (cmd->side.id && cmd->side.id != dside.id) {
        tiny_text(reason, size, "it is %s's decision", table_side(t, dside)->name);
        return false;
    }
    rules_command_kind k = cmd->kind;
    if (dkind == RULES_DECIDE_REACT) {
        if (k == RULES_CMD_EVADE || k == RULES_CMD_PASS)
            return true;
        tiny_text(reason, size, "%s first: evade or stand (pass)",
                  table_unit_const(t, rs->react_unit)->name);
        return false;
    }
    if (dkind == RULES_DECIDE_ROLL_ORDERS) {
        if (k == RULES_CMD_ROLL_ORDERS)
            return true;
        tiny_text(reason, size, "roll the order dice first (Tiny Soldiers \u2014 B: Sequence)");
        return false;
    }
    switch (k) {
    case RULES_CMD_END_PHASE:
        return true;
    case RULES_CMD_MOVE:
    case RULES_CMD_WHEEL:
        return tiny_validate_move(rs, t, cmd, reason, size);
    case RULES_CMD_FIRE:
        return tiny_validate_fire(rs, t, cmd, reason, size);
    case RULES_CMD_CHARGE:
        return tiny_validate_charge(rs, t, cmd, reason, size);
    case RULES_CMD_RALLY:
        return tiny_validate_rally(rs, t, cmd, reason, size);
    case RULES_CMD_FORMATION:
        return tiny_validate_formation(rs, t, cmd, reason, size);
    default:
        snprintf(
            reason, size,
            "Tiny Soldiers orders units to move, wheel, shoot, charge, rally or change formation, "
            "then ends the phase");
        return false;
    }
}

static bool validate_open(const rules_state *rs, const table *t, const rules_command *cmd,
                          char *reason, size_t size);

static bool tiny_validate(const rules_state *rs, const table *t, const rules_command *cmd,
                          char *reason, size_t size)
{
    if (decision_listed(rs, t, cmd))
        return true; /* a valid command writes no reason */
    tiny_geom_memo_begin(t, tiny_frames(rs));
    bool ok = validate_open(rs, t, cmd, reason, size);
    tiny_geom_memo_end(t);
    return ok;
}

static bool validate_open(const rules_state *rs, const table *t, const rules_command *cmd,
                          char *reason, size_t size)
{
    rules_outcome oc;
    tiny_outcome(rs, t, &oc);
    if (oc.over) {
        tiny_text(reason, size, "the game is over: %s", oc.reason);
        return false;
    }
    return validate_live(rs, t, cmd, reason, size);
}

static void add_unit_commands(const rules_state *rs, const table *t, legal_list *l, unit_id u)
{
    side_id own = rs->active;
    const tiny_troop *tr = tiny_troop_of(rs, t, u);
    rules_command c = {.kind = RULES_CMD_RALLY, .side = own, .unit = u};
    tiny_try_add(rs, t, l, &c);
    /* Beyond its longest shot and its full move (bounding circles) a unit can neither shoot
     * at nor charge an enemy: skip the validation. */
    tiny_unit_geom ug_scratch, eg_scratch;
    float reach = tr ? tiny_allowance_cm(rs, t, u, tr) : 0;
    if (tr && tr->band_count)
        reach = fmaxf(reach, tiny_cm(rs, tr->bands[tr->band_count - 1].range_in));
    /* the frames by reference (no copy per enemy) and u's radius once: the same sums */
    const tiny_unit_geom *ug = tiny_unit_geom_ref(t, u, &ug_scratch);
    bool placed = ug != NULL;
    float u_radius = placed ? hypotf(ug->half_width, ug->half_depth) : 0;
    /* a charge of a unit that may not move is refused (plan_charge asks it before the rest) */
    bool may_move = tiny_unit_can_move(rs, t, u, NULL, 0);
    /* nor a shot of a unit that may not shoot at all (each refusal cleared a 5 KB plan) */
    bool may_fire = tiny_fire_may(rs, t, u);
    /* The order check, the last test of a move, formation change, charge and (unless the unit
     * has had its order) shot, reads of the command only its unit and its commander (none
     * here): when no commander can order u, every one of them is refused. Kept for them. */
    tiny_order o;
    bool ordered = (rs->units[u.id - 1].flags & TINY_U_ORDERED) != 0;
    bool may_order =
        !(may_move || (may_fire && !ordered)) || tiny_order_check(rs, t, &c, u, &o, NULL, 0);
    may_move = may_move && may_order;
    may_fire = may_fire && (may_order || ordered);
    for (int i = 0; i < t->unit_count; i++) {
        unit_id e = t->units[i].id;
        if (t->units[i].side.id == own.id || !tiny_is_troop_unit(t, e) || tiny_unit_lost(rs, t, e))
            continue;
        const tiny_unit_geom *eg = placed ? tiny_unit_geom_ref(t, e, &eg_scratch) : NULL;
        if (eg && geom_point_distance(ug->centre, eg->centre) >
                      u_radius + hypotf(eg->half_width, eg->half_depth) + reach + 1.0f)
            continue;
        c = (rules_command){.kind = RULES_CMD_FIRE, .side = own, .unit = u, .target_unit = e};
        if (may_fire)
            tiny_try_add(rs, t, l, &c);
        c.kind = RULES_CMD_CHARGE;
        if (may_move)
            tiny_try_add(rs, t, l, &c);
    }
    if (tr && may_move)
        tiny_add_moves(rs, t, l, u, tiny_allowance_cm(rs, t, u, tr));
    if (tr && may_move)
        tiny_add_formation(rs, t, l, u, tr);
}

static int legal_list_all(const rules_state *rs, const table *t, rules_command *out, int max);

static int tiny_legal(const rules_state *rs, const table *t, rules_command *out, int max)
{
    decision_begin(rs);
    tiny_geom_memo_begin(t, tiny_frames(rs));
    int n = legal_list_all(rs, t, out, max);
    tiny_geom_memo_end(t);
    decision_close(rs);
    decision_keep(rs, t, out, n);
    return n;
}

static int legal_list_all(const rules_state *rs, const table *t, rules_command *out, int max)
{
    rules_outcome oc;
    tiny_outcome(rs, t, &oc);
    if (oc.over)
        return 0;
    legal_list l = {.out = out, .max = max, .validate = validate_live};
    rules_decision d = {0}; /* no prompt: legal() only needs whose decision and its kind */
    d.kind = tiny_decision_bare(rs, t, &d.side);
    d.unit = d.kind == RULES_DECIDE_REACT ? rs->react_unit : (unit_id){0};
    if (d.kind == RULES_DECIDE_REACT) {
        rules_command c = {.kind = RULES_CMD_EVADE, .side = d.side, .unit = d.unit};
        tiny_try_add(rs, t, &l, &c);
        c.kind = RULES_CMD_PASS;
        tiny_try_add(rs, t, &l, &c);
        return l.n;
    }
    if (d.kind == RULES_DECIDE_ROLL_ORDERS) {
        rules_command c = {.kind = RULES_CMD_ROLL_ORDERS, .side = d.side};
        tiny_try_add(rs, t, &l, &c);
        return l.n;
    }
    rules_command end = {.kind = RULES_CMD_END_PHASE, .side = d.side};
    tiny_try_add(rs, t, &l, &end);
    for (int i = 0; i < t->unit_count; i++) {
        const unit *un = &t->units[i];
        if (un->side.id != rs->active.id)
            continue;
        if (tiny_is_troop_unit(t, un->id))
            add_unit_commands(rs, t, &l, un->id);
        else if (tiny_brigadier_of(t, un->id)) {
            tiny_add_brigade_moves(rs, t, &l, un->id);
            tiny_add_brigade_orders(rs, t, &l, un->id);
        }
    }
    for (int i = 0; i < t->figure_count; i++) {
        const figure *c = &t->figures[i];
        if (c->side.id == rs->active.id && tiny_is_commander(c) && table_figure_active(c))
            tiny_add_commander_move(rs, t, &l, c);
    }
    return l.n;
}

static void add_action(rules_action *out, int *n, int max, rules_command_kind k, const char *option,
                       const char *label, bool enabled, const char *reason)
{
    if (*n >= max)
        return;
    rules_action *a = &out[(*n)++];
    memset(a, 0, sizeof *a);
    a->kind = k;
    snprintf(a->option, sizeof a->option, "%s", option ? option : "");
    snprintf(a->label, sizeof a->label, "%s", label);
    a->enabled = enabled;
    snprintf(a->reason, sizeof a->reason, "%s", enabled ? "" : reason);
}

/* The first enemy unit `kind` is legal against, with the reason of the last refusal. */
static bool any_target(const rules_state *rs, const table *t, unit_id u, rules_command_kind kind,
                       char *why, size_t size)
{
    snprintf(why, size, "no enemy unit on the table");
    for (int i = 0; i < t->unit_count; i++) {
        if (t->units[i].side.id == rs->active.id || !tiny_is_troop_unit(t, t->units[i].id))
            continue;
        rules_command c = {.kind = kind, .unit = u, .target_unit = t->units[i].id};
        if (tiny_validate(rs, t, &c, why, size))
            return true;
    }
    return false;
}

static int tiny_actions(const rules_state *rs, const table *t, figure_id fig, rules_action *out,
                        int max)
{
    int n = 0;
    char why[160];
    rules_decision d;
    tiny_decision(rs, t, &d);
    if (d.kind == RULES_DECIDE_ROLL_ORDERS) {
        add_action(out, &n, max, RULES_CMD_ROLL_ORDERS, NULL, "Roll the order dice", true, "");
        return n;
    }
    if (d.kind == RULES_DECIDE_REACT) {
        add_action(out, &n, max, RULES_CMD_EVADE, NULL, "Evade a full move", true, "");
        add_action(out, &n, max, RULES_CMD_PASS, NULL, "Stand", true, "");
        return n;
    }
    const figure *f = table_figure_const(t, fig);
    if (f && tiny_is_commander(f)) {
        bool moved = rs->figs[f->id.id - 1].flags & TINY_F_MOVED;
        add_action(out, &n, max, RULES_CMD_MOVE, NULL, "Move (no order needed)",
                   !moved && f->side.id == rs->active.id && table_figure_active(f),
                   "he has moved this turn, or it is not his side's turn");
    } else if (f) {
        unit_id u = f->unit;
        rules_command mv = {
            .kind = RULES_CMD_MOVE, .unit = u, .face_set = true, .facing = f->facing};
        bool ok = tiny_validate(rs, t, &mv, why, sizeof why);
        add_action(out, &n, max, RULES_CMD_MOVE, NULL, "Move", ok, why);
        ok = any_target(rs, t, u, RULES_CMD_FIRE, why, sizeof why);
        add_action(out, &n, max, RULES_CMD_FIRE, NULL, "Shoot", ok, why);
        ok = any_target(rs, t, u, RULES_CMD_CHARGE, why, sizeof why);
        add_action(out, &n, max, RULES_CMD_CHARGE, NULL, "Charge", ok, why);
        rules_command ra = {.kind = RULES_CMD_RALLY, .unit = u};
        ok = tiny_validate(rs, t, &ra, why, sizeof why);
        add_action(out, &n, max, RULES_CMD_RALLY, NULL, "Rally", ok, why);
        static const char *const forms[] = {"line", "column", "limbered", "deployed", "dismounted"};
        for (int k = 0; k < 5; k++) {
            rules_command fo = {.kind = RULES_CMD_FORMATION, .unit = u};
            snprintf(fo.option, sizeof fo.option, "%s", forms[k]);
            char label[48];
            snprintf(label, sizeof label, "Form %s", forms[k]);
            ok = tiny_validate(rs, t, &fo, why, sizeof why);
            if (ok || !strstr(why, "cannot take"))
                add_action(out, &n, max, RULES_CMD_FORMATION, forms[k], label, ok, why);
        }
    }
    add_action(out, &n, max, RULES_CMD_END_PHASE, NULL, "End the phase: resolve charges", true, "");
    return n;
}

static int targets_open(const rules_state *rs, const table *t, const rules_command *fire,
                        rules_target *out, int max);

static int tiny_targets(const rules_state *rs, const table *t, const rules_command *fire,
                        rules_target *out, int max)
{
    tiny_decision_memo *m = decision_same(rs, t) ? rs->los->decision : NULL;
    if (m)
        m->open = true; /* the plans legal() worked out on this state answer */
    tiny_geom_memo_begin(t, tiny_frames(rs));
    int n = targets_open(rs, t, fire, out, max);
    tiny_geom_memo_end(t);
    decision_close(rs);
    return n;
}

static int targets_open(const rules_state *rs, const table *t, const rules_command *fire,
                        rules_target *out, int max)
{
    unit_id u = tiny_cmd_unit(t, fire);
    const unit *un = table_unit_const(t, u);
    if (!un)
        return 0;
    int n = 0;
    /* Beyond its longest shot (bounding circles, a centimetre of slack) no stand of the unit
     * has a stand of the enemy in range: tiny_plan_fire would refuse, so it is not asked. */
    const tiny_troop *tr = tiny_troop_of(rs, t, u);
    float reach = tr && tr->band_count ? tiny_cm(rs, tr->bands[tr->band_count - 1].range_in) : 0;
    tiny_unit_geom ug_scratch, eg_scratch;
    const tiny_unit_geom *ug =
        fire->kind != RULES_CMD_CHARGE && tr ? tiny_unit_geom_ref(t, u, &ug_scratch) : NULL;
    bool placed = ug != NULL;
    float u_radius = placed ? hypotf(ug->half_width, ug->half_depth) : 0;
    for (int i = 0; i < t->unit_count && n < max; i++) {
        unit_id e = t->units[i].id;
        if (t->units[i].side.id == un->side.id || !tiny_is_troop_unit(t, e) ||
            tiny_unit_lost(rs, t, e))
            continue;
        const tiny_unit_geom *eg = placed ? tiny_unit_geom_ref(t, e, &eg_scratch) : NULL;
        if (eg && geom_point_distance(ug->centre, eg->centre) >
                      u_radius + hypotf(eg->half_width, eg->half_depth) + reach + 1.0f)
            continue;
        if (fire->kind == RULES_CMD_CHARGE) {
            n += tiny_charge_target(rs, t, u, e, &out[n]);
        } else {
            tiny_fire_plan fp;
            if (tiny_plan_fire(rs, t, u, e, &fp, NULL, 0))
                tiny_fill_fire_target(rs, t, &fp, e, &out[n++]);
        }
    }
    return n;
}

static const char *tiny_measure(const rules_state *rs)
{
    return rs->data->units;
}

/* D. Movement, formation changes: guns deployed or limbered; foot and horse in line or column,
 * and dismounted when the troop may dismount; commanders and wagons have no formation. */
static int tiny_formations(const rules_state *rs, const table *t, unit_id u,
                           char (*out)[RULES_WORD_MAX], int max)
{
    const unit *un = table_unit_const(t, u);
    const tiny_troop *tr = tiny_data_troop(rs->data, un ? un->kind : NULL);
    const char *names[3] = {NULL, NULL, NULL};
    if (!tr)
        return 0;
    if (tr->limber != TINY_LIMBER_NONE) {
        names[0] = "deployed";
        names[1] = "limbered";
    } else if (tr->cls == TINY_CLASS_INFANTRY || tr->cls == TINY_CLASS_CAVALRY) {
        names[0] = "line";
        names[1] = "column";
        names[2] = tr->dismount_as[0] ? "dismounted" : NULL;
    }
    int n = 0;
    for (int i = 0; i < 3 && names[i] && n < max; i++)
        snprintf(out[n++], RULES_WORD_MAX, "%s", names[i]);
    return n;
}

static const rules_view_ops tiny_view_ops = {
    .actions = tiny_actions,
    .reach = tiny_reach,
    .targets = tiny_targets,
    .driver = tiny_driver,
    .arc = tiny_arc,
    .moves_by_unit = true,
    .move_figures = tiny_move_figures,
    .measure = tiny_measure,
    .bot_value = tiny_bot_value,
    .formations = tiny_formations,
};

/* What a scenario may ask of tiny (tiny_state.c checks the same; max_turns is left to the
 * editor's turn limit, the "turns" condition). */
static const rules_option_desc tiny_option_descs[] = {
    {"first_side", "Moves first", RULES_OPTION_SIDE, 0, 0},
};
static const rules_victory_desc tiny_victory_descs[] = {
    {.kind = "army_retreat",
     .label = "retreat at a share lost",
     .value = true,
     .value_min = 1,
     .value_max = 100,
     .value_label = "% of its units lost"},
    {.kind = "turns", .label = "a turn limit", .turns = true},
};
static const rules_scenario_terms tiny_terms = {tiny_option_descs, 1, tiny_victory_descs, 2};

const rules_ops tiny_rules_ops = {
    .id = "tiny",
    .name = "Tiny Soldiers",
    .seed = "003",
    .create = tiny_create,
    .destroy = tiny_destroy,
    .clone = tiny_clone,
    .begin = tiny_begin,
    .decision = tiny_decision,
    .legal = tiny_legal,
    .validate = tiny_validate,
    .resolve = tiny_resolve,
    .apply = tiny_apply,
    .hash = tiny_hash,
    .outcome = tiny_outcome,
    .turn = tiny_turn,

    .view = &tiny_view_ops,
    .referee = &tiny_referee_ops,
    .terms = &tiny_terms,
};
