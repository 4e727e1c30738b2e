/* Little Colonial Rules: artillery in the command flow (seed 000, Types Of Artillery). A gun's
 * FIRE names the gun, the ammunition (option) and, for roundshot and shrapnel, the aim point
 * (point; target may name the figure aimed at). Validation, resolution into events, the bot's
 * candidate commands and the odds for targets(). */
#include "rules/lcr/lcr_artillery.h"

#include "core/spatial.h"

#include "core/los.h"
#include "core/place.h"
#include "rules/lcr/lcr_artillery_math.h"
#include "rules/lcr/lcr_fire.h"
#include "rules/lcr/lcr_morale.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define REF_GUNS      LCR_REF " — Types Of Artillery"
#define REF_ROUNDSHOT LCR_REF " — Types Of Artillery: roundshot"
#define REF_GRAPESHOT LCR_REF " — Types Of Artillery: grapeshot"
#define REF_SHRAPNEL  LCR_REF " — Types Of Artillery: shrapnel"
#define REF_DEVIATION LCR_REF " — Artillery deviation (assumed)"
#define REF_CREW      LCR_REF " — Types Of Artillery: crew"

static const char *ammo_ref[LCR_AMMO_COUNT] = {REF_ROUNDSHOT, REF_GRAPESHOT, REF_SHRAPNEL};

/* Figures that have already acted (or are fighting) this card serve no gun. */
static void busy_figures(const rules_state *rs, const table *t, bool *busy)
{
    for (int i = 0; i < t->figure_count; i++)
        busy[i] = i < rs->fig_count && (rs->flags[i] & (LCR_FF_ACTED | LCR_FF_ENGAGED));
}

static lcr_crew crew_now(const rules_state *rs, const table *t, const figure *gun, figure_id *ids,
                         int *n)
{
    lcr_scratch *s = ids || n ? NULL : lcr_scratch_of(rs, t);
    if (s && s->crew_epoch == s->epoch && s->crew_gun == gun->id.id)
        return s->crew;
    bool busy[1024] = {0};
    if (t->figure_count <= 1024)
        busy_figures(rs, t, busy);
    lcr_crew c = lcr_artillery_crew_of(rs->data, t, gun, busy, ids, n, RULES_CMD_FIGURES_MAX);
    if (s) {
        s->crew_epoch = s->epoch;
        s->crew_gun = gun->id.id;
        s->crew = c;
    }
    return c;
}

static const lcr_gun *gun_type(const rules_state *rs, const table *t, const rules_command *cmd)
{
    return cmd->figure_count > 0
               ? lcr_artillery_gun_of(rs->data, table_figure_const(t, cmd->figures[0]))
               : NULL;
}

/* A gun's FIRE that names no ammunition (the view's target tool names only the target figure):
 * grapeshot when the target is the nearest enemy in sight within grapeshot range, else the gun's
 * aimed ammunition (roundshot or shrapnel) at the target's centre. */
static rules_command with_defaults(const rules_state *rs, const table *t, const rules_command *cmd)
{
    rules_command c = *cmd;
    const lcr_gun *gt = gun_type(rs, t, cmd);
    const figure *target = table_figure_const(t, cmd->target);
    if (c.option[0] || !gt || c.figure_count != 1 || !target)
        return c;
    const figure *g = table_figure_const(t, cmd->figures[0]);
    if (lcr_artillery_fires(gt, LCR_AMMO_GRAPESHOT) &&
        lcr_nearest_enemy(rs, t, g->side, g->pos).id == target->id.id &&
        glms_vec2_distance(g->pos, target->pos) <=
            lcr_artillery_max_range(gt, LCR_AMMO_GRAPESHOT) + 1e-4f) {
        lcr_copy(c.option, sizeof c.option, lcr_data_ammo_name(LCR_AMMO_GRAPESHOT));
        return c;
    }
    lcr_ammo aimed =
        lcr_artillery_fires(gt, LCR_AMMO_ROUNDSHOT) ? LCR_AMMO_ROUNDSHOT : LCR_AMMO_SHRAPNEL;
    lcr_copy(c.option, sizeof c.option, lcr_data_ammo_name(aimed));
    if (!c.point_set) {
        c.point_set = true;
        c.point = target->pos;
    }
    return c;
}

bool lcr_artillery_is_gun_fire(const rules_state *rs, const table *t, const rules_command *cmd)
{
    return cmd->kind == RULES_CMD_FIRE && (cmd->option[0] != '\0' || gun_type(rs, t, cmd) != NULL);
}

/* ---- validation -------------------------------------------------------------------------------
 */

