#include "ui/driver_panel.h"

#include "core/mem.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define DP_ITEMS    128
#define DP_FLIGHTS  64
#define DP_BUTTONS  8
#define DP_HAND_MAX 12
#define DP_LIT_MAX  512
#define PI_F        3.14159265358979f

/* Card sizes in px before ui scale (the art is 180 x 252). */
#define PILE_W   56.0f
#define PILE_H   78.0f
#define PLAY_W   112.0f
#define PLAY_H   157.0f
#define WAIT_W   64.0f
#define WAIT_H   90.0f
#define HAND_W   40.0f
#define HAND_H   56.0f
#define PAD      10.0f
#define BUTTON_H 26.0f

typedef struct dp_rect {
    float x, y, w, h;
} dp_rect;

/* Where a card sits on the panel. */
typedef enum dp_place {
    PLACE_DECK = 0,
    PLACE_DISCARD,
    PLACE_PLAY,
    PLACE_HAND,    /* slot = index in its side's hand */
    PLACE_OUTSIDE, /* off the panel's edge: a card new to the game */
} dp_place;

typedef struct dp_spot {
    dp_place place;
    side_id side;
    int slot;
} dp_spot;

typedef struct dp_flight {
    rules_driver_item card; /* what it shows (hidden: its back) */
    dp_spot from, to;
    bool flip; /* turns face up on the way */
    double t0, dur;
} dp_flight;

typedef struct dp_button {
    dp_rect r;
    rules_command cmd;
    char label[64];
    bool primary;
} dp_button;

typedef struct dp_hand_card {
    dp_rect r;
    int card;
} dp_hand_card;

/* A morale pile's chip on the panel: where it was drawn and which item it shows. */
typedef struct dp_chip {
    dp_rect r;
    int item;
} dp_chip;

struct ui_driver_panel {
    /* what was seen of the match */
    const game *seen_game;
    int seen_cursor;
    uint32_t seen_version;
    bool seen;
    side_id seen_viewer;
    rules_driver_item items[DP_ITEMS];
    int item_count;
    rules_decision dec;
    /* animations */
    dp_flight flights[DP_FLIGHTS];
    int flight_count;
    double shuffle_t0, shuffle_dur;
    double command_t0; /* when the command being animated began to be shown */
    /* the command shown on the table */
    figure_id leader;
    float radius_cm;
    bool command_ok;
    uint8_t lit[DP_LIT_MAX];
    /* layout, from the last draw */
    dp_rect panel, deck, discard, play, waiting;
    float hand_y[UI_SIDES_MAX];
    float hand_x[UI_SIDES_MAX];    /* each side's hand: where its first card sits */
    float hand_step[UI_SIDES_MAX]; /* and how far apart its cards are (px) */
    dp_button buttons[DP_BUTTONS];
    int button_count;
    dp_hand_card hand_cards[UI_SIDES_MAX * DP_HAND_MAX];
    int hand_card_count;
    bool has_deck;
    bool paint; /* false: a layout pass that only measures */
    dp_hand_card drawn[UI_SIDES_MAX * DP_HAND_MAX + 4]; /* every card drawn, for tests */
    int drawn_count;
    dp_chip chips[DP_ITEMS]; /* the morale piles, by the last draw */
    int chip_count;
};

/* ---- lifetime ------------------------------------------------------------------------------ */

ui_driver_panel *ui_driver_panel_create(void)
{
    return mem_calloc(1, sizeof(ui_driver_panel));
}

void ui_driver_panel_destroy(ui_driver_panel *p)
{
    free(p);
}

void ui_driver_panel_reset(ui_driver_panel *p)
{
    p->seen = false;
    p->flight_count = 0;
}

/* ---- reading the match --------------------------------------------------------------------- */

static const rules_driver_item *item_of_card(const rules_driver_item *items, int n, int card)
{
    for (int i = 0; i < n; i++)
        if (items[i].kind == RULES_DRIVER_CARD && items[i].value == card)
            return &items[i];
    return NULL;
}

static int count_kind(const rules_driver_item *items, int n, rules_driver_kind kind)
{
    int v = 0;
    for (int i = 0; i < n; i++)
        if (items[i].kind == kind)
            v += items[i].value;
    return v;
}

/* The index of a held card among its side's held cards, in the driver's order. */
static int hand_slot(const rules_driver_item *items, int n, int card)
{
    const rules_driver_item *it = item_of_card(items, n, card);
    int k = 0;
    for (int i = 0; it && i < n && &items[i] != it; i++)
        k += items[i].kind == RULES_DRIVER_CARD && !items[i].current &&
             items[i].side.id == it->side.id;
    return k;
}

static bool is_held(const rules_driver_item *it)
{
    return it && it->kind == RULES_DRIVER_CARD && !it->current;
}

static void lit_clear(ui_driver_panel *p)
{
    memset(p->lit, 0, sizeof p->lit);
    p->command_ok = false;
    p->leader = (figure_id){0};
}

/* The leader whose card is up: the decision's figure, else the card in play's officer. */
static figure_id card_leader(const ui_driver_panel *p)
{
    if (p->dec.figure.id)
        return p->dec.figure;
    const rules_driver_item *c = item_of_card(p->items, p->item_count, p->dec.card);
    return c && !c->hidden ? c->figure : (figure_id){0};
}

static void command_update(ui_driver_panel *p, const game *g)
{
    lit_clear(p);
    if (p->dec.kind == RULES_DECIDE_NONE || p->dec.kind == RULES_DECIDE_ALLOCATE_HITS)
        return;
    figure_id leader = card_leader(p);
    if (!leader.id)
        return;
    figure_id ids[DP_LIT_MAX];
    int n = game_command_radius(g, leader, &p->radius_cm, ids, DP_LIT_MAX);
    if (n < 0)
        return;
    p->leader = leader;
    p->command_ok = true;
    const table *t = game_table(g);
    for (int i = 0; i < n && i < DP_LIT_MAX; i++) {
        const figure *f = table_figure_const(t, ids[i]);
        long idx = f ? f - t->figures : -1;
        if (idx >= 0 && idx < DP_LIT_MAX)
            p->lit[idx] = 1;
    }
}

/* ---- animations from events ---------------------------------------------------------------- */

static double anim_speed(const ui_view *view)
{
    return view->settings.anim_speed;
}

static double flight_add(ui_driver_panel *p, const rules_driver_item *card, dp_spot from,
                         dp_spot to, bool flip, double t0, double dur)
{
    if (p->flight_count == DP_FLIGHTS)
        return t0;
    p->flights[p->flight_count++] = (dp_flight){*card, from, to, flip, t0, dur};
    return t0 + dur;
}

