/* Little Colonial Rules on the engine: the per-match state, the optional rules' hook table and
 * the small helpers every topic file shares (lcr_util.c; the state's life in lcr_state.c).
 * Private to src/rules/lcr.
 *
 * Layers (tests/lcr/check_layers.py checks them, calls and includes both): the data and the pure
 * rule functions (*_math.c, lcr_deck.c, lcr_command.c) at the bottom; this header, lcr_util.c and
 * lcr_state.c above them; then one file per rule-book topic (morale, move, fire, combat, then
 * artillery and the charge, then the sequence); the optional rules (sight, wounds) beside the
 * topics, reached through the hooks below; lcr_ops.c on top, dispatching only.
 *
 * Everything here changes only in lcr_state_apply(), from events; resolution reads it.
 */
#ifndef LCR_LCR_STATE_H
#define LCR_LCR_STATE_H

#include "core/los.h"
#include "core/memo.h"
#include "core/path.h"
#include "rules/lcr/lcr_artillery_math.h"
#include "rules/lcr/lcr_data.h"
#include "rules/lcr/lcr_deck.h"
#include "rules/lcr/lcr_fire_math.h"
#include "rules/lcr/lcr_morale_math.h"
#include "rules/lcr/lcr_move_math.h"
#include "rules/rules.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#define LCR_SIDES_MAX   8
#define LCR_TYPES_MAX   64
#define LCR_OPTIONS_MAX 4

/* The rule book's sections, as events name them. */
#define LCR_REF         "Little Colonial Rules"
#define LCR_REF_DECK    LCR_REF " — Order Deck"
#define LCR_REF_MOVE    LCR_REF " — Actions: Move"
#define LCR_REF_WALL    LCR_REF " — Actions: Move (walls and hedges)"
#define LCR_REF_FIRE    LCR_REF " — Shooting"
#define LCR_REF_AREA    LCR_REF " — Shooting: area fire"
#define LCR_REF_SAVE    LCR_REF " — Shooting: saving roll"
#define LCR_REF_ALLOC   LCR_REF " — Shooting: applying hits"
#define LCR_REF_RANK3   LCR_REF " — Shooting: three rank line"
#define LCR_REF_COMBAT  LCR_REF " — Close Combat"
#define LCR_REF_MORALE  LCR_REF " — Morale"
#define LCR_REF_RALLY   LCR_REF " — Rallying"
#define LCR_REF_ACT     LCR_REF " — Actions: Activate"
#define LCR_REF_REFORM  LCR_REF " — Actions: Reform"
#define LCR_REF_VICTORY LCR_REF " — Morale (assumed victory)"
#define LCR_REF_CAVALRY LCR_REF " — Cavalry"

/* Per-figure flags of the current activation and beyond. */
enum {
    LCR_FF_ACTIVATED = 1u << 0, /* in command of the card in play */
    LCR_FF_ACTED = 1u << 1,     /* has taken its action this activation */
    LCR_FF_WAITING = 1u << 2,   /* waiting at a wall or hedge to roll again */
    LCR_FF_ENGAGED = 1u << 3,   /* stopped within contact distance of an enemy */
};

/* An optional rule's hooks. The base rules never name an option: they call the lcr_hook_*
 * helpers below, which call each option that is on, in the order lcr_ops.c lists them. Every
 * member but `create` may be NULL. `create`, `destroy`, `clone` and `hash` run for every option
 * (it reads its ruleset_options and keeps its own state); the rest only while `on` says so. */
