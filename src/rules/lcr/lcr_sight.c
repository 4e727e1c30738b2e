/* Little Colonial Rules: the optional sight rules (seed 000, Optional Rule). See lcr_sight.h. */
#include "rules/lcr/lcr_sight.h"

#include "core/mem.h"
#include "rules/lcr/lcr_morale.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define REF_SIGHT LCR_REF " — Optional Rule: reinforcements seen"

/* ---- options and state ------------------------------------------------------------------------
 */

static bool option_bool(const scenario *scn, const char *key, bool fallback, bool *out, char *err,
                        size_t err_size)
{
    json_t *v = scn && scn->rules_options ? json_object_get(scn->rules_options, key) : NULL;
    *out = fallback;
    if (!v)
        return true;
    if (!json_is_boolean(v)) {
        snprintf(err, err_size, "%s: $.ruleset_options.%s: expected true or false",
                 scn->file[0] ? scn->file : "scenario", key);
        return false;
    }
    *out = json_is_true(v);
    return true;
}

bool lcr_sight_init(lcr_sight_state *s, const lcr_data *d, const scenario *scn, const table *t,
                    char *err, size_t err_size)
{
    *s = (lcr_sight_state){0};
    if (!option_bool(scn, "blocking_terrain", d->sight.blocking_terrain, &s->blocking_terrain, err,
                     err_size) ||
        !option_bool(scn, "figure_heights", d->sight.figure_heights, &s->figure_heights, err,
                     err_size) ||
        !option_bool(scn, "reinforcement_sight", d->sight.reinforcement_sight,
                     &s->reinforcement_sight, err, err_size))
        return false;
    if (s->reinforcement_sight && scn && scn->reinforcement_count > LCR_SIGHT_GROUPS_MAX) {
        snprintf(err, err_size, "reinforcement sight follows at most %d reinforcement groups",
                 LCR_SIGHT_GROUPS_MAX);
        return false;
    }
    s->unit_count = t->unit_count;
    s->unseen = mem_calloc((size_t)t->unit_count + 1, sizeof *s->unseen);
    s->due = mem_calloc((size_t)t->unit_count + 1, sizeof *s->due);
    s->due_turn = mem_calloc((size_t)t->unit_count + 1, sizeof *s->due_turn);
    return true;
}

void lcr_sight_free(lcr_sight_state *s)
{
    free(s->unseen);
    free(s->due);
    free(s->due_turn);
    *s = (lcr_sight_state){0};
}

void lcr_sight_copy(lcr_sight_state *dst, const lcr_sight_state *src)
{
    *dst = *src;
    size_t n = (size_t)src->unit_count + 1;
    dst->unseen = mem_dup(src->unseen, n, sizeof *src->unseen);
    dst->due = mem_dup(src->due, n, sizeof *src->due);
    dst->due_turn = mem_dup(src->due_turn, n, sizeof *src->due_turn);
}

void lcr_sight_copy_into(lcr_sight_state *dst, const lcr_sight_state *src)
{
    if (dst->unit_count != src->unit_count) {
        lcr_sight_free(dst);
        lcr_sight_copy(dst, src);
        return;
    }
    lcr_sight_state keep = *dst;
    *dst = *src;
    dst->unseen = keep.unseen;
    dst->due = keep.due;
    dst->due_turn = keep.due_turn;
    size_t n = (size_t)src->unit_count + 1;
    memcpy(dst->unseen, src->unseen, n * sizeof *src->unseen);
    memcpy(dst->due, src->due, n * sizeof *src->due);
    memcpy(dst->due_turn, src->due_turn, n * sizeof *src->due_turn);
}

void lcr_sight_hash(const lcr_sight_state *s, rules_hasher *hs)
{
    /* Only the reinforcement-sight sets change during a game; without the rule they stay empty
     * and are left out, so games without it hash as before. */
    if (!s->reinforcement_sight)
        return;
    for (int u = 0; u < s->unit_count; u++) {
        rules_hash_u32(hs, s->unseen[u]);
        rules_hash_u32(hs, s->due[u]);
        rules_hash_i32(hs, s->due_turn[u]);
    }
}

/* ---- the line-of-sight model ------------------------------------------------------------------
 */

los_index *lcr_sight_los_create(const lcr_sight_state *s, const table *t)
{
    if (s->blocking_terrain)
        return los_create(t, NULL);
    /* Without the blocking-terrain rule, clusters never block: only solid masses do. */
    table *copy = table_clone(t);
    for (int i = 0; i < copy->type_count; i++)
        if (copy->types[i].los == TERRAIN_LOS_AREA)
            copy->types[i].los = TERRAIN_LOS_CLEAR;
    los_index *ix = los_create(copy, NULL);
    table_destroy(copy);
    return ix;
}

