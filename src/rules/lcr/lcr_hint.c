/* The bot's hints for Little Colonial Rules (rules_view_ops.bot_value): when to act on a card,
 * when to hold it in reserve to interrupt, and when to play a held card before the enemy's.
 * A card's worth is what its leader's men can shoot now (the odds of targets()), and the
 * danger is how close the enemy stands to them. */
#include "rules/lcr/lcr_hint.h"

#include "rules/lcr/lcr_command.h"
#include "rules/lcr/lcr_deck.h"
#include "rules/lcr/lcr_fire.h"
#include "rules/lcr/lcr_fire_math.h"
#include "rules/lcr/lcr_morale_math.h"
#include "rules/lcr/lcr_move_math.h"
#include "rules/lcr/lcr_state.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

enum { HINT_GROUP_MAX = RULES_CMD_FIGURES_MAX, HINT_TARGETS_MAX = 64 };

/* Ahead of this many cm from the nearest enemy, a held card has nothing to interrupt. */
#define HINT_DANGER_CM 45.0f
/* A demoralised man rallied, against an enemy removed (10): he fights again, and does not run
 * off the table at the End of Turn, for as long as the next pile holds. */
#define HINT_RALLY_WORTH 10.0f
/* A man taken out of the enemy's sight (10: an enemy removed). */
#define HINT_HIDE_WORTH 1.5f
/* Within this many cm of a man, a friend is under the same volley's semicircle (8 firers). */
#define HINT_CROWD_CM 8.0f
/* A friend no longer beside a man the enemy sees (10: an enemy removed). */
#define HINT_SPREAD_WORTH 1.0f
/* Expected casualties at which acting now beats holding the card. */
#define HINT_SHOT_WORTH 0.3f

typedef struct card_use {
    float shot;     /* expected casualties of the group's best shot now */
    int rally;      /* demoralised friends the leader could rally now */
    float enemy_cm; /* nearest enemy to any of the group, cm */
    const char *who;
} card_use;

/* Demoralised friends within the leader's rally reach (half his command radius), while a pile
 * still holds chits: a rally brings them back (docs/rules/lcr.md, section 7). */
static int rally_count(const rules_state *rs, const table *t, const figure *l)
{
    if (!lcr_is_leader(l) || (l->status & FIGURE_STATUS_DEMORALISED) || !table_figure_active(l) ||
        lcr_morale_rally_hold(&rs->morale[l->side.id - 1]) < 0)
        return 0;
    float r = lcr_command_radius(rs->data, l) * rs->data->rally_radius_fraction;
    int n = 0;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        n += f->side.id == l->side.id && table_figure_active(f) && f != l &&
             (f->status & FIGURE_STATUS_DEMORALISED) && geom_point_distance(f->pos, l->pos) <= r;
    }
    return n;
}

static float fire_kills(const rules_state *rs, const table *t, const rules_command *cmd);

/* What the firers of `fire` can expect from one volley at the area target of their centre:
 * only those who reach it (range, sight) join in, and the target is then their centre's. */
static float volley_shot(const rules_state *rs, const table *t, const rules_command *fire)
{
    figure_id near = fire->figure_count
                         ? lcr_area_target(rs, t, fire->side, fire->figures, fire->figure_count)
                         : (figure_id){0};
    const figure *e = table_figure_const(t, near);
    if (!e)
        return 0;
    rules_command ok = *fire;
    ok.figure_count = 0;
    for (int i = 0; i < fire->figure_count; i++) {
        const figure *m = table_figure_const(t, fire->figures[i]);
        const lcr_weapon *w = m ? lcr_data_weapon(rs->data, m->weapon) : NULL;
        int need;
        if (w &&
            lcr_fire_need(w, lcr_hook_range(rs, m, glms_vec2_distance(m->pos, e->pos)), &need,
                          NULL) &&
            !lcr_hidden(rs, t, m->pos, table_posture_eye_ft(m->posture), e, NULL))
            rules_command_add_figure(&ok, m->id);
    }
    if (ok.figure_count == 0)
        return 0;
    ok.target = lcr_area_target(rs, t, ok.side, ok.figures, ok.figure_count);
    return ok.target.id ? fire_kills(rs, t, &ok) : 0;
}

/* The group's best shot now: one volley of them all, or each unit's own (the bot splits a
 * volley by unit where that pays). */
