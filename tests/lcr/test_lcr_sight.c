/* Seed 000, Optional Rule (sight), under fixed seeds: the blocking-terrain and figure-height
 * switches of the line-of-sight model, and reinforcement sight: a unit gains the arriving
 * reinforcements' morale at once when a figure in clear terrain sees them, at the next turn from
 * the edge of blocking terrain, and deep inside only by base contact (at once in close order,
 * next turn in loose order). */
#include "lcr_harness.h"

#include "rules/lcr/lcr_sight.h"

/* A jungle (x 40..60), a 7.5 ft solid screen; a man on foot and a rider facing them. %s: the
 * ruleset options. */
#define LOS_JSON                                                                                   \
    "{\"title\": \"sight\", \"ruleset\": \"lcr\", \"seed\": 1, \"table\": {\"width_cm\": 100, "    \
    "\"height_cm\": 60}, \"sides\": [{\"name\": \"Spanish\"}, {\"name\": \"Moro\"}],"              \
    " \"ruleset_options\": %s,"                                                                    \
    " \"terrain_types\": [{\"name\": \"screen\", \"like\": \"high_wall\", \"height_ft\": 7.5}],"   \
    " \"terrain\": [{\"type\": \"jungle\", \"rect\": [40, 0, 60, 40]},"                            \
    "  {\"type\": \"screen\", \"rect\": [20, 44, 22, 58]}],"                                       \
    " \"units\": [{\"name\": \"s\", \"side\": \"Spanish\", \"formation\": \"loose\", "             \
    "\"defaults\": {\"weapon\": \"carbine\"}, \"figures\": ["                                      \
    "  {\"name\": \"Foot\", \"pos\": [10, 20]},"                                                   \
    "  {\"name\": \"FootB\", \"pos\": [10, 52]},"                                                  \
    "  {\"name\": \"Rider\", \"posture\": \"mounted\", \"pos\": [10, 50]}]},"                      \
    " {\"name\": \"m\", \"side\": \"Moro\", \"formation\": \"loose\", \"defaults\": "              \
    "{\"weapon\": \"kris\"}, \"figures\": ["                                                       \
    "  {\"name\": \"Deep\", \"pos\": [50, 20]},"                                                   \
    "  {\"name\": \"Far\", \"pos\": [30, 56]}]}]}"

static bool hidden(const harness *h, const char *from, const char *to)
{
    const figure *a = table_figure_const(h->t, harness_find(h, from));
    const figure *b = table_figure_const(h->t, harness_find(h, to));
    return lcr_hidden(h->rs, h->t, a->pos, table_posture_eye_ft(a->posture), b, NULL);
}

static void open_los(harness *h, const char *options)
{
    char json[4096];
    snprintf(json, sizeof json, LOS_JSON, options);
    harness_open_text(h, json, 1);
}

/* Defaults (as the core game): the jungle hides a man 10 cm inside it; the rider's 9 ft eye sees
 * over the 7.5 ft screen, a man on foot does not. Blocking terrain off: the jungle no longer
 * hides him (the screen, a solid mass, still blocks). Figure heights off: the rider counts as a
 * man on foot and loses sight over the screen. */
