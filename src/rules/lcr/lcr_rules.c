/* Little Colonial Rules on the engine: the rules_ops table, the per-match state, apply() and the
 * queries. Resolution of commands into events is in lcr_resolve.c. */
#include "rules/lcr/lcr_rules.h"

#include "core/mem.h"
#include "rules/lcr/lcr_artillery.h"
#include "rules/lcr/lcr_charge.h"
#include "rules/lcr/lcr_command.h"
#include "rules/lcr/lcr_move.h"
#include "rules/lcr/lcr_state.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- small helpers shared with lcr_resolve.c ------------------------------------------------ */

side_id lcr_other_side(const rules_state *rs, side_id s)
{
    int n = rs->side_count > 0 ? rs->side_count : 2;
    return (side_id){(s.id % (uint32_t)n) + 1};
}

bool lcr_is_leader(const figure *f)
{
    return lcr_data_rank_of(f->role) >= 0;
}

path_desc lcr_path_desc(const rules_state *rs)
{
    return (path_desc){.mult = rs->mult, .clear_mult = 1.0f, .stop_at_obstacle = false};
}

bool lcr_figure_can_fire(const rules_state *rs, const figure *f)
{
    const lcr_weapon *w = lcr_data_weapon(rs->data, f->weapon);
    return w && w->dice_per_man > 0 && w->band_count > 0;
}

static bool figure_fighting(const rules_state *rs, const figure *f)
{
    return (rs->flags[f->id.id - 1] & LCR_FF_ENGAGED) || (f->status & FIGURE_STATUS_IN_COMBAT);
}

bool lcr_hidden(const rules_state *rs, const table *t, vec2s from, float from_eye_ft,
                const figure *target, int *feature)
{
    if (!rs->los)
        return false;
    float eye =
        lcr_sight_eye_ft(&rs->sight, fmaxf(from_eye_ft, table_posture_eye_ft(target->posture)));
    los_result r = los_points(rs->los, t, from, target->pos, eye, NULL);
    if (feature)
        *feature = r.feature;
    return r.verdict != LOS_CLEAR;
}

/* Is e inside the arc of fire of one of the formation firers (every enemy when none of them is
 * in formation: activated fire goes any way)? */
static bool in_group_arc(const rules_state *rs, const table *t, const figure_id *firers, int n,
                         const figure *e)
{
    bool any_formation = false;
    for (int i = 0; i < n; i++) {
        const figure *f = table_figure_const(t, firers[i]);
        const unit *u = f ? table_unit_const(t, f->unit) : NULL;
        if (!u || lcr_data_is_loose(rs->data, u->formation))
            continue;
        any_formation = true;
        if (lcr_fire_in_arc(f->pos, f->facing, rs->data->formation_arc_deg, e->pos))
            return true;
    }
    return !any_formation;
}

static figure_id nearest_enemy_of(const rules_state *rs, const table *t, side_id sd, vec2s p,
                                  bool sight, const figure_id *firers, int firer_count)
{
    /* Candidates in order of (distance, id); sight is checked only on the way out, so usually
     * once or twice. */
    float last_d = -1;
    uint32_t last_id = 0;
    for (;;) {
        const figure *best = NULL;
        float bd = INFINITY;
        for (int i = 0; i < t->figure_count; i++) {
            const figure *e = &t->figures[i];
            if (e->side.id == sd.id || !table_figure_active(e) || figure_fighting(rs, e) ||
                (firer_count > 0 && !in_group_arc(rs, t, firers, firer_count, e)))
                continue;
            float d = glms_vec2_distance(e->pos, p);
            if (d < last_d || (d == last_d && e->id.id <= last_id))
                continue;
            if (!best || d < bd || (d == bd && e->id.id < best->id.id)) {
                best = e;
                bd = d;
            }
        }
        if (!best)
            return (figure_id){0};
        if (!sight || !lcr_hidden(rs, t, p, table_posture_eye_ft(FIGURE_POSTURE_FOOT), best, NULL))
            return best->id;
        last_d = bd;
        last_id = best->id.id;
    }
}

figure_id lcr_nearest_enemy(const rules_state *rs, const table *t, side_id sd, vec2s p)
{
    return nearest_enemy_of(rs, t, sd, p, true, NULL, 0);
}

figure_id lcr_nearest_enemy_any(const rules_state *rs, const table *t, side_id sd, vec2s p)
{
    return nearest_enemy_of(rs, t, sd, p, false, NULL, 0);
}

figure_id lcr_area_target(const rules_state *rs, const table *t, side_id sd,
                          const figure_id *firers, int n)
{
    return nearest_enemy_of(rs, t, sd, lcr_centroid(t, firers, n), true, firers, n);
}

vec2s lcr_centroid(const table *t, const figure_id *ids, int n)
{
    vec2s c = {{0, 0}};
    for (int i = 0; i < n; i++)
        c = glms_vec2_add(c, table_figure_const(t, ids[i])->pos);
    return n > 0 ? glms_vec2_scale(c, 1.0f / (float)n) : c;
}

bool lcr_fire_is_area(const rules_state *rs, const figure_id *firers, int n)
{
    /* Individual fire: a figure on a soldier card, or the acting leader firing alone. */
    if (rs->actor_is_soldier)
        return false;
    return !(n == 1 && firers[0].id == rs->actor.id);
}

bool lcr_can_use_card(const rules_state *rs, const table *t, int card, figure_id actor, char *why,
                      size_t why_size)
{
    const lcr_card *c = &rs->deck.cards[card];
    const figure *f = table_figure_const(t, actor);
    if (!f || !table_figure_active(f) || f->side.id != c->side.id) {
        snprintf(why, why_size, "the acting figure must be an active figure of the card's side");
        return false;
    }
    /* Seed 000, Morale and Rallying: the demoralised, leaders included, act on no card; only
     * another leader's rally brings them back. */
    if (f->status & FIGURE_STATUS_DEMORALISED) {
        snprintf(why, why_size,
                 "%s is demoralised: he acts on no card until another leader rallies him",
                 f->name[0] ? f->name : table_role_name(f->role));
        return false;
    }
    if (c->kind == LCR_CARD_SOLDIER)
        return true;
    const figure *own = table_figure_const(t, c->leader);
    /* Seed 000, Cavalry: cavalry and infantry order cards never serve the other arm. */
    if (own && lcr_command_is_cavalry(t, own) != lcr_command_is_cavalry(t, f)) {
        snprintf(why, why_size, "%s",
                 lcr_command_is_cavalry(t, own) ? "a cavalry order card never orders infantry"
                                                : "an infantry order card never orders cavalry");
        return false;
    }
    /* Seed 000, Order Deck (the Toledo example): Player B uses one tribal leader's card to order
     * another leader's band, so native leaders' cards serve any native leader of the side. */
    if (own && own->role == FIGURE_ROLE_LEADER && f->role == FIGURE_ROLE_LEADER)
        return true;
    /* A demoralised leader's card is taken up by another leader, as a dead leader's is
     * (assumed, docs/rules/lcr.md): so someone may come and rally him. */
    if (own && table_figure_active(own) && !(own->status & FIGURE_STATUS_DEMORALISED)) {
        if (actor.id != own->id.id) {
            snprintf(why, why_size, "this card belongs to %s",
                     own->name[0] ? own->name : "its leader");
            return false;
        }
        return true;
    }
    /* Seed 000, Order Deck (the Toledo example): the card of a leader killed before he acted
     * passes to another leader of the same side. */
    if (!lcr_is_leader(f)) {
        snprintf(why, why_size, "the card's leader is %s: another leader must take it",
                 own && table_figure_active(own) ? "demoralised" : "dead");
        return false;
    }
    return true;
}

/* Does the straight line from a to b pass over terrain that blocks fire, or over a friendly
 * base (other than those the formation may fire through)? */
bool lcr_line_blocked(const rules_state *rs, const table *t, const figure *firer,
                      const figure *target, bool formation, char *why, size_t why_size)
{
    geom_segment s = {firer->pos, target->pos};
    for (int i = 0; i < t->feature_count; i++) {
        const terrain_feature *tf = &t->features[i];
        const lcr_terrain *lt = lcr_data_terrain(rs->data, t->types[tf->type].name);
        if (!lt || !lt->blocks_individual_fire)
            continue;
        bool hit = tf->shape == TERRAIN_SHAPE_AREA ? geom_segment_polygon_intersect(s, &tf->area)
                                                   : geom_segment_polyline_intersect(s, &tf->line);
        if (hit) {
            snprintf(why, why_size, "the line of fire is blocked by %s",
                     tf->name[0] ? tf->name : t->types[tf->type].name);
            return true;
        }
    }
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        if (f == firer || f->side.id != firer->side.id || !table_figure_active(f))
            continue;
        geom_placed_base b = {f->base, f->pos, f->facing};
        if (!geom_segment_base_intersect(s, &b))
            continue;
        /* Formation fire passes through a friend of the same unit directly in front: for a
         * second or third rank, the figure(s) of its file ahead of it. */
        bool file_ahead = formation && f->unit.id == firer->unit.id &&
                          glms_vec2_distance(f->pos, firer->pos) <=
                              2.0f * (2.0f * firer->base.radius_cm + rs->data->contact_gap_cm);
        if (!file_ahead) {
            snprintf(why, why_size, "the line of fire crosses a friendly base (%s)",
                     f->name[0] ? f->name : table_role_name(f->role));
            return true;
        }
    }
    return false;
}

