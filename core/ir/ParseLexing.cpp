// Scanning primitives and type parsing of the Tile IR text parser.
#include "common/PrintableText.h"
#include "ir/Canonical.h"
#include "ir/ParserImpl.h"

#include <cstdint>
#include <cstring>

namespace tilelens::ir::detail {

namespace {
inline bool isIdStart(char c)
{
    return charIs(c, kIdStart);
}
inline bool isIdChar(char c)
{
    return charIs(c, kIdChar);
}
inline bool isSuffixChar(char c)
{
    return charIs(c, kSuffix);
}
inline bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}
} // namespace

Parser::Parser(std::string_view text, const ParseOptions& options, ParseResult& result)
    : m_text(text), m_opts(options), m_result(result), m_types(*result.arena)
{
    m_line = options.firstLine;
    m_tokEndLine = options.firstLine;
}

void Parser::skipWsSlow()
{
    const char* s = m_text.data();
    size_t n = m_text.size();
    if (m_pos < n && (s[m_pos] == ' ' || s[m_pos] == '\n' || s[m_pos] == '\t' || s[m_pos] == '\r' ||
                      s[m_pos] == '/')) {
        m_tokEnd = m_pos;
        m_tokEndLine = m_line;
        m_tokEndLineStart = m_lineStart;
    }
    while (m_pos < n) {
        char c = s[m_pos];
        if (c == '\n') {
            ++m_line;
            m_lineStart = ++m_pos;
        } else if (c == ' ' || c == '\t' || c == '\r') {
            ++m_pos;
#if defined(__GNUC__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
            // Indentation: skip runs of spaces eight at a time.
            while (m_pos + 8 <= n) {
                uint64_t w;
                std::memcpy(&w, s + m_pos, 8);
                w ^= 0x2020202020202020ull;
                if (w) {
                    m_pos += size_t(__builtin_ctzll(w)) / 8; // little-endian: first non-space
                    break;
                }
                m_pos += 8;
            }
#endif
        } else if (c == '/' && m_pos + 1 < n && s[m_pos + 1] == '/') {
            const void* nl = std::memchr(s + m_pos, '\n', n - m_pos);
            m_pos = nl ? size_t(static_cast<const char*>(nl) - s) : n;
        } else {
            break;
        }
    }
}

bool Parser::newlineAhead()
{
    for (size_t p = m_pos; p < m_text.size(); ++p) {
        char c = m_text[p];
        if (c == '\n')
            return true;
        if (c == '/' && p + 1 < m_text.size() && m_text[p + 1] == '/')
            return true;
        if (c != ' ' && c != '\t' && c != '\r')
            return false;
    }
    return true;
}

bool Parser::consume(std::string_view s)
{
    skipWs();
    if (m_text.substr(m_pos, s.size()) == s) {
        m_pos += s.size();
        return true;
    }
    return false;
}

std::string_view Parser::peekIdentifier()
{
    skipWs();
    size_t p = m_pos;
    if (p >= m_text.size() || !isIdStart(m_text[p]))
        return {};
    while (p < m_text.size() && isIdChar(m_text[p]))
        ++p;
    return m_text.substr(m_pos, p - m_pos);
}

std::string_view Parser::identifier()
{
    std::string_view id = peekIdentifier();
    m_pos += id.size();
    return id;
}

bool Parser::consumeKeyword(std::string_view kw)
{
    if (peekIdentifier() == kw) {
        m_pos += kw.size();
        return true;
    }
    return false;
}

void Parser::expectFailed(char c, const char* what)
{
    error(std::string("expected '") + c + "' " + what);
}

bool Parser::expectKeyword(std::string_view kw)
{
    if (consumeKeyword(kw))
        return true;
    error("expected '" + std::string(kw) + "'");
    return false;
}

std::string_view Parser::suffixId()
{
    size_t p = m_pos;
    if (p < m_text.size() && m_text[p] == '"') { // @"quoted symbol"
        std::string name;
        quotedName(name, "symbol name");
        return keep(name);
    }
    while (p < m_text.size() && isSuffixChar(m_text[p]))
        ++p;
    std::string_view id = m_text.substr(m_pos, p - m_pos);
    m_pos = p;
    return id;
}

