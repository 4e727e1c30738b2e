/* The cavalry charge under fixed seeds: CHARGE rides the cavalry move (its dice and turns) into
 * contact and the close combat is fought with the seed's rules when the activation ends, where a
 * three-deep infantry formation gets +1 for its second rank and +1 for its third rank against
 * cavalry from the front (seed 000, Close Combat; Cavalry). */
#include "lcr_harness.h"

#include <math.h>

/* A veteran and a raw lancer; a seasoned one boxed in; a Moro column three deep facing them. */
static const char *charge_json =
    "{\"title\": \"charge\", \"ruleset\": \"lcr\", \"seed\": 1,"
    " \"table\": {\"width_cm\": 200, \"height_cm\": 120},"
    " \"sides\": [{\"name\": \"Spanish\"}, {\"name\": \"Moro\"}],"
    " \"terrain\": [{\"type\": \"high_wall\", \"line\": [[40, 5], [40, 20]], \"width_cm\": 1}],"
    " \"units\": ["
    "  {\"name\": \"Lancers\", \"side\": \"Spanish\", \"kind\": \"cavalry\", \"formation\": "
    "\"loose\", \"defaults\": {\"posture\": \"mounted\", \"weapon\": \"carbine\", \"facing\": "
    "\"east\"}, \"figures\": ["
    "   {\"name\": \"Vet\", \"quality\": \"veteran\", \"pos\": [25, 60]},"
    "   {\"name\": \"Raw\", \"quality\": \"raw\", \"pos\": [35, 100]},"
    "   {\"name\": \"Sea\", \"quality\": \"seasoned\", \"pos\": [20, 12]}]},"
    "  {\"name\": \"Column\", \"side\": \"Moro\", \"formation\": \"line\", \"defaults\": "
    "{\"weapon\": \"spear\", \"facing\": \"west\"}, \"figures\": ["
    "   {\"name\": \"F1\", \"pos\": [60, 60]}, {\"name\": \"F2\", \"pos\": [62.6, 60]},"
    "   {\"name\": \"F3\", \"pos\": [65.2, 60]}]},"
    "  {\"name\": \"Band\", \"side\": \"Moro\", \"formation\": \"loose\", \"defaults\": "
    "{\"weapon\": \"kris\", \"facing\": \"west\"}, \"figures\": ["
    "   {\"name\": \"W\", \"pos\": [60, 100]}, {\"name\": \"Hid\", \"pos\": [60, 12]}]}]}";

static const side_id SPAIN = {1};

static rules_command charge(figure_id f, figure_id target, float x, float y)
{
    rules_command c = {.kind = RULES_CMD_CHARGE, .side = SPAIN, .target = target, .path_count = 1};
    rules_command_add_figure(&c, f);
    c.path[0] = (vec2s){{x, y}};
    return c;
}

static float edge_gap(const harness *h, figure_id a, figure_id b)
{
    const figure *fa = table_figure_const(h->t, a), *fb = table_figure_const(h->t, b);
    geom_placed_base pa = {fa->base, fa->pos, fa->facing}, pb = {fb->base, fb->pos, fb->facing};
    return (float)geom_base_edge_distance(&pa, &pb);
}

static bool has_modifier(const harness *h, figure_id f, const char *text)
{
    for (int i = h->mark; i < h->ev_count; i++)
        if (h->ev[i].kind == RULES_EV_MODIFIER && h->ev[i].figure.id == f.id &&
            h->ev[i].value == 1 && strstr(h->ev[i].text, text))
            return true;
    return false;
}

/* The veteran rides 30+3d6 cm (at least 33), so the 31.25 cm to the column always carries him
 * home: he stops 2.5 cm from the front man. At the end of the activation the pair fights: the
 * front man has +1 (second rank) and +1 (third rank against cavalry from the front); the higher
 * total of the last round wins and the loser dies. */
static void test_charge_strikes_home(void **state)
{
    (void)state;
    int rider_wins = 0, column_wins = 0;
    for (uint64_t seed = 1; seed <= 8; seed++) {
        harness h;
        harness_open_text(&h, charge_json, seed);
        figure_id vet = harness_find(&h, "Vet"), f1 = harness_find(&h, "F1");
        harness_activate(&h, vet);
        harness_must(&h, charge(vet, f1, 56.25f, 60));
        assert_int_equal(harness_count(&h, RULES_EV_DIE, "move"), 3);
        assert_float_equal(edge_gap(&h, vet, f1), 2.5f, 1e-3);
        assert_true(h.rs->flags[vet.id - 1] & LCR_FF_ENGAGED);
        bool home = false;
        for (int i = h.mark; i < h.ev_count; i++)
            home |= h.ev[i].kind == RULES_EV_NOTE && strstr(h.ev[i].text, "strikes home");
        assert_true(home);
        harness_must(&h, (rules_command){.kind = RULES_CMD_END_ACTIVATION, .side = SPAIN});
        assert_true(has_modifier(&h, f1, "second rank"));
        assert_true(has_modifier(&h, f1, "third rank supporting against cavalry"));
        int last_v = 0, last_f = 0;
        for (int i = h.mark; i < h.ev_count; i++)
            if (h.ev[i].kind == RULES_EV_DIE && strcmp(h.ev[i].tag, "close_combat") == 0) {
                if (h.ev[i].figure.id == vet.id)
                    last_v = h.ev[i].value;
                else
                    last_f = h.ev[i].value;
            }
        bool v_alive = table_figure_active(table_figure_const(h.t, vet));
        bool f_alive = table_figure_active(table_figure_const(h.t, f1));
        assert_true(v_alive != f_alive);
        assert_int_equal(v_alive, last_v > last_f + 2);
        rider_wins += v_alive;
        column_wins += f_alive;
        harness_close(&h);
    }
    assert_true(rider_wins > 0 && column_wins > 0);
}

