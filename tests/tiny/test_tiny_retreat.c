/* Tiny Soldiers as written (issue 18), under fixed seeds with exact positions: retreats that
 * respect other units (through friends, never through or into an enemy, destroyed without
 * room), the rally's fall-back away from the enemy, orders to a formed brigade to shoot, rally
 * and charge, and victorious cavalry that could not pursue staying free to act. */
#include "tiny_test_util.h"

#include "rules/tiny/tiny_state.h"
#include "rules/tiny/tiny_orders.h"

#include <math.h>

static const rules_event *event_with(const game *g, rules_event_kind kind, const char *text)
{
    int n;
    const rules_event *ev = game_events(g, game_cursor(g) - 1, &n);
    for (int i = 0; i < n; i++)
        if (ev[i].kind == kind && strstr(ev[i].text, text))
            return &ev[i];
    return NULL;
}

static int events_with(const game *g, rules_event_kind kind, const char *text)
{
    int n, count = 0;
    const rules_event *ev = game_events(g, game_cursor(g) - 1, &n);
    for (int i = 0; i < n; i++)
        count += ev[i].kind == kind && strstr(ev[i].text, text) != NULL;
    return count;
}

static bool has_status(const game *g, const char *fig, uint32_t bit)
{
    return (table_figure_const(game_table(g), test_tiny_figure(g, fig))->status & bit) != 0;
}

static rules_command order(game *g, rules_command_kind kind, int side_no, const char *uname,
                           const char *target)
{
    return (rules_command){.kind = kind,
                           .side.id = (uint32_t)side_no,
                           .unit = test_tiny_unit(g, uname),
                           .target_unit = target ? test_tiny_unit(g, target) : (unit_id){0}};
}

/* Red heavy cavalry charges Blue militia (3 stands at y 47.5) with `behind` placed straight
 * behind it; the charge phase follows (seed 4: the militia loses). */
static game *beaten_militia(const char *behind_side, float behind_y, uint64_t seed)
{
    tbuild b;
    tb_armies(&b, "", "");
    tb_unit(&b, "Horse", "Red", "heavy_cavalry", "line", "RB", 60, 30, 2, -1);
    tb_unit(&b, "Foe", "Blue", "militia", "line", "BB", 60, 47.5f, 3, -1);
    tb_unit(&b, "Behind", behind_side, "line_infantry", "line",
            strcmp(behind_side, "Red") == 0 ? "RB" : "BB", 60, behind_y, 3, 270);
    tb_unit(&b, "Reserve", "Blue", "line_infantry", "line", "BB", 140, 110, 2, -1);
    game *g = test_tiny_game(tb_end(&b), seed);
    test_tiny_roll(g);
    rules_command c = order(g, RULES_CMD_CHARGE, 1, "Horse", "Foe");
    test_tiny_submit(g, &c);
    test_tiny_end(g);
    assert_non_null(event_with(g, RULES_EV_NOTE, "Foe took")); /* the militia lost */
    return g;
}

/* Friends behind: a retreat passes through them (passage of lines) but may not end on them.
 * The full 6" (15 cm) would put the militia exactly on the line behind; it stops touching it,
 * 12.5 cm back (the last free place, in 0.25 cm steps). */
static void test_retreat_ends_clear_of_friends(void **state)
{
    (void)state;
    game *g = beaten_militia("Blue", 62.5f, 4);
    const rules_event *back = event_with(g, RULES_EV_MOVE, "Foe 2 retreats");
    assert_non_null(back);
    assert_float_equal(back->pos.x, back->from.x, 1e-3);
    assert_float_equal(back->pos.y - back->from.y, 12.5, 1e-3);
    assert_non_null(strstr(back->text, "stopped after 5.0\" of 6.0\""));
    /* Room for it beyond the friends: 5 cm behind them it passes through and makes its 6". */
    game_destroy(g);
    g = beaten_militia("Blue", 53.5f, 4);
    back = event_with(g, RULES_EV_MOVE, "Foe 2 retreats");
    assert_float_equal(back->pos.y - back->from.y, 15, 1e-3);
    game_destroy(g);
}

