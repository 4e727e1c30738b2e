#include "rules/cr15/cr15_data.h"

#include "core/config.h"
#include "core/file.h"
#include "core/json_read.h"
#include "core/mem.h"

#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const json_t *child(json_reader *r, const json_t *obj, const char *path, const char *key,
                           char *p, size_t psize)
{
    json_read_join(p, psize, path, key);
    return json_read_object(r, obj, path, key);
}

static int get_names(json_reader *r, const json_t *obj, const char *path, const char *key,
                     char out[][CR15_NAME_MAX])
{
    char p[128];
    json_read_join(p, sizeof p, path, key);
    const json_t *arr = json_object_get(obj, key);
    if (!json_is_array(arr) || json_array_size(arr) > CR15_LIST_MAX) {
        json_read_fail(r, p, "expected a list of at most %d names", CR15_LIST_MAX);
        return 0;
    }
    for (size_t i = 0; i < json_array_size(arr); i++) {
        const json_t *v = json_array_get(arr, i);
        if (!json_is_string(v) || strlen(json_string_value(v)) >= CR15_NAME_MAX) {
            char q[160];
            snprintf(q, sizeof q, "%s[%zu]", p, i);
            json_read_fail(r, q, "expected a terrain type name");
            return 0;
        }
        snprintf(out[i], CR15_NAME_MAX, "%s", json_string_value(v));
    }
    return (int)json_array_size(arr);
}

static void get_list(json_reader *r, const json_t *obj, const char *path, const char *key, int n,
                     float *out, float lo, float hi)
{
    char p[128];
    json_read_join(p, sizeof p, path, key);
    const json_t *arr = json_object_get(obj, key);
    if (!json_is_array(arr) || (int)json_array_size(arr) != n) {
        json_read_fail(r, p, "expected a list of %d numbers", n);
        return;
    }
    for (int i = 0; i < n; i++) {
        const json_t *v = json_array_get(arr, (size_t)i);
        double x = json_number_value(v);
        if (!json_is_number(v) || x < lo || x > hi) {
            char q[160];
            snprintf(q, sizeof q, "%s[%d]", p, i);
            json_read_fail(r, q, "expected a number from %g to %g", (double)lo, (double)hi);
            return;
        }
        out[i] = (float)x;
    }
}

static const char *const troop_names[CR15_TROOP_COUNT + 1] = {"regulars", "tribesmen", "cavalry",
                                                              "artillery", NULL};

int cr15_troop_parse(const char *name)
{
    for (int i = 0; name && i < CR15_TROOP_COUNT; i++)
        if (troop_names[i][0] == name[0] && strcmp(troop_names[i], name) == 0)
            return i;
    return -1;
}

const char *cr15_troop_name(cr15_troop t)
{
    return (unsigned)t < CR15_TROOP_COUNT ? troop_names[t] : "?";
}

static void read_troops(json_reader *r, const json_t *root, cr15_data *d)
{
    char p[128];
    const json_t *o = child(r, root, "$", "troops", p, sizeof p);
    json_read_check_keys(r, o, p, troop_names);
    static const char *const keys[] = {"move_in", "charge_in", "finish_off", NULL};
    for (int i = 0; o && i < CR15_TROOP_COUNT; i++) {
        char q[128];
        const json_t *t = child(r, o, p, troop_names[i], q, sizeof q);
        json_read_check_keys(r, t, q, keys);
        d->troops[i].move_in = json_read_num(r, t, q, "move_in", true, 6, 0, 100);
        d->troops[i].charge_in = json_read_num(r, t, q, "charge_in", true, 9, 0, 100);
        d->troops[i].finish_off = json_read_bool(r, t, q, "finish_off", false);
    }
}

