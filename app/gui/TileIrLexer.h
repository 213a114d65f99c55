#pragma once
// Highlighting for Tile IR (cuda_tile MLIR text): op names, SSA values %x,
// symbols @f, types tile<...>, attributes and enum keywords, numbers,
// strings, comments and loc(...). Styles of a line do not depend on earlier
// lines; the line state is the `{`/`}` nesting depth, which sets fold levels.

#include "LineLexer.h"

namespace tilelens::gui {

class TileIrLexer : public LineLexer
{
    Q_OBJECT
public:
    enum Style
    {
        Default = 0,
        Comment,
        Operation,
        Value,
        Symbol,
        Type,
        Attribute,
        Number,
        String,
        Location,
        Keyword,
        Punctuation,
        BlockLabel,
        StyleCount
    };

    explicit TileIrLexer(QObject* parent = nullptr);

    int styleLine(std::string_view line, int stateIn, char* styles) const override;
    bool foldsByState() const override { return true; }

    // Deeper nesting is clamped (Scintilla fold levels are 12 bits).
    static constexpr int kMaxFoldDepth = 1000;
};

} // namespace tilelens::gui
