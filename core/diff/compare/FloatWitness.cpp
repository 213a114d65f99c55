#include "diff/compare/FloatWitness.h"

#include "common/Side.h"
#include "diff/semantics/Semantics.h"
#include "eval/Differential.h"
#include "eval/FloatMath.h"
#include "eval/Numeric.h"
#include "ir/FloatBits.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace tilelens::diff {

namespace {

using eval::Elem;
using eval::Rounding;

constexpr int kMaxNodes = 4096;                 // values evaluated per input, all probes together
constexpr int64_t kMaxNodesPerFinding = 200000; // values evaluated for one finding, in all
constexpr size_t kMaxLeaves = 6;                // inputs of one comparison
constexpr size_t kMaxAssignments = 600;         // input combinations tried
constexpr double kApproxMove = 1.0 / 1024; // beyond any approximate op's error (tanh.approx 2^-11)
constexpr double kApproxRelative = 1.0 / 64;
constexpr int64_t kMaxReduced = int64_t(1) << 20;
constexpr int64_t kReducedPerNode = 16; // reduced elements checked per node of the budget

// One lane of a uniform tile: a float (exactly representable in `e`) or an integer (canonical
// form of eval/Numeric.h).
struct Num
{
    double f = 0;
    int64_t i = 0;
    Elem e = Elem::None;
    bool approx = false;  // computed through an approximate op
    bool perLane = false; // read by a masked load: not every element need be equal
    // An integer tile whose elements differ (an iota and what adds to it): each lies in
    // [lo, hi]; only ops that keep such a range exact read it.
    bool ranged = false;
    int64_t lo = 0, hi = 0;
    // Depends on an integer argument, the block id, a mask decided by them, a loop's result or
    // its induction variable: the witness text names those (Evaluator::extraNotes).
    bool extended = false;
    bool isFloat() const { return eval::isFloatElem(e); }
};

// The values an entry's integer argument takes in a witness, tried in turn: multiples of the
// usual div_by hints, small first; the large ones make a mask comparing a tile's indices with
// it true everywhere. Every integer argument takes the same one.
constexpr int64_t kIntegerArguments[] = {16, 256, 512, 1024, 2048, 4096, 65536};

// "tile<128x64xf32>" -> F32; None for pointers, tokens and views.
Elem elemOfType(std::string_view t)
{
    if (t.size() > 6 && t.substr(0, 5) == "tile<" && t.back() == '>')
        t = t.substr(5, t.size() - 6);
    if (t.find('<') != std::string_view::npos)
        return Elem::None;
    const size_t x = t.rfind('x');
    if (x != std::string_view::npos)
        t = t.substr(x + 1);
    return eval::elemFromName(t);
}

// Dimensions of a tile type ("tile<128x64xf32>" -> {128, 64}).
std::vector<int64_t> dimsOfType(std::string_view t)
{
    std::vector<int64_t> out;
    if (t.size() <= 6 || t.substr(0, 5) != "tile<")
        return out;
    t = t.substr(5, t.size() - 6);
    while (true) {
        const size_t x = t.find('x');
        if (x == std::string_view::npos)
            return out;
        const std::string part(t.substr(0, x));
        char* end = nullptr;
        const long long n = std::strtoll(part.c_str(), &end, 10);
        if (part.empty() || *end != '\0' || n < 0)
            return {};
        out.push_back(n);
        t = t.substr(x + 1);
    }
}

// A float literal as the graph spells it: "1.5", "-inf", "0xFF800000" (bits of `e`).
std::optional<double> floatLiteral(std::string_view text, Elem e)
{
    while (!text.empty() && text.front() == ' ')
        text.remove_prefix(1);
    while (!text.empty() && text.back() == ' ')
        text.remove_suffix(1);
    const std::string s(text);
    if (s.empty())
        return std::nullopt;
    char* end = nullptr;
    if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        const unsigned long long bits = std::strtoull(s.c_str() + 2, &end, 16);
        if (*end != '\0')
            return std::nullopt;
        return ir::bitsToFloat(uint64_t(bits), eval::elemName(e));
    }
    const double v = std::strtod(s.c_str(), &end);
    if (*end != '\0')
        return std::nullopt;
    return v;
}

// The shortest text that reads back as `n` in its element type.
std::string numText(const Num& n)
{
    if (!n.isFloat())
        return std::to_string(n.i);
    if (std::isnan(n.f))
        return "NaN";
    if (std::isinf(n.f))
        return n.f > 0 ? "inf" : "-inf";
    char buf[40];
    if (n.f == std::trunc(n.f) && std::fabs(n.f) < 1e15) {
        std::snprintf(buf, sizeof buf, "%.0f", n.f); // 100, not 1e+02; -0 stays -0
        return buf;
    }
    for (int p = 1; p <= 17; ++p) {
        std::snprintf(buf, sizeof buf, "%.*g", p, n.f);
        const double back = eval::roundTo(std::strtod(buf, nullptr), n.e);
        if (back == n.f && std::signbit(back) == std::signbit(n.f))
            break;
    }
    return buf;
}

bool isUnsignedOp(const GOp& o)
{
    const GAttr* s = findAttr(o, "signedness");
    return (s && s->value == "unsigned") || findAttr(o, "unsignedCmp");
}

bool isTranscendental(OpId n)
{
    return isOneOf(n, {OpId::Exp, OpId::Exp2, OpId::Log, OpId::Log2, OpId::Rsqrt, OpId::TanH,
                       OpId::Sin, OpId::Cos, OpId::Tan, OpId::SinH, OpId::CosH, OpId::Pow,
                       OpId::Atan2});
}

// Loads whose two sides read the same memory where the matching pairs them.
bool isLoad(OpId n)
{
    return n == OpId::LoadViewTko || n == OpId::LoadPtrTko;
}

// A view's tile may reach past the tensor's extent (an extent not a known multiple of the
// tile, a dim_map): its lanes there hold the padding value (or nothing), not the loaded one.
bool tileMayReachPast(std::string_view viewType)
{
    const size_t t = viewType.find("tile=(");
    const size_t tv = viewType.find("tensor_view<");
    if (t == std::string_view::npos || tv == std::string_view::npos ||
        viewType.find("dim_map") != std::string_view::npos)
        return true;
    const size_t tEnd = viewType.find(')', t);
    const size_t tvEnd = viewType.find_first_of(",>", tv);
    if (tEnd == std::string_view::npos || tvEnd == std::string_view::npos)
        return true;
    const std::vector<int64_t> tile =
        dimsOfType("tile<" + std::string(viewType.substr(t + 6, tEnd - t - 6)) + "xf32>");
    const std::vector<int64_t> extent =
        dimsOfType("tile<" + std::string(viewType.substr(tv + 12, tvEnd - tv - 12)) + ">");
    if (tile.empty() || tile.size() != extent.size())
        return true; // "?" extents read as no dimensions
    for (size_t k = 0; k < tile.size(); ++k)
        if (tile[k] < 1 || extent[k] % tile[k] != 0)
            return true;
    return false;
}

struct Leaf
{
    int refValue = -1;
    std::string name;
    Elem e = Elem::None;
    bool tile = false; // more than one element: "(every element)"
    // A view load's tile whose last dimension is even and reads distinct memory along it: it
    // may hold two values alternating along that dimension (lane 0 at even positions, lane 1
    // at odd ones).
    bool patternable = false;
};

// A partition view whose tile's last dimension walks the tensor's last dimension with stride 1
// (no dim_map): the elements along it are distinct memory, so any content is a real one.
// Its other strides are even (or given at run time, where an even one may be chosen): an
// element's address has the parity of its position along the last dimension, so two positions
// of the tile that share memory share their lane too.
bool lastStrideOne(std::string_view viewType)
{
    if (viewType.rfind("partition_view<", 0) != 0 ||
        viewType.find("dim_map") != std::string_view::npos)
        return false;
    const size_t at = viewType.find("strides=[");
    const size_t end = at == std::string_view::npos ? at : viewType.find(']', at);
    if (end == std::string_view::npos || viewType.substr(end, 2) != "]>")
        return false;
    std::string_view strides = viewType.substr(at + 9, end - at - 9); // "?,64,1"
    const size_t last = strides.rfind(',');
    if (strides.substr(last == std::string_view::npos ? 0 : last + 1) != "1")
        return false;
    while (last != std::string_view::npos && !strides.empty()) {
        const size_t comma = strides.find(',');
        if (comma == std::string_view::npos)
            break; // the last stride, 1
        const std::string stride(strides.substr(0, comma));
        strides.remove_prefix(comma + 1);
        char* stop = nullptr;
        const long long n = std::strtoll(stride.c_str(), &stop, 10);
        if (stride != "?" && (stride.empty() || *stop != '\0' || n % 2 != 0))
            return false;
    }
    return true;
}

// Two numbers are the same lane content: NaN equals NaN, -0 differs from +0.
bool sameNum(const Num& a, const Num& b)
{
    if (a.e != b.e)
        return false;
    if (!a.isFloat())
        return a.i == b.i;
    return (std::isnan(a.f) && std::isnan(b.f)) ||
           (a.f == b.f && std::signbit(a.f) == std::signbit(b.f));
}

// The last dimension of a tile type where it is even (an alternating pattern fits), else 0.
int64_t evenLastDim(std::string_view type)
{
    const std::vector<int64_t> dims = dimsOfType(type);
    return !dims.empty() && dims.back() >= 2 && dims.back() % 2 == 0 ? dims.back() : 0;
}

// Significand bits of a float format (24 for f32), from its rounding.
int precisionOf(Elem e)
{
    for (int p = 1; p < 64; ++p)
        if (eval::roundTo(1 + std::ldexp(1.0, -p), e) == 1)
            return p;
    return 64;
}

// The exponent of the lowest set bit of a finite non-zero x (x is a multiple of 2^result).
int lowestBitExponent(double x)
{
    int ex = 0;
    const double m = std::frexp(std::fabs(x), &ex); // x = m * 2^ex, m in [0.5, 1)
    auto bits = uint64_t(std::ldexp(m, 53));
    int low = ex - 53;
    while (bits != 0 && (bits & 1) == 0) {
        bits >>= 1;
        ++low;
    }
    return low;
}

// How often a for runs from `lower` to `upper` by `step` (> 0), its bounds `bits`-bit integers
// compared as the loop compares them (eval/Interpreter.cpp: unsignedCmp, and an induction
// variable that wraps ends it): 0, 1, or 2 for two or more.
int tripsUpToTwo(int64_t lower, int64_t upper, int64_t step, int bits, bool unsignedCmp)
{
    auto less = [bits, unsignedCmp](int64_t a, int64_t b) {
        return unsignedCmp ? eval::toUnsigned(a, bits) < eval::toUnsigned(b, bits)
                           : eval::toSigned(a, bits) < eval::toSigned(b, bits);
    };
    if (!less(lower, upper))
        return 0;
    const int64_t next = eval::wrapInt(uint64_t(lower) + uint64_t(step), bits);
    return less(next, lower) || !less(next, upper) ? 1 : 2;
}

