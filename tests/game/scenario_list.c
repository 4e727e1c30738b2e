#include "scenario_list.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *scenario_list_source_dir(void)
{
    const char *src = getenv("SANDTABLE_SOURCE_DIR");
    return src ? src : SANDTABLE_SOURCE_DIR;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

int scenario_list_shipped(char **out, int max)
{
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/scenarios", scenario_list_source_dir());
    DIR *d = opendir(dir);
    if (!d)
        return -1;
    int n = 0;
    for (struct dirent *e; (e = readdir(d)) && n < max;) {
        size_t len = strlen(e->d_name);
        if (len > 5 && strcmp(e->d_name + len - 5, ".json") == 0) {
            char path[1400];
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            out[n++] = strdup(path);
        }
    }
    closedir(d);
    qsort(out, (size_t)n, sizeof *out, cmp_str);
    return n;
}
