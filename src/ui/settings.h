/* Player settings kept between runs in the data directory (settings.json). */
#ifndef UI_SETTINGS_H
#define UI_SETTINGS_H

#include "render/render.h"

#include <stdbool.h>

typedef struct ui_settings {
    render_units units;
    bool units_chosen; /* the player picked the units; else they follow the rule set's */
    float anim_speed;  /* 1 normal, 2 twice as fast, 0 no animation */
    int window_w, window_h;
    bool show_labels;
    bool show_deployment;
    bool skip_animations; /* the dice tray shows each throw's sorted result at once */
} ui_settings;

/* The defaults: cm (until a rule set measuring in inches says otherwise), speed 1, 1280 x 800,
 * labels and deployment shown, animations played. */
ui_settings ui_settings_default(void);
/* Reads a settings file; missing or bad fields keep their defaults (a bad file is reported on
 * stderr, never fatal). */
ui_settings ui_settings_load(const char *path);
/* Writes the settings; false on failure. */
bool ui_settings_save(const ui_settings *s, const char *path);

#endif // UI_SETTINGS_H
