#!/usr/bin/env python3
"""End to end, Colonial Wargames Rules in the real window (Xvfb + xdotool): a British battalion's line of sixteen's
activation against a bot-played Zulu impi (tests/ui/data/cwr_e2e.json). Keys 1-9 run the orders
the panel lists: activate (the morale check thrown), "Stand and fire twice", fire at the impi 6
inches off (long range: a casualty per pair of 6s). The dice tray joins the pairs of 6s with
gold bars, checked by pixels; the firing side picks the casualties (an allocate command by the
British), and the autosave and `sandtable replay --json` agree on the figures removed. Every
step waits for its condition (the autosave's log, a pixel) with a generous deadline.
Skips (exit 77) without a display or xdotool/import.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

from e2e_common import find_window, quit_game, game_env, require_window_tools, run, screenshot

EXE, SCENARIO, ARTIFACTS = sys.argv[1:4]
DEADLINE = 60.0  # seconds for any one condition: generous, for a sanitizer build under load
SET_RGB = (0xFF, 0xD3, 0x4A)  # UI_DICE_SET_RGB: the bar under a pair of 6s

require_window_tools()
data = tempfile.mkdtemp(prefix="sandtable-e2e-cwr-")
env = game_env(data)
log = open(os.path.join(data, "play.log"), "w")
proc = subprocess.Popen([EXE, "play", "--bot", "Zulu", SCENARIO], env=env, stdout=log,
                        stderr=subprocess.STDOUT)
save = os.path.join(data, "sandtable", "autosave-" +
                    os.path.splitext(os.path.basename(SCENARIO))[0] + ".json")
fails = []


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        fails.append(what)


def wait_for(what, pred):
    end = time.monotonic() + DEADLINE
    while time.monotonic() < end:
        got = pred()
        if got:
            return got
        if proc.poll() is not None:
            break
        time.sleep(0.1)
    raise RuntimeError("timed out waiting for " + what)


def commands():
    """The autosave's command log (it is written atomically after every command)."""
    try:
        with open(save) as f:
            return json.load(f)["commands"]
    except (OSError, ValueError, KeyError):
        return []


WINDOW = {"X": 0, "Y": 0}  # the window's place on the screen, read once it is up


def tray_set_pixels():
    """Gold bar pixels in the dice tray's corner of a fresh screenshot (the window's bottom
    left; the window may stand anywhere on the screen)."""
    shot = os.path.join(ARTIFACTS, "e2e_cwr_tray.png")
    screenshot(shot)
    crop = "460x300+%d+%d" % (int(WINDOW["X"]), int(WINDOW["Y"]) + 500)
    raw = subprocess.run(["convert", shot, "-crop", crop, "-depth", "8", "rgb:-"],
                         capture_output=True, check=True).stdout
    n = 0
    for i in range(0, len(raw) - 2, 3):
        if all(abs(raw[i + k] - SET_RGB[k]) <= 12 for k in range(3)):
            n += 1
    return n


try:
    wait_for("the first frame", lambda: "window ready" in open(log.name).read())
    wid, geo = find_window(proc)
    if not wid:
        sys.exit("FAIL: no window")
    WINDOW.update(geo)
    run("xdotool", "mousemove", "--window", wid, "600", "650")  # over the empty table

    def order(n, count, what):
        run("xdotool", "key", "--window", wid, str(n))
        wait_for(what, lambda: len(commands()) >= count)
        c = commands()[count - 1]["command"]
        print("     %d: %s" % (count, json.dumps(c)))
        return c

    c = order(1, 1, "the activation")
    check(c["kind"] == "activate", "key 1 activates A Company (its morale check thrown)")
    c = order(1, 2, "the choice of actions")
    check(c["kind"] == "choose" and c.get("option") == "fire_twice",
          "key 1 chooses \"Stand and fire twice\" (%s)" % c.get("option"))
    # Fire: the action panel's button arms the target tool, a click on the impi fires (the
    # panel stands at the window's top right; the table is fitted left of it).
    run("xdotool", "mousemove", "--window", wid, "1050", "200", "click", "1")
    wait_for("the target tool", lambda: "click to fire" in open(log.name).read() or
             "click" in open(log.name).read().split("Stand and fire twice")[-1])
    run("xdotool", "mousemove", "--window", wid, "490", "398", "click", "1")
    wait_for("the first fire", lambda: len(commands()) >= 3)
    c = commands()[2]["command"]
    print("     3: %s" % json.dumps(c))
    check(c["kind"] == "fire", "Fire, then a click on the impi, fires at it")
    # The tray joins each pair of 6s under a gold bar (this seed throws two or more 6s).
    bars = wait_for("the pairs in the dice tray", tray_set_pixels)
    check(bars > 20, "the dice tray shows the pairs of 6s joined (%d bar pixels)" % bars)
    screenshot(os.path.join(ARTIFACTS, "e2e_cwr_fire.png"))
    # The British pick the casualties: the order offered is the suggested pick.
    c = order(1, 4, "the casualties picked")
    check(c["kind"] == "allocate" and c["side"] == 1 and len(c.get("figures", [])) >= 1,
          "the firing side (British) picks %d casualt%s" %
          (len(c.get("figures", [])), "y" if len(c.get("figures", [])) == 1 else "ies"))
    picked = set(c.get("figures", []))
    quit_game(proc, wid)
    proc.wait(timeout=DEADLINE)
    check(proc.returncode == 0, "play exits 0 (got %s)" % proc.returncode)
    # The save replays, and the figures the British picked are the ones gone.
    out = json.loads(run(EXE, "replay", "--json", save))
    gone = {f["id"] for f in out["figures"] if f.get("status") and "dead" in f["status"]}
    check(picked <= gone, "the picked figures %s are removed (%s)" % (sorted(picked), sorted(gone)))
finally:
    if proc.poll() is None:
        proc.kill()
    print(open(log.name).read())
    shutil.rmtree(data, ignore_errors=True)
sys.exit(1 if fails else 0)
