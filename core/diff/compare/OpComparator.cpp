#include "diff/compare/OpComparator.h"

#include "common/Side.h"
#include "diff/EntryNames.h"
#include "diff/compare/AssumeFacts.h"
#include "diff/compare/FlushFacts.h"
#include "diff/compare/MemoryOperands.h"
#include "diff/compare/PaddingFacts.h"
#include "diff/compare/ProvenCover.h"
#include "diff/compare/ShiftedBound.h"
#include "diff/compare/TypeFacets.h"
#include "diff/compare/ViewExtents.h"
#include "diff/graph/FlatHashMap.h"
#include "diff/match/ArgSpecialisation.h"
#include "diff/match/ArgumentRoles.h"
#include "diff/semantics/Semantics.h"
#include "ir/Type.h"

#include <algorithm>
#include <functional>
#include <optional>
#include <set>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace tilelens::diff {

namespace {

bool orderedEffect(OpId n)
{
    return n == OpId::StorePtrTko || n == OpId::StoreViewTko || n == OpId::AtomicCasTko ||
           n == OpId::AtomicRmwTko || n == OpId::AtomicRedViewTko || n == OpId::PrintTko ||
           n == OpId::Assert;
}

class Comparator
{
public:
    Comparator(const GFunction& r, const GFunction& g, const OpMatching& m) : R(r), G(g), M(m) {}

    std::vector<RawDifference> run()
    {
        functionLevel();
        for (size_t i = 0; i < R.ops.size(); ++i) {
            const int g = M.refToGen[i];
            if (g >= 0)
                matched(int(i), g);
        }
        compareAssumeFacts(R, G, M, m_out);
        unmatched();
        order();
        return std::move(m_out);
    }

private:
    RawDifference make(DiffKind kind, int r, int g) { return makeDifference(kind, R, r, G, g); }

    RawDifference makeEntry(DiffKind kind)
    {
        RawDifference d;
        d.kind = kind;
        d.functionLevel = true;
        d.refOpName = d.genOpName = "entry";
        d.refLine = R.line;
        d.refColumn = R.column;
        d.genLine = G.line;
        d.genColumn = G.column;
        return d;
    }

    template <typename Make>
    void compareAttrs(const AttrList& a, const AttrList& b, bool hints, const Make& mk)
    {
        // Hints are kept in name order by the builder (map), attributes are sorted.
        size_t i = 0, j = 0;
        while (i < a.size() || j < b.size()) {
            if (j == b.size() || (i < a.size() && a[i].name < b[j].name)) {
                auto d = mk(hints ? DiffKind::HintMissing : DiffKind::AttributeMissing);
                d.attribute = a[i].name;
                d.refValue = a[i].value.empty() ? std::string("present") : std::string(a[i].value);
                d.genValue = "absent";
                m_out.push_back(d);
                ++i;
            } else if (i == a.size() || b[j].name < a[i].name) {
                auto d = mk(hints ? DiffKind::HintExtra : DiffKind::AttributeExtra);
                d.attribute = b[j].name;
                d.refValue = "absent";
                d.genValue = b[j].value.empty() ? std::string("present") : std::string(b[j].value);
                m_out.push_back(d);
                ++j;
            } else {
                if (a[i].value != b[j].value) {
                    auto d = mk(hints ? DiffKind::HintChanged : DiffKind::AttributeChanged);
                    d.attribute = a[i].name;
                    d.refValue = a[i].value;
                    d.genValue = b[j].value;
                    m_out.push_back(d);
                }
                ++i;
                ++j;
            }
        }
    }

    // The reference entry is specialised on integer constants (its mangled name) and the
    // generated one is not but takes scalar integer arguments: a constant of the reference
    // may be a runtime argument of the port. A checklist item for the reviewer (the launch
    // must pass the reference's value); it proves and hides nothing.
    void specialisedConstants(const IdList& genArgs)
    {
        const EntryName &r = R.demangled, &g = G.demangled;
        const bool scalarInt = std::any_of(genArgs.begin(), genArgs.end(), [&](int v) {
            const std::string_view t = G.values[size_t(v)].typeText;
            return t == "tile<i32>" || t == "tile<i64>";
        });
        const bool floats = !G.specialisedFloats.empty();
        if ((r.constants.empty() || !scalarInt) && !floats)
            return;
        if (!g.constants.empty() || !g.floatConstants.empty())
            return;
        auto d = makeEntry(DiffKind::TypeChanged);
        d.attribute = "specialised constant vs runtime argument";
        for (const std::string& c : r.constants)
            d.refValue += (d.refValue.empty() ? "" : ", ") + c;
        for (uint64_t bits : floats ? r.floatConstants : std::vector<uint64_t>())
            d.refValue += (d.refValue.empty() ? "" : ", ") + describeFloatConstant(bits);
        d.genValue = floats ? "runtime arguments" : "runtime integer arguments";
        const std::string bound = describeSpecialisation(G);
        if (!bound.empty())
            d.genValue += " (compared with " + bound +
                          (floats ? " as the reference is specialised: what is computed from "
                                    "them folds to the reference's constants)"
                                  : " as the reference is specialised: the index arithmetic "
                                    "through them folds to the reference's constants)");
        m_out.push_back(d);
    }

