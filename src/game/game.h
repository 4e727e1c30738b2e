/* A match: scenario + seed + command log, and the state they give (the table and the rule
 * set's state). The front end, the bot and the tools send commands and read state through this
 * header alone; they never name a rule set.
 *
 * Every accepted command is validated and resolved by the rule set into events, logged, hashed
 * (64-bit FNV-1a over a canonical serialisation of table + rule state + dice generator), and,
 * when autosave is on, saved. Undo/redo move a cursor through the log: the state at any cursor
 * is rebuilt from the scenario by replaying the commands before it (from the nearest snapshot),
 * so undoing a fire and firing again rolls the same dice. Submitting while not at the end of
 * the log drops the undone commands.
 *
 * Errors of the user's data (a save, an illegal command) come back as game_error or a reason
 * string, never a crash.
 */
#ifndef GAME_GAME_H
#define GAME_GAME_H

#include "core/table.h"
#include "rules/rules.h"
#include "scenario/scenario.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct game game;

#define GAME_SAVE_VERSION 1

/* Where a save, a replay or a match went wrong: file, line, column, JSON path, message (one
 * type for every loader, core/json_read.h). */
typedef json_error game_error;

/* "file:line:column: message" (or "file: message") into buf; returns buf. */
const char *game_error_format(const game_error *err, char *buf, size_t size);

typedef struct game_desc {
    /* The scenario. Borrowed (it must outlive the game) unless take_scenario is set. */
    const scenario *scenario;
    bool take_scenario;
    /* Dice seed: the scenario's seed unless seed_set. */
    bool seed_set;
    uint64_t seed;
    /* The rule set: found by scenario->ruleset in the registry unless given here. */
    const rules_ops *rules;
    const char *data_dir; /* rule data directory, NULL = default (see rules_create_desc) */
    /* Save to this path after every accepted command (temp + fsync + rename, .bak kept);
     * NULL = no autosave. game_autosave_path() gives the usual place. The match holds the
     * save's lock (PATH.lock) while it lives: when another process (a second window) holds
     * it, game_create and game_load fail with "this game is open in another window". */
    const char *autosave_path;
    /* Keep a snapshot every this many commands for fast undo; 0 = default (16). */
    int snapshot_every;
    /* Check after every command that replaying its events on the state before it gives the
     * state after it (the rule set changed nothing behind the events' back); a failure aborts
     * with the command and the rule set named. Also on when config_verify_events() (core/config.h:
     * the front end sets it from $SANDTABLE_VERIFY_EVENTS). */
    bool verify_events;
    /* Do not hash the state after every command (an O(figures) cost per command): for a caller
     * that never reads the log's hashes and never saves (simulate without --save-dir). Then
     * game_hash_at(i >= 0) gives 0 and a save of the game would not replay; game_hash() and
     * the start hash are unchanged. Ignored with autosave_path. */
    bool skip_log_hashes;
} game_desc;

/* Starts a match at its beginning (the rule set's setup events applied). NULL with *err filled
 * when the rule set is unknown or refuses the scenario. */
game *game_create(const game_desc *desc, game_error *err);
void game_destroy(game *g);

/* ---- state ------------------------------------------------------------------------------- */

const table *game_table(const game *g);
const scenario *game_scenario(const game *g);
const rules_ops *game_rules(const game *g);
const rules_state *game_rules_state(const game *g);
uint64_t game_seed(const game *g);
/* The dice generator's state now (for tests and the hash). */
dice_rng game_rng(const game *g);
/* 64-bit hash of the whole state now. */
uint64_t game_hash(const game *g);
/* Current turn number (the rule set's). */
int game_turn(const game *g);

/* ---- decisions and queries (all pure: they never roll dice) --------------------------------- */

void game_decision(const game *g, rules_decision *out);
/* The decision as side `viewer` is told it (the screen's top bar, its panels): game_decision's,
 * with the prompt in the rule set's words for that viewer (rules_view_ops.prompt) where they
 * differ, e.g. cwr's "N still to act" counting only the units he may see. Viewer 0 gets
 * game_decision's prompt; GAME_VIEWER_PUBLIC (below) what every side may be told. The other
 * fields are game_decision's: the rules' own, for the deciding side. */