bool comparesUnsigned(const GOp& loop)
{
    return findAttr(loop, "unsignedCmp") || findAttr(loop, "unsigned_cmp");
}

// What the evaluator knows of a condition at its inputs.
enum class Known
{
    Yes,
    No,
    Unsure
};

class Evaluator
{
public:
    Evaluator(const GFunction& R, const GFunction& G, const OpMatching& m, int64_t& spent)
        : R(R), G(G), M(m), m_spent(spent)
    {
    }

    // The finding alone (issue 30 item 2): the reference's value `refValue` replaced by the
    // generated `genValue`, where only the generated values in `own` (the finding's ops) and
    // those of the generated side only are computed on the generated side; every other
    // generated value is its reference counterpart's, so no other difference of the pair (an
    // op changed elsewhere) can contribute.
    void setFinding(int refValue, int genValue, std::set<int> own)
    {
        m_patchRef = R.values[size_t(refValue)].canon;
        m_patchGen = G.values[size_t(genValue)].canon;
        m_own = std::move(own);
        m_own.insert(m_patchGen);
    }

    // Lane 0 of each input, and lane 1 where an input alternates two values (see Leaf).
    void setInputs(std::vector<double> inputs, double approxScale,
                   std::vector<double> secondLane = {})
    {
        if (secondLane.empty())
            secondLane = inputs;
        if (!m_fresh && inputs == m_inputs && secondLane == m_secondLane &&
            approxScale == m_scale) {
            m_lane = 0;
            return; // the values computed stay valid
        }
        m_fresh = false;
        m_inputs = std::move(inputs);
        m_secondLane = std::move(secondLane);
        m_patterned = m_secondLane != m_inputs;
        m_lane = 0;
        m_scale = approxScale;
        for (auto* memo : {&m_memo, &m_patchedMemo}) {
            (*memo)[Side::Reference].clear();
            (*memo)[Side::Generated].clear();
        }
        m_nodes = 0;
    }

    // Lanes the inputs set: 1, or 2 where some input alternates two values.
    int lanes() const { return m_patterned ? 2 : 1; }
    // The lane value() computes (0 without a pattern).
    void setLane(int lane) { m_lane = m_patterned ? lane : 0; }

    // Value v in lane `lane` (0 without a pattern).
    std::optional<Num> valueInLane(Side side, int v, int lane)
    {
        if (!m_patterned || lane == m_lane)
            return value(side, v);
        const int saved = m_lane;
        m_lane = lane;
        std::optional<Num> out = value(side, v);
        m_lane = saved;
        return out;
    }

    std::optional<Num> value(Side side, int v)
    {
        const GFunction& f = fn(side);
        const int cv = f.values[size_t(v)].canon;
        // A loop's block argument is not kept: each read notes its loop where it is read.
        const GValue& canonical = f.values[size_t(cv)];
        const bool blockArgument = canonical.def < 0 && canonical.region > 0;
        const int c = cv * 2 + m_lane;
        auto& memo = (m_patched ? m_patchedMemo : m_memo)[side];
        if (!blockArgument) {
            if (auto it = memo.find(c); it != memo.end())
                return it->second;
            if (++m_nodes > kMaxNodes || ++m_spent > kMaxNodesPerFinding)
                return std::nullopt;
        }
        std::optional<Num> out;
        if (m_patched && side == Side::Reference && cv == m_patchRef)
            out = value(Side::Generated, m_patchGen);
        else if (m_patched && side == Side::Generated && !m_own.count(cv)) {
            // A value of the generated side only (the negf an operand now reads) is the
            // generated one: the finding's operand, computed on the reference's values.
            const int ref = M.genValToRef[size_t(cv)];
            out = ref >= 0 ? value(Side::Reference, ref) : compute(side, cv);
        } else
            out = compute(side, cv);
        if (out && !blockArgument)
            memo.emplace(c, *out);
        return out;
    }

    // `v` in the reference with only the finding changed (setFinding).
    std::optional<Num> patched(Side side, int v)
    {
        if (m_patchRef < 0)
            return std::nullopt;
        m_patched = true;
        std::optional<Num> out = value(side, v);
        m_patched = false;
        return out;
    }

    bool overBudget() const { return m_spent > kMaxNodesPerFinding; }

    // Whether op `o` runs at the inputs (in the first iteration of the loops around it): every
    // for around it runs at least once, every if around it takes its region. Known::No where
    // one does not; Known::Unsure where a bound or condition is not modelled. `extended`: the
    // answer read an integer argument or the block id.
    Known runs(Side side, int o, bool& extended)
    {
        const GFunction& f = fn(side);
        for (int region = f.ops[size_t(o)].region; region >= 0;) {
            const GRegion& r = f.regions[size_t(region)];
            if (r.parentOp < 0)
                return Known::Yes;
            const GOp& p = f.ops[size_t(r.parentOp)];
            std::vector<Num> in;
            for (size_t k = 0; k < (p.id == OpId::For ? 3 : p.id == OpId::If ? 1 : 0); ++k) {
                const auto n = value(side, p.operands[k]);
                if (!n || n->isFloat() || n->ranged || n->perLane)
                    return Known::Unsure;
                extended = extended || n->extended;
                in.push_back(*n);
            }
            if (p.id == OpId::For) {
                const int bits = eval::intBits(in[0].e);
                const int64_t step = eval::toSigned(in[2].i, bits);
                if (step <= 0)
                    return Known::Unsure;
                if (tripsUpToTwo(in[0].i, in[1].i, step, bits, comparesUnsigned(p)) == 0)
                    return Known::No;
            } else if (p.id == OpId::If) {
                if ((in[0].i != 0) != (r.index == 0))
                    return Known::No; // the region the condition does not take
            } else if (p.id != OpId::Loop) {
                return Known::Unsure;
            }
            region = p.region;
        }
        return Known::Yes;
    }

    // Whether mask `v` holds on every element: Known::No where it is false on some (modelled,
    // or decided per element), Known::Unsure where it is not modelled.
    Known holds(Side side, int v, bool& extended)
    {
        const auto k = value(side, v);
        if (!k)
            return Known::Unsure;
        if (k->ranged || k->perLane || k->i == 0)
            return Known::No;
        extended = extended || k->extended;
        return Known::Yes;
    }

    const std::vector<Leaf>& leaves() const { return m_leaves; }
    // Loops whose first iteration the values were taken in (reference lines, or generated).
    const std::set<std::string>& firstIterations() const { return m_firstIterations; }
    // The value integer entry arguments take (kIntegerArguments).
    void setIntegerArgument(int64_t x)
    {
        m_integerArgument = x;
        setInputs(m_inputs, m_scale, m_secondLane);
    }
    int64_t integerArgument() const { return m_integerArgument; }
    // Integer entry arguments read, all at integerArgument(); whether the block id was read.
    const std::set<int>& integerArguments() const { return m_integerArguments; }
    bool firstBlock() const { return m_firstBlock; }
    const std::set<std::string>& extraIterations() const { return m_extraIterations; }

private:
    const GFunction& fn(Side side) const { return side == Side::Generated ? G : R; }

    std::optional<Num> compute(Side side, int c)
    {
        const GFunction& f = fn(side);
        const GValue& v = f.values[size_t(c)];
        const Elem e = elemOfType(v.typeText);
        if (e == Elem::None || e == Elem::Ptr)
            return std::nullopt;
        if (v.def < 0)
            return blockArgument(side, c, e);
        const GOp& o = f.ops[size_t(v.def)];
        if (isLoad(o.id))
            return leaf(side, c, e);
        if (o.id == OpId::GetTileBlockId && eval::isIntElem(e)) { // the first block, (0, 0, 0)
            m_firstBlock = true;
            Num out{0, 0, e, false, false};
            out.extended = true;
            return out;
        }
        if (o.id == OpId::For)
            return loopResult(side, o, v.index);
        if (o.results.size() != 1)
            return std::nullopt;
        return op(side, o, e);
    }

    // An entry argument is an input (a specialised one the reference's constant); a loop's
    // iteration value is its initial value: the first iteration is an input like any other.
    std::optional<Num> blockArgument(Side side, int c, Elem e)
    {
        const GFunction& f = fn(side);
        const GValue& v = f.values[size_t(c)];
        if (v.region < 0)
            return std::nullopt;
        const int parent = f.regions[size_t(v.region)].parentOp;
        if (parent < 0) {
            if (side == Side::Generated) {
                for (const auto& [arg, bits] : G.specialisedFloats)
                    if (G.values[size_t(arg)].canon == c) {
                        double d = 0;
                        static_assert(sizeof d == sizeof bits);
                        std::memcpy(&d, &bits, sizeof d);
                        return Num{eval::roundTo(d, e), 0, e, false, false};
                    }
                for (const auto& [arg, k] : G.specialisedArgs)
                    if (G.values[size_t(arg)].canon == c && eval::isIntElem(e))
                        return Num{0, eval::wrapInt(uint64_t(k), eval::intBits(e)), e, false,
                                   false};
            }
            return leaf(side, c, e);
        }
        const GOp& p = f.ops[size_t(parent)];
        if (p.id != OpId::For || p.regions.empty() || p.regions[0] != v.region ||
            size_t(3 + v.index - 1) >= p.operands.size())
            return std::nullopt;
        const auto lower = knownInt(side, p.operands[0]), upper = knownInt(side, p.operands[1]);
        const int bits = eval::intBits(elemOfType(f.values[size_t(p.operands[0])].typeText));
        if (!lower || !upper || bits <= 0 ||
            tripsUpToTwo(*lower, *upper, 1, bits, comparesUnsigned(p)) == 0)
            return std::nullopt; // a loop that may never run has no first iteration
        // Bounds known through an integer argument: the witness names it.
        const auto lo = value(side, p.operands[0]), hi = value(side, p.operands[1]);
        const bool boundsExtended = (lo && lo->extended) || (hi && hi->extended);
        // Read through a loop's result, or the induction variable: a note of the extensions.
        const bool extra = v.index < 1 || m_loopDepth > 0;
        (extra ? m_extraIterations : m_firstIterations)
            .insert("the for at " +
                    std::string(side == Side::Reference ? "reference" : "generated") + " line " +
                    std::to_string(p.line));
        // The induction variable starts at the lower bound.
        auto out = value(side, p.operands[v.index < 1 ? 0 : size_t(3 + v.index - 1)]);
        if (out && (v.index < 1 || boundsExtended))
            out->extended = true;
        return out;
    }