    // Pure ABI: both entries take only pointers and scalar integers, the
    // pointers sit at different places (array descriptors, pointer + shape +
    // strides, vs raw pointers and scalars) and point to the same element
    // types. The convention alone changes no result; how the kernel uses each
    // value is compared op by op. One warn instead of per-argument criticals.
    bool callingConvention(const IdList& ra, const IdList& ga)
    {
        auto pointee = [](std::string_view t) {
            return t.rfind("tile<ptr<", 0) == 0 ? t.substr(9) : std::string_view();
        };
        auto abiType = [&](std::string_view t) {
            return !pointee(t).empty() || t == "tile<i32>" || t == "tile<i64>";
        };
        std::set<std::string_view> rp, gp;
        bool moved = false;
        for (size_t i = 0; i < std::max(ra.size(), ga.size()); ++i) {
            const std::string_view x = i < ra.size() ? R.values[size_t(ra[i])].typeText : "";
            const std::string_view y = i < ga.size() ? G.values[size_t(ga[i])].typeText : "";
            if ((!x.empty() && !abiType(x)) || (!y.empty() && !abiType(y)))
                return false;
            if (!pointee(x).empty())
                rp.insert(pointee(x));
            if (!pointee(y).empty())
                gp.insert(pointee(y));
            moved = moved || (!x.empty() && !y.empty() && pointee(x).empty() != pointee(y).empty());
        }
        if (!moved || rp.empty() || rp != gp)
            return false;
        auto d = makeEntry(DiffKind::TypeChanged);
        d.attribute = "argument ABI";
        auto describe = [](const GFunction& f, const IdList& args) {
            size_t pointers = 0;
            for (int v : args)
                pointers += f.values[size_t(v)].typeText.rfind("tile<ptr<", 0) == 0;
            return std::to_string(args.size()) + " arguments (" + std::to_string(pointers) +
                   " pointers, " + std::to_string(args.size() - pointers) + " integers)";
        };
        d.refValue = describe(R, ra);
        d.genValue = describe(G, ga);
        const std::string paired = describeArgumentSlots(R, G);
        if (!paired.empty())
            d.genValue += " (paired by use, generated -> reference argument: " + paired + ")";
        m_out.push_back(d);
        return true;
    }

    void functionLevel()
    {
        compareAttrs(R.hints, G.hints, true, [&](DiffKind k) { return makeEntry(k); });
        const IdList ra = R.regions.empty() ? IdList() : R.regions[0].args;
        const IdList ga = G.regions.empty() ? IdList() : G.regions[0].args;
        const bool abiOnly = callingConvention(ra, ga);
        // Extra arguments all bound to the reference's constants are the
        // specialisation finding below, not a signature change.
        if (!abiOnly && ra.size() != ga.size() &&
            ra.size() + G.specialisedArgs.size() + G.specialisedFloats.size() != ga.size()) {
            auto d = makeEntry(DiffKind::TypeChanged);
            d.attribute = "argument count";
            d.refValue = std::to_string(ra.size());
            d.genValue = std::to_string(ga.size());
            m_out.push_back(d);
        }
        for (size_t i = 0; !abiOnly && i < std::min(ra.size(), ga.size()); ++i) {
            const auto& x = R.values[size_t(ra[i])];
            const auto& y = G.values[size_t(ga[i])];
            if (x.typeText != y.typeText) {
                auto d = makeEntry(DiffKind::TypeChanged);
                d.attribute = "argument " + std::to_string(i);
                d.refValue = std::string(x.typeText);
                d.genValue = std::string(y.typeText);
                m_out.push_back(d);
            }
        }
        specialisedConstants(ga);
        if (R.hasDebugLocations && !G.hasDebugLocations)
            m_out.push_back(makeEntry(DiffKind::DebugInfoMissing));
    }

    // Paired by the matcher, or equal by their normal forms (a reference constant and a
    // generated argument bound to it, ArgSpecialisation.h, are no pair of ops).
    bool valuesCorrespond(int rv, int gv) const
    {
        return M.refValToGen[size_t(R.values[size_t(rv)].canon)] == G.values[size_t(gv)].canon ||
               R.canonValue(rv).hash == G.canonValue(gv).hash;
    }

    bool bothUnmatchedDefs(int rv, int gv) const
    {
        const int rc = R.values[size_t(rv)].canon, gc = G.values[size_t(gv)].canon;
        const int rd = R.values[size_t(rc)].def, gd = G.values[size_t(gc)].def;
        // Both producers are reported themselves (missing / extra) only when live.
        return M.refValToGen[size_t(rc)] < 0 && M.genValToRef[size_t(gc)] < 0 && rd >= 0 &&
               gd >= 0 && M.refToGen[size_t(rd)] < 0 && M.genToRef[size_t(gd)] < 0 &&
               participates(R.ops[size_t(rd)]) && participates(G.ops[size_t(gd)]);
    }

    // One side's op has the normal form of the other's op (fma(x, x, +0) is
    // mulf(x, x), a + (-b) is subf(a, b): SignedZero.cpp): the same op name,
    // attributes, hints and result type, and corresponding operands.
    bool sameForm(const GOp& a, const GOp& b) const
    {
        const OpId fa = a.formId == OpId::Unknown ? a.id : a.formId;
        const OpId fb = b.formId == OpId::Unknown ? b.id : b.formId;
        if (fa != fb || (a.formId == OpId::Unknown && b.formId == OpId::Unknown) ||
            a.results.size() != 1 || b.results.size() != 1 ||
            R.values[size_t(a.results[0])].typeText != G.values[size_t(b.results[0])].typeText)
            return false;
        const auto attrHashes = [](const AttrList& l) {
            std::vector<uint64_t> h;
            for (const auto& x : l)
                h.push_back(x.hash);
            return h;
        };
        if (attrHashes(a.attrs) != attrHashes(b.attrs) ||
            attrHashes(a.hints) != attrHashes(b.hints))
            return false;
        const IdList x = semanticOperands(a), y = semanticOperands(b);
        if (x.size() != 2 || y.size() != 2)
            return false;
        const bool straight = valuesCorrespond(x[0], y[0]) && valuesCorrespond(x[1], y[1]);
        const bool crossed =
            fa == OpId::MulF && valuesCorrespond(x[0], y[1]) && valuesCorrespond(x[1], y[0]);
        return straight || crossed;
    }

