/* Firing: only the front rank fires, at an enemy unit it can see within 45 degrees either side
 * of straight ahead that is the first enemy its fire would hit. Each figure in range throws one
 * D6 (machine guns and guns three); at short range each 6 is a casualty, at long range each
 * pair of 6s; fortified targets suffer half. Artillery fires over friends only from higher
 * ground and at targets more than 12" beyond them. Individuals in base contact add their fire. */
#include "rules/cwr/cwr_state.h"

#include "core/spatial.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

int cwr_fire_casualties(int sixes, int per, int fortified_factor, bool fortified)
{
    int need = per * (fortified ? fortified_factor : 1);
    return need > 0 ? sixes / need : 0;
}

/* E[floor(X / per)], X ~ Binomial(n, 1/6). */
double cwr_fire_expected(int n, int per)
{
    if (n <= 0 || per <= 0)
        return 0;
    double e = 0, pk = pow(5.0 / 6.0, n); /* P(X = 0) */
    for (int k = 0; k <= n; k++) {
        e += pk * (double)(k / per);
        pk *= (double)(n - k) / (double)(k + 1) / 5.0;
    }
    return e;
}

static const cwr_weapon *weapon_of(const rules_state *rs, const figure *f)
{
    const char *name = f->weapon[0] ? f->weapon : "none";
    /* the weapon found when the match began, if it is still the name: the first of that name */
    const cwr_los *l = rs->los;
    uint32_t i = f->id.id - 1;
    int k = l && l->fig_weapon && f->id.id && i < (uint32_t)l->figures ? l->fig_weapon[i] : -1;
    if (k >= 0 && k < rs->data->weapon_count && strcmp(rs->data->weapons[k].name, name) == 0)
        return &rs->data->weapons[k];
    return cwr_data_weapon(rs->data, name);
}

bool cwr_unit_has_weapon(const rules_state *rs, const table *t, unit_id u)
{
    /* the unit's own figures (any will do: the order does not matter), or every figure */
    figure_id buf[CWR_UNIT_FIGS];
    int n;
    const figure_id *m = cwr_unit_members(t, u, buf, CWR_UNIT_FIGS, &n);
    for (int i = 0; i < (m ? n : t->figure_count); i++) {
        const figure *f = m ? table_figure_const(t, m[i]) : &t->figures[i];
        const cwr_weapon *w =
            f->unit.id == u.id && table_figure_active(f) ? weapon_of(rs, f) : NULL;
        if (w && (w->short_in > 0 || w->long_in > 0))
            return true;
    }
    return false;
}

static geom_placed_base placed(const figure *f)
{
    return (geom_placed_base){.base = f->base, .pos = f->pos, .facing = f->facing};
}

/* The individuals of u's side in base contact with u (they add their firepower). */
static int attached(const rules_state *rs, const table *t, unit_id u, figure_id *out, int max)
{
    const unit *un = table_unit_const(t, u);
    int n = 0;
    for (int k = 0; k < t->unit_count && n < max; k++) {
        const unit *o = &t->units[k];
        if (o->id.id == u.id || o->side.id != un->side.id)
            continue; /* before the troop: only friends are looked up */
        const cwr_troop *tr = cwr_troop_of(rs, t, o->id);
        if (!tr || tr->type != CWR_TYPE_INDIVIDUAL || !cwr_in_contact(rs, t, o->id, u))
            continue;
        n += cwr_unit_figures(t, o->id, out + n, max - n);
    }
    return n < max ? n : max;
}

/* The arc test of aim_of, |angle_diff(facing, angle_of(d))| > lim, answered from the cosine
 * of the angle (one square root, no atan2) when the angle is more than a margin far above the
 * rounding (1e-3 rad, where atan2f and the float difference err by some 1e-6) from lim; else
 * asked as aim_of always asked it. */
typedef struct arc_test {
    float facing, lim;
    double ux, uy;  /* the facing's direction */
    double cos_in;  /* cos(lim - margin): a cosine at least this is surely within */
    double cos_out; /* cos(lim + margin): a cosine at most this is surely outside */
    bool fast_in, fast_out;
} arc_test;

