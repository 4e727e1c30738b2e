#!/usr/bin/env python3
"""Launch to first frame (issue 19), a benchmark, not a test: `sandtable play SCENARIO` under
Xvfb, from the exec to the "window ready" line sandtable prints after presenting its first frame,
against tools/bench/bare_window (an SDL window and renderer cleared and presented once, nothing
else, opened as the platform opens one) and `bare_window --accelerated` (SDL's "accelerated"
renderer first, which under Xvfb is OpenGL in software) started the same way in the same run,
interleaved. Prints medians of wall time and of the child's CPU time (the machine is shared: CPU
time is what the program spent, wall time includes the neighbours), each as a ratio to the bare
window's.

    python3 tools/bench/first_frame.py [--display :N] [--runs N] [--before BUILD_DIR] [SCENARIO]

--before: another build's src/sandtable (main's, say) launched in the same rounds, for a
before / after in one run. Default SCENARIO: the largest shipped one (by file size); default
display: a free one.
"""
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BUILD = os.path.join(ROOT, "build")


def largest_scenario():
    d = os.path.join(ROOT, "scenarios")
    files = [os.path.join(d, f) for f in os.listdir(d) if f.endswith(".json")]
    return max(files, key=os.path.getsize)


def launch(argv, env):
    """Wall and CPU seconds from exec to the 'window ready' line; the child is then ended."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.monotonic()
    p = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                         text=True)
    wall = None
    for line in p.stderr:
        if "window ready" in line:
            wall = time.monotonic() - t0
            break
    p.kill()
    p.wait()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if wall is None:
        sys.exit("first_frame: %s never printed 'window ready'" % argv[0])
    return wall, cpu


def start_xvfb(display):
    """An Xvfb on display (or a free one it picks), up for a second; tried three times, since a
    display another program takes at the same moment makes it exit at once."""
    for _ in range(3):
        if display:
            xvfb = subprocess.Popen(["Xvfb", display, "-screen", "0", "1600x1000x24", "-nolisten",
                                     "tcp"], stderr=subprocess.DEVNULL)
            shown = display
        else:  # a free display number, chosen by Xvfb
            rd, wr = os.pipe()
            xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(wr), "-screen", "0",
                                     "1600x1000x24", "-nolisten", "tcp"], pass_fds=(wr,),
                                    stderr=subprocess.DEVNULL)
            os.close(wr)
            shown = ":" + os.read(rd, 64).decode().strip()
            os.close(rd)
        time.sleep(1.0)  # Xvfb up (the bench is not a test: a failed start says so below)
        if xvfb.poll() is None and shown != ":":
            return xvfb, shown
        xvfb.wait()
    sys.exit("first_frame: Xvfb %s did not start (three tries)" % (display or "on a free display"))


def main():
    args = sys.argv[1:]
    display, runs, scenario, before = None, 7, None, None
    while args:
        a = args.pop(0)
        if a == "--display":
            display = args.pop(0)
        elif a == "--runs":
            runs = int(args.pop(0))
        elif a == "--before":
            before = os.path.join(os.path.abspath(args.pop(0)), "src", "sandtable")
        else:
            scenario = a
    scenario = scenario or largest_scenario()
    sandtable = os.path.join(BUILD, "src", "sandtable")
    bare = os.path.join(BUILD, "tools", "bench", "bare_window")
    for exe in (sandtable, bare) + ((before,) if before else ()):
        if not os.path.exists(exe):
            sys.exit("first_frame: build %s first (ninja -C build)" % exe)
    if not shutil.which("Xvfb"):
        sys.exit("first_frame: needs Xvfb")
    xvfb, display = start_xvfb(display)
    home = tempfile.mkdtemp(prefix="sandtable_ff_")
    try:
        env = dict(os.environ, DISPLAY=display, HOME=home, XDG_DATA_HOME=home,
                   XDG_CONFIG_HOME=home)
        commands = {"bare": [bare], "bare GL": [bare, "--accelerated"],
                    "sandtable": [sandtable, "play", scenario]}
        if before:
            commands["before"] = [before, "play", scenario]
        rows = {k: [] for k in commands}
        for argv in commands.values():  # warm the page cache for each
            launch(argv, env)
        for _ in range(runs):
            for k, argv in commands.items():
                rows[k].append(launch(argv, env))
        med = {k: (statistics.median(w for w, _ in v), statistics.median(c for _, c in v))
               for k, v in rows.items()}
        print("launch to first frame, %s, %d runs each, Xvfb %s" %
              (os.path.relpath(scenario, ROOT), runs, display))
        for k in commands:
            w, c = med[k]
            print("  %-10s wall %6.1f ms (x%.2f of bare)  CPU %6.1f ms (x%.2f of bare, x%.2f of "
                  "bare GL)" % (k, w * 1e3, w / med["bare"][0], c * 1e3, c / med["bare"][1],
                                c / med["bare GL"][1]))
    finally:
        xvfb.kill()
        xvfb.wait()
        shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    main()
