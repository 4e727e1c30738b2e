/* Firing (D10): one die per figure per shot, greater than the table's number at the range band
 * after modifiers makes a hit; rates of fire, reloads, the revolver's six rounds; hits spread on
 * the target's unit and roll on the wound table; the odds for the screen and the bot. */
#include "rules/cr15/cr15_state.h"

#include "core/mem.h"
#include "rules/text_format.h"

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int cr15_band(const cr15_data *d, float range_in)
{
    for (int b = 0; b < CR15_BANDS; b++)
        if (range_in <= d->bands_in[b] + 1e-4f)
            return b;
    return -1;
}

float cr15_p_beat(int need_over, int mod)
{
    /* the faces 1-10 greater than need_over - mod */
    int low = need_over - mod, n = low < 0 ? 10 : low > 10 ? 0 : 10 - low;
    return (float)n / 10.0f;
}

const cr15_weapon *cr15_weapon_of(const rules_state *rs, const figure *f)
{
    if (cr15_is_gun(f))
        return NULL;
    /* looked up by name once per figure (kept with the name: a test may change it), every
     * copy of the data listing the weapons in the same order */
    cr15_los *lo = rs->los;
    int i = (int)f->id.id - 1;
    if (!lo || !lo->weapons || i < 0 || i >= lo->area_count)
        return cr15_data_weapon(rs->data, f->weapon);
    cr15_weapon_keep *k = &lo->weapons[i];
    if (!k->ix || memcmp(k->name, f->weapon, sizeof k->name) != 0) {
        const cr15_weapon *w = cr15_data_weapon(rs->data, f->weapon);
        memcpy(k->name, f->weapon, sizeof k->name);
        k->ix = w ? (int)(w - rs->data->weapons) + 1 : -1;
    }
    return k->ix > 0 ? &rs->data->weapons[k->ix - 1] : NULL;
}

/* The fire modifiers in the order a shot's note lists them. */
enum {
    MOD_VETERAN,
    MOD_NOVICE,
    MOD_TARGET_MOVED,
    MOD_SECOND_SHOT,
    MOD_TARGET_COVER,
    MOD_BEING_CHARGED,
    MOD_FIRER_MOVED,
    MOD_FIRER_MOUNTED,
    MOD_FIRER_WOUNDED,
    MOD_COUNT
};

static const char *const mod_words[MOD_COUNT] = {"veteran",     "novice",          "target moved",
                                                 "second shot", "target in cover", "being charged",
                                                 "firer moved", "firer mounted",   "firer wounded"};

static int mod_value(const cr15_fire_mods *m, int k)
{
    const int v[MOD_COUNT] = {m->veteran,     m->novice,        m->target_moved,
                              m->second_shot, m->target_cover,  m->being_charged,
                              m->firer_moved, m->firer_mounted, m->firer_wounded};
    return v[k];
}

static void add(cr15_shot *s, int v, int k)
{
    if (!v)
        return;
    s->mod += v;
    s->applied |= 1u << k;
}

/* The note of the modifiers the shot counted: "%s%s %+d" each, a comma after the first. */
static void shot_words(const rules_state *rs, cr15_shot *s)
{
    size_t n = 0;
    s->note[0] = 0;
    for (int k = 0; k < MOD_COUNT; k++) {
        if (!(s->applied & (1u << k)))
            continue;
        if (n)
            cr15_text_add(s->note, sizeof s->note, &n, ", ", SIZE_MAX);
        cr15_text_add(s->note, sizeof s->note, &n, mod_words[k], SIZE_MAX);
        cr15_text_add(s->note, sizeof s->note, &n, " ", SIZE_MAX);
        cr15_text_int(s->note, sizeof s->note, &n, mod_value(&rs->data->fire, k), true);
    }
}

/* The modifiers that depend on the firer alone, added to out. */
static void add_firer_mods(const rules_state *rs, const figure *firer, cr15_shot *out)
{
    const cr15_fire_mods *m = &rs->data->fire;
    const cr15_fig *fs = cr15_fig_const(rs, firer->id);
    if (cr15_veteran(firer))
        add(out, m->veteran, MOD_VETERAN);
    if (cr15_novice(firer))
        add(out, m->novice, MOD_NOVICE);
    if ((fs->flags & CR15_F_CHARGED) && !cr15_veteran(firer))
        add(out, m->being_charged, MOD_BEING_CHARGED);
    if (fs->flags & CR15_F_MOVED)
        add(out, m->firer_moved, MOD_FIRER_MOVED);
    if (cr15_mounted(firer))
        add(out, m->firer_mounted, MOD_FIRER_MOUNTED);
    if (firer->status & FIGURE_STATUS_SERIOUS)
        add(out, m->firer_wounded, MOD_FIRER_WOUNDED);
}