static arc_test arc_test_of(float facing, float lim)
{
    /* asked for one firer's facing target after target: the last one is kept (per thread) */
    static _Thread_local arc_test last;
    static _Thread_local bool have;
    if (have && memcmp(&last.facing, &facing, sizeof facing) == 0 &&
        memcmp(&last.lim, &lim, sizeof lim) == 0) /* the same bits: a zero's sign too */
        return last;
    const double margin = 1e-3;
    arc_test a = {
        .facing = facing, .lim = lim, .ux = cos((double)facing), .uy = sin((double)facing)};
    a.fast_in = (double)lim - margin > 0;
    a.fast_out = (double)lim + margin < GEOM_PI;
    a.cos_in = a.fast_in ? cos((double)lim - margin) : 2;
    a.cos_out = a.fast_out ? cos((double)lim + margin) : -2;
    last = a;
    have = true;
    return a;
}

static bool arc_outside(const arc_test *a, vec2s d)
{
    double len = sqrt((double)d.x * d.x + (double)d.y * d.y);
    double c = ((double)d.x * a->ux + (double)d.y * a->uy) / len;
    if (c >= a->cos_in)
        return false;
    if (c <= a->cos_out)
        return true;
    return fabsf(geom_angle_diff(a->facing, geom_angle_of(d))) > a->lim;
}

/* The target figure nearest the front centre within the arc, or NULL. */
static const figure *aim_of(const rules_state *rs, const table *t, unit_id u, unit_id target)
{
    vec2s c = cwr_front_centre(t, u);
    float facing = cwr_unit_facing(t, u), half = rs->data->fire_arc_deg * (float)GEOM_PI / 180;
    arc_test arc = arc_test_of(facing, half + 1e-4f);
    const figure *best = NULL;
    float bd = INFINITY;
    figure_id buf[CWR_UNIT_FIGS];
    int n;
    const figure_id *m = cwr_unit_members(t, target, buf, CWR_UNIT_FIGS, &n);
    for (int i = 0; i < (m ? n : t->figure_count); i++) {
        /* the target's figures in table order: its list, or every figure when too many */
        const figure *f = m ? table_figure_const(t, m[i]) : &t->figures[i];
        if (f->unit.id != target.id || !table_figure_active(f))
            continue;
        vec2s d = {{f->pos.x - c.x, f->pos.y - c.y}};
        float dist = hypotf(d.x, d.y);
        /* no nearer than the best: kept out whether in the arc or not, so asked first */
        if (!(dist < bd) || (dist > 0 && arc_outside(&arc, d)))
            continue;
        bd = dist;
        best = f;
    }
    return best;
}

/* What lies across the line of fire from c to the aim: the first enemy unit other than the
 * target, or friends (other units) the fire passes over. */
static bool line_of_fire(const rules_state *rs, const table *t, unit_id u, unit_id target, vec2s c,
                         const figure *aim, char *why, size_t size)
{
    const unit *un = table_unit_const(t, u);
    geom_segment seg = {c, aim->pos};
    bool art = cwr_unit_is_artillery(rs, t, u);
    float my_ground = art ? cwr_ground_ft(rs, t, c) : 0; /* guns alone fire over friends */
    /* the segment's box, found once (the same floats the test below always compared with) */
    float lo_x = fminf(seg.a.x, seg.b.x), hi_x = fmaxf(seg.a.x, seg.b.x);
    float lo_y = fminf(seg.a.y, seg.b.y), hi_y = fmaxf(seg.a.y, seg.b.y);
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        if (!table_figure_active(f) || f->unit.id == u.id || f->unit.id == target.id)
            continue;
        /* a base farther from the segment's box than its reach cannot touch the line (a
         * margin far above GEOM_EPS and the rounding) */
        float g = spatial_base_reach(&f->base) + 0.01f;
        if (f->pos.x + g < lo_x || f->pos.x - g > hi_x || f->pos.y + g < lo_y ||
            f->pos.y - g > hi_y)
            continue;
        geom_placed_base b = placed(f);
        if (!geom_segment_base_intersect(seg, &b))
            continue;
        const unit *o = table_unit_const(t, f->unit);
        if (f->side.id != un->side.id) {
            if (cwr_unit_hidden(rs, t, f->unit, un->side))
                continue;
            cwr_say(why, size, "%s is the first enemy unit its fire would hit", o->name);
            return false;
        }
        if (!art) {
            cwr_say(why, size, "%s is in the line of fire", o->name);
            return false;
        }
        if (my_ground <= cwr_ground_ft(rs, t, f->pos)) {
            cwr_say(why, size, "guns fire over %s only from higher ground", o->name);
            return false;
        }
        figure_id fa, fb;
        float gap = cwr_unit_distance(t, target, f->unit, &fa, &fb);
        if (gap <= cwr_cm(rs, rs->data->over_friends_in)) {
            cwr_say(why, size, "guns fire over %s only at targets more than %g\" beyond them",
                    o->name, (double)rs->data->over_friends_in);
            return false;
        }
    }
    return true;
}

