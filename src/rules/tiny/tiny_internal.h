/* The tiny rule set's per-match state and the planning functions shared by its queries
 * (validate, legal, reach, targets) and its resolution. Private to src/rules/tiny/. */
#ifndef TINY_TINY_INTERNAL_H
#define TINY_TINY_INTERNAL_H

#include "core/los.h"
#include "core/path.h"
#include "rules/rules.h"
#include "rules/tiny/tiny_data.h"
#include "rules/tiny/tiny_rules.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

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

/* The static terrain's sight index (core/los.h), shared by a match's state and its clones. */
typedef struct tiny_los {
    atomic_int refs;
    los_index *ix;
} tiny_los;

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
};

/* ---- lookups (tiny_plan.c) ------------------------------------------------------------------ */

const tiny_troop *tiny_troop_of(const rules_state *rs, const table *t, unit_id u);
bool tiny_is_troop_unit(const table *t, unit_id u);
int tiny_unit_stands(const table *t, unit_id u);
bool tiny_unit_formation_is(const table *t, unit_id u, const char *name);
bool tiny_unit_limbered(const table *t, unit_id u);
bool tiny_unit_shaken(const table *t, unit_id u);
bool tiny_unit_must_rally(const table *t, unit_id u);
bool tiny_unit_in_contact(const rules_state *rs, const table *t, unit_id u);
bool tiny_unit_lost(const rules_state *rs, const table *t, unit_id u);
/* The brigade unit of a troop unit (its parent holding a Brigadier), or 0. */
unit_id tiny_brigade_of(const table *t, unit_id u);
const figure *tiny_brigadier_of(const table *t, unit_id brigade);
const figure *tiny_general_of(const table *t, side_id s);
float tiny_in(const rules_state *rs, float cm);
float tiny_cm(const rules_state *rs, float in);
/* The frontal-zone half angle. */
float tiny_zone_deg(const rules_state *rs);
/* True when any stand of the unit lies in cover: a cover area not destroyed, or with `lines`
 * within adjacent_gap_in of a wall or hedge. */
bool tiny_unit_in_cover(const rules_state *rs, const table *t, unit_id u, bool lines);
/* Clear line of fire between two points (terrain and other units' stands in between). */
bool tiny_line_clear(const rules_state *rs, const table *t, vec2s a, vec2s b, unit_id from,
                     unit_id to);
/* An enemy stand within `cm` of the unit and in sight. */
bool tiny_enemy_visible(const rules_state *rs, const table *t, unit_id u, float cm);

/* ---- orders -------------------------------------------------------------------------------- */

typedef struct tiny_order {
    figure_id commander;
    int cost;
    float distance_in;
    bool penalty_loss;
} tiny_order;

/* Who orders unit (or brigade group of) `u` and at what cost; cmd->figure names the commander
 * or 0 to pick one who can pay. False with the reason. */
bool tiny_order_check(const rules_state *rs, const table *t, const rules_command *cmd, unit_id u,
                      tiny_order *out, char *reason, size_t size);

/* ---- moves, charges, fire ---------------------------------------------------------------------
 */

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

/* The path description of a troop (rough terrain, impassable, obstacles at half a move). */
void tiny_path_setup(const rules_state *rs, const table *t, const tiny_troop *tr,
                     float allowance_cm, bool road, float *mult, float *obstacle, path_desc *pd);
/* The full move of a unit in its formation, in cm. */
float tiny_allowance_cm(const rules_state *rs, const table *t, unit_id u, const tiny_troop *tr);

/* The figures a MOVE or WHEEL would move, the reference stand (whose path it gives) first. */
int tiny_move_figures(const rules_state *rs, const table *t, const rules_command *cmd,
                      figure_id *out, int max);
bool tiny_plan_move(const rules_state *rs, const table *t, const rules_command *cmd, tiny_plan *out,
                    char *reason, size_t size);
bool tiny_plan_charge(const rules_state *rs, const table *t, unit_id charger, unit_id target,
                      bool ignore_order, tiny_plan *out, char *reason, size_t size);
