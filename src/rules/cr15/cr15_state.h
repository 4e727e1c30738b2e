/* Colonial Rules for 15mm: the per-match state (rules_state) and the small helpers the topic
 * files share (cr15_util.c). The topic files: cr15_sequence.c (the move sequence, arrivals,
 * the outcome, the phase bar), cr15_move.c (movement, charges, evades), cr15_fire.c (the D10
 * fire table, reloads, revolvers), cr15_gatling.c, cr15_artillery.c (shell with the guessed
 * range, canister), cr15_wounds.c, cr15_combat.c (melee on the average die), cr15_morale.c,
 * cr15_bot.c (the legal candidates). cr15_ops.c dispatches to them. */
#ifndef CR15_CR15_STATE_H
#define CR15_CR15_STATE_H

#include "core/los.h"
#include "rules/cr15/cr15_data.h"
#include "rules/rules.h"

#include <stdatomic.h>

#define CR15_REF      "Colonial Rules for 15mm"
#define CR15_REF_SEQ  CR15_REF " — Move Sequence"
#define CR15_REF_MOVE CR15_REF " — Movement"
#define CR15_REF_FIRE CR15_REF " — Firing (D10)"
#define CR15_REF_GAT  CR15_REF " — Gatling Gun"
#define CR15_REF_ART  CR15_REF " — Artillery"
#define CR15_REF_WND  CR15_REF " — Wounds"
#define CR15_REF_MEL  CR15_REF " — Melee"
#define CR15_REF_MOR  CR15_REF " — Morale"

#define CR15_PENDING_MAX 512
#define CR15_ARRIVALS    16

/* The move sequence; arrivals and morale are resolved by the engine without a decision. */
typedef enum cr15_phase {
    CR15_PHASE_ARRIVALS = 0,
    CR15_PHASE_CHARGES,
    CR15_PHASE_MOVEMENT,
    CR15_PHASE_FIRING,
    CR15_PHASE_MELEE,
    CR15_PHASE_MORALE,
    CR15_PHASE_COUNT
} cr15_phase;

/* Per-figure flags (reset each turn unless noted). */
enum {
    CR15_F_MOVED = 1u << 0,    /* moved this turn (fire modifiers, no reloading) */
    CR15_F_FIRED = 1u << 1,    /* fired this firing phase */
    CR15_F_CHARGING = 1u << 2, /* passed its charge test: charges this turn */
    CR15_F_CHARGED = 1u << 3,  /* its unit is charged this turn */
    CR15_F_EVADED = 1u << 4,
    CR15_F_IN_MELEE = 1u << 5,   /* was in melee last phase (the lance's first round is over) */
    CR15_F_DEPLOYED = 1u << 6,   /* a gun set up to fire (kept across turns) */
    CR15_F_SET_UP_NOW = 1u << 7, /* set up or dismantled this turn: that was its move */
    /* failed his test to charge: the text has him stay where he is, so for the rest of the
     * turn he is not named in another charge, an evade or a move */
    CR15_F_STAYED = 1u << 8,
    CR15_F_TURN_FLAGS = CR15_F_MOVED | CR15_F_FIRED | CR15_F_CHARGING | CR15_F_CHARGED |
                        CR15_F_EVADED | CR15_F_SET_UP_NOW | CR15_F_STAYED,
};

/* Status bits on the table for what the screen shows (the high 16 bits are the rule set's). */
enum {
    CR15_STATUS_JAMMED = 1u << (FIGURE_STATUS_RULESET_SHIFT + 0),
    CR15_STATUS_RELOADING = 1u << (FIGURE_STATUS_RULESET_SHIFT + 1),
    CR15_STATUS_OUT = 1u << (FIGURE_STATUS_RULESET_SHIFT + 2), /* out for this move */
};

typedef struct cr15_fig {
    uint32_t flags;
    int serious;             /* serious wounds taken (two kill) */
    int out_turn;            /* incapacitated through this turn (a fresh serious wound) */
    int reload;              /* turns of standing still left before it fires again */
    int rounds;              /* revolver rounds fired since the last reload */
    int jam_tries;           /* Gatling: 0 = not jammed, else the next unjam attempt's number */
    figure_id charge_target; /* the figure it charges this turn */
    figure_id finish;        /* a tribesman's seriously wounded foe, finished off next move */
} cr15_fig;

