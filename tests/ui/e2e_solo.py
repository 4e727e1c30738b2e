#!/usr/bin/env python3
"""End to end: the start screen and a solo game, `sandtable play` under X driven with xdotool.

Runs `sandtable play` with no scenario from an empty folder (the scenarios are found in the
source tree, as the default one is): the start screen lists the shipped scenarios with the
teaching one highlighted (pixel check of the list); keys 1 and 2 hand both sides to the bot and
Enter starts. At a fast animation speed (settings.json) the bots play the lcr teaching scenario
to its end through the window's own submit path; the test waits for "Game over", quits, and
checks the autosave: a finished log that `sandtable replay` re-runs with every hash matching.
Screenshots of the start screen, the game under way and its end are kept as artifacts.
Skips (exit 77) without a display or xdotool/import.
"""
import json
import os
import subprocess
import sys
import tempfile
import time

from e2e_common import find_window, quit_game, game_env, require_window_tools, run

EXE, ARTIFACTS = os.path.abspath(sys.argv[1]), sys.argv[2]
HOT, PANEL = "3A5A8A", "232A33"  # the start screen's highlighted and plain rows
SOURCES = os.environ.get("SANDTABLE_SOURCE_DIR",
                         os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))


require_window_tools()

data = tempfile.mkdtemp(prefix="sandtable-e2e-solo-")
os.makedirs(os.path.join(data, "sandtable"))
with open(os.path.join(data, "sandtable", "settings.json"), "w") as f:
    json.dump({"anim_speed": 60, "window_w": 900, "window_h": 600}, f)
workdir = tempfile.mkdtemp(prefix="sandtable-e2e-cwd-")  # no scenarios/ here
env = game_env(data)
log = open(os.path.join(data, "play.log"), "w")
proc = subprocess.Popen([EXE, "play"], env=env, cwd=workdir, stdout=log,
                        stderr=subprocess.STDOUT)
fails = []
T0 = time.time()


def check(cond, what):
    print("%5.1fs " % (time.time() - T0) + ("ok   " if cond else "FAIL ") + what)
    if not cond:
        fails.append(what)


def text():
    return open(log.name).read()


def wait_for(words, seconds):
    end = time.time() + seconds
    while time.time() < end:
        if words in text() or proc.poll() is not None:
            return words in text()
        time.sleep(0.2)
    return False


try:
    if not wait_for("window ready", 120):
        print(text())
        sys.exit("FAIL: no window appeared")
    print("      the window drew its first frame")
    wid, geo = find_window(proc)
    if not wid:
        sys.exit("FAIL: the window cannot be found")
    wx, wy = int(geo["X"]), int(geo["Y"])

    def pixel(x, y):
        """The colour at window point (x, y) as RRGGBB."""
        out = run("import", "-window", "root", "-crop", "1x1+%d+%d" % (wx + x, wy + y),
                  "-depth", "8", "txt:-")
        return out.splitlines()[1].split("#")[1][:6].upper()

    def key(*keys):
        run("xdotool", "key", "--window", wid, *keys)
        time.sleep(0.3)

    run("import", "-window", "root", os.path.join(ARTIFACTS, "e2e_start_screen.png"))
    # The list: rows 52 px tall from y = 90, one per scenario file, sorted by name.
    names = sorted(n for n in os.listdir(os.path.join(SOURCES, "scenarios"))
                   if n.endswith(".json") and not n.startswith("."))
    want = [HOT if n == "lcr_teaching.json" else PANEL for n in names]
    rows = [pixel(30, 90 + 52 * i + 20) for i in range(len(names))]
    check(rows == want, "the start screen lists the %d scenarios, the teaching one highlighted: %s"
          % (len(names), rows))
    check(pixel(30, 90 + 52 * len(names) + 20) not in (HOT, PANEL), "and no row more")
    key("1")  # Spanish to the bot
    key("2")  # Moro to the bot
    key("Return")
    check(wait_for("(bot):", 30), "the bot plays")
    time.sleep(1.0)
    run("import", "-window", "root", os.path.join(ARTIFACTS, "e2e_solo_play.png"))
    check(wait_for("Game over", 150), "the solo game runs to its end")
    time.sleep(0.5)
    run("import", "-window", "root", os.path.join(ARTIFACTS, "e2e_solo_end.png"))
    quit_game(proc, wid)
    proc.wait(timeout=20)
    check(proc.returncode == 0, "play exits 0 (got %s)" % proc.returncode)
    save = os.path.join(data, "sandtable", "autosave-lcr_teaching.json")
    check(os.path.exists(save), "autosave written at " + save)
    doc = json.load(open(save))
    n = len(doc["commands"])
    check(n >= 10 and doc["cursor"] == n, "%d commands logged, all in effect" % n)
    sides = {c["command"].get("side") for c in doc["commands"]}
    check(len(sides) == 2, "both sides played (sides %s)" % sorted(sides))
    out = subprocess.run([EXE, "replay", save], env=env, capture_output=True, text=True)
    check(out.returncode == 0 and "every hash matches" in out.stdout,
          "sandtable replay re-runs the log: " + out.stdout.strip().splitlines()[-1])
    t = text()
    check("Spanish (bot):" in t and "Moro (bot):" in t, "both bots' commands were announced")
    # A mistyped --bot side exits 2 naming the sides, and leaves the autosave alone.
    before = open(save, "rb").read()
    out = subprocess.run([EXE, "play", "--bot", "Zulu",
                          os.path.join(SOURCES, "scenarios", "lcr_teaching.json")],
                         env=env, capture_output=True, text=True)
    check(out.returncode == 2 and "1 Spanish, 2 Moro" in out.stderr,
          "--bot Zulu: exit %d, %s" % (out.returncode, out.stderr.strip().splitlines()[0]))
    check(open(save, "rb").read() == before, "and the autosave is untouched")
finally:
    if proc.poll() is None:
        proc.kill()
    print(text()[-3000:])
sys.exit(1 if fails else 0)
