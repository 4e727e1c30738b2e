#!/bin/sh
# `sandtable simulate --save-dir` keeps every game's save and `sandtable replay FILE --json`
# prints its final table and outcome, for every shipped scenario of every rule set.
# usage: cli_table_json.sh SANDTABLE
set -u
exe=$1
src=${SANDTABLE_SOURCE_DIR:-.}
dir=$(mktemp -d "${TMPDIR:-/tmp}"/sandtable-json-XXXXXX)
trap 'rm -rf "$dir"' EXIT
fails=0
check() { # check NAME CONDITION-STATUS
  if [ "$2" -eq 0 ]; then echo "ok   $1"; else echo "FAIL $1"; fails=$((fails + 1)); fi
}
"$exe" simulate --help 2>&1 | grep -q -- "--save-dir DIR"
check "simulate --help documents --save-dir" $?
"$exe" replay --help 2>&1 | grep -q -- "--json"
check "replay --help documents --json" $?
for sc in "$src"/scenarios/*.json; do
  name=$(basename "$sc" .json)
  out="$dir/$name"
  "$exe" simulate "$sc" -n 2 --jobs 2 --seed 5 --save-dir "$out" --json > "$dir/$name.sim.json"
  check "$name: simulate --save-dir" $?
  n=$(ls "$out" | wc -l)
  [ "$n" -eq 2 ]
  check "$name: two saves kept ($n)" $?
  for save in "$out"/game-*.json; do
    "$exe" replay "$save" --json > "$save.table"
    check "$name: replay $(basename "$save") --json" $?
    python3 - "$sc" "$save.table" "$dir/$name.sim.json" <<'PY'
import json, sys
sc = json.load(open(sys.argv[1]))
t = json.load(open(sys.argv[2]))
sim = json.load(open(sys.argv[3]))
want = sum(len(u.get("figures", [])) for u in sc.get("units", []))
figs = t["figures"]
assert want == 0 or len(figs) >= want, (len(figs), want)
keys = {"id", "name", "side", "unit", "pos_cm", "facing", "base", "status", "active"}
for f in figs:
    assert keys <= set(f), set(f)
    assert len(f["pos_cm"]) == 2 and f["base"]["radius_cm"] > 0
    assert f["side"] in [s["id"] for s in t["sides"]]
    assert (not f["active"]) == bool(set(f["status"]) & {"dead", "captured", "off_table"})
o = t["outcome"]
assert set(o) == {"over", "winner", "winner_name", "reason"}
assert t["ruleset"] == sc["ruleset"] and t["commands"] > 0
if o["over"]:
    assert o["reason"]
    assert o["winner"] == 0 or o["winner_name"]
PY
    check "$name: $(basename "$save") table and outcome well formed" $?
  done
done
# the same game twice gives the same table
sc="$src/scenarios/lcr_toledo.json"
"$exe" simulate "$sc" -n 1 --seed 9 --save-dir "$dir/a" > /dev/null &&
  "$exe" simulate "$sc" -n 1 --seed 9 --save-dir "$dir/b" > /dev/null &&
  "$exe" replay "$dir/a/game-0000.json" --json | sed 1,2d > "$dir/a.t" &&
  "$exe" replay "$dir/b/game-0000.json" --json | sed 1,2d > "$dir/b.t" && cmp -s "$dir/a.t" "$dir/b.t"
check "same seed, same final table" $?
# a save that does not replay gives the error, not a table
head -c 2000 "$dir/a/game-0000.json" > "$dir/cut.json"
"$exe" replay "$dir/cut.json" --json > "$dir/cut.out" 2> "$dir/cut.err"
[ $? -ne 0 ] && [ ! -s "$dir/cut.out" ] && grep -q "cut.json" "$dir/cut.err"
check "a cut save: error naming the file, no table" $?
# the directory cannot be made
"$exe" simulate "$sc" -n 1 --save-dir /proc/nosuch/dir > /dev/null 2> "$dir/err"
[ $? -ne 0 ] && grep -q "/proc/nosuch/dir" "$dir/err"
check "an unmakeable save dir is named" $?
[ "$fails" -eq 0 ]
