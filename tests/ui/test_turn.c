/* The turn driver on screen, checked by pixels of offscreen frames: on the lcr Toledo scenario
 * the drawn card appears face up in the play slot in its side's colour, the leader's command
 * radius is drawn where the rule set says, a reserved card goes to its owner's hand (face down
 * to the other side), and drawing animates only when animations are on. */
#include "render/render.h"
#include "ui/action_panel.h"
#include "ui/app.h"
#include "ui/driver_panel.h"
#include "ui/teach.h"
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

#define W 1280
#define H 800

typedef struct fixture {
    ui_app *app;
    render_ctx *ctx;
    ui_driver_panel *panel;
    char dir[64];
} fixture;

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    if (!ui_fixture_app_open("scenarios/lcr_toledo.json", "turn", W, H, &f->app, &f->ctx, f->dir,
                             sizeof f->dir))
        return -1;
    f->panel = ui_driver_panel_create();
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    ui_driver_panel_destroy(f->panel);
    ui_fixture_app_close(f->app, f->ctx, f->dir);
    free(f);
    return 0;
}

static const char *artifacts; /* where screenshots go (argv[1]); NULL: none */

/* The whole table screen through the app, kept as a PNG for people to look at. */
static void screenshot(fixture *f, const char *name)
{
    if (!artifacts)
        return;
    ui_input in = {.view_w = W, .view_h = H, .ui_scale = 1, .time = f->app->time, .dt = 0.016f};
    ui_app_frame(f->app, &in, f->ctx);
    char path[600], err[256];
    snprintf(path, sizeof path, "%s/%s", artifacts, name);
    if (render_write_png(f->ctx, path, err, sizeof err) != 0)
        fprintf(stderr, "%s\n", err);
}

static void draw(fixture *f)
{
    render_begin(f->ctx);
    ui_driver_panel_draw(f->panel, ui_app_view(f->app), f->ctx);
}

static void submit(fixture *f, rules_command cmd)
{
    char reason[256] = "";
    bool ok = game_submit(f->app->game, &cmd, reason, sizeof reason);
    if (!ok)
        fprintf(stderr, "refused: %s\n", reason);
    assert_true(ok);
    f->app->state_version++;
}

static rules_command legal_of(fixture *f, rules_command_kind kind)
{
    rules_command c = ui_fixture_legal(f->app->game, kind, (figure_id){0});
    if (c.kind == RULES_CMD_NONE)
        fail_msg("no legal %s", rules_command_kind_name(kind));
    return c;
}

/* The middle of the picture area of a card face (tinted in its side's colour), left of the
 * emblem. */
static uint32_t card_picture(fixture *f, int card)
{
    float x, y, w, h;
    assert_true(ui_driver_panel_card_rect(f->panel, card, &x, &y, &w, &h));
    return render_read_pixel(f->ctx, (int)(x + w * 0.16f), (int)(y + h * 0.36f));
}

static void test_drawn_card_in_play(void **state)
{
    fixture *f = *state;
    const table *t = game_table(f->app->game);
    draw(f);
    float px, py, pw, ph;
    ui_driver_panel_rect(f->panel, &px, &py, &pw, &ph);
    assert_true(pw > 200 && ph > 200);
    assert_true(px > W / 2 && px + pw <= W && py >= 0); /* on the right, top */
    rules_decision d;
    game_decision(f->app->game, &d);
    assert_int_equal(d.kind, RULES_DECIDE_DRAW_CARD);

    submit(f, legal_of(f, RULES_CMD_DRAW_CARD));
    draw(f);
    game_decision(f->app->game, &d);
    assert_true(d.card > 0);
    float x, y, w, h;
    assert_true(ui_driver_panel_card_rect(f->panel, d.card, &x, &y, &w, &h));
    assert_true(x >= px && x + w <= px + pw && y >= py && y + h <= py + ph);
    /* Its face shows its side's colour, not the other's. */
    rules_driver_item items[64];
    int n = game_driver(f->app->game, f->app->viewer, items, 64);
    side_id owner = {0};
    for (int i = 0; i < n; i++)
        if (items[i].kind == RULES_DRIVER_CARD && items[i].value == d.card)
            owner = items[i].side;
    assert_true(owner.id == 1 || owner.id == 2);
    uint32_t mine = render_side_rgb(t, owner), other = render_side_rgb(t, (side_id){3 - owner.id});
    uint32_t pic = card_picture(f, d.card);
    assert_true(ui_fixture_rgb_dist2(pic, mine) < ui_fixture_rgb_dist2(pic, other));
    screenshot(f, "turn_drawn.png");
}

