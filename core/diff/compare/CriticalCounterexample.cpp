#include "diff/compare/CriticalCounterexample.h"

#include "diff/compare/SmtCheck.h"
#include "diff/semantics/MemoryAccess.h"
#include "diff/semantics/Semantics.h"

#include <map>
#include <set>
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
    const bool memory = isMemoryOp(a.id) && isMemoryOp(b.id);
    if (!memory || d.kind != DiffKind::OperandChanged)
        return {};
    if (d.attribute == "operand_count")
        return absentMask(R, G, m, a, b);
    const int x = operandAt(R, a, d.operandIndex, true);
    const int y = operandAt(G, b, d.operandIndex, true);
    if (x < 0 || y < 0)
        return {};
    return differsText(smtCompareValues(R, x, G, y, m), d.attribute);
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
            const SmtVerdict v = side == Side::Reference ? smtCompareValues(R, here, G, there, m)
                                                         : smtCompareValues(R, there, G, here, m);
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
