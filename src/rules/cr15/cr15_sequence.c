/* The move sequence (arrivals, charges and evades, movement with the British first, firing,
 * melee, morale), the arrivals dice, the end of the game and the phase bar. */
#include "rules/cr15/cr15_state.h"

#include "core/mem.h"
#include "core/place.h"
#include "core/spatial.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const phase_names[CR15_PHASE_COUNT] = {"arrivals", "charges", "movement",
                                                          "firing",   "melee",   "morale"};

static const char *const phase_labels[CR15_PHASE_COUNT] = {
    "Arrivals", "Charges & evades", "Movement", "Firing (D10)", "Melee", "Morale"};

/* ---- arrivals ------------------------------------------------------------------------------ */

int cr15_arrivals_due(const rules_state *rs, const scenario *sc, int *out, int max)
{
    int n = 0;
    for (int i = 0; sc && i < sc->reinforcement_count && i < CR15_ARRIVALS; i++)
        if (!rs->arrived[i] && sc->reinforcements[i].turn <= rs->turn && n < max)
            out[n++] = i;
    return n;
}

/* Figures queued at an entry point come on into a crowd: the search for a free spot tries
 * thousands of ring points. This is place_free_near(t, f, want, f->facing, no ignores,
 * max_shift, no test) — the same rings, points and order, so the same first free spot — that
 * skips the points of a ring a round base certainly covers (its centre nearer the point than
 * both radii less the contact tolerance and 0.05 cm, by the law of cosines, with 0.02 radians
 * to spare: far above float error). The tests are pure: a skipped point would fail them. */
typedef struct spot_search {
    const table *t;
    const figure *f;
    int *cand; /* place.c's candidates: active, not f, within reach of the region */
    double *dist;
    int nc, hint;
    bool *covered; /* per point of the ring */
} spot_search;

static bool spot_on_table(const table *t, const figure *f, vec2s p)
{
    geom_aabb box = geom_base_bounds(&(geom_placed_base){f->base, p, f->facing});
    return box.min.x >= -PLACE_CONTACT_CM && box.min.y >= -PLACE_CONTACT_CM &&
           box.max.x <= t->width_cm + PLACE_CONTACT_CM &&
           box.max.y <= t->height_cm + PLACE_CONTACT_CM;
}

static bool spot_blocks(const spot_search *s, vec2s p, float reach, const figure *o)
{
    float g = reach + spatial_base_reach(&o->base);
    if (fabsf(o->pos.x - p.x) > g || fabsf(o->pos.y - p.y) > g)
        return false;
    geom_placed_base mine = {.base = s->f->base, .pos = p, .facing = s->f->facing};
    geom_placed_base theirs = {.base = o->base, .pos = o->pos, .facing = o->facing};
    return place_bases_overlap(&mine, &theirs);
}

/* place.c's spot_ok: on the table and no candidate overlapping (the last one found first). */
static bool spot_free(spot_search *s, vec2s p)
{
    if (!spot_on_table(s->t, s->f, p))
        return false;
    float reach = spatial_base_reach(&s->f->base) + 1e-2f;
    int h = s->hint;
    if (h >= 0 && h < s->nc && spot_blocks(s, p, reach, &s->t->figures[s->cand[h]]))
        return false;
    for (int k = 0; k < s->nc; k++)
        if (k != h && spot_blocks(s, p, reach, &s->t->figures[s->cand[k]])) {
            s->hint = k;
            return false;
        }
    return true;
}

/* The angle round a ring of radius r (about a point d from o's centre) within which its
 * points are nearer o's centre than `dist`: 0 when none is, negative when all are. */
static double spot_angle(double d, double r, double dist)
{
    if (r + d < dist)
        return -1.0;
    if (fabs(r - d) >= dist)
        return 0.0;
    double c = (r * r + d * d - dist * dist) / (2.0 * r * d);
    return c >= 1.0 ? 0.0 : c <= -1.0 ? -1.0 : acos(c);
}

/* Marks the points of the ring (radius r about want, n of them) some round candidate certainly
 * covers; false when one covers them all. */
