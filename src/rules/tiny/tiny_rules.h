/* Tiny Soldiers (seed 003): the rule set's pure functions (orders, hits and morale, shooting
 * and melee modifiers, rally chart, victory, unit geometry) and its rules_ops.
 *
 * Everything here reads the data file (rules/tiny/tiny_data.h) and the table; nothing rolls
 * dice or changes state, so the tests can check each rule on hand-made positions. The wiring
 * into the engine (tiny_rules_ops) resolves commands into events with these functions.
 *
 * Organisation on the table (docs/rules/tiny.md, "Organisation"): a troop unit is a table unit
 * whose figures are stands (1 to 5, one common frontage); its `kind` names a troop-chart row.
 * A brigade is a table unit holding the Brigadier (role "brigadier"); its troop units have it
 * as parent. The army is a unit holding the General (role "general"); units with no parent,
 * or with the army as parent, are independent and take orders from the General alone.
 */
#ifndef TINY_TINY_RULES_H
#define TINY_TINY_RULES_H

#include "core/memo.h"
#include "core/table.h"
#include "rules/rules.h"
#include "rules/tiny/tiny_data.h"

#include <stdbool.h>

#define TINY_REF        "Tiny Soldiers"
#define TINY_MODS_MAX   8
#define TINY_STANDS_MAX 5
#define TINY_UNIT_FIGS  16

extern const rules_ops tiny_rules_ops;

/* A list of die modifiers with their sources, for events and the odds. */
typedef struct tiny_mod {
    int value;
    char source[RULES_EVENT_TAG_MAX]; /* "cover", "column", "higher_melee_value" */
} tiny_mod;

typedef struct tiny_mods {
    tiny_mod m[TINY_MODS_MAX];
    int count;
    int total;
} tiny_mods;

void tiny_mods_add(tiny_mods *mods, int value, const char *source);

/* ---- C. Orders ---------------------------------------------------------------------------- */

/* Pips an order costs: the usual cost, or the penalty cost when the unit is more than
 * orders.far_in from the commander or its brigade has lost orders.brigade_loss_fraction or more
 * of its units. */
int tiny_order_cost(const tiny_data *d, float distance_in, bool brigade_half_lost);
/* True when `lost` of `total` units is at least the brigade loss fraction. */
bool tiny_brigade_half_lost(const tiny_data *d, int lost, int total);

/* ---- G. Hits and morale ------------------------------------------------------------------- */

typedef struct tiny_hits_result {
    int hits;           /* hit markers after (at most shaken_hits) */
    int stands_removed; /* each hit on a shaken unit removes a stand */
    bool became_shaken;
    bool destroyed; /* no stand left */
} tiny_hits_result;

/* What `n` hits do to a unit holding `hits` markers and `stands` stands. */
tiny_hits_result tiny_hits_take(const tiny_data *d, int hits, int stands, int n);
/* Rally modifiers (G: Die Modifiers): the troop's own, the General rallying, an enemy visible
 * within 12", shaken. Returns the total. */
int tiny_rally_mods(const tiny_data *d, const tiny_troop *tr, bool general, bool enemy_visible,
                    bool shaken, tiny_mods *out);
/* Hit markers after a rally removes one: never below the kept last hit. */
int tiny_rally_remove_hit(const tiny_data *d, int hits);

/* ---- E. Shooting -------------------------------------------------------------------------- */

typedef struct tiny_fire_target {
    const tiny_troop *troop; /* the target's troop type */
    bool in_cover;
    bool column;
} tiny_fire_target;

/* The score a die needs (after modifiers: need - total) for `shooter` at range_in; 7 or more
 * when it cannot hit; -1 when out of range. Modifiers go to *mods (may be NULL). */
int tiny_fire_need(const tiny_data *d, const tiny_troop *shooter, float range_in,
                   const tiny_fire_target *target, tiny_mods *mods);

/* ---- F. Charge resolution ----------------------------------------------------------------- */

typedef struct tiny_melee_side {
    const tiny_troop *troop;
    int stands;
    bool shaken, column, limbered;
    bool flank_or_rear;     /* contacted in the flank or rear */
    bool in_cover;          /* this side stands in cover (the enemy takes -1) */
    bool crossed_difficult; /* this side charged through difficult terrain or over an obstacle */
} tiny_melee_side;

