/* The cwr rule set's per-match state and the helpers its topic files share. Private to
 * src/rules/cwr/. Topic files: cwr_sequence.c (turns, initiative, activation, victory, the
 * driver), cwr_morale.c, cwr_actions.c (the permitted pairs), cwr_move.c (movement, formations,
 * limbering), cwr_fire.c, cwr_combat.c (charges and close combat), cwr_ops.c (the table). */
#ifndef CWR_CWR_STATE_H
#define CWR_CWR_STATE_H

#include "core/los.h"
#include "core/memo.h"
#include "rules/cwr/cwr_data.h"
#include "rules/rules.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

#define CWR_REF        "Colonial Wargames Rules"
#define CWR_REF_MORALE CWR_REF " — Morale Checks"
#define CWR_REF_PAIRS  CWR_REF " — Permitted Actions"
#define CWR_REF_MOVE   CWR_REF " — Movement"
#define CWR_REF_FIRE   CWR_REF " — Firing"
#define CWR_REF_COMBAT CWR_REF " — Close Combat"
#define CWR_REF_TURN   CWR_REF " — Sequence of Play (assumed)"
#define CWR_UNIT_FIGS  RULES_CMD_FIGURES_MAX

typedef enum cwr_phase {
    CWR_PHASE_ACTIVATE = 0, /* the side to act picks a unit */
    CWR_PHASE_CHOOSE,       /* the activated unit took its check: pick a pair */
    CWR_PHASE_ACT,          /* play the pair's steps */
} cwr_phase;

enum {
    CWR_U_ACTED = 1u << 0,     /* has been activated this turn */
    CWR_U_FAILED = 1u << 1,    /* failed its morale check this activation */
    CWR_U_CONCEALED = 1u << 2, /* unseen by the enemy until it fires or is spotted */
    CWR_U_REACHED = 1u << 3,   /* its charge this activation reached base contact */
};

/* Casualties the other side's commander is to pick (the firing or fighting side): a queue,
 * close combat giving one to each side. */
#define CWR_ALLOC_MAX 4
typedef struct cwr_alloc {
    side_id chooser;
    unit_id target;
    int count;
    vec2s from; /* the firers' front: the nearest figures are the suggestion */
    char ref[RULES_EVENT_REF_MAX];
} cwr_alloc;

typedef struct cwr_unit_state {
    uint32_t flags;
    int start; /* figures at the start */
    int cls;   /* cwr_class */
    int troop; /* index of its kind in data->troops when made (-1: none): tried first */
} cwr_unit_state;

/* The static terrain's sight index and a memo of its answers (core/memo.h), shared by a
 * match's state and its clones (one thread plays a match). */
typedef struct cwr_los {
    atomic_int refs;
    los_index *ix;
    memo *sight_memo; /* terrain sight between two figures: (from, to, eye) -> clear */
    /* Each feature's box (its points', grown by a margin far above GEOM_EPS) when the match
     * began: nothing farther away can be inside it, on it or crossing it. */
    geom_aabb *feature_box;
    int feature_count;
    /* Every figure's table index by unit (unit id k's are unit_fig[unit_start[k] ..
     * unit_start[k + 1]), each unit's in table order) when the match began: figures keep their
     * places and units in a match (taken off, never moved between units), so a cache scope
     * lists a unit's active figures from its own, not from the whole table. */
    int *unit_start, *unit_fig;
    int units, figures;
    /* Each figure's weapon (by table index) as an index into data->weapons when the match
     * began, -1: none; tried first, then the names searched as before. */
    int *fig_weapon;
    /* Whether each terrain type is named in the data's fortification, high ground, obstacle
     * and open lists (4 * type_count, by list then type), as the names said at create. */
    bool *type_in;
    int type_count;
    /* Each unit's last fortified answer, by unit id, with the centres of the active figures it
     * was found for (fort_xy, 2 * CWR_UNIT_FIGS floats a unit; fort_sig their count + 1, 0:
     * none): the answer is of those centres alone, the terrain never changing in a match.
     * Allocated when first kept (fort_units + 1 entries). */
    float *fort_xy;
    int *fort_sig;
    bool *fort_was;
    int fort_units;
    /* The last path a move plan costed (cwr_move.c's path_kept, allocated when first kept):
     * a move's and a charge's resolve plan the same path twice, before and after the dice. */
    void *path_kept;
    /* The answers kept for the table as it last stood in a scope (cwr_util.c's table memo),
     * allocated when first asked. */
    struct cwr_table_memo *table_memo;
} cwr_los;

