/* Shared between the files of src/game: the match struct and the hash parts. */
#ifndef GAME_GAME_INTERNAL_H
#define GAME_GAME_INTERNAL_H

#include "game/game.h"

#include "core/spatial.h"

/* Figures changed since the overlap check's copy was last made (place_passed.dirty); more and
 * the copy is made whole. */
enum { PLACE_DIRTY_MAX = 48 };
/* Figures moved since the figure index was made that it is updated for (game_figure_index);
 * more and it is built again. */
enum { INDEX_MOVED_MAX = 32 };

typedef struct game_events_list {
    rules_event *items;
    int count, cap;
} game_events_list;

/* The state at some cursor: the table, the rule state and the dice. */
typedef struct game_snapshot {
    table *table;
    rules_state *rs;
    dice_rng rng;
    bool valid;
} game_snapshot;

/* Per logged command: what it was, and what it gave when it was applied. */
typedef struct game_entry {
    rules_command cmd;
    uint64_t hash;
    uint64_t parts[3]; /* table, rule state, dice */
    int turn;
    game_events_list events;
    /* Concealment, fixed when the command was resolved: bit k set when the table's side k could
     * not see it then (game_command_visible); judged once fixed. */
    uint32_t hidden_from;
    bool judged;
} game_entry;

struct game {
    const scenario *sc;
    bool own_scenario;
    const rules_ops *ops;
    char *data_dir;
    char *autosave_path;
    bool autosave_locked; /* holds save_lock_take(autosave_path) */
    uint64_t seed;
    int snapshot_every;
    bool verify_events;
    bool skip_log_hashes; /* game_desc.skip_log_hashes */

    /* the state at the cursor */
    table *table;
    rules_state *rs;
    dice_rng rng;

    game_events_list setup_events;
    uint64_t start_hash;
    uint64_t start_parts[3];
    int start_turn;

    game_entry *log;
    int log_count, log_cap;
    int cursor;

    game_snapshot *snaps; /* snaps[k]: the state at cursor k * snapshot_every */
    int snap_cap;

    char save_error[600];

    game_note *notes; /* chat lines and pings (game_notes.c), outside the state */
    int note_count;

    /* Bumped whenever the table, the rule state or the dice may change (game_state_changed).
     * The overlap check's last pass is kept against it with the state it resolved to: the bot
     * checks its pick, game_submit would check the same command on the same state again, and
     * the log would resolve it a third time (entry_resolve adopts the copy instead). */
    uint64_t state_gen;
    struct {
        bool valid;
        uint64_t gen;
        rules_command cmd;
        table *table; /* the state after the command (NULL once adopted) */
        rules_state *rs;
        dice_rng rng;
        game_events_list events;
        table *spare; /* a copy done with, its buffers reused by the next check's copy */
        /* A rule state done with (the one the adopted copy replaced, or a refused check's),
         * kept for the next check's copy when the rule set has clone_into; else NULL. */
        rules_state *spare_rs;
        /* The one copy there is (the spare, the one resolved on, or the state after it) holds
         * the table's figures but for those listed in dirty (synced): a command's events name
         * every figure it changes, so the next copy rewrites those alone. */
        bool synced;
        int dirty_n;
        int dirty[PLACE_DIRTY_MAX];
    } place_passed;
    /* The outcome and the decision of the state as it stands (state_gen `gen`): asked many
     * times a state (game_visible asks whether the game is over of every hidden figure it is
     * asked about; game_legal, game_validate, the bot and the loop ask again). */
    struct {
        bool valid;
        uint64_t gen;
        rules_outcome out;
    } outcome;
    struct {
        bool valid;
        uint64_t gen;
        rules_decision dec;
    } decision;
    /* first[u]: the index of unit u's first figure (-1: none), for unit ids below n, of the
     * table as it stands; unit_visible's question. No event changes a figure's unit, so it is
     * kept against table_gen (`gen`), which a new table bumps. */
    struct {
        bool valid;
        uint64_t gen;
        int *first;
        int n, cap;
    } unit_first;
    /* The figures of each unit, for unit ids below n, of the table as it stands: items
     * start[u] .. start[u + 1] - 1 are unit u's figure indices, ascending (game_move_figures'
     * question, asked of every sampled move). Kept against table_gen (`gen`) as unit_first. */
    struct {
        bool valid;
        uint64_t gen;
        int *start, *items;
        int n, start_cap, item_cap;
    } unit_members;
    /* Bumped whenever a figure may have moved, come or gone (game_places_changed): a command
     * whose events move no one and change no status (a volley that misses, a card, a rally of
     * words) leaves it, and what is built from the places alone (the figure index, the others
     * list) is kept against it. A rule set changes the table only through its events
     * (rules_ops.resolve; verify_events checks it). */
    uint64_t places_gen;
    /* Bumped whenever the table changes other than through events (a new table, a fork's
     * step: game_place_unsync): what no event changes (who is in which unit) is kept against
     * it. */
    uint64_t table_gen;
    /* Where the figures stood when something was last built for places_gen `gen` (valid):
     * a MOVE event that leaves a figure there (a turn on the spot) changes no place. */
    struct {
        bool valid;
        uint64_t gen;
        vec2s *pos;
        int n, cap;
    } places_seen;
    /* The figure index of the table as it stands (game_figure_index), built when first asked.
     * Since it was made (index_gen) the figures in index_moved have moved, or (index_rebuild)
     * more than that changed: a new table, someone gone or back, too many moved. */
    spatial index;
    uint64_t index_gen;
    bool index_valid;
    bool index_rebuild;
    int index_moved_n;
    int index_moved[INDEX_MOVED_MAX];
    /* judge's answers per figure for the side it is judging for (0: not asked, 1: seen,
     * 2: not), figure_count of them. */
    uint8_t *judge_seen;
    int judge_cap;
    /* The active figures not of side `own` (indices ascending, their centres' x and y apart,
     * padded with infinities to a multiple of 4), for game_nearest_enemy's scans of the table
     * as it stands (places_gen `gen`). */
    struct {
        bool valid;
        uint64_t gen;
        uint32_t own;
        int n, cap;
        int *idx;
        float *x, *y;
        /* slot[i]: where figure i is in the list (-1: not in it), for the `figures` figures of
         * the table it was built of. Since it was made the figures in moved[] have moved, or
         * (rebuild) more than that changed, as for the index: the moved are updated in place. */
        int *slot;
        int figures, slot_cap;
        bool rebuild;
        int moved_n;
        int moved[INDEX_MOVED_MAX];
    } others;
};

