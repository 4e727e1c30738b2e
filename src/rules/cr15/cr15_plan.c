/* The normal level's repertoire in Colonial Rules for 15mm: candidates of the bot's own beside
 * legal()'s (which stay the easy level's: one charge per unit at its nearest target, one fire
 * at the nearest few, moves straight at the nearest enemy), and what a charge is worth.
 *
 * Charges: a unit charges any enemy unit in reach with the figures that reach it (and, apart,
 * those that are nearest that unit), so a war band splits over two faces of a square rather
 * than piling onto one. A charge is valued figure by figure as the melee it makes: each charger
 * goes for the nearest man of the unit charged (as cr15_charge_moves sends him), passes his test
 * on 3-6 (veterans always), and a man with k attackers on him fights at -2 or -3 and cannot
 * fire; the first chargers on a man are worth the most, a fourth nothing. The chargers already
 * declared this step count, so the next unit goes where the enemy is not yet held. */
#include "rules/cr15/cr15_plan.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* The faces of the average die (core/dice.h, dice_average; the melee's "DAve"). */
static const int plan_avg_faces[6] = {2, 3, 3, 4, 4, 5};

/* A man held in melee does not fire: about what one rifle's fire is worth a move (the bot's
 * scale, 10 a figure: some 0.2 casualties). */
#define PLAN_SILENCED 2.0f
/* No more than this many attackers on one man count (outnumbered 3:1 is the last modifier). */
#define PLAN_GANG_MAX 4
/* What a gun is worth, in men, shared among its crew (a Gatling fires as five rifles, canister
 * as fifteen): the bot's guess. */
#define PLAN_GUN_WORTH 4.0f
/* To the side that holds out, a hit on a man who could charge it next move counts this much more
 * (the mission station's British against easy, 400 games at seeds 5 and 9: 91.5 -> 94.5%, 90.0
 * -> 93.0%; 1.5 and 3 gave less). */
#define PLAN_THREAT 2.0f
/* cr15_plan_move_value's worth of a centimetre closed toward the nearest man not yet held. */
#define PLAN_MOVE_CM 0.08f

typedef struct plan_out {
    rules_command *c;
    int n, max;
} plan_out;

static void plan_push(plan_out *o, const rules_command *c)
{
    if (o->n < o->max)
        o->c[o->n++] = *c;
}

/* The largest distance from a base's centre to its edge. */
static float plan_extent(const geom_base *b)
{
    return b->kind == GEOM_BASE_RECT
               ? 0.5f * sqrtf(b->frontage_cm * b->frontage_cm + b->depth_cm * b->depth_cm)
               : b->radius_cm;
}

/* cr15_enemies_in_contact's count, the far figures passed over by their centres: the bot asks
 * it of every man for every candidate. */
static int plan_contacts(const rules_state *rs, const table *t, const figure *f)
{
    int n = 0;
    float reach = plan_extent(&f->base) + rs->data->contact_cm;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *e = &t->figures[i];
        if (e->side.id == f->side.id || !table_figure_active(e))
            continue;
        float dx = e->pos.x - f->pos.x, dy = e->pos.y - f->pos.y, r = reach + plan_extent(&e->base);
        if (dx * dx + dy * dy > r * r)
            continue;
        n += cr15_in_contact(rs, f, e);
    }
    return n;
}

static bool plan_can_charge(const rules_state *rs, const table *t, const figure *f, side_id s)
{
    const cr15_fig *st = cr15_fig_const(rs, f->id);
    return f->side.id == s.id && !cr15_is_gun(f) && !(f->status & FIGURE_STATUS_SERIOUS) &&
           cr15_can_act(rs, f) &&
           !(st->flags & (CR15_F_CHARGING | CR15_F_EVADED | CR15_F_STAYED)) &&
           plan_contacts(rs, t, f) == 0;
}

static bool plan_reaches(const rules_state *rs, const table *t, const figure *f, unit_id u)
{
    const figure *e = cr15_nearest_of_unit(rs, t, u, f->pos);
    return e && !cr15_is_gun(e) && cr15_edge_cm(f, e) <= cr15_allowance_cm(rs, t, f, true);
}

