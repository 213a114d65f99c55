// IR on demand for a checkout's landed ports, with fake toolchains (small shell scripts on
// PATH standing in for python3 + cuda.tile, the cuTile Rust IR driver and cuda-tile-opt):
// the stages exist per variant, say exactly what is missing, write the IR where discovery
// finds it, and only run in a trusted checkout.

#include "pipeline/CheckoutIrStages.h"

#include "PipelineTestSupport.h"
#include "TestPaths.h"
#include "pipeline/StageResolver.h"
#include "pipeline/StageRunnerThread.h"
#include "workspace/Workspace.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <gtest/gtest.h>

using namespace tilelens;
using namespace tilelens::pipeline;

namespace {

void write(const QString& path, const QByteArray& text, bool executable = false)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(text);
    f.close();
    if (executable)
        f.setPermissions(f.permissions() | QFileDevice::ExeOwner);
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

QString bytecodeSample()
{
    return test::testDataDir() + QStringLiteral("/bytecode/relu_fwd_1M_f16.tileirbc");
}

struct Checkout
{
    QTemporaryDir tmp;
    QString root = tmp.filePath(QStringLiteral("tg"));
    QString bin = tmp.filePath(QStringLiteral("bin"));

    Checkout()
    {
        test::ensureCoreApp();
        copyDir(test::testDataDir() + QStringLiteral("/workspace/checkout"), root);
        QDir().mkpath(bin);
    }

    // A python3 that "has" cuda.tile and whose pytest dumps two bytecode files.
    void fakePython() const
    {
        write(bin + QStringLiteral("/python3"),
              "#!/bin/sh\n"
              "if [ \"$1\" = -c ]; then exit 0; fi\n"
              "echo \"fake pytest $*\"\n"
              "cp '" +
                  bytecodeSample().toUtf8() +
                  "' \"$CUDA_TILE_DUMP_BYTECODE/_scale_kernel_Abc.tileirbc\"\n"
                  "cp '" +
                  bytecodeSample().toUtf8() +
                  "' \"$CUDA_TILE_DUMP_BYTECODE/_scale_backward_kernel_Abc.tileirbc\"\n",
              true);
    }

    // A python3 without cuda.tile.
    void pythonWithoutCudaTile() const
    {
        write(bin + QStringLiteral("/python3"),
              "#!/bin/sh\ncase \"$2\" in *cuda.tile*) exit 1;; esac\nexit 0\n", true);
    }

    // The IR driver: writes OUT/<name>.tileirbc and .mlir for the one job it is given.
    QString fakeDriver() const
    {
        QString path = tmp.filePath(QStringLiteral("ir-driver"));
        write(path,
              "#!/bin/sh\n"
              "while [ $# -gt 0 ]; do case \"$1\" in --jobs) jobs=$2; shift;; --out) out=$2; "
              "shift;; esac; shift; done\n"
              "cat \"$jobs\"\n"
              "[ -f \"$TILEGYM/src/tilegym/ops/cutile_rs/scale_kernel/kernel.rs\" ] || exit 9\n"
              "cp '" +
                  bytecodeSample().toUtf8() +
                  "' \"$out/generated.tileirbc\"\n"
                  "echo 'module {}' > \"$out/generated.mlir\"\n",
              true);
        return path;
    }

    QProcessEnvironment env(bool withSystemPath = true) const
    {
        QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
        e.insert(QStringLiteral("PATH"),
                 bin + (withSystemPath ? QStringLiteral(":/usr/bin:/bin") : QString()));
        e.remove(QStringLiteral("CUDA_TILE_OPT_BIN"));
        e.remove(QStringLiteral("PYTHON"));
        e.insert(QStringLiteral("TILELENS_ASSUME_GPU"), QStringLiteral("1"));
        return e;
    }

    // Resolves and runs one stage to its end, like the runner does (argv, env, cwd).
    int run(const QString& stageId, const QProcessEnvironment& base, QString* output) const
    {
        const StageSet set = loadStageSet(root);
        const StageSpec* spec = set.find(stageId);
        EXPECT_NE(spec, nullptr) << stageId.toStdString();
        if (!spec)
            return -1;
        const ResolvedStage st = resolveStage(set, *spec, base);
        EXPECT_TRUE(st.runnable) << st.reason.toStdString();
        QProcess p;
        p.setProcessEnvironment(st.environment(base));
        p.setWorkingDirectory(st.cwd);
        p.setProcessChannelMode(QProcess::MergedChannels);
        p.start(st.argv.first(), st.argv.mid(1));
        EXPECT_TRUE(p.waitForFinished(30000));
        *output = QString::fromUtf8(p.readAll());
        return p.exitCode();
    }

