// Names from hostile inputs: both readers hold a name (symbol, function, op, attribute) to
// printable UTF-8 with a located error, strict UTF-8 refuses overlong, surrogate and too-large
// sequences, and the printer quotes a symbol that needs it, so print -> parse -> print is the
// same text for quoted names and for the whole corpus.

#include "IrTestUtil.h"
#include "TestPaths.h"
#include "bytecode/BytecodeBuilder.h"
#include "bytecode/BytecodeTestUtil.h"
#include "ir/Printer.h"
#include "ir/bytecode/BytecodeReader.h"
#include "ir/bytecode/IrFileLoader.h"

#include <QDir>
#include <gtest/gtest.h>

using namespace tilelens;
using namespace tilelens::ir;
namespace tu = tilelens::ir::testutil;

namespace {

std::string module(const std::string& symbol)
{
    return "cuda_tile.module @m {\n  entry @" + symbol + "(%a: tile<i64>) {\n    return\n  }\n}\n";
}

const Diagnostic* firstError(const ParseResult& r)
{
    for (const Diagnostic& d : r.diagnostics)
        if (d.severity == Severity::Error)
            return &d;
    return nullptr;
}

// print -> parse -> print gives the same text in both styles; returns the custom text.
std::string expectStablePrint(const Module& m, const std::string& where)
{
    std::string custom;
    for (PrintStyle style : {PrintStyle::Custom, PrintStyle::Generic}) {
        const std::string text = printModule(m, style);
        ParseResult again = parseModule(text);
        EXPECT_TRUE(again.ok()) << where << " style " << int(style) << ":\n"
                                << text << tu::dumpDiagnostics(again);
        if (!again.ok() || again.modules.size() != 1)
            return {};
        EXPECT_EQ(printModule(*again.modules[0], style), text) << where << " style " << int(style);
        if (style == PrintStyle::Custom)
            custom = text;
    }
    return custom;
}

std::string kernelNamed(const std::string& name)
{
    test::BytecodeBuilder b(3);
    b.kernel(name, b.func({}), test::bytesOf({0x5C, 0x00, 0x00})); // return
    return b.build();
}

} // namespace

TEST(IrSymbolNames, ControlCharactersInAQuotedSymbolAreLocatedErrors)
{
    // A raw CR inside the quotes (text IR lets \r through as white space) would overwrite the
    // line a report prints the name on; an escape writes ESC just as well.
    struct Case
    {
        std::string symbol;
        int column; // of the offending character or of its escape
        const char* what;
    } cases[] = {
        {"\"k\rVERDICT: PASS\"", 12, "U+000D"},
        {"\"k\\1B]0;pwned\\07\"", 12, "U+001B"},
        {"\"k\\7F\"", 12, "U+007F"},
        {"\"k\\C2\\9B2K\"", 12, "U+009B"}, // C1 CSI, written as UTF-8
        {"\"k\\n\"", 12, "U+000A"},
    };
    for (const Case& c : cases) {
        ParseResult r = parseModule(module(c.symbol));
        const Diagnostic* e = firstError(r);
        ASSERT_NE(e, nullptr) << c.what;
        EXPECT_EQ(e->place.line, 2) << c.what;
        EXPECT_EQ(e->place.column, c.column) << c.what << ": " << e->message;
        EXPECT_NE(e->message.find(c.what), std::string::npos) << e->message;
        EXPECT_EQ(e->message.find('\x1b'), std::string::npos) << "the message shows it escaped";
    }
}

