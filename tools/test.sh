#!/usr/bin/env bash
# Sets up (Debian packages), builds, and runs every test twice: an optimised build, then a build
# with -fsanitize=address,undefined; then the golden replays from a second compiler
# (tools/cross_replay.sh) and a fuzz smoke. Starts its own Xvfb for the window tests. Ends with
# the line "N passed, N failed" and exits non-zero on any failure.
set -uo pipefail
cd "$(dirname "$0")/.."

bash tools/setup.sh || { echo "0 passed, 1 failed"; exit 1; }

# The window tests need a display; CI has none, so bring our own, on a display number that no
# other X server holds (several test runs may share a machine).
xvfb_pid=""
if [ -z "${DISPLAY:-}" ] || [ -n "${CI:-}" ]; then
  for n in $(seq 97 160); do
    [ -e "/tmp/.X$n-lock" ] || [ -e "/tmp/.X11-unix/X$n" ] && continue
    Xvfb ":$n" -screen 0 1600x1000x24 -nolisten tcp >/dev/null 2>&1 &
    xvfb_pid=$!
    export DISPLAY=":$n"
    for _ in $(seq 50); do xdpyinfo >/dev/null 2>&1 && break; sleep 0.1; done
    if kill -0 "$xvfb_pid" 2>/dev/null && xdpyinfo >/dev/null 2>&1; then break; fi
    xvfb_pid=""
  done
  trap '[ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null' EXIT
  echo "test: Xvfb on ${DISPLAY:-none}"
fi

passed=0
failed=0
# One test more than cores: the window and network tests spend much of their time waiting on
# the other process or the X server, and a third test fills those gaps.
jobs=$(( $(nproc 2>/dev/null || echo 2) + 1 ))

# run_suite NAME BUILD_DIR MESON_ARGS...
run_suite() {
  local name=$1 dir=$2
  shift 2
  echo "=== $name: configure and build ($dir) ==="
  if [ ! -f "$dir/build.ninja" ]; then
    meson setup "$dir" "$@" >"$dir.setup.log" 2>&1 || { cat "$dir.setup.log"; failed=$((failed + 1)); return; }
  fi
  if ! ninja -C "$dir"; then
    echo "$name: build failed"
    failed=$((failed + 1))
    return
  fi
  echo "=== $name: tests ==="
  meson test -C "$dir" --print-errorlogs --num-processes "$jobs" --timeout-multiplier 3 \
    | tee "$dir.test.log"
  local ok fail
  ok=$(grep -E '^Ok:' "$dir.test.log" | awk '{print $2}')
  fail=$(grep -E '^(Fail|Unexpected Pass|Timeout):' "$dir.test.log" | awk '{s+=$NF} END {print s+0}')
  passed=$((passed + ${ok:-0}))
  failed=$((failed + ${fail:-0}))
  [ -n "$ok" ] || failed=$((failed + 1))
}

run_suite "optimised" build --buildtype=debugoptimized
run_suite "sanitizers" build-asan --buildtype=debug -Db_sanitize=address,undefined -Db_lundef=false

# The golden replays from a second compiler and flag set (clang -O3 -march=x86-64-v3, else gcc
# -O0): a build that rounds floats differently (fused multiply-adds) fails here.
echo "=== cross-build replay ==="
if bash tools/cross_replay.sh; then passed=$((passed + 1)); else failed=$((failed + 1)); fi

# Fuzz smoke: a few seconds of each libFuzzer target (scenario, save, replay) in build-fuzz/.
echo "=== fuzz smoke ==="
if bash tools/fuzz.sh smoke 3; then passed=$((passed + 1)); else failed=$((failed + 1)); fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