bool Parser::parseNumberToken(std::string_view& tok, bool& isFloat)
{
    skipWs();
    size_t p = m_pos, n = m_text.size();
    isFloat = false;
    if (p < n && (m_text[p] == '-' || m_text[p] == '+'))
        ++p;
    if (p >= n || !isDigit(m_text[p]))
        return false;
    if (m_text[p] == '0' && p + 1 < n && (m_text[p + 1] == 'x' || m_text[p + 1] == 'X')) {
        p += 2;
        while (p < n && std::isxdigit(static_cast<unsigned char>(m_text[p])))
            ++p;
    } else {
        while (p < n && isDigit(m_text[p]))
            ++p;
        if (p < n && m_text[p] == '.') {
            isFloat = true;
            ++p;
            while (p < n && isDigit(m_text[p]))
                ++p;
        }
        if (p < n && (m_text[p] == 'e' || m_text[p] == 'E')) {
            size_t q = p + 1;
            if (q < n && (m_text[q] == '+' || m_text[q] == '-'))
                ++q;
            if (q < n && isDigit(m_text[q])) {
                isFloat = true;
                p = q;
                while (p < n && isDigit(m_text[p]))
                    ++p;
            }
        }
    }
    tok = m_text.substr(m_pos, p - m_pos);
    m_pos = p;
    return true;
}

bool Parser::parseInteger(int64_t& v)
{
    size_t save = m_pos;
    std::string_view tok;
    bool isFloat;
    if (!parseNumberToken(tok, isFloat) || isFloat) {
        m_pos = save;
        return false;
    }
    bool neg = tok[0] == '-';
    std::string_view d = (tok[0] == '-' || tok[0] == '+') ? tok.substr(1) : tok;
    uint64_t u = 0;
    bool overflow = false;
    const bool hex = d.size() > 2 && (d[1] == 'x' || d[1] == 'X');
    const uint64_t base = hex ? 16 : 10;
    for (char c : hex ? d.substr(2) : d) {
        const uint64_t digit = uint64_t(isDigit(c) ? c - '0' : (std::tolower(c) - 'a' + 10));
        overflow = overflow || u > (UINT64_MAX - digit) / base;
        u = u * base + digit;
    }
    // 64 bits, read as signed or unsigned (as MLIR accepts 0xFFFFFFFFFFFFFFFF : i64).
    if (overflow || (neg && u > (uint64_t(1) << 63)))
        errorAt(m_line, int(size_t(tok.data() - m_text.data()) - m_lineStart) + 1,
                "integer " + std::string(tok) + " is out of range (more than 64 bits)");
    v = int64_t(neg ? uint64_t(0) - u : u); // two's complement; INT64_MIN stays representable
    return true;
}

std::string_view Parser::rawString()
{
    skipWs();
    if (m_pos >= m_text.size() || m_text[m_pos] != '"')
        return {};
    size_t p = m_pos + 1;
    while (p < m_text.size() && m_text[p] != '"' && m_text[p] != '\n') {
        if (m_text[p] == '\\' && p + 1 < m_text.size())
            ++p;
        ++p;
    }
    std::string_view raw = m_text.substr(m_pos + 1, p - m_pos - 1);
    if (p >= m_text.size() || m_text[p] != '"') {
        error("unterminated string literal");
        m_pos = p;
        return raw;
    }
    m_pos = p + 1;
    return raw;
}

namespace {
// The escapes of a quoted token, as MLIR writes them (\n \t \\ \" and two hex digits).
// `rawOffset`, when given, receives per byte of `out` the offset in `raw` of what wrote it.
void decodeQuoted(std::string_view raw, std::string& out, std::vector<size_t>* rawOffset)
{
    out.clear();
    for (size_t i = 0; i < raw.size(); ++i) {
        if (rawOffset)
            rawOffset->push_back(i);
        char c = raw[i];
        if (c != '\\' || i + 1 >= raw.size()) {
            out += c;
            continue;
        }
        char e = raw[++i];
        if (e == 'n')
            out += '\n';
        else if (e == 't')
            out += '\t';
        else if (e == '\\' || e == '"')
            out += e;
        else if (std::isxdigit(static_cast<unsigned char>(e)) && i + 1 < raw.size()) {
            auto hv = [](char h) { return isDigit(h) ? h - '0' : std::tolower(h) - 'a' + 10; };
            out += char(hv(e) * 16 + hv(raw[i + 1]));
            ++i;
        } else
            out += e;
    }
}
} // namespace

bool Parser::parseString(std::string& out)
{
    skipWs();
    if (peek() != '"')
        return false;
    decodeQuoted(rawString(), out, nullptr);
    return true;
}

bool Parser::quotedName(std::string& out, const char* what)
{
    skipWs();
    if (peek() != '"')
        return false;
    const std::string_view raw = rawString();
    std::vector<size_t> rawOffset;
    decodeQuoted(raw, out, &rawOffset);
    // Names are printable UTF-8 text, whichever way they are written (raw bytes or escapes) and
    // whichever file brings them (bytecode holds them to the same rule): a name reaches reports
    // and terminals.
    if (const auto problem = nameProblem(out)) {
        const size_t at = size_t(raw.data() - m_text.data()) + rawOffset[problem->offset];
        nameError(out, *problem, m_line, int(at - m_lineStart) + 1, what);
    }
    return true;
}

