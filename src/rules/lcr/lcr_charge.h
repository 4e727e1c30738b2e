/* Little Colonial Rules: the charge (seed 000, Close Combat; Cavalry).
 *
 * The seed has no charge rule of its own: close combat happens whenever a figure moves within
 * contact distance of an enemy, and cavalry moves by its class's dice and turns. CHARGE is the
 * declared form of that move: the chargers (figures; the first one leads, the rest keep their
 * offsets) ride the path toward the target figure, rolling their movement as for a move
 * (cavalry: 6d6 raw, 20+5d6 regular, ...), and stop on coming within contact distance of an
 * enemy. The close combat is then fought with the existing rules when the activation ends (the
 * seed: every activated figure moves before combat is resolved), where an infantry formation's
 * third rank helps against cavalry from the front.
 *
 * Validation: the target is an enemy in play that the leading charger can see; the path keeps to
 * the charger's turn limits; its end lies within contact distance of the target; and the whole
 * path fits the class's best roll over the terrain (for raw riders, who ride their whole roll,
 * only the direction counts). legal() offers mounted figures a straight charge at the nearest
 * enemy they can see and are sure to reach (the smallest roll, over clear ground).
 */
#ifndef LCR_LCR_CHARGE_H
#define LCR_LCR_CHARGE_H

#include "rules/lcr/lcr_state.h"

bool lcr_charge_validate(const rules_state *rs, const table *t, const rules_command *cmd, char *why,
                         size_t size);
void lcr_charge_resolve(rules_state *rs, rules_ctx *ctx, const rules_command *cmd);
/* Candidate charges for activated riders of side sd; the caller validates them. */
int lcr_charge_legal(const rules_state *rs, const table *t, side_id sd, rules_command *out,
                     int max);

/* Targets of a charge by its first figure: the enemies he sees whose contact point his best roll
 * reaches; p_hit is the chance that his roll carries him home (over the terrain on the straight
 * line), expected_kills half of it (the close combat taken as even). */
int lcr_charge_targets(const rules_state *rs, const table *t, const rules_command *charge,
                       rules_target *out, int max);

#endif // LCR_LCR_CHARGE_H
