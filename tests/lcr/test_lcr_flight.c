/* Little Colonial Rules: morale flight at the End of Turn (seed 000, Morale), under fixed seeds.
 * A demoralised figure runs twice his usual allowance (rolled as a move is) toward his starting
 * or entry point, stays there, leaves only by the table edge he came in by, surrenders when an
 * enemy bars the way; the figures demoralised by what the flight costs run at the next End of
 * Turn, not this one; a run never ends on another base. */
#include "lcr_harness.h"

#include "core/place.h"

#include <math.h>

#define HEAD                                                                                       \
    "{\"title\": \"t\", \"ruleset\": \"lcr\", \"seed\": 1, \"table\": {\"width_cm\": 100, "        \
    "\"height_cm\": 60}, \"sides\": [{\"name\": \"Spanish\"}, {\"name\": \"Moro\"}], "

/* A Spanish officer and picket; a Moro band of five (one chit a pile) and, from turn 3, a Moro
 * relief of two raw men coming in by the east edge at (100, 30). */
static const char *flight_json = HEAD
    "\"units\": [{\"name\": \"s\", \"side\": \"Spanish\", \"formation\": \"loose\","
    " \"commander\": \"Lt\", \"defaults\": {\"weapon\": \"mauser\", \"facing\": \"east\","
    " \"quality\": \"regular\"}, \"figures\": ["
    " {\"name\": \"Lt\", \"role\": \"officer\", \"pos\": [5, 5]},"
    " {\"name\": \"Picket\", \"pos\": [5, 55]}]},"
    " {\"name\": \"m\", \"side\": \"Moro\", \"formation\": \"loose\", \"commander\": \"Datu\","
    " \"defaults\": {\"weapon\": \"kris\", \"facing\": \"west\"}, \"figures\": ["
    " {\"name\": \"Near\", \"quality\": \"regular\", \"pos\": [40, 30]},"
    " {\"name\": \"Next\", \"quality\": \"regular\", \"pos\": [40, 44]},"
    " {\"name\": \"Datu\", \"role\": \"leader\", \"quality\": \"elite\", \"pos\": [74, 30]},"
    " {\"name\": \"Raw1\", \"quality\": \"raw\", \"pos\": [76, 34]},"
    " {\"name\": \"Raw2\", \"quality\": \"raw\", \"pos\": [76, 26]}]},"
    " {\"name\": \"r\", \"side\": \"Moro\", \"formation\": \"loose\", \"defaults\": {\"weapon\":"
    " \"kris\", \"quality\": \"raw\"}, \"figures\": ["
    " {\"name\": \"Edge1\", \"pos\": [98.7, 30]}, {\"name\": \"Edge2\", \"pos\": [98.7, 40]}]}],"
    " \"reinforcements\": [{\"side\": \"Moro\", \"units\": [\"r\"], \"turn\": 3, \"edge\":"
    " \"east\", \"entry\": [100, 30]}]}";

static const figure *fig(const harness *h, const char *name)
{
    return table_figure_const(h->t, harness_find(h, name));
}

static void put(harness *h, const char *name, float x, float y)
{
    table_figure(h->t, harness_find(h, name))->pos = (vec2s){{x, y}};
}

static bool demoralised(const harness *h, const char *name)
{
    return (fig(h, name)->status & FIGURE_STATUS_DEMORALISED) != 0;
}

static void kill(harness *h, const char *name)
{
    lcr_casualty(h->rs, &h->ctx, harness_find(h, name), FIGURE_STATUS_DEAD, "test", "shot");
}

/* Draws, passes and reserves every card until the next turn begins; marks the events. */
static void play_to_next_turn(harness *h)
{
    int turn = lcr_rules_ops.turn(h->rs);
    int mark = h->ev_count;
    for (int guard = 0; guard < 200 && lcr_rules_ops.turn(h->rs) == turn; guard++) {
        rules_decision d = harness_decision(h);
        if (d.kind == RULES_DECIDE_NONE)
            break;
        rules_command c = {.side = d.side, .card = d.card};
        c.kind = d.kind == RULES_DECIDE_DRAW_CARD   ? RULES_CMD_DRAW_CARD
                 : d.kind == RULES_DECIDE_INTERRUPT ? RULES_CMD_PASS
                 : d.kind == RULES_DECIDE_USE_CARD  ? RULES_CMD_RESERVE_CARD
                                                    : RULES_CMD_END_ACTIVATION;
        harness_must(h, c);
    }
    assert_int_equal(lcr_rules_ops.turn(h->rs), turn + 1);
    h->mark = mark;
}

