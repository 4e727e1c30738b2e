#!/usr/bin/env python3
"""lcr's files call and include only downwards (docs/rules/README.md, "Helpers sit below the
topics"), so no circle can form inside the rule set again.

Two checks:
- includes: each file of src/rules/lcr includes only the headers of lower layers (and its own);
- calls (the link check): in the built library (argv[2]), each object calls only functions
  defined in objects of lower layers. The optional rules (sight, wounds) sit beside the topics:
  the base rules reach them only through the hook table in lcr_state.h, never by name.
"""
import os
import re
import subprocess
import sys

LAYERS = {
    'lcr_data': 0,
    # pure rule functions of plain values
    'lcr_fire_math': 1, 'lcr_deck': 1, 'lcr_command': 1, 'lcr_morale_math': 1,
    'lcr_combat_math': 1, 'lcr_artillery_math': 1,
    'lcr_move_math': 2,
    # helpers and the state below the topics
    'lcr_util': 3, 'lcr_state': 4,
    # the rule-book topics
    'lcr_morale': 5, 'lcr_move': 6, 'lcr_fire': 7, 'lcr_combat': 7,
    'lcr_artillery': 8, 'lcr_charge': 8, 'lcr_sequence': 9,
    # the optional rules, beside the topics (no topic calls them)
    'lcr_sight': 9, 'lcr_wounds': 9,
    # the bot's hints, beside the topics (only the ops table names them)
    'lcr_hint': 9,
    # the referee's rulings, above the sequence (only the ops table names them)
    'lcr_referee': 10,
    # the rules_ops table (lcr_rules.h is its public header)
    'lcr_ops': 11, 'lcr_rules': 11,
}
HEADER_OF = {'lcr_util': 'lcr_state', 'lcr_ops': 'lcr_rules'}
OPTIONS = ('lcr_sight', 'lcr_wounds')

root, lib = sys.argv[1], sys.argv[2]
src = os.path.join(root, 'src', 'rules', 'lcr')
bad = []

for name in sorted(os.listdir(src)):
    stem, ext = os.path.splitext(name)
    if ext not in ('.c', '.h'):
        continue
    if stem not in LAYERS:
        bad.append('%s: not placed in a layer (add it to tests/lcr/check_layers.py)' % name)
        continue
    own = LAYERS[stem]
    text = open(os.path.join(src, name), encoding='utf-8').read()
    for inc in re.findall(r'#include "rules/lcr/(\w+)\.h"', text):
        if inc not in LAYERS:
            bad.append('%s includes unknown %s.h' % (name, inc))
        elif inc != stem and inc != HEADER_OF.get(stem) and LAYERS[inc] >= own:
            bad.append('%s (layer %d) includes %s.h (layer %d): an upward or sideways arrow'
                       % (name, own, inc, LAYERS[inc]))

# nm -A prints "lib.a:member.o:<addr> <type> <symbol>" (undefined: "lib.a:member.o: U sym").
out = subprocess.run(['nm', '-A', lib], capture_output=True, text=True, check=True).stdout
defined, used = {}, {}
for line in out.splitlines():
    parts = line.split(':')
    if len(parts) < 3:
        continue
    obj = re.sub(r'^lcr_(lcr_\w+)\.c\.o$', r'\1', os.path.basename(parts[1]))
    fields = parts[2].split()
    if len(fields) == 3 and fields[1] in 'TDRBC':
        defined[fields[2]] = obj
    elif len(fields) == 2 and fields[0] == 'U':
        used.setdefault(obj, set()).add(fields[1])
objs = set(defined.values())
for obj in sorted(objs):
    if obj not in LAYERS:
        bad.append('%s: an object not placed in a layer' % obj)
if len(objs) < 10:
    bad.append('only %d objects in %s: not the lcr library?' % (len(objs), lib))
for obj, syms in sorted(used.items()):
    for sym in sorted(syms):
        to = defined.get(sym)
        if not to or to == obj or obj not in LAYERS or to not in LAYERS:
            continue
        if LAYERS[to] >= LAYERS[obj] and not (obj == 'lcr_ops' and to in OPTIONS):
            bad.append('%s.c (layer %d) calls %s from %s.c (layer %d): an upward or sideways call'
                       % (obj, LAYERS[obj], sym, to, LAYERS[to]))
        elif to in OPTIONS and obj != 'lcr_ops':
            bad.append('%s.c calls the optional rule %s.c by name (%s): use a hook'
                       % (obj, to, sym))

for b in bad:
    print(b)
print('%d problem(s)' % len(bad))
sys.exit(1 if bad else 0)
