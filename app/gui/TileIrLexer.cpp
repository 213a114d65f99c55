#include "TileIrLexer.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace tilelens::gui {
namespace {

using Sv = std::string_view;

// Sorted for binary search.
constexpr std::array<Sv, 7> kTypeWords = {
    "gather_scatter_view", "partition_view", "ptr", "strided_view", "tensor_view", "tile", "token"};

constexpr std::array<Sv, 14> kKeywords = {"array", "at",    "attributes",  "callsite", "dense",
                                          "false", "fused", "iter_values", "module",   "none",
                                          "to",    "true",  "unit",        "unknown"};

// Enum keywords and attribute names of the cuda_tile dialect (tile-ir.md §1.4).
constexpr std::array<Sv, 61> kAttributeWords = {"acq_rel",
                                                "acquire",
                                                "allow_tma",
                                                "along",
                                                "approx",
                                                "bounded",
                                                "comparison_ordering",
                                                "comparison_predicate",
                                                "default",
                                                "device",
                                                "dim_map",
                                                "div_by",
                                                "equal",
                                                "every",
                                                "flush_to_zero",
                                                "full",
                                                "function_type",
                                                "greater_than",
                                                "greater_than_or_equal",
                                                "latency",
                                                "less_than",
                                                "less_than_or_equal",
                                                "memory_ordering",
                                                "memory_scope",
                                                "nearest_even",
                                                "nearest_int_to_zero",
                                                "neg_inf",
                                                "neg_zero",
                                                "negative_inf",
                                                "no_signed_wrap",
                                                "no_unsigned_wrap",
                                                "no_wrap",
                                                "not_equal",
                                                "num_cta_in_cga",
                                                "num_worker_warps_per_cta",
                                                "occupancy",
                                                "optimization_hints",
                                                "ordered",
                                                "overflow",
                                                "padding_value",
                                                "pos_inf",
                                                "positive_inf",
                                                "private",
                                                "public",
                                                "relaxed",
                                                "release",
                                                "rounding",
                                                "same_elements",
                                                "signed",
                                                "signedness",
                                                "sparse_dim",
                                                "strides",
                                                "sym_name",
                                                "symbol_visibility",
                                                "sys",
                                                "tl_blk",
                                                "traversal_strides",
                                                "unordered",
                                                "unsigned",
                                                "weak",
                                                "zero"};

bool isElementType(Sv w)
{
    if (w == "bf16" || w == "tf32")
        return true;
    // i1 i4 i8 i16 i32 i64, f16 f32 f64, f8E4M3FN f8E5M2 f8E8M0FNU f4E2M1FN (any case)
    if (w.size() >= 2 && (w[0] == 'i' || w[0] == 'f') && isAsciiDigit(w[1])) {
        if (w[0] == 'i')
            return std::all_of(w.begin() + 1, w.end(), isAsciiDigit);
        return std::all_of(w.begin() + 1, w.end(), isIdentChar);
    }
    return false;
}

bool isSuffixIdChar(char c)
{
    return isIdentChar(c) || c == '$' || c == '.' || c == '-';
}

struct Cursor
{
    Sv s;
    size_t i = 0;
    char at(size_t k) const { return k < s.size() ? s[k] : '\0'; }
};

// End of a "..." string starting at \a i (the quote); unterminated runs to EOL.
size_t scanString(Sv s, size_t i)
{
    ++i;
    while (i < s.size()) {
        if (s[i] == '\\' && i + 1 < s.size()) {
            i += 2;
            continue;
        }
        if (s[i] == '"')
            return i + 1;
        ++i;
    }
    return s.size();
}

// A shape like 4x8xf32 / ?x2xf32 / 1024x1024: digits or '?', 'x', repeat,
// then an optional element type. Returns the end, or \a i if not a shape.
size_t scanShape(Sv s, size_t i)
{
    size_t j = i;
    bool sawX = false;
    while (j < s.size()) {
        size_t k = j;
        if (s[k] == '?')
            ++k;
        else
            while (k < s.size() && isAsciiDigit(s[k]))
                ++k;
        if (k == j)
            break;
        if (k < s.size() && s[k] == 'x' && k + 1 < s.size() &&
            (isAsciiDigit(s[k + 1]) || s[k + 1] == '?' || isAsciiAlpha(s[k + 1]))) {
            sawX = true;
            j = k + 1;
            continue;
        }
        j = k;
        break;
    }
    if (!sawX)
        return i;
    while (j < s.size() && isIdentChar(s[j]))
        ++j; // element type (or ptr, handled by the caller as the next token)
    return j;
}

size_t scanNumber(Sv s, size_t i)
{
    size_t j = i;
    if (s[j] == '0' && j + 1 < s.size() && (s[j + 1] == 'x' || s[j + 1] == 'X') &&
        j + 2 < s.size() && std::isxdigit(static_cast<unsigned char>(s[j + 2]))) {
        j += 2;
        while (j < s.size() && std::isxdigit(static_cast<unsigned char>(s[j])))
            ++j;
        return j;
    }
    while (j < s.size() && isAsciiDigit(s[j]))
        ++j;
    if (j < s.size() && s[j] == '.' && j + 1 < s.size() && isAsciiDigit(s[j + 1])) {
        ++j;
        while (j < s.size() && isAsciiDigit(s[j]))
            ++j;
    } else if (j < s.size() && s[j] == '.') {
        ++j;
    }
    if (j < s.size() && (s[j] == 'e' || s[j] == 'E')) {
        size_t k = j + 1;
        if (k < s.size() && (s[k] == '+' || s[k] == '-'))
            ++k;
        if (k < s.size() && isAsciiDigit(s[k])) {
            j = k;
            while (j < s.size() && isAsciiDigit(s[j]))
                ++j;
        }
    }
    return j;
}

// loc( ... ) with nested parentheses and strings; unbalanced runs to EOL.
size_t scanLocation(Sv s, size_t open)
{
    int depth = 0;
    size_t j = open;
    while (j < s.size()) {
        const char c = s[j];
        if (c == '"') {
            j = scanString(s, j);
            continue;
        }
        if (c == '(')
            ++depth;
        else if (c == ')' && --depth == 0)
            return j + 1;
        ++j;
    }
    return s.size();
}

char nextNonBlank(Sv s, size_t j)
{
    j = skipBlanks(s, j);
    return j < s.size() ? s[j] : '\0';
}

// Indexed by TileIrLexer::Style.
constexpr LexerStyle kStyles[] = {
    {QT_TRANSLATE_NOOP("tilelens::gui::TileIrLexer", "Default"), TokenCategory::Plain},
    {QT_TRANSLATE_NOOP("tilelens::gui::TileIrLexer", "Comment"), TokenCategory::Comment},
    {QT_TRANSLATE_NOOP("tilelens::gui::TileIrLexer", "Operation"), TokenCategory::Operation},
    {QT_TRANSLATE_NOOP("tilelens::gui::TileIrLexer", "SSA value"), TokenCategory::Value},
    {QT_TRANSLATE_NOOP("tilelens::gui::TileIrLexer", "Symbol"), TokenCategory::Symbol},
    {QT_TRANSLATE_NOOP("tilelens::gui::TileIrLexer", "Type"), TokenCategory::Type},
    {QT_TRANSLATE_NOOP("tilelens::gui::TileIrLexer", "Attribute"), TokenCategory::Attribute},
    {QT_TRANSLATE_NOOP("tilelens::gui::TileIrLexer", "Number"), TokenCategory::Number},
    {QT_TRANSLATE_NOOP("tilelens::gui::TileIrLexer", "String"), TokenCategory::String},
    {QT_TRANSLATE_NOOP("tilelens::gui::TileIrLexer", "Location"), TokenCategory::Location},
    {QT_TRANSLATE_NOOP("tilelens::gui::TileIrLexer", "Keyword"), TokenCategory::Keyword},
    {QT_TRANSLATE_NOOP("tilelens::gui::TileIrLexer", "Punctuation"), TokenCategory::Punctuation},
    {QT_TRANSLATE_NOOP("tilelens::gui::TileIrLexer", "Block label"), TokenCategory::Symbol},
};
static_assert(std::size(kStyles) == TileIrLexer::StyleCount);

} // namespace

