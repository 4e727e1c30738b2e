/* The process entry point: everything is a subcommand (see cli/cli.h). */
#include "cli/cli.h"

int main(int argc, char **argv)
{
    return cli_main(argc, argv);
}
