#include "eval/Differential.h"

#include "eval/Exec.h"
#include "ir/Block.h"
#include "ir/Op.h"
#include "ir/OpInfo.h"
#include "ir/Region.h"
#include "ir/Verifier.h"

#include <chrono>
#include <cmath>
#include <limits>
#include <random>
#include <set>
#include <sstream>
#include <unordered_map>

namespace tilelens::eval {
namespace {

using Clock = std::chrono::steady_clock;

double seconds(Clock::time_point since)
{
    return std::chrono::duration<double>(Clock::now() - since).count();
}

// Logical values of one case: shapes, strides, scalars, array contents.
struct CaseInputs
{
    std::map<std::string, int64_t> names; // dims, a.shape[i], a.stride[i], integer scalars
    std::map<std::string, double> floatScalars;
    std::map<std::string, std::vector<int64_t>> shapes;
    std::map<std::string, std::vector<double>> floats;
    std::map<std::string, std::vector<int64_t>> ints;
    std::set<std::string> custom; // arrays with binding strides (not row-major)
};

std::vector<double> edgeValues(Elem e)
{
    const double inf = std::numeric_limits<double>::infinity();
    const double big = e == Elem::F16 ? 12.0 : 100.0; // exp(x) overflows the format
    return {0.0,
            -0.0,
            1.0,
            -1.0,
            0.5,
            -2.0,
            big,
            -big,
            largestFinite(e),
            -largestFinite(e),
            smallestNormal(e),
            smallestNormal(e) / 4,
            -smallestNormal(e) / 2,
            inf,
            -inf,
            std::numeric_limits<double>::quiet_NaN()};
}

// A finite value of a random magnitude (InputKind::Magnitudes), no NaN or inf: now and then a
// zero, else a random mantissa in a binade drawn evenly from a few of denormals up to 2^7
// (exp overflows f32 past 88; or the format's own largest binade below it). Products of two
// small values land among the denormals, exp of a large negative one too: where
// flush-to-zero changes a value.
double magnitudeValue(std::mt19937_64& rng, Elem e)
{
    constexpr int kDenormalBinades = 8;
    constexpr int kHighestExponent = 7;
    if (rng() % 16 == 0)
        return (rng() & 1) ? -0.0 : 0.0;
    const int lowest = std::ilogb(smallestNormal(e)) - kDenormalBinades;
    const int highest =
        std::max(lowest, std::min(kHighestExponent, std::ilogb(largestFinite(e)) - 1));
    const int exponent = lowest + int(rng() % uint64_t(highest - lowest + 1));
    const double mantissa = 1.0 + double(rng() >> 11) * 0x1p-53;
    return ((rng() & 1) ? -1.0 : 1.0) * std::ldexp(mantissa, exponent);
}

// An expression of the binding evaluated, an error placed at its item: "b.json:7:23:
// arrays.a.shape[1]: expression 'H*H' at column 2: ...". `item()` names the item; it is
// called for an error only (every case evaluates every expression of thousands of arrays).
template <class ItemOf>
bool evalItem(const Binding& b, const ItemOf& item, const std::string& text,
              const std::map<std::string, int64_t>& names, int64_t& value, std::string& error)
{
    ExpressionError e;
    if (evaluateExpression(text, names, value, e))
        return true;
    const BindingItem at = item();
    error = b.placeOf(at.pointer) + at.name + ": " + formatExpressionError(text, e);
    return false;
}

std::optional<EvalIssue> inputIssue(IssueKind kind, std::string message)
{
    EvalIssue is;
    is.kind = kind;
    is.message = std::move(message);
    return is;
}

std::string listText(const std::vector<int64_t>& v)
{
    std::string s;
    for (size_t i = 0; i < v.size(); ++i)
        s += (i ? ", " : "") + std::to_string(v[i]);
    return "[" + s + "]";
}

// Elements a buffer of this shape and these strides needs (one past the largest offset, gaps
// included); false when that does not fit in 64 bits.
bool bufferElements(const std::vector<int64_t>& shape, const std::vector<int64_t>& strides,
                    uint64_t& count)
{
    count = 1;
    for (size_t i = 0; i < shape.size(); ++i) {
        if (shape[i] == 0)
            return count = 0, true;
        uint64_t span = 0;
        if (__builtin_mul_overflow(uint64_t(shape[i] - 1), uint64_t(strides[i]), &span) ||
            __builtin_add_overflow(count, span, &count))
            return false;
    }
    return true;
}

// Logical inputs of case `caseNo`; an issue (InvalidInput: the binding does not fit; Limit:
// the inputs exceed options.maxInputElements) says why not. `edgeArray` (for Edge) limits the
// edge values to one array; empty = every array.
std::optional<EvalIssue> makeInputs(const Binding& b, size_t caseNo, InputKind kind,
                                    const std::string& edgeArray, const EvalOptions& options,
                                    CaseInputs& in)
{
    for (const auto& [name, values] : b.dims)
        in.names[name] = values[caseNo % values.size()];
    std::mt19937_64 rng(options.seed * 1000003 + caseNo);
    // runSide allocates the arrays in this order, Memory::kSpacing apart: their addresses
    // are known here, for integer arrays whose values name them.
    for (size_t i = 0; i < b.arrays.size(); ++i)
        in.names[b.arrays[i].name + ".ptr"] = int64_t(Memory::kSpacing * (i + 1));
    std::string error;
    uint64_t total = 0; // elements of the arrays so far
    for (const ArrayBinding& a : b.arrays) {
        const auto item = [&] { return BindingItem().key("arrays").key(a.name); };
        std::vector<int64_t> shape(a.shape.size());
        for (size_t i = 0; i < a.shape.size(); ++i) {
            const auto dim = [&] { return item().key("shape").index(i); };
            if (!evalItem(b, dim, a.shape[i], in.names, shape[i], error))
                return inputIssue(IssueKind::InvalidInput, error);
            if (shape[i] < 0)
                return inputIssue(IssueKind::InvalidInput,
                                  b.placeOf(item().pointer) + "array '" + a.name +
                                      "' gets a negative dimension " + listText(shape));
        }
        std::vector<int64_t> strides;
        if (!checkedRowMajorStrides(shape, strides))
            return inputIssue(IssueKind::Limit,
                              b.placeOf(item().pointer) + "array '" + a.name + "' (shape " +
                                  listText(shape) +
                                  ") needs more than 2^63 elements: more than the input budget "
                                  "of " +
                                  std::to_string(options.maxInputElements) +
                                  " elements per case (--max-input-elements)");
        for (size_t i = 0; i < a.strides.size(); ++i) {
            const auto stride = [&] { return item().key("strides").index(i); };
            if (!evalItem(b, stride, a.strides[i], in.names, strides[i], error))
                return inputIssue(IssueKind::InvalidInput, error);
            if (strides[i] < 0)
                return inputIssue(IssueKind::InvalidInput, b.placeOf(item().pointer) + "array '" +
                                                               a.name + "' has a negative stride " +
                                                               listText(strides));
        }
        // Checked before anything is allocated: a size of 2^40 is a limit, not bad_alloc.
        uint64_t count = 0;
        const bool fits = bufferElements(shape, strides, count);
        if (!fits || count > options.maxInputElements || total > options.maxInputElements - count)
            return inputIssue(
                IssueKind::Limit,
                b.placeOf(item().pointer) + "array '" + a.name + "' (shape " + listText(shape) +
                    ", strides " + listText(strides) + ") needs " +
                    (fits ? std::to_string(count) : "more than 2^64") + " elements" +
                    (total ? " after " + std::to_string(total) + " in the arrays before it" : "") +
                    ": more than the input budget of " + std::to_string(options.maxInputElements) +
                    " elements per case (--max-input-elements)");
        total += count;
        for (size_t i = 0; i < shape.size(); ++i) {
            in.names[a.name + ".shape[" + std::to_string(i) + "]"] = shape[i];
            in.names[a.name + ".stride[" + std::to_string(i) + "]"] = strides[i];
        }
        if (!a.strides.empty())
            in.custom.insert(a.name);
        in.shapes[a.name] = shape;
        if (isFloatElem(a.elem)) {
            std::normal_distribution<double> normal(0.0, 1.0);
            std::uniform_real_distribution<double> uni(a.lo, a.hi);
            const bool edge = kind == InputKind::Edge && (edgeArray.empty() || edgeArray == a.name);
            const std::vector<double> edges = edge ? edgeValues(a.elem) : std::vector<double>();
            std::vector<double> v(count);
            for (size_t k = 0; k < count; ++k) {
                double x = a.init == ArrayInit::Uniform ? uni(rng) : normal(rng);
                if (edge && (rng() & 1))
                    x = edges[rng() % edges.size()];
                if (kind == InputKind::Magnitudes)
                    x = magnitudeValue(rng, a.elem);
                v[k] = roundTo(x, a.elem);
            }
            in.floats[a.name] = std::move(v);
        } else {
            std::uniform_int_distribution<int64_t> uni(int64_t(a.lo), int64_t(a.hi));
            std::vector<int64_t> v(count);
            for (size_t k = 0; k < count; ++k)
                v[k] = wrapInt(uint64_t(a.init == ArrayInit::Iota ? int64_t(k) : uni(rng)),
                               intBits(a.elem));
            in.ints[a.name] = std::move(v);
        }
    }
    for (const ArrayBinding& a : b.arrays) { // after every shape and stride is known
        if (a.values.empty())
            continue;
        std::vector<int64_t>& v = in.ints[a.name];
        const auto item = [&] { return BindingItem().key("arrays").key(a.name).key("values"); };
        if (a.values.size() > v.size())
            return inputIssue(IssueKind::InvalidInput,
                              b.placeOf(item().pointer) + "array '" + a.name + "' has " +
                                  std::to_string(v.size()) + " elements, " +
                                  std::to_string(a.values.size()) + " values");
        std::fill(v.begin(), v.end(), 0);
        for (size_t k = 0; k < a.values.size(); ++k) {
            int64_t x = 0;
            if (!evalItem(
                    b, [&] { return item().index(k); }, a.values[k], in.names, x, error))
                return inputIssue(IssueKind::InvalidInput, error);
            v[k] = wrapInt(uint64_t(x), intBits(a.elem));
        }
    }
    for (const ScalarBinding& s : b.scalars) {
        if (isFloatElem(s.elem)) {
            double v = std::uniform_real_distribution<double>(0.5, 1.5)(rng);
            if (!s.value.empty())
                v = std::strtod(s.value.c_str(), nullptr);
            in.floatScalars[s.name] = roundTo(v, s.elem);
        } else {
            int64_t v = 1;
            const auto item = [&] { return BindingItem().key("scalars").key(s.name).key("value"); };
            if (!s.value.empty() && !evalItem(b, item, s.value, in.names, v, error))
                return inputIssue(IssueKind::InvalidInput, error);
            in.names[s.name] = v;
        }
    }
    return std::nullopt;
}

// The grid of a side: its expressions, else one block per tile of the first
// array stored through a partition view (or per row of a pointer store).
bool gridOf(const Binding& b, const SideBinding& side, const BindingItem& item,
            const CaseInputs& in, Grid& g, std::string& error)
{
    if (side.grid.empty())
        return false;
    int64_t v[3] = {1, 1, 1};
    for (size_t i = 0; i < 3; ++i)
        if (!evalItem(
                b, [&] { return item.key("grid").index(i); }, side.grid[i], in.names, v[i], error))
            return false;
    g = {v[0], v[1], v[2]};
    return true;
}

// The interpreter's budgets for every run of one evaluation.
InterpreterOptions runOptions(const EvalOptions& o, Clock::time_point deadline)
{
    InterpreterOptions io;
    io.cancel = o.cancel.flag(); // the token's flag: alive while `o` is (the whole evaluation)
    io.maxWork = o.maxWork;
    io.maxBlockWork = std::min(kDefaultMaxBlockWork, o.maxWork);
    io.maxLiveElements = o.maxLiveElements;
    io.deadline = deadline;
    io.timeoutSeconds = o.timeoutSeconds;
    io.blocks = o.blocks;
    return io;
}

struct SideRun
{
    Memory memory;
    std::optional<EvalIssue> issue;
    // Set when an output depends on reads without a padding value (checkUndefinedReads).
    std::optional<EvalIssue> undefinedDependence;
    RunStats stats;
    Grid grid;
    double seconds = 0;
};

// `side` is binding.ref or binding.gen, `sideName` "ref" or "gen" (its item in the file).
void runSide(const ir::Function& fn, const Binding& b, const SideBinding& side,
             const char* sideName, const CaseInputs& in, InterpreterOptions io, SideRun& out,
             std::vector<StoreEvent>* trace = nullptr, double undefinedFloat = 0.0)
{
    const auto start = Clock::now();
    // The arrays get the addresses makeInputs gave their `.ptr` names (Memory::kSpacing apart,
    // in binding order): in.names holds every name the parameters may use.
    out.memory.reserve(b.arrays.size());
    for (const ArrayBinding& a : b.arrays) {
        const auto floats = in.floats.find(a.name);
        const size_t n =
            floats != in.floats.end() ? floats->second.size() : in.ints.at(a.name).size();
        const uint64_t base = out.memory.allocate(a.name, a.elem, n);
        Buffer& buf = out.memory.bufferAt(base);
        if (buf.isFloat())
            buf.floats = floats->second;
        else
            buf.ints = in.ints.at(a.name);
    }
    std::vector<size_t> origin;
    const std::vector<std::string> params = expandParams(b, side.params, &origin);
    auto invalid = [&](const std::string& m) {
        EvalIssue is;
        is.kind = IssueKind::InvalidInput;
        is.message = m;
        out.issue = is;
    };
    if (params.size() != fn.argumentTypes.size())
        return invalid("binding gives " + std::to_string(params.size()) + " parameters, entry '" +
                       std::string(fn.name) + "' has " + std::to_string(fn.argumentTypes.size()));
    const BindingItem item = BindingItem().key(sideName);
    std::vector<RtValue> args;
    for (size_t i = 0; i < params.size(); ++i) {
        const ir::Type* t = fn.argumentTypes[i];
        const Elem e = elemOf(t);
        auto tile = Tile::make(e, {}, pointeeOf(t));
        auto fs = in.floatScalars.find(params[i]);
        if (isFloatElem(e)) {
            if (fs == in.floatScalars.end())
                return invalid("parameter " + std::to_string(i) + " (" + t->canonical() +
                               ") is bound to '" + params[i] + "', not a float scalar");
            tile->floats[0] = roundTo(fs->second, e);
        } else {
            int64_t v = 0;
            std::string err;
            const auto param = [&] { return item.key("params").index(origin[i]); };
            if (!evalItem(b, param, params[i], in.names, v, err))
                return invalid("parameter " + std::to_string(i) + ": " + err);
            tile->ints[0] = e == Elem::Ptr ? v : wrapInt(uint64_t(v), intBits(e));
        }
        args.push_back(RtValue{tile, nullptr, nullptr, false});
    }
    std::string err;
    Grid g;
    if (!gridOf(b, side, item, in, g, err)) {
        if (!err.empty())
            return invalid("grid: " + err);
        g = derivedGrid(fn, params, in.shapes);
    }
    out.grid = g;
    io.storeTrace = trace;
    io.undefinedFloat = undefinedFloat;
    Interpreter interp(out.memory, io);
    out.issue = interp.run(fn, args, g);
    out.stats = interp.stats();
    out.seconds = seconds(start);
}

std::vector<int64_t> indexOf(const CaseInputs& in, const std::string& array, size_t element)
{
    return in.custom.count(array) ? std::vector<int64_t>{int64_t(element)}
                                  : unflattenIndex(in.shapes.at(array), element);
}

// The first buffer element where two runs of one side hold different values
// (NaN equals NaN); false when they agree everywhere.
bool firstChange(const Memory& a, const Memory& b, size_t& buffer, size_t& element)
{
    for (buffer = 0; buffer < a.buffers().size(); ++buffer) {
        const Buffer& x = a.buffers()[buffer];
        const Buffer& y = b.buffers()[buffer];
        for (element = 0; element < x.count; ++element)
            if (x.isFloat() ? !(x.floats[element] == y.floats[element] ||
                                (std::isnan(x.floats[element]) && std::isnan(y.floats[element])))
                            : x.ints[element] != y.ints[element])
                return true;
    }
    return false;
}

// A side that read elements without a padding value (undefined in the dialect; zero in
// the first run) runs again with NaN for them: if an output changes, the side's result
// depends on undefined values (run.undefinedDependence).
void checkUndefinedReads(const ir::Function& fn, const Binding& b, const SideBinding& side,
                         const char* sideName, const CaseInputs& in, const InterpreterOptions& io,
                         SideRun& run)
{
    if (run.issue || !run.stats.undefinedReads || !run.stats.firstUndefinedRead)
        return;
    SideRun poisoned;
    runSide(fn, b, side, sideName, in, io, poisoned, nullptr,
            std::numeric_limits<double>::quiet_NaN());
    size_t buffer = 0, element = 0;
    if (poisoned.issue || !firstChange(run.memory, poisoned.memory, buffer, element))
        return;
    EvalIssue is = *run.stats.firstUndefinedRead;
    const std::string& array = run.memory.buffers()[buffer].name;
    std::string index;
    for (int64_t i : indexOf(in, array, element))
        index += (index.empty() ? "" : ", ") + std::to_string(i);
    is.message = "the output depends on " + std::to_string(run.stats.undefinedReads) +
                 " read(s) without a padding value (first here): with NaN instead of 0 for "
                 "them, " +
                 array + "[" + index + "] changes";
    run.undefinedDependence = is;
}

std::string valueText(double v)
{
    if (std::isnan(v))
        return "nan";
    if (std::isinf(v))
        return v > 0 ? "inf" : "-inf";
    std::ostringstream s;
    s.precision(9);
    s << v;
    return s.str();
}

// No tolerance: two floats are the same only when equal (TapCompare::ExactWhereOperandsAgree).
const EvalOptions& exactTolerance()
{
    static const EvalOptions exact = [] {
        EvalOptions o;
        o.maxUlp = 0;
        o.rtol = 0.0;
        return o;
    }();
    return exact;
}

// Two floats of element type `e` are the same: equal (NaN equals NaN, -0 equals +0) or
// within the tolerance. `ulp` receives their distance when both are finite, else -1.
bool sameFloat(double x, double y, Elem e, const EvalOptions& o, int64_t& ulp)
{
    ulp = -1;
    if (x == y || (std::isnan(x) && std::isnan(y)))
        return true;
    if (!std::isfinite(x) || !std::isfinite(y))
        return false;
    ulp = ulpDistance(x, y, e);
    return ulp <= o.maxUlp || std::fabs(x - y) <= o.rtol * std::max(std::fabs(x), std::fabs(y));
}

// The first store of `ref` (program order) writing an element that the same-numbered
// write of that element in `gen` sets to a different value.
std::optional<FirstDivergence> firstDivergence(const std::vector<StoreEvent>& ref,
                                               const std::vector<StoreEvent>& gen,
                                               const Memory& memory, const CaseInputs& in,
                                               const EvalOptions& o)
{
    auto key = [](size_t buffer, size_t element) { return (uint64_t(buffer) << 40) | element; };
    std::unordered_map<uint64_t, std::vector<std::pair<uint32_t, uint32_t>>> genWrites;
    for (size_t i = 0; i < gen.size(); ++i)
        for (size_t j = 0; j < gen[i].elements.size(); ++j)
            genWrites[key(gen[i].buffer, gen[i].elements[j])].push_back({uint32_t(i), uint32_t(j)});
    std::unordered_map<uint64_t, size_t> refWrites;
    for (const StoreEvent& r : ref)
        for (size_t j = 0; j < r.elements.size(); ++j) {
            const uint64_t k = key(r.buffer, r.elements[j]);
            const size_t nth = refWrites[k]++;
            auto it = genWrites.find(k);
            if (it == genWrites.end() || nth >= it->second.size())
                continue;
            const StoreEvent& g = gen[it->second[nth].first];
            const size_t gj = it->second[nth].second;
            const Buffer& b = memory.buffers()[r.buffer];
            int64_t ulp = -1;
            const bool same = b.isFloat() ? sameFloat(r.floats[j], g.floats[gj], b.elem, o, ulp)
                                          : r.ints[j] == g.ints[gj];
            if (same)
                continue;
            FirstDivergence f;
            f.reference = {r.op, r.line, r.column, r.block, r.buffer, {}, {}, {}};
            f.generated = {g.op, g.line, g.column, g.block, g.buffer, {}, {}, {}};
            f.array = b.name;
            f.index = indexOf(in, b.name, r.elements[j]);
            f.refValue = b.isFloat() ? valueText(r.floats[j]) : std::to_string(r.ints[j]);
            f.genValue = b.isFloat() ? valueText(g.floats[gj]) : std::to_string(g.ints[gj]);
            return f;
        }
    return std::nullopt;
}

std::string elementText(const Tile& t, size_t k)
{
    return t.isFloat() ? valueText(t.floats[k]) : std::to_string(t.ints[k]);
}

std::string blockText(const std::vector<int64_t>& block)
{
    std::string s;
    for (size_t i = 0; i < block.size(); ++i)
        s += (i ? ", " : "") + std::to_string(block[i]);
    return s;
}

// "divf at reference line 40 / divf at generated line 52 (block 0, 0, 0) tile": the value a
// tap difference names, before its index.
std::string tappedValueName(const TapPair& pair, const TapRecord& at, size_t runInBlock)
{
    const auto site = [](const ir::Op* op, const char* side) {
        return std::string(op->name.mnemonic()) + " at " + side + " line " +
               std::to_string(op->range.beginLine);
    };
    return site(pair.reference, "reference") + " / " + site(pair.generated, "generated") +
           " (block " + blockText(at.block) +
           (runInBlock ? ", run " + std::to_string(runInBlock + 1) + " in the block" : "") +
           ") tile";
}

// Significand bits of a float format (the implicit one included).
int significandBits(Elem e)
{
    switch (e) {
    case Elem::F64:
        return 53;
    case Elem::F32:
        return 24;
    case Elem::F16:
    case Elem::TF32:
        return 11;
    case Elem::BF16:
        return 8;
    case Elem::F8E4M3FN:
        return 4;
    case Elem::F8E5M2:
        return 3;
    case Elem::F4E2M1FN:
        return 2;
    default:
        return 1;
    }
}

// The format two tapped float values of different formats are compared in: the coarser one,
// so an f16 accumulator against an f32 one differs only where the f32 value rounded to f16 is
// off by more than the tolerance (the port's value cannot be closer than its format allows).
Elem coarserFloat(Elem a, Elem b)
{
    return significandBits(b) < significandBits(a) ? b : a;
}

// Whether element k of a tapped run of each side has the same operands, bit for bit (a NaN
// as any NaN): every operand recorded on both sides, the first two swapped where the op
// commutes (its value is the same then).
bool operandsAgree(const TapPair& pair, const TapRecord& r, const TapRecord& g, size_t k)
{
    const size_t n = pair.reference->operands.size();
    if (pair.generated->operands.size() != n || r.operands.size() != n || g.operands.size() != n)
        return false;
    const auto same = [k](const Tile& a, const Tile& b) {
        if (a.isFloat() != b.isFloat())
            return false;
        if (!a.isFloat())
            return a.ints[k] == b.ints[k];
        const double x = a.floats[k], y = b.floats[k];
        return (std::isnan(x) && std::isnan(y)) || (x == y && std::signbit(x) == std::signbit(y));
    };
    const auto agree = [&](bool swapFirstTwo) {
        for (size_t j = 0; j < n; ++j)
            if (!same(r.operands[j], g.operands[swapFirstTwo && j < 2 ? 1 - j : j]))
                return false;
        return true;
    };
    const bool commutes = n >= 2 && ir::opInfo(pair.reference->id()).has(ir::Commutative);
    return agree(false) || (commutes && agree(true));
}

// The first element where the values `pair` tapped on one case differ (TapPair::compare);
// nullopt when they agree, or with `why` set when they cannot be compared.
std::optional<Counterexample> tapDifference(const TapPair& pair, const OpTap& refTap,
                                            const OpTap& genTap, const CaseInputs& in,
                                            const EvalOptions& o, std::string& why)
{
    const auto runsOf = [](const OpTap& tap, const ir::Op* op) {
        const auto it = tap.runs.find(op);
        return it == tap.runs.end() ? uint64_t(0) : it->second;
    };
    const uint64_t refRuns = runsOf(refTap, pair.reference),
                   genRuns = runsOf(genTap, pair.generated);
    if (refRuns != genRuns) {
        why = "its op runs " + std::to_string(refRuns) + " time(s) on the reference side, " +
              std::to_string(genRuns) + " on the generated side";
        return std::nullopt;
    }
    const auto recordsOf = [](const OpTap& tap, const ir::Op* op) {
        static const std::vector<TapRecord> none;
        const auto it = tap.records.find(op);
        return it == tap.records.end() ? &none : &it->second;
    };
    const std::vector<TapRecord>& refs = *recordsOf(refTap, pair.reference);
    const std::vector<TapRecord>& gens = *recordsOf(genTap, pair.generated);
    size_t runInBlock = 0;
    for (size_t i = 0; i < refs.size() && i < gens.size(); ++i) {
        const Tile& a = refs[i].result;
        const Tile& b = gens[i].result;
        const bool bothFloat = a.isFloat() && b.isFloat();
        if (a.shape != b.shape || (a.elem != b.elem && !bothFloat) ||
            refs[i].block != gens[i].block) {
            why = a.shape != b.shape ? "its values have different shapes"
                  : a.elem != b.elem ? "its values have different element types"
                                     : "its ops run in different tile blocks";
            return std::nullopt;
        }
        runInBlock = i > 0 && refs[i - 1].block == refs[i].block ? runInBlock + 1 : 0;
        const Elem compared = bothFloat ? coarserFloat(a.elem, b.elem) : a.elem;
        const bool exact = pair.compare == TapCompare::ExactWhereOperandsAgree;
        for (size_t k = 0; k < a.size(); ++k) {
            if (exact && !operandsAgree(pair, refs[i], gens[i], k))
                continue;
            int64_t ulp = -1;
            if (bothFloat
                    ? sameFloat(roundTo(a.floats[k], compared), roundTo(b.floats[k], compared),
                                compared, exact ? exactTolerance() : o, ulp)
                    : a.ints[k] == b.ints[k])
                continue;
            Counterexample cx;
            cx.array = tappedValueName(pair, refs[i], runInBlock);
            cx.index = unflattenIndex(a.shape, k);
            cx.ulp = ulp;
            cx.refValue = elementText(a, k);
            cx.genValue = elementText(b, k);
            for (const auto& [side, record] :
                 {std::pair<const char*, const TapRecord*>{"reference ", &refs[i]},
                  std::pair<const char*, const TapRecord*>{"generated ", &gens[i]}})
                for (size_t j = 0; j < record->operands.size(); ++j)
                    cx.inputsAtIndex[side + record->operandNames[j]] =
                        elementText(record->operands[j], k);
            for (const auto& [name, v] : in.floatScalars)
                cx.scalars[name] = valueText(v);
            return cx;
        }
    }
    return std::nullopt;
}

// The tapped pairs compared on one case where both sides ran: the first difference of each
// pair (the earliest case keeps it), or the first reason it could not be compared.
void compareTaps(const EvalOptions& o, const OpTap& refTap, const OpTap& genTap,
                 const CaseInputs& in, const CaseResult& cr, EvalResult& res,
                 std::set<std::string>& compared)
{
    for (const TapPair& pair : o.taps) {
        if (res.tapDifferences.count(pair.id))
            continue;
        std::string why;
        std::optional<Counterexample> cx = tapDifference(pair, refTap, genTap, in, o, why);
        if (!why.empty()) {
            res.tapUncompared.emplace(pair.id, why);
            continue;
        }
        compared.insert(pair.id);
        if (cx) {
            res.tapDifferences[pair.id] = TapDifference{std::move(*cx), cr};
            res.tapUncompared.erase(pair.id);
        }
    }
}

// Compares every buffer; returns false at the first difference beyond tolerance.
bool compareMemories(const SideRun& r, const SideRun& g, const CaseInputs& in, const EvalOptions& o,
                     CaseResult& cr, Counterexample& cx)
{
    for (size_t i = 0; i < r.memory.buffers().size(); ++i) {
        const Buffer& a = r.memory.buffers()[i];
        const Buffer& b = g.memory.buffers()[i];
        const std::vector<int64_t>& shape = in.shapes.at(a.name);
        for (size_t k = 0; k < a.count; ++k) {
            ++cr.elementsCompared;
            bool same;
            int64_t ulp = -1;
            if (a.isFloat()) {
                same = sameFloat(a.floats[k], b.floats[k], a.elem, o, ulp);
                cr.maxUlpSeen = std::max(cr.maxUlpSeen, ulp);
            } else {
                same = a.ints[k] == b.ints[k];
            }
            if (same)
                continue;
            cx.array = a.name;
            // Buffer element k; the tensor index when the array is row-major.
            cx.index = indexOf(in, a.name, k);
            cx.ulp = ulp;
            cx.refValue = a.isFloat() ? valueText(a.floats[k]) : std::to_string(a.ints[k]);
            cx.genValue = b.isFloat() ? valueText(b.floats[k]) : std::to_string(b.ints[k]);
            for (const auto& [name, sh] : in.shapes) {
                if (name == a.name || sh != shape || in.custom.count(name) ||
                    in.custom.count(a.name))
                    continue;
                auto f = in.floats.find(name);
                cx.inputsAtIndex[name] = f != in.floats.end() ? valueText(f->second[k])
                                                              : std::to_string(in.ints.at(name)[k]);
            }
            for (const auto& [name, v] : in.floatScalars)
                cx.scalars[name] = valueText(v);
            return false;
        }
    }
    return true;
}

// The op handlers read operands and results by the types the verifier checks: a function that
// does not verify is not run. Its first error, placed, as the run's issue.
std::optional<EvalIssue> verifierIssue(const ir::Function& fn)
{
    Diagnostics diags;
    if (ir::verifyFunction(fn, std::string(), diags, ir::VerifyPurpose::Analysis))
        return std::nullopt;
    for (const Diagnostic& d : diags) {
        if (d.severity != Severity::Error)
            continue;
        EvalIssue issue;
        issue.kind = IssueKind::InvalidInput;
        issue.line = d.place.line;
        issue.column = d.place.column;
        issue.message = "does not verify: " + d.message;
        if (d.place.byteOffset >= 0)
            issue.message += " (at byte " + std::to_string(d.place.byteOffset) + ")";
        return issue;
    }
    return std::nullopt;
}

// The deadline of a whole evaluation; beyond ~30 years it would overflow the clock: none then.
Clock::time_point deadlineOf(const EvalOptions& o, Clock::time_point start)
{
    if (o.deadline)
        return *o.deadline;
    if (o.timeoutSeconds > 0 && o.timeoutSeconds < 1e9)
        return start + std::chrono::duration_cast<Clock::duration>(
                           std::chrono::duration<double>(o.timeoutSeconds));
    return Clock::time_point::max();
}

// One case of an evaluation: its kind of input, the float array that alone gets the edge
// values ("" every array at once) and the index of its sizes in the dims lists.
struct PlannedCase
{
    InputKind kind;
    std::string edgeArray;
    size_t dimsCase;
};

// evaluatePair(): the cases planned, then run one after the other until one decides.
class PairEvaluation
{
public:
    PairEvaluation(const ir::Function& ref, const ir::Function& gen, const Binding& binding,
                   const EvalOptions& options)
        : m_ref(ref), m_gen(gen), m_binding(binding), m_o(options), m_start(Clock::now())
    {
    }

