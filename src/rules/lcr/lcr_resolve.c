/* Little Colonial Rules on the engine: commands resolved into events. Every change goes through
 * rules_emit (lcr_apply in lcr_rules.c does the state sd); dice come from ctx->rng and each
 * face is recorded as a DIE event with its purpose, need and rule reference. */
#include "rules/lcr/lcr_artillery.h"
#include "rules/lcr/lcr_charge.h"
#include "rules/lcr/lcr_combat.h"
#include "rules/lcr/lcr_command.h"
#include "rules/lcr/lcr_move.h"
#include "rules/lcr/lcr_state.h"

#include "core/mem.h"
#include "core/place.h"

#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#define REF_DECK    "seed 000, Order Deck"
#define REF_MOVE    "seed 000, Actions: Move"
#define REF_WALL    "seed 000, Actions: Move (walls and hedges)"
#define REF_FIRE    "seed 000, Shooting"
#define REF_AREA    "seed 000, Shooting: area fire"
#define REF_SAVE    "seed 000, Shooting: saving roll"
#define REF_ALLOC   "seed 000, Shooting: applying hits"
#define REF_RANK3   "seed 000, Shooting: three rank line"
#define REF_COMBAT  "seed 000, Close Combat"
#define REF_MORALE  "seed 000, Morale"
#define REF_RALLY   "seed 000, Rallying"
#define REF_ACT     "seed 000, Actions: Activate"
#define REF_REFORM  "seed 000, Actions: Reform"
#define REF_VICTORY "seed 000, Morale (assumed victory)"
#define REF_CAVALRY "seed 000, Cavalry"

static float fig_radius(const figure *f)
{
    return f->base.kind == GEOM_BASE_ROUND ? f->base.radius_cm : 0.5f * f->base.frontage_cm;
}

/* ---- emitting ------------------------------------------------------------------------------- */

static const char *name_of(const table *t, figure_id id)
{
    const figure *f = table_figure_const(t, id);
    if (!f)
        return "?";
    return f->name[0] ? f->name : table_role_name(f->role);
}

/* The rule a private state change belongs to, by its tag. */
static const char *flag_ref(const char *tag)
{
    static const struct {
        const char *tag, *ref;
    } refs[] = {{"activated", REF_ACT},    {"acted", REF_ACT},   {"waiting", REF_WALL},
                {"engaged", REF_COMBAT},   {"hold", REF_RALLY},  {"alloc_candidate", REF_ALLOC},
                {"alloc_done", REF_ALLOC}, {"arrive", REF_DECK}, {"pass", REF_DECK}};
    for (size_t i = 0; i < sizeof refs / sizeof refs[0]; i++)
        if (strcmp(refs[i].tag, tag) == 0)
            return refs[i].ref;
    return "seed 000";
}

static void emit_flag(rules_ctx *ctx, const char *tag, figure_id fig, int value, const char *text)
{
    rules_event ev = {.kind = RULES_EV_RULESET, .figure = fig, .value = value};
    const figure *f = table_figure_const(ctx->table, fig);
    if (f)
        ev.side = f->side;
    snprintf(ev.tag, sizeof ev.tag, "%s", tag);
    rules_emitf(ctx, ev, flag_ref(tag), "%s", text);
}

static void emit_card(rules_ctx *ctx, const char *tag, int card, figure_id actor, const char *ref,
                      const char *text)
{
    const lcr_card *c = &ctx->state->deck.cards[card];
    rules_event ev = {.kind = RULES_EV_CARD, .value = card + 1, .side = c->side, .figure = actor};
    snprintf(ev.tag, sizeof ev.tag, "%s", tag);
    rules_emitf(ctx, ev, ref, "%s", text);
}

static void emit_note(rules_ctx *ctx, figure_id fig, const char *ref, const char *text)
{
    rules_event ev = {.kind = RULES_EV_NOTE, .figure = fig};
    rules_emitf(ctx, ev, ref, "%s", text);
}

static void emit_modifier(rules_ctx *ctx, figure_id fig, int value, const char *source,
                          const char *ref)
{
    rules_event ev = {.kind = RULES_EV_MODIFIER, .figure = fig, .value = value};
    snprintf(ev.tag, sizeof ev.tag, "%.31s", source);
    rules_emitf(ctx, ev, ref, "%+d: %s", value, source);
}

static void emit_status(rules_ctx *ctx, figure_id fig, uint32_t set, uint32_t clear,
                        const char *ref, const char *text)
{
    rules_event ev = {
        .kind = RULES_EV_STATUS, .figure = fig, .status_set = set, .status_clear = clear};
    const figure *f = table_figure_const(ctx->table, fig);
    if (f)
        ev.side = f->side;
    rules_emitf(ctx, ev, ref, "%s", text);
}

static void emit_move(rules_ctx *ctx, figure_id fig, vec2s from, vec2s to, float facing,
                      float spent, const char *ref, const char *text)
{
    rules_event ev = {.kind = RULES_EV_MOVE,
                      .figure = fig,
                      .from = from,
                      .pos = to,
                      .facing = facing,
                      .value = (int)lroundf(spent * 100.0f)};
    const figure *f = table_figure_const(ctx->table, fig);
    if (f)
        ev.side = f->side;
    rules_emitf(ctx, ev, ref, "%s", text);
}

/* ---- morale --------------------------------------------------------------------------------- */

/* Brings every figure's demoralised bit in line with the piles (and its rally hold). */
static void sync_demoralised(rules_state *rs, rules_ctx *ctx, side_id sd)
{
    for (int i = 0; i < ctx->table->figure_count; i++) {
        const figure *f = &ctx->table->figures[i];
        if (f->side.id != sd.id || !table_figure_active(f))
            continue;
        lcr_morale seen; /* reinforcement sight: the piles as this figure's unit knows them */
        const lcr_morale *m = lcr_sight_morale(rs, ctx->table, f, &seen);
        bool want = lcr_morale_figure_demoralised(m, f->quality, rs->hold[i]);
        bool has = (f->status & FIGURE_STATUS_DEMORALISED) != 0;
        if (want == has)
            continue;
        char text[160];
        snprintf(
            text, sizeof text, "%s %s: the %s morale pile is %s", name_of(ctx->table, f->id),
            want ? "is demoralised" : "recovers",
            table_quality_name(want && rs->hold[i] >= 0 ? (figure_quality)rs->hold[i] : f->quality),
            want ? "empty" : "holding chits again");
        emit_status(ctx, f->id, want ? FIGURE_STATUS_DEMORALISED : 0,
                    want ? 0 : FIGURE_STATUS_DEMORALISED, want ? REF_MORALE : REF_MORALE, text);
    }
}

void lcr_sync_demoralised(rules_state *rs, rules_ctx *ctx, side_id sd)
{
    sync_demoralised(rs, ctx, sd);
}

void lcr_take_chit(rules_state *rs, rules_ctx *ctx, figure_id id)
{
    side_id sd = table_figure_const(ctx->table, id)->side;
    lcr_morale *m = &rs->morale[sd.id - 1];
    int pile = lcr_morale_first_pile(m);
    rules_event mv = {.kind = RULES_EV_MORALE, .side = sd, .figure = id};
    snprintf(mv.tag, sizeof mv.tag, "take");
    if (pile < m->pile_count) {
        mv.value = m->piles[pile] - 1;
        rules_emitf(ctx, mv, REF_MORALE, "a chit comes off the %s pile: %d left",
                    table_quality_name((figure_quality)pile), mv.value);
    } else {
        rules_emitf(ctx, mv, REF_MORALE, "no morale chits left to take");
    }
    sync_demoralised(rs, ctx, sd);
}

