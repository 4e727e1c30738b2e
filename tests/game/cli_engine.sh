#!/bin/sh
# `sandtable replay` and `sandtable simulate` end to end, on the shipped lcr and tiny scenarios
# and the golden lcr saves. usage: cli_engine.sh SANDTABLE
set -u
exe=$1
src=${SANDTABLE_SOURCE_DIR:-.}
dir=$(mktemp -d "${TMPDIR:-/tmp}"/sandtable-cli-XXXXXX)
trap 'rm -rf "$dir"' EXIT
fails=0
# every command checked: lcr and tiny change state only through their events
export SANDTABLE_VERIFY_EVENTS=1
check() { # check NAME CONDITION-STATUS
  if [ "$2" -eq 0 ]; then echo "ok   $1"; else echo "FAIL $1"; fails=$((fails + 1)); fi
}

golden="$src/tests/game/golden/lcr-teaching-random.json"
out=$("$exe" replay "$golden")
check "replay of a golden lcr game succeeds" $?
echo "$out" | grep -q "every hash matches"; check "replay says every hash matches" $?
echo "$out" | grep -qE '^turn +1 +after command +[0-9]+ +hash [0-9a-f]{16}$'; check "replay prints per-turn hashes" $?

# one die changed: the 5th command's stored hash no longer matches
python3 - "$golden" "$dir/tampered.json" <<'PY'
import sys
lines = open(sys.argv[1]).read().split('\n')
k = [i for i, l in enumerate(lines) if l.lstrip().startswith('{"command"')][4]
at = lines[k].index('"hash":"') + 8
c = lines[k][at]
lines[k] = lines[k][:at] + ('0' if c != '0' else '1') + lines[k][at + 1:]
open(sys.argv[2], 'w').write('\n'.join(lines))
PY
err=$("$exe" replay "$dir/tampered.json" 2>&1 >/dev/null); st=$?
[ $st -eq 1 ]; check "a diverging replay exits 1" $?
echo "$err" | grep -q "DIVERGED: command 5 ("; check "and names command 5" $?

head -c 3000 "$golden" > "$dir/cut.json"
err=$("$exe" replay "$dir/cut.json" 2>&1); st=$?
[ $st -eq 1 ]; check "a truncated save exits 1" $?
echo "$err" | grep -qE "^$dir/cut.json:[0-9]+:[0-9]+: the save is truncated: it ends before its JSON does"
check "a truncated save is named with line:column" $?

sed 's/"version": 1,/"version": 2,/' "$golden" > "$dir/newer.json"
err=$("$exe" replay "$dir/newer.json" 2>&1)
[ "$err" = "$dir/newer.json:3:14: \$.version: written by a newer Sandtable (save format version 2; this build reads up to version 1)" ]
check "a newer save is refused with the exact message" $?

# no end to the input: refused at the size cap, not read until memory runs out (issue 21)
err=$("$exe" replay /dev/zero 2>&1); st=$?
[ $st -eq 1 ]; check "replay of an endless file exits 1" $?
[ "$err" = "/dev/zero: file too large (a save is at most 67108864 bytes)" ]
check "and names the size limit" $?

"$exe" simulate "$src/scenarios/lcr_teaching.json" -n 8 --seed 3 --json > "$dir/one.json"
check "simulate --json on the default lcr scenario" $?
"$exe" simulate "$src/scenarios/lcr_teaching.json" -n 8 --seed 3 --jobs 2 --json > "$dir/two.json"
check "simulate with two jobs" $?
python3 - "$dir/one.json" "$dir/two.json" <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
assert a["games"] == 8 and a["finished"] == 8, a
assert sum(s["wins"] for s in a["sides"]) + a["draws"] == 8
for s in a["sides"]:
    lo, hi = s["win_pct_95"]
    assert lo <= s["win_pct"] <= hi
for k in ("sides", "draws", "mean_turns", "casualties_by_rule", "decisive"):
    assert a[k] == b[k], k
assert a["mean_turns"] >= 1
PY
check "simulate: every lcr game ends, intervals hold, one or two jobs agree" $?

"$exe" simulate "$src/scenarios/tiny_two_brigades.json" -n 1 --json > "$dir/tiny.json"
python3 -c 'import json,sys; a=json.load(open(sys.argv[1])); assert a["finished"] == 1, a' "$dir/tiny.json"
check "simulate plays the tiny scenario to the end" $?

"$exe" simulate "$src/scenarios/lcr_teaching.json" -n 2 --bots random,greedy > "$dir/text.txt"
grep -q "random vs greedy" "$dir/text.txt" && grep -q "95% interval" "$dir/text.txt" && grep -q "most decisive events:" "$dir/text.txt"
check "simulate text summary" $?

"$exe" simulate "$src/scenarios/lcr_teaching.json" 2>/dev/null; [ $? -eq 2 ]; check "simulate without -n is a usage error" $?
"$exe" simulate "$src/scenarios/lcr_teaching.json" -n 3 --bots clever 2>/dev/null; [ $? -eq 2 ]; check "an unknown bot is a usage error" $?

echo "$fails failed"
[ "$fails" -eq 0 ]