    // Differences between ops whose normal forms are equal are proven
    // equivalent: they carry the rewrites' proofs.
    void matched(int r, int g)
    {
        const size_t first = m_out.size();
        matchedOps(r, g);
        const GOp& a = R.ops[size_t(r)];
        const GOp& b = G.ops[size_t(g)];
        if (a.hash != b.hash && m_out.size() == first && (a.hasSemOperands || b.hasSemOperands)) {
            // The written operands may agree while the normal forms do not
            // ((x+16)-1 vs 1-(x+16)): the op computes something else.
            auto d = make(DiffKind::OperandChanged, r, g);
            d.attribute = "operands";
            d.refValue = "normal form of line " + std::to_string(a.line);
            d.genValue = "a different value";
            m_out.push_back(d);
        }
        if (a.hash != b.hash) {
            internalStep(r, g, first);
            paddingStep(r, g, first);
            return;
        }
        if (a.proof.empty() && b.proof.empty())
            return;
        std::string proof(a.proof);
        if (!b.proof.empty() && b.proof != a.proof)
            proof.append(proof.empty() ? "" : "; ").append(b.proof);
        // One finding per proven pair: the first difference stands for all.
        if (m_out.size() > first + 1)
            m_out.resize(first + 1);
        for (size_t k = first; k < m_out.size(); ++k)
            if (m_out[k].proof.empty()) {
                m_out[k].proof = proof;
                m_out[k].conditional = a.proofConditional || b.proofConditional;
            }
    }

    // A pair that only builds the padding of gathers on both sides (the
    // splat of relu's -1.0 for 0.0): the padding is compared at the gather
    // (PaddingFacts.h), once, by the lanes it can reach.
    void paddingStep(int r, int g, size_t first)
    {
        if (m_out.size() == first)
            return;
        const std::string ref = onlyGatherPadding(R, r);
        if (ref.empty() || onlyGatherPadding(G, g).empty())
            return;
        for (size_t k = first; k < m_out.size(); ++k)
            if (m_out[k].proof.empty())
                m_out[k].proof = ref;
    }

    // A pair that differs, but whose results on both sides only feed ops
    // proven equal to their counterparts: an intermediate step of a
    // computation written differently (exti before or after a broadcast).
    // Its differences cannot reach a result; they take the proof.
    void internalStep(int r, int g, size_t first)
    {
        bool open = false;
        for (size_t k = first; k < m_out.size(); ++k)
            open = open || m_out[k].proof.empty();
        if (!open)
            return;
        RawDifference ref, gen;
        absorbed(R, G, M.refToGen, r, ref);
        if (ref.proof.empty())
            return;
        absorbed(G, R, M.genToRef, g, gen);
        if (gen.proof.empty())
            return;
        for (size_t k = first; k < m_out.size(); ++k)
            if (m_out[k].proof.empty()) {
                m_out[k].proof = ref.proof;
                m_out[k].conditional = ref.conditional || gen.conditional;
            }
    }

