#include "diff/classify/Classifier.h"

#include <algorithm>

namespace tilelens::diff {

namespace {

bool contains(const std::vector<std::string>& v, const std::string& s)
{
    return std::find(v.begin(), v.end(), s) != v.end();
}

bool matches(const Rule& rule, const RawDifference& d)
{
    const RuleMatch& m = rule.match;
    if (!m.kinds.empty() && std::find(m.kinds.begin(), m.kinds.end(), d.kind) == m.kinds.end())
        return false;
    if (!m.ops.empty() && !contains(m.ops, d.refOpName) && !contains(m.ops, d.genOpName))
        return false;
    if (!m.attributes.empty() && !contains(m.attributes, d.attribute))
        return false;
    if (!m.operandIndices.empty() && std::find(m.operandIndices.begin(), m.operandIndices.end(),
                                               d.operandIndex) == m.operandIndices.end())
        return false;
    if (!m.refValue.empty() && !globMatch(m.refValue, d.refValue))
        return false;
    if (!m.genValue.empty() && !globMatch(m.genValue, d.genValue))
        return false;
    return true;
}

} // namespace

MessageFields messageFields(const RawDifference& d, const std::string& function)
{
    MessageFields f;
    f.op = !d.refOpName.empty() ? d.refOpName : d.genOpName;
    f.refOp = d.refOpName.empty() ? std::string("nothing") : d.refOpName;
    f.genOp = d.genOpName.empty() ? std::string("nothing") : d.genOpName;
    f.attribute = d.attribute;
    f.refValue = d.refValue.empty() && d.refOp < 0 && !d.functionLevel ? "absent" : d.refValue;
    f.genValue = d.genValue.empty() && d.genOp < 0 && !d.functionLevel ? "absent" : d.genValue;
    f.value = d.refOp >= 0 ? d.refValue : d.genValue;
    f.operand = d.operandIndex >= 0 ? std::to_string(d.operandIndex) : std::string();
    f.kind = diffKindName(d.kind);
    f.function = function;
    return f;
}

const Rule* Classifier::findRule(const RawDifference& d, const RecognizerContext* ctx) const
{
    for (const Rule& r : m_rules.rules()) {
        if (!matches(r, d))
            continue;
        if (!r.recognizer.empty() && !(ctx && ctx->recognize(r.recognizer, d)))
            continue;
        return &r;
    }
    return nullptr;
}

Divergence Classifier::classify(const RawDifference& d, const RecognizerContext* ctx,
                                const std::string& function) const
{
    Divergence out;
    out.kind = d.kind;
    out.function = function;
    out.attribute = d.attribute;
    out.refValue = d.refValue;
    out.genValue = d.genValue;
    out.proof = d.proof;
    out.counterexample = d.counterexample;
    if (!d.refOpName.empty())
        out.reference = OpSite{d.refLine, d.refColumn, d.refOpName};
    if (!d.genOpName.empty())
        out.generated = OpSite{d.genLine, d.genColumn, d.genOpName};
    if (const Rule* r = findRule(d, ctx)) {
        out.severity = r->severity;
        out.rule = r->id;
        out.owner = r->owner;
        out.rootCause = r->rootCause;
        out.checklistItem = r->checklist;
        out.messageTemplate = r->message;
    } else {
        out.severity = defaultSeverity(d.kind);
        out.rule = "fallback-builtin";
        out.rootCause =
            out.severity == Severity::Noise ? RootCause::SemanticEquiv : RootCause::UserCode;
        out.messageTemplate = kFallbackMessage;
    }
    out.messageFields = messageFields(d, function);
    out.message = fillMessage(out.messageTemplate, out.messageFields);
    return out;
}

} // namespace tilelens::diff
