/* Colonial Rules for 15mm on the engine: the state's life (create, clone, apply, hash) and the
 * rules_ops table, whose callbacks dispatch by command kind to the topic files. */
#include "rules/cr15/cr15_state.h"

#include "core/mem.h"
#include "rules/cr15/cr15_plan.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- create -------------------------------------------------------------------------------- */

static side_id side_named(const table *t, const char *name)
{
    for (int i = 0; i < t->side_count; i++)
        if (strcmp(t->sides[i].name, name) == 0)
            return t->sides[i].id;
    return (side_id){0};
}

static bool read_options(rules_state *rs, const scenario *sc, char *err, size_t size)
{
    const char *key;
    json_t *v;
    const table *t = sc->table;
    json_object_foreach(sc->rules_options, key, v)
    {
        if (strcmp(key, "first_side") == 0 && json_is_string(v)) {
            rs->first = side_named(t, json_string_value(v));
            if (!rs->first.id) {
                snprintf(err, size, "ruleset_options.first_side: no side \"%s\"",
                         json_string_value(v));
                return false;
            }
        } else if (strcmp(key, "arrival_need") == 0 && json_is_integer(v) &&
                   json_integer_value(v) >= 0 && json_integer_value(v) <= 10) {
            rs->arrival_need = (int)json_integer_value(v);
        } else if (strcmp(key, "max_turns") == 0 && json_is_integer(v) &&
                   json_integer_value(v) > 0 && json_integer_value(v) < 1000) {
            rs->max_turns = (int)json_integer_value(v);
        } else {
            snprintf(err, size,
                     "ruleset_options.%s: unknown or bad option (cr15 knows first_side: a side "
                     "name, arrival_need: 0 to 10 on a D10, max_turns: a positive integer)",
                     key);
            return false;
        }
    }
    for (int i = 0; i < sc->victory_count; i++) {
        const scenario_victory *vc = &sc->victory[i];
        if (strcmp(vc->kind, "turns") == 0) {
            rs->max_turns = vc->turns;
            rs->time_winner = vc->side;
        } else if (strcmp(vc->kind, "break") == 0 && vc->side.id && vc->value > 0) {
            rs->break_pct[cr15_side_index(t, vc->side)] = vc->value;
        } else {
            snprintf(err, size,
                     "victory[%d].kind \"%s\": cr15 knows \"turns\" (side: who wins when time "
                     "runs out) and \"break\" (side, value: percent of its men down)",
                     i, vc->kind);
            return false;
        }
    }
    if (sc->reinforcement_count > CR15_ARRIVALS) {
        snprintf(err, size, "reinforcements: cr15 handles at most %d", CR15_ARRIVALS);
        return false;
    }
    return true;
}

static bool check_figures(const rules_state *rs, const table *t, char *err, size_t size)
{
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        const unit *u = table_unit_const(t, f->unit);
        const char *kind = f->kind[0] ? f->kind : u->kind;
        if (cr15_troop_parse(kind) < 0) {
            snprintf(err, size,
                     "unit \"%s\": troop kind \"%s\" is not regulars, tribesmen, cavalry or "
                     "artillery",
                     u->name, kind);
            return false;
        }
        const char *w = f->weapon;
        bool known = !w[0] || cr15_data_weapon(rs->data, w) || cr15_data_melee_weapon(rs->data, w);
        if (f->role == FIGURE_ROLE_GUN)
            known = strcmp(w, "gatling") == 0 || strcmp(w, "field_gun") == 0;
        if (!known) {
            snprintf(err, size,
                     "unit \"%s\": weapon \"%s\" unknown to cr15 (see "
                     "assets/rules/cr15.json; guns are \"gatling\" or \"field_gun\")",
                     u->name, w);
            return false;
        }
    }
    return true;
}

static void cr15_destroy(rules_state *rs)
{
    if (!rs)
        return;
    cr15_data_destroy(rs->data);
    free(rs->figs);
    free(rs->units);
    if (rs->memo) {
        free(rs->memo->contact_stamp);
        free(rs->memo->contact);
        free(rs->memo->member_start);
        free(rs->memo->member);
        free(rs->memo->near);
        free(rs->memo->near_tmp);
        free(rs->memo);
    }
    if (rs->los && atomic_fetch_sub(&rs->los->refs, 1) == 1) {
        los_destroy(rs->los->ix);
        free(rs->los->sight);
        free(rs->los->lines);
        cr15_targets_forget(rs->los);
        free(rs->los->pairs);
        free(rs->los->areas);
        free(rs->los->weapons);
        free(rs->los);
    }
    free(rs);
}