/* What one const entry point (legal, validate) finds about a table that cannot change while
 * it runs: each unit's active figures and the distances between units asked for
 * (cwr_cache_begin, cwr_util.c). Each state owns its own; clones start empty. */
typedef struct cwr_cache cwr_cache;

struct rules_state {
    cwr_data *data;
    cwr_los *los;
    cwr_cache *cache;
    int unit_count;
    cwr_unit_state *units;
    int turn;
    bool time_up;
    side_id sides[2];
    side_id active;     /* the side activating */
    side_id initiative; /* the side that won this turn's initiative */
    side_id first;      /* the scenario's side to act first in turn 1 (no roll); 0: roll */
    cwr_phase phase;
    unit_id unit; /* the activated unit */
    int pair;     /* index into data->pairs while acting; -1 */
    int step;     /* the step of the pair in play */
    int max_turns;
    int break_percent;
    cwr_alloc alloc[CWR_ALLOC_MAX]; /* casualties to pick, oldest first */
    int alloc_n;
    bool concealment; /* the scenario conceals units: another side is told counts of those in sight
                       */
};

/* ---- cwr_util.c: a call's cache ----------------------------------------------------------- */

/* From here to cwr_cache_end the table t stays as it is: cwr_unit_figures and
 * cwr_unit_distance on t answer from rs's cache (the same answers, found once). Returns whether
 * this call opened the scope (false inside one already open: that one stays); lookups on any
 * other table (a seen copy) scan as before. */
bool cwr_cache_begin(const rules_state *rs, const table *t);
void cwr_cache_end(bool began);
cwr_cache *cwr_cache_create(void);
/* cwr_can_fire_now's answer for u in the open scope for t: false when not known (no scope, or
 * not asked yet, or a no whose reason `why` wants was not found). `why`, NULL or holding
 * CWR_REASON_MAX, gets the reason; put's `why` NULL: not found. */
#define CWR_REASON_MAX 192
bool cwr_cache_fire_get(const rules_state *rs, const table *t, unit_id u, bool *ok, char *why);
void cwr_cache_fire_put(const rules_state *rs, const table *t, unit_id u, bool ok, const char *why);
/* The active figures of t in table order, listed once in the open scope for t: centre, reach
 * (spatial_base_reach), unit and table index; NULL when no scope is open for t or a unit has
 * more than CWR_UNIT_FIGS figures. The table scans of the move checks run over these. */
typedef struct cwr_fig_row {
    float x, y, reach;
    uint32_t unit;
    int index;
} cwr_fig_row;
const cwr_fig_row *cwr_cache_figures(const table *t, int *n);
/* cwr_names_has(set, the name of t's terrain type `type`), set one of rs->data's lists. */
bool cwr_type_named(const rules_state *rs, const table *t, const cwr_names *set, int type);
void cwr_cache_destroy(cwr_cache *c);
/* An event changed the state (cwr_apply): the whole answers kept across calls are forgotten.
 * Until the first one after cwr_create or cwr_clone nothing is kept. */
void cwr_cache_changed(cwr_cache *c);
/* ... and that event could change the table or a unit's concealment (cwr_apply says which). */
void cwr_cache_table_changed(cwr_cache *c);
/* The match's table memo (cwr_los) and what it holds. */
void cwr_table_memo_free(struct cwr_table_memo *m);
/* cwr_outcome's and cwr_decision's answers for t while the state stays as it is: false when not
 * kept (then the caller works it out and puts it). */
