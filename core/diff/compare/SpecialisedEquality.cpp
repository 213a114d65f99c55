#include "diff/compare/SpecialisedEquality.h"

#include "diff/compare/AssumeFacts.h"
#include "diff/semantics/Semantics.h"
#include "ir/Type.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace tilelens::diff {

namespace {

// The integer a splat constant op holds.
std::optional<int64_t> constantValue(const GOp& o)
{
    if (o.id != OpId::Constant)
        return std::nullopt;
    const GAttr* a = findAttr(o, "value");
    return a ? splatInt(a->value) : std::nullopt;
}

// An op of a proven cone and the operand that reads the value looked for.
struct Reader
{
    int op = -1;
    int operand = -1;
};

// The first op (by line) of `cone` with an operand whose canonical value
// satisfies `is`: where that value enters the computation.
template <typename Pred>
Reader firstReader(const GFunction& f, const std::vector<int>& cone, Pred is)
{
    Reader best;
    for (int op : cone) {
        const GOp& o = f.ops[size_t(op)];
        if (o.id == OpId::Constant || (best.op >= 0 && o.line >= f.ops[size_t(best.op)].line))
            continue;
        for (size_t k = 0; k < o.operands.size(); ++k)
            if (is(f.values[size_t(o.operands[k])].canon)) {
                best = {op, int(k)};
                break;
            }
    }
    return best;
}

// The proof assumed [c, c] on the leaf that is reference value `refValue`.
bool assumesPoint(const SmtVerdict& proven, int refValue, int64_t c)
{
    for (const auto& [leaf, range] : proven.leafRanges)
        if (leaf == refValue && range.known && range.lo == c && range.hi == c)
            return true;
    return false;
}

// The generated function as the solver sees it without the specialisation's
// facts: its own copy of the values, the bound arguments' ranges unknown.
struct UnboundFunction
{
    std::vector<GValue> values;
    GFunction f;

    explicit UnboundFunction(const GFunction& G) : values(G.values.begin(), G.values.end()), f(G)
    {
        f.values = ir::Span<GValue>(values.data(), values.size());
        for (const auto& [v, c] : G.specialisedArgs) {
            values[size_t(v)].range = IntRange::full();
            if (const int canon = values[size_t(v)].canon; canon >= 0)
                values[size_t(canon)].range = IntRange::full();
        }
        f.specialisedArgs.clear();
    }
};

// Op `op` reads its operand as an address offset or a compare bound, or
// passes it on (integer casts, splats, arithmetic) to an op that does.
bool addressOrBound(const GFunction& f, int op, int depth)
{
    const GOp& o = f.ops[size_t(op)];
    if (o.id == OpId::Offset || o.id == OpId::CmpI)
        return true;
    if (depth <= 0 || o.results.size() != 1 ||
        !isOneOf(o.id, {OpId::ExtI, OpId::TruncI, OpId::Reshape, OpId::Broadcast, OpId::AddI,
                        OpId::SubI, OpId::MulI}))
        return false;
    for (int u : f.canonValue(o.results[0]).users)
        if (addressOrBound(f, u, depth - 1))
            return true;
    return false;
}

// Op `op` adds its operand to a pointer (`offset`) or compares with it (`cmpi`),
// itself or through casts and splats: an address term or a bound as such, not a
// factor (a literal multiplier is a tile size or a stride, not a hidden extent).
bool termOrBound(const GFunction& f, int op, int depth)
{
    const GOp& o = f.ops[size_t(op)];
    if (o.id == OpId::Offset || o.id == OpId::CmpI)
        return true;
    if (depth <= 0 || o.results.size() != 1 ||
        !isOneOf(o.id, {OpId::ExtI, OpId::TruncI, OpId::Reshape, OpId::Broadcast}))
        return false;
    for (int u : f.canonValue(o.results[0]).users)
        if (termOrBound(f, u, depth - 1))
            return true;
    return false;
}

// The block argument a written value is, through `assume` ops; -1 if none.
int argumentOf(const GFunction& f, int value)
{
    for (int depth = 0; depth < 8; ++depth) {
        const GValue& v = f.values[size_t(value)];
        if (v.def < 0)
            return value;
        const GOp& o = f.ops[size_t(v.def)];
        if (!o.assume || o.operands.empty())
            return -1;
        value = o.operands[0];
    }
    return -1;
}

} // namespace

