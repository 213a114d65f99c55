// Core messages the GUI shows are translated at display (divergence messages from
// their rule template, stage runner and "no device times" texts from
// pipeline/RunMessages.h), while the CLI's JSON keeps the English text.

#include "Application.h"
#include "DivergenceTableModel.h"
#include "DivergenceText.h"
#include "EvalAction.h"
#include "GuiTestSupport.h"
#include "RuleMessages.h"
#include "RunMessageText.h"
#include "TestPaths.h"
#include "crosscheck/CrossCheckMessages.h"
#include "crosscheck/DiffCrossCheck.h"
#include "diff/IrDiff.h"
#include "diff/MessageTemplate.h"
#include "diff/ReportWriters.h"
#include "pair/PairAnalysis.h"
#include "pipeline/RunMessages.h"

#include <QCoreApplication>
#include <QTranslator>
#include <gtest/gtest.h>
#include <set>

using namespace tilelens;

namespace {

void removeTranslators()
{
    const auto translators = QCoreApplication::instance()->findChildren<QTranslator*>();
    for (QTranslator* t : translators) {
        QCoreApplication::removeTranslator(t);
        delete t;
    }
}

diff::DiffResult diffPair(const QString& reference, const QString& generated)
{
    pair::PairRequest request;
    request.sides = {{reference.toStdString(), {}}, {generated.toStdString(), {}}};
    pair::PairAnalysis analysis = pair::analysePair(request);
    EXPECT_TRUE(analysis.result.has_value()) << reference.toStdString();
    return analysis.result ? std::move(*analysis.result) : diff::DiffResult();
}

diff::DiffResult softmaxDiff()
{
    const QString dir = test::examplesDir() + QStringLiteral("/softmax");
    return diffPair(dir + QStringLiteral("/reference/reference.mlir"),
                    dir + QStringLiteral("/generated/generated.mlir"));
}

} // namespace

// lupdate reads RuleMessages.cpp: it must list exactly the rule files' templates
// (regenerate it with tests/translations/rule_messages.py).
TEST(RuleMessages, CatalogMatchesRuleFiles)
{
    std::set<std::string> fromRules{diff::kFallbackMessage};
    for (const diff::Rule& r : diff::RuleSet::defaults().rules())
        fromRules.insert(r.message);
    std::set<std::string> catalog;
    for (const char* t : gui::ruleMessageTemplates())
        EXPECT_TRUE(catalog.insert(t).second) << "listed twice: " << t;
    EXPECT_EQ(catalog, fromRules);
}

// Without a translation the GUI's message is the CLI's, character for character,
// grouped findings ("(N sites)") and downstream counts included.
TEST(RuleMessages, UntranslatedGuiMessageIsTheCliMessage)
{
    const QString realPorts = test::testDataDir() + QStringLiteral("/real-ports/");
    std::vector<diff::DiffResult> results;
    results.push_back(softmaxDiff());
    for (const char* pair : {"attention_sink_2x128q128k_h8g8_d64_bf16", "bmm_128x128x32_8x512_f16",
                             "matmul_static_persistent_4096x8192x2728_f16"})
        results.push_back(
            diffPair(realPorts + QString::fromLatin1(pair) + QStringLiteral("/reference.mlir"),
                     realPorts + QString::fromLatin1(pair) + QStringLiteral("/generated.mlir")));
    int grouped = 0;
    int fromTemplate = 0;
    for (const diff::DiffResult& r : results) {
        for (const diff::Divergence& d : r.divergences) {
            EXPECT_EQ(gui::DivergenceText::message(d).toStdString(), d.message) << d.rule;
            grouped += d.sites.size() > 1 ? 1 : 0;
            fromTemplate += d.messageTemplate.empty() ? 0 : 1;
        }
    }
    EXPECT_GT(grouped, 0);
    EXPECT_GT(fromTemplate, 20);
}

TEST(RuleMessages, GermanInTheGuiModelEnglishInTheCliJson)
{
    auto snapshot = std::make_shared<pair::PairAnalysis>();
    snapshot->result = softmaxDiff();
    ASSERT_TRUE(snapshot->result);
    const diff::DiffResult& result = *snapshot->result;
    // make_partition_view: partition tile (1x256) in reference, (1x512) in generated (2 sites)
    int row = -1;
    for (size_t i = 0; i < result.divergences.size(); ++i)
        if (result.divergences[i].rule == "partition-tile-shape")
            row = int(i);
    ASSERT_GE(row, 0);
    const std::string english = result.divergences[size_t(row)].message;
    ASSERT_NE(english.find("partition tile (1x256) in reference, (1x512) in generated"),
              std::string::npos)
        << english;

    ASSERT_TRUE(gui::installTranslations(*QCoreApplication::instance(),
                                         QLocale(QLocale::German, QLocale::Germany)));
    gui::DivergenceTableModel model;
    model.setSnapshot(snapshot);
    const QModelIndex cell = model.index(row, gui::DivergenceTableModel::MessageColumn);
    const QString shown = model.data(cell, Qt::DisplayRole).toString();
    EXPECT_TRUE(shown.startsWith(QStringLiteral(
        "make_partition_view: Partitionskachel (1x256) in Referenz, (1x512) in generiert")))
        << shown.toStdString();
    EXPECT_TRUE(shown.endsWith(QStringLiteral(" (2 Stellen)"))) << shown.toStdString();
    EXPECT_EQ(model.data(cell, gui::DivergenceTableModel::MessageRole).toString(), shown);
    EXPECT_TRUE(gui::DivergenceText::tooltip(result.divergences[size_t(row)], false)
                    .contains(QStringLiteral("Partitionskachel")));

    // The CLI's JSON is written from the same result while German is loaded: English.
    const std::string json = diff::writeJsonReport(result);
    EXPECT_NE(json.find("\"message\": \"" + english + "\""), std::string::npos);
    EXPECT_EQ(json.find("Partitionskachel"), std::string::npos);
    removeTranslators();
}