    QString ir(const char* rel) const
    {
        return root + QStringLiteral("/.tilelens/ir/") + QString::fromLatin1(rel);
    }
};

} // namespace

TEST(CheckoutIrStages, TwoStagesPerVariantOfACheckout)
{
    Checkout c;
    const StageSet set = loadStageSet(c.root);
    EXPECT_TRUE(set.find(QStringLiteral("ir-ref:scale:scale_kernel")));
    EXPECT_TRUE(set.find(QStringLiteral("ir-gen:scale:scale_kernel")));
    EXPECT_TRUE(set.find(QStringLiteral("ir-ref:gemm:non_persistent_gemm_kernel")));
    EXPECT_TRUE(set.find(QStringLiteral("ir-gen:gemm:static_persistent_gemm_kernel")));
    EXPECT_FALSE(set.find(QStringLiteral("A"))); // no kernel working directory here
    EXPECT_EQ(set.stages.size(), 12u);           // 6 entries x 2
    // The unpaired entry cannot make a reference.
    const ResolvedStage orphan =
        resolveStage(set, *set.find(QStringLiteral("ir-ref:orphan:orphan_kernel")), c.env());
    EXPECT_FALSE(orphan.runnable);
    EXPECT_TRUE(orphan.reason.contains(QLatin1String("--pair orphan/orphan_kernel=")));
    // cuTile Python needs a GPU; the resolver says so on a CPU-only machine.
    QProcessEnvironment noGpu = c.env();
    qputenv("TILELENS_ASSUME_GPU", "0");
    const ResolvedStage ref =
        resolveStage(set, *set.find(QStringLiteral("ir-ref:scale:scale_kernel")), noGpu);
    qunsetenv("TILELENS_ASSUME_GPU");
    EXPECT_FALSE(ref.runnable);
    EXPECT_TRUE(ref.reason.contains(QLatin1String("GPU")));
    // A kernel working directory keeps TileGym's stages.
    EXPECT_TRUE(
        loadStageSet(test::examplesDir() + QStringLiteral("/softmax")).find(QStringLiteral("A")));
}

TEST(CheckoutIrStages, ReferenceStageSaysWhatIsMissing)
{
    Checkout c;
    c.pythonWithoutCudaTile();
    qputenv("TILELENS_ASSUME_GPU", "1");
    QString out;
    EXPECT_EQ(c.run(QStringLiteral("ir-ref:scale:scale_kernel"), c.env(), &out), 3);
    qunsetenv("TILELENS_ASSUME_GPU");
    EXPECT_TRUE(out.contains(QLatin1String("MISSING: the cuda.tile Python module")))
        << out.toStdString();
    EXPECT_TRUE(out.contains(QLatin1String("pip"))) << out.toStdString();
    EXPECT_FALSE(QFileInfo::exists(c.ir("scale/scale_kernel/reference.tileirbc")));
}

TEST(CheckoutIrStages, ReferenceStageKeepsThePairedFunctionsBytecode)
{
    Checkout c;
    c.fakePython();
    write(c.root + QStringLiteral("/tests/ops/test_scale.py"), "# the op's test\n");
    qputenv("TILELENS_ASSUME_GPU", "1");
    QString out;
    EXPECT_EQ(c.run(QStringLiteral("ir-ref:scale:scale_kernel"), c.env(), &out), 0)
        << out.toStdString();
    qunsetenv("TILELENS_ASSUME_GPU");
    EXPECT_TRUE(out.contains(QLatin1String("-k test_op and cutile and not cutile_rs")))
        << out.toStdString();
    EXPECT_TRUE(out.contains(QLatin1String("from _scale_kernel_Abc.tileirbc")));
    EXPECT_TRUE(out.contains(QLatin1String("NOTE: cuda-tile-opt not found")));
    EXPECT_TRUE(QFileInfo::exists(c.ir("scale/scale_kernel/reference.tileirbc")));
    // Discovery picks it up for the variant.
    const ws::Workspace w = ws::discoverWorkspace(c.root);
    for (const ws::Kernel& k : w.kernels) {
        if (k.name == QLatin1String("scale")) {
            EXPECT_TRUE(k.variants[0].referenceIr.endsWith(QLatin1String("reference.tileirbc")));
        }
    }
}

