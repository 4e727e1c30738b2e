/* Morale (not for veterans): the test to charge (a D6 per figure, 3-6 charges, else he stays)
 * and the test under fire (double the percentage the unit lost this move; percentage dice must
 * beat it; a failed unit may not move closer to the enemy next move but may retire to cover).
 * A unit that has just passed its test to charge skips the test under fire. */
#include "rules/cr15/cr15_state.h"

#include <stdio.h>

bool cr15_charge_test_passes(const cr15_data *d, int d6)
{
    return d6 >= d->charge_need;
}

int cr15_fire_test_need(const cr15_data *d, int lost, int start)
{
    if (start <= 0)
        return 0;
    return d->fire_multiplier * (lost * 100 / start);
}

bool cr15_fire_test_passes(const cr15_data *d, int lost, int start, int d100)
{
    return d100 > cr15_fire_test_need(d, lost, start);
}

int cr15_percentile(int tens_face, int ones_face)
{
    int v = tens_face % 10 * 10 + ones_face % 10;
    return v == 0 ? 100 : v;
}

static bool veteran_unit(const table *t, unit_id u)
{
    int vet = 0, all = 0;
    for (int i = 0; i < t->figure_count; i++)
        if (t->figures[i].unit.id == u.id && t->figures[i].role != FIGURE_ROLE_GUN) {
            all++;
            vet += cr15_veteran(&t->figures[i]);
        }
    return all > 0 && vet * 2 > all;
}

void cr15_morale(rules_state *rs, rules_ctx *ctx)
{
    const table *t = ctx->table;
    for (int i = 0; i < t->unit_count; i++) {
        const unit *un = &t->units[i];
        const cr15_unit *u = &rs->units[i];
        bool test =
            u->lost > 0 && u->start_count > 0 && !u->passed_charge && !veteran_unit(t, un->id);
        if (!test) {
            if (u->shaken)
                cr15_emit_state(ctx, "shaken", (figure_id){0}, un->id, 0);
            continue;
        }
        int need = cr15_fire_test_need(rs->data, u->lost, u->start_count);
        /* "the D10 can also pass for percentage dice": one the tens, the other the ones */
        int g = rules_roll_group(ctx);
        int tens = rules_roll(ctx, 10, 0, "morale", (figure_id){0}, g, CR15_REF_MOR);
        int ones = rules_roll(ctx, 10, 0, "morale", (figure_id){0}, g, CR15_REF_MOR);
        int d100 = cr15_percentile(tens, ones);
        bool pass = cr15_fire_test_passes(rs->data, u->lost, u->start_count, d100);
        rules_event verdict = {.kind = RULES_EV_NOTE,
                               .unit = un->id,
                               .side = un->side,
                               .group = g,
                               .value = d100,
                               .need = need,
                               .success = pass};
        snprintf(verdict.tag, sizeof verdict.tag, "%s", RULES_TAG_PERCENTILE);
        rules_emitf(ctx, verdict, CR15_REF_MOR,
                    "%s lost %d of %d this move: %d on the percentage dice against "
                    "%d: %s",
                    un->name, u->lost, u->start_count, d100, need,
                    pass ? "holds" : "shaken: may not close on the enemy next move");
        if (pass != !u->shaken)
            cr15_emit_state(ctx, "shaken", (figure_id){0}, un->id, !pass);
    }
}
