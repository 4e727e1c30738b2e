/* Morale Checks: an activated unit throws its morale dice and fails when it has fewer figures
 * than the score. Generals, staff, native leaders and retinue, machine guns and artillery are
 * exempt. */
#include "rules/cwr/cwr_state.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

void cwr_morale_dice(const rules_state *rs, const table *t, unit_id u, cwr_morale *out)
{
    memset(out, 0, sizeof *out);
    const cwr_troop *tr = cwr_troop_of(rs, t, u);
    const cwr_unit_state *us = cwr_ustate_const(rs, u);
    out->strength = cwr_unit_strength(t, u);
    if (!tr || !us || tr->exempt) {
        out->exempt = true;
        cwr_join(out->note, sizeof out->note, "exempt from morale checks", NULL);
        return;
    }
    out->base = tr->morale_dice;
    out->mod_class = rs->data->class_dice[us->cls];
    out->mod_fort = cwr_unit_fortified(rs, t, u) ? rs->data->fortified_dice : 0;
    out->dice = out->base + out->mod_class + out->mod_fort;
    if (out->dice < 0)
        out->dice = 0;
    /* "%d %s: %s %d", then ", %s %+d" and ", in fortifications %+d", piece by piece: the
     * bytes snprintf wrote, cut alike (a piece cut short leaves no room for the next) */
    cwr_text x = cwr_text_begin(out->note, sizeof out->note);
    cwr_text_int(&x, out->dice);
    cwr_text_str(&x, out->dice == 1 ? " die: " : " dice: ", SIZE_MAX);
    cwr_text_str(&x, tr->name, SIZE_MAX);
    cwr_text_str(&x, " ", SIZE_MAX);
    cwr_text_int(&x, out->base);
    if (out->mod_class) {
        cwr_text_str(&x, ", ", SIZE_MAX);
        cwr_text_str(&x, cwr_class_name((cwr_class)us->cls), SIZE_MAX);
        cwr_text_str(&x, " ", SIZE_MAX);
        cwr_text_signed(&x, out->mod_class);
    }
    if (out->mod_fort) {
        cwr_text_str(&x, ", in fortifications ", SIZE_MAX);
        cwr_text_signed(&x, out->mod_fort);
    }
}

/* The distribution of the sum of n D6 by convolution: exact, n up to 20. */
double cwr_morale_fail_chance(int dice, int strength)
{
    enum { DMAX = 20 };
    if (dice <= 0)
        return 0;
    if (dice > DMAX)
        dice = DMAX;
    double p[6 * DMAX + 1] = {1};
    for (int k = 0; k < dice; k++) {
        double q[6 * DMAX + 1] = {0};
        for (int s = 0; s <= 6 * k; s++)
            for (int f = 1; f <= 6; f++)
                q[s + f] += p[s] / 6.0;
        memcpy(p, q, sizeof p);
    }
    double fail = 0;
    for (int s = strength + 1; s <= 6 * dice; s++)
        fail += s >= 0 ? p[s] : 0;
    return fail;
}

bool cwr_morale_check(rules_state *rs, rules_ctx *ctx, unit_id u)
{
    const table *t = ctx->table;
    const unit *un = table_unit_const(t, u);
    cwr_morale m;
    cwr_morale_dice(rs, t, u, &m);
    if (m.exempt) {
        rules_emitf(ctx, (rules_event){.kind = RULES_EV_NOTE, .side = un->side, .unit = u},
                    CWR_REF_MORALE, "%s takes no morale check (exempt)", un->name);
        return true;
    }
    if (m.mod_class)
        rules_emitf(ctx,
                    (rules_event){.kind = RULES_EV_MODIFIER,
                                  .side = un->side,
                                  .unit = u,
                                  .value = m.mod_class,
                                  .tag = "class"},
                    CWR_REF_MORALE, "%s is %s: %+d morale %s", un->name,
                    cwr_class_name((cwr_class)cwr_ustate(rs, u)->cls), m.mod_class,
                    m.mod_class == 1 || m.mod_class == -1 ? "die" : "dice");
    if (m.mod_fort)
        rules_emitf(ctx,
                    (rules_event){.kind = RULES_EV_MODIFIER,
                                  .side = un->side,
                                  .unit = u,
                                  .value = m.mod_fort,
                                  .tag = "fortified"},
                    CWR_REF_MORALE, "%s is in fortifications: %+d morale die", un->name,
                    m.mod_fort);
    int group = rules_roll_group(ctx);
    int total = 0;
    for (int i = 0; i < m.dice; i++)
        total += rules_roll(ctx, 6, 0, "morale", (figure_id){0}, group, CWR_REF_MORALE);
    bool pass = m.strength >= total;
    rules_event ev = {.kind = RULES_EV_RULESET,
                      .side = un->side,
                      .unit = u,
                      .value = total,
                      .need = m.strength,
                      .success = pass,
                      .group = group,
                      .tag = "morale"};
    rules_emitf(ctx, ev, CWR_REF_MORALE, "%s: morale %d on %s against %d figures: %s", un->name,
                total, m.note, m.strength,
                pass ? "passes" : "fails (only the retiring actions are open)");
    return pass;
}
