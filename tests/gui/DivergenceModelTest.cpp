// The divergence table model and its filter on the softmax example's diff:
// QAbstractItemModelTester finds no inconsistency, roles carry the
// divergence's values, severity/owner/search filters hide the right rows.

#include "DivergenceFilterModel.h"
#include "DivergenceTableModel.h"
#include "DivergenceText.h"
#include "TestPaths.h"
#include "pair/PairAnalysis.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <gtest/gtest.h>

using namespace tilelens;
using namespace tilelens::gui;

namespace {

std::shared_ptr<const pair::PairAnalysis> softmaxSnapshot()
{
    const QDir dir(QDir(test::examplesDir()).filePath(QStringLiteral("softmax")));
    pair::PairRequest request;
    request.sides = {{dir.filePath(QStringLiteral("reference/reference.mlir")).toStdString(), {}},
                     {dir.filePath(QStringLiteral("generated/generated.mlir")).toStdString(), {}}};
    return std::make_shared<const pair::PairAnalysis>(pair::analysePair(request));
}

} // namespace

TEST(DivergenceTableModel, PassesTheModelTesterAndCarriesEveryDivergence)
{
    const auto snapshot = softmaxSnapshot();
    ASSERT_TRUE(snapshot->result.has_value());
    const auto& divergences = snapshot->result->divergences;
    ASSERT_FALSE(divergences.empty());

    DivergenceTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    EXPECT_EQ(model.rowCount(), 0);
    model.setSnapshot(snapshot);
    ASSERT_EQ(model.rowCount(), static_cast<int>(divergences.size()));
    EXPECT_EQ(model.columnCount(), DivergenceTableModel::ColumnCount);
    for (int row = 0; row < model.rowCount(); ++row) {
        const diff::Divergence& d = divergences[static_cast<size_t>(row)];
        const QModelIndex i = model.index(row, 0);
        EXPECT_EQ(i.data(DivergenceTableModel::SeverityRole).toInt(), static_cast<int>(d.severity));
        EXPECT_EQ(i.data(DivergenceTableModel::RuleRole).toString().toStdString(), d.rule);
        EXPECT_EQ(i.data(DivergenceTableModel::MessageRole).toString().toStdString(), d.message);
        EXPECT_EQ(i.data(DivergenceTableModel::ReferenceLineRole).toInt(),
                  d.reference ? d.reference->line : 0);
        EXPECT_EQ(i.data(DivergenceTableModel::GeneratedLineRole).toInt(),
                  d.generated ? d.generated->line : 0);
        EXPECT_FALSE(i.data(Qt::DecorationRole).value<QIcon>().isNull());
        EXPECT_EQ(
            model.index(row, DivergenceTableModel::RuleColumn).data().toString().toStdString(),
            d.rule);
    }
    model.setDarkTheme(true);
    model.setSnapshot(nullptr);
    EXPECT_EQ(model.rowCount(), 0);
}

// Issue 30 item 2: the example's criticals have no counterexample; the severity cell and the
// details pane say they are unproven, and nothing else is said to be.
TEST(DivergenceTableModel, SaysWhichCriticalsAreUnproven)
{
    const auto snapshot = softmaxSnapshot();
    ASSERT_TRUE(snapshot->result.has_value());
    DivergenceTableModel model;
    model.setSnapshot(snapshot);
    int unproven = 0;
    for (int row = 0; row < model.rowCount(); ++row) {
        const diff::Divergence& d = snapshot->result->divergences[static_cast<size_t>(row)];
        const QString cell =
            model.index(row, DivergenceTableModel::SeverityColumn).data().toString();
        const bool expected = d.severity == diff::Severity::Critical && d.counterexample.empty();
        EXPECT_EQ(cell == QStringLiteral("critical, unproven"), expected) << cell.toStdString();
        EXPECT_EQ(DivergenceText::details(d, false).contains(QStringLiteral("<b>Unproven:</b>")),
                  expected);
        unproven += expected ? 1 : 0;
    }
    EXPECT_GT(unproven, 0) << "the example plants criticals without counterexample";
    EXPECT_EQ(snapshot->result->unprovenCriticals(), unproven);
}

