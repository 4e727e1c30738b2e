/* The legal commands of the moment (concrete, ready to submit: the bot's candidates) and the
 * action panel. Candidates are sampled the way a player would think: units charge when they are
 * tribesmen or cavalry within reach, or outnumber the target; firers stand when the enemy is in
 * range; guns guess the range with an error growing with range (assumed). */
#include "rules/cr15/cr15_state.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

typedef struct out_list {
    rules_command *c;
    int n, max;
} out_list;

static void push(out_list *o, const rules_command *c)
{
    if (o->n < o->max)
        o->c[o->n++] = *c;
}

/* Figures of unit u that can act for kind now. */
static int unit_figs(const rules_state *rs, const table *t, const unit *u, rules_command *c,
                     bool (*ok)(const rules_state *, const table *, const figure *))
{
    c->figure_count = 0;
    const int *list;
    int n = cr15_unit_members(rs, t, u->id, &list);
    for (int k = 0; k < (n < 0 ? t->figure_count : n); k++) {
        const figure *f = &t->figures[n < 0 ? k : list[k]];
        if (f->unit.id == u->id.id && cr15_can_act(rs, f) && ok(rs, t, f))
            rules_command_add_figure(c, f->id);
    }
    return c->figure_count;
}

static bool can_charge(const rules_state *rs, const table *t, const figure *f)
{
    (void)t;
    return !cr15_is_gun(f) && !(f->status & FIGURE_STATUS_SERIOUS) &&
           !(rs->figs[f->id.id - 1].flags & (CR15_F_CHARGING | CR15_F_EVADED | CR15_F_STAYED));
}

static bool can_move(const rules_state *rs, const table *t, const figure *f)
{
    const cr15_fig *s = &rs->figs[f->id.id - 1];
    return !(s->flags & (CR15_F_MOVED | CR15_F_CHARGING | CR15_F_EVADED | CR15_F_STAYED)) &&
           !s->finish.id && !(f->status & FIGURE_STATUS_SERIOUS) && f->role != FIGURE_ROLE_GUN &&
           cr15_enemies_in_contact(rs, t, f, NULL, 0) == 0;
}

static bool can_fire(const rules_state *rs, const table *t, const figure *f)
{
    const cr15_fig *s = &rs->figs[f->id.id - 1];
    return cr15_weapon_of(rs, f) && !(s->flags & CR15_F_FIRED) && s->reload == 0 &&
           cr15_enemies_in_contact(rs, t, f, NULL, 0) == 0;
}

static int unit_size(const table *t, unit_id u)
{
    int n = 0;
    for (int i = 0; i < t->figure_count; i++)
        n += t->figures[i].unit.id == u.id && table_figure_active(&t->figures[i]) &&
             !cr15_is_gun(&t->figures[i]);
    return n;
}

static vec2s centre_of(const table *t, const rules_command *c)
{
    vec2s s = cr15_v2(0, 0);
    for (int i = 0; i < c->figure_count; i++) {
        const figure *f = table_figure_const(t, c->figures[i]);
        s.x += f->pos.x;
        s.y += f->pos.y;
    }
    return cr15_v2(s.x / (float)c->figure_count, s.y / (float)c->figure_count);
}

static void charges(const rules_state *rs, const table *t, side_id s, out_list *o)
{
    for (int i = 0; i < t->unit_count; i++) {
        const unit *u = &t->units[i];
        if (u->side.id != s.id || rs->step > 1)
            continue;
        rules_command c = {.kind = RULES_CMD_CHARGE, .side = s, .unit = u->id};
        if (unit_figs(rs, t, u, &c, can_charge) == 0)
            continue;
        const figure *f0 = table_figure_const(t, c.figures[0]);
        cr15_troop tr = cr15_troop_of(t, f0);
        figure_id near = {0};
        cr15_nearest_enemy_cm(t, f0, centre_of(t, &c), &near);
        const figure *e = table_figure_const(t, near);
        if (!e)
            continue;
        bool keen = tr == CR15_TROOP_TRIBESMEN || tr == CR15_TROOP_CAVALRY ||
                    c.figure_count >= 2 * unit_size(t, e->unit);
        c.target = e->id;
        if (keen && cr15_charge_validate(rs, t, &c, NULL, 0))
            push(o, &c);
    }
}

