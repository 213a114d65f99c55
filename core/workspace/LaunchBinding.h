#pragma once
// The run binding (tilelens.eval-binding/1) of one entry pair, derived from
// its launch chain: logical arrays named after the reference's launch, sizes
// named after the wrappers' variables, each kernel parameter of both sides as
// an expression over them, the grids. Choices the sources leave open (the
// autotune configuration, the GPU's SM count, the sizes and the dtype of one
// CPU run) are made here and listed as such in `facts`, never presented as
// derived; pieces that cannot be derived say why and leave the binding
// incomplete.

#include "eval/Binding.h"
#include "workspace/LaunchChain.h"

#include <functional>
#include <map>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <vector>

namespace tilelens::ws {

// One printed line of a derived binding: a parameter, a generic, a grid component.
struct BindingItem
{
    enum class Side
    {
        Port,
        Reference
    } side = Side::Port;
    std::string what;      // "out_ptr", "grid.x", "generic BLOCK_SIZE", "constant TILE_SIZE"
    std::string expr;      // binding syntax when it has one, else a readable form
    bool derived = true;   // false: `why` says why not
    bool inBinding = true; // a runtime parameter (constants and generics are not)
    std::string why;
    launch::Loc loc;
};

// Values chosen for the symbols the sources leave open; the IR pair's specialisation
// (DerivedBinding.h) fills it from the entries, else defaults are chosen.
struct Specialization
{
    std::map<std::string, int64_t> fixed;                   // Dim / Tunable / Device keys
    std::map<std::string, std::vector<int64_t>> candidates; // Dim keys
    std::map<std::string, bool> flags;
    std::map<std::string, std::string> arrayDtypes; // array name -> Tile IR element ("f16")
    std::vector<std::string> facts;
};

// A choice the derivation made, with the place in the sources it was made from when it has
// one (the autotune configurations it picked from). The place is printed after the text by
// whoever prints it, so that a front end names the file relative to the path it was given.
struct BindingFact
{
    std::string text;
    launch::Loc loc; // file empty: no place

    // "text (file:line)"; `place` writes the place (default: the file as read).
    std::string format(const std::function<std::string(const launch::Loc&)>& place = {}) const;
};

struct DerivedArray
{
    std::string name;
    launch::TensorRef ref, port;    // the tensor each side passes (one may be null)
    std::vector<launch::Sym> shape; // the reference's view when it has one
    std::vector<launch::Sym> strides;
    bool rowMajor = true;
    std::string dtype; // tensor dtype as the wrapper has it ("of:a", "int32")
};

struct DerivedBinding
{
    std::vector<DerivedArray> arrays;
    std::vector<std::string> dimKeys;                 // every size symbol used, in order
    std::map<std::string, std::string> names;         // symbol key -> name in expressions
    std::map<std::string, std::vector<int64_t>> dims; // binding dims (name -> values)
    std::map<std::string, int64_t> resolved;          // tunable / device key -> value chosen
    std::vector<BindingItem> items;
    std::vector<std::string> refParams, genParams;
    std::vector<std::string> refGrid, genGrid;
    struct Scalar
    {
        std::string name;
        std::string dtype;
        std::optional<double> value;
    };
    std::vector<Scalar> scalars;
    std::vector<BindingFact> facts;
    bool complete = false;
    std::string why; // when incomplete: the first piece that could not be derived

    // The binding for the CPU interpreter; false with `error` when incomplete.
    bool toEval(eval::Binding& out, std::string& error) const;
    // tilelens.eval-binding/1 (null when incomplete); `place` writes the places of its facts.
    nlohmann::json toJson(const std::function<std::string(const launch::Loc&)>& place = {}) const;
};

DerivedBinding deriveBinding(const EntryChain& entry, const Specialization* spec = nullptr);

// The logical array a tensor of either side is bound to ("" when none).
std::string arrayOf(const DerivedBinding& b, const launch::TensorRef& t);

// Symbol values for sample evaluations: sizes in [2, 400] respecting the paths'
// divisibility facts, tunables and device values from `b.resolved` / `extra`.
launch::SymEnv sampleEnv(const EntryChain& e, const DerivedBinding& b, int sample,
                         const std::map<std::string, int64_t>& extra = {});

// Values the two launches must agree on for "the same call": each port const generic and
// the reference constant of the same meaning, and the num_ctas / occupancy hints.
std::vector<std::pair<launch::Sym, launch::Sym>> identifiedValues(const EntryChain& e);

// Whether the reference's configuration values `refConfig` make the same call as the port's
// in `env` (identified values equal), and give the same grid on every sample.
bool sameCall(const EntryChain& e, const DerivedBinding& b,
              const std::map<std::string, int64_t>& env, bool* gridsEqual);

// A symbol's name in messages and expressions.
std::string symbolName(const DerivedBinding& b, const launch::SymNode& n);

} // namespace tilelens::ws
