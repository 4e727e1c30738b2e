/* `sandtable format SCENARIO [-o FILE | --in-place]`: writes a scenario back in the one layout
 * the scenario writer gives (src/scenario/scenario_write.c): every block expanded into its
 * figures, numbers in their shortest exact form, points on one line. The result loads to the
 * same table bit for bit, so it is safe to run over hand-written files before a diff. */
#include "cli/cli.h"

#include "scenario/scenario.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void print_usage(FILE *out)
{
    fprintf(out, "usage: sandtable format SCENARIO [-o FILE | --in-place]\n\n"
                 "Writes the scenario in the writer's layout: to standard output, to FILE with\n"
                 "-o, or over SCENARIO itself with --in-place (the old file is kept as\n"
                 "SCENARIO.bak). The written file loads to the same table.\n"
                 "Exit status: 0 written, 1 the scenario was refused or could not be written,\n"
                 "2 usage error.\n");
}

typedef struct format_args {
    const char *in, *out;
    bool in_place;
} format_args;

static int parse_args(int argc, char **argv, format_args *a)
{
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            print_usage(stdout);
            return 0;
        } else if (strcmp(argv[i], "-o") == 0 && i + 1 < argc) {
            a->out = argv[++i];
        } else if (strcmp(argv[i], "--in-place") == 0) {
            a->in_place = true;
        } else if (argv[i][0] == '-' || a->in) {
            fprintf(stderr, "sandtable format: unexpected argument '%s'\n", argv[i]);
            print_usage(stderr);
            return 2;
        } else {
            a->in = argv[i];
        }
    }
    if (!a->in || (a->in_place && a->out)) {
        print_usage(stderr);
        return 2;
    }
    if (a->in_place)
        a->out = a->in;
    return -1;
}

static int report(const scenario_error *err)
{
    char msg[1200];
    cli_fputs_escaped(scenario_error_format(err, msg, sizeof msg), stderr);
    fputc('\n', stderr);
    return 1;
}

int cli_format(int argc, char **argv)
{
    format_args a = {0};
    int status = parse_args(argc, argv, &a);
    if (status >= 0)
        return status;
    scenario_error err;
    scenario *s = scenario_load_file(a.in, &err);
    if (!s)
        return report(&err);
    status = 0;
    if (a.out) {
        if (!scenario_write_file(s, NULL, a.out, &err))
            status = report(&err);
    } else {
        char *text = scenario_write_string(s, NULL, &err);
        if (text)
            fputs(text, stdout);
        else
            status = report(&err);
        free(text);
    }
    scenario_destroy(s);
    return status;
}
