#include "rules/lcr/lcr_data.h"

#include "core/config.h"
#include "core/file.h"
#include "core/json_read.h"
#include "core/mem.h"
#include "rules/command.h"

#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- reading with a path -------------------------------------------------------------------- */

/* The reader knows the text, so a failure names its line and column (core/json_read.h). */
typedef json_reader reader;

static void path_key(char *out, size_t size, const char *parent, const char *key)
{
    if (snprintf(out, size, "%s.%s", parent, key) >= (int)size)
        out[size - 1] = '\0'; /* a path this long is only ever shown, never parsed back */
}

static void path_index(char *out, size_t size, const char *parent, size_t index)
{
    if (snprintf(out, size, "%s[%zu]", parent, index) >= (int)size)
        out[size - 1] = '\0';
}

/* Fails on any key of `obj` not in the NULL-terminated `known`. */
static void check_keys(reader *r, json_t *obj, const char *path, const char *const *known)
{
    const char *key;
    json_t *v;
    json_object_foreach(obj, key, v)
    {
        bool ok = false;
        for (int i = 0; known[i] && !ok; i++)
            ok = strcmp(known[i], key) == 0;
        if (!ok) {
            char p[128];
            path_key(p, sizeof p, path, key);
            json_read_fail(r, p, "unknown key \"%s\"", key);
        }
    }
}

static json_t *get(reader *r, json_t *obj, const char *path, const char *key, json_type type)
{
    char p[128];
    path_key(p, sizeof p, path, key);
    json_t *v = json_object_get(obj, key);
    if (!v) {
        json_read_fail(r, path, "missing key \"%s\"", key);
        return NULL;
    }
    bool ok = json_typeof(v) == type || (type == JSON_REAL && json_is_integer(v)) ||
              (type == JSON_TRUE && json_is_boolean(v));
    if (!ok) {
        static const char *const names[] = {"an object", "an array",  "a string",  "an integer",
                                            "a number",  "a boolean", "a boolean", "null"};
        json_read_fail(r, p, "expected %s", names[type]);
        return NULL;
    }
    return v;
}

static double get_num(reader *r, json_t *obj, const char *path, const char *key, double lo,
                      double hi)
{
    json_t *v = get(r, obj, path, key, JSON_REAL);
    if (!v)
        return 0;
    double x = json_number_value(v);
    if (x < lo || x > hi) {
        char p[128];
        path_key(p, sizeof p, path, key);
        json_read_fail(r, p, "expected a number from %g to %g, got %g", lo, hi, x);
        return 0;
    }
    return x;
}

static int get_int(reader *r, json_t *obj, const char *path, const char *key, int lo, int hi)
{
    json_t *v = get(r, obj, path, key, JSON_INTEGER);
    if (!v)
        return 0;
    json_int_t x = json_integer_value(v);
    if (x < lo || x > hi) {
        char p[128];
        path_key(p, sizeof p, path, key);
        json_read_fail(r, p, "expected an integer from %d to %d, got %lld", lo, hi, (long long)x);
        return 0;
    }
    return (int)x;
}

static bool get_bool_opt(reader *r, json_t *obj, const char *path, const char *key)
{
    if (!json_object_get(obj, key))
        return false;
    json_t *v = get(r, obj, path, key, JSON_TRUE);
    return v && json_is_true(v);
}

/* An array of one number per quality, Raw..Elite. */
static void get_per_quality(reader *r, json_t *obj, const char *path, const char *key, double lo,
                            double hi, bool integer, float *outf, int *outi)
{
    char p[128];
    path_key(p, sizeof p, path, key);
    json_t *arr = get(r, obj, path, key, JSON_ARRAY);
    if (!arr)
        return;
    if (json_array_size(arr) != LCR_QUALITIES) {
        json_read_fail(r, p, "expected %d values (raw, regular, seasoned, veteran, elite)",
                       LCR_QUALITIES);
        return;
    }
    for (size_t i = 0; i < LCR_QUALITIES; i++) {
        json_t *v = json_array_get(arr, i);
        char pi[128];
        path_index(pi, sizeof pi, p, i);
        bool ok = integer ? json_is_integer(v) : json_is_number(v);
        double x = ok ? json_number_value(v) : 0;
        if (!ok || x < lo || x > hi) {
            json_read_fail(r, pi, "expected %s from %g to %g", integer ? "an integer" : "a number",
                           lo, hi);
            return;
        }
        if (outf)
            outf[i] = (float)x;
        if (outi)
            outi[i] = (int)x;
    }
}

static const char *const rank_keys[LCR_RANK_COUNT] = {"nco", "leader", "officer", "general"};