    void matchedOps(int r, int g)
    {
        const GOp& a = R.ops[size_t(r)];
        const GOp& b = G.ops[size_t(g)];
        if (!sameOp(a, b)) {
            auto d = make(DiffKind::OpChanged, r, g);
            d.refValue = std::string(a.name);
            d.genValue = std::string(b.name);
            if (sameForm(a, b))
                d.proof = std::string(a.formId != OpId::Unknown ? a.proof : b.proof);
            m_out.push_back(d);
            return;
        }
        if (loopCarriedTokensDiffer(r, g))
            return;
        auto mk = [&](DiffKind k) { return make(k, r, g); };
        const size_t attrsFrom = m_out.size();
        compareAttrs(a.attrs, b.attrs, false, mk);
        const bool mirrored = mirroredCompare(a, b);
        const std::string shifted = mirrored ? std::string() : shiftedBound(r, g);
        for (size_t k = attrsFrom; k < m_out.size(); ++k) {
            explainFlush(R, r, G, g, m_out[k]); // only flush_to_zero on one side
            if (a.id == OpId::Constant && m_out[k].attribute == "value" && m_out[k].proof.empty())
                m_out[k].proof = unobservedPaddingConstantProof(R, r, G, g);
            if (mirrored && m_out[k].attribute == "predicate")
                m_out[k].proof = "x " + m_out[k].refValue + " y is y " + m_out[k].genValue +
                                 " x: the mirrored predicate with its operands swapped";
            if (!shifted.empty() && m_out[k].attribute == "predicate")
                m_out[k].proof = shifted;
        }
        compareAttrs(a.hints, b.hints, true, mk);
        if (a.id == OpId::MakeTensorView && compareTensorViews(R, r, G, g, M, m_out)) {
            // Extent and stride by extent and stride (ViewExtents.h); the views
            // built on it then differ in type only as a consequence.
            if (R.values[size_t(a.results[0])].typeText != G.values[size_t(b.results[0])].typeText)
                m_typeChanged.insert(r);
            return;
        }
        if (a.results.size() != b.results.size()) {
            auto d = make(DiffKind::TypeChanged, r, g);
            d.attribute = "result_count";
            d.refValue = std::to_string(a.results.size());
            d.genValue = std::to_string(b.results.size());
            m_out.push_back(d);
        } else {
            for (size_t k = 0; k < a.results.size(); ++k) {
                const auto& x = R.values[size_t(a.results[k])];
                const auto& y = G.values[size_t(b.results[k])];
                if (x.typeText == y.typeText)
                    continue;
                const bool inherited = operandTypeChanged(r);
                m_typeChanged.insert(r);
                for (const auto& f : compareTypes(x.type, y.type)) {
                    auto d =
                        make(inherited ? DiffKind::TypePropagated : DiffKind::TypeChanged, r, g);
                    d.attribute = f.facet;
                    d.refValue = f.refText;
                    d.genValue = f.genText;
                    if (f.facet == "padding_value" && !inherited)
                        explainPadding(R, r, G, g, d);
                    m_out.push_back(d);
                }
            }
        }
        writtenOperandTypes(r, g);
        if (isMemoryOp(a.id) && isMemoryOp(b.id)) {
            compareMemoryOperands(R, r, G, g, M, m_out);
        } else if (a.operands.size() != b.operands.size()) {
            auto d = make(DiffKind::OperandChanged, r, g);
            d.attribute = "operand_count";
            d.refValue = std::to_string(a.operands.size());
            d.genValue = std::to_string(b.operands.size());
            m_out.push_back(d);
        } else if (a.hash == b.hash && (a.hasSemOperands || b.hasSemOperands)) {
            // Equal normal forms: the written operands may be different but equal spellings.
        } else if (mirrored) {
            // Its operands are the reference's, swapped with the predicate: only
            // the signedness (compared above) can still differ.
        } else if (!shifted.empty()) {
            // Its operands are the reference's, one moved by one with the
            // predicate's strictness (ShiftedBound.h): the same.
        } else if (a.commutative && b.commutative) {
            const bool straight = valuesCorrespond(a.operands[0], b.operands[0]) &&
                                  valuesCorrespond(a.operands[1], b.operands[1]);
            const bool crossed = valuesCorrespond(a.operands[0], b.operands[1]) &&
                                 valuesCorrespond(a.operands[1], b.operands[0]);
            bool rest = true; // fma's addend keeps its place
            for (size_t i = 2; i < a.operands.size(); ++i)
                rest = rest && valuesCorrespond(a.operands[i], b.operands[i]);
            if (!(straight || crossed) || !rest)
                operandDiffs(r, g);
        } else {
            operandDiffs(r, g);
        }
        if (a.regions.size() != b.regions.size()) {
            auto d = make(DiffKind::OpChanged, r, g);
            d.attribute = "regions";
            d.refValue = std::to_string(a.regions.size()) + " regions";
            d.genValue = std::to_string(b.regions.size()) + " regions";
            m_out.push_back(d);
        }
    }

    static size_t tokenCount(const GFunction& f, IdList values)
    {
        size_t n = 0;
        for (int v : values)
            n += f.values[size_t(v)].typeText == "token";
        return n;
    }

    // A loop (and its continue / yield) carrying a token on one side only: an
    // ordering difference between memory ops (checklist M6), reported once as
    // a token difference; the other operands and results compared as usual.
    bool loopCarriedTokensDiffer(int r, int g)
    {
        const GOp& a = R.ops[size_t(r)];
        const GOp& b = G.ops[size_t(g)];
        const OpId n = a.id;
        if (n != OpId::For && n != OpId::Loop && n != OpId::Continue && n != OpId::Yield &&
            n != OpId::Break)
            return false;
        const size_t ta = tokenCount(R, a.operands) + tokenCount(R, a.results);
        const size_t tb = tokenCount(G, b.operands) + tokenCount(G, b.results);
        if (ta == tb || a.operands.size() - tokenCount(R, a.operands) !=
                            b.operands.size() - tokenCount(G, b.operands))
            return false;
        auto d = make(DiffKind::OperandChanged, r, g);
        d.attribute = "token";
        d.refValue = std::to_string(ta) + " loop-carried token value(s)";
        d.genValue = std::to_string(tb) + " loop-carried token value(s)";
        m_out.push_back(d);
        size_t j = 0;
        for (size_t i = 0; i < a.operands.size(); ++i) {
            if (R.values[size_t(a.operands[i])].typeText == "token")
                continue;
            while (G.values[size_t(b.operands[j])].typeText == "token")
                ++j;
            if (!valuesCorrespond(a.operands[i], b.operands[j]) &&
                !constantsDiffer(a.operands[i], b.operands[j])) {
                auto o = make(DiffKind::OperandChanged, r, g);
                o.operandIndex = int(i);
                o.attribute = "operand " + std::to_string(i);
                o.refValue = describeValue(R, a.operands[i]);
                o.genValue = describeValue(G, b.operands[j]);
                m_out.push_back(o);
            }
            ++j;
        }
        return true;
    }

    // The operand types written in the ops' signatures (`load_ptr_tko .. :
    // tile<128xptr<f32>>, ..`). They follow from the operand values, so a
    // difference counts only where a side writes a type that none of its
    // operands has: an edit made only on this line, not at the producer
    // (which is reported there). Lists of different length are spellings
    // (generic per-operand list vs custom shorthand); bytecode has none.
    void writtenOperandTypes(int r, int g)
    {
        const GOp& a = R.ops[size_t(r)];
        const GOp& b = G.ops[size_t(g)];
        const auto& wa = a.writtenTypes;
        const auto& wb = b.writtenTypes;
        if (wa.size() != wb.size())
            return;
        for (size_t i = 0; i < wa.size(); ++i) {
            const std::string_view ta = wa[i] ? wa[i]->canonicalText : std::string_view();
            const std::string_view tb = wb[i] ? wb[i]->canonicalText : std::string_view();
            if (ta == tb || (operandHasType(R, a, ta) && operandHasType(G, b, tb)))
                continue;
            auto d = make(DiffKind::TypeChanged, r, g);
            d.attribute = "written operand type";
            d.operandIndex = int(i);
            d.refValue = std::string(ta);
            d.genValue = std::string(tb);
            m_out.push_back(d);
        }
    }

