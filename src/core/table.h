/* The table model: the table's size, its terrain, and the figures (or stands) on it, grouped into
 * units and sides. Plain data with create/destroy and lookup helpers; the rule sets give it
 * meaning. Handles are 1-based indices into the arrays below; 0 is invalid.
 *
 * Heights (terrain and eye heights) are in real-world feet, the unit the rule sets use for line
 * of sight; horizontal distances are table centimetres.
 */
#ifndef CORE_TABLE_H
#define CORE_TABLE_H

#include "core/geom.h"

#include <stdbool.h>
#include <stdint.h>

#define TABLE_NAME_MAX 48
/* Terrain types one table holds, built-in and a scenario's own together: every rule set sizes
 * its per-type tables (movement multipliers, obstacle costs) by this, so a table never has a
 * type a rule set cannot hold. Scenarios past it are refused (docs/scenario-format.md). */
#define TABLE_TYPES_MAX 64

typedef struct figure_id {
    uint32_t id;
} figure_id;
typedef struct unit_id {
    uint32_t id;
} unit_id;
typedef struct side_id {
    uint32_t id;
} side_id;
typedef struct terrain_id {
    uint32_t id;
} terrain_id;

/* ---- terrain ---------------------------------------------------------------------------- */

typedef enum terrain_cover {
    TERRAIN_COVER_NONE = 0,
    TERRAIN_COVER_LIGHT,
    TERRAIN_COVER_HEAVY,
} terrain_cover;

/* What crossing a linear feature (or the edge of an area) costs; the rule set prices it. */
typedef enum terrain_obstacle {
    TERRAIN_OBSTACLE_NONE = 0,
    TERRAIN_OBSTACLE_LOW,        /* wall, hedge, fence: crossable at a cost */
    TERRAIN_OBSTACLE_WATER,      /* stream: crossable at fords only, or at a cost per rule set */
    TERRAIN_OBSTACLE_IMPASSABLE, /* high wall, cliff, river without ford */
} terrain_obstacle;

/* How a feature blocks line of sight, when it is taller than the eyes involved. */
typedef enum terrain_los {
    TERRAIN_LOS_CLEAR = 0, /* never blocks (open ground, road, a single tree, a small building) */
    TERRAIN_LOS_AREA,      /* a cluster (wood, jungle, town): seen into at the edge, blocks deep */
    TERRAIN_LOS_SOLID,     /* a solid mass (house, high wall, thick bamboo): blocks any crossing */
} terrain_los;

typedef struct terrain_type {
    char name[TABLE_NAME_MAX]; /* key used by scenarios and rule-set data: "jungle", "wall" */
    float move_mult;           /* movement cost multiplier: 1 clear, 4 jungle, 0 impassable */
    terrain_cover cover;
    terrain_obstacle obstacle;
    terrain_los los;
    float height_ft; /* height above the ground for line of sight */
    uint32_t colour; /* 0xRRGGBB, for drawing */
} terrain_type;

typedef enum terrain_shape {
    TERRAIN_SHAPE_AREA = 0, /* a polygon */
    TERRAIN_SHAPE_LINE,     /* a polyline with a width */
} terrain_shape;

typedef struct terrain_feature {
    char name[TABLE_NAME_MAX]; /* optional label: "Moro village" */
    int type;                  /* index into table.types */
    terrain_shape shape;
    geom_polygon area;  /* TERRAIN_SHAPE_AREA */
    geom_polyline line; /* TERRAIN_SHAPE_LINE */
    float width_cm;     /* TERRAIN_SHAPE_LINE: drawn and measured width */
    float height_ft;    /* overrides the type's height when > 0 */
    geom_aabb bounds;   /* filled by table_feature_update_bounds */
} terrain_feature;

/* ---- figures, units, sides ---------------------------------------------------------------- */

typedef enum figure_role {
    FIGURE_ROLE_SOLDIER = 0,
    FIGURE_ROLE_NCO,
    FIGURE_ROLE_OFFICER,
    FIGURE_ROLE_LEADER, /* native/tribal leader */
    FIGURE_ROLE_GENERAL,
    FIGURE_ROLE_BRIGADIER,
    FIGURE_ROLE_GUN,
    FIGURE_ROLE_CREW,
    FIGURE_ROLE_STAND, /* an element of an element-based rule set */
    FIGURE_ROLE_COUNT
} figure_role;

