/* Seed 000, Killed and Wounded (optional rule), under fixed seeds: the wound die and every result,
 * the sealed Compassionate/Ruthless choice, dragging costs by wound and helpers, the wounded
 * defending behind the lines, the Ruthless rule at contact, the challenge and its penalty, and
 * the morale loss of a civilised side that chooses to be ruthless in a campaign. */
#include "lcr_harness.h"

#include "game/bot.h"
#include "game/game.h"
#include "rules/lcr/lcr_wounds.h"

#include <math.h>

#define SCN_HEAD                                                                                   \
    "{\"title\": \"wounds\", \"ruleset\": \"lcr\", \"seed\": 1, \"table\": {\"width_cm\": 100, "   \
    "\"height_cm\": 60}, \"sides\": [{\"name\": \"Spanish\"}, {\"name\": \"Moro\"}], "

/* Spanish (civilised): Lt, A and B beside the wounded man's spot, C, and a block of 11; Moros
 * far off, W1 nearer. %s: the Moro W1 position. */
#define WOUNDS_JSON                                                                                \
    SCN_HEAD                                                                                       \
    "\"ruleset_options\": {\"wounds\": true, \"civilised\": [\"Spanish\"]},"                       \
    "\"units\": [{\"name\": \"s\", \"side\": \"Spanish\", \"formation\": \"loose\","               \
    " \"commander\": \"Lt\", \"defaults\": {\"weapon\": \"mauser\", \"facing\": "                  \
    "\"east\", \"quality\": \"regular\"}, \"figures\": ["                                          \
    " {\"name\": \"Lt\", \"role\": \"officer\", \"pos\": [10, 30]},"                               \
    " {\"name\": \"Hurt\", \"pos\": [20, 30]},"                                                    \
    " {\"name\": \"A\", \"pos\": [17.4, 30]},"                                                     \
    " {\"name\": \"B\", \"pos\": [20, 32.6]},"                                                     \
    " {\"name\": \"C\", \"pos\": [10, 40]},"                                                       \
    " {\"name\": \"Light\", \"pos\": [10, 20]}],"                                                  \
    " \"blocks\": [{\"name\": \"R\", \"origin\": [4, 30], \"count\": 11, \"ranks\": 1}]},"         \
    " {\"name\": \"m\", \"side\": \"Moro\", \"formation\": \"loose\", \"commander\": "             \
    "\"Datu\", \"defaults\": {\"weapon\": \"kris\", \"facing\": \"west\"}, \"figures\": ["         \
    " {\"name\": \"Datu\", \"role\": \"leader\", \"pos\": [95, 55]},"                              \
    " {\"name\": \"W1\", \"weapon\": \"musket\", \"pos\": [%g, 30]},"                              \
    " {\"name\": \"W2\", \"pos\": [95, 5]}]}]}"

static const side_id SPAIN = {1}, MORO = {2};

static void open_wounds(harness *h, uint64_t seed, float w1_x)
{
    char json[4096];
    snprintf(json, sizeof json, WOUNDS_JSON, (double)w1_x);
    harness_open_text(h, json, seed);
}

static void choose(harness *h, side_id s, const char *option)
{
    rules_decision d = harness_decision(h);
    assert_int_equal(d.kind, RULES_DECIDE_SETUP);
    assert_int_equal(d.side.id, s.id);
    rules_command c = {.kind = RULES_CMD_CHOOSE, .side = s};
    snprintf(c.option, sizeof c.option, "%s", option);
    harness_must(h, c);
}

static void seal(harness *h, const char *spain, const char *moro)
{
    choose(h, SPAIN, spain);
    choose(h, MORO, moro);
    assert_int_equal(harness_decision(h).kind, RULES_DECIDE_DRAW_CARD);
}

static const figure *fig(const harness *h, const char *name)
{
    return table_figure_const(h->t, harness_find(h, name));
}

/* Test arrangement: a figure already carrying a wound (the table status the wound die sets). */
static void wound(harness *h, const char *name, uint32_t status)
{
    table_figure(h->t, harness_find(h, name))->status |= status;
}

static int morale_total(const harness *h, side_id s)
{
    return lcr_morale_total(lcr_rules_morale(h->rs, s));
}

static int events_with_ref(const harness *h, rules_event_kind kind, const char *ref_part)
{
    int n = 0;
    for (int i = h->mark; i < h->ev_count; i++)
        n += h->ev[i].kind == kind && strstr(h->ev[i].ref, ref_part) != NULL;
    return n;
}

/* ---- the wound die ------------------------------------------------------------------------- */

