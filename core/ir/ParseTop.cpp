// Top level: builtin `module {}` wrapper, `cuda_tile.module`, aliases,
// entry/testing$func, global; the public parse functions and input checks.
#include "common/FileReader.h"
#include "common/PrintableText.h"
#include "ir/ParserImpl.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <unordered_map>
#include <unordered_set>
#include <vector>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace tilelens::ir {
namespace detail {

namespace {

// Node visits that resolving forward attribute references may take in all (real files
// refer forward rarely, and to small values).
constexpr size_t kMaxAliasWalkSteps = size_t(1) << 24;
// What an alias may spell beyond four times the input (dense constants used twice).
constexpr size_t kAliasSpellingSlackBytes = size_t(64) << 20;

// Whether `target` is part of `root` (through arrays and dictionaries). `steps` bounds the
// walks of all calls; once spent, the answer is yes (refused rather than risked).
bool holdsAttribute(const Attribute* root, const Attribute* target, size_t& steps)
{
    std::vector<const Attribute*> stack{root};
    std::unordered_set<const Attribute*> seen;
    while (!stack.empty()) {
        const Attribute* a = stack.back();
        stack.pop_back();
        if (!a || !seen.insert(a).second)
            continue;
        if (a == target || steps == 0)
            return true;
        --steps;
        for (const Attribute* e : a->elements)
            stack.push_back(e);
        for (const NamedAttribute& e : a->entries)
            stack.push_back(e.value);
    }
    return false;
}

} // namespace

size_t Parser::spelledBytes(const Attribute* root, size_t budget)
{
    // Post-order over the value's DAG, each node once (an alias used twice is one node):
    // its bytes are its own plus its parts', saturated past the budget.
    const size_t over = budget + 1;
    std::vector<std::pair<const Attribute*, bool>> stack{{root, false}};
    while (!stack.empty()) {
        auto& [a, expanded] = stack.back();
        if (!a || m_spelled.count(a)) {
            if (a && expanded) // an open node a cycle back to it has settled
                m_spelling.erase(a);
            stack.pop_back();
            continue;
        }
        const Attribute* node = a;
        if (!expanded) {
            expanded = true;
            if (!m_spelling.insert(node).second) { // on the stack already: a cycle
                m_spelled[node] = over;
                stack.pop_back();
                continue;
            }
            for (const Attribute* e : node->elements)
                stack.push_back({e, false});
            for (const NamedAttribute& e : node->entries)
                stack.push_back({e.value, false});
            continue;
        }
        size_t bytes = 1 + node->text.size() + node->category.size() + node->intList.size();
        const auto add = [&](const Attribute* part, size_t extra) {
            const auto it = part ? m_spelled.find(part) : m_spelled.end();
            bytes = std::min(over, bytes + extra + (it == m_spelled.end() ? 0 : it->second));
        };
        for (const Attribute* e : node->elements)
            add(e, 0);
        for (const NamedAttribute& e : node->entries)
            add(e.value, e.name.size());
        m_spelling.erase(node);
        m_spelled[node] = bytes;
        stack.pop_back();
    }
    const auto it = m_spelled.find(root);
    return it == m_spelled.end() ? 0 : it->second;
}

void Parser::run()
{
    try {
        parseTopLevel(m_result.modules);
    } catch (const ParseAbort&) {
    }
    if (!m_orphans.empty()) {
        Module* m = arena().make<Module>();
        m->loc = unknownLocation();
        m->otherItems = Span<Op* const>(arena().copy(m_orphans).data(), m_orphans.size());
        m_result.modules.push_back(m);
    }
    resolveAliases();
    try {
        checkGlobalNames();
    } catch (const ParseAbort&) {
    }
    m_result.syntax = detectedSyntax();
    if (m_unwarned > 0) {
        Diagnostic d;
        d.severity = Severity::Warning;
        d.place.file = m_opts.fileName;
        d.message = std::to_string(m_unwarned) + " more warnings not shown (the first " +
                    std::to_string(m_opts.maxWarnings) + " are)";
        m_result.diagnostics.push_back(std::move(d));
    }
}

// A global named through an attribute alias defined after it has its name only now.
void Parser::checkGlobalNames()
{
    for (const Module* m : m_result.modules)
        for (const Op* g : m->globals)
            if (const Attribute* name = g->attr("sym_name"))
                if (name->kind == AttrKind::String)
                    checkName(name->text, g->range.beginLine, g->range.beginColumn, "global name");
}

Syntax Parser::detectedSyntax() const
{
    int kinds = int(m_sawGeneric) + int(m_sawCustom || m_sawCutile);
    if (kinds == 0)
        return Syntax::Empty;
    if (kinds == 2)
        return Syntax::Mixed;
    if (m_sawGeneric)
        return Syntax::Generic;
    return m_sawCutile ? Syntax::CutileIr : Syntax::Custom;
}

void Parser::resolveAliases()
{
    // Which pending reference a location is (an alias defined as another alias): found by
    // address, not by a scan per reference (quadratic: 200,000 references took 20 s).
    std::unordered_map<const Location*, const PendingLoc*> pendingAt;
    pendingAt.reserve(m_pendingLocs.size());
    for (const PendingLoc& p : m_pendingLocs)
        pendingAt.emplace(p.loc, &p);
    for (PendingLoc& p : m_pendingLocs) {
        const Location* target = nullptr;
        std::string name = p.alias;
        for (int hops = 0; hops < 16; ++hops) { // aliases of aliases, bounded
            auto it = m_locAliases.find(name);
            if (it == m_locAliases.end())
                break;
            target = it->second;
            const auto self = pendingAt.find(target);
            if (self == pendingAt.end())
                break;
            name = self->second->alias;
            target = nullptr;
        }
        if (target)
            *p.loc = *target;
        else
            warningAt(p.line, p.column,
                      "location alias '#" + p.alias + "' is never defined; using unknown");
    }
    size_t steps = kMaxAliasWalkSteps;
    for (PendingAttr& p : m_pendingAttrs) {
        auto it = m_attrAliases.find(p.alias);
        if (it != m_attrAliases.end() && it->second != p.placeholder) {
            // A value that holds this very reference (#a = [#b], #b = [#a]) would become an
            // attribute that contains itself: printing or comparing it would never end.
            if (holdsAttribute(it->second, p.placeholder, steps))
                aliasErrorAt(p.line, p.column,
                             "attribute alias '#" + p.alias +
                                 "' refers to itself; the reference is kept as written");
            else
                *p.placeholder = *it->second;
        } else if (m_locAliases.count(p.alias) == 0) {
            warning("attribute alias '#" + p.alias + "' is never defined; kept as written");
        }
    }
    // Each use of an alias shares its value: a value made of two uses of the alias before
    // spells twice as much, and forty such lines spell terabytes when printed or compared.
    m_spelled.clear(); // placeholders have their values now
    m_spelling.clear();
    const size_t budget = aliasSpellingBudget();
    for (const auto& [name, value] : m_attrAliases)
        if (spelledBytes(value, budget) > budget)
            aliasErrorAt(m_attrAliasPlaces[name].line, m_attrAliasPlaces[name].column,
                         "attribute alias '#" + name + "' spells more than " +
                             std::to_string(budget >> 20) +
                             " MiB when written out (aliases used more than once "
                             "in each other); the input is not accepted");
}

size_t Parser::aliasSpellingBudget() const
{
    return 4 * m_text.size() + kAliasSpellingSlackBytes;
}

void Parser::aliasErrorAt(int line, int column, const std::string& message)
{
    try {
        errorAt(line, column, message);
    } catch (const ParseAbort&) { // past the error limit: the parse has ended anyway
    }
}

void Parser::parseAliasDef()
{
    bool isType = peek() == '!';
    const Place place{m_line, column()};
    ++m_pos;
    std::string name(suffixId());
    expect('=', "after an alias name");
    if (isType) {
        m_typeAliases[name] = parseType();
        return;
    }
    if (peekIdentifier() == "loc") {
        const Location* l = parseTrailingLoc();
        m_locAliases[name] = l ? l : unknownLocation();
        return;
    }
    skipWs();
    if (m_text.substr(m_pos, 17) == "#cuda_tile.di_loc") { // a location written as an attribute
        m_locAliases[name] = parseLocBody();
        return;
    }
    const Attribute* a = parseAttribute();
    // Refused here already, not only once the file is read: the differ builds the graph of
    // each function as it is parsed, and writes its attributes out.
    if (spelledBytes(a, aliasSpellingBudget()) > aliasSpellingBudget()) {
        errorAt(place.line, place.column,
                "attribute alias '#" + name + "' spells more than " +
                    std::to_string(aliasSpellingBudget() >> 20) +
                    " MiB when written out (aliases used more than once in each other); the "
                    "input is not accepted");
        throw ParseAbort{};
    }
    m_attrAliases[name] = a;
    m_attrAliasPlaces[name] = place;
}

void Parser::parseTopLevel(std::vector<Module*>& modules)
{
    while (!atEnd()) {
        char c = peek();
        int errorsBefore = m_errors;
        size_t before = m_pos;
        int line = m_line;
        if ((c == '#' || c == '!') && peekAt(1) != '-') {
            parseAliasDef();
        } else if (consume("{-#")) { // resource block: not produced by cuda_tile, skipped
            size_t end = m_text.find("#-}", m_pos);
            while (m_pos < (end == std::string_view::npos ? m_text.size() : end)) {
                if (m_text[m_pos] == '\n') {
                    ++m_line;
                    m_lineStart = m_pos + 1;
                }
                ++m_pos;
            }
            if (end != std::string_view::npos)
                m_pos = end + 3;
        } else if (c == '}') {
            error("unexpected '}' with no matching '{'");
            ++m_pos;
        } else {
            SourceRange r;
            std::string_view id = peekIdentifier();
            if (id == "module" || id == "builtin.module") {
                identifier();
                if (peek() == '@') {
                    ++m_pos;
                    suffixId();
                }
                std::vector<NamedAttribute> ignored;
                if (consumeKeyword("attributes"))
                    parseDictionary(ignored);
                int openLine = m_line, openCol = column();
                expect('{', "to open the builtin module");
                enter();
                while (peek() != '}' && !atEnd())
                    parseTopLevel(modules), (void)0;
                if (!consume('}'))
                    errorAt(m_line, column(),
                            "expected '}' to close the module opened at line " +
                                std::to_string(openLine) + ":" + std::to_string(openCol));
                leave();
            } else if (id == "cuda_tile.module" ||
                       (c == '"' && (m_text.substr(m_pos, 18) == "\"cuda_tile.module\"" ||
                                     m_text.substr(m_pos, 16) == "\"builtin.module\""))) {
                if (Module* m = parseCudaTileModule(r, 0))
                    modules.push_back(m);
            } else if (c == '%' || c == '"' || (!id.empty() && m_depth < 2)) {
                // An op outside any cuda_tile.module (MLIR test inputs do this):
                // kept in a nameless module so the chunk still opens.
                int l = m_line, cl = column();
                if (Op* op = parseOperation()) {
                    if (m_orphans.empty())
                        warningAt(l, cl, "operation outside a cuda_tile.module");
                    m_orphans.push_back(op);
                }
            } else {
                error(std::string("expected 'cuda_tile.module', found '") + c + "'");
                skipToLineEnd();
            }
        }
        if (m_errors != errorsBefore && m_line == line)
            skipToLineEnd();
        if (m_pos == before && m_pos < m_text.size())
            ++m_pos;
        // inside a builtin module body the caller loops until '}'
        if (peek() == '}' && m_depth > 0)
            return;
    }
}

Module* Parser::parseCudaTileModule(const SourceRange&, int)
{
    skipWs();
    int line = m_line, col = column();
    size_t start = m_pos;
    Module* mod = arena().make<Module>();
    std::vector<NamedAttribute> attrs;
    bool generic = peek() == '"';
    if (generic) {
        std::string name;
        parseString(name);
        if (name == "builtin.module") { // mlir-opt output: builtin wrapper in generic form
            expect('(', "");
            expect(')', "");
            expect('(', "before the module region");
            expect('{', "to open the module region");
            enter();
            std::vector<Module*> inner;
            while (peek() != '}' && !atEnd()) {
                size_t before = m_pos;
                if (Module* m = parseCudaTileModule(SourceRange{}, 0))
                    inner.push_back(m);
                if (m_pos == before) {
                    skipToLineEnd();
                }
            }
            expect('}', "to close the module region");
            leave();
            expect(')', "after the module region");
            if (peek() == '{')
                parseDictionary(attrs);
            expect(':', "");
            parseType();
            for (size_t i = 0; i + 1 < inner.size(); ++i)
                m_result.modules.push_back(inner[i]);
            return inner.empty() ? nullptr : inner.back();
        }
        if (name != "cuda_tile.module") {
            error("expected a cuda_tile.module, found '" + name + "'");
            skipToLineEnd();
            return nullptr;
        }
        expect('(', "after the op name");
        expect(')', "after the op name");
        if (consume("<{")) {
            --m_pos;
            parseDictionary(attrs);
            expect('>', "after properties");
        }
        expect('(', "before the module region");
        parseModuleBody(mod, true);
        expect(')', "after the module region");
        if (peek() == '{')
            parseDictionary(attrs);
        expect(':', "before the module's type");
        parseType();
        noteSyntax(Syntax::Generic);
    } else {
        identifier();
        skipWs();
        if (!consume('@'))
            error("expected '@name' after cuda_tile.module");
        else
            mod->name = keep(suffixId());
        if (consumeKeyword("attributes"))
            parseDictionary(attrs);
        parseModuleBody(mod, false);
    }
    std::vector<NamedAttribute> kept;
    for (const NamedAttribute& a : attrs) {
        if (a.name == "sym_name" && a.value->kind == AttrKind::String)
            mod->name = a.value->text;
        else
            kept.push_back(a);
    }
    mod->attributes = arena().copy(kept);
    const Location* l = parseTrailingLoc();
    mod->loc = l ? l : unknownLocation();
    setRange(mod->range, line, col, start);
    return mod;
}

void Parser::parseModuleBody(Module* mod, bool)
{
    int openLine = m_line, openCol = column();
    if (!consume('{')) {
        error("expected '{' to open the module body");
        return;
    }
    enter();
    std::vector<Op*> globals, others;
    std::vector<Function*> functions;
    while (peek() != '}' && peek() != '\0') {
        m_opts.cancel.throwIfCancelled();
        skipWs();
        int line = m_line, col = column();
        size_t start = m_pos, errorsBefore = size_t(m_errors);
        std::string_view id = peekIdentifier();
        std::string_view bare = id.substr(0, 10) == "cuda_tile." ? id.substr(10) : id;
        if (bare == "entry" || bare == "testing$func") {
            identifier();
            const size_t locsBefore = m_pendingLocs.size(), attrsBefore = m_pendingAttrs.size();
            if (Function* f = parseFunction(OpName::get(id), line, col, start)) {
                functions.push_back(f);
                if (m_opts.onFunction && m_errors == 0 && m_pendingLocs.size() == locsBefore &&
                    m_pendingAttrs.size() == attrsBefore)
                    m_opts.onFunction(*f);
            }
        } else {
            Op* op = parseOperation();
            if (op && (op->name.is("entry") || op->name.is("testing$func"))) {
                functions.push_back(functionFromGeneric(op));
            } else if (op && op->name.is("global")) {
                globals.push_back(op);
            } else if (op) {
                others.push_back(op); // unknown items were already warned about
            }
        }
        if (size_t(m_errors) != errorsBefore && m_line == line)
            skipToLineEnd();
        if (m_pos == start)
            skipToLineEnd();
    }
    if (!consume('}'))
        errorAt(m_line, column(),
                "expected '}' to close the cuda_tile.module opened at line " +
                    std::to_string(openLine) + ":" + std::to_string(openCol));
    leave();
    mod->globals = Span<Op* const>(arena().copy(globals).data(), globals.size());
    mod->functions = Span<Function* const>(arena().copy(functions).data(), functions.size());
    mod->otherItems = Span<Op* const>(arena().copy(others).data(), others.size());
}

Function* Parser::parseFunction(OpName name, int line, int col, size_t start)
{
    Function* f = arena().make<Function>();
    f->opName = name;
    f->kind = name.is("entry") ? FunctionKind::Entry : FunctionKind::Func;
    noteSyntax(Syntax::Custom);
    skipWs();
    if (!consume('@')) {
        error("expected '@name' after '" + std::string(name.mnemonic()) + "'");
        return nullptr;
    }
    f->name = keep(suffixId());
    std::vector<Value*> args;
    std::vector<const Type*> argTypes, resTypes;
    std::vector<const Attribute*> argAttrs;
    std::vector<const Location*> argLocs; // kept in the entry block (Block::argumentLocs)
    std::vector<NamedAttribute> attrs;
    bool anyArgAttr = false;
    expect('(', "to open the argument list");
    if (!consume(')')) {
        do {
            skipWs();
            std::string_view n;
            if (consume('%')) {
                n = suffixId();
                expect(':', "after an argument name");
            }
            Value* v = newValue(parseType(), n);
            argTypes.push_back(v->type);
            const Attribute* aa = nullptr;
            if (peek() == '{') {
                std::vector<NamedAttribute> d;
                parseDictionary(d);
                Attribute a;
                a.kind = AttrKind::Dictionary;
                a.entries = arena().copy(d);
                aa = makeAttr(a);
                anyArgAttr = true;
            }
            argAttrs.push_back(aa);
            argLocs.push_back(parseTrailingLoc());
            args.push_back(v);
        } while (consume(','));
        expect(')', "to close the argument list");
    }
    if (consume("->"))
        parseTypeList(resTypes);
    for (;;) {
        if (consumeKeyword("optimization_hints")) {
            expect('=', "after 'optimization_hints'");
            if (peek() == '#')
                noteSyntax(Syntax::CutileIr); // the C++ printer writes the stripped `<...>`
            const Attribute* h = peek() == '<' ? parseOptimizationHints() : parseAttribute();
            if (h->kind == AttrKind::OptimizationHints && !h->entries.empty()) {
                attrs.push_back({"optimization_hints", h});
                f->optimizationHints = h;
            }
        } else if (consumeKeyword("attributes")) {
            parseDictionary(attrs);
        } else {
            break;
        }
    }
    f->body = parseRegion(args, nullptr, true);
    if (peek() == '{')
        parseDictionary(attrs);
    sortByName(attrs.begin(), attrs.end());
    f->attributes = arena().copy(attrs);
    f->argumentTypes = arena().copy(argTypes);
    f->resultTypes = arena().copy(resTypes);
    if (anyArgAttr)
        f->argumentAttrs = arena().copy(argAttrs);
    if (std::any_of(argLocs.begin(), argLocs.end(), [](const Location* l) { return l; }) &&
        f->body && !f->body->blocks.empty())
        f->body->blocks[0]->argumentLocs = arena().copy(argLocs);
    if (f->body && !f->body->blocks.empty()) {
        Block* b = f->body->blocks.back();
        if (b->ops.empty() || !b->ops.back()->name.is("return")) {
            std::vector<Op*> ops(b->ops.begin(), b->ops.end());
            ops.push_back(makeImplicitTerminator("return", b));
            b->ops = Span<Op* const>(arena().copy(ops).data(), ops.size());
        }
    }
    const Location* l = parseTrailingLoc();
    f->loc = l ? l : unknownLocation();
    setRange(f->range, line, col, start);
    return f;
}

Function* Parser::functionFromGeneric(Op* op)
{
    Function* f = arena().make<Function>();
    f->opName = op->name;
    f->kind = op->name.is("entry") ? FunctionKind::Entry : FunctionKind::Func;
    std::vector<NamedAttribute> attrs;
    for (const NamedAttribute& a : op->attributes) {
        if (a.name == "sym_name")
            f->name = a.value->text;
        else if (a.name == "function_type" && a.value->type &&
                 a.value->type->kind == TypeKind::Function) {
            f->argumentTypes =
                Span<const Type* const>(a.value->type->inputs.data(), a.value->type->inputs.size());
            f->resultTypes = Span<const Type* const>(a.value->type->results.data(),
                                                     a.value->type->results.size());
        } else if (a.name == "arg_attrs" && a.value->kind == AttrKind::Array) {
            bool any = false;
            for (const Attribute* e : a.value->elements)
                any = any || !e->entries.empty();
            if (any)
                f->argumentAttrs = Span<const Attribute* const>(a.value->elements.data(),
                                                                a.value->elements.size());
        } else if (a.name == "optimization_hints") {
            if (a.value->kind == AttrKind::OptimizationHints && !a.value->entries.empty()) {
                f->optimizationHints = a.value;
                attrs.push_back(a);
            }
        } else {
            attrs.push_back(a);
        }
    }
    f->attributes = arena().copy(attrs);
    f->body = op->regions.empty() ? arena().make<Region>() : op->regions[0];
    f->body->parentOp = nullptr;
    if (!f->body->blocks.empty()) {
        Block* b = f->body->blocks.back();
        if (b->ops.empty() || !b->ops.back()->name.is("return")) {
            std::vector<Op*> ops(b->ops.begin(), b->ops.end());
            ops.push_back(makeImplicitTerminator("return", b));
            b->ops = Span<Op* const>(arena().copy(ops).data(), ops.size());
        }
    }
    f->loc = op->loc;
    f->range = op->range;
    return f;
}

} // namespace detail

