#include "rules/command.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const kind_names[RULES_CMD_KIND_COUNT] = {
    [RULES_CMD_NONE] = "none",
    [RULES_CMD_MOVE] = "move",
    [RULES_CMD_ROTATE] = "rotate",
    [RULES_CMD_WHEEL] = "wheel",
    [RULES_CMD_FIRE] = "fire",
    [RULES_CMD_CHARGE] = "charge",
    [RULES_CMD_EVADE] = "evade",
    [RULES_CMD_ACTIVATE] = "activate",
    [RULES_CMD_DRAW_CARD] = "draw_card",
    [RULES_CMD_RESERVE_CARD] = "reserve_card",
    [RULES_CMD_PLAY_RESERVED] = "play_reserved",
    [RULES_CMD_PASS] = "pass",
    [RULES_CMD_ROLL_ORDERS] = "roll_orders",
    [RULES_CMD_CHOOSE] = "choose",
    [RULES_CMD_RALLY] = "rally",
    [RULES_CMD_REFORM] = "reform",
    [RULES_CMD_FORMATION] = "formation",
    [RULES_CMD_AID] = "aid",
    [RULES_CMD_CHALLENGE] = "challenge",
    [RULES_CMD_ALLOCATE] = "allocate",
    [RULES_CMD_REROLL] = "reroll",
    [RULES_CMD_END_ACTIVATION] = "end_activation",
    [RULES_CMD_END_PHASE] = "end_phase",
    [RULES_CMD_END_TURN] = "end_turn",
    [RULES_CMD_SPECIAL] = "special",
    [RULES_CMD_REFEREE] = "referee",
};

const char *rules_command_kind_name(rules_command_kind kind)
{
    if ((int)kind < 0 || kind >= RULES_CMD_KIND_COUNT)
        return "?";
    return kind_names[kind];
}

rules_command_kind rules_command_kind_parse(const char *name)
{
    for (int k = 1; k < RULES_CMD_KIND_COUNT; k++)
        if (strcmp(kind_names[k], name) == 0)
            return (rules_command_kind)k;
    return RULES_CMD_NONE;
}

bool rules_command_add_figure(rules_command *cmd, figure_id id)
{
    if (cmd->figure_count >= RULES_CMD_FIGURES_MAX)
        return false;
    cmd->figures[cmd->figure_count++] = id;
    return true;
}

/* ---- writing ------------------------------------------------------------------------------ */

static void set_id(json_t *o, const char *key, uint32_t id)
{
    if (id)
        json_object_set_new(o, key, json_integer(id));
}

static json_t *point_json(vec2s p)
{
    return json_pack("[ff]", (double)p.x, (double)p.y);
}

json_t *rules_command_to_json(const rules_command *cmd)
{
    json_t *o = json_object();
    json_object_set_new(o, "kind", json_string(rules_command_kind_name(cmd->kind)));
    set_id(o, "side", cmd->side.id);
    set_id(o, "figure", cmd->figure.id);
    set_id(o, "unit", cmd->unit.id);
    if (cmd->figure_count > 0) {
        json_t *a = json_array();
        for (int i = 0; i < cmd->figure_count; i++)
            json_array_append_new(a, json_integer(cmd->figures[i].id));
        json_object_set_new(o, "figures", a);
    }
    if (cmd->path_count > 0) {
        json_t *a = json_array();
        for (int i = 0; i < cmd->path_count; i++)
            json_array_append_new(a, point_json(cmd->path[i]));
        json_object_set_new(o, "path", a);
    }
    if (cmd->face_set)
        json_object_set_new(o, "facing", json_real(cmd->facing));
    set_id(o, "target", cmd->target.id);
    set_id(o, "target_unit", cmd->target_unit.id);
    if (cmd->point_set)
        json_object_set_new(o, "point", point_json(cmd->point));
    if (cmd->card)
        json_object_set_new(o, "card", json_integer(cmd->card));
    if (cmd->count)
        json_object_set_new(o, "count", json_integer(cmd->count));
    if (cmd->option[0])
        json_object_set_new(o, "option", json_string(cmd->option));
    return o;
}