/* The data's table: 1-3 killed, 4 torso, 5 leg, 6 light; drag factors x4/x2 (torso) and x3/x1
 * (leg); civilised losses 5% + 5% per campaign scenario played; the caught penalty 10%. */
static void test_wounds_tables(void **state)
{
    (void)state;
    const lcr_data *d = test_lcr_data_shared();
    lcr_wound want[] = {LCR_WOUND_KILLED, LCR_WOUND_KILLED, LCR_WOUND_KILLED,
                        LCR_WOUND_TORSO,  LCR_WOUND_LEG,    LCR_WOUND_LIGHT};
    for (int face = 1; face <= 6; face++)
        assert_int_equal(lcr_wounds_result(d, face), want[face - 1]);
    assert_float_equal(lcr_wounds_drag_factor(d, LCR_WOUND_TORSO, 1), 4, 0);
    assert_float_equal(lcr_wounds_drag_factor(d, LCR_WOUND_TORSO, 2), 2, 0);
    assert_float_equal(lcr_wounds_drag_factor(d, LCR_WOUND_LEG, 1), 3, 0);
    assert_float_equal(lcr_wounds_drag_factor(d, LCR_WOUND_LEG, 2), 1, 0);
    assert_float_equal(lcr_wounds_drag_factor(d, LCR_WOUND_LIGHT, 1), 0, 0);
    /* The seed's example: ruthless in the 2nd Baler scenario costs 10%. */
    assert_int_equal(lcr_wounds_civilised_pct(d, 0), 5);
    assert_int_equal(lcr_wounds_civilised_pct(d, 1), 5);
    assert_int_equal(lcr_wounds_civilised_pct(d, 2), 10);
    assert_int_equal(lcr_wounds_civilised_pct(d, 3), 15);
    assert_int_equal(lcr_wounds_civilised_loss(d, 30, 1), 2); /* 1.5 rounds up */
    assert_int_equal(lcr_wounds_civilised_loss(d, 30, 3), 5); /* 4.5 rounds up */
    assert_int_equal(lcr_wounds_civilised_loss(d, 91, 2), 9); /* 9.1 */
    assert_int_equal(lcr_wounds_penalty_count(d, 15), 2);     /* 1.5 */
    assert_int_equal(lcr_wounds_penalty_count(d, 4), 1);      /* at least one */
    assert_int_equal(lcr_wounds_penalty_count(d, 0), 0);
}

/* Killing figure after figure: each throws the wound die; the face decides dead (a chit, off the
 * table), torso or leg (seriously wounded: a chit, stays on the table) or light (no chit). */
static void test_wounds_every_result(void **state)
{
    (void)state;
    harness h;
    open_wounds(&h, 11, 90);
    seal(&h, "compassionate", "compassionate");
    int seen[LCR_WOUND_COUNT] = {0};
    for (int i = 0; i < h.t->figure_count; i++) {
        const figure *f = &h.t->figures[i];
        if (f->side.id != SPAIN.id || strcmp(f->name, "Lt") == 0)
            continue;
        int before = morale_total(&h, SPAIN);
        h.mark = h.ev_count;
        lcr_casualty(h.rs, &h.ctx, f->id, FIGURE_STATUS_DEAD, "test", "shot");
        assert_int_equal(harness_count(&h, RULES_EV_DIE, "wound"), 1);
        int face = 0;
        for (int k = h.mark; k < h.ev_count; k++)
            if (h.ev[k].kind == RULES_EV_DIE && strcmp(h.ev[k].tag, "wound") == 0) {
                face = h.ev[k].value;
                assert_string_equal(h.ev[k].ref, LCR_REF " — Killed and Wounded");
            }
        lcr_wound w = lcr_wounds_result(h.rs->data, face);
        seen[w]++;
        f = &h.t->figures[i];
        switch (w) {
        case LCR_WOUND_KILLED:
            assert_true(face <= 3);
            assert_true(f->status & FIGURE_STATUS_DEAD);
            assert_int_equal(morale_total(&h, SPAIN), before > 0 ? before - 1 : 0);
            break;
        case LCR_WOUND_TORSO:
        case LCR_WOUND_LEG:
            assert_int_equal(face, w == LCR_WOUND_TORSO ? 4 : 5);
            assert_true(table_figure_active(f));
            assert_true(f->status & FIGURE_STATUS_SERIOUS);
            assert_true(f->status & (w == LCR_WOUND_TORSO ? LCR_STATUS_TORSO : LCR_STATUS_LEG));
            assert_int_equal(lcr_wounds_of(f), w);
            /* the seriously wounded count for morale */
            assert_int_equal(morale_total(&h, SPAIN), before > 0 ? before - 1 : 0);
            break;
        default:
            assert_int_equal(face, 6);
            assert_true(table_figure_active(f));
            assert_true(f->status & FIGURE_STATUS_WOUNDED);
            assert_false(f->status & FIGURE_STATUS_SERIOUS);
            assert_int_equal(morale_total(&h, SPAIN), before); /* a light wound is no casualty */
            break;
        }
    }
    for (int w = 0; w < LCR_WOUND_COUNT; w++)
        assert_true(seen[w] > 0);
    /* A seriously wounded man killed again dies without a second chit or die. */
    for (int i = 0; i < h.t->figure_count; i++) {
        const figure *f = &h.t->figures[i];
        if (!(f->status & FIGURE_STATUS_SERIOUS) || !table_figure_active(f))
            continue;
        int before = morale_total(&h, SPAIN);
        h.mark = h.ev_count;
        lcr_casualty(h.rs, &h.ctx, f->id, FIGURE_STATUS_DEAD, "test", "shot again");
        assert_int_equal(harness_count(&h, RULES_EV_DIE, "wound"), 0);
        assert_true(h.t->figures[i].status & FIGURE_STATUS_DEAD);
        assert_int_equal(morale_total(&h, SPAIN), before);
        break;
    }
    harness_close(&h);
}

