#include "rules/cwr/cwr_data.h"

#include "core/config.h"
#include "core/file.h"
#include "core/json_read.h"
#include "core/mem.h"
#include "core/json_pos.h"

#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The reader keeps the JSON path of the value it reads, so the first problem names the path,
 * line and column. */
enum { DEPTH_MAX = 4 };

typedef struct reader {
    const char *text;
    size_t len;
    cwr_data_error *err;
    bool failed;
    json_pos_seg path[DEPTH_MAX];
    int depth;
} reader;

static void push(reader *r, const char *key, int index)
{
    if (r->depth < DEPTH_MAX)
        r->path[r->depth] = (json_pos_seg){.key = key, .index = index};
    r->depth++;
}

static void pop(reader *r)
{
    r->depth--;
}

static void fail(reader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void fail(reader *r, const char *fmt, ...)
{
    if (r->failed)
        return;
    r->failed = true;
    int n = r->depth < DEPTH_MAX ? r->depth : DEPTH_MAX;
    json_pos_format(r->path, n, r->err->path, sizeof r->err->path);
    json_pos_find(r->text, r->len, r->path, n, false, &r->err->line, &r->err->column);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->err->message, sizeof r->err->message, fmt, ap);
    va_end(ap);
}

static const json_t *get(reader *r, const json_t *obj, const char *key, bool required)
{
    const json_t *v = json_object_get(obj, key);
    if (!v && required) {
        push(r, key, 0);
        fail(r, "missing");
        pop(r);
    }
    return v;
}

static double num(reader *r, const json_t *obj, const char *key, bool required, double dflt,
                  double lo, double hi)
{
    const json_t *v = get(r, obj, key, required);
    if (!v)
        return dflt;
    push(r, key, 0);
    double x = json_number_value(v);
    if (!json_is_number(v))
        fail(r, "expected a number");
    else if (x < lo || x > hi)
        fail(r, "expected a number from %g to %g, got %g", lo, hi, x);
    pop(r);
    return x;
}

static int integer(reader *r, const json_t *obj, const char *key, bool required, int dflt, int lo,
                   int hi)
{
    const json_t *v = get(r, obj, key, false);
    if (v && !json_is_integer(v)) {
        push(r, key, 0);
        fail(r, "expected an integer");
        pop(r);
        return dflt;
    }
    return (int)num(r, obj, key, required, dflt, lo, hi);
}

static bool boolean(reader *r, const json_t *obj, const char *key)
{
    const json_t *v = get(r, obj, key, false);
    if (v && !json_is_boolean(v)) {
        push(r, key, 0);
        fail(r, "expected true or false");
        pop(r);
    }
    return json_is_true(v);
}

static const char *string(reader *r, const json_t *obj, const char *key, bool required,
                          const char *dflt)
{
    const json_t *v = get(r, obj, key, required);
    if (!v)
        return dflt;
    if (!json_is_string(v) || strlen(json_string_value(v)) >= CWR_NAME_MAX) {
        push(r, key, 0);
        fail(r, "expected a string of at most %d bytes", CWR_NAME_MAX - 1);
        pop(r);
        return dflt;
    }
    return json_string_value(v);
}

static void check_keys(reader *r, const json_t *obj, const char *const *keys)
{
    const char *key;
    json_t *v;
    json_object_foreach((json_t *)obj, key, v)
    {
        bool ok = false;
        for (int i = 0; keys[i] && !ok; i++)
            ok = strcmp(keys[i], key) == 0;
        if (!ok) {
            push(r, key, 0);
            fail(r, "unknown key \"%s\"", key);
            pop(r);
        }
    }
}

static void names(reader *r, const json_t *obj, const char *key, cwr_names *out)
{
    const json_t *v = get(r, obj, key, true);
    if (!v)
        return;
    push(r, key, 0);
    if (!json_is_array(v) || json_array_size(v) > CWR_LIST_MAX)
        fail(r, "expected a list of at most %d names", CWR_LIST_MAX);
    for (size_t i = 0; !r->failed && i < json_array_size(v); i++) {
        const json_t *s = json_array_get(v, i);
        if (!json_is_string(s) || strlen(json_string_value(s)) >= CWR_NAME_MAX) {
            push(r, NULL, (int)i);
            fail(r, "expected a terrain type name");
            pop(r);
        } else
            snprintf(out->name[out->count++], CWR_NAME_MAX, "%s", json_string_value(s));
    }
    pop(r);
}

static const char *const type_names[CWR_TYPE_COUNT] = {
    "infantry", "cavalry", "machine_gun", "artillery", "individual", "transport",
};

