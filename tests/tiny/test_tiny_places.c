/* A property over many seeded bot games of Tiny Soldiers: no retreat, evade or pursuit passes
 * through an enemy stand, and no command leaves two stands overlapping (touching is not
 * overlapping), nor any two bases by the engine's oracle (place_overlaps: commanders too). The
 * games are the shipped scenario and a crowded one built to make many melees, played by the random
 * and the greedy bot under fixed seeds. */
#include "tiny_test_util.h"

#include "core/geom.h"
#include "core/place.h"
#include "game/bot.h"
#include "rules/tiny/tiny_state.h"
#include "rules/tiny/tiny_orders.h"

#define SHADOW_MAX 512

/* Thousands of commands in the optimised build; under the sanitizers (ten times slower) a
 * tenth of them, so the suite stays inside its budget. */
#if defined(__SANITIZE_ADDRESS__)
#define PLACES_CROWDED_GAMES 3
#define PLACES_SHIPPED_GAMES 0
#define PLACES_MIN_COMMANDS  150
#define PLACES_MIN_DISPLACED 60
#else
#define PLACES_CROWDED_GAMES 30
#define PLACES_SHIPPED_GAMES 1
#define PLACES_MIN_COMMANDS  1500
#define PLACES_MIN_DISPLACED 600
#endif

/* The stands as they stand while a command's events are walked in order. */
typedef struct shadow {
    int count;
    vec2s pos[SHADOW_MAX];
    float facing[SHADOW_MAX];
    bool active[SHADOW_MAX];
} shadow;

typedef struct tally {
    int games, commands, displaced, overlaps, through, brigade_orders, place_pairs;
    uint64_t hashes; /* the games' final hashes folded: a fingerprint of the rules' behaviour */
} tally;

static void shadow_take(shadow *s, const table *t)
{
    assert_true(t->figure_count <= SHADOW_MAX);
    s->count = t->figure_count;
    for (int i = 0; i < t->figure_count; i++) {
        s->pos[i] = t->figures[i].pos;
        s->facing[i] = t->figures[i].facing;
        s->active[i] = table_figure_active(&t->figures[i]);
    }
}

/* A retreat, an evade, a rally's fall-back or a pursuit: the moves this property is about. */
static bool displacement(const rules_event *ev)
{
    static const char *words[] = {" retreats (", " evades (", " falls back (", " pursues ("};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strstr(ev->text, words[i]))
            return true;
    return false;
}

/* The enemy stand whose base the straight path from->to crosses, or NULL. */
static const figure *enemy_crossed(const table *t, const shadow *s, const figure *f, vec2s from,
                                   vec2s to)
{
    geom_segment path = {from, to};
    for (int k = 0; k < s->count; k++) {
        const figure *e = &t->figures[k];
        if (!s->active[k] || e->side.id == f->side.id || tiny_is_commander(e))
            continue;
        geom_placed_base eb = {.base = e->base, .pos = s->pos[k], .facing = s->facing[k]};
        if (geom_segment_base_intersect(path, &eb))
            return e;
    }
    return NULL;
}

static void walk_events(const game *g, shadow *s, tally *ty)
{
    const table *t = game_table(g);
    int n;
    const rules_event *ev = game_events(g, game_cursor(g) - 1, &n);
    for (int i = 0; i < n; i++) {
        int k = (int)ev[i].figure.id - 1;
        if (k < 0 || k >= s->count)
            continue;
        if (ev[i].kind == RULES_EV_REMOVE) {
            s->active[k] = false;
        } else if (ev[i].kind == RULES_EV_MOVE) {
            const figure *f = &t->figures[k];
            if (displacement(&ev[i]) && !tiny_is_commander(f)) {
                ty->displaced++;
                const figure *e = enemy_crossed(t, s, f, ev[i].from, ev[i].pos);
                if (e) {
                    fprintf(stderr, "%s passes through the enemy %s: %s\n", f->name, e->name,
                            ev[i].text);
                    ty->through++;
                }
            }
            s->pos[k] = ev[i].pos;
            s->facing[k] = ev[i].facing;
        }
    }
}

/* Pairs of active bases that overlap now, stands only (*stands) and all bases, commanders
 * included (the return): place_bases_overlap, the engine's test, behind a bounding-circle
 * prefilter (place_overlaps, the oracle itself, runs at each game's end). */
static int overlaps_now(const game *g, int *stands)
{
    const table *t = game_table(g);
    int n = 0;
    *stands = 0;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *a = &t->figures[i];
        if (!table_figure_active(a))
            continue;
        geom_placed_base ab = tiny_stand_base(a);
        for (int k = i + 1; k < t->figure_count; k++) {
            const figure *b = &t->figures[k];
            if (!table_figure_active(b) || geom_point_distance(a->pos, b->pos) >
                                               tiny_stand_radius(a) + tiny_stand_radius(b) + 0.01f)
                continue;
            geom_placed_base bb = tiny_stand_base(b);
            if (!place_bases_overlap(&ab, &bb))
                continue;
            if (n < 3)
                fprintf(stderr, "%s overlaps %s (turn %d)\n", a->name, b->name, game_turn(g));
            n++;
            *stands += !tiny_is_commander(a) && !tiny_is_commander(b);
        }
    }
    return n;
}