static rules_state *cr15_create(const rules_create_desc *desc, char *err, size_t size)
{
    cr15_data_error de;
    cr15_data *d = cr15_data_load_default(desc->data_dir, &de);
    if (!d) {
        cr15_data_error_format(&de, err, size);
        return NULL;
    }
    const table *t = desc->table;
    rules_state *rs = mem_calloc(1, sizeof *rs);
    rs->data = d;
    rs->max_turns = d->max_turns;
    rs->arrival_need = d->arrival_need;
    rs->unit_count = t->unit_count;
    rs->fig_count = t->figure_count;
    rs->feature_count = t->feature_count;
    rs->figs = mem_calloc((size_t)t->figure_count + 1, sizeof *rs->figs);
    rs->units = mem_calloc((size_t)t->unit_count + 1, sizeof *rs->units);
    rs->memo = mem_calloc(1, sizeof *rs->memo);
    rs->los = mem_calloc(1, sizeof *rs->los);
    atomic_init(&rs->los->refs, 1);
    rs->los->ix = los_create(t, &(los_desc){.see_into_cm = d->inch_cm});
    rs->los->sight = mem_calloc(CR15_SIGHT_KEEP, sizeof *rs->los->sight);
    rs->los->lines = mem_calloc((size_t)t->feature_count + 1, sizeof *rs->los->lines);
    rs->los->pairs = mem_calloc(CR15_PAIR_KEEP, sizeof *rs->los->pairs);
    rs->los->areas = mem_calloc((size_t)t->figure_count + 1, sizeof *rs->los->areas);
    rs->los->area_count = t->figure_count;
    rs->los->weapons = mem_calloc((size_t)t->figure_count + 1, sizeof *rs->los->weapons);
    for (int q = 0; q < FIGURE_POSTURE_COUNT; q++)
        rs->los->eye_ft[q] = table_posture_eye_ft((figure_posture)q);
    for (int b = 0; b < CR15_BANDS; b++)
        snprintf(rs->los->band_words[b], sizeof rs->los->band_words[b], "%.0fin",
                 (double)d->bands_in[b]);
    for (int i = 0; i < t->feature_count; i++)
        if (t->features[i].shape != TERRAIN_SHAPE_AREA)
            rs->los->lines[rs->los->line_count++] = i;
    if (t->side_count != 2) {
        snprintf(err, size, "cr15 needs exactly two sides, not %d", t->side_count);
        goto fail;
    }
    rs->first = t->sides[0].id;
    cr15_move_types(rs, t);
    if (!read_options(rs, desc->scenario, err, size) || !check_figures(rs, t, err, size))
        goto fail;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        if (f->role != FIGURE_ROLE_GUN)
            rs->start_figs[cr15_side_index(t, f->side)]++;
        else
            rs->figs[i].flags |= CR15_F_DEPLOYED; /* guns start set up */
    }
    return rs;
fail:
    cr15_destroy(rs);
    return NULL;
}

static rules_state *cr15_clone(const rules_state *rs)
{
    rules_state *c = mem_dup(rs, 1, sizeof *rs);
    c->data = mem_dup(rs->data, 1, sizeof *rs->data);
    c->figs = mem_dup(rs->figs, (size_t)rs->fig_count + 1, sizeof *rs->figs);
    c->units = mem_dup(rs->units, (size_t)rs->unit_count + 1, sizeof *rs->units);
    c->memo = mem_calloc(1, sizeof *c->memo); /* its own, trusting nothing yet */
    atomic_fetch_add(&c->los->refs, 1);       /* the terrain never changes during a match */
    return c;
}

/* ---- apply: the only place the state changes ----------------------------------------------- */

static void new_turn(rules_state *rs, const table *t)
{
    for (int i = 0; i < rs->fig_count; i++) {
        rs->figs[i].flags &= ~(uint32_t)CR15_F_TURN_FLAGS;
        rs->figs[i].charge_target.id = 0;
    }
    for (int i = 0; i < rs->unit_count; i++) {
        rs->units[i].lost = 0;
        rs->units[i].passed_charge = false;
        rs->units[i].start_count = 0;
    }
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        cr15_unit *u = cr15_unit_of(rs, f->unit);
        if (u && f->role != FIGURE_ROLE_GUN && table_figure_active(f))
            u->start_count++;
    }
}

