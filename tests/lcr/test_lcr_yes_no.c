/* legal() and the yes-or-no checks take short cuts the checks that give a reason do not (issue
 * 19): a straight move made of the figure's reach asks no path, grapeshot looks for the nearest
 * enemy only within its range. Over played games of the shipped scenarios, every candidate
 * legal() offers is one validate accepts when asked for its reason, and a gun's shot at any
 * enemy with any ammunition gets the same answer with a reason and without. */
#include "lcr_harness.h"

#include "rules/lcr/lcr_artillery_math.h"
#include "rules/lcr/lcr_data.h"

static rules_command legal[512];

/* Every shot of gun g at every enemy: validate's yes or no against its answer with a reason. */
static int check_gun(harness *h, const figure *g, const lcr_gun *gt)
{
    int asked = 0;
    for (int i = 0; i < h->t->figure_count; i++) {
        const figure *e = &h->t->figures[i];
        if (e->side.id == g->side.id || !table_figure_active(e))
            continue;
        for (int a = 0; a < LCR_AMMO_COUNT; a++) {
            if (!lcr_artillery_fires(gt, (lcr_ammo)a))
                continue;
            rules_command c = {.kind = RULES_CMD_FIRE, .side = g->side, .target = e->id};
            rules_command_add_figure(&c, g->id);
            snprintf(c.option, sizeof c.option, "%s", lcr_data_ammo_name((lcr_ammo)a));
            c.point_set = a != LCR_AMMO_GRAPESHOT;
            c.point = e->pos;
            char why[256] = "";
            bool yes = lcr_rules_ops.validate(h->rs, h->t, &c, NULL, 0);
            bool reasoned = lcr_rules_ops.validate(h->rs, h->t, &c, why, sizeof why);
            if (yes != reasoned)
                fail_msg("gun %u at %u with %s: %d without a reason, %d with (%s)", g->id.id,
                         e->id.id, c.option, yes, reasoned, why);
            asked++;
        }
    }
    return asked;
}

/* Plays `steps` commands picked at random from legal(), checking each decision's candidates. */
static void play_checked(const char *name, uint64_t seed, int steps, int *moves, int *shots)
{
    harness h;
    harness_open(&h, name, seed);
    dice_rng pick;
    dice_seed(&pick, seed * 104729u + 3);
    for (int s = 0; s < steps; s++) {
        rules_decision d = harness_decision(&h);
        if (d.kind == RULES_DECIDE_NONE)
            break;
        int n = lcr_rules_ops.legal(h.rs, h.t, legal, 512);
        assert_true(n > 0);
        for (int k = 0; k < n; k++) {
            char why[256] = "";
            if (!lcr_rules_ops.validate(h.rs, h.t, &legal[k], why, sizeof why))
                fail_msg("%s seed %llu step %d: legal() offered a command validate refuses: %s",
                         name, (unsigned long long)seed, s, why);
            *moves += legal[k].kind == RULES_CMD_MOVE;
        }
        for (int k = 0; k < n && d.kind == RULES_DECIDE_ACT; k++) {
            const figure *g =
                legal[k].figure_count == 1 ? table_figure_const(h.t, legal[k].figures[0]) : NULL;
            const lcr_gun *gt = g ? lcr_artillery_gun_of(h.rs->data, g) : NULL;
            if (gt && legal[k].kind == RULES_CMD_FIRE && legal[k].option[0] &&
                (k == 0 || legal[k - 1].figures[0].id != g->id.id))
                *shots += check_gun(&h, g, gt);
        }
        int k = (int)dice_below(&pick, (uint32_t)n);
        if (legal[k].kind == RULES_CMD_END_ACTIVATION && n > 1 && dice_below(&pick, 4) != 0)
            k = (int)dice_below(&pick, (uint32_t)(n - 1));
        harness_must(&h, legal[k]);
    }
    harness_close(&h);
}

static void test_yes_no_agree(void **state)
{
    (void)state;
    const char *names[] = {"lcr_lanao_road.json", "lcr_baler.json", "lcr_teaching.json"};
    int moves = 0, shots = 0;
    for (int s = 0; s < 3; s++)
        for (uint64_t seed = 1; seed <= 2; seed++)
            play_checked(names[s], seed, 400, &moves, &shots);
    /* the games did offer moves, and guns (Lanao's) did fire */
    assert_true(moves > 100);
    assert_true(shots > 10);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_yes_no_agree),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    test_lcr_data_shared_free();
    return rc;
}
