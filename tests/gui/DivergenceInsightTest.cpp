// Issue 13 item 4 and issue 16 item 3 in the inspector: a divergence's proof or
// counterexample on hover (table row and IR line) and in full in the details
// pane with every site; the "Fold Equivalent & Noise" toggle (saved per user);
// "Run Both on CPU" in the background with progress, cancel and its result.

#include "DivergenceInsight.h"

#include "AlignedIrView.h"
#include "DivergenceFilterModel.h"
#include "DivergenceNavigator.h"
#include "DivergenceTableModel.h"
#include "DivergenceText.h"
#include "EvalAction.h"
#include "GuiTestSupport.h"
#include "MainWindow.h"
#include "QsciHeaders.h"
#include "SourcePane.h"
#include "TestPaths.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QProgressBar>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QUrl>
#include <gtest/gtest.h>

using namespace tilelens;
using namespace tilelens::gui;

namespace {

QString realPort(const QString& pair, const QString& file)
{
    return QDir(test::testDataDir()).filePath(QStringLiteral("real-ports/%1/%2").arg(pair, file));
}

QString evalData(const QString& file)
{
    return QDir(test::testDataDir()).filePath(QStringLiteral("eval/") + file);
}

const QString kSwiglu = QStringLiteral("swiglu_fwd_2x512x4096_bf16");

DivergenceInsight* insightOf(MainWindow& w)
{
    return w.findChild<DivergenceInsight*>();
}

bool hasMarker(QsciScintilla* e, diff::Severity s)
{
    return e->markerFindNext(0, 1 << static_cast<int>(s)) >= 0;
}

bool waitUntil(const std::function<bool()>& done, int timeoutMs = 120000)
{
    QDeadlineTimer deadline(timeoutMs);
    while (!done() && !deadline.hasExpired())
        QTest::qWait(10);
    return done();
}

} // namespace

TEST(DivergenceInsight, ProofOnHoverAndInFullWithEverySiteInTheDetails)
{
    MainWindow w(MainWindow::Options{false});
    w.resize(1600, 1000);
    w.show();
    w.openIrPair(realPort(kSwiglu, QStringLiteral("reference.mlir")),
                 realPort(kSwiglu, QStringLiteral("generated.mlir")));
    ASSERT_TRUE(test::waitForLoad(w));
    const diff::DiffResult* result = w.session().diffResult();
    ASSERT_NE(result, nullptr);

    // The grouped finding with a proof and the most sites (the cmpi signedness of the issue).
    int index = -1;
    for (size_t i = 0; i < result->divergences.size(); ++i) {
        const diff::Divergence& d = result->divergences[i];
        if (!d.proof.empty() && d.generated && d.reference &&
            (index < 0 || d.sites.size() > result->divergences[size_t(index)].sites.size()))
            index = int(i);
    }
    ASSERT_GE(index, 0) << "the real swiglu pair has proven findings";
    const diff::Divergence& d = result->divergences[size_t(index)];
    ASSERT_GT(d.sites.size(), 1u);
    const QString proof = QString::fromStdString(d.proof).toHtmlEscaped();

    // Hover over its table row and over its generated IR line.
    const QString rowTip = w.navigator()
                               ->model()
                               ->index(index, DivergenceTableModel::MessageColumn)
                               .data(Qt::ToolTipRole)
                               .toString();
    EXPECT_TRUE(rowTip.contains(QStringLiteral("Proof:"))) << rowTip.toStdString();
    EXPECT_TRUE(rowTip.contains(proof)) << rowTip.toStdString();
    const QString lineTip =
        w.alignedView()->tooltipFor(Side::Generated, FileLine(d.generated->line));
    EXPECT_TRUE(lineTip.contains(proof)) << lineTip.toStdString();

    // The details: the proof and every site, as links.
    w.session().selectDivergence(index);
    QTextBrowser* details = insightOf(w)->details();
    const QString text = details->toPlainText();
    EXPECT_TRUE(text.contains(QString::fromStdString(d.proof))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("Sites (%1)").arg(d.sites.size())))
        << text.toStdString();
    for (const diff::DivergenceSite& s : d.sites)
        EXPECT_TRUE(text.contains(DivergenceText::siteLabel(s))) << text.toStdString();
    EXPECT_EQ(details->toHtml().count(QStringLiteral("href=\"site:")), int(d.sites.size()));

    // Clicking the last site selects its lines in both panes.
    const diff::DivergenceSite& last = d.sites.back();
    insightOf(w)->activateLink(QUrl(QStringLiteral("site:%1").arg(d.sites.size() - 1)));
    EXPECT_EQ(w.alignedView()->highlightedLines(Side::Reference),
              std::vector<int>{last.reference ? last.reference->line : 0});
    EXPECT_EQ(w.alignedView()->highlightedLines(Side::Generated),
              std::vector<int>{last.generated ? last.generated->line : 0});
}

