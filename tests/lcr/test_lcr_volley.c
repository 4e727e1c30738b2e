/* Little Colonial Rules: area fire in the arc, saves across the area, contact from within 2.5 cm,
 * flank support by any friend, who moves as a regular, mounted fire at long range and the third
 * rank's fatal face (seed 000, Shooting; Close Combat; Actions: Move; Cavalry), fixed seeds. */
#include "lcr_harness.h"

#include "core/place.h"
#include "rules/lcr/lcr_move_math.h"

#include <math.h>

#define HEAD                                                                                       \
    "{\"title\": \"t\", \"ruleset\": \"lcr\", \"seed\": 1, \"table\": {\"width_cm\": 120, "        \
    "\"height_cm\": 80}, \"sides\": [{\"name\": \"Spanish\"}, {\"name\": \"Moro\"}], "

/* A Spanish line of 16 Mausers two deep facing east at x = 40; a Moro straggler behind it (west)
 * nearer the line's centre than the band in front of it; a troop of eight horsemen 16 cm in front.
 */
static const char *arc_json = HEAD
    "\"units\": [{\"name\": \"s\", \"side\": \"Spanish\", \"formation\": \"line\","
    " \"commander\": \"Lt\", \"defaults\": {\"weapon\": \"mauser\", \"facing\": \"east\","
    " \"quality\": \"regular\"}, \"figures\": ["
    " {\"name\": \"Lt\", \"role\": \"officer\", \"quality\": \"seasoned\", \"pos\": [36, 50]}],"
    " \"blocks\": [{\"name\": \"C\", \"origin\": [40, 40], \"count\": 16, \"ranks\": 2}]},"
    " {\"name\": \"m\", \"side\": \"Moro\", \"formation\": \"loose\", \"defaults\": {\"weapon\":"
    " \"kris\", \"facing\": \"west\"}, \"figures\": ["
    " {\"name\": \"Straggler\", \"pos\": [30, 40]}]},"
    " {\"name\": \"h\", \"side\": \"Moro\", \"formation\": \"loose\", \"defaults\": {\"weapon\":"
    " \"spear\", \"facing\": \"west\", \"posture\": \"mounted\"},"
    " \"blocks\": [{\"name\": \"Rider\", \"origin\": [56, 40], \"count\": 8, \"ranks\": 2,"
    " \"spacing_cm\": 3, \"rank_spacing_cm\": 3}]}]}";

static rules_command line_fire(harness *h, const char *target)
{
    harness_activate(h, harness_find(h, "Lt"));
    rules_command fire = {.kind = RULES_CMD_FIRE, .side = {1}};
    for (int i = 0; i < h->t->figure_count; i++) {
        const figure *f = &h->t->figures[i];
        if (f->side.id == 1 && f->role == FIGURE_ROLE_SOLDIER)
            rules_command_add_figure(&fire, f->id);
    }
    fire.target = harness_find(h, target);
    return fire;
}

/* The Toledo example: area fire "must be ranged to the nearest enemy figure in the arc of fire".
 * The straggler behind the line is nearer its centre, but outside the 90 degree arc: the line
 * fires at the horsemen in front (it used to be forced onto the straggler it cannot shoot). */
static void test_volley_target_in_arc(void **state)
{
    (void)state;
    harness h;
    harness_open_text(&h, arc_json, 1);
    rules_command fire = line_fire(&h, "Straggler");
    figure_id near = lcr_area_target(h.rs, h.t, (side_id){1}, fire.figures, fire.figure_count);
    const figure *nf = table_figure_const(h.t, near);
    assert_non_null(nf);
    assert_int_equal(nf->posture, FIGURE_POSTURE_MOUNTED);
    char why[256] = "";
    assert_false(harness_submit(&h, fire, why, sizeof why));
    assert_non_null(strstr(why, "arc of fire"));
    fire.target = near;
    harness_must(&h, fire);
    assert_int_equal(harness_count(&h, RULES_EV_DIE, "to_hit"), 48);
    harness_close(&h);
}

