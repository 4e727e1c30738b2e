#include "rules/event.h"

#include <stdio.h>
#include <string.h>

static const char *const kind_names[RULES_EV_KIND_COUNT] = {
    [RULES_EV_NONE] = "none",           [RULES_EV_DIE] = "die",
    [RULES_EV_MODIFIER] = "modifier",   [RULES_EV_HIT] = "hit",
    [RULES_EV_SAVE] = "save",           [RULES_EV_REMOVE] = "remove",
    [RULES_EV_STATUS] = "status",       [RULES_EV_MOVE] = "move",
    [RULES_EV_FORMATION] = "formation", [RULES_EV_CARD] = "card",
    [RULES_EV_SHUFFLE] = "shuffle",     [RULES_EV_PIPS] = "pips",
    [RULES_EV_ACTIVATE] = "activate",   [RULES_EV_PHASE] = "phase",
    [RULES_EV_TURN] = "turn",           [RULES_EV_MORALE] = "morale",
    [RULES_EV_RULESET] = "ruleset",     [RULES_EV_NOTE] = "note",
    [RULES_EV_GAME_OVER] = "game_over", [RULES_EV_TEMPLATE] = "template",
};

const char *rules_event_kind_name(rules_event_kind kind)
{
    if ((int)kind < 0 || kind >= RULES_EV_KIND_COUNT)
        return "?";
    return kind_names[kind];
}

static void set_int(json_t *o, const char *key, long long v)
{
    if (v)
        json_object_set_new(o, key, json_integer(v));
}

json_t *rules_event_to_json(const rules_event *ev)
{
    json_t *o = json_object();
    json_object_set_new(o, "kind", json_string(rules_event_kind_name(ev->kind)));
    set_int(o, "side", ev->side.id);
    set_int(o, "unit", ev->unit.id);
    set_int(o, "figure", ev->figure.id);
    set_int(o, "other", ev->other.id);
    if (ev->kind == RULES_EV_DIE) {
        json_object_set_new(o, "sides", json_integer(ev->sides));
        json_object_set_new(o, "success", json_boolean(ev->success));
    }
    set_int(o, "value", ev->value);
    set_int(o, "need", ev->need);
    set_int(o, "group", ev->group);
    if (ev->kind == RULES_EV_MOVE) {
        json_object_set_new(o, "from", json_pack("[ff]", (double)ev->from.x, (double)ev->from.y));
        json_object_set_new(o, "pos", json_pack("[ff]", (double)ev->pos.x, (double)ev->pos.y));
        json_object_set_new(o, "facing", json_real(ev->facing));
    }
    set_int(o, "status_set", ev->status_set);
    set_int(o, "status_clear", ev->status_clear);
    if (ev->tag[0])
        json_object_set_new(o, "tag", json_string(ev->tag));
    json_object_set_new(o, "text", json_string(ev->text));
    if (ev->ref[0])
        json_object_set_new(o, "ref", json_string(ev->ref));
    return o;
}

const char *rules_event_format(const rules_event *ev, char *buf, size_t size)
{
    if (ev->ref[0])
        snprintf(buf, size, "[%s] %s (%s)", rules_event_kind_name(ev->kind), ev->text, ev->ref);
    else
        snprintf(buf, size, "[%s] %s", rules_event_kind_name(ev->kind), ev->text);
    return buf;
}

static void apply_formation(table *t, const rules_event *ev)
{
    unit *u = table_unit(t, ev->unit);
    if (u)
        snprintf(u->formation, sizeof u->formation, "%s", ev->tag);
}

void rules_event_apply_table(table *t, const rules_event *ev)
{
    figure *f = table_figure(t, ev->figure);
    switch (ev->kind) {
    case RULES_EV_MOVE:
        if (f) {
            f->pos = ev->pos;
            f->facing = ev->facing;
        }
        break;
    case RULES_EV_STATUS:
        if (f)
            f->status = (f->status | ev->status_set) & ~ev->status_clear;
        break;
    case RULES_EV_REMOVE:
        if (f)
            f->status |= ev->status_set ? ev->status_set : FIGURE_STATUS_DEAD;
        break;
    case RULES_EV_FORMATION:
        apply_formation(t, ev);
        break;
    default:
        break;
    }
}
