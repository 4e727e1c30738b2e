#include "rules/tiny/tiny_data.h"

#include "core/config.h"
#include "core/file.h"
#include "core/json_read.h"
#include "core/mem.h"

#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int get_names(json_reader *r, const json_t *obj, const char *path, const char *key,
                     char out[][TINY_NAME_MAX])
{
    char p[128];
    json_read_join(p, sizeof p, path, key);
    const json_t *arr = json_object_get(obj, key);
    if (!json_is_array(arr) || json_array_size(arr) > TINY_LIST_MAX) {
        json_read_fail(r, p, "expected a list of at most %d names", TINY_LIST_MAX);
        return 0;
    }
    for (size_t i = 0; i < json_array_size(arr); i++) {
        const json_t *v = json_array_get(arr, i);
        if (!json_is_string(v) || strlen(json_string_value(v)) >= TINY_NAME_MAX) {
            char q[200];
            snprintf(q, sizeof q, "%s[%zu]", p, i);
            json_read_fail(r, q, "expected a terrain type name");
            return 0;
        }
        snprintf(out[i], TINY_NAME_MAX, "%s", json_string_value(v));
    }
    return (int)json_array_size(arr);
}

/* ---- the troop chart ----------------------------------------------------------------------- */

static const char *const class_names[] = {"infantry", "cavalry",   "artillery",
                                          "wagon",    "commander", NULL};
static const char *const rough_names[] = {"full", "half", "closed", NULL};
static const char *const limber_names[] = {"none", "road", "move", NULL};
static const char *const passage_names[] = {"never", "always", "deployed", NULL};
static const char *const shot_at_names[] = {"none", "skirmisher", "cavalry", "artillery", NULL};
static const char *const troop_keys[] = {"label",
                                         "class",
                                         "move_in",
                                         "column_bonus_in",
                                         "shoot",
                                         "melee_need",
                                         "melee_value",
                                         "rough",
                                         "limber",
                                         "passage",
                                         "shot_at",
                                         "move_and_shoot",
                                         "evade",
                                         "pursue",
                                         "defensive_fire",
                                         "destroys_cover",
                                         "counts_for_victory",
                                         "rally_modifier",
                                         "dismount_as",
                                         NULL};

static void read_bands(json_reader *r, const json_t *obj, const char *path, tiny_troop *tr)
{
    char p[128];
    json_read_join(p, sizeof p, path, "shoot");
    const json_t *arr = json_object_get(obj, "shoot");
    if (!json_is_array(arr) || json_array_size(arr) > TINY_BANDS_MAX) {
        json_read_fail(r, p, "expected a list of at most %d range bands", TINY_BANDS_MAX);
        return;
    }
    static const char *const band_keys[] = {"range_in", "need", NULL};
    for (size_t i = 0; i < json_array_size(arr); i++) {
        char q[200];
        snprintf(q, sizeof q, "%s[%zu]", p, i);
        const json_t *b = json_array_get(arr, i);
        if (!json_is_object(b)) {
            json_read_fail(r, q, "expected an object");
            return;
        }
        json_read_check_keys(r, b, q, band_keys);
        tr->bands[i].range_in = json_read_num(r, b, q, "range_in", true, 0, 0.1f, 1000);
        tr->bands[i].need = json_read_int(r, b, q, "need", true, 7, 1, 7);
        if (i > 0 && tr->bands[i].range_in <= tr->bands[i - 1].range_in)
            json_read_fail(r, q, "bands must be listed nearest first");
    }
    tr->band_count = (int)json_array_size(arr);
}

