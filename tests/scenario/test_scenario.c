/* The scenario loader on a good file: every value lands in the table model where it should,
 * formations expand to the positions worked out by hand, and the text is kept. */
#include "scenario/scenario.h"

#include "core/config.h"
#include "rules/rules.h"

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#define PI 3.14159265358979323846

static scenario *load_good(const char *name)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/tests/scenario/good/%s", getenv("SANDTABLE_SOURCE_DIR"), name);
    scenario_error err;
    scenario *s = scenario_load_file(path, &err);
    if (!s) {
        char msg[1200];
        fail_msg("%s", scenario_error_format(&err, msg, sizeof msg));
    }
    return s;
}

static const figure *find_figure(const table *t, const char *name)
{
    for (int i = 0; i < t->figure_count; i++)
        if (strcmp(t->figures[i].name, name) == 0)
            return &t->figures[i];
    fail_msg("no figure %s", name);
    return NULL;
}

static void assert_pos(const figure *f, float x, float y)
{
    if (f->pos.x != x || f->pos.y != y)
        fail_msg("%s at [%.9g, %.9g], want [%g, %g]", f->name, (double)f->pos.x, (double)f->pos.y,
                 (double)x, (double)y);
}

static void assert_near(double got, double want)
{
    if (fabs(got - want) > 1e-5) /* float positions near 50 cm are good to ~4e-6 */
        fail_msg("got %.9g, want %.9g", got, want);
}

/* A file past SCENARIO_FILE_MAX is refused before it is parsed, naming the limit; so is the
 * same text handed over as a string (a save's embedded scenario). */
static void test_file_size_cap(void **state)
{
    (void)state;
    char path[] = SANDTABLE_TEST_TMP "/sandtable-big-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    size_t n = SCENARIO_FILE_MAX + 1;
    char *text = malloc(n);
    memset(text, ' ', n);
    text[0] = '{';
    text[n - 1] = '}';
    assert_int_equal(fwrite(text, 1, n, f), n);
    fclose(f);
    scenario_error err;
    char buf[1024], want[1100];
    assert_null(scenario_load_file(path, &err));
    snprintf(want, sizeof want, "%s: file too large (a scenario is at most %u bytes)", path,
             SCENARIO_FILE_MAX);
    assert_string_equal(scenario_error_format(&err, buf, sizeof buf), want);
    assert_null(scenario_load_string(text, n, "big.json", &err));
    assert_string_equal(scenario_error_format(&err, buf, sizeof buf),
                        "big.json: too large (a scenario is at most 4194304 bytes)");
    free(text);
    remove(path);
}

static void test_metadata(void **state)
{
    (void)state;
    scenario *s = load_good("skirmish.json");
    assert_string_equal(s->title, "Test skirmish at the ford");
    assert_string_equal(s->description, "A Spanish section holds a ford against a Moro war band.\n"
                                        "Reinforcements arrive from the west on turn 3.");
    assert_string_equal(s->designer_notes, "Small on purpose: the loader tests check every value.");
    assert_string_equal(s->ruleset, "lcr");
    assert_int_equal(s->seed, 4242);
    assert_string_equal(s->campaign, "Mindanao 1895");
    assert_int_equal(s->campaign_position, 2);
    assert_true(json_is_false(json_object_get(s->rules_options, "wounds")));
    assert_non_null(strstr(s->source_text, "\"Rio Chico\""));
    assert_true(s->table->width_cm == 120 && s->table->height_cm == 90);
    scenario_destroy(s);
}

static void test_terrain_types(void **state)
{
    (void)state;
    scenario *s = load_good("skirmish.json");
    const table *t = s->table;
    int jungle = table_type_find(t, "jungle"), paddy = table_type_find(t, "paddy");
    int wall = table_type_find(t, "wall");
    assert_true(jungle >= 0 && paddy >= 0 && wall >= 0);
    /* overridden: only move_mult changes */
    assert_true(t->types[jungle].move_mult == 5.0f);
    assert_int_equal(t->types[jungle].los, TERRAIN_LOS_AREA);
    assert_true(t->types[jungle].height_ft == 30.0f);
    /* new type "like" swamp */
    assert_true(t->types[paddy].move_mult == 3.0f);
    assert_int_equal(t->types[paddy].cover, TERRAIN_COVER_LIGHT);
    assert_int_equal(t->types[paddy].los, TERRAIN_LOS_CLEAR);
    assert_true(t->types[paddy].height_ft == 1.5f);
    assert_int_equal(t->types[paddy].colour, 0x7fa060);
    /* built-in, untouched */
    assert_int_equal(t->types[wall].obstacle, TERRAIN_OBSTACLE_LOW);
    assert_int_equal(t->types[wall].colour, 0x8c8478);
    int names[] = {table_type_find(t, "thick_bamboo"), table_type_find(t, "high_wall"),
                   table_type_find(t, "small_building"), table_type_find(t, "dunes")};
    for (int i = 0; i < 4; i++)
        assert_true(names[i] >= 0);
    scenario_destroy(s);
}

