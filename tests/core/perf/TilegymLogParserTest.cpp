#include "perf/TilegymLogParser.h"

#include "TestPaths.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <gtest/gtest.h>

using namespace tilelens::perf;

namespace {

PerfData parse(const char* text)
{
    return parseTilegymLog(QByteArray(text), QStringLiteral("log.txt"));
}

bool hasMessage(const tilelens::Diagnostics& d, const char* needle, int line = 0)
{
    for (const auto& x : d) {
        if (x.message.find(needle) != std::string::npos && (line == 0 || x.place.line == line))
            return true;
    }
    return false;
}

} // namespace

TEST(TilegymLogParser, ReadsRecordsWithAllFields)
{
    const PerfData d =
        readTilegymLog(tilelens::test::testDataDir() + QStringLiteral("/perf/baseline_cutile.txt"));
    ASSERT_EQ(d.records.size(), 4u);
    EXPECT_TRUE(d.diagnostics.empty());
    EXPECT_EQ(d.device, QStringLiteral("NVIDIA Example GPU"));
    const PerfRecord& r = d.records[0];
    EXPECT_EQ(r.backend, QStringLiteral("cutile"));
    EXPECT_EQ(r.configId, QStringLiteral("True-1024-1024-512-torch.float16"));
    EXPECT_EQ(r.fullId, QStringLiteral("cutile-True-1024-1024-512-torch.float16"));
    EXPECT_DOUBLE_EQ(*r.medianMs, 0.0400);
    EXPECT_DOUBLE_EQ(*r.meanMs, 0.0375);
    EXPECT_DOUBLE_EQ(*r.relStdPercent, 1.07);
    EXPECT_DOUBLE_EQ(*r.minMs, 0.0368); // not the nested kernel_times values
    EXPECT_EQ(r.nrep, 1301);
    EXPECT_EQ(r.peakMemMb, 26);
    EXPECT_EQ(r.kernelName, QStringLiteral("_persistent_gemm_lite_kernel"));
    EXPECT_EQ(r.sourceLine, 14); // the line holding the median
}

TEST(TilegymLogParser, NormalizesFrameworkKeyAndIgnoresPytorch)
{
    const PerfData d = parse("x::test_perf[cutile_rs-64-torch.float16]\n"
                             "Performance Test Results\n"
                             "{\"cutile-rs\": {\"forward\": {\"median\": 0.5}}, \"pytorch\": "
                             "{\"forward\": {\"median\": 0.4}}}\n"
                             "PASSED\n");
    ASSERT_EQ(d.records.size(), 1u);
    EXPECT_EQ(d.records[0].backend, QStringLiteral("cutile_rs"));
    EXPECT_EQ(d.records[0].configId, QStringLiteral("64-torch.float16"));
}

TEST(TilegymLogParser, FlatMedianLayoutAndBackwardRecords)
{
    const PerfData d =
        parse("test_perf[cutile-8-128] Performance Test Results median=0.25 mean=0.3\n"
              "Performance Test Results\ntest_perf[cutile-8-256]\n"
              "{'cutile': {'forward': {'median': 1.0}, 'backward': {'median': 2.5}}}\n");
    ASSERT_EQ(d.records.size(), 3u);
    EXPECT_EQ(d.records[0].configId, QStringLiteral("8-128"));
    EXPECT_DOUBLE_EQ(*d.records[0].medianMs, 0.25);
    EXPECT_EQ(d.records[2].direction, QStringLiteral("backward"));
    EXPECT_DOUBLE_EQ(*d.records[2].medianMs, 2.5);
}

TEST(TilegymLogParser, StrictAboutNumbers)
{
    const PerfData d = parse("test_perf[cutile-1]\nPerformance Test Results\n"
                             "{'cutile': {'forward': {'median': nan, 'mean': 1.0}}}\n"
                             "test_perf[cutile-2]\nPerformance Test Results\n"
                             "{'cutile': {'forward': {'median': -0.5}}}\n"
                             "test_perf[cutile-3]\nPerformance Test Results\n"
                             "{'cutile': {'forward': {'median': 0.1x}}}\n");
    ASSERT_EQ(d.records.size(), 3u);
    for (const auto& r : d.records)
        EXPECT_FALSE(r.medianMs) << r.fullId.toStdString();
    EXPECT_TRUE(hasMessage(d.diagnostics, "median of cutile-1 is 'nan'", 3));
    EXPECT_TRUE(hasMessage(d.diagnostics, "'-0.5'", 6));
    EXPECT_TRUE(hasMessage(d.diagnostics, "'0.1x'", 9));
    for (const auto& diag : d.diagnostics)
        EXPECT_GT(diag.place.column, 0);
}

