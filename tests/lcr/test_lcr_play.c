/* Actions played through the lcr rules_ops on small hand-made scenarios: the jungle move, raw
 * 3d6 moves, walls, three-rank fire, close combat, demoralisation, rally and flight. */
#include "lcr_harness.h"

#include "rules/lcr/lcr_sight.h"
#include "rules/lcr/lcr_wounds.h"

#include <math.h>

#define HEAD                                                                                       \
    "{\"title\": \"t\", \"ruleset\": \"lcr\", \"seed\": 1, \"table\": {\"width_cm\": 100, "        \
    "\"height_cm\": 60}, \"sides\": [{\"name\": \"Spanish\"}, {\"name\": \"Moro\"}], "

static float x_of(const harness *h, figure_id id)
{
    return table_figure_const(h->t, id)->pos.x;
}

static rules_command move_to(side_id s, figure_id f, float x, float y)
{
    rules_command c = {.kind = RULES_CMD_MOVE, .side = s, .path_count = 1};
    rules_command_add_figure(&c, f);
    c.path[0] = (vec2s){{x, y}};
    return c;
}

static int die_sum(const harness *h, const char *tag)
{
    int sum = 0;
    for (int i = h->mark; i < h->ev_count; i++)
        if (h->ev[i].kind == RULES_EV_DIE && strcmp(h->ev[i].tag, tag) == 0)
            sum += h->ev[i].value;
    return sum;
}

/* Seed 000, Actions: Move: a veteran with 20 cm, 5 cm of clear ground, then jungle at x4 goes
 * 3.75 cm into the jungle. */
static const char *jungle_json =
    HEAD "\"terrain\": [{\"type\": \"jungle\", \"rect\": [15, 0, 60, 60]}],"
         "\"units\": [{\"name\": \"s\", \"side\": \"Spanish\", \"formation\": \"loose\","
         " \"defaults\": {\"weapon\": \"mauser\", \"facing\": \"east\"}, \"figures\": ["
         " {\"name\": \"Sgt\", \"role\": \"nco\", \"quality\": \"veteran\", \"pos\": [10, 20]},"
         " {\"name\": \"Vet\", \"quality\": \"veteran\", \"pos\": [10, 30]},"
         " {\"name\": \"Raw\", \"quality\": \"raw\", \"pos\": [14, 34]}]},"
         " {\"name\": \"m\", \"side\": \"Moro\", \"figures\": [{\"name\": \"W\", \"weapon\": "
         "\"kris\", \"pos\": [95, 55]}]}]}";

static void test_play_jungle_move(void **state)
{
    (void)state;
    harness h;
    harness_open_text(&h, jungle_json, 3);
    figure_id vet = harness_find(&h, "Vet"), sgt = harness_find(&h, "Sgt");
    rules_reach r;
    rules_command probe = move_to((side_id){1}, vet, 40, 30);
    assert_true(lcr_rules_ops.view->reach(h.rs, h.t, &probe, (vec2s){{1, 0}}, &r));
    assert_float_equal(r.stop.x, 15.0f + 3.75f, 1e-3);
    assert_float_equal(r.max_cm, 8.75f, 1e-3);
    harness_activate(&h, sgt);
    char why[256];
    assert_false(harness_submit(&h, move_to((side_id){1}, vet, 19.5f, 30), why, sizeof why));
    assert_non_null(strstr(why, "allowance"));
    harness_must(&h, move_to((side_id){1}, vet, 18.75f, 30));
    assert_float_equal(x_of(&h, vet), 18.75f, 1e-3);
    assert_float_equal(table_figure_const(h.t, vet)->facing, 0.0f, 1e-6);
    harness_close(&h);
}

/* Raw troops roll 3d6 and move all of it, whatever point they aim at. */
static void test_play_raw_moves_whole_roll(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 5; seed++) {
        harness h;
        harness_open_text(&h, jungle_json, seed);
        figure_id raw = harness_find(&h, "Raw");
        harness_activate(&h, harness_find(&h, "Sgt"));
        harness_must(&h, move_to((side_id){1}, raw, 14, 36)); /* aims 2 cm south */
        int rolled = die_sum(&h, "move");
        assert_int_equal(harness_count(&h, RULES_EV_DIE, "move"), 3);
        assert_true(rolled >= 3 && rolled <= 18);
        const figure *f = table_figure_const(h.t, raw);
        assert_float_equal(f->pos.y, 34.0f + (float)rolled, 1e-3);
        assert_float_equal(f->pos.x, 14.0f, 1e-3);
        harness_close(&h);
    }
}

