/* Little Colonial Rules: shooting (seed 000, Shooting; Cavalry: firing mounted): the checks of
 * a FIRE (weapon, range, sight, arc, line of fire) and of the firing side's ALLOCATE, the bot's
 * candidates, the targets query with its odds, and the resolution: the dice, saving rolls, area
 * fire's semicircle and the third rank's 1s. The dice maths are pure functions in
 * lcr_fire_math.h; guns are lcr_artillery.c's. */
#include "rules/lcr/lcr_fire.h"

#include "rules/lcr/lcr_artillery_math.h"
#include "rules/lcr/lcr_command.h"
#include "rules/lcr/lcr_morale.h"

#include "core/mem.h"
#include "core/spatial.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* The terrain feature across the line that blocks individual fire, or -1. */
static int terrain_across(const rules_state *rs, const table *t, geom_segment s)
{
    bool listed = rs->fire_blockers && rs->fire_blocker_features == t->feature_count;
    int n = listed ? rs->fire_blocker_count : t->feature_count;
    /* A feature whose box lies further from the line's box than a margin (well above the
     * GEOM_EPS the tests allow for touching) cannot meet the line: not tested. */
    const float pad = 1e-3f;
    float x0 = (s.a.x < s.b.x ? s.a.x : s.b.x) - pad, x1 = (s.a.x < s.b.x ? s.b.x : s.a.x) + pad;
    float y0 = (s.a.y < s.b.y ? s.a.y : s.b.y) - pad, y1 = (s.a.y < s.b.y ? s.b.y : s.a.y) + pad;
    for (int k = 0; k < n; k++) {
        int i = listed ? rs->fire_blockers[k] : k;
        const terrain_feature *tf = &t->features[i];
        if (tf->bounds.min.x > x1 || tf->bounds.max.x < x0 || tf->bounds.min.y > y1 ||
            tf->bounds.max.y < y0)
            continue;
        if (!listed) {
            const lcr_terrain *lt = lcr_terrain_of(rs, t, tf->type);
            if (!lt || !lt->blocks_individual_fire)
                continue;
        }
        bool hit = tf->shape == TERRAIN_SHAPE_AREA ? geom_segment_polygon_intersect(s, &tf->area)
                                                   : geom_segment_polyline_intersect(s, &tf->line);
        if (hit)
            return i;
    }
    return -1;
}

/* Side sd's active figures, each with the reach of his base (a margin far above GEOM_EPS), in
 * figure order; from the open scratch when there is one (gathered once per call). */
static const lcr_friend_pt *friends_of(const rules_state *rs, const table *t, side_id sd,
                                       lcr_friend_pt *local, int *n)
{
    lcr_scratch *s = lcr_scratch_of(rs, t);
    lcr_friend_pt *out = s ? s->friends : local;
    if (s && s->friends_of.id == sd.id && sd.id) {
        *n = s->friend_count;
        return out;
    }
    int k = 0;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        if (f->side.id == sd.id && table_figure_active(f)) {
            float g = spatial_base_reach(&f->base) + 1e-2f;
            out[k++] = (lcr_friend_pt){f->pos.x - g, f->pos.x + g, f->pos.y - g, f->pos.y + g, f};
        }
    }
    if (s) {
        s->friends_of = sd;
        s->friend_count = k;
    }
    *n = k;
    return out;
}

/* Does the straight line from a to b pass over terrain that blocks fire, or over a friendly
 * base (other than those the formation may fire through)? */
