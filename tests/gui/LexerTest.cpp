// The Tile IR and Rust lexers: which style each token gets, state across
// lines, and styling of a 100k-line file through a real editor.

#include "EditorTheme.h"
#include "GuiTestSupport.h"
#include "QsciHeaders.h"
#include "RustLexer.h"
#include "TileIrLexer.h"

#include <QPalette>
#include <gtest/gtest.h>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

using namespace tilelens::gui;

namespace {

struct Styled
{
    std::string text;
    std::vector<char> styles;
    int state = 0;

    // Style of the first character of the first occurrence of \a token
    // (searching from \a from); -1 if absent.
    int styleOf(const std::string& token, size_t from = 0) const
    {
        const size_t at = text.find(token, from);
        return at == std::string::npos ? -1 : styles[at];
    }
    // True if every character of the token has the same style.
    bool uniform(const std::string& token) const
    {
        const size_t at = text.find(token);
        if (at == std::string::npos)
            return false;
        for (size_t i = at; i < at + token.size(); ++i)
            if (styles[i] != styles[at])
                return false;
        return true;
    }
};

Styled lex(const LineLexer& lexer, const std::string& line, int stateIn = 0)
{
    Styled s;
    s.text = line;
    s.styles.assign(line.size(), char(-1));
    s.state = lexer.styleLine(line, stateIn, s.styles.data());
    return s;
}

// Expects the first character of each token to have its style.
void expectStyles(const Styled& s, std::initializer_list<std::pair<std::string, int>> expected)
{
    for (const auto& [token, style] : expected)
        EXPECT_EQ(s.styleOf(token), style) << '"' << token << "\" in: " << s.text;
}

} // namespace

TEST(TileIrLexer, StylesOperationValuesTypesAndAttributes)
{
    TileIrLexer lexer;
    const Styled s = lex(
        lexer,
        "    %5 = addf %3, %4 rounding<approx> flush_to_zero : tile<4x8xf32> loc(\"a.py\":3:4)");
    EXPECT_EQ(s.styleOf("%5"), TileIrLexer::Value);
    EXPECT_TRUE(s.uniform("%5"));
    expectStyles(s, {{"addf", TileIrLexer::Operation},
                     {"%3", TileIrLexer::Value},
                     {"rounding", TileIrLexer::Attribute},
                     {"approx", TileIrLexer::Attribute},
                     {"flush_to_zero", TileIrLexer::Attribute},
                     {"tile<", TileIrLexer::Type},
                     {"4x8xf32", TileIrLexer::Type}});
    EXPECT_TRUE(s.uniform("4x8xf32"));
    EXPECT_EQ(s.styleOf("loc("), TileIrLexer::Location);
    EXPECT_TRUE(s.uniform("loc(\"a.py\":3:4)"));
    EXPECT_EQ(s.styleOf(":", s.text.find("flush")), TileIrLexer::Punctuation);
    for (char c : s.styles)
        EXPECT_NE(c, char(-1)); // every byte styled
}

TEST(TileIrLexer, StylesModuleEntrySymbolsCommentsNumbersAndStrings)
{
    TileIrLexer lexer;
    const Styled module = lex(lexer, "cuda_tile.module @kernels {");
    EXPECT_EQ(module.styleOf("cuda_tile.module"), TileIrLexer::Operation);
    EXPECT_TRUE(module.uniform("cuda_tile.module"));
    EXPECT_EQ(module.styleOf("@kernels"), TileIrLexer::Symbol);
    EXPECT_TRUE(module.uniform("@kernels"));

    const Styled entry = lex(
        lexer, "  entry @k(%0: tile<ptr<f32>>) optimization_hints=<sm_100 = {occupancy = 4}> {");
    expectStyles(entry, {{"entry", TileIrLexer::Operation},
                         {"@k", TileIrLexer::Symbol},
                         {"ptr", TileIrLexer::Type},
                         {"f32", TileIrLexer::Type},
                         {"optimization_hints", TileIrLexer::Attribute},
                         {"sm_100", TileIrLexer::Attribute},
                         {"4}", TileIrLexer::Number}});

    const Styled constant =
        lex(lexer, "    %19 = constant <f32: -1.5e+03> : tile<2048xi64> // trailing note");
    EXPECT_EQ(constant.styleOf("constant"), TileIrLexer::Operation);
    EXPECT_EQ(constant.styleOf("1.5e+03"), TileIrLexer::Number);
    EXPECT_TRUE(constant.uniform("1.5e+03"));
    EXPECT_EQ(constant.styleOf("2048xi64"), TileIrLexer::Type);
    EXPECT_EQ(constant.styleOf("// trailing"), TileIrLexer::Comment);
    EXPECT_TRUE(constant.uniform("// trailing note"));

    const Styled group = lex(lexer, "    %31, %32, %33 = get_tile_block_id : tile<i32>");
    EXPECT_EQ(group.styleOf("get_tile_block_id"), TileIrLexer::Operation);
    EXPECT_EQ(group.styleOf("%33"), TileIrLexer::Value);

    const Styled alias = lex(lexer, "#loc3 = loc(\"softmax.py\":41:11)");
    EXPECT_EQ(alias.styleOf("#loc3"), TileIrLexer::Location);

    const Styled generic =
        lex(lexer,
            "  %2 = \"cuda_tile.addf\"(%0, %1) : (!cuda_tile.tile<f32>) -> !cuda_tile.tile<f32>");
    EXPECT_EQ(generic.styleOf("\"cuda_tile.addf\""), TileIrLexer::Operation);
    EXPECT_EQ(generic.styleOf("!cuda_tile.tile"), TileIrLexer::Type);

    const Styled str = lex(lexer, "  print \"x = %f\\n\", %3 : tile<f32>");
    EXPECT_EQ(str.styleOf("print"), TileIrLexer::Operation);
    EXPECT_EQ(str.styleOf("\"x = "), TileIrLexer::String);
    EXPECT_TRUE(str.uniform("\"x = %f\\n\""));
}

