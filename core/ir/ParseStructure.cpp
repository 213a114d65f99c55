// Module / function / region structure, SSA values, generic-form ops and the
// public entry points of the parser.
#include "ir/ParserImpl.h"

#include <algorithm>
#include <cstring>
#include <new>

namespace tilelens::ir::detail {

void Parser::setRange(SourceRange& r, int line, int col, size_t startPos)
{
    r.beginLine = line;
    r.beginColumn = col;
    r.beginOffset = int32_t(startPos);
    // End = just after the op's last character: the current position, or the
    // end of the last token when whitespace was skipped after it.
    bool atWs = m_pos > startPos && m_pos <= m_text.size() &&
                (m_text[m_pos - 1] == ' ' || m_text[m_pos - 1] == '\n' ||
                 m_text[m_pos - 1] == '\t' || m_text[m_pos - 1] == '\r' || m_pos == m_text.size());
    if (atWs && m_tokEnd > startPos && m_tokEnd <= m_pos) {
        r.endOffset = int32_t(m_tokEnd);
        r.endLine = m_tokEndLine;
        r.endColumn = int(m_tokEnd - m_tokEndLineStart) + 1;
    } else {
        r.endOffset = int32_t(m_pos);
        r.endLine = m_line;
        r.endColumn = int(m_pos - m_lineStart) + 1;
    }
}

Value* Parser::newValue(const Type* type, std::string_view name)
{
    Value* v = arena().make<Value>();
    v->type = type;
    v->sourceName = ValueName::copy(arena(), name);
    return v;
}

// After '(': `%a: T, ...)`. A labelled block's arguments (`^bb(%a: T loc(...))`) may carry
// locations and are in scope at once; reduce/scan arguments are defined by their region.
void Parser::parseBlockArgs(std::vector<Value*>& out, bool labelled,
                            std::vector<const Location*>* locs)
{
    if (consume(')'))
        return;
    do {
        skipWs();
        if (!consume('%')) {
            error("expected a block argument");
            break;
        }
        std::string_view n = suffixId();
        expect(':', labelled ? "after a block argument name" : "after a block argument");
        Value* v = newValue(parseType(), n);
        if (labelled) {
            const Location* l = parseTrailingLoc();
            if (locs)
                locs->push_back(l);
            defineValue(n, v);
        }
        out.push_back(v);
    } while (consume(','));
    expect(')', "to close the block arguments");
}

void Parser::defineValue(std::string_view name, Value* v)
{
    Value** slot = static_cast<Value**>(arena().allocate(sizeof(Value*), alignof(Value*)));
    *slot = v;
    Binding prev = m_values.set(name, Binding{slot, 1});
    if (m_scopeDepth)
        m_scopes[m_scopeDepth - 1].push_back({name, prev});
}

void Parser::pushScope()
{
    // Logs are reused by depth (every for/if/reduce body opens a scope).
    if (m_scopes.size() == m_scopeDepth)
        m_scopes.emplace_back();
    m_scopes[m_scopeDepth++].clear();
}

void Parser::popScope()
{
    auto& log = m_scopes[--m_scopeDepth];
    for (auto it = log.rbegin(); it != log.rend(); ++it)
        m_values.set(it->first, it->second);
}

Value* Parser::parseValueUse()
{
    skipWs();
    // The printers' names, %N without a result index: read and looked up in one pass. What
    // is not exactly that (a name, an index, an unknown number) takes the path below.
    if (m_pos < m_text.size() && m_text[m_pos] == '%') {
        const char* s = m_text.data();
        const size_t first = m_pos + 1;
        const size_t end = std::min(m_text.size(), first + ValueTable::kMaxNumericLength);
        size_t p = first, n = 0;
        for (; p < end && s[p] >= '0' && s[p] <= '9'; ++p)
            n = n * 10 + size_t(s[p] - '0');
        if (p > first && (p == m_text.size() || (!charIs(s[p], kSuffix) && s[p] != '#')))
            if (const Binding* b = m_values.findNumber(n); b && b->count > 0) {
                m_pos = p;
                return b->values[0];
            }
    }
    int line = m_line, col = column();
    if (!consume('%')) {
        error("expected an SSA value such as %0");
        return newValue(unknownType(), {});
    }
    std::string_view name = suffixId();
    int64_t index = 0;
    bool hasIndex = false;
    if (m_pos < m_text.size() && m_text[m_pos] == '#') {
        ++m_pos;
        hasIndex = parseInteger(index);
    }
    const Binding* b = m_values.find(name);
    if (!b) {
        errorAt(line, col, "use of undefined value '%" + std::string(name) + "'");
        return newValue(unknownType(), name);
    }
    if (index < 0 || uint64_t(index) >= b->count) {
        errorAt(line, col,
                "result #" + std::to_string(index) + " of '%" + std::string(name) +
                    "' does not exist (the group has " + std::to_string(b->count) + ")");
        return newValue(unknownType(), name);
    }
    (void)hasIndex;
    return b->values[index];
}

bool Parser::isDefaultAttr(OpName name, const NamedAttribute& a)
{
    std::string_view m = name.mnemonic();
    const Attribute* v = a.value;
    if (!name.isCudaTile() || !v)
        return false;
    if (a.name == "rounding_mode" && v->kind == AttrKind::Enum) {
        // maxf/minf take no rounding: whatever is written there is kept for checklist M10.
        if (m == "maxf" || m == "minf")
            return false;
        std::string_view def = (m == "exp" || m == "tanh") ? "full"
                               : m == "divi"               ? "zero"
                               : m == "ftoi"               ? "nearest_int_to_zero"
                                                           : "nearest_even";
        return v->text == def;
    }
    if (a.name == "overflow" && v->kind == AttrKind::Enum)
        return v->text == "none";
    if (m == "global" && a.name == "sym_visibility" && v->kind == AttrKind::Enum)
        return v->text == "public";
    if (m == "global" && a.name == "alignment" && v->kind == AttrKind::Integer)
        return v->intValue == 0;
    return false;
}

Op* Parser::finishOp(OpName name, std::vector<Value*>& operands, std::vector<NamedAttribute>& attrs,
                     std::vector<Region*>& regions, const Type* const* resultTypes, size_t nResults)
{
    for (NamedAttribute& a : attrs)
        a.value = normalizeAttr(a.name, a.value);
    // Default-valued attributes are dropped (printers differ on writing them;
    // tile-ir.md §5.3 item 5), so `addf` and `addf rounding<nearest_even>` are one model.
    attrs.erase(std::remove_if(attrs.begin(), attrs.end(),
                               [&](const NamedAttribute& a) { return isDefaultAttr(name, a); }),
                attrs.end());
    sortByName(attrs.begin(), attrs.end());
    // One arena allocation per op for the op, its arrays and results (all 8-byte aligned):
    // fewer calls, and an op's data stays together.
    size_t nOps = operands.size(), nAttrs = attrs.size(), nRegions = regions.size();
    if (std::max({nOps, nAttrs, nRegions, nResults}) > Op::kMaxArray) {
        error("operation '" + std::string(name.full()) + "' has more than " +
              std::to_string(Op::kMaxArray) + " operands, results, attributes or regions");
        nOps = std::min(nOps, Op::kMaxArray);
        nAttrs = std::min(nAttrs, Op::kMaxArray);
        nRegions = std::min(nRegions, Op::kMaxArray);
        nResults = std::min(nResults, Op::kMaxArray);
    }
    static_assert(alignof(Op) == 8 && alignof(Value) == 8 && alignof(NamedAttribute) == 8,
                  "carved from one 8-byte aligned block");
    const size_t arrayBytes = detail::OpArrays::bytesFor(nResults, nOps, nAttrs, nRegions);
    const size_t bytes = sizeof(Op) + arrayBytes + nResults * sizeof(Value);
    char* p = static_cast<char*>(arena().allocate(bytes, 8));
    Op* op = new (p) Op();
    p += sizeof(Op);
    op->name = name;
    detail::OpArrays* a = op->placeArrays(p, nResults, nOps, nAttrs, nRegions);
    p += arrayBytes;
    if (nAttrs)
        std::memcpy(static_cast<void*>(a->attributeData()), attrs.data(),
                    nAttrs * sizeof(NamedAttribute));
    if (nOps)
        std::memcpy(static_cast<void*>(a->operandData()), operands.data(), nOps * sizeof(Value*));
    if (nRegions) {
        std::memcpy(static_cast<void*>(a->regionData()), regions.data(),
                    nRegions * sizeof(Region*));
        for (Region* r : regions)
            r->parentOp = op;
    }
    Value** res = a->resultData();
    for (size_t i = 0; i < nResults; ++i) {
        Value* v = new (p) Value();
        p += sizeof(Value);
        v->type = resultTypes ? resultTypes[i] : unknownType();
        v->definingOp = op;
        v->index = uint32_t(i);
        res[i] = v;
    }
    op->loc = unknownLocation();
    return op;
}

void Parser::setWrittenTypes(Op* op, Span<const Type* const> types)
{
    if (types.size() > Op::kMaxArray)
        error("operation '" + std::string(op->name.full()) + "' writes more than " +
              std::to_string(Op::kMaxArray) + " operand types");
    op->setWrittenOperandTypes(types);
}

// Binds `%a, %b:2 = ...` names to the op's results; reports count mismatches.
void Parser::bindResults(Op* op, std::vector<std::pair<std::string_view, unsigned>>& defs,
                         std::vector<const Type*>&)
{
    size_t k = 0;
    for (auto& d : defs) {
        if (k + d.second > op->results.size())
            break;
        op->results[k]->sourceName = ValueName::copy(arena(), d.first);
        Binding prev = m_values.set(d.first, Binding{op->results.data() + k, d.second});
        if (m_scopeDepth)
            m_scopes[m_scopeDepth - 1].push_back({d.first, prev});
        k += d.second;
    }
}

Span<const Type* const> Parser::typeList(const std::vector<const Type*>& types)
{
    if (types.size() != 1)
        return arena().copy(types);
    // One-type lists repeat on most ops: share one arena slot per type (a
    // direct-mapped cache in front of the map: most ops hit it).
    SingleTypeList& hit = m_singleTypeCache[(reinterpret_cast<uintptr_t>(types[0]) >> 4) & 63];
    if (hit.type != types[0]) {
        const Type* const*& slot = m_singleTypeLists[types[0]];
        if (!slot)
            slot = arena().copy(types).data();
        hit = {types[0], slot};
    }
    return Span<const Type* const>(hit.slot, 1);
}

Op* Parser::makeImplicitTerminator(std::string_view name, Block* b)
{
    std::vector<Value*> none;
    std::vector<NamedAttribute> noAttrs;
    std::vector<Region*> noRegions;
    Op* op = finishOp(OpName::get(name), none, noAttrs, noRegions, nullptr, 0);
    op->implicitTerminator = true;
    op->parentBlock = b;
    return op;
}

Region* Parser::parseRegion(const std::vector<Value*>& entryArgs, Op* parent, bool isolated)
{
    int openLine = m_line, openCol = column();
    if (!consume('{')) {
        error("expected '{' to open a region");
        return nullptr;
    }
    enter();
    // An isolated region (function body) sees none of the outer names: it gets
    // an empty table from the pool (which keeps its capacity between functions;
    // it is cleared on exit).
    ValueTable saved;
    if (isolated) {
        if (!m_tablePool.empty()) {
            saved.swap(m_tablePool.back());
            m_tablePool.pop_back();
        }
        saved.swap(m_values);
    }
    pushScope();
    Region* region = arena().make<Region>();
    region->parentOp = parent;
    std::vector<Block*> blocks;
    // The op list of each region nesting level is reused (a function body
    // would otherwise regrow a fresh vector op by op).
    struct Level
    {
        size_t& l;
        explicit Level(size_t& x) : l(x) { ++l; }
        ~Level() { --l; }
    } level(m_regionLevel);
    while (m_regionOps.size() < m_regionLevel)
        m_regionOps.push_back(std::make_unique<std::vector<Op*>>());
    std::vector<Op*>& ops = *m_regionOps[m_regionLevel - 1];
    ops.clear();
    std::vector<Value*> args = entryArgs;
    std::vector<const Location*> argLocs; // of a labelled block's arguments
    std::string_view label;
    for (size_t i = 0; i < args.size(); ++i)
        if (!args[i]->sourceName.empty())
            defineValue(args[i]->sourceName, args[i]);
    auto flush = [&](bool force) {
        if (!force && ops.empty() && args.empty() && label.empty())
            return;
        Block* b = arena().make<Block>();
        b->label = label;
        b->parentRegion = region;
        if (args.size() > Block::kMaxArguments)
            errorAt(openLine, openCol,
                    "a block of this region has " + std::to_string(args.size()) +
                        " arguments; at most " + std::to_string(Block::kMaxArguments) +
                        " are supported");
        if (std::any_of(argLocs.begin(), argLocs.end(), [](const Location* l) { return l; }))
            b->argumentLocs = arena().copy(argLocs);
        for (size_t i = 0; i < args.size(); ++i) {
            args[i]->ownerBlock = b;
            args[i]->index = uint32_t(i);
        }
        b->arguments = Span<Value* const>(arena().copy(args).data(), args.size());
        for (Op* op : ops)
            op->parentBlock = b;
        b->ops = Span<Op* const>(arena().copy(ops).data(), ops.size());
        blocks.push_back(b);
        ops.clear();
        args.clear();
        argLocs.clear();
        label = {};
    };
    for (;;) {
        char c = peek();
        if (c == '}' || c == '\0')
            break;
        if (c == '^') {
            flush(false);
            ++m_pos;
            label = keep(suffixId());
            if (consume('('))
                parseBlockArgs(args, true, &argLocs);
            expect(':', "after the block label");
            continue;
        }
        m_opts.cancel.poll(m_cancelPolls);
        int errorsBefore = m_errors;
        int opLine = m_line;
        size_t before = m_pos;
        Op* op = parseOperation();
        if (op)
            ops.push_back(op);
        if (m_errors != errorsBefore || m_pos == before) {
            // Recover at the next line so one bad op does not hide later errors.
            if (m_line == opLine || m_pos == before)
                skipToLineEnd();
        }
    }
    flush(false); // an empty region `{}` has no block
    region->blocks = Span<Block* const>(arena().copy(blocks).data(), blocks.size());
    if (!consume('}'))
        errorAt(m_line, column(),
                "expected '}' to close the region opened at line " + std::to_string(openLine) +
                    ":" + std::to_string(openCol));
    if (isolated) { // the table is dropped: clearing beats undoing name by name
        --m_scopeDepth;
        m_values.clear();
        m_values.swap(saved);
        m_tablePool.push_back(std::move(saved));
    } else {
        popScope();
    }
    leave();
    return region;
}

Op* Parser::parseOperation()
{
    skipWs();
    int line = m_line, col = column();
    size_t start = m_pos;
    struct Level
    {
        size_t& l;
        explicit Level(size_t& x) : l(x) { ++l; }
        ~Level() { --l; }
    } level(m_opLevel);
    std::vector<std::pair<std::string_view, unsigned>>& defs = opScratch(m_opLevel).defs;
    defs.clear();
    if (peek() == '%') {
        do {
            if (!consume('%')) {
                error("expected a result name");
                return nullptr;
            }
            std::string_view n = suffixId();
            int64_t count = 1;
            if (m_pos < m_text.size() && m_text[m_pos] == ':' && peekAt(1) >= '0' &&
                peekAt(1) <= '9') {
                ++m_pos;
                parseInteger(count);
                if (count < 1 || count > 1 << 20) {
                    error("invalid result group size");
                    count = 1;
                }
            }
            defs.push_back({n, unsigned(count)});
        } while (consume(','));
        if (!consume('=')) {
            error("expected '=' after the result names");
            return nullptr;
        }
    }
    if (peek() == '"')
        return parseGenericOp(defs, line, col, start);
    std::string_view name = identifier();
    OpName opName;
    if (const OpName* cached = m_opNames.find(name)) {
        opName = *cached;
    } else if (!name.empty()) {
        opName = OpName::get(name);
        m_opNames.insert(name, opName);
    }
    if (name.empty()) {
        error(peek() == '\0' ? "unexpected end of input; expected an operation"
                             : std::string("expected an operation name, found '") + peek() + "'");
        return nullptr;
    }
    return parseCustomOp(opName, defs, line, col, start);
}

Op* Parser::parseGenericOp(std::vector<std::pair<std::string_view, unsigned>>& defs, int line,
                           int col, size_t start)
{
    noteSyntax(Syntax::Generic);
    std::string nameStr;
    quotedName(nameStr, "operation name");
    OpName name = OpName::get(nameStr);
    if (!name.isKnown())
        warningAt(line, col, "unknown operation '" + nameStr + "' kept generically");
    OpScratch& scratch = opScratch(m_opLevel);
    std::vector<Value*>& operands = scratch.operands;
    std::vector<NamedAttribute>& attrs = scratch.attrs;
    std::vector<Region*>& regions = scratch.regions;
    operands.clear();
    attrs.clear();
    regions.clear();
    expect('(', "after the generic op name");
    if (!consume(')')) {
        do
            operands.push_back(parseValueUse());
        while (consume(','));
        expect(')', "to close the operand list");
    }
    if (peek() == '[') { // successors: not used by Tile IR; skip
        skipBalanced();
        warning("block successors are ignored");
    }
    if (consume("<{")) {
        m_pos -= 1; // parseDictionary wants '{'
        parseDictionary(attrs);
        expect('>', "to close the properties '<{ ... }>'");
    }
    bool isolated = name.is("entry") || name.is("testing$func");
    if (peek() == '(' && peekAt(1) != ')') {
        size_t save = m_pos;
        ++m_pos;
        if (peek() == '{') {
            do {
                std::vector<Value*> none;
                if (Region* r = parseRegion(none, nullptr, isolated))
                    regions.push_back(r);
            } while (consume(','));
            expect(')', "to close the region list");
        } else {
            m_pos = save;
        }
    }
    if (peek() == '{')
        parseDictionary(attrs);
    std::vector<const Type*> results;
    const Span<const Type* const>* writtenInputs = nullptr; // the signature's input types
    if (consume(':')) {
        const Type* ft = parseType();
        if (ft->kind == TypeKind::Function) {
            if (!ft->inputs.empty())
                writtenInputs = &ft->inputs;
            results.assign(ft->results.begin(), ft->results.end());
            for (size_t i = 0; i < operands.size() && i < ft->inputs.size(); ++i)
                if (operands[i]->type->kind == TypeKind::Opaque &&
                    operands[i]->type != ft->inputs[i])
                    operands[i]->type = operands[i]->type; // types come from definitions
        } else {
            error("expected a function type such as (T) -> T after ':'");
        }
    } else {
        error("expected ':' and the function type of the generic operation");
    }
    for (auto it = attrs.begin(); it != attrs.end();)
        it = (it->name == "operandSegmentSizes" || it->name == "operand_segment_sizes")
                 ? attrs.erase(it)
                 : it + 1;
    size_t declared = 0;
    for (auto& d : defs)
        declared += d.second;
    if (!defs.empty() && declared != results.size())
        errorAt(line, col,
                "operation defines " + std::to_string(declared) + " results but its type has " +
                    std::to_string(results.size()));
    Op* op = finishOp(name, operands, attrs, regions, results.data(), results.size());
    if (writtenInputs)
        setWrittenTypes(op, *writtenInputs);
    bindResults(op, defs, results);
    if (const Location* l = parseTrailingLoc())
        op->loc = l;
    setRange(op->range, line, col, start);
    return op;
}

} // namespace tilelens::ir::detail
