/* Little Colonial Rules: the optional sight rules (seed 000, Optional Rule: blocking terrain,
 * figure heights, and who sees arriving reinforcements).
 *
 * Scenario options (ruleset_options; defaults from assets/rules/lcr.json "sight"):
 *   "blocking_terrain": clusters (jungle, woods, towns: TERRAIN_LOS_AREA) hide what lies deep
 *                       inside them; off, only solid masses (houses, high walls, thick bamboo)
 *                       block sight.
 *   "figure_heights":   eyes at the posture's height (6 ft on foot, 9 mounted, 12 on a roof, 24 in
 *                       a steeple); off, every eye counts as a man on foot.
 *   "reinforcement_sight": when reinforcements arrive, a unit gains their morale benefit only as
 *                       the seed's sight rule says (docs/rules/lcr.md section 11).
 *
 * The morale benefit, per unit: each unit keeps the set of arrived reinforcement groups whose
 * benefit it has not yet gained (`unseen`). While a group is unseen, the unit's figures are
 * judged against the piles as they would stand without that group's chits (the side's piles
 * minus the group's own piles, never below zero), so a unit that was demoralised stays so, and
 * a unit that was steady stays steady. Gaining the benefit clears the group's bit and the figures
 * are judged against the side's piles again (a demoralised unit recovers when they hold chits).
 * `due` holds the groups whose benefit comes at the start of turn `due_turn`.
 */
#ifndef LCR_LCR_SIGHT_H
#define LCR_LCR_SIGHT_H

#include "core/los.h"
#include "core/table.h"
#include "rules/lcr/lcr_data.h"
#include "rules/lcr/lcr_morale_math.h"
#include "rules/lcr/lcr_state.h"

#include <stdbool.h>
#include <stdint.h>

#define LCR_SIGHT_GROUPS_MAX 32

typedef struct lcr_sight_state {
    bool blocking_terrain, figure_heights, reinforcement_sight;
    int unit_count;
    uint32_t *unseen; /* per unit (index id - 1): groups whose benefit it has not gained */
    uint32_t *due;    /* per unit: groups whose benefit comes at the start of due_turn */
    int *due_turn;
} lcr_sight_state;

/* How a unit comes to see arriving reinforcements. */
typedef enum lcr_sight_gain {
    LCR_SIGHT_NONE = 0,
    LCR_SIGHT_NEXT_TURN, /* a figure at the edge of blocking terrain sees them, or base contact in
                            loose order deep inside */
    LCR_SIGHT_AT_ONCE,   /* a figure in clear terrain sees them, or base contact in close order */
} lcr_sight_gain;

/* Where a figure stands with respect to blocking terrain. */
typedef enum lcr_sight_place {
    LCR_PLACE_CLEAR = 0, /* outside every blocking area */
    LCR_PLACE_EDGE,      /* inside one, within sight.edge_cm of its edge */
    LCR_PLACE_DEEP,      /* deeper inside */
} lcr_sight_place;

/* Reads the options (err names the bad one); allocates the per-unit sets. */
bool lcr_sight_init(lcr_sight_state *s, const lcr_data *d, const scenario *scn, const table *t,
                    char *err, size_t err_size);
void lcr_sight_free(lcr_sight_state *s);
void lcr_sight_copy(lcr_sight_state *dst, const lcr_sight_state *src);
/* dst (holding its own sets) made what lcr_sight_copy gives, reusing its sets when sized alike. */
void lcr_sight_copy_into(lcr_sight_state *dst, const lcr_sight_state *src);
void lcr_sight_hash(const lcr_sight_state *s, rules_hasher *hs);

/* The line-of-sight index for the match: the table's terrain, with clusters made see-through
 * when blocking terrain is off. */
los_index *lcr_sight_los_create(const lcr_sight_state *s, const table *t);
/* The eye height to use for sight (the foot height when figure heights are off). */
float lcr_sight_eye_ft(const lcr_sight_state *s, float eye_ft);

/* Where figure f stands (blocking terrain: taller than his eye, AREA when the option is on, or
 * SOLID). */
lcr_sight_place lcr_sight_place_of(const rules_state *rs, const table *t, const figure *f);
/* How unit u would gain the benefit of reinforcement group g now. */
lcr_sight_gain lcr_sight_unit_gain(const rules_state *rs, const table *t, unit_id u, int g);

/* The piles unit u's figures are judged by (side piles less its unseen groups'); `scratch`
 * holds them when they differ from the side's. */
const lcr_morale *lcr_sight_morale(const rules_state *rs, const table *t, const figure *f,
                                   lcr_morale *scratch);

/* Hooks: a group arrives (before its chits are added); after every command
 * (units that see the reinforcements now gain at once, or become due next turn). */
void lcr_sight_arrival(rules_state *rs, rules_ctx *ctx, int g);
void lcr_sight_after_command(rules_state *rs, rules_ctx *ctx);
/* At the End of Turn card, before the demoralised run: units whose benefit was due at the turn
 * about to begin gain it. */
void lcr_sight_end_of_turn(rules_state *rs, rules_ctx *ctx);
/* Applies the sight events ("sight_hide", "sight_gain", "sight_due"); false for other events. */
bool lcr_sight_apply(rules_state *rs, const table *t, const rules_event *ev);

/* The option's hooks (lcr_state.h) and its state in a match. */
extern const lcr_option lcr_sight_option;
lcr_sight_state *lcr_sight_get(const rules_state *rs);

#endif // LCR_LCR_SIGHT_H