/* The sum of a figure's flight dice since the mark, and how many there were. */
static int flight_roll(const harness *h, const char *name, int *dice)
{
    figure_id id = harness_find(h, name);
    int sum = 0, n = 0;
    for (int i = h->mark; i < h->ev_count; i++)
        if (h->ev[i].kind == RULES_EV_DIE && h->ev[i].figure.id == id.id &&
            strcmp(h->ev[i].tag, "flight") == 0) {
            sum += h->ev[i].value;
            n++;
        }
    *dice = n;
    return sum;
}

static int removed(const harness *h, const char *name, uint32_t how)
{
    figure_id id = harness_find(h, name);
    int n = 0;
    for (int i = h->mark; i < h->ev_count; i++)
        n += h->ev[i].kind == RULES_EV_REMOVE && h->ev[i].figure.id == id.id &&
             h->ev[i].status_set == how;
    return n;
}

/* A demoralised man at his starting point stays there: no dice, no move, no chit (the old
 * assumption sent him off the nearest table edge, a casualty). */
static void test_flight_stays_at_start(void **state)
{
    (void)state;
    harness h;
    harness_open_text(&h, flight_json, 2);
    kill(&h, "Near"); /* the Raw pile (1 chit) is empty */
    assert_true(demoralised(&h, "Raw1") && demoralised(&h, "Raw2"));
    play_to_next_turn(&h);
    int dice;
    assert_int_equal(flight_roll(&h, "Raw1", &dice), 0);
    assert_int_equal(dice, 0);
    assert_float_equal(fig(&h, "Raw1")->pos.x, 76.0f, 1e-5);
    assert_float_equal(fig(&h, "Raw1")->pos.y, 34.0f, 1e-5);
    assert_true(table_figure_active(fig(&h, "Raw1")) && table_figure_active(fig(&h, "Raw2")));
    assert_int_equal(h.rs->casualties[1], 1);
    harness_close(&h);
}

/* Away from his point a raw man throws his 3d6 and runs twice the throw straight back; a
 * regular runs twice his 20 cm, 40 cm (the old rule ran both the class maximum twice: 36 and
 * 40 cm). */
static void test_flight_twice_the_rolled_allowance(void **state)
{
    (void)state;
    harness h;
    harness_open_text(&h, flight_json, 3);
    put(&h, "Raw1", 46, 34); /* 30 cm west of his start */
    put(&h, "Next", 95, 44); /* 55 cm east of his start */
    kill(&h, "Near");        /* Raw pile empty */
    kill(&h, "Raw2");        /* Regular pile empty */
    assert_true(demoralised(&h, "Raw1") && demoralised(&h, "Next"));
    play_to_next_turn(&h);
    int dice, roll = flight_roll(&h, "Raw1", &dice);
    assert_int_equal(dice, 3);
    assert_int_equal(roll, 11); /* seed 3: 2 x 11 = 22 cm, short of his start */
    assert_float_equal(fig(&h, "Raw1")->pos.x, 46.0f + 22.0f, 1e-3);
    assert_float_equal(fig(&h, "Raw1")->pos.y, 34.0f, 1e-3);
    assert_int_equal(flight_roll(&h, "Next", &dice), 0);
    assert_int_equal(dice, 0);
    assert_float_equal(fig(&h, "Next")->pos.x, 95.0f - 40.0f, 1e-3);
    /* Next turn the regular covers the last 15 cm and stops at his start point. */
    play_to_next_turn(&h);
    assert_float_equal(fig(&h, "Next")->pos.x, 40.0f, 1e-3);
    assert_float_equal(fig(&h, "Next")->pos.y, 44.0f, 1e-3);
    assert_true(table_figure_active(fig(&h, "Next")));
    harness_close(&h);
}

/* Reinforcements that came in by the east edge leave by it: Edge1 standing at the edge goes at
 * once, Edge2 runs to it and goes; each is a casualty (a chit). */
