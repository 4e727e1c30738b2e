/* The window. The platform layer owns SDL: it opens a resizable HiDPI-aware window with a
 * vsynced renderer, turns SDL events into ui_input, times frames, and hands each frame to the
 * ui (ui/app.h). What to play and who plays it is the command line's (cli/cmd_play.c). */
#include "platform/platform.h"

#include "render/render.h"

#include <SDL2/SDL.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <unistd.h>
#endif

struct platform {
    SDL_Window *window;
    SDL_Renderer *renderer;
    render_ctx *ctx;
    ui_input in;
    Uint64 start, last;
};

/* ---- window -------------------------------------------------------------------------------- */

void platform_close(platform *p)
{
    if (!p)
        return;
    render_destroy(p->ctx);
    if (p->renderer)
        SDL_DestroyRenderer(p->renderer);
    if (p->window)
        SDL_DestroyWindow(p->window);
    SDL_Quit();
    free(p);
}

/* Whether SDL's "accelerated" renderer can have a GPU under it. On Linux a GPU driver is a DRM
 * device (/dev/dri) or NVIDIA's own (/dev/nvidiactl); with neither (Xvfb, a container, most VMs)
 * OpenGL is Mesa's software rasteriser, whose start-up alone (loading LLVM, compiling shaders)
 * costs more than the whole first frame, and SDL's own software renderer is used instead. A
 * renderer the user names (SDL_RENDER_DRIVER) is always tried. */
static bool platform_gpu_likely(void)
{
    const char *driver = SDL_GetHint(SDL_HINT_RENDER_DRIVER);
    if (driver && *driver)
        return strcmp(driver, "software") != 0;
#ifdef __linux__
    return access("/dev/dri", F_OK) == 0 || access("/dev/nvidiactl", F_OK) == 0;
#else
    return true;
#endif
}

static bool window_open(platform *p, const ui_settings *s, char *err, size_t size)
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
    if (platform_gpu_likely())
        p->renderer =
            SDL_CreateRenderer(p->window, -1, SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC);
    else /* else SDL makes an OpenGL context only to ask whether to show the window through it */
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0");
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
    SDL_StartTextInput(); /* text fields (ui/text_field.h) read what is typed */
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
    case SDLK_F9:
        return UI_KEY_F9;
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
    in->key_text[in->key_count] = in->text_len; /* so text and keys keep their order */
    in->keys[in->key_count++] = k;
}

/* Typed text (SDL_TEXTINPUT): kept whole or not at all, so no UTF-8 sequence is cut. */
static void on_text(ui_input *in, const char *text)
{
    size_t n = strlen(text);
    if ((size_t)in->text_len + n + 1 > sizeof in->text)
        return;
    memcpy(in->text + in->text_len, text, n + 1);
    in->text_len += (int)n;
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
        else if (e.type == SDL_TEXTINPUT)
            on_text(in, e.text.text);
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

void platform_run(platform *p, ui_app *app)
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

platform *platform_open(const ui_settings *s, char *err, size_t err_size)
{
    platform *p = calloc(1, sizeof *p);
    if (!p) {
        snprintf(err, err_size, "out of memory");
        return NULL;
    }
    if (!window_open(p, s, err, err_size)) {
        platform_close(p);
        return NULL;
    }
    return p;
}