/* ---- create, destroy, clone ------------------------------------------------------------------ */

static void set_multipliers(rules_state *rs, const table *t)
{
    for (int i = 0; i < t->type_count && i < LCR_TYPES_MAX; i++) {
        const lcr_terrain *lt = lcr_data_terrain(rs->data, t->types[i].name);
        rs->mult[i] = lt ? lt->move_mult : t->types[i].move_mult;
    }
}

static int reinforcement_group_of(const scenario *scn, unit_id u)
{
    for (int g = 0; scn && g < scn->reinforcement_count; g++)
        for (int k = 0; k < scn->reinforcements[g].unit_count; k++)
            if (scn->reinforcements[g].units[k].id == u.id)
                return g;
    return -1;
}

static int option_int(const scenario *scn, const char *key, int fallback)
{
    json_t *v = scn && scn->rules_options ? json_object_get(scn->rules_options, key) : NULL;
    return json_is_integer(v) ? (int)json_integer_value(v) : fallback;
}

static bool in_game(const figure *f)
{
    return !(f->status & (FIGURE_STATUS_DEAD | FIGURE_STATUS_CAPTURED));
}

/* The cavalry leaders of a unit who hold its troop cards: its NCOs, else its officers. */
static int cavalry_card_holders(const table *t, unit_id u, figure_id *out, int max)
{
    int n = 0;
    for (int pass = 0; pass < 2 && n == 0; pass++)
        for (int i = 0; i < t->figure_count && n < max; i++) {
            const figure *f = &t->figures[i];
            int rank = lcr_data_rank_of(f->role);
            bool want = pass == 0 ? rank == LCR_RANK_NCO || rank == LCR_RANK_LEADER
                                  : rank >= LCR_RANK_OFFICER;
            if (f->unit.id == u.id && in_game(f) && want && lcr_command_is_cavalry(t, f))
                out[n++] = f->id;
        }
    return n;
}

/* Seed 000, Cavalry: a cavalry unit adds one card per ten troopers or fewer; the cards are dealt
 * in turn to its NCOs, else to its officers (assumed), and pass on as leaders' cards do. */
static void add_cavalry_unit_cards(rules_state *rs, const table *t, const unit *u)
{
    int troopers = 0;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        troopers += f->unit.id == u->id.id && in_game(f) && !lcr_is_leader(f) &&
                    lcr_command_is_cavalry(t, f);
    }
    figure_id holders[32];
    int nh = cavalry_card_holders(t, u->id, holders, 32);
    int cards = lcr_deck_cavalry_unit_cards(rs->data, troopers);
    int group = reinforcement_group_of(rs->scn, u->id);
    for (int k = 0; nh > 0 && k < cards; k++)
        lcr_deck_add(&rs->deck,
                     &(lcr_card){.kind = LCR_CARD_LEADER,
                                 .side = u->side,
                                 .leader = holders[k % nh],
                                 .place = group >= 0 ? LCR_PLACE_WAITING : LCR_PLACE_DRAW,
                                 .reinforcement = group});
}

static void build_deck(rules_state *rs, const table *t)
{
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        if (!lcr_is_leader(f) || (f->status & (FIGURE_STATUS_DEAD | FIGURE_STATUS_CAPTURED)))
            continue;
        lcr_deck_add_leader(&rs->deck, rs->data, f, lcr_command_is_cavalry(t, f),
                            reinforcement_group_of(rs->scn, f->unit));
    }
    for (int u = 0; u < t->unit_count; u++)
        add_cavalry_unit_cards(rs, t, &t->units[u]);
    int soldier_cards = option_int(rs->scn, "soldier_cards", rs->data->soldier_cards);
    for (int s = 1; s <= t->side_count; s++)
        for (int k = 0; k < soldier_cards; k++)
            lcr_deck_add(&rs->deck, &(lcr_card){.kind = LCR_CARD_SOLDIER,
                                                .side = {(uint32_t)s},
                                                .place = LCR_PLACE_DRAW,
                                                .reinforcement = -1});
    lcr_deck_add(
        &rs->deck,
        &(lcr_card){.kind = LCR_CARD_END_OF_TURN, .place = LCR_PLACE_DRAW, .reinforcement = -1});
}

static void deal_morale(rules_state *rs, const table *t)
{
    int on_table[LCR_SIDES_MAX] = {0};
    int *in_group = mem_calloc((size_t)rs->group_count + 1, sizeof *in_group);
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        if (f->side.id == 0 || f->side.id > LCR_SIDES_MAX ||
            (f->status & (FIGURE_STATUS_DEAD | FIGURE_STATUS_CAPTURED)))
            continue;
        int g = reinforcement_group_of(rs->scn, f->unit);
        if (g >= 0)
            in_group[g]++;
        else
            on_table[f->side.id - 1]++;
    }
    for (int s = 0; s < rs->side_count && s < LCR_SIDES_MAX; s++) {
        rs->morale[s] = lcr_morale_deal(rs->data, on_table[s]);
        rs->start_figures[s] = on_table[s];
    }
    for (int g = 0; g < rs->group_count; g++)
        rs->group_morale[g] = lcr_morale_deal(rs->data, in_group[g]);
    free(in_group);
}

static vec2s home_of(const rules_state *rs, const figure *f, uint8_t *edge)
{
    int g = reinforcement_group_of(rs->scn, f->unit);
    *edge = g >= 0 ? (uint8_t)rs->scn->reinforcements[g].edge : SCENARIO_EDGE_NONE;
    return *edge != SCENARIO_EDGE_NONE ? rs->scn->reinforcements[g].entry : f->pos;
}

static rules_state *lcr_create(const rules_create_desc *desc, char *err, size_t err_size)
{
    lcr_data_error derr;
    lcr_data *data;
    if (desc->data_dir) {
        char path[1024];
        snprintf(path, sizeof path, "%s/lcr.json", desc->data_dir);
        data = lcr_data_load_file(path, &derr);
    } else {
        data = lcr_data_load_default(&derr);
    }
    if (!data) {
        lcr_data_error_format(&derr, err, err_size);
        return NULL;
    }
    const table *t = desc->table;
    if (!lcr_data_check_scenario(data, desc->scenario, err, err_size)) {
        lcr_data_destroy(data);
        return NULL;
    }
    if (t->side_count < 2 || t->side_count > LCR_SIDES_MAX) {
        snprintf(err, err_size, "lcr needs 2 to %d sides, the scenario has %d", LCR_SIDES_MAX,
                 t->side_count);
        lcr_data_destroy(data);
        return NULL;
    }
    rules_state *rs = mem_calloc(1, sizeof *rs);
    rs->data = data;
    rs->scn = desc->scenario;
    rs->side_count = t->side_count;
    rs->drawn = rs->active = -1;
    rs->drawer = (side_id){1};
    rs->max_turns = data->max_turns;
    for (int v = 0; rs->scn && v < rs->scn->victory_count; v++)
        if (strcmp(rs->scn->victory[v].kind, "turns") == 0 && rs->scn->victory[v].turns > 0)
            rs->max_turns = rs->scn->victory[v].turns;
    rs->max_turns = option_int(rs->scn, "max_turns", rs->max_turns);
    rs->group_count = rs->scn ? rs->scn->reinforcement_count : 0;
    rs->group_morale = mem_calloc((size_t)rs->group_count + 1, sizeof *rs->group_morale);
    rs->arrived = mem_calloc((size_t)rs->group_count + 1, sizeof *rs->arrived);
    rs->fig_count = t->figure_count;
    rs->flags = mem_calloc((size_t)t->figure_count + 1, sizeof *rs->flags);
    rs->hold = mem_calloc((size_t)t->figure_count + 1, sizeof *rs->hold);
    rs->home = mem_calloc((size_t)t->figure_count + 1, sizeof *rs->home);
    rs->home_edge = mem_calloc((size_t)t->figure_count + 1, sizeof *rs->home_edge);
    for (int i = 0; i < t->figure_count; i++) {
        rs->hold[i] = -1;
        rs->home[i] = home_of(rs, &t->figures[i], &rs->home_edge[i]);
    }
    set_multipliers(rs, t);
    if (!lcr_sight_init(&rs->sight, data, rs->scn, t, err, err_size) ||
        !lcr_wounds_init(&rs->wounds, data, rs->scn, t, err, err_size)) {
        rs->los_refs = NULL;
        lcr_data_destroy(data);
        lcr_sight_free(&rs->sight);
        free(rs->group_morale);
        free(rs->arrived);
        free(rs->flags);
        free(rs->hold);
        free(rs->home);
        free(rs->home_edge);
        free(rs);
        return NULL;
    }
    rs->los = lcr_sight_los_create(&rs->sight, t);
    rs->los_refs = mem_calloc(1, sizeof *rs->los_refs);
    *rs->los_refs = 1;
    lcr_deck_init(&rs->deck);
    build_deck(rs, t);
    deal_morale(rs, t);
    return rs;
}

