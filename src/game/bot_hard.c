/* The hard level: a look-ahead with the engine over the normal level. The candidates are the
 * normal level's best few widened by the best command of every other kind on offer and a few
 * drawn from the rest of the legal list; each is played out on forks of the match (game_fork)
 * by normal-level bots on both sides, with common random numbers (playout r rolls the same dice
 * seed for every candidate, so two candidates differ by the choice, not the luck): every
 * candidate a few, then, while the budget lasts, more for the alternative that could still beat
 * normal's choice by the most, normal's choice beside it on the same seeds. The normal level's own
 * choice always stays in, and an alternative replaces it only when its playouts beat it, paired
 * seed by seed, by more than their noise. A playout's end is scored by the figures standing
 * and the scenario's victory conditions. The budget is a count of playouts and commands, never a
 * clock, so a seed replays. Only game.h and the normal level's scores (bot_plan.h), never a rule
 * set's own header. */
#include "game/bot_hard.h"

#include "core/mem.h"
#include "game/bot_plan.h"
#include "game/game_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    HARD_CAND_MAX = 16,
    HARD_PLAYOUT_MAX = 96,
    HARD_SIDE_MAX = 8,
    HARD_DRIVER_MAX = 128,
    HARD_TURN_COMMANDS = 400
};

/* The spread of a playout's result assumed until the playouts measure it (10 = a figure). */
#define HARD_SD_FLOOR 30.0f

/* The look-ahead's knobs (the defaults in hard_defaults). */
typedef struct hard_params {
    int all;        /* a legal list this short is taken whole */
    int top;        /* else the normal level's best this many */
    int kinds;      /* plus the best of each other command kind, up to this many */
    int sampled;    /* plus this many drawn from the rest */
    int first;      /* playouts each candidate gets first */
    int budget;     /* playouts a decision at most */
    long work;      /* and the normal level's work in them at most (bot_plan_work) */
    int horizon;    /* commands a playout plays after the candidate */
    int turns;      /* else (above 0) to the end of this many turns after this one, at most
                     * HARD_TURN_COMMANDS commands */
    float progress; /* a loss threshold's way gone, in proportion (10 = a figure) */
    float margin;   /* normal's lead over its second best (10 = a figure) above which it stands */
    float z;        /* standard errors the paired lead of an alternative must exceed */
    float evidence; /* and at least this (10 = a figure) */
    float win;      /* a game won at the end of a playout (10 = a figure) */
    float goal;     /* a side's loss threshold reached, or its morale spent (10 = a figure) */
    float hold;     /* ground held at the turn limit, in proportion to the turns gone */
    float floor;    /* the least spread of a playout's result a lead's error assumes */
    int least;      /* the least paired playouts an alternative needs to replace normal's */
} hard_params;

static hard_params hard_defaults(void)
{
    hard_params p = {.all = 8,
                     .top = 4,
                     .kinds = 3,
                     .sampled = 1,
                     .first = 4,
                     .budget = 96,
                     .work = 15000,
                     .horizon = 80,
                     .turns = 0,
                     .progress = 0.0f,
                     .margin = 15.0f,
                     .z = 1.0f,
                     .evidence = 2.0f,
                     .win = 200.0f,
                     .goal = 100.0f,
                     .hold = 100.0f,
                     .floor = HARD_SD_FLOOR,
                     .least = 6};
    const char *env = getenv("SANDTABLE_HARD"); /* experiments only: key=value,... */
    for (const char *s = env; s && *s;) {
        char key[16];
        float v;
        int used = 0;
        if (sscanf(s, "%15[a-z]=%f%n", key, &v, &used) != 2)
            break;
        if (!strcmp(key, "all"))
            p.all = (int)v;
        else if (!strcmp(key, "top"))
            p.top = (int)v;
        else if (!strcmp(key, "kinds"))
            p.kinds = (int)v;
        else if (!strcmp(key, "sampled"))
            p.sampled = (int)v;
        else if (!strcmp(key, "first"))
            p.first = (int)v;
        else if (!strcmp(key, "budget"))
            p.budget = (int)v;
        else if (!strcmp(key, "work"))
            p.work = (long)v;
        else if (!strcmp(key, "horizon"))
            p.horizon = (int)v;
        else if (!strcmp(key, "turns"))
            p.turns = (int)v;
        else if (!strcmp(key, "progress"))
            p.progress = v;
        else if (!strcmp(key, "margin"))
            p.margin = v;
        else if (!strcmp(key, "z"))
            p.z = v;
        else if (!strcmp(key, "evidence"))
            p.evidence = v;
        else if (!strcmp(key, "win"))
            p.win = v;
        else if (!strcmp(key, "goal"))
            p.goal = v;
        else if (!strcmp(key, "hold"))
            p.hold = v;
        else if (!strcmp(key, "floor"))
            p.floor = v;
        else if (!strcmp(key, "least"))
            p.least = (int)v;
        s += used;
        if (*s == ',')
            s++;
    }
    return p;
}

