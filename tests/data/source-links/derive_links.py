#!/usr/bin/env python3
"""Ground truth for inferred Rust source links (tests/core/workspace/RustOpLinkerTest.cpp).

For one real-port pair it compiles an edited copy of TileGym's kernel.rs with the shared
cutile-rs-ir driver: before every statement of the entry function (at any block depth) a
marker statement `let _tl_mark_K: i32 = 98700K;` is inserted. The compiler emits each marker
as a `constant <i32: 98700K>` where it lowers that point of the source, so every op between
marker K and marker K+1 was lowered from statement K. Removing the markers gives back the
pair's generated.mlir op for op (checked), and each op line of generated.mlir gets the line
range of its statement in the unedited kernel.rs. Ops before the first marker come from the
entry's signature (launch specialisation): they get the signature's lines.

Usage: derive_links.py --driver IR_DRIVER --cutile-src CUTILE_DIR --tilegym TILEGYM_DIR
                       --jobs JOBS_TXT --pair NAME --generated GENERATED_MLIR --out OUT_JSON
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

MARK_BASE = 9870000


def read_job(jobs_path, pair):
    text = open(jobs_path).read().replace("\\\n", " ")
    for line in text.splitlines():
        fields = [f.strip() for f in line.split("|")]
        if fields and fields[0] == pair:
            return fields
    sys.exit(f"no job {pair} in {jobs_path}")


def strip_comment(line):
    return re.sub(r"//.*$", "", line).rstrip()


def entry_body(lines, entry):
    """(signature first line, body open line, body close line), 0-based."""
    for i, line in enumerate(lines):
        if re.search(r"\bfn\s+" + re.escape(entry) + r"\b", line):
            depth = 0
            opened = None
            for j in range(i, len(lines)):
                for ch in strip_comment(lines[j]):
                    if ch == "{" and opened is None and depth == 0:
                        opened = j
                        depth = 1
                        continue
                    if opened is not None:
                        depth += {"{": 1, "}": -1}.get(ch, 0)
                        if depth == 0:
                            return i, opened, j
                    else:
                        depth += {"(": 1, ")": -1, "<": 0}.get(ch, 0)
            break
    sys.exit(f"entry {entry} not found")


def statement_starts(lines, open_line, close_line):
    """0-based lines inside the body that start a statement directly inside a `{ }` block."""
    starts = []
    stack = ["{"]
    prev = "{"
    for i in range(open_line + 1, close_line):
        code = strip_comment(lines[i]).strip()
        if not code:
            continue
        if (all(s == "{" for s in stack) and prev and prev[-1] in ";{}" and
                not re.match(r"^(\}|\.|\)|\]|else\b|=>|\?|&&|\|\||[-+*/])", code)):
            starts.append(i)
        for ch in code:
            if ch in "({[":
                stack.append(ch)
            elif ch in ")}]" and len(stack) > 1:
                stack.pop()
        prev = code
    return starts


def op_lines(mlir_lines):
    """(index, text) of the op lines of the first function body, comments and braces dropped."""
    out = []
    inside = False
    for i, line in enumerate(mlir_lines):
        s = line.strip()
        if not inside:
            if re.match(r"^(entry|func|experimental\$func)\b", s) or " entry @" in line:
                inside = True
            continue
        if line.startswith("  }") and not line.startswith("   "):
            break
        if not s or s[0] in "}^" or s.startswith("//"):
            continue  # braces, `} else {`, block headers: no op
        out.append((i, s))
    return out


def normalise(op_text):
    return re.sub(r"%[A-Za-z0-9_#]+", "%", op_text)


def main():
    ap = argparse.ArgumentParser()
    for a in ("driver", "cutile-src", "tilegym", "jobs", "pair", "generated", "out"):
        ap.add_argument("--" + a, required=True)
    args = ap.parse_args()
    job = read_job(args.jobs, args.pair)
    kernel_rel, entry = job[1], job[3]
    kernel_path = os.path.join(args.tilegym, kernel_rel)
    lines = open(kernel_path).read().split("\n")
    sig, open_line, close_line = entry_body(lines, entry)
    starts = statement_starts(lines, open_line, close_line)

    edited = []
    for i, line in enumerate(lines):
        if i in starts:
            k = starts.index(i)
            indent = re.match(r"^\s*", line).group(0)
            edited.append(f"{indent}let _tl_mark_{k}: i32 = {MARK_BASE + k};")
        edited.append(line)

    with tempfile.TemporaryDirectory() as tmp:
        marked = os.path.join(tmp, "kernel.rs")
        open(marked, "w").write("\n".join(edited))
        job[1] = marked
        jobs = os.path.join(tmp, "jobs.txt")
        open(jobs, "w").write(" | ".join(job) + "\n")
        env = dict(os.environ, TILEGYM=args.tilegym)
        subprocess.run([args.driver, "--cutile-src", args.cutile_src, "--jobs", jobs, "--out",
                        os.path.join(tmp, "out")], check=True, env=env, stdout=subprocess.DEVNULL)
        marked_ir = open(os.path.join(tmp, "out", args.pair + ".mlir")).read().split("\n")

    generated = open(args.generated).read().split("\n")
    gen_ops = op_lines(generated)
    # Statement of each marked-IR op; markers dropped.
    statement = -1
    attributed = []
    for _, text in op_lines(marked_ir):
        m = re.search(r"constant <i32: (\d+)>", text)
        if m and MARK_BASE <= int(m.group(1)) < MARK_BASE + len(starts):
            statement = int(m.group(1)) - MARK_BASE
            continue
        attributed.append((text, statement))
    if len(attributed) != len(gen_ops):
        sys.exit(f"{len(attributed)} ops with markers removed, {len(gen_ops)} in generated")

    def last_significant(first, limit):
        last = first
        for j in range(first, limit):
            if strip_comment(lines[j]).strip():
                last = j
        return last

    links = []
    for (index, text), (marked_text, stmt) in zip(gen_ops, attributed):
        if normalise(text) != normalise(marked_text):
            sys.exit(f"generated line {index + 1} differs: {text!r} vs {marked_text!r}")
        if stmt < 0:
            first, last = sig, open_line
        else:
            first = starts[stmt]
            nxt = starts[stmt + 1] if stmt + 1 < len(starts) else close_line
            last = last_significant(first, nxt)
        op = re.sub(r"^(%[^=]*=\s*)?", "", text).split()[0]
        links.append({"ir_line": index + 1, "op": op, "rust_first": first + 1,
                      "rust_last": last + 1})

    json.dump({
        "pair": args.pair,
        "kernel": kernel_rel,
        "entry": entry,
        "derived_by": "tests/data/source-links/derive_links.py (statement markers, see README.md)",
        "links": links,
    }, open(args.out, "w"), indent=1)
    print(f"{args.pair}: {len(links)} ops, {len(starts)} statements")


if __name__ == "__main__":
    main()
