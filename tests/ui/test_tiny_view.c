/* The table view playing scenarios/tiny_two_brigades.json offscreen, driven through ui_app_frame
 * with synthetic input as the platform layer would send it: distances default to inches (the
 * rule set measures in them), a pips badge by each commander, the frontal zone drawn as the
 * units' arc, a unit of stands dragged as one block, and a wheel about one end. Screenshots go
 * to the artifacts directory given as the first argument. */
#include "render/render.h"
#include "scenario/scenario.h"
#include "ui/app.h"
#include "ui/commander_pips.h"
#include "ui/table_view.h"
#include "ui/unit_block.h"
#include "ui_fixture.h"

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#define VIEW_W 1200
#define VIEW_H 800

static const char *artifacts = ".";

typedef struct rig {
    ui_fixture_hand h; /* the app, its renderer, the next frame's input, the clock */
} rig;

static void mouse_cm(rig *r, vec2s cm)
{
    vec2s p = render_camera_to_px(&r->h.cam, cm);
    ui_fixture_point(&r->h, p.x, p.y);
}

static void mouse_away(rig *r)
{
    ui_fixture_point(&r->h, 2, VIEW_H / 2);
    r->h.in.mouse_inside = false;
}

/* Drags from one table point to another in a few steps (the platform sends motion frames). */
static void drag_cm(rig *r, vec2s from, vec2s to, bool let_go)
{
    mouse_cm(r, from);
    ui_fixture_press(&r->h);
    for (int i = 1; i <= 4; i++)
        mouse_cm(r, glms_vec2_lerp(from, to, (float)i / 4));
    for (int i = 0; i < 2; i++) {
        mouse_cm(r, to);
        ui_fixture_frame(&r->h);
    }
    if (let_go)
        ui_fixture_release(&r->h);
}

static void shot(rig *r, const char *name)
{
    char path[512], err[256];
    snprintf(path, sizeof path, "%s/%s", artifacts, name);
    if (render_write_png(r->h.ctx, path, err, sizeof err) != 0)
        fprintf(stderr, "screenshot %s: %s\n", path, err);
}

static const figure *fig_named(const rig *r, const char *name)
{
    const table *t = game_table(r->h.app->game);
    for (int i = 0; i < t->figure_count; i++)
        if (strcmp(t->figures[i].name, name) == 0)
            return &t->figures[i];
    fail_msg("no figure %s", name);
    return NULL;
}

static const unit *unit_named(const rig *r, const char *name)
{
    const table *t = game_table(r->h.app->game);
    for (int i = 0; i < t->unit_count; i++)
        if (strcmp(t->units[i].name, name) == 0)
            return &t->units[i];
    fail_msg("no unit %s", name);
    return NULL;
}

static int unit_stands(const rig *r, unit_id u, vec2s *pos, float *facing)
{
    const table *t = game_table(r->h.app->game);
    int n = 0;
    for (int i = 0; i < t->figure_count; i++)
        if (t->figures[i].unit.id == u.id) {
            pos[n] = t->figures[i].pos;
            facing[n++] = t->figures[i].facing;
        }
    return n;
}

static uint32_t px(rig *r, vec2s cm)
{
    vec2s p = render_camera_to_px(&r->h.cam, cm);
    return render_read_pixel(r->h.ctx, (int)lroundf(p.x), (int)lroundf(p.y));
}

static int channel(uint32_t rgb, int shift)
{
    return (int)((rgb >> shift) & 0xff);
}

static int rgb_distance(uint32_t a, uint32_t b)
{
    int d = 0;
    for (int s = 0; s <= 16; s += 8)
        d += abs(channel(a, s) - channel(b, s));
    return d;
}

static int setup(void **state)
{
    rig *r = calloc(1, sizeof *r);
    if (!ui_fixture_hand_open(&r->h, "scenarios/tiny_two_brigades.json", "tiny-view", VIEW_W,
                              VIEW_H))
        return -1;
    mouse_away(r);
    ui_fixture_frame(&r->h);
    *state = r;
    return 0;
}

/* The scale bar reads in inches: the view's bottom-left corner matches a bar drawn in inches on
 * a blank frame, and not one in centimetres. */