    EvalResult run()
    {
        m_res.bindingSource = m_binding.source;
        m_res.bindingFacts = m_binding.facts;
        if (failsToVerify())
            return std::move(m_res); // run() runs once
        m_deadline = deadlineOf(m_o, m_start);
        m_io = runOptions(m_o, m_deadline);
        if (const std::optional<std::string> over = planCases()) {
            limit(*over);
            return std::move(m_res); // run() runs once
        }
        m_res.verdict = "same";
        for (const PlannedCase& plan : m_plans) {
            if (m_rejectedSizes.count(plan.dimsCase)) {
                ++m_skipped;
                continue;
            }
            const CaseEnd end = runCase(plan);
            if (end == CaseEnd::ResultFinal)
                return std::move(m_res); // run() runs once
            if (end == CaseEnd::SearchDone)
                break;
        }
        finish();
        return std::move(m_res); // run() runs once
    }

private:
    enum class CaseEnd
    {
        Next,        // go on with the next case
        ResultFinal, // an error, a limit or an unsupported op decided the result
        SearchDone,  // every tapped pair has its counterexample
    };

    // The op handlers read operands and results by the types the verifier checks.
    bool failsToVerify()
    {
        for (const auto& [side, fn] :
             {std::pair<const char*, const ir::Function*>{"reference", &m_ref},
              std::pair<const char*, const ir::Function*>{"generated", &m_gen}})
            if ((m_res.issue = verifierIssue(*fn))) {
                m_res.verdict = "error";
                m_res.issueSide = side;
                m_res.message = std::string(side) + " " + m_res.issue->format();
                return true;
            }
        return false;
    }