// ------------------------------------------------------------- public API

const char* syntaxName(Syntax s)
{
    switch (s) {
    case Syntax::Custom:
        return "custom";
    case Syntax::Generic:
        return "generic";
    case Syntax::CutileIr:
        return "cutile-ir";
    case Syntax::Mixed:
        return "mixed";
    case Syntax::Empty:
        return "empty";
    }
    return "empty";
}

namespace {
// Model bytes per input byte: 3.9 and 3.5 on the two files of the 2x100k-op
// benchmark pair (Arena::bytesUsed after parsing: 24.4 MB each).
constexpr size_t kModelBytesPerInputByte = 4;
} // namespace

size_t ParseResult::opCount() const
{
    size_t n = 0;
    for (const Module* m : modules)
        n += m->opCount();
    return n;
}

ParseResult parseModule(std::string_view text, const ParseOptions& options)
{
    ParseResult r;
    r.arena = std::make_shared<Arena>();
    r.firstLine = options.firstLine;
    r.inputBytes = int64_t(text.size());
    if (text.size() >= 3 && text.substr(0, 3) == "\xEF\xBB\xBF")
        text.remove_prefix(3); // UTF-8 BOM
    if (int64_t(text.size()) > kMaxParseBytes) {
        Diagnostic d;
        d.place.file = options.fileName;
        d.message = "input is too large (" + formatByteSize(int64_t(text.size())) +
                    "; the limit is " + formatByteSize(kMaxParseBytes) + ")";
        r.diagnostics.push_back(d);
        return r;
    }
    // The model takes about kModelBytesPerInputByte: reserved at once, it is
    // backed by huge pages from its first byte on (see Arena::reserveHint).
    r.arena->reserveHint(text.size() * kModelBytesPerInputByte);
    detail::Parser p(text, options, r);
    p.run();
    return r;
}