static void read_cards(reader *r, json_t *root, lcr_data *d)
{
    const char *path = "$.cards";
    json_t *o = get(r, root, "$", "cards", JSON_OBJECT);
    if (!o)
        return;
    static const char *const keys[] = {"officer",
                                       "nco",
                                       "leader",
                                       "general",
                                       "cavalry_officer_extra",
                                       "cavalry_troopers_per_card",
                                       "soldier_cards",
                                       "end_of_turn",
                                       NULL};
    check_keys(r, o, path, keys);
    for (int k = 0; k < LCR_RANK_COUNT; k++)
        get_per_quality(r, o, path, rank_keys[k], 0, 20, true, NULL, d->cards[k]);
    d->cavalry_officer_extra_cards = get_int(r, o, path, "cavalry_officer_extra", 0, 10);
    d->cavalry_troopers_per_card = get_int(r, o, path, "cavalry_troopers_per_card", 1, 100);
    d->soldier_cards = get_int(r, o, path, "soldier_cards", 0, 50);
    d->end_of_turn_cards = get_int(r, o, path, "end_of_turn", 1, 1);

    const char *rpath = "$.command_radius_cm";
    json_t *ro = get(r, root, "$", "command_radius_cm", JSON_OBJECT);
    if (!ro)
        return;
    static const char *const rkeys[] = {"officer", "nco", "leader", "general", NULL};
    check_keys(r, ro, rpath, rkeys);
    for (int k = 0; k < LCR_RANK_COUNT; k++)
        get_per_quality(r, ro, rpath, rank_keys[k], 0, 500, false, d->command_radius_cm[k], NULL);
}

static void read_move_class(reader *r, json_t *o, const char *path, lcr_move_class *m)
{
    static const char *const keys[] = {"base_cm",       "dice",  "sides",        "max_cm",
                                       "must_move_all", "turns", "max_turn_deg", NULL};
    check_keys(r, o, path, keys);
    m->base_cm = (float)get_num(r, o, path, "base_cm", 0, 500);
    m->dice = get_int(r, o, path, "dice", 0, 20);
    m->sides = get_int(r, o, path, "sides", 2, 100);
    m->max_cm = (float)get_num(r, o, path, "max_cm", 0, 500);
    m->must_move_all = get_bool_opt(r, o, path, "must_move_all");
    if (json_object_get(o, "turns"))
        m->turns = get_int(r, o, path, "turns", 0, RULES_CMD_PATH_MAX - 1);
    if (json_object_get(o, "max_turn_deg"))
        m->max_turn_deg = (float)get_num(r, o, path, "max_turn_deg", 0, 180);
}

/* An array of one movement class per quality, raw..elite, under $.move.<key>. */
static void read_move_classes(reader *r, json_t *o, const char *key, lcr_move_class *out)
{
    char path[64];
    path_key(path, sizeof path, "$.move", key);
    json_t *arr = get(r, o, "$.move", key, JSON_ARRAY);
    if (arr && json_array_size(arr) != LCR_QUALITIES)
        json_read_fail(r, path, "expected %d movement classes (raw..elite)", LCR_QUALITIES);
    for (size_t i = 0; arr && i < json_array_size(arr) && i < LCR_QUALITIES; i++) {
        char p[128];
        path_index(p, sizeof p, path, i);
        json_t *c = json_array_get(arr, i);
        if (!json_is_object(c))
            json_read_fail(r, p, "expected an object");
        else
            read_move_class(r, c, p, &out[i]);
    }
}

static void read_move(reader *r, json_t *root, lcr_data *d)
{
    const char *path = "$.move";
    json_t *o = get(r, root, "$", "move", JSON_OBJECT);
    if (!o)
        return;
    static const char *const keys[] = {"foot",
                                       "cavalry",
                                       "leaders_move_as_at_least",
                                       "obstacle_dice",
                                       "obstacle_sides",
                                       "reform_cm",
                                       "demoralised_flee_mult",
                                       "flight_home_cm",
                                       "arrival_shift_cm",
                                       NULL};
    check_keys(r, o, path, keys);
    read_move_classes(r, o, "foot", d->foot_move);
    read_move_classes(r, o, "cavalry", d->cavalry_move);
    json_t *q = get(r, o, path, "leaders_move_as_at_least", JSON_STRING);
    int qi = q ? table_quality_parse(json_string_value(q)) : 0;
    if (qi < 0)
        json_read_fail(r, "$.move.leaders_move_as_at_least", "expected a quality (raw..elite)");
    d->leaders_move_as_at_least = (figure_quality)(qi < 0 ? 0 : qi);
    d->obstacle_dice = get_int(r, o, path, "obstacle_dice", 0, 10);
    d->obstacle_sides = get_int(r, o, path, "obstacle_sides", 2, 100);
    d->reform_cm = (float)get_num(r, o, path, "reform_cm", 0, 100);
    d->demoralised_flee_mult = (float)get_num(r, o, path, "demoralised_flee_mult", 0, 10);
    d->flight_home_cm = (float)get_num(r, o, path, "flight_home_cm", 0, 100);
    d->arrival_shift_cm = (float)get_num(r, o, path, "arrival_shift_cm", 0, 1000);
}