/* Whether any man of unit u carries CHARGED (the flag evades asks of its first able man). */
static bool unit_charged(const rules_state *rs, const table *t, const unit *u)
{
    const int *list;
    int n = cr15_unit_members(rs, t, u->id, &list);
    for (int k = 0; k < (n < 0 ? t->figure_count : n); k++) {
        const figure *f = &t->figures[n < 0 ? k : list[k]];
        if (f->unit.id == u->id.id && (rs->figs[f->id.id - 1].flags & CR15_F_CHARGED))
            return true;
    }
    return false;
}

/* Evade straight away from the nearest enemy, when it is charged and outnumbered. */
static void evades(const rules_state *rs, const table *t, side_id s, out_list *o)
{
    for (int i = 0; i < t->unit_count; i++) {
        const unit *u = &t->units[i];
        /* a unit none of whose men was charged is passed over before its men are listed */
        if (u->side.id != s.id || rs->step == 0 || !unit_charged(rs, t, u))
            continue;
        rules_command c = {.kind = RULES_CMD_EVADE, .side = s, .unit = u->id};
        if (unit_figs(rs, t, u, &c, can_charge) == 0)
            continue;
        const figure *f0 = table_figure_const(t, c.figures[0]);
        if (!(rs->figs[f0->id.id - 1].flags & CR15_F_CHARGED))
            continue;
        figure_id near = {0};
        cr15_nearest_enemy_cm(t, f0, f0->pos, &near);
        const figure *e = table_figure_const(t, near);
        if (!e)
            continue;
        /* worth it for horse, or when the chargers are twice as many */
        int chargers = 0;
        for (int k = 0; k < t->figure_count; k++) {
            const figure *ct = table_figure_const(t, rs->figs[k].charge_target);
            chargers += t->figures[k].side.id != s.id && (rs->figs[k].flags & CR15_F_CHARGING) &&
                        ct && ct->unit.id == u->id.id;
        }
        if (cr15_troop_of(t, f0) != CR15_TROOP_CAVALRY && chargers < 2 * unit_size(t, u->id))
            continue;
        vec2s d = cr15_v2(f0->pos.x - e->pos.x, f0->pos.y - e->pos.y);
        float len = sqrtf(d.x * d.x + d.y * d.y);
        float reach = 0.8f * cr15_allowance_cm(rs, t, f0, true);
        for (float k = 1; k > 0.2f; k -= 0.25f) {
            c.path[0] =
                cr15_v2(f0->pos.x + d.x / len * reach * k, f0->pos.y + d.y / len * reach * k);
            c.path_count = 1;
            if (cr15_evade_validate(rs, t, &c, NULL, 0)) {
                push(o, &c);
                break;
            }
        }
    }
}

