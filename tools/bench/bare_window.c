/* The floor for launch to first frame (tools/bench/first_frame.py): an SDL window with a
 * renderer, cleared and presented once, the same way the platform opens one (SDL's software
 * renderer when the machine has no GPU device, see src/platform/platform.c), and nothing else.
 * Prints the same "window ready" line sandtable prints after its first frame, then quits.
 *
 *   build/tools/bench/bare_window [--accelerated]
 *
 * --accelerated: SDL's "accelerated" renderer first whatever the machine (what the platform did
 * before it looked for a GPU; under Xvfb that is OpenGL in software). */
#include <SDL2/SDL.h>
#include <stdio.h>
#include <string.h>
#ifdef __linux__
#include <unistd.h>
#endif

/* As platform.c decides it. */
static int gpu_likely(void)
{
    const char *driver = SDL_GetHint(SDL_HINT_RENDER_DRIVER);
    if (driver && *driver)
        return strcmp(driver, "software") != 0;
#ifdef __linux__
    return access("/dev/dri", F_OK) == 0 || access("/dev/nvidiactl", F_OK) == 0;
#else
    return 1;
#endif
}

int main(int argc, char **argv)
{
    int accelerated = argc > 1 && strcmp(argv[1], "--accelerated") == 0;
    if (SDL_Init(SDL_INIT_VIDEO) != 0) {
        fprintf(stderr, "bare_window: %s\n", SDL_GetError());
        return 1;
    }
    SDL_Window *w = SDL_CreateWindow("bare", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, 1280,
                                     800, SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
    SDL_Renderer *r = NULL;
    if (w && (accelerated || gpu_likely()))
        r = SDL_CreateRenderer(w, -1, SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC);
    else if (w)
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0");
    if (w && !r)
        r = SDL_CreateRenderer(w, -1, SDL_RENDERER_SOFTWARE);
    if (!r) {
        fprintf(stderr, "bare_window: %s\n", SDL_GetError());
        return 1;
    }
    SDL_PumpEvents();
    SDL_SetRenderDrawColor(r, 0x1e, 0x22, 0x26, 0xff);
    SDL_RenderClear(r);
    SDL_RenderPresent(r);
    int ow, oh;
    SDL_GetRendererOutputSize(r, &ow, &oh);
    fprintf(stderr, "bare_window: window ready (%dx%d px)\n", ow, oh);
    SDL_DestroyRenderer(r);
    SDL_DestroyWindow(w);
    SDL_Quit();
    return 0;
}