/* Saves across the area: every hit is saved by the horseman it would fall on, in turn from the
 * centre, so each rider who throws a 4 or 5 while still mounted loses his horse (seed 3: six
 * riders throw, three horses die). The old rule threw every save for the target alone: one horse at
 * most. */
static void test_volley_horses_across_area(void **state)
{
    (void)state;
    harness h;
    harness_open_text(&h, arc_json, 3);
    rules_command fire = line_fire(&h, "Straggler");
    fire.target = lcr_area_target(h.rs, h.t, (side_id){1}, fire.figures, fire.figure_count);
    harness_must(&h, fire);
    bool seen[64] = {0}, horse_dead[64] = {0};
    int expect = 0, savers = 0, unhorsed = 0;
    for (int i = h.mark; i < h.ev_count; i++) {
        const rules_event *e = &h.ev[i];
        if (e->kind == RULES_EV_DIE && strcmp(e->tag, "save") == 0) {
            savers += !seen[e->figure.id];
            seen[e->figure.id] = true;
            /* while he is still mounted, a 4 or 5 kills his horse */
            if (!horse_dead[e->figure.id] && e->value >= 4 && e->value <= 5) {
                horse_dead[e->figure.id] = true;
                expect++;
            }
        }
        unhorsed += e->kind == RULES_EV_STATUS && (e->status_set & LCR_STATUS_UNHORSED);
    }
    assert_int_equal(savers, 6); /* the save dice spread over six riders */
    assert_int_equal(unhorsed, expect);
    assert_int_equal(unhorsed, 3);
    harness_close(&h);
}

/* Two Spaniards and a Moro for close combat. "Mate" is of another unit of the same side. */
static const char *contact_json = HEAD
    "\"units\": [{\"name\": \"s\", \"side\": \"Spanish\", \"formation\": \"line\","
    " \"commander\": \"Lt\", \"defaults\": {\"weapon\": \"mauser\", \"facing\": \"east\","
    " \"quality\": \"regular\"}, \"figures\": ["
    " {\"name\": \"Lt\", \"role\": \"officer\", \"quality\": \"seasoned\", \"pos\": [30, 40]},"
    " {\"name\": \"Pvt\", \"pos\": [40, 40]}]},"
    " {\"name\": \"g\", \"side\": \"Spanish\", \"formation\": \"loose\", \"defaults\": {\"weapon\":"
    " \"mauser\", \"facing\": \"east\"}, \"figures\": [{\"name\": \"Mate\", \"pos\": [40, 37.4]}]},"
    " {\"name\": \"m\", \"side\": \"Moro\", \"formation\": \"loose\", \"commander\": \"Datu\","
    " \"defaults\": {\"weapon\": \"kris\", \"facing\": \"west\"}, \"figures\": ["
    " {\"name\": \"Datu\", \"role\": \"leader\", \"quality\": \"raw\", \"pos\": [100, 10]},"
    " {\"name\": \"Nco\", \"role\": \"nco\", \"quality\": \"raw\", \"pos\": [100, 70]},"
    " {\"name\": \"Moro\", \"pos\": [44.5, 40]}]}]}";

/* A man who starts within 2.5 cm of an enemy and moves toward him stops at once: close combat
 * follows at the end of the activation (he used to walk through the enemy's base). */
static void test_volley_contact_from_within(void **state)
{
    (void)state;
    harness h;
    harness_open_text(&h, contact_json, 2);
    figure_id pvt = harness_find(&h, "Pvt"), moro = harness_find(&h, "Moro");
    harness_activate(&h, harness_find(&h, "Lt"));
    rules_command mv = {.kind = RULES_CMD_MOVE, .side = {1}, .path_count = 1};
    rules_command_add_figure(&mv, pvt);
    mv.path[0] = (vec2s){{55, 40}};
    harness_must(&h, mv);
    assert_float_equal(table_figure_const(h.t, pvt)->pos.x, 40.0f, 1e-4);
    assert_int_equal(harness_count(&h, RULES_EV_RULESET, "engaged"), 1);
    harness_must(&h, (rules_command){.kind = RULES_CMD_END_ACTIVATION, .side = {1}});
    assert_int_equal(harness_count(&h, RULES_EV_DIE, "close_combat") >= 2, 1);
    assert_true(!table_figure_active(table_figure_const(h.t, pvt)) ||
                !table_figure_active(table_figure_const(h.t, moro)));
    harness_close(&h);
}

