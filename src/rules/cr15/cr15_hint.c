/* The bot's hints for Colonial Rules for 15mm (rules_view_ops.bot_value): a shell by the
 * figures its burst would catch where the guessed range drops it (friends count against it),
 * the crawl of the seriously wounded toward aid, and an evade by the chargers it escapes. */
#include "rules/cr15/cr15_state.h"

#include "rules/cr15/cr15_plan.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const figure *gun_of(const table *t, const rules_command *c)
{
    figure_id g = c->figure.id ? c->figure : c->figure_count ? c->figures[0] : (figure_id){0};
    const figure *f = table_figure_const(t, g);
    return f && cr15_is_gun(f) ? f : NULL;
}

static bool shell_value(const rules_state *rs, const table *t, const rules_command *c, float *v,
                        char *why, size_t size)
{
    const figure *g = gun_of(t, c), *aim = table_figure_const(t, c->target);
    if (!g || !aim || c->count <= 0)
        return false;
    vec2s at = cr15_shell_point(rs, g->pos, aim->pos, (float)c->count);
    float r = cr15_cm(rs, rs->data->artillery.burst_diameter_in * 0.5f);
    float worth = 0;
    int foes = 0, friends = 0;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        if (!table_figure_active(f) || cr15_is_gun(f))
            continue;
        geom_placed_base pb = {.base = f->base, .pos = f->pos, .facing = f->facing};
        if (geom_base_point_distance(&pb, at) > r)
            continue;
        bool cover = cr15_cover_at(rs, t, f, g->pos) != CR15_COVER_OPEN;
        int need = cover ? rs->data->artillery.survive_cover : rs->data->artillery.survive_open;
        /* fails to survive on less than need; about half of the wounds put a man out */
        float p = (float)(need - 1) / 6.0f * 0.5f;
        bool foe = f->side.id != g->side.id;
        worth += foe ? p : -1.5f * p;
        foes += foe;
        friends += !foe;
    }
    *v = 10.0f * worth;
    if (why && size)
        snprintf(why, size, "%s fires shell at %d inches: %d of the enemy under the burst%s",
                 g->name, c->count, foes, friends ? ", friends too" : "");
    return true;
}

static bool crawl_value(const table *t, const rules_command *c, float *v, char *why, size_t size)
{
    const figure *f = c->figure_count ? table_figure_const(t, c->figures[0]) : NULL;
    if (!f || !(f->status & FIGURE_STATUS_SERIOUS))
        return false;
    *v = 1.0f;
    if (why && size)
        snprintf(why, size, "%s, badly wounded, crawls toward his comrades", f->name);
    return true;
}

/* Foot that evades has moved (-2 to its fire) and the chargers, faster, mostly catch it: it
 * stands (measured: the British evading lost 10 to 20 games in 100 more than standing). Horse
 * may go. */
static bool evade_value(const table *t, const rules_command *c, float *v, char *why, size_t size)
{
    const figure *f[RULES_CMD_FIGURES_MAX];
    if (cr15_cmd_figures(t, c, f, RULES_CMD_FIGURES_MAX) == 0)
        return false;
    bool horse = cr15_mounted(f[0]);
    *v = horse ? 0.5f : -1.0f;
    if (why && size)
        snprintf(why, size, horse ? "%s evades the charge" : "%s stands to meet the charge",
                 f[0]->name);
    return true;
}

bool cr15_bot_value(const rules_state *rs, const table *t, const rules_command *cmd, float *v,
                    char *why, size_t size)
{
    if (cmd->kind == RULES_CMD_FIRE && strcmp(cmd->option, "shell") == 0)
        return shell_value(rs, t, cmd, v, why, size);
    if (cmd->kind == RULES_CMD_MOVE)
        return crawl_value(t, cmd, v, why, size) || cr15_plan_move_value(rs, t, cmd, v, why, size);
    if (cmd->kind == RULES_CMD_FIRE)
        return cr15_plan_fire_value(rs, t, cmd, v, why, size);
    if (cmd->kind == RULES_CMD_EVADE)
        return evade_value(t, cmd, v, why, size);
    if (cmd->kind == RULES_CMD_CHARGE)
        return cr15_plan_charge_value(rs, t, cmd, v, why, size);
    return false;
}