static vec2s plan_centre(const table *t, const rules_command *c)
{
    vec2s s = cr15_v2(0, 0);
    for (int i = 0; i < c->figure_count; i++) {
        const figure *f = table_figure_const(t, c->figures[i]);
        s.x += f->pos.x;
        s.y += f->pos.y;
    }
    float n = c->figure_count > 0 ? (float)c->figure_count : 1.0f;
    return cr15_v2(s.x / n, s.y / n);
}

/* The enemy unit whose nearest man is nearest f. */
static unit_id plan_nearest_unit(const table *t, const figure *f)
{
    figure_id who = {0};
    cr15_nearest_enemy_cm(t, f, f->pos, &who);
    const figure *e = table_figure_const(t, who);
    return e ? e->unit : (unit_id){0};
}

static bool plan_same(const rules_command *a, const rules_command *b)
{
    return a->figure_count == b->figure_count &&
           memcmp(a->figures, b->figures, (size_t)a->figure_count * sizeof a->figures[0]) == 0;
}

/* ---- charges ------------------------------------------------------------------------------- */

static void plan_charges_at(const rules_state *rs, const table *t, side_id s, const unit *u,
                            const unit *foe, plan_out *o)
{
    rules_command all = {.kind = RULES_CMD_CHARGE, .side = s, .unit = u->id};
    rules_command own = all;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        if (f->unit.id != u->id.id || !plan_can_charge(rs, t, f, s) ||
            !plan_reaches(rs, t, f, foe->id))
            continue;
        rules_command_add_figure(&all, f->id);
        if (plan_nearest_unit(t, f).id == foe->id.id)
            rules_command_add_figure(&own, f->id);
    }
    const rules_command *v[2] = {&all, &own};
    for (int k = 0; k < 2; k++) {
        rules_command c = *v[k];
        if (c.figure_count == 0 || (k == 1 && plan_same(&c, &all)))
            continue;
        const figure *aim = cr15_nearest_of_unit(rs, t, foe->id, plan_centre(t, &c));
        if (!aim)
            continue;
        c.target = aim->id;
        char why[8];
        if (cr15_charge_validate(rs, t, &c, why, sizeof why))
            plan_push(o, &c);
    }
}

static void plan_charges(const rules_state *rs, const table *t, side_id s, plan_out *o)
{
    if (rs->step > 1 || (rs->time_winner.id == s.id))
        return; /* the side that holds out stays behind its rifles (the generic score) */
    for (int i = 0; i < t->unit_count; i++) {
        const unit *u = &t->units[i];
        if (u->side.id != s.id)
            continue;
        for (int j = 0; j < t->unit_count; j++)
            if (t->units[j].side.id != s.id)
                plan_charges_at(rs, t, s, u, &t->units[j], o);
    }
}

/* P(a score of mine + a loses to one of theirs + b): theirs beats mine by more than `cont`. */
static float plan_p_lose(int a, int b, int cont)
{
    int n = 0;
    for (int i = 0; i < 6; i++)
        for (int j = 0; j < 6; j++)
            n += (plan_avg_faces[j] + b) - (plan_avg_faces[i] + a) > cont;
    return (float)n / 36.0f;
}

/* The share of a melee loss that costs the man (dead, or seriously wounded at half; a tribesman
 * finishes off the seriously wounded, so against him the wound is as good as death). */
static float plan_loss_weight(const cr15_data *d, bool finished_off)
{
    float dead = (float)(6 - d->melee_serious) / 6.0f;
    float serious = (float)(d->melee_serious - d->melee_light) / 6.0f;
    return dead + (finished_off ? 1.0f : 0.5f) * serious;
}

/* A gun's crewman is worth more than his rifle: the gun falls silent with its last crew. */
static float plan_worth(const rules_state *rs, const table *t, const figure *e)
{
    if (e->role != FIGURE_ROLE_CREW)
        return 1.0f;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *g = &t->figures[i];
        if (g->unit.id == e->unit.id && cr15_is_gun(g) && table_figure_active(g)) {
            int crew = cr15_crew(rs, t, g);
            return 1.0f + PLAN_GUN_WORTH / (float)(crew > 0 ? crew : 1);
        }
    }
    return 1.0f;
}

