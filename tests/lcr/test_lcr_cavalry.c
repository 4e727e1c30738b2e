/* Seed 000, Cavalry, under fixed seeds: order cards per cavalry unit and officer, the separate
 * cavalry cards, the four movement classes with their turns, and mounted fire modifiers. */
#include "lcr_harness.h"

#include "rules/lcr/lcr_command.h"
#include "rules/lcr/lcr_deck.h"
#include "rules/lcr/lcr_fire_math.h"
#include "rules/lcr/lcr_move_math.h"

#include <math.h>

/* Spanish lancers (12 troopers: Raw, Reg, Sea, Vet, Pis and 7 more), a scout troop without an
 * NCO, an infantry section, and two Moros. */
static const char *cavalry_json =
    "{\"title\": \"cavalry\", \"ruleset\": \"lcr\", \"seed\": 1,"
    " \"table\": {\"width_cm\": 200, \"height_cm\": 120},"
    " \"sides\": [{\"name\": \"Spanish\"}, {\"name\": \"Moro\"}],"
    " \"units\": ["
    "  {\"name\": \"Lancers\", \"side\": \"Spanish\", \"kind\": \"cavalry\", \"formation\": "
    "\"loose\", \"defaults\": {\"posture\": \"mounted\", \"weapon\": \"carbine\", \"facing\": "
    "\"east\"}, \"figures\": ["
    "   {\"name\": \"Capt\", \"role\": \"officer\", \"quality\": \"veteran\", \"pos\": [20, 60]},"
    "   {\"name\": \"Cpl\", \"role\": \"nco\", \"quality\": \"regular\", \"pos\": [20, 75]},"
    "   {\"name\": \"Raw\", \"quality\": \"raw\", \"pos\": [30, 50]},"
    "   {\"name\": \"Reg\", \"quality\": \"regular\", \"pos\": [30, 60]},"
    "   {\"name\": \"Sea\", \"quality\": \"seasoned\", \"pos\": [30, 70]},"
    "   {\"name\": \"Vet\", \"quality\": \"veteran\", \"pos\": [20, 45]},"
    "   {\"name\": \"Pis\", \"quality\": \"regular\", \"weapon\": \"pistol\", \"pos\": [150, 20]},"
    "   {\"quality\": \"raw\", \"pos\": [5, 5]}, {\"quality\": \"raw\", \"pos\": [5, 10]},"
    "   {\"quality\": \"raw\", \"pos\": [5, 15]}, {\"quality\": \"raw\", \"pos\": [5, 20]},"
    "   {\"quality\": \"raw\", \"pos\": [5, 25]}, {\"quality\": \"raw\", \"pos\": [5, 30]},"
    "   {\"quality\": \"raw\", \"pos\": [5, 35]}]},"
    "  {\"name\": \"Scouts\", \"side\": \"Spanish\", \"kind\": \"cavalry\", \"formation\": "
    "\"loose\", \"defaults\": {\"posture\": \"mounted\", \"weapon\": \"revolver\"}, \"figures\": ["
    "   {\"name\": \"Lt\", \"role\": \"officer\", \"quality\": \"regular\", \"pos\": [100, 5]},"
    "   {\"pos\": [105, 5]}, {\"pos\": [110, 5]}, {\"pos\": [115, 5]}, {\"pos\": [120, 5]},"
    "   {\"pos\": [125, 5]}]},"
    "  {\"name\": \"Infantry\", \"side\": \"Spanish\", \"kind\": \"line_infantry\", \"formation\": "
    "\"loose\", \"defaults\": {\"weapon\": \"mauser\"}, \"figures\": ["
    "   {\"name\": \"Sgt\", \"role\": \"nco\", \"quality\": \"regular\", \"pos\": [20, 110]},"
    "   {\"name\": \"Pte\", \"quality\": \"regular\", \"pos\": [25, 110]}]},"
    "  {\"name\": \"Moros\", \"side\": \"Moro\", \"figures\": ["
    "   {\"name\": \"M\", \"weapon\": \"kris\", \"pos\": [154, 20]},"
    "   {\"name\": \"W\", \"weapon\": \"kris\", \"pos\": [190, 110]}]}]}";

static const side_id SPAIN = {1};

