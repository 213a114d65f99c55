#pragma once
// ABI checks of a port's launch chain against the reference's launch: the
// arguments of the two kernels are paired by meaning (parameter names, the
// tensors they belong to, the values of the same call), so that a swapped
// pointer, a stride of the wrong tensor or dimension, swapped sizes, a dtype
// mismatch, a grid or a block size that differs from the reference's for the
// same call is critical; a copy, an allocation or a stream the reference does
// not have is a warn; `unchecked_accesses = true` is a note. Each finding is at
// the wrapper / ffi.rs / kernel.rs line that makes the difference.

#include "workspace/LaunchBinding.h"
#include "workspace/LaunchChain.h"

#include <string>
#include <vector>

namespace tilelens::ws {

struct AbiFinding
{
    std::string rule;     // "abi-pointer", "abi-stride", "abi-size", "abi-dtype", "abi-grid",
                          // "abi-block", "abi-copy", "abi-alloc", "abi-stream", "abi-unchecked"
    std::string severity; // "critical", "warn", "note"
    launch::Loc loc;
    std::string message;                   // English, filled
    const char* messageTemplate = nullptr; // abimsg::k* (context "AbiRule")
    std::vector<std::string> args;         // the template's %1..%n
    std::vector<launch::Loc> related;
    std::string entry; // the Rust entry
};

// Every rule id with its default severity and one line saying what it checks.
struct AbiRuleInfo
{
    const char* id;
    const char* severity;
    const char* summary;
};
const std::vector<AbiRuleInfo>& abiRules();

std::vector<AbiFinding> checkAbi(const EntryChain& entry, const DerivedBinding& binding);

} // namespace tilelens::ws
