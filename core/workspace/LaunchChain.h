#pragma once
// The launch chain of a port, per paired entry: what each kernel parameter
// gets, on the port side (wrapper -> ffi.rs -> kernel.rs entry) and on the
// reference side (the cuTile Python module's ct.launch), as expressions over
// the tensors and sizes of the call; the grid, the const generics and the
// compile hints. Built from a TileGym checkout's landed port or a kernel
// working directory (ws::Kernel), by running the Python symbolically
// (LaunchPython.h) and following ffi.rs (LaunchRust.h).
//
// Nothing is guessed: a piece that cannot be derived carries the reason.

#include "workspace/LaunchModel.h"
#include "workspace/LaunchPython.h"
#include "workspace/LaunchRust.h"
#include "workspace/Workspace.h"

#include <optional>
#include <string>
#include <vector>

namespace tilelens::ws {

// The files of one op's launch chain.
struct LaunchFiles
{
    QString wrapper;   // cuTile Rust wrapper (src/tilegym/ops/cutile_rs/<op>.py)
    QString ffi;       // ffi.rs
    QString kernelRs;  // kernel.rs
    QString reference; // cuTile Python module (src/tilegym/ops/cutile/<op>.py)
};

LaunchFiles launchFilesOf(const Kernel& kernel);

// One kernel parameter and what a launch gives it.
struct ParamRow
{
    std::string name;
    enum class Kind
    {
        Tensor,
        Pointer,
        Int,
        Float,
        Unknown
    } kind = Kind::Unknown;
    size_t rank = 0;       // Tensor: as declared (port) or as passed (reference)
    std::string elem;      // port: declared element ("E", "i32")
    bool constant = false; // reference: a ct.Constant (compiled in, no IR parameter)
    launch::ArgValue arg;
    int line = 0; // of the parameter's declaration
};

struct SideChain
{
    bool found = false;
    std::string why; // when not found
    std::string file;
    launch::PathResult path;
    launch::KernelLaunch launch;
    std::vector<ParamRow> params;
    std::vector<ParamRow> generics; // port: const generics (name, value); reference: none
    std::vector<launch::ConfigGroup> groups;
    std::map<std::string, std::string> dimNames; // dim key -> the wrapper's variable
};

struct EntryChain
{
    std::string entry;        // Rust entry
    std::string pythonKernel; // paired @ct.kernel function ("" when unpaired)
    std::string pairing;      // how they were paired (pairingRuleWord)
    int entryLine = 0;
    int pythonLine = 0;
    std::string kernelRs; // the kernel.rs of the entry
    bool uncheckedAccesses = false;
    int uncheckedLine = 0;
    SideChain port, ref;
    std::vector<launch::SourceNote> notes;
    // Sizes the guards make equal: key -> the key that stands for both.
    std::map<std::string, std::string> dimAlias;
    // Other paths' launches of the same kernels (for rules that ask "on any path").
    std::vector<launch::PathResult> portPaths, refPaths;
    // The chains of other pairs of paths that make the same choices (other flags of the
    // call: transposes, a sliding window), best first; their own `alternatives` are empty.
    std::vector<EntryChain> alternatives;
};

struct LaunchChain
{
    std::string kernel; // op name
    LaunchFiles files;
    std::vector<EntryChain> entries;
    std::vector<launch::SourceNote> notes;
    std::vector<launch::SourceError> errors; // reading errors, with file
    std::vector<std::string> errorFiles;     // parallel to errors
};

// Reads and follows the chain of every entry of `kernel`. `wantedEntry` (optional)
// restricts it to one Rust entry or Python kernel name.
LaunchChain readLaunchChain(const Kernel& kernel, const std::string& wantedEntry = {});
LaunchChain readLaunchChain(const std::string& opName, const LaunchFiles& files,
                            const std::string& wantedEntry = {});

// The texts of the four files, as read (nullopt: the file is absent or unreadable); the paths
// of `files` name them in the chain's places. What the readers above do once the files are
// read, for a caller that has the texts (the fuzz target).
struct LaunchTexts
{
    std::optional<std::string> wrapper, ffi, kernelRs, reference;
};
LaunchChain readLaunchChain(const std::string& opName, const LaunchFiles& files,
                            const LaunchTexts& texts, const std::string& wantedEntry = {});

// A readable name for a dimension key ("a.shape[1]" -> "K" when the wrapper names it).
std::string dimDisplayName(const EntryChain& e, const std::string& key);

} // namespace tilelens::ws
