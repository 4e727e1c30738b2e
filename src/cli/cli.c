#include "cli/cli.h"

#include "rules/rules.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const cli_command cli_commands[] = {
    {"play", "open the table and play (the default)", "[--bot SIDE] [SCENARIO]", cli_play},
    {"preview", "render a scenario to a PNG", "SCENARIO -o FILE.png [--width PX]", cli_preview},
    {"edit", "open the scenario editor", "FILE | --new RULESET [-o FILE]", cli_edit},
    {"validate", "check scenario files", "FILE...", cli_validate},
    {"info", "summarise a scenario", "FILE", cli_info},
    {"format", "write a scenario in the writer's layout", "SCENARIO [-o FILE | --in-place]",
     cli_format},
    {"replay", "re-run a saved game and check its hashes", "FILE [--json] [--watch]", cli_replay},
    {"simulate", "play many bot-vs-bot games", "SCENARIO -n N [--seed S] [--jobs J] [--json]",
     cli_simulate},
    {"host", "host a match across two desktops", "SCENARIO [--port P] [--side S] --headless",
     cli_host},
    {"join", "join a hosted match", "HOST[:PORT] [--side S] --headless", cli_join},
    {0},
};

const cli_command *cli_find(const char *name)
{
    for (const cli_command *c = cli_commands; c->name; c++)
        if (strcmp(c->name, name) == 0)
            return c;
    return NULL;
}

static void print_help(FILE *out)
{
    fprintf(out, "Sandtable %s: miniature wargames on a continuous table.\n\n", SANDTABLE_VERSION);
    fprintf(out, "usage: sandtable [--help] [--version] [COMMAND] [ARGS...]\n\ncommands:\n");
    for (const cli_command *c = cli_commands; c->name; c++)
        fprintf(out, "  %-9s %-48s %s\n", c->name, c->usage, c->summary);
    /* The registry's rule sets: the ids a scenario's "ruleset" may name. */
    fprintf(out, "\nrule sets (a scenario's \"ruleset\"):\n");
    for (int i = 0; rules_at(i); i++)
        fprintf(out, "  %-9s %s\n", rules_at(i)->id, rules_at(i)->name);
    fprintf(out,
            "\nWith no command, `play` opens the start screen (pick a scenario and who plays).\n"
            "`sandtable COMMAND --help` describes one command.\n");
}

int cli_main(int argc, char **argv)
{
    cli_env_apply();
    if (argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        print_help(stdout);
        return 0;
    }
    if (argc >= 2 && strcmp(argv[1], "--version") == 0) {
        printf("sandtable %s\n", SANDTABLE_VERSION);
        return 0;
    }
    if (argc < 2) {
        static char play_name[] = "play";
        return cli_play(1, (char *[]){play_name, NULL});
    }
    const cli_command *cmd = cli_find(argv[1]);
    if (cmd)
        return cmd->run(argc - 1, argv + 1);
    if (argv[1][0] == '-') {
        fprintf(stderr, "sandtable: unknown option '%s' (try --help)\n", argv[1]);
        return 2;
    }
    /* A bare file name plays it: `sandtable scenarios/x.json`. */
    return cli_play(argc, argv);
}

void cli_fputs_escaped(const char *text, FILE *out)
{
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        bool c0 = (*p < 0x20 && *p != '\n' && *p != '\t') || *p == 0x7f;
        bool c1 = *p == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f; /* U+0080-U+009F */
        if (c0)
            fprintf(out, "\\x%02x", *p);
        else if (c1)
            fprintf(out, "\\xc2\\x%02x", *++p);
        else
            fputc(*p, out);
    }
}

int cli_printf(const char *fmt, ...)
{
    char small[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0)
        return n;
    char *text = small;
    if ((size_t)n >= sizeof small) {
        text = malloc((size_t)n + 1);
        if (!text)
            return -1;
        va_start(ap, fmt);
        vsnprintf(text, (size_t)n + 1, fmt, ap);
        va_end(ap);
    }
    cli_fputs_escaped(text, stdout);
    if (text != small)
        free(text);
    return n;
}
