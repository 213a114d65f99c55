#pragma once
// How the parameters of two entries bind to the same logical tensors and
// scalars, and which sizes and grids to run them with.
//
// Sources, in order of preference: a binding file (JSON, schema
// tilelens.eval-binding/1, documented in docs/cli.md), else the reference's
// mangled cuTile Python entry name (`_k_Kt1_A2f16_1v8l0_..._S f32_I128`: one
// array = pointer, rank shapes, rank strides; `S<dtype>` = one scalar; I/B/F
// tokens are compile-time constants without a parameter) bound by position
// to a generated entry with the same parameter types.

#include "eval/Interpreter.h"
#include "eval/Numeric.h"
#include "ir/Function.h"

#include <map>
#include <string>
#include <vector>

namespace tilelens::eval {

// Integer expressions over names (dims, `a.shape[0]`, `a.stride[1]`, integer
// scalars): + - * / ( ) and cdiv(x, y), min(x, y), max(x, y). Division truncates.
// Returns false and sets `error` (with the offset) on a syntax error or unknown name.
bool evalExpression(const std::string& text, const std::map<std::string, int64_t>& names,
                    int64_t& value, std::string& error);

struct ArrayBinding
{
    std::string name;
    Elem elem = Elem::None;
    std::vector<std::string> shape;   // expressions (usually dim names)
    std::vector<std::string> strides; // expressions; empty = row-major contiguous
    // Initial values: "normal" (floats) / "uniform" in [lo, hi] / "iota" (0, 1, 2, ...).
    std::string init;
    double lo = -4, hi = 4;
    // Integer arrays: the elements in row-major order as expressions, which may name other
    // arrays' pointers (`a.ptr`): the group tables of a grouped GEMM (pointer, rows,
    // columns, row stride per group). Elements past the list are 0.
    std::vector<std::string> values;
};

struct ScalarBinding
{
    std::string name;
    Elem elem = Elem::None;
    std::string value; // expression (integers) or number; empty = random
};

struct SideBinding
{
    // One entry per kernel parameter: "a" (whole array: ptr, shapes, strides),
    // "a.ptr", "a.shape[i]", "a.stride[i]", a scalar name or an integer expression.
    std::vector<std::string> params;
    std::vector<std::string> grid; // three expressions; empty = derived from the kernel
};

struct Binding
{
    std::string source;                               // "file", "mangled", "positional"
    std::map<std::string, std::vector<int64_t>> dims; // candidate values per dim
    std::vector<ArrayBinding> arrays;
    std::vector<ScalarBinding> scalars;
    SideBinding ref, gen;
    // How a default binding chose its sizes and integer scalars: the entries' assume
    // facts about their parameters and the rule that followed ("S = 48, 144: ...").
    std::vector<std::string> facts;

    const ArrayBinding* array(const std::string& name) const;
    const ScalarBinding* scalar(const std::string& name) const;
};

// Reads a binding file; false with a message (file:line:col from the JSON reader or the key).
bool loadBinding(const std::string& path, Binding& out, std::string& error);

// Logical parameters from a cuTile Python mangled entry name; false if not mangled
// or the tokens do not account for `paramCount` parameters.
bool bindingFromMangledName(const std::string& entry, size_t paramCount, Binding& out,
                            std::string& error);

// A binding for two entries without a binding file: the mangled reference name
// when it has one, else pointers and the scalars after them found from the
// kernel's own make_tensor_view ops. Both sides bind by position and must have
// the same parameter types. Sizes and integer scalars satisfy the `assume`
// facts both entries state about their parameters (div_by, bounded), listed in
// Binding::facts.
bool defaultBinding(const ir::Function& ref, const ir::Function& gen, Binding& out,
                    std::string& error);

// The binding of one entry pair: `file` when it lists the parameters of both entries
// (modules with several entries: one file binds the pairs it was written for), else
// defaultBinding().
bool bindingForPair(const Binding* file, const ir::Function& ref, const ir::Function& gen,
                    Binding& out, std::string& error);

// Every op of fn's body with the ops of nested regions, in the order a block-stack walk meets
// them (a block's ops, then the regions they opened, last first).
std::vector<const ir::Op*> opsOf(const ir::Function& fn);

// The grid of an entry without one in its binding: one block per tile of the first array
// stored through a partition view (`shapes`: the arrays' shapes by name, `params` the
// expanded parameter names), the tiles of each dimension whose store index comes from one
// get_tile_block_id component on that component, the rest on x; {1, 1, 1} without such a
// store.
Grid derivedGrid(const ir::Function& fn, const std::vector<std::string>& params,
                 const std::map<std::string, std::vector<int64_t>>& shapes);

// Expands params ("a" -> a.ptr, a.shape[0..r), a.stride[0..r)).
std::vector<std::string> expandParams(const Binding& b, const std::vector<std::string>& params);

} // namespace tilelens::eval
