/* Little Colonial Rules: movement in play (seed 000, Actions: Move and Reform; Cavalry): the
 * checks of a MOVE or REFORM, the bot's candidates, the reach query and the walk itself (terrain,
 * walls and hedges, contact with the enemy, no base overlapping another). The allowances are
 * pure functions in lcr_move_math.h. */
#include "rules/lcr/lcr_move.h"

#include "core/mem.h"
#include "core/place.h"
#include "rules/lcr/lcr_command.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A move's path for figure f: its own position, then the command's waypoints shifted by f's
 * offset from the first figure (a group keeps its shape). Returns the point count. */
static int figure_path(const table *t, const rules_command *cmd, const figure *f, vec2s *pts)
{
    const figure *ref = table_figure_const(t, cmd->figures[0]);
    vec2s off = glms_vec2_sub(f->pos, ref->pos);
    pts[0] = f->pos;
    int n = cmd->path_count < PATH_MAX_POINTS - 1 ? cmd->path_count : PATH_MAX_POINTS - 1;
    for (int k = 0; k < n; k++)
        pts[k + 1] = glms_vec2_add(cmd->path[k], off);
    return n + 1;
}

static bool path_on_table(const table *t, const figure *f, const vec2s *pts, int n)
{
    float r = f->base.kind == GEOM_BASE_ROUND ? f->base.radius_cm : 0;
    for (int k = 1; k < n; k++)
        if (pts[k].x < r || pts[k].y < r || pts[k].x > t->width_cm - r ||
            pts[k].y > t->height_cm - r)
            return false;
    return true;
}

static bool path_shape_ok(const rules_command *cmd, const figure *ref, bool reform, char *why,
                          size_t size)
{
    if (cmd->path_count < 1 || (reform && cmd->path_count != 1))
        return lcr_refuse(why, size,
                          reform
                              ? "a reform names its figures and one end point: a straight line"
                              : "a move names its figures, its end point and any turns before it");
    vec2s prev = ref->pos;
    for (int k = 0; k < cmd->path_count; k++) {
        if (glms_vec2_distance(cmd->path[k], prev) < 1e-3f)
            return lcr_refuse(why, size,
                              k == 0 ? "the move goes nowhere"
                                     : "a stretch of the path has no length");
        prev = cmd->path[k];
    }
    return true;
}

/* Did this call's lcr_move_legal make the straight move of f to `to` with `allow` cm out of
 * his reach (the open scratch's record)? Then it ends where it leads: no path is asked. */
static bool move_proven(const rules_state *rs, const table *t, const figure *f, const vec2s *pts,
                        int n, float allow)
{
    const lcr_scratch *s = lcr_scratch_of(rs, t);
    uint32_t i = f->id.id - 1;
    if (!s || n != 2 || i >= (uint32_t)s->capacity || s->proven_epoch[i] != s->epoch)
        return false;
    const struct lcr_scratch_proven *p = &s->proven[i];
    return memcmp(&p->to, &pts[1], sizeof p->to) == 0 &&
           memcmp(&p->allow, &allow, sizeof allow) == 0;
}

/* Keeps the record move_proven reads: f's move to `to`, 98% or less of the way along the line
 * his reach walked with `allow` cm (a move factor other than 1 changes the allowance validate
 * asks with: not kept). */
static void move_prove(const rules_state *rs, const table *t, const figure *f, vec2s to,
                       float allow)
{
    lcr_scratch *s = lcr_scratch_of(rs, t);
    uint32_t i = f->id.id - 1;
    if (!s || i >= (uint32_t)s->capacity || lcr_hook_move_factor(rs, f) != 1.0f)
        return;
    s->proven_epoch[i] = s->epoch;
    s->proven[i] = (struct lcr_scratch_proven){to, allow};
}