static bool line_blocked(const rules_state *rs, const table *t, const figure *firer,
                         const figure *target, bool formation, char *why, size_t why_size)
{
    geom_segment s = {firer->pos, target->pos};
    int blocker = terrain_across(rs, t, s);
    if (blocker >= 0) {
        const terrain_feature *tf = &t->features[blocker];
        lcr_why(why, why_size, "the line of fire is blocked by %s",
                tf->name[0] ? tf->name : t->types[tf->type].name);
        return true;
    }
    /* A base whose centre is further from the line's box than its reach cannot touch the line:
     * skip the exact test. */
    float x0 = s.a.x < s.b.x ? s.a.x : s.b.x, x1 = s.a.x < s.b.x ? s.b.x : s.a.x;
    float y0 = s.a.y < s.b.y ? s.a.y : s.b.y, y1 = s.a.y < s.b.y ? s.b.y : s.a.y;
    lcr_friend_pt small[256];
    lcr_friend_pt *local =
        t->figure_count <= 256 ? small : mem_calloc((size_t)t->figure_count, sizeof *local);
    int n = 0;
    const lcr_friend_pt *fr = friends_of(rs, t, firer->side, local, &n);
    bool blocked = false;
    for (int i = 0; i < n && !blocked; i++) {
        const figure *f = fr[i].f;
        /* (the box's rounding, millionths of a centimetre, lies far inside its hundredth) */
        if (f == firer || fr[i].x1 < x0 || fr[i].x0 > x1 || fr[i].y1 < y0 || fr[i].y0 > y1)
            continue;
        geom_placed_base b = {f->base, f->pos, f->facing};
        if (!geom_segment_base_intersect(s, &b))
            continue;
        /* Formation fire passes through a friend of the same unit directly in front: for a
         * second or third rank, the figure(s) of its file ahead of it. */
        bool file_ahead = formation && f->unit.id == firer->unit.id &&
                          glms_vec2_distance(f->pos, firer->pos) <=
                              2.0f * (2.0f * firer->base.radius_cm + rs->data->contact_gap_cm);
        if (!file_ahead) {
            lcr_why(why, why_size, "the line of fire crosses a friendly base (%s)",
                    f->name[0] ? f->name : table_role_name(f->role));
            blocked = true;
        }
    }
    if (local != small)
        free(local);
    return blocked;
}

/* lcr_data_weapon of f's weapon, from the open scratch when asked before in this call (the
 * table holds still within one; firer_ok asks it of each firer for every target). */
static const lcr_weapon *weapon_of(const rules_state *rs, const table *t, const figure *f)
{
    lcr_scratch *s = lcr_scratch_of(rs, t);
    uint32_t i = f->id.id - 1;
    if (!s || i >= (uint32_t)s->capacity)
        return lcr_data_weapon(rs->data, f->weapon);
    struct lcr_scratch_weapon *e = &s->weapons[i];
    if (e->epoch != s->epoch || e->f != f)
        *e = (struct lcr_scratch_weapon){s->epoch, f, lcr_data_weapon(rs->data, f->weapon)};
    return e->w;
}

/* One firer against a chosen target: weapon, range, arc and line of fire. */
static bool firer_ok(const rules_state *rs, const table *t, const figure *f, const figure *target,
                     bool area, char *why, size_t size)
{
    if (!lcr_may_act(rs, t, f->id, why, size))
        return false;
    /* looked up once: what lcr_figure_can_fire and the range check both read */
    const lcr_weapon *w = weapon_of(rs, t, f);
    if (!(w && w->dice_per_man > 0 && w->band_count > 0)) {
        lcr_why(why, size, "%s has no firearm (%s)", lcr_name(t, f->id), f->weapon);
        return false;
    }
    int need;
    float range = lcr_hook_range(rs, f, glms_vec2_distance(f->pos, target->pos));
    if (!lcr_fire_need(w, range, &need, NULL)) {
        lcr_why(why, size, "%s is out of range (%.1f cm)", lcr_name(t, f->id), range);
        return false;
    }
    int blocker = -1;
    if (lcr_hidden(rs, t, f->pos, table_posture_eye_ft(f->posture), target, &blocker)) {
        lcr_why(why, size, "%s cannot see the target (%s in the way)", lcr_name(t, f->id),
                blocker >= 0 ? t->types[t->features[blocker].type].name : "terrain");
        return false;
    }
    const unit *u = table_unit_const(t, f->unit);
    bool formation = area && u && !lcr_data_is_loose(rs->data, u->formation);
    if (formation &&
        !lcr_fire_in_arc(f->pos, f->facing, rs->data->formation_arc_deg, target->pos)) {
        lcr_why(why, size, "%s: the target is outside the formation's %.0f degree arc",
                lcr_name(t, f->id), rs->data->formation_arc_deg);
        return false;
    }
    return !line_blocked(rs, t, f, target, formation, why, size);
}

