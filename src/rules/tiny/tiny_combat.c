/* D. Charges and F. Charge Resolution: charge moves (a unit's or a formed brigade's), evading,
 * melee, the outcome, pursuit and commanders in close combat. */
#include "rules/tiny/tiny_combat.h"

#include "rules/tiny/tiny_morale.h"
#include "rules/tiny/tiny_move.h"
#include "rules/tiny/tiny_orders.h"
#include "rules/tiny/tiny_state.h"
#include "rules/text_format.h"
#include "core/place.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static bool plan_charge(const rules_state *rs, const table *t, unit_id charger, unit_id target,
                        bool ignore_order, tiny_plan *out, char *reason, size_t size);

/* Kept for the state of the last legal() when no reason is wanted (tiny_decision_charge). */
bool tiny_plan_charge(const rules_state *rs, const table *t, unit_id charger, unit_id target,
                      bool ignore_order, tiny_plan *out, char *reason, size_t size)
{
    bool quiet = !reason || size == 0, ok;
    if (quiet && tiny_decision_charge(rs, charger, target, ignore_order, out, &ok))
        return ok;
    ok = plan_charge(rs, t, charger, target, ignore_order, out, reason, size);
    if (quiet)
        tiny_decision_charge_put(rs, charger, target, ignore_order, out, ok);
    return ok;
}

static bool plan_charge(const rules_state *rs, const table *t, unit_id charger, unit_id target,
                        bool ignore_order, tiny_plan *out, char *reason, size_t size)
{
    memset(out, 0, sizeof *out);
    const unit *cu = table_unit_const(t, charger), *tu = table_unit_const(t, target);
    const tiny_troop *ctr = tiny_troop_of(rs, t, charger);
    tiny_unit_geom cg, tg;
    if (!cu || !ctr || !tiny_unit_geom_of(t, charger, &cg)) {
        tiny_text(reason, size, "name one of your units to charge");
        return false;
    }
    if (!tu || tu->side.id == cu->side.id || !tiny_unit_geom_of(t, target, &tg) ||
        tiny_unit_lost(rs, t, target)) {
        tiny_text(reason, size, "name an enemy unit on the table to charge");
        return false;
    }
    if (!ignore_order && !tiny_unit_can_move(rs, t, charger, reason, size))
        return false;
    if (ctr->cls == TINY_CLASS_ARTILLERY || ctr->cls == TINY_CLASS_WAGON) {
        tiny_text(reason, size, "%s cannot charge", ctr->label);
        return false;
    }
    if (!tiny_partly_in_frontal_zone(t, &cg, tiny_zone_deg(rs), &tg)) {
        tiny_text(reason, size, "%s is not in %s's frontal zone", tu->name, cu->name);
        return false;
    }
    vec2s tdir = geom_dir(tg.facing), tside = {{-tdir.y, tdir.x}};
    vec2s rel = tiny_sub(cg.centre, tg.centre);
    vec2s contact;
    float face;
    float bearing = fabsf(geom_angle_diff(tg.facing, geom_angle_of(rel)));
    if (tiny_partly_in_frontal_zone(t, &tg, tiny_zone_deg(rs), &cg) || bearing <= GEOM_PI / 4) {
        contact = tg.front;
        face = tg.facing + (float)GEOM_PI;
        snprintf(out->edge, sizeof out->edge, "front");
    } else if (bearing >= 3 * GEOM_PI / 4) {
        contact = tg.rear;
        face = tg.facing;
        snprintf(out->edge, sizeof out->edge, "rear");
    } else {
        float sgn = rel.x * tside.x + rel.y * tside.y >= 0 ? 1.0f : -1.0f;
        contact = tiny_addk(tg.centre, tside, sgn * tg.half_width);
        face = geom_angle_of((vec2s){{-tside.x * sgn, -tside.y * sgn}});
        snprintf(out->edge, sizeof out->edge, "flank");
    }
    float dtheta = geom_angle_diff(cg.facing, face);
    if (fabsf(dtheta) >= rs->data->about_face_min_deg * (float)GEOM_PI / 180 - 1e-4f) {
        tiny_text(reason, size, "%s would have to about-face to charge", cu->name);
        return false;
    }
    float allowance = tiny_allowance_cm(rs, t, charger, ctr);
    float wheel = fabsf(dtheta) * cg.half_width, mult[256], obst[256];
    path_desc pd;
    tiny_path_setup(rs, t, ctr, allowance, false, mult, obst, &pd);
    for (int i = 0; i < tg.count; i++)
        if (path_mult_at(t, &pd, table_figure_const(t, tg.stands[i])->pos, NULL) == 0) {
            tiny_text(reason, size, "%s stands in terrain %s may not enter", tu->name, cu->name);
            return false;
        }
    vec2s pts[2] = {cg.front, contact};
    path_result pr;
    if (allowance - wheel <= 0 ||
        path_cost(t, &pd, pts, 2, allowance - wheel, &pr) != PATH_STOP_END) {
        tiny_text(reason, size, "%s is out of charge reach (%.1f\" needed, %.1f\" move)", tu->name,
                  (double)tiny_in(rs, tiny_len(tiny_sub(contact, cg.front)) + wheel),
                  (double)tiny_in(rs, allowance));
        return false;
    }
    for (int i = 0; i < cg.count && out->count < TINY_PLAN_MAX; i++) {
        const figure *f = table_figure_const(t, cg.stands[i]);
        vec2s r = tiny_rotate_about(f->pos, cg.front, dtheta);
        out->fig[out->count] = f->id;
        out->pos[out->count] = tiny_addk(r, tiny_sub(contact, cg.front), 1);
        out->facing[out->count] = f->facing + dtheta;
        out->count++;
    }
    out->units[out->unit_count++] = charger;
    out->distance_cm = tiny_len(tiny_sub(contact, cg.front));
    out->cost_cm = pr.spent_cm + wheel;
    out->allowance_cm = allowance;
    out->difficult = pr.crossed_count > 0 || pr.spent_cm > pr.moved_cm * 1.01f + 1e-3f;
    for (int k = 0; k < pr.crossed_count && k < PATH_MAX_CROSSINGS; k++)
        out->over_cover |=
            t->types[t->features[pr.crossings[k].feature].type].cover != TERRAIN_COVER_NONE;
    if (!tiny_check_places(rs, t, out, target, false, reason, size))
        return false;
    rules_text_format_print(out->note, sizeof out->note, "charge into the %s, %.1f\" of %.1f\"%s",
                            out->edge, (double)tiny_in(rs, out->cost_cm),
                            (double)tiny_in(rs, allowance),
                            out->difficult ? ", through difficult ground or over an obstacle" : "");
    return true;
}