void lcr_casualty_final(rules_state *rs, rules_ctx *ctx, figure_id id, uint32_t how,
                        const char *ref, const char *why)
{
    const figure *f = table_figure_const(ctx->table, id);
    if (!f || !table_figure_active(f))
        return;
    rules_event ev = {.kind = RULES_EV_REMOVE, .figure = id, .side = f->side, .status_set = how};
    rules_emitf(ctx, ev, ref, "%s %s: %s", name_of(ctx->table, id),
                how == FIGURE_STATUS_CAPTURED    ? "surrenders"
                : how == FIGURE_STATUS_OFF_TABLE ? "leaves the table"
                                                 : "is killed",
                why);
    lcr_take_chit(rs, ctx, id);
}

/* A figure is lost to its side: dead, captured or gone off the table. Takes a morale chit. With
 * the killed-and-wounded rule, a killed figure first throws the wound die (lcr_wounds.c). */
static void casualty(rules_state *rs, rules_ctx *ctx, figure_id id, uint32_t how, const char *ref,
                     const char *why)
{
    const figure *f = table_figure_const(ctx->table, id);
    if (!f || !table_figure_active(f))
        return;
    if (how == FIGURE_STATUS_DEAD && lcr_wounds_on_kill(rs, ctx, id, ref))
        return;
    lcr_casualty_final(rs, ctx, id, how, ref, why);
}

void lcr_casualty(rules_state *rs, rules_ctx *ctx, figure_id id, uint32_t how, const char *ref,
                  const char *why)
{
    casualty(rs, ctx, id, how, ref, why);
}

/* ---- the deck and the turn ----------------------------------------------------------------- */

static bool gone(const table *t, figure_id id)
{
    const figure *f = table_figure_const(t, id);
    return !f || (f->status & (FIGURE_STATUS_DEAD | FIGURE_STATUS_CAPTURED));
}

static int cards_after_shuffle(const rules_state *rs, const table *t)
{
    int n = 0;
    for (int i = 0; i < rs->deck.card_count; i++) {
        const lcr_card *c = &rs->deck.cards[i];
        if (c->place == LCR_PLACE_RETIRED)
            continue;
        if (c->place == LCR_PLACE_WAITING &&
            !(c->reinforcement >= 0 && c->reinforcement < rs->group_count &&
              rs->arrived[c->reinforcement]))
            continue;
        n += !(c->kind == LCR_CARD_LEADER && gone(t, c->leader));
    }
    return n;
}

static void shuffle(rules_state *rs, rules_ctx *ctx)
{
    uint32_t seed = dice_next_u32(ctx->rng);
    rules_event s = {.kind = RULES_EV_RULESET, .value = (int)seed};
    snprintf(s.tag, sizeof s.tag, "shuffle_seed");
    rules_emitf(ctx, s, REF_DECK, "the deck's new order is drawn from the match dice");
    rules_event ev = {.kind = RULES_EV_SHUFFLE, .value = cards_after_shuffle(rs, ctx->table)};
    rules_emitf(ctx, ev, REF_DECK,
                "discards and every held card go back; %d cards are shuffled into the Order Deck",
                ev.value);
}

static bool group_due(const rules_state *rs, const table *t, int g, int next_turn)
{
    const scenario_reinforcement *r = &rs->scn->reinforcements[g];
    if (rs->arrived[g])
        return false;
    if (r->turn > 0)
        return r->turn <= next_turn;
    /* Triggers (assumed): "first_casualty" when either side has lost a figure; others at
     * turn 2. */
    if (strcmp(r->trigger, "first_casualty") == 0) {
        for (int s = 0; s < rs->side_count; s++)
            if (rs->casualties[s] > 0)
                return true;
        return false;
    }
    (void)t;
    return next_turn >= 2;
}

static vec2s clamp_on_table(const table *t, const figure *f, vec2s p)
{
    float r = f->base.kind == GEOM_BASE_ROUND ? f->base.radius_cm : 0.5f * f->base.depth_cm;
    r += 0.1f;
    p.x = fminf(fmaxf(p.x, r), t->width_cm - r);
    p.y = fminf(fmaxf(p.y, r), t->height_cm - r);
    return p;
}

static void arrive(rules_state *rs, rules_ctx *ctx, int g)
{
    const scenario_reinforcement *r = &rs->scn->reinforcements[g];
    emit_flag(ctx, "arrive", (figure_id){0}, g,
              "reinforcements arrive; their cards join this shuffle");
    for (int i = 0; i < ctx->table->figure_count; i++) {
        const figure *f = &ctx->table->figures[i];
        bool mine = false;
        for (int k = 0; k < r->unit_count; k++)
            mine |= r->units[k].id == f->unit.id;
        if (!mine || !(f->status & FIGURE_STATUS_OFF_TABLE) ||
            (f->status & (FIGURE_STATUS_DEAD | FIGURE_STATUS_CAPTURED)))
            continue;
        vec2s to = clamp_on_table(ctx->table, f, f->pos), free_at;
        /* Those already come on (and anyone at the edge) keep their ground: the nearest free
         * spot (core/place.h). */
        if (place_free_near(ctx->table, f->id, to, f->facing, NULL, 0, rs->data->arrival_shift_cm,
                            NULL, NULL, &free_at))
            to = free_at;
        if (to.x != f->pos.x || to.y != f->pos.y)
            emit_move(ctx, f->id, f->pos, to, f->facing, 0, REF_DECK, "enters at the table edge");
        emit_status(ctx, f->id, 0, FIGURE_STATUS_OFF_TABLE, REF_DECK, "arrives as a reinforcement");
    }
    lcr_sight_arrival(rs, ctx, g);
    rules_event mv = {.kind = RULES_EV_MORALE, .side = r->side, .value = g};
    snprintf(mv.tag, sizeof mv.tag, "add");
    rules_emitf(ctx, mv, REF_MORALE, "the reinforcements' own chits (%d) are added pile by pile",
                lcr_morale_total(&rs->group_morale[g]));
    sync_demoralised(rs, ctx, r->side);
}

/* An enemy base in the way of a run from a toward b: within contact distance of the segment,
 * ahead of the runner (one he is running away from is not in his way). */
static const figure *enemy_in_way(const rules_state *rs, const table *t, const figure *f, vec2s a,
                                  vec2s b)
{
    geom_segment s = {a, b};
    vec2s dir = glms_vec2_sub(b, a);
    for (int i = 0; i < t->figure_count; i++) {
        const figure *e = &t->figures[i];
        if (e->side.id == f->side.id || !table_figure_active(e))
            continue;
        float reach = fig_radius(f) + fig_radius(e) + rs->data->contact_cm;
        if (geom_point_segment_distance(e->pos, s) > reach)
            continue;
        if (glms_vec2_dot(glms_vec2_sub(e->pos, a), dir) > 0)
            return e;
    }
    return NULL;
}

