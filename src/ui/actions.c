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

void ui_actions_collect(const game *g, ui_actions *out)
{
    rules_command legal[96];
    int n = game_legal(g, legal, 96);
    out->count = 0;
    for (int i = 0; i < n && out->count < UI_ACTIONS_MAX; i++) {
        if (ui_actions_spatial(legal[i].kind))
            continue;
        ui_action_item it = {.cmd = legal[i]};
        game_describe(g, &legal[i], it.label, sizeof it.label);
        bool seen = false;
        for (int k = 0; k < out->count; k++)
            seen = seen || strcmp(out->items[k].label, it.label) == 0;
        if (!seen)
            out->items[out->count++] = it;
    }
}
