#!/usr/bin/env python3
"""tiny's files call only downwards (docs/rules/tiny.md, "Code"): each file includes only the
headers of its own layer or lower ones, so no include circle can form inside the rule set."""
import os
import re
import sys

LAYERS = {
    'tiny_data': 0, 'tiny_rules': 0, 'tiny_state': 1, 'tiny_util': 1, 'tiny_orders': 2,
    'tiny_move': 3, 'tiny_morale': 4, 'tiny_fire': 5, 'tiny_combat': 5, 'tiny_sequence': 6,
    'tiny_bot': 6, 'tiny_referee': 7, 'tiny_ops': 8,
}
HEADER_OF = {'tiny_util': 'tiny_state'}  # util's declarations live in tiny_state.h

src = os.path.join(sys.argv[1], 'src', 'rules', 'tiny')
bad = []
for name in sorted(os.listdir(src)):
    stem, ext = os.path.splitext(name)
    if ext not in ('.c', '.h'):
        continue
    if stem not in LAYERS:
        bad.append('%s: not placed in a layer (add it to tests/tiny/check_layers.py)' % name)
        continue
    own = LAYERS[stem]
    text = open(os.path.join(src, name), encoding='utf-8').read()
    for inc in re.findall(r'#include "rules/tiny/(\w+)\.h"', text):
        if inc not in LAYERS:
            bad.append('%s includes unknown %s.h' % (name, inc))
        elif LAYERS[inc] > own or (LAYERS[inc] == own and inc != HEADER_OF.get(stem, stem)
                                   and own not in (0,)):
            bad.append('%s (layer %d) includes %s.h (layer %d): an upward or sideways arrow'
                       % (name, own, inc, LAYERS[inc]))
for b in bad:
    print(b)
print('%d problem(s)' % len(bad))
sys.exit(1 if bad else 0)
