#!/usr/bin/env python3
"""End to end on a fixed copy of the lcr teaching scenario (tests/ui/data/lcr_turn_test.json,
so tuning the shipped one leaves this test alone) with the real `sandtable` executable, under X (Xvfb
from tools/test.sh), driven with xdotool: play both sides at the one screen (hot-seat, the
hand-over cover dismissed with Enter) through the turn driver panel and the action panel:

  draw cards with the panel's "Draw a card" button; Spain reserves the first card of the 1st
  Section's leaders ("Reserve card"); other cards act and end at once; when a Moro card is drawn
  while Spain holds the card, Spain plays it first ("Play ... first"); the 1st Section's line
  is box-selected and fires at the rule set's target with the target tool (the action panel
  shows the odds); any hits are allocated by clicking the suggested figures and Enter; the
  activation ends with its number key. After each step the autosave is read (e2e_lcr_check)
  to pick the next click; at the end it checks the autosaved log: the reserved card was the
  card played as an interrupt, and the fire came from figures of the 1st Section in line.
Screenshots of each step go to ARTIFACTS/e2e_turn_*.png (the first is the window's own,
by F12; the others the X server's copy, which is quicker). Skips (77) without a display or
xdotool/import.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

from e2e_common import (check, fails, game_env, open_window, quit_game, require_window_tools, run,
                        table_fit)

EXE, CHECK, SCENARIO, ARTIFACTS = sys.argv[1:5]
TABLE_W, TABLE_H, MARGIN = 150.0, 100.0, 40
SPAIN, MORO = 1, 2
# The driver panel's layout (src/ui/driver_panel.c, ui scale 1): 300 px wide, 8 px from the right
# edge; its decision buttons, two to a row, the main choice first, start 242 px down.
PANEL_W, PANEL_RIGHT, BUTTON_Y, BUTTON_H, PAD = 300, 8, 242, 26, 10


require_window_tools()

data = tempfile.mkdtemp(prefix="sandtable-turn-")
# Animations on, twice as fast as normal, to keep the test short.
os.makedirs(os.path.join(data, "sandtable"))
with open(os.path.join(data, "sandtable", "settings.json"), "w") as f:
    json.dump({"anim_speed": 2.0}, f)
env = game_env(data)
SOURCES = os.environ.get("SANDTABLE_SOURCE_DIR", "/nonexistent")
log = open(os.path.join(data, "play.log"), "w")
proc = subprocess.Popen([EXE, "play", SCENARIO], env=env, stdout=log, stderr=subprocess.STDOUT)
save = os.path.join(data, "sandtable", "autosave-" +
                    os.path.splitext(os.path.basename(SCENARIO))[0] + ".json")
shots = []


def state():
    deadline = time.time() + 30  # generous: the first autosave may be late on a loaded machine
    while time.time() < deadline:
        if os.path.exists(save):
            try:
                return json.loads(run(CHECK, save))
            except subprocess.CalledProcessError:
                pass
        time.sleep(0.1)
    sys.exit("FAIL: no readable autosave at " + save)


try:
    wid, geo = open_window(proc)
    ww, wh = geo["WIDTH"], geo["HEIGHT"]
    # The table is fitted left of the right-hand panels (table_view.c fit).
    view_w = ww - (PANEL_W + 16)
    local, scale = table_fit(view_w, wh, MARGIN, TABLE_W, TABLE_H)
    panel_x = ww - PANEL_RIGHT - PANEL_W
    button_w = (PANEL_W - 2 * PAD - 6) / 2

    def move_px(x, y):
        run("xdotool", "mousemove", "--window", wid, str(int(x)), str(int(y)))
        time.sleep(0.06)

    def move(x_cm, y_cm):
        move_px(*local(x_cm, y_cm))

    def click_px(x, y, wait=0.25):
        move_px(x, y)
        run("xdotool", "click", "1")
        time.sleep(wait)

    def button(i):
        """Clicks the driver panel's i-th decision button."""
        click_px(panel_x + PAD + (i % 2) * (button_w + 6) + button_w / 2,
                 BUTTON_Y + (i // 2) * (BUTTON_H + 6) + BUTTON_H / 2)

    def key(*keys):
        run("xdotool", "key", *keys)
        time.sleep(0.2)

    COVER = "14181E"  # the hand-over cover's fill (src/ui/cover.c)

    def pixel(x, y):
        """The colour at window point (x, y) as RRGGBB, from the X server."""
        out = run("import", "-window", wid, "-crop", "1x1+%d+%d" % (x, y), "-depth", "8", "txt:-")
        return out.splitlines()[1].split("#")[1][:6].upper()

    def hand_over():
        """Hot-seat: the cover comes up a frame after the command that passes the hand; wait for
        it (a generous deadline), then dismiss it with Enter until it is gone (Enter within the
        cover's grace time after it appeared is ignored, so it is sent again)."""
        deadline = time.time() + 30
        while pixel(ww // 2, wh // 5) != COVER and time.time() < deadline:
            time.sleep(0.05)
        check(pixel(ww // 2, wh // 5) == COVER, "the hand-over cover came up")
        deadline = time.time() + 30
        while pixel(ww // 2, wh // 5) == COVER and time.time() < deadline:
            run("xdotool", "key", "Return")
            time.sleep(0.5)
        check(pixel(ww // 2, wh // 5) != COVER, "and Enter lifted it")

    def shot(name):
        """A screenshot of the step kept as an artifact: the X server's copy of the window (quick,
        and it shows a hand-over cover if one came up)."""
        time.sleep(0.3)  # let the card animations finish
        path = os.path.join(ARTIFACTS, "e2e_turn_%s.png" % name)
        run("import", "-window", wid, "-quality", "10", path)  # zlib level 1: quick to write
        shots.append(path)

    def f12_shot(name):
        """The window's own screenshot (F12, written by the app into the data folder). Waits for
        the file with a generous deadline (a loaded machine draws and encodes slowly), sending
        F12 again every 5 s in case the key was lost; never a short timeout."""
        folder = os.path.join(data, "sandtable")
        run("xdotool", "key", "F12")
        start = resent = time.time()
        while time.time() - start < 60:
            listed = os.listdir(folder) if os.path.isdir(folder) else []
            done = [f for f in listed if f.startswith("screenshot-") and f.endswith(".png")]
            if done:
                time.sleep(0.5)  # the app writes the file whole, then we move it
                path = os.path.join(ARTIFACTS, "e2e_turn_%s.png" % name)
                shutil.move(os.path.join(folder, done[0]), path)
                shots.append(path)
                check(os.path.getsize(path) > 1000, "F12 wrote the window's own screenshot")
                return
            time.sleep(0.05)
            if time.time() - resent > 5:
                run("xdotool", "key", "F12")
                resent = time.time()
        check(False, "screenshot %s written" % name)

    for _ in range(600):
        if "window ready" in open(log.name).read() or proc.poll() is not None:
            break
        time.sleep(0.1)
    time.sleep(0.5)

    viewer = None
    pending = None      # a screenshot to take once the hand-over cover is gone
    reserved = None     # the card Spain keeps
    interrupted = False
    fired = None
    ended_after_fire = False
    f12_shot("1_start")
    st = None
    t_start = time.time()
    for step in range(80):
        print("step %d at %.1f s" % (step, time.time() - t_start))
        # The engine autosaves after every command; before the first there is none.
        st = state() if os.path.exists(save) else None
        if st is None:
            button(0)  # "Draw a card"
            continue
        d = st["decision"]
        if viewer is None:
            viewer = d["side"]
        elif d["side"] and d["side"] != viewer:
            hand_over()  # hot-seat: pass the mouse, dismiss the cover
            viewer = d["side"]
        if pending:
            shot(pending)  # the step before, once the cover is gone
            pending = None
        held = st["hands"][str(SPAIN)]
        if reserved and not any(h["card"] == reserved for h in held):
            if not interrupted:
                reserved = None  # an End of Turn took it back into the deck
        kind, figs = d["kind"], st["figures"]
        if ended_after_fire:
            break
        if kind == "draw_card":
            button(0)
            if step < 3:
                shot("2_drawn")
        elif kind == "use_card":
            leader = figs.get(str(d["figure"]), {})
            if (d["side"] == SPAIN and reserved is None and
                    leader.get("unit_name") == "1st Section"):
                reserved = d["card"]
                shot("3_card_up")
                button(1)  # "Reserve card"
                pending = "4_reserved"
            else:
                button(0)  # "Act"
        elif kind == "interrupt":
            if d["side"] == SPAIN and reserved and not interrupted:
                shot("5_interrupt_offer")
                button(0)  # "Play <leader> first"
                interrupted = True
                shot("6_interrupt_played")
            else:
                button(1)  # "Pass"
        elif kind == "act":
            if interrupted and d["side"] == SPAIN and fired is None:
                fires = [c for c in st["legal"] if c["kind"] == "fire" and
                         len(c.get("figures", [])) >= 2 and
                         all(figs[str(f)]["unit_name"] == "1st Section" and
                             figs[str(f)]["role"] == "soldier" for f in c["figures"])]
                fires.sort(key=lambda c: -len(c["figures"]))
                check(bool(fires), "the 1st Section has a legal formation fire")
                if not fires:
                    break
                fire = fires[0]
                print("firing:", json.dumps(fire))
                # Select the formation's firers: a click, then Shift+click for the rest.
                for i, f in enumerate(fire["figures"]):
                    move(*figs[str(f)]["pos"])
                    if i == 1:
                        run("xdotool", "keydown", "shift")
                    run("xdotool", "click", "1")
                    time.sleep(0.12)
                run("xdotool", "keyup", "shift")
                time.sleep(0.3)
                key("t")
                tpos = figs[str(fire["target"])]["pos"]
                move(tpos[0] + 0.3, tpos[1])
                move(*tpos)
                shot("7_aim")
                move(*tpos)
                run("xdotool", "click", "1")
                time.sleep(0.5)
                fired = fire
                shot("8_fired")
            else:
                end = [i for i, o in enumerate(st["orders"]) if o["kind"] == "end_activation"]
                check(bool(end), "End activation is among the numbered orders")
                if not end:
                    break
                key(str(end[0] + 1))
                if fired:
                    ended_after_fire = True
        elif kind == "allocate_hits":
            alloc = [c for c in st["legal"] if c["kind"] == "allocate"]
            check(bool(alloc), "a suggested allocation is offered")
            if not alloc:
                break
            for f in alloc[0]["figures"]:
                move(*figs[str(f)]["pos"])
                run("xdotool", "click", "1")
                time.sleep(0.25)
            shot("9_allocate")
            key("Return")
        else:
            break
    shot("10_end")
    # Ctrl+Q quits from every screen at once (the cover and the menus too); on a loaded machine
    # the key can still arrive late or be lost by the X server, so wait for the exit itself
    # with a generous deadline, sending the key again every 10 s (quitting twice is harmless).
    quit_game(proc, wid)
    check(proc.poll() is not None, "play exits on Ctrl+Q")
    if proc.poll() is None:
        proc.kill()
        proc.wait()
    check(proc.returncode == 0, "play exits 0 (got %s)" % proc.returncode)
    st = state()
    cmds = st["commands"]
    kinds = [c["kind"] for c in cmds]
    print("log:", " ".join(kinds))
    res = [c for c in cmds if c["kind"] == "reserve_card"]
    plays = [c for c in cmds if c["kind"] == "play_reserved"]
    check(bool(res), "a card was reserved (log has reserve_card)")
    check(bool(plays) and plays[-1].get("card") == reserved,
          "the reserved card %s was played as an interrupt (%s)" %
          (reserved, [p.get("card") for p in plays]))
    fires = [c for c in cmds if c["kind"] == "fire"]
    check(bool(fires), "a fire was logged")
    if fires:
        f = fires[-1]
        figs = st["figures"]
        units = {figs[str(i)]["unit_name"] for i in f["figures"]}
        check(len(f["figures"]) >= 2 and units == {"1st Section"},
              "fire by %d figures of %s" % (len(f["figures"]), units))
        check(figs[str(f["figures"][0])]["formation"] == "line", "the firers stand in line")
        check(kinds.index("play_reserved") < kinds.index("fire"),
              "the fire came on the interrupting card")
    check("end_activation" in kinds[kinds.index("fire"):] if "fire" in kinds else False,
          "the activation was ended by its number key")
    text = open(log.name).read()
    ours = [blk for blk in text.split("leak of ")[1:]
            if any(SOURCES + "/src/" in line or "/src/" in line and "sandtable" in line
                   for line in blk.split("\n\n")[0].splitlines())]
    check(not ours, "no leak through our own code (%d found)" % len(ours))
    check("Reserve card" in text, "the reserve was reported in the window")
    print("screenshots:", " ".join(shots))
finally:
    if proc.poll() is None:
        proc.kill()
    print(open(log.name).read()[-4000:])
    shutil.rmtree(data, ignore_errors=True)
sys.exit(1 if fails else 0)