void game_decision_seen(const game *g, side_id viewer, rules_decision *out);
void game_outcome(const game *g, rules_outcome *out);
bool game_over(const game *g);
/* Legal commands of the moment; returns the count written (at most max). */
int game_legal(const game *g, rules_command *out, int max);
/* True if cmd would be accepted now, else false with the reason. */
bool game_validate(const game *g, const rules_command *cmd, char *reason, size_t size);
/* The rule set's view table (rules_view_ops), never NULL: an empty one when it has none. The
 * game_* queries below answer through it, with the generic answers where a hint is NULL. */
const rules_view_ops *game_view(const game *g);
/* The player's words for cmd now: the rule set's (view->describe), else the generic ones
 * (rules_command_describe). Returns buf. */
const char *game_describe(const game *g, const rules_command *cmd, char *buf, size_t size);
/* The rule set's line on a figure's state for its tooltip (view->figure_state); false when it
 * has none. */
bool game_figure_state(const game *g, figure_id fig, char *buf, size_t size);
/* The rule set's short mark drawn on the figure (view->figure_badge); false when none. */
bool game_figure_badge(const game *g, figure_id fig, char *buf, size_t size);
int game_actions(const game *g, figure_id fig, rules_action *out, int max);
bool game_reach(const game *g, const rules_command *move, vec2s dir, rules_reach *out);
/* The reachable region of a move as a star-shaped polygon: `n` rays (n >= 3) from the reference
 * figure, each ending where reach() stops. Writes n points to out (caller-sized); false when
 * the rule set cannot say. */
bool game_region(const game *g, const rules_command *move, int n, vec2s *out);
int game_targets(const game *g, const rules_command *fire, rules_target *out, int max);
/* The rule set's value of `cmd` for the bot (rules_view_ops.bot_value): true with *value and a
 * one-line reason in why (may be NULL); false when the rule set has no opinion on it. */
bool game_bot_value(const game *g, const rules_command *cmd, float *value, char *why, size_t size);
/* The rule set's further commands for the bot (rules_view_ops.bot_commands), those
 * game_validate accepts but for where the bases stand once resolved (game_place_check, which the
 * bot asks of the one it picks), written to out; returns the count (0 when there are none). */
int game_bot_commands(const game *g, rules_command *out, int max);
/* The figure's arc of fire (half-angle, radians) and longest range (cm); false when the rule
 * set does not say or the figure cannot fire. */
bool game_arc(const game *g, figure_id fig, float *half_angle, float *range_cm);
int game_driver(const game *g, side_id viewer, rules_driver_item *out, int max);
/* The leader's command radius (cm) and the figures he could activate now (himself first, up to
 * max into out, which may be NULL); -1 when the figure gives no orders or the rule set does not
 * say (rules_view_ops.command_radius). */
int game_command_radius(const game *g, figure_id leader, float *radius_cm, figure_id *out, int max);
/* True when the rule set moves units as blocks (rules_view_ops.moves_by_unit). */
bool game_moves_by_unit(const game *g);
/* The figures the MOVE or WHEEL `cmd` would move, its reference figure first (the rule set's
 * answer, else the command's figures, else its unit's active figures). Returns the count. */
int game_move_figures(const game *g, const rules_command *cmd, figure_id *out, int max);
/* The unit the rule set measures in: "cm" (the default) or "inch". */
const char *game_measure(const game *g);
/* Concealment (rules_view_ops.visible): may side `viewer` see figure `fig` now? True for a
 * spectator (viewer 0), for the viewer's own side, once the game is over, and whenever the
 * rule set does not say. Every front end (the screen, network play) shows a side only this. */
bool game_visible(const game *g, side_id viewer, figure_id fig);
/* The viewer of a spectator who may see only what is public (a network spectator): a side id no
 * table has, so every side's hidden cards and sealed choices stay face down to it, concealed
 * units unseen, and what was hidden from any side is hidden from it. Viewer 0 sees everything. */