static void read_fire(json_reader *r, const json_t *root, cr15_data *d)
{
    char p[128], q[160];
    const json_t *o = child(r, root, "$", "fire", p, sizeof p);
    json_read_check_keys(r, o, p, (const char *const[]){"bands_in", "weapons", "mods", NULL});
    get_list(r, o, p, "bands_in", CR15_BANDS, d->bands_in, 0, 1000);
    const json_t *w = child(r, o, p, "weapons", q, sizeof q);
    const char *key;
    json_t *v;
    json_object_foreach((json_t *)w, key, v)
    {
        char wp[200];
        json_read_join(wp, sizeof wp, q, key);
        if (d->weapon_count >= CR15_WEAPONS || strlen(key) >= CR15_NAME_MAX || !json_is_object(v)) {
            json_read_fail(r, wp, "expected at most %d weapons, each an object", CR15_WEAPONS);
            return;
        }
        json_read_check_keys(r, v, wp,
                             (const char *const[]){"rate", "reload", "rounds", "table", NULL});
        cr15_weapon *we = &d->weapons[d->weapon_count++];
        snprintf(we->name, sizeof we->name, "%s", key);
        we->rate = json_read_int(r, v, wp, "rate", true, 1, 1, 10);
        we->reload = json_read_int(r, v, wp, "reload", true, 0, 0, 10);
        we->rounds = json_read_int(r, v, wp, "rounds", false, 0, 0, 100);
        float t[CR15_BANDS] = {0};
        get_list(r, v, wp, "table", CR15_BANDS, t, 0, 10);
        for (int i = 0; i < CR15_BANDS; i++)
            we->table[i] = (int)t[i];
    }
    const json_t *m = child(r, o, p, "mods", q, sizeof q);
    static const char *const mk[] = {
        "veteran",       "novice",      "target_moved",  "second_shot",   "target_cover",
        "being_charged", "firer_moved", "firer_mounted", "firer_wounded", NULL};
    json_read_check_keys(r, m, q, mk);
    int *dst[] = {&d->fire.veteran,     &d->fire.novice,        &d->fire.target_moved,
                  &d->fire.second_shot, &d->fire.target_cover,  &d->fire.being_charged,
                  &d->fire.firer_moved, &d->fire.firer_mounted, &d->fire.firer_wounded};
    for (int i = 0; mk[i]; i++)
        *dst[i] = json_read_int(r, m, q, mk[i], true, 0, -10, 10);
}

static void read_guns(json_reader *r, const json_t *root, cr15_data *d)
{
    char p[128];
    const json_t *g = child(r, root, "$", "gatling", p, sizeof p);
    json_read_check_keys(r, g, p,
                         (const char *const[]){"crew", "range_in", "rifles", "jam_faces",
                                               "jam_faces_one_crew", "unjam_penalty_one_crew",
                                               NULL});
    d->gatling.crew = json_read_int(r, g, p, "crew", true, 2, 1, 10);
    d->gatling.range_in = json_read_num(r, g, p, "range_in", true, 36, 1, 1000);
    d->gatling.rifles = json_read_int(r, g, p, "rifles", true, 5, 1, 50);
    d->gatling.jam_faces = json_read_int(r, g, p, "jam_faces", true, 1, 0, 10);
    d->gatling.jam_faces_one_crew = json_read_int(r, g, p, "jam_faces_one_crew", true, 3, 0, 10);
    d->gatling.unjam_penalty_one_crew =
        json_read_int(r, g, p, "unjam_penalty_one_crew", true, 2, 0, 10);
    const json_t *a = child(r, root, "$", "artillery", p, sizeof p);
    json_read_check_keys(r, a, p,
                         (const char *const[]){"crew", "reload", "burst_diameter_in",
                                               "survive_open", "survive_cover", "canister_in",
                                               "canister_rifles", NULL});
    d->artillery.crew = json_read_int(r, a, p, "crew", true, 4, 1, 10);
    d->artillery.reload = json_read_int(r, a, p, "reload", true, 1, 0, 10);
    d->artillery.burst_diameter_in = json_read_num(r, a, p, "burst_diameter_in", true, 4, 0, 100);
    d->artillery.survive_open = json_read_int(r, a, p, "survive_open", true, 6, 1, 7);
    d->artillery.survive_cover = json_read_int(r, a, p, "survive_cover", true, 5, 1, 7);
    d->artillery.canister_in = json_read_num(r, a, p, "canister_in", true, 16, 0, 1000);
    d->artillery.canister_rifles = json_read_int(r, a, p, "canister_rifles", true, 15, 1, 100);
}

