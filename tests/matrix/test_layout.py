"""The matrix runner's output fits 120 columns and still shows every value; its adapter
calls run side by side as `calls` promises.

Run by `make matrix-layout-test` (in `make test`): the runner's demo tables (the same inputs
in every runtime, fresh IDs read back) and the matrix table, rendered from wide fake results,
with no adapter run.
"""

import contextlib
import importlib.machinery
import importlib.util
import io
import os
import sys
import threading
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import layout  # noqa: E402

_loader = importlib.machinery.SourceFileLoader("matrix_run", os.path.join(HERE, "run"))
_spec = importlib.util.spec_from_loader("matrix_run", _loader)
run = importlib.util.module_from_spec(_spec)
_loader.exec_module(run)

RUNTIMES = ["rust", "python", "python-arrow", "node", "wasm-node", "wasm-browser", "c"]
# What the adapters answer to `demo` (tests/matrix/PROTOCOL.md), as wide as the real answers.
DEMO = {
    "compact_id": "V6a0B",
    "full_id": "05o5h-V6a0B",
    "uid11": "jpXCZedGfVQ",
    "xid": "1113M2EhCbG",
    "tid": "3kxn-lhr-3gxq-23",
    "euid": "C8ZM14GR4JXG0MQXVY18S8TJNA6",
    "euid_nocheck": "C8ZM14GR4JXG0MQXVY18S8TJN",
    "extuuid": "49083027-d200-8000-8000-00000021ebfc",
    "catalog": "token missing for ada",
}


def demo_inputs():
    """The runner's own keys and input descriptions."""
    assert list(run.DEMO_INPUTS) == list(DEMO)
    return list(run.DEMO_INPUTS), dict(run.DEMO_INPUTS)


def widest(lines):
    return max(len(line) for line in lines)


class Layout(unittest.TestCase):
    def assert_fits_and_shows(self, lines, values):
        self.assertLessEqual(widest(lines), layout.WIDTH, "\n".join(lines))
        text = "\n".join(lines)
        joined = "".join(line.strip() for line in lines)  # wrapped values, put back together
        for v in values:
            self.assertTrue(v in text or v in joined, f"{v!r} is not shown")

    def test_the_demo_table_of_seven_runtimes_fits(self):
        keys, inputs = demo_inputs()
        results = {rt: dict(DEMO) for rt in RUNTIMES}
        failures = []
        lines = run.demo_lines(keys, inputs, results, failures)
        self.assertEqual(failures, [])
        self.assert_fits_and_shows(lines, RUNTIMES + list(DEMO.values()))
        # Every runtime's row is there once per group of columns, and the verdict row too.
        self.assertTrue(any(line.startswith("same?") and "yes" in line for line in lines))
        # One row per runtime and group: every value of every runtime is on screen.
        for rt in RUNTIMES:
            shown = " ".join(line for line in lines if line.split(" ")[0] == rt)
            for v in DEMO.values():
                self.assertIn(v, shown, f"{rt}'s {v}")

    def test_a_disagreement_is_shown_and_reported(self):
        keys, inputs = demo_inputs()
        results = {rt: dict(DEMO) for rt in RUNTIMES}
        results["c"] = dict(DEMO, tid="3kxn-lhr-3gxq-24")
        failures = []
        lines = run.demo_lines(keys, inputs, results, failures)
        self.assert_fits_and_shows(lines, ["3kxn-lhr-3gxq-24", "NO"])
        self.assertEqual(len(failures), 1)
        self.assertIn("demo tid", failures[0])

    def test_many_runtimes_and_very_wide_values_still_fit(self):
        keys, inputs = demo_inputs()
        inputs["catalog"] = "Catalog(minimal).expand(" + "x" * 300 + ")"
        runtimes = [f"runtime-with-a-long-name-{i}" for i in range(12)]
        wide = dict(DEMO, catalog="y" * 250 + " " + "z" * 40, extuuid="-".join(["abcdef0123"] * 9))
        results = {rt: dict(wide) for rt in runtimes}
        lines = run.demo_lines(keys, inputs, results, [])
        self.assert_fits_and_shows(lines, runtimes + [wide["extuuid"], "z" * 40])
        self.assertIn("y" * 250, "".join(line.strip() for line in lines))

    def test_fresh_ids_read_back_fit(self):
        batch = {"xid": ["1113M2EhCbG"], "tid": ["3lk2cqmz7ja2c"], "euid": ["C8ZM14GR4JXG0MQXVY18S8TJNA6"]}
        reading = {
            "xid": [{"text": "1113M2EhCbG", "value": 18446744073709551615, "unix_ms": 5000000000000,
                     "random": 4194303}],
            "tid": [{"text": "3lk2cqmz7ja2c", "display": "3lk2-cqm-z7ja-2c", "value": 9223372036854775807,
                     "micros": 9007199254740991, "clock_id": 1023}],
            "euid": [{"text": "C8ZM14GR4JXG0MQXVY18S8TJNA6", "value": 2 ** 128 - 1, "unix_ms": 35184372088831,
                      "extension": 32767}],
        }
        readings = {rt: reading for rt in RUNTIMES}
        lines = run.fresh_lines(batch, readings, [])
        self.assert_fits_and_shows(lines, RUNTIMES + [str(2 ** 128 - 1), "3lk2-cqm-z7ja-2c", "4194303"])

    def test_the_matrix_table_fits(self):
        header = ["family/op"] + RUNTIMES
        rows = [["seeded generators (same as rust)"] + ["12345/12345 (999 skip) FAIL"] * len(RUNTIMES),
                ["catalog/catalog_expand_payload"] + ["59/59"] * len(RUNTIMES)]
        lines = layout.table(header, rows)
        self.assert_fits_and_shows(lines, RUNTIMES + ["12345/12345 (999 skip) FAIL"])

    def test_failure_lines_are_wrapped_not_cut(self):
        message = "FAIL c: tid/parse: expected " + "a" * 200 + " got " + "b" * 200
        lines = layout.wrap(message)
        self.assert_fits_and_shows(lines, ["a" * 200, "b" * 200])

    def test_a_line_wider_than_the_limit_is_refused(self):
        with self.assertRaises(ValueError):
            layout.check(["x" * (layout.WIDTH + 1)])
        with self.assertRaises(ValueError):
            layout.table(["l" * 200, "a"], [["l" * 200, "v"]])


