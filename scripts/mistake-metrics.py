#!/usr/bin/env python3
"""Measures how the differ reports porting mistakes (issue 30): one finding per mistake, at its
line, with a counterexample; nothing for a neutral edit.

Runs `tilelens-cli diff --format json` on every case of tests/data/port-mistakes against the
unmodified Rust IR of its baseline pair (U) and against the pair's Python reference (R), and on
every pair of tests/data/real-ports (R against the Rust IR), then prints per case what was
reported and a summary:

* criticals per mistake (against U; against R only those the unmodified port does not already
  have, matched by rule, kind, reference line and generated op);
* the share of criticals with a counterexample (the solver's, or with --eval a CPU run's),
  unproven with a reason (`unproven_reason`), or neither (unproven and no reason); the share
  whose rule is `fallback-semantic`; and the criticals with no counterexample by rule, kind and
  the value's type (address, mask, integer, float, memory, other);
* findings not at the expected line: criticals elsewhere than the case's line, and mistakes with
  no finding of the expected severity there;
* neutral edits (refactors, neutral spellings) with any critical.

Expected places come from a case's expected.json: its `expect` object where it has one
(`vs_unmodified` / `vs_reference`: severity critical, warn or none, with `generated_line`,
`reference_line`), else from `kind`, `critical_sites` and `reference_critical` (README.md of
tests/data/port-mistakes). For the real pairs, the sites of expected.json's `criticals`.

  scripts/mistake-metrics.py CLI [--cases GLOB] [--subset all|expect|older] [--verbose] [--json OUT]
                             [--list-unproven]
                             [--eval [--timeout S] [--jobs N]] [--bindings | --plain-bindings]
                             [--bound-only]
  scripts/mistake-metrics.py build/dev/app/cli/tilelens-cli --json /tmp/metrics-before.json

--eval runs `diff --eval --format json` instead (no --binding: the CLI derives the binding from
the port's launch chain or guesses it), each comparison under a timeout; one that runs out is
counted from its plain diff and listed. It also prints the time per comparison (median, max).
--bindings (with --eval) gives the hand-written binding of the baseline pair where
tests/data/eval has one: against R and for the real pair as it is; against U its
`.rust-vs-rust` form, else its generated half for both sides (the mistake keeps the port's
parameters).
--plain-bindings passes the same binding files to the plain diff (no --eval): its quick CPU
search for the unproven criticals runs on them. --bound-only measures only the comparisons
whose baseline pair has such a binding (run it with and without --plain-bindings to compare).
The time per comparison (median, max) is printed for every run.

Exit status 0 whatever the numbers are: it measures, it does not judge.
"""
import argparse
import collections
import fnmatch
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MISTAKES = os.path.join("tests", "data", "port-mistakes")
PAIRS = os.path.join("tests", "data", "real-ports")


class Runner:
    """Runs the diffs: plain, or with --eval under a timeout (then timed; a run out of time is
    counted from its plain diff)."""

    def __init__(self, cli, evaluate=False, timeout=None, plain_bindings=False):
        self.cli = cli
        self.evaluate = evaluate
        self.plain_bindings = plain_bindings
        self.timeout = timeout
        self.seconds = []
        self.timed_out = []
        self.bindings = None  # baseline pair -> binding files, with --bindings

    def binding(self, ref, gen):
        """The --binding arguments for this comparison: [] without --bindings or a file."""
        if self.bindings is None:
            return []
        pair = os.path.basename(os.path.dirname(ref))
        base = os.path.join(ROOT, "tests", "data", "eval", pair)
        if ref.endswith("reference.mlir"):
            return ["--binding", base + ".binding.json"] if os.path.isfile(
                base + ".binding.json") else []
        if os.path.isfile(base + ".rust-vs-rust.binding.json"):
            return ["--binding", base + ".rust-vs-rust.binding.json"]
        if not os.path.isfile(base + ".binding.json"):
            return []
        if pair not in self.bindings:
            with open(base + ".binding.json", encoding="utf-8") as f:
                b = json.load(f)
            b["ref"] = b["gen"]
            path = os.path.join(self.bindings_dir, pair + ".rust-vs-rust.binding.json")
            with open(path, "w", encoding="utf-8") as f:
                json.dump(b, f)
            self.bindings[pair] = path
        return ["--binding", self.bindings[pair]]

    def plain(self, ref, gen):
        return self._run(["diff", "--format", "json", ref, gen], ref, gen)

    def has_binding(self, ref):
        pair = os.path.basename(os.path.dirname(ref))
        return os.path.isfile(os.path.join(ROOT, "tests", "data", "eval", pair + ".binding.json"))

    def diff(self, ref, gen):
        start = time.monotonic()
        if not self.evaluate:
            binding = self.binding(ref, gen) if self.plain_bindings else []
            result = self._run(["diff", "--format", "json"] + binding + [ref, gen], ref, gen)
            self.seconds.append(time.monotonic() - start)
            return result
        try:
            result = self._run(["diff", "--eval", "--format", "json"] + self.binding(ref, gen) +
                               [ref, gen], ref, gen, self.timeout)
        except subprocess.TimeoutExpired:
            self.timed_out.append(f"{gen} against {ref}")
            self.seconds.append(self.timeout)
            return self.plain(ref, gen)
        self.seconds.append(time.monotonic() - start)
        return result

    def _run(self, args, ref, gen, timeout=None):
        proc = subprocess.run([self.cli] + args, cwd=ROOT, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, check=False, timeout=timeout)
        if proc.returncode not in (0, 1, 2):
            sys.exit(f"{self.cli} {' '.join(args)}: exit {proc.returncode}: "
                     f"{proc.stderr.decode()[:400]}")
        return json.loads(proc.stdout)


