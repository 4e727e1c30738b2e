/* The normal level scores every legal command (the rule set's bot_value first, then generic
 * scores that read the rule set's odds and the scenario's victory conditions), using only
 * game.h, never a rule set's own header. The hard level (bot_hard.c) reads these scores. */
#include "game/bot_plan.h"

#include "core/geom.h"
#include "core/mem.h"
#include "game/game_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    PLAN_LEGAL_MAX = 512,
    PLAN_TARGETS_MAX = 128,
};

/* Closer than this, edge to edge, a move has reached the enemy (close combat, a melee). */
#define PLAN_TOUCH_CM 3.0f

typedef struct plan_memo {
    bool valid;
    rules_command firers;
    rules_target tg[PLAN_TARGETS_MAX];
    int n;
} plan_memo;

/* How the deciding side wins, from the scenario's victory conditions. */
typedef struct posture {
    side_id side;
    bool defend;                  /* wins by lasting out the turns or holding ground */
    const geom_polygon *hold_own; /* ground this side must hold */
    const geom_polygon *hold_foe; /* ground the enemy must hold: go for it */
    bool foe_lasts;               /* the enemy wins by lasting out the turns or holding ground */
    bool early;                   /* half the turns or fewer gone */
    bool late; /* a side that must win by force, with half the turns gone: no more waiting */
} posture;

struct bot_plan {
    rules_command cmds[PLAN_LEGAL_MAX];
    float score[PLAN_LEGAL_MAX];
    int dirty;
    long work; /* candidates scored since creation: the hard level's measure of its spending */
    plan_memo memo;
    int trace; /* SANDTABLE_PLAN_TRACE (experiments only): 1 each pick, 2 every candidate */
};

bot_plan *bot_plan_create(void)
{
    bot_plan *p = mem_calloc(1, sizeof(bot_plan));
    const char *trace = getenv("SANDTABLE_PLAN_TRACE");
    p->trace = trace ? atoi(trace) : 0;
    return p;
}

void bot_plan_destroy(bot_plan *p)
{
    free(p);
}

/* ---- the normal level's scores ------------------------------------------------------------- */

static posture posture_of(const game *g, side_id who)
{
    posture p = {.side = who};
    const scenario *sc = game_scenario(g);
    int limit = 0;
    for (int i = 0; sc && i < sc->victory_count; i++) {
        const scenario_victory *v = &sc->victory[i];
        bool own = v->side.id == who.id, foe = v->side.id && !own;
        bool lasts = strcmp(v->kind, "turns") == 0 || strcmp(v->kind, "hold") == 0;
        p.defend |= own && lasts;
        p.foe_lasts |= foe && lasts;
        if (strcmp(v->kind, "turns") == 0 && v->turns > 0)
            limit = v->turns;
        if (strcmp(v->kind, "hold") == 0 && v->area.count >= 3) {
            if (own)
                p.hold_own = &v->area;
            else if (foe)
                p.hold_foe = &v->area;
        }
    }
    p.late = !p.defend && !p.hold_foe && limit > 0 && 2 * game_turn(g) > limit;
    p.early = limit > 0 && 2 * game_turn(g) <= limit;
    return p;
}

static const figure *actor_of(const table *t, const rules_command *c)
{
    if (c->figure_count > 0)
        return table_figure_const(t, c->figures[0]);
    if (c->figure.id)
        return table_figure_const(t, c->figure);
    for (int i = 0; c->unit.id && i < t->figure_count; i++)
        if (t->figures[i].unit.id == c->unit.id && table_figure_active(&t->figures[i]))
            return &t->figures[i];
    return NULL;
}

/* The nearest enemy `own` can see (game_visible): a concealed unit is not closed on. */
static const figure *nearest_enemy(const game *g, side_id own, vec2s p, float *cm)
{
    return game_nearest_enemy(g, own, p, cm);
}

static const char *name_of(const table *t, const figure *f)
{
    if (!f)
        return "the enemy";
    if (f->name[0])
        return f->name;
    const unit *u = table_unit_const(t, f->unit);
    return u && u->name[0] ? u->name : "the enemy";
}

static rules_command firers_of(const rules_command *c)
{
    rules_command f = {.kind = c->kind,
                       .side = c->side,
                       .figure = c->figure,
                       .unit = c->unit,
                       .figure_count = c->figure_count};
    memcpy(f.figures, c->figures, sizeof f.figures);
    memcpy(f.option, c->option, sizeof f.option);
    return f;
}