static int cards_of(const harness *h, figure_id leader)
{
    const lcr_deck *deck = lcr_rules_deck(h->rs);
    int n = 0;
    for (int i = 0; i < deck->card_count; i++)
        n += deck->cards[i].kind == LCR_CARD_LEADER && deck->cards[i].leader.id == leader.id;
    return n;
}

/* One card per ten troopers or fewer of a cavalry unit. */
static void test_cavalry_cards_per_unit_size(void **state)
{
    (void)state;
    const lcr_data *d = test_lcr_data_shared();
    int troopers[] = {0, 1, 9, 10, 11, 20, 21, 35};
    int expect[] = {0, 1, 1, 1, 2, 2, 3, 4};
    for (size_t i = 0; i < sizeof troopers / sizeof troopers[0]; i++)
        assert_int_equal(lcr_deck_cavalry_unit_cards(d, troopers[i]), expect[i]);
}

/* Cavalry officers one card more than usual (a veteran 5); the unit's troop cards go to its NCO,
 * or its officer when it has none; infantry leaders keep their usual number. */
static void test_cavalry_cards_per_leader(void **state)
{
    (void)state;
    harness h;
    harness_open_text(&h, cavalry_json, 1);
    const lcr_data *d = test_lcr_data_shared();
    figure_id capt = harness_find(&h, "Capt"), cpl = harness_find(&h, "Cpl");
    figure_id lt = harness_find(&h, "Lt"), sgt = harness_find(&h, "Sgt");
    assert_int_equal(lcr_deck_cards_for(d, table_figure_const(h.t, capt), true), 5);
    assert_int_equal(lcr_deck_cards_for(d, table_figure_const(h.t, capt), false), 4);
    assert_int_equal(cards_of(&h, capt), 5);
    /* Regular NCO: 1 of his own + 2 for the lancers' 12 troopers. */
    assert_int_equal(cards_of(&h, cpl), d->cards[LCR_RANK_NCO][FIGURE_QUALITY_REGULAR] + 2);
    /* Regular officer: 2 + 1 cavalry + 1 for the 5 scouts. */
    assert_int_equal(cards_of(&h, lt), d->cards[LCR_RANK_OFFICER][FIGURE_QUALITY_REGULAR] + 1 + 1);
    assert_int_equal(cards_of(&h, sgt), d->cards[LCR_RANK_NCO][FIGURE_QUALITY_REGULAR]);
    harness_close(&h);
}

/* A cavalry card never orders infantry, nor an infantry card cavalry. */
static void test_cavalry_cards_separate(void **state)
{
    (void)state;
    harness h;
    harness_open_text(&h, cavalry_json, 4);
    figure_id cpl = harness_find(&h, "Cpl"), sgt = harness_find(&h, "Sgt");
    assert_false(lcr_command_may_order(h.t, table_figure_const(h.t, cpl),
                                       table_figure_const(h.t, harness_find(&h, "Pte"))));
    bool saw_cav = false, saw_inf = false;
    for (int guard = 0; guard < 400 && !(saw_cav && saw_inf); guard++) {
        rules_decision d = harness_decision(&h);
        rules_command c = {.side = d.side};
        char why[256] = "";
        if (d.kind == RULES_DECIDE_DRAW_CARD) {
            harness_must(&h, (rules_command){.kind = RULES_CMD_DRAW_CARD, .side = d.side});
            continue;
        }
        if (d.kind == RULES_DECIDE_INTERRUPT) {
            harness_must(&h, (rules_command){.kind = RULES_CMD_PASS, .side = d.side});
            continue;
        }
        assert_int_equal(d.kind, RULES_DECIDE_USE_CARD);
        const figure *owner = table_figure_const(h.t, d.figure);
        if (owner && d.side.id == SPAIN.id) {
            c.kind = RULES_CMD_ACTIVATE;
            if (lcr_command_is_cavalry(h.t, owner)) {
                c.figure = sgt;
                assert_false(harness_submit(&h, c, why, sizeof why));
                assert_non_null(strstr(why, "cavalry order card never orders infantry"));
                saw_cav = true;
            } else {
                c.figure = cpl;
                assert_false(harness_submit(&h, c, why, sizeof why));
                assert_non_null(strstr(why, "infantry order card never orders cavalry"));
                saw_inf = true;
            }
        }
        harness_must(
            &h, (rules_command){.kind = RULES_CMD_RESERVE_CARD, .side = d.side, .card = d.card});
    }
    assert_true(saw_cav && saw_inf);
    harness_close(&h);
}

