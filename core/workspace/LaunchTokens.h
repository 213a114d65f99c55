#pragma once
// Tokens of the two languages a port's launch chain is written in: the Python
// of the wrappers and reference modules, and the Rust of ffi.rs / kernel.rs.
// Tolerant and linear: any byte sequence gives a token list ending in End
// plus located errors (an unterminated string, an unbalanced bracket), never
// an exception; the token count is capped.

#include <string>
#include <string_view>
#include <vector>

namespace tilelens::ws::launch {

enum class TokKind
{
    Name,
    Number,
    String,  // text = the contents without quotes or prefix (escapes kept as written)
    Op,      // punctuation and operators ("(", "**", "->", "::", ...)
    Newline, // Python: end of a logical line
    Indent,  // Python: the logical line starts deeper than the enclosing block
    Dedent,  // Python: one block closes
    End
};

struct Token
{
    TokKind kind = TokKind::End;
    std::string text;
    int line = 0;   // 1-based
    int column = 0; // 1-based, in bytes
};

// A problem with its place; the reader goes on after it.
struct SourceError
{
    int line = 0;
    int column = 0;
    std::string message;
};

struct TokenList
{
    std::vector<Token> tokens; // always ends with End
    std::vector<SourceError> errors;
};

// Files and token lists larger than this are cut with an error: launch code is small.
constexpr size_t kMaxLaunchSourceBytes = size_t(4) << 20;
constexpr size_t kMaxLaunchTokens = size_t(1) << 20;

TokenList tokenizePython(std::string_view text);
TokenList tokenizeRust(std::string_view text);

} // namespace tilelens::ws::launch
