#include "diff/engine/OperandText.h"

#include "diff/MessageTemplate.h"
#include "diff/semantics/Semantics.h"

namespace tilelens::diff {
namespace {

// The comparison's suffix when both sides' operands are on the same line (OpComparator).
constexpr std::string_view kAnotherValue = " computing another value";

bool endsWith(const std::string& text, std::string_view suffix)
{
    return text.size() >= suffix.size() &&
           text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// \a canonical (as the comparison wrote it for operand \a index of op \a op) as
// the op's text reads it; \a canonical itself when it does not describe that operand.
std::string asWritten(const GFunction& f, int op, int index, const std::string& canonical)
{
    if (op < 0 || index < 0)
        return canonical;
    const GOp& o = f.ops[size_t(op)];
    if (size_t(index) >= o.operands.size())
        return canonical;
    const int v = o.operands[size_t(index)];
    const std::string described = describeValue(f, v);
    if (canonical == described)
        return describeOperandAsWritten(f, v);
    if (canonical == described + std::string(kAnotherValue))
        return describeOperandAsWritten(f, v) + std::string(kAnotherValue);
    return canonical; // another operand (a loop's token-shifted list): not ours to rename
}

} // namespace

std::string describeOperandAsWritten(const GFunction& f, int v)
{
    std::string text = describeValue(f, v);
    int own = v;
    while (f.values[size_t(own)].def >= 0 && f.ops[size_t(f.values[size_t(own)].def)].assume)
        own = f.ops[size_t(f.values[size_t(own)].def)].operands[0];
    const int def = f.values[size_t(own)].def;
    const int canonicalDef = f.canonValue(v).def;
    if (def < 0 || canonicalDef < 0 || f.ops[size_t(def)].duplicateOf != canonicalDef)
        return text; // no CSE twin: the canonical op is the one written
    const std::string twinLine = " at line " + std::to_string(f.ops[size_t(canonicalDef)].line);
    if (!endsWith(text, twinLine))
        return text;
    text.resize(text.size() - twinLine.size());
    return text + " at line " + std::to_string(f.ops[size_t(def)].line);
}

void nameOperandsAsWritten(const GFunction& reference, const GFunction& generated,
                           const RawDifference& d, Divergence& div)
{
    // Only a message still as its template fills it: words added to it later would be lost.
    if (d.kind != DiffKind::OperandChanged || d.operandIndex < 0 ||
        div.message != fillMessage(div.messageTemplate, div.messageFields))
        return;
    const std::string ref = asWritten(reference, d.refOp, d.operandIndex, d.refValue);
    const std::string gen = asWritten(generated, d.genOp, d.operandIndex, d.genValue);
    if (ref == d.refValue && gen == d.genValue)
        return;
    div.refValue = ref;
    div.genValue = gen;
    MessageFields& fields = div.messageFields;
    fields.refValue = ref;
    fields.genValue = gen;
    fields.value = d.refOp >= 0 ? ref : gen;
    div.message = fillMessage(div.messageTemplate, fields);
}

} // namespace tilelens::diff
