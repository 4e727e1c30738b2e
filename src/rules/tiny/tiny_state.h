/* The tiny rule set's per-match state, the types its topic files share and the helpers below
 * them all (tiny_util.c, tiny_state.c). Private to src/rules/tiny/. */
#ifndef TINY_TINY_STATE_H
#define TINY_TINY_STATE_H

#include "core/los.h"
#include "core/memo.h"
#include "core/path.h"
#include "rules/rules.h"
#include "rules/tiny/tiny_data.h"
#include "rules/tiny/tiny_rules.h"

#include <math.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <string.h>

/* The rule book's sections named by events. */
#define TINY_REF_B  TINY_REF " — B: Sequence"
#define TINY_REF_C  TINY_REF " — C: Orders"
#define TINY_REF_D  TINY_REF " — D: Movement"
#define TINY_REF_DC TINY_REF " — D: Charges"
#define TINY_REF_DF TINY_REF " — D: Formation"
#define TINY_REF_E  TINY_REF " — E: Shooting"
#define TINY_REF_F  TINY_REF " — F: Charge Resolution"
#define TINY_REF_FC TINY_REF " — F: Commanders in close combat"
#define TINY_REF_FO TINY_REF " — F: Deciding the Outcome"
#define TINY_REF_G  TINY_REF " — G: Morale"
#define TINY_REF_GR TINY_REF " — G: Rally Chart"
#define TINY_REF_H  TINY_REF " — H: Victory"

#define TINY_CHARGES_MAX 64
#define TINY_PLAN_MAX    RULES_CMD_FIGURES_MAX
#define TINY_SIDES_MAX   8

typedef enum tiny_phase {
    TINY_PHASE_ORDERS = 0,
    TINY_PHASE_ACTIONS,
    TINY_PHASE_CHARGES,
} tiny_phase;

/* Per-unit flags for the current player turn (cleared when a side's orders phase begins). */
enum {
    TINY_U_ORDERED = 1u << 0, /* has had its one order this turn */
    TINY_U_MOVED = 1u << 1,
    TINY_U_SHOT = 1u << 2,
    TINY_U_ROAD = 1u << 3,          /* moved at road speed: no shooting or charging */
    TINY_U_CHARGED = 1u << 4,       /* charged this turn */
    TINY_U_DIFFICULT = 1u << 5,     /* its charge crossed difficult terrain or an obstacle */
    TINY_U_CHARGED_FRONT = 1u << 6, /* was charged from the front this turn */
    TINY_U_PURSUE = 1u << 7,        /* victorious cavalry that may pursue */
    TINY_U_FORMATION = 1u << 8,     /* changed formation this turn */
    TINY_U_OVER_COVER = 1u << 9,    /* its charge crossed a wall or hedge */
    TINY_U_GONE = 1u << 16,         /* retreated off the table (kept across turns) */
    TINY_U_TURN_FLAGS = 0xffffu,
};

/* Per-figure state: commanders' pips and replacement countdowns. */
enum {
    TINY_F_MOVED = 1u << 0, /* a commander has made his free move this turn */
};

typedef struct tiny_unit_state {
    int hits;
    uint32_t flags;
    unit_id beaten; /* the enemy it beat in the last combat (pursuit) */
} tiny_unit_state;

typedef struct tiny_fig_state {
    int pips, rolled;
    uint32_t flags;
    int replace_ends; /* player-turn ends of its side still to come before a replacement */
} tiny_fig_state;

typedef struct tiny_charge {
    unit_id charger, target;
} tiny_charge;

/* The static terrain's sight index (core/los.h) and the stand-gap memo (core/memo.h), shared
 * by a match's state and its clones (one thread plays a match). */
typedef struct tiny_los {
    atomic_int refs;
    los_index *ix;
    memo *gap_memo;        /* tiny_stand_gap_cm: two placed bases -> their edge gap */
    memo *unit_gap_memo;   /* tiny_unit_gap_cm: two units' placed stands -> their gap */
    tiny_serials *serials; /* units' placements by serial (frames kept there) */
    memo *pair_gap_memo;   /* tiny_unit_gap_cm: two placements' serials -> their gap */
    memo *sight_memo;      /* tiny_line_clear's terrain part: two points and an eye -> clear */
    memo *path_memo;       /* stand_path_cost: a troop row, allowance and path -> its cost */
    memo *place_memo;      /* commander_free_near: the spot and its neighbours -> the free spot */
    int troop_units;
    unsigned char *troop_row; /* per unit id: 1 + the data's row its kind last named, 0 none */
    struct tiny_decision_memo *decision; /* the last legal() list, by its inputs (tiny_ops.c) */
    struct tiny_setup_keep *setup_keep;  /* the last path set-ups, by their inputs (tiny_move.c) */
} tiny_los;

