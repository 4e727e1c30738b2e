#include "ui/net_play.h"

#include "core/mem.h"
#include "render/render.h"
#include "ui/text_field.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PING_SHOW_S 4.0
#define CHAT_LINES  5 /* chat lines shown over the table, the newest last */

struct ui_net {
    net_session *s;
    net_enet *t;
    bool host, adopted;
    bool from_start; /* opened from the start screen: leaving goes back to it */
    uint16_t port;
    int logged_notes; /* notes written to the log (stderr) so far */
    int seen_cursor, seen_notes;
    uint64_t seen_hash;
    vec2s ping_at;
    uint32_t ping_side;
    double ping_until;
};

static const char *side_name(const ui_app *app, uint32_t id, const char *fallback)
{
    const game *g = app->net ? net_session_game(app->net->s) : app->game;
    return g ? table_side_label(game_table(g), (side_id){id}, fallback) : fallback;
}

/* Who sent a note, in words: the player's name, else their side's. */
static const char *who_said(const ui_app *app, uint32_t who)
{
    const char *name = net_session_player_name(app->net->s, who);
    return name[0] ? name : side_name(app, who, "A spectator");
}

/* ---- the lobby --------------------------------------------------------------------------------
 */

typedef struct lobby {
    float ready_x, ready_y, ready_w, ready_h; /* the buttons, laid out at draw time */
    float swap_x, swap_y, swap_w, swap_h;
} lobby;

static bool hit(float x, float y, float bx, float by, float bw, float bh)
{
    return bw > 0 && x >= bx && x <= bx + bw && y >= by && y <= by + bh;
}

static void leave(ui_app *app);

static void lobby_input(ui_screen *sc, ui_app *app, const ui_input *in)
{
    lobby *l = sc->data;
    net_session *s = app->net->s;
    bool ready = false, swap = false;
    for (int i = 0; i < in->key_count; i++) {
        if (in->keys[i] == UI_KEY_ESCAPE) {
            leave(app); /* this screen is gone after it */
            return;
        }
        ready |= in->keys[i] == 'r' || in->keys[i] == UI_KEY_RETURN;
        swap |= in->keys[i] == 's';
    }
    if (in->pressed[UI_MOUSE_LEFT]) {
        ready |= hit(in->mouse_x, in->mouse_y, l->ready_x, l->ready_y, l->ready_w, l->ready_h);
        swap |= hit(in->mouse_x, in->mouse_y, l->swap_x, l->swap_y, l->swap_w, l->swap_h);
    }
    if (!net_session_in_lobby(s))
        return;
    if (swap && net_session_swap_sides(s))
        ui_app_toast(app, "Asked to trade sides");
    else if (ready) {
        net_session_ready(s, !net_session_is_ready(s));
        fprintf(stderr, "sandtable: lobby: %s\n",
                net_session_is_ready(s) ? "you are ready" : "you are not ready");
    }
}

static void lobby_button(render_ctx *ctx, float x, float y, float w, float h, const char *label,
                         uint32_t fill)
{
    int tw, th;
    render_rect(ctx, x, y, w, h, fill);
    render_rect_outline(ctx, x, y, w, h, 0xffffff40);
    render_text_size(ctx, label, 14, &tw, &th);
    render_text(ctx, x + w / 2, y + (h - (float)th) / 2, label, 14, 0xffffffff,
                RENDER_ALIGN_CENTRE);
}

/* The players: name, the side each plays, ready or not. */
static float lobby_players(ui_app *app, render_ctx *ctx, float x, float y)
{
    struct ui_net *n = app->net;
    float k = render_ui_scale(ctx);
    net_player pl[NET_PEERS_MAX + 1];
    int count = net_session_players(n->s, pl, NET_PEERS_MAX + 1);
    bool lobby_open = net_session_in_lobby(n->s);
    char line[300];
    for (int i = 0; i < count; i++) {
        const char *plays = pl[i].side ? side_name(app, pl[i].side, "a side") : NULL;
        snprintf(line, sizeof line, "%s%s%s  -  %s%s", pl[i].name, pl[i].host ? " (host)" : "",
                 pl[i].local ? " (you)" : "", plays ? "plays " : "watches", plays ? plays : "");
        uint32_t rgb =
            pl[i].side ? render_side_rgb(game_table(net_session_game(n->s)), (side_id){pl[i].side})
                       : 0x808080;
        render_rect(ctx, x - 260 * k, y + 2 * k, 14 * k, 14 * k, rgb << 8 | 0xff);
        render_text(ctx, x - 236 * k, y, line, 14, 0xe8ecf2ff, RENDER_ALIGN_LEFT);
        const char *state = !lobby_open ? "joined" : pl[i].ready ? "Ready" : "not ready yet";
        render_text(ctx, x + 260 * k, y, state, 14,
                    !lobby_open || pl[i].ready ? 0x9fe29fff : 0xf2c94cff, RENDER_ALIGN_RIGHT);
        y += 26 * k;
    }
    return y;
}