/* The member of the formed group that can charge the target most cheaply, with its plan. */
static int brigade_charge_lead(const rules_state *rs, const table *t, const unit_id *group, int n,
                               unit_id target, tiny_plan *lead, char *reason, size_t size)
{
    int best = -1;
    for (int i = 0; i < n; i++) {
        tiny_plan p;
        char why[160];
        if (!tiny_plan_charge(rs, t, group[i], target, false, &p, why, size ? sizeof why : 0)) {
            if (best < 0)
                tiny_text(reason, size, "%s", why);
            continue;
        }
        if (best < 0 || p.cost_cm < lead->cost_cm) {
            best = i;
            *lead = p;
        }
    }
    return best;
}

/* A member keeps its place: the lead's motion applied to its stands, within its own move and
 * through terrain it may enter. */
static bool brigade_member_follows(const rules_state *rs, const table *t, unit_id u, vec2s a0,
                                   vec2s b0, float dtheta, tiny_plan *p, char *reason, size_t size)
{
    const tiny_troop *tr = tiny_troop_of(rs, t, u);
    tiny_unit_geom g;
    if (!tr || !tiny_unit_geom_of(t, u, &g))
        return false;
    const unit *un = table_unit_const(t, u);
    float allowance = tiny_allowance_cm(rs, t, u, tr);
    float allow = allowance - fabsf(dtheta) * g.half_width, mult[256], obst[256];
    path_desc pd;
    tiny_path_setup(rs, t, tr, allowance, false, mult, obst, &pd);
    for (int i = 0; i < g.count && p->count < TINY_PLAN_MAX; i++) {
        const figure *f = table_figure_const(t, g.stands[i]);
        vec2s to = tiny_addk(tiny_rotate_about(f->pos, a0, dtheta), tiny_sub(b0, a0), 1),
              pts[2] = {f->pos, to};
        path_result pr;
        if (allow <= 0 || path_cost(t, &pd, pts, 2, allow, &pr) != PATH_STOP_END) {
            tiny_text(reason, size, "%s cannot keep its place in the formed brigade's charge",
                      un->name);
            return false;
        }
        p->difficult |= pr.crossed_count > 0 || pr.spent_cm > pr.moved_cm * 1.01f + 1e-3f;
        p->fig[p->count] = f->id;
        p->pos[p->count] = to;
        p->facing[p->count] = f->facing + dtheta;
        p->count++;
    }
    p->units[p->unit_count++] = u;
    return true;
}