/* firer_ok asking only whether (no reason): from the open scratch when it was asked before in
 * this call for the same target and fire mode. */
static bool firer_ok_cached(const rules_state *rs, const table *t, const figure *f,
                            const figure *target, bool area)
{
    lcr_scratch *s = lcr_scratch_of(rs, t);
    uint32_t i = f->id.id - 1;
    if (!s || i >= (uint32_t)s->capacity)
        return firer_ok(rs, t, f, target, area, NULL, 0);
    if (s->ok_epoch[i] == s->epoch && s->ok_target[i] == target->id.id && s->ok_area[i] == area)
        return s->ok_value[i];
    bool ok = firer_ok(rs, t, f, target, area, NULL, 0);
    s->ok_epoch[i] = s->epoch;
    s->ok_target[i] = target->id.id;
    s->ok_area[i] = area;
    s->ok_value[i] = ok;
    return ok;
}

bool lcr_fire_validate(const rules_state *rs, const table *t, const rules_command *cmd, char *why,
                       size_t size)
{
    if (cmd->figure_count < 1)
        return lcr_refuse(why, size, "name the firing figures");
    const figure *target = table_figure_const(t, cmd->target);
    if (!target || !table_figure_active(target) || target->side.id == rs->acting_side.id)
        return lcr_refuse(why, size, "the target must be an enemy figure in play");
    bool area = lcr_fire_is_area(rs, cmd->figures, cmd->figure_count);
    if (area) {
        figure_id near = lcr_area_target(rs, t, rs->acting_side, cmd->figures, cmd->figure_count);
        if (near.id != target->id.id) {
            lcr_why(why, size,
                    "area fire is traced to the nearest enemy in the arc of fire, not in close "
                    "combat: %s",
                    lcr_name(t, near));
            return false;
        }
    }
    for (int i = 0; i < cmd->figure_count; i++) {
        for (int j = 0; j < i; j++)
            if (cmd->figures[j].id == cmd->figures[i].id)
                return lcr_refuse(why, size, "a figure is named twice");
        const figure *f = table_figure_const(t, cmd->figures[i]);
        if (!f)
            return lcr_refuse(why, size, "unknown figure");
        if (size ? !firer_ok(rs, t, f, target, area, why, size)
                 : !firer_ok_cached(rs, t, f, target, area))
            return false;
    }
    return true;
}

bool lcr_fire_validate_allocation(const rules_state *rs, const rules_command *cmd, char *why,
                                  size_t size)
{
    if (cmd->kind != RULES_CMD_ALLOCATE)
        return lcr_refuse(why, size, "the firing side must first pick the figures hit");
    return lcr_fire_allocation_valid(rs->data, rs->alloc, rs->alloc_count, rs->alloc_hits,
                                     cmd->figures, cmd->figure_count, why, size);
}

/* The furthest a target may stand from f and be in range of his weapon: the longest band over
 * the range hook's factor (it scales the range counted: a serious wound), a little over for
 * rounding; infinite when the hook does not scale plainly. */
static float firer_reach(const rules_state *rs, const figure *f)
{
    const lcr_weapon *w = lcr_data_weapon(rs->data, f->weapon);
    if (!w || w->dice_per_man <= 0)
        return 0;
    float band = 0;
    for (int i = 0; i < w->band_count; i++)
        band = fmaxf(band, w->bands[i].max_cm);
    float k = lcr_hook_range(rs, f, 1000.0f) / 1000.0f;
    float k2 = lcr_hook_range(rs, f, 2000.0f) / 2000.0f;
    if (!(k > 1e-3f) || fabsf(k2 - k) > 1e-4f * k)
        return INFINITY;
    return (band + 1e-4f) / k * 1.001f + 1.0f;
}

/* The furthest from the group's centre a target in range of any of them may stand. */
static float group_reach(const rules_state *rs, const table *t, const figure_id *ids, int n)
{
    vec2s c = lcr_centroid(t, ids, n);
    float reach = 0;
    for (int i = 0; i < n; i++) {
        const figure *f = table_figure_const(t, ids[i]);
        reach = fmaxf(reach, glms_vec2_distance(c, f->pos) + firer_reach(rs, f));
    }
    return reach + 1.0f;
}