static void lobby_draw(ui_screen *sc, ui_app *app, render_ctx *ctx)
{
    lobby *l = sc->data;
    struct ui_net *n = app->net;
    int w, h;
    render_output_size(ctx, &w, &h);
    float k = render_ui_scale(ctx), x = (float)w / 2, y = (float)h / 4;
    render_rect(ctx, 0, 0, (float)w, (float)h, 0x0c1014f0);
    const game *g = net_session_game(n->s);
    const scenario *scen = g ? game_scenario(g) : NULL;
    char line[300];
    snprintf(line, sizeof line, "%s %s", n->host ? "Hosting" : "Joining",
             scen && scen->title[0] ? scen->title : "a game");
    render_text(ctx, x, y, line, 22, 0xffffffff, RENDER_ALIGN_CENTRE);
    y += 40 * k;
    if (n->host) {
        snprintf(line, sizeof line, "The other player joins this computer on port %u", n->port);
        render_text(ctx, x, y, line, 14, 0xc8d0dcff, RENDER_ALIGN_CENTRE);
        y += 30 * k;
    }
    const char *msg = net_session_message(n->s);
    if (!n->host && !msg[0])
        msg = !net_enet_connected(n->t)    ? "Connecting to the host..."
              : !g                         ? "Connected: setting up the table"
              : net_session_in_lobby(n->s) ? ""
                                           : "Connected: waiting for the host";
    if (msg[0]) {
        render_text(ctx, x, y, msg, 14, 0xf2c94cff, RENDER_ALIGN_CENTRE);
        y += 30 * k;
    }
    y = lobby_players(app, ctx, x, y + 10 * k) + 20 * k;
    l->ready_w = l->swap_w = 0;
    if (net_session_in_lobby(n->s)) {
        bool ready = net_session_is_ready(n->s);
        l->ready_x = x - 250 * k, l->ready_y = y, l->ready_w = 240 * k, l->ready_h = 36 * k;
        lobby_button(ctx, l->ready_x, y, l->ready_w, l->ready_h,
                     ready ? "Ready - click to wait (R)" : "Ready (R)",
                     ready ? 0x2f6b3aff : 0x3a5a8aff);
        l->swap_x = x + 10 * k, l->swap_y = y, l->swap_w = 240 * k, l->swap_h = 36 * k;
        lobby_button(ctx, l->swap_x, y, l->swap_w, l->swap_h, "Trade sides (S)", 0x3a4048ff);
        render_text(ctx, x, y + 50 * k,
                    "The match starts when both players are ready; the host's dice decide.", 13,
                    0x9aa4b2ff, RENDER_ALIGN_CENTRE);
    }
    render_text(ctx, x, (float)h - 40 * k, "Esc leaves", 13, 0x8890a0ff, RENDER_ALIGN_CENTRE);
}

static void lobby_destroy(ui_screen *sc)
{
    free(sc->data);
    free(sc);
}

static ui_screen *lobby_create(void)
{
    ui_screen *sc = mem_calloc(1, sizeof *sc);
    *sc = (ui_screen){.name = "lobby",
                      .data = mem_calloc(1, sizeof(lobby)),
                      .modal = true,
                      .opaque = true,
                      .input = lobby_input,
                      .draw = lobby_draw,
                      .destroy = lobby_destroy};
    return sc;
}

static bool lobby_on_top(const ui_app *app)
{
    return app->depth && strcmp(app->stack[app->depth - 1]->name, "lobby") == 0;
}

/* ---- the chat line
 * -------------------------------------------------------------------------------
 */

typedef struct chat {
    ui_text_field field;
    bool fresh; /* the frame it opened: the key that opened it is not text */
} chat;

