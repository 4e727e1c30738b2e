#include "ui/net_setup.h"

#include "core/mem.h"
#include "net/net_enet.h"
#include "ui/app_net.h"
#include "ui/text_field.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FIELDS   3 /* name, port or address, password */
#define SIDES    8
#define TEXT_RGB 0xf0f0f0ffu
#define DIM_RGB  0x9aa4b2ffu

typedef struct rect {
    float x, y, w, h;
} rect;

typedef struct setup {
    bool host;
    char scenario_path[UI_PATH_MAX];
    scenario *sc; /* host: its sides */
    ui_text_field field[FIELDS];
    int focus;
    uint32_t side; /* host: the side it plays */
    bool watch;    /* join: as a spectator */
    bool bot;      /* host: the other side is a bot on this computer */
    char error[400];
    rect fields[FIELDS], sides[SIDES], go, back, play, spectate, other_player, other_bot;
    int side_count;
} setup;

static bool inside(rect r, float x, float y)
{
    return r.w > 0 && x >= r.x && x <= r.x + r.w && y >= r.y && y <= r.y + r.h;
}

static void go(setup *st, ui_app *app)
{
    const char *name = st->field[0].text, *pw = st->field[2].text;
    char err[sizeof st->error];
    bool ok;
    if (st->host) {
        char *end;
        long port = strtol(st->field[1].text, &end, 10);
        if (!st->field[1].text[0] || *end || port < 1 || port > 65535) {
            snprintf(st->error, sizeof st->error, "The port is a number from 1 to 65535");
            return;
        }
        ok = ui_app_net_host(app,
                             &(ui_net_host_desc){.scenario_path = st->scenario_path,
                                                 .port = (uint16_t)port,
                                                 .password = pw,
                                                 .name = name,
                                                 .side = st->side,
                                                 .bot = st->bot},
                             err, sizeof err);
    } else {
        ok = ui_app_net_join(app, st->field[1].text, pw, name, st->watch, err, sizeof err);
    }
    /* On success this screen is gone with the stack: nothing of it is touched after. */
    if (!ok) {
        snprintf(st->error, sizeof st->error, "%s", err);
        fprintf(stderr, "sandtable: cannot host or join: %s\n", err);
    }
}

static void setup_input(ui_screen *s, ui_app *app, const ui_input *in)
{
    setup *st = s->data;
    int at = 0; /* the text and keys in the order they came: Tab moves the text after it */
    for (int i = 0; i < in->key_count; i++) {
        int k = in->keys[i];
        ui_text_field *f = &st->field[st->focus];
        if (ui_text_field_type(f, in->text + at, (size_t)(in->key_text[i] - at)) |
            ui_text_field_key(f, k, in->key_mods[i]))
            st->error[0] = '\0';
        at = in->key_text[i];
        if (k == UI_KEY_ESCAPE) {
            ui_app_pop(app);
            return;
        }
        if (k == UI_KEY_RETURN) {
            go(st, app);
            return;
        }
        if (k == UI_KEY_TAB || k == UI_KEY_DOWN)
            st->focus = (st->focus + ((in->key_mods[i] & UI_MOD_SHIFT) ? FIELDS - 1 : 1)) % FIELDS;
        else if (k == UI_KEY_UP)
            st->focus = (st->focus + FIELDS - 1) % FIELDS;
    }
    if (ui_text_field_type(&st->field[st->focus], in->text + at, (size_t)(in->text_len - at)))
        st->error[0] = '\0';
    if (!in->pressed[UI_MOUSE_LEFT])
        return;
    float x = in->mouse_x, y = in->mouse_y;
    for (int i = 0; i < FIELDS; i++)
        if (inside(st->fields[i], x, y))
            st->focus = i;
    for (int i = 0; i < st->side_count; i++)
        if (inside(st->sides[i], x, y))
            st->side = st->sc->table->sides[i].id.id;
    if (inside(st->other_player, x, y))
        st->bot = false;
    else if (inside(st->other_bot, x, y))
        st->bot = true;
    if (inside(st->play, x, y))
        st->watch = false;
    else if (inside(st->spectate, x, y))
        st->watch = true;
    if (inside(st->go, x, y))
        go(st, app);
    else if (inside(st->back, x, y))
        ui_app_pop(app);
}

