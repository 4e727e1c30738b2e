"""What the window tests (e2e_*.py here and in tests/net) share: a display of their own,
skipping without one, running a tool, and the environment the game runs in."""
import atexit
import ctypes
import os
import select
import shutil
import signal
import subprocess
import sys
import time


def skip(why):
    print("SKIP:", why)
    sys.exit(77)


def run(*args, timeout=120):
    """A tool's output; a tool that hangs (an X server gone) fails the test, bounded in time."""
    return subprocess.run(args, check=True, capture_output=True, text=True,
                          timeout=timeout).stdout


def find_window(proc=None, deadline_s=240):
    """The game's window id and geometry once settled: the same window with the same geometry
    twice in a row. Searched again each time, newest id first: SDL may replace the first window
    it creates (a GL visual), so an early id can go stale. (None, None) when the game exits or
    the deadline (generous: a sanitizer build under load starts slowly) passes."""
    last = None
    end = time.time() + deadline_s
    while time.time() < end and (proc is None or proc.poll() is None):
        try:
            ids = run("xdotool", "search", "--name", "^Sandtable$", timeout=30).split()
        except subprocess.SubprocessError:
            ids = []  # none yet (xdotool exits 1), or the server was slow
        geo = None
        if ids:
            try:
                out = run("xdotool", "getwindowgeometry", "--shell", ids[-1], timeout=30)
                geo = (ids[-1], dict(line.split("=") for line in out.split()))
            except subprocess.SubprocessError:
                geo = None  # that id went stale between the two calls
        if geo and geo == last:
            return geo
        last = geo
        time.sleep(0.2)
    return None, None


def _die_with_parent():
    """In the Xvfb child: the kernel ends it when the test process goes, however it goes."""
    try:
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except OSError:
        pass


def own_display(deadline_s=60):
    """Starts an X server for this test alone and points DISPLAY at it. Window tests run side by
    side (the suite runs several at once), and on one shared screen their windows overlap: a
    pixel read from the X server, or a key sent to the focused window, could then belong to
    another test's window. Xvfb picks a free display number itself (-displayfd), so two tests
    starting together cannot collide. False when Xvfb is missing or does not come up."""
    if not shutil.which("Xvfb"):
        return False
    rd, wr = os.pipe()
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(wr), "-screen", "0", "1600x1000x24",
                             "-nolisten", "tcp"], pass_fds=(wr,), stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, preexec_fn=_die_with_parent)
    os.close(wr)
    number = b""
    end = time.time() + deadline_s  # generous: a loaded machine starts servers slowly
    while time.time() < end and not number.endswith(b"\n") and xvfb.poll() is None:
        ready, _, _ = select.select([rd], [], [], 0.5)
        if ready:
            chunk = os.read(rd, 16)
            if not chunk:
                break
            number += chunk
    os.close(rd)
    if not number.strip().isdigit():
        xvfb.kill()
        return False
    atexit.register(lambda: (xvfb.terminate(), xvfb.wait()))
    # meson ends a test past its timeout with SIGTERM: leave through atexit, not around it.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    os.environ["DISPLAY"] = ":" + number.strip().decode()
    return True


def require_window_tools():
    """Gives the test an X display of its own (own_display; the DISPLAY it was handed when Xvfb
    is missing) and skips it (exit 77) without any display, xdotool or ImageMagick's import."""
    for tool in ("xdotool", "import"):
        if not shutil.which(tool):
            skip(tool + " missing")
    if not own_display() and not os.environ.get("DISPLAY"):
        skip("no DISPLAY")


def game_env(data):
    """The game's environment: its data (autosave, settings) in `data`. Under ASan, leaks inside
    system libraries SDL loads (some from modules unloaded at exit, so no suppression can name
    them) must not fail the run: LeakSanitizer reports without failing, and each test fails on
    any leak whose stack passes through our sources."""
    supp = os.path.join(os.path.dirname(os.path.abspath(__file__)), "lsan.supp")
    return dict(os.environ, XDG_DATA_HOME=data,
                LSAN_OPTIONS="exitcode=0:suppressions=" + supp)


