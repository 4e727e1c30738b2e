#!/usr/bin/env python3
"""The scenario editor in the real window (ui/editor.h), driven with xdotool under X: from a blank
lcr table (`sandtable edit --new lcr -o FILE`) it draws a forest polygon point by point (Enter
closes it), a wall, places two units of six for the two sides (the second facing north), box-
selects the forest, the wall and Red's unit and drags them as one, adds one figure to Blue (I at
the pointer), turns Red and the wall as a box-selected group (]), has a third placement on top
of the second refused with the reason, sets a victory condition and a turn limit, undoes the
turn limit, makes Red's unit a reinforcement of turn 2 (A twice: it queues behind the north
edge), tries the scenario (Ctrl+P) and comes back (Ctrl+E). After each of four steps
Ctrl+S saves and the test waits for the saved file to show what was done. The file then
validates and plays under `sandtable simulate -n 2`; the previous save is kept as .bak and the
picture is beside it. The window as built (F12) to ARTIFACTS/e2e_editor_built.png. Skips (77)
without a display or xdotool/import.
"""
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time

from e2e_common import (check, fails, game_env, open_window, quit_game, require_window_tools,
                        table_fit, wait_for, xdo)

EXE, ARTIFACTS = sys.argv[1:3]
PANEL_W = 310  # the editor's settings panel (ui/editor_panel.h, ED_PANEL_W)
MARGIN = 50
TABLE_W, TABLE_H = 180, 120  # a new table

require_window_tools()

data = tempfile.mkdtemp(prefix="sandtable-editor-")
os.makedirs(os.path.join(data, "sandtable"))
env = game_env(data)
out = os.path.join(data, "built.json")
log = open(os.path.join(data, "edit.log"), "w")


def saved():
    try:
        with open(out) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


proc = subprocess.Popen([EXE, "edit", "--new", "lcr", "-o", out], env=env, stdout=log,
                        stderr=subprocess.STDOUT)