bool tiny_plan_brigade_charge(const rules_state *rs, const table *t, unit_id brigade,
                              unit_id target, tiny_plan *out, char *reason, size_t size)
{
    memset(out, 0, sizeof *out);
    unit_id group[64];
    int n = tiny_formed_group(rs, t, brigade, false, group);
    if (n < 2) {
        tiny_text(reason, size,
                  "%s has no formed brigade: two or more adjacent units side by side or in column",
                  table_unit_const(t, brigade)->name);
        return false;
    }
    int lead = brigade_charge_lead(rs, t, group, n, target, out, reason, size);
    if (lead < 0)
        return false;
    /* The lead's first stand gives the motion every stand of the brigade makes. */
    const figure *f0 = table_figure_const(t, out->fig[0]);
    vec2s a0 = f0->pos, b0 = out->pos[0];
    float dtheta = out->facing[0] - f0->facing;
    for (int i = 0; i < n; i++)
        if (i != lead &&
            !brigade_member_follows(rs, t, group[i], a0, b0, dtheta, out, reason, size))
            return false;
    if (!tiny_check_places(rs, t, out, target, false, reason, size))
        return false;
    char note[88];
    memcpy(note, out->note, sizeof note - 1);
    note[sizeof note - 1] = 0;
    snprintf(out->note, sizeof out->note, "%s, the formed brigade keeping its places", note);
    return true;
}

void tiny_melee_side_of(const rules_state *rs, const table *t, unit_id u, unit_id enemy,
                        tiny_melee_side *out)
{
    memset(out, 0, sizeof *out);
    out->troop = tiny_troop_of(rs, t, u);
    out->stands = tiny_unit_stands(t, u);
    out->shaken = tiny_unit_shaken(t, u);
    out->column = tiny_unit_formation_is(t, u, "column");
    out->limbered = tiny_unit_limbered(t, u);
    /* In melee a wall or hedge covers only the side the enemy charged across it. */
    out->in_cover = tiny_unit_in_cover(rs, t, u, false);
    for (int i = 0; i < rs->charge_count; i++)
        if (rs->charges[i].charger.id == enemy.id && rs->charges[i].target.id == u.id &&
            (rs->units[enemy.id - 1].flags & TINY_U_OVER_COVER))
            out->in_cover = true;
    tiny_unit_geom g, e;
    if (tiny_unit_geom_of(t, u, &g) && tiny_unit_geom_of(t, enemy, &e))
        out->flank_or_rear = !tiny_partly_in_frontal_zone(t, &g, tiny_zone_deg(rs), &e);
    for (int i = 0; i < rs->charge_count; i++)
        if (rs->charges[i].charger.id == u.id && rs->charges[i].target.id == enemy.id)
            out->crossed_difficult = (rs->units[u.id - 1].flags & TINY_U_DIFFICULT) != 0;
}

float tiny_melee_expected(const rules_state *rs, const table *t, unit_id charger, unit_id target,
                          int *dice, int *need)
{
    tiny_melee_side a, b;
    tiny_melee_side_of(rs, t, charger, target, &a);
    tiny_melee_side_of(rs, t, target, charger, &b);
    a.flank_or_rear = false;
    if (!a.troop || !b.troop)
        return 0;
    *dice = tiny_melee_dice(&a);
    *need = tiny_melee_need(rs->data, &a, &b, NULL);
    return (float)*dice * tiny_p_at_least(*need);
}

