#include "diff/compare/SpecialisedEquality.h"

#include "diff/compare/AssumeFacts.h"
#include "diff/semantics/Semantics.h"

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

} // namespace

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