static void test_inches_by_default(void **state)
{
    rig *r = *state;
    assert_int_equal(r->h.app->settings.units, RENDER_UNITS_INCH);
    assert_false(r->h.app->settings.units_chosen);
    char err[256];
    render_ctx *ref = render_create_offscreen(VIEW_W, VIEW_H, &(render_desc){0}, err, sizeof err);
    assert_non_null(ref);
    int diff[2] = {0, 0};
    for (int u = 0; u < 2; u++) {
        render_begin(ref);
        render_scale_bar(ref, &r->h.cam, 16, VIEW_H - 16,
                         u == 0 ? RENDER_UNITS_INCH : RENDER_UNITS_CM);
        for (int y = VIEW_H - 27; y < VIEW_H - 8; y++)
            for (int x = 10; x < 260; x++)
                diff[u] += render_read_pixel(ref, x, y) != render_read_pixel(r->h.ctx, x, y);
    }
    render_destroy(ref);
    assert_int_equal(diff[0], 0);
    assert_true(diff[1] > 20);
    /* U is the player's choice, and it sticks. */
    ui_fixture_key(&r->h, 'u');
    assert_int_equal(r->h.app->settings.units, RENDER_UNITS_CM);
    assert_true(r->h.app->settings.units_chosen);
    ui_fixture_frame(&r->h);
    assert_int_equal(r->h.app->settings.units, RENDER_UNITS_CM);
    ui_fixture_key(&r->h, 'u');
    assert_int_equal(r->h.app->settings.units, RENDER_UNITS_INCH);
}

/* Sums a badge's pixels (to see its number change). */
static uint64_t badge_sum(rig *r, const figure *f)
{
    vec2s c;
    float rad;
    ui_commander_pips_anchor(&r->h.cam, f, 1, &c, &rad);
    uint64_t s = 0;
    for (int y = (int)(c.y - rad); y <= (int)(c.y + rad); y++)
        for (int x = (int)(c.x - rad); x <= (int)(c.x + rad); x++)
            s = s * 31 + render_read_pixel(r->h.ctx, x, y);
    return s;
}

static int pips_of(rig *r, const figure *f)
{
    rules_driver_item items[32];
    int n = game_driver(r->h.app->game, r->h.app->viewer, items, 32);
    for (int i = 0; i < n; i++)
        if (items[i].kind == RULES_DRIVER_PIPS && items[i].figure.id == f->id.id)
            return items[i].value;
    fail_msg("no pips item for %s", f->name);
    return -1;
}

/* A badge ringed in the side colour by every commander; its number follows the pips. */
static void test_pips_badges(void **state)
{
    rig *r = *state;
    const table *t = game_table(r->h.app->game);
    const figure *general = fig_named(r, "Prince Ferdinand");
    const figure *french = fig_named(r, "Comte de Clermont");
    vec2s c;
    float rad;
    ui_commander_pips_anchor(&r->h.cam, general, 1, &c, &rad);
    /* The ring (between r-3 and r-1 px from the centre) in Prussia's colour, at full strength
     * (Prussia's turn); France's ring dimmed. */
    uint32_t ring = render_read_pixel(r->h.ctx, (int)c.x, (int)(c.y - rad + 2));
    assert_true(rgb_distance(ring, render_side_rgb(t, general->side)) <= 6);
    ui_commander_pips_anchor(&r->h.cam, french, 1, &c, &rad);
    uint32_t fring = render_read_pixel(r->h.ctx, (int)c.x, (int)(c.y - rad + 2));
    assert_true(rgb_distance(fring, render_side_rgb(t, french->side)) > 60);
    /* Before the roll "-", after it the number. */
    uint64_t before = badge_sum(r, general);
    rules_command roll = {.kind = RULES_CMD_ROLL_ORDERS, .side = general->side};
    char why[200];
    assert_true(game_submit(r->h.app->game, &roll, why, sizeof why));
    r->h.app->state_version++;
    ui_fixture_frame(&r->h);
    assert_true(pips_of(r, general) >= 1);
    assert_true(badge_sum(r, general) != before);
    shot(r, "tiny_badges.png");
}

/* The frontal zone: with arcs on (A), a point straight ahead of the selected line is tinted
 * toward Prussia's colour; a point 60 degrees off its front is not. */