/* The firers' dice at the aim by range band, and the nearest range; false: none in range. */
static bool fire_dice(const rules_state *rs, const table *t, unit_id u, const cwr_troop *tr,
                      const figure *aim, cwr_fire_plan *out)
{
    figure_id firers[CWR_UNIT_FIGS];
    int n = cwr_front_rank(t, u, firers, CWR_UNIT_FIGS);
    int front = n;
    n += attached(rs, t, u, firers + n, CWR_UNIT_FIGS - n);
    out->range_cm = INFINITY;
    geom_placed_base pa = placed(aim);
    for (int i = 0; i < n; i++) {
        const figure *f = table_figure_const(t, firers[i]);
        const cwr_weapon *w = weapon_of(rs, f);
        if (!w)
            continue;
        geom_placed_base pf = placed(f);
        float d = (float)geom_base_edge_distance(&pf, &pa);
        out->range_cm = fminf(out->range_cm, d);
        int dice = i < front ? tr->dice_per_figure : 1;
        if (w->short_in > 0 && d <= cwr_cm(rs, w->short_in)) {
            out->short_dice += dice;
            out->firers++;
        } else if (w->long_in > 0 && d <= cwr_cm(rs, w->long_in)) {
            out->long_dice += dice;
            out->firers++;
        }
    }
    return out->short_dice + out->long_dice > 0;
}

static bool plan_fire_now(const rules_state *rs, const table *t, unit_id u, unit_id target,
                          cwr_fire_plan *out, char *why, size_t size)
{
    memset(out, 0, sizeof *out);
    out->target = target;
    const unit *un = table_unit_const(t, u), *tg = table_unit_const(t, target);
    const cwr_troop *tr = cwr_troop_of(rs, t, u);
    if (!un || !tr || !tg || !cwr_unit_alive(t, target)) {
        cwr_say(why, size, "no such target");
        return false;
    }
    if (tg->side.id == un->side.id) {
        cwr_say(why, size, "%s is a friendly unit", tg->name);
        return false;
    }
    if (tr->type == CWR_TYPE_ARTILLERY && cwr_unit_limbered(t, u)) {
        cwr_say(why, size, "%s is limbered", un->name);
        return false;
    }
    if (cwr_unit_hidden(rs, t, target, un->side)) {
        cwr_say(why, size, "%s cannot see %s", un->name, tg->name);
        return false;
    }
    /* Asked for the reason, the checks go in the rule book's order (the first to fail is the
     * reason); asked only yes or no, sight, the dearest (lines over terrain), goes last. */
    bool told = why && size;
    if (told && !cwr_sees(rs, t, u, target)) {
        cwr_say(why, size, "%s cannot see %s", un->name, tg->name);
        return false;
    }
    const figure *aim = aim_of(rs, t, u, target);
    out->aim = aim ? aim->id : (figure_id){0};
    if (!aim) {
        cwr_say(why, size, "%s is not within %g degrees of straight ahead", tg->name,
                (double)rs->data->fire_arc_deg);
        return false;
    }
    vec2s c = cwr_front_centre(t, u);
    if (told ? !line_of_fire(rs, t, u, target, c, aim, why, size)
             : !fire_dice(rs, t, u, tr, aim, out) ||
                   !line_of_fire(rs, t, u, target, c, aim, NULL, 0) || !cwr_sees(rs, t, u, target))
        return false;
    if (told && !fire_dice(rs, t, u, tr, aim, out)) {
        cwr_say(why, size, "%s is out of range (%.1f\")", tg->name,
                (double)cwr_in(rs, out->range_cm));
        return false;
    }
    out->fortified = cwr_unit_fortified(rs, t, target);
    cwr_join(out->band, sizeof out->band,
             out->short_dice && out->long_dice ? "short+long"
             : out->short_dice                 ? "short"
                                               : "long",
             NULL);
    return true;
}

