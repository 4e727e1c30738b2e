/* The normal bot's repertoire in Colonial Rules for 15mm (cr15_plan.c): every command of its own
 * (rules_view_ops.bot_commands) is one the engine accepts, legal() stays the easy level's list,
 * and under a fixed seed the bot makes the tactical choices it was given: two war bands charge
 * two posts rather than piling onto the nearer, and foot stands to meet a charge. */
#include "cr15_test_util.h"

#include "game/bot.h"
#include "play_util.h"
#include "rules/cr15/cr15_plan.h"

enum { T15_CMDS_MAX = 512 };

/* At every decision of whole games between normal bots, each of the bot's own commands passes
 * game_validate. */
static void test_bot_commands_are_legal(void **st)
{
    (void)st;
    const char *files[] = {"cr15_mission_station.json", "cr15_square.json"};
    rules_command *own = calloc(T15_CMDS_MAX, sizeof *own);
    assert_non_null(own);
    for (int f = 0; f < 2; f++) {
        game *g = play_load(files[f], 7);
        const rules_view_ops *v = game_view(g);
        assert_non_null(v->bot_commands);
        bot_scratch *b = bot_scratch_create();
        dice_rng rng;
        dice_seed(&rng, 7);
        int offered = 0, kinds[RULES_CMD_KIND_COUNT] = {0};
        for (int guard = 0; guard < 5000 && !game_over(g); guard++) {
            int n = v->bot_commands(game_rules_state(g), game_table(g), own, T15_CMDS_MAX);
            for (int i = 0; i < n; i++) {
                char why[256] = "";
                if (!game_validate(g, &own[i], why, sizeof why)) {
                    char buf[512];
                    fail_msg("%s: refused %s: %s", files[f],
                             rules_command_format(&own[i], buf, sizeof buf), why);
                }
                kinds[own[i].kind]++;
            }
            offered += n;
            rules_command c;
            char why[256] = "";
            assert_true(bot_pick_why(b, g, BOT_NORMAL, &rng, &c, why, sizeof why));
            assert_true(why[0] != '\0');
            t15_submit(g, &c);
        }
        assert_true(game_over(g));
        /* charges, fire and moves of its own were offered and taken */
        assert_true(offered > 100);
        assert_true(kinds[RULES_CMD_CHARGE] > 0 && kinds[RULES_CMD_FIRE] > 0 &&
                    kinds[RULES_CMD_MOVE] > 0);
        bot_scratch_destroy(b);
        game_destroy(g);
    }
    free(own);
}

/* Red holds two posts of two riflemen for five moves; Blue's two war bands of six are in reach
 * of both, each nearer the left post. legal() offers each band only the left post (its nearest),
 * so easy piles both onto it; normal sends the second band at the post not yet held. */
static const char *posts_scenario(t15_build *b)
{
    t15_begin(b, "", "", "\"victory\": [{\"kind\": \"turns\", \"turns\": 5, \"side\": \"Red\"}],");
    t15_unit_json(b, "Left post", "Red", "regulars",
                  "{\"name\": \"Pte Ames\", \"weapon\": \"rifle\", \"pos\": [50, 40]},"
                  "{\"name\": \"Pte Best\", \"weapon\": \"rifle\", \"pos\": [52, 40]}");
    t15_unit_json(b, "Right post", "Red", "regulars",
                  "{\"name\": \"Pte Cole\", \"weapon\": \"rifle\", \"pos\": [70, 40]},"
                  "{\"name\": \"Pte Dunn\", \"weapon\": \"rifle\", \"pos\": [72, 40]}");
    char figs[2][1024];
    for (int u = 0; u < 2; u++) {
        figs[u][0] = 0;
        for (int i = 0; i < 6; i++) {
            size_t n = strlen(figs[u]);
            snprintf(figs[u] + n, sizeof figs[u] - n,
                     "%s{\"name\": \"%s %d\", \"weapon\": \"spear_shield\", \"pos\": [%d, %d]}",
                     i ? "," : "", u ? "Beja" : "Hadendoa", i + 1, 44 + 2 * i, 58 + 3 * u);
        }
    }
    t15_unit_json(b, "Hadendoa", "Blue", "tribesmen", figs[0]);
    t15_unit_json(b, "Beja", "Blue", "tribesmen", figs[1]);
    return t15_end(b);
}

