// Issue 27 P11: the GUI classifies with the rules file the CLI takes (`tilelens --rules FILE`,
// Diff > Rules File…): its verdict and divergence table equal `tilelens-cli diff --rules FILE`
// of the same pair, the dashboard's rows take the file too, and a file that does not load is
// reported with its place while the built-in rules stay in use.

#include "DivergenceNavigator.h"
#include "DivergenceTableModel.h"
#include "GuiTestSupport.h"
#include "MainWindow.h"
#include "SeverityStyle.h"
#include "TestPaths.h"
#include "diff/DiffVocabulary.h"
#include "diff/RuleSet.h"
#include "panels/DashboardModel.h"
#include "panels/DashboardView.h"

#include <QAbstractItemModel>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QMessageBox>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTextDocument>
#include <gtest/gtest.h>

using namespace tilelens;
using namespace tilelens::gui;

namespace {

const char* const kDemoteFtz = R"({"schema": "tilelens.rules/1", "rules": [
    {"id": "ftz-approx", "severity": "warn", "message": "{op}: FTZ relaxed on purpose"}]})";

QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& bytes)
{
    QString path = dir.filePath(name);
    QFile f(path);
    if (f.open(QIODevice::WriteOnly))
        f.write(bytes);
    return path;
}

QString fixture()
{
    return test::testDataDir() + QStringLiteral("/diff/softmax_persistent_256x2048_f32.mlir");
}

// The fixture with its divf's flush_to_zero dropped: one ftz-approx finding, critical by default.
QString withoutFtz(const QTemporaryDir& dir)
{
    QFile in(fixture());
    if (!in.open(QIODevice::ReadOnly))
        return {};
    QByteArray text = in.readAll();
    text.replace("rounding<approx> flush_to_zero", "rounding<approx>");
    return writeFile(dir, QStringLiteral("gen.mlir"), text);
}

// `tilelens-cli diff REF GEN --format json [--rules FILE]`.
QJsonObject cliDiff(const QString& ref, const QString& gen, const QString& rules)
{
    QStringList args = {QStringLiteral("diff"), ref, gen, QStringLiteral("--format"),
                        QStringLiteral("json")};
    if (!rules.isEmpty())
        args << QStringLiteral("--rules") << rules;
    QProcess p;
    p.start(QStringLiteral(TILELENS_CLI_PATH), args);
    p.waitForFinished(60000);
    return QJsonDocument::fromJson(p.readAllStandardOutput()).object();
}

// The window's verdict, counts and divergence table equal the CLI's JSON report.
void expectSameAsCli(MainWindow& w, const QJsonObject& cli)
{
    const diff::DiffResult* result = w.session().diffResult();
    ASSERT_NE(result, nullptr);
    const QString verdict = QString::fromLatin1(diff::verdictName(result->verdict));
    EXPECT_EQ(verdict, cli.value(QStringLiteral("verdict")).toString());
    EXPECT_TRUE(w.verdictLabel()->text().contains(gui::verdictLabel(result->verdict)))
        << w.verdictLabel()->text().toStdString();
    const QJsonObject counts = cli.value(QStringLiteral("counts")).toObject();
    for (diff::Severity s : {diff::Severity::Critical, diff::Severity::Warn, diff::Severity::Info,
                             diff::Severity::Noise}) {
        EXPECT_EQ(result->count(s),
                  counts.value(QString::fromLatin1(diff::severityName(s))).toInt())
            << diff::severityName(s);
    }
    const QJsonArray divs = cli.value(QStringLiteral("divergences")).toArray();
    const QAbstractItemModel* table = w.navigator()->model();
    ASSERT_EQ(table->rowCount(), divs.size());
    for (int i = 0; i < table->rowCount(); ++i) {
        const QModelIndex row = table->index(i, DivergenceTableModel::RuleColumn);
        const int index = row.data(DivergenceTableModel::DivergenceIndexRole).toInt();
        ASSERT_GE(index, 0);
        ASSERT_LT(index, divs.size());
        const QJsonObject d = divs[index].toObject();
        EXPECT_EQ(row.data(DivergenceTableModel::RuleRole).toString(),
                  d.value(QStringLiteral("rule")).toString());
        const auto severity = diff::Severity(row.data(DivergenceTableModel::SeverityRole).toInt());
        EXPECT_EQ(QString::fromLatin1(diff::severityName(severity)),
                  d.value(QStringLiteral("severity")).toString());
    }
}

} // namespace

TEST(RulesFile, DemotedRuleChangesTheGuiVerdictAsTheCliDiffRules)
{
    QTemporaryDir dir;
    const QString gen = withoutFtz(dir);
    const QString rules = writeFile(dir, QStringLiteral("rules.json"), kDemoteFtz);
    const QJsonObject plain = cliDiff(fixture(), gen, {});
    const QJsonObject ruled = cliDiff(fixture(), gen, rules);
    ASSERT_EQ(plain.value(QStringLiteral("verdict")).toString(), QStringLiteral("FAIL_FIXABLE"));
    ASSERT_EQ(ruled.value(QStringLiteral("verdict")).toString(), QStringLiteral("PASS_WITH_NOTES"));

    // `tilelens --rules FILE`.
    MainWindow::Options options(false);
    options.rulesFile = rules;
    MainWindow w(options);
    w.show();
    EXPECT_EQ(w.rulesFile(), rules);
    EXPECT_TRUE(w.rulesLabel()->text().contains(QStringLiteral("rules.json")));
    w.openIrPair(fixture(), gen);
    ASSERT_TRUE(test::waitForLoad(w));
    expectSameAsCli(w, ruled);

    // Diff > Use Default Rules, then the file again (Diff > Rules File…): analysed anew each time.
    ASSERT_TRUE(w.setRulesFile({}));
    ASSERT_TRUE(test::waitForLoad(w));
    EXPECT_TRUE(w.rulesFile().isEmpty());
    expectSameAsCli(w, plain);
    ASSERT_TRUE(w.setRulesFile(rules));
    ASSERT_TRUE(test::waitForLoad(w));
    expectSameAsCli(w, ruled);
}

