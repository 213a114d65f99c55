// Checkout discovery: the landed ports of a TileGym checkout (tests/data/workspace/checkout, a
// small fake written for these tests), their entry <-> @ct.kernel pairings, hand corrections in
// .tilelens/pairings.json, and the IR folder the stages fill.

#include "workspace/CheckoutPorts.h"

#include "TestPaths.h"
#include "workspace/Workspace.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <gtest/gtest.h>

using namespace tilelens;
using namespace tilelens::ws;

namespace {

QString fakeCheckout()
{
    return test::testDataDir() + QStringLiteral("/workspace/checkout");
}

void write(const QString& path, const QByteArray& text)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(text);
}

void copyDir(const QString& from, const QString& to)
{
    QDir().mkpath(to);
    for (const QFileInfo& fi :
         QDir(from).entryInfoList(QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot | QDir::Hidden)) {
        if (fi.isDir())
            copyDir(fi.absoluteFilePath(), to + QLatin1Char('/') + fi.fileName());
        else
            QFile::copy(fi.absoluteFilePath(), to + QLatin1Char('/') + fi.fileName());
    }
}

const Kernel* kernelNamed(const Workspace& ws, const char* name)
{
    for (const Kernel& k : ws.kernels)
        if (k.name == QLatin1String(name))
            return &k;
    return nullptr;
}

const Variant* variantNamed(const Kernel& k, const char* name)
{
    for (const Variant& v : k.variants)
        if (v.name == QLatin1String(name))
            return &v;
    return nullptr;
}

bool hasMessage(const Diagnostics& diags, const char* needle)
{
    for (const Diagnostic& d : diags)
        if (d.message.find(needle) != std::string::npos)
            return true;
    return false;
}

int problemCount(const Diagnostics& diags)
{
    int n = 0;
    for (const Diagnostic& d : diags)
        n += d.severity != Severity::Note;
    return n;
}

} // namespace

TEST(CheckoutPorts, FindsEveryLandedPortWithItsFiles)
{
    const Workspace ws = discoverWorkspace(fakeCheckout());
    EXPECT_EQ(QDir(ws.tilegymRoot), QDir(fakeCheckout()));
    QStringList names;
    for (const Kernel& k : ws.kernels)
        names << k.name;
    EXPECT_EQ(names,
              (QStringList{QStringLiteral("gemm"), QStringLiteral("norm"), QStringLiteral("orphan"),
                           QStringLiteral("rowop"), QStringLiteral("scale")}));
    const Kernel* scale = kernelNamed(ws, "scale");
    ASSERT_NE(scale, nullptr);
    EXPECT_TRUE(scale->checkoutPort);
    EXPECT_TRUE(scale->rustKernel.endsWith(QLatin1String("cutile_rs/scale_kernel/kernel.rs")));
    EXPECT_TRUE(scale->rustFfi.endsWith(QLatin1String("cutile_rs/scale_kernel/ffi.rs")));
    EXPECT_TRUE(scale->rustWrapper.endsWith(QLatin1String("ops/cutile_rs/scale.py")));
    EXPECT_TRUE(scale->pythonSource.endsWith(QLatin1String("ops/cutile/scale.py")));
    EXPECT_TRUE(scale->testFile.endsWith(QLatin1String("tests/ops/test_scale.py")));
    EXPECT_TRUE(ws.diagnostics.empty());
}

TEST(CheckoutPorts, FinePortsHaveNoProblems)
{
    const Workspace ws = discoverWorkspace(fakeCheckout());
    for (const char* name : {"scale", "gemm", "rowop", "norm"}) {
        const Kernel* k = kernelNamed(ws, name);
        ASSERT_NE(k, nullptr) << name;
        EXPECT_EQ(problemCount(k->diagnostics), 0)
            << name << ": " << (k->diagnostics.empty() ? "" : k->diagnostics[0].format());
    }
}

TEST(CheckoutPorts, ExactNamePairsAndBackwardStaysUnpaired)
{
    const Workspace ws = discoverWorkspace(fakeCheckout());
    const Kernel* k = kernelNamed(ws, "scale");
    ASSERT_NE(k, nullptr);
    ASSERT_EQ(k->variants.size(), 1u);
    const Variant& v = k->variants[0];
    EXPECT_EQ(v.name, QStringLiteral("scale_kernel"));
    EXPECT_EQ(v.rustEntries, QStringList{QStringLiteral("scale_kernel")});
    EXPECT_EQ(v.kernelFunction, QStringLiteral("_scale_kernel"));
    EXPECT_EQ(v.pairing, QStringLiteral("name"));
    EXPECT_EQ(v.pythonFirstLine, 4); // the decorator line
    EXPECT_EQ(v.pythonLastLine, 8);
    ASSERT_EQ(k->entries.size(), 1u);
    EXPECT_EQ(k->entries[0].line, 6);
    EXPECT_FALSE(k->multiVariant);
}

