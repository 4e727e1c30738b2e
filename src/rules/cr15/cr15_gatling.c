/* The Gatling gun: a crew of two, 36", fires as five rifles; a D10 each time it fires, a 0
 * jams it; unjamming on the following moves needs 1, then 1-2, then 1-3 ...; with one crew it
 * jams on 8-0 and unjams at the die -2. Setting up and dismantling is in cr15_move.c. */
#include "rules/cr15/cr15_state.h"

#include <stdio.h>
#include <string.h>

static bool one_crew(const cr15_data *d, int crew)
{
    return crew < d->gatling.crew;
}

bool cr15_jams(const cr15_data *d, int crew, int face)
{
    int faces = one_crew(d, crew) ? d->gatling.jam_faces_one_crew : d->gatling.jam_faces;
    return face > 10 - faces; /* the D10's "0" is its 10 */
}

int cr15_unjam_need(const cr15_data *d, int crew, int k)
{
    int need = one_crew(d, crew) ? k - d->gatling.unjam_penalty_one_crew : k;
    return need < 0 ? 0 : need > 10 ? 10 : need;
}

double cr15_unjam_by(const cr15_data *d, int crew, int k)
{
    double still = 1;
    for (int i = 1; i <= k; i++)
        still *= 1.0 - cr15_unjam_need(d, crew, i) / 10.0;
    return 1.0 - still;
}

static const figure *gun_of(const table *t, const rules_command *cmd)
{
    figure_id g = cmd->figure.id      ? cmd->figure
                  : cmd->figure_count ? cmd->figures[0]
                                      : (figure_id){0};
    return table_figure_const(t, g);
}

bool cr15_gatling_validate(const rules_state *rs, const table *t, const rules_command *cmd,
                           char *why, size_t size)
{
    const figure *g = gun_of(t, cmd);
    if (!g || !cr15_is_gatling(g) || g->side.id != cmd->side.id || !table_figure_active(g)) {
        cr15_why(why, size, "Gatling fire needs one of your Gatling guns as the figure");
        return false;
    }
    const cr15_fig *s = cr15_fig_const(rs, g->id);
    const figure *tg = table_figure_const(t, cmd->target);
    if (!(s->flags & CR15_F_DEPLOYED)) {
        cr15_why(why, size, "%s is not set up (that takes a move)", g->name);
        return false;
    }
    if (s->jam_tries) {
        cr15_why(why, size, "%s is jammed", g->name);
        return false;
    }
    if (s->flags & CR15_F_FIRED) {
        cr15_why(why, size, "%s has already fired", g->name);
        return false;
    }
    if (cr15_crew(rs, t, g) == 0) {
        cr15_why(why, size, "%s has no crew", g->name);
        return false;
    }
    if (!tg || tg->side.id == cmd->side.id || !table_figure_active(tg)) {
        cr15_why(why, size, "Gatling fire needs an enemy figure as its target");
        return false;
    }
    if (cr15_edge_cm(g, tg) > cr15_cm(rs, rs->data->gatling.range_in) || !cr15_sees(rs, t, g, tg)) {
        cr15_why(why, size, "%s is beyond %.0f inches or out of sight", tg->name,
                 (double)rs->data->gatling.range_in);
        return false;
    }
    return true;
}

void cr15_gatling_resolve(rules_state *rs, rules_ctx *ctx, const rules_command *cmd)
{
    const figure *g = gun_of(ctx->table, cmd);
    const figure *tg = table_figure_const(ctx->table, cmd->target);
    int crew = cr15_crew(rs, ctx->table, g);
    cr15_fire_as_rifles(rs, ctx, g, rs->data->gatling.rifles, tg, 0, CR15_REF_GAT);
    cr15_emit_state(ctx, "flags_set", g->id, g->unit, CR15_F_FIRED);
    int face = rules_roll(ctx, 10, 0, "jam", g->id, rules_roll_group(ctx), CR15_REF_GAT);
    if (cr15_jams(rs->data, crew, face)) {
        cr15_emit_state(ctx, "jam", g->id, g->unit, 1);
        cr15_emit_status(ctx, g, CR15_STATUS_JAMMED, 0, CR15_REF_GAT,
                         crew < rs->data->gatling.crew ? "jams (one crew: jams on 8, 9 or 0)"
                                                       : "jams (a 0 on the D10)");
    }
}

/* At the start of the owner's movement step, the crew of each jammed gun works at it. */
void cr15_unjam_attempts(rules_state *rs, rules_ctx *ctx, side_id s)
{
    const table *t = ctx->table;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *g = &t->figures[i];
        const cr15_fig *gs = &rs->figs[i];
        if (g->side.id != s.id || !cr15_is_gatling(g) || !gs->jam_tries || !table_figure_active(g))
            continue;
        int crew = cr15_crew(rs, t, g);
        if (crew == 0)
            continue;
        int k = gs->jam_tries;
        int need = cr15_unjam_need(rs->data, crew, k);
        int face = rules_roll(ctx, 10, 0, "unjam", g->id, rules_roll_group(ctx), CR15_REF_GAT);
        bool ok = face <= need;
        rules_emitf(ctx, (rules_event){.kind = RULES_EV_NOTE, .figure = g->id, .side = g->side},
                    CR15_REF_GAT, "%s, unjam attempt %d: %d on the D10, needs %d or less: %s",
                    g->name, k, face, need, ok ? "cleared" : "still jammed");
        if (ok) {
            cr15_emit_state(ctx, "jam", g->id, g->unit, 0);
            cr15_emit_status(ctx, g, 0, CR15_STATUS_JAMMED, CR15_REF_GAT, "unjammed");
        } else {
            cr15_emit_state(ctx, "jam", g->id, g->unit, k + 1);
        }
    }
}
