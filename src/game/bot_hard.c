/* The hard level: the normal level's best few candidates are each played out on forks of the
 * match (game_fork) by normal-level bots, and the one whose playouts end best is taken. Only
 * game.h and the normal level's scores (bot_plan.h), never a rule set's own header. */
#include "game/bot_hard.h"

#include "core/mem.h"
#include "game/bot_plan.h"
#include "game/game_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    /* The look-ahead's fixed budget: candidates x playouts x commands per playout. */
    HARD_CANDIDATES = 4,
    HARD_PLAYOUTS = 3,
    HARD_HORIZON = 24,
};

/* Below this gap between the best two candidates the hard level looks ahead (10 = a figure). */
#define HARD_MARGIN 15.0f
/* How much better than the normal level's choice (10 = a figure), over the playouts' mean, an
 * alternative must come out for the hard level to take it. */
#define HARD_EVIDENCE 5.0f

struct bot_hard {
    bot_plan *plan; /* the normal level's scores of the decision itself */
    bot_plan *roll; /* the normal level that plays the playouts */
};

bot_hard *bot_hard_create(void)
{
    bot_hard *h = mem_calloc(1, sizeof *h);
    h->plan = bot_plan_create();
    h->roll = bot_plan_create();
    return h;
}

void bot_hard_destroy(bot_hard *h)
{
    if (!h)
        return;
    bot_plan_destroy(h->plan);
    bot_plan_destroy(h->roll);
    free(h);
}

/* The table from `side`'s view at the end of a playout: figures kept minus figures lost, with
 * the game's result far above any count. */
static float evaluate(const game *f, side_id who)
{
    rules_outcome oc;
    game_outcome(f, &oc);
    if (oc.over && oc.winner.id)
        return oc.winner.id == who.id ? 1000.0f : -1000.0f;
    const table *t = game_table(f);
    float v = 0;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *m = &t->figures[i];
        float w = m->side.id == who.id ? 1.0f : -1.0f;
        if (!table_figure_active(m))
            continue;
        float k = 10.0f;
        if (m->status & (FIGURE_STATUS_SHAKEN | FIGURE_STATUS_DEMORALISED))
            k -= 2.0f;
        if (m->status & FIGURE_STATUS_SERIOUS)
            k -= 3.0f;
        v += w * k;
    }
    return v;
}

static uint64_t draw_seed(dice_rng *rng)
{
    uint64_t hi = dice_below(rng, 0xffffffffu), lo = dice_below(rng, 0xffffffffu);
    return hi << 32 | lo;
}

/* One playout of `cand` on a fork with dice `seed`; the result from `who`'s view. */
static float playout(bot_hard *h, const game *g, const rules_command *cand, side_id who,
                     uint64_t seed)
{
    game *f = game_fork(g, seed);
    if (!f)
        return 0;
    game_fork_forget(f, who); /* it plans against what its side sees, nothing more */
    float v = 0;
    if (game_fork_step(f, cand)) {
        dice_rng rr;
        dice_seed_stream(&rr, seed, 3);
        rules_command c;
        for (int i = 0; i < HARD_HORIZON && !game_over(f); i++)
            if (!bot_plan_pick(h->roll, f, &rr, &c, NULL, 0) || !game_fork_step(f, &c))
                break;
        v = evaluate(f, who);
    } else {
        v = -INFINITY;
    }
    game_destroy(f);
    return v;
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
    rules_command cand[HARD_CANDIDATES];
    float prior[HARD_CANDIDATES];
    int k = 0;
    while (n > 0 && k < HARD_CANDIDATES) {
        int i = 0;
        for (int j = 1; j < n; j++)
            if (score[j] > score[i])
                i = j;
        if (game_place_check(g, &cmds[i], NULL, 0)) {
            cand[k] = cmds[i];
            prior[k++] = score[i];
        }
        n--;
        cmds[i] = cmds[n];
        score[i] = score[n];
    }
    if (k == 0)
        return false;
    /* the same dice for every candidate: their results differ by the choice, not the luck */
    uint64_t seeds[HARD_PLAYOUTS];
    for (int r = 0; r < HARD_PLAYOUTS; r++)
        seeds[r] = draw_seed(rng);
    int best = 0;
    bool looked = k > 1 && prior[0] - prior[1] < HARD_MARGIN;
    float best_v = -INFINITY;
    if (looked) {
        for (int c = 0; c < k; c++) {
            float sum = 0;
            for (int r = 0; r < HARD_PLAYOUTS; r++)
                sum += playout(h, g, &cand[c], dec.side, seeds[r]);
            /* the normal level's choice stands unless another comes out clearly better: with a
             * few playouts a small lead is the dice's, not the choice's */
            float v = sum / HARD_PLAYOUTS + 0.01f * prior[c] - (c == 0 ? 0 : HARD_EVIDENCE);
            if (v > best_v) {
                best_v = v;
                best = c;
            }
        }
    }
    *out = cand[best];
    if (why && size) {
        char base[200];
        bot_plan_reason(h->plan, g, out, base, sizeof base);
        if (looked)
            snprintf(why, size, "%s (looked %d ways ahead, this came out best)", base, k);
        else
            snprintf(why, size, "%s", base);
    }
    return true;
}