/* The command radius is drawn around the leader where game_command_radius says, and the
 * figures he could activate are lit. */
static void test_command_radius(void **state)
{
    fixture *f = *state;
    const table *t = game_table(f->app->game);
    rules_decision d;
    game_decision(f->app->game, &d);
    if (d.kind == RULES_DECIDE_DRAW_CARD)
        submit(f, legal_of(f, RULES_CMD_DRAW_CARD));
    /* Draw until a leader's card is up (the toledo deck is all leaders and an End of Turn). */
    for (int i = 0; i < 12; i++) {
        game_decision(f->app->game, &d);
        if (d.kind == RULES_DECIDE_USE_CARD && d.figure.id)
            break;
        rules_command c = d.kind == RULES_DECIDE_INTERRUPT  ? legal_of(f, RULES_CMD_PASS)
                          : d.kind == RULES_DECIDE_USE_CARD ? legal_of(f, RULES_CMD_RESERVE_CARD)
                                                            : legal_of(f, RULES_CMD_DRAW_CARD);
        submit(f, c);
    }
    assert_int_equal(d.kind, RULES_DECIDE_USE_CARD);
    float r = 0;
    figure_id ids[256];
    int n = game_command_radius(f->app->game, d.figure, &r, ids, 256);
    assert_true(n >= 1 && r > 0);
    render_camera cam;
    render_camera_resize(&cam, W, H);
    render_camera_fit(&cam, t->width_cm, t->height_cm, 0, true);
    render_begin(f->ctx);
    uint32_t bg = render_read_pixel(f->ctx, 5, 5);
    ui_driver_panel_draw_table(f->panel, ui_app_view(f->app), f->ctx, &cam);
    figure_id leader;
    float shown;
    assert_true(ui_driver_panel_command(f->panel, &leader, &shown));
    assert_int_equal(leader.id, d.figure.id);
    assert_float_equal(shown, r, 1e-4);
    const figure *lf = table_figure_const(t, d.figure);
    /* On the ring: yellow; halfway in: untouched. Probe left and right, whichever is on the
     * table. */
    float dir = lf->pos.x + r < t->width_cm ? 1.0f : -1.0f;
    vec2s ring = render_camera_to_px(&cam, (vec2s){{lf->pos.x + dir * r, lf->pos.y}});
    vec2s half = render_camera_to_px(&cam, (vec2s){{lf->pos.x + dir * r * 0.5f, lf->pos.y}});
    bool yellow = false;
    for (int dx = -2; dx <= 2; dx++) {
        uint32_t c = render_read_pixel(f->ctx, (int)ring.x + dx, (int)ring.y);
        yellow |= ((c >> 16) & 0xff) > 180 && ((c >> 8) & 0xff) > 150 && (c & 0xff) < 120;
    }
    assert_true(yellow);
    assert_int_equal(render_read_pixel(f->ctx, (int)half.x, (int)half.y), bg);
    /* The leader himself and those in his command are lit, no enemy is. */
    for (int i = 0; i < t->figure_count; i++) {
        bool in = false;
        for (int k = 0; k < n && k < 256; k++)
            in |= ids[k].id == t->figures[i].id.id;
        assert_int_equal(ui_driver_panel_lit(f->panel, i), in);
    }
}