/* How far f's base at p is from a table edge (scenario_edge). */
static float edge_gap(const table *t, const figure *f, vec2s p, int edge)
{
    float r = fig_radius(f);
    switch (edge) {
    case SCENARIO_EDGE_NORTH:
        return p.y - r;
    case SCENARIO_EDGE_SOUTH:
        return t->height_cm - p.y - r;
    case SCENARIO_EDGE_WEST:
        return p.x - r;
    case SCENARIO_EDGE_EAST:
        return t->width_cm - p.x - r;
    default:
        return INFINITY;
    }
}

/* Seed 000, Morale: at each End of Turn a demoralised figure runs at twice his usual allowance
 * (rolled as his move would be) straight toward his starting point, or the entry point of his
 * reinforcement; at his starting point he stays; a reinforcement that reaches the table edge it
 * came in by leaves the table. An enemy in the way makes him surrender. */
static void flee(rules_state *rs, rules_ctx *ctx, figure_id id)
{
    const table *t = ctx->table;
    const figure *f = table_figure_const(t, id);
    int edge = rs->home_edge[id.id - 1];
    float near = rs->data->flight_home_cm;
    vec2s goal = clamp_on_table(t, f, rs->home[id.id - 1]);
    float dist = glms_vec2_distance(f->pos, goal);
    char text[200];
    if (edge_gap(t, f, f->pos, edge) < near) {
        casualty(rs, ctx, id, FIGURE_STATUS_OFF_TABLE, REF_MORALE,
                 "demoralised, he leaves by the table edge he came in by");
        return;
    }
    if (dist < near) {
        emit_note(ctx, id, REF_MORALE, "demoralised, he stays at his starting point");
        return;
    }
    lcr_allowance a;
    lcr_move_allowance(rs->data, f, ctx->rng, &a);
    int g = rules_roll_group(ctx);
    for (int i = 0; i < a.dice; i++)
        rules_emit_die(ctx, lcr_move_class_of(rs->data, f)->sides, a.faces[i], 0, "flight", id, g,
                       REF_MORALE);
    float allow = a.cm * rs->data->demoralised_flee_mult / lcr_wounds_move_factor(rs, f);
    vec2s dir = glms_vec2_scale(glms_vec2_sub(goal, f->pos), 1.0f / dist);
    vec2s end = glms_vec2_add(f->pos, glms_vec2_scale(dir, fminf(dist, allow)));
    const figure *bar = enemy_in_way(rs, t, f, f->pos, end);
    if (bar) {
        snprintf(text, sizeof text, "demoralised, with %s barring his way back",
                 name_of(t, bar->id));
        casualty(rs, ctx, id, FIGURE_STATUS_CAPTURED, REF_MORALE, text);
        return;
    }
    path_desc pd = lcr_path_desc(rs);
    path_result res;
    vec2s pts[2] = {f->pos, end};
    path_cost(t, &pd, pts, 2, allow, &res);
    vec2s from = f->pos, stop;
    place_path_stop(t, id, from, res.end, geom_angle_of(dir), NULL, 0, &stop);
    snprintf(text, sizeof text, "%s, demoralised, runs %.1f cm back (twice his allowance: %.1f cm)",
             name_of(t, id), glms_vec2_distance(from, stop), allow);
    emit_move(ctx, id, from, stop, geom_angle_of(dir), res.spent_cm, REF_MORALE, text);
    /* Reaching the edge he came in by, he is gone (friends crowding the entry point do not
     * hold him on the table). */
    if (edge_gap(t, f, res.end, edge) < near)
        casualty(rs, ctx, id, FIGURE_STATUS_OFF_TABLE, REF_MORALE,
                 "demoralised, he leaves by the table edge he came in by");
}

static bool hold_area_held(const rules_state *rs, const table *t, const scenario_victory *v,
                           side_id sd)
{
    bool mine = false, theirs = false;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        if (!table_figure_active(f) || v->area.count < 3 ||
            !geom_point_in_polygon(f->pos, &v->area))
            continue;
        if (f->side.id == sd.id)
            mine = true;
        else
            theirs = true;
    }
    (void)rs;
    return mine && !theirs;
}

static void game_over(rules_ctx *ctx, side_id winner, const char *why)
{
    rules_event ev = {.kind = RULES_EV_GAME_OVER, .side = winner};
    rules_emitf(ctx, ev, REF_VICTORY, "%s", why);
}

/* At the last End of Turn: "hold" conditions decide; else a draw (assumed). */
static void time_out(rules_state *rs, rules_ctx *ctx)
{
    for (int v = 0; rs->scn && v < rs->scn->victory_count; v++) {
        const scenario_victory *vc = &rs->scn->victory[v];
        if (strcmp(vc->kind, "hold") != 0 || vc->side.id == 0)
            continue;
        char why[160];
        bool held = hold_area_held(rs, ctx->table, vc, vc->side);
        side_id w = held ? vc->side : lcr_other_side(rs, vc->side);
        snprintf(why, sizeof why, "turn limit: %.100s (%s)", vc->text[0] ? vc->text : "hold",
                 held ? "held" : "not held");
        game_over(ctx, w, why);
        return;
    }
    game_over(ctx, (side_id){0}, "turn limit reached: a draw");
}

static int side_active(const table *t, side_id s)
{
    int n = 0;
    for (int i = 0; i < t->figure_count; i++)
        n += t->figures[i].side.id == s.id && table_figure_active(&t->figures[i]);
    return n;
}

static bool side_has_pending(const rules_state *rs, side_id s)
{
    for (int g = 0; g < rs->group_count; g++)
        if (!rs->arrived[g] && rs->scn->reinforcements[g].side.id == s.id)
            return true;
    return false;
}

/* Scenario "destroy" conditions, then the seed's default: a side with every quality
 * demoralised (or nobody left) has lost. */
static void check_victory(rules_state *rs, rules_ctx *ctx)
{
    if (rs->over)
        return;
    for (int v = 0; rs->scn && v < rs->scn->victory_count; v++) {
        const scenario_victory *vc = &rs->scn->victory[v];
        if (strcmp(vc->kind, "destroy") != 0 || vc->side.id == 0 || vc->value <= 0)
            continue;
        side_id foe = lcr_other_side(rs, vc->side);
        int lost = rs->casualties[foe.id - 1], base = rs->start_figures[foe.id - 1];
        if (base > 0 && lost * 100 >= vc->value * base) {
            char why[160];
            snprintf(why, sizeof why, "%.120s", vc->text[0] ? vc->text : "enemy destroyed");
            game_over(ctx, vc->side, why);
            return;
        }
    }
    for (int s = 1; s <= rs->side_count; s++) {
        side_id sd = {(uint32_t)s};
        bool broken = lcr_morale_all_broken(&rs->morale[s - 1]) ||
                      (side_active(ctx->table, sd) == 0 && !side_has_pending(rs, sd));
        if (broken) {
            char why[160];
            snprintf(why, sizeof why, "%s has every quality demoralised (or no one left)",
                     table_side(ctx->table, sd)->name);
            game_over(ctx, lcr_other_side(rs, sd), why);
            return;
        }
    }
}

