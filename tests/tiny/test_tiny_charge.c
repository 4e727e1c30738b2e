/* Charges (seed 003, D: Charges) and their resolution (F) through the engine under fixed seeds:
 * who may charge whom and where contact is made, evading, defensive fire first, dice per stand
 * or one die, the modifiers, commanders joining (and lost on a 1, replaced later), the loser's
 * retreat, deployed guns destroyed, victorious cavalry pursuing and then having to rally. */
#include "tiny_test_util.h"

#include <math.h>

static rules_command charge(game *g, const char *uname, const char *target)
{
    return (rules_command){.kind = RULES_CMD_CHARGE,
                           .side.id = 1,
                           .unit = test_tiny_unit(g, uname),
                           .target_unit = test_tiny_unit(g, target)};
}

/* Red heavy cavalry 6" (15 cm) from Blue `kind` in `formation`; Red foot in reserve. */
static game *cavalry_game(const char *kind, const char *formation, uint64_t seed)
{
    tbuild b;
    tb_armies(&b, "", "");
    tb_unit(&b, "Horse", "Red", "heavy_cavalry", "line", "RB", 60, 30, 2, -1);
    tb_unit(&b, "Foe", "Blue", kind, formation, "BB", 60, 47.5f, 2, -1);
    tb_unit(&b, "Reserve", "Blue", "line_infantry", "line", "BB", 140, 110, 2, -1);
    return test_tiny_game(tb_end(&b), seed);
}

/* Index of the first event of the last command matching kind/tag/text, or -1. */
static int event_at(const game *g, rules_event_kind kind, const char *tag, const char *text)
{
    int n;
    const rules_event *ev = game_events(g, game_cursor(g) - 1, &n);
    for (int i = 0; i < n; i++)
        if (ev[i].kind == kind && (!tag || strcmp(ev[i].tag, tag) == 0) &&
            (!text || strstr(ev[i].text, text)))
            return i;
    return -1;
}

/* The same, searching from index `from` on. */
static int event_from(const game *g, int from, rules_event_kind kind, const char *text)
{
    int n;
    const rules_event *ev = game_events(g, game_cursor(g) - 1, &n);
    for (int i = from; i < n; i++)
        if (ev[i].kind == kind && (!text || strstr(ev[i].text, text)))
            return i;
    return -1;
}

static void test_charge_rules(void **state)
{
    (void)state;
    tbuild b;
    tb_armies(&b, "[{\"type\": \"forest\", \"rect\": [120, 70, 170, 100]}]", "");
    tb_unit(&b, "Foot", "Red", "line_infantry", "", "RB", 60, 60, 2, -1);
    tb_unit(&b, "Horse", "Red", "heavy_cavalry", "", "RB", 140, 60, 2, -1);
    tb_unit(&b, "Guns", "Red", "artillery", "deployed", "RB", 100, 60, 2, -1);
    tb_unit(&b, "Side", "Red", "line_infantry", "", "RB", 20, 60, 1, -1);
    tb_unit(&b, "Target", "Blue", "line_infantry", "", "BB", 60, 72, 2, -1);
    tb_unit(&b, "Woodsmen", "Blue", "light_infantry", "", "BB", 140, 80, 2, -1);
    tb_unit(&b, "Gunners", "Blue", "line_infantry", "", "BB", 100, 75, 2, -1);
    tb_unit(&b, "Flank", "Blue", "line_infantry", "", "BB", 38, 64, 1, -1);
    tb_unit(&b, "Distant", "Blue", "line_infantry", "", "BB", 20, 100, 1, -1);
    game *g = test_tiny_game(tb_end(&b), 2);
    test_tiny_roll(g);
    rules_command c = charge(g, "Horse", "Woodsmen");
    test_tiny_refused(g, &c, "terrain Horse may not enter");
    c = charge(g, "Guns", "Gunners");
    test_tiny_refused(g, &c, "Artillery cannot charge");
    c = charge(g, "Side", "Flank");
    test_tiny_refused(g, &c, "frontal zone");
    c = charge(g, "Side", "Distant");
    test_tiny_refused(g, &c, "out of charge reach");
    /* Front to front: the chargers close on the target's front edge, facing it. */
    c = charge(g, "Foot", "Target");
    test_tiny_submit(g, &c);
    vec2s f1 = test_tiny_pos(g, "Foot 1");
    assert_float_equal(f1.y, 72 - 1.25f - 1.25f, 1e-3);
    assert_non_null(strstr(test_tiny_find(g, RULES_EV_MOVE, NULL, NULL)->text, "front"));
    assert_non_null(test_tiny_find(g, RULES_EV_RULESET, "charge", NULL));
    game_destroy(g);
}