/* In play: the loser of a close combat throws the wound die after the combat dice. */
static void test_wounds_close_combat_loser_rolls(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 4; seed++) {
        harness h;
        open_wounds(&h, seed, 25);
        seal(&h, "compassionate", "ruthless");
        harness_activate(&h, harness_find(&h, "W1")); /* on a soldier card */
        rules_command mv = {.kind = RULES_CMD_MOVE, .side = MORO, .path_count = 1};
        rules_command_add_figure(&mv, harness_find(&h, "W1"));
        mv.path[0] = (vec2s){{21, 30}};
        harness_must(&h, mv);
        harness_must(&h, (rules_command){.kind = RULES_CMD_END_ACTIVATION, .side = MORO});
        assert_true(harness_count(&h, RULES_EV_DIE, "close_combat") >= 2);
        assert_int_equal(harness_count(&h, RULES_EV_DIE, "wound"), 1);
        int last_cc = -1, wound_at = -1;
        for (int i = h.mark; i < h.ev_count; i++) {
            if (h.ev[i].kind == RULES_EV_DIE && strcmp(h.ev[i].tag, "close_combat") == 0)
                last_cc = i;
            if (h.ev[i].kind == RULES_EV_DIE && strcmp(h.ev[i].tag, "wound") == 0)
                wound_at = i;
        }
        assert_true(wound_at > last_cc);
        harness_close(&h);
    }
}

/* ---- the sealed choice ----------------------------------------------------------------------- */

/* Before play each side seals its choice; the driver shows the other side's slip face down; the
 * bot gets both choices from legal(); anything but CHOOSE is refused. */
static void test_wounds_sealed_choice(void **state)
{
    (void)state;
    harness h;
    open_wounds(&h, 2, 90);
    rules_decision d = harness_decision(&h);
    assert_int_equal(d.kind, RULES_DECIDE_SETUP);
    char why[256];
    assert_false(harness_submit(&h, (rules_command){.kind = RULES_CMD_DRAW_CARD, .side = SPAIN},
                                why, sizeof why));
    assert_non_null(strstr(why, "compassionate"));
    rules_command legal[8];
    int n = lcr_rules_ops.legal(h.rs, h.t, legal, 8);
    assert_int_equal(n, 2);
    assert_int_equal(legal[0].kind, RULES_CMD_CHOOSE);
    assert_string_equal(legal[1].option, "ruthless");
    choose(&h, SPAIN, "ruthless");
    /* The choice event does not say which. */
    for (int i = h.mark; i < h.ev_count; i++)
        assert_null(strstr(h.ev[i].text, "ruthless"));
    choose(&h, MORO, "compassionate");
    rules_driver_item items[64];
    int k = lcr_rules_ops.view->driver(h.rs, h.t, MORO, items, 64);
    int sealed = 0;
    for (int i = 0; i < k; i++) {
        if (items[i].kind != RULES_DRIVER_SEALED)
            continue;
        sealed++;
        if (items[i].side.id == SPAIN.id) {
            assert_true(items[i].hidden);
            assert_int_equal(items[i].value, 0);
            assert_null(strstr(items[i].label, "ruthless"));
        } else {
            assert_false(items[i].hidden);
            assert_string_equal(items[i].label, "wounded: compassionate");
        }
    }
    assert_int_equal(sealed, 2);
    k = lcr_rules_ops.view->driver(h.rs, h.t, SPAIN, items, 64);
    for (int i = 0; i < k; i++)
        if (items[i].kind == RULES_DRIVER_SEALED && items[i].side.id == SPAIN.id)
            assert_string_equal(items[i].label, "wounded: ruthless");
    harness_close(&h);
}

