#!/usr/bin/python3
"""Fails when a contributor document cites a path or a symbol that does not exist.

usage: check_doc_paths.py REPO_ROOT DOC.md...
       check_doc_paths.py --self-test

HACKING.md is a map of the tree; a map that names moved files misleads more than no map. This
check keeps it honest, cheaply (no build needed). What it checks, in every code span (`...`)
and fenced code block of each DOC:

* a word that starts with a top-level folder or file of the repository (core/, app/, tests/,
  scripts/, ...) is a path relative to REPO_ROOT and must exist; `<name>` and `*` are wildcards
  and must match at least one file or folder;
* a code span that is one bare C++ or script file name (`Foo.cpp`, `run.sh`) must name a file
  somewhere in the tree;
* a code span that is a symbol -- it ends in `()`, contains `::`, or is one CamelCase word --
  must occur (each `::` part as a whole word) in one of the paths cited in the same paragraph,
  list item or table row (that file, or the files under that folder); where the block cites no
  path, somewhere in the tree's sources.

Every problem is printed as DOC:LINE: what is missing; the exit status is 1 when there is one.
"""
import fnmatch
import glob
import os
import re
import sys
import tempfile

TOP_LEVEL = ("core/", "app/", "tests/", "scripts/", "resources/", "translations/", "packaging/",
             "docs/", "cmake/", ".ci/")
ROOT_FILES = ("README.md", "HACKING.md", "CONTRIBUTING.md", "LICENSE", "CMakeLists.txt",
              "CMakePresets.json", ".clang-format", ".clang-tidy", ".gitignore")
SOURCE_EXT = (".cpp", ".h", ".cu", ".py", ".sh", ".cmake")
# Where a symbol with no path before it is looked for: code and build files, never the docs.
SEARCH_EXT = (".cpp", ".h", ".cu", ".in", ".py", ".sh", ".cmake", ".txt", ".json", ".qrc")
SKIP_DIRS = {".git", "__pycache__", "data"}

SPAN = re.compile(r"`([^`\n]+)`")
IDENT = r"[A-Za-z_~][A-Za-z0-9_]*"
SYMBOL = re.compile(r"^(%s(?:::%s)*)(\(\))?$" % (IDENT, IDENT))
CAMEL = re.compile(r"^[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+$")


class Tree:
    def __init__(self, root):
        self.root = root
        self._texts = {}
        self._basenames = None
        self._sources = None

    def _walk(self):
        names, sources = set(), []
        for top, dirs, files in os.walk(self.root):
            rel = os.path.relpath(top, self.root)
            dirs[:] = [d for d in dirs if d not in SKIP_DIRS and
                       not (rel == "." and d.startswith("build"))]
            for f in files:
                names.add(f)
                if f.endswith(SEARCH_EXT):
                    sources.append(os.path.join(top, f))
        self._basenames, self._sources = names, sorted(sources)

    def basenames(self):
        if self._basenames is None:
            self._walk()
        return self._basenames

    def sources(self):
        if self._sources is None:
            self._walk()
        return self._sources

    def text(self, path):
        if path not in self._texts:
            with open(path, encoding="utf-8", errors="replace") as f:
                self._texts[path] = f.read()
        return self._texts[path]

    def files_under(self, rel):
        full = os.path.join(self.root, rel)
        if os.path.isfile(full):
            return [full]
        prefix = full.rstrip("/") + "/"
        return [p for p in self.sources() if p.startswith(prefix)]


def is_repo_path(word):
    return word.startswith(TOP_LEVEL) or word in ROOT_FILES


def clean_word(word):
    # Punctuation that ends a sentence or a shell construct is not part of the path.
    word = word.strip("\"'()[],;")
    while word and word[-1] in ".:,;)":
        word = word[:-1]
    return word


def expand(tree, rel):
    """The files and folders a cited path stands for; `<name>` and `*` are wildcards."""
    pattern = re.sub(r"<[^>/]*>", "*", rel)
    if "*" in pattern or "?" in pattern:
        return glob.glob(os.path.join(tree.root, pattern))
    full = os.path.join(tree.root, pattern)
    return [full] if os.path.exists(full) else []


def symbol_found(tree, symbol, scope):
    parts = symbol.split("::")
    files = [f for place in scope for f in tree.files_under(place)] if scope else tree.sources()
    for f in files:
        text = tree.text(f)
        if all(re.search(r"(?<![A-Za-z0-9_])%s(?![A-Za-z0-9_])" % re.escape(p), text)
               for p in parts):
            return True
    return False