TEST(RulesFile, DashboardRowsCountWithTheRulesFile)
{
    const QString example = test::examplesDir() + QStringLiteral("/softmax");
    QTemporaryDir dir;
    const QString rules = writeFile(dir, QStringLiteral("rules.json"), kDemoteFtz);
    const QJsonObject plain = cliDiff(example + QStringLiteral("/reference/reference.mlir"),
                                      example + QStringLiteral("/generated/generated.mlir"), {});
    const QJsonObject ruled = cliDiff(example + QStringLiteral("/reference/reference.mlir"),
                                      example + QStringLiteral("/generated/generated.mlir"), rules);
    const auto criticals = [](const QJsonObject& report) {
        return report.value(QStringLiteral("counts"))
            .toObject()
            .value(QStringLiteral("critical"))
            .toInt();
    };
    ASSERT_EQ(criticals(plain), criticals(ruled) + 1); // the example lacks flush_to_zero

    MainWindow w(MainWindow::Options{false});
    w.show();
    w.openWorkspace(example);
    ASSERT_TRUE(test::waitForLoad(w));
    panels::DashboardModel* model = w.dashboard()->model();
    const auto rowsLoaded = [model] {
        if (!model->isLoading())
            return true;
        QSignalSpy loaded(model, &panels::DashboardModel::loaded);
        return loaded.wait(60000);
    };
    ASSERT_TRUE(rowsLoaded());
    ASSERT_EQ(model->rowCount(), 1);
    EXPECT_EQ(model->rows().front().currentCritical, criticals(plain));

    ASSERT_TRUE(w.setRulesFile(rules));
    ASSERT_TRUE(test::waitForLoad(w));
    ASSERT_TRUE(rowsLoaded());
    ASSERT_EQ(model->rowCount(), 1);
    EXPECT_EQ(model->rows().front().currentCritical, criticals(ruled));
    expectSameAsCli(w, ruled);
}

TEST(RulesFile, BrokenFileIsReportedWithItsPlaceAndTheBuiltInRulesStay)
{
    QTemporaryDir dir;
    const QString gen = withoutFtz(dir);
    const QString good = writeFile(dir, QStringLiteral("rules.json"), kDemoteFtz);
    const QString bad = writeFile(dir, QStringLiteral("bad.json"),
                                  "{\"schema\": \"tilelens.rules/1\",\n \"rules\": [}\n");

    MainWindow w(MainWindow::Options{false});
    w.show();
    ASSERT_TRUE(w.setRulesFile(good));
    w.openIrPair(fixture(), gen);
    ASSERT_TRUE(test::waitForLoad(w));
    EXPECT_FALSE(w.setRulesFile(bad));
    ASSERT_TRUE(test::waitForLoad(w));

    auto* box = w.findChild<QMessageBox*>(QStringLiteral("rulesErrorDialog"));
    ASSERT_NE(box, nullptr);
    EXPECT_TRUE(box->text().contains(QDir::toNativeSeparators(bad))) << box->text().toStdString();
    EXPECT_TRUE(box->informativeText().contains(bad + QStringLiteral(":2:")) &&
                box->informativeText().contains(QStringLiteral("invalid JSON")))
        << box->informativeText().toStdString();
    EXPECT_TRUE(w.rulesFile().isEmpty());
    EXPECT_EQ(w.session().rules().get(), &diff::RuleSet::defaults());
    EXPECT_FALSE(w.rulesLabel()->text().contains(QStringLiteral("bad.json")));
    expectSameAsCli(w, cliDiff(fixture(), gen, {}));
    box->close();
}

TEST(RulesFile, AnErrorQuotingMarkupFromTheFileShowsItAsWritten)
{
    // The messages quote the file ("unknown key '<b>bold</b>'"); Qt 6.4 leaves a message box's
    // informative text at AutoText, where this would render bold.
    QTemporaryDir dir;
    const QString bad = writeFile(dir, QStringLiteral("markup.json"),
                                  "{\"schema\": \"tilelens.rules/1\", \"<b>bold</b>\": 1, "
                                  "\"rules\": []}\n");
    MainWindow w(MainWindow::Options{false});
    w.show();
    EXPECT_FALSE(w.setRulesFile(bad));
    auto* box = w.findChild<QMessageBox*>(QStringLiteral("rulesErrorDialog"));
    ASSERT_NE(box, nullptr);
    const QString informative = box->informativeText();
    QTextDocument shown;
    if (Qt::mightBeRichText(informative))
        shown.setHtml(informative);
    else
        shown.setPlainText(informative);
    EXPECT_TRUE(shown.toPlainText().contains(QStringLiteral("unknown key '<b>bold</b>'")))
        << informative.toStdString();
    EXPECT_EQ(box->textFormat(), Qt::PlainText);
    box->close();
}