TEST(CheckoutPorts, SeveralEntriesAreVariantsAndNonPersistentMeansThePlainKernel)
{
    const Workspace ws = discoverWorkspace(fakeCheckout());
    const Kernel* k = kernelNamed(ws, "gemm");
    ASSERT_NE(k, nullptr);
    EXPECT_TRUE(k->multiVariant);
    ASSERT_EQ(k->variants.size(), 2u);
    const Variant* sp = variantNamed(*k, "static_persistent_gemm_kernel");
    const Variant* np = variantNamed(*k, "non_persistent_gemm_kernel");
    ASSERT_TRUE(sp && np);
    EXPECT_EQ(sp->kernelFunction, QStringLiteral("_static_persistent_gemm_kernel"));
    EXPECT_EQ(sp->pythonFirstLine, 9);
    EXPECT_EQ(sp->pythonLastLine, 16); // multi-line signature and body
    EXPECT_EQ(np->kernelFunction, QStringLiteral("_gemm_kernel"));
    EXPECT_EQ(np->pythonFirstLine, 4);
    EXPECT_EQ(np->pairing, QStringLiteral("name"));
}

TEST(CheckoutPorts, LongerPythonNameButNeverTheBackwardKernel)
{
    const Workspace ws = discoverWorkspace(fakeCheckout());
    const Kernel* k = kernelNamed(ws, "rowop");
    ASSERT_NE(k, nullptr);
    ASSERT_EQ(k->variants.size(), 1u);
    EXPECT_EQ(k->variants[0].kernelFunction, QStringLiteral("_rowop_kernel_row_wise"));
    EXPECT_EQ(k->variants[0].pythonFirstLine, 9);
}

TEST(CheckoutPorts, FallsBackToWhatTheWrapperLaunches)
{
    const Workspace ws = discoverWorkspace(fakeCheckout());
    const Kernel* k = kernelNamed(ws, "norm");
    ASSERT_NE(k, nullptr);
    ASSERT_EQ(k->variants.size(), 1u);
    EXPECT_EQ(k->variants[0].kernelFunction, QStringLiteral("_norm_fwd_impl"));
    EXPECT_EQ(k->variants[0].pairing, QStringLiteral("launch"));
}

TEST(CheckoutPorts, PortWithoutPythonReferenceSaysWhy)
{
    const Workspace ws = discoverWorkspace(fakeCheckout());
    const Kernel* k = kernelNamed(ws, "orphan");
    ASSERT_NE(k, nullptr);
    ASSERT_EQ(k->variants.size(), 1u);
    EXPECT_TRUE(k->variants[0].kernelFunction.isEmpty());
    EXPECT_EQ(k->variants[0].pairing, QStringLiteral("none"));
    EXPECT_TRUE(hasMessage(k->diagnostics, "src/tilegym/ops/cutile/orphan.py"));
    EXPECT_EQ(problemCount(k->diagnostics), 1);
}

TEST(CheckoutPorts, OpeningOnePortDirectoryFindsItsCheckout)
{
    const Workspace ws = discoverWorkspace(
        fakeCheckout() + QStringLiteral("/src/tilegym/ops/cutile_rs/gemm_kernel"));
    EXPECT_EQ(QDir(ws.tilegymRoot), QDir(fakeCheckout()));
    ASSERT_EQ(ws.kernels.size(), 1u);
    EXPECT_EQ(ws.kernels[0].name, QStringLiteral("gemm"));
    EXPECT_TRUE(ws.kernels[0].pythonSource.endsWith(QLatin1String("ops/cutile/gemm.py")));
    EXPECT_EQ(ws.kernels[0].variants.size(), 2u);
    EXPECT_EQ(enclosingCheckout(fakeCheckout() + QStringLiteral("/src/tilegym/ops")),
              QDir(fakeCheckout()).absolutePath());
    EXPECT_TRUE(enclosingCheckout(test::testDataDir() + QStringLiteral("/workspace")).isEmpty());
}

