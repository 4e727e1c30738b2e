/* The scenario writer (scenario_write_string) against the loader, on every shipped scenario
 * of every rule set: load -> write -> load gives the same table field for field and the same
 * match (the state hash of a game started from each, and the same hashes after the same bot
 * commands); writing twice gives the same text; a position written from a game in progress
 * loads with its figures where they stood and the dead left out. */
#include "game/bot.h"
#include "game/game.h"
#include "scenario/scenario.h"
#include "scenario_list.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static scenario *load_text(const char *text, const char *name)
{
    scenario_error err;
    scenario *s = scenario_load_string(text, strlen(text), name, &err);
    if (!s) {
        char buf[1200];
        fail_msg("%s (the written text does not load)\n%s",
                 scenario_error_format(&err, buf, sizeof buf), text);
    }
    return s;
}

static char *write_text(const scenario *s, const table *t)
{
    scenario_error err;
    char *text = scenario_write_string(s, t, &err);
    if (!text) {
        char buf[1200];
        fail_msg("%s", scenario_error_format(&err, buf, sizeof buf));
    }
    return text;
}

static void assert_polygon_equal(const geom_polygon *a, const geom_polygon *b)
{
    assert_int_equal(a->count, b->count);
    for (int i = 0; i < a->count; i++)
        assert_true(a->pts[i].x == b->pts[i].x && a->pts[i].y == b->pts[i].y);
}

static void assert_figure_equal(const figure *a, const figure *b)
{
    assert_string_equal(a->name, b->name);
    assert_int_equal(a->side.id, b->side.id);
    assert_int_equal(a->unit.id, b->unit.id);
    assert_int_equal(a->role, b->role);
    assert_int_equal(a->quality, b->quality);
    assert_int_equal(a->posture, b->posture);
    assert_string_equal(a->weapon, b->weapon);
    assert_string_equal(a->kind, b->kind);
    assert_memory_equal(&a->base, &b->base, sizeof a->base);
    if (!(a->pos.x == b->pos.x && a->pos.y == b->pos.y && a->facing == b->facing))
        fail_msg("figure %s: [%.9g, %.9g] facing %.9g became [%.9g, %.9g] facing %.9g", a->name,
                 (double)a->pos.x, (double)a->pos.y, (double)a->facing, (double)b->pos.x,
                 (double)b->pos.y, (double)b->facing);
    assert_int_equal(a->status, b->status);
}

static void assert_table_equal(const table *a, const table *b)
{
    assert_true(a->width_cm == b->width_cm && a->height_cm == b->height_cm);
    assert_int_equal(a->type_count, b->type_count);
    for (int i = 0; i < a->type_count; i++)
        assert_memory_equal(&a->types[i], &b->types[i], sizeof a->types[i]);
    assert_int_equal(a->feature_count, b->feature_count);
    for (int i = 0; i < a->feature_count; i++) {
        const terrain_feature *fa = &a->features[i], *fb = &b->features[i];
        assert_string_equal(fa->name, fb->name);
        assert_int_equal(fa->type, fb->type);
        assert_int_equal(fa->shape, fb->shape);
        assert_polygon_equal(&fa->area, &fb->area);
        assert_int_equal(fa->line.count, fb->line.count);
        for (int k = 0; k < fa->line.count; k++)
            assert_true(fa->line.pts[k].x == fb->line.pts[k].x &&
                        fa->line.pts[k].y == fb->line.pts[k].y);
        assert_true(fa->width_cm == fb->width_cm && fa->height_ft == fb->height_ft);
    }
    assert_int_equal(a->side_count, b->side_count);
    for (int i = 0; i < a->side_count; i++)
        assert_memory_equal(&a->sides[i], &b->sides[i], sizeof a->sides[i]);
    assert_int_equal(a->unit_count, b->unit_count);
    for (int i = 0; i < a->unit_count; i++)
        assert_memory_equal(&a->units[i], &b->units[i], sizeof a->units[i]);
    assert_int_equal(a->figure_count, b->figure_count);
    for (int i = 0; i < a->figure_count; i++)
        assert_figure_equal(&a->figures[i], &b->figures[i]);
}

static void assert_extras_equal(const scenario *a, const scenario *b)
{
    assert_string_equal(a->title, b->title);
    assert_string_equal(a->description, b->description);
    assert_string_equal(a->designer_notes, b->designer_notes);
    assert_string_equal(a->ruleset, b->ruleset);
    assert_true(json_equal(a->rules_options, b->rules_options));
    assert_true(a->seed == b->seed);
    assert_string_equal(a->campaign, b->campaign);
    assert_int_equal(a->campaign_position, b->campaign_position);
    assert_int_equal(a->zone_count, b->zone_count);
    for (int i = 0; i < a->zone_count; i++) {
        assert_int_equal(a->zones[i].side.id, b->zones[i].side.id);
        assert_polygon_equal(&a->zones[i].area, &b->zones[i].area);
    }
    assert_int_equal(a->reinforcement_count, b->reinforcement_count);
    for (int i = 0; i < a->reinforcement_count; i++) {
        const scenario_reinforcement *ra = &a->reinforcements[i], *rb = &b->reinforcements[i];
        assert_int_equal(ra->side.id, rb->side.id);
        assert_int_equal(ra->turn, rb->turn);
        assert_string_equal(ra->trigger, rb->trigger);
        assert_int_equal(ra->edge, rb->edge);
        assert_true(ra->entry.x == rb->entry.x && ra->entry.y == rb->entry.y);
        assert_int_equal(ra->unit_count, rb->unit_count);
        for (int j = 0; j < ra->unit_count; j++)
            assert_int_equal(ra->units[j].id, rb->units[j].id);
    }
    assert_int_equal(a->victory_count, b->victory_count);
    for (int i = 0; i < a->victory_count; i++) {
        const scenario_victory *va = &a->victory[i], *vb = &b->victory[i];
        assert_string_equal(va->kind, vb->kind);
        assert_int_equal(va->side.id, vb->side.id);
        assert_polygon_equal(&va->area, &vb->area);
        assert_int_equal(va->turns, vb->turns);
        assert_int_equal(va->value, vb->value);
        assert_string_equal(va->text, vb->text);
    }
}