    // Result `index` of a for whose bounds the inputs decide: its initial value where the loop
    // runs no iteration, the body's continued value where it runs one (that iteration is the
    // first); more iterations are not modelled.
    std::optional<Num> loopResult(Side side, const GOp& loop, int index)
    {
        const size_t init = size_t(3 + index);
        if (loop.operands.size() < init + 1 || loop.regions.size() != 1)
            return std::nullopt;
        int64_t bound[3] = {0, 0, 0}; // lower, upper, step
        int bits = 0;
        for (size_t k = 0; k < 3; ++k) {
            const auto b = value(side, loop.operands[k]);
            if (!b || b->isFloat() || b->ranged)
                return std::nullopt;
            bits = eval::intBits(b->e);
            bound[k] = eval::toSigned(b->i, bits);
        }
        if (bound[2] <= 0)
            return std::nullopt;
        const int trips = tripsUpToTwo(bound[0], bound[1], bound[2], bits, comparesUnsigned(loop));
        std::optional<Num> out;
        ++m_loopDepth;
        if (trips == 0)
            out = value(side, loop.operands[init]);
        else
            out = loopIteration(side, loop, index, trips == 1);
        --m_loopDepth;
        if (out)
            out->extended = true;
        return out;
    }

    // The body's continued value `index` in the first iteration, where it is the only one.
    std::optional<Num> loopIteration(Side side, const GOp& loop, int index, bool once)
    {
        const GFunction& f = fn(side);
        if (!once)
            return std::nullopt; // two or more iterations
        const GRegion& body = f.regions[size_t(loop.regions[0])];
        if (body.ops.empty())
            return std::nullopt;
        const GOp& next = f.ops[size_t(body.ops.back())];
        if (next.id != OpId::Continue || size_t(index) >= next.operands.size())
            return std::nullopt;
        return value(side, next.operands[size_t(index)]);
    }

    // An integer the kernel fixes: a constant, or an entry argument specialised to one.
    std::optional<int64_t> knownInt(Side side, int v)
    {
        const int c = fn(side).values[size_t(v)].canon;
        const Elem e = elemOfType(fn(side).values[size_t(c)].typeText);
        if (!eval::isIntElem(e))
            return std::nullopt;
        if (const auto n = value(side, c); n && !n->isFloat())
            return eval::toSigned(n->i, eval::intBits(n->e));
        const int g = side == Side::Generated ? c : M.refValToGen[size_t(c)];
        for (const auto& [arg, k] : G.specialisedArgs)
            if (g >= 0 && G.values[size_t(arg)].canon == g)
                return eval::toSigned(eval::wrapInt(uint64_t(k), eval::intBits(e)),
                                      eval::intBits(e));
        return std::nullopt;
    }

    // A value both sides share: the same load, or the same entry argument.
    std::optional<Num> leaf(Side side, int c, Elem e)
    {
        if (eval::isIntElem(e))
            return integerArgument(side, c, e);
        if (!eval::isFloatElem(e) || !eval::isModelledFloat(e))
            return std::nullopt;
        const int refId = side == Side::Generated ? M.genValToRef[size_t(c)] : c;
        if (refId < 0)
            return std::nullopt;
        const int genId = M.refValToGen[size_t(refId)];
        if (genId < 0 || (side == Side::Generated && G.values[size_t(genId)].canon != c))
            return std::nullopt;
        const GValue& rv = R.values[size_t(refId)];
        const GValue& gv = G.values[size_t(genId)];
        if (rv.typeText != gv.typeText || (rv.def < 0) != (gv.def < 0))
            return std::nullopt;
        bool masked = false, distinct = false, wholeByMask = false;
        std::string name;
        if (rv.def < 0) {
            if (rv.region != 0 || gv.region != 0)
                return std::nullopt;
            name = "argument " + std::to_string(rv.index);
        } else {
            const GOp& a = R.ops[size_t(rv.def)];
            const GOp& b = G.ops[size_t(gv.def)];
            if (!sameOp(a, b) || !isLoad(a.id) || rv.index != 0 || gv.index != 0)
                return std::nullopt;
            if ((a.id == OpId::LoadViewTko && tileInside(Side::Reference, a, 0) == Known::No) ||
                (b.id == OpId::LoadViewTko && tileInside(Side::Generated, b, 0) == Known::No))
                return std::nullopt; // its tile lies past the tensor: padding, not memory
            name = std::string(a.name) + " at reference line " + std::to_string(a.line);
            masked = (a.id == OpId::LoadPtrTko && !maskTrue(Side::Reference, a)) ||
                     (b.id == OpId::LoadPtrTko && !maskTrue(Side::Generated, b)) ||
                     (paddedView(R, a) && !insideByExtents(Side::Reference, a)) ||
                     (paddedView(G, b) && !insideByExtents(Side::Generated, b));
            wholeByMask = !masked && (a.id == OpId::LoadPtrTko || b.id == OpId::LoadPtrTko ||
                                      paddedView(R, a) || paddedView(G, b));
            distinct = !masked && !a.operands.empty() && !b.operands.empty() &&
                       lastStrideOne(R.values[size_t(a.operands[0])].typeText) &&
                       lastStrideOne(G.values[size_t(b.operands[0])].typeText);
        }
        size_t k = 0;
        while (k < m_leaves.size() && m_leaves[k].refValue != refId)
            ++k;
        if (k == m_leaves.size()) {
            if (m_leaves.size() >= kMaxLeaves)
                return std::nullopt;
            m_leaves.push_back({refId, name, e, !singleElement(rv.typeText),
                                distinct && evenLastDim(rv.typeText) > 0});
        }
        const std::vector<double>& lane = m_lane == 0 ? m_inputs : m_secondLane;
        const double x = k < lane.size() ? lane[k] : 0.5;
        Num out{eval::roundTo(x, e), 0, e, false, masked};
        out.extended = wholeByMask;
        return out;
    }

    // A view load whose tile may reach past the extent: its lanes are not all equal, so a
    // reduction (or mma) of it is not the uniform one.
    static bool paddedView(const GFunction& f, const GOp& load)
    {
        return load.id == OpId::LoadViewTko &&
               (load.operands.empty() ||
                tileMayReachPast(f.values[size_t(load.operands[0])].typeText));
    }

    // A view load whose tensor's dynamic extents (make_tensor_view's shape operands, at the
    // inputs: integer arguments) are multiples of its tile: no tile reaches past them.
    bool insideByExtents(Side side, const GOp& load)
    {
        if (load.id != OpId::LoadViewTko || load.operands.empty())
            return false;
        const auto shape = viewShape(side, load.operands[0]);
        if (!shape)
            return false;
        for (size_t k = 0; k < shape->tile.size(); ++k)
            if (shape->extent[k] < shape->tile[k] || shape->extent[k] % shape->tile[k] != 0)
                return false;
        return true;
    }

    // A partition view's tile and its tensor's extents (make_tensor_view's dynamic shape
    // operands at the inputs), one per dimension; nullopt where one is not known.
    struct ViewShape
    {
        std::vector<int64_t> tile, extent;
    };
    std::optional<ViewShape> viewShape(Side side, int viewValue)
    {
        const GFunction& f = fn(side);
        const std::string_view type = f.values[size_t(viewValue)].typeText;
        const size_t t = type.find("tile=("), tv = type.find("tensor_view<");
        if (t == std::string_view::npos || tv == std::string_view::npos ||
            type.find("dim_map") != std::string_view::npos)
            return std::nullopt;
        const size_t tEnd = type.find(')', t), tvEnd = type.find_first_of(",>", tv);
        if (tEnd == std::string_view::npos || tvEnd == std::string_view::npos)
            return std::nullopt;
        ViewShape out;
        out.tile = dimsOfType("tile<" + std::string(type.substr(t + 6, tEnd - t - 6)) + "xf32>");
        std::string_view extents = type.substr(tv + 12, tvEnd - tv - 12); // "?x?xbf16"
        const GValue& view = f.values[size_t(f.values[size_t(viewValue)].canon)];
        if (view.def < 0 || f.ops[size_t(view.def)].id != OpId::MakePartitionView ||
            f.ops[size_t(view.def)].operands.empty())
            return std::nullopt;
        const GValue& tensor =
            f.values[size_t(f.values[size_t(f.ops[size_t(view.def)].operands[0])].canon)];
        if (tensor.def < 0 || f.ops[size_t(tensor.def)].id != OpId::MakeTensorView)
            return std::nullopt;
        const GOp& make = f.ops[size_t(tensor.def)];
        size_t next = 1; // the dynamic extents follow the base pointer
        for (size_t k = 0; k < out.tile.size(); ++k) {
            const size_t x = extents.find('x');
            if (x == std::string_view::npos || out.tile[k] < 1)
                return std::nullopt;
            const std::string dim(extents.substr(0, x));
            extents.remove_prefix(x + 1);
            int64_t extent = 0;
            if (dim == "?") {
                if (next >= make.operands.size())
                    return std::nullopt;
                const auto n = value(side, make.operands[next++]);
                if (!n || n->isFloat() || n->ranged)
                    return std::nullopt;
                extent = eval::toSigned(n->i, eval::intBits(n->e));
            } else {
                extent = std::strtoll(dim.c_str(), nullptr, 10);
            }
            out.extent.push_back(extent);
        }
        if (out.tile.empty() || extents.find('x') != std::string_view::npos)
            return std::nullopt; // as many extents as tile dims
        return out;
    }

public:
    // Whether the tile a view load or store `o` addresses (its view operand `viewOperand`, the
    // tile indices after it) starts inside the tensor: Known::No where an index is negative or
    // past the extent (a load reads padding there, a store writes nothing), Known::Unsure where
    // an index or extent is not modelled.
    Known tileInside(Side side, const GOp& o, size_t viewOperand)
    {
        const GFunction& f = fn(side);
        if (viewOperand >= o.operands.size())
            return Known::Unsure;
        const auto shape = viewShape(side, o.operands[viewOperand]);
        if (!shape)
            return Known::Unsure;
        size_t k = 0;
        for (size_t x = viewOperand + 1; x < o.operands.size() && k < shape->tile.size(); ++x) {
            if (!eval::isIntElem(elemOfType(f.values[size_t(o.operands[x])].typeText)))
                continue;
            const auto n = value(side, o.operands[x]);
            if (!n || n->isFloat() || n->ranged)
                return Known::Unsure;
            const int64_t index = eval::toSigned(n->i, eval::intBits(n->e));
            if (index < 0 || (shape->extent[k] >= 0 &&
                              index >= (shape->extent[k] + shape->tile[k] - 1) / shape->tile[k]))
                return Known::No;
            ++k;
        }
        return k == shape->tile.size() ? Known::Yes : Known::Unsure;
    }

private:
    // A pointer load's masks (its i1 operands) are true on every element.
    bool maskTrue(Side side, const GOp& load)
    {
        const GFunction& f = fn(side);
        bool any = false;
        for (size_t k = 1; k < load.operands.size(); ++k) {
            if (elemOfType(f.values[size_t(load.operands[k])].typeText) != Elem::I1)
                continue;
            any = true;
            const auto m = value(side, load.operands[k]);
            if (!m || m->ranged || m->i == 0)
                return false;
        }
        return any;
    }