static void crawl(const rules_state *rs, const table *t, side_id s, const figure *f, out_list *o)
{
    const cr15_fig *st = &rs->figs[f->id.id - 1];
    if (f->side.id != s.id || !(f->status & FIGURE_STATUS_SERIOUS) || !table_figure_active(f) ||
        (f->status & CR15_STATUS_OUT) || (st->flags & CR15_F_MOVED) || cr15_is_gun(f) ||
        cr15_enemies_in_contact(rs, t, f, NULL, 0) > 0)
        return;
    const figure *to = NULL;
    double best = INFINITY;
    for (int k = 0; k < t->figure_count; k++) {
        const figure *m = &t->figures[k];
        double d = geom_point_distance(f->pos, m->pos);
        if (m != f && m->side.id == s.id && table_figure_active(m) && !cr15_is_gun(m) &&
            !(m->status & FIGURE_STATUS_SERIOUS) && d < best) {
            best = d;
            to = m;
        }
    }
    float allow = cr15_allowance_cm(rs, t, f, false);
    if (!to || allow <= 0.2f)
        return;
    float gap = (float)best - f->base.radius_cm - to->base.radius_cm - 0.5f;
    float dist = fminf(allow, gap);
    if (dist <= 0.2f)
        return;
    rules_command c = {.kind = RULES_CMD_MOVE, .side = s, .unit = f->unit};
    rules_command_add_figure(&c, f->id);
    float dx = (to->pos.x - f->pos.x) / (float)best, dy = (to->pos.y - f->pos.y) / (float)best;
    for (float k = 1; k > 0.2f; k -= 0.25f) {
        c.path[0] = cr15_v2(f->pos.x + dx * dist * k, f->pos.y + dy * dist * k);
        c.path_count = 1;
        if (cr15_move_validate(rs, t, &c, NULL, 0)) {
            push(o, &c);
            return;
        }
    }
}

static void moves(const rules_state *rs, const table *t, side_id s, out_list *o)
{
    for (int i = 0; i < t->unit_count; i++) {
        const unit *u = &t->units[i];
        if (u->side.id != s.id)
            continue;
        rules_command c = {.kind = RULES_CMD_MOVE, .side = s, .unit = u->id};
        if (unit_figs(rs, t, u, &c, can_move) == 0)
            continue;
        const figure *f0 = table_figure_const(t, c.figures[0]);
        cr15_troop tr = cr15_troop_of(t, f0);
        const cr15_unit *us = &rs->units[i];
        /* firers stand to fire once the enemy is within their reach (moving costs -2) */
        const cr15_weapon *w = cr15_weapon_of(rs, f0);
        float stand_in = w && tr != CR15_TROOP_TRIBESMEN ? (w->table[3] > 0 ? 18.0f : 6.0f) : 0;
        if (tr == CR15_TROOP_ARTILLERY)
            stand_in = 999;
        figure_id near = {0};
        /* the nearest enemy and how far he is, in one walk of the table */
        bool stand = cr15_nearest_enemy_cm(t, f0, f0->pos, &near) <= cr15_cm(rs, stand_in);
        const figure *e = table_figure_const(t, near);
        if (!e || (stand && !us->shaken))
            continue;
        vec2s d = cr15_v2(e->pos.x - f0->pos.x, e->pos.y - f0->pos.y);
        if (us->shaken)
            d = cr15_v2(-d.x, -d.y);
        float len = sqrtf(d.x * d.x + d.y * d.y);
        float allow = cr15_allowance_cm(rs, t, f0, false);
        float stop_short = fmaxf(0, len - 2.0f * f0->base.radius_cm - 0.5f);
        float dist = us->shaken ? allow : fminf(allow, stop_short);
        for (float k = 1; k > 0.2f && dist > 0.2f; k -= 0.25f) {
            c.path[0] = cr15_v2(f0->pos.x + d.x / len * dist * k, f0->pos.y + d.y / len * dist * k);
            c.path_count = 1;
            if (cr15_move_validate(rs, t, &c, NULL, 0)) {
                push(o, &c);
                break;
            }
        }
    }
    /* the seriously wounded crawl back toward the nearest friend who can aid them */
    for (int i = 0; i < t->figure_count; i++)
        crawl(rs, t, s, &t->figures[i], o);
    /* dismantled guns set up */
    for (int i = 0; i < t->figure_count; i++) {
        const figure *g = &t->figures[i];
        if (g->side.id != s.id || !cr15_is_gun(g))
            continue; /* the command (420 bytes zeroed) only for the side's guns */
        rules_command c = {.kind = RULES_CMD_FORMATION, .side = s, .figure = g->id};
        snprintf(c.option, sizeof c.option, "deployed");
        if (cr15_setup_validate(rs, t, &c, NULL, 0))
            push(o, &c);
    }
}

