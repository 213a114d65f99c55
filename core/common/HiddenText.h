#pragma once
// Characters a text view draws as nothing, or that reorder what it draws: the
// bidirectional-text controls ("Trojan Source", CVE-2021-42574), zero-width and
// other invisible characters, and the line and paragraph separators. With them a
// line can read as one thing and compile as another (a comment that seems to end
// before code it really contains, `tile_shape` and `tile\u200bshape` as one
// name). The source and IR panes draw each of them as a labelled box and say
// where they are; `tilelens-cli validate` warns about them in kernel.rs and ffi.rs.

#include "common/Lines.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tilelens {

// Bidirectional-text controls: the Bidi_Control property of Unicode.
bool isBidiControl(char32_t cp);
// U+2028 and U+2029, which some viewers break lines at and others show as nothing.
bool isLineOrParagraphSeparator(char32_t cp);
// Either of those, or a character with no visible glyph (U+200B ZERO WIDTH SPACE, U+00AD
// SOFT HYPHEN, U+3164 HANGUL FILLER, which some languages accept in identifiers, ...).
bool isHiddenCharacter(char32_t cp);

struct HiddenCharacterInfo
{
    char32_t codePoint = 0;
    std::string_view abbreviation; // what a view's box shows: "RLO"
    std::string_view name;         // the Unicode name: "RIGHT-TO-LEFT OVERRIDE"
};

// Every character isHiddenCharacter() accepts, in code point order.
const std::vector<HiddenCharacterInfo>& hiddenCharacterTable();
// Its row; null for a character that is not hidden.
const HiddenCharacterInfo* hiddenCharacterInfo(char32_t cp);
// "U+0430"
std::string codePointName(char32_t cp);
// "U+202E RIGHT-TO-LEFT OVERRIDE"
std::string describeHiddenCharacter(char32_t cp);

struct HiddenCharacter
{
    FileLine line;
    int column = 0; // 1-based, in characters, as diagnostics count (lineColumnOfByte)
    char32_t codePoint = 0;
};

struct HiddenTextScan
{
    size_t count = 0;                    // every hidden character of the text
    std::vector<HiddenCharacter> listed; // the first of them, in text order (at most maxListed)
    bool found() const { return count > 0; }
};

constexpr size_t kMaxListedHiddenCharacters = 64;

// The next hidden character at or after byte `from`: its byte offset, UTF-8 length and code
// point. A byte order mark at the very start of the text is an encoding mark, not text:
// skipped. Bytes that are not well-formed UTF-8 are skipped.
struct HiddenAt
{
    size_t offset = 0;
    size_t length = 0;
    char32_t codePoint = 0;
};
std::optional<HiddenAt> nextHiddenCharacter(std::string_view text, size_t from);

// The hidden characters of UTF-8 `text` (as nextHiddenCharacter finds them), with places.
HiddenTextScan scanHiddenText(std::string_view text, size_t maxListed = kMaxListedHiddenCharacters);

// `text` with each hidden character replaced by its abbreviation in single guillemets
// ("\u2039RLO\u203a"), for plain-text views that cannot draw boxes (stage logs and
// reports); all else byte for byte.
std::string revealHiddenText(std::string_view text);

// Letters of scripts that share glyphs with Latin: a Cyrillic "а" or a Greek "ο" in a
// Latin name reads as the Latin letter, so `dаta` and `data` look alike and are two names.
enum class LetterScript
{
    None, // not a letter of these scripts (digits, '_', other scripts, symbols)
    Latin,
    Greek,
    Cyrillic,
    Armenian
};
LetterScript letterScript(char32_t cp);
std::string_view letterScriptName(LetterScript script); // "Cyrillic"

// A name (a run of letters, digits and '_') that reads as another name: either it mixes
// letters of two or more of those scripts (`d\u0430ta`), or it is written in Greek, Cyrillic
// or Armenian letters that all look like ASCII ones (`\u0435\u0445\u0440` reads as `exp`).
// The second is judged per text and script, as rustc's mixed_script_confusables lint does:
// only where every letter of that script in the text's names has an ASCII lookalike (a text
// that also writes `\u0434\u0430\u043d\u043d\u044b\u0435` uses Cyrillic as Cyrillic).
struct LookalikeName
{
    FileLine line;
    int column = 0;                    // 1-based, in characters, where the name starts
    size_t offset = 0;                 // of its first byte in the text
    size_t length = 0;                 // its bytes in the text (all of them)
    std::string name;                  // as written, at most kMaxLookalikeNameBytes of it
    std::vector<LetterScript> scripts; // of its letters, in LetterScript order
    // Of a mixed name, its letters outside the script most of its letters are in (the first
    // of scripts on a tie); of a name in one script, its letters: "U+0430", at most four,
    // then "...".
    std::string odd;
    // The ASCII name it reads as ("data", at most kMaxLookalikeNameBytes of it) when each of
    // its letters has an ASCII lookalike (common/LookalikeLetters.h); empty otherwise.
    std::string readsAs;
    bool mixesScripts() const { return scripts.size() > 1; }
    std::string scriptList() const; // "Latin/Cyrillic"
};

struct LookalikeNameScan
{
    size_t count = 0;                  // every such name of the text
    std::vector<LookalikeName> listed; // the first of them, in text order
    bool found() const { return count > 0; }
};

constexpr size_t kMaxLookalikeNameBytes = 80;

// The names of UTF-8 `text` that read as other names. Pure-ASCII text has none and is
// skipped eight bytes at a time, as scanHiddenText does.
LookalikeNameScan scanLookalikeNames(std::string_view text,
                                     size_t maxListed = kMaxListedHiddenCharacters);

// The distinct lines of `scan.listed`, in order: "30, 32, 41", or "30, 32, 41, ..." past
// `maxLines` lines or past the characters listed (no words: it goes into translated text).
std::string hiddenTextLines(const HiddenTextScan& scan, size_t maxLines = 8);
std::string lookalikeNameLines(const LookalikeNameScan& scan, size_t maxLines = 8);

} // namespace tilelens
