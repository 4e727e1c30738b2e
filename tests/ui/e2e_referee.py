#!/usr/bin/env python3
"""Referee mode in the real window (ui/referee.h), on the fixed lcr teaching copy, driven with
xdotool under X: F9 turns it on (an amber frame round the window and the banner, checked by
pixels); a Moro warrior is dragged 30 cm across open ground while it is Spain's turn to draw a
card, which the rules forbid, and the autosave (read by e2e_lcr_check) shows a referee command
that put him where he was dropped, with the log's words "Referee: ... moved 30.0 cm"; a right
click on him opens the menu of rulings (its amber edge by pixels), Down lights its first row (found by
pixels) and a click on the fourth, "Take ... off the table", takes him off; a right click on the
empty table, Up and Return pick its last entry, "The next die shows 6"; F9 turns the mode off
(the frame goes); Ctrl+Z three times takes the rulings back. Screenshots to
ARTIFACTS/e2e_referee_*.png. Skips (77) without a display or xdotool/import.
"""
import json
import math
import os
import subprocess
import sys
import tempfile
import time

from e2e_common import (check, fails, game_env, open_window, quit_game, require_window_tools, run,
                        screenshot, table_fit, wait_for)

EXE, CHECK, SCENARIO, ARTIFACTS = sys.argv[1:5]
MARGIN = 40
PANEL_W = 300
AMBER = (0xe0, 0x78, 0x20)

require_window_tools()

data = tempfile.mkdtemp(prefix="sandtable-referee-")
os.makedirs(os.path.join(data, "sandtable"))
with open(os.path.join(data, "sandtable", "settings.json"), "w") as f:
    json.dump({"anim_speed": 2.0}, f)
env = game_env(data)
log = open(os.path.join(data, "play.log"), "w")
save = os.path.join(data, "sandtable", "autosave-" +
                    os.path.splitext(os.path.basename(SCENARIO))[0] + ".json")


# The figures as the scenario places them: `sandtable format` expands every block.
layout = json.loads(run(EXE, "format", SCENARIO))
TABLE_W, TABLE_H = layout["table"]["width_cm"], layout["table"]["height_cm"]
figures = []
for u in layout["units"]:
    for f in u["figures"]:
        figures.append((u["side"], f.get("name", ""), f["pos"]))

proc = subprocess.Popen([EXE, "play", SCENARIO], env=env, stdout=log, stderr=subprocess.STDOUT)


def state():
    try:
        return json.loads(run(CHECK, save)) if os.path.exists(save) else None
    except subprocess.CalledProcessError:
        return None


