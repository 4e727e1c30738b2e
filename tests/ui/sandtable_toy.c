/* The sandtable executable with the engine tests' toy rule set standing in for "cr15", so the
 * window tests can move figures freely (toy: any one figure up to 10 cm a turn). */
#include "cli/cli.h"
#include "toy_rules.h"

int main(int argc, char **argv)
{
    static rules_ops ops;
    ops = toy_rules_ops;
    ops.id = "cr15";
    rules_register(&ops);
    return cli_main(argc, argv);
}
