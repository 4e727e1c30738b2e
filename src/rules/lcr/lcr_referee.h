/* The referee's rulings of Little Colonial Rules' own (rules/rules.h, rules_referee_ops): an
 * order card back into the deck or out of it into its side's hand, end the card's activation,
 * end the turn (docs/rules/lcr.md, "Referee rulings"). */
#ifndef LCR_LCR_REFEREE_H
#define LCR_LCR_REFEREE_H

#include "rules/rules.h"

extern const rules_referee_ops lcr_referee_ops;

#endif // LCR_LCR_REFEREE_H