TEST(CheckoutPorts, HandPairingIsRememberedPerCheckout)
{
    QTemporaryDir tmp;
    const QString tg = tmp.filePath(QStringLiteral("tg"));
    copyDir(fakeCheckout(), tg);
    QString error;
    ASSERT_TRUE(writeCheckoutPairing(tg, QStringLiteral("scale"), QStringLiteral("scale_kernel"),
                                     QStringLiteral("_scale_backward_kernel"), &error))
        << error.toStdString();
    ASSERT_TRUE(writeCheckoutPairing(tg, QStringLiteral("gemm"),
                                     QStringLiteral("non_persistent_gemm_kernel"), QString(),
                                     &error));
    Workspace ws = discoverWorkspace(tg);
    EXPECT_TRUE(ws.diagnostics.empty());
    const Variant& scale = kernelNamed(ws, "scale")->variants[0];
    EXPECT_EQ(scale.kernelFunction, QStringLiteral("_scale_backward_kernel"));
    EXPECT_EQ(scale.pairing, QStringLiteral("manual"));
    EXPECT_EQ(scale.pythonFirstLine, 11);
    const Kernel* gemm = kernelNamed(ws, "gemm");
    const Variant* np = variantNamed(*gemm, "non_persistent_gemm_kernel");
    EXPECT_TRUE(np->kernelFunction.isEmpty());
    EXPECT_TRUE(hasMessage(gemm->diagnostics, "left unpaired by hand"));
    // The other entry keeps its automatic pairing.
    EXPECT_EQ(variantNamed(*gemm, "static_persistent_gemm_kernel")->kernelFunction,
              QStringLiteral("_static_persistent_gemm_kernel"));

    ASSERT_TRUE(
        clearCheckoutPairing(tg, QStringLiteral("scale"), QStringLiteral("scale_kernel"), &error));
    ws = discoverWorkspace(tg);
    EXPECT_EQ(kernelNamed(ws, "scale")->variants[0].kernelFunction,
              QStringLiteral("_scale_kernel"));
    Diagnostics diags;
    const CheckoutPairings pairs = readCheckoutPairings(tg, diags);
    EXPECT_TRUE(diags.empty());
    EXPECT_EQ(pairs.count(QStringLiteral("scale")), 0u);
    ASSERT_EQ(pairs.count(QStringLiteral("gemm")), 1u);
}

TEST(CheckoutPorts, HandPairingToAnUnknownFunctionIsReportedAndIgnored)
{
    QTemporaryDir tmp;
    const QString tg = tmp.filePath(QStringLiteral("tg"));
    copyDir(fakeCheckout(), tg);
    write(pairingsFile(tg), R"({"schema": "tilelens.pairings/1",
 "kernels": {"scale": {"scale_kernel": "_no_such_kernel"}}})");
    const Workspace ws = discoverWorkspace(tg);
    const Kernel* k = kernelNamed(ws, "scale");
    EXPECT_EQ(k->variants[0].kernelFunction, QStringLiteral("_scale_kernel"));
    EXPECT_TRUE(hasMessage(k->diagnostics, "_no_such_kernel"));
}

TEST(CheckoutPorts, MalformedPairingsFileIsAnErrorWithItsPlaceAndNeverOverwritten)
{
    QTemporaryDir tmp;
    const QString tg = tmp.filePath(QStringLiteral("tg"));
    copyDir(fakeCheckout(), tg);
    write(pairingsFile(tg), "{\"kernels\": {\"scale\": [1,]}}");
    const Workspace ws = discoverWorkspace(tg);
    ASSERT_EQ(ws.diagnostics.size(), 1u);
    EXPECT_EQ(ws.diagnostics[0].place.line, 1);
    EXPECT_GT(ws.diagnostics[0].place.column, 1);
    EXPECT_EQ(ws.kernels.size(), 5u); // discovery goes on with automatic pairings
    QString error;
    EXPECT_FALSE(writeCheckoutPairing(tg, QStringLiteral("scale"), QStringLiteral("scale_kernel"),
                                      QStringLiteral("_scale_kernel"), &error));
    EXPECT_TRUE(error.contains(QLatin1String("pairings.json")));
    QFile f(pairingsFile(tg));
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    EXPECT_EQ(f.readAll(), QByteArray("{\"kernels\": {\"scale\": [1,]}}"));

    write(pairingsFile(tg), R"({"kernels": {"scale": {"scale_kernel": 3}}})");
    Diagnostics diags;
    readCheckoutPairings(tg, diags);
    ASSERT_EQ(diags.size(), 1u);
    EXPECT_EQ(diags[0].jsonPointer, "/kernels/scale/scale_kernel");
}