static bool gun_may_act(const rules_state *rs, const table *t, const figure *g, char *why,
                        size_t size)
{
    uint8_t fl = rs->flags[g->id.id - 1];
    if (!table_figure_active(g))
        return lcr_refuse(why, size, "that gun is not in play");
    if (!(fl & LCR_FF_ACTIVATED)) {
        lcr_why(why, size, "%s is not activated by this card", lcr_name(t, g->id));
        return false;
    }
    if (fl & (LCR_FF_ACTED | LCR_FF_ENGAGED)) {
        lcr_why(why, size, "%s has already acted", lcr_name(t, g->id));
        return false;
    }
    if (g->status & FIGURE_STATUS_DEMORALISED) {
        lcr_why(why, size, "%s is demoralised: only a rally helps him", lcr_name(t, g->id));
        return false;
    }
    return true;
}

/* The friendly base (other than the gun) the line from the gun to p crosses, or NULL. */
static const figure *friend_on_line(const table *t, const figure *g, vec2s p)
{
    geom_segment s = {g->pos, p};
    float x0 = s.a.x < s.b.x ? s.a.x : s.b.x, x1 = s.a.x < s.b.x ? s.b.x : s.a.x;
    float y0 = s.a.y < s.b.y ? s.a.y : s.b.y, y1 = s.a.y < s.b.y ? s.b.y : s.a.y;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        if (f == g || f->side.id != g->side.id || !table_figure_active(f))
            continue;
        /* a base whose centre lies further from the line's box than its reach (and a margin
         * far above GEOM_EPS) cannot touch the line: no exact test */
        float r = spatial_base_reach(&f->base) + 1e-2f;
        if (f->pos.x < x0 - r || f->pos.x > x1 + r || f->pos.y < y0 - r || f->pos.y > y1 + r)
            continue;
        geom_placed_base b = {f->base, f->pos, f->facing};
        if (geom_segment_base_intersect(s, &b))
            return f;
    }
    return NULL;
}

static bool point_ok(const rules_state *rs, const table *t, const figure *g, const lcr_gun *gt,
                     lcr_ammo ammo, vec2s p, const lcr_crew *crew, char *why, size_t size)
{
    if (p.x < 0 || p.y < 0 || p.x > t->width_cm || p.y > t->height_cm)
        return lcr_refuse(why, size, "the target point is off the table");
    float range = glms_vec2_distance(g->pos, p);
    int need;
    if (!lcr_artillery_need(gt, ammo, range, crew->modifier, &need, NULL)) {
        lcr_why(why, size, "the target point is out of %s range (%.1f cm; at most %.0f)",
                lcr_data_ammo_name(ammo), range, lcr_artillery_max_range(gt, ammo));
        return false;
    }
    if (rs->los && !size) { /* yes or no (legal(), targets()): the memoised verdict */
        if (lcr_terrain_hides(rs, g->pos, p, table_posture_eye_ft(g->posture), NULL))
            return false;
    } else if (rs->los) {
        los_result r = los_points(rs->los, t, g->pos, p, table_posture_eye_ft(g->posture), NULL);
        if (r.verdict != LOS_CLEAR) {
            lcr_why(why, size, "%s cannot see the target point (%s in the way)", lcr_name(t, g->id),
                    r.feature >= 0 ? t->types[t->features[r.feature].type].name : "terrain");
            return false;
        }
    }
    if (ammo == LCR_AMMO_ROUNDSHOT &&
        lcr_artillery_stop_cm(rs->data, t, (geom_segment){g->pos, p}) < range)
        return lcr_refuse(why, size, "the line of fire is blocked by terrain that stops the shot");
    /* A roundshot skims along its line; a shell is fired over friends' heads to burst. */
    const figure *f = ammo == LCR_AMMO_ROUNDSHOT ? friend_on_line(t, g, p) : NULL;
    if (f) {
        lcr_why(why, size, "the line of fire crosses a friendly base (%s)", lcr_name(t, f->id));
        return false;
    }
    return true;
}

/* lcr_nearest_enemy of gun g when that enemy stands within grapeshot range, else none: the
 * first seen in (distance, id) order among those within range is the first seen of all when he
 * is within range, and none is when that one is not, so the search looks no further. */
static figure_id grape_target(const rules_state *rs, const table *t, const figure *g,
                              const lcr_gun *gt)
{
    return lcr_nearest_enemy_within(rs, t, g->side, g->pos,
                                    lcr_artillery_max_range(gt, LCR_AMMO_GRAPESHOT) + 1e-4f);
}

