#include "common/HiddenText.h"

#include "common/PrintableText.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <optional>

namespace tilelens {

namespace {

// In code point order (hiddenCharacterInfo searches it).
const std::vector<HiddenCharacterInfo> kTable = {
    {0x00AD, "SHY", "SOFT HYPHEN"},
    {0x061C, "ALM", "ARABIC LETTER MARK"},
    {0x115F, "HCF", "HANGUL CHOSEONG FILLER"},
    {0x1160, "HJF", "HANGUL JUNGSEONG FILLER"},
    {0x180E, "MVS", "MONGOLIAN VOWEL SEPARATOR"},
    {0x200B, "ZWSP", "ZERO WIDTH SPACE"},
    {0x200C, "ZWNJ", "ZERO WIDTH NON-JOINER"},
    {0x200D, "ZWJ", "ZERO WIDTH JOINER"},
    {0x200E, "LRM", "LEFT-TO-RIGHT MARK"},
    {0x200F, "RLM", "RIGHT-TO-LEFT MARK"},
    {0x2028, "LSEP", "LINE SEPARATOR"},
    {0x2029, "PSEP", "PARAGRAPH SEPARATOR"},
    {0x202A, "LRE", "LEFT-TO-RIGHT EMBEDDING"},
    {0x202B, "RLE", "RIGHT-TO-LEFT EMBEDDING"},
    {0x202C, "PDF", "POP DIRECTIONAL FORMATTING"},
    {0x202D, "LRO", "LEFT-TO-RIGHT OVERRIDE"},
    {0x202E, "RLO", "RIGHT-TO-LEFT OVERRIDE"},
    {0x2060, "WJ", "WORD JOINER"},
    {0x2061, "FA", "FUNCTION APPLICATION"},
    {0x2062, "ITIMES", "INVISIBLE TIMES"},
    {0x2063, "ISEP", "INVISIBLE SEPARATOR"},
    {0x2064, "IPLUS", "INVISIBLE PLUS"},
    {0x2066, "LRI", "LEFT-TO-RIGHT ISOLATE"},
    {0x2067, "RLI", "RIGHT-TO-LEFT ISOLATE"},
    {0x2068, "FSI", "FIRST STRONG ISOLATE"},
    {0x2069, "PDI", "POP DIRECTIONAL ISOLATE"},
    {0x3164, "HF", "HANGUL FILLER"},
    {0xFEFF, "ZWNBSP", "ZERO WIDTH NO-BREAK SPACE"},
    {0xFFA0, "HWHF", "HALFWIDTH HANGUL FILLER"},
};

constexpr char32_t kByteOrderMark = 0xFEFF;

// The lead bytes of every hidden character's UTF-8 form (C2 AD, D8 9C, E1 .., E2 .., E3 85 A4,
// EF ..): any other byte starts no hidden character, so the scan decodes only at these.
bool mayLeadHidden(unsigned char c)
{
    return c == 0xC2 || c == 0xD8 || (c >= 0xE1 && c <= 0xE3) || c == 0xEF;
}

constexpr uint64_t kHighBits = 0x8080808080808080ULL;

// Lines are counted only up to the characters listed (memchr from the last one), not per byte.
class LineCursor
{
public:
    explicit LineCursor(std::string_view text) : m_text(text) {}