/* The ruleset events' tags, told apart by their first letter and then compared whole (every
 * event of a match comes through here; a chain of strcmp cost more than the rest of apply). */
enum {
    TAG_NONE,
    TAG_NEW_TURN,
    TAG_DONE,
    TAG_ARRIVED,
    TAG_PENDING,
    TAG_PENDING_CLEAR,
    TAG_FLAGS_SET,
    TAG_FLAGS_CLEAR,
    TAG_SERIOUS,
    TAG_OUT_TURN,
    TAG_RELOAD,
    TAG_ROUNDS,
    TAG_JAM,
    TAG_CHARGE_TARGET,
    TAG_FINISH,
    TAG_LOST,
    TAG_PASSED_CHARGE,
    TAG_SHAKEN,
};

/* Each tag's name; the first letter is compared before the whole name. */
static const struct {
    const char *name;
    int code;
} tag_names[] = {
    {"new_turn", TAG_NEW_TURN},
    {"done", TAG_DONE},
    {"arrived", TAG_ARRIVED},
    {"pending", TAG_PENDING},
    {"pending_clear", TAG_PENDING_CLEAR},
    {"passed_charge", TAG_PASSED_CHARGE},
    {"flags_set", TAG_FLAGS_SET},
    {"flags_clear", TAG_FLAGS_CLEAR},
    {"finish", TAG_FINISH},
    {"serious", TAG_SERIOUS},
    {"shaken", TAG_SHAKEN},
    {"out_turn", TAG_OUT_TURN},
    {"reload", TAG_RELOAD},
    {"rounds", TAG_ROUNDS},
    {"jam", TAG_JAM},
    {"charge_target", TAG_CHARGE_TARGET},
    {"lost", TAG_LOST},
};

static int tag_code(const char *tag)
{
    for (size_t i = 0; i < sizeof tag_names / sizeof tag_names[0]; i++)
        if (tag_names[i].name[0] == tag[0] && strcmp(tag_names[i].name, tag) == 0)
            return tag_names[i].code;
    return TAG_NONE;
}

static void apply_ruleset(rules_state *rs, const table *t, const rules_event *ev)
{
    cr15_fig *fs = cr15_fig_of(rs, ev->figure);
    cr15_unit *us = cr15_unit_of(rs, ev->unit);
    int tag = tag_code(ev->tag);
    if (tag == TAG_NEW_TURN)
        new_turn(rs, t);
    else if (tag == TAG_DONE && ev->value >= 0 && ev->value < 2)
        rs->done[ev->value] = true;
    else if (tag == TAG_ARRIVED && ev->value >= 0 && ev->value < CR15_ARRIVALS)
        rs->arrived[ev->value] = true;
    else if (tag == TAG_PENDING && fs && rs->pending_count < CR15_PENDING_MAX)
        rs->pending[rs->pending_count++] =
            (cr15_pending){.figure = ev->figure, .by = ev->other, .wound = (cr15_wound)ev->value};
    else if (tag == TAG_PENDING_CLEAR)
        rs->pending_count = 0;
    else if (fs && tag == TAG_FLAGS_SET)
        fs->flags |= (uint32_t)ev->value;
    else if (fs && tag == TAG_FLAGS_CLEAR)
        fs->flags &= ~(uint32_t)ev->value;
    else if (fs && tag == TAG_SERIOUS)
        fs->serious = ev->value;
    else if (fs && tag == TAG_OUT_TURN)
        fs->out_turn = ev->value;
    else if (fs && tag == TAG_RELOAD)
        fs->reload = ev->value;
    else if (fs && tag == TAG_ROUNDS)
        fs->rounds = ev->value;
    else if (fs && tag == TAG_JAM)
        fs->jam_tries = ev->value;
    else if (fs && tag == TAG_CHARGE_TARGET)
        fs->charge_target.id = (uint32_t)ev->value;
    else if (fs && tag == TAG_FINISH)
        fs->finish.id = (uint32_t)ev->value;
    else if (us && tag == TAG_LOST)
        us->lost = ev->value;
    else if (us && tag == TAG_PASSED_CHARGE)
        us->passed_charge = ev->value != 0;
    else if (us && tag == TAG_SHAKEN)
        us->shaken = ev->value != 0;
}

