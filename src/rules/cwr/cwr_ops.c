/* The cwr rule set on the engine: its state's life (create, clone, apply, hash), and the
 * rules_ops table whose callbacks dispatch by phase and command kind to the topic files. */
#include "rules/cwr/cwr_state.h"

#include "core/json_read.h"
#include "core/mem.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern const rules_ops cwr_rules_ops;

/* ---- create ---------------------------------------------------------------------------------- */

static const unit *unit_named(const table *t, const char *name)
{
    for (int i = 0; i < t->unit_count; i++)
        if (strcmp(t->units[i].name, name) == 0)
            return &t->units[i];
    return NULL;
}

static bool check_units(rules_state *rs, const table *t, char *err, size_t size)
{
    for (int i = 0; i < t->unit_count; i++) {
        const unit *un = &t->units[i];
        if (!cwr_data_troop(rs->data, un->kind)) {
            snprintf(err, size,
                     "unit \"%s\": unknown troop kind \"%s\" (see assets/rules/cwr.json troops)",
                     un->name, un->kind);
            return false;
        }
        int n = 0;
        for (int k = 0; k < t->figure_count; k++) {
            const figure *f = &t->figures[k];
            if (f->unit.id != un->id.id)
                continue;
            n++;
            if (f->weapon[0] && !cwr_data_weapon(rs->data, f->weapon)) {
                snprintf(err, size,
                         "unit \"%s\": unknown weapon \"%s\" (see assets/rules/cwr.json weapons)",
                         un->name, f->weapon);
                return false;
            }
            if (k == 0 || rs->units[i].start == 0)
                rs->units[i].cls = rs->data->quality_class[f->quality];
            rs->units[i].start = n;
        }
        if (n > CWR_UNIT_FIGS) {
            snprintf(err, size, "unit \"%s\" has %d figures; at most %d", un->name, n,
                     CWR_UNIT_FIGS);
            return false;
        }
    }
    return true;
}

static bool read_names(rules_state *rs, const table *t, const json_t *v, const char *key, char *err,
                       size_t size)
{
    if (!json_is_array(v)) {
        snprintf(err, size, "ruleset_options.%s: expected a list of unit names", key);
        return false;
    }
    size_t i;
    json_t *x;
    json_array_foreach(v, i, x)
    {
        const unit *un = json_is_string(x) ? unit_named(t, json_string_value(x)) : NULL;
        if (!un) {
            snprintf(err, size, "ruleset_options.%s[%zu]: no unit of that name", key, i);
            return false;
        }
        rs->units[un->id.id - 1].flags |= CWR_U_CONCEALED;
        rs->concealment = true;
    }
    return true;
}

static bool read_options(rules_state *rs, const scenario *sc, const table *t, char *err,
                         size_t size)
{
    const char *key;
    json_t *v;
    json_object_foreach(sc->rules_options, key, v)
    {
        if (strcmp(key, "concealed") == 0) {
            if (!read_names(rs, t, v, key, err, size))
                return false;
        } else if (strcmp(key, "classes") == 0 && json_is_object(v)) {
            const char *name;
            json_t *c;
            json_object_foreach(v, name, c)
            {
                const unit *un = unit_named(t, name);
                int cls = json_is_string(c) ? cwr_class_parse(json_string_value(c)) : -1;
                if (!un || cls < 0) {
                    snprintf(err, size, "ruleset_options.classes.%s: %s", name,
                             !un ? "no unit of that name"
                                 : "expected elite, normal, inexperienced or militia");
                    return false;
                }
                rs->units[un->id.id - 1].cls = cls;
            }
        } else if (strcmp(key, "first_side") == 0 && json_is_string(v)) {
            for (int i = 0; i < t->side_count; i++)
                if (strcmp(t->sides[i].name, json_string_value(v)) == 0)
                    rs->first = t->sides[i].id;
            if (!rs->first.id) {
                snprintf(err, size, "ruleset_options.first_side: no side \"%s\"",
                         json_string_value(v));
                return false;
            }
        } else if (strcmp(key, "max_turns") == 0 && json_is_integer(v) &&
                   json_integer_value(v) > 0 && json_integer_value(v) <= 1000) {
            rs->max_turns = (int)json_integer_value(v);
        } else {
            snprintf(err, size,
                     "ruleset_options.%s: unknown or bad option (cwr knows concealed: a list of "
                     "unit names, first_side: a side name, classes: {unit: class}, max_turns: a "
                     "positive integer)",
                     key);
            return false;
        }
    }
    for (int i = 0; i < sc->victory_count; i++) {
        const scenario_victory *vc = &sc->victory[i];
        if (strcmp(vc->kind, "turns") == 0)
            rs->max_turns = vc->turns;
        else if (strcmp(vc->kind, "destroy") == 0 && vc->value > 0 && vc->value <= 100)
            rs->break_percent = vc->value;
        else {
            snprintf(err, size,
                     "victory[%d].kind \"%s\": cwr knows \"turns\" and \"destroy\" (value: the "
                     "percent of its figures a side may lose before it is beaten)",
                     i, vc->kind);
            return false;
        }
    }
    return true;
}