#define GAME_VIEWER_PUBLIC UINT32_MAX
/* The event may be told to `viewer`: every figure it names (figure, other, and its unit's) was
 * visible to him just after it happened (fixed then, for the events the match logged: a unit
 * revealed later does not give away what it did while hidden); an event the engine did not log
 * is judged as things stand now. Everything may be told once the game is over. */
bool game_event_visible(const game *g, side_id viewer, const rules_event *ev);
/* The command at log index `index` may be told to `viewer` (the setup, -1, always may): every
 * figure and unit it names was visible to him just after it was resolved (fixed then), and
 * when it names none (the acting unit left implied), so was every one its events name. Its events
 * are then told one by one (game_event_visible); a command that may not be told is not told at all,
 * dice included. */
bool game_command_visible(const game *g, side_id viewer, int index);

/* ---- commands ------------------------------------------------------------------------------ */

/* Validates, resolves, logs, hashes and (if on) autosaves a command. False with the rule set's
 * reason (nothing logged) when it is not legal now. A failed autosave does not refuse the
 * command: it is kept, and game_last_save_error says why until a save works. */
bool game_submit(game *g, const rules_command *cmd, char *reason, size_t size);

/* The events of the command at log index i (0-based, i < game_cursor), and of the setup
 * (index -1). The pointer is valid until the next submit/undo/redo/goto. */
const rules_event *game_events(const game *g, int index, int *count);

/* Number of commands in effect (the cursor) and in the log (including undone ones). */
int game_cursor(const game *g);
int game_log_count(const game *g);
const rules_command *game_command_at(const game *g, int index);
/* Hash after command i (0-based, i < game_log_count for commands already applied once);
 * game_hash_at(g, -1) is the hash of the start. */
uint64_t game_hash_at(const game *g, int index);
/* Turn number after command i (-1: at the start). */
int game_turn_at(const game *g, int index);

bool game_can_undo(const game *g);
bool game_can_redo(const game *g);
/* One command back / forward. False when there is nothing to undo/redo. */
bool game_undo(game *g);
bool game_redo(game *g);
/* Moves the cursor to any point 0..game_log_count (rebuilding the state). */
bool game_goto(game *g, int cursor);

/* ---- look-ahead ------------------------------------------------------------------------------ */

/* A throwaway copy of the state now for look-ahead (the hard bot): table and rule state cloned,
 * dice seeded with `seed` (never the match's own next rolls), no log, hashes or autosave.
 * Queries work on it as on any match; game_fork_step advances it; game_destroy frees it. NULL
 * when the rule set cannot clone its state. */
game *game_fork(const game *g, uint64_t seed);
/* Validates (the rule set's check alone) and resolves cmd on a fork; false when refused. */
bool game_fork_step(game *fork, const rules_command *cmd);

/* ---- saves ----------------------------------------------------------------------------------- */

/* Writes the match as one JSON file: format version, the scenario's source text, seed, rule set
 * id, the command log (all of it, with the cursor) and the per-command hashes. Temp file +
 * fsync + rename + directory fsync; an existing file is first kept as FILE.bak. */
bool game_save(const game *g, const char *path, game_error *err);

typedef struct game_load_desc {
    const rules_ops *rules; /* override the registry lookup (tests) */
    const char *data_dir;
    const char *autosave_path; /* autosave the loaded match here; NULL = off */
    /* Check every stored hash while loading; false when the caller checks (replay). */
    bool skip_hash_check;
} game_load_desc;

/* Loads a save (desc may be NULL). Refuses, with *err naming the file, line:column and the
 * problem, a truncated, corrupt or newer-version file, or one whose hashes do not replay. */
game *game_load(const char *path, const game_load_desc *desc, game_error *err);
/* The same from text in memory; `name` stands for the file name in errors. */
game *game_load_string(const char *text, size_t len, const char *name, const game_load_desc *desc,
                       game_error *err);

/* The save as text (what game_save writes). Caller frees. */
char *game_save_string(const game *g);

/* config_data_dir() (the front end's: $XDG_DATA_HOME/sandtable, else
 * ~/.local/share/sandtable) + "/" + name into buf, creating the
 * directory. False when no directory can be found or made. */