    static bool operandHasType(const GFunction& f, const GOp& o, std::string_view type)
    {
        for (int v : o.operands)
            if (f.values[size_t(v)].typeText == type)
                return true;
        return false;
    }

    static std::string_view mirroredPredicate(std::string_view p)
    {
        static constexpr std::pair<std::string_view, std::string_view> kMirror[] = {
            {"less_than", "greater_than"},
            {"less_than_or_equal", "greater_than_or_equal"},
            {"greater_than", "less_than"},
            {"greater_than_or_equal", "less_than_or_equal"}};
        for (const auto& [from, to] : kMirror)
            if (p == from)
                return to;
        return p; // equal, not_equal: their own mirror
    }

    // `x <= y - 1` for `x < y` where y - 1 cannot wrap (ShiftedBound.h): the
    // proof sentence, empty when the pair is not such a spelling.
    // The addi / subi of such a spelling, on one side only, takes its proof.
    std::string shiftedBound(int r, int g)
    {
        ShiftedBound s = diff::shiftedBound(
            R, r, G, g, [this](int rv, int gv) { return valuesCorrespond(rv, gv); });
        if (s.shiftOp >= 0)
            m_shiftSteps[s.shiftedSide].emplace(s.shiftOp, s.proof);
        return std::move(s.proof);
    }

    std::string shiftStepProof(Side side, int op) const
    {
        const auto it = m_shiftSteps[side].find(op);
        return it == m_shiftSteps[side].end() ? std::string() : it->second;
    }

    // `cmpi gt y, x` for `cmpi lt x, y` (any signedness on either side): the
    // same predicate read with the operands swapped, so neither the predicate
    // nor the operands changed; a signedness difference stays to be decided.
    bool mirroredCompare(const GOp& a, const GOp& b) const
    {
        if (a.id != OpId::CmpI || b.id != OpId::CmpI || a.operands.size() != 2 ||
            b.operands.size() != 2)
            return false;
        const GAttr* pa = findAttr(a, "predicate");
        const GAttr* pb = findAttr(b, "predicate");
        if (!pa || !pb || mirroredPredicate(pa->value) != pb->value)
            return false;
        const bool straight = valuesCorrespond(a.operands[0], b.operands[0]) &&
                              valuesCorrespond(a.operands[1], b.operands[1]);
        return !straight && valuesCorrespond(a.operands[0], b.operands[1]) &&
               valuesCorrespond(a.operands[1], b.operands[0]);
    }

    // The index of the operand that operand i was swapped with (the generated op
    // reads a[i] at j and a[j] at i, neither in place), -1 when none: one
    // mistake, reported once, not as two changed operands.
    int swappedWith(const GOp& a, const GOp& b, size_t i) const
    {
        for (size_t j = 0; j < a.operands.size(); ++j)
            if (j != i && !valuesCorrespond(a.operands[i], b.operands[i]) &&
                !valuesCorrespond(a.operands[j], b.operands[j]) &&
                valuesCorrespond(a.operands[i], b.operands[j]) &&
                valuesCorrespond(a.operands[j], b.operands[i]))
                return int(j);
        return -1;
    }

    void operandDiffs(int r, int g)
    {
        const GOp& a = R.ops[size_t(r)];
        const GOp& b = G.ops[size_t(g)];
        std::vector<bool> reported(a.operands.size(), false);
        std::vector<int> reportedAt(a.operands.size(), -1); // index in m_out, -1: none
        // The operands whose change is the one reported at operand k (k first).
        std::vector<std::vector<size_t>> sharing(a.operands.size());
        // A commutative op's first two operands read crosswise are no change (fma's
        // multiplicands); its other operands still are.
        const bool crossed = a.commutative && b.commutative &&
                             valuesCorrespond(a.operands[0], b.operands[1]) &&
                             valuesCorrespond(a.operands[1], b.operands[0]);
        for (size_t i = 0; i < a.operands.size(); ++i) {
            if (reported[i] || (crossed && i < 2) || valuesCorrespond(a.operands[i], b.operands[i]))
                continue;
            if (const int j = swappedWith(a, b, i); j >= 0) {
                reported[size_t(j)] = true;
                auto d = make(DiffKind::OperandChanged, r, g);
                d.operandIndex = int(i);
                d.attribute =
                    "operands " + std::to_string(i) + " and " + std::to_string(j) + " swapped:";
                d.refValue = describeValue(R, a.operands[i]);
                d.genValue = describeValue(G, b.operands[i]);
                m_out.push_back(d);
                continue;
            }
            if (!permutedOperand(r, b.operands[i]) && constantsDiffer(a.operands[i], b.operands[i]))
                continue;
            if (bothUnmatchedDefs(a.operands[i], b.operands[i]))
                continue;
            if (const int k = sameChangeAs(a, b, i, reportedAt); k >= 0) {
                // fma(xd, xd, acc) for fma(xc, xc, acc): one changed value read twice is one
                // finding (issue 30 item 1), named by both operands.
                std::vector<size_t>& same = sharing[size_t(k)];
                if (same.empty())
                    same.push_back(size_t(k));
                same.push_back(i);
                m_out[size_t(reportedAt[size_t(k)])].attribute = operandsText(same);
                continue;
            }
            auto d = make(DiffKind::OperandChanged, r, g);
            d.operandIndex = int(i);
            d.attribute = "operand " + std::to_string(i);
            d.refValue = describeValue(R, a.operands[i]);
            d.genValue = describeValue(G, b.operands[i]);
            if (d.genValue == d.refValue) // the same line on both sides, another computation
                d.genValue += " computing another value";
            reportedAt[i] = int(m_out.size());
            m_out.push_back(d);
        }
    }