/* Asked of the same pair by each call of a decision (the pair's legal step, the step's legal,
 * validate, the overlap check's resolve): kept for the table as it stands. A yes's plan is the
 * same asked with or without a reason (the same tests, in another order); a no is kept only
 * without one. */
bool cwr_plan_fire(const rules_state *rs, const table *t, unit_id u, unit_id target,
                   cwr_fire_plan *out, char *why, size_t size)
{
    bool told = why && size, ok;
    if (cwr_memo_fire_get(rs, t, u, target, told, out, &ok))
        return ok;
    ok = plan_fire_now(rs, t, u, target, out, why, size);
    if (ok || !told)
        cwr_memo_fire_put(rs, t, u, target, ok, out);
    return ok;
}

/* The plan's dice in words: only the targets list shows them. */
/* n in decimal, as "%d" writes it. */
static const char *decimal(int n, char buf[12])
{
    unsigned v = n < 0 ? 0u - (unsigned)n : (unsigned)n;
    char *q = buf + 11;
    *q = 0;
    do
        *--q = (char)('0' + v % 10);
    while (v /= 10);
    if (n < 0)
        *--q = '-';
    return q;
}

static void fire_note(const cwr_fire_plan *p, char *out, size_t size)
{
    /* "%d at short range (6s), %d at long (pairs of 6s)%s", copied piece by piece: the same
     * text, cut at the same place */
    char a[12], b[12];
    const char *part[5] = {decimal(p->short_dice, a), " at short range (6s), ",
                           decimal(p->long_dice, b), " at long (pairs of 6s)",
                           p->fortified ? "; target fortified: half casualties" : ""};
    size_t used = 0;
    for (int i = 0; i < 5 && used + 1 < size; i++) {
        cwr_join(out + used, size - used, part[i], NULL);
        used += strlen(out + used);
    }
    if (size && used == 0)
        out[0] = 0;
}

static unit_id fire_unit(const rules_state *rs, const table *t, const rules_command *cmd)
{
    if (cmd->unit.id)
        return cmd->unit;
    const figure *f = cmd->figure_count ? table_figure_const(t, cmd->figures[0]) : NULL;
    return f ? f->unit : rs->unit;
}

static unit_id target_of(const table *t, const rules_command *cmd)
{
    if (cmd->target_unit.id)
        return cmd->target_unit;
    const figure *f = cmd->target.id ? table_figure_const(t, cmd->target) : NULL;
    return f ? f->unit : (unit_id){0};
}

bool cwr_fire_validate(const rules_state *rs, const table *t, const rules_command *cmd, char *why,
                       size_t size)
{
    unit_id u = fire_unit(rs, t, cmd);
    if (u.id != rs->unit.id) {
        cwr_join(why, size, "only the activated unit fires", NULL);
        return false;
    }
    unit_id tg = target_of(t, cmd);
    if (!tg.id) {
        cwr_join(why, size, "fire needs a target unit", NULL);
        return false;
    }
    cwr_fire_plan p;
    return cwr_plan_fire(rs, t, u, tg, &p, why, size);
}

/* Any target now; else the reason (why not NULL), naming why the nearest enemy unit cannot be
 * fired at. */
static bool can_fire_scan(const rules_state *rs, const table *t, unit_id u, char *why, size_t size)
{
    const unit *un = table_unit_const(t, u);
    char nearest[128] = "";
    float best = INFINITY;
    for (int k = 0; k < t->unit_count; k++) {
        const unit *e = &t->units[k];
        if (e->side.id == un->side.id || !cwr_unit_alive(t, e->id) ||
            cwr_unit_hidden(rs, t, e->id, un->side))
            continue;
        cwr_fire_plan p;
        char r[128];
        if (cwr_plan_fire(rs, t, u, e->id, &p, why ? r : NULL, why ? sizeof r : 0))
            return true;
        if (!why)
            continue;
        float d = cwr_unit_distance(t, u, e->id, NULL, NULL);
        if (d < best) {
            best = d;
            cwr_join(nearest, sizeof nearest, r, NULL);
        }
    }
    cwr_say(why, size, "no target%s%s", nearest[0] ? ": " : "", nearest);
    return false;
}