/* What k attackers on the man e are worth to the attackers (0 for none). */
static float plan_gang_value(const rules_state *rs, const table *t, const figure *e, int att_mod,
                             bool finisher, int k)
{
    if (k <= 0)
        return 0;
    if (k > PLAN_GANG_MAX)
        k = PLAN_GANG_MAX;
    cr15_melee_mod dm;
    cr15_melee_mods(rs, t, e, k, &dm);
    int cont = rs->data->melee_continue;
    float p_def = plan_p_lose(dm.total, att_mod, cont);
    float p_att = plan_p_lose(att_mod, dm.total, cont);
    return 10.0f * p_def * plan_loss_weight(rs->data, finisher) * plan_worth(rs, t, e) -
           10.0f * (float)k * p_att * plan_loss_weight(rs->data, false) + PLAN_SILENCED;
}

/* E[value(c0 + Binomial(m, p))] - value(c0). */
static float plan_gain(const rules_state *rs, const table *t, const figure *e, int att_mod,
                       bool finisher, int c0, int m, float p)
{
    float base = plan_gang_value(rs, t, e, att_mod, finisher, c0), sum = 0, pk = 1;
    if (m > 12)
        m = 12;
    /* binomial terms by recurrence */
    float q = 1.0f - p;
    for (int i = 0; i < m; i++)
        pk *= q;
    for (int k = 0; k <= m; k++) {
        sum += pk * plan_gang_value(rs, t, e, att_mod, finisher, c0 + k);
        if (k < m)
            pk = q > 0 ? pk * (float)(m - k) / (float)(k + 1) * p / q : (k + 1 == m ? 1.0f : 0);
    }
    return sum - base;
}

/* The attackers already on (or declared against) the man e. */
static int plan_committed(const rules_state *rs, const table *t, const figure *e)
{
    int n = plan_contacts(rs, t, e);
    for (int i = 0; i < t->figure_count; i++)
        n += (rs->figs[i].flags & CR15_F_CHARGING) && rs->figs[i].charge_target.id == e->id.id &&
             table_figure_active(&t->figures[i]);
    return n;
}

static const figure *plan_nearest_man(const rules_state *rs, const table *t, side_id own, vec2s p,
                                      bool free, float *cm);

/* What the move f would make instead of charging is worth (cr15_plan_move_value's scale): the
 * ground to the nearest man not yet held, short of contact, up to his allowance. */
static float plan_move_lost(const rules_state *rs, const table *t, const figure *f)
{
    float cm;
    const figure *e = plan_nearest_man(rs, t, f->side, f->pos, true, &cm);
    if (!e)
        return 0;
    float gap = cm - f->base.radius_cm - e->base.radius_cm - 0.5f;
    return PLAN_MOVE_CM * fmaxf(0, fminf(cr15_allowance_cm(rs, t, f, false), gap));
}

