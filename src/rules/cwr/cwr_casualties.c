/* Casualties: "a casualty is removed from the target unit, by the commander of the unit that is
 * firing" (Firing), and in close combat each side's commander removes the other's (Close
 * Combat). With `casualties_chosen_by` "firer" the firing (or fighting) side picks them in an
 * ALLOCATE_HITS decision; the figures nearest the firers are the suggestion (and the bot's
 * pick). When every figure falls there is nothing to pick: they go at once. */
#include "rules/cwr/cwr_state.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* The n active figures of u nearest `from`, nearest first; returns how many. */
static int nearest(const table *t, unit_id u, int n, vec2s from, figure_id *out)
{
    int k = 0;
    while (k < n) {
        const figure *best = NULL;
        float bd = INFINITY;
        for (int i = 0; i < t->figure_count; i++) {
            const figure *f = &t->figures[i];
            bool taken = false;
            for (int j = 0; j < k; j++)
                taken |= out[j].id == f->id.id;
            float d = hypotf(f->pos.x - from.x, f->pos.y - from.y);
            if (f->unit.id == u.id && table_figure_active(f) && !taken && d < bd) {
                bd = d;
                best = f;
            }
        }
        if (!best)
            break;
        out[k++] = best->id;
    }
    return k;
}

void cwr_take_casualties(rules_state *rs, rules_ctx *ctx, unit_id u, int n, vec2s from,
                         side_id chooser, const char *ref)
{
    const unit *un = table_unit_const(ctx->table, u);
    int standing = cwr_unit_strength(ctx->table, u);
    if (n <= 0 || !un)
        return;
    if (!rs->data->firer_picks || n >= standing || rs->alloc_n >= CWR_ALLOC_MAX) {
        cwr_remove_casualties(rs, ctx, u, n, from, ref);
        return;
    }
    const side *s = table_side(ctx->table, chooser);
    rules_emitf(ctx,
                (rules_event){.kind = RULES_EV_RULESET,
                              .side = chooser,
                              .unit = u,
                              .value = n,
                              .pos = from,
                              .tag = "casualties"},
                ref, "%s picks %d casualt%s to remove from %s", s && s->name[0] ? s->name : "?", n,
                n == 1 ? "y" : "ies", un->name);
}

int cwr_alloc_need(const rules_state *rs, const table *t)
{
    if (rs->alloc_n <= 0)
        return 0;
    int standing = cwr_unit_strength(t, rs->alloc[0].target);
    return rs->alloc[0].count < standing ? rs->alloc[0].count : standing;
}

void cwr_alloc_decision(const rules_state *rs, const table *t, rules_decision *out)
{
    const cwr_alloc *a = &rs->alloc[0];
    const unit *un = table_unit_const(t, a->target);
    memset(out, 0, sizeof *out);
    out->kind = RULES_DECIDE_ALLOCATE_HITS;
    out->side = a->chooser;
    out->unit = a->target;
    cwr_unit_figures(t, a->target, &out->figure, 1);
    out->count = cwr_alloc_need(rs, t);
    cwr_join(out->phase, sizeof out->phase, "casualties", NULL);
    snprintf(out->prompt, sizeof out->prompt, "Pick %d casualt%s to remove from %.60s", out->count,
             out->count == 1 ? "y" : "ies", un ? un->name : "?");
}

int cwr_alloc_legal(const rules_state *rs, const table *t, rules_command *out, int max)
{
    if (max < 1)
        return 0;
    const cwr_alloc *a = &rs->alloc[0];
    out[0] = (rules_command){.kind = RULES_CMD_ALLOCATE, .side = a->chooser};
    figure_id f[CWR_UNIT_FIGS];
    int n = nearest(t, a->target, cwr_alloc_need(rs, t), a->from, f);
    for (int i = 0; i < n; i++)
        rules_command_add_figure(&out[0], f[i]);
    return 1;
}

bool cwr_alloc_validate(const rules_state *rs, const table *t, const rules_command *cmd, char *why,
                        size_t size)
{
    const cwr_alloc *a = &rs->alloc[0];
    const unit *un = table_unit_const(t, a->target);
    int need = cwr_alloc_need(rs, t);
    if (cmd->side.id && cmd->side.id != a->chooser.id) {
        const side *s = table_side(t, a->chooser);
        snprintf(why, size, "%s picks these casualties",
                 s && s->name[0] ? s->name : "the other side");
        return false;
    }
    if (cmd->kind != RULES_CMD_ALLOCATE) {
        snprintf(why, size, "pick the casualties of %s first", un ? un->name : "the target");
        return false;
    }
    if (cmd->figure_count != need) {
        snprintf(why, size, "pick exactly %d figure%s of %s (%d picked)", need,
                 need == 1 ? "" : "s", un ? un->name : "the target", cmd->figure_count);
        return false;
    }
    for (int i = 0; i < cmd->figure_count; i++) {
        const figure *f = table_figure_const(t, cmd->figures[i]);
        if (!f || f->unit.id != a->target.id || !table_figure_active(f)) {
            snprintf(why, size, "%s is not a standing figure of %s",
                     f && f->name[0] ? f->name : "that figure", un ? un->name : "the target");
            return false;
        }
        for (int j = 0; j < i; j++)
            if (cmd->figures[j].id == f->id.id) {
                snprintf(why, size, "%s is picked twice", f->name[0] ? f->name : "a figure");
                return false;
            }
    }
    return true;
}

void cwr_alloc_resolve(rules_state *rs, rules_ctx *ctx, const rules_command *cmd)
{
    cwr_alloc a = rs->alloc[0];
    const unit *un = table_unit_const(ctx->table, a.target);
    for (int i = 0; i < cmd->figure_count; i++) {
        const figure *f = table_figure_const(ctx->table, cmd->figures[i]);
        rules_emitf(
            ctx,
            (rules_event){
                .kind = RULES_EV_REMOVE, .side = un->side, .unit = a.target, .figure = f->id},
            a.ref, "%s: a casualty is removed%s%s (picked by the other side)", un->name,
            f->name[0] ? ": " : "", f->name);
    }
    rules_emitf(ctx,
                (rules_event){
                    .kind = RULES_EV_RULESET, .side = a.chooser, .unit = a.target, .tag = "picked"},
                a.ref, "%s: casualties removed", un->name);
}

void cwr_alloc_apply(rules_state *rs, const rules_event *ev)
{
    if (strcmp(ev->tag, "casualties") == 0 && rs->alloc_n < CWR_ALLOC_MAX) {
        cwr_alloc *a = &rs->alloc[rs->alloc_n++];
        *a = (cwr_alloc){
            .chooser = ev->side, .target = ev->unit, .count = ev->value, .from = ev->pos};
        cwr_join(a->ref, sizeof a->ref, ev->ref, NULL);
    } else if (strcmp(ev->tag, "picked") == 0 && rs->alloc_n > 0) {
        memmove(&rs->alloc[0], &rs->alloc[1], sizeof rs->alloc[0] * (size_t)(rs->alloc_n - 1));
        rs->alloc_n--;
    }
}