static void read_terrain(reader *r, json_t *root, lcr_data *d)
{
    json_t *o = get(r, root, "$", "terrain", JSON_OBJECT);
    if (!o)
        return;
    d->terrain = mem_calloc(json_object_size(o) + 1, sizeof *d->terrain);
    const char *key;
    json_t *v;
    json_object_foreach(o, key, v)
    {
        char p[128];
        path_key(p, sizeof p, "$.terrain", key);
        if (!json_is_object(v)) {
            json_read_fail(r, p, "expected an object");
            return;
        }
        static const char *const keys[] = {"move_mult", "obstacle_roll", "blocks_individual_fire",
                                           NULL};
        check_keys(r, v, p, keys);
        lcr_terrain *t = &d->terrain[d->terrain_count++];
        snprintf(t->name, sizeof t->name, "%s", key);
        t->move_mult = (float)get_num(r, v, p, "move_mult", 0, 100);
        t->obstacle_roll = get_bool_opt(r, v, p, "obstacle_roll");
        t->blocks_individual_fire = get_bool_opt(r, v, p, "blocks_individual_fire");
    }
}

static void read_bands(reader *r, json_t *arr, const char *path, lcr_weapon *w)
{
    if (json_array_size(arr) > LCR_BANDS_MAX) {
        json_read_fail(r, path, "at most %d range bands", LCR_BANDS_MAX);
        return;
    }
    float prev = 0;
    for (size_t i = 0; i < json_array_size(arr); i++) {
        char p[128];
        path_index(p, sizeof p, path, i);
        json_t *b = json_array_get(arr, i);
        if (!json_is_object(b)) {
            json_read_fail(r, p, "expected an object");
            return;
        }
        static const char *const keys[] = {"name", "max_cm", "need", NULL};
        check_keys(r, b, p, keys);
        lcr_range_band *band = &w->bands[w->band_count++];
        json_t *name = get(r, b, p, "name", JSON_STRING);
        snprintf(band->name, sizeof band->name, "%s", name ? json_string_value(name) : "");
        band->max_cm = (float)get_num(r, b, p, "max_cm", 0, 1000);
        band->need = get_int(r, b, p, "need", 1, 7);
        if (band->max_cm <= prev) {
            char pm[128];
            path_key(pm, sizeof pm, p, "max_cm");
            json_read_fail(r, pm, "range bands must grow: %g after %g", band->max_cm, prev);
        }
        prev = band->max_cm;
    }
}

static void read_weapons(reader *r, json_t *root, lcr_data *d)
{
    json_t *o = get(r, root, "$", "weapons", JSON_OBJECT);
    if (!o)
        return;
    d->weapons = mem_calloc(json_object_size(o) + 1, sizeof *d->weapons);
    const char *key;
    json_t *v;
    json_object_foreach(o, key, v)
    {
        char p[128];
        path_key(p, sizeof p, "$.weapons", key);
        if (!json_is_object(v)) {
            json_read_fail(r, p, "expected an object");
            return;
        }
        static const char *const keys[] = {"dice_per_man", "mounted_modifier", "bands", NULL};
        check_keys(r, v, p, keys);
        lcr_weapon *w = &d->weapons[d->weapon_count++];
        snprintf(w->name, sizeof w->name, "%s", key);
        w->dice_per_man = get_int(r, v, p, "dice_per_man", 0, 20);
        if (json_object_get(v, "mounted_modifier"))
            w->mounted_modifier = get_int(r, v, p, "mounted_modifier", -6, 6);
        json_t *bands = get(r, v, p, "bands", JSON_ARRAY);
        char pb[128];
        path_key(pb, sizeof pb, p, "bands");
        if (bands)
            read_bands(r, bands, pb, w);
    }
}

static void read_fire(reader *r, json_t *root, lcr_data *d)
{
    json_t *s = get(r, root, "$", "saves", JSON_OBJECT);
    if (s) {
        static const char *const keys[] = {"foot_need", "mounted_unhurt_need",
                                           "mounted_horse_dies_need", NULL};
        check_keys(r, s, "$.saves", keys);
        d->save_foot_need = get_int(r, s, "$.saves", "foot_need", 1, 7);
        d->save_mounted_unhurt_need = get_int(r, s, "$.saves", "mounted_unhurt_need", 1, 7);
        d->save_mounted_horse_need = get_int(r, s, "$.saves", "mounted_horse_dies_need", 1, 7);
    }
    json_t *a = get(r, root, "$", "area_fire", JSON_OBJECT);
    if (!a)
        return;
    const char *p = "$.area_fire";
    static const char *const keys[] = {"radius_cm_per_firer",
                                       "soldiers_before_nco",
                                       "soldiers_before_leader",
                                       "soldiers_before_officer",
                                       "formation_arc_deg",
                                       "third_rank_friendly_face",
                                       NULL};
    check_keys(r, a, p, keys);
    d->area_radius_cm_per_firer = (float)get_num(r, a, p, "radius_cm_per_firer", 0, 100);
    d->soldiers_before_nco = get_int(r, a, p, "soldiers_before_nco", 0, 100);
    d->soldiers_before_leader = get_int(r, a, p, "soldiers_before_leader", 0, 100);
    d->soldiers_before_officer = get_int(r, a, p, "soldiers_before_officer", 0, 100);
    d->formation_arc_deg = (float)get_num(r, a, p, "formation_arc_deg", 0, 360);
    d->third_rank_friendly_face = get_int(r, a, p, "third_rank_friendly_face", 0, 6);
}