/* A card as it looked before or after the command; a plain face-down card when neither knows. */
static rules_driver_item card_look(const rules_driver_item *before, int nb,
                                   const rules_driver_item *after, int na, const rules_event *ev)
{
    const rules_driver_item *it = item_of_card(after, na, ev->value);
    if (!it)
        it = item_of_card(before, nb, ev->value);
    if (it)
        return *it;
    return (rules_driver_item){.kind = RULES_DRIVER_CARD,
                               .side = ev->side,
                               .figure = ev->figure,
                               .value = ev->value,
                               .hidden = true};
}

/* One CARD event: where the card went, by the tags events.h lists. */
static double card_event(ui_driver_panel *p, const rules_driver_item *before, int nb,
                         const rules_event *ev, double t, double k)
{
    rules_driver_item look = card_look(before, nb, p->items, p->item_count, ev);
    dp_spot deck = {.place = PLACE_DECK}, play = {.place = PLACE_PLAY},
            discard = {.place = PLACE_DISCARD};
    if (strcmp(ev->tag, "draw") == 0) {
        look.hidden = false;
        return flight_add(p, &look, deck, play, true, t, 0.75 / k);
    }
    if (strcmp(ev->tag, "reserve") == 0) {
        dp_spot hand = {PLACE_HAND, look.side, hand_slot(p->items, p->item_count, ev->value)};
        return flight_add(p, &look, play, hand, false, t, 0.5 / k);
    }
    if (strcmp(ev->tag, "play") == 0) {
        const rules_driver_item *old = item_of_card(before, nb, ev->value);
        dp_spot hand = {PLACE_HAND, look.side, old ? hand_slot(before, nb, ev->value) : 0};
        bool was_hidden = old && old->hidden;
        look.hidden = false;
        return flight_add(p, &look, hand, play, was_hidden, t, 0.55 / k);
    }
    if (strcmp(ev->tag, "end_of_turn") == 0) {
        /* The turn's end is shown, not flashed: the card stays face up in the play slot for a
         * moment before it goes back into the deck with the rest. */
        look.hidden = false;
        snprintf(look.label, sizeof look.label, "%.*s", (int)sizeof look.label - 1,
                 ev->text[0] ? ev->text : "End of Turn");
        double held = flight_add(p, &look, play, play, false, t, 1.4 / k);
        look.hidden = true;
        return flight_add(p, &look, play, deck, false, held, 0.45 / k);
    }
    if (strcmp(ev->tag, "discard") == 0)
        return flight_add(p, &look, play, discard, false, t, 0.4 / k);
    if (strcmp(ev->tag, "return") == 0) {
        look.hidden = true;
        return flight_add(p, &look, play, deck, false, t, 0.4 / k);
    }
    if (strcmp(ev->tag, "add") == 0) {
        look.hidden = true;
        return flight_add(p, &look, (dp_spot){.place = PLACE_OUTSIDE}, deck, false, t, 0.5 / k);
    }
    return t;
}

/* The deck is shuffled: discards, held cards and the card in play are gathered into it, and
 * any cards new to the game (reinforcements) fly in from outside. */
static double shuffle_event(ui_driver_panel *p, const rules_driver_item *before, int nb,
                            const rules_event *ev, double t, double k)
{
    rules_driver_item back = {.kind = RULES_DRIVER_CARD, .hidden = true};
    dp_spot deck = {.place = PLACE_DECK};
    int discards = count_kind(before, nb, RULES_DRIVER_DISCARD);
    int gathered = count_kind(before, nb, RULES_DRIVER_DECK);
    double step = 0.07 / k, dur = 0.45 / k, end = t;
    int shown = discards < 12 ? discards : 12;
    for (int i = 0; i < shown; i++)
        end =
            flight_add(p, &back, (dp_spot){.place = PLACE_DISCARD}, deck, false, t + step * i, dur);
    gathered += discards;
    double t2 = t + step * shown;
    for (int i = 0; i < nb; i++) {
        if (before[i].kind != RULES_DRIVER_CARD)
            continue;
        rules_driver_item look = before[i];
        look.hidden = true;
        dp_spot from = before[i].current ? (dp_spot){.place = PLACE_PLAY}
                                         : (dp_spot){PLACE_HAND, before[i].side,
                                                     hand_slot(before, nb, before[i].value)};
        /* A reserved card stays in its owner's hand, as he saw it, until it goes back. */
        if (!before[i].current && t2 > p->command_t0)
            flight_add(p, &before[i], from, from, false, p->command_t0, t2 - p->command_t0);
        end = flight_add(p, &look, from, deck, !before[i].hidden, t2, dur);
        t2 += step;
        gathered++;
    }
    for (int i = gathered; i < ev->value && i < gathered + 12; i++) {
        end = flight_add(p, &back, (dp_spot){.place = PLACE_OUTSIDE}, deck, false, t2, dur * 1.4);
        t2 += step * 2;
    }
    p->shuffle_t0 = end;
    p->shuffle_dur = 0.5 / k;
    return end + p->shuffle_dur;
}

static void animate_command(ui_driver_panel *p, const game *g, int index,
                            const rules_driver_item *before, int nb, double now, double k)
{
    int n = 0;
    const rules_event *evs = game_events(g, index, &n);
    double t = now;
    p->command_t0 = now;
    for (int i = 0; i < n; i++) {
        if (evs[i].kind == RULES_EV_CARD)
            t = card_event(p, before, nb, &evs[i], t, k);
        else if (evs[i].kind == RULES_EV_SHUFFLE)
            t = shuffle_event(p, before, nb, &evs[i], t, k);
    }
}

void ui_driver_panel_update(ui_driver_panel *p, const ui_view *view)
{
    const game *g = view->game;
    int cursor = game_cursor(g);
    bool same = p->seen && p->seen_game == g && p->seen_version == view->state_version &&
                p->seen_cursor == cursor && p->seen_viewer.id == view->viewer.id;
    int keep = 0;
    for (int i = 0; i < p->flight_count; i++)
        if (view->time < p->flights[i].t0 + p->flights[i].dur)
            p->flights[keep++] = p->flights[i];
    p->flight_count = keep;
    if (same)
        return;
    rules_driver_item *before = mem_calloc(DP_ITEMS, sizeof *before);
    int nb = p->item_count;
    memcpy(before, p->items, sizeof(rules_driver_item) * (size_t)nb);
    bool follows = p->seen && p->seen_game == g && cursor > p->seen_cursor &&
                   cursor - p->seen_cursor <= 4 && p->seen_viewer.id == view->viewer.id;
    int from = p->seen_cursor;
    p->item_count = game_driver(g, view->viewer, p->items, DP_ITEMS);
    game_decision_seen(g, view->viewer, &p->dec);
    if (!follows || anim_speed(view) <= 0)
        p->flight_count = 0;
    else
        for (int c = from; c < cursor; c++)
            animate_command(p, g, c, before, nb, view->time, anim_speed(view));
    free(before);
    command_update(p, g);
    p->seen = true;
    p->seen_game = g;
    p->seen_cursor = cursor;
    p->seen_version = view->state_version;
    p->seen_viewer = view->viewer;
}

