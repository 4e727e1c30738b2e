/* Seed 000, Types Of Artillery, under fixed seeds: the roundshot line and its bounce, the
 * deviation of a miss, grapeshot as area fire, the shrapnel burst, and the crew (-1 to hit per
 * missing gunner, two infantry standing in for one). Scenario: tests/lcr/lcr_artillery.json. */
#include "lcr_harness.h"

#include "game/bot.h"
#include "game/game.h"
#include "rules/lcr/lcr_artillery_math.h"

#include <math.h>

static const side_id SPAIN = {1};

static void open_battery(harness *h, uint64_t seed)
{
    harness_open(h, "../tests/lcr/lcr_artillery.json", seed);
}

static vec2s at(float x, float y)
{
    return (vec2s){{x, y}};
}

static rules_command gun_fire(figure_id gun, const char *ammo, bool point_set, vec2s point)
{
    rules_command c = {.kind = RULES_CMD_FIRE, .side = SPAIN, .point_set = point_set};
    rules_command_add_figure(&c, gun);
    c.point = point;
    snprintf(c.option, sizeof c.option, "%s", ammo);
    return c;
}

static void dump(const harness *h)
{
    if (!getenv("LCR_ARTILLERY_DUMP"))
        return;
    for (int i = h->mark; i < h->ev_count; i++) {
        char buf[512];
        fprintf(stderr, "  %s\n", rules_event_format(&h->ev[i], buf, sizeof buf));
    }
}

/* The events of the last command of a kind and tag, for figure `fig` (0: any). */
static int count_for(const harness *h, rules_event_kind kind, const char *tag, figure_id fig)
{
    int n = 0;
    for (int i = h->mark; i < h->ev_count; i++)
        n += h->ev[i].kind == kind && (!tag || strcmp(h->ev[i].tag, tag) == 0) &&
             (fig.id == 0 || h->ev[i].figure.id == fig.id);
    return n;
}

static const rules_event *first_of(const harness *h, rules_event_kind kind, const char *tag)
{
    for (int i = h->mark; i < h->ev_count; i++)
        if (h->ev[i].kind == kind && (!tag || strcmp(h->ev[i].tag, tag) == 0))
            return &h->ev[i];
    return NULL;
}

static void refuse_with(harness *h, rules_command c, const char *reason)
{
    char why[256] = "";
    assert_false(harness_submit(h, c, why, sizeof why));
    if (!strstr(why, reason))
        fail_msg("reason \"%s\" lacks \"%s\"", why, reason);
}

/* ---- the pure rules ------------------------------------------------------------------------ */

/* Six gunners make a full crew; each missing one is -1; two stand-ins make one gunner, an odd
 * one does not count; more than six never helps. */
static void test_artillery_crew_modifiers(void **state)
{
    (void)state;
    const lcr_artillery *a = &test_lcr_data_shared()->artillery;
    assert_int_equal(a->crew, 6);
    static const struct {
        int gunners, stand_ins, effective, modifier;
    } cases[] = {{6, 0, 6, 0},  {5, 0, 5, -1}, {4, 0, 4, -2}, {4, 4, 6, 0},
                 {4, 3, 5, -1}, {4, 9, 6, 0},  {0, 12, 6, 0}, {0, 5, 2, -4},
                 {1, 0, 1, -5}, {0, 1, 0, -6}, {8, 0, 6, 0}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        lcr_crew c = lcr_artillery_crew_count(a, cases[i].gunners, cases[i].stand_ins);
        assert_int_equal(c.effective, cases[i].effective);
        assert_int_equal(c.modifier, cases[i].modifier);
        assert_int_equal(c.missing, 6 - cases[i].effective);
    }
    /* The to-hit score rises by one per missing gunner: a Napoleon at 60 cm needs 4, with two
     * gunners missing 6, with four missing 8 (no hit possible: the shot deviates). */
    const lcr_gun *nap = lcr_data_gun(test_lcr_data_shared(), "napoleon");
    int need = 0;
    const char *band = NULL;
    assert_true(lcr_artillery_need(nap, LCR_AMMO_ROUNDSHOT, 60, 0, &need, &band));
    assert_int_equal(need, 4);
    assert_string_equal(band, "medium");
    assert_true(lcr_artillery_need(nap, LCR_AMMO_ROUNDSHOT, 60, -2, &need, NULL));
    assert_int_equal(need, 6);
    assert_true(lcr_artillery_need(nap, LCR_AMMO_ROUNDSHOT, 60, -4, &need, NULL));
    assert_int_equal(need, 8);
    assert_false(lcr_artillery_need(nap, LCR_AMMO_ROUNDSHOT, 121, 0, &need, NULL));
    assert_false(lcr_artillery_need(nap, LCR_AMMO_SHRAPNEL, 60, 0, &need, NULL));
    /* Grapeshot always hits: six hits, one fewer per missing gunner. */
    lcr_crew three = lcr_artillery_crew_count(a, 3, 0);
    assert_int_equal(lcr_artillery_grape_hits(nap, &three), 3);
}