static void test_sight_los_options(void **state)
{
    (void)state;
    harness h;
    open_los(&h, "{}");
    assert_true(hidden(&h, "Foot", "Deep"));
    assert_false(hidden(&h, "Rider", "Far"));
    assert_true(hidden(&h, "FootB", "Far"));
    harness_close(&h);

    open_los(&h, "{\"blocking_terrain\": false}");
    assert_false(hidden(&h, "Foot", "Deep"));
    assert_true(hidden(&h, "FootB", "Far"));
    assert_false(hidden(&h, "Rider", "Far"));
    harness_close(&h);

    open_los(&h, "{\"figure_heights\": false}");
    assert_true(hidden(&h, "Rider", "Far"));
    assert_true(hidden(&h, "Foot", "Deep"));
    harness_close(&h);

    /* Sight decides what the rules allow: the nearest target in sight for area fire. */
    open_los(&h, "{\"blocking_terrain\": false}");
    rules_command probe = {.kind = RULES_CMD_FIRE, .side = {1}};
    rules_command_add_figure(&probe, harness_find(&h, "Foot"));
    rules_target tg[4];
    assert_int_equal(lcr_rules_ops.view->targets(h.rs, h.t, &probe, tg, 4), 1);
    assert_int_equal(tg[0].figure.id, harness_find(&h, "Deep").id);
    harness_close(&h);

    /* A bad option is the scenario's error, not a crash. */
    char json[4096], why[256] = "";
    snprintf(json, sizeof json, LOS_JSON, "{\"figure_heights\": 3}");
    scenario_error err;
    scenario *scn = scenario_load_string(json, strlen(json), "bad.json", &err);
    assert_non_null(scn);
    table *t = table_clone(scn->table);
    assert_null(
        lcr_rules_ops.create(&(rules_create_desc){.scenario = scn, .table = t}, why, sizeof why));
    assert_string_equal(why, "bad.json: $.ruleset_options.figure_heights: expected true or false");
    table_destroy(t);
    scenario_destroy(scn);
}

/* Raw Spanish units around a jungle (x from 80): Open in clear ground, Edge 1.5 cm inside the
 * jungle, DeepLine (close order) and DeepLoose 20 cm inside, Blind behind a house (its start
 * point is out in the open to the west, at x = 8). The relief
 * arrives at the End of Turn 1: a scout in the open, and two guides deep in the jungle in base
 * contact with DeepLine and DeepLoose. */
#define RELIEF_JSON                                                                                \
    "{\"title\": \"relief\", \"ruleset\": \"lcr\", \"seed\": 1, \"table\": {\"width_cm\": 200, "   \
    "\"height_cm\": 120}, \"sides\": [{\"name\": \"Spanish\"}, {\"name\": \"Moro\"}],"             \
    " \"ruleset_options\": {\"reinforcement_sight\": %s},"                                         \
    " \"terrain\": [{\"type\": \"jungle\", \"rect\": [80, 0, 200, 120]},"                          \
    "  {\"type\": \"building\", \"rect\": [30, 62, 50, 66]}],"                                     \
    " \"units\": ["                                                                                \
    "  {\"name\": \"Open\", \"side\": \"Spanish\", \"formation\": \"loose\", \"defaults\": "       \
    "{\"quality\": \"raw\"}, \"figures\": [{\"name\": \"O1\", \"pos\": [40, 57.4]}, {\"name\": "   \
    "\"O2\", \"pos\": [40, 54.8]}]},"                                                              \
    "  {\"name\": \"Edge\", \"side\": \"Spanish\", \"formation\": \"loose\", \"defaults\": "       \
    "{\"quality\": \"raw\"}, \"figures\": [{\"name\": \"E1\", \"pos\": [81.5, 60]}, {\"name\": "   \
    "\"E2\", \"pos\": [81.5, 62.6]}]},"                                                            \
    "  {\"name\": \"DeepLine\", \"side\": \"Spanish\", \"formation\": \"line\", \"defaults\": "    \
    "{\"quality\": \"raw\"}, \"figures\": [{\"name\": \"D1\", \"pos\": [100, 30]}, {\"name\": "    \
    "\"D2\", \"pos\": [102.6, 30]}]},"                                                             \
    "  {\"name\": \"DeepLoose\", \"side\": \"Spanish\", \"formation\": \"loose\", \"defaults\": "  \
    "{\"quality\": \"raw\"}, \"figures\": [{\"name\": \"L1\", \"pos\": [100, 90]}, {\"name\": "    \
    "\"L2\", \"pos\": [102.6, 90]}]},"                                                             \
    "  {\"name\": \"Blind\", \"side\": \"Spanish\", \"formation\": \"loose\", \"defaults\": "      \
    "{\"quality\": \"raw\"}, \"figures\": [{\"name\": \"B1\", \"pos\": [8, 70]}, {\"name\": "      \
    "\"B2\", \"pos\": [10.6, 70]}]},"                                                              \
    "  {\"name\": \"Relief\", \"side\": \"Spanish\", \"formation\": \"loose\", \"figures\": ["     \
    "   {\"name\": \"Scout\", \"pos\": [30, 10]}, {\"name\": \"Guide\", \"pos\": [100, 32.6]},"    \
    "   {\"name\": \"Guide2\", \"pos\": [100, 92.6]}]},"                                           \
    "  {\"name\": \"m\", \"side\": \"Moro\", \"formation\": \"loose\", \"defaults\": "             \
    "{\"weapon\": \"kris\"}, \"figures\": [{\"name\": \"M1\", \"pos\": [190, 110]}, {\"name\": "   \
    "\"M2\", \"pos\": [190, 5]}]}],"                                                               \
    " \"reinforcements\": [{\"side\": \"Spanish\", \"units\": [\"Relief\"], \"turn\": 2, "         \
    "\"edge\": \"north\", \"entry\": [30, 0]}]}"