/* cr15_shot_of, its note written only when `note` (the same table, band and modifiers); `area`,
 * when given, is the cover of the areas the target stands in (cr15_cover_area). */
static bool shot_of(const rules_state *rs, const table *t, const figure *firer,
                    const cr15_weapon *w, const figure *target, bool second, cr15_shot *out,
                    bool note, const cr15_cover *area);

bool cr15_shot_of(const rules_state *rs, const table *t, const figure *firer, const cr15_weapon *w,
                  const figure *target, bool second, cr15_shot *out)
{
    return shot_of(rs, t, firer, w, target, second, out, true, NULL);
}

/* Whether the target is in cover from `from`: in an area with cover, whatever the direction. */
static bool covered(const rules_state *rs, const table *t, const figure *target, vec2s from,
                    const cr15_cover *area)
{
    if (!area)
        return cr15_cover_at(rs, t, target, from) != CR15_COVER_OPEN;
    return *area != CR15_COVER_OPEN ||
           cr15_cover_from(rs, t, target, from, *area) != CR15_COVER_OPEN;
}

static bool shot_of(const rules_state *rs, const table *t, const figure *firer,
                    const cr15_weapon *w, const figure *target, bool second, cr15_shot *out,
                    bool note, const cr15_cover *area)
{
    /* without words the note stays empty: only its first byte is cleared (targets() asks this
     * of every firer and enemy; whoever writes the note later writes it from its start) */
    memset(out, 0, note ? sizeof *out : offsetof(cr15_shot, note));
    out->note[0] = 0;
    const cr15_fire_mods *m = &rs->data->fire;
    float range_in = cr15_edge_cm(firer, target) / rs->data->inch_cm;
    out->band = cr15_band(rs->data, range_in);
    if (out->band < 0 || w->table[out->band] <= 0)
        return false;
    out->table = w->table[out->band];
    const cr15_fig *ts = cr15_fig_const(rs, target->id);
    add_firer_mods(rs, firer, out); /* a sum and a set of bits: the order does not matter */
    if (ts->flags & CR15_F_MOVED)
        add(out, m->target_moved, MOD_TARGET_MOVED);
    if (second)
        add(out, m->second_shot, MOD_SECOND_SHOT);
    if (covered(rs, t, target, firer->pos, area))
        add(out, m->target_cover, MOD_TARGET_COVER);
    if (note)
        shot_words(rs, out);
    return true;
}

/* shot_of's modifiers that depend on the firer alone (its bits and sum in out). */
static void firer_part(const rules_state *rs, const figure *firer, cr15_shot *out)
{
    *out = (cr15_shot){.mod = 0};
    add_firer_mods(rs, firer, out);
}

/* shot_of without its note and for the first shot, from the pair's kept band and cover and
 * the firer's and target's parts of the modifiers (the same sum and bits). */
static bool pair_shot(const rules_state *rs, const table *t, cr15_pair_keep *pk,
                      const figure *firer, const cr15_weapon *w, const figure *target,
                      const cr15_shot *of_firer, const cr15_shot *of_target, cr15_cover area,
                      cr15_shot *out)
{
    int band = cr15_pair_band(rs, pk, firer, target, NULL);
    if (band < 0 || w->table[band] <= 0)
        return false;
    out->band = band;
    out->table = w->table[band];
    out->mod = of_firer->mod + of_target->mod;
    out->applied = of_firer->applied | of_target->applied;
    out->note[0] = 0;
    if (area != CR15_COVER_OPEN || cr15_pair_lines(rs, t, pk, firer, target) != CR15_COVER_OPEN)
        add(out, rs->data->fire.target_cover, MOD_TARGET_COVER);
    return true;
}

/* Why this figure cannot fire now, or NULL; `free`: the caller knows no enemy touches it. */
static const char *cannot_fire(const rules_state *rs, const table *t, const figure *f, bool free)
{
    const cr15_fig *s = cr15_fig_const(rs, f->id);
    if (!cr15_can_act(rs, f))
        return "cannot act this move";
    if (s->flags & CR15_F_FIRED)
        return "has already fired";
    if (s->reload > 0)
        return "is reloading";
    if (!free && cr15_enemies_in_contact(rs, t, f, NULL, 0) > 0)
        return "is in melee";
    return NULL;
}

typedef struct firers {
    const figure *f[RULES_CMD_FIGURES_MAX];
    int n;
} firers;

/* The figures of the command that can fire their weapons at the target (`free`: none of them
 * is in contact with an enemy, as the caller knows), the first `most` of them: a caller asking
 * only whether any can stops at the first. */
