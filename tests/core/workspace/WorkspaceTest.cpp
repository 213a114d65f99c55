#include "workspace/Workspace.h"

#include "TestPaths.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <gtest/gtest.h>

using namespace tilelens::ws;

namespace {

QString example(const char* name)
{
    return tilelens::test::examplesDir() + QLatin1Char('/') + QString::fromLatin1(name);
}

void write(const QString& path, const QByteArray& text)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(text);
}

bool hasMessage(const tilelens::Diagnostics& d, const char* needle)
{
    for (const auto& x : d) {
        if (x.message.find(needle) != std::string::npos)
            return true;
    }
    return false;
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

} // namespace

TEST(Workspace, MultiVariantExample)
{
    const Workspace ws = discoverWorkspace(example("matmul"));
    ASSERT_EQ(ws.kernels.size(), 1u);
    const Kernel& k = ws.kernels[0];
    EXPECT_EQ(k.name, QStringLiteral("matmul"));
    EXPECT_TRUE(k.multiVariant);
    ASSERT_EQ(k.variants.size(), 2u);
    const Variant& sp = k.variants[0];
    EXPECT_EQ(sp.name, QStringLiteral("static_persistent"));
    EXPECT_TRUE(
        sp.referenceIr.endsWith(QLatin1String("reference/reference_static_persistent.mlir")));
    EXPECT_TRUE(
        sp.generatedIr.endsWith(QLatin1String("generated/generated_static_persistent.mlir")));
    EXPECT_EQ(sp.kernelFunction, QStringLiteral("_static_persistent_matmul_kernel"));
    EXPECT_EQ(sp.rustEntries, QStringList{QStringLiteral("static_persistent_matmul_kernel")});
    EXPECT_EQ(sp.baselineBackend, QStringLiteral("cutile"));
    EXPECT_GT(sp.pythonFirstLine, 0);
    EXPECT_GT(sp.pythonLastLine, sp.pythonFirstLine);
    const Variant& plain = k.variants[1];
    EXPECT_EQ(plain.rustEntries, QStringList{QStringLiteral("plain_matmul_kernel")});
    EXPECT_TRUE(k.pythonSource.endsWith(QLatin1String("reference/matmul.py")));
    ASSERT_EQ(k.supplements.size(), 1);
    EXPECT_TRUE(k.supplements[0].endsWith(QLatin1String("supplements/reference_plain_f32.mlir")));
    ASSERT_EQ(k.entries.size(), 2u);
    EXPECT_EQ(k.entries[0].paramKind, QStringLiteral("tensor"));
    EXPECT_TRUE(k.baselineLog.endsWith(QLatin1String("baseline_perf_cutile.txt")));
    EXPECT_TRUE(k.candidateLog.endsWith(QLatin1String("perf_cutile_rs.txt")));
    for (const auto& d : k.diagnostics)
        EXPECT_NE(d.severity, tilelens::Severity::Error) << d.format();
}

TEST(Workspace, SingleVariantExample)
{
    const Workspace ws = discoverWorkspace(example("softmax"));
    ASSERT_EQ(ws.kernels.size(), 1u);
    const Kernel& k = ws.kernels[0];
    EXPECT_FALSE(k.multiVariant);
    ASSERT_EQ(k.variants.size(), 1u);
    EXPECT_TRUE(k.variants[0].name.isEmpty());
    EXPECT_EQ(k.variants[0].analysisName, QStringLiteral("tma"));
    EXPECT_TRUE(k.variants[0].referenceIr.endsWith(QLatin1String("reference/reference.mlir")));
    EXPECT_TRUE(k.variants[0].generatedIr.endsWith(QLatin1String("generated/generated.mlir")));
    EXPECT_EQ(k.variants[0].rustEntries,
              QStringList{QStringLiteral("softmax_kernel")}); // single: every entry
    EXPECT_GT(k.variants[0].pythonFirstLine, 0);
}

TEST(Workspace, KernelOutRootWithBothExamples)
{
    const Workspace ws = discoverWorkspace(tilelens::test::examplesDir());
    ASSERT_GE(ws.kernels.size(), 2u);
    EXPECT_EQ(QDir(ws.kernelOutRoot), QDir(tilelens::test::examplesDir()));
}

