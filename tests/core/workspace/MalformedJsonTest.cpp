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

TEST(MalformedJson, DeepNestingDoesNotCrash)
{
    tilelens::Diagnostics diags;
    const std::string deep = std::string(100000, '[') + std::string(100000, ']');
    const auto doc = parseJson(deep, QStringLiteral("deep.json"), diags);
    ASSERT_TRUE(doc);
    const ValidationResult r = validateAnalysisDocument(*doc, QString());
    EXPECT_FALSE(r.passed());
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
