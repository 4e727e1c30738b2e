/* The rule-set interface: one struct of function pointers per rule set (rules_ops), found by id
 * in a registry. The engine (src/game), the front end and the tools talk to every rule set
 * through this struct alone and never name one.
 *
 * A rule set keeps its own per-match state (rules_state: deck, pips, phase, morale...) next to
 * the match's table. Both change only by events: resolve() rolls dice from the match generator
 * and calls rules_emit() for each event, which applies it (table first, then the rule set's
 * apply()) and records it. So resolve() may read the state as it evolves during its own
 * resolution (move, then the close combat the move caused).
 *
 * Flow of a match (src/game drives it):
 *   create(scenario, options) -> begin(ctx) [setup events: shuffle, first phase]
 *   loop: decision() says who decides what; the player (or bot) builds a command, helped by
 *         legal() and the optional view table (view->actions(), reach(), targets(),
 *         describe()); validate() accepts it or gives the reason;
 *         resolve() turns it into events; hash() feeds the per-command hash; over() ends it.
 *
 * How the four seeds map onto it: docs/architecture.md ("Rule sets on the engine").
 *
 * Query functions take const state and must not touch the dice: the engine calls them at any
 * time (every mouse motion), and only resolve()/begin() may draw from ctx->rng.
 */
#ifndef RULES_RULES_H
#define RULES_RULES_H

#include "core/dice.h"
#include "core/table.h"
#include "rules/command.h"
#include "rules/event.h"
#include "scenario/scenario.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A rule set's own per-match state, defined by each rule set. */
typedef struct rules_state rules_state;

/* ---- decisions: whose turn it is to decide, and what kind of decision ------------------ */

/* The kinds name the shape of a decision, not a rule set: any rule set may use any of them, and
 * the front end lays its panels out by kind (docs/rules/README.md lists which seeds use which).
 * The commands in brackets are the ones a decision of that kind usually accepts; legal() says
 * exactly which. */
typedef enum rules_decision_kind {
    RULES_DECIDE_NONE = 0,  /* nothing to decide: the game is over */
    RULES_DECIDE_SETUP,     /* before play: a sealed choice, deployment (CHOOSE, MOVE, END_PHASE) */
    RULES_DECIDE_DRAW_CARD, /* turn the next card of a draw pile (DRAW_CARD) */
    RULES_DECIDE_INTERRUPT, /* a held card or reaction may be played before the drawn one
                               (PLAY_RESERVED, PASS) */
    RULES_DECIDE_USE_CARD,  /* the card in play: act with it (ACTIVATE, or act directly) or keep
                               it for later (RESERVE_CARD) */
    RULES_DECIDE_ROLL_ORDERS,    /* throw the dice that give this turn's orders (ROLL_ORDERS) */
    RULES_DECIDE_SPEND_PIPS,     /* spend order points (count = left) on units (MOVE, FIRE, RALLY,
                                    ..., END_PHASE) */
    RULES_DECIDE_ACTIVATE,       /* pick the unit or leader to activate next (ACTIVATE) */
    RULES_DECIDE_CHOOSE_ACTIONS, /* pick one of the permitted sets of actions (CHOOSE option) */
    RULES_DECIDE_ACT,           /* an activated figure/unit acts (MOVE, FIRE, CHARGE, RALLY, ...) */
    RULES_DECIDE_PHASE_STEP,    /* act in the current phase of a fixed sequence, then END_PHASE */
    RULES_DECIDE_ALLOCATE_HITS, /* pick which figures take count hits (ALLOCATE) */
    RULES_DECIDE_REACT,         /* a reaction: evade, stand, defensive fire (EVADE, CHOOSE, PASS) */
    RULES_DECIDE_KIND_COUNT
} rules_decision_kind;

typedef struct rules_decision {
    rules_decision_kind kind;
    side_id side;      /* who decides; 0 only with RULES_DECIDE_NONE */
    unit_id unit;      /* the active unit, if any */
    figure_id figure;  /* the active leader/figure, if any */
    int count;         /* pips left, hits to allocate, actions left; 0 when not meaningful */
    int card;          /* the card in play, 1-based; 0 for none (or no cards) */
    bool simultaneous; /* both sides submit for this step; resolved when the last one ends it */
    char phase[RULES_WORD_MAX]; /* phase/step name for the phase bar: "movement", "firing" */
    char prompt[128];           /* one line for the player: "Lt Toledo's card: act or reserve" */
} rules_decision;

