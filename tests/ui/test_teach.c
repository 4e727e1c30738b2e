/* The teaching panels by pixels, offscreen: the dice tray on the seed's Lt Toledo volley (48
 * dice, lcr_toledo.json, dice seed 8) shows each die's face as it fell, sorted highest first,
 * hits framed green and misses red, and the saves in a second tray that rolls after the first;
 * the event log lists the match's commands and a refusal, and an opened entry shows its
 * explanation; the rules reference renders lcr's summary and says so when a summary is missing.
 * PNGs go to the artifacts folder given as the first argument. */
#include "core/config.h"
#include "game/game.h"
#include "render/render.h"
#include "scenario/scenario.h"
#include "ui/app.h"
#include "ui/dice_tray.h"
#include "ui/event_log.h"
#include "ui/rules_ref.h"

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#define W 1000
#define H 720

static const char *artifacts = ".";

typedef struct fixture {
    scenario *scn;
    game *g;
    int fire; /* log index of the 48-dice volley */
    render_ctx *ctx;
} fixture;

/* ---- the Toledo sequence through the engine (seed 000, Order Deck) ------------------------- */

static figure_id find(const table *t, const char *name)
{
    for (int i = 0; i < t->figure_count; i++)
        if (strcmp(t->figures[i].name, name) == 0)
            return t->figures[i].id;
    fail_msg("no figure %s", name);
    return (figure_id){0};
}

static void must(game *g, rules_command cmd)
{
    char why[256] = "";
    if (!game_submit(g, &cmd, why, sizeof why))
        fail_msg("refused %s: %s", rules_command_kind_name(cmd.kind), why);
}

static int drawn_card(const game *g)
{
    int n = 0;
    const rules_event *ev = game_events(g, game_cursor(g) - 1, &n);
    for (int i = 0; i < n; i++)
        if (ev[i].kind == RULES_EV_CARD && strcmp(ev[i].tag, "draw") == 0)
            return ev[i].value;
    fail_msg("no card drawn");
    return 0;
}

static rules_decision decision(const game *g)
{
    rules_decision d;
    game_decision(g, &d);
    return d;
}

static void draw_card(game *g)
{
    must(g, (rules_command){.kind = RULES_CMD_DRAW_CARD, .side = decision(g).side});
}

/* Spain reserves Toledo's card, Mango's band advances, Hassan's card comes up and Spain
 * interrupts: the two-deep line of 16 fires at the nearest warrior. */
static void play_toledo(fixture *fx)
{
    game *g = fx->g;
    const table *t = game_table(g);
    const side_id spain = {1}, moro = {2};
    figure_id toledo = find(t, "Lt Toledo"), mango = find(t, "Datu Mango");
    draw_card(g);
    int toledo_card = drawn_card(g);
    must(g, (rules_command){.kind = RULES_CMD_RESERVE_CARD, .side = spain, .card = toledo_card});
    draw_card(g);
    must(g, (rules_command){.kind = RULES_CMD_PASS, .side = spain});
    must(g, (rules_command){.kind = RULES_CMD_ACTIVATE, .side = moro, .figure = mango});
    rules_command adv = {.kind = RULES_CMD_MOVE, .side = moro, .path_count = 1};
    t = game_table(g);
    const figure *mf = table_figure_const(t, mango);
    for (int i = 0; i < t->figure_count; i++)
        if (t->figures[i].unit.id == mf->unit.id)
            rules_command_add_figure(&adv, t->figures[i].id);
    adv.path[0] = (vec2s){{mf->pos.x - 8, mf->pos.y}};
    must(g, adv);
    must(g, (rules_command){.kind = RULES_CMD_END_ACTIVATION, .side = moro});
    draw_card(g);
    must(g, (rules_command){.kind = RULES_CMD_PLAY_RESERVED,
                            .side = spain,
                            .card = toledo_card,
                            .figure = toledo});
    rules_command fire = {.kind = RULES_CMD_FIRE, .side = spain};
    t = game_table(g);
    vec2s c = {{0, 0}};
    for (int i = 0; i < t->figure_count; i++)
        if (t->figures[i].side.id == spain.id && t->figures[i].role == FIGURE_ROLE_SOLDIER) {
            rules_command_add_figure(&fire, t->figures[i].id);
            c = glms_vec2_add(c, t->figures[i].pos);
        }
    assert_int_equal(fire.figure_count, 16);
    c = glms_vec2_scale(c, 1.0f / 16);
    float best = 1e9f;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        if (f->side.id == moro.id && table_figure_active(f) &&
            glms_vec2_distance(f->pos, c) < best) {
            best = glms_vec2_distance(f->pos, c);
            fire.target = f->id;
        }
    }
    must(g, fire);
    fx->fire = game_cursor(g) - 1;
}