static void read_combat(reader *r, json_t *root, lcr_data *d)
{
    json_t *c = get(r, root, "$", "close_combat", JSON_OBJECT);
    if (c) {
        const char *p = "$.close_combat";
        static const char *const keys[] = {"contact_cm",
                                           "die_sides",
                                           "second_rank_bonus",
                                           "third_rank_vs_cavalry_bonus",
                                           "flank_support_bonus",
                                           "max_rerolls",
                                           NULL};
        check_keys(r, c, p, keys);
        d->contact_cm = (float)get_num(r, c, p, "contact_cm", 0, 100);
        d->combat_die_sides = get_int(r, c, p, "die_sides", 2, 100);
        d->second_rank_bonus = get_int(r, c, p, "second_rank_bonus", -10, 10);
        d->third_rank_vs_cavalry_bonus = get_int(r, c, p, "third_rank_vs_cavalry_bonus", -10, 10);
        d->flank_support_bonus = get_int(r, c, p, "flank_support_bonus", -10, 10);
        d->combat_max_rerolls = get_int(r, c, p, "max_rerolls", 1, 1000);
    }
    json_t *f = get(r, root, "$", "formation", JSON_OBJECT);
    if (f) {
        static const char *const keys[] = {"contact_gap_cm", "loose", NULL};
        check_keys(r, f, "$.formation", keys);
        d->contact_gap_cm = (float)get_num(r, f, "$.formation", "contact_gap_cm", 0, 10);
        json_t *loose = get(r, f, "$.formation", "loose", JSON_ARRAY);
        for (size_t i = 0; loose && i < json_array_size(loose); i++) {
            char p[128];
            path_index(p, sizeof p, "$.formation.loose", i);
            json_t *v = json_array_get(loose, i);
            if (!json_is_string(v) || i >= 4) {
                json_read_fail(r, p, "expected at most 4 formation names");
                break;
            }
            snprintf(d->loose[i], sizeof d->loose[i], "%s", json_string_value(v));
            d->loose_count++;
        }
    }
}

static void read_morale(reader *r, json_t *root, lcr_data *d)
{
    json_t *m = get(r, root, "$", "morale", JSON_OBJECT);
    if (!m)
        return;
    const char *p = "$.morale";
    static const char *const keys[] = {"figures_per_chit", "piles", "min_chits_per_pile",
                                       "rally_radius_fraction", NULL};
    check_keys(r, m, p, keys);
    d->figures_per_chit = get_int(r, m, p, "figures_per_chit", 1, 1000);
    d->piles = get_int(r, m, p, "piles", LCR_QUALITIES, LCR_QUALITIES);
    d->min_chits_per_pile = get_int(r, m, p, "min_chits_per_pile", 0, 100);
    d->rally_radius_fraction = (float)get_num(r, m, p, "rally_radius_fraction", 0, 10);
}

/* Sight rules (seed 000, Optional Rule); the object may be left out (defaults as the core). */
static void read_sight(reader *r, json_t *root, lcr_data *d)
{
    d->sight = (lcr_sight_data){.blocking_terrain = true, .figure_heights = true};
    json_t *o = json_object_get(root, "sight");
    if (!o)
        return;
    const char *p = "$.sight";
    if (!get(r, root, "$", "sight", JSON_OBJECT))
        return;
    static const char *const keys[] = {"blocking_terrain",
                                       "figure_heights",
                                       "reinforcement_sight",
                                       "edge_cm",
                                       "base_contact_cm",
                                       "next_turn_delay",
                                       NULL};
    check_keys(r, o, p, keys);
    d->sight.blocking_terrain = get_bool_opt(r, o, p, "blocking_terrain");
    d->sight.figure_heights = get_bool_opt(r, o, p, "figure_heights");
    d->sight.reinforcement_sight = get_bool_opt(r, o, p, "reinforcement_sight");
    d->sight.edge_cm = (float)get_num(r, o, p, "edge_cm", 0, 100);
    d->sight.base_contact_cm = (float)get_num(r, o, p, "base_contact_cm", 0, 100);
    d->sight.next_turn_delay = get_int(r, o, p, "next_turn_delay", 0, 10);
}