/* A reserved card goes to its owner's hand: face up to him, its back to the other side. */
static void test_reserved_card_hidden(void **state)
{
    fixture *f = *state;
    const table *t = game_table(f->app->game);
    rules_decision d;
    for (int i = 0; i < 12; i++) {
        game_decision(f->app->game, &d);
        if (d.kind == RULES_DECIDE_USE_CARD && d.figure.id)
            break;
        submit(f, d.kind == RULES_DECIDE_INTERRUPT ? legal_of(f, RULES_CMD_PASS)
                                                   : legal_of(f, RULES_CMD_DRAW_CARD));
    }
    assert_int_equal(d.kind, RULES_DECIDE_USE_CARD);
    int card = d.card;
    side_id owner = d.side, other = {3 - d.side.id};
    submit(f, legal_of(f, RULES_CMD_RESERVE_CARD));
    f->app->viewer = owner;
    draw(f);
    float x, y, w, h, px, py, pw, ph;
    assert_true(ui_driver_panel_card_rect(f->panel, card, &x, &y, &w, &h));
    ui_driver_panel_rect(f->panel, &px, &py, &pw, &ph);
    assert_true(h < 80 && y > py + 150); /* a small card, below the piles */
    uint32_t mine = render_side_rgb(t, owner), theirs = render_side_rgb(t, other);
    uint32_t face = card_picture(f, card);
    assert_true(ui_fixture_rgb_dist2(face, mine) < ui_fixture_rgb_dist2(face, theirs));
    screenshot(f, "turn_reserved.png");
    f->app->viewer = other;
    draw(f);
    uint32_t back = card_picture(f, card);
    assert_true(ui_fixture_rgb_dist2(back, face) > 40 * 40);
    assert_true(ui_fixture_rgb_dist2(back, mine) > ui_fixture_rgb_dist2(face, mine));
    /* a network spectator sees its back too: the public learns no side's reserved card */
    rules_driver_item items[128];
    int n = game_driver(f->app->game, (side_id){GAME_VIEWER_PUBLIC}, items, 128), held = 0;
    for (int i = 0; i < n; i++)
        if (items[i].kind == RULES_DRIVER_CARD && items[i].value == card) {
            held++;
            assert_true(items[i].hidden);
        }
    assert_true(held > 0);
    f->app->viewer = (side_id){GAME_VIEWER_PUBLIC};
    draw(f);
    uint32_t seen = card_picture(f, card);
    assert_true(ui_fixture_rgb_dist2(seen, back) < ui_fixture_rgb_dist2(seen, face));
}

/* Drawing slides and flips the card when animations are on; with speed 0 nothing moves. */
static void test_draw_animates(void **state)
{
    fixture *f = *state;
    rules_decision d;
    game_decision(f->app->game, &d);
    if (d.kind != RULES_DECIDE_DRAW_CARD)
        return;
    draw(f);
    f->app->settings.anim_speed = 1;
    submit(f, legal_of(f, RULES_CMD_DRAW_CARD));
    ui_driver_panel_update(f->panel, ui_app_view(f->app));
    assert_true(ui_driver_panel_animating(f->panel, f->app->time + 0.3));
    assert_false(ui_driver_panel_animating(f->panel, f->app->time + 3.0));
    game_decision(f->app->game, &d);
    /* Mid-flight the card is not yet in its slot. */
    f->app->time += 0.3;
    draw(f);
    float x, y, w, h;
    assert_false(ui_driver_panel_card_rect(f->panel, d.card, &x, &y, &w, &h));
    f->app->time += 3.0;
    draw(f);
    assert_true(ui_driver_panel_card_rect(f->panel, d.card, &x, &y, &w, &h));
    f->app->settings.anim_speed = 0;
    ui_app_undo(f->app);
    ui_driver_panel_update(f->panel, ui_app_view(f->app));
    assert_false(ui_driver_panel_animating(f->panel, f->app->time));
}

static bool legal_has(fixture *f, rules_command_kind kind, rules_command *out)
{
    rules_command legal[96];
    int n = game_legal(f->app->game, legal, 96);
    for (int i = 0; i < n; i++)
        if (legal[i].kind == kind) {
            *out = legal[i];
            return true;
        }
    return false;
}

static bool has_end_of_turn(fixture *f, int command)
{
    int n = 0;
    const rules_event *ev = game_events(f->app->game, command, &n);
    for (int i = 0; ev && i < n; i++)
        if (ev[i].kind == RULES_EV_CARD && strcmp(ev[i].tag, "end_of_turn") == 0)
            return true;
    return false;
}

/* Reserved cards go back to the deck at End of Turn seen: each stays in its owner's hand while
 * the End of Turn card is shown, then flies to the deck; none is left in a hand after. */