/* A wall costs 1d10 cm; with less left than the roll the figure waits before it, and rolls
 * again at its next activation. */
static const char *wall_json =
    HEAD "\"terrain\": [{\"type\": \"wall\", \"line\": [[25, 10], [25, 50]], \"width_cm\": 1}],"
         "\"units\": [{\"name\": \"s\", \"side\": \"Spanish\", \"formation\": \"loose\","
         " \"defaults\": {\"weapon\": \"mauser\", \"facing\": \"east\"}, \"figures\": ["
         " {\"name\": \"Sgt\", \"role\": \"nco\", \"quality\": \"regular\", \"pos\": [8, 34]},"
         " {\"name\": \"Man\", \"quality\": \"regular\", \"pos\": [10, 30]}]},"
         " {\"name\": \"m\", \"side\": \"Moro\", \"figures\": [{\"name\": \"W\", \"weapon\": "
         "\"kris\", \"pos\": [95, 55]}]}]}";

static void test_play_wall_d10_and_wait(void **state)
{
    (void)state;
    int waited = 0, crossed = 0;
    for (uint64_t seed = 1; seed <= 12; seed++) {
        harness h;
        harness_open_text(&h, wall_json, seed);
        figure_id man = harness_find(&h, "Man"), sgt = harness_find(&h, "Sgt");
        harness_activate(&h, sgt);
        harness_must(&h, move_to((side_id){1}, man, 29, 30)); /* 15 cm to the wall, 4 beyond */
        assert_int_equal(harness_count(&h, RULES_EV_DIE, "obstacle"), 1);
        int roll = die_sum(&h, "obstacle");
        float x = x_of(&h, man);
        harness_must(&h, move_to((side_id){1}, sgt, 20, 34)); /* keeps him in command */
        if (roll > 5) {                                       /* 5 cm left at the wall */
            waited++;
            assert_true(x < 25.0f && x > 24.0f);
            /* Next activation: he rolls again with a fresh 20 cm and gets over. */
            harness_must(&h, (rules_command){.kind = RULES_CMD_END_ACTIVATION, .side = {1}});
            harness_activate(&h, sgt);
            harness_must(&h, move_to((side_id){1}, man, x + 6, 30));
            assert_int_equal(harness_count(&h, RULES_EV_DIE, "obstacle"), 1);
            assert_true(x_of(&h, man) > 25.0f);
        } else {
            crossed++;
            float expect = fminf(29.0f, 25.0f + (float)(5 - roll));
            assert_float_equal(x, expect, 0.1);
        }
        harness_close(&h);
    }
    assert_true(waited > 0 && crossed > 0);
}

/* A three-deep line: the third rank's dice are thrown apart, and each 1 among them kills a man
 * of the first two ranks. */
static const char *ranks_json = HEAD
    "\"units\": [{\"name\": \"s\", \"side\": \"Spanish\", \"formation\": \"line\","
    " \"commander\": \"Lt\", \"defaults\": {\"weapon\": \"mauser\", \"facing\": \"east\","
    " \"quality\": \"regular\"}, \"figures\": ["
    " {\"name\": \"Lt\", \"role\": \"officer\", \"quality\": \"seasoned\", \"pos\": [20, 30]}],"
    " \"blocks\": [{\"name\": \"R\", \"origin\": [30, 30], \"count\": 18, \"ranks\": 3}]},"
    " {\"name\": \"m\", \"side\": \"Moro\", \"defaults\": {\"weapon\": \"kris\", \"facing\": "
    "\"west\"}, \"blocks\": [{\"name\": \"W\", \"origin\": [48, 30], \"count\": 30, "
    "\"ranks\": 3}]}]}";