static int charged_units(game *g, bot_level level, uint64_t seed, unit_id *out)
{
    bot_scratch *b = bot_scratch_create();
    dice_rng rng;
    dice_seed(&rng, seed);
    int n = 0;
    for (int guard = 0; guard < 64; guard++) {
        rules_decision d;
        game_decision(g, &d);
        if (strcmp(d.phase, "charges") != 0 || d.side.id != t15_side(g, 1).id)
            break;
        rules_command c;
        char why[256] = "";
        assert_true(bot_pick_why(b, g, level, &rng, &c, why, sizeof why));
        if (c.kind == RULES_CMD_CHARGE) {
            const figure *aim = table_figure_const(game_table(g), c.target);
            assert_non_null(aim);
            bool known = false;
            for (int k = 0; k < n; k++)
                known |= out[k].id == aim->unit.id;
            if (!known)
                out[n++] = aim->unit;
            /* the reason is in player words: the band and the post by name */
            if (level == BOT_NORMAL)
                assert_non_null(strstr(why, "post"));
        }
        t15_submit(g, &c);
    }
    bot_scratch_destroy(b);
    return n;
}

static void test_war_bands_split(void **st)
{
    (void)st;
    t15_build b;
    const char *text = posts_scenario(&b);
    for (uint64_t seed = 1; seed <= 3; seed++) {
        game *g = t15_game(text, seed);
        t15_until(g, "charges", 1);
        /* legal(): every band's charge is at the left post */
        rules_command cmds[64];
        int n = game_legal(g, cmds, 64), charges = 0;
        for (int i = 0; i < n; i++)
            if (cmds[i].kind == RULES_CMD_CHARGE) {
                charges++;
                const figure *aim = table_figure_const(game_table(g), cmds[i].target);
                assert_int_equal(aim->unit.id, t15_unit(g, "Left post").id);
            }
        assert_int_equal(charges, 2);
        unit_id hit[4];
        int easy = charged_units(g, BOT_GREEDY, seed, hit);
        assert_int_equal(easy, 1);
        assert_int_equal(hit[0].id, t15_unit(g, "Left post").id);
        game_destroy(g);

        g = t15_game(text, seed);
        t15_until(g, "charges", 1);
        assert_int_equal(charged_units(g, BOT_NORMAL, seed, hit), 2);
        game_destroy(g);
    }
}

/* Charged by twice their number, riflemen stand and fire at normal (an evade is a move: -2 to
 * their fire, and the faster chargers catch them); easy takes the evade legal() offers. */