bool cwr_memo_outcome_get(const rules_state *rs, const table *t, rules_outcome *out);
void cwr_memo_outcome_put(const rules_state *rs, const table *t, const rules_outcome *o);
bool cwr_memo_decision_get(const rules_state *rs, const table *t, rules_decision *out);
/* cwr_targets' answer for unit u and command kind `kind` while the state stays as it is (the
 * legal step's and the bot's ask alike): false when not kept for at least `max` of them. */
enum { CWR_MEMO_TARGETS = 32 };
bool cwr_memo_targets_get(const rules_state *rs, const table *t, unit_id u, int kind,
                          rules_target *out, int max, int *n);
void cwr_memo_targets_put(const rules_state *rs, const table *t, unit_id u, int kind,
                          const rules_target *in, int max, int n);
void cwr_memo_decision_put(const rules_state *rs, const table *t, const rules_decision *d);
/* The sample moves cwr_move_legal found for `step` while the state stays as it is, and whether
 * cmd is (byte for byte) one of them: each passed the very check cwr_move_validate makes, so
 * the command the bot picks from them is not checked again. */
enum { CWR_MEMO_MOVES = 16 };
void cwr_memo_moves_put(const rules_state *rs, const table *t, int step, const rules_command *in,
                        int n);
bool cwr_memo_moves_has(const rules_state *rs, const table *t, int step, const rules_command *cmd);

/* Refusal reasons are built only when asked: why NULL (or size 0) wants a yes or no alone. */
__attribute__((format(printf, 3, 4))) void cwr_say(char *why, size_t size, const char *fmt, ...);

/* a then b (b may be NULL) into out, cut to `size` as snprintf(out, size, "%s%s", a, b) cuts
 * it: the events' fixed words without the formatter. */
void cwr_join(char *out, size_t size, const char *a, const char *b);
/* A line written piece by piece, cut as snprintf(out, size, ...) cuts it: the same bytes as
 * "%.Ns" (cwr_text_str with max N; SIZE_MAX: "%s") and "%d" (cwr_text_int), without the
 * formatter. `size` > 0. */
typedef struct cwr_text {
    char *out;
    size_t size, used;
} cwr_text;
cwr_text cwr_text_begin(char *out, size_t size);
void cwr_text_str(cwr_text *x, const char *s, size_t max);
void cwr_text_int(cwr_text *x, int n);
/* "%+d": the sign always. */
void cwr_text_signed(cwr_text *x, int n);

/* ---- cwr_util.c: lookups ------------------------------------------------------------------ */

float cwr_cm(const rules_state *rs, float in);
float cwr_in(const rules_state *rs, float cm);
const cwr_troop *cwr_troop_of(const rules_state *rs, const table *t, unit_id u);
cwr_unit_state *cwr_ustate(rules_state *rs, unit_id u);
const cwr_unit_state *cwr_ustate_const(const rules_state *rs, unit_id u);
/* The unit's active figures (at most max); returns how many. */
int cwr_unit_figures(const table *t, unit_id u, figure_id *out, int max);
/* The first of them in table order, or 0: none (stops there without a scope). */
figure_id cwr_unit_first(const table *t, unit_id u);
/* All of them in table order: the cache's list, or copied into buf, or NULL when more than max
 * (the caller then scans the table). */
const figure_id *cwr_unit_members(const table *t, unit_id u, figure_id *buf, int max, int *n);
int cwr_unit_strength(const table *t, unit_id u);
bool cwr_unit_limbered(const table *t, unit_id u);
bool cwr_unit_is_artillery(const rules_state *rs, const table *t, unit_id u);
/* Figures within half a base depth of the most forward one, along the unit's facing. */
int cwr_front_rank(const table *t, unit_id u, figure_id *out, int max);
/* The unit's facing (its first active figure's) and the centre of its front rank. */
float cwr_unit_facing(const table *t, unit_id u);
vec2s cwr_front_centre(const table *t, unit_id u);
/* Edge-to-edge distance in cm between the nearest figures of two units. */
float cwr_unit_distance(const table *t, unit_id a, unit_id b, figure_id *fa, figure_id *fb);
/* cwr_unit_distance(t, a, b) <= d, stopping at the first pair that near. */
bool cwr_units_within(const table *t, unit_id a, unit_id b, float d);
/* The box around u's active figures' circles (spatial_base_reach + 1e-3 about each centre), from
 * the open cache scope for t; false (out unset) without one. */
