#pragma once
// The semantic part of the normal form (issue 13): what an op computes,
// independent of how it is written. Identities are folded (x*1, x+0, chains
// of integer constants that cancel), reshape/broadcast chains of splats hash
// as one splat of the result shape, integer constants added in a chain fold
// into one offset, and fact-guarded rewrites (signedness of non-negative
// operands, floor/ceil division of non-negative values) make equivalent forms
// hash alike. Every rewrite records a proof sentence on the op. Facts are
// signed ranges from `assume bounded`, block ids, iota, loop indices and
// overflow-checked arithmetic on them.

#include "diff/graph/Internal.h"
#include "diff/graph/OpGraph.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

namespace tilelens::ir {
struct Type;
}

namespace tilelens::diff {

// Identity of a splatted constant scalar ("<i32: 8>"), and of a splat constant
// op: that scalar and the op's result type.
uint64_t constantScalarHash(std::string_view scalar);
// The splat scalar text ("<f32: 1.000000e-05>") of a reference's float constant, given as
// the bits of a double (EntryName::floatConstants), rounded to element type `elem`.
std::string specialisedFloatScalar(uint64_t doubleBits, std::string_view elem);
// The value of a finite float splat scalar ("<bf16: 7.968750e-01>"), else nullopt.
std::optional<double> splatFloat(std::string_view scalar);
uint64_t constantOpHash(std::string_view scalar, uint64_t typeHash);
// Identity of a tile holding the non-constant scalar value `scalarHash` in
// every lane (a broadcast), and of an op whose result is such a tile.
uint64_t splatOfValue(uint64_t scalarHash);
uint64_t splatOpHash(uint64_t splat, uint64_t typeHash);

struct SemanticForm
{
    int alias = -1;           // the op's result is this value (identity folded)
    bool custom = false;      // `hash` replaces the generic hash
    uint64_t hash = 0;        //
    bool signNeutral = false; // signedness attributes do not matter (hash without them)
    // A rounding attribute cannot change the result (maxf/minf are exact): hash
    // without it. The attribute is still reported (checklist M10), so no proof.
    bool roundingNeutral = false;
    std::string_view proof;   // why, in words (arena text)
    bool conditional = false; // the proof states a precondition it could not prove
};

class SemanticNormalizer
{
public:
    explicit SemanticNormalizer(GFunction& g);

