// String, type and constant tables (tile-ir.md §4.3–4.5) and the model factory.
#include "common/PrintableText.h"
#include "ir/Canonical.h"
#include "ir/IntBits.h"
#include "ir/bytecode/BytecodeContext.h"

#include <algorithm>

namespace tilelens::ir::bytecode {

// ------------------------------------------------------------------ factory

const Type* ModelFactory::unique(Type& t)
{
    return m_types.unique(t);
}

const Type* ModelFactory::number(std::string_view name)
{
    return m_types.named(TypeKind::Number, name);
}

const Type* ModelFactory::token()
{
    return m_types.named(TypeKind::Token);
}

const Attribute* ModelFactory::unit()
{
    if (!m_unit)
        m_unit = make(unitAttribute());
    return m_unit;
}

const Attribute* ModelFactory::enumAttr(std::string_view category, std::string_view keyword)
{
    return make(enumAttribute(category, keyword)); // static strings
}

const Attribute* ModelFactory::integer(int64_t v, const Type* type)
{
    return make(integerAttribute(v, type));
}

const Attribute* ModelFactory::string(std::string_view s)
{
    return make(stringAttribute(m_arena.copyString(s)));
}

// ------------------------------------------------------------------ helpers

namespace {

// `varint n; pad to `align`; n x `width`-byte starts; data` (string/type/debug tables).
EntryRanges readOffsetTable(ByteCursor& c, size_t base, int width, size_t align, const char* what)
{
    EntryRanges r;
    uint64_t n = c.count(what, size_t(width));
    if (n == 0)
        return r;
    c.padTo(base, align, what);
    if (n > c.remaining() / size_t(width))
        fail(int64_t(c.pos()),
             std::string(what) + ": " + std::to_string(n) + " offsets do not fit the section");
    std::vector<uint64_t> starts(n);
    for (uint64_t i = 0; i < n; ++i)
        starts[i] = c.fixed(width, what);
    size_t dataBegin = c.pos();
    size_t dataSize = c.remaining();
    r.begin.resize(n);
    r.end.resize(n);
    for (uint64_t i = 0; i < n; ++i) {
        uint64_t next = i + 1 < n ? starts[i + 1] : dataSize;
        if (starts[i] > next || next > dataSize)
            fail(int64_t(dataBegin - (n - i) * size_t(width)),
                 std::string(what) + ": entry " + std::to_string(i) + " has an invalid offset " +
                     std::to_string(starts[i]) + " (data size " + std::to_string(dataSize) + ")");
        r.begin[i] = dataBegin + starts[i];
        r.end[i] = dataBegin + next;
    }
    c.seek(c.end());
    return r;
}

// LE-list<k>: varint count, count x k-byte little-endian signed integers.
std::vector<int64_t> readLeList(ByteCursor& c, int k, const char* what)
{
    uint64_t n = c.count(what, size_t(k));
    std::vector<int64_t> v(n);
    for (uint64_t i = 0; i < n; ++i) {
        uint64_t raw = c.fixed(k, what);
        v[i] = k == 4 ? int64_t(int32_t(uint32_t(raw))) : int64_t(raw);
    }
    return v;
}

const char* paddingName(uint64_t v)
{
    static const char* const kNames[] = {"zero", "neg_zero", "nan", "pos_inf", "neg_inf"};
    return v < 5 ? kNames[v] : nullptr;
}

struct NumberTag
{
    uint64_t tag;
    const char* name;
    int minor;
};
const NumberTag kNumberTags[] = {
    {0, "i1", 1},         {1, "i8", 1},        {2, "i16", 1},       {3, "i32", 1},
    {4, "i64", 1},        {5, "f16", 1},       {6, "bf16", 1},      {7, "f32", 1},
    {8, "tf32", 1},       {9, "f64", 1},       {10, "f8E4M3FN", 1}, {11, "f8E5M2", 1},
    {18, "f8E8M0FNU", 2}, {19, "f4E2M1FN", 3}, {22, "i4", 3},
};

} // namespace

// ------------------------------------------------------------------ strings

void StringTable::read(ByteCursor c)
{
    size_t base = c.pos();
    EntryRanges r = readOffsetTable(c, base, 4, 4, "string table");
    m_file = c.file();
    m_strings.resize(r.size());
    for (size_t i = 0; i < r.size(); ++i)
        m_strings[i] = c.file().substr(r.begin[i], r.end[i] - r.begin[i]);
}

std::string_view StringTable::name(uint64_t index, int64_t offset, const char* what) const
{
    const std::string_view s = get(index, offset, true);
    // The string table has no charset of its own; a name must still be text, or it would
    // drive a terminal (ESC ]0; retitles it) or break a JSON report.
    if (const auto problem = nameProblem(s))
        fail(int64_t(size_t(s.data() - m_file.data()) + problem->offset),
             std::string(what) + " \"" + printableText(s) + "\" (string " + std::to_string(index) +
                 ") " + problem->what + "; names must be printable UTF-8 text");
    return s;
}

std::string_view StringTable::get(uint64_t index, int64_t offset, bool nonEmpty) const
{
    if (index >= m_strings.size())
        fail(offset, "string index " + std::to_string(index) + " is out of range (the file has " +
                         std::to_string(m_strings.size()) + " strings)");
    if (nonEmpty && m_strings[index].empty())
        fail(offset, "a name is empty (string " + std::to_string(index) + ")");
    return m_strings[index];
}

// ------------------------------------------------------------------ types

void TypeTable::read(ByteCursor c)
{
    size_t base = c.pos();
    m_ranges = readOffsetTable(c, base, 4, 4, "type table");
    m_types.assign(m_ranges.size(), nullptr);
    m_busy.assign(m_ranges.size(), 0);
}

const Type* TypeTable::get(Context& ctx, uint64_t index, int64_t offset)
{
    if (index >= m_types.size())
        fail(offset, "type index " + std::to_string(index) + " is out of range (the file has " +
                         std::to_string(m_types.size()) + " types)");
    if (m_types[index])
        return m_types[index];
    if (m_busy[index])
        fail(offset, "type " + std::to_string(index) + " refers to itself");
    if (m_depth > 64)
        fail(offset, "types are nested more than 64 levels deep");
    m_busy[index] = 1;
    ++m_depth;
    const Type* t = decode(ctx, index);
    --m_depth;
    m_busy[index] = 0;
    m_types[index] = t;
    return t;
}

const Type* TypeTable::decode(Context& ctx, size_t index)
{
    ByteCursor c(ctx.file, m_ranges.begin[index], m_ranges.end[index]);
    int64_t at = int64_t(c.pos());
    uint64_t tag = c.varint("type tag");
    for (const NumberTag& n : kNumberTags) {
        if (n.tag != tag)
            continue;
        if (!ctx.atLeast(13, n.minor))
            fail(at, std::string("type '") + n.name + "' requires bytecode version 13." +
                         std::to_string(n.minor) + "+, file version is " + ctx.versionText());
        if (!c.atEnd())
            fail(int64_t(c.pos()), "trailing bytes after type " + std::to_string(index));
        return ctx.model.number(n.name);
    }
    Type t;
    auto sub = [&](const char* what) {
        int64_t o = int64_t(c.pos());
        return get(ctx, c.varint(what), o);
    };
    auto requireKind = [&](const Type* x, bool ok, const char* what) {
        if (!ok)
            fail(at, std::string(what) + " of type " + std::to_string(index) + " cannot be '" +
                         x->canonical() + "'");
    };
    auto positiveDims = [&](const std::vector<int64_t>& dims, bool allowDynamic, const char* what) {
        for (int64_t d : dims) {
            if (d <= 0 && !(allowDynamic && d == kDynamic))
                fail(at, std::string(what) + " of type " + std::to_string(index) +
                             " has an invalid dimension " + std::to_string(d));
            if (d > kMaxDimension) // as the text parser: later size arithmetic stays defined
                fail(at, std::string(what) + " of type " + std::to_string(index) +
                             " has a dimension " + std::to_string(d) +
                             " that is too large (the limit is 2^48)");
        }
    };
    auto readView = [&](TypeKind kind) {
        t.kind = kind;
        uint64_t flags = 0;
        bool legacy = kind == TypeKind::PartitionView && !ctx.atLeast(13, 3);
        if (!legacy)
            flags = c.varint("view flags");
        std::vector<int64_t> shape = readLeList(c, 4, "view tile shape");
        positiveDims(shape, false, "the tile shape");
        t.shape = ctx.model.arena().copy(shape);
        if (kind == TypeKind::StridedView)
            t.strides = ctx.model.arena().copy(readLeList(c, 4, "traversal strides"));
        t.tensorView = sub("the view's tensor_view");
        requireKind(t.tensorView, t.tensorView->kind == TypeKind::TensorView, "the tensor_view");
        if (kind == TypeKind::GatherScatterView) {
            uint64_t sd = c.varint("sparse_dim");
            if (sd > 0xFFFFFFFFu)
                fail(at, "sparse_dim " + std::to_string(sd) + " is too large");
            t.sparseDim = int64_t(sd);
        } else {
            std::vector<int64_t> dm = readLeList(c, 4, "dim_map");
            bool identity = true;
            for (size_t i = 0; i < dm.size(); ++i)
                identity = identity && dm[i] == int64_t(i);
            if (!identity) // the model keeps only non-identity maps, as the printer does
                t.dimMap = ctx.model.arena().copy(dm);
        }
        if (legacy)
            flags = c.u8("padding flag");
        if (flags & 1) {
            int64_t o = int64_t(c.pos());
            const char* p = paddingName(c.varint("padding value"));
            if (!p)
                fail(o, "invalid padding value");
            t.padding = p;
        }
    };
    switch (tag) {
    case 12:
        t.kind = TypeKind::Pointer;
        t.element = sub("pointee type");
        requireKind(t.element, t.element->kind == TypeKind::Number, "the pointee");
        break;
    case 13: {
        t.kind = TypeKind::Tile;
        t.element = sub("tile element type");
        requireKind(t.element,
                    t.element->kind == TypeKind::Number || t.element->kind == TypeKind::Pointer,
                    "the tile element");
        std::vector<int64_t> shape = readLeList(c, 8, "tile shape");
        positiveDims(shape, false, "the tile shape");
        t.shape = ctx.model.arena().copy(shape);
        break;
    }
    case 14: {
        t.kind = TypeKind::TensorView;
        t.element = sub("tensor_view element type");
        requireKind(t.element, t.element->kind == TypeKind::Number, "the tensor_view element");
        std::vector<int64_t> shape = readLeList(c, 8, "tensor_view shape");
        std::vector<int64_t> strides = readLeList(c, 8, "tensor_view strides");
        positiveDims(shape, true, "the shape");
        positiveDims(strides, true, "the strides");
        if (strides.size() != shape.size())
            fail(at, "tensor_view type " + std::to_string(index) + " has " +
                         std::to_string(shape.size()) + " dimensions but " +
                         std::to_string(strides.size()) + " strides");
        t.shape = ctx.model.arena().copy(shape);
        t.strides = ctx.model.arena().copy(strides);
        break;
    }
    case 15:
        readView(TypeKind::PartitionView);
        break;
    case 16: {
        t.kind = TypeKind::Function;
        std::vector<const Type*> ins, outs;
        uint64_t nIn = c.count("function input count");
        for (uint64_t i = 0; i < nIn; ++i)
            ins.push_back(sub("function input type"));
        uint64_t nOut = c.count("function result count");
        for (uint64_t i = 0; i < nOut; ++i)
            outs.push_back(sub("function result type"));
        t.inputs = ctx.model.arena().copy(ins);
        t.results = ctx.model.arena().copy(outs);
        break;
    }
    case 17:
        t.kind = TypeKind::Token;
        break;
    case 20:
    case 21:
        if (!ctx.atLeast(13, 3))
            fail(at, std::string("type '") + (tag == 20 ? "gather_scatter_view" : "strided_view") +
                         "' requires bytecode version 13.3+, file version is " + ctx.versionText());
        readView(tag == 20 ? TypeKind::GatherScatterView : TypeKind::StridedView);
        break;
    default:
        fail(at,
             "unknown type tag " + std::to_string(tag) + " (type " + std::to_string(index) + ")");
    }
    if (!c.atEnd())
        fail(int64_t(c.pos()), "trailing bytes after type " + std::to_string(index));
    if (detail::TypeUniquer::tooLarge(t))
        fail(at, "type " + std::to_string(index) +
                     "'s text would be larger than 1 MiB (types nested in types)");
    return ctx.model.unique(t);
}

// ------------------------------------------------------------------ constants

void ConstantTable::read(ByteCursor c)
{
    size_t base = c.pos();
    m_ranges = readOffsetTable(c, base, 8, 8, "constant table");
}

const Attribute* ConstantTable::get(Context& ctx, uint64_t index, const Type* tile, int64_t offset)
{
    if (index >= m_ranges.size())
        fail(offset, "constant index " + std::to_string(index) + " is out of range (the file has " +
                         std::to_string(m_ranges.size()) + " constants)");
    if (!tile || tile->kind != TypeKind::Tile || !tile->element ||
        tile->element->kind != TypeKind::Number)
        fail(offset, "a constant needs a tile of numbers, not '" +
                         (tile ? tile->canonical() : std::string("?")) + "'");
    const Type* elem = tile->element;
    uint64_t count = 1;
    for (int64_t d : tile->shape) {
        if (d <= 0 || count > (uint64_t(1) << 40) / uint64_t(d))
            fail(offset, "the constant's type '" + tile->canonical() + "' has too many elements");
        count *= uint64_t(d);
    }
    ByteCursor c(ctx.file, m_ranges.begin[index], m_ranges.end[index]);
    int64_t at = int64_t(c.pos());
    uint64_t raw = c.varint("constant size");
    if (raw > c.remaining())
        fail(at, "constant " + std::to_string(index) + " claims " + std::to_string(raw) +
                     " bytes but its entry holds " + std::to_string(c.remaining()));
    std::string_view data = c.bytes(size_t(raw), "constant data");
    int width = elem->name == "tf32" ? 19 : elem->bitWidth();
    bool isI1 = elem->name == "i1";
    size_t elemBytes = isI1 ? 1 : size_t(width + 7) / 8;
    std::vector<int64_t> bits;
    auto element = [&](size_t i) {
        uint64_t v = 0;
        for (size_t b = 0; b < elemBytes; ++b)
            v |= uint64_t(uint8_t(data[i * elemBytes + b])) << (8 * b);
        if (elem->isFloat())
            return int64_t(v & (width >= 64 ? ~uint64_t(0) : (uint64_t(1) << width) - 1));
        return signExtend(v, width);
    };
    if (isI1) {
        // Producer-dependent layout (tile-ir.md §4.5): one byte per element, or bit-packed.
        uint8_t b0 = raw ? uint8_t(data[0]) : 0;
        if (raw == count) {
            for (size_t i = 0; i < count; ++i)
                bits.push_back(data[i] != 0);
        } else if (raw == 1 && (b0 == 0 || b0 == 1 || b0 == 0xFF)) {
            bits.push_back(b0 != 0);
        } else if (raw == (count + 7) / 8) {
            for (size_t i = 0; i < count; ++i)
                bits.push_back((uint8_t(data[i / 8]) >> (i % 8)) & 1);
        }
    } else if (raw == elemBytes) {
        bits.push_back(element(0));
    } else if (elemBytes && raw == count * elemBytes) {
        for (size_t i = 0; i < count; ++i)
            bits.push_back(element(i));
    }
    if (bits.empty())
        fail(at, "constant " + std::to_string(index) + " has " + std::to_string(raw) +
                     " bytes, which does not fit '" + tile->canonical() + "'");
    Attribute a;
    a.kind = AttrKind::Dense;
    a.type = tile;
    a.elementType = elem;
    bool allSame = true;
    for (size_t i = 1; i < bits.size() && allSame; ++i)
        allSame = bits[i] == bits[0];
    if (allSame) {
        a.splat = true;
        bits.resize(1);
    }
    a.intList = ctx.model.arena().copy(bits);
    return ctx.model.make(a);
}

} // namespace tilelens::ir::bytecode
