/* Movement: normal and charge/evade distances by troop type, half speed in bad going, 2" to
 * cross an obstacle or enter/leave a building, the crawl of the seriously wounded, guns set up
 * or dismantled; the charge declarations with their test, the charge moves and the evades. */
#include "rules/cr15/cr15_state.h"

#include "core/mem.h"
#include "core/path.h"
#include "core/place.h"
#include "core/spatial.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int cr15_cmd_figures(const table *t, const rules_command *cmd, const figure **out, int max)
{
    int n = 0;
    for (int i = 0; i < cmd->figure_count && n < max; i++) {
        const figure *f = table_figure_const(t, cmd->figures[i]);
        if (f)
            out[n++] = f;
    }
    for (int i = 0; cmd->figure_count == 0 && cmd->unit.id && i < t->figure_count && n < max; i++)
        if (t->figures[i].unit.id == cmd->unit.id && table_figure_active(&t->figures[i]))
            out[n++] = &t->figures[i];
    /* a gun's fire, or one leader: the acting figure alone */
    const figure *one = table_figure_const(t, cmd->figure);
    if (n == 0 && cmd->figure_count == 0 && !cmd->unit.id && one && max > 0)
        out[n++] = one;
    return n;
}

int cr15_move_figures(const rules_state *rs, const table *t, const rules_command *cmd,
                      figure_id *out, int max)
{
    (void)rs;
    const figure *f[RULES_CMD_FIGURES_MAX];
    int n = cr15_cmd_figures(t, cmd, f, RULES_CMD_FIGURES_MAX);
    for (int i = 0; i < n && i < max; i++)
        out[i] = f[i]->id;
    return n < max ? n : max;
}

static int aiders(const rules_state *rs, const table *t, const figure *f)
{
    int n = 0;
    float r = cr15_cm(rs, rs->data->aid_radius_in);
    for (int i = 0; i < t->figure_count && n < 2; i++) {
        const figure *o = &t->figures[i];
        n += o->id.id != f->id.id && o->side.id == f->side.id && table_figure_active(o) &&
             !(o->status & FIGURE_STATUS_SERIOUS) && o->role != FIGURE_ROLE_GUN &&
             cr15_edge_cm(f, o) <= r;
    }
    return n;
}

float cr15_allowance_cm(const rules_state *rs, const table *t, const figure *f, bool charge)
{
    if (f->status & FIGURE_STATUS_SERIOUS)
        return charge ? 0 : cr15_cm(rs, rs->data->crawl_in[aiders(rs, t, f)]);
    const cr15_troop_data *tr = &rs->data->troops[cr15_troop_of(t, f)];
    return cr15_cm(rs, charge ? tr->charge_in : tr->move_in);
}

static bool in_list(const cr15_data *d, bool buildings, const char *name)
{
    int n = buildings ? d->building_count : d->bad_going_count;
    for (int i = 0; i < n; i++)
        if (strcmp(buildings ? d->buildings[i] : d->bad_going[i], name) == 0)
            return true;
    return false;
}

/* The multipliers: half speed (x2) in bad going; buildings may be entered (at a fixed cost). */
static void type_costs(const rules_state *rs, const terrain_type *ty, float *mult, float *obst,
                       bool *building)
{
    *building = in_list(rs->data, true, ty->name);
    *mult = ty->move_mult;
    if (in_list(rs->data, false, ty->name))
        *mult = 2;
    else if (*building)
        *mult = 1;
    else if (ty->move_mult > 0)
        *mult = 1;
    *obst = ty->obstacle == TERRAIN_OBSTACLE_LOW || ty->obstacle == TERRAIN_OBSTACLE_WATER
                ? cr15_cm(rs, rs->data->obstacle_in)
                : 0;
}

void cr15_move_types(rules_state *rs, const table *t)
{
    rs->type_count = t->type_count < TABLE_TYPES_MAX ? t->type_count : TABLE_TYPES_MAX;
    for (int i = 0; i < rs->type_count; i++)
        type_costs(rs, &t->types[i], &rs->type_mult[i], &rs->type_obst[i], &rs->type_building[i]);
}

/* The path costs of t's types: those worked out at create (the terrain never changes during a
 * match), or worked out now into mult/obst for a table with other types. */
static void desc_of(const rules_state *rs, const table *t, float *mult, float *obst, path_desc *pd)
{
    if (t->type_count == rs->type_count) {
        *pd = (path_desc){.mult = rs->type_mult, .obstacle_cost_cm = rs->type_obst};
        return;
    }
    for (int i = 0; i < t->type_count && i < TABLE_TYPES_MAX; i++) {
        bool building;
        type_costs(rs, &t->types[i], &mult[i], &obst[i], &building);
    }
    *pd = (path_desc){.mult = mult, .obstacle_cost_cm = obst};
}

static bool is_building(const rules_state *rs, const table *t, int type)
{
    if (t->type_count == rs->type_count)
        return rs->type_building[type];
    return in_list(rs->data, true, t->types[type].name);
}