TEST(Workspace, DirectoryWithNoKernels)
{
    QTemporaryDir dir;
    QDir(dir.path()).mkpath(QStringLiteral("empty/sub"));
    const Workspace ws = discoverWorkspace(dir.path());
    EXPECT_TRUE(ws.kernels.empty());
    EXPECT_TRUE(hasMessage(ws.diagnostics, "no kernel directories found"));
    const Workspace missing = discoverWorkspace(dir.filePath(QStringLiteral("nope")));
    EXPECT_TRUE(hasMessage(missing.diagnostics, "no such directory"));
}

TEST(Workspace, MissingAndMalformedArtifactsAreDiagnostics)
{
    QTemporaryDir dir;
    write(dir.filePath(QStringLiteral("k/kernel.rs")),
          "#[cutile::entry]\npub fn k_kernel<E: ElementType>(x: &Tensor<E, {[-1]}>) {}\n");
    write(dir.filePath(QStringLiteral("bad/reference/analysis.json")),
          "{\"kernel_name\": \"bad\",");
    const Workspace ws = discoverWorkspace(dir.path());
    ASSERT_EQ(ws.kernels.size(), 2u);
    const Kernel& bad = ws.kernels[0];
    EXPECT_TRUE(hasMessage(bad.diagnostics, "invalid JSON"));
    EXPECT_FALSE(bad.analysis);
    const Kernel& k = ws.kernels[1];
    EXPECT_TRUE(hasMessage(k.diagnostics, "analysis.json is missing"));
    EXPECT_TRUE(hasMessage(k.diagnostics, "generated IR not found"));
    ASSERT_EQ(k.entries.size(), 1u);
    EXPECT_EQ(k.entries[0].line, 2);
}

TEST(Workspace, TilegymCheckoutAndKernelOutRootSideBySide)
{
    QTemporaryDir dir;
    const QString tg = dir.filePath(QStringLiteral("tilegym"));
    const QString out = dir.filePath(QStringLiteral("cutile_kernel_out"));
    copyDir(example("matmul"), out + QStringLiteral("/matmul"));
    write(
        tg + QStringLiteral("/src/tilegym/ops/cutile/matmul.py"),
        "import cuda.tile as ct\n\n@ct.kernel\ndef _matmul_kernel(A, B, C):\n    pass\n\n"
        "@ct.kernel\ndef _static_persistent_matmul_kernel(A, B, C):\n    x = 1\n\n    return x\n");
    write(tg + QStringLiteral("/tests/ops/test_matmul.py"), "backends = ['cutile', 'cutile-rs']\n");
    QFile::copy(example("matmul") + QStringLiteral("/ffi.rs"),
                tg + QStringLiteral("/src/tilegym/ops/cutile_rs/matmul_kernel/ffi.rs"));
    write(tg + QStringLiteral("/src/tilegym/ops/cutile_rs/matmul_kernel/kernel.rs"),
          "// drifted copy\n");
    write(tg + QStringLiteral("/src/tilegym/ops/cutile_rs/bmm_kernel/kernel.rs"),
          "#[cutile::entry]\nfn bmm_kernel() {}\n");

    const Workspace ws = discoverWorkspace(dir.path());
    EXPECT_EQ(QDir(ws.tilegymRoot), QDir(tg));
    ASSERT_EQ(ws.kernels.size(), 2u);
    const Kernel& k = ws.kernels[0];
    EXPECT_EQ(k.name, QStringLiteral("matmul"));
    EXPECT_TRUE(k.pythonSource.startsWith(
        QFileInfo(tg).absoluteFilePath())); // the checkout wins over the copy
    EXPECT_EQ(k.variants[0].pythonFirstLine, 7);
    EXPECT_EQ(k.variants[0].pythonLastLine, 11);
    EXPECT_EQ(k.variants[1].pythonFirstLine, 3);
    EXPECT_EQ(k.variants[1].pythonLastLine, 5);
    EXPECT_TRUE(k.testFile.endsWith(QLatin1String("tests/ops/test_matmul.py")));
    EXPECT_FALSE(k.inTreeKernelRs.isEmpty());
    EXPECT_TRUE(hasMessage(k.diagnostics, "kernel.rs differs from the in-tree copy"));
    EXPECT_FALSE(hasMessage(k.diagnostics, "ffi.rs differs")); // identical twins: no drift
    const Kernel& inTreeOnly = ws.kernels[1];
    EXPECT_EQ(inTreeOnly.name, QStringLiteral("bmm"));
    EXPECT_TRUE(inTreeOnly.checkoutPort); // a landed port: its entries are its variants
    EXPECT_EQ(inTreeOnly.variants[0].name, QStringLiteral("bmm_kernel"));
    EXPECT_TRUE(hasMessage(inTreeOnly.diagnostics, "no cuTile Python reference"));
}