try:
    wid, geo = open_window(proc, log.name)
    local, scale = table_fit(geo["WIDTH"] - PANEL_W, geo["HEIGHT"], MARGIN, TABLE_W, TABLE_H)

    def at(x_cm, y_cm):
        x, y = local(x_cm, y_cm)
        return [["mousemove", "--window", wid, str(x), str(y)], ["click", "--window", wid, "1"]]

    def k(*keys):
        return [["key", "--window", wid, kk] for kk in keys]

    def click(x_cm, y_cm):
        xdo(*at(x_cm, y_cm))

    def key(*keys):
        xdo(*k(*keys))

    def save_and_wait(cond, what):
        key("ctrl+s")
        return wait_for(lambda: (lambda s: s if s and cond(s) else None)(saved()), what)

    # 1. a forest polygon, point by point (the area tool starts on forest)
    poly = [(30, 30), (70, 28), (75, 60), (35, 65)]
    xdo(*k("p"), *[st for p in poly for st in at(*p)], *k("Return"),
        # 2. a wall
        *k("w"), *at(100, 20), *at(140, 35), *k("Return"),
        # 3. two units: Red facing south near the top, Blue (Tab) facing north ([ ] x4) below
        *k("u"), *at(90, 35), *k("Tab", "bracketright", "bracketright", "bracketright",
                                 "bracketright"), *at(90, 95))
    s = save_and_wait(lambda s: len(s.get("terrain", [])) == 2 and len(s.get("units", [])) == 2,
                      "the polygon, the wall and two units are saved")
    if s:
        check(s["terrain"][0]["type"] == "forest", "a forest (%s)" % s["terrain"][0])
        got = s["terrain"][0]["area"]
        check(len(got) == 4, "four points (%s)" % got)
        check(all(math.dist(a, b) <= 1.5 for a, b in zip(got, poly)),
              "each where it was clicked, on the grid (%s)" % got)
        check(s["terrain"][1]["type"] == "wall" and len(s["terrain"][1]["line"]) == 2,
              "a wall of two points (%s)" % s["terrain"][1])
        sides = [u["side"] for u in s["units"]]
        check(sides == ["Red", "Blue"], "one for each side (%s)" % sides)
        check(all(len(u["figures"]) == 6 for u in s["units"]), "six figures each")
        check(all(f["facing"] == 270 for f in s["units"][1]["figures"]), "Blue faces north")
    # a box from empty table chooses the forest, the wall and Red (not Blue); dragging the
    # forest moves all three 10 cm south as one edit
    def drag(a, b, steps=6):
        (x0, y0), (x1, y1) = local(*a), local(*b)
        moves = [["mousemove", "--window", wid, str(round(x0 + (x1 - x0) * i / steps)),
                  str(round(y0 + (y1 - y0) * i / steps))] for i in range(1, steps + 1)]
        return [["mousemove", "--window", wid, str(x0), str(y0)],
                ["mousedown", "--window", wid, "1"], *moves, ["mouseup", "--window", wid, "1"]]

    xdo(*k("s"), *drag((20, 10), (145, 72)), *drag((50, 45), (50, 55)))
    before = s
    s = save_and_wait(lambda s: s["units"][0]["figures"][0]["pos"][1] !=
                      before["units"][0]["figures"][0]["pos"][1], "the group move is saved")
    if s and before:
        def ys(u):
            return [f["pos"][1] for f in u["figures"]]
        check([y - 10 for y in ys(s["units"][0])] == ys(before["units"][0]),
              "Red moved 10 cm (%s)" % ys(s["units"][0]))
        check(ys(s["units"][1]) == ys(before["units"][1]), "Blue stayed")
        check([p[1] - 10 for p in s["terrain"][0]["area"]] ==
              [p[1] for p in before["terrain"][0]["area"]], "the forest moved with it")
        check([p[1] - 10 for p in s["terrain"][1]["line"]] ==
              [p[1] for p in before["terrain"][1]["line"]], "the wall moved with it")

    # one figure more for Blue: the unit chosen, I with the pointer beside its rank; then Red and
    # the wall box-selected and turned 15 degrees clockwise as one group (])
    xdo(*at(90, 95), ["mousemove", "--window", wid, *map(str, local(99, 95))], *k("i"))
    s = save_and_wait(lambda s: len(s["units"][1]["figures"]) == 7,
                      "a figure added to Blue is saved")
    if s:
        got = s["units"][1]["figures"][-1]
        check(math.dist(got["pos"], (99, 95)) <= 0.6 and got.get("facing") == 270,
              "where the pointer was, facing as Blue does (%s)" % got)
    before = s
    xdo(*drag((80, 25), (145, 52)), *k("bracketright"))
    s = save_and_wait(lambda s: abs(s["units"][0]["figures"][0].get("facing", 0) - 105) < 0.01,
                      "the group's turn is saved")
    if s and before:
        red, red0 = s["units"][0]["figures"], before["units"][0]["figures"]
        check(all(abs(f.get("facing", 0) - 105) < 0.01 for f in red), "all of Red faces 105")
        wall, wall0 = s["terrain"][1]["line"], before["terrain"][1]["line"]
        check(wall != wall0, "the wall turned with Red (%s)" % wall)
        check(abs(math.dist(red[0]["pos"], wall[1]) - math.dist(red0[0]["pos"], wall0[1])) < 0.3,
              "as one rigid group")
        check(s["units"][1]["figures"] == before["units"][1]["figures"], "Blue stayed")

    # a third block on top of Blue's is refused, with the reason
    xdo(*k("u"))
    click(90, 95)
    wait_for(lambda: "bases may touch but not overlap" in open(log.name).read(),
             "a block on top of another is refused with the reason")

    # 4. Red wins with half of Blue fallen; the game ends after 8 turns; undo that
    key("v")
    key("g")
    # the window as built, by the game's own F12 (ImageMagick's import takes seconds on a
    # loaded machine)
    key("F12")
    if wait_for(lambda: "Screenshot saved" in open(log.name).read(), "F12 takes a screenshot"):
        shots = sorted(f for f in os.listdir(os.path.join(data, "sandtable"))
                       if f.startswith("screenshot-"))
        shutil.copy(os.path.join(data, "sandtable", shots[-1]),
                    os.path.join(ARTIFACTS, "e2e_editor_built.png"))
    s = save_and_wait(lambda s: len(s.get("victory", [])) == 2, "victory and turn limit saved")
    if s:
        kinds = sorted(v["kind"] for v in s["victory"])
        check(kinds == ["destroy", "turns"], "destroy and turns (%s)" % s["victory"])
    key("ctrl+z")
    s = save_and_wait(lambda s: len(s.get("victory", [])) == 1, "Ctrl+Z takes the turn limit back")
    if s:
        check(s["victory"][0]["kind"] == "destroy", "the victory condition stays (%s)" % s["victory"])

    # Red's unit (about y 45, turned with the wall) arrives at turn 2 by the nearest edge
    # (north): chosen by one of its figures as last saved, A twice; it waits behind that edge,
    # facing the table
    red_at = s["units"][0]["figures"][0]["pos"] if s else (90, 45)
    xdo(*k("s"), *at(*red_at), *k("a", "a"))
    s = save_and_wait(lambda s: s.get("reinforcements"), "Red's unit is saved as a reinforcement")
    if s:
        r = s["reinforcements"][0]
        check(r["side"] == "Red" and r["turn"] == 2 and r["edge"] == "north",
              "turn 2 by the north edge (%s)" % r)
        check(all(f["pos"][1] < 0 and f["facing"] == 90 for f in s["units"][0]["figures"]),
              "queued behind the edge facing south (%s)" % s["units"][0]["figures"][:2])

    # 5. try it: a match over the editor, and back (the start screen's toggles: hot-seat)
    key("ctrl+p")
    wait_for(lambda: "Trying the scenario" in open(log.name).read(), "Ctrl+P opens a trial match")
    key("ctrl+e")
    wait_for(lambda: "Back in the editor" in open(log.name).read(), "Ctrl+E comes back")

    quit_game(proc, wid)
    end = time.time() + 60
    while proc.poll() is None and time.time() < end:
        time.sleep(0.1)
    check(proc.poll() == 0, "the editor quits cleanly (status %s)" % proc.poll())

    text = open(log.name).read()
    ours = [blk for blk in text.split("leak of ")[1:]
            if any("/src/" in line and "libsanitizer" not in line
                   for line in blk.split("\n\n")[0].splitlines())]
    check(not ours, "no leak through our own code under a sanitizer (%d found)" % len(ours))
    check(os.path.exists(out + ".bak"), "the previous save is kept as .bak")
    check(os.path.exists(os.path.join(data, "built.png")), "the picture is beside the file")
    v = subprocess.run([EXE, "validate", out], capture_output=True, text=True, env=env)
    check(v.returncode == 0, "the saved file validates (%s)" % (v.stdout + v.stderr).strip())
    sim = subprocess.run([EXE, "simulate", out, "-n", "2"], capture_output=True, text=True,
                         env=env, timeout=300)
    check(sim.returncode == 0 and "games" in sim.stdout,
          "it plays under simulate -n 2 (%s)" % (sim.stdout + sim.stderr).strip()[-300:])
finally:
    if proc.poll() is None:
        proc.kill()
    log.close()

if fails:
    print(open(log.name).read())
    sys.exit("FAIL: %d checks failed" % len(fails))
print("PASS")