static bool in_contact_pair(const rules_state *rs, const table *t, unit_id a, unit_id b)
{
    tiny_unit_geom ga, gb;
    float gap = tiny_cm(rs, rs->data->contact_gap_in);
    if (!tiny_unit_geom_of(t, a, &ga) || !tiny_unit_geom_of(t, b, &gb) ||
        !tiny_units_near(&ga, &gb, gap + TINY_FAR_SLACK_CM))
        return false;
    return tiny_unit_gap_cm(rs, t, &ga, &gb) <= gap;
}

/* A charge by one unit, or by a formed brigade (`ordered` is then the brigade and p->units[0]
 * its lead): the lead and every member that reaches the target charge it. */
void tiny_resolve_charge(rules_state *rs, rules_ctx *ctx, unit_id ordered, const tiny_plan *p,
                         const tiny_order *o, unit_id target)
{
    const table *t = ctx->table;
    unit_id u = p->units[0];
    tiny_spend_order(rs, ctx, o, ordered);
    tiny_order_units(ctx, p,
                     TINY_U_MOVED | TINY_U_CHARGED | (p->difficult ? TINY_U_DIFFICULT : 0) |
                         (p->over_cover ? TINY_U_OVER_COVER : 0),
                     p->unit_count > 1 ? "charges with its formed brigade" : "charges");
    tiny_emit_plan(rs, ctx, p, TINY_REF_DC, "charges");
    side_id ts = table_unit_const(t, target)->side;
    for (int i = 0; i < p->unit_count; i++) {
        unit_id m = p->units[i];
        if (i > 0 && !in_contact_pair(rs, t, m, target))
            continue;
        rules_emitf(ctx,
                    (rules_event){.kind = RULES_EV_RULESET,
                                  .unit = m,
                                  .tag = "charge",
                                  .value = (int)target.id,
                                  .side = table_unit_const(t, m)->side},
                    TINY_REF_DC, "%s charges the %s of %s", tiny_unit_name(t, m), p->edge,
                    tiny_unit_name(t, target));
    }
    if (strcmp(p->edge, "front") == 0)
        rules_emitf(ctx,
                    (rules_event){.kind = RULES_EV_RULESET,
                                  .unit = target,
                                  .side = ts,
                                  .tag = "set_flags",
                                  .value = (int)TINY_U_CHARGED_FRONT},
                    TINY_REF_F, "%s is charged from the front", tiny_unit_name(t, target));
    const tiny_troop *tt = tiny_troop_of(rs, t, target);
    if (tt && tt->evade && !tiny_unit_must_rally(t, target))
        rules_emitf(ctx,
                    (rules_event){.kind = RULES_EV_RULESET,
                                  .unit = target,
                                  .side = ts,
                                  .tag = "react",
                                  .value = (int)u.id},
                    TINY_REF_DC, "%s may evade a full move or stand", tiny_unit_name(t, target));
}

void tiny_resolve_evade(rules_state *rs, rules_ctx *ctx, bool evade)
{
    const table *t = ctx->table;
    unit_id u = rs->react_unit, c = rs->react_charger;
    side_id s = table_unit_const(t, u)->side;
    if (evade) {
        tiny_unit_geom g, cg;
        tiny_unit_geom_of(t, u, &g);
        tiny_unit_geom_of(t, c, &cg);
        vec2s away = {{g.centre.x - cg.centre.x, g.centre.y - cg.centre.y}};
        tiny_retreat(rs, ctx, u, away, false, TINY_REF_DC, "evades");
    } else {
        rules_emitf(ctx, (rules_event){.kind = RULES_EV_NOTE, .unit = u, .side = s}, TINY_REF_DC,
                    "%s stands to receive the charge", tiny_unit_name(t, u));
    }
    rules_emitf(ctx,
                (rules_event){.kind = RULES_EV_RULESET, .unit = u, .side = s, .tag = "react_done"},
                TINY_REF_DC, "the charge goes on");
}

