#!/usr/bin/env bash
# Runs every benchmark once: line of sight against GEOS, simulate games/s, growth with figures
# and polygons (fitted exponents), the bot's decision time, offscreen rendering, launch to first
# frame. Each figure is a ratio against a baseline measured in the same run (GEOS, the first row
# of a series, the clear-and-flush floor, a bare SDL window, the issue's goal). Ends with a
# summary of the headline lines. Not part of the test suite (machines are shared and noisy).
#   bash tools/bench.sh            everything (about ten minutes on a quiet 2-core machine)
set -uo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
[ -f build/build.ninja ] || meson setup build --buildtype=debugoptimized
ninja -C build tools/bench/bench_los tools/bench/bench_sim tools/bench/bench_scale \
  tools/bench/bench_render tools/bench/bench_bot tools/bench/bare_window src/sandtable || exit 1

log=$(mktemp)
trap 'rm -f "$log"' EXIT
failed=0
# section TITLE COMMAND...: runs it, its output shown and kept for the summary.
section() {
  local title=$1
  shift
  echo "=== $title ===" | tee -a "$log"
  "$@" 2>&1 | tee -a "$log"
  local rc=${PIPESTATUS[0]}
  [ "$rc" -eq 0 ] || { echo "($title: exit $rc)" | tee -a "$log"; failed=$((failed + 1)); }
}
first_frame() {
  if command -v Xvfb >/dev/null; then python3 tools/bench/first_frame.py; else echo "no Xvfb: skipped"; fi
}

section "line of sight vs GEOS (docs/geometry.md)" build/tools/bench/bench_los
section "simulate, every scenario (docs/engine.md)" build/tools/bench/bench_sim --all
section "simulate, jobs and growth (docs/engine.md)" build/tools/bench/bench_sim
section "growth: games against figures and polygons, validation (docs/engine.md)" \
  build/tools/bench/bench_scale
section "the bot's decision time, normal and hard, ~100 figures (docs/engine.md)" \
  build/tools/bench/bench_bot
section "render, offscreen 1600x1000 (docs/frontend.md)" \
  env SDL_VIDEODRIVER=dummy build/tools/bench/bench_render
section "launch to first frame under Xvfb vs a bare SDL window (docs/frontend.md)" first_frame

echo
echo "=== summary ==="
grep -E '^===|ratio:|of goal|^  [a-z0-9_]+ +[0-9]+ +[0-9.]+ +[0-9.]+ +[0-9.]+x|fitted exponent|figures: median|floor|first frame|sandtable|bare|mean .* ms|polygons and lines|exit [0-9]' "$log" \
  | grep -vE '^=== summary'
echo "$failed benchmark(s) missed a goal or failed"
[ "$failed" -eq 0 ]
