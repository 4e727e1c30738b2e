#!/usr/bin/env python3
"""`sandtable preview`: the same input gives the same bytes, the size asked for, and bad input a
clear message with a non-zero exit."""
import glob
import os
import struct
import subprocess
import sys
import tempfile

EXE, SCENARIO, BAD_DIR = sys.argv[1:4]
tmp = tempfile.mkdtemp(prefix="sandtable-preview-")
env = dict(os.environ, SDL_VIDEODRIVER="dummy")
fails = []


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        fails.append(what)


def preview(*args):
    return subprocess.run([EXE, "preview", *args], capture_output=True, text=True, env=env)


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    assert head[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return struct.unpack(">II", head[16:24])


a, b = os.path.join(tmp, "a.png"), os.path.join(tmp, "b.png")
r1 = preview(SCENARIO, "-o", a, "--show", "deployment,labels,arcs,sight")
r2 = preview(SCENARIO, "-o", b, "--show", "deployment,labels,arcs,sight")
check(r1.returncode == 0 and r2.returncode == 0, "two runs succeed: " + r1.stderr + r2.stderr)
check(open(a, "rb").read() == open(b, "rb").read(), "two runs give the same bytes")
c = os.path.join(tmp, "c.png")
r = preview(SCENARIO, "-o", c, "--width", "800")
w, h = png_size(c)
check(r.returncode == 0 and w == 800, "--width 800 gives 800 px wide (got %d x %d)" % (w, h))
check(400 < h < 800, "height follows the table's aspect (got %d)" % h)
check(png_size(a)[0] == 1600, "default width 1600")

bad = sorted(glob.glob(os.path.join(BAD_DIR, "*.json")))[0]
r = preview(bad, "-o", os.path.join(tmp, "bad.png"))
check(r.returncode == 1, "a broken scenario exits 1 (got %d)" % r.returncode)
check(os.path.basename(bad) in r.stderr, "the message names the file: " + r.stderr.strip())
check(not os.path.exists(os.path.join(tmp, "bad.png")), "no image for a broken scenario")
r = preview(os.path.join(tmp, "missing.json"), "-o", os.path.join(tmp, "m.png"))
check(r.returncode == 1 and "missing.json" in r.stderr, "a missing file is named: " + r.stderr.strip())
for args, what in ((["-o", c], "no scenario"), ([SCENARIO], "no -o"),
                   ([SCENARIO, "-o", c, "--width", "12x"], "bad width"),
                   ([SCENARIO, "-o", c, "--show", "everything"], "bad --show")):
    r = preview(*args)
    check(r.returncode == 2 and r.stderr.strip() != "", "%s: exit 2 with a message (%d: %s)"
          % (what, r.returncode, r.stderr.strip().splitlines()[0] if r.stderr else ""))
r = preview(SCENARIO, "-o", os.path.join(tmp, "no", "such", "dir.png"))
check(r.returncode == 1 and "dir.png" in r.stderr, "an unwritable output is named: " + r.stderr.strip())
sys.exit(1 if fails else 0)