/* The features' boxes, the points' grown by 0.01 cm: the tests they skip are within
 * GEOM_EPS (1e-4 cm) of an edge at most. */
static void cwr_los_boxes(cwr_los *l, const table *t)
{
    l->feature_count = t->feature_count;
    l->feature_box = mem_calloc((size_t)t->feature_count + 1, sizeof *l->feature_box);
    for (int k = 0; k < t->feature_count; k++) {
        const terrain_feature *ft = &t->features[k];
        bool area = ft->shape == TERRAIN_SHAPE_AREA;
        geom_aabb b = geom_aabb_of_points(area ? ft->area.pts : ft->line.pts,
                                          area ? ft->area.count : ft->line.count);
        l->feature_box[k] = geom_aabb_pad(b, 0.01f);
    }
    /* a counting sort of the figures by unit (figures of no unit, or of none listed, left out) */
    int nu = t->unit_count, nf = t->figure_count;
    l->units = nu;
    l->figures = nf;
    l->unit_start = mem_calloc((size_t)nu + 2, sizeof *l->unit_start);
    l->unit_fig = mem_calloc((size_t)nf + 1, sizeof *l->unit_fig);
    for (int i = 0; i < nf; i++) {
        uint32_t u = t->figures[i].unit.id;
        if (u && u <= (uint32_t)nu)
            l->unit_start[u + 1]++;
    }
    for (int k = 1; k <= nu + 1; k++)
        l->unit_start[k] += l->unit_start[k - 1];
    int *at = mem_calloc((size_t)nu + 2, sizeof *at);
    memcpy(at, l->unit_start, ((size_t)nu + 2) * sizeof *at);
    for (int i = 0; i < nf; i++) {
        uint32_t u = t->figures[i].unit.id;
        if (u && u <= (uint32_t)nu)
            l->unit_fig[at[u]++] = i;
    }
    free(at);
}

/* The first weapon and troop of each name, as the lookups find them (cwr_data_weapon, _troop). */
static void cwr_remember_kinds(rules_state *rs, const table *t)
{
    const cwr_data *d = rs->data;
    cwr_los *l = rs->los;
    l->fig_weapon = mem_calloc((size_t)t->figure_count + 1, sizeof *l->fig_weapon);
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        const cwr_weapon *w = cwr_data_weapon(d, f->weapon[0] ? f->weapon : "none");
        l->fig_weapon[i] = w ? (int)(w - d->weapons) : -1;
    }
    const cwr_names *sets[4] = {&d->fortification, &d->high_ground, &d->obstacle, &d->open};
    l->type_count = t->type_count;
    l->type_in = mem_calloc(4 * (size_t)t->type_count + 1, sizeof *l->type_in);
    for (int k = 0; k < 4; k++)
        for (int i = 0; i < t->type_count; i++)
            l->type_in[k * t->type_count + i] = cwr_names_has(sets[k], t->types[i].name);
    for (int i = 0; i < t->unit_count; i++) {
        const cwr_troop *tr = cwr_data_troop(d, t->units[i].kind);
        rs->units[i].troop = tr ? (int)(tr - d->troops) : -1;
    }
}

static void cwr_destroy(rules_state *rs)
{
    if (!rs)
        return;
    cwr_data_destroy(rs->data);
    free(rs->units);
    cwr_cache_destroy(rs->cache);
    if (rs->los && atomic_fetch_sub(&rs->los->refs, 1) == 1) {
        los_destroy(rs->los->ix);
        memo_destroy(rs->los->sight_memo);
        free(rs->los->feature_box);
        free(rs->los->unit_start);
        free(rs->los->unit_fig);
        free(rs->los->fig_weapon);
        free(rs->los->type_in);
        free(rs->los->fort_xy);
        free(rs->los->fort_sig);
        free(rs->los->fort_was);
        free(rs->los->path_kept);
        cwr_table_memo_free(rs->los->table_memo);
        free(rs->los);
    }
    free(rs);
}