static void button(render_ctx *ctx, rect r, const char *label, uint32_t fill)
{
    int tw, th;
    render_rect(ctx, r.x, r.y, r.w, r.h, fill);
    render_rect_outline(ctx, r.x, r.y, r.w, r.h, 0xffffff40);
    render_text_size(ctx, label, 14, &tw, &th);
    render_text(ctx, r.x + r.w / 2, r.y + (r.h - (float)th) / 2, label, 14, TEXT_RGB,
                RENDER_ALIGN_CENTRE);
}

static float draw_sides(setup *st, render_ctx *ctx, float x, float y)
{
    float k = render_ui_scale(ctx);
    const table *t = st->sc->table;
    render_text(ctx, x, y, "You play", 13, DIM_RGB, RENDER_ALIGN_LEFT);
    y += 22 * k;
    st->side_count = t->side_count < SIDES ? t->side_count : SIDES;
    for (int i = 0; i < st->side_count; i++) {
        rect r = {x + (float)i * 210 * k, y, 200 * k, 32 * k};
        st->sides[i] = r;
        bool mine = t->sides[i].id.id == st->side;
        button(ctx, r, t->sides[i].name, mine ? 0x3a5a8aff : 0x3a4048ff);
        render_rect(ctx, r.x + 6 * k, r.y + 9 * k, 14 * k, 14 * k,
                    render_side_rgb(t, t->sides[i].id) << 8 | 0xff);
    }
    y += 44 * k;
    render_text(ctx, x, y, "The other side", 13, DIM_RGB, RENDER_ALIGN_LEFT);
    y += 22 * k;
    st->other_player = (rect){x, y, 200 * k, 32 * k};
    st->other_bot = (rect){x + 210 * k, y, 200 * k, 32 * k};
    button(ctx, st->other_player, "A player elsewhere", st->bot ? 0x3a4048ff : 0x3a5a8aff);
    button(ctx, st->other_bot, "The bot, here", st->bot ? 0x3a5a8aff : 0x3a4048ff);
    y += 40 * k;
    render_text(ctx, x, y,
                st->bot ? "The bot plays the other side on this computer; others may watch."
                        : "The other player plays the other side (you can trade in the lobby).",
                12, DIM_RGB, RENDER_ALIGN_LEFT);
    return y + 30 * k;
}

/* The join form's choice: the host's scenario (and so its sides' names) arrives only once
 * connected, so a player takes the side that is free (traded in the lobby) or watches. */
static float draw_join_role(setup *st, render_ctx *ctx, float x, float y)
{
    float k = render_ui_scale(ctx);
    render_text(ctx, x, y, "You play", 13, DIM_RGB, RENDER_ALIGN_LEFT);
    y += 22 * k;
    st->play = (rect){x, y, 200 * k, 32 * k};
    st->spectate = (rect){x + 210 * k, y, 200 * k, 32 * k};
    button(ctx, st->play, "The side that is free", st->watch ? 0x3a4048ff : 0x3a5a8aff);
    button(ctx, st->spectate, "Watch", st->watch ? 0x3a5a8aff : 0x3a4048ff);
    y += 40 * k;
    render_text(ctx, x, y,
                st->watch ? "You watch: both sides' hidden cards and concealed units stay hidden."
                          : "You get the side the host does not play (trade sides in the lobby).",
                12, DIM_RGB, RENDER_ALIGN_LEFT);
    return y + 30 * k;
}

