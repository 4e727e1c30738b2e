/* Artillery: a crew of four; reloading takes a move (+1 per crew missing). Shell: the gunner
 * states a range; the shot lands that far along the line to the aim point; every figure in the
 * 4" burst circle rolls a D6 and survives on 6 in the open, 5-6 in cover (a failure is a hit on
 * the wound table, assumed). Canister: 16", fires as fifteen rifles. */
#include "rules/cr15/cr15_state.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

vec2s cr15_shell_point(const rules_state *rs, vec2s gun, vec2s aim, float range_in)
{
    vec2s d = cr15_v2(aim.x - gun.x, aim.y - gun.y);
    float len = sqrtf(d.x * d.x + d.y * d.y);
    if (len <= 0)
        return gun;
    float r = cr15_cm(rs, range_in);
    return cr15_v2(gun.x + d.x / len * r, gun.y + d.y / len * r);
}

int cr15_guess_in(const rules_state *rs, float true_in, int k)
{
    /* the bot's error grows with range: k steps of guess_error times the range */
    float g = true_in * (1.0f + rs->data->guess_error * (float)k);
    int in = (int)lroundf(g);
    return in < 1 ? 1 : in;
}

static const figure *gun_of(const table *t, const rules_command *cmd)
{
    figure_id g = cmd->figure.id      ? cmd->figure
                  : cmd->figure_count ? cmd->figures[0]
                                      : (figure_id){0};
    return table_figure_const(t, g);
}

static vec2s aim_of(const table *t, const rules_command *cmd, bool *ok)
{
    const figure *tg = table_figure_const(t, cmd->target);
    *ok = true;
    if (cmd->point_set)
        return cmd->point;
    if (tg)
        return tg->pos;
    *ok = false;
    return cr15_v2(0, 0);
}

bool cr15_artillery_validate(const rules_state *rs, const table *t, const rules_command *cmd,
                             char *why, size_t size)
{
    const figure *g = gun_of(t, cmd);
    if (!g || !cr15_is_gun(g) || cr15_is_gatling(g) || g->side.id != cmd->side.id ||
        !table_figure_active(g)) {
        cr15_why(why, size, "%s fire needs one of your field guns as the figure", cmd->option);
        return false;
    }
    const cr15_fig *s = cr15_fig_const(rs, g->id);
    if (!(s->flags & CR15_F_DEPLOYED)) {
        cr15_why(why, size, "%s is not set up", g->name);
        return false;
    }
    if (s->flags & CR15_F_FIRED) {
        cr15_why(why, size, "%s has already fired", g->name);
        return false;
    }
    if (s->reload > 0) {
        cr15_why(why, size, "%s is reloading (%d more move%s)", g->name, s->reload,
                 s->reload == 1 ? "" : "s");
        return false;
    }
    if (cr15_crew(rs, t, g) == 0) {
        cr15_why(why, size, "%s has no crew", g->name);
        return false;
    }
    if (strcmp(cmd->option, "shell") == 0) {
        bool ok;
        vec2s aim = aim_of(t, cmd, &ok);
        if (!ok || geom_point_distance(aim, g->pos) < 0.01) {
            cr15_why(why, size, "shell needs a target or a point to give the line of fire");
            return false;
        }
        if (cmd->count < 1 || cmd->count > 400) {
            cr15_why(why, size, "state the range in inches (1 to 400) before firing shell");
            return false;
        }
        return true;
    }
    const figure *tg = table_figure_const(t, cmd->target);
    if (!tg || tg->side.id == cmd->side.id || !table_figure_active(tg)) {
        cr15_why(why, size, "canister needs an enemy figure as its target");
        return false;
    }
    if (cr15_edge_cm(g, tg) > cr15_cm(rs, rs->data->artillery.canister_in) ||
        !cr15_sees(rs, t, g, tg)) {
        cr15_why(why, size, "%s is beyond canister range (%.0f inches) or out of sight", tg->name,
                 (double)rs->data->artillery.canister_in);
        return false;
    }
    return true;
}

static void burst(rules_state *rs, rules_ctx *ctx, const figure *g, vec2s at)
{
    const table *t = ctx->table;
    float r = cr15_cm(rs, rs->data->artillery.burst_diameter_in * 0.5f);
    rules_emitf(ctx,
                (rules_event){.kind = RULES_EV_TEMPLATE,
                              .figure = g->id,
                              .side = g->side,
                              .pos = at,
                              .from = g->pos,
                              .value = (int)lroundf(r * 100),
                              .tag = "circle"},
                CR15_REF_ART, "The shell bursts %.1f inches from %s: a %.0f-inch circle",
                geom_point_distance(at, g->pos) / rs->data->inch_cm, g->name,
                (double)rs->data->artillery.burst_diameter_in);
    int group = rules_roll_group(ctx), caught = 0;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        if (!table_figure_active(f) || cr15_is_gun(f))
            continue;
        geom_placed_base pb = {.base = f->base, .pos = f->pos, .facing = f->facing};
        if (geom_base_point_distance(&pb, at) > r)
            continue;
        caught++;
        bool cover = cr15_cover_at(rs, t, f, g->pos) != CR15_COVER_OPEN;
        int need = cover ? rs->data->artillery.survive_cover : rs->data->artillery.survive_open;
        int face = rules_roll(ctx, 6, need, "survive", f->id, group, CR15_REF_ART);
        if (face < need)
            cr15_wound_roll(rs, ctx, f, g,
                            cover ? cr15_cover_at(rs, t, f, g->pos) : CR15_COVER_OPEN,
                            CR15_REF_WND);
    }
    if (!caught)
        rules_emitf(ctx, (rules_event){.kind = RULES_EV_NOTE, .figure = g->id}, CR15_REF_ART,
                    "Nobody is inside the burst");
}

void cr15_artillery_resolve(rules_state *rs, rules_ctx *ctx, const rules_command *cmd)
{
    const table *t = ctx->table;
    const figure *g = gun_of(t, cmd);
    int crew = cr15_crew(rs, t, g);
    if (strcmp(cmd->option, "shell") == 0) {
        bool ok;
        vec2s aim = aim_of(t, cmd, &ok);
        rules_emitf(ctx, (rules_event){.kind = RULES_EV_NOTE, .figure = g->id, .side = g->side},
                    CR15_REF_ART, "%s: the gunner calls %d inches", g->name, cmd->count);
        burst(rs, ctx, g, cr15_shell_point(rs, g->pos, aim, (float)cmd->count));
    } else {
        const figure *tg = table_figure_const(t, cmd->target);
        cr15_fire_as_rifles(rs, ctx, g, rs->data->artillery.canister_rifles, tg, 0, CR15_REF_ART);
    }
    int missing = rs->data->artillery.crew - crew;
    int reload = rs->data->artillery.reload + (missing > 0 ? missing : 0);
    cr15_emit_state(ctx, "flags_set", g->id, g->unit, CR15_F_FIRED);
    if (reload > 0) {
        cr15_emit_state(ctx, "reload", g->id, g->unit, reload);
        cr15_emit_status(ctx, g, CR15_STATUS_RELOADING, 0, CR15_REF_ART, "must reload");
    }
}