/* Dice a side rolls: one per stand in line/deployed with front contact only, else one. */
int tiny_melee_dice(const tiny_melee_side *s);
/* The modified need of `s` against `enemy`: need minus the modifiers (written to *mods). */
int tiny_melee_need(const tiny_data *d, const tiny_melee_side *s, const tiny_melee_side *enemy,
                    tiny_mods *mods);
/* True when a unit charged from the front rolls first (infantry; deployed guns). */
bool tiny_defensive_fire(const tiny_troop *tr, bool limbered);

/* ---- H. Victory --------------------------------------------------------------------------- */

/* True when more than `fraction` of `total` units are shaken, destroyed or gone. */
bool tiny_army_retreats(float fraction, int total, int bad);

/* ---- geometry ----------------------------------------------------------------------------- */

/* A troop unit's stands on the table and their frame. */
typedef struct tiny_unit_geom {
    int count;
    figure_id stands[TINY_UNIT_FIGS];
    vec2s centre; /* mean of the stand centres */
    vec2s front;  /* centre of the front line */
    vec2s rear;   /* centre of the rear line */
    float facing;
    float half_width; /* half the extent across the facing */
    float half_depth; /* half the extent along the facing */
} tiny_unit_geom;

/* What a unit's frame depends on, and the frame: the frame memo's key and value. */
typedef struct tiny_frame_key {
    int count;
    geom_placed_base stands[TINY_STANDS_MAX];
} tiny_frame_key;
typedef struct tiny_frame {
    vec2s centre, front, rear;
    float facing, half_width, half_depth;
} tiny_frame;

/* Fills *g from the active stands of unit u; false when it has none. */
bool tiny_unit_geom_of(const table *t, unit_id u, tiny_unit_geom *g);
/* Unit u's frame without a copy: a pointer into the memo while one is open on t, else
 * *scratch filled; NULL when u has no stands. */
const tiny_unit_geom *tiny_unit_geom_ref(const table *t, unit_id u, tiny_unit_geom *scratch);
/* A match's numbering of units' placements (shared by its state and clones, one thread): a
 * unit's placement (its active stands, placed, in table order: a tiny_frame_key) gets a serial
 * the first time it is seen, and the same serial while it is one of the unit's two latest, so
 * what depends on placements alone is remembered by serials (a serial names one placement only,
 * never reused). Units of more than TINY_STANDS_MAX stands get none (0). */
typedef struct tiny_placed {
    tiny_frame_key key;
    uint32_t serial; /* 0: empty slot */
    bool framed;     /* frame holds the placement's frame (count > 0) */
    tiny_frame frame;
} tiny_placed;
/* What a unit's nearest enemy and contact were, by its serial and its foes' epoch (0: none). */
typedef struct tiny_foe_keep {
    uint32_t near_serial, near_epoch;
    side_id near_own;
    bool near_found;
    unit_id near_enemy;
    float near_gap;
    uint32_t contact_serial, contact_epoch;
    bool contact;
} tiny_foe_keep;
typedef struct tiny_serials {
    int units;
    uint32_t next;            /* the last serial given */
    tiny_placed (*recent)[2]; /* per unit id: its two latest placements, the latest first */
    uint32_t *seen;           /* per unit id: its serial when its foes' epoch was last set */
    uint32_t epoch[2];        /* per side (t->sides order): names its foes' serials in seen */
    uint32_t epoch_next;
    tiny_foe_keep *keep; /* per unit id */
} tiny_serials;
tiny_serials *tiny_serials_create(int units);
void tiny_serials_destroy(tiny_serials *s);
/* Between these, tiny_unit_geom_of on `t` remembers each unit's frame (t must not change).
 * `serials` (may be NULL) keeps frames across opens, by placement. */
void tiny_geom_memo_begin(const table *t, tiny_serials *serials);
void tiny_geom_memo_end(const table *t);
/* The serial of unit u's placement on t while a memo is open on t, else 0 (none). */
uint32_t tiny_unit_serial(const table *t, unit_id u);
/* The serial of g's placement when g lists exactly the current stands of its unit, else 0. */
uint32_t tiny_geom_serial(const table *t, const tiny_unit_geom *g);
/* The epoch of the placements of every unit not of side `own` (each by serial) while a memo is
 * open on t: the same epoch is the same serials; false when there is none (no memo, a unit
 * without a serial). What depends on a unit's placement and its foes' alone is kept by the
 * unit's serial and this. */