typedef struct lcr_option {
    const char *name;
    /* The option's state from the scenario's ruleset_options; NULL with err on a bad option. */
    void *(*create)(const rules_state *rs, const table *t, char *err, size_t err_size);
    void (*destroy)(void *state);
    void *(*clone)(const void *state);
    /* Optional: dst (a state of this option from the same match) made what clone(src) gives,
     * reusing its buffers. NULL: lcr_state_clone_into destroys and clones. */
    void (*clone_into)(void *dst, const void *src);
    void (*hash)(const void *state, rules_hasher *hs);
    bool (*on)(const void *state);
    /* The line-of-sight index of the match's terrain (first option that gives one). */
    los_index *(*los)(const void *state, const table *t);
    /* The eye height sight is judged from. */
    float (*eye_ft)(const rules_state *rs, float eye_ft);
    /* Decisions of the option's own (sealed choices, reactions): true when it has one. */
    bool (*decision)(const rules_state *rs, const table *t, rules_decision *out);
    bool (*validate_decision)(const rules_state *rs, const table *t, const rules_decision *d,
                              const rules_command *cmd, char *why, size_t size);
    int (*legal_decision)(const rules_state *rs, const table *t, const rules_decision *d,
                          rules_command *out, int max);
    /* An act of an activated figure the option adds (`command`), its checks and candidates. */
    rules_command_kind command;
    bool (*validate_command)(const rules_state *rs, const table *t, const rules_command *cmd,
                             char *why, size_t size);
    int (*legal_act)(const rules_state *rs, const table *t, side_id sd, rules_command *out,
                     int max);
    int (*actions)(const rules_state *rs, const table *t, const figure *f, rules_action *out,
                   int max);
    /* Refuses any act of the activation (false with why). */
    bool (*check_act)(const rules_state *rs, const table *t, const rules_command *cmd, char *why,
                      size_t size);
    bool (*may_act)(const rules_state *rs, const table *t, const figure *f, char *why, size_t size);
    bool (*immobile)(const rules_state *rs, const figure *f);
    float (*move_factor)(const rules_state *rs, const figure *f); /* movement costs times this */
    float (*range)(const rules_state *rs, const figure *f, float range_cm); /* range counted */
    /* The morale piles figure f is judged by (scratch holds them when they differ). */
    const lcr_morale *(*morale)(const rules_state *rs, const table *t, const figure *f,
                                lcr_morale *scratch);
    /* Resolves the option's own commands, follow-up included: true when it did. */
    bool (*resolve)(rules_state *rs, rules_ctx *ctx, const rules_command *cmd);
    /* A figure is about to be killed: true when the option took care of him. */
    bool (*on_kill)(rules_state *rs, rules_ctx *ctx, figure_id id, const char *ref);
    void (*after_command)(rules_state *rs, rules_ctx *ctx);
    void (*end_of_turn)(rules_state *rs, rules_ctx *ctx);
    void (*arrival)(rules_state *rs, rules_ctx *ctx, int group);
    /* The option's own events: true when ev was one. */
    bool (*apply)(rules_state *rs, const table *t, const rules_event *ev);
    int (*driver)(const rules_state *rs, const table *t, side_id viewer, rules_driver_item *out,
                  int max);
} lcr_option;

/* The memos' keys and values (lcr_util.c): every byte set, padding none. */
#define LCR_MEMO_PATH_POINTS (RULES_CMD_PATH_MAX + 1)
typedef struct lcr_sight_key {
    vec2s from, to;
    float eye_ft;
} lcr_sight_key;
typedef struct lcr_sight_value {
    int32_t hidden, feature;
} lcr_sight_value;
/* A figure's last los_blind_radius: from where, for which eye (lcr_util.c). */
typedef struct lcr_blind_entry {
    vec2s pos;
    float eye_ft, radius_cm;
} lcr_blind_entry;
typedef struct lcr_path_key {
    int32_t count;
    float allowance_cm, clear_mult;
    uint32_t stop_at_obstacle;
    vec2s pts[LCR_MEMO_PATH_POINTS];
} lcr_path_key;
typedef struct lcr_reach_key {
    vec2s start;
    float angle, allowance_cm, clear_mult;
    uint32_t stop_at_obstacle;
} lcr_reach_key;
/* A straight path (two points): most of what is asked (candidates, walks, reaches). */
typedef struct lcr_path2_key {
    vec2s a, b;
    float allowance_cm, clear_mult;
    uint32_t stop_at_obstacle;
} lcr_path2_key;
/* A path_result of one stretch and few crossings, all its other bytes zero: a fifth of the
 * bytes to hash, store and copy (lcr_util.c keeps only results it restores exactly). */