static void test_reserved_cards_fly_back(void **state)
{
    fixture *f = *state;
    int held = 0;
    float hx = 0, hy = 0, hw = 0, hh = 0;
    bool seen = false;
    for (int step = 0; step < 120 && !seen; step++) {
        rules_decision d;
        game_decision(f->app->game, &d);
        rules_command c;
        if (d.kind == RULES_DECIDE_NONE)
            break;
        if (d.kind == RULES_DECIDE_INTERRUPT)
            c = legal_of(f, RULES_CMD_PASS);
        else if (d.kind == RULES_DECIDE_USE_CARD && legal_has(f, RULES_CMD_RESERVE_CARD, &c))
            ;
        else if (!legal_has(f, RULES_CMD_DRAW_CARD, &c) &&
                 !legal_has(f, RULES_CMD_END_ACTIVATION, &c) && !legal_has(f, RULES_CMD_PASS, &c))
            fail_msg("no way on from %s", d.prompt);
        f->app->viewer = (side_id){1};
        draw(f);
        /* The first Spanish card held, as the Spanish player sees it. */
        rules_driver_item items[64];
        int n = game_driver(f->app->game, f->app->viewer, items, 64);
        held = 0;
        for (int i = 0; i < n; i++)
            if (items[i].kind == RULES_DRIVER_CARD && !items[i].current && items[i].side.id == 1) {
                held = items[i].value;
                break;
            }
        if (held)
            assert_true(ui_driver_panel_card_rect(f->panel, held, &hx, &hy, &hw, &hh));
        f->app->settings.anim_speed = held ? 1 : 0;
        int cursor = game_cursor(f->app->game);
        submit(f, c);
        ui_driver_panel_update(f->panel, ui_app_view(f->app));
        if (!held || !has_end_of_turn(f, cursor)) {
            f->app->time += 30;
            continue;
        }
        seen = true;
        double t0 = f->app->time;
        f->app->time = t0 + 0.8; /* the End of Turn card is still shown */
        draw(f);
        float x, y, w, h;
        assert_true(ui_driver_panel_card_rect(f->panel, held, &x, &y, &w, &h));
        assert_float_equal(x, hx, 0.5);
        assert_float_equal(y, hy, 0.5);
        if (artifacts) { /* the panel alone, as drawn (the whole screen has a cover up) */
            char path[600], err[256];
            snprintf(path, sizeof path, "%s/turn_reserved_back.png", artifacts);
            if (render_write_png(f->ctx, path, err, sizeof err) != 0)
                fprintf(stderr, "%s\n", err);
        }
        assert_true(ui_driver_panel_animating(f->panel, f->app->time));
        f->app->time = t0 + 30;
        draw(f);
        assert_false(ui_driver_panel_card_rect(f->panel, held, &x, &y, &w, &h));
    }
    assert_true(seen);
    f->app->settings.anim_speed = 0;
}

/* A soldier card in play is titled "Soldier card" whole (its side's name under the picture):
 * the title once read "soldier card (Sp...". */
static void test_soldier_card_title(void **state)
{
    fixture *f = *state;
    const table *t = game_table(f->app->game);
    for (int step = 0; step < 200; step++) {
        rules_driver_item items[64];
        int n = game_driver(f->app->game, f->app->viewer, items, 64);
        for (int i = 0; i < n; i++) {
            const rules_driver_item *it = &items[i];
            if (it->kind != RULES_DRIVER_CARD || !it->current || it->figure.id || !it->side.id)
                continue;
            char title[64];
            assert_string_equal(ui_driver_panel_card_title(t, it, title, sizeof title),
                                "Soldier card");
            int tw, th;
            render_text_size(f->ctx, title, 112 * 0.062f, &tw, &th);
            assert_true(tw < 112 * 0.82f); /* fits the play slot's card uncut */
            /* What it allows, said where the player reads the decision. */
            rules_decision dd;
            game_decision(f->app->game, &dd);
            if (dd.kind == RULES_DECIDE_USE_CARD)
                assert_non_null(strstr(dd.prompt, "figure acts alone (move or fire)"));
            else
                assert_int_equal(dd.kind, RULES_DECIDE_INTERRUPT);
            draw(f);
            if (artifacts) {
                char path[600], err[256];
                snprintf(path, sizeof path, "%s/turn_soldier_card.png", artifacts);
                if (render_write_png(f->ctx, path, err, sizeof err) != 0)
                    fprintf(stderr, "%s\n", err);
            }
            return;
        }
        rules_decision d;
        game_decision(f->app->game, &d);
        rules_command c;
        if (d.kind == RULES_DECIDE_INTERRUPT)
            c = legal_of(f, RULES_CMD_PASS);
        else if (!legal_has(f, RULES_CMD_DRAW_CARD, &c) &&
                 !legal_has(f, RULES_CMD_END_ACTIVATION, &c) &&
                 !legal_has(f, RULES_CMD_RESERVE_CARD, &c) && !legal_has(f, RULES_CMD_PASS, &c))
            fail_msg("no way on from %s", d.prompt);
        submit(f, c);
    }
    fail_msg("no soldier card came up");
}