static int firers_at(const rules_state *rs, const table *t, const rules_command *cmd,
                     const figure *target, firers *out, char *why, size_t size, bool free, int most)
{
    const figure *f[RULES_CMD_FIGURES_MAX];
    int n = cr15_cmd_figures(t, cmd, f, RULES_CMD_FIGURES_MAX);
    out->n = 0;
    for (int i = 0; i < n && out->n < most; i++) {
        const cr15_weapon *w = cr15_weapon_of(rs, f[i]);
        const char *no = f[i]->side.id != cmd->side.id ? "is not yours"
                         : !w                          ? "has no firearm"
                                                       : cannot_fire(rs, t, f[i], free);
        /* shot_of's refusal: no band, or the weapon cannot fire at it (from the pair's keep) */
        cr15_pair_keep scratch, *pk = target ? cr15_pair_of(rs, f[i], target, &scratch) : NULL;
        int band = !no && pk ? cr15_pair_band(rs, pk, f[i], target, NULL) : 0;
        if (!no && target && (band < 0 || w->table[band] <= 0))
            no = "is out of range";
        if (!no && target && !cr15_pair_sees(rs, t, pk, f[i], target))
            no = "cannot see the target";
        if (no) {
            if (why)
                snprintf(why, size, "%s %s", f[i]->name[0] ? f[i]->name : "a figure", no);
            continue;
        }
        out->f[out->n++] = f[i];
    }
    return out->n;
}

static const figure *enemy_target(const table *t, const rules_command *cmd)
{
    const figure *tg = table_figure_const(t, cmd->target);
    if (!tg || tg->side.id == cmd->side.id || !table_figure_active(tg))
        return NULL;
    return tg;
}

bool cr15_fire_validate(const rules_state *rs, const table *t, const rules_command *cmd, char *why,
                        size_t size)
{
    const figure *tg = enemy_target(t, cmd);
    if (!tg) {
        snprintf(why, size, "fire needs an enemy figure on the table as its target");
        return false;
    }
    firers fr;
    snprintf(why, size, "no figure can fire");
    if (firers_at(rs, t, cmd, tg, &fr, why, size, false, 1) == 0)
        return false;
    why[0] = 0;
    return true;
}

bool cr15_fire_ok_free(const rules_state *rs, const table *t, const rules_command *cmd)
{
    const figure *tg = enemy_target(t, cmd);
    firers fr;
    return tg && firers_at(rs, t, cmd, tg, &fr, NULL, 0, true, 1) > 0;
}

/* ---- hits, spread over the target's unit --------------------------------------------------- */

void cr15_queue_hits(rules_state *rs, rules_ctx *ctx, const figure *target, int hits,
                     const figure *by, vec2s from, const char *ref)
{
    const table *t = ctx->table;
    const figure *order[256];
    int n = 0;
    order[n++] = target;
    /* the target first, then its unit mates nearest to it */
    for (int i = 0; i < t->figure_count && n < 256; i++) {
        const figure *o = &t->figures[i];
        if (o->unit.id == target->unit.id && o->id.id != target->id.id && table_figure_active(o) &&
            !cr15_is_gun(o))
            order[n++] = o;
    }
    for (int i = 1; i < n; i++)
        for (int j = i; j > 1 && geom_point_distance(order[j]->pos, target->pos) <
                                     geom_point_distance(order[j - 1]->pos, target->pos);
             j--) {
            const figure *x = order[j];
            order[j] = order[j - 1];
            order[j - 1] = x;
        }
    for (int h = 0; h < hits; h++) {
        const figure *f = order[h % n];
        cr15_wound_roll(rs, ctx, f, by, cr15_cover_at(rs, t, f, from), ref);
    }
}

/* ---- resolve ------------------------------------------------------------------------------- */

static void after_firing(rules_state *rs, rules_ctx *ctx, const figure *f, const cr15_weapon *w,
                         int shots)
{
    const cr15_fig *s = cr15_fig_const(rs, f->id);
    cr15_emit_state(ctx, "flags_set", f->id, f->unit, CR15_F_FIRED);
    int reload = 0;
    if (w->rounds > 0) {
        int used = s->rounds + shots;
        if (used >= w->rounds) {
            reload = w->reload;
            used = 0;
        }
        cr15_emit_state(ctx, "rounds", f->id, f->unit, used);
    } else {
        reload = w->reload;
    }
    if (reload > 0) {
        cr15_emit_state(ctx, "reload", f->id, f->unit, reload);
        cr15_emit_status(ctx, f, CR15_STATUS_RELOADING, 0, CR15_REF_FIRE, "must reload");
    }
}

