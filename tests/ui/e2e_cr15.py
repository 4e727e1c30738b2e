#!/usr/bin/env python3
"""End to end, Colonial Rules for 15mm in the real window (Xvfb + xdotool): a field gun fires a
shell at a guessed range (tests/cr15/cr15_shell_view.json, hot-seat). Key 1 ends each phase up
to the firing phase (the hot-seat cover lifted with a space); a click selects the gun, the
action panel's "Fire shell" arms the target tool, a click on the Induna asks for the range. While
the range is being typed no range readout is on the table (no tape, no line of sight, no odds
label: checked by pixels) while the guess's own label is; "16" and Enter fire, and the burst
circle is drawn, by pixels, 16 inches from the gun along the line to the Induna (20 inches off):
its centre 8 burst radii from the gun. Every step waits for its condition (the autosave's log,
a pixel) with a generous deadline; no fixed sleeps.
Skips (exit 77) without a display or xdotool/import.
"""
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time

from e2e_common import find_window, quit_game, game_env, require_window_tools, run, screenshot

EXE, SCENARIO, ARTIFACTS = sys.argv[1:4]
DEADLINE = 60.0  # seconds for any one condition: generous, for a sanitizer build under load
BURST = (0xFF, 0x50, 0x20)  # UI_BURST_RGB
GUESS = (0xFF, 0xD0, 0x80)  # the range guess's label
READOUTS = [(0xFF, 0xF3, 0xA0),  # UI_TAPE_RGB: the measuring tape and its distance
            (0x2E, 0xE6, 0x6B),  # UI_LOS_CLEAR_RGB: a line of sight and its "Clear (20 in)"
            (0xFF, 0xB0, 0x20)]  # UI_SEMICIRCLE_RGB: the target's odds label
TABLE_W, TABLE_H = 120.0, 90.0  # cm, the scenario's table
GUN, INDUNA = (60.0, 80.0), (60.0, 30.0)

require_window_tools()
data = tempfile.mkdtemp(prefix="sandtable-e2e-cr15-")
os.makedirs(os.path.join(data, "sandtable"))
with open(os.path.join(data, "sandtable", "settings.json"), "w") as f:
    json.dump({"anim_speed": 60, "window_w": 1280, "window_h": 800}, f)
env = game_env(data)
log = open(os.path.join(data, "play.log"), "w")
proc = subprocess.Popen([EXE, "play", SCENARIO], env=env, stdout=log, stderr=subprocess.STDOUT)
save = os.path.join(data, "sandtable", "autosave-" +
                    os.path.splitext(os.path.basename(SCENARIO))[0] + ".json")
fails = []
T0 = time.monotonic()


def check(cond, what):
    print("%5.1fs " % (time.monotonic() - T0) + ("ok   " if cond else "FAIL ") + what)
    if not cond:
        fails.append(what)


def wait_for(what, pred, act=None):
    """pred() until true; act() (a key again, say) when nothing has come of it for 5 s: a
    step swallowed by the hot-seat cover is done again, never one merely slow."""
    end = time.monotonic() + DEADLINE
    last = time.monotonic()
    while time.monotonic() < end:
        got = pred()
        if got:
            return got
        if proc.poll() is not None:
            break
        if act and time.monotonic() - last > 5.0:
            act()
            last = time.monotonic()
        time.sleep(0.1)
    raise RuntimeError("timed out waiting for " + what)


def commands():
    """The autosave's command log (it is written atomically after every command)."""
    try:
        with open(save) as f:
            return json.load(f)["commands"]
    except (OSError, ValueError, KeyError):
        return []


def shot(name):
    """A screenshot of the screen, kept as an artifact; its path."""
    path = os.path.join(ARTIFACTS, name)
    screenshot(path)
    return path


def crop_args(box):
    """ImageMagick's crop of the window-relative box (x0, y0, x1, y1) out of the screen."""
    x0, y0, x1, y1 = [int(v) for v in box]
    return ["-crop", "%dx%d+%d+%d" % (x1 - x0, y1 - y0, x0 + int(WINDOW["X"]),
                                      y0 + int(WINDOW["Y"])), "+repage"]


