#include "ui/app_net.h"

#include <stdio.h>
#include <string.h>

static const char *top_name(const ui_app *app)
{
    return app->depth ? app->stack[app->depth - 1]->name : NULL;
}

/* The local player's side on screen; the other sides are the other player's. */
static void set_sides(ui_app *app, uint32_t mine)
{
    const table *t = game_table(app->game);
    for (int i = 0; i < t->side_count; i++) {
        uint32_t id = t->sides[i].id.id;
        if (id < UI_APP_SIDES_MAX)
            app->controller[id] = id == mine ? UI_CONTROLLER_HUMAN : UI_CONTROLLER_REMOTE;
    }
    /* a spectator sees what is public only: a friend watching learns no side's secrets */
    app->viewer = (side_id){mine ? mine : GAME_VIEWER_PUBLIC};
}

void ui_app_net_attach(ui_app *app, net_session *s, net_enet *t, bool host, uint16_t port)
{
    app->net = ui_net_create(s, t, host, port, false);
    if (!host)
        while (app->depth)
            ui_app_pop(app);
    ui_app_push(app, ui_net_lobby_create(app->net));
}

void ui_app_net_detach(ui_app *app)
{
    if (ui_net_destroy(app->net))
        app->game = NULL; /* the session's */
    app->net = NULL;
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

bool ui_app_net_host(ui_app *app, const ui_net_host_desc *d, char *err, size_t size)
{
    if (app->net) {
        snprintf(err, size, "a network game is open already");
        return false;
    }
    ui_net_host_desc hd = *d;
    hd.bind = app->net_bind;
    char save[UI_PATH_MAX];
    game *g = NULL;
    ui_net *n = ui_net_host(&hd, &g, save, sizeof save, err, size);
    if (!n)
        return false;
    close_match(app);
    app->game = g;
    snprintf(app->scenario_path, sizeof app->scenario_path, "%s", d->scenario_path);
    snprintf(app->autosave_path, sizeof app->autosave_path, "%s", save);
    app->referee = (ui_referee){0};
    app->state_version++;
    while (app->depth)
        ui_app_pop(app);
    ui_app_show(app, UI_SCREEN_TABLE, NULL);
    app->net = n;
    ui_app_push(app, ui_net_lobby_create(n));
    fprintf(stderr, "sandtable: hosting on port %u\n", ui_net_port(n));
    return true;
}

bool ui_app_net_join(ui_app *app, const char *address, const char *password, const char *name,
                     bool watch, char *err, size_t size)
{
    if (app->net) {
        snprintf(err, size, "a network game is open already");
        return false;
    }
    ui_net *n = ui_net_join(address, password, name, watch, err, size);
    if (!n)
        return false;
    close_match(app);
    app->net = n;
    while (app->depth)
        ui_app_pop(app);
    ui_app_push(app, ui_net_lobby_create(n));
    return true;
}

/* Esc in the lobby: back to the start screen it came from, else the window closes. */
static void leave(ui_app *app)
{
    if (!ui_net_from_start(app->net)) {
        ui_app_quit(app);
        return;
    }
    bool host = ui_net_is_host(app->net);
    ui_app_net_detach(app);
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

static void act(ui_app *app, const ui_net_out *o)
{
    if (o->adopt) { /* the client's match: the host's, shown alone */
        app->game = o->adopt;
        while (app->depth)
            ui_app_pop(app);
        ui_app_show(app, UI_SCREEN_TABLE, NULL);
        app->state_version++;
    }
    if (o->sides && app->game)
        set_sides(app, o->mine);
    if (o->changed)
        app->state_version++;
    for (int i = 0; i < o->say_count; i++)
        ui_app_toast(app, "%s", o->say[i]);
    if (o->open_chat) {
        ui_app_push(app, ui_net_chat_create(app->net)); /* it takes this frame's input: skipped */
        fprintf(stderr, "sandtable: chat: the line opens\n");
    }
    if (o->pop_top && app->depth)
        ui_app_pop(app);
    if (o->leave)
        leave(app); /* the last: it ends network play */
}

void ui_app_net_update(ui_app *app, const ui_input *in)
{
    if (!app->net)
        return;
    ui_net_out out;
    ui_net_update(
        app->net,
        &(ui_net_frame){.game = app->game, .time = app->time, .top = top_name(app), .in = in},
        &out);
    act(app, &out);
}

void ui_app_net_answered(ui_app *app)
{
    if (!app->net)
        return;
    ui_net_out out;
    ui_net_take(app->net, &out);
    act(app, &out);
}