static void cr15_apply(rules_state *rs, const table *t, const rules_event *ev)
{
    if (rs->memo) {
        rs->memo->version++;
        if (ev->kind == RULES_EV_MOVE || ev->kind == RULES_EV_REMOVE || ev->kind == RULES_EV_STATUS)
            rs->memo->places++;
    }
    static const char *const names[CR15_PHASE_COUNT] = {"arrivals", "charges", "movement",
                                                        "firing",   "melee",   "morale"};
    switch (ev->kind) {
    case RULES_EV_TURN:
        rs->turn = ev->value;
        break;
    case RULES_EV_PHASE:
        for (int p = 0; p < CR15_PHASE_COUNT; p++)
            if (ev->tag[0] == names[p][0] && strcmp(ev->tag, names[p]) == 0) {
                rs->phase = (cr15_phase)p;
                rs->step = ev->value;
            }
        if (rs->phase == CR15_PHASE_FIRING)
            rs->done[0] = rs->done[1] = false;
        break;
    case RULES_EV_RULESET:
        apply_ruleset(rs, t, ev);
        break;
    case RULES_EV_TEMPLATE:
        rs->burst_set = true;
        rs->burst = ev->pos;
        rs->burst_radius_cm = (float)ev->value / 100.0f;
        break;
    default:
        break;
    }
}

static void cr15_hash(const rules_state *rs, rules_hasher *hs)
{
    rules_hash_i32(hs, rs->turn);
    rules_hash_i32(hs, (int32_t)rs->phase);
    rules_hash_i32(hs, rs->step);
    rules_hash_u32(hs, rs->done[0] | (uint32_t)rs->done[1] << 1);
    rules_hash_u32(hs, rs->first.id);
    for (int i = 0; i < CR15_ARRIVALS; i++)
        rules_hash_u32(hs, rs->arrived[i]);
    for (int i = 0; i < rs->fig_count; i++) {
        const cr15_fig *f = &rs->figs[i];
        rules_hash_u32(hs, f->flags);
        rules_hash_i32(hs, f->serious);
        rules_hash_i32(hs, f->out_turn);
        rules_hash_i32(hs, f->reload);
        rules_hash_i32(hs, f->rounds);
        rules_hash_i32(hs, f->jam_tries);
        rules_hash_u32(hs, f->charge_target.id);
        rules_hash_u32(hs, f->finish.id);
    }
    for (int i = 0; i < rs->unit_count; i++) {
        const cr15_unit *u = &rs->units[i];
        rules_hash_i32(hs, u->start_count);
        rules_hash_i32(hs, u->lost);
        rules_hash_u32(hs, u->passed_charge | (uint32_t)u->shaken << 1);
    }
    rules_hash_i32(hs, rs->pending_count);
    for (int i = 0; i < rs->pending_count; i++) {
        rules_hash_u32(hs, rs->pending[i].figure.id);
        rules_hash_i32(hs, (int32_t)rs->pending[i].wound);
    }
}

/* ---- dispatch ------------------------------------------------------------------------------ */

static bool phase_is(const rules_state *rs, cr15_phase p, const char *what, char *why, size_t size)
{
    static const char *const names[CR15_PHASE_COUNT] = {"arrivals", "charges", "movement",
                                                        "firing",   "melee",   "morale"};
    if (rs->phase == p)
        return true;
    snprintf(why, size, "%s only in the %s phase; this is the %s phase", what, names[p],
             names[rs->phase]);
    return false;
}

static bool side_ok(const rules_state *rs, const table *t, const rules_command *cmd, char *why,
                    size_t size)
{
    if (rs->phase == CR15_PHASE_FIRING) {
        if (rs->done[cr15_side_index(t, cmd->side)]) {
            snprintf(why, size, "%s has already finished firing", table_side(t, cmd->side)->name);
            return false;
        }
        return true;
    }
    side_id s = cr15_step_side(rs, t);
    if (cmd->side.id != s.id) {
        snprintf(why, size, "it is %s's step", table_side(t, s)->name);
        return false;
    }
    return true;
}