def line_of(site):
    return site["line"] if site and site.get("line", 0) > 0 else None


def place(d):
    """(reference line, generated line) of a divergence's primary place; None where absent."""
    return line_of(d.get("reference")), line_of(d.get("generated"))


def is_at(d, gen_lines, ref_lines):
    ref, gen = place(d)
    if gen is not None:
        return gen in gen_lines
    return ref is not None and ref in ref_lines


def proof_state(d):
    if d.get("counterexample"):
        return "counterexample"
    if d.get("unproven_reason"):
        return "unproven"
    return "unmarked"


def cpu_counterexample(d):
    return d.get("counterexample", "").startswith("CPU run: ")


FILE_LINES = {}


def value_type(d, files):
    """What the critical's value is: address (a pointer, an offset), mask (i1), integer, float,
    memory (a load or store, a view), other (entry, hints, a missing function)."""
    ref, gen = place(d)
    site, path, line = d.get("generated"), files[1], gen
    if line is None:
        site, path, line = d.get("reference"), files[0], ref
    if line is None or not site:
        return "other"
    op = site.get("op", "")
    if path not in FILE_LINES:
        with open(os.path.join(ROOT, path), encoding="utf-8") as f:
            FILE_LINES[path] = f.read().split("\n")
    text = FILE_LINES[path][line - 1] if line <= len(FILE_LINES[path]) else ""
    result_type = text.rsplit("->", 1)[-1] if "->" in text else text.rsplit(":", 1)[-1]
    if "load" in op or "store" in op or "view" in op:
        return "memory"
    if op == "offset" or "ptr<" in result_type:
        return "address"
    m = re.search(r"x?(i1|i8|i16|i32|i64|f16|bf16|f32|f64|tf32|f8\w*)>", result_type) or \
        re.search(r"tile<(i1|i8|i16|i32|i64|f16|bf16|f32|f64)>", result_type)
    if not m:
        return "other"
    t = m.group(1)
    return "mask" if t == "i1" else "integer" if t.startswith("i") else "float"


def ops_of(d):
    """"exp2f@12 / mulf@30": the primary place's ops with their lines ("-" for an absent side)."""
    def one(site):
        return f"{site.get('op', '')}@{site.get('line', 0)}" if site else "-"
    return one(d.get("reference")) + " / " + one(d.get("generated"))


def baseline_key(d):
    return (d["rule"], d["kind"], line_of(d.get("reference")),
            (d.get("generated") or {}).get("op"))


def new_findings(result, baseline, severity="critical"):
    """Findings of this severity in result that baseline (the same reference against the
    unmodified port) does not have; all of them where there is no baseline."""
    if baseline is None:
        return [d for d in result["divergences"] if d["severity"] == severity]
    left = collections.Counter(baseline_key(d) for d in baseline["divergences"]
                               if d["severity"] == severity)
    out = []
    for d in result["divergences"]:
        if d["severity"] != severity:
            continue
        k = baseline_key(d)
        if left[k] > 0:
            left[k] -= 1
        else:
            out.append(d)
    return out


class Expect:
    """What one comparison must show: severity (critical, warn, none) at generated lines, or
    at reference lines for a finding with no generated op. demanded=False: nothing is demanded
    of the mistake itself (a mistake that moves the port towards the reference), but any
    critical it adds still counts as misplaced."""

    def __init__(self, severity, gen_lines, ref_lines, demanded=True, rule=None):
        self.severity = severity
        self.gen_lines = gen_lines
        self.ref_lines = ref_lines
        self.demanded = demanded
        self.rule = rule