TEST(CheckoutPorts, IrFromTheStagesIsFoundPerVariant)
{
    QTemporaryDir tmp;
    const QString tg = tmp.filePath(QStringLiteral("tg"));
    copyDir(fakeCheckout(), tg);
    const QString ir =
        checkoutIrDir(tg, QStringLiteral("gemm"), QStringLiteral("non_persistent_gemm_kernel"));
    write(ir + QStringLiteral("/reference.tileirbc"), "bytes");
    write(ir + QStringLiteral("/generated.mlir"), "module {}");
    write(ir + QStringLiteral("/generated_canon.mlir"), "module {}");
    const Workspace ws = discoverWorkspace(tg);
    const Variant* v = variantNamed(*kernelNamed(ws, "gemm"), "non_persistent_gemm_kernel");
    EXPECT_TRUE(v->referenceIr.endsWith(QLatin1String("/reference.tileirbc")));
    EXPECT_TRUE(v->generatedIr.endsWith(QLatin1String("/generated_canon.mlir")));
    EXPECT_TRUE(variantNamed(*kernelNamed(ws, "gemm"), "static_persistent_gemm_kernel")
                    ->referenceIr.isEmpty());
}

TEST(CheckoutPorts, CheckoutHoldingKernelOutDirectoriesKeepsBoth)
{
    QTemporaryDir tmp;
    const QString tg = tmp.filePath(QStringLiteral("tg"));
    copyDir(fakeCheckout(), tg);
    copyDir(test::examplesDir() + QStringLiteral("/softmax"),
            tg + QStringLiteral("/cutile_kernel_out/softmax"));
    const Workspace ws = discoverWorkspace(tg);
    EXPECT_EQ(ws.kernels.size(), 6u);
    const Kernel* softmax = kernelNamed(ws, "softmax");
    ASSERT_NE(softmax, nullptr);
    EXPECT_FALSE(softmax->checkoutPort);
    EXPECT_TRUE(softmax->analysis.has_value());
    EXPECT_TRUE(kernelNamed(ws, "gemm")->checkoutPort);
}

TEST(CheckoutPorts, KernelDirWithOnlyIrOpens)
{
    QTemporaryDir tmp;
    write(tmp.filePath(QStringLiteral("k/reference/reference.mlir")), "module {}");
    write(tmp.filePath(QStringLiteral("k/generated/generated.tileirbc")), "bytes");
    const Workspace ws = discoverWorkspace(tmp.filePath(QStringLiteral("k")));
    ASSERT_EQ(ws.kernels.size(), 1u);
    EXPECT_FALSE(ws.kernels[0].variants[0].referenceIr.isEmpty());
    EXPECT_FALSE(ws.kernels[0].variants[0].generatedIr.isEmpty());
    EXPECT_EQ(problemCount(ws.kernels[0].diagnostics), 0);
    // ... and as one kernel of a kernel-out root.
    EXPECT_EQ(discoverWorkspace(tmp.path()).kernels.size(), 1u);
}

#ifdef TILELENS_TILEGYM_CHECKOUT
// The real NVIDIA/TileGym checkout (main, 75a1430), configured with
// -DTILELENS_TILEGYM_CHECKOUT=PATH (see tests/CMakeLists.txt).
TEST(CheckoutPorts, RealTileGymCheckout)
{
    const QString tg = QStringLiteral(TILELENS_TILEGYM_CHECKOUT);
    ASSERT_TRUE(isTilegymCheckout(tg)) << "not a TileGym checkout: " << tg.toStdString();
    const Workspace ws = discoverWorkspace(tg);
    const std::vector<std::pair<const char*, std::pair<const char*, const char*>>> expected = {
        {"attention_sink", {"attention_sink_kernel", "_attention_sink_kernel"}},
        {"bmm", {"static_persistent_bmm_kernel", "_static_persistent_bmm_kernel"}},
        {"bmm", {"non_persistent_bmm_kernel", "_bmm_kernel"}},
        {"matmul", {"non_persistent_matmul_kernel", "_matmul_kernel"}},
        {"matmul", {"static_persistent_matmul_kernel", "_static_persistent_matmul_kernel"}},
        {"silu_and_mul", {"silu_and_mul_kernel", "_silu_and_mul_kernel_row_wise"}},
        {"swiglu", {"swiglu_forward_kernel", "_swiglu_forward_kernel"}},
    };
    for (const auto& [kernel, pair] : expected) {
        const Kernel* k = kernelNamed(ws, kernel);
        ASSERT_NE(k, nullptr) << kernel;
        const Variant* v = variantNamed(*k, pair.first);
        ASSERT_NE(v, nullptr) << pair.first;
        EXPECT_EQ(v->kernelFunction, QLatin1String(pair.second)) << pair.first;
        EXPECT_GT(v->pythonFirstLine, 0) << pair.first;
        EXPECT_EQ(problemCount(k->diagnostics), 0) << kernel;
    }
}
#endif
