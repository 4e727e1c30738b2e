#!/usr/bin/env python3
"""docs/scenario.schema.json agrees with the loader, checked by an independent validator
(Debian's python3-jsonschema):

- the schema is itself a valid draft 2020-12 schema;
- the complete example in docs/scenario-format.md, every good test file and every shipped scenario (scenarios/*.json, whatever is there when the
  test runs) is valid against the schema, and `sandtable validate` accepts it;
- every broken file under tests/scenario/bad/ that a schema can refute is rejected by the schema.
  The ones it cannot refute (references between names, duplicates, points off this table,
  crossing polygons, bytes that are not JSON to jansson) are listed below, each with its reason;
  any other bad file must be schema-detectable.
"""
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

import jsonschema

SRC = os.environ.get("SANDTABLE_SOURCE_DIR") or os.path.join(os.path.dirname(__file__), "..", "..")
EXE = sys.argv[1] if len(sys.argv) > 1 else os.environ.get("SANDTABLE_EXE")

# Bad files the schema cannot refute, and why.
SEMANTIC_ONLY = {
    "block_off_table": "block positions depend on the table size",
    "duplicate_figure": "uniqueness of names",
    "duplicate_side": "uniqueness of names",
    "duplicate_terrain_type": "uniqueness of names",
    "duplicate_unit": "uniqueness of names",
    "entry_not_on_edge": "the edge line depends on the table size",
    "figure_off_table": "the table size is data",
    "parent_cycle": "references between units",
    "point_off_table": "the table size is data",
    "polygon_self_intersecting": "geometry",
    "rect_inverted": "comparison between two numbers",
    "reinforcement_twice": "uniqueness across reinforcements",
    "reinforcement_wrong_side": "references between units and sides",
    "too_many_figures": "the cap counts the figures of every unit and block together",
    "too_many_terrain_types": "the cap of 64 counts the built-in types, which a file may also change",
    "too_many_ranks": "comparison between two numbers",
    "unknown_commander": "references to figures",
    "unknown_parent": "references to units",
    "unknown_terrain_type": "references to terrain types",
    "unknown_unit_side": "references to sides",
    "nul_in_string": "jansson refuses \\u0000; JSON and the schema allow it",
}


class NotJson(Exception):
    pass


def no_duplicates(pairs):
    keys = [k for k, _ in pairs]
    if len(keys) != len(set(keys)):
        raise NotJson("duplicate key")
    return dict(pairs)


def load(path):
    """The document, or NotJson when jansson would refuse the bytes as JSON."""
    with open(path, "rb") as f:
        data = f.read()
    try:
        return json.loads(data.decode("utf-8-sig"), object_pairs_hook=no_duplicates)
    except (UnicodeDecodeError, ValueError, RecursionError) as e:
        raise NotJson(str(e))


def loader_path(expect_file):
    """The JSON path of the loader's message in a .expect file, as a list of keys and indices."""
    with open(expect_file) as f:
        m = re.match(r"^[^:]*:\d+:\d+: (\$\S*): ", f.read())
    if not m:
        return None
    steps = []
    for key, index, quoted in re.findall(r'\.([A-Za-z_$][\w$]*)|\[(\d+)\]|\["(.*?)"\]', m.group(1)):
        steps.append(int(index) if index else (key or quoted))
    return steps


def fmt(steps):
    return "$" + "".join(f"[{s}]" if isinstance(s, int) else f".{s}" for s in steps)


def main():
    with open(os.path.join(SRC, "docs", "scenario.schema.json")) as f:
        schema = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    failures = []

    good = sorted(glob.glob(os.path.join(SRC, "tests", "scenario", "good", "*.json")))
    shipped = sorted(glob.glob(os.path.join(SRC, "scenarios", "*.json")))
    if not good:
        failures.append("no good test files found")
    for path in good + shipped:
        rel = os.path.relpath(path, SRC)
        try:
            errors = list(validator.iter_errors(load(path)))
        except NotJson as e:
            failures.append(f"{rel}: not JSON: {e}")
            continue
        for err in errors[:3]:
            where = "$" + "".join(f"[{p!r}]" for p in err.absolute_path)
            failures.append(f"{rel}: schema: {where}: {err.message}")
        if EXE:
            run = subprocess.run([EXE, "validate", path], capture_output=True, text=True)
            if run.returncode != 0:
                failures.append(f"{rel}: sandtable validate: {run.stderr.strip()}")

    # The complete example in docs/scenario-format.md stays true.
    with open(os.path.join(SRC, "docs", "scenario-format.md")) as f:
        m = re.search(r"## A complete example\n\n```json\n(.*?)```", f.read(), re.S)
    if not m:
        failures.append("docs/scenario-format.md: no complete example found")
    else:
        example = json.loads(m.group(1))
        for err in list(validator.iter_errors(example))[:3]:
            failures.append(f"docs example: schema: {err.message}")
        if EXE:
            with tempfile.NamedTemporaryFile("w", suffix=".json") as tmp:
                tmp.write(m.group(1))
                tmp.flush()
                run = subprocess.run([EXE, "validate", tmp.name], capture_output=True, text=True)
            if run.returncode != 0:
                failures.append(f"docs example: sandtable validate: {run.stderr.strip()}")

    bad = sorted(glob.glob(os.path.join(SRC, "tests", "scenario", "bad", "*.json")))
    detected = 0
    for path in bad:
        stem = os.path.splitext(os.path.basename(path))[0]
        try:
            doc = load(path)
        except NotJson:
            continue  # jansson refuses it before any schema could see it
        valid = validator.is_valid(doc)
        if stem in SEMANTIC_ONLY:
            if not valid:
                failures.append(f"{stem}: listed as semantic-only but the schema rejects it; "
                                "remove it from SEMANTIC_ONLY")
            continue
        if valid:
            failures.append(f"{stem}: the loader refuses it but the schema accepts it")
            continue
        # The schema must refuse it for the loader's reason: at the loader's path or its parent.
        want = loader_path(os.path.splitext(path)[0] + ".expect")
        got = [list(e.absolute_path) for e in validator.iter_errors(doc)]
        # (no loader path: jansson refused the bytes, e.g. a number too large for it)
        stray = [g for g in got if want is not None and g not in (want, want[:-1])]
        if stray:
            failures.append(f"{stem}: schema errors at {[fmt(g) for g in stray]}, "
                            f"loader error at {fmt(want) if want is not None else '?'}")
        else:
            detected += 1

    for line in failures:
        print("FAIL", line)
    print(f"{len(good)} good, {len(shipped)} shipped, {len(bad)} bad files; "
          f"{detected} refuted by the schema; {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
