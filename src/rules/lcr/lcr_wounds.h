/* Little Colonial Rules: killed and wounded, Compassionate or Ruthless (seed 000, Killed and
 * Wounded; an optional rule, on when the scenario's ruleset_options say "wounds": true).
 *
 * - Every figure killed (fire, close combat, a penalty) throws the wound die: by the data's
 *   table (1-3 killed, 4 torso, 5 leg, 6 light) it dies, is seriously wounded
 * (FIGURE_STATUS_SERIOUS with LCR_STATUS_TORSO or LCR_STATUS_LEG: a morale casualty, stays on the
 * table, cannot move by himself) or lightly wounded (FIGURE_STATUS_WOUNDED: acts on, movement costs
 * double).
 * - Before play each side seals its choice: decision RULES_DECIDE_SETUP, command CHOOSE with
 *   option "compassionate" or "ruthless". The driver shows each side's slip face down to the
 *   other viewer (RULES_DRIVER_SEALED, hidden) until a challenge opens it.
 * - AID (figure and/or figures = one or two helpers in contact, target = the seriously wounded
 *   friend, path[0] = where he is dragged): the drag's cost factor by wound and helpers.
 * - After an aid, the other side may CHALLENGE once per game (decision RULES_DECIDE_REACT,
 *   CHALLENGE or PASS). A Ruthless side caught aiding loses its wounded and a tenth of its healthy
 *   figures (each through the wound die).
 * - A Ruthless side's seriously wounded die when an enemy reaches base contact.
 * - A civilised side (ruleset_options "civilised": [side names or numbers]) choosing Ruthless
 *   loses a share of its morale chits when both slips are sealed, more in later campaign
 *   scenarios.
 * - Seriously wounded figures behind the lines (no enemy within wounds.behind_lines_cm) may be
 *   activated to fire, with the range counted doubled; they never move.
 */
#ifndef LCR_LCR_WOUNDS_H
#define LCR_LCR_WOUNDS_H

#include "core/table.h"
#include "rules/lcr/lcr_data.h"
#include "rules/lcr/lcr_state.h"

#include <stdbool.h>
#include <stdint.h>

/* Ruleset status bits of a seriously wounded figure: where he was hit. High bits of the ruleset
 * range, so other lcr bits (LCR_STATUS_UNHORSED) keep the low ones. */
#define LCR_STATUS_TORSO (1u << (FIGURE_STATUS_RULESET_SHIFT + 8))
#define LCR_STATUS_LEG   (1u << (FIGURE_STATUS_RULESET_SHIFT + 9))

#define LCR_WOUNDS_SIDES_MAX 8

typedef enum lcr_wounds_choice {
    LCR_CHOICE_NONE = 0,
    LCR_CHOICE_COMPASSIONATE,
    LCR_CHOICE_RUTHLESS,
} lcr_wounds_choice;

typedef struct lcr_wounds_state {
    bool enabled;
    uint32_t civilised; /* bit s - 1 for side s */
    int campaign_position;
    uint8_t choice[LCR_WOUNDS_SIDES_MAX]; /* lcr_wounds_choice, sealed */
    bool revealed[LCR_WOUNDS_SIDES_MAX];  /* opened by a challenge */
    bool challenge_used[LCR_WOUNDS_SIDES_MAX];
    bool setup_done; /* both slips sealed (and the civilised penalty taken) */
    side_id react;   /* may challenge the aid just given (0: no one) */
    side_id aider;   /* whose aid that was */
} lcr_wounds_state;

/* ---- pure rule functions (data only) --------------------------------------------------------- */

/* What a face of the wound die means. */
lcr_wound lcr_wounds_result(const lcr_data *d, int face);
/* Cost factor of dragging a wound (TORSO or LEG) with `helpers` (1 or 2) helpers; 0 otherwise. */
float lcr_wounds_drag_factor(const lcr_data *d, lcr_wound kind, int helpers);
/* Chits a civilised side loses for choosing Ruthless, of `chits`, at a campaign position
 * (0 when not in a campaign): the base share plus one step per scenario already played. */
