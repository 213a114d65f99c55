// Golden tests: one minimal analysis.json per validate_analysis.sh rule
// (tests/data/workspace/analysis_rules/*.json, written by make_fixtures.py),
// each next to the expected `validate --scope analysis` text (*.expected).
// TILELENS_UPDATE_GOLDEN=1 rewrites the expected files; review the diff.

#include "TestPaths.h"
#include "workspace/AnalysisValidator.h"
#include "workspace/JsonFile.h"

#include <QDir>
#include <QFile>
#include <gtest/gtest.h>

using namespace tilelens::ws;

namespace {

QString rulesDir()
{
    return tilelens::test::testDataDir() + QStringLiteral("/workspace/analysis_rules");
}

QString readText(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

ValidationResult validateFixture(const QString& name)
{
    tilelens::Diagnostics diags;
    const auto doc = readJsonFile(QDir(rulesDir()).filePath(name + QStringLiteral(".json")), diags);
    EXPECT_TRUE(doc) << name.toStdString();
    return validateAnalysisDocument(doc ? *doc : Json(), rulesDir());
}

} // namespace

TEST(AnalysisRules, EveryFixtureMatchesItsGoldenOutput)
{
    const QStringList fixtures =
        QDir(rulesDir()).entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
    ASSERT_GE(fixtures.size(), 50);
    const bool update = qEnvironmentVariableIsSet("TILELENS_UPDATE_GOLDEN");
    for (const QString& file : fixtures) {
        const QString name = file.chopped(5);
        const ValidationResult r = validateFixture(name);
        const QString actual = formatValidationText(r);
        const QString expectedPath = QDir(rulesDir()).filePath(name + QStringLiteral(".expected"));
        if (update) {
            QFile f(expectedPath);
            ASSERT_TRUE(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            f.write(actual.toUtf8());
            continue;
        }
        EXPECT_EQ(actual.toStdString(), readText(expectedPath).toStdString())
            << "fixture " << name.toStdString();
        // The file name says which kind of outcome the fixture must produce.
        if (name.startsWith(QLatin1String("valid_"))) {
            EXPECT_TRUE(r.passed()) << name.toStdString();
            EXPECT_EQ(r.warnings(), 0) << name.toStdString();
        } else if (name.startsWith(QLatin1String("error_"))) {
            EXPECT_FALSE(r.passed()) << name.toStdString();
        } else {
            EXPECT_TRUE(r.passed()) << name.toStdString();
            EXPECT_GE(r.warnings(), 1) << name.toStdString();
        }
    }
}

TEST(AnalysisRules, MessagesCarryJsonPointers)
{
    const ValidationResult r = validateFixture(QStringLiteral("error_variant_reference_ir_absent"));
    ASSERT_EQ(r.errors(), 1);
    EXPECT_EQ(r.messages[0].jsonPointer, "/kernel_variants/0/reference_ir");
    const ValidationResult t = validateFixture(QStringLiteral("error_tolerance_missing_rtol"));
    ASSERT_EQ(t.errors(), 1);
    EXPECT_EQ(t.messages[0].jsonPointer, "/correctness_tolerance/f16");
}

TEST(AnalysisRules, BothPerfConfigFormsCountShapes)
{
    const ValidationResult list = validateFixture(QStringLiteral("valid_list_form"));
    EXPECT_TRUE(list.summary.contains(QStringLiteral("shapes: 1")));
    const ValidationResult dict = validateFixture(QStringLiteral("valid_dict_form"));
    EXPECT_TRUE(dict.summary.contains(QStringLiteral("shapes: 2")));
    EXPECT_EQ(dict.summary.last(), QStringLiteral("PASS: analysis.json has all required fields"));
    const ValidationResult zero = validateFixture(QStringLiteral("error_perf_configs_zero_shapes"));
    EXPECT_TRUE(zero.summary.contains(QStringLiteral("shapes: 0")));
    EXPECT_EQ(zero.summary.last(),
              QStringLiteral("FAIL: analysis.json validation failed. Re-run Agent A."));
}
