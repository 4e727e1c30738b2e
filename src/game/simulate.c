/* Bot-vs-bot games in bulk. Each worker thread takes the next game number, plays it in its own
 * match (no state shared but the read-only scenario), and stores its result by number. */
#include "game/simulate.h"

#include "core/mem.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { SIM_MAX_COMMANDS_DEFAULT = 20000 };

uint64_t sim_game_seed(uint64_t seed, int index)
{
    /* splitmix64 of seed + index: neighbouring games get unrelated dice */
    uint64_t z = seed + 0x9e3779b97f4a7c15ull * (uint64_t)(index + 1);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

void sim_wilson(int k, int n, double *lo, double *hi)
{
    sim_wilson_score((double)k, n, lo, hi);
}

void sim_wilson_score(double k, int n, double *lo, double *hi)
{
    if (n <= 0) {
        *lo = *hi = 0;
        return;
    }
    const double z = 1.959963984540054;
    double p = k / n, z2n = z * z / n;
    double centre = (p + z2n / 2) / (1 + z2n);
    double half = z * sqrt(p * (1 - p) / n + z * z / (4.0 * n * n)) / (1 + z2n);
    *lo = 100.0 * fmax(0, centre - half);
    *hi = 100.0 * fmin(1, centre + half);
}

/* ---- one game ------------------------------------------------------------------------------ */

static void add_cause(sim_game *out, const char *ref)
{
    for (int i = 0; i < out->cause_count; i++)
        if (strcmp(out->causes[i].ref, ref) == 0) {
            out->causes[i].removed++;
            return;
        }
    if (out->cause_count < SIM_CAUSES_MAX) {
        sim_cause *c = &out->causes[out->cause_count++];
        snprintf(c->ref, sizeof c->ref, "%s", ref[0] ? ref : "(no rule reference)");
        c->removed = 1;
    }
}

/* Tallies the removals of command i and keeps the game's most decisive command. */
static void tally(const game *g, int i, int index, sim_game *out)
{
    int n, removed = 0;
    const rules_event *ev = game_events(g, i, &n);
    const rules_event *first = NULL;
    for (int k = 0; k < n; k++) {
        out->arrival |=
            ev[k].kind == RULES_EV_STATUS && (ev[k].status_clear & FIGURE_STATUS_OFF_TABLE);
        if (ev[k].kind != RULES_EV_REMOVE)
            continue;
        const figure *f = table_figure_const(game_table(g), ev[k].figure);
        uint32_t side_no = f ? f->side.id : ev[k].side.id;
        if (side_no <= SIM_SIDES_MAX)
            out->casualties[side_no]++;
        removed++;
        add_cause(out, ev[k].ref);
        first = first ? first : &ev[k];
    }
    if (removed > out->decisive.removed) {
        sim_moment *m = &out->decisive;
        m->game = index + 1;
        m->command = i + 1;
        m->turn = game_turn_at(g, i);
        m->removed = removed;
        snprintf(m->text, sizeof m->text, "%s by side %u: %s",
                 rules_command_kind_name(game_command_at(g, i)->kind),
                 game_command_at(g, i)->side.id, first->text);
    }
}

static bool reinforcing(const scenario *s, unit_id u)
{
    for (int g = 0; s && g < s->reinforcement_count; g++)
        for (int k = 0; k < s->reinforcements[g].unit_count; k++)
            if (s->reinforcements[g].units[k].id == u.id)
                return true;
    return false;
}

/* Who stands at the end, reinforcements apart (editor_balance's "reinforcements mattered"). */
static void count_standing(const scenario *s, const table *t, sim_game *out)
{
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        if (!table_figure_active(f) || f->side.id > SIM_SIDES_MAX)
            continue;
        out->standing[f->side.id]++;
        out->reinforcements_standing[f->side.id] += reinforcing(s, f->unit);
    }
}

/* sim_play_one with the bot's buffers b, readied for this game (a worker plays all its games
 * with one: making and zeroing them cost some 180 k instructions a game). */