    // A budget ran out before or between cases: an `error` with an issue of kind limit.
    void limit(const std::string& message)
    {
        m_res.verdict = "error";
        m_res.message = message;
        m_res.issue = inputIssue(IssueKind::Limit, message);
        m_res.seconds = seconds(m_start);
    }

    // ---- the plan

    // Each kind of input for each dims case; edge values in every float array at once, then
    // in each alone. The limit message when that is more than --max-cases.
    std::optional<std::string> planCases()
    {
        size_t caseCount = 1;
        std::string longestDims;
        for (const auto& [name, values] : m_binding.dims)
            if (values.size() > caseCount && !m_o.firstSizesOnly) {
                caseCount = values.size();
                longestDims = name;
            }
        const bool random = m_o.inputs == InputKind::Random || m_o.inputs == InputKind::All;
        const bool edge = m_o.inputs == InputKind::Edge || m_o.inputs == InputKind::All;
        const bool magnitudes = m_o.inputs == InputKind::Magnitudes || m_o.magnitudesAfter;
        const std::vector<std::string> edgeArrays = edgeCaseArrays();
        // Counted before the plan is made: a million dims values must not become four million
        // plans in memory first.
        const uint64_t inputKinds =
            (random ? 1 : 0) + (edge ? edgeArrays.size() : 0) + (magnitudes ? 1 : 0);
        uint64_t planned = 0;
        if (__builtin_mul_overflow(inputKinds, uint64_t(caseCount), &planned) ||
            planned > m_o.maxCases)
            return overBudget(inputKinds, caseCount, longestDims, planned);
        std::vector<InputKind> kinds;
        if (random)
            kinds.push_back(InputKind::Random);
        if (edge)
            kinds.push_back(InputKind::Edge);
        if (magnitudes)
            kinds.push_back(InputKind::Magnitudes);
        for (InputKind kind : kinds)
            for (const std::string& edgeArray :
                 kind == InputKind::Edge ? edgeArrays : std::vector<std::string>{""})
                for (size_t c = 0; c < caseCount; ++c)
                    m_plans.push_back({kind, edgeArray, c});
        return std::nullopt;
    }

