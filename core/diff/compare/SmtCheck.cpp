#include "diff/compare/SmtCheck.h"

#include "common/Side.h"
#include "diff/semantics/MemoryAccess.h"
#include "diff/semantics/Semantics.h"
#include "ir/Type.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <vector>
#include <z3++.h>

namespace tilelens::diff {

namespace {

// The resource limit (solver steps) bounds every query and makes the outcome
// independent of the machine's load. (A wall-clock timeout would also start a
// timer thread per query, which cost more than the queries themselves.) The
// real-port and port-mistake queries need at most ~30k steps; a flipped predicate
// in front of an i32 division needs over 1M to yield its counterexample. Modules
// too large for many such queries skip the solver (IrDiff's kSolverMaxOps).
constexpr unsigned kResourceLimit = 4000000;
// The first check, with every leaf in [-16, 16], only looks for a readable
// counterexample: a tenth of the budget (the corpus and real-port queries need
// at most ~30k steps), so a query it cannot settle (i32 division) costs little
// before the full check.
constexpr unsigned kSmallInputsResourceLimit = kResourceLimit / 10;
constexpr unsigned kSeed = 13;
static_assert(SolverBudget::kSteps == 2 * uint64_t(kResourceLimit),
              "a function pair's solver budget is two queries' step limits");
constexpr int kMaxNodes = 200;

bool isUnsigned(const GOp& o)
{
    const GAttr* s = findAttr(o, "signedness");
    return (s && s->value == "unsigned") || findAttr(o, "unsignedCmp");
}

// Bytes of the element a pointer tile points to ("tile<128xptr<f16>>" -> 2); 0 for other
// types (and pointees of unknown size).
int64_t pointeeBytes(std::string_view typeText)
{
    const size_t at = typeText.find("ptr<");
    if (at == std::string_view::npos)
        return 0;
    const std::string_view rest = typeText.substr(at + 4);
    const std::string_view e = rest.substr(0, rest.find('>'));
    if (e == "i1" || e == "i8" || e == "f8E4M3FN" || e == "f8E5M2")
        return 1;
    if (e == "i16" || e == "f16" || e == "bf16")
        return 2;
    if (e == "i32" || e == "f32" || e == "tf32")
        return 4;
    if (e == "i64" || e == "f64")
        return 8;
    return 0;
}

// The parts of an assume the solver uses: div_by<N> (N > 1) and bounded<lo, hi>.
struct AssumeBounds
{
    int64_t divisor = 0;
    std::optional<int64_t> lo, hi;
};

std::optional<int64_t> integerText(std::string_view t)
{
    while (!t.empty() && t.front() == ' ')
        t.remove_prefix(1);
    while (!t.empty() && t.back() == ' ')
        t.remove_suffix(1);
    const bool negative = !t.empty() && t.front() == '-';
    if (negative)
        t.remove_prefix(1);
    if (t.empty() || t.size() > 18)
        return std::nullopt;
    int64_t n = 0;
    for (const char ch : t) {
        if (ch < '0' || ch > '9')
            return std::nullopt;
        n = n * 10 + (ch - '0');
    }
    return negative ? -n : n;
}

std::optional<AssumeBounds> parseAssume(std::string_view text)
{
    const size_t lt = text.find('<'), gt = text.rfind('>');
    if (lt == std::string_view::npos || gt == std::string_view::npos || gt < lt)
        return std::nullopt;
    const std::string_view kind = text.substr(0, lt);
    const std::string_view args = text.substr(lt + 1, gt - lt - 1);
    const size_t comma = args.find(',');
    AssumeBounds out;
    if (kind == "div_by" && comma == std::string_view::npos) { // div_by<N, M>: not one lane's
        const auto n = integerText(args);
        if (!n || *n < 2)
            return std::nullopt;
        out.divisor = *n;
        return out;
    }
    if (kind == "bounded" && comma != std::string_view::npos) {
        out.lo = integerText(args.substr(0, comma));
        out.hi = integerText(args.substr(comma + 1));
        return out;
    }
    return std::nullopt;
}

class Encoder
{
public:
    Encoder(z3::context& ctx, const GFunction& R, const GFunction& G, const OpMatching& m)
        : m_ctx(ctx), m_facts(ctx), m_assumed(ctx), m_assumedButLaunchDivisors(ctx), R(R), G(G),
          M(m)
    {
    }

    // Pointer tiles become 64-bit addresses (arguments and unmatched-free leaves) and `offset`
    // adds the scaled index, as the interpreter computes it (eval/OpsMemory.cpp). Off for the
    // result comparisons, whose cones are integer and mask logic.
    void encodePointers() { m_pointers = true; }
    // Only the reference side is encoded (a value against a constant): its values the
    // generated side lacks are inputs too.
    void encodeReferenceOnly() { m_oneSided = true; }
    // Loop indices are lower + k * step of a shared iteration number k (loopIndex).
    void encodeIterations() { m_iterations = true; }

    // Term of value v (any id) on one side; nullopt when not encodable.
    std::optional<z3::expr> value(Side side, int v)
    {
        const GFunction& f = function(side);
        const int c = f.values[size_t(v)].canon;
        auto& memo = m_memo[side];
        if (auto it = memo.find(c); it != memo.end())
            return it->second;
        if (++m_nodes > kMaxNodes)
            return std::nullopt;
        std::optional<z3::expr> e = encode(side, c);
        if (e) {
            memo.emplace(c, *e);
            if (side == Side::Reference && !m_isLeaf.count({side, c}))
                assumeFacts(side, c, *e); // a leaf's are added where it is made
            const int def = f.values[size_t(c)].def;
            if (def >= 0 && !m_isLeaf.count({side, c}))
                cones[side].push_back(def);
        }
        return e;
    }

    // The ops whose values were encoded (not as leaves), on each side.
    PerSide<std::vector<int>> cones;

