/* Little Colonial Rules: the sequence of play (seed 000, Order Deck; Actions: Activate): the
 * deck built from the leaders, soldier cards and the End of Turn card; drawing, interrupting,
 * reserving and acting on a card; the End of Turn (the demoralised run, reinforcements arrive,
 * the shuffle) and victory; the decision, the action panel, the turn driver and the card words. */
#include "rules/lcr/lcr_sequence.h"

#include "rules/lcr/lcr_artillery_math.h"
#include "rules/lcr/lcr_combat.h"
#include "rules/lcr/lcr_command.h"
#include "rules/lcr/lcr_morale.h"

#include "core/mem.h"
#include "core/place.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool in_game(const figure *f)
{
    return !(f->status & (FIGURE_STATUS_DEAD | FIGURE_STATUS_CAPTURED));
}

/* The cavalry leaders of a unit who hold its troop cards: its NCOs, else its officers. `members`
 * are the unit's figures (indices into t->figures, ascending). */
static int cavalry_card_holders(const table *t, const int *members, int count, figure_id *out,
                                int max)
{
    int n = 0;
    for (int pass = 0; pass < 2 && n == 0; pass++)
        for (int i = 0; i < count && n < max; i++) {
            const figure *f = &t->figures[members[i]];
            int rank = lcr_data_rank_of(f->role);
            bool want = pass == 0 ? rank == LCR_RANK_NCO || rank == LCR_RANK_LEADER
                                  : rank >= LCR_RANK_OFFICER;
            if (in_game(f) && want && lcr_command_is_cavalry(t, f))
                out[n++] = f->id;
        }
    return n;
}

/* Seed 000, Cavalry: a cavalry unit adds one card per ten troopers or fewer; the cards are dealt
 * in turn to its NCOs, else to its officers (assumed), and pass on as leaders' cards do. */
static void add_cavalry_unit_cards(rules_state *rs, const table *t, const unit *u,
                                   const int *members, int count)
{
    int troopers = 0;
    for (int i = 0; i < count; i++) {
        const figure *f = &t->figures[members[i]];
        troopers += in_game(f) && !lcr_is_leader(f) && lcr_command_is_cavalry(t, f);
    }
    figure_id holders[32];
    int nh = cavalry_card_holders(t, members, count, holders, 32);
    int cards = lcr_deck_cavalry_unit_cards(rs->data, troopers);
    int group = lcr_reinforcement_group_of(rs->scn, u->id);
    for (int k = 0; nh > 0 && k < cards; k++)
        lcr_deck_add(&rs->deck,
                     &(lcr_card){.kind = LCR_CARD_LEADER,
                                 .side = u->side,
                                 .leader = holders[k % nh],
                                 .place = group >= 0 ? LCR_PLACE_WAITING : LCR_PLACE_DRAW,
                                 .reinforcement = group});
}

/* Every unit's cavalry cards, from one pass that groups the figures by unit (each unit's in
 * table order): linear in figures, where asking every unit about every figure was not. */
static void add_all_cavalry_unit_cards(rules_state *rs, const table *t)
{
    int units = t->unit_count;
    int *start = mem_calloc((size_t)units + 2, sizeof *start);
    int *members = mem_calloc((size_t)t->figure_count + 1, sizeof *members);
    for (int i = 0; i < t->figure_count; i++) {
        uint32_t u = t->figures[i].unit.id;
        if (u >= 1 && u <= (uint32_t)units)
            start[u + 1]++;
    }
    for (int u = 1; u <= units; u++)
        start[u + 1] += start[u];
    int *fill = mem_dup(start, (size_t)units + 2, sizeof *start);
    for (int i = 0; i < t->figure_count; i++) {
        uint32_t u = t->figures[i].unit.id;
        if (u >= 1 && u <= (uint32_t)units)
            members[fill[u]++] = i;
    }
    for (int k = 0; k < units; k++) {
        const unit *u = &t->units[k];
        uint32_t id = u->id.id;
        if (id >= 1 && id <= (uint32_t)units)
            add_cavalry_unit_cards(rs, t, u, members + start[id], start[id + 1] - start[id]);
        else
            add_cavalry_unit_cards(rs, t, u, NULL, 0);
    }
    free(fill);
    free(members);
    free(start);
}

