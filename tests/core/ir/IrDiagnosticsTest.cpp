// Diagnostics for inputs that are generated rather than stored: binary bytes,
// invalid UTF-8, 10 000-deep nesting, a 2 GB file (refused), error caps.

#include "IrTestUtil.h"
#include "ir/Printer.h"

#include <QTemporaryDir>
#include <filesystem>
#include <gtest/gtest.h>

using namespace tilelens::ir;
using tilelens::Diagnostics;
namespace tu = tilelens::ir::testutil;

TEST(IrDiagnostics, GarbageBytesAreRefusedAsBinary)
{
    std::string bytes = "cuda_tile.module @m {\n  ";
    for (int i = 0; i < 64; ++i)
        bytes += char((i * 37) & 0xFF);
    Diagnostics diags;
    EXPECT_FALSE(checkTextInput(bytes, "garbage.bin", diags));
    ASSERT_EQ(diags.size(), 1u);
    EXPECT_EQ(diags[0].format(), "garbage.bin:2:3: error: the file contains binary data (byte "
                                 "0x00), so it is not Tile IR text");
}

TEST(IrDiagnostics, BytecodeMagicIsNamed)
{
    Diagnostics diags;
    EXPECT_FALSE(checkTextInput(std::string("\x7FTileIR\0\x0D\x01", 10), "k.tileirbc", diags));
    ASSERT_EQ(diags.size(), 1u);
    EXPECT_NE(diags[0].message.find("bytecode"), std::string::npos);
}

TEST(IrDiagnostics, InvalidUtf8IsLocated)
{
    const std::string bytes =
        "cuda_tile.module @m {\n  // caf\xC3\xA9 ok\n  // bad \xC3\x28 here\n}\n";
    Diagnostics diags;
    EXPECT_FALSE(checkTextInput(bytes, "u.mlir", diags));
    ASSERT_EQ(diags.size(), 1u);
    EXPECT_EQ(diags[0].format(),
              "u.mlir:3:10: error: the file is not valid UTF-8 text (bad byte sequence here)");
}

// checkTextInput scans eight bytes at a time: a bad byte at any offset of a
// long line, after multi-byte characters, tabs and CRLF, is still found at
// its own line and column.
TEST(IrDiagnostics, BadBytesAreLocatedAtEveryOffsetOfALongLine)
{
    const std::string head = "cuda_tile.module @m {\r\n\t// \xC3\xA9t\xC3\xA9 \xE2\x82\xAC\n";
    const std::string line3 = "  %0 = constant <i32: 1> : tile<i32> // " + std::string(40, 'x');
    for (size_t at = 0; at <= line3.size(); ++at) {
        SCOPED_TRACE(at);
        std::string bytes = head + line3;
        bytes.insert(at + head.size(), 1, '\x01');
        bytes += "\n}\n";
        Diagnostics diags;
        EXPECT_FALSE(checkTextInput(bytes, "k.mlir", diags));
        ASSERT_EQ(diags.size(), 1u);
        EXPECT_EQ(diags[0].format(), "k.mlir:3:" + std::to_string(at + 1) +
                                         ": error: the file contains binary data (byte 0x01), so "
                                         "it is not Tile IR text");

        std::string utf8 = head + line3;
        utf8.insert(at + head.size(), "\xE2\x82");
        utf8 += "\n";
        diags.clear();
        EXPECT_FALSE(checkTextInput(utf8, "k.mlir", diags));
        ASSERT_EQ(diags.size(), 1u);
        EXPECT_EQ(diags[0].place.line, 3);
        EXPECT_EQ(diags[0].place.column, int(at) + 1);
    }
    Diagnostics none;
    EXPECT_TRUE(checkTextInput(head + line3 + "\x7F\n}\n", "k.mlir", none));
    EXPECT_TRUE(none.empty());
}

// The scan takes 64 or sixteen bytes at a time where it can (line ends included):
// every single byte value, at every offset of the 68-byte text (a 64-byte block
// and the rest), is accepted exactly when it is printable ASCII or one of tab,
// newline, \v, \f, \r.
TEST(IrDiagnostics, EveryByteValueIsJudgedTheSameAtEveryOffset)
{
    const std::string text =
        "  %0 = constant <i32: 1> : tile<i32>\n  %1 = addi %0, %0 : tile<i32>\n";
    for (int c = 0; c < 256; ++c) {
        const bool allowed = (c >= 0x09 && c <= 0x0D) || (c >= 0x20 && c < 0x80);
        for (size_t at = 0; at < text.size(); ++at) {
            std::string bytes = text;
            bytes[at] = char(c);
            Diagnostics diags;
            EXPECT_EQ(checkTextInput(bytes, "k.mlir", diags), allowed)
                << "byte " << c << " at " << at;
            EXPECT_EQ(diags.empty(), allowed);
        }
    }
}