typedef struct cr15_unit {
    int start_count; /* active figures at the start of the turn (morale) */
    int lost;        /* killed or seriously wounded this turn */
    bool passed_charge;
    bool shaken; /* failed the test under fire: may not close on the enemy next move */
} cr15_unit;

/* A casualty waiting for the end of its phase (firing and melee are simultaneous). */
typedef struct cr15_pending {
    figure_id figure, by;
    cr15_wound wound;
} cr15_pending;

/* One kept answer of cr15_sees: terrain sight (no bases) between two figures depends on their
 * centres and postures alone (the terrain never changes in a match). */
typedef struct cr15_sight_keep {
    figure_id a, b; /* 0: empty */
    vec2s pa, pb;
    figure_posture qa, qb;
    bool clear;
} cr15_sight_keep;
#define CR15_SIGHT_KEEP 4096 /* slots, by the two ids */

/* Where two figures stand: what the kept answers between them depend on (a figure's base and
 * posture never change in a match, nor the terrain). Compared by its bits. */
typedef struct cr15_pair_where {
    vec2s pa, pb;
    float fa, fb; /* facings: a rectangular base's edges turn with it */
} cr15_pair_where;

/* What a shot from a at b needs of the two places alone, each worked out when first asked: the
 * bot values every firer's shot at every enemy at each decision, and few have moved since. */
enum { CR15_PK_EDGE = 1u << 0, CR15_PK_LINES = 1u << 1, CR15_PK_SIGHT = 1u << 2 };
typedef struct cr15_pair_keep {
    figure_id a, b; /* 0: empty */
    cr15_pair_where at;
    float edge_cm; /* cr15_edge_cm(a, b) */
    int8_t band;   /* cr15_band of it in inches */
    uint8_t known; /* CR15_PK_* */
    uint8_t lines; /* cr15_cover_from(b, from a, CR15_COVER_OPEN): the linear features' part */
    bool clear;    /* cr15_sees(a, b) */
} cr15_pair_keep;
#define CR15_PAIR_KEEP 4096 /* slots, by the two ids */

/* The cover of the areas a figure stands in (cr15_cover_area), kept by its centre's bits. */
typedef struct cr15_area_keep {
    vec2s pos;
    bool known;
    uint8_t cover;
} cr15_area_keep;

/* A figure's firearm as last looked up: the name it had and the weapon's index + 1 in the
 * data (-1: none; 0: not yet). */
typedef struct cr15_weapon_keep {
    char name[TABLE_NAME_MAX];
    int ix;
} cr15_weapon_keep;

typedef struct cr15_los {
    atomic_int refs;
    los_index *ix;
    cr15_sight_keep *sight; /* CR15_SIGHT_KEEP slots (shared by a match's clones, one thread) */
    int *lines; /* the table's features that are not areas, in table order (cr15_cover_from) */
    int line_count;
    cr15_pair_keep *pairs;     /* CR15_PAIR_KEEP slots (shared like sight) */
    cr15_area_keep *areas;     /* by figure id - 1, fig_count of them */
    cr15_weapon_keep *weapons; /* by figure id - 1 (cr15_weapon_of) */
    int area_count;
    float eye_ft[FIGURE_POSTURE_COUNT]; /* table_posture_eye_ft of each, asked once (cr15_sees) */
    /* words the bot's targets() would print by the thousand: the bands' "%.0fin", written at
     * create (the data's bands do not change in a match), and the last charge reach's note */
    char band_words[CR15_BANDS][RULES_WORD_MAX];
    float charge_reach;
    char charge_note[128];
    /* the last targets() answers, each by every input it read (cr15_fire.c) */
    struct cr15_targets_keep *targets;
    int targets_next;
} cr15_los;

/* Answers kept across calls on the same state and table, this state's own (a clone starts
 * afresh). `version` counts the events applied since create or clone: 0 trusts nothing, as a
 * fresh clone's table may still be changed without an event (the hard level's look-ahead sets
 * its forks so); after an event only events change the table (rules_emit applies each to both). */
#define CR15_NEAR_COLS 64

/* One active figure of cr15_memo's contact index: its centre and reach copied, its side. */
typedef struct cr15_near_ent {
    float x, y, reach;
    uint32_t side;
    int idx;
} cr15_near_ent;

