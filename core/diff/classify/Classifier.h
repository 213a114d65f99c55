#pragma once
// Applies the rule set to raw differences: the first rule whose conditions
// (and recognizer, if any) match decides severity, owner, root cause and the
// message. A difference no rule covers keeps its kind's default severity.

#include "diff/DiffResult.h"
#include "diff/MessageTemplate.h"
#include "diff/RuleSet.h"
#include "diff/classify/Recognizers.h"
#include "diff/compare/RawDifference.h"
#include "diff/graph/Internal.h"

namespace tilelens::diff {

class Classifier
{
public:
    explicit Classifier(const RuleSet& rules) : m_rules(rules) {}

    const Rule* findRule(const RawDifference& d, const RecognizerContext* ctx) const;
    Divergence classify(const RawDifference& d, const RecognizerContext* ctx,
                        const std::string& function) const;

private:
    const RuleSet& m_rules;
};

// The values of {op} {ref_op} {gen_op} {attribute} {ref_value} {gen_value} {operand} {kind}
// {function} for one difference.
MessageFields messageFields(const RawDifference& d, const std::string& function);

} // namespace tilelens::diff