static void read_wounds(json_reader *r, const json_t *root, cr15_data *d)
{
    char p[128];
    static const char *const covers[] = {"open", "soft", "hard", NULL};
    const json_t *w = child(r, root, "$", "wounds", p, sizeof p);
    json_read_check_keys(r, w, p, covers);
    for (int i = 0; w && i < CR15_COVER_COUNT; i++) {
        char q[160];
        const json_t *c = child(r, w, p, covers[i], q, sizeof q);
        json_read_check_keys(r, c, q, (const char *const[]){"light", "serious", NULL});
        d->wound_light[i] = json_read_int(r, c, q, "light", true, 2, 0, 6);
        d->wound_serious[i] = json_read_int(r, c, q, "serious", true, 4, d->wound_light[i], 6);
    }
}

static void read_melee(json_reader *r, const json_t *root, cr15_data *d)
{
    char p[128], q[160];
    const json_t *m = child(r, root, "$", "melee", p, sizeof p);
    json_read_check_keys(r, m, p,
                         (const char *const[]){"mods", "continue_difference", "effect", NULL});
    const json_t *o = child(r, m, p, "mods", q, sizeof q);
    static const char *const mk[] = {"cover",         "leader",        "shield",  "veteran",
                                     "mounted",       "lance",         "novice",  "unarmed",
                                     "outnumbered_2", "outnumbered_3", "serious", NULL};
    json_read_check_keys(r, o, q, mk);
    int *dst[] = {&d->melee.cover,         &d->melee.leader,  &d->melee.shield,
                  &d->melee.veteran,       &d->melee.mounted, &d->melee.lance,
                  &d->melee.novice,        &d->melee.unarmed, &d->melee.outnumbered_2,
                  &d->melee.outnumbered_3, &d->melee.serious};
    for (int i = 0; mk[i]; i++)
        *dst[i] = json_read_int(r, o, q, mk[i], true, 0, -10, 10);
    d->melee_continue = json_read_int(r, m, p, "continue_difference", true, 1, 0, 10);
    const json_t *e = child(r, m, p, "effect", q, sizeof q);
    json_read_check_keys(r, e, q, (const char *const[]){"light", "serious", NULL});
    d->melee_light = json_read_int(r, e, q, "light", true, 1, 0, 6);
    d->melee_serious = json_read_int(r, e, q, "serious", true, 4, d->melee_light, 6);
    const json_t *mw = child(r, root, "$", "melee_weapons", p, sizeof p);
    const char *key;
    json_t *v;
    json_object_foreach((json_t *)mw, key, v)
    {
        char wp[200];
        json_read_join(wp, sizeof wp, p, key);
        if (d->melee_weapon_count >= CR15_MELEE_MAX || strlen(key) >= CR15_NAME_MAX ||
            !json_is_object(v)) {
            json_read_fail(r, wp, "expected at most %d melee weapons, each an object",
                           CR15_MELEE_MAX);
            return;
        }
        json_read_check_keys(r, v, wp, (const char *const[]){"shield", "lance", "unarmed", NULL});
        cr15_melee_weapon *we = &d->melee_weapons[d->melee_weapon_count++];
        snprintf(we->name, sizeof we->name, "%s", key);
        we->shield = json_read_bool(r, v, wp, "shield", false);
        we->lance = json_read_bool(r, v, wp, "lance", false);
        we->unarmed = json_read_bool(r, v, wp, "unarmed", false);
    }
}