    // "operands 0 and 1", "operands 0, 1 and 2".
    static std::string operandsText(const std::vector<size_t>& operands)
    {
        std::string out = "operands ";
        for (size_t n = 0; n < operands.size(); ++n) {
            if (n > 0)
                out += n + 1 == operands.size() ? " and " : ", ";
            out += std::to_string(operands[n]);
        }
        return out;
    }

    // The earlier operand k whose change (reported at m_out[reportedAt[k]]) is the same as
    // operand i's: the same reference value became the same generated value. -1 when none.
    int sameChangeAs(const GOp& a, const GOp& b, size_t i, const std::vector<int>& reportedAt) const
    {
        for (size_t k = 0; k < i; ++k)
            if (reportedAt[k] >= 0 &&
                R.values[size_t(a.operands[k])].canon == R.values[size_t(a.operands[i])].canon &&
                G.values[size_t(b.operands[k])].canon == G.values[size_t(b.operands[i])].canon)
                return int(k);
        return -1;
    }

    // True when a producer of one of r's operands changed its result type:
    // then r's own type change is a consequence, reported once at the source.
    bool operandTypeChanged(int r) const
    {
        for (int v : R.ops[size_t(r)].operands) {
            const int d = R.canonValue(v).def;
            if (d >= 0 && m_typeChanged.count(d))
                return true;
        }
        return false;
    }

    // The generated operand is another operand of the same reference op
    // (operands swapped or repeated): an operand change, not a changed constant.
    bool permutedOperand(int r, int gv) const
    {
        const int mapped = M.genValToRef[size_t(G.values[size_t(gv)].canon)];
        if (mapped < 0)
            return false;
        for (int v : R.ops[size_t(r)].operands)
            if (R.values[size_t(v)].canon == mapped)
                return true;
        return false;
    }

    // Operands written as different constants: report the constants themselves
    // (where the value is written), once per pair.
    bool constantsDiffer(int rv, int gv)
    {
        const int wr = R.values[size_t(rv)].def;
        const int wg = G.values[size_t(gv)].def;
        if (wr < 0 || wg < 0 || !constantLike(R.ops[size_t(wr)]) ||
            !constantLike(G.ops[size_t(wg)]))
            return false;
        const std::string va = constantText(R, wr), vb = constantText(G, wg);
        if (va == vb || R.ops[size_t(wr)].hash == G.ops[size_t(wg)].hash)
            return false;
        // A constant paired with another one (the generated side uses its 8 of
        // another shift here): the op chose another operand, report it there.
        const int wrc = R.canonValue(rv).def, wgc = G.canonValue(gv).def;
        if ((wrc >= 0 && M.refToGen[size_t(wrc)] >= 0 && M.refToGen[size_t(wrc)] != wgc) ||
            (wgc >= 0 && M.genToRef[size_t(wgc)] >= 0 && M.genToRef[size_t(wgc)] != wrc))
            return false;
        if (m_constPairs.insert({wr, wg}).second) {
            auto d = make(DiffKind::AttributeChanged, wr, wg);
            d.attribute = "value";
            d.refValue = va;
            d.genValue = vb;
            m_out.push_back(d);
        }
        return true;
    }

    // A constant, or an op whose normal form is one (constant arithmetic, a
    // reshape/broadcast chain of a splat constant).
    static bool constantLike(const GOp& o)
    {
        return o.id == OpId::Constant || (o.hasSemOperands && o.semOperands.empty());
    }

    static std::string constantText(const GFunction& f, int op)
    {
        const GOp& o = f.ops[size_t(op)];
        if (o.id == OpId::Constant)
            return opSignature(f, op);
        return std::string(o.name) + " of constants (" + std::string(o.proof) + ")";
    }

    // A reference constant that the generated side reads from an entry argument bound to
    // it (ArgSpecialisation.h): the same value, reported at the entry.
    std::string boundArgumentProof(const GOp& o) const
    {
        if (o.results.size() != 1)
            return {};
        const uint64_t h = R.canonValue(o.results[0]).hash;
        auto proof = [&](int v) {
            return "the generated entry's argument " + std::to_string(G.values[size_t(v)].index) +
                   ", compared as this constant of the reference's specialisation (see the "
                   "entry)";
        };
        for (const auto& [v, c] : G.specialisedArgs)
            if (G.canonValue(v).hash == h)
                return proof(v);
        for (const auto& [v, bits] : G.specialisedFloats)
            if (G.canonValue(v).hash == h)
                return proof(v);
        return {};
    }

    // What reporting both sides' unmatched ops needs; the maps are built on first use (most
    // pairs never need them).
    struct UnmatchedScan
    {
        // Dead and duplicated ops of a side by computation, not yet set against the other's.
        // (Two members: FlatHashMap's size constructor is explicit, which PerSide's
        // value-initialisation cannot use.)
        FlatHashMap<int> referenceSurplus, generatedSurplus;
        FlatHashMap<int>& surplusCount(Side s)
        {
            return s == Side::Reference ? referenceSurplus : generatedSurplus;
        }
        PerSide<std::optional<FlatHashMap<uint8_t>>> allOps; // every op's computation
        PerSide<std::vector<char>> readOps; // the ops whose result some op reads as written
        PerSide<std::optional<FlatHashMap<int>>> live; // live ops by normal form
    };

    const GFunction& fn(Side side) const { return side == Side::Reference ? R : G; }
    const std::vector<int>& opsToOther(Side side) const
    {
        return side == Side::Reference ? M.refToGen : M.genToRef;
    }