TEST(RunMessages, TranslatedWithTheirValuesNestedReasonsToo)
{
    namespace runmsg = pipeline::runmsg;
    const QString notRunnable =
        runmsg::text(runmsg::kNotRunnable)
            .arg(runmsg::text(runmsg::kNotOnPath).arg(QStringLiteral("pytest")));
    ASSERT_EQ(notRunnable, QStringLiteral("not runnable here: program 'pytest' is not on PATH"));
    const QString twoReasons =
        runmsg::text(runmsg::kNoCuptiLibrary) + QStringLiteral("; ") + runmsg::text(runmsg::kNoGpu);
    const QString stageOwnWords = QStringLiteral("pytest said: 3 failed");
    // Untranslated, every text comes back as it is.
    EXPECT_EQ(gui::translatedRunMessage(notRunnable), notRunnable);
    EXPECT_EQ(gui::translatedRunMessage(twoReasons), twoReasons);

    ASSERT_TRUE(gui::installTranslations(*QCoreApplication::instance(),
                                         QLocale(QLocale::German, QLocale::Germany)));
    EXPECT_EQ(gui::translatedRunMessage(notRunnable),
              QStringLiteral("hier nicht ausführbar: Programm 'pytest' ist nicht im PATH"));
    EXPECT_EQ(gui::translatedRunMessage(
                  runmsg::text(runmsg::kCapReached).arg(QStringLiteral("E")).arg(2).arg(2)),
              QStringLiteral("Stufe E lief in diesem Pipeline-Lauf schon 2-mal (Obergrenze 2); "
                             "die Obergrenze übergehen oder einen neuen Pipeline-Lauf starten"));
    const QString german = gui::translatedRunMessage(twoReasons);
    EXPECT_TRUE(german.startsWith(QStringLiteral("libtilelens_cupti.so wurde nicht gefunden")))
        << german.toStdString();
    EXPECT_TRUE(german.endsWith(
        QStringLiteral("; auf diesem Rechner ist keine NVIDIA-GPU sichtbar, daher kann kein "
                       "Kernel gemessen werden")))
        << german.toStdString();
    EXPECT_EQ(gui::translatedRunMessage(stageOwnWords), stageOwnWords);
    removeTranslators();

    ASSERT_TRUE(gui::installTranslations(*QCoreApplication::instance(),
                                         QLocale(QLocale::Japanese, QLocale::Japan)));
    EXPECT_EQ(gui::translatedRunMessage(runmsg::text(runmsg::kTimedOut).arg(30)),
              QStringLiteral("30 秒でタイムアウト"));
    removeTranslators();
}

// A CPU run that refutes nothing says the CLI's message (crosscheck::inconclusiveMessage), in
// the GUI's language: the sentence and the binding's words translated, the sizes and the
// reference's failure as the run gives them.
TEST(CpuRunMessages, InconclusiveIsTheCliMessageTranslated)
{
    crosscheck::CrossCheck check;
    check.inconclusive = true;
    check.bindingGuessed = true;
    check.bindingDetail = "S = 16";
    check.eval.verdict = "different";
    eval::Counterexample cx;
    eval::EvalIssue issue;
    issue.kind = eval::IssueKind::OutOfBounds;
    issue.op = "load_view_tko";
    issue.line = 147;
    issue.column = 5;
    issue.message = "element 16 of 16";
    cx.refIssue = issue;
    check.eval.counterexample = cx;
    check.summary = crosscheck::inconclusiveMessage(check).english();
    ASSERT_STREQ(crosscheck::inconclusiveMessage(check).text,
                 crosscheck::msg::kReferenceOutsideContract);
    removeTranslators();
    EXPECT_EQ(gui::EvalAction::statusText(check),
              QStringLiteral("CPU run: ") + QString::fromStdString(check.summary));
    EXPECT_EQ(check.summary.rfind("inconclusive: on a guessed binding (S = 16) the reference "
                                  "itself fails (line 147:5: out_of_bounds in load_view_tko",
                                  0),
              0u)
        << check.summary;
    ASSERT_TRUE(gui::installTranslations(*QCoreApplication::instance(),
                                         QLocale(QLocale::German, QLocale::Germany)));
    const QString german = gui::EvalAction::statusText(check);
    EXPECT_TRUE(german.contains(QStringLiteral("mit einer geratenen Bindung (S = 16) scheitert "
                                               "schon die Referenz (line 147:5: out_of_bounds")))
        << german.toStdString();
    EXPECT_TRUE(german.contains(QStringLiteral("außerhalb des Vertrags der Referenz")))
        << german.toStdString();
    removeTranslators();
}