static float group_shot(const rules_state *rs, const table *t, const rules_command *fire)
{
    float whole = volley_shot(rs, t, fire), units = 0;
    for (int i = 0; i < fire->figure_count; i++) {
        const figure *f = table_figure_const(t, fire->figures[i]);
        bool first = true;
        for (int j = 0; j < i && first; j++)
            first = table_figure_const(t, fire->figures[j])->unit.id != f->unit.id;
        if (!first)
            continue;
        rules_command one = {.kind = RULES_CMD_FIRE, .side = fire->side};
        for (int j = i; j < fire->figure_count; j++)
            if (table_figure_const(t, fire->figures[j])->unit.id == f->unit.id)
                rules_command_add_figure(&one, fire->figures[j]);
        units += volley_shot(rs, t, &one);
    }
    return fmaxf(whole, units);
}

static card_use use_of(const rules_state *rs, const table *t, figure_id fig)
{
    card_use u = {.enemy_cm = INFINITY, .who = "the soldier"};
    const figure *f = table_figure_const(t, fig);
    if (!f)
        return u;
    u.who = f->name[0] ? f->name : "the soldier";
    figure_id group[HINT_GROUP_MAX];
    int n = 1;
    group[0] = f->id;
    if (lcr_is_leader(f))
        n = lcr_command_in_command(t, rs->data, f, lcr_command_radius(rs->data, f), group,
                                   HINT_GROUP_MAX);
    rules_command fire = {.kind = RULES_CMD_FIRE, .side = f->side};
    for (int i = 0; i < n; i++) {
        const figure *m = table_figure_const(t, group[i]);
        if (m && lcr_figure_can_fire(rs, m) && fire.figure_count < RULES_CMD_FIGURES_MAX)
            rules_command_add_figure(&fire, m->id);
        for (int k = 0; m && k < t->figure_count; k++) {
            const figure *e = &t->figures[k];
            if (e->side.id != f->side.id && table_figure_active(e))
                u.enemy_cm = fminf(u.enemy_cm, (float)geom_point_distance(m->pos, e->pos));
        }
    }
    u.rally = rally_count(rs, t, f);
    u.shot = group_shot(rs, t, &fire);
    return u;
}

/* A man on a soldier card fires alone at any enemy he sees (individual fire): the best chance
 * of removing one. */
static float individual_shot(const rules_state *rs, const table *t, const figure *f)
{
    const lcr_weapon *w = lcr_data_weapon(rs->data, f->weapon);
    if (!w || !lcr_figure_can_fire(rs, f))
        return 0;
    float best = 0;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *e = &t->figures[i];
        int need;
        if (e->side.id == f->side.id || !table_figure_active(e) ||
            !lcr_fire_need(w, lcr_hook_range(rs, f, glms_vec2_distance(f->pos, e->pos)), &need,
                           NULL) ||
            lcr_hidden(rs, t, f->pos, table_posture_eye_ft(f->posture), e, NULL))
            continue;
        need = lcr_fire_effective_need(rs->data, w, need, lcr_move_is_mounted(f));
        float p = lcr_fire_p_hit(rs->data, need) * (float)(rs->data->save_foot_need - 1) / 6.0f;
        best = fmaxf(best, 1.0f - powf(1.0f - p, (float)w->dice_per_man));
    }
    return best;
}

/* The use of the card `card` (1-based) by `fig`: a soldier card's man shoots alone. */
static card_use use_card(const rules_state *rs, const table *t, figure_id fig, int card)
{
    card_use u = use_of(rs, t, fig);
    const figure *f = table_figure_const(t, fig);
    if (f && card > 0 && card <= rs->deck.card_count &&
        rs->deck.cards[card - 1].kind == LCR_CARD_SOLDIER)
        u.shot = individual_shot(rs, t, f);
    return u;
}

/* The drawn card's leader when it is the enemy's: his men are the danger of the moment. */
static float drawn_threat_cm(const rules_state *rs, const table *t, side_id own)
{
    if (rs->drawn < 0)
        return INFINITY;
    const lcr_card *c = &rs->deck.cards[rs->drawn];
    if (c->side.id == own.id || c->kind != LCR_CARD_LEADER)
        return INFINITY;
    return use_of(rs, t, c->leader).enemy_cm;
}

static void say(char *why, size_t size, const char *what, const card_use *u)
{
    if (why && size)
        snprintf(why, size, "%s %s", what, u->who);
}

/* Enemy firers within range that see a figure standing at `at` (the figure's own eye). */
/* How many of the enemy's firers see `f` standing at `at`, counted up to `limit` (the callers
 * that ask only whether any does pass 1: each firer is a line-of-sight test, and the searches
 * for a spot out of sight ask this of many spots, most of them seen). */