/* Entering or leaving a building: each crossing of a building's outline along the path. */
static int building_crossings(const rules_state *rs, const table *t, const vec2s *pts, int n)
{
    int c = 0;
    for (int i = 0; i < t->feature_count; i++) {
        const terrain_feature *fe = &t->features[i];
        if (fe->shape != TERRAIN_SHAPE_AREA || !is_building(rs, t, fe->type))
            continue;
        for (int k = 0; k + 1 < n; k++)
            c += cr15_in_area(pts[k], fe) != cr15_in_area(pts[k + 1], fe);
    }
    return c;
}

float cr15_path_cost_cm(const rules_state *rs, const table *t, const vec2s *pts, int n,
                        float allowance_cm, vec2s *end)
{
    float mult[TABLE_TYPES_MAX], obst[TABLE_TYPES_MAX];
    path_desc pd;
    desc_of(rs, t, mult, obst, &pd);
    float extra = (float)building_crossings(rs, t, pts, n) * cr15_cm(rs, rs->data->obstacle_in);
    path_result pr;
    path_cost(t, &pd, pts, n, fmaxf(0, allowance_cm - extra), &pr);
    if (end)
        *end = pr.end;
    return pr.stop == PATH_STOP_END ? pr.cost_cm + extra : INFINITY;
}

bool cr15_reach(const rules_state *rs, const table *t, const rules_command *move, vec2s dir,
                rules_reach *out)
{
    const figure *f[RULES_CMD_FIGURES_MAX];
    if (cr15_cmd_figures(t, move, f, RULES_CMD_FIGURES_MAX) == 0)
        return false;
    bool charge = move->kind == RULES_CMD_CHARGE || move->kind == RULES_CMD_EVADE;
    float allow = cr15_allowance_cm(rs, t, f[0], charge);
    float mult[TABLE_TYPES_MAX], obst[TABLE_TYPES_MAX];
    path_desc pd;
    desc_of(rs, t, mult, obst, &pd);
    path_result pr;
    vec2s stop = path_reach(t, &pd, f[0]->pos, geom_angle_of(dir), allow, &pr);
    out->allowance_cm = allow;
    out->stop = stop;
    out->max_cm = out->sure_cm = (float)geom_point_distance(f[0]->pos, stop);
    snprintf(out->limit, sizeof out->limit, "%s",
             pr.stop == PATH_STOP_ALLOWANCE  ? "allowance spent (half speed in bad going)"
             : pr.stop == PATH_STOP_OBSTACLE ? "obstacle: 2 inches to cross"
             : pr.stop == PATH_STOP_END      ? "full move"
                                             : "impassable");
    return true;
}

/* ---- moves --------------------------------------------------------------------------------- */

/* The refusal for a figure who failed his test to charge this turn (CR15_F_STAYED): the text
 * has him remain stationary, so no second charge, no evade and no move until the next turn. */
static void stayed_why(const figure *f, char *why, size_t size)
{
    cr15_why(why, size, "%s failed his charge test and stays where he is this turn", f->name);
}

static bool own_figures(const rules_state *rs, const table *t, const rules_command *cmd,
                        const figure **f, int n, char *why, size_t size)
{
    if (n == 0) {
        cr15_why(why, size, "no figures given");
        return false;
    }
    for (int i = 0; i < n; i++) {
        if (f[i]->side.id != cmd->side.id) {
            cr15_why(why, size, "%s is not yours", f[i]->name);
            return false;
        }
        if (!cr15_can_act(rs, f[i])) {
            cr15_why(why, size, "%s cannot act this move%s", f[i]->name,
                     table_figure_active(f[i]) ? " (a fresh serious wound)" : "");
            return false;
        }
    }
    (void)t;
    return true;
}

/* The path of figure i of the command: the reference figure's path shifted by its offset. */
static int path_of(const rules_command *cmd, const figure *ref, const figure *f, vec2s *pts)
{
    vec2s off = cr15_v2(f->pos.x - ref->pos.x, f->pos.y - ref->pos.y);
    pts[0] = f->pos;
    int n = 1;
    for (int k = 0; k < cmd->path_count && n < PATH_MAX_POINTS; k++)
        pts[n++] = cr15_v2(cmd->path[k].x + off.x, cmd->path[k].y + off.y);
    return n;
}

static bool on_table(const table *t, vec2s p)
{
    return p.x >= 0 && p.y >= 0 && p.x <= t->width_cm && p.y <= t->height_cm;
}

static bool in_cover(const table *t, vec2s p)
{
    for (int i = 0; i < t->feature_count; i++) {
        const terrain_feature *fe = &t->features[i];
        if (fe->shape == TERRAIN_SHAPE_AREA && t->types[fe->type].cover != TERRAIN_COVER_NONE &&
            cr15_in_area(p, fe))
            return true;
    }
    return false;
}