void lcr_sequence_setup(rules_state *rs, const table *t)
{
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        if (!lcr_is_leader(f) || (f->status & (FIGURE_STATUS_DEAD | FIGURE_STATUS_CAPTURED)))
            continue;
        lcr_deck_add_leader(&rs->deck, rs->data, f, lcr_command_is_cavalry(t, f),
                            lcr_reinforcement_group_of(rs->scn, f->unit));
    }
    add_all_cavalry_unit_cards(rs, t);
    int soldier_cards = lcr_option_int(rs->scn, "soldier_cards", rs->data->soldier_cards);
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

/* Prompt words without printf (decide() words every decision the game asks for). */
static void words3(char *buf, size_t size, const char *a, const char *b, const char *c)
{
    lcr_text w = lcr_text_on(buf, size);
    lcr_text_str(&w, a);
    lcr_text_str(&w, b);
    lcr_text_str(&w, c);
}

static void words_int(char *buf, size_t size, const char *a, int v, const char *c)
{
    lcr_text w = lcr_text_on(buf, size);
    lcr_text_str(&w, a);
    lcr_text_int(&w, v);
    lcr_text_str(&w, c);
}

static void interrupt_prompt(char *buf, size_t size, const char *label)
{
    lcr_text w = lcr_text_on(buf, size);
    lcr_text_strn(&w, label, 90);
    lcr_text_str(&w, " drawn: play a reserved card first?");
}

static void soldier_prompt(char *buf, size_t size, const char *side_name)
{
    lcr_text w = lcr_text_on(buf, size);
    lcr_text_str(&w, "Soldier card: any one ");
    lcr_text_strn(&w, side_name, 40);
    lcr_text_str(&w, " figure acts alone (move or fire), or reserve it");
}

static void card_label(const rules_state *rs, const table *t, int card, char *buf, size_t size)
{
    const lcr_card *c = &rs->deck.cards[card];
    if (c->kind == LCR_CARD_END_OF_TURN)
        lcr_copy(buf, size, "End of Turn");
    else if (c->kind == LCR_CARD_SOLDIER)
        words3(buf, size, "soldier card (", table_side(t, c->side)->name, ")");
    else
        words3(buf, size, "", lcr_name(t, c->leader), "'s card");
}

/* The decision of the moment; `words` false leaves phase and prompt empty (validate() asks for
 * every legal() candidate and reads neither). */
