#pragma once
// Highlighting for cuTile Rust sources: keywords, primitive and CamelCase
// types, macros, #[attributes] (so #[cutile::entry] stands out), lifetimes,
// numbers, strings (also raw and multi-line), chars and comments (nested
// block comments). State across lines is kept as Scintilla line state.

#include "LineLexer.h"

namespace tilelens::gui {

class RustLexer : public LineLexer
{
    Q_OBJECT
public:
    enum Style
    {
        Default = 0,
        Comment,
        DocComment,
        Keyword,
        Type,
        Number,
        String,
        Character,
        Lifetime,
        Attribute,
        Macro,
        Function,
        Punctuation,
        StyleCount
    };

    explicit RustLexer(QObject* parent = nullptr);

    int styleLine(std::string_view line, int stateIn, char* styles) const override;
};

} // namespace tilelens::gui