bool cr15_move_validate(const rules_state *rs, const table *t, const rules_command *cmd, char *why,
                        size_t size)
{
    const figure *f[RULES_CMD_FIGURES_MAX];
    int n = cr15_cmd_figures(t, cmd, f, RULES_CMD_FIGURES_MAX);
    if (!own_figures(rs, t, cmd, f, n, why, size))
        return false;
    if (cmd->path_count < 1) {
        cr15_why(why, size, "a move needs a path");
        return false;
    }
    for (int i = 0; i < n; i++) {
        const cr15_fig *s = cr15_fig_const(rs, f[i]->id);
        if (s->flags & CR15_F_STAYED) {
            stayed_why(f[i], why, size);
            return false;
        }
        if (s->flags & (CR15_F_MOVED | CR15_F_CHARGING | CR15_F_EVADED)) {
            cr15_why(why, size, "%s has already moved this move", f[i]->name);
            return false;
        }
        if (cr15_is_gun(f[i]) && (s->flags & CR15_F_DEPLOYED)) {
            cr15_why(why, size, "%s is set up: dismantle it first (that takes a move)", f[i]->name);
            return false;
        }
        if (cr15_is_gun(f[i]) && cr15_crew(rs, t, f[i]) == 0) {
            cr15_why(why, size, "%s has no crew to move it", f[i]->name);
            return false;
        }
        if (cr15_enemies_in_contact(rs, t, f[i], NULL, 0) > 0) {
            cr15_why(why, size, "%s is in melee and cannot move away", f[i]->name);
            return false;
        }
        if (s->finish.id) {
            cr15_why(why, size, "%s must spend this move finishing off his enemy", f[i]->name);
            return false;
        }
        vec2s pts[PATH_MAX_POINTS];
        int np = path_of(cmd, f[0], f[i], pts);
        float allow = cr15_allowance_cm(rs, t, f[i], false);
        float cost = cr15_path_cost_cm(rs, t, pts, np, allow, NULL);
        if (cost > allow + 0.01f) {
            cr15_why(why, size, "%s can move %.1f inches here; that path needs more", f[i]->name,
                     (double)(allow / rs->data->inch_cm));
            return false;
        }
        if (!on_table(t, pts[np - 1])) {
            cr15_why(why, size, "%s would leave the table", f[i]->name);
            return false;
        }
        const cr15_unit *u = cr15_unit_const(rs, f[i]->unit);
        if (u && u->shaken && !in_cover(t, pts[np - 1]) &&
            cr15_nearest_enemy_cm(t, f[i], pts[np - 1], NULL) <
                cr15_nearest_enemy_cm(t, f[i], f[i]->pos, NULL) - 0.01f) {
            cr15_why(why, size,
                     "%s failed its test under fire: it may not move closer to the enemy, only "
                     "retire or go to cover",
                     f[i]->name);
            return false;
        }
    }
    return true;
}

static void emit_move(rules_ctx *ctx, const figure *f, vec2s to, float facing, const char *ref,
                      const char *what)
{
    rules_emitf(ctx,
                (rules_event){.kind = RULES_EV_MOVE,
                              .figure = f->id,
                              .unit = f->unit,
                              .side = f->side,
                              .from = f->pos,
                              .pos = to,
                              .facing = facing},
                ref, "%s %s %.1f inches", f->name[0] ? f->name : "a figure", what,
                geom_point_distance(f->pos, to) / 2.5);
    cr15_emit_state(ctx, "flags_set", f->id, f->unit, CR15_F_MOVED);
}

void cr15_move_resolve(rules_state *rs, rules_ctx *ctx, const rules_command *cmd)
{
    const figure *f[RULES_CMD_FIGURES_MAX];
    int n = cr15_cmd_figures(ctx->table, cmd, f, RULES_CMD_FIGURES_MAX);
    const figure ref = *f[0];
    for (int i = 0; i < n; i++) {
        vec2s pts[PATH_MAX_POINTS];
        int np = path_of(cmd, &ref, f[i], pts);
        vec2s from = pts[np - 2], to = pts[np - 1];
        float facing = cmd->face_set ? cmd->facing
                       : geom_point_distance(from, to) > 0.01
                           ? geom_angle_of(cr15_v2(to.x - from.x, to.y - from.y))
                           : f[i]->facing;
        to = cr15_free_stop(ctx->table, f[i], from, to);
        bool crawl = f[i]->status & FIGURE_STATUS_SERIOUS;
        emit_move(ctx, f[i], to, facing, CR15_REF_MOVE, crawl ? "crawls" : "moves");
    }
    (void)rs;
}

/* ---- guns: set up and dismantle ------------------------------------------------------------ */

bool cr15_setup_validate(const rules_state *rs, const table *t, const rules_command *cmd, char *why,
                         size_t size)
{
    const figure *g = table_figure_const(t, cmd->figure);
    if (!g || !cr15_is_gun(g) || g->side.id != cmd->side.id || !table_figure_active(g)) {
        cr15_why(why, size, "setting up needs one of your guns as the figure");
        return false;
    }
    const cr15_fig *s = cr15_fig_const(rs, g->id);
    if (s->flags & CR15_F_MOVED) {
        cr15_why(why, size, "%s has already moved this move", g->name);
        return false;
    }
    if (cr15_crew(rs, t, g) == 0) {
        cr15_why(why, size, "%s has no crew", g->name);
        return false;
    }
    bool want = strcmp(cmd->option, "deployed") == 0;
    if (!want && strcmp(cmd->option, "limbered") != 0) {
        cr15_why(why, size, "option is \"deployed\" (set up) or \"limbered\" (dismantled)");
        return false;
    }
    if (want == !!(s->flags & CR15_F_DEPLOYED)) {
        cr15_why(why, size, "%s is already %s", g->name, want ? "set up" : "dismantled");
        return false;
    }
    return true;
}