/* ---- dragging -------------------------------------------------------------------------------- */

static rules_command aid(figure_id helper, figure_id second, figure_id hurt, float y)
{
    rules_command c = {.kind = RULES_CMD_AID, .side = SPAIN, .figure = helper, .target = hurt};
    if (second.id)
        rules_command_add_figure(&c, second);
    c.path[0] = (vec2s){{20, y}};
    c.path_count = 1;
    return c;
}

/* A regular helper has 20 cm: torso x4 (5 cm) with one helper, x2 (10 cm) with two; leg x3
 * (6.67 cm) and x1 (20 cm). The wounded and his helpers move together; the other side may
 * challenge (decision REACT) and passes here. */
static void test_wounds_drag_costs(void **state)
{
    (void)state;
    struct {
        uint32_t wound;
        int helpers;
        float limit;
    } cases[] = {{LCR_STATUS_TORSO, 1, 5.0f},
                 {LCR_STATUS_TORSO, 2, 10.0f},
                 {LCR_STATUS_LEG, 1, 20.0f / 3.0f},
                 {LCR_STATUS_LEG, 2, 20.0f}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        harness h;
        open_wounds(&h, 5, 90);
        seal(&h, "compassionate", "compassionate");
        wound(&h, "Hurt", FIGURE_STATUS_SERIOUS | cases[c].wound);
        harness_activate(&h, harness_find(&h, "Lt"));
        figure_id hurt = harness_find(&h, "Hurt"), a = harness_find(&h, "A");
        figure_id b = cases[c].helpers == 2 ? harness_find(&h, "B") : (figure_id){0};
        char why[256];
        float lim = cases[c].limit;
        assert_false(harness_submit(&h, aid(a, b, hurt, 30 - lim - 0.2f), why, sizeof why));
        assert_non_null(strstr(why, "beyond the helpers' allowance"));
        float bx = fig(&h, "B")->pos.x, by = fig(&h, "B")->pos.y;
        harness_must(&h, aid(a, b, hurt, 30 - lim + 0.05f));
        assert_float_equal(fig(&h, "Hurt")->pos.y, 30 - lim + 0.05f, 1e-3);
        assert_float_equal(fig(&h, "A")->pos.y, 30 - lim + 0.05f, 1e-3);
        assert_float_equal(fig(&h, "A")->pos.x, 17.4f, 1e-3);
        if (cases[c].helpers == 2)
            assert_float_equal(fig(&h, "B")->pos.y, by - lim + 0.05f, 1e-3);
        else
            assert_float_equal(fig(&h, "B")->pos.y, by, 0);
        (void)bx;
        assert_true(events_with_ref(&h, RULES_EV_MOVE, "Compassionate") >= 2);
        /* The helpers have acted. */
        assert_false(lcr_may_act(h.rs, h.t, a, why, sizeof why));
        rules_decision d = harness_decision(&h);
        assert_int_equal(d.kind, RULES_DECIDE_REACT);
        assert_int_equal(d.side.id, MORO.id);
        harness_must(&h, (rules_command){.kind = RULES_CMD_PASS, .side = MORO});
        assert_int_equal(harness_decision(&h).kind, RULES_DECIDE_ACT);
        harness_close(&h);
    }
}

/* Refusals: a helper not in base contact; three helpers; a man not wounded; the wounded moving
 * by himself. */