bool lcr_move_validate(const rules_state *rs, const table *t, const rules_command *cmd,
                       float limit_cm, char *why, size_t size)
{
    if (cmd->figure_count < 1)
        return lcr_refuse(why, size, "a move names its figures");
    const figure *ref = table_figure_const(t, cmd->figures[0]);
    if (!ref)
        return lcr_refuse(why, size, "unknown figure");
    if (!path_shape_ok(cmd, ref, limit_cm > 0, why, size))
        return false;
    path_desc pd = lcr_path_desc(rs);
    for (int i = 0; i < cmd->figure_count; i++) {
        if (!lcr_may_act(rs, t, cmd->figures[i], why, size))
            return false;
        const figure *f = table_figure_const(t, cmd->figures[i]);
        vec2s pts[PATH_MAX_POINTS];
        int n = figure_path(t, cmd, f, pts);
        if (!path_on_table(t, f, pts, n))
            return lcr_refuse(why, size, "the move ends off the table");
        const lcr_move_class *mc = lcr_move_class_of(rs->data, f);
        /* Seed 000, Cavalry: seasoned cavalry may turn once, veterans twice, at most 45 degrees. */
        if (!lcr_move_check_turns(mc, f->pos, pts + 1, n - 1, size ? lcr_name(t, f->id) : "", why,
                                  size))
            return false;
        float allow = (limit_cm > 0 ? limit_cm : mc->max_cm) / lcr_hook_move_factor(rs, f);
        if (mc->must_move_all && limit_cm <= 0)
            continue; /* the dice decide how far; the point only gives the direction */
        if (move_proven(rs, t, f, pts, n, allow) || lcr_path_ends(rs, t, &pd, pts, n, allow))
            continue;
        if (!why || !size)
            return false;
        path_result res; /* the reason: what stopped him (the memo has the walk) */
        lcr_path_cost(rs, t, &pd, pts, n, allow, &res);
        lcr_why(why, size, "%s cannot get there: %s", lcr_name(t, f->id),
                res.stop == PATH_STOP_IMPASSABLE ? "impassable terrain"
                                                 : "beyond his allowance over this terrain");
        return false;
    }
    return true;
}

/* Seed 000, Cavalry: a rider who may turn is also offered a dog-leg toward the enemy, out at
 * most half the turn limit to one side and back in by the full limit. */
static void legal_turning_move(lcr_candidates *lo, const rules_state *rs, const table *t,
                               const figure *f, float angle, float go, float max_turn_deg)
{
    float half = max_turn_deg * 0.5f * (float)(GEOM_PI / 180.0);
    rules_command bend = {.kind = RULES_CMD_MOVE, .side = f->side, .path_count = 2};
    rules_command_add_figure(&bend, f->id);
    bend.path[0] = glms_vec2_add(f->pos, glms_vec2_scale(geom_dir(angle + half), go * 0.5f));
    bend.path[1] = glms_vec2_add(bend.path[0], glms_vec2_scale(geom_dir(angle - half), go * 0.5f));
    lcr_legal_push(lo, rs, t, &bend);
}

void lcr_move_legal(lcr_candidates *lo, const rules_state *rs, const table *t, side_id sd)
{
    path_desc pd = lcr_path_desc(rs);
    rules_command group = {.kind = RULES_CMD_MOVE, .side = sd};
    vec2s group_delta = {{0, 0}};
    bool have_delta = false;
    for (int i = lcr_activated_next(rs, t, -1); i >= 0; i = lcr_activated_next(rs, t, i)) {
        const figure *f = &t->figures[i];
        if (!(rs->flags[i] & LCR_FF_ACTIVATED) || !lcr_may_act(rs, t, f->id, NULL, 0) ||
            lcr_hook_immobile(rs, f))
            continue;
        figure_id e = lcr_nearest_enemy_any(rs, t, sd, f->pos);
        const figure *ef = table_figure_const(t, e);
        if (!ef)
            continue;
        vec2s d = glms_vec2_sub(ef->pos, f->pos);
        float dist = glms_vec2_norm(d);
        float angle = geom_angle_of(d);
        /* Up to the enemy, ending clear of his base but within contact distance (a move whose
         * end is on a base is no move). Too close already: no reach can make it a move, so the
         * terrain is not walked. */
        float touch = lcr_radius(f) + lcr_radius(ef) + 0.5f * rs->data->contact_cm;
        if (dist - touch < 0.5f)
            continue;
        const lcr_move_class *mc = lcr_move_class_of(rs->data, f);
        path_result res;
        vec2s reach = lcr_path_reach(rs, t, &pd, f->pos, angle, mc->max_cm, &res);
        float go = fminf(glms_vec2_distance(reach, f->pos) * 0.98f, dist - touch);
        if (go < 0.5f)
            continue;
        vec2s to = glms_vec2_add(f->pos, glms_vec2_scale(geom_dir(angle), go));
        move_prove(rs, t, f, to, mc->max_cm);
        rules_command one = {.kind = RULES_CMD_MOVE, .side = sd, .path_count = 1};
        rules_command_add_figure(&one, f->id);
        one.path[0] = to;
        /* A gun and its crew are offered only the group move: apart, the gun cannot fire. */
        if (f->role != FIGURE_ROLE_GUN && f->role != FIGURE_ROLE_CREW)
            lcr_legal_push(lo, rs, t, &one);
        if (mc->turns > 0)
            legal_turning_move(lo, rs, t, f, angle, go, mc->max_turn_deg);
        if (!have_delta) {
            group_delta = glms_vec2_sub(to, f->pos);
            have_delta = true;
            group.path[0] = to;
            group.path_count = 1;
        }
        if (group.figure_count < RULES_CMD_FIGURES_MAX)
            rules_command_add_figure(&group, f->id);
    }
    (void)group_delta;
    if (group.figure_count > 1)
        lcr_legal_push(lo, rs, t, &group);
}