static void decide(const rules_state *rs, const table *t, rules_decision *out, bool words)
{
    *out = (rules_decision){0};
    char label[96];
    if (rs->over) {
        out->kind = RULES_DECIDE_NONE;
        return;
    }
    if (lcr_hook_decision(rs, t, out))
        return; /* the sealed choice before play, a challenge after an aid */
    if (words)
        words_int(out->phase, sizeof out->phase, "turn ", rs->turn, "");
    if (rs->alloc_hits > 0) {
        out->kind = RULES_DECIDE_ALLOCATE_HITS;
        out->side = rs->alloc_side;
        out->count = rs->alloc_hits < rs->alloc_count ? rs->alloc_hits : rs->alloc_count;
        if (words)
            words_int(out->prompt, sizeof out->prompt, "Pick ", out->count,
                      " figures inside the area to remove");
        return;
    }
    if (rs->active >= 0) {
        out->kind = RULES_DECIDE_ACT;
        out->side = rs->acting_side;
        out->figure = rs->actor;
        out->card = rs->active + 1;
        if (words)
            words3(out->prompt, sizeof out->prompt, "", lcr_name(t, rs->actor),
                   " acts: move, fire, rally, reform or end");
        return;
    }
    if (rs->drawn >= 0) {
        const lcr_card *c = &rs->deck.cards[rs->drawn];
        side_id opp = lcr_other_side(rs, c->side);
        out->card = rs->drawn + 1;
        if (words)
            card_label(rs, t, rs->drawn, label, sizeof label);
        if (!rs->interrupt_closed && lcr_deck_count(&rs->deck, opp, LCR_PLACE_HAND) > 0) {
            out->kind = RULES_DECIDE_INTERRUPT;
            out->side = opp;
            if (words)
                interrupt_prompt(out->prompt, sizeof out->prompt, label);
            return;
        }
        out->kind = RULES_DECIDE_USE_CARD;
        out->side = c->side;
        out->figure = c->leader;
        if (!words)
            return;
        if (c->kind == LCR_CARD_SOLDIER) /* what it allows, where the player reads the card */
            soldier_prompt(out->prompt, sizeof out->prompt, table_side(t, c->side)->name);
        else
            words3(out->prompt, sizeof out->prompt, "", label, ": act or reserve");
        return;
    }
    out->kind = RULES_DECIDE_DRAW_CARD;
    out->side = rs->drawer;
    if (words)
        words_int(out->prompt, sizeof out->prompt, "Draw the next card (", rs->deck.draw_count,
                  " left)");
}

void lcr_sequence_decision(const rules_state *rs, const table *t, rules_decision *out)
{
    decide(rs, t, out, true);
}

void lcr_sequence_decision_bare(const rules_state *rs, const table *t, rules_decision *out)
{
    decide(rs, t, out, false);
}

bool lcr_can_use_card(const rules_state *rs, const table *t, int card, figure_id actor, char *why,
                      size_t why_size)
{
    const lcr_card *c = &rs->deck.cards[card];
    const figure *f = table_figure_const(t, actor);
    if (!f || !table_figure_active(f) || f->side.id != c->side.id) {
        lcr_why(why, why_size, "the acting figure must be an active figure of the card's side");
        return false;
    }
    /* Seed 000, Morale and Rallying: the demoralised, leaders included, act on no card; only
     * another leader's rally brings them back. */
    if (f->status & FIGURE_STATUS_DEMORALISED) {
        lcr_why(why, why_size,
                "%s is demoralised: he acts on no card until another leader rallies him",
                f->name[0] ? f->name : table_role_name(f->role));
        return false;
    }
    if (c->kind == LCR_CARD_SOLDIER)
        return true;
    const figure *own = table_figure_const(t, c->leader);
    /* Seed 000, Cavalry: cavalry and infantry order cards never serve the other arm. */
    if (own && lcr_command_is_cavalry(t, own) != lcr_command_is_cavalry(t, f)) {
        lcr_why(why, why_size, "%s",
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
            lcr_why(why, why_size, "this card belongs to %s",
                    own->name[0] ? own->name : "its leader");
            return false;
        }
        return true;
    }
    /* Seed 000, Order Deck (the Toledo example): the card of a leader killed before he acted
     * passes to another leader of the same side. */
    if (!lcr_is_leader(f)) {
        lcr_why(why, why_size, "the card's leader is %s: another leader must take it",
                own && table_figure_active(own) ? "demoralised" : "dead");
        return false;
    }
    return true;
}

/* The decisions of the order deck: draw, interrupt with a reserved card or pass, act with the
 * drawn card or reserve it. */