std::vector<RawDifference> literalsOfSpecialisedConstants(const GFunction& R, const GFunction& G,
                                                          const OpMatching& m,
                                                          const std::vector<int>& reported)
{
    std::vector<RawDifference> out;
    constexpr int kDepth = 4;
    std::map<int64_t, int> constants; // value -> how many of the name's constants have it
    for (const std::string& text : R.demangled.constants) {
        int64_t v = 0;
        const auto res = std::from_chars(text.data(), text.data() + text.size(), v);
        if (res.ec == std::errc() && (v < -1 || v > 1))
            ++constants[v]; // a literal 0 or 1 is an identity or a unit stride
    }
    // A generated entry compiled for the same constant (its own name has it: two cuTile Python
    // kernels, or a kernel against itself) writes the literal by construction, not in place of
    // an argument.
    for (const std::string& text : G.demangled.constants) {
        int64_t v = 0;
        const auto res = std::from_chars(text.data(), text.data() + text.size(), v);
        if (res.ec == std::errc())
            constants.erase(v);
    }
    if (constants.empty() || G.regions.empty())
        return out;
    // The port's tile dimensions: a literal equal to one is its own tile size.
    std::set<int64_t> tileDims;
    for (const GValue& v : G.values)
        if (v.type)
            tileDims.insert(v.type->shape.begin(), v.type->shape.end());
    // Its runtime integer arguments read as addresses or bounds.
    std::string runtimeArgs;
    int firstArgReader = -1;
    for (int a : G.regions[0].args) {
        const GValue& v = G.values[size_t(a)];
        if (intWidth(v.typeText) == 0 || !singleElement(v.typeText))
            continue;
        for (size_t i = 0; i < G.ops.size(); ++i) {
            const GOp& o = G.ops[i];
            if (o.assume || !addressOrBound(G, int(i), kDepth) ||
                std::none_of(o.operands.begin(), o.operands.end(),
                             [&](int w) { return argumentOf(G, w) == a; }))
                continue;
            runtimeArgs += (runtimeArgs.empty() ? "" : ", ") + std::to_string(v.index);
            if (firstArgReader < 0 || o.line < G.ops[size_t(firstArgReader)].line)
                firstArgReader = int(i);
            break;
        }
    }
    if (runtimeArgs.empty())
        return out;
    std::set<int64_t> placed;
    for (size_t i = 0; i < G.ops.size(); ++i) {
        const GOp& o = G.ops[i];
        const int r = m.genToRef[i];
        // A matched op with a difference of its own is reported as that; an unmatched reader
        // (an address the reference computes in one piece) is one side's only.
        if (o.assume ||
            (r >= 0 && std::find(reported.begin(), reported.end(), int(i)) != reported.end()))
            continue;
        for (size_t k = 0; k < o.operands.size(); ++k) {
            const int def = G.values[size_t(o.operands[k])].def;
            const std::optional<int64_t> c =
                def >= 0 ? constantValue(G.ops[size_t(def)]) : std::nullopt;
            // A tile dimension is the port's own tile size, unless the reference has that
            // value twice: an extent equal to the tile (hidden_size = 1024 = BLOCK_SIZE).
            const auto named = c ? constants.find(*c) : constants.end();
            if (named == constants.end() || (tileDims.count(*c) && named->second < 2) ||
                placed.count(*c))
                continue;
            // A matched reader reads the same value as the reference's op there; an unmatched
            // one (an address the reference computes in one piece) has no difference left.
            const GOp* partner = r >= 0 ? &R.ops[size_t(r)] : nullptr;
            if ((partner &&
                 (partner->operands.size() != o.operands.size() ||
                  R.canonValue(partner->operands[k]).hash != G.canonValue(o.operands[k]).hash)) ||
                !termOrBound(G, int(i), kDepth))
                continue;
            placed.insert(*c);
            RawDifference d = makeDifference(DiffKind::OperandChanged, R, r, G, int(i));
            d.operandIndex = int(k);
            d.attribute = "operand " + std::to_string(k);
            d.refValue = partner ? describeValue(R, partner->operands[k])
                                 : "the reference's constant " + std::to_string(*c);
            d.genValue = describeValue(G, o.operands[k]);
            std::string bound;
            for (const auto& [arg, value] : G.specialisedArgs)
                if (value == *c)
                    bound = " (argument " + std::to_string(G.values[size_t(arg)].index) +
                            ", bound to it)";
            const std::string cs = std::to_string(*c);
            d.proof = "equal to the reference only under its specialisation: the generated kernel "
                      "writes the literal " +
                      cs + " here, the reference's specialised constant " + cs + bound +
                      ", while it takes runtime integer arguments (" + runtimeArgs +
                      ") that it reads as addresses or bounds (first at line " +
                      std::to_string(G.ops[size_t(firstArgReader)].line) +
                      "); for a launch whose extent is " + std::to_string(*c + 1) +
                      " instead, the literal stays " + cs;
            d.conditional = true;
            out.push_back(std::move(d));
            break;
        }
    }
    return out;
}

