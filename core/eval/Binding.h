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

#include "eval/Expression.h"
#include "eval/Interpreter.h"
#include "eval/Numeric.h"
#include "ir/Function.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tilelens::eval {

// One item of a binding file, for messages: its JSON pointer ("/arrays/a/shape/1") and the
// name a reader knows it by ("arrays.a.shape[1]").
struct BindingItem
{
    std::string pointer, name;
    BindingItem key(const std::string& k) const;             // a member of this object
    BindingItem index(size_t i) const;                       // an element of this list
    static std::string pointerToken(const std::string& key); // RFC 6901 escaping
};

struct BindingFileText; // a binding file's text and a locator over it (BindingFile.cpp)

// What a message that needs a binding asks for, as one English text whose %1 is the way to give
// one: the CLI names its option (kBindingWayOfCli), the GUI its menu item (issue 31).
inline constexpr const char* kGiveBindingFile = "give a binding file (%1)";
inline constexpr const char* kGiveSmallerBinding = "give a smaller binding (%1)";
inline constexpr const char* kBindingWayOfCli = "--binding";
// `text` (one of the two above) with `way` for its %1.
std::string askForBinding(const char* text, const std::string& way);

// How an array's elements are drawn: a binding's `init` word, "normal" (the default),
// "uniform" or "iota" (arrayInitNamed()).
enum class ArrayInit : uint8_t
{
    Normal,
    Uniform,
    Iota,
};

// The init a word names, if any.
std::optional<ArrayInit> arrayInitNamed(std::string_view word);
// The word of an init, as a binding file writes it.
std::string_view arrayInitWord(ArrayInit init);

struct ArrayBinding
{
    std::string name;
    Elem elem = Elem::None;
    std::vector<std::string> shape;   // expressions (usually dim names)
    std::vector<std::string> strides; // expressions; empty = row-major contiguous
    // Initial values (the file's `init`, read once): normal (floats; integers draw uniformly),
    // uniform in [lo, hi], iota (integers 0, 1, 2, ...; floats draw normally).
    ArrayInit init = ArrayInit::Normal;
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
    std::string source; // "file", "mangled", "positional", "derived", "pair"
    std::map<std::string, std::vector<int64_t>> dims; // candidate values per dim
    std::vector<ArrayBinding> arrays;
    std::vector<ScalarBinding> scalars;
    SideBinding ref, gen;
    // How a default binding chose its sizes and integer scalars: the entries' assume
    // facts about their parameters and the rule that followed ("S = 48, 144: ...").
    std::vector<std::string> facts;
    // How a binding derived from the entry pair tied the parameters, in words ("" otherwise).
    std::string derivation;

    // Set by loadBinding: the file, so that a problem found while running (an expression
    // that overflows for some dims) is reported at its line and column.
    std::shared_ptr<const BindingFileText> fileText;

    // Linear look-ups, for a few names; loops over many use an index (expandParams).
    const ArrayBinding* array(const std::string& name) const;
    const ScalarBinding* scalar(const std::string& name) const;
    // "b.json:7:23: " for a JSON pointer of the binding file (or of the nearest item that
    // exists), "" for a binding not read from a file.
    std::string placeOf(const std::string& pointer) const;
};

// Reads a binding file (at most 64 MiB) with the checked JSON reader; false with a message
// "FILE:LINE:COL: item: problem" for bad JSON, a wrong type, an integer beyond 64 bits or an
// expression that does not parse.
bool loadBinding(const std::string& path, Binding& out, std::string& error);
// The same for text already read; `file` names it in messages.
bool loadBindingText(std::string_view text, const std::string& file, Binding& out,
                     std::string& error);

// The binding as a tilelens.eval-binding/1 document that loadBindingText() reads back to the same
// binding (dims, arrays, scalars, both sides; a guess's facts as "facts", which the reader
// ignores): the template the GUI's binding dialog starts from.
std::string bindingJsonText(const Binding& b);

// Whether `b` lists the parameters of both entries (what bindingForPair() asks of a file): false
// with "FILE:LINE:COL: ref.params: ..." naming the side whose expanded parameters do not match.
bool bindingFitsPair(const Binding& b, const ir::Function& ref, const ir::Function& gen,
                     std::string& error);

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
// `way`: how its messages say to give a binding instead (askForBinding).
bool defaultBinding(const ir::Function& ref, const ir::Function& gen, Binding& out,
                    std::string& error, const std::string& way = kBindingWayOfCli);

// Sizes and integer scalar values for a binding whose arrays (each axis "S") and both sides'
// params are set, as defaultBinding() chooses them: one size S for every axis, meeting the
// `assume` facts each entry states about its parameters (read through its own params), listed
// in out.facts.
void chooseSizes(const ir::Function& ref, const ir::Function& gen, Binding& out);

// The binding of one entry pair: `file` when it lists the parameters of both entries
// (modules with several entries: one file binds the pairs it was written for), else
// defaultBinding().
bool bindingForPair(const Binding* file, const ir::Function& ref, const ir::Function& gen,
                    Binding& out, std::string& error, const std::string& way = kBindingWayOfCli);

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

// Expands params ("a" -> a.ptr, a.shape[0..r), a.stride[0..r)); `origin`, when given,
// receives for each expanded parameter the index of the entry of `params` it came from.
std::vector<std::string> expandParams(const Binding& b, const std::vector<std::string>& params,
                                      std::vector<size_t>* origin = nullptr);

} // namespace tilelens::eval
