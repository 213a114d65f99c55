#include "pair/IntraLine.h"

#include "diff/DiffResult.h"

#include <algorithm>

namespace tilelens::pair {
namespace {

struct Token
{
    int start;
    int length;
};

bool isAsciiLetter(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
bool isDigit(unsigned char c)
{
    return c >= '0' && c <= '9';
}
bool isSpace(unsigned char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

// Bytes of the UTF-8 character that starts at `i` (a stray continuation byte: one).
int charLength(std::string_view text, int i)
{
    const auto c = static_cast<unsigned char>(text[size_t(i)]);
    const int n = c < 0x80 ? 1 : c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
    return std::min(n, int(text.size()) - i);
}

// A letter: ASCII letters and every character outside ASCII.
bool isLetterAt(std::string_view text, int i)
{
    const auto c = static_cast<unsigned char>(text[size_t(i)]);
    return isAsciiLetter(c) || c >= 0x80;
}
bool isWordAt(std::string_view text, int i)
{
    return isLetterAt(text, i) || isDigit(static_cast<unsigned char>(text[size_t(i)])) ||
           text[size_t(i)] == '_';
}

std::vector<Token> tokenize(std::string_view text)
{
    std::vector<Token> tokens;
    const int n = int(text.size());
    int i = 0;
    while (i < n) {
        const auto c = static_cast<unsigned char>(text[size_t(i)]);
        if (isSpace(c)) {
            ++i;
            continue;
        }
        int end = i + charLength(text, i);
        if (c == '%') { // SSA name: %12, %arg0, %x.y
            while (end < n && (isWordAt(text, end) || text[size_t(end)] == '.'))
                end += charLength(text, end);
        } else if (isDigit(c)) {
            while (end < n && isDigit(static_cast<unsigned char>(text[size_t(end)])))
                ++end;
        } else if (isLetterAt(text, i) || c == '_') {
            while (end < n && (isLetterAt(text, end) || text[size_t(end)] == '_'))
                end += charLength(text, end);
        }
        tokens.push_back({i, end - i});
        i = end;
    }
    return tokens;
}

bool sameToken(std::string_view a, const Token& ta, std::string_view b, const Token& tb)
{
    const bool ssaA = a[size_t(ta.start)] == '%';
    const bool ssaB = b[size_t(tb.start)] == '%';
    if (ssaA || ssaB)
        return ssaA && ssaB;
    return a.substr(size_t(ta.start), size_t(ta.length)) ==
           b.substr(size_t(tb.start), size_t(tb.length));
}

// Merges the unmatched tokens into runs; a run spans the blanks between its tokens so "= 3}>"
// reads as one highlight, not five.
std::vector<ByteSpan> runs(const std::vector<Token>& tokens, const std::vector<bool>& matched)
{
    std::vector<ByteSpan> spans;
    for (size_t i = 0; i < tokens.size(); ++i) {
        if (matched[i])
            continue;
        const int end = tokens[i].start + tokens[i].length;
        if (!spans.empty() && i > 0 && !matched[i - 1])
            spans.back().length = end - spans.back().start;
        else
            spans.push_back({tokens[i].start, tokens[i].length});
    }
    return spans;
}

// The line without its leading and trailing blanks (its line break included); empty: none.
std::optional<ByteSpan> trimmed(std::string_view text)
{
    int b = 0, e = int(text.size());
    while (b < e && isSpace(static_cast<unsigned char>(text[size_t(b)])))
        ++b;
    while (e > b && isSpace(static_cast<unsigned char>(text[size_t(e - 1)])))
        --e;
    if (b == e)
        return std::nullopt;
    return ByteSpan{b, e - b};
}

ByteSpan wholeLine(std::string_view text)
{
    return trimmed(text).value_or(ByteSpan{0, 0});
}

// `needle` as a whole word of `text` (\bneedle\b), or nullopt.
std::optional<ByteSpan> word(std::string_view text, std::string_view needle)
{
    const auto wordAt = [&](int i) { return i >= 0 && i < int(text.size()) && isWordAt(text, i); };
    for (size_t at = text.find(needle); at != std::string_view::npos;
         at = text.find(needle, at + 1)) {
        const int b = int(at), e = int(at + needle.size());
        if (wordAt(b - 1) != wordAt(b) && wordAt(e - 1) != wordAt(e))
            return ByteSpan{b, int(needle.size())};
    }
    return std::nullopt;
}

} // namespace

PerSide<std::vector<ByteSpan>> intraLineSpans(std::string_view reference,
                                              std::string_view generated)
{
    const std::vector<Token> a = tokenize(reference);
    const std::vector<Token> b = tokenize(generated);
    if (long(a.size()) * long(b.size()) > kMaxIntraLineCells)
        return {{wholeLine(reference)}, {wholeLine(generated)}};
    // lcs[i][j]: LCS length of a[i..] and b[j..], one flat row-major table.
    const size_t w = b.size() + 1;
    std::vector<int> lcs((a.size() + 1) * w, 0);
    for (size_t i = a.size(); i-- > 0;)
        for (size_t j = b.size(); j-- > 0;)
            lcs[i * w + j] = sameToken(reference, a[i], generated, b[j])
                                 ? lcs[(i + 1) * w + j + 1] + 1
                                 : std::max(lcs[(i + 1) * w + j], lcs[i * w + j + 1]);
    std::vector<bool> matchedA(a.size(), false);
    std::vector<bool> matchedB(b.size(), false);
    size_t i = 0;
    size_t j = 0;
    while (i < a.size() && j < b.size()) {
        if (sameToken(reference, a[i], generated, b[j])) {
            matchedA[i++] = true;
            matchedB[j++] = true;
        } else if (lcs[(i + 1) * w + j] >= lcs[i * w + j + 1]) {
            ++i;
        } else {
            ++j;
        }
    }
    return {runs(a, matchedA), runs(b, matchedB)};
}

std::vector<ByteSpan> divergenceSpans(const diff::Divergence& d, Side side,
                                      const PerSide<std::optional<std::string_view>>& lines)
{
    const auto& site = diff::site(d, side);
    if (!site || site->line <= 0 || !lines[side])
        return {};
    const std::string_view text = *lines[side];
    const Side other = otherSide(side);
    const auto& otherSite = diff::site(d, other);
    if (otherSite && otherSite->line > 0 && lines[other]) {
        // Both lines are there: the characters that differ between them.
        PerSide<std::string_view> both;
        both[side] = text;
        both[other] = *lines[other];
        PerSide<std::vector<ByteSpan>> spans = intraLineSpans(both.reference(), both.generated());
        if (!spans[side].empty())
            return spans[side];
    }
    // One-sided (or equal up to SSA names): the attribute or op name, as a whole word, else
    // the whole op text.
    for (const std::string& needle : {d.attribute, site->op})
        if (!needle.empty())
            if (const auto span = word(text, needle))
                return {*span};
    if (const auto span = trimmed(text))
        return {*span};
    return {};
}

} // namespace tilelens::pair