def colours(path, box):
    """{(r, g, b): pixels} inside box, from one ImageMagick histogram."""
    out = subprocess.run(["convert", path] + crop_args(box) +
                         ["-format", "%c", "histogram:info:-"],
                         capture_output=True, text=True, check=True).stdout
    hist = {}
    for line in out.splitlines():
        if "#" in line:
            h = line.split("#")[1][:6]
            c = (int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16))
            hist[c] = hist.get(c, 0) + int(line.split(":")[0])
    return hist


def count(hist, rgb, tol):
    """Pixels of the histogram within tol (each channel) of rgb."""
    return sum(n for c, n in hist.items() if all(abs(c[i] - rgb[i]) <= tol for i in range(3)))


def bbox(path, box, rgb, fuzz):
    """(x, y, w, h) in the window of the pixels near rgb inside box, or None."""
    hexrgb = "#%02x%02x%02x" % rgb
    out = subprocess.run(["convert", path] + crop_args(box) +
                         ["-fuzz", "%d%%" % fuzz, "-fill", "white", "-opaque", hexrgb,
                          "-fill", "black", "+opaque", "white", "-format", "%@", "info:"],
                         capture_output=True, text=True, check=True).stdout.strip()
    w, rest = out.split("x", 1)
    h, x, y = rest.split("+")
    if int(w) <= 1 or int(h) <= 1:
        return None
    return (int(x) + int(box[0]), int(y) + int(box[1]), int(w), int(h))


def to_px(cm):
    """The table view's fit (ui_table_view_fit): left of the 300 px panels, 40 px margins."""
    w, h = VIEW
    reserve = 316 if 316 <= w / 2 else 0
    s = min((w - reserve - 80) / TABLE_W, (h - 80) / TABLE_H)
    cx = TABLE_W / 2 + 0.5 * reserve / s
    return ((cm[0] - cx) * s + w / 2, (cm[1] - TABLE_H / 2) * s + h / 2), s