static void lcr_destroy(rules_state *rs)
{
    if (!rs)
        return;
    if (rs->los_refs && --*rs->los_refs == 0) {
        lcr_data_destroy(rs->data);
        los_destroy(rs->los);
        free(rs->los_refs);
    }
    lcr_deck_free(&rs->deck);
    free(rs->group_morale);
    free(rs->arrived);
    free(rs->flags);
    free(rs->hold);
    free(rs->home);
    free(rs->home_edge);
    lcr_sight_free(&rs->sight);
    free(rs);
}

static rules_state *lcr_clone(const rules_state *rs)
{
    rules_state *c = mem_dup(rs, 1, sizeof *rs);
    ++*c->los_refs; /* data and terrain never change: clones share them */
    lcr_deck_copy(&c->deck, &rs->deck);
    c->group_morale =
        mem_dup(rs->group_morale, (size_t)rs->group_count + 1, sizeof *c->group_morale);
    c->arrived = mem_dup(rs->arrived, (size_t)rs->group_count + 1, sizeof *c->arrived);
    c->flags = mem_dup(rs->flags, (size_t)rs->fig_count + 1, sizeof *c->flags);
    c->hold = mem_dup(rs->hold, (size_t)rs->fig_count + 1, sizeof *c->hold);
    c->home = mem_dup(rs->home, (size_t)rs->fig_count + 1, sizeof *c->home);
    c->home_edge = mem_dup(rs->home_edge, (size_t)rs->fig_count + 1, sizeof *c->home_edge);
    lcr_sight_copy(&c->sight, &rs->sight);
    return c;
}

/* ---- apply: the only place the state changes ------------------------------------------------ */

typedef struct dead_ctx {
    const table *t;
} dead_ctx;

static bool leader_gone(const void *ctx, figure_id id)
{
    const figure *f = table_figure_const(((const dead_ctx *)ctx)->t, id);
    return !f || (f->status & (FIGURE_STATUS_DEAD | FIGURE_STATUS_CAPTURED)) ||
           ((f->status & FIGURE_STATUS_OFF_TABLE) && false);
}

static void clear_activation(rules_state *rs)
{
    for (int i = 0; i < rs->fig_count; i++)
        rs->flags[i] &= (uint8_t) ~(LCR_FF_ACTIVATED | LCR_FF_ACTED | LCR_FF_ENGAGED);
    rs->actor = (figure_id){0};
    rs->actor_is_soldier = false;
    rs->actor_busy = false;
}

static void apply_card(rules_state *rs, const rules_event *ev)
{
    int card = ev->value - 1;
    if (card < 0 || card >= rs->deck.card_count)
        return;
    if (strcmp(ev->tag, "draw") == 0) {
        if (rs->deck.draw_count > 0)
            rs->deck.draw_count--;
        lcr_deck_move(&rs->deck, card, LCR_PLACE_DRAWN);
        rs->drawn = card;
        rs->interrupt_closed = false;
    } else if (strcmp(ev->tag, "end_of_turn") == 0) {
        lcr_deck_move(&rs->deck, card, LCR_PLACE_DISCARD);
        rs->drawn = -1;
    } else if (strcmp(ev->tag, "reserve") == 0) {
        lcr_deck_move(&rs->deck, card, LCR_PLACE_HAND);
        rs->drawn = -1;
        rs->drawer = lcr_other_side(rs, ev->side);
    } else if (strcmp(ev->tag, "play") == 0 || strcmp(ev->tag, "use") == 0) {
        bool from_hand = strcmp(ev->tag, "play") == 0;
        lcr_deck_move(&rs->deck, card, LCR_PLACE_IN_PLAY);
        rs->interrupting = from_hand && rs->drawn >= 0;
        rs->interrupt_closed = true;
        if (!from_hand)
            rs->drawn = -1;
        rs->active = card;
        rs->actor = ev->figure;
        rs->acting_side = ev->side;
        rs->actor_is_soldier = rs->deck.cards[card].kind == LCR_CARD_SOLDIER;
        rs->actor_busy = false;
    } else if (strcmp(ev->tag, "discard") == 0) {
        lcr_deck_move(&rs->deck, card, LCR_PLACE_DISCARD);
        rs->active = -1;
        if (!rs->interrupting)
            rs->drawer = lcr_other_side(rs, rs->acting_side);
        rs->interrupting = false;
        clear_activation(rs);
    }
}

static void apply_ruleset(rules_state *rs, const table *t, const rules_event *ev)
{
    int fi = (int)ev->figure.id - 1;
    bool has_fig = fi >= 0 && fi < rs->fig_count;
    if (strcmp(ev->tag, "pass") == 0) {
        rs->interrupt_closed = true;
    } else if (strcmp(ev->tag, "shuffle_seed") == 0) {
        rs->shuffle_seed = (uint32_t)ev->value;
    } else if (strcmp(ev->tag, "activated") == 0 && has_fig) {
        rs->flags[fi] |= LCR_FF_ACTIVATED;
    } else if (strcmp(ev->tag, "acted") == 0 && has_fig) {
        rs->flags[fi] |= LCR_FF_ACTED;
        if (ev->figure.id == rs->actor.id)
            rs->actor_busy = true;
    } else if (strcmp(ev->tag, "waiting") == 0 && has_fig) {
        rs->flags[fi] =
            (uint8_t)(ev->value ? rs->flags[fi] | LCR_FF_WAITING : rs->flags[fi] & ~LCR_FF_WAITING);
    } else if (strcmp(ev->tag, "engaged") == 0 && has_fig) {
        rs->flags[fi] |= LCR_FF_ENGAGED;
    } else if (strcmp(ev->tag, "hold") == 0 && has_fig) {
        rs->hold[fi] = (int8_t)ev->value;
    } else if (strcmp(ev->tag, "arrive") == 0 && ev->value >= 0 && ev->value < rs->group_count) {
        rs->arrived[ev->value] = true;
    } else if (strcmp(ev->tag, "alloc") == 0) {
        rs->alloc_hits = ev->value;
        rs->alloc_side = ev->side;
        rs->alloc_count = 0;
    } else if (strcmp(ev->tag, "alloc_candidate") == 0 && rs->alloc_count < RULES_CMD_FIGURES_MAX) {
        const figure *f = table_figure_const(t, ev->figure);
        if (f)
            rs->alloc[rs->alloc_count++] = (lcr_fire_candidate){f->id, f->role};
    } else if (strcmp(ev->tag, "alloc_done") == 0) {
        rs->alloc_hits = 0;
        rs->alloc_count = 0;
        rs->alloc_side = (side_id){0};
    }
}

static void apply_morale(rules_state *rs, const rules_event *ev)
{
    if (ev->side.id == 0 || ev->side.id > (uint32_t)rs->side_count)
        return;
    int s = (int)ev->side.id - 1;
    if (strcmp(ev->tag, "take") == 0) {
        lcr_morale_take(&rs->morale[s]);
        rs->casualties[s]++;
    } else if (strcmp(ev->tag, "add") == 0 && ev->value >= 0 && ev->value < rs->group_count) {
        lcr_morale_add(&rs->morale[s], &rs->group_morale[ev->value]);
        rs->start_figures[s] += 0;
    }
}

static void lcr_apply(rules_state *rs, const table *t, const rules_event *ev)
{
    if (lcr_wounds_apply(rs, t, ev) || lcr_sight_apply(rs, t, ev))
        return; /* the optional rules' own events */
    switch (ev->kind) {
    case RULES_EV_CARD:
        apply_card(rs, ev);
        break;
    case RULES_EV_SHUFFLE: {
        dice_rng shuffle;
        dice_seed(&shuffle, rs->shuffle_seed);
        dead_ctx dc = {t};
        lcr_deck_reshuffle(&rs->deck, &shuffle, rs->arrived, rs->group_count, leader_gone, &dc);
        rs->drawn = rs->active = -1;
        break;
    }
    case RULES_EV_TURN:
        rs->turn = ev->value;
        break;
    case RULES_EV_RULESET:
        apply_ruleset(rs, t, ev);
        break;
    case RULES_EV_MORALE:
        apply_morale(rs, ev);
        break;
    case RULES_EV_GAME_OVER:
        rs->over = true;
        rs->winner = ev->side;
        snprintf(rs->reason, sizeof rs->reason, "%.127s", ev->text);
        break;
    default:
        break;
    }
}

static void lcr_hash(const rules_state *rs, rules_hasher *hs)
{
    rules_hash_i32(hs, rs->turn);
    rules_hash_i32(hs, rs->drawn);
    rules_hash_i32(hs, rs->active);
    rules_hash_u32(hs, (uint32_t)rs->interrupting | (uint32_t)rs->interrupt_closed << 1 |
                           (uint32_t)rs->actor_is_soldier << 2 | (uint32_t)rs->actor_busy << 3 |
                           (uint32_t)rs->over << 4);
    rules_hash_u32(hs, rs->drawer.id);
    rules_hash_u32(hs, rs->acting_side.id);
    rules_hash_u32(hs, rs->actor.id);
    for (int i = 0; i < rs->deck.card_count; i++)
        rules_hash_u32(hs, (uint32_t)rs->deck.cards[i].place);
    for (int i = 0; i < rs->deck.draw_count; i++)
        rules_hash_i32(hs, rs->deck.draw[i]);
    rules_hash_bytes(hs, rs->flags, (size_t)rs->fig_count);
    rules_hash_bytes(hs, rs->hold, (size_t)rs->fig_count);
    for (int s = 0; s < rs->side_count; s++) {
        for (int p = 0; p < rs->morale[s].pile_count; p++)
            rules_hash_i32(hs, rs->morale[s].piles[p]);
        rules_hash_i32(hs, rs->casualties[s]);
    }
    for (int g = 0; g < rs->group_count; g++)
        rules_hash_u32(hs, rs->arrived[g]);
    rules_hash_u32(hs, rs->shuffle_seed);
    rules_hash_i32(hs, rs->alloc_hits);
    for (int i = 0; i < rs->alloc_count; i++)
        rules_hash_u32(hs, rs->alloc[i].id.id);
    rules_hash_u32(hs, rs->winner.id);
    lcr_sight_hash(&rs->sight, hs);
    lcr_wounds_hash(&rs->wounds, hs);
}

