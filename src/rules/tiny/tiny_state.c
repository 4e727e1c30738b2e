/* The match's state: created from the scenario and the data file, cloned, changed only by
 * events (apply) and hashed. */
#include "rules/tiny/tiny_state.h"

#include "core/place.h"
#include "core/mem.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool check_unit(const tiny_data *d, const table *t, const unit *un, float *frontage,
                       char *err, size_t size)
{
    int stands = 0;
    const char *kind = un->kind;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        if (f->unit.id != un->id.id || tiny_is_commander(f))
            continue;
        stands++;
        if (!kind[0])
            kind = f->kind;
        if (f->base.kind == GEOM_BASE_RECT) {
            if (*frontage == 0)
                *frontage = f->base.frontage_cm;
            else if (fabsf(*frontage - f->base.frontage_cm) > 0.01f) {
                snprintf(err, size,
                         "unit \"%s\": stand frontage %.2f cm differs from the common %.2f cm "
                         "(Tiny Soldiers \u2014 A: Organisation)",
                         un->name, (double)f->base.frontage_cm, (double)*frontage);
                return false;
            }
        }
    }
    if (stands == 0)
        return true; /* a command unit: the army or a brigade */
    if (stands > TINY_STANDS_MAX) {
        snprintf(
            err, size,
            "unit \"%s\" has %d stands; a unit is 1 to %d (Tiny Soldiers \u2014 A: Organisation)",
            un->name, stands, TINY_STANDS_MAX);
        return false;
    }
    if (!tiny_data_troop(d, kind)) {
        snprintf(err, size, "unit \"%s\": unknown troop kind \"%s\" (see assets/rules/tiny.json)",
                 un->name, kind);
        return false;
    }
    return true;
}

static bool read_options(rules_state *rs, const scenario *sc, char *err, size_t size)
{
    const char *key;
    json_t *v;
    json_object_foreach(sc->rules_options, key, v)
    {
        if (strcmp(key, "first_side") == 0 && json_is_string(v)) {
            for (int i = 0; i < sc->table->side_count; i++)
                if (strcmp(sc->table->sides[i].name, json_string_value(v)) == 0)
                    rs->first = sc->table->sides[i].id;
            if (!rs->first.id) {
                snprintf(err, size, "ruleset_options.first_side: no side \"%s\"",
                         json_string_value(v));
                return false;
            }
        } else if (strcmp(key, "max_turns") == 0 && json_is_integer(v) &&
                   json_integer_value(v) > 0) {
            rs->max_turns = (int)json_integer_value(v);
        } else {
            snprintf(err, size,
                     "ruleset_options.%s: unknown or bad option (tiny knows first_side: a side "
                     "name, max_turns: a positive integer)",
                     key);
            return false;
        }
    }
    for (int i = 0; i < sc->victory_count; i++) {
        const scenario_victory *vc = &sc->victory[i];
        if (strcmp(vc->kind, "turns") == 0)
            rs->max_turns = vc->turns;
        else if (strcmp(vc->kind, "army_retreat") == 0)
            rs->retreat_fraction = (float)vc->value / 100.0f;
        else {
            snprintf(err, size,
                     "victory[%d].kind \"%s\": tiny knows \"turns\" and \"army_retreat\" "
                     "(value: percent of units)",
                     i, vc->kind);
            return false;
        }
    }
    return true;
}