static game *start(const scenario *s)
{
    game_error err;
    game *g = game_create(&(game_desc){.scenario = s}, &err);
    if (!g) {
        char buf[1200];
        fail_msg("%s: %s", s->file, game_error_format(&err, buf, sizeof buf));
    }
    return g;
}

/* The same bot commands on both matches give the same hash after each. */
static void assert_same_play(game *a, game *b, int commands)
{
    assert_true(game_hash(a) == game_hash(b));
    bot_scratch *ba = bot_scratch_create(), *bb = bot_scratch_create();
    dice_rng rng, rng2;
    dice_seed(&rng, 7);
    dice_seed(&rng2, 7);
    rules_command ca, cb;
    for (int n = 0; n < commands && bot_pick(ba, a, BOT_GREEDY, &rng, &ca); n++) {
        assert_true(bot_pick(bb, b, BOT_GREEDY, &rng2, &cb));
        assert_memory_equal(&ca, &cb, sizeof ca);
        char e1[256], e2[256];
        bool ok1 = game_submit(a, &ca, e1, sizeof e1), ok2 = game_submit(b, &cb, e2, sizeof e2);
        assert_int_equal(ok1, ok2);
        assert_true(game_hash(a) == game_hash(b));
    }
    bot_scratch_destroy(ba);
    bot_scratch_destroy(bb);
}

static void test_every_scenario_round_trips(void **state)
{
    (void)state;
    char *paths[128];
    int n = scenario_list_shipped(paths, 128);
    assert_true(n >= 8);
    for (int i = 0; i < n; i++) {
        scenario_error err;
        scenario *a = scenario_load_file(paths[i], &err);
        assert_non_null(a);
        char *text = write_text(a, NULL);
        scenario *b = load_text(text, paths[i]);
        assert_table_equal(a->table, b->table);
        assert_extras_equal(a, b);
        char *again = write_text(b, NULL);
        assert_string_equal(text, again); /* a fixed point: saving twice changes nothing */
        game *ga = start(a), *gb = start(b);
        assert_same_play(ga, gb, 40);
        game_destroy(ga);
        game_destroy(gb);
        free(text);
        free(again);
        scenario_destroy(a);
        scenario_destroy(b);
        free(paths[i]);
    }
}

/* A position from a game: figures where they stand now, the dead and the gone left out. */
static void test_a_position_from_a_game(void **state)
{
    (void)state;
    char path[1200];
    snprintf(path, sizeof path, "%s/scenarios/lcr_teaching.json", scenario_list_source_dir());
    scenario_error err;
    scenario *s = scenario_load_file(path, &err);
    assert_non_null(s);
    game *g = start(s);
    bot_scratch *b = bot_scratch_create();
    dice_rng rng;
    dice_seed(&rng, 3);
    rules_command c;
    int moved = 0;
    const table *t = game_table(g);
    for (int n = 0; n < 400 && !game_over(g) && bot_pick(b, g, BOT_GREEDY, &rng, &c); n++) {
        char e[256];
        game_submit(g, &c, e, sizeof e);
    }
    bot_scratch_destroy(b);
    int active = 0;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i], *f0 = &s->table->figures[i];
        active += table_figure_active(f);
        moved += table_figure_active(f) && (f->pos.x != f0->pos.x || f->pos.y != f0->pos.y);
    }
    assert_true(moved > 0);
    char *text = write_text(s, t);
    scenario *p = load_text(text, "position.json");
    int found = 0;
    for (int i = 0; i < p->table->figure_count; i++) {
        const figure *f = &p->table->figures[i];
        if (f->status & FIGURE_STATUS_OFF_TABLE)
            continue; /* a reinforcement still to come */
        for (int k = 0; k < t->figure_count; k++) {
            const figure *o = &t->figures[k];
            if (table_figure_active(o) && strcmp(o->name, f->name) == 0 &&
                strcmp(table_unit_const(t, o->unit)->name,
                       table_unit_const(p->table, f->unit)->name) == 0) {
                /* a game may turn a figure past 360 or below 0 degrees; the file keeps the
                 * same facing folded into [0, 360) */
                double turn =
                    fmod((double)o->facing - (double)f->facing, 2 * 3.14159265358979323846);
                bool same_facing =
                    fabs(turn) < 1e-5 || fabs(fabs(turn) - 2 * 3.14159265358979323846) < 1e-5;
                if (!(o->pos.x == f->pos.x && o->pos.y == f->pos.y && same_facing))
                    fail_msg("%s: [%.9g, %.9g] facing %.9g became [%.9g, %.9g] facing %.9g",
                             o->name, (double)o->pos.x, (double)o->pos.y, (double)o->facing,
                             (double)f->pos.x, (double)f->pos.y, (double)f->facing);
                found++;
            }
        }
    }
    assert_int_equal(found, active);
    game *g2 = start(p);
    game_destroy(g2);
    free(text);
    scenario_destroy(p);
    game_destroy(g);
    scenario_destroy(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_scenario_round_trips),
        cmocka_unit_test(test_a_position_from_a_game),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
