#pragma once
// The run binding of an IR pair without a binding file: the launch chain of
// the port the pair was compiled from (LaunchChain.h), specialised to the two
// entries — the reference's compiled-in constants (its mangled entry name:
// tile sizes, transposes, a sliding window, sizes), the num_cta_in_cga /
// occupancy hints of both entries, and the `assume` facts both state about
// their parameters (sizes then divide as the facts ask, and stay ragged
// against the tiles wherever the facts allow, so tail handling runs).
//
// Where the chain is: a `launch.json` beside the reference IR
//   {"schema": "tilelens.launch/1", "checkout": "<path, relative to the file>",
//    "kernel": "<op>", "entry": "<Rust entry>"}
// or the IR's own place: a kernel working directory ($WS/reference/*.mlir) or a
// checkout's .tilelens/ir/<op>/<entry>/.
//
// Used by `tilelens-cli eval`, `diff --eval` and the GUI's "Run both on CPU"
// when no --binding is given; when no chain is found they keep their default.

#include "eval/Binding.h"
#include "ir/Function.h"
#include "workspace/LaunchBinding.h"
#include "workspace/LaunchChain.h"

#include <optional>
#include <string>

namespace tilelens::ws {

// The launch chain an IR pair was compiled from; nullopt (and `why`) when none is found.
std::optional<LaunchChain> launchChainForIrPair(const std::string& refPath,
                                                const std::string& genPath,
                                                std::string* why = nullptr);

// The binding of the entries `ref` / `gen` from `chain`: the entry chain of gen's Rust entry
// (the path alternative whose choices the reference's constants allow), specialised.
// `elements`: the array elements of its largest case (what a CPU run of it holds).
bool specialisedBinding(const LaunchChain& chain, const ir::Function& ref, const ir::Function& gen,
                        eval::Binding& out, std::string& why, DerivedBinding* derived = nullptr,
                        int64_t* elements = nullptr);

// The derived binding of `entry` specialised to the call the reference entry `ref` was
// compiled for (its compiled-in constants and hints), without a generated entry: what ir-gen
// compiles the port for (IrGenJob.h).
// `binding` receives the run binding (its arrays' element types are the reference's).
bool specialisedForReference(const EntryChain& entry, const ir::Function& ref, DerivedBinding& out,
                             eval::Binding& binding, std::string& why);

// The most array elements one case of a derived binding may hold for the hook to run it.
constexpr int64_t kMaxDerivedRunElements = int64_t(1) << 22;

// Both: the hook the callers use. `way`: how `why` says to give a binding instead
// (eval::askForBinding).
std::optional<eval::Binding>
derivedBindingForIrPair(const std::string& refPath, const std::string& genPath,
                        const ir::Function& ref, const ir::Function& gen,
                        std::string* why = nullptr,
                        const std::string& way = eval::kBindingWayOfCli);

} // namespace tilelens::ws