void lcr_fire_legal(lcr_candidates *lo, const rules_state *rs, const table *t, side_id sd)
{
    rules_command fire = {.kind = RULES_CMD_FIRE, .side = sd};
    for (int i = lcr_activated_next(rs, t, -1); i >= 0; i = lcr_activated_next(rs, t, i)) {
        const figure *f = &t->figures[i];
        if ((rs->flags[i] & LCR_FF_ACTIVATED) && lcr_may_act(rs, t, f->id, NULL, 0) &&
            lcr_figure_can_fire(rs, f) && fire.figure_count < RULES_CMD_FIGURES_MAX)
            rules_command_add_figure(&fire, f->id);
    }
    if (fire.figure_count == 0)
        return;
    if (!lcr_fire_is_area(rs, fire.figures, fire.figure_count)) {
        /* Individual fire: any enemy; offer the nearest few. A figure out of play or of the
         * acting side is refused as the target of firearms (lcr_fire_validate): not asked. */
        bool firearms = !lcr_artillery_gun_of(rs->data, table_figure_const(t, fire.figures[0]));
        for (int i = 0, offered = 0; i < t->figure_count && offered < 6; i++) {
            const figure *e = &t->figures[i];
            if (firearms && (!table_figure_active(e) || e->side.id == rs->acting_side.id))
                continue;
            fire.target = e->id;
            int before = lo->n;
            lcr_legal_push(lo, rs, t, &fire);
            offered += lo->n > before;
        }
        return;
    }
    /* Area fire: the firers that can reach the nearest enemy of the group; the group's centre
     * moves when some drop out, so look again once. A target out of every firer's reach gives
     * no candidate, so the search looks no further than that. */
    for (int round = 0; round < 2; round++) {
        float reach = group_reach(rs, t, fire.figures, fire.figure_count);
        fire.target = lcr_area_target_within(rs, t, sd, fire.figures, fire.figure_count, reach);
        const figure *target = table_figure_const(t, fire.target);
        if (!target)
            return;
        rules_command ok = fire;
        ok.figure_count = 0;
        for (int i = 0; i < fire.figure_count; i++)
            if (firer_ok_cached(rs, t, table_figure_const(t, fire.figures[i]), target, true))
                rules_command_add_figure(&ok, fire.figures[i]);
        if (ok.figure_count == 0)
            return;
        int before = lo->n;
        lcr_legal_push(lo, rs, t, &ok);
        if (lo->n > before)
            return;
        fire = ok;
    }
}

