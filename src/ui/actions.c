#include "ui/actions.h"

#include <stdio.h>
#include <string.h>

bool ui_actions_spatial(rules_command_kind kind)
{
    switch (kind) {
    case RULES_CMD_MOVE:
    case RULES_CMD_ROTATE:
    case RULES_CMD_WHEEL:
    case RULES_CMD_FIRE:
    case RULES_CMD_CHARGE:
    case RULES_CMD_EVADE:
    case RULES_CMD_REFORM:
    case RULES_CMD_AID:
        return true;
    default:
        return false;
    }
}

static const char *figure_name(const table *t, figure_id id)
{
    const figure *f = table_figure_const(t, id);
    return f && f->name[0] ? f->name : NULL;
}

static const char *unit_name(const table *t, unit_id id)
{
    const unit *u = table_unit_const(t, id);
    return u && u->name[0] ? u->name : NULL;
}

/* "Activate Lt Toledo", "Formation: column (1st Section)", "Draw card". */
void ui_actions_label(const table *t, const rules_command *c, char *buf, size_t size)
{
    char kind[48];
    snprintf(kind, sizeof kind, "%s", rules_command_kind_name(c->kind));
    for (char *p = kind; *p; p++)
        if (*p == '_')
            *p = ' ';
    kind[0] = (char)(kind[0] >= 'a' && kind[0] <= 'z' ? kind[0] - 32 : kind[0]);
    const char *who = figure_name(t, c->figure);
    if (!who && c->figure_count)
        who = figure_name(t, c->figures[0]);
    if (!who)
        who = unit_name(t, c->unit);
    int n = snprintf(buf, size, "%s", kind);
    if (c->option[0] && n >= 0 && (size_t)n < size)
        n += snprintf(buf + n, size - (size_t)n, ": %s", c->option);
    if (c->card && n >= 0 && (size_t)n < size)
        n += snprintf(buf + n, size - (size_t)n, " (card %d)", c->card);
    if (who && n >= 0 && (size_t)n < size)
        n += snprintf(buf + n, size - (size_t)n, " - %s", who);
    if (c->figure_count > 1 && n >= 0 && (size_t)n < size)
        snprintf(buf + n, size - (size_t)n, " and %d more", c->figure_count - 1);
}

void ui_actions_collect(const game *g, ui_actions *out)
{
    rules_command legal[96];
    int n = game_legal(g, legal, 96);
    const table *t = game_table(g);
    out->count = 0;
    for (int i = 0; i < n && out->count < UI_ACTIONS_MAX; i++) {
        if (ui_actions_spatial(legal[i].kind))
            continue;
        ui_action_item it = {.cmd = legal[i]};
        ui_actions_label(t, &legal[i], it.label, sizeof it.label);
        bool seen = false;
        for (int k = 0; k < out->count; k++)
            seen = seen || strcmp(out->items[k].label, it.label) == 0;
        if (!seen)
            out->items[out->count++] = it;
    }
}
