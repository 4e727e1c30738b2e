/* Concealment against the other side's rules and bot (Colonial Wargames Rules, Firing: a
 * concealed unit stays so until it opens fire; the spotting distance is assumed): Red's company
 * may not be offered, aim at or charge a concealed Blue impi 6" in front of it (targets(), the
 * legal commands, validation), while the same impi not concealed is offered; and Red's bot, at
 * every level, decides the same whether the concealed impi stands 6" in front of it or in the
 * far corner: it neither aims at, plans against nor reacts to what it cannot see. The screen's
 * side of it (drawing, hover, tooltip, roster, log, LOS tool) is tests/ui/test_conceal.c. */
#include "cwr_test_util.h"

#include "game/bot.h"

/* Red's company of six magazine rifles faces south at y 20; Blue's "Hidden" impi stands at
 * (hx, hy) (concealed when `conceal`), Blue's "Seen" impi in the open at (110, 55). */
static game *conceal_game(bool conceal, float hx, float hy, float sx, float sy, uint64_t seed)
{
    static cbuild b;
    cb_begin(&b, "",
             conceal ? "{\"first_side\": \"Red\", \"concealed\": [\"Hidden\"]}"
                     : "{\"first_side\": \"Red\"}");
    cb_unit(&b, "Coy", "Red", "infantry_company", "magazine_rifle", "regular", 90, 20, 6, 1, -1);
    cb_unit(&b, "Hidden", "Blue", "native_foot", "spear", "regular", hx, hy, 12, 1, -1);
    cb_unit(&b, "Seen", "Blue", "native_foot", "spear", "regular", sx, sy, 12, 1, -1);
    return cwr_game(cb_end(&b), seed);
}

/* Whether any of the n commands names unit u as its target (or a figure of it). */
static bool names_target(const game *g, const rules_command *c, int n, unit_id u)
{
    const table *t = game_table(g);
    for (int i = 0; i < n; i++) {
        const figure *f = table_figure_const(t, c[i].target);
        if (c[i].target_unit.id == u.id || (f && f->unit.id == u.id))
            return true;
    }
    return false;
}

static bool offered(const game *g, unit_id firer, unit_id u)
{
    rules_command fire = {.kind = RULES_CMD_FIRE,
                          .side = table_unit_const(game_table(g), firer)->side,
                          .unit = firer};
    rules_target tg[64];
    int n = game_targets(g, &fire, tg, 64);
    const table *t = game_table(g);
    for (int i = 0; i < n; i++) {
        const figure *f = table_figure_const(t, tg[i].figure);
        if (tg[i].unit.id == u.id || (f && f->unit.id == u.id))
            return true;
    }
    return false;
}

/* targets(), the legal commands and validation: a concealed unit is never a target. */
static void test_not_a_target(void **state)
{
    (void)state;
    for (int conceal = 0; conceal < 2; conceal++) {
        game *g = conceal_game(conceal, 90, 35, 110, 55, 3);
        unit_id coy = cwr_unit(g, "Coy"), hidden = cwr_unit(g, "Hidden");
        cwr_activate(g, "Coy");
        /* before a pair is chosen, and on the fire step of "fire twice" */
        for (int step = 0; step < 2; step++) {
            assert_true(offered(g, coy, hidden) == !conceal);
            rules_command c[512];
            int n = game_legal(g, c, 512);
            assert_true(n > 0);
            if (step == 1)
                assert_true(names_target(g, c, n, hidden) == !conceal);
            else
                cwr_choose(g, "fire_twice");
        }
        rules_command aim = {.kind = RULES_CMD_FIRE, .unit = coy, .target_unit = hidden};
        if (conceal) {
            cwr_refused(g, aim, "");
            assert_true(offered(g, coy, cwr_unit(g, "Seen")));
        } else {
            cwr_submit(g, aim);
        }
        game_destroy(g);
    }
}

static void describe(const game *g, const rules_command *c, char *buf, size_t size)
{
    char words[200];
    int k = snprintf(buf, size, "%s |", rules_command_format(c, words, sizeof words));
    for (int i = 0; i < c->path_count && k > 0 && (size_t)k < size; i++)
        k += snprintf(buf + k, size - (size_t)k, " %.2f,%.2f", (double)c->path[i].x,
                      (double)c->path[i].y);
    (void)g;
}

/* Blue's quiet turn: activate "Seen" (the same unit in both matches), then skip every step. */
static bool blue_quiet(const game *g, rules_command *out)
{
    rules_command c[512];
    int n = game_legal(g, c, 512), best = -1, score = 0;
    unit_id seen = cwr_unit(g, "Seen");
    for (int i = 0; i < n; i++) {
        int s = c[i].kind == RULES_CMD_ACTIVATE && c[i].unit.id == seen.id ? 5
                : c[i].kind == RULES_CMD_END_ACTIVATION                    ? 4
                : c[i].kind == RULES_CMD_PASS                              ? 3
                : c[i].kind == RULES_CMD_CHOOSE                            ? 2
                : c[i].kind == RULES_CMD_ACTIVATE                          ? 1
                                                                           : 0;
        if (s > score) {
            score = s;
            best = i;
        }
    }
    if (best < 0 && n > 0) {
        char w[200];
        fprintf(stderr, "blue: %s\n", rules_command_format(&c[0], w, sizeof w));
    }
    if (best >= 0)
        *out = c[best];
    return best >= 0;
}