/* The odds of the target the command names (by figure or by unit), from targets(). */
static const rules_target *target_of(const game *g, const rules_command *c, plan_memo *memo)
{
    rules_command f = firers_of(c);
    if (!memo->valid || memcmp(&f, &memo->firers, sizeof f) != 0) {
        memo->firers = f;
        memo->n = game_targets(g, c, memo->tg, PLAN_TARGETS_MAX);
        memo->valid = true;
    }
    const rules_target *best = NULL;
    float best_v = -1;
    for (int i = 0; i < memo->n; i++) {
        const rules_target *t = &memo->tg[i];
        bool named = (c->target.id && t->figure.id == c->target.id) ||
                     (!c->target.id && c->target_unit.id && t->unit.id == c->target_unit.id) ||
                     (!c->target.id && !c->target_unit.id);
        float v = t->expected_kills > 0 ? t->expected_kills : t->expected_hits * 0.5f;
        if (named && v > best_v) {
            best_v = v;
            best = t;
        }
    }
    return best;
}

static float target_value(const rules_target *t)
{
    return !t ? 0 : t->expected_kills > 0 ? t->expected_kills : t->expected_hits * 0.5f;
}

/* Ground gained toward the enemy and the objectives. */
static float move_value(const game *g, const rules_command *c, const posture *p, char *why,
                        size_t size)
{
    const table *t = game_table(g);
    const figure *f = actor_of(t, c);
    if (!f || c->path_count == 0) {
        if (why)
            snprintf(why, size, "%s moves up", f ? name_of(t, f) : "its men");
        return 0;
    }
    vec2s end = c->path[c->path_count - 1];
    float before, after;
    const figure *foe = nearest_enemy(g, f->side, f->pos, &before);
    nearest_enemy(g, f->side, end, &after);
    /* Muskets against blades stand once in range and let them come; blades against muskets
     * wait for them (in their cover: an ambush) unless the move strikes home, when they hold
     * ground or when the enemy must come to them (he wins only by force and the turn limit is
     * a draw) until half the turns are gone. Either way stepping closer is what the enemy
     * wants. */
    float range = 0, half, none;
    bool shoots = game_arc(g, f->id, &half, &range) && range > 0;
    bool foe_shoots = foe && game_arc(g, foe->id, &half, &none);
    float touch = foe ? f->base.radius_cm + foe->base.radius_cm + PLAN_TOUCH_CM : 0;
    bool stand = foe && shoots && !foe_shoots && after < range && !p->late;
    bool wait = foe && (p->defend || (!p->foe_lasts && !p->late) || p->early) && !shoots &&
                foe_shoots && after > touch;
    /* a side that lasts out holds its firing line: its shooters stand and let the enemy come */
    stand = stand || (foe && p->defend && shoots);
    float v = 0;
    if (isfinite(before) && isfinite(after))
        v += (stand || wait ? -0.08f : p->defend ? 0.03f : 0.08f) * (before - after);
    if (p->hold_own) {
        float d0 = (float)geom_point_polygon_distance(f->pos, p->hold_own);
        float d1 = (float)geom_point_polygon_distance(end, p->hold_own);
        v += 0.2f * (d0 - d1) - (d0 <= 0 && d1 > 0 ? 4.0f : 0);
        if (why && d1 <= 0 && d0 > 0)
            snprintf(why, size, "moves %s into the ground it must hold", name_of(t, f));
        else if (why && d0 <= 0 && d1 <= 0)
            snprintf(why, size, "%s keeps to the ground it must hold", name_of(t, f));
    }
    if (p->hold_foe && !wait) {
        float d0 = (float)geom_point_polygon_distance(f->pos, p->hold_foe);
        float d1 = (float)geom_point_polygon_distance(end, p->hold_foe);
        v += 0.1f * (d0 - d1);
    }
    if (why && !why[0])
        snprintf(why, size, "%s %s %s", name_of(t, f),
                 after < before ? "closes on" : "draws back from", name_of(t, foe));
    return v;
}

