#pragma once
// What a letter of a script that shares glyphs with Latin reads as in ASCII: the Cyrillic
// "а" (U+0430) as "a", the Greek "Ι" (U+0399) as "I". From Unicode's confusables data
// (UTS #39), as ICU's spoof checker carries it: each letter's skeleton, when that is made
// only of ASCII letters and digits.

#include <string_view>

namespace tilelens {

// The ASCII a letter of the Greek, Cyrillic or Armenian blocks (common/HiddenText.h,
// letterScript) reads as: "a" for U+0430, "bl" for U+042B, "3" for U+0417. A single letter is
// given in the case of `cp` ("I" for U+0399, whose skeleton is "l"). Empty for a letter
// without an ASCII lookalike (U+0434) and for every other character.
std::string_view asciiLookalike(char32_t cp);

} // namespace tilelens
