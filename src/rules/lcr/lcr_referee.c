/* The referee's rulings over the Order Deck and the sequence (lcr_referee.h). A leader's card
 * (or a side's soldier card) goes back to the bottom of the draw pile from a hand, the discards
 * or the table; or leaves the pile for its side's hand, as if reserved. "End the phase" ends
 * the card in play as END_ACTIVATION does (its close combats fought) or puts a drawn card
 * aside; "End the turn" brings the End of Turn now. Each is a REFEREE command; its events read
 * "Referee: ...". */
#include "rules/lcr/lcr_referee.h"

#include "rules/lcr/lcr_sequence.h"
#include "rules/lcr/lcr_state.h"

#include <stdio.h>
#include <string.h>

#define CARD_IN  "card_in"  /* card = the card: back into the deck */
#define CARD_OUT "card_out" /* card = the card: out of the deck into its side's hand */

/* A card may go back from a hand, the discards or the table (drawn, not yet acted on). */
static bool may_return(const rules_state *rs, int card)
{
    lcr_card_place p = rs->deck.cards[card].place;
    return p == LCR_PLACE_HAND || p == LCR_PLACE_DISCARD ||
           (p == LCR_PLACE_DRAWN && rs->active < 0);
}

/* The sequence stands at a card (not a sealed choice, nor hits to place). */
static bool at_a_card(const rules_state *rs, const table *t)
{
    rules_decision d;
    lcr_sequence_decision(rs, t, &d);
    return d.kind == RULES_DECIDE_DRAW_CARD || d.kind == RULES_DECIDE_INTERRUPT ||
           d.kind == RULES_DECIDE_USE_CARD || d.kind == RULES_DECIDE_ACT;
}

/* The first card of `owner`'s kind (a leader's, or with leader 0 a side's soldier card) in a
 * place the word moves it from, one in the open (the discards, drawn) before one in a hand;
 * -1 for none. */
static int card_for(const rules_state *rs, figure_id leader, side_id sd, bool in)
{
    int held = -1;
    for (int i = 0; i < rs->deck.card_count; i++) {
        const lcr_card *c = &rs->deck.cards[i];
        bool mine = leader.id ? c->kind == LCR_CARD_LEADER && c->leader.id == leader.id
                              : c->kind == LCR_CARD_SOLDIER && c->side.id == sd.id;
        if (!mine || !(in ? may_return(rs, i) : c->place == LCR_PLACE_DRAW))
            continue;
        if (!in || c->place != LCR_PLACE_HAND)
            return i;
        if (held < 0)
            held = i;
    }
    return held;
}

static int card_rulings(const rules_state *rs, const table *t, figure_id leader, side_id sd,
                        const char *whose, rules_ruling *out, int n, int max)
{
    char label[80];
    int in = card_for(rs, leader, sd, true), take = card_for(rs, leader, sd, false);
    /* A hand is face down to the other side and the draw pile to everyone: a ruling on a card
     * in either tells where it lies, so it is the card's side's secret. */
    if (in >= 0) {
        snprintf(label, sizeof label, "Put %.40s back in the deck", whose);
        int was = n;
        n = rules_ruling_add(out, n, max, (rules_command){.figure = leader, .card = in + 1},
                             CARD_IN, label);
        if (n > was && rs->deck.cards[in].place == LCR_PLACE_HAND)
            out[n - 1].secret = rs->deck.cards[in].side;
    }
    if (take >= 0) {
        snprintf(label, sizeof label, "Take %.36s out of the deck, into the hand", whose);
        int was = n;
        n = rules_ruling_add(out, n, max, (rules_command){.figure = leader, .card = take + 1},
                             CARD_OUT, label);
        if (n > was)
            out[n - 1].secret = rs->deck.cards[take].side;
    }
    (void)t;
    return n;
}