rules_state *tiny_create(const rules_create_desc *desc, char *err, size_t size)
{
    tiny_data_error de;
    tiny_data *d = tiny_data_load_default(desc->data_dir, &de);
    if (!d) {
        tiny_data_error_format(&de, err, size);
        return NULL;
    }
    const table *t = desc->table;
    rules_state *rs = mem_calloc(1, sizeof *rs);
    rs->data = d;
    rs->max_turns = d->max_turns;
    rs->retreat_fraction = d->retreat_fraction;
    rs->unit_count = t->unit_count;
    rs->fig_count = t->figure_count;
    rs->feature_count = t->feature_count;
    rs->units = mem_calloc((size_t)t->unit_count + 1, sizeof *rs->units);
    rs->figs = mem_calloc((size_t)t->figure_count + 1, sizeof *rs->figs);
    rs->cover_gone = mem_calloc((size_t)t->feature_count + 1, 1);
    rs->los = mem_calloc(1, sizeof *rs->los);
    atomic_init(&rs->los->refs, 1);
    rs->los->ix = los_create(t, &(los_desc){.see_into_cm = d->see_into_in * d->inch_cm});
    rs->los->gap_memo = memo_create(12, 2 * sizeof(geom_placed_base), sizeof(double));
    rs->los->unit_gap_memo = memo_create(10, sizeof(tiny_unit_gap_key), sizeof(float));
    rs->los->serials = tiny_serials_create(t->unit_count);
    rs->los->pair_gap_memo = memo_create(10, 2 * sizeof(uint32_t), sizeof(float));
    rs->los->sight_memo = memo_create(11, 5 * sizeof(float), 1);
    rs->los->path_memo = memo_create(11, sizeof(tiny_path_key), sizeof(tiny_path_found));
    rs->los->place_memo = memo_create(8, sizeof(tiny_place_key), sizeof(tiny_place_found));
    rs->los->troop_units = t->unit_count;
    rs->los->troop_row = mem_calloc((size_t)t->unit_count + 1, 1);
    float frontage = 0;
    if (t->side_count != 2) {
        snprintf(err, size, "tiny needs exactly two sides, not %d", t->side_count);
        goto fail;
    }
    if (t->type_count > 256) {
        snprintf(err, size, "tiny handles at most 256 terrain types");
        goto fail;
    }
    rs->type_count = t->type_count;
    for (int i = 0; i < t->type_count; i++)
        rs->type_rough[i] = tiny_data_is_rough(d, t->types[i].name);
    for (int i = 0; i < t->unit_count; i++)
        if (!check_unit(d, t, &t->units[i], &frontage, err, size))
            goto fail;
    rs->first = t->sides[0].id;
    if (!read_options(rs, desc->scenario, err, size))
        goto fail;
    rs->active = rs->first;
    return rs;
fail:
    tiny_rules_ops.destroy(rs);
    return NULL;
}

void tiny_destroy(rules_state *rs)
{
    if (!rs)
        return;
    tiny_data_destroy(rs->data);
    free(rs->units);
    free(rs->figs);
    free(rs->cover_gone);
    if (rs->los && atomic_fetch_sub(&rs->los->refs, 1) == 1) {
        los_destroy(rs->los->ix);
        memo_destroy(rs->los->gap_memo);
        memo_destroy(rs->los->unit_gap_memo);
        tiny_serials_destroy(rs->los->serials);
        memo_destroy(rs->los->pair_gap_memo);
        memo_destroy(rs->los->sight_memo);
        memo_destroy(rs->los->place_memo);
        memo_destroy(rs->los->path_memo);
        free(rs->los->troop_row);
        tiny_decision_forget(rs->los);
        free(rs->los->setup_keep);
        free(rs->los);
    }
    free(rs);
}

rules_state *tiny_clone(const rules_state *rs)
{
    rules_state *c = mem_dup(rs, 1, sizeof *rs);
    c->data = mem_dup(rs->data, 1, sizeof *rs->data);
    c->units = mem_dup(rs->units, (size_t)rs->unit_count + 1, sizeof *rs->units);
    c->figs = mem_dup(rs->figs, (size_t)rs->fig_count + 1, sizeof *rs->figs);
    c->cover_gone = mem_dup(rs->cover_gone, (size_t)rs->feature_count + 1, 1);
    atomic_fetch_add(&c->los->refs, 1); /* the terrain never changes during a match */
    return c;
}

void tiny_begin(rules_state *rs, rules_ctx *ctx)
{
    rules_emitf(ctx, (rules_event){.kind = RULES_EV_TURN, .value = 1}, TINY_REF_B,
                "Turn 1 begins; %s moves first for the whole game",
                table_side(ctx->table, rs->first)->name);
    rules_emitf(ctx, (rules_event){.kind = RULES_EV_PHASE, .side = rs->first, .tag = "orders"},
                TINY_REF_B, "%s rolls its order dice", table_side(ctx->table, rs->first)->name);
}

static void begin_player_turn(rules_state *rs, const table *t, side_id s)
{
    rs->active = s;
    rs->phase = TINY_PHASE_ORDERS;
    rs->charge_count = 0;
    rs->react_unit.id = rs->react_charger.id = 0;
    for (int i = 0; i < rs->unit_count; i++) {
        rs->units[i].flags &= ~(uint32_t)TINY_U_TURN_FLAGS;
        rs->units[i].beaten.id = 0;
    }
    for (int i = 0; i < rs->fig_count; i++)
        if (t->figures[i].side.id == s.id) {
            rs->figs[i].pips = rs->figs[i].rolled = 0;
            rs->figs[i].flags = 0;
        }
}

