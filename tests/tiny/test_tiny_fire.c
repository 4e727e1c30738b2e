/* Shooting (seed 003, E) through the engine: one die per stand with a target in range in its
 * frontal zone, the score from the troop chart, -1 at cavalry/skirmishers/artillery/cover, +1 at
 * a column, a clear line of fire, light infantry moving and shooting, siege guns battering cover.
 */
#include "tiny_test_util.h"

#include "rules/tiny/tiny_state.h"

static rules_command fire_at(game *g, const char *uname, const char *target)
{
    return (rules_command){.kind = RULES_CMD_FIRE,
                           .side.id = 1,
                           .unit = test_tiny_unit(g, uname),
                           .target_unit = test_tiny_unit(g, target)};
}

/* Dice of the last command with that tag, their needs and the hits they made. */
static int count_dice(const game *g, const char *tag, int *need, int *hits)
{
    int n, dice = 0;
    const rules_event *ev = game_events(g, game_cursor(g) - 1, &n);
    *hits = 0;
    for (int i = 0; i < n; i++)
        if (ev[i].kind == RULES_EV_DIE && strcmp(ev[i].tag, tag) == 0) {
            dice++;
            *need = ev[i].need;
            *hits += ev[i].success;
        }
    return dice;
}

static game *range_game(uint64_t seed)
{
    tbuild b;
    tb_armies(&b, "[{\"type\": \"forest\", \"rect\": [100, 88, 120, 100]}]", "");
    tb_unit(&b, "Foot", "Red", "line_infantry", "", "RB", 60, 80, 2, -1);
    tb_unit(&b, "Foot2", "Red", "line_infantry", "", "RB", 110, 80, 2, -1);
    tb_unit(&b, "Foot3", "Red", "line_infantry", "", "RB", 150, 80, 2, -1);
    tb_unit(&b, "Side", "Red", "line_infantry", "", "RB", 20, 80, 1, -1);
    tb_unit(&b, "Target", "Blue", "line_infantry", "", "BB", 60, 96.5f, 2, -1);
    tb_unit(&b, "Hidden", "Blue", "line_infantry", "", "BB", 110, 89.5f, 2, -1);
    tb_unit(&b, "Far", "Blue", "hussars", "", "BB", 150, 100, 2, -1);
    tb_unit(&b, "Flank", "Blue", "line_infantry", "", "BB", 35, 88, 1, -1);
    return test_tiny_game(tb_end(&b), seed);
}

static void test_volley_at_range(void **state)
{
    (void)state;
    game *g = range_game(2);
    test_tiny_roll(g);
    /* 14 cm = 5.6": both stands roll, 5s to hit, no modifier. */
    rules_command c = fire_at(g, "Foot", "Target");
    test_tiny_submit(g, &c);
    int need, hits;
    assert_int_equal(count_dice(g, "to_hit", &need, &hits), 2);
    assert_int_equal(need, 5);
    assert_null(test_tiny_find(g, RULES_EV_MODIFIER, NULL, NULL));
    const rules_event *hit = test_tiny_find(g, RULES_EV_HIT, NULL, NULL);
    if (hits) {
        assert_non_null(hit);
        assert_int_equal(hit->value, hits);
        assert_string_equal(hit->ref, TINY_REF_E);
    } else {
        assert_null(hit);
    }
    /* 7" away: out of range. */
    c = fire_at(g, "Foot3", "Far");
    test_tiny_refused(g, &c, "in range");
    /* In range but outside the frontal zone. */
    c = fire_at(g, "Side", "Flank");
    test_tiny_refused(g, &c, "frontal zone");
    game_destroy(g);
}

static void test_cover_modifier(void **state)
{
    (void)state;
    game *g = range_game(2);
    test_tiny_roll(g);
    rules_command c = fire_at(g, "Foot2", "Hidden");
    test_tiny_submit(g, &c);
    const rules_event *m = test_tiny_find(g, RULES_EV_MODIFIER, NULL, NULL);
    assert_non_null(m);
    assert_int_equal(m->value, -1);
    assert_non_null(strstr(m->text, "cover"));
    int need, hits;
    count_dice(g, "to_hit", &need, &hits);
    assert_int_equal(need, 6);
    game_destroy(g);
}

