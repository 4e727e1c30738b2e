#include "ui/net_play.h"

#include "core/mem.h"
#include "render/render.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PING_SHOW_S 4.0

struct ui_net {
    net_session *s;
    net_enet *t;
    bool host, adopted;
    uint16_t port;
    int seen_cursor, seen_notes;
    uint64_t seen_hash;
    vec2s ping_at;
    uint32_t ping_side;
    double ping_until;
};

static const char *side_name(const ui_app *app, uint32_t id, const char *fallback)
{
    return app->game ? table_side_label(game_table(app->game), (side_id){id}, fallback) : fallback;
}

/* ---- the lobby --------------------------------------------------------------------------------
 */

static void lobby_input(ui_screen *sc, ui_app *app, const ui_input *in)
{
    (void)sc;
    if (ui_input_key(in, UI_KEY_ESCAPE))
        ui_app_quit(app);
}

static void lobby_draw(ui_screen *sc, ui_app *app, render_ctx *ctx)
{
    (void)sc;
    struct ui_net *n = app->net;
    int w, h;
    render_output_size(ctx, &w, &h);
    float k = render_ui_scale(ctx), x = (float)w / 2, y = (float)h / 3;
    render_rect(ctx, 0, 0, (float)w, (float)h, 0x0c1014f0);
    char line[300];
    if (n->host) {
        const scenario *sc2 = app->game ? game_scenario(app->game) : NULL;
        snprintf(line, sizeof line, "Hosting %s", sc2 && sc2->title[0] ? sc2->title : "a match");
        render_text(ctx, x, y, line, 22, 0xffffffff, RENDER_ALIGN_CENTRE);
        snprintf(line, sizeof line, "The other player joins this computer on port %u", n->port);
        render_text(ctx, x, y + 40 * k, line, 14, 0xc8d0dcff, RENDER_ALIGN_CENTRE);
        snprintf(line, sizeof line, "You play %s",
                 side_name(app, net_session_side(n->s), "a side"));
        render_text(ctx, x, y + 70 * k, line, 14, 0xc8d0dcff, RENDER_ALIGN_CENTRE);
        float yy = y + 110 * k;
        for (int i = 0; i < NET_PEERS_MAX; i++) {
            int who = net_session_peer_side(n->s, i);
            if (who < 0)
                continue;
            snprintf(line, sizeof line, "Joined and ready: %s",
                     who ? side_name(app, (uint32_t)who, "a player") : "a spectator");
            render_text(ctx, x, yy, line, 14, 0x9fe29fff, RENDER_ALIGN_CENTRE);
            yy += 24 * k;
        }
        render_text(ctx, x, yy + 10 * k, net_session_message(n->s), 14, 0xf2c94cff,
                    RENDER_ALIGN_CENTRE);
    } else {
        render_text(ctx, x, y, "Joining a match", 22, 0xffffffff, RENDER_ALIGN_CENTRE);
        const char *msg = net_session_message(n->s);
        render_text(ctx, x, y + 40 * k,
                    msg[0]                     ? msg
                    : net_enet_connected(n->t) ? "Connected: setting up the table"
                                               : "Connecting to the host...",
                    14, 0xf2c94cff, RENDER_ALIGN_CENTRE);
    }
    render_text(ctx, x, (float)h - 40 * k, "Esc leaves", 13, 0x8890a0ff, RENDER_ALIGN_CENTRE);
}

static void lobby_destroy(ui_screen *sc)
{
    free(sc);
}

static ui_screen *lobby_create(void)
{
    ui_screen *sc = mem_calloc(1, sizeof *sc);
    *sc = (ui_screen){.name = "lobby",
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
    app->viewer = (side_id){mine};
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
        if (note->side == net_session_side(n->s))
            continue; /* our own */
        const char *who = side_name(app, note->side, "A spectator");
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

void ui_net_draw(ui_app *app, render_ctx *ctx)
{
    char line[600];
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