static int setup(void **state)
{
    fixture *fx = calloc(1, sizeof *fx);
    char path[1024], err[512];
    snprintf(path, sizeof path, "%s/scenarios/lcr_toledo.json",
             getenv("SANDTABLE_SOURCE_DIR") ? getenv("SANDTABLE_SOURCE_DIR")
                                            : SANDTABLE_SOURCE_DIR);
    scenario_error serr;
    fx->scn = scenario_load_file(path, &serr);
    assert_non_null(fx->scn);
    game_error gerr;
    fx->g = game_create(&(game_desc){.scenario = fx->scn, .seed_set = true, .seed = 8}, &gerr);
    assert_non_null(fx->g);
    play_toledo(fx);
    fx->ctx = render_create_offscreen(W, H, &(render_desc){0}, err, sizeof err);
    assert_non_null(fx->ctx);
    *state = fx;
    return 0;
}

static int teardown(void **state)
{
    fixture *fx = *state;
    render_destroy(fx->ctx);
    game_destroy(fx->g);
    scenario_destroy(fx->scn);
    free(fx);
    return 0;
}

static void save_png(render_ctx *ctx, const char *name)
{
    char path[1200], err[256];
    snprintf(path, sizeof path, "%s/%s", artifacts, name);
    assert_int_equal(render_write_png(ctx, path, err, sizeof err), 0);
}

/* ---- pixels -------------------------------------------------------------------------------- */

static int luma(uint32_t rgb)
{
    return (int)(((rgb >> 16) & 0xff) * 3 + ((rgb >> 8) & 0xff) * 6 + (rgb & 0xff)) / 10;
}

static bool near_rgb(uint32_t a, uint32_t b, int tol)
{
    for (int s = 0; s < 24; s += 8)
        if (abs((int)((a >> s) & 0xff) - (int)((b >> s) & 0xff)) > tol)
            return false;
    return true;
}

static int count_rgb(render_ctx *ctx, float x0, float y0, float x1, float y1, uint32_t rgb, int tol)
{
    int n = 0;
    for (int y = (int)y0; y < (int)y1; y++)
        for (int x = (int)x0; x < (int)x1; x++)
            n += near_rgb(render_read_pixel(ctx, x, y), rgb, tol);
    return n;
}

/* The face drawn at a die, read from the pixels: which of the seven pip spots are dark. */
static int face_at(render_ctx *ctx, const ui_dice_die *d)
{
    static const float spots[7][2] = {{-1, -1}, {1, -1}, {-1, 0}, {0, 0}, {1, 0}, {-1, 1}, {1, 1}};
    int mask = 0;
    for (int s = 0; s < 7; s++) {
        float x = d->cx + spots[s][0] * 0.26f * d->size, y = d->cy + spots[s][1] * 0.26f * d->size;
        if (luma(render_read_pixel(ctx, (int)lroundf(x), (int)lroundf(y))) < 90)
            mask |= 1 << s;
    }
    /* The pip pattern of each face on those spots. */
    static const int faces[7] = {0,
                                 1 << 3,
                                 1 | 1 << 6,
                                 1 | 1 << 3 | 1 << 6,
                                 1 | 2 | 32 | 64,
                                 1 | 2 | 8 | 32 | 64,
                                 1 | 2 | 4 | 16 | 32 | 64};
    for (int v = 1; v <= 6; v++)
        if (faces[v] == mask)
            return v;
    return -mask;
}