static bool grape_ok(const rules_state *rs, const table *t, const figure *g, const lcr_gun *gt,
                     figure_id target, char *why, size_t size)
{
    if (!size) { /* yes or no: the checks below answer no unless the enemy is grape_target's */
        figure_id near = grape_target(rs, t, g, gt);
        return near.id && (!target.id || target.id == near.id);
    }
    figure_id near = lcr_nearest_enemy(rs, t, g->side, g->pos);
    if (!near.id)
        return lcr_refuse(why, size, "no enemy in sight for grapeshot");
    if (target.id && target.id != near.id) {
        lcr_why(why, size, "grapeshot is area fire traced to the nearest enemy in sight: %s",
                lcr_name(t, near));
        return false;
    }
    float range = glms_vec2_distance(g->pos, table_figure_const(t, near)->pos);
    if (range > lcr_artillery_max_range(gt, LCR_AMMO_GRAPESHOT) + 1e-4f) {
        lcr_why(why, size,
                "the nearest enemy (%s) is beyond grapeshot range (%.1f cm; at most "
                "%.0f)",
                lcr_name(t, near), range, lcr_artillery_max_range(gt, LCR_AMMO_GRAPESHOT));
        return false;
    }
    return true;
}

/* lcr_artillery_validate, with the gun's crew as crew_now counts it when the caller knows it
 * already (NULL: counted here). */
static bool validate_with(const rules_state *rs, const table *t, const rules_command *cmd,
                          const lcr_crew *known, char *why, size_t size)
{
    rules_command filled;
    if (!cmd->option[0]) { /* with_defaults keeps a named ammunition as it is: no copy then */
        filled = with_defaults(rs, t, cmd);
        cmd = &filled;
    }
    if (cmd->figure_count != 1)
        return lcr_refuse(why, size, "a gun fires alone: name the gun (its crew serve it)");
    const figure *g = table_figure_const(t, cmd->figures[0]);
    const lcr_gun *gt = lcr_artillery_gun_of(rs->data, g);
    if (!gt) {
        lcr_why(why, size, "%s is not a gun: only guns fire %s", g ? lcr_name(t, g->id) : "?",
                cmd->option);
        return false;
    }
    if (!gun_may_act(rs, t, g, why, size))
        return false;
    int ammo = lcr_data_ammo_parse(cmd->option);
    if (ammo < 0)
        return lcr_refuse(why, size, "name the ammunition: roundshot, grapeshot or shrapnel");
    if (!lcr_artillery_fires(gt, (lcr_ammo)ammo)) {
        lcr_why(why, size, "a %s gun does not fire %s", gt->name, cmd->option);
        return false;
    }
    lcr_crew crew = known ? *known : crew_now(rs, t, g, NULL, NULL);
    if (crew.effective < rs->data->artillery.min_crew) {
        lcr_why(why, size, "%s has no crew to serve it (%d gunners, %d stand-ins within %.0f cm)",
                lcr_name(t, g->id), crew.gunners, crew.stand_ins,
                rs->data->artillery.crew_radius_cm);
        return false;
    }
    if (ammo == LCR_AMMO_GRAPESHOT)
        return grape_ok(rs, t, g, gt, cmd->target, why, size);
    if (!cmd->point_set)
        return lcr_refuse(why, size, "roundshot and shrapnel need a target point");
    return point_ok(rs, t, g, gt, (lcr_ammo)ammo, cmd->point, &crew, why, size);
}

/* validate_with's yes or no in two parts, for a query that asks it of one gun's shots at every
 * enemy with every ammunition: the gun's own (gun_ready, asked once; crew as crew_now counts
 * it) and the aim's (aim_ok: a shot of ammunition the gun fires at enemy e's place). A FIRE of
 * the gun with that ammunition's name, e as its target and, but for grapeshot, his place as its
 * point is valid when both hold, as validate_with answers. */
static bool gun_ready(const rules_state *rs, const table *t, const rules_command *fire,
                      const figure *g, const lcr_crew *crew)
{
    return fire->figure_count == 1 && gun_may_act(rs, t, g, NULL, 0) &&
           crew->effective >= rs->data->artillery.min_crew;
}

static bool aim_ok(const rules_state *rs, const table *t, const figure *g, const lcr_gun *gt,
                   lcr_ammo ammo, const figure *e, const lcr_crew *crew)
{
    if (ammo == LCR_AMMO_GRAPESHOT)
        return grape_ok(rs, t, g, gt, e->id, NULL, 0);
    return point_ok(rs, t, g, gt, ammo, e->pos, crew, NULL, 0);
}

bool lcr_artillery_validate(const rules_state *rs, const table *t, const rules_command *cmd,
                            char *why, size_t size)
{
    return validate_with(rs, t, cmd, NULL, why, size);
}

/* ---- resolution -------------------------------------------------------------------------------
 */