static void test_play_three_rank_line(void **state)
{
    (void)state;
    int bitten = 0;
    for (uint64_t run = 0; run < 12; run++) {
        uint64_t seed = run % 6 + 1;
        /* The data's third_rank_friendly_face decides which face bites (1 by the seed; the
         * second six runs use 2, to show the field is the one read). */
        int face = run < 6 ? 1 : 2;
        harness h;
        harness_open_text(&h, ranks_json, seed);
        /* The data is parsed once per process and shared: this run changes its own copy. */
        h.rs->data = lcr_data_clone(h.rs->data);
        h.rs->data->third_rank_friendly_face = face;
        figure_id lt = harness_find(&h, "Lt");
        harness_activate(&h, lt);
        rules_command fire = {.kind = RULES_CMD_FIRE, .side = {1}};
        for (int i = 0; i < h.t->figure_count; i++)
            if (h.t->figures[i].side.id == 1 && h.t->figures[i].role == FIGURE_ROLE_SOLDIER)
                rules_command_add_figure(&fire, h.t->figures[i].id);
        fire.target = lcr_nearest_enemy(h.rs, h.t, (side_id){1},
                                        lcr_centroid(h.t, fire.figures, fire.figure_count));
        harness_must(&h, fire);
        assert_int_equal(harness_count(&h, RULES_EV_DIE, "to_hit"), 36);
        assert_int_equal(harness_count(&h, RULES_EV_DIE, "to_hit_third_rank"), 18);
        int ones = 0, own_losses = 0;
        for (int i = h.mark; i < h.ev_count; i++) {
            const rules_event *e = &h.ev[i];
            ones += e->kind == RULES_EV_DIE && strcmp(e->tag, "to_hit_third_rank") == 0 &&
                    e->value == face;
            own_losses += e->kind == RULES_EV_REMOVE && e->side.id == 1;
        }
        assert_int_equal(own_losses, ones);
        bitten |= (ones > 0) << (face - 1);
        harness_close(&h);
    }
    assert_int_equal(bitten & 3, 3); /* some run of each face lost men */
}

/* The front end's queries: area fire at the nearest enemy carries the semicircle radius of one
 * cm per firer (18 firers: 18 cm), a lone figure's fire has none; a formation's arc is the data
 * file's 90 degrees (45 either side), a loose figure's any direction; both reach the weapon's
 * longest range. */
static void test_play_target_template_and_arc(void **state)
{
    (void)state;
    harness h;
    harness_open_text(&h, ranks_json, 1);
    harness_activate(&h, harness_find(&h, "Lt"));
    rules_command fire = {.kind = RULES_CMD_FIRE, .side = {1}};
    for (int i = 0; i < h.t->figure_count; i++)
        if (h.t->figures[i].side.id == 1 && h.t->figures[i].role == FIGURE_ROLE_SOLDIER)
            rules_command_add_figure(&fire, h.t->figures[i].id);
    rules_target tg[8];
    int n = lcr_rules_ops.view->targets(h.rs, h.t, &fire, tg, 8);
    assert_int_equal(n, 1);
    assert_float_equal(tg[0].area_radius_cm, (float)fire.figure_count, 1e-4);

    float half = 0, range = 0;
    assert_true(lcr_rules_ops.view->arc(h.rs, h.t, fire.figures[0], &half, &range));
    assert_float_equal(half, 45.0f * (float)GEOM_PI / 180.0f, 1e-4);
    const lcr_weapon *w = lcr_data_weapon(h.rs->data, "mauser");
    assert_float_equal(range, w->bands[w->band_count - 1].max_cm, 1e-4);
    harness_close(&h);

    harness_open_text(&h, jungle_json, 1);
    assert_true(lcr_rules_ops.view->arc(h.rs, h.t, harness_find(&h, "Vet"), &half, &range));
    assert_float_equal(half, (float)GEOM_PI, 1e-4);
    assert_false(
        lcr_rules_ops.view->arc(h.rs, h.t, harness_find(&h, "W"), &half, &range)); /* kris */
    harness_close(&h);
}

/* A warrior charging stops at contact distance; when the activation ends the pair fights: one
 * of them dies and his side loses a chit. */
static const char *melee_json =
    HEAD "\"units\": [{\"name\": \"s\", \"side\": \"Spanish\", \"formation\": \"loose\","
         " \"figures\": [{\"name\": \"Pvt\", \"weapon\": \"mauser\", \"pos\": [30, 30], "
         "\"facing\": \"east\"}, {\"name\": \"Cpl\", \"role\": \"nco\", \"weapon\": \"mauser\", "
         "\"pos\": [10, 50]}]},"
         " {\"name\": \"m\", \"side\": \"Moro\", \"formation\": \"loose\", \"commander\": \"Datu\","
         " \"defaults\": {\"weapon\": \"kris\", \"facing\": \"west\"}, \"figures\": ["
         " {\"name\": \"Datu\", \"role\": \"leader\", \"pos\": [50, 34]},"
         " {\"name\": \"W\", \"quality\": \"seasoned\", \"pos\": [46, 30]}]}]}";