static int cmp_desc(const void *a, const void *b)
{
    return *(const int *)b - *(const int *)a;
}

/* The values of the fire's DIE events with a tag, highest first. */
static int event_dice(const game *g, int index, const char *tag, int *vals, int *succ)
{
    int n = 0, k = 0;
    *succ = 0;
    const rules_event *ev = game_events(g, index, &n);
    for (int i = 0; i < n; i++)
        if (ev[i].kind == RULES_EV_DIE && strcmp(ev[i].tag, tag) == 0) {
            vals[k++] = ev[i].value;
            *succ += ev[i].success;
        }
    qsort(vals, (size_t)k, sizeof *vals, cmp_desc);
    return k;
}

static const ui_dice_group *group_tagged(const ui_dice_tray *t, const char *tag)
{
    for (int g = 0; g < t->group_count; g++)
        if (strcmp(t->groups[g].tag, tag) == 0)
            return &t->groups[g];
    return NULL;
}

/* ---- the dice tray ------------------------------------------------------------------------- */

static void check_group_pixels(render_ctx *ctx, const ui_dice_tray *t, const ui_dice_group *g,
                               const int *vals)
{
    for (int i = 0; i < g->count; i++) {
        const ui_dice_die *d = &t->dice[g->first + i];
        assert_int_equal(d->value, vals[i]); /* sorted highest first, as thrown */
        assert_int_equal(face_at(ctx, d), d->value);
        /* Hits framed green, misses red, just outside the body. */
        uint32_t frame =
            render_read_pixel(ctx, (int)lroundf(d->cx - d->size / 2 - 1.5f), (int)lroundf(d->cy));
        assert_true(near_rgb(frame, d->success ? UI_DICE_HIT_RGB : UI_DICE_MISS_RGB, 8));
        if (i + 1 < g->count) { /* reading order: along a row, then the next row */
            const ui_dice_die *e = d + 1;
            assert_true(e->cy > d->cy + 1 || (fabsf(e->cy - d->cy) < 1 && e->cx > d->cx));
        }
    }
}

static void test_tray_sorted_and_marked(void **state)
{
    fixture *fx = *state;
    int n = 0, vals[64], hits = 0, saves[64], saved = 0;
    const rules_event *ev = game_events(fx->g, fx->fire, &n);
    assert_int_equal(event_dice(fx->g, fx->fire, "to_hit", vals, &hits), 48);
    int nsave = event_dice(fx->g, fx->fire, "save", saves, &saved);
    assert_int_equal(nsave, hits); /* one save per hit */
    assert_true(hits > 0);

    ui_dice_tray *t = calloc(1, sizeof *t);
    assert_int_equal(ui_dice_tray_show(t, ev, n, "Spanish fire", NULL, 0, 0), 2);
    render_begin(fx->ctx);
    float drawn = ui_dice_tray_draw(t, fx->ctx, 0, 10, H - 10, 420, H - 20);
    assert_true(drawn > 100);
    save_png(fx->ctx, "teach_tray_48.png");
    assert_true(ui_dice_tray_settled(t, 0));
    const ui_dice_group *hit = group_tagged(t, "to_hit"), *save = group_tagged(t, "save");
    assert_non_null(hit);
    assert_non_null(save);
    assert_true(hit < save); /* the saves come second, in their own tray */
    assert_int_equal(hit->count, 48);
    assert_int_equal(hit->successes, hits);
    assert_int_equal(save->successes, saved);
    assert_true(hit->drawn && save->drawn);
    assert_true(save->y > hit->y + hit->h - 1);
    check_group_pixels(fx->ctx, t, hit, vals);
    check_group_pixels(fx->ctx, t, save, saves);
    /* 48 dice at a readable size. */
    assert_true(t->dice[hit->first].size >= 18);
    free(t);
}