/* Frees the kept legal() list (tiny_ops.c). */
void tiny_decision_forget(tiny_los *l);

struct rules_state {
    tiny_data *data;
    int turn;
    side_id first, active;
    tiny_phase phase;
    unit_id react_unit, react_charger; /* a charged unit that may evade, and its charger */
    int unit_count, fig_count, feature_count;
    tiny_unit_state *units;
    tiny_fig_state *figs;
    unsigned char *cover_gone; /* per terrain feature: destroyed by siege guns */
    tiny_los *los;
    tiny_charge charges[TINY_CHARGES_MAX];
    int charge_count;
    int max_turns;
    float retreat_fraction;
    int type_count;       /* the table's terrain types, as at create */
    bool type_rough[256]; /* per terrain type: named rough by the data (tiny_data_is_rough) */
};

typedef struct tiny_order {
    figure_id commander;
    int cost;
    float distance_in;
    bool penalty_loss;
} tiny_order;

typedef struct tiny_plan {
    int count;
    figure_id fig[TINY_PLAN_MAX];
    vec2s pos[TINY_PLAN_MAX];
    float facing[TINY_PLAN_MAX];
    unit_id units[TINY_PLAN_MAX]; /* the units moved (a formed brigade moves several) */
    int unit_count;
    float distance_cm, cost_cm, allowance_cm;
    bool road, difficult, about_face;
    bool over_cover; /* a charge across a wall or hedge */
    char edge[16];   /* charges: "front", "flank", "rear" */
    char note[128];
} tiny_plan;

typedef struct tiny_fire_plan {
    int count;
    figure_id shooter[TINY_UNIT_FIGS];
    figure_id aim[TINY_UNIT_FIGS]; /* the target stand each shoots at */
    int need[TINY_UNIT_FIGS];
    float range_in[TINY_UNIT_FIGS];
    tiny_mods mods[TINY_UNIT_FIGS];
    int cover_feature; /* siege guns: the cover feature they may destroy, else -1 */
} tiny_fire_plan;

/* A plan with no shooter (count 0, cover_feature -1). Its readers read the first `count`
 * entries only, and each shooter's mods are written whole when it is added (tiny_fire_need), so
 * the mods, nine tenths of the bytes, are not cleared. */
static inline void tiny_fire_plan_clear(tiny_fire_plan *p)
{
    memset(p, 0, offsetof(tiny_fire_plan, mods));
    p->cover_feature = -1;
}

/* The plans worked out on the state of the last legal() while it is the state asked about
 * (tiny_ops.c): legal() validates every unit's shot and charge at every enemy, and targets()
 * then asks the same plans on the same state. Each answers true when the plan of (u, target)
 * (and ignore_order, for a charge) is kept, with its answer in *ok and the plan in *out. Only
 * asked when no reason is wanted: the kept plans keep none. */
bool tiny_decision_fire(const rules_state *rs, unit_id u, unit_id target, tiny_fire_plan *out,
                        bool *ok);
void tiny_decision_fire_put(const rules_state *rs, unit_id u, unit_id target,
                            const tiny_fire_plan *plan, bool ok);
bool tiny_decision_charge(const rules_state *rs, unit_id u, unit_id target, bool ignore_order,
                          tiny_plan *out, bool *ok);
void tiny_decision_charge_put(const rules_state *rs, unit_id u, unit_id target, bool ignore_order,
                              const tiny_plan *plan, bool ok);
/* The same for the order check of unit u by commander fig (0: whoever can), its answer in *ok
 * and, when true, the order in *out: every move, shot and charge of u checks it last. */
bool tiny_decision_order(const rules_state *rs, unit_id u, figure_id fig, tiny_order *out,
                         bool *ok);
void tiny_decision_order_put(const rules_state *rs, unit_id u, figure_id fig, const tiny_order *o,
                             bool ok);

/* Small vector helpers. */
static inline vec2s tiny_sub(vec2s a, vec2s b)
{
    return (vec2s){{a.x - b.x, a.y - b.y}};
}

static inline vec2s tiny_addk(vec2s a, vec2s b, float k)
{
    return (vec2s){{a.x + b.x * k, a.y + b.y * k}};
}

static inline float tiny_len(vec2s v)
{
    return hypotf(v.x, v.y);
}