TEST(IrSymbolNames, TheGenericFormsSymbolsAndAttributeNamesFollowTheSameRule)
{
    ParseResult plain = parseModule(module("k"));
    ASSERT_TRUE(plain.ok());
    const std::string generic = printModule(*plain.modules[0], PrintStyle::Generic);
    for (const auto& [from, to] :
         {std::pair<std::string, std::string>{"sym_name = \"k\"", "sym_name = \"k\\1B[2J\""},
          {"sym_name = \"m\"", "sym_name = \"m\\0D\""},
          {"sym_name = \"k\"", "sym_name = \"k\", \"a\\07\" = 1"}}) {
        std::string text = generic;
        const size_t at = text.find(from);
        ASSERT_NE(at, std::string::npos) << generic;
        text.replace(at, from.size(), to);
        ParseResult r = parseModule(text);
        const Diagnostic* e = firstError(r);
        ASSERT_NE(e, nullptr) << text;
        EXPECT_NE(e->message.find("has a control character"), std::string::npos) << e->message;
    }
    // Through an attribute alias, too.
    std::string aliased = generic;
    aliased.replace(aliased.find("sym_name = \"k\""), 14, "sym_name = #n");
    ParseResult r = parseModule("#n = \"k\\1B[8m\"\n" + aliased);
    const Diagnostic* e = firstError(r);
    ASSERT_NE(e, nullptr) << aliased;
    EXPECT_NE(e->message.find("symbol name \"k\\u001b[8m\" has a control character (U+001B)"),
              std::string::npos)
        << e->message;
    // A global named through an alias defined after it.
    r = parseModule("cuda_tile.module @m {\n  \"cuda_tile.global\"() {sym_name = #g, value = "
                    "#cuda_tile.dense<<i32: 0> : tile<1xi32>>} : () -> ()\n}\n#g = \"g\\0D\"\n");
    e = firstError(r);
    ASSERT_NE(e, nullptr) << tu::dumpDiagnostics(r);
    EXPECT_EQ(e->place.line, 2) << e->message;
    EXPECT_NE(e->message.find("global name \"g\\u000d\""), std::string::npos) << e->message;
}

TEST(IrSymbolNames, TextInputIsStrictUtf8)
{
    // Overlong '/', a surrogate, a code point past U+10FFFF: each used to pass and then abort
    // every JSON writer (nlohmann type_error 316).
    for (const std::string bad :
         {"\xC0\xAF", "\xED\xA0\x80", "\xF4\x90\x80\x80", "\xF5\x80\x80\x80", "\xE0\x80\xAF"}) {
        ParseResult r = parseFileContents(module("\"k" + bad + "\""), "bad.mlir");
        const Diagnostic* e = firstError(r);
        ASSERT_NE(e, nullptr);
        EXPECT_EQ(e->place.line, 2);
        EXPECT_EQ(e->place.column, 12);
        EXPECT_NE(e->message.find("not valid UTF-8"), std::string::npos) << e->message;
        // Written as escapes, the same bytes are refused as a name.
        std::string escaped;
        for (unsigned char c : bad)
            escaped += "\\" + std::string(1, "0123456789ABCDEF"[c >> 4]) +
                       std::string(1, "0123456789ABCDEF"[c & 15]);
        r = parseModule(module("\"k" + escaped + "\""));
        e = firstError(r);
        ASSERT_NE(e, nullptr) << escaped;
        EXPECT_EQ(e->place.column, 12);
        EXPECT_NE(e->message.find("is not valid UTF-8"), std::string::npos) << e->message;
    }
    // Well-formed text of every length stays valid, in a name and in a comment.
    ParseResult ok = parseFileContents("// \xE2\x86\x92 \xF0\x9F\x98\x80\n" +
                                           module("\"\xC3\xA9\xE2\x86\x92\xF0\x9F\x98\x80\""),
                                       "ok.mlir");
    EXPECT_TRUE(ok.ok()) << tu::dumpDiagnostics(ok);
}