static void chat_input(ui_screen *sc, ui_app *app, const ui_input *in)
{
    chat *c = sc->data;
    if (c->fresh) {
        c->fresh = false;
        return;
    }
    int at = 0; /* the text and keys in the order they came */
    for (int i = 0; i < in->key_count; i++) {
        ui_text_field_type(&c->field, in->text + at, (size_t)(in->key_text[i] - at));
        at = in->key_text[i];
        ui_text_field_key(&c->field, in->keys[i], in->key_mods[i]);
        if (in->keys[i] == UI_KEY_ESCAPE) {
            ui_app_pop(app);
            return;
        }
        if (in->keys[i] == UI_KEY_RETURN) {
            if (c->field.text[0] && app->net && !net_session_chat(app->net->s, c->field.text))
                ui_app_toast(app, "The chat line cannot be sent now");
            ui_app_pop(app);
            return;
        }
    }
    ui_text_field_type(&c->field, in->text + at, (size_t)(in->text_len - at));
}

static void chat_draw(ui_screen *sc, ui_app *app, render_ctx *ctx)
{
    (void)app;
    chat *c = sc->data;
    int w, h;
    render_output_size(ctx, &w, &h);
    float k = render_ui_scale(ctx), y = (float)h - 84 * k;
    render_rect(ctx, 0, y - 8 * k, (float)w, 48 * k, 0x0c1014e8);
    render_text(ctx, 12 * k, y + 7 * k, "Say:", 14, 0xffffffff, RENDER_ALIGN_LEFT);
    ui_text_field_draw(&c->field, ctx, 56 * k, y, (float)w - 300 * k, 32 * k, true, NULL);
    render_text(ctx, (float)w - 12 * k, y + 8 * k, "Enter sends, Esc cancels", 13, 0x9aa4b2ff,
                RENDER_ALIGN_RIGHT);
}

static void chat_destroy(ui_screen *sc)
{
    free(sc->data);
    free(sc);
}

static ui_screen *chat_create(void)
{
    chat *c = mem_calloc(1, sizeof *c);
    c->fresh = true;
    c->field.max = NET_CHAT_MAX - 1;
    ui_screen *sc = mem_calloc(1, sizeof *sc);
    *sc = (ui_screen){.name = "chat",
                      .modal = true,
                      .input = chat_input,
                      .draw = chat_draw,
                      .destroy = chat_destroy,
                      .data = c};
    return sc;
}

/* Shift+T opens the chat line, over the table or whatever is on it (not over the lobby or a
 * chat line already open). */
static void chat_key(ui_app *app, const ui_input *in)
{
    const char *top = app->depth ? app->stack[app->depth - 1]->name : "lobby";
    if (strcmp(top, "lobby") == 0 || strcmp(top, "chat") == 0 || !app->game)
        return;
    for (int i = 0; i < in->key_count; i++)
        if (in->keys[i] == 't' && (in->key_mods[i] & UI_MOD_SHIFT) &&
            !(in->key_mods[i] & UI_MOD_CTRL)) {
            ui_app_push(app, chat_create()); /* it takes this frame's input: skipped */
            fprintf(stderr, "sandtable: chat: the line opens\n");
            return;
        }
}

/* ---- attach / detach ---------------------------------------------------------------------------
 */

void ui_net_attach(ui_app *app, net_session *s, net_enet *t, bool host, uint16_t port)
{
    struct ui_net *n = mem_calloc(1, sizeof *n);
    *n = (struct ui_net){.s = s, .t = t, .host = host, .port = port, .seen_cursor = -1};
    app->net = n;
    if (!host)
        while (app->depth)
            ui_app_pop(app);
    ui_app_push(app, lobby_create());
}

/* Esc in the lobby: back to the start screen it came from, else the window closes. */
static void leave(ui_app *app)
{
    struct ui_net *n = app->net;
    if (!n->from_start) {
        ui_app_quit(app);
        return;
    }
    bool host = n->host;
    ui_net_detach(app);
    if (host && app->game) { /* its network save keeps it */
        game_destroy(app->game);
        app->game = NULL;
    }
    memset(app->controller, 0, sizeof app->controller);
    app->viewer = (side_id){0};
    while (app->depth)
        ui_app_pop(app);
    ui_app_show(app, UI_SCREEN_START, NULL);
    fprintf(stderr, "sandtable: left the network game\n");
}

