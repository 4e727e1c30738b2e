#!/usr/bin/env python3
"""Two real processes over 127.0.0.1: `sandtable host` and `sandtable join`, both --headless with
a bot on each side, play a whole seeded game and must end with the same hash.

  net_match.py play SCENARIO            the whole game
  net_match.py kill-client SCENARIO     SIGKILL the client mid-game; it resumes from its save
  net_match.py kill-host SCENARIO       SIGKILL the host mid-game; restarted from its save, the
                                        client (still running) reconnects and both finish

The host listens on port 0 (the system picks a free one, printed), so parallel runs never
collide. Every wait has a deadline; the processes carry --timeout too.
"""
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

EXE = os.path.abspath(os.environ.get("SANDTABLE_EXE", "build/src/sandtable"))
SRC = os.environ.get("SANDTABLE_SOURCE_DIR", ".")
DEADLINE = 60.0  # seconds for any one wait: generous, for a loaded machine


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


class Proc:
    """A child whose stdout lines are read as they come (a thread-free poll on the pipe)."""

    def __init__(self, args, name, tmp):
        self.name = name
        self.err_path = os.path.join(tmp, name + ".err")
        self.p = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=open(self.err_path, "ab"),
                                  cwd=tmp, env=dict(os.environ, XDG_DATA_HOME=tmp))
        os.set_blocking(self.p.stdout.fileno(), False)
        self.buf = b""
        self.lines = []

    def poll_lines(self):
        try:
            chunk = self.p.stdout.read()
        except BlockingIOError:
            chunk = None
        if chunk:
            self.buf += chunk
            *done, self.buf = self.buf.split(b"\n")
            self.lines += [l.decode() for l in done]
        return self.lines

    def wait_line(self, pattern, what):
        end = time.monotonic() + DEADLINE
        rx = re.compile(pattern)
        seen = 0
        while time.monotonic() < end:
            lines = self.poll_lines()
            for l in lines[seen:]:
                m = rx.search(l)
                if m:
                    return m
            seen = len(lines)
            if self.p.poll() is not None and not self.buf:
                self.poll_lines()
                if not any(rx.search(l) for l in self.lines[seen:]):
                    fail("%s ended (status %s) before %s; stderr:\n%s" %
                         (self.name, self.p.returncode, what, open(self.err_path).read()))
            time.sleep(0.01)
        fail("%s: no %s within %.0f s" % (self.name, what, DEADLINE))

    def finish(self):
        try:
            self.p.wait(timeout=DEADLINE)
        except subprocess.TimeoutExpired:
            self.p.kill()
            fail("%s did not end" % self.name)
        self.poll_lines()
        return self.p.returncode


def host_args(scenario, tmp, port=0, resume=False):
    a = [EXE, "host", scenario, "--port", str(port), "--bind", "127.0.0.1", "--headless", "--bot",
         "--save", os.path.join(tmp, "host.json"), "--timeout", "50", "--trace"]
    return a + (["--resume"] if resume else [])


def join_args(port, tmp):
    return [EXE, "join", "127.0.0.1:%d" % port, "--headless", "--bot", "--bot-seed", "7",
            "--save", os.path.join(tmp, "client.json"), "--resume", "--timeout", "50", "--trace"]


def final(proc):
    m = proc.wait_line(r"^over after (\d+) commands, hash ([0-9a-f]{16})$", "the final hash")
    rc = proc.finish()
    if rc != 0:
        fail("%s exited %d: %s" % (proc.name, rc, open(proc.err_path).read()))
    return int(m.group(1)), m.group(2)


def trace_hashes(proc):
    """Command number -> hash, from the --trace lines (the last one of each number wins)."""
    out = {}
    for l in proc.lines:
        m = re.match(r"^command (\d+) hash ([0-9a-f]{16})$", l)
        if m:
            out[int(m.group(1))] = m.group(2)
    return out


def check_same(host, client, resumed):
    hn, hh = final(host)
    cn, ch = final(client)
    if (hn, hh) != (cn, ch):
        fail("host ended at %d commands hash %s, client at %d hash %s" % (hn, hh, cn, ch))
    if hn < 20:
        fail("a whole game is more than %d commands" % hn)
    # every command's hash the client applied after the resume agrees with the host's
    ht, ct = trace_hashes(host), trace_hashes(client)
    for n, h in ct.items():
        if ht.get(n) != h:
            fail("command %d: host hash %s, client %s" % (n, ht.get(n), h))
    print("ok: %d commands, hash %s, both sides%s" % (hn, hh, " (after a resume)" if resumed else ""))


def main():
    mode, scenario = sys.argv[1], os.path.join(SRC, sys.argv[2])
    # saves sync after every command: on tmpfs that costs nothing (a SIGKILL, unlike a power
    # cut, loses nothing the kernel has), on a disk it is most of the test's time
    shm = "/dev/shm" if os.access("/dev/shm", os.W_OK) else None
    with tempfile.TemporaryDirectory(prefix="sandtable-net-", dir=shm) as tmp:
        host = Proc(host_args(scenario, tmp), "host", tmp)
        port = int(host.wait_line(r"^listening on port (\d+)$", "the port").group(1))
        client = Proc(join_args(port, tmp), "client", tmp)
        if mode == "play":
            check_same(host, client, False)
            return
        victim = client if mode == "kill-client" else host
        victim.wait_line(r"^command 15 hash", "command 15")
        victim.p.send_signal(signal.SIGKILL)
        victim.finish()
        if mode == "kill-client":
            before = trace_hashes(client)
            client = Proc(join_args(port, tmp), "client", tmp)
        else:
            before = trace_hashes(host)
            host = Proc(host_args(scenario, tmp, port, resume=True), "host2", tmp)
        check_same(host, client, True)
        # the match resumed from the crash-safe save, its hashes checked by the host (a log
        # that differs is sent again from the start: "resuming from command 0")
        herr = open(host.err_path).read()
        resumes = re.findall(r"resuming from command (\d+) of (\d+)", herr)
        if not resumes:
            fail("the host never took the player back:\n" + herr)
        frm, count = map(int, resumes[-1])
        if frm < 15 or count < 15:
            fail("resumed from command %d of %d, not from the save" % (frm, count))
        # and nothing the killed process traced differs from what the match became
        after = trace_hashes(host)
        for n, h in before.items():
            if after.get(n, h) != h:
                fail("command %d: hash %s before the kill, %s after" % (n, h, after[n]))
        print("resumed from command %d of %d" % (frm, count))


if __name__ == "__main__":
    main()