static void open_relief(harness *h, bool rule)
{
    char json[8192];
    snprintf(json, sizeof json, RELIEF_JSON, rule ? "true" : "false");
    harness_open_text(h, json, 1);
    /* Blind has come forward from its start in the open, west, to behind the house. */
    table_figure(h->t, harness_find(h, "B1"))->pos = (vec2s){{40, 70}};
    table_figure(h->t, harness_find(h, "B2"))->pos = (vec2s){{42.6f, 70}};
}

/* Draws, passes and reserves until turn `turn` has begun. */
static void play_to_turn(harness *h, int turn)
{
    for (int guard = 0; guard < 200 && lcr_rules_ops.turn(h->rs) < turn; guard++) {
        rules_decision d = harness_decision(h);
        rules_command c = {.side = d.side, .card = d.card};
        c.kind = d.kind == RULES_DECIDE_DRAW_CARD   ? RULES_CMD_DRAW_CARD
                 : d.kind == RULES_DECIDE_INTERRUPT ? RULES_CMD_PASS
                                                    : RULES_CMD_RESERVE_CARD;
        assert_true(d.kind == RULES_DECIDE_DRAW_CARD || d.kind == RULES_DECIDE_INTERRUPT ||
                    d.kind == RULES_DECIDE_USE_CARD);
        harness_must(h, c);
    }
    assert_int_equal(lcr_rules_ops.turn(h->rs), turn);
}

static unit_id unit_named(const harness *h, const char *name)
{
    for (int i = 0; i < h->t->unit_count; i++)
        if (strcmp(h->t->units[i].name, name) == 0)
            return h->t->units[i].id;
    fail_msg("no unit %s", name);
    return (unit_id){0};
}

static bool demoralised(const harness *h, const char *name)
{
    return table_figure_const(h->t, harness_find(h, name))->status & FIGURE_STATUS_DEMORALISED;
}

static uint32_t unseen(const harness *h, const char *name)
{
    return lcr_sight_get(h->rs)->unseen[unit_named(h, name).id - 1];
}

static uint32_t due(const harness *h, const char *name)
{
    return lcr_sight_get(h->rs)->due[unit_named(h, name).id - 1];
}

/* Where each unit stands with respect to the jungle. */
static void test_sight_places(void **state)
{
    (void)state;
    harness h;
    open_relief(&h, true);
    struct {
        const char *fig;
        lcr_sight_place place;
    } want[] = {{"O1", LCR_PLACE_CLEAR},
                {"E1", LCR_PLACE_EDGE},
                {"D1", LCR_PLACE_DEEP},
                {"L2", LCR_PLACE_DEEP},
                {"B1", LCR_PLACE_CLEAR}};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        assert_int_equal(
            lcr_sight_place_of(h.rs, h.t, table_figure_const(h.t, harness_find(&h, want[i].fig))),
            want[i].place);
    harness_close(&h);
}