float lcr_sight_eye_ft(const lcr_sight_state *s, float eye_ft)
{
    return s->figure_heights ? eye_ft : table_posture_eye_ft(FIGURE_POSTURE_FOOT);
}

/* ---- where a figure stands, and what it sees --------------------------------------------------
 */

static bool feature_blocks(const rules_state *rs, const table *t, const terrain_feature *tf,
                           float eye_ft)
{
    const terrain_type *ty = &t->types[tf->type];
    if (tf->shape != TERRAIN_SHAPE_AREA || tf->area.count < 3)
        return false;
    if (ty->los == TERRAIN_LOS_CLEAR ||
        (ty->los == TERRAIN_LOS_AREA && !lcr_sight_get(rs)->blocking_terrain))
        return false;
    return table_feature_height_ft(t, tf) > eye_ft;
}

static float eye_of(const rules_state *rs, const figure *f)
{
    return lcr_sight_eye_ft(lcr_sight_get(rs), table_posture_eye_ft(f->posture));
}

lcr_sight_place lcr_sight_place_of(const rules_state *rs, const table *t, const figure *f)
{
    lcr_sight_place place = LCR_PLACE_CLEAR;
    for (int i = 0; i < t->feature_count; i++) {
        const terrain_feature *tf = &t->features[i];
        if (!feature_blocks(rs, t, tf, eye_of(rs, f)) || !geom_point_in_polygon(f->pos, &tf->area))
            continue;
        double edge = geom_point_polygon_boundary_distance(f->pos, &tf->area);
        if (edge > rs->data->sight.edge_cm)
            return LCR_PLACE_DEEP;
        place = LCR_PLACE_EDGE;
    }
    return place;
}

static bool in_group(const scenario *scn, int g, unit_id u)
{
    const scenario_reinforcement *r = &scn->reinforcements[g];
    for (int k = 0; k < r->unit_count; k++)
        if (r->units[k].id == u.id)
            return true;
    return false;
}

/* Does f see any figure of group g on the table (or, with contact, touch one)? */
static bool sees_group(const rules_state *rs, const table *t, const figure *f, int g, bool contact)
{
    for (int i = 0; i < t->figure_count; i++) {
        const figure *r = &t->figures[i];
        if (!table_figure_active(r) || !in_group(rs->scn, g, r->unit))
            continue;
        if (contact) {
            geom_placed_base a = {f->base, f->pos, f->facing}, b = {r->base, r->pos, r->facing};
            if (geom_base_edge_distance(&a, &b) <= rs->data->sight.base_contact_cm + 1e-3)
                return true;
        } else if (!lcr_hidden(rs, t, f->pos, table_posture_eye_ft(f->posture), r, NULL)) {
            return true;
        }
    }
    return false;
}

lcr_sight_gain lcr_sight_unit_gain(const rules_state *rs, const table *t, unit_id u, int g)
{
    const unit *un = table_unit_const(t, u);
    bool close_order = un && !lcr_data_is_loose(rs->data, un->formation);
    lcr_sight_gain best = LCR_SIGHT_NONE;
    for (int i = 0; i < t->figure_count && best != LCR_SIGHT_AT_ONCE; i++) {
        const figure *f = &t->figures[i];
        if (f->unit.id != u.id || !table_figure_active(f))
            continue;
        lcr_sight_place place = lcr_sight_place_of(rs, t, f);
        lcr_sight_gain got = LCR_SIGHT_NONE;
        if (place == LCR_PLACE_CLEAR && sees_group(rs, t, f, g, false))
            got = LCR_SIGHT_AT_ONCE;
        else if (place == LCR_PLACE_EDGE && sees_group(rs, t, f, g, false))
            got = LCR_SIGHT_NEXT_TURN;
        else if (sees_group(rs, t, f, g, true))
            got = close_order ? LCR_SIGHT_AT_ONCE : LCR_SIGHT_NEXT_TURN;
        best = got > best ? got : best;
    }
    return best;
}

/* ---- morale as a unit sees it -----------------------------------------------------------------
 */

const lcr_morale *lcr_sight_morale(const rules_state *rs, const table *t, const figure *f,
                                   lcr_morale *scratch)
{
    (void)t;
    const lcr_morale *piles = &rs->morale[f->side.id - 1];
    int u = (int)f->unit.id - 1;
    if (!lcr_sight_get(rs)->reinforcement_sight || u < 0 || u >= lcr_sight_get(rs)->unit_count ||
        lcr_sight_get(rs)->unseen[u] == 0)
        return piles;
    *scratch = *piles;
    for (int g = 0; g < rs->group_count && g < LCR_SIGHT_GROUPS_MAX; g++) {
        if (!(lcr_sight_get(rs)->unseen[u] & (1u << g)))
            continue;
        for (int p = 0; p < scratch->pile_count; p++) {
            scratch->piles[p] -= rs->group_morale[g].piles[p];
            if (scratch->piles[p] < 0)
                scratch->piles[p] = 0;
        }
    }
    return scratch;
}