/* An enemy behind stops the retreat short of contact; with less than 1" of room the unit is
 * destroyed (F: "Units which are unable to retreat ... are destroyed"). */
static void test_retreat_stopped_by_enemy(void **state)
{
    (void)state;
    /* Red foot 7.5 cm behind the militia's rear edge (it faces north, away from it). */
    game *g = beaten_militia("Red", 57.5f, 4);
    const rules_event *back = event_with(g, RULES_EV_MOVE, "Foe 2 retreats");
    assert_non_null(back);
    /* It stops at the last 0.25 cm step more than the contact gap (0.5 cm) from the enemy. */
    assert_float_equal(back->pos.y - back->from.y, 6.75, 1e-3);
    game_destroy(g);
    /* 1.5 cm of room: no retreat possible, the militia is destroyed. */
    g = beaten_militia("Red", 51.5f, 4);
    assert_null(event_with(g, RULES_EV_MOVE, "Foe 2 retreats"));
    assert_non_null(
        event_with(g, RULES_EV_NOTE, "Foe cannot get away (no room to retreat) and is destroyed"));
    assert_int_equal(test_tiny_stands(g, test_tiny_unit(g, "Foe")), 0);
    game_destroy(g);
}

/* An evade that has no room is not made: the unit stands and the charge goes in. */
static void test_evade_without_room_stands(void **state)
{
    (void)state;
    tbuild b;
    tb_armies(&b, "", "");
    tb_unit(&b, "Horse", "Red", "heavy_cavalry", "line", "RB", 60, 30, 2, -1);
    tb_unit(&b, "Foe", "Blue", "light_infantry", "line", "BB", 60, 47.5f, 2, -1);
    tb_unit(&b, "Cut", "Red", "line_infantry", "line", "RB", 60, 51.5f, 3, 270);
    tb_unit(&b, "Reserve", "Blue", "line_infantry", "line", "BB", 140, 110, 2, -1);
    game *g = test_tiny_game(tb_end(&b), 2);
    test_tiny_roll(g);
    vec2s before = test_tiny_pos(g, "Foe 1");
    rules_command c = order(g, RULES_CMD_CHARGE, 1, "Horse", "Foe");
    test_tiny_submit(g, &c);
    test_tiny_submit(g, &(rules_command){.kind = RULES_CMD_EVADE, .side.id = 2});
    assert_non_null(event_with(g, RULES_EV_NOTE, "Foe has no room to evade and stands"));
    vec2s after = test_tiny_pos(g, "Foe 1");
    assert_float_equal(after.x, before.x, 1e-3);
    assert_float_equal(after.y, before.y, 1e-3);
    assert_false(has_status(g, "Foe 1", FIGURE_STATUS_DEMORALISED));
    game_destroy(g);
}

/* Red heavy cavalry beat Blue foot (3 stands) on Red's turn; Blue then rolls its orders. */
static game *after_charge(uint64_t seed)
{
    tbuild b;
    tb_armies(&b, "", "");
    tb_unit(&b, "Horse", "Red", "heavy_cavalry", "line", "RB", 60, 30, 2, -1);
    tb_unit(&b, "Foe", "Blue", "line_infantry", "line", "BB", 60, 47.5f, 3, -1);
    tb_unit(&b, "Reserve", "Blue", "line_infantry", "line", "BB", 140, 110, 2, -1);
    tb_unit(&b, "Reserve2", "Blue", "line_infantry", "line", "BB", 20, 110, 2, -1);
    game *g = test_tiny_game(tb_end(&b), seed);
    test_tiny_roll(g);
    rules_command c = order(g, RULES_CMD_CHARGE, 1, "Horse", "Foe");
    test_tiny_submit(g, &c);
    test_tiny_end(g);
    test_tiny_roll(g);
    return g;
}

/* G, Rally Chart 0: "Retreat a full move" — away from the enemy. The beaten foot already faces
 * away from the horse (south); its own rear would lead back north into them. */
