/* Little Colonial Rules: close combat in play (seed 000, Close Combat). */
#ifndef LCR_LCR_COMBAT_H
#define LCR_LCR_COMBAT_H

#include "rules/lcr/lcr_state.h"

/* The close combats of the activation that ends: each activated figure within contact distance
 * of an enemy fights the nearest (each figure fights once). */
void lcr_combat_resolve(rules_state *rs, rules_ctx *ctx);

#endif // LCR_LCR_COMBAT_H
