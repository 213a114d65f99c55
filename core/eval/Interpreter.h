#pragma once
// A reference interpreter for Tile IR on the CPU (issue 16). It runs one
// entry (or testing$func) over a grid of tile blocks, block after block, on
// tiles held as dense arrays, with the dialect's exact integer semantics
// (wrapping, signedness, division rounding) and exactly rounded float
// arithmetic in every element format it models. Where the dialect leaves the
// result to the hardware (approx modes, transcendental functions, reduction
// and mma summation order) it computes a faithful value and records the op in
// RunStats::approximations, so a comparison knows to allow a tolerance there.
//
// Anything it cannot run exactly as specified (an unknown op, an unmodelled
// element format) stops the run with an EvalIssue of kind Unsupported naming
// the op: a run never silently passes over an op. Out-of-bounds memory
// accesses, violated assumes, division by zero and runaway loops stop it too.
//
// Reads of a partition view outside the tensor without padding_value are
// undefined in the dialect; they read InterpreterOptions::undefinedFloat (zero
// unless set) or integer zero and are counted in RunStats::undefinedReads.

#include "eval/Memory.h"
#include "eval/Values.h"
#include "ir/Function.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace tilelens::eval {

enum class IssueKind
{
    Unsupported,    // an op or type the interpreter does not model
    OutOfBounds,    // memory access outside its buffer
    AssumeViolated, // an `assume` predicate is false for the actual value
    Undefined,      // undefined behaviour: division by zero, signed division overflow, ...
    InvalidInput,   // arguments or binding do not fit the kernel
    Limit,          // a budget ran out: work (likely an endless loop), live tiles, wall time
    Cancelled,      // InterpreterOptions::cancel was set
};
const char* issueKindName(IssueKind k); // "unsupported", "out_of_bounds", ...

struct EvalIssue
{
    IssueKind kind = IssueKind::Unsupported;
    std::string op; // mnemonic of the op that failed ("load_ptr_tko")
    int line = 0, column = 0;
    std::string message;
    std::vector<int64_t> indices; // element indices within the op's tile, when relevant
    std::vector<int64_t> block;   // tile block id (x, y, z) being run

    std::string format() const; // "line 12:5: out_of_bounds in load_ptr_tko: ..."
};

struct Grid
{
    int64_t x = 1, y = 1, z = 1;
};

// One executed store (store_view_tko / store_ptr_tko) with the buffer elements it wrote,
// recorded when InterpreterOptions::storeTrace is set: two traces compared in program
// order name the store where two runs first write different values.
struct StoreEvent
{
    std::string op; // mnemonic
    int line = 0, column = 0;
    std::vector<int64_t> block; // tile block id (x, y, z)
    size_t buffer = 0;          // index into Memory::buffers()
    std::vector<size_t> elements;
    std::vector<double> floats; // the values written, for a float buffer
    std::vector<int64_t> ints;  // or an integer one
};

// The values of chosen ops, recorded as a run goes (InterpreterOptions::tap): a finding's two ops
// tapped on both sides show whether the value it names differs, also where the outputs cannot
// show it (a masked lane, a reduction or a later op that hides it). Each run of a tapped op
// (block after block, trip after trip) records its first result and the operands of the same
// shape (its element-wise inputs), up to a budget: a run past it is counted, not kept.
struct TapRecord
{
    std::vector<int64_t> block; // tile block id (x, y, z)
    Tile result;
    std::vector<std::string> operandNames; // "%5", or "operand 2" for an unnamed value
    std::vector<Tile> operands;
};
constexpr uint64_t kDefaultMaxTapElements = uint64_t(1) << 22; // all tapped ops of a run together
struct OpTap
{
    std::unordered_set<const ir::Op*> ops;
    std::unordered_map<const ir::Op*, std::vector<TapRecord>> records;
    std::unordered_map<const ir::Op*, uint64_t> runs; // every run, recorded or not
    uint64_t maxElements = kDefaultMaxTapElements;
    uint64_t elements = 0; // recorded so far
};