/* The deviation table (assumed): a d6 for the direction, clockwise from straight on in 60 degree
 * steps, and a d6 of 2 cm a pip for the distance. */
static void test_artillery_deviation_table(void **state)
{
    (void)state;
    const lcr_artillery *a = &test_lcr_data_shared()->artillery;
    float deg, dist;
    /* Firing east from (25, 60) at (85, 60). */
    vec2s p = lcr_artillery_deviate(a, at(25, 60), at(85, 60), 1, 3, &deg, &dist);
    assert_float_equal(deg, 0, 1e-6);
    assert_float_equal(dist, 6, 1e-6);
    assert_float_equal(p.x, 91, 1e-4); /* over: 6 cm beyond */
    assert_float_equal(p.y, 60, 1e-4);
    p = lcr_artillery_deviate(a, at(25, 60), at(85, 60), 4, 5, &deg, &dist);
    assert_float_equal(deg, 180, 1e-6);
    assert_float_equal(p.x, 75, 1e-4); /* short: 10 cm */
    p = lcr_artillery_deviate(a, at(25, 60), at(85, 60), 2, 6, NULL, NULL);
    assert_float_equal(p.x, 85 + 12 * 0.5f, 1e-3); /* 60 degrees clockwise: down the table */
    assert_float_equal(p.y, 60 + 12 * sqrtf(3) / 2, 1e-3);
    p = lcr_artillery_deviate(a, at(25, 60), at(85, 60), 6, 1, NULL, NULL);
    assert_float_equal(p.x, 85 + 2 * 0.5f, 1e-3); /* 300 degrees: up the table */
    assert_float_equal(p.y, 60 - 2 * sqrtf(3) / 2, 1e-3);
}

/* The data: the two gun types and their ammunition, the deviation table, and a clear error for
 * a mistyped key. */
static void test_artillery_data(void **state)
{
    (void)state;
    const lcr_data *d = test_lcr_data_shared();
    const lcr_gun *nap = lcr_data_gun(d, "napoleon"), *rif = lcr_data_gun(d, "rifled");
    assert_non_null(nap);
    assert_non_null(rif);
    assert_null(lcr_data_gun(d, "mauser"));
    assert_true(lcr_artillery_fires(nap, LCR_AMMO_ROUNDSHOT));
    assert_true(lcr_artillery_fires(nap, LCR_AMMO_GRAPESHOT));
    assert_false(lcr_artillery_fires(nap, LCR_AMMO_SHRAPNEL));
    assert_false(lcr_artillery_fires(rif, LCR_AMMO_ROUNDSHOT));
    assert_true(lcr_artillery_fires(rif, LCR_AMMO_SHRAPNEL));
    assert_true(lcr_artillery_fires(rif, LCR_AMMO_GRAPESHOT));
    assert_float_equal(nap->ammo[LCR_AMMO_ROUNDSHOT].bounce_cm, 20, 1e-6);
    assert_float_equal(nap->ammo[LCR_AMMO_GRAPESHOT].rating_cm, 12, 1e-6);
    assert_float_equal(rif->ammo[LCR_AMMO_SHRAPNEL].burst_radius_cm, 5, 1e-6);
    assert_float_equal(lcr_artillery_max_range(rif, LCR_AMMO_SHRAPNEL), 150, 1e-6);
    assert_int_equal(d->artillery.deviation_faces, 6);
    assert_int_equal(lcr_data_ammo_parse("shrapnel"), LCR_AMMO_SHRAPNEL);
    assert_int_equal(lcr_data_ammo_parse("canister"), -1);
    /* A mistyped key in the shipped file is refused with its path. */
    char path[1024];
    snprintf(path, sizeof path, "%s/assets/rules/lcr.json", SANDTABLE_SOURCE_DIR);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    static char text[65536];
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = '\0';
    char *at_key = strstr(text, "\"bounce_cm\"");
    assert_non_null(at_key);
    memcpy(at_key, "\"bounce_xx\"", 11);
    lcr_data_error err;
    assert_null(lcr_data_load_string(text, n, "lcr.json", &err));
    assert_string_equal(err.path, "$.artillery.guns.napoleon.roundshot.bounce_xx");
    assert_string_equal(err.message, "unknown key \"bounce_xx\"");
    assert_true(err.line > 1);
}

/* ---- in play ------------------------------------------------------------------------------- */

/* The events of the last command for a figure, by kind and tag. */
static bool struck_on(const harness *h, figure_id fig, const char *tag)
{
    return count_for(h, RULES_EV_NOTE, tag, fig) == 1;
}

/* The figures the ball strikes: flight tag for those before the impact point, bounce tag for
 * those past it; each rolls exactly one save and dies unless it rolls a 6. */