WINDOW = {"X": 0, "Y": 0}
VIEW = [1280, 800]
try:
    ready = wait_for("the first frame", lambda: [l for l in open(log.name).read().splitlines()
                                                 if "window ready" in l])
    VIEW[:] = [int(v) for v in ready[0].split("(")[1].split(" ")[0].split("x")]
    wid, geo = find_window(proc)
    if not wid:
        sys.exit("FAIL: no window")
    WINDOW.update(geo)
    print("window %s at %s,%s" % (VIEW, WINDOW["X"], WINDOW["Y"]))
    run("xdotool", "mousemove", "--window", wid, "5", str(VIEW[1] // 2))

    def key(k):
        run("xdotool", "key", "--window", wid, k)

    # Key 1 (the only order with nobody selected: end the phase) up to the firing phase; the
    # hot-seat cover, when it comes, goes with a space.
    for n in range(1, 6):
        key("1")
        wait_for("phase end %d" % n, lambda: len(commands()) >= n,
                 act=lambda: (key("space"), key("1")))
    kinds = [c["command"]["kind"] for c in commands()]
    check(kinds == ["end_phase"] * 5, "five phases ended to reach the firing (%s)" % kinds)
    (gx, gy), s = to_px(GUN)
    (tx, ty), _ = to_px(INDUNA)
    print("     gun at %.0f,%.0f px, Induna at %.0f,%.0f px, %.2f px/cm" % (gx, gy, tx, ty, s))
    # The gunners' firing: select the gun; the action panel (top right) offers "Fire shell",
    # which arms the target tool. Asked again until the tool says so.
    def arm():
        # an empty spot first: it lifts the hot-seat cover when one is up (it is for the
        # simultaneous firing), and does nothing on the table
        run("xdotool", "mousemove", "--window", wid, str(int(gx)), str(int((gy + ty) / 2)),
            "click", "1")
        run("xdotool", "mousemove", "--window", wid, str(int(gx)), str(int(gy)), "click", "1")
        run("xdotool", "mousemove", "--window", wid, str(VIEW[0] - 88), "153", "click", "1")

    arm()
    wait_for("the target tool", lambda: "click to fire" in open(log.name).read(), act=arm)
    # What a readout would cover: the ground between the gun and the Induna, and the labels
    # to the right of the pointer; the panels are not the table.
    area = (max(0, gx - 20 * s), max(0, ty - 12 * s), min(VIEW[0] - 316, gx + 60 * s),
            min(VIEW[1], gy + 8 * s))
    # Pointing at the Induna before the click: the table's label (in the odds label's colour)
    # says to click, then state the range; so the check below would see a readout if one came.
    run("xdotool", "mousemove", "--window", wid, str(int(tx)), str(int(ty)))
    hint = wait_for("the pointing label", lambda: count(colours(shot("e2e_cr15_point.png"), area),
                                                        READOUTS[2], 6))
    check(hint > 30, "pointing at the Induna shows the click-then-state label (%d px)" % hint)
    # A click on the Induna asks for the range instead of firing.
    run("xdotool", "mousemove", "--window", wid, str(int(tx)), str(int(ty)), "click", "1")
    wait_for("the range asked for", lambda: "State the range" in open(log.name).read())
    key("m")  # the tape is refused while guessing
    key("l")  # so is the line of sight
    wait_for("the tape refused", lambda: "No measuring" in open(log.name).read())
    run("xdotool", "mousemove", "--window", wid, str(int(tx) + 40), str(int(ty) + 60))
    key("1")
    key("6")
    typed = wait_for("the typed guess", lambda: (lambda h: h if count(h, GUESS, 10) > 30
                                                 else None)(colours(shot("e2e_cr15_typed.png"),
                                                                    area)))
    check(True, "the guess \"16\" is shown by the target (%d label pixels)" %
          count(typed, GUESS, 10))
    for rgb in READOUTS:
        n = count(typed, rgb, 6)
        check(n == 0, "no range readout while guessing: %d pixels of #%02x%02x%02x" %
              ((n,) + rgb))
    done = len(commands())
    key("Return")
    wait_for("the shell", lambda: len(commands()) > done)
    c = commands()[done]["command"]
    print("     %d: %s" % (done + 1, json.dumps(c)))
    check(c["kind"] == "fire" and c.get("option") == "shell" and c.get("count") == 16,
          "Enter fires the shell at the stated 16 inches")
    # The burst, looked for on the line from the gun to the Induna, clear of the gun's badge.
    line = (gx - 12 * s, ty - 12 * s, gx + 12 * s, gy - 12 * s)
    def burst():
        got = bbox(shot("e2e_cr15_burst.png"), line, BURST, 5)
        return got

    b = wait_for("the burst circle", burst)
    cx, cy, radius = b[0] + b[2] / 2, b[1] + b[3] / 2, (b[2] + b[3]) / 4
    along = math.hypot(cx - gx, cy - gy)
    print("     burst centre %.0f,%.0f radius %.1f px; gun %.0f,%.0f; %.1f px/cm" %
          (cx, cy, radius, gx, gy, s))
    check(abs(radius - 5 * s) < 0.15 * 5 * s,
          "the burst circle is 4 inches across (radius %.1f px, want %.1f)" % (radius, 5 * s))
    check(abs(along - 40 * s) < 0.05 * 40 * s,
          "its centre 16 inches from the gun (%.1f px, want %.1f)" % (along, 40 * s))
    check(abs(cx - gx) < 0.05 * 40 * s and cy < gy,
          "on the line from the gun to the Induna (%.0f px off it)" % abs(cx - gx))
    check(abs(cy - ty) > 3 * s, "short of the Induna (20 inches off), where the guess put it")
    quit_game(proc, wid)
    proc.wait(timeout=DEADLINE)
    check(proc.returncode == 0, "play exits 0 (got %s)" % proc.returncode)
finally:
    if proc.poll() is None:
        proc.kill()
    print(open(log.name).read()[-3000:])
    shutil.rmtree(data, ignore_errors=True)
print("%.1f s" % (time.monotonic() - T0))
sys.exit(1 if fails else 0)
