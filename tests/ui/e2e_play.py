#!/usr/bin/env python3
"""End to end: `sandtable play` under X (Xvfb from tools/test.sh), driven with xdotool.

Drags Blue 1 7 cm east (to 3 cm from Lt Azul: bases touch, never overlap), drags Red 1 6 cm north, uses the measuring tape and the line-of-sight
tool by key, undoes the second move with Ctrl+Z, takes a screenshot (kept under the build dir
as an artifact), quits, then reads the autosave: Blue 1 moved by 7 cm, Red 1 back where it was.
Skips (exit 77) without a display or xdotool/import.
"""
import os
import subprocess
import sys
import tempfile
import time

from e2e_common import (check, fails, game_env, open_window, quit_game, require_window_tools, run,
                        screenshot, table_fit)

EXE, CHECK, SCENARIO, ARTIFACTS = sys.argv[1:5]
TABLE_W, TABLE_H, MARGIN = 120.0, 80.0, 40


require_window_tools()

data = tempfile.mkdtemp(prefix="sandtable-e2e-")
env = game_env(data)
SOURCES = os.environ.get("SANDTABLE_SOURCE_DIR", "/nonexistent")
log = open(os.path.join(data, "play.log"), "w")
proc = subprocess.Popen([EXE, "play", SCENARIO], env=env, stdout=log, stderr=subprocess.STDOUT)

try:
    wid, geo = open_window(proc)  # settled: mapped, placed and sized
    ww, wh = geo["WIDTH"], geo["HEIGHT"]
    local, scale = table_fit(ww, wh, MARGIN, TABLE_W, TABLE_H)

    def move(x_cm, y_cm):
        x, y = local(x_cm, y_cm)  # relative to the window, wherever it was placed
        run("xdotool", "mousemove", "--window", wid, str(x), str(y))
        time.sleep(0.06)

    def drag(a, b, steps=8):
        move(*a)
        run("xdotool", "mousedown", "1")
        for i in range(1, steps + 1):
            move(a[0] + (b[0] - a[0]) * i / steps, a[1] + (b[1] - a[1]) * i / steps)
        time.sleep(0.2)
        run("xdotool", "mouseup", "1")
        time.sleep(0.5)

    def click(x_cm, y_cm):
        move(x_cm, y_cm)
        run("xdotool", "click", "1")
        time.sleep(0.15)

    def key(*keys):
        run("xdotool", "key", *keys)
        time.sleep(0.25)

    for _ in range(600):  # the first frame may take a while in a sanitizer build under load
        if "window ready" in open(log.name).read() or proc.poll() is not None:
            break
        time.sleep(0.1)
    time.sleep(0.5)
    drag((10, 70), (17, 70))        # Blue 1, 7 cm east (toy rules: side 1 acts first)
    time.sleep(0.3)
    click(100, 40)                  # hot-seat: dismiss the hand-over cover for Red
    time.sleep(0.3)
    drag((66, 64), (66, 58))        # Red 1, 6 cm north
    key("m")                        # measuring tape: Blue 1 -> Lt Azul
    click(18, 70)
    move(20, 70)
    key("Return")
    key("Escape")
    click(60, 62)                   # select Chief Rojo
    key("l")                        # line of sight: to a point behind the jungle
    move(66, 10)
    time.sleep(0.3)
    screenshot(os.path.join(ARTIFACTS, "e2e_los.png"))
    key("Escape")
    key("ctrl+z")                   # undo Red 1's move
    time.sleep(0.3)
    screenshot(os.path.join(ARTIFACTS, "e2e_play.png"))
    quit_game(proc, wid)
    proc.wait(timeout=10)
    check(proc.returncode == 0, "play exits 0 (got %s)" % proc.returncode)
    saves = os.path.join(data, "sandtable", "autosave-" +
                         os.path.splitext(os.path.basename(SCENARIO))[0] + ".json")
    check(os.path.exists(saves), "autosave written at " + saves)
    out = run(CHECK, saves)
    facts = {}
    for line in out.splitlines():
        k, v = line.split(" ", 1)
        if k == "figure":
            name, x, y, _ = v.split("|")
            facts[name] = (float(x), float(y))
        else:
            facts[k] = int(v)
    check(facts.get("log") == 2, "two moves logged (log %s)" % facts.get("log"))
    check(facts.get("cursor") == 1, "one undone (cursor %s)" % facts.get("cursor"))
    bx, by = facts["Blue 1"]
    check(abs(bx - 17) < 0.25 and abs(by - 70) < 0.25,
          "Blue 1 moved 7 cm east: now (%.2f, %.2f), moved %.2f cm" % (bx, by, bx - 10))
    rx, ry = facts["Red 1"]
    check(abs(rx - 66) < 1e-3 and abs(ry - 64) < 1e-3,
          "undo put Red 1 back at (66, 64): (%.3f, %.3f)" % (rx, ry))
    text = open(log.name).read()
    ours = [blk for blk in text.split("leak of ")[1:]
            if any(SOURCES + "/src/" in line or "/src/" in line and "sandtable" in line
                   for line in blk.split("\n\n")[0].splitlines())]
    check(not ours, "no leak through our own code (%d found)" % len(ours))
    check("Moved 7.0 cm" in text, "the move was reported in the window")
    check("Undone" in text, "the undo was reported in the window")
finally:
    if proc.poll() is None:
        proc.kill()
    print(open(log.name).read())
sys.exit(1 if fails else 0)
