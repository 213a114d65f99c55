#include "diff/MessageTemplate.h"

#include <string_view>
#include <utility>

namespace tilelens::diff {

namespace {

// A filled message past this is cut: a rules file can repeat a placeholder of a long value
// (50,000 times a 20 KB function name asked for a gigabyte per message).
constexpr size_t kMaxMessageBytes = size_t(1) << 20;

const std::string* fieldOf(std::string_view placeholder, const MessageFields& f)
{
    static const std::pair<std::string_view, std::string MessageFields::*> kFields[] = {
        {"{op}", &MessageFields::op},
        {"{ref_op}", &MessageFields::refOp},
        {"{gen_op}", &MessageFields::genOp},
        {"{attribute}", &MessageFields::attribute},
        {"{ref_value}", &MessageFields::refValue},
        {"{gen_value}", &MessageFields::genValue},
        {"{value}", &MessageFields::value},
        {"{operand}", &MessageFields::operand},
        {"{kind}", &MessageFields::kind},
        {"{function}", &MessageFields::function},
    };
    for (const auto& [name, member] : kFields)
        if (placeholder.substr(0, name.size()) == name)
            return &(f.*member);
    return nullptr;
}

} // namespace

std::string fillMessage(const std::string& tmpl, const MessageFields& f)
{
    // One pass over the template: a value is written as it is, never searched again for
    // placeholders, and each step costs only what it appends.
    std::string s;
    s.reserve(tmpl.size());
    for (size_t i = 0; i < tmpl.size() && s.size() <= kMaxMessageBytes;) {
        if (tmpl[i] == '{') {
            if (const std::string* value = fieldOf(std::string_view(tmpl).substr(i), f)) {
                s += *value;
                i = tmpl.find('}', i) + 1;
                continue;
            }
        }
        s += tmpl[i++];
    }
    if (s.size() > kMaxMessageBytes) {
        s.resize(kMaxMessageBytes);
        s += " ...";
    }
    // Collapse doubled spaces left by empty fields.
    std::string out;
    out.reserve(s.size());
    for (char c : s)
        if (!(c == ' ' && !out.empty() && out.back() == ' '))
            out += c;
    while (!out.empty() && out.back() == ' ')
        out.pop_back();
    return out;
}

} // namespace tilelens::diff
