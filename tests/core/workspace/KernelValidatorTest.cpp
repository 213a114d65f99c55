#include "workspace/KernelValidator.h"

#include "TestPaths.h"
#include "workspace/KernelPerf.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <algorithm>
#include <gtest/gtest.h>

using namespace tilelens::ws;

namespace {

QString example(const char* name)
{
    return tilelens::test::examplesDir() + QLatin1Char('/') + QString::fromLatin1(name);
}

void copyDir(const QString& from, const QString& to)
{
    QDir().mkpath(to);
    for (const QFileInfo& fi :
         QDir(from).entryInfoList(QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot)) {
        if (fi.isDir())
            copyDir(fi.absoluteFilePath(), to + QLatin1Char('/') + fi.fileName());
        else
            QFile::copy(fi.absoluteFilePath(), to + QLatin1Char('/') + fi.fileName());
    }
}

void append(const QString& path, const QByteArray& text)
{
    QFile f(path);
    f.setPermissions(f.permissions() | QFileDevice::WriteOwner);
    ASSERT_TRUE(f.open(QIODevice::Append));
    f.write(text);
}

bool hasError(const ValidationResult& r, const char* needle)
{
    for (const auto& d : r.messages) {
        if (d.severity == tilelens::Severity::Error && d.message.find(needle) != std::string::npos)
            return true;
    }
    return false;
}

} // namespace

TEST(KernelValidator, BothExamplesPass)
{
    for (const char* name : {"matmul", "softmax"}) {
        const ValidationResult r = validateKernelDir(example(name));
        EXPECT_TRUE(r.passed()) << name << "\n" << formatValidationText(r).toStdString();
        EXPECT_EQ(r.summary.last(), QStringLiteral("PASS"));
    }
    const ValidationResult m = validateKernelDir(example("matmul"));
    EXPECT_EQ(m.warnings(), 3); // the three optional logs, as validate_kernel.sh warns
    EXPECT_TRUE(m.summary.contains(QStringLiteral("next: PIPELINE_COMPLETE")));
}

TEST(KernelValidator, MissingDirectoryIsInputError)
{
    const ValidationResult r = validateKernelDir(QStringLiteral("/nonexistent/tilelens/kernel"));
    EXPECT_TRUE(r.inputError);
    EXPECT_FALSE(r.passed());
}

TEST(KernelValidator, MissingFilesAndBadContentFail)
{
    QTemporaryDir dir;
    const QString k = dir.filePath(QStringLiteral("matmul"));
    copyDir(example("matmul"), k);
    QFile::remove(k + QStringLiteral("/reports/agent_logs/agent_d.md"));
    QFile::remove(k + QStringLiteral("/reference/reference_plain.mlir"));
    append(k + QStringLiteral("/ffi.rs"), "\nfn leak(v: Vec<u8>) { std::mem::forget(v); }\n");
    append(k + QStringLiteral("/kernel.rs"),
           "\n#[cutile::entry]\npub fn bad<E: ElementType>(out: *mut f16) {}\n");
    append(k + QStringLiteral("/perf_cutile_rs.txt"),
           "tests/ops/test_matmul.py::T::test_perf[x] FAILED\n");
    const ValidationResult r = validateKernelDir(k);
    EXPECT_FALSE(r.passed());
    EXPECT_TRUE(hasError(r, "agent_d.md missing"));
    EXPECT_TRUE(hasError(r, "reference/reference_plain.mlir missing"));
    EXPECT_TRUE(hasError(r, "uses mem::forget"));
    EXPECT_TRUE(hasError(r, "'out: *mut f16'"));
    EXPECT_TRUE(hasError(r, "perf_cutile_rs: 1 line(s) contain FAILED"));
    EXPECT_EQ(r.summary.last(), QStringLiteral("FAIL"));
}