static float rally_value(const game *g, const rules_command *c)
{
    const table *t = game_table(g);
    const uint32_t bad = FIGURE_STATUS_SHAKEN | FIGURE_STATUS_DEMORALISED;
    int n = 0;
    for (int i = 0; i < c->figure_count; i++) {
        const figure *f = table_figure_const(t, c->figures[i]);
        n += f && (f->status & bad);
    }
    for (int i = 0; c->figure_count == 0 && c->unit.id && i < t->figure_count; i++)
        n += t->figures[i].unit.id == c->unit.id && (t->figures[i].status & bad);
    return 3.0f * (float)n;
}

/* The name a player knows the enemy nearest f by: his unit's ("Datu Ali's band"), else his
 * side's. */
static const char *foe_unit_name(const game *g, const figure *f)
{
    float cm;
    const table *t = game_table(g);
    const figure *e = f ? nearest_enemy(g, f->side, f->pos, &cm) : NULL;
    const unit *u = e ? table_unit_const(t, e->unit) : NULL;
    if (u && u->name[0])
        return u->name;
    return e ? table_side_label(t, e->side, "the enemy") : "the enemy";
}

/* The nearest man of f's own unit to `at`, f left out (NULL when he stands alone). */
static const figure *nearest_mate(const table *t, const figure *f, vec2s at)
{
    const figure *best = NULL;
    float best_cm = INFINITY;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *o = &t->figures[i];
        float cm = glms_vec2_distance(o->pos, at);
        if (o != f && o->unit.id == f->unit.id && table_figure_active(o) && cm < best_cm) {
            best_cm = cm;
            best = o;
        }
    }
    return best;
}

/* Reform: men closing the gaps of their line (lcr: up to 5 cm). */
static void reform_reason(const game *g, const rules_command *c, const posture *p, char *why,
                          size_t size)
{
    const table *t = game_table(g);
    const figure *f = actor_of(t, c);
    const figure *mate = f ? nearest_mate(t, f, c->path_count ? c->path[0] : f->pos) : NULL;
    float cm;
    const figure *e = f ? nearest_enemy(g, f->side, f->pos, &cm) : NULL;
    if (mate && e && cm < 60.0f)
        snprintf(why, size,
                 p->foe_lasts ? "%s closes up on %s before going in at %s"
                              : "%s closes up on %s before %s comes on",
                 name_of(t, f), name_of(t, mate), foe_unit_name(g, f));
    else if (mate)
        snprintf(why, size, "%s closes up on %s", name_of(t, f), name_of(t, mate));
    else
        snprintf(why, size, "re-forms the line");
}

/* Whose men a command names: the deciding side's own, or the enemy's (an allocation of hits). */
static bool names_own(const table *t, const rules_command *c, side_id own)
{
    const figure *f = actor_of(t, c);
    return !f || f->side.id == own.id;
}

/* The one-line reason of the commands no score tells apart (the steps of the turn, the picks
 * the rules leave to a side): what each one does for the side, in a player's words. */