static bool spot_cover_ring(spot_search *s, vec2s want, float r, int n)
{
    memset(s->covered, 0, (size_t)n * sizeof *s->covered);
    if (s->f->base.kind == GEOM_BASE_RECT)
        return true;
    double steps = n / (2.0 * GEOM_PI);
    for (int k = 0; k < s->nc; k++) {
        const figure *o = &s->t->figures[s->cand[k]];
        if (o->base.kind == GEOM_BASE_RECT)
            continue;
        double inner = (double)s->f->base.radius_cm + o->base.radius_cm - PLACE_CONTACT_CM - 0.05;
        double d = s->dist[k];
        if (inner <= 0.0 || d < 1e-3 || !(fabs(d - r) < inner))
            continue;
        double in = spot_angle(d, r, inner);
        if (in < 0.0)
            return false;
        if (in <= 0.02)
            continue;
        double phi = atan2((double)o->pos.y - want.y, (double)o->pos.x - want.x);
        if (phi < 0)
            phi += 2.0 * GEOM_PI;
        double mid = phi * steps, half = (in - 0.02) * steps;
        for (int j = (int)ceil(mid - half); j <= (int)floor(mid + half); j++) {
            int i = ((j % n) + n) % n;
            double x = fabs((double)i - mid);
            if (x > 0.5 * n)
                x = n - x;
            if (x < half)
                s->covered[i] = true;
        }
    }
    return true;
}

/* Where the last search of one arrival stopped. The figures of a unit come on one by one at
 * one entry point, each placed before the next looks: every point an earlier search refused
 * (off the table, or on a base that has not moved since) is refused again, as the bases only
 * grow in number (a figure still off the table blocks nothing). So the next figure of the same
 * base and facing looking near the same point starts at the point where the last one stopped,
 * tested again: the same first free spot, without the rings before it. */
typedef struct spot_resume {
    bool set;
    geom_base base;
    float facing;
    vec2s want;
    bool none; /* no point was free: none is now */
    bool ring; /* found on a ring (else `want` itself) */
    float r;   /* that ring's radius, as the loop reached it */
    int k;     /* the point on it */
} spot_resume;

static bool resume_fits(const spot_resume *rz, const figure *f, vec2s want)
{
    return rz && rz->set && memcmp(&rz->base, &f->base, sizeof rz->base) == 0 &&
           memcmp(&rz->facing, &f->facing, sizeof rz->facing) == 0 &&
           memcmp(&rz->want, &want, sizeof want) == 0;
}

static vec2s free_spot(const table *t, const figure *f, vec2s want, spot_resume *rz)
{
    bool resume = resume_fits(rz, f, want);
    if (resume && rz->none)
        return want; /* every point was refused, and is */
    const float max_shift = 40.0f;
    float reach = max_shift + 1e-3f;
    spot_search s = {.t = t, .f = f, .hint = -1};
    s.cand = mem_calloc((size_t)(t->figure_count > 0 ? t->figure_count : 1), sizeof *s.cand);
    float mine = spatial_base_reach(&f->base) + 0.5f;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *o = &t->figures[i];
        if (o->id.id == f->id.id || !table_figure_active(o))
            continue;
        float g = mine + spatial_base_reach(&o->base);
        if (o->pos.x < want.x - reach - g || o->pos.x > want.x + reach + g ||
            o->pos.y < want.y - reach - g || o->pos.y > want.y + reach + g)
            continue;
        s.cand[s.nc++] = i;
    }
    vec2s out = want;
    bool found = false, ring = false;
    float found_r = 0;
    int found_k = 0;
    /* resuming on a ring: want was refused */
    if ((resume && rz->ring) || !spot_free(&s, want)) {
        s.hint = -1;
        s.dist = mem_calloc((size_t)(s.nc > 0 ? s.nc : 1), sizeof *s.dist);
        for (int k = 0; k < s.nc; k++)
            s.dist[k] = geom_point_distance(want, t->figures[s.cand[k]].pos);
        float step = fmaxf(0.1f, 0.25f * spatial_base_reach(&f->base));
        int n_max = (int)ceilf(2.0f * (float)GEOM_PI * (max_shift + 1e-4f) / step) + 8;
        s.covered = mem_calloc((size_t)n_max, sizeof *s.covered);
        bool first = resume && rz->ring;
        for (float r = first ? rz->r : step; !found && r <= max_shift + 1e-4f; r += step) {
            int n = (int)ceilf(2.0f * (float)GEOM_PI * r / step);
            if (n < 8)
                n = 8;
            bool marks = n <= n_max; /* always, as n_max is the last ring's */
            int k0 = first ? rz->k : 0;
            first = false;
            if (marks && !spot_cover_ring(&s, want, r, n))
                continue;
            for (int k = k0; k < n; k++) {
                if (marks && s.covered[k])
                    continue;
                float a = 2.0f * (float)GEOM_PI * (float)k / (float)n;
                vec2s p = {{want.x + r * cosf(a), want.y + r * sinf(a)}};
                if (spot_free(&s, p)) {
                    out = p;
                    found = ring = true;
                    found_r = r;
                    found_k = k;
                    break;
                }
            }
        }
        free(s.covered);
        free(s.dist);
    } else {
        found = true; /* want itself */
    }
    free(s.cand);
    if (rz)
        *rz = (spot_resume){.set = true,
                            .base = f->base,
                            .facing = f->facing,
                            .want = want,
                            .none = !found,
                            .ring = ring,
                            .r = found_r,
                            .k = found_k};
    return out;
}