    // The edge cases' arrays: "" (every array at once), then each float array alone.
    std::vector<std::string> edgeCaseArrays()
    {
        std::vector<std::string> arrays;
        for (const ArrayBinding& a : m_binding.arrays)
            if (isFloatElem(a.elem) && (m_o.edgeArrays.empty() || m_o.edgeArrays.count(a.name)))
                arrays.push_back(a.name);
        if ((m_o.edgeArrays.empty() && arrays.size() <= 1) || m_o.edgeInEveryArrayOnly)
            arrays.clear(); // one float array alone is every array at once
        // Edge values in each float array alone tell which input a difference needs. Past a
        // few dozen arrays those cases cost arrays x arrays buffers (4,000 arrays: 16 M), so
        // only every array at once runs then, and the result says so.
        if (m_o.edgeArrays.empty() && arrays.size() > kMaxEdgeAloneArrays) {
            m_res.notes.insert("edge values were put in every float array at once only, not in "
                               "each alone: " +
                               std::to_string(arrays.size()) + " float arrays, more than " +
                               std::to_string(kMaxEdgeAloneArrays));
            arrays.clear();
        }
        if (m_o.edgeArrays.empty())
            arrays.insert(arrays.begin(), "");
        return arrays;
    }

    std::string overBudget(uint64_t inputKinds, size_t caseCount, const std::string& longestDims,
                           uint64_t planned) const
    {
        const BindingItem dims = BindingItem().key("dims").key(longestDims);
        const std::string kindsText =
            std::to_string(inputKinds) + (inputKinds == 1 ? " kind" : " kinds") +
            " of input (random; edge values in every array at once and in each float array "
            "alone)";
        return (longestDims.empty()
                    ? "one case per " + kindsText
                    : m_binding.placeOf(dims.pointer) + dims.name + " lists " +
                          std::to_string(caseCount) + " values, each run with " + kindsText) +
               ": " + std::to_string(planned) + " cases, more than the budget of " +
               std::to_string(m_o.maxCases) + " (--max-cases)";
    }