int lcr_fire_targets(const rules_state *rs, const table *t, const rules_command *fire,
                     rules_target *out, int max)
{
    if (fire->figure_count < 1 || max <= 0)
        return 0;
    bool area = lcr_fire_is_area(rs, fire->figures, fire->figure_count);
    vec2s c = lcr_centroid(t, fire->figures, fire->figure_count);
    side_id sd = table_figure_const(t, fire->figures[0])->side;
    figure_id near =
        area ? lcr_area_target(rs, t, sd, fire->figures, fire->figure_count) : (figure_id){0};
    int n = 0;
    for (int i = 0; i < t->figure_count && n < max; i++) {
        const figure *e = &t->figures[i];
        if (area && e->id.id != near.id)
            continue;
        if (e->side.id == sd.id || !table_figure_active(e))
            continue;
        rules_command probe = *fire;
        probe.target = e->id;
        if (rs->active >= 0 && !lcr_fire_validate(rs, t, &probe, NULL, 0)) /* yes or no */
            continue;
        rules_target *tg = &out[n++];
        *tg = (rules_target){.figure = e->id, .unit = e->unit};
        tg->range_cm = glms_vec2_distance(c, e->pos);
        float expect = 0;
        int mounted_mod = 0;
        for (int k = 0; k < fire->figure_count; k++) {
            const figure *f = table_figure_const(t, fire->figures[k]);
            const lcr_weapon *w = lcr_data_weapon(rs->data, f->weapon);
            int need;
            const char *band = "";
            if (!lcr_fire_need(w, lcr_hook_range(rs, f, glms_vec2_distance(f->pos, e->pos)), &need,
                               &band))
                continue;
            lcr_copy(tg->band, sizeof tg->band, band);
            /* Seed 000, Cavalry: a mounted firer's modifier raises the score he needs. */
            int mod = lcr_move_is_mounted(f) ? w->mounted_modifier : 0;
            need = lcr_fire_effective_need(rs->data, w, need, mod != 0);
            mounted_mod = mod ? mod : mounted_mod;
            tg->need = need;
            tg->dice += w->dice_per_man;
            float p = lcr_fire_p_hit(rs->data, need) * (float)(rs->data->save_foot_need - 1) / 6.0f;
            tg->p_hit = p;
            expect += p * (float)w->dice_per_man;
        }
        tg->expected_hits = expect;
        tg->expected_kills = area ? expect : fminf(1.0f, expect);
        /* Seed 000, Area fire: the radius is the number of firers (cm per firer in data). */
        tg->area_radius_cm =
            area ? (float)fire->figure_count * rs->data->area_radius_cm_per_firer : 0.0f;
        lcr_text note = lcr_text_on(tg->note, sizeof tg->note);
        lcr_text_str(&note, area ? "area fire, " : "individual fire, ");
        lcr_text_str(&note, tg->band);
        lcr_text_str(&note, " range");
        if (mounted_mod) {
            lcr_text_str(&note, mounted_mod >= 0 ? ", firing mounted +" : ", firing mounted ");
            lcr_text_int(&note, mounted_mod);
        }
    }
    return n;
}

/* Seed 000, Arc of fire: formations fire in formation_arc_deg to the front, anyone else in any
 * direction; the arc reaches as far as the weapon's longest range band. */
bool lcr_fire_arc(const rules_state *rs, const table *t, figure_id fig, float *half_angle,
                  float *range_cm)
{
    const figure *f = table_figure_const(t, fig);
    const lcr_weapon *w = f ? lcr_data_weapon(rs->data, f->weapon) : NULL;
    if (!w || w->dice_per_man <= 0 || w->band_count <= 0)
        return false;
    const unit *u = table_unit_const(t, f->unit);
    bool formation = u && !lcr_data_is_loose(rs->data, u->formation);
    *half_angle = formation ? rs->data->formation_arc_deg * 0.5f * GEOM_PI / 180.0f : GEOM_PI;
    *range_cm = w->bands[w->band_count - 1].max_cm;
    return true;
}

/* How many unit-mates stand one behind another in front of f (0: front rank). */
static int rank_of(const rules_state *rs, const table *t, const figure *f)
{
    const figure *cur = f;
    int rank = 0;
    for (int guard = 0; guard < 4; guard++) {
        const figure *ahead = NULL;
        vec2s fwd = geom_dir(f->facing);
        for (int i = 0; i < t->figure_count && !ahead; i++) {
            const figure *m = &t->figures[i];
            if (m == cur || m->unit.id != f->unit.id || !table_figure_active(m) ||
                !lcr_command_in_contact(rs->data, cur, m))
                continue;
            vec2s d = glms_vec2_sub(m->pos, cur->pos);
            if (glms_vec2_dot(d, fwd) > 0.8f * glms_vec2_norm(d))
                ahead = m;
        }
        if (!ahead)
            break;
        rank++;
        cur = ahead;
    }
    return rank;
}

typedef struct volley {
    int hits, ones_third;
    int group, group_third;
    figure_id front[RULES_CMD_FIGURES_MAX]; /* firers of the first two ranks */
    int front_count;
} volley;