/* Animated: at 1 s the dice have landed where thrown but are not yet sorted, and the saves'
 * tray has not begun; once settled, each die sits in its sorted place. */
static void test_tray_animates(void **state)
{
    fixture *fx = *state;
    int n = 0;
    const rules_event *ev = game_events(fx->g, fx->fire, &n);
    ui_dice_tray *t = calloc(1, sizeof *t);
    ui_dice_tray_show(t, ev, n, "Spanish fire", NULL, 100.0, 1.0f);
    render_begin(fx->ctx);
    ui_dice_tray_draw(t, fx->ctx, 1000.0, 10, H - 10, 420, H - 20);
    assert_true(ui_dice_tray_settled(t, 1000.0));
    const ui_dice_group *hit = group_tagged(t, "to_hit"), *save = group_tagged(t, "save");
    float slot_x[64], slot_y[64];
    for (int i = 0; i < hit->count; i++) {
        slot_x[i] = t->dice[hit->first + i].cx;
        slot_y[i] = t->dice[hit->first + i].cy;
    }
    assert_false(ui_dice_tray_settled(t, 101.0));
    render_begin(fx->ctx);
    ui_dice_tray_draw(t, fx->ctx, 101.0, 10, H - 10, 420, H - 20);
    save_png(fx->ctx, "teach_tray_landed.png");
    int moved = 0;
    for (int i = 0; i < hit->count; i++) {
        const ui_dice_die *d = &t->dice[hit->first + i];
        assert_float_equal(d->cx, slot_x[d->thrown], 0.01);
        assert_float_equal(d->cy, slot_y[d->thrown], 0.01);
        moved += d->thrown != i;
        /* Not marked yet: no green or red frame. */
        uint32_t frame = render_read_pixel(fx->ctx, (int)lroundf(d->cx - d->size / 2 - 1.5f),
                                           (int)lroundf(d->cy));
        assert_false(near_rgb(frame, UI_DICE_HIT_RGB, 30) || near_rgb(frame, UI_DICE_MISS_RGB, 30));
    }
    assert_true(moved > 0);
    assert_true(save->start > 101.0);
    free(t);
}

/* Opposed, untested dice thrown together (close combat) stay each their owner's: one tray per
 * figure, named; tested dice of many firers stay one tray. */
static void test_tray_owners(void **state)
{
    fixture *fx = *state;
    const table *t = game_table(fx->g);
    figure_id a = find(t, "Lt Toledo"), b = find(t, "Datu Mango");
    rules_event ev[5] = {
        {.kind = RULES_EV_DIE, .sides = 6, .value = 2, .group = 1, .figure = a},
        {.kind = RULES_EV_DIE, .sides = 6, .value = 5, .group = 1, .figure = b},
        {.kind = RULES_EV_DIE, .sides = 6, .value = 6, .group = 1, .figure = a},
        {.kind = RULES_EV_DIE, .sides = 6, .value = 3, .need = 4, .group = 2, .figure = a},
        {.kind = RULES_EV_DIE,
         .sides = 6,
         .value = 4,
         .need = 4,
         .success = true,
         .group = 2,
         .figure = b},
    };
    for (int i = 0; i < 5; i++)
        snprintf(ev[i].tag, sizeof ev[i].tag, "%s", i < 3 ? "close_combat" : "to_hit");
    ui_dice_tray *tray = calloc(1, sizeof *tray);
    assert_int_equal(ui_dice_tray_show(tray, ev, 5, "combat", t, 0, 0), 3);
    assert_int_equal(tray->groups[0].count, 2);
    assert_int_equal(tray->dice[tray->groups[0].first].value, 6);
    assert_non_null(strstr(tray->groups[0].title, "Lt Toledo"));
    assert_non_null(strstr(tray->groups[0].title, "total 8"));
    assert_int_equal(tray->groups[1].count, 1);
    assert_non_null(strstr(tray->groups[1].title, "Datu Mango"));
    assert_int_equal(tray->groups[2].count, 2);
    assert_int_equal(tray->groups[2].successes, 1);
    free(tray);
}

