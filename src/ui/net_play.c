#include "ui/net_play.h"

#include "core/mem.h"
#include "game/bot.h"
#include "render/render.h"
#include "ui/text_field.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PING_SHOW_S 4.0
#define CHAT_LINES  5 /* chat lines shown over the table, the newest last */

/* The bot the host runs for the other side (the Host form's "the bot, on this computer"): a
 * client of its own over the loopback, played as `sandtable join --headless --bot` plays. */
typedef struct local_bot {
    net_session *s;
    net_enet *t;
    bot_scratch *b;
    dice_rng rng;
} local_bot;

struct ui_net {
    ui_net_out asked; /* what its screens' input asked, till the app takes it */
    local_bot *bot;   /* NULL: the other side is a player elsewhere */
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

static const char *side_name(const ui_net *n, uint32_t id, const char *fallback)
{
    const game *g = net_session_game(n->s);
    return g ? table_side_label(game_table(g), (side_id){id}, fallback) : fallback;
}

/* Who sent a note, in words: the player's name, else their side's. */
static const char *who_said(const ui_net *n, uint32_t who)
{
    const char *name = net_session_player_name(n->s, who);
    return name[0] ? name : side_name(n, who, "A spectator");
}

/* A toast for the app to show, in order (a full list keeps the rest for the next frame). */
static bool say(ui_net_out *out, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool say(ui_net_out *out, const char *fmt, ...)
{
    if (out->say_count == UI_NET_SAY_MAX)
        return false;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(out->say[out->say_count++], sizeof out->say[0], fmt, ap);
    va_end(ap);
    return true;
}

/* ---- the lobby --------------------------------------------------------------------------------
 */

typedef struct lobby {
    ui_net *n;
    float ready_x, ready_y, ready_w, ready_h; /* the buttons, laid out at draw time */
    float swap_x, swap_y, swap_w, swap_h;
} lobby;

static bool hit(float x, float y, float bx, float by, float bw, float bh)
{
    return bw > 0 && x >= bx && x <= bx + bw && y >= by && y <= by + bh;
}

static void lobby_input(ui_screen *sc, ui_app *app, const ui_input *in)
{
    (void)app;
    lobby *l = sc->data;
    net_session *s = l->n->s;
    bool ready = false, swap = false;
    for (int i = 0; i < in->key_count; i++) {
        if (in->keys[i] == UI_KEY_ESCAPE) {
            l->n->asked.leave = true; /* the app takes this screen away */
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
        say(&l->n->asked, "Asked to trade sides");
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
static float lobby_players(const ui_net *n, render_ctx *ctx, float x, float y)
{
    float k = render_ui_scale(ctx);
    net_player pl[NET_PEERS_MAX + 1];
    int count = net_session_players(n->s, pl, NET_PEERS_MAX + 1);
    bool lobby_open = net_session_in_lobby(n->s);
    char line[300];
    for (int i = 0; i < count; i++) {
        const char *plays = pl[i].side ? side_name(n, pl[i].side, "a side") : NULL;
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
    (void)app;
    lobby *l = sc->data;
    const ui_net *n = l->n;
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
    y = lobby_players(n, ctx, x, y + 10 * k) + 20 * k;
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

ui_screen *ui_net_lobby_create(ui_net *n)
{
    lobby *l = mem_calloc(1, sizeof *l);
    l->n = n;
    ui_screen *sc = mem_calloc(1, sizeof *sc);
    *sc = (ui_screen){.name = "lobby",
                      .data = l,
                      .modal = true,
                      .opaque = true,
                      .input = lobby_input,
                      .draw = lobby_draw,
                      .destroy = lobby_destroy};
    return sc;
}

/* ---- the chat line
 * -------------------------------------------------------------------------------
 */

typedef struct chat {
    ui_net *n;
    ui_text_field field;
    bool fresh; /* the frame it opened: the key that opened it is not text */
} chat;

static void chat_input(ui_screen *sc, ui_app *app, const ui_input *in)
{
    (void)app;
    chat *c = sc->data;
    ui_net_out *asked = &c->n->asked;
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
            asked->pop_top = true;
            return;
        }
        if (in->keys[i] == UI_KEY_RETURN) {
            if (c->field.text[0] && !net_session_chat(c->n->s, c->field.text))
                say(asked, "The chat line cannot be sent now");
            asked->pop_top = true;
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

ui_screen *ui_net_chat_create(ui_net *n)
{
    chat *c = mem_calloc(1, sizeof *c);
    c->n = n;
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
static void chat_key(const char *top, const game *g, const ui_input *in, ui_net_out *out)
{
    if (!top || strcmp(top, "lobby") == 0 || strcmp(top, "chat") == 0 || !g)
        return;
    for (int i = 0; i < in->key_count; i++)
        if (in->keys[i] == 't' && (in->key_mods[i] & UI_MOD_SHIFT) &&
            !(in->key_mods[i] & UI_MOD_CTRL)) {
            out->open_chat = true; /* it takes this frame's input: skipped */
            return;
        }
}

/* ---- open / close ------------------------------------------------------------------------------
 */

ui_net *ui_net_create(net_session *s, net_enet *t, bool host, uint16_t port, bool from_start)
{
    ui_net *n = mem_calloc(1, sizeof *n);
    *n = (ui_net){
        .s = s, .t = t, .host = host, .port = port, .from_start = from_start, .seen_cursor = -1};
    return n;
}

static void bot_destroy(local_bot *b)
{
    if (!b)
        return;
    net_session_destroy(b->s);
    net_enet_destroy(b->t);
    bot_scratch_destroy(b->b);
    free(b);
}

static void log_line(void *user, const char *line);

/* The local bot joins the host at `addr`:`port` as a player (it gets the side the host does not
 * play); NULL with the reason. */
static local_bot *bot_join(const char *addr, uint16_t port, const char *password, char *err,
                           size_t size)
{
    local_bot *b = mem_calloc(1, sizeof *b);
    b->t = net_enet_connect(addr, port, err, size);
    if (!b->t)
        goto fail;
    b->s = net_session_create(&(net_session_desc){.password = password,
                                                  .name = "The bot",
                                                  .send = net_enet_send,
                                                  .kick = net_enet_kick,
                                                  .log = log_line,
                                                  .user = b->t,
                                                  .log_user = (void *)"bot"});
    if (!b->s) {
        snprintf(err, size, "the bot cannot join");
        goto fail;
    }
    net_enet_attach(b->t, b->s);
    b->b = bot_scratch_create();
    dice_seed(&b->rng, (uint64_t)port * 2 + 1);
    return b;
fail:
    bot_destroy(b);
    return NULL;
}

/* One frame of the local bot: its messages, ready in the lobby, no to an undo, its move. */
static void bot_step(local_bot *b)
{
    net_enet_service(b->t, 0);
    if (net_session_in_lobby(b->s) && !net_session_is_ready(b->s))
        net_session_ready(b->s, true);
    if (net_session_undo_asked(b->s))
        net_session_undo_answer(b->s, false);
    rules_command c;
    char why[256];
    if (net_session_my_turn(b->s) &&
        bot_pick(b->b, net_session_game(b->s), BOT_NORMAL, &b->rng, &c) &&
        !net_session_submit(b->s, &c, why, sizeof why))
        fprintf(stderr, "sandtable: the bot's command was refused: %s\n", why);
}

bool ui_net_destroy(ui_net *n)
{
    if (!n)
        return false;
    bot_destroy(n->bot);
    bool adopted = n->adopted;
    net_session_destroy(n->s);
    net_enet_destroy(n->t);
    free(n);
    return adopted;
}

bool ui_net_is_host(const ui_net *n)
{
    return n->host;
}

bool ui_net_from_start(const ui_net *n)
{
    return n->from_start;
}

uint16_t ui_net_port(const ui_net *n)
{
    return n->port;
}

net_session *ui_net_session(ui_net *n)
{
    return n->s;
}

static void log_line(void *user, const char *line)
{
    fprintf(stderr, "sandtable %s: %s\n", (const char *)user, line);
}

ui_net *ui_net_host(const ui_net_host_desc *d, game **out, char *save, size_t save_size, char *err,
                    size_t size)
{
    if (!game_data_path("network-host.json", save, save_size)) {
        snprintf(err, size, "cannot find or create the data directory");
        return NULL;
    }
    scenario_error serr;
    scenario *sc = scenario_load_file(d->scenario_path, &serr);
    if (!sc || !rules_scenario_check(sc, &serr)) {
        scenario_error_format(&serr, err, size);
        scenario_destroy(sc);
        return NULL;
    }
    /* One interface only when the front end says so (the tests: the loopback). */
    net_enet *t = net_enet_listen(d->bind && d->bind[0] ? d->bind : NULL, d->port, err, size);
    if (!t) {
        scenario_destroy(sc);
        return NULL;
    }
    game_error gerr;
    game *g = game_create(
        &(game_desc){.scenario = sc, .take_scenario = true, .autosave_path = save}, &gerr);
    if (!g) {
        game_error_format(&gerr, err, size);
        scenario_destroy(sc);
        net_enet_destroy(t);
        return NULL;
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
        return NULL;
    }
    net_enet_attach(t, s);
    ui_net *n = ui_net_create(s, t, true, net_enet_port(t), true);
    if (d->bot) {
        n->bot = bot_join(d->bind && d->bind[0] ? d->bind : "127.0.0.1", n->port, d->password, err,
                          size);
        if (!n->bot) {
            ui_net_destroy(n);
            game_destroy(g);
            return NULL;
        }
    }
    *out = g;
    return n;
}

ui_net *ui_net_join(const char *address, const char *password, const char *name, bool watch,
                    char *err, size_t size)
{
    char addr[256], save[1024];
    uint16_t port = NET_DEFAULT_PORT;
    if (!address || !*address || !net_enet_parse_address(address, addr, sizeof addr, &port)) {
        snprintf(err, size, "'%s' is not an address: a computer's name or number, then :port",
                 address ? address : "");
        return NULL;
    }
    if (!game_data_path("network-client.json", save, sizeof save)) {
        snprintf(err, size, "cannot find or create the data directory");
        return NULL;
    }
    net_enet *t = net_enet_connect(addr, port, err, size);
    if (!t)
        return NULL;
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
        return NULL;
    }
    net_enet_attach(t, s);
    fprintf(stderr, "sandtable: joining %s port %u\n", addr, port);
    return ui_net_create(s, t, false, port, true);
}

/* ---- each frame ---------------------------------------------------------------------------------
 */

/* The host's match arrived at a client: the app shows it (it stays the session's). */
static game *adopt_game(ui_net *n)
{
    game *g = net_session_game(n->s);
    if (n->host || n->adopted || !g || net_session_state(n->s) != NET_PLAYING)
        return NULL;
    n->adopted = true;
    return g;
}

static void new_notes(ui_net *n, double now, ui_net_out *out)
{
    int count = net_session_note_count(n->s);
    for (; n->seen_notes < count && out->say_count < UI_NET_SAY_MAX; n->seen_notes++) {
        const net_note *note = net_session_note(n->s, n->seen_notes);
        const char *who = who_said(n, note->side);
        if (note->kind == NET_NOTE_CHAT) /* what the screen shows, for the log (and tests) */
            fprintf(stderr, "sandtable: chat: %s: %s\n", who, note->text);
        if (note->side == net_session_side(n->s))
            continue; /* our own */
        if (note->kind == NET_NOTE_CHAT) {
            say(out, "%s: %s", who, note->text);
        } else {
            n->ping_at = (vec2s){{note->x, note->y}};
            n->ping_side = note->side;
            n->ping_until = now + PING_SHOW_S;
            say(out, "%s points at the table", who);
        }
    }
}

static void undo_keys(ui_net *n, const ui_input *in, ui_net_out *out)
{
    if (!net_session_undo_asked(n->s))
        return;
    if (ui_input_key(in, 'y')) {
        net_session_undo_answer(n->s, true);
        say(out, "You agreed to take the last command back");
    } else if (ui_input_key(in, 'n')) {
        net_session_undo_answer(n->s, false);
        say(out, "You refused to take the last command back");
    }
}

void ui_net_update(ui_net *n, const ui_net_frame *f, ui_net_out *out)
{
    memset(out, 0, sizeof *out);
    if (n->t) /* no transport: a session driven by the tests */
        net_enet_service(n->t, 0);
    if (n->bot)
        bot_step(n->bot);
    const game *g = f->game;
    const char *top = f->top;
    out->adopt = adopt_game(n);
    if (out->adopt) {
        g = out->adopt;
        top = "table"; /* the app shows it in place of every screen */
    }
    if (!g)
        return;
    out->sides = true;
    out->mine = net_session_side(n->s);
    int cursor = game_cursor(g);
    uint64_t hash = game_hash(g);
    if (cursor != n->seen_cursor || hash != n->seen_hash) {
        n->seen_cursor = cursor;
        n->seen_hash = hash;
        out->changed = true;
    }
    new_notes(n, f->time, out);
    undo_keys(n, f->in, out);
    chat_key(top, g, f->in, out);
    const char *denied = net_session_denied(n->s);
    if (denied[0] && strstr(denied, "undo") && say(out, "%s", denied))
        net_session_clear_denied(n->s); /* a command's refusal is the table view's */
    out->pop_top = top && strcmp(top, "lobby") == 0 && net_session_state(n->s) != NET_WAITING;
}

void ui_net_take(ui_net *n, ui_net_out *out)
{
    *out = n->asked;
    memset(&n->asked, 0, sizeof n->asked);
}

bool ui_net_submit(ui_net *n, const rules_command *cmd, char *reason, size_t size)
{
    return net_session_submit(n->s, cmd, reason, size);
}

bool ui_net_undo(ui_net *n)
{
    return net_session_undo_ask(n->s);
}

bool ui_net_ping(ui_net *n, vec2s at_cm)
{
    return net_session_ping(n->s, at_cm.x, at_cm.y);
}

const char *ui_net_player_name(const ui_net *n, uint32_t who)
{
    return n ? net_session_player_name(n->s, who) : "";
}

const char *ui_net_banner(const ui_net *n, const game *g, char *buf, size_t size)
{
    buf[0] = '\0';
    if (!n || !g)
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
static void draw_chat(const ui_net *n, const game *g, const char *top, render_ctx *ctx)
{
    if (!g || !top || strcmp(top, "lobby") == 0)
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
        snprintf(line, sizeof line, "%s: %s", who_said(n, note->side), note->text);
        render_text_fit(ctx, line, 13, 448 * k, fit, sizeof fit);
        uint32_t rgb = render_side_rgb(game_table(g), (side_id){note->side});
        render_rect(ctx, 12 * k, y + 4 * k, 8 * k, 8 * k, rgb << 8 | 0xff);
        render_text(ctx, 26 * k, y, fit, 13, 0xf0f0f0ff, RENDER_ALIGN_LEFT);
    }
}

void ui_net_draw(const ui_net *n, const game *g, const char *top, render_ctx *ctx)
{
    char line[600];
    if (!n)
        return;
    draw_chat(n, g, top, ctx);
    if (!ui_net_banner(n, g, line, sizeof line)[0])
        return;
    int w, h;
    render_output_size(ctx, &w, &h);
    float k = render_ui_scale(ctx);
    bool bad = net_session_state(n->s) != NET_PLAYING;
    render_rect(ctx, 0, 56 * k, (float)w, 24 * k, bad ? 0xb02020f0 : 0x2a5090f0);
    render_text(ctx, 10 * k, 60 * k, line, 13, 0xffffffff, RENDER_ALIGN_LEFT);
}

void ui_net_draw_table(const ui_net *n, const game *g, double now, render_ctx *ctx,
                       const render_camera *cam)
{
    if (!n || !g || now > n->ping_until)
        return;
    uint32_t rgb = render_side_rgb(game_table(g), (side_id){n->ping_side});
    float pulse = (float)(n->ping_until - now);
    for (int i = 0; i < 3; i++)
        render_circle_cm(ctx, cam, n->ping_at,
                         2.0f + 3.0f * (float)i + (pulse - (float)(int)pulse) * 3, 3.0f,
                         rgb << 8 | 0xff);
}