static bool cr15_validate(const rules_state *rs, const table *t, const rules_command *cmd,
                          char *why, size_t size)
{
    if (!side_ok(rs, t, cmd, why, size))
        return false;
    switch (cmd->kind) {
    case RULES_CMD_END_PHASE:
        return true;
    case RULES_CMD_MOVE:
        return phase_is(rs, CR15_PHASE_MOVEMENT, "Moving", why, size) &&
               cr15_move_validate(rs, t, cmd, why, size);
    case RULES_CMD_CHARGE:
        return phase_is(rs, CR15_PHASE_CHARGES, "Charges are declared", why, size) &&
               cr15_charge_validate(rs, t, cmd, why, size);
    case RULES_CMD_EVADE:
        return phase_is(rs, CR15_PHASE_CHARGES, "Evading", why, size) &&
               cr15_evade_validate(rs, t, cmd, why, size);
    case RULES_CMD_FORMATION:
        return phase_is(rs, CR15_PHASE_MOVEMENT, "Setting up or dismantling a gun", why, size) &&
               cr15_setup_validate(rs, t, cmd, why, size);
    case RULES_CMD_FIRE:
        if (!phase_is(rs, CR15_PHASE_FIRING, "Firing", why, size))
            return false;
        if (strcmp(cmd->option, "shell") == 0 || strcmp(cmd->option, "canister") == 0)
            return cr15_artillery_validate(rs, t, cmd, why, size);
        if (strcmp(cmd->option, "gatling") == 0)
            return cr15_gatling_validate(rs, t, cmd, why, size);
        return cr15_fire_validate(rs, t, cmd, why, size);
    default:
        snprintf(why, size, "Colonial Rules for 15mm has no \"%s\" command",
                 rules_command_kind_name(cmd->kind));
        return false;
    }
}

static void cr15_resolve(rules_state *rs, rules_ctx *ctx, const rules_command *cmd)
{
    switch (cmd->kind) {
    case RULES_CMD_END_PHASE:
        cr15_end_step(rs, ctx, cmd);
        break;
    case RULES_CMD_MOVE:
        cr15_move_resolve(rs, ctx, cmd);
        break;
    case RULES_CMD_CHARGE:
        cr15_charge_resolve(rs, ctx, cmd);
        break;
    case RULES_CMD_EVADE:
        cr15_evade_resolve(rs, ctx, cmd);
        break;
    case RULES_CMD_FORMATION:
        cr15_setup_resolve(rs, ctx, cmd);
        break;
    case RULES_CMD_FIRE:
        if (strcmp(cmd->option, "shell") == 0 || strcmp(cmd->option, "canister") == 0)
            cr15_artillery_resolve(rs, ctx, cmd);
        else if (strcmp(cmd->option, "gatling") == 0)
            cr15_gatling_resolve(rs, ctx, cmd);
        else
            cr15_fire_resolve(rs, ctx, cmd);
        break;
    default:
        break;
    }
}

static int cr15_turn(const rules_state *rs)
{
    return rs->turn > rs->max_turns ? rs->max_turns : rs->turn;
}

static bool cr15_arc(const rules_state *rs, const table *t, figure_id fig, float *half_angle,
                     float *range_cm)
{
    const figure *f = table_figure_const(t, fig);
    if (!f)
        return false;
    *half_angle = (float)GEOM_PI;
    if (cr15_is_gatling(f)) {
        *range_cm = cr15_cm(rs, rs->data->gatling.range_in);
        return true;
    }
    if (cr15_is_gun(f)) {
        *range_cm = cr15_cm(rs, rs->data->artillery.canister_in);
        return true;
    }
    const cr15_weapon *w = cr15_weapon_of(rs, f);
    if (!w)
        return false;
    int last = -1;
    for (int b = 0; b < CR15_BANDS; b++)
        if (w->table[b] > 0)
            last = b;
    if (last < 0)
        return false;
    *range_cm = cr15_cm(rs, rs->data->bands_in[last]);
    return true;
}

static const char *cr15_measure(const rules_state *rs)
{
    return rs->data->units;
}