bool cr15_plan_charge_value(const rules_state *rs, const table *t, const rules_command *cmd,
                            float *v, char *why, size_t size)
{
    if (rs->time_winner.id == cmd->side.id)
        return false;
    const figure *aim = table_figure_const(t, cmd->target);
    unit_id tu = cmd->target_unit.id ? cmd->target_unit : aim ? aim->unit : (unit_id){0};
    const unit *foe = table_unit_const(t, tu);
    const figure *f[RULES_CMD_FIGURES_MAX];
    int n = cr15_cmd_figures(t, cmd, f, RULES_CMD_FIGURES_MAX);
    if (!foe || n == 0)
        return false;
    /* the chargers each man of the unit would draw */
    enum { MEN_MAX = 64 };
    const figure *men[MEN_MAX];
    int draw[MEN_MAX] = {0}, vets[MEN_MAX] = {0}, nm = 0, mods = 0, going = 0;
    bool finisher = true;
    float stay = 0; /* the moves the men who fail their test lose */
    for (int i = 0; i < n; i++) {
        if (!plan_can_charge(rs, t, f[i], cmd->side) || !plan_reaches(rs, t, f[i], tu))
            continue;
        const figure *e = cr15_nearest_of_unit(rs, t, tu, f[i]->pos);
        int k = 0;
        while (k < nm && men[k] != e)
            k++;
        if (k == nm) {
            if (nm == MEN_MAX)
                continue;
            men[nm++] = e;
        }
        draw[k]++;
        vets[k] += cr15_veteran(f[i]);
        cr15_melee_mod am;
        cr15_melee_mods(rs, t, f[i], 1, &am);
        mods += am.total;
        finisher &= rs->data->troops[cr15_troop_of(t, f[i])].finish_off;
        if (!cr15_veteran(f[i]))
            stay += plan_move_lost(rs, t, f[i]);
        going++;
    }
    if (going == 0) {
        *v = -0.5f; /* no one reaches a man he could fight: nothing gained */
        if (why && size)
            snprintf(why, size, "no one free to charge reaches %s", foe->name);
        return true;
    }
    int att_mod = (int)lroundf((float)mods / (float)going);
    float total = 0;
    int held = 0;
    for (int k = 0; k < nm; k++) {
        /* veterans go without a test; the rest on 3-6 */
        float p = (float)(7 - rs->data->charge_need) / 6.0f;
        int c0 = plan_committed(rs, t, men[k]);
        float g = plan_gain(rs, t, men[k], att_mod, finisher, c0 + vets[k], draw[k] - vets[k], p);
        if (vets[k])
            g += plan_gang_value(rs, t, men[k], att_mod, finisher, c0 + vets[k]) -
                 plan_gang_value(rs, t, men[k], att_mod, finisher, c0);
        total += g;
        held += c0 == 0;
    }
    /* a man who fails his test stays where he is this turn (CR15_F_STAYED): the charge is worth
     * P(pass) x its melee, already in total, less P(fail) x the move he loses (measured, 400
     * games normal:easy at seeds 1 and 5: square 82.8 -> 87.1%, 82.4 -> 84.8%; mission station
     * 74.5 -> 71.9%, 72.4 -> 74.1%; the whole allowance, or twice the move, gave less) */
    float p_fail = (float)(rs->data->charge_need - 1) / 6.0f;
    *v = total - p_fail * stay;
    if (why && size)
        snprintf(why, size, "%d of %s charge %s: %d of its men not yet held", going,
                 table_unit_const(t, f[0]->unit) ? table_unit_const(t, f[0]->unit)->name : "them",
                 foe->name, held);
    return true;
}

/* ---- fire ---------------------------------------------------------------------------------- */

/* The worst wound already waiting for f this phase (the casualties fall at its end). */
static int plan_pending(const rules_state *rs, const figure *f)
{
    int w = -1;
    for (int i = 0; i < rs->pending_count; i++)
        if (rs->pending[i].figure.id == f->id.id && (int)rs->pending[i].wound > w)
            w = (int)rs->pending[i].wound;
    return w;
}

/* f could charge one of ours next move (his charge reach from the nearest of us). */
static bool plan_threatens(const rules_state *rs, const table *t, const figure *f)
{
    float near = cr15_nearest_enemy_cm(t, f, f->pos, NULL);
    return near - 2 * f->base.radius_cm <= cr15_allowance_cm(rs, t, f, true);
}

/* What one hit on f is worth, from `from`: a death whole, a serious wound `serious_w` (he is out
 * of the fight but not yet of the count), and a serious wound on a man already seriously wounded
 * (or about to be) is a death: the second one kills. A man already dying is worth nothing. With
 * `threat` (the side that holds out), a fit man who could charge us next move counts double. */
static float plan_hit_value(const rules_state *rs, const table *t, const figure *f, vec2s from,
                            float serious_w, bool threat)
{
    int pend = plan_pending(rs, f);
    if (pend == CR15_WOUND_DEAD)
        return 0;
    cr15_cover c = cr15_cover_at(rs, t, f, from);
    float dead = (float)(6 - rs->data->wound_serious[c]) / 6.0f;
    float serious = (float)(rs->data->wound_serious[c] - rs->data->wound_light[c]) / 6.0f;
    bool hurt = (f->status & FIGURE_STATUS_SERIOUS) || pend == CR15_WOUND_SERIOUS;
    return (threat && !hurt && plan_threatens(rs, t, f) ? PLAN_THREAT : 1.0f) *
           (dead + (hurt ? 1.0f : serious_w) * serious);
}

