#pragma once
// Symbolic integers of a launch chain: what a kernel argument, a grid
// component or a block size is, in terms of the sizes of the call.
//
//   Dim      a size of the call (key "a.shape[1]" for an input tensor's axis,
//            "opt:x" for an optional integer argument of the op)
//   Tunable  a field of an autotune configuration (key "cfg<group>.<FIELD>")
//   Device   a property of the GPU (key "NUM_SMS")
//   Flag     a boolean choice of the call (key "static_persistent", or a
//            condition the sources do not decide, keyed by its place)
//   Opaque   not derivable (name = the reason)
//
// Values are immutable and shared. Evaluation is checked: overflow, division
// by zero or an unbound symbol give nullopt, never UB.

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace tilelens::ws::launch {

enum class SymOp
{
    Const,
    Dim,
    Tunable,
    Device,
    Flag,
    Opaque,
    Add,
    Sub,
    Mul,
    FloorDiv,
    CeilDiv,
    Mod,
    Min,
    Max,
    Neg,
    NextPow2, // next_power_of_2(x)
    Select,   // args: cond, then, else
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    And,
    Or,
    Not,
    Truthy, // Python `a or b` on integers: a if a != 0 else b (args: a, b)
};

struct SymNode;
using Sym = std::shared_ptr<const SymNode>;

struct SymNode
{
    SymOp op = SymOp::Const;
    int64_t value = 0;
    std::string name; // Dim / Tunable / Device / Flag key, Opaque reason
    std::vector<Sym> args;
    int depth = 1;    // of the tree; a deeper one is made Opaque (kMaxSymDepth)
    int64_t size = 1; // nodes, shared ones counted each time (walks are linear in it)
};

constexpr int kMaxSymDepth = 256;
// `x = x + x` repeated shares subtrees: a walk would be exponential. Beyond this many nodes
// an expression is Opaque.
constexpr int64_t kMaxSymSize = 20000;

Sym symConst(int64_t v);
Sym symDim(const std::string& key);
Sym symTunable(const std::string& key);
Sym symDevice(const std::string& key);
Sym symFlag(const std::string& key);
Sym symOpaque(const std::string& reason);
// Folds constants and a few identities (x*1, x+0, (x*y)//y, (a+b-1)//b = cdiv(a, b),
// -(a // -b) = cdiv(a, b)).
Sym symOp(SymOp op, const Sym& a, const Sym& b);
Sym symUnary(SymOp op, const Sym& a); // Neg, NextPow2, Not
Sym symSelect(const Sym& cond, const Sym& a, const Sym& b);

bool isConst(const Sym& s, int64_t* value = nullptr);
bool isOpaque(const Sym& s); // Opaque itself or any Opaque inside
// The first Opaque reason inside, "" when none.
std::string opaqueReason(const Sym& s);

// Values of the symbols for one evaluation.
struct SymEnv
{
    std::map<std::string, int64_t> values; // Dim, Tunable and Device keys
    std::map<std::string, bool> flags;
};

std::optional<int64_t> evalSym(const Sym& s, const SymEnv& env);

// Replaces decided flags and folds; undecided parts stay symbolic.
Sym partialEval(const Sym& s, const std::map<std::string, bool>& flags);
// Replaces symbols by key (Dim / Tunable / Device) with the given expressions.
Sym substitute(const Sym& s, const std::map<std::string, Sym>& by);

// Keys of the symbols of one kind inside (Dim, Tunable, Device or Flag).
void collectKeys(const Sym& s, SymOp kind, std::set<std::string>& out);

bool symEqual(const Sym& a, const Sym& b);

// The expression in the syntax of tilelens.eval-binding/1 (`a + b`, `cdiv(a, b)`,
// `min(a, b)`, `/` = floor division of non-negative values), with each symbol
// written as `name(key)`. False (and `why`) when it has no such form: a
// next_power_of_2, a Select or a comparison, an Opaque.
bool bindingText(const Sym& s, const std::function<std::string(const SymNode&)>& name,
                 std::string& out, std::string* why = nullptr);
// A readable form for messages (next_power_of_2(x), a if c else b, ...).
std::string symText(const Sym& s, const std::function<std::string(const SymNode&)>& name);

} // namespace tilelens::ws::launch
