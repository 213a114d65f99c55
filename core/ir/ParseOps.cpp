// Custom-syntax ops (C++ printer, tile-ir.md §3) and the cutile-ir printer's
// variants (§7). Ordinary ops are read by one keyword-driven loop; ops with
// unusual grammars (constant, for, if, loop, reduce/scan) get extra steps.
#include "ir/ParserImpl.h"

namespace tilelens::ir::detail {

namespace {
bool inList(std::string_view k, std::initializer_list<std::string_view> l)
{
    for (std::string_view s : l)
        if (k == s)
            return true;
    return false;
}
bool isPredicate(std::string_view k)
{
    return inList(k, {"equal", "not_equal", "less_than", "less_than_or_equal", "greater_than",
                      "greater_than_or_equal"});
}
bool isOrdering(std::string_view k)
{
    return inList(k, {"weak", "relaxed", "acquire", "release", "acq_rel"});
}
bool isScope(std::string_view k)
{
    return inList(k, {"tl_blk", "device", "sys"});
}
bool isAtomicMode(std::string_view k)
{
    return inList(k, {"and", "or", "xor", "add", "addf", "max", "min", "umax", "umin", "xchg"});
}
bool isUnitFlag(std::string_view k)
{
    return inList(k,
                  {"flush_to_zero", "propagate_nan", "fast_acc", "global", "constant", "new_flag"});
}
std::string_view cutileOverflow(std::string_view k)
{
    if (k == "nsw")
        return "no_signed_wrap";
    if (k == "nuw")
        return "no_unsigned_wrap";
    if (k == "nw")
        return "no_wrap";
    return k;
}
} // namespace

// After 'iter_values' of `for` and `loop`: `(%name = %init, ...)`.
void Parser::parseIterValues(std::vector<std::string_view>& names, std::vector<Value*>& inits)
{
    expect('(', "after 'iter_values'");
    do {
        skipWs();
        if (!consume('%')) {
            error("expected an iteration value");
            break;
        }
        names.push_back(suffixId());
        expect('=', "after an iteration value name");
        inits.push_back(parseValueUse());
    } while (consume(','));
    expect(')', "to close 'iter_values'");
}

Op* Parser::parseCustomOp(OpName name, std::vector<std::pair<std::string_view, unsigned>>& defs,
                          int line, int col, size_t start)
{
    std::string_view m = name.mnemonic();
    if (!name.isKnown())
        warningAt(line, col,
                  "unknown operation '" + std::string(name.full()) + "' kept generically");
    if (name.dialect() == "cuda_tile" && m_text.substr(start, 10) != "cuda_tile." &&
        start < m_text.size()) {
        // prefixed spelling noted only for syntax detection
    }
    OpScratch& scratch = opScratch(m_opLevel);
    std::vector<Value*>& operands = scratch.operands;
    std::vector<NamedAttribute>& attrs = scratch.attrs;
    std::vector<Region*>& regions = scratch.regions;
    std::vector<const Type*>& types = scratch.types;
    std::vector<const Type*>& resultTypes = scratch.resultTypes;
    std::vector<Value*>& blockArgs = scratch.blockArgs;
    operands.clear();
    attrs.clear();
    regions.clear();
    types.clear();
    resultTypes.clear();
    blockArgs.clear();
    bool arrow = false;
    bool writtenTypes = false; // `types` holds the written operand types
    int signCount = 0;
    size_t resultCount = 0;
    for (auto& d : defs)
        resultCount += d.second;
    auto add = [&](std::string_view key, const Attribute* v) { attrs.push_back({key, v}); };

    if (m == "constant" && peek() == '<') {
        const Attribute* dense = parseDense(nullptr);
        add("value", dense);
        if (peek() == '{')
            parseDictionary(attrs);
        resultTypes.push_back(dense->type ? dense->type : unknownType());
        goto finish;
    }
    if (m == "global") {
        for (;;) {
            std::string_view kw = peekIdentifier();
            if (kw == "public" || kw == "private") {
                identifier();
                if (kw == "private")
                    add("sym_visibility", makeEnum("symbol_visibility", kw));
            } else if (kw == "constant") {
                identifier();
                add("constant", makeUnit());
            } else if (kw == "alignment") {
                identifier();
                expect('=', "after 'alignment'");
                int64_t al = 0;
                if (!parseInteger(al))
                    error("expected an integer alignment");
                if (al != 0)
                    add("alignment", makeInt(al, numberType("i64")));
            } else {
                break;
            }
        }
        skipWs();
        if (consume('@')) {
            std::string_view sym = suffixId();
            add("sym_name", makeString(sym));
        } else {
            error("expected '@name' in 'global'");
        }
        while (peekIdentifier() == "alignment") {
            identifier();
            expect('=', "after 'alignment'");
            int64_t al = 0;
            parseInteger(al);
            if (al != 0)
                add("alignment", makeInt(al, numberType("i64")));
        }
        if (peek() == '{')
            parseDictionary(attrs);
        if (peek() == '<') {
            add("value", parseDense(nullptr));
        } else if (consume(':')) { // cutile-ir: `global @g alignment = N : elemtype` (no value)
            noteSyntax(Syntax::CutileIr);
            Attribute t;
            t.kind = AttrKind::TypeAttr;
            t.type = parseType();
            add("type", makeAttr(t));
        }
        goto finish;
    }
    if (m == "for") {
        if (consumeKeyword("unsigned"))
            add("unsignedCmp", makeUnit());
        skipWs();
        if (!consume('%')) {
            error("expected the induction variable of 'for'");
            return nullptr;
        }
        std::string_view iv = suffixId();
        expectKeyword("in");
        expect('(', "before the loop bounds");
        operands.push_back(parseValueUse());
        expectKeyword("to");
        operands.push_back(parseValueUse());
        expect(',', "before 'step'");
        expectKeyword("step");
        operands.push_back(parseValueUse());
        expect(')', "after the loop bounds");
        expect(':', "before the induction variable type");
        Value* ivv = newValue(parseType(), iv);
        blockArgs.push_back(ivv);
        if (consumeKeyword("iter_values")) {
            std::vector<std::string_view> names;
            parseIterValues(names, operands);
            if (consume("->"))
                parseTypeList(resultTypes);
            for (size_t i = 0; i < names.size(); ++i)
                blockArgs.push_back(
                    newValue(i < resultTypes.size() ? resultTypes[i] : unknownType(), names[i]));
        }
        if (Region* r = parseRegion(blockArgs, nullptr, false))
            regions.push_back(r);
        if (peek() == '{')
            parseDictionary(attrs);
        goto finish;
    }
    if (m == "if") {
        operands.push_back(parseValueUse());
        if (consume("->"))
            parseTypeList(resultTypes);
        std::vector<Value*> none;
        if (Region* r = parseRegion(none, nullptr, false))
            regions.push_back(r);
        if (consumeKeyword("else")) {
            if (Region* r = parseRegion(none, nullptr, false))
                regions.push_back(r);
        } else {
            Region* empty = arena().make<Region>();
            regions.push_back(empty);
        }
        if (peek() == '{')
            parseDictionary(attrs);
        goto finish;
    }
    if (m == "loop") {
        std::vector<std::string_view> names;
        if (consumeKeyword("iter_values")) {
            parseIterValues(names, operands);
            std::vector<const Type*> iterTypes;
            if (consume(':'))
                parseTypeList(iterTypes);
            if (consume("->"))
                parseTypeList(resultTypes);
            for (size_t i = 0; i < names.size(); ++i)
                blockArgs.push_back(
                    newValue(i < iterTypes.size() ? iterTypes[i] : unknownType(), names[i]));
        } else if (consume(':')) {
            parseTypeList(resultTypes);
        }
        if (Region* r = parseRegion(blockArgs, nullptr, false))
            regions.push_back(r);
        if (peek() == '{')
            parseDictionary(attrs);
        goto finish;
    }

    // ---- ordinary ops: keyword-driven loop up to ':' (or end of line)
    for (;;) {
        char c = peek();
        if (c == ':' || c == '}' || c == '\0')
            break;
        if (c == '{' && (m == "reduce" || m == "scan" || peekAt(1) == '}' || true)) {
            // attr-dict before the type list (or a region for unknown ops)
            size_t save = m_pos;
            ++m_pos;
            bool isDict = peek() == '}' || (!peekIdentifier().empty() || peek() == '"');
            m_pos = save;
            if (!isDict)
                break;
            parseDictionary(attrs);
            continue;
        }
        if (newlineAhead() && m_pos > start)
            break;
        if (c == ',') {
            ++m_pos;
            continue;
        }
        if (c == '%') {
            operands.push_back(parseValueUse());
            if (m_pos < m_text.size() && m_text[m_pos] == '[') { // view / extract indices
                ++m_pos;
                if (!consume(']')) {
                    do
                        operands.push_back(parseValueUse());
                    while (consume(','));
                    expect(']', "to close the index list");
                }
            }
            continue;
        }
        if (c == '-' && peekAt(1) == '>') {
            arrow = true;
            break;
        }
        if (c == '"') {
            std::string s;
            parseString(s);
            add(m == "assert" ? "message" : "str", makeString(s));
            continue;
        }
        if (c == '[') {
            std::vector<int64_t> v;
            parseIntList(v, '[', ']', false);
            Attribute a;
            a.kind = AttrKind::Array;
            a.category = "i32";
            a.intList = arena().copy(v);
            add("permutation", makeAttr(a));
            continue;
        }
        if (c == '@') {
            ++m_pos;
            Attribute a;
            a.kind = AttrKind::SymbolRef;
            a.text = keep(suffixId());
            add("name", makeAttr(a));
            continue;
        }
        if (c == '#' || c == '<') {
            const Attribute* a = c == '<' ? parseOptimizationHints() : parseAttribute();
            switch (a->kind) {
            case AttrKind::DivBy:
            case AttrKind::Bounded:
            case AttrKind::SameElements:
                add("predicate", a);
                break;
            case AttrKind::OptimizationHints:
                add("optimization_hints", a);
                break;
            case AttrKind::Enum:
                add(a->category == "rounding" ? std::string_view("rounding_mode") : a->category, a);
                break;
            default:
                add("value", a);
                break;
            }
            continue;
        }
        std::string_view id = peekIdentifier();
        if (id.empty()) {
            error(std::string("unexpected '") + c + "' in '" + std::string(m) + "'");
            return nullptr;
        }
        if (id == "loc")
            break;
        m_pos += id.size(); // consume the peeked identifier
        if (id == "attributes") {
            parseDictionary(attrs);
            continue;
        }
        if (peek() == '=') {
            ++m_pos;
            if (id == "token") {
                operands.push_back(parseValueUse());
            } else if (id == "shape" || id == "strides") {
                expect('[', "to open the list");
                if (!consume(']')) {
                    do {
                        int64_t x;
                        if (peek() == '%')
                            operands.push_back(parseValueUse());
                        else if (!parseInteger(x)) {
                            error("expected an integer or SSA value");
                            break;
                        }
                    } while (consume(','));
                    expect(']', "to close the list");
                }
            } else if (id == "optimization_hints") {
                const Attribute* h = peek() == '<' ? parseOptimizationHints() : parseAttribute();
                if (!h->entries.empty())
                    add("optimization_hints", h);
            } else if (peek() == '-' || (peek() >= '0' && peek() <= '9')) {
                // `dim = 0 : tile<..>`: the ':' starts the op's type list, not an int type
                int64_t v = 0;
                size_t save = m_pos;
                std::string_view tok;
                bool isFloat = false;
                parseNumberToken(tok, isFloat);
                m_pos = save;
                if (isFloat)
                    add(arena().copyString(id), parseAttribute());
                else {
                    // ODS widths: reduce/scan `dim` is I32, every other custom-syntax integer is
                    // I64.
                    const int line = m_line;
                    const int col = column();
                    parseInteger(v);
                    bool i32 = id == "dim" && (m == "reduce" || m == "scan");
                    const Type* type = numberType(i32 ? "i32" : "i64");
                    if (!fitsWidth(v, type))
                        errorAt(line, col,
                                "integer " + std::string(tok) + " does not fit in " +
                                    type->canonical());
                    add(arena().copyString(id), makeInt(v, type));
                }
            } else {
                add(arena().copyString(id), parseAttribute());
            }
            continue;
        }
        if (m_pos < m_text.size() && m_text[m_pos] == '<') {
            const Attribute* a = parseCudaTileAttr(id);
            if (a->kind == AttrKind::DivBy || a->kind == AttrKind::Bounded ||
                a->kind == AttrKind::SameElements)
                add("predicate", a);
            else if (id == "rounding")
                add("rounding_mode", a);
            else if (a->kind == AttrKind::OptimizationHints) {
                if (!a->entries.empty())
                    add("optimization_hints", a);
            } else
                add(arena().copyString(id), a);
            continue;
        }
        if (id == "rounding" ||
            id == "overflow") { // cutile-ir: `rounding negative_inf`, `overflow nsw`
            noteSyntax(Syntax::CutileIr);
            std::string_view kw = identifier();
            if (id == "rounding")
                add("rounding_mode", makeEnum("rounding", kw));
            else
                add("overflow", makeEnum("overflow", cutileOverflow(kw)));
            continue;
        }
        if (id == "signed" || id == "unsigned") {
            std::string_view key = m == "mmai"
                                       ? (signCount++ == 0 ? "signedness_lhs" : "signedness_rhs")
                                       : std::string_view("signedness");
            add(key, makeEnum("signedness", id));
            continue;
        }
        if (isPredicate(id)) {
            add("comparison_predicate", makeEnum("comparison_predicate", id));
            continue;
        }
        if (id == "ordered" || id == "unordered") {
            add("comparison_ordering", makeEnum("comparison_ordering", id));
            continue;
        }
        if ((m == "atomic_rmw_tko" || m == "atomic_red_view_tko") && isAtomicMode(id)) {
            add("mode", makeEnum("atomic_mode", id));
            continue;
        }
        if (isOrdering(id)) {
            add("memory_ordering_semantics", makeEnum("memory_ordering", id));
            continue;
        }
        if (isScope(id)) {
            add("memory_scope", makeEnum("memory_scope", id));
            continue;
        }
        if (isUnitFlag(id)) {
            add(keep(id), makeUnit());
            continue;
        }
        warning("unknown keyword '" + std::string(id) + "' in '" + std::string(m) +
                "' kept as a flag");
        add(keep(id), makeUnit());
    }
    if (arrow || consume(':') || peek() == '-') {
        if (!arrow && !(peek() == '-' && peekAt(1) == '>'))
            parseTypeList(types);
        const bool arrowAfter = consume("->");
        if (arrowAfter)
            parseTypeList(resultTypes);
        else if (resultCount > 0 && !types.empty())
            // mmaf_scaled's accumulator (its result type) comes before the two scales.
            resultTypes.push_back(m == "mmaf_scaled" && types.size() == 5 ? types[2]
                                                                          : types.back());
        // Without an arrow the list names operand types only when there are
        // operands; make_*_view writes its result type there.
        writtenTypes = arrowAfter || (!operands.empty() && m != "make_partition_view" &&
                                      m != "make_strided_view" && m != "make_gather_scatter_view" &&
                                      m != "make_tensor_view");
    }
    if (m == "reduce" || m == "scan") {
        if (peek() == '(') { // (%a: E, %b: E) block arguments before the region
            ++m_pos;
            parseBlockArgs(blockArgs, false);
        }
        if (Region* r = parseRegion(blockArgs, nullptr, false))
            regions.push_back(r);
        // Typed identities: untyped cutile-ir identities take the input element types.
        for (NamedAttribute& a : attrs) {
            if (a.name != "identities" || a.value->kind != AttrKind::Array)
                continue;
            std::vector<const Attribute*> ids(a.value->elements.begin(), a.value->elements.end());
            for (size_t i = 0; i < ids.size() && i < operands.size(); ++i)
                if (operands[i]->type->kind == TypeKind::Tile) {
                    if (!ids[i]->type)
                        noteSyntax(Syntax::CutileIr); // untyped identities: cutile-ir printer
                    ids[i] = retypeScalar(ids[i], operands[i]->type->element);
                }
            Attribute arr = *a.value;
            arr.elements = arena().copy(ids);
            a.value = makeAttr(arr);
        }
    } else if (peek() == '{' && !name.isKnown()) {
        std::vector<Value*> none;
        if (Region* r = parseRegion(none, nullptr, false))
            regions.push_back(r);
    }

finish:
    if (resultCount > 0 && resultTypes.size() < resultCount) {
        const Type* fill = resultTypes.empty() ? unknownType() : resultTypes.back();
        if (resultTypes.empty())
            errorAt(line, col,
                    "cannot tell the result type of '" + std::string(m) + "'; expected ': type'");
        while (resultTypes.size() < resultCount)
            resultTypes.push_back(fill);
    }
    if (resultTypes.size() > resultCount) {
        if (resultCount != 0 || defs.size() != 0)
            errorAt(line, col,
                    "'" + std::string(m) + "' produces " + std::to_string(resultTypes.size()) +
                        " results but " + std::to_string(resultCount) + " names are given");
        else if (!(m == "store_ptr_tko" || m == "store_view_tko" || m == "print_tko" ||
                   m == "print" || m == "atomic_red_view_tko" || m == "if" || m == "for" ||
                   m == "loop"))
            resultTypes.clear();
    }
    noteSyntax(Syntax::Custom);
    Op* op = finishOp(name, operands, attrs, regions, resultTypes.data(), resultTypes.size());
    if (writtenTypes && !types.empty())
        op->setWrittenOperandTypes(typeList(types));
    bindResults(op, defs, resultTypes);
    // Implicit terminators (printers omit operand-less yield/continue).
    if (!regions.empty() && (m == "for" || m == "loop" || m == "if")) {
        for (Region* r : regions) {
            if (r->blocks.empty() || (m == "if" && r != regions[0] && r->blocks[0]->ops.empty()))
                continue;
            Block* b = r->blocks.back();
            std::string_view last =
                b->ops.empty() ? std::string_view() : b->ops.back()->name.mnemonic();
            if (last != "yield" && last != "continue" && last != "break" && last != "return") {
                std::vector<Op*> ops(b->ops.begin(), b->ops.end());
                ops.push_back(makeImplicitTerminator(m == "if" ? "yield" : "continue", b));
                b->ops = Span<Op* const>(arena().copy(ops).data(), ops.size());
            }
        }
    }
    if (const Location* l = parseTrailingLoc())
        op->loc = l;
    setRange(op->range, line, col, start);
    return op;
}

} // namespace tilelens::ir::detail