static void end_of_turn(rules_state *rs, rules_ctx *ctx)
{
    emit_note(ctx, (figure_id){0}, REF_DECK, "End of Turn");
    lcr_sight_end_of_turn(rs, ctx); /* reinforcement sight: benefits due this turn */
    /* Who runs is fixed before anyone does: a figure demoralised by the chits this flight costs
     * (surrenders, men leaving the table) first runs at the next End of Turn. */
    int n = ctx->table->figure_count;
    bool *runs = mem_calloc((size_t)n + 1, sizeof *runs);
    for (int i = 0; i < n; i++) {
        const figure *f = &ctx->table->figures[i];
        runs[i] = table_figure_active(f) && (f->status & FIGURE_STATUS_DEMORALISED) &&
                  !lcr_wounds_immobile(rs, f); /* the seriously wounded cannot run */
    }
    for (int i = 0; i < n; i++)
        if (runs[i] && table_figure_active(&ctx->table->figures[i]))
            flee(rs, ctx, ctx->table->figures[i].id);
    free(runs);
    check_victory(rs, ctx);
    if (rs->over)
        return;
    if (rs->turn >= rs->max_turns) {
        time_out(rs, ctx);
        return;
    }
    int next = rs->turn + 1;
    for (int g = 0; g < rs->group_count; g++)
        if (group_due(rs, ctx->table, g, next))
            arrive(rs, ctx, g);
    rules_event tv = {.kind = RULES_EV_TURN, .value = next};
    rules_emitf(ctx, tv, REF_DECK, "turn %d begins", next);
    shuffle(rs, ctx);
}

void lcr_begin(rules_state *rs, rules_ctx *ctx)
{
    rules_event tv = {.kind = RULES_EV_TURN, .value = 1};
    rules_emitf(ctx, tv, REF_DECK, "turn 1 begins");
    for (int s = 1; s <= rs->side_count; s++) {
        rules_event mv = {.kind = RULES_EV_MORALE,
                          .side = {(uint32_t)s},
                          .value = lcr_morale_total(&rs->morale[s - 1])};
        snprintf(mv.tag, sizeof mv.tag, "deal");
        const lcr_morale *m = &rs->morale[s - 1];
        rules_emitf(ctx, mv, REF_MORALE,
                    "%s: %d morale chits in piles of %d, %d, %d, %d, %d (Raw to Elite)",
                    table_side(ctx->table, mv.side)->name, mv.value, m->piles[0], m->piles[1],
                    m->piles[2], m->piles[3], m->piles[4]);
    }
    shuffle(rs, ctx);
}

static void resolve_draw(rules_state *rs, rules_ctx *ctx)
{
    if (rs->deck.draw_count == 0) {
        shuffle(rs, ctx); /* only if the End of Turn card was somehow lost */
        return;
    }
    int card = rs->deck.draw[rs->deck.draw_count - 1];
    char label[96];
    const lcr_card *c = &rs->deck.cards[card];
    if (c->kind == LCR_CARD_END_OF_TURN)
        snprintf(label, sizeof label, "the End of Turn card is drawn");
    else if (c->kind == LCR_CARD_SOLDIER)
        snprintf(label, sizeof label, "a soldier card of %s is drawn",
                 table_side(ctx->table, c->side)->name);
    else
        snprintf(label, sizeof label, "%s's card is drawn; it goes to his side",
                 name_of(ctx->table, c->leader));
    emit_card(ctx, "draw", card, c->leader, REF_DECK, label);
    if (c->kind == LCR_CARD_END_OF_TURN) {
        emit_card(ctx, "end_of_turn", card, (figure_id){0}, REF_DECK, "End of Turn");
        end_of_turn(rs, ctx);
    }
}

/* The acting figure and everyone in his command get the ACTIVATED flag. */
static void start_activation(rules_state *rs, rules_ctx *ctx, int card, figure_id actor,
                             const char *tag)
{
    const table *t = ctx->table;
    char text[160];
    snprintf(text, sizeof text, "%s acts on the card", name_of(t, actor));
    emit_card(ctx, tag, card, actor, REF_DECK, text);
    const figure *a = table_figure_const(t, actor);
    rules_event av = {.kind = RULES_EV_ACTIVATE, .figure = actor, .side = a->side, .unit = a->unit};
    if (rs->deck.cards[card].kind == LCR_CARD_SOLDIER || !lcr_is_leader(a)) {
        rules_emitf(ctx, av, REF_DECK, "%s acts alone on a soldier card", name_of(t, actor));
        emit_flag(ctx, "activated", actor, 1, "may act");
        return;
    }
    float radius = lcr_command_radius(rs->data, a);
    figure_id ids[RULES_CMD_FIGURES_MAX * 4];
    int n = lcr_command_in_command(t, rs->data, a, radius, ids, (int)(sizeof ids / sizeof ids[0]));
    rules_emitf(ctx, av, REF_ACT, "%s activates the figures of his unit within %.0f cm (%d)",
                name_of(t, actor), radius, n);
    for (int i = 0; i < n; i++) {
        const figure *f = table_figure_const(t, ids[i]);
        if (f->id.id != actor.id && (f->status & FIGURE_STATUS_DEMORALISED))
            continue;
        emit_flag(ctx, "activated", ids[i], 1, "in command");
    }
}

/* ---- moving ---------------------------------------------------------------------------------- */

/* First parameter t in [0, 1] along a -> b where f comes within contact of e; 2 when never. A
 * figure already within contact at a stops at once (t = 0) if he moves closer to e, and goes
 * freely if he moves away (seed 000, Close Combat: moving within 2.5 cm stops the figure). */
static float contact_t(const figure *f, vec2s a, vec2s b, const figure *e, float contact)
{
    float R = fig_radius(f) + fig_radius(e) + contact;
    vec2s d = glms_vec2_sub(b, a), m = glms_vec2_sub(a, e->pos);
    float A = glms_vec2_dot(d, d), B = 2 * glms_vec2_dot(m, d), C = glms_vec2_dot(m, m) - R * R;
    if (A < 1e-9f)
        return 2;
    if (C <= 0)
        return B < 0 ? 0 : 2;
    float disc = B * B - 4 * A * C;
    if (disc < 0)
        return 2;
    float t = (-B - sqrtf(disc)) / (2 * A);
    return t >= 0 && t <= 1 ? t : 2;
}

static float table_room(const table *t, const figure *f, vec2s at, vec2s dir)
{
    float r = fig_radius(f) + 0.05f, room = INFINITY;
    if (dir.x > 1e-6f)
        room = fminf(room, (t->width_cm - r - at.x) / dir.x);
    if (dir.x < -1e-6f)
        room = fminf(room, (r - at.x) / dir.x);
    if (dir.y > 1e-6f)
        room = fminf(room, (t->height_cm - r - at.y) / dir.y);
    if (dir.y < -1e-6f)
        room = fminf(room, (r - at.y) / dir.y);
    return fmaxf(room, 0);
}

typedef struct move_outcome {
    vec2s end;
    float spent;
    bool waiting;
    figure_id engaged_with;
} move_outcome;

