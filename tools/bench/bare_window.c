/* The floor for launch to first frame (tools/bench/first_frame.py): an SDL window with a
 * renderer, cleared and presented once, the same way the platform opens one, and nothing else.
 * Prints the same "window ready" line sandtable prints after its first frame, then quits. */
#include <SDL2/SDL.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    if (SDL_Init(SDL_INIT_VIDEO) != 0) {
        fprintf(stderr, "bare_window: %s\n", SDL_GetError());
        return 1;
    }
    SDL_Window *w = SDL_CreateWindow("bare", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, 1280,
                                     800, SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
    SDL_Renderer *r =
        w ? SDL_CreateRenderer(w, -1, SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC) : NULL;
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