static long hard_stat[4]; /* experiments: decisions, looked, deviated, playouts */

/* Experiments (SANDTABLE_HARD_VERIFY=N): each deviation from normal's choice checked by N
 * playouts of both to the game's end on fresh dice, a win 1, a loss -1; the sums of the
 * paired differences and their squares, and the count. */
static double verify_sum, verify_sq;
static long verify_n;

struct bot_hard {
    hard_params prm;
    bot_plan *plan;  /* the normal level's scores of the decision itself */
    bot_plan *roll;  /* the normal level that plays the playouts */
    bot_plan *check; /* experiments: the one that plays SANDTABLE_HARD_VERIFY's */
    rules_command cand[HARD_CAND_MAX];
    float prior[HARD_CAND_MAX];
    float value[HARD_CAND_MAX][HARD_PLAYOUT_MAX];
    int played[HARD_CAND_MAX];
    int morale_root[HARD_SIDE_MAX]; /* each side's morale left at the decision (-1: none shown) */
    /* Per figure (by table index), sized to the table: off it at the decision without being
     * dead or taken (not yet come on, or gone before): no loss of this look-ahead's */
    bool *root_off;
    /* taken off this playout's fork because `who` never saw him: believed standing somewhere */
    bool *forgot;
    /* The memory kept between decisions of one match (where the caller keeps the bot, as
     * simulate does): where each side last saw each enemy figure, to put him back there on a
     * fork when he is hidden now. */
    const game *mem_game;
    int mem_count;
    int mem_log;   /* the log's length at the last decision remembered */
    bool *ever;    /* [index]: stood on the table at a decision remembered */
    bool *seen;    /* [side * mem_count + index]: seen by that side */
    vec2s *last;   /* where, same index */
    float *facing; /* and facing which way */
};

bot_hard *bot_hard_create(void)
{
    bot_hard *h = mem_calloc(1, sizeof *h);
    h->prm = hard_defaults();
    h->plan = bot_plan_create();
    h->roll = bot_plan_create();
    return h;
}

/* The match memory's arrays (remember), freed; the pointers left to be set again. */
static void memory_free(bot_hard *h)
{
    free(h->root_off);
    free(h->forgot);
    free(h->ever);
    free(h->seen);
    free(h->last);
    free(h->facing);
}

void bot_hard_destroy(bot_hard *h)
{
    if (!h)
        return;
    if (getenv("SANDTABLE_HARD_STATS"))
        fprintf(stderr, "hard: %ld decisions, %ld looked, %ld deviated, %ld playouts, work %ld\n",
                hard_stat[0], hard_stat[1], hard_stat[2], hard_stat[3], bot_plan_work(h->roll));
    if (verify_n > 0) {
        double m = verify_sum / (double)verify_n;
        double sd = sqrt(fmax(0, verify_sq / (double)verify_n - m * m));
        fprintf(stderr, "hard verify: %ld deviations, mean gain %.4f (sd %.3f, se %.4f)\n",
                verify_n, m, sd, sd / sqrt((double)verify_n));
    }
    bot_plan_destroy(h->plan);
    bot_plan_destroy(h->roll);
    bot_plan_destroy(h->check);
    memory_free(h);
    free(h);
}

/* A figure's worth (10 = a private): the leaders who give the orders and the guns count more. */
static float worth(const figure *m)
{
    switch (m->role) {
    case FIGURE_ROLE_NCO:
        return 15.0f;
    case FIGURE_ROLE_OFFICER:
    case FIGURE_ROLE_LEADER:
        return 25.0f;
    case FIGURE_ROLE_GENERAL:
    case FIGURE_ROLE_BRIGADIER:
        return 30.0f;
    case FIGURE_ROLE_GUN:
        return 20.0f;
    default:
        return 10.0f;
    }
}

