#pragma once
// A tolerant reader of the Python subset TileGym's wrappers and reference
// modules use for launching kernels: module-level constants, functions (nested
// ones too), classes with methods, if/for/while/with/try, assignments, calls,
// lambdas, comprehensions. Not a full parser: what it cannot read becomes an
// `Unknown` node plus a located error, and reading goes on at the next
// statement. Linear in the input; recursion depth is capped.

#include "workspace/LaunchTokens.h"

#include <string>
#include <unordered_map>
#include <vector>

namespace tilelens::ws::launch {

enum class PyKind
{
    // expressions
    Name,
    Int,
    Float,
    Str,
    NoneLit,
    True,
    False,
    Attr,      // a.text              kids: [a]
    Subscript, // a[b]                kids: [a, b]
    Slice,     // lo:hi:step          kids: [lo|-1, hi|-1, step|-1]
    Call,      // f(args)             kids: [f, args...] (Keyword / Starred nodes among args)
    Keyword,   // text=value          kids: [value]
    Starred,   // *x / **x (text "*" or "**") kids: [x]
    BinOp,     // text = operator     kids: [l, r]
    UnOp,      // text = "-" "+" "~" "not"
    Compare,   // text = operator ("<", "in", "not in", "is not", ...) kids: [l, r]
    BoolOp,    // text = "and" / "or" kids: [l, r]
    IfExp,     // a if c else b       kids: [a, c, b]
    Tuple,
    List,
    Dict, // kids: key, value, key, value ...
    Set,
    Lambda,   // kids: [params, body]
    ListComp, // kids: [element, Comp...]
    Comp,     // for target in iter if cond...  kids: [target, iter, conds...]
    Yield,    // yield x / yield from x (text "from")  kids: [x] or []
    Unknown,
    // statements
    Module,    // kids: statements
    Block,     // kids: statements
    Def,       // text = name; kids: [params, decorators(Block of exprs), body]; annotation = return
    Params,    // kids: Param nodes
    Param,     // text = name ("*" / "**" prefixed for varargs); kids: [default] or []
    Class,     // text = name; kids: [bases(Block), body]
    Assign,    // kids: [target..., value]  (chained targets)
    AugAssign, // text = operator ("+="); kids: [target, value]
    If,        // kids: [cond, body, orelse(Block, may hold one If for elif)]
    For,       // kids: [target, iter, body, orelse]
    While,     // kids: [cond, body, orelse]
    With,      // kids: [items (Block of WithItem), body]
    WithItem,  // kids: [expr, target|-1]
    Try,       // kids: [body, handlers (Block of Blocks), orelse, finally]
    Return,    // kids: [value] or []
    Raise,
    Assert,
    ExprStmt, // kids: [expr]
    Pass,
    Break,
    Continue,
    Import,
    Other // global, nonlocal, del, a statement that did not read
};

struct PyNode
{
    PyKind kind = PyKind::Unknown;
    std::string text; // name, operator, literal text or string contents
    int line = 0;
    int column = 0;
    std::vector<int> kids; // indices into PyFile::nodes; -1 = absent
};

struct PyFile
{
    std::vector<PyNode> nodes; // nodes[root] is the Module
    int root = -1;
    std::vector<SourceError> errors;
    // Param / Def node -> its annotation as written (tokens joined by spaces). Beside the nodes,
    // not in each: a node of a million-item literal would carry an empty string for it.
    std::unordered_map<int, std::string> annotations;

    const PyNode& at(int i) const { return nodes[size_t(i)]; }
    // The annotation of a Param or Def node ("" for none).
    const std::string& annotation(int node) const;
    // The kid `k` of node `n`, or -1.
    int kid(int n, size_t k) const { return n >= 0 && k < at(n).kids.size() ? at(n).kids[k] : -1; }
};

PyFile parsePython(std::string_view text);

// The source text of an expression node, rebuilt from the tree (for messages).
std::string pyExprText(const PyFile& file, int node);

} // namespace tilelens::ws::launch