static rules_command path_cmd(figure_id f, const vec2s *pts, int n)
{
    rules_command c = {.kind = RULES_CMD_MOVE, .side = SPAIN, .path_count = n};
    rules_command_add_figure(&c, f);
    for (int i = 0; i < n; i++)
        c.path[i] = pts[i];
    return c;
}

static int move_dice(const harness *h, int *count)
{
    int sum = 0;
    *count = 0;
    for (int i = h->mark; i < h->ev_count; i++)
        if (h->ev[i].kind == RULES_EV_DIE && strcmp(h->ev[i].tag, "move") == 0) {
            assert_string_equal(h->ev[i].ref, LCR_REF_CAVALRY);
            sum += h->ev[i].value;
            (*count)++;
        }
    return sum;
}

static bool note_has(const harness *h, const char *text)
{
    for (int i = h->mark; i < h->ev_count; i++)
        if (h->ev[i].kind == RULES_EV_NOTE && strstr(h->ev[i].text, text))
            return true;
    return false;
}

static void refuse_with(harness *h, rules_command c, const char *reason)
{
    char why[256] = "";
    assert_false(harness_submit(h, c, why, sizeof why));
    if (!strstr(why, reason))
        fail_msg("reason \"%s\" lacks \"%s\"", why, reason);
}

static vec2s at(float x, float y)
{
    return (vec2s){{x, y}};
}

static vec2s turn_from(vec2s p, float deg, float len)
{
    float a = deg * (float)(GEOM_PI / 180.0);
    return at(p.x + len * cosf(a), p.y + len * sinf(a));
}

/* Raw cavalry rolls 6d6 and moves all of it, straight. */
static void test_cavalry_raw_moves_whole_roll(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 4; seed++) {
        harness h;
        harness_open_text(&h, cavalry_json, seed);
        figure_id raw = harness_find(&h, "Raw");
        harness_activate(&h, harness_find(&h, "Capt"));
        vec2s bent[2] = {at(35, 50), at(40, 55)};
        refuse_with(&h, path_cmd(raw, bent, 2), "must move straight");
        harness_must(&h, path_cmd(raw, bent, 1)); /* aims 5 cm east */
        int n, rolled = move_dice(&h, &n);
        assert_int_equal(n, 6);
        assert_true(rolled >= 6 && rolled <= 36);
        assert_true(note_has(&h, "0 + 6d6"));
        const figure *f = table_figure_const(h.t, raw);
        assert_float_equal(f->pos.x, 30.0f + (float)rolled, 1e-3);
        assert_float_equal(f->pos.y, 50.0f, 1e-3);
        harness_close(&h);
    }
}

/* Regular cavalry: 20+5d6, straight, any distance up to the roll. */
static void test_cavalry_regular_any_distance(void **state)
{
    (void)state;
    int stopped_short = 0, arrived = 0;
    for (uint64_t seed = 1; seed <= 12; seed++) {
        harness h;
        harness_open_text(&h, cavalry_json, seed);
        figure_id reg = harness_find(&h, "Reg");
        rules_reach r;
        rules_command probe = path_cmd(reg, (vec2s[]){at(40, 60)}, 1);
        assert_true(lcr_rules_ops.view->reach(h.rs, h.t, &probe, at(1, 0), &r));
        assert_float_equal(r.max_cm, 50.0f, 1e-3);  /* 20 + 30 */
        assert_float_equal(r.sure_cm, 25.0f, 1e-3); /* 20 + 5 */
        harness_activate(&h, harness_find(&h, "Capt"));
        refuse_with(&h, path_cmd(reg, (vec2s[]){at(85, 60)}, 1), "beyond his allowance");
        refuse_with(&h, path_cmd(reg, (vec2s[]){at(40, 60), at(50, 65)}, 2), "must move straight");
        harness_must(&h, path_cmd(reg, (vec2s[]){at(72, 60)}, 1)); /* 42 cm */
        int n, rolled = move_dice(&h, &n);
        assert_int_equal(n, 5);
        float allowance = 20.0f + (float)rolled;
        const figure *f = table_figure_const(h.t, reg);
        assert_float_equal(f->pos.x, 30.0f + fminf(42.0f, allowance), 1e-3);
        stopped_short += allowance < 42.0f;
        arrived += allowance >= 42.0f;
        harness_close(&h);
    }
    /* The seeds cover both cases: the roll falls short, and the figure stops where it chose. */
    assert_true(stopped_short > 0 && arrived > 0);
}