static void read_wound_results(reader *r, json_t *o, const char *p, lcr_wounds_data *w)
{
    static const char *const names[LCR_WOUND_COUNT] = {"killed", "torso", "leg", "light"};
    char pa[128];
    path_key(pa, sizeof pa, p, "results");
    json_t *arr = get(r, o, p, "results", JSON_ARRAY);
    if (arr && json_array_size(arr) != (size_t)w->die_sides)
        json_read_fail(r, pa, "expected one result per face of the wound die (%d)", w->die_sides);
    for (size_t i = 0; arr && i < json_array_size(arr) && i < LCR_WOUND_FACES_MAX; i++) {
        char pi[128];
        path_index(pi, sizeof pi, pa, i);
        json_t *v = json_array_get(arr, i);
        int k = 0;
        while (k < LCR_WOUND_COUNT &&
               !(json_is_string(v) && strcmp(json_string_value(v), names[k]) == 0))
            k++;
        if (k == LCR_WOUND_COUNT)
            json_read_fail(r, pi, "expected \"killed\", \"torso\", \"leg\" or \"light\"");
        else
            w->results[i] = (lcr_wound)k;
    }
}

/* A pair of drag cost factors [one helper, two helpers]. */
static void read_drag(reader *r, json_t *o, const char *p, const char *key, float *out)
{
    char pa[128];
    path_key(pa, sizeof pa, p, key);
    json_t *arr = get(r, o, p, key, JSON_ARRAY);
    if (arr && json_array_size(arr) != 2)
        json_read_fail(r, pa, "expected two factors: one helper, two helpers");
    for (size_t i = 0; arr && i < 2 && i < json_array_size(arr); i++) {
        json_t *v = json_array_get(arr, i);
        char pi[128];
        path_index(pi, sizeof pi, pa, i);
        if (!json_is_number(v) || json_number_value(v) < 0.1 || json_number_value(v) > 100)
            json_read_fail(r, pi, "expected a number from 0.1 to 100");
        else
            out[i] = (float)json_number_value(v);
    }
}

/* Killed and wounded (seed 000); optional object, the rule off when it is missing. */
static void read_wounds(reader *r, json_t *root, lcr_data *d)
{
    json_t *o = json_object_get(root, "wounds");
    if (!o || !get(r, root, "$", "wounds", JSON_OBJECT))
        return;
    const char *p = "$.wounds";
    static const char *const keys[] = {"enabled",
                                       "die_sides",
                                       "results",
                                       "light_move_factor",
                                       "drag_torso",
                                       "drag_leg",
                                       "defend_range_mult",
                                       "behind_lines_cm",
                                       "contact_cm",
                                       "penalty_pct",
                                       "penalty_min_figures",
                                       "civilised_ruthless_pct",
                                       "civilised_campaign_step_pct",
                                       NULL};
    check_keys(r, o, p, keys);
    lcr_wounds_data *w = &d->wounds;
    w->enabled = get_bool_opt(r, o, p, "enabled");
    w->die_sides = get_int(r, o, p, "die_sides", 2, LCR_WOUND_FACES_MAX);
    read_wound_results(r, o, p, w);
    w->light_move_factor = (float)get_num(r, o, p, "light_move_factor", 1, 100);
    read_drag(r, o, p, "drag_torso", w->drag[0]);
    read_drag(r, o, p, "drag_leg", w->drag[1]);
    w->defend_range_mult = (float)get_num(r, o, p, "defend_range_mult", 0.1, 100);
    w->behind_lines_cm = (float)get_num(r, o, p, "behind_lines_cm", 0, 1000);
    w->contact_cm = (float)get_num(r, o, p, "contact_cm", 0, 100);
    w->penalty_pct = get_int(r, o, p, "penalty_pct", 0, 100);
    w->penalty_min_figures = get_int(r, o, p, "penalty_min_figures", 0, 100);
    w->civilised_ruthless_pct = get_int(r, o, p, "civilised_ruthless_pct", 0, 100);
    w->civilised_campaign_step_pct = get_int(r, o, p, "civilised_campaign_step_pct", 0, 100);
}

/* ---- artillery (seed 000, Types Of Artillery) ------------------------------------------------ */

static const char *const ammo_names[LCR_AMMO_COUNT] = {"roundshot", "grapeshot", "shrapnel"};

const char *lcr_data_ammo_name(lcr_ammo ammo)
{
    return ammo >= 0 && ammo < LCR_AMMO_COUNT ? ammo_names[ammo] : "?";
}

int lcr_data_ammo_parse(const char *name)
{
    for (int a = 0; a < LCR_AMMO_COUNT; a++)
        if (ammo_names[a][0] == name[0] && strcmp(ammo_names[a], name) == 0)
            return a;
    return -1;
}