TEST(SourceLocator, EntryVariantMatching)
{
    EXPECT_TRUE(entryMatchesVariant(QStringLiteral("static_persistent_matmul_kernel"),
                                    QStringLiteral("static_persistent")));
    EXPECT_TRUE(
        entryMatchesVariant(QStringLiteral("bmm_sp_kernel"), QStringLiteral("static_persistent")));
    EXPECT_TRUE(entryMatchesVariant(QStringLiteral("persistent_static_bmm"),
                                    QStringLiteral("static_persistent")));
    EXPECT_FALSE(entryMatchesVariant(QStringLiteral("plain_matmul_kernel"),
                                     QStringLiteral("static_persistent")));
    EXPECT_TRUE(entryMatchesVariant(QStringLiteral("Plain_Matmul"), QStringLiteral("plain")));
    EXPECT_FALSE(entryMatchesVariant(QStringLiteral("matmul_kernel"), QStringLiteral("plain")));
}

TEST(SourceLocator, PythonFunctionWithMultiLineSignature)
{
    const QString py = QStringLiteral(
        "@ct.kernel(occupancy=2)\ndef f(\n    a,\n    b):\n    x = a\n\n    # tail\n    return x\n"
        "def g():\n    pass\n");
    const PythonFunctionRange r = findPythonFunction(py, QStringLiteral("f"));
    EXPECT_TRUE(r.isCtKernel);
    EXPECT_EQ(r.firstLine, 1);
    EXPECT_EQ(r.defLine, 2);
    EXPECT_EQ(r.lastLine, 8);
    EXPECT_FALSE(findPythonFunction(py, QStringLiteral("g")).isCtKernel);
    EXPECT_FALSE(findPythonFunction(py, QStringLiteral("h")).found());
}

TEST(SourceLocator, RustEntryParameterKinds)
{
    const auto entries =
        findRustEntries(QStringLiteral("#[cutile::entry(unchecked_accesses = true)]\npub unsafe fn "
                                       "a<E: ElementType, const N: i32>(x: &Tensor<E, {[-1]}>) {}\n"
                                       "#[cutile::entry]\n/// doc\npub fn b<E: ElementType>(x: "
                                       "*mut E, n: i32) {}\nfn helper() {}\n"));
    ASSERT_EQ(entries.size(), 2u);
    EXPECT_EQ(entries[0].name, QStringLiteral("a"));
    EXPECT_EQ(entries[0].paramKind, QStringLiteral("tensor"));
    EXPECT_EQ(entries[1].name, QStringLiteral("b"));
    EXPECT_EQ(entries[1].line, 5);
    EXPECT_EQ(entries[1].paramKind, QStringLiteral("ptr"));
}

TEST(Workspace, ReferencePythonBesideTheReferenceIrIsFoundWithoutAnalysisJson)
{
    QTemporaryDir tmp;
    const QString dir = tmp.filePath(QStringLiteral("swiglu"));
    write(dir + QStringLiteral("/reference/reference.mlir"), "cuda_tile.module @m {\n}\n");
    write(dir + QStringLiteral("/generated/generated.mlir"), "cuda_tile.module @m {\n}\n");
    write(dir + QStringLiteral("/reference/swiglu.py"), "import cuda.tile as ct\n");
    write(dir + QStringLiteral("/reference/test_swiglu.py"), "def test(): pass\n");
    Workspace ws = discoverWorkspace(dir);
    ASSERT_EQ(ws.kernels.size(), 1u);
    EXPECT_TRUE(ws.kernels[0].pythonSource.endsWith(QStringLiteral("/reference/swiglu.py")))
        << ws.kernels[0].pythonSource.toStdString();
    // Another name, still the only kernel source there.
    QFile::rename(dir + QStringLiteral("/reference/swiglu.py"),
                  dir + QStringLiteral("/reference/kernels.py"));
    ws = discoverWorkspace(dir);
    EXPECT_TRUE(ws.kernels[0].pythonSource.endsWith(QStringLiteral("/reference/kernels.py")));
    // Two candidates: none is guessed.
    write(dir + QStringLiteral("/reference/other.py"), "\n");
    ws = discoverWorkspace(dir);
    EXPECT_TRUE(ws.kernels[0].pythonSource.isEmpty());
}
