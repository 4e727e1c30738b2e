/* The match: state at a cursor in the command log, rebuilt from snapshots on undo/redo. */
#include "game/game.h"

#include "core/config.h"
#include "core/mem.h"
#include "game/game_internal.h"
#include "game/save.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { SNAPSHOT_EVERY_DEFAULT = 16 };

const char *game_error_format(const game_error *err, char *buf, size_t size)
{
    return json_error_format(err, buf, size);
}

static void set_error(game_error *err, const char *file, const char *msg)
{
    if (!err)
        return;
    memset(err, 0, sizeof *err);
    snprintf(err->file, sizeof err->file, "%s", file ? file : "");
    snprintf(err->message, sizeof err->message, "%s", msg);
}

/* An empty view table for rule sets without one: every hint NULL, the engine's generic answers.
 */
static const rules_view_ops view_none;

/* game_view, inline: game_visible asks it of every figure and event it is asked about, and a
 * call to the exported function (which -fPIC keeps from inlining) was a fifth of its cost. */
static inline const rules_view_ops *view_of(const game *g)
{
    return g->ops->view ? g->ops->view : &view_none;
}

/* ---- events ------------------------------------------------------------------------------ */

static void events_clear(game_events_list *l)
{
    l->count = 0;
}

static void events_free(game_events_list *l)
{
    free(l->items);
    memset(l, 0, sizeof *l);
}

static void events_record(void *user, const rules_event *ev)
{
    game_events_list *l = user;
    mem_grow((void **)&l->items, &l->cap, l->count + 1, sizeof *l->items);
    l->items[l->count++] = *ev;
}

void game_events_record(void *user, const rules_event *ev)
{
    events_record(user, ev);
}

table *game_place_copy(game *g)
{
    /* The terrain shared with g's table: no command changes it (the adopted state takes the
     * figures, units and sides alone, adopt_checked). A spare that differs from the table in
     * the figures listed alone has those rewritten, the rest left as they are. */
    table *s = g->place_passed.spare, *t;
    if (s && g->place_passed.synced && s->figure_count == g->table->figure_count &&
        s->unit_count == g->table->unit_count && s->side_count == g->table->side_count) {
        table_copy_shared_some(s, g->table, g->place_passed.dirty, g->place_passed.dirty_n);
        t = s;
    } else {
        t = table_copy_shared(s, g->table);
    }
    g->place_passed.spare = NULL;
    g->place_passed.synced = true;
    g->place_passed.dirty_n = 0;
    return t;
}

void game_place_unsync(game *g)
{
    g->table_gen++;
    g->place_passed.synced = false;
    g->place_passed.dirty_n = 0;
}

void game_place_note(game *g, const game_events_list *l)
{
    for (int k = 0; k < l->count && g->place_passed.synced; k++) {
        const rules_event *ev = &l->items[k];
        /* rules_event_apply_table's kinds that change a figure (a formation is a unit's: the
         * units are compared whole) */
        if (ev->kind != RULES_EV_MOVE && ev->kind != RULES_EV_STATUS && ev->kind != RULES_EV_REMOVE)
            continue;
        if (!ev->figure.id)
            continue;
        int i = (int)ev->figure.id - 1, n = g->place_passed.dirty_n;
        bool listed = false;
        for (int j = n - 1; j >= 0 && !listed; j--)
            listed = g->place_passed.dirty[j] == i;
        if (listed)
            continue;
        if (n == PLACE_DIRTY_MAX)
            game_place_unsync(g);
        else
            g->place_passed.dirty[g->place_passed.dirty_n++] = i;
    }
}

void game_place_spare(game *g, table *t)
{
    if (!t)
        return;
    table_destroy_shared(g->place_passed.spare);
    g->place_passed.spare = t;
}

rules_state *game_place_clone_rs(game *g)
{
    rules_state *rs = g->place_passed.spare_rs;
    if (!rs || !g->ops->clone_into)
        return g->ops->clone(g->rs);
    g->place_passed.spare_rs = NULL;
    g->ops->clone_into(rs, g->rs);
    return rs;
}

void game_place_spare_rs(game *g, rules_state *rs)
{
    if (!rs)
        return;
    if (!g->ops->clone_into) {
        g->ops->destroy(rs);
        return;
    }
    if (g->place_passed.spare_rs)
        g->ops->destroy(g->place_passed.spare_rs);
    g->place_passed.spare_rs = rs;
}

void game_place_forget(game *g)
{
    if (g->place_passed.table) /* the state after the check, handed back: its figures differ */
        game_place_note(g, &g->place_passed.events);
    if (g->place_passed.rs)
        game_place_spare_rs(g, g->place_passed.rs);
    game_place_spare(g, g->place_passed.table);
    g->place_passed.rs = NULL;
    g->place_passed.table = NULL;
    g->place_passed.valid = false;
    g->place_passed.events.count = 0;
}

void game_state_changed(game *g)
{
    g->state_gen++;
    game_place_forget(g);
}

void game_places_changed(game *g)
{
    g->places_gen++;
    g->index_rebuild = true; /* what changed is not known */
    g->others.rebuild = true;
}

/* The others list (game_nearest_enemy) is to update figure `id` (moved by an event), or to be
 * built again. */
static void others_note_move(game *g, figure_id id)
{
    for (int k = 0; k < g->others.moved_n; k++)
        if (g->others.moved[k] == (int)id.id - 1)
            return;
    if (!id.id || g->others.moved_n == INDEX_MOVED_MAX)
        g->others.rebuild = true;
    else
        g->others.moved[g->others.moved_n++] = (int)id.id - 1;
}

/* The figure index is to file figure `id` (moved by an event) anew, or to be built again. */
static void index_note_move(game *g, figure_id id)
{
    for (int k = 0; k < g->index_moved_n; k++)
        if (g->index_moved[k] == (int)id.id - 1)
            return;
    if (!id.id || g->index_moved_n == INDEX_MOVED_MAX)
        g->index_rebuild = true;
    else
        g->index_moved[g->index_moved_n++] = (int)id.id - 1;
}

/* Notes where the figures stand for places_gen, once per gen (what is built from it). */
static void places_note(const game *g)
{
    game *m = (game *)g; /* a cache beside the state, not the state: g is const to callers */
    if (m->places_seen.valid && m->places_seen.gen == g->places_gen)
        return;
    const table *t = g->table;
    mem_grow((void **)&m->places_seen.pos, &m->places_seen.cap, t->figure_count,
             sizeof *m->places_seen.pos);
    for (int i = 0; i < t->figure_count; i++)
        m->places_seen.pos[i] = t->figures[i].pos;
    m->places_seen.n = t->figure_count;
    m->places_seen.gen = g->places_gen;
    m->places_seen.valid = true;
}