    const z3::expr_vector& facts() const { return m_facts; }
    // What the reference's `assume` ops state on the encoded values (div_by, bounded): a valid
    // launch satisfies them, so an input that breaks one is not a counterexample. (The generated
    // side's assumes are claims under review, compared by AssumeFacts: they never hide a
    // difference.)
    const z3::expr_vector& assumed() const { return m_assumed; }
    const std::string& assumedText() const { return m_assumedText; }
    // The assumes without the divisibility of entry integer arguments (`div_by<16>` on a
    // length): a claim each launch makes of its own values, so an equality that needs it holds
    // only for launches with such values. Its text names those left out ("argument 1
    // div_by<16>"; empty: none was assumed).
    const z3::expr_vector& assumedButLaunchDivisors() const { return m_assumedButLaunchDivisors; }
    const std::string& launchDivisorText() const { return m_launchDivisorText; }
    // The two sides differ: other values, or a generated division by zero.
    z3::expr differs(const z3::expr& x, const z3::expr& y) const
    {
        z3::expr d = x != y;
        for (const auto& zero : m_genDivisorZero)
            d = d || zero;
        return d;
    }
    // The leaves by name; two results of one op (get_tile_block_id's x and y) are told apart
    // by their result number where both are leaves.
    std::vector<std::pair<std::string, z3::expr>> leaves() const
    {
        std::map<std::string, int> uses;
        for (const Leaf& l : m_leaves)
            ++uses[l.name];
        std::vector<std::pair<std::string, z3::expr>> out;
        for (const Leaf& l : m_leaves)
            out.emplace_back(uses[l.name] > 1 && l.result >= 0
                                 ? l.name + " (result " + std::to_string(l.result) + ")"
                                 : l.name,
                             l.x);
        return out;
    }
    // Reads compare `op` with predicate `predicate` instead of its own.
    void overridePredicate(const GOp* op, std::string_view predicate)
    {
        m_predicateOf = op;
        m_predicate = predicate;
    }
    std::string factText() const { return m_factText.empty() ? "no facts" : m_factText; }
    // The range facts on leaves, by the leaf's reference value (as factText names them).
    const std::vector<std::pair<int, IntRange>>& leafRanges() const { return m_leafRanges; }

    // The tile indices of view access `op` (load_view_tko, store_view_tko) on one side lie in
    // its view's index space: 0 <= index < ceil(extent / tile), the tiles a grid sized by the
    // extents launches (a witness with a block id no launch has is none). False where the view
    // or an extent is not known (then nothing is added).
    bool indexSpaceFacts(Side side, int op)
    {
        const GFunction& f = function(side);
        const GOp& o = f.ops[size_t(op)];
        const MemoryRoles roles = memoryRoles(f, o);
        size_t at = 0;
        while (at < roles.main.size() &&
               !(f.canonValue(roles.main[at]).type &&
                 f.canonValue(roles.main[at]).type->kind == ir::TypeKind::PartitionView))
            ++at;
        if (at >= roles.main.size())
            return false;
        const GValue& pv = f.canonValue(roles.main[at]);
        const ir::Type* view = pv.type;
        if (pv.def < 0 || !view->dimMap.empty() || roles.main.size() != at + 1 + view->shape.size())
            return false;
        const GOp& make = f.ops[size_t(pv.def)];
        if (make.id != OpId::MakePartitionView || make.operands.empty())
            return false;
        const GValue& tv = f.canonValue(make.operands[0]);
        if (tv.def < 0 || f.ops[size_t(tv.def)].id != OpId::MakeTensorView || !tv.type ||
            tv.type->shape.size() != view->shape.size())
            return false;
        const GOp& t = f.ops[size_t(tv.def)];
        const auto wide = [](const z3::expr& e) {
            const unsigned w = e.get_sort().bv_size();
            return w >= 64 ? e : z3::sext(e, 64 - w);
        };
        z3::expr_vector facts(m_ctx);
        size_t next = 1; // the dynamic extents follow the base pointer, in order
        for (size_t d = 0; d < view->shape.size(); ++d) {
            std::optional<z3::expr> extent;
            if (tv.type->shape[d] != ir::kDynamic)
                extent = m_ctx.bv_val(tv.type->shape[d], 64);
            else if (next < t.operands.size())
                extent = value(side, t.operands[next++]);
            const auto index = value(side, roles.main[at + 1 + d]);
            if (!extent || !index || extent->get_sort().bv_size() > 64 ||
                index->get_sort().bv_size() > 64 || view->shape[d] < 1)
                return false;
            const z3::expr i = wide(*index);
            facts.push_back(i >= m_ctx.bv_val(0, 64));
            facts.push_back(i * m_ctx.bv_val(view->shape[d], 64) < wide(*extent));
            facts.push_back(i < m_ctx.bv_val(int64_t(1) << 31, 64)); // no wrap of i * tile
        }
        for (const auto& fact : facts)
            m_facts.push_back(fact);
        m_factText += std::string(m_factText.empty() ? "" : ", ") + "the tile indices of " +
                      std::string(o.name) + " at " +
                      (side == Side::Reference ? "reference" : "generated") + " line " +
                      std::to_string(o.line) + " within its view's index space";
        return true;
    }

private:
    // A leaf: shared by both sides when it corresponds, named by the reference value.
    std::optional<z3::expr> leaf(Side side, int c, int width)
    {
        const int refId = side == Side::Generated ? M.genValToRef[size_t(c)] : c;
        // A reference value the generated side lacks is an input of its own where only the
        // reference side is encoded (nothing on the other side could correspond to it).
        const bool unmatched = side == Side::Reference && M.refValToGen[size_t(c)] < 0;
        if (refId < 0 || (unmatched && !m_oneSided))
            return std::nullopt;
        const GValue& rv = R.values[size_t(refId)];
        std::string name;
        if (rv.def < 0)
            name = "argument " + std::to_string(rv.index);
        else
            name = std::string(R.ops[size_t(rv.def)].name) + " at reference line " +
                   std::to_string(R.ops[size_t(rv.def)].line);
        m_isLeaf.insert({side, c});
        if (auto it = m_leafByRef.find(refId); it != m_leafByRef.end())
            return it->second;
        z3::expr x = m_ctx.bv_const(("v" + std::to_string(refId)).c_str(), unsigned(width));
        m_leafByRef.emplace(refId, x);
        // The reference's assumes on the leaf, also where only the generated side reads it.
        assumeFacts(Side::Reference, R.values[size_t(refId)].canon, x);
        m_leaves.push_back({name, rv.def >= 0 ? rv.index : -1, x});
        // Facts on the leaf: its proven range on either side.
        const int genId = side == Side::Generated ? c : M.refValToGen[size_t(c)];
        const IntRange none;
        for (const IntRange& r : {rv.range, genId >= 0 ? G.values[size_t(genId)].range : none})
            if (r.known && width > 1) {
                m_facts.push_back(z3::sge(x, m_ctx.bv_val(int64_t(r.lo), unsigned(width))));
                m_facts.push_back(z3::sle(x, m_ctx.bv_val(int64_t(r.hi), unsigned(width))));
                m_factText += (m_factText.empty() ? "" : ", ") + name + " in " + r.text();
                m_leafRanges.emplace_back(R.values[size_t(refId)].canon, r);
            }
        loopIndexFacts(rv, x, name);
        if (const int64_t bytes = m_pointers ? pointeeBytes(rv.typeText) : 0; bytes > 0) {
            // An address: not null, below 2^48 (a user-space address), aligned to its element.
            m_facts.push_back(x != m_ctx.bv_val(0, 64));
            m_facts.push_back(z3::ult(x, m_ctx.bv_val(int64_t(1) << 48, 64)));
            m_facts.push_back(z3::urem(x, m_ctx.bv_val(bytes, 64)) == m_ctx.bv_val(0, 64));
        }
        return x;
    }

