// Function bodies, regions and instructions (tile-ir.md §4.7–4.9).
#include "ir/bytecode/InstructionReader.h"

#include "ir/Block.h"
#include "ir/OpInfo.h"
#include "ir/Region.h"
#include "ir/bytecode/OpLayouts.h"

#include <algorithm>
#include <cstdio>

namespace tilelens::ir::bytecode {

namespace {

constexpr int kMaxRegionDepth = 128;

std::string hex(uint64_t v)
{
    char buf[24];
    std::snprintf(buf, sizeof buf, "0x%llX", static_cast<unsigned long long>(v));
    return buf;
}

// Every op read from bytecode has a row (its opcode's), so its id says.
bool isTerminator(const Op* op)
{
    return opInfo(op->id()).has(Terminator);
}

// An `if` else-region holding only an operand-less yield: the same as no else
// (cutile-python always writes one; the C++ writer writes an empty region).
bool isEmptyElse(const Region* r)
{
    if (r->blocks.size() != 1)
        return false;
    const Block* b = r->blocks[0];
    return b->arguments.empty() && b->ops.size() == 1 && b->ops[0]->id() == OpId::Yield &&
           b->ops[0]->operands.empty();
}

// Opcodes of the unreleased 13.4 (cutile-python dev mode): named in the error.
const char* future134(uint64_t opcode)
{
    switch (opcode) {
    case 0x76:
        return "InsertOp";
    case 0x77:
        return "GdcLaunchDependentsTkoOp";
    case 0x78:
        return "GdcWaitTkoOp";
    case 0x79:
        return "FPowIOp";
    case 0x7A:
        return "MemoryFenceAliasTkoOp";
    default:
        return nullptr;
    }
}

} // namespace

const Location* InstructionReader::nextLoc(int64_t offset)
{
    if (!m_hasDebug)
        return unknownLocation();
    size_t k = ++m_locNext; // entry 0 is the function's location
    if (k >= m_locCount)
        fail(offset, "instruction " + std::to_string(k - 1) +
                         " has no entry in the function's debug slot (it has " +
                         std::to_string(m_locCount) + ")");
    return m_ctx.debug.location(m_ctx, m_ctx.debug.ref(m_locFirst + k), offset);
}

InstructionReader::Scratch& InstructionReader::scratch()
{
    // m_depth is >= 1 inside readOp; one scratch set per nesting level.
    while (m_scratch.size() < size_t(m_depth))
        m_scratch.push_back(std::make_unique<Scratch>());
    Scratch& s = *m_scratch[size_t(m_depth) - 1];
    s.resultTypes.clear();
    s.hidden.clear();
    s.attrs.clear();
    s.operands.clear();
    s.results.clear();
    s.regions.clear();
    return s;
}

Value* InstructionReader::operand(ByteCursor& c)
{
    int64_t at = int64_t(c.pos());
    uint64_t i = c.varint("operand index");
    if (i >= m_values.size())
        fail(at, "operand refers to value #" + std::to_string(i) + " but only " +
                     std::to_string(m_values.size()) + " values are defined at this point");
    return m_values[size_t(i)];
}

void InstructionReader::checkTerminator(const std::vector<Op*>& ops, int64_t offset)
{
    if (ops.empty())
        fail(offset, "a block is empty (it needs at least a terminator)");
    if (!isTerminator(ops.back()))
        fail(offset, "a block does not end with a terminator (its last op is '" +
                         std::string(ops.back()->name.mnemonic()) + "')");
}

Block* InstructionReader::makeBlock(const std::vector<Value*>& args, const std::vector<Op*>& ops,
                                    Region* parent, int64_t offset)
{
    if (args.size() > Block::kMaxArguments)
        fail(offset, "a block has " + std::to_string(args.size()) + " arguments; at most " +
                         std::to_string(Block::kMaxArguments) + " are supported");
    Arena& arena = m_ctx.model.arena();
    Block* b = arena.make<Block>();
    b->parentRegion = parent;
    for (size_t i = 0; i < args.size(); ++i) {
        args[i]->ownerBlock = b;
        args[i]->index = uint32_t(i);
    }
    b->arguments = Span<Value* const>(arena.copy(args).data(), args.size());
    for (Op* op : ops)
        op->parentBlock = b;
    b->ops = Span<Op* const>(arena.copy(ops).data(), ops.size());
    return b;
}

Region* InstructionReader::readRegion(ByteCursor& c)
{
    Region* region = m_ctx.model.arena().make<Region>();
    uint64_t nBlocks = c.count("block count");
    std::vector<Block*> blocks;
    for (uint64_t bi = 0; bi < nBlocks; ++bi) {
        int64_t blockAt = int64_t(c.pos());
        size_t mark = m_values.size();
        uint64_t nArgs = c.count("block argument count");
        std::vector<Value*> args;
        for (uint64_t i = 0; i < nArgs; ++i) {
            int64_t o = int64_t(c.pos());
            Value* v = m_ctx.model.arena().make<Value>();
            v->type = m_ctx.types.get(m_ctx, c.varint("block argument type"), o);
            args.push_back(v);
            m_values.push_back(v);
        }
        uint64_t nOps = c.count("block op count");
        std::vector<Op*> ops;
        for (uint64_t i = 0; i < nOps; ++i) {
            m_ctx.cancel.poll(m_ctx.cancelPolls);
            ops.push_back(readOp(c));
        }
        checkTerminator(ops, blockAt);
        blocks.push_back(makeBlock(args, ops, region, blockAt));
        m_values.resize(mark);
    }
    region->blocks = Span<Block* const>(m_ctx.model.arena().copy(blocks).data(), blocks.size());
    return region;
}

Op* InstructionReader::readOp(ByteCursor& c)
{
    const int64_t at = int64_t(c.pos());
    if (++m_depth > kMaxRegionDepth)
        fail(at,
             "regions are nested more than " + std::to_string(kMaxRegionDepth) + " levels deep");
    struct DepthGuard
    {
        int& d;
        ~DepthGuard() { --d; }
    } guard{m_depth};
    ++m_ctx.instructions;
    const OpLayout& layout = readOpcode(c, at);
    const Location* loc = nextLoc(at);
    OpState st{layout, scratch()};
    for (const LayoutStep& s : layout.steps)
        readStep(s, c, st);
    return makeOp(st, loc, at, int64_t(c.pos()));
}

const OpLayout& InstructionReader::readOpcode(ByteCursor& c, int64_t at) const
{
    const uint64_t opcode = c.varint("opcode");
    if (opcode > maxOpcode(m_ctx.version.minor)) {
        std::string what = hex(opcode);
        if (const OpLayout* l = opLayout(opcode))
            what += " (" + l->mnemonic + ", since 13." + std::to_string(l->sinceMinor) + ")";
        else if (const char* f = future134(opcode))
            what += std::string(" (") + f + " of the unreleased 13.4)";
        fail(at, "opcode " + what + " is not valid in a bytecode " + m_ctx.versionText() + " file");
    }
    const OpLayout* layout = opLayout(opcode);
    if (!layout)
        fail(at, "unknown opcode " + hex(opcode));
    return *layout;
}

void InstructionReader::readStep(const LayoutStep& s, ByteCursor& c, OpState& st)
{
    const int64_t here = int64_t(c.pos());
    const bool versionOk = m_ctx.version.minor >= s.minMinor;
    const bool flagged = s.flagBit < 0 || ((st.flags >> s.flagBit) & 1);
    Scratch& sc = st.sc;
    switch (s.kind) {
    case StepKind::ResultCount:
        st.nResults = c.count("result count", 0);
        if (st.nResults > c.remaining())
            fail(here, "result count " + std::to_string(st.nResults) + " exceeds the data left");
        st.haveCount = true;
        break;
    case StepKind::ResultType:
        if (!versionOk) { // e.g. print_tko's token before 13.2
            sc.resultTypes.push_back(m_ctx.model.token());
            sc.hidden.push_back(true);
        } else {
            sc.resultTypes.push_back(m_ctx.types.get(m_ctx, c.varint("result type"), here));
            sc.hidden.push_back(false);
        }
        break;
    case StepKind::ResultTypes:
        for (uint64_t i = 0; i < st.nResults; ++i) {
            const int64_t o = int64_t(c.pos());
            sc.resultTypes.push_back(m_ctx.types.get(m_ctx, c.varint("result type"), o));
            sc.hidden.push_back(false);
        }
        break;
    case StepKind::Flags:
        if (versionOk)
            st.flags = c.varint("flags");
        break;
    case StepKind::Attr:
        // An attribute newer than the file takes the ODS default, which the model omits.
        if (flagged && versionOk)
            if (const Attribute* a = readAttr(s, st, c, here))
                sc.attrs.push_back({s.name, a});
        break;
    case StepKind::Operand:
        sc.operands.push_back(operand(c));
        break;
    case StepKind::OperandGroup:
    case StepKind::AllOperands: {
        const uint64_t n = c.count("operand count");
        for (uint64_t i = 0; i < n; ++i)
            sc.operands.push_back(operand(c));
        break;
    }
    case StepKind::OptOperand:
        if (flagged)
            sc.operands.push_back(operand(c));
        break;
    case StepKind::Regions:
        readRegions(s, c, st, here);
        break;
    }
}

void InstructionReader::readRegions(const LayoutStep& s, ByteCursor& c, OpState& st, int64_t here)
{
    const uint64_t n = c.varint("region count");
    if (n != uint64_t(s.count))
        fail(here, st.layout.mnemonic + " has " + std::to_string(n) + " regions; expected " +
                       std::to_string(s.count));
    std::vector<Region*>& regions = st.sc.regions;
    for (int i = 0; i < s.count; ++i)
        regions.push_back(readRegion(c));
    if (st.layout.opcode == 0x32 && isEmptyElse(regions.back()))
        regions.back()->blocks = {}; // printers drop it; the text model has no block there
}

// The attribute a step stores; null where the model omits it (an enum's default, empty hints).
const Attribute* InstructionReader::readAttr(const LayoutStep& s, const OpState& st, ByteCursor& c,
                                             int64_t here)
{
    ModelFactory& model = m_ctx.model;
    switch (s.attr) {
    case AttrCode::Unit:
        return model.unit();
    case AttrCode::Enum: {
        const uint64_t v = c.varint("enum value");
        const std::vector<const char*>* kws = s.keywords;
        if (!kws || v >= kws->size())
            fail(here, "invalid value " + std::to_string(v) + " for attribute '" + s.name +
                           "' of " + st.layout.mnemonic);
        return int64_t(v) != s.defaultValue ? model.enumAttr(s.category, (*kws)[v]) : nullptr;
    }
    case AttrCode::I32: {
        const uint64_t v = c.varint("i32 attribute");
        if (v > 0xFFFFFFFFu)
            fail(here,
                 "attribute '" + s.name + "' value " + std::to_string(v) + " does not fit i32");
        return model.integer(int64_t(int32_t(uint32_t(v))), model.i32());
    }
    case AttrCode::I64:
        return model.integer(int64_t(c.varint("i64 attribute")), model.i64());
    case AttrCode::Bool: {
        Attribute b;
        b.kind = AttrKind::Bool;
        b.intValue = c.u8("boolean attribute") != 0;
        return model.make(b);
    }
    case AttrCode::Str:
        return model.string(m_ctx.strings.get(c.varint("string attribute"), here));
    case AttrCode::Sym: {
        Attribute b;
        b.kind = AttrKind::SymbolRef;
        b.text = model.arena().copyString(
            m_ctx.strings.name(c.varint("symbol name"), here, "symbol name"));
        return model.make(b);
    }
    case AttrCode::Const:
        if (st.sc.resultTypes.empty())
            fail(here, "a constant value needs a result type");
        return m_ctx.constants.get(m_ctx, c.varint("constant index"), st.sc.resultTypes[0], here);
    case AttrCode::I32Array:
        return readI32Array(c, here);
    case AttrCode::AttrArray:
        return readAttrArray(s, c);
    case AttrCode::Hints: {
        const Attribute* h = readHints(m_ctx, c);
        return h->entries.empty() ? nullptr : h; // `<>` is dropped by the printers
    }
    case AttrCode::Predicate: {
        const Attribute* a = readSelfContained(m_ctx, c);
        if (a->kind != AttrKind::DivBy && a->kind != AttrKind::SameElements &&
            a->kind != AttrKind::Bounded)
            fail(here, "the predicate of assume must be div_by, same_elements or bounded");
        return a;
    }
    }
    return nullptr;
}

const Attribute* InstructionReader::readI32Array(ByteCursor& c, int64_t here)
{
    const uint64_t n = c.count("array size", 4);
    std::vector<int64_t> v(n);
    for (uint64_t i = 0; i < n; ++i) {
        const int64_t x = int32_t(uint32_t(c.fixed(4, "array element")));
        if (x == INT32_MAX || x == INT32_MIN)
            fail(here, "array contains unsupported value " + std::to_string(x));
        v[i] = x;
    }
    Attribute b;
    b.kind = AttrKind::Array;
    b.category = "i32";
    b.intList = m_ctx.model.arena().copy(v);
    return m_ctx.model.make(b);
}

const Attribute* InstructionReader::readAttrArray(const LayoutStep& s, ByteCursor& c)
{
    const uint64_t n = c.count("array size");
    std::vector<const Attribute*> elems;
    for (uint64_t i = 0; i < n; ++i) {
        const int64_t o = int64_t(c.pos());
        const Attribute* e = readSelfContained(m_ctx, c);
        if (e->kind != AttrKind::Integer && e->kind != AttrKind::Float && e->kind != AttrKind::Bool)
            fail(o, "element " + std::to_string(i) + " of '" + s.name +
                        "' is not a typed integer or float attribute");
        elems.push_back(e);
    }
    Attribute b;
    b.kind = AttrKind::Array;
    b.elements = m_ctx.model.arena().copy(elems);
    return m_ctx.model.make(b);
}

// The op of what the steps read (bytes [at, end) of the body); its results get value indices.
Op* InstructionReader::makeOp(OpState& st, const Location* loc, int64_t at, int64_t end)
{
    Scratch& sc = st.sc;
    const OpLayout& layout = st.layout;
    const size_t serialized = size_t(std::count(sc.hidden.begin(), sc.hidden.end(), false));
    if (st.haveCount && serialized != st.nResults)
        fail(at, layout.mnemonic + " declares " + std::to_string(st.nResults) +
                     " results but this version stores " + std::to_string(serialized));
    Arena& arena = m_ctx.model.arena();
    Op* op = arena.make<Op>();
    op->name = layout.name;
    std::stable_sort(
        sc.attrs.begin(), sc.attrs.end(),
        [](const NamedAttribute& x, const NamedAttribute& y) { return x.name < y.name; });
    if (std::max({sc.attrs.size(), sc.operands.size(), sc.regions.size(), sc.resultTypes.size()}) >
        Op::kMaxArray)
        fail(at, layout.mnemonic + " has more than " + std::to_string(Op::kMaxArray) +
                     " operands, results, attributes or regions");
    for (Region* r : sc.regions)
        r->parentOp = op;
    for (size_t i = 0; i < sc.resultTypes.size(); ++i) {
        Value* v = arena.make<Value>();
        v->type = sc.resultTypes[i];
        v->definingOp = op;
        v->index = uint32_t(i);
        sc.results.push_back(v);
        if (!sc.hidden[i]) // synthesized results (newer than the file) get no value index
            m_values.push_back(v);
    }
    // Attribute names point into the immortal layout table.
    op->setArrays(arena, Span<Value* const>(sc.results.data(), sc.results.size()),
                  Span<Value* const>(sc.operands.data(), sc.operands.size()),
                  Span<const NamedAttribute>(sc.attrs.data(), sc.attrs.size()),
                  Span<Region* const>(sc.regions.data(), sc.regions.size()));
    op->loc = loc;
    op->range.beginOffset = int32_t(at);
    op->range.endOffset = int32_t(end);
    return op;
}

Function* InstructionReader::readFunction(const FunctionHeader& h)
{
    Arena& arena = m_ctx.model.arena();
    Function* f = arena.make<Function>();
    f->kind = FunctionKind::Entry;
    f->opName = OpName::get("entry");
    f->name = arena.copyString(h.name);
    f->argumentTypes = h.signature->inputs;
    f->resultTypes = h.signature->results;
    std::vector<const Attribute*> noAttrs(h.signature->inputs.size(), nullptr);
    f->argumentAttrs = Span<const Attribute* const>(arena.copy(noAttrs).data(), noAttrs.size());
    if (h.hints && !h.hints->entries.empty()) {
        f->optimizationHints = h.hints;
        NamedAttribute na{"optimization_hints", h.hints};
        f->attributes = arena.copy(&na, 1);
    }
    f->loc = unknownLocation();
    m_hasDebug = false;
    m_locNext = 0;
    if (h.debugSlot != 0) {
        if (!m_ctx.debug.slotRefs(h.debugSlot, m_locFirst, m_locCount))
            fail(h.headerOffset, "function '" + std::string(h.name) + "' uses debug slot " +
                                     std::to_string(h.debugSlot) + ", which does not exist");
        m_hasDebug = true;
        if (m_locCount == 0)
            fail(h.headerOffset,
                 "debug slot " + std::to_string(h.debugSlot) + " has no function location");
        f->loc = m_ctx.debug.location(m_ctx, m_ctx.debug.ref(m_locFirst), h.headerOffset);
    }
    m_values.clear();
    std::vector<Value*> args;
    for (const Type* t : h.signature->inputs) {
        Value* v = arena.make<Value>();
        v->type = t;
        args.push_back(v);
        m_values.push_back(v);
    }
    ByteCursor c(m_ctx.file, h.bodyBegin, h.bodyEnd);
    std::vector<Op*> ops;
    while (!c.atEnd())
        ops.push_back(readOp(c));
    checkTerminator(ops, int64_t(h.bodyBegin));
    Region* body = arena.make<Region>();
    Block* b = makeBlock(args, ops, body, int64_t(h.headerOffset));
    body->blocks = Span<Block* const>(arena.copy(&b, 1).data(), 1);
    f->body = body;
    f->range.beginOffset = int32_t(h.headerOffset);
    f->range.endOffset = int32_t(h.bodyEnd);
    return f;
}

} // namespace tilelens::ir::bytecode