bool lcr_sequence_validate(const rules_state *rs, const table *t, const rules_decision *d,
                           const rules_command *cmd, char *why, size_t size)
{
    switch (d->kind) {
    case RULES_DECIDE_DRAW_CARD:
        return cmd->kind == RULES_CMD_DRAW_CARD ? true : lcr_refuse(why, size, "draw a card first");
    case RULES_DECIDE_INTERRUPT:
        if (cmd->kind == RULES_CMD_PASS)
            return true;
        if (cmd->kind != RULES_CMD_PLAY_RESERVED)
            return lcr_refuse(why, size, "play a reserved card or pass");
        /* same checks as a reserved card played by its owner */
        /* fall through */
    case RULES_DECIDE_USE_CARD:
        if (cmd->kind == RULES_CMD_RESERVE_CARD && d->kind == RULES_DECIDE_USE_CARD)
            return true;
        if (cmd->kind == RULES_CMD_PLAY_RESERVED) {
            int c = cmd->card - 1;
            if (c < 0 || c >= rs->deck.card_count || rs->deck.cards[c].place != LCR_PLACE_HAND ||
                rs->deck.cards[c].side.id != cmd->side.id)
                return lcr_refuse(why, size, "that card is not in your hand");
            return lcr_can_use_card(rs, t, c, cmd->figure, why, size);
        }
        if (cmd->kind != RULES_CMD_ACTIVATE || d->kind != RULES_DECIDE_USE_CARD)
            return lcr_refuse(why, size, "act with the card (activate) or reserve it");
        return lcr_can_use_card(rs, t, rs->drawn, cmd->figure, why, size);
    default:
        return lcr_refuse(why, size, "nothing to decide");
    }
}

static void legal_card_users(lcr_candidates *lo, const rules_state *rs, const table *t,
                             rules_command base, int card)
{
    const lcr_card *c = &rs->deck.cards[card];
    const figure *own = c->kind == LCR_CARD_LEADER ? table_figure_const(t, c->leader) : NULL;
    if (own && table_figure_active(own) && !(own->status & FIGURE_STATUS_DEMORALISED)) {
        base.figure = own->id;
        lcr_legal_push(lo, rs, t, &base);
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
        lcr_legal_push(lo, rs, t, &base);
        offered += lo->n > before;
    }
}

/* Candidates for the order deck's decisions. */
void lcr_sequence_legal(lcr_candidates *lo, const rules_state *rs, const table *t,
                        const rules_decision *d)
{
    rules_command base = {.side = d->side};
    switch (d->kind) {
    case RULES_DECIDE_DRAW_CARD:
        base.kind = RULES_CMD_DRAW_CARD;
        lcr_legal_push(lo, rs, t, &base);
        break;
    case RULES_DECIDE_INTERRUPT:
        base.kind = RULES_CMD_PASS;
        lcr_legal_push(lo, rs, t, &base);
        /* reserved cards may be played */
        /* fall through */
    case RULES_DECIDE_USE_CARD:
        for (int k = 0; lcr_deck_hand_card(&rs->deck, d->side, k) >= 0; k++) {
            int c = lcr_deck_hand_card(&rs->deck, d->side, k);
            rules_command p = {.kind = RULES_CMD_PLAY_RESERVED, .side = d->side, .card = c + 1};
            legal_card_users(lo, rs, t, p, c);
        }
        if (d->kind == RULES_DECIDE_USE_CARD) {
            rules_command a = {.kind = RULES_CMD_ACTIVATE, .side = d->side, .card = d->card};
            legal_card_users(lo, rs, t, a, rs->drawn);
            base.kind = RULES_CMD_RESERVE_CARD;
            base.card = d->card;
            lcr_legal_push(lo, rs, t, &base);
        }
        break;
    default:
        break;
    }
}

/* An ACT decision's last candidate: end the activation. */
void lcr_sequence_legal_end(lcr_candidates *lo, const rules_state *rs, const table *t, side_id sd)
{
    rules_command end = {.kind = RULES_CMD_END_ACTIVATION, .side = sd};
    lcr_legal_push(lo, rs, t, &end);
}