static int firers_seeing(const rules_state *rs, const table *t, const figure *f, vec2s at,
                         int limit)
{
    figure m = *f;
    m.pos = at;
    int n = 0;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *e = &t->figures[i];
        float half, range;
        if (e->side.id == f->side.id || !table_figure_active(e) ||
            (e->status & FIGURE_STATUS_DEMORALISED) || !lcr_figure_can_fire(rs, e) ||
            !lcr_fire_arc(rs, t, e->id, &half, &range) || geom_point_distance(e->pos, at) > range ||
            lcr_hidden(rs, t, e->pos, table_posture_eye_ft(e->posture), &m, NULL))
            continue;
        if (++n >= limit)
            break;
    }
    return n;
}

/* The ground side `sd` must hold (a "hold" condition), or NULL. */
static const geom_polygon *hold_area(const rules_state *rs, side_id sd)
{
    for (int i = 0; rs->scn && i < rs->scn->victory_count; i++) {
        const scenario_victory *v = &rs->scn->victory[i];
        if (v->side.id == sd.id && strcmp(v->kind, "hold") == 0 && v->area.count >= 3)
            return &v->area;
    }
    return NULL;
}

/* Whether most of side `sd`'s figures in play carry firearms: its riflemen, not its blades, do
 * the fighting (Baler's besiegers; not the Moro war bands with a few muskets). */
static bool side_shoots(const rules_state *rs, const table *t, side_id sd)
{
    int all = 0, shooters = 0;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        if (f->side.id != sd.id || !table_figure_active(f))
            continue;
        all++;
        shooters += lcr_figure_can_fire(rs, f);
    }
    return 2 * shooters > all;
}

/* A move away from the enemy (the bot's own candidate, beside legal()'s moves toward him) is
 * worth the men it takes out of the enemy's sight, into the ground the side must hold: men
 * who cannot shoot back, standing in the open under rifles, are only shot there. */
static bool withdrawal_value(const rules_state *rs, const table *t, const rules_command *cmd,
                             float *v, char *why, size_t size)
{
    const figure *f = cmd->figure_count ? table_figure_const(t, cmd->figures[0]) : NULL;
    if (!f || cmd->path_count != 1)
        return false;
    figure_id e = lcr_nearest_enemy_any(rs, t, f->side, f->pos);
    const figure *ef = table_figure_const(t, e);
    vec2s delta = glms_vec2_sub(cmd->path[0], f->pos);
    if (!ef || geom_point_distance(cmd->path[0], ef->pos) <= geom_point_distance(f->pos, ef->pos))
        return false;
    const geom_polygon *hold = hold_area(rs, f->side);
    if (!hold && !side_shoots(rs, t, f->side))
        return false;
    int saved = 0, shooters = 0;
    for (int i = 0; i < cmd->figure_count; i++) {
        const figure *m = table_figure_const(t, cmd->figures[i]);
        if (!m || lcr_figure_can_fire(rs, m))
            shooters++;
        vec2s end = glms_vec2_add(m ? m->pos : f->pos, delta);
        if (m && (!hold || geom_point_in_polygon(end, hold)) &&
            firers_seeing(rs, t, m, m->pos, 1) > 0 && firers_seeing(rs, t, m, end, 1) == 0)
            saved++;
    }
    if (saved == 0 || shooters > 0)
        return false;
    *v = HINT_HIDE_WORTH * (float)saved;
    if (why && size)
        snprintf(why, size, "%s takes %d %s back out of the enemy's sight", lcr_name(t, f->id),
                 saved, saved == 1 ? "man" : "men");
    return true;
}

/* Friends of f within `cm` of `at` (f left out): the figures one volley's semicircle would
 * find beside him. */
static int crowd_at(const table *t, const figure *f, vec2s at, float cm)
{
    int n = 0;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *o = &t->figures[i];
        n += o != f && o->side.id == f->side.id && table_figure_active(o) &&
             geom_point_distance(o->pos, at) <= cm;
    }
    return n;
}

/* A man whom the enemy's rifles see stepping away from his friends in the same ground, inside
 * the ground his side must hold (the bot's own candidate; the attackers have better to do
 * with a move): area fire's hits fall on every figure inside a semicircle about as
 * wide as the firers are many, so men standing close together are shot down several at a
 * volley (Baler's roof). Worth the friends he no longer stands beside. */
static bool spread_value(const rules_state *rs, const table *t, const rules_command *cmd, float *v,
                         char *why, size_t size)
{
    const figure *f = cmd->figure_count == 1 ? table_figure_const(t, cmd->figures[0]) : NULL;
    const geom_polygon *hold = f ? hold_area(rs, f->side) : NULL;
    if (!f || !hold || cmd->path_count != 1 || !geom_point_in_polygon(f->pos, hold) ||
        table_areas_at(t, f->pos) != table_areas_at(t, cmd->path[0]))
        return false;
    vec2s end = cmd->path[0];
    int before = crowd_at(t, f, f->pos, HINT_CROWD_CM), after = crowd_at(t, f, end, HINT_CROWD_CM);
    if (after >= before)
        return false;
    int seen_here = firers_seeing(rs, t, f, f->pos, INT_MAX);
    if (seen_here == 0 || firers_seeing(rs, t, f, end, seen_here + 1) > seen_here)
        return false;
    *v = HINT_SPREAD_WORTH * (float)(before - after);
    if (why && size)
        snprintf(why, size, "%s spreads out so that one volley cannot bring down his neighbours",
                 lcr_name(t, f->id));
    return true;
}