/* Reform: an activated figure standing apart from his unit closes up to the nearest mate. */
void lcr_move_legal_reforms(lcr_candidates *lo, const rules_state *rs, const table *t, side_id sd)
{
    const figure *leader = table_figure_const(t, rs->actor);
    if (rs->actor_is_soldier || !leader || !lcr_is_leader(leader))
        return;
    int offered = 0;
    /* The figures a mate may be (active, not leaders) of each seeker's unit, packed in table
     * order the first time a seeker of that unit looks (from the unit's chain, built at
     * create): each search reads only his unit's, as a search of every figure would find. */
    enum { UNITS = 16 };
    typedef struct mate_seg {
        uint32_t unit;
        int first, count; /* in mates */
    } mate_seg;
    mate_seg seg[UNITS];
    int seg_count = 0;
    const figure *small[256];
    const figure **mates = NULL;
    int mate_count = 0;
    bool chains = t->figure_count == rs->fig_count;
    for (int i = lcr_activated_next(rs, t, -1); i >= 0 && offered < 4;
         i = lcr_activated_next(rs, t, i)) {
        const figure *f = &t->figures[i];
        if (!(rs->flags[i] & LCR_FF_ACTIVATED) || lcr_is_leader(f) ||
            !lcr_may_act(rs, t, f->id, NULL, 0))
            continue;
        int k = 0;
        while (k < seg_count && seg[k].unit != f->unit.id)
            k++;
        if (k == seg_count) { /* his unit's first seeker: its mates packed */
            if (!mates)
                mates = t->figure_count <= 256 ? small
                                               : mem_calloc((size_t)t->figure_count, sizeof *mates);
            if (seg_count == UNITS) { /* more units than kept: start the packing again */
                seg_count = mate_count = 0;
                k = 0;
            }
            int from = mate_count;
            for (int j = chains ? rs->unit_first[i] : 0; j >= 0 && j < t->figure_count;
                 j = chains ? rs->unit_next[j] : j + 1) {
                const figure *m = &t->figures[j];
                if (m->unit.id == f->unit.id && table_figure_active(m) && !lcr_is_leader(m))
                    mates[mate_count++] = m;
            }
            seg[seg_count++] = (mate_seg){f->unit.id, from, mate_count - from};
        }
        const figure *mate = NULL;
        float best = INFINITY;
        for (int j = seg[k].first; j < seg[k].first + seg[k].count; j++) {
            const figure *m = mates[j];
            if (m == f)
                continue;
            float d = glms_vec2_distance(m->pos, f->pos);
            if (d < best) {
                best = d;
                mate = m;
            }
        }
        if (!mate || lcr_command_in_contact(rs->data, f, mate))
            continue;
        float gap =
            best - f->base.radius_cm - mate->base.radius_cm - 0.5f * rs->data->contact_gap_cm;
        if (gap <= 0 || gap > rs->data->reform_cm)
            continue;
        vec2s dir = glms_vec2_normalize(glms_vec2_sub(mate->pos, f->pos));
        rules_command c = {.kind = RULES_CMD_REFORM, .side = sd, .path_count = 1};
        rules_command_add_figure(&c, f->id);
        c.path[0] = glms_vec2_add(f->pos, glms_vec2_scale(dir, gap));
        int before = lo->n;
        lcr_legal_push(lo, rs, t, &c);
        offered += lo->n > before;
    }
    if (mates && mates != small)
        free(mates);
}