static void check_ball(const harness *h, const char *const *flight, int nf,
                       const char *const *bounce, int nb, const char *const *missed, int nm)
{
    int save_dice = 0;
    for (int k = 0; k < nf + nb; k++) {
        const char *name = k < nf ? flight[k] : bounce[k - nf];
        figure_id id = harness_find(h, name);
        if (!struck_on(h, id, k < nf ? "ball_flight" : "ball_bounce"))
            fail_msg("%s is not struck %s", name, k < nf ? "in the flight" : "on the bounce");
        assert_int_equal(count_for(h, RULES_EV_DIE, "save", id), 1);
        int save = 0;
        for (int i = h->mark; i < h->ev_count; i++)
            if (h->ev[i].kind == RULES_EV_DIE && !strcmp(h->ev[i].tag, "save") &&
                h->ev[i].figure.id == id.id)
                save = h->ev[i].value;
        bool dead = (table_figure_const(h->t, id)->status & FIGURE_STATUS_DEAD) != 0;
        assert_int_equal(dead, save < 6);
        assert_int_equal(count_for(h, RULES_EV_REMOVE, NULL, id), save < 6);
        save_dice++;
    }
    for (int k = 0; k < nm; k++) {
        figure_id id = harness_find(h, missed[k]);
        assert_int_equal(count_for(h, RULES_EV_NOTE, "ball_flight", id) +
                             count_for(h, RULES_EV_NOTE, "ball_bounce", id),
                         0);
        assert_int_equal(count_for(h, RULES_EV_DIE, "save", id), 0);
        assert_true(table_figure_active(table_figure_const(h->t, id)));
    }
    assert_int_equal(count_for(h, RULES_EV_DIE, "save", (figure_id){0}), save_dice);
}

/* Roundshot on target: the Napoleon at (25, 60) fires east at (85, 60), 60 cm (medium range,
 * 4 to hit with a full crew). Line 70 and Line 80 are struck in the flight, Line 90 and Bounce 100
 * on the 20 cm bounce to (105, 60); Off 80 (4 cm off the line) and Beyond 110 are not. Dice seed
 * 12: the to-hit die is a 5 and every save fails; seed 2: a 5 again, and Bounce 100 saves on a 6.
 */
static void test_artillery_roundshot_line_and_bounce(void **state)
{
    (void)state;
    static const char *const flight[] = {"Line 70", "Line 80"};
    static const char *const bounce[] = {"Line 90", "Bounce 100"};
    static const char *const missed[] = {"Off 80", "Beyond 110", "Knot 1"};
    static const uint64_t seeds[] = {2, 12};
    for (int si = 0; si < 2; si++) {
        uint64_t seed = seeds[si];
        harness h;
        open_battery(&h, seed);
        figure_id gun = harness_find(&h, "Napoleon");
        harness_activate(&h, harness_find(&h, "Sgt Gil"));
        harness_must(&h, gun_fire(gun, "roundshot", true, at(85, 60)));
        dump(&h);
        const rules_event *hit = first_of(&h, RULES_EV_DIE, "to_hit");
        assert_non_null(hit);
        assert_int_equal(hit->value, 5);
        assert_int_equal(hit->need, 4);
        assert_string_equal(hit->ref, LCR_REF " — Types Of Artillery: roundshot");
        assert_int_equal(count_for(&h, RULES_EV_DIE, "deviation_direction", (figure_id){0}), 0);
        assert_int_equal(count_for(&h, RULES_EV_MODIFIER, "crew", (figure_id){0}), 0);
        const rules_event *ball = first_of(&h, RULES_EV_NOTE, "ball");
        assert_float_equal(ball->pos.x, 105, 1e-3); /* 20 cm past the impact */
        assert_float_equal(ball->pos.y, 60, 1e-3);
        check_ball(&h, flight, 2, bounce, 2, missed, 3);
        bool bounce_saved =
            table_figure_active(table_figure_const(h.t, harness_find(&h, "Bounce 100")));
        assert_int_equal(bounce_saved, seed == 2);
        assert_int_equal(count_for(&h, RULES_EV_REMOVE, NULL, (figure_id){0}), seed == 2 ? 3 : 4);
        /* The gun and its six gunners have acted; the gun cannot fire again on this card. */
        assert_int_equal(count_for(&h, RULES_EV_RULESET, "acted", (figure_id){0}), 7);
        refuse_with(&h, gun_fire(gun, "roundshot", true, at(85, 60)), "has already acted");
        harness_close(&h);
    }
}

/* A miss deviates by the table: dice seed 4 throws a 1 to hit, then 1 on the direction die
 * (straight on, over the target) and 3 on the distance die: 6 cm, so the ball lands at (91, 60)
 * and its bounce reaches (111, 60): Line 90 is now struck in the flight and Beyond 110 on the
 * bounce. Seed 1 throws 3, then 6 (300 degrees: up the table and on) and 5: 10 cm, landing at
 * (90, 51.34), and the ball touches no one. */