void cr15_setup_resolve(rules_state *rs, rules_ctx *ctx, const rules_command *cmd)
{
    const figure *g = table_figure_const(ctx->table, cmd->figure);
    bool want = strcmp(cmd->option, "deployed") == 0;
    cr15_emit_state(ctx, want ? "flags_set" : "flags_clear", g->id, g->unit, CR15_F_DEPLOYED);
    cr15_emit_state(ctx, "flags_set", g->id, g->unit, CR15_F_MOVED | CR15_F_SET_UP_NOW);
    rules_emitf(ctx, (rules_event){.kind = RULES_EV_NOTE, .figure = g->id, .side = g->side},
                cr15_is_gatling(g) ? CR15_REF_GAT : CR15_REF_ART, "%s is %s: that is its move",
                g->name, want ? "set up" : "dismantled");
    (void)rs;
}

/* ---- charges and evades -------------------------------------------------------------------- */

static unit_id target_unit_of(const table *t, const rules_command *cmd)
{
    if (cmd->target_unit.id)
        return cmd->target_unit;
    const figure *tf = table_figure_const(t, cmd->target);
    return tf ? tf->unit : (unit_id){0};
}

bool cr15_charge_validate(const rules_state *rs, const table *t, const rules_command *cmd,
                          char *why, size_t size)
{
    if (rs->step > 1) {
        cr15_why(why, size, "charges are declared in each side's first step; now only evades");
        return false;
    }
    const figure *f[RULES_CMD_FIGURES_MAX];
    int n = cr15_cmd_figures(t, cmd, f, RULES_CMD_FIGURES_MAX);
    if (!own_figures(rs, t, cmd, f, n, why, size))
        return false;
    unit_id tu = target_unit_of(t, cmd);
    const unit *u = table_unit_const(t, tu);
    if (!u || u->side.id == cmd->side.id) {
        cr15_why(why, size, "a charge needs an enemy unit or figure as its target");
        return false;
    }
    for (int i = 0; i < n; i++) {
        const cr15_fig *s = cr15_fig_const(rs, f[i]->id);
        if (s->flags & CR15_F_STAYED) {
            stayed_why(f[i], why, size);
            return false;
        }
        if (s->flags & (CR15_F_CHARGING | CR15_F_EVADED)) {
            cr15_why(why, size, "%s has already charged or evaded this move", f[i]->name);
            return false;
        }
    }
    /* one charger within reach will do: the rest are not measured */
    bool reach = false;
    for (int i = 0; i < n && !reach; i++) {
        if (cr15_is_gun(f[i]) || (f[i]->status & FIGURE_STATUS_SERIOUS))
            continue;
        const figure *e = cr15_nearest_of_unit(rs, t, tu, f[i]->pos);
        reach = e && cr15_edge_cm(f[i], e) <= cr15_allowance_cm(rs, t, f[i], true);
    }
    if (!reach) {
        cr15_why(why, size, "%s is beyond charge reach of every figure charging", u->name);
        return false;
    }
    return true;
}

void cr15_charge_resolve(rules_state *rs, rules_ctx *ctx, const rules_command *cmd)
{
    const table *t = ctx->table;
    const figure *f[RULES_CMD_FIGURES_MAX];
    int n = cr15_cmd_figures(t, cmd, f, RULES_CMD_FIGURES_MAX);
    unit_id tu = target_unit_of(t, cmd);
    const unit *target = table_unit_const(t, tu);
    int group = rules_roll_group(ctx), went = 0;
    for (int i = 0; i < n; i++) {
        if (cr15_is_gun(f[i]) || (f[i]->status & FIGURE_STATUS_SERIOUS))
            continue;
        const figure *e = cr15_nearest_of_unit(rs, t, tu, f[i]->pos);
        if (!e || cr15_edge_cm(f[i], e) > cr15_allowance_cm(rs, t, f[i], true))
            continue;
        bool go = cr15_veteran(f[i]);
        if (!go) {
            int d6 = rules_roll(ctx, 6, rs->data->charge_need, "charge_test", f[i]->id, group,
                                CR15_REF_MOR);
            go = cr15_charge_test_passes(rs->data, d6);
        } else {
            rules_emitf(ctx, (rules_event){.kind = RULES_EV_NOTE, .figure = f[i]->id}, CR15_REF_MOR,
                        "%s is a veteran: no test to charge", f[i]->name);
        }
        if (!go) {
            rules_emitf(ctx, (rules_event){.kind = RULES_EV_NOTE, .figure = f[i]->id}, CR15_REF_MOR,
                        "%s stays where he is", f[i]->name);
            cr15_emit_state(ctx, "flags_set", f[i]->id, f[i]->unit, CR15_F_STAYED);
            continue;
        }
        went++;
        cr15_emit_state(ctx, "flags_set", f[i]->id, f[i]->unit, CR15_F_CHARGING);
        cr15_emit_state(ctx, "charge_target", f[i]->id, f[i]->unit, (int)e->id.id);
    }
    if (went) {
        cr15_emit_state(ctx, "passed_charge", (figure_id){0}, f[0]->unit, 1);
        for (int i = 0; i < t->figure_count; i++)
            if (t->figures[i].unit.id == tu.id && table_figure_active(&t->figures[i]))
                cr15_emit_state(ctx, "flags_set", t->figures[i].id, tu, CR15_F_CHARGED);
    }
    rules_emitf(ctx, (rules_event){.kind = RULES_EV_NOTE, .side = cmd->side, .unit = f[0]->unit},
                CR15_REF_MOR, "%s: %d of %d charge %s", table_unit_const(t, f[0]->unit)->name, went,
                n, target->name);
}