static void test_wounds_aid_refusals(void **state)
{
    (void)state;
    harness h;
    open_wounds(&h, 5, 90);
    seal(&h, "compassionate", "compassionate");
    wound(&h, "Hurt", FIGURE_STATUS_SERIOUS | LCR_STATUS_LEG);
    harness_activate(&h, harness_find(&h, "Lt"));
    figure_id hurt = harness_find(&h, "Hurt");
    char why[256];
    assert_false(
        harness_submit(&h, aid(harness_find(&h, "C"), (figure_id){0}, hurt, 27), why, sizeof why));
    assert_non_null(strstr(why, "base contact"));
    assert_false(
        harness_submit(&h, aid(harness_find(&h, "A"), (figure_id){0}, harness_find(&h, "B"), 27),
                       why, sizeof why));
    assert_non_null(strstr(why, "seriously wounded figure of your side"));
    rules_command three = aid(harness_find(&h, "A"), harness_find(&h, "B"), hurt, 27);
    rules_command_add_figure(&three, harness_find(&h, "C"));
    assert_false(harness_submit(&h, three, why, sizeof why));
    assert_non_null(strstr(why, "one or two helpers"));
    rules_command mv = {.kind = RULES_CMD_MOVE, .side = SPAIN, .path_count = 1};
    rules_command_add_figure(&mv, hurt);
    mv.path[0] = (vec2s){{20, 25}};
    assert_false(harness_submit(&h, mv, why, sizeof why));
    assert_non_null(strstr(why, "cannot move"));
    /* legal() offers the honest compassionate side an aid for the bot. */
    rules_command legal[256];
    int n = lcr_rules_ops.legal(h.rs, h.t, legal, 256), aids = 0;
    for (int i = 0; i < n; i++)
        aids += legal[i].kind == RULES_CMD_AID && legal[i].target.id == hurt.id;
    assert_true(aids >= 1);
    rules_action acts[16];
    int na = lcr_rules_ops.view->actions(h.rs, h.t, harness_find(&h, "A"), acts, 16), aid_on = 0;
    for (int i = 0; i < na; i++)
        aid_on += acts[i].kind == RULES_CMD_AID && acts[i].enabled;
    assert_int_equal(aid_on, 1);
    harness_close(&h);
}

/* ---- the wounded defend; a light wound ----------------------------------------------------------
 */

/* A seriously wounded man with no enemy within 10 cm may fire, counting the range doubled: a
 * target 15 cm away is at short range (5+) for the others, long (6+) for him; with the enemy
 * within 10 cm he cannot act. A light wound doubles movement costs: 10 cm of a regular's 20. */
static void test_wounds_defend_and_light(void **state)
{
    (void)state;
    harness h;
    open_wounds(&h, 5, 35);
    seal(&h, "compassionate", "compassionate");
    wound(&h, "Hurt", FIGURE_STATUS_SERIOUS | LCR_STATUS_TORSO);
    wound(&h, "C", FIGURE_STATUS_WOUNDED);
    harness_activate(&h, harness_find(&h, "Lt"));
    rules_target tg[4];
    rules_command probe = {.kind = RULES_CMD_FIRE, .side = SPAIN};
    rules_command_add_figure(&probe, harness_find(&h, "Hurt"));
    assert_int_equal(lcr_rules_ops.view->targets(h.rs, h.t, &probe, tg, 4), 1);
    assert_int_equal(tg[0].need, 6);
    assert_string_equal(tg[0].band, "long");
    probe.figures[0] = harness_find(&h, "B");
    assert_int_equal(lcr_rules_ops.view->targets(h.rs, h.t, &probe, tg, 4), 1);
    assert_int_equal(tg[0].need, 5);
    /* Light wound: reach 10 cm over clear ground, a move of 10.5 refused. */
    rules_reach r;
    rules_command mv = {.kind = RULES_CMD_MOVE, .side = SPAIN, .path_count = 1};
    rules_command_add_figure(&mv, harness_find(&h, "C"));
    assert_true(lcr_rules_ops.view->reach(h.rs, h.t, &mv, (vec2s){{0, 1}}, &r));
    assert_float_equal(r.max_cm, 10.0f, 1e-3);
    char why[256];
    mv.path[0] = (vec2s){{10, 50.5f}};
    assert_false(harness_submit(&h, mv, why, sizeof why));
    mv.path[0] = (vec2s){{10, 49.9f}};
    harness_must(&h, mv);
    harness_close(&h);

    open_wounds(&h, 5, 28);
    seal(&h, "compassionate", "compassionate");
    wound(&h, "Hurt", FIGURE_STATUS_SERIOUS | LCR_STATUS_TORSO);
    harness_activate(&h, harness_find(&h, "Lt"));
    assert_false(lcr_may_act(h.rs, h.t, harness_find(&h, "Hurt"), why, sizeof why));
    assert_non_null(strstr(why, "behind the lines"));
    harness_close(&h);
}

/* ---- Ruthless ----------------------------------------------------------------------------------
 */

/* A ruthless side's wounded man dies when an enemy reaches base contact (no chit: he was counted
 * when wounded); a compassionate side's wounded man does not. */
