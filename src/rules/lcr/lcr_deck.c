#include "rules/lcr/lcr_deck.h"

#include "core/mem.h"

#include <stdlib.h>
#include <string.h>

void lcr_deck_init(lcr_deck *deck)
{
    memset(deck, 0, sizeof *deck);
}

void lcr_deck_free(lcr_deck *deck)
{
    free(deck->cards);
    free(deck->draw);
    memset(deck, 0, sizeof *deck);
}

void lcr_deck_copy(lcr_deck *dst, const lcr_deck *src)
{
    *dst = *src;
    dst->cards = mem_dup(src->cards, (size_t)src->card_cap, sizeof *src->cards);
    dst->draw = mem_dup(src->draw, (size_t)src->card_cap, sizeof *src->draw);
}

int lcr_deck_add(lcr_deck *deck, const lcr_card *card)
{
    if (deck->card_count == deck->card_cap) {
        deck->card_cap = deck->card_cap ? deck->card_cap * 2 : 32;
        deck->cards = mem_realloc(deck->cards, (size_t)deck->card_cap, sizeof *deck->cards);
        deck->draw = mem_realloc(deck->draw, (size_t)deck->card_cap, sizeof *deck->draw);
    }
    int n = deck->card_count++;
    deck->cards[n] = *card;
    if (card->place == LCR_PLACE_DRAW)
        deck->draw[deck->draw_count++] = n;
    return n;
}

int lcr_deck_cards_for(const lcr_data *d, const figure *leader, bool cavalry)
{
    int rank = lcr_data_rank_of(leader->role);
    if (rank < 0)
        return 0;
    int n = d->cards[rank][leader->quality];
    /* Seed 000, Cavalry: each cavalry officer adds one card to his usual number. */
    if (cavalry && rank >= LCR_RANK_OFFICER)
        n += d->cavalry_officer_extra_cards;
    return n;
}

int lcr_deck_cavalry_unit_cards(const lcr_data *d, int troopers)
{
    int per = d->cavalry_troopers_per_card > 0 ? d->cavalry_troopers_per_card : 1;
    return troopers > 0 ? (troopers + per - 1) / per : 0;
}

int lcr_deck_add_leader(lcr_deck *deck, const lcr_data *d, const figure *leader, bool cavalry,
                        int reinforcement)
{
    int n = lcr_deck_cards_for(d, leader, cavalry);
    lcr_card c = {
        .kind = LCR_CARD_LEADER,
        .side = leader->side,
        .leader = leader->id,
        .place = reinforcement >= 0 ? LCR_PLACE_WAITING : LCR_PLACE_DRAW,
        .reinforcement = reinforcement,
    };
    for (int i = 0; i < n; i++)
        lcr_deck_add(deck, &c);
    return n;
}

static bool card_returns(const lcr_card *c, const bool *arriving, int group_count)
{
    if (c->place == LCR_PLACE_RETIRED)
        return false;
    if (c->place != LCR_PLACE_WAITING)
        return true;
    return arriving && c->reinforcement >= 0 && c->reinforcement < group_count &&
           arriving[c->reinforcement];
}

void lcr_deck_reshuffle(lcr_deck *deck, dice_rng *rng, const bool *arriving, int group_count,
                        bool (*dead_leader)(const void *ctx, figure_id id), const void *ctx)
{
    deck->draw_count = 0;
    for (int i = 0; i < deck->card_count; i++) {
        lcr_card *c = &deck->cards[i];
        if (!card_returns(c, arriving, group_count))
            continue;
        if (c->kind == LCR_CARD_LEADER && dead_leader && dead_leader(ctx, c->leader)) {
            c->place = LCR_PLACE_RETIRED;
            continue;
        }
        c->place = LCR_PLACE_DRAW;
        c->reinforcement = -1;
        deck->draw[deck->draw_count++] = i;
    }
    dice_shuffle(rng, deck->draw, deck->draw_count, sizeof *deck->draw);
}

int lcr_deck_draw(lcr_deck *deck)
{
    if (deck->draw_count == 0)
        return -1;
    int n = deck->draw[--deck->draw_count];
    deck->cards[n].place = LCR_PLACE_DRAWN;
    return n;
}

void lcr_deck_move(lcr_deck *deck, int card, lcr_card_place place)
{
    if (card < 0 || card >= deck->card_count)
        return;
    deck->cards[card].place = place;
}

void lcr_deck_return(lcr_deck *deck, int card)
{
    if (card < 0 || card >= deck->card_count || deck->cards[card].place == LCR_PLACE_DRAW ||
        deck->draw_count >= deck->card_cap)
        return;
    memmove(deck->draw + 1, deck->draw, (size_t)deck->draw_count * sizeof *deck->draw);
    deck->draw[0] = card; /* the top is the last */
    deck->draw_count++;
    deck->cards[card].place = LCR_PLACE_DRAW;
}

void lcr_deck_take_out(lcr_deck *deck, int card, lcr_card_place place)
{
    for (int i = 0; i < deck->draw_count; i++)
        if (deck->draw[i] == card) {
            memmove(deck->draw + i, deck->draw + i + 1,
                    (size_t)(deck->draw_count - i - 1) * sizeof *deck->draw);
            deck->draw_count--;
            deck->cards[card].place = place;
            return;
        }
}

int lcr_deck_count(const lcr_deck *deck, side_id owner, lcr_card_place place)
{
    int n = 0;
    for (int i = 0; i < deck->card_count; i++)
        n += deck->cards[i].place == place && (owner.id == 0 || deck->cards[i].side.id == owner.id);
    return n;
}

int lcr_deck_hand_card(const lcr_deck *deck, side_id owner, int n)
{
    for (int i = 0; i < deck->card_count; i++) {
        const lcr_card *c = &deck->cards[i];
        if (c->place == LCR_PLACE_HAND && c->side.id == owner.id && n-- == 0)
            return i;
    }
    return -1;
}

int lcr_deck_find_place(const lcr_deck *deck, lcr_card_place place)
{
    for (int i = 0; i < deck->card_count; i++)
        if (deck->cards[i].place == place)
            return i;
    return -1;
}