static void test_terrain_features(void **state)
{
    (void)state;
    scenario *s = load_good("skirmish.json");
    const table *t = s->table;
    assert_int_equal(t->feature_count, 4);
    const terrain_feature *jungle = &t->features[0], *paddy = &t->features[1];
    const terrain_feature *stream = &t->features[2], *ford = &t->features[3];
    assert_string_equal(jungle->name, "East jungle");
    assert_int_equal(jungle->shape, TERRAIN_SHAPE_AREA);
    assert_int_equal(jungle->area.count, 4);
    assert_true(jungle->area.pts[2].x == 115 && jungle->area.pts[2].y == 50);
    assert_true(jungle->bounds.min.x == 80 && jungle->bounds.max.y == 50);
    assert_string_equal(t->types[paddy->type].name, "paddy");
    float rect[4][2] = {{10, 60}, {40, 60}, {40, 80}, {10, 80}};
    for (int i = 0; i < 4; i++)
        assert_true(paddy->area.pts[i].x == rect[i][0] && paddy->area.pts[i].y == rect[i][1]);
    assert_int_equal(stream->shape, TERRAIN_SHAPE_LINE);
    assert_int_equal(stream->line.count, 3);
    assert_true(stream->width_cm == 3.0f);
    assert_true(stream->line.pts[1].x == 60 && stream->line.pts[1].y == 35);
    assert_string_equal(t->types[stream->type].name, "stream");
    assert_true(ford->height_ft == 0.5f);
    assert_true(table_feature_height_ft(t, jungle) == 30.0f);
    scenario_destroy(s);
}

static void test_sides_units(void **state)
{
    (void)state;
    scenario *s = load_good("skirmish.json");
    const table *t = s->table;
    assert_int_equal(t->side_count, 2);
    assert_string_equal(t->sides[0].name, "Spanish");
    assert_int_equal(t->sides[0].colour, 0xc8a040);
    assert_int_equal(t->sides[1].colour, 0x2e5eaa); /* second colour of the default palette */
    assert_int_equal(t->unit_count, 4);
    const unit *section = &t->units[0], *relief = &t->units[2];
    assert_string_equal(section->kind, "line_infantry");
    assert_string_equal(section->formation, "line");
    assert_string_equal(table_figure_const(t, section->commander)->name, "Lt Toledo");
    assert_int_equal(relief->parent.id, section->id.id);
    assert_int_equal(relief->side.id, 1);
    assert_int_equal(t->units[3].commander.id, 0);
    assert_int_equal(t->figure_count, 14);
    scenario_destroy(s);
}

static void test_figures(void **state)
{
    (void)state;
    scenario *s = load_good("skirmish.json");
    const table *t = s->table;
    const figure *toledo = find_figure(t, "Lt Toledo"), *ruiz = find_figure(t, "Sgt Ruiz");
    assert_int_equal(toledo->id.id, 1);
    assert_int_equal(toledo->role, FIGURE_ROLE_OFFICER);
    assert_int_equal(toledo->quality, FIGURE_QUALITY_VETERAN);
    assert_string_equal(toledo->weapon, "pistol");
    assert_string_equal(toledo->kind, "line_infantry"); /* from the unit */
    assert_pos(toledo, 60, 70);
    assert_near(toledo->facing, 3 * PI / 2); /* "north" from the unit's defaults */
    assert_int_equal(toledo->base.kind, GEOM_BASE_ROUND);
    assert_true(toledo->base.radius_cm == 1.25f);
    assert_int_equal(ruiz->role, FIGURE_ROLE_NCO);
    assert_int_equal(ruiz->quality, FIGURE_QUALITY_REGULAR);
    assert_string_equal(ruiz->weapon, "mauser");
    assert_near(ruiz->facing, PI / 4);
    assert_pos(ruiz, 50, 72.5f);
    assert_int_equal(ruiz->status, 0);
    const figure *datu = find_figure(t, "Datu Ali");
    assert_int_equal(datu->role, FIGURE_ROLE_LEADER);
    assert_int_equal(datu->quality, FIGURE_QUALITY_ELITE);
    assert_true(datu->base.radius_cm == 1.5f);
    assert_int_equal(datu->side.id, 2);
    scenario_destroy(s);
}