/* Charge for a rider, then the optional rules' acts. */
static int lcr_extra_actions(const rules_state *rs, const table *t, const figure *f,
                             rules_action *out, int max)
{
    int n = 0;
    bool in_play = rs->active >= 0 && !rs->over;
    if (n < max && lcr_move_is_mounted(f)) {
        rules_action *a = &out[n++];
        *a = (rules_action){.kind = RULES_CMD_CHARGE, .enabled = in_play};
        lcr_copy(a->label, sizeof a->label, "Charge");
        if (!in_play)
            lcr_copy(a->reason, sizeof a->reason, "no card is in play");
        else if (lcr_hook_immobile(rs, f))
            a->enabled = false, lcr_copy(a->reason, sizeof a->reason, "seriously wounded");
        else
            a->enabled = lcr_may_act(rs, t, f->id, a->reason, sizeof a->reason);
    }
    return n + lcr_hook_actions(rs, t, f, out + n, max - n);
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
        lcr_copy(out[at].option, sizeof out[at].option, lcr_data_ammo_name((lcr_ammo)a));
        snprintf(out[at].label, sizeof out[at].label, "Fire %s", out[at].option);
        at++;
    }
    return n;
}

int lcr_sequence_actions(const rules_state *rs, const table *t, figure_id fig, rules_action *out,
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
        lcr_copy(a->label, sizeof a->label, kinds[k].label);
        a->enabled = rs->active >= 0 && !rs->over;
        if (!a->enabled) {
            lcr_copy(a->reason, sizeof a->reason, "no card is in play");
            continue;
        }
        if (kinds[k].kind == RULES_CMD_END_ACTIVATION)
            continue;
        if (kinds[k].kind == RULES_CMD_RALLY) {
            rules_command c = {.kind = RULES_CMD_RALLY, .side = rs->acting_side, .figure = fig};
            a->enabled = lcr_morale_validate_rally(rs, t, &c, a->reason, sizeof a->reason);
            continue;
        }
        a->enabled = lcr_may_act(rs, t, fig, a->reason, sizeof a->reason);
        if (a->enabled && kinds[k].kind == RULES_CMD_FIRE && !lcr_figure_can_fire(rs, f) &&
            !lcr_artillery_gun_of(rs->data, f)) {
            a->enabled = false;
            lcr_copy(a->reason, sizeof a->reason, "no firearm");
        }
        if (a->enabled && kinds[k].kind == RULES_CMD_REFORM &&
            (rs->actor_is_soldier || !lcr_is_leader(table_figure_const(t, rs->actor)))) {
            a->enabled = false;
            lcr_copy(a->reason, sizeof a->reason, "only officers and NCOs order a reform");
        }
    }
    int fire = -1;
    for (int i = 0; i < n && fire < 0; i++)
        fire = out[i].kind == RULES_CMD_FIRE ? i : -1;
    n = lcr_gun_fire_actions(rs, f, out, n, fire, max);
    return n + lcr_extra_actions(rs, t, f, out + n, max - n);
}

/* Seed 000, Actions: Activate: a leader's radius by rank and quality from the data file, and
 * whom he would activate now (demoralised figures other than himself do not answer). */
int lcr_sequence_command_radius(const rules_state *rs, const table *t, figure_id fig,
                                float *radius_cm, figure_id *out, int max)
{
    const figure *f = table_figure_const(t, fig);
    if (!f || !table_figure_active(f) || !lcr_is_leader(f))
        return -1;
    *radius_cm = lcr_command_radius(rs->data, f);
    figure_id ids[RULES_CMD_FIGURES_MAX * 4];
    lcr_unit_chains uc = {rs->unit_first, rs->unit_next, rs->fig_count};
    int n = lcr_command_in_command_in(t, rs->data, f, *radius_cm, ids,
                                      (int)(sizeof ids / sizeof ids[0]), &uc);
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

void lcr_sequence_outcome(const rules_state *rs, const table *t, rules_outcome *out)
{
    (void)t;
    *out = (rules_outcome){.over = rs->over, .winner = rs->winner};
    /* snprintf's "%s" without its cost (asked after every command): the same bytes */
    size_t n = strnlen(rs->reason, sizeof out->reason - 1);
    memcpy(out->reason, rs->reason, n);
    out->reason[n] = '\0';
}

int lcr_sequence_turn(const rules_state *rs)
{
    return rs->turn > 0 ? rs->turn : 1;
}

int lcr_sequence_driver(const rules_state *rs, const table *t, side_id viewer,
                        rules_driver_item *out, int max)
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
            lcr_copy(it->label, sizeof it->label, "reserved card");
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
    n += lcr_hook_driver(rs, t, viewer, out + n, max - n);
    return n;
}