/* Contact point: where f's base touches e's, on the line between their centres. */
static vec2s contact_point(const figure *f, const figure *e)
{
    vec2s d = cr15_v2(f->pos.x - e->pos.x, f->pos.y - e->pos.y);
    float len = sqrtf(d.x * d.x + d.y * d.y);
    float rf = f->base.kind == GEOM_BASE_RECT ? 0.5f * f->base.depth_cm : f->base.radius_cm;
    float re = e->base.kind == GEOM_BASE_RECT ? 0.5f * e->base.depth_cm : e->base.radius_cm;
    if (len <= 0.001f)
        return f->pos;
    float k = (rf + re + 0.05f) / len;
    return cr15_v2(e->pos.x + d.x * k, e->pos.y + d.y * k);
}

/* Whether f's base at p touches e's (cr15_in_contact), the bounding circles asked first: apart
 * by more than both reaches and the contact distance (and a margin far above float error),
 * the edges are too. */
static bool touches_at(const rules_state *rs, const figure *f, vec2s p, const figure *e)
{
    float g =
        spatial_base_reach(&f->base) + spatial_base_reach(&e->base) + rs->data->contact_cm + 0.01f;
    if (fabsf(p.x - e->pos.x) > g || fabsf(p.y - e->pos.y) > g)
        return false;
    geom_placed_base a = {.base = f->base, .pos = p, .facing = f->facing};
    geom_placed_base b = {.base = e->base, .pos = e->pos, .facing = e->facing};
    return (float)geom_base_edge_distance(&a, &b) <= rs->data->contact_cm;
}

/* The whole base on the table (place.c's test, with its tolerance). */
static bool base_on_table(const table *t, const figure *f, vec2s p)
{
    geom_aabb box = geom_base_bounds(&(geom_placed_base){f->base, p, f->facing});
    return box.min.x >= -PLACE_CONTACT_CM && box.min.y >= -PLACE_CONTACT_CM &&
           box.max.x <= t->width_cm + PLACE_CONTACT_CM &&
           box.max.y <= t->height_cm + PLACE_CONTACT_CM;
}

/* The figures other than e that could overlap f's base anywhere within `reach` of `want`
 * (place.c's candidate rule: active, not f, centre within both reaches, the shift and half a
 * centimetre of it); every other figure is clear of it there. */
static int charge_candidates(const table *t, const figure *f, const figure *e, vec2s want,
                             float reach, int *out)
{
    float mine = spatial_base_reach(&f->base) + 0.5f;
    int n = 0;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *o = &t->figures[i];
        if (o == e || o->id.id == f->id.id || !table_figure_active(o))
            continue;
        float g = mine + reach + spatial_base_reach(&o->base);
        /* NaN positions fail every comparison and stay listed: the exact test decides */
        if (o->pos.x < want.x - g || o->pos.x > want.x + g || o->pos.y < want.y - g ||
            o->pos.y > want.y + g)
            continue;
        out[n++] = i;
    }
    return n;
}

static bool overlaps_at(const figure *f, vec2s p, const figure *o)
{
    geom_placed_base mine = {.base = f->base, .pos = p, .facing = f->facing};
    geom_placed_base theirs = {.base = o->base, .pos = o->pos, .facing = o->facing};
    return place_bases_overlap(&mine, &theirs);
}

/* The first of the candidates that overlaps f's base at p (place_blocker's test, yes or no:
 * any will do), as its place in cand, or -1. */
static int charge_blocker(const table *t, const figure *f, vec2s p, const int *cand, int nc)
{
    float reach = spatial_base_reach(&f->base) + 1e-2f;
    for (int k = 0; k < nc; k++) {
        const figure *o = &t->figures[cand[k]];
        float g = reach + spatial_base_reach(&o->base);
        if (fabsf(o->pos.x - p.x) > g || fabsf(o->pos.y - p.y) > g)
            continue;
        if (overlaps_at(f, p, o))
            return k;
    }
    return -1;
}

