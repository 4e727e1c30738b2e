#!/usr/bin/env python3
"""Issue 20: the normal level's blades do not walk into the rifles (lcr_hint.c, the attack).

`sandtable simulate scenarios/lcr_teaching.json -n 16 --seed 1 --bot-levels normal:normal
--jobs 1 --json`: the Moro war bands (kris and spear) attack a Spanish company holding a walled
garden. With the attack play they come on through the jungle out of the Mausers' sight and leave
it only to strike, losing 5.2 men a game (measured 2026-12-04); without it they waited four turns
and then stepped out a few at a time and lost 15.5. The check fails above 9, or when a game does
not finish.

usage: lcr_attack_check.py
"""
import json
import os
import subprocess
import sys

GAMES = 16
MAX_MORO_LOSSES = 9.0


def main():
    exe = os.environ["SANDTABLE_EXE"]
    src = os.environ["SANDTABLE_SOURCE_DIR"]
    path = os.path.join(src, "scenarios", "lcr_teaching.json")
    out = subprocess.run([exe, "simulate", path, "-n", str(GAMES), "--seed", "1", "--jobs", "1",
                          "--bot-levels", "normal:normal", "--json"],
                         capture_output=True, text=True, check=True)
    s = json.loads(out.stdout)
    moro = [x for x in s["sides"] if x["name"] == "Moro"][0]
    print("lcr_teaching normal:normal", GAMES, "games: Moro losses %.2f a game, wins %d"
          % (moro["mean_casualties"], moro["wins"]))
    fails = []
    if s["finished"] != s["games"]:
        fails.append("%d of %d games did not finish" % (s["games"] - s["finished"], s["games"]))
    if moro["mean_casualties"] > MAX_MORO_LOSSES:
        fails.append("the Moro lose %.2f men a game > %.1f: the blades walk into the rifles"
                     % (moro["mean_casualties"], MAX_MORO_LOSSES))
    for f in fails:
        print("FAIL " + f)
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
