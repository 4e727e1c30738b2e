/* The lcr rules_ops end to end on shipped scenarios: the seed's Lt Toledo interrupt played out,
 * and whole games run to their end. */
#include "lcr_harness.h"

#include "rules/lcr/lcr_command.h"

static int card_of_top(const harness *h)
{
    const lcr_deck *d = lcr_rules_deck(h->rs);
    return d->draw[d->draw_count - 1];
}

static rules_command cmd_of(rules_command_kind kind, side_id sd)
{
    return (rules_command){.kind = kind, .side = sd};
}

/* Seed 000, Order Deck: Player A (Spain) has reserved Lt Toledo's card; a Moro leader's card
 * moves Datu Mango's band; the next card is another tribal leader's, which Player B means to use
 * to send Mango's band into contact; before he acts, A plays Toledo's card: the platoon fires and
 * kills Datu Mango and his warriors; B, still holding his card, must activate another leader.
 * Match dice seed 8 deals Toledo's, Mango's and Hassan's cards on top. */
static void test_rules_toledo_interrupt(void **state)
{
    (void)state;
    harness h;
    harness_open(&h, "lcr_toledo.json", 8);
    const side_id spain = {1}, moro = {2};
    figure_id toledo = harness_find(&h, "Lt Toledo"), mango = harness_find(&h, "Datu Mango");
    figure_id hassan = harness_find(&h, "Panglima Hassan"), ali = harness_find(&h, "Datu Ali");
    const lcr_deck *deck = lcr_rules_deck(h.rs);

    /* 1. Toledo's card comes up: Spain reserves it. */
    rules_decision d = harness_decision(&h);
    assert_int_equal(d.kind, RULES_DECIDE_DRAW_CARD);
    int toledo_card = card_of_top(&h);
    harness_must(&h, cmd_of(RULES_CMD_DRAW_CARD, d.side));
    d = harness_decision(&h);
    assert_int_equal(d.kind, RULES_DECIDE_USE_CARD);
    assert_int_equal(d.side.id, spain.id);
    assert_int_equal(d.figure.id, toledo.id);
    harness_must(&h, (rules_command){
                         .kind = RULES_CMD_RESERVE_CARD, .side = spain, .card = toledo_card + 1});
    assert_int_equal(deck->cards[toledo_card].place, LCR_PLACE_HAND);
    /* The reserved card is face down to the Moro player, face up to its owner. */
    rules_driver_item items[64];
    int ni = lcr_rules_ops.view->driver(h.rs, h.t, moro, items, 64), held = 0;
    for (int i = 0; i < ni; i++)
        if (items[i].kind == RULES_DRIVER_CARD && items[i].value == toledo_card + 1) {
            held++;
            assert_true(items[i].hidden);
        }
    ni = lcr_rules_ops.view->driver(h.rs, h.t, spain, items, 64);
    for (int i = 0; i < ni; i++)
        if (items[i].kind == RULES_DRIVER_CARD && items[i].value == toledo_card + 1) {
            held++;
            assert_false(items[i].hidden);
            assert_non_null(strstr(items[i].label, "Toledo"));
        }
    assert_int_equal(held, 2);
    /* Out of turn: after Spain's reserve the Moro player draws; Spain may not. */
    char reason[256];
    assert_int_equal(harness_decision(&h).side.id, moro.id);
    assert_false(harness_submit(&h, cmd_of(RULES_CMD_DRAW_CARD, spain), reason, sizeof reason));
    assert_string_equal(reason, "it is Moro's decision");
    /* No card in play: the action panel says why. */
    rules_action acts[8];
    int na = lcr_rules_ops.view->actions(h.rs, h.t, toledo, acts, 8);
    assert_true(na >= 4);
    assert_false(acts[0].enabled);
    assert_string_equal(acts[0].reason, "no card is in play");

    /* 2. Mango's card: no interrupt wanted; his band advances 8 cm (to 10 cm of the line). */
    d = harness_decision(&h);
    assert_int_equal(d.kind, RULES_DECIDE_DRAW_CARD);
    harness_must(&h, cmd_of(RULES_CMD_DRAW_CARD, d.side));
    d = harness_decision(&h);
    assert_int_equal(d.kind, RULES_DECIDE_INTERRUPT);
    assert_int_equal(d.side.id, spain.id);
    harness_must(&h, cmd_of(RULES_CMD_PASS, spain));
    d = harness_decision(&h);
    assert_int_equal(d.kind, RULES_DECIDE_USE_CARD);
    assert_int_equal(d.side.id, moro.id);
    harness_must(&h, (rules_command){.kind = RULES_CMD_ACTIVATE, .side = moro, .figure = mango});
    rules_command adv = {.kind = RULES_CMD_MOVE, .side = moro, .path_count = 1};
    const figure *mf = table_figure_const(h.t, mango);
    for (int i = 0; i < h.t->figure_count; i++)
        if (h.t->figures[i].unit.id == mf->unit.id)
            rules_command_add_figure(&adv, h.t->figures[i].id);
    adv.path[0] = (vec2s){{mf->pos.x - 8, mf->pos.y}};
    harness_must(&h, adv);
    assert_float_equal(table_figure_const(h.t, mango)->pos.x, 53.0f, 1e-3);
    harness_must(&h, cmd_of(RULES_CMD_END_ACTIVATION, moro));

    /* 3. Another tribal leader's card (Hassan's) is drawn; Spain interrupts with Toledo's. */
    d = harness_decision(&h);
    harness_must(&h, cmd_of(RULES_CMD_DRAW_CARD, d.side));
    int moro_card = lcr_rules_drawn(h.rs);
    assert_int_equal(deck->cards[moro_card].leader.id, hassan.id);
    d = harness_decision(&h);
    assert_int_equal(d.kind, RULES_DECIDE_INTERRUPT);
    assert_int_equal(d.side.id, spain.id);
    harness_must(&h, (rules_command){.kind = RULES_CMD_PLAY_RESERVED,
                                     .side = spain,
                                     .card = toledo_card + 1,
                                     .figure = toledo});
    d = harness_decision(&h);
    assert_int_equal(d.kind, RULES_DECIDE_ACT);
    assert_int_equal(d.figure.id, toledo.id);

    /* The whole two-deep line is activated, though only part is inside his radius. */
    rules_command fire = {.kind = RULES_CMD_FIRE, .side = spain};
    int beyond = 0;
    float radius = lcr_command_radius(test_lcr_data_shared(), table_figure_const(h.t, toledo));
    for (int i = 0; i < h.t->figure_count; i++) {
        const figure *f = &h.t->figures[i];
        if (f->side.id != spain.id || f->role != FIGURE_ROLE_SOLDIER)
            continue;
        assert_true(lcr_rules_activated(h.rs, f->id));
        beyond += glms_vec2_distance(f->pos, table_figure_const(h.t, toledo)->pos) > radius;
        rules_command_add_figure(&fire, f->id);
    }
    assert_int_equal(fire.figure_count, 16);
    assert_true(beyond > 0);
    fire.target = lcr_nearest_enemy(h.rs, h.t, spain, lcr_centroid(h.t, fire.figures, 16));
    harness_must(&h, fire);
    assert_int_equal(harness_count(&h, RULES_EV_DIE, "to_hit"), 48);
    d = harness_decision(&h);
    if (d.kind == RULES_DECIDE_ALLOCATE_HITS) {
        rules_command pick = {.kind = RULES_CMD_ALLOCATE, .side = spain};
        rules_command legal[8];
        assert_true(lcr_rules_ops.legal(h.rs, h.t, legal, 8) >= 1);
        pick = legal[0];
        harness_must(&h, pick);
    }
    assert_false(table_figure_active(table_figure_const(h.t, mango)));
    harness_must(&h, cmd_of(RULES_CMD_END_ACTIVATION, spain));

    /* 4. Back to Player B's card: Mango cannot take it; another leader must. */
    d = harness_decision(&h);
    assert_int_equal(d.kind, RULES_DECIDE_USE_CARD);
    assert_int_equal(d.side.id, moro.id);
    assert_int_equal(d.card, moro_card + 1);
    char why[256];
    rules_command act = {.kind = RULES_CMD_ACTIVATE, .side = moro, .figure = mango};
    assert_false(harness_submit(&h, act, why, sizeof why));
    act.figure = ali;
    harness_must(&h, act);
    d = harness_decision(&h);
    assert_int_equal(d.kind, RULES_DECIDE_ACT);
    assert_int_equal(d.figure.id, ali.id);
    assert_int_equal(deck->cards[toledo_card].place, LCR_PLACE_DISCARD);
    harness_close(&h);
}