typedef struct cr15_memo {
    uint64_t version;
    /* the events among them that may move a figure or take it off or bring it back (MOVE,
     * REMOVE, STATUS): the contact counts depend on nothing else that changes */
    uint64_t places;
    uint64_t key_version; /* what the kept answers are of: `places` when they were found */
    const table *key_t;
    int key_figures;
    uint32_t stamp; /* an answer of the key holds this stamp */
    uint32_t *contact_stamp;
    int *contact; /* by figure index: cr15_enemies_in_contact's count */
    int cap;
    /* each unit's figures, whatever their state, in table order (a figure never changes its
     * unit): unit id k's are member[member_start[k] .. member_start[k + 1]) */
    const table *member_t;
    int member_figures, member_units;
    int *member_start, *member;
    /* the key's active figures, those with finite centres in columns of centre x, the others
     * after them: contact_count's candidates of a stamp found by a window on x */
    uint32_t near_stamp;
    int near_n, near_sorted, near_cap;
    float near_reach;                   /* the largest base reach among them */
    float near_lo, near_inv;            /* the smallest finite centre x; columns per cm */
    int near_start[CR15_NEAR_COLS + 1]; /* column c's are near[near_start[c] .. [c + 1]) */
    struct cr15_near_ent *near, *near_tmp;
    /* cr15_side_counts' answer of the stamp side_stamp */
    uint32_t side_stamp;
    int side_alive[2], side_waiting[2];
} cr15_memo;

struct rules_state {
    cr15_data *data;
    cr15_los *los;
    cr15_memo *memo;
    int turn, max_turns;
    cr15_phase phase;
    int step;            /* within the phase: 0 = first side, 1 = second side, 2 = first again */
    bool done[2];        /* simultaneous firing: each side has ended its part */
    side_id first;       /* moves first (the British) */
    side_id time_winner; /* wins when the turns run out (0: fewer losses) */
    int arrival_need;
    bool arrived[CR15_ARRIVALS];
    int break_pct[2]; /* a side loses at this share of its figures killed; 0 = never */
    int unit_count, fig_count, feature_count;
    cr15_fig *figs;
    cr15_unit *units;
    int pending_count;
    cr15_pending pending[CR15_PENDING_MAX];
    int start_figs[2]; /* figures of each side at the start (break) */
    /* each terrain type's path costs, worked out at create (cr15_move_types) */
    int type_count;
    float type_mult[TABLE_TYPES_MAX], type_obst[TABLE_TYPES_MAX];
    bool type_building[TABLE_TYPES_MAX];
    /* the last shell's landing point and burst radius, for the screen */
    bool burst_set;
    vec2s burst;
    float burst_radius_cm;
};

/* ---- cr15_util.c ------------------------------------------------------------------------- */

static inline vec2s cr15_v2(float x, float y)
{
    vec2s v;
    v.x = x;
    v.y = y;
    return v;
}

static inline float cr15_cm(const rules_state *rs, float inches)
{
    return inches * rs->data->inch_cm;
}
static inline cr15_fig *cr15_fig_of(rules_state *rs, figure_id f)
{
    return f.id && (int)f.id <= rs->fig_count ? &rs->figs[f.id - 1] : NULL;
}
static inline const cr15_fig *cr15_fig_const(const rules_state *rs, figure_id f)
{
    return f.id && (int)f.id <= rs->fig_count ? &rs->figs[f.id - 1] : NULL;
}
static inline cr15_unit *cr15_unit_of(rules_state *rs, unit_id u)
{
    return u.id && (int)u.id <= rs->unit_count ? &rs->units[u.id - 1] : NULL;
}
static inline const cr15_unit *cr15_unit_const(const rules_state *rs, unit_id u)
{
    return u.id && (int)u.id <= rs->unit_count ? &rs->units[u.id - 1] : NULL;
}
int cr15_side_index(const table *t, side_id s);
side_id cr15_other_side(const table *t, side_id s);
/* The side deciding the current step. */
side_id cr15_step_side(const rules_state *rs, const table *t);
cr15_troop cr15_troop_of(const table *t, const figure *f);
static inline bool cr15_is_gun(const figure *f)
{
    return f->role == FIGURE_ROLE_GUN;
}
bool cr15_is_gatling(const figure *f);
static inline bool cr15_veteran(const figure *f)
{
    return f->quality >= FIGURE_QUALITY_VETERAN;
}
static inline bool cr15_novice(const figure *f)
{
    return f->quality == FIGURE_QUALITY_RAW;
}
bool cr15_leader(const figure *f);
static inline bool cr15_mounted(const figure *f)
{
    return f->posture == FIGURE_POSTURE_MOUNTED;
}
/* Can act this turn (on the table, alive, not out with a fresh serious wound). */
static inline bool cr15_can_act(const rules_state *rs, const figure *f)
{
    const cr15_fig *s = cr15_fig_const(rs, f->id);
    return table_figure_active(f) && s && s->out_turn < rs->turn;
}
/* Active crew of a gun (its unit's crew-role figures, not seriously wounded). */
int cr15_crew(const rules_state *rs, const table *t, const figure *gun);
cr15_cover cr15_cover_at(const rules_state *rs, const table *t, const figure *target, vec2s from);
/* cr15_cover_at in two parts: the areas the target stands in, then (given that) the best of it
 * and the linear features the shot from `from` crosses just before the target. */