/* Moving away from the enemy he is free to go. */
static void test_volley_contact_leave(void **state)
{
    (void)state;
    harness h;
    harness_open_text(&h, contact_json, 2);
    figure_id pvt = harness_find(&h, "Pvt");
    harness_activate(&h, harness_find(&h, "Lt"));
    rules_command mv = {.kind = RULES_CMD_MOVE, .side = {1}, .path_count = 1};
    rules_command_add_figure(&mv, pvt);
    mv.path[0] = (vec2s){{30, 45}};
    harness_must(&h, mv);
    assert_int_equal(harness_count(&h, RULES_EV_RULESET, "engaged"), 0);
    assert_float_equal(table_figure_const(h.t, pvt)->pos.x, 30.0f, 1e-3);
    harness_close(&h);
}

/* Flank support counts any friend in contact to the flank, of any unit: Mate (another unit)
 * gives Pvt +1 against the Moro who charges him. */
static void test_volley_flank_support_allied(void **state)
{
    (void)state;
    harness h;
    harness_open_text(&h, contact_json, 4);
    /* Pvt faces east; Mate (another unit) stands in contact on his left; the Moro is in
     * contact in front. Lt's card: the close combat is fought as the activation ends. */
    table_figure(h.t, harness_find(&h, "Moro"))->pos = (vec2s){{43, 40}}; /* in contact */
    harness_activate(&h, harness_find(&h, "Lt"));
    harness_must(&h, (rules_command){.kind = RULES_CMD_END_ACTIVATION, .side = {1}});
    int flank = 0;
    for (int i = h.mark; i < h.ev_count; i++)
        flank += h.ev[i].kind == RULES_EV_MODIFIER &&
                 h.ev[i].figure.id == harness_find(&h, "Pvt").id &&
                 strstr(h.ev[i].tag, "flank") != NULL;
    assert_int_equal(flank, 1);
    harness_close(&h);
}

/* Seed 000, Move: "officers always move as regular or better"; a raw NCO or native leader moves
 * as raw troops do (3d6, the whole roll). */
static void test_volley_only_officers_move_as_regulars(void **state)
{
    (void)state;
    harness h;
    harness_open_text(&h, contact_json, 1);
    const lcr_data *d = h.rs->data;
    const lcr_move_class *datu =
        lcr_move_class_of(d, table_figure_const(h.t, harness_find(&h, "Datu")));
    const lcr_move_class *nco =
        lcr_move_class_of(d, table_figure_const(h.t, harness_find(&h, "Nco")));
    table_figure(h.t, harness_find(&h, "Lt"))->quality = FIGURE_QUALITY_RAW;
    const lcr_move_class *lt =
        lcr_move_class_of(d, table_figure_const(h.t, harness_find(&h, "Lt")));
    assert_ptr_equal(datu, &d->foot_move[FIGURE_QUALITY_RAW]);
    assert_ptr_equal(nco, &d->foot_move[FIGURE_QUALITY_RAW]);
    assert_true(datu->must_move_all);
    assert_ptr_equal(lt, &d->foot_move[FIGURE_QUALITY_REGULAR]);
    harness_close(&h);
}

/* Mounted carbines at long range (need 6 + 3 = 9): each 6 must be confirmed by a second 6, so
 * the fire shows its confirmation dice (the old natural-6 rule hit as often as on foot). */
