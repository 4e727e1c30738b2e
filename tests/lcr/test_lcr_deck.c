/* The Order Deck (seed 000, Order Deck): building, drawing, reserving, the End of Turn gathering,
 * reinforcements joining the reshuffle, dead leaders' cards retired. */
#include "lcr_test_util.h"

#include "rules/lcr/lcr_deck.h"

static bool never_dead(const void *ctx, figure_id id)
{
    (void)ctx;
    (void)id;
    return false;
}

static bool leader_7_dead(const void *ctx, figure_id id)
{
    (void)ctx;
    return id.id == 7;
}

static void test_deck_build_and_draw_all(void **state)
{
    (void)state;
    lcr_data *d = test_lcr_data();
    lcr_deck deck;
    lcr_deck_init(&deck);
    figure lt = {
        .id = {1}, .side = {1}, .role = FIGURE_ROLE_OFFICER, .quality = FIGURE_QUALITY_SEASONED};
    figure sgt = {
        .id = {2}, .side = {1}, .role = FIGURE_ROLE_NCO, .quality = FIGURE_QUALITY_VETERAN};
    figure datu = {
        .id = {3}, .side = {2}, .role = FIGURE_ROLE_LEADER, .quality = FIGURE_QUALITY_VETERAN};
    assert_int_equal(lcr_deck_add_leader(&deck, d, &lt, false, -1), 3);
    assert_int_equal(lcr_deck_add_leader(&deck, d, &sgt, false, -1), 2);
    assert_int_equal(lcr_deck_add_leader(&deck, d, &datu, false, -1), 3);
    lcr_deck_add(&deck, &(lcr_card){.kind = LCR_CARD_SOLDIER, .side = {1}, .reinforcement = -1});
    lcr_deck_add(&deck, &(lcr_card){.kind = LCR_CARD_END_OF_TURN, .reinforcement = -1});
    assert_int_equal(deck.card_count, 10);
    dice_rng rng;
    dice_seed(&rng, 11);
    lcr_deck_reshuffle(&deck, &rng, NULL, 0, never_dead, NULL);
    assert_int_equal(deck.draw_count, 10);
    int seen[10] = {0};
    for (int i = 0; i < 10; i++) {
        int c = lcr_deck_draw(&deck);
        assert_true(c >= 0 && c < 10);
        seen[c]++;
        assert_int_equal(deck.cards[c].place, LCR_PLACE_DRAWN);
        lcr_deck_move(&deck, c, i == 2 ? LCR_PLACE_HAND : LCR_PLACE_DISCARD);
    }
    for (int i = 0; i < 10; i++)
        assert_int_equal(seen[i], 1);
    assert_int_equal(lcr_deck_draw(&deck), -1);
    /* End of Turn: discards and the held card all come back. */
    lcr_deck_reshuffle(&deck, &rng, NULL, 0, never_dead, NULL);
    assert_int_equal(deck.draw_count, 10);
    assert_int_equal(lcr_deck_count(&deck, (side_id){0}, LCR_PLACE_HAND), 0);
    lcr_deck_free(&deck);
    lcr_data_destroy(d);
}

/* Reinforcements' cards wait outside until the reshuffle that brings them on; a dead leader's
 * cards leave the deck at the reshuffle. */
static void test_deck_reinforcements_and_dead_leaders(void **state)
{
    (void)state;
    lcr_data *d = test_lcr_data();
    lcr_deck deck;
    lcr_deck_init(&deck);
    figure lt = {
        .id = {1}, .side = {1}, .role = FIGURE_ROLE_OFFICER, .quality = FIGURE_QUALITY_REGULAR};
    figure capt = {
        .id = {5}, .side = {1}, .role = FIGURE_ROLE_OFFICER, .quality = FIGURE_QUALITY_VETERAN};
    figure datu = {
        .id = {7}, .side = {2}, .role = FIGURE_ROLE_LEADER, .quality = FIGURE_QUALITY_REGULAR};
    lcr_deck_add_leader(&deck, d, &lt, false, -1);
    lcr_deck_add_leader(&deck, d, &capt, false, 0);
    lcr_deck_add_leader(&deck, d, &datu, false, -1);
    lcr_deck_add(&deck, &(lcr_card){.kind = LCR_CARD_END_OF_TURN, .reinforcement = -1});
    dice_rng rng;
    dice_seed(&rng, 2);
    bool arriving[1] = {false};
    lcr_deck_reshuffle(&deck, &rng, arriving, 1, never_dead, NULL);
    assert_int_equal(deck.draw_count, 2 + 2 + 1);
    assert_int_equal(lcr_deck_count(&deck, (side_id){1}, LCR_PLACE_WAITING), 4);
    arriving[0] = true;
    lcr_deck_reshuffle(&deck, &rng, arriving, 1, leader_7_dead, NULL);
    assert_int_equal(deck.draw_count, 2 + 4 + 1);
    assert_int_equal(lcr_deck_count(&deck, (side_id){2}, LCR_PLACE_RETIRED), 2);
    assert_int_equal(lcr_deck_count(&deck, (side_id){0}, LCR_PLACE_WAITING), 0);
    lcr_deck_free(&deck);
    lcr_data_destroy(d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_deck_build_and_draw_all),
        cmocka_unit_test(test_deck_reinforcements_and_dead_leaders),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