#define LCR_BRIEF_CROSSINGS 6
typedef struct lcr_path_brief {
    int32_t stretch_count, crossing_count, crossed_count, stop, end_stretch, stop_feature;
    path_stretch stretch;
    float length_cm, cost_cm, moved_cm, spent_cm;
    vec2s end;
    path_crossing crossings[LCR_BRIEF_CROSSINGS];
} lcr_path_brief;

/* Answers that hold through one call of legal() or targets(): the state and the table do not
 * change inside it, and the candidates' checks ask the same questions again (the nearest enemy
 * of each figure, the area target of a group, a firer's fitness against a target, the decision).
 * lcr_scratch_begin/end bracket such a call; outside one, or for another state or table, every
 * lookup misses. Shared by a state and its clones, like the memos (one thread per match). */
#define LCR_SCRATCH_SEARCHES 16
#define LCR_SCRATCH_ANY      32
#define LCR_GROUP_ARC_MAX    64
/* One sight search's answer: the first enemy seen from the point (or the firers' centre) in
 * (distance, id) order among those within `bound` cm, with his distance; none when found is 0.
 * Its key is everything of the firers the answer reads: the eye it looks with and the place and
 * facing of each formation firer whose arc bounds it (none: every direction). The enemies are
 * the kept list's, so the answers are dropped with it (lcr_util.c). */
typedef struct lcr_scratch_search {
    side_id side;
    vec2s p;
    float eye_ft;
    int arcs;
    vec2s arc_pos[LCR_GROUP_ARC_MAX];
    float arc_facing[LCR_GROUP_ARC_MAX];
    figure_id found;
    float found_d, bound;
} lcr_scratch_search;
/* An enemy a search may find, with his place, id and posture (the eye a sight line to him is
 * judged with) at hand (lcr_util.c). */
typedef struct lcr_enemy_pt {
    vec2s pos;
    uint32_t id;
    int posture;
    const figure *f;
} lcr_enemy_pt;
/* A friend whose base may lie across a line of fire: the box of his reach about his centre,
 * a hundredth of a centimetre wider (lcr_fire.c). */
typedef struct lcr_friend_pt {
    float x0, x1, y0, y1;
    const figure *f;
} lcr_friend_pt;
typedef struct lcr_scratch {
    const rules_state *rs; /* the call's state and table; NULL outside a call */
    const table *t;
    int capacity;   /* figures the arrays below hold */
    uint32_t epoch; /* the call's number: ok_epoch entries of other calls are stale */
    bool have_decision;
    rules_decision decision; /* the bare decision (no words) */
    side_id enemies_of;      /* 0: not gathered yet */
    int enemy_count;
    side_id friends_of; /* 0: not gathered yet */
    int friend_count;
    lcr_friend_pt *friends; /* of side friends_of: active, in figure order */
    /* The enemies gathered last (kept_of's), kept across calls: while a call gathers the same
     * list again, the nearest-enemy answers found (any_p, any_found) and the sight searches'
     * answers (searches) still hold. */
    side_id kept_of;
    int kept_count, any_count;
    lcr_enemy_pt *kept;
    vec2s any_p[LCR_SCRATCH_ANY];
    figure_id any_found[LCR_SCRATCH_ANY];
    lcr_enemy_pt *enemies;          /* of side enemies_of: active, not fighting, in figure order */
    uint32_t *ok_epoch, *ok_target; /* per figure: firer_ok's last (target, area) and answer */
    uint8_t *ok_area, *ok_value;
    /* The crew of gun crew_gun counted in call crew_epoch (the flags and places it reads hold
     * still within a call). */
    uint32_t crew_epoch, crew_gun;
    lcr_crew crew;
    uint32_t *may_epoch; /* per figure: lcr_may_act's answer (may_value) in this call */
    /* per figure (by id): his weapon's entry as looked up in call `epoch` for the figure `f`
     * (lcr_fire.c) */
    struct lcr_scratch_weapon {
        uint32_t epoch;
        const figure *f;
        const lcr_weapon *w;
    } * weapons;
    /* The activated figures of this call as a chain of table indices (lcr_activated_next):
     * act_first, then act_next[i] after index i, -1 at the end; built when first asked. */
    uint32_t act_epoch;
    int act_first;
    int *act_next;
    /* lcr_hook_eye_ft's answers in this call, by the eye asked (lcr_hidden asks a few eyes
     * again and again): eye_count of them. */
    int eye_count;
    float eye_in[4], eye_out[4];
    uint8_t *may_value;
    /* Per figure (by id): the straight move lcr_move_legal made of his reach in call
     * proven_epoch, to proven_to with proven_allow cm (lcr_move.c): 98% of the way the reach
     * walked with that allowance along that line, so the walk there ends where it leads
     * (a prefix of a straight walk costs no more than the walk); validate asks no path of it. */
    uint32_t *proven_epoch;
    struct lcr_scratch_proven {
        vec2s to;
        float allow;
    } * proven;
    int search_count, search_next;
    lcr_scratch_search searches[LCR_SCRATCH_SEARCHES];
} lcr_scratch;