static figure_id find(const table *t, const char *name)
{
    for (int i = 0; i < t->figure_count; i++)
        if (strcmp(t->figures[i].name, name) == 0)
            return t->figures[i].id;
    fail_msg("no figure %s", name);
    return (figure_id){0};
}

/* Seed 000's Lt Toledo sequence (tests/lcr, match dice seed 8) on the panels: Toledo's card
 * reserved and played first when a Moro card comes up; the action panel then offers Toledo's
 * actions (a disabled one says why on hover) and its Fire button aims with the engine's own
 * firers; the volley kills Datu Mango. */
static void test_toledo_on_the_panels(void **state)
{
    fixture *f = *state;
    game *old = f->app->game;
    game_error gerr;
    game *g = game_create(&(game_desc){.scenario = game_scenario(old), .seed_set = true, .seed = 8},
                          &gerr);
    assert_non_null(g);
    f->app->game = g;
    f->app->state_version++;
    const table *t = game_table(g);
    const side_id spain = {1}, moro = {2};
    figure_id toledo = find(t, "Lt Toledo"), mango = find(t, "Datu Mango");
    rules_decision d;
    submit(f, legal_of(f, RULES_CMD_DRAW_CARD));
    game_decision(g, &d);
    assert_int_equal(d.figure.id, toledo.id);
    int card = d.card;
    submit(f, legal_of(f, RULES_CMD_RESERVE_CARD));
    submit(f, legal_of(f, RULES_CMD_DRAW_CARD));
    submit(f, legal_of(f, RULES_CMD_PASS));
    submit(f, (rules_command){.kind = RULES_CMD_ACTIVATE, .side = moro, .figure = mango});
    rules_command adv = {.kind = RULES_CMD_MOVE, .side = moro, .path_count = 1};
    const figure *mf = table_figure_const(t, mango);
    for (int i = 0; i < t->figure_count; i++)
        if (t->figures[i].unit.id == mf->unit.id)
            rules_command_add_figure(&adv, t->figures[i].id);
    adv.path[0] = (vec2s){{mf->pos.x - 8, mf->pos.y}};
    submit(f, adv);
    submit(f, legal_of(f, RULES_CMD_END_ACTIVATION));
    submit(f, legal_of(f, RULES_CMD_DRAW_CARD));
    game_decision(g, &d);
    assert_int_equal(d.kind, RULES_DECIDE_INTERRUPT);
    f->app->viewer = spain;
    /* The panel offers Toledo's card first: its button plays exactly that card. */
    draw(f);
    float x, y, w, h;
    assert_true(ui_driver_panel_card_rect(f->panel, card, &x, &y, &w, &h));
    rules_command cmd;
    float px, py, pw, ph;
    ui_driver_panel_rect(f->panel, &px, &py, &pw, &ph);
    assert_true(
        ui_driver_panel_click(f->panel, ui_app_view(f->app), x + w / 2, y + h / 2, &cmd, NULL));
    assert_int_equal(cmd.kind, RULES_CMD_PLAY_RESERVED);
    assert_int_equal(cmd.card, card);
    submit(f, cmd);
    game_decision(g, &d);
    assert_int_equal(d.kind, RULES_DECIDE_ACT);
    assert_int_equal(d.figure.id, toledo.id);

    /* The action panel: Rally is disabled (nobody to rally) and says why on hover. */
    ui_action_panel *ap = ui_action_panel_create();
    render_begin(f->ctx);
    float top = ui_driver_panel_draw(f->panel, ui_app_view(f->app), f->ctx);
    ui_action_panel_draw(ap, ui_app_view(f->app), f->ctx, top, -1, -1);
    assert_true(ui_action_panel_action_rect(ap, RULES_CMD_FIRE, &x, &y, &w, &h));
    assert_true(y > top && x > W / 2);
    assert_true(ui_action_panel_action_rect(ap, RULES_CMD_RALLY, &x, &y, &w, &h));
    render_begin(f->ctx);
    ui_action_panel_draw(ap, ui_app_view(f->app), f->ctx, top, x + w / 2, y + h / 2);
    rules_action acts[16];
    int na = game_actions(g, toledo, acts, 16);
    for (int i = 0; i < na; i++)
        if (acts[i].kind == RULES_CMD_RALLY) {
            assert_false(acts[i].enabled);
            assert_string_equal(ui_action_panel_why_not(ap), acts[i].reason);
        }
    /* Fire: the panel asks the view to aim with the engine's own firers. */
    assert_true(ui_action_panel_action_rect(ap, RULES_CMD_FIRE, &x, &y, &w, &h));
    ui_action_request rq;
    assert_true(ui_action_panel_click(ap, ui_app_view(f->app), x + w / 2, y + h / 2, &rq));
    assert_int_equal(rq.kind, UI_ACTION_TARGET);
    assert_true(rq.cmd.figure_count >= 2);
    rules_command fire = legal_of(f, RULES_CMD_FIRE);
    submit(f, fire);
    game_decision(g, &d);
    assert_int_equal(d.kind, RULES_DECIDE_ACT); /* the volley left no hits to allocate */
    screenshot(f, "turn_toledo_fired.png");
    assert_false(table_figure_active(table_figure_const(t, mango)));
    ui_action_panel_destroy(ap);
    f->app->game = old;
    f->app->state_version++;
    game_destroy(g);
}