static void test_rally_retreat_away_from_enemy(void **state)
{
    (void)state;
    game *g = after_charge(8);
    vec2s horse = test_tiny_pos(g, "Horse 1");
    vec2s before = test_tiny_pos(g, "Foe 2");
    assert_true(before.y > horse.y);
    rules_command c = order(g, RULES_CMD_RALLY, 2, "Foe", NULL);
    test_tiny_submit(g, &c);
    const rules_event *back = event_with(g, RULES_EV_MOVE, "Foe 2 falls back");
    assert_non_null(back); /* seed 8: 2 - 2 = 0 on the chart */
    /* A full 6" straight away from the horse (they stand in one file). */
    assert_float_equal(back->pos.x, before.x, 1e-3);
    assert_float_equal(back->pos.y - before.y, 15, 1e-3);
    assert_float_equal(back->facing, GEOM_PI / 2, 1e-3); /* facing south, away */
    game_destroy(g);
}

/* Two Red line battalions of one brigade side by side (a formed brigade) facing Blue foot
 * 9.5 cm (3.8") away, all within 24" of their Brigadiers. */
static game *brigade_line(const char *foe_layout, uint64_t seed)
{
    tbuild b;
    tb_armies(&b, "", "");
    tb_unit(&b, "Left", "Red", "line_infantry", "line", "RB", 50, 50, 2, -1);
    tb_unit(&b, "Right", "Red", "line_infantry", "line", "RB", 58, 50, 2, -1);
    if (strcmp(foe_layout, "two") == 0) {
        tb_unit(&b, "FoeL", "Blue", "line_infantry", "line", "BB", 50, 62, 3, -1);
        tb_unit(&b, "FoeR", "Blue", "line_infantry", "line", "BB", 64, 62, 3, -1);
    } else {
        tb_unit(&b, "FoeL", "Blue", "line_infantry", "line", "BB", 54, 62, 4, -1);
        tb_unit(&b, "FoeR", "Blue", "line_infantry", "line", "BB", 150, 100, 2, -1);
    }
    return test_tiny_game(tb_end(&b), seed);
}

/* C: "1 order is required to move, shoot or rally 1 unit or a Formed Brigade". */
static void test_formed_brigade_shoots(void **state)
{
    (void)state;
    game *g = brigade_line("two", 3);
    test_tiny_roll(g);
    int pips = test_tiny_pips(g, "Brig Red");
    rules_command c = order(g, RULES_CMD_FIRE, 1, "RB", "FoeL");
    test_tiny_submit(g, &c);
    assert_int_equal(test_tiny_pips(g, "Brig Red"), pips - 1); /* one order */
    assert_non_null(event_with(g, RULES_EV_NOTE, "Left shoots at FoeL with 2 dice"));
    assert_non_null(event_with(g, RULES_EV_NOTE, "Right shoots at FoeL with 2 dice"));
    /* Both battalions have had their order. */
    c = order(g, RULES_CMD_FIRE, 1, "Right", "FoeR");
    test_tiny_refused(g, &c, "has had its order this turn");
    game_destroy(g);
}

static int hits_of(const game *g, const char *uname)
{
    return game_rules_state(g)->units[test_tiny_unit(g, uname).id - 1].hits;
}

static void test_formed_brigade_rallies(void **state)
{
    (void)state;
    game *g = brigade_line("two", 18);
    test_tiny_roll(g);
    test_tiny_end(g);
    test_tiny_roll(g);
    rules_command c = order(g, RULES_CMD_FIRE, 2, "FoeL", "Left");
    test_tiny_submit(g, &c);
    c = order(g, RULES_CMD_FIRE, 2, "FoeR", "Right");
    test_tiny_submit(g, &c);
    test_tiny_end(g);
    assert_int_equal(hits_of(g, "Left"), 2); /* seed 18: two hits on each */
    assert_int_equal(hits_of(g, "Right"), 2);
    test_tiny_roll(g);
    int pips = test_tiny_pips(g, "Brig Red");
    c = order(g, RULES_CMD_RALLY, 1, "RB", NULL);
    test_tiny_submit(g, &c);
    assert_int_equal(test_tiny_pips(g, "Brig Red"), pips - 1);
    assert_int_equal(events_with(g, RULES_EV_NOTE, "on the rally chart"), 2);
    assert_non_null(event_with(g, RULES_EV_NOTE, "Left: "));
    assert_non_null(event_with(g, RULES_EV_NOTE, "Right: "));
    game_destroy(g);
}