/* A command's events moved someone, or took someone off or brought him back
 * (rules_event_apply_table's MOVE, REMOVE and STATUS of the bits table_figure_active reads:
 * what the figure index and the others list hold). A rule set's own status flags (activated,
 * fired) change no place. */
static void places_after(game *g, const game_events_list *l)
{
    const uint32_t gone = FIGURE_STATUS_DEAD | FIGURE_STATUS_CAPTURED | FIGURE_STATUS_OFF_TABLE;
    bool seen = g->places_seen.valid && g->places_seen.gen == g->places_gen;
    for (int k = 0; k < l->count; k++) {
        const rules_event *ev = &l->items[k];
        uint32_t i = ev->figure.id - 1; /* a move to where the figure stood at the last build */
        if (ev->kind == RULES_EV_MOVE && seen && ev->figure.id && i < (uint32_t)g->places_seen.n &&
            memcmp(&ev->pos, &g->places_seen.pos[i], sizeof ev->pos) == 0)
            continue;
        if (ev->kind == RULES_EV_MOVE || ev->kind == RULES_EV_REMOVE ||
            (ev->kind == RULES_EV_STATUS && ((ev->status_set | ev->status_clear) & gone))) {
            g->places_gen++;
            /* the figure index and the others list follow the moves; someone gone or back
             * builds them again */
            for (int j = 0; j < l->count && !(g->index_rebuild && g->others.rebuild); j++) {
                const rules_event *e = &l->items[j];
                if (e->kind == RULES_EV_MOVE) {
                    if (!g->index_rebuild)
                        index_note_move(g, e->figure);
                    if (!g->others.rebuild)
                        others_note_move(g, e->figure);
                } else if (e->kind == RULES_EV_REMOVE ||
                           (e->kind == RULES_EV_STATUS &&
                            ((e->status_set | e->status_clear) & gone))) {
                    g->index_rebuild = true;
                    g->others.rebuild = true;
                }
            }
            return;
        }
    }
}

/* The command the overlap check resolved on a copy of this very state: that copy is the state
 * after it (same table, rule state and dice; the same events), so it is taken, not redone. */
static bool adopt_checked(game *g, game_entry *e)
{
    if (g->verify_events || e->cmd.kind == RULES_CMD_REFEREE || !g->place_passed.valid ||
        !g->place_passed.table || g->place_passed.gen != g->state_gen ||
        memcmp(&g->place_passed.cmd, &e->cmd, sizeof e->cmd) != 0)
        return false;
    table *t = g->table, *after = g->place_passed.table;
    if (t->figure_count != after->figure_count || t->unit_count != after->unit_count ||
        t->side_count != after->side_count)
        return false;
    /* The table keeps its place (callers hold game_table's pointer and its figures): the
     * check's events are applied to it, as they were to the copy (rules_emit; a rule set
     * changes the table only through them), which leaves the two alike. */
    const game_events_list *l = &g->place_passed.events;
    for (int k = 0; k < l->count; k++)
        rules_event_apply_table(t, &l->items[k]);
    game_place_spare_rs(g, g->rs); /* the next check's copy, with clone_into */
    g->rs = g->place_passed.rs;
    g->rng = g->place_passed.rng;
    game_events_list spare = e->events; /* cleared: its buffer goes to the next check */
    e->events = g->place_passed.events;
    g->place_passed.events = spare;
    game_place_spare(g, after);
    g->place_passed.table = NULL;
    g->place_passed.rs = NULL;
    return true;
}

static void judge(game *g, game_events_list *l, game_entry *e, int index);

/* ---- hashing ----------------------------------------------------------------------------- */

uint64_t game_hash_table(const table *t)
{
    rules_hasher hs;
    rules_hash_init(&hs);
    rules_hash_u32(&hs, (uint32_t)t->figure_count);
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        rules_hash_u32(&hs, f->id.id);
        rules_hash_u32(&hs, f->side.id);
        rules_hash_u32(&hs, f->unit.id);
        rules_hash_f32(&hs, f->pos.x);
        rules_hash_f32(&hs, f->pos.y);
        rules_hash_f32(&hs, f->facing);
        rules_hash_u32(&hs, f->status);
        rules_hash_u32(&hs, (uint32_t)f->posture);
    }
    rules_hash_u32(&hs, (uint32_t)t->unit_count);
    for (int i = 0; i < t->unit_count; i++) {
        rules_hash_u32(&hs, t->units[i].commander.id);
        rules_hash_str(&hs, t->units[i].formation);
    }
    return hs.h;
}

void game_hash_parts(const game *g, uint64_t parts[3])
{
    rules_hasher hs;
    parts[0] = game_hash_table(g->table);
    rules_hash_init(&hs);
    g->ops->hash(g->rs, &hs);
    parts[1] = hs.h;
    rules_hash_init(&hs);
    rules_hash_u64(&hs, g->rng.state);
    rules_hash_u64(&hs, g->rng.inc);
    if (g->rng.forced) /* a referee's "next die"; absent, the hash is as it always was */
        rules_hash_u32(&hs, (uint32_t)g->rng.forced);
    parts[2] = hs.h;
}

uint64_t game_hash_combine(const uint64_t parts[3])
{
    rules_hasher hs;
    rules_hash_init(&hs);
    for (int i = 0; i < 3; i++)
        rules_hash_u64(&hs, parts[i]);
    return hs.h;
}

uint64_t game_hash(const game *g)
{
    uint64_t parts[3];
    game_hash_parts(g, parts);
    return game_hash_combine(parts);
}

/* ---- building the state ------------------------------------------------------------------- */

static rules_ctx make_ctx(game *g, game_events_list *sink)
{
    return (rules_ctx){.ops = g->ops,
                       .state = g->rs,
                       .table = g->table,
                       .rng = &g->rng,
                       .scenario = g->sc,
                       .record = events_record,
                       .user = sink};
}

static void state_free(game *g)
{
    if (g->rs)
        g->ops->destroy(g->rs);
    table_destroy(g->table);
    g->rs = NULL;
    g->table = NULL;
}

/* The state at cursor 0: the scenario's table, a fresh rule state, the seeded dice, and the
 * rule set's setup events. */
static bool state_start(game *g, char *err, size_t err_size)
{
    state_free(g);
    game_state_changed(g);
    g->table = table_clone(g->sc->table);
    game_places_changed(g);
    game_place_unsync(g);
    dice_seed(&g->rng, g->seed);
    rules_create_desc cd = {.scenario = g->sc, .table = g->table, .data_dir = g->data_dir};
    g->rs = g->ops->create(&cd, err, err_size);
    if (!g->rs)
        return false;
    events_clear(&g->setup_events);
    if (g->ops->begin) {
        rules_ctx ctx = make_ctx(g, &g->setup_events);
        g->ops->begin(g->rs, &ctx);
    }
    judge(g, &g->setup_events, NULL, -1);
    return true;
}