bool ui_driver_panel_animating(const ui_driver_panel *p, double now)
{
    for (int i = 0; i < p->flight_count; i++)
        if (now < p->flights[i].t0 + p->flights[i].dur)
            return true;
    return now < p->shuffle_t0 + p->shuffle_dur;
}

bool ui_driver_panel_lit(const ui_driver_panel *p, int i)
{
    return i >= 0 && i < DP_LIT_MAX && p->lit[i];
}

bool ui_driver_panel_command(const ui_driver_panel *p, figure_id *leader, float *radius_cm)
{
    if (!p->command_ok)
        return false;
    *leader = p->leader;
    *radius_cm = p->radius_cm;
    return true;
}

/* ---- drawing: cards ------------------------------------------------------------------------ */

static bool in_rect(dp_rect r, float x, float y)
{
    return x >= r.x && x <= r.x + r.w && y >= r.y && y <= r.y + r.h;
}

/* The art of a card face from its officer's rank (no officer: a soldier card, or with no side
 * a special card such as a turn's end). */
static const char *card_art(const table *t, const rules_driver_item *it)
{
    const figure *f = it->figure.id ? table_figure_const(t, it->figure) : NULL;
    if (!f)
        return it->side.id ? "card_soldier" : "card_end_turn";
    if (f->posture == FIGURE_POSTURE_MOUNTED)
        return "card_cavalry";
    switch (f->role) {
    case FIGURE_ROLE_NCO:
        return "card_nco";
    case FIGURE_ROLE_LEADER:
        return "card_leader";
    case FIGURE_ROLE_SOLDIER:
        return "card_soldier";
    default:
        return "card_officer";
    }
}

static uint32_t side_rgb(const table *t, side_id s)
{
    return s.id ? render_side_rgb(t, s) : 0x9a9080;
}

const char *ui_driver_panel_card_title(const table *t, const rules_driver_item *it, char *buf,
                                       size_t size)
{
    const figure *f = it->figure.id ? table_figure_const(t, it->figure) : NULL;
    if (f && f->name[0]) {
        snprintf(buf, size, "%s", f->name);
        return buf;
    }
    snprintf(buf, size, "%s", it->label);
    char *paren = strstr(buf, " (");
    if (paren)
        *paren = 0;
    if (buf[0] >= 'a' && buf[0] <= 'z')
        buf[0] = (char)(buf[0] - 'a' + 'A');
    return buf;
}

static void card_face_text(render_ctx *ctx, const table *t, const rules_driver_item *it, dp_rect r)
{
    float k = render_ui_scale(ctx);
    float title = r.h / k * 0.062f;
    if (title < 6.5f)
        return;
    const figure *f = it->figure.id ? table_figure_const(t, it->figure) : NULL;
    char buf[96], line[128], name[sizeof it->label];
    ui_driver_panel_card_title(t, it, name, sizeof name);
    render_text_fit(ctx, name, title, r.w * 0.82f, buf, sizeof buf);
    render_text_outlined(ctx, r.x + r.w / 2, r.y + r.h * 0.058f, buf, title, 0xffffffff,
                         RENDER_ALIGN_CENTRE);
    float body = title * 0.92f, y = r.y + r.h * 0.655f;
    const unit *u = f ? table_unit_const(t, f->unit) : NULL;
    const side *sd = table_side(t, it->side);
    if (u && u->name[0]) {
        render_text(ctx, r.x + r.w / 2, y,
                    render_text_fit(ctx, u->name, body, r.w * 0.82f, buf, sizeof buf), body,
                    0x202020ff, RENDER_ALIGN_CENTRE);
        y += body * k * 1.5f;
    }
    if (f) {
        snprintf(line, sizeof line, "%s %s", table_quality_name(f->quality),
                 table_role_name(f->role));
        render_text(ctx, r.x + r.w / 2, y,
                    render_text_fit(ctx, line, body, r.w * 0.82f, buf, sizeof buf), body,
                    0x303030ff, RENDER_ALIGN_CENTRE);
        y += body * k * 1.5f;
    }
    if (!f && sd) {
        render_text(ctx, r.x + r.w / 2, y,
                    render_text_fit(ctx, sd->name, body, r.w * 0.82f, buf, sizeof buf), body,
                    0x202020ff, RENDER_ALIGN_CENTRE);
    }
}

/* A card in the rect, `open` 0..1 of its width (a flip), face up unless hidden or `back`. */
static void draw_card(render_ctx *ctx, const table *t, const rules_driver_item *it, dp_rect r,
                      float open, bool back, uint8_t alpha)
{
    dp_rect c = {r.x + r.w * (1 - open) / 2, r.y, r.w * open, r.h};
    if (c.w < 1)
        return;
    bool face = !back && !it->hidden;
    const char *art = face ? card_art(t, it) : "card_back";
    uint32_t rgb = face ? side_rgb(t, it->side) : 0xffffff;
    if (!render_image(ctx, art, c.x, c.y, c.w, c.h, rgb, alpha)) {
        render_rect(ctx, c.x, c.y, c.w, c.h,
                    face ? (0xf0e8d000 | alpha) : (0x283c64u << 8 | alpha));
        render_rect(ctx, c.x, c.y, c.w, c.h * 0.15f, side_rgb(t, it->side) << 8 | alpha);
        render_rect_outline(ctx, c.x, c.y, c.w, c.h, 0x101010ff);
    }
    if (face && open > 0.9f)
        card_face_text(ctx, t, it, c);
}

static dp_rect spot_rect(const ui_driver_panel *p, dp_spot s, float k)
{
    switch (s.place) {
    case PLACE_DECK:
        return p->deck;
    case PLACE_DISCARD:
        return p->discard;
    case PLACE_PLAY:
        return p->play;
    case PLACE_HAND: {
        int si = s.side.id < UI_SIDES_MAX ? (int)s.side.id : 0;
        return (dp_rect){p->hand_x[si] + (float)s.slot * p->hand_step[si], p->hand_y[si],
                         HAND_W * k, HAND_H * k};
    }
    case PLACE_OUTSIDE:
        return (dp_rect){p->panel.x + p->panel.w + 20 * k, p->deck.y + 200 * k, p->deck.w,
                         p->deck.h};
    }
    return p->deck;
}

static bool card_flying(const ui_driver_panel *p, int card, double now)
{
    for (int i = 0; i < p->flight_count; i++)
        if (p->flights[i].card.value == card && now < p->flights[i].t0 + p->flights[i].dur)
            return true;
    return false;
}

