/* The window: the one place that pumps SDL events. Opens a resizable HiDPI-aware window with a
 * vsynced renderer sized from the app's settings, turns SDL events into ui_input, times frames
 * and hands each to ui_app_frame until the app quits. */
#ifndef PLATFORM_PLATFORM_H
#define PLATFORM_PLATFORM_H

#include "ui/app.h"

#include <stdbool.h>
#include <stddef.h>

typedef struct platform platform;

/* Opens the window sized from the settings; NULL with the reason in err when no window or
 * renderer can be opened. */
platform *platform_open(const ui_settings *s, char *err, size_t err_size);
/* Runs frames of the app until it quits, keeping the window's last size in app->settings. */
void platform_run(platform *p, ui_app *app);
/* Closes the window and SDL. After the app is destroyed: its screens hold the window's
 * textures. NULL is ignored. */
void platform_close(platform *p);

#endif // PLATFORM_PLATFORM_H