/* The relief arrives: Open (sees the scout from clear ground) and DeepLine (a guide touches it,
 * close order) gain its morale at once; Edge (sees the scout from the jungle's edge) and
 * DeepLoose (touched, loose order) at the start of turn 3; Blind (the house hides the scout, the
 * jungle the guides) not yet. A casualty then empties the Raw pile as the units without the
 * benefit count it: they are demoralised, the others not. At the End of Turn 2 Edge and
 * DeepLoose gain the benefit and recover before anyone runs; Blind runs, and gains it once it
 * sees the scout from the open. */
static void test_sight_reinforcements(void **state)
{
    (void)state;
    harness h;
    open_relief(&h, true);
    play_to_turn(&h, 2);
    assert_int_equal(harness_count(&h, RULES_EV_RULESET, "sight_hide"), 1);
    assert_int_equal(harness_count(&h, RULES_EV_RULESET, "sight_gain"), 2);
    assert_int_equal(harness_count(&h, RULES_EV_RULESET, "sight_due"), 2);
    assert_int_equal(unseen(&h, "Open"), 0);
    assert_int_equal(unseen(&h, "DeepLine"), 0);
    assert_int_equal(unseen(&h, "Edge"), 1);
    assert_int_equal(due(&h, "Edge"), 1);
    assert_int_equal(unseen(&h, "DeepLoose"), 1);
    assert_int_equal(due(&h, "DeepLoose"), 1);
    assert_int_equal(unseen(&h, "Blind"), 1);
    assert_int_equal(due(&h, "Blind"), 0);
    assert_int_equal(unseen(&h, "Relief"), 0);
    assert_int_equal(lcr_sight_get(h.rs)->due_turn[unit_named(&h, "Edge").id - 1], 3);

    const lcr_morale *m = lcr_rules_morale(h.rs, (side_id){1});
    assert_int_equal(m->piles[0], 2); /* 1 of the force on the table + 1 of the relief */
    h.mark = h.ev_count;
    lcr_casualty(h.rs, &h.ctx, harness_find(&h, "O2"), FIGURE_STATUS_DEAD, "test", "shot");
    assert_int_equal(m->piles[0], 1);
    const char *low[] = {"E1", "E2", "L1", "L2", "B1", "B2"};
    for (size_t i = 0; i < sizeof low / sizeof low[0]; i++)
        assert_true(demoralised(&h, low[i]));
    const char *steady[] = {"O1", "D1", "D2", "Scout", "Guide"};
    for (size_t i = 0; i < sizeof steady / sizeof steady[0]; i++)
        assert_false(demoralised(&h, steady[i]));

    play_to_turn(&h, 3);
    assert_int_equal(unseen(&h, "Edge"), 0);
    assert_int_equal(unseen(&h, "DeepLoose"), 0);
    const char *back[] = {"E1", "E2", "L1", "L2"};
    for (size_t i = 0; i < sizeof back / sizeof back[0]; i++)
        assert_false(demoralised(&h, back[i]));
    /* They did not run: Edge still stands where it was. */
    assert_float_equal(table_figure_const(h.t, harness_find(&h, "E1"))->pos.x, 81.5f, 1e-4);
    /* Blind ran (demoralised) west out of the house's shadow; from clear ground it now sees the
     * scout and gains the benefit at once. */
    assert_true(table_figure_const(h.t, harness_find(&h, "B1"))->pos.x < 10.0f);
    assert_int_equal(unseen(&h, "Blind"), 0);
    assert_false(demoralised(&h, "B1"));
    harness_close(&h);
}

/* Without the rule every unit gains the reinforcements' chits as they arrive: the same casualty
 * leaves everyone steady. */
static void test_sight_rule_off(void **state)
{
    (void)state;
    harness h;
    open_relief(&h, false);
    play_to_turn(&h, 2);
    assert_int_equal(harness_count(&h, RULES_EV_RULESET, "sight_hide"), 0);
    lcr_casualty(h.rs, &h.ctx, harness_find(&h, "O2"), FIGURE_STATUS_DEAD, "test", "shot");
    const char *all[] = {"O1", "E1", "D1", "L1", "B1"};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        assert_false(demoralised(&h, all[i]));
    harness_close(&h);
}