/* Expected casualties of `hits` expected hits (after saves) spread over `inside` figures: hits
 * beyond the figures inside the semicircle are lost. The hits are near enough Poisson (many
 * dice, each with a small chance): E[min(H, inside)] = sum over k = 1..inside of P(H >= k). */
static float capped_kills(float hits, int inside)
{
    float p = expf(-hits), below = 0, sum = 0; /* p = P(H = k), below = P(H < k) */
    for (int k = 1; k <= inside; k++) {
        below += p;
        sum += 1.0f - below;
        p *= hits / (float)k;
    }
    return sum;
}

/* Enemy figures inside the semicircle area fire from `from` at `target` would land in. */
static int figures_inside(const rules_state *rs, const table *t, vec2s from, const figure *target,
                          float radius)
{
    vec2s away = glms_vec2_sub(target->pos, from);
    int n = 0;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *e = &t->figures[i];
        n += e->side.id == target->side.id && table_figure_active(e) &&
             !(rs->flags[i] & LCR_FF_ENGAGED) &&
             lcr_fire_in_semicircle(target->pos, away, radius, e->pos);
    }
    return n;
}

/* Casualties expected from the fire `cmd` (targets()' odds), area fire counting only the hits
 * that find a figure inside its semicircle. */
static float fire_kills(const rules_state *rs, const table *t, const rules_command *cmd)
{
    rules_target tg[HINT_TARGETS_MAX];
    int n = lcr_fire_targets(rs, t, cmd, tg, HINT_TARGETS_MAX);
    for (int i = 0; i < n; i++) {
        if (tg[i].figure.id != cmd->target.id)
            continue;
        if (tg[i].area_radius_cm <= 0)
            return tg[i].expected_kills;
        const figure *e = table_figure_const(t, tg[i].figure);
        vec2s c = lcr_centroid(t, cmd->figures, cmd->figure_count);
        return capped_kills(tg[i].expected_hits, figures_inside(rs, t, c, e, tg[i].area_radius_cm));
    }
    return 0;
}

/* A volley or an aimed shot (guns are left to the generic score): its expected casualties. */
static bool fire_value(const rules_state *rs, const table *t, const rules_command *cmd, float *v,
                       char *why, size_t size)
{
    if (cmd->option[0] || cmd->point_set || cmd->figure_count == 0)
        return false;
    float k = fire_kills(rs, t, cmd);
    *v = 10.0f * k;
    if (why && size)
        snprintf(why, size, "fires at %s: %.1f casualties expected", lcr_name(t, cmd->target),
                 (double)k);
    return true;
}

/* ---- the attack of the blades ------------------------------------------------------------
 * Men with blades only (kris, spear, bolo) against an enemy with firearms who holds ground: they
 * must close or lose at the turn limit, and in the open they are only shot. So they come on from
 * cover to cover (the jungle hides a man more than 2.5 cm inside it), go in together when most of
 * their side is close enough to strike, and charge home whenever the move reaches the enemy. */

/* A man this close (cm) to the enemy's nearest man has come as far as he need before the rush. */
#define HINT_STRIKE_CM 24.0f
/* The share of the side's blades close enough to strike before they leave cover together. */
#define HINT_READY_SHARE 0.6f
/* A step this long (cm) from a man in cover toward the enemy: seen there, he is at its edge. */
#define HINT_EDGE_STEP_CM 3.0f
/* Room left between two bases (cm) when a man takes his place in cover. */
#define HINT_GAP_CM 0.3f
/* Within this many cm of the enemy, a man in cover is up with the first (the second line). */
#define HINT_STAGE_CM 30.0f
/* The enemies a blade looks at for a charge: within this many cm (a move's 20 and his base). */
#define HINT_CHARGE_LOOK_CM 24.0f
/* A man who reaches the enemy (10: an enemy removed; the combat after contact is even). */
#define HINT_CHARGE_WORTH 5.0f
/* Per cm closed on the enemy without his rifles seeing the man at the end. */
#define HINT_CREEP_WORTH 0.15f
/* A man leaves cover with the rest only for a place this close (cm) to his prey: the next move
 * strikes home (a move is 20 cm, less the jungle and a wall on the way). */
