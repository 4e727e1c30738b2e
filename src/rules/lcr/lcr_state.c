/* Little Colonial Rules: the per-match state's life: created from the scenario, cloned,
 * destroyed; apply(), the only place it changes; hash(). Each optional rule keeps its own state
 * beside it (lcr_option). */
#include "rules/lcr/lcr_state.h"

#include "core/mem.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void *lcr_option_state(const rules_state *rs, const lcr_option *option)
{
    for (int i = 0; i < rs->option_count; i++)
        if (rs->options[i].option == option)
            return rs->options[i].state;
    return NULL;
}

static void set_multipliers(rules_state *rs, const table *t)
{
    for (int i = 0; i < t->type_count && i < LCR_TYPES_MAX; i++) {
        const lcr_terrain *lt = lcr_data_terrain(rs->data, t->types[i].name);
        rs->mult[i] = lt ? lt->move_mult : t->types[i].move_mult;
        rs->terrain_ix[i] = (int16_t)(lt ? lt - rs->data->terrain + 1 : 0);
    }
}

static void set_fire_blockers(rules_state *rs, const table *t)
{
    rs->fire_blockers = mem_calloc((size_t)t->feature_count + 1, sizeof *rs->fire_blockers);
    rs->fire_blocker_features = t->feature_count;
    for (int i = 0; i < t->feature_count; i++) {
        const lcr_terrain *lt = lcr_terrain_of(rs, t, t->features[i].type);
        if (lt && lt->blocks_individual_fire)
            rs->fire_blockers[rs->fire_blocker_count++] = i;
    }
}

