/* game_nearest_enemy against a plain scan of the table, at every decision of a greedy game of
 * every shipped scenario: its list of the other sides' figures is kept across commands and
 * only the figures that moved are rewritten in it, so after any mix of moves, removals and
 * status changes it must still name the figure the scan names (the first of equals in table
 * order among the active enemies seen) at the same distance. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "game/bot.h"
#include "game/game.h"
#include "game/game_internal.h"
#include "scenario_list.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { COMMANDS_MAX = 300, PATHS_MAX = 64 };

/* The scan game_nearest_enemy's answers are to equal. */
static const figure *scan_nearest(const game *g, side_id own, vec2s p, float *cm)
{
    const table *t = game_table(g);
    const figure *best = NULL;
    float d2 = INFINITY;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *e = &t->figures[i];
        if (!table_figure_active(e) || e->side.id == own.id || !game_visible(g, own, e->id))
            continue;
        float dx = e->pos.x - p.x, dy = e->pos.y - p.y;
        if (dx * dx + dy * dy < d2) {
            d2 = dx * dx + dy * dy;
            best = e;
        }
    }
    *cm = sqrtf(d2);
    return best;
}

/* For the side whose decision it is (as the bot asks: a side asked again after a command is
 * when the list is updated rather than built), at every active figure's centre and a corner. */
static int check_state(const game *g, const char *path, int step)
{
    const table *t = game_table(g);
    rules_decision dec;
    game_decision(g, &dec);
    int asked = 0;
    {
        side_id own = dec.side;
        for (int i = 0; i <= t->figure_count; i++) {
            vec2s p = i < t->figure_count ? t->figures[i].pos : (vec2s){.x = 0, .y = 0};
            if (i < t->figure_count && !table_figure_active(&t->figures[i]))
                continue;
            float a, b;
            const figure *fa = game_nearest_enemy(g, own, p, &a);
            const figure *fb = scan_nearest(g, own, p, &b);
            if (fa != fb || memcmp(&a, &b, sizeof a) != 0)
                fail_msg("%s, command %d, side %u at %.2f, %.2f: the list names figure %u at "
                         "%g cm, the scan figure %u at %g cm",
                         path, step, own.id, p.x, p.y, fa ? fa->id.id : 0, a, fb ? fb->id.id : 0,
                         b);
            asked++;
        }
    }
    return asked;
}

static void play_checking(const char *path)
{
    scenario_error serr;
    scenario *sc = scenario_load_file(path, &serr);
    if (!sc)
        fail_msg("%s: %s", path, serr.message);
    game_error err;
    game *g = game_create(
        &(game_desc){.scenario = sc, .seed_set = true, .seed = 3, .snapshot_every = 1 << 30}, &err);
    assert_non_null(g);
    bot_scratch *b = bot_scratch_create();
    dice_rng rng;
    dice_seed_stream(&rng, 3, 7);
    rules_command c;
    int step = 0, asked = 0;
    for (; step < COMMANDS_MAX && !game_over(g); step++) {
        asked += check_state(g, path, step);
        if (!bot_pick(b, g, BOT_GREEDY, &rng, &c) || !game_submit(g, &c, NULL, 0))
            break;
    }
    assert_true(step > 10 && asked > step);
    bot_scratch_destroy(b);
    game_destroy(g);
    scenario_destroy(sc);
}

static void test_nearest_enemy_matches_a_scan(void **state)
{
    (void)state;
    char *paths[PATHS_MAX];
    int n = scenario_list_shipped(paths, PATHS_MAX);
    assert_true(n >= 8);
    for (int i = 0; i < n; i++) {
        play_checking(paths[i]);
        free(paths[i]);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_nearest_enemy_matches_a_scan),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