TEST(DivergenceFilterModel, FiltersBySeverityOwnerAndSearch)
{
    const auto snapshot = softmaxSnapshot();
    ASSERT_TRUE(snapshot->result.has_value());
    const auto& divergences = snapshot->result->divergences;

    DivergenceTableModel model;
    model.setSnapshot(snapshot);
    DivergenceFilterModel filter;
    QAbstractItemModelTester tester(&filter, QAbstractItemModelTester::FailureReportingMode::Fatal);
    filter.setSourceModel(&model);
    ASSERT_EQ(filter.rowCount(), static_cast<int>(divergences.size()));

    auto countIf = [&](auto pred) {
        return static_cast<int>(std::count_if(divergences.begin(), divergences.end(), pred));
    };
    const int noise = static_cast<int>(diff::Severity::Noise);
    filter.setSeverityHidden(noise, true);
    EXPECT_EQ(filter.rowCount(), countIf([](const diff::Divergence& d) {
                  return d.severity != diff::Severity::Noise;
              }));
    for (int row = 0; row < filter.rowCount(); ++row)
        EXPECT_NE(filter.index(row, 0).data(DivergenceTableModel::SeverityRole).toInt(), noise);
    filter.setSeverityHidden(noise, false);

    const int critical = static_cast<int>(diff::Severity::Critical);
    filter.setSeverityAtLeast(critical);
    EXPECT_EQ(filter.rowCount(), countIf([](const diff::Divergence& d) {
                  return d.severity == diff::Severity::Critical;
              }));
    // "Warn and above": critical and warn rows, nothing milder.
    filter.setSeverityAtLeast(static_cast<int>(diff::Severity::Warn));
    const int warnAndAbove = countIf([](const diff::Divergence& d) {
        return d.severity == diff::Severity::Critical || d.severity == diff::Severity::Warn;
    });
    EXPECT_EQ(filter.rowCount(), warnAndAbove);
    EXPECT_GT(warnAndAbove, countIf([](const diff::Divergence& d) {
                  return d.severity == diff::Severity::Critical;
              }));
    filter.setSeverityAtLeast(-1);

    filter.setOwner(static_cast<int>(diff::Owner::Host));
    EXPECT_EQ(filter.rowCount(),
              countIf([](const diff::Divergence& d) { return d.owner == diff::Owner::Host; }));
    filter.setOwner(-1);

    const QString rule = QString::fromStdString(divergences.front().rule);
    filter.setSearchText(rule.toUpper());
    EXPECT_GE(filter.rowCount(), 1);
    for (int row = 0; row < filter.rowCount(); ++row) {
        const QModelIndex i = filter.index(row, 0);
        EXPECT_TRUE(
            i.data(DivergenceTableModel::RuleRole).toString().contains(rule, Qt::CaseInsensitive) ||
            i.data(DivergenceTableModel::MessageRole)
                .toString()
                .contains(rule, Qt::CaseInsensitive));
    }
    filter.setSearchText(QStringLiteral("no divergence says this \u2603"));
    EXPECT_EQ(filter.rowCount(), 0);
    EXPECT_EQ(filter.divergenceAt(0), -1);
    filter.setSearchText({});
    // Critical first (the report starts with noise), then file order.
    EXPECT_EQ(filter.index(0, 0).data(DivergenceTableModel::SeverityRole).toInt(), critical);
    EXPECT_NE(filter.divergenceAt(0), 0);
    filter.setOrder(DivergenceFilterModel::Order::File);
    EXPECT_EQ(filter.rowOf(2), 2);
    EXPECT_EQ(filter.divergenceAt(2), 2);
}