static void emit_note_at(rules_ctx *ctx, figure_id fig, vec2s from, vec2s pos, const char *tag,
                         const char *ref, const char *text)
{
    rules_event ev = {.kind = RULES_EV_NOTE, .figure = fig, .from = from, .pos = pos};
    lcr_copy(ev.tag, sizeof ev.tag, tag);
    lcr_emit_text(ctx, ev, ref, text);
}

/* A shot's path for the screen to draw (event.h's TEMPLATE lines), named in a few words: the
 * note beside it says what happened. */
static void emit_path(rules_ctx *ctx, const figure *g, vec2s from, vec2s to, bool dashed,
                      const char *ref, const char *text)
{
    rules_event ev = {
        .kind = RULES_EV_TEMPLATE, .figure = g->id, .side = g->side, .from = from, .pos = to};
    lcr_copy(ev.tag, sizeof ev.tag, dashed ? "line_dashed" : "line");
    lcr_copy(ev.ref, sizeof ev.ref, ref);
    lcr_copy(ev.text, sizeof ev.text, text);
    rules_emit(ctx, &ev);
}

static void emit_acted(rules_ctx *ctx, const figure *f, const char *text)
{
    rules_event ev = {.kind = RULES_EV_RULESET, .figure = f->id, .side = f->side, .value = 1};
    lcr_copy(ev.tag, sizeof ev.tag, "acted");
    lcr_emit_text(ctx, ev, REF_CREW, text);
}

/* The gun turns to its aim; it and the activated men serving it spend their action. */
static void serve_gun(rules_state *rs, rules_ctx *ctx, const figure *g, vec2s aim,
                      const figure_id *crew_ids, int crew_n)
{
    const table *t = ctx->table;
    float face = geom_angle_of(glms_vec2_sub(aim, g->pos));
    /* The model turns only where its base, turned, touches no one (core/place.h); hemmed in by
     * its crew it fires as laid, the line still traced from its muzzle to the aim. */
    if (glms_vec2_distance(aim, g->pos) > 1e-4f &&
        fabsf(geom_angle_diff(face, g->facing)) > 1e-4f &&
        place_blocker(t, g->id, g->pos, face, NULL, 0).id == 0) {
        rules_event ev = {.kind = RULES_EV_MOVE,
                          .figure = g->id,
                          .side = g->side,
                          .from = g->pos,
                          .pos = g->pos,
                          .facing = face};
        rules_emitf(ctx, ev, REF_GUNS, "%s is laid on its target", lcr_name(t, g->id));
    }
    emit_acted(ctx, g, "fires");
    for (int i = 0; i < crew_n; i++) {
        const figure *c = table_figure_const(t, crew_ids[i]);
        if (rs->flags[c->id.id - 1] & LCR_FF_ACTIVATED)
            emit_acted(ctx, c, "serves the gun");
    }
}

static void explain_crew(rules_state *rs, rules_ctx *ctx, const figure *g, const lcr_crew *c)
{
    const lcr_artillery *a = &rs->data->artillery;
    char text[200];
    snprintf(text, sizeof text,
             "%s: %d gunners and %d stand-ins (%d for one gunner) serve it: %d of %d crew",
             lcr_name(ctx->table, g->id), c->gunners, c->stand_ins, a->stand_ins_per_gunner,
             c->effective, a->crew);
    emit_note_at(ctx, g->id, g->pos, g->pos, "crew", REF_CREW, text);
    if (c->modifier == 0)
        return;
    rules_event ev = {.kind = RULES_EV_MODIFIER, .figure = g->id, .value = c->modifier};
    lcr_copy(ev.tag, sizeof ev.tag, "crew");
    rules_emitf(ctx, ev, REF_CREW, "%+d: %d gunners missing (%+d each)", c->modifier, c->missing,
                a->modifier_per_missing);
}

/* One hit on a figure: its saving roll, then the casualty. */
static void strike(rules_state *rs, rules_ctx *ctx, figure_id id, const char *ref, const char *why)
{
    const figure *f = table_figure_const(ctx->table, id);
    if (!f || !table_figure_active(f))
        return;
    if (lcr_fire_saves(rs, ctx, f, 1) == 0)
        lcr_casualty(rs, ctx, id, FIGURE_STATUS_DEAD, ref, why);
}

