#include "eval/Exec.h"
#include "ir/Function.h"
#include "ir/OpId.h"
#include "ir/Value.h"

#include <algorithm>
#include <sstream>

namespace tilelens::eval {

using ir::OpId;

namespace {

const OpTable& opTable()
{
    static const OpTable table = [] {
        OpTable t;
        addArithOps(t);
        addShapeOps(t);
        addReduceOps(t);
        addMemoryOps(t);
        return t;
    }();
    return table;
}

// Control-flow ops run by Exec::runOp itself.
const OpId kControlFlowOps[] = {OpId::For,      OpId::If,    OpId::Loop,  OpId::Yield,
                                OpId::Continue, OpId::Break, OpId::Return};

int64_t scalarInt(const Tile& t)
{
    return t.ints.empty() ? 0 : t.ints[0];
}

// The block id a run executes after `id` in a grid dimension of `count` blocks (`count` when
// none): every one, or the last right after the first. A loop, not a list: a grid may hold 2^31.
int64_t nextBlockId(int64_t id, int64_t count, BlockSubset subset)
{
    if (subset == BlockSubset::FirstAndLast && id == 0 && count > 1)
        return count - 1;
    return subset == BlockSubset::FirstAndLast ? count : id + 1;
}

} // namespace

const char* issueKindName(IssueKind k)
{
    switch (k) {
    case IssueKind::Unsupported:
        return "unsupported";
    case IssueKind::OutOfBounds:
        return "out_of_bounds";
    case IssueKind::AssumeViolated:
        return "assume_violated";
    case IssueKind::Undefined:
        return "undefined_behavior";
    case IssueKind::InvalidInput:
        return "invalid_input";
    case IssueKind::Limit:
        return "limit";
    case IssueKind::Cancelled:
        return "cancelled";
    }
    return "unknown";
}

std::string EvalIssue::format() const
{
    std::ostringstream s;
    if (line > 0)
        s << "line " << line << ":" << column << ": ";
    s << issueKindName(kind);
    if (!op.empty())
        s << " in " << op;
    s << ": " << message;
    auto list = [&s](const char* what, const std::vector<int64_t>& v) {
        s << " (" << what << " ";
        for (size_t i = 0; i < v.size(); ++i)
            s << (i ? "," : "") << v[i];
        s << ")";
    };
    if (!indices.empty())
        list("element", indices);
    if (!block.empty())
        list("block", block);
    return s.str();
}

std::vector<std::string> supportedOps()
{
    std::vector<std::string> out;
    const OpTable& table = opTable();
    for (size_t i = 0; i < table.handlers.size(); ++i)
        if (table.handlers[i])
            out.emplace_back(ir::opMnemonic(OpId(i)));
    for (const OpId id : kControlFlowOps)
        out.emplace_back(ir::opMnemonic(id));
    std::sort(out.begin(), out.end());
    return out;
}

void Interpreter::Exec::fail(IssueKind kind, const std::string& message,
                             std::vector<int64_t> indices) const
{
    EvalAbort a;
    a.issue.kind = kind;
    a.issue.message = message;
    a.issue.indices = std::move(indices);
    if (current) {
        a.issue.op = std::string(current->name.mnemonic());
        a.issue.line = current->range.beginLine;
        a.issue.column = current->range.beginColumn;
    }
    a.issue.block = {blockId[0], blockId[1], blockId[2]};
    throw a;
}

const RtValue& Interpreter::Exec::value(const ir::Value* v) const
{
    auto it = env.find(v);
    if (it == env.end())
        fail(IssueKind::InvalidInput, "operand '" + std::string(v->sourceName) + "' has no value");
    return it->second;
}

std::shared_ptr<const Tile> Interpreter::Exec::tilePtr(const ir::Op& op, size_t operand) const
{
    if (operand >= op.operands.size())
        fail(IssueKind::Unsupported, "missing operand " + std::to_string(operand));
    const RtValue& v = value(op.operands[operand]);
    if (!v.tile)
        fail(IssueKind::Unsupported, "operand " + std::to_string(operand) + " is not a tile");
    return v.tile;
}

const Tile& Interpreter::Exec::tile(const ir::Op& op, size_t operand) const
{
    return *tilePtr(op, operand);
}

const Tile& Interpreter::Exec::tileOf(const ir::Op& op, size_t operand, size_t count,
                                      bool wantFloat) const
{
    const Tile& t = tile(op, operand);
    if (t.isFloat() != wantFloat || t.size() != count)
        fail(IssueKind::InvalidInput,
             "operand " + std::to_string(operand) + " is a " + std::to_string(t.size()) +
                 "-element " + elemName(t.elem) + " tile, expected " + std::to_string(count) +
                 (wantFloat ? " floats" : " integers"));
    return t;
}

void Interpreter::Exec::setTile(const ir::Op& op, size_t result, std::shared_ptr<const Tile> t)
{
    RtValue v;
    v.tile = std::move(t);
    env[op.results[result]] = std::move(v);
}

std::shared_ptr<Tile> Interpreter::Exec::resultTile(const ir::Op& op, size_t i)
{
    const ir::Type* t = op.results[i]->type;
    const Elem e = elemOf(t);
    if (e == Elem::None)
        fail(IssueKind::Unsupported, "result type " + t->canonical() + " is not a tile");
    // Counted before anything is allocated: a tile beyond the budget is a limit, not bad_alloc.
    uint64_t n = 1;
    for (int64_t d : t->shape) {
        if (d < 0)
            fail(IssueKind::InvalidInput, "result type " + t->canonical() + " has a negative size");
        if (__builtin_mul_overflow(n, uint64_t(d), &n))
            n = UINT64_MAX;
    }
    const uint64_t live = *liveElements;
    if (n > options.maxLiveElements || live > options.maxLiveElements - n)
        fail(IssueKind::Limit, "a tile of " + std::to_string(n) + " elements (" + t->canonical() +
                                   ") would bring the live tiles to more than the budget of " +
                                   std::to_string(options.maxLiveElements) +
                                   " elements (--max-live-elements)" + inLoop());
    auto tile = Tile::make(e, shapeOf(t), pointeeOf(t));
    if (n > 1) { // scalars are not worth counting (nor dropping, releasesOf)
        tile->live = LiveCount(liveElements, n);
        stats.peakLiveElements = std::max(stats.peakLiveElements, *liveElements);
    }
    return tile;
}

void Interpreter::Exec::countElements(size_t n)
{
    stats.elementOps += n;
    if (options.cancel && options.cancel->load(std::memory_order_relaxed))
        fail(IssueKind::Cancelled, "cancelled");
    checkBudgets();
}

void Interpreter::Exec::chargeWork(uint64_t units)
{
    extraWork = units > UINT64_MAX - extraWork ? UINT64_MAX : extraWork + units;
    checkBudgets();
}

std::string Interpreter::Exec::inLoop() const
{
    if (loops.empty() || loops.back() == current)
        return {};
    const ir::Op& loop = *loops.back();
    return " (in the " + std::string(loop.name.mnemonic()) + " at line " +
           std::to_string(loop.range.beginLine) + ":" + std::to_string(loop.range.beginColumn) +
           ")";
}

void Interpreter::Exec::checkBudgets()
{
    const uint64_t w = work();
    if (w - blockStartWork > options.maxBlockWork)
        fail(IssueKind::Limit,
             "more than " + std::to_string(options.maxBlockWork) +
                 " units of work (executed ops, the elements they produce, mma products) "
                 "in one tile block" +
                 inLoop() + ": an endless loop? (--max-work)");
    if (w > options.maxWork)
        fail(IssueKind::Limit,
             "more than " + std::to_string(options.maxWork) +
                 " units of work (executed ops, the elements they produce, mma products) "
                 "in the whole run" +
                 inLoop() + " (--max-work)");
    // The clock is read every 1024 checks or 2^22 units of work: an op costs far less than a
    // read of it, and a few heavy ops may take as long as many light ones.
    if (--clockCountdown > 0 && w < clockWork)
        return;
    clockCountdown = 1024;
    clockWork = w + (uint64_t(1) << 22);
    if (options.cancel && options.cancel->load(std::memory_order_relaxed))
        fail(IssueKind::Cancelled, "cancelled");
    if (std::chrono::steady_clock::now() > options.deadline) {
        std::ostringstream seconds;
        seconds << options.timeoutSeconds;
        fail(IssueKind::Limit,
             "the wall-time budget of " + seconds.str() + " s ran out" + inLoop() + " (--timeout)");
    }
}

const std::vector<std::vector<const ir::Value*>>&
Interpreter::Exec::releasesOf(const ir::Block& block)
{
    auto [it, fresh] = releases.try_emplace(&block);
    if (!fresh)
        return it->second;
    // A value's last use in its block is the last op of the block that uses it, itself or
    // in a region it holds (a loop body uses what the loop's block defines).
    const size_t n = block.ops.size();
    std::unordered_map<const ir::Value*, size_t> last;
    if (n > 0)
        for (const ir::Value* a : block.arguments)
            last[a] = 0;
    for (size_t i = 0; i < n; ++i)
        for (const ir::Value* r : block.ops[i]->results)
            last[r] = i;
    std::vector<const ir::Op*> work;
    for (size_t i = 0; i < n; ++i) {
        work.assign(1, block.ops[i]);
        while (!work.empty()) {
            const ir::Op* op = work.back();
            work.pop_back();
            for (const ir::Value* v : op->operands)
                if (auto f = last.find(v); f != last.end())
                    f->second = i;
            for (const ir::Region* r : op->regions)
                for (const ir::Block* b : r->blocks)
                    work.insert(work.end(), b->ops.begin(), b->ops.end());
        }
    }
    // Only tiles with elements are worth a drop: a 0-d tile costs what its entry does.
    std::vector<std::vector<const ir::Value*>>& out = it->second;
    out.resize(n);
    for (const auto& [v, i] : last)
        if (v->type && v->type->kind == ir::TypeKind::Tile && !v->type->shape.empty())
            out[i].push_back(v);
    return out;
}

Flow Interpreter::Exec::runBlock(const ir::Block& block, const std::vector<RtValue>& args)
{
    if (args.size() != block.arguments.size())
        fail(IssueKind::InvalidInput, "block expects " + std::to_string(block.arguments.size()) +
                                          " values, got " + std::to_string(args.size()));
    for (size_t i = 0; i < args.size(); ++i)
        env[block.arguments[i]] = args[i];
    // Values are dropped after their last use, so that only the tiles still needed stay live.
    const std::vector<std::vector<const ir::Value*>>& release = releasesOf(block);
    // The entry is kept, empty: the next run of the block (a loop's next trip) reuses it.
    const auto drop = [&](size_t from, size_t to) {
        for (size_t i = from; i < to; ++i)
            for (const ir::Value* v : release[i])
                if (auto it = env.find(v); it != env.end())
                    it->second = RtValue();
    };
    Flow flow;
    for (size_t i = 0; i < block.ops.size(); ++i) {
        runOp(*block.ops[i], flow);
        if (flow.kind != FlowKind::Fallthrough) {
            drop(i, block.ops.size()); // the values of the ops not run are dropped too
            return flow;
        }
        drop(i, i + 1);
    }
    return flow;
}

Flow Interpreter::Exec::runRegion(const ir::Region& region, const std::vector<RtValue>& args)
{
    if (region.blocks.empty())
        return {};
    if (region.blocks.size() > 1)
        fail(IssueKind::Unsupported, "regions with several blocks");
    return runBlock(*region.blocks[0], args);
}

void Interpreter::Exec::runOp(const ir::Op& op, Flow& flow)
{
    current = &op;
    ++stats.ops;
    checkBudgets();
    const OpId m = op.id();
    auto collect = [&](FlowKind kind) {
        flow.kind = kind;
        flow.values.clear();
        for (const ir::Value* v : op.operands)
            flow.values.push_back(value(v));
    };
    if (m == OpId::Yield)
        return collect(FlowKind::Yield);
    if (m == OpId::Continue)
        return collect(FlowKind::Continue);
    if (m == OpId::Break)
        return collect(FlowKind::Break);
    if (m == OpId::Return)
        return collect(FlowKind::Return);
    if (m == OpId::If) {
        const bool cond = scalarInt(tile(op, 0)) != 0;
        if (op.regions.size() < 1)
            fail(IssueKind::Unsupported, "if without regions");
        const ir::Region* r =
            cond ? op.regions[0] : (op.regions.size() > 1 ? op.regions[1] : nullptr);
        Flow inner = r ? runRegion(*r, {}) : Flow{};
        current = &op;
        if (inner.kind == FlowKind::Yield || inner.kind == FlowKind::Fallthrough) {
            if (inner.values.size() != op.results.size())
                fail(IssueKind::InvalidInput, "if yields " + std::to_string(inner.values.size()) +
                                                  " values for " +
                                                  std::to_string(op.results.size()) + " results");
            for (size_t i = 0; i < op.results.size(); ++i)
                env[op.results[i]] = inner.values[i];
            return;
        }
        flow = std::move(inner); // continue / break / return leave the enclosing loop or kernel
        return;
    }
    if (m == OpId::For) {
        if (op.operands.size() < 3 || op.regions.empty())
            fail(IssueKind::Unsupported, "malformed for");
        const Tile& lbT = tile(op, 0);
        const int bits = intBits(lbT.elem);
        const bool unsignedCmp = unitAttr(op, "unsignedCmp") || unitAttr(op, "unsigned_cmp");
        int64_t iv = lbT.ints[0];
        const int64_t ub = tile(op, 1).ints[0], step = tile(op, 2).ints[0];
        if (step <= 0)
            fail(IssueKind::Undefined, "for step " + std::to_string(step) + " is not positive");
        std::vector<RtValue> iters;
        for (size_t i = 3; i < op.operands.size(); ++i)
            iters.push_back(value(op.operands[i]));
        auto less = [&](int64_t a, int64_t b) {
            return unsignedCmp ? toUnsigned(a, bits) < toUnsigned(b, bits) : a < b;
        };
        loops.push_back(&op);
        while (less(iv, ub)) {
            auto ivTile = Tile::make(lbT.elem, {});
            ivTile->ints[0] = iv;
            std::vector<RtValue> args;
            args.push_back(RtValue{ivTile, nullptr, nullptr, false});
            args.insert(args.end(), iters.begin(), iters.end());
            Flow inner = runRegion(*op.regions[0], args);
            current = &op;
            countElements(1);
            if (inner.kind == FlowKind::Return || inner.kind == FlowKind::Break) {
                flow = std::move(inner);
                loops.pop_back();
                return;
            }
            if (inner.values.size() != iters.size())
                fail(IssueKind::InvalidInput, "for body continues with the wrong value count");
            iters = std::move(inner.values);
            const int64_t next = wrapInt(uint64_t(iv) + uint64_t(step), bits);
            if (!unsignedCmp ? next < iv : toUnsigned(next, bits) < toUnsigned(iv, bits))
                break; // the induction variable wrapped: the loop ends (no further trip)
            iv = next;
        }
        loops.pop_back();
        for (size_t i = 0; i < op.results.size() && i < iters.size(); ++i)
            env[op.results[i]] = iters[i];
        return;
    }
    if (m == OpId::Loop) {
        if (op.regions.empty())
            fail(IssueKind::Unsupported, "malformed loop");
        std::vector<RtValue> iters;
        for (const ir::Value* v : op.operands)
            iters.push_back(value(v));
        loops.push_back(&op);
        for (;;) {
            Flow inner = runRegion(*op.regions[0], iters);
            current = &op;
            countElements(1);
            if (inner.kind == FlowKind::Return) {
                flow = std::move(inner);
                loops.pop_back();
                return;
            }
            if (inner.kind == FlowKind::Break) {
                for (size_t i = 0; i < op.results.size() && i < inner.values.size(); ++i)
                    env[op.results[i]] = inner.values[i];
                loops.pop_back();
                return;
            }
            iters = std::move(inner.values);
        }
    }
    const OpHandler handler = opTable()[m];
    if (!handler)
        fail(IssueKind::Unsupported,
             "op '" + std::string(op.name.full()) + "' is not supported by the interpreter");
    handler(*this, op);
    if (options.tap)
        tapOp(op);
}

void Interpreter::Exec::tapOp(const ir::Op& op)
{
    OpTap& tap = *options.tap;
    if (!tap.ops.count(&op) || op.results.empty())
        return;
    ++tap.runs[&op];
    const auto result = env.find(op.results[0]);
    if (result == env.end() || !result->second.tile)
        return;
    const Tile& r = *result->second.tile;
    TapRecord rec;
    uint64_t elements = r.size();
    for (size_t i = 0; i < op.operands.size(); ++i) {
        const auto operand = env.find(op.operands[i]);
        if (operand == env.end() || !operand->second.tile || operand->second.tile->shape != r.shape)
            continue;
        const std::string_view name = op.operands[i]->sourceName.view();
        rec.operandNames.push_back(name.empty() ? "operand " + std::to_string(i)
                                                : "%" + std::string(name));
        rec.operands.push_back(*operand->second.tile); // a copy is not a live tile
        elements += r.size();
    }
    if (tap.elements + elements > tap.maxElements)
        return;
    tap.elements += elements;
    rec.block = {blockId[0], blockId[1], blockId[2]};
    rec.result = r;
    tap.records[&op].push_back(std::move(rec));
}

Interpreter::Interpreter(Memory& memory, InterpreterOptions options)
    : m_exec(new Exec(memory, options))
{
}

Interpreter::~Interpreter()
{
    delete m_exec;
}

const RunStats& Interpreter::stats() const
{
    return m_exec->stats;
}

std::optional<EvalIssue> Interpreter::run(const ir::Function& fn, const std::vector<RtValue>& args,
                                          Grid grid, std::vector<RtValue>* results)
{
    Exec& ex = *m_exec;
    ex.gridSize[0] = grid.x;
    ex.gridSize[1] = grid.y;
    ex.gridSize[2] = grid.z;
    ex.current = nullptr;
    ex.loops.clear();
    try {
        if (!fn.body || !fn.body->entryBlock())
            ex.fail(IssueKind::InvalidInput, "function '" + std::string(fn.name) + "' has no body");
        if (grid.x < 1 || grid.y < 1 || grid.z < 1)
            ex.fail(IssueKind::InvalidInput, "grid dimensions must be positive");
        const BlockSubset subset = ex.options.blocks;
        for (int64_t z = 0; z < grid.z; z = nextBlockId(z, grid.z, subset))
            for (int64_t y = 0; y < grid.y; y = nextBlockId(y, grid.y, subset))
                for (int64_t x = 0; x < grid.x; x = nextBlockId(x, grid.x, subset)) {
                    ex.blockId[0] = x;
                    ex.blockId[1] = y;
                    ex.blockId[2] = z;
                    ex.env.clear();
                    ex.loops.clear();
                    ex.current = nullptr;
                    ex.blockStartWork = ex.work();
                    Flow f = ex.runBlock(*fn.body->entryBlock(), args);
                    if (results && f.kind == FlowKind::Return)
                        *results = std::move(f.values);
                }
    } catch (const EvalAbort& a) {
        ex.stats.work = ex.work();
        return a.issue;
    }
    ex.stats.work = ex.work();
    return std::nullopt;
}

} // namespace tilelens::eval