static void setup_draw(ui_screen *s, ui_app *app, render_ctx *ctx)
{
    (void)app;
    setup *st = s->data;
    int w, h;
    render_output_size(ctx, &w, &h);
    float k = render_ui_scale(ctx), x = 60 * k, y = 40 * k, fw = 420 * k;
    render_rect(ctx, 0, 0, (float)w, (float)h, 0x1b2027ff);
    render_text(ctx, x, y, st->host ? "Host a game across two desktops" : "Join a game", 24,
                TEXT_RGB, RENDER_ALIGN_LEFT);
    y += 44 * k;
    if (st->host) {
        char line[300];
        snprintf(line, sizeof line, "%s, for a player on another computer",
                 st->sc->title[0] ? st->sc->title : "This scenario");
        render_text(ctx, x, y, line, 14, DIM_RGB, RENDER_ALIGN_LEFT);
    } else {
        render_text(ctx, x, y, "The host's computer gives the scenario, its dice and the sides.",
                    14, DIM_RGB, RENDER_ALIGN_LEFT);
    }
    y += 36 * k;
    static const char *host_labels[FIELDS] = {"Your name", "Port", "Password (optional)"};
    static const char *join_labels[FIELDS] = {"Your name", "The host's address (host or host:port)",
                                              "Password (if the host set one)"};
    for (int i = 0; i < FIELDS; i++) {
        render_text(ctx, x, y, (st->host ? host_labels : join_labels)[i], 13, DIM_RGB,
                    RENDER_ALIGN_LEFT);
        st->fields[i] = (rect){x, y + 20 * k, fw, 32 * k};
        ui_text_field_draw(&st->field[i], ctx, x, y + 20 * k, fw, 32 * k, i == st->focus,
                           i == 1 && !st->host ? "192.168.1.20:27960" : "");
        y += 66 * k;
    }
    y = st->host ? draw_sides(st, ctx, x, y) : draw_join_role(st, ctx, x, y);
    st->go = (rect){x, y, 200 * k, 36 * k};
    st->back = (rect){x + 216 * k, y, 160 * k, 36 * k};
    button(ctx, st->go, st->host ? "Host (Enter)" : "Join (Enter)", 0x2f6b3aff);
    button(ctx, st->back, "Back (Esc)", 0x3a4048ff);
    if (st->error[0]) {
        char line[420];
        render_text_fit(ctx, st->error, 13, (float)w - x - 20 * k, line, sizeof line);
        render_text(ctx, x, y + 50 * k, line, 13, 0xff9090ff, RENDER_ALIGN_LEFT);
    }
    render_text(ctx, (float)w - 24 * k, (float)h - 26 * k,
                "Tab: next field   Enter: go   Esc: back", 12, DIM_RGB, RENDER_ALIGN_RIGHT);
}

static void setup_destroy(ui_screen *s)
{
    setup *st = s->data;
    scenario_destroy(st->sc);
    free(st);
    free(s);
}

/* The player's name to start from: the login name (as the front end was told), capitalised. */
static void default_name(ui_text_field *f, const char *user, bool host)
{
    bool known = user && *user && strcmp(user, "root") != 0;
    ui_text_field_set(f, known ? user : host ? "Host" : "Guest"); /* f->max: a name's length */
    if (f->text[0] >= 'a' && f->text[0] <= 'z')
        f->text[0] = (char)(f->text[0] - 'a' + 'A');
}

ui_screen *ui_net_setup_create(ui_app *app, bool host, const char *scenario_path)
{
    setup *st = mem_calloc(1, sizeof *st);
    st->host = host;
    snprintf(st->scenario_path, sizeof st->scenario_path, "%s", scenario_path ? scenario_path : "");
    if (host) {
        scenario_error err;
        st->sc = scenario_load_file(st->scenario_path, &err);
        if (!st->sc) {
            free(st);
            return NULL;
        }
        st->side = st->sc->table->side_count ? st->sc->table->sides[0].id.id : 0;
    }
    st->field[0].max = NET_NAME_MAX - 1;
    default_name(&st->field[0], app->player_name, host);
    st->field[1].max = 200;
    char port[16];
    snprintf(port, sizeof port, "%d", NET_DEFAULT_PORT);
    ui_text_field_set(&st->field[1], host ? port : "");
    st->field[2].max = 100;
    st->field[2].secret = true;
    st->focus = host ? 0 : 1;
    fprintf(stderr, "sandtable: network game: the %s form\n", host ? "host" : "join");
    ui_screen *s = mem_calloc(1, sizeof *s);
    *s = (ui_screen){.name = "net_setup",
                     .modal = true,
                     .opaque = true,
                     .input = setup_input,
                     .draw = setup_draw,
                     .destroy = setup_destroy,
                     .data = st};
    return s;
}