/* The morale each side has left (the rule set's morale piles on the turn driver, summed), -1
 * where it shows none. */
static void morale_left(const game *f, int *left)
{
    for (int s = 0; s < HARD_SIDE_MAX; s++)
        left[s] = -1;
    rules_driver_item it[HARD_DRIVER_MAX];
    int n = game_driver(f, (side_id){0}, it, HARD_DRIVER_MAX);
    for (int i = 0; i < n; i++)
        if (it[i].kind == RULES_DRIVER_MORALE && it[i].side.id < HARD_SIDE_MAX)
            left[it[i].side.id] = (left[it[i].side.id] > 0 ? left[it[i].side.id] : 0) + it[i].value;
}

/* Whether side `s` alone stands in the area (a "hold" condition's test). */
static bool area_held(const table *t, const geom_polygon *area, side_id s)
{
    bool mine = false, theirs = false;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *m = &t->figures[i];
        if (!table_figure_active(m) || !geom_point_in_polygon(m->pos, area))
            continue;
        mine |= m->side.id == s.id;
        theirs |= m->side.id != s.id;
    }
    return mine && !theirs;
}

/* The scenario's victory conditions read at the end of a playout, from `who`'s view: each side's
 * way to a loss threshold ("destroy": the enemy's losses a side wins by; "break": a side's own
 * losses it loses by), squared so the last figures before it weigh most; the morale a side has
 * spent of what it had at the decision, likewise; ground a "hold" condition names, held or not,
 * in proportion to the turns gone. */
static float objectives(const bot_hard *h, const game *f, const table *t, side_id who)
{
    const scenario *sc = game_scenario(f);
    int all[HARD_SIDE_MAX] = {0}, up[HARD_SIDE_MAX] = {0};
    for (int i = 0; i < t->figure_count; i++) {
        const figure *m = &t->figures[i];
        if (m->side.id >= HARD_SIDE_MAX)
            continue;
        all[m->side.id]++;
        /* lost: dead or taken, or off the table since the decision; one not yet come on (or
         * gone before it), or taken off the fork only because unseen, is no loss of this one */
        bool off = !table_figure_active(m) &&
                   ((m->status & (FIGURE_STATUS_DEAD | FIGURE_STATUS_CAPTURED)) ||
                    !(i < h->mem_count && (h->root_off[i] || h->forgot[i])));
        up[m->side.id] += !off;
    }
    float v = 0;
    int limit = 0;
    for (int i = 0; sc && i < sc->victory_count; i++)
        if (!strcmp(sc->victory[i].kind, "turns") && sc->victory[i].turns > 0)
            limit = sc->victory[i].turns;
    for (int i = 0; sc && i < sc->victory_count; i++) {
        const scenario_victory *c = &sc->victory[i];
        bool destroy = !strcmp(c->kind, "destroy"), brk = !strcmp(c->kind, "break");
        if ((destroy || brk) && c->value > 0 && c->side.id) {
            for (uint32_t s = 1; s < HARD_SIDE_MAX; s++) {
                if (all[s] == 0 || (destroy ? s == c->side.id : s != c->side.id))
                    continue;
                float p = (float)(all[s] - up[s]) * 100.0f / ((float)all[s] * (float)c->value);
                p = p > 1.0f ? 1.0f : p;
                v += (s == who.id ? -1.0f : 1.0f) * (h->prm.goal * p * p + h->prm.progress * p);
            }
        } else if (!strcmp(c->kind, "hold") && c->side.id && c->area.count >= 3 && limit > 0) {
            float w = h->prm.hold * fminf(1.0f, (float)game_turn(f) / (float)limit);
            v += (area_held(t, &c->area, c->side) ? w : -w) * (c->side.id == who.id ? 1.0f : -1.0f);
        }
    }
    int left[HARD_SIDE_MAX];
    morale_left(f, left);
    for (int s = 1; s < HARD_SIDE_MAX; s++)
        if (left[s] >= 0 && h->morale_root[s] > 0) {
            float p = 1.0f - (float)left[s] / (float)h->morale_root[s];
            p = p < 0 ? 0 : p;
            v += (s == (int)who.id ? -1.0f : 1.0f) * h->prm.goal * p * p;
        }
    return v;
}

static bool won_on_nobody(const bot_hard *h, const game *f, side_id winner);

/* The table from `who`'s view at the end of a playout: the worth of the figures standing, own
 * minus the enemy's (shaken ones and the seriously wounded counting less), the scenario's
 * victory conditions (objectives), with the game's result far above any of it. */
