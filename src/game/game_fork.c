/* Throwaway copies of a match's state for look-ahead: the table and rule state cloned, dice of
 * their own, no log, no hashes, no autosave. The hard bot plays its candidates out on them. */
#include "game/game.h"

#include "core/mem.h"
#include "game/game_internal.h"

#include <stdlib.h>

game *game_fork(const game *g, uint64_t seed)
{
    if (!g->ops->clone)
        return NULL;
    game *f = mem_calloc(1, sizeof *f);
    f->sc = g->sc;
    f->ops = g->ops;
    f->seed = seed;
    f->snapshot_every = 1 << 30;
    f->table = table_clone(g->table);
    f->rs = g->ops->clone(g->rs);
    /* Its own dice: a look-ahead must not see the match's next rolls. */
    dice_seed(&f->rng, seed);
    return f;
}

bool game_fork_step(game *f, const rules_command *cmd)
{
    char reason[8];
    if (game_over(f) || !f->ops->validate(f->rs, f->table, cmd, reason, sizeof reason))
        return false;
    game_state_changed(f);
    game_places_changed(f); /* no recorder: which events there were is not known */
    game_place_unsync(f);
    rules_ctx ctx = {.ops = f->ops,
                     .state = f->rs,
                     .table = f->table,
                     .rng = &f->rng,
                     .scenario = f->sc}; /* no recorder: the events are not kept */
    f->ops->resolve(f->rs, &ctx, cmd);
    return true;
}

bool game_bot_value(const game *g, const rules_command *cmd, float *value, char *why, size_t size)
{
    const rules_view_ops *v = game_view(g);
    char scratch[8];
    if (!why || !size) {
        why = scratch;
        size = sizeof scratch;
    }
    why[0] = '\0';
    return v->bot_value && v->bot_value(g->rs, g->table, cmd, value, why, size);
}

int game_bot_commands(const game *g, rules_command *out, int max)
{
    const rules_view_ops *v = game_view(g);
    char scratch[8];
    if (!v->bot_commands || max <= 0 || game_over(g))
        return 0;
    rules_decision dec;
    game_decision(g, &dec);
    int n = v->bot_commands(g->rs, g->table, out, max), kept = 0;
    /* game_validate's checks but the last (where the bases stand once it is resolved, checked
     * on a copy of the table): the bot checks that on the one it picks (bot_plan.c) */
    for (int i = 0; i < n && i < max; i++)
        if ((dec.simultaneous || out[i].side.id == dec.side.id) &&
            out[i].kind != RULES_CMD_REFEREE &&
            (!v->visible || !out[i].target.id || game_visible(g, out[i].side, out[i].target)) &&
            game_place_end_free(g, &out[i], NULL, 0) &&
            g->ops->validate(g->rs, g->table, &out[i], scratch, sizeof scratch))
            out[kept++] = out[i];
    return kept;
}