static void fire_one(rules_state *rs, rules_ctx *ctx, const figure *f, const figure *target,
                     int rank, volley *v)
{
    const lcr_weapon *w = lcr_data_weapon(rs->data, f->weapon);
    int need;
    const char *band = "";
    float range = lcr_hook_range(rs, f, glms_vec2_distance(f->pos, target->pos));
    if (!lcr_fire_need(w, range, &need, &band))
        return;
    bool mounted = lcr_move_is_mounted(f);
    int mod = mounted ? w->mounted_modifier : 0;
    /* The modifier is folded into the score needed, so the dice show as they fell. */
    need = lcr_fire_effective_need(rs->data, w, need, mounted);
    int confirm = lcr_fire_confirm_need(rs->data, need);
    lcr_fire_dice fd;
    lcr_fire_throw(ctx->rng, w->dice_per_man, confirm ? 6 : need, 0, &fd);
    int group = rank >= 2 ? v->group_third : v->group;
    if (mod)
        lcr_emit_modifier(ctx, f->id, mod, "firing mounted", LCR_REF_CAVALRY);
    int fatal = 0;
    for (int i = 0; i < fd.count && i < LCR_FIRE_DICE_MAX; i++) {
        rules_emit_die(ctx, 6, fd.faces[i], confirm ? 6 : need,
                       rank >= 2 ? "to_hit_third_rank" : "to_hit", f->id, group, LCR_REF_FIRE);
        fatal += fd.faces[i] == rs->data->third_rank_friendly_face;
    }
    /* Past 6 (firing mounted at long range): each 6 needs a second die to hit (assumed). */
    int hits = fd.successes;
    for (int i = 0; confirm && i < fd.successes; i++) {
        int face = dice_d6(ctx->rng);
        rules_emit_die(ctx, 6, face, confirm, "to_hit_confirm", f->id, group, LCR_REF_CAVALRY);
        hits -= face < confirm;
    }
    v->hits += hits;
    if (rank >= 2)
        v->ones_third += fatal;
    else if (v->front_count < RULES_CMD_FIGURES_MAX)
        v->front[v->front_count++] = f->id;
}

/* Saving rolls of hits on one figure: one die per hit; a 6 cancels it (mounted: 4-6, the horse
 * dying on 4-5). */
static int roll_saves_on(rules_state *rs, rules_ctx *ctx, const figure *target, int hits,
                         bool *horse)
{
    bool mounted =
        target->posture == FIGURE_POSTURE_MOUNTED && !(target->status & LCR_STATUS_UNHORSED);
    int group = rules_roll_group(ctx), saved = 0;
    for (int i = 0; i < hits; i++) {
        int face = dice_d6(ctx->rng);
        int need = mounted ? rs->data->save_mounted_horse_need : rs->data->save_foot_need;
        rules_emit_die(ctx, 6, face, need, "save", target->id, group, LCR_REF_SAVE);
        if (mounted) {
            lcr_save_result r = lcr_fire_save_mounted(rs->data, face);
            saved += r != LCR_SAVE_FAILED;
            *horse |= r == LCR_SAVE_HORSE_LOST;
        } else {
            saved += face >= need;
        }
    }
    if (saved) {
        rules_event ev = {.kind = RULES_EV_SAVE, .figure = target->id, .value = saved};
        rules_emitf(ctx, ev, LCR_REF_SAVE, "%d of %d hits cancelled by saving rolls", saved, hits);
    }
    return saved;
}

int lcr_fire_saves(rules_state *rs, rules_ctx *ctx, const figure *target, int hits)
{
    bool horse = false;
    int saved = hits > 0 ? roll_saves_on(rs, ctx, target, hits, &horse) : 0;
    if (horse)
        lcr_emit_status(ctx, target->id, LCR_STATUS_UNHORSED, 0, LCR_REF_SAVE,
                        "the horse is killed; the rider fights on");
    return saved;
}

static void third_rank_losses(rules_state *rs, rules_ctx *ctx, volley *v)
{
    for (int k = 0; k < v->ones_third; k++) {
        figure_id alive[RULES_CMD_FIGURES_MAX];
        int n = 0;
        for (int i = 0; i < v->front_count; i++)
            if (table_figure_active(table_figure_const(ctx->table, v->front[i])))
                alive[n++] = v->front[i];
        if (n == 0)
            return;
        int pick =
            n == 1 ? 1 : rules_roll(ctx, n, 0, "third_rank_victim", alive[0], 0, LCR_REF_RANK3);
        lcr_casualty(rs, ctx, alive[pick - 1], FIGURE_STATUS_DEAD, LCR_REF_RANK3,
                     "a 1 thrown by the third rank hits a man of the front ranks");
    }
}