    // Every assume on value c of side `side` (div_by<N>, bounded<lo, hi>) holds for x; any
    // other assumption fails.
    bool assumesHold(Side side, int c, int64_t x) const
    {
        const GFunction& f = fn(side);
        for (const GOp& o : f.ops) {
            if (!o.assume || o.operands.empty() || f.values[size_t(o.operands[0])].canon != c)
                continue;
            for (const GAttr& a : o.attrs) {
                if (a.name != "assumption")
                    continue;
                const std::string_view t = a.value;
                const size_t lt = t.find('<'), gt = t.rfind('>');
                if (lt == std::string_view::npos || gt == std::string_view::npos || gt < lt)
                    return false;
                const std::string kind(t.substr(0, lt));
                const std::string args(t.substr(lt + 1, gt - lt - 1));
                const size_t comma = args.find(',');
                if (kind == "div_by" && comma == std::string::npos) {
                    const long long n = std::strtoll(args.c_str(), nullptr, 10);
                    if (n < 1 || x % n != 0)
                        return false;
                } else if (kind == "bounded" && comma != std::string::npos) {
                    const std::string lo = args.substr(0, comma), hi = args.substr(comma + 1);
                    if (lo.find('?') == std::string::npos &&
                        x < std::strtoll(lo.c_str(), nullptr, 10))
                        return false;
                    if (hi.find('?') == std::string::npos &&
                        x > std::strtoll(hi.c_str(), nullptr, 10))
                        return false;
                } else {
                    return false;
                }
            }
        }
        return true;
    }

    // An integer entry argument both sides take: m_integerArgument where every assume of
    // either side on it allows that.
    std::optional<Num> integerArgument(Side side, int c, Elem e)
    {
        const int refId = side == Side::Generated ? M.genValToRef[size_t(c)] : c;
        if (refId < 0)
            return std::nullopt;
        const int genId = M.refValToGen[size_t(refId)];
        if (genId < 0 || (side == Side::Generated && G.values[size_t(genId)].canon != c))
            return std::nullopt;
        const GValue& rv = R.values[size_t(refId)];
        const GValue& gv = G.values[size_t(genId)];
        if (rv.typeText != gv.typeText || rv.def >= 0 || gv.def >= 0 || rv.region != 0 ||
            gv.region != 0 || eval::intBits(e) < 32)
            return std::nullopt;
        for (const auto& [arg, k] : G.specialisedArgs) // the reference's constant
            if (G.values[size_t(arg)].canon == gv.canon)
                return Num{0, eval::wrapInt(uint64_t(k), eval::intBits(e)), e, false, false};
        if (!assumesHold(Side::Reference, rv.canon, m_integerArgument) ||
            !assumesHold(Side::Generated, gv.canon, m_integerArgument))
            return std::nullopt;
        m_integerArguments.insert(rv.index);
        Num out{0, m_integerArgument, e, false, false};
        out.extended = true;
        return out;
    }

    // opOf, extended where an operand is.
    std::optional<Num> op(Side side, const GOp& o, Elem e)
    {
        std::optional<Num> out = opOf(side, o, e);
        if (out && !out->extended && o.id != OpId::Constant && o.id != OpId::Reduce)
            for (int x : o.operands) {
                const auto a = value(side, x);
                if (a && a->extended) {
                    out->extended = true;
                    break;
                }
            }
        return out;
    }

    std::optional<Num> opOf(Side side, const GOp& o, Elem e)
    {
        const OpId n = o.id;
        std::vector<Num> in;
        in.reserve(o.operands.size());
        if (n != OpId::Constant && n != OpId::Reduce)
            for (int x : o.operands) {
                auto a = value(side, x);
                if (!a)
                    return std::nullopt;
                in.push_back(*a);
            }
        bool approx = false, perLane = false, ranged = false;
        for (const Num& a : in) {
            approx = approx || a.approx;
            perLane = perLane || a.perLane;
            ranged = ranged || a.ranged;
        }
        if (n == OpId::Iota)
            return iota(side, o, e);
        // Indices that differ by element: only ops whose range of results is exact read them.
        if (ranged && !isOneOf(n, {OpId::Broadcast, OpId::Reshape, OpId::Permute, OpId::ExtI,
                                   OpId::TruncI, OpId::AddI, OpId::SubI, OpId::MulI, OpId::CmpI}))
            return std::nullopt;
        auto withFlags = [&](Num r) {
            r.approx = r.approx || approx;
            r.perLane = r.perLane || perLane;
            return r;
        };
        switch (n) {
        case OpId::Constant:
            return constant(o, e);
        case OpId::Broadcast:
        case OpId::Reshape:
        case OpId::Permute:
            if (in.size() != 1 || in[0].e != e || !keepsPattern(side, o))
                return std::nullopt;
            return in[0];
        case OpId::Reduce:
            return reduce(side, o, e);
        case OpId::MmaF:
            return mma(side, o, in, e);
        case OpId::CmpF:
            return cmpf(o, in);
        case OpId::Select:
            if (in.size() != 3 || in[0].isFloat() || in[1].e != e || in[2].e != e)
                return std::nullopt;
            return withFlags(in[0].i != 0 ? in[1] : in[2]);
        case OpId::FToF:
        case OpId::IToF:
        case OpId::FToI:
            if (in.size() != 1)
                return std::nullopt;
            if (auto r = convert(o, in[0], e))
                return withFlags(*r);
            return std::nullopt;
        default:
            break;
        }
        if (eval::isIntElem(e))
            return integer(o, in, e);
        if (auto r = floatOp(o, in, e))
            return withFlags(*r);
        return std::nullopt;
    }

    std::optional<Num> constant(const GOp& o, Elem e) const
    {
        const GAttr* a = findAttr(o, "value");
        if (!a)
            return std::nullopt;
        if (eval::isIntElem(e)) {
            const auto k = splatInt(a->value);
            if (!k)
                return std::nullopt;
            return Num{0, eval::wrapInt(uint64_t(*k), eval::intBits(e)), e, false, false};
        }
        const std::string_view s = splatScalar(a->value); // "<f32: 1.0>"
        const size_t colon = s.find(':');
        if (!eval::isModelledFloat(e) || colon == std::string_view::npos || s.size() < 3)
            return std::nullopt;
        const auto x = floatLiteral(s.substr(colon + 1, s.size() - colon - 2), e);
        if (!x)
            return std::nullopt;
        return Num{eval::roundTo(*x, e), 0, e, false, false};
    }

    // The rounding mode of an op; approx (and full, the non-IEEE "accurate" mode) is set.
    static std::optional<Rounding> roundingOf(const GOp& o, bool& approx)
    {
        const GAttr* r = findAttr(o, "rounding");
        const std::string_view mode = r ? r->value : std::string_view("nearest_even");
        if (mode == "nearest_even")
            return Rounding::NearestEven;
        if (mode == "zero")
            return Rounding::Zero;
        if (mode == "negative_inf")
            return Rounding::NegativeInf;
        if (mode == "positive_inf")
            return Rounding::PositiveInf;
        if (mode == "approx" || mode == "full") {
            approx = true;
            return Rounding::NearestEven;
        }
        return std::nullopt;
    }

    // Element-wise float ops, as eval/OpsArith.cpp computes them.
    std::optional<Num> floatOp(const GOp& o, const std::vector<Num>& in, Elem e) const
    {
        const OpId n = o.id;
        if (!eval::isModelledFloat(e))
            return std::nullopt;
        for (const Num& a : in)
            if (a.e != e)
                return std::nullopt;
        bool approx = isTranscendental(n);
        const std::optional<Rounding> r = roundingOf(o, approx);
        const bool plain = e == Elem::F64;
        if (!r || (plain && *r != Rounding::NearestEven))
            return std::nullopt;
        const bool ftz = findAttr(o, "flush_to_zero") != nullptr;
        double x[3] = {0, 0, 0};
        const size_t arity =
            isOneOf(n, {OpId::Fma}) ? 3
            : isOneOf(n, {OpId::AddF, OpId::SubF, OpId::MulF, OpId::DivF, OpId::MaxF, OpId::MinF,
                          OpId::RemF, OpId::Pow, OpId::Atan2})
                ? 2
                : 1;
        if (in.size() != arity)
            return std::nullopt;
        for (size_t k = 0; k < arity; ++k)
            x[k] = ftz ? eval::flushDenormal(in[k].f, e) : in[k].f;
        const bool propagateNan = findAttr(o, "propagate_nan") != nullptr;
        double y = 0;
        switch (n) {
        case OpId::AddF:
            y = eval::exactSum(x[0], x[1], plain);
            break;
        case OpId::SubF:
            y = eval::exactSum(x[0], -x[1], plain);
            break;
        case OpId::MulF:
            y = x[0] * x[1];
            break;
        case OpId::DivF:
            y = eval::exactQuotient(x[0], x[1], plain);
            break;
        case OpId::Fma:
            y = eval::exactFma(x[0], x[1], x[2], plain);
            break;
        case OpId::Sqrt:
            y = eval::exactSqrt(x[0], plain);
            break;
        case OpId::MaxF:
            y = eval::minMaxF(x[0], x[1], true, propagateNan);
            break;
        case OpId::MinF:
            y = eval::minMaxF(x[0], x[1], false, propagateNan);
            break;
        case OpId::NegF:
            y = -x[0];
            break;
        case OpId::AbsF:
            y = std::fabs(x[0]);
            break;
        case OpId::Ceil:
            y = std::ceil(x[0]);
            break;
        case OpId::Floor:
            y = std::floor(x[0]);
            break;
        case OpId::RemF:
            y = std::fmod(x[0], x[1]);
            break;
        case OpId::Exp:
            y = std::exp(x[0]);
            break;
        case OpId::Exp2:
            y = std::exp2(x[0]);
            break;
        case OpId::Log:
            y = std::log(x[0]);
            break;
        case OpId::Log2:
            y = std::log2(x[0]);
            break;
        case OpId::Rsqrt:
            y = 1.0 / std::sqrt(x[0]);
            break;
        case OpId::TanH:
            y = std::tanh(x[0]);
            break;
        case OpId::Sin:
            y = std::sin(x[0]);
            break;
        case OpId::Cos:
            y = std::cos(x[0]);
            break;
        case OpId::Tan:
            y = std::tan(x[0]);
            break;
        case OpId::SinH:
            y = std::sinh(x[0]);
            break;
        case OpId::CosH:
            y = std::cosh(x[0]);
            break;
        case OpId::Pow:
            y = std::pow(x[0], x[1]);
            break;
        case OpId::Atan2:
            y = std::atan2(x[0], x[1]);
            break;
        default:
            return std::nullopt;
        }
        if (approx)
            y *= m_scale; // where the hardware's approximation may land
        return Num{eval::roundTo(y, e, *r, ftz), 0, e, approx, false};
    }

