#include "core/config.h"

#include <assert.h>
#include <stdio.h>

#define CONFIG_PATH_MAX 4096

/* Written by the front end before any match starts, read-only afterwards (so simulate's
 * threads may read it). */
static struct {
    char source_dir[CONFIG_PATH_MAX];
    char terrain_dir[CONFIG_PATH_MAX];
    char data_dir[CONFIG_PATH_MAX];
    bool verify_events;
} data;

static void copy(char *dst, const char *src)
{
    int n = snprintf(dst, CONFIG_PATH_MAX, "%s", src ? src : "");
    assert(n >= 0 && n < CONFIG_PATH_MAX); /* a path that long is a programmer's mistake */
    (void)n;
}

void config_set(const config_desc *desc)
{
    const config_desc none = {0};
    if (!desc)
        desc = &none;
    copy(data.source_dir, desc->source_dir);
    copy(data.terrain_dir, desc->terrain_dir);
    copy(data.data_dir, desc->data_dir);
    data.verify_events = desc->verify_events;
}

const char *config_source_dir(void)
{
    return data.source_dir[0] ? data.source_dir : SANDTABLE_SOURCE_DIR;
}

const char *config_terrain_dir(void)
{
    return data.terrain_dir[0] ? data.terrain_dir : NULL;
}

const char *config_data_dir(void)
{
    return data.data_dir[0] ? data.data_dir : NULL;
}

bool config_verify_events(void)
{
    return data.verify_events;
}