bool lcr_move_reach(const rules_state *rs, const table *t, const rules_command *move, vec2s dir,
                    rules_reach *out)
{
    const figure *f = move->figure_count > 0 ? table_figure_const(t, move->figures[0]) : NULL;
    if (!f)
        return false;
    const lcr_move_class *mc = lcr_move_class_of(rs->data, f);
    path_desc pd = lcr_path_desc(rs);
    path_result res;
    float allow = (move->kind == RULES_CMD_REFORM ? rs->data->reform_cm : mc->max_cm) /
                  lcr_hook_move_factor(rs, f);
    out->stop = lcr_path_reach(rs, t, &pd, f->pos, geom_angle_of(dir), allow, &res);
    out->max_cm = res.moved_cm;
    out->allowance_cm = allow;
    out->sure_cm = out->max_cm;
    if (mc->dice > 0 && move->kind != RULES_CMD_REFORM) {
        path_result low;
        lcr_path_reach(rs, t, &pd, f->pos, geom_angle_of(dir), mc->base_cm + (float)mc->dice, &low);
        out->sure_cm = low.moved_cm;
    }
    snprintf(out->limit, sizeof out->limit, "%s",
             res.stop == PATH_STOP_IMPASSABLE ? "impassable terrain"
             : res.stop == PATH_STOP_ALLOWANCE
                 ? (mc->dice > 0 ? "the most the dice can give" : "allowance spent")
                 : "the end of the path");
    return true;
}

/* First parameter t in [0, 1] along a -> b where f comes within contact of e; 2 when never. A
 * figure already within contact at a stops at once (t = 0) if he moves closer to e, and goes
 * freely if he moves away (seed 000, Close Combat: moving within 2.5 cm stops the figure). */
static float contact_t(const figure *f, vec2s a, vec2s b, const figure *e, float contact)
{
    float R = lcr_radius(f) + lcr_radius(e) + contact;
    vec2s d = glms_vec2_sub(b, a), m = glms_vec2_sub(a, e->pos);
    float A = glms_vec2_dot(d, d), B = 2 * glms_vec2_dot(m, d), C = glms_vec2_dot(m, m) - R * R;
    if (A < 1e-9f)
        return 2;
    if (C <= 0)
        return B < 0 ? 0 : 2;
    float disc = B * B - 4 * A * C;
    if (disc < 0)
        return 2;
    float t = (-B - sqrtf(disc)) / (2 * A);
    return t >= 0 && t <= 1 ? t : 2;
}

static float table_room(const table *t, const figure *f, vec2s at, vec2s dir)
{
    float r = lcr_radius(f) + 0.05f, room = INFINITY;
    if (dir.x > 1e-6f)
        room = fminf(room, (t->width_cm - r - at.x) / dir.x);
    if (dir.x < -1e-6f)
        room = fminf(room, (r - at.x) / dir.x);
    if (dir.y > 1e-6f)
        room = fminf(room, (t->height_cm - r - at.y) / dir.y);
    if (dir.y < -1e-6f)
        room = fminf(room, (r - at.y) / dir.y);
    return fmaxf(room, 0);
}

typedef struct move_outcome {
    vec2s end;
    float spent;
    bool waiting;
    figure_id engaged_with;
} move_outcome;

