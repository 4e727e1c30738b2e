/* Commands: what a player (or the bot) decides. One generic struct for every rule set: a kind
 * plus parameters; a rule set reads the fields its kind needs and ignores the rest (zero means
 * "not given"). Commands are plain values (no pointers), copied freely, logged, and saved as
 * JSON; they never carry dice: the rule set rolls when it resolves them, from the match's
 * generator, so a game is its scenario, its seed and its command log.
 *
 * Which fields a kind uses (a rule set documents any other use in docs/rules/<set>.md):
 *   MOVE        figures (or unit = the whole unit), path = waypoints of the reference figure
 *               (figures[0], or the unit's first active figure) after its start point; the
 *               others keep their offsets to it. face_set/facing: end facing (default: along
 *               the last stretch). A dice move (raw infantry, cavalry) gives the direction
 *               and intended end; the rule set rolls the distance.
 *   ROTATE      figures/unit, facing.   WHEEL: unit, point = pivot, facing = new facing.
 *   FIRE        figures/unit firing, target (figure) or point (artillery); option = ammunition.
 *   CHARGE      figures/unit, target or target_unit, path.   EVADE: figures/unit, path.
 *   ACTIVATE    figure = the leader/commander whose card/order it is, figures/unit activated.
 *   DRAW_CARD   (none).  RESERVE_CARD: card.  PLAY_RESERVED: card.  PASS: decline (interrupt,
 *               reaction, optional step).
 *   ROLL_ORDERS (none: the rule set rolls the pips of the side's commanders).
 *   CHOOSE      option = a rule-set word: a permitted action pair ("move_fire"), a sealed choice
 *               ("ruthless"), a reaction ("stand").
 *   RALLY       figure = the rallying leader (or 0), figures/unit rallied.
 *   REFORM      figures/unit, path as for MOVE (closing gaps).
 *   FORMATION   unit, option = new formation ("line", "column", "loose", "limbered", "mounted").
 *   AID         figure = helper, target = wounded figure, path.   CHALLENGE: (none).
 *   ALLOCATE    figures = the figures chosen to take the hits, in order.
 *   REROLL      option = what is re-rolled ("last"), per the rule set.
 *   END_ACTIVATION, END_PHASE, END_TURN: (none).
 *   SPECIAL     option names a rule-set action not listed here; other fields as it documents.
 *   REFEREE     the engine's own, never a rule set's (game/game.h, "Referee commands"): option
 *               = the action ("move", "rotate", "remove", "restore", "status", "die"), figure,
 *               point/face_set/facing, count = the statuses or the die's face.
 */
#ifndef RULES_COMMAND_H
#define RULES_COMMAND_H

#include "core/table.h"

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#define RULES_CMD_FIGURES_MAX 64
#define RULES_CMD_PATH_MAX    8
#define RULES_WORD_MAX        32

typedef enum rules_command_kind {
    RULES_CMD_NONE = 0,
    RULES_CMD_MOVE,
    RULES_CMD_ROTATE,
    RULES_CMD_WHEEL,
    RULES_CMD_FIRE,
    RULES_CMD_CHARGE,
    RULES_CMD_EVADE,
    RULES_CMD_ACTIVATE,
    RULES_CMD_DRAW_CARD,
    RULES_CMD_RESERVE_CARD,
    RULES_CMD_PLAY_RESERVED,
    RULES_CMD_PASS,
    RULES_CMD_ROLL_ORDERS,
    RULES_CMD_CHOOSE,
    RULES_CMD_RALLY,
    RULES_CMD_REFORM,
    RULES_CMD_FORMATION,
    RULES_CMD_AID,
    RULES_CMD_CHALLENGE,
    RULES_CMD_ALLOCATE,
    RULES_CMD_REROLL,
    RULES_CMD_END_ACTIVATION,
    RULES_CMD_END_PHASE,
    RULES_CMD_END_TURN,
    RULES_CMD_SPECIAL,
    RULES_CMD_REFEREE,
    RULES_CMD_KIND_COUNT
} rules_command_kind;

typedef struct rules_command {
    rules_command_kind kind;
    side_id side;     /* the side issuing it (who the decision belongs to) */
    figure_id figure; /* the acting leader/figure, when one acts for others */
    unit_id unit;     /* the unit acting (all its active figures when figure_count == 0) */
    figure_id figures[RULES_CMD_FIGURES_MAX];
    int figure_count;
    vec2s path[RULES_CMD_PATH_MAX]; /* waypoints after the start point, cm */
    int path_count;
    bool face_set;    /* facing is given */
    float facing;     /* radians, as core/geom.h */
    figure_id target; /* target figure */
    unit_id target_unit;
    bool point_set;
    vec2s point;                 /* target point, pivot */
    int card;                    /* rule-set card, 1-based (RESERVE_CARD, PLAY_RESERVED); 0 none */
    int count;                   /* pips to spend, number of something */
    char option[RULES_WORD_MAX]; /* a rule-set word (formation, ammunition, choice) */
} rules_command;

/* "move", "fire", ... and back; parse returns RULES_CMD_NONE for an unknown name. */
const char *rules_command_kind_name(rules_command_kind kind);
rules_command_kind rules_command_kind_parse(const char *name);

/* A new JSON object for the command: only the fields that are set (non-zero) are written; floats
 * are written so that they read back bit for bit. */
json_t *rules_command_to_json(const rules_command *cmd);
/* Reads a command; false with a message in err ("$.figures[3]: expected an integer") when the
 * object is not a command. Unknown keys are errors. `where` prefixes the JSON path. */
bool rules_command_from_json(const json_t *obj, const char *where, rules_command *out, char *err,
                             size_t err_size);

/* One line for logs and errors: "fire side 1 unit 2 figures [3,4] -> figure 9". */
const char *rules_command_format(const rules_command *cmd, char *buf, size_t size);

/* The generic player words for a command, for rule sets that do not describe it themselves
 * (rules_view_ops.describe): "Fire: canister - Lt Toledo and 2 more, at Datu Ali", "End phase".
 * Names come from the table; no side, card or figure numbers. Returns buf. */
const char *rules_command_describe(const table *t, const rules_command *cmd, char *buf,
                                   size_t size);

/* Appends a figure to the command's list; false when full. */
bool rules_command_add_figure(rules_command *cmd, figure_id id);

#endif // RULES_COMMAND_H