bool game_data_path(const char *name, char *buf, size_t size);
/* The autosave file of a scenario: data dir + "autosave-<scenario file stem>.json". */
bool game_autosave_path(const char *scenario_path, char *buf, size_t size);
/* Stops autosaving the match and releases its lock on the file; the file keeps the last save.
 * (Tools and tests that drive a long match straight through the engine, where rewriting the
 * whole log after every command would cost O(commands^2).) */
void game_autosave_stop(game *g);
/* The message of the last failed autosave, or NULL. */
const char *game_last_save_error(const game *g);

/* ---- notes: chat lines and pings ------------------------------------------------------------
 * What the players said and pointed at during a network match (net/net.h), kept with the match
 * and in its save ("notes", after the commands), so a replay shows them where they came. They
 * are outside the state: no hash covers them, and undo, redo and goto leave them be. */
#define GAME_NOTE_TEXT_MAX 256
#define GAME_NOTES_MAX     4096
typedef enum game_note_kind {
    GAME_NOTE_CHAT = 1,
    GAME_NOTE_PING, /* a spot on the table (x, y in cm) */
} game_note_kind;

typedef struct game_note {
    game_note_kind kind;
    uint32_t side; /* whose player (0: a spectator) */
    int command;   /* the commands in effect when it came */
    float x, y;
    char text[GAME_NOTE_TEXT_MAX]; /* a chat line (UTF-8, no control characters) */
} game_note;

/* Keeps a note (autosaved with the match); false past GAME_NOTES_MAX or for a bad kind. */
bool game_note_add(game *g, const game_note *n);
int game_note_count(const game *g);
const game_note *game_note_at(const game *g, int index);

/* ---- referee commands --------------------------------------------------------------------
 * When the players and the engine disagree, the players win: a RULES_CMD_REFEREE command sets
 * the table as they agree, in every rule set, whoever's decision it is (game_referee.c). It is
 * logged like any other (undo, saves, replays and hashes keep it); its events are tagged
 * "referee" and read "Referee: ...". option = one of the words below:
 *   GAME_REFEREE_MOVE     figure, point (and face_set/facing): put him there
 *   GAME_REFEREE_ROTATE   figure, face_set/facing
 *   GAME_REFEREE_REMOVE   figure: off the table (as a casualty)
 *   GAME_REFEREE_RESTORE  figure (point_set/point: where): back on the table
 *   GAME_REFEREE_STATUS   figure, count = the GAME_REFEREE_STATUS_MASK bits he has now
 *   GAME_REFEREE_DIE      count = the face the next die shows (1-100)
 * A move, turn or return that would stack bases or leave the table is refused. The bot never
 * issues them (game_legal never lists them). */
#define GAME_REFEREE_MOVE    "move"
#define GAME_REFEREE_ROTATE  "rotate"
#define GAME_REFEREE_REMOVE  "remove"
#define GAME_REFEREE_RESTORE "restore"
#define GAME_REFEREE_STATUS  "status"
#define GAME_REFEREE_DIE     "die"
#define GAME_REFEREE_STATUS_MASK                                                                   \
    (FIGURE_STATUS_WOUNDED | FIGURE_STATUS_SERIOUS | FIGURE_STATUS_DEMORALISED |                   \
     FIGURE_STATUS_SHAKEN)
/* The rule set's own rulings open now about `fig` (0: the table as a whole), from its
 * referee table (rules_ops.referee: cards, pips, hits, end the phase or the turn); 0 when it has
 * none. Each is a REFEREE command whose option is the rule set's word, submitted, logged and
 * undone like the words above. */
int game_referee_rulings(const game *g, figure_id fig, rules_ruling *out, int max);
/* The rulings a menu shows `viewer` (the screen's side; 0 sees everything): those whose mere
 * offer tells another side's secret (rules_ruling.secret) are left out. */
int game_referee_rulings_seen(const game *g, side_id viewer, figure_id fig, rules_ruling *out,
                              int max);
/* How many referee commands are in effect (the end screen counts them). */
int game_referee_count(const game *g);

#endif // GAME_GAME_H