typedef struct lcr_option_slot {
    const lcr_option *option;
    void *state;
    bool on;
} lcr_option_slot;

struct rules_state {
    lcr_data *data;
    const scenario *scn;
    lcr_deck deck;
    int turn, max_turns;
    int drawn, active; /* card numbers, -1 for none */
    bool interrupting; /* the card in play came from a hand while `drawn` waits */
    bool interrupt_closed;
    side_id drawer, acting_side;
    figure_id actor;
    bool actor_is_soldier;
    bool actor_busy; /* the actor leader has acted (rally needs a full activation) */
    int fig_count;
    uint8_t *flags;
    int8_t *hold;       /* rally hold pile per figure, -1 none */
    vec2s *home;        /* where a demoralised figure runs to: start or entry point */
    uint8_t *home_edge; /* the table edge he came in by (a scenario_edge; 0: none) */
    int side_count;     /* table sides */
    lcr_morale morale[LCR_SIDES_MAX];
    int casualties[LCR_SIDES_MAX];
    int start_figures[LCR_SIDES_MAX];
    int group_count;
    lcr_morale *group_morale; /* reinforcement groups' own piles */
    bool *arrived;
    uint32_t shuffle_seed;
    /* area-fire hits waiting for the firing side's pick */
    int alloc_hits;
    side_id alloc_side;
    int alloc_count;
    lcr_fire_candidate alloc[RULES_CMD_FIGURES_MAX];
    bool over;
    side_id winner;
    char reason[128];
    float mult[LCR_TYPES_MAX]; /* lcr movement multiplier per table terrain type */
    /* per table terrain type: 1 + its index in data->terrain (0: none), resolved at create so
     * queries do not look types up by name (lcr_terrain_of) */
    int16_t terrain_ix[LCR_TYPES_MAX];
    /* The data (above) and the line-of-sight index of the static terrain are read-only and
     * shared by a state and its clones; los_refs counts them. */
    los_index *los;
    int *los_refs;
    /* Memos of pure functions of that static terrain, shared the same way (one match's states
     * are used by one thread): sight between two points (lcr_hidden), a path's cost and a
     * reach (lcr_path_cost, lcr_path_reach). legal(), the bot's scores and validate() ask the
     * same questions of one state, and of the next, again and again. */
    memo *sight_memo, *path_memo, *reach_memo, *path2_memo;
    /* Straight paths lcr_path_surely_ends proved end where they lead (no result to keep: the
     * key alone, what lcr_path_ends answers from). */
    memo *ends_memo;
    /* per figure (by id), the blind radius of where it stood last asked, shared the same way
     * (a pure function of the position and eye, kept with them) */
    lcr_blind_entry *blind;
    lcr_scratch *scratch; /* shared the same way */
    /* The features whose terrain blocks individual fire (indices, ascending), of the table's
     * feature_count features at create: static terrain, shared the same way. */
    int *fire_blockers;
    int fire_blocker_count, fire_blocker_features;
    /* The figures of each unit in table order, shared the same way (a figure's unit is the
     * scenario's for the whole match): per table index, the first index of that figure's unit
     * (unit_first) and the next index of the same unit after it, -1 at the last (unit_next). */
    int *unit_first, *unit_next;
    /* The optional rules, in hook order (lcr_ops.c). */
    int option_count;
    lcr_option_slot options[LCR_OPTIONS_MAX];
    /* LCR_HOOK_* bits: some option that is on has that hook (set at create, with `on`); the
     * hooks asked per figure, candidate or decision return their no-option answer at once
     * without. */
    uint32_t hooks_on;
};
enum {
    LCR_HOOK_CHECK_ACT = 1u << 0,
    LCR_HOOK_MAY_ACT = 1u << 1,
    LCR_HOOK_IMMOBILE = 1u << 2,
    LCR_HOOK_MOVE_FACTOR = 1u << 3,
    LCR_HOOK_RANGE = 1u << 4,
    LCR_HOOK_DECISION = 1u << 5,
    LCR_HOOK_LEGAL_ACT = 1u << 6,
    LCR_HOOK_RESOLVE = 1u << 7,
};