static void read_root(json_reader *r, const json_t *root, cr15_data *d)
{
    static const char *const keys[] = {"name",
                                       "inch_cm",
                                       "units",
                                       "max_turns",
                                       "arrival_need",
                                       "troops",
                                       "bad_going",
                                       "building_types",
                                       "obstacle_in",
                                       "crawl_in",
                                       "aid_radius_in",
                                       "contact_cm",
                                       "fire",
                                       "gatling",
                                       "artillery",
                                       "wounds",
                                       "melee",
                                       "morale",
                                       "melee_weapons",
                                       "bot",
                                       NULL};
    json_read_check_keys(r, root, "$", keys);
    snprintf(d->name, sizeof d->name, "Colonial Rules for 15mm");
    json_read_str(r, root, "$", "name", d->name, sizeof d->name);
    snprintf(d->units, sizeof d->units, "inch");
    json_read_str(r, root, "$", "units", d->units, sizeof d->units);
    if (strcmp(d->units, "cm") != 0 && strcmp(d->units, "inch") != 0)
        json_read_fail(r, "$.units", "expected \"cm\" or \"inch\"");
    d->inch_cm = json_read_num(r, root, "$", "inch_cm", true, 2.5f, 0.01f, 100);
    d->max_turns = json_read_int(r, root, "$", "max_turns", true, 12, 1, 1000);
    d->arrival_need = json_read_int(r, root, "$", "arrival_need", true, 2, 0, 10);
    read_troops(r, root, d);
    d->bad_going_count = get_names(r, root, "$", "bad_going", d->bad_going);
    d->building_count = get_names(r, root, "$", "building_types", d->buildings);
    d->obstacle_in = json_read_num(r, root, "$", "obstacle_in", true, 2, 0, 100);
    get_list(r, root, "$", "crawl_in", 3, d->crawl_in, 0, 100);
    d->aid_radius_in = json_read_num(r, root, "$", "aid_radius_in", true, 1, 0, 100);
    d->contact_cm = json_read_num(r, root, "$", "contact_cm", true, 0.3f, 0, 10);
    read_fire(r, root, d);
    read_guns(r, root, d);
    read_wounds(r, root, d);
    read_melee(r, root, d);
    char p[128];
    const json_t *mo = child(r, root, "$", "morale", p, sizeof p);
    json_read_check_keys(r, mo, p, (const char *const[]){"charge_need", "fire_multiplier", NULL});
    d->charge_need = json_read_int(r, mo, p, "charge_need", true, 3, 1, 7);
    d->fire_multiplier = json_read_int(r, mo, p, "fire_multiplier", true, 2, 0, 100);
    const json_t *b = child(r, root, "$", "bot", p, sizeof p);
    json_read_check_keys(r, b, p, (const char *const[]){"guess_error", NULL});
    d->guess_error = json_read_num(r, b, p, "guess_error", true, 0.15f, 0, 1);
}

static cr15_data *parse_text(const char *text, size_t len, const char *name, cr15_data_error *err)
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
    cr15_data *d = mem_calloc(1, sizeof *d);
    json_reader r = {.err = err, .text = text, .len = len};
    if (!json_is_object(root))
        json_read_fail(&r, "$", "expected an object");
    else
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
static cr15_data *load_string(const char *text, size_t len, const char *name, cr15_data_error *err)
{
    return json_cache_parse("cr15", text, len, name, parse_cb, err);
}

cr15_data *cr15_data_load(const char *path, cr15_data_error *err)
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
    cr15_data *d = load_string(buf, len, path, err);
    free(buf);
    return d;
}

cr15_data *cr15_data_load_default(const char *dir, cr15_data_error *err)
{
    char path[1024];
    if (dir && *dir)
        snprintf(path, sizeof path, "%s/cr15.json", dir);
    else
        snprintf(path, sizeof path, "%s/assets/rules/cr15.json", config_source_dir());
    return cr15_data_load(path, err);
}

void cr15_data_destroy(cr15_data *d)
{
    if (!d || json_cache_holds(d))
        return; /* shared until the process ends */
    free(d);
}

const char *cr15_data_error_format(const cr15_data_error *err, char *buf, size_t size)
{
    return json_error_format(err, buf, size);
}

const cr15_weapon *cr15_data_weapon(const cr15_data *d, const char *name)
{
    for (int i = 0; name && i < d->weapon_count; i++)
        if (strcmp(d->weapons[i].name, name) == 0)
            return &d->weapons[i];
    return NULL;
}

const cr15_melee_weapon *cr15_data_melee_weapon(const cr15_data *d, const char *name)
{
    for (int i = 0; name && i < d->melee_weapon_count; i++)
        if (strcmp(d->melee_weapons[i].name, name) == 0)
            return &d->melee_weapons[i];
    return NULL;
}