    // ---- one case

    CaseEnd runCase(const PlannedCase& plan)
    {
        CaseResult cr;
        cr.inputs = plan.kind == InputKind::Random ? "random"
                    : plan.kind == InputKind::Edge ? "edge"
                                                   : "magnitudes";
        cr.edgeArray = plan.edgeArray;
        cr.seed = m_o.seed;
        uint64_t workLeft = 0;
        if (budgetSpent(workLeft))
            return CaseEnd::ResultFinal;
        CaseInputs in;
        if (const std::optional<EvalIssue> bad =
                makeInputs(m_binding, plan.dimsCase, plan.kind, plan.edgeArray, m_o, in)) {
            m_res.verdict = "error";
            m_res.message = "binding: " + bad->message;
            if (bad->kind == IssueKind::Limit)
                m_res.issue = bad;
            m_res.seconds = seconds(m_start);
            return CaseEnd::ResultFinal;
        }
        for (const auto& [name, values] : m_binding.dims)
            cr.dims[name] = in.names[name];
        SideRun r, g;
        OpTap refTap, genTap;
        runSides(in, workLeft, r, g, refTap, genTap);
        cr.refGrid = r.grid;
        cr.genGrid = g.grid;
        cr.refSeconds = r.seconds;
        cr.genSeconds = g.seconds;
        addStats(r, g);
        if (decidedByIssue(r, g, cr))
            return CaseEnd::ResultFinal;
        Counterexample cx;
        bool same = false;
        if (r.issue || g.issue) {
            cx.refIssue = r.issue;
            cx.genIssue = g.issue;
        } else {
            same = compareMemories(r, g, in, m_o, cr, cx);
        }
        cr.verdict = same ? "same" : "different";
        // Tapped values count only where both sides ran within their contract.
        if (!m_o.taps.empty() && !r.issue && !g.issue)
            compareTaps(m_o, refTap, genTap, in, cr, m_res, m_tapsCompared);
        m_res.cases.push_back(cr);
        const bool searched = m_o.stopOnceEveryTapDiffers && !m_o.taps.empty() &&
                              m_res.tapDifferences.size() == m_o.taps.size();
        if (m_o.skipSizesTheReferenceRejects && r.issue && outsideContract(*r.issue))
            m_rejectedSizes.insert(plan.dimsCase);
        if (m_o.progress)
            m_o.progress(m_res.cases.size() + m_skipped, m_plans.size());
        if (!same)
            noteDifference(in, r, g, cr, cx);
        return searched ? CaseEnd::SearchDone : CaseEnd::Next;
    }