static void test_wounds_ruthless_contact(void **state)
{
    (void)state;
    for (int ruthless = 0; ruthless <= 1; ruthless++) {
        harness h;
        open_wounds(&h, 7, 40);
        seal(&h, "compassionate", ruthless ? "ruthless" : "compassionate");
        wound(&h, "W1", FIGURE_STATUS_SERIOUS | LCR_STATUS_LEG);
        harness_activate(&h, harness_find(&h, "Lt"));
        int before = morale_total(&h, MORO);
        rules_command mv = {.kind = RULES_CMD_MOVE, .side = SPAIN, .path_count = 1};
        /* B walks east to W1 (A would be stopped by the wounded man's base beside him). */
        rules_command_add_figure(&mv, harness_find(&h, "B"));
        mv.path[0] = (vec2s){{37.3f, 32.6f}};
        harness_must(&h, mv);
        const figure *w1 = fig(&h, "W1");
        assert_int_equal(table_figure_active(w1), !ruthless);
        assert_int_equal(events_with_ref(&h, RULES_EV_REMOVE, "Ruthless"), ruthless);
        assert_int_equal(morale_total(&h, MORO), before);
        harness_close(&h);
    }
}

/* ---- the challenge ----------------------------------------------------------------------------
 */

/* Spain sealed "ruthless" yet drags a wounded man; the Moros challenge: the slip is opened and
 * Spain is caught. Its seriously wounded die (no new chit), its lightly wounded die (a chit
 * each), and 10% of its 15 healthy figures (2) become casualties, each through the wound die. */
static void test_wounds_challenge_caught(void **state)
{
    (void)state;
    harness h;
    open_wounds(&h, 9, 90);
    seal(&h, "ruthless", "compassionate");
    wound(&h, "Hurt", FIGURE_STATUS_SERIOUS | LCR_STATUS_TORSO);
    wound(&h, "Light", FIGURE_STATUS_WOUNDED);
    harness_activate(&h, harness_find(&h, "Lt"));
    harness_must(&h, aid(harness_find(&h, "A"), (figure_id){0}, harness_find(&h, "Hurt"), 27));
    rules_decision d = harness_decision(&h);
    assert_int_equal(d.kind, RULES_DECIDE_REACT);
    int before = morale_total(&h, SPAIN);
    harness_must(&h, (rules_command){.kind = RULES_CMD_CHALLENGE, .side = MORO});
    assert_true(fig(&h, "Hurt")->status & FIGURE_STATUS_DEAD);
    assert_true(fig(&h, "Light")->status & FIGURE_STATUS_DEAD);
    /* Two victims, each throwing the wound die. */
    assert_int_equal(harness_count(&h, RULES_EV_DIE, "penalty_victim"), 2);
    assert_int_equal(harness_count(&h, RULES_EV_DIE, "wound"), 2);
    int chits = 1; /* the light wounded man's */
    for (int i = h.mark; i < h.ev_count; i++)
        if (h.ev[i].kind == RULES_EV_DIE && strcmp(h.ev[i].tag, "wound") == 0)
            chits += lcr_wounds_result(h.rs->data, h.ev[i].value) != LCR_WOUND_LIGHT;
    assert_int_equal(morale_total(&h, SPAIN), before - chits);
    assert_int_equal(harness_count(&h, RULES_EV_MORALE, "take"), chits);
    /* The slip is open to both now, and the Moros' one challenge is spent. */
    rules_driver_item items[64];
    int k = lcr_rules_ops.view->driver(h.rs, h.t, MORO, items, 64);
    bool shown = false;
    for (int i = 0; i < k; i++)
        shown |= items[i].kind == RULES_DRIVER_SEALED && items[i].side.id == SPAIN.id &&
                 !items[i].hidden && strcmp(items[i].label, "wounded: ruthless") == 0;
    assert_true(shown);
    assert_true(lcr_wounds_get(h.rs)->challenge_used[MORO.id - 1]);
    harness_close(&h);
}

/* An honest compassionate aid survives the challenge: no one dies, and no second challenge. */
static void test_wounds_challenge_honest(void **state)
{
    (void)state;
    harness h;
    open_wounds(&h, 9, 90);
    seal(&h, "compassionate", "compassionate");
    wound(&h, "Hurt", FIGURE_STATUS_SERIOUS | LCR_STATUS_LEG);
    harness_activate(&h, harness_find(&h, "Lt"));
    figure_id hurt = harness_find(&h, "Hurt");
    harness_must(&h, aid(harness_find(&h, "A"), (figure_id){0}, hurt, 28));
    harness_must(&h, (rules_command){.kind = RULES_CMD_CHALLENGE, .side = MORO});
    assert_int_equal(harness_count(&h, RULES_EV_REMOVE, NULL), 0);
    assert_true(table_figure_active(fig(&h, "Hurt")));
    assert_int_equal(harness_decision(&h).kind, RULES_DECIDE_ACT);
    harness_must(&h, aid(harness_find(&h, "B"), (figure_id){0}, hurt, 26));
    assert_int_equal(harness_decision(&h).kind, RULES_DECIDE_ACT); /* challenge spent */
    harness_close(&h);
}