TEST(DivergenceInsight, CriticalShowsItsCounterexampleOnHoverAndInTheDetails)
{
    // A seeded mask predicate mistake (`<=` for `<`): the solver gives the input that shows it.
    MainWindow w(MainWindow::Options{false});
    w.show();
    w.openIrPair(realPort(kSwiglu, QStringLiteral("reference.mlir")),
                 QDir(test::testDataDir())
                     .filePath(QStringLiteral(
                         "port-mistakes/swiglu/wrong_predicate_c_col_mask/generated.mlir")));
    ASSERT_TRUE(test::waitForLoad(w));
    const diff::DiffResult* result = w.session().diffResult();
    ASSERT_NE(result, nullptr);
    int index = -1;
    for (size_t i = 0; i < result->divergences.size(); ++i)
        if (result->divergences[i].severity == diff::Severity::Critical &&
            !result->divergences[i].counterexample.empty())
            index = int(i);
    ASSERT_GE(index, 0);
    const diff::Divergence& d = result->divergences[size_t(index)];
    const QString cx = QString::fromStdString(d.counterexample);
    const QString rowTip = w.navigator()->model()->index(index, 0).data(Qt::ToolTipRole).toString();
    EXPECT_TRUE(rowTip.contains(QStringLiteral("Counterexample:"))) << rowTip.toStdString();
    EXPECT_TRUE(rowTip.contains(cx.toHtmlEscaped())) << rowTip.toStdString();
    const int genLine = d.generated ? d.generated->line : 0;
    ASSERT_GT(genLine, 0);
    EXPECT_TRUE(w.alignedView()
                    ->tooltipFor(Side::Generated, FileLine(genLine))
                    .contains(cx.toHtmlEscaped()));
    w.session().selectDivergence(index);
    EXPECT_TRUE(insightOf(w)->details()->toPlainText().contains(cx));
}

TEST(DivergenceInsight, FoldHidesExactlyTheEquivalentAndNoiseRowsAndMarkers)
{
    {
        MainWindow w(MainWindow::Options{true});
        w.show();
        w.openIrPair(realPort(kSwiglu, QStringLiteral("reference.mlir")),
                     realPort(kSwiglu, QStringLiteral("generated.mlir")));
        ASSERT_TRUE(test::waitForLoad(w));
        const diff::DiffResult* result = w.session().diffResult();
        ASSERT_NE(result, nullptr);
        const int total = int(result->divergences.size());
        const int folded =
            result->count(diff::Severity::Equivalent) + result->count(diff::Severity::Noise);
        ASSERT_GT(folded, 0);
        ASSERT_LT(folded, total);
        QsciScintilla* gen = w.pane(SourceRole::GeneratedIr)->editor();
        QsciScintilla* ref = w.pane(SourceRole::ReferenceIr)->editor();
        ASSERT_TRUE(hasMarker(gen, diff::Severity::Equivalent) ||
                    hasMarker(ref, diff::Severity::Equivalent));

        QAction* fold = insightOf(w)->foldAction();
        EXPECT_FALSE(fold->isChecked());
        EXPECT_FALSE(fold->shortcut().isEmpty());
        fold->trigger();
        ASSERT_TRUE(test::waitForLoad(w));
        DivergenceFilterModel* filter = w.navigator()->filter();
        ASSERT_EQ(filter->rowCount(), total - folded);
        for (int row = 0; row < filter->rowCount(); ++row) {
            const auto s = static_cast<diff::Severity>(
                filter->index(row, 0).data(DivergenceTableModel::SeverityRole).toInt());
            EXPECT_NE(s, diff::Severity::Equivalent);
            EXPECT_NE(s, diff::Severity::Noise);
        }
        EXPECT_EQ(w.navigator()->countLabel()->text(),
                  QStringLiteral("%1 of %2 shown").arg(total - folded).arg(total));
        for (QsciScintilla* e : {ref, gen}) {
            EXPECT_FALSE(hasMarker(e, diff::Severity::Equivalent));
            EXPECT_FALSE(hasMarker(e, diff::Severity::Noise));
        }
        EXPECT_TRUE(w.hideNoiseAction()->isChecked());
        EXPECT_TRUE(w.hideEquivalentAction()->isChecked());
        EXPECT_TRUE(QSettings().value(QLatin1String(DivergenceInsight::kFoldSettingKey)).toBool());

        // Showing noise again is no longer "folded".
        w.hideNoiseAction()->setChecked(false);
        EXPECT_FALSE(fold->isChecked());
        EXPECT_EQ(filter->rowCount(), total - result->count(diff::Severity::Equivalent));
        fold->trigger();
        EXPECT_EQ(filter->rowCount(), total - folded);
    }
    // Saved per user: the next window starts folded.
    MainWindow next(MainWindow::Options{true});
    EXPECT_TRUE(insightOf(next)->foldAction()->isChecked());
    EXPECT_TRUE(next.hideEquivalentAction()->isChecked());
    insightOf(next)->foldAction()->trigger();
    EXPECT_FALSE(QSettings().value(QLatin1String(DivergenceInsight::kFoldSettingKey)).toBool());
}

