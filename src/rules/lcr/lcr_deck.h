/* Little Colonial Rules: the Order Deck (seed 000, Order Deck).
 *
 * The deck holds one card per order of each officer, NCO and native leader (how many by rank and
 * quality is in the data file), the sides' individual soldier cards, and the End of Turn card.
 * A drawn card goes to its owner, who acts with it or reserves it; a reserved card stays in its
 * side's hand until played (possibly as an interrupt, just after the opponent draws) or until the
 * End of Turn card gathers every discard and held card back and the deck is reshuffled. Cards of
 * reinforcements wait outside the deck and join the reshuffle that brings their troops on.
 *
 * Pure bookkeeping: every card is in exactly one place; draw order comes from the caller's rng.
 */
#ifndef LCR_LCR_DECK_H
#define LCR_LCR_DECK_H

#include "core/dice.h"
#include "core/table.h"
#include "rules/lcr/lcr_data.h"

#include <stdbool.h>

typedef enum lcr_card_kind {
    LCR_CARD_LEADER = 0, /* an officer's, NCO's or native leader's order */
    LCR_CARD_SOLDIER,    /* lets one figure of the side act alone */
    LCR_CARD_END_OF_TURN,
} lcr_card_kind;

typedef enum lcr_card_place {
    LCR_PLACE_DRAW = 0, /* in the draw pile */
    LCR_PLACE_DRAWN,    /* just drawn, waiting for its owner (or an interrupt) */
    LCR_PLACE_IN_PLAY,  /* being acted on */
    LCR_PLACE_HAND,     /* reserved by its side */
    LCR_PLACE_DISCARD,
    LCR_PLACE_WAITING, /* a reinforcement's card, not yet in the deck */
    LCR_PLACE_RETIRED, /* its leader is dead: out of the game */
} lcr_card_place;

typedef struct lcr_card {
    lcr_card_kind kind;
    side_id side;     /* owner; 0 for End of Turn */
    figure_id leader; /* LCR_CARD_LEADER: whose order it is */
    lcr_card_place place;
    int reinforcement; /* LCR_PLACE_WAITING: index of the reinforcement group, else -1 */
} lcr_card;

typedef struct lcr_deck {
    lcr_card *cards; /* every card of the game; a card's number is its index */
    int card_count, card_cap;
    int *draw; /* card numbers, top of the pile last */
    int draw_count;
} lcr_deck;

void lcr_deck_init(lcr_deck *deck);
void lcr_deck_free(lcr_deck *deck);
/* A deep copy of src into dst (dst uninitialised). */
void lcr_deck_copy(lcr_deck *dst, const lcr_deck *src);

/* Adds a card (its place taken from `card`, LCR_PLACE_DRAW puts it on top of the draw pile);
 * returns its number. */
int lcr_deck_add(lcr_deck *deck, const lcr_card *card);
/* Number of order cards of a leader by his rank and quality (cavalry officers get the extra
 * card of seed 000, Cavalry). 0 for figures that are not leaders. */
int lcr_deck_cards_for(const lcr_data *d, const figure *leader, bool cavalry);
/* Seed 000, Cavalry: the order cards a cavalry unit of `troopers` troopers adds to the deck, one
 * per cavalry_troopers_per_card troopers or fewer (0 troopers: none). */
int lcr_deck_cavalry_unit_cards(const lcr_data *d, int troopers);
/* Adds a leader's cards; returns how many. `reinforcement` >= 0 makes them wait outside. */
int lcr_deck_add_leader(lcr_deck *deck, const lcr_data *d, const figure *leader, bool cavalry,
                        int reinforcement);

/* Gathers every card on the table back (draw, drawn, in play, hand, discard), brings in the
 * waiting cards of the reinforcement groups for which `arriving[group]` is true (NULL: none),
 * drops the cards of dead leaders (`dead_leader(ctx, id)`, may be NULL), and shuffles. */
void lcr_deck_reshuffle(lcr_deck *deck, dice_rng *rng, const bool *arriving, int group_count,
                        bool (*dead_leader)(const void *ctx, figure_id id), const void *ctx);
/* Draws the top card (now LCR_PLACE_DRAWN) and returns its number; -1 when the pile is empty. */
int lcr_deck_draw(lcr_deck *deck);
/* Moves a card to a place (hand for a reserve, in play, discard). */
void lcr_deck_move(lcr_deck *deck, int card, lcr_card_place place);
/* A referee's ruling: the card (in a hand, the discards or just drawn) goes to the bottom of
 * the draw pile. */
void lcr_deck_return(lcr_deck *deck, int card);
/* A referee's ruling: the card leaves the draw pile for `place` (a hand, the discards). */
void lcr_deck_take_out(lcr_deck *deck, int card, lcr_card_place place);
/* Number of cards of a side in a place (side 0: any). */
int lcr_deck_count(const lcr_deck *deck, side_id owner, lcr_card_place place);
/* The n-th (0-based) card of a side in its hand, or -1. */
int lcr_deck_hand_card(const lcr_deck *deck, side_id owner, int n);
/* The card currently drawn or in play, in that order of preference, or -1. */
int lcr_deck_find_place(const lcr_deck *deck, lcr_card_place place);

#endif // LCR_LCR_DECK_H