/* A volley too weak to kill a whole war band: 16 Mausers at long range (6+) into 24 warriors
 * packed inside the 16 cm semicircle, so hits must be allocated. */
static const char volley_json[] =
    "{\"title\": \"volley\", \"ruleset\": \"lcr\", \"seed\": 5,"
    " \"table\": {\"width_cm\": 120, \"height_cm\": 80},"
    " \"sides\": [{\"name\": \"Spanish\", \"colour\": \"#c8a040\"},"
    " {\"name\": \"Moro\", \"colour\": \"#7a2e2e\"}],"
    " \"units\": [{\"name\": \"Line\", \"side\": \"Spanish\", \"formation\": \"line\","
    " \"commander\": \"Lt\", \"defaults\": {\"weapon\": \"mauser\", \"facing\": \"east\","
    " \"quality\": \"regular\"}, \"figures\": [{\"name\": \"Lt\", \"role\": \"officer\","
    " \"quality\": \"seasoned\", \"pos\": [12, 40]}],"
    " \"blocks\": [{\"name\": \"Cazador\", \"origin\": [18, 30], \"count\": 16,"
    " \"ranks\": 2}]},"
    " {\"name\": \"Band\", \"side\": \"Moro\", \"formation\": \"loose\","
    " \"commander\": \"Datu\", \"defaults\": {\"weapon\": \"kris\", \"facing\": \"west\","
    " \"quality\": \"regular\"}, \"figures\": [{\"name\": \"Datu\", \"role\": \"leader\","
    " \"pos\": [110, 75]}], \"blocks\": [{\"name\": \"Warrior\", \"origin\": [60, 28],"
    " \"count\": 24, \"ranks\": 3, \"spacing_cm\": 3}]}]}";

/* Hit allocation from the panel: the hits fall in the semicircle; a figure outside it is
 * refused with the rule set's reason; the suggested figures, clicked, are accepted. */