static void test_artillery_roundshot_deviation(void **state)
{
    (void)state;
    harness h;
    open_battery(&h, 4);
    harness_activate(&h, harness_find(&h, "Sgt Gil"));
    harness_must(&h, gun_fire(harness_find(&h, "Napoleon"), "roundshot", true, at(85, 60)));
    dump(&h);
    assert_int_equal(first_of(&h, RULES_EV_DIE, "to_hit")->value, 1);
    assert_int_equal(first_of(&h, RULES_EV_DIE, "deviation_direction")->value, 1);
    assert_int_equal(first_of(&h, RULES_EV_DIE, "deviation_distance")->value, 3);
    const rules_event *impact = first_of(&h, RULES_EV_NOTE, "impact");
    assert_string_equal(impact->ref, LCR_REF " — Artillery deviation (assumed)");
    assert_float_equal(impact->pos.x, 91, 1e-3);
    assert_float_equal(impact->pos.y, 60, 1e-3);
    assert_non_null(strstr(impact->text, "deviates 6 cm at 0 degrees"));
    static const char *const flight[] = {"Line 70", "Line 80", "Line 90"};
    static const char *const bounce[] = {"Bounce 100", "Beyond 110"};
    static const char *const missed[] = {"Off 80"};
    check_ball(&h, flight, 3, bounce, 2, missed, 1);
    harness_close(&h);

    open_battery(&h, 1);
    harness_activate(&h, harness_find(&h, "Sgt Gil"));
    harness_must(&h, gun_fire(harness_find(&h, "Napoleon"), "roundshot", true, at(85, 60)));
    assert_int_equal(first_of(&h, RULES_EV_DIE, "to_hit")->value, 3);
    assert_int_equal(first_of(&h, RULES_EV_DIE, "deviation_direction")->value, 6);
    assert_int_equal(first_of(&h, RULES_EV_DIE, "deviation_distance")->value, 5);
    impact = first_of(&h, RULES_EV_NOTE, "impact");
    assert_float_equal(impact->pos.x, 85 + 10 * 0.5f, 1e-3);
    assert_float_equal(impact->pos.y, 60 - 10 * sqrtf(3) / 2, 1e-3);
    assert_int_equal(count_for(&h, RULES_EV_DIE, "save", (figure_id){0}), 0);
    assert_int_equal(count_for(&h, RULES_EV_REMOVE, NULL, (figure_id){0}), 0);
    harness_close(&h);
}

/* The pure line: from the muzzle to the impact and on for the bounce, cut short by a stop. */
static void test_artillery_ball_path(void **state)
{
    (void)state;
    harness h;
    open_battery(&h, 1);
    figure_id gun = harness_find(&h, "Napoleon");
    lcr_ball_hit hits[16];
    vec2s end;
    int n = lcr_artillery_ball_hits(h.t, gun, at(25, 60), at(85, 60), 20, INFINITY, hits, 16, &end);
    assert_int_equal(n, 4);
    static const char *const order[] = {"Line 70", "Line 80", "Line 90", "Bounce 100"};
    for (int i = 0; i < 4; i++) {
        assert_int_equal(hits[i].id.id, harness_find(&h, order[i]).id);
        assert_int_equal(hits[i].bounce, i >= 2);
    }
    assert_float_equal(end.x, 105, 1e-4);
    /* Stopped 50 cm from the muzzle (a wall at x = 75): only Line 70, no bounce. */
    n = lcr_artillery_ball_hits(h.t, gun, at(25, 60), at(85, 60), 20, 50, hits, 16, &end);
    assert_int_equal(n, 1);
    assert_int_equal(hits[0].id.id, harness_find(&h, "Line 70").id);
    assert_float_equal(end.x, 75, 1e-4);
    /* Stopped past the impact: the bounce is cut, Line 90 (at 90) struck, Bounce 100 not. */
    n = lcr_artillery_ball_hits(h.t, gun, at(25, 60), at(85, 60), 20, 70, hits, 16, &end);
    assert_int_equal(n, 3);
    assert_true(hits[2].bounce);
    assert_float_equal(end.x, 95, 1e-4);
    /* The stone house (x 120..130) stops a ball: 95 cm from the muzzle; nothing else does. */
    const lcr_data *d = test_lcr_data_shared();
    assert_float_equal(lcr_artillery_stop_cm(d, h.t, (geom_segment){at(25, 60), at(150, 60)}), 95,
                       1e-3);
    assert_true(isinf(lcr_artillery_stop_cm(d, h.t, (geom_segment){at(25, 60), at(150, 90)})));
    n = lcr_artillery_ball_hits(h.t, gun, at(25, 60), at(110, 60), 20, 95, hits, 16, &end);
    assert_int_equal(n, 5); /* Beyond 110 in the flight; the bounce ends at the wall */
    assert_float_equal(end.x, 120, 1e-4);
    harness_close(&h);
}