enum { PLAN_SHOTS_MAX = 64 };

/* The chance of each shot of the command hitting the target: out[k], returns the count. */
static int plan_shots(const rules_state *rs, const table *t, const rules_command *cmd,
                      const figure *tg, float *out, vec2s *from)
{
    const figure *f[RULES_CMD_FIGURES_MAX];
    int nf = cr15_cmd_figures(t, cmd, f, RULES_CMD_FIGURES_MAX), n = 0;
    const figure *gun = nf > 0 && cr15_is_gun(f[0]) ? f[0] : NULL;
    if (gun) {
        const cr15_weapon *rifle = cr15_data_weapon(rs->data, "rifle");
        cr15_shot sh;
        bool gat = cr15_is_gatling(gun);
        if (!rifle || !cr15_shot_of(rs, t, gun, rifle, tg, false, &sh))
            return 0;
        int shots = gat ? rs->data->gatling.rifles : rs->data->artillery.canister_rifles;
        for (int k = 0; k < shots && n < PLAN_SHOTS_MAX; k++)
            out[n++] = cr15_p_beat(sh.table, sh.mod);
        *from = gun->pos;
        return n;
    }
    for (int i = 0; i < nf; i++) {
        const cr15_weapon *w = cr15_weapon_of(rs, f[i]);
        const cr15_fig *st = cr15_fig_const(rs, f[i]->id);
        cr15_shot sh;
        if (!w || f[i]->side.id != cmd->side.id || !cr15_can_act(rs, f[i]) ||
            (st->flags & CR15_F_FIRED) || st->reload > 0 ||
            !cr15_shot_of(rs, t, f[i], w, tg, false, &sh) || plan_contacts(rs, t, f[i]) > 0 ||
            !cr15_sees(rs, t, f[i], tg))
            continue;
        int shots = w->rate;
        if (w->rounds > 0 && shots > w->rounds - st->rounds)
            shots = w->rounds - st->rounds;
        for (int k = 0; k < shots && n < PLAN_SHOTS_MAX; k++) {
            if (k > 0)
                cr15_shot_of(rs, t, f[i], w, tg, true, &sh);
            out[n++] = cr15_p_beat(sh.table, sh.mod);
        }
        if (n == shots) /* the hits are thrown from the first firer (cr15_fire_resolve) */
            *from = f[i]->pos;
    }
    return n;
}

bool cr15_plan_fire_value(const rules_state *rs, const table *t, const rules_command *cmd, float *v,
                          char *why, size_t size)
{
    const figure *tg = table_figure_const(t, cmd->target);
    if (!tg || (cmd->option[0] && strcmp(cmd->option, "shell") == 0))
        return false;
    float p[PLAN_SHOTS_MAX];
    vec2s from = tg->pos;
    int n = plan_shots(rs, t, cmd, tg, p, &from);
    /* to the side that holds out a man out of the fight is nearly as good as dead (measured on
     * the mission station, 400 games twice: 0.8 won 2 games in 100 more than 0.5) */
    bool defends = rs->time_winner.id == cmd->side.id;
    float serious_w = defends ? 0.8f : 0.5f;
    /* the hits fall on the target first, then on his unit mates nearest him (cr15_queue_hits) */
    enum { ORDER_MAX = 64 };
    const figure *order[ORDER_MAX];
    float dist[ORDER_MAX];
    int no = 0;
    order[no] = tg;
    dist[no++] = 0;
    for (int i = 0; i < t->figure_count && no < ORDER_MAX; i++) {
        const figure *o = &t->figures[i];
        if (o->unit.id != tg->unit.id || o == tg || !table_figure_active(o) || cr15_is_gun(o))
            continue;
        float d = (float)geom_point_distance(o->pos, tg->pos);
        int j = no++;
        for (; j > 1 && dist[j - 1] > d; j--) {
            order[j] = order[j - 1];
            dist[j] = dist[j - 1];
        }
        order[j] = o;
        dist[j] = d;
    }
    /* the number of hits, shot by shot: P(at least j hits) */
    float dp[PLAN_SHOTS_MAX + 1] = {1};
    for (int k = 0; k < n; k++)
        for (int j = k + 1; j >= 0; j--)
            dp[j] = dp[j] * (1 - p[k]) + (j > 0 ? dp[j - 1] * p[k] : 0);
    float at_least = 1, total = 0, hits = 0;
    for (int j = 1; j <= n; j++) {
        at_least -= dp[j - 1];
        hits += at_least;
        total += at_least * plan_hit_value(rs, t, order[(j - 1) % no], from, serious_w, defends);
    }
    *v = 10.0f * total;
    if (why && size)
        snprintf(why, size, "fires at %s: %.1f hits, %.1f men down expected", tg->name,
                 (double)hits, (double)total);
    return true;
}