static void test_allocate_from_the_panel(void **state)
{
    fixture *f = *state;
    game *old = f->app->game;
    scenario_error serr;
    scenario *sc = scenario_load_string(volley_json, sizeof volley_json - 1, "volley", &serr);
    assert_non_null(sc);
    game_error gerr;
    game *g = game_create(&(game_desc){.scenario = sc, .take_scenario = true}, &gerr);
    assert_non_null(g);
    f->app->game = g;
    f->app->state_version++;
    const table *t = game_table(g);
    figure_id lt = find(t, "Lt"), datu = find(t, "Datu");
    rules_decision d;
    for (int i = 0; i < 12; i++) {
        game_decision(g, &d);
        if (d.kind == RULES_DECIDE_ACT && d.figure.id == lt.id)
            break;
        if (d.kind == RULES_DECIDE_USE_CARD && d.figure.id == lt.id)
            submit(f, (rules_command){.kind = RULES_CMD_ACTIVATE, .side = d.side, .figure = lt});
        else if (d.kind == RULES_DECIDE_USE_CARD)
            submit(f, legal_of(f, RULES_CMD_RESERVE_CARD));
        else if (d.kind == RULES_DECIDE_INTERRUPT)
            submit(f, legal_of(f, RULES_CMD_PASS));
        else
            submit(f, legal_of(f, RULES_CMD_DRAW_CARD));
    }
    assert_int_equal(d.kind, RULES_DECIDE_ACT);
    ui_action_panel *ap = ui_action_panel_create();
    rules_command fire = legal_of(f, RULES_CMD_FIRE);
    rules_target tg[8];
    int nt = game_targets(g, &fire, tg, 8);
    assert_true(nt >= 1 && tg[0].area_radius_cm > 0);
    ui_action_panel_note_submit(ap, g, &fire);
    submit(f, fire);
    game_decision(g, &d);
    assert_int_equal(d.kind, RULES_DECIDE_ALLOCATE_HITS);
    assert_true(d.count >= 1);
    rules_command sugg = legal_of(f, RULES_CMD_ALLOCATE);
    assert_int_equal(sugg.figure_count, d.count);
    ui_action_request rq;
    /* The far Datu first: the pick is refused, the panel says why in the rules' words. */
    ui_action_panel_pick(ap, ui_app_view(f->app), datu);
    for (int i = 1; i < d.count; i++)
        ui_action_panel_pick(ap, ui_app_view(f->app), sugg.figures[i]);
    rules_command bad = {.kind = RULES_CMD_ALLOCATE, .side = d.side};
    rules_command_add_figure(&bad, datu);
    for (int i = 1; i < d.count; i++)
        rules_command_add_figure(&bad, sugg.figures[i]);
    char reason[256];
    assert_false(game_validate(g, &bad, reason, sizeof reason));
    assert_true(ui_action_panel_confirm(ap, ui_app_view(f->app), &rq));
    assert_int_equal(rq.kind, UI_ACTION_REFUSED);
    assert_string_equal(rq.refused.what, "allocate so");
    assert_string_equal(rq.refused.reason, reason);
    /* The table view logs it as a refusal: it is the newest entry of the event log. */
    ui_teach teach;
    ui_teach_init(&teach);
    const char *said =
        ui_teach_refused(&teach, ui_app_view(f->app), rq.refused.what, rq.refused.reason);
    assert_non_null(strstr(said, reason));
    int keys[128];
    int nk = ui_event_log_entries(&teach.log, g, keys, 128);
    assert_true(nk >= 1);
    assert_int_equal(keys[nk - 1], ui_event_log_refusal_key(0));
    assert_string_equal(teach.log.refusals[0].what, "allocate so");
    assert_string_equal(teach.log.refusals[0].reason, reason);
    /* Drop him, take the suggested one instead: accepted. */
    ui_action_panel_pick(ap, ui_app_view(f->app), datu);
    assert_false(ui_action_panel_picked(ap, datu));
    ui_action_panel_pick(ap, ui_app_view(f->app), sugg.figures[0]);
    render_camera cam;
    render_camera_resize(&cam, W, H);
    render_camera_fit(&cam, t->width_cm, t->height_cm, 0, true);
    render_begin(f->ctx);
    ui_action_panel_draw_table(ap, ui_app_view(f->app), f->ctx, &cam);
    /* The picked figure is ringed in red. */
    const figure *pf = table_figure_const(t, sugg.figures[0]);
    vec2s ring =
        render_camera_to_px(&cam, (vec2s){{pf->pos.x, pf->pos.y - (pf->base.radius_cm + 0.9f)}});
    bool red = false;
    for (int dy = -2; dy <= 2; dy++) {
        uint32_t c = render_read_pixel(f->ctx, (int)ring.x, (int)ring.y + dy);
        red |= ((c >> 16) & 0xff) > 200 && ((c >> 8) & 0xff) < 120 && (c & 0xff) < 120;
    }
    assert_true(red);
    /* The area is drawn: its tint just inside the curved side, beyond the target. */
    const figure *tf = table_figure_const(t, fire.target);
    vec2s dir = glms_vec2_normalize(glms_vec2_sub(tf->pos, table_figure_const(t, lt)->pos));
    vec2s in = glms_vec2_add(tf->pos, glms_vec2_scale(dir, tg[0].area_radius_cm - 1.0f));
    vec2s out = glms_vec2_add(tf->pos, glms_vec2_scale(dir, tg[0].area_radius_cm + 1.5f));
    vec2s pin = render_camera_to_px(&cam, in), pout = render_camera_to_px(&cam, out);
    assert_int_not_equal(render_read_pixel(f->ctx, (int)pin.x, (int)pin.y),
                         render_read_pixel(f->ctx, (int)pout.x, (int)pout.y));
    ui_action_panel_draw(ap, ui_app_view(f->app), f->ctx, 300, -1, -1);
    screenshot(f, "turn_allocate.png");
    assert_true(ui_action_panel_confirm(ap, ui_app_view(f->app), &rq));
    assert_int_equal(rq.kind, UI_ACTION_SUBMIT);
    assert_int_equal(rq.cmd.figure_count, d.count);
    submit(f, rq.cmd);
    for (int i = 0; i < d.count; i++)
        assert_false(table_figure_active(table_figure_const(t, sugg.figures[i])));
    ui_action_panel_destroy(ap);
    f->app->game = old;
    f->app->state_version++;
    game_destroy(g);
}

