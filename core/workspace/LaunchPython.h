#pragma once
// Runs a TileGym op's Python (the cuTile Rust wrapper, or the cuTile Python
// reference module) symbolically: the op's tensor arguments are symbols, each
// `if` the sources do not decide forks the run, and every path records the
// launches it makes (ct.launch, or the wrapper's FFI call handed to the ffi.rs
// reader), the copies, the allocations and the stream. Generators (autotune
// configuration lists) are run to completion over all their paths.
//
// Bounded: a run stops after kMaxSteps statements or kMaxCallDepth nested calls
// (the path is marked `cut`), and at most `maxRuns` paths are enumerated.

#include "workspace/LaunchModel.h"
#include "workspace/PyLaunchSource.h"

#include <functional>
#include <string>
#include <vector>

namespace tilelens::ws::launch {

struct PyModuleSource
{
    std::string path;
    PyFile file;
};

// An argument of a wrapper's call into the FFI library (`lib.cutile_op(...)`).
struct FfiArg
{
    enum class Kind
    {
        Desc, // make_tensor_desc(ffi, t)
        Int,
        Float,
        Stream, // an integer stream handle
        None,
        Unknown
    };
    Kind kind = Kind::Unknown;
    TensorRef tensor;
    Sym value;
    std::optional<double> number;
    StreamUse stream;
    std::string text;
    Loc loc;
    Loc origin;
    std::vector<Hop> hops;
    std::string why;
    TensorRef attrOf;
    std::string attr;
    int attrIndex = -1;
};

// Called for `lib.<symbol>(args)`: reads ffi.rs for that path and adds its launch to `path`.
using FfiHook = std::function<void(const std::string& symbol, const std::vector<FfiArg>& args,
                                   const Loc& call, Decisions& decisions, PathResult& path)>;

struct PyRunOptions
{
    FfiHook ffi;
    size_t maxRuns = 96;
};

constexpr size_t kMaxSteps = 100000;
constexpr int kMaxCallDepth = 48;

// The functions a module registers with @register_impl("<name>", backend=...): name -> def node.
std::vector<std::pair<std::string, int>> registeredOps(const PyFile& file);

// Every path of calling the function registered as `registered` (a registered getter with
// no parameters that returns a function is followed to that function). `groups` receives
// the autotune configuration lists met on the way.
std::vector<PathResult> runPythonOp(const PyModuleSource& module, const std::string& registered,
                                    const PyRunOptions& options, std::vector<ConfigGroup>& groups,
                                    std::vector<SourceNote>& notes);

// A parameter of a @ct.kernel function.
struct PyKernelParam
{
    std::string name;
    std::string annotation;
    bool constant = false; // ct.Constant[...] (or an alias of it): compiled in, no IR parameter
    int line = 0;
};

// The parameters of the @ct.kernel function `name` (empty when not found).
std::vector<PyKernelParam> pythonKernelParams(const PyFile& file, const std::string& name,
                                              int* defLine = nullptr);

} // namespace tilelens::ws::launch
