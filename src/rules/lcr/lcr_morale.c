/* Little Colonial Rules: morale (seed 000, Morale and Rallying): the chits a casualty costs,
 * who is demoralised by the piles, the demoralised running at the End of Turn, and the rally. */
#include "rules/lcr/lcr_morale.h"

#include "core/mem.h"
#include "core/place.h"
#include "rules/lcr/lcr_command.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Brings every figure's demoralised bit in line with the piles (and its rally hold). */
void lcr_sync_demoralised(rules_state *rs, rules_ctx *ctx, side_id sd)
{
    for (int i = 0; i < ctx->table->figure_count; i++) {
        const figure *f = &ctx->table->figures[i];
        if (f->side.id != sd.id || !table_figure_active(f))
            continue;
        lcr_morale seen; /* reinforcement sight: the piles as this figure's unit knows them */
        const lcr_morale *m = lcr_hook_morale(rs, ctx->table, f, &seen);
        bool want = lcr_morale_figure_demoralised(m, f->quality, rs->hold[i]);
        bool has = (f->status & FIGURE_STATUS_DEMORALISED) != 0;
        if (want == has)
            continue;
        char text[160]; /* "%s %s: the %s morale pile is %s", built piece by piece */
        lcr_text b = lcr_text_on(text, sizeof text);
        lcr_text_str(&b, lcr_name(ctx->table, f->id));
        lcr_text_str(&b, want ? " is demoralised" : " recovers");
        lcr_text_str(&b, ": the ");
        lcr_text_str(&b, table_quality_name(want && rs->hold[i] >= 0 ? (figure_quality)rs->hold[i]
                                                                     : f->quality));
        lcr_text_str(&b, want ? " morale pile is empty" : " morale pile is holding chits again");
        lcr_emit_status(ctx, f->id, want ? FIGURE_STATUS_DEMORALISED : 0,
                        want ? 0 : FIGURE_STATUS_DEMORALISED,
                        want ? LCR_REF_MORALE : LCR_REF_MORALE, text);
    }
}

void lcr_take_chit(rules_state *rs, rules_ctx *ctx, figure_id id)
{
    side_id sd = table_figure_const(ctx->table, id)->side;
    lcr_morale *m = &rs->morale[sd.id - 1];
    int pile = lcr_morale_first_pile(m);
    rules_event mv = {.kind = RULES_EV_MORALE, .side = sd, .figure = id};
    lcr_copy(mv.tag, sizeof mv.tag, "take");
    if (pile < m->pile_count) {
        mv.value = m->piles[pile] - 1;
        rules_emitf(ctx, mv, LCR_REF_MORALE, "a chit comes off the %s pile: %d left",
                    table_quality_name((figure_quality)pile), mv.value);
    } else {
        rules_emitf(ctx, mv, LCR_REF_MORALE, "no morale chits left to take");
    }
    lcr_sync_demoralised(rs, ctx, sd);
}

void lcr_casualty_final(rules_state *rs, rules_ctx *ctx, figure_id id, uint32_t how,
                        const char *ref, const char *why)
{
    const figure *f = table_figure_const(ctx->table, id);
    if (!f || !table_figure_active(f))
        return;
    rules_event ev = {.kind = RULES_EV_REMOVE, .figure = id, .side = f->side, .status_set = how};
    rules_emitf(ctx, ev, ref, "%s %s: %s", lcr_name(ctx->table, id),
                how == FIGURE_STATUS_CAPTURED    ? "surrenders"
                : how == FIGURE_STATUS_OFF_TABLE ? "leaves the table"
                                                 : "is killed",
                why);
    lcr_take_chit(rs, ctx, id);
}

/* A figure is lost to its side: dead, captured or gone off the table. Takes a morale chit. With
 * the killed-and-wounded rule, a killed figure first throws the wound die (lcr_wounds.c). */
void lcr_casualty(rules_state *rs, rules_ctx *ctx, figure_id id, uint32_t how, const char *ref,
                  const char *why)
{
    const figure *f = table_figure_const(ctx->table, id);
    if (!f || !table_figure_active(f))
        return;
    if (how == FIGURE_STATUS_DEAD && lcr_hook_on_kill(rs, ctx, id, ref))
        return;
    lcr_casualty_final(rs, ctx, id, how, ref, why);
}

