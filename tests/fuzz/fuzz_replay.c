/* libFuzzer target: `sandtable replay` on arbitrary bytes (divergences are reported, never a
 * crash), played by the engine tests' toy rule set. */
#include "../game/toy_rules.h"
#include "game/replay.h"

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    replay_report rep;
    game_error err;
    replay_string((const char *)data, size, "fuzz.json", &toy_rules_ops, NULL, NULL, &rep, &err);
    return 0;
}