def screenshot(path, attempts=10):
    """`import -window root` into path. On a loaded machine import now and then fails to grab
    the screen (it exits 1 while the server is busy); it is tried again rather than failing the
    test, which is about the game, not about import."""
    for i in range(attempts):
        try:
            done = subprocess.run(["import", "-window", "root", path], capture_output=True,
                                  text=True, timeout=60)
        except subprocess.TimeoutExpired as e:
            done = subprocess.CompletedProcess(e.cmd, 1, "", "timed out")
        if done.returncode == 0:
            return
        time.sleep(0.5 * (i + 1))
    raise RuntimeError("import failed %d times: %s" % (attempts, done.stderr.strip()))


# ---- what every window test does with the game's window ----------------------------------------

fails = []  # what check() found wrong; a test ends by failing when it is not empty
_T0 = time.time()


def check(cond, what):
    """Says ok or FAIL (with the seconds since the test began) and keeps a failure in `fails`."""
    print(("ok   " if cond else "FAIL ") + what + "  [%.1f s]" % (time.time() - _T0))
    if not cond:
        fails.append(what)


def wait_for(cond, what, deadline_s=60):
    """Polls cond() until it is true (returned), with a deadline generous for a loaded machine;
    past it, a failed check and None."""
    end = time.time() + deadline_s
    while time.time() < end:
        got = cond()
        if got:
            return got
        time.sleep(0.1)
    check(False, what + " (waited %d s)" % deadline_s)
    return None


def open_window(proc, log_path=None):
    """The game's window, settled (find_window): its id and geometry in ints (X, Y, WIDTH,
    HEIGHT). With log_path, waits first for the game's "window ready" line there (as long as
    find_window would: a sanitizer build under load starts slowly). Exits the test (the log
    printed) when no window appears."""
    if log_path:
        wait_for(lambda: "window ready" in open(log_path).read(), "the window is ready", 240)
    wid, geo = find_window(proc)
    if not wid:
        if log_path:
            print(open(log_path).read())
        sys.exit("FAIL: no window appeared")
    return wid, {k: int(v) for k, v in geo.items() if k in ("X", "Y", "WIDTH", "HEIGHT")}


def table_fit(view_w, view_h, margin, table_w, table_h):
    """Where a table point is in the window, as the table view and the editor fit the table to
    the part of the view left of their panels (view_w x view_h, `margin` px all round):
    local(x_cm, y_cm) -> (x, y) px relative to the window, and the scale in px per cm."""
    scale = min((view_w - 2 * margin) / table_w, (view_h - 2 * margin) / table_h)

    def local(x_cm, y_cm):
        return (round(view_w / 2 + (x_cm - table_w / 2) * scale),
                round(view_h / 2 + (y_cm - table_h / 2) * scale))

    return local, scale


def xdo(*steps):
    """One xdotool run for a sequence of steps (each a list of arguments), paced so that the
    window sees them apart (it takes one button change a frame, in order): one process, not
    one per step."""
    args = ["xdotool"]
    for st in steps:
        args += st + ["sleep", "0.05"]
    run(*args)


def send_quit(wid):
    """Ctrl+Q to the window. It can close between the key's press and its release, so xdotool
    failing then is no failure."""
    try:
        run("xdotool", "key", "--window", wid, "ctrl+q", timeout=60)
    except subprocess.SubprocessError:
        pass  # the window went between press and release


def quit_game(proc, wid, deadline_s=120):
    """Ctrl+Q, then the game's exit status (None when it has not gone by the deadline). The
    window can close between the key's press and its release, so xdotool failing then is no
    failure; on a loaded machine the key can arrive late or be lost, so it is sent again every
    10 s (quitting twice is harmless)."""
    end = time.time() + deadline_s
    while proc.poll() is None and time.time() < end:
        send_quit(wid)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            pass
    return proc.poll()