static void test_frontal_zone_arc(void **state)
{
    rig *r = *state;
    const table *t = game_table(r->h.app->game);
    /* The east end of the line (the stands face south, so east is their left). */
    const figure *end = fig_named(r, "Itzenplitz 1");
    if (fig_named(r, "Itzenplitz 4")->pos.x > end->pos.x)
        end = fig_named(r, "Itzenplitz 4");
    vec2s ahead = {{end->pos.x, end->pos.y + 10}}, aside = {{end->pos.x + 7, end->pos.y + 4}};
    mouse_cm(r, end->pos);
    ui_fixture_press(&r->h);
    ui_fixture_release(&r->h);
    mouse_away(r);
    ui_fixture_frame(&r->h);
    uint32_t ahead0 = px(r, ahead), aside0 = px(r, aside);
    ui_fixture_key(&r->h, 'a');
    uint32_t ahead1 = px(r, ahead), aside1 = px(r, aside);
    shot(r, "tiny_frontal_zone.png");
    ui_fixture_key(&r->h, 'a');
    uint32_t own = render_side_rgb(t, end->side);
    assert_true(rgb_distance(ahead1, own) < rgb_distance(ahead0, own));
    assert_int_equal(aside1, aside0);
}

/* Two units of one brigade selected (click, Shift+click) and dragged: the formed brigade moves as
 * one block, all seven stands by the same offset, through one MOVE of the brigade. */
static void test_drag_moves_formed_brigade(void **state)
{
    rig *r = *state;
    unit_id kleist = unit_named(r, "Grenadiers Kleist")->id;
    unit_id itz = unit_named(r, "IR Itzenplitz")->id;
    unit_id brigade = unit_named(r, "1st Brigade")->id;
    vec2s kb[8], ib[8], ka[8], ia[8];
    float f[8];
    int nk = unit_stands(r, kleist, kb, f), ni = unit_stands(r, itz, ib, f);
    assert_int_equal(nk + ni, 7);
    mouse_cm(r, fig_named(r, "Kleist 1")->pos);
    ui_fixture_press(&r->h);
    ui_fixture_release(&r->h);
    r->h.in.shift = true;
    mouse_cm(r, fig_named(r, "Itzenplitz 1")->pos);
    ui_fixture_press(&r->h);
    ui_fixture_release(&r->h);
    r->h.in.shift = false;
    int log0 = game_log_count(r->h.app->game);
    vec2s from = fig_named(r, "Kleist 2")->pos;
    drag_cm(r, from, (vec2s){{from.x, from.y + 6}}, false);
    shot(r, "tiny_brigade_drag.png");
    ui_fixture_release(&r->h);
    mouse_away(r);
    ui_fixture_frame(&r->h);
    assert_int_equal(game_log_count(r->h.app->game), log0 + 1);
    const rules_command *c = game_command_at(r->h.app->game, log0);
    assert_int_equal(c->kind, RULES_CMD_MOVE);
    assert_int_equal(c->unit.id, brigade.id);
    unit_stands(r, kleist, ka, f);
    unit_stands(r, itz, ia, f);
    for (int i = 0; i < nk; i++) {
        assert_float_equal(ka[i].x - kb[i].x, 0, 0.2);
        assert_float_equal(ka[i].y - kb[i].y, 6, 0.2);
    }
    for (int i = 0; i < ni; i++) {
        assert_float_equal(ia[i].x - ib[i].x, 0, 0.2);
        assert_float_equal(ia[i].y - ib[i].y, 6, 0.2);
    }
}

/* Dragging one stand moves its whole unit by the same offset, through one MOVE of the unit. */
static void test_drag_moves_the_unit(void **state)
{
    rig *r = *state;
    const unit *u = unit_named(r, "Dragoons Bayreuth");
    unit_id uid = u->id;
    vec2s before[8], after[8];
    float fb[8], fa[8];
    int n = unit_stands(r, uid, before, fb);
    assert_int_equal(n, 3);
    int log0 = game_log_count(r->h.app->game);
    const figure *grab = fig_named(r, "Bayreuth 2");
    vec2s from = grab->pos, to = {{grab->pos.x, grab->pos.y + 8}};
    drag_cm(r, from, to, false);
    shot(r, "tiny_drag.png");
    ui_fixture_release(&r->h);
    mouse_away(r);
    ui_fixture_frame(&r->h);
    assert_int_equal(unit_stands(r, uid, after, fa), 3);
    for (int i = 0; i < n; i++) {
        assert_float_equal(after[i].x - before[i].x, 0, 0.2);
        assert_float_equal(after[i].y - before[i].y, 8, 0.2);
        assert_float_equal(fa[i], fb[i], 1e-5);
    }
    assert_int_equal(game_log_count(r->h.app->game), log0 + 1);
    const rules_command *c = game_command_at(r->h.app->game, log0);
    assert_int_equal(c->kind, RULES_CMD_MOVE);
    assert_int_equal(c->unit.id, uid.id);
    /* Too far (a light infantry move is 12"): springs back with the reason, nothing logged. */
    grab = fig_named(r, "Jäger 2");
    vec2s jager = grab->pos;
    drag_cm(r, jager, (vec2s){{jager.x, jager.y + 40}}, true);
    assert_int_equal(game_log_count(r->h.app->game), log0 + 1);
    assert_non_null(strstr(r->h.app->toast, "Cannot move there"));
    assert_non_null(strstr(r->h.app->toast, "cannot get there"));
    assert_float_equal(fig_named(r, "Jäger 2")->pos.y, jager.y, 0);
    mouse_away(r);
    ui_fixture_frame(&r->h);
}