static vec2s home_of(const rules_state *rs, const figure *f, uint8_t *edge)
{
    int g = lcr_reinforcement_group_of(rs->scn, f->unit);
    *edge = g >= 0 ? (uint8_t)rs->scn->reinforcements[g].edge : SCENARIO_EDGE_NONE;
    return *edge != SCENARIO_EDGE_NONE ? rs->scn->reinforcements[g].entry : f->pos;
}

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
    if (lcr_str_is(ev->tag, "draw")) {
        if (rs->deck.draw_count > 0)
            rs->deck.draw_count--;
        lcr_deck_move(&rs->deck, card, LCR_PLACE_DRAWN);
        rs->drawn = card;
        rs->interrupt_closed = false;
    } else if (lcr_str_is(ev->tag, "end_of_turn")) {
        lcr_deck_move(&rs->deck, card, LCR_PLACE_DISCARD);
        rs->drawn = -1;
    } else if (lcr_str_is(ev->tag, "reserve")) {
        lcr_deck_move(&rs->deck, card, LCR_PLACE_HAND);
        rs->drawn = -1;
        rs->drawer = lcr_other_side(rs, ev->side);
    } else if (lcr_str_is(ev->tag, "play") || lcr_str_is(ev->tag, "use")) {
        bool from_hand = lcr_str_is(ev->tag, "play");
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
    } else if (lcr_str_is(ev->tag, "referee_return")) { /* lcr_referee.c */
        if (rs->drawn == card)
            rs->drawn = -1;
        lcr_deck_return(&rs->deck, card);
    } else if (lcr_str_is(ev->tag, "referee_take")) {
        lcr_deck_take_out(&rs->deck, card, LCR_PLACE_HAND);
    } else if (lcr_str_is(ev->tag, "discard")) {
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
    if (lcr_str_is(ev->tag, "pass")) {
        rs->interrupt_closed = true;
    } else if (lcr_str_is(ev->tag, "shuffle_seed")) {
        rs->shuffle_seed = (uint32_t)ev->value;
    } else if (lcr_str_is(ev->tag, "activated") && has_fig) {
        rs->flags[fi] |= LCR_FF_ACTIVATED;
    } else if (lcr_str_is(ev->tag, "acted") && has_fig) {
        rs->flags[fi] |= LCR_FF_ACTED;
        if (ev->figure.id == rs->actor.id)
            rs->actor_busy = true;
    } else if (lcr_str_is(ev->tag, "waiting") && has_fig) {
        rs->flags[fi] =
            (uint8_t)(ev->value ? rs->flags[fi] | LCR_FF_WAITING : rs->flags[fi] & ~LCR_FF_WAITING);
    } else if (lcr_str_is(ev->tag, "engaged") && has_fig) {
        rs->flags[fi] |= LCR_FF_ENGAGED;
    } else if (lcr_str_is(ev->tag, "hold") && has_fig) {
        rs->hold[fi] = (int8_t)ev->value;
    } else if (lcr_str_is(ev->tag, "arrive") && ev->value >= 0 && ev->value < rs->group_count) {
        rs->arrived[ev->value] = true;
    } else if (lcr_str_is(ev->tag, "alloc")) {
        rs->alloc_hits = ev->value;
        rs->alloc_side = ev->side;
        rs->alloc_count = 0;
    } else if (lcr_str_is(ev->tag, "alloc_candidate") && rs->alloc_count < RULES_CMD_FIGURES_MAX) {
        const figure *f = table_figure_const(t, ev->figure);
        if (f)
            rs->alloc[rs->alloc_count++] = (lcr_fire_candidate){f->id, f->role};
    } else if (lcr_str_is(ev->tag, "alloc_done")) {
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
    if (lcr_str_is(ev->tag, "take")) {
        lcr_morale_take(&rs->morale[s]);
        rs->casualties[s]++;
    } else if (lcr_str_is(ev->tag, "add") && ev->value >= 0 && ev->value < rs->group_count) {
        lcr_morale_add(&rs->morale[s], &rs->group_morale[ev->value]);
        rs->start_figures[s] += 0;
    }
}

void lcr_state_apply(rules_state *rs, const table *t, const rules_event *ev)
{
    for (int i = 0; i < rs->option_count; i++) {
        const lcr_option *o = rs->options[i].option;
        if (o->apply && o->apply(rs, t, ev))
            return; /* the optional rules' own events */
    }
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

void lcr_state_hash(const rules_state *rs, rules_hasher *hs)
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
    for (int i = 0; i < rs->option_count; i++)
        if (rs->options[i].option->hash)
            rs->options[i].option->hash(rs->options[i].state, hs);
}

/* The chains of each unit's figures in table order (rules_state.unit_first, unit_next). */
static void set_unit_chains(rules_state *rs, const table *t)
{
    int n = t->figure_count;
    rs->unit_first = mem_calloc((size_t)n + 1, sizeof *rs->unit_first);
    rs->unit_next = mem_calloc((size_t)n + 1, sizeof *rs->unit_next);
    for (int i = 0; i < n; i++) {
        rs->unit_first[i] = i;
        rs->unit_next[i] = -1;
        for (int j = i - 1; j >= 0; j--) /* the last before i of his unit links to him */
            if (t->figures[j].unit.id == t->figures[i].unit.id) {
                rs->unit_first[i] = rs->unit_first[j];
                rs->unit_next[j] = i;
                break;
            }
    }
}

rules_state *lcr_state_create(const rules_create_desc *desc, const lcr_option *const *options,
                              int option_count, char *err, size_t err_size)
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
    rs->max_turns = lcr_option_int(rs->scn, "max_turns", rs->max_turns);
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
    assert(option_count <= LCR_OPTIONS_MAX);
    rs->los_refs = mem_calloc(1, sizeof *rs->los_refs);
    *rs->los_refs = 1;
    lcr_deck_init(&rs->deck);
    for (int i = 0; i < option_count; i++) {
        lcr_option_slot *slot = &rs->options[rs->option_count];
        slot->option = options[i];
        slot->state = options[i]->create ? options[i]->create(rs, t, err, err_size) : NULL;
        if (options[i]->create && !slot->state) {
            slot->option = NULL;
            lcr_state_destroy(rs);
            return NULL;
        }
        slot->on = !options[i]->on || options[i]->on(slot->state);
        if (slot->on)
            rs->hooks_on |= (options[i]->check_act ? LCR_HOOK_CHECK_ACT : 0u) |
                            (options[i]->may_act ? LCR_HOOK_MAY_ACT : 0u) |
                            (options[i]->immobile ? LCR_HOOK_IMMOBILE : 0u) |
                            (options[i]->move_factor ? LCR_HOOK_MOVE_FACTOR : 0u) |
                            (options[i]->range ? LCR_HOOK_RANGE : 0u) |
                            (options[i]->decision ? LCR_HOOK_DECISION : 0u) |
                            (options[i]->legal_act ? LCR_HOOK_LEGAL_ACT : 0u) |
                            (options[i]->resolve ? LCR_HOOK_RESOLVE : 0u);
        rs->option_count++;
    }
    for (int i = 0; i < rs->option_count && !rs->los; i++)
        if (rs->options[i].option->los)
            rs->los = rs->options[i].option->los(rs->options[i].state, t);
    if (!rs->los)
        rs->los = los_create(t, NULL);
    rs->sight_memo = memo_create(11, sizeof(lcr_sight_key), sizeof(lcr_sight_value));
    rs->path_memo = memo_create(6, sizeof(lcr_path_key), sizeof(path_result));
    rs->reach_memo = memo_create(8, sizeof(lcr_reach_key), sizeof(lcr_path_brief));
    rs->path2_memo = memo_create(9, sizeof(lcr_path2_key), sizeof(lcr_path_brief));
    rs->ends_memo = memo_create(9, sizeof(lcr_path2_key), sizeof(uint32_t));
    rs->blind = mem_calloc((size_t)rs->fig_count + 1, sizeof *rs->blind);
    rs->scratch = lcr_scratch_create(rs->fig_count);
    set_fire_blockers(rs, t);
    set_unit_chains(rs, t);
    for (int i = 0; i <= rs->fig_count; i++)
        rs->blind[i].eye_ft = -1.0f; /* never asked */
    return rs;
}