bool cwr_unit_box(const table *t, unit_id u, geom_aabb *out);
bool cwr_in_contact(const rules_state *rs, const table *t, unit_id a, unit_id b);
/* The first enemy unit in base contact with u's front rank, or 0. */
unit_id cwr_contact_enemy(const rules_state *rs, const table *t, unit_id u);
bool cwr_unit_fortified(const rules_state *rs, const table *t, unit_id u);
/* Feature k's box (cwr_los) misses box b: then no point or segment in b meets the feature
 * (false when not known: then always asked). */
bool cwr_feature_far(const rules_state *rs, const table *t, int k, geom_aabb b);
/* The ground height in feet under p: the tallest high-ground area holding it. */
float cwr_ground_ft(const rules_state *rs, const table *t, vec2s p);
/* Can side `viewer` see unit u at all (not concealed to it), and from unit `from` (sight)? */
bool cwr_unit_hidden(const rules_state *rs, const table *t, unit_id u, side_id viewer);
/* The table as side `viewer` knows it: t itself when no unit is hidden from it, else a copy in
 * *copy (the caller's to table_destroy) with the hidden units' figures off the table, so a move
 * checked or previewed for that side is neither refused by nor stops at a base it cannot see. */
const table *cwr_seen_table(const rules_state *rs, const table *t, side_id viewer, table **copy);
bool cwr_sees(const rules_state *rs, const table *t, unit_id from, unit_id to);
side_id cwr_other_side(const rules_state *rs, side_id s);
bool cwr_unit_alive(const table *t, unit_id u);

/* ---- cwr_fire.c: casualties --------------------------------------------------------------- */

/* n casualties on unit u, by `chooser`'s pick when the data say so (an ALLOCATE_HITS decision,
 * queued by an event) and there is a choice, else the figures nearest `from` at once. */
void cwr_take_casualties(rules_state *rs, rules_ctx *ctx, unit_id u, int n, vec2s from,
                         side_id chooser, const char *ref);
/* The casualties to pick now (the queue's head), the decision, the suggested pick, checks and
 * resolution. */
int cwr_alloc_need(const rules_state *rs, const table *t);
void cwr_alloc_decision(const rules_state *rs, const table *t, rules_decision *out);
int cwr_alloc_legal(const rules_state *rs, const table *t, rules_command *out, int max);
bool cwr_alloc_validate(const rules_state *rs, const table *t, const rules_command *cmd, char *why,
                        size_t size);
void cwr_alloc_resolve(rules_state *rs, rules_ctx *ctx, const rules_command *cmd);
void cwr_alloc_apply(rules_state *rs, const rules_event *ev);

/* ---- cwr_morale.c ------------------------------------------------------------------------- */

typedef struct cwr_morale {
    bool exempt;
    int dice;      /* after modifiers, never below 0 */
    int base;      /* from the table */
    int mod_class; /* the class's change */
    int mod_fort;  /* fortifications' change */
    int strength;  /* figures now */
    char note[96]; /* "3 dice: battalion 3, militia +2, fortified -1" */
} cwr_morale;

/* The morale dice unit u would throw now. Pure (no dice). */
void cwr_morale_dice(const rules_state *rs, const table *t, unit_id u, cwr_morale *out);
/* P(the unit fails) = P(sum of n D6 > strength), exactly. */
double cwr_morale_fail_chance(int dice, int strength);
/* Rolls the check, emits the dice and the verdict; returns true on a pass. */
bool cwr_morale_check(rules_state *rs, rules_ctx *ctx, unit_id u);

/* ---- cwr_actions.c: the permitted pairs -------------------------------------------------- */

/* Is pair `k` open to the activated unit now? False with the reason. */
bool cwr_pair_open(const rules_state *rs, const table *t, unit_id u, int k, char *why, size_t size);
/* The pair indices offered to u (pass or fail list). */
int cwr_pairs_offered(const rules_state *rs, unit_id u, const int **list);
cwr_step cwr_current_step(const rules_state *rs);
/* The command kind a step is played with. */
rules_command_kind cwr_step_command(cwr_step s);
const char *cwr_step_label(cwr_step s);