    // The wall-time and work budgets before a case; `workLeft` what the case may still do.
    bool budgetSpent(uint64_t& workLeft)
    {
        if (Clock::now() > m_deadline) {
            std::ostringstream budget;
            budget << m_o.timeoutSeconds;
            limit("the wall-time budget of " + budget.str() + " s ran out after " +
                  std::to_string(m_res.cases.size()) + " of " + std::to_string(m_plans.size()) +
                  " cases (--timeout)");
            return true;
        }
        workLeft = m_o.maxTotalWork > m_res.work ? m_o.maxTotalWork - m_res.work : uint64_t(0);
        if (m_o.maxTotalWork && workLeft == 0) {
            m_res.workRanOut = true;
            limit("the work budget of " + std::to_string(m_o.maxTotalWork) +
                  " units ran out after " + std::to_string(m_res.cases.size()) + " of " +
                  std::to_string(m_plans.size()) + " cases");
            return true;
        }
        return false;
    }

    void runSides(const CaseInputs& in, uint64_t workLeft, SideRun& r, SideRun& g, OpTap& refTap,
                  OpTap& genTap)
    {
        InterpreterOptions refIo = m_io, genIo = m_io;
        if (m_o.maxTotalWork) {
            refIo.maxWork = std::min(m_io.maxWork, workLeft);
            refIo.maxBlockWork = std::min(m_io.maxBlockWork, workLeft);
            genIo.maxWork = refIo.maxWork;
            genIo.maxBlockWork = refIo.maxBlockWork;
        }
        if (!m_o.taps.empty()) {
            for (const TapPair& t : m_o.taps) {
                refTap.ops.insert(t.reference);
                genTap.ops.insert(t.generated);
            }
            refIo.tap = &refTap;
            genIo.tap = &genTap;
        }
        runSide(m_ref, m_binding, m_binding.ref, "ref", in, refIo, r);
        runSide(m_gen, m_binding, m_binding.gen, "gen", in, genIo, g);
        checkUndefinedReads(m_ref, m_binding, m_binding.ref, "ref", in, m_io, r);
        checkUndefinedReads(m_gen, m_binding, m_binding.gen, "gen", in, m_io, g);
        // One side depending on undefined reads is a difference (the other computes a
        // defined result); both depending on them (kernels that multiply masked-off,
        // unpadded lanes by zero) is noted and the zero-filled outputs compared.
        if (r.undefinedDependence && g.undefinedDependence)
            m_res.notes.insert("both sides' outputs depend on reads without a padding value "
                               "(reference line " +
                               std::to_string(r.undefinedDependence->line) + ", generated line " +
                               std::to_string(g.undefinedDependence->line) +
                               "): compared with 0 for them");
        else
            for (SideRun* s : {&r, &g})
                if (s->undefinedDependence)
                    s->issue = s->undefinedDependence;
    }

