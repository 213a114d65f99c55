#include "common/LookalikeLetters.h"

#include "common/PrintableText.h"

#include <algorithm>
#include <memory>
#include <string>
#include <unicode/uchar.h>
#include <unicode/uspoof.h>
#include <vector>

namespace tilelens {

namespace {

struct SpoofCheckerClose
{
    void operator()(USpoofChecker* checker) const { uspoof_close(checker); }
};
using SpoofChecker = std::unique_ptr<USpoofChecker, SpoofCheckerClose>;

// The UTS #39 skeleton of one code point; empty when ICU cannot give one.
std::string skeletonOf(const USpoofChecker& checker, char32_t cp)
{
    std::string in;
    appendUtf8(in, cp);
    char out[32];
    UErrorCode status = U_ZERO_ERROR;
    const int32_t n = uspoof_getSkeletonUTF8(&checker, 0, in.data(), int32_t(in.size()), out,
                                             int32_t(sizeof out), &status);
    if (U_FAILURE(status) || n <= 0)
        return {};
    return std::string(out, size_t(n));
}

bool isAsciiAlnum(std::string_view s)
{
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    });
}

struct Lookalike
{
    char32_t codePoint;
    std::string ascii;
};

// The blocks letterScript() calls Greek, Cyrillic and Armenian.
constexpr std::pair<char32_t, char32_t> kLookalikeBlocks[] = {
    {0x370, 0x3FF},   {0x400, 0x52F},   {0x531, 0x58F},  {0x1C80, 0x1C8F},
    {0x1F00, 0x1FFF}, {0x2DE0, 0x2DFF}, {0xA640, 0xA69F}};

// Every letter of those blocks with an ASCII skeleton, in code point order. A skeleton that
// is one ASCII letter's is written as that letter in the case of the code point: skeletons
// fold I, l and 1 into "l", and a capital iota reads as "I".
std::vector<Lookalike> buildTable()
{
    UErrorCode status = U_ZERO_ERROR;
    const SpoofChecker checker(uspoof_open(&status));
    std::vector<Lookalike> table;
    if (U_FAILURE(status) || !checker)
        return table;
    std::vector<std::pair<std::string, char>> asciiSkeletons;
    for (char c = 'A'; c <= 'Z'; ++c)
        asciiSkeletons.emplace_back(skeletonOf(*checker, char32_t(c)), c);
    for (char c = 'a'; c <= 'z'; ++c)
        asciiSkeletons.emplace_back(skeletonOf(*checker, char32_t(c)), c);
    for (const auto& [low, high] : kLookalikeBlocks)
        for (char32_t cp = low; cp <= high; ++cp) {
            std::string ascii = skeletonOf(*checker, cp);
            if (!isAsciiAlnum(ascii))
                continue;
            const bool upper = u_isupper(UChar32(cp)) != 0;
            for (const auto& [skeleton, letter] : asciiSkeletons)
                if (skeleton == ascii && (letter >= 'A' && letter <= 'Z') == upper) {
                    ascii = std::string(1, letter);
                    break;
                }
            table.push_back({cp, std::move(ascii)});
        }
    return table;
}

} // namespace

std::string_view asciiLookalike(char32_t cp)
{
    static const std::vector<Lookalike> table = buildTable();
    const auto it =
        std::lower_bound(table.begin(), table.end(), cp,
                         [](const Lookalike& l, char32_t c) { return l.codePoint < c; });
    if (it == table.end() || it->codePoint != cp)
        return {};
    return it->ascii;
}

} // namespace tilelens