/* ---- query results ----------------------------------------------------------------------- */

/* One action the actor could take now, enabled or not (the action panel, "why not?"). */
typedef struct rules_action {
    rules_command_kind kind;
    char option[RULES_WORD_MAX]; /* for CHOOSE/FORMATION/SPECIAL: which one */
    char label[48];              /* "Fire (area)", "Change to column" */
    bool enabled;
    char reason[128]; /* why not, when disabled */
} rules_action;

/* How far a move may go along a direction. */
typedef struct rules_reach {
    float max_cm;       /* furthest distance from the start along the direction */
    float sure_cm;      /* distance certainly reachable (= max_cm unless the move is rolled) */
    vec2s stop;         /* the point max_cm away (the exact spot the allowance runs out) */
    float allowance_cm; /* the figure's allowance before terrain */
    char limit[96];     /* what stops it: "allowance spent in jungle (x4)", "wall: roll 1d10" */
} rules_reach;

/* A legal target with the odds of the outcome. */
typedef struct rules_target {
    figure_id figure; /* the target figure (the nearest in area fire) */
    unit_id unit;
    float range_cm;
    char band[RULES_WORD_MAX]; /* range band name: "long", "6in" */
    int dice;                  /* dice to be rolled */
    int need;                  /* score needed on each (after modifiers), 7+ = impossible */
    float p_hit;               /* chance that one die becomes a hit after saves */
    float expected_hits;       /* expected hits after saves */
    float expected_kills;      /* expected figures removed (or stands, or hits on units) */
    float area_radius_cm; /* > 0: hits fall in a semicircle of this radius centred on the target,
                             its flat side toward the firers (area fire); 0: the target alone */
    char note[128];       /* modifiers in words: "long range, target in cover -1" */
    /* The firer must state the range before firing (a gunner's guess): the command carries it
     * in `count`, in the rule set's measure unit. range_cm, need and the odds are then withheld
     * (0), and the front end shows no tape or range readout while asking for the guess. */
    bool range_guess;
} rules_target;

/* The end of the game. */
typedef struct rules_outcome {
    bool over;
    side_id winner; /* 0 for a draw */
    char reason[128];
} rules_outcome;

/* One item of the turn driver on screen: a card, an order die, a phase, a morale pile. */
typedef enum rules_driver_kind {
    RULES_DRIVER_DECK = 0, /* value = cards left in the draw pile */
    RULES_DRIVER_DISCARD,  /* value = cards in the discard pile */
    RULES_DRIVER_CARD,     /* a card: value = index; current = the one in play; hidden = face down
                              to the viewer (held by the other player) */
    RULES_DRIVER_PIPS,     /* a commander's order die: value = pips left, extra = rolled */
    RULES_DRIVER_PHASE,    /* a step of the sequence; current = the one in progress */
    RULES_DRIVER_MORALE,   /* a morale pile/level: value = left, extra = full */
    RULES_DRIVER_SEALED,   /* a side's sealed choice; hidden = face down to the viewer; value =
                              the rule set's choice number, 0 when hidden */
    RULES_DRIVER_UNIT,     /* a unit's place in the turn (unit-activation games): label = its
                              name, figure = one of its figures, value = 1 when it has acted this
                              turn, current = the unit acting now */
} rules_driver_kind;

typedef struct rules_driver_item {
    rules_driver_kind kind;
    side_id side;
    figure_id figure; /* the card's officer, the die's commander */
    int value, extra;
    bool current, hidden;
    char label[64];
} rules_driver_item;

/* ---- hashing ----------------------------------------------------------------------------- */

/* 64-bit FNV-1a over a canonical byte stream; rule sets feed their state in a fixed order. */
typedef struct rules_hasher {
    uint64_t h;
} rules_hasher;

void rules_hash_init(rules_hasher *hs);
void rules_hash_bytes(rules_hasher *hs, const void *p, size_t n);
void rules_hash_u32(rules_hasher *hs, uint32_t v);
void rules_hash_u64(rules_hasher *hs, uint64_t v);
void rules_hash_i32(rules_hasher *hs, int32_t v);
void rules_hash_f32(rules_hasher *hs, float v); /* bit pattern; -0 and 0 the same */
void rules_hash_str(rules_hasher *hs, const char *s);

/* ---- the resolution context -------------------------------------------------------------- */

typedef struct rules_ops rules_ops;