static void play(game *g, bot_level levels[2], uint64_t bot_seed, int max_commands, tally *ty)
{
    dice_rng rng;
    dice_seed(&rng, bot_seed);
    shadow s;
    ty->games++;
    for (int n = 0; !game_over(g) && n < max_commands; n++) {
        rules_decision dec;
        game_decision(g, &dec);
        rules_command c;
        assert_true(bot_choose(g, levels[dec.side.id == 1 ? 0 : 1], &rng, &c));
        shadow_take(&s, game_table(g));
        ty->brigade_orders += c.kind != RULES_CMD_MOVE && tiny_is_brigade(game_table(g), c.unit);
        test_tiny_submit(g, &c);
        ty->commands++;
        walk_events(g, &s, ty);
        int stands;
        ty->place_pairs += overlaps_now(g, &stands);
        ty->overlaps += stands;
    }
    figure_id pairs[4][2];
    ty->place_pairs += place_overlaps(game_table(g), pairs, 4); /* the engine's oracle */
    ty->hashes = (ty->hashes ^ game_hash(g)) * 1099511628211ull;
}

static game *shipped(uint64_t seed)
{
    char path[1024];
    const char *dir = getenv("SANDTABLE_SOURCE_DIR");
    snprintf(path, sizeof path, "%s/scenarios/tiny_two_brigades.json", dir ? dir : ".");
    scenario_error err;
    scenario *sc = scenario_load_file(path, &err);
    assert_non_null(sc);
    game_error ge;
    game *g = game_create(
        &(game_desc){.scenario = sc, .take_scenario = true, .seed_set = true, .seed = seed}, &ge);
    assert_non_null(g);
    return g;
}

/* Two crowded lines 10" apart with second lines close behind: melees, retreats into friends,
 * evading light troops and hussars, and pursuing horse. */
static game *crowded(uint64_t seed)
{
    tbuild b;
    tb_armies(&b, "[{\"type\": \"forest\", \"area\": [[70, 52], [86, 52], [86, 66], [70, 66]]}]",
              "");
    static const char *kinds[] = {"line_infantry", "militia",        "heavy_cavalry", "hussars",
                                  "grenadiers",    "light_infantry", "dragoons",      "irregulars"};
    for (int i = 0; i < 5; i++) {
        char name[32];
        float x = 34 + 28 * (float)i;
        snprintf(name, sizeof name, "R%d", i);
        tb_unit(&b, name, "Red", kinds[i], "line", "RB", x, 45, 3, -1);
        snprintf(name, sizeof name, "RR%d", i);
        tb_unit(&b, name, "Red", kinds[(i + 3) % 8], "line", "RB", x, 39, 3, -1);
        snprintf(name, sizeof name, "B%d", i);
        tb_unit(&b, name, "Blue", kinds[(i + 5) % 8], "line", "BB", x, 70, 3, -1);
        snprintf(name, sizeof name, "BR%d", i);
        tb_unit(&b, name, "Blue", kinds[(i + 2) % 8], "line", "BB", x, 76, 3, -1);
    }
    return test_tiny_game(tb_end(&b), seed);
}

static void test_no_overlap_no_passing_enemies(void **state)
{
    (void)state;
    tally ty = {0};
    bot_level rr[2] = {BOT_RANDOM, BOT_RANDOM}, gg[2] = {BOT_GREEDY, BOT_GREEDY},
              gr[2] = {BOT_GREEDY, BOT_RANDOM};
    for (uint64_t s = 1; s <= PLACES_CROWDED_GAMES; s++) {
        game *g = crowded(s);
        play(g, s % 3 == 0 ? gg : s % 3 == 1 ? rr : gr, 900 + s, 400, &ty);
        game_destroy(g);
    }
    for (uint64_t s = 1; s <= PLACES_SHIPPED_GAMES; s++) {
        game *g = shipped(s);
        play(g, s % 2 ? rr : gr, 700 + s, 600, &ty);
        game_destroy(g);
    }
    fprintf(stderr,
            "%d games, %d commands (%d formed-brigade shots, charges, rallies), %d "
            "retreat/evade/pursuit moves: %d overlaps, %d through an enemy; place_overlaps %d; "
            "hashes %016llx\n",
            ty.games, ty.commands, ty.brigade_orders, ty.displaced, ty.overlaps, ty.through,
            ty.place_pairs, (unsigned long long)ty.hashes);
    /* The property must have been exercised to mean anything. */
    assert_true(ty.commands >= PLACES_MIN_COMMANDS);
    assert_true(ty.displaced >= PLACES_MIN_DISPLACED);
    assert_int_equal(ty.overlaps, 0);
    assert_int_equal(ty.through, 0);
    assert_int_equal(ty.place_pairs, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_no_overlap_no_passing_enemies),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