try:
    wid, geo = open_window(proc, log.name)
    ww, wh, wx, wy = geo["WIDTH"], geo["HEIGHT"], geo["X"], geo["Y"]
    # The table is fitted left of the right-hand panels (table_view.c fit).
    view_w = ww - (PANEL_W + 16)
    local, scale = table_fit(view_w, wh, MARGIN, TABLE_W, TABLE_H)

    def mouse(x, y):
        run("xdotool", "mousemove", "--window", wid, str(int(x)), str(int(y)))
        time.sleep(0.05)

    def key(*keys):
        run("xdotool", "key", "--window", wid, *keys)
        time.sleep(0.2)

    def pixels(name):
        path = os.path.join(ARTIFACTS, "e2e_referee_%s.png" % name)
        screenshot(path)
        out = run("convert", path, "-crop", "%dx%d+%d+%d" % (ww, wh, wx, wy), "+repage",
                  "-depth", "8", "rgb:-")
        return out

    def pixel_at(raw, x, y):
        return raw[3 * (y * ww + x):3 * (y * ww + x) + 3]

    def framed():
        """The amber frame: pixels at the middle of each window edge."""
        shot = subprocess.run(["import", "-window", "root", "-crop",
                               "%dx%d+%d+%d" % (ww, wh, wx, wy), "+repage", "-depth", "8",
                               "rgb:-"], capture_output=True)
        if shot.returncode != 0 or len(shot.stdout) < 3 * ww * wh:
            return False
        raw = shot.stdout
        near = lambda p: all(abs(p[i] - AMBER[i]) <= 12 for i in range(3))
        return all(near(pixel_at(raw, x, y)) for x, y in
                   ((ww // 2, 1), (ww // 2, wh - 2), (1, wh // 2), (ww - 2, wh // 2)))

    mouse(view_w / 2, wh / 2)
    check(not framed(), "no referee frame before F9")
    key("F9")
    if wait_for(framed, "F9: the amber referee frame round the window", 20):
        check(True, "F9: the amber referee frame round the window")
    else:
        key("Return")  # a hand-over cover was up and took the key: dismiss it, try again
        key("F9")
        wait_for(framed, "F9 (after the cover): the referee frame", 30)
    screenshot(os.path.join(ARTIFACTS, "e2e_referee_1_on.png"))

    # A Moro with open ground 30 cm towards the Spanish side (away from every other base).
    def free(p):
        return (4 < p[0] < TABLE_W - 4 and 4 < p[1] < TABLE_H - 4 and
                all(math.dist(p, q[2]) > 4.5 for q in figures))
    pick = None
    for side, name, pos in figures:
        if side == "Spanish" or not name:
            continue
        for ang in range(0, 360, 15):
            to = (pos[0] + 30 * math.cos(math.radians(ang)),
                  pos[1] + 30 * math.sin(math.radians(ang)))
            if free(to):
                pick = (name, pos, to)
                break
        if pick:
            break
    check(pick is not None, "a Moro with open ground 30 cm away")
    name, start, to = pick
    sx, sy = local(*start)
    tx, ty = local(*to)
    mouse(sx, sy)
    run("xdotool", "mousedown", "--window", wid, "1")  # a press selects him alone
    for k in range(1, 21):
        mouse(sx + (tx - sx) * k / 20, sy + (ty - sy) * k / 20)
    time.sleep(0.2)
    run("xdotool", "mouseup", "--window", wid, "1")

    def moved():
        st = state()
        if not st or not st["commands"] or st["commands"][-1].get("kind") != "referee":
            return None
        return st
    st = wait_for(moved, "the drop is saved as a referee command")
    if st:
        cmd = st["commands"][-1]
        check(cmd.get("option") == "move", "the referee command is a move (%s)" % cmd)
        f = [v for v in st["figures"].values() if v["name"] == name][0]
        # the drop lands within a pixel of the point aimed at
        check(math.dist(f["pos"], to) < 2.0 / scale + 0.01,
              "%s stands where he was dropped (%s, aimed %s)" % (name, f["pos"], to))
        said = [e["text"] for e in st["last_events"]]
        check(any(t.startswith("Referee: %s moved" % name) for t in said),
              "the log says so in the referee's words: %s" % said)
        check(all(e["tag"] == "referee" for e in st["last_events"]), "tagged referee")
        check(st["decision"]["kind"] == "draw_card", "the game waits where it was (draw a card)")
        check(st["cursor"] == 1, "the ruling is the only command (%s)" % st["commands"])

    # The right-click menu (ui/referee.h) on the Moro just moved: an amber-edged box at the
    # pointer. Its entries for a figure start "Turn about", "a quarter left", "a quarter right",
    # "Take him off the table": Down lights the first (so the rows are found by pixels), a
    # click on the fourth picks it, and he is taken off (the autosave says so).
    def grab():
        """The window's pixels, raw RGB (None when import failed on a busy server)."""
        shot = subprocess.run(["import", "-window", "root", "-crop",
                               "%dx%d+%d+%d" % (ww, wh, wx, wy), "+repage", "-depth", "8",
                               "rgb:-"], capture_output=True)
        return shot.stdout if shot.returncode == 0 and len(shot.stdout) >= 3 * ww * wh else None

    keeping = []

    def keep(raw, name):
        """The grab kept as ARTIFACTS/e2e_referee_<name>.png, written beside the test."""
        if raw:
            conv = subprocess.Popen(["convert", "-size", "%dx%d" % (ww, wh), "-depth", "8",
                                     "rgb:-", os.path.join(ARTIFACTS, "e2e_referee_%s.png" % name)],
                                    stdin=subprocess.PIPE)
            conv.stdin.write(raw)
            conv.stdin.close()
            keeping.append(conv)

    def amber_lines(raw, x0):
        """Rows with 100 pixels or more of the amber itself within 300 px of x0 (the window's
        frame left out): the banner's edges, and the menu's edges and title rule when it is
        open, wherever it was moved to stay on the screen."""
        x_lo, x_hi = max(8, x0 - 300), min(ww - 8, x0 + 300)
        fill = bytes(AMBER)
        return sum(raw[3 * (y * ww + x_lo):3 * (y * ww + x_hi)].count(fill) >= 100
                   for y in range(8, wh - 8))

    def menu_shown(x0, base):
        """The window's pixels once the menu shows (two amber lines more than `base`)."""
        raw = grab()
        return raw if raw and amber_lines(raw, x0) >= base + 2 else None

    def lit_band(x0):
        """The menu's lit row, filled amber: the one run of 8 or more rows that have 120 amber
        pixels or more within 300 px of x0 (the frame, the outlines and the title rule are a
        pixel or a few high), as (about its middle, top, height); seen the same in two grabs
        running, so a frame half drawn does not count."""
        found = []
        for _ in range(2):
            raw = grab()
            if not raw:
                return None
            x_lo, x_hi = max(8, x0 - 300), min(ww - 8, x0 + 300)
            fill = bytes(AMBER)  # the fill is drawn in the amber itself: count it exactly
            runs, run, cols = [], [], []
            for y in range(8, wh - 8):
                row = raw[3 * (y * ww + x_lo):3 * (y * ww + x_hi)]
                if row.count(fill) >= 120:
                    run.append(y)
                    at = row.find(fill)
                    cols.append(x_lo + at // 3 + row.count(fill) // 2)
                    continue
                if len(run) >= 8:
                    runs.append((run, cols))
                run, cols = [], []
            if len(runs) != 1:
                return None
            run, cols = runs[0]
            cols.sort()
            found.append((cols[len(cols) // 2], run[0], run[-1] - run[0] + 1))
        return found[0] if found[0] == found[1] else None

    mx, my = local(*to)
    mouse(mx, my)
    before = grab()
    keep(before, "2_moved")
    base = amber_lines(before, mx) if before else 0
    run("xdotool", "click", "--window", wid, "3")
    unlit = wait_for(lambda: menu_shown(mx, base), "a right click on %s opens the menu" % name, 20)
    if unlit:
        keep(unlit, "3_menu")
        key("Down")  # lights the first entry: where the rows are
        lit = wait_for(lambda: lit_band(mx), "Down lights the first entry", 30)
        if lit:
            x, top, h = lit
            mouse(x, top + 3 * h + h // 2)  # the fourth row
            run("xdotool", "click", "--window", wid, "1")

            def taken():
                st = state()
                return st if st and st["cursor"] == 2 else None
            st = wait_for(taken, "the entry chosen is saved as a second referee command")
            if st:
                cmd = st["commands"][-1]
                check(cmd.get("kind") == "referee" and cmd.get("option") == "remove",
                      "the menu's fourth entry takes him off (%s)" % cmd)
                said = [e["text"] for e in st["last_events"]]
                check(any(t == "Referee: %s taken off the table" % name for t in said),
                      "the log says: %s" % said)
            check(wait_for(lambda: not menu_shown(mx, base), "the menu closes", 20)
                  is not None, "the menu closes once an entry is chosen")

    # On the empty table the menu ends with "The next die shows 1" to "6": Up lights the last,
    # Return picks it, and the die is fixed.
    ex, ey = local(*to)
    mouse(ex, ey)
    run("xdotool", "click", "--window", wid, "3")
    shown = wait_for(lambda: menu_shown(ex, base), "a right click on the empty table", 20)
    if shown:
        keep(shown, "4_table_menu")
        key("Up")
        key("Return")

        def fixed():
            st = state()
            return st if st and st["cursor"] == 3 else None
        st = wait_for(fixed, "the table menu's last entry is saved")
        if st:
            cmd = st["commands"][-1]
            check(cmd.get("option") == "die" and cmd.get("count") == 6,
                  "the last entry fixes the next die at 6 (%s)" % cmd)

    key("F9")
    if wait_for(lambda: not framed(), "F9 again: the frame goes", 20):
        check(True, "F9 again: the frame goes")
    key("ctrl+z")
    key("ctrl+z")
    key("ctrl+z")
    if wait_for(lambda: (state() or {}).get("cursor", 1) == 0, "Ctrl+Z takes the rulings back"):
        back = [v for v in state()["figures"].values() if v["name"] == name][0]
        check(math.dist(back["pos"], start) < 1e-3, "Ctrl+Z: %s back where he stood" % name)
    for conv in keeping:
        conv.wait()
    quit_game(proc, wid)
    end = time.time() + 60
    while proc.poll() is None and time.time() < end:
        time.sleep(0.1)
    check(proc.poll() == 0, "the game quits cleanly (status %s)" % proc.poll())
finally:
    if proc.poll() is None:
        proc.kill()
    log.close()

if fails:
    print(open(log.name).read()[-3000:])
print("e2e_referee: %d failed" % len(fails))
sys.exit(1 if fails else 0)