/* Frees everything rs holds but rs itself. */
static void state_release(rules_state *rs)
{
    if (rs->los_refs && --*rs->los_refs == 0) {
        lcr_data_destroy(rs->data);
        los_destroy(rs->los);
        memo_destroy(rs->sight_memo);
        memo_destroy(rs->path_memo);
        memo_destroy(rs->reach_memo);
        memo_destroy(rs->path2_memo);
        memo_destroy(rs->ends_memo);
        free(rs->blind);
        lcr_scratch_destroy(rs->scratch);
        free(rs->fire_blockers);
        free(rs->unit_first);
        free(rs->unit_next);
        free(rs->los_refs);
    }
    lcr_deck_free(&rs->deck);
    free(rs->group_morale);
    free(rs->arrived);
    free(rs->flags);
    free(rs->hold);
    free(rs->home);
    free(rs->home_edge);
    for (int i = 0; i < rs->option_count; i++)
        if (rs->options[i].option->destroy)
            rs->options[i].option->destroy(rs->options[i].state);
}

void lcr_state_destroy(rules_state *rs)
{
    if (!rs)
        return;
    state_release(rs);
    free(rs);
}

/* c, a byte copy of rs holding nothing of its own, made its deep copy. */
static void state_copy(rules_state *c, const rules_state *rs)
{
    ++*c->los_refs; /* data and terrain never change: clones share them */
    lcr_deck_copy(&c->deck, &rs->deck);
    c->group_morale =
        mem_dup(rs->group_morale, (size_t)rs->group_count + 1, sizeof *c->group_morale);
    c->arrived = mem_dup(rs->arrived, (size_t)rs->group_count + 1, sizeof *c->arrived);
    c->flags = mem_dup(rs->flags, (size_t)rs->fig_count + 1, sizeof *c->flags);
    c->hold = mem_dup(rs->hold, (size_t)rs->fig_count + 1, sizeof *c->hold);
    c->home = mem_dup(rs->home, (size_t)rs->fig_count + 1, sizeof *c->home);
    c->home_edge = mem_dup(rs->home_edge, (size_t)rs->fig_count + 1, sizeof *c->home_edge);
    for (int i = 0; i < rs->option_count; i++)
        if (rs->options[i].option->clone)
            c->options[i].state = rs->options[i].option->clone(rs->options[i].state);
}

rules_state *lcr_state_clone(const rules_state *rs)
{
    rules_state *c = mem_dup(rs, 1, sizeof *rs);
    state_copy(c, rs);
    return c;
}

/* dst's array of n elements made src's (both hold n). */
#define COPY_INTO(dst, src, n) memcpy((dst), (src), (size_t)(n) * sizeof *(src))

void lcr_state_clone_into(rules_state *dst, const rules_state *src)
{
    /* Only a state of the same match (the shared data, the same counts and options, each
     * option able to copy in place) has buffers of the right sizes; any other is freed and
     * cloned. */
    bool same = dst != src && dst->los_refs == src->los_refs && dst->fig_count == src->fig_count &&
                dst->group_count == src->group_count && dst->option_count == src->option_count;
    for (int i = 0; same && i < src->option_count; i++)
        same = dst->options[i].option == src->options[i].option &&
               (!src->options[i].option->clone || (src->options[i].option->clone_into &&
                                                   dst->options[i].state && src->options[i].state));
    if (dst == src)
        return;
    if (!same) {
        state_release(dst);
        *dst = *src;
        state_copy(dst, src);
        return;
    }
    rules_state keep = *dst; /* the buffers to reuse */
    *dst = *src;
    /* the deck: its arrays hold card_cap entries, as lcr_deck_copy's do */
    dst->deck.cards = keep.deck.cards;
    dst->deck.draw = keep.deck.draw;
    if (keep.deck.card_cap != src->deck.card_cap) {
        dst->deck.cards =
            mem_realloc(dst->deck.cards, (size_t)src->deck.card_cap, sizeof *dst->deck.cards);
        dst->deck.draw =
            mem_realloc(dst->deck.draw, (size_t)src->deck.card_cap, sizeof *dst->deck.draw);
    }
    if (src->deck.card_cap > 0) {
        COPY_INTO(dst->deck.cards, src->deck.cards, src->deck.card_cap);
        COPY_INTO(dst->deck.draw, src->deck.draw, src->deck.card_cap);
    }
    dst->group_morale = keep.group_morale;
    dst->arrived = keep.arrived;
    COPY_INTO(dst->group_morale, src->group_morale, src->group_count + 1);
    COPY_INTO(dst->arrived, src->arrived, src->group_count + 1);
    dst->flags = keep.flags;
    dst->hold = keep.hold;
    dst->home = keep.home;
    dst->home_edge = keep.home_edge;
    COPY_INTO(dst->flags, src->flags, src->fig_count + 1);
    COPY_INTO(dst->hold, src->hold, src->fig_count + 1);
    COPY_INTO(dst->home, src->home, src->fig_count + 1);
    COPY_INTO(dst->home_edge, src->home_edge, src->fig_count + 1);
    for (int i = 0; i < src->option_count; i++)
        if (src->options[i].option->clone) { /* without, the state is shared, as clone shares it */
            dst->options[i].state = keep.options[i].state;
            src->options[i].option->clone_into(dst->options[i].state, src->options[i].state);
        }
}
