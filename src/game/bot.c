/* The bot: picks among the rule set's legal commands using only the interface's queries. */
#include "game/bot.h"

#include "core/mem.h"
#include "game/bot_hard.h"
#include "game/bot_plan.h"
#include "game/game_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { BOT_LEGAL_MAX = 512, BOT_TARGETS_MAX = 128 };

static const char *const level_names[BOT_LEVEL_COUNT] = {"random", "greedy", "normal", "hard"};
static const char *const level_labels[BOT_LEVEL_COUNT] = {"Random", "Easy", "Normal", "Hard"};

const char *bot_level_name(bot_level level)
{
    return level >= 0 && level < BOT_LEVEL_COUNT ? level_names[level] : "random";
}

const char *bot_level_label(bot_level level)
{
    return level >= 0 && level < BOT_LEVEL_COUNT ? level_labels[level] : "Random";
}

int bot_level_parse(const char *name)
{
    if (strcmp(name, "easy") == 0)
        return BOT_GREEDY;
    for (int i = 0; i < BOT_LEVEL_COUNT; i++)
        if (strcmp(name, level_names[i]) == 0)
            return i;
    return -1;
}

/* The figure a command is about: its first named figure, or its unit's first active figure. */
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

/* Only the enemies `own` can see (game_visible): the bot does not close on a concealed unit. */
static float nearest_enemy_cm(const game *g, side_id own, vec2s p)
{
    float cm;
    game_nearest_enemy(g, own, p, &cm);
    return cm;
}

/* What score_fire reads of one target: its figure and the value of hitting it. */
typedef struct fire_value {
    figure_id figure;
    float v;
} fire_value;

/* The targets of one set of firers, as score_fire values them. */
typedef struct fire_memo {
    rules_command firers; /* kind, side, figure, unit, figures: target fields cleared */
    fire_value val[BOT_TARGETS_MAX];
    int n;
} fire_memo;

enum { FIRE_MEMO_MAX = 8 };

/* The targets of the last firers asked about in this pick: one targets() call answers for
 * every fire command of the same firers, and the legal list interleaves them (a fire and a
 * charge of each firer at each target: cr15 asked targets() twice per fire command). */
typedef struct target_memo {
    bool valid; /* false: no entry holds */
    fire_memo e[FIRE_MEMO_MAX];
    int count, next; /* entries held; the one replaced next (the oldest) */
    rules_target tg[BOT_TARGETS_MAX];
    /* The nearest enemy's distance from where the last mover stands: the legal list holds many
     * moves of each figure, and all start from the same place on the same table. */
    bool from_valid;
    side_id from_side;
    vec2s from;
    float from_cm;
    /* The mover of the last command that names only its unit (actor_of's scan of the table):
     * the legal list holds many moves of each unit in a row. */
    bool actor_valid;
    uint32_t actor_unit;
    const figure *actor_fig;
    /* pick_greedy's per-command draws, the bounds of the moves' scores, the moves in order */
    float jitter[BOT_LEGAL_MAX];
    float bound[BOT_LEGAL_MAX];
    float before[BOT_LEGAL_MAX];        /* the nearest enemy's distance from each bounded mover */
    const figure *actor[BOT_LEGAL_MAX]; /* and the mover (NULL: none, score 0) */
    int order[BOT_LEGAL_MAX];
} target_memo;

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

/* Expected figures removed by a fire/charge at its target, from the rule set's odds. */
static float score_fire(const game *g, const rules_command *c, target_memo *memo)
{
    rules_command f = firers_of(c);
    if (!memo->valid)
        memo->count = memo->next = 0;
    memo->valid = true;
    const fire_memo *e = NULL;
    for (int k = 0; k < memo->count && !e; k++)
        if (memo->e[k].firers.kind == f.kind && memo->e[k].firers.figure.id == f.figure.id &&
            memo->e[k].firers.unit.id == f.unit.id && memcmp(&memo->e[k].firers, &f, sizeof f) == 0)
            e = &memo->e[k];
    if (!e) {
        fire_memo *put = &memo->e[memo->next];
        memo->next = (memo->next + 1) % FIRE_MEMO_MAX;
        memo->count += memo->count < FIRE_MEMO_MAX;
        put->firers = f;
        put->n = game_targets(g, c, memo->tg, BOT_TARGETS_MAX);
        for (int i = 0; i < put->n; i++) {
            const rules_target *t = &memo->tg[i];
            put->val[i] = (fire_value){t->figure, t->expected_kills > 0 ? t->expected_kills
                                                                        : t->expected_hits * 0.5f};
        }
        e = put;
    }
    float best = 0;
    for (int i = 0; i < e->n; i++)
        if (!c->target.id || e->val[i].figure.id == c->target.id)
            best = fmaxf(best, e->val[i].v);
    return 10.0f * best;
}