static void read_troop(json_reader *r, const json_t *obj, const char *path, tiny_troop *tr)
{
    json_read_check_keys(r, obj, path, troop_keys);
    memcpy(tr->label, tr->name, sizeof tr->label);
    json_read_str(r, obj, path, "label", tr->label, sizeof tr->label);
    tr->cls = (tiny_class)json_read_enum(r, obj, path, "class", class_names, -1);
    if (!json_object_get(obj, "class"))
        json_read_fail(r, path, "missing \"class\"");
    tr->move_in = json_read_num(r, obj, path, "move_in", true, 0, 0, 100);
    tr->column_bonus_in = json_read_num(r, obj, path, "column_bonus_in", false, 0, 0, 100);
    read_bands(r, obj, path, tr);
    tr->melee_need = json_read_int(r, obj, path, "melee_need", true, 0, 0, 7);
    tr->melee_value = json_read_int(r, obj, path, "melee_value", true, 0, 0, 100);
    tr->rough = (tiny_rough)json_read_enum(r, obj, path, "rough", rough_names, TINY_ROUGH_CLOSED);
    tr->limber =
        (tiny_limber)json_read_enum(r, obj, path, "limber", limber_names, TINY_LIMBER_NONE);
    tr->passage = (tiny_passage)json_read_enum(r, obj, path, "passage", passage_names, 0);
    tr->shot_at = (tiny_shot_at)json_read_enum(r, obj, path, "shot_at", shot_at_names, 0);
    tr->move_and_shoot = json_read_bool(r, obj, path, "move_and_shoot", false);
    tr->evade = json_read_bool(r, obj, path, "evade", false);
    tr->pursue = json_read_bool(r, obj, path, "pursue", false);
    tr->defensive_fire = json_read_bool(r, obj, path, "defensive_fire", false);
    tr->destroys_cover = json_read_bool(r, obj, path, "destroys_cover", false);
    tr->counts_for_victory = json_read_bool(r, obj, path, "counts_for_victory", true);
    tr->rally_modifier = json_read_int(r, obj, path, "rally_modifier", false, 0, -6, 6);
    json_read_str(r, obj, path, "dismount_as", tr->dismount_as, sizeof tr->dismount_as);
}

static void read_troops(json_reader *r, const json_t *root, tiny_data *d)
{
    const json_t *troops = json_read_object(r, root, "$", "troops");
    const char *key;
    json_t *v;
    json_object_foreach((json_t *)troops, key, v)
    {
        char p[128];
        json_read_join(p, sizeof p, "$.troops", key);
        if (d->troop_count >= TINY_TROOPS_MAX || strlen(key) >= TINY_NAME_MAX) {
            json_read_fail(r, p, "at most %d troop types with names under %d bytes",
                           TINY_TROOPS_MAX, TINY_NAME_MAX);
            return;
        }
        if (!json_is_object(v)) {
            json_read_fail(r, p, "expected an object");
            return;
        }
        tiny_troop *tr = &d->troops[d->troop_count++];
        snprintf(tr->name, sizeof tr->name, "%s", key);
        read_troop(r, v, p, tr);
    }
    for (int i = 0; i < d->troop_count; i++)
        if (d->troops[i].dismount_as[0] && !tiny_data_troop(d, d->troops[i].dismount_as)) {
            char p[128];
            snprintf(p, sizeof p, "$.troops.%s.dismount_as", d->troops[i].name);
            json_read_fail(r, p, "no troop type \"%s\"", d->troops[i].dismount_as);
        }
    if (!tiny_data_troop(d, "commander"))
        json_read_fail(r, "$.troops", "missing the \"commander\" row (Generals & Brigadiers)");
}

/* ---- the other sections ---------------------------------------------------------------------- */

static void read_orders(json_reader *r, const json_t *root, tiny_data *d)
{
    static const char *const keys[] = {
        "die_sides", "cost", "penalty_cost", "far_in", "brigade_loss_fraction", NULL};
    const char *p = "$.orders";
    const json_t *o = json_read_object(r, root, "$", "orders");
    json_read_check_keys(r, o, p, keys);
    d->order_die_sides = json_read_int(r, o, p, "die_sides", true, 6, 2, 100);
    d->order_cost = json_read_int(r, o, p, "cost", true, 1, 0, 100);
    d->order_penalty_cost = json_read_int(r, o, p, "penalty_cost", true, 2, 0, 100);
    d->order_far_in = json_read_num(r, o, p, "far_in", true, 24, 0, 1000);
    d->brigade_loss_fraction = json_read_num(r, o, p, "brigade_loss_fraction", true, 0.5f, 0, 1);
}