void cr15_fire_resolve(rules_state *rs, rules_ctx *ctx, const rules_command *cmd)
{
    const table *t = ctx->table;
    const figure *tg = enemy_target(t, cmd);
    firers fr;
    firers_at(rs, t, cmd, tg, &fr, NULL, 0, false, RULES_CMD_FIGURES_MAX);
    int group = rules_roll_group(ctx), hits = 0;
    for (int i = 0; i < fr.n; i++) {
        const figure *f = fr.f[i];
        const cr15_weapon *w = cr15_weapon_of(rs, f);
        const cr15_fig *s = cr15_fig_const(rs, f->id);
        int shots = w->rate;
        if (w->rounds > 0 && shots > w->rounds - s->rounds)
            shots = w->rounds - s->rounds;
        for (int k = 0; k < shots; k++) {
            cr15_shot sh;
            cr15_shot_of(rs, t, f, w, tg, k > 0, &sh);
            if (sh.mod)
                rules_emitf(ctx,
                            (rules_event){.kind = RULES_EV_MODIFIER,
                                          .figure = f->id,
                                          .group = group,
                                          .value = sh.mod},
                            CR15_REF_FIRE, "%s: %+d (%s)", f->name, sh.mod, sh.note);
            int need = sh.table - sh.mod + 1;
            int face =
                rules_roll(ctx, 10, need < 1 ? 1 : need, "to_hit", f->id, group, CR15_REF_FIRE);
            if (face + sh.mod > sh.table)
                hits++;
        }
        after_firing(rs, ctx, f, w, shots);
    }
    rules_emitf(ctx,
                (rules_event){.kind = RULES_EV_HIT,
                              .figure = tg->id,
                              .unit = tg->unit,
                              .side = tg->side,
                              .value = hits,
                              .group = group},
                CR15_REF_FIRE, "%d hit%s on %s's unit", hits, hits == 1 ? "" : "s", tg->name);
    if (hits)
        cr15_queue_hits(rs, ctx, tg, hits, fr.f[0], fr.f[0]->pos, CR15_REF_WND);
}

int cr15_fire_as_rifles(rules_state *rs, rules_ctx *ctx, const figure *gun, int shots,
                        const figure *target, int extra_mod, const char *ref)
{
    const cr15_weapon *rifle = cr15_data_weapon(rs->data, "rifle");
    int group = rules_roll_group(ctx), hits = 0;
    cr15_shot sh;
    if (!rifle || !cr15_shot_of(rs, ctx->table, gun, rifle, target, false, &sh))
        return 0;
    sh.mod += extra_mod;
    if (sh.mod)
        rules_emitf(
            ctx,
            (rules_event){
                .kind = RULES_EV_MODIFIER, .figure = gun->id, .group = group, .value = sh.mod},
            ref, "%s: %+d to each die (%s)", gun->name, sh.mod, sh.note);
    int need = sh.table - sh.mod + 1;
    for (int k = 0; k < shots; k++) {
        int face = rules_roll(ctx, 10, need < 1 ? 1 : need, "to_hit", gun->id, group, ref);
        hits += face + sh.mod > sh.table;
    }
    rules_emitf(ctx,
                (rules_event){.kind = RULES_EV_HIT,
                              .figure = target->id,
                              .unit = target->unit,
                              .side = target->side,
                              .value = hits,
                              .group = group},
                ref, "%s fires as %d rifles: %d hit%s", gun->name, shots, hits,
                hits == 1 ? "" : "s");
    if (hits)
        cr15_queue_hits(rs, ctx, target, hits, gun, gun->pos, CR15_REF_WND);
    return hits;
}

/* End of the move: a figure that stood still and did not fire works its reload down. */
void cr15_reload_turn(rules_state *rs, rules_ctx *ctx)
{
    const table *t = ctx->table;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        const cr15_fig *s = &rs->figs[i];
        if (s->reload <= 0 || !table_figure_active(f) || (s->flags & (CR15_F_MOVED | CR15_F_FIRED)))
            continue;
        cr15_emit_state(ctx, "reload", f->id, f->unit, s->reload - 1);
        if (s->reload == 1)
            cr15_emit_status(ctx, f, 0, CR15_STATUS_RELOADING,
                             cr15_is_gun(f) ? CR15_REF_ART : CR15_REF_FIRE, "reloaded");
    }
}

/* ---- odds ---------------------------------------------------------------------------------- */

/* The chance a hit kills or seriously wounds (half weight) in this cover: the bot's value. */
static float hit_value(const cr15_data *d, cr15_cover c)
{
    float dead = (float)(6 - d->wound_serious[c]) / 6.0f;
    float serious = (float)(d->wound_serious[c] - d->wound_light[c]) / 6.0f;
    return dead + 0.5f * serious;
}