static void log_line(void *user, const char *line)
{
    fprintf(stderr, "sandtable %s: %s\n", (const char *)user, line);
}

/* The match on the screen now is put away (saved) before a network one takes its place. */
static void close_match(ui_app *app)
{
    if (!app->game)
        return;
    game_error gerr;
    if (app->autosave_path[0])
        game_save(app->game, app->autosave_path, &gerr);
    game_destroy(app->game);
    app->game = NULL;
}

/* One interface only when the front end says so (the tests: the loopback). */
static const char *bind_addr(const ui_app *app)
{
    return app->net_bind[0] ? app->net_bind : NULL;
}

bool ui_net_host(ui_app *app, const ui_net_host_desc *d, char *err, size_t size)
{
    char save[UI_PATH_MAX];
    if (app->net) {
        snprintf(err, size, "a network game is open already");
        return false;
    }
    if (!game_data_path("network-host.json", save, sizeof save)) {
        snprintf(err, size, "cannot find or create the data directory");
        return false;
    }
    scenario_error serr;
    scenario *sc = scenario_load_file(d->scenario_path, &serr);
    if (!sc || !rules_scenario_check(sc, &serr)) {
        scenario_error_format(&serr, err, size);
        scenario_destroy(sc);
        return false;
    }
    net_enet *t = net_enet_listen(bind_addr(app), d->port, err, size);
    if (!t) {
        scenario_destroy(sc);
        return false;
    }
    game_error gerr;
    game *g = game_create(
        &(game_desc){.scenario = sc, .take_scenario = true, .autosave_path = save}, &gerr);
    if (!g) {
        game_error_format(&gerr, err, size);
        scenario_destroy(sc);
        net_enet_destroy(t);
        return false;
    }
    net_session *s = net_session_create(&(net_session_desc){.host = true,
                                                            .game = g,
                                                            .side = d->side,
                                                            .password = d->password,
                                                            .name = d->name,
                                                            .lobby = true,
                                                            .send = net_enet_send,
                                                            .kick = net_enet_kick,
                                                            .log = log_line,
                                                            .user = t,
                                                            .log_user = (void *)"host"});
    if (!s) {
        snprintf(err, size, "the game cannot be hosted");
        game_destroy(g);
        net_enet_destroy(t);
        return false;
    }
    net_enet_attach(t, s);
    close_match(app);
    app->game = g;
    snprintf(app->scenario_path, sizeof app->scenario_path, "%s", d->scenario_path);
    snprintf(app->autosave_path, sizeof app->autosave_path, "%s", save);
    app->referee = (ui_referee){0};
    app->state_version++;
    while (app->depth)
        ui_app_pop(app);
    ui_app_show(app, UI_SCREEN_TABLE, NULL);
    ui_net_attach(app, s, t, true, net_enet_port(t));
    app->net->from_start = true;
    fprintf(stderr, "sandtable: hosting on port %u\n", net_enet_port(t));
    return true;
}

bool ui_net_join(ui_app *app, const char *address, const char *password, const char *name,
                 bool watch, char *err, size_t size)
{
    char addr[256], save[UI_PATH_MAX];
    uint16_t port = NET_DEFAULT_PORT;
    if (app->net) {
        snprintf(err, size, "a network game is open already");
        return false;
    }
    if (!address || !*address || !net_enet_parse_address(address, addr, sizeof addr, &port)) {
        snprintf(err, size, "'%s' is not an address: a computer's name or number, then :port",
                 address ? address : "");
        return false;
    }
    if (!game_data_path("network-client.json", save, sizeof save)) {
        snprintf(err, size, "cannot find or create the data directory");
        return false;
    }
    net_enet *t = net_enet_connect(addr, port, err, size);
    if (!t)
        return false;
    net_session *s = net_session_create(&(net_session_desc){.password = password,
                                                            .name = name,
                                                            .watch = watch,
                                                            .autosave_path = save,
                                                            .send = net_enet_send,
                                                            .kick = net_enet_kick,
                                                            .log = log_line,
                                                            .user = t,
                                                            .log_user = (void *)"join"});
    if (!s) {
        snprintf(err, size, "cannot join");
        net_enet_destroy(t);
        return false;
    }
    net_enet_attach(t, s);
    close_match(app);
    ui_net_attach(app, s, t, false, port);
    app->net->from_start = true;
    fprintf(stderr, "sandtable: joining %s port %u\n", addr, port);
    return true;
}