std::vector<ParseResult> parseSplitInput(std::string_view text, const ParseOptions& options)
{
    std::vector<ParseResult> out;
    size_t chunkStart = 0;
    int chunkLine = options.firstLine;
    int line = options.firstLine;
    size_t pos = 0;
    // Each chunk's result keeps its own model and arena (kilobytes even for an empty chunk):
    // 130,000 one-line chunks in 1.4 MB held 979 MB. The dialect's test files have hundreds.
    constexpr size_t kMaxSplitChunks = 10000;
    auto emit = [&](size_t end) {
        ParseOptions o = options;
        o.firstLine = chunkLine;
        if (out.size() < kMaxSplitChunks) {
            out.push_back(parseModule(text.substr(chunkStart, end - chunkStart), o));
            return;
        }
        ParseResult refused;
        Diagnostic d;
        d.place.file = o.fileName;
        d.place.line = chunkLine;
        d.place.column = 1;
        d.message = "more than " + std::to_string(kMaxSplitChunks) +
                    " chunks split by '// -----'; the rest of the input is not parsed";
        refused.diagnostics.push_back(std::move(d));
        out.push_back(std::move(refused));
    };
    while (pos < text.size() && out.size() <= kMaxSplitChunks) {
        size_t nl = text.find('\n', pos);
        size_t end = nl == std::string_view::npos ? text.size() : nl;
        std::string_view ln = text.substr(pos, end - pos);
        while (!ln.empty() && (ln.back() == '\r' || ln.back() == ' '))
            ln.remove_suffix(1);
        size_t ws = ln.find_first_not_of(" \t");
        if (ws != std::string_view::npos && ln.substr(ws) == "// -----") {
            emit(pos);
            chunkStart = nl == std::string_view::npos ? text.size() : nl + 1;
            chunkLine = line + 1;
        }
        pos = nl == std::string_view::npos ? text.size() : nl + 1;
        ++line;
    }
    if (out.size() <= kMaxSplitChunks)
        emit(text.size());
    return out;
}

