// tilelens-cli eval with hostile binding files and kernels (issue 32): every one ends with
// exit 3 and a located message (a binding item with its line and column, or the op and loop
// of the IR) in seconds: no abort, no SIGFPE, no stack overflow, no run of minutes.

#include "CliRunner.h"
#include "TestPaths.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <gtest/gtest.h>

namespace {

using tilelens::test::CliResult;
using tilelens::test::runCli;

QString hostile(const char* name)
{
    return tilelens::test::testDataDir() + QStringLiteral("/eval/hostile/") +
           QString::fromLatin1(name);
}

QString write(const QTemporaryDir& dir, const char* name, const QByteArray& bytes)
{
    const QString path = dir.filePath(QString::fromUtf8(name));
    QFile out(path);
    EXPECT_TRUE(out.open(QIODevice::WriteOnly));
    out.write(bytes);
    return path;
}

// A binding for copy16.mlir (one f32 array x) with `body` before ref and gen.
QByteArray binding(const QByteArray& body, const QByteArray& params = "\"x\"")
{
    return "{\"schema\": \"tilelens.eval-binding/1\",\n" + body + ",\n\"ref\": {\"params\": [" +
           params + "]},\n\"gen\": {\"params\": [" + params + "]}}\n";
}

CliResult evalCopy16(const QString& bindingFile, const QStringList& extra = {})
{
    return runCli(QStringList{QStringLiteral("eval"), QStringLiteral("--binding"), bindingFile} +
                  extra + QStringList{hostile("copy16.mlir"), hostile("copy16.mlir")});
}

} // namespace

TEST(CliEvalBudgets, HostileBindingsAreLocatedErrorsNotCrashes)
{
    QTemporaryDir dir;
    const QByteArray x = "\"arrays\": {\"x\": {\"dtype\": \"f32\", \"shape\": [\"N\"]}}";
    struct Case
    {
        const char* name;
        QByteArray text;
        const char* expected; // in stdout or stderr
    };
    const Case cases[] = {
        // Each of these aborted, raised SIGFPE or overflowed the stack before.
        {"exp400.json", binding("\"dims\": {\"N\": [1e400]},\n" + x),
         "exp400.json:2:16: invalid JSON: number overflow"},
        {"literal.json",
         binding(
             "\"arrays\": {\"x\": {\"dtype\": \"f32\", \"shape\": [\"99999999999999999999\"]}}"),
         "literal.json:2:44: arrays.x.shape[0]: expression '99999999999999999999' at column 1"},
        {"tera.json", binding("\"dims\": {\"N\": [1099511627776]},\n" + x),
         "needs 1099511627776 elements: more than the input budget of 134217728"},
        {"stride.json",
         binding("\"arrays\": {\"x\": {\"dtype\": \"f32\", \"shape\": [2], \"strides\": "
                 "[4611686018427387904]}}"),
         "needs 4611686018427387905 elements"},
        {"power.json",
         binding("\"dims\": {\"H\": [1024]},\n\"arrays\": {\"x\": {\"dtype\": \"f32\", \"shape\": "
                 "[2], \"strides\": [\"H*H*H*H*H*H*H\"]}}"),
         "arrays.x.strides[0]: expression 'H*H*H*H*H*H*H' at column 12: 1152921504606846976 * "
         "1024 overflows 64-bit integers"},
        {"fpe.json",
         binding("\"dims\": {\"N\": [16]},\n" + x,
                 "\"x.ptr\", \"(0-9223372036854775807-1) / (0-1)\", 1"),
         "ref.params[1]: expression '(0-9223372036854775807-1) / (0-1)' at column 27: "
         "-9223372036854775808 / -1 overflows"},
        {"parens.json",
         binding("\"dims\": {\"N\": [16]},\n" + x, "\"x.ptr\", \"" + QByteArray(200000, '(') + "1" +
                                                       QByteArray(200000, ')') + "\", 1"),
         "at column 257: nested more than 256 levels deep"},
        {"minus.json",
         binding("\"dims\": {\"N\": [16]},\n" + x,
                 "\"x.ptr\", \"" + QByteArray(200000, '-') + "1\", 1"),
         "at column 257: nested more than 256 levels deep"},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.name);
        QElapsedTimer timer;
        timer.start();
        const CliResult r = evalCopy16(write(dir, c.name, c.text));
        EXPECT_EQ(r.exitCode, 3) << r.err.toStdString() << r.out.toStdString();
        EXPECT_TRUE((r.out + r.err).contains(QString::fromUtf8(c.expected)))
            << r.err.toStdString() << r.out.toStdString();
        EXPECT_LT(timer.elapsed(), 30000);
    }
}

