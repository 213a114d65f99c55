#!/usr/bin/python3
"""Validates `tilelens-cli diff --format sarif` against the published SARIF 2.1.0 schema.

usage: validate_sarif.py CLI SCHEMA REF GEN [REF GEN ...]

For each pair: the SARIF log must validate (JSON Schema draft 4, with URI format checks), and
hold exactly one result per divergence of `--format json`, with the rule, level, locations and
proof / counterexample text of that divergence. Needs python3-jsonschema (scripts/setup.sh).
"""
import json
import subprocess
import sys

try:
    import jsonschema
    import rfc3987  # noqa: F401 (jsonschema checks uri-reference formats only with it)
except ImportError as e:
    sys.exit(f"validate_sarif.py: {e.name} is missing: install python3-jsonschema and "
             "python3-rfc3987 (scripts/setup.sh)")

LEVEL = {"critical": "error", "warn": "warning"}


def run(cli, fmt, ref, gen):
    proc = subprocess.run([cli, "diff", "--format", fmt, ref, gen], capture_output=True, text=True)
    if proc.returncode not in (0, 1, 2):
        sys.exit(f"{cli} diff --format {fmt} {ref} {gen}: exit {proc.returncode}\n{proc.stderr}")
    return json.loads(proc.stdout)


def check_pair(cli, validator, ref, gen):
    sarif = run(cli, "sarif", ref, gen)
    errors = sorted(validator.iter_errors(sarif), key=lambda e: list(e.absolute_path))
    for e in errors[:10]:
        print(f"{gen}: schema: /{'/'.join(map(str, e.absolute_path))}: {e.message}")
    failures = len(errors)

    def fail(msg):
        nonlocal failures
        failures += 1
        print(f"{gen}: {msg}")

    diff = run(cli, "json", ref, gen)
    run0 = sarif["runs"][0]
    results = run0["results"]
    rules = run0["tool"]["driver"]["rules"]
    if len(results) != len(diff["divergences"]):
        fail(f"{len(results)} results for {len(diff['divergences'])} divergences")
    for d, r in zip(diff["divergences"], results):
        where = f"{d['id']}"
        if r["ruleId"] != d["rule"] or rules[r["ruleIndex"]]["id"] != d["rule"]:
            fail(f"{where}: rule {r['ruleId']} / index {r['ruleIndex']}, expected {d['rule']}")
        if r["level"] != LEVEL.get(d["severity"], "note"):
            fail(f"{where}: level {r['level']} for severity {d['severity']}")
        text = r["message"]["text"]
        for part in ("proof", "counterexample"):
            if part in d and d[part] not in text:
                fail(f"{where}: {part} missing from the message")
        primary = d["generated"] or d["reference"]
        if primary and primary["line"] > 0:
            region = r["locations"][0]["physicalLocation"]["region"]
            if region["startLine"] != primary["line"]:
                fail(f"{where}: primary line {region['startLine']}, expected {primary['line']}")
        if d["generated"] and d["reference"]:
            related = r.get("relatedLocations", [])
            lines = [x["physicalLocation"].get("region", {}).get("startLine") for x in related]
            if d["reference"]["line"] not in lines:
                fail(f"{where}: reference line {d['reference']['line']} not related ({lines})")
    print(f"{gen}: {len(results)} results, {len(rules)} rules, {failures} problem(s)")
    return failures


def main():
    if len(sys.argv) < 5 or len(sys.argv) % 2 == 0:
        sys.exit(__doc__)
    cli, schema_path = sys.argv[1], sys.argv[2]
    with open(schema_path, encoding="utf-8") as f:
        schema = json.load(f)
    validator = jsonschema.Draft4Validator(schema, format_checker=jsonschema.FormatChecker())
    failures = 0
    for i in range(3, len(sys.argv), 2):
        failures += check_pair(cli, validator, sys.argv[i], sys.argv[i + 1])
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