void ui_net_detach(ui_app *app)
{
    struct ui_net *n = app->net;
    if (!n)
        return;
    if (n->adopted)
        app->game = NULL; /* the session's */
    net_session_destroy(n->s);
    net_enet_destroy(n->t);
    free(n);
    app->net = NULL;
}

/* ---- each frame ---------------------------------------------------------------------------------
 */

/* The local player's side on screen; the other sides are the other player's. */
static void set_sides(ui_app *app, const struct ui_net *n)
{
    uint32_t mine = net_session_side(n->s);
    const table *t = game_table(app->game);
    for (int i = 0; i < t->side_count; i++) {
        uint32_t id = t->sides[i].id.id;
        if (id < UI_APP_SIDES_MAX)
            app->controller[id] = id == mine ? UI_CONTROLLER_HUMAN : UI_CONTROLLER_REMOTE;
    }
    /* a spectator sees what is public only: a friend watching learns no side's secrets */
    app->viewer = (side_id){mine ? mine : GAME_VIEWER_PUBLIC};
}

static void adopt_game(ui_app *app, struct ui_net *n)
{
    game *g = net_session_game(n->s);
    if (n->host || n->adopted || !g || net_session_state(n->s) != NET_PLAYING)
        return;
    app->game = g;
    n->adopted = true;
    set_sides(app, n);
    while (app->depth)
        ui_app_pop(app);
    ui_app_show(app, UI_SCREEN_TABLE, NULL);
    app->state_version++;
}

static void new_notes(ui_app *app, struct ui_net *n)
{
    int count = net_session_note_count(n->s);
    for (; n->seen_notes < count; n->seen_notes++) {
        const net_note *note = net_session_note(n->s, n->seen_notes);
        const char *who = who_said(app, note->side);
        if (note->kind == NET_NOTE_CHAT) /* what the screen shows, for the log (and tests) */
            fprintf(stderr, "sandtable: chat: %s: %s\n", who, note->text);
        if (note->side == net_session_side(n->s))
            continue; /* our own */
        if (note->kind == NET_NOTE_CHAT) {
            ui_app_toast(app, "%s: %s", who, note->text);
        } else {
            n->ping_at = (vec2s){{note->x, note->y}};
            n->ping_side = note->side;
            n->ping_until = app->time + PING_SHOW_S;
            ui_app_toast(app, "%s points at the table", who);
        }
    }
}

static void undo_keys(ui_app *app, struct ui_net *n, const ui_input *in)
{
    if (!net_session_undo_asked(n->s))
        return;
    if (ui_input_key(in, 'y')) {
        net_session_undo_answer(n->s, true);
        ui_app_toast(app, "You agreed to take the last command back");
    } else if (ui_input_key(in, 'n')) {
        net_session_undo_answer(n->s, false);
        ui_app_toast(app, "You refused to take the last command back");
    }
}

void ui_net_update(ui_app *app, const ui_input *in)
{
    struct ui_net *n = app->net;
    if (!n)
        return;
    if (n->t) /* no transport: a session driven by the tests */
        net_enet_service(n->t, 0);
    adopt_game(app, n);
    if (!app->game)
        return;
    set_sides(app, n);
    int cursor = game_cursor(app->game);
    uint64_t hash = game_hash(app->game);
    if (cursor != n->seen_cursor || hash != n->seen_hash) {
        n->seen_cursor = cursor;
        n->seen_hash = hash;
        app->state_version++;
    }
    new_notes(app, n);
    undo_keys(app, n, in);
    chat_key(app, in);
    const char *denied = net_session_denied(n->s);
    if (denied[0] && strstr(denied, "undo")) { /* a command's refusal is the table view's */
        ui_app_toast(app, "%s", denied);
        net_session_clear_denied(n->s);
    }
    if (lobby_on_top(app) && net_session_state(n->s) != NET_WAITING)
        ui_app_pop(app);
}

bool ui_net_submit(ui_app *app, const rules_command *cmd, char *reason, size_t size)
{
    return net_session_submit(app->net->s, cmd, reason, size);
}

