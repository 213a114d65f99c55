// The #[cutile::entry] functions of kernel.rs: generics, parameters, unchecked_accesses.

#include "workspace/LaunchRust.h"
#include "workspace/LaunchRustParse.h"

#include <algorithm>

namespace tilelens::ws::launch {
namespace {

using rs::closing;
using rs::joined;
using rs::splitCommas;

RustParam classify(const std::string& name, const std::string& type, int line)
{
    RustParam p;
    p.name = name;
    p.type = type;
    p.line = line;
    if (type.find("Tensor<") != std::string::npos) {
        p.kind = RustParam::Kind::Tensor;
        const size_t lt = type.find("Tensor<") + 7;
        const size_t comma = type.find(',', lt);
        p.elem = type.substr(lt, comma == std::string::npos ? std::string::npos : comma - lt);
        const size_t open = type.find('[');
        const size_t close = type.find(']', open == std::string::npos ? 0 : open);
        if (open != std::string::npos && close != std::string::npos) {
            const std::string dims = type.substr(open + 1, close - open - 1);
            p.rank = dims.empty() ? 0 : size_t(std::count(dims.begin(), dims.end(), ',') + 1);
        }
        return p;
    }
    if (type.rfind("*mut", 0) == 0 || type.rfind("*const", 0) == 0) {
        p.kind = RustParam::Kind::Pointer;
        p.elem = type.substr(type.find(' ') == std::string::npos ? 4 : type.find(' ') + 1);
        return p;
    }
    static const std::vector<std::string> ints = {"i32", "i64", "u32", "u64", "usize", "isize",
                                                  "i16", "u16", "i8",  "u8",  "bool"};
    if (std::find(ints.begin(), ints.end(), type) != ints.end())
        p.kind = RustParam::Kind::Int;
    else if (type == "f32" || type == "f64" || type == "f16" || type == "bf16")
        p.kind = RustParam::Kind::Float;
    return p;
}

// Splits tokens [from, to) at depth-0 commas (depth over (), [], {}, <>).

} // namespace

std::vector<RustEntryDecl> readRustEntries(std::string_view kernelRs,
                                           std::vector<SourceError>* errors)
{
    std::vector<RustEntryDecl> out;
    const TokenList tl = tokenizeRust(kernelRs);
    if (errors)
        errors->insert(errors->end(), tl.errors.begin(), tl.errors.end());
    const std::vector<Token>& t = tl.tokens;
    for (size_t i = 0; i + 2 < t.size(); ++i) {
        if (!(t[i].kind == TokKind::Op && t[i].text == "#" && t[i + 1].text == "["))
            continue;
        const size_t close = closing(t, i + 1, "[", "]");
        bool entry = false;
        RustEntryDecl e;
        for (size_t k = i + 2; k + 2 < close; ++k)
            if (t[k].text == "cutile" && t[k + 1].text == "::" && t[k + 2].text == "entry")
                entry = true;
        if (!entry) {
            i = close;
            continue;
        }
        for (size_t k = i + 2; k + 2 < close; ++k)
            if (t[k].text == "unchecked_accesses" && t[k + 1].text == "=") {
                e.uncheckedAccesses = t[k + 2].text == "true";
                e.uncheckedLine = t[k].line;
            }
        size_t k = close + 1;
        while (k < t.size() && t[k].kind == TokKind::Name && t[k].text != "fn")
            ++k; // pub, unsafe, async, extern
        if (k + 1 >= t.size() || t[k].text != "fn" || t[k + 1].kind != TokKind::Name) {
            i = close;
            continue;
        }
        e.name = t[k + 1].text;
        e.line = t[k + 1].line;
        k += 2;
        if (k < t.size() && t[k].text == "<") {
            const size_t gclose = closing(t, k, "<", ">");
            for (const auto& [from, to] : splitCommas(t, k + 1, gclose)) {
                RustGeneric g;
                size_t p = from;
                if (t[p].text == "const") {
                    ++p;
                } else {
                    g.isType = true;
                }
                if (p < to && t[p].kind == TokKind::Name) {
                    g.name = t[p].text;
                    g.line = t[p].line;
                    e.generics.push_back(g);
                }
            }
            k = gclose + 1;
        }
        if (k < t.size() && t[k].text == "(") {
            const size_t pclose = closing(t, k, "(", ")");
            for (const auto& [from, to] : splitCommas(t, k + 1, pclose)) {
                size_t p = from;
                if (t[p].text == "mut")
                    ++p;
                if (p + 1 < to && t[p].kind == TokKind::Name && t[p + 1].text == ":")
                    e.params.push_back(classify(t[p].text, joined(t, p + 2, to), t[p].line));
            }
            k = pclose;
        }
        out.push_back(std::move(e));
        i = k;
    }
    return out;
}

} // namespace tilelens::ws::launch