/* Facing north (270 degrees), the right hand points to +x; 5 figures in 2 ranks make 3 files
 * 4 cm apart centred on the origin (60, 60), the second rank 3 cm behind (y + 3). */
static void test_block_two_ranks(void **state)
{
    (void)state;
    scenario *s = load_good("skirmish.json");
    const table *t = s->table;
    float want[5][2] = {{56, 60}, {60, 60}, {64, 60}, {56, 63}, {60, 63}};
    for (int i = 0; i < 5; i++) {
        const figure *f = &t->figures[2 + i];
        char name[16];
        snprintf(name, sizeof name, "Rifleman %d", i + 1);
        assert_string_equal(f->name, name);
        assert_pos(f, want[i][0], want[i][1]);
        assert_string_equal(f->weapon, "mauser");
        assert_int_equal(f->unit.id, 1);
    }
    scenario_destroy(s);
}

/* Facing south (90 degrees) the right hand points to -x, so the leftmost file is east. Default
 * names are empty. */
static void test_block_facing_south(void **state)
{
    (void)state;
    scenario *s = load_good("skirmish.json");
    const table *t = s->table;
    float want[3] = {100, 95, 90};
    for (int i = 0; i < 3; i++) {
        const figure *f = &t->figures[8 + i];
        assert_pos(f, want[i], 25);
        assert_string_equal(f->name, "");
        assert_int_equal(f->quality, FIGURE_QUALITY_SEASONED);
        assert_string_equal(f->weapon, "kris");
        assert_near(f->facing, PI / 2);
    }
    scenario_destroy(s);
}

/* Rectangular stands facing east: spacing defaults to the frontage (3 cm) across y. */
static void test_reinforcements(void **state)
{
    (void)state;
    scenario *s = load_good("skirmish.json");
    const table *t = s->table;
    const figure *a = &t->figures[11], *b = &t->figures[12], *w = &t->figures[13];
    assert_pos(a, -10, 43.5f);
    assert_pos(b, -10, 46.5f);
    assert_int_equal(a->base.kind, GEOM_BASE_RECT);
    assert_true(a->base.frontage_cm == 3 && a->base.depth_cm == 5);
    assert_int_equal(a->posture, FIGURE_POSTURE_MOUNTED);
    assert_true(a->status & FIGURE_STATUS_OFF_TABLE);
    assert_true(w->status & FIGURE_STATUS_OFF_TABLE);
    assert_false(table_figure_active(w));
    assert_int_equal(s->reinforcement_count, 2);
    const scenario_reinforcement *r0 = &s->reinforcements[0], *r1 = &s->reinforcements[1];
    assert_int_equal(r0->side.id, 1);
    assert_int_equal(r0->unit_count, 1);
    assert_int_equal(r0->units[0].id, 3);
    assert_int_equal(r0->turn, 3);
    assert_int_equal(r0->edge, SCENARIO_EDGE_WEST);
    assert_true(r0->entry.x == 0 && r0->entry.y == 45);
    assert_int_equal(r1->turn, 0);
    assert_string_equal(r1->trigger, "first_casualty");
    assert_int_equal(r1->edge, SCENARIO_EDGE_NORTH);
    assert_true(r1->entry.x == 60 && r1->entry.y == 0); /* default: middle of the edge */
    scenario_destroy(s);
}

static void test_zones_victory(void **state)
{
    (void)state;
    scenario *s = load_good("skirmish.json");
    assert_int_equal(s->zone_count, 2);
    assert_int_equal(s->zones[0].side.id, 1);
    assert_int_equal(s->zones[0].area.count, 4);
    assert_true(s->zones[0].area.pts[2].x == 120 && s->zones[0].area.pts[2].y == 90);
    assert_int_equal(s->zones[1].side.id, 2);
    assert_true(s->zones[1].area.pts[1].x == 120 && s->zones[1].area.pts[1].y == 0);
    assert_int_equal(s->victory_count, 3);
    assert_string_equal(s->victory[0].kind, "hold");
    assert_int_equal(s->victory[0].area.count, 4);
    assert_string_equal(s->victory[0].text, "Hold the ford");
    assert_int_equal(s->victory[1].value, 50);
    assert_int_equal(s->victory[1].side.id, 2);
    assert_int_equal(s->victory[1].area.count, 0);
    assert_int_equal(s->victory[2].turns, 8);
    assert_int_equal(s->victory[2].side.id, 0);
    scenario_destroy(s);
}