TEST(CheckoutIrStages, GeneratedStageSaysWhatIsMissing)
{
    Checkout c;
    QString out;
    // No job description for the entry.
    EXPECT_EQ(c.run(QStringLiteral("ir-gen:scale:scale_kernel"), c.env(), &out), 3);
    EXPECT_TRUE(
        out.contains(QLatin1String("MISSING: ") + c.root + QLatin1String("/.tilelens/ir-jobs.txt")))
        << out.toStdString();
    // A job but no driver and no cargo.
    write(c.root + QStringLiteral("/.tilelens/ir-jobs.txt"),
          "# jobs\nscale_1k | src/tilegym/ops/cutile_rs/scale_kernel/kernel.rs | m | \\\n"
          "  scale_kernel | f16,128 | sm_100 | ptr:x |\n");
    QProcessEnvironment env = c.env(false);
    env.insert(QStringLiteral("PATH"), c.bin + QStringLiteral(":/bin"));
    env.remove(QStringLiteral("CUTILE_RS_IR_DRIVER"));
    EXPECT_EQ(c.run(QStringLiteral("ir-gen:scale:scale_kernel"), env, &out), 3);
    EXPECT_TRUE(out.contains(QLatin1String("MISSING: the cuTile Rust compile-only IR driver")))
        << out.toStdString();
    if (QStandardPaths::findExecutable(QStringLiteral("cargo"), {QStringLiteral("/bin")})
            .isEmpty()) {
        EXPECT_TRUE(out.contains(QLatin1String("MISSING: cargo"))) << out.toStdString();
    }
    // A driver but no cutile sources.
    env.insert(QStringLiteral("CUTILE_RS_IR_DRIVER"), c.fakeDriver());
    env.remove(QStringLiteral("CUTILE_RS_SRC"));
    EXPECT_EQ(c.run(QStringLiteral("ir-gen:scale:scale_kernel"), env, &out), 3);
    EXPECT_TRUE(out.contains(QLatin1String("MISSING: the cutile crate sources")));
}

TEST(CheckoutIrStages, GeneratedStageCompilesTheEntrysJobAndCanonicalizes)
{
    Checkout c;
    write(c.root + QStringLiteral("/.tilelens/ir-jobs.txt"),
          "# other entries first\nother | x.rs | m | other_kernel | | sm_100 | |\n"
          "scale_1k | src/tilegym/ops/cutile_rs/scale_kernel/kernel.rs | m | \\\n"
          "  scale_kernel | f16,128 | sm_100 | ptr:x |\n");
    // cuda-tile-opt and cuda-tile-translate that just copy (and record that they ran).
    write(c.bin + QStringLiteral("/cuda-tile-translate"), "#!/bin/sh\necho 'module {}' > \"$4\"\n",
          true);
    write(c.bin + QStringLiteral("/cuda-tile-opt"),
          "#!/bin/sh\necho \"opt $*\"\ncp \"$3\" \"$5\"\n", true);
    QProcessEnvironment env = c.env();
    env.insert(QStringLiteral("CUTILE_RS_IR_DRIVER"), c.fakeDriver());
    env.insert(QStringLiteral("CUTILE_RS_SRC"), c.tmp.path());
    QString out;
    EXPECT_EQ(c.run(QStringLiteral("ir-gen:scale:scale_kernel"), env, &out), 0)
        << out.toStdString();
    // The driver got the entry's job only, renamed so that it writes generated.*.
    EXPECT_TRUE(out.contains(
        QLatin1String("generated | src/tilegym/ops/cutile_rs/scale_kernel/kernel.rs | m |")))
        << out.toStdString();
    EXPECT_TRUE(out.contains(QLatin1String("scale_kernel | f16,128 | sm_100 | ptr:x |")));
    EXPECT_FALSE(out.contains(QLatin1String("other_kernel")));
    EXPECT_TRUE(out.contains(QLatin1String("opt --canonicalize --cse")));
    EXPECT_TRUE(QFileInfo::exists(c.ir("scale/scale_kernel/generated.tileirbc")));
    EXPECT_TRUE(QFileInfo::exists(c.ir("scale/scale_kernel/generated_canon.mlir")));
    const ws::Workspace w = ws::discoverWorkspace(c.root);
    for (const ws::Kernel& k : w.kernels) {
        if (k.name == QLatin1String("scale")) {
            EXPECT_TRUE(k.variants[0].generatedIr.endsWith(QLatin1String("generated_canon.mlir")));
        }
    }
}

TEST(CheckoutIrStages, OnlyATrustedCheckoutRunsThem)
{
    Checkout c;
    const QString trustFile = c.tmp.filePath(QStringLiteral("trust.json"));
    StageRunnerThread worker;
    test::RunCollector events{worker.runner()};
    worker.configure([trustFile](StageRunner& r) { r.setTrustStorePath(trustFile); });
    StageRequest req = StageRequest::make(c.root, QStringLiteral("ir-gen:scale:scale_kernel"));
    worker.request(req);
    const StageRun untrusted = events.waitFinished(req.runId);
    EXPECT_EQ(untrusted.status, RunStatus::Rejected);
    EXPECT_TRUE(untrusted.message.contains(QLatin1String("not trusted")))
        << untrusted.message.toStdString();

    ASSERT_TRUE(TrustStore(trustFile).decide(loadStageSet(c.root), true));
    req = StageRequest::make(c.root, QStringLiteral("ir-gen:scale:scale_kernel"));
    worker.request(req);
    const StageRun trusted = events.waitFinished(req.runId);
    EXPECT_NE(trusted.status, RunStatus::Rejected) << trusted.message.toStdString();
    EXPECT_EQ(trusted.exitCode, 3); // ran, and said what is missing (no ir-jobs.txt)
}