    // Dead and duplicated ops are compared by how often each computation occurs: only a
    // surplus on one side is reported (as noise).
    FlatHashMap<int> surplusCounts(Side side) const
    {
        FlatHashMap<int> count;
        const GFunction& f = fn(side);
        for (size_t i = 0; i < f.ops.size(); ++i)
            if (!participates(f.ops[i]) && opsToOther(side)[i] < 0)
                ++count[surplusKey(f.ops[i])];
        return count;
    }

    void unmatched()
    {
        UnmatchedScan scan;
        scan.surplusCount(Side::Generated) = surplusCounts(Side::Generated);
        unmatchedOn(Side::Reference, scan);
        scan.surplusCount(Side::Reference) = surplusCounts(Side::Reference);
        unmatchedOn(Side::Generated, scan);
    }

    void unmatchedOn(Side side, UnmatchedScan& scan)
    {
        const GFunction& f = fn(side);
        const std::vector<int>& toOther = opsToOther(side);
        for (size_t i = 0; i < f.ops.size(); ++i) {
            const GOp& o = f.ops[i];
            if (toOther[i] >= 0 || (o.terminator && o.operands.empty()) || o.assume ||
                insideProvenOp(f, toOther, int(i)))
                continue;
            if (participates(o))
                m_out.push_back(missingOrExtra(side, int(i), scan));
            else if (surplus(scan, otherSide(side), o))
                m_out.push_back(unmatchedNoise(side, int(i), scan));
        }
    }

    // A participating op on one side only: missing from the generated side or extra in it,
    // with the first proof that explains it away.
    RawDifference missingOrExtra(Side side, int op, UnmatchedScan& scan)
    {
        const bool ref = side == Side::Reference;
        const GFunction& f = fn(side);
        const GOp& o = f.ops[size_t(op)];
        auto d = ref ? make(DiffKind::OpMissing, op, -1) : make(DiffKind::OpExtra, -1, op);
        (ref ? d.refValue : d.genValue) = opSignature(f, op);
        d.proof = unmatchedProof(f, op);
        if (d.proof.empty() && ref) // only the reference binds arguments to constants
            d.proof = boundArgumentProof(o);
        if (d.proof.empty())
            absorbed(f, fn(otherSide(side)), opsToOther(side), op, d);
        if (d.proof.empty())
            recomputed(scan.live[otherSide(side)], fn(otherSide(side)), o,
                       sideWord(otherSide(side)), d);
        if (d.proof.empty())
            d.proof = paddingSelectProof(o, ref ? M.refValToGen : M.genValToRef);
        if (d.proof.empty() && foldedIntoUsers(f, op))
            d.proof = foldedProof(o);
        if (d.proof.empty())
            d.proof = shiftStepProof(side, op);
        if (d.proof.empty())
            d.proof = onlyGatherPadding(f, op);
        return d;
    }

    // A dead or duplicated op one side has more often than the other.
    RawDifference unmatchedNoise(Side side, int op, UnmatchedScan& scan)
    {
        const bool ref = side == Side::Reference;
        const GFunction& f = fn(side);
        const GOp& o = f.ops[size_t(op)];
        auto d =
            make(unmatchedPureKind(f, op, side, scan.readOps[side]), ref ? op : -1, ref ? -1 : op);
        (ref ? d.refValue : d.genValue) = opSignature(f, op);
        d.proof = o.id == OpId::MakeToken ? unmatchedProof(f, op)
                  : foldedToConstant(o)   ? std::string(o.proof)
                                          : rewrittenUserProof(f, op);
        d.conditional = o.proofConditional;
        return d;
    }

    // Whether `o` is a surplus over `theirSide`: each of their ops of the same computation
    // cancels one. A duplicate of something the other side has once is a surplus; a dead op
    // the other side has (live) is not.
    bool surplus(UnmatchedScan& scan, Side theirSide, const GOp& o) const
    {
        int* n = scan.surplusCount(theirSide).find(surplusKey(o));
        if (n && *n > 0) {
            --*n;
            return false;
        }
        std::optional<FlatHashMap<uint8_t>>& all = scan.allOps[theirSide];
        if (!all) {
            const GFunction& f = fn(theirSide);
            all.emplace(f.ops.size());
            for (const auto& op : f.ops)
                (*all)[surplusKey(op)] = 1;
        }
        return o.duplicateOf >= 0 || !all->find(surplusKey(o));
    }

    // The proof that `o` computes a value the other side computes elsewhere (live, same normal
    // form): hoisting or CSE across regions merges them.
    static void recomputed(std::optional<FlatHashMap<int>>& map, const GFunction& f, const GOp& o,
                           const char* side, RawDifference& d)
    {
        if (!o.pure || !o.regions.empty() || o.results.size() != 1 || o.folded)
            return;
        if (!map) {
            map.emplace(f.ops.size());
            for (size_t k = 0; k < f.ops.size(); ++k)
                if (participates(f.ops[k]) && f.ops[k].pure && f.ops[k].regions.empty())
                    (*map)[f.ops[k].hash] = int(k) + 1;
        }
        const int* at = map->find(o.hash);
        if (!at)
            return;
        d.proof = "computes the value of the " + std::string(side) + "'s line " +
                  std::to_string(f.ops[size_t(*at - 1)].line) +
                  " (the same normal form), once more in another place: hoisting or CSE "
                  "across regions merges them";
    }