/* Red's bot at every level picks the same in both matches, the concealed impi 6" ahead of it
 * in one and in the far corner in the other, for Red's first decisions (activation, the pair,
 * the steps and moves); Blue stays quiet in both. */
static void test_bot_blind(void **state)
{
    (void)state;
    game *near = conceal_game(true, 55, 45, 120, 100, 11),
         *far = conceal_game(true, 165, 110, 120, 100, 11);
    side_id red = table_unit_const(game_table(near), cwr_unit(near, "Coy"))->side;
    int compared = 0, moves = 0, hints = 0;
    for (int k = 0; k < 40 && !game_over(near) && !game_over(far); k++) {
        rules_decision d;
        game_decision(near, &d);
        rules_command c;
        if (d.side.id != red.id) {
            assert_true(blue_quiet(near, &c));
            cwr_submit(near, c);
            assert_true(blue_quiet(far, &c));
            cwr_submit(far, c);
            continue;
        }
        /* the rule set's hints for the pairs and steps: the same worth in both */
        static rules_command la[512], lb[512];
        int na = game_legal(near, la, 512), nb = game_legal(far, lb, 512);
        for (int i = 0; i < na && na == nb; i++) {
            if (la[i].kind != RULES_CMD_CHOOSE && la[i].kind != RULES_CMD_ACTIVATE &&
                la[i].kind != RULES_CMD_PASS)
                continue;
            float va = 0, vb = 0;
            bool ha = game_bot_value(near, &la[i], &va, NULL, 0);
            bool hb = game_bot_value(far, &lb[i], &vb, NULL, 0);
            assert_true(ha == hb);
            if (va != vb)
                fail_msg("hint for %s: %g / %g", la[i].option, (double)va, (double)vb);
            hints += ha;
        }
        rules_command pick[2];
        for (int level = BOT_GREEDY; level <= BOT_HARD; level++)
            for (uint64_t seed = 1; seed <= (level == BOT_HARD ? 1u : 3u); seed++) {
                dice_rng r0, r1;
                dice_seed(&r0, seed);
                dice_seed(&r1, seed);
                assert_true(bot_choose(near, (bot_level)level, &r0, &pick[0]));
                assert_true(bot_choose(far, (bot_level)level, &r1, &pick[1]));
                char a[2048], b[2048];
                describe(near, &pick[0], a, sizeof a);
                describe(far, &pick[1], b, sizeof b);
                if (strcmp(a, b) != 0)
                    fail_msg("level %d seed %u at decision %d: %s / %s", level, (unsigned)seed, k,
                             a, b);
                compared++;
                moves += pick[0].kind == RULES_CMD_MOVE;
            }
        dice_rng r;
        dice_seed(&r, 99);
        assert_true(bot_choose(near, BOT_NORMAL, &r, &c));
        cwr_submit(near, c);
        cwr_submit(far, c);
    }
    fprintf(stderr, "compared %d picks (%d moves), %d hints\n", compared, moves, hints);
    assert_true(compared >= 20);
    assert_true(moves > 0);
    assert_true(hints > 0);
    /* still concealed in both: nothing came within the spotting distance */
    assert_false(game_visible(near, red, game_table(near)->figures[6].id));
    /* a network spectator (the public) does not see it either; a replay (viewer 0) does */
    assert_false(
        game_visible(near, (side_id){GAME_VIEWER_PUBLIC}, game_table(near)->figures[6].id));
    assert_true(game_visible(near, (side_id){0}, game_table(near)->figures[6].id));
    game_destroy(near);
    game_destroy(far);
}

/* Red's move, aimed at where the concealed impi stands (Firing: concealed until it fires; the
 * bump is assumed, docs/rules/cwr.md): Red is told the same (accepted, the same reach line) as
 * when the impi is in the far corner, so neither refusal nor preview places it; resolved, the
 * company stops at base contact, nothing overlaps, and the bump spots the impi at once. */
