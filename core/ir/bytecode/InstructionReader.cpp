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
    int64_t at = int64_t(c.pos());
    if (++m_depth > kMaxRegionDepth)
        fail(at,
             "regions are nested more than " + std::to_string(kMaxRegionDepth) + " levels deep");
    struct DepthGuard
    {
        int& d;
        ~DepthGuard() { --d; }
    } guard{m_depth};
    ++m_ctx.instructions;
    uint64_t opcode = c.varint("opcode");
    const int minor = m_ctx.version.minor;
    if (opcode > maxOpcode(minor)) {
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
    const Location* loc = nextLoc(at);
    ModelFactory& model = m_ctx.model;
    Arena& arena = model.arena();

    uint64_t nResults = 0;
    bool haveCount = false;
    uint64_t flags = 0;
    Scratch& sc = scratch();
    std::vector<const Type*>& resultTypes = sc.resultTypes;
    std::vector<bool>& hidden =
        sc.hidden; // synthesized results (newer than the file) get no value index
    std::vector<NamedAttribute>& attrs = sc.attrs;
    std::vector<Value*>& operands = sc.operands;
    std::vector<Region*>& regions = sc.regions;
    std::vector<Value*>& results = sc.results;

    for (const LayoutStep& s : layout->steps) {
        int64_t here = int64_t(c.pos());
        bool versionOk = minor >= s.minMinor;
        bool flagged = s.flagBit < 0 || ((flags >> s.flagBit) & 1);
        switch (s.kind) {
        case StepKind::ResultCount:
            nResults = c.count("result count", 0);
            if (nResults > c.remaining())
                fail(here, "result count " + std::to_string(nResults) + " exceeds the data left");
            haveCount = true;
            break;
        case StepKind::ResultType:
            if (!versionOk) { // e.g. print_tko's token before 13.2
                resultTypes.push_back(model.token());
                hidden.push_back(true);
            } else {
                resultTypes.push_back(m_ctx.types.get(m_ctx, c.varint("result type"), here));
                hidden.push_back(false);
            }
            break;
        case StepKind::ResultTypes:
            for (uint64_t i = 0; i < nResults; ++i) {
                int64_t o = int64_t(c.pos());
                resultTypes.push_back(m_ctx.types.get(m_ctx, c.varint("result type"), o));
                hidden.push_back(false);
            }
            break;
        case StepKind::Flags:
            if (versionOk)
                flags = c.varint("flags");
            break;
        case StepKind::Attr: {
            if (!flagged)
                break;
            if (!versionOk)
                break; // newer than the file: the ODS default, which the model omits
            const Attribute* a = nullptr;
            switch (s.attr) {
            case AttrCode::Unit:
                a = model.unit();
                break;
            case AttrCode::Enum: {
                uint64_t v = c.varint("enum value");
                const std::vector<const char*>* kws = s.keywords;
                if (!kws || v >= kws->size())
                    fail(here, "invalid value " + std::to_string(v) + " for attribute '" + s.name +
                                   "' of " + layout->mnemonic);
                if (int64_t(v) != s.defaultValue)
                    a = model.enumAttr(s.category, (*kws)[v]);
                break;
            }
            case AttrCode::I32: {
                uint64_t v = c.varint("i32 attribute");
                if (v > 0xFFFFFFFFu)
                    fail(here, "attribute '" + s.name + "' value " + std::to_string(v) +
                                   " does not fit i32");
                a = model.integer(int64_t(int32_t(uint32_t(v))), model.i32());
                break;
            }
            case AttrCode::I64:
                a = model.integer(int64_t(c.varint("i64 attribute")), model.i64());
                break;
            case AttrCode::Bool: {
                Attribute b;
                b.kind = AttrKind::Bool;
                b.intValue = c.u8("boolean attribute") != 0;
                a = model.make(b);
                break;
            }
            case AttrCode::Str:
                a = model.string(m_ctx.strings.get(c.varint("string attribute"), here));
                break;
            case AttrCode::Sym: {
                Attribute b;
                b.kind = AttrKind::SymbolRef;
                b.text = arena.copyString(
                    m_ctx.strings.name(c.varint("symbol name"), here, "symbol name"));
                a = model.make(b);
                break;
            }
            case AttrCode::Const:
                if (resultTypes.empty())
                    fail(here, "a constant value needs a result type");
                a = m_ctx.constants.get(m_ctx, c.varint("constant index"), resultTypes[0], here);
                break;
            case AttrCode::I32Array: {
                uint64_t n = c.count("array size", 4);
                std::vector<int64_t> v(n);
                for (uint64_t i = 0; i < n; ++i) {
                    int64_t x = int32_t(uint32_t(c.fixed(4, "array element")));
                    if (x == INT32_MAX || x == INT32_MIN)
                        fail(here, "array contains unsupported value " + std::to_string(x));
                    v[i] = x;
                }
                Attribute b;
                b.kind = AttrKind::Array;
                b.category = "i32";
                b.intList = arena.copy(v);
                a = model.make(b);
                break;
            }
            case AttrCode::AttrArray: {
                uint64_t n = c.count("array size");
                std::vector<const Attribute*> elems;
                for (uint64_t i = 0; i < n; ++i) {
                    int64_t o = int64_t(c.pos());
                    const Attribute* e = readSelfContained(m_ctx, c);
                    if (e->kind != AttrKind::Integer && e->kind != AttrKind::Float &&
                        e->kind != AttrKind::Bool)
                        fail(o, "element " + std::to_string(i) + " of '" + s.name +
                                    "' is not a typed integer or float attribute");
                    elems.push_back(e);
                }
                Attribute b;
                b.kind = AttrKind::Array;
                b.elements = arena.copy(elems);
                a = model.make(b);
                break;
            }
            case AttrCode::Hints: {
                const Attribute* h = readHints(m_ctx, c);
                if (!h->entries.empty()) // `<>` is dropped by the printers
                    a = h;
                break;
            }
            case AttrCode::Predicate: {
                a = readSelfContained(m_ctx, c);
                if (a->kind != AttrKind::DivBy && a->kind != AttrKind::SameElements &&
                    a->kind != AttrKind::Bounded)
                    fail(here, "the predicate of assume must be div_by, same_elements or bounded");
                break;
            }
            }
            if (a)
                attrs.push_back({s.name, a});
            break;
        }
        case StepKind::Operand:
            operands.push_back(operand(c));
            break;
        case StepKind::OperandGroup:
        case StepKind::AllOperands: {
            uint64_t n = c.count("operand count");
            for (uint64_t i = 0; i < n; ++i)
                operands.push_back(operand(c));
            break;
        }
        case StepKind::OptOperand:
            if (flagged)
                operands.push_back(operand(c));
            break;
        case StepKind::Regions: {
            uint64_t n = c.varint("region count");
            if (n != uint64_t(s.count))
                fail(here, layout->mnemonic + " has " + std::to_string(n) + " regions; expected " +
                               std::to_string(s.count));
            for (int i = 0; i < s.count; ++i)
                regions.push_back(readRegion(c));
            if (layout->opcode == 0x32 && isEmptyElse(regions.back()))
                regions.back()->blocks = {}; // printers drop it; the text model has no block there
            break;
        }
        }
    }
    size_t serialized = size_t(std::count(hidden.begin(), hidden.end(), false));
    if (haveCount && serialized != nResults)
        fail(at, layout->mnemonic + " declares " + std::to_string(nResults) +
                     " results but this version stores " + std::to_string(serialized));

    Op* op = arena.make<Op>();
    op->name = layout->name;
    std::stable_sort(
        attrs.begin(), attrs.end(),
        [](const NamedAttribute& x, const NamedAttribute& y) { return x.name < y.name; });
    if (std::max({attrs.size(), operands.size(), regions.size(), resultTypes.size()}) >
        Op::kMaxArray)
        fail(at, layout->mnemonic + " has more than " + std::to_string(Op::kMaxArray) +
                     " operands, results, attributes or regions");
    for (Region* r : regions)
        r->parentOp = op;
    for (size_t i = 0; i < resultTypes.size(); ++i) {
        Value* v = arena.make<Value>();
        v->type = resultTypes[i];
        v->definingOp = op;
        v->index = uint32_t(i);
        results.push_back(v);
        if (!hidden[i])
            m_values.push_back(v);
    }
    // Attribute names point into the immortal layout table.
    op->setArrays(arena, Span<Value* const>(results.data(), results.size()),
                  Span<Value* const>(operands.data(), operands.size()),
                  Span<const NamedAttribute>(attrs.data(), attrs.size()),
                  Span<Region* const>(regions.data(), regions.size()));
    op->loc = loc;
    op->range.beginOffset = int32_t(at);
    op->range.endOffset = int32_t(c.pos());
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