static void odds_rifles(const rules_state *rs, const table *t, const figure *gun, int shots,
                        const figure *tg, rules_target *out)
{
    const cr15_weapon *rifle = cr15_data_weapon(rs->data, "rifle");
    cr15_shot sh;
    if (!rifle || !cr15_shot_of(rs, t, gun, rifle, tg, false, &sh))
        return;
    out->dice = shots;
    out->need = sh.table - sh.mod + 1;
    out->p_hit = cr15_p_beat(sh.table, sh.mod);
    out->expected_hits = out->p_hit * (float)shots;
    out->expected_kills =
        out->expected_hits * hit_value(rs->data, cr15_cover_at(rs, t, tg, gun->pos));
    rules_text_format_print(out->note, sizeof out->note, "as %d rifles%s%.100s", shots,
                            sh.note[0] ? ": " : "", sh.note);
}

/* The words of the targets' named shots within one targets() call: the firers are the same
 * for every target, so few bands and few (table, modifiers) pairs come up. */
typedef struct words_memo {
    char band[CR15_BANDS][RULES_WORD_MAX]; /* "12in", written the first time */
    struct {
        int table;
        unsigned applied;
        char note[sizeof((rules_target *)0)->note];
    } notes[8];
    int n;
} words_memo;

/* The target's band and note from its named shot: "roll over %d on a D10%s%.100s". */
static void target_words(const rules_state *rs, words_memo *wm, const cr15_shot *named,
                         rules_target *o)
{
    char *band = rs->los ? rs->los->band_words[named->band] : wm->band[named->band];
    if (!band[0])
        rules_text_format_print(band, sizeof wm->band[0], "%.0fin",
                                (double)rs->data->bands_in[named->band]);
    memcpy(o->band, band, sizeof o->band);
    for (int k = 0; k < wm->n; k++)
        if (wm->notes[k].table == named->table && wm->notes[k].applied == named->applied) {
            memcpy(o->note, wm->notes[k].note, sizeof o->note);
            return;
        }
    cr15_shot sh = *named;
    shot_words(rs, &sh);
    size_t len = 0;
    memset(o->note, 0, sizeof o->note);
    cr15_text_add(o->note, sizeof o->note, &len, "roll over ", SIZE_MAX);
    cr15_text_int(o->note, sizeof o->note, &len, sh.table, false);
    cr15_text_add(o->note, sizeof o->note, &len, " on a D10", SIZE_MAX);
    if (sh.note[0])
        cr15_text_add(o->note, sizeof o->note, &len, "; ", SIZE_MAX);
    cr15_text_add(o->note, sizeof o->note, &len, sh.note, 100);
    if (wm->n < (int)(sizeof wm->notes / sizeof wm->notes[0])) {
        wm->notes[wm->n].table = named->table;
        wm->notes[wm->n].applied = named->applied;
        memcpy(wm->notes[wm->n].note, o->note, sizeof o->note);
        wm->n++;
    }
}

/* "within %.0f inches: charge test 3-6 on a D6" of the reach, the last one's words kept. */
static void charge_words(const rules_state *rs, float reach_cm, char *out, size_t size)
{
    cr15_los *lo = rs->los;
    if (lo && lo->charge_note[0] && memcmp(&lo->charge_reach, &reach_cm, sizeof reach_cm) == 0 &&
        size == sizeof lo->charge_note) {
        memcpy(out, lo->charge_note, size);
        return;
    }
    rules_text_format_print(out, size, "within %.0f inches: charge test 3-6 on a D6",
                            (double)(reach_cm / rs->data->inch_cm));
    if (lo && size == sizeof lo->charge_note) {
        memcpy(lo->charge_note, out, size);
        lo->charge_reach = reach_cm;
    }
}

static bool gun_ready(const rules_state *rs, const table *t, const figure *g)
{
    const cr15_fig *s = cr15_fig_const(rs, g->id);
    return table_figure_active(g) && (s->flags & CR15_F_DEPLOYED) && !(s->flags & CR15_F_FIRED) &&
           s->reload == 0 && s->jam_tries == 0 && cr15_crew(rs, t, g) > 0;
}