static void snap_free(game *g, game_snapshot *s)
{
    if (s->rs)
        g->ops->destroy(s->rs);
    table_destroy(s->table);
    memset(s, 0, sizeof *s);
}

static void snap_take(game *g, int k)
{
    if (!g->ops->clone)
        return;
    if (k >= g->snap_cap) {
        int old = g->snap_cap;
        mem_grow((void **)&g->snaps, &g->snap_cap, k + 1, sizeof *g->snaps);
        memset(g->snaps + old, 0, (size_t)(g->snap_cap - old) * sizeof *g->snaps);
    }
    game_snapshot *s = &g->snaps[k];
    if (s->valid)
        return;
    s->table = table_clone(g->table);
    s->rs = g->ops->clone(g->rs);
    s->rng = g->rng;
    s->valid = true;
}

/* Snapshots past the cursor describe a log that is being replaced. */
static void snaps_drop_after(game *g, int cursor)
{
    for (int k = 0; k < g->snap_cap; k++)
        if (g->snaps[k].valid && k * g->snapshot_every > cursor)
            snap_free(g, &g->snaps[k]);
}

static void snap_restore(game *g, const game_snapshot *s)
{
    state_free(g);
    game_state_changed(g);
    g->table = table_clone(s->table);
    game_places_changed(g);
    game_place_unsync(g);
    g->rs = g->ops->clone(s->rs);
    g->rng = s->rng;
}

/* Applies the events of a command to a copy of the state before it; the result must hash like
 * the state the rule set left, or the rule set changed something without an event. */
static void verify_events(game *g, const game_snapshot *before, const game_entry *e, int i)
{
    game_snapshot s = *before;
    for (int k = 0; k < e->events.count; k++) {
        rules_event_apply_table(s.table, &e->events.items[k]);
        g->ops->apply(s.rs, s.table, &e->events.items[k]);
    }
    uint64_t want[3], got[3];
    game_hash_parts(g, want);
    rules_hasher hs;
    rules_hash_init(&hs);
    got[0] = game_hash_table(s.table);
    g->ops->hash(s.rs, &hs);
    got[1] = hs.h;
    if (want[0] != got[0] || want[1] != got[1]) {
        char buf[256];
        fprintf(stderr,
                "sandtable: rule set %s changed %s outside its events while resolving command "
                "%d (%s)\n",
                g->ops->id, want[0] != got[0] ? "the table" : "its state", i + 1,
                rules_command_format(&e->cmd, buf, sizeof buf));
        abort();
    }
}

/* Resolves log entry i on the current state (which must be the state at cursor i). */
static void entry_resolve(game *g, int i)
{
    game_entry *e = &g->log[i];
    events_clear(&e->events);
    if (adopt_checked(g, e)) {
        game_state_changed(g);
        places_after(g, &e->events);
        g->cursor = i + 1;
        judge(g, &e->events, e, i);
        if (g->cursor % g->snapshot_every == 0)
            snap_take(g, g->cursor / g->snapshot_every);
        return;
    }
    game_snapshot before = {0};
    if (g->verify_events && g->ops->clone)
        before = (game_snapshot){table_clone(g->table), g->ops->clone(g->rs), g->rng, true};
    game_state_changed(g);
    rules_ctx ctx = make_ctx(g, &e->events);
    if (e->cmd.kind == RULES_CMD_REFEREE) /* the engine's own (game_referee.c) */
        game_referee_resolve(g, &ctx, &e->cmd);
    else
        g->ops->resolve(g->rs, &ctx, &e->cmd);
    game_place_note(g, &e->events);
    places_after(g, &e->events);
    if (before.valid) {
        verify_events(g, &before, e, i);
        snap_free(g, &before);
    }
    g->cursor = i + 1;
    judge(g, &e->events, e, i);
    if (g->cursor % g->snapshot_every == 0)
        snap_take(g, g->cursor / g->snapshot_every);
}

/* Rebuilds the state at `cursor` from the nearest snapshot at or before it. */
static bool rebuild(game *g, int cursor)
{
    int k = cursor / g->snapshot_every;
    while (k > 0 && !(k < g->snap_cap && g->snaps[k].valid))
        k--;
    if (k < g->snap_cap && g->snaps[k].valid) {
        snap_restore(g, &g->snaps[k]);
    } else {
        char err[256];
        if (!state_start(g, err, sizeof err))
            return false;
        k = 0;
    }
    g->cursor = k * g->snapshot_every;
    while (g->cursor < cursor)
        entry_resolve(g, g->cursor);
    return true;
}

/* ---- create / destroy --------------------------------------------------------------------- */

static const rules_ops *find_rules(const game_desc *desc, game_error *err)
{
    const rules_ops *ops = desc->rules ? desc->rules : rules_find(desc->scenario->ruleset);
    scenario_error se;
    if (!ops && !rules_scenario_check(desc->scenario, &se) && err) {
        *err = se; /* the scenario's own error: one type for every loader */
    }
    return ops;
}

game *game_create(const game_desc *desc, game_error *err)
{
    const rules_ops *ops = find_rules(desc, err);
    if (!ops)
        return NULL;
    game *g = mem_calloc(1, sizeof *g);
    g->sc = desc->scenario;
    g->own_scenario = desc->take_scenario;
    g->ops = ops;
    g->data_dir = desc->data_dir ? mem_strdup(desc->data_dir) : NULL;
    g->seed = desc->seed_set ? desc->seed : desc->scenario->seed;
    g->snapshot_every = desc->snapshot_every > 0 ? desc->snapshot_every : SNAPSHOT_EVERY_DEFAULT;
    g->verify_events = desc->verify_events || config_verify_events();
    g->skip_log_hashes = desc->skip_log_hashes && !desc->autosave_path;
    char msg[400];
    if (!state_start(g, msg, sizeof msg)) {
        char full[512];
        snprintf(full, sizeof full, "rule set %s: %s", ops->id, msg);
        set_error(err, "", full);
        g->own_scenario = false; /* the caller keeps its scenario on failure */
        game_destroy(g);
        return NULL;
    }
    game_hash_parts(g, g->start_parts);
    g->start_hash = game_hash_combine(g->start_parts);
    g->start_turn = g->ops->turn(g->rs);
    snap_take(g, 0);
    if (desc->autosave_path && !game_autosave_to(g, desc->autosave_path, msg, sizeof msg)) {
        set_error(err, "", msg);
        g->own_scenario = false;
        game_destroy(g);
        return NULL;
    }
    return g;
}