/* Only the required keys: everything else takes its documented default. */
static void test_minimal_defaults(void **state)
{
    (void)state;
    scenario *s = load_good("minimal.json");
    assert_string_equal(s->ruleset, "tiny");
    assert_int_equal(s->seed, 0);
    assert_int_equal(s->campaign_position, 0);
    assert_string_equal(s->description, "");
    assert_true(json_is_object(s->rules_options) && json_object_size(s->rules_options) == 0);
    assert_int_equal(s->table->side_count, 2);
    assert_int_equal(s->table->sides[0].colour, 0xb03a2e);
    assert_int_equal(s->table->unit_count + s->table->figure_count + s->table->feature_count, 0);
    assert_int_equal(s->zone_count + s->reinforcement_count + s->victory_count, 0);
    assert_true(s->table->type_count >= 17);
    scenario_destroy(s);
}

static void test_error_format(void **state)
{
    (void)state;
    scenario_error err;
    const char text[] = "{\n  \"title\": \"t\",\n  \"ruleset\": \"Chess\"\n}\n";
    assert_null(scenario_load_string(text, strlen(text), "mem.json", &err));
    char buf[1200];
    assert_string_equal(scenario_error_format(&err, buf, sizeof buf),
                        "mem.json:3:14: $.ruleset: expected a rule-set id (a lowercase word), got "
                        "\"Chess\"");
    assert_int_equal(err.line, 3);
    assert_int_equal(err.column, 14);
    assert_string_equal(err.path, "$.ruleset");
}

/* The loader reads any word as the rule-set id; the registry says which exist, at the same
 * position, and knows every built-in one. */
static void test_ruleset_registry(void **state)
{
    (void)state;
    char path[1024];
    snprintf(path, sizeof path, "%s/tests/scenario/good/skirmish.json",
             getenv("SANDTABLE_SOURCE_DIR"));
    scenario_error err;
    scenario *s = scenario_load_file(path, &err);
    assert_non_null(s);
    assert_true(rules_scenario_check(s, &err));
    assert_non_null(rules_at(0));
    for (int i = 0; rules_at(i); i++) {
        snprintf(s->ruleset, sizeof s->ruleset, "%s", rules_at(i)->id);
        assert_true(rules_scenario_check(s, &err));
    }
    scenario_destroy(s);
    const char text[] =
        "{\n  \"title\": \"t\",\n  \"ruleset\": \"chess\", \"table\": {\"width_cm\": "
        "10, \"height_cm\": 10}, \"sides\": [{\"name\": \"A\"}, {\"name\": \"B\"}]}\n";
    s = scenario_load_string(text, strlen(text), "mem.json", &err);
    if (!s) {
        char buf[1200];
        fail_msg("%s", scenario_error_format(&err, buf, sizeof buf));
    }
    assert_string_equal(s->ruleset, "chess");
    assert_false(rules_scenario_check(s, &err));
    char buf[1200];
    assert_string_equal(scenario_error_format(&err, buf, sizeof buf),
                        "mem.json:3:14: $.ruleset: unknown rule set \"chess\" (sandtable --help "
                        "lists the rule sets)");
    scenario_destroy(s);
}

/* A rule set reporting a problem in its options gets the same kind of message. */
static void test_error_at_options(void **state)
{
    (void)state;
    scenario *s = load_good("skirmish.json");
    scenario_error err;
    char buf[1200], want[1200];
    assert_false(scenario_error_at(s, "$.ruleset_options.wounds", &err, "expected %s",
                                   "\"always\" or \"never\""));
    snprintf(want, sizeof want,
             "%s/tests/scenario/good/skirmish.json:7:33: $.ruleset_options.wounds: "
             "expected \"always\" or \"never\"",
             getenv("SANDTABLE_SOURCE_DIR"));
    assert_string_equal(scenario_error_format(&err, buf, sizeof buf), want);
    scenario_error_at(s, "$.units[1].blocks[0].count", &err, "x");
    assert_int_equal(err.line, 43);
    assert_int_equal(err.column, 48);
    scenario_error_at(s, "$[\"sides\"][1].name", &err, "x");
    assert_int_equal(err.line, 23);
    assert_int_equal(err.column, 14);
    scenario_error_at(s, "$.no_such_key", &err, "x");
    assert_int_equal(err.line, 0);
    scenario_error_at(s, "not a path", &err, "x");
    assert_int_equal(err.line, 0);
    assert_string_equal(err.path, "not a path");
    scenario_destroy(s);
}