static void read_troop(reader *r, const char *key, const json_t *o, cwr_troop *t)
{
    static const char *const keys[] = {
        "group",           "type", "morale_dice", "move_dice", "move_dice_limbered", "exempt",
        "dice_per_figure", NULL};
    push(r, key, 0);
    if (!json_is_object(o)) {
        fail(r, "expected an object");
        pop(r);
        return;
    }
    check_keys(r, o, keys);
    snprintf(t->name, sizeof t->name, "%s", key);
    const char *g = string(r, o, "group", true, "european");
    if (strcmp(g, "irregular") == 0)
        t->irregular = true;
    else if (strcmp(g, "european") != 0) {
        push(r, "group", 0);
        fail(r, "expected \"european\" or \"irregular\", got \"%s\"", g);
        pop(r);
    }
    const char *ty = string(r, o, "type", true, "infantry");
    t->type = CWR_TYPE_COUNT;
    for (int i = 0; i < CWR_TYPE_COUNT; i++)
        if (strcmp(ty, type_names[i]) == 0)
            t->type = (cwr_type)i;
    if (t->type == CWR_TYPE_COUNT) {
        push(r, "type", 0);
        fail(r,
             "unknown troop type \"%s\" (infantry, cavalry, machine_gun, artillery, "
             "individual, transport)",
             ty);
        pop(r);
        t->type = CWR_TYPE_INFANTRY;
    }
    t->exempt = boolean(r, o, "exempt");
    t->morale_dice = integer(r, o, "morale_dice", !t->exempt, 0, 0, 12);
    t->move_dice = integer(r, o, "move_dice", true, 0, 0, 12);
    t->move_dice_limb = integer(r, o, "move_dice_limbered", false, 0, 0, 12);
    t->dice_per_figure = integer(r, o, "dice_per_figure", false, 1, 1, 12);
    pop(r);
}

static void read_weapon(reader *r, const char *key, const json_t *o, cwr_weapon *w)
{
    static const char *const keys[] = {"short_in", "long_in", NULL};
    push(r, key, 0);
    if (!json_is_object(o))
        fail(r, "expected an object");
    else {
        check_keys(r, o, keys);
        snprintf(w->name, sizeof w->name, "%s", key);
        w->short_in = (float)num(r, o, "short_in", true, 0, 0, 1000);
        w->long_in = (float)num(r, o, "long_in", true, 0, 0, 1000);
    }
    pop(r);
}

static void read_pair(reader *r, const char *key, const json_t *o, cwr_pair *p)
{
    static const char *const keys[] = {"label", "steps", NULL};
    push(r, key, 0);
    if (!json_is_object(o)) {
        fail(r, "expected an object");
        pop(r);
        return;
    }
    check_keys(r, o, keys);
    snprintf(p->id, sizeof p->id, "%s", key);
    const json_t *l = get(r, o, "label", true);
    snprintf(p->label, sizeof p->label, "%s", json_is_string(l) ? json_string_value(l) : key);
    const json_t *s = get(r, o, "steps", true);
    push(r, "steps", 0);
    if (s && (!json_is_array(s) || json_array_size(s) < 1 || json_array_size(s) > CWR_STEPS_MAX))
        fail(r, "expected a list of one or two steps");
    for (size_t i = 0; s && !r->failed && i < json_array_size(s); i++) {
        const char *w = json_string_value(json_array_get(s, i));
        cwr_step st = CWR_STEP_NONE;
        for (int k = 1; w && k < CWR_STEP_COUNT; k++)
            if (strcmp(w, cwr_step_name((cwr_step)k)) == 0)
                st = (cwr_step)k;
        if (st == CWR_STEP_NONE) {
            push(r, NULL, (int)i);
            fail(r, "unknown step (fire, move, move_double, move_away, move_double_away, "
                    "formation, limber, unlimber, charge, combat)");
            pop(r);
        } else
            p->steps[p->step_count++] = st;
    }
    pop(r);
    pop(r);
}

static void read_list(reader *r, const cwr_data *d, const json_t *root, const char *key, int *out,
                      int *count)
{
    const json_t *v = get(r, root, key, true);
    push(r, key, 0);
    if (v && (!json_is_array(v) || json_array_size(v) > CWR_PAIRS_MAX))
        fail(r, "expected a list of pair names");
    for (size_t i = 0; v && !r->failed && i < json_array_size(v); i++) {
        const char *w = json_string_value(json_array_get(v, i));
        int k = w ? cwr_data_pair(d, w) : -1;
        if (k < 0) {
            push(r, NULL, (int)i);
            fail(r, "not a pair listed in \"pairs\"");
            pop(r);
        } else
            out[(*count)++] = k;
    }
    pop(r);
}