TEST(IrSymbolNames, QuotedSymbolsPrintQuotedAndReadBackAsTheSameName)
{
    const struct
    {
        const char* written;
        const char* name;
        const char* printed; // as the printer writes the symbol (MLIR escapes bytes past ASCII)
    } cases[] = {
        {"\"a;b c\"", "a;b c", "@\"a;b c\""},
        {"\"a\\\"b\"", "a\"b", "@\"a\\\"b\""},
        {"\"back\\\\slash\"", "back\\slash", "@\"back\\\\slash\""},
        {"\"(x)=>{y}\"", "(x)=>{y}", "@\"(x)=>{y}\""},
        {"\"9lives\"", "9lives", "@\"9lives\""},
        {"\"\xC3\xA9t\xC3\xA9\"", "\xC3\xA9t\xC3\xA9", "@\"\\C3\\A9t\\C3\\A9\""},
        {"\"plain\"", "plain", "@plain"}, // needs no quotes: printed bare
    };
    for (const auto& c : cases) {
        const std::string text = "cuda_tile.module @" + std::string(c.written) + " {\n  global @" +
                                 c.written + " <i32: 0> : tile<1xi32>\n  entry @" + c.written +
                                 "(%a: tile<i64>) {\n    %g = get_global @" + c.written +
                                 " : tile<ptr<i32>>\n    return\n  }\n}\n";
        ParseResult r = parseModule(text);
        ASSERT_TRUE(r.ok()) << c.written << "\n" << tu::dumpDiagnostics(r);
        EXPECT_EQ(r.modules[0]->name, c.name);
        EXPECT_EQ(r.modules[0]->functions[0]->name, c.name);
        const std::string printed = expectStablePrint(*r.modules[0], c.written);
        const std::string symbol = c.printed;
        EXPECT_NE(printed.find("cuda_tile.module " + symbol + " {"), std::string::npos) << printed;
        EXPECT_NE(printed.find("global " + symbol + " <"), std::string::npos) << printed;
        EXPECT_NE(printed.find("entry " + symbol + "("), std::string::npos) << printed;
        EXPECT_NE(printed.find("get_global " + symbol + " :"), std::string::npos) << printed;
    }
}

TEST(IrSymbolNames, BytecodeNamesAreHeldToTheSameRuleAtTheirByte)
{
    const std::string hostile = "k\x1B]0;pwned\x07\x1B[2K\rVERDICT: PASS\x1B[8m";
    const std::string file = kernelNamed(hostile);
    Diagnostics diags;
    ParseResult r = readBytecode(file, "esc.tileirbc", diags);
    ASSERT_FALSE(r.ok());
    ASSERT_FALSE(diags.empty());
    EXPECT_EQ(diags[0].place.byteOffset, int64_t(file.find(hostile) + 1)); // the first ESC
    EXPECT_NE(diags[0].message.find("function name"), std::string::npos) << diags[0].message;
    EXPECT_NE(diags[0].message.find("U+001B"), std::string::npos) << diags[0].message;
    EXPECT_EQ(diags[0].message.find('\x1B'), std::string::npos);

    for (const std::string bad : {"k\xC0\xAF", "k\xED\xA0\x80", "k\xF4\x90\x80\x80", "k\xFF"}) {
        const std::string f = kernelNamed(bad);
        Diagnostics d;
        EXPECT_FALSE(readBytecode(f, "bad.tileirbc", d).ok());
        ASSERT_FALSE(d.empty());
        EXPECT_EQ(d[0].place.byteOffset, int64_t(f.find(bad) + 1));
        EXPECT_NE(d[0].message.find("is not valid UTF-8"), std::string::npos) << d[0].message;
    }
}

TEST(IrSymbolNames, ABytecodeNameThatNeedsQuotesPrintsQuoted)
{
    Diagnostics diags;
    ParseResult r = readBytecode(kernelNamed("a;b c"), "q.tileirbc", diags);
    ASSERT_TRUE(r.ok()) << (diags.empty() ? "" : diags[0].message);
    const std::string printed = expectStablePrint(*r.modules[0], "bytecode a;b c");
    EXPECT_NE(printed.find("entry @\"a;b c\"("), std::string::npos) << printed;
    ParseResult again = parseModule(printed);
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(again.modules[0]->functions[0]->name, "a;b c");
}

TEST(IrSymbolNames, CorpusPrintParsePrintIsTheSameText)
{
    TILELENS_REQUIRE_CORPUS();
    size_t files = 0;
    for (const QString& dir : {test::textCorpusDir(), test::bytecodeCorpusDir()}) {
        const QDir d(dir);
        for (const QString& f :
             d.entryList({QStringLiteral("*.mlir"), QStringLiteral("*.tileirbc")}, QDir::Files,
                         QDir::Name)) {
            const std::string path = d.filePath(f).toStdString();
            ParseResult r = loadIrFile(path);
            ASSERT_TRUE(r.ok()) << path;
            for (const Module* m : r.modules)
                expectStablePrint(*m, path);
            ++files;
        }
    }
    EXPECT_GE(files, 190u);
}