int lcr_wounds_civilised_loss(const lcr_data *d, int chits, int campaign_position);
/* The percentage behind lcr_wounds_civilised_loss. */
int lcr_wounds_civilised_pct(const lcr_data *d, int campaign_position);
/* Healthy figures a side caught against its choice loses, of `healthy`. */
int lcr_wounds_penalty_count(const lcr_data *d, int healthy);

/* ---- state ------------------------------------------------------------------------------------
 */

bool lcr_wounds_init(lcr_wounds_state *w, const lcr_data *d, const scenario *scn, const table *t,
                     char *err, size_t err_size);
void lcr_wounds_hash(const lcr_wounds_state *w, rules_hasher *hs);
/* The kind of a figure's wound from its status (LCR_WOUND_KILLED when unwounded). */
lcr_wound lcr_wounds_of(const figure *f);

/* ---- queries (hooks) ------------------------------------------------------------------------- */

/* Fills *out and returns true when the sealed choice or a challenge is to be decided. */
bool lcr_wounds_decision(const rules_state *rs, const table *t, rules_decision *out);
/* Checks a command for a SETUP or REACT decision of this module. */
bool lcr_wounds_validate(const rules_state *rs, const table *t, const rules_decision *d,
                         const rules_command *cmd, char *why, size_t size);
/* Candidate commands for a SETUP or REACT decision. */
int lcr_wounds_legal(const rules_state *rs, const table *t, const rules_decision *d,
                     rules_command *out, int max);
/* Candidate AID commands (and moves to reach a wounded friend) for an honest Compassionate side
 * acting; the caller validates them. */
int lcr_wounds_legal_act(const rules_state *rs, const table *t, side_id sd, rules_command *out,
                         int max);
/* A seriously wounded figure acts only behind the lines (then only to fire). */
bool lcr_wounds_may_act(const rules_state *rs, const table *t, const figure *f, char *why,
                        size_t size);
/* True when f cannot move on his own (seriously wounded). */
bool lcr_wounds_immobile(const rules_state *rs, const figure *f);
/* Refuses moves, reforms and charges of seriously wounded figures. */
bool lcr_wounds_check_act(const rules_state *rs, const table *t, const rules_command *cmd,
                          char *why, size_t size);
bool lcr_wounds_validate_aid(const rules_state *rs, const table *t, const rules_command *cmd,
                             char *why, size_t size);
/* Movement cost factor of a figure (light wound: double). */
float lcr_wounds_move_factor(const rules_state *rs, const figure *f);
/* The range a firer counts (doubled for a seriously wounded man defending). */
float lcr_wounds_range(const rules_state *rs, const figure *f, float range_cm);
/* The sealed slips as `viewer` sees them. */
int lcr_wounds_driver(const rules_state *rs, const table *t, side_id viewer, rules_driver_item *out,
                      int max);

/* ---- resolution (hooks) ---------------------------------------------------------------------- */

/* CHOOSE, AID, CHALLENGE and a PASS on a challenge; false for other commands. */
bool lcr_wounds_resolve(rules_state *rs, rules_ctx *ctx, const rules_command *cmd);
/* A figure is about to be killed: throws the wound die. True when the wound rule took care of
 * him (wounded, or already wounded and now dead); false when he dies as usual. */
bool lcr_wounds_on_kill(rules_state *rs, rules_ctx *ctx, figure_id id, const char *ref);
/* After every command: a Ruthless side's wounded reached by the enemy die. */
void lcr_wounds_after_command(rules_state *rs, rules_ctx *ctx);
/* Applies the module's events ("wound_*" tags); false for others. */
bool lcr_wounds_apply(rules_state *rs, const table *t, const rules_event *ev);

/* The option's hooks (lcr_state.h) and its state in a match. */
extern const lcr_option lcr_wounds_option;
lcr_wounds_state *lcr_wounds_get(const rules_state *rs);

#endif // LCR_LCR_WOUNDS_H