/* Grapeshot is area fire: automatic hits (6 with a full crew), one save die each, thrown by the
 * figures of the semicircle in turn, nearest first; the semicircle of the gun's rating (12 cm) on
 * the nearest enemy. With two gunners dead the crew modifier is -2 and only 4 hits fly. */
static void test_artillery_grapeshot_area_fire(void **state)
{
    (void)state;
    for (int dead = 0; dead <= 2; dead += 2) {
        harness h;
        open_battery(&h, 5);
        figure_id gun = harness_find(&h, "Napoleon");
        table_figure(h.t, harness_find(&h, "Line 70"))->pos = at(45, 60);
        table_figure(h.t, harness_find(&h, "Line 80"))->pos = at(50, 63);
        table_figure(h.t, harness_find(&h, "Off 80"))->pos = at(47, 54);
        table_figure(h.t, harness_find(&h, "Line 90"))->pos = at(44, 67); /* behind the flat side */
        for (int k = 1; k <= dead; k++) {
            char name[16];
            snprintf(name, sizeof name, "Gunner %d", k);
            table_figure(h.t, harness_find(&h, name))->status |= FIGURE_STATUS_DEAD;
        }
        harness_activate(&h, harness_find(&h, "Sgt Gil"));
        rules_command c = gun_fire(gun, "grapeshot", false, at(0, 0));
        c.target = harness_find(&h, "Line 80");
        refuse_with(&h, c, "nearest enemy in sight: Line 70");
        c.target = harness_find(&h, "Line 70");
        if (dead == 2)
            c.option[0] = '\0'; /* no ammunition named: grapeshot at the nearest enemy in range */
        harness_must(&h, c);
        dump(&h);
        figure_id target = harness_find(&h, "Line 70");
        int hits = 6 - dead;
        /* Each hit is saved by the figure it falls on, nearest the centre first, in turn. */
        assert_int_equal(count_for(&h, RULES_EV_DIE, "save", (figure_id){0}), hits);
        assert_int_equal(count_for(&h, RULES_EV_DIE, "save", target), (hits + 2) / 3);
        assert_int_equal(count_for(&h, RULES_EV_DIE, "to_hit", (figure_id){0}), 0);
        assert_int_equal(count_for(&h, RULES_EV_MODIFIER, "crew", (figure_id){0}), dead > 0);
        int saved = 0;
        for (int i = h.mark; i < h.ev_count; i++)
            saved +=
                h.ev[i].kind == RULES_EV_DIE && !strcmp(h.ev[i].tag, "save") && h.ev[i].value == 6;
        char text[RULES_EVENT_TEXT_MAX] = "", ref[RULES_EVENT_REF_MAX] = "";
        for (int i = h.mark; i < h.ev_count; i++)
            if (h.ev[i].kind == RULES_EV_NOTE && strstr(h.ev[i].text, "semicircle")) {
                snprintf(text, sizeof text, "%s", h.ev[i].text);
                snprintf(ref, sizeof ref, "%s", h.ev[i].ref);
            }
        assert_string_equal(ref, LCR_REF_AREA);
        assert_non_null(strstr(text, "semicircle of 12 cm"));
        assert_non_null(strstr(text, ": 3 figures inside")); /* Line 70, 80, Off 80 */
        int final = hits - saved;
        if (final >= 3) {
            assert_int_equal(count_for(&h, RULES_EV_REMOVE, NULL, (figure_id){0}), 3);
            assert_true(table_figure_active(table_figure_const(h.t, harness_find(&h, "Line 90"))));
        } else {
            rules_decision d = harness_decision(&h);
            assert_int_equal(d.kind, RULES_DECIDE_ALLOCATE_HITS);
            assert_int_equal(d.count, final);
        }
        harness_close(&h);
    }
}

/* Shrapnel from the rifled gun: three gunners and two of the three privates (one pair; the odd
 * man does not serve) make four of six, -2: close range needs 3 + 2 = 5. Dice seed 2 throws a 5:
 * the shell bursts over (60, 100); the four figures within 5 cm throw a die each (1, 5, 6, 2),
 * Knot 2 and Knot 3 are hit and fail their saves; Knot far (8 cm off) throws nothing. */