enum { NEAREST_MAX = 3 };

/* The nearest few (k <= NEAREST_MAX) enemy figures to p, nearest first (the earlier in the table
 * among equals); each one's distance kept beside it rather than measured again at every
 * comparison (the same values). */
static int nearest_enemies(const table *t, side_id own, vec2s p, const figure **out, int k)
{
    double dist[NEAREST_MAX];
    int n = 0;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *e = &t->figures[i];
        if (e->side.id == own.id || !table_figure_active(e) || cr15_is_gun(e))
            continue;
        double d = geom_point_distance(p, e->pos);
        int j = n < k ? n++ : k;
        if (j == k && d >= dist[k - 1])
            continue;
        if (j == k)
            j = k - 1;
        out[j] = e;
        dist[j] = d;
        for (; j > 0 && dist[j] < dist[j - 1]; j--) {
            const figure *x = out[j];
            out[j] = out[j - 1];
            out[j - 1] = x;
            double y = dist[j];
            dist[j] = dist[j - 1];
            dist[j - 1] = y;
        }
    }
    return n;
}

static void fires(const rules_state *rs, const table *t, side_id s, out_list *o)
{
    for (int i = 0; i < t->unit_count; i++) {
        const unit *u = &t->units[i];
        if (u->side.id != s.id)
            continue;
        rules_command c = {.kind = RULES_CMD_FIRE, .side = s, .unit = u->id};
        if (unit_figs(rs, t, u, &c, can_fire) == 0)
            continue;
        const figure *near[NEAREST_MAX];
        int ne = nearest_enemies(t, s, centre_of(t, &c), near, NEAREST_MAX);
        for (int k = 0; k < ne; k++) {
            c.target = near[k]->id;
            /* can_fire chose only figures no enemy touches */
            if (cr15_fire_ok_free(rs, t, &c))
                push(o, &c);
        }
    }
    for (int i = 0; i < t->figure_count; i++) {
        const figure *g = &t->figures[i];
        if (g->side.id != s.id || !cr15_is_gun(g) || !table_figure_active(g))
            continue;
        const figure *near[NEAREST_MAX];
        int ne = nearest_enemies(t, s, g->pos, near, NEAREST_MAX);
        for (int k = 0; k < ne; k++) {
            rules_command c = {
                .kind = RULES_CMD_FIRE, .side = s, .figure = g->id, .target = near[k]->id};
            rules_command_add_figure(&c, g->id);
            if (cr15_is_gatling(g)) {
                snprintf(c.option, sizeof c.option, "gatling");
                if (cr15_gatling_validate(rs, t, &c, NULL, 0))
                    push(o, &c);
                continue;
            }
            /* canister where it reaches, and shell as well: a burst on a crowd (or beyond
             * canister range) may be worth more; the bot's hint weighs them (cr15_hint.c) */
            snprintf(c.option, sizeof c.option, "canister");
            if (cr15_artillery_validate(rs, t, &c, NULL, 0))
                push(o, &c);
            snprintf(c.option, sizeof c.option, "shell");
            float true_in = (float)geom_point_distance(g->pos, near[k]->pos) / rs->data->inch_cm;
            for (int e = -2; e <= 2; e++) {
                c.count = cr15_guess_in(rs, true_in, e);
                if (cr15_artillery_validate(rs, t, &c, NULL, 0))
                    push(o, &c);
            }
        }
    }
}

int cr15_legal(const rules_state *rs, const table *t, rules_command *out, int max)
{
    rules_outcome oc;
    cr15_outcome(rs, t, &oc);
    if (oc.over || max <= 0)
        return 0;
    side_id s = cr15_step_side(rs, t);
    out_list o = {.c = out, .max = max - 1};
    switch (rs->phase) {
    case CR15_PHASE_CHARGES:
        charges(rs, t, s, &o);
        evades(rs, t, s, &o);
        break;
    case CR15_PHASE_MOVEMENT:
        moves(rs, t, s, &o);
        break;
    case CR15_PHASE_FIRING:
        fires(rs, t, s, &o);
        break;
    default:
        break;
    }
    o.max = max;
    push(&o, &(rules_command){.kind = RULES_CMD_END_PHASE, .side = s});
    return o.n;
}