/* The to-hit die, and the deviation of a miss. Returns the impact point. */
static vec2s aim_and_land(rules_state *rs, rules_ctx *ctx, const figure *g, lcr_ammo ammo,
                          vec2s aim, const lcr_gun *gt, const lcr_crew *crew)
{
    const lcr_artillery *a = &rs->data->artillery;
    const table *t = ctx->table;
    int need = 7;
    const char *band = "";
    lcr_artillery_need(gt, ammo, glms_vec2_distance(g->pos, aim), crew->modifier, &need, &band);
    int group = rules_roll_group(ctx);
    int face = rules_roll(ctx, 6, need, "to_hit", g->id, group, ammo_ref[ammo]);
    char text[200];
    if (face >= need) {
        snprintf(text, sizeof text, "%s, %s range: %d needing %d: on target at (%.1f, %.1f)",
                 lcr_data_ammo_name(ammo), band, face, need, aim.x, aim.y);
        emit_note_at(ctx, g->id, g->pos, aim, "impact", ammo_ref[ammo], text);
        return aim;
    }
    int dgroup = rules_roll_group(ctx);
    int dir =
        rules_roll(ctx, a->deviation_faces, 0, "deviation_direction", g->id, dgroup, REF_DEVIATION);
    int pips = 0;
    for (int i = 0; i < a->deviation_dice; i++)
        pips += rules_roll(ctx, a->deviation_sides, 0, "deviation_distance", g->id, dgroup,
                           REF_DEVIATION);
    float deg, dist;
    vec2s impact = lcr_artillery_deviate(a, g->pos, aim, dir, pips, &deg, &dist);
    snprintf(text, sizeof text,
             "%s, %s range: %d needing %d misses; it deviates %.0f cm at %.0f degrees clockwise "
             "from the line of fire and lands at (%.1f, %.1f)",
             lcr_data_ammo_name(ammo), band, face, need, dist, deg, impact.x, impact.y);
    emit_note_at(ctx, g->id, aim, impact, "impact", REF_DEVIATION, text);
    emit_path(ctx, g, aim, impact, true, REF_DEVIATION, "the shot's deviation");
    (void)t;
    return impact;
}

static void fire_roundshot(rules_state *rs, rules_ctx *ctx, const figure *g, const lcr_gun *gt,
                           vec2s impact)
{
    const table *t = ctx->table;
    float bounce = gt->ammo[LCR_AMMO_ROUNDSHOT].bounce_cm;
    vec2s dir = glms_vec2_sub(impact, g->pos);
    float flight = glms_vec2_norm(dir);
    dir = flight > 1e-6f ? glms_vec2_scale(dir, 1.0f / flight) : geom_dir(g->facing);
    vec2s far = glms_vec2_add(impact, glms_vec2_scale(dir, bounce));
    float stop = lcr_artillery_stop_cm(rs->data, t, (geom_segment){g->pos, far});
    lcr_ball_hit hits[LCR_ARTILLERY_HITS_MAX];
    vec2s end;
    int n = lcr_artillery_ball_hits(t, g->id, g->pos, impact, bounce, stop, hits,
                                    LCR_ARTILLERY_HITS_MAX, &end);
    char text[200];
    snprintf(text, sizeof text,
             "the ball flies %.1f cm to its impact and bounces on %.0f cm, stopping at (%.1f, "
             "%.1f)%s: %d figure%s on its line",
             fminf(flight, stop), fmaxf(0.0f, fminf(bounce, stop - flight)), end.x, end.y,
             stop < flight + bounce ? " against terrain" : "", n, n == 1 ? "" : "s");
    emit_note_at(ctx, g->id, g->pos, end, "ball", REF_ROUNDSHOT, text);
    /* Its flight to the impact (or the terrain that stops it first), then the bounce. */
    vec2s land = stop < flight ? end : impact;
    emit_path(ctx, g, g->pos, land, false, REF_ROUNDSHOT, "the ball's flight");
    if (stop > flight && glms_vec2_distance(impact, end) > 0.05f)
        emit_path(ctx, g, impact, end, true, REF_ROUNDSHOT, "the ball's bounce");
    for (int i = 0; i < n; i++) {
        snprintf(text, sizeof text, "%s is on the ball's line (%s)", lcr_name(t, hits[i].id),
                 hits[i].bounce ? "on the bounce" : "in its flight");
        emit_note_at(ctx, hits[i].id, g->pos, end, hits[i].bounce ? "ball_bounce" : "ball_flight",
                     REF_ROUNDSHOT, text);
        strike(rs, ctx, hits[i].id, REF_ROUNDSHOT,
               hits[i].bounce ? "struck by the bouncing roundshot" : "struck by roundshot");
    }
}