static rules_state *cwr_create(const rules_create_desc *desc, char *err, size_t size)
{
    cwr_data_error de;
    cwr_data *d = cwr_data_load_default(desc->data_dir, &de);
    if (!d) {
        cwr_data_error_format(&de, err, size);
        return NULL;
    }
    const table *t = desc->table;
    rules_state *rs = mem_calloc(1, sizeof *rs);
    rs->data = d;
    rs->max_turns = d->max_turns;
    rs->break_percent = d->break_percent;
    rs->pair = -1;
    rs->unit_count = t->unit_count;
    rs->units = mem_calloc((size_t)t->unit_count + 1, sizeof *rs->units);
    rs->cache = cwr_cache_create();
    rs->los = mem_calloc(1, sizeof *rs->los);
    atomic_init(&rs->los->refs, 1);
    rs->los->ix = los_create(t, &(los_desc){0});
    rs->los->sight_memo = memo_create(12, 5 * sizeof(float), sizeof(int));
    cwr_los_boxes(rs->los, t);
    if (t->side_count != 2) {
        snprintf(err, size, "cwr needs exactly two sides, not %d", t->side_count);
        goto fail;
    }
    rs->sides[0] = t->sides[0].id;
    rs->sides[1] = t->sides[1].id;
    rs->active = rs->sides[0];
    if (!check_units(rs, t, err, size) || !read_options(rs, desc->scenario, t, err, size))
        goto fail;
    cwr_remember_kinds(rs, t);
    return rs;
fail:
    cwr_destroy(rs);
    return NULL;
}

static rules_state *cwr_clone(const rules_state *rs)
{
    rules_state *c = mem_dup(rs, 1, sizeof *rs);
    /* the rule data the process keeps (json_cache_holds: never freed) is shared, as read-only
     * as the terrain; else the clone has its own copy */
    c->data = json_cache_holds(rs->data) ? rs->data : mem_dup(rs->data, 1, sizeof *rs->data);
    c->units = mem_dup(rs->units, (size_t)rs->unit_count + 1, sizeof *rs->units);
    c->cache = cwr_cache_create();
    atomic_fetch_add(&c->los->refs, 1); /* the terrain never changes during a match */
    return c;
}

/* ---- apply: the only place the state changes ----------------------------------------------- */

static void apply_ruleset(rules_state *rs, const rules_event *ev)
{
    cwr_unit_state *us = cwr_ustate(rs, ev->unit);
    const char *tag = ev->tag;
    cwr_alloc_apply(rs, ev); /* "casualties" queues a pick, "picked" ends it */
    if (strcmp(tag, "initiative") == 0) {
        rs->initiative = rs->active = ev->side;
        rs->phase = CWR_PHASE_ACTIVATE;
    } else if (us && strcmp(tag, "morale") == 0) {
        if (ev->success)
            us->flags &= ~(uint32_t)CWR_U_FAILED;
        else
            us->flags |= CWR_U_FAILED;
    } else if (strcmp(tag, "pair") == 0) {
        rs->pair = ev->value;
        rs->step = 0;
        rs->phase = CWR_PHASE_ACT;
    } else if (strcmp(tag, "step") == 0) {
        rs->step = ev->value;
    } else if (us && strcmp(tag, "charge") == 0) {
        if (ev->success)
            us->flags |= CWR_U_REACHED;
    } else if (us && strcmp(tag, "reveal") == 0) {
        us->flags &= ~(uint32_t)CWR_U_CONCEALED;
    } else if (strcmp(tag, "end_activation") == 0) {
        if (us)
            us->flags &= ~(uint32_t)(CWR_U_FAILED | CWR_U_REACHED);
        rs->active = ev->side;
        rs->phase = CWR_PHASE_ACTIVATE;
        rs->unit.id = 0;
        rs->pair = -1;
        rs->step = 0;
    } else if (strcmp(tag, "time_up") == 0) {
        rs->time_up = true;
    }
}

/* Whether an event may change the table (rules_event_apply_table's kinds, or one unknown here)
 * or a unit's concealment (a reveal): the others change neither. */
static bool touches_table(const rules_event *ev)
{
    static const char *const state_only[] = {"initiative", "morale",         "pair",   "step",
                                             "charge",     "end_activation", "time_up"};
    switch (ev->kind) {
    case RULES_EV_DIE:
    case RULES_EV_MODIFIER:
    case RULES_EV_NOTE:
    case RULES_EV_TEMPLATE:
    case RULES_EV_PHASE:
    case RULES_EV_TURN:
    case RULES_EV_ACTIVATE:
    case RULES_EV_GAME_OVER:
        return false;
    case RULES_EV_RULESET:
        for (size_t i = 0; i < sizeof state_only / sizeof *state_only; i++)
            if (strcmp(ev->tag, state_only[i]) == 0)
                return false;
        return true;
    default:
        return true;
    }
}