static void apply_ruleset(rules_state *rs, const rules_event *ev)
{
    tiny_unit_state *us =
        ev->unit.id && (int)ev->unit.id <= rs->unit_count ? &rs->units[ev->unit.id - 1] : NULL;
    tiny_fig_state *fs =
        ev->figure.id && (int)ev->figure.id <= rs->fig_count ? &rs->figs[ev->figure.id - 1] : NULL;
    const char *tag = ev->tag;
    if (us && strcmp(tag, "set_flags") == 0)
        us->flags |= (uint32_t)ev->value;
    else if (us && strcmp(tag, "clear_flags") == 0)
        us->flags &= ~(uint32_t)ev->value;
    else if (us && strcmp(tag, "hits") == 0)
        us->hits = ev->value;
    else if (us && strcmp(tag, "beaten") == 0)
        us->beaten.id = (uint32_t)ev->value;
    else if (fs && strcmp(tag, "commander_moved") == 0)
        fs->flags |= TINY_F_MOVED;
    else if (fs && strcmp(tag, "replace_ends") == 0)
        fs->replace_ends = ev->value;
    else if (us && strcmp(tag, "charge") == 0 && rs->charge_count < TINY_CHARGES_MAX)
        rs->charges[rs->charge_count++] =
            (tiny_charge){.charger = ev->unit, .target.id = (uint32_t)ev->value};
    else if (strcmp(tag, "react") == 0) {
        rs->react_unit = ev->unit;
        rs->react_charger.id = (uint32_t)ev->value;
    } else if (strcmp(tag, "react_done") == 0)
        rs->react_unit.id = rs->react_charger.id = 0;
    else if (strcmp(tag, "cover_gone") == 0 && ev->value >= 0 && ev->value < rs->feature_count)
        rs->cover_gone[ev->value] = 1;
}

void tiny_apply(rules_state *rs, const table *t, const rules_event *ev)
{
    switch (ev->kind) {
    case RULES_EV_TURN:
        rs->turn = ev->value;
        break;
    case RULES_EV_PHASE:
        if (strcmp(ev->tag, "orders") == 0)
            begin_player_turn(rs, t, ev->side);
        else if (strcmp(ev->tag, "actions") == 0)
            rs->phase = TINY_PHASE_ACTIONS;
        else if (strcmp(ev->tag, "charges") == 0)
            rs->phase = TINY_PHASE_CHARGES;
        break;
    case RULES_EV_PIPS:
        if (ev->figure.id && (int)ev->figure.id <= rs->fig_count) {
            rs->figs[ev->figure.id - 1].rolled = ev->value;
            rs->figs[ev->figure.id - 1].pips = ev->value - ev->need;
        }
        break;
    case RULES_EV_RULESET:
        apply_ruleset(rs, ev);
        break;
    default:
        break;
    }
}

void tiny_hash(const rules_state *rs, rules_hasher *hs)
{
    rules_hash_i32(hs, rs->turn);
    rules_hash_u32(hs, rs->first.id);
    rules_hash_u32(hs, rs->active.id);
    rules_hash_i32(hs, (int32_t)rs->phase);
    rules_hash_u32(hs, rs->react_unit.id);
    rules_hash_u32(hs, rs->react_charger.id);
    for (int i = 0; i < rs->unit_count; i++) {
        rules_hash_i32(hs, rs->units[i].hits);
        rules_hash_u32(hs, rs->units[i].flags);
        rules_hash_u32(hs, rs->units[i].beaten.id);
    }
    for (int i = 0; i < rs->fig_count; i++) {
        rules_hash_i32(hs, rs->figs[i].pips);
        rules_hash_i32(hs, rs->figs[i].rolled);
        rules_hash_u32(hs, rs->figs[i].flags);
        rules_hash_i32(hs, rs->figs[i].replace_ends);
    }
    rules_hash_bytes(hs, rs->cover_gone, (size_t)rs->feature_count);
    rules_hash_i32(hs, rs->charge_count);
    for (int i = 0; i < rs->charge_count; i++) {
        rules_hash_u32(hs, rs->charges[i].charger.id);
        rules_hash_u32(hs, rs->charges[i].target.id);
    }
}