/* Walks the straight line paying terrain, and rolling for each wall or hedge. */
static move_outcome walk(rules_state *rs, rules_ctx *ctx, const figure *f, vec2s start, vec2s dir,
                         float want, float allow)
{
    const table *t = ctx->table;
    move_outcome mo = {.end = start};
    path_desc pd = lcr_path_desc(rs);
    pd.stop_at_obstacle = true;
    float left = allow, moved = 0;
    want = fminf(want, table_room(t, f, start, dir));
    for (int guard = 0; guard < 16 && want - moved > 1e-3f && left > 1e-4f; guard++) {
        vec2s pts[2] = {mo.end, glms_vec2_add(mo.end, glms_vec2_scale(dir, want - moved))};
        path_result r;
        lcr_path_cost(rs, t, &pd, pts, 2, left, &r);
        mo.end = r.end;
        left -= r.spent_cm;
        moved += r.moved_cm;
        if (r.stop != PATH_STOP_OBSTACLE || r.stop_feature < 0)
            break;
        const terrain_feature *tf = &t->features[r.stop_feature];
        const lcr_terrain *lt = lcr_data_terrain(rs->data, t->types[tf->type].name);
        if (lt && lt->obstacle_roll) {
            lcr_obstacle_roll roll;
            lcr_move_obstacle(rs->data, ctx->rng, left, &roll);
            int g = rules_roll_group(ctx);
            for (int i = 0; i < roll.dice; i++)
                rules_emit_die(ctx, rs->data->obstacle_sides, roll.faces[i], 0, "obstacle", f->id,
                               g, LCR_REF_WALL);
            char text[160];
            if (!roll.crosses) {
                /* "%s needs %d cm to cross the %s but has %.1f left: he waits there" */
                lcr_text b = lcr_text_on(text, sizeof text);
                lcr_text_str(&b, lcr_name(t, f->id));
                lcr_text_str(&b, " needs ");
                lcr_text_int(&b, roll.cost_cm);
                lcr_text_str(&b, " cm to cross the ");
                lcr_text_str(&b, t->types[tf->type].name);
                lcr_text_str(&b, " but has ");
                lcr_text_fixed(&b, left, 1);
                lcr_text_str(&b, " left: he waits there");
                lcr_emit_note(ctx, f->id, LCR_REF_WALL, text);
                mo.end = glms_vec2_sub(mo.end, glms_vec2_scale(dir, fminf(0.05f, moved)));
                mo.waiting = true;
                break;
            }
            left -= (float)roll.cost_cm;
            lcr_text b = lcr_text_on(text, sizeof text); /* "crossing the %s costs %d cm ..." */
            lcr_text_str(&b, "crossing the ");
            lcr_text_str(&b, t->types[tf->type].name);
            lcr_text_str(&b, " costs ");
            lcr_text_int(&b, roll.cost_cm);
            lcr_text_str(&b, " cm of allowance");
            lcr_emit_note(ctx, f->id, LCR_REF_WALL, text);
        }
        mo.end = glms_vec2_add(mo.end, glms_vec2_scale(dir, 0.05f));
        moved += 0.05f;
    }
    mo.spent = allow - left;
    return mo;
}

/* Stops the move where it first comes within contact distance of an enemy. contact_t answers
 * 2 (never) for every enemy when the move has no length, and for an enemy standing further
 * than his contact reach and a margin outside the box of the move: the margin (a centimetre
 * and a thousandth of the coordinates) is far above the rounding of contact_t's quadratic, so
 * those are not asked. */
static void stop_at_contact(const rules_state *rs, const table *t, const figure *f, vec2s start,
                            move_outcome *mo)
{
    vec2s d = glms_vec2_sub(mo->end, start);
    if (glms_vec2_dot(d, d) < 1e-9f)
        return;
    float x0 = fminf(start.x, mo->end.x), x1 = fmaxf(start.x, mo->end.x);
    float y0 = fminf(start.y, mo->end.y), y1 = fmaxf(start.y, mo->end.y);
    float margin =
        1.0f + 1e-3f * (fabsf(start.x) + fabsf(start.y) + fabsf(mo->end.x) + fabsf(mo->end.y));
    float rf = lcr_radius(f), contact = rs->data->contact_cm;
    float best = 2;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *e = &t->figures[i];
        if (e->side.id == f->side.id || !table_figure_active(e))
            continue;
        float reach = rf + lcr_radius(e) + contact + margin;
        if (e->pos.x < x0 - reach || e->pos.x > x1 + reach || e->pos.y < y0 - reach ||
            e->pos.y > y1 + reach)
            continue;
        float tt = contact_t(f, start, mo->end, e, contact);
        if (tt < best) {
            best = tt;
            mo->engaged_with = e->id;
        }
    }
    if (best <= 1)
        mo->end = glms_vec2_lerp(start, mo->end, best);
}

