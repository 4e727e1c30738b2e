/* Little Colonial Rules: close combat (seed 000, Close Combat): at the end of an activation
 * each activated figure within contact distance of an enemy fights him, with the ranks and
 * flank supporters of each side. The dice and modifiers are pure functions in
 * lcr_combat_math.h. */
#include "rules/lcr/lcr_combat.h"

#include "rules/lcr/lcr_combat_math.h"
#include "rules/lcr/lcr_command.h"
#include "rules/lcr/lcr_morale.h"

#include "core/spatial.h"

#include <math.h>
#include <stdio.h>

static bool mate_at(const rules_state *rs, const table *t, const figure *f, float dir_angle,
                    float tolerance, const bool *busy, bool want_free, const figure **out)
{
    vec2s want = geom_dir(dir_angle);
    for (int i = 0; i < t->figure_count; i++) {
        const figure *m = &t->figures[i];
        if (m == f || m->unit.id != f->unit.id || !table_figure_active(m) ||
            !lcr_command_in_contact(rs->data, f, m) || (want_free && busy[i]))
            continue;
        vec2s d = glms_vec2_normalize(glms_vec2_sub(m->pos, f->pos));
        if (glms_vec2_dot(d, want) >= cosf(tolerance)) {
            if (out)
                *out = m;
            return true;
        }
    }
    return false;
}

static lcr_combatant combatant_of(const rules_state *rs, const table *t, const figure *f,
                                  const figure *enemy, const bool *busy)
{
    lcr_combatant c = {.id = f->id};
    const unit *u = table_unit_const(t, f->unit);
    const float q = 0.79f; /* 45 degrees */
    const figure *behind = NULL;
    c.second_rank = mate_at(rs, t, f, f->facing + 3.14159265f, q, busy, false, &behind);
    c.third_rank = behind && mate_at(rs, t, behind, f->facing + 3.14159265f, q, busy, false, NULL);
    for (int lr = -1; lr <= 1; lr += 2) {
        float a = f->facing + (float)lr * 1.5707963f;
        for (int i = 0; i < t->figure_count; i++) {
            const figure *m = &t->figures[i];
            /* Seed 000: "each supporting / allied figure to the flank", of any unit of the
             * side, not himself in close combat. */
            if (m == f || m->side.id != f->side.id || !table_figure_active(m) || busy[i] ||
                !lcr_command_in_contact(rs->data, f, m))
                continue;
            vec2s d = glms_vec2_normalize(glms_vec2_sub(m->pos, f->pos));
            c.flank_supporters += glms_vec2_dot(d, geom_dir(a)) >= cosf(q);
        }
    }
    bool has_mate = c.second_rank || c.flank_supporters > 0 ||
                    mate_at(rs, t, f, f->facing, 3.2f, busy, false, NULL);
    c.in_formation = u && !lcr_data_is_loose(rs->data, u->formation) && has_mate;
    c.single_rank = c.in_formation && !c.second_rank;
    c.fighting_cavalry_front = enemy->posture == FIGURE_POSTURE_MOUNTED &&
                               lcr_fire_in_arc(f->pos, f->facing, 90.0f, enemy->pos);
    return c;
}

static void fight_pair(rules_state *rs, rules_ctx *ctx, const figure *a, const figure *b,
                       const bool *busy)
{
    const table *t = ctx->table;
    lcr_combatant ca = combatant_of(rs, t, a, b, busy), cb = combatant_of(rs, t, b, a, busy);
    const lcr_combatant *cs[2] = {&ca, &cb};
    for (int s = 0; s < 2; s++) {
        lcr_modifier m[3];
        int n = lcr_combat_modifiers(rs->data, cs[s], m);
        for (int k = 0; k < n; k++)
            lcr_emit_modifier(ctx, cs[s]->id, m[k].value, m[k].source, LCR_REF_COMBAT);
    }
    lcr_combat_result r;
    lcr_combat_fight(ctx->rng, rs->data, &ca, &cb, &r);
    int g = rules_roll_group(ctx);
    for (int round = 0; round < r.rounds; round++) {
        rules_emit_die(ctx, rs->data->combat_die_sides, r.faces[round][0], 0, "close_combat", a->id,
                       g, LCR_REF_COMBAT);
        rules_emit_die(ctx, rs->data->combat_die_sides, r.faces[round][1], 0, "close_combat", b->id,
                       g, LCR_REF_COMBAT);
        if (round + 1 < r.rounds)
            lcr_emit_note(ctx, a->id, LCR_REF_COMBAT, "a tie: both throw again");
    }
    const figure *winner = r.winner == 0 ? a : b, *loser = r.winner == 0 ? b : a;
    char text[160];
    int last = r.rounds - 1;
    snprintf(text, sizeof text, "%s %d against %d%s", lcr_name(t, winner->id),
             r.total[last][r.winner], r.total[last][1 - r.winner],
             r.won_by_single_rank ? ": a tie, won by the single rank" : "");
    lcr_emit_note(ctx, winner->id, LCR_REF_COMBAT, text);
    lcr_casualty(rs, ctx, loser->id, FIGURE_STATUS_DEAD, LCR_REF_COMBAT, "loses the close combat");
}

