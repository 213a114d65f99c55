// analysePair: the one way a pair is read, verified and compared. The same result as the
// differ given the same models, each side read once (a FIFO), the rules of the request, and the
// refusals of every front end in one place.

#include "PairTestUtil.h"
#include "diff/IrDiff.h"
#include "diff/ReportWriters.h"
#include "diff/RuleSet.h"
#include "ir/bytecode/IrFileLoader.h"
#include "pair/PairAnalysis.h"
#include "pair/Rules.h"

#include <QDirIterator>
#include <atomic>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

namespace tilelens::pair {
namespace {

using namespace tilelens::pair::test;

PairRequest requestFor(const std::string& ref, const std::string& gen)
{
    PairRequest r;
    r.sides = {{ref, nullptr}, {gen, nullptr}};
    return r;
}

PairRequest requestOfTexts(std::string ref, std::string gen)
{
    PairRequest r;
    r.sides = {{"ref.mlir", shared(std::move(ref))}, {"gen.mlir", shared(std::move(gen))}};
    return r;
}

// The differ on models parsed apart: what analysePair must give.
std::string directJson(const std::string& ref, const std::string& gen)
{
    const ir::ParseResult r = ir::loadVerifiedIrFile(ref);
    const ir::ParseResult g = ir::loadVerifiedIrFile(gen);
    EXPECT_TRUE(r.ok() && g.ok());
    return diff::writeJsonReport(diff::compareModules({r.modules.begin(), r.modules.end()},
                                                      {g.modules.begin(), g.modules.end()},
                                                      diff::RuleSet::defaults(), ref, gen));
}

TEST(AnalysePair, EveryRealPortGivesTheDiffersReport)
{
    QDirIterator it(dataPath("real-ports"), QDir::Dirs | QDir::NoDotAndDotDot);
    int pairs = 0;
    while (it.hasNext()) {
        const QString dir = it.next();
        const std::string ref = (dir + QStringLiteral("/reference.mlir")).toStdString();
        const std::string gen = (dir + QStringLiteral("/generated.mlir")).toStdString();
        const PairAnalysis a = analysePair(requestFor(ref, gen));
        ASSERT_TRUE(a.compared()) << dir.toStdString();
        EXPECT_EQ(diff::writeJsonReport(*a.result), directJson(ref, gen)) << dir.toStdString();
        ++pairs;
    }
    EXPECT_GE(pairs, 20);
}

TEST(AnalysePair, ASideIsReadOnceFromAFifo)
{
    QTemporaryDir dir;
    const std::string fifo = dir.filePath(QStringLiteral("ref.fifo")).toStdString();
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    const std::string text = softmax();
    const std::string gen = writeFile(dir, "gen.mlir", text);
    // One writer: a second open of the FIFO by the reader would wait for ever.
    std::thread writer([&] {
        QFile f(QString::fromStdString(fifo));
        if (f.open(QIODevice::WriteOnly))
            f.write(text.data(), qint64(text.size()));
    });
    PairRequest request = requestFor(fifo, gen);
    request.keepText = true;
    const PairAnalysis a = analysePair(request);
    writer.join();
    ASSERT_TRUE(a.compared());
    EXPECT_EQ(a.result->verdict, diff::Verdict::Pass);
    ASSERT_TRUE(a.sides.reference().text);
    EXPECT_EQ(a.sides.reference().text->view(), text) << "the page shows the bytes compared";
}

TEST(AnalysePair, TheRulesComeFromTheRequest)
{
    const std::string ref = softmax();
    const std::string gen = edited(ref, "rounding<approx> flush_to_zero", "rounding<approx>");
    const PairAnalysis builtIn = analysePair(requestOfTexts(ref, gen));
    ASSERT_TRUE(builtIn.compared());
    EXPECT_EQ(builtIn.result->verdict, diff::Verdict::FailFixable);

    QTemporaryDir dir;
    const std::string rulesFile =
        writeFile(dir, "rules.json", R"({"schema": "tilelens.rules/1", "rules": [
        {"id": "ftz-approx", "severity": "warn", "message": "{op}: FTZ relaxed on purpose"}]})");
    Diagnostics diags;
    PairRequest request = requestOfTexts(ref, gen);
    request.rules = loadRules(rulesFile, diags);
    ASSERT_TRUE(request.rules) << (diags.empty() ? "" : diags.front().format());
    const PairAnalysis relaxed = analysePair(request);
    ASSERT_TRUE(relaxed.compared());
    EXPECT_EQ(relaxed.result->verdict, diff::Verdict::PassWithNotes);
    ASSERT_EQ(relaxed.result->divergences.size(), 1u);
    EXPECT_EQ(relaxed.result->divergences[0].message, "divf: FTZ relaxed on purpose");
    EXPECT_EQ(relaxed.rules, request.rules) << "the set that classified the result";
}

TEST(AnalysePair, ARulesFileThatDoesNotLoadIsLocated)
{
    QTemporaryDir dir;
    const std::string bad = writeFile(dir, "bad.json", "{\"schema\": \"tilelens.rules/1\",\n [}\n");
    Diagnostics diags;
    EXPECT_FALSE(loadRules(bad, diags));
    ASSERT_FALSE(diags.empty());
    EXPECT_EQ(diags.front().place.file, bad);
    EXPECT_EQ(diags.front().place.line, 2);
    Diagnostics none;
    EXPECT_EQ(loadRules("", none).get(), &diff::RuleSet::defaults());
    EXPECT_TRUE(none.empty());
}

