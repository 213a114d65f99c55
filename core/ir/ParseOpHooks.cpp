// The custom grammars an op's format cannot say (the `custom<...>` directives of its row in
// ir/OpList.def), called by the format driver of ParseOps.cpp:
//   custom<DenseConstant>  constant: a dense literal carries the value and the result type
//   custom<GlobalOp>       global: visibility, `constant`, `alignment = N` around `@name`,
//                          then a dense value or (cutile-ir) `: elemtype`
//   custom<ForOp>          for: `%iv in (%lb to %ub, step %s) : type`, iter_values, a region
//   custom<IfOp>           if: condition, `-> types`, then and `else` regions
//   custom<LoopOp>         loop: iter_values with `: types`, `-> types`, a region
//   $body                  reduce, scan: block arguments and the combining region, typed
//                          identities
// and the implicit terminators of for/loop/if bodies whose printers omit them.
#include "ir/OpInfo.h"
#include "ir/ParserImpl.h"

namespace tilelens::ir::detail {

Parser::HookResult Parser::parseDirective(CustomOp& c)
{
    switch (c.format.directive) {
    case Directive::DenseConstant:
        if (peek() != '<')
            return HookResult::NotAHook; // `constant` without a dense literal reads as a format
        parseDenseConstant(c);
        return HookResult::Parsed;
    case Directive::GlobalOp:
        parseGlobalOp(c);
        return HookResult::Parsed;
    case Directive::ForOp:
        return parseForOp(c) ? HookResult::Parsed : HookResult::Failed;
    case Directive::IfOp:
        parseIfOp(c);
        return HookResult::Parsed;
    case Directive::LoopOp:
        parseLoopOp(c);
        return HookResult::Parsed;
    case Directive::MakeTensorView: // its `shape = [...]` lists are keyed format elements
    case Directive::None:
        break;
    }
    return HookResult::NotAHook;
}

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

void Parser::parseDenseConstant(CustomOp& c)
{
    const Attribute* dense = parseDense(nullptr);
    c.add("value", dense);
    if (peek() == '{')
        parseDictionary(c.s.attrs);
    c.s.resultTypes.push_back(dense->type ? dense->type : unknownType());
}

void Parser::parseGlobalOp(CustomOp& c)
{
    for (;;) {
        std::string_view kw = peekIdentifier();
        if (kw == "public" || kw == "private") {
            identifier();
            if (kw == "private")
                c.add("sym_visibility", makeEnum("symbol_visibility", kw));
        } else if (kw == "constant") {
            identifier();
            c.add("constant", makeUnit());
        } else if (kw == "alignment") {
            identifier();
            expect('=', "after 'alignment'");
            int64_t al = 0;
            if (!parseInteger(al))
                error("expected an integer alignment");
            if (al != 0)
                c.add("alignment", makeInt(al, numberType("i64")));
        } else {
            break;
        }
    }
    skipWs();
    if (consume('@')) {
        std::string_view sym = suffixId();
        c.add("sym_name", makeString(sym));
    } else {
        error("expected '@name' in 'global'");
    }
    while (peekIdentifier() == "alignment") {
        identifier();
        expect('=', "after 'alignment'");
        int64_t al = 0;
        parseInteger(al);
        if (al != 0)
            c.add("alignment", makeInt(al, numberType("i64")));
    }
    if (peek() == '{')
        parseDictionary(c.s.attrs);
    if (peek() == '<') {
        c.add("value", parseDense(nullptr));
    } else if (consume(':')) { // cutile-ir: `global @g alignment = N : elemtype` (no value)
        noteSyntax(Syntax::CutileIr);
        Attribute t;
        t.kind = AttrKind::TypeAttr;
        t.type = parseType();
        c.add("type", makeAttr(t));
    }
}

// False when the induction variable is missing (the op is dropped).
bool Parser::parseForOp(CustomOp& c)
{
    std::vector<Value*>& operands = c.s.operands;
    std::vector<Value*>& blockArgs = c.s.blockArgs;
    if (consumeKeyword("unsigned"))
        c.add("unsignedCmp", makeUnit());
    skipWs();
    if (!consume('%')) {
        error("expected the induction variable of 'for'");
        return false;
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
            parseTypeList(c.s.resultTypes);
        for (size_t i = 0; i < names.size(); ++i)
            blockArgs.push_back(newValue(
                i < c.s.resultTypes.size() ? c.s.resultTypes[i] : unknownType(), names[i]));
    }
    if (Region* r = parseRegion(blockArgs, nullptr, false))
        c.s.regions.push_back(r);
    if (peek() == '{')
        parseDictionary(c.s.attrs);
    return true;
}

void Parser::parseIfOp(CustomOp& c)
{
    c.s.operands.push_back(parseValueUse());
    if (consume("->"))
        parseTypeList(c.s.resultTypes);
    std::vector<Value*> none;
    if (Region* r = parseRegion(none, nullptr, false))
        c.s.regions.push_back(r);
    if (consumeKeyword("else")) {
        if (Region* r = parseRegion(none, nullptr, false))
            c.s.regions.push_back(r);
    } else {
        Region* empty = arena().make<Region>();
        c.s.regions.push_back(empty);
    }
    if (peek() == '{')
        parseDictionary(c.s.attrs);
}

void Parser::parseLoopOp(CustomOp& c)
{
    std::vector<std::string_view> names;
    if (consumeKeyword("iter_values")) {
        parseIterValues(names, c.s.operands);
        std::vector<const Type*> iterTypes;
        if (consume(':'))
            parseTypeList(iterTypes);
        if (consume("->"))
            parseTypeList(c.s.resultTypes);
        for (size_t i = 0; i < names.size(); ++i)
            c.s.blockArgs.push_back(
                newValue(i < iterTypes.size() ? iterTypes[i] : unknownType(), names[i]));
    } else if (consume(':')) {
        parseTypeList(c.s.resultTypes);
    }
    if (Region* r = parseRegion(c.s.blockArgs, nullptr, false))
        c.s.regions.push_back(r);
    if (peek() == '{')
        parseDictionary(c.s.attrs);
}

// reduce/scan after the types: `(%a: E, %b: E)` block arguments, the region; identities
// typed by the input element types (cutile-ir writes them untyped).
void Parser::parseBodyRegion(CustomOp& c)
{
    if (peek() == '(') {
        ++m_pos;
        parseBlockArgs(c.s.blockArgs, false);
    }
    if (Region* r = parseRegion(c.s.blockArgs, nullptr, false))
        c.s.regions.push_back(r);
    const std::vector<Value*>& operands = c.s.operands;
    for (NamedAttribute& a : c.s.attrs) {
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
}

// for, loop, if: printers omit an operand-less yield (if) or continue (for, loop) at the end of
// a body.
void Parser::addImplicitTerminators(CustomOp& c)
{
    if (c.s.regions.empty())
        return;
    const bool isIf = c.format.directive == Directive::IfOp;
    for (Region* r : c.s.regions) {
        if (r->blocks.empty() || (isIf && r != c.s.regions[0] && r->blocks[0]->ops.empty()))
            continue;
        Block* b = r->blocks.back();
        // The mnemonic's row: `test.yield` ends a body as the hand-written parser took it.
        if (!b->ops.empty() && opInfo(opIdOf(b->ops.back()->name.mnemonic())).has(Terminator))
            continue;
        std::vector<Op*> ops(b->ops.begin(), b->ops.end());
        ops.push_back(makeImplicitTerminator(isIf ? "yield" : "continue", b));
        b->ops = Span<Op* const>(arena().copy(ops).data(), ops.size());
    }
}

} // namespace tilelens::ir::detail