/* Seasoned cavalry: one turn of at most 45 degrees. */
static void test_cavalry_seasoned_one_turn(void **state)
{
    (void)state;
    harness h;
    harness_open_text(&h, cavalry_json, 5);
    figure_id sea = harness_find(&h, "Sea");
    harness_activate(&h, harness_find(&h, "Capt"));
    vec2s p1 = at(40, 70);
    refuse_with(&h, path_cmd(sea, (vec2s[]){p1, turn_from(p1, 50, 10)}, 2),
                "at most 45 degrees, turn 1 is 50.0");
    vec2s p2 = turn_from(p1, 45, 8);
    refuse_with(&h, path_cmd(sea, (vec2s[]){p1, p2, turn_from(p2, 0, 5)}, 3),
                "at most 1 time, this path turns 2 times");
    harness_must(&h, path_cmd(sea, (vec2s[]){p1, turn_from(p1, 45, 10)}, 2));
    int n;
    move_dice(&h, &n);
    assert_int_equal(n, 4);
    assert_true(note_has(&h, "25 + 4d6"));
    assert_int_equal(harness_count(&h, RULES_EV_MOVE, NULL), 2);
    const figure *f = table_figure_const(h.t, sea);
    vec2s end = turn_from(p1, 45, 10);
    assert_float_equal(f->pos.x, end.x, 1e-3);
    assert_float_equal(f->pos.y, end.y, 1e-3);
    assert_float_equal(f->facing, (float)(GEOM_PI / 4), 1e-4);
    harness_close(&h);
}

/* Veteran cavalry: two turns of at most 45 degrees, not three. */
static void test_cavalry_veteran_two_turns(void **state)
{
    (void)state;
    harness h;
    harness_open_text(&h, cavalry_json, 6);
    figure_id vet = harness_find(&h, "Vet");
    harness_activate(&h, harness_find(&h, "Capt"));
    vec2s p1 = at(30, 45), p2 = turn_from(p1, -45, 10), p3 = turn_from(p2, 0, 10);
    refuse_with(&h, path_cmd(vet, (vec2s[]){p1, p2, p3, turn_from(p3, 45, 5)}, 4),
                "at most 2 times, this path turns 3 times");
    refuse_with(&h, path_cmd(vet, (vec2s[]){p1, p2, turn_from(p2, 46, 10)}, 3), "turn 2 is 91.0");
    harness_must(&h, path_cmd(vet, (vec2s[]){p1, p2, p3}, 3));
    int n;
    move_dice(&h, &n);
    assert_int_equal(n, 3);
    assert_int_equal(harness_count(&h, RULES_EV_MOVE, NULL), 3);
    const figure *f = table_figure_const(h.t, vet);
    assert_float_equal(f->pos.x, p3.x, 1e-3);
    assert_float_equal(f->pos.y, p3.y, 1e-3);
    harness_close(&h);
}

static void test_cavalry_turn_angles(void **state)
{
    (void)state;
    const lcr_data *d = test_lcr_data_shared();
    const lcr_move_class *sea = &d->cavalry_move[FIGURE_QUALITY_SEASONED];
    char why[160];
    vec2s a = at(0, 0), b = at(10, 0);
    assert_float_equal(lcr_move_turn_deg(a, b, turn_from(b, 45, 5)), 45.0f, 1e-3);
    assert_float_equal(lcr_move_turn_deg(a, b, turn_from(b, -30, 5)), 30.0f, 1e-3);
    assert_true(
        lcr_move_check_turns(sea, a, (vec2s[]){b, turn_from(b, -45, 5)}, 2, "x", why, sizeof why));
    assert_false(lcr_move_check_turns(sea, a, (vec2s[]){b, turn_from(b, 45.1f, 5)}, 2, "x", why,
                                      sizeof why));
    /* Foot never turns; raw cavalry must move its whole roll. */
    assert_int_equal(d->foot_move[FIGURE_QUALITY_VETERAN].turns, 0);
    assert_true(d->cavalry_move[FIGURE_QUALITY_RAW].must_move_all);
    assert_int_equal(d->cavalry_move[FIGURE_QUALITY_VETERAN].turns, 2);
}