static void test_play_close_combat(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 4; seed++) {
        harness h;
        harness_open_text(&h, melee_json, seed);
        figure_id w = harness_find(&h, "W"), pvt = harness_find(&h, "Pvt");
        harness_activate(&h, harness_find(&h, "Datu"));
        harness_must(&h, move_to((side_id){2}, w, 33, 30));
        /* Stops with 2.5 cm between the bases (1.25 cm radius each). */
        assert_float_equal(x_of(&h, w), 30.0f + 2.5f + 2.5f, 1e-3);
        harness_must(&h, (rules_command){.kind = RULES_CMD_END_ACTIVATION, .side = {2}});
        int dice = harness_count(&h, RULES_EV_DIE, "close_combat");
        assert_true(dice >= 2 && dice % 2 == 0);
        bool w_alive = table_figure_active(table_figure_const(h.t, w));
        bool p_alive = table_figure_active(table_figure_const(h.t, pvt));
        assert_true(w_alive != p_alive);
        assert_int_equal(harness_count(&h, RULES_EV_MORALE, "take"), 1);
        /* The last round's higher die won (neither has modifiers here). */
        int last_w = 0, last_p = 0;
        for (int i = h.mark; i < h.ev_count; i++)
            if (h.ev[i].kind == RULES_EV_DIE && strcmp(h.ev[i].tag, "close_combat") == 0) {
                if (h.ev[i].figure.id == w.id)
                    last_w = h.ev[i].value;
                else
                    last_p = h.ev[i].value;
            }
        assert_int_equal(w_alive, last_w > last_p);
        harness_close(&h);
    }
}

/* Morale in play: the first casualty empties the Raw pile and the raw warriors are demoralised;
 * their leader rallies them; the next casualty empties the Regular pile and they rout again;
 * at the End of Turn they run at twice their allowance. */
static const char *morale_json = HEAD
    "\"units\": [{\"name\": \"s\", \"side\": \"Spanish\", \"formation\": \"line\","
    " \"commander\": \"Lt\", \"defaults\": {\"weapon\": \"mauser\", \"facing\": \"east\","
    " \"quality\": \"regular\"}, \"figures\": ["
    " {\"name\": \"Lt\", \"role\": \"officer\", \"quality\": \"seasoned\", \"pos\": [10, 30]}],"
    " \"blocks\": [{\"name\": \"R\", \"origin\": [16, 30], \"count\": 12, \"ranks\": 2}]},"
    " {\"name\": \"m\", \"side\": \"Moro\", \"formation\": \"loose\", \"commander\": \"Datu\","
    " \"defaults\": {\"weapon\": \"kris\", \"facing\": \"west\"}, \"figures\": ["
    " {\"name\": \"Near\", \"quality\": \"regular\", \"pos\": [40, 30]},"
    " {\"name\": \"Next\", \"quality\": \"regular\", \"pos\": [40, 44]},"
    " {\"name\": \"Datu\", \"role\": \"leader\", \"quality\": \"elite\", \"pos\": [74, 30]},"
    " {\"name\": \"Raw1\", \"quality\": \"raw\", \"pos\": [76, 34]},"
    " {\"name\": \"Raw2\", \"quality\": \"raw\", \"pos\": [76, 26]}]}]}";

/* The same, with a Spanish picket at the east edge, across Raw1's way out. */
static const char *surrender_json = HEAD
    "\"units\": [{\"name\": \"s\", \"side\": \"Spanish\", \"formation\": \"line\","
    " \"commander\": \"Lt\", \"defaults\": {\"weapon\": \"mauser\", \"facing\": \"east\","
    " \"quality\": \"regular\"}, \"figures\": ["
    " {\"name\": \"Lt\", \"role\": \"officer\", \"quality\": \"seasoned\", \"pos\": [10, 30]}],"
    " \"blocks\": [{\"name\": \"R\", \"origin\": [16, 30], \"count\": 12, \"ranks\": 2}]},"
    " {\"name\": \"p\", \"side\": \"Spanish\", \"formation\": \"loose\", \"figures\": ["
    " {\"name\": \"Picket\", \"weapon\": \"kris\", \"pos\": [92, 34]}]},"
    " {\"name\": \"m\", \"side\": \"Moro\", \"formation\": \"loose\", \"commander\": \"Datu\","
    " \"defaults\": {\"weapon\": \"kris\", \"facing\": \"west\"}, \"figures\": ["
    " {\"name\": \"Near\", \"quality\": \"regular\", \"pos\": [40, 30]},"
    " {\"name\": \"Datu\", \"role\": \"leader\", \"quality\": \"elite\", \"pos\": [74, 30]},"
    " {\"name\": \"Raw1\", \"quality\": \"raw\", \"pos\": [76, 34]},"
    " {\"name\": \"Raw2\", \"quality\": \"raw\", \"pos\": [76, 26]}]}]}";