/* Walks the straight line paying terrain, and rolling for each wall or hedge. */
static move_outcome walk(rules_state *rs, rules_ctx *ctx, const figure *f, vec2s start, vec2s dir,
                         float want, float allow)
{
    const table *t = ctx->table;
    move_outcome mo = {.end = start};
    path_desc pd = lcr_path_desc(rs);
    pd.stop_at_obstacle = true;
    float left = allow, moved = 0;
    want = fminf(want, table_room(t, f, start, dir));
    for (int guard = 0; guard < 16 && want - moved > 1e-3f && left > 1e-4f; guard++) {
        vec2s pts[2] = {mo.end, glms_vec2_add(mo.end, glms_vec2_scale(dir, want - moved))};
        path_result r;
        path_cost(t, &pd, pts, 2, left, &r);
        mo.end = r.end;
        left -= r.spent_cm;
        moved += r.moved_cm;
        if (r.stop != PATH_STOP_OBSTACLE || r.stop_feature < 0)
            break;
        const terrain_feature *tf = &t->features[r.stop_feature];
        const lcr_terrain *lt = lcr_data_terrain(rs->data, t->types[tf->type].name);
        if (lt && lt->obstacle_roll) {
            lcr_obstacle_roll roll;
            lcr_move_obstacle(rs->data, ctx->rng, left, &roll);
            int g = rules_roll_group(ctx);
            for (int i = 0; i < roll.dice; i++)
                rules_emit_die(ctx, rs->data->obstacle_sides, roll.faces[i], 0, "obstacle", f->id,
                               g, REF_WALL);
            char text[160];
            if (!roll.crosses) {
                snprintf(text, sizeof text,
                         "%s needs %d cm to cross the %s but has %.1f left: he waits there",
                         name_of(t, f->id), roll.cost_cm, t->types[tf->type].name, left);
                emit_note(ctx, f->id, REF_WALL, text);
                mo.end = glms_vec2_sub(mo.end, glms_vec2_scale(dir, fminf(0.05f, moved)));
                mo.waiting = true;
                break;
            }
            left -= (float)roll.cost_cm;
            snprintf(text, sizeof text, "crossing the %s costs %d cm of allowance",
                     t->types[tf->type].name, roll.cost_cm);
            emit_note(ctx, f->id, REF_WALL, text);
        }
        mo.end = glms_vec2_add(mo.end, glms_vec2_scale(dir, 0.05f));
        moved += 0.05f;
    }
    mo.spent = allow - left;
    return mo;
}

/* Stops the move where it first comes within contact distance of an enemy. */
static void stop_at_contact(const rules_state *rs, const table *t, const figure *f, vec2s start,
                            move_outcome *mo)
{
    float best = 2;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *e = &t->figures[i];
        if (e->side.id == f->side.id || !table_figure_active(e))
            continue;
        float tt = contact_t(f, start, mo->end, e, rs->data->contact_cm);
        if (tt < best) {
            best = tt;
            mo->engaged_with = e->id;
        }
    }
    if (best <= 1)
        mo->end = glms_vec2_lerp(start, mo->end, best);
}

/* Seed 000, Cavalry: the roll of a mounted figure explained ("regular cavalry: 20 + 5d6 = 37"). */
static void note_cavalry_roll(rules_state *rs, rules_ctx *ctx, const figure *f,
                              const lcr_allowance *a)
{
    const lcr_move_class *mc = lcr_move_class_of(rs->data, f);
    int sum = 0;
    for (int i = 0; i < a->dice; i++)
        sum += a->faces[i];
    char text[200];
    snprintf(text, sizeof text, "%s, %s cavalry: %.0f + %dd%d = %.0f + %d = %.1f cm%s%s",
             name_of(ctx->table, f->id), table_quality_name(f->quality), mc->base_cm, mc->dice,
             mc->sides, mc->base_cm, sum, a->cm,
             a->must_move_all ? ", moved in full, straight" : ", any distance up to it",
             mc->turns > 0 ? (mc->turns == 1 ? ", one turn allowed" : ", two turns allowed") : "");
    emit_note(ctx, f->id, REF_CAVALRY, text);
}

static void roll_allowance(rules_state *rs, rules_ctx *ctx, const figure *f, bool reform,
                           lcr_allowance *a)
{
    if (reform) {
        *a = (lcr_allowance){.cm = rs->data->reform_cm};
        return;
    }
    bool mounted = lcr_move_is_mounted(f);
    lcr_move_allowance(rs->data, f, ctx->rng, a);
    int g = rules_roll_group(ctx);
    for (int i = 0; i < a->dice; i++)
        rules_emit_die(ctx, lcr_move_class_of(rs->data, f)->sides, a->faces[i], 0, "move", f->id, g,
                       mounted ? REF_CAVALRY : REF_MOVE);
    if (mounted)
        note_cavalry_roll(rs, ctx, f, a);
    a->cm /= lcr_wounds_move_factor(rs, f); /* a light wound: movement costs double */
}

/* Moves one figure along its path (pts[0] is where it stands), stretch by stretch, each paid
 * from what the earlier ones left; a stretch cut short ends the move. */
static void move_one(rules_state *rs, rules_ctx *ctx, figure_id id, const vec2s *pts, int n,
                     bool reform)
{
    const table *t = ctx->table;
    const figure *f = table_figure_const(t, id);
    lcr_allowance a;
    roll_allowance(rs, ctx, f, reform, &a);
    move_outcome mo = {.end = f->pos};
    float left = a.cm, spent = 0;
    char text[200];
    for (int k = 1; k < n; k++) {
        vec2s from = mo.end, delta = glms_vec2_sub(pts[k], pts[k - 1]);
        float dist = glms_vec2_norm(delta);
        vec2s dir = glms_vec2_scale(delta, 1.0f / dist);
        float want = a.must_move_all && k == n - 1 ? INFINITY : dist;
        mo = walk(rs, ctx, f, from, dir, want, left);
        stop_at_contact(rs, t, f, from, &mo);
        /* Bases never overlap: a friend in the way stops him touching (core/place.h). */
        vec2s free_end;
        place_path_stop(t, id, from, mo.end, geom_angle_of(dir), NULL, 0, &free_end);
        if (glms_vec2_distance(free_end, mo.end) > 1e-4f) {
            mo.end = free_end;
            mo.waiting = false;
        }
        left -= mo.spent;
        spent += mo.spent;
        if (k == 1)
            snprintf(text, sizeof text, "%s %s %.1f cm (%.1f of %.1f cm allowance spent)%s",
                     name_of(t, id), reform ? "closes up" : "moves",
                     glms_vec2_distance(from, mo.end), spent, a.cm,
                     a.must_move_all ? ": raw troops move the whole roll" : "");
        else
            snprintf(text, sizeof text,
                     "%s turns %.0f degrees and moves %.1f cm (%.1f of %.1f cm allowance spent)",
                     name_of(t, id), lcr_move_turn_deg(pts[k - 2], pts[k - 1], pts[k]),
                     glms_vec2_distance(from, mo.end), spent, a.cm);
        emit_move(ctx, id, from, mo.end, geom_angle_of(dir), mo.spent,
                  reform   ? REF_REFORM
                  : k == 1 ? REF_MOVE
                           : REF_CAVALRY,
                  text);
        if (mo.waiting || mo.engaged_with.id || glms_vec2_distance(from, mo.end) < dist - 1e-3f)
            break;
    }
    emit_flag(ctx, "acted", id, 1, "has acted");
    bool was_waiting = (rs->flags[id.id - 1] & LCR_FF_WAITING) != 0;
    if (was_waiting != mo.waiting)
        emit_flag(ctx, "waiting", id, mo.waiting,
                  mo.waiting ? "waits at the obstacle" : "moves on");
    if (mo.engaged_with.id) {
        snprintf(text, sizeof text, "%s stops within %.1f cm of %s: close combat", name_of(t, id),
                 rs->data->contact_cm, name_of(t, mo.engaged_with));
        emit_flag(ctx, "engaged", id, (int)mo.engaged_with.id, text);
    }
}