/* ---- lcr_state.c: the state's life ----------------------------------------------------------- */

/* The state from the scenario: data, per-figure arrays and each option's own state. */
rules_state *lcr_state_create(const rules_create_desc *desc, const lcr_option *const *options,
                              int option_count, char *err, size_t err_size);
void lcr_state_destroy(rules_state *rs);
rules_state *lcr_state_clone(const rules_state *rs);
/* dst made the deep copy lcr_state_clone(src) would give, reusing dst's buffers (rules_ops
 * clone_into): the overlap check copies the state for every move it tries. */
void lcr_state_clone_into(rules_state *dst, const rules_state *src);
void lcr_state_apply(rules_state *rs, const table *t, const rules_event *ev);
void lcr_state_hash(const rules_state *rs, rules_hasher *hs);
/* An option's own state (NULL when the rule set was built without it). */
void *lcr_option_state(const rules_state *rs, const lcr_option *option);

/* ---- lcr_util.c: helpers below the topics ---------------------------------------------------- */

side_id lcr_other_side(const rules_state *rs, side_id s);
/* Inline, like lcr_radius: asked per figure in legal()'s and resolve's loops. */
static inline bool lcr_is_leader(const figure *f)
{
    return lcr_data_rank_of(f->role) >= 0;
}
const char *lcr_name(const table *t, figure_id id); /* the figure's name, else its role */
/* strcmp(s, lit) == 0 with the first letters compared inline: every event applied and every
 * cavalry question asks a chain of these, and most differ at the first letter. */
static inline bool lcr_str_is(const char *s, const char *lit)
{
    return s[0] == lit[0] && strcmp(s, lit) == 0;
}
/* Half the base's width. */
static inline float lcr_radius(const figure *f)
{
    return f->base.kind == GEOM_BASE_ROUND ? f->base.radius_cm : 0.5f * f->base.frontage_cm;
}
bool lcr_refuse(char *why, size_t size, const char *text); /* false, with the reason */
/* A refusal's reason, formatted only when asked for: legal() asks validate() with no buffer
 * (size 0), and formatting every candidate's reason cost more than checking it. */
#define lcr_why(why, size, ...) ((size) ? (void)snprintf((why), (size), __VA_ARGS__) : (void)0)
path_desc lcr_path_desc(const rules_state *rs);
/* path_cost and path_reach (core/path.h) for a desc from lcr_path_desc (stop_at_obstacle as
 * the caller sets it), memoised: the same result, bit for bit. */
path_stop lcr_path_cost(const rules_state *rs, const table *t, const path_desc *pd,
                        const vec2s *pts, int count, float allowance_cm, path_result *out);