    static std::optional<Num> cmpf(const GOp& o, const std::vector<Num>& in)
    {
        if (in.size() != 2 || !in[0].isFloat() || in[0].e != in[1].e)
            return std::nullopt;
        const GAttr* p = findAttr(o, "predicate");
        const GAttr* ord = findAttr(o, "ordering");
        const std::string_view pred = p ? p->value : std::string_view();
        const bool ordered = !ord || ord->value != "unordered";
        const std::optional<bool> r = eval::compareFloats(pred, ordered, in[0].f, in[1].f);
        if (!r)
            return std::nullopt;
        return Num{0, *r ? 1 : 0, Elem::I1, in[0].approx || in[1].approx,
                   in[0].perLane || in[1].perLane};
    }

    // ftof, itof, ftoi as eval/OpsArith.cpp computes them.
    static std::optional<Num> convert(const GOp& o, const Num& a, Elem e)
    {
        bool approx = false;
        const std::optional<Rounding> r = roundingOf(o, approx);
        if (o.id == OpId::FToF) {
            if (!a.isFloat() || !eval::isModelledFloat(a.e) || !eval::isModelledFloat(e) || !r ||
                approx)
                return std::nullopt;
            const bool ftz = findAttr(o, "flush_to_zero") != nullptr;
            return Num{eval::roundTo(a.f, e, *r, ftz), 0, e, false, false};
        }
        if (o.id == OpId::IToF) {
            if (a.isFloat() || !eval::isModelledFloat(e) || e == Elem::F64 || !r || approx)
                return std::nullopt;
            const int bits = eval::intBits(a.e);
            const long double exact = isUnsignedOp(o) ? (long double)eval::toUnsigned(a.i, bits)
                                                      : (long double)eval::toSigned(a.i, bits);
            const double d = double(exact);
            return Num{eval::roundTo(eval::nudge(d, double(exact - (long double)d)), e, *r), 0, e,
                       false, false};
        }
        if (!a.isFloat() || !eval::isIntElem(e)) // ftoi: rounds toward zero, saturates
            return std::nullopt;
        const bool sgn = !isUnsignedOp(o);
        const int bits = eval::intBits(e);
        const double lo = sgn ? double(eval::minSigned(bits)) : 0.0;
        const double hi = sgn ? double(eval::maxSigned(bits)) : std::ldexp(1.0, bits) - 1;
        const double x = std::trunc(a.f);
        int64_t out = 0;
        if (std::isnan(x))
            out = 0;
        else if (x <= lo)
            out = sgn ? eval::minSigned(bits) : 0;
        else if (x >= hi)
            out = sgn ? eval::maxSigned(bits) : eval::wrapInt(~uint64_t(0), bits);
        else
            out = eval::wrapInt(uint64_t(int64_t(x)), bits);
        return Num{0, out, e, false, false};
    }

    // iota of a 1-D tile: 0 .. n-1.
    std::optional<Num> iota(Side side, const GOp& o, Elem e) const
    {
        const GFunction& f = fn(side);
        const std::vector<int64_t> dims = dimsOfType(f.values[size_t(o.results[0])].typeText);
        if (!eval::isIntElem(e) || dims.size() != 1 || dims[0] < 1 ||
            dims[0] - 1 > eval::maxSigned(eval::intBits(e)))
            return std::nullopt;
        Num out{0, 0, e, false, false};
        out.extended = true;
        out.ranged = dims[0] > 1;
        out.hi = dims[0] - 1;
        return out;
    }

    // An integer op reading an index range: the range of its results where no element wraps,
    // a comparison where it decides every element alike.
    static std::optional<Num> rangedInteger(const GOp& o, const std::vector<Num>& in, Elem e)
    {
        const bool u = isUnsignedOp(o);
        std::vector<std::pair<int64_t, int64_t>> r;
        for (const Num& a : in) {
            if (a.isFloat())
                return std::nullopt;
            const int64_t x = eval::toSigned(a.i, eval::intBits(a.e));
            r.push_back(a.ranged ? std::make_pair(a.lo, a.hi) : std::make_pair(x, x));
            if (u && r.back().first < 0)
                return std::nullopt; // unsigned meaning of a negative: not the same order
        }
        if (o.id == OpId::CmpI) {
            const GAttr* p = findAttr(o, "predicate");
            const std::string_view pred = p ? p->value : std::string_view();
            if (r.size() != 2)
                return std::nullopt;
            const auto [a, b] = r[0];
            const auto [c, d] = r[1];
            std::optional<bool> all;
            if (pred == "less_than")
                all = b < c ? std::optional<bool>(true) : a >= d ? std::optional<bool>(false) : all;
            else if (pred == "less_than_or_equal")
                all = b <= c ? std::optional<bool>(true) : a > d ? std::optional<bool>(false) : all;
            else if (pred == "greater_than")
                all = a > d ? std::optional<bool>(true) : b <= c ? std::optional<bool>(false) : all;
            else if (pred == "greater_than_or_equal")
                all = a >= d ? std::optional<bool>(true) : b < c ? std::optional<bool>(false) : all;
            if (!all)
                return std::nullopt;
            return Num{0, *all ? 1 : 0, e, false, false};
        }
        int64_t lo = 0, hi = 0;
        if ((o.id == OpId::ExtI || o.id == OpId::TruncI) && r.size() == 1) {
            lo = r[0].first;
            hi = r[0].second;
        } else if (r.size() == 2 && o.id != OpId::ExtI && o.id != OpId::TruncI) {
            const double a = double(r[0].first), b = double(r[0].second);
            const double c = double(r[1].first), d = double(r[1].second);
            if (std::fmax(std::fmax(std::fabs(a), std::fabs(b)),
                          std::fmax(std::fabs(c), std::fabs(d))) > std::ldexp(1.0, 31))
                return std::nullopt; // no int64 overflow below
            if (o.id == OpId::AddI) {
                lo = r[0].first + r[1].first;
                hi = r[0].second + r[1].second;
            } else if (o.id == OpId::SubI) {
                lo = r[0].first - r[1].second;
                hi = r[0].second - r[1].first;
            } else {
                const int64_t p[4] = {r[0].first * r[1].first, r[0].first * r[1].second,
                                      r[0].second * r[1].first, r[0].second * r[1].second};
                lo = *std::min_element(p, p + 4);
                hi = *std::max_element(p, p + 4);
            }
        } else {
            return std::nullopt;
        }
        const int bits = eval::intBits(e);
        if (lo < eval::minSigned(bits) || hi > eval::maxSigned(bits) || (u && lo < 0))
            return std::nullopt; // some element wraps
        Num out{0, eval::wrapInt(uint64_t(lo), bits), e, false, false};
        out.ranged = lo != hi;
        out.lo = lo;
        out.hi = hi;
        return out;
    }

    // The integer ops a float value's select or conversion may read (from constants).
    static std::optional<Num> integer(const GOp& o, const std::vector<Num>& in, Elem e)
    {
        const int bits = eval::intBits(e);
        for (const Num& a : in)
            if (a.isFloat())
                return std::nullopt;
        for (const Num& a : in)
            if (a.ranged)
                return rangedInteger(o, in, e);
        Num out{0, 0, e, false, false};
        for (const Num& a : in) {
            out.approx = out.approx || a.approx;
            out.perLane = out.perLane || a.perLane;
        }
        const bool u = isUnsignedOp(o);
        if ((o.id == OpId::ExtI || o.id == OpId::TruncI) && in.size() == 1) {
            const int from = eval::intBits(in[0].e);
            out.i = o.id == OpId::TruncI || u
                        ? eval::wrapInt(eval::toUnsigned(in[0].i, from), bits)
                        : eval::wrapInt(uint64_t(eval::toSigned(in[0].i, from)), bits);
            return out;
        }
        if (in.size() != 2 || in[0].e != in[1].e)
            return std::nullopt;
        const int w = eval::intBits(in[0].e);
        const uint64_t x = uint64_t(in[0].i), y = uint64_t(in[1].i);
        if (o.id == OpId::CmpI) {
            const GAttr* p = findAttr(o, "predicate");
            const std::string_view pred = p ? p->value : std::string_view();
            const bool lt = u ? eval::toUnsigned(in[0].i, w) < eval::toUnsigned(in[1].i, w)
                              : eval::toSigned(in[0].i, w) < eval::toSigned(in[1].i, w);
            const bool eq = in[0].i == in[1].i;
            bool r = false;
            if (pred == "equal")
                r = eq;
            else if (pred == "not_equal")
                r = !eq;
            else if (pred == "less_than")
                r = lt;
            else if (pred == "less_than_or_equal")
                r = lt || eq;
            else if (pred == "greater_than")
                r = !lt && !eq;
            else if (pred == "greater_than_or_equal")
                r = !lt;
            else
                return std::nullopt;
            out.i = r ? 1 : 0;
            return out;
        }
        uint64_t r = 0;
        switch (o.id) {
        case OpId::AddI:
            r = x + y;
            break;
        case OpId::SubI:
            r = x - y;
            break;
        case OpId::MulI:
            r = x * y;
            break;
        case OpId::AndI:
            r = x & y;
            break;
        case OpId::OrI:
            r = x | y;
            break;
        case OpId::XOrI:
            r = x ^ y;
            break;
        default:
            return std::nullopt;
        }
        out.i = eval::wrapInt(r, bits);
        return out;
    }