void lcr_move_figure(rules_state *rs, rules_ctx *ctx, figure_id id, const vec2s *pts, int n)
{
    move_one(rs, ctx, id, pts, n, false);
}

/* The group's figures in marching order: the one furthest ahead along the way first, so those
 * behind are not stopped by friends who have yet to move. */
static void march_order(const table *t, const rules_command *cmd, int *order)
{
    const figure *ref = table_figure_const(t, cmd->figures[0]);
    vec2s dir = glms_vec2_sub(cmd->path[0], ref->pos);
    float ahead[RULES_CMD_FIGURES_MAX];
    for (int i = 0; i < cmd->figure_count; i++) {
        order[i] = i;
        ahead[i] = glms_vec2_dot(table_figure_const(t, cmd->figures[i])->pos, dir);
    }
    for (int i = 1; i < cmd->figure_count; i++)
        for (int j = i; j > 0 && ahead[order[j]] > ahead[order[j - 1]]; j--) {
            int tmp = order[j];
            order[j] = order[j - 1];
            order[j - 1] = tmp;
        }
}

static void resolve_move(rules_state *rs, rules_ctx *ctx, const rules_command *cmd, bool reform)
{
    const figure *ref = table_figure_const(ctx->table, cmd->figures[0]);
    vec2s lead = ref->pos;
    int order[RULES_CMD_FIGURES_MAX];
    march_order(ctx->table, cmd, order);
    for (int o = 0; o < cmd->figure_count; o++) {
        int i = order[o];
        const figure *f = table_figure_const(ctx->table, cmd->figures[i]);
        vec2s off = glms_vec2_sub(f->pos, lead);
        vec2s pts[RULES_CMD_PATH_MAX + 1] = {f->pos};
        for (int k = 0; k < cmd->path_count && k < RULES_CMD_PATH_MAX; k++)
            pts[k + 1] = glms_vec2_add(cmd->path[k], off);
        int n = (cmd->path_count < RULES_CMD_PATH_MAX ? cmd->path_count : RULES_CMD_PATH_MAX) + 1;
        move_one(rs, ctx, cmd->figures[i], pts, n, reform);
    }
}

/* ---- shooting ---------------------------------------------------------------------------------
 */

/* How many unit-mates stand one behind another in front of f (0: front rank). */
static int rank_of(const rules_state *rs, const table *t, const figure *f)
{
    const figure *cur = f;
    int rank = 0;
    for (int guard = 0; guard < 4; guard++) {
        const figure *ahead = NULL;
        vec2s fwd = geom_dir(f->facing);
        for (int i = 0; i < t->figure_count && !ahead; i++) {
            const figure *m = &t->figures[i];
            if (m == cur || m->unit.id != f->unit.id || !table_figure_active(m) ||
                !lcr_command_in_contact(rs->data, cur, m))
                continue;
            vec2s d = glms_vec2_sub(m->pos, cur->pos);
            if (glms_vec2_dot(d, fwd) > 0.8f * glms_vec2_norm(d))
                ahead = m;
        }
        if (!ahead)
            break;
        rank++;
        cur = ahead;
    }
    return rank;
}

typedef struct volley {
    int hits, ones_third;
    int group, group_third;
    figure_id front[RULES_CMD_FIGURES_MAX]; /* firers of the first two ranks */
    int front_count;
} volley;

static void fire_one(rules_state *rs, rules_ctx *ctx, const figure *f, const figure *target,
                     int rank, volley *v)
{
    const lcr_weapon *w = lcr_data_weapon(rs->data, f->weapon);
    int need;
    const char *band = "";
    float range = lcr_wounds_range(rs, f, glms_vec2_distance(f->pos, target->pos));
    if (!lcr_fire_need(w, range, &need, &band))
        return;
    bool mounted = lcr_move_is_mounted(f);
    int mod = mounted ? w->mounted_modifier : 0;
    /* The modifier is folded into the score needed, so the dice show as they fell. */
    need = lcr_fire_effective_need(rs->data, w, need, mounted);
    int confirm = lcr_fire_confirm_need(rs->data, need);
    lcr_fire_dice fd;
    lcr_fire_throw(ctx->rng, w->dice_per_man, confirm ? 6 : need, 0, &fd);
    int group = rank >= 2 ? v->group_third : v->group;
    if (mod)
        emit_modifier(ctx, f->id, mod, "firing mounted", REF_CAVALRY);
    int fatal = 0;
    for (int i = 0; i < fd.count && i < LCR_FIRE_DICE_MAX; i++) {
        rules_emit_die(ctx, 6, fd.faces[i], confirm ? 6 : need,
                       rank >= 2 ? "to_hit_third_rank" : "to_hit", f->id, group, REF_FIRE);
        fatal += fd.faces[i] == rs->data->third_rank_friendly_face;
    }
    /* Past 6 (firing mounted at long range): each 6 needs a second die to hit (assumed). */
    int hits = fd.successes;
    for (int i = 0; confirm && i < fd.successes; i++) {
        int face = dice_d6(ctx->rng);
        rules_emit_die(ctx, 6, face, confirm, "to_hit_confirm", f->id, group, REF_CAVALRY);
        hits -= face < confirm;
    }
    v->hits += hits;
    if (rank >= 2)
        v->ones_third += fatal;
    else if (v->front_count < RULES_CMD_FIGURES_MAX)
        v->front[v->front_count++] = f->id;
}

/* Saving rolls of hits on one figure: one die per hit; a 6 cancels it (mounted: 4-6, the horse
 * dying on 4-5). */
static int roll_saves_on(rules_state *rs, rules_ctx *ctx, const figure *target, int hits,
                         bool *horse)
{
    bool mounted =
        target->posture == FIGURE_POSTURE_MOUNTED && !(target->status & LCR_STATUS_UNHORSED);
    int group = rules_roll_group(ctx), saved = 0;
    for (int i = 0; i < hits; i++) {
        int face = dice_d6(ctx->rng);
        int need = mounted ? rs->data->save_mounted_horse_need : rs->data->save_foot_need;
        rules_emit_die(ctx, 6, face, need, "save", target->id, group, REF_SAVE);
        if (mounted) {
            lcr_save_result r = lcr_fire_save_mounted(rs->data, face);
            saved += r != LCR_SAVE_FAILED;
            *horse |= r == LCR_SAVE_HORSE_LOST;
        } else {
            saved += face >= need;
        }
    }
    if (saved) {
        rules_event ev = {.kind = RULES_EV_SAVE, .figure = target->id, .value = saved};
        rules_emitf(ctx, ev, REF_SAVE, "%d of %d hits cancelled by saving rolls", saved, hits);
    }
    return saved;
}

static int roll_saves(rules_state *rs, rules_ctx *ctx, const figure *target, int hits)
{
    bool horse = false;
    int saved = hits > 0 ? roll_saves_on(rs, ctx, target, hits, &horse) : 0;
    if (horse)
        emit_status(ctx, target->id, LCR_STATUS_UNHORSED, 0, REF_SAVE,
                    "the horse is killed; the rider fights on");
    return saved;
}

