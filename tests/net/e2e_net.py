#!/usr/bin/env python3
"""End to end in the real window: `sandtable host` under X with the player at the screen, a
headless bot joining over 127.0.0.1. The lobby gives way to the table when the player joins;
a command played in the window (key 1: draw a card) reaches the other side; killing the other
process with SIGKILL puts the red "Paused" banner over the table; restarting it from its save
takes the banner away, the host resuming it from where it was (hashes checked); Ctrl+Z asks
the other player to undo (the bot declines). Skips (77) without a display or xdotool/import.

  e2e_net.py SANDTABLE ARTIFACTS
"""
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "ui"))
import e2e_common  # noqa: E402

EXE = os.path.abspath(sys.argv[1])
ARTIFACTS = sys.argv[2]
SRC = os.environ.get("SANDTABLE_SOURCE_DIR", ".")
DEADLINE = 60
fails = []
T0 = time.time()


def check(cond, what):
    print("%5.1fs " % (time.time() - T0) + ("ok   " if cond else "FAIL ") + what)
    if not cond:
        fails.append(what)


def until(pred, seconds=DEADLINE):
    end = time.time() + seconds
    while time.time() < end:
        v = pred()
        if v:
            return v
        time.sleep(0.2)
    return pred()


def main():
    e2e_common.require_window_tools()
    with tempfile.TemporaryDirectory(prefix="sandtable-e2e-net-") as tmp:
        env = e2e_common.game_env(tmp)
        herr = open(os.path.join(tmp, "host.err"), "w+")
        host = subprocess.Popen([EXE, "host", os.path.join(SRC, "scenarios/lcr_toledo.json"),
                                 "--port", "0", "--bind", "127.0.0.1"],
                                stdout=subprocess.PIPE, stderr=herr, env=env, text=True)
        clients = []

        def host_log():
            return open(herr.name).read()

        def join(resume):
            cerr = open(os.path.join(tmp, "client.err"), "a")
            c = subprocess.Popen([EXE, "join", "127.0.0.1:%d" % port, "--headless", "--bot",
                                  "--save", os.path.join(tmp, "client.json"), "--timeout", "100",
                                  "--trace"] + (["--resume"] if resume else []),
                                 stdout=subprocess.PIPE, stderr=cerr, env=env, text=True)
            os.set_blocking(c.stdout.fileno(), False)
            clients.append(c)
            return c

        try:
            line = host.stdout.readline()
            m = re.match(r"listening on port (\d+)", line)
            if not m:
                sys.exit("FAIL: the host printed no port: %r %s" % (line, host_log()))
            port = int(m.group(1))
            if not until(lambda: "window ready" in host_log()):
                sys.exit("FAIL: no window: " + host_log())
            wid, geo = e2e_common.find_window(host)
            if not wid:
                sys.exit("FAIL: the window cannot be found")
            wx, wy, ww = int(geo["X"]), int(geo["Y"]), int(geo["WIDTH"])

            def pixel(x, y):
                out = e2e_common.run("import", "-window", "root", "-crop",
                                     "1x1+%d+%d" % (wx + x, wy + y), "-depth", "8", "txt:-")
                return out.splitlines()[1].split("#")[1][:6].upper()

            def rgb(x, y):
                v = pixel(x, y)
                return int(v[0:2], 16), int(v[2:4], 16), int(v[4:6], 16)

            def banner_red():
                # the banner's band (y 56-80 points at scale 1), right of the table
                r, g, b = rgb(ww - 4, 68)
                return r > 150 and g < 70 and b < 70

            def lobby():
                # the lobby's near-black cover where the table's top bar would be light text
                return max(rgb(ww // 2, 30)) < 0x20 and max(rgb(ww // 4, 400)) < 0x20

            e2e_common.screenshot(os.path.join(ARTIFACTS, "e2e_net_lobby.png"))
            check(lobby(), "the lobby covers the window while nobody joined")
            client = join(False)
            check(until(lambda: "joined as Moro" in host_log()) is not False
                  and "joined as Moro" in host_log(), "the other player joins as Moro")
            check(until(lambda: not lobby()), "the lobby gives way to the table")
            e2e_common.run("xdotool", "key", "--window", wid, "1")  # draw a card

            def traced(c, n):
                try:
                    out = c.stdout.read() or ""
                except (BlockingIOError, TypeError):
                    out = ""
                traced.buf += out
                return re.search(r"^command %d hash" % n, traced.buf, re.M) is not None
            traced.buf = ""
            check(until(lambda: traced(client, 1)), "the window's command reaches the other side")
            check(until(lambda: traced(client, 3)), "and the other side plays on")
            check(not banner_red(), "no banner while both are connected")
            client.send_signal(signal.SIGKILL)
            client.wait()
            check(until(banner_red), "SIGKILL of the other side: the Paused banner")
            e2e_common.screenshot(os.path.join(ARTIFACTS, "e2e_net_paused.png"))
            before = len(re.findall("resuming from command", host_log()))
            client = join(True)
            check(until(lambda: not banner_red()), "restarted from its save: the banner goes")
            resumes = re.findall(r"resuming from command (\d+) of (\d+)", host_log())
            check(len(resumes) > before and int(resumes[-1][0]) >= 1,
                  "the host resumed it from its save: %s" % (resumes[-1:],))
            e2e_common.run("xdotool", "key", "--window", wid, "ctrl+z")
            check(until(lambda: "declined to undo" in host_log()),
                  "Ctrl+Z asks the other player, who declines")
            e2e_common.screenshot(os.path.join(ARTIFACTS, "e2e_net_resumed.png"))
            e2e_common.quit_game(host, wid)
            host.wait(timeout=DEADLINE)
            check(host.returncode == 0, "the host window closes cleanly (status %s)" % host.returncode)
        finally:
            for p in [host] + clients:
                if p.poll() is None:
                    p.kill()
                    p.wait()
    if fails:
        print("FAILED: " + "; ".join(fails))
        sys.exit(1)


if __name__ == "__main__":
    main()