/* Plays whole games with a random legal choice each time: every game ends (victory or the turn
 * limit), and the same seed gives the same game. */
typedef struct tally {
    int cmds[RULES_CMD_KIND_COUNT];
    int combat_dice, obstacle_dice, demoralised, arrivals;
} tally;

static uint64_t play_to_end_tally(const char *name, uint64_t seed, int *turns, tally *ty)
{
    harness h;
    harness_open(&h, name, seed);
    dice_rng pick;
    dice_seed(&pick, seed * 7919u + 1);
    static rules_command legal[512];
    int steps = 0;
    for (; steps < 40000; steps++) {
        rules_decision d = harness_decision(&h);
        if (d.kind == RULES_DECIDE_NONE)
            break;
        int n = lcr_rules_ops.legal(h.rs, h.t, legal, 512);
        assert_true(n > 0);
        /* Prefer acting over ending, so games see fire, moves and combat. */
        int k = (int)dice_below(&pick, (uint32_t)n);
        if (legal[k].kind == RULES_CMD_END_ACTIVATION && n > 1 && dice_below(&pick, 4) != 0)
            k = (int)dice_below(&pick, (uint32_t)(n - 1));
        harness_must(&h, legal[k]);
        if (ty)
            ty->cmds[legal[k].kind]++;
    }
    /* Every event explains itself and names its rule. */
    for (int i = 0; i < h.ev_count; i++) {
        if (h.ev[i].text[0] == '\0' || strncmp(h.ev[i].ref, LCR_REF, strlen(LCR_REF)) != 0)
            fail_msg("event %d (%s, %s) lacks its text or rule reference", i,
                     rules_event_kind_name(h.ev[i].kind), h.ev[i].tag);
    }
    for (int i = 0; ty && i < h.ev_count; i++) {
        const rules_event *e = &h.ev[i];
        ty->combat_dice += e->kind == RULES_EV_DIE && strcmp(e->tag, "close_combat") == 0;
        ty->obstacle_dice += e->kind == RULES_EV_DIE && strcmp(e->tag, "obstacle") == 0;
        ty->demoralised += e->kind == RULES_EV_STATUS && e->status_set == FIGURE_STATUS_DEMORALISED;
        ty->arrivals += e->kind == RULES_EV_RULESET && strcmp(e->tag, "arrive") == 0;
    }
    rules_outcome o;
    lcr_rules_ops.outcome(h.rs, h.t, &o);
    assert_true(o.over);
    *turns = lcr_rules_ops.turn(h.rs);
    rules_hasher hs;
    rules_hash_init(&hs);
    lcr_rules_ops.hash(h.rs, &hs);
    rules_hash_i32(&hs, h.ev_count);
    harness_close(&h);
    return hs.h;
}