bool cwr_can_fire_now(const rules_state *rs, const table *t, unit_id u, char *why, size_t size)
{
    /* asked once per pair with a fire step: the answer (and its full reason, when wanted) is
     * remembered in the cache scope, the reason cut to `size` as it would be */
    char full[CWR_REASON_MAX];
    bool ok, told = why && size;
    if (!cwr_cache_fire_get(rs, t, u, &ok, told ? full : NULL)) {
        full[0] = 0;
        ok = can_fire_scan(rs, t, u, told ? full : NULL, sizeof full);
        cwr_cache_fire_put(rs, t, u, ok, told ? full : NULL);
    }
    if (!ok && told)
        cwr_join(why, size, full, NULL);
    return ok;
}

void cwr_remove_casualties(rules_state *rs, rules_ctx *ctx, unit_id u, int n, vec2s from,
                           const char *ref)
{
    (void)rs;
    const table *t = ctx->table;
    const unit *un = table_unit_const(t, u);
    for (int k = 0; k < n; k++) {
        const figure *best = NULL;
        float bd = INFINITY;
        for (int i = 0; i < t->figure_count; i++) {
            const figure *f = &t->figures[i];
            if (f->unit.id != u.id || !table_figure_active(f))
                continue;
            float d = hypotf(f->pos.x - from.x, f->pos.y - from.y);
            if (d < bd) {
                bd = d;
                best = f;
            }
        }
        if (!best)
            return;
        rules_emitf(
            ctx,
            (rules_event){.kind = RULES_EV_REMOVE, .side = un->side, .unit = u, .figure = best->id},
            ref, "%s: a casualty is removed%s%s", un->name, best->name[0] ? ": " : "", best->name);
    }
}

static void reveal(rules_state *rs, rules_ctx *ctx, unit_id u, const char *why)
{
    const cwr_unit_state *us = cwr_ustate_const(rs, u);
    if (!us || !(us->flags & CWR_U_CONCEALED))
        return;
    const unit *un = table_unit_const(ctx->table, u);
    rules_emitf(
        ctx, (rules_event){.kind = RULES_EV_RULESET, .side = un->side, .unit = u, .tag = "reveal"},
        CWR_REF_FIRE, "%s is no longer concealed: %s", un->name, why);
}

/* Tells the dice tray that throw `group`'s 6s count in sets of `per` (pairs at long range). */
static void per_result(rules_ctx *ctx, int group, int per)
{
    if (per < 2)
        return;
    rules_event ev = {.kind = RULES_EV_NOTE, .group = group, .value = per};
    cwr_join(ev.tag, sizeof ev.tag, RULES_TAG_PER_RESULT, NULL);
    rules_emit(ctx, &ev);
}

void cwr_fire_resolve(rules_state *rs, rules_ctx *ctx, const rules_command *cmd)
{
    const table *t = ctx->table;
    unit_id u = fire_unit(rs, t, cmd), tg = target_of(t, cmd);
    const unit *un = table_unit_const(t, u), *tu = table_unit_const(t, tg);
    cwr_fire_plan p;
    /* the plan reads the table before any event: a cache scope holds for it */
    bool began = cwr_cache_begin(rs, t);
    bool ok = cwr_plan_fire(rs, t, u, tg, &p, NULL, 0);
    cwr_cache_end(began);
    if (!ok)
        return;
    reveal(rs, ctx, u, "it opens fire");
    int shorts = 0, longs = 0;
    const cwr_data *d = rs->data;
    int fort = p.fortified ? d->fortified_factor : 1;
    if (p.short_dice) {
        int g = rules_roll_group(ctx);
        for (int i = 0; i < p.short_dice; i++)
            shorts += rules_roll(ctx, 6, 6, "short_range", (figure_id){0}, g, CWR_REF_FIRE) == 6;
        per_result(ctx, g, d->short_sixes * fort);
    }
    if (p.long_dice) {
        int g = rules_roll_group(ctx);
        for (int i = 0; i < p.long_dice; i++)
            longs += rules_roll(ctx, 6, 6, "long_range", (figure_id){0}, g, CWR_REF_FIRE) == 6;
        per_result(ctx, g, d->long_sixes * fort);
    }
    int cs = cwr_fire_casualties(shorts, d->short_sixes, d->fortified_factor, p.fortified);
    int cl = cwr_fire_casualties(longs, d->long_sixes, d->fortified_factor, p.fortified);
    rules_emitf(
        ctx,
        (rules_event){
            .kind = RULES_EV_HIT, .side = tu->side, .unit = tg, .value = cs + cl, .tag = "fire"},
        CWR_REF_FIRE,
        "%s fires at %s: %d six%s of %d short-range dice, %d of %d long-range "
        "(pairs)%s: %d casualt%s",
        un->name, tu->name, shorts, shorts == 1 ? "" : "es", p.short_dice, longs, p.long_dice,
        p.fortified ? ", fortified halves" : "", cs + cl, cs + cl == 1 ? "y" : "ies");
    cwr_take_casualties(rs, ctx, tg, cs + cl, cwr_front_centre(t, u), un->side, CWR_REF_FIRE);
}

