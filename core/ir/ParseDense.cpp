// Dense constant literals (tile-ir.md §1.5) and locations (§1.6).
#include "ir/FloatBits.h"
#include "ir/IntBits.h"
#include "ir/ParserImpl.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>

namespace tilelens::ir::detail {

namespace {
// Decimal digits to u64; false on a non-digit or overflow (as from_chars reports).
bool decimalU64(std::string_view d, uint64_t& u)
{
    if (d.empty())
        return false;
    u = 0;
    for (char c : d) {
        const unsigned digit = unsigned(c - '0');
        if (digit > 9 || u > (UINT64_MAX - digit) / 10)
            return false;
        u = u * 10 + digit;
    }
    return true;
}

// Exact fast path for short decimals (Clinger): a mantissa below 2^53 scaled by
// 10^e with |e| <= 22 is one correctly rounded operation on exact doubles.
// Returns false when the token needs the general from_chars.
bool fastDecimal(std::string_view tok, double& out)
{
    static constexpr double kPow10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                        1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                        1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
    size_t i = 0, n = tok.size();
    bool neg = false;
    if (i < n && (tok[i] == '-' || tok[i] == '+'))
        neg = tok[i++] == '-';
    uint64_t m = 0;
    int digits = 0, exp10 = 0;
    bool any = false;
    for (; i < n && tok[i] >= '0' && tok[i] <= '9'; ++i, any = true)
        if (m || tok[i] != '0') {
            if (++digits > 18)
                return false;
            m = m * 10 + uint64_t(tok[i] - '0');
        }
    if (i < n && tok[i] == '.')
        for (++i; i < n && tok[i] >= '0' && tok[i] <= '9'; ++i, any = true) {
            --exp10;
            if (m || tok[i] != '0') {
                if (++digits > 18)
                    return false;
                m = m * 10 + uint64_t(tok[i] - '0');
            }
        }
    if (!any)
        return false;
    if (i < n && (tok[i] == 'e' || tok[i] == 'E')) {
        ++i;
        bool eneg = false;
        if (i < n && (tok[i] == '-' || tok[i] == '+'))
            eneg = tok[i++] == '-';
        int e = 0;
        if (i >= n)
            return false;
        for (; i < n && tok[i] >= '0' && tok[i] <= '9'; ++i)
            if ((e = e * 10 + (tok[i] - '0')) > 400)
                return false;
        exp10 += eneg ? -e : e;
    }
    if (i != n || m > (uint64_t(1) << 53) || exp10 < -22 || exp10 > 22)
        return false;
    double d = double(m);
    d = exp10 < 0 ? d / kPow10[-exp10] : d * kPow10[exp10];
    out = neg ? -d : d;
    return true;
}
bool startsScalar(char c)
{
    return charIs(c, kDenseTok) || c == '-';
}

} // namespace

// A dense literal's values. While all are equal only the first is kept, so a
// large splat such as `[[128, 128, ...]]` needs no buffer.
struct DenseValues
{
    std::vector<int64_t>* bits; // filled from the first value that differs
    int64_t first = 0;
    size_t count = 0;
    bool allSame = true;
    std::string_view blob = {}; // the quoted hex form, when written so
    bool nested = false;        // written as [..] lists
    bool ragged = false;        // lists of one level differ in length

