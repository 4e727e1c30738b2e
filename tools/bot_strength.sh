#!/bin/sh
# The bot's strength, level against level, over every shipped scenario (docs/engine.md, "The
# bot"): `sandtable simulate SCEN --bot-levels A:B --swap-sides -n N` for each scenarios/*.json,
# printed as the rows of a markdown table. Seeded (seed 1): the same run gives the same table.
#   tools/bot_strength.sh [A:B] [N] [JOBS] [SCENARIO...]   defaults: normal:easy 400 2, all
# Needs a built build/src/sandtable (or $SANDTABLE_EXE). A row: scenario, rule set, games, wins
# of A, wins of B, draws, A's score share (a win 1, a draw 1/2) with its Wilson 95% interval,
# and each level's mean milliseconds per decision (wall clock, on a shared machine).
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
exe=${SANDTABLE_EXE:-$here/build/src/sandtable}
levels=${1:-normal:easy}
games=${2:-400}
jobs=${3:-2}
[ $# -gt 3 ] && shift 3 || set --
a=${levels%%:*}
b=${levels#*:}
[ $# -gt 0 ] || set -- "$here"/scenarios/*.json
echo "| scenario | rule set | games | $a wins | $b wins | draws | $a score, draw = 1/2 (95% interval) | ms/decision $a | ms/decision $b |"
echo "|---|---|---|---|---|---|---|---|---|"
for scen in "$@"; do
    out=$("$exe" simulate "$scen" -n "$games" --jobs "$jobs" --bot-levels "$levels" --swap-sides --json)
    printf '%s' "$out" | python3 -c '
import json, sys, os
d = json.load(sys.stdin)
w = d["level_wins"]; n = d["games"]; lo, hi = d["level_win_pct_95"]; ms = d["level_ms_per_decision"]
print("| %s | %s | %d | %d | %d | %d | %.1f%% (%.1f-%.1f) | %.2f | %.2f |" % (os.path.basename(sys.argv[1]),
      d["ruleset"], n, w[0], w[1], n - w[0] - w[1], d["level_win_pct"], lo, hi, ms[0], ms[1]))
' "$scen"
done