    // A reduction of a uniform tile by maxf / minf (exact in any order) or addf where every
    // partial sum is exact (then the order the hardware sums in cannot matter).
    std::optional<Num> reduce(Side side, const GOp& o, Elem e)
    {
        const GFunction& f = fn(side);
        if (o.operands.size() != 1 || o.regions.size() != 1)
            return std::nullopt;
        const GRegion& body = f.regions[size_t(o.regions[0])];
        if (body.ops.size() != 2 || body.args.size() != 2)
            return std::nullopt;
        const GOp& combine = f.ops[size_t(body.ops[0])];
        const GOp& yield = f.ops[size_t(body.ops[1])];
        if (yield.id != OpId::Yield || yield.operands.size() != 1 || combine.results.size() != 1 ||
            yield.operands[0] != combine.results[0] || combine.operands.size() != 2 ||
            !isOneOf(combine.id, {OpId::MaxF, OpId::MinF, OpId::AddF}))
            return std::nullopt;
        const std::set<int> args = {body.args[0], body.args[1]};
        if (std::set<int>(combine.operands.begin(), combine.operands.end()) != args ||
            findAttr(combine, "flush_to_zero"))
            return std::nullopt;
        const GAttr* dimAttr = findAttr(o, "dim");
        const GAttr* ids = findAttr(o, "identities");
        const std::vector<int64_t> dims = dimsOfType(f.values[size_t(o.operands[0])].typeText);
        if (!dimAttr || !ids || ids->value.size() < 3)
            return std::nullopt;
        const long dim = std::strtol(std::string(dimAttr->value).c_str(), nullptr, 10);
        if (dim < 0 || size_t(dim) >= dims.size() || dims[size_t(dim)] < 1 ||
            dims[size_t(dim)] > kMaxReduced)
            return std::nullopt;
        std::string_view idText = ids->value.substr(1); // "[-inf : f32]"
        idText = idText.substr(0, std::min(idText.find(' '), idText.find(']')));
        const auto identity = floatLiteral(idText, e);
        auto a = value(side, o.operands[0]);
        if (!identity || !a || a->e != e || a->perLane || !eval::isModelledFloat(e))
            return std::nullopt;
        const std::optional<bool> uniform = uniformOperand(side, o, 0);
        if (!uniform)
            return std::nullopt;
        // Along another dimension each lane reduces copies of itself, as a uniform tile.
        if (!*uniform && size_t(dim) + 1 == dims.size()) {
            const auto a0 = valueInLane(side, o.operands[0], 0);
            const auto a1 = valueInLane(side, o.operands[0], 1);
            if (!a0 || !a1 || a0->perLane || a1->perLane)
                return std::nullopt;
            return reduceAlternating(combine, *a0, *a1, *identity, dims[size_t(dim)], e);
        }
        Num out = *a;
        if (combine.id != OpId::AddF) {
            const bool propagateNan = findAttr(combine, "propagate_nan") != nullptr;
            out.f = eval::minMaxF(*identity, a->f, combine.id == OpId::MaxF, propagateNan);
            return out;
        }
        if (*identity != 0 || (eval::roundTo(a->f, e, Rounding::NearestEven, true) != a->f))
            return std::nullopt; // a subnormal sum may meet the hardware's flushing
        const int64_t count = dims[size_t(dim)];
        m_spent += count / kReducedPerNode; // the exactness check below is work too
        if (std::isfinite(a->f))
            for (int64_t k = 1; k <= count; ++k)
                if (eval::roundTo(double(k) * a->f, e) != double(k) * a->f)
                    return std::nullopt;
        out.f = double(count) * a->f + 0.0;
        return out;
    }

    // x is exact in e, and neither subnormal (which the hardware may flush) nor infinite.
    static bool plainValue(double x, Elem e)
    {
        return std::isfinite(x) && eval::roundTo(x, e, Rounding::NearestEven, true) == x;
    }

    // Whether operand `k` of `o` holds the same number in both lanes (every element equal
    // where it held one before).
    std::optional<bool> uniformOperand(Side side, const GOp& o, size_t k)
    {
        if (!m_patterned)
            return true;
        const auto a = valueInLane(side, o.operands[k], 0);
        const auto b = valueInLane(side, o.operands[k], 1);
        if (!a || !b)
            return std::nullopt;
        return sameNum(*a, *b);
    }

    // A broadcast, reshape or permute of an alternating tile keeps the pattern where the
    // element's position along the last dimension keeps its parity: a broadcast that keeps
    // the last dimension, a reshape between even last dimensions (the flat index has the same
    // parity). A permute may move the last dimension: only a uniform tile.
    bool keepsPattern(Side side, const GOp& o)
    {
        const std::optional<bool> uniform = uniformOperand(side, o, 0);
        if (!uniform || *uniform)
            return uniform.has_value();
        const GFunction& f = fn(side);
        const std::string_view from = f.values[size_t(o.operands[0])].typeText;
        const std::string_view to = f.values[size_t(o.results[0])].typeText;
        const std::vector<int64_t> a = dimsOfType(from), b = dimsOfType(to);
        if (o.id == OpId::Broadcast)
            return !a.empty() && !b.empty() && a.back() == b.back() && evenLastDim(to) > 0;
        return o.id == OpId::Reshape && evenLastDim(from) > 0 && evenLastDim(to) > 0;
    }

    // A reduction along the last dimension of an alternating tile: count/2 elements of each
    // lane. maxf / minf in either order; addf where every partial sum (i elements of one lane
    // and j of the other) is exact and zero or normal: all are multiples of the lowest bit
    // either has, below 2^precision of it.
    std::optional<Num> reduceAlternating(const GOp& combine, const Num& a, const Num& b,
                                         double identity, int64_t count, Elem e) const
    {
        if (count % 2 != 0)
            return std::nullopt;
        Num out = a;
        out.approx = a.approx || b.approx;
        out.extended = a.extended || b.extended;
        if (combine.id != OpId::AddF) {
            const bool isMax = combine.id == OpId::MaxF;
            const bool propagateNan = findAttr(combine, "propagate_nan") != nullptr;
            const double x = eval::minMaxF(identity, eval::minMaxF(a.f, b.f, isMax, propagateNan),
                                           isMax, propagateNan);
            const double y = eval::minMaxF(identity, eval::minMaxF(b.f, a.f, isMax, propagateNan),
                                           isMax, propagateNan);
            out.f = x;
            if (!sameNum(out, Num{y, 0, e, false, false}))
                return std::nullopt;
            return out;
        }
        if (identity != 0 || !plainValue(a.f, e) || !plainValue(b.f, e))
            return std::nullopt;
        int low = std::numeric_limits<int>::max();
        for (double x : {a.f, b.f})
            if (x != 0)
                low = std::min(low, lowestBitExponent(x));
        const double half = double(count) / 2; // count is even
        const double bound = half * (std::fabs(a.f) + std::fabs(b.f));
        if (low != std::numeric_limits<int>::max() &&
            (std::ldexp(1.0, low) < eval::smallestNormal(e) ||
             bound >= std::ldexp(1.0, low + precisionOf(e)) || bound > eval::largestFinite(e)))
            return std::nullopt;
        out.f = half * a.f + half * b.f + 0.0;
        return out;
    }

    // mmaf of uniform tiles: acc plus K equal products. Modelled where every partial sum
    // (any K' <= K products, with or without acc) is exact and normal: then neither the
    // order nor the precision the tensor cores add in can change it.
    std::optional<Num> mma(Side side, const GOp& o, const std::vector<Num>& in, Elem e)
    {
        const GFunction& f = fn(side);
        if (in.size() != 3 || in[2].e != e || !eval::isModelledFloat(e) || e == Elem::F64)
            return std::nullopt;
        for (size_t k = 0; k < 3; ++k)
            if (uniformOperand(side, o, k) != std::optional<bool>(true))
                return std::nullopt;
        const std::vector<int64_t> dims = dimsOfType(f.values[size_t(o.operands[0])].typeText);
        if (dims.empty() || dims.back() < 1 || dims.back() > kMaxReduced)
            return std::nullopt;
        for (const Num& a : in)
            if (!a.isFloat() || !eval::isModelledFloat(a.e) || a.perLane || !plainValue(a.f, a.e))
                return std::nullopt;
        const double p = in[0].f * in[1].f; // exact: both have at most 24 significand bits
        const double acc = in[2].f;
        for (int64_t k = 1; k <= dims.back(); ++k) {
            const double part = double(k) * p;
            if (!plainValue(part, e) || !plainValue(acc + part, e))
                return std::nullopt;
        }
        Num out = in[2];
        out.f = acc + double(dims.back()) * p;
        out.approx = in[0].approx || in[1].approx || in[2].approx;
        return out;
    }

    const GFunction& R;
    const GFunction& G;
    const OpMatching& M;
    std::vector<double> m_inputs, m_secondLane;
    bool m_patterned = false; // some input alternates two values: lane 1 differs
    int m_lane = 0;           // the lane value() computes
    double m_scale = 1;
    PerSide<std::map<int, Num>> m_memo, m_patchedMemo;
    std::vector<Leaf> m_leaves;
    std::set<std::string> m_firstIterations;
    std::set<std::string> m_extraIterations; // loops read through a result or induction var
    int m_loopDepth = 0;                     // loopResult calls under way
    std::set<int> m_integerArguments;        // reference argument numbers at m_integerArgument
    int64_t m_integerArgument = kIntegerArguments[0];
    bool m_firstBlock = false; // get_tile_block_id read: the block (0, 0, 0)
    int m_nodes = 0;
    int64_t& m_spent;
    bool m_fresh = true;
    bool m_patched = false;
    int m_patchRef = -1, m_patchGen = -1;
    std::set<int> m_own;
};

// Beyond the CPU comparison's tolerance (eval/Differential.cpp sameFloat): NaN equals NaN and
// -0 equals +0.
bool beyondTolerance(double x, double y, Elem e)
{
    if (x == y || (std::isnan(x) && std::isnan(y)))
        return false;
    if (!std::isfinite(x) || !std::isfinite(y))
        return true;
    return eval::ulpDistance(x, y, e) > eval::EvalOptions().maxUlp;
}

// Far beyond what approximate ops can move: NaN or infinity against a number, or, more than 64
// units in the last place apart, zero against non-zero, other signs, or normal values 1/64
// apart (relative). A subnormal's relative distance says nothing: few units apart, it may be
// large.
bool robustlyApart(double x, double y, Elem e)
{
    if (std::isnan(x) || std::isnan(y))
        return std::isnan(x) != std::isnan(y);
    if (std::isinf(x) || std::isinf(y))
        return x != y;
    constexpr int64_t kMinUlps = 64;
    if (eval::ulpDistance(x, y, e) <= kMinUlps)
        return false;
    if ((x == 0) != (y == 0) || std::signbit(x) != std::signbit(y))
        return true;
    const double small = eval::smallestNormal(e);
    return std::fabs(x) >= small && std::fabs(y) >= small &&
           std::fabs(x - y) > kApproxRelative * std::max(std::fabs(x), std::fabs(y));
}

bool apart(const Num& x, const Num& y, bool robust)
{
    if (!x.isFloat())
        return x.i != y.i;
    return robust ? robustlyApart(x.f, y.f, x.e) : beyondTolerance(x.f, y.f, x.e);
}