TEST(DivergenceInsight, RunBothOnCpuShowsProgressAndTheCounterexampleAndCanBeCancelled)
{
    MainWindow w(MainWindow::Options{false});
    w.show();
    w.openIrPair(realPort(kSwiglu, QStringLiteral("reference.mlir")),
                 evalData(QStringLiteral("swiglu_seeded_sigmoid.mlir")));
    ASSERT_TRUE(test::waitForLoad(w));
    DivergenceInsight* insight = insightOf(w);
    EvalAction* eval = insight->evalAction();
    eval->setBindingFile(evalData(QStringLiteral("gui_swiglu_small.binding.json")));
    ASSERT_TRUE(eval->runAction()->isEnabled());
    EXPECT_FALSE(eval->cancelAction()->isEnabled());

    // Cancelled at once: nothing is decided, the action is available again.
    QSignalSpy finished(eval, &EvalAction::finished);
    eval->runAction()->trigger();
    EXPECT_TRUE(eval->isRunning());
    EXPECT_TRUE(eval->cancelAction()->isEnabled());
    EXPECT_FALSE(eval->runAction()->isEnabled());
    EXPECT_TRUE(insight->progressBar()->isVisible());
    eval->cancelAction()->trigger();
    ASSERT_TRUE(waitUntil([&] { return !finished.isEmpty(); }));
    EXPECT_EQ(finished.takeFirst().at(0).value<std::shared_ptr<const crosscheck::CrossCheck>>(),
              nullptr);
    EXPECT_EQ(insight->evalStatus()->text(), QStringLiteral("CPU run: cancelled"));
    EXPECT_FALSE(insight->progressBar()->isVisible());
    EXPECT_TRUE(eval->runAction()->isEnabled());

    // A whole run: the UI keeps turning while it works, progress reaches the end.
    QSignalSpy progress(eval, &EvalAction::progressChanged);
    eval->runAction()->trigger();
    int turns = 0;
    ASSERT_TRUE(waitUntil([&] {
        ++turns;
        return !finished.isEmpty();
    }));
    EXPECT_GT(turns, 1);
    ASSERT_FALSE(progress.isEmpty());
    const QList<QVariant> lastStep = progress.last();
    EXPECT_EQ(lastStep.at(0).toInt(), lastStep.at(1).toInt());
    const auto check = eval->result();
    ASSERT_NE(check, nullptr);
    ASSERT_EQ(check->eval.verdict, "different") << check->summary;
    ASSERT_FALSE(check->attachedTo.empty());
    EXPECT_TRUE(insight->evalStatus()->text().startsWith(
        QStringLiteral("CPU run: different: counterexample attached to")))
        << insight->evalStatus()->text().toStdString();

    // The attached critical shows its counterexample (as the table's row carries it: since issue
    // 30 item 2 the differ's own float witness, the seeded exp of x against exp of -x), the
    // inputs of the run's case and a link to the first diverging stores.
    const diff::DiffResult* result = w.session().diffResult();
    for (size_t i = 0; i < result->divergences.size(); ++i)
        if (result->divergences[i].id == check->attachedTo.front())
            w.session().selectDivergence(int(i));
    const QString text = insight->details()->toPlainText();
    EXPECT_TRUE(text.contains(QStringLiteral("Counterexample: "))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("(every element)"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("Inputs of that case"))) << text.toStdString();
    // Its link selects the two stores.
    ASSERT_TRUE(check->eval.firstDivergence);
    EXPECT_TRUE(insight->details()->toHtml().contains(QStringLiteral("href=\"store:0\"")));
    insight->activateLink(QUrl(QStringLiteral("store:0")));
    EXPECT_EQ(w.alignedView()->highlightedLines(Side::Reference),
              std::vector<int>{check->eval.firstDivergence->reference.line});
    EXPECT_EQ(w.alignedView()->highlightedLines(Side::Generated),
              std::vector<int>{check->eval.firstDivergence->generated.line});

    // Another pair forgets the binding; without one these two entries (10 and 5 parameters:
    // the port takes raw pointers, so the pair ties no extent either) do not bind, copied away
    // from the launch.json that names their chain, and the status says how to give one.
    const QString silu = QStringLiteral("silu_and_mul_fwd_13x256x1000_f32");
    QTemporaryDir away;
    ASSERT_TRUE(away.isValid());
    const QString ref = away.filePath(QStringLiteral("reference.mlir"));
    const QString gen = away.filePath(QStringLiteral("generated.mlir"));
    ASSERT_TRUE(QFile::copy(realPort(silu, QStringLiteral("reference.mlir")), ref));
    ASSERT_TRUE(QFile::copy(realPort(silu, QStringLiteral("generated.mlir")), gen));
    w.openIrPair(ref, gen);
    ASSERT_TRUE(test::waitForLoad(w));
    EXPECT_TRUE(eval->bindingFile().isEmpty());
    finished.clear();
    eval->runAction()->trigger();
    ASSERT_TRUE(waitUntil([&] { return !finished.isEmpty(); }));
    ASSERT_NE(eval->result(), nullptr);
    EXPECT_FALSE(eval->result()->ran());
    EXPECT_TRUE(insight->evalStatus()->text().contains(QStringLiteral("CPU Run Binding")))
        << insight->evalStatus()->text().toStdString();
}