    // A loop index lies in [lower, upper) of its loop (the body runs only then):
    // a counterexample must be an iteration that happens.
    void loopIndexFacts(const GValue& rv, const z3::expr& x, const std::string& name)
    {
        if (rv.def >= 0 || rv.index != 0 || rv.region < 0)
            return;
        const int loop = R.regions[size_t(rv.region)].parentOp;
        if (loop < 0 || R.ops[size_t(loop)].id != OpId::For ||
            R.ops[size_t(loop)].operands.size() < 3)
            return;
        const auto lower = value(Side::Reference, R.ops[size_t(loop)].operands[0]);
        const auto upper = value(Side::Reference, R.ops[size_t(loop)].operands[1]);
        if (!lower || !upper || lower->get_sort().bv_size() != x.get_sort().bv_size() ||
            upper->get_sort().bv_size() != x.get_sort().bv_size())
            return;
        m_facts.push_back(x >= *lower);
        m_facts.push_back(x < *upper);
        m_factText += (m_factText.empty() ? "" : ", ") + name + " within its loop's bounds";
    }

    std::optional<z3::expr> encode(Side side, int c)
    {
        const GFunction& f = function(side);
        const GValue& v = f.values[size_t(c)];
        const int64_t pointee = m_pointers ? pointeeBytes(v.typeText) : 0;
        const int width = pointee > 0 ? 64 : intWidth(v.typeText);
        if (width <= 0 || width > 64)
            return std::nullopt;
        if (v.def < 0) {
            if (m_iterations)
                if (auto index = loopIndex(side, v, width))
                    return index;
            return leaf(side, c, width);
        }
        const GOp& o = f.ops[size_t(v.def)];
        const OpId n = o.id;
        auto operand = [&](size_t i) { return value(side, o.operands[i]); };
        if (pointee > 0 && n == OpId::Offset && o.operands.size() == 2) {
            auto p = operand(0), k = operand(1);
            if (!p || !k || p->get_sort().bv_size() != 64 || k->get_sort().bv_size() > 64)
                return std::nullopt;
            const unsigned kw = k->get_sort().bv_size();
            const z3::expr k64 = kw == 64 ? *k : z3::sext(*k, 64 - kw);
            return *p + k64 * m_ctx.bv_val(pointee, 64);
        }
        auto bv = [&](int64_t k) { return m_ctx.bv_val(k, unsigned(width)); };
        if (n == OpId::Constant) {
            const GAttr* a = findAttr(o, "value");
            const auto k = a ? splatInt(a->value) : std::nullopt;
            if (!k)
                return std::nullopt;
            return bv(*k);
        }
        if (n == OpId::Iota) {
            auto x = leaf(side, c, width);
            if (x) {
                const int64_t len = lastDim(v.typeText);
                m_facts.push_back(z3::uge(*x, bv(0)));
                m_facts.push_back(z3::ult(*x, bv(len)));
            }
            return x;
        }
        if (n == OpId::Reshape || n == OpId::Broadcast)
            return operand(0);
        const size_t nops = o.operands.size();
        if (n == OpId::ExtI || n == OpId::TruncI) {
            auto a = operand(0);
            if (!a)
                return std::nullopt;
            const int from = int(a->get_sort().bv_size());
            if (n == OpId::TruncI)
                return a->extract(unsigned(width - 1), 0);
            return isUnsigned(o) ? z3::zext(*a, unsigned(width - from))
                                 : z3::sext(*a, unsigned(width - from));
        }
        if (nops == 2 &&
            (n == OpId::AddI || n == OpId::SubI || n == OpId::MulI || n == OpId::AndI ||
             n == OpId::OrI || n == OpId::XOrI || n == OpId::MinI || n == OpId::MaxI ||
             n == OpId::DivI || n == OpId::RemI || n == OpId::CmpI)) {
            auto a = operand(0), b = operand(1);
            if (!a || !b)
                return std::nullopt;
            if (n == OpId::CmpI)
                return compare(o, *a, *b);
            if (n == OpId::AddI)
                return *a + *b;
            if (n == OpId::SubI)
                return *a - *b;
            if (n == OpId::MulI)
                return *a * *b;
            if (n == OpId::AndI)
                return *a & *b;
            if (n == OpId::OrI)
                return *a | *b;
            if (n == OpId::XOrI)
                return *a ^ *b;
            const bool u = isUnsigned(o);
            if (n == OpId::MinI)
                return z3::ite(u ? z3::ult(*a, *b) : *a < *b, *a, *b);
            if (n == OpId::MaxI)
                return z3::ite(u ? z3::ugt(*a, *b) : *a > *b, *a, *b);
            // Division by zero is undefined: the reference's divisors are assumed
            // non-zero; a generated divisor that can be zero where the reference is
            // defined is a difference (never an assumption that hides one).
            if (side == Side::Generated)
                m_genDivisorZero.push_back(*b == bv(0));
            else
                m_facts.push_back(*b != bv(0));
            if (n == OpId::RemI)
                return u ? z3::urem(*a, *b) : z3::srem(*a, *b);
            return divide(o, *a, *b, u, width);
        }
        if (n == OpId::If && nops == 1 && o.regions.size() == 2) {
            // The branch the condition takes: a result is what that branch yields, so a model
            // of the inputs decides it (min(rem, 8) written as an `if` is what the block id and
            // the sizes make it, never a free value such as -1).
            auto c0 = operand(0);
            const auto a = yielded(f, o, 0, size_t(v.index));
            const auto b = yielded(f, o, 1, size_t(v.index));
            const auto x = a ? value(side, *a) : std::nullopt;
            const auto y = b ? value(side, *b) : std::nullopt;
            if (!c0 || !x || !y || x->get_sort().bv_size() != unsigned(width) ||
                y->get_sort().bv_size() != unsigned(width))
                return leaf(side, c, width);
            return z3::ite(*c0 == m_ctx.bv_val(1, 1), *x, *y);
        }
        if (n == OpId::Select && nops == 3) {
            auto c0 = operand(0), a = operand(1), b = operand(2);
            if (!c0 || !a || !b)
                return std::nullopt;
            return z3::ite(*c0 == m_ctx.bv_val(1, 1), *a, *b);
        }
        if (m_pointers && n == OpId::LoadPtrTko && v.index == 0)
            if (auto loaded = maskedLoad(side, o, c, width))
                return loaded;
        return leaf(side, c, width);
    }