void Parser::checkName(std::string_view name, int line, int col, const char* what)
{
    if (const auto problem = nameProblem(name))
        nameError(name, *problem, line, col, what);
}

void Parser::nameError(std::string_view name, const NameProblem& problem, int line, int col,
                       const char* what)
{
    errorAt(line, col,
            std::string(what) + " \"" + printableText(name) + "\" " + problem.what +
                "; names must be printable UTF-8 text");
}

void Parser::skipBalanced()
{
    char c = peek();
    char close = c == '(' ? ')' : c == '[' ? ']' : c == '{' ? '}' : c == '<' ? '>' : 0;
    if (!close) {
        if (c == '"') {
            rawString();
            return;
        }
        if (m_pos < m_text.size())
            ++m_pos;
        return;
    }
    int depth = 0;
    while (m_pos < m_text.size()) {
        char d = m_text[m_pos];
        if (d == '"') {
            rawString();
            continue;
        }
        if (d == '\n') {
            ++m_line;
            m_lineStart = m_pos + 1;
        }
        if (d == '(' || d == '[' || d == '{' || d == '<')
            ++depth;
        if (d == ')' || d == ']' || d == '}' ||
            (d == '>' && !(m_pos > 0 && m_text[m_pos - 1] == '-'))) {
            if (--depth == 0) {
                ++m_pos;
                return;
            }
        }
        ++m_pos;
    }
}

void Parser::skipToLineEnd()
{
    while (m_pos < m_text.size() && m_text[m_pos] != '\n')
        ++m_pos;
}

// ---------------------------------------------------------------- diagnostics

void Parser::errorAt(int line, int col, const std::string& msg)
{
    Diagnostic d;
    d.place.file = m_opts.fileName;
    d.place.line = line;
    d.place.column = col;
    d.message = msg;
    m_result.diagnostics.push_back(std::move(d));
    if (++m_errors >= m_opts.maxErrors) {
        keepWarning(line, col, "too many errors, stopping"); // said even past maxWarnings
        throw ParseAbort{};
    }
}

void Parser::error(const std::string& msg)
{
    skipWs();
    errorAt(m_line, column(), m_pos >= m_text.size() ? msg + ", but the input ends here" : msg);
}

void Parser::warningAt(int line, int col, const std::string& msg)
{
    // A file can hold a warning per line (unknown keywords, undefined aliases): millions
    // would each cost a Diagnostic. The first maxWarnings are kept, the rest counted.
    if (m_warnings >= m_opts.maxWarnings) {
        ++m_unwarned;
        return;
    }
    ++m_warnings;
    keepWarning(line, col, msg);
}

void Parser::keepWarning(int line, int col, const std::string& msg)
{
    Diagnostic d;
    d.severity = Severity::Warning;
    d.place.file = m_opts.fileName;
    d.place.line = line;
    d.place.column = col;
    d.message = msg;
    m_result.diagnostics.push_back(std::move(d));
}

void Parser::warning(const std::string& msg)
{
    skipWs();
    warningAt(m_line, column(), msg);
}

void Parser::enter()
{
    if (++m_depth > m_opts.maxNestingDepth) {
        errorAt(m_line, column(),
                "nesting is deeper than " + std::to_string(m_opts.maxNestingDepth) +
                    " levels; the input is not accepted");
        throw ParseAbort{};
    }
}

// ---------------------------------------------------------------- types

const Type* Parser::unique(Type& t)
{
    if (TypeUniquer::tooLarge(t)) {
        error("this type's text would be larger than 1 MiB (types nested through aliases?); "
              "the input is not accepted");
        throw ParseAbort{};
    }
    return m_types.unique(t);
}

const Type* Parser::opaqueType(std::string_view text)
{
    return m_types.named(TypeKind::Opaque, text);
}

const Type* Parser::tokenType()
{
    if (!m_token)
        m_token = m_types.named(TypeKind::Token);
    return m_token;
}

const Type* Parser::numberType(std::string_view n)
{
    static constexpr std::string_view kNames[kNumberTypes] = {
        "i1",  "i4",   "i8",  "i16",      "i32",    "i64",       "f16",      "bf16",
        "f32", "tf32", "f64", "f8E4M3FN", "f8E5M2", "f8E8M0FNU", "f4E2M1FN", "index"};
    if (n.size() < 2 || n.size() > 9)
        return nullptr;
    auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; };
    for (size_t k = 0; k < kNumberTypes; ++k) {
        std::string_view kv = kNames[k];
        if (kv.size() != n.size() || lower(kv[0]) != lower(n[0]))
            continue;
        bool eq = true;
        for (size_t i = 1; i < n.size() && eq; ++i)
            eq = lower(kv[i]) == lower(n[i]);
        if (!eq)
            continue;
        if (!m_numberTypes[k]) // uniqued once per parse: this is hot (dense literals)
            m_numberTypes[k] = m_types.named(TypeKind::Number, kv);
        return m_numberTypes[k];
    }
    return nullptr;
}