/* Pixels of the face-down sealed-choice box (driver_panel.c draw_sealed) inside the panel. */
static int sealed_box_pixels(fixture *f)
{
    float x, y, w, h;
    ui_driver_panel_rect(f->panel, &x, &y, &w, &h);
    int n = 0;
    for (int py = (int)y; py < (int)(y + h); py++)
        for (int px = (int)x; px < (int)(x + w); px++)
            n += (render_read_pixel(f->ctx, px, py) & 0xffffff) == 0x30406a;
    return n;
}

/* With the wounded rule on, a side's sealed choice shows in the panel: face down to the other
 * side (a dark box, the choice not named), face up to its own. */
static void test_sealed_choice_face_down(void **state)
{
    fixture *f = *state;
    game *old = f->app->game;
    const char *src = getenv("SANDTABLE_SOURCE_DIR");
    char path[512];
    snprintf(path, sizeof path, "%s/scenarios/lcr_toledo.json", src ? src : ".");
    scenario_error serr;
    scenario *sc = scenario_load_file(path, &serr);
    assert_non_null(sc);
    json_object_set_new(sc->rules_options, "wounds", json_true());
    game_error gerr;
    game *g = game_create(&(game_desc){.scenario = sc, .take_scenario = true}, &gerr);
    assert_non_null(g);
    f->app->game = g;
    f->app->state_version++;
    rules_decision d;
    game_decision(g, &d);
    assert_int_equal(d.kind, RULES_DECIDE_SETUP);
    side_id chooser = d.side, other = {3 - d.side.id};
    submit(f, (rules_command){.kind = RULES_CMD_CHOOSE, .side = chooser, .option = "ruthless"});
    f->app->viewer = other;
    draw(f);
    assert_true(sealed_box_pixels(f) > 100);
    screenshot(f, "turn_sealed_other.png");
    f->app->viewer = chooser;
    draw(f);
    assert_int_equal(sealed_box_pixels(f), 0);
    f->app->game = old;
    f->app->state_version++;
    game_destroy(g);
}

int main(int argc, char **argv)
{
    artifacts = argc > 1 ? argv[1] : NULL;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_drawn_card_in_play, setup, teardown),
        cmocka_unit_test_setup_teardown(test_command_radius, setup, teardown),
        cmocka_unit_test_setup_teardown(test_reserved_card_hidden, setup, teardown),
        cmocka_unit_test_setup_teardown(test_draw_animates, setup, teardown),
        cmocka_unit_test_setup_teardown(test_reserved_cards_fly_back, setup, teardown),
        cmocka_unit_test_setup_teardown(test_soldier_card_title, setup, teardown),
        cmocka_unit_test_setup_teardown(test_toledo_on_the_panels, setup, teardown),
        cmocka_unit_test_setup_teardown(test_allocate_from_the_panel, setup, teardown),
        cmocka_unit_test_setup_teardown(test_sealed_choice_face_down, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
