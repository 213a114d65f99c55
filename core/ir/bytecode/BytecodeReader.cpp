// Container (tile-ir.md §4.2), globals (§4.6), function table (§4.7),
// producer (§4.11) and the public entry points.
#include "ir/bytecode/BytecodeReader.h"

#include "common/FileReader.h"
#include "ir/Block.h"
#include "ir/Region.h"
#include "ir/bytecode/InstructionReader.h"

#include <cstring>
#include <new>

namespace tilelens::ir {

namespace {

using namespace bytecode;

constexpr char kMagic[8] = {0x7F, 'T', 'i', 'l', 'e', 'I', 'R', 0};

enum SectionId
{
    kEnd = 0,
    kString = 1,
    kFunc = 2,
    kDebug = 3,
    kConstant = 4,
    kType = 5,
    kGlobal = 6,
    kProducer = 7,
    kSectionCount = 8
};

const char* sectionName(int id)
{
    static const char* const kNames[] = {"end",      "string", "function", "debug",
                                         "constant", "type",   "global",   "producer"};
    return id >= 0 && id < kSectionCount ? kNames[id] : "unknown";
}

// Minimum alignment the reference reader demands per section (0 = none).
size_t requiredAlignment(int id)
{
    switch (id) {
    case kString:
    case kType:
        return 4;
    case kFunc:
    case kConstant:
    case kDebug:
        return 8;
    default:
        return 0;
    }
}

struct Section
{
    bool present = false;
    size_t begin = 0, end = 0;
    int64_t headerOffset = 0;
};

class FileDecoder
{
public:
    FileDecoder(std::string_view bytes, Arena& arena, BytecodeInfo& info, CancelToken cancel)
        : m_bytes(bytes), m_ctx(bytes, arena), m_info(info)
    {
        m_ctx.cancel = std::move(cancel);
    }

    Module* run();

private:
    void readContainer();
    void readGlobals(std::vector<Op*>& out);
    void readFunctions(std::vector<Function*>& out);
    ByteCursor payload(int id) const
    {
        return ByteCursor(m_bytes, m_sections[id].begin, m_sections[id].end);
    }