static void read_gun_ammo(reader *r, json_t *o, const char *path, lcr_ammo ammo, lcr_gun_ammo *g)
{
    static const char *const roundshot[] = {"bands", "bounce_cm", NULL};
    static const char *const grapeshot[] = {"range_cm", "rating_cm", "hits", NULL};
    static const char *const shrapnel[] = {"bands", "burst_radius_cm", NULL};
    const char *const *keys[LCR_AMMO_COUNT] = {roundshot, grapeshot, shrapnel};
    check_keys(r, o, path, keys[ammo]);
    g->fires = true;
    if (ammo == LCR_AMMO_GRAPESHOT) {
        g->range_cm = (float)get_num(r, o, path, "range_cm", 0, 1000);
        g->rating_cm = (float)get_num(r, o, path, "rating_cm", 0, 1000);
        g->hits = get_int(r, o, path, "hits", 0, 100);
        return;
    }
    if (ammo == LCR_AMMO_ROUNDSHOT)
        g->bounce_cm = (float)get_num(r, o, path, "bounce_cm", 0, 1000);
    else
        g->burst_radius_cm = (float)get_num(r, o, path, "burst_radius_cm", 0, 1000);
    char pb[128];
    path_key(pb, sizeof pb, path, "bands");
    json_t *bands = get(r, o, path, "bands", JSON_ARRAY);
    lcr_weapon w = {0};
    if (bands)
        read_bands(r, bands, pb, &w);
    memcpy(g->bands, w.bands, sizeof g->bands);
    g->band_count = w.band_count;
}

static void read_guns(reader *r, json_t *o, lcr_artillery *a)
{
    const char *key;
    json_t *v;
    json_object_foreach(o, key, v)
    {
        char p[128];
        path_key(p, sizeof p, "$.artillery.guns", key);
        if (!json_is_object(v) || a->gun_count >= LCR_GUNS_MAX) {
            json_read_fail(r, p, "expected an object (at most %d gun types)", LCR_GUNS_MAX);
            return;
        }
        static const char *const gun_keys[] = {"roundshot", "grapeshot", "shrapnel", NULL};
        check_keys(r, v, p, gun_keys);
        lcr_gun *g = &a->guns[a->gun_count++];
        snprintf(g->name, sizeof g->name, "%s", key);
        for (int k = 0; k < LCR_AMMO_COUNT; k++) {
            json_t *ao = json_object_get(v, ammo_names[k]);
            char pa[128];
            path_key(pa, sizeof pa, p, ammo_names[k]);
            if (ao && !json_is_object(ao))
                json_read_fail(r, pa, "expected an object");
            else if (ao)
                read_gun_ammo(r, ao, pa, (lcr_ammo)k, &g->ammo[k]);
        }
    }
}

static void read_deviation(reader *r, json_t *o, lcr_artillery *a)
{
    const char *p = "$.artillery.deviation";
    static const char *const keys[] = {"direction_deg", "distance_dice", "distance_sides",
                                       "cm_per_pip", NULL};
    check_keys(r, o, p, keys);
    json_t *dirs = get(r, o, p, "direction_deg", JSON_ARRAY);
    size_t n = dirs ? json_array_size(dirs) : 0;
    if (dirs && (n < 2 || n > LCR_DEVIATION_MAX))
        json_read_fail(r, "$.artillery.deviation.direction_deg",
                       "expected 2 to %d directions (one per "
                       "face of the direction die)",
                       LCR_DEVIATION_MAX);
    for (size_t i = 0; i < n && i < LCR_DEVIATION_MAX; i++) {
        json_t *v = json_array_get(dirs, i);
        if (!json_is_number(v)) {
            char pi[128];
            path_index(pi, sizeof pi, "$.artillery.deviation.direction_deg", i);
            json_read_fail(r, pi, "expected a number of degrees");
            return;
        }
        a->deviation_deg[a->deviation_faces++] = (float)json_number_value(v);
    }
    a->deviation_dice = get_int(r, o, p, "distance_dice", 0, 10);
    a->deviation_sides = get_int(r, o, p, "distance_sides", 2, 100);
    a->deviation_cm_per_pip = (float)get_num(r, o, p, "cm_per_pip", 0, 100);
}

/* Optional: a data file without "artillery" has no guns. */
static void read_artillery(reader *r, json_t *root, lcr_data *d)
{
    json_t *o = json_object_get(root, "artillery");
    if (!o)
        return;
    const char *p = "$.artillery";
    if (!json_is_object(o)) {
        json_read_fail(r, p, "expected an object");
        return;
    }
    static const char *const keys[] = {"crew",
                                       "min_crew",
                                       "crew_radius_cm",
                                       "stand_ins_per_gunner",
                                       "modifier_per_missing",
                                       "deviation",
                                       "shrapnel_burst_need",
                                       "guns",
                                       NULL};
    check_keys(r, o, p, keys);
    lcr_artillery *a = &d->artillery;
    a->crew = get_int(r, o, p, "crew", 1, 100);
    a->min_crew = get_int(r, o, p, "min_crew", 0, 100);
    a->crew_radius_cm = (float)get_num(r, o, p, "crew_radius_cm", 0, 100);
    a->stand_ins_per_gunner = get_int(r, o, p, "stand_ins_per_gunner", 1, 10);
    a->modifier_per_missing = get_int(r, o, p, "modifier_per_missing", -6, 0);
    a->shrapnel_burst_need = get_int(r, o, p, "shrapnel_burst_need", 1, 7);
    json_t *dev = get(r, o, p, "deviation", JSON_OBJECT);
    if (dev)
        read_deviation(r, dev, a);
    json_t *guns = get(r, o, p, "guns", JSON_OBJECT);
    if (guns)
        read_guns(r, guns, a);
}

