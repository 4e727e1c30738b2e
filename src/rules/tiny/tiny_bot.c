/* The bot's hints for Tiny Soldiers (rules_view_ops.bot_value): whether a charged unit evades
 * or stands, what a charge costs as well as what it deals, and the formation changes legal()
 * offers (column to march, line to fight, limber to move guns, deploy to shoot). */
#include "rules/tiny/tiny_rules.h"

#include "rules/tiny/tiny_combat.h"
#include "rules/tiny/tiny_move.h"
#include "rules/tiny/tiny_state.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* An evade runs a full move straight away from the charger: off the table, the unit is lost. */
static bool evade_leaves_table(const rules_state *rs, const table *t, unit_id u, unit_id c)
{
    tiny_unit_geom g, cg;
    const tiny_troop *tr = tiny_troop_of(rs, t, u);
    if (!tr || !tiny_unit_geom_of(t, u, &g) || !tiny_unit_geom_of(t, c, &cg))
        return false;
    float dx = g.centre.x - cg.centre.x, dy = g.centre.y - cg.centre.y, d = hypotf(dx, dy);
    if (d <= 0)
        return false;
    float run = tiny_allowance_cm(rs, t, u, tr) + hypotf(g.half_width, g.half_depth);
    float x = g.centre.x + dx / d * run, y = g.centre.y + dy / d * run;
    return x < 0 || y < 0 || x > t->width_cm || y > t->height_cm;
}

static int stands_of(const table *t, unit_id u)
{
    tiny_unit_geom g;
    return tiny_unit_geom_of(t, u, &g) ? g.count : 1;
}

static bool react_value(const rules_state *rs, const table *t, const rules_command *cmd, float *v,
                        char *why, size_t size)
{
    unit_id u = rs->react_unit, c = rs->react_charger;
    if (!u.id || !c.id)
        return false;
    int d1, n1, d2, n2;
    float taken = tiny_melee_expected(rs, t, c, u, &d1, &n1);
    float dealt = tiny_melee_expected(rs, t, u, c, &d2, &n2);
    float stand = 10.0f * (dealt - taken);
    const char *name = tiny_unit_name(t, u);
    if (cmd->kind == RULES_CMD_PASS) {
        *v = stand;
        if (why && size)
            snprintf(why, size, "%s stands: %.1f hits dealt, %.1f taken", name, dealt, taken);
        return true;
    }
    if (evade_leaves_table(rs, t, u, c)) {
        *v = -10.0f * (float)stands_of(t, u);
        if (why && size)
            snprintf(why, size, "%s would run off the table if it evaded", name);
        return true;
    }
    /* giving ground costs a little; an evade pays when the melee would cost more */
    *v = -3.0f;
    if (why && size)
        snprintf(why, size, "%s evades: standing would cost %.1f hits", name, taken);
    return true;
}

static bool charge_value(const rules_state *rs, const table *t, const rules_command *cmd, float *v,
                         char *why, size_t size)
{
    unit_id u = tiny_cmd_unit(t, cmd), e = tiny_cmd_target(t, cmd);
    if (!u.id || !e.id)
        return false;
    int d, n;
    float dealt = tiny_melee_expected(rs, t, u, e, &d, &n);
    float taken = tiny_melee_expected(rs, t, e, u, &d, &n);
    *v = 10.0f * (dealt - 0.8f * taken) + 0.5f;
    if (why && size)
        snprintf(why, size, "%s charges %s: %.1f hits dealt, %.1f taken", tiny_unit_name(t, u),
                 tiny_unit_name(t, e), dealt, taken);
    return true;
}

static bool formation_value(const table *t, const rules_command *cmd, float *v, char *why,
                            size_t size)
{
    const char *to = cmd->option, *name = tiny_unit_name(t, tiny_cmd_unit(t, cmd));
    /* legal() offers a change only when it fits the distance to the enemy (tiny_add_formation) */
    *v = 2.0f;
    if (why && size)
        snprintf(why, size, "%s %s", name,
                 strcmp(to, "column") == 0     ? "forms column to march"
                 : strcmp(to, "line") == 0     ? "forms line to fight"
                 : strcmp(to, "limbered") == 0 ? "limbers up to move"
                 : strcmp(to, "deployed") == 0 ? "unlimbers to fire"
                                               : "changes formation");
    return true;
}

bool tiny_bot_value(const rules_state *rs, const table *t, const rules_command *cmd, float *v,
                    char *why, size_t size)
{
    switch (cmd->kind) {
    case RULES_CMD_EVADE:
    case RULES_CMD_PASS:
        return react_value(rs, t, cmd, v, why, size);
    case RULES_CMD_CHARGE:
        return charge_value(rs, t, cmd, v, why, size);
    case RULES_CMD_FORMATION:
        return formation_value(t, cmd, v, why, size);
    default:
        return false;
    }
}