/* ---- a civilised side choosing Ruthless --------------------------------------------------------
 */

/* 91 Spanish figures give 30 chits. Ruthless costs 5% in a campaign's first scenario (2 chits,
 * 1.5 rounded), 10% in the second (3) and 15% in the third (5, from 4.5), taken from the first
 * piles; Compassionate costs nothing, nor does Ruthless for a side that is not civilised. */
#define CAMPAIGN_JSON                                                                              \
    SCN_HEAD                                                                                       \
    "\"ruleset_options\": {\"wounds\": true, \"civilised\": [1]},"                                 \
    " \"campaign\": {\"name\": \"Baler\", \"position\": %d},"                                      \
    "\"units\": [{\"name\": \"s\", \"side\": \"Spanish\", \"formation\": \"loose\","               \
    " \"commander\": \"Lt\", \"defaults\": {\"weapon\": \"mauser\", \"facing\": \"north\"}, "      \
    "\"figures\": ["                                                                               \
    " {\"name\": \"Lt\", \"role\": \"officer\", \"pos\": [5, 5]}],"                                \
    " \"blocks\": [{\"name\": \"R\", \"origin\": [50, 30], \"count\": 90, \"ranks\": 3}]},"        \
    " {\"name\": \"m\", \"side\": \"Moro\", \"formation\": \"loose\", \"figures\": ["              \
    " {\"name\": \"Datu\", \"role\": \"leader\", \"weapon\": \"kris\", \"pos\": [95, "             \
    "55]}]}]}"

static void test_wounds_civilised_campaign(void **state)
{
    (void)state;
    struct {
        int position;
        const char *spain;
        int lost;
    } cases[] = {
        {1, "ruthless", 2}, {2, "ruthless", 3}, {3, "ruthless", 5}, {3, "compassionate", 0}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        char json[4096];
        snprintf(json, sizeof json, CAMPAIGN_JSON, cases[c].position);
        harness h;
        harness_open_text(&h, json, 3);
        assert_int_equal(morale_total(&h, SPAIN), 30);
        int moro = morale_total(&h, MORO);
        choose(&h, SPAIN, cases[c].spain);
        assert_int_equal(morale_total(&h, SPAIN), 30); /* nothing shows until both are sealed */
        choose(&h, MORO, "ruthless");
        assert_int_equal(morale_total(&h, SPAIN), 30 - cases[c].lost);
        assert_int_equal(morale_total(&h, MORO), moro);
        assert_int_equal(lcr_rules_morale(h.rs, SPAIN)->piles[0], 6 - cases[c].lost);
        assert_int_equal(events_with_ref(&h, RULES_EV_MORALE, "civilised"), cases[c].lost > 0);
        assert_int_equal(h.rs->casualties[0], 0); /* chits, not casualties */
        harness_close(&h);
    }
}

/* Random legal games with the rule on play the shipped teaching scenario to its end: both sides
 * seal a choice first, and wound dice are thrown. */
static void test_wounds_games_finish(void **state)
{
    (void)state;
    int wound_dice = 0, chooses = 0, aids = 0;
    for (uint64_t seed = 1; seed <= 4; seed++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/scenarios/lcr_teaching.json", SANDTABLE_SOURCE_DIR);
        harness h;
        memset(&h, 0, sizeof h);
        scenario_error err;
        h.scn = scenario_load_file(path, &err);
        assert_non_null(h.scn);
        json_object_set_new(h.scn->rules_options, "wounds", json_true());
        json_object_set_new(h.scn->rules_options, "civilised", json_pack("[s]", "Spanish"));
        harness_start(&h, seed);
        dice_rng pick;
        dice_seed(&pick, seed * 17u + 1);
        static rules_command legal[512];
        for (int steps = 0; steps < 20000; steps++) {
            if (harness_decision(&h).kind == RULES_DECIDE_NONE)
                break;
            int n = lcr_rules_ops.legal(h.rs, h.t, legal, 512);
            assert_true(n > 0);
            int k = (int)dice_below(&pick, (uint32_t)n);
            for (int i = 0; i < n; i++)
                if (legal[i].kind == RULES_CMD_AID)
                    k = i; /* the bot aids when it can */
            chooses += legal[k].kind == RULES_CMD_CHOOSE;
            aids += legal[k].kind == RULES_CMD_AID;
            harness_must(&h, legal[k]);
        }
        for (int i = 0; i < h.ev_count; i++)
            wound_dice += h.ev[i].kind == RULES_EV_DIE && strcmp(h.ev[i].tag, "wound") == 0;
        rules_outcome o;
        lcr_rules_ops.outcome(h.rs, h.t, &o);
        assert_true(o.over);
        harness_close(&h);
    }
    assert_int_equal(chooses, 8);
    assert_true(wound_dice > 0);
    print_message("wound dice %d, aids %d\n", wound_dice, aids);
}