const lcr_gun *lcr_data_gun(const lcr_data *d, const char *name)
{
    for (int i = 0; i < d->artillery.gun_count; i++)
        if (d->artillery.guns[i].name[0] == name[0] && strcmp(d->artillery.guns[i].name, name) == 0)
            return &d->artillery.guns[i];
    return NULL;
}

static void read_root(reader *r, json_t *root, lcr_data *d)
{
    static const char *const keys[] = {
        "ruleset",      "seed",      "qualities", "cards", "command_radius_cm",
        "move",         "terrain",   "weapons",   "saves", "area_fire",
        "close_combat", "formation", "morale",    "game",  "mounted_fire",
        "sight",        "wounds",    "artillery", NULL};
    check_keys(r, root, "$", keys);
    json_t *id = get(r, root, "$", "ruleset", JSON_STRING);
    if (id && strcmp(json_string_value(id), "lcr") != 0)
        json_read_fail(r, "$.ruleset", "expected \"lcr\"");
    read_cards(r, root, d);
    read_move(r, root, d);
    read_terrain(r, root, d);
    read_weapons(r, root, d);
    read_fire(r, root, d);
    read_combat(r, root, d);
    read_morale(r, root, d);
    read_sight(r, root, d);
    read_wounds(r, root, d);
    read_artillery(r, root, d);
    json_t *mf = get(r, root, "$", "mounted_fire", JSON_OBJECT);
    if (mf) {
        static const char *const mkeys[] = {"confirm_past_six", NULL};
        check_keys(r, mf, "$.mounted_fire", mkeys);
        d->mounted_confirm_past_six = get_bool_opt(r, mf, "$.mounted_fire", "confirm_past_six");
    }
    json_t *g = get(r, root, "$", "game", JSON_OBJECT);
    if (g) {
        static const char *const gkeys[] = {"max_turns", NULL};
        check_keys(r, g, "$.game", gkeys);
        d->max_turns = get_int(r, g, "$.game", "max_turns", 1, 1000);
    }
}

static lcr_data *parse_text(const char *text, size_t len, const char *name, lcr_data_error *err)
{
    memset(err, 0, sizeof *err);
    snprintf(err->file, sizeof err->file, "%s", name);
    json_error_t jerr;
    json_t *root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &jerr);
    if (!root) {
        err->line = jerr.line;
        err->column = jerr.column;
        snprintf(err->path, sizeof err->path, "$");
        snprintf(err->message, sizeof err->message, "%s", jerr.text);
        return NULL;
    }
    lcr_data *d = mem_calloc(1, sizeof *d);
    reader r = {.err = err, .text = text, .len = len};
    if (!json_is_object(root))
        json_read_fail(&r, "$", "expected an object");
    else
        read_root(&r, root, d);
    json_decref(root);
    if (r.failed)
        goto fail;
    return d;
fail:
    lcr_data_destroy(d);
    return NULL;
}

static void *parse_cb(const char *text, size_t len, const char *name, void *err)
{
    return parse_text(text, len, name, err);
}

/* Parsed once per process for each text (core/json_read.h): every game shares it. */
lcr_data *lcr_data_load_string(const char *text, size_t len, const char *name, lcr_data_error *err)
{
    return json_cache_parse("lcr", text, len, name, parse_cb, err);
}

lcr_data *lcr_data_load_file(const char *path, lcr_data_error *err)
{
    memset(err, 0, sizeof *err);
    char *buf;
    size_t len;
    int errnum;
    if (file_read_all(path, 0, &buf, &len, &errnum) != FILE_OK) {
        snprintf(err->file, sizeof err->file, "%s", path);
        snprintf(err->message, sizeof err->message, "cannot open the file");
        return NULL;
    }
    lcr_data *d = lcr_data_load_string(buf, len, path, err);
    free(buf);
    return d;
}

lcr_data *lcr_data_load_default(lcr_data_error *err)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/assets/rules/lcr.json", config_source_dir());
    return lcr_data_load_file(path, err);
}

void lcr_data_destroy(lcr_data *d)
{
    if (!d || json_cache_holds(d))
        return; /* shared until the process ends */
    if (!d)
        return;
    free(d->terrain);
    free(d->weapons);
    free(d);
}

const char *lcr_data_error_format(const lcr_data_error *err, char *buf, size_t size)
{
    return json_error_format(err, buf, size);
}

/* The lookups by name below compare the first letters before calling strcmp (asked per
 * figure in every legal() call): the same answer. */
const lcr_weapon *lcr_data_weapon(const lcr_data *d, const char *name)
{
    for (int i = 0; i < d->weapon_count; i++)
        if (d->weapons[i].name[0] == name[0] && strcmp(d->weapons[i].name, name) == 0)
            return &d->weapons[i];
    return NULL;
}

