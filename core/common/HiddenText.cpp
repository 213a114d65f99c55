#include "common/HiddenText.h"

#include "common/LookalikeLetters.h"
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

// The first byte >= 0x80 at or after `from` (text.size() when none). Source, IR and logs are
// nearly all ASCII: eight bytes at a time while no byte is >= 0x80.
size_t nextNonAscii(std::string_view text, size_t from)
{
    size_t i = from;
    uint64_t word = 0;
    while (i + sizeof word <= text.size() &&
           (std::memcpy(&word, text.data() + i, sizeof word), (word & kHighBits) == 0))
        i += sizeof word;
    while (i < text.size() && static_cast<unsigned char>(text[i]) < 0x80)
        ++i;
    return i;
}

// Lines are counted only up to the characters listed (memchr from the last one), not per byte.
class LineCursor
{
public:
    explicit LineCursor(std::string_view text) : m_text(text) {}

    struct Place
    {
        FileLine line;
        int column = 0;
    };

    Place placeOf(size_t offset)
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
        return {FileLine(m_line), column};
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

std::string codePointName(char32_t cp)
{
    static constexpr const char* kHex = "0123456789ABCDEF";
    std::string out = "U+";
    for (int shift = cp > 0xFFFF ? 20 : 12; shift >= 0; shift -= 4)
        out += kHex[(cp >> shift) & 15];
    return out;
}

std::string describeHiddenCharacter(char32_t cp)
{
    std::string out = codePointName(cp);
    if (const HiddenCharacterInfo* info = hiddenCharacterInfo(cp))
        out.append(" ").append(info->name);
    return out;
}

std::optional<HiddenAt> nextHiddenCharacter(std::string_view text, size_t from)
{
    for (size_t i = nextNonAscii(text, from); i < text.size(); i = nextNonAscii(text, i)) {
        char32_t cp = 0;
        const int n =
            mayLeadHidden(static_cast<unsigned char>(text[i])) ? utf8SequenceAt(text, i, cp) : 0;
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
        if (scan.listed.size() < maxListed) {
            const LineCursor::Place place = lines.placeOf(at->offset);
            scan.listed.push_back({place.line, place.column, at->codePoint});
        }
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

LetterScript letterScript(char32_t cp)
{
    const auto in = [cp](char32_t lo, char32_t hi) { return cp >= lo && cp <= hi; };
    if (in('A', 'Z') || in('a', 'z') || (in(0xC0, 0x24F) && cp != 0xD7 && cp != 0xF7) ||
        in(0x1E00, 0x1EFF) || in(0xFF21, 0xFF3A) || in(0xFF41, 0xFF5A))
        return LetterScript::Latin;
    if (in(0x370, 0x3FF) || in(0x1F00, 0x1FFF))
        return LetterScript::Greek;
    if (in(0x400, 0x52F) || in(0x1C80, 0x1C8F) || in(0x2DE0, 0x2DFF) || in(0xA640, 0xA69F))
        return LetterScript::Cyrillic;
    if (in(0x531, 0x58F))
        return LetterScript::Armenian;
    return LetterScript::None;
}

std::string_view letterScriptName(LetterScript script)
{
    switch (script) {
    case LetterScript::Latin:
        return "Latin";
    case LetterScript::Greek:
        return "Greek";
    case LetterScript::Cyrillic:
        return "Cyrillic";
    case LetterScript::Armenian:
        return "Armenian";
    case LetterScript::None:
        break;
    }
    return "";
}

namespace {

// The start of the UTF-8 sequence that ends at `end` (not before `floor`).
size_t sequenceStartBefore(std::string_view text, size_t end, size_t floor)
{
    size_t i = end - 1;
    while (i > floor && end - i < 4 && (static_cast<unsigned char>(text[i]) & 0xC0) == 0x80)
        --i;
    return i;
}

std::vector<LetterScript> scriptsOf(unsigned mask)
{
    std::vector<LetterScript> out;
    for (const LetterScript s :
         {LetterScript::Latin, LetterScript::Greek, LetterScript::Cyrillic, LetterScript::Armenian})
        if (mask & (1u << unsigned(s)))
            out.push_back(s);
    return out;
}

// The character at byte `at` of a text: its code point, script and UTF-8 length (1 for a
// malformed byte, which is no letter).
struct Letter
{
    char32_t codePoint = 0;
    LetterScript script = LetterScript::None;
    size_t length = 1;
};

Letter letterAt(std::string_view text, size_t at)
{
    char32_t cp = static_cast<unsigned char>(text[at]);
    const int n = cp < 0x80 ? 1 : utf8SequenceAt(text, at, cp);
    if (n == 0)
        return {};
    return {cp, letterScript(cp), size_t(n)};
}

// Letters of the lookalike scripts, ASCII letters, digits and '_', and combining marks (an
// accent written apart from its letter) make up a name.
bool isNameCharacter(const Letter& c)
{
    return c.script != LetterScript::None || (c.codePoint >= '0' && c.codePoint <= '9') ||
           c.codePoint == '_' || (c.codePoint >= 0x300 && c.codePoint <= 0x36F);
}

// The script most letters of `name` are in; on a tie the first in LetterScript order.
LetterScript mainScript(std::string_view name)
{
    size_t count[5] = {};
    for (size_t i = 0; i < name.size();) {
        const Letter letter = letterAt(name, i);
        ++count[size_t(letter.script)];
        i += letter.length;
    }
    LetterScript main = LetterScript::Latin;
    for (const LetterScript s :
         {LetterScript::Greek, LetterScript::Cyrillic, LetterScript::Armenian})
        if (count[size_t(s)] > count[size_t(main)])
            main = s;
    return main;
}

// "U+0430 U+043E": the letters of `name` that are not of `main`, at most four, then "...".
std::string oddLetters(std::string_view name, LetterScript main)
{
    std::string out;
    size_t listed = 0;
    for (size_t i = 0; i < name.size();) {
        const Letter letter = letterAt(name, i);
        i += letter.length;
        if (letter.script == LetterScript::None || letter.script == main)
            continue;
        if (listed++ == 4) {
            out += " ...";
            break;
        }
        out.append(out.empty() ? "" : " ").append(codePointName(letter.codePoint));
    }
    return out;
}

// The distinct lines of listed places, as hiddenTextLines writes them.
template <typename Listed>
std::string linesOf(const std::vector<Listed>& listed, size_t count, size_t maxLines)
{
    std::vector<int> lines;
    for (const Listed& h : listed)
        if (lines.empty() || lines.back() != h.line.number())
            lines.push_back(h.line.number());
    const bool more = lines.size() > maxLines || count > listed.size();
    if (lines.size() > maxLines)
        lines.resize(maxLines);
    std::string out;
    for (const int line : lines)
        out += (out.empty() ? "" : ", ") + std::to_string(line);
    if (more)
        out += ", ...";
    return out;
}

constexpr unsigned scriptBit(LetterScript s)
{
    return 1u << unsigned(s);
}

// Calls `visit(start, end, scripts)` for each name with a byte >= 0x80, in text order, with
// the mask of its letters' scripts (scriptBit). Only such a name can read as another: from
// each such byte, back to the start of its name (not before the end of the last name read)
// and on to its end.
template <typename Visit> void forEachNonAsciiName(std::string_view text, Visit&& visit)
{
    for (size_t done = 0, p = nextNonAscii(text, 0); p < text.size();
         p = nextNonAscii(text, done)) {
        size_t start = p;
        while (start > done) {
            const size_t prev = sequenceStartBefore(text, start, done);
            const Letter c = letterAt(text, prev);
            if (!isNameCharacter(c) || prev + c.length != start)
                break;
            start = prev;
        }
        unsigned scripts = 0;
        size_t end = start;
        for (Letter c; end < text.size() && isNameCharacter(c = letterAt(text, end));
             end += c.length)
            scripts |= c.script == LetterScript::None ? 0u : scriptBit(c.script);
        done = std::max(end, p + letterAt(text, p).length);
        visit(start, end, scripts);
    }
}

constexpr unsigned kNonLatinScripts = scriptBit(LetterScript::Greek) |
                                      scriptBit(LetterScript::Cyrillic) |
                                      scriptBit(LetterScript::Armenian);

// The scripts of which some letter in a name of `text` has no ASCII lookalike: names in
// those are written in that script, not in lookalikes of Latin.
unsigned scriptsUsedAsThemselves(std::string_view text)
{
    unsigned used = 0;
    forEachNonAsciiName(text, [&](size_t start, size_t end, unsigned scripts) {
        if ((scripts & kNonLatinScripts & ~used) == 0)
            return;
        for (size_t i = start; i < end;) {
            const Letter c = letterAt(text, i);
            i += c.length;
            if ((scriptBit(c.script) & kNonLatinScripts) && asciiLookalike(c.codePoint).empty())
                used |= scriptBit(c.script);
        }
    });
    return used;
}

// The ASCII name `name` reads as (its first kMaxLookalikeNameBytes), or empty when a letter
// of it, kept or not, has no ASCII lookalike.
std::string asciiReading(std::string_view name)
{
    std::string out;
    for (size_t i = 0; i < name.size();) {
        const Letter c = letterAt(name, i);
        i += c.length;
        const std::string_view ascii =
            c.codePoint < 0x80 ? name.substr(i - 1, 1) : asciiLookalike(c.codePoint);
        if (ascii.empty())
            return {};
        if (out.size() < kMaxLookalikeNameBytes)
            out.append(ascii.substr(0, kMaxLookalikeNameBytes - out.size()));
    }
    return out;
}

} // namespace

LookalikeNameScan scanLookalikeNames(std::string_view text, size_t maxListed)
{
    LookalikeNameScan scan;
    LineCursor lines(text);
    // Scripts read as lookalikes only where no name of the text uses them as themselves;
    // judged in a first pass, which only a text with a non-ASCII name needs.
    std::optional<unsigned> usedAsThemselves;
    forEachNonAsciiName(text, [&](size_t start, size_t end, unsigned scripts) {
        const bool mixed = (scripts & (scripts - 1)) != 0;
        const std::string_view whole = text.substr(start, end - start);
        std::string readsAs;
        if (!mixed) {
            if ((scripts & kNonLatinScripts) == 0)
                return;
            if (!usedAsThemselves)
                usedAsThemselves = scriptsUsedAsThemselves(text);
            // (a combining accent has no ASCII lookalike)
            if ((scripts & *usedAsThemselves) || (readsAs = asciiReading(whole)).empty())
                return;
        } else if (scan.listed.size() < maxListed)
            readsAs = asciiReading(whole);
        ++scan.count;
        if (scan.listed.size() >= maxListed)
            return;
        const LineCursor::Place place = lines.placeOf(start);
        size_t cut = std::min(end, start + kMaxLookalikeNameBytes); // on a character boundary
        while (cut > start && cut < end && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80)
            --cut;
        LookalikeName listed{place.line,
                             place.column,
                             start,
                             whole.size(),
                             std::string(text.substr(start, cut - start)),
                             scriptsOf(scripts),
                             {},
                             std::move(readsAs)};
        listed.odd = oddLetters(whole, mixed ? mainScript(whole) : LetterScript::Latin);
        scan.listed.push_back(std::move(listed));
    });
    return scan;
}

std::string LookalikeName::scriptList() const
{
    std::string out;
    for (const LetterScript s : scripts)
        out.append(out.empty() ? "" : "/").append(letterScriptName(s));
    return out;
}

std::string lookalikeNameLines(const LookalikeNameScan& scan, size_t maxLines)
{
    return linesOf(scan.listed, scan.count, maxLines);
}

std::string hiddenTextLines(const HiddenTextScan& scan, size_t maxLines)
{
    return linesOf(scan.listed, scan.count, maxLines);
}

} // namespace tilelens