static int by_distance_cmp_ctx(const table *t, vec2s c, figure_id a, figure_id b)
{
    float da = glms_vec2_distance(table_figure_const(t, a)->pos, c);
    float db = glms_vec2_distance(table_figure_const(t, b)->pos, c);
    return (da > db) - (da < db);
}

/* The saving rolls of area fire, each hit saved by the figure it would fall on (*assumed*,
 * docs/rules/lcr.md): hit k falls on in[k mod n], nearest the centre first, so a volley into
 * cavalry can kill as many horses as it throws 4s and 5s. A rider whose horse dies saves any
 * later hit on foot. Returns the hits cancelled. */
static int area_saves(rules_state *rs, rules_ctx *ctx, const figure_id *in, int n, int hits)
{
    int group = rules_roll_group(ctx), saved = 0, horses = 0;
    bool unhorsed[RULES_CMD_FIGURES_MAX] = {0};
    for (int k = 0; k < hits; k++) {
        int i = k % n;
        const figure *f = table_figure_const(ctx->table, in[i]);
        bool mounted = lcr_move_is_mounted(f) && !unhorsed[i];
        int face = dice_d6(ctx->rng);
        int need = mounted ? rs->data->save_mounted_horse_need : rs->data->save_foot_need;
        rules_emit_die(ctx, 6, face, need, "save", f->id, group, LCR_REF_SAVE);
        if (!mounted) {
            saved += face >= need;
            continue;
        }
        lcr_save_result r = lcr_fire_save_mounted(rs->data, face);
        saved += r != LCR_SAVE_FAILED;
        if (r == LCR_SAVE_HORSE_LOST) {
            unhorsed[i] = true;
            horses++;
            lcr_emit_status(ctx, f->id, LCR_STATUS_UNHORSED, 0, LCR_REF_SAVE,
                            "the horse is killed; the rider fights on");
        }
    }
    if (saved) {
        rules_event ev = {.kind = RULES_EV_SAVE, .figure = in[0], .value = saved};
        rules_emitf(ctx, ev, LCR_REF_SAVE,
                    "%d of %d hits cancelled by saving rolls across the area (%d horses killed)",
                    saved, hits, horses);
    }
    return saved;
}

/* Area fire's hits from `from` (the firers' centre, or a gun) in a semicircle of `radius` on the
 * target; the firing side picks the casualties when there are fewer hits than figures inside. */
void lcr_fire_area_hits(rules_state *rs, rules_ctx *ctx, side_id firing_side, vec2s from,
                        const figure *target, float radius, int hits)
{
    const table *t = ctx->table;
    vec2s away = glms_vec2_sub(target->pos, from);
    figure_id in[RULES_CMD_FIGURES_MAX];
    int n = 0;
    for (int i = 0; i < t->figure_count && n < RULES_CMD_FIGURES_MAX; i++) {
        const figure *e = &t->figures[i];
        if (e->side.id != target->side.id || !table_figure_active(e) ||
            (rs->flags[i] & LCR_FF_ENGAGED))
            continue;
        if (lcr_fire_in_semicircle(target->pos, away, radius, e->pos))
            in[n++] = e->id;
    }
    for (int i = 1; i < n; i++) /* nearest the centre first: the suggested pick's order */
        for (int j = i; j > 0 && by_distance_cmp_ctx(t, target->pos, in[j - 1], in[j]) > 0; j--) {
            figure_id tmp = in[j];
            in[j] = in[j - 1];
            in[j - 1] = tmp;
        }
    char text[160];
    snprintf(text, sizeof text,
             "%d hits land in a semicircle of %.0f cm on %s, facing away from the firers: %d "
             "figures inside",
             hits, radius, lcr_name(t, target->id), n);
    lcr_emit_note(ctx, target->id, LCR_REF_AREA, text);
    if (hits > 0)
        hits -= n > 0 ? area_saves(rs, ctx, in, n, hits) : lcr_fire_saves(rs, ctx, target, hits);
    if (hits <= 0 || n == 0)
        return;
    if (hits >= n) {
        for (int i = 0; i < n; i++)
            lcr_casualty(rs, ctx, in[i], FIGURE_STATUS_DEAD, LCR_REF_ALLOC,
                         "every figure in the area is hit; surplus hits are lost");
        return;
    }
    rules_event ev = {.kind = RULES_EV_RULESET, .side = firing_side, .value = hits};
    lcr_copy(ev.tag, sizeof ev.tag, "alloc");
    rules_emitf(ctx, ev, LCR_REF_ALLOC,
                "the firing side picks %d of the %d figures (3 soldiers before an NCO, 6 before "
                "an officer)",
                hits, n);
    for (int i = 0; i < n; i++)
        lcr_emit_flag(ctx, "alloc_candidate", in[i], 0, "inside the area");
}

