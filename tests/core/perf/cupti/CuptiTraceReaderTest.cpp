#include "perf/cupti/CuptiTraceReader.h"

#include "CuptiTestRecords.h"
#include "TestPaths.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <gtest/gtest.h>

using namespace tilelens;
using namespace tilelens::perf;
using tilelens::test::RecordText;

namespace {

QString dataFile(const char* name)
{
    return tilelens::test::sourceDir() + QStringLiteral("/tests/core/perf/cupti/data/") +
           QLatin1String(name);
}

CuptiTrace parse(const std::string& text)
{
    CuptiTrace t;
    parseCuptiRecords(text, QStringLiteral("run.jsonl"), t);
    return t;
}

int warningsContaining(const CuptiTrace& t, const std::string& needle)
{
    int n = 0;
    for (const auto& d : t.diagnostics)
        if (d.message.find(needle) != std::string::npos)
            ++n;
    return n;
}

void writeFile(const QString& path, const std::string& text)
{
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(text.data(), qint64(text.size()));
}

} // namespace

TEST(CuptiTraceReader, ReadsEveryRecordOfAGoodFile)
{
    const CuptiTrace t = readCuptiRecordFile(dataFile("two_configs.jsonl"));
    EXPECT_TRUE(t.diagnostics.empty())
        << (t.diagnostics.empty() ? "" : t.diagnostics.front().format());
    EXPECT_EQ(t.formatVersion, 1);
    EXPECT_EQ(t.device, QStringLiteral("NVIDIA H200"));
    EXPECT_EQ(t.processes, 1);
    EXPECT_EQ(t.completeProcesses, 1);
    ASSERT_EQ(t.kernels.size(), 5u);
    ASSERT_EQ(t.ranges.size(), 3u);
    ASSERT_EQ(t.names.size(), 2u);
    const CuptiKernel& k = t.kernels[1];
    EXPECT_EQ(t.nameOf(k).name, QStringLiteral("_Z5scalefPfi"));
    EXPECT_EQ(t.nameOf(k).demangled, QStringLiteral("scale(float, float*, int)"));
    EXPECT_EQ(k.startNs, 2100u);
    EXPECT_EQ(k.durationNs(), 800u);
    EXPECT_EQ(k.grid[0], 4);
    EXPECT_EQ(k.block[0], 256);
    EXPECT_EQ(k.registers, 16);
    EXPECT_EQ(k.stream, 7u);
    EXPECT_EQ(k.correlation, 12u);
    EXPECT_EQ(k.process, 4242u);
    EXPECT_EQ(t.kernels[2].dynamicSmem, 512);
    EXPECT_EQ(t.ranges[0].name, QStringLiteral("n=1024"));
    EXPECT_EQ(t.ranges[0].startNs, 2000u);
    EXPECT_EQ(t.ranges[0].endNs, 3000u);
    EXPECT_EQ(t.ranges[0].thread, 4242u);
}

TEST(CuptiTraceReader, TruncatedLastLineIsAWarningAndEarlierRecordsSurvive)
{
    RecordText r;
    r.kernel("k", 10, 20).kernel("k", 30, 40);
    r.raw("{\"type\":\"kernel\",\"name\":1,\"sta");
    const CuptiTrace t = parse(r.text);
    EXPECT_EQ(t.kernels.size(), 2u);
    EXPECT_EQ(warningsContaining(t, "cut short"), 1);
    EXPECT_FALSE(hasErrors(t.diagnostics));
    EXPECT_EQ(t.completeProcesses, 0); // no summary: the process did not exit normally
    EXPECT_EQ(t.diagnostics.front().place.line, 5);
}

TEST(CuptiTraceReader, GarbageLinesAreSkippedWithTheirLineNumbers)
{
    RecordText r;
    r.kernel("k", 10, 20);
    r.raw("this is not json\n").raw("[1,2,3]\n").raw("{\"no_type\":1}\n").raw("\n");
    r.kernel("k", 30, 45).summary();
    const CuptiTrace t = parse(r.text);
    ASSERT_EQ(t.kernels.size(), 2u);
    EXPECT_EQ(t.kernels[1].durationNs(), 15u);
    EXPECT_EQ(warningsContaining(t, "not a record"), 3);
    EXPECT_EQ(t.diagnostics.front().place.line, 4);
    // A line that is not JSON at all is placed at the token that broke the parse.
    EXPECT_EQ(t.diagnostics.front().format().rfind(
                  "run.jsonl:4:1: warning: not a record (invalid JSON: ", 0),
              0u);
}

TEST(CuptiTraceReader, NumberOutsideDoubleRangeIsALocatedWarning)
{
    RecordText r;
    r.kernel("k", 10, 20);
    r.raw("{\"type\":\"kernel\",\"start\":1e400}\n");
    r.kernel("k", 30, 45).summary();
    const CuptiTrace t = parse(r.text);
    EXPECT_EQ(t.kernels.size(), 2u);
    ASSERT_EQ(warningsContaining(t, "number overflow parsing '1e400'"), 1);
    const Diagnostic& d = t.diagnostics.front();
    EXPECT_EQ(d.place.line, 4);
    EXPECT_EQ(d.place.column, 26);
}