bool game_autosave_to(game *g, const char *path, char *err, size_t size)
{
    if (!save_lock_take(path, err, size))
        return false;
    if (g->autosave_locked)
        save_lock_release(g->autosave_path);
    free(g->autosave_path);
    g->autosave_path = mem_strdup(path);
    g->autosave_locked = true;
    return true;
}

void game_autosave_stop(game *g)
{
    if (g->autosave_locked)
        save_lock_release(g->autosave_path);
    g->autosave_locked = false;
    free(g->autosave_path);
    g->autosave_path = NULL;
}

void game_destroy(game *g)
{
    if (!g)
        return;
    for (int k = 0; k < g->snap_cap; k++)
        snap_free(g, &g->snaps[k]);
    free(g->snaps);
    for (int i = 0; i < g->log_count; i++)
        events_free(&g->log[i].events);
    free(g->log);
    events_free(&g->setup_events);
    state_free(g);
    if (g->own_scenario)
        scenario_destroy((scenario *)g->sc);
    free(g->data_dir);
    if (g->autosave_locked)
        save_lock_release(g->autosave_path);
    free(g->autosave_path);
    free(g->notes);
    game_place_forget(g);
    if (g->place_passed.spare_rs)
        g->ops->destroy(g->place_passed.spare_rs);
    table_destroy_shared(g->place_passed.spare);
    free(g->place_passed.events.items);
    spatial_free(&g->index);
    free(g->places_seen.pos);
    free(g->unit_first.first);
    free(g->unit_members.start);
    free(g->unit_members.items);
    free(g->judge_seen);
    free(g->others.idx);
    free(g->others.slot);
    free(g->others.x);
    free(g->others.y);
    free(g);
}

/* ---- state and queries -------------------------------------------------------------------- */

const table *game_table(const game *g)
{
    return g->table;
}

const scenario *game_scenario(const game *g)
{
    return g->sc;
}

const rules_ops *game_rules(const game *g)
{
    return g->ops;
}

const rules_state *game_rules_state(const game *g)
{
    return g->rs;
}

uint64_t game_seed(const game *g)
{
    return g->seed;
}

dice_rng game_rng(const game *g)
{
    return g->rng;
}

int game_turn(const game *g)
{
    return g->ops->turn(g->rs);
}

/* The outcome of the state as it stands, worked out once per state (g->outcome). */
static const rules_outcome *outcome_now(const game *g)
{
    game *m = (game *)g; /* a cache beside the state, not the state: g is const to callers */
    if (!m->outcome.valid || m->outcome.gen != g->state_gen) {
        memset(&m->outcome.out, 0, sizeof m->outcome.out);
        g->ops->outcome(g->rs, g->table, &m->outcome.out);
        m->outcome.gen = g->state_gen;
        m->outcome.valid = true;
    }
    return &m->outcome.out;
}

void game_decision(const game *g, rules_decision *out)
{
    game *m = (game *)g; /* a cache beside the state, as outcome_now */
    if (!m->decision.valid || m->decision.gen != g->state_gen) {
        /* rules_decide, on the outcome already worked out for this state */
        const rules_outcome *oc = outcome_now(g);
        rules_decision *dec = &m->decision.dec;
        memset(dec, 0, sizeof *dec);
        if (oc->over)
            snprintf(dec->prompt, sizeof dec->prompt, "Game over: %.100s", oc->reason);
        else
            g->ops->decision(g->rs, g->table, dec);
        m->decision.gen = g->state_gen;
        m->decision.valid = true;
    }
    *out = m->decision.dec;
}

void game_decision_seen(const game *g, side_id viewer, rules_decision *out)
{
    game_decision(g, out);
    const rules_view_ops *v = view_of(g);
    char words[sizeof out->prompt];
    if (viewer.id && v->prompt && out->kind != RULES_DECIDE_NONE &&
        v->prompt(g->rs, g->table, viewer, out, words, sizeof words))
        mem_strcopy(out->prompt, sizeof out->prompt, words);
}

void game_outcome(const game *g, rules_outcome *out)
{
    *out = *outcome_now(g);
}

bool game_over(const game *g)
{
    return outcome_now(g)->over;
}

/* game_visible, inline for the engine's own many questions (as view_of). */
static inline bool visible_now(const game *g, side_id viewer, figure_id fig)
{
    const rules_view_ops *v = view_of(g);
    if (!viewer.id || !fig.id || !v->visible)
        return true;
    const figure *f = table_figure_const(g->table, fig);
    if (!f || f->side.id == viewer.id)
        return true;
    /* The hook first: the outcome is the dearer question, asked only of a hidden figure. */
    return v->visible(g->rs, g->table, viewer, fig) || game_over(g);
}

static bool unit_visible(const game *g, side_id viewer, unit_id u);

/* A command's target (figure or unit) is one its side can see: nobody aims at, charges or
 * otherwise names an enemy he does not know is there (game_visible), in any rule set. */
static bool target_seen(const game *g, const rules_command *cmd)
{
    return !view_of(g)->visible ||
           (visible_now(g, cmd->side, cmd->target) && unit_visible(g, cmd->side, cmd->target_unit));
}

int game_legal(const game *g, rules_command *out, int max)
{
    if (game_over(g) || max <= 0)
        return 0;
    /* The rule set samples moves without looking at who stands where. Resolving every sample
     * on a copy to drop those that would stack bases costs more than the game itself, so only
     * the cheap half is done here: a sample whose path ends on another base is dropped. The
     * exact check (game_place_check, in game_validate) runs once on the command chosen, and
     * the bot takes its next best when it refuses (bot_pick). */
    int n = g->ops->legal(g->rs, g->table, out, max), kept = 0;
    /* One index of the figures for every sample (the table holds still meanwhile). */
    bool any_move = false;
    for (int i = 0; i < n && !any_move; i++)
        any_move = out[i].kind == RULES_CMD_MOVE;
    spatial *ix = any_move ? game_figure_index(g) : NULL;
    for (int i = 0; i < n; i++)
        if (game_place_end_free_ix(g, &out[i], ix, NULL, 0) && target_seen(g, &out[i])) {
            if (kept != i) /* a command is 400 bytes: most stay where they are */
                out[kept] = out[i];
            kept++;
        }
    return kept;
}