/* actor_of, the answer for a unit kept while the table holds still (one pick). */
static const figure *actor_kept(const table *t, const rules_command *c, target_memo *memo)
{
    if (c->figure_count > 0 || c->figure.id || !c->unit.id)
        return actor_of(t, c);
    if (!memo->actor_valid || memo->actor_unit != c->unit.id) {
        memo->actor_fig = actor_of(t, c);
        memo->actor_unit = c->unit.id;
        memo->actor_valid = true;
    }
    return memo->actor_fig;
}

/* The nearest enemy's distance from where the mover f stands. */
static float move_before(const game *g, const figure *f, target_memo *memo)
{
    if (!memo->from_valid || memo->from_side.id != f->side.id ||
        memcmp(&memo->from, &f->pos, sizeof f->pos) != 0) {
        memo->from_cm = nearest_enemy_cm(g, f->side, f->pos);
        memo->from_side = f->side;
        memo->from = f->pos;
        memo->from_valid = true;
    }
    return memo->from_cm;
}

/* No more than score_move gives the MOVE c (NaN: no bound known), without asking where the
 * nearest enemy is from its end: the distance to the nearest of a set of points shrinks by no
 * more than the move's length (nor below nothing), and the margins lie far above the rounding
 * of the two distances (a few parts in ten million of them). */
static float move_bound(const game *g, const rules_command *c, target_memo *memo, float *from,
                        const figure **actor)
{
    const figure *f = *actor = actor_kept(game_table(g), c, memo);
    *from = NAN;
    if (!f || c->path_count == 0) {
        *actor = NULL;
        return 0; /* score_move's own 0 */
    }
    float before = *from = move_before(g, f, memo);
    if (!isfinite(before))
        return 0; /* nobody seen: score_move's 0 whatever the end */
    vec2s end = c->path[c->path_count - 1];
    float dx = end.x - f->pos.x, dy = end.y - f->pos.y;
    float len = sqrtf(dx * dx + dy * dy);
    return 0.08f * (fminf(len, before) * 1.0001f + before * 1e-5f + 1e-3f) + 1e-6f;
}

/* score_move given the distance `before` move_before found for c's mover. */
static float score_move_from(const game *g, const rules_command *c, const figure *f, float before)
{
    float after = nearest_enemy_cm(g, f->side, c->path[c->path_count - 1]);
    if (!isfinite(before) || !isfinite(after))
        return 0;
    return 0.08f * (before - after);
}

/* Centimetres gained toward the nearest enemy, a little less than a kill per 10 cm. */
static float score_move(const game *g, const rules_command *c, target_memo *memo)
{
    const figure *f = actor_kept(game_table(g), c, memo);
    if (!f || c->path_count == 0)
        return 0;
    return score_move_from(g, c, f, move_before(g, f, memo));
}

/* Figures a rally would restore. */
static float score_rally(const game *g, const rules_command *c)
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

static float score(const game *g, const rules_command *c, target_memo *memo)
{
    switch (c->kind) {
    case RULES_CMD_FIRE:
        return score_fire(g, c, memo);
    case RULES_CMD_CHARGE:
        return score_fire(g, c, memo) + score_move(g, c, memo) + 0.5f;
    case RULES_CMD_MOVE:
        return score_move(g, c, memo);
    case RULES_CMD_RALLY:
        return score_rally(g, c);
    case RULES_CMD_PASS:
    case RULES_CMD_END_ACTIVATION:
    case RULES_CMD_END_PHASE:
    case RULES_CMD_END_TURN:
        return 0.0f;
    default:
        return 0.5f; /* the steps that keep the game going: draw, roll, activate, choose */
    }
}

/* Whether the total s of command i beats the best so far (best < 0: none): the highest total,
 * the first of equals, as a scan in order keeping the first strictly higher finds it. */
static bool greedy_better(float s, int i, float best_s, int best)
{
    return s > best_s || (best >= 0 && s == best_s && i < best);
}

/* The highest score plus a hundredth of a draw each, the first of equals. Every draw is made
 * first, in order, as before (scoring draws none); the moves are then scored from the highest
 * bound down (move_bound), and one whose bound cannot beat the best so far is not scored: the
 * nearest enemy from each end was most of the choice. */