static void read_root(reader *r, const json_t *root, cwr_data *d)
{
    static const char *const keys[] = {"name",
                                       "units",
                                       "inch_cm",
                                       "contact_in",
                                       "sequence",
                                       "max_turns",
                                       "break_percent",
                                       "classes",
                                       "quality_class",
                                       "fortified_dice",
                                       "fortification_types",
                                       "open_terrain",
                                       "obstacle_types",
                                       "high_ground_types",
                                       "obstacle_cost_in",
                                       "double_mult",
                                       "open_extra_dice",
                                       "fire_arc_deg",
                                       "artillery_over_friends_in",
                                       "spot_in",
                                       "column_files",
                                       "long_sixes_per_casualty",
                                       "short_sixes_per_casualty",
                                       "fortified_factor",
                                       "casualties_chosen_by",
                                       "troops",
                                       "weapons",
                                       "pairs",
                                       "on_pass",
                                       "on_fail",
                                       NULL};
    if (!json_is_object(root)) {
        fail(r, "expected an object");
        return;
    }
    check_keys(r, root, keys);
    snprintf(d->rule_book, sizeof d->rule_book, "%s",
             string(r, root, "name", true, "Colonial Wargames Rules"));
    snprintf(d->units, sizeof d->units, "%s", string(r, root, "units", false, "inch"));
    d->inch_cm = (float)num(r, root, "inch_cm", true, 2.5, 0.1, 100);
    d->contact_in = (float)num(r, root, "contact_in", true, 0.2, 0, 10);
    const char *seq = string(r, root, "sequence", true, "alternate");
    d->sequence_by_side = strcmp(seq, "side") == 0;
    if (!d->sequence_by_side && strcmp(seq, "alternate") != 0) {
        push(r, "sequence", 0);
        fail(r, "expected \"alternate\" or \"side\", got \"%s\"", seq);
        pop(r);
    }
    const char *pick = string(r, root, "casualties_chosen_by", false, "firer");
    d->firer_picks = strcmp(pick, "firer") == 0;
    if (!d->firer_picks && strcmp(pick, "nearest") != 0) {
        push(r, "casualties_chosen_by", 0);
        fail(r, "expected \"firer\" or \"nearest\", got \"%s\"", pick);
        pop(r);
    }
    d->max_turns = integer(r, root, "max_turns", true, 12, 1, 1000);
    d->break_percent = integer(r, root, "break_percent", true, 50, 1, 100);
    const json_t *cl = get(r, root, "classes", true);
    push(r, "classes", 0);
    for (int c = 0; cl && c < CWR_CLASS_COUNT; c++)
        d->class_dice[c] = integer(r, cl, cwr_class_name((cwr_class)c), true, 0, -6, 6);
    pop(r);
    const json_t *qc = get(r, root, "quality_class", true);
    static const char *const qn[5] = {"raw", "regular", "seasoned", "veteran", "elite"};
    push(r, "quality_class", 0);
    for (int q = 0; qc && q < 5; q++) {
        const char *w = string(r, qc, qn[q], true, "normal");
        d->quality_class[q] = cwr_class_parse(w);
        if (d->quality_class[q] < 0) {
            push(r, qn[q], 0);
            fail(r, "expected elite, normal, inexperienced or militia");
            pop(r);
            d->quality_class[q] = CWR_CLASS_NORMAL;
        }
    }
    pop(r);
    d->fortified_dice = integer(r, root, "fortified_dice", true, -1, -6, 6);
    names(r, root, "fortification_types", &d->fortification);
    names(r, root, "open_terrain", &d->open);
    names(r, root, "obstacle_types", &d->obstacle);
    names(r, root, "high_ground_types", &d->high_ground);
    d->obstacle_cost_in = (float)num(r, root, "obstacle_cost_in", true, 2, 0, 100);
    d->double_mult = integer(r, root, "double_mult", true, 2, 1, 10);
    d->open_extra_dice = integer(r, root, "open_extra_dice", true, 1, 0, 10);
    d->fire_arc_deg = (float)num(r, root, "fire_arc_deg", true, 45, 1, 180);
    d->over_friends_in = (float)num(r, root, "artillery_over_friends_in", true, 12, 0, 1000);
    d->spot_in = (float)num(r, root, "spot_in", true, 4, 0, 1000);
    d->column_files = integer(r, root, "column_files", true, 2, 1, 20);
    d->long_sixes = integer(r, root, "long_sixes_per_casualty", true, 2, 1, 20);
    d->short_sixes = integer(r, root, "short_sixes_per_casualty", true, 1, 1, 20);
    d->fortified_factor = integer(r, root, "fortified_factor", true, 2, 1, 20);

    const char *key;
    json_t *v;
    const json_t *troops = get(r, root, "troops", true);
    push(r, "troops", 0);
    json_object_foreach((json_t *)troops, key, v)
    {
        if (d->troop_count >= CWR_TROOPS_MAX) {
            fail(r, "at most %d troop types", CWR_TROOPS_MAX);
            break;
        }
        read_troop(r, key, v, &d->troops[d->troop_count++]);
    }
    pop(r);
    const json_t *weapons = get(r, root, "weapons", true);
    push(r, "weapons", 0);
    json_object_foreach((json_t *)weapons, key, v)
    {
        if (d->weapon_count >= CWR_WEAPONS_MAX) {
            fail(r, "at most %d weapons", CWR_WEAPONS_MAX);
            break;
        }
        read_weapon(r, key, v, &d->weapons[d->weapon_count++]);
    }
    pop(r);
    const json_t *pairs = get(r, root, "pairs", true);
    push(r, "pairs", 0);
    json_object_foreach((json_t *)pairs, key, v)
    {
        if (d->pair_count >= CWR_PAIRS_MAX) {
            fail(r, "at most %d pairs", CWR_PAIRS_MAX);
            break;
        }
        read_pair(r, key, v, &d->pairs[d->pair_count++]);
    }
    pop(r);
    read_list(r, d, root, "on_pass", d->on_pass, &d->pass_count);
    read_list(r, d, root, "on_fail", d->on_fail, &d->fail_count);
}

