#include "diff/compare/ShiftedBound.h"

#include "diff/semantics/Semantics.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace tilelens::diff {

namespace {

// One operand written as base + delta (delta +-1 from addi / subi of a constant).
struct Shifted
{
    int op = -1; // the addi / subi
    int base = -1;
    int64_t delta = 0;
};

std::optional<int64_t> constantOf(const GFunction& f, int value)
{
    const int def = f.canonValue(value).def;
    if (def < 0 || f.ops[size_t(def)].id != OpId::Constant)
        return std::nullopt;
    const GAttr* v = findAttr(f.ops[size_t(def)], "value");
    return v ? splatInt(v->value) : std::nullopt;
}

std::optional<Shifted> shiftedByOne(const GFunction& f, int value)
{
    const int def = f.canonValue(value).def;
    if (def < 0)
        return std::nullopt;
    const GOp& o = f.ops[size_t(def)];
    if ((o.id != OpId::AddI && o.id != OpId::SubI) || o.operands.size() != 2)
        return std::nullopt;
    Shifted s;
    s.op = def;
    if (const auto c = constantOf(f, o.operands[1])) {
        s.base = o.operands[0];
        s.delta = o.id == OpId::SubI ? -*c : *c;
    } else if (const auto c0 = constantOf(f, o.operands[0]); c0 && o.id == OpId::AddI) {
        s.base = o.operands[1];
        s.delta = *c0;
    } else {
        return std::nullopt;
    }
    if (s.delta != 1 && s.delta != -1)
        return std::nullopt;
    return s;
}

// base + delta stays in range for a compare of the given signedness: its
// proven signed range keeps it off the type's wrap point.
bool cannotWrap(const GFunction& f, int base, int64_t delta, bool unsignedCompare)
{
    const int width = intWidth(f.values[size_t(base)].typeText);
    const IntRange r = f.canonValue(base).range;
    if (width < 2 || width > 64 || !r.known)
        return false;
    const Wide max = (Wide(1) << (width - 1)) - 1;
    const Wide min = -max - 1;
    if (unsignedCompare) // bit patterns [0, max] only, and not onto 0 - 1
        return r.lo >= 0 && (delta > 0 ? Wide(r.hi) < max : r.lo >= 1);
    return delta > 0 ? Wide(r.hi) < max : Wide(r.lo) > min;
}

// The predicate `shifted` on `x (+delta at operand k)` reads as `plain` on x:
// x < y is x <= y - 1 and x + 1 <= y, x <= y is x < y + 1 and x - 1 < y, and
// the mirrored forms for > and >=.
bool readsAs(std::string_view plain, std::string_view shifted, size_t k, int64_t delta)
{
    struct Row
    {
        std::string_view plain, shifted;
        int64_t rhsDelta; // delta on operand 1; operand 0 takes the opposite
    };
    static constexpr std::array<Row, 4> kRows = {{{"less_than", "less_than_or_equal", -1},
                                                  {"less_than_or_equal", "less_than", 1},
                                                  {"greater_than", "greater_than_or_equal", 1},
                                                  {"greater_than_or_equal", "greater_than", -1}}};
    for (const Row& row : kRows)
        if (row.plain == plain && row.shifted == shifted)
            return (k == 1 ? row.rhsDelta : -row.rhsDelta) == delta;
    return false;
}

// `s` on side fs is the shifted spelling of `p` (the other side); `same(pv,
// sv)` says a value of p's side is the value sv of fs.
bool shiftedOf(const GOp& p, const GFunction& fs, const GOp& s,
               const std::function<bool(int, int)>& same, std::string& why, int& shiftOp)
{
    const GAttr* pp = findAttr(p, "predicate");
    const GAttr* ps = findAttr(s, "predicate");
    if (!pp || !ps || pp->value == ps->value)
        return false;
    const GAttr* sign = findAttr(s, "signedness");
    const bool unsignedCompare = sign && sign->value == "unsigned";
    for (size_t k = 0; k < 2; ++k) {
        const auto shifted = shiftedByOne(fs, s.operands[k]);
        if (!shifted || !same(p.operands[k], shifted->base) ||
            !same(p.operands[1 - k], s.operands[1 - k]) ||
            !readsAs(pp->value, ps->value, k, shifted->delta) ||
            !cannotWrap(fs, shifted->base, shifted->delta, unsignedCompare))
            continue;
        why = std::string(ps->value) + " with operand " + std::to_string(k) + " moved by " +
              std::to_string(shifted->delta) + " is " + std::string(pp->value) +
              ": the moved value, in " + fs.canonValue(shifted->base).range.text() +
              ", cannot wrap";
        const GValue& moved = fs.canonValue(s.operands[k]);
        shiftOp = moved.users.size() == 1 ? shifted->op : -1;
        return true;
    }
    return false;
}

} // namespace

ShiftedBound shiftedBound(const GFunction& R, int r, const GFunction& G, int g,
                          const ValuesCorrespond& correspond)
{
    ShiftedBound out;
    const GOp& a = R.ops[size_t(r)];
    const GOp& b = G.ops[size_t(g)];
    if (a.id != OpId::CmpI || b.id != OpId::CmpI || a.operands.size() != 2 ||
        b.operands.size() != 2)
        return out;
    if (shiftedOf(a, G, b, correspond, out.proof, out.shiftOp)) {
        out.shiftedSide = Side::Generated;
        return out;
    }
    const auto swapped = [&](int gv, int rv) { return correspond(rv, gv); };
    if (shiftedOf(b, R, a, swapped, out.proof, out.shiftOp))
        out.shiftedSide = Side::Reference;
    return out;
}

} // namespace tilelens::diff