    const GFunction& function(Side side) const { return side == Side::Generated ? G : R; }

    // The index of a `for` whose counterpart loops on the other side: lower + k * step for a
    // shared iteration number k >= 0, within the loop's bound on this side (an iteration that
    // runs). Two loops that start or step otherwise give other indices in one iteration.
    std::optional<z3::expr> loopIndex(Side side, const GValue& v, int width)
    {
        const GFunction& f = function(side);
        if (v.index != 0 || v.region < 0)
            return std::nullopt;
        const int loop = f.regions[size_t(v.region)].parentOp;
        if (loop < 0 || f.ops[size_t(loop)].id != OpId::For ||
            f.ops[size_t(loop)].operands.size() < 3)
            return std::nullopt;
        const int refLoop = side == Side::Reference ? loop : M.genToRef[size_t(loop)];
        if (refLoop < 0 || (side == Side::Reference && M.refToGen[size_t(loop)] < 0))
            return std::nullopt;
        const GOp& o = f.ops[size_t(loop)];
        const auto lower = value(side, o.operands[0]);
        const auto upper = value(side, o.operands[1]);
        const auto step = value(side, o.operands[2]);
        const unsigned w = unsigned(width);
        if (!lower || !upper || !step || lower->get_sort().bv_size() != w ||
            upper->get_sort().bv_size() != w || step->get_sort().bv_size() != w)
            return std::nullopt;
        auto it = m_iteration.find(refLoop);
        if (it == m_iteration.end()) {
            z3::expr k = m_ctx.bv_const(("k" + std::to_string(refLoop)).c_str(), w);
            it = m_iteration.emplace(refLoop, k).first;
            m_leaves.push_back({"iteration of for at reference line " +
                                    std::to_string(R.ops[size_t(refLoop)].line),
                                -1, k});
            m_facts.push_back(k >= m_ctx.bv_val(0, w));
            m_facts.push_back(k < m_ctx.bv_val(int64_t(1) << 20, w)); // no wrap of k * step
        }
        const z3::expr index = *lower + it->second * *step;
        m_facts.push_back(*step > m_ctx.bv_val(0, w));
        m_facts.push_back(index < *upper);
        m_facts.push_back(index >= *lower);
        return index;
    }

    // A masked gather with a padding value: a lane its mask turns off reads the padding, a lane
    // it leaves on the memory (the load's value, an input as for any load). The two sides'
    // masks can differ where their loads correspond (a compare's signedness changed).
    std::optional<z3::expr> maskedLoad(Side side, const GOp& o, int c, int width)
    {
        const MemoryRoles roles = memoryRoles(function(side), o);
        if (roles.main.size() != 2 || roles.padding < 0)
            return std::nullopt;
        const auto mask = value(side, roles.main[1]);
        const auto padding = value(side, roles.padding);
        if (!mask || !padding || mask->get_sort().bv_size() != 1 ||
            padding->get_sort().bv_size() != unsigned(width))
            return std::nullopt;
        const auto memory = leaf(side, c, width);
        if (!memory)
            return std::nullopt;
        return z3::ite(*mask == m_ctx.bv_val(1, 1), *memory, *padding);
    }

    // Result k of branch `branch` of `if` op o: the value its yield passes, where that value is
    // computed outside the if: an op inside a branch runs only there, and its facts (a divisor
    // that is not zero) would otherwise constrain the inputs where the branch does not run.
    std::optional<int> yielded(const GFunction& f, const GOp& o, size_t branch, size_t k) const
    {
        const GRegion& reg = f.regions[size_t(o.regions[branch])];
        if (reg.ops.empty())
            return std::nullopt;
        const GOp& y = f.ops[size_t(reg.ops.back())];
        if (y.id != OpId::Yield || k >= y.operands.size())
            return std::nullopt;
        const int v = f.values[size_t(y.operands[k])].canon;
        const int def = f.values[size_t(v)].def;
        const int self = int(&o - f.ops.data());
        for (int r = def >= 0 ? f.ops[size_t(def)].region : f.values[size_t(v)].region; r > 0;
             r = f.ops[size_t(f.regions[size_t(r)].parentOp)].region)
            if (f.regions[size_t(r)].parentOp == self)
                return std::nullopt;
        return v;
    }

    z3::expr compare(const GOp& o, const z3::expr& a, const z3::expr& b)
    {
        const GAttr* p = findAttr(o, "predicate");
        const std::string_view pred = &o == m_predicateOf ? m_predicate
                                      : p                 ? p->value
                                                          : std::string_view();
        const bool u = isUnsigned(o);
        z3::expr r = a == b;
        if (pred == "not_equal")
            r = a != b;
        else if (pred == "less_than")
            r = u ? z3::ult(a, b) : a < b;
        else if (pred == "less_than_or_equal")
            r = u ? z3::ule(a, b) : a <= b;
        else if (pred == "greater_than")
            r = u ? z3::ugt(a, b) : a > b;
        else if (pred == "greater_than_or_equal")
            r = u ? z3::uge(a, b) : a >= b;
        return z3::ite(r, m_ctx.bv_val(1, 1), m_ctx.bv_val(0, 1));
    }