static void cwr_apply(rules_state *rs, const table *t, const rules_event *ev)
{
    (void)t;
    cwr_cache_changed(rs->cache); /* the table changed with it, or may have */
    if (touches_table(ev))
        cwr_cache_table_changed(rs->cache);
    switch (ev->kind) {
    case RULES_EV_TURN:
        rs->turn = ev->value;
        for (int i = 0; i < rs->unit_count; i++)
            rs->units[i].flags &= ~(uint32_t)CWR_U_ACTED;
        break;
    case RULES_EV_ACTIVATE: {
        cwr_unit_state *us = cwr_ustate(rs, ev->unit);
        if (us)
            us->flags |= CWR_U_ACTED;
        rs->unit = ev->unit;
        rs->phase = CWR_PHASE_CHOOSE;
        break;
    }
    case RULES_EV_RULESET:
        apply_ruleset(rs, ev);
        break;
    default:
        break;
    }
}

static void cwr_hash(const rules_state *rs, rules_hasher *hs)
{
    rules_hash_i32(hs, rs->turn);
    rules_hash_u32(hs, rs->time_up);
    rules_hash_u32(hs, rs->active.id);
    rules_hash_u32(hs, rs->initiative.id);
    rules_hash_i32(hs, (int32_t)rs->phase);
    rules_hash_u32(hs, rs->unit.id);
    rules_hash_i32(hs, rs->pair);
    rules_hash_i32(hs, rs->step);
    rules_hash_i32(hs, rs->max_turns);
    rules_hash_i32(hs, rs->break_percent);
    rules_hash_u32(hs, rs->first.id);
    rules_hash_i32(hs, rs->alloc_n);
    for (int i = 0; i < rs->alloc_n; i++) {
        rules_hash_u32(hs, rs->alloc[i].chooser.id);
        rules_hash_u32(hs, rs->alloc[i].target.id);
        rules_hash_i32(hs, rs->alloc[i].count);
        rules_hash_f32(hs, rs->alloc[i].from.x);
        rules_hash_f32(hs, rs->alloc[i].from.y);
    }
    for (int i = 0; i < rs->unit_count; i++) {
        rules_hash_u32(hs, rs->units[i].flags);
        rules_hash_i32(hs, rs->units[i].start);
        rules_hash_i32(hs, rs->units[i].cls);
    }
}

/* ---- validate, resolve ---------------------------------------------------------------------- */

static bool step_validate(const rules_state *rs, const table *t, const rules_command *cmd,
                          char *why, size_t size)
{
    cwr_step st = cwr_current_step(rs);
    if (cmd->kind == RULES_CMD_PASS || cmd->kind == RULES_CMD_END_ACTIVATION)
        return true;
    if (cmd->kind != cwr_step_command(st) ||
        (cmd->kind == RULES_CMD_SPECIAL && strcmp(cmd->option, "close_combat") != 0)) {
        snprintf(why, size, "this step is: %s (or pass it)", cwr_step_label(st));
        return false;
    }
    switch (st) {
    case CWR_STEP_FIRE:
        return cwr_fire_validate(rs, t, cmd, why, size);
    case CWR_STEP_FORMATION:
    case CWR_STEP_LIMBER:
    case CWR_STEP_UNLIMBER:
        return cwr_formation_validate(rs, t, cmd, st, why, size);
    case CWR_STEP_CHARGE:
        return cwr_charge_validate(rs, t, cmd, why, size);
    case CWR_STEP_COMBAT:
        return cwr_combat_validate(rs, t, cmd, why, size);
    default:
        return cwr_move_validate(rs, t, cmd, st, why, size);
    }
}

static bool validate_now(const rules_state *rs, const table *t, const rules_command *cmd, char *why,
                         size_t size)
{
    rules_outcome o;
    cwr_outcome(rs, t, &o);
    if (!o.over && rs->alloc_n > 0)
        return cwr_alloc_validate(rs, t, cmd, why, size);
    if (o.over) {
        cwr_join(why, size, "the battle is over", NULL);
        return false;
    }
    if (cmd->side.id && cmd->side.id != rs->active.id) {
        snprintf(why, size, "it is %s's activation", table_side(t, rs->active)->name);
        return false;
    }
    switch (rs->phase) {
    case CWR_PHASE_ACTIVATE:
        if (cmd->kind != RULES_CMD_ACTIVATE) {
            cwr_join(why, size, "first activate a unit", NULL);
            return false;
        }
        return cwr_activate_validate(rs, t, cmd, why, size);
    case CWR_PHASE_CHOOSE: {
        if (cmd->kind == RULES_CMD_END_ACTIVATION)
            return true;
        if (cmd->kind != RULES_CMD_CHOOSE) {
            cwr_join(why, size, "choose a pair of permitted actions first", NULL);
            return false;
        }
        const int *list;
        int n = cwr_pairs_offered(rs, rs->unit, &list);
        int k = cwr_data_pair(rs->data, cmd->option);
        bool offered = false;
        for (int i = 0; i < n; i++)
            offered |= list[i] == k;
        if (!offered) {
            snprintf(why, size, "\"%s\" is not among the actions permitted after this check",
                     cmd->option);
            return false;
        }
        return cwr_pair_open(rs, t, rs->unit, k, why, size);
    }
    case CWR_PHASE_ACT:
        return step_validate(rs, t, cmd, why, size);
    }
    return false;
}