def expectations(case):
    legacy_lines = [s["line"] for s in case.get("critical_sites", [])]
    out = {}
    explicit = case.get("expect", {})
    for which in ("vs_unmodified", "vs_reference"):
        e = explicit.get(which)
        if e is not None:
            gen = [e["generated_line"]] if e.get("generated_line") else []
            ref = [e["reference_line"]] if e.get("reference_line") else []
            out[which] = Expect(e["severity"], gen, ref, rule=e.get("rule"))
        elif case["kind"] == "mistake":
            ref = case.get("reference_lines", []) if which == "vs_reference" else legacy_lines
            demanded = which == "vs_unmodified" or case.get("reference_critical", False)
            out[which] = Expect("critical", legacy_lines, ref, demanded)
        else:
            out[which] = Expect("none", [], [])
    return out


class Tally:
    def __init__(self):
        self.n = collections.Counter()
        self.proof = collections.Counter()
        self.rules = collections.Counter()
        self.without = collections.Counter()  # (value type, rule, kind) of those with no cex
        self.unproven = []  # (comparison, rule, ops, value type, reason) of those with no cex

    def add_criticals(self, crits, files, label=""):
        for d in crits:
            self.n["criticals"] += 1
            self.proof[proof_state(d)] += 1
            if cpu_counterexample(d):
                self.proof["cpu counterexample"] += 1
            if not d.get("counterexample"):
                self.without[(value_type(d, files), d["rule"], d["kind"])] += 1
                self.unproven.append((label, d["rule"], ops_of(d), value_type(d, files),
                                      d.get("unproven_reason", "")))
            if d["rule"] == "fallback-semantic":
                self.n["fallback-semantic"] += 1
            if place(d)[1] is None:
                self.n["no generated line"] += 1


def describe(d):
    ref, gen = place(d)
    extra = ""
    if cpu_counterexample(d):
        extra = " [cpu cex]"
    elif d.get("counterexample"):
        extra = " [cex]"
    elif d.get("unproven_reason"):
        extra = " [unproven: " + d["unproven_reason"][:60] + "]"
    elif d.get("unproven"):
        extra = " [unproven, no reason]"
    return f"{d['severity']:8} {d['rule']:28} ref {ref or '-':>4} gen {gen or '-':>4}{extra}"


def judge(label, result, baseline, expect, tally, verbose, problems, files):
    """Counts one comparison of a case: the criticals (and warns) that baseline, the comparison
    without the seeded change, does not already have."""
    crits = new_findings(result, baseline)
    at = [d for d in crits if is_at(d, expect.gen_lines, expect.ref_lines)]
    # Where no critical is expected, every critical is misplaced, at the case's line too.
    elsewhere = [d for d in crits if d not in at or expect.severity != "critical"]
    tally.add_criticals(crits, files, label)
    tally.n["comparisons"] += 1
    tally.n["criticals elsewhere"] += len(elsewhere)
    notes = []
    if expect.severity == "critical" and expect.demanded:
        tally.n["mistakes"] += 1
        if at:
            tally.n["critical at its line"] += 1
        else:
            notes.append("no critical at its line")
        if len(at) == 1 and not elsewhere:
            tally.n["exactly one critical, at its line"] += 1
    elif expect.severity == "warn":
        tally.n["warn expected"] += 1
        warns = [d for d in new_findings(result, baseline, "warn")
                 if is_at(d, expect.gen_lines, expect.ref_lines)]
        if warns and not crits:
            tally.n["warn at its line, no critical"] += 1
        else:
            notes.append("warn missing" if not warns else "criticals beside the warn")
    elif expect.severity == "none":
        tally.n["neutral"] += 1
        if crits:
            tally.n["neutral with a critical"] += 1
            notes.append("neutral edit with criticals")
        if new_findings(result, baseline, "warn"):
            tally.n["neutral with a warn"] += 1
    if elsewhere:
        notes.append(f"{len(elsewhere)} critical(s) elsewhere")
    if notes:
        problems.append(f"{label}: " + "; ".join(notes))
    if verbose:
        print(f"  {label}: {len(crits)} critical(s)" + (f" -- {'; '.join(notes)}" if notes else ""))
        for d in crits:
            print("      " + describe(d))


def pct(a, b):
    return f"{100.0 * a / b:5.1f}%" if b else "   - "