    std::string_view m_bytes;
    Context m_ctx;
    BytecodeInfo& m_info;
    Section m_sections[kSectionCount];
};

void FileDecoder::readContainer()
{
    if (m_bytes.size() < 8 || std::memcmp(m_bytes.data(), kMagic, 8) != 0)
        fail(0, "not a Tile IR bytecode file (the magic bytes \\x7FTileIR\\0 are missing)");
    ByteCursor c(m_bytes, 8, m_bytes.size());
    BytecodeVersion& v = m_ctx.version;
    v.major = c.u8("version");
    v.minor = c.u8("version");
    v.tag = int(c.fixed(2, "version tag"));
    m_info.version = v;
    if (v.major != 13 || v.minor < 1 || v.minor > 3)
        fail(8, "unsupported Tile version " + v.text() +
                    ", this reader supports versions [13.1 - 13.3]");
    for (;;) {
        int64_t at = int64_t(c.pos());
        if (c.atEnd())
            fail(at, "the file ends without the end-of-sections marker (truncated?)");
        uint8_t idByte = c.u8("section id");
        int id = idByte & 0x7F;
        bool aligned = (idByte & 0x80) != 0;
        if (id >= kSectionCount)
            fail(at, "unknown section ID: " + std::to_string(id));
        m_info.sectionIds.push_back(id);
        if (id == kEnd) {
            if (aligned)
                fail(at, "the end marker must not carry an alignment");
            if (!c.atEnd())
                fail(at, "end section is not the last section (" + std::to_string(c.remaining()) +
                             " bytes follow it)");
            return;
        }
        uint64_t length = c.varint("section length");
        size_t align = 1;
        if (aligned) {
            int64_t alignAt = int64_t(c.pos());
            uint64_t a = c.varint("section alignment");
            if (a == 0 || (a & (a - 1)) || a > 4096)
                fail(alignAt, std::string(sectionName(id)) + " section alignment " +
                                  std::to_string(a) + " is not a power of two up to 4096");
            align = size_t(a);
            size_t rem = c.pos() % align;
            if (rem)
                c.bytes(align - rem, "section alignment padding");
        }
        size_t need = requiredAlignment(id);
        if (need && (!aligned || align % need != 0))
            fail(at, std::string(sectionName(id)) + " section must be aligned to a multiple of " +
                         std::to_string(need) + " bytes");
        if (length > c.remaining())
            fail(at, std::string(sectionName(id)) + " section length " + std::to_string(length) +
                         " runs past the end of the file (" + std::to_string(c.remaining()) +
                         " bytes left)");
        if (m_sections[id].present)
            fail(at, "duplicate " + std::string(sectionName(id)) + " section");
        Section& s = m_sections[id];
        s.present = true;
        s.begin = c.pos();
        s.end = c.pos() + size_t(length);
        s.headerOffset = at;
        c.seek(s.end);
    }
}

void FileDecoder::readGlobals(std::vector<Op*>& out)
{
    ByteCursor c = payload(kGlobal);
    ModelFactory& model = m_ctx.model;
    Arena& arena = model.arena();
    uint64_t n = c.count("global count", 4);
    for (uint64_t i = 0; i < n; ++i) {
        int64_t at = int64_t(c.pos());
        std::string_view name = m_ctx.strings.name(c.varint("global name"), at, "global name");
        int64_t typeAt = int64_t(c.pos());
        const Type* type = m_ctx.types.get(m_ctx, c.varint("global type"), typeAt);
        int64_t constAt = int64_t(c.pos());
        const Attribute* value =
            m_ctx.constants.get(m_ctx, c.varint("global value"), type, constAt);
        uint64_t alignment = c.varint("global alignment");
        uint64_t visibility = 0, constant = 0;
        if (m_ctx.atLeast(13, 3)) {
            int64_t o = int64_t(c.pos());
            visibility = c.varint("global visibility");
            constant = c.varint("global constant flag");
            if (visibility > 1 || constant > 1)
                fail(o, "global '" + std::string(name) +
                            "' has an invalid visibility or constant flag");
        }
        std::vector<NamedAttribute> attrs;
        if (alignment != 0)
            attrs.push_back({"alignment", model.integer(int64_t(alignment), model.number("i64"))});
        if (constant)
            attrs.push_back({"constant", model.unit()});
        attrs.push_back({"sym_name", model.string(name)});
        if (visibility)
            attrs.push_back({"sym_visibility", model.enumAttr("symbol_visibility", "private")});
        attrs.push_back({"value", value});
        Op* op = arena.make<Op>();
        op->name = OpName::get("global");
        op->setArrays(arena, {}, {}, Span<const NamedAttribute>(attrs.data(), attrs.size()),
                      {}); // attributes already sorted by name
        op->loc = unknownLocation();
        op->range.beginOffset = int32_t(at);
        op->range.endOffset = int32_t(c.pos());
        out.push_back(op);
    }
}

void FileDecoder::readFunctions(std::vector<Function*>& out)
{
    ByteCursor c = payload(kFunc);
    uint64_t n = c.count("function count", 5);
    InstructionReader reader(m_ctx);
    for (uint64_t i = 0; i < n; ++i) {
        m_ctx.cancel.throwIfCancelled();
        FunctionHeader h;
        h.headerOffset = int64_t(c.pos());
        h.name = m_ctx.strings.name(c.varint("function name"), h.headerOffset, "function name");
        int64_t sigAt = int64_t(c.pos());
        h.signature = m_ctx.types.get(m_ctx, c.varint("function signature"), sigAt);
        if (h.signature->kind != TypeKind::Function)
            fail(sigAt, "the signature of function '" + std::string(h.name) +
                            "' is not a function type but '" + h.signature->canonical() + "'");
        int64_t flagsAt = int64_t(c.pos());
        uint8_t flags = c.u8("function flags");
        h.debugSlot = c.varint("debug slot");
        if (!(flags & 2))
            fail(flagsAt, "function '" + std::string(h.name) +
                              "' is not a kernel (entry); this reader, like the reference one, "
                              "reads kernels only");
        if (flags & 4) {
            int64_t o = int64_t(c.pos());
            h.hints = readSelfContained(m_ctx, c);
            if (h.hints->kind != AttrKind::OptimizationHints)
                fail(o, "the optimization hints of function '" + std::string(h.name) +
                            "' have the wrong kind");
        }
        int64_t lenAt = int64_t(c.pos());
        uint64_t len = c.varint("function body length");
        if (len > c.remaining())
            fail(lenAt, "the body of function '" + std::string(h.name) + "' (" +
                            std::to_string(len) + " bytes) runs past the function section");
        h.bodyBegin = c.pos();
        h.bodyEnd = c.pos() + size_t(len);
        c.seek(h.bodyEnd);
        out.push_back(reader.readFunction(h));
    }
    // Bytes after the last function are the writer's alignment padding.
}

Module* FileDecoder::run()
{
    readContainer();
    if (!m_sections[kString].present)
        fail(int64_t(m_bytes.size()), "the file has no string section");
    if (!m_sections[kFunc].present)
        fail(int64_t(m_bytes.size()), "the file has no function section");
    m_ctx.strings.read(payload(kString));
    m_info.strings = m_ctx.strings.size();
    Arena& arena = m_ctx.model.arena();
    Module* m = arena.make<Module>();
    m->name = "kernels"; // not stored in bytecode; the reference reader uses this name
    m->loc = unknownLocation();
    m->range.endOffset = int32_t(m_bytes.size());
    if (m_sections[kProducer].present) {
        ByteCursor c = payload(kProducer);
        int64_t at = int64_t(c.pos());
        std::string_view producer = m_ctx.strings.get(c.varint("producer string"), at);
        NamedAttribute na{"producer", m_ctx.model.string(producer)};
        m->attributes = arena.copy(&na, 1);
        m_info.hasProducer = true;
    }
    if (m_sections[kType].present)
        m_ctx.types.read(payload(kType));
    m_info.types = m_ctx.types.size();
    if (m_sections[kConstant].present)
        m_ctx.constants.read(payload(kConstant));
    m_info.constants = m_ctx.constants.size();
    // Decode every type once so that bad entries are reported even when unused.
    for (size_t i = 0; i < m_ctx.types.size(); ++i)
        m_ctx.types.get(m_ctx, i, int64_t(m_sections[kType].begin));
    std::vector<Op*> globals;
    if (m_sections[kGlobal].present)
        readGlobals(globals);
    if (m_sections[kDebug].present)
        m_ctx.debug.read(payload(kDebug));
    m_info.debugAttributes = m_ctx.debug.attributes();
    std::vector<Function*> functions;
    readFunctions(functions);
    m_info.instructions = m_ctx.instructions;
    m->globals = Span<Op* const>(arena.copy(globals).data(), globals.size());
    m->functions = Span<Function* const>(arena.copy(functions).data(), functions.size());
    return m;
}

} // namespace

std::string BytecodeVersion::text() const
{
    return std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(tag);
}

bool isBytecode(std::string_view bytes)
{
    return bytes.size() >= 8 && std::memcmp(bytes.data(), kMagic, 8) == 0;
}

ParseResult readBytecode(std::string_view bytes, const std::string& fileName, Diagnostics& diags,
                         BytecodeInfo* info, const CancelToken& cancel)
{
    ParseResult r;
    r.arena = std::make_shared<Arena>();
    r.inputBytes = int64_t(bytes.size());
    BytecodeInfo scratch;
    BytecodeInfo& inf = info ? *info : scratch;
    inf = BytecodeInfo{};
    auto report = [&](int64_t offset, std::string message) {
        Diagnostic d;
        d.severity = Severity::Error;
        d.place.file = fileName;
        d.place.byteOffset = offset;
        d.message = std::move(message);
        r.diagnostics.push_back(d);
        diags.push_back(std::move(d));
    };
    try {
        FileDecoder decoder(bytes, *r.arena, inf, cancel);
        r.modules.push_back(decoder.run());
    } catch (const BytecodeError& e) {
        report(e.offset, e.message);
    } catch (const std::bad_alloc&) {
        report(0, "out of memory while decoding the bytecode");
    }
    if (!r.ok())
        r.modules.clear();
    return r;
}

ParseResult readBytecodeFile(const std::string& path, Diagnostics& diags, BytecodeInfo* info)
{
    Diagnostics readDiags;
    std::optional<FileContents> contents = readFile(path, readDiags, kMaxParseBytes);
    if (!contents) {
        ParseResult r;
        r.arena = std::make_shared<Arena>();
        r.diagnostics = readDiags;
        diags.insert(diags.end(), readDiags.begin(), readDiags.end());
        return r;
    }
    return readBytecode(contents->bytes, path, diags, info);
}

} // namespace tilelens::ir