static int pick_greedy(const game *g, const rules_command *cmds, int n, dice_rng *rng,
                       target_memo *memo)
{
    memo->valid = false;
    memo->from_valid = false;
    memo->actor_valid = false;
    for (int i = 0; i < n; i++)
        memo->jitter[i] = 0.01f * (float)dice_unit(rng);
    int best = -1, moves = 0;
    float best_s = -INFINITY;
    for (int i = 0; i < n; i++) {
        if (cmds[i].kind == RULES_CMD_MOVE) {
            float b = move_bound(g, &cmds[i], memo, &memo->before[i], &memo->actor[i]);
            if (b >= 0) { /* not NaN */
                memo->bound[i] = b + memo->jitter[i];
                /* insertion by bound, highest first (ties by index: any order would do) */
                int k = moves++;
                for (; k > 0 && memo->bound[memo->order[k - 1]] < memo->bound[i]; k--)
                    memo->order[k] = memo->order[k - 1];
                memo->order[k] = i;
                continue;
            }
        }
        float s = score(g, &cmds[i], memo) + memo->jitter[i];
        if (greedy_better(s, i, best_s, best)) {
            best_s = s;
            best = i;
        }
    }
    for (int k = 0; k < moves; k++) {
        int i = memo->order[k];
        /* score + jitter <= bound (float sums are monotone): no better when the bound is not */
        if (!greedy_better(memo->bound[i], i, best_s, best))
            continue;
        /* no mover, or no enemy seen from him: score_move's 0 */
        const figure *f = memo->actor[i];
        float m = f && isfinite(memo->before[i]) ? score_move_from(g, &cmds[i], f, memo->before[i])
                                                 : 0.0f;
        float s = m + memo->jitter[i];
        if (greedy_better(s, i, best_s, best)) {
            best_s = s;
            best = i;
        }
    }
    return best >= 0 ? best : 0;
}

/* The buffers are big (hundreds of kilobytes): allocating and zeroing them per choice cost more
 * than the choice itself, so a bot keeps them between calls. */
struct bot_scratch {
    rules_command cmds[BOT_LEGAL_MAX];
    target_memo memo;
    bot_plan *plan; /* the normal level's own buffers, made on first use */
    bot_hard *hard; /* the hard level's, made on first use */
};

bot_scratch *bot_scratch_create(void)
{
    return mem_calloc(1, sizeof(bot_scratch));
}

void bot_scratch_destroy(bot_scratch *b)
{
    if (b) {
        bot_plan_destroy(b->plan);
        bot_hard_destroy(b->hard);
    }
    free(b);
}

void bot_scratch_reset(bot_scratch *b)
{
    bot_plan_destroy(b->plan);
    bot_hard_destroy(b->hard);
    b->plan = NULL;
    b->hard = NULL;
    /* the memo's entries are read only while valid, which every greedy pick sets afresh */
    b->memo.valid = false;
    b->memo.from_valid = false;
    b->memo.actor_valid = false;
}

bool bot_pick_why(bot_scratch *b, const game *g, bot_level level, dice_rng *rng, rules_command *out,
                  char *why, size_t size)
{
    if (why && size)
        why[0] = '\0';
    if (level == BOT_HARD) {
        if (!b->hard)
            b->hard = bot_hard_create();
        return bot_hard_pick(b->hard, g, rng, out, why, size);
    }
    if (level == BOT_NORMAL) {
        if (!b->plan)
            b->plan = bot_plan_create();
        return bot_plan_pick(b->plan, g, rng, out, why, size);
    }
    if (!bot_pick(b, g, level, rng, out))
        return false;
    /* the reason is read off the choice, after it: the choice itself stays the level's own */
    if (why && size) {
        if (!b->plan)
            b->plan = bot_plan_create();
        bot_plan_reason(b->plan, g, out, why, size);
    }
    return true;
}

bool bot_choose_why(const game *g, bot_level level, dice_rng *rng, rules_command *out, char *why,
                    size_t size)
{
    bot_scratch *b = bot_scratch_create();
    bool ok = bot_pick_why(b, g, level, rng, out, why, size);
    bot_scratch_destroy(b);
    return ok;
}

bool bot_pick(bot_scratch *b, const game *g, bot_level level, dice_rng *rng, rules_command *out)
{
    if (level == BOT_NORMAL || level == BOT_HARD)
        return bot_pick_why(b, g, level, rng, out, NULL, 0);
    /* Not zeroed first: every rule set's legal() writes whole commands (each built from a
     * zeroed value, so a field it does not name reads "not given"), and zeroing the list before
     * each call cost 2.0 M instructions of lcr_baler's five games (131 M).
     * tests/game/test_legal_whole.c lists each decision of every shipped scenario over zeros and
     * over a pattern, and fails on any field that differs. */
    int n = game_legal(g, b->cmds, BOT_LEGAL_MAX);
    /* game_legal drops only the moves whose path ends on a base; the exact check resolves the
     * choice on a copy, so it runs on the pick alone, and a refused pick gives way to the next. */
    while (n > 0) {
        int i = level == BOT_GREEDY ? pick_greedy(g, b->cmds, n, rng, &b->memo)
                                    : (int)dice_below(rng, (uint32_t)n);
        char why[8];
        if (game_place_check(g, &b->cmds[i], why, sizeof why)) {
            *out = b->cmds[i];
            return true;
        }
        b->cmds[i] = b->cmds[--n];
    }
    return false;
}

bool bot_choose(const game *g, bot_level level, dice_rng *rng, rules_command *out)
{
    bot_scratch *b = bot_scratch_create();
    bool ok = bot_pick(b, g, level, rng, out);
    bot_scratch_destroy(b);
    return ok;
}