/* A 10 ft hall (x 40..60); in it a rifle pair on the roof and a pair on foot, both centred inside;
 * an enemy rifleman out in the open to the east. %s: the ruleset options. */
#define HALL_JSON                                                                                  \
    "{\"title\": \"hall\", \"ruleset\": \"lcr\", \"seed\": 1, \"table\": {\"width_cm\": 120, "     \
    "\"height_cm\": 60}, \"sides\": [{\"name\": \"Spanish\"}, {\"name\": \"Filipino\"}],"          \
    " \"ruleset_options\": %s,"                                                                    \
    " \"terrain_types\": [{\"name\": \"hall\", \"like\": \"building\", \"height_ft\": 10}],"       \
    " \"terrain\": [{\"type\": \"hall\", \"rect\": [40, 10, 60, 50]}],"                            \
    " \"units\": [{\"name\": \"roof\", \"side\": \"Spanish\", \"formation\": \"loose\", "          \
    "\"defaults\": {\"weapon\": \"mauser\", \"posture\": \"roof\", \"facing\": \"east\"}, "        \
    "\"figures\": [{\"name\": \"Roof1\", \"pos\": [48, 20]}, {\"name\": \"Roof2\", \"pos\": [52, " \
    "20]}]},"                                                                                      \
    " {\"name\": \"floor\", \"side\": \"Spanish\", \"formation\": \"loose\", "                     \
    "\"defaults\": {\"weapon\": \"mauser\", \"facing\": \"east\"}, "                               \
    "\"figures\": [{\"name\": \"Floor1\", \"pos\": [48, 40]}, {\"name\": \"Floor2\", \"pos\": "    \
    "[52, "                                                                                        \
    "40]}]},"                                                                                      \
    " {\"name\": \"f\", \"side\": \"Filipino\", \"formation\": \"loose\", \"defaults\": "          \
    "{\"weapon\": \"mauser\", \"facing\": \"west\"}, \"figures\": ["                               \
    "  {\"name\": \"Rifle\", \"pos\": [90, 20]}]}]}"

static figure_id hall_target(const harness *h, const char *a, const char *b)
{
    figure_id g[2] = {harness_find(h, a), harness_find(h, b)};
    return lcr_area_target(h->rs, h->t, (side_id){1}, g, 2);
}

/* Area fire from a group whose centre lies inside a building taller than a man: the centre looks
 * with the tallest firer's eye (Blocking Terrain: terrain blocks a unit's sight only when taller
 * than its tallest figure), so the roof pair finds the rifleman who sees them; the pair on the
 * floor below does not. Figure heights off: every eye a man on foot, and neither finds him. */
static void test_sight_group_eye(void **state)
{
    (void)state;
    harness h;
    char json[4096];
    snprintf(json, sizeof json, HALL_JSON, "{}");
    harness_open_text(&h, json, 1);
    figure_id rifle = harness_find(&h, "Rifle");
    assert_int_equal(hall_target(&h, "Roof1", "Roof2").id, rifle.id);
    assert_int_equal(hall_target(&h, "Floor1", "Floor2").id, 0);
    const figure *roof = table_figure_const(h.t, harness_find(&h, "Roof1"));
    assert_false(lcr_hidden(h.rs, h.t, table_figure_const(h.t, rifle)->pos,
                            table_posture_eye_ft(FIGURE_POSTURE_FOOT), roof, NULL));
    harness_close(&h);

    snprintf(json, sizeof json, HALL_JSON, "{\"figure_heights\": false}");
    harness_open_text(&h, json, 1);
    assert_int_equal(hall_target(&h, "Roof1", "Roof2").id, 0);
    assert_int_equal(hall_target(&h, "Floor1", "Floor2").id, 0);
    harness_close(&h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sight_los_options),    cmocka_unit_test(test_sight_places),
        cmocka_unit_test(test_sight_reinforcements), cmocka_unit_test(test_sight_rule_off),
        cmocka_unit_test(test_sight_group_eye),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    test_lcr_data_shared_free();
    return rc;
}