static void test_bump(void **state)
{
    (void)state;
    game *near = conceal_game(true, 90, 29, 110, 80, 5),
         *far = conceal_game(true, 165, 110, 110, 80, 5);
    game *gs[2] = {near, far};
    rules_reach reach[2];
    char why[2][256];
    bool ok[2];
    rules_command mv = {.kind = RULES_CMD_MOVE, .path_count = 1, .path = {{{90, 29}}}};
    for (int k = 0; k < 2; k++) {
        assert_true(cwr_activate(gs[k], "Coy"));
        cwr_choose(gs[k], "move_fire");
        mv.unit = cwr_unit(gs[k], "Coy");
        rules_decision d;
        game_decision(gs[k], &d);
        mv.side = d.side;
        why[k][0] = '\0';
        ok[k] = game_validate(gs[k], &mv, why[k], sizeof why[k]);
        assert_true(game_reach(gs[k], &mv, (vec2s){{0, 1}}, &reach[k]));
    }
    if (!ok[0])
        fail_msg("a move onto the concealed impi is refused: %s", why[0]);
    assert_true(ok[1]);
    assert_string_equal(why[0], why[1]);
    assert_float_equal(reach[0].max_cm, reach[1].max_cm, 1e-6);
    assert_float_equal(reach[0].stop.y, reach[1].stop.y, 1e-6);
    assert_string_equal(reach[0].limit, reach[1].limit);

    unit_id hidden = cwr_unit(near, "Hidden");
    figure_id hf = game_table(near)->figures[6].id;
    assert_int_equal(table_figure_const(game_table(near), hf)->unit.id, hidden.id);
    assert_false(game_visible(near, mv.side, hf));
    cwr_submit(near, mv);
    const rules_event *rev = NULL;
    assert_int_equal(cwr_count(near, RULES_EV_RULESET, "reveal", &rev), 1);
    assert_int_equal(rev->unit.id, hidden.id);
    assert_true(game_visible(near, mv.side, hf));
    cwr_no_overlaps(near);
    /* stopped at contact: the front rank's bases (1.25 cm) touch the impi's at y 27.75 */
    const figure *lead = table_figure_const(game_table(near), game_table(near)->figures[0].id);
    assert_true(lead->pos.y > 20 && lead->pos.y < 29 - 2.5f + 0.01f);
    assert_true(lead->pos.y > 29 - 2.5f - 0.6f);
    game_destroy(near);
    game_destroy(far);
}

/* The prompt as each viewer is told it (game_decision_seen): the same state, Blue to activate
 * with its concealed "Hidden" impi and its "Seen" one, gives Blue (the owner) and one who sees
 * everything both, Red and the public only the one in sight; once Blue activates the hidden
 * impi, Red is not told its name. */
static void prompt_is(const game *g, side_id viewer, const char *want)
{
    rules_decision d;
    game_decision_seen(g, viewer, &d);
    assert_string_equal(d.prompt, want);
}

static void test_prompt_per_viewer(void **state)
{
    (void)state;
    game *g = conceal_game(true, 165, 110, 110, 55, 3);
    const table *t = game_table(g);
    side_id red = table_unit_const(t, cwr_unit(g, "Coy"))->side;
    side_id blue = table_unit_const(t, cwr_unit(g, "Hidden"))->side;
    side_id public = {GAME_VIEWER_PUBLIC}, all = {0};
    /* Red to act first: Blue is told Red's count as Red's "in sight" (Red hides nothing, but
     * the words must not change with whether anything is hidden) */
    prompt_is(g, red, "Red: activate a unit (1 still to act)");
    prompt_is(g, blue, "Red: activate a unit (1 in sight still to act)");
    cwr_activate(g, "Coy");
    cwr_submit(g, (rules_command){.kind = RULES_CMD_END_ACTIVATION});
    rules_decision d;
    game_decision(g, &d);
    assert_int_equal(d.kind, RULES_DECIDE_ACTIVATE);
    assert_int_equal(d.side.id, blue.id);
    assert_int_equal(d.count, 2); /* the rules' own count, for every viewer */
    prompt_is(g, all, "Blue: activate a unit (2 still to act)");
    prompt_is(g, blue, "Blue: activate a unit (2 still to act)");
    prompt_is(g, red, "Blue: activate a unit (1 in sight still to act)");
    prompt_is(g, public, "Blue: activate a unit (1 in sight still to act)");
    game_decision_seen(g, red, &d);
    assert_int_equal(d.count, 2);
    /* the hidden impi acts: its own side reads its name, the others do not */
    cwr_activate(g, "Hidden");
    game_decision(g, &d);
    assert_int_equal(d.kind, RULES_DECIDE_CHOOSE_ACTIONS);
    prompt_is(g, blue, d.prompt);
    assert_non_null(strstr(d.prompt, "Hidden"));
    prompt_is(g, red, "Blue: a unit out of sight acts");
    prompt_is(g, public, "Blue: a unit out of sight acts");
    game_destroy(g);
    /* not concealed: every viewer is told the one line */
    g = conceal_game(false, 165, 110, 110, 55, 3);
    t = game_table(g);
    red = table_unit_const(t, cwr_unit(g, "Coy"))->side;
    cwr_activate(g, "Coy");
    cwr_submit(g, (rules_command){.kind = RULES_CMD_END_ACTIVATION});
    prompt_is(g, red, "Blue: activate a unit (2 still to act)");
    prompt_is(g, public, "Blue: activate a unit (2 still to act)");
    game_destroy(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_not_a_target),
        cmocka_unit_test(test_bot_blind),
        cmocka_unit_test(test_bump),
        cmocka_unit_test(test_prompt_per_viewer),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