spatial *game_figure_index(const game *g)
{
    game *m = (game *)g; /* a cache beside the state, not the state: g is const to callers */
    if (!m->index_valid || m->index_gen != g->places_gen) {
        places_note(g);
        /* A few figures moved since it was made: each filed under its new cell (the answers
         * are a build's); else built anew. */
        const table *t = g->table;
        bool kept = m->index_valid && !m->index_rebuild && m->index.figures == t->figure_count;
        for (int k = 0; kept && k < m->index_moved_n; k++) {
            int i = m->index_moved[k];
            kept = i >= 0 && i < t->figure_count && table_figure_active(&t->figures[i]) &&
                   spatial_move(&m->index, i, t->figures[i].pos);
        }
        if (!kept)
            spatial_build(&m->index, t);
        m->index_moved_n = 0;
        m->index_rebuild = false;
        m->index_gen = g->places_gen;
        m->index_valid = true;
    }
    return &m->index;
}

typedef struct enemy_filter {
    const game *g;
    side_id own;
} enemy_filter;

static bool enemy_accept(void *user, int index)
{
    const enemy_filter *f = user;
    const figure *e = &f->g->table->figures[index];
    return e->side.id != f->own.id && visible_now(f->g, f->own, e->id);
}

/* Below this many figures a scan in order reads less than the grid's rings of mostly empty
 * cells (lcr_baler, 113 figures: the rings cost 3x the scan). Both give the same answer. */
enum { NEAREST_SCAN_MAX = 400 };

/* The active figures of other sides than `own`, kept until the places change: the bot asks
 * for the nearest enemy of many points of one state. */
static void others_of(const game *g, side_id own)
{
    game *m = (game *)g; /* a cache beside the state, not the state: g is const to callers */
    if (m->others.valid && m->others.gen == g->places_gen && m->others.own == own.id)
        return;
    places_note(g);
    const table *t = g->table;
    /* A few figures moved since it was made for this side: their centres rewritten in place
     * (the same list a build makes: who is in it changes only with a status, which builds). */
    if (m->others.valid && m->others.own == own.id && !m->others.rebuild &&
        m->others.figures == t->figure_count) {
        for (int k = 0; k < m->others.moved_n; k++) {
            int i = m->others.moved[k], at = i < t->figure_count ? m->others.slot[i] : -1;
            if (at >= 0) {
                m->others.x[at] = t->figures[i].pos.x;
                m->others.y[at] = t->figures[i].pos.y;
            }
        }
        m->others.moved_n = 0;
        m->others.gen = g->places_gen;
        return;
    }
    int cap = (t->figure_count + 3) / 4 * 4 + 4;
    if (cap > m->others.cap) {
        m->others.cap = cap;
        m->others.idx = mem_realloc(m->others.idx, (size_t)cap, sizeof *m->others.idx);
        m->others.x = mem_realloc(m->others.x, (size_t)cap, sizeof *m->others.x);
        m->others.y = mem_realloc(m->others.y, (size_t)cap, sizeof *m->others.y);
    }
    mem_grow((void **)&m->others.slot, &m->others.slot_cap, t->figure_count,
             sizeof *m->others.slot);
    int n = 0;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *e = &t->figures[i];
        m->others.slot[i] = -1;
        if (table_figure_active(e) && e->side.id != own.id) {
            m->others.slot[i] = n;
            m->others.idx[n] = i;
            m->others.x[n] = e->pos.x;
            m->others.y[n++] = e->pos.y;
        }
    }
    m->others.figures = t->figure_count;
    m->others.rebuild = false;
    m->others.moved_n = 0;
    /* infinitely far: never nearer than anyone (nor than nothing) */
    for (int k = n; k < (n + 3) / 4 * 4; k++) {
        m->others.x[k] = INFINITY;
        m->others.y[k] = INFINITY;
    }
    m->others.n = n;
    m->others.own = own.id;
    m->others.gen = g->places_gen;
    m->others.valid = true;
}

typedef float others_v4 __attribute__((vector_size(16)));
typedef int32_t others_i4 __attribute__((vector_size(16)));

/* The index into the others list of the one whose centre is nearest p (squared distances
 * compared with `<`: the first of equals, and none nearer than infinity: -1), four at a time:
 * each lane keeps its own least and the block it was first met in, and the least of the lanes,
 * the lowest index of equals, is the answer a scan in order finds. */
static int others_nearest(const game *g, vec2s p, float *d2)
{
    int blocks = (g->others.n + 3) / 4;
    const others_v4 px = {p.x, p.x, p.x, p.x}, py = {p.y, p.y, p.y, p.y};
    others_v4 best = {INFINITY, INFINITY, INFINITY, INFINITY};
    others_i4 at = {-1, -1, -1, -1}, cur = {0, 0, 0, 0};
    const others_i4 one = {1, 1, 1, 1};
    for (int b = 0; b < blocks; b++) {
        others_v4 x, y;
        memcpy(&x, g->others.x + 4 * b, sizeof x);
        memcpy(&y, g->others.y + 4 * b, sizeof y);
        others_v4 dx = x - px, dy = y - py;
        others_v4 d = dx * dx + dy * dy;
        others_i4 nearer = d < best; /* -1 where nearer: a NaN never is */
        best = (others_v4)(((others_i4)d & nearer) | ((others_i4)best & ~nearer));
        at = (cur & nearer) | (at & ~nearer);
        cur += one;
    }
    int near = -1;
    float near2 = INFINITY;
    for (int l = 0; l < 4; l++) {
        if (at[l] < 0)
            continue;
        int k = 4 * at[l] + l;
        if (best[l] < near2 || (best[l] == near2 && k < near)) {
            near2 = best[l];
            near = k;
        }
    }
    *d2 = near2;
    return near;
}

const figure *game_nearest_enemy(const game *g, side_id own, vec2s p, float *cm)
{
    const table *t = g->table;
    float d2 = INFINITY;
    int who = -1;
    enemy_filter f = {g, own};
    if (t->figure_count > NEAREST_SCAN_MAX) {
        who = spatial_nearest(game_figure_index(g), t, p, enemy_accept, &f, &d2);
    } else {
        /* The scan of every figure in order, asking each nearer one whether it is an active
         * enemy seen: the same questions in the same order over the active figures of the
         * other sides, whose list is kept with the state. */
        others_of(g, own);
        const int *idx = g->others.idx;
        const float *x = g->others.x, *y = g->others.y;
        /* Most often the nearest of all is seen, and is then the answer (the first of equals,
         * as the scan below keeps it): found by distances alone, without asking who is seen. */
        float near2;
        int near = others_nearest(g, p, &near2);
        if (near < 0 || visible_now(g, own, t->figures[idx[near]].id)) {
            *cm = sqrtf(near2);
            return near >= 0 ? &t->figures[idx[near]] : NULL;
        }
        for (int k = 0; k < g->others.n; k++) {
            float dx = x[k] - p.x, dy = y[k] - p.y;
            if (dx * dx + dy * dy < d2 && visible_now(g, own, t->figures[idx[k]].id)) {
                d2 = dx * dx + dy * dy;
                who = idx[k];
            }
        }
    }
    *cm = sqrtf(d2);
    return who >= 0 ? &t->figures[who] : NULL;
}