bool tiny_foes_epoch(const table *t, side_id own, uint32_t *epoch);
/* Unit u's kept nearest enemy and contact while a memo with serials is open on t, else NULL. */
tiny_foe_keep *tiny_foe_keep_of(const table *t, unit_id u);
/* What the memo keeps of one whole unit while it is open (0: not asked yet). */
typedef struct tiny_unit_memo {
    int stands;        /* its active stands (tiny_unit_stands) */
    bool troop;        /* tiny_is_troop_unit */
    bool type_known;   /* type holds tiny_troop_of */
    bool radius_known; /* radius holds the circle about the frame's centre holding its stands */
    float radius;
    const tiny_troop *type;
    uint32_t status_any;     /* the status bits of its active stands, or-ed */
    signed char contact;     /* tiny_unit_in_contact: 1 yes, -1 no */
    signed char cover_lines; /* tiny_unit_in_cover with lines: 1 yes, -1 no */
    signed char near_known;  /* tiny_nearest_enemy asked for side near_own */
    bool eye_known;          /* eye holds the tallest eye of its figures */
    float eye;
    bool serial_known; /* serial holds tiny_unit_serial */
    uint32_t serial;
    bool near_found;
    side_id near_own;
    unit_id near_enemy;
    float near_gap;
} tiny_unit_memo;
/* The memo of the unit whose whole frame g is (as tiny_unit_geom_of gives it), or NULL when no
 * memo is open on t or g is not a whole unit's frame. */
tiny_unit_memo *tiny_geom_memo_unit(const table *t, const tiny_unit_geom *g);
/* The open memo's table and per-unit part, owned by tiny_rules.c: read by the inline lookup
 * below, which a game asks hundreds of thousands of times (stand counts, troop flags). */
typedef struct tiny_memo_head {
    const table *t;
    int count;
    tiny_unit_memo *units;
} tiny_memo_head;
extern _Thread_local const tiny_memo_head *tiny_memo_open;
/* At least a stand's circumradius (its corners lie within it), with no square root: the cheap
 * test before the exact ones skips stands that are far away. */
static inline float tiny_stand_reach(const figure *f)
{
    if (f->base.kind == GEOM_BASE_RECT)
        return 0.5f * (f->base.frontage_cm + f->base.depth_cm);
    return f->base.radius_cm;
}

/* An active stand (no commander) of the open memo's table: its index in t->figures, centre,
 * tiny_stand_reach (not its radius: a hypotf each, and few are asked it). */
typedef struct tiny_near_stand {
    vec2s pos;
    float reach;
    int index;
} tiny_near_stand;
#define TINY_NEAR_STANDS_MAX 512
/* The active stands of t in table order, listed once while the memo is open (the table holds
 * still): the searches that walked every figure for those near a path walk these instead, with
 * no activity, commander or reach test per figure. -1 when no memo is open on t or there are
 * more than TINY_NEAR_STANDS_MAX. *out valid until the memo ends. */
int tiny_geom_memo_stands(const table *t, const tiny_near_stand **out);
/* The memo of unit u, or NULL when no memo is open on t. */
static inline tiny_unit_memo *tiny_geom_memo_unit_id(const table *t, unit_id u)
{
    const tiny_memo_head *h = tiny_memo_open;
    if (!h || h->t != t || u.id == 0 || (int)u.id > h->count)
        return NULL;
    return &h->units[u.id];
}
/* True when p lies in the unit's frontal zone: ahead of its front line, within the lines at
 * half_angle from its front corners. */
bool tiny_in_frontal_zone(const tiny_unit_geom *g, float half_angle_deg, vec2s p);
/* True when some part (corner, edge middle, centre) of unit `other` lies in g's frontal zone. */
bool tiny_partly_in_frontal_zone(const table *t, const tiny_unit_geom *g, float half_angle_deg,
                                 const tiny_unit_geom *other);
/* True when two stands overlap by more than a hair (touching is not overlapping). */
bool tiny_stands_overlap(const geom_placed_base *a, const geom_placed_base *b);
geom_placed_base tiny_stand_base(const figure *f);
/* The radius of the circle around a stand. */
float tiny_stand_radius(const figure *f);

/* True when a figure is a commander (General or Brigadier); inline: asked for every figure
 * of every scan. */
static inline bool tiny_is_commander(const figure *f)
{
    return f->role == FIGURE_ROLE_GENERAL || f->role == FIGURE_ROLE_BRIGADIER;
}

/* The bot's value of a legal command (rules_view_ops.bot_value; tiny_bot.c). */
bool tiny_bot_value(const rules_state *rs, const table *t, const rules_command *cmd, float *v,
                    char *why, size_t size);

#endif // TINY_TINY_RULES_H