/* True only when path_cost(pts, count, allowance_cm) would surely answer PATH_STOP_END: no
 * impassable area or line, and no obstacle line where the desc stops at one, has its box near
 * a stretch, and every stretch's length at the dearest multiplier among the areas whose box it
 * meets, summed, is below the allowance by a margin far above path_cost's rounding (the cost
 * path_cost adds is at most that sum). False says nothing: ask path_cost. */
/* lcr_path_cost(...)->stop == PATH_STOP_END, the same answer: the memo first, then
 * lcr_path_surely_ends, then path_cost. */
bool lcr_path_ends(const rules_state *rs, const table *t, const path_desc *pd, const vec2s *pts,
                   int count, float allowance_cm);
bool lcr_path_surely_ends(const table *t, const path_desc *pd, const vec2s *pts, int count,
                          float allowance_cm);
vec2s lcr_path_reach(const rules_state *rs, const table *t, const path_desc *pd, vec2s start,
                     float angle, float allowance_cm, path_result *out);
bool lcr_figure_can_fire(const rules_state *rs, const figure *f);
vec2s lcr_clamp_on_table(const table *t, const figure *f, vec2s p);
int lcr_option_int(const scenario *scn, const char *key, int fallback);
int lcr_reinforcement_group_of(const scenario *scn, unit_id u);
/* The nearest active enemy of `side` to point p, not in close combat and in sight of p (0 when
 * none): the target of area fire. */
figure_id lcr_nearest_enemy(const rules_state *rs, const table *t, side_id side, vec2s p);
/* The target area fire by `firers` must be ranged to: the nearest active enemy to their centre,
 * not in close combat, in sight and, for firers in formation, inside the arc of fire of one of
 * them (seed 000, the Toledo example: "the nearest enemy figure in the arc of fire"). The centre
 * looks with the tallest firer's eye (Blocking Terrain, docs/rules/lcr.md section 11); a lone
 * point (lcr_nearest_enemy) with a man on foot's. */
figure_id lcr_area_target(const rules_state *rs, const table *t, side_id side,
                          const figure_id *firers, int n);
/* The same searches looking no further than bound_cm from the point (the firers' centre):
 * the unbounded answer when that is within the bound, else none. legal() asks these where an
 * enemy further away could give no candidate. */
figure_id lcr_nearest_enemy_within(const rules_state *rs, const table *t, side_id side, vec2s p,
                                   float bound_cm);
figure_id lcr_area_target_within(const rules_state *rs, const table *t, side_id side,
                                 const figure_id *firers, int n, float bound_cm);
/* The same without the sight condition (where to advance). */
figure_id lcr_nearest_enemy_any(const rules_state *rs, const table *t, side_id side, vec2s p);
/* True when terrain hides `target` from an eye at `from`, `from_eye_ft` high (the taller of the
 * two eyes counts, as in seed 000's figure heights). */
bool lcr_hidden(const rules_state *rs, const table *t, vec2s from, float from_eye_ft,
                const figure *target, int *feature);
/* Terrain between two points for eyes eye_ft high (no hook applied): true when it blocks the
 * sight line (los_points' terrain verdict), memoised; *feature (may be NULL) names it. */
bool lcr_terrain_hides(const rules_state *rs, vec2s from, vec2s to, float eye_ft, int *feature);
/* Fire mode of a group: true for area fire. */
bool lcr_fire_is_area(const rules_state *rs, const figure_id *firers, int n);
vec2s lcr_centroid(const table *t, const figure_id *ids, int n);
/* A figure that may act on the card in play (activated, not acted, in play, not demoralised,
 * and as the options allow). why may be NULL with size 0: no reason is formatted (legal()
 * only asks whether). */
bool lcr_may_act_slow(const rules_state *rs, const table *t, figure_id id, char *why,
                      size_t size); /* lcr_may_act less its inline answer from the scratch */

/* Opens the scratch for one call on (rs, t): false (opening nothing) when one is open. */
bool lcr_scratch_begin(const rules_state *rs, const table *t);
void lcr_scratch_end(const rules_state *rs);
/* The open scratch of (rs, t), or NULL (inline: asked once or more per candidate of every
 * legal() call). */
