#!/usr/bin/env bash
# Runs a libFuzzer target for a set time.
#   tools/fuzz.sh TARGET [SECONDS]   TARGET: scenario, save, replay, ui or net (default 60 s)
#   tools/fuzz.sh smoke [SECONDS]    every target for SECONDS each (default 3), for tools/test.sh
# Builds build-fuzz/ with clang, ASan+UBSan and -fsanitize=fuzzer(-no-link); the gcc builds are
# untouched. Seeds come from tests/fuzz/corpus/TARGET, the shipped scenarios (scenario) and the
# golden saves (save, replay), all read only; new inputs go to a scratch corpus in
# build-fuzz/corpus/TARGET; crashes are written to build-fuzz/ and fail the run. The scenario
# and save targets also set up a match from what loads and drive the queries and a few bot moves
# (tests/fuzz/fuzz_drive.h). An hour of one: tools/fuzz.sh save 3600 (docs/engine.md).
set -euo pipefail
cd "$(dirname "$0")/.."

target=${1:-}
case "$target" in
  scenario|save|replay|ui|net|smoke) ;;
  *) echo "usage: tools/fuzz.sh scenario|save|replay|ui|net|smoke [SECONDS]" >&2; exit 2 ;;
esac

if [ ! -f build-fuzz/build.ninja ]; then
  CC=clang meson setup build-fuzz -Dfuzz=true --buildtype=debugoptimized \
    -Db_sanitize=address,undefined -Db_lundef=false -Dc_args=-fsanitize=fuzzer-no-link \
    >"${TMPDIR:-/tmp}/sandtable-fuzz-setup.log" 2>&1 || { cat "${TMPDIR:-/tmp}/sandtable-fuzz-setup.log"; exit 1; }
fi

# Seeds beyond tests/fuzz/corpus: the shipped scenarios and the golden saves as they are now.
seeds() {
  case "$1" in
    scenario) echo scenarios ;;
    save|replay) echo tests/game/golden ;;
    ui|net) ;; # scripts of input frames / message chunks: tests/fuzz/corpus/TARGET only
  esac
}

run_one() {
  local name=$1 seconds=$2
  ninja -C build-fuzz "tests/fuzz/fuzz_$name" >/dev/null
  mkdir -p "build-fuzz/corpus/$name"
  echo "fuzz_$name: ${seconds}s"
  # The ui target runs SDL, SDL_ttf and fontconfig, whose own caches LeakSanitizer would report
  # as leaks of every input; its leaks are checked by the window tests' LSan run instead.
  local leaks=1
  [ "$name" = ui ] && leaks=0
  ASAN_OPTIONS=detect_leaks=$leaks:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
    SANDTABLE_SOURCE_DIR="$PWD" \
    "build-fuzz/tests/fuzz/fuzz_$name" -max_total_time="$seconds" -max_len=65536 \
    -artifact_prefix="build-fuzz/crash-$name-" -print_final_stats=1 -report_slow_units=600 \
    "build-fuzz/corpus/$name" "tests/fuzz/corpus/$name" $(seeds "$name") 2>&1 | grep -E '^(stat::number_of_executed_units|#[0-9]+ +DONE)|ERROR|SUMMARY' || true
  # libFuzzer exits non-zero and leaves a crash file when it finds a problem
  # (a slow unit, written on a loaded machine, is no failure: only crashes, leaks, hangs and
  # running out of memory are)
  local found
  found=$(ls build-fuzz/crash-"$name"-crash-* build-fuzz/crash-"$name"-leak-* \
    build-fuzz/crash-"$name"-timeout-* build-fuzz/crash-"$name"-oom-* 2>/dev/null || true)
  if [ -n "$found" ]; then
    echo "fuzz_$name: FOUND A CRASH: $found"
    return 1
  fi
}

if [ "$target" = smoke ]; then
  status=0
  for t in scenario save replay ui net; do run_one "$t" "${2:-3}" || status=1; done
  exit $status
fi
run_one "$target" "${2:-60}"