static int targets_of(const rules_state *rs, const table *t, const rules_command *fire,
                      rules_target *out, int max)
{
    const figure *f[RULES_CMD_FIGURES_MAX];
    int nf = cr15_cmd_figures(t, fire, f, RULES_CMD_FIGURES_MAX);
    if (nf == 0)
        return 0;
    side_id own = f[0]->side;
    const figure *gun = cr15_is_gun(f[0]) ? f[0] : NULL;
    int n = 0;
    /* who of the firers may fire at all, asked once (the contact test walks the table) */
    const cr15_weapon *ws[RULES_CMD_FIGURES_MAX];
    for (int k = 0; k < nf; k++)
        ws[k] = fire->kind == RULES_CMD_FIRE && !gun && !cannot_fire(rs, t, f[k], false)
                    ? cr15_weapon_of(rs, f[k])
                    : NULL;
    /* the modifiers of the firer alone, summed once (shot_of's, but the target's) */
    cr15_shot firer_mods[RULES_CMD_FIGURES_MAX];
    for (int k = 0; k < nf; k++)
        if (ws[k])
            firer_part(rs, f[k], &firer_mods[k]);
    words_memo words = {.n = 0};
    /* whether the gun may fire does not depend on the target: asked once */
    bool ready = gun && gun_ready(rs, t, gun);
    bool charge_known = false;
    float charge_reach = 0;
    char charge_note[sizeof out->note] = {0};
    for (int i = 0; i < t->figure_count && n < max; i++) {
        const figure *tg = &t->figures[i];
        if (tg->side.id == own.id || !table_figure_active(tg) || cr15_is_gun(tg))
            continue;
        /* written where it goes: kept by counting it (n < max) */
        rules_target *o = &out[n];
        *o = (rules_target){.figure = tg->id, .unit = tg->unit};
        if (fire->kind == RULES_CMD_CHARGE || gun)
            o->range_cm = cr15_edge_cm(f[0], tg);
        if (fire->kind == RULES_CMD_CHARGE) {
            /* the charger's reach and its words are the same for every target: once */
            if (!charge_known) {
                charge_reach = cr15_allowance_cm(rs, t, f[0], true);
                charge_words(rs, charge_reach, charge_note, sizeof charge_note);
                charge_known = true;
            }
            if (o->range_cm > charge_reach)
                continue;
            /* charging: worth about a third of a man per charger (the bot's rough value) */
            o->expected_kills = 0.3f * (float)nf;
            size_t len = 0; /* o is zeroed: the bytes snprintf writes */
            cr15_text_add(o->band, sizeof o->band, &len, "charge", SIZE_MAX);
            memcpy(o->note, charge_note, sizeof o->note);
            n++;
            continue;
        }
        if (gun) {
            if (!ready || !cr15_sees(rs, t, gun, tg))
                continue;
            if (strcmp(fire->option, "shell") == 0) {
                /* the range is withheld: the gunner must guess it */
                o->range_cm = 0;
                o->area_radius_cm = 0;
                snprintf(o->band, sizeof o->band, "guess");
                o->range_guess = true;
                o->expected_kills = 0.6f;
                rules_text_format_print(
                    o->note, sizeof o->note,
                    "shell: state the range; it falls where you say (no measuring)");
                n++;
                continue;
            }
            bool gat = cr15_is_gatling(gun);
            float range =
                cr15_cm(rs, gat ? rs->data->gatling.range_in : rs->data->artillery.canister_in);
            if (o->range_cm > range)
                continue;
            odds_rifles(rs, t, gun,
                        gat ? rs->data->gatling.rifles : rs->data->artillery.canister_rifles, tg,
                        o);
            snprintf(o->band, sizeof o->band, gat ? "gatling" : "canister");
            n++;
            continue;
        }
        /* the shot that names the target's need and note is the last one whose dice bring
         * the count to at most 2: its words are written once, after the loop */
        int named = -1;
        cr15_shot named_shot;
        cr15_cover area = cr15_area_of(rs, t, tg);
        const cr15_fig *ts = cr15_fig_const(rs, tg->id);
        cr15_shot of_target = {.mod = 0};
        if (ts->flags & CR15_F_MOVED)
            add(&of_target, rs->data->fire.target_moved, MOD_TARGET_MOVED);
        /* the range is f[0]'s edge distance, the one its band is measured by: kept with the
         * pair (the slot is used at once, at k == 0, before another pair may take it) */
        cr15_pair_keep scratch0, *pk0 = cr15_pair_of(rs, f[0], tg, &scratch0);
        cr15_pair_band(rs, pk0, f[0], tg, &o->range_cm);
        cr15_cover first_lines = CR15_COVER_OPEN;
        bool first_known = false;
        for (int k = 0; k < nf; k++) {
            const cr15_weapon *w = ws[k];
            if (!w)
                continue;
            cr15_shot sh;
            cr15_pair_keep scratch, *pk = k == 0 ? pk0 : cr15_pair_of(rs, f[k], tg, &scratch);
            if (!pair_shot(rs, t, pk, f[k], w, tg, &firer_mods[k], &of_target, area, &sh))
                continue;
            if (k == 0) {
                first_lines = cr15_pair_lines(rs, t, pk, f[k], tg);
                first_known = true;
            }
            if (!cr15_pair_sees(rs, t, pk, f[k], tg))
                continue;
            float p = cr15_p_beat(sh.table, sh.mod);
            o->dice++;
            o->expected_hits += p;
            if (w->rate > 1) {
                /* the second shot: the same band and modifiers, and the second shot's (what
                 * shot_of with `second` sums) */
                o->dice++;
                o->expected_hits += cr15_p_beat(sh.table, sh.mod + rs->data->fire.second_shot);
            }
            if (o->dice <= 2) {
                o->need = sh.table - sh.mod + 1;
                o->p_hit = p;
                named = k;
                named_shot = sh;
            }
        }
        if (o->dice == 0)
            continue;
        if (named >= 0)
            target_words(rs, &words, &named_shot, o);
        if (!first_known) {
            cr15_pair_keep scratch, *pk = cr15_pair_of(rs, f[0], tg, &scratch);
            first_lines = cr15_pair_lines(rs, t, pk, f[0], tg);
        }
        /* cr15_cover_from from f[0] given the area: the better of the two parts */
        cr15_cover from0 = first_lines > area ? first_lines : area;
        o->expected_kills = o->expected_hits * hit_value(rs->data, from0);
        n++;
    }
    return n;
}