/* ---- decisions ------------------------------------------------------------------------------ */

static const char *fig_name(const table *t, figure_id id)
{
    const figure *f = table_figure_const(t, id);
    if (!f)
        return "?";
    return f->name[0] ? f->name : table_role_name(f->role);
}

static void card_label(const rules_state *rs, const table *t, int card, char *buf, size_t size)
{
    const lcr_card *c = &rs->deck.cards[card];
    if (c->kind == LCR_CARD_END_OF_TURN)
        snprintf(buf, size, "End of Turn");
    else if (c->kind == LCR_CARD_SOLDIER)
        snprintf(buf, size, "soldier card (%s)", table_side(t, c->side)->name);
    else
        snprintf(buf, size, "%s's card", fig_name(t, c->leader));
}

static void lcr_decision(const rules_state *rs, const table *t, rules_decision *out)
{
    *out = (rules_decision){0};
    char label[96];
    if (rs->over) {
        out->kind = RULES_DECIDE_NONE;
        return;
    }
    if (lcr_wounds_decision(rs, t, out))
        return; /* the sealed choice before play, a challenge after an aid */
    snprintf(out->phase, sizeof out->phase, "turn %d", rs->turn);
    if (rs->alloc_hits > 0) {
        out->kind = RULES_DECIDE_ALLOCATE_HITS;
        out->side = rs->alloc_side;
        out->count = rs->alloc_hits < rs->alloc_count ? rs->alloc_hits : rs->alloc_count;
        snprintf(out->prompt, sizeof out->prompt, "Pick %d figures inside the area to remove",
                 out->count);
        return;
    }
    if (rs->active >= 0) {
        out->kind = RULES_DECIDE_ACT;
        out->side = rs->acting_side;
        out->figure = rs->actor;
        out->card = rs->active + 1;
        snprintf(out->prompt, sizeof out->prompt, "%s acts: move, fire, rally, reform or end",
                 fig_name(t, rs->actor));
        return;
    }
    if (rs->drawn >= 0) {
        const lcr_card *c = &rs->deck.cards[rs->drawn];
        side_id opp = lcr_other_side(rs, c->side);
        out->card = rs->drawn + 1;
        card_label(rs, t, rs->drawn, label, sizeof label);
        if (!rs->interrupt_closed && lcr_deck_count(&rs->deck, opp, LCR_PLACE_HAND) > 0) {
            out->kind = RULES_DECIDE_INTERRUPT;
            out->side = opp;
            snprintf(out->prompt, sizeof out->prompt, "%.90s drawn: play a reserved card first?",
                     label);
            return;
        }
        out->kind = RULES_DECIDE_USE_CARD;
        out->side = c->side;
        out->figure = c->leader;
        snprintf(out->prompt, sizeof out->prompt, "%s: act or reserve", label);
        return;
    }
    out->kind = RULES_DECIDE_DRAW_CARD;
    out->side = rs->drawer;
    snprintf(out->prompt, sizeof out->prompt, "Draw the next card (%d left)", rs->deck.draw_count);
}

/* ---- validation ----------------------------------------------------------------------------- */

static bool refuse(char *why, size_t size, const char *text)
{
    snprintf(why, size, "%s", text);
    return false;
}

/* A figure that may act on the card in play: activated, not acted, active, not demoralised. */
static bool may_act(const rules_state *rs, const table *t, figure_id id, char *why, size_t size)
{
    const figure *f = table_figure_const(t, id);
    if (!f || !table_figure_active(f))
        return refuse(why, size, "that figure is not in play");
    if (!(rs->flags[id.id - 1] & LCR_FF_ACTIVATED)) {
        snprintf(why, size, "%s is not activated by this card", fig_name(t, id));
        return false;
    }
    if (rs->flags[id.id - 1] & (LCR_FF_ACTED | LCR_FF_ENGAGED)) {
        snprintf(why, size, "%s has already acted", fig_name(t, id));
        return false;
    }
    if (f->status & FIGURE_STATUS_DEMORALISED) {
        snprintf(why, size, "%s is demoralised: only a rally helps him", fig_name(t, id));
        return false;
    }
    return lcr_wounds_may_act(rs, t, f, why, size);
}

bool lcr_may_act(const rules_state *rs, const table *t, figure_id id, char *why, size_t size)
{
    return may_act(rs, t, id, why, size);
}

/* A move's path for figure f: its own position, then the command's waypoints shifted by f's
 * offset from the first figure (a group keeps its shape). Returns the point count. */
static int figure_path(const table *t, const rules_command *cmd, const figure *f, vec2s *pts)
{
    const figure *ref = table_figure_const(t, cmd->figures[0]);
    vec2s off = glms_vec2_sub(f->pos, ref->pos);
    pts[0] = f->pos;
    int n = cmd->path_count < PATH_MAX_POINTS - 1 ? cmd->path_count : PATH_MAX_POINTS - 1;
    for (int k = 0; k < n; k++)
        pts[k + 1] = glms_vec2_add(cmd->path[k], off);
    return n + 1;
}

static bool path_on_table(const table *t, const figure *f, const vec2s *pts, int n)
{
    float r = f->base.kind == GEOM_BASE_ROUND ? f->base.radius_cm : 0;
    for (int k = 1; k < n; k++)
        if (pts[k].x < r || pts[k].y < r || pts[k].x > t->width_cm - r ||
            pts[k].y > t->height_cm - r)
            return false;
    return true;
}

static bool path_shape_ok(const rules_command *cmd, const figure *ref, bool reform, char *why,
                          size_t size)
{
    if (cmd->path_count < 1 || (reform && cmd->path_count != 1))
        return refuse(why, size,
                      reform ? "a reform names its figures and one end point: a straight line"
                             : "a move names its figures, its end point and any turns before it");
    vec2s prev = ref->pos;
    for (int k = 0; k < cmd->path_count; k++) {
        if (glms_vec2_distance(cmd->path[k], prev) < 1e-3f)
            return refuse(why, size,
                          k == 0 ? "the move goes nowhere" : "a stretch of the path has no length");
        prev = cmd->path[k];
    }
    return true;
}

static bool validate_move(const rules_state *rs, const table *t, const rules_command *cmd,
                          float limit_cm, char *why, size_t size)
{
    if (cmd->figure_count < 1)
        return refuse(why, size, "a move names its figures");
    const figure *ref = table_figure_const(t, cmd->figures[0]);
    if (!ref)
        return refuse(why, size, "unknown figure");
    if (!path_shape_ok(cmd, ref, limit_cm > 0, why, size))
        return false;
    path_desc pd = lcr_path_desc(rs);
    for (int i = 0; i < cmd->figure_count; i++) {
        if (!may_act(rs, t, cmd->figures[i], why, size))
            return false;
        const figure *f = table_figure_const(t, cmd->figures[i]);
        vec2s pts[PATH_MAX_POINTS];
        int n = figure_path(t, cmd, f, pts);
        if (!path_on_table(t, f, pts, n))
            return refuse(why, size, "the move ends off the table");
        const lcr_move_class *mc = lcr_move_class_of(rs->data, f);
        /* Seed 000, Cavalry: seasoned cavalry may turn once, veterans twice, at most 45 degrees. */
        if (!lcr_move_check_turns(mc, f->pos, pts + 1, n - 1, fig_name(t, f->id), why, size))
            return false;
        float allow = (limit_cm > 0 ? limit_cm : mc->max_cm) / lcr_wounds_move_factor(rs, f);
        if (mc->must_move_all && limit_cm <= 0)
            continue; /* the dice decide how far; the point only gives the direction */
        path_result res;
        path_cost(t, &pd, pts, n, allow, &res);
        if (res.stop != PATH_STOP_END) {
            snprintf(why, size, "%s cannot get there: %s", fig_name(t, f->id),
                     res.stop == PATH_STOP_IMPASSABLE ? "impassable terrain"
                                                      : "beyond his allowance over this terrain");
            return false;
        }
    }
    return true;
}