static int one_volley(harness *h)
{
    harness_activate(h, harness_find(h, "Lt"));
    rules_command fire = {.kind = RULES_CMD_FIRE, .side = {1}};
    for (int i = 0; i < h->t->figure_count; i++) {
        const figure *f = &h->t->figures[i];
        if (f->side.id == 1 && f->role == FIGURE_ROLE_SOLDIER && table_figure_active(f) &&
            lcr_rules_activated(h->rs, f->id))
            rules_command_add_figure(&fire, f->id);
    }
    fire.target = lcr_nearest_enemy(h->rs, h->t, (side_id){1},
                                    lcr_centroid(h->t, fire.figures, fire.figure_count));
    harness_must(h, fire);
    if (harness_decision(h).kind == RULES_DECIDE_ALLOCATE_HITS) {
        rules_command legal[4];
        assert_true(lcr_rules_ops.legal(h->rs, h->t, legal, 4) >= 1);
        harness_must(h, legal[0]);
    }
    int removed = 0;
    for (int i = h->mark; i < h->ev_count; i++)
        removed += h->ev[i].kind == RULES_EV_REMOVE && h->ev[i].side.id == 2;
    harness_must(h, (rules_command){.kind = RULES_CMD_END_ACTIVATION, .side = {1}});
    return removed;
}

static bool demoralised(const harness *h, const char *name)
{
    return (table_figure_const(h->t, harness_find(h, name))->status & FIGURE_STATUS_DEMORALISED) !=
           0;
}

static void test_play_demoralise_rally_flee(void **state)
{
    (void)state;
    harness h;
    harness_open_text(&h, morale_json, 2);
    const lcr_morale *m = lcr_rules_morale(h.rs, (side_id){2});
    for (int i = 0; i < 5; i++)
        assert_int_equal(m->piles[i], 1); /* 5 figures: the minimum of one chit a pile */
    assert_int_equal(one_volley(&h), 1);  /* "Near" falls: the Raw pile is empty */
    assert_int_equal(m->piles[0], 0);
    assert_true(demoralised(&h, "Raw1") && demoralised(&h, "Raw2"));
    assert_false(demoralised(&h, "Next"));
    /* The Datu rallies them (elite leader: 20 cm radius, half is 10 cm). */
    harness_activate(&h, harness_find(&h, "Datu"));
    harness_must(&h, (rules_command){.kind = RULES_CMD_RALLY, .side = {2}});
    assert_false(demoralised(&h, "Raw1") || demoralised(&h, "Raw2"));
    assert_int_equal(harness_decision(&h).kind, RULES_DECIDE_DRAW_CARD); /* his whole card */
    assert_int_equal(one_volley(&h), 1); /* "Next" falls: the Regular pile empties */
    assert_true(demoralised(&h, "Raw1") && demoralised(&h, "Raw2"));
    /* Play on to the End of Turn: at their starting points the demoralised stay there. */
    float before = x_of(&h, harness_find(&h, "Raw1"));
    for (int guard = 0; guard < 200 && lcr_rules_ops.turn(h.rs) == 1; guard++) {
        rules_decision d = harness_decision(&h);
        if (d.kind == RULES_DECIDE_NONE)
            break;
        rules_command c = {.side = d.side};
        c.kind = d.kind == RULES_DECIDE_DRAW_CARD   ? RULES_CMD_DRAW_CARD
                 : d.kind == RULES_DECIDE_INTERRUPT ? RULES_CMD_PASS
                 : d.kind == RULES_DECIDE_USE_CARD  ? RULES_CMD_RESERVE_CARD
                                                    : RULES_CMD_END_ACTIVATION;
        c.card = d.card;
        harness_must(&h, c);
    }
    const figure *r1 = table_figure_const(h.t, harness_find(&h, "Raw1"));
    assert_int_equal(lcr_rules_ops.turn(h.rs), 2);
    assert_true(table_figure_active(r1));
    assert_float_equal(r1->pos.x, before, 1e-5);
    harness_close(&h);
}

