#pragma once
// Named recognizers: patterns that a rule's match conditions cannot express,
// such as "divi rounding<positive_inf> here equals (a+b-1)/b there". Rules
// refer to them by name (RuleSet::knownRecognizers()). The equivalence
// recognizers look at the whole matched pair of functions once and record
// which ops on each side take part in an accepted equivalent.

#include "common/Side.h"
#include "diff/compare/RawDifference.h"
#include "diff/graph/Internal.h"
#include "diff/graph/OpGraph.h"
#include "diff/match/OpMatcher.h"

#include <map>
#include <string>
#include <unordered_set>

namespace tilelens::diff {

class RecognizerContext
{
public:
    RecognizerContext(const GFunction& ref, const GFunction& gen, const OpMatching& m);

    // True when the named recognizer confirms that it explains `d`.
    bool recognize(const std::string& name, const RawDifference& d) const;

private:
    // The ops of each side that take part in an accepted equivalent.
    using Cover = PerSide<std::unordered_set<int>>;
    void scanPairs();
    void checkPair(Side sideOfA, int a, int b);
    void coverChain(Side side, int op, int depth, std::initializer_list<OpId> allowed, Cover& c);
    bool covered(const Cover& c, const RawDifference& d) const;
    bool isScaledBy(Side side, int op, int64_t factor) const;
    bool isCeilDivision(Side side, int op) const;
    const GFunction& function(Side side) const { return side == Side::Generated ? G : R; }
    int defOf(Side side, int value) const;
    bool matchedOp(Side side, int op) const;

    const GFunction& R;
    const GFunction& G;
    const OpMatching& M;
    std::map<std::string, Cover> m_cover;
    bool m_genRawPointerAccess = false;
};

} // namespace tilelens::diff