cr15_cover cr15_cover_area(const table *t, const figure *target);
cr15_cover cr15_cover_from(const rules_state *rs, const table *t, const figure *target, vec2s from,
                           cr15_cover area);
/* p inside (or on the edge of) the area feature's outline. */
bool cr15_in_area(vec2s p, const terrain_feature *fe);
bool cr15_in_contact(const rules_state *rs, const figure *a, const figure *b);
int cr15_enemies_in_contact(const rules_state *rs, const table *t, const figure *f, figure_id *out,
                            int max);
/* Edge-to-edge distance in cm. */
float cr15_edge_cm(const figure *a, const figure *b);
bool cr15_sees(const rules_state *rs, const table *t, const figure *a, const figure *b);
/* The kept pair entry of a and b as they stand now (reset when they have moved), or `scratch`
 * cleared when there is no keep; the answers below fill it when first asked. */
cr15_pair_keep *cr15_pair_of(const rules_state *rs, const figure *a, const figure *b,
                             cr15_pair_keep *scratch);
/* cr15_band(cr15_edge_cm(a, b) in inches), -1 beyond the last band; *edge_cm the distance. */
int cr15_pair_band(const rules_state *rs, cr15_pair_keep *k, const figure *a, const figure *b,
                   float *edge_cm);
/* cr15_cover_from(rs, t, b, a->pos, CR15_COVER_OPEN). */
cr15_cover cr15_pair_lines(const rules_state *rs, const table *t, cr15_pair_keep *k,
                           const figure *a, const figure *b);
/* cr15_sees(rs, t, a, b). */
bool cr15_pair_sees(const rules_state *rs, const table *t, cr15_pair_keep *k, const figure *a,
                    const figure *b);
/* cr15_cover_area(t, f), kept by f's centre. */
cr15_cover cr15_area_of(const rules_state *rs, const table *t, const figure *f);
/* Furthest point along from->to where fig's base overlaps no other active figure (contact ok). */
vec2s cr15_free_stop(const table *t, const figure *fig, vec2s from, vec2s to);
bool cr15_overlaps_any(const table *t, const figure *fig, vec2s p);
void cr15_emit_status(rules_ctx *ctx, const figure *f, uint32_t set, uint32_t clear,
                      const char *ref, const char *why);
void cr15_emit_state(rules_ctx *ctx, const char *tag, figure_id f, unit_id u, int value);
/* A refusal's reason, written only when the caller gave somewhere to write it (the bot's
 * candidates pass NULL: only the answer matters). */