/* A close combat's tray says who won each pairing: the owner the command removes after the
 * throw lost, the other won, shown in the titles once both throws are sorted (issue 17). */
static void test_tray_contest_winner(void **state)
{
    fixture *fx = *state;
    const table *t = game_table(fx->g);
    figure_id a = find(t, "Lt Toledo"), b = find(t, "Datu Mango");
    rules_event ev[4] = {
        {.kind = RULES_EV_DIE, .sides = 6, .value = 2, .group = 1, .figure = a},
        {.kind = RULES_EV_DIE, .sides = 6, .value = 5, .group = 1, .figure = b},
        {.kind = RULES_EV_NOTE, .figure = b},
        {.kind = RULES_EV_REMOVE, .figure = a},
    };
    snprintf(ev[0].tag, sizeof ev[0].tag, "close_combat");
    snprintf(ev[1].tag, sizeof ev[1].tag, "close_combat");
    ui_dice_tray *tray = calloc(1, sizeof *tray);
    assert_int_equal(ui_dice_tray_show(tray, ev, 4, "combat", t, 0, 0), 2);
    assert_true(tray->groups[0].figure.id == a.id && tray->groups[0].contest == -1);
    assert_true(tray->groups[1].figure.id == b.id && tray->groups[1].contest == 1);
    /* Drawn: the winner's title in green, the loser's in red. */
    char err[256], art[512];
    render_ctx *ctx = render_create_offscreen(
        640, 400, &(render_desc){.art_dir = render_find_art_dir(art, sizeof art)}, err, sizeof err);
    assert_non_null(ctx);
    render_begin(ctx);
    assert_true(ui_dice_tray_draw(tray, ctx, 1000, 10, 390, 420, 380) > 0);
    int green = 0, red = 0;
    for (int i = 0; i < 2; i++) {
        const ui_dice_group *g = &tray->groups[i];
        for (int y = (int)g->y; y < (int)(g->y + 16); y++)
            for (int x = (int)g->x; x < (int)(g->x + g->w); x++) {
                uint32_t c = render_read_pixel(ctx, x, y);
                int r = (int)(c >> 16 & 0xff), gg = (int)(c >> 8 & 0xff), bl = (int)(c & 0xff);
                green += i == 1 && gg > 200 && r < 190 && bl < 190;
                red += i == 0 && r > 220 && gg < 180 && bl < 170;
            }
    }
    assert_true(green > 20);
    assert_true(red > 20);
    save_png(ctx, "tray_contest.png");
    render_destroy(ctx);
    /* No removal after the throw: no verdict. */
    ev[3].kind = RULES_EV_NOTE;
    assert_int_equal(ui_dice_tray_show(tray, ev, 4, "combat", t, 0, 0), 2);
    assert_int_equal(tray->groups[0].contest, 0);
    assert_int_equal(tray->groups[1].contest, 0);
    free(tray);
}

/* ---- the event log ------------------------------------------------------------------------- */

static int index_of(const int *keys, int n, int key)
{
    for (int i = 0; i < n; i++)
        if (keys[i] == key)
            return i;
    return -1;
}

static bool any_line(const ui_event_log_line *lines, int n, const char *a, const char *b)
{
    for (int i = 0; i < n; i++)
        if (strstr(lines[i].text, a) && (!b || strstr(lines[i].text, b)))
            return true;
    return false;
}

