// Custom-syntax ops (tile-ir.md §3) and the cutile-ir printer's variants (§7), read as the
// driver of the op's row in ir/OpList.def: its compiled format (ir/OpFormat.h) says what each
// element means (which attribute a bare `signed` or a quoted string is, whether `:` writes
// operand or result types, where the result type comes from, whether a region follows). The
// elements before the type list are matched in any order (an ODS `oilist`): the printers of
// the corpus order them differently (tile-ir.md §7). Grammars a format cannot say are hooks in
// ParseOpHooks.cpp.
#include "ir/OpInfo.h"
#include "ir/ParserImpl.h"

namespace tilelens::ir::detail {

namespace {

// The row whose grammar reads `name`: its own; for an op of another dialect spelled like a
// cuda_tile op (`test.for`), that op's, as the hand-written parser read it.
OpId grammarOf(OpName name)
{
    return name.id() != OpId::Unknown ? name.id() : opIdOf(name.mnemonic());
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

bool isPredicateAttr(const Attribute* a)
{
    return a->kind == AttrKind::DivBy || a->kind == AttrKind::Bounded ||
           a->kind == AttrKind::SameElements;
}

} // namespace

Op* Parser::parseCustomOp(OpName name, std::vector<std::pair<std::string_view, unsigned>>& defs,
                          int line, int col, size_t start)
{
    if (!name.isKnown())
        warningAt(line, col,
                  "unknown operation '" + std::string(name.full()) + "' kept generically");
    OpScratch& scratch = opScratch(m_opLevel);
    scratch.operands.clear();
    scratch.attrs.clear();
    scratch.regions.clear();
    scratch.types.clear();
    scratch.resultTypes.clear();
    scratch.blockArgs.clear();
    CustomOp c{name, m_formats[size_t(grammarOf(name))], scratch};
    for (const auto& d : defs)
        c.resultCount += d.second;

    // The grammars that are code (ParseOpHooks.cpp), else the format: the elements up to the
    // type list, the types, the region.
    const Directive d = c.format.directive;
    const HookResult hook = d == Directive::None || d == Directive::MakeTensorView
                                ? HookResult::NotAHook
                                : parseDirective(c);
    if (hook == HookResult::Failed)
        return nullptr;
    if (hook == HookResult::NotAHook) {
        bool arrow = false;
        if (!parseFormatElements(c, start, arrow))
            return nullptr;
        if (arrow || consume(':') || peek() == '-')
            parseFormatTypes(c, arrow);
        if (c.format.region) {
            parseBodyRegion(c);
        } else if (peek() == '{' && !name.isKnown()) { // an unknown op's region
            std::vector<Value*> none;
            if (Region* r = parseRegion(none, nullptr, false))
                scratch.regions.push_back(r);
        }
    }
    return finishCustomOp(c, defs, line, col, start);
}

// Operands, `[indices]`, attributes and keywords, in any order, up to ':', '->', `loc`, a
// closing brace or the end of the line. False after an error that ends the op.
bool Parser::parseFormatElements(CustomOp& c, size_t start, bool& arrow)
{
    std::vector<Value*>& operands = c.s.operands;
    for (;;) {
        const char ch = peek();
        if (ch == ':' || ch == '}' || ch == '\0')
            return true;
        if (ch == '{') { // attr-dict before the type list (or an unknown op's region)
            const size_t save = m_pos;
            ++m_pos;
            const bool isDict = peek() == '}' || !peekIdentifier().empty() || peek() == '"';
            m_pos = save;
            if (!isDict)
                return true;
            parseDictionary(c.s.attrs);
            continue;
        }
        if (newlineAhead() && m_pos > start)
            return true;
        if (ch == ',') {
            ++m_pos;
            continue;
        }
        if (ch == '%') {
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
        if (ch == '-' && peekAt(1) == '>') {
            arrow = true;
            return true;
        }
        if (ch == '"' || ch == '[' || ch == '@' || ch == '#' || ch == '<') {
            parsePunctuatedAttribute(c, ch);
            continue;
        }
        const std::string_view id = peekIdentifier();
        if (id.empty()) {
            error(std::string("unexpected '") + ch + "' in '" + std::string(c.name.mnemonic()) +
                  "'");
            return false;
        }
        if (id == "loc")
            return true;
        m_pos += id.size(); // consume the peeked identifier
        if (id == "attributes") {
            parseDictionary(c.s.attrs);
        } else if (peek() == '=') {
            ++m_pos;
            parseKeyedAttribute(c, id);
        } else if (m_pos < m_text.size() && m_text[m_pos] == '<') {
            const Attribute* a = parseCudaTileAttr(id);
            if (isPredicateAttr(a))
                c.add("predicate", a);
            else if (id == "rounding")
                c.add("rounding_mode", a);
            else if (a->kind != AttrKind::OptimizationHints)
                c.add(arena().copyString(id), a);
            else if (!a->entries.empty())
                c.add("optimization_hints", a);
        } else {
            parseBareKeyword(c, id);
        }
    }
}

// An attribute that starts with punctuation: "text", [1, 0], @symbol, #attr, <hints>.
void Parser::parsePunctuatedAttribute(CustomOp& c, char first)
{
    if (first == '"') {
        std::string s;
        parseString(s);
        c.add(c.format.stringAttribute, makeString(s));
    } else if (first == '[') {
        std::vector<int64_t> v;
        parseIntList(v, '[', ']', false);
        Attribute a;
        a.kind = AttrKind::Array;
        a.category = "i32";
        a.intList = arena().copy(v);
        c.add("permutation", makeAttr(a));
    } else if (first == '@') {
        ++m_pos;
        Attribute a;
        a.kind = AttrKind::SymbolRef;
        a.text = keep(suffixId());
        c.add("name", makeAttr(a));
    } else {
        const Attribute* a = first == '<' ? parseOptimizationHints() : parseAttribute();
        if (isPredicateAttr(a))
            c.add("predicate", a);
        else if (a->kind == AttrKind::OptimizationHints)
            c.add("optimization_hints", a);
        else if (a->kind == AttrKind::Enum)
            c.add(a->category == "rounding" ? std::string_view("rounding_mode") : a->category, a);
        else
            c.add("value", a);
    }
}

// `name = value`: the token operand, shape/stride lists, hints, integers (typed by the op's
// layout: reduce/scan `dim` is i32, every other custom-syntax integer i64), other attributes.
void Parser::parseKeyedAttribute(CustomOp& c, std::string_view id)
{
    if (id == "token") {
        c.s.operands.push_back(parseValueUse());
    } else if (id == "shape" || id == "strides") {
        expect('[', "to open the list");
        if (!consume(']')) {
            do {
                int64_t x;
                if (peek() == '%')
                    c.s.operands.push_back(parseValueUse());
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
            c.add("optimization_hints", h);
    } else if (peek() == '-' || (peek() >= '0' && peek() <= '9')) {
        // `dim = 0 : tile<..>`: the ':' starts the op's type list, not an int type
        const size_t save = m_pos;
        std::string_view tok;
        bool isFloat = false;
        parseNumberToken(tok, isFloat);
        m_pos = save;
        if (isFloat) {
            c.add(arena().copyString(id), parseAttribute());
            return;
        }
        const int line = m_line;
        const int col = column();
        int64_t v = 0;
        parseInteger(v);
        const AttrDecl* decl = c.format.declared(id);
        const Type* type = numberType(decl && decl->i32 ? "i32" : "i64");
        if (!fitsWidth(v, type))
            errorAt(line, col,
                    "integer " + std::string(tok) + " does not fit in " + type->canonical());
        c.add(arena().copyString(id), makeInt(v, type));
    } else {
        c.add(arena().copyString(id), parseAttribute());
    }
}

// A bare word: an enum keyword or unit flag of the dialect (ir/OpFormat.h bareKeyword), the
// cutile-ir spellings `rounding x` and `overflow nsw`, else a flag with a warning.
void Parser::parseBareKeyword(CustomOp& c, std::string_view id)
{
    if (id == "rounding" || id == "overflow") {
        noteSyntax(Syntax::CutileIr);
        const std::string_view kw = identifier();
        if (id == "rounding")
            c.add("rounding_mode", makeEnum("rounding", kw));
        else
            c.add("overflow", makeEnum("overflow", cutileOverflow(kw)));
        return;
    }
    const BareKeyword* k = bareKeyword(id);
    if (k && k->cls == KeywordClass::Signedness) {
        c.add(c.format.signedness[c.signednessSeen == 0 ? 0 : 1], makeEnum(k->category, id));
        ++c.signednessSeen;
    } else if (k && k->cls == KeywordClass::UnitFlag) {
        c.add(keep(id), makeUnit());
    } else if (k && (k->cls == KeywordClass::Enum || c.format.atomicMode)) {
        c.add(k->attribute, makeEnum(k->category, id));
    } else {
        warning("unknown keyword '" + std::string(id) + "' in '" + std::string(c.name.mnemonic()) +
                "' kept as a flag");
        c.add(keep(id), makeUnit());
    }
}

// After ':' (or at '->'): operand types `->` result types, or one list that is the operand
// types and gives the result type, or (make_*_view) the result type.
void Parser::parseFormatTypes(CustomOp& c, bool arrow)
{
    std::vector<const Type*>& types = c.s.types;
    std::vector<const Type*>& resultTypes = c.s.resultTypes;
    if (!arrow && !(peek() == '-' && peekAt(1) == '>'))
        parseTypeList(types);
    const bool arrowAfter = consume("->");
    if (arrowAfter) {
        parseTypeList(resultTypes);
    } else if (c.resultCount > 0 && !types.empty()) {
        // "result:acc": the result has operand acc's type (mmaf_scaled lists two scales after).
        const int acc = c.format.resultTypeOperand;
        resultTypes.push_back(acc >= 0 && types.size() == c.format.operands.size()
                                  ? types[size_t(acc)]
                                  : types.back());
    }
    c.writtenTypes = arrowAfter || (!c.s.operands.empty() && !c.format.resultTypeWritten);
}

// Result types filled from the names, the op built, its results bound, implicit terminators
// added, a trailing `loc(...)` read.
Op* Parser::finishCustomOp(CustomOp& c, std::vector<std::pair<std::string_view, unsigned>>& defs,
                           int line, int col, size_t start)
{
    std::vector<const Type*>& resultTypes = c.s.resultTypes;
    const std::string_view m = c.name.mnemonic();
    if (c.resultCount > 0 && resultTypes.size() < c.resultCount) {
        const Type* fill = resultTypes.empty() ? unknownType() : resultTypes.back();
        if (resultTypes.empty())
            errorAt(line, col,
                    "cannot tell the result type of '" + std::string(m) + "'; expected ': type'");
        while (resultTypes.size() < c.resultCount)
            resultTypes.push_back(fill);
    }
    if (resultTypes.size() > c.resultCount) {
        // Stores and prints keep their token result, region ops theirs, without names.
        const Directive d = c.format.directive;
        const bool keepsUnnamed = c.format.tokenResultOnly || d == Directive::ForOp ||
                                  d == Directive::IfOp || d == Directive::LoopOp;
        if (c.resultCount != 0 || !defs.empty())
            errorAt(line, col,
                    "'" + std::string(m) + "' produces " + std::to_string(resultTypes.size()) +
                        " results but " + std::to_string(c.resultCount) + " names are given");
        else if (!keepsUnnamed)
            resultTypes.clear();
    }
    noteSyntax(Syntax::Custom);
    Op* op = finishOp(c.name, c.s.operands, c.s.attrs, c.s.regions, resultTypes.data(),
                      resultTypes.size());
    if (c.writtenTypes && !c.s.types.empty())
        setWrittenTypes(op, typeList(c.s.types));
    bindResults(op, defs, resultTypes);
    if (c.format.directive == Directive::ForOp || c.format.directive == Directive::LoopOp ||
        c.format.directive == Directive::IfOp)
        addImplicitTerminators(c);
    if (const Location* l = parseTrailingLoc())
        op->loc = l;
    setRange(op->range, line, col, start);
    return op;
}

} // namespace tilelens::ir::detail