static bool same_spot(dp_spot a, dp_spot b)
{
    return a.place == b.place && a.side.id == b.side.id && a.slot == b.slot;
}

static void draw_flights(ui_driver_panel *p, render_ctx *ctx, const table *t, double now)
{
    float k = render_ui_scale(ctx);
    for (int i = 0; i < p->flight_count; i++) {
        const dp_flight *f = &p->flights[i];
        if (now < f->t0 || (now >= f->t0 + f->dur && same_spot(f->from, f->to)))
            continue;
        float u = (float)((now - f->t0) / f->dur);
        u = u < 0 ? 0 : u > 1 ? 1 : u;
        float e = u * u * (3 - 2 * u);
        dp_rect a = spot_rect(p, f->from, k), b = spot_rect(p, f->to, k);
        dp_rect r = {a.x + (b.x - a.x) * e, a.y + (b.y - a.y) * e, a.w + (b.w - a.w) * e,
                     a.h + (b.h - a.h) * e};
        /* A card held in its place stays put (and counts as drawn there); one on its way gets
         * a little lift in the middle, as a hand would give it. */
        if (same_spot(f->from, f->to)) {
            if (p->drawn_count < (int)(sizeof p->drawn / sizeof p->drawn[0]))
                p->drawn[p->drawn_count++] = (dp_hand_card){r, f->card.value};
        } else {
            r.y -= sinf(e * PI_F) * 14 * k;
        }
        float open = f->flip ? fabsf(cosf(e * PI_F)) : 1;
        bool back = f->flip && e < 0.5f;
        render_rect(ctx, r.x + 3 * k, r.y + 4 * k, r.w * open, r.h, 0x00000050);
        draw_card(ctx, t, &f->card, r, open, back, 255);
    }
}

/* ---- drawing: the panel -------------------------------------------------------------------- */

static void dp_fill(const ui_driver_panel *p, render_ctx *ctx, float x, float y, float w, float h,
                    uint32_t rgba)
{
    if (p->paint)
        render_rect(ctx, x, y, w, h, rgba);
}

static void dp_outline(const ui_driver_panel *p, render_ctx *ctx, float x, float y, float w,
                       float h, uint32_t rgba)
{
    if (p->paint)
        render_rect_outline(ctx, x, y, w, h, rgba);
}

static void dp_text(const ui_driver_panel *p, render_ctx *ctx, float x, float y, const char *text,
                    float size, uint32_t rgba, render_align align)
{
    if (p->paint)
        render_text(ctx, x, y, text, size, rgba, align);
}

static void drawn_note(ui_driver_panel *p, dp_rect r, int card)
{
    int cap = (int)(sizeof p->drawn / sizeof p->drawn[0]);
    if (p->paint && p->drawn_count < cap)
        p->drawn[p->drawn_count++] = (dp_hand_card){r, card};
}

static void pile(render_ctx *ctx, const table *t, dp_rect r, int count, const char *label,
                 bool shuffling, double now, const ui_driver_panel *p)
{
    float k = render_ui_scale(ctx);
    dp_outline(p, ctx, r.x, r.y, r.w, r.h, 0x6a7890ff);
    int layers = count > 6 ? 6 : count;
    rules_driver_item back = {.kind = RULES_DRIVER_CARD, .hidden = true};
    for (int i = 0; i < layers; i++) {
        float dx = 0;
        if (shuffling)
            dx = sinf((float)(now - p->shuffle_t0) * 40.0f + (float)i * 1.7f) * 5 * k;
        dp_rect c = {r.x - (float)i * 1.2f * k + dx, r.y - (float)i * 1.2f * k, r.w, r.h};
        if (p->paint)
            draw_card(ctx, t, &back, c, 1, false, 255);
    }
    char text[64];
    snprintf(text, sizeof text, "%s %d", label, count);
    dp_text(p, ctx, r.x + r.w / 2, r.y + r.h + 3 * k, text, 10, 0xe0e6f0ff, RENDER_ALIGN_CENTRE);
}

static const figure *item_figure(const table *t, const rules_driver_item *it)
{
    return it->figure.id ? table_figure_const(t, it->figure) : NULL;
}

/* The buttons of the card decisions, from the engine's legal commands. */
static void buttons_build(ui_driver_panel *p, const game *g, const table *t)
{
    p->button_count = 0;
    rules_command legal[96];
    int n = game_legal(g, legal, 96);
    const rules_decision *d = &p->dec;
    /* Who may act on the card: its leader when he can; else every figure offered, each its own
     * button, so "Act" never silently takes the first. */
    figure_id by = d->figure;
    int acts = 0;
    for (int pass = 0; pass < 2 && acts == 0; pass++) {
        for (int i = 0; i < n; i++)
            acts += legal[i].kind == RULES_CMD_ACTIVATE && d->kind == RULES_DECIDE_USE_CARD &&
                    (!by.id || legal[i].figure.id == by.id);
        if (acts == 0)
            by = (figure_id){0};
    }
    for (int i = 0; i < n && p->button_count < DP_BUTTONS; i++) {
        const rules_command *c = &legal[i];
        dp_button b = {.cmd = *c};
        bool dup = false;
        for (int j = 0; j < p->button_count; j++)
            dup = dup || (p->buttons[j].cmd.kind == c->kind && p->buttons[j].cmd.card == c->card &&
                          (c->kind != RULES_CMD_ACTIVATE || acts < 2 ||
                           p->buttons[j].cmd.figure.id == c->figure.id));
        if (dup)
            continue;
        /* The card words are the rule set's (game_describe); which decisions get buttons is
         * the engine's: the deck's draw, keep and interrupt. */
        if (c->kind == RULES_CMD_DRAW_CARD) {
            game_describe(g, c, b.label, sizeof b.label);
            b.primary = true;
        } else if (c->kind == RULES_CMD_ACTIVATE && d->kind == RULES_DECIDE_USE_CARD) {
            if (by.id && c->figure.id != by.id)
                continue; /* stand-ins are in the action list */
            const figure *f = c->figure.id ? table_figure_const(t, c->figure) : NULL;
            if (acts > 1)
                snprintf(b.label, sizeof b.label, "Act: %s", f && f->name[0] ? f->name : "figure");
            else
                snprintf(b.label, sizeof b.label, "Act");
            b.primary = true;
        } else if (c->kind == RULES_CMD_RESERVE_CARD) {
            game_describe(g, c, b.label, sizeof b.label);
        } else if (c->kind == RULES_CMD_PLAY_RESERVED && d->kind == RULES_DECIDE_INTERRUPT) {
            game_describe(g, c, b.label, sizeof b.label);
            b.primary = true;
        } else if (c->kind == RULES_CMD_PASS && d->kind == RULES_DECIDE_INTERRUPT) {
            game_describe(g, c, b.label, sizeof b.label);
        } else {
            continue;
        }
        p->buttons[p->button_count++] = b;
    }
}

