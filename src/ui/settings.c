#include "ui/settings.h"

#include "core/file.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

ui_settings ui_settings_default(void)
{
    return (ui_settings){.units = RENDER_UNITS_CM,
                         .anim_speed = 1.0f,
                         .window_w = 1280,
                         .window_h = 800,
                         .show_labels = true,
                         .show_deployment = true};
}

static void read_fields(ui_settings *s, json_t *root)
{
    const char *units = json_string_value(json_object_get(root, "units"));
    if (units)
        s->units = strcmp(units, "inch") == 0 ? RENDER_UNITS_INCH : RENDER_UNITS_CM;
    s->units_chosen = json_is_true(json_object_get(root, "units_chosen"));
    json_t *speed = json_object_get(root, "anim_speed");
    if (json_is_number(speed) && json_number_value(speed) >= 0 && json_number_value(speed) <= 100)
        s->anim_speed = (float)json_number_value(speed);
    json_t *w = json_object_get(root, "window_w"), *h = json_object_get(root, "window_h");
    if (json_is_integer(w) && json_is_integer(h) && json_integer_value(w) >= 320 &&
        json_integer_value(h) >= 240 && json_integer_value(w) <= 16384 &&
        json_integer_value(h) <= 16384) {
        s->window_w = (int)json_integer_value(w);
        s->window_h = (int)json_integer_value(h);
    }
    json_t *labels = json_object_get(root, "show_labels");
    if (json_is_boolean(labels))
        s->show_labels = json_is_true(labels);
    json_t *dep = json_object_get(root, "show_deployment");
    if (json_is_boolean(dep))
        s->show_deployment = json_is_true(dep);
    json_t *skip = json_object_get(root, "skip_animations");
    if (json_is_boolean(skip))
        s->skip_animations = json_is_true(skip);
}

ui_settings ui_settings_load(const char *path)
{
    ui_settings s = ui_settings_default();
    FILE *f = fopen(path, "rb");
    if (!f)
        return s;
    fclose(f);
    json_error_t jerr;
    json_t *root = json_load_file(path, 0, &jerr);
    if (!json_is_object(root)) {
        fprintf(stderr, "sandtable: %s:%d:%d: settings ignored: %s\n", path, jerr.line, jerr.column,
                root ? "not an object" : jerr.text);
        json_decref(root);
        return s;
    }
    read_fields(&s, root);
    json_decref(root);
    return s;
}

bool ui_settings_save(const ui_settings *s, const char *path)
{
    json_t *root =
        json_pack("{s:s, s:b, s:f, s:i, s:i, s:b, s:b, s:b}", "units",
                  s->units == RENDER_UNITS_INCH ? "inch" : "cm", "units_chosen", s->units_chosen,
                  "anim_speed", (double)s->anim_speed, "window_w", s->window_w, "window_h",
                  s->window_h, "show_labels", s->show_labels, "show_deployment", s->show_deployment,
                  "skip_animations", s->skip_animations);
    /* Written like a save (core/file.h): a kill mid-write keeps the old settings. */
    char *text = root ? json_dumps(root, JSON_INDENT(2) | JSON_SORT_KEYS) : NULL;
    json_decref(root);
    char err[600];
    bool ok = text && file_write_atomic(path, text, strlen(text), err, sizeof err);
    if (text && !ok)
        fprintf(stderr, "sandtable: %s\n", err);
    free(text);
    return ok;
}