TEST(TileIrLexer, SurvivesMalformedLines)
{
    TileIrLexer lexer;
    for (const std::string line : {"\"unterminated", "loc(\"a\":1", "%", "@", "#", "4x", "?x?x",
                                   "<<<>>>", "%x:3#", "0x", "0x1F"}) {
        const Styled s = lex(lexer, line);
        for (char c : s.styles)
            EXPECT_GE(c, 0) << line;
    }
}

TEST(RustLexer, StylesKeywordsTypesMacrosAttributesAndLiterals)
{
    RustLexer lexer;
    const Styled attr = lex(lexer, "    #[cutile::entry(unchecked_accesses = true)]");
    EXPECT_EQ(attr.styleOf("#[cutile"), RustLexer::Attribute);
    EXPECT_TRUE(attr.uniform("#[cutile::entry(unchecked_accesses = true)]"));

    const Styled fn =
        lex(lexer,
            "pub unsafe fn softmax_kernel<E: ElementType, const N: i32>(x: &'a Tensor<E>) -> u8 {");
    expectStyles(fn, {{"pub", RustLexer::Keyword},
                      {"unsafe", RustLexer::Keyword},
                      {"softmax_kernel", RustLexer::Function},
                      {"ElementType", RustLexer::Type},
                      {"i32", RustLexer::Type},
                      {"'a", RustLexer::Lifetime},
                      {"u8", RustLexer::Type}});

    const Styled body =
        lex(lexer,
            "    let t = load_tile!(x, [0, 1]); let c = 'x'; let n = 0x1F_u32 + 1.5e-3; // note");
    EXPECT_EQ(body.styleOf("let"), RustLexer::Keyword);
    EXPECT_EQ(body.styleOf("load_tile!"), RustLexer::Macro);
    EXPECT_TRUE(body.uniform("load_tile!"));
    EXPECT_EQ(body.styleOf("'x'"), RustLexer::Character);
    EXPECT_EQ(body.styleOf("0x1F_u32"), RustLexer::Number);
    EXPECT_TRUE(body.uniform("0x1F_u32"));
    EXPECT_EQ(body.styleOf("1.5e-3"), RustLexer::Number);
    EXPECT_TRUE(body.uniform("1.5e-3"));
    EXPECT_EQ(body.styleOf("// note"), RustLexer::Comment);

    EXPECT_EQ(lex(lexer, "/// Row-wise softmax.").styleOf("///"), RustLexer::DocComment);
    EXPECT_EQ(lex(lexer, "//// not a doc comment").styleOf("////"), RustLexer::Comment);
    EXPECT_EQ(lex(lexer, "let s = \"a \\\" b\";").styleOf("\"a"), RustLexer::String);
}

TEST(RustLexer, CarriesBlockCommentsAndStringsAcrossLines)
{
    RustLexer lexer;
    const Styled open = lex(lexer, "let x = 1; /* outer /* inner */ still");
    EXPECT_NE(open.state, 0);
    EXPECT_EQ(open.styleOf("still"), RustLexer::Comment);
    const Styled middle = lex(lexer, "fn not_code() {}", open.state);
    EXPECT_EQ(middle.styleOf("fn"), RustLexer::Comment);
    const Styled close = lex(lexer, "end */ let y = 2;", middle.state);
    EXPECT_EQ(close.state, 0);
    EXPECT_EQ(close.styleOf("end"), RustLexer::Comment);
    EXPECT_EQ(close.styleOf("let"), RustLexer::Keyword);

    const Styled raw = lex(lexer, "let r = r#\"first \" line");
    EXPECT_NE(raw.state, 0);
    const Styled rawEnd = lex(lexer, "second\"# ; fn f() {}", raw.state);
    EXPECT_EQ(rawEnd.state, 0);
    EXPECT_EQ(rawEnd.styleOf("second"), RustLexer::String);
    EXPECT_EQ(rawEnd.styleOf("fn"), RustLexer::Keyword);

    const Styled str = lex(lexer, "let s = \"multi");
    const Styled strEnd = lex(lexer, "line\"; let", str.state);
    EXPECT_EQ(strEnd.styleOf("line"), RustLexer::String);
    EXPECT_EQ(strEnd.styleOf("let"), RustLexer::Keyword);
}

