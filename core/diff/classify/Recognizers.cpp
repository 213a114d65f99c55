#include "diff/classify/Recognizers.h"

#include "ir/Type.h"

#include <charconv>
#include <cstdlib>

namespace tilelens::diff {

namespace {

const GAttr* findAttr(const GOp& o, const char* name)
{
    for (const auto& a : o.attrs)
        if (a.name == name)
            return &a;
    return nullptr;
}

// Integer value of a `constant` op ("<i32: 1> : tile<i32>" -> 1).
bool constantInt(const GOp& o, long long& out)
{
    if (o.id != OpId::Constant)
        return false;
    const GAttr* v = findAttr(o, "value");
    if (!v)
        return false;
    const auto colon = v->value.find(':');
    if (colon == std::string_view::npos)
        return false;
    const char* p = v->value.data() + colon + 1;
    const char* end = v->value.data() + v->value.size();
    while (p < end && *p == ' ')
        ++p;
    const auto r = std::from_chars(p, end, out);
    return r.ec == std::errc() && r.ptr != p && r.ptr < end && *r.ptr == '>';
}

bool isScalarIntType(std::string_view t)
{
    return t.rfind("tile<i", 0) == 0 && t.find('x') == std::string_view::npos;
}

// rounding<approx> and rounding<full> select an approximation (ftz-approx's
// concern), not one of the IEEE modes; absent is the default nearest_even.
bool isIeeeRounding(std::string_view mode)
{
    return mode != "approx" && mode != "full";
}

} // namespace

RecognizerContext::RecognizerContext(const GFunction& ref, const GFunction& gen,
                                     const OpMatching& m)
    : R(ref), G(gen), M(m)
{
    for (const auto& o : G.ops)
        if (o.id == OpId::LoadPtrTko || o.id == OpId::StorePtrTko)
            m_genRawPointerAccess = true;
    scanPairs();
    // Loop steps wrapped in assume on one side only.
    for (Side s : kBothSides) {
        const GFunction& f = function(s);
        for (const auto& o : f.ops) {
            if (o.id != OpId::For || o.operands.size() < 3)
                continue;
            const int written = f.values[size_t(o.operands[2])].def;
            if (written >= 0 && f.ops[size_t(written)].assume && !matchedOp(s, written))
                m_cover["assume-wrapped-loop-step"][s].insert(written);
        }
    }
}

int RecognizerContext::defOf(Side side, int value) const
{
    return function(side).canonValue(value).def;
}

bool RecognizerContext::matchedOp(Side side, int op) const
{
    return (side == Side::Generated ? M.genToRef : M.refToGen)[size_t(op)] >= 0;
}

// Candidate pairs: matched ops that differ, and the producers of operands that
// do not correspond in matched ops.
void RecognizerContext::scanPairs()
{
    for (size_t r = 0; r < R.ops.size(); ++r) {
        const int g = M.refToGen[r];
        if (g < 0)
            continue;
        const GOp& a = R.ops[r];
        const GOp& b = G.ops[size_t(g)];
        checkPair(Side::Reference, int(r), g);
        checkPair(Side::Generated, g, int(r));
        if (a.operands.size() != b.operands.size())
            continue;
        for (size_t i = 0; i < a.operands.size(); ++i) {
            const int rv = R.values[size_t(a.operands[i])].canon;
            const int gv = G.values[size_t(b.operands[i])].canon;
            if (M.refValToGen[size_t(rv)] == gv)
                continue;
            const int rd = R.values[size_t(rv)].def;
            const int gd = G.values[size_t(gv)].def;
            if (rd >= 0 && gd >= 0) {
                checkPair(Side::Reference, rd, gd);
                checkPair(Side::Generated, gd, rd);
            }
        }
    }
}

// `op` is muli of something by the constant `factor`.
bool RecognizerContext::isScaledBy(Side side, int op, int64_t factor) const
{
    const GOp& o = function(side).ops[size_t(op)];
    if (o.id != OpId::MulI)
        return false;
    for (int v : o.operands) {
        const int d = defOf(side, v);
        long long c = 0;
        if (d >= 0 && constantInt(function(side).ops[size_t(d)], c) && c == factor)
            return true;
    }
    return false;
}

// divi rounding<positive_inf> by a constant, or a floor division of x + (T - 1)
// by the constant T (the constants summed along an addi/subi chain).
bool RecognizerContext::isCeilDivision(Side side, int op) const
{
    const GFunction& f = function(side);
    const GOp& o = f.ops[size_t(op)];
    if (o.id != OpId::DivI || o.operands.size() != 2)
        return false;
    const int dv = defOf(side, o.operands[1]);
    long long t = 0;
    if (dv < 0 || !constantInt(f.ops[size_t(dv)], t) || t < 1)
        return false;
    const GAttr* r = findAttr(o, "rounding");
    if (r && r->value == "positive_inf")
        return true;
    if (!r || r->value != "negative_inf")
        return false;
    long long sum = 0;
    int cur = defOf(side, o.operands[0]);
    for (int depth = 0; depth < 3 && cur >= 0; ++depth) {
        const GOp& n = f.ops[size_t(cur)];
        if ((n.id != OpId::AddI && n.id != OpId::SubI) || n.operands.size() != 2)
            break;
        int next = -1;
        for (size_t i = 0; i < 2; ++i) {
            const int d = defOf(side, n.operands[i]);
            long long c = 0;
            if (d >= 0 && constantInt(f.ops[size_t(d)], c) && !(n.id == OpId::SubI && i == 0))
                sum += n.id == OpId::SubI ? -c : c;
            else
                next = d;
        }
        cur = next;
    }
    return sum == t - 1;
}

void RecognizerContext::coverChain(Side side, int op, int depth,
                                   std::initializer_list<OpId> allowed, Cover& c)
{
    if (op < 0 || depth < 0)
        return;
    if (!c[side].insert(op).second)
        return;
    const GOp& o = function(side).ops[size_t(op)];
    for (int v : o.operands) {
        const int d = defOf(side, v);
        if (d >= 0 && !matchedOp(side, d) && isOneOf(function(side).ops[size_t(d)].id, allowed))
            coverChain(side, d, depth - 1, allowed, c);
    }
}

// `a` is on `sideOfA`, `b` on the other side.
void RecognizerContext::checkPair(Side sideOfA, int a, int b)
{
    const Side sa = sideOfA, sb = otherSide(sideOfA);
    const GOp& x = function(sa).ops[size_t(a)];
    const GOp& y = function(sb).ops[size_t(b)];
    const std::initializer_list<OpId> arith = {OpId::AddI,   OpId::SubI,           OpId::Constant,
                                               OpId::DivI,   OpId::MulI,           OpId::ExtI,
                                               OpId::TruncI, OpId::GetTensorShape, OpId::Assume};

    // EQ1 (ceil division), EQ2 (min as compare-and-choose) and EQ4 (the
    // Python-modulo fix-up) are proven by the semantic normal form now
    // (SemanticForm.cpp); their pattern recognizers accepted too much.
    // EQ3: get_index_space_shape vs ceil(dim / tile).
    if (x.id == OpId::GetIndexSpaceShape && isCeilDivision(sb, b)) {
        Cover& c = m_cover["index-space-shape-vs-ceildiv"];
        c[sa].insert(a);
        coverChain(sb, b, 4, arith, c);
    }
    // EQ6: strided view + element offsets vs partition view + tile indices.
    if (x.id == OpId::MakeStridedView && y.id == OpId::MakePartitionView && !x.results.empty() &&
        !y.results.empty()) {
        const ir::Type* tx = function(sa).values[size_t(x.results[0])].type;
        const ir::Type* ty = function(sb).values[size_t(y.results[0])].type;
        bool same = tx && ty && tx->shape.size() == ty->shape.size() &&
                    tx->padding == ty->padding && tx->tensorView && ty->tensorView &&
                    tx->tensorView->canonicalText == ty->tensorView->canonicalText;
        for (size_t i = 0; same && i < tx->shape.size(); ++i)
            same = tx->shape[i] == ty->shape[i];
        if (same) {
            Cover& c = m_cover["partition-vs-strided-view"];
            c[sa].insert(a);
            c[sb].insert(b);
            // The element offsets of the strided view's accesses (the operands
            // right after the view): index * the tile size of that dimension,
            // also where the other side indexes by a block argument.
            const GFunction& f = function(sa);
            const int view = f.values[size_t(x.results[0])].canon;
            for (int user : f.values[size_t(view)].users) {
                const auto& ops = f.ops[size_t(user)].operands;
                size_t at = 0;
                while (at < ops.size() && f.values[size_t(ops[at])].canon != view)
                    ++at;
                for (size_t dim = 0; dim < tx->shape.size() && at + 1 + dim < ops.size(); ++dim) {
                    const int d = defOf(sa, ops[at + 1 + dim]);
                    if (d >= 0 && !matchedOp(sa, d) && isScaledBy(sa, d, tx->shape[dim]))
                        coverChain(sa, d, 1, arith, c);
                }
            }
        }
    }
}

bool RecognizerContext::covered(const Cover& c, const RawDifference& d) const
{
    if (d.refOp >= 0 && c.reference().count(d.refOp))
        return true;
    if (d.genOp >= 0 && c.generated().count(d.genOp))
        return true;
    if (d.kind == DiffKind::OperandChanged && d.operandIndex >= 0 && d.refOp >= 0 && d.genOp >= 0) {
        const auto& ro = R.ops[size_t(d.refOp)].operands;
        const auto& go = G.ops[size_t(d.genOp)].operands;
        if (size_t(d.operandIndex) < ro.size() && size_t(d.operandIndex) < go.size()) {
            const int rd = defOf(Side::Reference, ro[size_t(d.operandIndex)]);
            const int gd = defOf(Side::Generated, go[size_t(d.operandIndex)]);
            return (rd >= 0 && c.reference().count(rd)) || (gd >= 0 && c.generated().count(gd));
        }
    }
    return false;
}

bool RecognizerContext::recognize(const std::string& name, const RawDifference& d) const
{
    // Proven by the semantic normal form (or the memory-operand checks), with
    // no counterexample found.
    if (name == "proven")
        return !d.proof.empty() && !d.conditional && d.counterexample.empty();
    if (name == "proven-if")
        return !d.proof.empty() && d.conditional && d.counterexample.empty();
    // Names of the pattern recognizers the normal form replaced: a user rule
    // naming one now accepts what the normal form proves.
    if (name == "divi-ceil-vs-arith" || name == "mini-vs-select" || name == "remi-negative-fixup")
        return !d.proof.empty() && d.counterexample.empty();
    // A float op rounded in another IEEE mode (absent -> positive_inf): its
    // own rule, apart from flush-to-zero and approximate rounding.
    if (name == "ieee-rounding-change")
        return d.attribute == "rounding" && isIeeeRounding(d.refValue) &&
               isIeeeRounding(d.genValue);
    auto it = m_cover.find(name);
    if (it != m_cover.end())
        return covered(it->second, d);

    // Recognizers about one assume op (on whichever side it is).
    const Side side = d.genOp >= 0 && d.refOp < 0 ? Side::Generated : Side::Reference;
    const int op = opOn(d, side);
    if (op < 0)
        return false;
    const GFunction& f = function(side);
    const GOp& o = f.ops[size_t(op)];
    if (!o.assume)
        return false;
    const GValue& operand = f.canonValue(o.operands[0]);
    const std::string_view type = f.values[size_t(o.operands[0])].typeText;
    if (name == "assume-bounded-on-index") {
        if (operand.def >= 0) {
            const OpId n = f.ops[size_t(operand.def)].id;
            return n == OpId::GetTileBlockId || n == OpId::GetNumTileBlocks;
        }
        // Induction variable: argument 0 of a `for` body.
        if (operand.region < 0)
            return false;
        const GRegion& reg = f.regions[size_t(operand.region)];
        return operand.index == 0 && reg.parentOp >= 0 &&
               f.ops[size_t(reg.parentOp)].id == OpId::For;
    }
    if (name == "scalar-assume")
        return isScalarIntType(type);
    if (name == "pointer-assume")
        return type.find("ptr<") != std::string_view::npos;
    if (name == "pointer-assume-raw-access")
        return type.find("ptr<") != std::string_view::npos && m_genRawPointerAccess;
    return false;
}

} // namespace tilelens::diff