namespace {

// True when one of the 8 bytes of `w` is not printable ASCII: a control byte
// (below 0x20, newline and tab included) or a byte of a UTF-8 sequence.
bool hasSpecialByte(uint64_t w)
{
    constexpr uint64_t kOnes = 0x0101010101010101ull, kHigh = 0x8080808080808080ull;
    return (((w - kOnes * 0x20) & ~w) | w) & kHigh;
}

#if defined(__SSE2__)
// True when the 16 bytes at `p` are all printable ASCII or the white space the
// scalar check accepts (tab, newline, \v, \f, \r: 0x09-0x0D). Signed compares:
// bytes from 0x80 up are negative, so "below 0x09" also catches UTF-8 bytes.
// The bytes of the 16 at `p` that fail that test, as a mask.
__m128i specialBytes16(const unsigned char* p)
{
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const __m128i low = _mm_cmplt_epi8(v, _mm_set1_epi8(0x09));
    const __m128i control = _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8(0x0D)),
                                          _mm_cmplt_epi8(v, _mm_set1_epi8(0x20)));
    return _mm_or_si128(low, control);
}
bool plainText16(const unsigned char* p)
{
    return _mm_movemask_epi8(specialBytes16(p)) == 0;
}
// The same for 64 bytes, with one test for the four: the loop's own work per byte was
// as large as the test's.
bool plainText64(const unsigned char* p)
{
    const __m128i a = _mm_or_si128(specialBytes16(p), specialBytes16(p + 16));
    const __m128i b = _mm_or_si128(specialBytes16(p + 32), specialBytes16(p + 48));
    return _mm_movemask_epi8(_mm_or_si128(a, b)) == 0;
}
#endif

} // namespace

