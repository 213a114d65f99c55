#include "common/PrintableText.h"

#include "common/HiddenText.h"

namespace tilelens {

namespace {

constexpr const char* kHex = "0123456789abcdef";
constexpr const char* kUpperHex = "0123456789ABCDEF"; // U+001B, as Unicode writes it

bool isContinuation(unsigned char c)
{
    return (c & 0xC0) == 0x80;
}

// C0, DEL and C1: the code points a terminal acts on instead of showing.
bool isControl(char32_t cp)
{
    return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F);
}

// Bidirectional-text controls (they reorder what a line shows, "Trojan Source") and the line
// and paragraph separators some viewers break lines at (HiddenText.h).
bool isLayoutControl(char32_t cp)
{
    return isBidiControl(cp) || isLineOrParagraphSeparator(cp);
}

void appendUnicodeEscape(std::string& out, char32_t cp)
{
    out += "\\u";
    for (int shift = 12; shift >= 0; shift -= 4)
        out += kHex[(cp >> shift) & 15];
}

} // namespace

int utf8SequenceAt(std::string_view bytes, size_t at, char32_t& codePoint)
{
    const auto byte = [&](size_t i) { return static_cast<unsigned char>(bytes[i]); };
    const unsigned char lead = byte(at);
    if (lead < 0x80) {
        codePoint = lead;
        return 1;
    }
    int length = 0;
    char32_t cp = 0;
    // The smallest code point of each length (smaller ones are overlong forms).
    char32_t minimum = 0;
    if (lead >= 0xC2 && lead <= 0xDF) {
        length = 2, cp = lead & 0x1F, minimum = 0x80;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        length = 3, cp = lead & 0x0F, minimum = 0x800;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        length = 4, cp = lead & 0x07, minimum = 0x10000;
    } else {
        return 0; // a continuation byte, C0/C1 (always overlong) or F5..FF (past U+10FFFF)
    }
    if (at + size_t(length) > bytes.size())
        return 0;
    for (int k = 1; k < length; ++k) {
        if (!isContinuation(byte(at + size_t(k))))
            return 0;
        cp = (cp << 6) | (byte(at + size_t(k)) & 0x3F);
    }
    if (cp < minimum || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    codePoint = cp;
    return length;
}

void appendUtf8(std::string& out, char32_t cp)
{
    if (cp < 0x80) {
        out += char(cp);
    } else if (cp < 0x800) {
        out += char(0xC0 | (cp >> 6));
        out += char(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += char(0xE0 | (cp >> 12));
        out += char(0x80 | ((cp >> 6) & 0x3F));
        out += char(0x80 | (cp & 0x3F));
    } else {
        out += char(0xF0 | (cp >> 18));
        out += char(0x80 | ((cp >> 12) & 0x3F));
        out += char(0x80 | ((cp >> 6) & 0x3F));
        out += char(0x80 | (cp & 0x3F));
    }
}

std::optional<NameProblem> nameProblem(std::string_view name)
{
    for (size_t i = 0; i < name.size();) {
        char32_t cp = 0;
        const int n = utf8SequenceAt(name, i, cp);
        if (n == 0) {
            const auto c = static_cast<unsigned char>(name[i]);
            return NameProblem{i, std::string("is not valid UTF-8 (byte 0x") + kUpperHex[c >> 4] +
                                      kUpperHex[c & 15] + ")"};
        }
        if (isControl(cp)) {
            std::string what = "has a control character (U+";
            for (int shift = 12; shift >= 0; shift -= 4)
                what += kUpperHex[(cp >> shift) & 15];
            return NameProblem{i, what + ")"};
        }
        i += size_t(n);
    }
    return std::nullopt;
}

std::string printableText(std::string_view text, LineBreaks breaks)
{
    // Plain printable ASCII (nearly every report) is returned as it is.
    size_t first = 0;
    while (first < text.size()) {
        const auto c = static_cast<unsigned char>(text[first]);
        if (c >= 0x7F || (c < 0x20 && !(breaks == LineBreaks::Keep && (c == '\n' || c == '\t'))))
            break;
        ++first;
    }
    if (first == text.size())
        return std::string(text);
    std::string out(text.substr(0, first));
    out.reserve(text.size() + 16);
    for (size_t i = first; i < text.size();) {
        char32_t cp = 0;
        const int n = utf8SequenceAt(text, i, cp);
        if (n == 0) {
            const auto c = static_cast<unsigned char>(text[i]);
            out += "\\x";
            out += kHex[c >> 4];
            out += kHex[c & 15];
            ++i;
            continue;
        }
        const bool kept = breaks == LineBreaks::Keep && (cp == '\n' || cp == '\t');
        if (!kept && (isControl(cp) || isLayoutControl(cp)))
            appendUnicodeEscape(out, cp);
        else
            out.append(text.substr(i, size_t(n)));
        i += size_t(n);
    }
    return out;
}

} // namespace tilelens