// Found by fuzz_perf_log: a count beyond int64 was converted with undefined behaviour.
TEST(TilegymLogParser, CountsOutsideInt64AreWarningsNotConversions)
{
    const PerfData d = parse("test_perf[cutile-1]\nPerformance Test Results\n"
                             "{'cutile': {'forward': {'median': 0.5, 'nrep': 1e66, "
                             "'peak_mem_mb': -3}}}\n");
    ASSERT_EQ(d.records.size(), 1u);
    EXPECT_TRUE(d.records[0].medianMs);
    EXPECT_TRUE(hasMessage(d.diagnostics, "nrep of cutile-1 is '1e66', not a count", 3));
    EXPECT_TRUE(hasMessage(d.diagnostics, "peak_mem_mb of cutile-1 is '-3', not a count", 3));
}

TEST(TilegymLogParser, TruncatedRecordIsAnErrorNotACrash)
{
    const PerfData d = parse(
        "test_perf[cutile-1]\nPerformance Test Results\n{'cutile': {'forward': {'median': 0.1");
    EXPECT_TRUE(hasMessage(d.diagnostics, "truncated"));
    EXPECT_TRUE(d.records.empty());
}

TEST(TilegymLogParser, FailedTestsAreRecordsWithoutMedian)
{
    const PerfData d =
        parse("t.py::T::test_perf[cutile_rs-1] PASSED\n"
              "Performance Test Results\n{'cutile-rs': {'forward': {'median': 0.1}}}\n"
              "t.py::T::test_perf[cutile_rs-2] FAILED\n");
    ASSERT_EQ(d.records.size(), 2u);
    EXPECT_EQ(d.records[1].status, QStringLiteral("FAILED"));
    EXPECT_EQ(d.records[1].configId, QStringLiteral("2"));
    EXPECT_FALSE(d.records[1].medianMs);
}

TEST(TilegymLogParser, EmptyOrUnrelatedTextHasNoRecords)
{
    EXPECT_TRUE(hasMessage(parse("").diagnostics, "no perf records"));
    EXPECT_TRUE(hasMessage(parse("hello\nworld\n").diagnostics, "no perf records"));
    EXPECT_TRUE(hasMessage(parse("Performance Test Results\nmedian=1\n").diagnostics,
                           "without a pytest test id"));
    EXPECT_FALSE(looksLikeTilegymLog("{\"schema\": \"tilelens.profile/1\"}"));
    EXPECT_TRUE(looksLikeTilegymLog("Performance Test Results"));
}

TEST(TilegymLogParser, PerfLogCheckParity)
{
    QTemporaryDir dir;
    const auto write = [&](const char* name, const QByteArray& text) {
        QFile f(dir.filePath(QString::fromLatin1(name)));
        EXPECT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(text);
        return f.fileName();
    };
    EXPECT_TRUE(
        checkPerfLog(tilelens::test::testDataDir() + QStringLiteral("/perf/baseline_cutile.txt"),
                     QStringLiteral("baseline"))
            .empty());
    const auto failed = checkPerfLog(write("f.txt", "Performance Test Results\nPASSED\nt FAILED\n"),
                                     QStringLiteral("x"));
    EXPECT_TRUE(tilelens::hasErrors(failed));
    const auto mismatch = checkPerfLog(write("m.txt", "Performance Test Results\nPASSED\nPASSED\n"),
                                       QStringLiteral("x"));
    ASSERT_EQ(mismatch.size(), 1u);
    EXPECT_EQ(mismatch[0].severity, tilelens::Severity::Warning);
    EXPECT_TRUE(tilelens::hasErrors(checkPerfLog(write("e.txt", ""), QStringLiteral("x"))));
    EXPECT_TRUE(tilelens::hasErrors(
        checkPerfLog(dir.filePath(QStringLiteral("none.txt")), QStringLiteral("x"))));
    const PerfLogCounts c =
        countPerfLogLines("Performance Test Results\nPASSED\nSKIPPED\n3 passed\n");
    EXPECT_EQ(c.sections, 1);
    EXPECT_EQ(c.passed, 1);
    EXPECT_EQ(c.skipped, 1);
}

TEST(TilegymLogParser, EveryTruncationAndByteFlipIsSafe)
{
    QFile f(tilelens::test::testDataDir() + QStringLiteral("/perf/baseline_cutile.txt"));
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    const QByteArray full = f.readAll();
    for (qsizetype n = 0; n <= full.size(); n += 13) {
        const PerfData d = parseTilegymLog(full.left(n), QStringLiteral("cut.txt"));
        EXPECT_LE(d.records.size(), 4u);
        for (const PerfRecord& r : d.records) {
            // A cut median may lose digits, but a kept median is always a positive number.
            if (r.medianMs) {
                EXPECT_GT(*r.medianMs, 0.0);
            }
        }
    }
    for (qsizetype i = 0; i < full.size(); i += 7) {
        QByteArray flipped = full;
        flipped[i] = char(flipped[i] ^ 0x5a);
        const PerfData d = parseTilegymLog(flipped, QStringLiteral("flip.txt"));
        EXPECT_LE(d.records.size(), 5u);
    }
}