static inline lcr_scratch *lcr_scratch_of(const rules_state *rs, const table *t)
{
    lcr_scratch *s = rs->scratch;
    return s && s->rs == rs && s->t == t ? s : NULL;
}
/* lcr_may_act (above): inside a scratch, asked only whether, the answer of this call. */
static inline bool lcr_may_act(const rules_state *rs, const table *t, figure_id id, char *why,
                               size_t size)
{
    const lcr_scratch *s = size ? NULL : lcr_scratch_of(rs, t);
    uint32_t i = id.id - 1;
    if (s && i < (uint32_t)s->capacity && s->may_epoch[i] == s->epoch)
        return s->may_value[i];
    return lcr_may_act_slow(rs, t, id, why, size);
}
/* lcr_activated_next's out-of-line part: the scan outside a scratch, the chain's building inside
 * one. */
int lcr_activated_next_slow(const rules_state *rs, const table *t, int i);
/* The table index of the next figure after index i (-1: the first) whose LCR_FF_ACTIVATED
 * flag is set, in table order, or -1: the loops of legal() over the activated figures read
 * only them (a chain kept in the open scratch; outside one, a scan). */
static inline int lcr_activated_next(const rules_state *rs, const table *t, int i)
{
    const lcr_scratch *s = lcr_scratch_of(rs, t);
    if (s && s->act_epoch == s->epoch) /* the chain is built: follow it */
        return i < 0                                      ? s->act_first
               : i < t->figure_count && i < rs->fig_count ? s->act_next[i]
                                                          : -1;
    return lcr_activated_next_slow(rs, t, i);
}
lcr_scratch *lcr_scratch_create(int figures);
void lcr_scratch_destroy(lcr_scratch *s);

/* Text built piece by piece, byte for byte what snprintf gives for the same conversions (%s,
 * %.Ns, %d, %.0f and %.1f of a float), truncated the same way, without printf's parsing and its
 * multi-precision float printing: the event texts and prompts of every command go through it. */
typedef struct lcr_text {
    char *buf;
    size_t size, len; /* len: what is written so far (at most size - 1) */
} lcr_text;
lcr_text lcr_text_on(char *buf, size_t size); /* empties buf */
void lcr_text_str(lcr_text *b, const char *s);
void lcr_text_strn(lcr_text *b, const char *s, size_t max); /* %.Ns */
void lcr_text_int(lcr_text *b, long v);                     /* %d */
void lcr_text_fixed(lcr_text *b, float v, int decimals);    /* %.0f, %.1f (decimals 0 or 1) */
/* snprintf(dst, size, "%s", src). */
void lcr_copy(char *dst, size_t size, const char *src);

/* Events (rules_emitf with the rule reference). */
/* rules_emitf(ctx, ev, ref, "%s", text) without the format: the same event, byte for byte. */
void lcr_emit_text(rules_ctx *ctx, rules_event ev, const char *ref, const char *text);
void lcr_emit_flag(rules_ctx *ctx, const char *tag, figure_id fig, int value, const char *text);
void lcr_emit_card(rules_ctx *ctx, const char *tag, int card, figure_id actor, const char *ref,
                   const char *text);
void lcr_emit_note(rules_ctx *ctx, figure_id fig, const char *ref, const char *text);
void lcr_emit_modifier(rules_ctx *ctx, figure_id fig, int value, const char *source,
                       const char *ref);
void lcr_emit_status(rules_ctx *ctx, figure_id fig, uint32_t set, uint32_t clear, const char *ref,
                     const char *text);
void lcr_emit_move(rules_ctx *ctx, figure_id fig, vec2s from, vec2s to, float facing, float spent,
                   const char *ref, const char *text);

/* legal(): candidates pushed only when they validate (`validate` is lcr_ops.c's, handed down so
 * the topics' candidate lists never call upward). */
typedef bool (*lcr_validate_fn)(const rules_state *rs, const table *t, const rules_command *cmd,
                                char *why, size_t size);