static void test_log_lists_and_explains(void **state)
{
    fixture *fx = *state;
    ui_event_log *log = calloc(1, sizeof *log);
    ui_event_log_init(log);
    /* A real refusal: Spain may not draw now. */
    char why[256] = "";
    rules_decision d = decision(fx->g);
    side_id other = {d.side.id == 1 ? 2 : 1};
    assert_false(game_submit(fx->g, &(rules_command){.kind = RULES_CMD_DRAW_CARD, .side = other},
                             why, sizeof why));
    ui_event_log_refuse(log, game_cursor(fx->g), "draw a card", why);

    int keys[64];
    int n = ui_event_log_entries(log, fx->g, keys, 64);
    int cursor = game_cursor(fx->g);
    assert_int_equal(n, 1 + cursor + 1); /* setup, every command, the refusal */
    assert_int_equal(keys[0], UI_EVENT_LOG_SETUP);
    assert_int_equal(index_of(keys, n, fx->fire), 1 + fx->fire);
    assert_int_equal(keys[n - 1], ui_event_log_refusal_key(0));
    int few[3]; /* fewer places than entries: the newest are kept */
    assert_int_equal(ui_event_log_entries(log, fx->g, few, 3), 3);
    assert_memory_equal(few, keys + n - 3, sizeof few);
    char title[512];
    ui_event_log_title(log, fx->g, fx->fire, title, sizeof title);
    assert_non_null(strstr(title, "fire"));
    assert_non_null(strstr(title, "hits"));

    ui_event_log_line lines[96];
    int nl = ui_event_log_explain(log, fx->g, fx->fire, lines, 96);
    assert_true(nl >= 4);
    assert_true(any_line(lines, nl, "Dice, to hit:", "48 d6"));
    assert_true(any_line(lines, nl, "Dice, save:", NULL));
    assert_true(any_line(lines, nl, "Rule: Little Colonial Rules \u2014 Shooting", NULL));
    nl = ui_event_log_explain(log, fx->g, ui_event_log_refusal_key(0), lines, 96);
    assert_true(any_line(lines, nl, "Why not:", why));

    /* Drawn: the refusal and the volley's entry are on screen; clicking the volley opens it. */
    log->open = true;
    render_begin(fx->ctx);
    ui_event_log_draw(log, fx->ctx, fx->g, 10, 10, 10, 40, 440, H - 50);
    int row = -1;
    for (int i = 0; i < log->hit_count; i++)
        if (log->hits[i].key == fx->fire)
            row = i;
    assert_true(row >= 0);
    ui_event_log_hit closed = log->hits[row];
    /* The refusal is the newest entry, at the bottom, in its own colour. */
    assert_int_equal(log->hits[0].key, ui_event_log_refusal_key(0));
    assert_true(count_rgb(fx->ctx, 12, log->hits[0].y, 448, log->hits[0].y + log->hits[0].h,
                          0xffb070, 12) > 20);
    /* The explanation's colours (dice in yellow, rule references in blue) are not there yet. */
    assert_int_equal(count_rgb(fx->ctx, 12, closed.y + closed.h, 448, H - 12, 0x8fb4d8, 12), 0);
    assert_true(ui_event_log_click(log, 30, closed.y + closed.h / 2));
    assert_int_equal(log->opened, fx->fire);
    render_begin(fx->ctx);
    ui_event_log_draw(log, fx->ctx, fx->g, 10, 10, 10, 40, 440, H - 50);
    save_png(fx->ctx, "teach_log_open.png");
    row = -1;
    for (int i = 0; i < log->hit_count; i++)
        if (log->hits[i].key == fx->fire)
            row = i;
    assert_true(row >= 0);
    ui_event_log_hit open = log->hits[row];
    assert_true(open.h > 4 * closed.h);
    assert_true(count_rgb(fx->ctx, 12, open.y + 19, 448, open.y + open.h, 0xffe9a8, 12) > 40);
    assert_true(count_rgb(fx->ctx, 12, open.y + 19, 448, open.y + open.h, 0x8fb4d8, 12) > 40);
    /* A second click closes it. */
    assert_true(ui_event_log_click(log, 30, open.y + 5));
    assert_int_equal(log->opened, UI_EVENT_LOG_NONE);
    free(log);
}

