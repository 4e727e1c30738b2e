/* The one place the program reads its environment: the paths and switches it hands down to
 * the layers below (core/config.h). */
#include "cli/cli.h"

#include "core/config.h"

#include <stdio.h>
#include <stdlib.h>

static const char *env_word(const char *name)
{
    const char *v = getenv(name);
    return v && v[0] ? v : NULL;
}

/* $XDG_DATA_HOME/sandtable (an absolute XDG_DATA_HOME only), else
 * $HOME/.local/share/sandtable, else none. */
static const char *data_dir(char *buf, size_t size)
{
    const char *xdg = getenv("XDG_DATA_HOME");
    const char *home = env_word("HOME");
    if (xdg && xdg[0] == '/')
        snprintf(buf, size, "%s/sandtable", xdg);
    else if (home)
        snprintf(buf, size, "%s/.local/share/sandtable", home);
    else
        return NULL;
    return buf;
}

void cli_env_apply(void)
{
    char data[4096];
    config_set(&(config_desc){.source_dir = env_word("SANDTABLE_SOURCE_DIR"),
                              .terrain_dir = env_word("SANDTABLE_DATA_DIR"),
                              .data_dir = data_dir(data, sizeof data),
                              .verify_events = getenv("SANDTABLE_VERIFY_EVENTS") != NULL});
}
