#pragma once
// The compile job of a port's Rust entry for the cuTile Rust compile-only IR driver (issue 31
// item 4), derived from the checkout itself instead of a hand-written job file: the entry and
// its module from kernel.rs, the const generics, the dtype, the tensors' shapes and strides,
// the integer scalars and the compile options from the launch chain (wrapper -> ffi.rs ->
// kernel.rs, LaunchChain.h), evaluated for one call.
//
// The job line is the driver's format (shared/tools/cutile-rs-ir, ir-driver's header):
//   kernel.rs | module path | entry | generics | target | params | options
// (the stage adds the output name in front). What the sources leave open — the sizes of the
// call, the autotune configuration, the dtype arm, the target — is chosen and listed in
// `choices`; when the reference IR of the entry exists, its compiled-in constants and dtype
// decide instead (DerivedBinding.h), so the two IRs are compiled for the same call.

#include "ir/Function.h"
#include "workspace/LaunchChain.h"

#include <string>
#include <vector>

namespace tilelens::ws {

struct IrGenJob
{
    std::string kernelRs; // relative to the checkout ("src/tilegym/ops/cutile_rs/x_kernel/...")
    std::string
        modulePath; // module_path!() of the #[cutile::module] ("cutile_kernels::x::x_module")
    std::string entry;
    std::vector<std::string> generics; // "bf16", "64", ...
    std::string target = "sm_100";
    std::vector<std::string> params;  // "tensor:q=2x64x128x64", "int:m=4096", "ptr:a_ptr"
    std::vector<std::string> options; // "occupancy=2", "num_cta_in_cga=4"
    std::vector<std::string> choices; // what was chosen rather than derived, one line each

    // The job line without its name.
    std::string line() const;
};

// The job of Rust entry `entry` of `chain`, for the call `reference` was compiled for when
// given (the reference IR's entry), else for sizes chosen as a CPU run of the derived binding
// would (the largest of each size's candidates). False with `why` when a piece of the job
// cannot be derived (a generic or size the sources do not determine).
bool deriveIrGenJob(const LaunchChain& chain, const std::string& checkoutRoot,
                    const std::string& entry, const ir::Function* reference, IrGenJob& out,
                    std::string& why);

} // namespace tilelens::ws