/* Whether a spot for charger f touches e and is free of every base: the cheap refusals first
 * (too far to touch, on e itself, off the table), the other bases last; *by gets the place in
 * cand of the base in the way when that is what refuses it (else -1). */
static bool charge_spot_ok(const rules_state *rs, const table *t, const figure *f, vec2s p,
                           const figure *e, const int *cand, int nc, int *by)
{
    *by = -1;
    if (!touches_at(rs, f, p, e) || overlaps_at(f, p, e) || !base_on_table(t, f, p))
        return false;
    *by = charge_blocker(t, f, p, cand, nc);
    return *by < 0;
}

/* Which points of a ring of radius r about `want` can touch e without overlapping it, by the
 * law of cosines on the ring's radius, want's distance d from e's centre and the angle round
 * the ring from the direction of e (k_mid, in steps of the ring's n): a base touching e has its
 * centre within `outer` (both reaches and the contact distance) of e's, so the points farther
 * round than `within` steps cannot; two round bases overlap when their centres are nearer than
 * `inner` (their radii less the contact tolerance), so the points nearer round than `skip`
 * steps do (skip < 0: none known). Margins of 0.05 cm and 0.02 radians, far above float
 * error (a point's angle, worked out in float, is off by well under 1e-5 radians). */
typedef struct ring_window {
    double k_mid, within, skip;
    bool none;
} ring_window;

/* The angle round the ring beyond which its points are farther than `dist` from e's centre
 * (0: every point is; negative: none is). */
static double ring_angle(double d, double r, double dist)
{
    if (r + d <= dist)
        return -1.0;
    if (fabs(r - d) >= dist)
        return 0.0;
    double c = (r * r + d * d - dist * dist) / (2.0 * r * d);
    return c <= -1.0 ? -1.0 : acos(c >= 1.0 ? 1.0 : c);
}

static ring_window window_of(double d, double phi, double outer, double inner, double r, int n)
{
    ring_window w = {.within = -1, .skip = -1};
    if (d < 1e-3)
        return w;
    double steps = n / (2.0 * GEOM_PI);
    w.k_mid = phi * steps;
    double out = ring_angle(d, r, outer);
    if (out == 0.0) {
        w.none = true;
        return w;
    }
    if (out > 0.0 && out + 0.02 < GEOM_PI)
        w.within = (out + 0.02) * steps;
    if (inner > 0.0) {
        double in = ring_angle(d, r, inner);
        if (in < 0.0)
            w.none = true; /* the whole ring lies on e */
        else if (in > 0.02)
            w.skip = (in - 0.02) * steps;
    }
    return w;
}

/* The points of a ring of n that may lie in the window, as up to two runs of k in ascending
 * order (first[0]..last[0], then first[1]..last[1]): the k within two steps more than `within`
 * of k_mid round the ring (in_window decides each). Returns the runs. */
static int window_runs(const ring_window *w, int n, int first[2], int last[2])
{
    if (w->within < 0 || 2.0 * (w->within + 2.0) >= n) {
        first[0] = 0;
        last[0] = n - 1;
        return 1;
    }
    int lo = (int)floor(w->k_mid - w->within) - 1, hi = (int)ceil(w->k_mid + w->within) + 1;
    if (lo < 0) {
        first[0] = 0, last[0] = hi;
        first[1] = lo + n, last[1] = n - 1;
        return 2;
    }
    if (hi >= n) {
        first[0] = 0, last[0] = hi - n;
        first[1] = lo, last[1] = n - 1;
        return 2;
    }
    first[0] = lo, last[0] = hi;
    return 1;
}

/* The points of a ring (radius r about `want`, n of them) that a round base o certainly
 * covers, for a round base f: those nearer round than `skip` steps from k_mid have their
 * centres nearer o's than `inner` (both radii less the contact tolerance and 0.05 cm), so f
 * there overlaps o (margins as window_of's). skip < 0: none known; `all`: every point. */
typedef struct ring_cover {
    double k_mid, skip;
    bool all;
} ring_cover;

enum { RING_COVERS_MAX = 16 };

/* A blocker's distance from `want` and its direction (0 to 2 pi), the same for every ring of
 * one search: worked out the first time it blocks a point (cand's place k; -1: unused). */
typedef struct blocker_dir {
    int k;
    double d, phi;
} blocker_dir;

static const blocker_dir *dir_of(blocker_dir *dirs, int *nd, const figure *o, int k, vec2s want)
{
    for (int i = 0; i < *nd; i++)
        if (dirs[i].k == k)
            return &dirs[i];
    /* when all are taken, the last is written over */
    blocker_dir *b = &dirs[*nd < RING_COVERS_MAX ? (*nd)++ : RING_COVERS_MAX - 1];
    double dx = (double)o->pos.x - want.x, dy = (double)o->pos.y - want.y;
    double phi = atan2(dy, dx);
    if (phi < 0)
        phi += 2.0 * GEOM_PI;
    *b = (blocker_dir){k, sqrt(dx * dx + dy * dy), phi};
    return b;
}