bool Parser::parseDims(std::vector<int64_t>& dims, bool allowDynamic)
{
    // Scans `4x?x8x` character-wise: a dim list ends at the element type.
    for (;;) {
        skipWs();
        size_t p = m_pos;
        int64_t v = 0;
        if (p < m_text.size() && m_text[p] == '?' && allowDynamic) {
            v = kDynamic;
            ++p;
        } else if (p < m_text.size() && isDigit(m_text[p])) {
            bool tooLarge = false;
            while (p < m_text.size() && isDigit(m_text[p])) {
                v = v * 10 + (m_text[p] - '0');
                if (v > kMaxDimension) {
                    tooLarge = true;
                    v = kMaxDimension; // keeps the arithmetic defined; the error says why
                }
                ++p;
            }
            if (tooLarge && p < m_text.size() && m_text[p] == 'x')
                errorAt(m_line, column(),
                        "dimension " + std::string(m_text.substr(m_pos, p - m_pos)) +
                            " is too large (the limit is 2^48)");
        } else {
            return true;
        }
        if (p >= m_text.size() || m_text[p] != 'x')
            return true; // a lone number (not a dim): caller decides
        dims.push_back(v);
        m_pos = p + 1;
    }
}

bool Parser::parseIntList(std::vector<int64_t>& v, char open, char close, bool allowDynamic)
{
    if (!consume(open))
        return false;
    if (consume(close))
        return true;
    do {
        int64_t x;
        if (allowDynamic && consume('?'))
            v.push_back(kDynamic);
        else if (parseInteger(x))
            v.push_back(x);
        else {
            error("expected an integer in a list");
            return false;
        }
    } while (consume(','));
    if (!consume(close)) {
        error(std::string("expected '") + close + "' to close the list");
        return false;
    }
    return true;
}

const Type* Parser::parseType()
{
    skipWs();
    size_t start = m_pos;
    const size_t lastSize = m_lastTypeText.size();
    if (lastSize && m_text.size() - start >= lastSize &&
        bytesEqual(m_text.data() + start, m_lastTypeText.data(), lastSize)) {
        m_pos = start + lastSize; // the same bytes end the same way as last time
        return m_lastType;
    }
    // Fast path: the same type text seen before in this file. Find the end of
    // the type token (identifier plus a balanced <...>) without parsing it.
    size_t p = m_pos;
    if (p < m_text.size() && m_text[p] == '!')
        ++p;
    while (p < m_text.size() && isIdChar(m_text[p]))
        ++p;
    if (p > start && p < m_text.size() && m_text[p] == '<') {
        int depth = 0;
        size_t q = p;
        // Types are short; each nesting level scans again, so an unclosed type on a long
        // line (200 levels, 50 MB: 5.4 s) is left to parseTypeInner past this.
        constexpr size_t kMaxTypeScan = size_t(64) << 10;
        const size_t scanEnd = std::min(m_text.size(), p + kMaxTypeScan);
        for (; q < scanEnd; ++q) {
            char c = m_text[q];
            if (!charIs(c, kTypeStop))
                continue;
            if (c == '<')
                ++depth;
            else if (c == '>' && m_text[q - 1] != '-' && --depth == 0)
                break;
            else if (c == '\n' || c == '{' || c == '}') {
                q = m_text.size();
                break;
            }
        }
        if (q < scanEnd) {
            std::string_view raw = m_text.substr(start, q + 1 - start);
            if (const Type* const* hit = m_typeByText.find(raw)) {
                m_pos = q + 1;
                m_lastTypeText = raw;
                m_lastType = *hit;
                return *hit;
            }
            const Type* t = parseTypeInner();
            if (t && m_pos == q + 1) {
                m_typeByText.insert(raw, t);
                m_lastTypeText = raw;
                m_lastType = t;
            }
            return t;
        }
    }
    return parseTypeInner();
}

void Parser::parseTypeList(std::vector<const Type*>& out)
{
    if (consume('(')) {
        if (consume(')'))
            return;
        do {
            out.push_back(parseType());
        } while (consume(','));
        expect(')', "to close the type list");
        return;
    }
    do {
        out.push_back(parseType());
    } while (consume(','));
}

} // namespace tilelens::ir::detail