/* Seed 000, Cavalry: the roll of a mounted figure explained ("regular cavalry: 20 + 5d6 = 37"). */
static void note_cavalry_roll(rules_state *rs, rules_ctx *ctx, const figure *f,
                              const lcr_allowance *a)
{
    const lcr_move_class *mc = lcr_move_class_of(rs->data, f);
    int sum = 0;
    for (int i = 0; i < a->dice; i++)
        sum += a->faces[i];
    char text[200];
    /* "%s, %s cavalry: %.0f + %dd%d = %.0f + %d = %.1f cm%s%s" */
    lcr_text b = lcr_text_on(text, sizeof text);
    lcr_text_str(&b, lcr_name(ctx->table, f->id));
    lcr_text_str(&b, ", ");
    lcr_text_str(&b, table_quality_name(f->quality));
    lcr_text_str(&b, " cavalry: ");
    lcr_text_fixed(&b, mc->base_cm, 0);
    lcr_text_str(&b, " + ");
    lcr_text_int(&b, mc->dice);
    lcr_text_str(&b, "d");
    lcr_text_int(&b, mc->sides);
    lcr_text_str(&b, " = ");
    lcr_text_fixed(&b, mc->base_cm, 0);
    lcr_text_str(&b, " + ");
    lcr_text_int(&b, sum);
    lcr_text_str(&b, " = ");
    lcr_text_fixed(&b, a->cm, 1);
    lcr_text_str(&b, " cm");
    lcr_text_str(&b, a->must_move_all ? ", moved in full, straight" : ", any distance up to it");
    lcr_text_str(&b, mc->turns > 0 ? (mc->turns == 1 ? ", one turn allowed" : ", two turns allowed")
                                   : "");
    lcr_emit_note(ctx, f->id, LCR_REF_CAVALRY, text);
}

static void roll_allowance(rules_state *rs, rules_ctx *ctx, const figure *f, bool reform,
                           lcr_allowance *a)
{
    if (reform) {
        *a = (lcr_allowance){.cm = rs->data->reform_cm};
        return;
    }
    bool mounted = lcr_move_is_mounted(f);
    lcr_move_allowance(rs->data, f, ctx->rng, a);
    int g = rules_roll_group(ctx);
    for (int i = 0; i < a->dice; i++)
        rules_emit_die(ctx, lcr_move_class_of(rs->data, f)->sides, a->faces[i], 0, "move", f->id, g,
                       mounted ? LCR_REF_CAVALRY : LCR_REF_MOVE);
    if (mounted)
        note_cavalry_roll(rs, ctx, f, a);
    a->cm /= lcr_hook_move_factor(rs, f); /* a light wound: movement costs double */
}

/* A stretch's words: "<name> moves 12.3 cm (12.3 of 24.0 cm allowance spent)", after a turn
 * "<name> turns 30 degrees and moves ...". */
static void move_text(char *buf, size_t size, const char *name, bool reform, bool turned,
                      float turn_deg, float moved, float spent, float allowance, bool must_move_all)
{
    lcr_text b = lcr_text_on(buf, size);
    lcr_text_str(&b, name);
    if (!turned) {
        lcr_text_str(&b, reform ? " closes up " : " moves ");
    } else {
        lcr_text_str(&b, " turns ");
        lcr_text_fixed(&b, turn_deg, 0);
        lcr_text_str(&b, " degrees and moves ");
    }
    lcr_text_fixed(&b, moved, 1);
    lcr_text_str(&b, " cm (");
    lcr_text_fixed(&b, spent, 1);
    lcr_text_str(&b, " of ");
    lcr_text_fixed(&b, allowance, 1);
    lcr_text_str(&b, " cm allowance spent)");
    if (!turned && must_move_all)
        lcr_text_str(&b, ": raw troops move the whole roll");
}

/* Moves one figure along its path (pts[0] is where it stands), stretch by stretch, each paid
 * from what the earlier ones left; a stretch cut short ends the move. */