/* Commanders touching a unit in combat join it (seed 003, F: Commanders in close combat). */
static int joined_commanders(rules_state *rs, const table *t, unit_id u, figure_id *out)
{
    tiny_unit_geom g;
    int n = 0;
    if (!tiny_unit_geom_of(t, u, &g))
        return 0;
    side_id s = table_unit_const(t, u)->side;
    for (int i = 0; i < t->figure_count && n < 2; i++) {
        const figure *c = &t->figures[i];
        if (c->side.id != s.id || !tiny_is_commander(c) || !table_figure_active(c))
            continue;
        for (int k = 0; k < g.count; k++) {
            geom_placed_base b = tiny_stand_base(table_figure_const(t, g.stands[k]));
            geom_placed_base cb = tiny_stand_base(c);
            if (geom_base_edge_distance(&b, &cb) <= tiny_cm(rs, rs->data->commander_join_in)) {
                out[n++] = c->id;
                break;
            }
        }
    }
    return n;
}

static void lose_commander(rules_state *rs, rules_ctx *ctx, const figure *c)
{
    bool own_turn = c->side.id == rs->active.id;
    int ends = rs->data->commander_replace_turns + (own_turn ? 1 : 0);
    rules_emitf(ctx,
                (rules_event){.kind = RULES_EV_REMOVE,
                              .figure = c->id,
                              .unit = c->unit,
                              .side = c->side,
                              .status_set = FIGURE_STATUS_WOUNDED | FIGURE_STATUS_OFF_TABLE},
                TINY_REF_FC, "%s rolls a 1: wounded and carried from the field", c->name);
    rules_emitf(ctx,
                (rules_event){.kind = RULES_EV_RULESET,
                              .figure = c->id,
                              .side = c->side,
                              .tag = "replace_ends",
                              .value = ends},
                TINY_REF_FC, "a replacement for %s takes over at the end of his side's next turn",
                c->name);
}

/* One side's dice against the other: returns the hits inflicted. */
static int melee_roll(rules_state *rs, rules_ctx *ctx, unit_id u, unit_id enemy)
{
    const table *t = ctx->table;
    tiny_melee_side a, b;
    tiny_melee_side_of(rs, t, u, enemy, &a);
    tiny_melee_side_of(rs, t, enemy, u, &b);
    if (!a.troop || !b.troop || a.stands == 0)
        return 0;
    tiny_mods m;
    int need = tiny_melee_need(rs->data, &a, &b, &m);
    int dice = tiny_melee_dice(&a), group = rules_roll_group(ctx), hits = 0;
    figure_id f = tiny_first_stand(t, u);
    rules_emitf(ctx, (rules_event){.kind = RULES_EV_NOTE, .unit = u, .value = dice}, TINY_REF_F,
                "%s rolls %d di%s (%s)", tiny_unit_name(t, u), dice, dice == 1 ? "e" : "ce",
                dice == 1 ? (a.shaken          ? "shaken"
                             : a.column        ? "in column"
                             : a.limbered      ? "limbered"
                             : a.flank_or_rear ? "contacted in flank or rear"
                                               : "one stand")
                          : "one per stand, in line with front contact");
    tiny_emit_mods(ctx, &m, f, group, TINY_REF_F);
    int eff = need < 1 ? 1 : need;
    for (int i = 0; i < dice; i++)
        hits += rules_roll(ctx, 6, eff, "melee", f, group, TINY_REF_F) >= eff;
    figure_id cs[2];
    int nc = joined_commanders(rs, t, u, cs);
    for (int i = 0; i < nc; i++) {
        const figure *c = table_figure_const(t, cs[i]);
        int die =
            rules_roll(ctx, 6, rs->data->commander_need, "commander", c->id, group, TINY_REF_FC);
        hits += die >= rs->data->commander_need;
        if (die <= rs->data->commander_lost_on)
            lose_commander(rs, ctx, c);
    }
    return hits;
}

static bool was_charged_front_by(const rules_state *rs, unit_id target, unit_id charger)
{
    if (!(rs->units[target.id - 1].flags & TINY_U_CHARGED_FRONT))
        return false;
    for (int i = 0; i < rs->charge_count; i++)
        if (rs->charges[i].charger.id == charger.id && rs->charges[i].target.id == target.id)
            return true;
    return false;
}