static void test_artillery_shrapnel_burst(void **state)
{
    (void)state;
    harness h;
    open_battery(&h, 2);
    figure_id gun = harness_find(&h, "Krupp");
    harness_activate(&h, harness_find(&h, "Cpl Ruiz"));
    refuse_with(&h, gun_fire(gun, "roundshot", true, at(60, 100)),
                "a rifled gun does not fire roundshot");
    harness_must(&h, gun_fire(gun, "shrapnel", true, at(60, 100)));
    dump(&h);
    const rules_event *mod = first_of(&h, RULES_EV_MODIFIER, "crew");
    assert_non_null(mod);
    assert_int_equal(mod->value, -2);
    const rules_event *hit = first_of(&h, RULES_EV_DIE, "to_hit");
    assert_int_equal(hit->need, 5);
    assert_int_equal(hit->value, 5);
    assert_non_null(strstr(first_of(&h, RULES_EV_NOTE, "crew")->text, "3 gunners and 2 stand-ins"));
    /* Who served: the gun, 3 gunners, Pte 1 and Pte 2; Pte 3 may still act. */
    assert_int_equal(count_for(&h, RULES_EV_RULESET, "acted", (figure_id){0}), 6);
    assert_int_equal(count_for(&h, RULES_EV_RULESET, "acted", harness_find(&h, "Pte 2")), 1);
    assert_int_equal(count_for(&h, RULES_EV_RULESET, "acted", harness_find(&h, "Pte 3")), 0);
    static const char *const in[] = {"Knot 1", "Knot 2", "Knot 3", "Knot 4"};
    static const int face[] = {1, 5, 6, 2};
    for (int k = 0; k < 4; k++) {
        figure_id id = harness_find(&h, in[k]);
        assert_int_equal(count_for(&h, RULES_EV_DIE, "shrapnel", id), 1);
        for (int i = h.mark; i < h.ev_count; i++)
            if (h.ev[i].kind == RULES_EV_DIE && !strcmp(h.ev[i].tag, "shrapnel") &&
                h.ev[i].figure.id == id.id)
                assert_int_equal(h.ev[i].value, face[k]);
        assert_int_equal(count_for(&h, RULES_EV_DIE, "save", id), face[k] >= 4);
        assert_int_equal(table_figure_active(table_figure_const(h.t, id)), face[k] < 4);
    }
    assert_int_equal(count_for(&h, RULES_EV_DIE, "shrapnel", harness_find(&h, "Knot far")), 0);
    assert_int_equal(count_for(&h, RULES_EV_DIE, "shrapnel", (figure_id){0}), 4);
    harness_close(&h);
}

/* Crew losses in play: each dead gunner raises the score needed by one; two privates brought
 * within the crew radius stand in for one; with no one left the gun cannot fire. */
static void test_artillery_crew_in_play(void **state)
{
    (void)state;
    harness h;
    open_battery(&h, 7);
    figure_id gun = harness_find(&h, "Napoleon");
    for (int k = 1; k <= 3; k++) {
        char name[16];
        snprintf(name, sizeof name, "Gunner %d", k);
        table_figure(h.t, harness_find(&h, name))->status |= FIGURE_STATUS_DEAD;
    }
    /* Two Moros would not help: only the gun's side serves it. */
    table_figure(h.t, harness_find(&h, "Knot far"))->pos = at(28, 66);
    const lcr_data *d = test_lcr_data_shared();
    lcr_crew c = lcr_artillery_crew_of(d, h.t, table_figure_const(h.t, gun), NULL, NULL, NULL, 0);
    assert_int_equal(c.gunners, 3);
    assert_int_equal(c.stand_ins, 0);
    assert_int_equal(c.modifier, -3);
    /* Pte 1 and Pte 2 of the Krupp section come over: one more gunner. */
    table_figure(h.t, harness_find(&h, "Pte 1"))->pos = at(22, 60);
    table_figure(h.t, harness_find(&h, "Pte 2"))->pos = at(25, 66);
    c = lcr_artillery_crew_of(d, h.t, table_figure_const(h.t, gun), NULL, NULL, NULL, 0);
    assert_int_equal(c.stand_ins, 2);
    assert_int_equal(c.effective, 4);
    assert_int_equal(c.modifier, -2);
    harness_activate(&h, harness_find(&h, "Sgt Gil"));
    harness_must(&h, gun_fire(gun, "roundshot", true, at(85, 60)));
    dump(&h);
    assert_int_equal(first_of(&h, RULES_EV_MODIFIER, "crew")->value, -2);
    assert_int_equal(first_of(&h, RULES_EV_DIE, "to_hit")->need, 4 + 2);
    harness_close(&h);

    /* No crew: refused, with the reason. */
    open_battery(&h, 7);
    for (int k = 1; k <= 6; k++) {
        char name[16];
        snprintf(name, sizeof name, "Gunner %d", k);
        table_figure(h.t, harness_find(&h, name))->status |= FIGURE_STATUS_DEAD;
    }
    table_figure(h.t, harness_find(&h, "Sgt Gil"))->pos = at(15, 60); /* out of the crew radius */
    harness_activate(&h, harness_find(&h, "Sgt Gil"));
    refuse_with(&h, gun_fire(harness_find(&h, "Napoleon"), "roundshot", true, at(85, 60)),
                "Napoleon has no crew to serve it (0 gunners, 0 stand-ins within 6 cm)");
    harness_close(&h);
}