static void test_target_classes(void **state)
{
    (void)state;
    tbuild b;
    tb_armies(&b, "", "");
    tb_unit(&b, "A", "Red", "line_infantry", "", "RB", 30, 80, 1, -1);
    tb_unit(&b, "B", "Red", "line_infantry", "", "RB", 70, 80, 1, -1);
    tb_unit(&b, "C", "Red", "line_infantry", "", "RB", 110, 80, 1, -1);
    tb_unit(&b, "D", "Red", "line_infantry", "", "RB", 150, 80, 1, -1);
    tb_unit(&b, "Horse", "Blue", "dragoons", "", "BB", 30, 90, 1, -1);
    tb_unit(&b, "Skirm", "Blue", "light_infantry", "", "BB", 70, 90, 1, -1);
    tb_unit(&b, "Guns", "Blue", "battalion_guns", "", "BB", 110, 90, 1, -1);
    tb_unit(&b, "Col", "Blue", "militia", "column", "BB", 150, 90, 2, -1);
    game *g = test_tiny_game(tb_end(&b), 2);
    test_tiny_roll(g);
    static const struct {
        const char *from, *to, *source;
        int need;
    } cases[] = {{"A", "Horse", "cavalry", 6},
                 {"B", "Skirm", "skirmishers", 6},
                 {"C", "Guns", "artillery", 6},
                 {"D", "Col", "column", 4}};
    for (int i = 0; i < 4; i++) {
        rules_command c = fire_at(g, cases[i].from, cases[i].to);
        test_tiny_submit(g, &c);
        const rules_event *m = test_tiny_find(g, RULES_EV_MODIFIER, NULL, NULL);
        assert_non_null(m);
        assert_non_null(strstr(m->text, cases[i].source));
        int need, hits;
        assert_int_equal(count_dice(g, "to_hit", &need, &hits), 1); /* the column: 1 stand */
        assert_int_equal(need, cases[i].need);
    }
    game_destroy(g);
}

static void test_line_of_fire_and_move_and_shoot(void **state)
{
    (void)state;
    tbuild b;
    tb_armies(&b, "", "");
    tb_unit(&b, "Foot", "Red", "line_infantry", "", "RB", 60, 70, 2, -1);
    tb_unit(&b, "Screen", "Red", "line_infantry", "", "RB", 60, 78, 2, -1);
    tb_unit(&b, "Lights", "Red", "light_infantry", "", "RB", 90, 40, 2, -1);
    tb_unit(&b, "Target", "Blue", "line_infantry", "", "BB", 60, 86, 2, -1);
    tb_unit(&b, "Target2", "Blue", "line_infantry", "", "BB", 90, 72, 2, -1);
    game *g = test_tiny_game(tb_end(&b), 2);
    test_tiny_roll(g);
    rules_command c = fire_at(g, "Foot", "Target");
    test_tiny_refused(g, &c, "clear sight");
    int pips = test_tiny_pips(g, "Brig Red");
    rules_command mv = {
        .kind = RULES_CMD_MOVE, .side.id = 1, .unit = test_tiny_unit(g, "Lights"), .path_count = 1};
    mv.path[0] = test_tiny_pos(g, "Lights 1");
    mv.path[0].y += 20;
    test_tiny_submit(g, &mv);
    c = fire_at(g, "Lights", "Target2");
    test_tiny_submit(g, &c);
    assert_null(test_tiny_find(g, RULES_EV_PIPS, NULL, NULL)); /* no second order */
    assert_int_equal(test_tiny_pips(g, "Brig Red"), pips - 1);
    test_tiny_refused(g, &c, "had its order");
    game_destroy(g);
}

/* A game on the given terrain whose data file has see_out_of_solid set to `see_out` (a copy of
 * the shipped file in a temporary directory when false). */
static game *hill_game(const char *terrain, bool see_out, char *dir)
{
    tbuild b;
    tb_armies(&b, terrain, "");
    tb_unit(&b, "Foot", "Red", "line_infantry", "", "RB", 60, 30, 2, -1);
    tb_unit(&b, "Target", "Blue", "line_infantry", "", "BB", 60, 42, 2, -1);
    if (see_out)
        return test_tiny_game(tb_end(&b), 2);
    char src[1024], dst[1024];
    const char *root = getenv("SANDTABLE_SOURCE_DIR");
    snprintf(src, sizeof src, "%s/assets/rules/tiny.json", root ? root : ".");
    snprintf(dir, 64, SANDTABLE_TEST_TMP "/sandtable-tiny-los-XXXXXX");
    assert_non_null(mkdtemp(dir));
    snprintf(dst, sizeof dst, "%s/tiny.json", dir);
    FILE *in = fopen(src, "rb"), *out = fopen(dst, "wb");
    assert_non_null(in);
    assert_non_null(out);
    char line[1024];
    int replaced = 0;
    while (fgets(line, sizeof line, in)) {
        char *at = strstr(line, "\"see_out_of_solid\": true");
        if (at) {
            fprintf(out, "%.*s\"see_out_of_solid\": false%s", (int)(at - line), line,
                    at + strlen("\"see_out_of_solid\": true"));
            replaced++;
        } else {
            fputs(line, out);
        }
    }
    fclose(in);
    fclose(out);
    assert_int_equal(replaced, 1);
    game_error ge;
    game *g = game_create(&(game_desc){.scenario = test_tiny_scenario(tb_end(&b)),
                                       .take_scenario = true,
                                       .seed_set = true,
                                       .seed = 2,
                                       .data_dir = dir},
                          &ge);
    assert_non_null(g);
    return g;
}

static void drop_dir(const char *dir)
{
    char path[128];
    snprintf(path, sizeof path, "%s/tiny.json", dir);
    remove(path);
    remove(dir);
}

/* The line of fire through core/los.h: a hill between the lines blocks it; a stand standing on
 * a hill, more than the see-into depth from its edge, shoots out (the tiny-only rule
 * see_out_of_solid; core/los.h alone would block it). */
