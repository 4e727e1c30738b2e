/* libFuzzer target: the scenario loader on arbitrary bytes must refuse or accept, never crash. */
#include "scenario/scenario.h"

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    scenario_error err;
    scenario *sc = scenario_load_string((const char *)data, size, "fuzz.json", &err);
    scenario_destroy(sc);
    return 0;
}