/* The figures a close combat may pair (active), each with his base's reach, in figure order. */
typedef struct combat_pt {
    int index;
    uint32_t side;
    vec2s pos;
    float reach;
    float pad; /* reach, the contact distance and the box test's margin */
} combat_pt;

static combat_pt pt_of(const figure *f, int index, float contact)
{
    float reach = spatial_base_reach(&f->base);
    return (combat_pt){index, f->side.id, f->pos, reach, reach + contact + 0.2f};
}

void lcr_combat_resolve(rules_state *rs, rules_ctx *ctx)
{
    const float contact = rs->data->contact_cm;
    const table *t = ctx->table;
    bool busy[1024] = {0};
    if (t->figure_count > 1024)
        return;
    combat_pt pts[1024];
    int pt_count = -1; /* gathered when a seeker not of the first seeker's side looks */
    /* The first seeker's enemies, in the same order: his side's seekers read only these. */
    combat_pt foes[1024];
    int foe_count = 0;
    uint32_t foes_of = 0;
    bool have_foes = false;
    figure_id pa[256], pb[256];
    int pairs = 0;
    for (int i = 0; i < t->figure_count && pairs < 256; i++) {
        const figure *f = &t->figures[i];
        if (!(rs->flags[i] & LCR_FF_ACTIVATED) || !table_figure_active(f) || busy[i])
            continue;
        if (!have_foes) { /* the first seeker's enemies, straight from the table */
            have_foes = true;
            foes_of = f->side.id;
            for (int j = 0; j < t->figure_count; j++) {
                const figure *e = &t->figures[j];
                if (e->side.id != foes_of && table_figure_active(e))
                    foes[foe_count++] = pt_of(e, j, contact);
            }
        }
        if (f->side.id != foes_of && pt_count < 0) { /* another side's seeker: every figure */
            pt_count = 0;
            for (int j = 0; j < t->figure_count; j++)
                if (table_figure_active(&t->figures[j]))
                    pts[pt_count++] = pt_of(&t->figures[j], j, contact);
        }
        const combat_pt *cand = f->side.id == foes_of ? foes : pts;
        int cand_count = f->side.id == foes_of ? foe_count : pt_count;
        const figure *best = NULL;
        double best_d = INFINITY;
        float reach_f = spatial_base_reach(&f->base);
        vec2s fp = f->pos;
        for (int k = 0; k < cand_count; k++) {
            /* Bases whose centres stand further apart than their reaches and the contact
             * distance (and a margin far above rounding) are not in contact: no exact test.
             * Apart by more than that and another 0.1 cm along an axis, they are further
             * apart still: the distance is not worked out (the sum's rounding, a few
             * millionths of a centimetre, is far inside that 0.1 cm: whatever the box passes
             * over, the gap test would). */
            float lim = reach_f + cand[k].pad;
            if (fabsf(cand[k].pos.x - fp.x) > lim || fabsf(cand[k].pos.y - fp.y) > lim)
                continue;
            int j = cand[k].index; /* (filters in any order pass the same candidates) */
            if (cand[k].side == f->side.id || busy[j])
                continue;
            const figure *e = &t->figures[j];
            float gap = glms_vec2_distance(f->pos, e->pos) - reach_f - cand[k].reach;
            if (gap > rs->data->contact_cm + 0.1f)
                continue;
            geom_placed_base bf = {f->base, f->pos, f->facing}, be = {e->base, e->pos, e->facing};
            double d = geom_base_edge_distance(&bf, &be);
            if (d <= rs->data->contact_cm + 1e-3 && d < best_d) {
                best_d = d;
                best = e;
            }
        }
        if (!best)
            continue;
        busy[i] = busy[best->id.id - 1] = true;
        pa[pairs] = f->id;
        pb[pairs++] = best->id;
    }
    for (int p = 0; p < pairs; p++) {
        const figure *a = table_figure_const(t, pa[p]), *b = table_figure_const(t, pb[p]);
        if (table_figure_active(a) && table_figure_active(b))
            fight_pair(rs, ctx, a, b, busy);
    }
}
