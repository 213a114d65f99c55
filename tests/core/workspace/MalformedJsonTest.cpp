#include "common/JsonText.h"
#include "workspace/AnalysisValidator.h"
#include "workspace/JsonFile.h"
#include "workspace/JsonLocator.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <gtest/gtest.h>

using namespace tilelens::ws;

namespace {

QString writeAnalysis(const QTemporaryDir& dir, const QByteArray& bytes)
{
    QDir(dir.path()).mkpath(QStringLiteral("reference"));
    QFile f(dir.filePath(QStringLiteral("reference/analysis.json")));
    EXPECT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(bytes);
    return dir.path();
}

} // namespace

TEST(MalformedJson, SyntaxErrorHasLineAndColumn)
{
    tilelens::Diagnostics diags;
    EXPECT_FALSE(parseJson("{\n  \"a\": 1,\n  \"b\": tru\n}\n", QStringLiteral("x.json"), diags));
    ASSERT_EQ(diags.size(), 1u);
    EXPECT_EQ(diags[0].place.line, 3);
    EXPECT_EQ(diags[0].place.column, 8); // the start of the bad literal "tru"
    EXPECT_NE(diags[0].message.find("invalid JSON"), std::string::npos);
}

TEST(MalformedJson, TruncatedFileSaysSo)
{
    tilelens::Diagnostics diags;
    EXPECT_FALSE(parseJson("{\"kernel_name\": \"softmax\", \"ops_used\": [",
                           QStringLiteral("x.json"), diags));
    ASSERT_EQ(diags.size(), 1u);
    EXPECT_EQ(diags[0].place.line, 1);
    EXPECT_NE(diags[0].message.find("truncated"), std::string::npos);
}

TEST(MalformedJson, ColumnsCountCharactersNotBytes)
{
    int line = 0, col = 0;
    lineColumnOfByte("\xc3\xa9\xc3\xa9x", 4, line, col); // "ééx": byte 4 is the x
    EXPECT_EQ(line, 1);
    EXPECT_EQ(col, 3);
}

TEST(MalformedJson, ValidateReportsSyntaxErrorAsFail)
{
    QTemporaryDir dir;
    const QString kdir = writeAnalysis(dir, "{\n\"kernel_name\": \"softmax\",,\n}");
    const ValidationResult r = validateAnalysis(kdir);
    EXPECT_FALSE(r.passed());
    EXPECT_FALSE(r.inputError);
    ASSERT_EQ(r.errors(), 1);
    EXPECT_EQ(r.messages[0].place.line, 2);
    EXPECT_EQ(r.summary.last(),
              QStringLiteral("FAIL: analysis.json validation failed. Re-run Agent A."));
}

TEST(MalformedJson, EmptyAndMissingFilesFail)
{
    QTemporaryDir dir;
    EXPECT_NE(formatValidationText(validateAnalysis(dir.path()))
                  .indexOf(QStringLiteral("cannot open file")),
              -1);
    writeAnalysis(dir, "  \n");
    const ValidationResult r = validateAnalysis(dir.path());
    EXPECT_FALSE(r.passed());
    EXPECT_NE(formatValidationText(r).indexOf(QStringLiteral("file is empty")), -1);
}

TEST(MalformedJson, FiftyMegabyteFileIsRefusedQuickly)
{
    QTemporaryDir dir;
    QByteArray big("{\"kernel_name\": \"");
    big.append(QByteArray(50 * 1024 * 1024, 'a'));
    big.append("\"}");
    const QString kdir = writeAnalysis(dir, big);
    const ValidationResult r = validateAnalysis(kdir);
    EXPECT_FALSE(r.passed());
    EXPECT_NE(formatValidationText(r).indexOf(QStringLiteral("too large")), -1);
}

TEST(MalformedJson, DeepNestingIsALocatedError)
{
    // 10^5 nested arrays took a minute in the locator; now the parse refuses them at the
    // bracket that opens level 257.
    tilelens::Diagnostics diags;
    const std::string deep = std::string(100000, '[') + std::string(100000, ']');
    EXPECT_FALSE(parseJson(deep, QStringLiteral("deep.json"), diags));
    ASSERT_EQ(diags.size(), 1u);
    EXPECT_EQ(diags[0].place.line, 1);
    EXPECT_EQ(diags[0].place.column, tilelens::kMaxJsonDepth + 1);
    EXPECT_NE(diags[0].message.find("nested more than 256 levels"), std::string::npos);
}

