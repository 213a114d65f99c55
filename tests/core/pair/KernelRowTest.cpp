// A kernel's dashboard row without a window: the critical count of a report, whether the report
// is older than its IR, a landed port's IR compared now, and the rules the caller gives (moved
// from the GUI suite's DashboardTest and CheckoutReviewTest, whose GUI halves stay there).

#include "pair/KernelRow.h"

#include "PairTestUtil.h"
#include "TestPaths.h"
#include "common/CancelToken.h"
#include "pair/Rules.h"
#include "workspace/Workspace.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <gtest/gtest.h>

namespace tilelens::pair {
namespace {

using test::edited;
using test::softmax;

void write(const QString& path, const std::string& bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly | QIODevice::Truncate)) << path.toStdString();
    f.write(bytes.data(), qint64(bytes.size()));
}

// A kernel directory `alpha` with its analysis.json and the two IR files given.
ws::Kernel kernelWith(const QTemporaryDir& tmp, const std::string& reference,
                      const std::string& generated)
{
    const QString dir = tmp.filePath(QStringLiteral("alpha"));
    write(dir + QStringLiteral("/reference/analysis.json"),
          R"({"kernel_name": "alpha", "source": "src/tilegym/ops/cutile/alpha.py",
 "kernel_variants": [{"variant_name": "main", "kernel_function": "alpha_kernel",
   "reference_ir": "reference/reference.mlir"}]})");
    write(dir + QStringLiteral("/reference/reference.mlir"), reference);
    write(dir + QStringLiteral("/generated/generated.mlir"), generated);
    return ws::loadKernel(dir);
}

} // namespace

TEST(KernelRow, CountsCriticalDiffsFromTheVerdictLineOrTheCriticalLines)
{
    EXPECT_EQ(countCriticalDiffs(QStringLiteral(
                  "VERDICT: FAIL_FIXABLE\nx\nVERDICT: FAIL_FIXABLE (4 critical diff(s))\n")),
              4);
    EXPECT_EQ(countCriticalDiffs(
                  QStringLiteral("VERDICT: FAIL\nCRITICAL: a\nCRITICAL: b\nnot CRITICAL: c\n")),
              2);
    EXPECT_EQ(countCriticalDiffs(QStringLiteral("VERDICT: PASS\n")), 0);
}

TEST(KernelRow, AReportOlderThanItsIrIsStaleAndNamed)
{
    QTemporaryDir tmp;
    const ws::Kernel k = kernelWith(tmp, softmax(), softmax());
    const QString report = k.dir + QStringLiteral("/generated/diff_report.md");
    write(report, "VERDICT: FAIL_FIXABLE\n# IR Diff Report: alpha\nCRITICAL: a\nCRITICAL: b\n");
    QFile reportFile(report);
    ASSERT_TRUE(reportFile.open(QIODevice::ReadWrite));
    ASSERT_TRUE(reportFile.setFileTime(QDateTime::currentDateTime().addSecs(-3600),
                                       QFileDevice::FileModificationTime));
    reportFile.close();

    const KernelRow row = kernelRow(k);
    EXPECT_EQ(row.irVerdict, QStringLiteral("FAIL_FIXABLE"));
    EXPECT_EQ(row.criticalCount, 2);
    EXPECT_TRUE(row.irStale); // the IR files are newer than the report
    EXPECT_EQ(row.irSource, report);
    EXPECT_FALSE(row.irComputed);
    EXPECT_EQ(row.currentVerdict, QStringLiteral("PASS")) << "the same IR on both sides";
    EXPECT_EQ(row.currentCritical, 0);

    // Rewritten after the IR: not stale.
    write(report, "VERDICT: FAIL_FIXABLE\nCRITICAL: a\nCRITICAL: b\nCRITICAL: c\n");
    EXPECT_FALSE(kernelRow(k).irStale);
}

TEST(KernelRow, ALandedPortsIrIsComparedNow)
{
    QTemporaryDir tmp;
    const QString tg = tmp.filePath(QStringLiteral("tg"));
    const QString ir = tg + QStringLiteral("/.tilelens/ir/scale/scale_kernel/");
    const QString checkout = tilelens::test::testDataDir() + QStringLiteral("/workspace/checkout");
    const QString data = test::dataPath("bytecode/relu_fwd_1M_f16");
    QDir().mkpath(ir);
    for (const QString& rel :
         {QStringLiteral("src/tilegym/ops/cutile/scale.py"),
          QStringLiteral("src/tilegym/ops/cutile_rs/scale_kernel/kernel.rs")}) {
        QDir().mkpath(QFileInfo(tg + QLatin1Char('/') + rel).absolutePath());
        ASSERT_TRUE(QFile::copy(checkout + QLatin1Char('/') + rel, tg + QLatin1Char('/') + rel));
    }
    ASSERT_TRUE(QFile::copy(data + QStringLiteral(".mlir"), ir + QStringLiteral("reference.mlir")));
    ASSERT_TRUE(
        QFile::copy(data + QStringLiteral(".tileirbc"), ir + QStringLiteral("generated.tileirbc")));
    const ws::Workspace workspace = ws::discoverWorkspace(tg);
    ASSERT_EQ(workspace.kernels.size(), 1u);
    const KernelRow row = kernelRow(workspace.kernels[0]);
    EXPECT_TRUE(row.irComputed);
    EXPECT_FALSE(row.irStale);
    EXPECT_EQ(row.irVerdict, QStringLiteral("PASS")); // the same module, text vs bytecode
    EXPECT_EQ(row.criticalCount, 0);
}

TEST(KernelRow, TheIrIsComparedWithTheCallersRules)
{
    QTemporaryDir tmp;
    const std::string ref = softmax();
    const ws::Kernel k =
        kernelWith(tmp, ref, edited(ref, "rounding<approx> flush_to_zero", "rounding<approx>"));
    const KernelRow builtIn = kernelRow(k);
    EXPECT_EQ(builtIn.irVerdict, QStringLiteral("FAIL_FIXABLE"));
    EXPECT_TRUE(builtIn.irComputed);
    EXPECT_EQ(builtIn.criticalCount, 1);

    const std::string rulesFile =
        test::writeFile(tmp, "rules.json", R"({"schema": "tilelens.rules/1", "rules": [
        {"id": "ftz-approx", "severity": "warn", "message": "{op}: FTZ relaxed on purpose"}]})");
    Diagnostics diags;
    const auto rules = loadRules(rulesFile, diags);
    ASSERT_TRUE(rules) << (diags.empty() ? "" : diags.front().format());
    const KernelRow relaxed = kernelRow(k, rules);
    EXPECT_EQ(relaxed.irVerdict, QStringLiteral("PASS_WITH_NOTES"));
    EXPECT_EQ(relaxed.criticalCount, 0);
}

TEST(KernelRow, ACancelledRowStops)
{
    QTemporaryDir tmp;
    const ws::Kernel k = kernelWith(tmp, softmax(), softmax());
    CancelSource source;
    source.cancel();
    EXPECT_THROW(kernelRow(k, nullptr, source.token()), Cancelled);
}

} // namespace tilelens::pair
