#include "diff/MessageTemplate.h"

namespace tilelens::diff {

namespace {

void replaceAll(std::string& s, const std::string& from, const std::string& to)
{
    size_t pos = 0;
    while ((pos = s.find(from, pos)) != std::string::npos) {
        s.replace(pos, from.size(), to);
        pos += to.size();
    }
}

} // namespace

std::string fillMessage(const std::string& tmpl, const MessageFields& f)
{
    std::string s = tmpl;
    replaceAll(s, "{op}", f.op);
    replaceAll(s, "{ref_op}", f.refOp);
    replaceAll(s, "{gen_op}", f.genOp);
    replaceAll(s, "{attribute}", f.attribute);
    replaceAll(s, "{ref_value}", f.refValue);
    replaceAll(s, "{gen_value}", f.genValue);
    replaceAll(s, "{value}", f.value);
    replaceAll(s, "{operand}", f.operand);
    replaceAll(s, "{kind}", f.kind);
    replaceAll(s, "{function}", f.function);
    // Collapse doubled spaces left by empty fields.
    std::string out;
    for (char c : s)
        if (!(c == ' ' && !out.empty() && out.back() == ' '))
            out += c;
    while (!out.empty() && out.back() == ' ')
        out.pop_back();
    return out;
}

} // namespace tilelens::diff
