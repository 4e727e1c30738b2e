/* `sandtable host SCENARIO` and `sandtable join HOST[:PORT]`: a match across two desktops
 * (net/net.h). --headless plays with no window: a bot plays the local side (--bot), and the
 * process ends with the match, printing the final hash (the network tests run two so). */
#include "cli/cli.h"

#include "core/file.h"
#include "game/bot.h"
#include "net/net.h"
#include "net/net_enet.h"
#include "platform/platform.h"
#include "ui/app_net.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

typedef struct net_args {
    bool host;
    const char *target; /* host: the scenario; join: HOST[:PORT] */
    const char *bind, *password, *save, *name;
    long long port, side, seed, timeout_s, bot_seed;
    bool seed_set, resume, headless, bot, trace;
    bot_level level;
} net_args;

static int usage(bool host, FILE *out, int status)
{
    if (host)
        fprintf(
            out,
            "usage: sandtable host SCENARIO [--port P] [--bind ADDR] [--side S] [--password W]\n"
            "                      [--name NAME]\n"
            "                      [--save FILE [--resume]] [--seed N] --headless [--bot [LEVEL]]\n"
            "                      [--timeout SECONDS] [--trace]\n"
            "Hosts a match for a player who joins (`sandtable join`). The host fixes the dice\n"
            "seed and the order of commands; both tables check every command's state hash.\n"
            "--port P listens on P (default %d; 0: any free port, printed); --bind ADDR on one\n"
            "address only (127.0.0.1). --side S: the host's side number (default the first).\n"
            "--save FILE keeps a crash-safe save after every command; --resume continues the\n"
            "match saved there. --headless: no window; --bot plays the host's side (greedy or\n"
            "random). Prints the final hash and exits when the game ends (--timeout gives up).\n",
            NET_DEFAULT_PORT);
    else
        fprintf(
            out,
            "usage: sandtable join HOST[:PORT] [--side S] [--password W] [--name NAME]\n"
            "                      [--save FILE [--resume]]\n"
            "                      --headless [--bot [LEVEL]] [--timeout SECONDS] [--trace]\n"
            "Joins a match hosted with `sandtable host` (default port %d). --side S asks for a\n"
            "side (default: the free one; none free: watch). --save FILE keeps a crash-safe\n"
            "copy of the match; --resume continues from it (the host checks its hashes).\n"
            "A dropped connection is tried again until the host is back (or --timeout).\n",
            NET_DEFAULT_PORT);
    return status;
}