class Messages(unittest.TestCase):
    """How the runner compares a runtime's error message with the reference's."""

    def test_equal_or_cut_where_the_runtime_cuts(self):
        ref = "TID: invalid " + '"' + "\\u{1b}" * 60 + '"... (300 bytes)'
        self.assertGreater(len(ref.encode()), 255)
        cut = ref.encode()[:255].decode()
        self.assertTrue(run.same_message("python", ref, ref))
        self.assertFalse(run.same_message("python", cut, ref))
        self.assertTrue(run.same_message("c", cut, ref))
        self.assertFalse(run.same_message("c", cut[:-1], ref))
        # A character that would straddle the cut is left out whole.
        wide = "x" * 254 + "é" + "y"
        self.assertTrue(run.same_message("go", "x" * 254, wide))
        self.assertFalse(run.same_message("c", "short", "other"))



class Calls(unittest.TestCase):
    """`run.calls` with a fake `run.call` that records when each call runs (no adapter)."""

    def setUp(self):
        self.saved = run.call, set(run.SET_UP), dict(run.SPENT)
        run.SET_UP.clear()
        run.SPENT.clear()
        self.lock = threading.Lock()
        self.running = set()
        self.log = []  # (runtime, args, runtimes running at its start)
        self.most = 0

        def fake(rt, args, stdin=None):
            with self.lock:
                self.log.append((rt, args[0], set(self.running)))
                self.running.add(rt)
                self.most = max(self.most, len(self.running))
            time.sleep(0.05)
            with self.lock:
                self.running.discard(rt)
            if rt == "go" and args[0] == "fails":
                raise RuntimeError("go failed")
            return f"{rt} {args[0]} {stdin}"

        run.call = fake
        # The progress lines `calls` prints: kept out of the test's output.
        self.quiet = contextlib.redirect_stderr(io.StringIO())
        self.quiet.__enter__()

    def tearDown(self):
        self.quiet.__exit__(None, None, None)
        run.call, set_up, spent = self.saved
        run.SET_UP.clear()
        run.SET_UP.update(set_up)
        run.SPENT.clear()
        run.SPENT.update(spent)

    def test_answers_in_job_order_groups_one_at_a_time(self):
        rts = ["rust", "python", "python-arrow", "sqlite", "c", "go", "node", "postgres", "pglite"]
        jobs = [(rt, [cmd], cmd) for rt in rts for cmd in ("a", "fails")]
        outcomes = run.calls(jobs, 3, stdin="in")
        for (rt, args, _), (out, error) in zip(jobs, outcomes):
            if rt == "go" and args[0] == "fails":
                self.assertEqual((out, str(error)), (None, "go failed"))
            else:
                self.assertEqual((out, error), (f"{rt} {args[0]} in", None))
        # Until a runtime has answered once, no other runtime of its group runs beside it,
        # and a group keeps the order of its jobs.
        for rt, _, beside in self.log:
            group = run.GROUPS.get(rt)
            self.assertFalse({o for o in beside if group and run.GROUPS.get(o) == group},
                             f"{rt} ran beside its group")
        for group in ("python", "c", "pg"):
            order = [(rt, cmd) for rt, cmd, _ in self.log if run.GROUPS.get(rt) == group]
            self.assertEqual(order, [(rt, args[0]) for rt, args, _ in jobs
                                     if run.GROUPS.get(rt) == group])
        self.assertEqual(self.most, 3)
        # Every runtime that answered is set up: the next phase runs each on its own.
        self.assertEqual(run.SET_UP, set(rts))
        self.log.clear()
        self.most = 0
        run.calls([(rt, ["b"], "b") for rt in ["python", "python-arrow", "sqlite"]], 3)
        self.assertEqual(self.most, 3)

    def test_one_job_at_a_time(self):
        jobs = [(rt, ["a"], "a") for rt in ["rust", "node", "c"]]
        self.assertEqual([out for out, _ in run.calls(jobs, 1)], ["rust a None", "node a None",
                                                                   "c a None"])
        self.assertEqual(self.most, 1)


if __name__ == "__main__":
    unittest.main()
