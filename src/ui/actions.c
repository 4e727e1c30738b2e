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

/* The card's name as the turn driver gives it ("Lt Vara's card", "End of Turn"), with its
 * officer; false when the driver does not show it face up. Never its number. */
static bool card_words(const game *g, int card, char *buf, size_t size, figure_id *officer)
{
    rules_driver_item items[128];
    int n = card > 0 ? game_driver(g, (side_id){0}, items, 128) : 0;
    for (int i = 0; i < n; i++)
        if (items[i].kind == RULES_DRIVER_CARD && items[i].value == card && !items[i].hidden &&
            items[i].label[0]) {
            snprintf(buf, size, "%s", items[i].label);
            *officer = items[i].figure;
            return true;
        }
    return false;
}

/* "Activate - Lt Toledo", "Activate - Cazador 1 (Lt Vara's card)", "Reserve card (Lt Vara's
 * card)", "Formation: column - 1st Section". */
void ui_actions_label(const game *g, const rules_command *c, char *buf, size_t size)
{
    const table *t = game_table(g);
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
    if (who && n >= 0 && (size_t)n < size)
        n += snprintf(buf + n, size - (size_t)n, " - %s", who);
    if (c->figure_count > 1 && n >= 0 && (size_t)n < size)
        n += snprintf(buf + n, size - (size_t)n, " and %d more", c->figure_count - 1);
    char card[64];
    figure_id officer = {0};
    /* The card's name unless it is plainly the named officer's own. */
    if (c->card && card_words(g, c->card, card, sizeof card, &officer)) {
        const char *on = figure_name(t, officer);
        bool own = who && on && strcmp(on, who) == 0;
        if (!own && n >= 0 && (size_t)n < size)
            snprintf(buf + n, size - (size_t)n, " (%s)", card);
    }
}

void ui_actions_collect(const game *g, ui_actions *out)
{
    rules_command legal[96];
    int n = game_legal(g, legal, 96);
    out->count = 0;
    for (int i = 0; i < n && out->count < UI_ACTIONS_MAX; i++) {
        if (ui_actions_spatial(legal[i].kind))
            continue;
        ui_action_item it = {.cmd = legal[i]};
        ui_actions_label(g, &legal[i], it.label, sizeof it.label);
        bool seen = false;
        for (int k = 0; k < out->count; k++)
            seen = seen || strcmp(out->items[k].label, it.label) == 0;
        if (!seen)
            out->items[out->count++] = it;
    }
}