/* One firer against a chosen target: weapon, range, arc and line of fire. */
static bool firer_ok(const rules_state *rs, const table *t, const figure *f, const figure *target,
                     bool area, char *why, size_t size)
{
    if (!may_act(rs, t, f->id, why, size))
        return false;
    if (!lcr_figure_can_fire(rs, f)) {
        snprintf(why, size, "%s has no firearm (%s)", fig_name(t, f->id), f->weapon);
        return false;
    }
    int need;
    float range = lcr_wounds_range(rs, f, glms_vec2_distance(f->pos, target->pos));
    if (!lcr_fire_need(lcr_data_weapon(rs->data, f->weapon), range, &need, NULL)) {
        snprintf(why, size, "%s is out of range (%.1f cm)", fig_name(t, f->id), range);
        return false;
    }
    int blocker = -1;
    if (lcr_hidden(rs, t, f->pos, table_posture_eye_ft(f->posture), target, &blocker)) {
        snprintf(why, size, "%s cannot see the target (%s in the way)", fig_name(t, f->id),
                 blocker >= 0 ? t->types[t->features[blocker].type].name : "terrain");
        return false;
    }
    const unit *u = table_unit_const(t, f->unit);
    bool formation = area && u && !lcr_data_is_loose(rs->data, u->formation);
    if (formation &&
        !lcr_fire_in_arc(f->pos, f->facing, rs->data->formation_arc_deg, target->pos)) {
        snprintf(why, size, "%s: the target is outside the formation's %.0f degree arc",
                 fig_name(t, f->id), rs->data->formation_arc_deg);
        return false;
    }
    return !lcr_line_blocked(rs, t, f, target, formation, why, size);
}

static bool validate_fire(const rules_state *rs, const table *t, const rules_command *cmd,
                          char *why, size_t size)
{
    if (cmd->figure_count < 1)
        return refuse(why, size, "name the firing figures");
    const figure *target = table_figure_const(t, cmd->target);
    if (!target || !table_figure_active(target) || target->side.id == rs->acting_side.id)
        return refuse(why, size, "the target must be an enemy figure in play");
    bool area = lcr_fire_is_area(rs, cmd->figures, cmd->figure_count);
    if (area) {
        figure_id near = lcr_area_target(rs, t, rs->acting_side, cmd->figures, cmd->figure_count);
        if (near.id != target->id.id) {
            snprintf(why, size,
                     "area fire is traced to the nearest enemy in the arc of fire, not in close "
                     "combat: %s",
                     fig_name(t, near));
            return false;
        }
    }
    for (int i = 0; i < cmd->figure_count; i++) {
        for (int j = 0; j < i; j++)
            if (cmd->figures[j].id == cmd->figures[i].id)
                return refuse(why, size, "a figure is named twice");
        const figure *f = table_figure_const(t, cmd->figures[i]);
        if (!f)
            return refuse(why, size, "unknown figure");
        if (!firer_ok(rs, t, f, target, area, why, size))
            return false;
    }
    return true;
}

static bool validate_rally(const rules_state *rs, const table *t, const rules_command *cmd,
                           char *why, size_t size)
{
    const figure *l = table_figure_const(t, rs->actor);
    if (rs->actor_is_soldier || !l || !lcr_is_leader(l))
        return refuse(why, size, "only an officer, NCO or leader can rally");
    if (rs->actor_busy)
        return refuse(why, size, "rallying takes the leader's full activation");
    if (lcr_morale_rally_hold(&rs->morale[l->side.id - 1]) < 0)
        return refuse(why, size, "every morale pile is empty: no one can be rallied");
    float r = lcr_command_radius(rs->data, l) * rs->data->rally_radius_fraction;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        if (f->side.id == l->side.id && table_figure_active(f) && f != l &&
            (f->status & FIGURE_STATUS_DEMORALISED) && glms_vec2_distance(f->pos, l->pos) <= r)
            return true;
    }
    (void)cmd;
    return refuse(why, size, "no demoralised figure within half the command radius");
}

bool lcr_validate_act(const rules_state *rs, const table *t, const rules_command *cmd, char *why,
                      size_t size)
{
    if (!lcr_wounds_check_act(rs, t, cmd, why, size))
        return false; /* the seriously wounded never move by themselves */
    switch (cmd->kind) {
    case RULES_CMD_MOVE:
        return validate_move(rs, t, cmd, 0, why, size);
    case RULES_CMD_FIRE:
        if (lcr_artillery_is_gun_fire(rs, t, cmd)) /* seed 000, Types Of Artillery */
            return lcr_artillery_validate(rs, t, cmd, why, size);
        return validate_fire(rs, t, cmd, why, size);
    case RULES_CMD_RALLY:
        return validate_rally(rs, t, cmd, why, size);
    case RULES_CMD_REFORM: {
        const figure *l = table_figure_const(t, rs->actor);
        if (rs->actor_is_soldier || !l || !lcr_is_leader(l))
            return refuse(why, size, "only officers and NCOs order a reform");
        return validate_move(rs, t, cmd, rs->data->reform_cm, why, size);
    }
    case RULES_CMD_END_ACTIVATION:
        return true;
    case RULES_CMD_CHARGE:
        return lcr_charge_validate(rs, t, cmd, why, size);
    case RULES_CMD_AID:
        return lcr_wounds_validate_aid(rs, t, cmd, why, size);
    default:
        return refuse(why, size, "not an action of an activated figure");
    }
}

static bool validate_allocation(const rules_state *rs, const rules_command *cmd, char *why,
                                size_t size)
{
    if (cmd->kind != RULES_CMD_ALLOCATE)
        return refuse(why, size, "the firing side must first pick the figures hit");
    return lcr_fire_allocation_valid(rs->data, rs->alloc, rs->alloc_count, rs->alloc_hits,
                                     cmd->figures, cmd->figure_count, why, size);
}

static bool lcr_validate(const rules_state *rs, const table *t, const rules_command *cmd, char *why,
                         size_t size)
{
    rules_decision d;
    lcr_decision(rs, t, &d);
    if (d.kind == RULES_DECIDE_NONE)
        return refuse(why, size, "the game is over");
    if (cmd->side.id != d.side.id) {
        snprintf(why, size, "it is %s's decision", table_side(t, d.side)->name);
        return false;
    }
    switch (d.kind) {
    case RULES_DECIDE_SETUP:
    case RULES_DECIDE_REACT:
        return lcr_wounds_validate(rs, t, &d, cmd, why, size);
    case RULES_DECIDE_ALLOCATE_HITS:
        return validate_allocation(rs, cmd, why, size);
    case RULES_DECIDE_DRAW_CARD:
        return cmd->kind == RULES_CMD_DRAW_CARD ? true : refuse(why, size, "draw a card first");
    case RULES_DECIDE_INTERRUPT:
        if (cmd->kind == RULES_CMD_PASS)
            return true;
        if (cmd->kind != RULES_CMD_PLAY_RESERVED)
            return refuse(why, size, "play a reserved card or pass");
        /* same checks as a reserved card played by its owner */
        /* fall through */
    case RULES_DECIDE_USE_CARD:
        if (cmd->kind == RULES_CMD_RESERVE_CARD && d.kind == RULES_DECIDE_USE_CARD)
            return true;
        if (cmd->kind == RULES_CMD_PLAY_RESERVED) {
            int c = cmd->card - 1;
            if (c < 0 || c >= rs->deck.card_count || rs->deck.cards[c].place != LCR_PLACE_HAND ||
                rs->deck.cards[c].side.id != cmd->side.id)
                return refuse(why, size, "that card is not in your hand");
            return lcr_can_use_card(rs, t, c, cmd->figure, why, size);
        }
        if (cmd->kind != RULES_CMD_ACTIVATE || d.kind != RULES_DECIDE_USE_CARD)
            return refuse(why, size, "act with the card (activate) or reserve it");
        return lcr_can_use_card(rs, t, rs->drawn, cmd->figure, why, size);
    case RULES_DECIDE_ACT:
        return lcr_validate_act(rs, t, cmd, why, size);
    default:
        return refuse(why, size, "nothing to decide");
    }
}

/* ---- legal commands ---------------------------------------------------------------------------
 */

typedef struct legal_out {
    rules_command *out;
    int n, max;
} legal_out;

static void legal_push(legal_out *lo, const rules_state *rs, const table *t,
                       const rules_command *cmd)
{
    char why[160];
    if (lo->n < lo->max && lcr_validate(rs, t, cmd, why, sizeof why))
        lo->out[lo->n++] = *cmd;
}

static void legal_card_users(legal_out *lo, const rules_state *rs, const table *t,
                             rules_command base, int card)
{
    const lcr_card *c = &rs->deck.cards[card];
    const figure *own = c->kind == LCR_CARD_LEADER ? table_figure_const(t, c->leader) : NULL;
    if (own && table_figure_active(own) && !(own->status & FIGURE_STATUS_DEMORALISED)) {
        base.figure = own->id;
        legal_push(lo, rs, t, &base);
        if (own->role != FIGURE_ROLE_LEADER)
            return;
    }
    /* Another leader (a stand-in, or any native leader), or a soldier: offer a few. */
    int offered = 0;
    for (int i = 0; i < t->figure_count && offered < 3; i++) {
        const figure *f = &t->figures[i];
        if (f->side.id != c->side.id || !table_figure_active(f) || (own && f == own))
            continue;
        if (c->kind == LCR_CARD_LEADER && !lcr_is_leader(f))
            continue;
        if (c->kind == LCR_CARD_SOLDIER && lcr_is_leader(f))
            continue;
        base.figure = f->id;
        int before = lo->n;
        legal_push(lo, rs, t, &base);
        offered += lo->n > before;
    }
}

/* Seed 000, Cavalry: a rider who may turn is also offered a dog-leg toward the enemy, out at
 * most half the turn limit to one side and back in by the full limit. */
