#include "diff/Recognizers.h"

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
    if (o.name != "constant")
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

} // namespace

RecognizerContext::RecognizerContext(const GFunction& ref, const GFunction& gen,
                                     const OpMatching& m)
    : R(ref), G(gen), M(m)
{
    for (const auto& o : G.ops)
        if (o.name == "load_ptr_tko" || o.name == "store_ptr_tko")
            m_genRawPointerAccess = true;
    scanPairs();
    // Loop steps wrapped in assume on one side only.
    for (bool gen : {false, true}) {
        const GFunction& f = side(gen);
        for (const auto& o : f.ops) {
            if (o.name != "for" || o.operands.size() < 3)
                continue;
            const int written = f.values[size_t(o.operands[2])].def;
            if (written >= 0 && f.ops[size_t(written)].assume && !matchedOp(gen, written))
                (gen ? m_cover["assume-wrapped-loop-step"].gen
                     : m_cover["assume-wrapped-loop-step"].ref)
                    .insert(written);
        }
    }
}

int RecognizerContext::defOf(bool gen, int value) const
{
    return side(gen).canonValue(value).def;
}

bool RecognizerContext::matchedOp(bool gen, int op) const
{
    return (gen ? M.genToRef : M.refToGen)[size_t(op)] >= 0;
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
        checkPair(true, int(r), g);
        checkPair(false, g, int(r));
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
                checkPair(true, rd, gd);
                checkPair(false, gd, rd);
            }
        }
    }
}

// `op` is muli of something by the constant `factor`.
bool RecognizerContext::isScaledBy(bool gen, int op, int64_t factor) const
{
    const GOp& o = side(gen).ops[size_t(op)];
    if (o.name != "muli")
        return false;
    for (int v : o.operands) {
        const int d = defOf(gen, v);
        long long c = 0;
        if (d >= 0 && constantInt(side(gen).ops[size_t(d)], c) && c == factor)
            return true;
    }
    return false;
}

bool RecognizerContext::isCeilDivision(bool gen, int op) const
{
    const GFunction& f = side(gen);
    const GOp& o = f.ops[size_t(op)];
    if (o.name != "divi" || o.operands.size() != 2)
        return false;
    if (const GAttr* r = findAttr(o, "rounding"))
        if (r->value == "positive_inf")
            return true;
    // (a + b - 1) / b in any association: the numerator adds and subtracts a constant 1.
    const int num = defOf(gen, o.operands[0]);
    if (num < 0)
        return false;
    const GOp& n = f.ops[size_t(num)];
    if (n.name != "addi" && n.name != "subi")
        return false;
    for (int v : n.operands) {
        const int d = defOf(gen, v);
        if (d < 0)
            continue;
        long long c = 0;
        const GOp& x = f.ops[size_t(d)];
        if (constantInt(x, c) && (c == 1 || c == -1))
            return true;
        if (x.name == "addi" || x.name == "subi")
            for (int w : x.operands) {
                const int e = defOf(gen, w);
                if (e >= 0 && constantInt(f.ops[size_t(e)], c) && (c == 1 || c == -1))
                    return true;
            }
    }
    return false;
}

void RecognizerContext::coverChain(bool gen, int op, int depth,
                                   const std::unordered_set<std::string_view>& allowed, Cover& c)
{
    if (op < 0 || depth < 0)
        return;
    auto& set = gen ? c.gen : c.ref;
    if (!set.insert(op).second)
        return;
    const GOp& o = side(gen).ops[size_t(op)];
    for (int v : o.operands) {
        const int d = defOf(gen, v);
        if (d >= 0 && !matchedOp(gen, d) && allowed.count(side(gen).ops[size_t(d)].name))
            coverChain(gen, d, depth - 1, allowed, c);
    }
}

