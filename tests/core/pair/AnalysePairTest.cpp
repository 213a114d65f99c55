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
#include <string>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>
#include <vector>

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

// Entry bodies of two fixtures, `copies` times under distinct names; in the copy numbered
// `changed`, `from` becomes `to`.
std::string replicated(int copies, int changed, const std::string& from, const std::string& to)
{
    std::vector<std::string> bodies;
    for (const char* f : {"diff/matmul_static_persistent_transB_2048_bf16.mlir",
                          "diff/softmax_persistent_256x2048_f32.mlir"}) {
        const std::string t = readText(dataPath(f));
        const auto b = t.find("  entry @");
        const auto e = t.rfind("\n}");
        EXPECT_TRUE(b != std::string::npos && e != std::string::npos) << f;
        bodies.push_back(t.substr(b, e - b + 1));
    }
    std::string out = "cuda_tile.module @kernels {\n";
    for (int i = 0; i < copies; ++i) {
        std::string body = bodies[size_t(i) % bodies.size()];
        body.insert(body.find('('), "_copy" + std::to_string(i));
        out += i == changed ? edited(body, from, to) : body;
    }
    return out + "}\n";
}

// Files of 1 MB and more (diffed on all the hardware's threads): the result is that of the same
// bytes given in memory, and a NUL byte is refused with the ordinary file reader's diagnostics.
TEST(AnalysePair, LargeFilesGiveTheSameResultAsTheirBytes)
{
    const std::string from = "%72 = cmpi less_than %69, %71, signed";
    const std::string to = "%72 = cmpi greater_than %69, %71, signed";
    const std::string ref = replicated(250, -1, from, to);
    const std::string gen = replicated(250, 100, from, to);
    ASSERT_GT(ref.size(), size_t(1) << 20);
    QTemporaryDir dir;
    const std::string rp = writeFile(dir, "ref.mlir", ref);
    const std::string gp = writeFile(dir, "gen.mlir", gen);
    const PairAnalysis fromFiles = analysePair(requestFor(rp, gp));
    PairRequest inMemory;
    inMemory.sides = {{rp, shared(ref)}, {gp, shared(gen)}};
    const PairAnalysis fromBytes = analysePair(inMemory);
    ASSERT_TRUE(fromFiles.compared() && fromBytes.compared());
    EXPECT_EQ(diff::writeJsonReport(*fromFiles.result), diff::writeJsonReport(*fromBytes.result));
    EXPECT_GT(fromFiles.result->count(diff::Severity::Critical), 0);

    std::string bad = gen;
    bad[bad.size() / 2] = '\0';
    writeFile(dir, "gen.mlir", bad);
    const PairAnalysis refused = analysePair(requestFor(rp, gp));
    EXPECT_EQ(refused.status, PairStatus::InputError);
    const Diagnostics& got = refused.sides.generated().diagnostics;
    const ir::ParseResult expected = ir::parseFile(gp);
    ASSERT_FALSE(expected.diagnostics.empty());
    ASSERT_EQ(got.size(), expected.diagnostics.size());
    for (size_t i = 0; i < got.size(); ++i)
        EXPECT_EQ(got[i].format(), expected.diagnostics[i].format());
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
