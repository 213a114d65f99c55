#pragma once
// Internal: the state of one interpreter run and the helpers op handlers use.

#include "eval/Interpreter.h"
#include "ir/Block.h"
#include "ir/Op.h"
#include "ir/OpId.h"
#include "ir/Region.h"

#include <array>
#include <string_view>
#include <unordered_map>

namespace tilelens::eval {

// Thrown by Exec::fail; caught by Interpreter::run.
struct EvalAbort
{
    EvalIssue issue;
};

enum class FlowKind
{
    Fallthrough, // the block ended without a terminator
    Yield,
    Continue,
    Break,
    Return,
};

struct Flow
{
    FlowKind kind = FlowKind::Fallthrough;
    std::vector<RtValue> values;
};

class Interpreter::Exec
{
public:
    Exec(Memory& mem, InterpreterOptions opts) : memory(mem), options(opts) {}

    Memory& memory;
    InterpreterOptions options;
    RunStats stats;
    int64_t blockId[3] = {0, 0, 0};
    int64_t gridSize[3] = {1, 1, 1};
    uint64_t blockStartWork = 0; // work() when the current tile block began
    std::unordered_map<const ir::Value*, RtValue> env;
    const ir::Op* current = nullptr;
    std::vector<const ir::Op*> loops; // the for/loop ops being run, innermost last
    // Elements of the live tiles this run made (Tile::live counts them).
    std::shared_ptr<uint64_t> liveElements = std::make_shared<uint64_t>(0);
    // Per block: the values whose last use in the block is its op i, dropped after op i.
    std::unordered_map<const ir::Block*, std::vector<std::vector<const ir::Value*>>> releases;
    unsigned clockCountdown = 1; // budget checks until the clock is read again
    uint64_t clockWork = 0;      // or the work at which it is read again
    uint64_t extraWork = 0;      // work beyond the elements ops produce (chargeWork)

    uint64_t work() const { return stats.ops + stats.elementOps + extraWork; }

    [[noreturn]] void fail(IssueKind kind, const std::string& message,
                           std::vector<int64_t> indices = {}) const;
    const RtValue& value(const ir::Value* v) const;
    const Tile& tile(const ir::Op& op, size_t operand) const;
    // tile() checked to hold `count` floats (wantFloat) or integers/pointers: ill-typed IR
    // is reported, never read out of range.
    const Tile& tileOf(const ir::Op& op, size_t operand, size_t count, bool wantFloat) const;
    std::shared_ptr<const Tile> tilePtr(const ir::Op& op, size_t operand) const;
    void set(const ir::Value* v, RtValue r) { env[v] = std::move(r); }
    void setTile(const ir::Op& op, size_t result, std::shared_ptr<const Tile> t);
    // A new zero tile shaped like result `i` of `op`.
    std::shared_ptr<Tile> resultTile(const ir::Op& op, size_t i = 0);
    void countElements(size_t n);
    // Stops the run with kind Limit when the work or the wall time is over budget.
    void checkBudgets();
    // Work an op does beyond the elements it produces (an mmaf's M*N*K products), charged
    // before it is done: one op cannot run for minutes unchecked.
    void chargeWork(uint64_t units);
    // " (in the for at line 6:3)": the innermost loop being run, when that is not `current`.
    std::string inLoop() const;
    const std::vector<std::vector<const ir::Value*>>& releasesOf(const ir::Block& block);

    Flow runBlock(const ir::Block& block, const std::vector<RtValue>& args);
    Flow runRegion(const ir::Region& region, const std::vector<RtValue>& args);
    void runOp(const ir::Op& op, Flow& flow);
    // Records the run of `op` in options.tap when it is tapped.
    void tapOp(const ir::Op& op);
};

using OpHandler = void (*)(Interpreter::Exec& ex, const ir::Op& op);
// The handler of each op of the op table, by id (null: not supported).
struct OpTable
{
    std::array<OpHandler, ir::kOpIdCount> handlers{};
    OpHandler& operator[](ir::OpId id) { return handlers[size_t(id)]; }
    OpHandler operator[](ir::OpId id) const { return handlers[size_t(id)]; }
};
void addArithOps(OpTable& table);  // OpsArith.cpp: element-wise integer/float ops, conversions
void addShapeOps(OpTable& table);  // OpsShape.cpp: constants, block ids, tokens, shape ops
void addReduceOps(OpTable& table); // OpsReduce.cpp: reduce, scan, mmaf, mmai
void addMemoryOps(OpTable& table); // OpsMemory.cpp: views, loads/stores, pointers, assume

// Type helpers.
Elem elemOf(const ir::Type* t);    // tile/number/pointer type -> element (Ptr for pointers)
Elem pointeeOf(const ir::Type* t); // tile<ptr<T>> -> T
std::vector<int64_t> shapeOf(const ir::Type* t);

// Attribute helpers (absent = default).
std::string_view enumAttr(const ir::Op& op, std::string_view name); // keyword or ""
bool unitAttr(const ir::Op& op, std::string_view name);
int64_t intAttr(const ir::Op& op, std::string_view name, int64_t fallback);
bool isSigned(const ir::Op& op, bool fallback = true); // `signedness` attribute
Rounding roundingOf(const ir::Op& op);                 // IEEE modes; approx/full map to NearestEven

} // namespace tilelens::eval