/* Two buttons to a row, the decision's main choice first, so each has a fixed place. */
static float draw_buttons(ui_driver_panel *p, render_ctx *ctx, float x, float y, float max_w)
{
    float k = render_ui_scale(ctx), h = BUTTON_H * k, bw = (max_w - 6 * k) / 2;
    for (int i = 1; i < p->button_count; i++)
        for (int j = i; j > 0 && p->buttons[j].primary && !p->buttons[j - 1].primary; j--) {
            dp_button tmp = p->buttons[j];
            p->buttons[j] = p->buttons[j - 1];
            p->buttons[j - 1] = tmp;
        }
    for (int i = 0; i < p->button_count; i++) {
        dp_button *b = &p->buttons[i];
        float bx = x + (float)(i % 2) * (bw + 6 * k), by = y + (float)(i / 2) * (h + 6 * k);
        b->r = (dp_rect){bx, by, bw, h};
        char label[64];
        int tw, th;
        render_text_fit(ctx, b->label, 12, bw - 12 * k, label, sizeof label);
        render_text_size(ctx, label, 12, &tw, &th);
        dp_fill(p, ctx, bx, by, bw, h, b->primary ? 0x2f6a3ef0 : 0x203048f0);
        dp_outline(p, ctx, bx, by, bw, h, b->primary ? 0x8fe0a0ff : 0x7fa8e0ff);
        dp_text(p, ctx, bx + bw / 2, by + (h - (float)th) / 2, label, 12, 0xffffffff,
                RENDER_ALIGN_CENTRE);
    }
    int rows = (p->button_count + 1) / 2;
    return y + (float)rows * (h + 6 * k);
}

/* The draw and discard piles, the card in play (and a drawn card waiting behind a played one),
 * the decision's buttons. Returns the bottom. */
static float draw_deck(ui_driver_panel *p, const ui_view *view, render_ctx *ctx, const table *t,
                       float y)
{
    float k = render_ui_scale(ctx), x = p->panel.x;
    double now = view->time;
    p->deck = (dp_rect){x + PAD * k + 6 * k, y + 6 * k, PILE_W * k, PILE_H * k};
    p->discard = (dp_rect){x + PAD * k + 6 * k, y + (PILE_H + 26) * k, PILE_W * k, PILE_H * k};
    p->play = (dp_rect){x + (PAD + PILE_W + 22) * k, y, PLAY_W * k, PLAY_H * k};
    p->waiting = (dp_rect){p->play.x + p->play.w + 10 * k, y + 8 * k, WAIT_W * k, WAIT_H * k};
    bool shuffling = now >= p->shuffle_t0 && now < p->shuffle_t0 + p->shuffle_dur;
    const rules_driver_item *deck = NULL, *discard = NULL;
    for (int i = 0; i < p->item_count; i++) {
        if (p->items[i].kind == RULES_DRIVER_DECK && !deck)
            deck = &p->items[i];
        if (p->items[i].kind == RULES_DRIVER_DISCARD && !discard)
            discard = &p->items[i];
    }
    pile(ctx, t, p->deck, deck ? deck->value : 0, "Deck", shuffling, now, p);
    pile(ctx, t, p->discard, discard ? discard->value : 0, "Discards", false, now, p);
    dp_outline(p, ctx, p->play.x, p->play.y, p->play.w, p->play.h, 0x6a7890ff);
    /* The card being acted on in the big slot; another current card waits beside it. */
    for (int i = 0; i < p->item_count; i++) {
        const rules_driver_item *it = &p->items[i];
        if (it->kind != RULES_DRIVER_CARD || !it->current || card_flying(p, it->value, now))
            continue;
        bool main = it->value == p->dec.card || p->dec.card == 0;
        if (p->paint)
            draw_card(ctx, t, it, main ? p->play : p->waiting, 1, false, 255);
        drawn_note(p, main ? p->play : p->waiting, it->value);
        if (!main) {
            /* Too small for its title: its officer's name goes under it. */
            char cut[96], title[sizeof it->label];
            ui_driver_panel_card_title(t, it, title, sizeof title);
            float cx = p->waiting.x + p->waiting.w / 2, by = p->waiting.y + p->waiting.h + 3 * k;
            if (p->paint)
                render_text_fit(ctx, it->hidden ? "face down" : title, 9,
                                2 * (p->panel.x + p->panel.w - cx) - 4 * k, cut, sizeof cut);
            dp_text(p, ctx, cx, by, "waiting", 10, 0xffd070ff, RENDER_ALIGN_CENTRE);
            dp_text(p, ctx, cx, by + 14 * k, p->paint ? cut : "", 9, 0xffd070ff,
                    RENDER_ALIGN_CENTRE);
        }
    }
    float bottom = fmaxf(p->discard.y + p->discard.h + 18 * k, p->play.y + p->play.h + 8 * k);
    return draw_buttons(p, ctx, x + PAD * k, bottom, p->panel.w - 2 * PAD * k);
}

/* Each side's held (reserved) cards: the viewer's face up, the others' face down. Two sides
 * share one row, half each, of a fixed height whether or not cards are held, so nothing below
 * (the action panel's buttons) moves when a card is reserved; cards fan closer as they come. */