TEST(AnalysePair, ASideWithoutAModuleIsRefusedWithOneMessage)
{
    const PairAnalysis a = analysePair(requestOfTexts(softmax(), "// nothing here\n"));
    EXPECT_EQ(a.status, PairStatus::InputError);
    EXPECT_FALSE(a.result);
    EXPECT_TRUE(a.sides.reference().loaded);
    const PairSide& gen = a.sides.generated();
    EXPECT_FALSE(gen.loaded);
    ASSERT_EQ(gen.diagnostics.size(), 1u);
    EXPECT_EQ(gen.diagnostics[0].message, "no cuda_tile.module found");
    EXPECT_EQ(gen.diagnostics[0].place.file, "gen.mlir");
}

TEST(AnalysePair, AnUnreadableSideKeepsTheReadersMessage)
{
    const PairAnalysis a = analysePair(requestFor(
        dataPath("diff/softmax_persistent_256x2048_f32.mlir").toStdString(), "/nonexistent.mlir"));
    EXPECT_EQ(a.status, PairStatus::InputError);
    const PairSide& gen = a.sides.generated();
    EXPECT_FALSE(gen.read);
    ASSERT_EQ(gen.diagnostics.size(), 1u);
    EXPECT_NE(gen.diagnostics[0].message.find("cannot open file"), std::string::npos);
}

TEST(AnalysePair, IrThatDoesNotVerifyIsNotCompared)
{
    QDirIterator it(dataPath("ir/unverified"), {QStringLiteral("*.mlir")}, QDir::Files);
    ASSERT_TRUE(it.hasNext());
    const std::string bad = readText(it.next());
    const PairAnalysis a = analysePair(requestOfTexts(softmax(), bad));
    EXPECT_EQ(a.status, PairStatus::InputError);
    EXPECT_GT(a.sides.generated().verifierErrors, 0u);
    EXPECT_FALSE(a.sides.generated().loaded);
}

TEST(AnalysePair, TheTextIsHandedOnBeforeTheResultAndKeptOnlyWhenAsked)
{
    const std::string text = softmax();
    PairRequest request = requestOfTexts(text, text);
    std::atomic<int> calls{0};
    request.onSideText = [&](Side, const std::shared_ptr<const SideText>& t) {
        EXPECT_EQ(t->view(), text);
        EXPECT_FALSE(t->fromBytecode);
        ++calls;
    };
    const PairAnalysis a = analysePair(request);
    ASSERT_TRUE(a.compared());
    EXPECT_EQ(calls.load(), 2);
    EXPECT_FALSE(a.sides.reference().text) << "keepText is off";
    EXPECT_FALSE(a.sides.reference().model) << "keepModels is off";
    request.keepModels = true;
    const PairAnalysis kept = analysePair(request);
    ASSERT_TRUE(kept.sides.generated().model);
    EXPECT_FALSE(kept.sides.generated().modules().empty());
}

TEST(AnalysePair, ABytecodeSideIsDecodedOnceAndPrintedUnderTheHeader)
{
    const std::string bc = readText(dataPath("bytecode/relu_fwd_1M_f16.tileirbc"));
    ASSERT_FALSE(bc.empty());
    PairRequest request;
    request.sides = {{"relu.tileirbc", shared(bc)}, {"relu2.tileirbc", shared(bc)}};
    request.keepText = true;
    request.printBytecode = true;
    request.decodedHeader = "// decoded";
    const PairAnalysis a = analysePair(request);
    ASSERT_TRUE(a.compared());
    const PairSide& ref = a.sides.reference();
    EXPECT_TRUE(ref.bytecode);
    ASSERT_TRUE(ref.text);
    EXPECT_TRUE(ref.text->fromBytecode);
    EXPECT_EQ(ref.text->headerLines, 1);
    EXPECT_EQ(ref.text->view().substr(0, 11), "// decoded\n");
    EXPECT_NE(ref.text->view().find("cuda_tile.module"), std::string::npos);

    request.printBytecode = false; // the CLI's HTML page: no text for bytecode
    const PairAnalysis plain = analysePair(request);
    EXPECT_FALSE(plain.sides.reference().text);
}

TEST(AnalysePair, ACancelledTokenEndsItAsCancelled)
{
    CancelSource source;
    source.cancel();
    const PairAnalysis a = analysePair(requestOfTexts(softmax(), softmax()), source.token());
    EXPECT_EQ(a.status, PairStatus::Cancelled);
    EXPECT_FALSE(a.result);
    // Cancelled while the generated side is handed on: the other side's work stops too.
    CancelSource mid;
    PairRequest request = requestOfTexts(softmax(), softmax());
    request.onSideText = [&](Side s, const std::shared_ptr<const SideText>&) {
        if (s == Side::Generated)
            mid.cancel();
    };
    EXPECT_EQ(analysePair(request, mid.token()).status, PairStatus::Cancelled);
}

} // namespace
} // namespace tilelens::pair