static bool cover_of_blocker(const figure *f, const figure *o, const blocker_dir *dir, double r,
                             int n, ring_cover *out)
{
    if (f->base.kind == GEOM_BASE_RECT || o->base.kind == GEOM_BASE_RECT)
        return false;
    double d = dir->d;
    double inner = (double)f->base.radius_cm + o->base.radius_cm - PLACE_CONTACT_CM - 0.05;
    if (d < 1e-3 || inner <= 0.0)
        return false;
    double in = ring_angle(d, r, inner);
    if (in < 0.0) {
        *out = (ring_cover){.all = true};
        return true;
    }
    if (in <= 0.02)
        return false;
    double steps = n / (2.0 * GEOM_PI);
    *out = (ring_cover){.k_mid = dir->phi * steps, .skip = (in - 0.02) * steps};
    return true;
}

static bool covered_point(const ring_cover *c, int nc, int k, int n)
{
    for (int i = 0; i < nc; i++) {
        double x = fabs((double)k - c[i].k_mid);
        if (x > 0.5 * n)
            x = n - x;
        if (c[i].all || x < c[i].skip)
            return true;
    }
    return false;
}

static bool in_window(const ring_window *w, int k, int n)
{
    double x = fabs((double)k - w->k_mid);
    if (x > 0.5 * n)
        x = n - x;
    return (w->within < 0 || x <= w->within) && !(w->skip >= 0 && x < w->skip);
}

/* The last point from k on (ascending) that an arc of `skip` steps either side of k_mid surely
 * holds, when k is in it (else k): the points up to a step short of k_mid + skip lie nearer
 * k_mid than `skip`, straight along the ring and so round it too, with a margin of a step far
 * above the rounding of the test (in_window's, covered_point's) that refuses them. */
static int arc_last(double k_mid, double skip, int k)
{
    if (skip < 0 || !(fabs((double)k - k_mid) < skip))
        return k;
    int last = (int)ceil(k_mid + skip) - 2;
    return last > k ? last : k;
}

/* The last point from k on that the covers surely cover (k when none does): each cover's arc,
 * and all of them while a cover holds the whole ring. */
static int covered_last(const ring_cover *c, int nc, int k, int last)
{
    int to = k;
    for (int i = 0; i < nc; i++) {
        int x = c[i].all ? last : arc_last(c[i].k_mid, c[i].skip, k);
        to = x > to ? x : to;
    }
    return to;
}

/* place_free_near(t, f, want, facing, no ignores, max_shift_cm, "touches e") when `want` itself
 * is blocked: the same rings and points in the same order, so the same first spot, with the
 * tests in a cheaper order and the points that cannot touch e skipped (the tests are all pure:
 * which fails first does not change the answer). */
static bool charge_spot(const rules_state *rs, const table *t, const figure *f, const figure *e,
                        vec2s want, float max_shift_cm, vec2s *out)
{
    int stack[256];
    int *cand = t->figure_count <= 256 ? stack : mem_calloc((size_t)t->figure_count, sizeof *cand);
    int nc = charge_candidates(t, f, e, want, max_shift_cm + 1e-3f, cand);
    float step = fmaxf(0.1f, 0.25f * spatial_base_reach(&f->base));
    double dx = (double)e->pos.x - want.x, dy = (double)e->pos.y - want.y;
    double d = sqrt(dx * dx + dy * dy), phi = atan2(dy, dx);
    if (phi < 0)
        phi += 2.0 * GEOM_PI;
    double outer = (double)spatial_base_reach(&f->base) + spatial_base_reach(&e->base) +
                   rs->data->contact_cm + 0.05;
    double inner = f->base.kind != GEOM_BASE_RECT && e->base.kind != GEOM_BASE_RECT
                       ? (double)f->base.radius_cm + e->base.radius_cm - PLACE_CONTACT_CM - 0.05
                       : 0.0;
    bool found = false;
    blocker_dir dirs[RING_COVERS_MAX];
    int nd = 0;
    for (float r = step; !found && r <= max_shift_cm + 1e-4f; r += step) {
        int n = (int)ceilf(2.0f * (float)GEOM_PI * r / step);
        if (n < 8)
            n = 8;
        ring_window w = window_of(d, phi, outer, inner, r, n);
        int first[2], last[2], runs = w.none ? 0 : window_runs(&w, n, first, last);
        /* the arcs of this ring the bases found in the way certainly cover: skipped */
        ring_cover covers[RING_COVERS_MAX];
        int ncov = 0;
        for (int j = 0; j < runs && !found; j++)
            for (int k = first[j]; k <= last[j] && !found; k++) {
                /* refused points: passed over up to the last of their arc */
                if (!in_window(&w, k, n)) {
                    k = arc_last(w.k_mid, w.skip, k);
                    continue;
                }
                if (covered_point(covers, ncov, k, n)) {
                    k = covered_last(covers, ncov, k, last[j]);
                    continue;
                }
                float a = 2.0f * (float)GEOM_PI * (float)k / (float)n;
                vec2s p = {{want.x + r * cosf(a), want.y + r * sinf(a)}};
                int by;
                found = charge_spot_ok(rs, t, f, p, e, cand, nc, &by);
                if (found) {
                    *out = p;
                } else if (by >= 0 && ncov < RING_COVERS_MAX) {
                    const figure *o = &t->figures[cand[by]];
                    if (cover_of_blocker(f, o, dir_of(dirs, &nd, o, by, want), (double)r, n,
                                         &covers[ncov]))
                        ncov++;
                }
            }
    }
    if (cand != stack)
        free(cand);
    return found;
}