static void test_line_of_fire_over_hills(void **state)
{
    (void)state;
    char dir[64] = "";
    game *g = hill_game("[{\"type\": \"hill\", \"rect\": [50, 34, 70, 38]}]", true, dir);
    test_tiny_roll(g);
    rules_command c = fire_at(g, "Foot", "Target");
    test_tiny_refused(g, &c, "clear sight");
    game_destroy(g);
    /* Foot stands 7 cm inside a hill whose south edge is at y 37 (see-into is 1.2" = 3 cm). */
    const char *on_hill = "[{\"type\": \"hill\", \"rect\": [40, 20, 80, 37]}]";
    g = hill_game(on_hill, true, dir);
    test_tiny_roll(g);
    c = fire_at(g, "Foot", "Target");
    test_tiny_submit(g, &c);
    game_destroy(g);
    g = hill_game(on_hill, false, dir);
    test_tiny_roll(g);
    c = fire_at(g, "Foot", "Target");
    test_tiny_refused(g, &c, "clear sight");
    game_destroy(g);
    drop_dir(dir);
}

/* The frontal zone is the arc shown on screen: 45 degrees either side, to the longest band from
 * the stand's front edge; troops that cannot shoot and commanders have none. Inches on screen. */
static void test_frontal_zone_arc_and_inches(void **state)
{
    (void)state;
    tbuild b;
    tb_armies(&b, "", "");
    tb_unit(&b, "Foot", "Red", "line_infantry", "", "RB", 60, 30, 2, -1);
    tb_unit(&b, "Guns", "Red", "artillery", "deployed", "RB", 120, 30, 2, -1);
    tb_unit(&b, "Horse", "Blue", "heavy_cavalry", "", "BB", 60, 100, 2, -1);
    game *g = test_tiny_game(tb_end(&b), 2);
    float half = 0, range = 0;
    assert_true(game_arc(g, test_tiny_figure(g, "Foot 1"), &half, &range));
    assert_float_equal(half, GEOM_PI / 4, 1e-5);
    assert_float_equal(range, 6 * 2.5 + 1.25, 1e-4);
    assert_true(game_arc(g, test_tiny_figure(g, "Guns 2"), &half, &range));
    assert_float_equal(range, 24 * 2.5 + 1.25, 1e-4);
    assert_false(game_arc(g, test_tiny_figure(g, "Horse 1"), &half, &range));
    assert_false(game_arc(g, test_tiny_figure(g, "Gen Red"), &half, &range));
    assert_string_equal(game_measure(g), "inch");
    assert_true(game_moves_by_unit(g));
    game_destroy(g);
}

static void test_siege_guns_destroy_cover(void **state)
{
    (void)state;
    tbuild b;
    tb_armies(&b, "[{\"type\": \"town\", \"name\": \"Mill\", \"rect\": [50, 90, 70, 100]}]", "");
    tb_unit(&b, "Siege", "Red", "siege_guns", "deployed", "Red army", 60, 80, 2, -1);
    tb_unit(&b, "Foot", "Red", "line_infantry", "", "Red army", 68, 80, 1, -1);
    tb_unit(&b, "Garrison", "Blue", "line_infantry", "", "BB", 60, 92.5f, 2, -1);
    game *g = test_tiny_game(tb_end(&b), 15);
    test_tiny_roll(g);
    rules_command foot = fire_at(g, "Foot", "Garrison");
    rules_target tg[4];
    assert_int_equal(game_targets(g, &foot, tg, 4), 1);
    assert_non_null(strstr(tg[0].note, "cover"));
    rules_command c = fire_at(g, "Siege", "Garrison");
    c.figure = test_tiny_figure(g, "Gen Red");
    test_tiny_submit(g, &c);
    int need, hits, n;
    count_dice(g, "to_hit", &need, &hits);
    assert_int_equal(need, 5); /* 4+ at 6", -1 for cover */
    const rules_event *ev = game_events(g, game_cursor(g) - 1, &n);
    bool six = false;
    for (int i = 0; i < n; i++)
        six |= ev[i].kind == RULES_EV_DIE && ev[i].value == 6;
    assert_true(six); /* seed 15 rolls a 6 */
    const rules_event *gone = test_tiny_find(g, RULES_EV_RULESET, "cover_gone", NULL);
    assert_non_null(gone);
    assert_non_null(strstr(gone->text, "Mill"));
    /* The garrison has lost its cover. */
    assert_int_equal(game_targets(g, &foot, tg, 4), 1);
    assert_null(strstr(tg[0].note, "cover"));
    game_destroy(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_volley_at_range),
        cmocka_unit_test(test_cover_modifier),
        cmocka_unit_test(test_target_classes),
        cmocka_unit_test(test_line_of_fire_and_move_and_shoot),
        cmocka_unit_test(test_siege_guns_destroy_cover),
        cmocka_unit_test(test_frontal_zone_arc_and_inches),
        cmocka_unit_test(test_line_of_fire_over_hills),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