#define HINT_RUSH_CM 14.0f
/* Per cm closed in the open when the side goes in together. */
#define HINT_RUSH_WORTH 0.1f
/* A man stepping out alone into the rifles' sight, short of the enemy. */
#define HINT_EXPOSED_COST 1.0f

/* Whether the side must take ground the enemy holds (a "hold" condition of his) and holds none
 * itself: the attacker, whose blades must close. */
static bool side_attacks(const rules_state *rs, side_id sd)
{
    bool foe_holds = false;
    for (int i = 0; rs->scn && i < rs->scn->victory_count; i++) {
        const scenario_victory *v = &rs->scn->victory[i];
        if (strcmp(v->kind, "hold") != 0 || v->area.count < 3)
            continue;
        if (v->side.id == sd.id)
            return false;
        foe_holds |= v->side.id != 0;
    }
    return foe_holds;
}

/* The ground the enemy of `sd` must hold (NULL when none). */
static const geom_polygon *foe_ground(const rules_state *rs, side_id sd)
{
    for (int i = 0; rs->scn && i < rs->scn->victory_count; i++) {
        const scenario_victory *v = &rs->scn->victory[i];
        if (v->side.id && v->side.id != sd.id && strcmp(v->kind, "hold") == 0 && v->area.count >= 3)
            return &v->area;
    }
    return NULL;
}

/* A blade's prey: the nearest enemy standing outside the ground his side holds (behind its wall
 * the rifles wait for the blades; the men outside can be caught), else the nearest. */
static const figure *prey_of(const rules_state *rs, const table *t, const figure *f)
{
    const geom_polygon *held = foe_ground(rs, f->side);
    const figure *best = NULL;
    float best_cm = INFINITY;
    for (int i = 0; held && i < t->figure_count; i++) {
        const figure *e = &t->figures[i];
        float cm;
        if (e->side.id != f->side.id && table_figure_active(e) &&
            !geom_point_in_polygon(e->pos, held) &&
            (cm = glms_vec2_distance(e->pos, f->pos)) < best_cm) {
            best_cm = cm;
            best = e;
        }
    }
    return best ? best : table_figure_const(t, lcr_nearest_enemy_any(rs, t, f->side, f->pos));
}

/* A blade of an attacking side whose nearest enemy shoots: the men this play is for; his prey
 * (prey_of) or NULL. */
static const figure *blade_foe(const rules_state *rs, const table *t, const figure *f)
{
    if (!f || !table_figure_active(f) || lcr_figure_can_fire(rs, f) || !side_attacks(rs, f->side))
        return NULL;
    const figure *e = table_figure_const(t, lcr_nearest_enemy_any(rs, t, f->side, f->pos));
    if (!e || !lcr_figure_can_fire(rs, e))
        return NULL;
    return prey_of(rs, t, f);
}

/* The enemy's nearest man to `at`, cm. */
static float foe_cm(const table *t, side_id own, vec2s at, const figure **who)
{
    float best = INFINITY;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *e = &t->figures[i];
        float d;
        if (e->side.id != own.id && table_figure_active(e) &&
            (d = glms_vec2_distance(e->pos, at)) < best) {
            best = d;
            if (who)
                *who = e;
        }
    }
    return best;
}

/* The enemy within contact (edge to edge) of a man standing at `at`, or NULL. */
static const figure *touching(const rules_state *rs, const table *t, const figure *f, vec2s at)
{
    for (int i = 0; i < t->figure_count; i++) {
        const figure *e = &t->figures[i];
        if (e->side.id != f->side.id && table_figure_active(e) &&
            glms_vec2_distance(e->pos, at) - lcr_radius(e) - lcr_radius(f) <= rs->data->contact_cm)
            return e;
    }
    return NULL;
}

/* Whether a blade has come as far as he may unseen: close enough to strike, or in cover at its
 * edge toward the enemy (a step on and their rifles see him). */
static bool blade_staged(const rules_state *rs, const table *t, const figure *f)
{
    const figure *e = NULL;
    float cm = foe_cm(t, f->side, f->pos, &e);
    if (cm <= HINT_STRIKE_CM)
        return true;
    if (!e || firers_seeing(rs, t, f, f->pos, 1) > 0)
        return false;
    if (cm <= HINT_STAGE_CM)
        return true;
    vec2s step = glms_vec2_scale(glms_vec2_sub(e->pos, f->pos), HINT_EDGE_STEP_CM / cm);
    return firers_seeing(rs, t, f, glms_vec2_add(f->pos, step), 1) > 0;
}

/* The last answer of blades_ready, by the table and where every figure stands and how (the
 * moves of one decision are valued against the same table, and each asks): one per thread, as
 * matches are. A hit is the answer the count would give, so the games do not depend on it. */