void cr15_charge_moves(rules_state *rs, rules_ctx *ctx)
{
    const table *t = ctx->table;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        const cr15_fig *s = &rs->figs[i];
        if (!(s->flags & CR15_F_CHARGING) || !table_figure_active(f))
            continue;
        const figure *e = table_figure_const(t, s->charge_target);
        if (!e || !table_figure_active(e))
            e = e ? cr15_nearest_of_unit(rs, t, e->unit, f->pos) : NULL;
        if (!e)
            continue;
        vec2s goal = contact_point(f, e);
        /* several chargers on one man share his edge: the nearest free spot touching him */
        vec2s spot;
        bool blocked = cr15_overlaps_any(t, f, goal);
        if (blocked && charge_spot(rs, t, f, e, goal, 2.0f, &spot)) {
            goal = spot;
            blocked = false; /* charge_spot's spots are free of every base */
        }
        vec2s pts[2] = {f->pos, goal}, end;
        float allow = cr15_allowance_cm(rs, t, f, true);
        cr15_path_cost_cm(rs, t, pts, 2, allow, &end);
        /* reaching the goal, whether it is free is known: cr15_free_stop's first question */
        if (blocked || memcmp(&end, &goal, sizeof end) != 0)
            end = cr15_free_stop(t, f, f->pos, end);
        float facing = geom_angle_of(cr15_v2(e->pos.x - f->pos.x, e->pos.y - f->pos.y));
        emit_move(ctx, f, end, facing, CR15_REF_MOVE, "charges");
    }
}

bool cr15_evade_validate(const rules_state *rs, const table *t, const rules_command *cmd, char *why,
                         size_t size)
{
    const figure *f[RULES_CMD_FIGURES_MAX];
    int n = cr15_cmd_figures(t, cmd, f, RULES_CMD_FIGURES_MAX);
    if (!own_figures(rs, t, cmd, f, n, why, size))
        return false;
    if (cmd->path_count < 1) {
        cr15_why(why, size, "an evade needs a path");
        return false;
    }
    for (int i = 0; i < n; i++) {
        const cr15_fig *s = cr15_fig_const(rs, f[i]->id);
        if (s->flags & CR15_F_STAYED) {
            stayed_why(f[i], why, size);
            return false;
        }
        if (!(s->flags & CR15_F_CHARGED) || (s->flags & (CR15_F_EVADED | CR15_F_CHARGING))) {
            cr15_why(why, size, "%s may evade only when charged, once", f[i]->name);
            return false;
        }
        if (cr15_is_gun(f[i]) || (f[i]->status & FIGURE_STATUS_SERIOUS)) {
            cr15_why(why, size, "%s cannot evade", f[i]->name);
            return false;
        }
        vec2s pts[PATH_MAX_POINTS];
        int np = path_of(cmd, f[0], f[i], pts);
        float allow = cr15_allowance_cm(rs, t, f[i], true);
        if (cr15_path_cost_cm(rs, t, pts, np, allow, NULL) > allow + 0.01f ||
            !on_table(t, pts[np - 1])) {
            cr15_why(why, size, "%s can evade %.1f inches on the table; that path needs more",
                     f[i]->name, (double)(allow / rs->data->inch_cm));
            return false;
        }
        if (cr15_nearest_enemy_cm(t, f[i], pts[np - 1], NULL) <=
            cr15_nearest_enemy_cm(t, f[i], f[i]->pos, NULL)) {
            cr15_why(why, size, "an evade must take %s away from the enemy", f[i]->name);
            return false;
        }
    }
    return true;
}

void cr15_evade_resolve(rules_state *rs, rules_ctx *ctx, const rules_command *cmd)
{
    const figure *f[RULES_CMD_FIGURES_MAX];
    int n = cr15_cmd_figures(ctx->table, cmd, f, RULES_CMD_FIGURES_MAX);
    const figure ref = *f[0];
    for (int i = 0; i < n; i++) {
        vec2s pts[PATH_MAX_POINTS];
        int np = path_of(cmd, &ref, f[i], pts);
        vec2s from = pts[np - 2], to = cr15_free_stop(ctx->table, f[i], pts[np - 2], pts[np - 1]);
        float facing = geom_angle_of(cr15_v2(to.x - from.x, to.y - from.y));
        emit_move(ctx, f[i], to, facing, CR15_REF_MOVE, "evades");
        cr15_emit_state(ctx, "flags_set", f[i]->id, f[i]->unit, CR15_F_EVADED);
    }
    (void)rs;
}
