// `tilelens-cli kernels`: the tilelens.kernels/1 listing of a checkout (the fake one in
// tests/data/workspace/checkout), of kernel working directories, and hand pairings.

#include "CliRunner.h"
#include "TestPaths.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <gtest/gtest.h>
#include <memory>
#include <vector>

namespace {

using tilelens::test::CliResult;
using tilelens::test::runCli;

QString fakeCheckout()
{
    return tilelens::test::testDataDir() + QStringLiteral("/workspace/checkout");
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

QJsonObject parsed(const CliResult& r)
{
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(r.out.toUtf8(), &error);
    EXPECT_EQ(error.error, QJsonParseError::NoError) << r.out.toStdString();
    return doc.object();
}

QJsonObject variantOf(const QJsonObject& doc, const char* kernel, const char* variant)
{
    for (const auto k : doc.value(QStringLiteral("kernels")).toArray()) {
        if (k.toObject().value(QStringLiteral("name")).toString() != QLatin1String(kernel))
            continue;
        for (const auto v : k.toObject().value(QStringLiteral("variants")).toArray())
            if (v.toObject().value(QStringLiteral("name")).toString() == QLatin1String(variant))
                return v.toObject();
    }
    return {};
}

} // namespace

TEST(CliKernels, CheckoutJsonListsEveryPairing)
{
    const CliResult r =
        runCli({QStringLiteral("kernels"), QStringLiteral("--json"), fakeCheckout()});
    EXPECT_EQ(r.exitCode, 2) << r.err.toStdString(); // orphan is unpaired
    const QJsonObject doc = parsed(r);
    EXPECT_EQ(doc.value(QStringLiteral("schema")).toString(), QStringLiteral("tilelens.kernels/1"));
    EXPECT_EQ(doc.value(QStringLiteral("checkout")).toString(), QStringLiteral("."));
    EXPECT_EQ(doc.value(QStringLiteral("kernels")).toArray().size(), 5);

    const QJsonObject np = variantOf(doc, "gemm", "non_persistent_gemm_kernel");
    const QJsonObject rust = np.value(QStringLiteral("rust")).toObject();
    EXPECT_EQ(rust.value(QStringLiteral("file")).toString(),
              QStringLiteral("src/tilegym/ops/cutile_rs/gemm_kernel/kernel.rs"));
    EXPECT_EQ(rust.value(QStringLiteral("entry")).toString(),
              QStringLiteral("non_persistent_gemm_kernel"));
    EXPECT_EQ(rust.value(QStringLiteral("line")).toInt(), 9);
    const QJsonObject python = np.value(QStringLiteral("python")).toObject();
    EXPECT_EQ(python.value(QStringLiteral("file")).toString(),
              QStringLiteral("src/tilegym/ops/cutile/gemm.py"));
    EXPECT_EQ(python.value(QStringLiteral("function")).toString(), QStringLiteral("_gemm_kernel"));
    EXPECT_EQ(python.value(QStringLiteral("line")).toInt(), 4);
    EXPECT_EQ(np.value(QStringLiteral("pairing")).toString(), QStringLiteral("name"));
    EXPECT_TRUE(np.value(QStringLiteral("reference_ir")).isNull());
    EXPECT_TRUE(np.value(QStringLiteral("generated_ir")).isNull());
    EXPECT_EQ(
        variantOf(doc, "norm", "layer_norm_entry").value(QStringLiteral("pairing")).toString(),
        QStringLiteral("launch"));

    const QJsonObject orphan = variantOf(doc, "orphan", "orphan_kernel");
    EXPECT_TRUE(orphan.value(QStringLiteral("python")).isNull());
    bool reasonGiven = false;
    for (const auto d : doc.value(QStringLiteral("diagnostics")).toArray()) {
        const QJsonObject o = d.toObject();
        if (o.value(QStringLiteral("kernel")).toString() == QLatin1String("orphan") &&
            o.value(QStringLiteral("message")).toString().contains(QLatin1String("orphan.py")))
            reasonGiven =
                o.value(QStringLiteral("severity")).toString() == QLatin1String("warning");
    }
    EXPECT_TRUE(reasonGiven);
}

TEST(CliKernels, AllPairedIsExitZeroAndTextNamesBothSides)
{
    QTemporaryDir tmp;
    const QString tg = tmp.filePath(QStringLiteral("tg"));
    copyDir(fakeCheckout(), tg);
    ASSERT_TRUE(
        QDir(tg + QStringLiteral("/src/tilegym/ops/cutile_rs/orphan_kernel")).removeRecursively());
    const CliResult r = runCli({QStringLiteral("kernels"), tg});
    EXPECT_EQ(r.exitCode, 0) << r.out.toStdString();
    EXPECT_TRUE(r.out.contains(QLatin1String(
        "scale_kernel (src/tilegym/ops/cutile_rs/scale_kernel/kernel.rs:6)  <->  _scale_kernel "
        "(src/tilegym/ops/cutile/scale.py:4)  [name]")))
        << r.out.toStdString();
}

TEST(CliKernels, PairAndForgetEditTheCheckoutsPairings)
{
    QTemporaryDir tmp;
    const QString tg = tmp.filePath(QStringLiteral("tg"));
    copyDir(fakeCheckout(), tg);
    CliResult r =
        runCli({QStringLiteral("kernels"), QStringLiteral("--json"), QStringLiteral("--pair"),
                QStringLiteral("orphan/orphan_kernel="), QStringLiteral("--pair"),
                QStringLiteral("scale/scale_kernel=_scale_backward_kernel"), tg});
    QJsonObject doc = parsed(r);
    QJsonObject scale = variantOf(doc, "scale", "scale_kernel");
    EXPECT_EQ(scale.value(QStringLiteral("pairing")).toString(), QStringLiteral("manual"));
    EXPECT_EQ(scale.value(QStringLiteral("python")).toObject().value(QStringLiteral("function")),
              QStringLiteral("_scale_backward_kernel"));
    EXPECT_TRUE(QFileInfo::exists(tg + QStringLiteral("/.tilelens/pairings.json")));

    // Remembered: a plain listing (from inside a port directory) sees it too.
    r = runCli({QStringLiteral("kernels"), QStringLiteral("--json"),
                tg + QStringLiteral("/src/tilegym/ops/cutile_rs/scale_kernel")});
    scale = variantOf(parsed(r), "scale", "scale_kernel");
    EXPECT_EQ(scale.value(QStringLiteral("pairing")).toString(), QStringLiteral("manual"));
    EXPECT_EQ(scale.value(QStringLiteral("rust")).toObject().value(QStringLiteral("file")),
              QStringLiteral("kernel.rs"));

    r = runCli({QStringLiteral("kernels"), QStringLiteral("--json"), QStringLiteral("--forget"),
                QStringLiteral("scale/scale_kernel"), tg});
    scale = variantOf(parsed(r), "scale", "scale_kernel");
    EXPECT_EQ(scale.value(QStringLiteral("pairing")).toString(), QStringLiteral("name"));
}

TEST(CliKernels, KernelWorkingDirectoryPairsFromAnalysisJson)
{
    const CliResult r = runCli({QStringLiteral("kernels"), QStringLiteral("--json"),
                                tilelens::test::examplesDir() + QStringLiteral("/matmul")});
    const QJsonObject doc = parsed(r);
    EXPECT_TRUE(doc.value(QStringLiteral("checkout")).isNull());
    const QJsonObject sp = variantOf(doc, "matmul", "static_persistent");
    EXPECT_EQ(sp.value(QStringLiteral("pairing")).toString(), QStringLiteral("analysis"));
    EXPECT_EQ(sp.value(QStringLiteral("rust")).toObject().value(QStringLiteral("file")),
              QStringLiteral("kernel.rs"));
    EXPECT_FALSE(sp.value(QStringLiteral("reference_ir")).isNull());
}

TEST(CliKernels, InputErrors)
{
    QTemporaryDir tmp;
    EXPECT_EQ(runCli({QStringLiteral("kernels"), tmp.filePath(QStringLiteral("missing"))}).exitCode,
              3);
    EXPECT_EQ(runCli({QStringLiteral("kernels"), tmp.path()}).exitCode, 1); // nothing found
    CliResult r = runCli(
        {QStringLiteral("kernels"), QStringLiteral("--pair"), QStringLiteral("a/b=c"), tmp.path()});
    EXPECT_EQ(r.exitCode, 3);
    EXPECT_TRUE(r.err.contains(QLatin1String("not in a TileGym checkout")));
    r = runCli({QStringLiteral("kernels"), QStringLiteral("--pair"), QStringLiteral("no-slash"),
                fakeCheckout()});
    EXPECT_EQ(r.exitCode, 3);
    EXPECT_TRUE(r.err.contains(QLatin1String("KERNEL/ENTRY=FUNCTION")));
    EXPECT_EQ(runCli({QStringLiteral("kernels")}).exitCode, 3);
}

// Issue 32: --pair / --forget never write through a symbolic link in .tilelens, whether the
// link is pairings.json itself (dangling or not) or .tilelens; the target stays untouched.
TEST(CliKernels, PairingsAreNeverWrittenThroughASymbolicLink)
{
    QTemporaryDir tmp;
    const QString tg = tmp.filePath(QStringLiteral("tg"));
    copyDir(fakeCheckout(), tg);
    const QString outside = tmp.filePath(QStringLiteral("outside"));
    QDir().mkpath(outside);
    QDir().mkpath(tg + QStringLiteral("/.tilelens"));
    const QString pairings = tg + QStringLiteral("/.tilelens/pairings.json");

    // A dangling link: QSaveFile used to create its target.
    const QString target = outside + QStringLiteral("/created.json");
    ASSERT_TRUE(QFile::link(target, pairings));
    CliResult r = runCli({QStringLiteral("kernels"), QStringLiteral("--pair"),
                          QStringLiteral("scale/scale_kernel=_scale_kernel"), tg});
    EXPECT_EQ(r.exitCode, 3) << r.out.toStdString();
    EXPECT_FALSE(QFileInfo::exists(target));
    EXPECT_TRUE(r.err.contains(QStringLiteral("pairings.json is a symbolic link")))
        << r.err.toStdString();

    // A link to an existing file: --forget used to overwrite it.
    QFile::remove(pairings);
    const QString victim = outside + QStringLiteral("/victim.json");
    QFile f(victim);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(R"({"schema": "tilelens.pairings/1", "kernels": {"scale": {"a": "b"}}})");
    f.close();
    ASSERT_TRUE(QFile::link(victim, pairings));
    r = runCli(
        {QStringLiteral("kernels"), QStringLiteral("--forget"), QStringLiteral("scale/a"), tg});
    EXPECT_EQ(r.exitCode, 3);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    EXPECT_TRUE(f.readAll().contains("\"a\": \"b\""));
    f.close();

    // .tilelens itself a link to a folder outside: nothing lands there.
    QFile::remove(pairings);
    QDir(tg + QStringLiteral("/.tilelens")).removeRecursively();
    const QString elsewhere = outside + QStringLiteral("/dir");
    QDir().mkpath(elsewhere);
    ASSERT_TRUE(QFile::link(elsewhere, tg + QStringLiteral("/.tilelens")));
    r = runCli({QStringLiteral("kernels"), QStringLiteral("--pair"),
                QStringLiteral("scale/scale_kernel=_scale_kernel"), tg});
    EXPECT_EQ(r.exitCode, 3);
    EXPECT_TRUE(r.err.contains(QStringLiteral(".tilelens is a symbolic link")))
        << r.err.toStdString();
    EXPECT_TRUE(QDir(elsewhere).isEmpty(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot));
}

// Issue 32: 20 concurrent --pair on one checkout each read-modify-write pairings.json; with
// the lock every one of them survives (without it 2-3 did, and all reported success).
TEST(CliKernels, ConcurrentPairingsAreAllKept)
{
    QTemporaryDir tmp;
    const QString tg = tmp.filePath(QStringLiteral("tg"));
    copyDir(fakeCheckout(), tg);
    constexpr int kWriters = 20;
    std::vector<std::unique_ptr<QProcess>> writers;
    for (int i = 0; i < kWriters; ++i) {
        auto p = std::make_unique<QProcess>();
        p->start(QStringLiteral(TILELENS_CLI_PATH),
                 {QStringLiteral("kernels"), QStringLiteral("--pair"),
                  QStringLiteral("gemm/entry_%1=function_%1").arg(i), tg});
        writers.push_back(std::move(p));
    }
    for (auto& p : writers) {
        ASSERT_TRUE(p->waitForFinished(120000));
        EXPECT_NE(p->exitCode(), 3) << p->readAllStandardError().toStdString();
    }
    QFile f(tg + QStringLiteral("/.tilelens/pairings.json"));
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    const QJsonObject gemm = QJsonDocument::fromJson(f.readAll())
                                 .object()
                                 .value(QStringLiteral("kernels"))
                                 .toObject()
                                 .value(QStringLiteral("gemm"))
                                 .toObject();
    EXPECT_EQ(gemm.size(), kWriters);
    for (int i = 0; i < kWriters; ++i)
        EXPECT_EQ(gemm.value(QStringLiteral("entry_%1").arg(i)).toString().toStdString(),
                  QStringLiteral("function_%1").arg(i).toStdString());
}

// Issue 27 P10: a folder with only reference/ and generated/ (no analysis.json, no kernel.rs):
// the .py the GUI shows is named, no function is paired with it (exit 2, as unpaired).
TEST(CliKernels, FolderWithOnlyReferenceAndGeneratedNamesItsPythonFile)
{
    QTemporaryDir tmp;
    const QDir dir(tmp.path());
    ASSERT_TRUE(dir.mkpath(QStringLiteral("k/reference")) &&
                dir.mkpath(QStringLiteral("k/generated")));
    const QString example = tilelens::test::examplesDir() + QStringLiteral("/softmax/");
    ASSERT_TRUE(QFile::copy(example + QStringLiteral("reference/reference.mlir"),
                            tmp.filePath(QStringLiteral("k/reference/reference.mlir"))));
    ASSERT_TRUE(QFile::copy(example + QStringLiteral("generated/generated.mlir"),
                            tmp.filePath(QStringLiteral("k/generated/generated.mlir"))));
    ASSERT_TRUE(QFile::copy(example + QStringLiteral("reference/softmax.py"),
                            tmp.filePath(QStringLiteral("k/reference/k.py"))));
    const CliResult r = runCli(
        {QStringLiteral("kernels"), QStringLiteral("--json"), tmp.filePath(QStringLiteral("k"))});
    EXPECT_EQ(r.exitCode, 2) << r.err.toStdString();
    const QJsonObject j = QJsonDocument::fromJson(r.out.toUtf8()).object();
    const QJsonObject variant = j.value(QStringLiteral("kernels"))
                                    .toArray()
                                    .at(0)
                                    .toObject()
                                    .value(QStringLiteral("variants"))
                                    .toArray()
                                    .at(0)
                                    .toObject();
    const QJsonObject python = variant.value(QStringLiteral("python")).toObject();
    EXPECT_EQ(python.value(QStringLiteral("file")).toString(), QStringLiteral("reference/k.py"))
        << r.out.toStdString();
    EXPECT_TRUE(python.value(QStringLiteral("function")).isNull());
    EXPECT_TRUE(python.value(QStringLiteral("line")).isNull());
    EXPECT_EQ(variant.value(QStringLiteral("reference_ir")).toString(),
              QStringLiteral("reference/reference.mlir"));
    EXPECT_EQ(j.value(QStringLiteral("diagnostics"))
                  .toArray()
                  .at(0)
                  .toObject()
                  .value(QStringLiteral("message"))
                  .toString(),
              QStringLiteral("no reference/analysis.json: the IR and reference/k.py are shown, no "
                             "function paired"));
}