static float draw_hands(ui_driver_panel *p, const ui_view *view, render_ctx *ctx, const table *t,
                        float y)
{
    float k = render_ui_scale(ctx), x0 = p->panel.x + PAD * k;
    int cols = t->side_count == 2 ? 2 : 1;
    float col_w = (p->panel.w - 2 * PAD * k - (float)(cols - 1) * 8 * k) / (float)cols;
    float row_y = y;
    p->hand_card_count = 0;
    for (int s = 0; s < t->side_count && s + 1 < UI_SIDES_MAX; s++) {
        side_id sid = t->sides[s].id;
        float x = x0 + (float)(s % cols) * (col_w + 8 * k);
        if (s > 0 && s % cols == 0)
            row_y += (16 + HAND_H + 18) * k;
        char title[96];
        snprintf(title, sizeof title, "%s reserve", t->sides[s].name);
        char cut[96];
        if (p->paint)
            render_text_fit(ctx, title, 11, col_w, cut, sizeof cut);
        dp_text(p, ctx, x, row_y, p->paint ? cut : "", 11, render_side_rgb(t, sid) << 8 | 0xff,
                RENDER_ALIGN_LEFT);
        int held = 0;
        for (int i = 0; i < p->item_count; i++)
            held += is_held(&p->items[i]) && p->items[i].side.id == sid.id;
        float step = (HAND_W + 26) * k;
        if (held > 1 && (float)(held - 1) * step + HAND_W * k > col_w)
            step = (col_w - HAND_W * k) / (float)(held - 1);
        p->hand_x[sid.id] = x;
        p->hand_step[sid.id] = step;
        p->hand_y[sid.id] = row_y + 16 * k;
        int slot = 0;
        for (int i = 0; i < p->item_count; i++) {
            const rules_driver_item *it = &p->items[i];
            if (!is_held(it) || it->side.id != sid.id)
                continue;
            dp_rect r = spot_rect(p, (dp_spot){PLACE_HAND, sid, slot++}, k);
            if (p->paint && !card_flying(p, it->value, view->time))
                draw_card(ctx, t, it, r, 1, false, 255);
            drawn_note(p, r, it->value);
            /* The officer's name under a card the viewer may see; the art alone is too small.
             * Fanned cards overlap, so each name gets only its card's uncovered strip (the top
             * card its whole width): five reserved cards must not print five names over one
             * another. Hovering a card rings its leader either way. */
            char name[64], kind[sizeof it->label];
            ui_driver_panel_card_title(t, it, kind, sizeof kind);
            bool fanned = step < HAND_W * k && slot < held;
            float name_w = fanned ? step - 4 * k : fmaxf(step - 4 * k, HAND_W * k);
            float name_x = fanned ? r.x + step / 2 : r.x + r.w / 2;
            if (p->paint)
                render_text_fit(ctx, it->hidden ? "face down" : kind, 8, name_w, name, sizeof name);
            if (name_w >= 12 * k)
                dp_text(p, ctx, name_x, r.y + r.h + 2 * k, p->paint ? name : "", 8, 0xd8dee8ff,
                        RENDER_ALIGN_CENTRE);
            if (p->hand_card_count < UI_SIDES_MAX * DP_HAND_MAX)
                p->hand_cards[p->hand_card_count++] = (dp_hand_card){r, it->value};
        }
        if (slot == 0)
            dp_text(p, ctx, x + 4 * k, p->hand_y[sid.id] + 4 * k, "no card held", 10, 0x9aa4b4ff,
                    RENDER_ALIGN_LEFT);
    }
    return row_y + (16 + HAND_H + 18) * k;
}

static float draw_pips(ui_driver_panel *p, render_ctx *ctx, const table *t, float y)
{
    float k = render_ui_scale(ctx), x = p->panel.x + PAD * k;
    for (int i = 0; i < p->item_count; i++) {
        const rules_driver_item *it = &p->items[i];
        if (it->kind != RULES_DRIVER_PIPS)
            continue;
        const figure *f = item_figure(t, it);
        uint32_t rgb = side_rgb(t, it->side);
        float d = 24 * k;
        dp_fill(p, ctx, x, y, d, d, it->current ? 0xfff0c0ff : 0xe8e4dcff);
        dp_outline(p, ctx, x, y, d, d, rgb << 8 | 0xff);
        char v[16], line[128];
        snprintf(v, sizeof v, "%d", it->value);
        dp_text(p, ctx, x + d / 2, y + 4 * k, v, 12, 0x101010ff, RENDER_ALIGN_CENTRE);
        snprintf(line, sizeof line, "%s: %d of %d pips left", f && f->name[0] ? f->name : it->label,
                 it->value, it->extra);
        dp_text(p, ctx, x + d + 8 * k, y + 5 * k, line, 11, it->current ? 0xffe08aff : 0xe0e6f0ff,
                RENDER_ALIGN_LEFT);
        y += d + 6 * k;
    }
    return y;
}

static float draw_phases(ui_driver_panel *p, render_ctx *ctx, float y)
{
    float k = render_ui_scale(ctx), x0 = p->panel.x + PAD * k, x = x0;
    float max_x = p->panel.x + p->panel.w - PAD * k, h = 20 * k;
    bool any = false;
    for (int i = 0; i < p->item_count; i++) {
        const rules_driver_item *it = &p->items[i];
        if (it->kind != RULES_DRIVER_PHASE)
            continue;
        int tw, th;
        render_text_size(ctx, it->label, 10, &tw, &th);
        float w = (float)tw + 12 * k;
        if (x > x0 && x + w > max_x) {
            x = x0;
            y += h + 4 * k;
        }
        dp_fill(p, ctx, x, y, w, h, it->current ? 0xd0a030ff : 0x2a3444ff);
        dp_text(p, ctx, x + 6 * k, y + (h - (float)th) / 2, it->label, 10,
                it->current ? 0x101010ff : 0xc8d0dcff, RENDER_ALIGN_LEFT);
        x += w + 4 * k;
        any = true;
    }
    return any ? y + h + 8 * k : y;
}

static float draw_morale(ui_driver_panel *p, render_ctx *ctx, const table *t, float y)
{
    float k = render_ui_scale(ctx), x0 = p->panel.x + PAD * k;
    for (int s = 0; s < t->side_count; s++) {
        side_id sid = t->sides[s].id;
        float x = x0;
        bool title = false;
        for (int i = 0; i < p->item_count; i++) {
            const rules_driver_item *it = &p->items[i];
            if (it->kind != RULES_DRIVER_MORALE || it->side.id != sid.id)
                continue;
            if (!title) {
                char line[96];
                snprintf(line, sizeof line, "%s morale", t->sides[s].name);
                dp_text(p, ctx, x0, y, line, 10, render_side_rgb(t, sid) << 8 | 0xff,
                        RENDER_ALIGN_LEFT);
                y += 15 * k;
                title = true;
            }
            char chip[64], word[32];
            snprintf(word, sizeof word, "%.*s", (int)sizeof word - 1, it->label);
            char *sp = strchr(word, ' ');
            if (sp)
                *sp = 0;
            snprintf(chip, sizeof chip, "%s %d", word, it->value);
            int tw, th;
            render_text_size(ctx, chip, 9, &tw, &th);
            float w = (float)tw + 8 * k;
            if (x > x0 && x + w > p->panel.x + p->panel.w - PAD * k) {
                x = x0;
                y += 18 * k;
            }
            if (p->paint && p->chip_count < DP_ITEMS)
                p->chips[p->chip_count++] = (dp_chip){{x, y, w, 16 * k}, i};
            dp_fill(p, ctx, x, y, w, 16 * k, it->value ? 0x38404ef0 : 0x24282ef0);
            dp_text(p, ctx, x + 4 * k, y + 2 * k, chip, 9, it->value ? 0xf0f0f0ff : 0x7a808aff,
                    RENDER_ALIGN_LEFT);
            x += w + 3 * k;
        }
        if (title)
            y += 22 * k;
    }
    return y;
}

/* Sealed choices (a side's secret decision before play): face down to the other side, so the
 * viewer sees that a choice was made, and what it was only for his own side. */