def print_tally(title, t):
    crit = t.n["criticals"]
    print(f"\n{title}")
    if t.n["mistakes"]:
        print(f"  mistakes: {t.n['mistakes']}, criticals {crit} "
              f"({crit / t.n['mistakes']:.2f} per mistake); critical at its line "
              f"{t.n['critical at its line']}, exactly one and at its line "
              f"{t.n['exactly one critical, at its line']}")
    else:
        print(f"  criticals {crit}")
    print(f"  criticals with a counterexample {t.proof['counterexample']} ({pct(t.proof['counterexample'], crit)}; "
          f"{t.proof['cpu counterexample']} of them a CPU run's), "
          f"unproven with a reason {t.proof['unproven']} ({pct(t.proof['unproven'], crit)}), neither "
          f"{t.proof['unmarked']} ({pct(t.proof['unmarked'], crit)}); fallback-semantic "
          f"{t.n['fallback-semantic']} ({pct(t.n['fallback-semantic'], crit)}); without a generated "
          f"line {t.n['no generated line']}")
    print(f"  criticals not at an expected line: {t.n['criticals elsewhere']}")
    if t.without:
        print("  criticals without a counterexample, by value type / rule / kind:")
        for (vt, rule, kind), n in sorted(t.without.items(), key=lambda x: (-x[1], x[0])):
            print(f"    {n:4}  {vt:8} {rule:28} {kind}")
    if t.n["warn expected"]:
        print(f"  warn expected: {t.n['warn expected']}, warn at its line and no critical "
              f"{t.n['warn at its line, no critical']}")
    if t.n["neutral"]:
        print(f"  neutral edits: {t.n['neutral']}, with any critical {t.n['neutral with a critical']}, "
              f"with a warn {t.n['neutral with a warn']}")