TileIrLexer::TileIrLexer(QObject* parent) : LineLexer("Tile IR", kStyles, parent) {}

int TileIrLexer::styleLine(std::string_view s, int stateIn, char* styles) const
{
    auto paint = [styles](size_t from, size_t to, Style style) {
        std::fill(styles + from, styles + to, static_cast<char>(style));
    };
    // The op name is the first bare word of a statement: at the line start, or
    // right after "results =" (only values and commas before the '=').
    bool expectOp = true;
    bool onlyValuesSoFar = true;
    bool sawValue = false;
    size_t i = 0;
    while (i < s.size()) {
        const char c = s[i];
        size_t j = i + 1;
        if (isBlank(c)) {
            j = skipBlanks(s, j);
            paint(i, j, Default);
            i = j;
            continue;
        }
        if (c == '/' && j < s.size() && s[j] == '/') {
            paint(i, s.size(), Comment);
            break;
        }
        if (c == '"') {
            j = scanString(s, i);
            // Generic form: "cuda_tile.addf"(%a, %b) names the op in a string.
            paint(i, j, expectOp && nextNonBlank(s, j) == '(' ? Operation : String);
            expectOp = false;
            onlyValuesSoFar = false;
        } else if (c == '%') {
            while (j < s.size() && isSuffixIdChar(s[j]))
                ++j;
            if (j + 1 < s.size() && (s[j] == ':' || s[j] == '#') && isAsciiDigit(s[j + 1])) {
                j += 2; // result group %x:3 or result use %x#1
                while (j < s.size() && isAsciiDigit(s[j]))
                    ++j;
            }
            paint(i, j, Value);
            sawValue = true;
            expectOp = false; // results come first; the op follows their '='
        } else if (c == '@' || c == '^') {
            if (j < s.size() && s[j] == '"')
                j = scanString(s, j);
            else
                while (j < s.size() && isSuffixIdChar(s[j]))
                    ++j;
            paint(i, j, c == '@' ? Symbol : BlockLabel);
            onlyValuesSoFar = false;
        } else if (c == '#' || c == '!') {
            while (j < s.size() && (isIdentChar(s[j]) || s[j] == '.' || s[j] == '$'))
                ++j;
            const Sv name = s.substr(i + 1, j - i - 1);
            const bool isLocAlias = c == '#' && name.substr(0, 3) == "loc";
            paint(i, j, c == '!' ? Type : (isLocAlias ? Location : Attribute));
            onlyValuesSoFar = false;
            expectOp = false;
        } else if (isAsciiDigit(c) || c == '?') {
            // Shapes never start with a 0 dimension, so "0x.." is a hex integer.
            const bool hex = c == '0' && j < s.size() && (s[j] == 'x' || s[j] == 'X');
            const size_t shapeEnd = hex ? i : scanShape(s, i);
            if (shapeEnd > i) {
                paint(i, shapeEnd, Type);
                j = shapeEnd;
            } else if (c == '?') {
                paint(i, j, Punctuation);
            } else {
                j = scanNumber(s, i);
                paint(i, j, Number);
            }
            onlyValuesSoFar = false;
            expectOp = false;
        } else if (isIdentStart(c)) {
            while (j < s.size() && (isIdentChar(s[j]) || s[j] == '.' || s[j] == '$'))
                ++j;
            const Sv word = s.substr(i, j - i);
            const char after = nextNonBlank(s, j);
            if (word == "loc" && j < s.size() && s[j] == '(') {
                j = scanLocation(s, j);
                paint(i, j, Location);
            } else if (expectOp) {
                paint(i, j, Operation);
            } else if (containsWord(kTypeWords, word) || isElementType(word)) {
                paint(i, j, Type);
            } else if (word == "inf" || word == "nan") {
                paint(i, j, Number);
            } else if (containsWord(kKeywords, word)) {
                paint(i, j, Keyword);
            } else if (containsWord(kAttributeWords, word) || word.substr(0, 3) == "sm_" ||
                       after == '=' || after == '<') {
                paint(i, j, Attribute);
            } else {
                paint(i, j, Default);
            }
            expectOp = false;
            onlyValuesSoFar = false;
        } else {
            if (c == '-' && j < s.size() && s[j] == '>') {
                ++j;
            } else if (c == '=') {
                expectOp = onlyValuesSoFar && sawValue;
                onlyValuesSoFar = false;
            } else if (c != ',' && c != '{' && c != '}') {
                onlyValuesSoFar = false;
                expectOp = false;
            }
            paint(i, j, Punctuation);
        }
        i = j;
    }
    // The state is the region nesting depth at the line's end; braces in
    // strings, comments and loc(...) are styled otherwise and do not count.
    int depth = stateIn;
    for (size_t k = 0; k < s.size(); ++k) {
        if (styles[k] != Punctuation)
            continue;
        if (s[k] == '{')
            ++depth;
        else if (s[k] == '}' && depth > 0)
            --depth;
    }
    return std::min(depth, kMaxFoldDepth);
}

} // namespace tilelens::gui
