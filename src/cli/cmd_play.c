/* sandtable [play] [--continue] [--bot SIDE[:LEVEL]]... [SCENARIO]: what to play (the start screen
 * when no scenario is given, the default scenario for --continue alone) and who plays it (--bot);
 * then the window (platform/platform.h) runs the app. */
#include "cli/cli.h"

#include "game/bot.h"
#include "platform/platform.h"
#include "ui/app.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define DEFAULT_SCENARIO "scenarios/lcr_teaching.json"

/* ---- arguments and files ------------------------------------------------------------------- */

static bool readable(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f)
        fclose(f);
    return f != NULL;
}

/* The default scenario: relative to the working directory, else the source tree's. */
static bool default_scenario(char *buf, size_t size)
{
    snprintf(buf, size, "%s", DEFAULT_SCENARIO);
    if (readable(buf))
        return true;
    snprintf(buf, size, "%s/%s", SANDTABLE_SOURCE_DIR, DEFAULT_SCENARIO);
    return readable(buf);
}

#define PLAY_BOTS_MAX 8

typedef struct play_args {
    bool resume;
    const char *bots[PLAY_BOTS_MAX]; /* --bot SIDE, as given */
    int bot_count;
    bool start_screen; /* no scenario given: choose one on the start screen */
} play_args;

static int parse_args(int argc, char **argv, char *scenario_path, size_t size, play_args *a)
{
    const char *given = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--continue") == 0)
            a->resume = true;
        else if (strcmp(argv[i], "--bot") == 0) {
            if (i + 1 >= argc || a->bot_count == PLAY_BOTS_MAX) {
                fprintf(stderr, "sandtable play: --bot needs a side (name, number or all)\n");
                return 2;
            }
            a->bots[a->bot_count++] = argv[++i];
        } else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            printf("usage: sandtable [play] [--continue] [--bot SIDE[:LEVEL]]... [SCENARIO]\n"
                   "Opens the table. With no SCENARIO, the start screen lists the shipped "
                   "scenarios (%s selected: Enter starts it).\n"
                   "  --continue   resume the scenario's autosave\n"
                   "  --bot SIDE   the bot plays SIDE (its name, its number from 1, or all); "
                   "repeatable.\n"
                   "               SIDE:LEVEL picks its level: easy, normal (the default) or "
                   "hard.\n"
                   "               Sides can also be handed to the bot and back from the pause "
                   "menu (Esc).\n"
                   "F1 in the window lists every key.\n",
                   DEFAULT_SCENARIO);
            return 1;
        } else if (argv[i][0] == '-') {
            fprintf(stderr, "sandtable play: unknown option '%s'\n", argv[i]);
            return 2;
        } else
            given = argv[i];
    }
    if (given) {
        snprintf(scenario_path, size, "%s", given);
        return 0;
    }
    /* `--continue` alone resumes the default scenario's autosave straight away. */
    a->start_screen = !a->resume;
    if (!default_scenario(scenario_path, size)) {
        fprintf(stderr,
                "sandtable play: no scenario given and the default %s is missing (looked in "
                "the working directory and %s)\n",
                DEFAULT_SCENARIO, SANDTABLE_SOURCE_DIR);
        return 3;
    }
    return 0;
}

/* --bot SIDE: a side's name (any case), its number from 1, or "all". Numbers and "all" work
 * without a match (the start screen's toggles); names need the match's table. */