static void play_to_next_turn(harness *h)
{
    int turn = lcr_rules_ops.turn(h->rs);
    for (int guard = 0; guard < 200 && lcr_rules_ops.turn(h->rs) == turn; guard++) {
        rules_decision d = harness_decision(h);
        if (d.kind == RULES_DECIDE_NONE)
            break;
        rules_command c = {.side = d.side};
        c.kind = d.kind == RULES_DECIDE_DRAW_CARD   ? RULES_CMD_DRAW_CARD
                 : d.kind == RULES_DECIDE_INTERRUPT ? RULES_CMD_PASS
                 : d.kind == RULES_DECIDE_USE_CARD  ? RULES_CMD_RESERVE_CARD
                                                    : RULES_CMD_END_ACTIVATION;
        c.card = d.card;
        harness_must(h, c);
    }
}

/* Demoralised men whose way back is barred by an enemy surrender at the End of Turn (a
 * casualty: captured); one at his start point stays. */
static void test_play_demoralised_surrender(void **state)
{
    (void)state;
    harness h;
    harness_open_text(&h, surrender_json, 2);
    /* Raw1 has come 16 cm forward of his start; the picket stands between. */
    table_figure(h.t, harness_find(&h, "Raw1"))->pos = (vec2s){{60, 34}};
    table_figure(h.t, harness_find(&h, "Picket"))->pos = (vec2s){{68, 34}};
    assert_int_equal(one_volley(&h), 1); /* "Near" falls: the Raw pile is empty */
    assert_true(demoralised(&h, "Raw1") && demoralised(&h, "Raw2"));
    play_to_next_turn(&h);
    const figure *r1 = table_figure_const(h.t, harness_find(&h, "Raw1"));
    const figure *r2 = table_figure_const(h.t, harness_find(&h, "Raw2"));
    assert_true(r1->status & FIGURE_STATUS_CAPTURED);
    assert_false(r2->status & FIGURE_STATUS_CAPTURED);
    assert_true(table_figure_active(r2)); /* at his start point: he stays */
    assert_float_equal(r2->pos.x, 76.0f, 1e-5);
    harness_close(&h);
}

/* A raw Datu with a raw warrior and a steady regular; a regular Panglima beside them. */
static const char *leader_json = HEAD
    "\"units\": [{\"name\": \"s\", \"side\": \"Spanish\", \"formation\": \"loose\","
    " \"commander\": \"Lt\", \"defaults\": {\"weapon\": \"mauser\", \"facing\": \"east\"},"
    " \"figures\": [{\"name\": \"Lt\", \"role\": \"officer\", \"pos\": [5, 5]},"
    " {\"name\": \"Pvt\", \"pos\": [5, 55]}]},"
    " {\"name\": \"m\", \"side\": \"Moro\", \"formation\": \"loose\", \"commander\": \"Datu\","
    " \"defaults\": {\"weapon\": \"kris\", \"facing\": \"west\"}, \"figures\": ["
    " {\"name\": \"Datu\", \"role\": \"leader\", \"quality\": \"raw\", \"pos\": [70, 30]},"
    " {\"name\": \"Raw1\", \"quality\": \"raw\", \"pos\": [73, 30]},"
    " {\"name\": \"Steady\", \"quality\": \"regular\", \"pos\": [70, 34]},"
    " {\"name\": \"Gone\", \"quality\": \"regular\", \"pos\": [90, 50]}]},"
    " {\"name\": \"p\", \"side\": \"Moro\", \"formation\": \"loose\", \"commander\": \"Panglima\","
    " \"defaults\": {\"weapon\": \"kris\", \"facing\": \"west\"}, \"figures\": ["
    " {\"name\": \"Panglima\", \"role\": \"leader\", \"quality\": \"regular\","
    " \"pos\": [74, 36]}]}]}";