/* -2 with pistols and revolvers, -3 with carbines; the score needed shows it. */
static void test_cavalry_mounted_need(void **state)
{
    (void)state;
    lcr_data *d = lcr_data_clone(test_lcr_data_shared());
    const lcr_weapon *pistol = lcr_data_weapon(d, "pistol");
    const lcr_weapon *revolver = lcr_data_weapon(d, "revolver");
    const lcr_weapon *carbine = lcr_data_weapon(d, "carbine");
    const lcr_weapon *mauser = lcr_data_weapon(d, "mauser");
    assert_int_equal(lcr_fire_effective_need(d, pistol, 3, true), 5);
    assert_int_equal(lcr_fire_effective_need(d, revolver, 3, true), 5);
    assert_int_equal(lcr_fire_effective_need(d, carbine, 3, true), 6);
    assert_int_equal(lcr_fire_effective_need(d, carbine, 3, false), 3);
    assert_int_equal(lcr_fire_effective_need(d, pistol, 4, false), 4);
    assert_int_equal(lcr_fire_effective_need(d, mauser, 4, true), 4);
    /* Past 6 the modifier still counts (the old natural-6 rule made a mounted carbine at long
     * range as good as one on foot): a 6 then needs a second die of need - 3 (assumed). */
    assert_int_equal(lcr_fire_effective_need(d, carbine, 4, true), 7);
    assert_int_equal(lcr_fire_confirm_need(d, 7), 4);
    assert_int_equal(lcr_fire_effective_need(d, pistol, 5, true), 7);
    assert_int_equal(lcr_fire_effective_need(d, carbine, 6, true), 9); /* long range */
    assert_int_equal(lcr_fire_confirm_need(d, 9), 6);
    assert_int_equal(lcr_fire_confirm_need(d, 10), 7); /* never */
    assert_int_equal(lcr_fire_confirm_need(d, 6), 0);
    /* The odds: at long range mounted a carbine hits 1 in 36, on foot 1 in 6. */
    assert_float_equal(lcr_fire_p_hit(d, 9), 1.0 / 36.0, 1e-6);
    assert_float_equal(lcr_fire_p_hit(d, 6), 1.0 / 6.0, 1e-6);
    assert_float_equal(lcr_fire_p_hit(d, 7), 3.0 / 36.0, 1e-6);
    d->mounted_confirm_past_six = false;
    assert_int_equal(lcr_fire_confirm_need(d, 7), 7);
    assert_float_equal(lcr_fire_p_hit(d, 7), 0.0, 1e-6);
    lcr_data_destroy(d);
}