/* ---- reading ------------------------------------------------------------------------------ */

typedef struct reader {
    const char *where;
    char *err;
    size_t err_size;
} reader;

static bool fail(const reader *r, const char *key, const char *what)
{
    snprintf(r->err, r->err_size, "%s.%s: %s", r->where, key, what);
    return false;
}

static bool read_int(const reader *r, const json_t *v, const char *key, long long lo, long long hi,
                     long long *out)
{
    if (!json_is_integer(v))
        return fail(r, key, "expected an integer");
    long long x = json_integer_value(v);
    if (x < lo || x > hi) {
        char msg[96];
        snprintf(msg, sizeof msg, "%lld is out of range %lld..%lld", x, lo, hi);
        return fail(r, key, msg);
    }
    *out = x;
    return true;
}

static bool read_id(const reader *r, const json_t *v, const char *key, uint32_t *out)
{
    long long x;
    if (!read_int(r, v, key, 0, UINT32_MAX, &x))
        return false;
    *out = (uint32_t)x;
    return true;
}

static bool read_float(const reader *r, const json_t *v, const char *key, float *out)
{
    if (!json_is_number(v))
        return fail(r, key, "expected a number");
    double d = json_number_value(v);
    if (!isfinite(d) || fabs(d) > 1e7)
        return fail(r, key, "number out of range");
    *out = (float)d;
    return true;
}

static bool read_point(const reader *r, const json_t *v, const char *key, vec2s *out)
{
    if (!json_is_array(v) || json_array_size(v) != 2)
        return fail(r, key, "expected [x, y]");
    return read_float(r, json_array_get(v, 0), key, &out->x) &&
           read_float(r, json_array_get(v, 1), key, &out->y);
}

static bool read_figures(const reader *r, const json_t *v, rules_command *cmd)
{
    if (!json_is_array(v))
        return fail(r, "figures", "expected an array of figure ids");
    if (json_array_size(v) > RULES_CMD_FIGURES_MAX)
        return fail(r, "figures", "too many figures (at most 64)");
    for (size_t i = 0; i < json_array_size(v); i++)
        if (!read_id(r, json_array_get(v, i), "figures[]", &cmd->figures[i].id))
            return false;
    cmd->figure_count = (int)json_array_size(v);
    return true;
}

static bool read_path(const reader *r, const json_t *v, rules_command *cmd)
{
    if (!json_is_array(v))
        return fail(r, "path", "expected an array of [x, y] points");
    if (json_array_size(v) > RULES_CMD_PATH_MAX)
        return fail(r, "path", "too many waypoints (at most 8)");
    for (size_t i = 0; i < json_array_size(v); i++)
        if (!read_point(r, json_array_get(v, i), "path[]", &cmd->path[i]))
            return false;
    cmd->path_count = (int)json_array_size(v);
    return true;
}

static bool read_word(const reader *r, const json_t *v, const char *key, char *out, size_t size)
{
    if (!json_is_string(v))
        return fail(r, key, "expected a string");
    if (json_string_length(v) >= size)
        return fail(r, key, "string too long");
    memcpy(out, json_string_value(v), json_string_length(v) + 1);
    return true;
}