static float evaluate(const bot_hard *h, const game *f, side_id who)
{
    rules_outcome oc;
    game_outcome(f, &oc);
    bool nobody = oc.over && oc.winner.id && won_on_nobody(h, f, oc.winner);
    if (oc.over && oc.winner.id && !nobody)
        return oc.winner.id == who.id ? h->prm.win : -h->prm.win;
    const table *t = game_table(f);
    float v = 0;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *m = &t->figures[i];
        if (!table_figure_active(m))
            continue;
        float k = worth(m);
        if (m->status & (FIGURE_STATUS_SHAKEN | FIGURE_STATUS_DEMORALISED))
            k *= 0.8f;
        if (m->status & FIGURE_STATUS_SERIOUS)
            k *= 0.7f;
        v += m->side.id == who.id ? k : -k;
    }
    return oc.over && !nobody ? v : v + objectives(h, f, t, who);
}

/* Brings the memory up to the decision now: a new match (another game, another table, or the
 * log shorter than last time: an undo) starts it afresh; every figure on the table is marked as
 * having stood there, and each one `who` sees now is remembered where he stands. Then which
 * figures are off the table without being lost (root_off). */
static void remember(bot_hard *h, const game *g, side_id who)
{
    const table *t = game_table(g);
    int n = t->figure_count;
    if (g != h->mem_game || n != h->mem_count || game_log_count(g) < h->mem_log) {
        memory_free(h);
        size_t all = (size_t)HARD_SIDE_MAX * (size_t)n + 1;
        h->root_off = mem_calloc((size_t)n + 1, sizeof *h->root_off);
        h->forgot = mem_calloc((size_t)n + 1, sizeof *h->forgot);
        h->ever = mem_calloc((size_t)n + 1, sizeof *h->ever);
        h->seen = mem_calloc(all, sizeof *h->seen);
        h->last = mem_calloc(all, sizeof *h->last);
        h->facing = mem_calloc(all, sizeof *h->facing);
        h->mem_game = g;
        h->mem_count = n;
    }
    h->mem_log = game_log_count(g);
    bool hides = who.id && who.id < HARD_SIDE_MAX && game_view(g)->visible;
    for (int i = 0; i < n; i++) {
        const figure *m = &t->figures[i];
        bool up = table_figure_active(m);
        h->ever[i] |= up;
        h->root_off[i] =
            !up && !(m->status & (FIGURE_STATUS_DEAD | FIGURE_STATUS_CAPTURED)) && !h->ever[i];
        if (hides && up && m->side.id != who.id && game_visible(g, who, m->id)) {
            size_t k = (size_t)who.id * (size_t)n + (size_t)i;
            h->seen[k] = true;
            h->last[k] = m->pos;
            h->facing[k] = m->facing;
        }
    }
}

/* The fork as `who` may believe it (determinisation): each enemy figure he cannot see now stands
 * where he last saw him (the memory), and one he never saw is taken off, marked as believed
 * standing (forgot: not a loss, and no game won for want of enemies). Never a hidden figure's
 * true place unless it is where he was seen. */
static void believe(bot_hard *h, game *f, side_id who)
{
    int n = f->table->figure_count;
    if (n != h->mem_count)
        return; /* not the table remembered: nothing is put back (never a fork of this one) */
    memset(h->forgot, 0, (size_t)n * sizeof *h->forgot);
    if (!who.id || who.id >= HARD_SIDE_MAX || !game_view(f)->visible)
        return;
    game_state_changed(f);
    /* Asked of every figure first: moving or taking some off changes what the others see. */
    bool *hidden = mem_calloc((size_t)n + 1, sizeof *hidden);
    for (int i = 0; i < n; i++)
        hidden[i] = table_figure_active(&f->table->figures[i]) &&
                    !game_visible(f, who, f->table->figures[i].id);
    for (int i = 0; i < n; i++) {
        size_t k = (size_t)who.id * (size_t)n + (size_t)i;
        figure *m = &f->table->figures[i];
        if (!hidden[i])
            continue;
        if (h->seen[k]) {
            m->pos = h->last[k];
            m->facing = h->facing[k];
        } else {
            m->status |= FIGURE_STATUS_OFF_TABLE;
            h->forgot[i] = true;
        }
    }
    free(hidden);
    game_state_changed(f);
    game_places_changed(f); /* what was worked out of the table before (the outcome) is stale */
    game_place_unsync(f);
}

