/* `sandtable validate FILE...`: loads each scenario and reports "FILE: ok" or its first error.
 * A scenario the loader accepts is then handed to its rule set (when that one is built in), so a
 * file the game would refuse (bad rule-set options, unknown troop kinds) is refused here too. */
#include "cli/cli.h"

#include "rules/rules.h"
#include "scenario/scenario.h"

#include <stdio.h>
#include <string.h>

static void print_usage(FILE *out)
{
    fprintf(out,
            "usage: sandtable validate FILE...\n\n"
            "Checks scenario files against the scenario format (docs/scenario-format.md).\n"
            "Prints \"FILE: ok\" on stdout for each good file, and for each bad one its first\n"
            "error on stderr as FILE:LINE:COLUMN: $.json.path: what was expected.\n"
            "Exit status: 0 all files are good, 1 any file was refused, 2 usage error.\n");
}

/* Loads one file; true when it is a good scenario. */
static bool validate_one(const char *path)
{
    scenario_error err;
    scenario *s = scenario_load_file(path, &err);
    bool ok = s && rules_scenario_validate(s, &err, NULL);
    if (ok) {
        printf("%s: ok\n", path);
    } else {
        char msg[1200];
        cli_fputs_escaped(scenario_error_format(&err, msg, sizeof msg), stderr);
        fputc('\n', stderr);
    }
    scenario_destroy(s);
    return ok;
}

int cli_validate(int argc, char **argv)
{
    int files = 0, failed = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            print_usage(stdout);
            return 0;
        }
    }
    for (int i = 1; i < argc; i++) {
        if (argv[i][0] == '-' && argv[i][1] != '\0') {
            fprintf(stderr, "sandtable validate: unknown option '%s'\n", argv[i]);
            print_usage(stderr);
            return 2;
        }
        files++;
        failed += !validate_one(argv[i]);
    }
    if (files == 0) {
        print_usage(stderr);
        return 2;
    }
    return failed ? 1 : 0;
}
