#!/bin/sh
# `sandtable format`: every shipped scenario written in the writer's layout validates, and
# formatting that output again changes nothing; --in-place keeps the old file as .bak; a broken
# scenario is refused with its file, line and column, and nothing is written.
# usage: cli_format.sh SANDTABLE
set -u
exe=$1
src=${SANDTABLE_SOURCE_DIR:-.}
dir=$(mktemp -d "${TMPDIR:-/tmp}"/sandtable-format-XXXXXX)
trap 'rm -rf "$dir"' EXIT
fails=0
check() { # check NAME CONDITION-STATUS
  if [ "$2" -eq 0 ]; then echo "ok   $1"; else echo "FAIL $1"; fails=$((fails + 1)); fi
}
for sc in "$src"/scenarios/*.json; do
  name=$(basename "$sc" .json)
  "$exe" format "$sc" -o "$dir/$name.json"
  check "$name: format -o" $?
  "$exe" validate "$dir/$name.json" > /dev/null
  check "$name: the written file validates" $?
  "$exe" format "$dir/$name.json" > "$dir/$name.again.json"
  cmp -s "$dir/$name.json" "$dir/$name.again.json"
  check "$name: formatting twice changes nothing" $?
done
cp "$src/scenarios/lcr_teaching.json" "$dir/inplace.json"
"$exe" format "$dir/inplace.json" --in-place
check "format --in-place" $?
cmp -s "$dir/inplace.json.bak" "$src/scenarios/lcr_teaching.json"
check "--in-place keeps the old file as .bak" $?
cmp -s "$dir/inplace.json" "$dir/lcr_teaching.json"
check "--in-place writes what -o writes" $?
printf '{\n  "title": "x",\n  "ruleset": 5\n}\n' > "$dir/bad.json"
"$exe" format "$dir/bad.json" -o "$dir/bad.out.json" 2> "$dir/bad.err"
[ $? -eq 1 ] && grep -q "bad.json:3:" "$dir/bad.err" && [ ! -e "$dir/bad.out.json" ]
check "a broken scenario is refused at its line, nothing written" $?
"$exe" format > /dev/null 2>&1
[ $? -eq 2 ]
check "no scenario: usage error" $?
echo "cli_format: $fails failed"
[ "$fails" -eq 0 ]