typedef enum figure_quality {
    FIGURE_QUALITY_RAW = 0,
    FIGURE_QUALITY_REGULAR,
    FIGURE_QUALITY_SEASONED,
    FIGURE_QUALITY_VETERAN,
    FIGURE_QUALITY_ELITE,
    FIGURE_QUALITY_COUNT
} figure_quality;

typedef enum figure_posture {
    FIGURE_POSTURE_FOOT = 0, /* eye height 6 ft */
    FIGURE_POSTURE_MOUNTED,  /* 9 ft */
    FIGURE_POSTURE_ROOF,     /* 12 ft */
    FIGURE_POSTURE_STEEPLE,  /* 24 ft */
    FIGURE_POSTURE_COUNT
} figure_posture;

/* Status bits; a rule set may use the high 16 bits for its own flags. */
enum {
    FIGURE_STATUS_DEAD = 1u << 0,
    FIGURE_STATUS_WOUNDED = 1u << 1, /* lightly wounded, acts on */
    FIGURE_STATUS_SERIOUS = 1u << 2, /* seriously wounded, cannot act alone */
    FIGURE_STATUS_DEMORALISED = 1u << 3,
    FIGURE_STATUS_SHAKEN = 1u << 4,
    FIGURE_STATUS_CAPTURED = 1u << 5,
    FIGURE_STATUS_OFF_TABLE = 1u << 6, /* left the table, or not yet arrived */
    FIGURE_STATUS_IN_COMBAT = 1u << 7,
    FIGURE_STATUS_RULESET_SHIFT = 16,
};

typedef struct figure {
    figure_id id;
    char name[TABLE_NAME_MAX]; /* "Lt Toledo"; may be empty */
    side_id side;
    unit_id unit;
    figure_role role;
    figure_quality quality;
    figure_posture posture;
    char weapon[TABLE_NAME_MAX]; /* key into the rule set's weapon table: "mauser" */
    char kind[TABLE_NAME_MAX];   /* troop kind key: "line_infantry", "cavalry", "gun" */
    geom_base base;
    vec2s pos;    /* centre of the base, cm */
    float facing; /* radians */
    uint32_t status;
} figure;

typedef struct unit {
    unit_id id;
    char name[TABLE_NAME_MAX];
    side_id side;
    unit_id parent;                 /* brigade or higher grouping; 0 for none */
    figure_id commander;            /* 0 for none */
    char kind[TABLE_NAME_MAX];      /* rule-set troop kind of the unit */
    char formation[TABLE_NAME_MAX]; /* "line", "column", "loose", ... per rule set */
} unit;

typedef struct side {
    side_id id;
    char name[TABLE_NAME_MAX];
    uint32_t colour; /* 0xRRGGBB */
} side;

/* ---- the table ---------------------------------------------------------------------------- */

typedef struct table {
    float width_cm, height_cm;
    terrain_type *types;
    int type_count;
    terrain_feature *features;
    int feature_count;
    side *sides;
    int side_count;
    unit *units;
    int unit_count;
    figure *figures;
    int figure_count;
} table;

/* Zero fields take defaults: 180 x 120 cm. */
typedef struct table_desc {
    float width_cm, height_cm;
} table_desc;

table *table_create(const table_desc *desc);
void table_destroy(table *t);
/* A deep copy (all arrays and polygon points). */
table *table_clone(const table *t);
/* Makes dst a copy of src, as table_clone would, reusing dst's buffers where they are large
 * enough (dst from table_create or table_clone): what a caller that copies the same table
 * again and again (the engine's overlap check) spends on allocation. */