static void legal_turning_move(legal_out *lo, const rules_state *rs, const table *t,
                               const figure *f, float angle, float go, float max_turn_deg)
{
    float half = max_turn_deg * 0.5f * (float)(GEOM_PI / 180.0);
    rules_command bend = {.kind = RULES_CMD_MOVE, .side = f->side, .path_count = 2};
    rules_command_add_figure(&bend, f->id);
    bend.path[0] = glms_vec2_add(f->pos, glms_vec2_scale(geom_dir(angle + half), go * 0.5f));
    bend.path[1] = glms_vec2_add(bend.path[0], glms_vec2_scale(geom_dir(angle - half), go * 0.5f));
    legal_push(lo, rs, t, &bend);
}

static float fig_radius_of(const figure *f)
{
    return f->base.kind == GEOM_BASE_ROUND ? f->base.radius_cm : 0.5f * f->base.frontage_cm;
}

static void legal_moves(legal_out *lo, const rules_state *rs, const table *t, side_id sd)
{
    path_desc pd = lcr_path_desc(rs);
    rules_command group = {.kind = RULES_CMD_MOVE, .side = sd};
    vec2s group_delta = {{0, 0}};
    bool have_delta = false;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        char why[160];
        if (!(rs->flags[i] & LCR_FF_ACTIVATED) || !may_act(rs, t, f->id, why, sizeof why) ||
            lcr_wounds_immobile(rs, f))
            continue;
        figure_id e = lcr_nearest_enemy_any(rs, t, sd, f->pos);
        const figure *ef = table_figure_const(t, e);
        if (!ef)
            continue;
        vec2s d = glms_vec2_sub(ef->pos, f->pos);
        float dist = glms_vec2_norm(d);
        float angle = geom_angle_of(d);
        const lcr_move_class *mc = lcr_move_class_of(rs->data, f);
        path_result res;
        vec2s reach = path_reach(t, &pd, f->pos, angle, mc->max_cm, &res);
        /* Up to the enemy, ending clear of his base but within contact distance (a move whose
         * end is on a base is no move). */
        float touch = fig_radius_of(f) + fig_radius_of(ef) + 0.5f * rs->data->contact_cm;
        float go = fminf(glms_vec2_distance(reach, f->pos) * 0.98f, dist - touch);
        if (go < 0.5f)
            continue;
        vec2s to = glms_vec2_add(f->pos, glms_vec2_scale(geom_dir(angle), go));
        rules_command one = {.kind = RULES_CMD_MOVE, .side = sd, .path_count = 1};
        rules_command_add_figure(&one, f->id);
        one.path[0] = to;
        /* A gun and its crew are offered only the group move: apart, the gun cannot fire. */
        if (f->role != FIGURE_ROLE_GUN && f->role != FIGURE_ROLE_CREW)
            legal_push(lo, rs, t, &one);
        if (mc->turns > 0)
            legal_turning_move(lo, rs, t, f, angle, go, mc->max_turn_deg);
        if (!have_delta) {
            group_delta = glms_vec2_sub(to, f->pos);
            have_delta = true;
            group.path[0] = to;
            group.path_count = 1;
        }
        if (group.figure_count < RULES_CMD_FIGURES_MAX)
            rules_command_add_figure(&group, f->id);
    }
    (void)group_delta;
    if (group.figure_count > 1)
        legal_push(lo, rs, t, &group);
}

/* Reform: an activated figure standing apart from his unit closes up to the nearest mate. */
static void legal_reforms(legal_out *lo, const rules_state *rs, const table *t, side_id sd)
{
    const figure *leader = table_figure_const(t, rs->actor);
    if (rs->actor_is_soldier || !leader || !lcr_is_leader(leader))
        return;
    int offered = 0;
    for (int i = 0; i < t->figure_count && offered < 4; i++) {
        const figure *f = &t->figures[i];
        char why[160];
        if (!(rs->flags[i] & LCR_FF_ACTIVATED) || lcr_is_leader(f) ||
            !may_act(rs, t, f->id, why, sizeof why))
            continue;
        const figure *mate = NULL;
        float best = INFINITY;
        for (int j = 0; j < t->figure_count; j++) {
            const figure *m = &t->figures[j];
            if (m == f || m->unit.id != f->unit.id || !table_figure_active(m) || lcr_is_leader(m))
                continue;
            float d = glms_vec2_distance(m->pos, f->pos);
            if (d < best) {
                best = d;
                mate = m;
            }
        }
        if (!mate || lcr_command_in_contact(rs->data, f, mate))
            continue;
        float gap =
            best - f->base.radius_cm - mate->base.radius_cm - 0.5f * rs->data->contact_gap_cm;
        if (gap <= 0 || gap > rs->data->reform_cm)
            continue;
        vec2s dir = glms_vec2_normalize(glms_vec2_sub(mate->pos, f->pos));
        rules_command c = {.kind = RULES_CMD_REFORM, .side = sd, .path_count = 1};
        rules_command_add_figure(&c, f->id);
        c.path[0] = glms_vec2_add(f->pos, glms_vec2_scale(dir, gap));
        int before = lo->n;
        legal_push(lo, rs, t, &c);
        offered += lo->n > before;
    }
}

static void legal_fire(legal_out *lo, const rules_state *rs, const table *t, side_id sd)
{
    rules_command guns[32]; /* seed 000, Types Of Artillery: each gun's shots */
    for (int k = 0, n = lcr_artillery_candidates(rs, t, sd, guns, 32); k < n; k++)
        legal_push(lo, rs, t, &guns[k]);
    rules_command fire = {.kind = RULES_CMD_FIRE, .side = sd};
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        char why[160];
        if ((rs->flags[i] & LCR_FF_ACTIVATED) && may_act(rs, t, f->id, why, sizeof why) &&
            lcr_figure_can_fire(rs, f) && fire.figure_count < RULES_CMD_FIGURES_MAX)
            rules_command_add_figure(&fire, f->id);
    }
    if (fire.figure_count == 0)
        return;
    if (!lcr_fire_is_area(rs, fire.figures, fire.figure_count)) {
        /* Individual fire: any enemy; offer the nearest few. */
        for (int i = 0, offered = 0; i < t->figure_count && offered < 6; i++) {
            fire.target = t->figures[i].id;
            int before = lo->n;
            legal_push(lo, rs, t, &fire);
            offered += lo->n > before;
        }
        return;
    }
    /* Area fire: the firers that can reach the nearest enemy of the group; the group's centre
     * moves when some drop out, so look again once. */
    for (int round = 0; round < 2; round++) {
        fire.target = lcr_area_target(rs, t, sd, fire.figures, fire.figure_count);
        const figure *target = table_figure_const(t, fire.target);
        if (!target)
            return;
        rules_command ok = fire;
        ok.figure_count = 0;
        for (int i = 0; i < fire.figure_count; i++) {
            char why[160];
            if (firer_ok(rs, t, table_figure_const(t, fire.figures[i]), target, true, why,
                         sizeof why))
                rules_command_add_figure(&ok, fire.figures[i]);
        }
        if (ok.figure_count == 0)
            return;
        int before = lo->n;
        legal_push(lo, rs, t, &ok);
        if (lo->n > before)
            return;
        fire = ok;
    }
}

#define LEGAL_EXTRA_MAX 16

/* Candidates from the optional rules' modules, each validated like the rest. */
static void legal_extra(legal_out *lo, const rules_state *rs, const table *t,
                        const rules_command *extra, int n)
{
    for (int i = 0; i < n; i++)
        legal_push(lo, rs, t, &extra[i]);
}

static int lcr_legal(const rules_state *rs, const table *t, rules_command *out, int max)
{
    legal_out lo = {out, 0, max};
    rules_command extra[LEGAL_EXTRA_MAX];
    rules_decision d;
    lcr_decision(rs, t, &d);
    rules_command base = {.side = d.side};
    switch (d.kind) {
    case RULES_DECIDE_NONE:
        return 0;
    case RULES_DECIDE_DRAW_CARD:
        base.kind = RULES_CMD_DRAW_CARD;
        legal_push(&lo, rs, t, &base);
        break;
    case RULES_DECIDE_INTERRUPT:
        base.kind = RULES_CMD_PASS;
        legal_push(&lo, rs, t, &base);
        /* reserved cards may be played */
        /* fall through */
    case RULES_DECIDE_USE_CARD:
        for (int k = 0; lcr_deck_hand_card(&rs->deck, d.side, k) >= 0; k++) {
            int c = lcr_deck_hand_card(&rs->deck, d.side, k);
            rules_command p = {.kind = RULES_CMD_PLAY_RESERVED, .side = d.side, .card = c + 1};
            legal_card_users(&lo, rs, t, p, c);
        }
        if (d.kind == RULES_DECIDE_USE_CARD) {
            rules_command a = {.kind = RULES_CMD_ACTIVATE, .side = d.side, .card = d.card};
            legal_card_users(&lo, rs, t, a, rs->drawn);
            base.kind = RULES_CMD_RESERVE_CARD;
            base.card = d.card;
            legal_push(&lo, rs, t, &base);
        }
        break;
    case RULES_DECIDE_SETUP:
    case RULES_DECIDE_REACT:
        legal_extra(&lo, rs, t, extra, lcr_wounds_legal(rs, t, &d, extra, LEGAL_EXTRA_MAX));
        break;
    case RULES_DECIDE_ACT:
        legal_fire(&lo, rs, t, d.side);
        legal_extra(&lo, rs, t, extra, lcr_charge_legal(rs, t, d.side, extra, LEGAL_EXTRA_MAX));
        legal_extra(&lo, rs, t, extra, lcr_wounds_legal_act(rs, t, d.side, extra, LEGAL_EXTRA_MAX));
        base.kind = RULES_CMD_RALLY;
        base.figure = rs->actor;
        legal_push(&lo, rs, t, &base);
        legal_moves(&lo, rs, t, d.side);
        legal_reforms(&lo, rs, t, d.side);
        base = (rules_command){.kind = RULES_CMD_END_ACTIVATION, .side = d.side};
        legal_push(&lo, rs, t, &base);
        break;
    case RULES_DECIDE_ALLOCATE_HITS: {
        rules_command a = {.kind = RULES_CMD_ALLOCATE, .side = d.side};
        a.figure_count = lcr_fire_allocation_default(rs->data, rs->alloc, rs->alloc_count,
                                                     rs->alloc_hits, a.figures);
        legal_push(&lo, rs, t, &a);
        break;
    }
    default:
        break;
    }
    return lo.n;
}