// Sample inputs of one element type: ordinary values, magnitudes whose exp overflows,
// subnormals (the ftz cases), signed zeros.
std::vector<double> samplesOf(Elem e, bool subnormalsFirst)
{
    std::vector<double> raw = {0.5, -1.25, 3, 100, -100, 1e4, -1e4, 1, -0.0, 0.0, 0.1, -3};
    // Subnormals, and exponents whose exp / exp2 is one (in f32, also of an f16 input that is
    // widened first).
    raw.insert(raw.end(), {-130, -90});
    if (e == Elem::F16)
        raw.insert(raw.end(), {std::ldexp(1.0, -20), std::ldexp(-1.0, -24), 60000, -20, -12});
    else
        raw.insert(raw.end(), {1e-40, std::ldexp(1.0, -130), std::ldexp(-1.0, -140), 1e30});
    std::vector<double> out;
    for (double x : raw) {
        const double r = eval::roundTo(x, e);
        if (std::isfinite(r))
            out.push_back(r);
    }
    // Memory may hold them too (a NaN that maxf without propagate_nan drops).
    out.insert(out.end(),
               {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity(),
                -std::numeric_limits<double>::infinity()});
    if (subnormalsFirst) // a changed flush_to_zero shows there first
        std::stable_partition(out.begin(), out.end(), [e](double x) {
            return x != 0 && std::fabs(x) < eval::smallestNormal(e);
        });
    return out;
}

// Inputs of one try: lane 0 of each input, and lane 1 where one alternates two values.
struct Assignment
{
    std::vector<double> first, second; // second empty: every tile uniform
};

// After the uniform tries, one input at a time alternates a base value with a sample along its
// last dimension (x - max(x) is not zero everywhere then), the others uniform at 0.5.
void addAlternating(const std::vector<Leaf>& leaves, bool subnormalsFirst,
                    std::vector<Assignment>& out)
{
    const size_t n = leaves.size();
    for (size_t k = 0; k < n; ++k) {
        if (!leaves[k].patternable)
            continue;
        for (double base : {0.0, 0.5})
            for (double x : samplesOf(leaves[k].e, subnormalsFirst)) {
                if (x == base || std::isnan(x))
                    continue;
                Assignment a{std::vector<double>(n, 0.5), {}};
                a.first[k] = base;
                a.second = a.first;
                a.second[k] = x;
                out.push_back(std::move(a));
            }
    }
}

std::vector<std::vector<double>> uniformAssignments(const std::vector<Leaf>& leaves,
                                                    bool subnormalsFirst);

// Input combinations: every input the same sample; one input varied, the others at a base
// value; then two inputs varied together; then the alternating ones (addAlternating).
std::vector<Assignment> assignments(const std::vector<Leaf>& leaves, bool subnormalsFirst)
{
    std::vector<Assignment> out;
    for (std::vector<double>& a : uniformAssignments(leaves, subnormalsFirst))
        out.push_back({std::move(a), {}});
    addAlternating(leaves, subnormalsFirst, out);
    return out;
}

std::vector<std::vector<double>> uniformAssignments(const std::vector<Leaf>& leaves,
                                                    bool subnormalsFirst)
{
    std::vector<std::vector<double>> out;
    const size_t n = leaves.size();
    if (n == 0)
        return {{}};
    std::vector<std::vector<double>> samples;
    samples.reserve(n);
    for (const Leaf& l : leaves)
        samples.push_back(samplesOf(l.e, subnormalsFirst));
    for (size_t s = 0; s < samples[0].size(); ++s) {
        std::vector<double> a(n);
        for (size_t k = 0; k < n; ++k)
            a[k] = samples[k][std::min(s, samples[k].size() - 1)];
        out.push_back(a);
    }
    for (double base : {0.5, 3.0})
        for (size_t k = 0; k < n && n > 1; ++k)
            for (double x : samples[k]) {
                std::vector<double> a(n, base);
                a[k] = x;
                out.push_back(a);
            }
    for (size_t k = 0; k < n; ++k)
        for (size_t j = k + 1; j < n; ++j)
            for (double x : samples[k])
                for (double y : samples[j]) {
                    if (out.size() >= kMaxAssignments)
                        return out;
                    std::vector<double> a(n, 0.5);
                    a[k] = x;
                    a[j] = y;
                    out.push_back(a);
                }
    return out;
}

// A value pair the kernel writes: the stored values of a store and its counterpart.
struct Output
{
    int ref = -1, gen = -1;
    std::string where; // "store_ptr_tko at generated line 9 (reference line 12)"
    // A pointer store's masks (i1 operands) on each side: the value reaches memory only where
    // they hold.
    std::vector<int> refMasks, genMasks;
    int refStore = -1, genStore = -1; // the store ops
};

// The i1 operands of a pointer store after its stored value (its masks).
std::vector<int> storeMasks(const GFunction& f, const GOp& store)
{
    std::vector<int> out;
    if (store.id != OpId::StorePtrTko)
        return out;
    for (size_t k = 2; k < store.operands.size(); ++k)
        if (elemOfType(f.values[size_t(store.operands[k])].typeText) == Elem::I1)
            out.push_back(store.operands[k]);
    return out;
}

std::vector<Output> storedValues(const GFunction& R, const GFunction& G, const OpMatching& m)
{
    std::vector<Output> out;
    for (size_t o = 0; o < R.ops.size(); ++o) {
        const GOp& a = R.ops[o];
        const int c = m.refToGen[o];
        if (c < 0 || !isOneOf(a.id, {OpId::StorePtrTko, OpId::StoreViewTko}))
            continue;
        const GOp& b = G.ops[size_t(c)];
        const size_t k = a.id == OpId::StorePtrTko ? 1 : 0; // the stored value
        if (!sameOp(a, b) || k >= a.operands.size() || k >= b.operands.size())
            continue;
        out.push_back({a.operands[k], b.operands[k],
                       std::string(b.name) + " at generated line " + std::to_string(b.line) +
                           " (reference line " + std::to_string(a.line) + ")",
                       storeMasks(R, a), storeMasks(G, b), int(o), c});
    }
    return out;
}

struct Candidate
{
    std::string what; // "" for the op's own results
    int refValue = -1, genValue = -1;
    bool observed = false; // shown only with stored values that differ (search)
    std::set<int> ownGen;  // generated values the finding computes (Evaluator::setFinding)
};

// The values of `f` that may depend on value `v` (by canonical id): its readers' results,
// transitively; an op inside a region taints its enclosing ops' results and region arguments
// (a loop's later iterations).
std::vector<char> dependents(const GFunction& f, int v)
{
    std::vector<char> dep(f.values.size(), 0);
    dep[size_t(f.values[size_t(v)].canon)] = 1;
    auto mark = [&](int value, bool& changed) {
        char& d = dep[size_t(f.values[size_t(value)].canon)];
        changed = changed || !d;
        d = 1;
    };
    for (bool changed = true; changed;) {
        changed = false;
        for (const GOp& op : f.ops) {
            bool hit = false;
            for (int x : op.operands)
                hit = hit || dep[size_t(f.values[size_t(x)].canon)];
            for (const GOp* at = &op; hit && at;) {
                for (int r : at->results)
                    mark(r, changed);
                for (int reg : at->regions)
                    for (int a : f.regions[size_t(reg)].args)
                        mark(a, changed);
                const int parent = at->region >= 0 ? f.regions[size_t(at->region)].parentOp : -1;
                at = parent >= 0 ? &f.ops[size_t(parent)] : nullptr;
            }
        }
    }
    return dep;
}

// Two values, as a probe computes them at the evaluator's inputs.
using Probe = std::function<std::pair<std::optional<Num>, std::optional<Num>>()>;

// The probe's two values at `inputs`, in some lane: apart at once, and where either went
// through an approximate op, robustly apart with every approximate result moved either way.
// The lane they are apart in, or -1 (x or y empty where not modelled).
int apartOn(Evaluator& ev, const Probe& probe, const Assignment& inputs, std::optional<Num>& x,
            std::optional<Num>& y)
{
    ev.setInputs(inputs.first, 1, inputs.second);
    const int lanes = ev.lanes();
    int found = -1;
    for (int lane = 0; lane < lanes && found < 0; ++lane) {
        ev.setInputs(inputs.first, 1, inputs.second);
        ev.setLane(lane);
        std::tie(x, y) = probe();
        if (!x || !y || x->e != y->e)
            break;
        const bool approx = x->approx || y->approx;
        if (!apart(*x, *y, approx))
            continue;
        bool robust = true;
        for (double scale : {1 + kApproxMove, 1 - kApproxMove}) {
            if (!approx || !robust)
                break;
            ev.setInputs(inputs.first, scale, inputs.second);
            ev.setLane(lane);
            const auto [xs, ys] = probe();
            robust = xs && ys && apart(*xs, *ys, true);
        }
        if (robust)
            found = lane;
    }
    ev.setLane(0);
    return found;
}