/* p turned by a radians about c. */
static inline vec2s tiny_rotate_about(vec2s p, vec2s c, float a)
{
    float s = sinf(a), co = cosf(a);
    vec2s r = tiny_sub(p, c);
    return (vec2s){{c.x + r.x * co - r.y * s, c.y + r.x * s + r.y * co}};
}

/* tiny_stand_reach is in tiny_rules.h (the memo's list of stands, layer 0, keeps it). */

/* Slack on the cheap tests: far above GEOM_EPS and the corners' rounding to floats, so a stand
 * they skip is one the exact test would refuse too. */
#define TINY_FAR_SLACK_CM 0.01f

/* True when p lies more than pad outside the box on some axis. */
static inline bool tiny_outside_box(vec2s p, geom_aabb b, float pad)
{
    return p.x < b.min.x - pad || p.x > b.max.x + pad || p.y < b.min.y - pad || p.y > b.max.y + pad;
}

/* What place_free_near's answer for a figure depends on: its base, the spot, facing and shift,
 * the table's size, and every active figure near enough to block a spot it tries (in table
 * order). */
#define TINY_PLACE_NEAR_MAX 16
typedef struct tiny_place_key {
    geom_base base;
    vec2s want;
    float facing, shift_cm, width_cm, height_cm;
    int count;
    geom_placed_base near[TINY_PLACE_NEAR_MAX];
} tiny_place_key;
typedef struct tiny_place_found {
    int found;
    vec2s at;
} tiny_place_found;

/* What a stand's path cost in plan_unit_path depends on (the terrain is the match's): the
 * troop row, allowance and road that make its path_desc, the allowance left, and the path. */
#define TINY_PATH_KEY_POINTS 4
typedef struct tiny_path_key {
    int row, road, count;
    float allowance_cm, allow_cm;
    vec2s pts[TINY_PATH_KEY_POINTS];
} tiny_path_key;
/* The part of its path_result that plan_unit_path reads. */
typedef struct tiny_path_found {
    int stop, crossed_count;
    float spent_cm, moved_cm;
} tiny_path_found;

/* The match's placement serials for tiny_geom_memo_begin. */
static inline tiny_serials *tiny_frames(const rules_state *rs)
{
    return rs->los ? rs->los->serials : NULL;
}

typedef struct legal_list {
    rules_command *out;
    int n, max;
    /* validate() once the game is known not to be over */
    bool (*validate)(const rules_state *rs, const table *t, const rules_command *cmd, char *reason,
                     size_t size);
} legal_list;

float tiny_in(const rules_state *rs, float cm);

float tiny_cm(const rules_state *rs, float in);

/* The frontal-zone half angle. */
float tiny_zone_deg(const rules_state *rs);

/* The scans behind the inline lookups below, for when no memo is open. */
bool tiny_is_troop_unit_scan(const table *t, unit_id u);
int tiny_unit_stands_scan(const table *t, unit_id u);

/* Inline: asked hundreds of thousands of times a game, mostly answered by the open memo. */
static inline bool tiny_is_troop_unit(const table *t, unit_id u)
{
    const tiny_unit_memo *um = tiny_geom_memo_unit_id(t, u);
    return um ? um->troop : tiny_is_troop_unit_scan(t, u);
}

static inline int tiny_unit_stands(const table *t, unit_id u)
{
    const tiny_unit_memo *um = tiny_geom_memo_unit_id(t, u);
    return um ? um->stands : tiny_unit_stands_scan(t, u);
}

bool tiny_unit_formation_is(const table *t, unit_id u, const char *name);

bool tiny_unit_limbered(const table *t, unit_id u);

/* Whether an active stand of u has any of the status bits: the scan, and the lookups. */
bool tiny_unit_status_scan(const table *t, unit_id u, uint32_t bits);

static inline bool tiny_unit_status_any(const table *t, unit_id u, uint32_t bits)
{
    const tiny_unit_memo *um = tiny_geom_memo_unit_id(t, u);
    return um ? (um->status_any & bits) != 0 : tiny_unit_status_scan(t, u, bits);
}

static inline bool tiny_unit_shaken(const table *t, unit_id u)
{
    return tiny_unit_status_any(t, u, FIGURE_STATUS_SHAKEN);
}

static inline bool tiny_unit_must_rally(const table *t, unit_id u)
{
    return tiny_unit_status_any(t, u, FIGURE_STATUS_DEMORALISED);
}

static inline bool tiny_unit_lost(const rules_state *rs, const table *t, unit_id u)
{
    if (u.id == 0 || (int)u.id > rs->unit_count)
        return true;
    return (rs->units[u.id - 1].flags & TINY_U_GONE) || tiny_unit_stands(t, u) == 0;
}