static void step_reason(const game *g, const rules_command *c, const posture *p, char *why,
                        size_t size)
{
    const table *t = game_table(g);
    const figure *f = actor_of(t, c);
    const unit *u = c->figure_count == 0 && !c->figure.id ? table_unit_const(t, c->unit) : NULL;
    const char *who = u && u->name[0] ? u->name : f ? name_of(t, f) : "its men";
    char opt[sizeof c->option];
    snprintf(opt, sizeof opt, "%s", c->option);
    for (char *q = opt; *q; q++)
        *q = *q == '_' ? ' ' : *q;
    switch (c->kind) {
    case RULES_CMD_DRAW_CARD:
        snprintf(why, size, "turns up the next card to see who acts");
        break;
    case RULES_CMD_ROLL_ORDERS:
        snprintf(why, size, "rolls for the orders its commanders can give");
        break;
    case RULES_CMD_ACTIVATE:
        snprintf(why, size, "gives %s the orders of the moment", who);
        break;
    case RULES_CMD_REFORM:
        reform_reason(g, c, p, why, size);
        break;
    case RULES_CMD_ALLOCATE:
        if (names_own(t, c, p->side))
            snprintf(why, size, "gives up %s as the loss it can best spare", who);
        else
            snprintf(why, size, "picks off %s among the men its fire found", who);
        break;
    case RULES_CMD_CHOOSE:
        if (c->option[0])
            snprintf(why, size, "chooses %s: the better of the two for it now", c->option);
        else
            snprintf(why, size, "takes the choice that suits it now");
        break;
    case RULES_CMD_FORMATION:
        if (c->option[0])
            snprintf(why, size, "%s forms %s for what comes next", who, c->option);
        else
            snprintf(why, size, "%s changes formation for what comes next", who);
        break;
    case RULES_CMD_AID:
        snprintf(why, size, "%s goes to help a wounded comrade", who);
        break;
    case RULES_CMD_EVADE:
        snprintf(why, size, "%s gets out of the way of the charge", who);
        break;
    case RULES_CMD_ROTATE:
    case RULES_CMD_WHEEL:
        snprintf(why, size, "%s turns to face %s", who, foe_unit_name(g, f));
        break;
    case RULES_CMD_REROLL:
        snprintf(why, size, "tries its luck again on a poor roll");
        break;
    case RULES_CMD_CHALLENGE:
        snprintf(why, size, "%s calls out the enemy's champion", who);
        break;
    case RULES_CMD_PASS:
        snprintf(why, size,
                 p->defend ? "holds still and lets the enemy come"
                           : "waits: nothing it could do now would help");
        break;
    case RULES_CMD_END_ACTIVATION:
        snprintf(why, size,
                 p->defend ? "its men hold where they stand: nothing more to gain"
                           : "its men have done all that pays this time");
        break;
    case RULES_CMD_END_PHASE:
    case RULES_CMD_END_TURN:
        snprintf(why, size, "has nothing more worth doing before the enemy moves");
        break;
    case RULES_CMD_MOVE:
        snprintf(why, size, "%s moves up", who);
        break;
    case RULES_CMD_FIRE:
        snprintf(why, size, "%s opens fire on %s", who, foe_unit_name(g, f));
        break;
    case RULES_CMD_CHARGE:
        snprintf(why, size, "%s charges %s", who, foe_unit_name(g, f));
        break;
    case RULES_CMD_RALLY:
        snprintf(why, size, "%s rallies his men", who);
        break;
    case RULES_CMD_SPECIAL:
        if (strstr(opt, "close") || strstr(opt, "melee"))
            snprintf(why, size, "%s fights it out hand to hand with %s", who, foe_unit_name(g, f));
        else if (opt[0])
            snprintf(why, size, "%s goes for the %s while it can", who, opt);
        else
            snprintf(why, size, "%s does what the moment asks", who);
        break;
    default:
        snprintf(why, size, "%s does what the moment asks", who);
        break;
    }
}

/* The normal level's value of one command; the reason in why when why is not NULL. */
static float normal_score(const game *g, const rules_command *c, plan_memo *memo, const posture *p,
                          char *why, size_t size)
{
    float v;
    if (game_bot_value(g, c, &v, why, size))
        return v;
    const table *t = game_table(g);
    const rules_target *tg;
    switch (c->kind) {
    case RULES_CMD_FIRE:
        tg = target_of(g, c, memo);
        if (why)
            snprintf(why, size, "fires at %s: %.1f casualties expected",
                     name_of(t, tg ? table_figure_const(t, tg->figure) : NULL), target_value(tg));
        return 10.0f * target_value(tg);
    case RULES_CMD_CHARGE:
        tg = target_of(g, c, memo);
        if (why)
            snprintf(why, size, "charges %s: %.1f casualties expected",
                     name_of(t, tg ? table_figure_const(t, tg->figure) : NULL), target_value(tg));
        /* a side that wins by lasting out does not throw its men away */
        return 10.0f * target_value(tg) + (p->defend ? -8.0f : 0.5f) + move_value(g, c, p, NULL, 0);
    case RULES_CMD_MOVE:
        return move_value(g, c, p, why, size);
    case RULES_CMD_RALLY:
        v = rally_value(g, c);
        if (why) {
            const figure *f = actor_of(t, c);
            const unit *u = f ? table_unit_const(t, f->unit) : NULL;
            const char *of = u && u->name[0] ? u->name : "its line";
            int n = (int)(v / 3.0f + 0.5f);
            if (n > 0)
                snprintf(why, size, "brings %d shaken %s of %s back into the fight", n,
                         n > 1 ? "men" : "man", of);
            else
                snprintf(why, size, "steadies %s before its nerve goes", of);
        }
        return v;
    case RULES_CMD_PASS:
    case RULES_CMD_END_ACTIVATION:
    case RULES_CMD_END_PHASE:
    case RULES_CMD_END_TURN:
        if (why)
            step_reason(g, c, p, why, size);
        return 0.0f;
    default:
        if (why)
            step_reason(g, c, p, why, size);
        return 0.5f; /* the steps that keep the game going: draw, roll, activate */
    }
}

