// tilelens-cli diff --format sarif / html: written to -o with the verdict's exit code, the
// HTML page carrying the IR text it read (once), an unknown format refused with the list.

#include "CliRunner.h"
#include "TestPaths.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <gtest/gtest.h>

namespace {

using tilelens::test::runCli;

QString example(const char* relative)
{
    return QStringLiteral(TILELENS_EXAMPLES_DIR "/") + QString::fromUtf8(relative);
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

TEST(CliDiffExport, HtmlPageGoesToTheOutputFileWithTheVerdictsExitCode)
{
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("diff.html"));
    const auto r = runCli({QStringLiteral("diff"), example("softmax/reference/reference.mlir"),
                           example("softmax/generated/generated.mlir"), QStringLiteral("--format"),
                           QStringLiteral("html"), QStringLiteral("-o"), out});
    EXPECT_EQ(r.exitCode, 1) << r.err.toStdString(); // the softmax example has critical ones
    EXPECT_TRUE(r.out.startsWith(QStringLiteral("VERDICT: FAIL_FIXABLE"))) << r.out.toStdString();
    const QByteArray html = readAll(out);
    EXPECT_TRUE(html.startsWith("<!DOCTYPE html>"));
    // Both texts are in the page, escaped: a line of each side.
    EXPECT_TRUE(html.contains("cuda_tile.module @softmax_module {"));
    EXPECT_TRUE(html.contains("make_partition_view %34 : partition_view&lt;tile=(1x256)"));
    EXPECT_FALSE(html.contains("http://"));
}

TEST(CliDiffExport, SarifHasOneResultPerDivergence)
{
    const QStringList pair = {example("softmax/reference/reference.mlir"),
                              example("softmax/generated/generated.mlir")};
    const auto json = runCli(QStringList{QStringLiteral("diff")} + pair +
                             QStringList{QStringLiteral("--format"), QStringLiteral("json")});
    const auto sarif = runCli(QStringList{QStringLiteral("diff")} + pair +
                              QStringList{QStringLiteral("--format"), QStringLiteral("sarif")});
    EXPECT_EQ(sarif.exitCode, json.exitCode);
    const QJsonObject log = QJsonDocument::fromJson(sarif.out.toUtf8()).object();
    EXPECT_EQ(log.value(QStringLiteral("version")).toString(), QStringLiteral("2.1.0"));
    const QJsonArray results = log.value(QStringLiteral("runs"))
                                   .toArray()
                                   .first()
                                   .toObject()
                                   .value(QStringLiteral("results"))
                                   .toArray();
    const QJsonArray divergences = QJsonDocument::fromJson(json.out.toUtf8())
                                       .object()
                                       .value(QStringLiteral("divergences"))
                                       .toArray();
    EXPECT_FALSE(results.isEmpty());
    EXPECT_EQ(results.size(), divergences.size());
}

TEST(CliDiffExport, UnknownFormatNamesTheKnownOnes)
{
    const auto r = runCli({QStringLiteral("diff"), example("softmax/reference/reference.mlir"),
                           example("softmax/generated/generated.mlir"), QStringLiteral("--format"),
                           QStringLiteral("pdf")});
    EXPECT_EQ(r.exitCode, 3);
    EXPECT_TRUE(r.err.contains(QStringLiteral("expected text, json, markdown, sarif, html")))
        << r.err.toStdString();
}

} // namespace