static bool cwr_validate(const rules_state *rs, const table *t, const rules_command *cmd, char *why,
                         size_t size)
{
    bool began = cwr_cache_begin(rs, t);
    bool ok = validate_now(rs, t, cmd, why, size);
    cwr_cache_end(began);
    return ok;
}

static void cwr_resolve(rules_state *rs, rules_ctx *ctx, const rules_command *cmd)
{
    const table *t = ctx->table;
    if (rs->alloc_n > 0) { /* the casualties picked: then the step's end */
        cwr_alloc_resolve(rs, ctx, cmd);
        if (rs->alloc_n == 0)
            cwr_step_done(rs, ctx);
        return;
    }
    if (rs->phase == CWR_PHASE_ACTIVATE) {
        cwr_activate_resolve(rs, ctx, cmd);
        return;
    }
    if (cmd->kind == RULES_CMD_END_ACTIVATION) {
        cwr_end_activation(rs, ctx);
        return;
    }
    if (rs->phase == CWR_PHASE_CHOOSE) {
        int k = cwr_data_pair(rs->data, cmd->option);
        rules_emitf(ctx,
                    (rules_event){.kind = RULES_EV_RULESET,
                                  .side = rs->active,
                                  .unit = rs->unit,
                                  .value = k,
                                  .tag = "pair"},
                    CWR_REF_PAIRS, "%s: %s", table_unit_const(t, rs->unit)->name,
                    rs->data->pairs[k].label);
        return;
    }
    cwr_step st = cwr_current_step(rs);
    if (cmd->kind == RULES_CMD_PASS) {
        rules_emitf(ctx, (rules_event){.kind = RULES_EV_NOTE, .side = rs->active, .unit = rs->unit},
                    CWR_REF_PAIRS, "%s passes: %s", table_unit_const(t, rs->unit)->name,
                    cwr_step_label(st));
    } else {
        switch (st) {
        case CWR_STEP_FIRE:
            cwr_fire_resolve(rs, ctx, cmd);
            break;
        case CWR_STEP_FORMATION:
        case CWR_STEP_LIMBER:
        case CWR_STEP_UNLIMBER:
            cwr_formation_resolve(rs, ctx, cmd);
            break;
        case CWR_STEP_CHARGE:
            cwr_charge_resolve(rs, ctx, cmd);
            break;
        case CWR_STEP_COMBAT:
            cwr_combat_resolve(rs, ctx, cmd);
            break;
        default:
            cwr_move_resolve(rs, ctx, cmd, st);
            break;
        }
    }
    if (rs->alloc_n == 0) /* else once the casualties are picked */
        cwr_step_done(rs, ctx);
}

/* ---- legal, actions ---------------------------------------------------------------------------
 */

static int unit_command(const table *t, rules_command_kind kind, side_id s, unit_id u,
                        rules_command *out)
{
    *out = (rules_command){.kind = kind, .side = s, .unit = u};
    figure_id figs[CWR_UNIT_FIGS];
    int n = cwr_unit_figures(t, u, figs, CWR_UNIT_FIGS);
    for (int i = 0; i < n && i < CWR_UNIT_FIGS; i++)
        rules_command_add_figure(out, figs[i]);
    return 1;
}