/* The troop-chart row of u, looked up (and kept in the open memo). */
const tiny_troop *tiny_troop_lookup(const rules_state *rs, const table *t, unit_id u);

static inline const tiny_troop *tiny_troop_of(const rules_state *rs, const table *t, unit_id u)
{
    const tiny_unit_memo *um = tiny_geom_memo_unit_id(t, u);
    return um && um->type_known ? um->type : tiny_troop_lookup(rs, t, u);
}

/* The brigade unit of a troop unit (its parent holding a Brigadier), or 0. */
unit_id tiny_brigade_of(const table *t, unit_id u);

const figure *tiny_brigadier_of(const table *t, unit_id brigade);

const figure *tiny_general_of(const table *t, side_id s);

bool tiny_stand_in_cover(const rules_state *rs, const table *t, const figure *f, bool lines,
                         int *feature);

/* True when any stand of the unit lies in cover: a cover area not destroyed, or with `lines`
 * within adjacent_gap_in of a wall or hedge. */
bool tiny_unit_in_cover(const rules_state *rs, const table *t, unit_id u, bool lines);

/* Clear line of fire between two points (terrain and other units' stands in between). */
bool tiny_line_clear(const rules_state *rs, const table *t, vec2s a, vec2s b, unit_id from,
                     unit_id to);

/* An enemy stand within `cm` of the unit and in sight. */
bool tiny_enemy_visible(const rules_state *rs, const table *t, unit_id u, float cm);

/* True when the units' bounding circles come within cm: a cheap test before the exact gap. */
bool tiny_units_near(const tiny_unit_geom *a, const tiny_unit_geom *b, float cm);

/* The gap between two stands' edges (geom_base_edge_distance), remembered by their exact
 * placement: the same bits, sooner, when neither moved since it was last measured. */
double tiny_stand_gap_cm(const rules_state *rs, const geom_placed_base *a,
                         const geom_placed_base *b);

/* What tiny_unit_gap_cm's answer depends on: both units' stands, placed, in their order. */
typedef struct tiny_unit_gap_key {
    int count[2];
    geom_placed_base stands[2][TINY_STANDS_MAX];
} tiny_unit_gap_key;

/* The gap in cm between the nearest stands of two units (remembered by the stands' exact
 * placement when each unit has at most TINY_STANDS_MAX stands). */
float tiny_unit_gap_cm(const rules_state *rs, const table *t, const tiny_unit_geom *a,
                       const tiny_unit_geom *b);

bool tiny_unit_in_contact(const rules_state *rs, const table *t, unit_id u);

bool tiny_unit_can_move(const rules_state *rs, const table *t, unit_id u, char *reason,
                        size_t size);

/* True when u is a brigade unit (holding a Brigadier), which orders its formed brigade. */
bool tiny_is_brigade(const table *t, unit_id u);

float tiny_p_at_least(int need);

const char *tiny_unit_name(const table *t, unit_id u);

figure_id tiny_first_stand(const table *t, unit_id u);

void tiny_set_flags(rules_ctx *ctx, unit_id u, uint32_t bits, const char *why);

void tiny_unit_status(rules_ctx *ctx, unit_id u, uint32_t set, uint32_t clear, const char *ref,
                      const char *why);

void tiny_emit_mods(rules_ctx *ctx, const tiny_mods *m, figure_id fig, int group, const char *ref);

unit_id tiny_cmd_unit(const table *t, const rules_command *cmd);

unit_id tiny_cmd_target(const table *t, const rules_command *cmd);

/* Text (a refusal's reason, a plan's note) formatted only when the caller gave room for it
 * (size > 0): legal() validates every candidate command and reads none of it. */
void tiny_text(char *reason, size_t size, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

bool tiny_own_troop_unit(const rules_state *rs, const table *t, unit_id u, char *reason,
                         size_t size);

void tiny_try_add(const rules_state *rs, const table *t, legal_list *l, const rules_command *c);

bool tiny_nearest_enemy(const rules_state *rs, const table *t, const tiny_unit_geom *g, side_id own,
                        tiny_unit_geom *eg, float *gap);

rules_state *tiny_create(const rules_create_desc *desc, char *err, size_t size);

void tiny_destroy(rules_state *rs);

rules_state *tiny_clone(const rules_state *rs);

void tiny_begin(rules_state *rs, rules_ctx *ctx);

void tiny_apply(rules_state *rs, const table *t, const rules_event *ev);

void tiny_hash(const rules_state *rs, rules_hasher *hs);

#endif // TINY_TINY_STATE_H