TEST(CliEvalBudgets, DiffEvalReadsTheBindingTheSameWay)
{
    QTemporaryDir dir;
    const QString b =
        write(dir, "exp400.json",
              binding("\"dims\": {\"N\": [1e400]},\n\"arrays\": {\"x\": {\"dtype\": \"f32\", "
                      "\"shape\": [\"N\"]}}"));
    const CliResult r =
        runCli({QStringLiteral("diff"), QStringLiteral("--eval"), QStringLiteral("--binding"), b,
                hostile("copy16.mlir"), hostile("copy16.mlir")});
    EXPECT_GE(r.exitCode, 0) << "crashed: " << r.err.toStdString();
    EXPECT_LE(r.exitCode, 3);
    EXPECT_TRUE(r.err.contains(QStringLiteral("exp400.json:2:16: invalid JSON")))
        << r.err.toStdString();
}

TEST(CliEvalBudgets, AScalarLoopStopsAtTheWallTimeBudgetNamingTheLoop)
{
    // 2^31 trips of a scalar loop ran for 461 s before the element budget stopped them.
    QElapsedTimer timer;
    timer.start();
    const CliResult r = runCli({QStringLiteral("eval"), QStringLiteral("--json"),
                                QStringLiteral("--timeout"), QStringLiteral("2"),
                                QStringLiteral("--binding"), hostile("scalar_loop.binding.json"),
                                hostile("scalar_loop.mlir"), hostile("scalar_loop.mlir")});
    EXPECT_LT(timer.elapsed(), 60000);
    EXPECT_EQ(r.exitCode, 3) << r.err.toStdString();
    const QJsonObject issue =
        QJsonDocument::fromJson(r.out.toUtf8()).object().value(QStringLiteral("issue")).toObject();
    EXPECT_EQ(issue.value(QStringLiteral("kind")).toString(), QStringLiteral("limit"));
    EXPECT_GE(issue.value(QStringLiteral("line")).toInt(), 6) << r.out.toStdString();
    const QString message = issue.value(QStringLiteral("message")).toString();
    EXPECT_TRUE(message.contains(QStringLiteral("wall-time budget of 2 s"))) << r.out.toStdString();
    // The body's op names the loop; the loop's own trip count names itself.
    EXPECT_TRUE(message.contains(QStringLiteral("in the for at line 6:3")) ||
                issue.value(QStringLiteral("op")).toString() == QStringLiteral("for"))
        << r.out.toStdString();
    // The work budget stops it too, counting ops and not only elements.
    const CliResult work =
        runCli({QStringLiteral("eval"), QStringLiteral("--max-work"), QStringLiteral("100000"),
                QStringLiteral("--binding"), hostile("scalar_loop.binding.json"),
                hostile("scalar_loop.mlir"), hostile("scalar_loop.mlir")});
    EXPECT_EQ(work.exitCode, 3);
    EXPECT_TRUE(work.out.contains(QStringLiteral("more than 100000 units of work")))
        << work.out.toStdString();
}

TEST(CliEvalBudgets, TooManyCasesAreRefusedBeforeRunning)
{
    // 10^6 dims values were ~4M cases (~40 minutes).
    QTemporaryDir dir;
    QByteArray values;
    for (int i = 0; i < 1000000; ++i)
        values += (i ? "," : "") + QByteArray::number(16 + i % 64);
    const QString b = write(dir, "many.json",
                            binding("\"dims\": {\"N\": [" + values +
                                    "]},\n\"arrays\": {\"x\": {\"dtype\": \"f32\", \"shape\": "
                                    "[\"N\"]}}"));
    QElapsedTimer timer;
    timer.start();
    CliResult r = evalCopy16(b);
    EXPECT_LT(timer.elapsed(), 30000);
    EXPECT_EQ(r.exitCode, 3);
    EXPECT_TRUE(r.out.contains(QStringLiteral("many.json:2:10: dims.N lists 1000000 values")))
        << r.out.toStdString();
    EXPECT_TRUE(r.out.contains(QStringLiteral("2000000 cases, more than the budget of 10000 "
                                              "(--max-cases)")))
        << r.out.toStdString();
    const QString few = write(dir, "few.json",
                              binding("\"dims\": {\"N\": [16, 32, 48]},\n\"arrays\": {\"x\": "
                                      "{\"dtype\": \"f32\", \"shape\": [\"N\"]}}"));
    r = evalCopy16(few, {QStringLiteral("--max-cases"), QStringLiteral("5")});
    EXPECT_EQ(r.exitCode, 3);
    EXPECT_TRUE(r.out.contains(QStringLiteral("6 cases, more than the budget of 5")))
        << r.out.toStdString();
    r = evalCopy16(few, {QStringLiteral("--max-cases"), QStringLiteral("6")});
    EXPECT_EQ(r.exitCode, 0) << r.out.toStdString();
}

