#include "IntraLineDiff.h"

#include <algorithm>

namespace tilelens::gui {
namespace {

struct Token
{
    int start;
    int length;
};

bool isWordChar(QChar c)
{
    return c.isLetterOrNumber() || c == QLatin1Char('_');
}

std::vector<Token> tokenize(const QString& text)
{
    std::vector<Token> tokens;
    const int n = static_cast<int>(text.size());
    int i = 0;
    while (i < n) {
        const QChar c = text[i];
        int end = i + 1;
        if (c.isSpace()) {
            ++i;
            continue;
        }
        if (c == QLatin1Char('%')) { // SSA name: %12, %arg0, %x.y
            while (end < n && (isWordChar(text[end]) || text[end] == QLatin1Char('.')))
                ++end;
        } else if (c.isDigit()) {
            while (end < n && text[end].isDigit())
                ++end;
        } else if (c.isLetter() || c == QLatin1Char('_')) {
            while (end < n && (text[end].isLetter() || text[end] == QLatin1Char('_')))
                ++end;
        }
        tokens.push_back({i, end - i});
        i = end;
    }
    return tokens;
}

bool sameToken(const QString& a, const Token& ta, const QString& b, const Token& tb)
{
    const bool ssaA = a[ta.start] == QLatin1Char('%');
    const bool ssaB = b[tb.start] == QLatin1Char('%');
    if (ssaA || ssaB)
        return ssaA && ssaB;
    return QStringView(a).mid(ta.start, ta.length) == QStringView(b).mid(tb.start, tb.length);
}

// Merges the unmatched tokens into runs; a run spans the blanks between its
// tokens so "= 3}>" reads as one highlight, not five.
std::vector<TextSpan> runs(const std::vector<Token>& tokens, const std::vector<bool>& matched)
{
    std::vector<TextSpan> spans;
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

TextSpan wholeLine(const QString& text)
{
    const QString trimmed = text.trimmed();
    return {static_cast<int>(text.indexOf(trimmed)), static_cast<int>(trimmed.size())};
}

} // namespace

IntraLineSpans intraLineSpans(const QString& reference, const QString& generated)
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

} // namespace tilelens::gui