/* Through the engine with every optional rule of this issue on (wounds, reinforcement sight):
 * greedy and random bots finish the teaching scenario (its reinforcements a turn early) with the
 * events checked against apply() after every command (verify_events); wound dice and sight events
 * occur; going back to points of the log and forward again gives the hashes of the first time. */
static void test_wounds_engine_verified(void **state)
{
    (void)state;
    char path[1024];
    snprintf(path, sizeof path, "%s/scenarios/lcr_teaching.json", SANDTABLE_SOURCE_DIR);
    scenario_error err;
    scenario *s = scenario_load_file(path, &err);
    assert_non_null(s);
    json_object_set_new(s->rules_options, "wounds", json_true());
    json_object_set_new(s->rules_options, "reinforcement_sight", json_true());
    json_object_set_new(s->rules_options, "civilised", json_pack("[s]", "Spanish"));
    s->reinforcements[0].turn = 2; /* the Sultan's guard a turn early, so short games see it */
    int sight_events = 0, wound_dice = 0;
    for (uint64_t seed = 1; seed <= 4; seed++) {
        game_error gerr;
        game *g = game_create(
            &(game_desc){.scenario = s, .seed_set = true, .seed = seed, .verify_events = true},
            &gerr);
        assert_non_null(g);
        dice_rng rng;
        dice_seed(&rng, seed);
        static uint64_t hashes[6000];
        int n = 0;
        for (; n < 5000 && !game_over(g); n++) {
            rules_command cmd;
            assert_true(bot_choose(g, seed == 1 ? BOT_GREEDY : BOT_RANDOM, &rng, &cmd));
            char why[256] = "";
            if (!game_submit(g, &cmd, why, sizeof why))
                fail_msg("bot command refused: %s", why);
            hashes[n] = game_hash(g);
        }
        assert_true(game_over(g));
        rules_outcome oc;
        game_outcome(g, &oc);
        print_message("engine game %d: %d commands, turn %d: %s\n", (int)seed, n, game_turn(g),
                      oc.reason);
        assert_true(n > 10);
        for (int i = 0; i < n; i++) {
            int ne = 0;
            const rules_event *ev = game_events(g, i, &ne);
            for (int k = 0; k < ne; k++) {
                sight_events += strncmp(ev[k].tag, "sight_", 6) == 0;
                wound_dice += ev[k].kind == RULES_EV_DIE && strcmp(ev[k].tag, "wound") == 0;
            }
        }
        for (int back = n / 3; back < n; back += n / 3 + 1) {
            assert_true(game_goto(g, back + 1));
            assert_true(game_hash(g) == hashes[back]);
        }
        assert_true(game_goto(g, n));
        assert_true(game_hash(g) == hashes[n - 1]);
        game_destroy(g);
    }
    assert_true(sight_events > 0 && wound_dice > 0);
    scenario_destroy(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wounds_tables),
        cmocka_unit_test(test_wounds_every_result),
        cmocka_unit_test(test_wounds_close_combat_loser_rolls),
        cmocka_unit_test(test_wounds_sealed_choice),
        cmocka_unit_test(test_wounds_drag_costs),
        cmocka_unit_test(test_wounds_aid_refusals),
        cmocka_unit_test(test_wounds_defend_and_light),
        cmocka_unit_test(test_wounds_ruthless_contact),
        cmocka_unit_test(test_wounds_challenge_caught),
        cmocka_unit_test(test_wounds_challenge_honest),
        cmocka_unit_test(test_wounds_civilised_campaign),
        cmocka_unit_test(test_wounds_games_finish),
        cmocka_unit_test(test_wounds_engine_verified),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    test_lcr_data_shared_free();
    return rc;
}