static void test_defensive_fire_first(void **state)
{
    (void)state;
    game *g = cavalry_game("militia", "line", 2);
    test_tiny_roll(g);
    rules_command c = charge(g, "Horse", "Foe");
    test_tiny_submit(g, &c);
    test_tiny_end(g);
    int df = event_at(g, RULES_EV_NOTE, NULL, "defensive fire comes first");
    int blue_die = event_at(g, RULES_EV_DIE, "melee", NULL);
    int blue_hit = event_at(g, RULES_EV_HIT, NULL, "defensive fire");
    int red_roll = event_at(g, RULES_EV_NOTE, NULL, "Horse rolls");
    assert_true(df >= 0);
    assert_true(df < blue_die);
    int n;
    const rules_event *ev = game_events(g, game_cursor(g) - 1, &n);
    assert_int_equal(ev[blue_die].side.id, 2); /* the militia rolls first */
    assert_true(red_roll > blue_die);
    if (blue_hit >= 0)
        assert_true(blue_hit < red_roll); /* its hits land before the horse rolls */
    game_destroy(g);
}

static void test_cavalry_melee_is_simultaneous(void **state)
{
    (void)state;
    game *g = cavalry_game("hussars", "line", 2);
    test_tiny_roll(g);
    rules_command c = charge(g, "Horse", "Foe");
    test_tiny_submit(g, &c);
    /* Hussars may evade; these stand. */
    rules_decision dec;
    game_decision(g, &dec);
    assert_int_equal(dec.kind, RULES_DECIDE_REACT);
    test_tiny_submit(g, &(rules_command){.kind = RULES_CMD_PASS, .side.id = 2});
    test_tiny_end(g);
    assert_int_equal(event_at(g, RULES_EV_NOTE, NULL, "defensive fire"), -1);
    int red = event_at(g, RULES_EV_NOTE, NULL, "Horse rolls");
    int blue = event_at(g, RULES_EV_NOTE, NULL, "Foe rolls");
    int hit = event_at(g, RULES_EV_HIT, NULL, NULL);
    assert_true(red >= 0 && blue > red);
    assert_true(hit < 0 || hit > blue);
    /* Heavy cavalry (5) against hussars (3): +1 to the horse. */
    int mod = event_at(g, RULES_EV_MODIFIER, NULL, "higher_melee_value");
    assert_true(mod > red && mod < blue);
    game_destroy(g);
}

static void test_evade(void **state)
{
    (void)state;
    game *g = cavalry_game("light_infantry", "line", 2);
    test_tiny_roll(g);
    vec2s before = test_tiny_pos(g, "Foe 1");
    rules_command c = charge(g, "Horse", "Foe");
    test_tiny_submit(g, &c);
    rules_decision dec;
    game_decision(g, &dec);
    assert_int_equal(dec.kind, RULES_DECIDE_REACT);
    assert_int_equal(dec.side.id, 2);
    test_tiny_refused(g, &(rules_command){.kind = RULES_CMD_END_PHASE, .side.id = 1},
                      "Blue's decision");
    test_tiny_submit(g, &(rules_command){.kind = RULES_CMD_EVADE, .side.id = 2});
    vec2s after = test_tiny_pos(g, "Foe 1");
    assert_float_equal(after.y - before.y, 30, 1e-3); /* a full 12" move away */
    const figure *f = table_figure_const(game_table(g), test_tiny_figure(g, "Foe 1"));
    assert_true(f->status & FIGURE_STATUS_DEMORALISED); /* must rally */
    test_tiny_end(g);
    assert_int_equal(event_at(g, RULES_EV_NOTE, NULL, "Charge resolution"), -1);
    game_destroy(g);
}