static cwr_data *parse_text(const char *text, size_t len, const char *name, cwr_data_error *err)
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
    cwr_data *d = mem_calloc(1, sizeof *d);
    reader r = {.text = text, .len = len, .err = err};
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
cwr_data *cwr_data_load_string(const char *text, size_t len, const char *name, cwr_data_error *err)
{
    return json_cache_parse("cwr", text, len, name, parse_cb, err);
}

cwr_data *cwr_data_load_file(const char *path, cwr_data_error *err)
{
    size_t len;
    char *text = NULL;
    int errnum;
    if (file_read_all(path, 0, &text, &len, &errnum) != FILE_OK) {
        memset(err, 0, sizeof *err);
        snprintf(err->file, sizeof err->file, "%s", path);
        snprintf(err->path, sizeof err->path, "$");
        snprintf(err->message, sizeof err->message, "cannot read the rule set's data file");
        return NULL;
    }
    cwr_data *d = cwr_data_load_string(text, len, path, err);
    free(text);
    return d;
}

cwr_data *cwr_data_load_default(const char *dir, cwr_data_error *err)
{
    char path[1024];
    if (dir && *dir)
        snprintf(path, sizeof path, "%s/cwr.json", dir);
    else
        snprintf(path, sizeof path, "%s/assets/rules/cwr.json", config_source_dir());
    return cwr_data_load_file(path, err);
}

void cwr_data_destroy(cwr_data *d)
{
    if (!d || json_cache_holds(d))
        return; /* shared until the process ends */
    free(d);
}

const char *cwr_data_error_format(const cwr_data_error *err, char *buf, size_t size)
{
    return json_error_format(err, buf, size);
}

const cwr_troop *cwr_data_troop(const cwr_data *d, const char *name)
{
    for (int i = 0; i < d->troop_count; i++)
        if (strcmp(d->troops[i].name, name) == 0)
            return &d->troops[i];
    return NULL;
}

const cwr_weapon *cwr_data_weapon(const cwr_data *d, const char *name)
{
    for (int i = 0; i < d->weapon_count; i++)
        if (strcmp(d->weapons[i].name, name) == 0)
            return &d->weapons[i];
    return NULL;
}

int cwr_data_pair(const cwr_data *d, const char *id)
{
    for (int i = 0; i < d->pair_count; i++)
        if (strcmp(d->pairs[i].id, id) == 0)
            return i;
    return -1;
}

bool cwr_names_has(const cwr_names *n, const char *name)
{
    for (int i = 0; i < n->count; i++)
        if (strcmp(n->name[i], name) == 0)
            return true;
    return false;
}

static const char *const class_names[CWR_CLASS_COUNT] = {"elite", "normal", "inexperienced",
                                                         "militia"};

const char *cwr_class_name(cwr_class c)
{
    return (int)c >= 0 && c < CWR_CLASS_COUNT ? class_names[c] : "?";
}

int cwr_class_parse(const char *name)
{
    for (int i = 0; i < CWR_CLASS_COUNT; i++)
        if (strcmp(class_names[i], name) == 0)
            return i;
    return -1;
}

static const char *const step_names[CWR_STEP_COUNT] = {
    "none",      "fire",   "move",     "move_double", "move_away", "move_double_away",
    "formation", "limber", "unlimber", "charge",      "combat",
};

const char *cwr_step_name(cwr_step s)
{
    return (int)s >= 0 && s < CWR_STEP_COUNT ? step_names[s] : "?";
}

float cwr_data_cm(const cwr_data *d, float in)
{
    return in * d->inch_cm;
}
