#!/usr/bin/env python3
"""Referee mode in the real window (ui/referee.h), on the fixed lcr teaching copy, driven with
xdotool under X: F9 turns it on (an amber frame round the window and the banner, checked by
pixels); a Moro warrior is dragged 30 cm across open ground while it is Spain's turn to draw a
card, which the rules forbid, and the autosave (read by e2e_lcr_check) shows a referee command
that put him where he was dropped, with the log's words "Referee: ... moved 30.0 cm"; F9 turns
the mode off (the frame goes); Ctrl+Z takes the ruling back. Screenshots to
ARTIFACTS/e2e_referee_*.png. Skips (77) without a display or xdotool/import.
"""
import json
import math
import os
import subprocess
import sys
import tempfile
import time

from e2e_common import game_env, require_window_tools, run, screenshot

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
fails = []


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        fails.append(what)


def wait_for(cond, what, deadline_s=60):
    """Polls cond() until it is true, with a deadline generous for a loaded machine."""
    end = time.time() + deadline_s
    while time.time() < end:
        got = cond()
        if got:
            return got
        time.sleep(0.1)
    check(False, what + " (waited %d s)" % deadline_s)
    return None


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
    wid = wait_for(lambda: subprocess.run(["xdotool", "search", "--name", "^Sandtable$"],
                                          capture_output=True, text=True).stdout.split(),
                   "the window appears")
    if not wid:
        sys.exit("FAIL: no window")
    wid = wid[0]
    wait_for(lambda: "window ready" in open(log.name).read(), "the window is ready")
    last = None
    for _ in range(50):  # the window manager-less Xvfb settles the size at once; be sure
        geo = dict(line.split("=") for line in run("xdotool", "getwindowgeometry", "--shell",
                                                   wid).split())
        if geo == last:
            break
        last = geo
        time.sleep(0.2)
    ww, wh = int(geo["WIDTH"]), int(geo["HEIGHT"])
    wx, wy = int(geo["X"]), int(geo["Y"])
    view_w = ww - (PANEL_W + 16)
    scale = min((view_w - 2 * MARGIN) / TABLE_W, (wh - 2 * MARGIN) / TABLE_H)

    def local(x_cm, y_cm):
        return (round(view_w / 2 + (x_cm - TABLE_W / 2) * scale),
                round(wh / 2 + (y_cm - TABLE_H / 2) * scale))

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
    screenshot(os.path.join(ARTIFACTS, "e2e_referee_2_moved.png"))

    # The right-click menu (ui/referee.h) on the Moro just moved: an amber-edged box at the
    # pointer. Its entries for a figure start "Turn about", "a quarter left", "a quarter right",
    # "Take him off the table": Down four times lights the fourth, a click on the lit row picks
    # it, and he is taken off (the autosave and the pixels under him say so).
    def grab():
        shot = subprocess.run(["import", "-window", "root", "-crop",
                               "%dx%d+%d+%d" % (ww, wh, wx, wy), "+repage", "-depth", "8",
                               "rgb:-"], capture_output=True)
        return shot.stdout if shot.returncode == 0 and len(shot.stdout) >= 3 * ww * wh else None

    def amber(p):
        return all(abs(p[i] - AMBER[i]) <= 12 for i in range(3))

    def amber_rows(raw, x0, y0, w=220, h=420):
        """Per row of the region right and below (x0, y0): how many of its pixels are amber."""
        rows = []
        for y in range(max(0, y0), min(wh - 8, y0 + h)):
            rows.append(sum(amber(pixel_at(raw, x, y)) for x in range(max(8, x0),
                                                                       min(ww - 8, x0 + w), 2)))
        return rows

    def menu_shown(x0, y0, base):
        raw = grab()
        return raw and sum(amber_rows(raw, x0, y0)) > base + 150

    def lit_row(x0, y0):
        """The centre y of the menu's lit row: rows of the region mostly amber."""
        raw = grab()
        if not raw:
            return None
        rows = amber_rows(raw, x0, y0)
        band = [y0 + i for i, n in enumerate(rows) if n > 60]
        return (band[0] + band[-1]) // 2 if len(band) >= 6 else None

    mx, my = local(*to)
    mouse(mx, my)
    before = grab()
    base = sum(amber_rows(before, mx, my)) if before else 0
    run("xdotool", "click", "--window", wid, "3")
    if wait_for(lambda: menu_shown(mx, my, base), "a right click on %s opens the menu" % name, 20):
        screenshot(os.path.join(ARTIFACTS, "e2e_referee_3_menu.png"))
        for _ in range(4):
            key("Down")
        lit = wait_for(lambda: lit_row(mx, my), "Down x4 lights an entry", 20)
        if lit:
            mouse(mx + 40, lit)
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
            check(wait_for(lambda: not menu_shown(mx, my, base), "the menu closes", 20)
                  is not None, "the menu closes once an entry is chosen")
    screenshot(os.path.join(ARTIFACTS, "e2e_referee_4_taken.png"))

    # On the empty table the menu ends with "The next die shows 1" to "6": Up lights the last,
    # Return picks it, and the die is fixed.
    ex, ey = local(*to)
    mouse(ex, ey)
    run("xdotool", "click", "--window", wid, "3")
    if wait_for(lambda: menu_shown(ex, ey, base), "a right click on the empty table", 20):
        screenshot(os.path.join(ARTIFACTS, "e2e_referee_5_table_menu.png"))
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
    key("ctrl+q")
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