/* Draws (reserving every other card) until `leader`'s own card is drawn; true when it was. */
static bool draw_to_card_of(harness *h, figure_id leader)
{
    for (int guard = 0; guard < 200; guard++) {
        rules_decision d = harness_decision(h);
        rules_command c = {.side = d.side, .card = d.card};
        if (d.kind == RULES_DECIDE_USE_CARD && d.figure.id == leader.id)
            return true;
        c.kind = d.kind == RULES_DECIDE_DRAW_CARD   ? RULES_CMD_DRAW_CARD
                 : d.kind == RULES_DECIDE_INTERRUPT ? RULES_CMD_PASS
                                                    : RULES_CMD_RESERVE_CARD;
        harness_must(h, c);
    }
    return false;
}

/* A demoralised leader acts on no card: his own card is refused to him (so he neither rallies
 * himself nor activates his steady men); another leader takes it up and rallies him. */
static void test_play_demoralised_leader(void **state)
{
    (void)state;
    harness h;
    harness_open_text(&h, leader_json, 7);
    figure_id datu = harness_find(&h, "Datu"), pang = harness_find(&h, "Panglima");
    lcr_casualty(h.rs, &h.ctx, harness_find(&h, "Gone"), FIGURE_STATUS_DEAD, "test", "shot");
    assert_true(demoralised(&h, "Datu") && demoralised(&h, "Raw1"));
    assert_false(demoralised(&h, "Steady") || demoralised(&h, "Panglima"));
    assert_true(draw_to_card_of(&h, datu));
    rules_decision d = harness_decision(&h);
    char why[256] = "";
    rules_command use = {
        .kind = RULES_CMD_ACTIVATE, .side = d.side, .card = d.card, .figure = datu};
    assert_false(harness_submit(&h, use, why, sizeof why));
    assert_non_null(strstr(why, "demoralised"));
    /* The legal choices offer the card to Panglima, never to the Datu. */
    rules_command legal[32];
    int n = lcr_rules_ops.legal(h.rs, h.t, legal, 32), to_pang = 0;
    for (int i = 0; i < n; i++) {
        assert_false(legal[i].kind == RULES_CMD_ACTIVATE && legal[i].figure.id == datu.id);
        to_pang += legal[i].kind == RULES_CMD_ACTIVATE && legal[i].figure.id == pang.id;
    }
    assert_int_equal(to_pang, 1);
    use.figure = pang;
    harness_must(&h, use);
    assert_false(lcr_rules_activated(h.rs, harness_find(&h, "Steady"))); /* not his unit */
    harness_must(&h, (rules_command){.kind = RULES_CMD_RALLY, .side = {2}});
    assert_false(demoralised(&h, "Datu") || demoralised(&h, "Raw1"));
    harness_close(&h);
}

/* Nor does a demoralised leader act on a reserved card of his own, or on a soldier card. */
static void test_play_demoralised_leader_reserved(void **state)
{
    (void)state;
    harness h;
    harness_open_text(&h, leader_json, 8);
    figure_id datu = harness_find(&h, "Datu");
    assert_true(draw_to_card_of(&h, datu));
    rules_decision d = harness_decision(&h);
    harness_must(&h,
                 (rules_command){.kind = RULES_CMD_RESERVE_CARD, .side = d.side, .card = d.card});
    lcr_casualty(h.rs, &h.ctx, harness_find(&h, "Gone"), FIGURE_STATUS_DEAD, "test", "shot");
    assert_true(demoralised(&h, "Datu"));
    char why[256] = "";
    assert_false(lcr_can_use_card(h.rs, h.t, d.card - 1, datu, why, sizeof why));
    assert_non_null(strstr(why, "demoralised"));
    harness_close(&h);
}

/* The state copied in place (clone_into) is what a fresh clone is: every field and array, the
 * options' states and the hash, both from a state of the same match (buffers reused) and from
 * another match's (freed and cloned); ASan runs check the buffers' ownership. */
static uint64_t hash_of(const rules_state *rs)
{
    rules_hasher hs;
    rules_hash_init(&hs);
    lcr_rules_ops.hash(rs, &hs);
    return hs.h;
}

