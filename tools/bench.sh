#!/usr/bin/env bash
# Runs every benchmark once: line of sight against GEOS, simulate games/s, the bot's decision
# time, offscreen rendering, launch to first frame.
# Figures are ratios against baselines measured in the same run where the benchmark has one.
# Not part of the test suite (machines are shared and noisy).
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
[ -f build/build.ninja ] || meson setup build --buildtype=debugoptimized
ninja -C build tools/bench/bench_los tools/bench/bench_sim tools/bench/bench_scale \
  tools/bench/bench_render tools/bench/bench_bot tools/bench/bare_window src/sandtable
echo "=== line of sight vs GEOS (docs/geometry.md) ==="
build/tools/bench/bench_los
echo "=== simulate (docs/engine.md) ==="
build/tools/bench/bench_sim --all
build/tools/bench/bench_sim
echo "=== growth: whole games against figures and polygons, fitted exponents (docs/engine.md) ==="
build/tools/bench/bench_scale
echo "=== the bot's decision time, normal and hard, ~100 figures (docs/engine.md) ==="
build/tools/bench/bench_bot
echo "=== render, offscreen 1600x1000 (docs/frontend.md) ==="
SDL_VIDEODRIVER=dummy build/tools/bench/bench_render
echo "=== launch to first frame under Xvfb vs a bare SDL window (docs/frontend.md) ==="
if command -v Xvfb >/dev/null; then python3 tools/bench/first_frame.py; else echo "no Xvfb: skipped"; fi
