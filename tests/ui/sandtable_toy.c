/* The sandtable executable with the engine tests' toy rule set registered under its own id "toy",
 * so the window tests can move figures freely (toy: any one figure up to 10 cm a turn). */
#include "cli/cli.h"
#include "toy_rules.h"

int main(int argc, char **argv)
{
    static rules_ops ops;
    ops = toy_rules_ops;
    rules_register(&ops);
    return cli_main(argc, argv);
}