/* ---- targets() kept by its inputs ---------------------------------------------------------- */

/* The bot asks each unit's targets at every decision of the firing phase, and between two of
 * them only the unit that fired has changed: an answer is kept with every input targets_of
 * reads (what changes in a match: where figures stand, their status, the rule state of the
 * firing side's figures and the enemy's "moved"; bases, postures, sides, units, weapons and
 * terrain never change), compared by their bits. */
enum { TARGETS_KEEP = 8 };

typedef struct cr15_targets_keep {
    uint32_t *key;
    int key_len, key_cap;
    rules_target *out;
    int n, out_cap;
} cr15_targets_keep;

typedef struct key_buf {
    uint32_t *v;
    int n, cap;
} key_buf;

static uint32_t bits_of(float x)
{
    uint32_t u;
    memcpy(&u, &x, sizeof u);
    return u;
}

/* A figure's table state (where it stands, its status) and, when `all`, its whole rule state,
 * else only whether it moved: at most KEY_FIGURE_WORDS words (the buffer is sized for them). */
enum { KEY_FIGURE_WORDS = 5 + (int)(sizeof(cr15_fig) / sizeof(uint32_t)) };

static void key_figure(key_buf *k, const rules_state *rs, const table *t, int i, bool all)
{
    const figure *f = &t->figures[i];
    uint32_t *v = k->v + k->n;
    v[0] = (uint32_t)i;
    v[1] = f->status;
    v[2] = bits_of(f->pos.x);
    v[3] = bits_of(f->pos.y);
    v[4] = bits_of(f->facing);
    k->n += 5;
    const cr15_fig *s = i < rs->fig_count ? &rs->figs[i] : NULL;
    if (s && all) {
        memcpy(k->v + k->n, s, sizeof *s);
        k->n += (int)(sizeof *s / sizeof(uint32_t));
    } else {
        k->v[k->n++] = s ? s->flags & CR15_F_MOVED : ~0u;
    }
}

/* Every figure of unit u, with its whole rule state. */
static void key_unit(key_buf *k, const rules_state *rs, const table *t, unit_id u)
{
    k->v[k->n++] = 0xfeedu;
    k->v[k->n++] = u.id;
    if (!u.id)
        return;
    const int *list;
    int n = cr15_unit_members(rs, t, u, &list);
    for (int j = 0; j < (n < 0 ? t->figure_count : n); j++) {
        int i = n < 0 ? j : list[j];
        if (t->figures[i].unit.id == u.id)
            key_figure(k, rs, t, i, true);
    }
}