static void test_foot_stands(void **st)
{
    (void)st;
    t15_build b;
    t15_begin(&b, "", "", "\"victory\": [{\"kind\": \"turns\", \"turns\": 5, \"side\": \"Red\"}],");
    t15_unit_json(&b, "Picket", "Red", "regulars",
                  "{\"name\": \"Pte Ames\", \"weapon\": \"rifle\", \"pos\": [60, 40]}");
    t15_unit_json(&b, "Band", "Blue", "tribesmen",
                  "{\"name\": \"Warrior 1\", \"weapon\": \"spear\", \"pos\": [58, 60]},"
                  "{\"name\": \"Warrior 2\", \"weapon\": \"spear\", \"pos\": [62, 60]}");
    const char *text = t15_end(&b);
    /* a seed on which both warriors pass their test to charge */
    uint64_t seed = 1;
    for (;; seed++) {
        assert_true(seed < 64);
        game *g = t15_game(text, seed);
        t15_until(g, "charges", 1);
        t15_submitv(g, (rules_command){.kind = RULES_CMD_CHARGE,
                                       .side = t15_side(g, 1),
                                       .unit = t15_unit(g, "Band"),
                                       .target = t15_fig(g, "Pte Ames")});
        const rules_state *rs = game_rules_state(g);
        bool both = (cr15_fig_const(rs, t15_fig(g, "Warrior 1"))->flags & CR15_F_CHARGING) &&
                    (cr15_fig_const(rs, t15_fig(g, "Warrior 2"))->flags & CR15_F_CHARGING);
        game_destroy(g);
        if (both)
            break;
    }
    for (int level = BOT_GREEDY; level <= BOT_NORMAL; level++) {
        game *g = t15_game(text, seed);
        t15_until(g, "charges", 1);
        t15_submitv(g, (rules_command){.kind = RULES_CMD_CHARGE,
                                       .side = t15_side(g, 1),
                                       .unit = t15_unit(g, "Band"),
                                       .target = t15_fig(g, "Pte Ames")});
        t15_end_phase(g, 1);
        rules_decision d;
        game_decision(g, &d);
        assert_string_equal(d.phase, "charges");
        assert_int_equal(d.side.id, t15_side(g, 0).id);
        bot_scratch *bs = bot_scratch_create();
        dice_rng rng;
        dice_seed(&rng, 3);
        rules_command c;
        char why[256] = "";
        assert_true(bot_pick_why(bs, g, (bot_level)level, &rng, &c, why, sizeof why));
        if (level == BOT_NORMAL) {
            assert_int_equal(c.kind, RULES_CMD_END_PHASE);
            rules_command ev = {.kind = RULES_CMD_EVADE};
            char w2[256] = "";
            float val = 0;
            ev.side = t15_side(g, 0);
            ev.unit = t15_unit(g, "Picket");
            ev.path[0] = cr15_v2(60, 30);
            ev.path_count = 1;
            assert_true(game_validate(g, &ev, NULL, 0));
            assert_true(game_bot_value(g, &ev, &val, w2, sizeof w2));
            assert_true(val < 0);
            assert_non_null(strstr(w2, "stands to meet the charge"));
        } else {
            assert_int_equal(c.kind, RULES_CMD_EVADE);
        }
        bot_scratch_destroy(bs);
        game_destroy(g);
    }
}

/* The normal level's value of a charge by a warrior set `y` cm off a rifleman. */
static float charge_value_from(float y, char *why, size_t size)
{
    t15_build b;
    char fig[128];
    snprintf(fig, sizeof fig, "{\"name\": \"Warrior 1\", \"weapon\": \"spear\", \"pos\": [60, %g]}",
             (double)y);
    t15_begin(&b, "", "", "\"victory\": [{\"kind\": \"turns\", \"turns\": 5, \"side\": \"Red\"}],");
    t15_unit_json(&b, "Picket", "Red", "regulars",
                  "{\"name\": \"Pte Ames\", \"weapon\": \"rifle\", \"pos\": [60, 40]}");
    t15_unit_json(&b, "Band", "Blue", "tribesmen", fig);
    game *g = t15_game(t15_end(&b), 1);
    t15_until(g, "charges", 1);
    rules_command c = {.kind = RULES_CMD_CHARGE,
                       .side = t15_side(g, 1),
                       .unit = t15_unit(g, "Band"),
                       .target = t15_fig(g, "Pte Ames")};
    float v = 0;
    assert_true(game_validate(g, &c, NULL, 0));
    assert_true(game_bot_value(g, &c, &v, why, size));
    game_destroy(g);
    return v;
}

/* A warrior who fails his test stays where he is this turn (CR15_F_STAYED): the same melee is
 * worth less from further off, where the move he loses would have closed more ground. */
static void test_charge_counts_the_lost_move(void **st)
{
    (void)st;
    char w1[256] = "", w2[256] = "";
    float near = charge_value_from(46, w1, sizeof w1), far = charge_value_from(56, w2, sizeof w2);
    assert_non_null(strstr(w1, "charge Picket"));
    assert_non_null(strstr(w2, "charge Picket"));
    assert_true(far < near - 0.05f);
}

/* The enemies a figure touches, from cr15_enemies_in_contact (the melee's lists come from the
 * contact index kept between events): the same figures in table order, the same count, and the
 * first `max` when there are more, as a walk of the whole table finds them, at every decision
 * of whole greedy games on both tables. */
