/* Replays a save command by command, comparing each hash with the stored one. */
#include "game/replay.h"

#include "game/game_internal.h"
#include "game/save.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Records the first divergence: command number i + 1, its kind, and what differs. */
static bool diverge(replay_report *rep, int i, const char *kind, const char *what)
{
    rep->diverged_at = i + 1;
    snprintf(rep->message, sizeof rep->message, "command %d (%s): %s", i + 1, kind, what);
    return false;
}

static bool check_entry(game *g, const save_entry *e, int i, replay_report *rep)
{
    char reason[256];
    const char *kind = rules_command_kind_name(e->cmd.kind);
    if (!game_validate(g, &e->cmd, reason, sizeof reason)) {
        char what[300];
        snprintf(what, sizeof what, "refused: %s", reason);
        return diverge(rep, i, kind, what);
    }
    game_apply_logged(g, &e->cmd);
    const game_entry *ge = &g->log[i];
    if (ge->hash == e->hash && ge->turn == e->turn)
        return true;
    char what[200], msg[300];
    if (ge->hash != e->hash)
        snprintf(msg, sizeof msg,
                 "hash %016" PRIx64 ", save says %016" PRIx64 " (turn %d); differs: %s", ge->hash,
                 e->hash, ge->turn, save_diff_parts(e->parts, ge->parts, what, sizeof what));
    else
        snprintf(msg, sizeof msg, "turn %d, save says turn %d", ge->turn, e->turn);
    return diverge(rep, i, kind, msg);
}

static bool run(game *g, const save_data *sd, replay_turn_fn on_turn, void *user,
                replay_report *rep)
{
    if (game_hash_at(g, -1) != sd->start_hash) {
        snprintf(rep->message, sizeof rep->message,
                 "the starting state differs (hash %016" PRIx64 ", save says %016" PRIx64
                 "): another version of the rule set or its data",
                 game_hash_at(g, -1), sd->start_hash);
        return false;
    }
    for (int i = 0; i < sd->count; i++) {
        if (!check_entry(g, &sd->entries[i], i, rep))
            return false;
        rep->checked++;
        bool turn_ends = i + 1 == sd->count || sd->entries[i + 1].turn != sd->entries[i].turn;
        if (on_turn && turn_ends)
            on_turn(user, sd->entries[i].turn, i + 1, sd->entries[i].hash);
    }
    return true;
}

bool replay_string(const char *text, size_t len, const char *name, const rules_ops *rules,
                   replay_turn_fn on_turn, void *user, replay_report *rep, game_error *err)
{
    memset(rep, 0, sizeof *rep);
    save_data sd;
    if (!save_parse(text, len, name, &sd, err))
        return false;
    rep->commands = sd.count;
    game_desc gd = {.scenario = sd.sc, .seed_set = true, .seed = sd.seed, .rules = rules};
    game *g = game_create(&gd, err);
    if (!g) {
        snprintf(err->file, sizeof err->file, "%s", name);
        save_data_free(&sd);
        return false;
    }
    bool ok = run(g, &sd, on_turn, user, rep);
    game_destroy(g);
    save_data_free(&sd);
    return ok;
}

bool replay_file(const char *path, const rules_ops *rules, replay_turn_fn on_turn, void *user,
                 replay_report *rep, game_error *err)
{
    char *text;
    size_t len;
    memset(rep, 0, sizeof *rep);
    if (!save_read_file(path, &text, &len, err))
        return false;
    bool ok = replay_string(text, len, path, rules, on_turn, user, rep, err);
    free(text);
    return ok;
}