TEST(CliEvalBudgets, LiveTilesAreBoundedAndDroppedAfterUse)
{
    // 100 addf in a chain: each SSA tile stayed alive (2^24-element tiles needed > 12 GB).
    QTemporaryDir dir;
    QByteArray ir = "cuda_tile.module @m {\nentry @k(%p: tile<ptr<f32>>) {\n"
                    "  %a0 = constant <f32: 1.0> : tile<4096xf32>\n";
    for (int i = 1; i <= 100; ++i)
        ir += "  %a" + QByteArray::number(i) + " = addf %a" + QByteArray::number(i - 1) +
              ", %a0 : tile<4096xf32>\n";
    ir += "  return\n}\n}\n";
    const QString chain = write(dir, "chain.mlir", ir);
    const QString b = write(dir, "b.json",
                            "{\"schema\": \"tilelens.eval-binding/1\", \"arrays\": {\"out\": "
                            "{\"dtype\": \"f32\", \"shape\": [1]}}, \"ref\": {\"params\": "
                            "[\"out.ptr\"]}, \"gen\": {\"params\": [\"out.ptr\"]}}");
    const QStringList run = {QStringLiteral("eval"), QStringLiteral("--binding"), b,
                             QStringLiteral("--max-live-elements")};
    CliResult r = runCli(run + QStringList{QStringLiteral("12288"), chain, chain});
    EXPECT_EQ(r.exitCode, 0) << r.out.toStdString();
    r = runCli(run + QStringList{QStringLiteral("8192"), chain, chain});
    EXPECT_EQ(r.exitCode, 3);
    EXPECT_TRUE(r.out.contains(QStringLiteral("line 5:3: limit in addf: a tile of 4096 elements "
                                              "(tile<4096xf32>) would bring the live tiles to "
                                              "more than the budget of 8192 elements")))
        << r.out.toStdString();
}

TEST(CliEvalBudgets, ManyArraysAreBoundInLinearTime)
{
    // 100,000 one-element arrays: 56 s only to reject the parameters (a scan of the arrays
    // per name); 4,000 did not finish in 120 s.
    QTemporaryDir dir;
    QByteArray arrays = "\"dims\": {\"N\": [16]},\n\"arrays\": {\"x\": {\"dtype\": \"f32\", "
                        "\"shape\": [\"N\"]}";
    for (int i = 0; i < 100000; ++i)
        arrays += ", \"a" + QByteArray::number(i) + "\": {\"dtype\": \"f32\", \"shape\": [1]}";
    const QString b = write(dir, "many.json", binding(arrays + "}"));
    QElapsedTimer timer;
    timer.start();
    const CliResult r = evalCopy16(b, {QStringLiteral("--inputs"), QStringLiteral("random")});
    EXPECT_EQ(r.exitCode, 0) << r.err.toStdString() << r.out.toStdString();
    EXPECT_LT(timer.elapsed(), 30000);
}

TEST(CliEvalBudgets, EdgeInputsOfManyArraysGrowLinearly)
{
    // With the default inputs (random and edge), 4,000 one-element arrays made 4,002 edge
    // cases of 4,001 buffers each: 16 M buffers, minutes. Past kMaxEdgeAloneArrays float
    // arrays the edge values go into every array at once only, and the result says so.
    QTemporaryDir dir;
    QByteArray arrays = "\"dims\": {\"N\": [16]},\n\"arrays\": {\"x\": {\"dtype\": \"f32\", "
                        "\"shape\": [\"N\"]}";
    for (int i = 0; i < 4000; ++i)
        arrays += ", \"a" + QByteArray::number(i) + "\": {\"dtype\": \"f32\", \"shape\": [1]}";
    const QString b = write(dir, "many.json", binding(arrays + "}"));
    const CliResult r = evalCopy16(b, {QStringLiteral("--json")});
    EXPECT_EQ(r.exitCode, 0) << r.err.toStdString() << r.out.toStdString();
    EXPECT_TRUE(r.out.contains(QStringLiteral("4001 float arrays, more than 32")))
        << r.out.toStdString();
    EXPECT_TRUE(r.out.contains(QStringLiteral("\"cases\"")));
    // Two cases: random inputs, and edge values in every array at once (the JSON lists the
    // cases of the pair and of the whole run: two listings).
    EXPECT_EQ(r.out.count(QStringLiteral("\"inputs\": \"edge\"")), 2) << r.out.toStdString();
}

TEST(CliEvalBudgets, BudgetOptionsAreChecked)
{
    for (const char* option : {"--max-cases", "--max-input-elements", "--max-live-elements",
                               "--max-work", "--timeout"}) {
        SCOPED_TRACE(option);
        const CliResult r =
            runCli({QStringLiteral("eval"), QString::fromLatin1(option), QStringLiteral("-1"),
                    hostile("copy16.mlir"), hostile("copy16.mlir")});
        EXPECT_EQ(r.exitCode, 3);
        EXPECT_TRUE(r.err.contains(QString::fromLatin1(option))) << r.err.toStdString();
    }
}