/* ---- other queries ------------------------------------------------------------------------------
 */

/* The optional actions: Charge for a rider, Aid when the killed-and-wounded rule is on. */
static int lcr_extra_actions(const rules_state *rs, const table *t, const figure *f,
                             rules_action *out, int max)
{
    int n = 0;
    bool in_play = rs->active >= 0 && !rs->over;
    if (n < max && lcr_move_is_mounted(f)) {
        rules_action *a = &out[n++];
        *a = (rules_action){.kind = RULES_CMD_CHARGE, .enabled = in_play};
        snprintf(a->label, sizeof a->label, "Charge");
        if (!in_play)
            snprintf(a->reason, sizeof a->reason, "no card is in play");
        else if (lcr_wounds_immobile(rs, f))
            a->enabled = false, snprintf(a->reason, sizeof a->reason, "seriously wounded");
        else
            a->enabled = may_act(rs, t, f->id, a->reason, sizeof a->reason);
    }
    if (n < max && rs->wounds.enabled) {
        rules_action *a = &out[n++];
        *a = (rules_action){.kind = RULES_CMD_AID, .enabled = in_play};
        snprintf(a->label, sizeof a->label, "Aid a wounded man");
        if (!in_play)
            snprintf(a->reason, sizeof a->reason, "no card is in play");
        else if (lcr_wounds_immobile(rs, f))
            a->enabled = false, snprintf(a->reason, sizeof a->reason, "seriously wounded");
        else
            a->enabled = may_act(rs, t, f->id, a->reason, sizeof a->reason);
    }
    return n;
}

/* A gun's Fire becomes one action per ammunition it carries ("Fire roundshot", option =
 * the ammunition), each as enabled as the plain Fire was, so a player chooses the ammunition.
 * `fire` is the index of the plain Fire in out[0..n); returns the new count. */
static int lcr_gun_fire_actions(const rules_state *rs, const figure *f, rules_action *out, int n,
                                int fire, int max)
{
    const lcr_gun *g = lcr_artillery_gun_of(rs->data, f);
    if (!g || fire < 0)
        return n;
    rules_action plain = out[fire];
    int at = fire;
    for (int a = 0; a < LCR_AMMO_COUNT; a++) {
        if (!lcr_artillery_fires(g, (lcr_ammo)a))
            continue;
        if (at > fire) {
            if (n >= max)
                break;
            memmove(&out[at + 1], &out[at], (size_t)(n - at) * sizeof *out);
            n++;
        }
        out[at] = plain;
        snprintf(out[at].option, sizeof out[at].option, "%s", lcr_data_ammo_name((lcr_ammo)a));
        snprintf(out[at].label, sizeof out[at].label, "Fire %s", out[at].option);
        at++;
    }
    return n;
}

static int lcr_actions(const rules_state *rs, const table *t, figure_id fig, rules_action *out,
                       int max)
{
    if (fig.id == 0)
        fig = rs->actor;
    const figure *f = table_figure_const(t, fig);
    int n = 0;
    if (!f || max <= 0)
        return 0;
    static const struct {
        rules_command_kind kind;
        const char *label;
    } kinds[] = {{RULES_CMD_MOVE, "Move"},
                 {RULES_CMD_FIRE, "Fire"},
                 {RULES_CMD_RALLY, "Rally"},
                 {RULES_CMD_REFORM, "Reform"},
                 {RULES_CMD_END_ACTIVATION, "End activation"}};
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0] && n < max; k++) {
        rules_action *a = &out[n++];
        *a = (rules_action){.kind = kinds[k].kind};
        snprintf(a->label, sizeof a->label, "%s", kinds[k].label);
        a->enabled = rs->active >= 0 && !rs->over;
        if (!a->enabled) {
            snprintf(a->reason, sizeof a->reason, "no card is in play");
            continue;
        }
        if (kinds[k].kind == RULES_CMD_END_ACTIVATION)
            continue;
        if (kinds[k].kind == RULES_CMD_RALLY) {
            rules_command c = {.kind = RULES_CMD_RALLY, .side = rs->acting_side, .figure = fig};
            a->enabled = validate_rally(rs, t, &c, a->reason, sizeof a->reason);
            continue;
        }
        a->enabled = may_act(rs, t, fig, a->reason, sizeof a->reason);
        if (a->enabled && kinds[k].kind == RULES_CMD_FIRE && !lcr_figure_can_fire(rs, f) &&
            !lcr_artillery_gun_of(rs->data, f)) {
            a->enabled = false;
            snprintf(a->reason, sizeof a->reason, "no firearm");
        }
        if (a->enabled && kinds[k].kind == RULES_CMD_REFORM &&
            (rs->actor_is_soldier || !lcr_is_leader(table_figure_const(t, rs->actor)))) {
            a->enabled = false;
            snprintf(a->reason, sizeof a->reason, "only officers and NCOs order a reform");
        }
    }
    int fire = -1;
    for (int i = 0; i < n && fire < 0; i++)
        fire = out[i].kind == RULES_CMD_FIRE ? i : -1;
    n = lcr_gun_fire_actions(rs, f, out, n, fire, max);
    return n + lcr_extra_actions(rs, t, f, out + n, max - n);
}

static bool lcr_reach(const rules_state *rs, const table *t, const rules_command *move, vec2s dir,
                      rules_reach *out)
{
    const figure *f = move->figure_count > 0 ? table_figure_const(t, move->figures[0]) : NULL;
    if (!f)
        return false;
    const lcr_move_class *mc = lcr_move_class_of(rs->data, f);
    path_desc pd = lcr_path_desc(rs);
    path_result res;
    float allow = (move->kind == RULES_CMD_REFORM ? rs->data->reform_cm : mc->max_cm) /
                  lcr_wounds_move_factor(rs, f);
    out->stop = path_reach(t, &pd, f->pos, geom_angle_of(dir), allow, &res);
    out->max_cm = res.moved_cm;
    out->allowance_cm = allow;
    out->sure_cm = out->max_cm;
    if (mc->dice > 0 && move->kind != RULES_CMD_REFORM) {
        path_result low;
        path_reach(t, &pd, f->pos, geom_angle_of(dir), mc->base_cm + (float)mc->dice, &low);
        out->sure_cm = low.moved_cm;
    }
    snprintf(out->limit, sizeof out->limit, "%s",
             res.stop == PATH_STOP_IMPASSABLE ? "impassable terrain"
             : res.stop == PATH_STOP_ALLOWANCE
                 ? (mc->dice > 0 ? "the most the dice can give" : "allowance spent")
                 : "the end of the path");
    return true;
}

