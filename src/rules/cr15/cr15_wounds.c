/* Wounds: a hit rolls a D6 on the wound table by cover (open, soft, hard): a light wound is
 * ignored, a serious one puts the figure out for one move and then it crawls; two serious
 * wounds kill. Casualties of a phase wait here and fall together at its end. */
#include "rules/cr15/cr15_state.h"

#include <stdio.h>
#include <stdlib.h>

static const char *const wound_names[] = {"a light wound", "a serious wound", "killed"};
static const char *const cover_names[] = {"in the open", "in soft cover", "in hard cover"};

cr15_wound cr15_wound_of(const cr15_data *d, cr15_cover c, int d6)
{
    if (d6 <= d->wound_light[c])
        return CR15_WOUND_LIGHT;
    return d6 <= d->wound_serious[c] ? CR15_WOUND_SERIOUS : CR15_WOUND_DEAD;
}

cr15_wound cr15_melee_effect(const cr15_data *d, int d6)
{
    if (d6 <= d->melee_light)
        return CR15_WOUND_LIGHT;
    return d6 <= d->melee_serious ? CR15_WOUND_SERIOUS : CR15_WOUND_DEAD;
}

void cr15_queue(rules_state *rs, rules_ctx *ctx, const figure *f, const figure *by, cr15_wound w,
                const char *ref)
{
    (void)rs;
    rules_emitf(ctx,
                (rules_event){.kind = RULES_EV_RULESET,
                              .figure = f->id,
                              .unit = f->unit,
                              .side = f->side,
                              .other = by ? by->id : (figure_id){0},
                              .value = (int)w,
                              .tag = "pending"},
                ref, "%s: %s (falls at the end of the phase)", f->name[0] ? f->name : "a figure",
                wound_names[w]);
}

void cr15_wound_roll(rules_state *rs, rules_ctx *ctx, const figure *f, const figure *by,
                     cr15_cover c, const char *ref)
{
    int d6 = rules_roll(ctx, 6, 0, "wound", f->id, rules_roll_group(ctx), ref);
    cr15_wound w = cr15_wound_of(rs->data, c, d6);
    rules_emitf(ctx, (rules_event){.kind = RULES_EV_NOTE, .figure = f->id}, ref,
                "Wound table %s: %d is %s", cover_names[c], d6, wound_names[w]);
    cr15_queue(rs, ctx, f, by, w, ref);
}

static int by_figure(const void *a, const void *b)
{
    const cr15_pending *x = a, *y = b;
    if (x->figure.id != y->figure.id)
        return x->figure.id < y->figure.id ? -1 : 1;
    return (int)x->wound - (int)y->wound;
}

static void lose(rules_state *rs, rules_ctx *ctx, const figure *f)
{
    const cr15_unit *u = cr15_unit_const(rs, f->unit);
    if (u)
        cr15_emit_state(ctx, "lost", (figure_id){0}, f->unit, u->lost + 1);
}

/* Sorted by figure, so the result never depends on which side submitted first. */
void cr15_apply_pending(rules_state *rs, rules_ctx *ctx)
{
    int n = rs->pending_count;
    if (n == 0)
        return;
    cr15_pending list[CR15_PENDING_MAX];
    for (int i = 0; i < n; i++)
        list[i] = rs->pending[i];
    qsort(list, (size_t)n, sizeof list[0], by_figure);
    cr15_emit_state(ctx, "pending_clear", (figure_id){0}, (unit_id){0}, 0);
    for (int i = 0; i < n; i++) {
        const figure *f = table_figure_const(ctx->table, list[i].figure);
        const cr15_fig *s = cr15_fig_const(rs, f->id);
        if (!table_figure_active(f))
            continue;
        cr15_wound w = list[i].wound;
        if (w == CR15_WOUND_LIGHT) {
            cr15_emit_status(ctx, f, FIGURE_STATUS_WOUNDED, 0, CR15_REF_WND,
                             "light wound, fights on");
            continue;
        }
        bool was_serious = f->status & FIGURE_STATUS_SERIOUS;
        if (w == CR15_WOUND_SERIOUS && s->serious == 0) {
            cr15_emit_state(ctx, "serious", f->id, f->unit, 1);
            cr15_emit_state(ctx, "out_turn", f->id, f->unit, rs->turn + 1);
            cr15_emit_status(ctx, f, FIGURE_STATUS_SERIOUS | CR15_STATUS_OUT, 0, CR15_REF_WND,
                             "seriously wounded: out for a move, then crawls");
            if (!was_serious)
                lose(rs, ctx, f);
            const figure *by = table_figure_const(ctx->table, list[i].by);
            /* a tribesman who seriously wounds in melee finishes his enemy off next move */
            if (by && rs->phase == CR15_PHASE_MELEE && table_figure_active(by) &&
                rs->data->troops[cr15_troop_of(ctx->table, by)].finish_off)
                cr15_emit_state(ctx, "finish", by->id, by->unit, (int)f->id.id);
            continue;
        }
        rules_emitf(ctx,
                    (rules_event){.kind = RULES_EV_REMOVE,
                                  .figure = f->id,
                                  .unit = f->unit,
                                  .side = f->side,
                                  .other = list[i].by},
                    CR15_REF_WND, "%s is killed%s", f->name[0] ? f->name : "a figure",
                    w == CR15_WOUND_SERIOUS ? " (a second serious wound)" : "");
        if (!was_serious)
            lose(rs, ctx, f);
    }
}