/* ---- cwr_move.c ---------------------------------------------------------------------------- */

typedef struct cwr_move_plan {
    int count;
    figure_id fig[CWR_UNIT_FIGS];
    vec2s pos[CWR_UNIT_FIGS];
    float facing;
    float want_cm;  /* the path's length */
    float moved_cm; /* how far the reference figure goes */
    float cost_cm;  /* allowance spent (obstacles included) */
    int obstacles;  /* obstacles crossed */
    bool open;      /* the path stays in open terrain: one more die */
    int dice;       /* movement dice to throw */
} cwr_move_plan;

/* Movement dice of u for a step (double or not), before the open-terrain die. */
int cwr_move_dice(const rules_state *rs, const table *t, unit_id u, bool dbl);
/* Plans the move cmd for a rolled allowance (cm; < 0: unlimited, for checking and reach). */
bool cwr_plan_move(const rules_state *rs, const table *t, const rules_command *cmd,
                   float allowance_cm, bool away, cwr_move_plan *out, char *why, size_t size);
/* cwr_plan_move's answer, path cost and open terrain for an unlimited allowance without working
 * out where the unit stops (the figures' places are left unset). */
bool cwr_plan_move_cost(const rules_state *rs, const table *t, const rules_command *cmd,
                        cwr_move_plan *out, char *why, size_t size);
/* True when the end positions bring u no nearer any enemy unit it can see. */
bool cwr_move_is_away(const rules_state *rs, const table *t, unit_id u, const cwr_move_plan *p,
                      char *why, size_t size);
bool cwr_move_validate(const rules_state *rs, const table *t, const rules_command *cmd,
                       cwr_step step, char *why, size_t size);
void cwr_move_resolve(rules_state *rs, rules_ctx *ctx, const rules_command *cmd, cwr_step step);
/* Reveals each unit hidden from u's side that u, placed by plan p, has run into (base contact):
 * a move or charge stops short at a concealed base, and the bump spots it. */
void cwr_move_bump(rules_state *rs, rules_ctx *ctx, unit_id u, const cwr_move_plan *p);
bool cwr_reach(const rules_state *rs, const table *t, const rules_command *move, vec2s dir,
               rules_reach *out);
int cwr_move_legal(const rules_state *rs, const table *t, unit_id u, cwr_step step,
                   rules_command *out, int max);
/* Formation changes and limbering: FORMATION commands. */
bool cwr_formation_validate(const rules_state *rs, const table *t, const rules_command *cmd,
                            cwr_step step, char *why, size_t size);
void cwr_formation_resolve(rules_state *rs, rules_ctx *ctx, const rules_command *cmd);
const char *cwr_formation_of(const rules_state *rs, const table *t, unit_id u);
/* Are the positions free of every other figure's base (contact allowed)? */
bool cwr_positions_free(const table *t, const figure_id *figs, const vec2s *pos,
                        const float *facing, int n, unit_id ignore_unit, unit_id ignore_unit2);

/* ---- cwr_fire.c ---------------------------------------------------------------------------- */

typedef struct cwr_fire_plan {
    unit_id target;
    figure_id aim; /* the target figure nearest the front centre within the arc */
    int short_dice, long_dice;
    int firers;
    float range_cm; /* nearest edge to edge */
    bool fortified;
    char band[RULES_WORD_MAX]; /* the dice in words are built where shown (cwr_targets) */
} cwr_fire_plan;

/* Casualties from the sixes of one band: per `per` sixes (halved again when fortified). */
int cwr_fire_casualties(int sixes, int per, int fortified_factor, bool fortified);
/* Expected casualties from n dice at one casualty per `per` sixes, exactly. */
double cwr_fire_expected(int n, int per);
bool cwr_plan_fire(const rules_state *rs, const table *t, unit_id u, unit_id target,
                   cwr_fire_plan *out, char *why, size_t size);