static void test_volley_mounted_long_range(void **state)
{
    (void)state;
    harness h;
    harness_open_text(
        &h,
        HEAD
        "\"units\": [{\"name\": \"c\", \"side\": \"Spanish\", \"formation\": \"loose\","
        " \"commander\": \"Capt\", \"defaults\": {\"weapon\": \"carbine\", \"facing\": \"east\","
        " \"posture\": \"mounted\"}, \"figures\": ["
        " {\"name\": \"Capt\", \"role\": \"officer\", \"weapon\": \"revolver\", \"pos\": [10, "
        "40]}],"
        " \"blocks\": [{\"name\": \"T\", \"origin\": [14, 40], \"count\": 10, \"spacing_cm\": 3}]},"
        " {\"name\": \"m\", \"side\": \"Moro\", \"formation\": \"loose\", \"defaults\": "
        "{\"weapon\":"
        " \"kris\"}, \"figures\": [{\"name\": \"Far\", \"pos\": [44, 40]}]}]}",
        6);
    harness_activate(&h, harness_find(&h, "Capt"));
    rules_command fire = {.kind = RULES_CMD_FIRE, .side = {1}, .target = harness_find(&h, "Far")};
    for (int i = 0; i < h.t->figure_count; i++)
        if (h.t->figures[i].side.id == 1 && h.t->figures[i].role == FIGURE_ROLE_SOLDIER)
            rules_command_add_figure(&fire, h.t->figures[i].id);
    harness_must(&h, fire);
    int sixes = 0, confirms = 0, confirmed = 0;
    for (int i = h.mark; i < h.ev_count; i++) {
        const rules_event *e = &h.ev[i];
        if (e->kind != RULES_EV_DIE)
            continue;
        if (strcmp(e->tag, "to_hit") == 0)
            sixes += e->value == 6;
        if (strcmp(e->tag, "to_hit_confirm") == 0) {
            confirms++;
            confirmed += e->value == 6;
        }
    }
    assert_int_equal(harness_count(&h, RULES_EV_DIE, "to_hit"), 20);
    assert_true(sixes > 0);
    assert_int_equal(confirms, sixes);
    char want[64];
    snprintf(want, sizeof want, "area fire by 10: %d hits", confirmed);
    int found = 0;
    for (int i = h.mark; i < h.ev_count; i++)
        found += h.ev[i].kind == RULES_EV_NOTE && strcmp(h.ev[i].text, want) == 0;
    assert_int_equal(found, 1);
    harness_close(&h);
}

/* A move never ends on a friend's base: Lt walking east into Pvt stops touching him. */
static void test_volley_move_stops_at_friend(void **state)
{
    (void)state;
    harness h;
    harness_open_text(&h, contact_json, 2);
    table_figure(h.t, harness_find(&h, "Moro"))->pos = (vec2s){{100, 40}};
    figure_id lt = harness_find(&h, "Lt");
    harness_activate(&h, lt);
    rules_command mv = {.kind = RULES_CMD_MOVE, .side = {1}, .path_count = 1};
    rules_command_add_figure(&mv, lt);
    mv.path[0] = (vec2s){{48, 40}};
    harness_must(&h, mv);
    const figure *a = table_figure_const(h.t, lt),
                 *b = table_figure_const(h.t, harness_find(&h, "Pvt"));
    geom_placed_base pa = {a->base, a->pos, a->facing}, pb = {b->base, b->pos, b->facing};
    assert_false(place_bases_overlap(&pa, &pb));
    assert_float_equal(a->pos.x, 40.0f - a->base.radius_cm - b->base.radius_cm, 0.02);
    harness_close(&h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_volley_target_in_arc),
        cmocka_unit_test(test_volley_horses_across_area),
        cmocka_unit_test(test_volley_contact_from_within),
        cmocka_unit_test(test_volley_contact_leave),
        cmocka_unit_test(test_volley_flank_support_allied),
        cmocka_unit_test(test_volley_only_officers_move_as_regulars),
        cmocka_unit_test(test_volley_mounted_long_range),
        cmocka_unit_test(test_volley_move_stops_at_friend),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
