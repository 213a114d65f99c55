#pragma once
// What a highlighted token means, independent of the lexer that found it.
// Themes colour categories; each lexer maps its own style numbers onto them,
// so Python, Rust and Tile IR share one palette per theme.

namespace tilelens::gui {

enum class TokenCategory
{
    Plain,
    Comment,
    DocComment,
    Keyword,
    Operation, // Tile IR op name
    Type,
    Number,
    String,
    Value,     // Tile IR SSA value, Python/Rust identifiers stay Plain
    Symbol,    // Tile IR @symbol
    Attribute, // Tile IR attribute/enum, Rust #[attr], Python decorator
    Location,  // Tile IR loc(...)
    Macro,     // Rust macro!
    Lifetime,  // Rust 'a
    Function,  // function/class names at their definition
    Punctuation,
    Error, // unterminated string and the like
};

} // namespace tilelens::gui