/* ---- the rules reference ------------------------------------------------------------------- */

static void test_rules_reference(void **state)
{
    fixture *fx = *state;
    ui_rules_doc *d = ui_rules_doc_load("lcr", "Little Colonial Rules");
    assert_true(ui_rules_doc_found(d));
    assert_non_null(strstr(ui_rules_doc_path(d), "docs/rules/lcr.md"));
    assert_true(ui_rules_doc_blocks(d) > 40);
    render_begin(fx->ctx);
    float total = ui_rules_doc_draw(d, fx->ctx, 20, 20, W - 40, H - 40, 0);
    save_png(fx->ctx, "teach_rules_lcr.png");
    assert_true(total > 2 * H); /* a long document: it scrolls */
    /* The title heading in its colour near the top, body text below. */
    assert_true(count_rgb(fx->ctx, 20, 20, W - 20, 60, 0xffe9a8, 16) > 60);
    assert_true(count_rgb(fx->ctx, 20, 100, W - 20, H - 20, 0xe8ecf0, 16) > 500);
    /* Scrolled to the end, the top is different text. */
    render_begin(fx->ctx);
    ui_rules_doc_draw(d, fx->ctx, 20, 20, W - 40, H - 40, total - (H - 40));
    assert_true(count_rgb(fx->ctx, 20, 20, W - 20, H - 20, 0xe8ecf0, 16) > 200);
    ui_rules_doc_destroy(d);

    d = ui_rules_doc_load("nosuch", "No Such Rules");
    assert_false(ui_rules_doc_found(d));
    assert_non_null(strstr(ui_rules_doc_path(d), "docs/rules/nosuch.md"));
    render_begin(fx->ctx);
    ui_rules_doc_draw(d, fx->ctx, 20, 20, W - 40, H - 40, 0);
    save_png(fx->ctx, "teach_rules_missing.png");
    assert_true(count_rgb(fx->ctx, 20, 20, W - 20, 80, 0xffe9a8, 16) > 30);
    ui_rules_doc_destroy(d);
}

/* ---- on the table screen ------------------------------------------------------------------ */

#define APP_W 1280
#define APP_H 800

static void app_frame(ui_app *app, render_ctx *ctx, ui_input *in, double dt)
{
    in->time += dt;
    in->dt = (float)dt;
    in->view_w = APP_W;
    in->view_h = APP_H;
    in->ui_scale = 1;
    in->mouse_inside = true;
    in->mouse_x = APP_W * 0.6f;
    in->mouse_y = APP_H * 0.5f;
    ui_app_frame(app, in, ctx);
    ui_input_next_frame(in);
}

/* The volley redone on the table screen: the tray rolls on the bottom left, the hits framed
 * green once it settles, nothing of it on the right half; E opens the log on the left. */