    void addStats(const SideRun& r, const SideRun& g)
    {
        for (const SideRun* s : {&r, &g}) {
            m_res.approximations.insert(s->stats.approximations.begin(),
                                        s->stats.approximations.end());
            m_res.notes.insert(s->stats.notes.begin(), s->stats.notes.end());
            m_res.undefinedReads += s->stats.undefinedReads;
            m_res.elementOps += s->stats.elementOps;
            m_res.work += s->stats.work;
        }
        m_res.workRanOut = m_o.maxTotalWork && m_res.work > m_o.maxTotalWork;
    }

    // Unsupported or invalid on either side decides; a failure on one side only (out of
    // bounds, violated assume, UB) is a behavioural difference.
    bool decidedByIssue(const SideRun& r, const SideRun& g, CaseResult& cr)
    {
        for (const auto& [side, run] : {std::pair<const char*, const SideRun*>{"reference", &r},
                                        std::pair<const char*, const SideRun*>{"generated", &g}}) {
            if (run->issue && (run->issue->kind == IssueKind::Unsupported ||
                               run->issue->kind == IssueKind::InvalidInput ||
                               run->issue->kind == IssueKind::Limit ||
                               run->issue->kind == IssueKind::Cancelled)) {
                cr.verdict = run->issue->kind == IssueKind::Unsupported ? "unsupported"
                             : run->issue->kind == IssueKind::Cancelled ? "cancelled"
                                                                        : "error";
                m_res.cases.push_back(cr);
                m_res.verdict = cr.verdict;
                m_res.issue = run->issue;
                m_res.issueSide = side;
                m_res.message = run->issue->format();
                m_res.seconds = seconds(m_start);
                return true;
            }
        }
        if (r.issue && g.issue) {
            cr.verdict = "error";
            m_res.cases.push_back(cr);
            m_res.verdict = "error";
            m_res.issue = r.issue;
            m_res.issueSide = "both";
            m_res.message = "both sides fail on these inputs: " + r.issue->format();
            m_res.seconds = seconds(m_start);
            return true;
        }
        return false;
    }