// `a` is on side refIsA ? reference : generated, `b` on the other side.
void RecognizerContext::checkPair(bool refIsA, int a, int b)
{
    const bool genA = !refIsA, genB = refIsA;
    const GOp& x = side(genA).ops[size_t(a)];
    const GOp& y = side(genB).ops[size_t(b)];
    static const std::unordered_set<std::string_view> arith = {
        "addi", "subi", "constant", "divi", "muli", "exti", "trunci", "get_tensor_shape", "assume"};
    static const std::unordered_set<std::string_view> fixup = {
        "select", "xori", "andi", "ori", "cmpi", "addi", "subi", "constant", "remi"};

    // EQ1: divi rounding<positive_inf> vs (a+b-1)/b.
    if (x.name == "divi" && y.name == "divi") {
        const GAttr* rx = findAttr(x, "rounding");
        const GAttr* ry = findAttr(y, "rounding");
        const bool xr = rx && rx->value == "positive_inf";
        const bool yr = ry && ry->value == "positive_inf";
        if (xr && !yr && isCeilDivision(genB, b)) {
            Cover& c = m_cover["divi-ceil-vs-arith"];
            coverChain(genA, a, 0, arith, c);
            coverChain(genB, b, 3, arith, c);
        }
    }
    // EQ2: signed mini vs select(cmpi less_than a, b; a; b).
    if (x.name == "mini" && y.name == "select" && y.operands.size() == 3) {
        const int cmp = defOf(genB, y.operands[0]);
        if (cmp >= 0 && side(genB).ops[size_t(cmp)].name == "cmpi") {
            Cover& c = m_cover["mini-vs-select"];
            (genA ? c.gen : c.ref).insert(a);
            (genB ? c.gen : c.ref).insert(b);
            if (!matchedOp(genB, cmp))
                (genB ? c.gen : c.ref).insert(cmp);
        }
    }
    // EQ3: get_index_space_shape vs ceil(dim / tile).
    if (x.name == "get_index_space_shape" && isCeilDivision(genB, b)) {
        Cover& c = m_cover["index-space-shape-vs-ceildiv"];
        (genA ? c.gen : c.ref).insert(a);
        coverChain(genB, b, 4, arith, c);
    }
    // EQ4: negative-remainder fix-up on one side only.
    if (x.name == "remi" && !x.results.empty() && fixup.count(y.name) && y.name != "remi" &&
        !matchedOp(genB, b)) {
        // y's chain of fix-up ops must lead back to a remi corresponding to x.
        std::vector<int> stack = {b};
        std::unordered_set<int> seen;
        bool reaches = false;
        while (!stack.empty() && seen.size() < 16) {
            const int o = stack.back();
            stack.pop_back();
            if (!seen.insert(o).second)
                continue;
            for (int v : side(genB).ops[size_t(o)].operands) {
                const int cv = side(genB).values[size_t(v)].canon;
                const int mapped = (genB ? M.genValToRef : M.refValToGen)[size_t(cv)];
                const int xv = side(genA).values[size_t(x.results[0])].canon;
                if (mapped == xv)
                    reaches = true;
                const int d = side(genB).values[size_t(cv)].def;
                if (d >= 0 && !matchedOp(genB, d) && fixup.count(side(genB).ops[size_t(d)].name))
                    stack.push_back(d);
            }
        }
        if (reaches) {
            Cover& c = m_cover["remi-negative-fixup"];
            (genA ? c.gen : c.ref).insert(a);
            for (int o : seen)
                (genB ? c.gen : c.ref).insert(o);
        }
    }
    // EQ6: strided view + element offsets vs partition view + tile indices.
    if (x.name == "make_strided_view" && y.name == "make_partition_view" && !x.results.empty() &&
        !y.results.empty()) {
        const ir::Type* tx = side(genA).values[size_t(x.results[0])].type;
        const ir::Type* ty = side(genB).values[size_t(y.results[0])].type;
        bool same = tx && ty && tx->shape.size() == ty->shape.size() &&
                    tx->padding == ty->padding && tx->tensorView && ty->tensorView &&
                    tx->tensorView->canonicalText == ty->tensorView->canonicalText;
        for (size_t i = 0; same && i < tx->shape.size(); ++i)
            same = tx->shape[i] == ty->shape[i];
        if (same) {
            Cover& c = m_cover["partition-vs-strided-view"];
            (genA ? c.gen : c.ref).insert(a);
            (genB ? c.gen : c.ref).insert(b);
            // The element offsets of the strided view's accesses (the operands
            // right after the view): index * the tile size of that dimension,
            // also where the other side indexes by a block argument.
            const GFunction& f = side(genA);
            const int view = f.values[size_t(x.results[0])].canon;
            for (int user : f.values[size_t(view)].users) {
                const auto& ops = f.ops[size_t(user)].operands;
                size_t at = 0;
                while (at < ops.size() && f.values[size_t(ops[at])].canon != view)
                    ++at;
                for (size_t dim = 0; dim < tx->shape.size() && at + 1 + dim < ops.size(); ++dim) {
                    const int d = defOf(genA, ops[at + 1 + dim]);
                    if (d >= 0 && !matchedOp(genA, d) && isScaledBy(genA, d, tx->shape[dim]))
                        coverChain(genA, d, 1, arith, c);
                }
            }
        }
    }
}

bool RecognizerContext::covered(const Cover& c, const RawDifference& d) const
{
    if (d.refOp >= 0 && c.ref.count(d.refOp))
        return true;
    if (d.genOp >= 0 && c.gen.count(d.genOp))
        return true;
    if (d.kind == DiffKind::OperandChanged && d.operandIndex >= 0 && d.refOp >= 0 && d.genOp >= 0) {
        const auto& ro = R.ops[size_t(d.refOp)].operands;
        const auto& go = G.ops[size_t(d.genOp)].operands;
        if (size_t(d.operandIndex) < ro.size() && size_t(d.operandIndex) < go.size()) {
            const int rd = defOf(false, ro[size_t(d.operandIndex)]);
            const int gd = defOf(true, go[size_t(d.operandIndex)]);
            return (rd >= 0 && c.ref.count(rd)) || (gd >= 0 && c.gen.count(gd));
        }
    }
    return false;
}

bool RecognizerContext::recognize(const std::string& name, const RawDifference& d) const
{
    auto it = m_cover.find(name);
    if (it != m_cover.end())
        return covered(it->second, d);

    // Recognizers about one assume op (on whichever side it is).
    const bool gen = d.genOp >= 0 && d.refOp < 0;
    const int op = gen ? d.genOp : d.refOp;
    if (op < 0)
        return false;
    const GFunction& f = side(gen);
    const GOp& o = f.ops[size_t(op)];
    if (!o.assume)
        return false;
    const GValue& operand = f.canonValue(o.operands[0]);
    const std::string_view type = f.values[size_t(o.operands[0])].typeText;
    if (name == "assume-bounded-on-index") {
        if (operand.def >= 0) {
            const auto n = f.ops[size_t(operand.def)].name;
            return n == "get_tile_block_id" || n == "get_num_tile_blocks";
        }
        // Induction variable: argument 0 of a `for` body.
        if (operand.region < 0)
            return false;
        const GRegion& reg = f.regions[size_t(operand.region)];
        return operand.index == 0 && reg.parentOp >= 0 && f.ops[size_t(reg.parentOp)].name == "for";
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