    z3::expr divide(const GOp& o, const z3::expr& a, const z3::expr& b, bool u, int width)
    {
        if (u)
            return z3::udiv(a, b);
        const GAttr* r = findAttr(o, "rounding");
        const std::string_view mode = r ? r->value : std::string_view("zero");
        const z3::expr q = a / b; // signed, truncating
        const z3::expr rem = z3::srem(a, b);
        const z3::expr zero = m_ctx.bv_val(0, unsigned(width));
        const z3::expr one = m_ctx.bv_val(1, unsigned(width));
        const z3::expr inexact = rem != zero;
        const z3::expr sameSign = (rem < zero) == (b < zero);
        if (mode == "negative_inf")
            return z3::ite(inexact && !sameSign, q - one, q);
        if (mode == "positive_inf")
            return z3::ite(inexact && sameSign, q + one, q);
        return q;
    }

    // The assume texts of one side's canonical values, collected on first use.
    const std::map<int, std::vector<std::string_view>>& assumesOf(Side side)
    {
        auto& out = m_assumes[side];
        if (m_assumesCollected[side])
            return out;
        m_assumesCollected[side] = true;
        const GFunction& f = function(side);
        for (const GOp& o : f.ops) {
            if (!o.assume || o.operands.empty())
                continue;
            for (const GAttr& a : o.attrs)
                if (a.name == "assumption")
                    out[f.values[size_t(o.operands[0])].canon].push_back(a.value);
        }
        return out;
    }

    // `div_by<N>` and `bounded<lo, hi>` ("?": open) on value c, encoded as term x (one lane of
    // a tile: the facts hold for every element). Other kinds (same_elements) say nothing of
    // one lane.
    void assumeFacts(Side side, int c, const z3::expr& x)
    {
        const auto& all = assumesOf(side);
        const auto it = all.find(c);
        if (it == all.end())
            return;
        const unsigned width = x.get_sort().bv_size();
        if (width < 2)
            return;
        const GFunction& f = function(side);
        const GValue& v = f.values[size_t(c)];
        const std::string name = v.def < 0
                                     ? "argument " + std::to_string(v.index)
                                     : std::string(f.ops[size_t(v.def)].name) + " at " +
                                           (side == Side::Reference ? "reference" : "generated") +
                                           " line " + std::to_string(f.ops[size_t(v.def)].line);
        const bool entryInteger =
            v.def < 0 && v.region == 0 && singleElement(v.typeText) && intWidth(v.typeText) > 0;
        for (const std::string_view text : it->second) {
            const std::optional<AssumeBounds> b = parseAssume(text);
            if (!b)
                continue;
            const auto assume = [&](const z3::expr& fact, bool launchDivisor) {
                m_assumed.push_back(fact);
                if (!launchDivisor)
                    m_assumedButLaunchDivisors.push_back(fact);
            };
            if (b->divisor > 1) {
                assume(z3::srem(x, m_ctx.bv_val(b->divisor, width)) == m_ctx.bv_val(0, width),
                       entryInteger);
                if (entryInteger)
                    m_launchDivisorText +=
                        (m_launchDivisorText.empty() ? "" : ", ") + name + " " + std::string(text);
            }
            if (b->lo)
                assume(z3::sge(x, m_ctx.bv_val(*b->lo, width)), false);
            if (b->hi)
                assume(z3::sle(x, m_ctx.bv_val(*b->hi, width)), false);
            m_assumedText += (m_assumedText.empty() ? "" : ", ") + name + " " + std::string(text);
        }
    }

    z3::context& m_ctx;
    z3::expr_vector m_facts;
    z3::expr_vector m_assumed;
    z3::expr_vector m_assumedButLaunchDivisors;
    std::string m_assumedText;
    std::string m_launchDivisorText;
    PerSide<std::map<int, std::vector<std::string_view>>> m_assumes;
    PerSide<bool> m_assumesCollected{false, false};
    std::string m_factText;
    std::vector<std::pair<int, IntRange>> m_leafRanges;
    const GFunction& R;
    const GFunction& G;
    const OpMatching& M;
    std::vector<z3::expr> m_genDivisorZero;
    PerSide<std::map<int, z3::expr>> m_memo;
    std::map<int, z3::expr> m_leafByRef;
    struct Leaf
    {
        std::string name;
        int result; // result number of its op; -1 for an argument
        z3::expr x;
    };
    std::vector<Leaf> m_leaves;
    std::set<std::pair<Side, int>> m_isLeaf;
    int m_nodes = 0;
    const GOp* m_predicateOf = nullptr;
    std::string_view m_predicate;
    bool m_pointers = false;
    bool m_oneSided = false;
    bool m_iterations = false;
    std::map<int, z3::expr> m_iteration; // reference loop op -> its iteration number
};

std::string valueText(const z3::expr& e)
{
    const unsigned width = e.get_sort().bv_size();
    uint64_t u = 0;
    if (!e.is_numeral_u64(u))
        return e.to_string();
    if (width < 64 && (u >> (width - 1)) & 1)
        return std::to_string(int64_t(u | (~uint64_t(0) << width)));
    return width == 64 ? std::to_string(int64_t(u)) : std::to_string(u);
}

// Pure integer / mask ops the encoder models: only their values are compared.
bool encodable(OpId n)
{
    return isOneOf(n, {OpId::Constant, OpId::Reshape, OpId::Broadcast, OpId::ExtI, OpId::TruncI,
                       OpId::AddI, OpId::SubI, OpId::MulI, OpId::AndI, OpId::OrI, OpId::XOrI,
                       OpId::MinI, OpId::MaxI, OpId::DivI, OpId::RemI, OpId::CmpI, OpId::Select});
}

} // namespace

namespace {

// Where a witness names a block id and nothing bounds it by the launch grid: said, so that a
// reader checks the grid (a block id past it is no launch's).
std::string launchableNote(const Encoder& enc)
{
    for (const auto& leaf : enc.leaves())
        if (leaf.first.rfind("get_tile_block_id", 0) == 0)
            return " (block id assumed launchable: the grid is not known from the IR)";
    return {};
}

// A model's leaf values put back into the terms, simplified to numerals: the facts hold and
// the two sides differ. Checks the counterexample by evaluating both sides on it, apart from
// the solver's own model evaluation.
bool modelHolds(z3::context& ctx, const Encoder& enc, const z3::model& model, const z3::expr& x,
                const z3::expr& y, const z3::expr_vector& assumes)
{
    z3::expr_vector from(ctx), to(ctx);
    for (const auto& [name, leaf] : enc.leaves()) {
        from.push_back(leaf);
        to.push_back(model.eval(leaf, true));
    }
    const auto isTrue = [](const z3::expr& e) { return e.simplify().is_true(); };
    for (const auto& fact : enc.facts())
        if (!isTrue(z3::expr(fact).substitute(from, to)))
            return false;
    for (const auto& fact : assumes)
        if (!isTrue(z3::expr(fact).substitute(from, to)))
            return false;
    z3::expr xs = z3::expr(x).substitute(from, to).simplify();
    z3::expr ys = z3::expr(y).substitute(from, to).simplify();
    uint64_t a = 0, b = 0;
    if (xs.is_numeral_u64(a) && ys.is_numeral_u64(b) && a != b)
        return true;
    return isTrue(enc.differs(x, y).substitute(from, to));
}

// Every query's solver: bounded work and a fixed seed (the same model on every run), holding the
// encoder's facts.
z3::params boundedParams(z3::context& ctx)
{
    z3::params p(ctx);
    p.set("rlimit", kResourceLimit);
    p.set("random_seed", kSeed);
    return p;
}

} // namespace

// The budget in scope on this thread (SolverBudget), charged by boundedCheck().
class SolverBudgetAccess
{
public:
    static SolverBudget*& current()
    {
        thread_local SolverBudget* budget = nullptr;
        return budget;
    }