std::optional<RawDifference> restsOnSpecialisedArgument(const GFunction& R, int r,
                                                        const GFunction& G, int g,
                                                        const OpMatching& m,
                                                        const SmtVerdict& proven)
{
    if (proven.kind != SmtVerdict::Equal)
        return std::nullopt;
    // The bindings whose fact the proof assumed on the argument's own partner ("argument 2
    // in [1024, 1024]"): read from the proof's leaves, not from its text, where two arguments
    // bound to one value read alike.
    struct Assumed
    {
        int arg;
        int64_t value;
        int partner;
    };
    std::vector<Assumed> assumed;
    for (const auto& [arg, c] : G.specialisedArgs) {
        const int bound = G.values[size_t(arg)].canon;
        const int partner =
            bound >= 0 && size_t(bound) < m.genValToRef.size() ? m.genValToRef[size_t(bound)] : -1;
        if (partner >= 0 && assumesPoint(proven, R.values[size_t(partner)].canon, c))
            assumed.push_back({arg, c, R.values[size_t(partner)].canon});
    }
    // Where the generated op that reads the constant is paired with a reference op, the
    // partner that op reads in the same place names the binding; else the first assumed one
    // whose partner the reference's proven computation reads.
    std::vector<const Assumed*> order;
    order.reserve(assumed.size() + 1);
    for (const Assumed& a : assumed)
        order.push_back(&a);
    for (const Assumed& a : assumed) {
        const Reader gen = firstReader(G, proven.genCone, [&](int v) {
            const int def = G.values[size_t(v)].def;
            return def >= 0 && constantValue(G.ops[size_t(def)]) == a.value;
        });
        const int paired = gen.op >= 0 ? m.genToRef[size_t(gen.op)] : -1;
        if (paired < 0 || size_t(gen.operand) >= R.ops[size_t(paired)].operands.size())
            continue;
        const int read =
            R.values[size_t(R.ops[size_t(paired)].operands[size_t(gen.operand)])].canon;
        if (read == a.partner) {
            order.insert(order.begin(), &a);
            break;
        }
    }
    for (const Assumed* a : order) {
        const int arg = a->arg;
        const int64_t c = a->value;
        const int partner = a->partner;
        const int64_t value = c;
        const Reader gen = firstReader(G, proven.genCone, [&](int v) {
            const int def = G.values[size_t(v)].def;
            return def >= 0 && constantValue(G.ops[size_t(def)]) == value;
        });
        const Reader ref = firstReader(R, proven.refCone, [&](int v) { return v == partner; });
        if (gen.op < 0 || ref.op < 0)
            continue; // the port reads the argument as the reference does: no precondition
        const UnboundFunction unbound(G);
        const SmtVerdict free = smtCompare(R, r, unbound.f, g, m);
        if (free.kind != SmtVerdict::Differs)
            continue;
        RawDifference d = makeDifference(DiffKind::OperandChanged, R, ref.op, G, gen.op);
        d.operandIndex = gen.operand;
        d.attribute = "operand " + std::to_string(gen.operand);
        d.refValue = describeValue(R, partner);
        d.genValue = describeValue(G, G.ops[size_t(gen.op)].operands[size_t(gen.operand)]);
        const std::string binding =
            "argument " + std::to_string(G.values[size_t(arg)].index) + " = " + std::to_string(c);
        d.proof = "equal to the reference only under its specialisation (" + binding +
                  ", the generated entry's argument bound to the reference's constant): the "
                  "generated kernel reads the constant " +
                  std::to_string(c) + " where the reference reads " + d.refValue + "; proven for " +
                  proven.text + "; for another value they differ: " + free.text;
        d.conditional = true;
        return d;
    }
    return std::nullopt;
}

} // namespace tilelens::diff