/* The wheel handles at the ends of a selected unit's front line: dragging one swings the unit
 * about the other end (one WHEEL command); the pivot end stays put. */
static void test_wheel_about_an_end(void **state)
{
    rig *r = *state;
    const table *t = game_table(r->h.app->game);
    const unit *u = unit_named(r, "IR Anhalt");
    unit_id uid = u->id;
    const figure *s1 = fig_named(r, "Anhalt 1");
    mouse_cm(r, s1->pos);
    ui_fixture_press(&r->h);
    ui_fixture_release(&r->h);
    /* The block and its wheel as the view sees them. */
    figure_id ids[8];
    rules_command wc = {.kind = RULES_CMD_WHEEL, .side = s1->side, .unit = uid};
    int n = game_move_figures(r->h.app->game, &wc, ids, 8);
    assert_int_equal(n, 4);
    ui_unit_block b;
    ui_unit_block_init(&b, t, ids, n);
    ui_unit_wheel w = ui_unit_block_wheel(&b, t, 1);
    vec2s handle =
        glms_vec2_add(w.swing, glms_vec2_scale(geom_dir(w.facing), 12.0f / r->h.cam.px_per_cm));
    /* Swing the end 30 degrees forward about the pivot. */
    vec2s arm = glms_vec2_sub(w.swing, w.pivot);
    vec2s to;
    for (int sign = -1; sign <= 1; sign += 2) { /* the way that swings the end forward */
        float turn = (float)GEOM_PI / 6 * (float)sign;
        to = (vec2s){{w.pivot.x + arm.x * cosf(turn) - arm.y * sinf(turn),
                      w.pivot.y + arm.x * sinf(turn) + arm.y * cosf(turn)}};
        if (glms_vec2_dot(glms_vec2_sub(to, w.swing), geom_dir(w.facing)) > 0)
            break;
    }
    int log0 = game_log_count(r->h.app->game);
    drag_cm(r, handle, to, false);
    shot(r, "tiny_wheel.png");
    ui_fixture_release(&r->h);
    mouse_away(r);
    ui_fixture_frame(&r->h);
    shot(r, "tiny_after.png");
    assert_int_equal(game_log_count(r->h.app->game), log0 + 1);
    const rules_command *c = game_command_at(r->h.app->game, log0);
    assert_int_equal(c->kind, RULES_CMD_WHEEL);
    assert_int_equal(c->unit.id, uid.id);
    vec2s pos[8];
    float facing[8];
    assert_int_equal(unit_stands(r, uid, pos, facing), 4);
    for (int i = 0; i < 4; i++)
        assert_float_equal(fabsf(geom_angle_diff(w.facing, facing[i])), GEOM_PI / 6, 0.03);
    /* The pivot stays at the same end of the new front line. */
    ui_unit_block_init(&b, game_table(r->h.app->game), ids, n);
    vec2s ends[2];
    ui_unit_block_front_ends(&b, game_table(r->h.app->game), ends);
    float d0 = glms_vec2_distance(ends[0], w.pivot), d1 = glms_vec2_distance(ends[1], w.pivot);
    assert_true(fminf(d0, d1) < 0.2f);
    /* The help names the block moves (screenshot to read). */
    ui_fixture_key(&r->h, UI_KEY_F1);
    shot(r, "tiny_help.png");
    ui_fixture_key(&r->h, UI_KEY_ESCAPE);
}

