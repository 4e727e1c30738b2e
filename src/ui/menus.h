/* The small menu screens: pause, help and load (opened by id: UI_SCREEN_PAUSE, _HELP, _LOAD). */
#ifndef UI_MENUS_H
#define UI_MENUS_H

#include <stddef.h>

typedef struct ui_app ui_app;
typedef struct ui_screen ui_screen;

ui_screen *ui_help_create(ui_app *app);
ui_screen *ui_pause_create(ui_app *app);
ui_screen *ui_load_menu_create(ui_app *app);
/* How the load menu names the save at `path` (file `name`): its scenario's title and time. */
void ui_load_menu_words(const char *path, const char *name, char *buf, size_t size);

#endif // UI_MENUS_H