/* A win a fork shows only for want of enemies: the side beaten has no one on the table but
 * some the look-ahead took off unseen (believe), who may well be standing. */
static bool won_on_nobody(const bot_hard *h, const game *f, side_id winner)
{
    const table *t = game_table(f);
    bool believed = false;
    for (int i = 0; i < t->figure_count && i < h->mem_count; i++) {
        const figure *m = &t->figures[i];
        if (m->side.id == winner.id)
            continue;
        if (table_figure_active(m))
            return false;
        believed |= h->forgot[i] && !(m->status & (FIGURE_STATUS_DEAD | FIGURE_STATUS_CAPTURED));
    }
    return believed;
}

/* Playout r's dice: the same for every candidate, from the seed the decision drew. */
static uint64_t playout_seed(uint64_t base, int r)
{
    uint64_t z = base + 0x9e3779b97f4a7c15ull * (uint64_t)(r + 1);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* One playout of `cand` on a fork with dice `seed`; the result from `who`'s view. */
static float playout_to(bot_hard *h, const game *g, const rules_command *cand, side_id who,
                        uint64_t seed, int horizon, bool result_only)
{
    game *f = game_fork(g, seed);
    if (!f)
        return 0;
    believe(h, f, who); /* it plans against what its side knows, nothing more */
    float v = -INFINITY;
    if (game_fork_step(f, cand)) {
        dice_rng rr;
        dice_seed_stream(&rr, seed, 3);
        rules_command c;
        bool by_turn = h->prm.turns > 0 && !result_only; /* the check plays to the end */
        int last = game_turn(g) + h->prm.turns, most = by_turn ? HARD_TURN_COMMANDS : horizon;
        for (int i = 0; i < most && !game_over(f) && (!by_turn || game_turn(f) <= last); i++)
            if (!bot_plan_pick(h->roll, f, &rr, &c, NULL, 0) || !game_fork_step(f, &c))
                break;
        if (result_only) {
            rules_outcome oc;
            game_outcome(f, &oc);
            v = !oc.over || !oc.winner.id ? 0.0f : oc.winner.id == who.id ? 1.0f : -1.0f;
        } else
            v = evaluate(h, f, who);
    }
    game_destroy(f);
    return v;
}

static float playout(bot_hard *h, const game *g, const rules_command *cand, side_id who,
                     uint64_t seed)
{
    return playout_to(h, g, cand, who, seed, h->prm.horizon, false);
}

static float paired_lead(const bot_hard *h, int c, float *se);

/* Experiments: normal's choice and the hard pick played to the end, paired, N times. The work
 * counter is put back, so the check changes no choice. */
static void verify(bot_hard *h, const game *g, int best, side_id who, uint64_t base)
{
    const char *env = getenv("SANDTABLE_HARD_VERIFY");
    int n = env ? atoi(env) : 0;
    if (n <= 0 || best == 0)
        return;
    if (!h->check)
        h->check = bot_plan_create();
    bot_plan *roll = h->roll;
    h->roll = h->check;
    double d = 0;
    for (int r = 0; r < n; r++) {
        uint64_t seed = playout_seed(base ^ 0x5bd1e995u, 1000 + r);
        d += playout_to(h, g, &h->cand[best], who, seed, 100000, true) -
             playout_to(h, g, &h->cand[0], who, seed, 100000, true);
    }
    h->roll = roll;
    d /= n;
    float se, lead = paired_lead(h, best, &se);
    fprintf(stderr, "verify lead %.2f se %.2f played %d prior %.2f %.2f gain %.4f\n", lead, se,
            h->played[best], h->prior[0], h->prior[best], d);
    verify_sum += d;
    verify_sq += d * d;
    verify_n++;
}

static int best_index(const float *score, int n)
{
    int b = 0;
    for (int j = 1; j < n; j++)
        if (score[j] > score[b])
            b = j;
    return b;
}

/* Moving or reforming one figure of a group before another is the order of the same activation,
 * not another plan: such a candidate beside one already taken would spend playouts on nothing.
 * The same figure going elsewhere is another plan. */
static bool same_plan(const rules_command *a, const rules_command *b)
{
    if (a->kind != b->kind)
        return false;
    if (a->kind == RULES_CMD_MOVE || a->kind == RULES_CMD_REFORM) {
        bool one_a = a->figure_count == 1, one_b = b->figure_count == 1;
        if (one_a && one_b && a->figures[0].id != b->figures[0].id)
            return true;
    }
    return memcmp(a, b, sizeof *a) == 0;
}

static bool has_candidate(const bot_hard *h, int k, const rules_command *c)
{
    for (int i = 0; i < k; i++)
        if (same_plan(&h->cand[i], c))
            return true;
    return false;
}

/* Takes cmds[i] as a candidate if the engine would place it; drops it from the list either way. */
static void take(bot_hard *h, const game *g, rules_command *cmds, float *score, int i, int *n,
                 int *k)
{
    if (*k < HARD_CAND_MAX && !has_candidate(h, *k, &cmds[i]) &&
        game_place_check(g, &cmds[i], NULL, 0)) {
        h->cand[*k] = cmds[i];
        h->prior[(*k)++] = score[i];
    }
    (*n)--;
    cmds[i] = cmds[*n];
    score[i] = score[*n];
}

/* The candidates: normal's best `top` (the first is normal's own choice), the best of each
 * other kind, a few drawn at random from the rest. Returns the count. */
static int gather(bot_hard *h, const game *g, rules_command *cmds, float *score, int n,
                  dice_rng *rng)
{
    int k = 0, top = n <= h->prm.all ? n : h->prm.top; /* a short list: all of it */
    while (n > 0 && k < top)
        take(h, g, cmds, score, best_index(score, n), &n, &k);
    for (int extra = 0; extra < h->prm.kinds && n > 0 && k > 0;) {
        int b = -1;
        for (int j = 0; j < n; j++) {
            bool seen = false;
            for (int c = 0; c < k && !seen; c++)
                seen = h->cand[c].kind == cmds[j].kind;
            if (!seen && (b < 0 || score[j] > score[b]))
                b = j;
        }
        if (b < 0)
            break;
        int before = k;
        take(h, g, cmds, score, b, &n, &k);
        extra += k > before;
    }
    for (int s = 0; s < h->prm.sampled && n > 0; s++)
        take(h, g, cmds, score, (int)dice_below(rng, (uint32_t)n), &n, &k);
    return k;
}

static float mean_of(const bot_hard *h, int c)
{
    float sum = 0;
    for (int r = 0; r < h->played[c]; r++)
        sum += h->value[c][r];
    return h->played[c] ? sum / (float)h->played[c] : -INFINITY;
}

/* Candidate c's lead over normal's choice (candidate 0), paired playout by playout (the same
 * dice seed): its mean and standard error in *se. */
static float paired_lead(const bot_hard *h, int c, float *se)
{
    int n = h->played[c] < h->played[0] ? h->played[c] : h->played[0];
    *se = INFINITY;
    if (n == 0)
        return -INFINITY;
    double sum = 0, sq = 0;
    for (int r = 0; r < n; r++) {
        double d = (double)h->value[c][r] - (double)h->value[0][r];
        if (!isfinite(d))
            return -INFINITY;
        sum += d;
        sq += d * d;
    }
    double m = sum / n, var = n > 1 ? (sq - n * m * m) / (n - 1) : m * m;
    *se = (float)sqrt(var > 0 ? var / n : 0);
    return (float)m;
}

/* Plays candidate c on to `upto` playouts. Returns the playouts spent. */
static int play_to(bot_hard *h, const game *g, int c, int upto, side_id who, uint64_t base)
{
    int spent = 0;
    for (; h->played[c] < upto && h->played[c] < HARD_PLAYOUT_MAX; spent++) {
        int r = h->played[c]++;
        h->value[c][r] = playout(h, g, &h->cand[c], who, playout_seed(base, r));
    }
    return spent;
}

/* A race against normal's choice: every candidate plays `first` playouts; then, while the
 * budget lasts, the alternative whose lead could still be the largest (its mean lead plus two
 * standard errors) plays two more, normal's choice beside it on the same seeds, until no
 * alternative could beat it by `evidence`. Returns the playouts spent. */
static int search(bot_hard *h, const game *g, int k, side_id who, uint64_t base)
{
    int spent = 0, first = h->prm.first;
    if (first * k > h->prm.budget / 2) /* many candidates: fewer each, at least two */
        first = h->prm.budget / 2 / k > 2 ? h->prm.budget / 2 / k : 2;
    /* The work cap keeps a big table's decision near a second: what normal's choice cost its
     * first playouts says how many the others can have in half the cap (at least two each). */
    long w0 = bot_plan_work(h->roll);
    h->played[0] = 0;
    spent += play_to(h, g, 0, first, who, base);
    long per = (bot_plan_work(h->roll) - w0) / first + 1;
    long room = (h->prm.work / 2 - (bot_plan_work(h->roll) - w0)) / per / (k > 1 ? k - 1 : 1);
    int rest = room < 2 ? 2 : room < first ? (int)room : first;
    for (int c = 1; c < k; c++) {
        h->played[c] = 0;
        spent += play_to(h, g, c, rest, who, base);
    }
    while (spent < h->prm.budget && bot_plan_work(h->roll) - w0 < h->prm.work) {
        int pick = -1;
        float top = h->prm.evidence;
        for (int c = 1; c < k; c++) {
            float se, m = paired_lead(h, c, &se);
            /* a few playouts that happen to agree are not yet a measured lead */
            float ucb = m + 2.0f * fmaxf(se, HARD_SD_FLOOR / sqrtf((float)h->played[c]));
            if (h->played[c] < HARD_PLAYOUT_MAX && ucb > top) {
                top = ucb;
                pick = c;
            }
        }
        if (pick < 0)
            break;
        int upto = h->played[pick] + 2;
        spent += play_to(h, g, pick, upto, who, base);
        spent += play_to(h, g, 0, upto, who, base);
    }
    return spent;
}

bool bot_hard_pick(bot_hard *h, const game *g, dice_rng *rng, rules_command *out, char *why,
                   size_t size)
{
    if (game_over(g))
        return false;
    rules_command *cmds;
    float *score;
    int n = bot_plan_scored(h->plan, g, rng, &cmds, &score);
    rules_decision dec;
    game_decision(g, &dec);
    int k = gather(h, g, cmds, score, n, rng);
    if (k == 0)
        return false;
    morale_left(g, h->morale_root);
    remember(h, g, dec.side);
    uint64_t base = (uint64_t)dice_below(rng, 0xffffffffu) << 32 | dice_below(rng, 0xffffffffu);
    /* a forced step, or normal's choice far ahead of its next best: nothing to look for */
    float second = -INFINITY;
    for (int c = 1; c < k; c++)
        second = fmaxf(second, h->prior[c]);
    bool looked = k > 1 && h->prior[0] - second < h->prm.margin;
    int best = 0;
    if (looked) {
        hard_stat[1]++;
        hard_stat[3] += search(h, g, k, dec.side, base);
        float best_v = h->prm.evidence;
        for (int c = 1; c < k; c++) {
            float se, m = paired_lead(h, c, &se);
            /* a few paired playouts that happen to agree understate the error (the changes
             * accepted on them lost on average): the floor the race explores with, and a
             * least count of playouts, before a lead counts */
            int np = h->played[c] < h->played[0] ? h->played[c] : h->played[0];
            float lead = m - h->prm.z * fmaxf(se, h->prm.floor / sqrtf((float)(np ? np : 1)));
            if (np >= h->prm.least && lead > best_v) {
                best_v = lead;
                best = c;
            }
        }
    }
    hard_stat[0]++;
    hard_stat[2] += best != 0;
    verify(h, g, best, dec.side, base);
    if (looked && getenv("SANDTABLE_HARD_TRACE")) {
        fprintf(stderr, "turn %d side %u n=%d k=%d pick %d\n", game_turn(g), dec.side.id, n, k,
                best);
        for (int c = 0; c < k; c++)
            fprintf(stderr,
                    "  %-14s fig %u tgt %u card %d prior %6.2f played %2d mean %8.2f lead %8.2f\n",
                    rules_command_kind_name(h->cand[c].kind),
                    h->cand[c].figure_count ? h->cand[c].figures[0].id : h->cand[c].figure.id,
                    h->cand[c].target.id, h->cand[c].card, h->prior[c], h->played[c], mean_of(h, c),
                    c ? paired_lead(h, c, &(float){0}) : 0.0f);
    }
    *out = h->cand[best];
    if (why && size) {
        char base_why[200];
        bot_plan_reason(h->plan, g, out, base_why, sizeof base_why);
        if (looked)
            snprintf(why, size, "%s (weighed %d choices by playing each ahead)", base_why, k);
        else
            snprintf(why, size, "%s", base_why);
    }
    return true;
}