    // A case where the reference runs is the better counterexample: one where it fails is
    // outside its contract and says nothing about the port.
    void noteDifference(const CaseInputs& in, const SideRun& r, const SideRun& g,
                        const CaseResult& cr, const Counterexample& cx)
    {
        const bool better = m_res.counterexample && m_res.counterexample->refIssue && !r.issue;
        if (m_res.counterexample && !better)
            return;
        m_res.firstDivergence.reset();
        m_res.verdict = "different";
        m_res.counterexample = cx;
        m_res.counterexampleCase = cr;
        if (r.issue || g.issue || !m_o.locateFirstDivergence)
            return;
        // Once per result: rerun the case recording every store to name the stores where the
        // two sides first write different values.
        std::vector<StoreEvent> refTrace, genTrace;
        SideRun rt, gt;
        runSide(m_ref, m_binding, m_binding.ref, "ref", in, m_io, rt, &refTrace);
        runSide(m_gen, m_binding, m_binding.gen, "gen", in, m_io, gt, &genTrace);
        if (!rt.issue && !gt.issue)
            m_res.firstDivergence = firstDivergence(refTrace, genTrace, rt.memory, in, m_o);
    }

    void finish()
    {
        for (const TapPair& pair : m_o.taps)
            if (!m_tapsCompared.count(pair.id) && !m_res.tapDifferences.count(pair.id))
                m_res.tapUncompared.emplace(pair.id,
                                            "no case where both sides ran within their contract");
        if (m_skipped)
            m_res.notes.insert(std::to_string(m_skipped) + " of " + std::to_string(m_plans.size()) +
                               " cases not run: the reference already failed on their sizes");
        if (m_o.progress && m_skipped)
            m_o.progress(m_plans.size(), m_plans.size());
        m_res.seconds = seconds(m_start);
    }

    const ir::Function& m_ref;
    const ir::Function& m_gen;
    const Binding& m_binding;
    const EvalOptions& m_o;
    const Clock::time_point m_start;
    Clock::time_point m_deadline;
    InterpreterOptions m_io;
    EvalResult m_res;
    std::vector<PlannedCase> m_plans;
    std::set<size_t> m_rejectedSizes;     // dims cases the reference failed on
    std::set<std::string> m_tapsCompared; // tap pairs compared on at least one case
    size_t m_skipped = 0;
};

} // namespace

EvalResult evaluatePair(const ir::Function& ref, const ir::Function& gen, const Binding& binding,
                        const EvalOptions& options)
{
    return PairEvaluation(ref, gen, binding, options).run();
}

bool outsideContract(const EvalIssue& issue)
{
    return issue.kind == IssueKind::OutOfBounds || issue.kind == IssueKind::Undefined ||
           issue.kind == IssueKind::AssumeViolated;
}

} // namespace tilelens::eval