static void fire_shrapnel(rules_state *rs, rules_ctx *ctx, const figure *g, const lcr_gun *gt,
                          vec2s impact)
{
    const table *t = ctx->table;
    float radius = gt->ammo[LCR_AMMO_SHRAPNEL].burst_radius_cm;
    int need = rs->data->artillery.shrapnel_burst_need;
    figure_id in[LCR_ARTILLERY_HITS_MAX];
    int n = lcr_artillery_burst(t, impact, radius, in, LCR_ARTILLERY_HITS_MAX);
    char text[200];
    snprintf(text, sizeof text,
             "the shell bursts over (%.1f, %.1f): %d figure%s within %.0f cm, each throwing a "
             "die, hit on %d or more",
             impact.x, impact.y, n, n == 1 ? "" : "s", radius, need);
    emit_note_at(ctx, g->id, g->pos, impact, "burst", REF_SHRAPNEL, text);
    int group = rules_roll_group(ctx);
    for (int i = 0; i < n; i++) {
        int face = rules_roll(ctx, 6, need, "shrapnel", in[i], group, REF_SHRAPNEL);
        if (face >= need)
            strike(rs, ctx, in[i], REF_SHRAPNEL, "struck by shrapnel");
    }
}

static void fire_grapeshot(rules_state *rs, rules_ctx *ctx, const rules_command *cmd,
                           const figure *g, const lcr_gun *gt, const lcr_crew *crew)
{
    const table *t = ctx->table;
    const figure *target = table_figure_const(t, lcr_nearest_enemy(rs, t, g->side, g->pos));
    if (!target)
        return;
    int hits = lcr_artillery_grape_hits(gt, crew);
    char text[200];
    snprintf(text, sizeof text,
             "grapeshot at %s, %.1f cm: automatic, %d hits (%d less %d for missing gunners); "
             "area fire with the gun's rating of %.0f cm",
             lcr_name(t, target->id), glms_vec2_distance(g->pos, target->pos), hits,
             gt->ammo[LCR_AMMO_GRAPESHOT].hits, crew->missing,
             gt->ammo[LCR_AMMO_GRAPESHOT].rating_cm);
    emit_note_at(ctx, target->id, g->pos, target->pos, "grapeshot", REF_GRAPESHOT, text);
    lcr_fire_area_hits(rs, ctx, cmd->side, g->pos, target, gt->ammo[LCR_AMMO_GRAPESHOT].rating_cm,
                       hits); /* saves inside */
}

void lcr_artillery_resolve(rules_state *rs, rules_ctx *ctx, const rules_command *cmd)
{
    const table *t = ctx->table;
    rules_command filled = with_defaults(rs, t, cmd);
    cmd = &filled;
    const figure *g = table_figure_const(t, cmd->figures[0]);
    const lcr_gun *gt = lcr_artillery_gun_of(rs->data, g);
    lcr_ammo ammo = (lcr_ammo)lcr_data_ammo_parse(cmd->option);
    figure_id crew_ids[RULES_CMD_FIGURES_MAX];
    int crew_n = 0;
    lcr_crew crew = crew_now(rs, t, g, crew_ids, &crew_n);
    vec2s aim = cmd->point;
    if (ammo == LCR_AMMO_GRAPESHOT) {
        const figure *near = table_figure_const(t, lcr_nearest_enemy(rs, t, g->side, g->pos));
        aim = near ? near->pos : g->pos;
    }
    serve_gun(rs, ctx, g, aim, crew_ids, crew_n);
    g = table_figure_const(t, cmd->figures[0]);
    explain_crew(rs, ctx, g, &crew);
    if (ammo == LCR_AMMO_GRAPESHOT) {
        fire_grapeshot(rs, ctx, cmd, g, gt, &crew);
        return;
    }
    vec2s impact = aim_and_land(rs, ctx, g, ammo, aim, gt, &crew);
    if (ammo == LCR_AMMO_ROUNDSHOT)
        fire_roundshot(rs, ctx, g, gt, impact);
    else
        fire_shrapnel(rs, ctx, g, gt, impact);
}

/* ---- the bot's candidates and the odds ----------------------------------------------------------
 */

/* Up to max (at most 8) enemies of the gun's side in its sight within max_range, nearest
 * first. */
static int nearest_enemies(const rules_state *rs, const table *t, const figure *g, float max_range,
                           figure_id *out, int max)
{
    int n = 0;
    float dist[8];
    max = max < 8 ? max : 8;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *e = &t->figures[i];
        float d = glms_vec2_distance(e->pos, g->pos);
        if (e->side.id == g->side.id || !table_figure_active(e) || d > max_range ||
            (n == max && d >= dist[n - 1]) ||
            lcr_hidden(rs, t, g->pos, table_posture_eye_ft(g->posture), e, NULL))
            continue;
        int k = n < max ? n++ : n - 1; /* a full list drops its farthest */
        for (; k > 0 && dist[k - 1] > d; k--) {
            dist[k] = dist[k - 1];
            out[k] = out[k - 1];
        }
        dist[k] = d;
        out[k] = e->id;
    }
    return n;
}

/* A grapeshot candidate at an enemy beyond its range is one validate refuses: it need not be
 * made when every gun's candidates fit in max (else it takes a place, as it always has). */