/* targets() odds and the fire events carry the mounted modifier. */
static void test_cavalry_mounted_fire(void **state)
{
    (void)state;
    harness h;
    harness_open_text(&h, cavalry_json, 7);
    figure_id pis = harness_find(&h, "Pis"), m = harness_find(&h, "M");
    rules_command fire = {.kind = RULES_CMD_FIRE, .side = SPAIN, .target = m};
    rules_command_add_figure(&fire, pis);
    rules_target tg[4];
    assert_int_equal(lcr_rules_ops.view->targets(h.rs, h.t, &fire, tg, 4), 1);
    assert_int_equal(tg[0].need, 6); /* close range 4, -2 mounted */
    assert_float_equal(tg[0].p_hit, 1.0f / 6.0f * 5.0f / 6.0f, 1e-5);
    assert_non_null(strstr(tg[0].note, "firing mounted -2"));
    /* Unhorsed, the same man needs the chart's 4. */
    table_figure(h.t, pis)->status |= LCR_STATUS_UNHORSED;
    assert_int_equal(lcr_rules_ops.view->targets(h.rs, h.t, &fire, tg, 4), 1);
    assert_int_equal(tg[0].need, 4);
    assert_float_equal(tg[0].p_hit, 3.0f / 6.0f * 5.0f / 6.0f, 1e-5);
    table_figure(h.t, pis)->status &= ~LCR_STATUS_UNHORSED;

    harness_activate(&h, pis);
    harness_must(&h, fire);
    int mods = 0, dice = 0;
    for (int i = h.mark; i < h.ev_count; i++) {
        const rules_event *e = &h.ev[i];
        if (e->kind == RULES_EV_MODIFIER) {
            assert_int_equal(e->value, -2);
            assert_string_equal(e->ref, LCR_REF_CAVALRY);
            mods++;
        }
        if (e->kind == RULES_EV_DIE && strcmp(e->tag, "to_hit") == 0) {
            assert_int_equal(e->need, 6);
            assert_int_equal(e->success, e->value == 6);
            dice++;
        }
    }
    assert_int_equal(mods, 1);
    assert_int_equal(dice, lcr_data_weapon(test_lcr_data_shared(), "pistol")->dice_per_man);
    harness_close(&h);
}

/* Random legal games on tests/lcr/lcr_cavalry.json play to their end; the lancers ride on the
 * cavalry rules and every event names its rule. */
static void test_cavalry_games_finish(void **state)
{
    (void)state;
    int cavalry_dice = 0, mounted_mods = 0, turned = 0;
    for (uint64_t seed = 1; seed <= 6; seed++) {
        harness h;
        harness_open(&h, "../tests/lcr/lcr_cavalry.json", seed);
        dice_rng pick;
        dice_seed(&pick, seed * 31u + 7);
        static rules_command legal[512];
        for (int steps = 0; steps < 20000; steps++) {
            if (harness_decision(&h).kind == RULES_DECIDE_NONE)
                break;
            int n = lcr_rules_ops.legal(h.rs, h.t, legal, 512);
            assert_true(n > 0);
            int k = (int)dice_below(&pick, (uint32_t)n);
            if (legal[k].kind == RULES_CMD_END_ACTIVATION && n > 1 && dice_below(&pick, 4) != 0)
                k = (int)dice_below(&pick, (uint32_t)(n - 1));
            harness_must(&h, legal[k]);
        }
        for (int i = 0; i < h.ev_count; i++) {
            const rules_event *e = &h.ev[i];
            if (e->text[0] == '\0' || strncmp(e->ref, LCR_REF, strlen(LCR_REF)) != 0)
                fail_msg("event %d (%s) lacks its text or rule reference", i, e->tag);
            cavalry_dice += e->kind == RULES_EV_DIE && strcmp(e->tag, "move") == 0 &&
                            strcmp(e->ref, LCR_REF_CAVALRY) == 0;
            mounted_mods += e->kind == RULES_EV_MODIFIER && strcmp(e->tag, "firing mounted") == 0;
            turned += e->kind == RULES_EV_MOVE && strstr(e->text, " turns ") != NULL;
        }
        rules_outcome o;
        lcr_rules_ops.outcome(h.rs, h.t, &o);
        assert_true(o.over);
        harness_close(&h);
    }
    assert_true(cavalry_dice > 0);
    assert_true(mounted_mods > 0);
    assert_true(turned > 0); /* legal() offers seasoned and veteran riders a turning path */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cavalry_cards_per_unit_size),
        cmocka_unit_test(test_cavalry_cards_per_leader),
        cmocka_unit_test(test_cavalry_cards_separate),
        cmocka_unit_test(test_cavalry_raw_moves_whole_roll),
        cmocka_unit_test(test_cavalry_regular_any_distance),
        cmocka_unit_test(test_cavalry_seasoned_one_turn),
        cmocka_unit_test(test_cavalry_veteran_two_turns),
        cmocka_unit_test(test_cavalry_turn_angles),
        cmocka_unit_test(test_cavalry_mounted_need),
        cmocka_unit_test(test_cavalry_mounted_fire),
        cmocka_unit_test(test_cavalry_games_finish),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    test_lcr_data_shared_free();
    return rc;
}