static float draw_sealed(ui_driver_panel *p, render_ctx *ctx, const table *t, float y)
{
    float k = render_ui_scale(ctx), x = p->panel.x + PAD * k;
    for (int i = 0; i < p->item_count; i++) {
        const rules_driver_item *it = &p->items[i];
        if (it->kind != RULES_DRIVER_SEALED)
            continue;
        const char *side_name = "";
        for (int s = 0; s < t->side_count; s++)
            if (t->sides[s].id.id == it->side.id)
                side_name = t->sides[s].name;
        float d = 14 * k;
        dp_fill(p, ctx, x, y + 1 * k, d, d, it->hidden ? 0x30406aff : 0xe8e4dcff);
        dp_outline(p, ctx, x, y + 1 * k, d, d, side_rgb(t, it->side) << 8 | 0xff);
        char line[128];
        snprintf(line, sizeof line, "%s: %s%s", side_name, it->label,
                 it->hidden ? " (face down)" : "");
        dp_text(p, ctx, x + d + 6 * k, y + 1 * k, line, 10, it->hidden ? 0xa8b0bcff : 0xe0e6f0ff,
                RENDER_ALIGN_LEFT);
        y += d + 6 * k;
    }
    return y;
}

/* Unit-activation games: each side's units, those still to act bright, those that have acted
 * dim, the one acting now marked. */
static float draw_units(ui_driver_panel *p, render_ctx *ctx, const table *t, float y)
{
    float k = render_ui_scale(ctx), x = p->panel.x + PAD * k;
    float w = p->panel.w - 2 * PAD * k;
    for (int s = 0; s < t->side_count; s++) {
        side_id sid = t->sides[s].id;
        int total = 0, left = 0;
        for (int i = 0; i < p->item_count; i++)
            if (p->items[i].kind == RULES_DRIVER_UNIT && p->items[i].side.id == sid.id) {
                total++;
                left += p->items[i].value == 0;
            }
        if (!total)
            continue;
        char line[128], buf[128];
        snprintf(line, sizeof line, "%s: %d of %d units to act", t->sides[s].name, left, total);
        dp_text(p, ctx, x, y, line, 10, render_side_rgb(t, sid) << 8 | 0xff, RENDER_ALIGN_LEFT);
        y += 15 * k;
        for (int i = 0; i < p->item_count; i++) {
            const rules_driver_item *it = &p->items[i];
            if (it->kind != RULES_DRIVER_UNIT || it->side.id != sid.id)
                continue;
            float d = 9 * k;
            dp_fill(p, ctx, x, y + 2 * k, d, d,
                    it->current ? 0xffe08aff
                    : it->value ? 0x3a404aff
                                : side_rgb(t, sid) << 8 | 0xff);
            snprintf(line, sizeof line, "%s%s", it->label,
                     it->current ? " (acting)"
                     : it->value ? " (acted)"
                                 : "");
            dp_text(p, ctx, x + d + 6 * k, y,
                    p->paint ? render_text_fit(ctx, line, 10, w - d - 6 * k, buf, sizeof buf) : "",
                    10,
                    it->current ? 0xffe08aff
                    : it->value ? 0x7a808aff
                                : 0xe0e6f0ff,
                    RENDER_ALIGN_LEFT);
            y += 14 * k;
        }
        y += 6 * k;
    }
    return y;
}

static float panel_sections(ui_driver_panel *p, const ui_view *view, render_ctx *ctx,
                            const table *t)
{
    float k = render_ui_scale(ctx), y = p->panel.y + 8 * k;
    if (p->has_deck) {
        y = draw_deck(p, view, ctx, t, y);
        y = draw_hands(p, view, ctx, t, y + 4 * k);
    } else {
        y = draw_buttons(p, ctx, p->panel.x + PAD * k, y, p->panel.w - 2 * PAD * k);
    }
    y = draw_pips(p, ctx, t, y);
    y = draw_phases(p, ctx, y);
    y = draw_sealed(p, ctx, t, y);
    y = draw_units(p, ctx, t, y);
    return draw_morale(p, ctx, t, y);
}

float ui_driver_panel_draw(ui_driver_panel *p, const ui_view *view, render_ctx *ctx)
{
    ui_driver_panel_update(p, view);
    if (p->item_count == 0 && p->flight_count == 0) {
        p->panel = (dp_rect){0};
        p->button_count = 0;
        return 0;
    }
    const table *t = game_table(view->game);
    float k = render_ui_scale(ctx);
    int w, h;
    render_output_size(ctx, &w, &h);
    p->panel = (dp_rect){(float)w - (UI_DRIVER_PANEL_W + 8) * k, 34 * k, UI_DRIVER_PANEL_W * k, 0};
    p->has_deck = false;
    for (int i = 0; i < p->item_count; i++)
        p->has_deck |= p->items[i].kind == RULES_DRIVER_DECK ||
                       p->items[i].kind == RULES_DRIVER_DISCARD ||
                       p->items[i].kind == RULES_DRIVER_CARD;
    buttons_build(p, view->game, t);
    /* Measure, draw the background, then paint over it. */
    p->paint = false;
    float bottom = panel_sections(p, view, ctx, t);
    render_rect(ctx, p->panel.x, p->panel.y, p->panel.w, bottom - p->panel.y, 0x101418ff);
    p->paint = true;
    p->drawn_count = 0;
    p->chip_count = 0;
    bottom = panel_sections(p, view, ctx, t);
    p->panel.h = bottom - p->panel.y;
    render_rect_outline(ctx, p->panel.x, p->panel.y, p->panel.w, p->panel.h, 0x40506aff);
    draw_flights(p, ctx, t, view->time);
    return bottom;
}

void ui_driver_panel_draw_table(ui_driver_panel *p, const ui_view *view, render_ctx *ctx,
                                const render_camera *cam)
{
    ui_driver_panel_update(p, view);
    if (!p->command_ok || p->radius_cm <= 0)
        return;
    const figure *f = table_figure_const(game_table(view->game), p->leader);
    if (!f)
        return;
    render_circle_cm(ctx, cam, f->pos, p->radius_cm, 2.0f, 0xffd04ad0);
    render_circle_cm(ctx, cam, f->pos, p->radius_cm - 2.0f / cam->px_per_cm, 6.0f, 0xffd04a30);
}

/* ---- input --------------------------------------------------------------------------------- */

bool ui_driver_panel_contains(const ui_driver_panel *p, float x, float y)
{
    return p->panel.h > 0 && in_rect(p->panel, x, y);
}

static bool legal_play_of(const game *g, int card, rules_command *out)
{
    rules_command legal[96];
    int n = game_legal(g, legal, 96);
    for (int i = 0; i < n; i++)
        if (legal[i].kind == RULES_CMD_PLAY_RESERVED && legal[i].card == card) {
            *out = legal[i];
            return true;
        }
    return false;
}