static void read_movement(json_reader *r, const json_t *root, tiny_data *d)
{
    static const char *const keys[] = {"rough_terrain",
                                       "rough_half_mult",
                                       "obstacle_move_fraction",
                                       "road_terrain",
                                       "road_mult",
                                       "about_face_enemy_in",
                                       "about_face_min_deg",
                                       "commander_join_in",
                                       "retreat_min_in",
                                       "commander_step_aside_in",
                                       NULL};
    const char *p = "$.movement";
    const json_t *o = json_read_object(r, root, "$", "movement");
    json_read_check_keys(r, o, p, keys);
    d->rough_count = get_names(r, o, p, "rough_terrain", d->rough_terrain);
    d->rough_half_mult = json_read_num(r, o, p, "rough_half_mult", true, 2, 1, 100);
    d->obstacle_move_fraction = json_read_num(r, o, p, "obstacle_move_fraction", true, 0.5f, 0, 1);
    d->road_count = get_names(r, o, p, "road_terrain", d->road_terrain);
    d->road_mult = json_read_num(r, o, p, "road_mult", true, 2, 1, 100);
    d->about_face_enemy_in = json_read_num(r, o, p, "about_face_enemy_in", true, 6, 0, 1000);
    d->about_face_min_deg = json_read_num(r, o, p, "about_face_min_deg", true, 135, 0, 180);
    d->commander_join_in = json_read_num(r, o, p, "commander_join_in", true, 1, 0, 1000);
    d->retreat_min_in = json_read_num(r, o, p, "retreat_min_in", true, 1, 0, 1000);
    d->commander_step_aside_in =
        json_read_num(r, o, p, "commander_step_aside_in", true, 6, 0, 1000);
}

static void read_shooting(json_reader *r, const json_t *root, tiny_data *d)
{
    static const char *const keys[] = {"modifiers",   "siege_cover_range_in", "siege_cover_need",
                                       "see_into_in", "see_out_of_solid",     NULL};
    static const char *const mod_keys[] = {"skirmisher", "cavalry", "artillery",
                                           "cover",      "column",  NULL};
    const char *p = "$.shooting";
    const json_t *o = json_read_object(r, root, "$", "shooting");
    json_read_check_keys(r, o, p, keys);
    const json_t *m = json_read_object(r, o, p, "modifiers");
    const char *mp = "$.shooting.modifiers";
    json_read_check_keys(r, m, mp, mod_keys);
    d->fire_skirmisher = json_read_int(r, m, mp, "skirmisher", true, 0, -6, 6);
    d->fire_cavalry = json_read_int(r, m, mp, "cavalry", true, 0, -6, 6);
    d->fire_artillery = json_read_int(r, m, mp, "artillery", true, 0, -6, 6);
    d->fire_cover = json_read_int(r, m, mp, "cover", true, 0, -6, 6);
    d->fire_column = json_read_int(r, m, mp, "column", true, 0, -6, 6);
    d->siege_cover_range_in = json_read_num(r, o, p, "siege_cover_range_in", true, 6, 0, 1000);
    d->siege_cover_need = json_read_int(r, o, p, "siege_cover_need", true, 6, 1, 7);
    d->see_into_in = json_read_num(r, o, p, "see_into_in", true, 1.2f, 0, 100);
    d->see_out_of_solid = json_read_bool(r, o, p, "see_out_of_solid", true);
}

static void read_melee(json_reader *r, const json_t *root, tiny_data *d)
{
    static const char *const keys[] = {
        "need",      "use_chart_need", "higher_value",      "cover",
        "difficult", "commander_need", "commander_lost_on", "commander_replace_turns",
        NULL};
    const char *p = "$.melee";
    const json_t *o = json_read_object(r, root, "$", "melee");
    json_read_check_keys(r, o, p, keys);
    d->melee_need = json_read_int(r, o, p, "need", true, 4, 1, 7);
    d->melee_use_chart_need = json_read_bool(r, o, p, "use_chart_need", false);
    d->melee_higher_value = json_read_int(r, o, p, "higher_value", true, 1, -6, 6);
    d->melee_cover = json_read_int(r, o, p, "cover", true, -1, -6, 6);
    d->melee_difficult = json_read_int(r, o, p, "difficult", true, -1, -6, 6);
    d->commander_need = json_read_int(r, o, p, "commander_need", true, 4, 1, 7);
    d->commander_lost_on = json_read_int(r, o, p, "commander_lost_on", true, 1, 0, 6);
    d->commander_replace_turns = json_read_int(r, o, p, "commander_replace_turns", true, 1, 0, 100);
}

