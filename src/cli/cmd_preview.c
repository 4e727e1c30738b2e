/* sandtable preview SCENARIO -o FILE.png [--width PX] [--show deployment,labels,arcs,sight]:
 * the table drawn by the game's own code into an offscreen software renderer. */
#include "cli/cli.h"

#include "render/render.h"
#include "scenario/scenario.h"
#include "ui/preview.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct preview_args {
    const char *scenario;
    const char *out;
    int width;
    ui_preview_opts show;
} preview_args;

static void usage(FILE *f)
{
    fprintf(f, "usage: sandtable preview SCENARIO -o FILE.png [--width PX] "
               "[--show deployment,labels,arcs,sight]\n"
               "Renders the scenario's table to a PNG (no display needed). The default width is "
               "1600 px;\n--show picks overlays (default: deployment,labels).\n");
}

static int parse_show(const char *list, ui_preview_opts *show)
{
    *show = (ui_preview_opts){0};
    char buf[256];
    snprintf(buf, sizeof buf, "%s", list);
    for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok;
         tok = strtok_r(NULL, ",", &save)) {
        if (strcmp(tok, "deployment") == 0)
            show->deployment = true;
        else if (strcmp(tok, "labels") == 0)
            show->labels = true;
        else if (strcmp(tok, "arcs") == 0)
            show->arcs = true;
        else if (strcmp(tok, "sight") == 0)
            show->sight = true;
        else if (strcmp(tok, "none") != 0) {
            fprintf(stderr,
                    "sandtable preview: unknown --show item '%s' (deployment, labels, arcs, "
                    "sight, none)\n",
                    tok);
            return -1;
        }
    }
    return 0;
}

static int parse_width(const char *s, int *out)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (*end || v < 200 || v > 8000) {
        fprintf(stderr,
                "sandtable preview: --width must be a whole number from 200 to 8000, not "
                "'%s'\n",
                s);
        return -1;
    }
    *out = (int)v;
    return 0;
}

/* 0 ok, 2 usage error (message printed), 1 help shown. */
static int parse_args(int argc, char **argv, preview_args *a)
{
    *a = (preview_args){.width = 1600, .show = {.deployment = true, .labels = true}};
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        bool has_value = i + 1 < argc;
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            usage(stdout);
            return 1;
        } else if ((strcmp(arg, "-o") == 0 || strcmp(arg, "--output") == 0) && has_value) {
            a->out = argv[++i];
        } else if (strcmp(arg, "--width") == 0 && has_value) {
            if (parse_width(argv[++i], &a->width))
                return 2;
        } else if (strcmp(arg, "--show") == 0 && has_value) {
            if (parse_show(argv[++i], &a->show))
                return 2;
        } else if (arg[0] == '-') {
            fprintf(stderr, "sandtable preview: unknown or incomplete option '%s'\n", arg);
            usage(stderr);
            return 2;
        } else if (!a->scenario) {
            a->scenario = arg;
        } else {
            fprintf(stderr, "sandtable preview: one scenario only ('%s' is extra)\n", arg);
            return 2;
        }
    }
    if (!a->scenario || !a->out) {
        fprintf(stderr, "sandtable preview: %s\n",
                !a->scenario ? "no scenario given" : "no output file given (-o FILE.png)");
        usage(stderr);
        return 2;
    }
    return 0;
}

static int render_to_png(const scenario *s, const preview_args *a)
{
    char err[512], art[1100];
    int h = ui_preview_height(s, a->width);
    render_desc desc = {.ui_scale = ui_preview_scale(a->width),
                        .art_dir = render_find_art_dir(art, sizeof art)};
    render_ctx *ctx = render_create_offscreen(a->width, h, &desc, err, sizeof err);
    if (!ctx) {
        fprintf(stderr, "sandtable preview: %s\n", err);
        return 1;
    }
    ui_preview_draw(ctx, s, &a->show);
    int rc = render_write_png(ctx, a->out, err, sizeof err);
    render_destroy(ctx);
    if (rc != 0) {
        fprintf(stderr, "sandtable preview: %s\n", err);
        return 1;
    }
    printf("%s: %dx%d\n", a->out, a->width, h);
    return 0;
}

int cli_preview(int argc, char **argv)
{
    preview_args a;
    int rc = parse_args(argc, argv, &a);
    if (rc)
        return rc == 1 ? 0 : 2;
    scenario_error serr;
    scenario *s = scenario_load_file(a.scenario, &serr);
    if (!s) {
        char buf[1200];
        fprintf(stderr, "sandtable preview: %s\n", scenario_error_format(&serr, buf, sizeof buf));
        return 1;
    }
    rc = render_to_png(s, &a);
    scenario_destroy(s);
    return rc;
}