/* Fills the caller's refusal. */
static void refuse(ui_refusal *refused, const char *what, const char *reason)
{
    if (refused) {
        snprintf(refused->what, sizeof refused->what, "%s", what);
        snprintf(refused->reason, sizeof refused->reason, "%s", reason);
    }
}

bool ui_driver_panel_click(ui_driver_panel *p, const ui_view *view, float x, float y,
                           rules_command *out, ui_refusal *refused)
{
    *out = (rules_command){0};
    if (refused)
        *refused = (ui_refusal){0};
    if (!ui_driver_panel_contains(p, x, y))
        return false;
    for (int i = 0; i < p->button_count; i++)
        if (in_rect(p->buttons[i].r, x, y)) {
            *out = p->buttons[i].cmd;
            return true;
        }
    for (int i = p->hand_card_count - 1; i >= 0; i--) /* the top card of a fan first */
        if (in_rect(p->hand_cards[i].r, x, y)) {
            if (!legal_play_of(view->game, p->hand_cards[i].card, out))
                refuse(refused, "play that card", "it cannot be played now");
            return true;
        }
    if (p->has_deck && in_rect(p->deck, x, y)) {
        rules_command legal[8];
        int n = game_legal(view->game, legal, 8);
        for (int i = 0; i < n; i++)
            if (legal[i].kind == RULES_CMD_DRAW_CARD)
                *out = legal[i];
        if (out->kind == RULES_CMD_NONE)
            refuse(refused, "draw", p->dec.prompt[0] ? p->dec.prompt : "not the time to draw");
    }
    return true;
}

bool ui_driver_panel_card_rect(const ui_driver_panel *p, int card, float *x, float *y, float *w,
                               float *h)
{
    for (int i = 0; i < p->drawn_count; i++)
        if (p->drawn[i].card == card) {
            *x = p->drawn[i].r.x, *y = p->drawn[i].r.y, *w = p->drawn[i].r.w, *h = p->drawn[i].r.h;
            return true;
        }
    return false;
}

void ui_driver_panel_rect(const ui_driver_panel *p, float *x, float *y, float *w, float *h)
{
    *x = p->panel.x, *y = p->panel.y, *w = p->panel.w, *h = p->panel.h;
}

/* The leader a command or card is his, and the figures he would activate. */
static void named_leader(const game *g, figure_id leader, ui_names *out)
{
    figure_id ids[UI_NAMES_MAX];
    float r;
    ui_names_add(out, leader);
    int n = leader.id ? game_command_radius(g, leader, &r, ids, UI_NAMES_MAX) : 0;
    for (int i = 0; i < n && i < UI_NAMES_MAX; i++)
        ui_names_add(out, ids[i]);
}

/* The morale pile under (x, y): its item, or NULL. */
static const rules_driver_item *chip_at(const ui_driver_panel *p, float x, float y)
{
    for (int i = 0; i < p->chip_count; i++)
        if (in_rect(p->chips[i].r, x, y) && p->chips[i].item < p->item_count)
            return &p->items[p->chips[i].item];
    return NULL;
}

/* The quality a pile's label names by its first word ("raw chits": raw), or -1. */
static int chip_quality(const rules_driver_item *it)
{
    char word[sizeof it->label];
    snprintf(word, sizeof word, "%s", it->label);
    char *sp = strchr(word, ' ');
    if (sp)
        *sp = 0;
    return table_quality_parse(word);
}

static bool figure_of_quality(const figure *f, side_id sd, int q)
{
    return f->side.id == sd.id && table_figure_active(f) && (int)f->quality == q;
}

int ui_driver_panel_tooltip(const ui_driver_panel *p, const ui_view *view, float x, float y,
                            char lines[][128], int max)
{
    const rules_driver_item *it = chip_at(p, x, y);
    if (!it || max < 3)
        return 0;
    const table *t = game_table(view->game);
    const side *sd = table_side(t, it->side);
    const char *side_name = sd ? sd->name : "";
    int n = 0, q = chip_quality(it);
    snprintf(lines[n++], 128, "%s morale: %s, %d left", side_name, it->label, it->value);
    if (q >= 0) {
        int of_q = 0;
        for (int i = 0; i < t->figure_count; i++)
            of_q += figure_of_quality(&t->figures[i], it->side, q);
        const char *qn = table_quality_name((figure_quality)q);
        if (it->value > 0)
            snprintf(lines[n++], 128, "When it is empty, %s's %s troops are demoralised (%d left)",
                     side_name, qn, of_q);
        else
            snprintf(lines[n++], 128, "Empty: %s's %s troops are demoralised (%d left)", side_name,
                     qn, of_q);
    }
    int lost = 0, all = 0;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        if (f->side.id != it->side.id)
            continue;
        all++;
        /* Off the table and nothing else: a reinforcement still to come, not a loss. */
        lost += !table_figure_active(f) && f->status != FIGURE_STATUS_OFF_TABLE;
    }
    snprintf(lines[n++], 128, "%s casualties so far: %d of %d", side_name, lost, all);
    return n;
}

bool ui_driver_panel_named(const ui_driver_panel *p, const ui_view *view, float x, float y,
                           ui_names *out)
{
    if (!ui_driver_panel_contains(p, x, y))
        return false;
    const rules_driver_item *chip = chip_at(p, x, y);
    int q = chip ? chip_quality(chip) : -1;
    const table *t = game_table(view->game);
    for (int i = 0; q >= 0 && i < t->figure_count; i++)
        if (figure_of_quality(&t->figures[i], chip->side, q))
            ui_names_add(out, t->figures[i].id);
    for (int i = 0; i < p->button_count; i++)
        if (in_rect(p->buttons[i].r, x, y))
            named_leader(view->game, p->buttons[i].cmd.figure, out);
    for (int i = 0; i < p->drawn_count; i++) {
        const rules_driver_item *it = item_of_card(p->items, p->item_count, p->drawn[i].card);
        if (in_rect(p->drawn[i].r, x, y) && it && !it->hidden)
            named_leader(view->game, it->figure, out);
    }
    return true;
}

int ui_driver_panel_button_count(const ui_driver_panel *p)
{
    return p->button_count;
}

const char *ui_driver_panel_button(const ui_driver_panel *p, int n, rules_command *cmd, float *x,
                                   float *y, float *w, float *h)
{
    if (n < 0 || n >= p->button_count)
        return NULL;
    const dp_button *b = &p->buttons[n];
    *cmd = b->cmd;
    *x = b->r.x, *y = b->r.y, *w = b->r.w, *h = b->r.h;
    return b->label;
}

bool ui_driver_panel_play_rect(const ui_driver_panel *p, float *x, float *y, float *w, float *h)
{
    *x = p->play.x, *y = p->play.y, *w = p->play.w, *h = p->play.h;
    return p->has_deck && p->play.w > 0;
}