TEST(MalformedJson, ValidateLocatesNumbersOutsideDoubleRange)
{
    // nlohmann's out_of_range.406 used to escape and abort validate, perf and the GUI.
    QTemporaryDir dir;
    const QString kdir = writeAnalysis(dir, "{\"kernel_name\":\"softmax\",\n \"x\": -1e400}");
    const ValidationResult r = validateAnalysis(kdir);
    EXPECT_FALSE(r.passed());
    ASSERT_EQ(r.errors(), 1);
    EXPECT_EQ(r.messages[0].place.line, 2);
    EXPECT_EQ(r.messages[0].place.column, 7); // the start of -1e400
    EXPECT_NE(r.messages[0].message.find("number overflow parsing '-1e400'"), std::string::npos);
}

TEST(MalformedJson, ValidateRefusesDeepNestingWithItsPlace)
{
    QTemporaryDir dir;
    const QString kdir =
        writeAnalysis(dir, QByteArray("{\"kernel_name\": ") + QByteArray(100000, '[') +
                               QByteArray(100000, ']') + "}");
    const ValidationResult r = validateAnalysis(kdir);
    ASSERT_EQ(r.errors(), 1);
    EXPECT_EQ(r.messages[0].place.column, 16 + tilelens::kMaxJsonDepth);
}

TEST(JsonLocator, WideAndDeepDocumentsLocateEveryElement)
{
    // The locator keeps one offset per value, not one pointer string per value.
    std::string text = std::string(200, '[') + "0";
    for (int i = 1; i < 5000; ++i)
        text += ",\n" + std::to_string(i);
    text += std::string(200, ']');
    const JsonLocator loc(text);
    std::string pointer;
    for (int i = 0; i < 200; ++i)
        pointer += "/0";
    int line = 0, col = 0;
    pointer.replace(pointer.size() - 1, 1, "4999");
    ASSERT_TRUE(loc.locate(pointer, line, col));
    EXPECT_EQ(line, 5000);
    EXPECT_EQ(col, 1);
    EXPECT_EQ(loc.offsetOf(pointer + "/0"), -1);
}

TEST(JsonLocator, DuplicateKeysResolveToTheLastAsTheParserDoes)
{
    const std::string text = "{\"b\": 1, \"a\": 2,\n\"b\": 3, \"c~/\": 4}";
    const JsonLocator loc(text);
    EXPECT_EQ(loc.offsetOf("/b"), 17);
    EXPECT_EQ(loc.offsetOf("/a"), 9);
    EXPECT_EQ(loc.offsetOf(jsonPointer({"c~/"})), 25);
    EXPECT_EQ(loc.offsetOf("/0"), -1);
}

TEST(MalformedJson, PointerEscaping)
{
    EXPECT_EQ(jsonPointer({"config_to_variant", "a/b~c"}), "/config_to_variant/a~1b~0c");
}

TEST(JsonLocator, PointersMapToKeyLines)
{
    const std::string text =
        "{\n  \"a\": 1,\n  \"list\": [\n    {\"x\": \"s,]}\"},\n    [1, 2]\n  ],\n  \"o\": {}\n}\n";
    const JsonLocator loc(text);
    int line = 0, col = 0;
    ASSERT_TRUE(loc.locate("/a", line, col));
    EXPECT_EQ(line, 2);
    EXPECT_EQ(col, 3);
    ASSERT_TRUE(loc.locate("/list/0/x", line, col));
    EXPECT_EQ(line, 4);
    EXPECT_EQ(col, 6);
    ASSERT_TRUE(loc.locate("/list/1/1", line, col));
    EXPECT_EQ(line, 5);
    EXPECT_EQ(col, 9);
    ASSERT_TRUE(
        loc.locate("/o/missing", line, col)); // falls back to the object that should hold it
    EXPECT_EQ(line, 7);
    EXPECT_EQ(loc.offsetOf("/nope"), -1);
}

TEST(MalformedJson, ValidationMessagesArePlacedOnTheirField)
{
    QTemporaryDir dir;
    const QString kdir =
        writeAnalysis(dir, "{\n  \"kernel_name\": 7,\n  \"pattern\": \"single\"\n}\n");
    const ValidationResult r = validateAnalysis(kdir);
    ASSERT_FALSE(r.messages.empty());
    EXPECT_EQ(r.messages[0].jsonPointer, "/kernel_name");
    EXPECT_EQ(r.messages[0].place.line, 2);
    EXPECT_EQ(r.messages[0].place.column, 3);
}