static int lcr_rulings(const rules_state *rs, const table *t, figure_id fig, rules_ruling *out,
                       int max)
{
    int n = 0;
    char whose[64];
    if (!at_a_card(rs, t))
        return 0;
    if (fig.id) {
        const figure *f = table_figure_const(t, fig);
        if (f && lcr_is_leader(f)) {
            snprintf(whose, sizeof whose, "%.40s's card", lcr_name(t, fig));
            n = card_rulings(rs, t, fig, f->side, whose, out, n, max);
        }
        return n;
    }
    if (rs->active >= 0) {
        snprintf(whose, sizeof whose, "End %.40s's activation", lcr_name(t, rs->actor));
        n = rules_ruling_add(out, n, max, (rules_command){.figure = fig}, RULES_RULING_END_PHASE,
                             whose);
    } else if (rs->drawn >= 0) {
        n = rules_ruling_add(out, n, max, (rules_command){.figure = fig}, RULES_RULING_END_PHASE,
                             "Put the drawn card aside unused");
    }
    n = rules_ruling_add(out, n, max, (rules_command){.figure = fig}, RULES_RULING_END_TURN,
                         "End the turn now");
    for (int s = 0; s < t->side_count; s++) {
        snprintf(whose, sizeof whose, "a %.30s soldier card", t->sides[s].name);
        n = card_rulings(rs, t, (figure_id){0}, t->sides[s].id, whose, out, n, max);
    }
    return n;
}

static bool lcr_referee_validate(const rules_state *rs, const table *t, const rules_command *cmd,
                                 char *reason, size_t size)
{
    const char *w = cmd->option;
    bool in = strcmp(w, CARD_IN) == 0, out = strcmp(w, CARD_OUT) == 0;
    if (!in && !out && strcmp(w, RULES_RULING_END_PHASE) != 0 &&
        strcmp(w, RULES_RULING_END_TURN) != 0) {
        snprintf(reason, size, "Little Colonial Rules has no referee ruling \"%s\"", w);
        return false;
    }
    if (!at_a_card(rs, t))
        return rules_refuse(reason, size, "first finish the choice or the hits the rules ask for");
    if (strcmp(w, RULES_RULING_END_PHASE) == 0)
        return rs->active >= 0 || rs->drawn >= 0 ||
               rules_refuse(reason, size, "no card is drawn or in play");
    if (strcmp(w, RULES_RULING_END_TURN) == 0)
        return true;
    int card = cmd->card - 1;
    if (card < 0 || card >= rs->deck.card_count)
        return rules_refuse(reason, size, "the referee must name a card of the deck");
    const lcr_card *c = &rs->deck.cards[card];
    if (c->kind == LCR_CARD_END_OF_TURN)
        return rules_refuse(reason, size, "the End of Turn card stays in the deck");
    if (in)
        return may_return(rs, card) ||
               rules_refuse(reason, size, "that card is not in a hand, the discards or drawn");
    return c->place == LCR_PLACE_DRAW || rules_refuse(reason, size, "that card is not in the deck");
}

static void lcr_referee_resolve(rules_state *rs, rules_ctx *ctx, const rules_command *cmd)
{
    const char *w = cmd->option;
    char text[RULES_EVENT_TEXT_MAX];
    if (strcmp(w, RULES_RULING_END_PHASE) == 0) {
        lcr_emit_note(ctx, rs->actor, "", "Referee: the card's turn is over");
        if (rs->active >= 0)
            lcr_sequence_end_activation(rs, ctx);
        else
            lcr_emit_card(ctx, "end_of_turn", rs->drawn, (figure_id){0}, "",
                          "Referee: the drawn card is put aside");
        return;
    }
    if (strcmp(w, RULES_RULING_END_TURN) == 0) {
        lcr_emit_note(ctx, (figure_id){0}, "", "Referee: the turn ends now");
        lcr_sequence_end_turn(rs, ctx);
        return;
    }
    int card = cmd->card - 1;
    const lcr_card *c = &rs->deck.cards[card];
    const table *t = ctx->table;
    char whose[64];
    if (c->kind == LCR_CARD_LEADER)
        snprintf(whose, sizeof whose, "%.40s's card", lcr_name(t, c->leader));
    else
        snprintf(whose, sizeof whose, "a %.30s soldier card", table_side_label(t, c->side, ""));
    bool in = strcmp(w, CARD_IN) == 0;
    snprintf(text, sizeof text,
             in ? "Referee: %s goes back to the bottom of the deck"
                : "Referee: %s is taken out of the deck into its side's hand",
             whose);
    lcr_emit_card(ctx, in ? "referee_return" : "referee_take", card, c->leader, "", text);
}

const rules_referee_ops lcr_referee_ops = {
    .rulings = lcr_rulings,
    .validate = lcr_referee_validate,
    .resolve = lcr_referee_resolve,
};
