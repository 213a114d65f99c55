// Inferred Rust links (RustOpLinker.h): the scanner on small sources, and the
// precision / recall of the links on six real ports against ground truth
// compiled with statement markers (tests/data/source-links/README.md).

#include "workspace/RustOpLinker.h"

#include "ir/Function.h"
#include "ir/Module.h"
#include "ir/Op.h"
#include "ir/Parser.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <gtest/gtest.h>

using namespace tilelens;
using namespace tilelens::ws;

namespace {

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

const char* const kSmallKernel = R"(#[cutile::module]
pub mod m {
    fn helper(x: i32) -> i32 { x }

    #[cutile::entry()]
    pub fn k_entry<const N: i32>(
        x: &Tensor<f32, { [-1] }>,
    ) {
        let bid: i32 = get_tile_block_id().0; // a comment with exp2(y)
        let t: Tile<f32, { [N] }> = load_tile(x)
            .reshape(const_shape![N]);
        let s = exp2(t) * t + 2.0f32;
        for i in 0i32..4i32 {
            let h = helper(i);
        }
        if bid < 3 {
            store_view_tko_mut(x, s);
        }
    }
}
)";

TEST(RustOpLinker, ScansStatementsAndExpressionsOfTheEntryOnly)
{
    const auto body = scanRustEntry(kSmallKernel, "k_entry");
    ASSERT_TRUE(body);
    EXPECT_EQ(body->signatureLine, 6);
    EXPECT_EQ(body->openLine, 8);
    EXPECT_EQ(body->closeLine, 19);
    ASSERT_EQ(body->statements.size(), 7u);
    EXPECT_EQ(body->statements[1].firstLine, 10); // `let t` spans two lines
    EXPECT_EQ(body->statements[1].lastLine, 11);
    std::vector<std::string> names;
    for (const RustEvent& e : body->events)
        names.push_back(e.name + "@" + std::to_string(e.line));
    // Comments, type annotations, macros and numbers give nothing; helpers are marked.
    // In evaluation order: the comparison before its `if`.
    const std::vector<std::string> expected = {"get_tile_block_id@9",
                                               "load_tile@10",
                                               "reshape@11",
                                               "exp2@12",
                                               "*@12",
                                               "+@12",
                                               "for@13",
                                               "helper@14",
                                               "<@16",
                                               "if@16",
                                               "store_view_tko_mut@17"};
    EXPECT_EQ(names, expected);
    EXPECT_EQ(body->events[7].kind, RustEvent::Kind::Helper);
    EXPECT_EQ(body->events[2].kind, RustEvent::Kind::Method);
    EXPECT_FALSE(scanRustEntry(kSmallKernel, "k"));           // a prefix is not the entry
    EXPECT_FALSE(scanRustEntry("fn k_entry() {", "k_entry")); // never closes
}

TEST(RustOpLinker, EventsFollowEvaluationOrderNotSourceOrder)
{
    const auto body = scanRustEntry("fn k_entry() {\n"
                                    "    let a = convert_tile(exp(x + y * z));\n"
                                    "    let b = first + (bid % gsm);\n"
                                    "    acc += load_tile(\n        p,\n    );\n"
                                    "}\n",
                                    "k_entry");
    ASSERT_TRUE(body);
    std::vector<std::string> names;
    for (const RustEvent& e : body->events)
        names.push_back(e.name + "@" + std::to_string(e.line));
    const std::vector<std::string> expected = {"*@2", "+@2", "exp@2",       "convert_tile@2",
                                               "%@3", "+@3", "load_tile@4", "+@4"};
    EXPECT_EQ(names, expected);
}

TEST(RustOpLinker, AlignsOpsInOrderAndGivesUnpairedOpsTheirStatement)
{
    const auto body = scanRustEntry(kSmallKernel, "k_entry");
    ASSERT_TRUE(body);
    const std::vector<LinkOp> ops = {{"assume", "div_by<16>"}, // launch specialisation
                                     {"get_tile_block_id", ""},
                                     {"assume", "bounded<0, ?>"},
                                     {"load_view_tko", ""},
                                     {"reshape", ""},
                                     {"exp2", ""},
                                     {"mulf", ""},
                                     {"constant", ""},
                                     {"addf", ""},
                                     {"store_view_tko", ""}};
    const std::vector<InferredLink> links = inferLinks(*body, ops);
    ASSERT_EQ(links.size(), ops.size());
    const std::vector<int> lines = {6, 9, 9, 10, 11, 12, 12, 12, 12, 17};
    for (size_t i = 0; i < ops.size(); ++i)
        EXPECT_EQ(links[i].rustLine, lines[i]) << ops[i].name;
    EXPECT_EQ(links[0].strength, LinkStrength::Guessed);
    EXPECT_EQ(links[5].strength, LinkStrength::Matched);
    EXPECT_EQ(links[5].because, "exp2(\u2026)");
    EXPECT_EQ(links[9].because, "store_view_tko_mut(\u2026)");
}

TEST(RustOpLinker, PairsAGeneratedFunctionWithItsEntry)
{
    EXPECT_EQ(rustEntryForIrFunction({"kernel", "kernel_sp"}, "kernel_sp_entry"), "kernel_sp");
    EXPECT_EQ(rustEntryForIrFunction({"kernel"}, "other_entry"), "");
}