const lcr_terrain *lcr_data_terrain(const lcr_data *d, const char *name)
{
    for (int i = 0; i < d->terrain_count; i++)
        if (d->terrain[i].name[0] == name[0] && strcmp(d->terrain[i].name, name) == 0)
            return &d->terrain[i];
    return NULL;
}

int lcr_data_band(const lcr_weapon *w, float range_cm)
{
    if (!w || w->dice_per_man <= 0)
        return -1;
    for (int i = 0; i < w->band_count; i++)
        if (range_cm <= w->bands[i].max_cm + 1e-4f)
            return i;
    return -1;
}

bool lcr_data_is_loose(const lcr_data *d, const char *formation)
{
    for (int i = 0; i < d->loose_count; i++)
        if (d->loose[i][0] == formation[0] && strcmp(d->loose[i], formation) == 0)
            return true;
    return false;
}

lcr_data *lcr_data_clone(const lcr_data *d)
{
    lcr_data *c = mem_dup(d, 1, sizeof *d);
    c->terrain = mem_dup(d->terrain, (size_t)d->terrain_count + 1, sizeof *d->terrain);
    c->weapons = mem_dup(d->weapons, (size_t)d->weapon_count + 1, sizeof *d->weapons);
    return c;
}

int lcr_data_rank_of(figure_role role)
{
    switch (role) {
    case FIGURE_ROLE_NCO:
        return LCR_RANK_NCO;
    case FIGURE_ROLE_LEADER:
        return LCR_RANK_LEADER;
    case FIGURE_ROLE_OFFICER:
        return LCR_RANK_OFFICER;
    case FIGURE_ROLE_GENERAL:
    case FIGURE_ROLE_BRIGADIER:
        return LCR_RANK_GENERAL;
    default:
        return -1;
    }
}

/* ---- what a scenario asks of lcr ------------------------------------------------------------ */

static const char *const lcr_option_keys[] = {
    "soldier_cards", "max_turns", "blocking_terrain",    "figure_heights",
    "civilised",     "wounds",    "reinforcement_sight", NULL};

static bool check_int_option(const json_t *opts, const char *key, long long lo, long long hi,
                             char *err, size_t size)
{
    const json_t *v = json_object_get(opts, key);
    if (!v || (json_is_integer(v) && json_integer_value(v) >= lo && json_integer_value(v) <= hi))
        return true;
    snprintf(err, size, "$.ruleset_options.%s: expected an integer from %lld to %lld", key, lo, hi);
    return false;
}

static bool check_options(const json_t *opts, char *err, size_t size)
{
    if (!opts)
        return true;
    const char *key;
    json_t *v;
    json_object_foreach((json_t *)opts, key, v)
    {
        bool known = false;
        for (int i = 0; lcr_option_keys[i]; i++)
            known = known || strcmp(key, lcr_option_keys[i]) == 0;
        if (!known) {
            snprintf(err, size,
                     "$.ruleset_options.%.60s: unknown option (lcr reads soldier_cards, "
                     "max_turns, blocking_terrain, figure_heights, reinforcement_sight, wounds "
                     "and civilised)",
                     key);
            return false;
        }
    }
    return check_int_option(opts, "soldier_cards", 0, 50, err, size) &&
           check_int_option(opts, "max_turns", 1, 1000, err, size);
}

static bool check_weapons(const lcr_data *d, const table *t, char *err, size_t size)
{
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        if (!f->weapon[0] || strcmp(f->weapon, "none") == 0 || lcr_data_weapon(d, f->weapon) ||
            lcr_data_gun(d, f->weapon))
            continue;
        const unit *u = table_unit_const(t, f->unit);
        /* units are numbered in file order: the unit's place in $.units */
        snprintf(err, size,
                 "$.units[%u]: figure \"%.47s\" has weapon \"%.47s\", which lcr does not know",
                 u ? u->id.id - 1 : 0, f->name, f->weapon);
        return false;
    }
    return true;
}

static bool check_victory(const scenario *scn, char *err, size_t size)
{
    static const char *const kinds[] = {"destroy", "hold", "turns", NULL};
    for (int v = 0; v < scn->victory_count; v++) {
        bool known = false;
        for (int k = 0; kinds[k]; k++)
            known = known || strcmp(scn->victory[v].kind, kinds[k]) == 0;
        if (!known) {
            snprintf(err, size,
                     "$.victory[%d].kind: Little Colonial Rules scores no victory of kind "
                     "\"%.31s\" (it scores "
                     "destroy, hold and turns)",
                     v, scn->victory[v].kind);
            return false;
        }
    }
    return true;
}

bool lcr_data_check_scenario(const lcr_data *d, const scenario *scn, char *err, size_t size)
{
    if (!scn)
        return true;
    return check_options(scn->rules_options, err, size) &&
           check_weapons(d, scn->table, err, size) && check_victory(scn, err, size);
}
