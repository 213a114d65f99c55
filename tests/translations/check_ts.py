#!/usr/bin/python3
"""Fails when a translation is incomplete.

usage: check_ts.py LUPDATE SOURCE... TS...

SOURCE: a directory or file lupdate reads (every argument before the first .ts file).

Each .ts file is copied and brought up to date with the sources by lupdate (the copy only; the
committed file is untouched). The check fails for: a message that is unfinished (new in the
sources, or never translated); a message the committed file keeps as obsolete / vanished while
its source text is still used (its translation would be lost); a translation that drops or adds a
%1 / %n placeholder of its source, or a {name} placeholder of a rule message template
(context "RuleMessage": the GUI fills them with the divergence's values). Every problem is
printed as FILE: CONTEXT: "SOURCE".
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

PLACEHOLDER = re.compile(r"%(?:\d+|n)")
RULE_PLACEHOLDER = re.compile(r"\{[a-z_]+\}")


def messages(path):
    for context in ET.parse(path).getroot().iter("context"):
        name = context.findtext("name")
        for m in context.iter("message"):
            yield name, m


def translation_texts(m):
    tr = m.find("translation")
    forms = tr.findall("numerusform")
    return [f.text or "" for f in forms] if forms else [tr.text or ""]


def placeholders(context, text):
    found = PLACEHOLDER.findall(text)
    if context == "RuleMessage":
        found += RULE_PLACEHOLDER.findall(text)
    return sorted(set(found))


def check(lupdate, sources, ts):
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        copy = os.path.join(tmp, os.path.basename(ts))
        shutil.copyfile(ts, copy)
        proc = subprocess.run([lupdate, "-locations", "none", "-silent", *sources, "-ts", copy],
                              capture_output=True, text=True)
        if proc.returncode != 0:
            return [f"{ts}: lupdate failed: {proc.stderr.strip()}"]
        used = set()
        for context, m in messages(copy):
            kind = m.find("translation").get("type")
            source = m.findtext("source")
            if kind in ("vanished", "obsolete"):
                continue
            used.add(source)
            if kind == "unfinished":
                problems.append(f'{ts}: {context}: unfinished: "{source}"')
                continue
            want = placeholders(context, source)
            for text in translation_texts(m):
                if placeholders(context, text) != want:
                    problems.append(f'{ts}: {context}: placeholders {want} not kept: "{text}"')
    for context, m in messages(ts):
        if m.find("translation").get("type") in ("vanished", "obsolete"):
            source = m.findtext("source")
            if source in used:
                problems.append(f'{ts}: {context}: obsolete but still used: "{source}"')
    return problems


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    lupdate, args = sys.argv[1], sys.argv[2:]
    first_ts = next((i for i, a in enumerate(args) if a.endswith(".ts")), len(args))
    sources, ts_files = args[:first_ts], args[first_ts:]
    if not sources or not ts_files:
        sys.exit(__doc__)
    problems = []
    for ts in ts_files:
        found = check(lupdate, sources, ts)
        print(f"{ts}: {len(found)} problem(s)")
        problems += found
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