/* The state at the cursor changed (resolved, rebuilt, restored): forget what was checked on it. */
void game_state_changed(game *g);
/* The figures' places may have changed (a new table, a fork's step): see places_gen. */
void game_places_changed(game *g);
/* Frees the overlap check's kept state (game_destroy). */
void game_place_forget(game *g);
/* A copy of g's table for the overlap check to resolve on (table_copy_shared: its terrain is
 * g's table's), made in the buffers of the last copy handed back (game_place_spare) when there
 * is one. */
table *game_place_copy(game *g);
/* Hands a copy back when done with it (its contents are of no further use). */
void game_place_spare(game *g, table *t);
/* A copy of g's rule state for the overlap check to resolve on: clone_into the state handed
 * back last (game_place_spare_rs) when the rule set has it, else ops->clone. */
rules_state *game_place_clone_rs(game *g);
/* Hands a rule state back when done with it: kept for the next copy when the rule set has
 * clone_into (the one kept before freed), else freed. */
void game_place_spare_rs(game *g, rules_state *rs);
/* The figures the events in `l` change, on the table or on the check's copy, are noted as
 * differing between the two (place_passed.dirty). */
void game_place_note(game *g, const game_events_list *l);
/* The table was changed without events (a new table, a fork's step): the next copy is whole. */
void game_place_unsync(game *g);
/* The engine's event recorder (rules_ctx.record), `user` a game_events_list. */
void game_events_record(void *user, const rules_event *ev);

/* core/spatial.h's index of the table at the cursor, rebuilt only after the state changed; valid
 * until the next change. Its queries share one scratch buffer: read a result before the next. */
spatial *game_figure_index(const game *g);

/* The nearest active figure of another side than `own` that `own` can see (game_visible) from
 * p, the lowest-numbered of equals, and its distance in *cm (INFINITY and NULL when none): what
 * every bot level closes on. Found through game_figure_index, so the figures near p are read. */
const figure *game_nearest_enemy(const game *g, side_id own, vec2s p, float *cm);

/* The hash of the table's changing parts (positions, facings, statuses, formations). */
uint64_t game_hash_table(const table *t);
/* The three parts of the state hash, and the whole. */
void game_hash_parts(const game *g, uint64_t parts[3]);
uint64_t game_hash_combine(const uint64_t parts[3]);

/* The engine's overlap check (game_place.c): true when the MOVE, REFORM, EVADE, WHEEL or ROTATE
 * `cmd`, resolved as it would be now, leaves every figure it moves clear of other bases (contact
 * allowed); else false with a reason naming the base in the way. Other kinds pass. */
bool game_place_check(const game *g, const rules_command *cmd, char *reason, size_t size);
/* The cheap half, without resolving: false (with the reason, when reason is not NULL) when the
 * MOVE `cmd` is dropped onto another base: its path ends where its reference figure would stand
 * on top of someone (where he stood before excepted). A rule set may still stop a move short of
 * a base its path crosses; a drop onto one is refused the same way in every rule set. */
bool game_place_end_free(const game *g, const rules_command *cmd, char *reason, size_t size);
/* The same, answered from `ix` (core/spatial.h, built from g's table as it stands; NULL: scan). */
bool game_place_end_free_ix(const game *g, const rules_command *cmd, spatial *ix, char *reason,
                            size_t size);

/* Referee commands (game_referee.c): checked and resolved by the engine, never the rule set. */
bool game_referee_validate(const game *g, const rules_command *cmd, char *reason, size_t size);
void game_referee_resolve(game *g, rules_ctx *ctx, const rules_command *cmd);
const char *game_referee_describe(const game *g, const rules_command *cmd, char *buf, size_t size);

/* Appends a command without validating it (the log replay of a loaded save validates first). */
void game_apply_logged(game *g, const rules_command *cmd);

/* Autosaves g to `path` from now on, holding the save's lock (save_lock_take): false with the
 * reason ("this game is open in another window") and nothing changed when another process has
 * it. */
bool game_autosave_to(game *g, const char *path, char *err, size_t size);

/* Notes in a save (game_notes.c): the "notes" array as JSON (NULL when there are none), and
 * read back from one (NULL: none); false with the reason and the index of the bad one. */
json_t *game_notes_to_json(const game *g);
bool game_notes_from_json(game *g, const json_t *a, int *bad, char *why, size_t size);
/* Writes the autosave now (after a note). */
void game_autosave_now(game *g);

#endif // GAME_GAME_INTERNAL_H