/* Stands show their arm (issue 17): foot a cross, horse one diagonal, guns a dot with a barrel,
 * each drawn on the stand in its own facing; probed by pixels on a plain background. */
static void test_stands_show_their_arm(void **state)
{
    (void)state;
    char path[600], err[512], art[512];
    snprintf(path, sizeof path, "%s/scenarios/tiny_two_brigades.json", SANDTABLE_SOURCE_DIR);
    scenario_error serr;
    scenario *sc = scenario_load_file(path, &serr);
    assert_non_null(sc);
    const table *t = sc->table;
    render_ctx *ctx = render_create_offscreen(
        300, 200, &(render_desc){.art_dir = render_find_art_dir(art, sizeof art)}, err, sizeof err);
    assert_non_null(ctx);
    const char *names[3] = {"IR Itzenplitz", "Dragoons Bayreuth", "Heavy battery"};
    render_arm want[3] = {RENDER_ARM_FOOT, RENDER_ARM_HORSE, RENDER_ARM_GUNS};
    for (int k = 0; k < 3; k++) {
        const figure *f = NULL;
        for (int i = 0; i < t->figure_count && !f; i++) {
            const unit *u = table_unit_const(t, t->figures[i].unit);
            if (u && strcmp(u->name, names[k]) == 0)
                f = &t->figures[i];
        }
        assert_non_null(f);
        assert_int_equal(render_stand_arm(t, f), want[k]);
        render_camera cam = {.centre_cm = f->pos, .px_per_cm = 20, .view_w = 300, .view_h = 200};
        cam.target_centre_cm = cam.centre_cm;
        cam.target_px_per_cm = cam.px_per_cm;
        render_begin(ctx);
        render_figure(ctx, &cam, t, f, f->pos, f->facing, 0);
        char png[700];
        snprintf(png, sizeof png, "%s/tiny_stand_%d.png", artifacts, k);
        render_write_png(ctx, png, err, sizeof err);
        /* Probes in the stand's frame: d toward its front, n across it. */
        vec2s d = {{cosf(f->facing), sinf(f->facing)}}, n = {{-d.y, d.x}};
        float hf = f->base.frontage_cm * 0.5f, hd = f->base.depth_cm * 0.5f;
        uint32_t base = render_side_rgb(t, f->side);
        /* On the front-left to back-right diagonal, a quarter of the way from the centre. */
        vec2s on_a = glms_vec2_add(
            f->pos, glms_vec2_add(glms_vec2_scale(d, hd * 0.42f), glms_vec2_scale(n, hf * 0.42f)));
        /* On the other diagonal (back-left to front-right). */
        vec2s on_b = glms_vec2_add(
            f->pos, glms_vec2_add(glms_vec2_scale(d, -hd * 0.42f), glms_vec2_scale(n, hf * 0.42f)));
        vec2s pa = render_camera_to_px(&cam, on_a), pb = render_camera_to_px(&cam, on_b);
        vec2s pc = render_camera_to_px(&cam, f->pos);
        bool ink_a = render_read_pixel(ctx, (int)lroundf(pa.x), (int)lroundf(pa.y)) != base;
        bool ink_b = render_read_pixel(ctx, (int)lroundf(pb.x), (int)lroundf(pb.y)) != base;
        bool ink_c = render_read_pixel(ctx, (int)lroundf(pc.x), (int)lroundf(pc.y)) != base;
        assert_int_equal(ink_a, k == 0); /* only foot crosses this way */
        assert_int_equal(ink_b, k <= 1); /* foot and horse both */
        assert_true(ink_c);              /* the cross, the diagonal and the dot all meet here */
    }
    render_destroy(ctx);
    scenario_destroy(sc);
}

int main(int argc, char **argv)
{
    if (argc > 1)
        artifacts = argv[1];
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_inches_by_default),
        cmocka_unit_test(test_pips_badges),
        cmocka_unit_test(test_frontal_zone_arc),
        cmocka_unit_test(test_drag_moves_formed_brigade),
        cmocka_unit_test(test_drag_moves_the_unit),
        cmocka_unit_test(test_wheel_about_an_end),
        cmocka_unit_test(test_stands_show_their_arm),
    };
    /* One match through all the steps, in order: the drag and wheel need the rolled pips. */
    return cmocka_run_group_tests(tests, setup, ui_fixture_hand_teardown);
}