def load_json(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        return json.load(f)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("cli")
    ap.add_argument("--cases", default="*", help="glob over <op>/<case> (default: all)")
    ap.add_argument("--subset", choices=("all", "expect", "older"), default="all",
                    help="expect: only the cases with an `expect` (added for issue 30); "
                         "older: only those without")
    ap.add_argument("--verbose", action="store_true", help="every critical of every comparison")
    ap.add_argument("--json", help="write the numbers to this file")
    ap.add_argument("--list-unproven", action="store_true",
                    help="list every critical without a counterexample: comparison, rule, ops "
                         "(reference / generated, op@line), value type and the unproven reason")
    ap.add_argument("--eval", action="store_true",
                    help="run `diff --eval` (both sides on the CPU) instead of the plain diff")
    ap.add_argument("--timeout", type=float, default=180,
                    help="with --eval: seconds per comparison (default 180)")
    ap.add_argument("--jobs", type=int, default=1, help="comparisons run at once (default 1)")
    ap.add_argument("--bindings", action="store_true",
                    help="with --eval: the baseline pair's binding from tests/data/eval")
    ap.add_argument("--plain-bindings", action="store_true",
                    help="without --eval: the same bindings to the plain diff (its quick CPU "
                         "search)")
    ap.add_argument("--bound-only", action="store_true",
                    help="only the comparisons whose baseline pair has a binding in "
                         "tests/data/eval")
    args = ap.parse_args()
    if args.plain_bindings and args.eval:
        ap.error("--plain-bindings is for the plain diff; with --eval use --bindings")
    runner = Runner(os.path.abspath(args.cli), args.eval, args.timeout, args.plain_bindings)
    if args.bindings or args.plain_bindings:
        runner.bindings = {}
        runner.bindings_dir = tempfile.mkdtemp(prefix="mistake-metrics-")

    vs_u, vs_r, pairs = Tally(), Tally(), Tally()
    problems = []
    case_dirs = sorted(
        os.path.join(op, c) for op in os.listdir(os.path.join(ROOT, MISTAKES))
        if os.path.isdir(os.path.join(ROOT, MISTAKES, op))
        for c in os.listdir(os.path.join(ROOT, MISTAKES, op))
        if os.path.isfile(os.path.join(ROOT, MISTAKES, op, c, "expected.json")))
    cases = []  # (name, case, ref, unmodified, generated)
    for name in case_dirs:
        if not fnmatch.fnmatch(name, args.cases):
            continue
        case = load_json(os.path.join(MISTAKES, name, "expected.json"))
        if args.subset != "all" and ("expect" in case) != (args.subset == "expect"):
            continue
        pair_dir = os.path.join(PAIRS, case["baseline_pair"])
        if args.bound_only and not runner.has_binding(os.path.join(pair_dir, "reference.mlir")):
            continue
        cases.append((name, case, os.path.join(pair_dir, "reference.mlir"),
                      os.path.join(pair_dir, "generated.mlir"),
                      os.path.join(MISTAKES, name, "generated.mlir")))
    real = []  # (pair, expected, ref, gen)
    for pair in sorted(os.listdir(os.path.join(ROOT, PAIRS))):
        d = os.path.join(PAIRS, pair)
        if not os.path.isfile(os.path.join(ROOT, d, "expected.json")):
            continue
        if not fnmatch.fnmatch("real-ports/" + pair, "*" if args.cases == "*" else args.cases):
            continue
        if args.bound_only and not runner.has_binding(os.path.join(d, "reference.mlir")):
            continue
        real.append((pair, load_json(os.path.join(d, "expected.json")),
                     os.path.join(d, "reference.mlir"), os.path.join(d, "generated.mlir")))

    # Every diff first (in parallel with --jobs), then the judging in order.
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        baselines = {ref: pool.submit(runner.plain, ref, unmod)
                     for _, _, ref, unmod, _ in cases}
        diffs = [(pool.submit(runner.diff, unmod, gen), pool.submit(runner.diff, ref, gen))
                 for _, _, ref, unmod, gen in cases]
        real_diffs = [pool.submit(runner.diff, ref, gen) for _, _, ref, gen in real]

    for (name, case, ref, unmod, gen), (against_u, against_r) in zip(cases, diffs):
        exp = expectations(case)
        if args.verbose:
            print(f"{name} ({case['kind']}, {case.get('category', '')})")
        judge(f"{name} vs U", against_u.result(), None, exp["vs_unmodified"], vs_u,
              args.verbose, problems, (unmod, gen))
        judge(f"{name} vs R", against_r.result(), baselines[ref].result(), exp["vs_reference"],
              vs_r, args.verbose, problems, (ref, gen))

    for (pair, want, ref, gen), res in zip(real, real_diffs):
        res = res.result()
        crits = [x for x in res["divergences"] if x["severity"] == "critical"]
        pairs.add_criticals(crits, (ref, gen), f"real-ports/{pair}")
        listed = [x for x in crits if any(
            is_at(x, [s["line"] for s in c["sites"]], c.get("reference_lines", []))
            for c in want.get("criticals", []))]
        pairs.n["criticals elsewhere"] += len(crits) - len(listed)
        if args.verbose:
            print(f"real-ports/{pair}: {len(crits)} critical(s), {len(crits) - len(listed)} not listed")
            for x in crits:
                print("      " + describe(x))

    print_tally("Port mistakes against the unmodified port (U):", vs_u)
    print_tally("Port mistakes against the Python reference (R), criticals the unmodified port "
                "does not have:", vs_r)
    print_tally("Real pairs (R against the Rust IR):", pairs)
    total = Tally()
    for t in (vs_u, vs_r):
        total.n.update(t.n)
        total.proof.update(t.proof)
        total.without.update(t.without)
    print_tally("Port mistakes, both comparisons:", total)
    if runner.seconds and not args.eval:
        print(f"\ndiff{' with bindings' if args.plain_bindings else ''}: {len(runner.seconds)} "
              f"comparisons, seconds per comparison median {statistics.median(runner.seconds):.2f}, "
              f"max {max(runner.seconds):.2f}")
    elif runner.seconds:
        print(f"\ndiff --eval: {len(runner.seconds)} comparisons, seconds per comparison median "
              f"{statistics.median(runner.seconds):.1f}, max {max(runner.seconds):.1f}; "
              f"{len(runner.timed_out)} out of the {args.timeout:g} s timeout (counted from "
              f"their plain diff)")
        for t in runner.timed_out:
            print("  timed out: " + t)
    if args.list_unproven:
        rows = vs_u.unproven + vs_r.unproven + pairs.unproven
        print(f"\nCriticals without a counterexample ({len(rows)}):")
        for label, rule, ops, vt, reason in rows:
            print(f"  {label} | {rule} | {ops} | {vt} | {reason or '(no reason)'}")
    if problems:
        print(f"\nComparisons off their expectation ({len(problems)}):")
        for p in problems:
            print("  " + p)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({name: {"counts": dict(t.n), "proof": dict(t.proof)}
                       for name, t in (("vs_unmodified", vs_u), ("vs_reference", vs_r),
                                       ("real_pairs", pairs), ("total", total))}
                      | {"problems": problems, "eval_seconds": runner.seconds,
                         "eval_timed_out": runner.timed_out}, f, indent=1)


if __name__ == "__main__":
    main()
