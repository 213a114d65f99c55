#pragma once
// Highlighting for Tile IR (cuda_tile MLIR text): op names, SSA values %x,
// symbols @f, types tile<...>, attributes and enum keywords, numbers,
// strings, comments and loc(...). Lines are independent, so any range can be
// styled without looking back.

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

    const char* language() const override;
    QString description(int style) const override;
    TokenCategory categoryOf(int style) const override;
    int styleLine(std::string_view line, int stateIn, char* styles) const override;
};

} // namespace tilelens::gui