static bool play_with(const sim_desc *desc, int index, bot_scratch *b, sim_game *out,
                      game_error *err)
{
    memset(out, 0, sizeof *out);
    game *g = game_create(&(game_desc){.scenario = desc->scenario,
                                       .rules = desc->rules,
                                       .data_dir = desc->data_dir,
                                       .seed_set = true,
                                       .seed = sim_game_seed(desc->seed, index),
                                       .snapshot_every = 1 << 30,
                                       /* nothing reads the log's hashes unless it is saved */
                                       .skip_log_hashes = !desc->save_dir},
                          err);
    if (!g)
        return false;
    bot_scratch_reset(b);
    dice_rng bot_rng;
    dice_seed_stream(&bot_rng, sim_game_seed(desc->seed, index), 7);
    int cap = desc->max_commands > 0 ? desc->max_commands : SIM_MAX_COMMANDS_DEFAULT;
    uint32_t first_side = game_table(g)->side_count ? game_table(g)->sides[0].id.id : 1;
    int swapped = desc->swap_sides && index % 2 == 1;
    rules_decision dec;
    rules_command c;
    for (game_decision(g, &dec); dec.kind != RULES_DECIDE_NONE && out->commands < cap;
         game_decision(g, &dec)) {
        int which = (dec.side.id == first_side ? 0 : 1) ^ swapped;
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        bool picked = bot_pick(b, g, desc->levels[which], &bot_rng, &c);
        clock_gettime(CLOCK_MONOTONIC, &t1);
        out->level_seconds[which] +=
            (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
        out->level_picks[which]++;
        if (!picked || !game_submit(g, &c, NULL, 0))
            break; /* a rule set with no legal command, or refusing its own: unfinished */
        tally(g, out->commands, index, out);
        out->commands++;
    }
    rules_outcome oc;
    game_outcome(g, &oc);
    out->finished = oc.over;
    out->winner = oc.over ? oc.winner.id : 0;
    out->winner_level = !out->winner ? -1 : (out->winner == first_side ? 0 : 1) ^ swapped;
    out->turns = game_turn(g);
    count_standing(desc->scenario, game_table(g), out);
    bool ok = true;
    if (desc->save_dir) {
        char path[1200];
        snprintf(path, sizeof path, "%s/game-%04d.json", desc->save_dir, index);
        ok = game_save(g, path, err);
    }
    game_destroy(g);
    return ok;
}

bool sim_play_one(const sim_desc *desc, int index, sim_game *out, game_error *err)
{
    bot_scratch *b = bot_scratch_create();
    bool ok = play_with(desc, index, b, out, err);
    bot_scratch_destroy(b);
    return ok;
}

/* ---- many games ---------------------------------------------------------------------------- */

typedef struct sim_pool {
    const sim_desc *desc;
    sim_game *results;
    pthread_mutex_t lock;
    int next, done;
    bool failed;
    game_error err;
} sim_pool;

static void *worker(void *arg)
{
    sim_pool *p = arg;
    bot_scratch *b = bot_scratch_create();
    for (;;) {
        pthread_mutex_lock(&p->lock);
        int i = p->failed ? p->desc->games : p->next++;
        pthread_mutex_unlock(&p->lock);
        if (i >= p->desc->games)
            break;
        game_error err;
        bool ok = play_with(p->desc, i, b, &p->results[i], &err);
        pthread_mutex_lock(&p->lock);
        if (!ok && !p->failed) {
            p->failed = true;
            p->err = err;
        }
        p->done++;
        if (ok && p->desc->progress)
            p->desc->progress(p->desc->user, p->done, p->desc->games);
        pthread_mutex_unlock(&p->lock);
    }
    bot_scratch_destroy(b);
    return NULL;
}

static void merge_cause(sim_summary *sum, const sim_cause *c)
{
    for (int i = 0; i < sum->cause_count; i++)
        if (strcmp(sum->causes[i].ref, c->ref) == 0) {
            sum->causes[i].removed += c->removed;
            sum->causes[i].games++;
            return;
        }
    if (sum->cause_count < SIM_CAUSES_MAX) {
        sum->causes[sum->cause_count] = *c;
        sum->causes[sum->cause_count++].games = 1;
    }
}

static int by_removed(const void *a, const void *b)
{
    const sim_cause *x = a, *y = b;
    return y->removed - x->removed;
}

/* Keeps the SIM_TOP_MAX biggest moments, earliest game first among equals. */
static void keep_moment(sim_summary *sum, const sim_moment *m)
{
    if (m->removed <= 0)
        return;
    int at = sum->decisive_count;
    while (at > 0 && sum->decisive[at - 1].removed < m->removed)
        at--;
    if (at >= SIM_TOP_MAX)
        return;
    int last = sum->decisive_count < SIM_TOP_MAX ? sum->decisive_count : SIM_TOP_MAX - 1;
    memmove(&sum->decisive[at + 1], &sum->decisive[at], (size_t)(last - at) * sizeof *m);
    sum->decisive[at] = *m;
    if (sum->decisive_count < SIM_TOP_MAX)
        sum->decisive_count++;
}

static int by_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static double median_turns(const sim_game *res, int n)
{
    if (n <= 0)
        return 0;
    int *t = mem_calloc((size_t)n, sizeof *t);
    for (int i = 0; i < n; i++)
        t[i] = res[i].turns;
    qsort(t, (size_t)n, sizeof *t, by_int);
    double m = n % 2 ? t[n / 2] : 0.5 * (t[n / 2 - 1] + t[n / 2]);
    free(t);
    return m;
}

static void summarise(const sim_desc *desc, const sim_game *res, sim_summary *sum)
{
    const table *t = desc->scenario->table;
    sum->games = desc->games;
    sum->side_count = t->side_count < SIM_SIDES_MAX ? t->side_count : SIM_SIDES_MAX;
    for (int s = 0; s < sum->side_count; s++)
        snprintf(sum->side_names[t->sides[s].id.id], TABLE_NAME_MAX, "%s", t->sides[s].name);
    double turns = 0, commands = 0, secs[2] = {0, 0};
    int picks[2] = {0, 0};
    for (int i = 0; i < desc->games; i++) {
        const sim_game *r = &res[i];
        for (int k = 0; k < 2; k++) {
            secs[k] += r->level_seconds[k];
            picks[k] += r->level_picks[k];
        }
        sum->finished += r->finished;
        if (r->winner <= SIM_SIDES_MAX)
            sum->wins[r->winner]++;
        if (r->winner_level >= 0)
            sum->level_wins[r->winner_level]++;
        turns += r->turns;
        commands += r->commands;
        sum->arrival_games += r->arrival;
        for (int s = 1; s <= SIM_SIDES_MAX; s++)
            sum->mean_casualties[s] += r->casualties[s];
        for (int k = 0; k < r->cause_count; k++)
            merge_cause(sum, &r->causes[k]);
        keep_moment(sum, &r->decisive);
    }
    int n = desc->games > 0 ? desc->games : 1;
    sum->draws = sum->wins[0];
    sum->mean_turns = turns / n;
    sum->mean_commands = commands / n;
    sum->median_turns = median_turns(res, desc->games);
    for (int s = 0; s <= SIM_SIDES_MAX; s++) {
        sum->mean_casualties[s] /= n;
        sum->win_pct[s] = 100.0 * sum->wins[s] / n;
        sim_wilson(sum->wins[s], desc->games, &sum->win_lo[s], &sum->win_hi[s]);
    }
    /* a game neither level won (a draw, or one stopped by the command cap) counts half */
    sum->level_score =
        sum->level_wins[0] + 0.5 * (desc->games - sum->level_wins[0] - sum->level_wins[1]);
    sum->level_pct = 100.0 * sum->level_score / n;
    for (int k = 0; k < 2; k++)
        sum->level_ms[k] = picks[k] ? 1000.0 * secs[k] / picks[k] : 0;
    sim_wilson_score(sum->level_score, desc->games, &sum->level_lo, &sum->level_hi);
    qsort(sum->causes, (size_t)sum->cause_count, sizeof *sum->causes, by_removed);
}

bool sim_run(const sim_desc *desc, sim_summary *sum, game_error *err)
{
    memset(sum, 0, sizeof *sum);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    sim_pool p = {.desc = desc, .results = mem_calloc((size_t)desc->games + 1, sizeof(sim_game))};
    pthread_mutex_init(&p.lock, NULL);
    int jobs = desc->jobs > 0 ? desc->jobs : 1;
    pthread_t *th = mem_calloc((size_t)jobs, sizeof *th);
    int started = 0;
    for (int j = 1; j < jobs; j++)
        started += pthread_create(&th[j], NULL, worker, &p) == 0;
    worker(&p); /* this thread works too */
    for (int j = 1; j <= started; j++)
        pthread_join(th[j], NULL);
    pthread_mutex_destroy(&p.lock);
    if (!p.failed)
        summarise(desc, p.results, sum);
    else if (err)
        *err = p.err;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    sum->seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    free(th);
    free(p.results);
    return !p.failed;
}

json_t *sim_summary_json(const sim_summary *sum)
{
    json_t *o = json_object(), *sides = json_array(), *causes = json_array(),
           *moments = json_array();
    json_object_set_new(o, "games", json_integer(sum->games));
    json_object_set_new(o, "finished", json_integer(sum->finished));
    json_object_set_new(o, "draws", json_integer(sum->draws));
    for (int s = 1; s <= sum->side_count; s++)
        json_array_append_new(sides, json_pack("{s:i, s:s, s:i, s:f, s:[f,f], s:f}", "side", s,
                                               "name", sum->side_names[s], "wins", sum->wins[s],
                                               "win_pct", sum->win_pct[s], "win_pct_95",
                                               sum->win_lo[s], sum->win_hi[s], "mean_casualties",
                                               sum->mean_casualties[s]));
    json_object_set_new(o, "sides", sides);
    json_object_set_new(o, "level_wins",
                        json_pack("[i,i]", sum->level_wins[0], sum->level_wins[1]));
    json_object_set_new(o, "level_score", json_real(sum->level_score));
    json_object_set_new(o, "level_win_pct", json_real(sum->level_pct));
    json_object_set_new(o, "level_ms_per_decision",
                        json_pack("[f,f]", sum->level_ms[0], sum->level_ms[1]));
    json_object_set_new(o, "level_win_pct_95", json_pack("[f,f]", sum->level_lo, sum->level_hi));
    json_object_set_new(o, "mean_turns", json_real(sum->mean_turns));
    json_object_set_new(o, "mean_commands", json_real(sum->mean_commands));
    json_object_set_new(o, "median_turns", json_real(sum->median_turns));
    json_object_set_new(o, "arrival_games", json_integer(sum->arrival_games));
    for (int i = 0; i < sum->cause_count; i++)
        json_array_append_new(causes,
                              json_pack("{s:s, s:i, s:i}", "ref", sum->causes[i].ref, "removed",
                                        sum->causes[i].removed, "games", sum->causes[i].games));
    json_object_set_new(o, "casualties_by_rule", causes);
    for (int i = 0; i < sum->decisive_count; i++) {
        const sim_moment *m = &sum->decisive[i];
        json_array_append_new(moments, json_pack("{s:i, s:i, s:i, s:i, s:s}", "game", m->game,
                                                 "command", m->command, "turn", m->turn, "removed",
                                                 m->removed, "text", m->text));
    }
    json_object_set_new(o, "decisive", moments);
    json_object_set_new(o, "seconds", json_real(sum->seconds));
    return o;
}