/* Given to begin()/resolve(): the match's table and dice, and where events go. */
typedef struct rules_ctx {
    const rules_ops *ops;
    rules_state *state;
    table *table;  /* read it freely; change it only through rules_emit */
    dice_rng *rng; /* the match dice: the only source of randomness */
    const scenario *scenario;
    /* the engine's recorder; rule sets leave these alone */
    void (*record)(void *user, const rules_event *ev);
    void *user;
    int next_group; /* next dice group number (rules_roll_group) */
} rules_ctx;

/* Applies the event (table, then ops->apply) and records it. */
void rules_emit(rules_ctx *ctx, const rules_event *ev);
/* Builds and emits an event of `kind` with a printf-style explanation; returns a copy of it. */
rules_event rules_emitf(rules_ctx *ctx, rules_event ev, const char *ref, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* A new dice group number for dice thrown together (one tray). */
int rules_roll_group(rules_ctx *ctx);
/* Emits a DIE event for a die already thrown (by a pure rule function), as rules_roll does. */
void rules_emit_die(rules_ctx *ctx, int sides, int value, int need, const char *tag, figure_id fig,
                    int group, const char *ref);
/* Rolls one die of `sides` faces (0 = the average die) from ctx->rng and emits a DIE event with
 * purpose tag, need (0 = untested; success = value >= need), figure and group. Returns the face. */
int rules_roll(rules_ctx *ctx, int sides, int need, const char *tag, figure_id fig, int group,
               const char *ref);

/* ---- the view table: screen hints, optional --------------------------------------------- */

/* Queries for the screen, beside the simulation callbacks of rules_ops. Every member may be NULL
 * (or the whole table absent): the engine then answers generically (game.h). Like all queries
 * they take const state and never touch the dice. */
typedef struct rules_view_ops {
    /* Actions open to `figure` (or, with figure 0, to the decision's actor) now, each with
     * enabled/reason. Returns the count written. */
    int (*actions)(const rules_state *rs, const table *t, figure_id fig, rules_action *out,
                   int max);
    /* How far the move `move` (its figures/unit; path ignored) may go along unit direction dir. */
    bool (*reach)(const rules_state *rs, const table *t, const rules_command *move, vec2s dir,
                  rules_reach *out);
    /* Legal targets of the fire/charge command `fire` (its firers; target ignored), with odds. */
    int (*targets)(const rules_state *rs, const table *t, const rules_command *fire,
                   rules_target *out, int max);
    /* The turn driver as `viewer` sees it (hidden cards of the other side face down; viewer 0
     * is a spectator who sees everything). Returns the count written. */
    int (*driver)(const rules_state *rs, const table *t, side_id viewer, rules_driver_item *out,
                  int max);
    /* The arc `fig` fires in: half-angle either side of its facing in radians (GEOM_PI: any
     * direction) and its longest range in cm. False when it cannot fire. */
    bool (*arc)(const rules_state *rs, const table *t, figure_id fig, float *half_angle,
                float *range_cm);
    /* The command of leader `fig` now: the radius in cm within which he gives orders, and the
     * figures he could activate (himself first; up to max written to out, which may be NULL).
     * Returns how many he could activate, or -1 when the figure gives no orders. */
    int (*command_radius)(const rules_state *rs, const table *t, figure_id fig, float *radius_cm,
                          figure_id *out, int max);
    /* Units move as blocks (units of stands): the front end drags and wheels a figure's whole
     * unit, keeping the stands' relative places. False (the default): figures move singly. */
    bool moves_by_unit;
    /* The figures the MOVE or WHEEL `cmd` would move, the reference figure (the one whose path
     * the command gives) first; e.g. a formed brigade's stands. Returns the count written. NULL:
     * the command's figures, else its unit's active figures. */
    int (*move_figures)(const rules_state *rs, const table *t, const rules_command *cmd,
                        figure_id *out, int max);
    /* The unit the rule set measures in: "cm" or "inch"; the front end shows distances in it
     * until the player picks a unit. NULL: "cm". */
    const char *(*measure)(const rules_state *rs);
    /* The player's words for `cmd` now, in the rule book's terms ("Draw a card", "Play
     * Lt Toledo first", "Reserve"): written to out and true; false leaves the command to the
     * generic words (rules_command_describe). Used by the action list, the driver panel's
     * buttons and the bot's announcements; a short phrase, no side numbers or card numbers. */
    bool (*describe)(const rules_state *rs, const table *t, const rules_command *cmd, char *out,
                     size_t size);
    /* One line on `fig`'s rule state for its tooltip, in player words ("Gatling jammed: the next
     * attempt needs 2 or less", "revolver: 4 of 6 rounds left", "reloading: 1 more move"):
     * written to out and true; false when there is nothing to add. */
    bool (*figure_state)(const rules_state *rs, const table *t, figure_id fig, char *out,
                         size_t size);
    /* Concealment: may side `viewer` see figure `fig` now? Never asked for viewer 0 (a
     * spectator, a replay, a preview: they see everything) nor for the viewer's own figures
     * (game_visible answers those). NULL: every figure is seen. What the viewer may not see
     * is not drawn, hovered, ringed, named, listed or logged to him (docs/architecture.md). */
    bool (*visible)(const rules_state *rs, const table *t, side_id viewer, figure_id fig);
    /* A short mark drawn on `fig` on the table, a word or two of rule state a player must see
     * at a glance ("JAM" on a jammed Gatling, "reload 2"): written to out and true; false when
     * there is none. NULL: no marks. */
    bool (*figure_badge)(const rules_state *rs, const table *t, figure_id fig, char *out,
                         size_t size);
    /* The bot's hint (game/bot.h, levels normal and hard): the value of the legal command `cmd`
     * now for the side giving it, on the bot's scale (about 10 per enemy figure it is expected
     * to remove, minus 10 per own figure it is expected to lose; 0 for passing), with a
     * one-line reason in player words ("holds Lt Toledo's card to interrupt") in why (why may
     * be NULL). False: no opinion, the bot's generic score stands (fire by targets(), moves
     * toward the enemy and the scenario's objectives). Evades, action pairs, formations,
     * reserve and interrupt are the commands the generic score cannot judge. */
    bool (*bot_value)(const rules_state *rs, const table *t, const rules_command *cmd, float *value,
                      char *why, size_t size);
    /* More commands for the bot to weigh (levels normal and hard) beside legal()'s, which stay
     * the easy level's and the replays' list: concrete commands of the moment (a fire at another
     * target, a charge at another unit, a move to other ground), each valued by bot_value. The
     * engine keeps only those validate() accepts. Returns the count written (at most max).
     * NULL: none. */
    int (*bot_commands)(const rules_state *rs, const table *t, rules_command *out, int max);
    /* The formations unit `u` may start a scenario in (its "formation" in the file), each a
     * word of the rule book ("line", "column", "limbered"), the one it takes when the file
     * names none first. Returns the count written; 0 when this unit has no formation. NULL:
     * the rule set has no formations. Asked by the scenario editor, so that a designer picks
     * from the rule set's own list and the live check flags a word the rule set does not know. */
    int (*formations)(const rules_state *rs, const table *t, unit_id u, char (*out)[RULES_WORD_MAX],
                      int max);
    /* The prompt of decision `dec` (decision()'s, not NONE) as side `viewer` may be told it,
     * where decision()'s own line, written for one who sees everything, would tell him what he
     * may not see (visible): a count of units that leaves out those hidden from him, an active
     * unit he may not see left unnamed. Its wording must not depend on what is hidden (saying
     * so only when something is would tell it). Written to out and true; false keeps
     * dec->prompt. Never asked for viewer 0; a viewer that is no side of the table (the
     * public: game.h's GAME_VIEWER_PUBLIC) sees what every side may. NULL: dec->prompt for
     * every viewer. The top bar asks through game_decision_seen. */
    bool (*prompt)(const rules_state *rs, const table *t, side_id viewer, const rules_decision *dec,
                   char *out, size_t size);
} rules_view_ops;

/* ---- referee rulings of the rule set's own: optional ------------------------------------- */

/* One ruling a rule set offers the referee beside the engine's own (game/game.h, "Referee
 * commands"): a REFEREE command whose option is the rule set's word (never one of the engine's),
 * ready to submit, with its player words. */
typedef struct rules_ruling {
    rules_command cmd;
    char label[80]; /* "Put Lt Toledo's card back in the deck", "One more hit on 2nd Company" */
    /* Non-zero: offering it tells what this side keeps from the others (where one of its cards
     * lies: a hand or the pile), so it is offered only to that side's viewer or one who sees
     * everything (game_referee_rulings_seen). */
    side_id secret;
} rules_ruling;

/* Appends to out[n], when n < max, the ruling `word` about what `about` names (its figure, unit
 * or card; the rest zero) with its player words; returns the new count. Every rulings() builds
 * its list with it; the words stay the rule set's own. */
int rules_ruling_add(rules_ruling *out, int n, int max, rules_command about, const char *word,
                     const char *label);
/* Writes `why` as the reason and returns false: a validate() refusal in one expression. */
bool rules_refuse(char *reason, size_t size, const char *why);

/* The table-wide rulings every rule set with a referee table offers under these words. */
#define RULES_RULING_END_PHASE "end_phase"
#define RULES_RULING_END_TURN  "end_turn"

/* The rule set's own referee rulings (docs/rules/README.md, "Referee rulings"): the players'
 * word over the rule set's state (cards, pips, hits, the phase), logged, undone, saved and
 * replayed like every command. Never listed by legal(): the bot never rules. */
typedef struct rules_referee_ops {
    /* The rulings open now about `fig` (0: the table as a whole: the phase, the turn, the
     * deck), in the order a menu shows them. Returns the count written. */
    int (*rulings)(const rules_state *rs, const table *t, figure_id fig, rules_ruling *out,
                   int max);
    /* True when the ruling `cmd` (an option rulings() gives) may be made now; else false with
     * the reason in words (an unknown option included). */
    bool (*validate)(const rules_state *rs, const table *t, const rules_command *cmd, char *reason,
                     size_t reason_size);
    /* Resolves it into events through rules_emit, no dice; the events' text reads
     * "Referee: ..." and, where its apply() does not need another, their tag is "referee". */
    void (*resolve)(rules_state *rs, rules_ctx *ctx, const rules_command *cmd);
} rules_referee_ops;

/* ---- what a scenario may ask of the rule set: for the scenario editor, optional ------------ */

/* The editor offers these as lists, never as free text; what a rule set leaves out the editor
 * keeps as the file has it. */
typedef enum rules_option_type {
    RULES_OPTION_BOOL = 1, /* true or false */
    RULES_OPTION_INT,      /* an integer from min to max */
    RULES_OPTION_SIDE,     /* a side's name */
    RULES_OPTION_SIDES,    /* a list of side names */
    RULES_OPTION_UNITS,    /* a list of unit names */
} rules_option_type;

/* One key of the scenario's "ruleset_options". Left out, the rule set's own default holds. */
typedef struct rules_option_desc {
    const char *key;   /* "wounds" */
    const char *label; /* in player words: "Wounds (optional rule)" */
    rules_option_type type;
    int min, max; /* RULES_OPTION_INT */
} rules_option_desc;

/* One kind of victory condition the rule set scores, and what it reads of it. */
typedef struct rules_victory_desc {
    const char *kind;  /* "hold" */
    const char *label; /* in player words: "holds an area at the end" */
    bool side;         /* reads "side" (whose condition it is) */
    bool area;         /* needs an area */
    bool value;        /* reads "value", from value_min to value_max */
    int value_min, value_max;
    const char *value_label; /* "% of the enemy fallen" */
    bool turns;              /* needs "turns" */
} rules_victory_desc;

typedef struct rules_scenario_terms {
    const rules_option_desc *options;
    int option_count;
    const rules_victory_desc *victory;
    int victory_count;
} rules_scenario_terms;

/* ---- the interface ----------------------------------------------------------------------- */

typedef struct rules_create_desc {
    const scenario *scenario; /* the scenario (its rules_options: the rule set's options) */
    const table *table;       /* the match's table at the start */
    const char *data_dir;     /* directory of assets/rules/<id>.json; NULL = the source tree's */
} rules_create_desc;

struct rules_ops {
    const char *id;   /* "lcr" */
    const char *name; /* "Little Colonial Rules" */
    const char *seed; /* source text: "000" */

    /* Builds the per-match state; NULL with a message in err (bad options, bad data file). */
    rules_state *(*create)(const rules_create_desc *desc, char *err, size_t err_size);
    void (*destroy)(rules_state *rs);
    /* A deep copy (the engine snapshots for undo). */
    rules_state *(*clone)(const rules_state *rs);
    /* Optional: makes `dst` (a state of this match's rule set that is done with, from create or
     * clone) the deep copy clone(src) would give, reusing dst's buffers. The overlap check
     * clones the state for every move it tries and the copy it kept replaces the match's: the
     * replaced one is kept for the next check instead of freed, and a clone then allocates
     * nothing. NULL: the engine frees and clones as before. */
    void (*clone_into)(rules_state *dst, const rules_state *src);
    /* Setup events before the first decision (shuffle the deck, first turn). May be NULL. */
    void (*begin)(rules_state *rs, rules_ctx *ctx);

    /* Whose decision it is and of what kind; its prompt as told to one who sees everything
     * (view->prompt may word it for a viewer who does not). */
    void (*decision)(const rules_state *rs, const table *t, rules_decision *out);
    /* Legal commands of the moment, concrete and ready to submit (moves sampled: e.g. toward
     * the nearest enemy and a few directions at full reach; fire at each legal target).
     * Returns how many were written (at most max). Never 0 unless the game is over. */
    int (*legal)(const rules_state *rs, const table *t, rules_command *out, int max);
    /* True if cmd may be resolved now; else false with the reason in words. */
    bool (*validate)(const rules_state *rs, const table *t, const rules_command *cmd, char *reason,
                     size_t reason_size);
    /* Resolves a validated command into events through rules_emit. */
    void (*resolve)(rules_state *rs, rules_ctx *ctx, const rules_command *cmd);
    /* Applies one event to the rule set's own state (the table is already updated). */
    void (*apply)(rules_state *rs, const table *t, const rules_event *ev);
    /* Feeds the rule state, canonically, into the hash. */
    void (*hash)(const rules_state *rs, rules_hasher *hs);

    /* Is the game over, and who won. */
    void (*outcome)(const rules_state *rs, const table *t, rules_outcome *out);
    /* The current turn number (1-based). */
    int (*turn)(const rules_state *rs);

    /* What the front end, the bot's announcements and the tools may ask to show the match:
     * optional (NULL: the engine's generic answers). Never consulted by resolve(). */
    const rules_view_ops *view;
    /* The referee's rulings of the rule set's own: optional (NULL: the engine's alone). */
    const rules_referee_ops *referee;
    /* The options and victory conditions a scenario may give it: optional (NULL: none known). */
    const rules_scenario_terms *terms;
};

/* ---- registry ---------------------------------------------------------------------------- */

/* The rule set with that id, or NULL. Built-in rule sets are listed at build time (each
 * src/rules/<id>/meson.build appends its id to `rules_builtin_ids` and defines
 * `const rules_ops <id>_rules_ops`). */
const rules_ops *rules_find(const char *id);
/* Built-in and registered rule sets, in order; NULL past the end. */
const rules_ops *rules_at(int index);
/* Adds a rule set at run time (tests, tools); replaces one of the same id. Call before any
 * match starts; not thread-safe. Returns false when the table of extra rule sets is full. */
bool rules_register(const rules_ops *ops);
/* True when the scenario names a rule set of the registry; else false with *err at its
 * "$.ruleset" (file, line, column). The scenario loader reads the id as a word only: which ids
 * exist is the registry's to say, so every front end checks a loaded scenario with this. */
bool rules_scenario_check(const scenario *s, scenario_error *err);

/* What rules_scenario_validate learnt besides yes or no. */
typedef struct rules_validation {
    char reason[512]; /* the rule set's own words, its leading JSON path taken off; "" if ok */
    char measure[8];  /* when accepted: the rule set's measuring unit, "cm" or "inch" */
} rules_validation;

/* `sandtable validate`'s second step, for every front end that checks a scenario (validate, the
 * editor's live check): rules_scenario_check, then the scenario's rule set sets up a match from
 * it and takes it down again. True when it accepts it; else false with *err placed at the JSON
 * path the rule set's message starts with ("ruleset_options.x: ..."), when the file holds it,
 * else at "$.ruleset", reading "rule set <id> refuses the scenario: <reason>". `out` may be
 * NULL. */
bool rules_scenario_validate(const scenario *s, scenario_error *err, rules_validation *out);

/* A rule reference in player words: "<rule book name> — <section>" ("Little Colonial Rules —
 * Shooting: area fire"): a reference naming the book already is kept, one naming only the
 * section gets the book's name in front, "assumed" reads "house rule". "" for an empty one. */
const char *rules_ref_words(const rules_ops *ops, const char *ref, char *buf, size_t size);

/* Fills *dec with RULES_DECIDE_NONE when ops->outcome says the game is over, else asks
 * ops->decision. */
void rules_decide(const rules_ops *ops, const rules_state *rs, const table *t, rules_decision *dec);
const char *rules_decision_kind_name(rules_decision_kind kind);

#endif // RULES_RULES_H
