#!/usr/bin/env python3
"""Measures how the differ reports porting mistakes (issue 30): one finding per mistake, at its
line, with a counterexample; nothing for a neutral edit.

Runs `tilelens-cli diff --format json` on every case of tests/data/port-mistakes against the
unmodified Rust IR of its baseline pair (U) and against the pair's Python reference (R), and on
every pair of tests/data/real-ports (R against the Rust IR), then prints per case what was
reported and a summary:

* criticals per mistake (against U; against R only those the unmodified port does not already
  have, matched by rule, kind, reference line and generated op);
* the share of criticals with a counterexample, marked unproven (`"unproven": true` in the JSON),
  or neither; the share whose rule is `fallback-semantic`;
* findings not at the expected line: criticals elsewhere than the case's line, and mistakes with
  no finding of the expected severity there;
* neutral edits (refactors, neutral spellings) with any critical.

Expected places come from a case's expected.json: its `expect` object where it has one
(`vs_unmodified` / `vs_reference`: severity critical, warn or none, with `generated_line`,
`reference_line`), else from `kind`, `critical_sites` and `reference_critical` (README.md of
tests/data/port-mistakes). For the real pairs, the sites of expected.json's `criticals`.

  scripts/mistake-metrics.py CLI [--cases GLOB] [--subset all|expect|older] [--verbose] [--json OUT]
  scripts/mistake-metrics.py build/dev/app/cli/tilelens-cli --json /tmp/metrics-before.json

Exit status 0 whatever the numbers are: it measures, it does not judge.
"""
import argparse
import collections
import fnmatch
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MISTAKES = os.path.join("tests", "data", "port-mistakes")
PAIRS = os.path.join("tests", "data", "real-ports")


def run_diff(cli, ref, gen):
    proc = subprocess.run([cli, "diff", "--format", "json", ref, gen], cwd=ROOT,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=False)
    if proc.returncode not in (0, 1, 2):
        sys.exit(f"{cli} diff {ref} {gen}: exit {proc.returncode}: {proc.stderr.decode()[:400]}")
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
    if d.get("unproven"):
        return "unproven"
    return "unmarked"


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

    def add_criticals(self, crits):
        for d in crits:
            self.n["criticals"] += 1
            self.proof[proof_state(d)] += 1
            if d["rule"] == "fallback-semantic":
                self.n["fallback-semantic"] += 1
            if place(d)[1] is None:
                self.n["no generated line"] += 1


def describe(d):
    ref, gen = place(d)
    extra = ""
    if d.get("counterexample"):
        extra = " [cex]"
    elif d.get("unproven"):
        extra = " [unproven]"
    return f"{d['severity']:8} {d['rule']:28} ref {ref or '-':>4} gen {gen or '-':>4}{extra}"


def judge(label, result, baseline, expect, tally, verbose, problems):
    """Counts one comparison of a case: the criticals (and warns) that baseline, the comparison
    without the seeded change, does not already have."""
    crits = new_findings(result, baseline)
    at = [d for d in crits if is_at(d, expect.gen_lines, expect.ref_lines)]
    # Where no critical is expected, every critical is misplaced, at the case's line too.
    elsewhere = [d for d in crits if d not in at or expect.severity != "critical"]
    tally.add_criticals(crits)
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
    print(f"  criticals with a counterexample {t.proof['counterexample']} ({pct(t.proof['counterexample'], crit)}), "
          f"unproven {t.proof['unproven']} ({pct(t.proof['unproven'], crit)}), neither "
          f"{t.proof['unmarked']} ({pct(t.proof['unmarked'], crit)}); fallback-semantic "
          f"{t.n['fallback-semantic']} ({pct(t.n['fallback-semantic'], crit)}); without a generated "
          f"line {t.n['no generated line']}")
    print(f"  criticals not at an expected line: {t.n['criticals elsewhere']}")
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
    args = ap.parse_args()
    cli = os.path.abspath(args.cli)

    vs_u, vs_r, pairs = Tally(), Tally(), Tally()
    problems = []
    baselines = {}
    case_dirs = sorted(
        os.path.join(op, c) for op in os.listdir(os.path.join(ROOT, MISTAKES))
        if os.path.isdir(os.path.join(ROOT, MISTAKES, op))
        for c in os.listdir(os.path.join(ROOT, MISTAKES, op))
        if os.path.isfile(os.path.join(ROOT, MISTAKES, op, c, "expected.json")))
    for name in case_dirs:
        if not fnmatch.fnmatch(name, args.cases):
            continue
        case = load_json(os.path.join(MISTAKES, name, "expected.json"))
        if args.subset != "all" and ("expect" in case) != (args.subset == "expect"):
            continue
        pair_dir = os.path.join(PAIRS, case["baseline_pair"])
        gen = os.path.join(MISTAKES, name, "generated.mlir")
        unmod = os.path.join(pair_dir, "generated.mlir")
        ref = os.path.join(pair_dir, "reference.mlir")
        if pair_dir not in baselines:
            baselines[pair_dir] = run_diff(cli, ref, unmod)
        exp = expectations(case)
        if args.verbose:
            print(f"{name} ({case['kind']}, {case.get('category', '')})")
        judge(f"{name} vs U", run_diff(cli, unmod, gen), None, exp["vs_unmodified"], vs_u,
              args.verbose, problems)
        judge(f"{name} vs R", run_diff(cli, ref, gen), baselines[pair_dir], exp["vs_reference"],
              vs_r, args.verbose, problems)

    for pair in sorted(os.listdir(os.path.join(ROOT, PAIRS))):
        d = os.path.join(PAIRS, pair)
        if not os.path.isfile(os.path.join(ROOT, d, "expected.json")):
            continue
        if not fnmatch.fnmatch("real-ports/" + pair, "*" if args.cases == "*" else args.cases):
            continue
        want = load_json(os.path.join(d, "expected.json"))
        res = run_diff(cli, os.path.join(d, "reference.mlir"), os.path.join(d, "generated.mlir"))
        crits = [x for x in res["divergences"] if x["severity"] == "critical"]
        pairs.add_criticals(crits)
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
    print_tally("Port mistakes, both comparisons:", total)
    if problems:
        print(f"\nComparisons off their expectation ({len(problems)}):")
        for p in problems:
            print("  " + p)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({name: {"counts": dict(t.n), "proof": dict(t.proof)}
                       for name, t in (("vs_unmodified", vs_u), ("vs_reference", vs_r),
                                       ("real_pairs", pairs), ("total", total))}
                      | {"problems": problems}, f, indent=1)


if __name__ == "__main__":
    main()