static void third_rank_losses(rules_state *rs, rules_ctx *ctx, volley *v)
{
    for (int k = 0; k < v->ones_third; k++) {
        figure_id alive[RULES_CMD_FIGURES_MAX];
        int n = 0;
        for (int i = 0; i < v->front_count; i++)
            if (table_figure_active(table_figure_const(ctx->table, v->front[i])))
                alive[n++] = v->front[i];
        if (n == 0)
            return;
        int pick = n == 1 ? 1 : rules_roll(ctx, n, 0, "third_rank_victim", alive[0], 0, REF_RANK3);
        casualty(rs, ctx, alive[pick - 1], FIGURE_STATUS_DEAD, REF_RANK3,
                 "a 1 thrown by the third rank hits a man of the front ranks");
    }
}

static int by_distance_cmp_ctx(const table *t, vec2s c, figure_id a, figure_id b)
{
    float da = glms_vec2_distance(table_figure_const(t, a)->pos, c);
    float db = glms_vec2_distance(table_figure_const(t, b)->pos, c);
    return (da > db) - (da < db);
}

/* The saving rolls of area fire, each hit saved by the figure it would fall on (*assumed*,
 * docs/rules/lcr.md): hit k falls on in[k mod n], nearest the centre first, so a volley into
 * cavalry can kill as many horses as it throws 4s and 5s. A rider whose horse dies saves any
 * later hit on foot. Returns the hits cancelled. */
static int area_saves(rules_state *rs, rules_ctx *ctx, const figure_id *in, int n, int hits)
{
    int group = rules_roll_group(ctx), saved = 0, horses = 0;
    bool unhorsed[RULES_CMD_FIGURES_MAX] = {0};
    for (int k = 0; k < hits; k++) {
        int i = k % n;
        const figure *f = table_figure_const(ctx->table, in[i]);
        bool mounted = lcr_move_is_mounted(f) && !unhorsed[i];
        int face = dice_d6(ctx->rng);
        int need = mounted ? rs->data->save_mounted_horse_need : rs->data->save_foot_need;
        rules_emit_die(ctx, 6, face, need, "save", f->id, group, REF_SAVE);
        if (!mounted) {
            saved += face >= need;
            continue;
        }
        lcr_save_result r = lcr_fire_save_mounted(rs->data, face);
        saved += r != LCR_SAVE_FAILED;
        if (r == LCR_SAVE_HORSE_LOST) {
            unhorsed[i] = true;
            horses++;
            emit_status(ctx, f->id, LCR_STATUS_UNHORSED, 0, REF_SAVE,
                        "the horse is killed; the rider fights on");
        }
    }
    if (saved) {
        rules_event ev = {.kind = RULES_EV_SAVE, .figure = in[0], .value = saved};
        rules_emitf(ctx, ev, REF_SAVE,
                    "%d of %d hits cancelled by saving rolls across the area (%d horses killed)",
                    saved, hits, horses);
    }
    return saved;
}

/* Area fire's hits from `from` (the firers' centre, or a gun) in a semicircle of `radius` on the
 * target; the firing side picks the casualties when there are fewer hits than figures inside. */
static void area_hits_at(rules_state *rs, rules_ctx *ctx, side_id firing_side, vec2s from,
                         const figure *target, float radius, int hits)
{
    const table *t = ctx->table;
    vec2s away = glms_vec2_sub(target->pos, from);
    figure_id in[RULES_CMD_FIGURES_MAX];
    int n = 0;
    for (int i = 0; i < t->figure_count && n < RULES_CMD_FIGURES_MAX; i++) {
        const figure *e = &t->figures[i];
        if (e->side.id != target->side.id || !table_figure_active(e) ||
            (rs->flags[i] & LCR_FF_ENGAGED))
            continue;
        if (lcr_fire_in_semicircle(target->pos, away, radius, e->pos))
            in[n++] = e->id;
    }
    for (int i = 1; i < n; i++) /* nearest the centre first: the suggested pick's order */
        for (int j = i; j > 0 && by_distance_cmp_ctx(t, target->pos, in[j - 1], in[j]) > 0; j--) {
            figure_id tmp = in[j];
            in[j] = in[j - 1];
            in[j - 1] = tmp;
        }
    char text[160];
    snprintf(text, sizeof text,
             "%d hits land in a semicircle of %.0f cm on %s, facing away from the firers: %d "
             "figures inside",
             hits, radius, name_of(t, target->id), n);
    emit_note(ctx, target->id, REF_AREA, text);
    if (hits > 0)
        hits -= n > 0 ? area_saves(rs, ctx, in, n, hits) : roll_saves(rs, ctx, target, hits);
    if (hits <= 0 || n == 0)
        return;
    if (hits >= n) {
        for (int i = 0; i < n; i++)
            casualty(rs, ctx, in[i], FIGURE_STATUS_DEAD, REF_ALLOC,
                     "every figure in the area is hit; surplus hits are lost");
        return;
    }
    rules_event ev = {.kind = RULES_EV_RULESET, .side = firing_side, .value = hits};
    snprintf(ev.tag, sizeof ev.tag, "alloc");
    rules_emitf(ctx, ev, REF_ALLOC,
                "the firing side picks %d of the %d figures (3 soldiers before an NCO, 6 before "
                "an officer)",
                hits, n);
    for (int i = 0; i < n; i++)
        emit_flag(ctx, "alloc_candidate", in[i], 0, "inside the area");
}

static void area_hits(rules_state *rs, rules_ctx *ctx, const rules_command *cmd,
                      const figure *target, int firers, int hits)
{
    vec2s c = lcr_centroid(ctx->table, cmd->figures, cmd->figure_count);
    area_hits_at(rs, ctx, cmd->side, c, target, (float)firers * rs->data->area_radius_cm_per_firer,
                 hits);
}

static void resolve_fire(rules_state *rs, rules_ctx *ctx, const rules_command *cmd)
{
    const table *t = ctx->table;
    const figure *target = table_figure_const(t, cmd->target);
    bool area = lcr_fire_is_area(rs, cmd->figures, cmd->figure_count);
    volley v = {.group = rules_roll_group(ctx), .group_third = rules_roll_group(ctx)};
    int firing = 0;
    for (int i = 0; i < cmd->figure_count; i++) {
        const figure *f = table_figure_const(t, cmd->figures[i]);
        const unit *u = table_unit_const(t, f->unit);
        bool formation = area && u && !lcr_data_is_loose(rs->data, u->formation);
        int rank = formation ? rank_of(rs, t, f) : 0;
        float face = geom_angle_of(glms_vec2_sub(target->pos, f->pos));
        if (!formation && fabsf(geom_angle_diff(face, f->facing)) > 1e-4f)
            emit_move(ctx, f->id, f->pos, f->pos, face, 0, REF_FIRE, "turns to face the target");
        emit_flag(ctx, "acted", f->id, 1, "fires");
        if (rank > 2) {
            emit_note(ctx, f->id, REF_RANK3, "a fourth rank cannot fire");
            continue;
        }
        fire_one(rs, ctx, f, target, rank, &v);
        firing++;
    }
    char text[160];
    snprintf(text, sizeof text, "%s fire by %d: %d hits", area ? "area" : "individual", firing,
             v.hits);
    emit_note(ctx, target->id, area ? REF_AREA : REF_FIRE, text);
    if (!area) {
        if (v.hits - lcr_resolve_saves(rs, ctx, target, v.hits) > 0)
            casualty(rs, ctx, target->id, FIGURE_STATUS_DEAD, REF_ALLOC,
                     "a single target hit is eliminated");
    } else {
        area_hits(rs, ctx, cmd, target, firing, v.hits); /* saved figure by figure */
    }
    third_rank_losses(rs, ctx, &v);
}

