#pragma once
// What one path through a launch chain does: the tensors of the call, the
// kernel launches with their arguments, grid, hints and stream, and the
// copies and allocations on the way. Produced by the Python reader
// (LaunchPython.h) and the ffi.rs reader (LaunchRust.h), compared and turned
// into a run binding by LaunchChain.h.

#include "workspace/LaunchSym.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tilelens::ws::launch {

struct Loc
{
    std::string file; // path as found
    int line = 0;     // 1-based; 0 = unknown
    bool valid() const { return line > 0; }
};

// A tensor of the call as one place sees it: an argument of the op (`input`) or a tensor
// the wrapper allocates, possibly viewed (reshape, transpose) or copied (.contiguous()).
struct TensorInfo
{
    std::string storage; // same storage = same memory ("in:a", "alloc:<file>:<line>:<n>")
    std::string root;    // the op argument, or the first variable an allocation was stored in
    bool input = false;  // an argument of the op (else allocated by the wrapper)
    Loc created;         // allocation or copy place
    std::vector<Sym> shape;
    std::vector<Sym> strides; // in elements
    bool rankKnown = false;
    std::string dtype;              // "float16", "int32", or "of:<root>" (the dtype of an input)
    std::vector<std::string> names; // variables that held it, first first
    std::vector<int64_t> values;    // torch.tensor([...]) contents when known
    bool copy = false;              // the storage is a copy of `copyOf`
    std::string copyOf;             // storage it copies
};
using TensorRef = std::shared_ptr<TensorInfo>;

// One step a tensor takes from the wrapper to a kernel parameter: where it was
// passed and under which name it was received (FFI parameter, local, kernel parameter).
struct Hop
{
    Loc loc;
    std::string receiver;
};

// A value given to a kernel parameter (or used as a grid component, a hint, a generic).
struct ArgValue
{
    enum class Kind
    {
        Tensor,  // a whole array (pointer, shape, strides)
        Pointer, // the base pointer only
        Int,
        Float,
        Dtype, // an element type (a generic's dtype string)
        Unknown
    };
    Kind kind = Kind::Unknown;
    TensorRef tensor;
    Sym value;                    // Int
    std::optional<double> number; // Float when known
    std::string elem;             // element type the receiver reads it as ("f16"), or Dtype's
    std::string text;             // as written at the use
    Loc loc;                      // where written
    Loc origin;                   // where the value was computed
    std::vector<Hop> hops;        // Tensor / Pointer: how it travelled
    std::string why;              // Unknown: why
    // Int read directly from a tensor's shape or strides (`in_d.strides[0]`, `a.shape[1]`).
    TensorRef attrOf;
    std::string attr; // "shape" / "stride"
    int attrIndex = -1;
};

struct StreamUse
{
    enum class Kind
    {
        Caller, // the caller's current stream
        Fixed,  // a constant (0 = the legacy default stream) or a new stream
        Unknown
    };
    Kind kind = Kind::Unknown;
    std::string text;
    Loc loc;
};

// One dtype arm of a port's dispatch: tensors of dtype `dtype` run the kernel for `elem`.
struct DtypeArm
{
    std::string dtype;
    std::string elem;
    Loc loc;
};

struct KernelLaunch
{
    std::string kernel; // Python @ct.kernel function / Rust entry
    Loc loc;            // ct.launch / the ffi.rs kernel call
    std::vector<ArgValue> args;
    std::vector<ArgValue> grid; // 1 to 3 components as written (missing ones are 1)
    Loc gridLoc;
    std::vector<ArgValue> generics;        // port: the const generics, in order
    std::map<std::string, ArgValue> hints; // "num_ctas" / "occupancy" (-1 or absent: default)
    StreamUse stream;
    // Port: the FFI symbol, where the wrapper calls it, the dtype dispatch and the
    // descriptor the dtype is resolved from.
    std::string ffiSymbol;
    Loc ffiCall;
    std::vector<DtypeArm> dispatch;
    ArgValue dtypeSource;
    std::string dispatchedDtype; // the arm this path took ("f16")
    size_t copiesBefore = 0;     // PathResult::copies made before this launch
};

struct CopyEvent
{
    TensorRef from, to;
    Loc loc;
    std::string how; // ".contiguous()", ".copy_()", ...
};

struct AllocEvent
{
    TensorRef tensor;
    Loc loc;
    std::string how; // "torch.empty", "torch.empty_like", ...
};

// Something the reader did not model, with its place (shown as a note, never a finding).
struct SourceNote
{
    Loc loc;
    std::string message;
};

// An autotune configuration list: values of each field per configuration.
struct ConfigGroup
{
    std::string key; // "cfg<n>"
    Loc loc;
    std::vector<std::map<std::string, Sym>> configs;
};

struct PathResult
{
    std::map<std::string, bool> assumptions; // the choices this path took
    std::map<std::string, bool> defaults;    // the choice each assumption's default call takes
    std::vector<KernelLaunch> launches;
    std::vector<CopyEvent> copies;
    std::vector<AllocEvent> allocs;
    std::vector<SourceNote> notes;
    bool raised = false; // ended in raise / a failed assert
    bool cut = false;    // a step or depth limit stopped it
    // Ranks the inputs got on this path (unknown ranks are fixed by the first use).
    std::map<std::string, size_t> inputRanks;
    // Guards the path passed: `x % k == 0` facts on sizes ("opt:x" / "a.shape[1]" -> k).
    std::map<std::string, int64_t> divisibility;
    // Sizes a guard makes equal (`if k != k2: raise`, `assert K == KB`).
    std::vector<std::pair<std::string, std::string>> dimEquals;
    // The variable a size was first stored in ("a.shape[0]" -> "m").
    std::map<std::string, std::string> dimNames;

    // How many choices differ from the default call.
    int nonDefaultChoices() const;
};

// The fork points of a path enumeration: a run replays the choices of its
// prefix and takes the default at every new fork, queueing the other side.
class Decisions
{
public:
    // The truth of condition `key` on this path (the same key always decides the same way).
    bool decide(const std::string& key, bool preferred);
    bool known(const std::string& key, bool* value = nullptr) const;
    void assume(const std::string& key, bool value, bool preferred);

    // Starts the next run; false when every path ran or the budget is spent.
    bool nextRun();
    const std::map<std::string, bool>& assumptions() const { return m_assumptions; }
    const std::map<std::string, bool>& defaults() const { return m_defaults; }
    bool budgetSpent() const { return m_budgetSpent; }

    size_t maxRuns = 128;
    // The default of a choice not met yet (the op's bool arguments), for whichever
    // reader meets it first.
    std::map<std::string, bool> preferences;
    bool preferred(const std::string& key, bool fallback) const
    {
        auto it = preferences.find(key);
        return it == preferences.end() ? fallback : it->second;
    }

private:
    std::vector<bool> m_prefix;
    size_t m_next = 0;
    std::vector<std::vector<bool>> m_pending;
    std::map<std::string, bool> m_assumptions;
    std::map<std::string, bool> m_defaults;
    size_t m_runs = 0;
    bool m_started = false;
    bool m_budgetSpent = false;
};

// `stride` of a row-major tensor of this shape.
std::vector<Sym> rowMajorStrides(const std::vector<Sym>& shape);

// Gives a tensor of unknown rank its rank: sizes "<root>.shape[i]", row-major strides.
void fixTensorRank(TensorInfo& t, size_t rank);

} // namespace tilelens::ws::launch