bool checkTextInput(std::string_view bytes, const std::string& fileName, Diagnostics& diags)
{
    const unsigned char* s = reinterpret_cast<const unsigned char*>(bytes.data());
    // Line and column of byte i, counted only once something is wrong there.
    auto fail = [&](size_t i, std::string msg) {
        Diagnostic d;
        d.place.file = fileName;
        d.place.line = 1;
        size_t lineStart = 0;
        for (size_t k = 0; k < i; ++k)
            if (s[k] == '\n') {
                ++d.place.line;
                lineStart = k + 1;
            }
        d.place.column = int(i - lineStart) + 1;
        d.message = std::move(msg);
        diags.push_back(std::move(d));
        return false;
    };
    if (bytes.size() >= 8 && bytes.substr(0, 8) == std::string_view("\x7FTileIR\x00", 8)) {
        Diagnostic d;
        d.place.file = fileName;
        d.message = "this is Tile IR bytecode, not text; open it as bytecode";
        diags.push_back(std::move(d));
        return false;
    }
    size_t start = bytes.size() >= 3 && bytes.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
    for (size_t i = start; i < bytes.size();) {
#if defined(__SSE2__)
        // Sixteen bytes at a time or more, line ends and tabs included: nearly all of IR text.
        if (i + 64 <= bytes.size() && plainText64(s + i)) {
            i += 64;
            continue;
        }
        if (i + 16 <= bytes.size() && plainText16(s + i)) {
            i += 16;
            continue;
        }
#endif
        // Eight printable ASCII bytes at a time: the common case of IR text.
        if (i + 8 <= bytes.size()) {
            uint64_t w;
            std::memcpy(&w, s + i, 8);
            if (!hasSpecialByte(w)) {
                i += 8;
                continue;
            }
        }
        unsigned char c = s[i];
        if (c < 0x80) {
            if (c == 0 ||
                (c < 0x20 && c != '\n' && c != '\t' && c != '\r' && c != '\f' && c != '\v'))
                return fail(i, "the file contains binary data (byte 0x" +
                                   std::string(1, "0123456789ABCDEF"[c >> 4]) +
                                   "0123456789ABCDEF"[c & 15] + "), so it is not Tile IR text");
            ++i;
            continue;
        }
        // Strictly (RFC 3629): an overlong form (C0 AF), a surrogate (ED A0 80) or a code point
        // past U+10FFFF (F4 90 80 80) is no more text than a stray byte, and JSON cannot hold it.
        char32_t codePoint = 0;
        const int n = utf8SequenceAt(bytes, i, codePoint);
        if (n == 0)
            return fail(i, "the file is not valid UTF-8 text (bad byte sequence here)");
        i += size_t(n);
    }
    return true;
}

