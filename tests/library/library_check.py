#!/usr/bin/env python3
"""Checks of the scenario library (issue 8): every shipped scenario loads, the bots play each to
its end, the Baler scenario puts its marksmen on the roof and in the steeple, and the gallery
(docs/scenarios.md, README.md) shows every scenario with an image that exists.

usage: library_check.py validate|simulate|baler|gallery
SANDTABLE_EXE and SANDTABLE_SOURCE_DIR come from the test environment (tests/meson.build)."""
import glob
import json
import os
import re
import struct
import subprocess
import sys

SRC = os.environ.get("SANDTABLE_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))
EXE = os.environ.get("SANDTABLE_EXE", os.path.join(SRC, "build", "src", "sandtable"))
MAX_IMAGE_BYTES = 400 * 1024
failures = []


def fail(msg):
    failures.append(msg)
    print("FAIL " + msg)


def scenarios():
    found = sorted(glob.glob(os.path.join(SRC, "scenarios", "*.json")))
    if not found:
        fail("no scenarios in %s/scenarios" % SRC)
    return found


def run(args):
    return subprocess.run([EXE] + args, capture_output=True, text=True, timeout=300)


def check_validate():
    files = scenarios()
    for path in files:
        r = run(["validate", path])
        if r.returncode != 0 or r.stdout.strip() != "%s: ok" % path or r.stderr:
            fail("validate %s: exit %d, out %r, err %r" % (path, r.returncode, r.stdout, r.stderr))
        info = run(["info", path])
        title = json.load(open(path, encoding="utf-8"))["title"]
        if info.returncode != 0 or title not in info.stdout:
            fail("info %s: exit %d, title %r not in its summary" % (path, info.returncode, title))
    # The loader must still refuse a broken copy (so "ok" above means something).
    r = subprocess.run([EXE, "validate", "/dev/stdin"], input='{"title": "x"}', capture_output=True,
                       text=True, timeout=60)
    if r.returncode == 0 or "ruleset" not in r.stderr:
        fail("validate accepted a scenario without a rule set: %r" % r.stderr)
    print("validated %d scenarios" % len(files))


def simulate(path, games, bots, extra=()):
    r = run(["simulate", path, "-n", str(games), "--seed", "11", "--bots", bots, "--json"] +
            list(extra))
    if r.returncode != 0 or r.stderr:
        fail("simulate %s (%s): exit %d, stderr %r" % (path, bots, r.returncode, r.stderr))
        return None
    try:
        return json.loads(r.stdout)
    except ValueError as e:
        fail("simulate %s (%s): output is not JSON: %s" % (path, bots, e))
        return None


def check_summary(path, bots, s, games):
    name = "%s (%s)" % (os.path.basename(path), bots)
    if s["games"] != games or s["finished"] != games:
        fail("%s: %d of %d games finished (the rest hit the command cap)" % (name, s["finished"], games))
    wins = sum(side["wins"] for side in s["sides"])
    if wins + s["draws"] != games:
        fail("%s: %d wins + %d draws != %d games" % (name, wins, s["draws"], games))
    if len(s["sides"]) < 2 or s["mean_turns"] < 1 or s["mean_commands"] <= 0:
        fail("%s: implausible summary %r" % (name, s))
    # Greedy bots seek the fight; random ones may wander for a few games without meeting (in
    # the cwr ambush 8 of 20 random games see a casualty), so only greedy games must have one.
    if bots == "greedy" and sum(c["removed"] for c in s["casualties_by_rule"]) == 0:
        fail("%s: no casualties in %d games" % (name, games))
    print("%s: %s, draws %d, mean turns %.2f" % (
        name, ", ".join("%s %d" % (x["name"], x["wins"]) for x in s["sides"]), s["draws"],
        s["mean_turns"]))


def check_simulate():
    # Few games keep this fast under ASan (a tiny game takes about 0.5 s optimised).
    for path in scenarios():
        games = 1 if json.load(open(path, encoding="utf-8"))["ruleset"] == "tiny" else 3
        for bots in ("greedy", "random"):
            s = simulate(path, games, bots)
            if s:
                check_summary(path, bots, s, games)


def inside(p, rect):
    return rect[0] <= p[0] <= rect[2] and rect[1] <= p[1] <= rect[3]


def check_baler():
    path = os.path.join(SRC, "scenarios", "lcr_baler.json")
    d = json.load(open(path, encoding="utf-8"))
    if d["ruleset"] != "lcr" or "campaign" not in d:
        fail("lcr_baler.json: expected an lcr scenario in a campaign")
    church = [t["rect"] for t in d["terrain"] if t["type"] == "church"]
    if len(church) != 2:
        fail("lcr_baler.json: expected the church and its bell tower, got %d" % len(church))
    types = {t["name"]: t for t in d.get("terrain_types", [])}
    church_ft = types["church"]["height_ft"]
    town_ft = max(t.get("height_ft", 15) for t in d["terrain"] if t["type"] == "town")
    posture = {}
    for u in d["units"]:
        dflt = u.get("defaults", {}).get("posture", "foot")
        for f in u.get("figures", []):
            p = f.get("posture", dflt)
            posture.setdefault(p, []).append(f["pos"])
            if p in ("roof", "steeple") and not any(inside(f["pos"], r) for r in church):
                fail("lcr_baler.json: %s on the %s stands outside the church" % (f.get("name"), p))
        for b in u.get("blocks", []):
            p = b.get("posture", dflt)
            posture.setdefault(p, []).append(b["origin"])
    if len(posture.get("roof", [])) < 2 or len(posture.get("steeple", [])) < 2:
        fail("lcr_baler.json: expected men on the roof and in the steeple: %r" % list(posture))
    # Seed 000: roof 12 ft, steeple 24 ft: both must see over the church's roof line and the
    # barrios, men on foot (6 ft) must not.
    if not (6 < town_ft < 12 and 6 < church_ft < 12):
        fail("lcr_baler.json: heights church %s ft, barrios %s ft: roof men must see over them"
             % (church_ft, town_ft))
    sides = {u["side"] for u in d["units"]}
    count = {s: 0 for s in sides}
    for u in d["units"]:
        count[u["side"]] += len(u.get("figures", [])) + sum(b["count"] for b in u.get("blocks", []))
    if not count["Filipino"] > 2 * count["Spanish"]:
        fail("lcr_baler.json: the besiegers should be many: %r" % count)
    # Both sides win now and then: 12 games each with greedy and random bots (fixed seed).
    wins = {}
    for bots in ("greedy", "random"):
        s = simulate(path, 12, bots)
        if not s:
            return
        check_summary(path, bots, s, 12)
        if bots == "greedy":
            # Same seed, same games, on one job or two: the summary is reproducible.
            again = simulate(path, 12, bots, ["--jobs", "2"])
            timing = ("seconds", "jobs", "level_ms_per_decision")  # the clock's, not the games'
            if again and {k: v for k, v in s.items() if k not in timing} != {
                    k: v for k, v in again.items() if k not in timing}:
                fail("lcr_baler.json: two runs with seed 11 differ")
        for side in s["sides"]:
            wins[side["name"]] = wins.get(side["name"], 0) + side["wins"]
    if min(wins.values()) == 0:
        fail("lcr_baler.json: one side never wins: %r" % wins)


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    if head[:8] != b"\x89PNG\r\n\x1a\n":
        return None
    return struct.unpack(">II", head[16:24])


def check_images(doc, text):
    refs = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", text)
    for ref in refs:
        img = os.path.normpath(os.path.join(os.path.dirname(doc), ref))
        if not os.path.isfile(img):
            fail("%s: image %s does not exist" % (os.path.basename(doc), ref))
        elif png_size(img) is None:
            fail("%s: %s is not a PNG" % (os.path.basename(doc), ref))
        elif os.path.getsize(img) > MAX_IMAGE_BYTES:
            fail("%s: %s is %d bytes (at most %d)" % (os.path.basename(doc), ref,
                                                     os.path.getsize(img), MAX_IMAGE_BYTES))
    return refs


def check_gallery():
    doc = os.path.join(SRC, "docs", "scenarios.md")
    text = open(doc, encoding="utf-8").read()
    refs = check_images(doc, text)
    sections = re.split(r"^## ", text, flags=re.M)[1:]
    for path in scenarios():
        name = os.path.splitext(os.path.basename(path))[0]
        title = json.load(open(path, encoding="utf-8"))["title"]
        entry = [s for s in sections if ("`%s.json`" % name) in s.splitlines()[0]]
        hint = ("add a section '## TITLE — `%s.json`' to docs/scenarios.md with the image made by "
                "`sandtable preview scenarios/%s.json -o docs/images/%s.png --width 1200`"
                % (name, name, name))
        if len(entry) != 1:
            fail("docs/scenarios.md: no single entry for %s.json: %s" % (name, hint))
            continue
        if title not in entry[0].splitlines()[0]:
            fail("docs/scenarios.md: the entry for %s.json lacks its title %r" % (name, title))
        if ("images/%s.png" % name) not in entry[0]:
            fail("docs/scenarios.md: the entry for %s.json shows no images/%s.png" % (name, name))
        size = png_size(os.path.join(SRC, "docs", "images", name + ".png")) or (0, 0)
        if size[0] != 1200:
            fail("docs/images/%s.png: %dx%d, expected the 1200 px preview" % (name, *size))
        if ("play scenarios/%s.json" % name) not in entry[0] and "lcr_teaching" != name:
            fail("docs/scenarios.md: the entry for %s.json does not say how to play it" % name)
    readme = os.path.join(SRC, "README.md")
    rtext = open(readme, encoding="utf-8").read()
    rrefs = check_images(readme, rtext)
    for want in ("docs/images/lcr_teaching.png", "docs/images/play.png"):
        if want not in rrefs:
            fail("README.md: shows no %s" % want)
    for heading in ("## Scenarios", "## Screenshots"):
        if heading not in rtext:
            fail("README.md: no section %r" % heading)
    if "(docs/scenarios.md)" not in rtext:
        fail("README.md: no link to docs/scenarios.md")
    print("gallery: %d images in docs/scenarios.md, %d in README.md" % (len(refs), len(rrefs)))


def main():
    checks = {"validate": check_validate, "simulate": check_simulate, "baler": check_baler,
              "gallery": check_gallery}
    if len(sys.argv) != 2 or sys.argv[1] not in checks:
        print(__doc__)
        return 2
    checks[sys.argv[1]]()
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