static bool read_field(const reader *r, const char *key, const json_t *v, rules_command *cmd)
{
    long long x;
    if (strcmp(key, "kind") == 0) {
        char name[RULES_WORD_MAX];
        if (!read_word(r, v, key, name, sizeof name))
            return false;
        cmd->kind = rules_command_kind_parse(name);
        return cmd->kind != RULES_CMD_NONE || fail(r, key, "unknown command kind");
    }
    if (strcmp(key, "side") == 0)
        return read_id(r, v, key, &cmd->side.id);
    if (strcmp(key, "figure") == 0)
        return read_id(r, v, key, &cmd->figure.id);
    if (strcmp(key, "unit") == 0)
        return read_id(r, v, key, &cmd->unit.id);
    if (strcmp(key, "figures") == 0)
        return read_figures(r, v, cmd);
    if (strcmp(key, "path") == 0)
        return read_path(r, v, cmd);
    if (strcmp(key, "facing") == 0)
        return (cmd->face_set = read_float(r, v, key, &cmd->facing));
    if (strcmp(key, "target") == 0)
        return read_id(r, v, key, &cmd->target.id);
    if (strcmp(key, "target_unit") == 0)
        return read_id(r, v, key, &cmd->target_unit.id);
    if (strcmp(key, "point") == 0)
        return (cmd->point_set = read_point(r, v, key, &cmd->point));
    if (strcmp(key, "card") == 0) {
        if (!read_int(r, v, key, 0, 1000000, &x))
            return false;
        cmd->card = (int)x;
        return true;
    }
    if (strcmp(key, "count") == 0) {
        if (!read_int(r, v, key, -1000000, 1000000, &x))
            return false;
        cmd->count = (int)x;
        return true;
    }
    if (strcmp(key, "option") == 0)
        return read_word(r, v, key, cmd->option, sizeof cmd->option);
    return fail(r, key, "unknown key");
}

bool rules_command_from_json(const json_t *obj, const char *where, rules_command *out, char *err,
                             size_t err_size)
{
    reader r = {where ? where : "$", err, err_size};
    memset(out, 0, sizeof *out);
    if (!json_is_object(obj)) {
        snprintf(err, err_size, "%s: expected a command object", r.where);
        return false;
    }
    const char *key;
    json_t *v;
    json_object_foreach((json_t *)obj, key, v)
    {
        if (!read_field(&r, key, v, out))
            return false;
    }
    if (out->kind == RULES_CMD_NONE) {
        snprintf(err, err_size, "%s: missing \"kind\"", r.where);
        return false;
    }
    return true;
}

const char *rules_command_format(const rules_command *cmd, char *buf, size_t size)
{
    json_t *o = rules_command_to_json(cmd);
    char *s = json_dumps(o, JSON_COMPACT | JSON_REAL_PRECISION(6) | JSON_PRESERVE_ORDER);
    snprintf(buf, size, "%s", s ? s : "?");
    free(s);
    json_decref(o);
    return buf;
}

/* Appends `before` then `s` at *n, never past size. */
static void describe_add(char *buf, size_t size, int *n, const char *before, const char *s)
{
    if (*n < 0 || (size_t)*n >= size)
        return;
    int k = snprintf(buf + *n, size - (size_t)*n, "%s%s", before, s);
    *n = k < 0 ? -1 : *n + k;
}

const char *rules_command_describe(const table *t, const rules_command *cmd, char *buf, size_t size)
{
    if (!size)
        return buf;
    char kind[48];
    snprintf(kind, sizeof kind, "%s", rules_command_kind_name(cmd->kind));
    for (char *p = kind; *p; p++)
        if (*p == '_')
            *p = ' ';
    if (kind[0] >= 'a' && kind[0] <= 'z')
        kind[0] = (char)(kind[0] - 'a' + 'A');
    const char *who = table_figure_label(t, cmd->figure, NULL);
    if (!who && cmd->figure_count)
        who = table_figure_label(t, cmd->figures[0], NULL);
    if (!who)
        who = table_unit_label(t, cmd->unit, NULL);
    const char *target = table_figure_label(t, cmd->target, NULL);
    if (!target)
        target = table_unit_label(t, cmd->target_unit, NULL);
    int n = snprintf(buf, size, "%s", kind);
    if (cmd->option[0])
        describe_add(buf, size, &n, ": ", cmd->option);
    if (who)
        describe_add(buf, size, &n, " - ", who);
    if (who && cmd->figure_count > 1) {
        char more[32];
        snprintf(more, sizeof more, "%d more", cmd->figure_count - 1);
        describe_add(buf, size, &n, " and ", more);
    }
    if (target)
        describe_add(buf, size, &n, ", at ", target);
    return buf;
}
