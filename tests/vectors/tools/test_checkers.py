#!/usr/bin/env python3
"""The checkers catch a drifted vector: for every vector file, a copy with one expected value
changed (an output, then an error code) must make its checker exit non-zero and name the case.
Then the random cases (random_cases.py) that the matrix runs: well formed (independent.py's
--check for the ID families), the same for the same seed, other for another, and every op with valid and invalid
cases.

    python3 tests/vectors/tools/test_checkers.py     (make vectors-check runs it)

Run with an interpreter that has the checkers' packages (tools/requirements.txt).
"""

import copy
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
VECTORS = os.path.dirname(HERE)

# Which checker proves which file.
CHECKERS = {
    "wdp": "independent.py",
    "uid11": "independent.py",
    "xid": "independent.py",
    "tid": "independent.py",
    "euid": "independent.py",
    "extuuid": "extuuid_independent.py",
    "catalog": "catalog_independent.py",
    "generators": "generators_independent.py",
}


def changed(value):
    """A value of the same shape that differs from `value` in one leaf."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, (int, float)):
        return value + 1
    if isinstance(value, str):
        return value[:-1] + ("0" if value[-1:] != "0" else "1") if value else "x"
    if isinstance(value, list):
        return [changed(value[0])] + value[1:] if value else [0]
    if isinstance(value, dict):
        if not value:
            return {"x": 0}
        key = sorted(value)[0]
        return {**value, key: changed(value[key])}
    return "x"


def other_code(code):
    return "OUT_OF_RANGE" if code != "OUT_OF_RANGE" else "INVALID_FORMAT"


def pick(cases, member):
    """The case in the middle of those that have `member` (not always the first one)."""
    having = [c for c in cases if member in c]
    return having[len(having) // 2] if having else None


def run_checker(script, folder):
    env = dict(os.environ, POLYID_VECTORS_REEXEC="1", POLYID_CATALOG_REEXEC="1")
    return subprocess.run([sys.executable, os.path.join(HERE, script), "--check", "--dir", folder],
                          capture_output=True, text=True, env=env, timeout=120)


def random_cases(folder, seed):
    """The random cases of `seed` written into `folder` (those without outcomes into
    `folder`-unjudged), as {family: file text}."""
    subprocess.run([sys.executable, os.path.join(HERE, "random_cases.py"), "--out", folder,
                    "--seed", str(seed), "--unjudged", folder + "-unjudged"], check=True,
                   capture_output=True, timeout=120, env=dict(os.environ, POLYID_VECTORS_REEXEC="1"))
    out = {}
    for d, prefix in ((folder, ""), (folder + "-unjudged", "unjudged/")):
        for name in sorted(os.listdir(d)):
            with open(os.path.join(d, name), encoding="utf-8") as f:
                out[prefix + name] = f.read()
    return out


def check_random_cases(tmp):
    """The failures (printed) of the random cases' checks."""
    failures = 0
    first = random_cases(os.path.join(tmp, "random-1"), 1)
    again = random_cases(os.path.join(tmp, "random-1-again"), 1)
    other = random_cases(os.path.join(tmp, "random-2"), 2)
    res = run_checker("independent.py", os.path.join(tmp, "random-1"))
    unjudged = json.loads(first.pop("unjudged/extuuid.json", '{"cases": []}'))["cases"]
    same_unjudged = json.dumps(unjudged) == json.dumps(json.loads(
        again.pop("unjudged/extuuid.json", "null"))["cases"])
    other.pop("unjudged/extuuid.json", None)
    checks = [
        ("every file but EXTUUID's written",
         sorted(first) == sorted(f + ".json" for f in CHECKERS if f != "extuuid")),
        ("EXTUUID's written without outcomes, every op",
         {c["op"] for c in unjudged} == {"extuuid_encode", "extuuid_decode", "extuuid_inspect"}
         and not any("output" in c or "error" in c for c in unjudged)),
        ("independent.py --check passes them", res.returncode == 0),
        ("the same seed writes the same cases", first == again and same_unjudged),
        ("another seed writes other cases", all(first[n] != other[n] for n in first)),
    ]
    for name, text in first.items():
        ops = {}
        cases = json.loads(text)["cases"]
        for c in cases:
            # A generator case fails as a whole or step by step (`{"error": CODE}` steps).
            failed_step = name == "generators.json" and any(
                isinstance(step, dict) for step in c.get("output", []))
            ops.setdefault(c["op"], set()).add("output" in c and not failed_step)
        checks.append(("%s: every op has valid and invalid cases" % name,
                       all(kinds == {True, False} for kinds in ops.values())))
        checks.append(("%s: names unique, one of output and error each" % name,
                       len({c["name"] for c in cases}) == len(cases)
                       and all(("output" in c) != ("error" in c) for c in cases)))
    for what, ok in checks:
        print("%s   random cases: %s" % ("ok  " if ok else "FAIL", what))
        failures += not ok
    if res.returncode != 0:
        print(res.stdout[-1000:] + res.stderr[-1000:])
    return failures


def main():
    failures = 0
    runs = 0
    with tempfile.TemporaryDirectory(prefix="polyid-vectors-") as tmp:
        for family, script in CHECKERS.items():
            src = os.path.join(VECTORS, family + ".json")
            with open(src, encoding="utf-8") as f:
                doc = json.load(f)
            for member in ("output", "error"):
                case = pick(doc["cases"], member)
                if case is None:
                    continue
                folder = os.path.join(tmp, "%s-%s" % (family, member))
                shutil.copytree(VECTORS, folder, ignore=shutil.ignore_patterns("tools"))
                mutated = copy.deepcopy(doc)
                target = next(c for c in mutated["cases"] if c["name"] == case["name"])
                target[member] = changed(target[member]) if member == "output" \
                    else other_code(target[member])
                with open(os.path.join(folder, family + ".json"), "w", encoding="utf-8") as f:
                    json.dump(mutated, f, ensure_ascii=False, indent=1)
                res = run_checker(script, folder)
                runs += 1
                tag = "%s/%s" % (family, case["name"])
                out = res.stdout + res.stderr
                if res.returncode == 0 or tag not in out:
                    failures += 1
                    print("FAIL %s with %s %s changed: exit %d, case %s in its output: %s"
                          % (script, tag, member, res.returncode,
                             "named" if tag in out else "not named", out.strip()[-400:]))
                else:
                    print("ok   %s rejects %s (%s changed)" % (script, tag, member))
        failures += check_random_cases(tmp)
    print("checkers: %d mutations, %d caught, %d missed" % (runs, runs - failures, failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