static int step_legal(const rules_state *rs, const table *t, rules_command *out, int max)
{
    cwr_step st = cwr_current_step(rs);
    unit_id u = rs->unit;
    side_id s = rs->active;
    int n = 0;
    char why[160];
    switch (st) {
    case CWR_STEP_FIRE: {
        rules_target tg[32];
        rules_command f = {.kind = RULES_CMD_FIRE, .side = s, .unit = u};
        int m = cwr_targets(rs, t, &f, tg, 32);
        for (int i = 0; i < m && n < max; i++) {
            out[n] = f;
            out[n].target = tg[i].figure;
            out[n].target_unit = tg[i].unit;
            n++;
        }
        break;
    }
    case CWR_STEP_FORMATION: {
        const char *to = strcmp(cwr_formation_of(rs, t, u), "line") == 0 ? "column" : "line";
        rules_command f = {.kind = RULES_CMD_FORMATION, .side = s, .unit = u};
        cwr_join(f.option, sizeof f.option, to, NULL);
        if (n < max && cwr_formation_validate(rs, t, &f, st, why, sizeof why))
            out[n++] = f;
        break;
    }
    case CWR_STEP_LIMBER:
    case CWR_STEP_UNLIMBER:
        if (n < max) {
            out[n] = (rules_command){.kind = RULES_CMD_FORMATION, .side = s, .unit = u};
            cwr_join(out[n].option, sizeof out[n].option,
                     st == CWR_STEP_LIMBER ? "limbered" : "unlimbered", NULL);
            n++;
        }
        break;
    case CWR_STEP_CHARGE: {
        unit_id tg[32];
        int m = cwr_charge_targets(rs, t, u, tg, 32);
        for (int i = 0; i < m && n < max; i++) {
            figure_id fa, fb;
            cwr_unit_distance(t, u, tg[i], &fa, &fb);
            out[n++] = (rules_command){
                .kind = RULES_CMD_CHARGE, .side = s, .unit = u, .target = fb, .target_unit = tg[i]};
        }
        break;
    }
    case CWR_STEP_COMBAT:
        if (n < max && cwr_contact_enemy(rs, t, u).id) {
            out[n] = (rules_command){.kind = RULES_CMD_SPECIAL, .side = s, .unit = u};
            cwr_join(out[n].option, sizeof out[n].option, "close_combat", NULL);
            n++;
        }
        break;
    default:
        n += cwr_move_legal(rs, t, u, st, out + n, max - n);
        break;
    }
    if (n < max)
        out[n++] = (rules_command){.kind = RULES_CMD_PASS, .side = s, .unit = u};
    return n;
}

static int legal_now(const rules_state *rs, const table *t, rules_command *out, int max)
{
    rules_outcome o;
    cwr_outcome(rs, t, &o);
    if (o.over)
        return 0;
    if (rs->alloc_n > 0)
        return cwr_alloc_legal(rs, t, out, max);
    int n = 0;
    switch (rs->phase) {
    case CWR_PHASE_ACTIVATE:
        for (int i = 0; i < t->unit_count && n < max; i++)
            if (t->units[i].side.id == rs->active.id &&
                cwr_unit_can_activate(rs, t, t->units[i].id))
                n += unit_command(t, RULES_CMD_ACTIVATE, rs->active, t->units[i].id, &out[n]);
        break;
    case CWR_PHASE_CHOOSE: {
        const int *list;
        int m = cwr_pairs_offered(rs, rs->unit, &list);
        for (int i = 0; i < m && n < max; i++)
            if (cwr_pair_open(rs, t, rs->unit, list[i], NULL, 0)) {
                out[n] =
                    (rules_command){.kind = RULES_CMD_CHOOSE, .side = rs->active, .unit = rs->unit};
                cwr_join(out[n].option, sizeof out[n].option, rs->data->pairs[list[i]].id, NULL);
                n++;
            }
        if (n < max)
            out[n++] = (rules_command){
                .kind = RULES_CMD_END_ACTIVATION, .side = rs->active, .unit = rs->unit};
        break;
    }
    case CWR_PHASE_ACT:
        n = step_legal(rs, t, out, max);
        break;
    }
    return n;
}

static int cwr_legal(const rules_state *rs, const table *t, rules_command *out, int max)
{
    bool began = cwr_cache_begin(rs, t);
    int n = legal_now(rs, t, out, max);
    cwr_cache_end(began);
    return n;
}

static void add_action(rules_action *out, int *n, int max, rules_command_kind kind,
                       const char *option, const char *label, bool enabled, const char *reason)
{
    if (*n >= max)
        return;
    rules_action *a = &out[(*n)++];
    *a = (rules_action){.kind = kind, .enabled = enabled};
    cwr_join(a->option, sizeof a->option, option, NULL);
    cwr_join(a->label, sizeof a->label, label, NULL);
    cwr_join(a->reason, sizeof a->reason, enabled ? "" : reason, NULL);
}

