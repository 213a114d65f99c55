#include "CliRunner.h"
#include "TestPaths.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <gtest/gtest.h>

namespace {

using tilelens::test::CliResult;
using tilelens::test::runCli;

QString example(const char* name)
{
    return tilelens::test::examplesDir() + QLatin1Char('/') + QString::fromLatin1(name);
}

QString rule(const char* name)
{
    return tilelens::test::testDataDir() + QStringLiteral("/workspace/analysis_rules/") +
           QString::fromLatin1(name);
}

// A kernel dir whose analysis.json is one of the rule fixtures.
QString kernelWithAnalysis(const QTemporaryDir& dir, const QString& analysisFile)
{
    QDir(dir.path()).mkpath(QStringLiteral("reference"));
    QFile::copy(analysisFile, dir.filePath(QStringLiteral("reference/analysis.json")));
    QFile::copy(rule("reference/reference.mlir"),
                dir.filePath(QStringLiteral("reference/reference.mlir")));
    return dir.path();
}

} // namespace

TEST(CliValidate, BothExamplesPassBothScopes)
{
    for (const char* name : {"matmul", "softmax"}) {
        for (const char* scope : {"analysis", "kernel"}) {
            const auto r = runCli({QStringLiteral("validate"), QStringLiteral("--scope"),
                                   QString::fromLatin1(scope), example(name)});
            EXPECT_EQ(r.exitCode, 0) << name << " " << scope << "\n"
                                     << r.out.toStdString() << r.err.toStdString();
            EXPECT_FALSE(r.out.contains(QStringLiteral("ERROR:"))) << r.out.toStdString();
        }
    }
    const auto a = runCli({QStringLiteral("validate"), QStringLiteral("--scope"),
                           QStringLiteral("analysis"), example("matmul")});
    EXPECT_TRUE(a.out.endsWith(QStringLiteral("PASS: analysis.json has all required fields\n")));
    EXPECT_TRUE(a.out.contains(QStringLiteral("variants: 2 [static_persistent, plain]")));
}

TEST(CliValidate, DefaultScopeRunsBoth)
{
    const auto r = runCli({QStringLiteral("validate"), example("matmul")});
    EXPECT_EQ(r.exitCode, 0);
    EXPECT_TRUE(r.out.contains(QStringLiteral("=== analysis ===")));
    EXPECT_TRUE(r.out.contains(QStringLiteral("=== kernel ===")));
}

TEST(CliValidate, ErrorRuleFailsWithMessageAndPointer)
{
    QTemporaryDir dir;
    const auto r =
        runCli({QStringLiteral("validate"), QStringLiteral("--scope"), QStringLiteral("analysis"),
                kernelWithAnalysis(dir, rule("error_tolerance_missing_rtol.json"))});
    EXPECT_EQ(r.exitCode, 1);
    // ERROR: FILE:LINE:COL: message (at pointer); the place is the field's key in the file.
    EXPECT_TRUE(r.out.startsWith(QStringLiteral("ERROR: "))) << r.out.toStdString();
    EXPECT_TRUE(r.out.contains(QStringLiteral("reference/analysis.json:")));
    EXPECT_TRUE(
        r.out.contains(QStringLiteral(": correctness_tolerance.f16 must be an object with numeric "
                                      "atol and rtol (at /correctness_tolerance/f16)")));
    EXPECT_TRUE(
        r.out.endsWith(QStringLiteral("FAIL: analysis.json validation failed. Re-run Agent A.\n")));
}

TEST(CliValidate, WarnRulePasses)
{
    QTemporaryDir dir;
    const auto r =
        runCli({QStringLiteral("validate"), QStringLiteral("--scope"), QStringLiteral("analysis"),
                kernelWithAnalysis(dir, rule("warn_tolerance_no_source.json"))});
    EXPECT_EQ(r.exitCode, 0);
    EXPECT_TRUE(r.out.startsWith(QStringLiteral("WARN: "))) << r.out.toStdString();
    EXPECT_TRUE(r.out.contains(QStringLiteral(
        ": correctness_tolerance has no source (at /correctness_tolerance/source)")));
}

TEST(CliValidate, SyntaxErrorHasLineAndColumn)
{
    QTemporaryDir dir;
    QDir(dir.path()).mkpath(QStringLiteral("reference"));
    QFile f(dir.filePath(QStringLiteral("reference/analysis.json")));
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write("{\n  \"kernel_name\": \"x\"\n  \"source\": 1\n}\n");
    f.close();
    const auto r = runCli({QStringLiteral("validate"), QStringLiteral("--scope"),
                           QStringLiteral("analysis"), dir.path()});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_TRUE(r.out.contains(QStringLiteral("analysis.json:3:3: invalid JSON")))
        << r.out.toStdString();
}

TEST(CliValidate, JsonOutput)
{
    QTemporaryDir dir;
    const auto r =
        runCli({QStringLiteral("validate"), QStringLiteral("--json"), QStringLiteral("--scope"),
                QStringLiteral("analysis"),
                kernelWithAnalysis(dir, rule("error_variant_reference_ir_absent.json"))});
    EXPECT_EQ(r.exitCode, 1);
    const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
    EXPECT_EQ(o.value(QStringLiteral("schema")).toString(), QStringLiteral("tilelens.validate/1"));
    EXPECT_EQ(o.value(QStringLiteral("verdict")).toString(), QStringLiteral("FAIL"));
    const QJsonObject scope = o.value(QStringLiteral("scopes")).toArray().at(0).toObject();
    EXPECT_EQ(scope.value(QStringLiteral("errors")).toInt(), 1);
    const QJsonObject msg = scope.value(QStringLiteral("messages")).toArray().at(0).toObject();
    EXPECT_EQ(msg.value(QStringLiteral("pointer")).toString(),
              QStringLiteral("/kernel_variants/0/reference_ir"));
    EXPECT_EQ(msg.value(QStringLiteral("severity")).toString(), QStringLiteral("error"));
}

TEST(CliValidate, InputAndUsageErrors)
{
    EXPECT_EQ(runCli({QStringLiteral("validate"), QStringLiteral("/nonexistent/dir")}).exitCode, 3);
    EXPECT_EQ(runCli({QStringLiteral("validate")}).exitCode, 3);
    EXPECT_EQ(runCli({QStringLiteral("validate"), QStringLiteral("--scope"),
                      QStringLiteral("bogus"), example("matmul")})
                  .exitCode,
              3);
    QTemporaryDir empty;
    const auto r = runCli({QStringLiteral("validate"), QStringLiteral("--scope"),
                           QStringLiteral("kernel"), empty.path()});
    EXPECT_EQ(r.exitCode,
              1); // an existing directory without artifacts is a FAIL, as in validate_kernel.sh
    EXPECT_TRUE(r.out.contains(QStringLiteral("ERROR: kernel.rs missing")));
}