    // The kind of a pure op on one side only that takes no part in the
    // comparison: a duplicate (CSE merges it), an op whose result nothing reads
    // (dead), or an op normalisation folded into another value while the kernel
    // still reads its result (the select of a Python-modulo fix-up that never
    // fires, an identity bitcast): an op present on that side only, not a dead one.
    // `read` is filled on first use: per op, whether an op reads one of its results.
    static DiffKind unmatchedPureKind(const GFunction& f, int op, Side side,
                                      std::vector<char>& read)
    {
        const GOp& o = f.ops[size_t(op)];
        if (o.duplicateOf >= 0)
            return DiffKind::DuplicateOp;
        if (!o.folded || o.proof.empty())
            return DiffKind::DeadOp;
        if (read.empty()) {
            read.assign(f.ops.size(), 0);
            for (const GOp& u : f.ops)
                for (int v : u.operands)
                    if (f.values[size_t(v)].def >= 0)
                        read[size_t(f.values[size_t(v)].def)] = 1;
        }
        if (!read[size_t(op)])
            return DiffKind::DeadOp;
        return side == Side::Reference ? DiffKind::OpMissing : DiffKind::OpExtra;
    }

    // A pure op (the negf of a + (-b)) whose every written user is an op
    // written as another op with a proof (a subf): part of that normal form.
    static std::string rewrittenUserProof(const GFunction& f, int op)
    {
        const GOp& o = f.ops[size_t(op)];
        if (!o.pure || o.results.size() != 1)
            return {};
        const int v = o.results[0];
        std::string proof;
        // Users of a value are its next ops in the same region far more often than
        // not; a bounded scan of the region keeps this cheap on large modules.
        const IdList ops = f.regions[size_t(o.region)].ops;
        int seen = 0;
        for (size_t k = size_t(o.posInRegion) + 1; k < ops.size() && k < size_t(o.posInRegion) + 64;
             ++k) {
            const GOp& u = f.ops[size_t(ops[k])];
            if (std::find(u.operands.begin(), u.operands.end(), v) == u.operands.end())
                continue;
            if (u.formId == OpId::Unknown || u.proof.empty())
                return {};
            proof = "part of line " + std::to_string(u.line) +
                    "'s normal form: " + std::string(u.proof);
            ++seen;
        }
        return seen > 0 && seen == usesOf(f, v) ? proof : std::string();
    }

    // How many operand slots of the whole function read value v (written, not canonical).
    static int usesOf(const GFunction& f, int v)
    {
        int n = 0;
        for (const GOp& u : f.ops)
            n += int(std::count(u.operands.begin(), u.operands.end(), v));
        return n;
    }

    // Folded away, or a normal form that is a constant (a comparison of
    // specialised constants): its proof says why nothing uses it.
    static bool foldedToConstant(const GOp& o)
    {
        return o.folded ||
               (o.duplicateOf < 0 && o.hasSemOperands && o.semOperands.empty() && !o.proof.empty());
    }

    static std::string foldedProof(const GOp& o)
    {
        std::string why = o.proof.empty() ? std::string() : std::string(o.proof) + "; ";
        return why + "a constant that every use folds into its own normal form (a "
                     "reshape/broadcast chain of it is the splat the other side writes "
                     "directly): it feeds nothing else";
    }

    // A select that fills the masked-off lanes of a load without padding,
    // matched to the other side's padded load (OpMatcher, paddingSelect).
    static std::string paddingSelectProof(const GOp& o, const std::vector<int>& toOther)
    {
        if (o.id != OpId::Select || o.results.size() != 1 || toOther[size_t(o.results[0])] < 0)
            return {};
        return "selects a padding value into the masked-off lanes of a load without padding: "
               "the other side's load pads them with the same value";
    }

    // Side-effecting ops must keep their relative order within a region.
    void order()
    {
        for (const auto& [rr, gr] : M.regionPairs) {
            std::vector<int> refs, genPos;
            for (int o : R.regions[size_t(rr)].ops) {
                const int g = M.refToGen[size_t(o)];
                if (g >= 0 && orderedEffect(R.ops[size_t(o)].id) && G.ops[size_t(g)].region == gr) {
                    refs.push_back(o);
                    genPos.push_back(G.ops[size_t(g)].posInRegion);
                }
            }
            if (refs.size() < 2)
                continue;
            const auto keep = longestIncreasing(genPos);
            std::vector<bool> inChain(refs.size(), false);
            for (size_t k : keep)
                inChain[k] = true;
            for (size_t k = 0; k < refs.size(); ++k)
                if (!inChain[k])
                    m_out.push_back(
                        make(DiffKind::OrderChanged, refs[k], M.refToGen[size_t(refs[k])]));
        }
    }

    const GFunction& R;
    const GFunction& G;
    const OpMatching& M;
    std::vector<RawDifference> m_out;
    std::set<std::pair<int, int>> m_constPairs;
    std::set<int> m_typeChanged; // reference ops whose result type differs
    // The addi / subi of a compare's bound moved by one (ShiftedBound.h), with the proof.
    PerSide<std::unordered_map<int, std::string>> m_shiftSteps;
};

} // namespace

std::string opSignature(const GFunction& g, int op)
{
    const GOp& o = g.ops[size_t(op)];
    std::string s;
    for (const auto& a : o.attrs) {
        if (!s.empty())
            s += ' ';
        if (o.assume || a.name == "value") {
            s += a.value;
        } else {
            s += a.name;
            if (!a.value.empty())
                s.append("=").append(a.value);
        }
    }
    if (s.empty() && !o.results.empty())
        s = std::string(g.values[size_t(o.results[0])].typeText);
    return s;
}

std::vector<RawDifference> compareFunctions(const GFunction& ref, const GFunction& gen,
                                            const OpMatching& m)
{
    return Comparator(ref, gen, m).run();
}

} // namespace tilelens::diff