static void test_flight_leaves_by_entry_edge(void **state)
{
    (void)state;
    harness h;
    harness_open_text(&h, flight_json, 4);
    play_to_next_turn(&h);
    play_to_next_turn(&h); /* turn 3: the relief arrives with its own chits */
    assert_true(table_figure_active(fig(&h, "Edge1")));
    put(&h, "Edge2", 90, 30);
    const lcr_morale *m = lcr_rules_morale(h.rs, (side_id){2});
    assert_int_equal(m->piles[0], 2);
    kill(&h, "Near");
    kill(&h, "Next"); /* the Raw pile (1 + 1) is empty */
    assert_true(demoralised(&h, "Edge1") && demoralised(&h, "Edge2"));
    int before = h.rs->casualties[1];
    play_to_next_turn(&h);
    assert_int_equal(removed(&h, "Edge1", FIGURE_STATUS_OFF_TABLE), 1);
    int dice, roll = flight_roll(&h, "Edge2", &dice);
    assert_int_equal(dice, 3);
    assert_true(2 * roll >= 10 - 1.25f); /* seed 4: his throw carries him to the edge */
    assert_int_equal(removed(&h, "Edge2", FIGURE_STATUS_OFF_TABLE), 1);
    assert_int_equal(h.rs->casualties[1], before + 2);
    /* Raw1 and Raw2, at their start points, are still there. */
    assert_float_equal(fig(&h, "Raw1")->pos.x, 76.0f, 1e-5);
    assert_true(table_figure_active(fig(&h, "Raw2")));
    harness_close(&h);
}

/* An enemy on the way back: the runner surrenders (captured, a chit). That chit empties the
 * Regular pile; Next, demoralised by it, does not run in this End of Turn but in the next one. */
static void test_flight_surrender_and_no_chain(void **state)
{
    (void)state;
    harness h;
    harness_open_text(&h, flight_json, 5);
    put(&h, "Raw1", 50, 34);
    put(&h, "Picket", 62, 34); /* between Raw1 and his start at (76, 34) */
    put(&h, "Next", 90, 44);   /* 50 cm from his start */
    kill(&h, "Near");          /* Raw pile empty: Raw1 and Raw2 demoralised */
    assert_false(demoralised(&h, "Next"));
    play_to_next_turn(&h);
    assert_int_equal(removed(&h, "Raw1", FIGURE_STATUS_CAPTURED), 1);
    assert_true(demoralised(&h, "Next")); /* the surrender's chit emptied the Regular pile */
    assert_float_equal(fig(&h, "Next")->pos.x, 90.0f, 1e-5); /* ... but he has not run yet */
    int dice;
    assert_int_equal(flight_roll(&h, "Next", &dice), 0);
    assert_int_equal(h.rs->casualties[1], 2);
    play_to_next_turn(&h);
    assert_float_equal(fig(&h, "Next")->pos.x, 50.0f, 1e-3); /* now he runs his 40 cm */
    harness_close(&h);
}

/* A friend in the way: the run stops with the bases touching, not overlapping. */
static void test_flight_stops_at_a_friend(void **state)
{
    (void)state;
    harness h;
    harness_open_text(&h, flight_json, 6);
    put(&h, "Next", 10, 44);
    put(&h, "Datu", 30, 44.5f); /* a steady friend across the way back to (40, 44) */
    kill(&h, "Raw1");
    kill(&h, "Raw2"); /* Raw and Regular piles empty: Next and Near demoralised */
    assert_true(demoralised(&h, "Next") && !demoralised(&h, "Datu"));
    play_to_next_turn(&h);
    const figure *a = fig(&h, "Next"), *b = fig(&h, "Datu");
    float gap = glms_vec2_distance(a->pos, b->pos) - a->base.radius_cm - b->base.radius_cm;
    geom_placed_base pa = {a->base, a->pos, a->facing}, pb = {b->base, b->pos, b->facing};
    assert_false(place_bases_overlap(&pa, &pb));
    assert_true(gap >= -PLACE_CONTACT_CM - 1e-4f);
    assert_true(gap < 0.2f);
    assert_true(a->pos.x > 25.0f);
    harness_close(&h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_flight_stays_at_start),
        cmocka_unit_test(test_flight_twice_the_rolled_allowance),
        cmocka_unit_test(test_flight_leaves_by_entry_edge),
        cmocka_unit_test(test_flight_surrender_and_no_chain),
        cmocka_unit_test(test_flight_stops_at_a_friend),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
