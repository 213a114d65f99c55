// Instruction layouts (tile-ir.md §4.9), written in the op table (ir/OpList.def) in the
// spec's notation:
//   N      varint result count            t / t*   one / N result types
//   F      flags varint                   F>=13.2  flags only in files >= 13.2
//   name:kind[?B][>=13.M][=default]       attribute (kind: unit, i32, i64, bool, str,
//          sym, const, i32arr, attrarr, hints, pred, or an enum category)
//   o  o*  o?B  O*                        operand / group / optional / all operands
//   R1 R2                                 regions
#include "ir/bytecode/OpLayouts.h"

#include "ir/OpFormat.h"
#include "ir/OpInfo.h"

#include <cctype>
#include <map>
#include <sstream>
#include <unordered_map>

namespace tilelens::ir::bytecode {

namespace {

// Parses the suffixes `?B`, `>=13.M`, `=default` of a token tail.
void parseSuffixes(std::string tail, LayoutStep& s)
{
    while (!tail.empty()) {
        if (tail[0] == '?') {
            size_t n = 1;
            while (n < tail.size() && std::isdigit(static_cast<unsigned char>(tail[n])))
                ++n;
            s.flagBit = std::stoi(tail.substr(1, n - 1));
            tail = tail.substr(n);
        } else if (tail.compare(0, 5, ">=13.") == 0) {
            s.minMinor = tail[5] - '0';
            tail = tail.substr(6);
        } else if (tail[0] == '=') {
            s.defaultKw = tail.substr(1);
            tail.clear();
        } else {
            tail.clear();
        }
    }
}

LayoutStep compileToken(const std::string& tok)
{
    LayoutStep s;
    if (tok == "N") {
        s.kind = StepKind::ResultCount;
        return s;
    }
    if (tok == "t*") {
        s.kind = StepKind::ResultTypes;
        return s;
    }
    if (tok[0] == 't' && (tok.size() == 1 || tok[1] == '>')) {
        s.kind = StepKind::ResultType;
        parseSuffixes(tok.substr(1), s);
        return s;
    }
    if (tok[0] == 'F') {
        s.kind = StepKind::Flags;
        parseSuffixes(tok.substr(1), s);
        return s;
    }
    if (tok == "o") {
        s.kind = StepKind::Operand;
        return s;
    }
    if (tok == "o*") {
        s.kind = StepKind::OperandGroup;
        return s;
    }
    if (tok == "O*") {
        s.kind = StepKind::AllOperands;
        return s;
    }
    if (tok[0] == 'o' && tok[1] == '?') {
        s.kind = StepKind::OptOperand;
        parseSuffixes(tok.substr(1), s);
        return s;
    }
    if (tok[0] == 'R') {
        s.kind = StepKind::Regions;
        s.count = tok[1] - '0';
        return s;
    }
    s.kind = StepKind::Attr;
    size_t colon = tok.find(':');
    s.name = tok.substr(0, colon);
    std::string rest = tok.substr(colon + 1);
    size_t cut = rest.find_first_of("?>=");
    std::string kind = rest.substr(0, cut);
    if (cut != std::string::npos)
        parseSuffixes(rest.substr(cut), s);
    static const std::map<std::string, AttrCode> kCodes = {
        {"unit", AttrCode::Unit},         {"i32", AttrCode::I32},
        {"i64", AttrCode::I64},           {"bool", AttrCode::Bool},
        {"str", AttrCode::Str},           {"sym", AttrCode::Sym},
        {"const", AttrCode::Const},       {"i32arr", AttrCode::I32Array},
        {"attrarr", AttrCode::AttrArray}, {"hints", AttrCode::Hints},
        {"pred", AttrCode::Predicate},
    };
    auto it = kCodes.find(kind);
    if (it != kCodes.end()) {
        s.attr = it->second;
    } else {
        s.attr = AttrCode::Enum;
        s.category = kind;
        s.keywords = enumKeywords(kind);
        for (size_t i = 0; s.keywords && i < s.keywords->size(); ++i)
            if (s.defaultKw == (*s.keywords)[i])
                s.defaultValue = int(i);
    }
    return s;
}

std::vector<OpLayout> compileAll()
{
    std::vector<OpLayout> out;
    for (size_t i = 1; i < kOpIdCount; ++i) {
        const OpInfo& r = opInfo(OpId(i));
        if (r.opcode < 0)
            continue;
        OpLayout l;
        l.opcode = uint32_t(r.opcode);
        l.mnemonic = std::string(r.mnemonic);
        l.name = OpName::get(r.mnemonic);
        l.sinceMinor = r.sinceMinor;
        std::istringstream in{std::string(r.bytecode)};
        std::string tok;
        while (in >> tok)
            l.steps.push_back(compileToken(tok));
        out.push_back(std::move(l));
    }
    return out;
}

} // namespace

const OpLayout* opLayout(uint64_t opcode)
{
    static const std::vector<OpLayout> layouts = compileAll();
    static const std::vector<const OpLayout*> byOpcode = [] {
        std::vector<const OpLayout*> v(0x80, nullptr);
        for (const OpLayout& l : layouts)
            v[l.opcode] = &l;
        return v;
    }();
    return opcode < byOpcode.size() ? byOpcode[opcode] : nullptr;
}

const std::vector<const char*>* enumKeywords(const std::string& category)
{
    return ir::enumKeywords(category);
}

uint32_t maxOpcode(int minor)
{
    return minor <= 1 ? 0x6D : minor == 2 ? 0x6E : 0x75;
}

} // namespace tilelens::ir::bytecode