void cr15_why(char *why, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Words built without printf (the bot's queries write them by the ten thousand): append to the
 * string of length *len in buf (of size bytes) at most max chars of src, or the decimal v (with
 * its sign when plus), truncated as snprintf truncates. */
void cr15_text_add(char *buf, size_t size, size_t *len, const char *src, size_t max);
void cr15_text_int(char *buf, size_t size, size_t *len, int v, bool plus);
/* The indices (into t->figures, ascending) of unit u's figures, active or not, through *out:
 * their count; -1 when not kept (no event yet since create or clone): scan the table. */
int cr15_unit_members(const rules_state *rs, const table *t, unit_id u, const int **out);
/* Each of the first two sides' men (guns aside) on the table and waiting off it, the dead and
 * captured left out; kept until an event may move someone or change his status. */
void cr15_side_counts(const rules_state *rs, const table *t, int alive[2], int waiting[2]);
float cr15_nearest_enemy_cm(const table *t, const figure *f, vec2s p, figure_id *who);
const figure *cr15_nearest_of_unit(const rules_state *rs, const table *t, unit_id u, vec2s p);

/* ---- topic files ------------------------------------------------------------------------- */

/* cr15_sequence.c */
void cr15_begin(rules_state *rs, rules_ctx *ctx);
void cr15_end_step(rules_state *rs, rules_ctx *ctx, const rules_command *cmd);
void cr15_decision(const rules_state *rs, const table *t, rules_decision *out);
void cr15_outcome(const rules_state *rs, const table *t, rules_outcome *out);
int cr15_driver(const rules_state *rs, const table *t, side_id viewer, rules_driver_item *out,
                int max);
int cr15_arrivals_due(const rules_state *rs, const scenario *sc, int *out, int max);

/* cr15_move.c */
float cr15_allowance_cm(const rules_state *rs, const table *t, const figure *f, bool charge);
float cr15_path_cost_cm(const rules_state *rs, const table *t, const vec2s *pts, int n,
                        float allowance_cm, vec2s *end);
bool cr15_move_validate(const rules_state *rs, const table *t, const rules_command *cmd, char *why,
                        size_t size);
void cr15_move_resolve(rules_state *rs, rules_ctx *ctx, const rules_command *cmd);
bool cr15_charge_validate(const rules_state *rs, const table *t, const rules_command *cmd,
                          char *why, size_t size);
void cr15_charge_resolve(rules_state *rs, rules_ctx *ctx, const rules_command *cmd);
void cr15_charge_moves(rules_state *rs, rules_ctx *ctx);
bool cr15_evade_validate(const rules_state *rs, const table *t, const rules_command *cmd, char *why,
                         size_t size);
void cr15_evade_resolve(rules_state *rs, rules_ctx *ctx, const rules_command *cmd);
bool cr15_setup_validate(const rules_state *rs, const table *t, const rules_command *cmd, char *why,
                         size_t size);
void cr15_setup_resolve(rules_state *rs, rules_ctx *ctx, const rules_command *cmd);
bool cr15_reach(const rules_state *rs, const table *t, const rules_command *move, vec2s dir,
                rules_reach *out);
int cr15_move_figures(const rules_state *rs, const table *t, const rules_command *cmd,
                      figure_id *out, int max);
/* Works out the path costs of t's terrain types (bad going, buildings, obstacles) once. */
void cr15_move_types(rules_state *rs, const table *t);
/* The figures the command names: its list, else its unit's active figures. */
int cr15_cmd_figures(const table *t, const rules_command *cmd, const figure **out, int max);

/* cr15_fire.c: the D10 table */
typedef struct cr15_shot {
    int table;        /* roll greater than this on the D10 (after modifiers); 0: cannot */
    int mod;          /* sum of modifiers */
    int band;         /* index of the range band */
    unsigned applied; /* which modifiers were counted (bits in the note's order, cr15_fire.c) */
    char note[128];
} cr15_shot;
int cr15_band(const cr15_data *d, float range_in); /* -1 beyond the last band */
/* One shot's need: false when the weapon cannot reach. second: the revolver's second shot. */
bool cr15_shot_of(const rules_state *rs, const table *t, const figure *firer, const cr15_weapon *w,
                  const figure *target, bool second, cr15_shot *out);
/* The chance that one D10 + mod beats table. */
float cr15_p_beat(int table, int mod);
const cr15_weapon *cr15_weapon_of(const rules_state *rs, const figure *f);
bool cr15_fire_validate(const rules_state *rs, const table *t, const rules_command *cmd, char *why,
                        size_t size);
/* cr15_fire_validate's answer, without its words, for a command whose figures the caller knows
 * are not in contact with any enemy (the bot's candidates, chosen so). */
bool cr15_fire_ok_free(const rules_state *rs, const table *t, const rules_command *cmd);
void cr15_fire_resolve(rules_state *rs, rules_ctx *ctx, const rules_command *cmd);
int cr15_targets(const rules_state *rs, const table *t, const rules_command *fire,
                 rules_target *out, int max);
/* Frees the kept targets() answers. */
void cr15_targets_forget(cr15_los *m);
/* Rolls `shots` D10 for a firer standing for several rifles (Gatling, canister) at target
 * and queues the hits; returns hits. */
int cr15_fire_as_rifles(rules_state *rs, rules_ctx *ctx, const figure *gun, int shots,
                        const figure *target, int extra_mod, const char *ref);
/* Spreads hits on the target's unit: the target first, then its nearest unit mates. */
void cr15_queue_hits(rules_state *rs, rules_ctx *ctx, const figure *target, int hits,
                     const figure *by, vec2s from, const char *ref);
void cr15_reload_turn(rules_state *rs, rules_ctx *ctx);

/* cr15_gatling.c */
/* P(the gun is unjammed by attempt k), with `crew` crew (exact). */
double cr15_unjam_by(const cr15_data *d, int crew, int k);
/* Need on the D10 (roll this or less) for unjam attempt k; 0 = cannot. */
int cr15_unjam_need(const cr15_data *d, int crew, int k);
/* True when a D10 face jams the gun. */
bool cr15_jams(const cr15_data *d, int crew, int face);
bool cr15_gatling_validate(const rules_state *rs, const table *t, const rules_command *cmd,
                           char *why, size_t size);
void cr15_gatling_resolve(rules_state *rs, rules_ctx *ctx, const rules_command *cmd);
void cr15_unjam_attempts(rules_state *rs, rules_ctx *ctx, side_id s);

/* cr15_artillery.c */
/* Where a shell lands: range_in along the line from the gun to the aim point. */
vec2s cr15_shell_point(const rules_state *rs, vec2s gun, vec2s aim, float range_in);
bool cr15_artillery_validate(const rules_state *rs, const table *t, const rules_command *cmd,
                             char *why, size_t size);
void cr15_artillery_resolve(rules_state *rs, rules_ctx *ctx, const rules_command *cmd);
/* The bot's guess of a range (inches): the true range with an error growing with range. */
int cr15_guess_in(const rules_state *rs, float true_in, int k);

/* cr15_wounds.c */
cr15_wound cr15_wound_of(const cr15_data *d, cr15_cover c, int d6);
cr15_wound cr15_melee_effect(const cr15_data *d, int d6);
void cr15_queue(rules_state *rs, rules_ctx *ctx, const figure *f, const figure *by, cr15_wound w,
                const char *ref);
/* Applies the phase's casualties, in submission-independent order (by figure id). */
void cr15_apply_pending(rules_state *rs, rules_ctx *ctx);
void cr15_wound_roll(rules_state *rs, rules_ctx *ctx, const figure *f, const figure *by,
                     cr15_cover c, const char *ref);

/* cr15_combat.c */
typedef struct cr15_melee_mod {
    int total;
    char note[160];
} cr15_melee_mod;
void cr15_melee_mods(const rules_state *rs, const table *t, const figure *f, int enemies,
                     cr15_melee_mod *out);
/* The outcome of two melee scores: 0 = continues, else -1 (a loses) or +1 (b loses). */
int cr15_melee_compare(const cr15_data *d, int a, int b);
void cr15_melee(rules_state *rs, rules_ctx *ctx);
void cr15_finish_off(rules_state *rs, rules_ctx *ctx, side_id s);

/* cr15_morale.c */
/* Percentage dice: two D10 faces (1-10, 10 reading 0), the first the tens: 1-100 (0-0 is 100). */
int cr15_percentile(int tens_face, int ones_face);
/* The test under fire passes when d100 > fire_multiplier * percentage lost. */
bool cr15_fire_test_passes(const cr15_data *d, int lost, int start, int d100);
int cr15_fire_test_need(const cr15_data *d, int lost, int start);
/* Charge test: a figure charges on charge_need or more on a D6. */
bool cr15_charge_test_passes(const cr15_data *d, int d6);
void cr15_morale(rules_state *rs, rules_ctx *ctx);

/* cr15_bot.c */
int cr15_legal(const rules_state *rs, const table *t, rules_command *out, int max);
int cr15_actions(const rules_state *rs, const table *t, figure_id fig, rules_action *out, int max);

/* ---- cr15_hint.c: the bot's value of a legal command (rules_view_ops.bot_value) ----------- */

bool cr15_bot_value(const rules_state *rs, const table *t, const rules_command *cmd, float *v,
                    char *why, size_t size);

/* ---- cr15_referee.c: the referee's rulings of the rule set's own (rules_ops.referee) ------- */

extern const rules_referee_ops cr15_referee_ops;

#endif // CR15_CR15_STATE_H