static void arrive(rules_state *rs, rules_ctx *ctx, int index)
{
    const scenario_reinforcement *re = &ctx->scenario->reinforcements[index];
    cr15_emit_state(ctx, "arrived", (figure_id){0}, (unit_id){0}, index);
    spot_resume rz = {.set = false}; /* only this arrival's events come between its searches */
    for (int u = 0; u < re->unit_count; u++)
        for (int i = 0; i < ctx->table->figure_count; i++) {
            const figure *f = &ctx->table->figures[i];
            if (f->unit.id != re->units[u].id || !(f->status & FIGURE_STATUS_OFF_TABLE))
                continue;
            /* figures queued behind the edge come on at the entry point, in file order */
            vec2s want = f->pos;
            bool on = want.x >= 0 && want.y >= 0 && want.x <= ctx->table->width_cm &&
                      want.y <= ctx->table->height_cm;
            if (!on)
                want = re->entry;
            vec2s p = free_spot(ctx->table, f, want, &rz);
            cr15_emit_status(ctx, f, 0, FIGURE_STATUS_OFF_TABLE, CR15_REF_SEQ, "arrives");
            rules_emitf(ctx,
                        (rules_event){.kind = RULES_EV_MOVE,
                                      .figure = f->id,
                                      .unit = f->unit,
                                      .side = f->side,
                                      .from = p,
                                      .pos = p,
                                      .facing = f->facing},
                        CR15_REF_SEQ, "%s comes onto the table", f->name[0] ? f->name : "a figure");
        }
    (void)rs;
}

static void roll_arrivals(rules_state *rs, rules_ctx *ctx)
{
    int due[CR15_ARRIVALS];
    int n = cr15_arrivals_due(rs, ctx->scenario, due, CR15_ARRIVALS);
    for (int k = 0; k < n; k++) {
        const scenario_reinforcement *re = &ctx->scenario->reinforcements[due[k]];
        const unit *u = table_unit_const(ctx->table, re->units[0]);
        int group = rules_roll_group(ctx);
        /* the roll succeeds low: need is written as "roll this or less" in the text */
        int face = rules_roll(ctx, 10, 0, "arrival", (figure_id){0}, group, CR15_REF_SEQ);
        bool ok = face <= rs->arrival_need;
        rules_emitf(ctx, (rules_event){.kind = RULES_EV_NOTE, .side = re->side, .unit = u->id},
                    CR15_REF_SEQ, "%s: %d on the D10, arrives on 1-%d: %s", u->name, face,
                    rs->arrival_need, ok ? "arrives" : "not yet");
        if (ok)
            arrive(rs, ctx, due[k]);
    }
}

/* ---- phases and steps ---------------------------------------------------------------------- */