static bool grapeshot_within(const rules_state *rs, const table *t, side_id sd, int max)
{
    int guns = 0;
    for (int i = lcr_activated_next(rs, t, -1); i >= 0; i = lcr_activated_next(rs, t, i))
        guns += !(rs->flags[i] & LCR_FF_ACTED) && t->figures[i].side.id == sd.id &&
                lcr_artillery_gun_of(rs->data, &t->figures[i]);
    return guns * (1 + 4 * (LCR_AMMO_COUNT - 1)) <= max;
}

int lcr_artillery_candidates(const rules_state *rs, const table *t, side_id sd, rules_command *out,
                             int max)
{
    int n = 0, within = -1; /* grapeshot_within's answer, asked at the first grapeshot */
    for (int i = lcr_activated_next(rs, t, -1); i >= 0; i = lcr_activated_next(rs, t, i)) {
        if (rs->flags[i] & LCR_FF_ACTED)
            continue;
        const figure *g = &t->figures[i];
        const lcr_gun *gt = lcr_artillery_gun_of(rs->data, g);
        if (!gt || g->side.id != sd.id)
            continue;
        for (int a = 0; a < LCR_AMMO_COUNT; a++) {
            if (!lcr_artillery_fires(gt, (lcr_ammo)a))
                continue;
            rules_command c = {.kind = RULES_CMD_FIRE, .side = sd};
            rules_command_add_figure(&c, g->id);
            lcr_copy(c.option, sizeof c.option, lcr_data_ammo_name((lcr_ammo)a));
            if (a == LCR_AMMO_GRAPESHOT) {
                if (within < 0)
                    within = grapeshot_within(rs, t, sd, max);
                c.target =
                    within ? grape_target(rs, t, g, gt) : lcr_nearest_enemy(rs, t, sd, g->pos);
                if (c.target.id && n < max)
                    out[n++] = c;
                continue;
            }
            figure_id near[4];
            int k = nearest_enemies(rs, t, g, lcr_artillery_max_range(gt, (lcr_ammo)a), near, 4);
            for (int j = 0; j < k && n < max; j++) {
                c.target = near[j];
                c.point_set = true;
                c.point = table_figure_const(t, near[j])->pos;
                out[n++] = c;
            }
        }
    }
    return n;
}

/* Enemies less friends among the figures a shot would strike. */
static float net_struck(const table *t, side_id own, const figure_id *ids, int n)
{
    float v = 0;
    for (int i = 0; i < n; i++)
        v += table_figure_const(t, ids[i])->side.id == own.id ? -1.0f : 1.0f;
    return v;
}

/* The odds of gun g firing ammo at e; false when that shot is not one validate allows (ready:
 * gun_ready's answer, asked once per query). */
