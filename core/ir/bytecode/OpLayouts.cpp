// Instruction layouts (tile-ir.md §4.9), written in the spec's notation:
//   N      varint result count            t / t*   one / N result types
//   F      flags varint                   F>=13.2  flags only in files >= 13.2
//   name:kind[?B][>=13.M][=default]       attribute (kind: unit, i32, i64, bool, str,
//          sym, const, i32arr, attrarr, hints, pred, or an enum category)
//   o  o*  o?B  O*                        operand / group / optional / all operands
//   R1 R2                                 regions
#include "ir/bytecode/OpLayouts.h"

#include <cctype>
#include <map>
#include <sstream>
#include <unordered_map>

namespace tilelens::ir::bytecode {

namespace {

const std::unordered_map<std::string, std::vector<const char*>>& enumTable()
{
    static const std::unordered_map<std::string, std::vector<const char*>> t = {
        {"rounding",
         {"nearest_even", "zero", "negative_inf", "positive_inf", "approx", "full",
          "nearest_int_to_zero"}},
        {"signedness", {"unsigned", "signed"}},
        {"overflow", {"none", "no_signed_wrap", "no_unsigned_wrap", "no_wrap"}},
        {"comparison_predicate",
         {"equal", "not_equal", "less_than", "less_than_or_equal", "greater_than",
          "greater_than_or_equal"}},
        {"comparison_ordering", {"unordered", "ordered"}},
        {"memory_ordering", {"weak", "relaxed", "acquire", "release", "acq_rel"}},
        {"memory_scope", {"tl_blk", "device", "sys"}},
        {"atomic_mode", {"and", "or", "xor", "add", "addf", "max", "min", "umax", "umin", "xchg"}},
    };
    return t;
}

struct Row
{
    uint32_t opcode;
    const char* name;
    int minor;
    const char* layout;
};

// clang-format off
const Row kRows[] = {
    {0x00, "absf", 1, "t o"},
    {0x01, "absi", 1, "t o"},
    {0x02, "addf", 1, "t F flush_to_zero:unit?0 rounding_mode:rounding=nearest_even o o"},
    {0x03, "addi", 1, "t overflow:overflow=none o o"},
    {0x04, "andi", 1, "t o o"},
    {0x05, "assert", 1, "message:str o"},
    {0x06, "assume", 1, "t predicate:pred o"},
    {0x07, "atomic_cas_tko", 1, "t t F memory_ordering_semantics:memory_ordering memory_scope:memory_scope o o o o?0 o?1"},
    {0x08, "atomic_rmw_tko", 1, "t t F memory_ordering_semantics:memory_ordering memory_scope:memory_scope mode:atomic_mode o o o?0 o?1"},
    {0x09, "bitcast", 1, "t o"},
    {0x0A, "break", 1, "N O*"},
    {0x0B, "broadcast", 1, "t o"},
    {0x0C, "cat", 1, "t dim:i64 o o"},
    {0x0D, "ceil", 1, "t o"},
    {0x0E, "cmpf", 1, "t comparison_predicate:comparison_predicate comparison_ordering:comparison_ordering o o"},
    {0x0F, "cmpi", 1, "t comparison_predicate:comparison_predicate signedness:signedness o o"},
    {0x10, "constant", 1, "t value:const"},
    {0x11, "continue", 1, "N O*"},
    {0x12, "cos", 1, "t o"},
    {0x13, "cosh", 1, "t o"},
    {0x14, "divf", 1, "t F flush_to_zero:unit?0 rounding_mode:rounding=nearest_even o o"},
    {0x15, "divi", 1, "t signedness:signedness rounding_mode:rounding=zero o o"},
    {0x17, "exp", 1, "t rounding_mode:rounding>=13.3=full o"},
    {0x18, "exp2", 1, "t F flush_to_zero:unit?0 o"},
    {0x25, "exti", 1, "t signedness:signedness o"},
    {0x26, "extract", 1, "N t O*"},
    {0x27, "floor", 1, "t o"},
    {0x28, "fma", 1, "t F flush_to_zero:unit?0 rounding_mode:rounding=nearest_even o o o"},
    {0x29, "for", 1, "N t* F>=13.2 unsignedCmp:unit?0 O* R1"},
    {0x2A, "ftof", 1, "t rounding_mode:rounding=nearest_even o"},
    {0x2B, "ftoi", 1, "t signedness:signedness rounding_mode:rounding=nearest_int_to_zero o"},
    {0x2C, "get_global", 1, "t name:sym"},
    {0x2D, "get_index_space_shape", 1, "N t* o"},
    {0x2E, "get_num_tile_blocks", 1, "t t t"},
    {0x2F, "get_tensor_shape", 1, "N t* o"},
    {0x30, "get_tile_block_id", 1, "t t t"},
    {0x32, "if", 1, "N t* o R2"},
    {0x33, "int_to_ptr", 1, "t o"},
    {0x3A, "iota", 1, "t"},
    {0x3B, "itof", 1, "t signedness:signedness rounding_mode:rounding=nearest_even o"},
    {0x3C, "join_tokens", 1, "N t O*"},
    {0x3D, "load_ptr_tko", 1, "t t F memory_ordering_semantics:memory_ordering memory_scope:memory_scope?0 optimization_hints:hints?1 o o?2 o?3 o?4"},
    {0x3E, "load_view_tko", 1, "N t t F memory_ordering_semantics:memory_ordering memory_scope:memory_scope?0 optimization_hints:hints?1 o o* o?2"},
    {0x3F, "log", 1, "t o"},
    {0x40, "log2", 1, "t o"},
    {0x41, "loop", 1, "N t* O* R1"},
    {0x42, "make_partition_view", 1, "t o"},
    {0x43, "make_tensor_view", 1, "N t o o* o*"},
    {0x44, "make_token", 1, "t"},
    {0x45, "maxf", 1, "t F propagate_nan:unit?0 flush_to_zero:unit?1 o o"},
    {0x46, "maxi", 1, "t signedness:signedness o o"},
    {0x47, "minf", 1, "t F propagate_nan:unit?0 flush_to_zero:unit?1 o o"},
    {0x48, "mini", 1, "t signedness:signedness o o"},
    {0x49, "mmaf", 1, "t F>=13.3 fast_acc:unit?0 o o o"},
    {0x4A, "mmai", 1, "t signedness_lhs:signedness signedness_rhs:signedness o o o"},
    {0x4C, "mulf", 1, "t F flush_to_zero:unit?0 rounding_mode:rounding=nearest_even o o"},
    {0x4D, "mulhii", 1, "t o o"},
    {0x4E, "muli", 1, "t overflow:overflow=none o o"},
    {0x4F, "negf", 1, "t o"},
    {0x50, "negi", 1, "t overflow:overflow>=13.2=none o"},
    {0x51, "offset", 1, "t o o"},
    {0x52, "ori", 1, "t o o"},
    {0x53, "permute", 1, "t permutation:i32arr o"},
    {0x54, "pow", 1, "t o o"},
    {0x55, "print_tko", 1, "N t>=13.2 F>=13.2 str:str o* o?0"},
    {0x56, "ptr_to_int", 1, "t o"},
    {0x57, "ptr_to_ptr", 1, "t o"},
    {0x58, "reduce", 1, "N t* dim:i32 identities:attrarr O* R1"},
    {0x59, "remf", 1, "t o o"},
    {0x5A, "remi", 1, "t signedness:signedness o o"},
    {0x5B, "reshape", 1, "t o"},
    {0x5C, "return", 1, "N O*"},
    {0x5D, "rsqrt", 1, "t F flush_to_zero:unit?0 o"},
    {0x5E, "scan", 1, "N t* dim:i32 reverse:bool identities:attrarr O* R1"},
    {0x5F, "select", 1, "t o o o"},
    {0x60, "shli", 1, "t overflow:overflow=none o o"},
    {0x61, "shri", 1, "t signedness:signedness o o"},
    {0x62, "sin", 1, "t o"},
    {0x63, "sinh", 1, "t o"},
    {0x64, "sqrt", 1, "t F flush_to_zero:unit?0 rounding_mode:rounding=nearest_even o"},
    {0x65, "store_ptr_tko", 1, "t F memory_ordering_semantics:memory_ordering memory_scope:memory_scope?0 optimization_hints:hints?1 o o o?2 o?3"},
    {0x66, "store_view_tko", 1, "N t F memory_ordering_semantics:memory_ordering memory_scope:memory_scope?0 optimization_hints:hints?1 o o o* o?2"},
    {0x67, "subf", 1, "t F flush_to_zero:unit?0 rounding_mode:rounding=nearest_even o o"},
    {0x68, "subi", 1, "t overflow:overflow=none o o"},
    {0x69, "tan", 1, "t o"},
    {0x6A, "tanh", 1, "t rounding_mode:rounding>=13.2=full o"},
    {0x6B, "trunci", 1, "t overflow:overflow=none o"},
    {0x6C, "xori", 1, "t o o"},
    {0x6D, "yield", 1, "N O*"},
    {0x6E, "atan2", 2, "t o o"},
    {0x6F, "pack", 3, "t o"},
    {0x70, "unpack", 3, "t o"},
    {0x71, "alloca", 3, "t F global:unit?0 num_elem:i64 alignment:i64"},
    {0x72, "mmaf_scaled", 3, "t o o o o o"},
    {0x73, "make_gather_scatter_view", 3, "t o"},
    {0x74, "make_strided_view", 3, "t o"},
    {0x75, "atomic_red_view_tko", 3, "N t F memory_ordering_semantics:memory_ordering memory_scope:memory_scope mode:atomic_mode o o* o o?0"},
};
// clang-format on

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
    for (const Row& r : kRows) {
        OpLayout l;
        l.opcode = r.opcode;
        l.mnemonic = r.name;
        l.name = OpName::get(r.name);
        l.sinceMinor = r.minor;
        std::istringstream in(r.layout);
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
    auto it = enumTable().find(category);
    return it == enumTable().end() ? nullptr : &it->second;
}

uint32_t maxOpcode(int minor)
{
    return minor <= 1 ? 0x6D : minor == 2 ? 0x6E : 0x75;
}

} // namespace tilelens::ir::bytecode