/* ---- candidates ------------------------------------------------------------------------------ */

/* Fire by each unit at the nearest man of every enemy unit (legal() names the nearest three
 * men only, often of one unit). */
static void plan_fires(const rules_state *rs, const table *t, side_id s, plan_out *o)
{
    for (int i = 0; i < t->unit_count; i++) {
        const unit *u = &t->units[i];
        if (u->side.id != s.id)
            continue;
        rules_command c = {.kind = RULES_CMD_FIRE, .side = s, .unit = u->id};
        for (int k = 0; k < t->figure_count; k++) {
            const figure *f = &t->figures[k];
            const cr15_fig *st = cr15_fig_const(rs, f->id);
            if (f->unit.id == u->id.id && cr15_can_act(rs, f) && cr15_weapon_of(rs, f) &&
                !(st->flags & CR15_F_FIRED) && st->reload == 0 && plan_contacts(rs, t, f) == 0)
                rules_command_add_figure(&c, f->id);
        }
        if (c.figure_count == 0)
            continue;
        vec2s at = plan_centre(t, &c);
        for (int j = 0; j < t->unit_count; j++) {
            if (t->units[j].side.id == s.id)
                continue;
            const figure *e = cr15_nearest_of_unit(rs, t, t->units[j].id, at);
            char why[8];
            c.target = e ? e->id : (figure_id){0};
            if (e && !cr15_is_gun(e) && cr15_fire_validate(rs, t, &c, why, sizeof why))
                plan_push(o, &c);
        }
    }
}

/* Each man of the side that must come on, on his own, straight at the enemy man nearest him,
 * stopping just short of contact (contact is a charge's): legal() moves a unit by its first
 * figure's path, so when he is already close the rest of the unit, further off, is held back
 * with him and reaches the charge a move late. */
/* A man already in melee: he no longer fires, and the chargers who reach him next move will
 * find him by themselves; the next attacker is better sent at another (measured, 400 games a
 * side: Zulu 59.2 -> 65.5%, Ansar 93.8 -> 96.8% against easy; "two or more in contact" gave
 * less). */
static bool plan_held(const rules_state *rs, const table *t, const figure *e)
{
    return plan_contacts(rs, t, e) > 0;
}

/* The enemy man nearest p (free: one not yet held), NULL when none; *cm his distance. The
 * nearest is found first and only he is asked whether he is held, then the next nearest... */
static const figure *plan_nearest_man(const rules_state *rs, const table *t, side_id own, vec2s p,
                                      bool free, float *cm)
{
    float floor = -1;
    for (int tries = 0; tries < t->figure_count; tries++) {
        const figure *best = NULL;
        float bd = INFINITY;
        for (int i = 0; i < t->figure_count; i++) {
            const figure *e = &t->figures[i];
            if (e->side.id == own.id || !table_figure_active(e) || cr15_is_gun(e))
                continue;
            float d = (float)geom_point_distance(p, e->pos);
            if (d < bd && d > floor) {
                bd = d;
                best = e;
            }
        }
        if (!best || !free || !plan_held(rs, t, best)) {
            if (cm)
                *cm = bd;
            return best;
        }
        floor = bd; /* held: the next nearest (men at the very same distance are passed over) */
    }
    if (cm)
        *cm = INFINITY;
    return NULL;
}