/* ---- events -----------------------------------------------------------------------------------
 */

static void emit_sight(rules_ctx *ctx, const char *tag, side_id sd, unit_id u, int g, int turn,
                       const char *text)
{
    rules_event ev = {.kind = RULES_EV_RULESET, .side = sd, .unit = u, .value = g, .need = turn};
    lcr_copy(ev.tag, sizeof ev.tag, tag);
    lcr_emit_text(ctx, ev, REF_SIGHT, text);
}

void lcr_sight_arrival(rules_state *rs, rules_ctx *ctx, int g)
{
    if (!lcr_sight_get(rs)->reinforcement_sight || g >= LCR_SIGHT_GROUPS_MAX)
        return;
    side_id sd = rs->scn->reinforcements[g].side;
    emit_sight(ctx, "sight_hide", sd, (unit_id){0}, g, 0,
               "reinforcement sight: each unit gains their morale only once it sees them");
}

static const char *unit_name(const table *t, unit_id u)
{
    const unit *un = table_unit_const(t, u);
    return un && un->name[0] ? un->name : "a unit";
}

static void check_unit(rules_state *rs, rules_ctx *ctx, int u, bool *changed)
{
    const table *t = ctx->table;
    unit_id uid = {(uint32_t)u + 1};
    side_id sd = t->units[u].side;
    for (int g = 0; g < rs->group_count && g < LCR_SIGHT_GROUPS_MAX; g++) {
        uint32_t bit = 1u << g;
        if (!(lcr_sight_get(rs)->unseen[u] & bit))
            continue;
        char text[200];
        lcr_sight_gain gain = lcr_sight_unit_gain(rs, t, uid, g);
        if (gain == LCR_SIGHT_AT_ONCE) {
            snprintf(text, sizeof text,
                     "%s sees the reinforcements from clear terrain (or touches them in close "
                     "order): it gains their morale at once",
                     unit_name(t, uid));
            emit_sight(ctx, "sight_gain", sd, uid, g, rs->turn, text);
            *changed = true;
        } else if (gain == LCR_SIGHT_NEXT_TURN && !(lcr_sight_get(rs)->due[u] & bit)) {
            int when = rs->turn + rs->data->sight.next_turn_delay;
            snprintf(text, sizeof text,
                     "%s sees the reinforcements from the edge of blocking terrain (or touches "
                     "them in loose order): it gains their morale at the start of turn %d",
                     unit_name(t, uid), when);
            emit_sight(ctx, "sight_due", sd, uid, g, when, text);
        }
    }
}

void lcr_sight_after_command(rules_state *rs, rules_ctx *ctx)
{
    if (!lcr_sight_get(rs)->reinforcement_sight || rs->over)
        return;
    bool changed[LCR_SIDES_MAX] = {false};
    for (int u = 0; u < lcr_sight_get(rs)->unit_count && u < ctx->table->unit_count; u++) {
        if (lcr_sight_get(rs)->unseen[u] == 0)
            continue;
        side_id sd = ctx->table->units[u].side;
        if (sd.id >= 1 && sd.id <= LCR_SIDES_MAX)
            check_unit(rs, ctx, u, &changed[sd.id - 1]);
    }
    for (int s = 0; s < rs->side_count && s < LCR_SIDES_MAX; s++)
        if (changed[s])
            lcr_sync_demoralised(rs, ctx, (side_id){(uint32_t)s + 1});
}

