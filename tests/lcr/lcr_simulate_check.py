#!/usr/bin/env python3
"""Issue 14's playability check on one shipped lcr scenario, small enough for the suite.

`sandtable simulate scenarios/NAME.json -n GAMES --jobs 2 --json` under greedy bots, fixed seed 1,
then the looser suite bounds (the full 500-game figures and their tighter targets are in
docs/scenarios.md): median length at least 2 turns (target 3), reinforcements on the table in at
least 30% of games where the scenario has any (target 50%), close combat in at least 30% (target
50%), no side winning more than 85% (target 75%).

usage: lcr_simulate_check.py NAME GAMES
"""
import json
import os
import subprocess
import sys


def main():
    name, games = sys.argv[1], int(sys.argv[2])
    exe = os.environ["SANDTABLE_EXE"]
    src = os.environ["SANDTABLE_SOURCE_DIR"]
    path = os.path.join(src, "scenarios", name + ".json")
    out = subprocess.run([exe, "simulate", path, "-n", str(games), "--jobs", "2", "--json"],
                         capture_output=True, text=True, check=True)
    s = json.loads(out.stdout)
    with open(path, encoding="utf-8") as f:
        has_reinforcements = bool(json.load(f).get("reinforcements"))
    n = s["games"]
    cc = max([c["games"] for c in s["casualties_by_rule"] if "Close Combat" in c["ref"]] or [0])
    fails = []
    figures = {
        "median_turns": s["median_turns"],
        "arrival_pct": 100.0 * s["arrival_games"] / n,
        "close_combat_pct": 100.0 * cc / n,
        "win_pct": {x["name"]: round(x["win_pct"], 1) for x in s["sides"]},
    }
    print(name, games, "games:", figures)
    if s["finished"] != n:
        fails.append("%d of %d games did not finish" % (n - s["finished"], n))
    if s["median_turns"] < 2:
        fails.append("median length %.1f turns < 2" % s["median_turns"])
    if has_reinforcements and figures["arrival_pct"] < 30:
        fails.append("reinforcements arrived in %.0f%% of games < 30%%" % figures["arrival_pct"])
    if figures["close_combat_pct"] < 30:
        fails.append("close combat in %.0f%% of games < 30%%" % figures["close_combat_pct"])
    for side in s["sides"]:
        if side["win_pct"] > 85:
            fails.append("%s wins %.0f%% > 85%%" % (side["name"], side["win_pct"]))
    for f in fails:
        print("FAIL %s: %s" % (name, f))
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