static int cwr_actions(const rules_state *rs, const table *t, figure_id fig, rules_action *out,
                       int max)
{
    int n = 0;
    char why[160];
    const figure *f = fig.id ? table_figure_const(t, fig) : NULL;
    unit_id u = f ? f->unit : rs->unit;
    const unit *un = table_unit_const(t, u);
    if (rs->alloc_n > 0)
        return 0; /* casualties to pick: the hit allocation, not an action */
    switch (rs->phase) {
    case CWR_PHASE_ACTIVATE: {
        if (!un)
            return 0;
        cwr_morale m;
        cwr_morale_dice(rs, t, u, &m);
        char label[48];
        if (m.exempt)
            cwr_join(label, sizeof label, "Activate (no morale check)", NULL);
        else
            snprintf(label, sizeof label, "Activate: %dD6 vs %d, %.0f%% to fail", m.dice,
                     m.strength, 100 * cwr_morale_fail_chance(m.dice, m.strength));
        bool ok = cwr_activate_validate(
            rs, t, &(rules_command){.kind = RULES_CMD_ACTIVATE, .unit = u}, why, sizeof why);
        add_action(out, &n, max, RULES_CMD_ACTIVATE, "", label, ok, why);
        break;
    }
    case CWR_PHASE_CHOOSE: {
        const int *list;
        int m = cwr_pairs_offered(rs, rs->unit, &list);
        for (int i = 0; i < m; i++) {
            const cwr_pair *p = &rs->data->pairs[list[i]];
            bool ok = cwr_pair_open(rs, t, rs->unit, list[i], why, sizeof why);
            add_action(out, &n, max, RULES_CMD_CHOOSE, p->id, p->label, ok, why);
        }
        add_action(out, &n, max, RULES_CMD_END_ACTIVATION, "", "Do nothing", true, "");
        break;
    }
    case CWR_PHASE_ACT: {
        cwr_step st = cwr_current_step(rs);
        rules_command cmds[64];
        int m = step_legal(rs, t, cmds, 64);
        bool any = m > 1; /* the last is the pass */
        const char *reason = "";
        if (!any) {
            switch (st) {
            case CWR_STEP_FIRE:
                cwr_can_fire_now(rs, t, rs->unit, why, sizeof why);
                break;
            case CWR_STEP_COMBAT:
                cwr_join(why, sizeof why, "no enemy in base contact", NULL);
                break;
            default:
                cwr_join(why, sizeof why, "nothing it can do for this step here", NULL);
                break;
            }
            reason = why;
        }
        const char *opt = st == CWR_STEP_LIMBER             ? "limbered"
                          : st == CWR_STEP_UNLIMBER         ? "unlimbered"
                          : st == CWR_STEP_COMBAT           ? "close_combat"
                          : st == CWR_STEP_FORMATION && any ? cmds[0].option
                                                            : "";
        char label[48];
        if (st == CWR_STEP_FORMATION && any)
            snprintf(label, sizeof label, "Form %s", opt);
        else
            cwr_join(label, sizeof label, cwr_step_label(st), NULL);
        add_action(out, &n, max, cwr_step_command(st), opt, label, any, reason);
        add_action(out, &n, max, RULES_CMD_PASS, "", "Skip this step", true, "");
        break;
    }
    }
    return n;
}

/* ---- small queries ------------------------------------------------------------------------------
 */

static int cwr_turn(const rules_state *rs)
{
    return rs->turn;
}

static bool cwr_arc(const rules_state *rs, const table *t, figure_id fig, float *half_angle,
                    float *range_cm)
{
    const figure *f = table_figure_const(t, fig);
    if (!f)
        return false;
    const cwr_weapon *w = cwr_data_weapon(rs->data, f->weapon[0] ? f->weapon : "none");
    float r = w ? fmaxf(w->short_in, w->long_in) : 0;
    if (r <= 0)
        return false;
    *half_angle = rs->data->fire_arc_deg * (float)GEOM_PI / 180;
    *range_cm = cwr_cm(rs, r);
    return true;
}

static const char *cwr_measure(const rules_state *rs)
{
    return rs->data->units;
}

/* The player's words for a command, in the rule book's terms. */
static bool cwr_describe(const rules_state *rs, const table *t, const rules_command *cmd, char *out,
                         size_t size)
{
    const unit *un = table_unit_const(t, cmd->unit.id ? cmd->unit : rs->unit);
    const unit *tg = table_unit_const(t, cmd->target_unit);
    if (!tg && cmd->target.id) {
        const figure *f = table_figure_const(t, cmd->target);
        tg = f ? table_unit_const(t, f->unit) : NULL;
    }
    const char *name = un ? un->name : "the unit";
    int k;
    switch (cmd->kind) {
    case RULES_CMD_ACTIVATE:
        snprintf(out, size, "Activate %s", name);
        return true;
    case RULES_CMD_CHOOSE:
        k = cwr_data_pair(rs->data, cmd->option);
        cwr_join(out, size, k >= 0 ? rs->data->pairs[k].label : cmd->option, NULL);
        return true;
    case RULES_CMD_FIRE:
        snprintf(out, size, "%s fires at %s", name, tg ? tg->name : "?");
        return true;
    case RULES_CMD_CHARGE:
        snprintf(out, size, "%s charges %s", name, tg ? tg->name : "?");
        return true;
    case RULES_CMD_MOVE:
        snprintf(out, size, "%s: %s", name, cwr_step_label(cwr_current_step(rs)));
        return true;
    case RULES_CMD_SPECIAL:
        snprintf(out, size, "%s: close combat", name);
        return true;
    case RULES_CMD_FORMATION:
        snprintf(out, size, "%s: %s", name,
                 strcmp(cmd->option, "limbered") == 0     ? "limber up"
                 : strcmp(cmd->option, "unlimbered") == 0 ? "unlimber"
                 : strcmp(cmd->option, "line") == 0       ? "form line"
                                                          : "form column");
        return true;
    case RULES_CMD_PASS:
        snprintf(out, size, "%s: skip \"%s\"", name, cwr_step_label(cwr_current_step(rs)));
        return true;
    case RULES_CMD_END_ACTIVATION:
        snprintf(out, size, "%s does nothing more", name);
        return true;
    case RULES_CMD_ALLOCATE:
        un = rs->alloc_n > 0 ? table_unit_const(t, rs->alloc[0].target) : NULL;
        snprintf(out, size, "Remove %d casualt%s from %s", cmd->figure_count,
                 cmd->figure_count == 1 ? "y" : "ies", un ? un->name : "the target");
        return true;
    default:
        return false;
    }
}