void ui_net_undo(ui_app *app)
{
    if (net_session_undo_ask(app->net->s))
        ui_app_toast(app, "Asked the other player to take back the last command");
    else
        ui_app_toast(app, "Nothing to undo now");
}

void ui_net_ping(ui_app *app, vec2s at_cm)
{
    if (net_session_ping(app->net->s, at_cm.x, at_cm.y))
        ui_app_toast(app, "Showed the other player this spot");
}

const char *ui_net_player_name(const ui_app *app, uint32_t who)
{
    return app->net ? net_session_player_name(app->net->s, who) : "";
}

const char *ui_net_banner(const ui_app *app, char *buf, size_t size)
{
    const struct ui_net *n = app->net;
    buf[0] = '\0';
    if (!n || !app->game)
        return buf;
    net_state st = net_session_state(n->s);
    if (st == NET_PAUSED)
        snprintf(buf, size, "Paused: %s. The match is saved; it goes on when they are back.",
                 net_session_message(n->s));
    else if (st == NET_STOPPED)
        snprintf(buf, size, "The match stopped: %.400s", net_session_message(n->s));
    else if (net_session_undo_asked(n->s))
        snprintf(buf, size,
                 "The other player asks to take back the last command: Y agrees, N "
                 "refuses");
    else if (net_session_undo_waiting(n->s))
        snprintf(buf, size, "Waiting for the other player to agree to undo...");
    return buf;
}

/* The last chat lines over the table, bottom left, the newest last. */
static void draw_chat(ui_app *app, render_ctx *ctx)
{
    struct ui_net *n = app->net;
    if (!app->game || !app->depth || strcmp(app->stack[app->depth - 1]->name, "lobby") == 0)
        return;
    int idx[CHAT_LINES], count = 0;
    for (int i = net_session_note_count(n->s) - 1; i >= 0 && count < CHAT_LINES; i--)
        if (net_session_note(n->s, i)->kind == NET_NOTE_CHAT)
            idx[count++] = i;
    if (!count)
        return;
    int w, h;
    render_output_size(ctx, &w, &h);
    float k = render_ui_scale(ctx), lh = 18 * k, y = (float)h - 140 * k - (float)count * lh;
    render_rect(ctx, 8 * k, y - 4 * k, 460 * k, (float)count * lh + 8 * k, 0x0c1014c8);
    for (int j = count - 1; j >= 0; j--, y += lh) {
        const net_note *note = net_session_note(n->s, idx[j]);
        char line[400], fit[400];
        snprintf(line, sizeof line, "%s: %s", who_said(app, note->side), note->text);
        render_text_fit(ctx, line, 13, 448 * k, fit, sizeof fit);
        uint32_t rgb = render_side_rgb(game_table(app->game), (side_id){note->side});
        render_rect(ctx, 12 * k, y + 4 * k, 8 * k, 8 * k, rgb << 8 | 0xff);
        render_text(ctx, 26 * k, y, fit, 13, 0xf0f0f0ff, RENDER_ALIGN_LEFT);
    }
}

void ui_net_draw(ui_app *app, render_ctx *ctx)
{
    char line[600];
    if (app->net)
        draw_chat(app, ctx);
    if (!app->net || !ui_net_banner(app, line, sizeof line)[0])
        return;
    int w, h;
    render_output_size(ctx, &w, &h);
    float k = render_ui_scale(ctx);
    bool bad = net_session_state(app->net->s) != NET_PLAYING;
    render_rect(ctx, 0, 56 * k, (float)w, 24 * k, bad ? 0xb02020f0 : 0x2a5090f0);
    render_text(ctx, 10 * k, 60 * k, line, 13, 0xffffffff, RENDER_ALIGN_LEFT);
}

void ui_net_draw_table(ui_app *app, render_ctx *ctx, const render_camera *cam)
{
    struct ui_net *n = app->net;
    if (!n || !app->game || app->time > n->ping_until)
        return;
    uint32_t rgb = render_side_rgb(game_table(app->game), (side_id){n->ping_side});
    float pulse = (float)(n->ping_until - app->time);
    for (int i = 0; i < 3; i++)
        render_circle_cm(ctx, cam, n->ping_at,
                         2.0f + 3.0f * (float)i + (pulse - (float)(int)pulse) * 3, 3.0f,
                         rgb << 8 | 0xff);
}