/* Beside legal()'s moves (toward the enemy), the same figures going the other way as far as
 * they may (game_reach): kept only where the rule set values them (bot_value: lcr's men
 * going back out of the enemy's sight) and the engine accepts them (game_validate). The legal
 * list, and so the easy level, stays as it was. */
static int add_withdrawals(bot_plan *p, const game *g, int n)
{
    const table *t = game_table(g);
    int legal = n;
    for (int i = 0; i < legal && n < PLAN_LEGAL_MAX; i++) {
        const rules_command *c = &p->cmds[i];
        const figure *f = c->kind == RULES_CMD_MOVE && c->path_count == 1 ? actor_of(t, c) : NULL;
        if (!f)
            continue;
        vec2s d = glms_vec2_sub(c->path[0], f->pos);
        float len = glms_vec2_norm(d);
        rules_reach r;
        vec2s dir = glms_vec2_scale(d, -1.0f / fmaxf(len, 1e-3f));
        if (len < 0.5f || !game_reach(g, c, dir, &r) || r.sure_cm < 1.0f)
            continue;
        rules_command w = *c;
        w.path[0] = glms_vec2_add(f->pos, glms_vec2_scale(dir, 0.95f * r.sure_cm));
        float v;
        if (!game_bot_value(g, &w, &v, NULL, 0) || v <= 0 || !game_validate(g, &w, NULL, 0))
            continue;
        p->cmds[n++] = w;
    }
    return n;
}

/* The nearest figure of f's side to `at`, f left out, cm. */
static float nearest_friend_cm(const table *t, const figure *f, vec2s at)
{
    float best = INFINITY;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *o = &t->figures[i];
        if (o != f && o->side.id == f->side.id && table_figure_active(o))
            best = fminf(best, glms_vec2_distance(o->pos, at));
    }
    return best;
}

/* Beside legal()'s moves, a man of a side that holds ground, standing on it, stepping a little
 * away from his nearest friend in the same ground (the same terrain areas: a roof's marksmen
 * stay on their roof): kept only where the rule set values it (bot_value: lcr's men under area
 * fire, whose hits fall on every figure in a semicircle) and the engine accepts it. */
static int add_spreads(bot_plan *p, const game *g, const posture *ps, int n)
{
    const table *t = game_table(g);
    int legal = n;
    for (int i = 0; ps->hold_own && i < legal && n < PLAN_LEGAL_MAX; i++) {
        const rules_command *c = &p->cmds[i];
        const figure *f = c->kind == RULES_CMD_MOVE && c->path_count == 1 && c->figure_count == 1
                              ? actor_of(t, c)
                              : NULL;
        if (!f || !geom_point_in_polygon(f->pos, ps->hold_own))
            continue;
        uint64_t home = table_areas_at(t, f->pos);
        float now = nearest_friend_cm(t, f, f->pos), best = now + 1.0f;
        vec2s to = f->pos;
        for (int k = 0; k < 16; k++) {
            float a = (float)(k % 8) * GEOM_PI / 4.0f, r = k < 8 ? 2.5f : 5.0f;
            vec2s end = glms_vec2_add(f->pos, (vec2s){{r * cosf(a), r * sinf(a)}});
            float gap = nearest_friend_cm(t, f, end);
            if (gap > best && table_areas_at(t, end) == home) {
                best = gap;
                to = end;
            }
        }
        if (to.x == f->pos.x && to.y == f->pos.y)
            continue;
        rules_command w = *c;
        w.path[0] = to;
        float v;
        if (!game_bot_value(g, &w, &v, NULL, 0) || v <= 0 || !game_validate(g, &w, NULL, 0))
            continue;
        p->cmds[n++] = w;
    }
    return n;
}

/* The figures free to act now that can shoot: those legal()'s moves and fires name one by one
 * or together (game_arc: a weapon with a range). */
