/* libFuzzer target: the front end's input handling, headless. Each input is a script of frames
 * (pointer moves, button presses and releases, double clicks, the wheel, keys with modifiers,
 * time passing) played into a fresh app on the lcr teaching scenario and drawn on an offscreen
 * software renderer: the table view, its tools, the panels, the menus, the cover, the end
 * screen, whatever the keys reach. A crash, a sanitizer report or a hang is a finding; the app
 * quitting (Ctrl+Q) just ends the script. The match's files go to a scratch data directory. */
#include "core/config.h"
#include "render/render.h"
#include "ui/app.h"
#include "ui/input.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { VIEW_W = 900, VIEW_H = 600, FRAMES_MAX = 120, STEP_BYTES = 4 };

static render_ctx *ctx;
static char scenario_path[1024];

/* Keys a player reaches: every letter and digit, the named keys, space; F12 (a screenshot file
 * per press) is left out to keep the scratch directory small. */
static const int keys[] = {
    'a',           'b',           'c',        'd',
    'e',           'f',           'g',        'h',
    'i',           'j',           'k',        'l',
    'm',           'n',           'o',        'p',
    'q',           'r',           's',        't',
    'u',           'v',           'w',        'x',
    'y',           'z',           '0',        '1',
    '2',           '3',           '4',        '5',
    '6',           '7',           '8',        '9',
    ' ',           '?',           '+',        '-',
    UI_KEY_ESCAPE, UI_KEY_RETURN, UI_KEY_TAB, UI_KEY_BACKSPACE,
    UI_KEY_DELETE, UI_KEY_HOME,   UI_KEY_UP,  UI_KEY_DOWN,
    UI_KEY_LEFT,   UI_KEY_RIGHT,  UI_KEY_F1,
};

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    static char data[] = SANDTABLE_TEST_TMP "/sandtable-fuzz-ui-XXXXXX";
    if (!mkdtemp(data))
        abort();
    char cfg_data[1100]; /* what the front end makes of $XDG_DATA_HOME */
    snprintf(cfg_data, sizeof cfg_data, "%s/sandtable", data);
    config_set(&(config_desc){.data_dir = cfg_data});
    const char *src = getenv("SANDTABLE_SOURCE_DIR");
    snprintf(scenario_path, sizeof scenario_path, "%s/scenarios/lcr_teaching.json",
             src ? src : SANDTABLE_SOURCE_DIR);
    char err[256];
    ctx = render_create_offscreen(VIEW_W, VIEW_H, &(render_desc){0}, err, sizeof err);
    if (!ctx) {
        fprintf(stderr, "fuzz_ui: %s\n", err);
        abort();
    }
    return 0;
}

static float coord(uint8_t b, int size)
{
    return (float)b * (float)size / 255.0f;
}

static void press(ui_input *in, int button, int clicks)
{
    in->down[button] = true;
    in->pressed[button] = true;
    in->clicks[button] = clicks;
}

/* One step of the script, 4 bytes: what happens, then its arguments. */
static void step(ui_input *in, const uint8_t *s)
{
    int button = s[3] % UI_MOUSE_BUTTONS;
    switch (s[0] % 8) {
    case 0: /* the pointer moves (a drag when a button is held) */
    case 1: {
        float x = coord(s[1], VIEW_W), y = coord(s[2], VIEW_H);
        in->mouse_dx = x - in->mouse_x;
        in->mouse_dy = y - in->mouse_y;
        in->mouse_x = x;
        in->mouse_y = y;
        break;
    }
    case 2:
        press(in, button, 1);
        break;
    case 3:
        in->down[button] = false;
        in->released[button] = true;
        break;
    case 4:
        press(in, button, 2);
        break;
    case 5:
        in->wheel = ((float)s[1] - 128.0f) / 32.0f;
        break;
    case 6:
        if (in->key_count < UI_INPUT_KEYS_MAX) {
            in->keys[in->key_count] = keys[s[1] % (sizeof keys / sizeof keys[0])];
            in->key_mods[in->key_count] = s[2] % 8;
            in->key_count++;
        }
        in->shift = s[2] & UI_MOD_SHIFT;
        in->ctrl = s[2] & UI_MOD_CTRL;
        in->alt = s[2] & UI_MOD_ALT;
        break;
    default: /* time passes: animations run, the bot (if a side was handed to it) plays */
        in->dt = (float)s[1] / 50.0f;
        break;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[512];
    ui_app *app = ui_app_create(&(ui_app_desc){.scenario_path = scenario_path}, err, sizeof err);
    if (!app) {
        fprintf(stderr, "fuzz_ui: %s\n", err);
        abort(); /* the shipped scenario must open */
    }
    ui_input in = {.mouse_inside = true, .ui_scale = 1, .view_w = VIEW_W, .view_h = VIEW_H};
    for (size_t at = 0, frames = 0; at + STEP_BYTES <= size && frames < FRAMES_MAX;
         at += STEP_BYTES, frames++) {
        in.dt = 1.0f / 60.0f;
        step(&in, data + at);
        in.time += in.dt;
        if (!ui_app_frame(app, &in, ctx))
            break;
        ui_input_next_frame(&in);
    }
    ui_app_discard(app);
    return 0;
}