// An input on which the candidate's reference and generated values differ, as text, both as
// the two kernels compute them and with the finding alone (the reference's value against the
// finding's ops on the reference's values, Evaluator::setFinding): the difference is real and
// this finding's. With `observed`, a stored value must differ in both ways too (the two values
// need not be meant to be equal: ops of another kind paired by position). The values shown are
// the kernels'. Integer entry arguments take `integerArgument`; `readIntegers` says whether
// the finding's values read one.
std::string searchWith(const GFunction& R, const GFunction& G, const OpMatching& m,
                       const Candidate& c, bool subnormalsFirst, int64_t& spent,
                       int64_t integerArgument, bool& readIntegers)
{
    const int r = c.refValue, g = c.genValue;
    if (R.values[size_t(r)].typeText != G.values[size_t(g)].typeText)
        return {};
    Evaluator ev(R, G, m, spent);
    ev.setIntegerArgument(integerArgument);
    ev.setFinding(r, g, c.ownGen);
    auto real = [&ev](int refValue, int genValue) -> Probe {
        return [&ev, refValue, genValue] {
            return std::make_pair(ev.value(Side::Reference, refValue),
                                  ev.value(Side::Generated, genValue));
        };
    };
    // A store's two values where both kernels store them: every loop and if around it runs
    // and every mask holds on every element (their integer arguments and block id are named);
    // else one value twice, no difference. A mask or bound not modelled counts only on
    // uniform inputs (as before the alternating tiles; a real run confirms those).
    auto stored = [&ev, &R, &G](const Output& o) -> Probe {
        return [&ev, &R, &G, &o] {
            auto x = ev.value(Side::Reference, o.ref);
            auto y = ev.value(Side::Generated, o.gen);
            if (!x || !y)
                return std::make_pair(x, y);
            bool extended = false;
            for (const Side side : {Side::Reference, Side::Generated}) {
                std::vector<Known> known = {
                    ev.runs(side, side == Side::Reference ? o.refStore : o.genStore, extended)};
                for (int mask : side == Side::Reference ? o.refMasks : o.genMasks)
                    known.push_back(ev.holds(side, mask, extended));
                const GOp& store =
                    (side == Side::Reference ? R : G)
                        .ops[size_t(side == Side::Reference ? o.refStore : o.genStore)];
                if (store.id == OpId::StoreViewTko)
                    known.push_back(ev.tileInside(side, store, 1));
                for (const Known k : known)
                    if (k == Known::No || (k == Known::Unsure && ev.lanes() > 1))
                        return std::make_pair(x, x);
            }
            x->extended = x->extended || extended;
            y->extended = y->extended || extended;
            return std::make_pair(x, y);
        };
    };
    auto alone = [&ev](int refValue, Side side, int patchedValue) -> Probe {
        return [&ev, refValue, side, patchedValue] {
            return std::make_pair(ev.value(Side::Reference, refValue),
                                  ev.patched(side, patchedValue));
        };
    };
    // Both probes modelled, of one element type; `extended` where a value reads an extension.
    auto modelled = [&ev](const Probe& a, const Probe& b, bool& extended) {
        ev.setInputs({}, 1);
        extended = false;
        for (const Probe* p : {&a, &b}) {
            const auto [x, y] = (*p)();
            if (!x || !y || x->e != y->e)
                return false;
            extended = extended || x->extended || y->extended;
        }
        return true;
    };
    const Probe findingReal = real(r, g), findingAlone = alone(r, Side::Generated, g);
    bool findingExtended = false;
    const bool findingModelled = modelled(findingReal, findingAlone, findingExtended);
    readIntegers = !ev.integerArguments().empty();
    if (!findingModelled)
        return {};
    struct Shown
    {
        const Output* output;
        Probe real, alone;
        bool extended; // reads an extension: tried only after the others (second pass)
    };
    std::vector<Output> outputs;
    if (c.observed) {
        const std::vector<char> changed = dependents(R, r);
        for (Output& o : storedValues(R, G, m))
            if (changed[size_t(R.values[size_t(o.ref)].canon)]) // else the finding cannot reach it
                outputs.push_back(std::move(o));
    }
    std::vector<Shown> stores;
    bool anyExtended = false;
    for (const Output& o : outputs) {
        Shown s{&o, stored(o), alone(o.ref, Side::Reference, o.ref), false};
        if (modelled(s.real, s.alone, s.extended)) {
            anyExtended = anyExtended || s.extended;
            stores.push_back(std::move(s));
        }
    }
    if (c.observed && stores.empty())
        return {};
    const std::vector<Leaf> leaves = ev.leaves();
    const std::vector<Assignment> tries = assignments(leaves, subnormalsFirst);
    // One pass over the tries: a witness, "" where it searched long enough or an input appears
    // it did not know, nothing where no try shows one.
    auto tryAll = [&](int pass) -> std::optional<std::string> {
        for (const Assignment& inputs : tries) {
            std::optional<Num> x, y, xo, yo, unused1, unused2;
            const int lane = apartOn(ev, findingReal, inputs, x, y);
            if (lane < 0 || apartOn(ev, findingAlone, inputs, unused1, unused2) < 0) {
                if (ev.leaves().size() != leaves.size() || ev.overBudget())
                    return std::string(); // an input it did not know, or searched long enough
                continue; // equal here, or this sample is not modelled (a rounding sum)
            }
            const Output* shown = nullptr;
            int shownLane = -1;
            for (size_t k = 0; k < stores.size() && !shown; ++k)
                if ((pass == 1 || !stores[k].extended) &&
                    (shownLane = apartOn(ev, stores[k].real, inputs, xo, yo)) >= 0 &&
                    apartOn(ev, stores[k].alone, inputs, unused1, unused2) >= 0)
                    shown = stores[k].output;
            if (ev.overBudget() || ev.leaves().size() != leaves.size())
                return std::string();
            if (c.observed && !shown)
                continue;
            std::string text;
            for (size_t k = 0; k < leaves.size(); ++k) {
                const double a = inputs.first[k];
                const double b = inputs.second.empty() ? a : inputs.second[k];
                text += (k ? ", " : "") + leaves[k].name + " = " +
                        numText(Num{a, 0, leaves[k].e, false, false});
                if (!sameNum(Num{a, 0, leaves[k].e, false, false},
                             Num{b, 0, leaves[k].e, false, false}))
                    text += " and " + numText(Num{b, 0, leaves[k].e, false, false}) +
                            " alternating along its last dimension";
                else if (leaves[k].tile)
                    text += " (every element)";
            }
            // Integer arguments, the block and loops read only by the extensions are named where
            // a printed value reads one.
            const bool extended = x->extended || y->extended ||
                                  (shown && (xo->extended || yo->extended)) || findingExtended;
            for (int arg : ev.integerArguments())
                if (extended)
                    text += (text.empty() ? "" : ", ") + std::string("argument ") +
                            std::to_string(arg) + " = " + std::to_string(ev.integerArgument());
            if (extended && ev.firstBlock())
                text += (text.empty() ? "" : ", ") + std::string("in the tile block (0, 0, 0)");
            if (text.empty())
                text = "any input";
            std::set<std::string> loops = ev.firstIterations();
            if (extended)
                loops.insert(ev.extraIterations().begin(), ev.extraIterations().end());
            for (const std::string& loop : loops)
                text += ", in the first iteration of " + loop;
            const char* const where = " (at the elements of the second values)";
            text += " -> reference " + numText(*x) + ", generated " + numText(*y) +
                    (lane == 1 ? where : "");
            if (shown)
                text += "; stored by " + shown->where + ": reference " + numText(*xo) +
                        ", generated " + numText(*yo) + (shownLane == 1 ? where : "");
            return std::optional<std::string>(text);
        }
        return std::nullopt;
    };
    for (int pass = 0; pass < (anyExtended ? 2 : 1); ++pass)
        if (const std::optional<std::string> text = tryAll(pass)) {
            if (!text->empty())
                return *text;
            if (ev.overBudget())
                return {};
        }
    return {};
}

// searchWith at each of kIntegerArguments in turn, where the values read integer arguments.
std::string search(const GFunction& R, const GFunction& G, const OpMatching& m, const Candidate& c,
                   bool subnormalsFirst, int64_t& spent)
{
    for (const int64_t x : kIntegerArguments) {
        bool readIntegers = false;
        std::string text = searchWith(R, G, m, c, subnormalsFirst, spent, x, readIntegers);
        if (!text.empty() || !readIntegers || spent > kMaxNodesPerFinding)
            return text;
    }
    return {};
}

// An op on one side only: the first users on that side (through ops on that side only) that
// have the same op as counterpart; the operand they read from the op, then their results. A
// user may read another formulation of the same value there (1 / (1 + exp(-x)) against
// exp(x) / (1 + exp(x))): only a difference the kernel stores counts.
std::vector<Candidate> oneSidedCandidates(const GFunction& R, const GFunction& G,
                                          const OpMatching& m, const RawDifference& d)
{
    constexpr size_t kMaxOpsVisited = 64;
    std::vector<Candidate> out;
    const Side side = d.refOp >= 0 ? Side::Reference : Side::Generated;
    const GFunction& f = side == Side::Reference ? R : G;
    const GFunction& other = side == Side::Reference ? G : R;
    const std::vector<int>& toOther = side == Side::Reference ? m.refToGen : m.genToRef;
    std::vector<std::vector<int>> readers(f.values.size()); // by canonical value id
    for (size_t o = 0; o < f.ops.size(); ++o)
        for (int v : f.ops[o].operands)
            readers[size_t(f.values[size_t(v)].canon)].push_back(int(o));
    std::set<int> computed, seen;
    std::vector<int> work = {opOn(d, side)};
    for (size_t next = 0; next < work.size() && seen.size() < kMaxOpsVisited; ++next) {
        const int o = work[next];
        if (!seen.insert(o).second)
            continue;
        const GOp& op = f.ops[size_t(o)];
        const int counterpart = o == opOn(d, side) ? -1 : toOther[size_t(o)];
        if (counterpart < 0) {
            for (int r : op.results) {
                computed.insert(f.values[size_t(r)].canon);
                const std::vector<int>& users = readers[size_t(f.values[size_t(r)].canon)];
                work.insert(work.end(), users.begin(), users.end());
            }
            continue;
        }
        const GOp& otherOp = other.ops[size_t(counterpart)];
        if (!sameOp(op, otherOp))
            continue;
        const GOp& genUser = side == Side::Reference ? otherOp : op;
        const GOp& refUser = side == Side::Reference ? op : otherOp;
        const std::string where = std::string(genUser.name) + " at generated line " +
                                  std::to_string(genUser.line) + " (reference line " +
                                  std::to_string(refUser.line) + ")";
        for (size_t k = 0; k < op.operands.size() && k < otherOp.operands.size(); ++k) {
            if (!computed.count(f.values[size_t(op.operands[k])].canon))
                continue;
            const int here = op.operands[k], there = otherOp.operands[k];
            out.push_back({"operand " + std::to_string(k) + " of " + where,
                           side == Side::Reference ? here : there,
                           side == Side::Reference ? there : here,
                           true,
                           {}});
        }
        if (op.results.size() == 1 && otherOp.results.size() == 1)
            out.push_back({where,
                           side == Side::Reference ? op.results[0] : otherOp.results[0],
                           side == Side::Reference ? otherOp.results[0] : op.results[0],
                           true,
                           {}});
    }
    if (side == Side::Generated) // the one-sided ops are the finding's: computed as generated
        for (Candidate& c : out)
            c.ownGen = computed;
    return out;
}

} // namespace

std::string floatWitness(const GFunction& R, const GFunction& G, const OpMatching& m,
                         const RawDifference& d)
{
    if (d.functionLevel)
        return {};
    std::vector<Candidate> candidates;
    if (d.refOp >= 0 && d.genOp >= 0) {
        const GOp& a = R.ops[size_t(d.refOp)];
        const GOp& b = G.ops[size_t(d.genOp)];
        // Two ops of one kind compute the same thing of corresponding operands; ops of two
        // kinds paired by position may compute other things by design (exp of x against the
        // mulf of x by log2(e) that feeds an exp2): only a difference the kernel stores counts.
        if (a.results.size() == 1 && b.results.size() == 1)
            candidates.push_back({"", a.results[0], b.results[0], !sameOp(a, b), {}});
    } else if (d.kind == DiffKind::OpMissing || d.kind == DiffKind::OpExtra) {
        candidates = oneSidedCandidates(R, G, m, d);
    }
    int64_t spent = 0; // values evaluated, over every candidate
    for (const Candidate& c : candidates) {
        const std::string text = search(R, G, m, c, d.attribute == "flush_to_zero", spent);
        if (!text.empty())
            return c.what.empty() ? text : c.what + ": " + text;
    }
    return {};
}

} // namespace tilelens::diff