/* The engine's own checks, before the rule set's: the game is on, and it is this side's call. */
static bool check_turn(const game *g, const rules_command *cmd, char *reason, size_t size)
{
    rules_decision dec;
    game_decision(g, &dec);
    if (dec.kind == RULES_DECIDE_NONE) {
        snprintf(reason, size, "the game is over");
        return false;
    }
    if (cmd->kind <= RULES_CMD_NONE || cmd->kind >= RULES_CMD_KIND_COUNT) {
        snprintf(reason, size, "not a command");
        return false;
    }
    if (cmd->kind == RULES_CMD_REFEREE) /* the players together, whoever's turn it is */
        return true;
    if (!dec.simultaneous && cmd->side.id != dec.side.id) {
        snprintf(reason, size, "it is %s's decision, not %s's",
                 table_side_label(g->table, dec.side, "the other side"),
                 table_side_label(g->table, cmd->side, "this side"));
        return false;
    }
    return true;
}

/* Every figure the command names is on the table (a broken save or network message can name
 * any number): the rule sets may then look each one up without asking again. */
static bool figures_named_exist(const game *g, const rules_command *cmd, char *reason, size_t size)
{
    if (cmd->figure_count < 0 || cmd->figure_count > RULES_CMD_FIGURES_MAX) {
        snprintf(reason, size, "too many figures named");
        return false;
    }
    for (int i = 0; i < cmd->figure_count; i++) {
        if (!table_figure_const(g->table, cmd->figures[i])) {
            snprintf(reason, size, "no such figure on the table");
            return false;
        }
    }
    return true;
}

bool game_validate(const game *g, const rules_command *cmd, char *reason, size_t size)
{
    char scratch[8];
    if (!reason) {
        reason = scratch;
        size = sizeof scratch;
    }
    reason[0] = '\0';
    if (!check_turn(g, cmd, reason, size))
        return false;
    if (cmd->kind == RULES_CMD_REFEREE)
        return game_referee_validate(g, cmd, reason, size);
    if (!figures_named_exist(g, cmd, reason, size))
        return false;
    if (!target_seen(g, cmd)) {
        snprintf(reason, size, "no enemy that can be seen is there");
        return false;
    }
    /* A drop onto a base is refused in every rule set before the rule set is asked; what a
     * move's resolution leaves (a roll, a stop short) is checked on a copy after it. */
    return game_place_end_free(g, cmd, reason, size) &&
           g->ops->validate(g->rs, g->table, cmd, reason, size) &&
           game_place_check(g, cmd, reason, size);
}

const rules_view_ops *game_view(const game *g)
{
    return view_of(g);
}

const char *game_describe(const game *g, const rules_command *cmd, char *buf, size_t size)
{
    const rules_view_ops *v = view_of(g);
    if (cmd->kind == RULES_CMD_REFEREE)
        return game_referee_describe(g, cmd, buf, size);
    if (size && v->describe && v->describe(g->rs, g->table, cmd, buf, size))
        return buf;
    return rules_command_describe(g->table, cmd, buf, size);
}

bool game_figure_state(const game *g, figure_id fig, char *buf, size_t size)
{
    const rules_view_ops *v = view_of(g);
    if (size)
        buf[0] = 0;
    return size && v->figure_state && v->figure_state(g->rs, g->table, fig, buf, size);
}

bool game_figure_badge(const game *g, figure_id fig, char *buf, size_t size)
{
    const rules_view_ops *v = view_of(g);
    if (size)
        buf[0] = 0;
    return size && v->figure_badge && v->figure_badge(g->rs, g->table, fig, buf, size);
}

int game_actions(const game *g, figure_id fig, rules_action *out, int max)
{
    const rules_view_ops *v = view_of(g);
    return v->actions ? v->actions(g->rs, g->table, fig, out, max) : 0;
}

bool game_reach(const game *g, const rules_command *move, vec2s dir, rules_reach *out)
{
    const rules_view_ops *v = view_of(g);
    memset(out, 0, sizeof *out);
    float len = sqrtf(dir.x * dir.x + dir.y * dir.y);
    if (!v->reach || len <= 0.0f)
        return false;
    dir.x /= len;
    dir.y /= len;
    return v->reach(g->rs, g->table, move, dir, out);
}

bool game_region(const game *g, const rules_command *move, int n, vec2s *out)
{
    if (n < 3)
        return false;
    for (int i = 0; i < n; i++) {
        double a = 2.0 * 3.14159265358979323846 * i / n;
        rules_reach r;
        if (!game_reach(g, move, (vec2s){{(float)cos(a), (float)sin(a)}}, &r))
            return false;
        out[i] = r.stop;
    }
    return true;
}

int game_targets(const game *g, const rules_command *fire, rules_target *out, int max)
{
    const rules_view_ops *v = view_of(g);
    int n = v->targets ? v->targets(g->rs, g->table, fire, out, max) : 0, kept = 0;
    if (!v->visible)
        return n;
    /* A target the firing side cannot see is not offered, whatever the rule set answers. */
    for (int i = 0; i < n; i++)
        if (visible_now(g, fire->side, out[i].figure) && unit_visible(g, fire->side, out[i].unit))
            out[kept++] = out[i];
    return kept;
}

bool game_arc(const game *g, figure_id fig, float *half_angle, float *range_cm)
{
    const rules_view_ops *v = view_of(g);
    return v->arc && v->arc(g->rs, g->table, fig, half_angle, range_cm);
}

int game_driver(const game *g, side_id viewer, rules_driver_item *out, int max)
{
    const rules_view_ops *v = view_of(g);
    int n = v->driver ? v->driver(g->rs, g->table, viewer, out, max) : 0, k = 0;
    for (int i = 0; i < n; i++) /* a unit the viewer may not see is not listed to him */
        if (out[i].kind != RULES_DRIVER_UNIT || visible_now(g, viewer, out[i].figure))
            out[k++] = out[i];
    return k;
}

int game_command_radius(const game *g, figure_id leader, float *radius_cm, figure_id *out, int max)
{
    const rules_view_ops *v = view_of(g);
    float r = 0;
    int n = v->command_radius ? v->command_radius(g->rs, g->table, leader, &r, out, max) : -1;
    if (radius_cm)
        *radius_cm = n >= 0 ? r : 0;
    return n;
}

bool game_moves_by_unit(const game *g)
{
    return view_of(g)->moves_by_unit;
}