static void enter(rules_state *rs, rules_ctx *ctx, cr15_phase phase, int step)
{
    side_id s = step == 1 ? cr15_other_side(ctx->table, rs->first) : rs->first;
    bool both = phase >= CR15_PHASE_FIRING;
    rules_event ev = {.kind = RULES_EV_PHASE, .side = both ? (side_id){0} : s, .value = step};
    snprintf(ev.tag, sizeof ev.tag, "%s", phase_names[phase]);
    if (both)
        rules_emitf(ctx, ev, CR15_REF_SEQ, "%s", phase_labels[phase]);
    else
        rules_emitf(ctx, ev, CR15_REF_SEQ, "%s: %s", phase_labels[phase],
                    table_side(ctx->table, s)->name);
    if (phase == CR15_PHASE_MOVEMENT) {
        cr15_finish_off(rs, ctx, s);
        cr15_unjam_attempts(rs, ctx, s);
    }
}

static void begin_turn(rules_state *rs, rules_ctx *ctx, int turn)
{
    rules_emitf(ctx, (rules_event){.kind = RULES_EV_TURN, .value = turn}, CR15_REF_SEQ,
                "Move %d begins", turn);
    if (turn > rs->max_turns)
        return;
    cr15_emit_state(ctx, "new_turn", (figure_id){0}, (unit_id){0}, turn);
    rules_emitf(ctx, (rules_event){.kind = RULES_EV_NOTE}, CR15_REF_SEQ, "Dice for arrivals");
    roll_arrivals(rs, ctx);
    enter(rs, ctx, CR15_PHASE_CHARGES, 0);
}

void cr15_begin(rules_state *rs, rules_ctx *ctx)
{
    rules_emitf(ctx, (rules_event){.kind = RULES_EV_NOTE, .side = rs->first}, CR15_REF_SEQ,
                "%s moves first every move", table_side(ctx->table, rs->first)->name);
    begin_turn(rs, ctx, 1);
}

static bool charged_any(const rules_state *rs, const table *t, side_id by)
{
    for (int i = 0; i < t->figure_count; i++)
        if (t->figures[i].side.id == by.id && (rs->figs[i].flags & CR15_F_CHARGING))
            return true;
    return false;
}

void cr15_end_step(rules_state *rs, rules_ctx *ctx, const rules_command *cmd)
{
    const table *t = ctx->table;
    side_id second = cr15_other_side(t, rs->first);
    switch (rs->phase) {
    case CR15_PHASE_CHARGES:
        if (rs->step == 0) {
            enter(rs, ctx, CR15_PHASE_CHARGES, 1);
        } else if (rs->step == 1 && charged_any(rs, t, second)) {
            enter(rs, ctx, CR15_PHASE_CHARGES, 2);
        } else {
            cr15_charge_moves(rs, ctx);
            enter(rs, ctx, CR15_PHASE_MOVEMENT, 0);
        }
        break;
    case CR15_PHASE_MOVEMENT:
        if (rs->step == 0)
            enter(rs, ctx, CR15_PHASE_MOVEMENT, 1);
        else
            enter(rs, ctx, CR15_PHASE_FIRING, 0);
        break;
    case CR15_PHASE_FIRING:
        rules_emitf(ctx,
                    (rules_event){.kind = RULES_EV_RULESET,
                                  .side = cmd->side,
                                  .value = cr15_side_index(t, cmd->side),
                                  .tag = "done"},
                    CR15_REF_SEQ, "%s has finished firing", table_side(t, cmd->side)->name);
        if (!rs->done[0] || !rs->done[1])
            break;
        rules_emitf(ctx, (rules_event){.kind = RULES_EV_NOTE}, CR15_REF_FIRE,
                    "The firing is over: its casualties fall together");
        cr15_apply_pending(rs, ctx);
        enter(rs, ctx, CR15_PHASE_MELEE, 0);
        cr15_melee(rs, ctx);
        cr15_apply_pending(rs, ctx);
        enter(rs, ctx, CR15_PHASE_MORALE, 0);
        cr15_morale(rs, ctx);
        cr15_reload_turn(rs, ctx);
        begin_turn(rs, ctx, rs->turn + 1);
        break;
    default:
        break;
    }
}

/* ---- decisions ----------------------------------------------------------------------------- */

