#include "diff/compare/CriticalCounterexample.h"

#include "diff/compare/SmtCheck.h"
#include "diff/semantics/MemoryAccess.h"
#include "diff/semantics/SemanticForm.h"
#include "diff/semantics/Semantics.h"
#include "ir/Type.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <sstream>
#include <vector>

namespace tilelens::diff {

namespace {

// Operand `k` of op `o` as the comparator numbers it: a memory op's by role (MemoryRoles::main,
// as compareMemoryOperands reports them), any other op's by position. -1 when out of range.
int operandAt(const GFunction& f, const GOp& o, int k, bool memory)
{
    if (k < 0)
        return -1;
    if (memory) {
        const MemoryRoles roles = memoryRoles(f, o);
        return size_t(k) < roles.main.size() ? roles.main[size_t(k)] : -1;
    }
    return size_t(k) < o.operands.size() ? o.operands[size_t(k)] : -1;
}

// `what` may already end in a colon ("operands 1 and 2 swapped:"), then it is not doubled.
std::string differsText(const SmtVerdict& v, const std::string& what)
{
    if (v.kind != SmtVerdict::Differs)
        return std::string();
    const bool hasColon = !what.empty() && what.back() == ':';
    return what + (hasColon ? " " : ": ") + v.text;
}

// A masked access on one side, the same access without its mask on the other (every lane on):
// an input on which the mask turns a lane off.
std::string absentMask(const GFunction& R, const GFunction& G, const OpMatching& m, const GOp& a,
                       const GOp& b)
{
    if (a.id != b.id)
        return {};
    const MemoryRoles ra = memoryRoles(R, a), rb = memoryRoles(G, b);
    if (ra.main.size() == rb.main.size() + 1 &&
        intWidth(R.values[size_t(ra.main.back())].typeText) == 1)
        return differsText(smtCompareWithConstant(R, G, m, Side::Reference, ra.main.back(), 1),
                           "mask (operand " + std::to_string(ra.main.size() - 1) +
                               ", absent in generated: every lane on)");
    if (rb.main.size() == ra.main.size() + 1 &&
        intWidth(G.values[size_t(rb.main.back())].typeText) == 1)
        return differsText(smtCompareWithConstant(R, G, m, Side::Generated, rb.main.back(), 1),
                           "mask (operand " + std::to_string(rb.main.size() - 1) +
                               ", absent in reference: every lane on)");
    return {};
}

// The splat scalar a padding operand holds ("<f32: 0.000000e+00>"), "" where it is no constant.
std::string_view paddingScalar(const GFunction& f, int padding)
{
    const GValue* v = &f.canonValue(padding);
    // Through the reshape and broadcast that spread a scalar constant over the tile.
    for (int hops = 0; v->def >= 0 && hops < 4; ++hops) {
        const GOp& o = f.ops[size_t(v->def)];
        if ((o.id != OpId::Reshape && o.id != OpId::Broadcast) || o.operands.size() != 1)
            break;
        v = &f.canonValue(o.operands[0]);
    }
    if (v->def < 0 || f.ops[size_t(v->def)].id != OpId::Constant)
        return {};
    const GAttr* a = findAttr(f.ops[size_t(v->def)], "value");
    return a ? splatScalar(a->value) : std::string_view();
}

// Do two padding scalars hold other values? Floats by value (0.0 and -0.0 compare equal, so
// they are not told apart), integers by value.
bool otherValues(std::string_view a, std::string_view b)
{
    if (a.empty() || b.empty())
        return false;
    if (const auto x = splatFloat(a), y = splatFloat(b); x && y)
        return *x != *y;
    const auto i = splatInt(a), j = splatInt(b);
    return i && j && *i != *j;
}

// A gather's padding value changed (or dropped on one side): a lane masked off on both sides
// reads one padding in the reference and the other (or an undefined value) in the generated.
std::string gatherPadding(const GFunction& R, const GFunction& G, const OpMatching& m, const GOp& a,
                          const GOp& b)
{
    if (a.id != OpId::LoadPtrTko || b.id != OpId::LoadPtrTko)
        return {};
    const MemoryRoles ra = memoryRoles(R, a), rb = memoryRoles(G, b);
    if (ra.main.size() < 2 || rb.main.size() < 2 || (ra.padding < 0 && rb.padding < 0))
        return {}; // unmasked: every lane is read
    const std::string_view p = ra.padding < 0 ? std::string_view() : paddingScalar(R, ra.padding);
    const std::string_view q = rb.padding < 0 ? std::string_view() : paddingScalar(G, rb.padding);
    const bool dropped = ra.padding < 0 || rb.padding < 0;
    if (dropped ? (ra.padding >= 0 ? p : q).empty() : !otherValues(p, q))
        return {};
    const SmtVerdict v = smtBothOff(R, ra.main.back(), G, rb.main.back(), m);
    if (v.kind != SmtVerdict::Differs)
        return {};
    const auto shown = [](std::string_view scalar) {
        return scalar.empty() ? std::string("an undefined value") : std::string(scalar);
    };
    return "padding value: a lane masked off on both sides (" + v.text + ") reads " + shown(p) +
           " in reference, " + shown(q) + " in generated";
}

// The partition view a view load reads, where it is made by make_partition_view: its type.
const ir::Type* partitionViewType(const GFunction& f, int view)
{
    const GValue& v = f.canonValue(view);
    if (v.def < 0 || f.ops[size_t(v.def)].id != OpId::MakePartitionView || !v.type ||
        v.type->kind != ir::TypeKind::PartitionView || !v.type->tensorView)
        return nullptr;
    return v.type;
}

// The value of extent `dim` of the tensor view `view` is made of (make_tensor_view's operand),
// -1 where it is static or not found.
int tensorExtent(const GFunction& f, int partitionView, size_t dim)
{
    const GValue& pv = f.canonValue(partitionView);
    const GOp& make = f.ops[size_t(pv.def)];
    if (make.operands.empty())
        return -1;
    const GValue& tv = f.canonValue(make.operands[0]);
    if (tv.def < 0 || f.ops[size_t(tv.def)].id != OpId::MakeTensorView || !tv.type)
        return -1;
    const GOp& t = f.ops[size_t(tv.def)];
    size_t next = 1; // operand 0 is the base pointer; then the dynamic extents, in order
    for (size_t d = 0; d < tv.type->shape.size(); ++d) {
        if (tv.type->shape[d] != ir::kDynamic)
            continue;
        if (d == dim)
            return next < t.operands.size() ? t.operands[next] : -1;
        ++next;
    }
    return -1;
}

// A view load whose view changed only in its padding (zero in one, none in the other): a tile
// that crosses the tensor's end reads the padding past it on one side, an undefined value or
// another padding on the other.
std::string viewPadding(const GFunction& R, const GFunction& G, const OpMatching& m, const GOp& a,
                        const GOp& b)
{
    if (a.id != OpId::LoadViewTko || b.id != OpId::LoadViewTko)
        return {};
    const MemoryRoles ra = memoryRoles(R, a), rb = memoryRoles(G, b);
    if (ra.main.size() < 2 || ra.main.size() != rb.main.size())
        return {};
    const ir::Type* x = partitionViewType(R, ra.main[0]);
    const ir::Type* y = partitionViewType(G, rb.main[0]);
    if (!x || !y || x->padding == y->padding || !x->dimMap.empty() || !y->dimMap.empty() ||
        !std::equal(x->shape.begin(), x->shape.end(), y->shape.begin(), y->shape.end()) ||
        x->shape.size() + 1 != ra.main.size())
        return {};
    // The same tensor view on both sides (the view differs in nothing else).
    const int tr = R.ops[size_t(R.canonValue(ra.main[0]).def)].operands.empty()
                       ? -1
                       : R.ops[size_t(R.canonValue(ra.main[0]).def)].operands[0];
    const int tg = G.ops[size_t(G.canonValue(rb.main[0]).def)].operands.empty()
                       ? -1
                       : G.ops[size_t(G.canonValue(rb.main[0]).def)].operands[0];
    if (tr < 0 || tg < 0 ||
        m.refValToGen[size_t(R.values[size_t(tr)].canon)] != G.values[size_t(tg)].canon)
        return {};
    const auto shown = [](std::string_view padding) {
        return padding.empty() ? std::string("an undefined value (no padding)")
                               : std::string(padding);
    };
    for (size_t d = 0; d < x->shape.size(); ++d) {
        const int extent = tensorExtent(R, ra.main[0], d);
        if (extent < 0)
            continue;
        const SmtVerdict v =
            smtRaggedTile(R, ra.main[d + 1], G, rb.main[d + 1], extent, x->shape[d], m);
        if (v.kind != SmtVerdict::Differs)
            continue;
        return "padding: tile index " + std::to_string(d) + " of a tile that crosses the " +
               "tensor's end in dimension " + std::to_string(d) + " (" + v.text + "; tile " +
               std::to_string(x->shape[d]) + "): its lanes past the end read " + shown(x->padding) +
               " in reference, " + shown(y->padding) + " in generated";
    }
    return {};
}

// What a cmpf operand is, traced through the reshape and broadcast that spread a scalar: a
// float constant, or an input (a value the solver would treat as a leaf) by its canonical id.
struct FloatOperand
{
    std::optional<double> constant;
    int canon = -1;
    std::string name; // an input's: "argument 6", "divf at reference line 76"
};

FloatOperand floatOperand(const GFunction& f, int value, Side side)
{
    const GValue* v = &f.canonValue(value);
    for (int hops = 0; v->def >= 0 && hops < 4; ++hops) {
        const GOp& o = f.ops[size_t(v->def)];
        if ((o.id != OpId::Reshape && o.id != OpId::Broadcast) || o.operands.size() != 1)
            break;
        v = &f.canonValue(o.operands[0]);
    }
    FloatOperand out;
    out.canon = int(v - f.values.data());
    if (v->def < 0) {
        out.name = "argument " + std::to_string(v->index);
        return out;
    }
    const GOp& o = f.ops[size_t(v->def)];
    if (o.id == OpId::Constant) {
        const GAttr* a = findAttr(o, "value");
        out.constant = a ? splatFloat(splatScalar(a->value)) : std::nullopt;
        if (!out.constant)
            out.canon = -2; // a constant that is not finite: not modelled
        return out;
    }
    out.name = std::string(o.name) + " at " +
               (side == Side::Reference ? "reference" : "generated") + " line " +
               std::to_string(o.line);
    return out;
}

// Can value `canon` of f hold any value of its type? An entry argument or a loaded value can;
// a computed one (absf x is never negative) or a loop's carried value need not.
bool isFreeInput(const GFunction& f, int canon)
{
    const GValue& v = f.values[size_t(canon)];
    if (v.def < 0)
        return v.region >= 0 && f.regions[size_t(v.region)].parentOp < 0;
    const GOp& o = f.ops[size_t(v.def)];
    return (o.id == OpId::LoadPtrTko || o.id == OpId::LoadViewTko) && v.index == 0;
}

// cmpf with predicate `p` and ordering on x and y, as the interpreter computes it.
bool floatCompare(std::string_view p, bool ordered, double x, double y)
{
    if (std::isnan(x) || std::isnan(y))
        return !ordered;
    if (p == "equal")
        return x == y;
    if (p == "not_equal")
        return x != y;
    if (p == "less_than")
        return x < y;
    if (p == "less_than_or_equal")
        return x <= y;
    if (p == "greater_than")
        return x > y;
    return x >= y; // greater_than_or_equal
}

std::string numberText(double x)
{
    if (std::isnan(x))
        return "NaN";
    std::ostringstream s;
    s << x;
    return s.str();
}

// Two float compares of the same operands (each operand the same input or the same constant on
// both sides) with other predicates or orderings: operand values, tried from the constants they
// read and a few plain numbers (NaN last), on which the two predicates give other results. The
// inputs are the solver's leaves: any value of the operand's type.
std::string floatPredicate(const GFunction& R, const GFunction& G, const OpMatching& m,
                           const GOp& a, const GOp& b)
{
    if (a.id != OpId::CmpF || b.id != OpId::CmpF || a.operands.size() != 2 ||
        b.operands.size() != 2)
        return {};
    const GAttr* pa = findAttr(a, "predicate");
    const GAttr* pb = findAttr(b, "predicate");
    const GAttr* oa = findAttr(a, "ordering");
    const GAttr* ob = findAttr(b, "ordering");
    if (!pa || !pb)
        return {};
    static const std::set<std::string_view> known = {"equal",        "not_equal",
                                                     "less_than",    "less_than_or_equal",
                                                     "greater_than", "greater_than_or_equal"};
    if (!known.count(pa->value) || !known.count(pb->value))
        return {};
    const bool orderedA = !oa || oa->value != "unordered";
    const bool orderedB = !ob || ob->value != "unordered";
    // Operand k on both sides: x[k] holds its constant where either side reads one (a
    // specialised reference constant against a port's argument: the launch passes that value),
    // else the reference's input.
    FloatOperand x[2];
    std::vector<double> tried;
    for (size_t k = 0; k < 2; ++k) {
        const FloatOperand r = floatOperand(R, a.operands[k], Side::Reference);
        const FloatOperand g = floatOperand(G, b.operands[k], Side::Generated);
        if (r.canon == -2 || g.canon == -2)
            return {};
        if (r.constant && g.constant) {
            if (*r.constant != *g.constant)
                return {};
            x[k] = r;
        } else if (r.constant || g.constant) {
            const FloatOperand& input = r.constant ? g : r;
            const GFunction& f = r.constant ? G : R;
            if (f.values[size_t(input.canon)].def >= 0)
                return {}; // a computed value against a constant: not an argument's value
            x[k] = r.constant ? r : g;
            x[k].name = input.name + " of " + (r.constant ? "generated" : "reference") +
                        " (the other side's constant)";
            x[k].canon = -3 - int(k); // shown, but fixed to the constant
        } else if (m.refValToGen[size_t(r.canon)] != g.canon &&
                   R.values[size_t(r.canon)].hash != G.values[size_t(g.canon)].hash) {
            return {}; // another value read: not a change of the predicate alone
        } else if (!isFreeInput(R, r.canon)) {
            return {}; // a computed value (absf x) need not take every value
        } else {
            x[k] = r;
        }
        if (x[k].constant)
            tried.push_back(*x[k].constant);
    }
    for (const double n : {0.0, 1.0, -1.0, std::nan("")})
        tried.push_back(n);
    // The inputs by canonical id: one input read twice takes one value.
    std::map<int, double> inputs;
    const auto valueOf = [&](size_t k, double candidate) {
        if (x[k].constant)
            return *x[k].constant;
        const auto it = inputs.find(x[k].canon);
        return it != inputs.end() ? it->second : candidate;
    };
    for (const double u : tried)
        for (const double v : tried) {
            inputs.clear();
            const double x0 = valueOf(0, u);
            if (!x[0].constant)
                inputs[x[0].canon] = x0;
            const double x1 = valueOf(1, v);
            const bool r = floatCompare(pa->value, orderedA, x0, x1);
            const bool g = floatCompare(pb->value, orderedB, x0, x1);
            if (r == g)
                continue;
            std::string text;
            for (size_t k = 0; k < 2; ++k)
                if ((!x[k].constant || x[k].canon <= -3) && (k == 0 || x[1].canon != x[0].canon))
                    text += (text.empty() ? "" : ", ") + x[k].name + " = " +
                            numberText(k == 0 ? x0 : x1);
            return "operands " + (text.empty() ? std::string("the constants") : text) +
                   " -> reference " + (r ? "1" : "0") + ", generated " + (g ? "1" : "0");
        }
    return {};
}

// A changed operand of a memory op: the two access other places or lanes where the operand's
// values differ. Of an offset: the addresses it computes differ.
std::string changedOperand(const GFunction& R, const GFunction& G, const OpMatching& m,
                           const RawDifference& d)
{
    const GOp& a = R.ops[size_t(d.refOp)];
    const GOp& b = G.ops[size_t(d.genOp)];
    if (a.id == OpId::Offset && b.id == OpId::Offset && a.results.size() == 1 &&
        b.results.size() == 1)
        return differsText(smtCompareValues(R, a.results[0], G, b.results[0], m), "address");
    if (d.kind == DiffKind::AttributeChanged && a.id == OpId::CmpF)
        return floatPredicate(R, G, m, a, b);
    // An assume's changed bound on a value that differs in some iteration (a loop index
    // whose loop starts elsewhere): the values it states the bound of.
    if (d.kind == DiffKind::AttributeChanged && a.id == OpId::Assume && b.id == OpId::Assume &&
        !a.operands.empty() && !b.operands.empty())
        return differsText(smtCompareIterations(R, a.operands[0], G, b.operands[0], m),
                           "the value assumed");
    const bool memory = isMemoryOp(a.id) && isMemoryOp(b.id);
    if (!memory || d.kind != DiffKind::OperandChanged)
        return {};
    if (d.attribute == "operand_count")
        return absentMask(R, G, m, a, b);
    if (d.operandIndex < 0 && d.attribute.rfind("padding", 0) == 0) // "padding value read by .."
        return gatherPadding(R, G, m, a, b);
    if (d.operandIndex == 0 && a.id == OpId::LoadViewTko)
        return viewPadding(R, G, m, a, b);
    const int x = operandAt(R, a, d.operandIndex, true);
    const int y = operandAt(G, b, d.operandIndex, true);
    if (x < 0 || y < 0)
        return {};
    const bool view = (a.id == OpId::LoadViewTko || a.id == OpId::StoreViewTko) && b.id == a.id;
    return differsText(view ? smtCompareAccessValues(R, x, d.refOp, G, y, d.genOp, m)
                            : smtCompareValues(R, x, G, y, m),
                       d.attribute);
}

// An op on one side only: the first users, through ops on that side only, that have a
// counterpart (the same op) on the other side; where such a user reads a value computed from
// the op and its counterpart reads another value at the same operand, that pair is compared.
std::string oneSided(const GFunction& R, const GFunction& G, const OpMatching& m,
                     const RawDifference& d)
{
    constexpr size_t kMaxOpsVisited = 64;
    const Side side = d.refOp >= 0 ? Side::Reference : Side::Generated;
    const GFunction& f = side == Side::Reference ? R : G;
    const GFunction& other = side == Side::Reference ? G : R;
    const std::vector<int>& toOther = side == Side::Reference ? m.refToGen : m.genToRef;
    // The ops that read each canonical value, by their written operands (GValue::users follows
    // the normal form, which can read through an op).
    std::map<int, std::vector<int>> readers;
    for (size_t o = 0; o < f.ops.size(); ++o)
        for (int v : f.ops[o].operands)
            readers[f.values[size_t(v)].canon].push_back(int(o));
    std::set<int> computed; // canonical values computed from the op, on its side
    std::vector<int> work = {opOn(d, side)};
    std::set<int> seen;
    while (!work.empty() && seen.size() < kMaxOpsVisited) {
        const int o = work.front();
        work.erase(work.begin());
        if (!seen.insert(o).second)
            continue;
        const GOp& op = f.ops[size_t(o)];
        const int counterpart = o == opOn(d, side) ? -1 : toOther[size_t(o)];
        if (counterpart < 0) { // on this side only: what it computes follows from the op
            for (int r : op.results) {
                const std::string_view type = f.values[size_t(r)].typeText;
                if (intWidth(type) <= 0 && type.find("ptr<") == std::string_view::npos)
                    continue; // floats and tokens: nothing the solver compares

                computed.insert(f.values[size_t(r)].canon);
                const auto users = readers.find(f.values[size_t(r)].canon);
                if (users != readers.end())
                    work.insert(work.end(), users->second.begin(), users->second.end());
            }
            continue;
        }
        const GOp& otherOp = other.ops[size_t(counterpart)];
        if (op.id != otherOp.id) // operand k of another op is another role
            continue;
        const bool memory = isMemoryOp(op.id);
        const size_t n = memory ? memoryRoles(f, op).main.size() : op.operands.size();
        for (size_t k = 0; k < n; ++k) {
            const int here = operandAt(f, op, int(k), memory);
            if (here < 0 || !computed.count(f.values[size_t(here)].canon))
                continue;
            const int there = operandAt(other, otherOp, int(k), memory);
            if (there < 0)
                continue;
            // A view access's tile indices stay in their views' index spaces.
            const bool view = op.id == OpId::LoadViewTko || op.id == OpId::StoreViewTko;
            const int refAccess = view ? (side == Side::Reference ? o : counterpart) : -1;
            const int genAccess = view ? (side == Side::Reference ? counterpart : o) : -1;
            const SmtVerdict v =
                side == Side::Reference
                    ? smtCompareAccessValues(R, here, refAccess, G, there, genAccess, m)
                    : smtCompareAccessValues(R, there, refAccess, G, here, genAccess, m);
            const GOp& genUser = side == Side::Reference ? otherOp : op;
            const GOp& refUser = side == Side::Reference ? op : otherOp;
            std::string text =
                differsText(v, "operand " + std::to_string(k) + " of " + std::string(genUser.name) +
                                   " at generated line " + std::to_string(genUser.line) +
                                   " (reference line " + std::to_string(refUser.line) + ")");
            if (!text.empty())
                return text;
        }
        // Operands of other types (an index widened on one side only): the user's results.
        if (!memory && op.results.size() == 1 && otherOp.results.size() == 1) {
            const int here = op.results[0], there = otherOp.results[0];
            const SmtVerdict v = side == Side::Reference ? smtCompareValues(R, here, G, there, m)
                                                         : smtCompareValues(R, there, G, here, m);
            const GOp& genUser = side == Side::Reference ? otherOp : op;
            const GOp& refUser = side == Side::Reference ? op : otherOp;
            std::string text =
                differsText(v, std::string(genUser.name) + " at generated line " +
                                   std::to_string(genUser.line) + " (reference line " +
                                   std::to_string(refUser.line) + ")");
            if (!text.empty())
                return text;
        }
    }
    return {};
}

} // namespace

std::string criticalCounterexample(const GFunction& R, const GFunction& G, const OpMatching& m,
                                   const RawDifference& d)
{
    if (d.functionLevel)
        return {};
    if (d.refOp >= 0 && d.genOp >= 0)
        return changedOperand(R, G, m, d);
    if ((d.kind == DiffKind::OpMissing || d.kind == DiffKind::OpExtra) &&
        (d.refOp >= 0 || d.genOp >= 0))
        return oneSided(R, G, m, d);
    return {};
}

} // namespace tilelens::diff