/* The figure indices of unit u, ascending, from a map of every unit's made once per table
 * (table_gen, as unit_first_figure's); *count of them. NULL when the table's unit ids run far
 * past its units (a broken save): the caller scans then. */
static const int *unit_members_of(const game *g, unit_id u, int *count)
{
    game *m = (game *)g; /* a cache beside the state, not the state: g is const to callers */
    const table *t = g->table;
    if (!m->unit_members.valid || m->unit_members.gen != g->table_gen) {
        uint32_t top = 0;
        for (int i = 0; i < t->figure_count; i++)
            top = t->figures[i].unit.id > top ? t->figures[i].unit.id : top;
        int n = top <= (uint32_t)t->unit_count + 64 ? (int)top + 1 : 0;
        mem_grow((void **)&m->unit_members.start, &m->unit_members.start_cap, n + 1,
                 sizeof *m->unit_members.start);
        mem_grow((void **)&m->unit_members.items, &m->unit_members.item_cap, t->figure_count,
                 sizeof *m->unit_members.items);
        int *start = m->unit_members.start;
        for (int k = 0; k <= n; k++)
            start[k] = 0;
        for (int i = 0; n && i < t->figure_count; i++)
            start[t->figures[i].unit.id + 1]++;
        for (int k = 0; k < n; k++)
            start[k + 1] += start[k];
        /* filled in figure order, each unit's run ascending; start[u] ends up at its run's end
         * and is moved back after */
        for (int i = 0; n && i < t->figure_count; i++)
            m->unit_members.items[start[t->figures[i].unit.id]++] = i;
        for (int k = n; k > 0; k--)
            start[k] = start[k - 1];
        start[0] = 0;
        m->unit_members.n = n;
        m->unit_members.gen = g->table_gen;
        m->unit_members.valid = true;
    }
    if (!m->unit_members.n)
        return NULL;
    if (u.id >= (uint32_t)m->unit_members.n) {
        *count = 0;
        return m->unit_members.items;
    }
    *count = m->unit_members.start[u.id + 1] - m->unit_members.start[u.id];
    return m->unit_members.items + m->unit_members.start[u.id];
}

int game_move_figures(const game *g, const rules_command *cmd, figure_id *out, int max)
{
    const rules_view_ops *v = view_of(g);
    if (v->move_figures)
        return v->move_figures(g->rs, g->table, cmd, out, max);
    int n = 0;
    for (int i = 0; i < cmd->figure_count && n < max; i++)
        out[n++] = cmd->figures[i];
    if (cmd->figure_count || !cmd->unit.id)
        return n;
    /* the unit's active figures in table order: those of its members */
    const table *t = g->table;
    int count = 0;
    const int *members = unit_members_of(g, cmd->unit, &count);
    for (int k = 0; members && k < count && n < max; k++) {
        const figure *f = &t->figures[members[k]];
        if (table_figure_active(f))
            out[n++] = f->id;
    }
    for (int i = 0; !members && i < t->figure_count && n < max; i++) {
        const figure *f = &t->figures[i];
        if (f->unit.id == cmd->unit.id && table_figure_active(f))
            out[n++] = f->id;
    }
    return n;
}

const char *game_measure(const game *g)
{
    const rules_view_ops *v = view_of(g);
    const char *m = v->measure ? v->measure(g->rs) : NULL;
    return m && strcmp(m, "inch") == 0 ? "inch" : "cm";
}

bool game_visible(const game *g, side_id viewer, figure_id fig)
{
    return visible_now(g, viewer, fig);
}

/* The index of unit u's first figure on the table as it stands (-1: none), from a map of
 * every unit's made once per table (table_gen): judging a command's events asks it of each event
 * and side, and a scan of the figures each time was most of the judging. */
static int unit_first_figure(const game *g, unit_id u)
{
    game *m = (game *)g; /* a cache beside the state, not the state: g is const to callers */
    const table *t = g->table;
    if (!m->unit_first.valid || m->unit_first.gen != g->table_gen) {
        uint32_t top = 0;
        for (int i = 0; i < t->figure_count; i++)
            top = t->figures[i].unit.id > top ? t->figures[i].unit.id : top;
        /* a unit id far past the table's units (a broken save): scanned for, never mapped */
        int n = top <= (uint32_t)t->unit_count + 64 ? (int)top + 1 : 0;
        mem_grow((void **)&m->unit_first.first, &m->unit_first.cap, n, sizeof *m->unit_first.first);
        for (int k = 0; k < n; k++)
            m->unit_first.first[k] = -1;
        for (int i = t->figure_count - 1; n && i >= 0; i--)
            m->unit_first.first[t->figures[i].unit.id] = i;
        m->unit_first.n = n;
        m->unit_first.gen = g->table_gen;
        m->unit_first.valid = true;
    }
    if (m->unit_first.n)
        return u.id < (uint32_t)m->unit_first.n ? m->unit_first.first[u.id] : -1;
    for (int i = 0; i < t->figure_count; i++)
        if (t->figures[i].unit.id == u.id)
            return i;
    return -1;
}

/* A unit is seen when its first figure is: concealment is a unit's in every seed. */
static bool unit_visible(const game *g, side_id viewer, unit_id u)
{
    if (!u.id)
        return true;
    int first = unit_first_figure(g, u);
    return first < 0 || visible_now(g, viewer, g->table->figures[first].id);
}

/* The table's index of side s as a bit of a hidden_from mask (0: past 32 sides, never hidden).
 * A viewer that is no side (GAME_VIEWER_PUBLIC) gets every bit: hidden from one side is hidden
 * from the public. */
static uint32_t side_bit(const table *t, side_id s)
{
    for (int i = 0; i < t->side_count; i++)
        if (t->sides[i].id.id == s.id)
            return i < 32 ? 1u << i : 0;
    return UINT32_MAX;
}

/* May the event be told to `viewer` as things stand now? */
static bool event_seen_now(const game *g, side_id viewer, const rules_event *ev)
{
    return visible_now(g, viewer, ev->figure) && visible_now(g, viewer, ev->other) &&
           unit_visible(g, viewer, ev->unit);
}

static bool command_seen_now(const game *g, side_id viewer, int index)
{
    const rules_command *c = game_command_at(g, index);
    bool named = c->figure.id || c->unit.id || c->figure_count;
    bool seen = visible_now(g, viewer, c->figure) && visible_now(g, viewer, c->target) &&
                unit_visible(g, viewer, c->unit) && unit_visible(g, viewer, c->target_unit);
    for (int i = 0; i < c->figure_count && seen; i++)
        seen = visible_now(g, viewer, c->figures[i]);
    int n = 0;
    const rules_event *ev = named ? NULL : game_events(g, index, &n);
    for (int i = 0; i < n && seen; i++)
        seen = event_seen_now(g, viewer, &ev[i]);
    return seen;
}