static _Thread_local struct {
    const table *t;
    uint32_t side, key;
    bool ready;
} ready_memo;

static uint32_t stand_key(const table *t, side_id sd)
{
    uint32_t h = 2166136261u;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        uint32_t w[4];
        memcpy(&w[0], &f->pos.x, 4);
        memcpy(&w[1], &f->pos.y, 4);
        w[2] = f->status;
        w[3] = (uint32_t)table_figure_active(f) | (f->side.id == sd.id ? 2u : 0u);
        for (int k = 0; k < 4; k++)
            h = (h ^ w[k]) * 16777619u;
    }
    return h;
}

/* Whether most of the side's blades have come as far as they may unseen: then they go in
 * together, rather than one band at a time into the rifles. */
static bool blades_ready(const rules_state *rs, const table *t, side_id sd)
{
    uint32_t key = stand_key(t, sd);
    if (ready_memo.t == t && ready_memo.side == sd.id && ready_memo.key == key)
        return ready_memo.ready;
    int all = 0, staged = 0;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        if (f->side.id != sd.id || !table_figure_active(f) || lcr_figure_can_fire(rs, f) ||
            (f->status & FIGURE_STATUS_DEMORALISED))
            continue;
        all++;
        staged += blade_staged(rs, t, f);
    }
    bool ready = all > 0 && (float)staged >= HINT_READY_SHARE * (float)all;
    ready_memo.t = t;
    ready_memo.side = sd.id;
    ready_memo.key = key;
    ready_memo.ready = ready;
    return ready;
}

/* Where a man ends a move of `delta`: a raw man goes his whole roll, its mean (3d6: 10.5 cm). */
static vec2s move_end(const rules_state *rs, const table *t, const figure *f, vec2s delta)
{
    const lcr_move_class *mc = lcr_move_class_of(rs->data, f);
    if (!mc->must_move_all)
        return glms_vec2_add(f->pos, delta);
    path_desc pd = lcr_path_desc(rs);
    path_result res;
    float mean = mc->base_cm + (float)mc->dice * ((float)mc->sides + 1.0f) * 0.5f;
    return lcr_path_reach(rs, t, &pd, f->pos, geom_angle_of(delta),
                          fminf(mean, mc->max_cm) / lcr_hook_move_factor(rs, f), &res);
}

/* A blade's move (legal()'s toward the enemy, or the bot's own from cover to cover): a charge
 * home is worth a good part of an enemy, ground gained out of the rifles' sight a little, and
 * stepping into the open short of the enemy costs unless the side goes in together. */
static bool attack_value(const rules_state *rs, const table *t, const rules_command *cmd, float *v,
                         char *why, size_t size)
{
    const figure *f = cmd->figure_count ? table_figure_const(t, cmd->figures[0]) : NULL;
    const figure *foe = blade_foe(rs, t, f);
    if (!foe || cmd->path_count != 1)
        return false;
    vec2s delta = glms_vec2_sub(cmd->path[0], f->pos);
    bool ready = blades_ready(rs, t, f->side);
    float sum = 0;
    int charged = 0, crept = 0, exposed = 0;
    const figure *aim = foe;
    for (int i = 0; i < cmd->figure_count; i++) {
        const figure *m = table_figure_const(t, cmd->figures[i]);
        if (!m)
            continue;
        vec2s end = move_end(rs, t, m, delta);
        const figure *hit = touching(rs, t, m, end);
        float before = glms_vec2_distance(m->pos, foe->pos),
              after = glms_vec2_distance(end, foe->pos);
        if (hit) {
            sum += HINT_CHARGE_WORTH;
            charged++;
            aim = hit;
        } else if (firers_seeing(rs, t, m, end, 1) == 0) {
            sum += HINT_CREEP_WORTH * fmaxf(0, before - after);
            crept += before - after > 0.5f;
        } else if ((ready && after <= HINT_RUSH_CM) || firers_seeing(rs, t, m, m->pos, 1) > 0) {
            sum += HINT_RUSH_WORTH * (before - after);
        } else {
            sum -= HINT_EXPOSED_COST;
            exposed++;
        }
    }
    /* one man left alone in the open is the enemy's volley: no ground gained pays for him */
    *v = exposed ? -HINT_EXPOSED_COST * (float)exposed : sum;
    if (!why || !size)
        return true;
    const char *who = lcr_name(t, f->id);
    if (charged)
        snprintf(why, size, "%s charges home on %s", who, lcr_name(t, aim->id));
    else if (exposed)
        snprintf(why, size, "%s would be shot down alone in the open before the rest come up", who);
    else if (crept)
        snprintf(why, size, "%s creeps closer to %s, out of sight of their rifles", who,
                 lcr_name(t, aim->id));
    else
        snprintf(why, size, "%s goes in with the rest of the war band", who);
    return true;
}