static int lcr_targets(const rules_state *rs, const table *t, const rules_command *fire,
                       rules_target *out, int max)
{
    if (fire->figure_count < 1 || max <= 0)
        return 0;
    if (lcr_artillery_is_gun_fire(rs, t, fire))
        return lcr_artillery_targets(rs, t, fire, out, max);
    if (fire->kind == RULES_CMD_CHARGE)
        return lcr_charge_targets(rs, t, fire, out, max); /* reach odds, not fire */
    bool area = lcr_fire_is_area(rs, fire->figures, fire->figure_count);
    vec2s c = lcr_centroid(t, fire->figures, fire->figure_count);
    side_id sd = table_figure_const(t, fire->figures[0])->side;
    figure_id near =
        area ? lcr_area_target(rs, t, sd, fire->figures, fire->figure_count) : (figure_id){0};
    int n = 0;
    for (int i = 0; i < t->figure_count && n < max; i++) {
        const figure *e = &t->figures[i];
        if (area && e->id.id != near.id)
            continue;
        if (e->side.id == sd.id || !table_figure_active(e))
            continue;
        rules_command probe = *fire;
        probe.target = e->id;
        char why[160];
        if (rs->active >= 0 && !validate_fire(rs, t, &probe, why, sizeof why))
            continue;
        rules_target *tg = &out[n++];
        *tg = (rules_target){.figure = e->id, .unit = e->unit};
        tg->range_cm = glms_vec2_distance(c, e->pos);
        float expect = 0;
        int mounted_mod = 0;
        for (int k = 0; k < fire->figure_count; k++) {
            const figure *f = table_figure_const(t, fire->figures[k]);
            const lcr_weapon *w = lcr_data_weapon(rs->data, f->weapon);
            int need;
            const char *band = "";
            if (!lcr_fire_need(w, lcr_wounds_range(rs, f, glms_vec2_distance(f->pos, e->pos)),
                               &need, &band))
                continue;
            snprintf(tg->band, sizeof tg->band, "%s", band);
            /* Seed 000, Cavalry: a mounted firer's modifier raises the score he needs. */
            int mod = lcr_move_is_mounted(f) ? w->mounted_modifier : 0;
            need = lcr_fire_effective_need(rs->data, w, need, mod != 0);
            mounted_mod = mod ? mod : mounted_mod;
            tg->need = need;
            tg->dice += w->dice_per_man;
            float p = lcr_fire_p_hit(rs->data, need) * (float)(rs->data->save_foot_need - 1) / 6.0f;
            tg->p_hit = p;
            expect += p * (float)w->dice_per_man;
        }
        tg->expected_hits = expect;
        tg->expected_kills = area ? expect : fminf(1.0f, expect);
        /* Seed 000, Area fire: the radius is the number of firers (cm per firer in data). */
        tg->area_radius_cm =
            area ? (float)fire->figure_count * rs->data->area_radius_cm_per_firer : 0.0f;
        if (mounted_mod)
            snprintf(tg->note, sizeof tg->note, "%s fire, %s range, firing mounted %+d",
                     area ? "area" : "individual", tg->band, mounted_mod);
        else
            snprintf(tg->note, sizeof tg->note, "%s fire, %s range", area ? "area" : "individual",
                     tg->band);
    }
    return n;
}

/* Seed 000, Arc of fire: formations fire in formation_arc_deg to the front, anyone else in any
 * direction; the arc reaches as far as the weapon's longest range band. */
static bool lcr_arc(const rules_state *rs, const table *t, figure_id fig, float *half_angle,
                    float *range_cm)
{
    const figure *f = table_figure_const(t, fig);
    if (f && lcr_artillery_arc(rs, f, range_cm)) { /* a gun turns to fire any way */
        *half_angle = GEOM_PI;
        return true;
    }
    const lcr_weapon *w = f ? lcr_data_weapon(rs->data, f->weapon) : NULL;
    if (!w || w->dice_per_man <= 0 || w->band_count <= 0)
        return false;
    const unit *u = table_unit_const(t, f->unit);
    bool formation = u && !lcr_data_is_loose(rs->data, u->formation);
    *half_angle = formation ? rs->data->formation_arc_deg * 0.5f * GEOM_PI / 180.0f : GEOM_PI;
    *range_cm = w->bands[w->band_count - 1].max_cm;
    return true;
}

/* Seed 000, Actions: Activate: a leader's radius by rank and quality from the data file, and
 * whom he would activate now (demoralised figures other than himself do not answer). */
static int lcr_command_radius_query(const rules_state *rs, const table *t, figure_id fig,
                                    float *radius_cm, figure_id *out, int max)
{
    const figure *f = table_figure_const(t, fig);
    if (!f || !table_figure_active(f) || !lcr_is_leader(f))
        return -1;
    *radius_cm = lcr_command_radius(rs->data, f);
    figure_id ids[RULES_CMD_FIGURES_MAX * 4];
    int n =
        lcr_command_in_command(t, rs->data, f, *radius_cm, ids, (int)(sizeof ids / sizeof ids[0]));
    int k = 0;
    for (int i = 0; i < n; i++) {
        const figure *m = table_figure_const(t, ids[i]);
        if (m->id.id != fig.id && (m->status & FIGURE_STATUS_DEMORALISED))
            continue;
        if (out && k < max)
            out[k] = ids[i];
        k++;
    }
    return k;
}

static void lcr_outcome(const rules_state *rs, const table *t, rules_outcome *out)
{
    (void)t;
    *out = (rules_outcome){.over = rs->over, .winner = rs->winner};
    snprintf(out->reason, sizeof out->reason, "%s", rs->reason);
}

static int lcr_turn(const rules_state *rs)
{
    return rs->turn > 0 ? rs->turn : 1;
}

static int lcr_driver(const rules_state *rs, const table *t, side_id viewer, rules_driver_item *out,
                      int max)
{
    int n = 0;
    if (n < max)
        out[n++] = (rules_driver_item){
            .kind = RULES_DRIVER_DECK, .value = rs->deck.draw_count, .label = "Order Deck"};
    if (n < max)
        out[n++] =
            (rules_driver_item){.kind = RULES_DRIVER_DISCARD,
                                .value = lcr_deck_count(&rs->deck, (side_id){0}, LCR_PLACE_DISCARD),
                                .label = "Discards"};
    for (int i = 0; i < rs->deck.card_count && n < max; i++) {
        const lcr_card *c = &rs->deck.cards[i];
        bool held = c->place == LCR_PLACE_HAND;
        bool current = c->place == LCR_PLACE_DRAWN || c->place == LCR_PLACE_IN_PLAY;
        if (!held && !current)
            continue;
        rules_driver_item *it = &out[n++];
        *it = (rules_driver_item){.kind = RULES_DRIVER_CARD,
                                  .side = c->side,
                                  .figure = c->leader,
                                  .value = i + 1,
                                  .current = current};
        it->hidden = held && viewer.id != 0 && viewer.id != c->side.id;
        if (it->hidden)
            snprintf(it->label, sizeof it->label, "reserved card");
        else
            card_label(rs, t, i, it->label, sizeof it->label);
    }
    for (int s = 0; s < rs->side_count; s++)
        for (int p = 0; p < rs->morale[s].pile_count && n < max; p++) {
            rules_driver_item *it = &out[n++];
            *it = (rules_driver_item){.kind = RULES_DRIVER_MORALE,
                                      .side = {(uint32_t)s + 1},
                                      .value = rs->morale[s].piles[p]};
            snprintf(it->label, sizeof it->label, "%s chits",
                     table_quality_name((figure_quality)p));
        }
    n += lcr_wounds_driver(rs, t, viewer, out + n, max - n);
    return n;
}

/* The card words of the order deck (the driver panel's buttons, the action list, the bot's
 * announcements); other commands keep the engine's generic words. */
static bool lcr_describe(const rules_state *rs, const table *t, const rules_command *cmd, char *out,
                         size_t size)
{
    const figure *f = cmd->figure.id ? table_figure_const(t, cmd->figure) : NULL;
    switch (cmd->kind) {
    case RULES_CMD_DRAW_CARD:
        snprintf(out, size, "Draw a card");
        return true;
    case RULES_CMD_RESERVE_CARD:
        snprintf(out, size, "Reserve card");
        return true;
    case RULES_CMD_PLAY_RESERVED:
        snprintf(out, size, "Play %s first", f && f->name[0] ? f->name : "card");
        return true;
    default:
        break;
    }
    /* Any other command played on a card: the generic words, then the card by its officer
     * ("Activate - Cazador 1 (Lt Vara's card)") unless it is plainly the named man's own. */
    int c = cmd->card - 1;
    if (c < 0 || c >= rs->deck.card_count)
        return false;
    rules_command_describe(t, cmd, out, size);
    const lcr_card *card = &rs->deck.cards[c];
    if (card->kind == LCR_CARD_LEADER && f && card->leader.id == f->id.id)
        return true;
    char label[64];
    card_label(rs, t, c, label, sizeof label);
    size_t n = strlen(out);
    if (n < size)
        snprintf(out + n, size - n, " (%s)", label);
    return true;
}

static const rules_view_ops lcr_view_ops = {
    .actions = lcr_actions,
    .reach = lcr_reach,
    .targets = lcr_targets,
    .arc = lcr_arc,
    .command_radius = lcr_command_radius_query,
    .driver = lcr_driver,
    .describe = lcr_describe,
    .bot_value = lcr_bot_value, /* lcr_hint.c */
};

const rules_ops lcr_rules_ops = {
    .id = "lcr",
    .name = "Little Colonial Rules",
    .seed = "000",
    .create = lcr_create,
    .destroy = lcr_destroy,
    .clone = lcr_clone,
    .begin = lcr_begin,
    .decision = lcr_decision,
    .legal = lcr_legal,
    .validate = lcr_validate,
    .resolve = lcr_resolve,
    .apply = lcr_apply,
    .hash = lcr_hash,
    .outcome = lcr_outcome,
    .turn = lcr_turn,

    .view = &lcr_view_ops,
};

/* ---- read-only views for tests and tools ------------------------------------------------------
 */

const lcr_deck *lcr_rules_deck(const rules_state *rs)
{
    return &rs->deck;
}

const lcr_morale *lcr_rules_morale(const rules_state *rs, side_id sd)
{
    return sd.id >= 1 && sd.id <= (uint32_t)rs->side_count ? &rs->morale[sd.id - 1] : NULL;
}

int lcr_rules_drawn(const rules_state *rs)
{
    return rs->drawn;
}

int lcr_rules_active(const rules_state *rs)
{
    return rs->active;
}

bool lcr_rules_activated(const rules_state *rs, figure_id id)
{
    return id.id >= 1 && id.id <= (uint32_t)rs->fig_count &&
           (rs->flags[id.id - 1] & LCR_FF_ACTIVATED);
}
