#pragma once
// The Rust half of a port's launch chain: the entries of kernel.rs (their
// const generics, parameters and `unchecked_accesses`), and ffi.rs read
// symbolically for one wrapper call: which entry it launches with which
// arguments, generics, grid, compile options, stream and dtype dispatch.
//
// A tolerant reader of the subset these files use (let, if/else, match on
// strings, method chains, macro_rules! with one `$E:ty` parameter and the
// ffi_util helper macros); what it cannot read becomes an Unknown value and
// a note, never a crash. Linear; recursion depth capped.

#include "workspace/LaunchModel.h"
#include "workspace/LaunchPython.h"
#include "workspace/LaunchTokens.h"

#include <string>
#include <vector>

namespace tilelens::ws::launch {

struct RustParam
{
    enum class Kind
    {
        Tensor,  // &Tensor<E, {[-1, -1]}>: pointer, shapes, strides
        Pointer, // *mut E
        Int,
        Float,
        Unknown
    };
    std::string name;
    std::string type; // as written, spaces normalised
    Kind kind = Kind::Unknown;
    size_t rank = 0;  // Tensor
    std::string elem; // Tensor / Pointer element ("E", "i32")
    int line = 0;
};

struct RustGeneric
{
    std::string name;
    bool isType = false; // `E: ElementType` (else `const X: i32`)
    int line = 0;
};

struct RustEntryDecl
{
    std::string name;
    int line = 0;
    std::vector<RustGeneric> generics;
    std::vector<RustParam> params;
    bool uncheckedAccesses = false; // #[cutile::entry(unchecked_accesses = true)]
    int uncheckedLine = 0;
};

// The reason of the opaque value ffi_util's cast_tf32(dtype) gives (1 for f32, else 0; its
// body is not read): IrGenJob.h evaluates it once the dtype is chosen.
constexpr const char* kCastTf32Reason = "cast_tf32 of the dtype";

// Every #[cutile::entry] function of kernel.rs.
std::vector<RustEntryDecl> readRustEntries(std::string_view kernelRs,
                                           std::vector<SourceError>* errors = nullptr);

// ffi.rs, tokenised once.
struct FfiSource
{
    std::string path;
    TokenList tokens;
};

// Follows the extern "C" function `symbol` of ffi.rs for one wrapper call whose arguments
// are `args`, adding the launch (or notes saying why none) to `path`. `entries` names the
// kernel.rs entries an ffi.rs call can launch.
void followFfiCall(const FfiSource& ffi, const std::vector<RustEntryDecl>& entries,
                   const std::string& symbol, const std::vector<FfiArg>& args, const Loc& call,
                   Decisions& decisions, PathResult& path);

} // namespace tilelens::ws::launch
