/* Placeholder until its owner lands the real command. */
#include "cli/cli.h"

#include <stdio.h>

int cli_preview(int argc, char **argv)
{
    (void)argc;
    fprintf(stderr, "sandtable %s: not built yet\n", argv[0]);
    return 2;
}