// Default budgets of a run (docs/cli.md, "Budgets"): a run that exceeds one stops with an
// EvalIssue of kind Limit that names the budget, its number and the op (and loop) it stopped in.
// Work is executed ops plus the elements they produce (and an mma's M*N*K products): a scalar
// loop costs 1 per op, so it meets the budget as soon as an element-wise op on large tiles does.
constexpr uint64_t kDefaultMaxBlockWork = 2'000'000'000; // one tile block: a runaway loop shows
constexpr uint64_t kDefaultMaxWork = 20'000'000'000;     // the whole run of one entry
// Elements of the tiles held at once (8 bytes each): 1 GiB. Values are dropped after their
// last use, so a chain of element-wise ops holds two or three tiles, not every one it made.
constexpr uint64_t kDefaultMaxLiveElements = uint64_t(1) << 27;

// Which tile blocks of the grid a run executes. A quick search runs the first and the last block
// of each grid dimension only (up to 8 blocks): the first is where every offset starts, the last
// where a tail mask bites.
enum class BlockSubset : uint8_t
{
    All,
    FirstAndLast,
};

struct InterpreterOptions
{
    // A runaway loop shows up within one tile block; the whole run may take more, as
    // kernels that loop over a constant row count (ce_online: 4096 rows of 32768 columns,
    // whatever the grid) do.
    uint64_t maxBlockWork = kDefaultMaxBlockWork;
    uint64_t maxWork = kDefaultMaxWork;
    uint64_t maxLiveElements = kDefaultMaxLiveElements;
    // Wall time: the run stops once the clock passes `deadline` (the budget was
    // `timeoutSeconds`, for the message). The default never passes.
    std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
    double timeoutSeconds = 0;
    // Set from another thread (a GUI worker's Cancel) to stop the run with kind Cancelled.
    const std::atomic<bool>* cancel = nullptr;
    // When set, every store appends a StoreEvent (costs memory: only for a rerun that
    // locates a difference).
    std::vector<StoreEvent>* storeTrace = nullptr;
    // What an undefined float read (no padding value) yields: a differential run reruns a
    // side that read any with NaN to see whether its outputs depend on them.
    double undefinedFloat = 0.0;
    // When set, the runs of its ops are recorded there (a null check per op when not).
    OpTap* tap = nullptr;
    BlockSubset blocks = BlockSubset::All;
};

struct RunStats
{
    uint64_t ops = 0;              // ops executed
    uint64_t elementOps = 0;       // elements produced by those ops
    uint64_t work = 0;             // what InterpreterOptions::maxWork bounds (after a run)
    uint64_t peakLiveElements = 0; // most tile elements held at once
    uint64_t undefinedReads = 0;
    std::optional<EvalIssue> firstUndefinedRead; // the op of the first one (kind Undefined)
    std::set<std::string> approximations;        // "exp2", "divf rounding<approx>", "mmaf", ...
    // Things a reader should know that did not stop the run, e.g. an `assume` that
    // the kernel makes about one of its own constants and that is false.
    std::set<std::string> notes;
};

class Interpreter
{
public:
    explicit Interpreter(Memory& memory, InterpreterOptions options = {});
    ~Interpreter();
    Interpreter(const Interpreter&) = delete;
    Interpreter& operator=(const Interpreter&) = delete;

    // Runs `fn` for every block of `grid` (x fastest), or those of InterpreterOptions::blocks.
    // `results` receives the operands of the last executed `return` (testing$func). nullopt =
    // success.
    std::optional<EvalIssue> run(const ir::Function& fn, const std::vector<RtValue>& args,
                                 Grid grid, std::vector<RtValue>* results = nullptr);

    const RunStats& stats() const;

    class Exec; // implementation (Exec.h)

private:
    Exec* m_exec;
};

// The mnemonics the interpreter runs (sorted); anything else is Unsupported.
std::vector<std::string> supportedOps();

} // namespace tilelens::eval