/* A concealed unit's figures are unseen by the other side until it fires or is spotted. */
static bool cwr_visible(const rules_state *rs, const table *t, side_id viewer, figure_id fig)
{
    const figure *f = table_figure_const(t, fig);
    return !f || !cwr_unit_hidden(rs, t, f->unit, viewer);
}

/* Guns unlimbered or limbered; other units of more than one figure in line or column. */
static int cwr_formations(const rules_state *rs, const table *t, unit_id u,
                          char (*out)[RULES_WORD_MAX], int max)
{
    bool gun = cwr_unit_is_artillery(rs, t, u);
    int figures = 0;
    for (int i = 0; i < t->figure_count; i++)
        figures += t->figures[i].unit.id == u.id;
    if ((!gun && figures < 2) || max < 2)
        return 0;
    cwr_join(out[0], RULES_WORD_MAX, gun ? "unlimbered" : "line", NULL);
    cwr_join(out[1], RULES_WORD_MAX, gun ? "limbered" : "column", NULL);
    return 2;
}

/* The view's questions that search the table run in a cache scope, as legal does. */
static bool view_reach(const rules_state *rs, const table *t, const rules_command *move, vec2s dir,
                       rules_reach *out)
{
    bool began = cwr_cache_begin(rs, t);
    bool ok = cwr_reach(rs, t, move, dir, out);
    cwr_cache_end(began);
    return ok;
}

static int view_targets(const rules_state *rs, const table *t, const rules_command *fire,
                        rules_target *out, int max)
{
    bool began = cwr_cache_begin(rs, t);
    int n = cwr_targets(rs, t, fire, out, max);
    cwr_cache_end(began);
    return n;
}

static bool view_bot_value(const rules_state *rs, const table *t, const rules_command *cmd,
                           float *v, char *why, size_t size)
{
    bool began = cwr_cache_begin(rs, t);
    bool ok = cwr_bot_value(rs, t, cmd, v, why, size);
    cwr_cache_end(began);
    return ok;
}

static const rules_view_ops cwr_view_ops = {
    .actions = cwr_actions,
    .reach = view_reach,
    .targets = view_targets,
    .driver = cwr_driver,
    .arc = cwr_arc,
    .moves_by_unit = true,
    .measure = cwr_measure,
    .describe = cwr_describe,
    .visible = cwr_visible,
    .bot_value = view_bot_value,
    .formations = cwr_formations,
    .prompt = cwr_decision_prompt,
};

/* What a scenario may ask of cwr (cwr_create checks the same; classes stay as the file has
 * them, max_turns is left to the editor's turn limit, the "turns" condition). */
static const rules_option_desc cwr_option_descs[] = {
    {"first_side", "Moves first", RULES_OPTION_SIDE, 0, 0},
    {"concealed", "Concealed units", RULES_OPTION_UNITS, 0, 0},
};
static const rules_victory_desc cwr_victory_descs[] = {
    {.kind = "destroy",
     .label = "beaten at a share lost",
     .value = true,
     .value_min = 1,
     .value_max = 100,
     .value_label = "% of its figures lost"},
    {.kind = "turns", .label = "a turn limit", .turns = true},
};
static const rules_scenario_terms cwr_terms = {cwr_option_descs, 2, cwr_victory_descs, 2};

const rules_ops cwr_rules_ops = {
    .id = "cwr",
    .name = "Colonial Wargames Rules",
    .seed = "001",
    .create = cwr_create,
    .destroy = cwr_destroy,
    .clone = cwr_clone,
    .begin = cwr_begin,
    .decision = cwr_decision,
    .legal = cwr_legal,
    .validate = cwr_validate,
    .resolve = cwr_resolve,
    .apply = cwr_apply,
    .hash = cwr_hash,
    .outcome = cwr_outcome,
    .turn = cwr_turn,
    .view = &cwr_view_ops,
    .referee = &cwr_referee_ops,
    .terms = &cwr_terms,
};