/* Whether a base of f's at `at` stays clear of every other base (a friend in the way stops a
 * mover short: the cover is someone else's). */
static bool spot_free(const table *t, const figure *f, vec2s at)
{
    for (int i = 0; i < t->figure_count; i++) {
        const figure *o = &t->figures[i];
        if (o != f && table_figure_active(o) &&
            glms_vec2_distance(o->pos, at) < lcr_radius(o) + lcr_radius(f) + HINT_GAP_CM)
            return false;
    }
    return true;
}

/* The point nearest the enemy `e` a move of `f` may end at (its reach over the terrain, straight
 * at him or up to 60 degrees aside, so the men behind find room beside the first) that no enemy
 * rifle sees and no other base holds: the next cover on the way, else none (false). */
static bool cover_toward(const rules_state *rs, const table *t, const figure *f, const figure *e,
                         vec2s *out)
{
    const lcr_move_class *mc = lcr_move_class_of(rs->data, f);
    if (mc->must_move_all)
        return false; /* the dice decide how far: no stopping at the cover */
    vec2s d = glms_vec2_sub(e->pos, f->pos);
    float dist = glms_vec2_norm(d), best = dist - 1.0f;
    if (dist < 1.0f)
        return false;
    path_desc pd = lcr_path_desc(rs);
    float toward = geom_angle_of(d);
    bool found = false;
    for (int a = 0; a < 5; a++) {
        static const float turn[5] = {0, 0.52f, -0.52f, 1.05f, -1.05f};
        float angle = toward + turn[a];
        path_result res;
        vec2s reach = lcr_path_reach(rs, t, &pd, f->pos, angle,
                                     mc->max_cm / lcr_hook_move_factor(rs, f), &res);
        float go = glms_vec2_distance(reach, f->pos) * 0.98f;
        for (int k = 8; k >= 1 && go * (float)k / 8.0f >= 1.0f; k--) {
            vec2s end =
                glms_vec2_add(f->pos, glms_vec2_scale(geom_dir(angle), go * (float)k / 8.0f));
            float cm = glms_vec2_distance(end, e->pos);
            if (cm < best && spot_free(t, f, end) && firers_seeing(rs, t, f, end, 1) == 0) {
                best = cm;
                *out = end;
                found = true;
                break;
            }
        }
    }
    return found;
}

/* A straight move of `f` to contact with `e` (the point short of his base by half the contact
 * distance), when his allowance may reach it over the terrain. */
static bool charge_at(const rules_state *rs, const table *t, const figure *f, const figure *e,
                      rules_command *out)
{
    const lcr_move_class *mc = lcr_move_class_of(rs->data, f);
    vec2s d = glms_vec2_sub(e->pos, f->pos);
    float dist = glms_vec2_norm(d);
    float touch = lcr_radius(f) + lcr_radius(e) + 0.5f * rs->data->contact_cm;
    float allow = mc->max_cm / lcr_hook_move_factor(rs, f);
    if (mc->must_move_all || dist - touch < 0.5f || dist - touch > allow)
        return false;
    vec2s pts[2] = {f->pos, glms_vec2_add(f->pos, glms_vec2_scale(d, (dist - touch) / dist))};
    path_desc pd = lcr_path_desc(rs);
    if (!lcr_path_ends(rs, t, &pd, pts, 2, allow))
        return false;
    *out = (rules_command){.kind = RULES_CMD_MOVE, .side = f->side, .path_count = 1};
    rules_command_add_figure(out, f->id);
    out->path[0] = pts[1];
    return true;
}

int lcr_bot_commands(const rules_state *rs, const table *t, rules_command *out, int max)
{
    if (rs->active < 0 || max <= 0)
        return 0;
    int n = 0;
    for (int i = lcr_activated_next(rs, t, -1); i >= 0 && n < max;
         i = lcr_activated_next(rs, t, i)) {
        const figure *f = &t->figures[i];
        if (!(rs->flags[i] & LCR_FF_ACTIVATED) || !lcr_may_act(rs, t, f->id, NULL, 0) ||
            lcr_hook_immobile(rs, f))
            continue;
        vec2s at;
        const figure *foe = blade_foe(rs, t, f);
        if (!foe)
            continue;
        if (firers_seeing(rs, t, f, f->pos, 1) == 0 && cover_toward(rs, t, f, foe, &at)) {
            rules_command c = {.kind = RULES_CMD_MOVE, .side = f->side, .path_count = 1};
            rules_command_add_figure(&c, f->id);
            c.path[0] = at;
            out[n++] = c;
        }
        /* every enemy his move may reach, not only the nearest (legal()'s) */
        for (int k = 0; k < t->figure_count && n < max; k++) {
            const figure *e = &t->figures[k];
            if (e != foe && e->side.id != f->side.id && table_figure_active(e) &&
                glms_vec2_distance(e->pos, f->pos) <= HINT_CHARGE_LOOK_CM &&
                charge_at(rs, t, f, e, &out[n]))
                n++;
        }
    }
    return n;
}