static void plan_move_at(const rules_state *rs, const table *t, const figure *f, const figure *e,
                         plan_out *o)
{
    float len = (float)geom_point_distance(f->pos, e->pos);
    if (len <= 0)
        return;
    float gap = len - f->base.radius_cm - e->base.radius_cm - 0.5f;
    float dist = fminf(cr15_allowance_cm(rs, t, f, false), gap);
    rules_command c = {.kind = RULES_CMD_MOVE, .side = f->side, .unit = f->unit};
    rules_command_add_figure(&c, f->id);
    float dx = (e->pos.x - f->pos.x) / len, dy = (e->pos.y - f->pos.y) / len;
    float allow = cr15_allowance_cm(rs, t, f, false);
    for (float k = 1; k > 0.2f && dist > 0.5f; k -= 0.25f) {
        /* the allowance in this going and a free spot to stop on (the engine validates the
         * rest: game_bot_commands) */
        c.path[0] = cr15_v2(f->pos.x + dx * dist * k, f->pos.y + dy * dist * k);
        c.path_count = 1;
        vec2s pts[2] = {f->pos, c.path[0]};
        if (c.path[0].x >= 0 && c.path[0].y >= 0 && c.path[0].x <= t->width_cm &&
            c.path[0].y <= t->height_cm && !cr15_overlaps_any(t, f, c.path[0]) &&
            cr15_path_cost_cm(rs, t, pts, 2, allow, NULL) <= allow + 0.01f) {
            plan_push(o, &c);
            return;
        }
    }
}

static void plan_moves(const rules_state *rs, const table *t, side_id s, plan_out *o)
{
    if (rs->time_winner.id == s.id)
        return;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        const cr15_fig *st = &rs->figs[i];
        const cr15_unit *us = cr15_unit_const(rs, f->unit);
        if (f->side.id != s.id || !cr15_can_act(rs, f) || cr15_is_gun(f) ||
            (f->status & FIGURE_STATUS_SERIOUS) || f->role == FIGURE_ROLE_CREW ||
            (st->flags & (CR15_F_MOVED | CR15_F_CHARGING | CR15_F_EVADED | CR15_F_STAYED)) ||
            st->finish.id || (us && us->shaken) || plan_contacts(rs, t, f) > 0)
            continue;
        figure_id near = {0};
        cr15_nearest_enemy_cm(t, f, f->pos, &near);
        const figure *e = table_figure_const(t, near);
        if (!e)
            continue;
        plan_move_at(rs, t, f, e, o);
        /* and at the nearest man not yet in melee, when that is another */
        const figure *fr = plan_nearest_man(rs, t, s, f->pos, true, NULL);
        if (fr && fr != e)
            plan_move_at(rs, t, f, fr, o);
    }
}

bool cr15_plan_move_value(const rules_state *rs, const table *t, const rules_command *cmd, float *v,
                          char *why, size_t size)
{
    const figure *f = cmd->figure_count ? table_figure_const(t, cmd->figures[0]) : NULL;
    if (!f || rs->time_winner.id == cmd->side.id || cmd->path_count == 0 ||
        (f->status & FIGURE_STATUS_SERIOUS) || cr15_is_gun(f))
        return false;
    vec2s end = cmd->path[cmd->path_count - 1];
    float before, after;
    const figure *a = plan_nearest_man(rs, t, cmd->side, f->pos, true, &before);
    const figure *b = plan_nearest_man(rs, t, cmd->side, end, true, &after);
    if (!a || !b)
        return false;
    *v = PLAN_MOVE_CM * (before - after);
    if (why && size)
        snprintf(why, size, "%s closes on %s, not yet held", f->name, b->name);
    return true;
}

int cr15_bot_commands(const rules_state *rs, const table *t, rules_command *out, int max)
{
    plan_out o = {.c = out, .max = max};
    side_id s = cr15_step_side(rs, t);
    switch (rs->phase) {
    case CR15_PHASE_CHARGES:
        plan_charges(rs, t, s, &o);
        break;
    case CR15_PHASE_MOVEMENT:
        plan_moves(rs, t, s, &o);
        break;
    case CR15_PHASE_FIRING:
        plan_fires(rs, t, s, &o);
        break;
    default:
        break;
    }
    return o.n;
}