/* What a gun may not do, and what legal() and targets() offer. */
static void test_artillery_refusals_and_offers(void **state)
{
    (void)state;
    harness h;
    open_battery(&h, 3);
    figure_id gun = harness_find(&h, "Napoleon");
    harness_activate(&h, harness_find(&h, "Sgt Gil"));
    refuse_with(&h, gun_fire(gun, "roundshot", true, at(150, 60)),
                "out of roundshot range (125.0 cm; at most 120)");
    refuse_with(&h, gun_fire(gun, "roundshot", false, at(0, 0)), "need a target point");
    refuse_with(&h, gun_fire(gun, "shrapnel", true, at(85, 60)), "does not fire shrapnel");
    refuse_with(&h, gun_fire(gun, "canister", true, at(85, 60)), "name the ammunition");
    refuse_with(&h, gun_fire(gun, "roundshot", true, at(25, 30)),
                "the line of fire crosses a friendly base (Gunner 5)");
    refuse_with(&h, gun_fire(gun, "roundshot", true, at(250, 60)), "off the table");
    refuse_with(&h, gun_fire(gun, "roundshot", true, at(125, 60)),
                "Napoleon cannot see the target point (building in the way)");
    refuse_with(&h, gun_fire(gun, "grapeshot", false, at(0, 0)), "beyond grapeshot range");
    refuse_with(&h, gun_fire(harness_find(&h, "Gunner 1"), "roundshot", true, at(85, 60)),
                "Gunner 1 is not a gun");
    rules_command two = gun_fire(gun, "roundshot", true, at(85, 60));
    rules_command_add_figure(&two, harness_find(&h, "Gunner 1"));
    refuse_with(&h, two, "a gun fires alone");
    /* legal(): roundshot at the nearest enemies (no grapeshot: none within 25 cm). */
    rules_command legal[256];
    int n = lcr_rules_ops.legal(h.rs, h.t, legal, 256), shots = 0;
    for (int i = 0; i < n; i++)
        if (legal[i].kind == RULES_CMD_FIRE && legal[i].figures[0].id == gun.id) {
            assert_string_equal(legal[i].option, "roundshot");
            assert_true(legal[i].point_set);
            shots++;
        }
    assert_true(shots >= 3);
    /* targets(): the odds of roundshot aimed at Line 70 (45 cm, medium: 4 to hit); the ball
     * strikes Line 70 in its flight and Line 80 and Line 90 on the 20 cm bounce to (90, 60):
     * 1/2 x 3 x 5/6 expected kills. */
    rules_command probe = gun_fire(gun, "", false, at(0, 0));
    rules_target tg[32];
    int nt = lcr_rules_ops.view->targets(h.rs, h.t, &probe, tg, 32);
    const rules_target *t70 = NULL;
    for (int i = 0; i < nt; i++)
        if (tg[i].figure.id == harness_find(&h, "Line 70").id)
            t70 = &tg[i];
    assert_non_null(t70);
    assert_int_equal(t70->need, 4); /* 45 cm: medium range */
    assert_non_null(strstr(t70->note, "roundshot, medium range, crew 6 of 6"));
    float p_on = 3.0f / 6.0f, p_fail = 5.0f / 6.0f;
    int on_line = lcr_artillery_ball_hits(h.t, gun, at(25, 60), at(70, 60), 20, INFINITY,
                                          (lcr_ball_hit[16]){0}, 16, NULL);
    assert_int_equal(on_line, 3);
    assert_float_equal(t70->expected_kills, p_on * (float)on_line * p_fail, 1e-4);
    /* The view's target tool names the gun and a target figure only: roundshot aimed at the
     * target's centre (the impact note's aim, or its impact when on target). */
    rules_command tool = {
        .kind = RULES_CMD_FIRE, .side = SPAIN, .target = harness_find(&h, "Line 70")};
    rules_command_add_figure(&tool, gun);
    harness_must(&h, tool);
    const rules_event *impact = first_of(&h, RULES_EV_NOTE, "impact");
    assert_non_null(impact);
    vec2s aim = first_of(&h, RULES_EV_DIE, "deviation_direction") ? impact->from : impact->pos;
    assert_float_equal(aim.x, 70, 1e-4);
    assert_float_equal(aim.y, 60, 1e-4);
    assert_non_null(strstr(impact->text, "roundshot"));
    harness_close(&h);
}

/* The actions of a gun: one Fire per ammunition it carries (the option names it), in the order
 * of the data; a rifleman keeps one plain Fire. */