/* cwr_plan_fire's answer for (u, target) kept across calls and states of the match while the
 * open scope's table t (and the units' concealment) stands byte for byte as when it was found:
 * false when not kept (a no is kept only as asked without a reason; `told`: a reason wanted).
 * The plan reads nothing else that changes in a match. */
bool cwr_memo_fire_get(const rules_state *rs, const table *t, unit_id u, unit_id target, bool told,
                       cwr_fire_plan *out, bool *ok);
void cwr_memo_fire_put(const rules_state *rs, const table *t, unit_id u, unit_id target, bool ok,
                       const cwr_fire_plan *plan);
bool cwr_fire_validate(const rules_state *rs, const table *t, const rules_command *cmd, char *why,
                       size_t size);
void cwr_fire_resolve(rules_state *rs, rules_ctx *ctx, const rules_command *cmd);
int cwr_targets(const rules_state *rs, const table *t, const rules_command *fire, rules_target *out,
                int max);
/* Any legal fire target for u now. */
bool cwr_can_fire_now(const rules_state *rs, const table *t, unit_id u, char *why, size_t size);
bool cwr_unit_has_weapon(const rules_state *rs, const table *t, unit_id u);
/* Removes n casualties from u, nearest to `from` first. */
void cwr_remove_casualties(rules_state *rs, rules_ctx *ctx, unit_id u, int n, vec2s from,
                           const char *ref);

/* ---- cwr_combat.c -------------------------------------------------------------------------- */

bool cwr_charge_validate(const rules_state *rs, const table *t, const rules_command *cmd, char *why,
                         size_t size);
void cwr_charge_resolve(rules_state *rs, rules_ctx *ctx, const rules_command *cmd);
bool cwr_combat_validate(const rules_state *rs, const table *t, const rules_command *cmd, char *why,
                         size_t size);
void cwr_combat_resolve(rules_state *rs, rules_ctx *ctx, const rules_command *cmd);
/* Front-rank figures of u in base contact with an enemy figure of unit e. */
int cwr_combat_figures(const rules_state *rs, const table *t, unit_id u, unit_id e);
/* Enemy units u could charge (visible, within the most its dice could roll). */
int cwr_charge_targets(const rules_state *rs, const table *t, unit_id u, unit_id *out, int max);

/* ---- cwr_sequence.c ------------------------------------------------------------------------ */

void cwr_begin(rules_state *rs, rules_ctx *ctx);
void cwr_decision(const rules_state *rs, const table *t, rules_decision *out);
/* The decision's prompt as `viewer` may be told it (rules_view_ops.prompt): in a scenario with
 * concealment, another side's count of units still to act is of those in sight, and its active
 * unit goes unnamed while hidden from him. */
bool cwr_decision_prompt(const rules_state *rs, const table *t, side_id viewer,
                         const rules_decision *dec, char *out, size_t size);
bool cwr_activate_validate(const rules_state *rs, const table *t, const rules_command *cmd,
                           char *why, size_t size);
void cwr_activate_resolve(rules_state *rs, rules_ctx *ctx, const rules_command *cmd);
/* The step is done: the next step, or the activation ends and the next side acts. */
void cwr_step_done(rules_state *rs, rules_ctx *ctx);
void cwr_end_activation(rules_state *rs, rules_ctx *ctx);
void cwr_outcome(const rules_state *rs, const table *t, rules_outcome *out);
int cwr_driver(const rules_state *rs, const table *t, side_id viewer, rules_driver_item *out,
               int max);
bool cwr_unit_can_activate(const rules_state *rs, const table *t, unit_id u);
/* Figures lost by side s so far, and its starting figures. */
void cwr_side_losses(const rules_state *rs, const table *t, side_id s, int *lost, int *start);

/* ---- cwr_bot.c: the bot's value of a legal command (rules_view_ops.bot_value) ------------- */

bool cwr_bot_value(const rules_state *rs, const table *t, const rules_command *cmd, float *v,
                   char *why, size_t size);

/* ---- cwr_referee.c: the referee's rulings of the rule set's own (rules_ops.referee) ------- */

extern const rules_referee_ops cwr_referee_ops;

#endif // CWR_CWR_STATE_H