static bool odds_one(const rules_state *rs, const table *t, bool ready, const figure *g,
                     const lcr_gun *gt, lcr_ammo ammo, const figure *e, const lcr_crew *crew_of_g,
                     rules_target *tg)
{
    if (rs->active >= 0 && !(ready && aim_ok(rs, t, g, gt, ammo, e, crew_of_g)))
        return false;
    /* Outside an activation (the view's target tool) only range and the grapeshot trace. */
    if (glms_vec2_distance(g->pos, e->pos) > lcr_artillery_max_range(gt, ammo) + 1e-4f ||
        (ammo == LCR_AMMO_GRAPESHOT && rs->active < 0 && /* (else aim_ok found him nearest) */
         lcr_nearest_enemy(rs, t, g->side, g->pos).id != e->id.id))
        return false;
    lcr_crew crew = *crew_of_g;
    float p_fail = (float)(rs->data->save_foot_need - 1) / 6.0f;
    *tg = (rules_target){.figure = e->id, .unit = e->unit};
    tg->range_cm = glms_vec2_distance(g->pos, e->pos);
    figure_id struck[LCR_ARTILLERY_HITS_MAX];
    int n = 0;
    if (ammo == LCR_AMMO_GRAPESHOT) {
        const lcr_gun_ammo *am = &gt->ammo[ammo];
        tg->dice = lcr_artillery_grape_hits(gt, &crew);
        tg->need = 1;
        tg->p_hit = p_fail;
        tg->expected_hits = (float)tg->dice * p_fail;
        int inside = 0;
        for (int i = 0; i < t->figure_count; i++)
            inside += t->figures[i].side.id == e->side.id && table_figure_active(&t->figures[i]) &&
                      lcr_fire_in_semicircle(e->pos, glms_vec2_sub(e->pos, g->pos), am->rating_cm,
                                             t->figures[i].pos);
        tg->expected_kills = fminf(tg->expected_hits, (float)inside);
        tg->area_radius_cm = am->rating_cm;
        lcr_copy(tg->band, sizeof tg->band, "grapeshot");
    } else {
        const char *band = "";
        lcr_artillery_need(gt, ammo, tg->range_cm, crew.modifier, &tg->need, &band);
        lcr_copy(tg->band, sizeof tg->band, band);
        tg->dice = 1;
        float p_on = fmaxf(0.0f, fminf(6.0f, (float)(7 - tg->need))) / 6.0f;
        float per_figure = p_fail;
        if (ammo == LCR_AMMO_ROUNDSHOT) {
            lcr_ball_hit hits[LCR_ARTILLERY_HITS_MAX];
            float bounce = gt->ammo[ammo].bounce_cm;
            vec2s dir = glms_vec2_normalize(glms_vec2_sub(e->pos, g->pos));
            vec2s far = glms_vec2_add(e->pos, glms_vec2_scale(dir, bounce));
            float stop = lcr_artillery_stop_cm(rs->data, t, (geom_segment){g->pos, far});
            int k = lcr_artillery_ball_hits(t, g->id, g->pos, e->pos, bounce, stop, hits,
                                            LCR_ARTILLERY_HITS_MAX, NULL);
            for (int i = 0; i < k; i++)
                struck[n++] = hits[i].id;
        } else {
            n = lcr_artillery_burst(t, e->pos, gt->ammo[ammo].burst_radius_cm, struck,
                                    LCR_ARTILLERY_HITS_MAX);
            per_figure *= (float)(7 - rs->data->artillery.shrapnel_burst_need) / 6.0f;
        }
        tg->p_hit = p_on * per_figure;
        tg->expected_hits = p_on * (float)n * per_figure;
        tg->expected_kills = fmaxf(0.0f, p_on * net_struck(t, g->side, struck, n) * per_figure);
    }
    lcr_text note = lcr_text_on(tg->note, sizeof tg->note);
    lcr_text_str(&note, lcr_data_ammo_name(ammo));
    lcr_text_str(&note, ", ");
    lcr_text_str(&note, tg->band);
    lcr_text_str(&note, ammo == LCR_AMMO_GRAPESHOT ? ", crew " : " range, crew ");
    lcr_text_int(&note, crew.effective);
    lcr_text_str(&note, " of ");
    lcr_text_int(&note, rs->data->artillery.crew);
    lcr_text_str(&note, crew.modifier >= 0 ? " (+" : " (");
    lcr_text_int(&note, crew.modifier);
    lcr_text_str(&note, ")");
    return true;
}

int lcr_artillery_targets(const rules_state *rs, const table *t, const rules_command *fire,
                          rules_target *out, int max)
{
    const figure *g = table_figure_const(t, fire->figures[0]);
    const lcr_gun *gt = lcr_artillery_gun_of(rs->data, g);
    if (!gt)
        return 0;
    int want = fire->option[0] ? lcr_data_ammo_parse(fire->option) : -1;
    /* the gun's crew: the same for every target and ammunition (counted once) */
    lcr_crew crew = crew_now(rs, t, g, NULL, NULL);
    bool ready = rs->active < 0 || gun_ready(rs, t, fire, g, &crew);
    int n = 0;
    for (int i = 0; i < t->figure_count && n < max; i++) {
        const figure *e = &t->figures[i];
        if (e->side.id == g->side.id || !table_figure_active(e))
            continue;
        rules_target best = {0};
        bool found = false;
        for (int a = 0; a < LCR_AMMO_COUNT; a++) {
            rules_target tg;
            if ((want >= 0 && a != want) || !lcr_artillery_fires(gt, (lcr_ammo)a) ||
                !odds_one(rs, t, ready, g, gt, (lcr_ammo)a, e, &crew, &tg))
                continue;
            if (!found || tg.expected_kills > best.expected_kills)
                best = tg;
            found = true;
        }
        if (found)
            out[n++] = best;
    }
    return n;
}

bool lcr_artillery_arc(const rules_state *rs, const figure *f, float *range_cm)
{
    const lcr_gun *gt = lcr_artillery_gun_of(rs->data, f);
    if (!gt)
        return false;
    *range_cm = 0;
    for (int a = 0; a < LCR_AMMO_COUNT; a++)
        *range_cm = fmaxf(*range_cm, lcr_artillery_max_range(gt, (lcr_ammo)a));
    return true;
}

bool lcr_artillery_view_arc(const rules_state *rs, const table *t, figure_id fig, float *half_angle,
                            float *range_cm)
{
    const figure *f = table_figure_const(t, fig);
    if (!f || !lcr_artillery_arc(rs, f, range_cm))
        return false;
    *half_angle = GEOM_PI; /* a gun turns to fire any way */
    return true;
}
