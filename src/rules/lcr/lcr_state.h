/* Little Colonial Rules on the engine: the per-match state shared by lcr_rules.c (the ops,
 * apply and queries) and lcr_resolve.c (commands into events). Private to src/rules/lcr.
 *
 * Everything here changes only in lcr_apply(), from events; resolution reads it.
 */
#ifndef LCR_LCR_STATE_H
#define LCR_LCR_STATE_H

#include "core/los.h"
#include "core/path.h"
#include "rules/lcr/lcr_data.h"
#include "rules/lcr/lcr_deck.h"
#include "rules/lcr/lcr_fire.h"
#include "rules/lcr/lcr_morale.h"
#include "rules/lcr/lcr_sight.h"
#include "rules/lcr/lcr_wounds.h"
#include "rules/rules.h"

#include <stdbool.h>
#include <stdint.h>

#define LCR_SIDES_MAX 8
#define LCR_TYPES_MAX 64

/* Per-figure flags of the current activation and beyond. */
enum {
    LCR_FF_ACTIVATED = 1u << 0, /* in command of the card in play */
    LCR_FF_ACTED = 1u << 1,     /* has taken its action this activation */
    LCR_FF_WAITING = 1u << 2,   /* waiting at a wall or hedge to roll again */
    LCR_FF_ENGAGED = 1u << 3,   /* stopped within contact distance of an enemy */
};

/* The ruleset status bit: a cavalryman whose horse was shot (issue 5 builds on it). */
#define LCR_STATUS_UNHORSED (1u << FIGURE_STATUS_RULESET_SHIFT)

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
    /* The data (above) and the line-of-sight index of the static terrain are read-only and
     * shared by a state and its clones; los_refs counts them. */
    los_index *los;
    int *los_refs;
    /* Optional rules (issue 5): sight (lcr_sight.c) and killed and wounded (lcr_wounds.c). */
    lcr_sight_state sight;
    lcr_wounds_state wounds;
};

/* ---- lcr_rules.c ---- */
side_id lcr_other_side(const rules_state *rs, side_id s);
bool lcr_is_leader(const figure *f);
/* A living leader who may use a leader card of side s for figure `want` (the card's leader, or
 * a stand-in when he is dead). */
bool lcr_can_use_card(const rules_state *rs, const table *t, int card, figure_id actor, char *why,
                      size_t why_size);
path_desc lcr_path_desc(const rules_state *rs);
bool lcr_figure_can_fire(const rules_state *rs, const figure *f);
/* The nearest active enemy of `side` to point p, not in close combat and in sight of p (0 when
 * none): the target of area fire. */
figure_id lcr_nearest_enemy(const rules_state *rs, const table *t, side_id side, vec2s p);
/* The target area fire by `firers` must be ranged to: the nearest active enemy to their centre,
 * not in close combat, in sight and, for firers in formation, inside the arc of fire of one of
 * them (seed 000, the Toledo example: "the nearest enemy figure in the arc of fire"). */
figure_id lcr_area_target(const rules_state *rs, const table *t, side_id side,
                          const figure_id *firers, int n);
/* The same without the sight condition (where to advance). */
figure_id lcr_nearest_enemy_any(const rules_state *rs, const table *t, side_id side, vec2s p);
/* True when terrain hides `target` from an eye at `from`, `from_eye_ft` high (the taller of the
 * two eyes counts, as in seed 000's figure heights). */
bool lcr_hidden(const rules_state *rs, const table *t, vec2s from, float from_eye_ft,
                const figure *target, int *feature);
/* Fire mode of a group: true for area fire. */
bool lcr_fire_is_area(const rules_state *rs, const figure_id *firers, int n);
vec2s lcr_centroid(const table *t, const figure_id *ids, int n);
bool lcr_line_blocked(const rules_state *rs, const table *t, const figure *firer,
                      const figure *target, bool formation, char *why, size_t why_size);
/* Checks a command in the act step; the same checks legal() relies on. */
bool lcr_validate_act(const rules_state *rs, const table *t, const rules_command *cmd, char *why,
                      size_t size);

/* A figure that may act on the card in play (activated, not acted, in play, not demoralised). */
bool lcr_may_act(const rules_state *rs, const table *t, figure_id id, char *why, size_t size);

/* ---- lcr_resolve.c ---- */
void lcr_resolve(rules_state *rs, rules_ctx *ctx, const rules_command *cmd);
void lcr_begin(rules_state *rs, rules_ctx *ctx);
/* Brings the side's demoralised bits in line with its piles (as each unit sees them). */
void lcr_sync_demoralised(rules_state *rs, rules_ctx *ctx, side_id sd);
/* One morale chit for a casualty of figure id's side (then the demoralised bits). */
void lcr_take_chit(rules_state *rs, rules_ctx *ctx, figure_id id);
/* A figure is lost (dead, captured, off the table): with the killed-and-wounded rule a killed
 * figure first throws the wound die. */
void lcr_casualty(rules_state *rs, rules_ctx *ctx, figure_id id, uint32_t how, const char *ref,
                  const char *why);
/* The same without the wound die: removed, and a chit taken. */
void lcr_casualty_final(rules_state *rs, rules_ctx *ctx, figure_id id, uint32_t how,
                        const char *ref, const char *why);
/* Moves one figure along pts[0] (where it stands) .. pts[n-1], rolling its allowance, paying
 * terrain and walls, stopping at enemy contact (as a MOVE does). */
void lcr_move_figure(rules_state *rs, rules_ctx *ctx, figure_id id, const vec2s *pts, int n);
/* For lcr_artillery_play.c: a figure killed (morale chit and all), the saving rolls of `hits` on
 * one figure (returns those cancelled; a mounted figure may lose his horse), and area fire's
 * semicircle of `radius` on the target, its flat side toward `from` (`hits` before saves: each
 * is saved by the figure in the area it would fall on). */
void lcr_resolve_casualty(rules_state *rs, rules_ctx *ctx, figure_id id, const char *ref,
                          const char *why);
int lcr_resolve_saves(rules_state *rs, rules_ctx *ctx, const figure *target, int hits);
void lcr_resolve_area_hits(rules_state *rs, rules_ctx *ctx, side_id firing_side, vec2s from,
                           const figure *target, float radius, int hits);

#endif // LCR_LCR_STATE_H