TEST(KernelValidator, DiffReportRequiredOnceCRan)
{
    QTemporaryDir dir;
    const QString k = dir.filePath(QStringLiteral("matmul"));
    copyDir(example("matmul"), k);
    QFile f(k + QStringLiteral("/reports/agent_logs/agent_c.md"));
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write("VERDICT: PASS\n");
    f.close();
    const ValidationResult r = validateKernelDir(k);
    EXPECT_TRUE(hasError(r, "generated/diff_report.md missing"));
}

TEST(KernelPerf, ExamplePairsPerVariantWinner)
{
    const Kernel k = loadKernel(example("matmul"));
    const KernelPerf kp = compareKernelPerf(k);
    EXPECT_FALSE(kp.inputError);
    EXPECT_EQ(kp.comparison.matched, 4);
    ASSERT_TRUE(kp.comparison.geomean);
    EXPECT_NEAR(*kp.comparison.geomean, 1.0154, 5e-5); // the value reports/performance.md records
    EXPECT_EQ(kp.comparison.verdict(), QStringLiteral("DONE"));
    const KernelPerf soft = compareKernelPerf(loadKernel(example("softmax")));
    EXPECT_NEAR(*soft.comparison.geomean, 1.0606, 5e-5);
    EXPECT_EQ(soft.comparison.severity, tilelens::perf::PerfSeverity::MildGap);
}

TEST(KernelPerf, MissingLogsAreInputErrors)
{
    QTemporaryDir dir;
    const KernelPerf kp = compareKernelPerf(loadKernel(dir.path()));
    EXPECT_TRUE(kp.inputError);
    EXPECT_EQ(kp.diagnostics.size(), 2u);
}

TEST(KernelValidator, InTreeChecksWithACheckout)
{
    QTemporaryDir tg;
    const auto put = [&](const char* rel, const QByteArray& text) {
        const QString path = tg.filePath(QString::fromLatin1(rel));
        QDir().mkpath(QFileInfo(path).absolutePath());
        QFile f(path);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(text);
    };
    put("src/tilegym/ops/cutile_rs/cutile_kernels/src/lib.rs",
        "mod matmul { include!(\"../../matmul_kernel/ffi.rs\"); }\n");
    put("src/tilegym/ops/cutile_rs/cutile_kernels/Cargo.toml",
        "[dependencies]\ncutile = \"=0.2.0\"\n");
    put("src/tilegym/ops/cutile_rs/ffi_util.rs", "// shared\n");
    put("src/tilegym/ops/cutile_rs/matmul.py",
        "@register_impl(\"matmul\", backend=\"cutile-rs\")\ndef f():\n    lib.cutile_matmul()\n");
    put("src/tilegym/ops/cutile_rs/__init__.py", "from . import matmul\n");
    put("tests/ops/test_matmul.py", "_backends = ['cutile', 'cutile-rs']\n");
    EXPECT_TRUE(validateKernelDir(example("matmul"), tg.path()).passed());

    put("src/tilegym/ops/cutile_rs/__init__.py", "\n");
    put("src/tilegym/ops/cutile_rs/cutile_kernels/Cargo.toml",
        "cutile = { path = \"../cutile\" }\n");
    const ValidationResult r = validateKernelDir(example("matmul"), tg.path());
    EXPECT_TRUE(hasError(r, "__init__.py does not import matmul"));
    EXPECT_TRUE(hasError(r, "does not pin cutile"));
    EXPECT_TRUE(hasError(r, "path dependency"));
}

namespace {

// A copy of the softmax example in `dir`, and the line a text appended to its kernel.rs
// after a newline starts on.
QString copySoftmax(const QTemporaryDir& dir, int& appendedLine)
{
    QString k = dir.filePath(QStringLiteral("softmax"));
    copyDir(example("softmax"), k);
    const std::string before =
        tilelens::test::readTextFile((k + QStringLiteral("/kernel.rs")).toStdString());
    appendedLine = int(std::count(before.begin(), before.end(), '\n')) + 2;
    return k;
}

// The messages of `r` that contain `part`, in order.
std::vector<const tilelens::Diagnostic*> messagesWith(const ValidationResult& r,
                                                      std::string_view part)
{
    std::vector<const tilelens::Diagnostic*> out;
    for (const auto& d : r.messages)
        if (d.message.find(part) != std::string::npos)
            out.push_back(&d);
    return out;
}

} // namespace