/* The card words of the order deck (the driver panel's buttons, the action list, the bot's
 * announcements); other commands keep the engine's generic words. */
bool lcr_sequence_describe(const rules_state *rs, const table *t, const rules_command *cmd,
                           char *out, size_t size)
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
    lcr_copy(s.tag, sizeof s.tag, "shuffle_seed");
    rules_emitf(ctx, s, LCR_REF_DECK, "the deck's new order is drawn from the match dice");
    rules_event ev = {.kind = RULES_EV_SHUFFLE, .value = cards_after_shuffle(rs, ctx->table)};
    rules_emitf(ctx, ev, LCR_REF_DECK,
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

static void arrive(rules_state *rs, rules_ctx *ctx, int g)
{
    const scenario_reinforcement *r = &rs->scn->reinforcements[g];
    lcr_emit_flag(ctx, "arrive", (figure_id){0}, g,
                  "reinforcements arrive; their cards join this shuffle");
    for (int i = 0; i < ctx->table->figure_count; i++) {
        const figure *f = &ctx->table->figures[i];
        bool mine = false;
        for (int k = 0; k < r->unit_count; k++)
            mine |= r->units[k].id == f->unit.id;
        if (!mine || !(f->status & FIGURE_STATUS_OFF_TABLE) ||
            (f->status & (FIGURE_STATUS_DEAD | FIGURE_STATUS_CAPTURED)))
            continue;
        vec2s to = lcr_clamp_on_table(ctx->table, f, f->pos), free_at;
        /* Those already come on (and anyone at the edge) keep their ground: the nearest free
         * spot (core/place.h). */
        if (place_free_near(ctx->table, f->id, to, f->facing, NULL, 0, rs->data->arrival_shift_cm,
                            NULL, NULL, &free_at))
            to = free_at;
        if (to.x != f->pos.x || to.y != f->pos.y)
            lcr_emit_move(ctx, f->id, f->pos, to, f->facing, 0, LCR_REF_DECK,
                          "enters at the table edge");
        lcr_emit_status(ctx, f->id, 0, FIGURE_STATUS_OFF_TABLE, LCR_REF_DECK,
                        "arrives as a reinforcement");
    }
    lcr_hook_arrival(rs, ctx, g);
    rules_event mv = {.kind = RULES_EV_MORALE, .side = r->side, .value = g};
    lcr_copy(mv.tag, sizeof mv.tag, "add");
    rules_emitf(ctx, mv, LCR_REF_MORALE,
                "the reinforcements' own chits (%d) are added pile by pile",
                lcr_morale_total(&rs->group_morale[g]));
    lcr_sync_demoralised(rs, ctx, r->side);
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
    lcr_emit_text(ctx, ev, LCR_REF_VICTORY, why);
}

/* At the last End of Turn: "hold" conditions decide; else a draw (assumed). */
static void time_out(rules_state *rs, rules_ctx *ctx)
{
    for (int v = 0; rs->scn && v < rs->scn->victory_count; v++) {
        const scenario_victory *vc = &rs->scn->victory[v];
        if (!lcr_str_is(vc->kind, "hold") || vc->side.id == 0)
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

/* Whether side s has anyone in play (the first found answers: asked after every command). */
static bool side_any_active(const table *t, side_id s)
{
    for (int i = 0; i < t->figure_count; i++)
        if (t->figures[i].side.id == s.id && table_figure_active(&t->figures[i]))
            return true;
    return false;
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
void lcr_sequence_check_victory(rules_state *rs, rules_ctx *ctx)
{
    if (rs->over)
        return;
    for (int v = 0; rs->scn && v < rs->scn->victory_count; v++) {
        const scenario_victory *vc = &rs->scn->victory[v];
        if (!lcr_str_is(vc->kind, "destroy") || vc->side.id == 0 || vc->value <= 0)
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
                      (!side_any_active(ctx->table, sd) && !side_has_pending(rs, sd));
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
    lcr_emit_note(ctx, (figure_id){0}, LCR_REF_DECK, "End of Turn");
    lcr_hook_end_of_turn(rs, ctx); /* reinforcement sight: benefits due this turn */
    /* Who runs is fixed before anyone does: a figure demoralised by the chits this flight costs
     * (surrenders, men leaving the table) first runs at the next End of Turn. */
    int n = ctx->table->figure_count;
    bool *runs = mem_calloc((size_t)n + 1, sizeof *runs);
    for (int i = 0; i < n; i++) {
        const figure *f = &ctx->table->figures[i];
        runs[i] = table_figure_active(f) && (f->status & FIGURE_STATUS_DEMORALISED) &&
                  !lcr_hook_immobile(rs, f); /* the seriously wounded cannot run */
    }
    for (int i = 0; i < n; i++)
        if (runs[i] && table_figure_active(&ctx->table->figures[i]))
            lcr_morale_flee(rs, ctx, ctx->table->figures[i].id);
    free(runs);
    lcr_sequence_check_victory(rs, ctx);
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
    rules_emitf(ctx, tv, LCR_REF_DECK, "turn %d begins", next);
    shuffle(rs, ctx);
}

void lcr_sequence_begin(rules_state *rs, rules_ctx *ctx)
{
    rules_event tv = {.kind = RULES_EV_TURN, .value = 1};
    rules_emitf(ctx, tv, LCR_REF_DECK, "turn 1 begins");
    for (int s = 1; s <= rs->side_count; s++) {
        rules_event mv = {.kind = RULES_EV_MORALE,
                          .side = {(uint32_t)s},
                          .value = lcr_morale_total(&rs->morale[s - 1])};
        lcr_copy(mv.tag, sizeof mv.tag, "deal");
        const lcr_morale *m = &rs->morale[s - 1];
        rules_emitf(ctx, mv, LCR_REF_MORALE,
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
        lcr_copy(label, sizeof label, "the End of Turn card is drawn");
    else if (c->kind == LCR_CARD_SOLDIER)
        snprintf(label, sizeof label, "a soldier card of %s is drawn",
                 table_side(ctx->table, c->side)->name);
    else
        snprintf(label, sizeof label, "%s's card is drawn; it goes to his side",
                 lcr_name(ctx->table, c->leader));
    lcr_emit_card(ctx, "draw", card, c->leader, LCR_REF_DECK, label);
    if (c->kind == LCR_CARD_END_OF_TURN) {
        lcr_emit_card(ctx, "end_of_turn", card, (figure_id){0}, LCR_REF_DECK, "End of Turn");
        end_of_turn(rs, ctx);
    }
}

/* The acting figure and everyone in his command get the ACTIVATED flag. */
static void start_activation(rules_state *rs, rules_ctx *ctx, int card, figure_id actor,
                             const char *tag)
{
    const table *t = ctx->table;
    char text[160];
    lcr_text b = lcr_text_on(text, sizeof text); /* "%s acts on the card" */
    lcr_text_str(&b, lcr_name(t, actor));
    lcr_text_str(&b, " acts on the card");
    lcr_emit_card(ctx, tag, card, actor, LCR_REF_DECK, text);
    const figure *a = table_figure_const(t, actor);
    rules_event av = {.kind = RULES_EV_ACTIVATE, .figure = actor, .side = a->side, .unit = a->unit};
    if (rs->deck.cards[card].kind == LCR_CARD_SOLDIER || !lcr_is_leader(a)) {
        char alone[RULES_EVENT_TEXT_MAX]; /* "%s acts alone on a soldier card" */
        lcr_text ab = lcr_text_on(alone, sizeof alone);
        lcr_text_str(&ab, lcr_name(t, actor));
        lcr_text_str(&ab, " acts alone on a soldier card");
        lcr_emit_text(ctx, av, LCR_REF_DECK, alone);
        lcr_emit_flag(ctx, "activated", actor, 1, "may act");
        return;
    }
    float radius = lcr_command_radius(rs->data, a);
    figure_id ids[RULES_CMD_FIGURES_MAX * 4];
    lcr_unit_chains uc = {rs->unit_first, rs->unit_next, rs->fig_count};
    int n = lcr_command_in_command_in(t, rs->data, a, radius, ids,
                                      (int)(sizeof ids / sizeof ids[0]), &uc);
    /* "%s activates the figures of his unit within %.0f cm (%d)", built to the event's size */
    char act[RULES_EVENT_TEXT_MAX];
    lcr_text ab = lcr_text_on(act, sizeof act);
    lcr_text_str(&ab, lcr_name(t, actor));
    lcr_text_str(&ab, " activates the figures of his unit within ");
    lcr_text_fixed(&ab, radius, 0);
    lcr_text_str(&ab, " cm (");
    lcr_text_int(&ab, n);
    lcr_text_str(&ab, ")");
    lcr_emit_text(ctx, av, LCR_REF_ACT, act);
    for (int i = 0; i < n; i++) {
        const figure *f = table_figure_const(t, ids[i]);
        if (f->id.id != actor.id && (f->status & FIGURE_STATUS_DEMORALISED))
            continue;
        lcr_emit_flag(ctx, "activated", ids[i], 1, "in command");
    }
}

void lcr_sequence_end_activation(rules_state *rs, rules_ctx *ctx)
{
    lcr_combat_resolve(rs, ctx);
    if (rs->active >= 0)
        lcr_emit_card(ctx, "discard", rs->active, rs->actor, LCR_REF_DECK, "the card is discarded");
}

void lcr_sequence_end_turn(rules_state *rs, rules_ctx *ctx)
{
    if (rs->active >= 0)
        lcr_sequence_end_activation(rs, ctx);
    if (rs->drawn >= 0)
        lcr_emit_card(ctx, "end_of_turn", rs->drawn, (figure_id){0}, "",
                      "Referee: the drawn card is put aside");
    if (!rs->over)
        end_of_turn(rs, ctx);
}

/* The order deck's commands: draw, pass, reserve, play a reserved card, activate, end. */
void lcr_sequence_resolve(rules_state *rs, rules_ctx *ctx, const rules_command *cmd)
{
    switch (cmd->kind) {
    case RULES_CMD_DRAW_CARD:
        resolve_draw(rs, ctx);
        break;
    case RULES_CMD_PASS:
        lcr_emit_flag(ctx, "pass", (figure_id){0}, 0, "no interrupt: the card's owner acts");
        break;
    case RULES_CMD_RESERVE_CARD:
        lcr_emit_card(ctx, "reserve", rs->drawn, (figure_id){0}, LCR_REF_DECK,
                      "the card is reserved, to be played later (even to interrupt)");
        break;
    case RULES_CMD_PLAY_RESERVED:
        start_activation(rs, ctx, cmd->card - 1, cmd->figure, "play");
        break;
    case RULES_CMD_ACTIVATE:
        start_activation(rs, ctx, rs->drawn, cmd->figure, "use");
        break;
    case RULES_CMD_END_ACTIVATION:
        lcr_sequence_end_activation(rs, ctx);
        break;
    default:
        break;
    }
}