static void test_contact_lists(void **st)
{
    (void)st;
    const char *files[] = {"cr15_mission_station.json", "cr15_square.json"};
    int touching = 0, crowded = 0;
    for (int fi = 0; fi < 2; fi++) {
        game *g = play_load(files[fi], 3);
        bot_scratch *b = bot_scratch_create();
        dice_rng rng;
        dice_seed(&rng, 3);
        for (int guard = 0; guard < 5000 && !game_over(g); guard++) {
            const rules_state *rs = game_rules_state(g);
            const table *t = game_table(g);
            for (int i = 0; i < t->figure_count; i++) {
                const figure *f = &t->figures[i];
                figure_id want[64];
                int nw = 0;
                for (int k = 0; k < t->figure_count; k++) {
                    const figure *e = &t->figures[k];
                    if (e->side.id != f->side.id && table_figure_active(e) &&
                        cr15_in_contact(rs, f, e) && nw < 64)
                        want[nw++] = e->id;
                }
                figure_id got[2] = {{0}, {0}};
                int n = cr15_enemies_in_contact(rs, t, f, got, 2);
                assert_int_equal(n, nw);
                for (int k = 0; k < nw && k < 2; k++)
                    assert_int_equal(got[k].id, want[k].id);
                assert_int_equal(cr15_enemies_in_contact(rs, t, f, NULL, 0), nw);
                touching += nw > 0;
                crowded += nw > 2;
            }
            rules_command c;
            assert_true(bot_pick(b, g, BOT_GREEDY, &rng, &c));
            t15_submit(g, &c);
        }
        bot_scratch_destroy(b);
        game_destroy(g);
    }
    /* the games had melees, some of more than two enemies on one man */
    assert_true(touching > 50);
    assert_true(crowded > 0);
}

/* A figure's sight of an enemy, from cr15_sees and from the pair keep (cr15_pair_sees, which
 * asks the terrain afresh), is los_figures' verdict without bases, at every fourth decision of
 * whole greedy games on both tables (it fails if either answers from a stale keep, or if the
 * terrain's yes or no and los_figures' verdict part). */
static void test_sight_pairs(void **st)
{
    (void)st;
    const char *files[] = {"cr15_mission_station.json", "cr15_square.json"};
    int clear = 0, blocked = 0;
    for (int fi = 0; fi < 2; fi++) {
        game *g = play_load(files[fi], 5);
        bot_scratch *b = bot_scratch_create();
        dice_rng rng;
        dice_seed(&rng, 5);
        for (int guard = 0; guard < 5000 && !game_over(g); guard++) {
            const rules_state *rs = game_rules_state(g);
            const table *t = game_table(g);
            for (int i = 0; guard % 4 == 0 && i < t->figure_count; i++) {
                const figure *a = &t->figures[i];
                for (int k = 0; k < t->figure_count; k++) {
                    const figure *e = &t->figures[k];
                    if (e->side.id == a->side.id || !table_figure_active(a) ||
                        !table_figure_active(e))
                        continue;
                    bool want =
                        los_figures(rs->los->ix, t, a->id, e->id, NULL).verdict == LOS_CLEAR;
                    assert_int_equal(cr15_sees(rs, t, a, e), want);
                    cr15_pair_keep scratch, *pk = cr15_pair_of(rs, a, e, &scratch);
                    assert_int_equal(cr15_pair_sees(rs, t, pk, a, e), want);
                    clear += want;
                    blocked += !want;
                }
            }
            rules_command c;
            assert_true(bot_pick(b, g, BOT_GREEDY, &rng, &c));
            t15_submit(g, &c);
        }
        bot_scratch_destroy(b);
        game_destroy(g);
    }
    /* both answers came up, many times */
    assert_true(clear > 1000);
    assert_true(blocked > 1000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bot_commands_are_legal),
        cmocka_unit_test(test_contact_lists),
        cmocka_unit_test(test_sight_pairs),
        cmocka_unit_test(test_war_bands_split),
        cmocka_unit_test(test_foot_stands),
        cmocka_unit_test(test_charge_counts_the_lost_move),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
