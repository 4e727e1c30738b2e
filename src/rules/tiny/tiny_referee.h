/* The referee's rulings of Tiny Soldiers' own (rules/rules.h, rules_referee_ops): a commander's
 * pips, a unit's hits, end the phase or the turn (docs/rules/tiny.md, "Referee rulings"). */
#ifndef TINY_TINY_REFEREE_H
#define TINY_TINY_REFEREE_H

#include "rules/rules.h"

extern const rules_referee_ops tiny_referee_ops;

#endif // TINY_TINY_REFEREE_H