static int free_shooters(const bot_plan *p, const game *g, int legal, figure_id *out, int max)
{
    int n = 0;
    for (int i = 0; i < legal; i++) {
        const rules_command *c = &p->cmds[i];
        if (c->kind != RULES_CMD_MOVE && c->kind != RULES_CMD_FIRE)
            continue;
        for (int k = 0; k < c->figure_count; k++) {
            figure_id f = c->figures[k];
            bool seen = false;
            for (int j = 0; j < n && !seen; j++)
                seen = out[j].id == f.id;
            float half, range = 0;
            if (!seen && n < max && game_arc(g, f, &half, &range) && range > 0)
                out[n++] = f;
        }
    }
    return n;
}

/* The best target targets() gives the firers of `fire` (0 when none). */
static figure_id best_target(const game *g, const rules_command *fire)
{
    rules_target tg[PLAN_TARGETS_MAX];
    int k = game_targets(g, fire, tg, PLAN_TARGETS_MAX);
    figure_id best = {0};
    float best_v = -1;
    for (int i = 0; i < k; i++)
        if (target_value(&tg[i]) > best_v) {
            best_v = target_value(&tg[i]);
            best = tg[i].figure;
        }
    return best;
}

static bool same_fire(const rules_command *a, const rules_command *b)
{
    if (a->kind != b->kind || a->target.id != b->target.id || a->figure_count != b->figure_count)
        return false;
    for (int i = 0; i < a->figure_count; i++)
        if (a->figures[i].id != b->figures[i].id)
            return false;
    return true;
}

/* Keeps `w` (a fire of the bot's own) when the engine accepts it, the rule set values it and no
 * command already listed is the same. */
static int push_fire(bot_plan *p, const game *g, int n, rules_command *w)
{
    if (n >= PLAN_LEGAL_MAX || w->figure_count == 0)
        return n;
    if (!w->target.id)
        w->target = best_target(g, w);
    if (!w->target.id)
        return n;
    for (int i = 0; i < n; i++)
        if (same_fire(&p->cmds[i], w))
            return n;
    float v;
    if (!game_bot_value(g, w, &v, NULL, 0) || !game_validate(g, w, NULL, 0))
        return n;
    p->cmds[n] = *w;
    return n + 1;
}

/* Beside legal()'s fire (every free shooter at the one target of the group: lcr's area fire at
 * the nearest enemy its centre sees, which most may not reach), the same men in smaller
 * groups: each unit on its own, and those whose own best target is the same enemy together,
 * so a roof's marksmen shoot at the riflemen they see while the wall's men wait. Kept only
 * where the rule set values them (bot_value) and the engine accepts them. */
static int add_fire_groups(bot_plan *p, const game *g, int n)
{
    figure_id pool[RULES_CMD_FIGURES_MAX], aim[RULES_CMD_FIGURES_MAX];
    int np = free_shooters(p, g, n, pool, RULES_CMD_FIGURES_MAX);
    if (np == 0)
        return n;
    const table *t = game_table(g);
    rules_decision dec;
    game_decision(g, &dec);
    rules_command base = {.kind = RULES_CMD_FIRE, .side = dec.side};
    /* a rule set with no opinion on fire (bot_value) would drop every one: ask once first */
    rules_command probe = base;
    rules_command_add_figure(&probe, pool[0]);
    float v;
    const figure *near = nearest_enemy(g, dec.side, table_figure_const(t, pool[0])->pos, &v);
    probe.target = near ? near->id : (figure_id){0};
    if (!probe.target.id || !game_bot_value(g, &probe, &v, NULL, 0))
        return n;
    for (int i = 0; i < np; i++) {
        rules_command one = base;
        rules_command_add_figure(&one, pool[i]);
        aim[i] = best_target(g, &one);
    }
    for (int i = 0; i < np; i++) {
        const figure *f = table_figure_const(t, pool[i]);
        bool first_of_unit = true, first_of_aim = aim[i].id != 0;
        for (int j = 0; j < i; j++) {
            const figure *o = table_figure_const(t, pool[j]);
            first_of_unit &= !(f && o && o->unit.id == f->unit.id);
            first_of_aim &= aim[j].id != aim[i].id;
        }
        rules_command by_unit = base, by_aim = base;
        for (int j = i; j < np; j++) {
            const figure *o = table_figure_const(t, pool[j]);
            if (first_of_unit && f && o && o->unit.id == f->unit.id)
                rules_command_add_figure(&by_unit, pool[j]);
            if (first_of_aim && aim[j].id == aim[i].id)
                rules_command_add_figure(&by_aim, pool[j]);
        }
        by_aim.target = aim[i];
        n = push_fire(p, g, n, &by_unit);
        n = push_fire(p, g, n, &by_aim);
    }
    return n;
}

