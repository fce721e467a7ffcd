"""Case-by-case comparison of a vector file with the cases a model computes.

The checkers that rebuild a whole file from their model (extuuid_independent.py,
generators_independent.py) compare through here, so that a difference names the case and
the member at fault instead of only saying that the file differs.
"""

import json
import os


def vector_dir(argv, default):
    """The directory of the vector files: `--dir DIR` in argv, else `default` (a test points
    the checkers at a mutated copy this way)."""
    if "--dir" in argv:
        i = argv.index("--dir")
        if i + 1 >= len(argv):
            raise SystemExit("--dir needs a directory")
        return argv[i + 1]
    return default


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def short(value):
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 200 else text[:200] + "..."


def compare(on_disk, model, show=print):
    """Prints one `FAIL family/name: ...` line per difference between the file's document and
    the model's; returns how many there are."""
    family = model.get("family")
    bad = 0

    def fail(msg):
        nonlocal bad
        bad += 1
        show("FAIL " + msg)

    for key in sorted(set(on_disk) | set(model)):
        if key != "cases" and on_disk.get(key) != model.get(key):
            fail("%s: header %s is %s, the model has %s"
                 % (family, key, short(on_disk.get(key)), short(model.get(key))))
    file_cases = on_disk.get("cases", [])
    names = [c.get("name") for c in file_cases]
    for name in {n for n in names if names.count(n) > 1}:
        fail("%s/%s: the name is used more than once" % (family, name))
    by_name = {c.get("name"): c for c in file_cases}
    wanted = {c["name"]: c for c in model["cases"]}
    for name, want in wanted.items():
        got = by_name.get(name)
        if got is None:
            fail("%s/%s: missing from the file" % (family, name))
            continue
        for key in sorted(set(got) | set(want)):
            if got.get(key) != want.get(key):
                fail("%s/%s: %s is %s in the file, the model gives %s"
                     % (family, name, key, short(got.get(key)), short(want.get(key))))
    for name in by_name:
        if name not in wanted:
            fail("%s/%s: not a case of the model" % (family, name))
    if not bad and names != list(wanted):
        fail("%s: the cases are not in the model's order" % family)
    return bad


def check_file(path, model):
    """compare() against the file at `path`, with a summary line; the exit status."""
    if not os.path.exists(path):
        print("FAIL %s: no such file" % path)
        return 1
    bad = compare(load(path), model)
    name = os.path.basename(path)
    if bad:
        print("%s: %d difference(s) from the model" % (name, bad))
        return 1
    print("%s: %d cases agree with the model" % (name, len(model["cases"])))
    return 0