static void resolve_allocate(rules_state *rs, rules_ctx *ctx, const rules_command *cmd)
{
    for (int i = 0; i < cmd->figure_count; i++)
        casualty(rs, ctx, cmd->figures[i], FIGURE_STATUS_DEAD, REF_ALLOC,
                 "picked by the firing side inside the area");
    emit_flag(ctx, "alloc_done", (figure_id){0}, 0, "hits applied");
}

/* ---- close combat -----------------------------------------------------------------------------
 */

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
            emit_modifier(ctx, cs[s]->id, m[k].value, m[k].source, REF_COMBAT);
    }
    lcr_combat_result r;
    lcr_combat_fight(ctx->rng, rs->data, &ca, &cb, &r);
    int g = rules_roll_group(ctx);
    for (int round = 0; round < r.rounds; round++) {
        rules_emit_die(ctx, rs->data->combat_die_sides, r.faces[round][0], 0, "close_combat", a->id,
                       g, REF_COMBAT);
        rules_emit_die(ctx, rs->data->combat_die_sides, r.faces[round][1], 0, "close_combat", b->id,
                       g, REF_COMBAT);
        if (round + 1 < r.rounds)
            emit_note(ctx, a->id, REF_COMBAT, "a tie: both throw again");
    }
    const figure *winner = r.winner == 0 ? a : b, *loser = r.winner == 0 ? b : a;
    char text[160];
    int last = r.rounds - 1;
    snprintf(text, sizeof text, "%s %d against %d%s", name_of(t, winner->id),
             r.total[last][r.winner], r.total[last][1 - r.winner],
             r.won_by_single_rank ? ": a tie, won by the single rank" : "");
    emit_note(ctx, winner->id, REF_COMBAT, text);
    casualty(rs, ctx, loser->id, FIGURE_STATUS_DEAD, REF_COMBAT, "loses the close combat");
}

static void close_combats(rules_state *rs, rules_ctx *ctx)
{
    const table *t = ctx->table;
    bool busy[1024] = {0};
    if (t->figure_count > 1024)
        return;
    figure_id pa[256], pb[256];
    int pairs = 0;
    for (int i = 0; i < t->figure_count && pairs < 256; i++) {
        const figure *f = &t->figures[i];
        if (!(rs->flags[i] & LCR_FF_ACTIVATED) || !table_figure_active(f) || busy[i])
            continue;
        const figure *best = NULL;
        double best_d = INFINITY;
        for (int j = 0; j < t->figure_count; j++) {
            const figure *e = &t->figures[j];
            if (e->side.id == f->side.id || !table_figure_active(e) || busy[j])
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

static void end_activation(rules_state *rs, rules_ctx *ctx)
{
    close_combats(rs, ctx);
    if (rs->active >= 0)
        emit_card(ctx, "discard", rs->active, rs->actor, REF_DECK, "the card is discarded");
}

/* ---- rally ------------------------------------------------------------------------------------
 */

static void resolve_rally(rules_state *rs, rules_ctx *ctx)
{
    const table *t = ctx->table;
    const figure *l = table_figure_const(t, rs->actor);
    float r = lcr_command_radius(rs->data, l) * rs->data->rally_radius_fraction;
    int hold = lcr_morale_rally_hold(&rs->morale[l->side.id - 1]);
    emit_flag(ctx, "acted", l->id, 1, "spends his whole activation rallying");
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        if (f->side.id != l->side.id || !table_figure_active(f) || f == l ||
            !(f->status & FIGURE_STATUS_DEMORALISED) || glms_vec2_distance(f->pos, l->pos) > r)
            continue;
        char text[160];
        snprintf(text, sizeof text, "%s is rallied by %s; he routs again when the %s pile empties",
                 name_of(t, f->id), name_of(t, l->id), table_quality_name((figure_quality)hold));
        emit_flag(ctx, "hold", f->id, hold, text);
        emit_status(ctx, f->id, 0, FIGURE_STATUS_DEMORALISED, REF_RALLY, "rallied");
    }
    end_activation(rs, ctx);
}

/* ---- dispatch ---------------------------------------------------------------------------------
 */

void lcr_resolve(rules_state *rs, rules_ctx *ctx, const rules_command *cmd)
{
    if (lcr_wounds_resolve(rs, ctx, cmd)) { /* CHOOSE, AID, CHALLENGE (killed and wounded) */
        lcr_wounds_after_command(rs, ctx);
        check_victory(rs, ctx);
        return;
    }
    switch (cmd->kind) {
    case RULES_CMD_DRAW_CARD:
        resolve_draw(rs, ctx);
        break;
    case RULES_CMD_PASS:
        emit_flag(ctx, "pass", (figure_id){0}, 0, "no interrupt: the card's owner acts");
        break;
    case RULES_CMD_RESERVE_CARD:
        emit_card(ctx, "reserve", rs->drawn, (figure_id){0}, REF_DECK,
                  "the card is reserved, to be played later (even to interrupt)");
        break;
    case RULES_CMD_PLAY_RESERVED:
        start_activation(rs, ctx, cmd->card - 1, cmd->figure, "play");
        break;
    case RULES_CMD_ACTIVATE:
        start_activation(rs, ctx, rs->drawn, cmd->figure, "use");
        break;
    case RULES_CMD_MOVE:
        resolve_move(rs, ctx, cmd, false);
        break;
    case RULES_CMD_REFORM:
        resolve_move(rs, ctx, cmd, true);
        break;
    case RULES_CMD_FIRE:
        if (lcr_artillery_is_gun_fire(rs, ctx->table, cmd))
            lcr_artillery_resolve(rs, ctx, cmd);
        else
            resolve_fire(rs, ctx, cmd);
        break;
    case RULES_CMD_CHARGE:
        lcr_charge_resolve(rs, ctx, cmd);
        break;
    case RULES_CMD_ALLOCATE:
        resolve_allocate(rs, ctx, cmd);
        break;
    case RULES_CMD_RALLY:
        resolve_rally(rs, ctx);
        break;
    case RULES_CMD_END_ACTIVATION:
        end_activation(rs, ctx);
        break;
    default:
        break;
    }
    lcr_wounds_after_command(rs, ctx);
    lcr_sight_after_command(rs, ctx);
    check_victory(rs, ctx);
}

/* ---- shared with lcr_artillery_play.c -------------------------------------------------------- */

void lcr_resolve_casualty(rules_state *rs, rules_ctx *ctx, figure_id id, const char *ref,
                          const char *why)
{
    casualty(rs, ctx, id, FIGURE_STATUS_DEAD, ref, why);
}

int lcr_resolve_saves(rules_state *rs, rules_ctx *ctx, const figure *target, int hits)
{
    return roll_saves(rs, ctx, target, hits);
}

void lcr_resolve_area_hits(rules_state *rs, rules_ctx *ctx, side_id firing_side, vec2s from,
                           const figure *target, float radius, int hits)
{
    area_hits_at(rs, ctx, firing_side, from, target, radius, hits);
}