/* An enemy base in the way of a run from a toward b: within contact distance of the segment,
 * ahead of the runner (one he is running away from is not in his way). */
static const figure *enemy_in_way(const rules_state *rs, const table *t, const figure *f, vec2s a,
                                  vec2s b)
{
    geom_segment s = {a, b};
    vec2s dir = glms_vec2_sub(b, a);
    for (int i = 0; i < t->figure_count; i++) {
        const figure *e = &t->figures[i];
        if (e->side.id == f->side.id || !table_figure_active(e))
            continue;
        float reach = lcr_radius(f) + lcr_radius(e) + rs->data->contact_cm;
        if (geom_point_segment_distance(e->pos, s) > reach)
            continue;
        if (glms_vec2_dot(glms_vec2_sub(e->pos, a), dir) > 0)
            return e;
    }
    return NULL;
}

/* How far f's base at p is from a table edge (scenario_edge). */
static float edge_gap(const table *t, const figure *f, vec2s p, int edge)
{
    float r = lcr_radius(f);
    switch (edge) {
    case SCENARIO_EDGE_NORTH:
        return p.y - r;
    case SCENARIO_EDGE_SOUTH:
        return t->height_cm - p.y - r;
    case SCENARIO_EDGE_WEST:
        return p.x - r;
    case SCENARIO_EDGE_EAST:
        return t->width_cm - p.x - r;
    default:
        return INFINITY;
    }
}

/* Seed 000, Morale: at each End of Turn a demoralised figure runs at twice his usual allowance
 * (rolled as his move would be) straight toward his starting point, or the entry point of his
 * reinforcement; at his starting point he stays; a reinforcement that reaches the table edge it
 * came in by leaves the table. An enemy in the way makes him surrender. */
void lcr_morale_flee(rules_state *rs, rules_ctx *ctx, figure_id id)
{
    const table *t = ctx->table;
    const figure *f = table_figure_const(t, id);
    int edge = rs->home_edge[id.id - 1];
    float near = rs->data->flight_home_cm;
    vec2s goal = lcr_clamp_on_table(t, f, rs->home[id.id - 1]);
    float dist = glms_vec2_distance(f->pos, goal);
    char text[200];
    if (edge_gap(t, f, f->pos, edge) < near) {
        lcr_casualty(rs, ctx, id, FIGURE_STATUS_OFF_TABLE, LCR_REF_MORALE,
                     "demoralised, he leaves by the table edge he came in by");
        return;
    }
    if (dist < near) {
        lcr_emit_note(ctx, id, LCR_REF_MORALE, "demoralised, he stays at his starting point");
        return;
    }
    lcr_allowance a;
    lcr_move_allowance(rs->data, f, ctx->rng, &a);
    int g = rules_roll_group(ctx);
    for (int i = 0; i < a.dice; i++)
        rules_emit_die(ctx, lcr_move_class_of(rs->data, f)->sides, a.faces[i], 0, "flight", id, g,
                       LCR_REF_MORALE);
    float allow = a.cm * rs->data->demoralised_flee_mult / lcr_hook_move_factor(rs, f);
    vec2s dir = glms_vec2_scale(glms_vec2_sub(goal, f->pos), 1.0f / dist);
    vec2s end = glms_vec2_add(f->pos, glms_vec2_scale(dir, fminf(dist, allow)));
    const figure *bar = enemy_in_way(rs, t, f, f->pos, end);
    if (bar) {
        snprintf(text, sizeof text, "demoralised, with %s barring his way back",
                 lcr_name(t, bar->id));
        lcr_casualty(rs, ctx, id, FIGURE_STATUS_CAPTURED, LCR_REF_MORALE, text);
        return;
    }
    path_desc pd = lcr_path_desc(rs);
    path_result res;
    vec2s pts[2] = {f->pos, end};
    lcr_path_cost(rs, t, &pd, pts, 2, allow, &res);
    vec2s from = f->pos, stop;
    place_path_stop(t, id, from, res.end, geom_angle_of(dir), NULL, 0, &stop);
    /* "%s, demoralised, runs %.1f cm back (twice his allowance: %.1f cm)" */
    lcr_text b = lcr_text_on(text, sizeof text);
    lcr_text_str(&b, lcr_name(t, id));
    lcr_text_str(&b, ", demoralised, runs ");
    lcr_text_fixed(&b, glms_vec2_distance(from, stop), 1);
    lcr_text_str(&b, " cm back (twice his allowance: ");
    lcr_text_fixed(&b, allow, 1);
    lcr_text_str(&b, " cm)");
    lcr_emit_move(ctx, id, from, stop, geom_angle_of(dir), res.spent_cm, LCR_REF_MORALE, text);
    /* Reaching the edge he came in by, he is gone (friends crowding the entry point do not
     * hold him on the table). */
    if (edge_gap(t, f, res.end, edge) < near)
        lcr_casualty(rs, ctx, id, FIGURE_STATUS_OFF_TABLE, LCR_REF_MORALE,
                     "demoralised, he leaves by the table edge he came in by");
}