TEST(KernelValidator, HiddenUnicodeInKernelOrFfiIsAWarningAtItsPlace)
{
    QTemporaryDir dir;
    int line = 0;
    const QString k = copySoftmax(dir, line);
    // A "Trojan Source" comment (RLO ... LRI) and a zero-width joiner in ffi.rs.
    append(k + QStringLiteral("/kernel.rs"), "\n// ok \u202e ;)(kcehc \u2066\n");
    append(k + QStringLiteral("/ffi.rs"), "\nlet a\u200d = 1;\n");
    const ValidationResult r = validateKernelDir(k);
    EXPECT_TRUE(r.passed()) << "a warning, as the optional logs are";
    const auto hidden = messagesWith(r, "hidden or bidirectional");
    ASSERT_EQ(hidden.size(), 2u) << formatValidationText(r).toStdString();
    EXPECT_EQ(hidden[0]->severity, tilelens::Severity::Warning);
    EXPECT_EQ(hidden[0]->place.line, line);
    EXPECT_EQ(hidden[0]->place.column, 7);
    EXPECT_NE(hidden[0]->message.find("2 hidden or bidirectional Unicode character(s), the first "
                                      "U+202E RIGHT-TO-LEFT OVERRIDE"),
              std::string::npos)
        << hidden[0]->message;
    EXPECT_NE(hidden[1]->message.find("ffi.rs has 1 hidden"), std::string::npos);
    EXPECT_NE(hidden[1]->message.find("U+200D ZERO WIDTH JOINER"), std::string::npos);

    const ValidationResult clean = validateKernelDir(example("softmax"));
    for (const auto& d : clean.messages)
        EXPECT_EQ(d.message.find("hidden"), std::string::npos) << d.message;
}

TEST(KernelValidator, ANameThatReadsAsAnotherIsAWarningAtItsPlace)
{
    struct Case
    {
        const char* line; // appended to kernel.rs
        const char* message;
    };
    for (const Case& c : {
             // `sc\u0430le` has a Cyrillic a: it reads as `scale` and is another name.
             Case{"let sc\u0430le = 1.0;",
                  "kernel.rs has 1 name(s) that may read as other names, the first "
                  "'sc\u0430le' mixing Latin/Cyrillic letters (U+0430)"},
             // `\u0435\u0445\u0440` is all Cyrillic and reads as `exp`, which the kernel calls.
             Case{"let \u0435\u0445\u0440 = 1.0;",
                  "kernel.rs has 1 name(s) that may read as other names, the first "
                  "'\u0435\u0445\u0440' in Cyrillic letters that read as 'exp' (U+0435 U+0445 "
                  "U+0440)"},
         }) {
        QTemporaryDir dir;
        int line = 0;
        const QString k = copySoftmax(dir, line);
        append(k + QStringLiteral("/kernel.rs"), QByteArray("\n") + c.line + "\n");
        const ValidationResult r = validateKernelDir(k);
        EXPECT_TRUE(r.passed());
        const auto lookalike = messagesWith(r, "read as other names");
        ASSERT_EQ(lookalike.size(), 1u) << formatValidationText(r).toStdString();
        EXPECT_EQ(lookalike[0]->severity, tilelens::Severity::Warning);
        EXPECT_EQ(lookalike[0]->place.line, line);
        EXPECT_EQ(lookalike[0]->place.column, 5);
        EXPECT_EQ(lookalike[0]->message, c.message);
    }
    const ValidationResult clean = validateKernelDir(example("softmax"));
    for (const auto& d : clean.messages)
        EXPECT_EQ(d.message.find("other names"), std::string::npos) << d.message;
}