static void test_dice_and_modifiers(void **state)
{
    (void)state;
    tbuild b;
    tb_armies(&b, "[{\"type\": \"hedge\", \"line\": [[0, 70], [180, 70]]}]", "");
    tb_unit(&b, "Grenadiers", "Red", "grenadiers", "line", "RB", 60, 64, 3, -1);
    tb_unit(&b, "Militia", "Blue", "militia", "column", "BB", 60, 71.5f, 2, -1);
    game *g = test_tiny_game(tb_end(&b), 2);
    test_tiny_roll(g);
    rules_command c = charge(g, "Grenadiers", "Militia");
    test_tiny_submit(g, &c);
    test_tiny_end(g);
    int red = event_at(g, RULES_EV_NOTE, NULL, "Grenadiers rolls 3 dice");
    int blue = event_at(g, RULES_EV_NOTE, NULL, "Militia rolls 1 die (in column)");
    assert_true(red >= 0 && blue >= 0);
    /* The militia, charged in front, fires first; then the grenadiers' modifiers. */
    assert_true(blue < red);
    /* The militia behind the hedge has no modifier; the grenadiers have three. */
    assert_int_equal(event_from(g, blue, RULES_EV_MODIFIER, NULL), red + 1);
    assert_true(event_from(g, red, RULES_EV_MODIFIER, "higher_melee_value") == red + 1);
    assert_true(event_from(g, red, RULES_EV_MODIFIER, "enemy_in_cover") == red + 2);
    assert_true(event_from(g, red, RULES_EV_MODIFIER, "difficult_or_obstacle") == red + 3);
    int n;
    const rules_event *ev = game_events(g, game_cursor(g) - 1, &n);
    int die = event_at(g, RULES_EV_DIE, "melee", NULL);
    assert_int_equal(ev[die].need, 4); /* the militia: 4+, no modifier */
    for (int i = red; i < n; i++)
        if (ev[i].kind == RULES_EV_DIE && ev[i].side.id == 1) {
            assert_int_equal(ev[i].need, 5); /* 4 +1 -1 -1 */
            break;
        }
    game_destroy(g);
}

/* The Red Brigadier joins the charge (touching the horse after it). */
static void join_brigadier(game *g)
{
    vec2s h = test_tiny_pos(g, "Horse 1");
    rules_command mv = {.kind = RULES_CMD_MOVE, .side.id = 1, .path_count = 1};
    rules_command_add_figure(&mv, test_tiny_figure(g, "Brig Red"));
    mv.path[0] = (vec2s){{h.x, h.y - 1.25f - 1.25f - 1.0f}};
    test_tiny_submit(g, &mv);
}

static void test_commander_lost_and_replaced(void **state)
{
    (void)state;
    game *g = cavalry_game("dragoons", "line", 17);
    test_tiny_roll(g);
    rules_command c = charge(g, "Horse", "Foe");
    test_tiny_submit(g, &c);
    join_brigadier(g);
    test_tiny_end(g);
    int n;
    const rules_event *ev = game_events(g, game_cursor(g) - 1, &n);
    int die = event_at(g, RULES_EV_DIE, "commander", NULL);
    assert_true(die >= 0);
    assert_int_equal(ev[die].value, 1); /* seed 17: the Brigadier's die is a 1 */
    assert_int_equal(ev[die].need, 4);
    int lost = event_at(g, RULES_EV_REMOVE, NULL, "wounded");
    assert_true(lost > die);
    figure_id brig = test_tiny_figure(g, "Brig Red");
    assert_false(table_figure_active(table_figure_const(game_table(g), brig)));
    /* Blue's turn, then Red's next turn: he is back at its end. */
    test_tiny_roll(g);
    test_tiny_end(g);
    assert_false(table_figure_active(table_figure_const(game_table(g), brig)));
    test_tiny_roll(g);
    assert_int_equal(test_tiny_pips(g, "Brig Red"), 0); /* no die while he is away */
    test_tiny_end(g);
    assert_true(table_figure_active(table_figure_const(game_table(g), brig)));
    assert_true(event_at(g, RULES_EV_STATUS, NULL, "replacement takes over") >= 0);
    game_destroy(g);
}