// Issue 30 item 2: the summary above the table counts the criticals with counterexample and
// the unproven ones, as the CLI's summary does.
TEST(DivergenceInsight, TheSummaryCountsCriticalsWithCounterexampleAndUnproven)
{
    // Without the quick CPU search, which refutes the select on the pair's derived binding.
    MainWindow::Options options(false);
    options.cpuSearchSeconds = 0;
    MainWindow w(options);
    // dropout's port that drops the keep scale, against the Python reference: the compares'
    // signedness criticals carry the solver's counterexample, the select of float values
    // computed from p none. (Every real pair's criticals are now all of one kind.)
    const QString dropout = QStringLiteral("dropout_train_p0.5_1M_f32");
    w.openIrPair(realPort(dropout, QStringLiteral("reference.mlir")),
                 QDir(test::testDataDir())
                     .filePath(QStringLiteral(
                         "port-mistakes/dropout/dropped_scale_factor_keep/generated.mlir")));
    ASSERT_TRUE(test::waitForLoad(w));
    const diff::DiffResult* result = w.session().diffResult();
    ASSERT_NE(result, nullptr);
    const int critical = result->count(diff::Severity::Critical);
    const int unproven = result->unprovenCriticals();
    ASSERT_GT(unproven, 0);
    ASSERT_LT(unproven, critical) << "the pair has criticals of both kinds";
    const QString summary = DivergenceNavigator::summaryText(w.session());
    EXPECT_TRUE(summary.contains(QStringLiteral("%1 critical (%2 with counterexample, %3 unproven)")
                                     .arg(critical)
                                     .arg(critical - unproven)
                                     .arg(unproven)))
        << summary.toStdString();
}