/* A charge is a move: the brigade charges as one, every stand making the lead's motion. */
static void test_formed_brigade_charges(void **state)
{
    (void)state;
    game *g = brigade_line("one", 3);
    test_tiny_roll(g);
    int pips = test_tiny_pips(g, "Brig Red");
    vec2s l1 = test_tiny_pos(g, "Left 1"), r2 = test_tiny_pos(g, "Right 2");
    rules_command c = order(g, RULES_CMD_CHARGE, 1, "RB", "FoeL");
    test_tiny_submit(g, &c);
    assert_int_equal(test_tiny_pips(g, "Brig Red"), pips - 1);
    vec2s l1b = test_tiny_pos(g, "Left 1"), r2b = test_tiny_pos(g, "Right 2");
    /* Both units end in contact (FoeL's front at y 60.75) and keep their places. */
    assert_float_equal(l1b.x - l1.x, r2b.x - r2.x, 1e-3);
    assert_float_equal(l1b.y - l1.y, r2b.y - r2.y, 1e-3);
    assert_float_equal(l1b.y + 1.25f, 60.75f, 1e-3);
    assert_non_null(event_with(g, RULES_EV_RULESET, "Left charges the front of FoeL"));
    assert_non_null(event_with(g, RULES_EV_RULESET, "Right charges the front of FoeL"));
    test_tiny_end(g);
    assert_int_equal(events_with(g, RULES_EV_NOTE, "Charge resolution"), 2);
    game_destroy(g);
}

/* F: the rally after victory comes with the pursuit's charge move ("it may immediately make a
 * charge move ... but it may not move or shoot again until it is rallied"). Deployed guns
 * beaten are destroyed: nothing to pursue, so the horse need not rally. */
static void test_cavalry_without_pursuit_need_not_rally(void **state)
{
    (void)state;
    tbuild b;
    tb_armies(&b, "", "");
    tb_unit(&b, "Horse", "Red", "heavy_cavalry", "line", "RB", 60, 30, 2, -1);
    tb_unit(&b, "Foe", "Blue", "artillery", "deployed", "BB", 60, 47.5f, 2, -1);
    tb_unit(&b, "Reserve", "Blue", "line_infantry", "line", "BB", 140, 110, 2, -1);
    game *g = test_tiny_game(tb_end(&b), 2);
    test_tiny_roll(g);
    rules_command c = order(g, RULES_CMD_CHARGE, 1, "Horse", "Foe");
    test_tiny_submit(g, &c);
    test_tiny_end(g);
    assert_non_null(event_with(g, RULES_EV_NOTE, "deployed guns"));
    assert_non_null(event_with(g, RULES_EV_NOTE, "Horse cannot pursue"));
    assert_false(has_status(g, "Horse 1", FIGURE_STATUS_DEMORALISED));
    assert_false(has_status(g, "Horse 2", FIGURE_STATUS_DEMORALISED));
    game_destroy(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_retreat_ends_clear_of_friends),
        cmocka_unit_test(test_retreat_stopped_by_enemy),
        cmocka_unit_test(test_evade_without_room_stands),
        cmocka_unit_test(test_rally_retreat_away_from_enemy),
        cmocka_unit_test(test_formed_brigade_shoots),
        cmocka_unit_test(test_formed_brigade_rallies),
        cmocka_unit_test(test_formed_brigade_charges),
        cmocka_unit_test(test_cavalry_without_pursuit_need_not_rally),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