typedef struct lcr_candidates {
    rules_command *out;
    int n, max;
    lcr_validate_fn validate;
} lcr_candidates;
/* Pushes cmd when it validates; true when it did. */
/* The lcr data of table terrain type `type` (NULL when the data has none). */
const lcr_terrain *lcr_terrain_of(const rules_state *rs, const table *t, int type);

bool lcr_legal_push(lcr_candidates *lo, const rules_state *rs, const table *t,
                    const rules_command *cmd);

/* The optional rules' hooks, called for each option that is on (lcr_option above). */
float lcr_hook_eye_ft(const rules_state *rs, float eye_ft);
bool lcr_hook_decision(const rules_state *rs, const table *t, rules_decision *out);
bool lcr_hook_validate_decision(const rules_state *rs, const table *t, const rules_decision *d,
                                const rules_command *cmd, char *why, size_t size);
int lcr_hook_legal_decision(const rules_state *rs, const table *t, const rules_decision *d,
                            rules_command *out, int max);
/* The checks of an option's own act; false with "not an action ..." when no option adds it. */
bool lcr_hook_validate_command(const rules_state *rs, const table *t, const rules_command *cmd,
                               char *why, size_t size);
void lcr_hook_legal_act(lcr_candidates *lo, const rules_state *rs, const table *t, side_id sd);
int lcr_hook_actions(const rules_state *rs, const table *t, const figure *f, rules_action *out,
                     int max);
/* The hooks asked per figure and candidate: inline, the options' loop (_slow) only when some
 * option that is on has the hook (rules_state.hooks_on). */
bool lcr_hook_check_act_slow(const rules_state *rs, const table *t, const rules_command *cmd,
                             char *why, size_t size);
bool lcr_hook_may_act_slow(const rules_state *rs, const table *t, const figure *f, char *why,
                           size_t size);
bool lcr_hook_immobile_slow(const rules_state *rs, const figure *f);
float lcr_hook_move_factor_slow(const rules_state *rs, const figure *f);
float lcr_hook_range_slow(const rules_state *rs, const figure *f, float range_cm);
static inline bool lcr_hook_check_act(const rules_state *rs, const table *t,
                                      const rules_command *cmd, char *why, size_t size)
{
    return !(rs->hooks_on & LCR_HOOK_CHECK_ACT) || lcr_hook_check_act_slow(rs, t, cmd, why, size);
}
static inline bool lcr_hook_may_act(const rules_state *rs, const table *t, const figure *f,
                                    char *why, size_t size)
{
    return !(rs->hooks_on & LCR_HOOK_MAY_ACT) || lcr_hook_may_act_slow(rs, t, f, why, size);
}
static inline bool lcr_hook_immobile(const rules_state *rs, const figure *f)
{
    return (rs->hooks_on & LCR_HOOK_IMMOBILE) && lcr_hook_immobile_slow(rs, f);
}
static inline float lcr_hook_move_factor(const rules_state *rs, const figure *f)
{
    return rs->hooks_on & LCR_HOOK_MOVE_FACTOR ? lcr_hook_move_factor_slow(rs, f) : 1.0f;
}
static inline float lcr_hook_range(const rules_state *rs, const figure *f, float range_cm)
{
    return rs->hooks_on & LCR_HOOK_RANGE ? lcr_hook_range_slow(rs, f, range_cm) : range_cm;
}
const lcr_morale *lcr_hook_morale(const rules_state *rs, const table *t, const figure *f,
                                  lcr_morale *scratch);
bool lcr_hook_resolve(rules_state *rs, rules_ctx *ctx, const rules_command *cmd);
bool lcr_hook_on_kill(rules_state *rs, rules_ctx *ctx, figure_id id, const char *ref);
void lcr_hook_after_command(rules_state *rs, rules_ctx *ctx);
void lcr_hook_end_of_turn(rules_state *rs, rules_ctx *ctx);
void lcr_hook_arrival(rules_state *rs, rules_ctx *ctx, int group);
int lcr_hook_driver(const rules_state *rs, const table *t, side_id viewer, rules_driver_item *out,
                    int max);

#endif // LCR_LCR_STATE_H
