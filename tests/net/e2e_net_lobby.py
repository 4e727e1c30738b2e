#!/usr/bin/env python3
"""End to end with two real windows on one display: Anna hosts from her start screen (H, her
name, a port, Enter), Ben joins from his (J, the address, his name, Enter); the lobby names them
both, both press Ready and the match starts; Anna's command reaches Ben's table; Ben opens the
chat line (Shift+T), types and sends it, Anna answers: both windows show both lines (the chat
panel over the table, and their log), both saves keep them as notes, and the two saves agree
command for command, hash for hash. Ports from 47200-47299 on 127.0.0.1 only. Skips (77)
without a display or xdotool/import.

  e2e_net_lobby.py SANDTABLE ARTIFACTS
"""
import json
import os
import random
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "ui"))
import e2e_common  # noqa: E402

EXE = os.path.abspath(sys.argv[1])
ARTIFACTS = sys.argv[2]
DEADLINE = 60
fails = []
T0 = time.time()
W, H = 900, 600  # each window (points)


def check(cond, what):
    print("%5.1fs " % (time.time() - T0) + ("ok   " if cond else "FAIL ") + what)
    if not cond:
        fails.append(what)
    return cond


def until(pred, seconds=DEADLINE):
    end = time.time() + seconds
    while time.time() < end:
        v = pred()
        if v:
            return v
        time.sleep(0.1)
    return pred()


def ours_line(line):
    """A stack frame in our own code (not the sanitizer's or a system library's)."""
    src = os.path.abspath(os.environ.get("SANDTABLE_SOURCE_DIR", "."))
    return "libsanitizer" not in line and (src + "/src/" in line or " ../src/" in line
                                           or ("/src/" in line and "sandtable" in line))


def xdo(*args):
    return subprocess.run(["xdotool"] + [str(a) for a in args], capture_output=True,
                          text=True).stdout


class Player:
    def __init__(self, tmp, who):
        self.data = os.path.join(tmp, who)
        os.makedirs(os.path.join(self.data, "sandtable"))
        with open(os.path.join(self.data, "sandtable", "settings.json"), "w") as f:
            json.dump({"window_w": W, "window_h": H}, f)
        self.err = os.path.join(tmp, who + ".err")
        env = dict(e2e_common.game_env(self.data), SANDTABLE_NET_BIND="127.0.0.1")
        self.p = subprocess.Popen([EXE, "play"], stdout=subprocess.DEVNULL,
                                  stderr=open(self.err, "w"), env=env)
        self.wid = None

    def log(self):
        with open(self.err) as f:
            return f.read()

    def window(self, others=()):
        """Waits for the window and finds where it is (the two may overlap: keys go to each by
        its id, and each is raised before its pixels are read)."""
        if not until(lambda: "window ready" in self.log()):
            sys.exit("FAIL: no window: " + self.log())
        # this process's window (other window tests may share the display)
        ids = until(lambda: [w for w in xdo("search", "--pid", self.p.pid).split()
                             if w not in others and xdo("getwindowpid", w).strip()
                             == str(self.p.pid)])
        self.wid = ids[-1]
        # its size settled (the settings' size applied): keys sent before may be lost
        last = [None]

        def settled():
            geo = xdo("getwindowgeometry", "--shell", self.wid)
            same = geo == last[0] and "WIDTH=%d" % W in geo
            last[0] = geo
            return same
        until(settled)
        geo = dict(l.split("=") for l in xdo("getwindowgeometry", "--shell", self.wid).split())
        self.x, self.y = int(geo["X"]), int(geo["Y"])
        self.w, self.h = int(geo["WIDTH"]), int(geo["HEIGHT"])

    def key(self, *keys):
        xdo("key", "--window", self.wid, *keys)

    def type(self, text):
        xdo("type", "--window", self.wid, text)

    def save(self, name):
        try:
            with open(os.path.join(self.data, "sandtable", name)) as f:
                return json.load(f)
        except (OSError, ValueError):
            return None

    def rgb(self, x, y):
        out = e2e_common.run("import", "-window", "root", "-crop",
                             "1x1+%d+%d" % (self.x + x, self.y + y), "-depth", "8", "txt:-")
        v = out.splitlines()[1].split("#")[1][:6]
        return int(v[0:2], 16), int(v[2:4], 16), int(v[4:6], 16)


