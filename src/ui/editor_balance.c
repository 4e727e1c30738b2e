/* The balance check (ui/editor_balance.h). */
#include "ui/editor_balance.h"

#include "core/mem.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct editor_balance {
    pthread_t thread;
    pthread_mutex_t lock;
    scenario *scn; /* the games' own copy */
    bool stop;     /* under lock */
    editor_balance_result r;
    long turns;
};

/* Won ahead on figures standing, and only with the reinforcements still standing. */
bool editor_balance_mattered(const sim_game *g, int side_count)
{
    uint32_t w = g->winner;
    if (w == 0 || w > SIM_SIDES_MAX || g->reinforcements_standing[w] == 0)
        return false;
    int enemy = 0;
    for (int s = 1; s <= side_count && s <= SIM_SIDES_MAX; s++)
        if ((uint32_t)s != w && g->standing[s] > enemy)
            enemy = g->standing[s];
    return g->standing[w] > enemy && g->standing[w] - g->reinforcements_standing[w] <= enemy;
}

static void *balance_run(void *user)
{
    editor_balance *b = user;
    sim_desc desc = {.scenario = b->scn,
                     .games = b->r.total,
                     .seed = b->scn->seed,
                     .levels = {BOT_GREEDY, BOT_GREEDY}};
    for (int i = 0; i < b->r.total; i++) {
        pthread_mutex_lock(&b->lock);
        bool stop = b->stop;
        pthread_mutex_unlock(&b->lock);
        if (stop)
            break;
        sim_game g;
        game_error err;
        bool ok = sim_play_one(&desc, i, &g, &err);
        pthread_mutex_lock(&b->lock);
        if (!ok) {
            snprintf(b->r.error, sizeof b->r.error, "%.190s", err.message);
            pthread_mutex_unlock(&b->lock);
            break;
        }
        b->r.wins[g.winner <= SIM_SIDES_MAX ? g.winner : 0]++;
        if (editor_balance_mattered(&g, b->r.side_count))
            b->r.mattered[g.winner]++;
        b->turns += g.turns;
        b->r.done++;
        b->r.mean_turns = (double)b->turns / b->r.done;
        for (int s = 0; s <= SIM_SIDES_MAX; s++)
            sim_wilson(b->r.wins[s], b->r.done, &b->r.win_lo[s], &b->r.win_hi[s]);
        pthread_mutex_unlock(&b->lock);
    }
    pthread_mutex_lock(&b->lock);
    b->r.running = false;
    b->r.complete = b->r.done == b->r.total;
    pthread_mutex_unlock(&b->lock);
    return NULL;
}

editor_balance *editor_balance_start(const scenario *s, int games, char *err, size_t size)
{
    scenario_error serr;
    char *text = scenario_write_string(s, NULL, &serr);
    scenario *copy = text ? scenario_load_string(text, strlen(text), "scenario", &serr) : NULL;
    free(text);
    if (!copy) {
        snprintf(err, size, "%s", serr.message);
        return NULL;
    }
    editor_balance *b = mem_calloc(1, sizeof *b);
    b->scn = copy;
    b->r.total = games > 0 ? games : EDITOR_BALANCE_GAMES;
    b->r.running = true;
    const table *t = copy->table;
    b->r.side_count = t->side_count < SIM_SIDES_MAX ? t->side_count : SIM_SIDES_MAX;
    for (int i = 0; i < b->r.side_count; i++)
        snprintf(b->r.side_names[t->sides[i].id.id <= SIM_SIDES_MAX ? t->sides[i].id.id : 0],
                 TABLE_NAME_MAX, "%s", t->sides[i].name);
    for (int i = 0; i < copy->reinforcement_count; i++)
        if (copy->reinforcements[i].side.id <= SIM_SIDES_MAX)
            b->r.reinforced[copy->reinforcements[i].side.id] = true;
    pthread_mutex_init(&b->lock, NULL);
    if (pthread_create(&b->thread, NULL, balance_run, b) != 0) {
        snprintf(err, size, "cannot start the games");
        pthread_mutex_destroy(&b->lock);
        scenario_destroy(copy);
        free(b);
        return NULL;
    }
    return b;
}

void editor_balance_result_get(editor_balance *b, editor_balance_result *out)
{
    pthread_mutex_lock(&b->lock);
    *out = b->r;
    pthread_mutex_unlock(&b->lock);
}

void editor_balance_stop(editor_balance *b)
{
    if (!b)
        return;
    pthread_mutex_lock(&b->lock);
    b->stop = true;
    pthread_mutex_unlock(&b->lock);
    pthread_join(b->thread, NULL);
    pthread_mutex_destroy(&b->lock);
    scenario_destroy(b->scn);
    free(b);
}
