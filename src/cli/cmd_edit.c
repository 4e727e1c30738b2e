/* `sandtable edit FILE` and `sandtable edit --new RULESET [-o FILE]`: the scenario editor
 * (ui/editor.h) in the window, over the start screen (Esc goes back to it). */
#include "cli/cli.h"

#include "platform/platform.h"
#include "rules/rules.h"
#include "ui/app.h"

#include <stdio.h>
#include <string.h>

#define DEFAULT_SCENARIO "scenarios/lcr_teaching.json"

static void usage(FILE *out)
{
    fprintf(out,
            "usage: sandtable edit FILE\n"
            "       sandtable edit --new RULESET [-o FILE]\n\n"
            "Opens the scenario editor on FILE, or on a blank table of RULESET (saved to FILE,\n"
            "else among your own scenarios, which the start screen lists). Ctrl+S saves\n"
            "(the previous file kept as FILE.bak, its picture as FILE.png); Ctrl+P tries it.\n"
            "Keys and mouse: docs/frontend.md, \"Scenario editor\".\n");
}

static bool readable(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f)
        fclose(f);
    return f != NULL;
}

/* The scenario whose folder the start screen below the editor lists. */
static void start_scenario(const char *file, char *buf, size_t size)
{
    if (file && readable(file)) {
        snprintf(buf, size, "%s", file);
        return;
    }
    snprintf(buf, size, "%s", DEFAULT_SCENARIO);
    if (!readable(buf))
        snprintf(buf, size, "%s/%s", SANDTABLE_SOURCE_DIR, DEFAULT_SCENARIO);
}

int cli_edit(int argc, char **argv)
{
    const char *file = NULL, *ruleset = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(argv[i], "--new") == 0 && i + 1 < argc) {
            ruleset = argv[++i];
        } else if (strcmp(argv[i], "-o") == 0 && i + 1 < argc) {
            file = argv[++i];
        } else if (argv[i][0] == '-' || file) {
            fprintf(stderr, "sandtable edit: unexpected argument '%s'\n", argv[i]);
            usage(stderr);
            return 2;
        } else {
            file = argv[i];
        }
    }
    if (!file && !ruleset) {
        usage(stderr);
        return 2;
    }
    char err[1024], start[1024];
    if (!ruleset && !readable(file)) {
        fprintf(stderr,
                "sandtable edit: cannot read %s (for a new scenario: --new RULESET -o %s)\n", file,
                file);
        return 1;
    }
    if (ruleset && !rules_find(ruleset)) {
        fprintf(stderr, "sandtable edit: no rule set \"%s\" (sandtable --help lists them)\n",
                ruleset);
        return 2;
    }
    start_scenario(ruleset ? NULL : file, start, sizeof start);
    ui_app *app = ui_app_create(&(ui_app_desc){.scenario_path = start, .start_screen = true}, err,
                                sizeof err);
    if (!app) {
        fprintf(stderr, "sandtable: %s\n", err);
        return 1;
    }
    if (!ui_app_show(
            app, UI_SCREEN_EDITOR,
            &(ui_screen_args){.path = file, .name = ruleset, .err = err, .err_size = sizeof err})) {
        fprintf(stderr, "sandtable edit: %s\n", err);
        ui_app_discard(app);
        return 1;
    }
    return cli_window_run(app);
}