/* Fixes who may be told the events in `l` (and, for a log entry, its command) as the state
 * stands just after they happened: a unit revealed later does not give away what it did
 * while it was hidden. Only for a rule set that conceals. */
/* visible_now, kept per figure in `seen` (judge's, for one viewer on a state that holds
 * still): a command's events name the same few figures again and again. */
static bool judged_figure(const game *g, side_id viewer, figure_id fig, uint8_t *seen)
{
    uint32_t i = fig.id - 1;
    if (!fig.id || i >= (uint32_t)g->table->figure_count)
        return visible_now(g, viewer, fig);
    if (!seen[i])
        seen[i] = visible_now(g, viewer, fig) ? 1 : 2;
    return seen[i] == 1;
}

/* event_seen_now through judged_figure. */
static bool judged_event(const game *g, side_id viewer, const rules_event *ev, uint8_t *seen)
{
    if (!judged_figure(g, viewer, ev->figure, seen) || !judged_figure(g, viewer, ev->other, seen))
        return false;
    int first = ev->unit.id ? unit_first_figure(g, ev->unit) : -1;
    return first < 0 || judged_figure(g, viewer, g->table->figures[first].id, seen);
}

static void judge(game *g, game_events_list *l, game_entry *e, int index)
{
    if (!view_of(g)->visible)
        return;
    const table *t = g->table;
    mem_grow((void **)&g->judge_seen, &g->judge_cap, t->figure_count + 1, sizeof *g->judge_seen);
    for (int k = 0; k < l->count; k++) {
        l->items[k].hidden_from = 0;
        l->items[k].judged = true;
    }
    if (e) {
        e->hidden_from = 0;
        e->judged = true;
    }
    for (int s = 0; s < t->side_count && s < 32; s++) {
        side_id v = t->sides[s].id;
        memset(g->judge_seen, 0, (size_t)t->figure_count + 1);
        for (int k = 0; k < l->count; k++)
            if (!judged_event(g, v, &l->items[k], g->judge_seen))
                l->items[k].hidden_from |= 1u << s;
        if (e && !command_seen_now(g, v, index))
            e->hidden_from |= 1u << s;
    }
}

bool game_event_visible(const game *g, side_id viewer, const rules_event *ev)
{
    if (!viewer.id || !view_of(g)->visible || game_over(g))
        return true;
    if (ev->judged)
        return !(ev->hidden_from & side_bit(g->table, viewer));
    return event_seen_now(g, viewer, ev);
}

bool game_command_visible(const game *g, side_id viewer, int index)
{
    const rules_command *c = game_command_at(g, index);
    if (!c || !viewer.id || !view_of(g)->visible || game_over(g))
        return true;
    if (index < g->cursor && g->log[index].judged)
        return !(g->log[index].hidden_from & side_bit(g->table, viewer));
    return command_seen_now(g, viewer, index);
}

/* ---- the log ------------------------------------------------------------------------------ */

int game_cursor(const game *g)
{
    return g->cursor;
}

int game_log_count(const game *g)
{
    return g->log_count;
}

const rules_command *game_command_at(const game *g, int index)
{
    return index >= 0 && index < g->log_count ? &g->log[index].cmd : NULL;
}

uint64_t game_hash_at(const game *g, int index)
{
    if (index < 0)
        return g->start_hash;
    return index < g->log_count ? g->log[index].hash : 0;
}

int game_turn_at(const game *g, int index)
{
    if (index < 0)
        return g->start_turn;
    return index < g->log_count ? g->log[index].turn : 0;
}

const rules_event *game_events(const game *g, int index, int *count)
{
    const game_events_list *l = NULL;
    if (index == -1)
        l = &g->setup_events;
    else if (index >= 0 && index < g->cursor)
        l = &g->log[index].events;
    *count = l ? l->count : 0;
    return l ? l->items : NULL;
}

/* Drops the undone tail of the log: a new command replaces it. */
static void log_truncate(game *g, int count)
{
    for (int i = count; i < g->log_count; i++)
        events_free(&g->log[i].events);
    g->log_count = count;
    snaps_drop_after(g, count);
}

/* The log's first capacity: a game of a few hundred commands then never moves it (growing by
 * doubling from 8 copied some 250 KB a game; a block this big is mapped, so its untouched
 * pages cost nothing, and it grows in place). */
enum { LOG_FIRST_CAP = 512 };

void game_apply_logged(game *g, const rules_command *cmd)
{
    log_truncate(g, g->cursor);
    int need = g->log_count + 1;
    mem_grow((void **)&g->log, &g->log_cap,
             g->log_cap || need > LOG_FIRST_CAP ? need : LOG_FIRST_CAP, sizeof *g->log);
    game_entry *e = &g->log[g->log_count++];
    memset(e, 0, sizeof *e);
    e->cmd = *cmd;
    entry_resolve(g, g->log_count - 1);
    if (!g->skip_log_hashes) {
        game_hash_parts(g, e->parts);
        e->hash = game_hash_combine(e->parts);
    }
    e->turn = g->ops->turn(g->rs);
}

static void autosave(game *g)
{
    game_error err;
    g->save_error[0] = '\0';
    if (g->autosave_path && !game_save(g, g->autosave_path, &err))
        game_error_format(&err, g->save_error, sizeof g->save_error);
}

void game_autosave_now(game *g)
{
    autosave(g);
}

bool game_submit(game *g, const rules_command *cmd, char *reason, size_t size)
{
    if (!game_validate(g, cmd, reason, size))
        return false;
    game_apply_logged(g, cmd);
    autosave(g);
    return true;
}

const char *game_last_save_error(const game *g)
{
    return g->save_error[0] ? g->save_error : NULL;
}

bool game_can_undo(const game *g)
{
    return g->cursor > 0;
}

bool game_can_redo(const game *g)
{
    return g->cursor < g->log_count;
}

bool game_goto(game *g, int cursor)
{
    if (cursor < 0 || cursor > g->log_count)
        return false;
    if (cursor > g->cursor) {
        while (g->cursor < cursor)
            entry_resolve(g, g->cursor);
    } else if (cursor < g->cursor && !rebuild(g, cursor)) {
        return false;
    }
    autosave(g);
    return true;
}

bool game_undo(game *g)
{
    return game_can_undo(g) && game_goto(g, g->cursor - 1);
}

bool game_redo(game *g)
{
    if (!game_can_redo(g))
        return false;
    /* Forward by one needs no rebuild: resolve the next logged command on the current state. */
    entry_resolve(g, g->cursor);
    autosave(g);
    return true;
}
