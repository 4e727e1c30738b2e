/* Melee on the average die (faces 2,3,3,4,4,5): every figure in contact rolls with its
 * modifiers against the foe it faces; a difference of one (or a tie, assumed) fights on,
 * otherwise the lower rolls a D6 for effect (1 light, 2-4 serious, 5-6 dead). A tribesman who
 * seriously wounds must spend his next move finishing the enemy off. */
#include "rules/cr15/cr15_state.h"

#include "rules/text_format.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static void add(cr15_melee_mod *m, int v, const char *what)
{
    if (!v)
        return;
    m->total += v;
    size_t n = strlen(m->note);
    rules_text_format_print(m->note + n, sizeof m->note - n, "%s%s %+d", n ? ", " : "", what, v);
}

void cr15_melee_mods(const rules_state *rs, const table *t, const figure *f, int enemies,
                     cr15_melee_mod *out)
{
    memset(out, 0, sizeof *out);
    const cr15_melee_table *m = &rs->data->melee;
    const cr15_melee_weapon *w = cr15_data_melee_weapon(rs->data, f->weapon);
    const cr15_fig *s = cr15_fig_const(rs, f->id);
    figure_id foe = {0};
    cr15_nearest_enemy_cm(t, f, f->pos, &foe);
    const figure *fo = table_figure_const(t, foe);
    if (fo && cr15_cover_at(rs, t, f, fo->pos) != CR15_COVER_OPEN)
        add(out, m->cover, "cover");
    if (cr15_leader(f))
        add(out, m->leader, "officer/sergeant");
    if (w && w->shield)
        add(out, m->shield, "shield");
    if (cr15_veteran(f))
        add(out, m->veteran, "veteran");
    if (cr15_mounted(f)) {
        if (w && w->lance && !(s->flags & CR15_F_IN_MELEE))
            add(out, m->lance, "mounted with lance, first round");
        else
            add(out, m->mounted, "mounted");
    }
    if (cr15_novice(f))
        add(out, m->novice, "novice");
    if (w && w->unarmed)
        add(out, m->unarmed, "unarmed");
    if (enemies >= 3)
        add(out, m->outnumbered_3, "outnumbered 3:1");
    else if (enemies == 2)
        add(out, m->outnumbered_2, "outnumbered 2:1");
    if (f->status & FIGURE_STATUS_SERIOUS)
        add(out, m->serious, "seriously wounded");
}

int cr15_melee_compare(const cr15_data *d, int a, int b)
{
    int diff = a > b ? a - b : b - a;
    if (diff <= d->melee_continue)
        return 0;
    return a < b ? -1 : 1;
}

void cr15_melee(rules_state *rs, rules_ctx *ctx)
{
    const table *t = ctx->table;
    int n = t->figure_count;
    int score[1024];
    figure_id foe[1024];
    bool in[1024];
    if (n > 1024)
        n = 1024;
    int group = 0, fights = 0;
    for (int i = 0; i < n; i++) {
        const figure *f = &t->figures[i];
        in[i] = false;
        if (!table_figure_active(f) || cr15_is_gun(f))
            continue;
        figure_id e[8];
        int ne = cr15_enemies_in_contact(rs, t, f, e, 8);
        if (ne == 0)
            continue;
        /* the foe it faces: the nearest in contact */
        foe[i] = e[0];
        for (int k = 1; k < ne && k < 8; k++)
            if (cr15_edge_cm(f, table_figure_const(t, e[k])) <
                cr15_edge_cm(f, table_figure_const(t, foe[i])))
                foe[i] = e[k];
        if (!group)
            group = rules_roll_group(ctx);
        cr15_melee_mod m;
        cr15_melee_mods(rs, t, f, ne, &m);
        if (m.total)
            rules_emitf(
                ctx,
                (rules_event){
                    .kind = RULES_EV_MODIFIER, .figure = f->id, .group = group, .value = m.total},
                CR15_REF_MEL, "%s: %+d (%s)", f->name, m.total, m.note);
        score[i] = rules_roll(ctx, 0, 0, "melee", f->id, group, CR15_REF_MEL) + m.total;
        in[i] = true;
        fights++;
    }
    if (!fights) {
        rules_emitf(ctx, (rules_event){.kind = RULES_EV_NOTE}, CR15_REF_MEL, "No melee");
        return;
    }
    for (int i = 0; i < n; i++) {
        if (!in[i])
            continue;
        const figure *f = &t->figures[i];
        int j = (int)foe[i].id - 1;
        if (j < 0 || j >= n || !in[j])
            continue;
        int r = cr15_melee_compare(rs->data, score[i], score[j]);
        if (r >= 0) {
            if (r == 0 && foe[j].id == f->id.id && i < j)
                rules_emitf(ctx, (rules_event){.kind = RULES_EV_NOTE, .figure = f->id},
                            CR15_REF_MEL, "%s and %s: %d against %d, the melee goes on", f->name,
                            t->figures[j].name, score[i], score[j]);
            continue;
        }
        int d6 = rules_roll(ctx, 6, 0, "melee_effect", f->id, rules_roll_group(ctx), CR15_REF_MEL);
        cr15_wound w = cr15_melee_effect(rs->data, d6);
        rules_emitf(ctx, (rules_event){.kind = RULES_EV_NOTE, .figure = f->id}, CR15_REF_MEL,
                    "%s loses to %s, %d against %d; effect %d", f->name, t->figures[j].name,
                    score[i], score[j], d6);
        cr15_queue(rs, ctx, f, &t->figures[j], w, CR15_REF_MEL);
    }
    for (int i = 0; i < n; i++) {
        bool was = rs->figs[i].flags & CR15_F_IN_MELEE;
        if (in[i] != was)
            cr15_emit_state(ctx, in[i] ? "flags_set" : "flags_clear", t->figures[i].id,
                            t->figures[i].unit, CR15_F_IN_MELEE);
    }
}

void cr15_finish_off(rules_state *rs, rules_ctx *ctx, side_id s)
{
    const table *t = ctx->table;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        const cr15_fig *fs = &rs->figs[i];
        if (f->side.id != s.id || !fs->finish.id)
            continue;
        const figure *v = table_figure_const(t, fs->finish);
        cr15_emit_state(ctx, "finish", f->id, f->unit, 0);
        if (!table_figure_active(f) || !v || !table_figure_active(v))
            continue;
        cr15_emit_state(ctx, "flags_set", f->id, f->unit, CR15_F_MOVED);
        rules_emitf(ctx,
                    (rules_event){.kind = RULES_EV_REMOVE,
                                  .figure = v->id,
                                  .unit = v->unit,
                                  .side = v->side,
                                  .other = f->id},
                    CR15_REF_MEL, "%s spends his move finishing off %s", f->name, v->name);
    }
}