/* Jam, ammunition, reload and wound state for the tooltip. */
static bool cr15_figure_state(const rules_state *rs, const table *t, figure_id fig, char *out,
                              size_t size)
{
    const figure *f = table_figure_const(t, fig);
    const cr15_fig *s = cr15_fig_const(rs, fig);
    if (!f || !s)
        return false;
    size_t n = 0;
    out[0] = 0;
#define CR15_ADD(...)                                                                              \
    do {                                                                                           \
        if (n < size)                                                                              \
            n += (size_t)snprintf(out + n, size - n, "%s", n ? "; " : "");                         \
        if (n < size)                                                                              \
            n += (size_t)snprintf(out + n, size - n, __VA_ARGS__);                                 \
    } while (0)
    if (cr15_is_gatling(f)) {
        int crew = cr15_crew(rs, t, f);
        if (s->jam_tries)
            CR15_ADD("jammed: the next attempt needs %d or less",
                     cr15_unjam_need(rs->data, crew, s->jam_tries));
        else
            CR15_ADD("firing (jams on %s)", crew < rs->data->gatling.crew ? "8, 9 or 0" : "a 0");
        CR15_ADD("crew %d of %d", crew, rs->data->gatling.crew);
    } else if (cr15_is_gun(f)) {
        CR15_ADD("crew %d of %d", cr15_crew(rs, t, f), rs->data->artillery.crew);
    }
    if (!cr15_is_gun(f) && !(s->flags & CR15_F_DEPLOYED)) {
        const cr15_weapon *w = cr15_weapon_of(rs, f);
        if (w && w->rounds > 0)
            CR15_ADD("%s: %d of %d rounds left", w->name, w->rounds - s->rounds, w->rounds);
    }
    if (cr15_is_gun(f))
        CR15_ADD("%s", s->flags & CR15_F_DEPLOYED ? "set up" : "dismantled");
    if (s->reload > 0)
        CR15_ADD("reloading: %d more move%s", s->reload, s->reload == 1 ? "" : "s");
    if (s->serious)
        CR15_ADD("%s", s->out_turn >= rs->turn ? "out this move (serious wound)"
                                               : "seriously wounded: crawls");
    if (s->finish.id)
        CR15_ADD("must finish off his foe next move");
#undef CR15_ADD
    return n > 0;
}

/* The mark on the table: a jammed Gatling, a gun or rifle reloading. */
static bool cr15_figure_badge(const rules_state *rs, const table *t, figure_id fig, char *out,
                              size_t size)
{
    const figure *f = table_figure_const(t, fig);
    const cr15_fig *s = cr15_fig_const(rs, fig);
    if (!f || !s || !table_figure_active(f))
        return false;
    if (cr15_is_gatling(f) && s->jam_tries)
        snprintf(out, size, "JAM");
    else if (s->reload > 0)
        snprintf(out, size, "reload %d", s->reload);
    else
        return false;
    return true;
}

static const rules_view_ops cr15_view_ops = {
    .figure_state = cr15_figure_state,
    .figure_badge = cr15_figure_badge,
    .actions = cr15_actions,
    .reach = cr15_reach,
    .targets = cr15_targets,
    .driver = cr15_driver,
    .arc = cr15_arc,
    .move_figures = cr15_move_figures,
    .measure = cr15_measure,
    .bot_value = cr15_bot_value,
    .bot_commands = cr15_bot_commands, /* cr15_plan.c */
};

/* What a scenario may ask of cr15 (read_options checks the same; max_turns is left to the
 * editor's turn limit, the "turns" condition). */
static const rules_option_desc cr15_option_descs[] = {
    {"first_side", "Moves first", RULES_OPTION_SIDE, 0, 0},
    {"arrival_need", "Arrival roll (D10)", RULES_OPTION_INT, 0, 10},
};
static const rules_victory_desc cr15_victory_descs[] = {
    {.kind = "break",
     .label = "break at a share down",
     .side = true,
     .value = true,
     .value_min = 1,
     .value_max = 100,
     .value_label = "% of its men down"},
    {.kind = "turns", .label = "win when time runs out", .side = true, .turns = true},
};
static const rules_scenario_terms cr15_terms = {cr15_option_descs, 2, cr15_victory_descs, 2};

const rules_ops cr15_rules_ops = {
    .id = "cr15",
    .name = "Colonial Rules for 15mm",
    .seed = "002",
    .create = cr15_create,
    .destroy = cr15_destroy,
    .clone = cr15_clone,
    .begin = cr15_begin,
    .decision = cr15_decision,
    .legal = cr15_legal,
    .validate = cr15_validate,
    .resolve = cr15_resolve,
    .apply = cr15_apply,
    .hash = cr15_hash,
    .outcome = cr15_outcome,
    .turn = cr15_turn,
    .view = &cr15_view_ops,
    .referee = &cr15_referee_ops,
    .terms = &cr15_terms,
};