TEST(IrDiagnostics, ParseFileRefusesBinaryAndMissingFiles)
{
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("bin.mlir")).toStdString();
    std::ofstream(path, std::ios::binary) << std::string("\x01\x02\x03garbage", 10);
    ParseResult r = parseFile(path);
    EXPECT_FALSE(r.ok());
    ASSERT_EQ(r.diagnostics.size(), 1u);
    EXPECT_EQ(r.diagnostics[0].place.file, path);
    EXPECT_EQ(r.diagnostics[0].place.line, 1);

    ParseResult missing = parseFile(dir.filePath(QStringLiteral("nope.mlir")).toStdString());
    EXPECT_FALSE(missing.ok());
    EXPECT_NE(missing.diagnostics[0].message.find("cannot open"), std::string::npos);
}

TEST(IrDiagnostics, TenThousandDeepNestingIsAnErrorNotACrash)
{
    // Nested regions (if inside if ...), nested attribute arrays and nested types.
    std::string regions = "cuda_tile.module @m {\n entry @k(%c: tile<i1>) {\n";
    for (int i = 0; i < 10000; ++i)
        regions += "if %c {\n";
    regions += "\n";
    ParseResult r = parseModule(regions, {});
    EXPECT_FALSE(r.ok());
    // Line 201 holds the `{` of the 199th `if` (module and entry body are the first two levels).
    EXPECT_EQ(
        tu::dumpDiagnostics(r),
        "<input>:201:8: error: nesting is deeper than 200 levels; the input is not accepted\n");

    std::string arrays = "cuda_tile.module @m {\n entry @k(%x: tile<f32>) {\n %0 = negf %x {a = " +
                         std::string(10000, '[') + "} : tile<f32>\n";
    ParseResult a = parseModule(arrays, {});
    EXPECT_FALSE(a.ok());
    EXPECT_NE(tu::dumpDiagnostics(a).find("nesting is deeper than 200 levels"), std::string::npos);

    std::string types = "cuda_tile.module @m {\n entry @k(%x: ";
    for (int i = 0; i < 10000; ++i)
        types += "tile<ptr<";
    ParseResult t = parseModule(types, {});
    EXPECT_FALSE(t.ok());
    EXPECT_NE(tu::dumpDiagnostics(t).find("nesting is deeper than 200 levels"), std::string::npos);

    std::string braces(10000, '{');
    ParseResult b = parseModule("module " + braces, {});
    EXPECT_FALSE(b.ok());
}

TEST(IrDiagnostics, TwoGigabyteFileIsRefusedWithAMessage)
{
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("huge.mlir")).toStdString();
    {
        std::ofstream(path) << "x";
    }
    std::filesystem::resize_file(path, uintmax_t(2) << 30); // sparse: no disk space used
    ParseResult r = parseFile(path);
    EXPECT_FALSE(r.ok());
    ASSERT_EQ(r.diagnostics.size(), 1u);
    EXPECT_NE(r.diagnostics[0].message.find("too large (2.0 GiB; the limit is 1.0 GiB)"),
              std::string::npos)
        << r.diagnostics[0].format();
}

TEST(IrDiagnostics, ErrorCountIsCapped)
{
    std::string text = "cuda_tile.module @m {\n entry @k() {\n";
    for (int i = 0; i < 500; ++i)
        text += "  %" + std::to_string(i) + " = negf %undefined : tile<f32>\n";
    text += " }\n}\n";
    ParseOptions o;
    o.maxErrors = 20;
    ParseResult r = parseModule(text, o);
    size_t errors = 0;
    for (const auto& d : r.diagnostics)
        errors += d.severity == tilelens::Severity::Error ? 1 : 0;
    EXPECT_EQ(errors, 20u);
    EXPECT_EQ(r.diagnostics.back().message, "too many errors, stopping");
}

TEST(IrDiagnostics, RecoversAndReportsSeveralErrorsInOneFile)
{
    const std::string text = "cuda_tile.module @m {\n"
                             " entry @k(%x: tile<f32>) {\n"
                             "  %0 = negf %a : tile<f32>\n"
                             "  %1 = negf %x : tile<bogus>\n"
                             "  %2 = negf %b : tile<f32>\n"
                             "  return\n"
                             " }\n"
                             "}\n";
    ParseResult r = parseModule(text, {});
    EXPECT_EQ(tu::dumpDiagnostics(r), "<input>:3:13: error: use of undefined value '%a'\n"
                                      "<input>:4:23: error: unknown type 'bogus'\n"
                                      "<input>:5:13: error: use of undefined value '%b'\n");
}