/* Legal commands into p->cmds with their scores; returns the count. */
static int plan_score(bot_plan *p, const game *g, dice_rng *rng)
{
    memset(p->cmds, 0, (size_t)p->dirty * sizeof *p->cmds);
    rules_decision dec;
    game_decision(g, &dec);
    posture ps = posture_of(g, dec.side);
    int n = game_legal(g, p->cmds, PLAN_LEGAL_MAX);
    if (n > 0)
        n = add_withdrawals(p, g, n);
    if (n > 0)
        n = add_spreads(p, g, &ps, n);
    if (n > 0) /* the rule set's own further candidates (game_bot_commands) */
        n += game_bot_commands(g, p->cmds + n, PLAN_LEGAL_MAX - n);
    if (n > 0)
        n = add_fire_groups(p, g, n);
    p->dirty = n > 0 ? n : 0;
    p->work += 1 + (n > 0 ? n : 0);
    p->memo.valid = false;
    for (int i = 0; i < n; i++)
        p->score[i] =
            normal_score(g, &p->cmds[i], &p->memo, &ps, NULL, 0) + 0.01f * (float)dice_unit(rng);
    return n;
}

static int best_of(const bot_plan *p, int n)
{
    int best = 0;
    for (int i = 1; i < n; i++)
        if (p->score[i] > p->score[best])
            best = i;
    return best;
}

static void drop(bot_plan *p, int i, int *n)
{
    (*n)--;
    p->cmds[i] = p->cmds[*n];
    p->score[i] = p->score[*n];
}

static void reason_of(bot_plan *p, const game *g, const rules_command *c, char *why, size_t size)
{
    if (!why || !size)
        return;
    why[0] = '\0';
    rules_decision dec;
    game_decision(g, &dec);
    posture ps = posture_of(g, dec.side);
    p->memo.valid = false;
    normal_score(g, c, &p->memo, &ps, why, size);
    if (!why[0]) /* the rule set valued it without a word: say what the command does */
        step_reason(g, c, &ps, why, size);
}

void bot_plan_reason(bot_plan *p, const game *g, const rules_command *c, char *why, size_t size)
{
    reason_of(p, g, c, why, size);
}

static bool pick_normal(bot_plan *p, const game *g, dice_rng *rng, rules_command *out)
{
    int n = plan_score(p, g, rng);
    for (int i = 0; p->trace > 1 && i < n; i++) {
        char d[256];
        fprintf(stderr, "    %7.2f %s\n", (double)p->score[i],
                game_describe(g, &p->cmds[i], d, sizeof d));
    }
    while (n > 0) {
        int i = best_of(p, n);
        if (game_place_check(g, &p->cmds[i], NULL, 0)) {
            *out = p->cmds[i];
            return true;
        }
        drop(p, i, &n);
    }
    return false;
}

/* The hard level's (bot_hard.c) view of the normal level's scores: the legal commands of the
 * moment, each with the normal level's value, in the normal level's own buffers. */
int bot_plan_scored(bot_plan *p, const game *g, dice_rng *rng, rules_command **cmds, float **scores)
{
    int n = plan_score(p, g, rng);
    *cmds = p->cmds;
    *scores = p->score;
    return n;
}

long bot_plan_work(const bot_plan *p)
{
    return p->work;
}

/* SANDTABLE_PLAN_TRACE=1: each pick with its reason on stderr (2: every candidate's score
 * before it), to watch a game the way the normal level sees it. */
static void trace_pick(bot_plan *p, const game *g, const rules_command *c)
{
    char why[256], what[256];
    reason_of(p, g, c, why, sizeof why);
    rules_decision dec;
    game_decision(g, &dec);
    fprintf(stderr, "turn %d, %s: %s - %s\n", game_turn(g),
            table_side_label(game_table(g), dec.side, "?"), game_describe(g, c, what, sizeof what),
            why);
}

bool bot_plan_pick(bot_plan *p, const game *g, dice_rng *rng, rules_command *out, char *why,
                   size_t size)
{
    if (game_over(g))
        return false;
    if (!pick_normal(p, g, rng, out))
        return false;
    reason_of(p, g, out, why, size);
    if (p->trace)
        trace_pick(p, g, out);
    return true;
}