static void assert_same_state(const rules_state *a, const rules_state *b)
{
    assert_int_equal(hash_of(a), hash_of(b));
    assert_ptr_equal(a->los_refs, b->los_refs);
    assert_int_equal(a->turn, b->turn);
    assert_int_equal(a->drawn, b->drawn);
    assert_int_equal(a->active, b->active);
    assert_int_equal(a->actor.id, b->actor.id);
    assert_int_equal(a->deck.card_count, b->deck.card_count);
    assert_int_equal(a->deck.draw_count, b->deck.draw_count);
    assert_memory_equal(a->deck.cards, b->deck.cards,
                        (size_t)a->deck.card_count * sizeof *a->deck.cards);
    if (a->deck.draw_count > 0)
        assert_memory_equal(a->deck.draw, b->deck.draw,
                            (size_t)a->deck.draw_count * sizeof *a->deck.draw);
    size_t n = (size_t)a->fig_count + 1, g = (size_t)a->group_count + 1;
    assert_int_equal(a->fig_count, b->fig_count);
    assert_memory_equal(a->flags, b->flags, n * sizeof *a->flags);
    assert_memory_equal(a->hold, b->hold, n * sizeof *a->hold);
    assert_memory_equal(a->home, b->home, n * sizeof *a->home);
    assert_memory_equal(a->home_edge, b->home_edge, n * sizeof *a->home_edge);
    assert_memory_equal(a->group_morale, b->group_morale, g * sizeof *a->group_morale);
    assert_memory_equal(a->arrived, b->arrived, g * sizeof *a->arrived);
    assert_memory_equal(a->morale, b->morale, sizeof a->morale);
    assert_int_equal(a->option_count, b->option_count);
    for (int i = 0; i < a->option_count; i++)
        assert_true(a->options[i].state != b->options[i].state || !a->options[i].option->clone);
    const lcr_sight_state *sa = lcr_sight_get(a), *sb = lcr_sight_get(b);
    assert_int_equal(sa->unit_count, sb->unit_count);
    assert_memory_equal(sa->unseen, sb->unseen, (size_t)sa->unit_count * sizeof *sa->unseen);
    assert_memory_equal(sa->due_turn, sb->due_turn, (size_t)sa->unit_count * sizeof *sa->due_turn);
    assert_memory_equal(lcr_wounds_get(a), lcr_wounds_get(b), sizeof(lcr_wounds_state));
}

static void test_play_clone_into(void **state)
{
    (void)state;
    harness h, other;
    harness_open(&h, "lcr_baler.json", 5);
    harness_open(&other, "lcr_teaching.json", 5);
    rules_state *spare = lcr_rules_ops.clone(h.rs);
    rules_state *foreign = lcr_rules_ops.clone(other.rs);
    uint64_t start = hash_of(h.rs);
    /* play on: the first legal command each time, until the cards, flags and turn have moved */
    rules_command *cmds = mem_calloc(512, sizeof *cmds);
    for (int step = 0; step < 120 && !h.rs->over; step++) {
        int n = lcr_rules_ops.legal(h.rs, h.t, cmds, 512);
        assert_true(n > 0);
        harness_must(&h, cmds[step % n]);
        if (step % 7 == 0) { /* from the same match: the spare's buffers reused */
            lcr_rules_ops.clone_into(spare, h.rs);
            rules_state *fresh = lcr_rules_ops.clone(h.rs);
            assert_same_state(spare, fresh);
            lcr_rules_ops.destroy(fresh);
        }
    }
    assert_true(hash_of(h.rs) != start);     /* the copies above copied a state that had moved */
    lcr_rules_ops.clone_into(foreign, h.rs); /* another match's state: freed and cloned */
    rules_state *fresh = lcr_rules_ops.clone(h.rs);
    assert_same_state(foreign, fresh);
    lcr_rules_ops.destroy(fresh);
    free(cmds);
    lcr_rules_ops.destroy(foreign);
    lcr_rules_ops.destroy(spare);
    harness_close(&other);
    harness_close(&h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_play_jungle_move),
        cmocka_unit_test(test_play_raw_moves_whole_roll),
        cmocka_unit_test(test_play_wall_d10_and_wait),
        cmocka_unit_test(test_play_three_rank_line),
        cmocka_unit_test(test_play_target_template_and_arc),
        cmocka_unit_test(test_play_close_combat),
        cmocka_unit_test(test_play_demoralise_rally_flee),
        cmocka_unit_test(test_play_demoralised_surrender),
        cmocka_unit_test(test_play_demoralised_leader),
        cmocka_unit_test(test_play_demoralised_leader_reserved),
        cmocka_unit_test(test_play_clone_into),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