/* Raw riders ride their whole 6d6 roll straight at the target: into contact when the roll is
 * long enough (20 cm here), else exactly the roll, falling short. */
static void test_charge_raw_whole_roll(void **state)
{
    (void)state;
    int home = 0, short_ = 0;
    for (uint64_t seed = 1; seed <= 12; seed++) {
        harness h;
        harness_open_text(&h, charge_json, seed);
        figure_id raw = harness_find(&h, "Raw"), w = harness_find(&h, "W");
        harness_activate(&h, raw);
        harness_must(&h, charge(raw, w, 56.25f, 100));
        int roll = 0;
        for (int i = h.mark; i < h.ev_count; i++)
            if (h.ev[i].kind == RULES_EV_DIE && strcmp(h.ev[i].tag, "move") == 0)
                roll += h.ev[i].value;
        float x = table_figure_const(h.t, raw)->pos.x;
        if (roll >= 20) {
            assert_float_equal(x, 55.0f, 1e-3);
            home++;
        } else {
            assert_float_equal(x, 35.0f + (float)roll, 1e-3);
            short_++;
        }
        harness_close(&h);
    }
    assert_true(home > 0 && short_ > 0);
}

/* Refusals, and the bot's offer: a charge must end in contact with its target, see it first,
 * keep to the rider's turns, be given by an activated figure; legal() offers the veteran his
 * charge at the column. */
static void test_charge_refusals_and_legal(void **state)
{
    (void)state;
    harness h;
    harness_open_text(&h, charge_json, 2);
    figure_id vet = harness_find(&h, "Vet"), f1 = harness_find(&h, "F1");
    char why[256];
    harness_activate(&h, vet);
    rules_command legal[256];
    int n = lcr_rules_ops.legal(h.rs, h.t, legal, 256), offered = 0;
    for (int i = 0; i < n; i++)
        offered += legal[i].kind == RULES_CMD_CHARGE && legal[i].figures[0].id == vet.id &&
                   legal[i].target.id == f1.id;
    assert_int_equal(offered, 1);
    rules_action acts[16];
    int na = lcr_rules_ops.view->actions(h.rs, h.t, vet, acts, 16), charge_on = 0;
    for (int i = 0; i < na; i++)
        charge_on += acts[i].kind == RULES_CMD_CHARGE && acts[i].enabled;
    assert_int_equal(charge_on, 1);
    assert_false(harness_submit(&h, charge(vet, f1, 50, 60), why, sizeof why));
    assert_non_null(strstr(why, "must end within 2.5 cm"));
    assert_false(harness_submit(&h, charge(vet, vet, 50, 60), why, sizeof why));
    assert_non_null(strstr(why, "enemy figure"));
    /* A veteran may turn twice, never three times. */
    rules_command zig = charge(vet, f1, 30, 65);
    zig.path[1] = (vec2s){{35, 60}};
    zig.path[2] = (vec2s){{40, 65}};
    zig.path[3] = (vec2s){{56.25f, 60}};
    zig.path_count = 4;
    assert_false(harness_submit(&h, zig, why, sizeof why));
    assert_non_null(strstr(why, "turn"));
    figure_id sea = harness_find(&h, "Sea");
    assert_false(harness_submit(&h, charge(sea, f1, 56.25f, 60), why, sizeof why));
    assert_non_null(strstr(why, "not activated"));
    harness_close(&h);

    harness_open_text(&h, charge_json, 2);
    sea = harness_find(&h, "Sea");
    harness_activate(&h, sea);
    assert_false(
        harness_submit(&h, charge(sea, harness_find(&h, "Hid"), 56.25f, 12), why, sizeof why));
    assert_non_null(strstr(why, "cannot see the target"));
    harness_close(&h);
}

/* The odds a charge shows before it is made: the chance the rider's roll carries him to contact.
 * The veteran's 33 cm minimum always covers 31.25 cm; the raw rider needs 20 on 6d6 (63.7%). */
static void test_charge_targets_odds(void **state)
{
    (void)state;
    harness h;
    harness_open_text(&h, charge_json, 2);
    rules_target tg[16];
    rules_command probe = {.kind = RULES_CMD_CHARGE, .side = SPAIN};
    rules_command_add_figure(&probe, harness_find(&h, "Vet"));
    int n = lcr_rules_ops.view->targets(h.rs, h.t, &probe, tg, 16);
    bool f1 = false;
    for (int i = 0; i < n; i++)
        if (tg[i].figure.id == harness_find(&h, "F1").id) {
            f1 = true;
            assert_float_equal(tg[i].p_hit, 1.0f, 1e-6);
            assert_float_equal(tg[i].expected_kills, 0.5f, 1e-6);
            assert_non_null(strstr(tg[i].note, "strikes home 100%"));
        }
    assert_true(f1);
    probe.figures[0] = harness_find(&h, "Raw");
    n = lcr_rules_ops.view->targets(h.rs, h.t, &probe, tg, 16);
    bool w = false;
    for (int i = 0; i < n; i++)
        if (tg[i].figure.id == harness_find(&h, "W").id) {
            w = true;
            assert_float_equal(tg[i].p_hit, 0.636896f, 1e-5);
        }
    assert_true(w);
    harness_close(&h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_charge_strikes_home),
        cmocka_unit_test(test_charge_raw_whole_roll),
        cmocka_unit_test(test_charge_refusals_and_legal),
        cmocka_unit_test(test_charge_targets_odds),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    test_lcr_data_shared_free();
    return rc;
}