    void add(int64_t v)
    {
        if (count == 0)
            first = v;
        else if (allSame && v != first) {
            allSame = false;
            bits->assign(count, first);
        }
        if (!allSame)
            bits->push_back(v);
        ++count;
    }
    void addRepeated(int64_t v, size_t k) // k times add(v)
    {
        if (k == 0)
            return;
        add(v);
        if (!allSame)
            bits->insert(bits->end(), k - 1, v);
        count += k - 1;
    }
};

const Attribute* Parser::parseDense(const Type* knownTile)
{
    int line = m_line, col = column();
    expect('<', "to open a dense literal");
    enter();
    const Type* elem = nullptr;
    if (!parseDenseElementType(elem)) {
        leave();
        return makeAttr(Attribute{});
    }
    // Value: scalar, nested list or quoted hex blob. Scalars are converted as
    // they are read when the literal names its element type (the printers
    // always do); otherwise they are kept until the tile type is known.
    std::vector<DenseToken>& scalars = m_denseTokens;
    scalars.clear();
    std::vector<int64_t>& bits = m_denseBits;
    bits.clear();
    DenseValues values{&bits};
    DenseElement known;
    if (elem)
        known = denseElement(elem);
    // Lists repeat one spelling (`[[128, 128, ...]]`): a token equal to the
    // previous valid one reuses its bits instead of converting again.
    std::string_view prevTok;
    int64_t prevBits = 0;
    auto take = [&](size_t st, int l, int cl) {
        const std::string_view tok = m_text.substr(st, m_pos - st);
        if (!elem) {
            scalars.push_back({tok, l, cl});
            return;
        }
        if (tok.size() != prevTok.size() || !bytesEqual(tok.data(), prevTok.data(), tok.size())) {
            const int errorsBefore = m_errors;
            prevBits = denseScalarBits(tok, known, l, cl);
            prevTok = m_errors == errorsBefore ? tok : std::string_view();
        }
        values.add(prevBits);
    };
    std::vector<int64_t>& shape = m_denseShape; // scratch: no heap traffic per literal
    shape.clear();
    if (peek() == '"') {
        values.blob = rawString();
    } else if (peek() == '[') {
        values.nested = true;
        // Iterative walk over brackets, recording the size of each level's first list.
        std::vector<int64_t>& counts = m_denseCounts;
        std::vector<int64_t>& levelSize = shape; // first seen size per depth
        counts.clear();
        int depth = 0;
        for (;;) {
            char c = peek();
            if (c == '[') {
                ++m_pos;
                ++depth;
                if (depth > m_opts.maxNestingDepth)
                    enter(); // reports and aborts
                if (counts.size() < size_t(depth))
                    counts.resize(depth, 0);
                counts[depth - 1] = 0;
                continue;
            }
            if (c == ']') {
                ++m_pos;
                if (levelSize.size() < size_t(depth))
                    levelSize.resize(depth, -1);
                if (levelSize[depth - 1] < 0)
                    levelSize[depth - 1] = counts[depth - 1];
                else if (levelSize[depth - 1] != counts[depth - 1])
                    values.ragged = true;
                --depth;
                if (depth == 0)
                    break;
                ++counts[depth - 1];
                consume(',');
                continue;
            }
            if (c == '\0' || c == '>' || c == '}') {
                error("unterminated list in a dense literal");
                break;
            }
            for (;;) {
                // Hot in large splats: "<previous token>, " again, then a scalar.
                const size_t n = prevTok.size();
                // Whole runs of it compared a block of units at a time (about
                // 64 bytes, one memcmp): a unit within the block is followed by
                // the token's first byte, a scalar start, as the loop below asks.
                if (n && startsScalar(prevTok[0])) {
                    if (m_densePatternUnit != prevTok) {
                        m_densePatternUnit = prevTok;
                        m_densePattern.clear();
                        do {
                            m_densePattern.append(prevTok.data(), n);
                            m_densePattern.append(", ");
                        } while (m_densePattern.size() + n + 2 <= 64);
                    }
                    const size_t len = m_densePattern.size();
                    const size_t units = len / (n + 2);
                    while (m_pos + len < m_text.size() &&
                           std::memcmp(m_text.data() + m_pos, m_densePattern.data(), len) == 0 &&
                           startsScalar(m_text[m_pos + len])) {
                        values.addRepeated(prevBits, units);
                        counts[depth - 1] += int64_t(units);
                        m_pos += len;
                    }
                }
                while (n && m_pos + n + 2 < m_text.size() && m_text[m_pos + n] == ',' &&
                       m_text[m_pos + n + 1] == ' ' && startsScalar(m_text[m_pos + n + 2]) &&
                       bytesEqual(m_text.data() + m_pos, prevTok.data(), n)) {
                    values.add(prevBits);
                    ++counts[depth - 1];
                    m_pos += n + 2;
                }
                const size_t st = m_pos;
                scanDenseToken();
                if (m_pos == st) {
                    error("unexpected character in a dense literal");
                    ++m_pos;
                }
                take(st, m_line, int(st - m_lineStart) + 1);
                ++counts[depth - 1];
                // Hot: the next scalar after ", " on the same line.
                if (m_pos + 2 < m_text.size() && m_text[m_pos] == ',' && m_text[m_pos + 1] == ' ' &&
                    startsScalar(m_text[m_pos + 2])) {
                    m_pos += 2;
                    continue;
                }
                break;
            }
            consume(',');
        }
    } else {
        skipWs();
        const size_t st = m_pos;
        scanDenseToken();
        if (m_pos > st)
            take(st, m_line, int(st - m_lineStart) + 1);
    }
    expect('>', "to close the dense literal");
    leave();
    return finishDense(knownTile, elem, values, line, col);
}

// After '<': `elem :` when the literal names its element type (the printers always do);
// false after an error, with the rest of the line skipped.
bool Parser::parseDenseElementType(const Type*& elem)
{
    const size_t save = m_pos;
    const int saveLine = m_line;
    const size_t saveLs = m_lineStart;
    const std::string_view id = peekIdentifier();
    if (id.empty() || id == "true" || id == "false" || id == "inf" || id == "nan")
        return true;
    identifier();
    elem = numberType(id);
    if (elem && consume(':'))
        return true;
    if (!elem)
        error("unknown element type '" + std::string(id) + "' in a dense literal");
    else
        error("expected ':' after the element type of a dense literal");
    m_pos = save;
    m_line = saveLine;
    m_lineStart = saveLs;
    skipToLineEnd();
    return false;
}

// After the closing '>': the tile type (`: type` unless the caller knows it), the scalars
// converted once the element type is known, the shape checked, the attribute made.
const Attribute* Parser::finishDense(const Type* knownTile, const Type* elem, DenseValues& values,
                                     int line, int col)
{
    const Type* tile = knownTile;
    if (!tile) {
        if (consume(':'))
            tile = parseType();
        else
            error("expected ': type' after a dense literal");
    }
    Attribute a;
    a.kind = AttrKind::Dense;
    a.type = tile;
    if (!elem && tile)
        elem = tile->element;
    a.elementType = elem;
    if (!tile || !elem)
        return makeAttr(a);
    if (tile->element && tile->element != elem)
        errorAt(line, col,
                "dense literal element type " + elem->canonical() +
                    " does not match the tile element type " + tile->element->canonical());
    if (!m_denseTokens.empty()) { // element type from the tile
        const DenseElement e = denseElement(elem);
        for (const DenseToken& t : m_denseTokens)
            values.add(denseScalarBits(t.tok, e, t.line, t.col));
    }
    if (!values.blob.empty())
        return makeAttr(hexDense(a, values.blob, tile, elem, line, col));
    if (values.count == 0) {
        errorAt(line, col, "empty dense literal");
    } else if (values.nested) {
        const std::vector<int64_t>& shape = m_denseShape;
        bool shapeOk = !values.ragged && shape.size() == tile->shape.size();
        for (size_t i = 0; shapeOk && i < shape.size(); ++i)
            shapeOk = shape[i] == tile->shape[i];
        if (!shapeOk)
            errorAt(line, col, "dense literal shape does not match " + tile->canonical());
    }
    a.splat = values.count > 0 && values.allSame;
    a.intList = a.splat ? arena().copy(&values.first, 1) : arena().copy(m_denseBits);
    return makeAttr(a);
}

// The quoted hex form: little-endian element bytes, as MLIR prints large constants.
Attribute& Parser::hexDense(Attribute& a, std::string_view blob, const Type* tile, const Type* elem,
                            int line, int col)
{
    int64_t total = 1;
    for (int64_t d : tile->shape)
        total = (d > 0 && total < (int64_t(1) << 40)) ? total * d : total;
    std::vector<int64_t>& bits = m_denseBits;
    bits.clear();
    const int width = elem->isFloat() ? floatWidth(elem->name) : elem->bitWidth();
    std::string_view h = blob.substr(
        blob.size() > 1 && blob[0] == '0' && (blob[1] == 'x' || blob[1] == 'X') ? 2 : 0);
    int bytesPer = width <= 8 ? 1 : (width + 7) / 8;
    if (width == 19)
        bytesPer = 4;
    size_t nElem = h.size() / 2 / size_t(bytesPer);
    auto hv = [](char c) {
        return std::isdigit(static_cast<unsigned char>(c)) ? c - '0' : std::tolower(c) - 'a' + 10;
    };
    for (size_t i = 0; i < nElem; ++i) {
        uint64_t v = 0;
        for (int b = 0; b < bytesPer; ++b) {
            size_t off = (i * bytesPer + b) * 2;
            v |= uint64_t(hv(h[off]) * 16 + hv(h[off + 1])) << (8 * b);
        }
        bits.push_back(elem->isFloat() ? int64_t(v) : signExtend(v, width));
    }
    if (int64_t(nElem) != total && nElem != 1)
        errorAt(line, col,
                "hex dense literal holds " + std::to_string(nElem) + " elements but " +
                    tile->canonical() + " holds " + std::to_string(total));
    bool allSame = !bits.empty();
    for (size_t i = 1; i < bits.size() && allSame; ++i)
        allSame = bits[i] == bits[0];
    if (allSame) {
        a.splat = true;
        bits.resize(1);
    }
    a.intList = arena().copy(bits);
    return a;
}

// One scalar of a dense list: digits, letters and '.', with an optional sign
// and signs after an exponent's 'e'.
void Parser::scanDenseToken()
{
    if (m_pos < m_text.size() && (m_text[m_pos] == '-' || m_text[m_pos] == '+'))
        ++m_pos;
    while (m_pos < m_text.size() && (charIs(m_text[m_pos], kDenseTok) ||
                                     ((m_text[m_pos] == '-' || m_text[m_pos] == '+') &&
                                      (m_text[m_pos - 1] == 'e' || m_text[m_pos - 1] == 'E'))))
        ++m_pos;
}

// Converts one scalar of a dense literal to its bits at the element type
// (integers sign-extended to 64 bits, floats as their IEEE pattern).
int64_t Parser::denseScalarBits(std::string_view tok, const DenseElement& e, int line, int col)
{
    int64_t v = 0;
    bool bad = false;
    const bool neg = !tok.empty() && tok[0] == '-';
    std::string_view digits = (neg || (!tok.empty() && tok[0] == '+')) ? tok.substr(1) : tok;
    const bool isHex =
        digits.size() > 2 && digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X');
    if ((tok[0] == 't' || tok[0] == 'f') && (tok == "true" || tok == "false")) {
        v = tok == "true";
        bad = !e.isI1;
    } else if (isHex || !e.isFloat) {
        uint64_t u = 0;
        std::string_view d = isHex ? digits.substr(2) : digits;
        if (isHex) {
            auto res = std::from_chars(d.data(), d.data() + d.size(), u, 16);
            bad = res.ec != std::errc() || res.ptr != d.data() + d.size();
        } else {
            bad = !decimalU64(d, u);
        }
        if (e.isFloat) {
            v = int64_t(u); // hex = raw bit pattern
        } else {
            if (!bad && e.width > 0 && e.width < 64) { // 0: not a number type (e.g. pointers)
                const bool fits =
                    neg ? u <= (uint64_t(1) << (e.width - 1)) : u < (uint64_t(1) << e.width);
                if (!fits)
                    errorAt(line, col,
                            "integer " + std::string(tok) + " does not fit in " +
                                e.type->canonical());
            }
            v = signExtend(neg ? uint64_t(0) - u : u, e.width);
        }
    } else {
        double d = 0;
        if (!fastDecimal(tok, d)) {
            auto res = std::from_chars(tok.data() + (tok[0] == '+'), tok.data() + tok.size(), d);
            if (res.ec == std::errc::result_out_of_range) // overflow to inf, as MLIR's parser does
                d = std::strtod(std::string(tok).c_str(), nullptr);
            else
                bad = res.ec != std::errc() || res.ptr != tok.data() + tok.size();
        }
        if (e.width == 32) { // f32: the hardware conversion rounds to nearest even
            const float f = float(d);
            uint32_t b32;
            std::memcpy(&b32, &f, 4);
            v = int64_t(b32);
        } else {
            v = int64_t(floatToBits(d, e.type->name));
        }
    }
    if (bad)
        errorAt(line, col,
                "'" + std::string(tok) + "' is not a valid " + e.type->canonical() + " value");
    return v;
}

Parser::DenseElement Parser::denseElement(const Type* elem)
{
    DenseElement e;
    e.type = elem;
    e.isFloat = elem->isFloat();
    e.isI1 = elem->name == "i1";
    e.width = e.isFloat ? floatWidth(elem->name) : elem->bitWidth();
    return e;
}

// ------------------------------------------------------------------ locations

const Location* Parser::parseTrailingLoc()
{
    // Asked after every op, and most have no location: one byte decides that.
    if (peek() != 'l' || peekIdentifier() != "loc")
        return nullptr;
    identifier();
    expect('(', "after 'loc'");
    const Location* l = parseLocBody();
    expect(')', "to close 'loc('");
    return l;
}

const Location* Parser::parseLocBody()
{
    enter();
    struct Guard
    {
        Parser* p;
        ~Guard() { p->leave(); }
    } guard{this};
    Location* l = arena().make<Location>();
    char c = peek();
    if (c == '#') {
        ++m_pos;
        std::string_view id = suffixId();
        if (id == "cuda_tile.di_loc") {
            l->kind = LocKind::DebugInfo;
            expect('<', "after di_loc");
            const Location* inner = nullptr;
            if (peekIdentifier() == "loc")
                inner = parseTrailingLoc();
            else
                inner = parseLocBody();
            expectKeyword("in");
            l->scope = parseAttribute();
            expect('>', "to close di_loc<...>");
            l->children = arena().copy(&inner, 1);
            return l;
        }
        auto it = m_locAliases.find(std::string(id));
        if (it != m_locAliases.end())
            return it->second;
        m_pendingLocs.push_back(
            {l, std::string(id), m_line, int(m_pos - m_lineStart) - int(id.size())});
        return l;
    }
    if (c == '"') {
        std::string s;
        parseString(s);
        std::string_view str = arena().copyString(s);
        if (consume(':')) {
            int64_t ln = 0, cl = 0;
            parseInteger(ln);
            l->kind = LocKind::FileLineCol;
            l->file = str;
            l->line = int(ln);
            if (consume(':')) {
                parseInteger(cl);
                l->column = int(cl);
            }
            if (consumeKeyword("to")) {
                int64_t el = ln, ec = 0;
                if (peek() != ':')
                    parseInteger(el);
                expect(':', "in a location range");
                parseInteger(ec);
                l->endLine = int(el);
                l->endColumn = int(ec);
            }
            return l;
        }
        l->kind = LocKind::Name;
        l->name = str;
        if (consume('(')) {
            const Location* child = parseLocBody();
            l->children = arena().copy(&child, 1);
            expect(')', "to close a name location");
        }
        return l;
    }
    std::string_view id = identifier();
    if (id == "unknown")
        return unknownLocation();
    if (id == "callsite") {
        expect('(', "after 'callsite'");
        const Location* kids[2];
        kids[0] = parseLocBody();
        expectKeyword("at");
        kids[1] = parseLocBody();
        expect(')', "to close callsite(...)");
        l->kind = LocKind::CallSite;
        l->children = arena().copy(kids, 2);
        return l;
    }
    if (id == "fused") {
        l->kind = LocKind::Fused;
        if (consume('<')) {
            l->scope = parseAttribute();
            expect('>', "after fused metadata");
        }
        std::vector<const Location*> kids;
        expect('[', "after 'fused'");
        if (!consume(']')) {
            do
                kids.push_back(parseLocBody());
            while (consume(','));
            expect(']', "to close fused[...]");
        }
        l->children = arena().copy(kids);
        return l;
    }
    error("expected a location");
    skipBalanced();
    return unknownLocation();
}

} // namespace tilelens::ir::detail