static void test_artillery_actions_per_ammunition(void **state)
{
    (void)state;
    harness h;
    open_battery(&h, 3);
    harness_activate(&h, harness_find(&h, "Sgt Gil"));
    static const struct {
        const char *fig;
        const char *ammo[3];
    } cases[] = {{"Napoleon", {"roundshot", "grapeshot", NULL}},
                 {"Krupp", {"grapeshot", "shrapnel", NULL}},
                 {"Pte 1", {"", NULL, NULL}}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        rules_action acts[16];
        int n = lcr_rules_ops.view->actions(h.rs, h.t, harness_find(&h, cases[c].fig), acts, 16);
        int fires = 0;
        for (int i = 0; i < n; i++) {
            if (acts[i].kind != RULES_CMD_FIRE)
                continue;
            assert_non_null(cases[c].ammo[fires]);
            assert_string_equal(acts[i].option, cases[c].ammo[fires]);
            char label[48];
            snprintf(label, sizeof label, "Fire%s%s", acts[i].option[0] ? " " : "", acts[i].option);
            assert_string_equal(acts[i].label, label);
            fires++;
        }
        assert_null(cases[c].ammo[fires]);
        assert_int_equal(acts[0].kind, RULES_CMD_MOVE);
    }
    /* The activated Napoleon may fire; the Krupp (another section) says why not, on each. */
    rules_action acts[16];
    int n = lcr_rules_ops.view->actions(h.rs, h.t, harness_find(&h, "Napoleon"), acts, 16);
    for (int i = 0; i < n; i++)
        if (acts[i].kind == RULES_CMD_FIRE)
            assert_true(acts[i].enabled);
    n = lcr_rules_ops.view->actions(h.rs, h.t, harness_find(&h, "Krupp"), acts, 16);
    for (int i = 0; i < n; i++)
        if (acts[i].kind == RULES_CMD_FIRE) {
            assert_false(acts[i].enabled);
            assert_true(acts[i].reason[0] != 0);
        }
    harness_close(&h);
}

/* The shipped scenario with guns, cavalry and reinforcements, through the engine as `sandtable
 * simulate` drives it (with every command's events re-applied and checked): greedy and random
 * bot games reach their end; the guns fire every ammunition they have over the games; every
 * event names its rule. */
static void test_artillery_lanao_games_finish(void **state)
{
    (void)state;
    char path[1024];
    snprintf(path, sizeof path, "%s/scenarios/lcr_lanao_road.json", SANDTABLE_SOURCE_DIR);
    scenario_error serr;
    scenario *s = scenario_load_file(path, &serr);
    assert_non_null(s);
    int fired[LCR_AMMO_COUNT] = {0}, arrived = 0, mounted_moves = 0;
    for (uint64_t seed = 1; seed <= 4; seed++) {
        game_error gerr;
        game *g = game_create(
            &(game_desc){.scenario = s, .seed_set = true, .seed = seed, .verify_events = true},
            &gerr);
        assert_non_null(g);
        dice_rng rng;
        dice_seed(&rng, seed);
        for (int n = 0; n < 6000 && !game_over(g); n++) {
            rules_command cmd;
            assert_true(bot_choose(g, seed % 2 ? BOT_GREEDY : BOT_RANDOM, &rng, &cmd));
            char why[256] = "";
            if (!game_submit(g, &cmd, why, sizeof why))
                fail_msg("bot command refused: %s", why);
            int ammo = cmd.kind == RULES_CMD_FIRE ? lcr_data_ammo_parse(cmd.option) : -1;
            fired[ammo >= 0 ? ammo : 0] += ammo >= 0;
            int count = 0;
            const rules_event *ev = game_events(g, game_cursor(g) - 1, &count);
            for (int i = 0; i < count; i++) {
                if (ev[i].text[0] == '\0' || strncmp(ev[i].ref, LCR_REF, strlen(LCR_REF)) != 0)
                    fail_msg("event %s lacks its text or rule reference", ev[i].tag);
                arrived += ev[i].kind == RULES_EV_RULESET && !strcmp(ev[i].tag, "arrive");
                mounted_moves += ev[i].kind == RULES_EV_MOVE && !strcmp(ev[i].ref, LCR_REF_CAVALRY);
            }
        }
        assert_true(game_over(g));
        game_destroy(g);
    }
    scenario_destroy(s);
    if (getenv("LCR_ARTILLERY_DUMP"))
        fprintf(stderr, "roundshot %d grapeshot %d shrapnel %d arrivals %d cavalry moves %d\n",
                fired[0], fired[1], fired[2], arrived, mounted_moves);
    assert_true(fired[LCR_AMMO_SHRAPNEL] > 0);
    assert_true(fired[LCR_AMMO_ROUNDSHOT] > 0);
    assert_true(arrived > 0);
    assert_true(mounted_moves > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_artillery_data),
        cmocka_unit_test(test_artillery_crew_modifiers),
        cmocka_unit_test(test_artillery_deviation_table),
        cmocka_unit_test(test_artillery_ball_path),
        cmocka_unit_test(test_artillery_roundshot_line_and_bounce),
        cmocka_unit_test(test_artillery_roundshot_deviation),
        cmocka_unit_test(test_artillery_grapeshot_area_fire),
        cmocka_unit_test(test_artillery_shrapnel_burst),
        cmocka_unit_test(test_artillery_crew_in_play),
        cmocka_unit_test(test_artillery_actions_per_ammunition),
        cmocka_unit_test(test_artillery_refusals_and_offers),
        cmocka_unit_test(test_artillery_lanao_games_finish),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    test_lcr_data_shared_free();
    return rc;
}