// Issue 31 item 4: a TileGym checkout gets its generated IR with no hand-written job file: the
// job is derived from kernel.rs, ffi.rs and the wrapper; a hand-written line still wins.
TEST(CheckoutIrStages, GeneratedStageDerivesTheJobFromTheCheckout)
{
    Checkout c;
    c.root = c.tmp.filePath(QStringLiteral("tilegym"));
    copyDir(test::testDataDir() + QStringLiteral("/abi/tilegym"), c.root);
    const QString driver = c.tmp.filePath(QStringLiteral("driver"));
    write(driver,
          "#!/bin/sh\n"
          "while [ $# -gt 0 ]; do case \"$1\" in --jobs) jobs=$2; shift;; --out) out=$2; "
          "shift;; esac; shift; done\n"
          "cat \"$jobs\"\n"
          "cp '" +
              bytecodeSample().toUtf8() + "' \"$out/generated.tileirbc\"\n",
          true);
    QProcessEnvironment env = c.env();
    env.insert(QStringLiteral("CUTILE_RS_IR_DRIVER"), driver);
    env.insert(QStringLiteral("CUTILE_RS_SRC"), c.tmp.path());
    const QString stage = QStringLiteral("ir-gen:matmul:non_persistent_matmul_kernel");
    QString out;
    EXPECT_EQ(c.run(stage, env, &out), 0) << out.toStdString();
    EXPECT_TRUE(out.contains(QLatin1String("derived from the checkout"))) << out.toStdString();
    EXPECT_TRUE(out.contains(QLatin1String(
        "generated | src/tilegym/ops/cutile_rs/matmul_kernel/kernel.rs | "
        "cutile_kernels::matmul::matmul_module | non_persistent_matmul_kernel | f32,128,128,32,1 "
        "| sm_100 | tensor:a=144x144 tensor:b=144x144 tensor:c=144x144 | occupancy=1 "
        "num_cta_in_cga=1")))
        << out.toStdString();
    EXPECT_TRUE(out.contains(QLatin1String("chosen: dtype f32 for a"))) << out.toStdString();
    EXPECT_TRUE(QFileInfo::exists(c.ir("matmul/non_persistent_matmul_kernel/generated.tileirbc")));

    // The hand-written file, when it has a line for the entry, wins.
    write(c.root + QStringLiteral("/.tilelens/ir-jobs.txt"),
          "mm | src/tilegym/ops/cutile_rs/matmul_kernel/kernel.rs | m | "
          "non_persistent_matmul_kernel | f16,64,64,64,0 | sm_90 | ptr:a |\n");
    EXPECT_EQ(c.run(stage, env, &out), 0) << out.toStdString();
    EXPECT_TRUE(out.contains(QLatin1String("the hand-written line in"))) << out.toStdString();
    EXPECT_TRUE(
        out.contains(QLatin1String("non_persistent_matmul_kernel | f16,64,64,64,0 | sm_90")))
        << out.toStdString();
    EXPECT_FALSE(out.contains(QLatin1String("f32,128,128,32,1"))) << out.toStdString();
}

// Issue 31 tour (Xvfb): an ir-gen run that wrote the IR (exit 0, IR_WRITTEN) read "failed" in
// the Stages dock, and `tilelens-cli run` exited as failed: the IR stages' own pass word was
// not one of the passing verdicts.
TEST(CheckoutIrStages, ARunThatWroteTheIrPassed)
{
    const Checkout c;
    const std::vector<StageSpec> specs = checkoutIrStageSpecs(c.root);
    ASSERT_FALSE(specs.empty());
    for (const StageSpec& spec : specs) {
        StageRun wrote;
        wrote.status = RunStatus::Exited;
        wrote.exitCode = 0;
        wrote.verdict = spec.passVerdict;
        EXPECT_TRUE(wrote.passed())
            << spec.id.toStdString() << ": " << spec.passVerdict.toStdString();
        EXPECT_TRUE(isPassingVerdict(spec.passVerdict));
        StageRun none = wrote;
        none.exitCode = 3;
        none.verdict = spec.failVerdict;
        EXPECT_FALSE(none.passed()) << spec.id.toStdString();
    }
}