static bool apply_bots(ui_app *app, const play_args *a)
{
    const table *t = app->game ? game_table(app->game) : NULL;
    for (int i = 0; i < a->bot_count; i++) {
        char want[128];
        snprintf(want, sizeof want, "%s", a->bots[i]);
        int level = 0;
        char *colon = strrchr(want, ':');
        if (colon) {
            *colon = '\0';
            level = bot_level_parse(colon + 1);
            if (level < 0 || level == BOT_RANDOM) {
                fprintf(stderr,
                        "sandtable play: --bot %s: unknown level '%s' (easy, normal, hard)\n",
                        a->bots[i], colon + 1);
                return false;
            }
        }
        char *end;
        long n = strtol(want, &end, 10);
        int found = 0;
        if (strcmp(want, "all") == 0) {
            for (int k = 1; k < UI_APP_SIDES_MAX; k++) {
                app->controller[k] = UI_CONTROLLER_BOT;
                app->bot_level[k] = level;
            }
            found = 1;
        } else if (*want && !*end && n >= 1 && n < UI_APP_SIDES_MAX && (!t || n <= t->side_count)) {
            app->controller[n] = UI_CONTROLLER_BOT;
            app->bot_level[n] = level;
            found = 1;
        }
        for (int k = 0; t && !found && k < t->side_count; k++)
            if (strcasecmp(t->sides[k].name, want) == 0 && t->sides[k].id.id < UI_APP_SIDES_MAX) {
                app->controller[t->sides[k].id.id] = UI_CONTROLLER_BOT;
                app->bot_level[t->sides[k].id.id] = level;
                found = 1;
            }
        if (!found) {
            fprintf(stderr, "sandtable play: --bot %s: no such side", want);
            for (int k = 0; t && k < t->side_count; k++)
                fprintf(stderr, "%s%d %s", k ? ", " : " (sides: ", k + 1, t->sides[k].name);
            fprintf(stderr, "%s\n", t ? ")" : " (give its number without a scenario)");
            return false;
        }
    }
    return true;
}

int cli_play(int argc, char **argv)
{
    char path[1024], err[1024];
    play_args a = {0};
    int rc = parse_args(argc, argv, path, sizeof path, &a);
    if (rc)
        return rc == 1 ? 0 : rc == 3 ? 1 : 2;
    ui_app *app = ui_app_create(
        &(ui_app_desc){.scenario_path = path, .resume = a.resume, .start_screen = a.start_screen},
        err, sizeof err);
    if (!app) {
        fprintf(stderr, "sandtable: %s\n", err);
        return 1;
    }
    const char *bind = getenv("SANDTABLE_NET_BIND"), *user = getenv("USER");
    snprintf(app->net_bind, sizeof app->net_bind, "%s", bind ? bind : "");
    snprintf(app->player_name, sizeof app->player_name, "%s", user ? user : "");
    if (!apply_bots(app, &a)) {
        /* A mistyped side must not overwrite the scenario's autosave with a fresh match. */
        ui_app_discard(app);
        return 2;
    }
    ui_app_reset_viewer(app);
    return cli_window_run(app);
}

int cli_window_run(ui_app *app)
{
    char err[1024];
    platform *p = platform_open(&app->settings, err, sizeof err);
    if (!p) {
        fprintf(stderr, "sandtable: %s\n", err);
        ui_app_destroy(app);
        return 1;
    }
    platform_run(p, app);
    ui_app_destroy(app); /* before the window closes: its screens hold the window's textures */
    platform_close(p);
    return 0;
}

/* Opens the window on the start screen with the replay viewer of save_path over it. */
int cli_watch(const char *save_path)
{
    char path[1024], err[1024];
    if (!default_scenario(path, sizeof path)) {
        fprintf(stderr, "sandtable: no scenario to open under the replay (%s)\n", DEFAULT_SCENARIO);
        return 1;
    }
    /* The start screen lies under the viewer: closing the replay leaves the player there. */
    ui_app *app =
        ui_app_create(&(ui_app_desc){.scenario_path = path, .start_screen = true}, err, sizeof err);
    if (!app) {
        fprintf(stderr, "sandtable: %s\n", err);
        return 1;
    }
    if (!ui_app_show(app, UI_SCREEN_REPLAY,
                     &(ui_screen_args){.path = save_path, .err = err, .err_size = sizeof err})) {
        fprintf(stderr, "sandtable: %s\n", err);
        ui_app_destroy(app);
        return 1;
    }
    return cli_window_run(app);
}