static void read_morale(json_reader *r, const json_t *root, tiny_data *d)
{
    static const char *const keys[] = {"shaken_hits", "last_hits_kept", NULL};
    static const char *const rally_keys[] = {
        "die_sides",        "results", "general",        "enemy_visible",
        "enemy_visible_in", "shaken",  "straggler_hits", NULL};
    static const char *const row_keys[] = {"min", "result", NULL};
    static const char *const result_names[] = {"rally_remove_hit", "rally", "retreat", NULL};
    const json_t *o = json_read_object(r, root, "$", "morale");
    json_read_check_keys(r, o, "$.morale", keys);
    d->shaken_hits = json_read_int(r, o, "$.morale", "shaken_hits", true, 3, 1, 100);
    d->last_hits_kept = json_read_int(r, o, "$.morale", "last_hits_kept", true, 1, 0, 100);
    const char *p = "$.rally";
    const json_t *ra = json_read_object(r, root, "$", "rally");
    json_read_check_keys(r, ra, p, rally_keys);
    d->rally_die_sides = json_read_int(r, ra, p, "die_sides", true, 6, 2, 100);
    d->rally_general = json_read_int(r, ra, p, "general", true, 0, -6, 6);
    d->rally_enemy_visible = json_read_int(r, ra, p, "enemy_visible", true, 0, -6, 6);
    d->rally_enemy_visible_in = json_read_num(r, ra, p, "enemy_visible_in", true, 12, 0, 1000);
    d->rally_shaken = json_read_int(r, ra, p, "shaken", true, 0, -6, 6);
    d->straggler_hits = json_read_int(r, ra, p, "straggler_hits", true, 1, 0, 100);
    const json_t *rows = json_object_get(ra, "results");
    if (!json_is_array(rows) || json_array_size(rows) < 1 ||
        json_array_size(rows) > TINY_RALLY_MAX) {
        json_read_fail(r, "$.rally.results", "expected a list of 1 to %d rows", TINY_RALLY_MAX);
        return;
    }
    for (size_t i = 0; i < json_array_size(rows); i++) {
        char q[64];
        snprintf(q, sizeof q, "$.rally.results[%zu]", i);
        const json_t *row = json_array_get(rows, i);
        if (!json_is_object(row)) {
            json_read_fail(r, q, "expected an object");
            return;
        }
        json_read_check_keys(r, row, q, row_keys);
        d->rally[i].min = json_read_int(r, row, q, "min", true, 0, -100, 100);
        d->rally[i].result =
            (tiny_rally_result)json_read_enum(r, row, q, "result", result_names, 0);
        if (i > 0 && d->rally[i].min >= d->rally[i - 1].min)
            json_read_fail(r, q, "rows must be listed from the highest score down");
    }
    d->rally_count = (int)json_array_size(rows);
}

static void read_victory(json_reader *r, const json_t *root, tiny_data *d)
{
    static const char *const keys[] = {"retreat_fraction", "max_turns", NULL};
    const json_t *o = json_read_object(r, root, "$", "victory");
    json_read_check_keys(r, o, "$.victory", keys);
    d->retreat_fraction = json_read_num(r, o, "$.victory", "retreat_fraction", true, 0.5f, 0, 1);
    d->max_turns = json_read_int(r, o, "$.victory", "max_turns", true, 15, 1, 10000);
}

static void read_root(json_reader *r, const json_t *root, tiny_data *d)
{
    static const char *const keys[] = {
        "about",          "units",           "inch_cm", "frontal_half_angle_deg",
        "contact_gap_in", "adjacent_gap_in", "troops",  "orders",
        "movement",       "shooting",        "melee",   "morale",
        "rally",          "victory",         NULL};
    if (!json_is_object(root)) {
        json_read_fail(r, "$", "expected an object");
        return;
    }
    json_read_check_keys(r, root, "$", keys);
    snprintf(d->units, sizeof d->units, "cm");
    json_read_str(r, root, "$", "units", d->units, sizeof d->units);
    if (strcmp(d->units, "cm") != 0 && strcmp(d->units, "inch") != 0)
        json_read_fail(r, "$.units", "expected \"cm\" or \"inch\"");
    d->inch_cm = json_read_num(r, root, "$", "inch_cm", true, 2.5f, 0.01f, 100);
    d->frontal_half_angle_deg =
        json_read_num(r, root, "$", "frontal_half_angle_deg", true, 45, 0, 180);
    d->contact_gap_in = json_read_num(r, root, "$", "contact_gap_in", true, 0.2f, 0, 10);
    d->adjacent_gap_in = json_read_num(r, root, "$", "adjacent_gap_in", true, 1, 0, 100);
    read_troops(r, root, d);
    read_orders(r, root, d);
    read_movement(r, root, d);
    read_shooting(r, root, d);
    read_melee(r, root, d);
    read_morale(r, root, d);
    read_victory(r, root, d);
}

