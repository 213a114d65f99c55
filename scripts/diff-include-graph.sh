#!/bin/sh
# The include graph of core/diff by unit (X.h + X.cpp = unit X: X.cpp including Y.h is X -> Y),
# its loops (strongly connected components), and, once the module has sub-folders, every
# include that runs against their order. Exit 1 when there is a loop or such an include.
#   scripts/diff-include-graph.sh [DIR]        (from the repository root; DIR = core/diff)
dir=${1:-core/diff}
find "$dir" -name '*.h' -o -name '*.cpp' | sort | xargs grep -H '^#include "diff/' |
  sed -E 's#^'"$dir"'/(([a-z]+)/)?([A-Za-z0-9_]+)\.(h|cpp):\#include "diff/(([a-z]+)/)?([A-Za-z0-9_]+)\.h".*#\2 \3 \6 \7#' |
python3 -c '
import sys, collections
# Sub-folders in dependency order (lower first); the root ("") is the face, below all.
order = ["", "graph", "semantics", "match", "compare", "classify", "engine"]
beside = {"report": {""}}          # report/ includes the face only
edges, nodes, against = collections.defaultdict(set), set(), []
for line in sys.stdin:
    f = line.rstrip("\n").split(" ")
    if len(f) != 4: continue
    af, a, bf, b = f
    nodes |= {a, b}
    if a == b: continue
    edges[a].add(b)
    if af in beside: ok = bf in beside[af] or bf == af
    elif bf in beside: ok = False
    else: ok = order.index(bf) <= order.index(af) if af in order and bf in order else True
    if not ok: against.append("%s/%s -> %s/%s" % (af or ".", a, bf or ".", b))
index, low, stack, on, loops, n = {}, {}, [], set(), [], [0]
def strong(v):
    index[v] = low[v] = n[0]; n[0] += 1; stack.append(v); on.add(v)
    for w in sorted(edges[v]):
        if w not in index: strong(w); low[v] = min(low[v], low[w])
        elif w in on: low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        c = []
        while True:
            w = stack.pop(); on.discard(w); c.append(w)
            if w == v: break
        if len(c) > 1: loops.append(sorted(c))
sys.setrecursionlimit(10000)
for v in sorted(nodes):
    if v not in index: strong(v)
print("units %d, unit includes %d, loops %d, against the folder order %d"
      % (len(nodes), sum(len(s) for s in edges.values()), len(loops), len(against)))
for c in loops:
    print("LOOP: " + " ".join(c))
    for a in c:
        for b in sorted(edges[a] & set(c)): print("    %s -> %s" % (a, b))
for e in against: print("AGAINST ORDER: " + e)
fan = sorted(((len(edges[v]), v) for v in nodes), reverse=True)[:4]
print("most units included: " + ", ".join("%s %d" % (v, k) for k, v in fan))
sys.exit(1 if loops or against else 0)
'