    void collectFacts();              // `assume bounded` facts by the value they constrain
    void regionArgRanges(int region); // loop index ranges, facts on block arguments
    SemanticForm form(int op);        // before the op's results get their identity
    SemanticForm regionForm(int op);  // `if` yielding one of two values: min / max
    void describeResults(int op);     // after: ranges, splat and offset info of its results
    void mergeFacts(int duplicateResult, int canonical);
    // Operands that only order memory ops (a fresh root token) or that no
    // observable lane reads (the padding of a masked gather): not part of identity.
    bool orderingOnlyOperand(const GOp& o, size_t index) const;
    // An entry argument bound to a constant (GFunction::specialisedArgs):
    // records it as that constant and returns its identity, else 0.
    uint64_t specialisedArgHash(int value);

private:
    const GValue& canonOf(int v) const { return m_g.values[size_t(m_g.values[size_t(v)].canon)]; }
    int canonId(int v) const { return m_g.values[size_t(v)].canon; }
    IntRange rangeOf(int v) const { return canonOf(v).range; }
    std::string_view keep(const std::string& text);
    void setSemOperands(GOp& o, std::initializer_list<int> values);
    void setSemOperands(GOp& o, const std::vector<int>& values);
    bool constantFold(int id, SemanticForm& f); // ConstantFold.cpp
    bool castFold(int id, SemanticForm& f);     // ConstantFold.cpp
    bool floatFold(int id, SemanticForm& f);    // ConstantFold.cpp
    bool foldToFloat(int id, double v, const std::string& what, SemanticForm& f);
    bool foldToInt(int id, int64_t value, const std::string& what, SemanticForm& f);
    std::string specialisationNote() const;
    bool constantBranch(int id, SemanticForm& f); // `if` on a constant condition
    bool laneForm(int id, SemanticForm& f);       // LaneForms.cpp
    bool affineForm(int id, SemanticForm& f);
    bool divisionForm(int id, SemanticForm& f);
    // y where x = y - y % d with y >= 0 proven (x a multiple of d), else -1.
    int exactMultipleBase(int x, int d) const;
    bool splatForm(int id, SemanticForm& f);
    // Signedness cannot matter: every operand is proven non-negative; `why` gets the proof.
    bool signNeutral(const GOp& o, std::string* why = nullptr) const;
    bool minMaxForm(int id, SemanticForm& f);
    // DecidedConditions.cpp: selects on conditions that ranges decide.
    bool decidedForm(int id, SemanticForm& f);
    bool moduloFixupForm(int id, SemanticForm& f);
    std::optional<bool> truthOf(int v) const;
    struct Override
    {
        int value = -1;
        IntRange range;
    };
    std::optional<bool> truthUnder(int v, const Override* o, size_t n, int depth,
                                   std::vector<std::string>& why) const;
    // ShapeChains.cpp: reshape chains, lane-wise ops commuted with reshapes.
    bool shapeChainForm(int id, SemanticForm& f);
    uint64_t laneHash(const GOp& o, uint64_t operand, std::string_view shapeOf) const;
    // SignedZero.cpp: x + 0.0 where no use observes a zero's sign.
    bool zeroSumForm(int id, SemanticForm& f);
    bool zeroAddendForm(int id, SemanticForm& f); // fma(a, b, +-0) as mulf(a, b)
    bool negatedSumForm(int id, SemanticForm& f); // a + (-b) as subf(a, b)
    bool neverNegativeZero(int v) const;
    void buildWrittenUsers();
    bool zeroSignUnobserved(int v, std::unordered_set<int>& seen);
    // ViewForms.cpp: tensor views without their extents, partition views.
    bool viewForm(int id, SemanticForm& f);
    uint64_t paddingKey(const GOp& o, const ir::Type& t) const;
    bool bothPaddings(const GOp& o, const ir::Type& t);
    bool choiceHash(int cond, int a, int b, SemanticForm& f) const;
    const GOp* defOp(int v) const;
    IntRange resultRange(const GOp& o) const;
    // Result k of an `if`: what its branches yield, each under the condition that holds there.
    IntRange ifResultRange(const GOp& o, size_t k) const;
    IntRange rangeWhere(int value, int condition, bool holds) const;
    IntRange clampToType(IntRange r, int value) const;
    void resetPending();

    GFunction& m_g;
    // What the normal form knows of one value, in one record per value id: set for every
    // result and read per operand (one allocation per function instead of twelve arrays).
    struct ValueFacts
    {
        IntRange fact;        // from `assume bounded` (by written value id)
        uint64_t splat = 0;   // hash of the splatted scalar, 0 = none
        int64_t intValue = 0; // integer splat value (valid where isInt)
        int64_t affOff = 0;
        double floatValue = 0; // finite float splat constant value (valid where isFloat)
        uint64_t lane = 0;     // identity of the scalar every lane holds, 0 = none
        int affBase = -1;      // value = base + offset (base -1: not affine)
        int reshapeBase = -1;  // the value a reshape chain started from
        bool isInt = false;
        bool splatConst = false; // the splatted scalar is a constant
        bool floatOne = false;   // a float splat of 1.0
        bool isFloat = false;
    };
    std::vector<ValueFacts> m_v; // by value id
    // Uses of each written value, (op, operand index), lazy: value v's are
    // m_writtenUses[m_writtenUsersStart[v] .. m_writtenUsersStart[v + 1]).
    std::vector<int> m_writtenUsersStart;
    std::vector<std::pair<int, int>> m_writtenUses;
    // Tensor views by identity without extents: the distinct extent sets seen, in order.
    std::unordered_map<uint64_t, std::vector<uint64_t>> m_viewExtents;
    // Partition views by paddingKey: bit 1 padding none, bit 2 zero (scanned once).
    std::unordered_map<uint64_t, int> m_paddings;
    bool m_paddingsScanned = false;
    // Pending per-result info of the op being normalized (applied in describeResults).
    uint64_t m_pendSplat = 0;
    bool m_pendSplatConst = false;
    bool m_pendFloatOne = false;
    bool m_pendIsFloat = false;
    double m_pendFloat = 0;
    bool m_pendIsInt = false;
    int64_t m_pendInt = 0;
    int m_pendBase = -1;
    int64_t m_pendOff = 0;
    uint64_t m_pendLane = 0;
};

} // namespace tilelens::diff
