/* Events: what happened when a command was resolved. Every die with its value, every modifier
 * with its source, hits, saves, removals, status changes, moves, cards, pips and phases; each
 * with a one-line explanation in our words and a rule reference (seed and section). The state
 * of a match changes only by applying events (rules_emit in rules/rules.h applies and records
 * them), so the front end can animate and explain exactly what changed.
 *
 * Table-level kinds are applied to the table by the engine itself before the rule set sees the
 * event: MOVE (pos, facing), STATUS (status_set/status_clear bits), REMOVE (sets
 * FIGURE_STATUS_DEAD, or the bits in status_set when given), FORMATION (unit formation = tag).
 * Every event, whatever its kind, is then passed to the rule set's apply().
 */
#ifndef RULES_EVENT_H
#define RULES_EVENT_H

#include "core/table.h"

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#define RULES_EVENT_TEXT_MAX 160
#define RULES_EVENT_REF_MAX  64
#define RULES_EVENT_TAG_MAX  32
#define RULES_TAG_PER_RESULT "per_result" /* RULES_EV_NOTE: successes count in sets */
/* A non-die event of a dice group with this tag: the group is two D10 read as percentage dice,
 * the first thrown the tens (0 and 0 read 100); value = the reading, need and success the
 * verdict against it. The dice tray shows the tens die as "70" and the reading. */
#define RULES_TAG_PERCENTILE "percentile"

typedef enum rules_event_kind {
    RULES_EV_NONE = 0,
    RULES_EV_DIE,      /* a die: sides, value, need (0 = untested), success; tag = purpose
                          ("to_hit", "save", "morale", "move", "pips", "deviation", "close_combat") */
    RULES_EV_MODIFIER, /* value = +/- amount, tag = its source ("long_range", "cover", "veteran") */
    RULES_EV_HIT,      /* figure (or unit) takes value hits from other */
    RULES_EV_SAVE,     /* a hit cancelled by a save (figure, value = hits saved) */
    RULES_EV_REMOVE,   /* figure leaves play (killed; status_set says how, default DEAD) */
    RULES_EV_STATUS,   /* figure's status: status_set / status_clear bits */
    RULES_EV_MOVE,     /* figure from -> pos, facing; value = cost in cm of allowance * 100 */
    RULES_EV_FORMATION, /* unit's formation becomes tag */
    RULES_EV_CARD,      /* a card: value = card index (1-based); tag = "draw", "reserve", "play",
                           "discard", "return", "add", "end_of_turn" (the card drawn ends the
                           turn: shown a while before it goes back); side = its owner */
    RULES_EV_SHUFFLE,   /* the deck is shuffled; value = cards in it */
    RULES_EV_PIPS,      /* figure (a commander) has value pips; need = spent so far */
    RULES_EV_ACTIVATE,  /* figure/unit becomes the active one (side acts with it) */
    RULES_EV_PHASE,     /* phase or step begins: tag = its name; side = the side it belongs to */
    RULES_EV_TURN,      /* turn value begins */
    RULES_EV_MORALE,    /* a side's morale changes: value = what is left, tag = pile/level name */
    RULES_EV_RULESET,   /* a rule-set private change of state: tag + value (+ figure/unit) */
    RULES_EV_NOTE,      /* explanation only; changes nothing. With tag RULES_TAG_PER_RESULT and a
                           group: that throw's successes count in sets of value (2: a result per
                           pair of 6s); the dice tray groups them so (no text needed) */
    RULES_EV_GAME_OVER, /* side = the winner (0 for a draw); text says why */
    RULES_EV_TEMPLATE,  /* an area template laid on the table where a shot fell: pos = centre,
                           value = radius in hundredths of a cm, tag = shape ("circle"), from =
                           where it was fired from; figure = the firer. The screen draws it.
                           A shot's path: tag "line" (its flight, solid) or "line_dashed" (a
                           deviation or a bounce) from `from` to `pos`, value 0. */
    RULES_EV_KIND_COUNT
} rules_event_kind;

typedef struct rules_event {
    rules_event_kind kind;
    side_id side;
    unit_id unit;
    figure_id figure; /* the figure concerned: roller, mover, the one hit */
    figure_id other;  /* the other party: target, firer, rallying leader */
    int sides;        /* RULES_EV_DIE: faces (6, 10, 100; 0 for the average die 2,3,3,4,4,5) */
    int value;        /* face, modifier, hits, pips, card index, turn number, ... by kind */
    int need;         /* score needed for success (0 when not tested) */
    int group;        /* dice thrown together share a group number (one tray); 0 for none */
    bool success;     /* the die/check succeeded */
    vec2s from, pos;  /* RULES_EV_MOVE */
    float facing;     /* RULES_EV_MOVE */
    uint32_t status_set, status_clear;
    char tag[RULES_EVENT_TAG_MAX];
    char text[RULES_EVENT_TEXT_MAX]; /* one line in our words: "6 on 1d6 needing 6: a hit" */
    char ref[RULES_EVENT_REF_MAX];   /* "Little Colonial Rules — Shooting: area fire" */
    /* The engine's, never a rule set's: who may be told the event, fixed when it happened
     * (game_event_visible). hidden_from has bit k set when the table's side k could not see it
     * then; judged says the engine has fixed it (a rule set leaves both zero). */
    uint32_t hidden_from;
    bool judged;
} rules_event;

const char *rules_event_kind_name(rules_event_kind kind);
/* A JSON object for the event (for --json output and tools). */
json_t *rules_event_to_json(const rules_event *ev);
/* "[die] 6 on d6 (need 6) to_hit: ... (Little Colonial Rules — Shooting)" */
const char *rules_event_format(const rules_event *ev, char *buf, size_t size);

/* Applies a table-level event to the table (MOVE, STATUS, REMOVE, FORMATION); other kinds leave
 * the table as it is. Called by rules_emit; exposed for tests. */
void rules_event_apply_table(table *t, const rules_event *ev);

#endif // RULES_EVENT_H
