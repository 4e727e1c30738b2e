/* sandtable [play] [--continue] [--bot SIDE]... [SCENARIO]: the window (the start screen when no
 * scenario is given). The platform layer owns SDL: it opens a
 * resizable HiDPI-aware window with a vsynced renderer, turns SDL events into ui_input, times
 * frames, and hands each frame to the ui (ui/app.h). */
#include "cli/cli.h"

#include "render/render.h"
#include "ui/app.h"
#include "ui/cover.h"
#include "ui/replay_view.h"

#include <SDL2/SDL.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define DEFAULT_SCENARIO "scenarios/lcr_teaching.json"

typedef struct platform {
    SDL_Window *window;
    SDL_Renderer *renderer;
    render_ctx *ctx;
    ui_input in;
    Uint64 start, last;
} platform;

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
            printf("usage: sandtable [play] [--continue] [--bot SIDE]... [SCENARIO]\n"
                   "Opens the table. With no SCENARIO, the start screen lists the shipped "
                   "scenarios (%s selected: Enter starts it).\n"
                   "  --continue   resume the scenario's autosave\n"
                   "  --bot SIDE   the bot plays SIDE (its name, its number from 1, or all); "
                   "repeatable.\n"
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

/* ---- window -------------------------------------------------------------------------------- */

static void platform_close(platform *p)
{
    render_destroy(p->ctx);
    if (p->renderer)
        SDL_DestroyRenderer(p->renderer);
    if (p->window)
        SDL_DestroyWindow(p->window);
    SDL_Quit();
}

static bool platform_open(platform *p, const ui_settings *s, char *err, size_t size)
{
    if (SDL_Init(SDL_INIT_VIDEO) != 0) {
        snprintf(err, size, "cannot start SDL video (is there a display?): %s", SDL_GetError());
        return false;
    }
    SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0");
    p->window =
        SDL_CreateWindow("Sandtable", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, s->window_w,
                         s->window_h, SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
    if (!p->window) {
        snprintf(err, size, "cannot open a window: %s", SDL_GetError());
        return false;
    }
    p->renderer =
        SDL_CreateRenderer(p->window, -1, SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC);
    if (!p->renderer) /* no GPU (Xvfb, remote): the software renderer still works */
        p->renderer = SDL_CreateRenderer(p->window, -1, SDL_RENDERER_SOFTWARE);
    if (!p->renderer) {
        snprintf(err, size, "cannot create a renderer: %s", SDL_GetError());
        return false;
    }
    int ww, wh, ow, oh;
    SDL_GetWindowSize(p->window, &ww, &wh);
    SDL_GetRendererOutputSize(p->renderer, &ow, &oh);
    float scale = ww > 0 ? (float)ow / (float)ww : 1.0f;
    char art[1100];
    p->ctx = render_create(
        p->renderer,
        &(render_desc){.ui_scale = scale, .art_dir = render_find_art_dir(art, sizeof art)}, err,
        size);
    p->in.ui_scale = scale;
    return p->ctx != NULL;
}

/* ---- events -> ui_input -------------------------------------------------------------------- */

static int map_key(SDL_Keycode k, bool shift)
{
    switch (k) {
    case SDLK_ESCAPE:
        return UI_KEY_ESCAPE;
    case SDLK_RETURN:
    case SDLK_KP_ENTER:
        return UI_KEY_RETURN;
    case SDLK_TAB:
        return UI_KEY_TAB;
    case SDLK_BACKSPACE:
        return UI_KEY_BACKSPACE;
    case SDLK_DELETE:
        return UI_KEY_DELETE;
    case SDLK_HOME:
        return UI_KEY_HOME;
    case SDLK_UP:
        return UI_KEY_UP;
    case SDLK_DOWN:
        return UI_KEY_DOWN;
    case SDLK_LEFT:
        return UI_KEY_LEFT;
    case SDLK_RIGHT:
        return UI_KEY_RIGHT;
    case SDLK_F1:
        return UI_KEY_F1;
    case SDLK_F12:
        return UI_KEY_F12;
    case SDLK_SLASH:
        return shift ? '?' : '/';
    case SDLK_QUESTION:
        return '?';
    default:
        return k >= 32 && k < 127 ? (int)k : 0;
    }
}

static int map_button(Uint8 b)
{
    return b == SDL_BUTTON_LEFT     ? UI_MOUSE_LEFT
           : b == SDL_BUTTON_MIDDLE ? UI_MOUSE_MIDDLE
           : b == SDL_BUTTON_RIGHT  ? UI_MOUSE_RIGHT
                                    : -1;
}

static void on_mouse_motion(ui_input *in, const SDL_MouseMotionEvent *e)
{
    float x = (float)e->x * in->ui_scale, y = (float)e->y * in->ui_scale;
    in->mouse_dx += x - in->mouse_x;
    in->mouse_dy += y - in->mouse_y;
    in->mouse_x = x;
    in->mouse_y = y;
    in->mouse_inside = true;
}

static void on_button(ui_input *in, const SDL_MouseButtonEvent *e, bool down)
{
    int b = map_button(e->button);
    if (b < 0)
        return;
    in->mouse_x = (float)e->x * in->ui_scale;
    in->mouse_y = (float)e->y * in->ui_scale;
    in->down[b] = down;
    if (down) {
        in->pressed[b] = true;
        in->clicks[b] = e->clicks;
    } else {
        in->released[b] = true;
    }
}

static void on_key(ui_input *in, const SDL_KeyboardEvent *e, bool down)
{
    if (e->keysym.sym == SDLK_SPACE)
        in->space_down = down;
    if (!down)
        return;
    int k = map_key(e->keysym.sym, (e->keysym.mod & KMOD_SHIFT) != 0);
    if (!k || in->key_count == UI_INPUT_KEYS_MAX)
        return;
    /* The modifiers as they were when this key went down: a quick Ctrl+Z may release Ctrl
     * before the frame reads the modifier state. */
    Uint16 m = e->keysym.mod;
    in->key_mods[in->key_count] = (m & KMOD_SHIFT ? UI_MOD_SHIFT : 0) |
                                  (m & KMOD_CTRL ? UI_MOD_CTRL : 0) |
                                  (m & KMOD_ALT ? UI_MOD_ALT : 0);
    in->keys[in->key_count++] = k;
}

static void on_window(platform *p, const SDL_WindowEvent *e)
{
    if (e->event == SDL_WINDOWEVENT_LEAVE)
        p->in.mouse_inside = false;
    if (e->event == SDL_WINDOWEVENT_ENTER)
        p->in.mouse_inside = true;
}

static void pump(platform *p)
{
    ui_input *in = &p->in;
    ui_input_next_frame(in);
    SDL_Event e;
    while (SDL_PollEvent(&e)) {
        if (e.type == SDL_QUIT)
            in->quit = true;
        else if (e.type == SDL_MOUSEMOTION)
            on_mouse_motion(in, &e.motion);
        else if (e.type == SDL_MOUSEBUTTONDOWN || e.type == SDL_MOUSEBUTTONUP) {
            on_button(in, &e.button, e.type == SDL_MOUSEBUTTONDOWN);
            /* One button change per frame: after a slow frame, a whole press-drag-release may
             * be queued, and the ui must see the press, the travel and the release apart. */
            break;
        } else if (e.type == SDL_MOUSEWHEEL)
            in->wheel += e.wheel.preciseY != 0 ? e.wheel.preciseY : (float)e.wheel.y;
        else if (e.type == SDL_KEYDOWN || e.type == SDL_KEYUP)
            on_key(in, &e.key, e.type == SDL_KEYDOWN);
        else if (e.type == SDL_WINDOWEVENT)
            on_window(p, &e.window);
    }
    SDL_Keymod mod = SDL_GetModState();
    in->shift = mod & KMOD_SHIFT;
    in->ctrl = mod & KMOD_CTRL;
    in->alt = mod & KMOD_ALT;
}

static void frame_times(platform *p)
{
    Uint64 now = SDL_GetPerformanceCounter();
    double freq = (double)SDL_GetPerformanceFrequency();
    p->in.time = (double)(now - p->start) / freq;
    float dt = (float)((double)(now - p->last) / freq);
    p->in.dt = dt > 0.1f ? 0.1f : dt;
    p->last = now;
    SDL_GetRendererOutputSize(p->renderer, &p->in.view_w, &p->in.view_h);
    int ww, wh;
    SDL_GetWindowSize(p->window, &ww, &wh);
    p->in.ui_scale = ww > 0 ? (float)p->in.view_w / (float)ww : 1.0f;
}

static void remember_window(platform *p, ui_app *app)
{
    int w, h;
    SDL_GetWindowSize(p->window, &w, &h);
    if (w >= 320 && h >= 240) {
        app->settings.window_w = w;
        app->settings.window_h = h;
    }
}

static void run(platform *p, ui_app *app)
{
    p->start = p->last = SDL_GetPerformanceCounter();
    bool running = true;
    int shown = 0;
    while (running) {
        pump(p);
        frame_times(p);
        running = ui_app_frame(app, &p->in, p->ctx);
        render_present(p->ctx);
        if (!shown++) /* scripts driving the window wait for this line */
            fprintf(stderr, "sandtable: window ready (%dx%d px)\n", p->in.view_w, p->in.view_h);
        /* vsync paces us on a real display; without it, do not spin a core. */
        if (p->in.dt < 0.010f)
            SDL_Delay(4);
    }
    remember_window(p, app);
}

/* --bot SIDE: a side's name (any case), its number from 1, or "all". Numbers and "all" work
 * without a match (the start screen's toggles); names need the match's table. */
static bool apply_bots(ui_app *app, const play_args *a)
{
    const table *t = app->game ? game_table(app->game) : NULL;
    for (int i = 0; i < a->bot_count; i++) {
        const char *want = a->bots[i];
        char *end;
        long n = strtol(want, &end, 10);
        int found = 0;
        if (strcmp(want, "all") == 0) {
            for (int k = 1; k < UI_APP_SIDES_MAX; k++)
                app->controller[k] = UI_CONTROLLER_BOT;
            found = 1;
        } else if (*want && !*end && n >= 1 && n < UI_APP_SIDES_MAX && (!t || n <= t->side_count)) {
            app->controller[n] = UI_CONTROLLER_BOT;
            found = 1;
        }
        for (int k = 0; t && !found && k < t->side_count; k++)
            if (strcasecmp(t->sides[k].name, want) == 0 && t->sides[k].id.id < UI_APP_SIDES_MAX) {
                app->controller[t->sides[k].id.id] = UI_CONTROLLER_BOT;
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
    if (!apply_bots(app, &a)) {
        /* A mistyped side must not overwrite the scenario's autosave with a fresh match. */
        game_destroy(app->game);
        app->game = NULL;
        ui_app_destroy(app);
        return 2;
    }
    ui_cover_reset_viewer(app);
    platform p = {0};
    if (!platform_open(&p, &app->settings, err, sizeof err)) {
        fprintf(stderr, "sandtable: %s\n", err);
        platform_close(&p);
        ui_app_destroy(app);
        return 1;
    }
    run(&p, app);
    ui_app_destroy(app);
    platform_close(&p);
    return 0;
}

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
    ui_screen *viewer = ui_replay_view_open(app, save_path, err, sizeof err);
    if (!viewer) {
        fprintf(stderr, "sandtable: %s\n", err);
        ui_app_destroy(app);
        return 1;
    }
    ui_app_push(app, viewer);
    platform p = {0};
    if (!platform_open(&p, &app->settings, err, sizeof err)) {
        fprintf(stderr, "sandtable: %s\n", err);
        platform_close(&p);
        ui_app_destroy(app);
        return 1;
    }
    run(&p, app);
    ui_app_destroy(app);
    platform_close(&p);
    return 0;
}