void lcr_morale_resolve_rally(rules_state *rs, rules_ctx *ctx)
{
    const table *t = ctx->table;
    const figure *l = table_figure_const(t, rs->actor);
    float r = lcr_command_radius(rs->data, l) * rs->data->rally_radius_fraction;
    int hold = lcr_morale_rally_hold(&rs->morale[l->side.id - 1]);
    lcr_emit_flag(ctx, "acted", l->id, 1, "spends his whole activation rallying");
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        if (f->side.id != l->side.id || !table_figure_active(f) || f == l ||
            !(f->status & FIGURE_STATUS_DEMORALISED) || glms_vec2_distance(f->pos, l->pos) > r)
            continue;
        char text[160];
        snprintf(text, sizeof text, "%s is rallied by %s; he routs again when the %s pile empties",
                 lcr_name(t, f->id), lcr_name(t, l->id), table_quality_name((figure_quality)hold));
        lcr_emit_flag(ctx, "hold", f->id, hold, text);
        lcr_emit_status(ctx, f->id, 0, FIGURE_STATUS_DEMORALISED, LCR_REF_RALLY, "rallied");
    }
}

void lcr_morale_setup(rules_state *rs, const table *t)
{
    int on_table[LCR_SIDES_MAX] = {0};
    int *in_group = mem_calloc((size_t)rs->group_count + 1, sizeof *in_group);
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        if (f->side.id == 0 || f->side.id > LCR_SIDES_MAX ||
            (f->status & (FIGURE_STATUS_DEAD | FIGURE_STATUS_CAPTURED)))
            continue;
        int g = lcr_reinforcement_group_of(rs->scn, f->unit);
        if (g >= 0)
            in_group[g]++;
        else
            on_table[f->side.id - 1]++;
    }
    for (int s = 0; s < rs->side_count && s < LCR_SIDES_MAX; s++) {
        rs->morale[s] = lcr_morale_deal(rs->data, on_table[s]);
        rs->start_figures[s] = on_table[s];
    }
    for (int g = 0; g < rs->group_count; g++)
        rs->group_morale[g] = lcr_morale_deal(rs->data, in_group[g]);
    free(in_group);
}

bool lcr_morale_validate_rally(const rules_state *rs, const table *t, const rules_command *cmd,
                               char *why, size_t size)
{
    const figure *l = table_figure_const(t, rs->actor);
    if (rs->actor_is_soldier || !l || !lcr_is_leader(l))
        return lcr_refuse(why, size, "only an officer, NCO or leader can rally");
    if (rs->actor_busy)
        return lcr_refuse(why, size, "rallying takes the leader's full activation");
    if (lcr_morale_rally_hold(&rs->morale[l->side.id - 1]) < 0)
        return lcr_refuse(why, size, "every morale pile is empty: no one can be rallied");
    float r = lcr_command_radius(rs->data, l) * rs->data->rally_radius_fraction;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        if (f->side.id == l->side.id && table_figure_active(f) && f != l &&
            (f->status & FIGURE_STATUS_DEMORALISED) && glms_vec2_distance(f->pos, l->pos) <= r)
            return true;
    }
    (void)cmd;
    return lcr_refuse(why, size, "no demoralised figure within half the command radius");
}

void lcr_morale_legal(lcr_candidates *lo, const rules_state *rs, const table *t, side_id sd)
{
    rules_command rally = {.kind = RULES_CMD_RALLY, .side = sd, .figure = rs->actor};
    lcr_legal_push(lo, rs, t, &rally);
}