TEST(LineLexer, StylesAHundredThousandLineFileThroughAnEditor)
{
    std::string text;
    text.reserve(100000 * 64);
    text += "cuda_tile.module @kernels {\n";
    for (int i = 0; i < 100000; ++i)
        text += "    %" + std::to_string(i + 10) + " = addf %" + std::to_string(i) +
                ", %1 : tile<128xf32>\n";
    text += "}\n";

    QsciScintilla editor;
    auto* lexer = new TileIrLexer(&editor);
    editor.setLexer(lexer);
    editor.setText(QString::fromStdString(text));
    ASSERT_EQ(editor.lines(), 100003);
    // Style everything (what scrolling to the end would do) and check the
    // last op line.
    editor.SendScintilla(QsciScintillaBase::SCI_COLOURISE, 0UL, -1L);
    const long lastOpLine = 100000;
    const long lineStart = editor.SendScintilla(QsciScintillaBase::SCI_POSITIONFROMLINE,
                                                static_cast<unsigned long>(lastOpLine));
    const QString line = editor.text(static_cast<int>(lastOpLine));
    const int opColumn = static_cast<int>(line.indexOf(QStringLiteral("addf")));
    ASSERT_GT(opColumn, 0);
    EXPECT_EQ(editor.SendScintilla(QsciScintillaBase::SCI_GETSTYLEAT,
                                   static_cast<unsigned long>(lineStart + opColumn)),
              TileIrLexer::Operation);
    EXPECT_EQ(editor.SendScintilla(QsciScintillaBase::SCI_GETSTYLEAT,
                                   static_cast<unsigned long>(lineStart + 4)),
              TileIrLexer::Value);
}

TEST(LineLexer, RustLineStateSurvivesStylingInAnEditor)
{
    QsciScintilla editor;
    auto* lexer = new RustLexer(&editor);
    editor.setLexer(lexer);
    editor.setText(QStringLiteral("/* open\nfn inside() {}\n*/\nfn outside() {}\n"));
    editor.SendScintilla(QsciScintillaBase::SCI_COLOURISE, 0UL, -1L);
    auto styleAt = [&](int line, int col) {
        const long pos = editor.SendScintilla(QsciScintillaBase::SCI_POSITIONFROMLINE,
                                              static_cast<unsigned long>(line));
        return editor.SendScintilla(QsciScintillaBase::SCI_GETSTYLEAT,
                                    static_cast<unsigned long>(pos + col));
    };
    EXPECT_EQ(styleAt(1, 0), RustLexer::Comment);
    EXPECT_EQ(styleAt(3, 0), RustLexer::Keyword);
    EXPECT_EQ(styleAt(3, 3), RustLexer::Function);
}

TEST(EditorTheme, FollowsThePaletteAndDistinguishesCategories)
{
    const QPalette dark = tilelens::test::darkPalette();
    QPalette light;
    light.setColor(QPalette::Window, QColor(0xf0, 0xf0, 0xf0));
    EXPECT_TRUE(EditorTheme::forPalette(dark).dark);
    EXPECT_FALSE(EditorTheme::forPalette(light).dark);
    for (const EditorTheme& theme : {EditorTheme::light(), EditorTheme::darkTheme()}) {
        EXPECT_NE(theme.colorFor(TokenCategory::Operation), theme.colorFor(TokenCategory::Value));
        EXPECT_NE(theme.colorFor(TokenCategory::Type), theme.colorFor(TokenCategory::Comment));
        EXPECT_NE(theme.colorFor(TokenCategory::Plain), theme.paper);
    }
    EXPECT_LT(EditorTheme::darkTheme().paper.lightness(), 100);
    EXPECT_GT(EditorTheme::light().paper.lightness(), 200);

    TileIrLexer lexer;
    lexer.applyTheme(EditorTheme::darkTheme());
    EXPECT_EQ(lexer.paper(TileIrLexer::Operation), EditorTheme::darkTheme().paper);
    EXPECT_EQ(lexer.color(TileIrLexer::Operation),
              EditorTheme::darkTheme().colorFor(TokenCategory::Operation));
    EXPECT_TRUE(lexer.font(TileIrLexer::Operation).bold());
    EXPECT_FALSE(lexer.description(TileIrLexer::Location).isEmpty());
    EXPECT_TRUE(lexer.description(TileIrLexer::StyleCount).isEmpty());
}

TEST(TileIrLexer, HexIntegersAreNumbersNotShapes)
{
    TileIrLexer lexer;
    const Styled s = lex(lexer, "    %1 = constant <f32: 0x7F800000> : tile<16xf32>");
    EXPECT_EQ(s.styleOf("0x7F800000"), TileIrLexer::Number);
    EXPECT_TRUE(s.uniform("0x7F800000"));
    EXPECT_EQ(s.styleOf("16xf32"), TileIrLexer::Type);
}