TEST(CuptiTraceReader, WrongMemberTypesDoNotThrow)
{
    RecordText r;
    r.raw("{\"type\":\"name\",\"id\":1,\"name\":\"k\",\"demangled\":\"k\"}\n");
    r.raw("{\"type\":\"kernel\",\"name\":1,\"start\":\"soon\",\"end\":[1],\"grid\":\"x\"}\n");
    r.raw("{\"type\":\"marker\",\"flag\":7,\"id\":\"x\"}\n");
    const CuptiTrace t = parse(r.text);
    ASSERT_EQ(t.kernels.size(), 1u);
    EXPECT_EQ(t.kernels[0].durationNs(), 0u);
    EXPECT_TRUE(t.ranges.empty());
}

TEST(CuptiTraceReader, NewerFormatVersionIsAnErrorAndReadsNothing)
{
    std::string text =
        "{\"type\":\"header\",\"format\":\"tilelens.cupti\",\"version\":2,\"pid\":1}\n";
    text += "{\"type\":\"name\",\"id\":1,\"name\":\"k\",\"demangled\":\"k\"}\n";
    text += "{\"type\":\"kernel\",\"name\":1,\"start\":1,\"end\":2}\n";
    const CuptiTrace t = parse(text);
    EXPECT_TRUE(t.kernels.empty());
    ASSERT_TRUE(hasErrors(t.diagnostics));
    EXPECT_NE(t.diagnostics.front().message.find("version 2"), std::string::npos);
}

TEST(CuptiTraceReader, UnknownNameIdAndUnpairedMarkersAreWarnings)
{
    RecordText r;
    r.raw("{\"type\":\"kernel\",\"name\":9,\"start\":1,\"end\":2}\n");
    r.raw("{\"type\":\"marker\",\"flag\":\"end\",\"id\":5,\"ts\":3}\n");
    r.raw("{\"type\":\"marker\",\"flag\":\"start\",\"id\":6,\"ts\":4,\"name\":\"open\"}\n");
    r.raw("{\"type\":\"future_record\",\"x\":1}\n");
    const CuptiTrace t = parse(r.text);
    ASSERT_EQ(t.kernels.size(), 1u);
    EXPECT_EQ(t.nameOf(t.kernels[0]).name, QStringLiteral("<unknown kernel 9>"));
    EXPECT_EQ(warningsContaining(t, "name id 9"), 1);
    EXPECT_EQ(warningsContaining(t, "without a start"), 1);
    EXPECT_EQ(warningsContaining(t, "'open' never ends"), 1);
    EXPECT_TRUE(t.ranges.empty());
    EXPECT_FALSE(hasErrors(t.diagnostics));
}

TEST(CuptiTraceReader, DroppedAndErrorRecordsAreCounted)
{
    RecordText r;
    r.raw("{\"type\":\"dropped\",\"count\":40,\"cause\":\"no buffer space\",\"ts\":1}\n");
    r.raw("{\"type\":\"dropped\",\"count\":2,\"cause\":\"no buffer space\",\"ts\":2}\n");
    r.raw("{\"type\":\"error\",\"message\":\"cannot record NVTX markers: x\"}\n");
    const CuptiTrace t = parse(r.text);
    EXPECT_EQ(t.dropped, 42u);
    ASSERT_EQ(t.libraryErrors.size(), 1);
    EXPECT_EQ(t.libraryErrors.front(), QStringLiteral("cannot record NVTX markers: x"));
}

TEST(CuptiTraceReader, ManyBadLinesAreReportedWithABoundedList)
{
    RecordText r;
    for (int i = 0; i < 500; ++i)
        r.raw("garbage\n");
    const CuptiTrace t = parse(r.text);
    EXPECT_LE(t.diagnostics.size(), 25u);
    EXPECT_EQ(warningsContaining(t, "480 more line problems"), 1);
}

TEST(CuptiTraceReader, RunDirectoryMergesProcessesAndRemapsNames)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    RecordText a(100), b(200);
    a.kernel("alpha", 10, 20).summary();
    b.kernel("beta", 30, 70).kernel("alpha", 80, 90).summary();
    writeFile(dir.filePath(QStringLiteral("tilelens-cupti-100.jsonl")), a.text);
    writeFile(dir.filePath(QStringLiteral("tilelens-cupti-200.jsonl")), b.text);
    writeFile(dir.filePath(QStringLiteral("unrelated.txt")), "hello");
    const CuptiTrace t = readCuptiRunDirectory(dir.path());
    EXPECT_EQ(t.processes, 2);
    EXPECT_EQ(t.completeProcesses, 2);
    ASSERT_EQ(t.kernels.size(), 3u);
    EXPECT_EQ(t.nameOf(t.kernels[0]).name, QStringLiteral("alpha"));
    EXPECT_EQ(t.nameOf(t.kernels[1]).name, QStringLiteral("beta"));
    EXPECT_EQ(t.nameOf(t.kernels[2]).name, QStringLiteral("alpha"));
    EXPECT_EQ(t.kernels[1].process, 200u);
}

TEST(CuptiTraceReader, EmptyRunDirectoryIsAWarning)
{
    QTemporaryDir dir;
    const CuptiTrace t = readCuptiRunDirectory(dir.path());
    EXPECT_TRUE(t.kernels.empty());
    ASSERT_EQ(t.diagnostics.size(), 1u);
    EXPECT_EQ(t.diagnostics.front().severity, Severity::Warning);
}