static bool parse_ll(const char *s, long long lo, long long hi, long long *out)
{
    char *end;
    if (!s || !*s)
        return false;
    long long v = strtoll(s, &end, 10);
    if (*end || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

/* One option (with its value, if it takes one): 0 ok, 2 usage error. */
static int parse_option(int argc, char **argv, int *i, net_args *a)
{
    const char *opt = argv[*i], *val = *i + 1 < argc ? argv[*i + 1] : NULL;
    bool ok = true, takes = true;
    if (strcmp(opt, "--headless") == 0)
        takes = false, a->headless = true;
    else if (strcmp(opt, "--resume") == 0)
        takes = false, a->resume = true;
    else if (strcmp(opt, "--trace") == 0)
        takes = false, a->trace = true;
    else if (strcmp(opt, "--bot") == 0) {
        a->bot = true;
        takes = val && bot_level_parse(val) >= 0;
        if (takes)
            a->level = (bot_level)bot_level_parse(val);
    } else if (strcmp(opt, "--port") == 0 && a->host)
        ok = parse_ll(val, 0, 65535, &a->port);
    else if (strcmp(opt, "--bind") == 0 && a->host)
        ok = val && (a->bind = val, true);
    else if (strcmp(opt, "--seed") == 0 && a->host)
        ok = parse_ll(val, 0, INT64_MAX, &a->seed) && (a->seed_set = true);
    else if (strcmp(opt, "--side") == 0)
        ok = parse_ll(val, 0, 64, &a->side);
    else if (strcmp(opt, "--password") == 0)
        ok = val && (a->password = val, true);
    else if (strcmp(opt, "--name") == 0)
        ok = val && (a->name = val, true);
    else if (strcmp(opt, "--save") == 0)
        ok = val && *val && (a->save = val, true);
    else if (strcmp(opt, "--timeout") == 0)
        ok = parse_ll(val, 1, 86400, &a->timeout_s);
    else if (strcmp(opt, "--bot-seed") == 0)
        ok = parse_ll(val, 0, INT64_MAX, &a->bot_seed);
    else {
        fprintf(stderr, "sandtable %s: unknown option '%s'\n", a->host ? "host" : "join", opt);
        return 2;
    }
    if (!ok) {
        fprintf(stderr, "sandtable %s: bad value for %s: '%s'\n", a->host ? "host" : "join", opt,
                val ? val : "");
        return 2;
    }
    *i += takes;
    return 0;
}

static int parse_args(int argc, char **argv, net_args *a)
{
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0)
            return usage(a->host, stdout, 0) - 1;
        if (argv[i][0] == '-' && argv[i][1]) {
            if (parse_option(argc, argv, &i, a))
                return 2;
        } else if (!a->target) {
            a->target = argv[i];
        } else {
            return usage(a->host, stderr, 2);
        }
    }
    if (!a->target)
        return usage(a->host, stderr, 2);
    if (!a->headless && a->bot) {
        fprintf(stderr, "sandtable %s: --bot plays with --headless (no window)\n",
                a->host ? "host" : "join");
        return 2;
    }
    return 0;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void log_line(void *user, const char *line)
{
    fprintf(stderr, "sandtable %s: ", (const char *)user);
    cli_fputs_escaped(line, stderr);
    fputc('\n', stderr);
}

static bool file_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

/* The host's match: resumed from its save, or new from the scenario. */
static game *host_game(const net_args *a)
{
    game_error err;
    char buf[1200];
    game *g = NULL;
    if (a->resume && a->save && file_exists(a->save)) {
        g = game_load(a->save, &(game_load_desc){.autosave_path = a->save}, &err);
    } else {
        scenario_error serr;
        scenario *sc = scenario_load_file(a->target, &serr);
        if (!sc) {
            fprintf(stderr, "%s\n", scenario_error_format(&serr, buf, sizeof buf));
            return NULL;
        }
        g = game_create(&(game_desc){.scenario = sc,
                                     .take_scenario = true,
                                     .seed_set = a->seed_set,
                                     .seed = (uint64_t)a->seed,
                                     .autosave_path = a->save},
                        &err);
    }
    if (!g)
        fprintf(stderr, "%s\n", game_error_format(&err, buf, sizeof buf));
    return g;
}

static void trace_commands(const net_session *s, int *traced)
{
    const game *g = net_session_game(s);
    if (!g)
        return;
    if (*traced > game_cursor(g))
        *traced = game_cursor(g);
    for (; *traced < game_cursor(g); (*traced)++)
        printf("command %d hash %016" PRIx64 "\n", *traced + 1, game_hash_at(g, *traced));
    fflush(stdout);
}

static void bot_move(net_session *s, bot_scratch *b, bot_level level, dice_rng *rng)
{
    rules_command cmd;
    char why[256];
    if (net_session_my_turn(s) && bot_pick(b, net_session_game(s), level, rng, &cmd) &&
        !net_session_submit(s, &cmd, why, sizeof why))
        fprintf(stderr, "sandtable: the bot's command was refused: %s\n", why);
}

/* A client's side lives beside its save (SAVE.side), so a restarted client asks for it again
 * (the save itself is the engine's and knows no players). */
static void side_file(const char *save, char *buf, size_t size)
{
    snprintf(buf, size, "%s.side", save);
}

static void remember_side(const net_args *a, const net_session *s, uint32_t *written)
{
    uint32_t id = net_session_side(s);
    char path[1100], text[16], err[256];
    if (a->host || !a->save || !id || id == *written || net_session_state(s) != NET_PLAYING)
        return;
    side_file(a->save, path, sizeof path);
    snprintf(text, sizeof text, "%u\n", id);
    if (!file_write_atomic(path, text, strlen(text), err, sizeof err))
        fprintf(stderr, "sandtable join: %s\n", err);
    *written = id;
}

static long long recall_side(const net_args *a)
{
    char path[1100], *text = NULL;
    size_t len;
    int errnum;
    long long id = 0;
    if (!a->save)
        return 0;
    side_file(a->save, path, sizeof path);
    if (file_read_all(path, 64, &text, &len, &errnum) == FILE_OK)
        id = strtoll(text, NULL, 10);
    free(text);
    return id > 0 && id <= 64 ? id : 0;
}

/* Plays until the match ends or stops (or the time runs out): the exit status. */
static int run(const net_args *a, net_enet *t, net_session *s)
{
    double deadline = a->timeout_s ? now_s() + (double)a->timeout_s : 0;
    bot_scratch *b = bot_scratch_create();
    dice_rng rng;
    dice_seed(&rng, (uint64_t)a->bot_seed * 2 + (a->host ? 1 : 2));
    int traced = 0, status = 3;
    uint32_t side_written = 0;
    for (;;) {
        net_enet_service(t, 2);
        remember_side(a, s, &side_written);
        if (a->trace)
            trace_commands(s, &traced);
        net_state st = net_session_state(s);
        if (st == NET_OVER || st == NET_STOPPED) {
            status = st == NET_OVER ? 0 : 1;
            break;
        }
        if (net_session_in_lobby(s) && !net_session_is_ready(s))
            net_session_ready(s, true); /* no one at the screen to say so */
        if (a->bot)
            bot_move(s, b, a->level, &rng);
        if (a->bot && net_session_undo_asked(s)) {
            fprintf(stderr, "sandtable: the other player asks to undo; the bot says no\n");
            net_session_undo_answer(s, false);
        }
        if (deadline && now_s() > deadline) {
            fprintf(stderr, "sandtable: gave up after %lld s: %s\n", a->timeout_s,
                    net_session_message(s));
            break;
        }
    }
    bot_scratch_destroy(b);
    /* the host lets its last messages (the bye) reach the client, which leaves once it has
     * them (its transport's end says so at once) */
    for (double until = now_s() + 1.0; a->host && now_s() < until;) {
        net_enet_service(t, 10);
        if (!net_session_full(s))
            break;
    }
    const game *g = net_session_game(s);
    if (status == 1)
        fprintf(stderr, "sandtable: %s\n", net_session_message(s));
    if (g)
        printf("%s after %d commands, hash %016" PRIx64 "\n", status == 0 ? "over" : "stopped",
               game_cursor(g), game_hash(g));
    return status;
}

/* The window: the host's match on its table with the lobby over it until the player joins; a
 * client's lobby until the host's match arrives. */
static int run_window(const net_args *a, const char *addr, uint16_t port)
{
    char err[700], save[1024];
    ui_app *app =
        ui_app_create(&(ui_app_desc){.scenario_path = a->host ? a->target : "network.json",
                                     .resume = a->resume,
                                     .start_screen = !a->host},
                      err, sizeof err);
    if (!app) {
        fprintf(stderr, "sandtable: %s\n", err);
        return 1;
    }
    if (!a->host && !a->save && !game_data_path("network-client.json", save, sizeof save))
        save[0] = '\0';
    net_enet *t = a->host ? net_enet_listen(a->bind, port, err, sizeof err)
                          : net_enet_connect(addr, port, err, sizeof err);
    net_session *s = NULL;
    if (t)
        s = net_session_create(
            &(net_session_desc){.host = a->host,
                                .game = a->host ? app->game : NULL,
                                .side = (uint32_t)a->side,
                                .password = a->password,
                                .name = a->name,
                                .autosave_path = a->host   ? NULL
                                                 : a->save ? a->save
                                                           : save,
                                .send = net_enet_send,
                                .kick = net_enet_kick,
                                .log = log_line,
                                .user = t,
                                .log_user = (void *)(a->host ? "host" : "join")});
    if (!s) {
        fprintf(stderr, "sandtable %s: %s\n", a->host ? "host" : "join",
                t ? "cannot start the match" : err);
        net_enet_destroy(t);
        ui_app_discard(app);
        return 1;
    }
    net_enet_attach(t, s);
    if (a->host) {
        printf("listening on port %u\n", net_enet_port(t));
        fflush(stdout);
    }
    ui_app_net_attach(app, s, t, a->host, net_enet_port(t));
    platform *p = platform_open(&app->settings, err, sizeof err);
    if (!p) {
        fprintf(stderr, "sandtable: %s\n", err);
        ui_app_net_detach(app);
        ui_app_discard(app);
        return 1;
    }
    platform_run(p, app);
    platform_close(p);
    ui_app_net_detach(app);
    ui_app_destroy(app);
    return 0;
}

static int cli_net(bool host, int argc, char **argv)
{
    net_args a = {.host = host, .port = NET_DEFAULT_PORT, .level = BOT_GREEDY};
    int rc = parse_args(argc, argv, &a);
    if (rc)
        return rc < 0 ? 0 : rc;
    char err[512], addr[256] = "";
    uint16_t port = (uint16_t)a.port;
    if (!host && !net_enet_parse_address(a.target, addr, sizeof addr, &port)) {
        fprintf(stderr, "sandtable join: '%s' is not HOST[:PORT]\n", a.target);
        return 2;
    }
    if (!host && a.resume && a.side == 0)
        a.side = recall_side(&a);
    if (!a.headless)
        return run_window(&a, addr, port);
    game *g = NULL;
    if (host || (a.resume && a.save && file_exists(a.save))) {
        g = host ? host_game(&a) : NULL;
        if (!host) {
            game_error gerr;
            char buf[1200];
            g = game_load(a.save, &(game_load_desc){.autosave_path = a.save}, &gerr);
            if (!g)
                fprintf(stderr, "%s\n", game_error_format(&gerr, buf, sizeof buf));
        }
        if (!g)
            return 1;
    }
    net_enet *t = host ? net_enet_listen(a.bind, port, err, sizeof err)
                       : net_enet_connect(addr, port, err, sizeof err);
    if (!t) {
        fprintf(stderr, "sandtable %s: %s\n", host ? "host" : "join", err);
        if (host)
            game_destroy(g);
        return 1;
    }
    net_session *s =
        net_session_create(&(net_session_desc){.host = host,
                                               .game = g,
                                               .side = (uint32_t)a.side,
                                               .password = a.password,
                                               .name = a.name,
                                               .autosave_path = host ? NULL : a.save,
                                               .send = net_enet_send,
                                               .kick = net_enet_kick,
                                               .log = log_line,
                                               .user = t,
                                               .log_user = (void *)(host ? "host" : "join")});
    net_enet_attach(t, s);
    if (host) {
        printf("listening on port %u\n", net_enet_port(t));
        fflush(stdout);
    }
    rc = s ? run(&a, t, s) : 1;
    net_session_destroy(s);
    net_enet_destroy(t);
    if (host)
        game_destroy(g);
    return rc;
}

int cli_host(int argc, char **argv)
{
    return cli_net(true, argc, argv);
}

int cli_join(int argc, char **argv)
{
    return cli_net(false, argc, argv);
}