/* ---- the action panel ---------------------------------------------------------------------- */

static void action(rules_action *out, int *n, int max, rules_command_kind k, const char *opt,
                   const char *label, bool on, const char *why)
{
    if (*n >= max)
        return;
    rules_action *a = &out[(*n)++];
    *a = (rules_action){.kind = k, .enabled = on};
    snprintf(a->option, sizeof a->option, "%s", opt);
    snprintf(a->label, sizeof a->label, "%s", label);
    snprintf(a->reason, sizeof a->reason, "%s", on ? "" : why);
}

int cr15_actions(const rules_state *rs, const table *t, figure_id fig, rules_action *out, int max)
{
    int n = 0;
    const figure *f = table_figure_const(t, fig);
    bool charges_ = rs->phase == CR15_PHASE_CHARGES, moving = rs->phase == CR15_PHASE_MOVEMENT,
         firing = rs->phase == CR15_PHASE_FIRING;
    if (f && cr15_is_gun(f)) {
        const cr15_fig *s = cr15_fig_const(rs, f->id);
        bool deployed = s->flags & CR15_F_DEPLOYED;
        action(out, &n, max, RULES_CMD_FORMATION, deployed ? "limbered" : "deployed",
               deployed ? "Dismantle (a move)" : "Set up (a move)", moving,
               "only in the movement phase");
        if (cr15_is_gatling(f)) {
            char why[128] = "only in the firing phase";
            bool on = firing && !s->jam_tries && deployed;
            if (firing && s->jam_tries)
                snprintf(NULL, 0, "jammed: unjam attempt %d needs %d or less", s->jam_tries,
                         cr15_unjam_need(rs->data, cr15_crew(rs, t, f), s->jam_tries));
            action(out, &n, max, RULES_CMD_FIRE, "gatling", "Fire the Gatling (as 5 rifles)", on,
                   why);
        } else {
            char why[128] = "only in the firing phase";
            bool on = firing && s->reload == 0 && deployed;
            if (firing && s->reload)
                snprintf(NULL, 0, "reloading: %d more move%s", s->reload,
                         s->reload == 1 ? "" : "s");
            action(out, &n, max, RULES_CMD_FIRE, "shell", "Fire shell (guess the range)", on, why);
            action(out, &n, max, RULES_CMD_FIRE, "canister", "Fire canister (16 inches)", on, why);
        }
    } else {
        const cr15_fig *s = f ? cr15_fig_const(rs, f->id) : NULL;
        /* a figure who failed his test to charge stays where he is for the rest of the turn */
        bool stayed = s && (s->flags & CR15_F_STAYED);
        const char *stay = "failed his charge test: stays where he is this turn";
        action(out, &n, max, RULES_CMD_CHARGE, "", "Charge (test 3-6 on a D6)",
               charges_ && rs->step < 2 && !stayed,
               stayed ? stay : "declared in the charges phase");
        action(out, &n, max, RULES_CMD_EVADE, "", "Evade", charges_ && rs->step > 0 && !stayed,
               stayed ? stay : "only when charged, in the charges phase");
        action(out, &n, max, RULES_CMD_MOVE, "", "Move", moving && !stayed,
               stayed ? stay : "only in the movement phase");
        char why[128] = "only in the firing phase";
        if (firing && s && s->reload)
            snprintf(NULL, 0, "reloading: %d more move%s", s->reload, s->reload == 1 ? "" : "s");
        action(out, &n, max, RULES_CMD_FIRE, "", "Fire (D10)", firing && (!s || !s->reload), why);
    }
    action(out, &n, max, RULES_CMD_END_PHASE, "", "End the phase", true, "");
    return n;
}