static void area_hits(rules_state *rs, rules_ctx *ctx, const rules_command *cmd,
                      const figure *target, int firers, int hits)
{
    vec2s c = lcr_centroid(ctx->table, cmd->figures, cmd->figure_count);
    lcr_fire_area_hits(rs, ctx, cmd->side, c, target,
                       (float)firers * rs->data->area_radius_cm_per_firer, hits);
}

void lcr_fire_resolve(rules_state *rs, rules_ctx *ctx, const rules_command *cmd)
{
    const table *t = ctx->table;
    const figure *target = table_figure_const(t, cmd->target);
    bool area = lcr_fire_is_area(rs, cmd->figures, cmd->figure_count);
    volley v = {.group = rules_roll_group(ctx), .group_third = rules_roll_group(ctx)};
    int firing = 0;
    for (int i = 0; i < cmd->figure_count; i++) {
        const figure *f = table_figure_const(t, cmd->figures[i]);
        const unit *u = table_unit_const(t, f->unit);
        bool formation = area && u && !lcr_data_is_loose(rs->data, u->formation);
        int rank = formation ? rank_of(rs, t, f) : 0;
        float face = geom_angle_of(glms_vec2_sub(target->pos, f->pos));
        if (!formation && fabsf(geom_angle_diff(face, f->facing)) > 1e-4f)
            lcr_emit_move(ctx, f->id, f->pos, f->pos, face, 0, LCR_REF_FIRE,
                          "turns to face the target");
        lcr_emit_flag(ctx, "acted", f->id, 1, "fires");
        if (rank > 2) {
            lcr_emit_note(ctx, f->id, LCR_REF_RANK3, "a fourth rank cannot fire");
            continue;
        }
        fire_one(rs, ctx, f, target, rank, &v);
        firing++;
    }
    char text[160];
    snprintf(text, sizeof text, "%s fire by %d: %d hits", area ? "area" : "individual", firing,
             v.hits);
    lcr_emit_note(ctx, target->id, area ? LCR_REF_AREA : LCR_REF_FIRE, text);
    if (!area) {
        if (v.hits - lcr_fire_saves(rs, ctx, target, v.hits) > 0)
            lcr_casualty(rs, ctx, target->id, FIGURE_STATUS_DEAD, LCR_REF_ALLOC,
                         "a single target hit is eliminated");
    } else {
        area_hits(rs, ctx, cmd, target, firing, v.hits); /* saved figure by figure */
    }
    third_rank_losses(rs, ctx, &v);
}

void lcr_fire_resolve_allocation(rules_state *rs, rules_ctx *ctx, const rules_command *cmd)
{
    for (int i = 0; i < cmd->figure_count; i++)
        lcr_casualty(rs, ctx, cmd->figures[i], FIGURE_STATUS_DEAD, LCR_REF_ALLOC,
                     "picked by the firing side inside the area");
    lcr_emit_flag(ctx, "alloc_done", (figure_id){0}, 0, "hits applied");
}

void lcr_fire_legal_allocation(lcr_candidates *lo, const rules_state *rs, const table *t,
                               side_id sd)
{
    rules_command a = {.kind = RULES_CMD_ALLOCATE, .side = sd};
    a.figure_count = lcr_fire_allocation_default(rs->data, rs->alloc, rs->alloc_count,
                                                 rs->alloc_hits, a.figures);
    lcr_legal_push(lo, rs, t, &a);
}