// %N is read and looked up in one pass; every other use (a leading zero, an index, a number too
// long to be one, a name that starts with digits) reads and fails as before, at its own column.
TEST(IrDiagnostics, NumericValueNamesAndTheirNeighboursAreReadAsNames)
{
    const std::string text = "cuda_tile.module @m {\n"
                             " entry @k(%0: tile<f32>, %1: tile<i32>) {\n"
                             "  %2 = negf %0 : tile<f32>\n"
                             "  %3 = negf %00002 : tile<f32>\n"
                             "  %4 = negf %9 : tile<f32>\n"
                             "  %5 = negf %3#1 : tile<f32>\n"
                             "  %6 = negf %12345678 : tile<f32>\n"
                             "  %7 = negf %2x : tile<f32>\n"
                             "  %8 = negf %3#0 : tile<f32>\n"
                             "  %9 = negf %8: tile<f32>\n"
                             "  return\n"
                             " }\n"
                             "}\n";
    ParseResult r = parseModule(text, {});
    EXPECT_EQ(tu::dumpDiagnostics(r),
              "<input>:5:13: error: use of undefined value '%9'\n"
              "<input>:6:13: error: result #1 of '%3' does not exist (the group has 1)\n"
              "<input>:7:13: error: use of undefined value '%12345678'\n"
              "<input>:8:13: error: use of undefined value '%2x'\n");
}

TEST(IrDiagnostics, AliasesThatDoubleAtEachStepAreRefusedNotSpelled)
{
    // Each alias uses the one before twice: forty lines would spell 2^40 bytes of type text,
    // or of attribute text once printed or compared.
    std::string types = "!t0 = f32\n";
    for (int k = 1; k <= 40; ++k) {
        const std::string last = "!t" + std::to_string(k - 1);
        types += "!t" + std::to_string(k) + " = (" + last + ", " + last + ") -> " + last + "\n";
    }
    types += "cuda_tile.module @m {\n  entry @k() {\n    return\n  }\n}\n";
    const ParseResult t = parseModule(types, {});
    EXPECT_FALSE(t.ok());
    EXPECT_NE(tu::dumpDiagnostics(t).find("larger than 1 MiB"), std::string::npos)
        << tu::dumpDiagnostics(t);

    std::string attrs = "#a0 = 1\n";
    for (int k = 1; k <= 40; ++k) {
        const std::string last = "#a" + std::to_string(k - 1);
        attrs += "#a" + std::to_string(k) + " = [" + last + ", " + last + "]\n";
    }
    attrs += "cuda_tile.module @m {\n  entry @k() attributes {x = #a40} {\n    return\n  }\n}\n";
    const ParseResult a = parseModule(attrs, {});
    EXPECT_FALSE(a.ok());
    EXPECT_NE(tu::dumpDiagnostics(a).find("spells more than 64 MiB when written out"),
              std::string::npos)
        << tu::dumpDiagnostics(a);
}

TEST(IrDiagnostics, AnAttributeAliasThatHoldsItselfIsAnErrorNotACycle)
{
    const ParseResult r = parseModule("#a = [#b]\n#b = [#a]\n"
                                      "cuda_tile.module @m {\n  entry @k() attributes {x = #a} {\n"
                                      "    return\n  }\n}\n",
                                      {});
    EXPECT_FALSE(r.ok());
    EXPECT_EQ(tu::dumpDiagnostics(r), "<input>:1:7: error: attribute alias '#b' refers to itself; "
                                      "the reference is kept as written\n");
    // Nothing cyclic is left in the model: it prints (the printer recursed without end).
    for (const PrintStyle style : {PrintStyle::Custom, PrintStyle::Generic})
        EXPECT_NE(printResult(r, style).find("[#b]"), std::string::npos) << printResult(r, style);
}

TEST(IrDiagnostics, WarningsAreCappedAndTheRestCounted)
{
    // A warning per line (an unknown keyword each): millions of them held 3.4 GB.
    std::string text = "cuda_tile.module @m {\n";
    for (int i = 0; i < 5000; ++i)
        text += "a\n";
    text += "}\n";
    const ParseResult r = parseModule(text, {});
    ASSERT_EQ(r.diagnostics.size(), 1001u) << tu::dumpDiagnostics(r).substr(0, 400);
    for (size_t i = 0; i < 1000; ++i)
        EXPECT_EQ(r.diagnostics[i].severity, tilelens::Severity::Warning);
    EXPECT_EQ(r.diagnostics.back().message, "4000 more warnings not shown (the first 1000 are)");
}

TEST(IrDiagnostics, SplitInputStopsAtTenThousandChunksWithAnError)
{
    std::string text;
    for (int i = 0; i < 10005; ++i)
        text += "cuda_tile.module @m {\n}\n// -----\n";
    const std::vector<ParseResult> chunks = parseSplitInput(text);
    ASSERT_EQ(chunks.size(), 10001u);
    EXPECT_TRUE(chunks[9999].ok());
    EXPECT_EQ(tu::dumpDiagnostics(chunks.back()),
              "<input>:30001:1: error: more than 10000 chunks split by '// -----'; the rest of "
              "the input is not parsed\n");
}