static void melee(rules_state *rs, rules_ctx *ctx, unit_id a, unit_id b)
{
    const table *t = ctx->table;
    const tiny_troop *bt = tiny_troop_of(rs, t, b);
    rules_emitf(ctx, (rules_event){.kind = RULES_EV_NOTE, .unit = a}, TINY_REF_F,
                "Charge resolution: %s against %s", tiny_unit_name(t, a), tiny_unit_name(t, b));
    int on_a, on_b;
    if (was_charged_front_by(rs, b, a) && tiny_defensive_fire(bt, tiny_unit_limbered(t, b))) {
        rules_emitf(ctx, (rules_event){.kind = RULES_EV_NOTE, .unit = b}, TINY_REF_F,
                    "%s was charged from the front: its defensive fire comes first",
                    tiny_unit_name(t, b));
        on_a = melee_roll(rs, ctx, b, a);
        tiny_take_hits(rs, ctx, a, on_a, tiny_first_stand(t, b), TINY_REF_F, "defensive fire");
        on_b = tiny_unit_lost(rs, t, a) ? 0 : melee_roll(rs, ctx, a, b);
        tiny_take_hits(rs, ctx, b, on_b, tiny_first_stand(t, a), TINY_REF_F, "melee");
    } else {
        on_b = melee_roll(rs, ctx, a, b);
        on_a = melee_roll(rs, ctx, b, a);
        tiny_take_hits(rs, ctx, b, on_b, tiny_first_stand(t, a), TINY_REF_F, "melee, simultaneous");
        tiny_take_hits(rs, ctx, a, on_a, tiny_first_stand(t, b), TINY_REF_F, "melee, simultaneous");
    }
    if (on_a == on_b) {
        rules_emitf(ctx, (rules_event){.kind = RULES_EV_NOTE, .unit = a}, TINY_REF_FO,
                    "%d hits each: neither gives way", on_a);
        return;
    }
    unit_id loser = on_a > on_b ? a : b, winner = on_a > on_b ? b : a;
    rules_emitf(ctx, (rules_event){.kind = RULES_EV_NOTE, .unit = loser}, TINY_REF_FO,
                "%s took %d hits and inflicted %d: it gives way", tiny_unit_name(t, loser),
                on_a > on_b ? on_a : on_b, on_a > on_b ? on_b : on_a);
    if (!tiny_unit_lost(rs, t, loser)) {
        tiny_unit_geom lg, wg;
        tiny_unit_geom_of(t, loser, &lg);
        tiny_unit_geom_of(t, winner, &wg);
        vec2s away = {{lg.centre.x - wg.centre.x, lg.centre.y - wg.centre.y}};
        tiny_retreat(rs, ctx, loser, away, true, TINY_REF_FO, "retreats");
    }
    const tiny_troop *wt = tiny_troop_of(rs, t, winner);
    if (wt && wt->pursue && !tiny_unit_lost(rs, t, winner) &&
        !tiny_unit_in_contact(rs, t, winner)) {
        side_id ws = table_unit_const(t, winner)->side;
        rules_emitf(ctx,
                    (rules_event){.kind = RULES_EV_RULESET,
                                  .unit = winner,
                                  .side = ws,
                                  .tag = "beaten",
                                  .value = (int)loser.id},
                    TINY_REF_FO, "%s beat %s", tiny_unit_name(t, winner), tiny_unit_name(t, loser));
        rules_emitf(ctx,
                    (rules_event){.kind = RULES_EV_RULESET,
                                  .unit = winner,
                                  .side = ws,
                                  .tag = "set_flags",
                                  .value = (int)TINY_U_PURSUE},
                    TINY_REF_FO, "victorious cavalry %s may pursue", tiny_unit_name(t, winner));
    }
}

/* The table holds still between melees: the unit memo serves the contact tests until a melee
 * changes it. */