void table_copy(table *dst, const table *src);
/* Makes dst (NULL: a new table) a copy of src whose sides, units and figures are its own and
 * whose size and terrain (types, features and their points) are src's, shared: for a copy only
 * events change (rules_event_apply_table: figures and units), such as the one the engine's
 * overlap check resolves a command on, where copying the terrain was most of the copy. Reuses
 * dst's buffers (dst from an earlier call). Its terrain is valid while src's is; free it with
 * table_destroy_shared, never table_destroy, and never pass it to table_copy. */
table *table_copy_shared(table *dst, const table *src);
void table_destroy_shared(table *t);
/* Copies src's sides, units and figures over dst's in place (the arrays keep their addresses),
 * writing only the elements that differ; both tables hold as many of each. What a command's
 * events change, for adopting a state resolved on a copy. */
void table_copy_pieces(table *dst, const table *src);
/* table_copy_shared for a dst known to hold src's figures already but for those at the indices
 * in `figs` (and as many sides, units and figures): those figures are copied, the sides and
 * units compared and copied where they differ (few; an event may change a unit's formation),
 * and the size and terrain taken as src's. */
void table_copy_shared_some(table *dst, const table *src, const int *figs, int n);

/* Appenders return the new handle (or index for types/features); the struct is copied, and
 * polygon/polyline points are copied too. table_add_type returns -1 (adding nothing) when the
 * table already holds TABLE_TYPES_MAX types. */
int table_add_type(table *t, const terrain_type *type);
int table_add_feature(table *t, const terrain_feature *feature);
side_id table_add_side(table *t, const side *s);
unit_id table_add_unit(table *t, const unit *u);
figure_id table_add_figure(table *t, const figure *f);

/* Lookups return NULL for an invalid handle. */
/* The figure lookups inline: the rule sets ask them of every figure they pass. */
static inline figure *table_figure(table *t, figure_id id)
{
    if (id.id == 0 || id.id > (uint32_t)t->figure_count)
        return NULL;
    return &t->figures[id.id - 1];
}
static inline const figure *table_figure_const(const table *t, figure_id id)
{
    return table_figure((table *)t, id);
}
unit *table_unit(table *t, unit_id id);
const unit *table_unit_const(const table *t, unit_id id);
const side *table_side(const table *t, side_id id);
/* The name a player reads for a figure, unit or side: its own name, else `fallback` (which may
 * be NULL) when the id is 0 or unknown or the thing has no name. One rule for every message. */
const char *table_figure_label(const table *t, figure_id id, const char *fallback);
const char *table_unit_label(const table *t, unit_id id, const char *fallback);
const char *table_side_label(const table *t, side_id id, const char *fallback);
/* A data key in player words: "thick_bamboo" -> "thick bamboo", or "Thick bamboo" with
 * `capital` (a legend row). Returns buf. */
const char *table_key_words(const char *key, bool capital, char *buf, size_t size);
/* Index of the type with that name, or -1. */
int table_type_find(const table *t, const char *name);

/* Eye height in feet of a figure's posture (seed 000: 6, 9, 12, 24). */
float table_posture_eye_ft(figure_posture posture);
/* The height in feet of a feature (its own, or its type's). */
float table_feature_height_ft(const table *t, const terrain_feature *f);
/* Recomputes a feature's bounds from its points. */
void table_feature_update_bounds(terrain_feature *f);
/* Every area feature `at` lies in, as a bit set over the table's first 64 features (the bot's
 * "is this the same ground" test: a step that leaves or enters cover changes it). */
uint64_t table_areas_at(const table *t, vec2s at);
/* True when the figure is on the table and neither dead, captured nor gone. Inline: every
 * search over the figures asks it of each one (a call per figure was 4% of a bot game). */
static inline bool table_figure_active(const figure *f)
{
    const uint32_t gone = FIGURE_STATUS_DEAD | FIGURE_STATUS_CAPTURED | FIGURE_STATUS_OFF_TABLE;
    return (f->status & gone) == 0;
}

/* Names for enums, for files and explanations; *_parse return -1 for an unknown name. */
const char *table_role_name(figure_role role);
int table_role_parse(const char *name);
const char *table_quality_name(figure_quality q);
int table_quality_parse(const char *name);
const char *table_posture_name(figure_posture p);
int table_posture_parse(const char *name);

#endif // CORE_TABLE_H