    HiddenCharacter placeOf(size_t offset, char32_t cp)
    {
        const char* data = m_text.data();
        while (const void* nl = std::memchr(data + m_counted, '\n', offset - m_counted)) {
            const size_t at = size_t(static_cast<const char*>(nl) - data);
            ++m_line;
            m_lineStart = at + 1;
            m_counted = at + 1;
        }
        m_counted = offset;
        // Columns count characters, as lineColumnOfByte does (not UTF-8 continuation bytes).
        int column = 1;
        for (size_t i = m_lineStart; i < offset; ++i)
            column += (static_cast<unsigned char>(data[i]) & 0xC0) != 0x80;
        return {FileLine(m_line), column, cp};
    }

private:
    std::string_view m_text;
    size_t m_counted = 0; // newlines before this offset are counted
    size_t m_lineStart = 0;
    int m_line = 1;
};

} // namespace

bool isBidiControl(char32_t cp)
{
    return cp == 0x061C || cp == 0x200E || cp == 0x200F || (cp >= 0x202A && cp <= 0x202E) ||
           (cp >= 0x2066 && cp <= 0x2069);
}

bool isLineOrParagraphSeparator(char32_t cp)
{
    return cp == 0x2028 || cp == 0x2029;
}

bool isHiddenCharacter(char32_t cp)
{
    return hiddenCharacterInfo(cp) != nullptr;
}

const std::vector<HiddenCharacterInfo>& hiddenCharacterTable()
{
    return kTable;
}

const HiddenCharacterInfo* hiddenCharacterInfo(char32_t cp)
{
    const auto it = std::lower_bound(
        kTable.begin(), kTable.end(), cp,
        [](const HiddenCharacterInfo& row, char32_t value) { return row.codePoint < value; });
    return it != kTable.end() && it->codePoint == cp ? &*it : nullptr;
}

std::string describeHiddenCharacter(char32_t cp)
{
    static constexpr const char* kHex = "0123456789ABCDEF";
    std::string out = "U+";
    for (int shift = cp > 0xFFFF ? 20 : 12; shift >= 0; shift -= 4)
        out += kHex[(cp >> shift) & 15];
    if (const HiddenCharacterInfo* info = hiddenCharacterInfo(cp))
        out.append(" ").append(info->name);
    return out;
}

std::optional<HiddenAt> nextHiddenCharacter(std::string_view text, size_t from)
{
    const char* data = text.data();
    for (size_t i = from; i < text.size();) {
        // Source, IR and logs are nearly all ASCII: eight bytes at a time while no byte is
        // >= 0x80.
        uint64_t word = 0;
        if (i + sizeof word <= text.size() &&
            (std::memcpy(&word, data + i, sizeof word), (word & kHighBits) == 0)) {
            i += sizeof word;
            continue;
        }
        char32_t cp = 0;
        const int n =
            mayLeadHidden(static_cast<unsigned char>(data[i])) ? utf8SequenceAt(text, i, cp) : 0;
        if (n == 0) {
            ++i;
            continue;
        }
        if (isHiddenCharacter(cp) && !(cp == kByteOrderMark && i == 0))
            return HiddenAt{i, size_t(n), cp};
        i += size_t(n);
    }
    return std::nullopt;
}

HiddenTextScan scanHiddenText(std::string_view text, size_t maxListed)
{
    HiddenTextScan scan;
    LineCursor lines(text);
    for (auto at = nextHiddenCharacter(text, 0); at;
         at = nextHiddenCharacter(text, at->offset + at->length)) {
        ++scan.count;
        if (scan.listed.size() < maxListed)
            scan.listed.push_back(lines.placeOf(at->offset, at->codePoint));
    }
    return scan;
}

std::string revealHiddenText(std::string_view text)
{
    auto at = nextHiddenCharacter(text, 0);
    if (!at)
        return std::string(text);
    std::string out;
    out.reserve(text.size() + 16);
    size_t done = 0;
    for (; at; at = nextHiddenCharacter(text, at->offset + at->length)) {
        out.append(text.substr(done, at->offset - done));
        out.append("\u2039")
            .append(hiddenCharacterInfo(at->codePoint)->abbreviation)
            .append("\u203a");
        done = at->offset + at->length;
    }
    out.append(text.substr(done));
    return out;
}

std::string hiddenTextLines(const HiddenTextScan& scan, size_t maxLines)
{
    std::vector<int> lines;
    for (const HiddenCharacter& h : scan.listed)
        if (lines.empty() || lines.back() != h.line.number())
            lines.push_back(h.line.number());
    const bool more = lines.size() > maxLines || scan.count > scan.listed.size();
    if (lines.size() > maxLines)
        lines.resize(maxLines);
    std::string out;
    for (const int line : lines)
        out += (out.empty() ? "" : ", ") + std::to_string(line);
    if (more)
        out += ", ...";
    return out;
}

} // namespace tilelens