static void test_loser_retreats_and_must_rally(void **state)
{
    (void)state;
    game *g = cavalry_game("militia", "line", 2);
    test_tiny_roll(g);
    rules_command c = charge(g, "Horse", "Foe");
    test_tiny_submit(g, &c);
    float facing = table_figure_const(game_table(g), test_tiny_figure(g, "Foe 1"))->facing;
    vec2s before = test_tiny_pos(g, "Foe 1");
    test_tiny_end(g);
    assert_true(event_at(g, RULES_EV_NOTE, NULL, "Foe took") >= 0); /* seed 2: the militia loses */
    int n;
    const rules_event *ev = game_events(g, game_cursor(g) - 1, &n);
    const rules_event *back = &ev[event_at(g, RULES_EV_MOVE, NULL, "Foe 1 retreats")];
    assert_float_equal(fabsf(geom_angle_diff(facing, back->facing)), GEOM_PI,
                       1e-3);                             /* about face */
    assert_float_equal(back->pos.y - before.y, 15, 1e-3); /* a full 6" move */
    const figure *f = table_figure_const(game_table(g), test_tiny_figure(g, "Foe 1"));
    assert_true(f->status & FIGURE_STATUS_DEMORALISED);
    /* Blue's turn: it may not move until rallied. */
    test_tiny_roll(g);
    rules_command mv = {
        .kind = RULES_CMD_MOVE, .side.id = 2, .unit = test_tiny_unit(g, "Foe"), .path_count = 1};
    mv.path[0] = (vec2s){{f->pos.x, f->pos.y + 2}};
    test_tiny_refused(g, &mv, "must be rallied");
    game_destroy(g);
}

static void test_deployed_guns_destroyed(void **state)
{
    (void)state;
    game *g = cavalry_game("artillery", "deployed", 2);
    test_tiny_roll(g);
    rules_command c = charge(g, "Horse", "Foe");
    test_tiny_submit(g, &c);
    test_tiny_end(g);
    assert_true(event_at(g, RULES_EV_NOTE, NULL, "Foe took") >= 0);
    assert_true(event_at(g, RULES_EV_NOTE, NULL, "deployed guns") >= 0);
    assert_int_equal(test_tiny_stands(g, test_tiny_unit(g, "Foe")), 0);
    game_destroy(g);
}

static void test_pursuit(void **state)
{
    (void)state;
    game *g = cavalry_game("militia", "line", 2);
    test_tiny_roll(g);
    rules_command c = charge(g, "Horse", "Foe");
    test_tiny_submit(g, &c);
    test_tiny_end(g);
    int won = event_at(g, RULES_EV_RULESET, "set_flags", "may pursue");
    int chase = event_at(g, RULES_EV_MOVE, NULL, "pursues");
    int second = event_at(g, RULES_EV_NOTE, NULL, "Charge resolution");
    assert_true(won >= 0 && chase > won);
    int n;
    const rules_event *ev = game_events(g, game_cursor(g) - 1, &n);
    int again = -1;
    for (int i = second + 1; i < n && again < 0; i++)
        if (ev[i].kind == RULES_EV_NOTE && strstr(ev[i].text, "Charge resolution"))
            again = i;
    assert_true(again > chase);                      /* it fought again */
    assert_non_null(strstr(ev[chase].text, "rear")); /* into the back of the fleeing foot */
    const figure *h = table_figure_const(game_table(g), test_tiny_figure(g, "Horse 1"));
    assert_true(h->status & FIGURE_STATUS_DEMORALISED); /* must rally, even having won */
    game_destroy(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_charge_rules),
        cmocka_unit_test(test_defensive_fire_first),
        cmocka_unit_test(test_cavalry_melee_is_simultaneous),
        cmocka_unit_test(test_evade),
        cmocka_unit_test(test_dice_and_modifiers),
        cmocka_unit_test(test_commander_lost_and_replaced),
        cmocka_unit_test(test_loser_retreats_and_must_rally),
        cmocka_unit_test(test_deployed_guns_destroyed),
        cmocka_unit_test(test_pursuit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