def main():
    e2e_common.require_window_tools()
    with tempfile.TemporaryDirectory(prefix="sandtable-e2e-lobby-") as tmp:
        anna, ben = Player(tmp, "anna"), Player(tmp, "ben")
        try:
            anna.window()
            ben.window([anna.wid])
            check(anna.wid != ben.wid, "two windows")
            # Anna hosts the selected scenario from her start screen; a port taken by another
            # program is refused on the form, and she tries the next
            anna.key("h")
            check(until(lambda: "the host form" in anna.log()), "H opens the host form")
            anna.key("ctrl+u")
            anna.type("Anna")
            port = None
            for port in random.sample(range(47200, 47300), 5):
                anna.key("Tab", "ctrl+u")
                anna.type(str(port))
                anna.key("Return")
                until(lambda: "hosting on port %d" % port in anna.log()
                             or "cannot host or join" in anna.log(), 20)
                if "hosting on port %d" % port in anna.log():
                    break
                anna.key("shift+Tab")
            if not check("hosting on port %d" % port in anna.log(),
                         "Anna hosts from the start screen"):
                sys.exit("FAIL: " + anna.log())
            # Ben joins from his
            ben.key("j")
            check(until(lambda: "the join form" in ben.log()), "J opens the join form")
            ben.type("127.0.0.1:%d" % port)
            ben.key("Up", "ctrl+u")
            ben.type("Ben")
            ben.key("Return")
            check(until(lambda: "(Ben) joined as Moro" in anna.log()),
                  "Ben joins from his start screen, named, as the Moro")
            check("every player is ready" not in anna.log(), "nothing starts before Ready")
            anna.key("r")
            ben.key("r")
            check(until(lambda: "every player is ready: the match starts" in anna.log()),
                  "both press Ready: the match starts")
            # Anna plays the Spanish, the first to decide: draw a card
            anna.key("1")
            check(until(lambda: len((ben.save("network-client.json") or {})
                                    .get("commands", [])) >= 1),
                  "Anna's command reaches Ben's table (his save has it)")
            # chat both ways
            ben.key("shift+t")
            check(until(lambda: "chat: the line opens" in ben.log()), "Shift+T opens the chat line")
            ben.type("Hold the ford, Anna")
            ben.key("Return")
            line = "chat: Ben: Hold the ford, Anna"
            check(until(lambda: line in anna.log() and line in ben.log()),
                  "Ben's chat line shows on both sides")
            anna.key("shift+t")
            check(until(lambda: "chat: the line opens" in anna.log()), "and Anna's")
            anna.type("On my way")
            anna.key("Return")
            line = "chat: Anna: On my way"
            check(until(lambda: line in anna.log() and line in ben.log()),
                  "Anna's answer shows on both sides")

            def panel(p):
                # the chat panel's dark box over the table, bottom left (scale 1)
                return max(p.rgb(200, p.h - 150)) < 0x50
            for p in (anna, ben):
                xdo("windowraise", p.wid)
                check(until(lambda: panel(p), 20), "the chat panel is drawn over the table")
            e2e_common.screenshot(os.path.join(ARTIFACTS, "e2e_net_chat.png"))  # Ben's, on top

            def texts(s):
                return [n.get("text") for n in (s or {}).get("notes", [])]
            want = ["Hold the ford, Anna", "On my way"]
            check(until(lambda: texts(anna.save("network-host.json")) == want
                        and texts(ben.save("network-client.json")) == want),
                  "both saves keep the chat as notes")
            hs, cs = anna.save("network-host.json"), ben.save("network-client.json")
            check(hs and cs and hs["commands"] and
                  [c["hash"] for c in hs["commands"]] == [c["hash"] for c in cs["commands"]],
                  "the two saves agree, hash for hash (%d commands)"
                  % len((hs or {}).get("commands", [])))
            for p in (anna, ben):  # both at once, as two players leaving the table
                e2e_common.send_quit(p.wid)
            for p in (anna, ben):
                e2e_common.quit_game(p.p, p.wid)  # sends the key again only if still open
                p.p.wait(timeout=DEADLINE)
                if not check(p.p.returncode == 0,
                             "the window closes cleanly (status %s)" % p.p.returncode):
                    print(p.log()[-3000:])
                # under ASan: no leak whose stack passes through our own sources
                ours = [b for b in p.log().split("leak of ")[1:]
                        if any(ours_line(line) for line in b.split("\n\n")[0].splitlines())]
                if not check(not ours, "no leak through our own code (%d found)" % len(ours)):
                    print("leak of " + "leak of ".join(ours)[:6000])
        finally:
            for p in (anna, ben):
                if p.p.poll() is None:
                    p.p.kill()
                    p.p.wait()
    if fails:
        print("FAILED: " + "; ".join(fails))
        sys.exit(1)


if __name__ == "__main__":
    main()