static uint64_t play_to_end(const char *name, uint64_t seed, int *turns)
{
    return play_to_end_tally(name, seed, turns, NULL);
}

/* The teaching scenario shows every action: over a few games every command kind of the rule
 * set is played, and close combat, a wall, demoralisation and reinforcements all happen. */
static void test_rules_teaching_every_action(void **state)
{
    (void)state;
    tally ty = {0};
    for (uint64_t seed = 1; seed <= 12; seed++) {
        int turns;
        play_to_end_tally("lcr_teaching.json", seed, &turns, &ty);
    }
    const rules_command_kind kinds[] = {
        RULES_CMD_DRAW_CARD, RULES_CMD_RESERVE_CARD, RULES_CMD_PLAY_RESERVED, RULES_CMD_PASS,
        RULES_CMD_ACTIVATE,  RULES_CMD_MOVE,         RULES_CMD_FIRE,          RULES_CMD_ALLOCATE,
        RULES_CMD_RALLY,     RULES_CMD_REFORM,       RULES_CMD_END_ACTIVATION};
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        if (ty.cmds[kinds[i]] == 0)
            fail_msg("no %s in the teaching games", rules_command_kind_name(kinds[i]));
    }
    assert_true(ty.combat_dice > 0);
    assert_true(ty.obstacle_dice > 0);
    assert_true(ty.demoralised > 0);
    assert_true(ty.arrivals > 0);
}

static void test_rules_games_finish(void **state)
{
    (void)state;
    const char *names[] = {"lcr_toledo.json", "lcr_teaching.json"};
    for (int s = 0; s < 2; s++)
        for (uint64_t seed = 1; seed <= 3; seed++) {
            int turns = 0, again = 0;
            uint64_t h1 = play_to_end(names[s], seed, &turns);
            assert_true(turns >= 1);
            assert_true(h1 == play_to_end(names[s], seed, &again));
            assert_int_equal(turns, again);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rules_toledo_interrupt),
        cmocka_unit_test(test_rules_games_finish),
        cmocka_unit_test(test_rules_teaching_every_action),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    test_lcr_data_shared_free();
    return rc;
}