void tiny_resolve_contacts(rules_state *rs, rules_ctx *ctx)
{
    const table *t = ctx->table;
    tiny_geom_memo_begin(t, tiny_frames(rs));
    for (int i = 0; i < t->unit_count; i++) {
        unit_id a = t->units[i].id;
        if (t->units[i].side.id != rs->active.id || !tiny_is_troop_unit(t, a))
            continue;
        for (int k = 0; k < t->unit_count; k++) {
            unit_id b = t->units[k].id;
            if (t->units[k].side.id == rs->active.id || !tiny_is_troop_unit(t, b) ||
                tiny_unit_lost(rs, t, a) || tiny_unit_lost(rs, t, b) ||
                !in_contact_pair(rs, t, a, b))
                continue;
            tiny_geom_memo_end(t);
            melee(rs, ctx, a, b);
            tiny_geom_memo_begin(t, tiny_frames(rs));
        }
    }
    tiny_geom_memo_end(t);
}

/* Victorious cavalry charges on (the beaten unit if it can reach it), fights again, and then
 * must rally even if it wins (seed 003, F: Deciding the Outcome); with no pursuit possible it
 * stays and need not rally. */
void tiny_resolve_pursuits(rules_state *rs, rules_ctx *ctx)
{
    const table *t = ctx->table;
    for (int i = 0; i < rs->unit_count; i++) {
        if (!(rs->units[i].flags & TINY_U_PURSUE))
            continue;
        unit_id u = t->units[i].id, beaten = rs->units[i].beaten;
        side_id s = t->units[i].side;
        rules_emitf(ctx,
                    (rules_event){.kind = RULES_EV_RULESET,
                                  .unit = u,
                                  .side = s,
                                  .tag = "clear_flags",
                                  .value = (int)TINY_U_PURSUE},
                    TINY_REF_FO, "%s pursues", tiny_unit_name(t, u));
        tiny_plan p;
        char why[128];
        if (tiny_unit_lost(rs, t, u) ||
            !tiny_plan_charge(rs, t, u, beaten, true, &p, why, sizeof why)) {
            /* The rally the seed asks for follows the pursuit's charge move ("it may
             * immediately make a charge move ... but it may not move or shoot again until it is
             * rallied"): no charge move, no rally to make. */
            rules_emitf(ctx, (rules_event){.kind = RULES_EV_NOTE, .unit = u, .side = s},
                        TINY_REF_FO,
                        "%s cannot pursue (%s) and stays where it is, free to act next turn",
                        tiny_unit_name(t, u),
                        tiny_unit_lost(rs, t, beaten) ? "the beaten enemy is gone" : why);
            continue;
        }
        tiny_emit_plan(rs, ctx, &p, TINY_REF_FO, "pursues");
        rules_emitf(ctx,
                    (rules_event){.kind = RULES_EV_RULESET,
                                  .unit = u,
                                  .tag = "charge",
                                  .value = (int)beaten.id,
                                  .side = s},
                    TINY_REF_FO, "%s charges %s again", tiny_unit_name(t, u),
                    tiny_unit_name(t, beaten));
        if (p.difficult)
            rules_emitf(ctx,
                        (rules_event){.kind = RULES_EV_RULESET,
                                      .unit = u,
                                      .side = s,
                                      .tag = "set_flags",
                                      .value = (int)(TINY_U_DIFFICULT |
                                                     (p.over_cover ? TINY_U_OVER_COVER : 0))},
                        TINY_REF_FO, "through difficult ground");
        melee(rs, ctx, u, beaten);
        if (!tiny_unit_lost(rs, t, u))
            tiny_unit_status(ctx, u, FIGURE_STATUS_DEMORALISED, 0, TINY_REF_FO,
                             "after the pursuit it must rally, even though it won");
        /* A pursuit earns no second pursuit. */
        if (rs->units[i].flags & TINY_U_PURSUE)
            rules_emitf(ctx,
                        (rules_event){.kind = RULES_EV_RULESET,
                                      .unit = u,
                                      .side = s,
                                      .tag = "clear_flags",
                                      .value = (int)TINY_U_PURSUE},
                        TINY_REF_FO, "one pursuit only");
    }
}