// Measured on the six pairs (README.md), rounded down: a regression fails.
constexpr double kPrecisionFloor = 0.92;
constexpr double kRecallFloor = 0.92;
constexpr double kMatchedFloor = 0.97;

struct Score
{
    int total = 0, linked = 0, correct = 0;
    int matched = 0, matchedCorrect = 0;
};

// Links of one pair against its ground truth; also checks the data against the IR.
Score scorePair(const QString& jsonPath)
{
    Score score;
    const QJsonObject truth = QJsonDocument::fromJson(readAll(jsonPath)).object();
    const QString data = QStringLiteral(TILELENS_TEST_DATA_DIR);
    const QString pair = truth.value(QStringLiteral("pair")).toString();
    const QString kernel =
        truth.value(QStringLiteral("kernel")).toString().section(QLatin1Char('/'), -2);
    const std::string entry = truth.value(QStringLiteral("entry")).toString().toStdString();
    const QByteArray rs = readAll(data + QStringLiteral("/source-links/kernels/") + kernel);
    const QByteArray ir = readAll(data + QStringLiteral("/real-ports/%1/generated.mlir").arg(pair));
    EXPECT_FALSE(rs.isEmpty()) << kernel.toStdString();
    const ir::ParseResult parsed = ir::parseModule(ir.toStdString());
    EXPECT_TRUE(parsed.ok()) << pair.toStdString();
    if (!parsed.ok() || parsed.modules.empty() || parsed.modules[0]->functions.empty())
        return score;
    const ir::Function& function = *parsed.modules[0]->functions[0];
    EXPECT_EQ(rustEntryForIrFunction({entry}, function.name), entry);
    const auto body = scanRustEntry(rs.toStdString(), entry);
    EXPECT_TRUE(body) << entry;
    if (!body)
        return score;
    const std::vector<const ir::Op*> ops = linkableOps(function);
    std::vector<LinkOp> linkOps;
    linkOps.reserve(ops.size());
    for (const ir::Op* op : ops)
        linkOps.push_back(linkOpOf(*op));
    const std::vector<InferredLink> links = inferLinks(*body, linkOps);
    EXPECT_EQ(links.size(), ops.size());
    const QJsonArray expected = truth.value(QStringLiteral("links")).toArray();
    EXPECT_EQ(static_cast<size_t>(expected.size()), ops.size()) << pair.toStdString();
    for (const QJsonValue v : expected) {
        const QJsonObject o = v.toObject();
        const int line = o.value(QStringLiteral("ir_line")).toInt();
        ++score.total;
        const auto it = std::find_if(ops.begin(), ops.end(),
                                     [&](const ir::Op* op) { return op->range.beginLine == line; });
        if (it == ops.end() || links.size() != ops.size()) {
            ADD_FAILURE() << pair.toStdString() << ": no op at line " << line;
            continue;
        }
        EXPECT_EQ(std::string((*it)->name.mnemonic()),
                  o.value(QStringLiteral("op")).toString().toStdString())
            << pair.toStdString() << ":" << line;
        const InferredLink& link = links[static_cast<size_t>(it - ops.begin())];
        const bool right = link.rustLine >= o.value(QStringLiteral("rust_first")).toInt() &&
                           link.rustLine <= o.value(QStringLiteral("rust_last")).toInt();
        ++score.linked; // every op gets a link
        score.correct += right;
        if (link.strength == LinkStrength::Matched) {
            ++score.matched;
            score.matchedCorrect += right;
        }
    }
    return score;
}

TEST(RustOpLinker, PrecisionAndRecallOnRealPortsAgainstCompiledGroundTruth)
{
    const QDir dir(QStringLiteral(TILELENS_TEST_DATA_DIR "/source-links"));
    const QStringList files = dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
    ASSERT_EQ(files.size(), 6);
    Score all;
    for (const QString& file : files) {
        const Score s = scorePair(dir.filePath(file));
        all.total += s.total;
        all.linked += s.linked;
        all.correct += s.correct;
        all.matched += s.matched;
        all.matchedCorrect += s.matchedCorrect;
        std::printf("  %-48s ops %4d  correct %4d (%.1f%%)  matched %4d, correct %4d (%.1f%%)\n",
                    qPrintable(file), s.total, s.correct, 100.0 * s.correct / s.total, s.matched,
                    s.matchedCorrect, 100.0 * s.matchedCorrect / std::max(1, s.matched));
    }
    const double precision = double(all.correct) / all.linked;
    const double recall = double(all.correct) / all.total;
    const double matchedPrecision = double(all.matchedCorrect) / all.matched;
    std::printf("  all: %d ops, %d linked, %d correct: precision %.3f recall %.3f; "
                "matched links %d, precision %.3f\n",
                all.total, all.linked, all.correct, precision, recall, all.matched,
                matchedPrecision);
    EXPECT_GE(precision, kPrecisionFloor);
    EXPECT_GE(recall, kRecallFloor);
    EXPECT_GE(matchedPrecision, kMatchedFloor);
}

} // namespace