/* Facings are stored in [0, 2 pi): -90 is north, 360 is east; a diagonal block spreads along
 * its right hand (facing 45 degrees: right is (-sqrt 1/2, sqrt 1/2)). */
static void test_facing_normalised(void **state)
{
    (void)state;
    const char text[] =
        "{\"title\": \"t\", \"ruleset\": \"lcr\", \"table\": {\"width_cm\": 100, "
        "\"height_cm\": 100}, \"sides\": [{\"name\": \"A\"}], \"units\": [{\"name\": \"u\", "
        "\"side\": \"A\", \"figures\": [{\"pos\": [1, 1], \"facing\": -90}, "
        "{\"pos\": [2, 2], \"facing\": 360}, {\"pos\": [3, 3], \"facing\": -360}], "
        "\"blocks\": [{\"origin\": [50, 50], \"facing\": 45, \"count\": 2, "
        "\"spacing_cm\": 2}]}]}";
    scenario_error err;
    scenario *s = scenario_load_string(text, strlen(text), "facing.json", &err);
    assert_non_null(s);
    const figure *f = s->table->figures;
    assert_near(f[0].facing, 3 * PI / 2);
    assert_near(f[1].facing, 0);
    assert_near(f[2].facing, 0);
    assert_near(f[3].facing, PI / 4);
    double h = sqrt(0.5);
    assert_near(f[3].pos.x, 50 + h);
    assert_near(f[3].pos.y, 50 - h);
    assert_near(f[4].pos.x, 50 - h);
    assert_near(f[4].pos.y, 50 + h);
    scenario_destroy(s);
}

/* A byte order mark is skipped; columns count from after it, as editors show them. */
static void test_byte_order_mark(void **state)
{
    (void)state;
    const char good[] = "\xef\xbb\xbf{\"title\": \"t\", \"ruleset\": \"lcr\", "
                        "\"table\": {\"width_cm\": 10, \"height_cm\": 10}, "
                        "\"sides\": [{\"name\": \"A\"}]}";
    scenario_error err;
    scenario *s = scenario_load_string(good, strlen(good), "bom.json", &err);
    assert_non_null(s);
    assert_int_equal(s->source_len, strlen(good)); /* the text is kept as it was */
    scenario_error_at(s, "$.ruleset", &err, "x");
    assert_int_equal(err.column, 27);
    scenario_destroy(s);
    const char bad[] = "\xef\xbb\xbf{\"title\": 5}";
    assert_null(scenario_load_string(bad, strlen(bad), "bom.json", &err));
    assert_int_equal(err.line, 1);
    assert_int_equal(err.column, 11);
}

static void test_builtin_terrain_missing(void **state)
{
    (void)state;
    config_set(&(config_desc){.terrain_dir = "/nonexistent-dir"}); /* $SANDTABLE_DATA_DIR */
    scenario_error err;
    table *t = table_create(NULL);
    assert_false(scenario_builtin_terrain(t, &err));
    char buf[1200];
    assert_string_equal(scenario_error_format(&err, buf, sizeof buf),
                        "/nonexistent-dir/terrain.json: cannot open: No such file or directory");
    config_set(NULL);
    assert_true(scenario_builtin_terrain(t, &err));
    assert_true(t->type_count >= 17);
    table_destroy(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_file_size_cap),
        cmocka_unit_test(test_metadata),
        cmocka_unit_test(test_terrain_types),
        cmocka_unit_test(test_terrain_features),
        cmocka_unit_test(test_sides_units),
        cmocka_unit_test(test_figures),
        cmocka_unit_test(test_block_two_ranks),
        cmocka_unit_test(test_block_facing_south),
        cmocka_unit_test(test_reinforcements),
        cmocka_unit_test(test_zones_victory),
        cmocka_unit_test(test_minimal_defaults),
        cmocka_unit_test(test_error_format),
        cmocka_unit_test(test_ruleset_registry),
        cmocka_unit_test(test_error_at_options),
        cmocka_unit_test(test_facing_normalised),
        cmocka_unit_test(test_byte_order_mark),
        cmocka_unit_test(test_builtin_terrain_missing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