/* Where a replacement commander appears: behind his brigade (or the army's first unit). */
static vec2s replacement_place(rules_state *rs, const table *t, const figure *c)
{
    for (int i = 0; i < t->unit_count; i++) {
        const unit *un = &t->units[i];
        bool mine = c->role == FIGURE_ROLE_GENERAL ? un->side.id == c->side.id
                                                   : un->parent.id == c->unit.id;
        tiny_unit_geom g;
        if (!mine || !tiny_unit_geom_of(t, un->id, &g))
            continue;
        vec2s p = {{g.rear.x - geom_dir(g.facing).x * tiny_cm(rs, 2),
                    g.rear.y - geom_dir(g.facing).y * tiny_cm(rs, 2)}};
        p.x = fminf(fmaxf(p.x, 1), t->width_cm - 1);
        p.y = fminf(fmaxf(p.y, 1), t->height_cm - 1);
        /* on a free spot near there (no base under him) */
        place_free_near(t, c->id, p, c->facing, NULL, 0, tiny_cm(rs, 4), NULL, NULL, &p);
        return p;
    }
    return c->pos;
}

void tiny_end_player_turn(rules_state *rs, rules_ctx *ctx)
{
    const table *t = ctx->table;
    for (int i = 0; i < rs->fig_count; i++) {
        const figure *c = &t->figures[i];
        if (c->side.id != rs->active.id || rs->figs[i].replace_ends <= 0)
            continue;
        int left = rs->figs[i].replace_ends - 1;
        rules_emitf(ctx,
                    (rules_event){.kind = RULES_EV_RULESET,
                                  .figure = c->id,
                                  .side = c->side,
                                  .tag = "replace_ends",
                                  .value = left},
                    TINY_REF_FC, "%s's replacement: %d turn end%s to go", c->name, left,
                    left == 1 ? "" : "s");
        if (left > 0)
            continue;
        vec2s at = replacement_place(rs, t, c);
        rules_emitf(ctx,
                    (rules_event){.kind = RULES_EV_STATUS,
                                  .figure = c->id,
                                  .side = c->side,
                                  .status_clear = FIGURE_STATUS_WOUNDED | FIGURE_STATUS_OFF_TABLE},
                    TINY_REF_FC, "a replacement takes over from %s", c->name);
        rules_emitf(ctx,
                    (rules_event){.kind = RULES_EV_MOVE,
                                  .figure = c->id,
                                  .side = c->side,
                                  .from = c->pos,
                                  .pos = at,
                                  .facing = c->facing},
                    TINY_REF_FC, "the replacement takes his place behind the line");
    }
}

bool tiny_validate_charge(const rules_state *rs, const table *t, const rules_command *cmd,
                          char *reason, size_t size)
{
    unit_id u = tiny_cmd_unit(t, cmd);
    tiny_plan p;
    if (tiny_is_brigade(t, u))
        return tiny_plan_brigade_charge(rs, t, u, tiny_cmd_target(t, cmd), &p, reason, size) &&
               tiny_brigade_order(rs, t, cmd, u, reason, size);
    if (!tiny_own_troop_unit(rs, t, u, reason, size))
        return false;
    if (!tiny_plan_charge(rs, t, u, tiny_cmd_target(t, cmd), false, &p, reason, size))
        return false;
    tiny_order o;
    return tiny_order_check(rs, t, cmd, u, &o, reason, size);
}

bool tiny_charge_target(const rules_state *rs, const table *t, unit_id u, unit_id e,
                        rules_target *o)
{
    tiny_plan p;
    if (!tiny_plan_charge(rs, t, u, e, false, &p, NULL, 0))
        return false;
    memset(o, 0, sizeof *o);
    o->unit = e;
    tiny_unit_geom eg;
    if (tiny_unit_geom_of(t, e, &eg))
        o->figure = eg.stands[0];
    o->range_cm = p.distance_cm;
    snprintf(o->band, sizeof o->band, "charge");
    o->expected_hits = tiny_melee_expected(rs, t, u, e, &o->dice, &o->need);
    o->expected_kills = o->expected_hits;
    o->p_hit = tiny_p_at_least(o->need);
    snprintf(o->note, sizeof o->note, "%s", p.note);
    return true;
}