/* True when u is a brigade unit (holding a Brigadier), which orders its formed brigade. */
bool tiny_is_brigade(const table *t, unit_id u);
/* The formed brigade of `brigade`: the largest group of its units chained side by side or one
 * behind the other, facing the same way; units free to move, or (rally) not yet ordered.
 * Returns the count (0 when fewer than two). */
int tiny_formed_group(const rules_state *rs, const table *t, unit_id brigade, bool rally,
                      unit_id *out);
/* A unit with more than the kept last hit, or that must rally: a rally can do something. */
bool tiny_rally_needed(const rules_state *rs, const table *t, unit_id u);
/* A formed brigade's charge: its member that reaches `target` most cheaply charges it and the
 * others make the same motion, keeping their places (seed 003, C: "Units moving as a formed
 * brigade must maintain their relative positions"). units[0] of the plan is the lead. */
bool tiny_plan_brigade_charge(const rules_state *rs, const table *t, unit_id brigade,
                              unit_id target, tiny_plan *out, char *reason, size_t size);
/* A straight retreat or evade of a full move, directly along `dir`, facing it. Sets *off when
 * the move leaves the table, *blocked when it cannot move at all. */
void tiny_plan_retreat(const rules_state *rs, const table *t, unit_id u, vec2s dir, tiny_plan *out,
                       bool *off, bool *blocked);

typedef struct tiny_fire_plan {
    int count;
    figure_id shooter[TINY_UNIT_FIGS];
    figure_id aim[TINY_UNIT_FIGS]; /* the target stand each shoots at */
    int need[TINY_UNIT_FIGS];
    float range_in[TINY_UNIT_FIGS];
    tiny_mods mods[TINY_UNIT_FIGS];
    int cover_feature; /* siege guns: the cover feature they may destroy, else -1 */
} tiny_fire_plan;

bool tiny_plan_fire(const rules_state *rs, const table *t, unit_id u, unit_id target,
                    tiny_fire_plan *out, char *reason, size_t size);
/* The volley alone: which stands reach the target and what they need, whatever the unit's
 * orders this turn (tiny_plan_fire checks those first). */
bool tiny_plan_volley(const rules_state *rs, const table *t, unit_id u, unit_id target,
                      tiny_fire_plan *out, char *reason, size_t size);

/* Expected hits of a charge by `charger` on `target` (the bot's odds). */
float tiny_melee_expected(const rules_state *rs, const table *t, unit_id charger, unit_id target,
                          int *dice, int *need);
void tiny_melee_side_of(const rules_state *rs, const table *t, unit_id u, unit_id enemy,
                        tiny_melee_side *out);

bool tiny_unit_can_move(const rules_state *rs, const table *t, unit_id u, char *reason,
                        size_t size);
/* The unit's formation ("line" or "deployed" when the scenario gives none). */
const char *tiny_formation_of(const rules_state *rs, const table *t, unit_id u);
/* The stands' places after a line/column change, about the leading stand. */
void tiny_plan_reform(const table *t, unit_id u, const char *to, tiny_plan *p);
/* May the unit change to formation `to` now (not counting the order)? */
bool tiny_check_formation(const rules_state *rs, const table *t, unit_id u, const char *to,
                          char *reason, size_t size);

/* ---- resolution (tiny_resolve.c) ---------------------------------------------------------------
 */

void tiny_resolve(rules_state *rs, rules_ctx *ctx, const rules_command *cmd);

/* ---- queries (tiny_query.c) -------------------------------------------------------------------
 */

bool tiny_validate(const rules_state *rs, const table *t, const rules_command *cmd, char *reason,
                   size_t size);
int tiny_legal(const rules_state *rs, const table *t, rules_command *out, int max);
int tiny_actions(const rules_state *rs, const table *t, figure_id fig, rules_action *out, int max);
bool tiny_reach(const rules_state *rs, const table *t, const rules_command *move, vec2s dir,
                rules_reach *out);
int tiny_targets(const rules_state *rs, const table *t, const rules_command *fire,
                 rules_target *out, int max);
/* Units counted for victory, and those shaken, destroyed or gone, of side s. */
void tiny_army_count(const rules_state *rs, const table *t, side_id s, int *total, int *bad);

#endif // TINY_TINY_INTERNAL_H