static void move_one(rules_state *rs, rules_ctx *ctx, figure_id id, const vec2s *pts, int n,
                     bool reform)
{
    const table *t = ctx->table;
    const figure *f = table_figure_const(t, id);
    lcr_allowance a;
    roll_allowance(rs, ctx, f, reform, &a);
    move_outcome mo = {.end = f->pos};
    float left = a.cm, spent = 0;
    char text[200];
    for (int k = 1; k < n; k++) {
        vec2s from = mo.end, delta = glms_vec2_sub(pts[k], pts[k - 1]);
        float dist = glms_vec2_norm(delta);
        vec2s dir = glms_vec2_scale(delta, 1.0f / dist);
        float want = a.must_move_all && k == n - 1 ? INFINITY : dist;
        mo = walk(rs, ctx, f, from, dir, want, left);
        stop_at_contact(rs, t, f, from, &mo);
        /* Bases never overlap: a friend in the way stops him touching (core/place.h). */
        vec2s free_end;
        place_path_stop(t, id, from, mo.end, geom_angle_of(dir), NULL, 0, &free_end);
        if (glms_vec2_distance(free_end, mo.end) > 1e-4f) {
            mo.end = free_end;
            mo.waiting = false;
        }
        left -= mo.spent;
        spent += mo.spent;
        move_text(text, sizeof text, lcr_name(t, id), reform, k > 1,
                  k > 1 ? lcr_move_turn_deg(pts[k - 2], pts[k - 1], pts[k]) : 0.0f,
                  glms_vec2_distance(from, mo.end), spent, a.cm, a.must_move_all);
        lcr_emit_move(ctx, id, from, mo.end, geom_angle_of(dir), mo.spent,
                      reform   ? LCR_REF_REFORM
                      : k == 1 ? LCR_REF_MOVE
                               : LCR_REF_CAVALRY,
                      text);
        if (mo.waiting || mo.engaged_with.id || glms_vec2_distance(from, mo.end) < dist - 1e-3f)
            break;
    }
    lcr_emit_flag(ctx, "acted", id, 1, "has acted");
    bool was_waiting = (rs->flags[id.id - 1] & LCR_FF_WAITING) != 0;
    if (was_waiting != mo.waiting)
        lcr_emit_flag(ctx, "waiting", id, mo.waiting,
                      mo.waiting ? "waits at the obstacle" : "moves on");
    if (mo.engaged_with.id) {
        lcr_text b = lcr_text_on(text, sizeof text); /* "%s stops within %.1f cm of %s: ..." */
        lcr_text_str(&b, lcr_name(t, id));
        lcr_text_str(&b, " stops within ");
        lcr_text_fixed(&b, rs->data->contact_cm, 1);
        lcr_text_str(&b, " cm of ");
        lcr_text_str(&b, lcr_name(t, mo.engaged_with));
        lcr_text_str(&b, ": close combat");
        lcr_emit_flag(ctx, "engaged", id, (int)mo.engaged_with.id, text);
    }
}

void lcr_move_figure(rules_state *rs, rules_ctx *ctx, figure_id id, const vec2s *pts, int n)
{
    move_one(rs, ctx, id, pts, n, false);
}

/* The group's figures in marching order: the one furthest ahead along the way first, so those
 * behind are not stopped by friends who have yet to move. */
static void march_order(const table *t, const rules_command *cmd, int *order)
{
    const figure *ref = table_figure_const(t, cmd->figures[0]);
    vec2s dir = glms_vec2_sub(cmd->path[0], ref->pos);
    float ahead[RULES_CMD_FIGURES_MAX];
    for (int i = 0; i < cmd->figure_count; i++) {
        order[i] = i;
        ahead[i] = glms_vec2_dot(table_figure_const(t, cmd->figures[i])->pos, dir);
    }
    for (int i = 1; i < cmd->figure_count; i++)
        for (int j = i; j > 0 && ahead[order[j]] > ahead[order[j - 1]]; j--) {
            int tmp = order[j];
            order[j] = order[j - 1];
            order[j - 1] = tmp;
        }
}

void lcr_move_resolve(rules_state *rs, rules_ctx *ctx, const rules_command *cmd, bool reform)
{
    const figure *ref = table_figure_const(ctx->table, cmd->figures[0]);
    vec2s lead = ref->pos;
    int order[RULES_CMD_FIGURES_MAX];
    march_order(ctx->table, cmd, order);
    for (int o = 0; o < cmd->figure_count; o++) {
        int i = order[o];
        const figure *f = table_figure_const(ctx->table, cmd->figures[i]);
        vec2s off = glms_vec2_sub(f->pos, lead);
        vec2s pts[RULES_CMD_PATH_MAX + 1] = {f->pos};
        for (int k = 0; k < cmd->path_count && k < RULES_CMD_PATH_MAX; k++)
            pts[k + 1] = glms_vec2_add(cmd->path[k], off);
        int n = (cmd->path_count < RULES_CMD_PATH_MAX ? cmd->path_count : RULES_CMD_PATH_MAX) + 1;
        move_one(rs, ctx, cmd->figures[i], pts, n, reform);
    }
}

bool lcr_move_validate_reform(const rules_state *rs, const table *t, const rules_command *cmd,
                              char *why, size_t size)
{
    const figure *l = table_figure_const(t, rs->actor);
    if (rs->actor_is_soldier || !l || !lcr_is_leader(l))
        return lcr_refuse(why, size, "only officers and NCOs order a reform");
    return lcr_move_validate(rs, t, cmd, rs->data->reform_cm, why, size);
}