static void targets_key(key_buf *k, const rules_state *rs, const table *t, const rules_command *c,
                        int max)
{
    /* the most it can hold: a head, the command's figures and option, each figure twice (as
     * a mate or an enemy, and as a listed firer) and the units' tags */
    int words = 16 + (int)((sizeof c->figures + sizeof c->option + 3) / 4) +
                (2 * t->figure_count + RULES_CMD_FIGURES_MAX) * KEY_FIGURE_WORDS +
                2 * (RULES_CMD_FIGURES_MAX + 2);
    if (k->cap < words) {
        free(k->v);
        k->v = mem_realloc(NULL, (size_t)words, sizeof *k->v); /* every word compared is written */
        k->cap = words;
    }
    uint32_t *v = k->v;
    v[0] = (uint32_t)c->kind;
    v[1] = c->side.id;
    v[2] = c->figure.id;
    v[3] = c->unit.id;
    v[4] = (uint32_t)c->figure_count;
    v[5] = (uint32_t)max;
    v[6] = (uint32_t)rs->turn;
    v[7] = (uint32_t)t->figure_count;
    k->n = 8;
    int fw = (int)((sizeof c->figures + 3) / 4), ow = (int)((sizeof c->option + 3) / 4);
    k->v[k->n + fw - 1] = 0;
    memcpy(k->v + k->n, c->figures, sizeof c->figures);
    k->n += fw;
    k->v[k->n + ow - 1] = 0;
    memcpy(k->v + k->n, c->option, sizeof c->option);
    k->n += ow;
    /* the firers and their units' mates (a gun's crew); their side is the enemy's enemy */
    const figure *f[RULES_CMD_FIGURES_MAX];
    int nf = cr15_cmd_figures(t, c, f, RULES_CMD_FIGURES_MAX);
    uint32_t own = nf ? f[0]->side.id : 0;
    k->v[k->n++] = own;
    /* the distinct units of the command, its figure and its listed figures: each unit's
     * figures once (they are disjoint) */
    unit_id units[RULES_CMD_FIGURES_MAX + 2];
    int nu = 0;
    const figure *one = table_figure_const(t, c->figure);
    units[nu++] = c->unit;
    if (one)
        units[nu++] = one->unit;
    for (int i = 0; i < c->figure_count; i++) {
        const figure *m = table_figure_const(t, c->figures[i]);
        if (m)
            units[nu++] = m->unit;
    }
    for (int a = 0; a < nu; a++) {
        bool seen = false;
        for (int b = 0; b < a && !seen; b++)
            seen = units[b].id == units[a].id;
        if (!seen)
            key_unit(k, rs, t, units[a]);
    }
    for (int i = 0; i < c->figure_count; i++) {
        const figure *m = table_figure_const(t, c->figures[i]);
        if (m)
            key_figure(k, rs, t, (int)(m - t->figures), true);
    }
    /* the enemies: where they stand, their status, whether they moved (key_figure's words
     * without `all`, written in this loop: the call per figure cost as much as the words) */
    uint32_t *w = k->v + k->n;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *e = &t->figures[i];
        if (e->side.id == own)
            continue;
        w[0] = (uint32_t)i;
        w[1] = e->status;
        w[2] = bits_of(e->pos.x);
        w[3] = bits_of(e->pos.y);
        w[4] = bits_of(e->facing);
        w[5] = i < rs->fig_count ? rs->figs[i].flags & CR15_F_MOVED : ~0u;
        w += 6;
    }
    k->n = (int)(w - k->v);
}

void cr15_targets_forget(cr15_los *m)
{
    if (!m || !m->targets)
        return;
    for (int i = 0; i <= TARGETS_KEEP; i++) { /* the kept answers and the key's scratch */
        free(m->targets[i].key);
        free(m->targets[i].out);
    }
    free(m->targets);
    m->targets = NULL;
}

int cr15_targets(const rules_state *rs, const table *t, const rules_command *fire,
                 rules_target *out, int max)
{
    cr15_los *m = rs->los; /* shared by a match's clones: the key holds every input */
    if (!m || max <= 0)
        return targets_of(rs, t, fire, out, max);
    if (!m->targets)
        m->targets = mem_calloc(TARGETS_KEEP + 1, sizeof *m->targets);
    /* the last slot is the key's scratch */
    cr15_targets_keep *scratch = &m->targets[TARGETS_KEEP];
    key_buf k = {scratch->key, 0, scratch->key_cap};
    targets_key(&k, rs, t, fire, max);
    scratch->key = k.v;
    scratch->key_cap = k.cap;
    for (int i = 0; i < TARGETS_KEEP; i++) {
        cr15_targets_keep *e = &m->targets[i];
        if (e->key && e->key_len == k.n && memcmp(e->key, k.v, (size_t)k.n * sizeof *k.v) == 0) {
            if (e->n > 0) /* an empty answer keeps no array */
                memcpy(out, e->out, (size_t)e->n * sizeof *out);
            return e->n;
        }
    }
    int n = targets_of(rs, t, fire, out, max);
    cr15_targets_keep *e = &m->targets[m->targets_next];
    m->targets_next = (m->targets_next + 1) % TARGETS_KEEP;
    /* the entry takes the key's buffer; the scratch takes the entry's old one */
    uint32_t *old = e->key;
    int old_cap = e->key_cap;
    e->key = k.v;
    e->key_cap = k.cap;
    e->key_len = k.n;
    scratch->key = old;
    scratch->key_cap = old_cap;
    if (e->out_cap < n) { /* only the n copied are ever read: not zeroed */
        free(e->out);
        e->out = mem_realloc(NULL, (size_t)n, sizeof *e->out);
        e->out_cap = n;
    }
    if (n > 0)
        memcpy(e->out, out, (size_t)n * sizeof *out);
    e->n = n;
    return n;
}