    // Checks `solver`, which runs under `limit` steps, unless the budget in scope has fewer
    // left; the check charges the steps it spent, whatever its answer.
    static z3::check_result check(z3::solver& solver, unsigned limit)
    {
        SolverBudget* budget = current();
        if (budget && budget->m_stepsLeft < limit) {
            budget->m_refused = true;
            return z3::unknown;
        }
        const uint64_t before = budget ? stepsCounted(solver).value_or(0) : 0;
        const z3::check_result result = solver.check();
        if (budget) {
            // Without the count (no statistic), the check is charged its whole limit.
            const uint64_t after = stepsCounted(solver).value_or(before + limit);
            const uint64_t spent = after >= before ? after - before : limit;
            budget->m_stepsLeft -= std::min(spent, budget->m_stepsLeft);
            budget->m_stepsSpent += spent;
        }
        return result;
    }

private:
    // The steps the solver's context has counted so far (its "rlimit count" statistic, which
    // the step limit of each check is measured against); nullopt where it has none.
    static std::optional<uint64_t> stepsCounted(const z3::solver& solver)
    {
        const z3::stats stats = solver.statistics();
        for (unsigned i = 0; i < stats.size(); ++i)
            if (stats.key(i) == "rlimit count")
                return stats.is_uint(i) ? stats.uint_value(i) : uint64_t(stats.double_value(i));
        return std::nullopt;
    }
};

SolverBudget::SolverBudget() : m_outer(SolverBudgetAccess::current())
{
    SolverBudgetAccess::current() = this;
}

SolverBudget::~SolverBudget()
{
    SolverBudgetAccess::current() = m_outer;
}

namespace {

z3::check_result boundedCheck(z3::solver& solver, unsigned limit)
{
    return SolverBudgetAccess::check(solver, limit);
}

void addFacts(z3::solver& solver, const Encoder& enc)
{
    for (const auto& fact : enc.facts())
        solver.add(fact);
}

// Which inputs the search for a readable counterexample tries first (every model is checked by
// modelHolds() before it is given, whichever).
enum class Recheck
{
    No, // every leaf in [-16, 16]
    Yes // non-negative leaves first, then [-16, 16], then [-65536, 65536]
};

// Is x == y also without the assume facts? Then the proof does not rest on them and its text
// stays what it was.
bool equalWithoutAssumes(z3::context& ctx, const Encoder& enc, const z3::expr& x, const z3::expr& y)
{
    z3::solver solver(ctx);
    const z3::params p = boundedParams(ctx);
    solver.set(p);
    addFacts(solver, enc);
    solver.add(enc.differs(x, y));
    return boundedCheck(solver, kResourceLimit) == z3::unsat;
}

// A solver with bounded work, the encoder's facts and `assumes`.
z3::solver solverAssuming(z3::context& ctx, const Encoder& enc, const z3::expr_vector& assumes)
{
    z3::solver solver(ctx);
    solver.set(boundedParams(ctx));
    addFacts(solver, enc);
    for (const auto& fact : assumes)
        solver.add(fact);
    return solver;
}

// Does some input satisfy the facts and the assumes together? Where none does (an assume that
// contradicts a specialised constant: div_by<16> on a length of 1000), the assumes would make
// any two values "equal": they are left out instead.
bool assumesSatisfiable(z3::context& ctx, const Encoder& enc)
{
    z3::solver solver = solverAssuming(ctx, enc, enc.assumed());
    return boundedCheck(solver, kResourceLimit) == z3::sat;
}

// Checks `solver` with the encoder's leaves held to each tier's range in turn (a readable
// input where there is one; narrower leaves, masks, take any value), then without them under
// `full`. A sat answer leaves the tier's bounds on the solver, so its model keeps to them.
z3::check_result checkSmallInputsFirst(z3::context& ctx, z3::solver& solver, const Encoder& enc,
                                       const std::vector<std::pair<int64_t, int64_t>>& tiers,
                                       const z3::params& full)
{
    z3::params small(ctx);
    small.set("rlimit", kSmallInputsResourceLimit);
    for (const auto& [lo, hi] : tiers) {
        solver.push();
        solver.set(small);
        for (const auto& leaf : enc.leaves()) {
            const unsigned w = leaf.second.get_sort().bv_size();
            if (w > 5) {
                const int64_t bound = w > 17 ? hi : std::min<int64_t>(hi, 16);
                solver.add(z3::sge(leaf.second, ctx.bv_val(std::max(lo, -bound), w)));
                solver.add(z3::sle(leaf.second, ctx.bv_val(bound, w)));
            }
        }
        if (boundedCheck(solver, kSmallInputsResourceLimit) == z3::sat)
            return z3::sat;
        solver.pop();
    }
    solver.set(full);
    return boundedCheck(solver, kResourceLimit);
}

// "argument 1 = 8 -> reference 1, generated 2": the model's inputs and the two results.
std::string differenceText(const Encoder& enc, const z3::model& model, const z3::expr& x,
                           const z3::expr& y)
{
    std::string inputs;
    for (const auto& [name, leaf] : enc.leaves())
        inputs += (inputs.empty() ? "" : ", ") + name + " = " + valueText(model.eval(leaf, true));
    return (inputs.empty() ? std::string("any input") : inputs) + " -> reference " +
           valueText(model.eval(x, true)) + ", generated " + valueText(model.eval(y, true));
}

// An input on which x and y differ where an entry argument is not the multiple its assume
// claims (every other fact and assume kept): the launch of another length. Empty when the
// equality holds without those divisibilities too, or no checked input is found.
std::string instanceWithoutLaunchDivisors(z3::context& ctx, const Encoder& enc, const z3::expr& x,
                                          const z3::expr& y)
{
    z3::solver solver = solverAssuming(ctx, enc, enc.assumedButLaunchDivisors());
    solver.add(enc.differs(x, y));
    const z3::params p = boundedParams(ctx);
    if (checkSmallInputsFirst(ctx, solver, enc, {{0, 16}, {0, 1024}, {-65536, 65536}}, p) !=
        z3::sat)
        return {};
    const z3::model model = solver.get_model();
    if (!modelHolds(ctx, enc, model, x, y, enc.assumedButLaunchDivisors()))
        return {};
    return differenceText(enc, model, x, y);
}

// Are x (reference) and y (generated) equal for every input satisfying the encoder's facts?
SmtVerdict solve(z3::context& ctx, const Encoder& enc, const z3::expr& x, const z3::expr& y,
                 Recheck recheck, bool withAssumes = true)
{
    SmtVerdict out;
    z3::solver solver(ctx);
    const z3::params p = boundedParams(ctx);
    solver.set(p);
    addFacts(solver, enc);
    if (withAssumes)
        for (const auto& fact : enc.assumed())
            solver.add(fact);
    solver.add(enc.differs(x, y));
    // Prefer a small counterexample (every leaf in [-16, 16]) when there is one. The checked
    // value queries first try non-negative leaves (sizes, strides, block ids as a launch has
    // them) and last a block of 2^16 (a block id that reaches a divisor of 1024).
    std::vector<std::pair<int64_t, int64_t>> tiers = {{-16, 16}};
    if (recheck == Recheck::Yes)
        tiers = {{0, 16}, {-16, 16}, {0, 1024}, {-65536, 65536}};
    const z3::check_result res = checkSmallInputsFirst(ctx, solver, enc, tiers, p);
    if (res == z3::unsat) {
        out.kind = SmtVerdict::Equal;
        out.text = "SMT: equal for all inputs satisfying " + enc.factText();
        if (withAssumes && !enc.assumed().empty() && !equalWithoutAssumes(ctx, enc, x, y)) {
            if (!assumesSatisfiable(ctx, enc))
                return solve(ctx, enc, x, y, recheck, false);
            out.text += " and the assumes " + enc.assumedText();
            if (!enc.launchDivisorText().empty()) {
                out.withoutLaunchDivisors = instanceWithoutLaunchDivisors(ctx, enc, x, y);
                if (!out.withoutLaunchDivisors.empty())
                    out.launchDivisors = enc.launchDivisorText();
            }
        }
        out.refCone = enc.cones.reference();
        out.genCone = enc.cones.generated();
        out.leafRanges = enc.leafRanges();
    } else if (res == z3::sat) {
        const z3::model model = solver.get_model();
        const z3::expr_vector noAssumes(ctx);
        if (!modelHolds(ctx, enc, model, x, y, withAssumes ? enc.assumed() : noAssumes))
            return out;
        out.kind = SmtVerdict::Differs;
        out.text = differenceText(enc, model, x, y);
    }
    return out;
}

// Does `cond` hold on the model's inputs, with the facts (and the assumes)? The inputs put back
// into the terms, simplified to true: a check apart from the solver's own model evaluation.
bool conditionHolds(z3::context& ctx, const Encoder& enc, const z3::model& model,
                    const z3::expr& cond, bool withAssumes)
{
    z3::expr_vector from(ctx), to(ctx);
    for (const auto& [name, leaf] : enc.leaves()) {
        from.push_back(leaf);
        to.push_back(model.eval(leaf, true));
    }
    const auto isTrue = [&](const z3::expr& e) {
        return z3::expr(e).substitute(from, to).simplify().is_true();
    };
    for (const auto& fact : enc.facts())
        if (!isTrue(fact))
            return false;
    if (withAssumes)
        for (const auto& fact : enc.assumed())
            if (!isTrue(fact))
                return false;
    return isTrue(cond);
}

// An input on which `cond` holds (see smtBothOff): the readable tiers of solve(), with the
// reference's assumes where some input satisfies them.
// `inIndexSpace`: the condition keeps the tile indices in their views' index spaces (no note
// that a block id is assumed launchable).
SmtVerdict findInputs(z3::context& ctx, const Encoder& enc, const z3::expr& cond, bool inIndexSpace)
{
    SmtVerdict out;
    const bool withAssumes = assumesSatisfiable(ctx, enc);
    z3::solver solver(ctx);
    const z3::params p = boundedParams(ctx);
    solver.set(p);
    addFacts(solver, enc);
    if (withAssumes)
        for (const auto& fact : enc.assumed())
            solver.add(fact);
    solver.add(cond);
    const z3::check_result res =
        checkSmallInputsFirst(ctx, solver, enc, {{0, 16}, {-16, 16}, {-65536, 65536}}, p);
    if (res != z3::sat)
        return out;
    const z3::model model = solver.get_model();
    if (!conditionHolds(ctx, enc, model, cond, withAssumes))
        return out;
    std::string inputs;
    for (const auto& [name, leaf] : enc.leaves())
        inputs += (inputs.empty() ? "" : ", ") + name + " = " + valueText(model.eval(leaf, true));
    out.kind = SmtVerdict::Differs;
    out.text = (inputs.empty() ? std::string("any input") : inputs) +
               (inIndexSpace ? std::string() : launchableNote(enc));
    return out;
}

SmtVerdict compareResults(const GFunction& R, int r, const GFunction& G, int g, const OpMatching& m,
                          bool referencePredicate)
{
    SmtVerdict out;
    const GOp& a = R.ops[size_t(r)];
    const GOp& b = G.ops[size_t(g)];
    if (!encodable(a.id) || !encodable(b.id) || a.results.size() != 1 || b.results.size() != 1 ||
        R.values[size_t(a.results[0])].typeText != G.values[size_t(b.results[0])].typeText)
        return out;
    try {
        z3::context ctx;
        Encoder enc(ctx, R, G, m);
        if (referencePredicate) {
            const GAttr* p = findAttr(a, "predicate");
            if (a.id != OpId::CmpI || b.id != OpId::CmpI || !p)
                return out;
            enc.overridePredicate(&b, p->value);
        }
        const auto x = enc.value(Side::Reference, a.results[0]);
        const auto y = enc.value(Side::Generated, b.results[0]);
        if (!x || !y)
            return out;
        out = solve(ctx, enc, *x, *y, Recheck::No);
        if (out.kind == SmtVerdict::Differs)
            out.text += launchableNote(enc);
    } catch (const z3::exception&) {
        out = SmtVerdict{};
    }
    return out;
}

} // namespace

SmtVerdict smtCompare(const GFunction& R, int r, const GFunction& G, int g, const OpMatching& m)
{
    return compareResults(R, r, G, g, m, false);
}

SmtVerdict smtCompareSignedness(const GFunction& R, int r, const GFunction& G, int g,
                                const OpMatching& m)
{
    return compareResults(R, r, G, g, m, true);
}

SmtVerdict smtCompareWithConstant(const GFunction& R, const GFunction& G, const OpMatching& m,
                                  Side side, int value, int64_t constant)
{
    const GFunction& f = side == Side::Reference ? R : G;
    const int width = intWidth(f.values[size_t(value)].typeText);
    if (width <= 0 || width > 64)
        return {};
    try {
        z3::context ctx;
        Encoder enc(ctx, R, G, m);
        enc.encodePointers();
        if (side == Side::Reference)
            enc.encodeReferenceOnly();
        const auto v = enc.value(side, value);
        if (!v)
            return {};
        const z3::expr k = ctx.bv_val(constant, unsigned(width));
        SmtVerdict out = side == Side::Reference ? solve(ctx, enc, *v, k, Recheck::Yes)
                                                 : solve(ctx, enc, k, *v, Recheck::Yes);
        out.refCone.clear();
        out.genCone.clear();
        return out;
    } catch (const z3::exception&) {
        return {};
    }
}

SmtVerdict smtCompareValues(const GFunction& R, int refValue, const GFunction& G, int genValue,
                            const OpMatching& m)
{
    return smtCompareAccessValues(R, refValue, -1, G, genValue, -1, m);
}

SmtVerdict smtCompareAccessValues(const GFunction& R, int refValue, int refAccess,
                                  const GFunction& G, int genValue, int genAccess,
                                  const OpMatching& m)
{
    const std::string_view type = R.values[size_t(refValue)].typeText;
    if (type != G.values[size_t(genValue)].typeText ||
        (intWidth(type) <= 0 && pointeeBytes(type) <= 0))
        return {};
    try {
        z3::context ctx;
        Encoder enc(ctx, R, G, m);
        enc.encodePointers();
        const auto x = enc.value(Side::Reference, refValue);
        const auto y = enc.value(Side::Generated, genValue);
        if (!x || !y)
            return {};
        const bool grid = refAccess >= 0 && genAccess >= 0 &&
                          enc.indexSpaceFacts(Side::Reference, refAccess) &&
                          enc.indexSpaceFacts(Side::Generated, genAccess);
        SmtVerdict out = solve(ctx, enc, *x, *y, Recheck::Yes);
        if (out.kind == SmtVerdict::Differs)
            out.text +=
                grid ? " (tile indices within their views' index spaces)" : launchableNote(enc);
        if (out.kind == SmtVerdict::Equal) { // a proof of values, not of an op: no cone
            out.refCone.clear();
            out.genCone.clear();
        }
        return out;
    } catch (const z3::exception&) {
        return {};
    }
}

SmtVerdict smtCompareIterations(const GFunction& R, int refValue, const GFunction& G, int genValue,
                                const OpMatching& m)
{
    const std::string_view type = R.values[size_t(refValue)].typeText;
    if (type != G.values[size_t(genValue)].typeText || intWidth(type) <= 1)
        return {};
    try {
        z3::context ctx;
        Encoder enc(ctx, R, G, m);
        enc.encodeIterations();
        const auto x = enc.value(Side::Reference, refValue);
        const auto y = enc.value(Side::Generated, genValue);
        if (!x || !y)
            return {};
        SmtVerdict out = solve(ctx, enc, *x, *y, Recheck::Yes);
        if (out.kind != SmtVerdict::Differs)
            return {};
        out.text += launchableNote(enc);
        return out;
    } catch (const z3::exception&) {
        return {};
    }
}

SmtVerdict smtBothOff(const GFunction& R, int refMask, const GFunction& G, int genMask,
                      const OpMatching& m)
{
    if (intWidth(R.values[size_t(refMask)].typeText) != 1 ||
        intWidth(G.values[size_t(genMask)].typeText) != 1)
        return {};
    try {
        z3::context ctx;
        Encoder enc(ctx, R, G, m);
        enc.encodePointers();
        const auto x = enc.value(Side::Reference, refMask);
        const auto y = enc.value(Side::Generated, genMask);
        if (!x || !y)
            return {};
        const z3::expr off = ctx.bv_val(0, 1);
        return findInputs(ctx, enc, *x == off && *y == off, false);
    } catch (const z3::exception&) {
        return {};
    }
}

SmtVerdict smtRaggedTile(const GFunction& R, int refIndex, const GFunction& G, int genIndex,
                         int extent, int64_t tile, const OpMatching& m)
{
    if (tile < 2)
        return {}; // a tile of one element never crosses the end
    try {
        z3::context ctx;
        Encoder enc(ctx, R, G, m);
        const auto i = enc.value(Side::Reference, refIndex);
        const auto j = enc.value(Side::Generated, genIndex);
        const auto n = enc.value(Side::Reference, extent);
        if (!i || !j || !n || i->get_sort().bv_size() != j->get_sort().bv_size())
            return {};
        // In 64 bits, so that index * tile cannot wrap.
        const auto wide = [&](const z3::expr& e) {
            const unsigned w = e.get_sort().bv_size();
            return w >= 64 ? e : z3::sext(e, 64 - w);
        };
        const z3::expr t = ctx.bv_val(tile, 64);
        const z3::expr start = wide(*i) * t;
        const z3::expr cond = *i == *j && wide(*i) >= ctx.bv_val(0, 64) && start < wide(*n) &&
                              wide(*n) < start + t && wide(*i) < ctx.bv_val(int64_t(1) << 31, 64);
        return findInputs(ctx, enc, cond, true);
    } catch (const z3::exception&) {
        return {};
    }
}

} // namespace tilelens::diff