static void test_table_screen(void **state)
{
    fixture *fx = *state;
    char data[64] = SANDTABLE_TEST_TMP "/sandtable-teach-XXXXXX", err[512], path[1024];
    assert_non_null(mkdtemp(data));
    char cfg_data[1100]; /* what the front end makes of $XDG_DATA_HOME */
    snprintf(cfg_data, sizeof cfg_data, "%s/sandtable", data);
    config_set(&(config_desc){.data_dir = cfg_data});
    snprintf(path, sizeof path, "%s/scenarios/lcr_toledo.json", SANDTABLE_SOURCE_DIR);
    ui_app *app = ui_app_create(&(ui_app_desc){.scenario_path = path}, err, sizeof err);
    assert_non_null(app);
    game_destroy(app->game);
    game_error gerr;
    app->game = game_create(&(game_desc){.scenario = fx->scn, .seed_set = true, .seed = 8}, &gerr);
    fixture mine = *fx;
    mine.g = app->game;
    play_toledo(&mine);
    assert_true(game_undo(app->game));
    app->state_version++;
    render_ctx *ctx = render_create_offscreen(APP_W, APP_H, &(render_desc){0}, err, sizeof err);
    assert_non_null(ctx);
    ui_input in = {0};
    app->settings.anim_speed = 1;
    app->settings.skip_animations = false;
    app_frame(app, ctx, &in, 0.016);
    assert_true(game_redo(app->game)); /* the volley resolves */
    app->state_version++;
    app_frame(app, ctx, &in, 0.016);
    app_frame(app, ctx, &in, 0.3);
    save_png(ctx, "teach_screen_rolling.png");
    for (int i = 0; i < 3; i++) /* both throws settle within 3.5 s */
        app_frame(app, ctx, &in, 2.0);
    save_png(ctx, "teach_screen_tray.png");
    int left = count_rgb(ctx, 0, APP_H / 3, APP_W / 2, APP_H, UI_DICE_HIT_RGB, 6);
    int right = count_rgb(ctx, APP_W / 2, 0, APP_W, APP_H, UI_DICE_HIT_RGB, 6);
    assert_true(left > 19 * 40); /* 19 hits and 3 saves, each with a green frame */
    assert_int_equal(right, 0);
    in.keys[in.key_count++] = 'e';
    app_frame(app, ctx, &in, 0.016);
    save_png(ctx, "teach_screen_log.png");
    /* The log panel's dark body now fills the left column above the tray. */
    assert_true(count_rgb(ctx, 10, 80, 400, 200, 0x101418, 10) > 20000);
    /* A click on the tray opens the volley's explanation in the log. */
    assert_int_equal(count_rgb(ctx, 10, 70, 420, APP_H / 2, 0x243044, 4), 0);
    in.mouse_x = 200;
    in.mouse_y = APP_H - 60;
    in.pressed[UI_MOUSE_LEFT] = in.down[UI_MOUSE_LEFT] = true;
    ui_app_frame(app, &in, ctx);
    ui_input_next_frame(&in);
    in.down[UI_MOUSE_LEFT] = false;
    in.released[UI_MOUSE_LEFT] = true;
    app_frame(app, ctx, &in, 0.016);
    app_frame(app, ctx, &in, 0.016);
    save_png(ctx, "teach_screen_explained.png");
    assert_true(count_rgb(ctx, 10, 70, 420, APP_H / 2, 0x243044, 4) > 10000);
    assert_int_equal(game_cursor(app->game), mine.fire + 1); /* nothing submitted by the click */
    /* F1, then R: the rules reference of lcr over the table. */
    in.keys[in.key_count++] = UI_KEY_F1;
    app_frame(app, ctx, &in, 0.016);
    assert_string_equal(app->stack[app->depth - 1]->name, "help");
    in.keys[in.key_count++] = 'r';
    app_frame(app, ctx, &in, 0.016);
    assert_string_equal(app->stack[app->depth - 1]->name, "rules");
    app_frame(app, ctx, &in, 0.016);
    save_png(ctx, "teach_screen_rules.png");
    assert_true(count_rgb(ctx, 0, 0, APP_W, 120, 0xffe9a8, 16) > 60);
    in.keys[in.key_count++] = UI_KEY_ESCAPE;
    app_frame(app, ctx, &in, 0.016);
    assert_string_equal(app->stack[app->depth - 1]->name, "table");
    ui_app_destroy(app);
    render_destroy(ctx);
    snprintf(path, sizeof path, "rm -rf '%s'", data);
    assert_int_equal(system(path), 0);
}

int main(int argc, char **argv)
{
    if (argc > 1)
        artifacts = argv[1];
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tray_sorted_and_marked),
        cmocka_unit_test(test_tray_animates),
        cmocka_unit_test(test_tray_owners),
        cmocka_unit_test(test_tray_contest_winner),
        cmocka_unit_test(test_log_lists_and_explains),
        cmocka_unit_test(test_rules_reference),
        cmocka_unit_test(test_table_screen),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
