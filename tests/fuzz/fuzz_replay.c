/* libFuzzer target: `sandtable replay` on arbitrary bytes (divergences are reported, never a
 * crash). Saves of lcr and tiny games replay through their rule sets; the toy rule set of the
 * engine tests stands in for the id cr15 (registered under it here). */
#include "../game/toy_rules.h"
#include "game/replay.h"

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static rules_ops toy;

int LLVMFuzzerInitialize(int *argc, char ***argv);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    toy = toy_rules_ops;
    rules_register(&toy);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    replay_report rep;
    game_error err;
    replay_string((const char *)data, size, "fuzz.json", NULL, NULL, NULL, &rep, &err);
    return 0;
}
