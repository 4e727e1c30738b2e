"""What the window tests (e2e_play, e2e_turn, e2e_solo) share: skipping without a display,
running a tool, and the environment the game runs in."""
import os
import shutil
import subprocess
import sys


def skip(why):
    print("SKIP:", why)
    sys.exit(77)


def run(*args):
    return subprocess.run(args, check=True, capture_output=True, text=True).stdout


def require_window_tools():
    """Skips the test (exit 77) without an X display, xdotool or ImageMagick's import."""
    if not os.environ.get("DISPLAY"):
        skip("no DISPLAY")
    for tool in ("xdotool", "import"):
        if not shutil.which(tool):
            skip(tool + " missing")


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
    import time
    for i in range(attempts):
        done = subprocess.run(["import", "-window", "root", path], capture_output=True, text=True)
        if done.returncode == 0:
            return
        time.sleep(0.5 * (i + 1))
    raise RuntimeError("import failed %d times: %s" % (attempts, done.stderr.strip()))