static tiny_data *parse_text(const char *text, size_t len, const char *name, tiny_data_error *err)
{
    memset(err, 0, sizeof *err);
    snprintf(err->file, sizeof err->file, "%s", name);
    json_error_t je;
    json_t *root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je);
    if (!root) {
        err->line = je.line;
        err->column = je.column;
        snprintf(err->path, sizeof err->path, "$");
        snprintf(err->message, sizeof err->message, "%s", je.text);
        return NULL;
    }
    tiny_data *d = mem_calloc(1, sizeof *d);
    json_reader r = {.err = err, .text = text, .len = len};
    read_root(&r, root, d);
    json_decref(root);
    if (r.failed) {
        free(d);
        return NULL;
    }
    return d;
}

static void *parse_cb(const char *text, size_t len, const char *name, void *err)
{
    return parse_text(text, len, name, err);
}

/* Parsed once per process for each text (core/json_read.h): every game shares it. */
tiny_data *tiny_data_load_string(const char *text, size_t len, const char *name,
                                 tiny_data_error *err)
{
    return json_cache_parse("tiny", text, len, name, parse_cb, err);
}

tiny_data *tiny_data_load_file(const char *path, tiny_data_error *err)
{
    char *buf;
    size_t len;
    int errnum;
    if (file_read_all(path, 0, &buf, &len, &errnum) != FILE_OK) {
        memset(err, 0, sizeof *err);
        snprintf(err->file, sizeof err->file, "%s", path);
        snprintf(err->path, sizeof err->path, "$");
        snprintf(err->message, sizeof err->message, "cannot open the rule data file");
        return NULL;
    }
    tiny_data *d = tiny_data_load_string(buf, len, path, err);
    free(buf);
    return d;
}

tiny_data *tiny_data_load_default(const char *dir, tiny_data_error *err)
{
    char path[1024];
    if (dir && *dir)
        snprintf(path, sizeof path, "%s/tiny.json", dir);
    else
        snprintf(path, sizeof path, "%s/assets/rules/tiny.json", config_source_dir());
    return tiny_data_load_file(path, err);
}

void tiny_data_destroy(tiny_data *d)
{
    if (!d || json_cache_holds(d))
        return; /* shared until the process ends */
    free(d);
}

const char *tiny_data_error_format(const tiny_data_error *err, char *buf, size_t size)
{
    return json_error_format(err, buf, size);
}

/* ---- lookups ----------------------------------------------------------------------------------
 */

const tiny_troop *tiny_data_troop(const tiny_data *d, const char *name)
{
    for (int i = 0; name && i < d->troop_count; i++)
        if (strcmp(d->troops[i].name, name) == 0)
            return &d->troops[i];
    return NULL;
}

float tiny_data_cm(const tiny_data *d, float inches)
{
    return inches * d->inch_cm;
}

static bool in_list(const char list[][TINY_NAME_MAX], int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (strcmp(list[i], name) == 0)
            return true;
    return false;
}

bool tiny_data_is_rough(const tiny_data *d, const char *name)
{
    return in_list(d->rough_terrain, d->rough_count, name);
}

bool tiny_data_is_road(const tiny_data *d, const char *name)
{
    return in_list(d->road_terrain, d->road_count, name);
}

tiny_rally_result tiny_data_rally(const tiny_data *d, int score)
{
    for (int i = 0; i < d->rally_count; i++)
        if (score >= d->rally[i].min)
            return d->rally[i].result;
    return d->rally[d->rally_count - 1].result;
}

int tiny_data_band(const tiny_troop *tr, float range_in)
{
    for (int i = 0; i < tr->band_count; i++)
        if (range_in <= tr->bands[i].range_in + 1e-4f)
            return i;
    return -1;
}

const char *tiny_class_name(tiny_class c)
{
    return c >= 0 && c < TINY_CLASS_COUNT ? class_names[c] : "?";
}

const char *tiny_rally_result_name(tiny_rally_result r)
{
    static const char *const names[] = {"rally and remove a hit", "rally",
                                        "retreat, straggler hit"};
    return (int)r >= 0 && r <= TINY_RALLY_RETREAT ? names[r] : "?";
}