static int targets_now(const rules_state *rs, const table *t, const rules_command *fire,
                       rules_target *out, int max)
{
    unit_id u = fire_unit(rs, t, fire);
    const unit *un = table_unit_const(t, u);
    if (!un)
        return 0;
    const cwr_data *d = rs->data;
    int n = 0;
    if (fire->kind == RULES_CMD_CHARGE) {
        unit_id tg[32];
        int m = cwr_charge_targets(rs, t, u, tg, 32);
        for (int i = 0; i < m && n < max; i++) {
            figure_id fa, fb;
            float dist = cwr_unit_distance(t, u, tg[i], &fa, &fb);
            figure_id fr[CWR_UNIT_FIGS];
            int mine = cwr_front_rank(t, u, fr, CWR_UNIT_FIGS);
            out[n] = (rules_target){.figure = fb,
                                    .unit = tg[i],
                                    .range_cm = dist,
                                    .dice = mine,
                                    .need = 6,
                                    .p_hit = 1.0f / 6,
                                    .expected_hits = (float)mine / 6,
                                    .expected_kills = (float)mine / 6};
            cwr_join(out[n].band, sizeof out[n].band, "charge", NULL);
            snprintf(out[n].note, sizeof out[n].note,
                     "%.1f\" away: the movement dice must reach it; then one D6 a front-rank "
                     "figure, 6s kill",
                     (double)cwr_in(rs, dist));
            n++;
        }
        return n;
    }
    for (int k = 0; k < t->unit_count && n < max; k++) {
        const unit *e = &t->units[k];
        if (e->side.id == un->side.id || !cwr_unit_alive(t, e->id) ||
            cwr_unit_hidden(rs, t, e->id, un->side))
            continue;
        cwr_fire_plan p;
        if (!cwr_plan_fire(rs, t, u, e->id, &p, NULL, 0))
            continue;
        int f = p.fortified ? d->fortified_factor : 1;
        float ex = (float)(cwr_fire_expected(p.short_dice, d->short_sixes * f) +
                           cwr_fire_expected(p.long_dice, d->long_sixes * f));
        out[n] = (rules_target){.figure = p.aim, /* aim_of's, as the plan found it */
                                .unit = e->id,
                                .range_cm = p.range_cm,
                                .dice = p.short_dice + p.long_dice,
                                .need = 6,
                                .p_hit = 1.0f / 6,
                                .expected_hits = (float)(p.short_dice + p.long_dice) / 6,
                                .expected_kills = ex};
        cwr_join(out[n].band, sizeof out[n].band, p.band, NULL);
        fire_note(&p, out[n].note, sizeof out[n].note);
        n++;
    }
    return n;
}

/* Asked by the legal step and again by the bot of the same state: the answer is kept. */
int cwr_targets(const rules_state *rs, const table *t, const rules_command *fire, rules_target *out,
                int max)
{
    unit_id u = fire_unit(rs, t, fire);
    int n, kind = fire->kind == RULES_CMD_CHARGE;
    if (cwr_memo_targets_get(rs, t, u, kind, out, max, &n))
        return n;
    n = targets_now(rs, t, fire, out, max);
    cwr_memo_targets_put(rs, t, u, kind, out, max, n);
    return n;
}