bool lcr_bot_value(const rules_state *rs, const table *t, const rules_command *cmd, float *v,
                   char *why, size_t size)
{
    card_use u;
    switch (cmd->kind) {
    case RULES_CMD_RALLY: {
        const figure *l = table_figure_const(t, cmd->figure.id ? cmd->figure : rs->actor);
        int n = l ? rally_count(rs, t, l) : 0;
        *v = HINT_RALLY_WORTH * (float)n;
        if (why && size)
            snprintf(why, size, "%s rallies %d demoralised %s",
                     l && l->name[0] ? l->name : "the leader", n, n == 1 ? "man" : "men");
        return true;
    }
    case RULES_CMD_ACTIVATE:
        u = use_card(rs, t, cmd->figure, cmd->card);
        *v = 1.0f + 10.0f * u.shot + (u.enemy_cm < HINT_DANGER_CM ? 0.5f : 0);
        if (u.rally > 0 && 1.0f + HINT_RALLY_WORTH * (float)u.rally > *v) {
            *v = 1.0f + HINT_RALLY_WORTH * (float)u.rally;
            if (why && size)
                snprintf(why, size, "acts with %s to rally %d demoralised %s", u.who, u.rally,
                         u.rally == 1 ? "man" : "men");
        } else if (why && size && u.shot > 0)
            snprintf(why, size, "acts with %s: a shot worth %.1f casualties", u.who,
                     (double)u.shot);
        else if (why && size)
            snprintf(why, size, "acts with %s to move his men while nothing is in their sights",
                     u.who);
        return true;
    case RULES_CMD_RESERVE_CARD: {
        if (rs->drawn < 0)
            return false;
        const lcr_card *c = &rs->deck.cards[rs->drawn];
        u = use_of(rs, t, c->kind == LCR_CARD_LEADER ? c->leader : (figure_id){0});
        if (c->kind != LCR_CARD_LEADER)
            u.who = "the soldier";
        /* nothing to shoot yet, but the enemy near: keep the card to strike first later */
        bool hold = u.shot < HINT_SHOT_WORTH && u.enemy_cm < HINT_DANGER_CM;
        *v = hold ? 2.5f : -1.0f;
        if (why && size)
            snprintf(why, size, "holds %s's card to interrupt", u.who);
        return true;
    }
    case RULES_CMD_PLAY_RESERVED: {
        u = use_card(rs, t, cmd->figure, cmd->card);
        float threat = drawn_threat_cm(rs, t, cmd->side);
        bool interrupt = rs->drawn >= 0 && rs->deck.cards[rs->drawn].side.id != cmd->side.id;
        if (!interrupt) {
            /* its own card came up: the held one is used like it (held cards go back at the
             * End of Turn card) */
            *v = 1.0f + 10.0f * u.shot;
            say(why, size, "plays the card it held for", &u);
        } else if (u.shot >= HINT_SHOT_WORTH) {
            *v = 1.5f + 10.0f * u.shot;
            say(why, size, interrupt ? "interrupts to fire first with" : "plays the card held for",
                &u);
        } else if (interrupt && threat < HINT_DANGER_CM * 0.6f) {
            *v = 2.0f;
            say(why, size, "interrupts before the enemy's men close in, with", &u);
        } else if (rs->deck.draw_count <= 3) {
            *v = 1.0f + 10.0f * u.shot;
            say(why, size, "uses its held card before the turn ends, with", &u);
        } else {
            *v = 0.2f;
            say(why, size, "has nothing worth interrupting for with", &u);
        }
        return true;
    }
    case RULES_CMD_PASS:
        if (rs->drawn < 0 || rs->active >= 0)
            return false;
        *v = 0.5f;
        if (why && size)
            snprintf(why, size, "keeps its reserved card for a better moment");
        return true;
    case RULES_CMD_REFORM:
        return attack_value(rs, t, cmd, v, why, size);
    case RULES_CMD_MOVE:
        return withdrawal_value(rs, t, cmd, v, why, size) ||
               spread_value(rs, t, cmd, v, why, size) || attack_value(rs, t, cmd, v, why, size);
    case RULES_CMD_FIRE:
        return fire_value(rs, t, cmd, v, why, size);
    default:
        return false;
    }
}