namespace {
// An empty result holding `diags`: what a file that cannot be parsed at all returns.
ParseResult failedResult(Diagnostics diags)
{
    ParseResult failed;
    failed.arena = std::make_shared<Arena>();
    failed.diagnostics = std::move(diags);
    return failed;
}
} // namespace

ParseResult parseFileContents(std::string_view bytes, const std::string& path, ParseOptions options)
{
    options.fileName = path;
    Diagnostics diags;
    if (!checkTextInput(bytes, path, diags))
        return failedResult(std::move(diags));
    return parseModule(bytes, options);
}

std::vector<ParseResult> parseFileContentsSplit(std::string_view bytes, const std::string& path,
                                                ParseOptions options)
{
    options.fileName = path;
    Diagnostics diags;
    if (!checkTextInput(bytes, path, diags)) {
        std::vector<ParseResult> v;
        v.push_back(failedResult(std::move(diags)));
        return v;
    }
    return parseSplitInput(bytes, options);
}

ParseResult parseFile(const std::string& path, ParseOptions options)
{
    Diagnostics diags;
    const auto contents = readFile(path, diags, kMaxParseBytes);
    if (!contents)
        return failedResult(std::move(diags));
    return parseFileContents(contents->bytes, path, std::move(options));
}

std::vector<ParseResult> parseFileSplit(const std::string& path, ParseOptions options)
{
    Diagnostics diags;
    const auto contents = readFile(path, diags, kMaxParseBytes);
    if (!contents) {
        std::vector<ParseResult> v;
        v.push_back(failedResult(std::move(diags)));
        return v;
    }
    return parseFileContentsSplit(contents->bytes, path, std::move(options));
}

} // namespace tilelens::ir