void lcr_sight_end_of_turn(rules_state *rs, rules_ctx *ctx)
{
    if (!lcr_sight_get(rs)->reinforcement_sight)
        return;
    const table *t = ctx->table;
    bool changed[LCR_SIDES_MAX] = {false};
    for (int u = 0; u < lcr_sight_get(rs)->unit_count && u < t->unit_count; u++) {
        /* The turn about to begin is rs->turn + 1. */
        if (lcr_sight_get(rs)->due[u] == 0 || lcr_sight_get(rs)->due_turn[u] > rs->turn + 1)
            continue;
        side_id sd = t->units[u].side;
        for (int g = 0; g < rs->group_count && g < LCR_SIGHT_GROUPS_MAX; g++) {
            if (!(lcr_sight_get(rs)->due[u] & (1u << g)))
                continue;
            char text[200];
            snprintf(text, sizeof text,
                     "%s gains the reinforcements' morale as turn %d begins (before the "
                     "demoralised run)",
                     unit_name(t, (unit_id){(uint32_t)u + 1}), rs->turn + 1);
            emit_sight(ctx, "sight_gain", sd, (unit_id){(uint32_t)u + 1}, g, rs->turn + 1, text);
        }
        if (sd.id >= 1 && sd.id <= LCR_SIDES_MAX)
            changed[sd.id - 1] = true;
    }
    for (int s = 0; s < rs->side_count && s < LCR_SIDES_MAX; s++)
        if (changed[s])
            lcr_sync_demoralised(rs, ctx, (side_id){(uint32_t)s + 1});
}

static bool unit_on_table(const table *t, unit_id u)
{
    for (int i = 0; i < t->figure_count; i++)
        if (t->figures[i].unit.id == u.id && table_figure_active(&t->figures[i]))
            return true;
    return false;
}

bool lcr_sight_apply(rules_state *rs, const table *t, const rules_event *ev)
{
    if (ev->kind != RULES_EV_RULESET || ev->tag[0] != 's' || strncmp(ev->tag, "sight_", 6) != 0)
        return false;
    int g = ev->value, u = (int)ev->unit.id - 1;
    if (g < 0 || g >= LCR_SIGHT_GROUPS_MAX || g >= rs->group_count)
        return true;
    uint32_t bit = 1u << g;
    if (strcmp(ev->tag, "sight_hide") == 0) {
        /* Units already on the table; those still to come arrive knowing of this force. */
        for (int k = 0; k < lcr_sight_get(rs)->unit_count && k < t->unit_count; k++)
            if (t->units[k].side.id == ev->side.id && !in_group(rs->scn, g, t->units[k].id) &&
                unit_on_table(t, t->units[k].id))
                lcr_sight_get(rs)->unseen[k] |= bit;
    } else if (u >= 0 && u < lcr_sight_get(rs)->unit_count && strcmp(ev->tag, "sight_gain") == 0) {
        lcr_sight_get(rs)->unseen[u] &= ~bit;
        lcr_sight_get(rs)->due[u] &= ~bit;
    } else if (u >= 0 && u < lcr_sight_get(rs)->unit_count && strcmp(ev->tag, "sight_due") == 0) {
        lcr_sight_get(rs)->due_turn[u] =
            lcr_sight_get(rs)->due[u] ? lcr_sight_get(rs)->due_turn[u] : ev->need;
        lcr_sight_get(rs)->due[u] |= bit;
    }
    return true;
}

/* ---- the hooks --------------------------------------------------------------------------------
 */

lcr_sight_state *lcr_sight_get(const rules_state *rs)
{
    return lcr_option_state(rs, &lcr_sight_option);
}

static void *sight_create(const rules_state *rs, const table *t, char *err, size_t err_size)
{
    lcr_sight_state *s = mem_calloc(1, sizeof *s);
    if (!lcr_sight_init(s, rs->data, rs->scn, t, err, err_size)) {
        lcr_sight_free(s);
        free(s);
        return NULL;
    }
    return s;
}

static void sight_destroy(void *state)
{
    lcr_sight_free(state);
    free(state);
}

static void *sight_clone(const void *state)
{
    lcr_sight_state *c = mem_calloc(1, sizeof *c);
    lcr_sight_copy(c, state);
    return c;
}

static void sight_clone_into(void *dst, const void *src)
{
    lcr_sight_copy_into(dst, src);
}

static void sight_hash(const void *state, rules_hasher *hs)
{
    lcr_sight_hash(state, hs);
}

static los_index *sight_los(const void *state, const table *t)
{
    return lcr_sight_los_create(state, t);
}

static float sight_eye_ft(const rules_state *rs, float eye_ft)
{
    return lcr_sight_eye_ft(lcr_sight_get(rs), eye_ft);
}

/* Always on: blocking terrain and figure heights are the core game's defaults, and turning
 * them off is itself a change the hooks make (each hook reads its own switch). */
const lcr_option lcr_sight_option = {
    .name = "sight",
    .create = sight_create,
    .destroy = sight_destroy,
    .clone = sight_clone,
    .clone_into = sight_clone_into,
    .hash = sight_hash,
    .los = sight_los,
    .eye_ft = sight_eye_ft,
    .morale = lcr_sight_morale,
    .after_command = lcr_sight_after_command,
    .end_of_turn = lcr_sight_end_of_turn,
    .arrival = lcr_sight_arrival,
    .apply = lcr_sight_apply,
};