void cr15_decision(const rules_state *rs, const table *t, rules_decision *out)
{
    memset(out, 0, sizeof *out);
    out->kind = RULES_DECIDE_PHASE_STEP;
    out->side = cr15_step_side(rs, t);
    out->simultaneous = rs->phase == CR15_PHASE_FIRING;
    /* the words without printf (the same bytes: "%.40s" reads at most 40, all truncate alike) */
    size_t n = 0;
    cr15_text_add(out->phase, sizeof out->phase, &n, phase_names[rs->phase], SIZE_MAX);
    const char *who = table_side(t, out->side)->name;
    const char *before = "", *after = " to act";
    switch (rs->phase) {
    case CR15_PHASE_CHARGES:
        after = rs->step == 0   ? ": declare charges, then end the phase"
                : rs->step == 1 ? ": declare charges or evade, then end the phase"
                                : ": evade the charges, then end the phase";
        break;
    case CR15_PHASE_MOVEMENT:
        after = ": move, set up guns, then end the phase";
        break;
    case CR15_PHASE_FIRING:
        before = "Both sides fire; casualties fall at the end (";
        after = " to fire)";
        break;
    default:
        break;
    }
    n = 0;
    cr15_text_add(out->prompt, sizeof out->prompt, &n, before, SIZE_MAX);
    cr15_text_add(out->prompt, sizeof out->prompt, &n, who, 40);
    cr15_text_add(out->prompt, sizeof out->prompt, &n, after, SIZE_MAX);
}

/* ---- the end ------------------------------------------------------------------------------- */

void cr15_outcome(const rules_state *rs, const table *t, rules_outcome *out)
{
    memset(out, 0, sizeof *out);
    float lost[2] = {0, 0};
    bool broken[2] = {false, false};
    int alive_of[2], waiting_of[2];
    cr15_side_counts(rs, t, alive_of, waiting_of);
    for (int k = 0; k < 2 && k < t->side_count; k++) {
        int alive = alive_of[k], waiting = waiting_of[k];
        int start = rs->start_figs[k] > 0 ? rs->start_figs[k] : 1;
        lost[k] = 1.0f - (float)(alive + waiting) / (float)start;
        broken[k] = alive + waiting == 0 ||
                    (rs->break_pct[k] > 0 && lost[k] * 100.0f >= (float)rs->break_pct[k]);
    }
    if (broken[0] || broken[1]) {
        out->over = true;
        out->winner = broken[0] && broken[1] ? (side_id){0} : t->sides[broken[0] ? 1 : 0].id;
        /* Side names are peoples ("British", "Ansar"): read as a plural. */
        if (broken[0] && broken[1])
            snprintf(out->reason, sizeof out->reason,
                     "Both sides are broken: %.0f%% and %.0f%% of their men are down",
                     (double)(100 * lost[0]), (double)(100 * lost[1]));
        else
            snprintf(out->reason, sizeof out->reason,
                     "The %s are broken: %.0f%% of their men are down",
                     t->sides[broken[0] ? 0 : 1].name, (double)(100 * lost[broken[0] ? 0 : 1]));
    } else if (rs->turn > rs->max_turns) {
        out->over = true;
        if (rs->time_winner.id)
            out->winner = rs->time_winner;
        else
            out->winner = lost[0] < lost[1]   ? t->sides[0].id
                          : lost[1] < lost[0] ? t->sides[1].id
                                              : (side_id){0};
        snprintf(out->reason, sizeof out->reason, "%d moves played: %s", rs->max_turns,
                 rs->time_winner.id ? "the defenders have held"
                                    : "the side that lost the smaller share holds the field");
    }
}

/* ---- the phase bar ------------------------------------------------------------------------- */

int cr15_driver(const rules_state *rs, const table *t, side_id viewer, rules_driver_item *out,
                int max)
{
    (void)viewer;
    int n = 0;
    for (int p = 0; p < CR15_PHASE_COUNT && n < max; p++) {
        out[n] =
            (rules_driver_item){.kind = RULES_DRIVER_PHASE,
                                .side = p == (int)rs->phase ? cr15_step_side(rs, t) : (side_id){0},
                                .value = p,
                                .current = p == (int)rs->phase};
        snprintf(out[n].label, sizeof out[n].label, "%s", phase_labels[p]);
        n++;
    }
    return n;
}