BLOCK_START = re.compile(r"^\s*(?:[*-] |\d+\. |\||#)")


def blocks(doc_text):
    """Paragraphs, list items and table rows: [(line number, code text, is_fenced), ...]."""
    fenced, block = False, []
    for n, line in enumerate(doc_text.splitlines(), 1):
        if line.lstrip().startswith("```"):
            if block:
                yield block
            block, fenced = [], not fenced
            continue
        if fenced:
            yield [(n, line, True)]
            continue
        if not line.strip() or BLOCK_START.match(line):
            if block:
                yield block
            block = []
        block += [(n, span, False) for span in SPAN.findall(line)]
    if block:
        yield block


def check_doc(tree, doc):
    problems = []
    with open(doc, encoding="utf-8") as f:
        text = f.read()
    name = os.path.relpath(doc, tree.root) if doc.startswith(tree.root) else doc
    for block in blocks(text):
        scope, symbols = [], []
        for n, span, fenced in block:
            words = span.split()
            paths = [clean_word(w) for w in words if is_repo_path(clean_word(w))]
            for p in paths:
                found = expand(tree, p)
                if not found:
                    problems.append((n, "path `%s` does not exist" % p))
                scope += found
            if fenced or paths:
                continue
            token = span.strip()
            if len(words) == 1 and token.endswith(SOURCE_EXT) and "/" not in token:
                if not fnmatch.filter(tree.basenames(), re.sub(r"<[^>/]*>", "*", token)):
                    problems.append((n, "file `%s` is nowhere in the tree" % token))
                continue
            m = SYMBOL.match(token)
            if m and (m.group(2) or "::" in token or CAMEL.match(token)):
                symbols.append((n, token, m.group(1)))
        # A symbol is looked for in the paths its paragraph, list item or table row cites.
        for n, token, symbol in symbols:
            if not symbol_found(tree, symbol, scope):
                where = "the paths cited beside it" if scope else "the tree's sources"
                problems.append((n, "`%s` is not in %s" % (token, where)))
    return ["%s:%d: %s" % (name, n, what) for n, what in sorted(problems, key=lambda p: p[0])]


def self_test():
    """The check must fail on rot: a missing path, file and symbol are each reported."""
    with tempfile.TemporaryDirectory() as root:
        os.makedirs(os.path.join(root, "core", "a"))
        with open(os.path.join(root, "core", "a", "Thing.h"), "w") as f:
            f.write("namespace n { struct Thing { void run(); }; int helper(); }\n")
        doc = os.path.join(root, "HACKING.md")
        with open(doc, "w") as f:
            f.write("Good: `helper()` in `core/a/Thing.h`: `Thing::run()`; `core/<m>/Thing.h`;\n"
                    "`Thing.h`; `T*.h`; `Thing`; `cmake --build build/dev`; `core/a/`.\n"
                    "\n"
                    "Bad: `core/a/Gone.h`; `core/a/Thing.h`: `missing()`; `Other.cpp`.\n"
                    "\n"
                    "* `Thing::stop()`; `GoneClass`.\n"
                    "```sh\nscripts/gone.sh --flag\n```\n")
        got = check_doc(Tree(root), doc)
        want = ["HACKING.md:4: path `core/a/Gone.h` does not exist",
                "HACKING.md:4: file `Other.cpp` is nowhere in the tree",
                "HACKING.md:4: `missing()` is not in the paths cited beside it",
                "HACKING.md:6: `Thing::stop()` is not in the tree's sources",
                "HACKING.md:6: `GoneClass` is not in the tree's sources",
                "HACKING.md:8: path `scripts/gone.sh` does not exist"]
        if got != want:
            print("self-test failed:\n  got:  %s\n  want: %s" % (got, want))
            return 1
    print("self-test passed: every kind of rot is reported")
    return 0


def main(argv):
    if argv[1:] == ["--self-test"]:
        return self_test()
    if len(argv) < 3:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    tree = Tree(os.path.abspath(argv[1]))
    problems = []
    for doc in argv[2:]:
        problems += check_doc(tree, os.path.abspath(doc))
    for p in problems:
        print(p)
    if problems:
        print("%d cited path(s) or symbol(s) do not exist: update the document to the tree"
              % len(problems))
        return 1
    print("every path and symbol cited in %d document(s) exists" % (len(argv) - 2))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
