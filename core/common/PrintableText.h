#pragma once
// Text that came from an input, on its way in and out. Names (symbols, function, op and
// attribute names) from a hostile IR file are free bytes; read, they must be well-formed UTF-8
// without control characters (both IR readers apply nameProblem); written, every text writer
// passes input-derived text through printableText, so that what reaches a terminal or a report
// cannot move the cursor, retitle the window, hide the rest of a line or reorder it.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace tilelens {

// Length (1 to 4) of the well-formed UTF-8 sequence (RFC 3629) starting at `at`, or 0 when the
// bytes there are none: a stray continuation byte, a truncated sequence, an overlong form
// (C0 AF), a surrogate (ED A0 80) or a code point past U+10FFFF (F4 90 80 80). `codePoint`
// receives the value of a well-formed sequence.
int utf8SequenceAt(std::string_view bytes, size_t at, char32_t& codePoint);

// Appends the UTF-8 form of `codePoint` (at most U+10FFFF) to `out`.
void appendUtf8(std::string& out, char32_t codePoint);

// Why `name` cannot be a name: the 0-based byte offset of the problem in `name` and the end
// of a sentence about it ("has a control character (U+001B)", "is not valid UTF-8 (byte 0xC0)").
struct NameProblem
{
    size_t offset = 0;
    std::string what;
};
std::optional<NameProblem> nameProblem(std::string_view name);

enum class LineBreaks
{
    Escape, // one field of a line: a newline or tab in it is escaped too
    Keep    // a whole report: newline and tab pass
};

// `text` with every control character (C0, DEL, C1), bidirectional-text control and line or
// paragraph separator written as a \u escape (\u001b, \u202e) and every byte that is not
// well-formed UTF-8 as \x escape (\xc0); all else byte for byte, so plain text is unchanged.
// The \u form is JSON's own, so a JSON document stays valid and means the same after this.
std::string printableText(std::string_view text, LineBreaks breaks = LineBreaks::Escape);

} // namespace tilelens
